"""Compiling the gettext catalogues (.po to .mo).

Only Babel is imported here, so the build (setup.py) can load this file before the package's
own dependencies are installed, and the app can run it at start when an install left a
catalogue uncompiled (an editable install, a checkout) or older than its text.
"""

from __future__ import annotations

import os
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: The catalogues kept in the repository, next to this file.
SOURCE = Path(__file__).resolve().parent / "translations"


def stale(po: Path, mo: Path) -> bool:
    """A compiled catalogue is missing or older than its text."""
    return not mo.exists() or mo.stat().st_mtime < po.stat().st_mtime


def compile_one(po: Path, mo: Path) -> None:
    """Compile one catalogue; written beside and renamed, so a reader never sees half a file."""
    with po.open("rb") as source:
        catalogue = read_po(source, locale=po.parent.parent.name)
    mo.parent.mkdir(parents=True, exist_ok=True)
    draft = mo.with_name(f"{mo.name}.{os.getpid()}")
    with draft.open("wb") as target:
        write_mo(target, catalogue, use_fuzzy=False)
    os.replace(draft, mo)


def compile_all(source: Path | None = None, target: Path | None = None) -> list[Path]:
    """Compile each stale catalogue under ``source`` (default: the package's) into ``target``
    (default: beside it); returns the files written."""
    source = source or SOURCE
    written = []
    for po in sorted(source.glob("*/LC_MESSAGES/*.po")):
        mo = (target or source) / po.relative_to(source).with_suffix(".mo")
        if stale(po, mo):
            compile_one(po, mo)
            written.append(mo)
    return written

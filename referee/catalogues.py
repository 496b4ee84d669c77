"""Compiling the gettext catalogues (.po to .mo).

Only Babel is imported here, so the build (setup.py) can load this file before the package's
own dependencies are installed, and the app can run it at start when an install left a
catalogue uncompiled (an editable install, a checkout) or older than its text.
"""

from __future__ import annotations

import ast
import os
import re
import sys
from pathlib import Path
from string import Formatter

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

#: The catalogues kept in the repository, next to this file.
SOURCE = Path(__file__).resolve().parent / "translations"
#: The domain of what the engines say (``referee.service.messages``); ``messages`` is the rest.
SAID = "said"


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


# --- the check: every string shown to users is in the catalogue, translated ------------------

#: The keywords the code marks strings with (besides gettext, ngettext, _ and their kin).
KEYWORDS = {"_l": None, "lazy_gettext": None, "lazy_ngettext": (1, 2),
            "lazy_pgettext": ((1, "c"), 2),
            # referee.service.sentences: a service error's sentence; a text marked as it is
            "sentence": None, "marked": None}


def extracted(root: Path) -> Catalog:
    """The strings the code and templates mark for translation now (``pybabel extract`` with
    the repository's babel.cfg)."""
    with (root / "babel.cfg").open() as config:
        method_map, options_map = parse_mapping_cfg(config, str(root / "babel.cfg"))
    keywords = {**DEFAULT_KEYWORDS, **KEYWORDS}
    catalogue = Catalog()
    for filename, lineno, message, comments, context in extract_from_dir(
            str(root), method_map, options_map, keywords=keywords, strip_comment_tags=True):
        catalogue.add(message, None, [(filename, lineno)], auto_comments=comments,
                      context=context)
    return catalogue


#: The functions that mark a string for translation.
MARKERS = frozenset({"_", "_l", "gettext", "ngettext", "pgettext", "lazy_gettext"})


def hidden_in_fstrings(root: Path) -> list[str]:
    """Marked strings the extraction would miss (``pybabel extract`` on Python 3.11 cannot see
    a call inside an f-string's braces, however deep): write them to a variable first."""
    found = []
    for path in sorted((root / "referee").rglob("*.py")):
        tree = ast.parse(path.read_text(), str(path))
        for fstring in ast.walk(tree):
            if not isinstance(fstring, ast.JoinedStr):
                continue
            for node in ast.walk(fstring):
                if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                        and node.func.id in MARKERS):
                    found.append(f"{path.relative_to(root)}:{node.lineno}: a translation inside "
                                 "an f-string is not extracted; give it a variable")
    return found


def hidden_from_extraction(root: Path, wanted: Catalog) -> list[str]:
    """Strings marked in the code that the extraction still does not see (a marker inside
    another call's arguments, within a marked call: ``sentence("…", x=f(sentence("…")))``)."""
    markers = {"_", "_l", "gettext", "lazy_gettext", "ngettext", "sentence", "marked"}
    found = []
    for path in sorted((root / "referee").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in markers and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str) and node.args[0].value
                    and wanted.get(node.args[0].value) is None):
                found.append(f"{path.relative_to(root)}:{node.lineno}: {node.args[0].value!r} "
                             "is marked but not extracted; give it a variable")
    return found


#: A ``%(name)s`` placeholder: the catalogues' strings are written ``{name}`` only.
PERCENT = re.compile(r"%\(\w+\)[sdr]")


def brace_fields(text: str | tuple[str, ...] | list[str] | None) -> set[str]:
    """The ``{name}`` fields of a ``str.format`` template (the schemas' messages), with or
    without the French grammar's spec (``{name:de}``)."""
    texts = [text] if isinstance(text, str) else list(text or ())
    return {name for one in texts
            for name in re.findall(r"\{([A-Za-z_]\w*)(?::[^{}]*)?\}", one)}


def problems(root: Path, source: Path | None = None) -> list[str]:
    """What keeps a language from being complete: a string marked in the code but missing from
    a catalogue, left untranslated or fuzzy, a placeholder the translation lost, or an entry no
    longer in the code (as ``pybabel update --check`` would report)."""
    source = source or SOURCE
    wanted = extracted(root)
    found = hidden_in_fstrings(root) + hidden_from_extraction(root, wanted)
    for po in sorted(source.glob("*/LC_MESSAGES/messages.po")):
        with po.open("rb") as handle:
            catalogue = read_po(handle, locale=po.parent.parent.name)
        name = po.relative_to(source)
        for message in wanted:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            if any(PERCENT.search(str(text)) for text in ids):
                found.append(f"{name}: {message.id!r}: write its fields {{name}}, "
                             "not %(name)s")
            have = catalogue.get(message.id, message.context)
            if have is None:
                found.append(f"{name}: missing {message.id!r}")
            elif have.fuzzy or not all(have.string if isinstance(have.string, tuple)
                                       else [have.string]):
                found.append(f"{name}: untranslated {message.id!r}")
            else:  # the placeholders, checked as the code's own string says it is formatted
                have.flags |= message.flags & {"python-format"}
                found.extend(f"{name}: {message.id!r}: {error}"
                             for error in have.check(catalogue))
                if brace_fields(message.id) != brace_fields(have.string):
                    found.append(f"{name}: {message.id!r}: the translation's {{fields}} are "
                                 f"{sorted(brace_fields(have.string))}, not "
                                 f"{sorted(brace_fields(message.id))}")
        for message in catalogue:
            if message.id and wanted.get(message.id, message.context) is None:
                found.append(f"{name}: obsolete {message.id!r} (no longer in the code)")
    return found + said_problems(source)


def format_fields(text: str) -> set[str]:
    """The fields of a ``said`` template with their format specs (``count:card|cards`` is
    ``count``); a template ``str.format`` cannot read is a field of its own, never matched."""
    try:
        return {name for _, name, _, _ in Formatter().parse(text) if name}
    except ValueError as error:
        return {f"unreadable: {error}"}


def said_problems(source: Path) -> list[str]:
    """The ``said`` domain (what the engines say, by message id): English holds every id an
    engine says (tests/service/test_messages.py finds them in the engines); every language
    has each English id, translated, with the same fields, and no id English lacks."""
    with (source / "en" / "LC_MESSAGES" / f"{SAID}.po").open("rb") as handle:
        english = read_po(handle, locale="en")
    found = []
    for po in sorted(source.glob(f"*/LC_MESSAGES/{SAID}.po")):
        with po.open("rb") as handle:
            catalogue = read_po(handle, locale=po.parent.parent.name)
        name = po.relative_to(source)
        for message in english:
            have = catalogue.get(message.id) if message.id else None
            if not message.id:
                continue
            if have is None:
                found.append(f"{name}: missing {message.id!r}")
            elif have.fuzzy or not have.string:
                found.append(f"{name}: untranslated {message.id!r}")
            elif format_fields(str(have.string)) != format_fields(str(message.string)):
                found.append(f"{name}: {message.id!r}: the fields are "
                             f"{sorted(format_fields(str(have.string)))}, not "
                             f"{sorted(format_fields(str(message.string)))}")
        found += [f"{name}: obsolete {m.id!r} (not in English)" for m in catalogue
                  if m.id and english.get(m.id) is None]
    return found


def main(argv: list[str]) -> int:
    """``python -m referee.catalogues check``: list the problems, fail when there is any."""
    if argv[1:] != ["check"]:
        print("usage: python -m referee.catalogues check", file=sys.stderr)
        return 2
    found = problems(Path.cwd())
    for line in found:
        print(line, file=sys.stderr)
    print(f"translations: {len(found)} problem(s)", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))

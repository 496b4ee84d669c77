"""The migrations' files sort in chain order (NN_REV_slug.py), so that reading the directory
reads the schema's history; the revision ids inside stay as databases hold them."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from alembic import command
from alembic.script import ScriptDirectory

from referee.cli import MIGRATIONS, alembic_config

VERSIONS = MIGRATIONS / "versions"


def test_the_files_sorted_by_name_follow_the_down_revision_chain() -> None:
    script = ScriptDirectory.from_config(alembic_config(""))
    chain = [r.revision for r in reversed(list(script.walk_revisions()))]
    files = sorted(p.name for p in VERSIONS.glob("*.py"))
    named = [re.findall(r"^(\d\d)_(\w+?)_", name) for name in files]
    assert named == [[(f"{place:02d}", revision)] for place, revision in enumerate(chain, 1)]


def test_a_new_migration_is_named_by_its_place_in_the_chain(tmp_path: Path) -> None:
    shutil.copytree(MIGRATIONS, tmp_path / "migrations")
    config = alembic_config(f"sqlite:///{tmp_path / 'scratch.sqlite3'}")
    config.set_main_option("script_location", str(tmp_path / "migrations"))
    head = ScriptDirectory.from_config(config).get_current_head()
    command.revision(config, message="a new table", rev_id="9999")
    place = len(list((tmp_path / "migrations" / "versions").glob("*.py")))
    new = tmp_path / "migrations" / "versions" / f"{place:02d}_9999_a_new_table.py"
    assert new.exists()
    assert f"down_revision = {head!r}" in new.read_text()

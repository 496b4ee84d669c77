"""The corpus: what readers are answered must stay exactly as recorded.

Each scripted match is played again in each language and compared with its file under
``answers/``; the random playouts are replayed and their digests compared with
``playouts.json`` (their first ones with the full records under ``playouts/``). A difference
names the file, the path of the first value that differs, and both values. Re-recording is
for a change meant to change what a reader sees (README.md beside this file).
"""

from __future__ import annotations

import gzip
import json
from typing import Any

import pytest

from tests.corpus import playouts
from tests.corpus.record import ANSWERS, FULL, FULL_RECORDS, LANGS, PLAYOUTS, scripted
from tests.corpus.scenarios import SCENARIOS

MISSING = object()


def first_difference(stored: Any, now: Any, path: str = "$") -> str | None:
    """The path of the first value that differs, with both values; None when equal."""
    if isinstance(stored, dict) and isinstance(now, dict):
        for key in sorted(set(stored) | set(now)):
            found = first_difference(stored.get(key, MISSING), now.get(key, MISSING),
                                     f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(stored, list) and isinstance(now, list):
        for index, (was, is_) in enumerate(zip(stored, now, strict=False)):
            found = first_difference(was, is_, f"{path}[{index}]")
            if found:
                return found
        if len(stored) != len(now):
            return (f"{path}: {len(stored)} items stored, {len(now)} now; the first extra: "
                    f"{shown(stored[len(now)] if len(stored) > len(now) else now[len(stored)])}")
        return None
    if stored == now and type(stored) is type(now):
        return None
    return f"{path}:\n  stored: {shown(stored)}\n  now:    {shown(now)}"


def shown(value: Any) -> str:
    if value is MISSING:
        return "(absent)"
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= 600 else text[:600] + "…"


def where(entry_path: str, record: dict[str, Any]) -> str:
    """The request or page an entry path points into (``$.answers[12]…``), for the report."""
    for part in ("answers", "pages", "streams", "csv", "cli"):
        prefix = f"$.{part}["
        if entry_path.startswith(prefix):
            index = int(entry_path[len(prefix):].split("]", 1)[0])
            entry = record[part][index]
            said = {k: v for k, v in entry.items()
                    if k in ("call", "as", "page", "stream", "csv", "command")}
            return f" ({part} #{index}: {json.dumps(said, ensure_ascii=False)})"
    return ""


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", list(SCENARIOS))
def test_a_scripted_match_is_answered_as_recorded(name: str, lang: str) -> None:
    """Every answer, page, stream event, CSV row and command output of the scripted match
    ``name`` in ``lang`` is exactly what the corpus holds."""
    path = ANSWERS / f"{name}.{lang}.json"
    stored = json.loads(path.read_text())
    now = json.loads(json.dumps(scripted(name, lang)))  # as the file holds it: JSON types
    found = first_difference(stored, now)
    assert found is None, (f"{path.name}{where(found.split(':')[0], now)} differs at {found}"
                           "\nre-record (python -m tests.corpus.record --scripted) only for a "
                           "change meant to change what readers see")


def test_every_scripted_file_has_its_scenario() -> None:
    """No answers file is left over from a scenario that is gone (nor one missing)."""
    expected = {f"{name}.{lang}.json" for name in SCENARIOS for lang in LANGS}
    assert {p.name for p in ANSWERS.glob("*.json")} == expected


@pytest.mark.playout
@pytest.mark.parametrize("game", playouts.GAMES)
def test_the_first_playouts_are_recorded_in_full(game: str) -> None:
    """The first playouts of each game, replayed: every verdict (worded in English and
    French), the standings after each event and the views are exactly the full records."""
    stored = json.loads(gzip.decompress((FULL / f"{game}.json.gz").read_bytes()))
    for index in range(FULL_RECORDS):
        now = json.loads(playouts.canonical(
            playouts.record(game, playouts.seed_of(game, index))))
        was = {**stored[index]["head"], "events": stored[index]["events"]}
        found = first_difference(was, now)
        assert found is None, f"playouts/{game}.json.gz, playout {index}, differs at {found}"


@pytest.mark.slow
@pytest.mark.playout
@pytest.mark.parametrize("game", playouts.GAMES)
def test_every_playout_replays_to_its_digest(game: str) -> None:
    """200 seeded random playouts per game: each one's record hashes as recorded (a
    difference: ``python -m tests.corpus.record --playout GAME INDEX`` here and on the
    recording commit, then diff)."""
    stored = json.loads(PLAYOUTS.read_text())["sha256"][game]
    assert len(stored) == playouts.PLAYOUTS
    for index, digest in enumerate(stored):
        now = playouts.digest(playouts.record(game, playouts.seed_of(game, index)))
        assert now == digest, (f"{game} playout {index} (seed "
                               f"{playouts.seed_of(game, index)}) differs from its record")

"""Record the corpus: ``python -m tests.corpus.record`` (everything), ``--scripted`` or
``--playouts`` (one part), ``--playout GAME SEED`` (print one playout's full record, to diff
against the same command run on another commit).

The scripted matches are played on a fresh SQLite database per scenario and language and
written to ``answers/<scenario>.<lang>.json``; the playouts' digests to ``playouts.json`` and
the first ones' full records to ``playouts/<game>.json.gz`` (one event a line once
unzipped: ``zcat``).
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from tests.corpus import playouts
from tests.corpus.scenarios import SCENARIOS
from tests.corpus.session import Session

HERE = Path(__file__).parent
ANSWERS = HERE / "answers"
PLAYOUTS = HERE / "playouts.json"
FULL = HERE / "playouts"
LANGS = ("en", "fr")
FULL_RECORDS = 3  # full records kept per game, for diagnosis


def scripted(name: str, lang: str) -> dict[str, Any]:
    """What ``lang``'s reader is answered while the scenario ``name`` is played."""
    with tempfile.TemporaryDirectory(prefix="corpus-") as folder:
        session = Session(lang, Path(folder))
        try:
            SCENARIOS[name](session)
        finally:
            session.close()
        return {"scenario": name, "lang": lang, **session.normalised()}


OPEN_DEPTH = 6  # containers this deep are laid out one item a line; deeper ones on one line


def dumps(value: Any) -> str:
    """Sorted keys, one item a line down to ``OPEN_DEPTH`` (an event, a page's line, a row),
    each deeper value on its item's line: diffs read well and the files stay small."""
    return laid_out(value, 0) + "\n"


def laid_out(value: Any, depth: int) -> str:
    if depth >= OPEN_DEPTH or not isinstance(value, dict | list) or not value:
        return json.dumps(value, sort_keys=True, ensure_ascii=False)
    pad = " " * (depth + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {laid_out(v, depth + 1)}"
                 for k, v in sorted(value.items())]
        return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
    items = [f"{pad}{laid_out(v, depth + 1)}" for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * depth + "]"


def full_records(game: str) -> str:
    """The first playouts of ``game`` in full, one event a line (small, and diffs read well)."""
    lines = ["["]
    for index in range(FULL_RECORDS):
        done = playouts.record(game, playouts.seed_of(game, index))
        head = {k: v for k, v in done.items() if k != "events"}
        lines.append(" {\"head\": " + playouts.canonical(head) + ", \"events\": [")
        events = [" " + playouts.canonical(e) for e in done["events"]]
        lines.append(",\n".join(events))
        lines.append(" ]}" + ("," if index < FULL_RECORDS - 1 else ""))
    lines.append("]")
    return "\n".join(lines) + "\n"


def digests(game: str) -> list[str]:
    return [playouts.digest(playouts.record(game, playouts.seed_of(game, i)))
            for i in range(playouts.PLAYOUTS)]


def record_scripted() -> None:
    ANSWERS.mkdir(exist_ok=True)
    for name in SCENARIOS:
        for lang in LANGS:
            (ANSWERS / f"{name}.{lang}.json").write_text(dumps(scripted(name, lang)))
            print(f"answers/{name}.{lang}.json", file=sys.stderr)


def record_playouts() -> None:
    FULL.mkdir(exist_ok=True)
    out = {}
    for game in playouts.GAMES:
        out[game] = digests(game)
        (FULL / f"{game}.json.gz").write_bytes(gzip.compress(full_records(game).encode(),
                                                             mtime=0))
        print(f"playouts: {game}", file=sys.stderr)
    PLAYOUTS.write_text(dumps({"playouts": playouts.PLAYOUTS, "view_every": playouts.VIEW_EVERY,
                               "sha256": out}))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.corpus.record",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--scripted", action="store_true", help="only the scripted matches")
    parser.add_argument("--playouts", action="store_true", help="only the random playouts")
    parser.add_argument("--playout", nargs=2, metavar=("GAME", "SEED"),
                        help="print one playout's full record (SEED: an index 0-199, or "
                             "a seed as stored)")
    args = parser.parse_args(argv)
    if args.playout:
        game, seed = args.playout[0], int(args.playout[1])
        if seed < playouts.PLAYOUTS:
            seed = playouts.seed_of(game, seed)
        sys.stdout.write(dumps(playouts.record(game, seed)))
        return
    both = not args.scripted and not args.playouts
    if args.scripted or both:
        record_scripted()
    if args.playouts or both:
        record_playouts()


if __name__ == "__main__":
    main()

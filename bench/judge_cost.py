"""What judging a move costs beside applying it, engine level, in one run.

For each game, seeded playouts (the corpus's logs) are replayed; at every event, on the state
before it, the script times:

- ``apply``: the rules alone, on a clone made outside the timing;
- ``judge``: ``Engine.judge`` (a clone, then the rules: nothing changes);
- ``clone``: the clone alone;
- ``deepcopy+apply``: judging on a ``copy.deepcopy``, as it was done before the clone.

Prints µs per move (the median of ``--rounds`` passes over every move) and the ratios of
``judge`` and ``deepcopy+apply`` to ``apply``.

    .venv/bin/python bench/judge_cost.py [--playouts 5] [--rounds 5]
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.engines import get_engine  # noqa: E402
from referee.engines.base import Engine, Event  # noqa: E402
from referee.engines.clone import clone  # noqa: E402
from tests.corpus.playouts import GAMES, MAKERS, seed_of  # noqa: E402

WAYS = ("apply", "judge", "clone", "deepcopy+apply")


def states(engine: Engine[Any], game: str, playouts: int) -> list[tuple[Any, Event]]:
    """(state before, event) along the first ``playouts`` seeded playouts of ``game``."""
    out: list[tuple[Any, Event]] = []
    for index in range(playouts):
        log = MAKERS[game](seed_of(game, index))
        state = engine.setup(engine.options_schema().load(log.options), log.seats)
        for event in log.events:
            out.append((clone(state), event))
            engine.apply(state, event)
    return out


def one_pass(engine: Engine[Any], moves: list[tuple[Any, Event]]) -> dict[str, float]:
    """Seconds per move, each way, over every move once."""
    spent = dict.fromkeys(WAYS, 0.0)
    clock = time.perf_counter
    for state, event in moves:
        trial = clone(state)
        start = clock()
        engine.apply(trial, event)
        spent["apply"] += clock() - start
        start = clock()
        engine.judge(state, event)
        spent["judge"] += clock() - start
        start = clock()
        clone(state)
        spent["clone"] += clock() - start
        start = clock()
        engine.apply(copy.deepcopy(state), event)
        spent["deepcopy+apply"] += clock() - start
    return {way: spent[way] / len(moves) for way in WAYS}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--playouts", type=int, default=5)
    p.add_argument("--rounds", type=int, default=5)
    args = p.parse_args()
    print(f"{'game':<18}{'moves':>7}" + "".join(f"{w:>16}" for w in WAYS)
          + f"{'judge/apply':>13}{'old/apply':>11}")
    for game in GAMES:
        engine = get_engine(game)
        moves = states(engine, game, args.playouts)
        passes = [one_pass(engine, moves) for _ in range(args.rounds)]
        median = {w: statistics.median(p[w] for p in passes) * 1e6 for w in WAYS}
        print(f"{game:<18}{len(moves):>7}" + "".join(f"{median[w]:>14.1f}µs" for w in WAYS)
              + f"{median['judge'] / median['apply']:>13.2f}"
              + f"{median['deepcopy+apply'] / median['apply']:>11.2f}")


if __name__ == "__main__":
    main()

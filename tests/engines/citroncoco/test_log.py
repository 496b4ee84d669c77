"""A recorded CitronCoco match (2 seats, target 25): every verdict and the totals, pinned.

Golden log in the python-chess "perft" spirit: the whole match is replayed from its log and each
verdict's kind and rule, the running totals and the outcome must stay as recorded.
"""

from __future__ import annotations

import pickle
from typing import Any

from referee.engines.base import Event
from referee.engines.citroncoco import ENGINE
from referee.engines.messages import Outcome
from referee.service.messages import render
from tests.engines.contract import assert_deterministic, load_payload, replay

OPTIONS = {"target": 25}
MATCH: list[tuple[str, int | None, dict[str, Any], str, str]] = [
    # round 1, seat 0 starts
    ("draw", 0, {"source": "stock"}, "ok", "CC-TURN-1"),
    ("discard", 0, {"value": 7}, "ok", "CC-TURN-4"),
    ("power", 0, {"target_seat": 1, "slot": 1}, "ok", "CC-SEADOG-1"),
    ("quick_play", 1, {"slot": 2, "value": 7}, "ok", "CC-QP-1"),
    ("draw", 1, {"source": "stock"}, "ok", "CC-TURN-1"),
    ("replace", 1, {"slot": 1, "value": 11}, "ok", "CC-TURN-5"),
    ("draw", 1, {"source": "stock"}, "ok", "CC-TURN-1"),  # plays again (11)
    ("discard", 1, {"value": 9}, "ok", "CC-TURN-4"),
    ("power", 1, {"target_seat": 0}, "ok", "CC-WITCH-1"),
    ("draw", 0, {"source": "discard"}, "ok", "CC-TURN-3"),  # takes the 9
    ("replace", 0, {"slot": 2, "value": 12}, "ok", "CC-TURN-5"),  # coin blocks the Queen
    (
        "power",
        0,
        {"target_seat": 0, "slot": 1, "other_seat": 1, "other_slot": 1},
        "missplay",
        "CC-COIN-3",
    ),
    ("quick_play", 1, {"slot": 1, "value": 4}, "missplay", "CC-MISS-2"),  # a 4 on a 12
    ("citron_coco", 0, {}, "ok", "CC-CALL-1"),
    ("draw", 1, {"source": "stock"}, "ok", "CC-TURN-1"),
    ("discard", 1, {"value": 13}, "ok", "CC-TURN-4"),
    ("reveal", None, {"hands": [[1, 9, 2, 3, 5], [4, 6, 1, 2]]}, "ok", "CC-CALL-5"),
    # round 2: seat 0 scored most, it starts
    ("draw", 0, {"source": "stock"}, "ok", "CC-TURN-1"),
    ("discard", 0, {"value": 10}, "ok", "CC-TURN-4"),
    ("power", 0, {"target_seat": 1, "slot": 3, "value": 12}, "ok", "CC-SPY-1"),
    ("draw", 1, {"source": "stock"}, "ok", "CC-TURN-1"),
    ("replace", 1, {"slot": 3, "value": 12}, "ok", "CC-TURN-5"),
    ("citron_coco", 1, {}, "ok", "CC-CALL-1"),
    ("draw", 0, {"source": "stock"}, "ok", "CC-TURN-1"),
    ("discard", 0, {"value": 8}, "ok", "CC-TURN-4"),
    ("reveal", None, {"hands": [[5, 5, 6, 6], [1, 1, -1, 2]]}, "ok", "CC-GOAL-1"),
]


def events() -> list[Event]:
    return [
        Event(t, seat, load_payload(ENGINE, t, p), seq)
        for seq, (t, seat, p, _, _) in enumerate(MATCH, start=1)
    ]


def test_golden_match_verdicts() -> None:
    """Each recorded move gets its recorded verdict (kind and rule)."""
    _, verdicts = replay(ENGINE, OPTIONS, 2, events())
    assert [(v.kind, v.rule) for v in verdicts] == [(k, r) for *_, k, r in MATCH]


def test_golden_match_totals_and_outcome() -> None:
    """CC-CALL-5 then CC-CALL-4: 20 to 0, then 42 to -22: seat 1 wins, seat 0 sank."""
    state, _ = replay(ENGINE, OPTIONS, 2, events())
    standings = ENGINE.standings(state)
    assert standings.rounds == ({"0": 20, "1": 0}, {"0": 42, "1": -22})
    assert standings.finished and standings.winners == (1,)
    assert standings.result == Outcome((1,), "citroncoco.outcome.won",
                                       {"coconuts": -22, "sunk_seats": [0], "sunk_totals": [42]})
    assert render(standings.outcome, ["Seat 0", "Seat 1"]) == (
        "Seat 1 wins with -22 coconuts; sunk: Seat 0 (42).")


def test_golden_match_replays_the_same() -> None:
    """Replay is deterministic and a snapshot taken midway continues identically."""
    log = events()
    assert_deterministic(ENGINE, OPTIONS, 2, log)
    state, _ = replay(ENGINE, OPTIONS, 2, log[:12])
    resumed = pickle.loads(pickle.dumps(state))
    rest = [ENGINE.apply(resumed, e) for e in log[12:]]
    full, verdicts = replay(ENGINE, OPTIONS, 2, log)
    assert rest == verdicts[12:]
    assert ENGINE.standings(resumed) == ENGINE.standings(full)

"""CitronCoco, both engines: random legal playouts and the invariants the platform relies on.

Cards conserved across hands, stock, discard and a drawn card (CC-DECK-1/2); replay
deterministic; totals = sum of the rounds' scores (CC-END-2, CC-CALL-4/5, CCT-CALL-3); snapshots
round-trip; impossible moves change nothing.
"""

from __future__ import annotations

import pickle
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from marshmallow import ValidationError

from referee.engines.base import Event, Impossible
from referee.engines.citroncoco import ENGINE, TEAMS_ENGINE
from referee.engines.citroncoco.core import CitronCocoEngine, CitronCocoState
from tests.engines.citroncoco.helpers import Table, legal_moves, random_playout
from tests.engines.contract import (
    assert_deterministic,
    assert_impossible_changes_nothing,
    assert_snapshot_round_trip,
)

pytestmark = pytest.mark.playout

PLAYOUT = settings(max_examples=50, deadline=None)
DOCS = Path(__file__).resolve().parents[3] / "docs/rules"
CLAUSES = set(
    re.findall(
        r"\*\*(CCT?-[A-Z]+-\d+)\*\*",
        (DOCS / "citroncoco.md").read_text() + (DOCS / "citroncoco-teams.md").read_text(),
    )
)


def check_invariants(engine: CitronCocoEngine, state: CitronCocoState) -> None:
    deck = sum(state.deck.values())
    assert engine.cards_in_play(state) == deck, "cards are conserved"
    assert state.stock >= 0 and all(len(h) >= 0 for h in state.hands)
    known = engine.known_counts(state)
    assert all(known[v] <= state.deck.get(v, 0) for v in known), "no value beyond the deck"
    standings = engine.standings(state)
    for side, line in enumerate(standings.lines):
        assert line.total == sum(r.scores[side] for r in state.summaries)
        assert line.total == sum(line.detail["rounds"])
    running = [0] * len(standings.lines)
    for summary, rnd in zip(state.summaries, standings.rounds, strict=True):
        running = [t + s for t, s in zip(running, summary.scores, strict=True)]
        assert list(rnd.values()) == running, "rounds are running totals"
    view = engine.view(state, None)
    assert [s["cards"] for s in view["seats"]] == [len(h) for h in state.hands]


def playout(
    engine: CitronCocoEngine, seats: int, seed: int, steps: int, options: dict[str, Any]
) -> Table:
    rng = random.Random(seed)
    table = Table(engine, seats, **options)
    for _ in range(steps):
        if table.state.phase == "over":
            break
        type_, seat, payload, by_host = rng.choice(legal_moves(engine, table.state, rng))
        offered = engine.offered_moves(table.state)
        if type_ not in ("reveal", "missplay"):
            assert seat is not None and type_ in offered[seat], (type_, seat, offered)
        verdict = table.play(type_, seat, by_host=by_host, **payload)
        assert verdict.rule in CLAUSES, verdict.rule
        check_invariants(engine, table.state)
    return table


individual_options = st.fixed_dictionaries(
    {
        "target": st.integers(20, 80),
        "sum_quick_play": st.booleans(),
        "fellow_solo": st.booleans(),
        "caller_wins_ties": st.booleans(),
        "quick_play_on_quick_play": st.booleans(),
        "round_starter": st.sampled_from(["loser", "left"]),
        "power_before_reveal": st.booleans(),
        "check_reports": st.booleans(),
    }
)
team_options = st.fixed_dictionaries(
    {
        "target": st.integers(20, 80),
        "nano": st.booleans(),
        "teams": st.sampled_from([[[0, 2], [1, 3]], [[0, 1], [2, 3]], [[0, 3], [1, 2]]]),
        "caller_wins_ties": st.booleans(),
        "power_before_reveal": st.booleans(),
        "check_reports": st.booleans(),
    }
)


@PLAYOUT
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32), options=individual_options)
def test_cc_deck_1_individual_playouts_keep_the_invariants(
    seats: int, seed: int, options: dict[str, Any]
) -> None:
    """CC-DECK-1, CC-END-2, CC-CALL-4/5: cards conserved, totals = sum of the rounds."""
    table = playout(ENGINE, seats, seed, 250, options)
    assert_snapshot_round_trip(ENGINE, table.state)


@PLAYOUT
@given(seed=st.integers(0, 2**32), options=team_options)
def test_cct_call_3_team_playouts_keep_the_invariants(seed: int, options: dict[str, Any]) -> None:
    """CCT-CALL-3, CCT-END-2: four seats, cards conserved, team totals = sum of the rounds."""
    table = playout(TEAMS_ENGINE, 4, seed, 250, options)
    assert_snapshot_round_trip(TEAMS_ENGINE, table.state)


@settings(max_examples=15, deadline=None)
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32), teams=st.booleans())
def test_replay_is_deterministic(seats: int, seed: int, teams: bool) -> None:
    """The same log gives the same verdicts and state, for both engines."""
    engine, seats = (TEAMS_ENGINE, 4) if teams else (ENGINE, seats)
    options = {"target": 40}
    table, _ = random_playout(engine, seats, seed, 200, **options)
    assert_deterministic(engine, options, seats, table.log)


def random_event(engine: CitronCocoEngine, seats: int, rng: random.Random) -> Event | None:
    """Any move at all, possible or not (None when its payload is malformed)."""
    type_ = rng.choice(sorted(engine.event_types))
    small = [None, -1, 0, 1, 2, 3, 4, 5, 7, 13, 20]
    payload: dict[str, Any] = {
        "source": rng.choice(["stock", "discard"]),
        "slot": rng.choice([1, 2, 3, 4, 5, 9]),
        "value": rng.choice(small[1:]),
        "target_seat": rng.choice(small),
        "other_seat": rng.choice([None, 0, 1, seats]),
        "other_slot": rng.choice([None, 1, 2, 6]),
        "other_value": rng.choice([None, 1, 5]),
        "rule": rng.choice(["CC-MISS-3", "CC-COIN-3", "CC-TURN-1"]),
        "hands": [
            [rng.choice(small[1:]) for _ in range(rng.randrange(3, 6))]
            for _ in range(rng.choice([seats, seats - 1]))
        ],
    }
    schema = engine.event_types[type_]()
    wanted = {k: v for k, v in payload.items() if k in schema.fields}
    try:
        loaded = schema.load(wanted)
    except ValidationError:
        return None
    seat = rng.choice([None, *range(seats + 1)])
    return Event(type_, seat, loaded, 0, rng.random() < 0.5)


@settings(max_examples=25, deadline=None)
@given(seats=st.integers(2, 6), seed=st.integers(0, 2**32), teams=st.booleans())
def test_impossible_moves_change_nothing(seats: int, seed: int, teams: bool) -> None:
    """Whatever is refused leaves the state exactly as it was (checked with pickle)."""
    engine, seats = (TEAMS_ENGINE, 4) if teams else (ENGINE, seats)
    rng = random.Random(seed)
    table = Table(engine, seats, target=40)
    refusals: Counter[str] = Counter()
    for _ in range(120):
        if table.state.phase == "over":
            break
        event = random_event(engine, seats, rng)
        if event is not None:
            trial = pickle.loads(pickle.dumps(table.state))
            before = pickle.dumps(trial)
            try:
                engine.apply(trial, event)
            except Impossible as err:
                refusals[err.rule] += 1
                assert err.rule in CLAUSES, err.rule
                assert pickle.dumps(trial) == before
        drawer = engine.turn(table.state)
        if (
            drawer is not None
            and table.state.phase in ("draw", "end")
            and (engine.next_turn(table.state).seat == drawer)
        ):
            wrong = (drawer + 1) % seats
            if engine.next_turn(table.state).seat != wrong:
                assert_impossible_changes_nothing(
                    engine, table.state, Event("draw", wrong, {"source": "stock"})
                )
        type_, seat, payload, by_host = rng.choice(legal_moves(engine, table.state, rng))
        table.play(type_, seat, by_host=by_host, **payload)
    assert sum(refusals.values()) > 0

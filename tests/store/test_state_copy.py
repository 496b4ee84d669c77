"""A cached state is cloned before a move is judged on it (``MatchState.clone``): the clone is
what a snapshot round trip gives, and judging on it leaves the cached state untouched — the
service's promise that a refused or rolled-back append changes nothing (DESIGN: the cache)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from marshmallow import ValidationError

from referee.engines import REGISTRY
from referee.engines.base import HOST, Engine, Event, Impossible
from referee.engines.clone import clone
from referee.service.matches import move_schemas
from referee.store import codec
from tests.engines.test_fuzz import value_for


def walk(engine: Engine[Any], seed: int, steps: int = 60) -> list[tuple[Any, Event]]:
    """(state before, move accepted on it) along a random walk of the engine's legal moves."""
    rng = random.Random(seed)
    seats = max(engine.min_seats, min(3, engine.max_seats))
    state = engine.setup(engine.options_schema().load({}), seats)
    schemas = move_schemas(engine)
    out: list[tuple[Any, Event]] = []
    for seq in range(1, steps):
        offers = [m for m in engine.legal_moves(state, HOST) if m.type != "missplay"]
        rng.shuffle(offers)
        for offer in offers * 4:
            schema = schemas[offer.type]()
            sent = dict(rng.choice(offer.payloads))  # free fields: any value the schema takes
            sent.update({f: value_for(rng, schema.fields[f]) for f in offer.free
                         if f in schema.fields and rng.random() < 0.5})
            try:
                payload = schema.load(sent)
            except ValidationError:
                continue
            event = Event(offer.type, offer.seat, payload, seq, by_host=True)
            trial = clone(state)
            try:
                engine.apply(trial, event)
            except Impossible:
                continue
            out.append((state, event))
            state = trial
            break
    return out


@pytest.mark.parametrize("game", sorted(REGISTRY))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_copy_equals_the_snapshot_round_trip_and_shares_nothing_mutable(
        game: str, seed: int) -> None:
    engine = REGISTRY[game]
    steps = walk(engine, seed)
    assert len(steps) >= 5, "the walk went somewhere"
    for state, event in steps:
        document = codec.dumps(state)
        copied = clone(state)
        assert copied == codec.loads(document) == state
        engine.apply(copied, event)  # judging on the copy …
        assert codec.dumps(state) == document  # … leaves the original as it was


def test_immutable_parts_are_shared_and_mutable_ones_copied() -> None:
    from collections import Counter

    from referee.engines.cards import Card, Suit

    card = Card(7, Suit("S"))
    value = {"hand": [card], "seen": Counter({1: 2}), "pair": (card, 3), "open": {card},
             "inner": ([1],)}
    copied = clone(value)
    assert copied == value
    assert copied["hand"][0] is card and copied["pair"] is value["pair"]
    assert copied["hand"] is not value["hand"] and copied["seen"] is not value["seen"]
    assert copied["open"] is not value["open"]
    assert copied["inner"] is not value["inner"] and copied["inner"][0] is not value["inner"][0]
    assert type(copied["seen"]) is Counter


def test_what_the_codec_cannot_store_cannot_be_copied() -> None:
    with pytest.raises(TypeError):
        clone(object())

"""Random moves that fit their schemas, thrown at every engine from random states: each is
judged (a Verdict) or refused (Impossible), never anything else — a crash would be a 500."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from marshmallow import Schema, ValidationError, fields, validate

from referee.engines import REGISTRY
from referee.engines.base import Engine, Event, Impossible
from referee.engines.cards import CardField, standard_deck
from referee.service.matches import move_schemas

CARDS = [str(c) for c in standard_deck(jokers=1)]
WORDS = ["stock", "discard", "red", "green", "yellow", "orange", "a1", "a2", "b1", "b2", "c3",
         "d4", "f7", "g6", "g7", "0-red", "1-red", "0-green", "1-yellow", "coeur-noir-1",
         "rose-vert-3", "etoile-bleu-2", "coeur-noir-2", "S", "H", "D", "C", "carte",
         "plouc", "wound", "push", "dodge", "parry", "0", "1", "2", "nature", "colour",
         "force", "own", "other", ""]
STEPS, TRIES = 60, 60


def value_for(rng: random.Random, field: fields.Field) -> Any:
    """A value a client could send for this field, kept near the values that mean something."""
    for v in field.validators:
        if isinstance(v, validate.OneOf):
            return rng.choice(list(v.choices))
    if isinstance(field, CardField):
        return rng.choice(CARDS)
    if isinstance(field, fields.Boolean):
        return rng.random() < 0.5
    if isinstance(field, fields.Integer):
        low, high = -2, 14
        for v in field.validators:
            if isinstance(v, validate.Range):
                low = low if v.min is None else max(v.min, min(low, v.max or low))
                high = high if v.max is None else min(v.max, max(high, low))
        return rng.randint(low, max(low, high))
    if isinstance(field, fields.List):
        return [value_for(rng, field.inner) for _ in range(rng.randint(0, 4))]
    if isinstance(field, fields.Nested):
        return payload_for(rng, field.schema.__class__)
    if isinstance(field, fields.Dict):
        keys = ["0", "1", "2", "a1", "a2", "b1", "g7", "g6", "f7"]
        return {rng.choice(keys): rng.choice([*WORDS, *CARDS, rng.randint(-1, 13)])
                for _ in range(rng.randint(0, 4))}
    return rng.choice(WORDS + CARDS)


def payload_for(rng: random.Random, schema: type[Schema]) -> dict[str, Any]:
    return {name: value_for(rng, field) for name, field in schema._declared_fields.items()
            if field.required or rng.random() < 0.5}


def random_move(rng: random.Random, engine: Engine[Any], seats: int, seq: int) -> Event | None:
    """A move as the service would hand it to the engine, or None if its schema refuses it."""
    schemas = {t: s for t, s in move_schemas(engine).items()
               if t in engine.event_types or t == "missplay"}
    move_type = rng.choice(sorted(schemas))
    try:
        payload = schemas[move_type]().load(payload_for(rng, schemas[move_type]))
    except ValidationError:
        return None  # the service answers 422 before the engine sees it
    seat = rng.choice([None, *range(seats)])
    return Event(move_type, seat, payload, seq, by_host=rng.random() < 0.5)


@pytest.mark.parametrize("game", sorted(REGISTRY))
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32 - 1))
def test_random_schema_valid_moves_are_judged_or_refused_never_crash(game: str,
                                                                     seed: int) -> None:
    """A greedy random walk: at each step random moves are tried until one is accepted, so the
    walk reaches deep states; every move tried on the way must be judged or refused."""
    engine = REGISTRY[game]
    rng = random.Random(seed)
    seats = rng.randint(engine.min_seats, min(engine.max_seats, 6))
    state = engine.setup(engine.options_schema().load({}), seats)
    seq = 1
    for _ in range(STEPS):
        for _ in range(TRIES):
            event = random_move(rng, engine, seats, seq)
            if event is None:
                continue
            try:
                engine.apply(state, event)
            except Impossible:
                continue
            seq += 1
            break
        engine.standings(state)
        engine.view(state, None)

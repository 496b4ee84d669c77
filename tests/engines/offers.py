"""What a pad offers is what the engine allows, checked on any state of a random playout.

A pad lists the service's legal moves (``Engine.legal_moves``: each type, its seat, its complete
payloads and the fields only the table can fill). Two checks hold that list to the rules:

- ``assert_offers_are_legal``: every payload offered (its free fields left to the schema's
  defaults; one the table must fill is not judged here) is judged possible by the engine;
- ``assert_offered``: a move the engine accepts is among the moves offered to whoever logs it,
  but for a move that is itself its seat's fault (a wrong contre, PL-ZZ-3): a pad offers a
  call only where it would be upheld (PL-ZZ-1), and the table logs a wrong one as it was made.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from marshmallow import ValidationError

from referee.engines.base import HOST, Engine, Event, Impossible, LegalMove

SAMPLE = 6  # payloads judged per move and state (a Queen offers 66 swaps, a deployment 100s)


#: Free fields a move is complete without (a note; a sum quick play's second card).
OPTIONAL = frozenset({"note", "about_seq", "other_seat", "other_slot", "other_value", "on_top"})


def _loaded(engine: Engine[Any], move: LegalMove, payload: Mapping[str, Any]
            ) -> dict[str, Any] | None:
    """The payload as the service would pass it on; None when a free field must be filled
    (a value only the table knows: a card, a hand, a token)."""
    if set(move.free) - OPTIONAL:
        return None
    try:
        return engine.event_types[move.type]().load(dict(payload))
    except ValidationError:
        return None


def assert_offers_are_legal(engine: Engine[Any], state: Any, rng: random.Random) -> None:
    """Every move offered to the host or a seat is judged possible (a sample of each move's
    payloads: the engine refuses none of them)."""
    for move in engine.legal_moves(state, HOST):
        payloads = list(move.payloads)
        for payload in rng.sample(payloads, min(SAMPLE, len(payloads))):
            loaded = _loaded(engine, move, payload)
            if loaded is None:
                continue
            by_host = move.seat is None or move.type in engine.host_only
            event = Event(move.type, move.seat, loaded, 0, by_host)
            assert engine.possible(state, event), ("offered but refused", move.type,
                                                   move.seat, payload)


def covers(engine: Engine[Any], move: LegalMove, event: Event) -> bool:
    """Whether ``move`` offers ``event``: same type and seat, and one payload it lists agrees
    with the event's on every field but the free ones and those the event leaves at their
    default (the rules' own choice: a power's card is the oldest owed)."""
    if move.type != event.type or move.seat != event.seat:
        return False
    defaults = {name: f.load_default for name, f in engine.event_types[move.type]().fields.items()}
    for payload in move.payloads:
        if any(event.payload.get(k) not in (v, defaults.get(k)) for k, v in payload.items()):
            continue
        extra = {k: v for k, v in event.payload.items() if k not in payload and k not in move.free}
        if all(defaults.get(k) == v for k, v in extra.items()):
            return True
    return False


def assert_offered(engine: Engine[Any], state: Any, event: Event,
                   known: dict[Any, tuple[LegalMove, ...]] | None = None) -> None:
    """A move the engine would accept now is offered to whoever logs it (a seat its own, the
    host its reports and the table's moves). ``known`` keeps the offers already asked of this
    state, by viewer."""
    try:
        verdict = engine.judge(state, event).verdict
    except Impossible:
        return
    if verdict.kind == "missplay" and verdict.offender == event.seat and not event.by_host:
        return  # the move is itself the fault (a wrong contre): the table's to log, not offered
    viewer: Any = HOST if event.by_host or event.seat is None else event.seat
    known = {} if known is None else known
    if viewer not in known:
        known[viewer] = engine.legal_moves(state, viewer)
    offered = known[viewer]
    assert any(covers(engine, m, event) for m in offered), (
        "accepted but not offered", event.type, event.seat, dict(event.payload),
        [m.as_dict() for m in offered if m.type == event.type])

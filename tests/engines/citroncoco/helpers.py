"""Helpers for the CitronCoco tests: building events, and a random legal-move generator.

The generator plays like a table: it only ever shows values the deck can still hold (the deck
minus every card the engine already knows), so every move it makes is possible; whether the move
is a missplay (a wrong quick play, a repeated swap) is for the engine to judge.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from referee.engines.base import Engine, Event, Impossible, Verdict
from referee.engines.citroncoco import ENGINE
from referee.engines.citroncoco.core import CitronCocoEngine, CitronCocoState
from referee.service.messages import render
from tests.engines.contract import assert_impossible_changes_nothing, load_payload


def effects_said(verdict: Verdict) -> list[str]:
    """The verdict's effects as the table reads them (no names given: "seat N")."""
    return [render(e) for e in verdict.effects]


def ev(
    engine: Engine[Any],
    type_: str,
    seat: int | None = None,
    seq: int = 0,
    by_host: bool = False,
    **payload: Any,
) -> Event:
    """An event whose payload went through the type's schema, as the service does."""
    return Event(type_, seat, load_payload(engine, type_, payload), seq, by_host)


class Table:
    """A match in a test: the engine, its state and the log so far."""

    def __init__(self, engine: CitronCocoEngine, seats: int, **options: Any) -> None:
        self.engine = engine
        self.seats = seats
        self.options = options
        self.state: CitronCocoState = engine.setup(engine.options_schema().load(options), seats)
        self.log: list[Event] = []

    def play(
        self, type_: str, seat: int | None = None, *, by_host: bool = False, **payload: Any
    ) -> Verdict:
        event = ev(self.engine, type_, seat, len(self.log) + 1, by_host, **payload)
        verdict = self.engine.apply(self.state, event)
        self.log.append(event)
        return verdict

    def event(self, type_: str, seat: int | None = None, **payload: Any) -> Event:
        return ev(self.engine, type_, seat, len(self.log) + 1, **payload)

    def turn_of(self, seat: int, *, value: int | None = None, source: str = "stock") -> Verdict:
        """A plain turn: ``seat`` draws and discards the drawn card directly (by default a card
        without power, varied so that the deck's counts are not exceeded)."""
        if value is None:
            value = (4, 5, 6, 8, 3)[len(self.log) // 2 % 5]
        self.play("draw", seat, source=source)
        return self.play("discard", seat, value=value)

    @property
    def hands(self) -> list[int]:
        return [len(h) for h in self.state.hands]


def end_round_by_call(table: Table, caller: int = 0) -> None:
    """``caller`` plays a turn and calls; the others play their last turns (10, 6, 8, …)."""
    table.turn_of(caller, value=10)
    table.play("citron_coco", caller)
    for step in range(1, table.seats):
        table.turn_of((caller + step) % table.seats, value=6 if step % 2 else 8)


def unseen_pool(engine: CitronCocoEngine, state: CitronCocoState) -> Counter[int]:
    """Values the deck still holds out of sight."""
    pool = Counter(state.deck)
    pool.subtract(engine.known_counts(state))
    return +pool


def pick_unseen(rng: random.Random, pool: Counter[int]) -> int:
    values = sorted(pool.elements())
    value = rng.choice(values)
    pool[value] -= 1
    return value


def legal_moves(
    engine: CitronCocoEngine, st: CitronCocoState, rng: random.Random
) -> list[tuple[str, int | None, dict[str, Any], bool]]:
    """Possible moves now, as (type, seat, payload, by_host); values drawn from the unseen pool."""
    moves: list[tuple[str, int | None, dict[str, Any], bool]] = []
    pool = unseen_pool(engine, st)
    if engine.round_over(st):
        hands = [
            [c.value if c.value is not None else pick_unseen(rng, pool) for c in hand]
            for hand in st.hands
        ]
        if not (st.options.power_before_reveal and engine.last_power_owed(st)):
            moves.append(("reveal", None, {"hands": hands}, False))
        moves += _owed_power_moves(engine, st, rng)
        if engine.final_quick_play and st.phase == "reveal" and not st.final_quick_done:
            moves += _quick_moves(engine, st, rng)
        return moves
    if st.phase == "play":
        seat = st.turn_seat
        assert seat is not None and st.held is not None
        value = st.held.value if st.held.value is not None else pick_unseen(rng, Counter(pool))
        moves.append(("discard", seat, {"value": value}, False))
        slot = rng.randrange(len(st.hands[seat])) + 1
        card = st.hands[seat][slot - 1]
        replaced = card.value if card.value is not None else pick_unseen(rng, Counter(pool))
        moves.append(("replace", seat, {"slot": slot, "value": replaced}, False))
        moves.append(("replace", seat, {"slot": slot, "value": replaced}, False))
    elif st.phase in ("draw", "end"):
        drawer = engine.next_turn(st).seat
        assert drawer is not None
        if st.stock > 0 or len(st.discard) > 1:
            moves += [("draw", drawer, {"source": "stock"}, False)] * 3
        if st.discard and st.discard[-1].seat != drawer:
            moves.append(("draw", drawer, {"source": "discard"}, False))
        if st.phase == "end" and st.caller is None and rng.random() < 0.15:
            moves.append(("citron_coco", st.turn_seat, {}, False))
        answering = st.caller is not None and st.phase == "end" and st.turn_seat == st.caller
        if answering and "nano" in engine.event_types and st.options.nano:
            assert st.caller is not None
            if st.multiplier == 1:
                moves.append(("nano", engine.next_opponent(st, st.caller), {}, False))
            elif st.multiplier == 2:
                moves.append(("nano_alpha", engine.partner(st, st.caller), {}, False))
    if st.phase != "reveal":
        moves += _owed_power_moves(engine, st, rng)
        if rng.random() < 0.5:
            moves += _quick_moves(engine, st, rng)
        if rng.random() < 0.05:
            seat = rng.randrange(st.seats)
            rules = [r for r in sorted(engine.reportable_missplays)
                     if engine.report_impossible(st, seat, r) is None]
            moves.append(("missplay", seat, {"rule": rng.choice(rules)}, True))
    return moves


def _slot_of(st: CitronCocoState, rng: random.Random, seat: int) -> int | None:
    return rng.randrange(len(st.hands[seat])) + 1 if st.hands[seat] else None


def _owed_power_moves(
    engine: CitronCocoEngine, st: CitronCocoState, rng: random.Random
) -> list[tuple[str, int | None, dict[str, Any], bool]]:
    """A power for each seat that owes one; with several owed, one of them named by `card`."""
    moves: list[tuple[str, int | None, dict[str, Any], bool]] = []
    for seat, owed in st.pending.items():
        value = rng.choice(owed)
        powers = _power_moves(engine, st, seat, value, rng)
        for move in powers:
            if len(owed) > 1:
                move[2]["card"] = value
            moves.append(move)
        if not powers or rng.random() < 0.2:
            moves.append(("forgo_power", seat, {"card": value}, False))
    return moves


def _power_moves(
    engine: CitronCocoEngine, st: CitronCocoState, seat: int, value: int, rng: random.Random
) -> list[tuple[str, int | None, dict[str, Any], bool]]:
    target = rng.randrange(st.seats)
    if value in (1, 9):
        if value == 1 and st.stock == 0 and len(st.discard) < 2:
            return []
        return [("power", seat, {"target_seat": target}, False)]
    if value == -1:
        return [("power", seat, {}, False)]
    if value == 2:
        target = sorted(engine.fellow_targets(st, seat)[0])[0]
    if value == 12:
        other = rng.randrange(st.seats)
        slot, other_slot = _slot_of(st, rng, target), _slot_of(st, rng, other)
        if slot is None or other_slot is None or (target, slot) == (other, other_slot):
            return []
        return [
            (
                "power",
                seat,
                {
                    "target_seat": target,
                    "slot": slot,
                    "other_seat": other,
                    "other_slot": other_slot,
                },
                False,
            )
        ]
    slot = _slot_of(st, rng, target)
    if slot is None:
        return []
    payload: dict[str, Any] = {"target_seat": target, "slot": slot}
    if value == 10:
        card = st.hands[target][slot - 1]
        if card.face_up:
            return []
        payload["value"] = (
            card.value if card.value is not None else pick_unseen(rng, unseen_pool(engine, st))
        )
    return [("power", seat, payload, False)]


def _quick_moves(
    engine: CitronCocoEngine, st: CitronCocoState, rng: random.Random
) -> list[tuple[str, int | None, dict[str, Any], bool]]:
    if not st.discard:
        return []
    seat = rng.randrange(st.seats)
    slot = _slot_of(st, rng, seat)
    if slot is None:
        return []
    pool = unseen_pool(engine, st)
    top = st.discard[-1].value
    card = st.hands[seat][slot - 1]
    if card.value is not None:
        value = card.value
    elif pool[top] > 0 and rng.random() < 0.7:
        value = top  # a right quick play, most of the time
        pool[top] -= 1
    else:
        value = pick_unseen(rng, pool)
    payload: dict[str, Any] = {"slot": slot, "value": value}
    if engine.sum_allowed(st) and rng.random() < 0.3:
        mate = engine.partner(st, seat)
        other = mate if mate is not None and rng.random() < 0.8 else seat
        other_slot = _slot_of(st, rng, other)
        if other_slot is not None and (other, other_slot) != (seat, slot):
            other_card = st.hands[other][other_slot - 1]
            other_value = (
                other_card.value if other_card.value is not None else pick_unseen(rng, pool)
            )
            payload |= {"other_seat": other, "other_slot": other_slot, "other_value": other_value}
    return [("quick_play", seat, payload, False)]


def random_playout(
    engine: CitronCocoEngine, seats: int, seed: int, steps: int, **options: Any
) -> tuple[Table, list[Verdict]]:
    """Play ``steps`` random possible moves (or until the match ends)."""
    rng = random.Random(seed)
    table = Table(engine, seats, **options)
    verdicts: list[Verdict] = []
    for _ in range(steps):
        if table.state.phase == "over":
            break
        moves = legal_moves(engine, table.state, rng)
        type_, seat, payload, by_host = rng.choice(moves)
        verdicts.append(table.play(type_, seat, by_host=by_host, **payload))
    return table, verdicts


ONLY_THREES = {"3": 40, "7": 4, "11": 4, "13": 4}


def refused(table: Table, type_: str, seat: int | None = None, **payload: object) -> Impossible:
    """The move is impossible and changes nothing."""
    return assert_impossible_changes_nothing(
        ENGINE, table.state, table.event(type_, seat, **payload)
    )

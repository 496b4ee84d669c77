"""CitronCoco's powers: one small class per special card, each judging and applying its own use.

A discarded special card's power is used with a ``power`` move (CC-POW-1); the 11 (Supply) and
the 13 (Captain) need none: they apply as the card lands. ``judge`` reads the state and changes
nothing: it raises Impossible when the move cannot have happened, or returns ``Wrong`` when the
use breaks a rule (a missplay: the seat takes a penalty card instead); ``apply`` then makes the
judged use happen. The Queen alone remembers the last swap (CC-QUEEN-3). ``put_on_discard``
is where a card lands and its power is activated (or blocked by the coin, CC-COIN-1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from referee.engines.citroncoco import cards
from referee.engines.citroncoco.moves import Power as PowerMove
from referee.engines.citroncoco.sides import next_opponent
from referee.engines.citroncoco.state import CitronCocoState, DiscardCard, Spot, Swap
from referee.engines.citroncoco.variant import variant_of
from referee.engines.events import Impossible
from referee.engines.messages import Message, msg


@dataclass(frozen=True, slots=True)
class Wrong:
    """A use of a power that breaks a rule: judged, so the seat draws the penalty instead."""

    rule: str
    reason: Message


@dataclass(frozen=True, slots=True)
class Aim:
    """What a judged use aims at: the target seat and the payload (read again by ``apply``)."""

    target: int
    move: PowerMove


class Power:
    """A special card's power. Subclasses name the card and judge and apply its use."""

    value: ClassVar[int]
    name: ClassVar[str]
    rule: ClassVar[str]
    automatic: ClassVar[bool] = False  # applies as the card lands, without a move
    aims: ClassVar[bool] = True  # needs a target seat

    def rule_for(self, st: CitronCocoState, seat: int) -> str:
        return self.rule

    def aim(self, st: CitronCocoState, move: PowerMove) -> int:
        """The target seat, checked against the table."""
        target = move.target_seat
        if target is None:
            raise Impossible.of(self.rule, "citroncoco.power.needs_target", "payload.target_seat",
                                value=self.value, power=self.name)
        if not 0 <= target < st.seats:
            raise Impossible.of(self.rule, "citroncoco.power.no_such_seat",
                                "payload.target_seat", seat_number=target)
        return target

    def judge(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> Message | Wrong:
        raise NotImplementedError

    def apply(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> list[Message]:
        return []

    def land(self, st: CitronCocoState, seat: int) -> list[Message]:
        """An automatic power's effect as its card lands."""
        return []


class Assault(Power):
    value, name, rule = 1, "Assault", "CC-ASSAULT-1"

    def judge(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> Message | Wrong:
        target = self.aim(st, move)
        if st.stock == 0 and len(st.discard) < 2:
            raise Impossible.of(self.rule, "citroncoco.power.no_card_to_give", "type")
        return msg("citroncoco.power.assault", seat=seat, target_seat=target)

    def apply(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> list[Message]:
        return cards.draw_unseen(st, self.aim(st, move))


class Fellow(Power):
    value, name, rule = 2, "Fellow", "CC-FELLOW-1"

    def rule_for(self, st: CitronCocoState, seat: int) -> str:
        return variant_of(st).fellow_targets(st, seat)[1]

    def judge(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> Message | Wrong:
        target = self.aim(st, move)
        allowed, rule = variant_of(st).fellow_targets(st, seat)
        if not allowed:
            raise Impossible.of(rule, "citroncoco.power.fellow_no_teammate", "type")
        cards.card(st, target, move.slot, "payload.slot")
        if target not in allowed:
            return Wrong(rule, msg("citroncoco.power.fellow_wrong_seat", seat=seat,
                                   allowed_seats=sorted(allowed), target_seat=target))
        return msg("citroncoco.power.fellow", seat=seat, target_seat=target, slot=move.slot)


class Seadog(Power):
    value, name, rule = 7, "Seadog", "CC-SEADOG-1"

    def judge(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> Message | Wrong:
        target = self.aim(st, move)
        cards.card(st, target, move.slot, "payload.slot")
        return msg("citroncoco.power.seadog", seat=seat, target_seat=target, slot=move.slot)


class Witch(Power):
    value, name, rule = 9, "Witch", "CC-WITCH-1"

    def judge(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> Message | Wrong:
        return msg("citroncoco.power.witch", seat=seat, target_seat=self.aim(st, move))

    def apply(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> list[Message]:
        st.coin = self.aim(st, move)
        return [msg("citroncoco.coin.held", seat=st.coin)]


class Spy(Power):
    value, name, rule = 10, "Spy", "CC-SPY-1"

    def judge(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> Message | Wrong:
        target = self.aim(st, move)
        card = cards.card(st, target, move.slot, "payload.slot")
        if move.value is None:
            raise Impossible.of("CC-SPY-1", "citroncoco.spy.needs_value", "payload.value")
        if card.face_up:
            raise Impossible.of("CC-SPY-2", "citroncoco.spy.already_face_up", "payload.slot",
                                seat=target, slot=move.slot)
        assert move.slot is not None
        cards.check_card_value(st, target, move.slot, card, move.value, "payload.value")
        return msg("citroncoco.power.spy", seat=seat, target_seat=target, slot=move.slot)

    def apply(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> list[Message]:
        target = self.aim(st, move)
        assert move.slot is not None
        card = st.hands[target][move.slot - 1]
        card.value, card.face_up = move.value, True
        return [msg("citroncoco.spy.face_up", seat=target, slot=move.slot, value=move.value)]


class Supply(Power):
    value, name, rule = 11, "Supply", "CC-SUPPLY-1"
    automatic = True

    def land(self, st: CitronCocoState, seat: int) -> list[Message]:
        st.extra[seat] += 1
        return [msg("citroncoco.supply.plays_again", seat=seat)]


class Queen(Power):
    """The 12: swaps two cards; « Il est impossible d'effectuer deux fois de suite le même
    échange » (CC-QUEEN-3). The last swap is remembered by its cards' positions, and forgotten
    when one of them leaves or is replaced, at a new round, and (teams) at a new turn."""

    value, name, rule = 12, "Queen", "CC-QUEEN-1"

    def judge(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> Message | Wrong:
        target = self.aim(st, move)
        other = move.other_seat
        if other is None or not 0 <= other < st.seats:
            raise Impossible.of("CC-QUEEN-1", "citroncoco.queen.needs_other_seat",
                                "payload.other_seat")
        cards.card(st, target, move.slot, "payload.slot")
        cards.card(st, other, move.other_slot, "payload.other_slot")
        if (target, move.slot) == (other, move.other_slot):
            raise Impossible.of("CC-QUEEN-1", "citroncoco.queen.same_card", "payload.other_slot")
        if self.swap_of(target, move) == st.last_swap:
            return Wrong("CC-QUEEN-3", msg(
                "citroncoco.queen.repeated", seat=seat, target_seat=target, slot=move.slot,
                other_seat=other, other_slot=move.other_slot))
        return msg("citroncoco.power.queen", seat=seat, target_seat=target, slot=move.slot,
                   other_seat=other, other_slot=move.other_slot)

    def apply(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> list[Message]:
        target = self.aim(st, move)
        assert move.other_seat is not None and move.slot and move.other_slot
        a, b = st.hands[target], st.hands[move.other_seat]
        i, j = move.slot - 1, move.other_slot - 1
        a[i], b[j] = b[j], a[i]
        st.last_swap = self.swap_of(target, move)
        return []

    @staticmethod
    def swap_of(target: int, move: PowerMove) -> Swap:
        assert move.slot is not None and move.other_seat is not None and move.other_slot
        return _ordered((target, move.slot), (move.other_seat, move.other_slot))

    @staticmethod
    def forget(st: CitronCocoState) -> None:
        """A new round (or, in teams, a new turn): any swap may be made again."""
        st.last_swap = None

    @staticmethod
    def card_replaced(st: CitronCocoState, seat: int, slot: int) -> None:
        """A new card at a swapped position: not the same swap any more."""
        if st.last_swap is not None and (seat, slot) in st.last_swap:
            st.last_swap = None

    @staticmethod
    def card_left(st: CitronCocoState, seat: int, slot: int) -> None:
        """A card left ``seat``'s row: the positions after it close up (CC-LOG-1); once a
        swapped card has gone, no swap repeats it."""
        swap = st.last_swap
        if swap is None:
            return
        moved: list[Spot] = []
        for s, k in swap:
            if (s, k) == (seat, slot):
                st.last_swap = None
                return
            moved.append((s, k - 1 if s == seat and k > slot else k))
        st.last_swap = _ordered(moved[0], moved[1])


class RedCaptain(Power):
    """The red king (-1): its player looks at the stock's next card."""

    value, name, rule = -1, "Captain", "CC-CAPT-1"
    aims = False

    def judge(self, st: CitronCocoState, seat: int,
              move: PowerMove) -> Message | Wrong:
        if move.target_seat is not None and not 0 <= move.target_seat < st.seats:
            raise Impossible.of(self.rule, "citroncoco.power.no_such_seat",
                                "payload.target_seat", seat_number=move.target_seat)
        return msg("citroncoco.power.captain", seat=seat)


class BlackCaptain(Power):
    """The black king (13): the next opponent skips a turn, as the card lands."""

    value, name, rule = 13, "Captain", "CC-CAPT-2"
    automatic = True

    def land(self, st: CitronCocoState, seat: int) -> list[Message]:
        victim = next_opponent(st, seat)
        st.skips[victim] += 1
        return [msg("citroncoco.captain.skips_next", seat=victim)]


def _ordered(a: Spot, b: Spot) -> Swap:
    return (a, b) if a <= b else (b, a)


POWERS: dict[int, Power] = {
    p.value: p
    for p in (Assault(), Fellow(), Seadog(), Witch(), Spy(), Supply(), Queen(), RedCaptain(),
              BlackCaptain())
}
POWER_NAMES: dict[int, str] = {v: p.name for v, p in POWERS.items()}
POWER_RULES: dict[int, str] = {v: p.rule for v, p in POWERS.items()}
SPECIAL_VALUES = frozenset(POWERS)
AUTOMATIC_POWERS = frozenset(v for v, p in POWERS.items() if p.automatic)
QUEEN = Queen()


def put_on_discard(st: CitronCocoState, seat: int, value: int, *,
                   quick: bool) -> list[Message]:
    """A card lands on the discard: its power is activated, unless the coin blocks it."""
    st.discard.append(DiscardCard(value, seat, st.turn_no, quick))
    if value not in SPECIAL_VALUES:
        return []
    if st.coin == seat and value != 9:
        st.coin = None
        st.blocked[seat] = value
        return [msg("citroncoco.coin.blocks", seat=seat, value=value)]
    if not variant_of(st).gives_power(st, seat, value):
        return []
    st.discarded_special.add(seat)
    if value in AUTOMATIC_POWERS:
        return POWERS[value].land(st, seat)
    st.pending.setdefault(seat, []).append(value)
    return [msg("citroncoco.power.may_use", seat=seat, value=value,
                power=POWER_NAMES[value])]

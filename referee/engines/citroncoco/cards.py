"""The cards against what the table knows: a position in a row, the values still unseen
(CC-DECK-1, CC-LOG-2), and the cards drawn unseen from the stock (penalties, the 1)."""

from __future__ import annotations

from collections import Counter

from referee.engines.citroncoco.state import CitronCocoState, HandCard
from referee.engines.events import Impossible
from referee.engines.messages import Message, msg


def card(st: CitronCocoState, seat: int, slot: int | None, where: str) -> HandCard:
    if slot is None:
        raise Impossible.of("CC-LOG-1", "citroncoco.card.needs_slot", where)
    hand = st.hands[seat]
    if not 1 <= slot <= len(hand):
        raise Impossible.of("CC-LOG-1", "citroncoco.card.no_slot", where,
                            seat=seat, count=len(hand), slot=slot)
    return hand[slot - 1]


def known_counts(st: CitronCocoState) -> Counter[int]:
    """Values the table has seen that are still in play (discard, known cards in hands)."""
    seen: Counter[int] = Counter(d.value for d in st.discard)
    seen.update(c.value for hand in st.hands for c in hand if c.value is not None)
    if st.held is not None and st.held.value is not None:
        seen[st.held.value] += 1
    return seen


def check_possible(st: CitronCocoState, values: list[int], where: str) -> None:
    """CC-DECK-1: newly shown values must still be unseen in the deck."""
    seen = known_counts(st)
    for value, n in Counter(values).items():
        total = st.deck.get(value, 0)
        if total == 0:
            raise Impossible.of("CC-DECK-1", "citroncoco.deck.no_such_value", where,
                                value=value)
        if seen[value] + n > total:
            raise Impossible.of("CC-DECK-1", "citroncoco.deck.all_known", where,
                                total=total, value=value, known=seen[value])


def check_card_value(st: CitronCocoState, seat: int, slot: int, card: HandCard,
                     value: int, where: str) -> None:
    if card.value is None:
        check_possible(st, [value], where)
    elif card.value != value:
        rule = "CC-SPY-2" if card.face_up else "CC-LOG-2"
        raise Impossible.of(rule, "citroncoco.card.known_other", where, seat=seat,
                            slot=slot, known=card.value, value=value)


def refill_stock(st: CitronCocoState) -> list[Message]:
    """CC-DECK-2: an empty stock is remade from the discard but its top card."""
    if st.stock > 0 or len(st.discard) < 2:
        return []
    moved = len(st.discard) - 1
    st.discard = st.discard[-1:]
    st.stock = moved
    return [msg("citroncoco.stock.remade", count=moved)]


def draw_unseen(st: CitronCocoState, seat: int) -> list[Message]:
    """A card from the stock, face down, to ``seat``'s row (penalty or 1 Assault)."""
    effects = refill_stock(st)
    if st.stock == 0:
        return [*effects, msg("citroncoco.stock.empty")]
    st.stock -= 1
    st.hands[seat].append(HandCard())
    return [*effects, msg("citroncoco.stock.unseen_card", seat=seat)]


def penalty(st: CitronCocoState, seat: int) -> list[Message]:
    """CC-MISS-1: a penalty card from the stock, unseen; remembered for CC-MISS-5."""
    before = len(st.hands[seat])
    effects = draw_unseen(st, seat)
    if len(st.hands[seat]) > before:
        st.penalised.add(seat)
    return effects

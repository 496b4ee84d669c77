"""Quick plays (CC-QP-*, CCT-QP-*): a card (or two adding up) of the table's shown on the
discard's top from any seat at any time; a wrong one is taken back with a penalty card."""

from __future__ import annotations

from referee.engines.citroncoco import cards
from referee.engines.citroncoco.moves import QuickPlay
from referee.engines.citroncoco.powers import QUEEN, put_on_discard
from referee.engines.citroncoco.state import CitronCocoState, DiscardCard
from referee.engines.citroncoco.turns import round_over
from referee.engines.citroncoco.variant import variant_of
from referee.engines.events import Event, Impossible, Verdict
from referee.engines.messages import Message, msg

Play = tuple[int, int, int]  # (seat, position, value) of a quick-played card


def quick_play(st: CitronCocoState, event: Event, move: QuickPlay) -> Verdict:
    seat = event.seat
    assert seat is not None  # a quick play is a seat's (the registry checks it)
    check_quick_play_time(st)
    plays: list[Play] = [(seat, move.slot, move.value)]
    if move.is_sum:
        plays.append(check_sum(st, move))
    check_shown_cards(st, plays)
    fault = quick_fault(st, seat, move, plays)
    if fault is None:
        return do_quick_play(st, seat, plays, move, event.seq)
    if st.phase == "reveal":
        st.final_quick_done = True
    for s, slot, v in plays:
        st.hands[s][slot - 1].value = v  # shown to all, taken back
    return Verdict.missplay(fault[0], fault[1], msg("citroncoco.penalty.cards_back",
                                                    seat=seat),
                            *cards.penalty(st, seat), offender=seat)


def check_quick_play_time(st: CitronCocoState) -> None:
    if st.phase == "reveal":
        last = variant_of(st).final_quick_play and st.emptied is not None
        if not (last and not st.final_quick_done):
            raise Impossible.of("CC-END-1", "citroncoco.quick.round_over", "type")
    elif round_over(st):
        raise Impossible.of("CC-CALL-3", "citroncoco.quick.last_turns_played", "type")
    if not st.discard:
        raise Impossible.of("CC-QP-1", "citroncoco.quick.discard_empty", "type")


def check_sum(st: CitronCocoState, move: QuickPlay) -> Play:
    allow_rule = variant_of(st).sum_rules[0]
    if not variant_of(st).sum_allowed(st):
        raise Impossible.of(allow_rule, "citroncoco.quick.no_sum", "payload.other_slot")
    if not move.sum_complete:
        raise Impossible.of(allow_rule, "citroncoco.quick.sum_incomplete",
                            "payload.other_slot")
    assert move.other_seat is not None and move.other_slot and move.other_value is not None
    if not 0 <= move.other_seat < st.seats:
        raise Impossible.of("CC-SEATS-1", "citroncoco.quick.no_such_seat",
                            "payload.other_seat", seat_number=move.other_seat)
    return move.other_seat, move.other_slot, move.other_value


def check_shown_cards(st: CitronCocoState, plays: list[Play]) -> None:
    if len(plays) == 2 and plays[0][:2] == plays[1][:2]:
        raise Impossible.of(variant_of(st).sum_rules[0], "citroncoco.quick.same_card",
                            "payload.other_slot")
    unknown: list[int] = []
    for i, (s, slot, v) in enumerate(plays):
        where = "payload.slot" if i == 0 else "payload.other_slot"
        card = cards.card(st, s, slot, where)
        if card.value is None:
            unknown.append(v)
        elif card.value != v:
            cards.check_card_value(st, s, slot, card, v, where.replace("slot", "value"))
    cards.check_possible(st, unknown, "payload.value")


def quick_fault(st: CitronCocoState, seat: int, move: QuickPlay,
                plays: list[Play]) -> tuple[str, Message] | None:
    """The rule a judged quick play breaks, and why (None: it stands)."""
    top = st.discard[-1]
    if move.is_sum:
        assert move.other_seat is not None
        why = variant_of(st).sum_partner_fault(st, seat, move.other_seat)
        if why is not None:
            return variant_of(st).sum_rules[1], msg("citroncoco.quick.wrong", seat=seat,
                                             why=why.as_dict())
    right_value = sum(v for _, _, v in plays) == top.value
    if covers_a_quick_play_this_turn(st) and (right_value or not st.options.value_fault_first):
        return variant_of(st).quick_on_quick_rule, msg("citroncoco.quick.on_quick", seat=seat,
                                               top=top.value)
    if right_value:
        return None
    if len(plays) == 1:
        return "CC-MISS-2", msg("citroncoco.quick.wrong_value", seat=seat, value=move.value,
                                top=top.value)
    return "CC-MISS-2", msg("citroncoco.quick.wrong_sum", seat=seat, value=plays[0][2],
                            other_value=plays[1][2], top=top.value)


def covers_a_quick_play_this_turn(st: CitronCocoState) -> bool:
    """CC-QP-8 / CCT-QP-3: the top was quick-played this turn and the match forbids covering
    it (the one last quick play on a round's final discard may, CCT-END-1)."""
    top = st.discard[-1]
    return (
        top.quick
        and top.turn == st.turn_no
        and st.phase != "reveal"
        and not st.options.quick_play_on_quick_play
    )


def do_quick_play(st: CitronCocoState, seat: int, plays: list[Play],
                  move: QuickPlay, seq: int) -> Verdict:
    if len(plays) == 2 and move.on_top == "own":
        plays = [plays[1], plays[0]]
    # remove the cards (highest position first, so positions stay right)
    for s, slot, _ in sorted(plays, key=lambda t: -t[1]):
        del st.hands[s][slot - 1]
        QUEEN.card_left(st, s, slot)
    if st.phase == "reveal":
        st.final_quick_done = True
    for s, _, v in plays[:-1]:
        st.discard.append(DiscardCard(v, s, st.turn_no, True))
    owner, _, top_value = plays[-1]
    effects = put_on_discard(st, owner, top_value, quick=True)
    for card in st.discard[-len(plays):]:
        card.seq = seq
    emptied = [s for s in dict.fromkeys(s for s, _, _ in plays) if not st.hands[s]]
    if emptied and st.phase != "reveal":
        effects += end_by_empty_hand(st, emptied[0])
    under = st.discard[-1 - len(plays)].value
    if len(plays) == 1:
        return Verdict.ok("CC-QP-1", msg("citroncoco.quick.played", seat=seat,
                                         value=top_value, top=under), *effects)
    return Verdict.ok(variant_of(st).sum_rules[0], msg(
        "citroncoco.quick.played_sum", seat=seat, value=plays[0][2],
        other_value=plays[1][2], top=under), *effects)


def end_by_empty_hand(st: CitronCocoState, seat: int) -> list[Message]:
    """CC-END-1: the round ends at once (after the last card's power, if it has one)."""
    effects = [msg("citroncoco.round.hand_empty", seat=seat)]
    if st.held is not None:
        st.stock += 1
        st.held = None
        effects.append(msg("citroncoco.round.held_back"))
    st.phase = "reveal"
    st.emptied = seat
    return effects


def lost_race(seen: CitronCocoState | None, now: CitronCocoState, event: Event) -> int | None:
    """CC-QP-4: « uniquement le premier « jeu rapide » est valable. Les plus lents reprennent
    leurs cartes (sans que cela ne soit considéré comme une faute de jeu) ». The seq of the
    standing quick play of another seat that covered the card this quick play aims at: the top
    of the discard at ``seen`` (the table its player saw), whatever the options; without
    ``seen``, under CC-QP-8's default, the card under a top of the same value quick-played
    this turn. None: the quick play aims at the top, and is judged as usual."""
    if event.type != "quick_play" or not now.discard:
        return None
    if seen is not None:
        return _covered_since(seen, now, event.seat)
    top = now.discard[-1]
    aimed = event.payload.get("value", 0) + (event.payload.get("other_value") or 0)
    if (top.quick and top.turn == now.turn_no and top.seat != event.seat
            and now.phase != "reveal" and not now.options.quick_play_on_quick_play
            and aimed == top.value):
        return top.seq
    return None


def _covered_since(seen: CitronCocoState, now: CitronCocoState, seat: int | None) -> int | None:
    """The quick play of another seat lying right on the card that topped the discard at
    ``seen`` (None when the card is still on top, or the pile was taken or reshuffled)."""
    at = len(seen.discard) - 1
    if at < 0 or seen.round != now.round or len(now.discard) <= at + 1:
        return None
    target, above = now.discard[at], now.discard[at + 1]
    if target != seen.discard[at] or not above.quick or above.seat == seat:
        return None
    return above.seq

"""CitronCoco's rules, functions over the state: the deal, the turn (draw, discard, replace),
the powers' use, the Citron Coco call, the reveal and the host's reports, each judged move by
move; the quick plays are ``quick``'s, the powers ``powers``'.

Every value that appears is checked against the deck's composition and against what was already
known (``cards``). What the team game changes is a ``Variant`` (``variant``, ``teams``) the rules
consult through the state.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.engines.base import MissplayReport
from referee.engines.citroncoco import cards, scoring
from referee.engines.citroncoco.moves import (
    MOVES,
    Discard,
    Draw,
    ForgoPower,
    Power,
    Replace,
    Reveal,
)
from referee.engines.citroncoco.options import Options
from referee.engines.citroncoco.powers import (
    AUTOMATIC_POWERS,
    POWER_NAMES,
    POWERS,
    QUEEN,
    Wrong,
    put_on_discard,
)
from referee.engines.citroncoco.quick import quick_play
from referee.engines.citroncoco.state import (
    HAND_SIZE,
    CitronCocoState,
    HandCard,
    HeldCard,
    NextTurn,
)
from referee.engines.citroncoco.turns import last_power_owed, next_turn, round_over
from referee.engines.citroncoco.variant import Variant, variant_of
from referee.engines.events import Event, Impossible, InvalidOptions, Verdict
from referee.engines.messages import Message, msg
from referee.engines.moves import Handler, Moves, Table

PENALTY = msg("citroncoco.penalty.card")


def seated(rule: Callable[[CitronCocoState, Any, Any], Verdict]) -> Handler:
    """A rule reading the move's seat, as the registry calls it (state, event, payload)."""
    return lambda state, event, payload: rule(state, event.seat, payload)


# ---------------------------------------------------------------- set-up

def setup(game: Variant, options: Mapping[str, Any], seats: int) -> CitronCocoState:
    """A new match of ``game``: the options checked, the sides made, the first round dealt."""
    low, high = game.seats
    if not low <= seats <= high:
        raise InvalidOptions.of(game.seats_rule, "citroncoco.setup.seats", "seats",
                                game=game.title, low=low, high=high, count=seats)
    deck = {int(v): int(n) for v, n in dict(options["deck"]).items() if int(n) > 0}
    if sum(deck.values()) < HAND_SIZE * seats + 2:
        raise InvalidOptions.of("CC-DECK-1", "citroncoco.setup.deck_short", "options.deck",
                                cards=sum(deck.values()), size=HAND_SIZE, count=seats)
    if options["first_seat"] >= seats:
        raise InvalidOptions.of("CC-SET-4", "citroncoco.setup.no_first",
                                "options.first_seat", seat_number=options["first_seat"],
                                count=seats)
    opts = Options.load(options, deck)
    sides = game.make_sides(opts, seats)
    state = CitronCocoState(seats=seats, options=opts, deck=deck, sides=sides,
                            totals=[0] * len(sides), first_seat=opts.first_seat,
                            variant=game.id)
    deal(state, opts.first_seat)
    return state


def deal(st: CitronCocoState, starter: int) -> None:
    """A new round: 4 unknown cards each, the rest is the stock, no discard, coin centred."""
    st.hands = [[HandCard() for _ in range(HAND_SIZE)] for _ in range(st.seats)]
    st.stock = sum(st.deck.values()) - HAND_SIZE * st.seats
    st.discard = []
    st.coin = None
    st.phase = "draw"
    st.starter = starter
    st.turn_seat = None
    st.held = None
    st.pending = {}
    st.blocked = {}
    st.extra = [0] * st.seats
    st.skips = [0] * st.seats
    st.caller = None
    st.multiplier = 1
    st.last_to_play = []
    QUEEN.forget(st)
    st.emptied = None
    st.final_quick_done = False
    st.discarded_special = set()
    st.penalised = set()


def table(state: CitronCocoState) -> Table:
    """The turn is judged by the game's own clauses (CC-TURN-6): no shared turn check."""
    return Table(seats=state.seats, turn=None, over=state.phase == "over")


def draw(st: CitronCocoState, seat: int, move: Draw) -> Verdict:
    """CC-TURN-1/3: the seat whose turn it is draws from the stock or the discard; owed
    powers not used are lost (CC-POW-2)."""
    nxt = check_draw(st, seat, move.source)
    for s in nxt.skipped:
        st.skips[s] -= 1
        if s in st.last_to_play:
            st.last_to_play.remove(s)
    if nxt.again:
        st.extra[seat] -= 1
    if seat in st.last_to_play:
        st.last_to_play.remove(seat)
    effects = [msg("citroncoco.captain.skips", seat=s) for s in nxt.skipped]
    forfeited = [msg("citroncoco.power.unused", seat=s, value=v)
                 for s, vs in st.pending.items() for v in vs]
    st.pending.clear()
    st.blocked.clear()
    if variant_of(st).swap_memory_per_turn:
        QUEEN.forget(st)
    st.turn_no += 1
    st.turn_seat = seat
    st.phase = "play"
    if move.source == "discard":
        st.held = HeldCard(st.discard.pop().value, "discard")
        said = msg("citroncoco.draw.discard", seat=seat, value=st.held.value)
        rule = "CC-TURN-3"
    else:
        effects += cards.refill_stock(st)
        st.stock -= 1
        st.held = HeldCard(None, "stock")
        said, rule = msg("citroncoco.draw.stock", seat=seat), "CC-TURN-1"
    return Verdict.ok(rule, said, *effects, *forfeited)


def check_draw(st: CitronCocoState, seat: int, source: str) -> NextTurn:
    if st.phase == "play":
        raise Impossible.of("CC-TURN-4", "citroncoco.draw.holding", "type",
                            seat=st.turn_seat)
    if st.phase == "reveal":
        raise Impossible.of("CC-END-1", "citroncoco.round.reveal_due", "type")
    nxt = next_turn(st)
    drawer = nxt.seat
    if drawer is None:
        raise Impossible.of("CC-CALL-3", "citroncoco.call.last_turns_played", "type")
    if seat != drawer:
        if nxt.again:
            raise Impossible.of("CC-TURN-6", "citroncoco.draw.plays_again", "seat",
                                seat=seat, turn_seat=drawer)
        raise Impossible.of("CC-TURN-6", "citroncoco.draw.not_your_turn", "seat",
                            seat=seat, turn_seat=drawer)
    check_source(st, seat, source)
    return nxt


def check_source(st: CitronCocoState, seat: int, source: str) -> None:
    if source == "discard":
        if not st.discard:
            raise Impossible.of("CC-TURN-1", "citroncoco.draw.discard_empty",
                                "payload.source")
        if st.discard[-1].seat == seat:
            raise Impossible.of("CC-TURN-2", "citroncoco.draw.own_discard",
                                "payload.source", seat=seat)
    elif st.stock == 0 and len(st.discard) < 2:
        raise Impossible.of("CC-DECK-2", "citroncoco.draw.nothing_left", "payload.source")


def check_playing(st: CitronCocoState, seat: int) -> HeldCard:
    if st.phase != "play" or st.held is None:
        raise Impossible.of("CC-TURN-1", "citroncoco.play.nothing_drawn", "type", seat=seat)
    if seat != st.turn_seat:
        raise Impossible.of("CC-TURN-6", "citroncoco.play.not_your_turn", "seat",
                            seat=seat, turn_seat=st.turn_seat)
    return st.held


def discard(st: CitronCocoState, seat: int, move: Discard) -> Verdict:
    """CC-TURN-4: the drawn card goes to the discard, its power activated."""
    held = check_playing(st, seat)
    if held.value is not None and held.value != move.value:
        raise Impossible.of("CC-TURN-4", "citroncoco.play.not_the_drawn", "payload.value",
                            seat=seat, drawn=held.value, value=move.value)
    if held.value is None:
        cards.check_possible(st, [move.value], "payload.value")
    st.held = None
    effects = put_on_discard(st, seat, move.value, quick=False)
    st.phase = "end"
    return Verdict.ok("CC-TURN-4", msg("citroncoco.play.discard", seat=seat,
                                       value=move.value), *effects)


def replace(st: CitronCocoState, seat: int, move: Replace) -> Verdict:
    """CC-TURN-5: the drawn card takes a row's place, the card it replaces is discarded."""
    held = check_playing(st, seat)
    card = cards.card(st, seat, move.slot, "payload.slot")
    cards.check_card_value(st, seat, move.slot, card, move.value, "payload.value")
    st.hands[seat][move.slot - 1] = HandCard(held.value)
    QUEEN.card_replaced(st, seat, move.slot)
    st.held = None
    effects = put_on_discard(st, seat, move.value, quick=False)
    st.phase = "end"
    return Verdict.ok("CC-TURN-5", msg("citroncoco.play.replace", seat=seat,
                                       slot=move.slot, value=move.value), *effects)


def power(st: CitronCocoState, seat: int, move: Power) -> Verdict:
    """CC-POW-1: a power owed is used (a wrong use costs a penalty card); one the coin
    blocked, used anyway, is a fault (CC-COIN-3)."""
    coin_case = seat not in st.pending and seat in st.blocked
    value = st.blocked[seat] if coin_case else power_to_use(st, seat, move.card)
    used = POWERS[value]
    rule = used.rule_for(st, seat)
    if used.automatic:
        raise Impossible.of(rule, "citroncoco.power.automatic", "type", value=value)
    judged = used.judge(st, seat, move)
    if coin_case:
        del st.blocked[seat]
    else:
        use_power(st, seat, value)
    if isinstance(judged, Wrong):
        return Verdict.missplay(judged.rule, judged.reason, PENALTY,
                                *cards.penalty(st, seat), offender=seat)
    effects = used.apply(st, seat, move)
    if not coin_case:
        return Verdict.ok(rule, judged, *effects)
    effects += cards.penalty(st, seat)
    st.coin = seat
    return Verdict.missplay("CC-COIN-3", msg("citroncoco.coin.used_anyway", seat=seat,
                                             value=value),
                            msg("citroncoco.penalty.card_and_coin"), judged, *effects,
                            offender=seat)


def power_to_use(st: CitronCocoState, seat: int, card: int | None) -> int:
    """CC-POW-2: the power a ``power`` move uses: the named card's, else the oldest owed."""
    owed = st.pending.get(seat, [])
    if not owed:
        raise Impossible.of("CC-POW-2", "citroncoco.power.none_owed", "type", seat=seat)
    if card is None:
        return owed[0]
    if card not in owed:
        raise Impossible.of("CC-POW-2", "citroncoco.power.not_owed", "payload.card",
                            seat=seat, value=card, owed=list(owed))
    return card


def forgo_power(st: CitronCocoState, seat: int, move: ForgoPower) -> Verdict:
    """CC-POW-3: a seat gives up a power it owes, as the next draw would (CC-POW-2); after a
    round's last card (CC-END-1) this is how the reveal is let through unused."""
    value = power_to_use(st, seat, move.card)
    use_power(st, seat, value)
    said = msg("citroncoco.power.given_up", seat=seat, value=value,
               power=POWER_NAMES[value])
    if round_over(st) and st.options.power_before_reveal and (
        last_power_owed(st) is None
    ):
        return Verdict.ok("CC-POW-3", said, msg("citroncoco.reveal.may"))
    return Verdict.ok("CC-POW-3", said)


def use_power(st: CitronCocoState, seat: int, value: int) -> None:
    owed = st.pending[seat]
    owed.remove(value)
    if not owed:
        del st.pending[seat]


def citron_coco(st: CitronCocoState, seat: int, move: object) -> Verdict:
    """CC-CALL-1: the seat whose turn is done calls; the others play one last turn."""
    if st.caller is not None:
        raise Impossible.of("CC-CALL-1", "citroncoco.call.already", "type", seat=st.caller)
    if st.phase != "end" or st.turn_seat != seat:
        raise Impossible.of("CC-CALL-1", "citroncoco.call.not_now", "seat", seat=seat)
    effects = [msg("citroncoco.call.gives_up_power", seat=seat)] if seat in st.pending else []
    st.pending.pop(seat, None)
    st.extra[seat] = 0
    st.caller = seat
    st.last_to_play = [(seat + i) % st.seats for i in range(1, st.seats)]
    return Verdict.ok("CC-CALL-1", msg("citroncoco.call.called", seat=seat), *effects)


def reveal(st: CitronCocoState, seat: int | None, move: Reveal) -> Verdict:
    """CC-END-2: the hands turned over and scored; the match ends or the next round is
    dealt."""
    hands = [list(h) for h in move.hands]
    check_reveal(st, hands)
    for s, values in enumerate(hands):
        for card, v in zip(st.hands[s], values, strict=True):
            card.value = v
    sums = [sum(values) for values in hands]
    scores, rule, said = variant_of(st).score_round(st, sums)
    ending = "citron coco" if st.caller is not None else "empty hand"
    for side, score in enumerate(scores):
        st.totals[side] += score
    scoring.summarise(st, scores, sums, ending)
    result = variant_of(st).result(st)
    if result is not None:
        st.phase = "over"
        return Verdict.ok("CC-GOAL-1", msg("citroncoco.round.last", round=st.round,
                                           scored=said.as_dict(),
                                           outcome=result.message.as_dict()))
    loser = scoring.round_loser(st, scores)
    starter = loser if st.options.round_starter == "loser" else (st.starter + 1) % st.seats
    st.round += 1
    deal(st, starter)
    return Verdict.ok(rule, msg("citroncoco.round.scored", round=st.round - 1,
                                scored=said.as_dict()),
                      msg("citroncoco.round.dealt", round=st.round, seat=starter))


def check_reveal(st: CitronCocoState, hands: list[list[int]]) -> None:
    if not round_over(st):
        raise Impossible.of("CC-CALL-3", "citroncoco.reveal.not_over", "type")
    if st.options.power_before_reveal and (owed := last_power_owed(st)):
        seat, value = owed
        raise Impossible.of("CC-END-1" if st.emptied is not None else "CC-CALL-3",
                            "citroncoco.reveal.power_owed", "type", seat=seat, value=value,
                            power=POWER_NAMES[value])
    if len(hands) != st.seats:
        raise Impossible.of("CC-CALL-3", "citroncoco.reveal.all_seats", "payload.hands",
                            count=st.seats)
    newly: list[int] = []
    for seat, values in enumerate(hands):
        row = st.hands[seat]
        if len(values) != len(row):
            raise Impossible.of("CC-CALL-3", "citroncoco.reveal.count",
                                f"payload.hands.{seat}", seat=seat, count=len(row),
                                given=len(values))
        for slot, (card, v) in enumerate(zip(row, values, strict=True), start=1):
            if card.value is None:
                newly.append(v)
            else:  # a face-up card (CC-SPY-2) or one the table saw (CC-LOG-2)
                cards.check_card_value(st, seat, slot, card, v, f"payload.hands.{seat}")
    cards.check_possible(st, newly, "payload.hands")


def missplay(st: CitronCocoState, seat: int, move: MissplayReport) -> Verdict:
    """CC-MISS-1: a fault the host reports costs the seat a penalty card."""
    if move.rule not in variant_of(st).faults:
        raise Impossible.of("CC-MISS-1", "citroncoco.missplay.unknown", "payload.rule",
                            rule=move.rule, rules=list(variant_of(st).faults))
    check_report(st, seat, move.rule)
    effects = cards.penalty(st, seat)
    if move.rule == "CC-COIN-3":
        blocked = st.blocked.pop(seat, None)
        if blocked in AUTOMATIC_POWERS:  # played again or skipped a seat: it stands
            effects += POWERS[blocked].land(st, seat)
        st.coin = seat
        effects.append(msg("citroncoco.coin.kept", seat=seat))
    fault = msg(variant_of(st).faults[move.rule]).as_dict()
    if move.note:
        reason = msg("citroncoco.missplay.reported_note", seat=seat, fault=fault,
                     note=move.note)
    else:
        reason = msg("citroncoco.missplay.reported", seat=seat, fault=fault)
    return Verdict.missplay(move.rule, reason, msg("citroncoco.penalty.unseen"), *effects,
                            offender=seat)


def check_report(st: CitronCocoState, seat: int, rule: str) -> None:
    """A reported fault must be one the seat could have made, given the table (CC-MISS-1)."""
    why = report_impossible(st, seat, rule) if st.options.check_reports else None
    if why is not None:
        raise Impossible.of(rule, why, "seat", seat=seat)


def report_impossible(st: CitronCocoState, seat: int, rule: str) -> str | None:
    """The message id saying why the table cannot have seen ``rule`` broken by ``seat`` now
    (None: it can).

    CC-MISS-3 (a look without permission) can happen at any moment of a round: nothing to
    check. The others need their occasion on the table, this round.
    """
    if rule == "CC-COIN-3" and seat not in st.blocked and st.coin != seat:
        return "citroncoco.missplay.no_coin"
    if rule == "CC-MISS-4" and seat not in st.discarded_special:
        return "citroncoco.missplay.no_power"
    if rule == "CC-MISS-5" and seat not in st.penalised:
        return "citroncoco.missplay.no_penalty"
    return None



def forfeits(state: CitronCocoState, event: Event) -> tuple[Message, ...]:
    """CC-POW-2: a power not used before the next draw is lost; CC-CALL-1: so is the
    caller's own."""
    owed: list[tuple[int | None, int]]
    if event.type == "draw":
        owed = [(s, v) for s, vs in state.pending.items() for v in vs]
    elif event.type in ("citron_coco", "nano", "nano_alpha"):
        owed = [(event.seat, v) for v in state.pending.get(event.seat or 0, [])]
    else:
        return ()
    return tuple(msg("citroncoco.forfeit.power", seat=s, value=v,
                     power=POWER_NAMES.get(v, str(v))) for s, v in owed)


RULES: dict[str, Handler] = {
    "draw": seated(draw), "discard": seated(discard), "replace": seated(replace),
    "power": seated(power), "forgo_power": seated(forgo_power),
    "quick_play": quick_play, "citron_coco": seated(citron_coco),
    "reveal": seated(reveal), "missplay": seated(missplay),
}
REGISTRY: Moves = MOVES.handled_by(RULES)

"""CitronCoco each for themself: the set-up, the turn, the draws, the powers' use, the quick plays
and the scoring, judged move by move.

Every value that appears is checked against the deck's composition and against what was already
known. The team game (``teams.py``) overrides the few hooks that differ: sides, the Fellow's
target, the addition quick play, the scoring and the end of the match.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from marshmallow import Schema

from referee.engines.base import (
    Engine,
    Event,
    Impossible,
    InvalidOptions,
    MissplayReport,
    Standings,
    Verdict,
    Viewer,
)
from referee.engines.citroncoco import offers as offering
from referee.engines.citroncoco import scoring, view
from referee.engines.citroncoco.moves import (
    MOVES,
    Discard,
    Draw,
    ForgoPower,
    Power,
    QuickPlay,
    Replace,
    Reveal,
)
from referee.engines.citroncoco.options import CitronCocoOptions, Options
from referee.engines.citroncoco.powers import (
    AUTOMATIC_POWERS,
    POWER_NAMES,
    POWERS,
    QUEEN,
    SPECIAL_VALUES,
    Wrong,
)
from referee.engines.citroncoco.state import (
    HAND_SIZE,
    CitronCocoState,
    DiscardCard,
    HandCard,
    HeldCard,
    NextTurn,
)
from referee.engines.messages import Message, Outcome, msg
from referee.engines.moves import Handler, LegalMove, Table

PENALTY = msg("citroncoco.penalty.card")
Play = tuple[int, int, int]  # (seat, position, value) of a quick-played card



def seated(rule: Callable[[CitronCocoState, Any, Any], Verdict]) -> Handler:
    """A rule reading the move's seat, as the registry calls it (state, event, payload)."""
    return lambda state, event, payload: rule(state, event.seat, payload)


class CitronCocoEngine(Engine[CitronCocoState]):
    """Le Citron Coco en individuel: 2 to 6 captains, each for themself."""

    id: ClassVar[str] = "citroncoco"
    title: ClassVar[str] = "CitronCoco (each for themself)"
    rules_file: ClassVar[str] = "citroncoco-individual.fr.txt"
    catalogue: ClassVar[str] = "docs/rules/citroncoco.md"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    options_schema: ClassVar[type[Schema]] = CitronCocoOptions
    registry = MOVES
    reportable_missplays: ClassVar[Mapping[str, Message]] = {
        "CC-MISS-3": msg("citroncoco.fault.looked"),
        "CC-MISS-4": msg("citroncoco.fault.wrong_power"),
        "CC-COIN-3": msg("citroncoco.fault.coin_power"),
        "CC-MISS-5": msg("citroncoco.fault.looked_at_penalty"),
    }
    fault_messages: ClassVar[Mapping[str, str]] = {  # a reportable fault -> its message id
        "CC-MISS-3": "citroncoco.fault.looked",
        "CC-MISS-4": "citroncoco.fault.wrong_power",
        "CC-COIN-3": "citroncoco.fault.coin_power",
        "CC-MISS-5": "citroncoco.fault.looked_at_penalty",
    }
    unit: ClassVar[str] = "coconuts"
    final_quick_play: ClassVar[bool] = False  # teams: one last quick play on the final discard
    swap_memory_per_turn: ClassVar[bool] = False  # teams: « not … twice the same swap in one turn »
    # 2: several powers owed per seat; 3: what reports are checked against; 4: options one
    # frozen value
    state_version: ClassVar[int] = 4

    # ---------------------------------------------------------------- set-up

    def setup(self, options: Mapping[str, Any], seats: int) -> CitronCocoState:
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidOptions.of(self.seats_rule(), "citroncoco.setup.seats", "seats",
                                    game=self.title, low=self.min_seats, high=self.max_seats,
                                    count=seats)
        deck = {int(v): int(n) for v, n in dict(options["deck"]).items() if int(n) > 0}
        if sum(deck.values()) < HAND_SIZE * seats + 2:
            raise InvalidOptions.of("CC-DECK-1", "citroncoco.setup.deck_short", "options.deck",
                                    cards=sum(deck.values()), size=HAND_SIZE, count=seats)
        if options["first_seat"] >= seats:
            raise InvalidOptions.of("CC-SET-4", "citroncoco.setup.no_first",
                                    "options.first_seat", seat_number=options["first_seat"],
                                    count=seats)
        opts = Options.load(options, deck)
        sides = self.make_sides(opts, seats)
        state = CitronCocoState(seats=seats, options=opts, deck=deck, sides=sides,
                                totals=[0] * len(sides), first_seat=opts.first_seat)
        self.deal(state, opts.first_seat)
        return state

    def seats_rule(self) -> str:
        return "CC-SEATS-1"

    def make_sides(self, options: Options, seats: int) -> list[list[int]]:
        return [[s] for s in range(seats)]

    def deal(self, st: CitronCocoState, starter: int) -> None:
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

    # ---------------------------------------------------------------- hooks for variants

    def side_of(self, st: CitronCocoState, seat: int) -> int:
        return next(i for i, side in enumerate(st.sides) if seat in side)

    def side_name(self, st: CitronCocoState, side: int) -> str:
        return str(side)

    def partner(self, st: CitronCocoState, seat: int) -> int | None:
        return None

    def fellow_targets(self, st: CitronCocoState, seat: int) -> tuple[set[int], str]:
        """Seats whose cards a 2 (Fellow) may look at, and the rule saying so."""
        if st.options.fellow_solo:
            return {seat}, "CC-FELLOW-2"
        return set(), "CC-FELLOW-1"

    def has_power(self, st: CitronCocoState, seat: int, value: int) -> bool:
        if value == 2:
            return bool(self.fellow_targets(st, seat)[0])
        return value in SPECIAL_VALUES

    def next_opponent(self, st: CitronCocoState, seat: int) -> int:
        """The next seat in the turn order that is not on ``seat``'s side."""
        mine = self.side_of(st, seat)
        for step in range(1, st.seats):
            s = (seat + step) % st.seats
            if self.side_of(st, s) != mine:
                return s
        return (seat + 1) % st.seats

    def sum_rules(self) -> tuple[str, str]:
        """Rule allowing the sum quick play, and the rule its partner-card fault breaks."""
        return "CC-QP-5", "CC-QP-6"

    def sum_allowed(self, st: CitronCocoState) -> bool:
        return st.options.sum_quick_play

    def sum_partner_fault(self, st: CitronCocoState, seat: int,
                          other_seat: int) -> Message | None:
        """Each for themself a sum uses two of your own cards; an opponent's is a missplay."""
        if other_seat != seat:
            return msg("citroncoco.quick.sum_not_own", seat=seat, other_seat=other_seat)
        return None

    def quick_on_quick_rule(self) -> str:
        return "CC-QP-8"

    def score_round(self, st: CitronCocoState, hands: list[int]) -> tuple[list[int], str, Message]:
        """Per-side scores of a round, the clause applied and what it says."""
        return scoring.score_round(st, hands)

    def result(self, st: CitronCocoState) -> Outcome | None:
        """The match's outcome once it is over (None before)."""
        return scoring.result(st)

    def offer_answers(self, st: CitronCocoState, moves: dict[int, list[str]]) -> None:
        """Answers to a Citron Coco call a variant adds (teams: Nano, Nano Alpha)."""

    # ---------------------------------------------------------------- the shared checks

    def __init__(self) -> None:
        self.registry = type(self).registry.handled_by(self.rules())

    def rules(self) -> dict[str, Handler]:
        """Each move type's rule (a variant adds its own: teams' Nano, Nano Alpha)."""
        return {"draw": seated(self.play_draw), "discard": seated(self.play_discard),
                "replace": seated(self.play_replace), "power": seated(self.play_power),
                "forgo_power": seated(self.play_forgo_power),
                "quick_play": seated(self.play_quick_play),
                "citron_coco": seated(self.play_citron_coco),
                "reveal": seated(self.play_reveal), "missplay": seated(self.play_missplay)}

    def table(self, state: CitronCocoState) -> Table:
        """The turn is judged by the game's own clauses (CC-TURN-6): no shared turn check."""
        return Table(seats=state.seats, turn=None, over=state.phase == "over")

    def seat_count(self, state: CitronCocoState) -> int:
        return state.seats

    # ---------------------------------------------------------------- draw

    def play_draw(self, st: CitronCocoState, seat: int, move: Draw) -> Verdict:
        nxt = self.check_draw(st, seat, move.source)
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
        if self.swap_memory_per_turn:
            QUEEN.forget(st)
        st.turn_no += 1
        st.turn_seat = seat
        st.phase = "play"
        if move.source == "discard":
            st.held = HeldCard(st.discard.pop().value, "discard")
            said = msg("citroncoco.draw.discard", seat=seat, value=st.held.value)
            rule = "CC-TURN-3"
        else:
            effects += self.refill_stock(st)
            st.stock -= 1
            st.held = HeldCard(None, "stock")
            said, rule = msg("citroncoco.draw.stock", seat=seat), "CC-TURN-1"
        return Verdict.ok(rule, said, *effects, *forfeited)

    def check_draw(self, st: CitronCocoState, seat: int, source: str) -> NextTurn:
        if st.phase == "play":
            raise Impossible.of("CC-TURN-4", "citroncoco.draw.holding", "type",
                                seat=st.turn_seat)
        if st.phase == "reveal":
            raise Impossible.of("CC-END-1", "citroncoco.round.reveal_due", "type")
        nxt = self.next_turn(st)
        drawer = nxt.seat
        if drawer is None:
            raise Impossible.of("CC-CALL-3", "citroncoco.call.last_turns_played", "type")
        if seat != drawer:
            if nxt.again:
                raise Impossible.of("CC-TURN-6", "citroncoco.draw.plays_again", "seat",
                                    seat=seat, turn_seat=drawer)
            raise Impossible.of("CC-TURN-6", "citroncoco.draw.not_your_turn", "seat",
                                seat=seat, turn_seat=drawer)
        self.check_source(st, seat, source)
        return nxt

    def check_source(self, st: CitronCocoState, seat: int, source: str) -> None:
        if source == "discard":
            if not st.discard:
                raise Impossible.of("CC-TURN-1", "citroncoco.draw.discard_empty",
                                    "payload.source")
            if st.discard[-1].seat == seat:
                raise Impossible.of("CC-TURN-2", "citroncoco.draw.own_discard",
                                    "payload.source", seat=seat)
        elif st.stock == 0 and len(st.discard) < 2:
            raise Impossible.of("CC-DECK-2", "citroncoco.draw.nothing_left", "payload.source")

    def next_turn(self, st: CitronCocoState) -> NextTurn:
        """Who draws next (None once the last turns are played), whose skips (13) that uses up,
        and whether that draw is a play again owed by an 11."""
        if st.phase == "draw":
            return NextTurn(st.starter, [], False)
        current = st.turn_seat
        assert current is not None
        if st.extra[current] > 0 and not (current == st.caller and st.last_to_play):
            return NextTurn(current, [], True)  # a caller's waits for the others' last turns
        if st.caller is None:
            return self.next_in_order(st, current)
        return self.next_last_turn(st, current)

    def next_in_order(self, st: CitronCocoState, current: int) -> NextTurn:
        """Play goes on: the next seat whose turn no 13 skips."""
        left = list(st.skips)
        skipped: list[int] = []
        s = current
        while True:
            s = (s + 1) % st.seats
            if left[s] > 0:
                left[s] -= 1
                skipped.append(s)
                continue
            return NextTurn(s, skipped, False)

    def next_last_turn(self, st: CitronCocoState, current: int) -> NextTurn:
        """After a Citron Coco: the next seat with its last turn to play (CC-CALL-1), or the
        caller with a play again owed."""
        assert st.caller is not None
        left = list(st.skips)
        skipped: list[int] = []
        for step in range(1, st.seats + 1):
            s = (current + step) % st.seats
            caller_again = s == st.caller and st.extra[s] > 0
            if s not in st.last_to_play and not caller_again:
                continue  # already played its last turn, or the caller with no 11 owed
            if left[s] > 0:
                left[s] -= 1
                skipped.append(s)
                continue
            return NextTurn(s, skipped, caller_again)
        return NextTurn(None, skipped, False)

    def refill_stock(self, st: CitronCocoState) -> list[Message]:
        """CC-DECK-2: an empty stock is remade from the discard but its top card."""
        if st.stock > 0 or len(st.discard) < 2:
            return []
        moved = len(st.discard) - 1
        st.discard = st.discard[-1:]
        st.stock = moved
        return [msg("citroncoco.stock.remade", count=moved)]

    def penalty(self, st: CitronCocoState, seat: int) -> list[Message]:
        """CC-MISS-1: a penalty card from the stock, unseen; remembered for CC-MISS-5."""
        before = len(st.hands[seat])
        effects = self.draw_unseen(st, seat)
        if len(st.hands[seat]) > before:
            st.penalised.add(seat)
        return effects

    def draw_unseen(self, st: CitronCocoState, seat: int) -> list[Message]:
        """A card from the stock, face down, to ``seat``'s row (penalty or 1 Assault)."""
        effects = self.refill_stock(st)
        if st.stock == 0:
            return [*effects, msg("citroncoco.stock.empty")]
        st.stock -= 1
        st.hands[seat].append(HandCard())
        return [*effects, msg("citroncoco.stock.unseen_card", seat=seat)]

    # ---------------------------------------------------------------- discard / replace

    def check_playing(self, st: CitronCocoState, seat: int) -> HeldCard:
        if st.phase != "play" or st.held is None:
            raise Impossible.of("CC-TURN-1", "citroncoco.play.nothing_drawn", "type", seat=seat)
        if seat != st.turn_seat:
            raise Impossible.of("CC-TURN-6", "citroncoco.play.not_your_turn", "seat",
                                seat=seat, turn_seat=st.turn_seat)
        return st.held

    def play_discard(self, st: CitronCocoState, seat: int, move: Discard) -> Verdict:
        held = self.check_playing(st, seat)
        if held.value is not None and held.value != move.value:
            raise Impossible.of("CC-TURN-4", "citroncoco.play.not_the_drawn", "payload.value",
                                seat=seat, drawn=held.value, value=move.value)
        if held.value is None:
            self.check_possible(st, [move.value], "payload.value")
        st.held = None
        effects = self.put_on_discard(st, seat, move.value, quick=False)
        st.phase = "end"
        return Verdict.ok("CC-TURN-4", msg("citroncoco.play.discard", seat=seat,
                                           value=move.value), *effects)

    def play_replace(self, st: CitronCocoState, seat: int, move: Replace) -> Verdict:
        held = self.check_playing(st, seat)
        card = self.card(st, seat, move.slot, "payload.slot")
        self.check_card_value(st, seat, move.slot, card, move.value, "payload.value")
        st.hands[seat][move.slot - 1] = HandCard(held.value)
        QUEEN.card_replaced(st, seat, move.slot)
        st.held = None
        effects = self.put_on_discard(st, seat, move.value, quick=False)
        st.phase = "end"
        return Verdict.ok("CC-TURN-5", msg("citroncoco.play.replace", seat=seat,
                                           slot=move.slot, value=move.value), *effects)

    # ---------------------------------------------------------------- values against the known

    def card(self, st: CitronCocoState, seat: int, slot: int | None, where: str) -> HandCard:
        if slot is None:
            raise Impossible.of("CC-LOG-1", "citroncoco.card.needs_slot", where)
        hand = st.hands[seat]
        if not 1 <= slot <= len(hand):
            raise Impossible.of("CC-LOG-1", "citroncoco.card.no_slot", where,
                                seat=seat, count=len(hand), slot=slot)
        return hand[slot - 1]

    def known_counts(self, st: CitronCocoState) -> Counter[int]:
        """Values the table has seen that are still in play (discard, known cards in hands)."""
        seen: Counter[int] = Counter(d.value for d in st.discard)
        seen.update(c.value for hand in st.hands for c in hand if c.value is not None)
        if st.held is not None and st.held.value is not None:
            seen[st.held.value] += 1
        return seen

    def check_possible(self, st: CitronCocoState, values: list[int], where: str) -> None:
        """CC-DECK-1: newly shown values must still be unseen in the deck."""
        seen = self.known_counts(st)
        for value, n in Counter(values).items():
            total = st.deck.get(value, 0)
            if total == 0:
                raise Impossible.of("CC-DECK-1", "citroncoco.deck.no_such_value", where,
                                    value=value)
            if seen[value] + n > total:
                raise Impossible.of("CC-DECK-1", "citroncoco.deck.all_known", where,
                                    total=total, value=value, known=seen[value])

    def check_card_value(self, st: CitronCocoState, seat: int, slot: int, card: HandCard,
                         value: int, where: str) -> None:
        if card.value is None:
            self.check_possible(st, [value], where)
        elif card.value != value:
            rule = "CC-SPY-2" if card.face_up else "CC-LOG-2"
            raise Impossible.of(rule, "citroncoco.card.known_other", where, seat=seat,
                                slot=slot, known=card.value, value=value)

    # ---------------------------------------------------------------- powers

    def put_on_discard(self, st: CitronCocoState, seat: int, value: int, *,
                       quick: bool) -> list[Message]:
        """A card lands on the discard: its power is activated, unless the coin blocks it."""
        st.discard.append(DiscardCard(value, seat, st.turn_no, quick))
        if value not in SPECIAL_VALUES:
            return []
        if st.coin == seat and value != 9:
            st.coin = None
            st.blocked[seat] = value
            return [msg("citroncoco.coin.blocks", seat=seat, value=value)]
        if not self.has_power(st, seat, value):
            return []
        st.discarded_special.add(seat)
        if value in AUTOMATIC_POWERS:
            return POWERS[value].land(self, st, seat)
        st.pending.setdefault(seat, []).append(value)
        return [msg("citroncoco.power.may_use", seat=seat, value=value,
                    power=POWER_NAMES[value])]

    def play_power(self, st: CitronCocoState, seat: int, move: Power) -> Verdict:
        coin_case = seat not in st.pending and seat in st.blocked
        value = st.blocked[seat] if coin_case else self.power_to_use(st, seat, move.card)
        power = POWERS[value]
        rule = power.rule_for(self, st, seat)
        if power.automatic:
            raise Impossible.of(rule, "citroncoco.power.automatic", "type", value=value)
        judged = power.judge(self, st, seat, move)
        if coin_case:
            del st.blocked[seat]
        else:
            self.use_power(st, seat, value)
        if isinstance(judged, Wrong):
            return Verdict.missplay(judged.rule, judged.reason, PENALTY,
                                    *self.penalty(st, seat))
        effects = power.apply(self, st, seat, move)
        if not coin_case:
            return Verdict.ok(rule, judged, *effects)
        effects += self.penalty(st, seat)
        st.coin = seat
        return Verdict.missplay("CC-COIN-3", msg("citroncoco.coin.used_anyway", seat=seat,
                                                 value=value),
                                msg("citroncoco.penalty.card_and_coin"), judged, *effects)

    def power_to_use(self, st: CitronCocoState, seat: int, card: int | None) -> int:
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

    def play_forgo_power(self, st: CitronCocoState, seat: int, move: ForgoPower) -> Verdict:
        """CC-POW-3: a seat gives up a power it owes, as the next draw would (CC-POW-2); after a
        round's last card (CC-END-1) this is how the reveal is let through unused."""
        value = self.power_to_use(st, seat, move.card)
        self.use_power(st, seat, value)
        said = msg("citroncoco.power.given_up", seat=seat, value=value,
                   power=POWER_NAMES[value])
        if self.round_over(st) and st.options.power_before_reveal and (
            self.last_power_owed(st) is None
        ):
            return Verdict.ok("CC-POW-3", said, msg("citroncoco.reveal.may"))
        return Verdict.ok("CC-POW-3", said)

    def last_power_owed(self, st: CitronCocoState) -> tuple[int, int] | None:
        """CC-END-1: once the round is over, the seat and value of the last discarded card's
        power if it is still owed: « la manche prend fin après que ce pouvoir ait été réalisé »."""
        if not self.round_over(st) or not st.discard:
            return None
        top = st.discard[-1]
        if top.value in st.pending.get(top.seat, []):
            return top.seat, top.value
        return None

    def use_power(self, st: CitronCocoState, seat: int, value: int) -> None:
        owed = st.pending[seat]
        owed.remove(value)
        if not owed:
            del st.pending[seat]

    # ---------------------------------------------------------------- quick play

    def play_quick_play(self, st: CitronCocoState, seat: int, move: QuickPlay) -> Verdict:
        self.check_quick_play_time(st)
        plays: list[Play] = [(seat, move.slot, move.value)]
        if move.is_sum:
            plays.append(self.check_sum(st, move))
        self.check_shown_cards(st, plays)
        fault = self.quick_fault(st, seat, move, plays)
        if fault is None:
            return self.do_quick_play(st, seat, plays, move)
        if st.phase == "reveal":
            st.final_quick_done = True
        for s, slot, v in plays:
            st.hands[s][slot - 1].value = v  # shown to all, taken back
        return Verdict.missplay(fault[0], fault[1], msg("citroncoco.penalty.cards_back",
                                                        seat=seat),
                                *self.penalty(st, seat))

    def check_sum(self, st: CitronCocoState, move: QuickPlay) -> Play:
        allow_rule = self.sum_rules()[0]
        if not self.sum_allowed(st):
            raise Impossible.of(allow_rule, "citroncoco.quick.no_sum", "payload.other_slot")
        if not move.sum_complete:
            raise Impossible.of(allow_rule, "citroncoco.quick.sum_incomplete",
                                "payload.other_slot")
        assert move.other_seat is not None and move.other_slot and move.other_value is not None
        if not 0 <= move.other_seat < st.seats:
            raise Impossible.of("CC-SEATS-1", "citroncoco.quick.no_such_seat",
                                "payload.other_seat", seat_number=move.other_seat)
        return move.other_seat, move.other_slot, move.other_value

    def quick_fault(self, st: CitronCocoState, seat: int, move: QuickPlay,
                    plays: list[Play]) -> tuple[str, Message] | None:
        """The rule a judged quick play breaks, and why (None: it stands)."""
        top = st.discard[-1]
        if move.is_sum:
            assert move.other_seat is not None
            why = self.sum_partner_fault(st, seat, move.other_seat)
            if why is not None:
                return self.sum_rules()[1], msg("citroncoco.quick.wrong", seat=seat,
                                                 why=why.as_dict())
        if self.covers_a_quick_play_this_turn(st):
            return self.quick_on_quick_rule(), msg("citroncoco.quick.on_quick", seat=seat,
                                                   top=top.value)
        if sum(v for _, _, v in plays) == top.value:
            return None
        if len(plays) == 1:
            return "CC-MISS-2", msg("citroncoco.quick.wrong_value", seat=seat, value=move.value,
                                    top=top.value)
        return "CC-MISS-2", msg("citroncoco.quick.wrong_sum", seat=seat, value=plays[0][2],
                                other_value=plays[1][2], top=top.value)

    def covers_a_quick_play_this_turn(self, st: CitronCocoState) -> bool:
        """CC-QP-8 / CCT-QP-3: the top was quick-played this turn and the match forbids covering
        it (the one last quick play on a round's final discard may, CCT-END-1)."""
        top = st.discard[-1]
        return (
            top.quick
            and top.turn == st.turn_no
            and st.phase != "reveal"
            and not st.options.quick_play_on_quick_play
        )

    def check_quick_play_time(self, st: CitronCocoState) -> None:
        if st.phase == "reveal":
            if not (self.final_quick_play and st.emptied is not None and not st.final_quick_done):
                raise Impossible.of("CC-END-1", "citroncoco.quick.round_over", "type")
        elif self.round_over(st):
            raise Impossible.of("CC-CALL-3", "citroncoco.quick.last_turns_played", "type")
        if not st.discard:
            raise Impossible.of("CC-QP-1", "citroncoco.quick.discard_empty", "type")

    def check_shown_cards(self, st: CitronCocoState, plays: list[Play]) -> None:
        if len(plays) == 2 and plays[0][:2] == plays[1][:2]:
            raise Impossible.of(self.sum_rules()[0], "citroncoco.quick.same_card",
                                "payload.other_slot")
        unknown: list[int] = []
        for i, (s, slot, v) in enumerate(plays):
            where = "payload.slot" if i == 0 else "payload.other_slot"
            card = self.card(st, s, slot, where)
            if card.value is None:
                unknown.append(v)
            elif card.value != v:
                self.check_card_value(st, s, slot, card, v, where.replace("slot", "value"))
        self.check_possible(st, unknown, "payload.value")

    def do_quick_play(self, st: CitronCocoState, seat: int, plays: list[Play],
                      move: QuickPlay) -> Verdict:
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
        effects = self.put_on_discard(st, owner, top_value, quick=True)
        emptied = [s for s in dict.fromkeys(s for s, _, _ in plays) if not st.hands[s]]
        if emptied and st.phase != "reveal":
            effects += self.end_by_empty_hand(st, emptied[0])
        under = st.discard[-1 - len(plays)].value
        if len(plays) == 1:
            return Verdict.ok("CC-QP-1", msg("citroncoco.quick.played", seat=seat,
                                             value=top_value, top=under), *effects)
        return Verdict.ok(self.sum_rules()[0], msg(
            "citroncoco.quick.played_sum", seat=seat, value=plays[0][2],
            other_value=plays[1][2], top=under), *effects)

    def end_by_empty_hand(self, st: CitronCocoState, seat: int) -> list[Message]:
        """CC-END-1: the round ends at once (after the last card's power, if it has one)."""
        effects = [msg("citroncoco.round.hand_empty", seat=seat)]
        if st.held is not None:
            st.stock += 1
            st.held = None
            effects.append(msg("citroncoco.round.held_back"))
        st.phase = "reveal"
        st.emptied = seat
        return effects

    # ---------------------------------------------------------------- Citron Coco

    def play_citron_coco(self, st: CitronCocoState, seat: int, move: object) -> Verdict:
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

    # ---------------------------------------------------------------- reveal and scoring

    def play_reveal(self, st: CitronCocoState, seat: int | None, move: Reveal) -> Verdict:
        hands = [list(h) for h in move.hands]
        self.check_reveal(st, hands)
        for s, values in enumerate(hands):
            for card, v in zip(st.hands[s], values, strict=True):
                card.value = v
        sums = [sum(values) for values in hands]
        scores, rule, said = self.score_round(st, sums)
        ending = "citron coco" if st.caller is not None else "empty hand"
        for side, score in enumerate(scores):
            st.totals[side] += score
        scoring.summarise(st, scores, sums, ending)
        result = self.result(st)
        if result is not None:
            st.phase = "over"
            return Verdict.ok("CC-GOAL-1", msg("citroncoco.round.last", round=st.round,
                                               scored=said.as_dict(),
                                               outcome=result.message.as_dict()))
        loser = scoring.round_loser(self, st, scores)
        starter = loser if st.options.round_starter == "loser" else (st.starter + 1) % st.seats
        st.round += 1
        self.deal(st, starter)
        return Verdict.ok(rule, msg("citroncoco.round.scored", round=st.round - 1,
                                    scored=said.as_dict()),
                          msg("citroncoco.round.dealt", round=st.round, seat=starter))

    def check_reveal(self, st: CitronCocoState, hands: list[list[int]]) -> None:
        if not self.round_over(st):
            raise Impossible.of("CC-CALL-3", "citroncoco.reveal.not_over", "type")
        if st.options.power_before_reveal and (owed := self.last_power_owed(st)):
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
                    self.check_card_value(st, seat, slot, card, v, f"payload.hands.{seat}")
        self.check_possible(st, newly, "payload.hands")

    # ---------------------------------------------------------------- host-logged missplays

    def play_missplay(self, st: CitronCocoState, seat: int, move: MissplayReport) -> Verdict:
        if move.rule not in self.reportable_missplays:
            raise Impossible.of("CC-MISS-1", "citroncoco.missplay.unknown", "payload.rule",
                                rule=move.rule, rules=list(self.reportable_missplays))
        self.check_report(st, seat, move.rule)
        effects = self.penalty(st, seat)
        if move.rule == "CC-COIN-3":
            blocked = st.blocked.pop(seat, None)
            if blocked in AUTOMATIC_POWERS:  # played again or skipped a seat: it stands
                effects += POWERS[blocked].land(self, st, seat)
            st.coin = seat
            effects.append(msg("citroncoco.coin.kept", seat=seat))
        fault = msg(self.fault_messages[move.rule]).as_dict()
        if move.note:
            reason = msg("citroncoco.missplay.reported_note", seat=seat, fault=fault,
                         note=move.note)
        else:
            reason = msg("citroncoco.missplay.reported", seat=seat, fault=fault)
        return Verdict.missplay(move.rule, reason, msg("citroncoco.penalty.unseen"), *effects)

    def check_report(self, st: CitronCocoState, seat: int, rule: str) -> None:
        """A reported fault must be one the seat could have made, given the table (CC-MISS-1)."""
        why = self.report_impossible(st, seat, rule) if st.options.check_reports else None
        if why is not None:
            raise Impossible.of(rule, why, "seat", seat=seat)

    def report_impossible(self, st: CitronCocoState, seat: int, rule: str) -> str | None:
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

    # ---------------------------------------------------------------- reading the state

    def forfeits(self, state: CitronCocoState, event: Event) -> tuple[Message, ...]:
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

    def turn(self, state: CitronCocoState) -> int | None:
        if state.phase == "reveal":
            owed = self.last_power_owed(state) if state.options.power_before_reveal else None
            return owed[0] if owed is not None else None
        if state.phase == "over":
            return None
        if state.phase == "play":
            return state.turn_seat
        if state.phase == "end" and state.turn_seat in state.pending:
            return state.turn_seat
        return self.next_turn(state).seat

    def is_finished(self, state: CitronCocoState) -> bool:
        return state.phase == "over"

    def round_over(self, st: CitronCocoState) -> bool:
        """The hands are to be revealed: a hand emptied, or the last turns are all played."""
        if st.phase == "reveal":
            return True
        return st.phase == "end" and st.caller is not None and self.next_turn(st).seat is None

    def reveal_due(self, st: CitronCocoState) -> bool:
        """The hands are to be revealed now: the round is over and its last power is not owed."""
        owed = st.options.power_before_reveal and self.last_power_owed(st) is not None
        return self.round_over(st) and not owed

    def public_phase(self, st: CitronCocoState) -> str:
        return "reveal" if self.round_over(st) else st.phase

    def standings(self, state: CitronCocoState) -> Standings:
        return scoring.standings(self, state)

    def view(self, state: CitronCocoState, viewer: Viewer) -> dict[str, Any]:
        return view.table(self, state, viewer)

    def offers(self, state: CitronCocoState, seat: int | None) -> tuple[LegalMove, ...]:
        return offering.offers(self, state, seat)

    def offered_moves(self, st: CitronCocoState) -> dict[int, list[str]]:
        """The move types each seat may log now (payloads still to be judged), for a UI."""
        return offering.offered_moves(self, st)

    def cards_in_play(self, state: CitronCocoState) -> int:
        """Hands + stock + discard + a drawn card: always the deck's size (a test invariant)."""
        return (sum(len(h) for h in state.hands) + state.stock + len(state.discard)
                + (1 if state.held else 0))


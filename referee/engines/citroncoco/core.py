"""CitronCoco each for themself: the table, the turn, the powers, the quick plays, the scoring.

The engine never sees a card the table has not shown. A card in a hand is ``HandCard``: its value
is ``None`` until the table shows it (a Spy, a card drawn from the discard and kept, a wrong quick
play taken back), and every value that appears is checked against the deck's composition and
against what was already known. The team game (``teams.py``) overrides the few hooks that differ:
sides, the Fellow's target, the addition quick play, the scoring and the end of the match.

Turn model (catalogue CC-TURN-7): ``draw`` starts a seat's turn; ``discard`` or ``replace`` plays
the drawn card; the discarded card's power, if any, is then used with ``power`` (or given up
with ``forgo_power``, or forfeited by the next ``draw``); the turn ends when the next seat draws.
``quick_play`` comes from any seat at any time; ``citron_coco`` is called by the seat whose turn
is done, before the next draw.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, NamedTuple

from marshmallow import Schema, ValidationError, fields, validate, validates

from referee.engines.base import (
    HOST,
    NO_CARDS,
    OTHERS_CARDS,
    OWN_CARDS,
    Engine,
    Event,
    Impossible,
    InvalidOptions,
    Line,
    MissplayReportSchema,
    Standings,
    Verdict,
    Viewer,
)

HAND_SIZE = 4

# DESIGN.md ruling: ace 1, 2-10, jack 11, queen 12, red kings -1, black kings 13.
DEFAULT_DECK: dict[int, int] = {**{v: 4 for v in range(1, 13)}, -1: 2, 13: 2}

POWER_NAMES: dict[int, str] = {
    1: "Assault",
    2: "Fellow",
    7: "Seadog",
    9: "Witch",
    10: "Spy",
    11: "Supply",
    12: "Queen",
    -1: "Captain",
    13: "Captain",
}
SPECIAL_VALUES = frozenset(POWER_NAMES)
AUTOMATIC_POWERS = frozenset({11, 13})  # nothing to choose: applied when the card is discarded
POWER_RULES: dict[int, str] = {
    1: "CC-ASSAULT-1",
    2: "CC-FELLOW-1",
    7: "CC-SEADOG-1",
    9: "CC-WITCH-1",
    10: "CC-SPY-1",
    11: "CC-SUPPLY-1",
    12: "CC-QUEEN-1",
    -1: "CC-CAPT-1",
    13: "CC-CAPT-2",
}


# --------------------------------------------------------------------------- state


@dataclass(slots=True)
class HandCard:
    """A card in a seat's row: ``value`` is known only once the table has seen it."""

    value: int | None = None
    face_up: bool = False  # turned by a 10 (Spy): stays face up until discarded


@dataclass(slots=True)
class DiscardCard:
    """A card on the discard pile, with who put it there and how (for the drawing rules)."""

    value: int
    seat: int
    turn: int
    quick: bool = False


@dataclass(slots=True)
class HeldCard:
    """The card the turn's seat has drawn and not yet played."""

    value: int | None
    source: str


@dataclass(slots=True)
class RoundSummary:
    """One scored round: what each side scored and how the round ended."""

    number: int
    scores: list[int]
    totals: list[int]
    hands: list[int]  # coconuts in each seat's hand at the reveal
    ending: str
    caller: int | None = None
    multiplier: int = 1


@dataclass(slots=True)
class CitronCocoState:
    seats: int
    options: dict[str, Any]
    deck: dict[int, int]
    sides: list[list[int]]  # seats of each side (one per seat alone; two teams of two)
    totals: list[int]  # coconuts per side
    first_seat: int
    round: int = 1
    starter: int = 0
    hands: list[list[HandCard]] = field(default_factory=list)
    stock: int = 0
    discard: list[DiscardCard] = field(default_factory=list)
    coin: int | None = None
    phase: str = "draw"  # draw (round start), play, end (turn done), reveal, over
    turn_seat: int | None = None
    turn_no: int = 0
    held: HeldCard | None = None
    # seat -> cards whose powers it may still use, oldest first (a discard and a quick play)
    pending: dict[int, list[int]] = field(default_factory=dict)
    blocked: dict[int, int] = field(default_factory=dict)  # seat -> special card the coin blocked
    extra: list[int] = field(default_factory=list)  # plays again owed (11)
    skips: list[int] = field(default_factory=list)  # turns to skip (13)
    caller: int | None = None
    multiplier: int = 1
    last_to_play: list[int] = field(default_factory=list)
    last_swap: tuple[tuple[int, int], tuple[int, int]] | None = None
    emptied: int | None = None
    final_quick_done: bool = False
    summaries: list[RoundSummary] = field(default_factory=list)
    # what a host's report is checked against (CC-MISS-4, CC-MISS-5), this round
    discarded_special: set[int] = field(default_factory=set)  # seats given a power to use
    penalised: set[int] = field(default_factory=set)  # seats that took a penalty card


# --------------------------------------------------------------------------- schemas


class CitronCocoOptions(Schema):
    first_seat = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={
            "description": "Seat that starts the first round: the loser of the last match "
            "begins (« Le perdant de la dernière partie commence »)."
        },
    )
    target = fields.Integer(
        load_default=200,
        validate=validate.Range(min=1),
        metadata={"description": "Coconuts that sink a ship and end the match (200)."},
    )
    deck = fields.Dict(
        keys=fields.Integer(validate=validate.Range(min=-99, max=99)),
        values=fields.Integer(validate=validate.Range(min=0, max=99)),
        load_default=lambda: dict(DEFAULT_DECK),
        metadata={
            "description": "Deck composition, card value -> number of cards. Default: a "
            "52-card deck, ace 1, 2-10, jack 11, queen 12, red kings -1, black kings 13."
        },
    )
    sum_quick_play = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Allow the second quick play: « la somme de deux cartes » of "
            "your own game equal to the top of the discard."
        },
    )
    fellow_solo = fields.Boolean(
        load_default=False,
        metadata={
            "description": "The 2 (Fellow) lets you look at one of your own cards (there "
            "is no teammate each for themself; otherwise the 2 has no power)."
        },
    )
    caller_wins_ties = fields.Boolean(
        load_default=False,
        metadata={
            "description": "A Citron Coco caller tied for the fewest coconuts wins the "
            "round (default: a tie is not « le moins », the call fails)."
        },
    )
    quick_play_on_quick_play = fields.Boolean(
        load_default=True,
        metadata={
            "description": "A quick play may cover a card itself discarded by a quick "
            "play in the current turn."
        },
    )
    round_starter = fields.String(
        load_default="loser",
        validate=validate.OneOf(["loser", "left"]),
        metadata={
            "description": "Who starts each later round: 'loser' (the seat that scored "
            "most coconuts in the previous round) or 'left' (the next seat in order)."
        },
    )

    power_before_reveal = fields.Boolean(
        load_default=True,
        metadata={
            "description": "The hands are revealed only once the last discarded card's power "
            "is used or given up (« la manche prend fin après que ce pouvoir ait été "
            "réalisé »). Off: the reveal forfeits it (how matches were judged before)."
        },
    )
    check_reports = fields.Boolean(
        load_default=True,
        metadata={
            "description": "A fault the host reports must fit the table: a coin fault by the "
            "coin's holder or a seat whose power it blocked, a wrong power by a seat that "
            "discarded a special card, a look at a penalty card by a seat that took one. "
            "Off: every report is accepted (how matches were judged before)."
        },
    )

    @validates("deck")
    def _deck_has_cards(self, value: dict[int, int], **_: Any) -> None:
        if sum(value.values()) <= 0:
            raise ValidationError("The deck must hold at least one card.")


def _value_field(description: str, **kwargs: Any) -> fields.Integer:
    return fields.Integer(
        validate=validate.Range(min=-99, max=99), metadata={"description": description}, **kwargs
    )


def _slot_field(description: str, **kwargs: Any) -> fields.Integer:
    return fields.Integer(
        validate=validate.Range(min=1), metadata={"description": description}, **kwargs
    )


def _seat_field(description: str, **kwargs: Any) -> fields.Integer:
    return fields.Integer(
        validate=validate.Range(min=0), metadata={"description": description}, **kwargs
    )


class DrawSchema(Schema):
    source = fields.String(
        required=True,
        validate=validate.OneOf(["stock", "discard"]),
        metadata={
            "description": "Where the seat draws the first card of its turn: 'stock' "
            "(face down) or 'discard' (the top card, if it is not the seat's own)."
        },
    )


class DiscardSchema(Schema):
    value = _value_field("Value of the drawn card, discarded face up directly.", required=True)


class ReplaceSchema(Schema):
    slot = _slot_field(
        "Position (1 = leftmost) in the seat's row of the card replaced by the drawn card.",
        required=True,
    )
    value = _value_field("Value of the replaced card, now discarded face up.", required=True)


class PowerSchema(Schema):
    target_seat = _seat_field(
        "Seat the power aims at: who gets the stock's top card (1), whose card is looked at "
        "(2, 7), who gets the coin (9), whose card is turned face up (10), first card of a "
        "swap (12).",
        load_default=None,
        allow_none=True,
    )
    slot = _slot_field(
        "Position of the card aimed at in target_seat's row (2, 7, 10, 12).",
        load_default=None,
        allow_none=True,
    )
    value = _value_field(
        "Value of the card turned face up by a 10 (Spy).", load_default=None, allow_none=True
    )
    other_seat = _seat_field(
        "Seat of the second card of a 12 (Queen) swap.", load_default=None, allow_none=True
    )
    other_slot = _slot_field(
        "Position of the second card of a 12 (Queen) swap.", load_default=None, allow_none=True
    )
    card = _value_field(
        "Value of the card whose power this is, when the seat has several powers to use (a "
        "discard and a quick play); default: the oldest.",
        load_default=None,
        allow_none=True,
    )


class QuickPlaySchema(Schema):
    slot = _slot_field("Position of the quick-played card in the seat's own row.", required=True)
    value = _value_field("Value of that card, shown as it is discarded.", required=True)
    other_seat = _seat_field(
        "Sum quick play only: seat holding the second card (each for themself: your own seat; "
        "in teams: your teammate).",
        load_default=None,
        allow_none=True,
    )
    other_slot = _slot_field(
        "Sum quick play only: position of the second card.", load_default=None, allow_none=True
    )
    other_value = _value_field(
        "Sum quick play only: value of the second card.", load_default=None, allow_none=True
    )
    on_top = fields.String(
        load_default="other",
        validate=validate.OneOf(["own", "other"]),
        metadata={
            "description": "Sum quick play only: which card lands on top of the discard "
            "('own' = slot/value, 'other' = the second card); only its power activates."
        },
    )


class EmptySchema(Schema):
    """A call that carries nothing but the seat that made it."""


class ForgoPowerSchema(Schema):
    card = _value_field(
        "Value of the card whose power the seat gives up, when it owes several; default: the "
        "oldest.",
        load_default=None,
        allow_none=True,
    )


class RevealSchema(Schema):
    hands = fields.List(
        fields.List(_value_field("A card's value.")),
        required=True,
        metadata={
            "description": "The hands turned over at the end of the round: for each seat "
            "(0, 1, …) the values of its cards in row order (position 1 first)."
        },
    )


# --------------------------------------------------------------------------- engine


class CitronCocoEngine(Engine[CitronCocoState]):
    """Le Citron Coco en individuel: 2 to 6 captains, each for themself."""

    id: ClassVar[str] = "citroncoco"
    title: ClassVar[str] = "CitronCoco (each for themself)"
    rules_file: ClassVar[str] = "citroncoco-individual.fr.txt"
    catalogue: ClassVar[str] = "docs/rules/citroncoco.md"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 6
    options_schema: ClassVar[type[Schema]] = CitronCocoOptions
    event_types: ClassVar[Mapping[str, type[Schema]]] = {
        "draw": DrawSchema,
        "discard": DiscardSchema,
        "replace": ReplaceSchema,
        "power": PowerSchema,
        "forgo_power": ForgoPowerSchema,
        "quick_play": QuickPlaySchema,
        "citron_coco": EmptySchema,
        "reveal": RevealSchema,
        "missplay": MissplayReportSchema,
    }
    host_only: ClassVar[frozenset[str]] = frozenset({"missplay"})
    # CC-CALL-1 (the others play one last turn), CC-END-2 (the round is scored).
    costly_moves: ClassVar[frozenset[str]] = frozenset({"citron_coco", "reveal", "forgo_power"})
    calls: ClassVar[frozenset[str]] = frozenset({"citron_coco"})
    states_cards: ClassVar[Mapping[str, str]] = {
        "draw": NO_CARDS,
        "discard": OWN_CARDS,
        "replace": OWN_CARDS,
        "power": OWN_CARDS,  # the Spy's card: the seat using the 10 turns it face up (CC-SPY-1)
        "quick_play": OWN_CARDS,  # teams: the teammate's card of a sum, as the rules allow
        "citron_coco": NO_CARDS,
        "forgo_power": NO_CARDS,
        "reveal": OTHERS_CARDS,  # every seat's hand: the host's to log
        "missplay": NO_CARDS,
    }
    reportable_missplays: ClassVar[Mapping[str, str]] = {
        "CC-MISS-3": "A player looked at a card without permission.",
        "CC-MISS-4": "A player who discarded a special card did not use its power correctly.",
        "CC-COIN-3": "The coin's holder discarded a special card and used its power anyway "
        "(penalty card, and the holder keeps the coin).",
        "CC-MISS-5": "A player looked at a penalty card.",
    }
    unit: ClassVar[str] = "coconuts"
    final_quick_play: ClassVar[bool] = False  # teams: one last quick play on the final discard
    swap_memory_per_turn: ClassVar[bool] = False  # teams: « not … twice the same swap in one turn »
    # 2: several powers owed per seat (``pending`` lists); 3: what reports are checked against
    state_version: ClassVar[int] = 3

    # ---------------------------------------------------------------- set-up

    def setup(self, options: Mapping[str, Any], seats: int) -> CitronCocoState:
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidOptions(
                self.seats_rule(),
                f"{self.title} is played by "
                f"{self.min_seats} to {self.max_seats} seats, not {seats}.",
                "seats",
            )
        opts = dict(options)
        deck = {int(v): int(n) for v, n in dict(opts["deck"]).items() if int(n) > 0}
        if sum(deck.values()) < HAND_SIZE * seats + 2:
            raise InvalidOptions(
                "CC-DECK-1",
                f"A deck of {sum(deck.values())} cards cannot deal "
                f"{HAND_SIZE} cards to {seats} seats and leave a stock.",
                "options.deck",
            )
        if opts["first_seat"] >= seats:
            raise InvalidOptions(
                "CC-SET-4",
                f"Seat {opts['first_seat']} is not at a table of {seats}.",
                "options.first_seat",
            )
        opts["deck"] = {str(v): n for v, n in sorted(deck.items())}
        sides = self.make_sides(opts, seats)
        state = CitronCocoState(
            seats=seats,
            options=opts,
            deck=deck,
            sides=sides,
            totals=[0] * len(sides),
            first_seat=opts["first_seat"],
        )
        self._deal(state, opts["first_seat"])
        return state

    def seats_rule(self) -> str:
        return "CC-SEATS-1"

    def make_sides(self, options: Mapping[str, Any], seats: int) -> list[list[int]]:
        """Each for themself: every seat is its own side."""
        return [[s] for s in range(seats)]

    def _deal(self, st: CitronCocoState, starter: int) -> None:
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
        st.last_swap = None
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
        if st.options["fellow_solo"]:
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
        return bool(st.options["sum_quick_play"])

    def sum_partner_fault(self, st: CitronCocoState, seat: int, other_seat: int) -> str | None:
        """Each for themself a sum uses two of your own cards; an opponent's is a missplay."""
        if other_seat != seat:
            return f"a sum may only use seat {seat}'s own cards, not seat {other_seat}'s"
        return None

    def score_round(self, st: CitronCocoState, hands: list[int]) -> tuple[list[int], str, str]:
        """Per-side scores of a round, the clause applied and a sentence."""
        if st.caller is None:
            return list(hands), "CC-END-2", "every seat scores the coconuts in its hand"
        caller = st.caller
        others = [hands[s] for s in range(st.seats) if s != caller]
        fewest = hands[caller] < min(others) or (
            st.options["caller_wins_ties"] and hands[caller] <= min(others)
        )
        if fewest:
            scores = list(hands)
            scores[caller] = -max(others)
            return (
                scores,
                "CC-CALL-4",
                (
                    f"seat {caller}'s Citron Coco succeeds: the others "
                    f"score their hands, seat {caller} takes off "
                    f"{max(others)}"
                ),
            )
        scores = [0] * st.seats
        scores[caller] = hands[caller]
        return (
            scores,
            "CC-CALL-5",
            (
                f"seat {caller}'s Citron Coco fails: seat {caller} scores "
                f"{hands[caller]}, the others nothing"
            ),
        )

    def result(self, st: CitronCocoState) -> tuple[bool, tuple[int, ...], str]:
        """Finished?, winning seats, outcome sentence (CC-GOAL-1/2)."""
        target = st.options["target"]
        sunk = [s for s in range(st.seats) if st.totals[s] >= target]
        if not sunk:
            return False, (), ""
        low = min(st.totals)
        winners = tuple(s for s in range(st.seats) if st.totals[s] == low)
        names = " and ".join(f"seat {s}" for s in winners)
        sunk_text = ", ".join(f"seat {s} ({st.totals[s]})" for s in sunk)
        return (
            True,
            winners,
            (
                f"{names.capitalize()} {'wins' if len(winners) == 1 else 'win'} "
                f"with {low} coconuts; sunk: {sunk_text}."
            ),
        )

    def round_loser(self, st: CitronCocoState, scores: list[int]) -> int:
        """The seat that scored most this round (ties: first in turn order from the starter)."""
        order = [(st.starter + i) % st.seats for i in range(st.seats)]
        seat_scores = [scores[self.side_of(st, s)] for s in range(st.seats)]
        return max(order, key=lambda s: (seat_scores[s], -order.index(s)))

    # ---------------------------------------------------------------- apply

    def apply(self, state: CitronCocoState, event: Event) -> Verdict:
        handler = getattr(self, f"_apply_{event.type}", None)
        if handler is None or event.type not in self.event_types:
            raise Impossible("CC-TURN-7", f"{self.title} has no move '{event.type}'.", "type")
        if state.phase == "over":
            raise Impossible("CC-GOAL-1", "The match is over: a ship has sunk.", "type")
        if event.seat is not None and not 0 <= event.seat < state.seats:
            raise Impossible("CC-SEATS-1", f"There is no seat {event.seat} at this table.", "seat")
        return handler(state, event)

    def _seat(self, event: Event) -> int:
        if event.seat is None:
            raise Impossible("CC-TURN-7", f"A '{event.type}' is made by a seat: name it.", "seat")
        return event.seat

    # ----- draw

    def _apply_draw(self, st: CitronCocoState, event: Event) -> Verdict:
        seat = self._seat(event)
        source = event.payload["source"]
        nxt = self._check_draw(st, seat, source)
        drawer, skipped = nxt.seat, nxt.skipped
        assert drawer is not None
        # judged: change the state
        for s in skipped:
            st.skips[s] -= 1
            if s in st.last_to_play:
                st.last_to_play.remove(s)
        if nxt.again:
            st.extra[drawer] -= 1
        if drawer in st.last_to_play:
            st.last_to_play.remove(drawer)
        effects = [f"seat {s} skips its turn (13 Captain)" for s in skipped]
        forfeited = [
            f"seat {s} did not use the {v}'s power" for s, vs in st.pending.items() for v in vs
        ]
        st.pending.clear()
        st.blocked.clear()
        if self.swap_memory_per_turn:
            st.last_swap = None
        st.turn_no += 1
        st.turn_seat = seat
        st.phase = "play"
        if source == "discard":
            st.held = HeldCard(st.discard.pop().value, "discard")
            text = f"Seat {seat} draws the {st.held.value} from the discard."
            rule = "CC-TURN-3"
        else:
            effects += self._refill_stock(st)
            st.stock -= 1
            st.held = HeldCard(None, "stock")
            text = f"Seat {seat} draws from the stock."
            rule = "CC-TURN-1"
        return Verdict.ok(rule, text, *effects, *forfeited)

    def _check_draw(self, st: CitronCocoState, seat: int, source: str) -> NextTurn:
        if st.phase == "play":
            raise Impossible(
                "CC-TURN-4",
                f"Seat {st.turn_seat} holds a drawn card: it must "
                "discard it or replace one of its cards first.",
                "type",
            )
        if st.phase == "reveal":
            raise Impossible("CC-END-1", "The round is over: log the reveal of the hands.", "type")
        nxt = self.next_turn(st)
        drawer = nxt.seat
        if drawer is None:
            raise Impossible(
                "CC-CALL-3",
                "Every seat has played its last turn after the Citron "
                "Coco: log the reveal of the hands.",
                "type",
            )
        if seat != drawer:
            why = f"it is seat {drawer}'s turn"
            if nxt.again:
                why = f"seat {drawer} plays again (11 Supply)"
            raise Impossible("CC-TURN-6", f"Seat {seat} cannot draw: {why}.", "seat")
        if source == "discard":
            if not st.discard:
                raise Impossible(
                    "CC-TURN-1", "The discard is empty: draw from the stock.", "payload.source"
                )
            if st.discard[-1].seat == seat:
                raise Impossible(
                    "CC-TURN-2",
                    f"Seat {seat} cannot draw back the card it discarded itself.",
                    "payload.source",
                )
        elif st.stock == 0 and len(st.discard) < 2:
            raise Impossible(
                "CC-DECK-2",
                "The stock is empty and the discard has no card to turn over.",
                "payload.source",
            )
        return nxt

    def next_turn(self, st: CitronCocoState) -> NextTurn:
        """Who draws next (None once the last turns are played), whose skips (13) that uses up,
        and whether that draw is a play again owed by an 11."""
        if st.phase == "draw":
            return NextTurn(st.starter, [], False)
        current = st.turn_seat
        assert current is not None
        if st.extra[current] > 0 and not (current == st.caller and st.last_to_play):
            return NextTurn(current, [], True)  # a caller's waits for the others' last turns
        left = list(st.skips)
        skipped: list[int] = []
        if st.caller is None:
            s = current
            while True:
                s = (s + 1) % st.seats
                if left[s] > 0:
                    left[s] -= 1
                    skipped.append(s)
                    continue
                return NextTurn(s, skipped, False)
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

    def _refill_stock(self, st: CitronCocoState) -> list[str]:
        """CC-DECK-2: an empty stock is remade from the discard but its top card."""
        if st.stock > 0 or len(st.discard) < 2:
            return []
        moved = len(st.discard) - 1
        st.discard = st.discard[-1:]
        st.stock = moved
        return [f"the stock ran out: {moved} cards of the discard become the new stock"]

    def _penalty(self, st: CitronCocoState, seat: int) -> list[str]:
        """CC-MISS-1: a penalty card from the stock, unseen; remembered for CC-MISS-5."""
        effects = self._draw_unseen(st, seat)
        if effects[-1] != "no card is left to draw":
            st.penalised.add(seat)
        return effects

    def _draw_unseen(self, st: CitronCocoState, seat: int) -> list[str]:
        """A card from the stock, face down, to ``seat``'s row (penalty or 1 Assault)."""
        effects = self._refill_stock(st)
        if st.stock == 0:
            return [*effects, "no card is left to draw"]
        st.stock -= 1
        st.hands[seat].append(HandCard())
        return [*effects, f"seat {seat} takes a card from the stock unseen"]

    # ----- discard / replace

    def _check_playing(self, st: CitronCocoState, seat: int) -> HeldCard:
        if st.phase != "play" or st.held is None:
            raise Impossible(
                "CC-TURN-1",
                f"Seat {seat} has no drawn card to play: a turn starts with a draw.",
                "type",
            )
        if seat != st.turn_seat:
            raise Impossible(
                "CC-TURN-6", f"Seat {seat} cannot play: it is seat {st.turn_seat}'s turn.", "seat"
            )
        return st.held

    def _apply_discard(self, st: CitronCocoState, event: Event) -> Verdict:
        seat = self._seat(event)
        value = event.payload["value"]
        held = self._check_playing(st, seat)
        if held.value is not None and held.value != value:
            raise Impossible(
                "CC-TURN-4",
                f"Seat {seat} drew the {held.value} from the discard, not a {value}.",
                "payload.value",
            )
        if held.value is None:
            self._check_possible(st, [value], "payload.value")
        st.held = None
        effects = self._put_on_discard(st, seat, value, quick=False)
        st.phase = "end"
        return Verdict.ok("CC-TURN-4", f"Seat {seat} discards the drawn {value}.", *effects)

    def _apply_replace(self, st: CitronCocoState, event: Event) -> Verdict:
        seat = self._seat(event)
        slot, value = event.payload["slot"], event.payload["value"]
        held = self._check_playing(st, seat)
        card = self._card(st, seat, slot, "payload.slot")
        self._check_card_value(st, seat, slot, card, value, "payload.value")
        st.hands[seat][slot - 1] = HandCard(held.value)
        if st.last_swap is not None and (seat, slot) in st.last_swap:
            st.last_swap = None  # CC-QUEEN-3: a new card there: not the same swap any more
        st.held = None
        effects = self._put_on_discard(st, seat, value, quick=False)
        st.phase = "end"
        return Verdict.ok(
            "CC-TURN-5",
            f"Seat {seat} puts the drawn card at position {slot} "
            f"and discards the {value} it replaces.",
            *effects,
        )

    # ----- values against what is known

    def _card(self, st: CitronCocoState, seat: int, slot: int | None, where: str) -> HandCard:
        if slot is None:
            raise Impossible("CC-LOG-1", "Name the card's position.", where)
        hand = st.hands[seat]
        if not 1 <= slot <= len(hand):
            raise Impossible(
                "CC-LOG-1",
                f"Seat {seat} has {len(hand)} cards: there is no position {slot}.",
                where,
            )
        return hand[slot - 1]

    def known_counts(self, st: CitronCocoState) -> Counter[int]:
        """Values the table has seen that are still in play (discard, known cards in hands)."""
        seen: Counter[int] = Counter(d.value for d in st.discard)
        seen.update(c.value for hand in st.hands for c in hand if c.value is not None)
        if st.held is not None and st.held.value is not None:
            seen[st.held.value] += 1
        return seen

    def _check_possible(self, st: CitronCocoState, values: list[int], where: str) -> None:
        """CC-DECK-1: newly shown values must still be unseen in the deck."""
        seen = self.known_counts(st)
        for value, n in Counter(values).items():
            total = st.deck.get(value, 0)
            if total == 0:
                raise Impossible("CC-DECK-1", f"The deck has no card of value {value}.", where)
            if seen[value] + n > total:
                raise Impossible(
                    "CC-DECK-1",
                    f"The deck has {total} cards of value {value} and "
                    f"{seen[value]} are already known: this {value} cannot be.",
                    where,
                )

    def _check_card_value(
        self, st: CitronCocoState, seat: int, slot: int, card: HandCard, value: int, where: str
    ) -> None:
        if card.value is None:
            self._check_possible(st, [value], where)
        elif card.value != value:
            rule = "CC-SPY-2" if card.face_up else "CC-LOG-2"
            raise Impossible(
                rule,
                f"Seat {seat}'s card at position {slot} is known to be a "
                f"{card.value}, not a {value}.",
                where,
            )

    # ----- powers

    def _put_on_discard(
        self, st: CitronCocoState, seat: int, value: int, *, quick: bool
    ) -> list[str]:
        """A card lands on the discard: its power is activated, unless the coin blocks it."""
        st.discard.append(DiscardCard(value, seat, st.turn_no, quick))
        if value not in SPECIAL_VALUES:
            return []
        if st.coin == seat and value != 9:
            st.coin = None
            st.blocked[seat] = value
            return [
                f"seat {seat} holds the coin: the {value}'s power is not activated and the "
                "coin returns to the centre"
            ]
        if not self.has_power(st, seat, value):
            return []
        st.discarded_special.add(seat)
        if value in AUTOMATIC_POWERS:
            return self._automatic_power(st, seat, value)
        st.pending.setdefault(seat, []).append(value)
        return [f"seat {seat} may use the {value}'s power ({POWER_NAMES[value]})"]

    def _automatic_power(self, st: CitronCocoState, seat: int, value: int) -> list[str]:
        """The 11 and the 13 need no move: their power applies as the card lands."""
        if value == 11:
            st.extra[seat] += 1
            return [f"seat {seat} will play again (11 Supply)"]
        victim = self.next_opponent(st, seat)
        st.skips[victim] += 1
        return [f"seat {victim}'s next turn is skipped (13 Captain)"]

    def _apply_power(self, st: CitronCocoState, event: Event) -> Verdict:
        seat = self._seat(event)
        p = event.payload
        coin_case = seat not in st.pending and seat in st.blocked
        value = st.blocked[seat] if coin_case else self._power_to_use(st, seat, p.get("card"))
        rule = self.fellow_targets(st, seat)[1] if value == 2 else POWER_RULES[value]
        if value in AUTOMATIC_POWERS:
            raise Impossible(
                rule, f"The {value}'s power needs no move: it applies by itself.", "type"
            )
        text, apply_effect = self._judge_power(st, seat, value, p)
        if isinstance(apply_effect, _Missplay):
            if coin_case:
                del st.blocked[seat]
            else:
                self._use_power(st, seat, value)
            effects = self._penalty(st, seat)
            return Verdict.missplay(
                apply_effect.rule, apply_effect.reason, "a penalty card from the stock", *effects
            )
        if coin_case:
            effects = apply_effect()
            del st.blocked[seat]
            effects += self._penalty(st, seat)
            st.coin = seat
            return Verdict.missplay(
                "CC-COIN-3",
                f"Seat {seat} holds the coin and used the {value}'s power anyway.",
                "a penalty card from the stock, and the seat keeps the coin",
                text,
                *effects,
            )
        self._use_power(st, seat, value)
        effects = apply_effect()
        return Verdict.ok(rule, text, *effects)

    def _power_to_use(self, st: CitronCocoState, seat: int, card: int | None) -> int:
        """CC-POW-2: the power a ``power`` move uses: the named card's, else the oldest owed."""
        owed = st.pending.get(seat, [])
        if not owed:
            raise Impossible(
                "CC-POW-2",
                f"Seat {seat} has no power to use: its last discard "
                "has none, or the next turn has begun.",
                "type",
            )
        if card is None:
            return owed[0]
        if card not in owed:
            raise Impossible(
                "CC-POW-2",
                f"Seat {seat} has no {card}'s power to use (it may use: "
                f"{', '.join(map(str, owed))}).",
                "payload.card",
            )
        return card

    def _apply_forgo_power(self, st: CitronCocoState, event: Event) -> Verdict:
        """CC-POW-3: a seat gives up a power it owes, as the next draw would (CC-POW-2); after a
        round's last card (CC-END-1) this is how the reveal is let through unused."""
        seat = self._seat(event)
        value = self._power_to_use(st, seat, event.payload.get("card"))
        self._use_power(st, seat, value)
        text = f"Seat {seat} gives up the {value}'s power ({POWER_NAMES[value]})."
        if self.round_over(st) and st.options["power_before_reveal"] and (
            self.last_power_owed(st) is None
        ):
            return Verdict.ok("CC-POW-3", text, "the hands may be revealed")
        return Verdict.ok("CC-POW-3", text)

    def last_power_owed(self, st: CitronCocoState) -> tuple[int, int] | None:
        """CC-END-1: once the round is over, the seat and value of the last discarded card's
        power if it is still owed: « la manche prend fin après que ce pouvoir ait été réalisé »."""
        if not self.round_over(st) or not st.discard:
            return None
        top = st.discard[-1]
        if top.value in st.pending.get(top.seat, []):
            return top.seat, top.value
        return None

    def _use_power(self, st: CitronCocoState, seat: int, value: int) -> None:
        owed = st.pending[seat]
        owed.remove(value)
        if not owed:
            del st.pending[seat]

    def _judge_power(
        self, st: CitronCocoState, seat: int, value: int, p: Mapping[str, Any]
    ) -> tuple[str, PowerEffect]:
        """Whether the power's targets make sense; returns a sentence and a function applying it.

        Nothing here changes the state: the returned function does, once the move is judged.
        """
        rule = POWER_RULES[value]
        target = p.get("target_seat")
        if value in (1, 2, 7, 9, 10, 12) and target is None:
            raise Impossible(
                rule,
                f"The {value} ({POWER_NAMES[value]}) needs a target seat.",
                "payload.target_seat",
            )
        if target is not None and not 0 <= target < st.seats:
            raise Impossible(
                rule, f"There is no seat {target} at this table.", "payload.target_seat"
            )
        if value == 1:
            if st.stock == 0 and len(st.discard) < 2:
                raise Impossible(rule, "There is no card left to give.", "type")
            return (
                f"Seat {seat} makes seat {target} take the stock's top card unseen (1 Assault).",
                lambda: self._draw_unseen(st, target),
            )
        if value == 2:
            allowed, fellow_rule = self.fellow_targets(st, seat)
            if not allowed:
                raise Impossible(
                    fellow_rule, "The 2 (Fellow) has no power: there is no teammate.", "type"
                )
            self._card(st, target, p.get("slot"), "payload.slot")
            if target not in allowed:
                return "", _Missplay(
                    fellow_rule,
                    f"Wrong power: seat {seat}'s 2 (Fellow) looks at a card of seat "
                    f"{' or '.join(map(str, sorted(allowed)))}, not of seat {target}.",
                )
            return (
                f"Seat {seat} looks at seat {target}'s card at position {p['slot']} (2 Fellow).",
                lambda: [],
            )
        if value == 7:
            self._card(st, target, p.get("slot"), "payload.slot")
            return (
                f"Seat {seat} looks at seat {target}'s card at position {p['slot']} (7 Seadog).",
                lambda: [],
            )
        if value == 9:

            def give_coin() -> list[str]:
                st.coin = target
                return [f"seat {target} holds the coin"]

            return f"Seat {seat} gives the coin to seat {target} (9 Witch).", give_coin
        if value == 10:
            return self._judge_spy(st, seat, target, p)
        if value == 12:
            return self._judge_swap(st, seat, target, p)
        return f"Seat {seat} looks at the stock's next card (-1 Captain).", lambda: []

    def _judge_spy(
        self, st: CitronCocoState, seat: int, target: int, p: Mapping[str, Any]
    ) -> tuple[str, PowerEffect]:
        slot = p.get("slot")
        card = self._card(st, target, slot, "payload.slot")
        if p.get("value") is None:
            raise Impossible(
                "CC-SPY-1", "Give the value of the card turned face up.", "payload.value"
            )
        if card.face_up:
            raise Impossible(
                "CC-SPY-2",
                f"Seat {target}'s card at position {slot} is already face up.",
                "payload.slot",
            )
        self._check_card_value(st, target, slot, card, p["value"], "payload.value")

        def turn_up() -> list[str]:
            card.value, card.face_up = p["value"], True
            return [f"seat {target}'s card at position {slot} stays face up: a {p['value']}"]

        return (
            f"Seat {seat} turns seat {target}'s card at position {slot} face up (10 Spy).",
            turn_up,
        )

    def _judge_swap(
        self, st: CitronCocoState, seat: int, target: int, p: Mapping[str, Any]
    ) -> tuple[str, PowerEffect]:
        other = p.get("other_seat")
        if other is None or not 0 <= other < st.seats:
            raise Impossible(
                "CC-QUEEN-1",
                "The 12 (Queen) swaps two cards: name the second card's seat.",
                "payload.other_seat",
            )
        slot, other_slot = p.get("slot"), p.get("other_slot")
        self._card(st, target, slot, "payload.slot")
        self._card(st, other, other_slot, "payload.other_slot")
        if (target, slot) == (other, other_slot):
            raise Impossible(
                "CC-QUEEN-1", "A swap needs two different cards.", "payload.other_slot"
            )
        key = _swap_key((target, slot), (other, other_slot))
        if key == st.last_swap:
            return "", _Missplay(
                "CC-QUEEN-3",
                f"Seat {seat} repeats the last swap (seat "
                f"{target} position {slot} with seat {other} position "
                f"{other_slot}): the same swap cannot be made twice in a row; "
                "the cards go back.",
            )

        def swap() -> list[str]:
            a, b = st.hands[target], st.hands[other]
            a[slot - 1], b[other_slot - 1] = b[other_slot - 1], a[slot - 1]
            st.last_swap = key
            return []

        return (
            f"Seat {seat} swaps seat {target}'s card at position {slot} with seat {other}'s "
            f"at position {other_slot} (12 Queen).",
            swap,
        )

    # ----- quick play

    def _apply_quick_play(self, st: CitronCocoState, event: Event) -> Verdict:
        seat = self._seat(event)
        p = event.payload
        self._check_quick_play_time(st, seat)
        top = st.discard[-1]
        plays: list[tuple[int, int, int]] = [(seat, p["slot"], p["value"])]
        is_sum = any(p.get(k) is not None for k in ("other_seat", "other_slot", "other_value"))
        allow_rule, partner_rule = self.sum_rules()
        if is_sum:
            if not self.sum_allowed(st):
                raise Impossible(
                    allow_rule,
                    "This match is played without the sum-of-two quick play.",
                    "payload.other_slot",
                )
            if any(p.get(k) is None for k in ("other_seat", "other_slot", "other_value")):
                raise Impossible(
                    allow_rule,
                    "A sum quick play names the second card's seat, position and value.",
                    "payload.other_slot",
                )
            if not 0 <= p["other_seat"] < st.seats:
                raise Impossible(
                    "CC-SEATS-1", f"There is no seat {p['other_seat']}.", "payload.other_seat"
                )
            plays.append((p["other_seat"], p["other_slot"], p["other_value"]))
            if plays[0][:2] == plays[1][:2]:
                raise Impossible(
                    allow_rule, "A sum needs two different cards.", "payload.other_slot"
                )
        self._check_shown_cards(st, plays)
        # judge the quick play against the rules
        fault: tuple[str, str] | None = None
        if is_sum:
            why = self.sum_partner_fault(st, seat, p["other_seat"])
            if why is not None:
                fault = (partner_rule, f"Wrong quick play by seat {seat}: {why}.")
        if fault is None and self.covers_a_quick_play_this_turn(st):
            fault = (
                self.quick_on_quick_rule(),
                f"Wrong quick play by seat {seat}: the "
                f"{top.value} on the discard was itself quick-played during this turn.",
            )
        total = sum(v for _, _, v in plays)
        if fault is None and total != top.value:
            shown = " + ".join(str(v) for _, _, v in plays)
            fault = ("CC-MISS-2", f"Wrong quick play by seat {seat}: {shown} on a {top.value}.")
        if fault is not None:
            if st.phase == "reveal":
                st.final_quick_done = True
            for s, slot, v in plays:
                st.hands[s][slot - 1].value = v  # shown to all, taken back
            effects = self._penalty(st, seat)
            return Verdict.missplay(
                fault[0],
                fault[1],
                f"the cards go back and seat {seat} takes a penalty card from the stock",
                *effects,
            )
        return self._do_quick_play(st, seat, plays, p)

    def quick_on_quick_rule(self) -> str:
        return "CC-QP-8"

    def covers_a_quick_play_this_turn(self, st: CitronCocoState) -> bool:
        """CC-QP-8 / CCT-QP-3: the top was quick-played this turn and the match forbids covering
        it (the one last quick play on a round's final discard may, CCT-END-1)."""
        top = st.discard[-1]
        return (
            top.quick
            and top.turn == st.turn_no
            and st.phase != "reveal"
            and not st.options["quick_play_on_quick_play"]
        )

    def _check_quick_play_time(self, st: CitronCocoState, seat: int) -> None:
        if st.phase == "reveal":
            if not (self.final_quick_play and st.emptied is not None and not st.final_quick_done):
                raise Impossible("CC-END-1", "The round is over: no more quick plays.", "type")
        elif self.round_over(st):
            raise Impossible(
                "CC-CALL-3", "Every seat has played its last turn: the round is over.", "type"
            )
        if not st.discard:
            raise Impossible(
                "CC-QP-1", "The discard is empty: there is no card to quick play on.", "type"
            )

    def _check_shown_cards(self, st: CitronCocoState, plays: list[tuple[int, int, int]]) -> None:
        unknown: list[int] = []
        for i, (s, slot, v) in enumerate(plays):
            where = "payload.slot" if i == 0 else "payload.other_slot"
            card = self._card(st, s, slot, where)
            if card.value is None:
                unknown.append(v)
            elif card.value != v:
                self._check_card_value(st, s, slot, card, v, where.replace("slot", "value"))
        self._check_possible(st, unknown, "payload.value")

    def _do_quick_play(
        self,
        st: CitronCocoState,
        seat: int,
        plays: list[tuple[int, int, int]],
        p: Mapping[str, Any],
    ) -> Verdict:
        if len(plays) == 2 and p["on_top"] == "own":
            plays = [plays[1], plays[0]]
        # remove the cards (highest position first, so positions stay right)
        for s, slot, _ in sorted(plays, key=lambda t: -t[1]):
            del st.hands[s][slot - 1]
            st.last_swap = _swap_after_leaving(st.last_swap, s, slot)
        if st.phase == "reveal":
            st.final_quick_done = True
        effects: list[str] = []
        for s, _, v in plays[:-1]:
            st.discard.append(DiscardCard(v, s, st.turn_no, True))
        owner, _, top_value = plays[-1]
        effects += self._put_on_discard(st, owner, top_value, quick=True)
        emptied = [s for s in dict.fromkeys(s for s, _, _ in plays) if not st.hands[s]]
        if emptied and st.phase != "reveal":
            effects += self._end_by_empty_hand(st, emptied[0])
        values = " + ".join(str(v) for _, _, v in plays)
        rule = "CC-QP-1" if len(plays) == 1 else self.sum_rules()[0]
        return Verdict.ok(
            rule,
            f"Seat {seat} quick-plays {values} on the {st.discard[-1 - len(plays)].value}.",
            *effects,
        )

    def _end_by_empty_hand(self, st: CitronCocoState, seat: int) -> list[str]:
        """CC-END-1: the round ends at once (after the last card's power, if it has one)."""
        effects = [f"seat {seat} has no card left: the round ends"]
        if st.held is not None:
            st.stock += 1
            st.held = None
            effects.append("the drawn card not yet played goes back on the stock")
        st.phase = "reveal"
        st.emptied = seat
        return effects

    # ----- Citron Coco

    def _apply_citron_coco(self, st: CitronCocoState, event: Event) -> Verdict:
        seat = self._seat(event)
        if st.caller is not None:
            raise Impossible(
                "CC-CALL-1", f"Seat {st.caller} has already called Citron Coco this round.", "type"
            )
        if st.phase != "end" or st.turn_seat != seat:
            raise Impossible(
                "CC-CALL-1",
                f"Seat {seat} can call Citron Coco only at the end of "
                "its own turn, before the next seat draws.",
                "seat",
            )
        effects = [f"seat {seat} gives up its unused power"] if seat in st.pending else []
        st.pending.pop(seat, None)
        st.extra[seat] = 0
        st.caller = seat
        st.last_to_play = [(seat + i) % st.seats for i in range(1, st.seats)]
        return Verdict.ok(
            "CC-CALL-1",
            f"Seat {seat} calls Citron Coco: every other seat plays one last turn.",
            *effects,
        )

    # ----- reveal and scoring

    def _apply_reveal(self, st: CitronCocoState, event: Event) -> Verdict:
        hands = event.payload["hands"]
        self._check_reveal(st, hands)
        for seat, values in enumerate(hands):
            for card, v in zip(st.hands[seat], values, strict=True):
                card.value = v
        sums = [sum(values) for values in hands]
        scores, rule, text = self.score_round(st, sums)
        ending = "citron coco" if st.caller is not None else "empty hand"
        for side, score in enumerate(scores):
            st.totals[side] += score
        st.summaries.append(
            RoundSummary(st.round, scores, list(st.totals), sums, ending, st.caller, st.multiplier)
        )
        finished, _, outcome = self.result(st)
        if finished:
            st.phase = "over"
            return Verdict.ok("CC-GOAL-1", f"Round {st.round}: {text}. {outcome}")
        loser = self.round_loser(st, scores)
        starter = loser if st.options["round_starter"] == "loser" else ((st.starter + 1) % st.seats)
        st.round += 1
        self._deal(st, starter)
        return Verdict.ok(
            rule,
            f"Round {st.round - 1}: {text}.",
            f"round {st.round} is dealt; seat {starter} starts",
        )

    def _check_reveal(self, st: CitronCocoState, hands: list[list[int]]) -> None:
        if not self.round_over(st):
            raise Impossible(
                "CC-CALL-3",
                "The round is not over: the hands are revealed after "
                "a Citron Coco's last turns or when a seat has no card left.",
                "type",
            )
        if st.options["power_before_reveal"] and (owed := self.last_power_owed(st)):
            seat, value = owed
            raise Impossible(
                "CC-END-1" if st.emptied is not None else "CC-CALL-3",
                f"The last card discarded, seat {seat}'s {value} ({POWER_NAMES[value]}), has "
                "its power still to use: the round ends once it is used (power) or given up "
                "(forgo_power).",
                "type",
            )
        if len(hands) != st.seats:
            raise Impossible(
                "CC-CALL-3", f"Give the hands of all {st.seats} seats.", "payload.hands"
            )
        newly: list[int] = []
        for seat, values in enumerate(hands):
            row = st.hands[seat]
            if len(values) != len(row):
                raise Impossible(
                    "CC-CALL-3",
                    f"Seat {seat} has {len(row)} cards, not {len(values)}.",
                    f"payload.hands.{seat}",
                )
            for slot, (card, v) in enumerate(zip(row, values, strict=True), start=1):
                if card.value is None:
                    newly.append(v)
                else:  # a face-up card (CC-SPY-2) or one the table saw (CC-LOG-2)
                    self._check_card_value(st, seat, slot, card, v, f"payload.hands.{seat}")
        self._check_possible(st, newly, "payload.hands")

    # ----- host-logged missplays

    def _apply_missplay(self, st: CitronCocoState, event: Event) -> Verdict:
        seat = self._seat(event)
        rule = event.payload["rule"]
        if rule not in self.reportable_missplays:
            raise Impossible(
                "CC-MISS-1",
                f"'{rule}' is not a fault the table reports; one of: "
                f"{', '.join(self.reportable_missplays)}.",
                "payload.rule",
            )
        self._check_report(st, seat, rule)
        effects = self._penalty(st, seat)
        if rule == "CC-COIN-3":
            blocked = st.blocked.pop(seat, None)
            if blocked in AUTOMATIC_POWERS:  # played again or skipped a seat: it stands
                effects += self._automatic_power(st, seat, blocked)
            st.coin = seat
            effects.append(f"seat {seat} keeps the coin")
        note = event.payload.get("note") or ""
        reason = f"Seat {seat}: {self.reportable_missplays[rule]}" + (f" ({note})" if note else "")
        return Verdict.missplay(rule, reason, "a penalty card from the stock, unseen", *effects)

    def _check_report(self, st: CitronCocoState, seat: int, rule: str) -> None:
        """A reported fault must be one the seat could have made, given the table (CC-MISS-1)."""
        why = self.report_impossible(st, seat, rule) if st.options["check_reports"] else None
        if why is not None:
            raise Impossible(rule, f"Seat {seat} cannot have made this fault: {why}.", "seat")

    def report_impossible(self, st: CitronCocoState, seat: int, rule: str) -> str | None:
        """Why the table cannot have seen ``rule`` broken by ``seat`` now (None: it can).

        CC-MISS-3 (a look without permission) can happen at any moment of a round: nothing to
        check. The others need their occasion on the table, this round.
        """
        if rule == "CC-COIN-3" and seat not in st.blocked and st.coin != seat:
            return (
                "it does not hold the coin and the coin blocked none of its powers since the "
                "last draw (« Lorsqu'un joueur qui possède le jeton défausse une carte "
                "spéciale et effectue tout de même le pouvoir »)"
            )
        if rule == "CC-MISS-4" and seat not in st.discarded_special:
            return (
                "no special card it discarded this round gave it a power to use (none, or the "
                "coin blocked it)"
            )
        if rule == "CC-MISS-5" and seat not in st.penalised:
            return "it has taken no penalty card this round, so it had none to look at"
        return None

    # ---------------------------------------------------------------- reading the state

    def forfeits(self, state: CitronCocoState, event: Event) -> tuple[str, ...]:
        """CC-POW-2: a power not used before the next draw is lost; CC-CALL-1: so is the
        caller's own."""
        if event.type == "draw":
            owed = [(s, v) for s, vs in state.pending.items() for v in vs]
        elif event.type in ("citron_coco", "nano", "nano_alpha"):
            owed = [(event.seat, v) for v in state.pending.get(event.seat or 0, [])]
        else:
            return ()
        return tuple(f"seat {s} gives up the {v}'s power ({POWER_NAMES.get(v, v)})"
                     for s, v in owed)

    def turn(self, state: CitronCocoState) -> int | None:
        if state.phase == "reveal":
            owed = self.last_power_owed(state) if state.options["power_before_reveal"] else None
            return owed[0] if owed is not None else None
        if state.phase == "over":
            return None
        if state.phase == "play":
            return state.turn_seat
        if state.phase == "end" and state.turn_seat in state.pending:
            return state.turn_seat
        return self.next_turn(state).seat

    def offered_moves(self, st: CitronCocoState) -> dict[int, list[str]]:
        """The move types each seat may log now (payloads still to be judged), for a UI."""
        moves: dict[int, list[str]] = {s: [] for s in range(st.seats)}
        if st.phase == "over":
            return moves
        over = self.round_over(st)
        for seat in st.pending:
            moves[seat] += ["power", "forgo_power"]
        if st.phase == "play" and st.turn_seat is not None:
            moves[st.turn_seat] += ["discard", "replace"]
        elif not over:
            drawer = self.next_turn(st).seat
            if drawer is not None:
                moves[drawer].insert(0, "draw")
            if st.phase == "end" and st.caller is None and st.turn_seat is not None:
                moves[st.turn_seat].append("citron_coco")
            self.offer_answers(st, moves)
        quick_open = not over or (
            self.final_quick_play and st.phase == "reveal" and not st.final_quick_done
        )
        if st.discard and quick_open:
            for seat in range(st.seats):
                if st.hands[seat]:
                    moves[seat].append("quick_play")
        return moves

    def offer_answers(self, st: CitronCocoState, moves: dict[int, list[str]]) -> None:
        """Answers to a Citron Coco call a variant adds (teams: Nano, Nano Alpha)."""

    def round_over(self, st: CitronCocoState) -> bool:
        """The hands are to be revealed: a hand emptied, or the last turns are all played."""
        if st.phase == "reveal":
            return True
        return st.phase == "end" and st.caller is not None and self.next_turn(st).seat is None

    def reveal_due(self, st: CitronCocoState) -> bool:
        """The hands are to be revealed now: the round is over and its last power is not owed."""
        owed = st.options["power_before_reveal"] and self.last_power_owed(st) is not None
        return self.round_over(st) and not owed

    def public_phase(self, st: CitronCocoState) -> str:
        return "reveal" if self.round_over(st) else st.phase

    def standings(self, state: CitronCocoState) -> Standings:
        finished, winners, outcome = (
            self.result(state) if state.phase == "over" else (False, (), "")
        )
        lines = tuple(
            Line(
                self.side_name(state, i),
                tuple(seats),
                state.totals[i],
                {
                    "rounds": [r.scores[i] for r in state.summaries],
                    "hand_coconuts": [sum(r.hands[s] for s in seats) for r in state.summaries],
                },
            )
            for i, seats in enumerate(state.sides)
        )
        rounds = tuple(
            {self.side_name(state, i): r.totals[i] for i in range(len(state.sides))}
            for r in state.summaries
        )
        return Standings(
            self.unit, True, lines, finished, winners, outcome, state.options["target"], rounds
        )

    def view(self, state: CitronCocoState, viewer: Viewer) -> dict[str, Any]:
        """The table as ``viewer`` sees it.

        Everyone sees the same table; only the host also sees the values the table saw go face
        down (remembering them is part of the game, CC-LOG-2) and the whole discard pile. Keys:
        ``phase`` (draw, play, end, reveal, over), ``turn`` (who is to act), ``seats`` (per seat:
        side, cards, ``hand`` as slots with face_up/value, coin, plays_again, skips, ``power``
        (the power a ``power`` move uses by default) and ``powers`` (all it may still use)),
        ``stock``, ``discard`` (top, by, quick, size), ``held``, ``coin``, ``caller``,
        ``multiplier``, ``last_to_play``, ``totals``, ``moves`` (seat -> move types it may log),
        ``sum_with`` (seat -> the seats whose card it may add to its own in a quick play).
        """
        st = state
        host = viewer == HOST
        seats = []
        for s in range(st.seats):
            seats.append(
                {
                    "seat": s,
                    "side": self.side_name(st, self.side_of(st, s)),
                    "cards": len(st.hands[s]),
                    "hand": [
                        {
                            "slot": i,
                            "face_up": c.face_up,
                            "value": c.value if (c.face_up or host) else None,
                        }
                        for i, c in enumerate(st.hands[s], start=1)
                    ],
                    "coin": st.coin == s,
                    "plays_again": st.extra[s],
                    "skips": st.skips[s],
                    "power": st.pending[s][0] if s in st.pending else None,
                    "powers": list(st.pending.get(s, [])),
                }
            )
        top = st.discard[-1] if st.discard else None
        table: dict[str, Any] = {
            "game": self.id,
            "viewer": viewer,
            "round": st.round,
            "phase": self.public_phase(st),
            "turn": self.turn(st),
            "turn_seat": st.turn_seat,
            "seats": seats,
            "stock": st.stock,
            "discard": {
                "top": top.value if top else None,
                "by": top.seat if top else None,
                "quick": top.quick if top else False,
                "size": len(st.discard),
            },
            "held": (
                {"seat": st.turn_seat, "source": st.held.source, "value": st.held.value}
                if st.held
                else None
            ),
            "coin": st.coin,
            "caller": st.caller,
            "multiplier": st.multiplier,
            "last_to_play": list(st.last_to_play),
            "totals": {self.side_name(st, i): t for i, t in enumerate(st.totals)},
            "target": st.options["target"],
            "moves": {str(seat): types for seat, types in self.offered_moves(st).items()},
            "reveal_due": self.reveal_due(st),
            # CC-QP-5: whose cards each seat may add up in a quick play (none: option off)
            "sum_with": {
                str(s): [o for o in range(st.seats) if self.sum_partner_fault(st, s, o) is None]
                for s in range(st.seats)
            } if self.sum_allowed(st) else {},
        }
        if host:
            table["discard"]["values"] = [d.value for d in st.discard]
        return table

    # ---------------------------------------------------------------- helpers for callers

    def cards_in_play(self, state: CitronCocoState) -> int:
        """Hands + stock + discard + a drawn card: always the deck's size (a test invariant)."""
        return (
            sum(len(h) for h in state.hands)
            + state.stock
            + len(state.discard)
            + (1 if state.held else 0)
        )


class NextTurn(NamedTuple):
    """Who draws next and what that draw uses up."""

    seat: int | None
    skipped: list[int]  # seats whose turn a 13 skips on the way
    again: bool  # the draw is a play again owed by an 11


@dataclass(frozen=True, slots=True)
class _Missplay:
    """A power whose use breaks a rule: judged, so the caller draws the penalty instead."""

    rule: str
    reason: str


PowerEffect = Callable[[], list[str]] | _Missplay  # applies a judged power, or says why not


def _swap_key(a: tuple[int, int], b: tuple[int, int]) -> tuple[tuple[int, int], tuple[int, int]]:
    return (a, b) if a <= b else (b, a)


def _swap_after_leaving(
    swap: tuple[tuple[int, int], tuple[int, int]] | None, seat: int, slot: int
) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """CC-QUEEN-3 names the last swap's cards by position: when a card leaves ``seat``'s row the
    positions after it close up (CC-LOG-1); once a swapped card has gone, no swap repeats it."""
    if swap is None:
        return None
    moved: list[tuple[int, int]] = []
    for s, k in swap:
        if (s, k) == (seat, slot):
            return None
        moved.append((s, k - 1 if s == seat and k > slot else k))
    return _swap_key(moved[0], moved[1])

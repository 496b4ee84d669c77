"""Carte et Plouc: the shedding game of Charlotte, its stacking penalties and its eight variants.

The engine never sees a hand. It knows every card that goes down on the discard (all public),
how many cards each seat holds, how many lie in the stock, whose turn it is, which way play goes
and what the next player owes (the 7s and the king of spades stack into one draw). Each clause it
judges is numbered in ``docs/rules/plouc.md`` (ids ``PL-…``).

Judging and changing are separate: ``check_*`` functions say whether a move is possible and why
not (raising ``Impossible``), and only then ``apply`` changes the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from marshmallow import Schema, fields, validate

from referee.engines.base import (
    NO_CARDS,
    OWN_CARDS,
    Engine,
    Event,
    Flag,
    Impossible,
    InvalidOptions,
    Line,
    MissplayReportSchema,
    Standings,
    Verdict,
    Viewer,
    register,
)
from referee.engines.cards import RANK_NAMES, Card, CardField, Suit, standard_deck

DECK_SIZE = 52
ACE, SIX, SEVEN, TEN, QUEEN, KING = 1, 6, 7, 10, 12, 13
KING_OF_SPADES = "KS"
SEVEN_OF_SPADES = "7S"
THREE_OF_CLUBS = "3C"
SEVEN_DRAW = 2  # PL-7-1: each 7 makes the next player draw 2
KING_DRAW = 5  # PL-KS-1
SQUARE = 4  # PL-SQ-1
SWEAR_DRAW = 2  # PL-MD-1
SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
VARIANTS = (
    "zouzou",
    "mega_one",
    "david_le_fou",
    "zero",
    "trois_de_trefle",
    "mot_doux",
    "six",
    "maitresse",
)
# Rules whose breach the log itself proves (David le fou flags on them are settled by the engine).
PROVABLE = frozenset({"PL-ANN-1", "PL-ANN-2"})
# Every clause a David le fou flag may cite (the catalogue's clauses a player can break).
FLAGGABLE = frozenset(
    {
        "PL-TURN-1",
        "PL-TURN-2",
        "PL-TURN-3",
        "PL-PLAY-1",
        "PL-PLAY-2",
        "PL-ACE-1",
        "PL-ACE-2",
        "PL-Q-1",
        "PL-10-1",
        "PL-7-1",
        "PL-7-2",
        "PL-KS-1",
        "PL-KS-2",
        "PL-SQ-1",
        "PL-SQ-2",
        "PL-ANN-1",
        "PL-ANN-2",
        "PL-ZERO-1",
        "PL-3C-1",
        "PL-MD-1",
        "PL-SIX-1",
        "PL-MAI-1",
    }
)


# --------------------------------------------------------------------------------------------
# Options and move vocabulary
# --------------------------------------------------------------------------------------------


def _flag_option(text: str) -> fields.Boolean:
    return fields.Boolean(load_default=False, metadata={"description": text})


class PloucOptionsSchema(Schema):
    dealer = fields.Integer(
        load_default=0,
        validate=validate.Range(min=0),
        metadata={"description": "Seat of the dealer, who turns up the first card of the stock"},
    )
    first_seat = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0),
        metadata={"description": "Seat that plays first; empty: the dealer's left (next seat)"},
    )
    hand_size = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1),
        metadata={
            "description": "Cards dealt to each player; empty: 7 up to 6 players, 5 from 7 to 9"
        },
    )
    zouzou = _flag_option(
        "La Zouzou: a forgotten 'carte' or 'plouc', caught by another's 'contre': "
        "the forgetter draws one card"
    )
    mega_one = _flag_option(
        "La Méga One: as la Zouzou, but the player who said 'contre' gives one of their cards"
    )
    david_le_fou = _flag_option(
        "David le fou: any player may flag any error; a right flag punishes the offender by the "
        "sanction chosen before play, a wrong flag makes the flagger draw one card"
    )
    sanction = fields.String(
        load_default="zouzou",
        validate=validate.OneOf(["zouzou", "mega_one"]),
        metadata={
            "description": "David le fou's sanction for a right flag: zouzou (the offender draws "
            "one) or mega_one (the flagger gives the offender one of their cards)"
        },
    )
    zero = _flag_option(
        "Le zéro: when a 2 lands on the discard, the first to slap it must swap hands with "
        "another player"
    )
    trois_de_trefle = _flag_option("Le 3 de trèfle: nobody may finish with the 3 of clubs")
    mot_doux = _flag_option("Le mot doux: a swear word costs two cards from the stock, no play")
    six = _flag_option("Le 6: the next player misses their turn, one player skipped per 6 played")
    maitresse = _flag_option("La maîtresse: nobody may finish on a special card")
    # Readings a table may dispute: the default is the text's most literal reading (PL-…).
    aces = fields.String(
        load_default="previous_card",
        validate=validate.OneOf(["previous_card", "suit_in_play"]),
        metadata={
            "description": "« On ne peut mettre un as que de la couleur de la carte précédente » "
            "and « on doit changer de couleur »: previous_card (the text: an ace goes only on a "
            "card of its own suit, so never on an ace, and the suit named differs from every "
            "suit the aces leave on top) or suit_in_play (an ace goes on the suit an ace named; "
            "with several aces the suit named need only differ from the suit the first followed)"
        },
    )
    king_of_spades_answer = fields.String(
        load_default="seven_of_spades",
        validate=validate.OneOf(["seven_of_spades", "stack"]),
        metadata={
            "description": "« Sauf si le joueur suivant met le 7 de pique, c'est le joueur "
            "suivant qui pioche 7 cartes »: seven_of_spades (the text: the 7 of spades alone "
            "answers the king, and the following player draws the 7 cards) or stack (other 7s "
            "may go down with it and may answer it in turn, 2 more cards each)"
        },
    )
    square_of_sevens = fields.String(
        load_default="next_player",
        validate=validate.OneOf(["next_player", "after_replay"]),
        metadata={
            "description": "« Si l'on pose les 4 cartes 7 … le joueur suivant doit piocher 8 "
            "cartes »: next_player (the text's example: the player after the square's player "
            "draws the 8 cards and plays after that player's replay) or after_replay (the cards "
            "fall on whoever is next when the replay ends, a 10 or a 6 in it included)"
        },
    )
    late_carte = fields.String(
        load_default="stands",
        validate=validate.OneOf(["stands", "clears"]),
        metadata={
            "description": "« Si un joueur n'a plus qu'une seule carte en main, il doit dire "
            "« carte » »: stands (a « carte » said once the next player has played is too late: "
            "the forgotten « carte » can still be caught) or clears (a late « carte » still "
            "clears it)"
        },
    )
    carte_flag = fields.String(
        load_default="log",
        validate=validate.OneOf(["log", "hand_now"]),
        metadata={
            "description": "David le fou, « dès qu'un joueur fait une erreur … le joueur qui "
            "voit l'erreur la signale »: log (a flag on a forgotten « carte » is right when the "
            "log shows a play that left one card without a « carte » in time, whatever the hand "
            "holds since) or hand_now (only while « carte » is still owed now)"
        },
    )


class TurnUpSchema(Schema):
    card = CardField(
        required=True, metadata={"description": "The first card of the stock, turned face up"}
    )


class PlaySchema(Schema):
    cards = fields.List(
        CardField(),
        required=True,
        validate=validate.Length(min=1, max=4),
        metadata={
            "description": "The cards laid, in the order they go down (one or more of one "
            "value); the last one is the new top of the discard"
        },
    )
    suit = fields.String(
        load_default=None,
        allow_none=True,
        validate=validate.OneOf([s.value for s in Suit]),
        metadata={"description": "With aces only: the new suit named (S, H, D or C)"},
    )


class DrawSchema(Schema):
    count = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=0),
        metadata={
            "description": "Cards drawn, as a check (optional): 1 when unable to play, or what "
            "the 7s and king of spades made the player draw"
        },
    )


class AnnounceSchema(Schema):
    word = fields.String(
        required=True,
        validate=validate.OneOf(["carte", "plouc"]),
        metadata={"description": "'carte' with one card left, 'plouc' when the last card is down"},
    )


class ContreSchema(Schema):
    target_seat = fields.Integer(
        required=True,
        validate=validate.Range(min=0),
        metadata={"description": "Seat caught forgetting 'carte' or 'plouc'"},
    )


class FlagSchema(Schema):
    offender_seat = fields.Integer(
        required=True,
        validate=validate.Range(min=0),
        metadata={"description": "Seat the flagger says made an error"},
    )
    rule = fields.String(
        required=True,
        metadata={"description": "Rule id of the error, from the catalogue (e.g. PL-ANN-1)"},
    )
    about_seq = fields.Integer(
        load_default=None,
        allow_none=True,
        validate=validate.Range(min=1),
        metadata={"description": "Seq of the event the error was made in, if any"},
    )
    note = fields.String(
        load_default="",
        validate=validate.Length(max=500),
        metadata={"description": "What the flagger saw"},
    )


class RulingSchema(Schema):
    upheld = fields.Boolean(
        required=True,
        metadata={"description": "True: the flag was right (the offender is sanctioned)"},
    )
    note = fields.String(
        load_default="",
        validate=validate.Length(max=500),
        metadata={"description": "The host's reason"},
    )


class SlapSchema(Schema):
    with_seat = fields.Integer(
        required=True,
        validate=validate.Range(min=0),
        metadata={"description": "Seat the slapper swaps hands with"},
    )


# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


@dataclass
class SeatState:
    """What the table knows of one seat: how many cards, and where they came from."""

    hand: int = 0
    carte_due: bool = False  # holds one card after having more, and has not said "carte"
    carte_due_seq: int = 0  # the event that brought the hand down to one card
    carte_late: bool = False  # another seat has played or drawn since: "carte" is too late
    unsaid: list[int] = field(default_factory=list)  # PL-DF-4: forgotten "carte"s not yet caught
    dealt: int = 0
    drawn: int = 0
    played: int = 0
    received: int = 0  # Méga One gifts
    given: int = 0
    swapped: int = 0  # net cards gained by le zéro swaps

    def change(self, delta: int, seq: int) -> None:
        """Every hand change goes through here: 'carte' becomes due when the hand drops to one."""
        before = self.hand
        self.hand += delta
        if self.hand == 1 and before > 1:
            self.owe_carte(seq)
        elif self.hand != 1:
            self.carte_due = False

    def owe_carte(self, seq: int) -> None:
        """PL-ANN-1: from event ``seq`` the seat holds one card and owes "carte"; until said in
        time, the log holds it as a forgotten "carte" (PL-DF-4)."""
        self.carte_due, self.carte_due_seq, self.carte_late = True, seq, False
        self.unsaid.append(seq)

    def caught(self, seq: int) -> None:
        """The forgotten "carte" of event ``seq`` has been punished: it cannot be twice."""
        if seq in self.unsaid:
            self.unsaid.remove(seq)


@dataclass
class OpenFlag:
    """A David le fou flag the log cannot settle: the game stops until the host rules."""

    flagger: int
    offender: int
    rule: str
    seq: int
    about_seq: int | None
    note: str


@dataclass
class PloucState:
    """The table as the engine knows it: public cards, counts, whose turn, what is owed."""

    options: dict[str, Any]
    seats: list[SeatState]
    dealer: int
    first: int
    phase: str = "deal"  # deal, play, plouc, flag, over
    turn: int = 0
    direction: int = 1  # 1 clockwise (increasing seat numbers), -1 the other way
    stock: int = 0
    discard: list[str] = field(default_factory=list)  # bottom to top, every card public
    suit: str = ""  # the suit in play: the top card's, or the one named with an ace
    run_rank: int = 0  # rank of the run of equal values on top of the discard (the square)
    run_len: int = 0
    owed: int = 0  # cards the seat to play must draw, unless it answers
    owed_answer: str = ""  # "7" (any 7) or "7S" (only the 7 of spades) answers the owed draw
    passing: int = 0  # draw built up this turn, owed by the next seat to play
    passing_answer: str = ""
    skips: int = 0  # players the 6s of this turn skip
    replay: bool = False  # the seat to play is playing again (queen, 10, square, penalty draw)
    slap_open: bool = False  # le zéro: a 2 is on top and nobody has slapped it yet
    finisher: int | None = None  # emptied their hand; the game ends on their "plouc"
    finisher_seq: int = 0
    winner: int | None = None
    flag: OpenFlag | None = None
    phase_before_flag: str = "play"
    reshuffles: int = 0
    square_seat: int | None = None  # PL-SQ-2: who draws the square of 7s' cards after the replay


# --------------------------------------------------------------------------------------------
# Small facts about cards
# --------------------------------------------------------------------------------------------


def _card(text: str) -> Card:
    return Card.parse(text)


def special_cards_rule(options: Mapping[str, Any]) -> str:
    """PL-MAI-2: which cards are special, in words (the catalogue's definition)."""
    words = ["aces", "queens", "10s", "7s", "the king of spades"]
    if options.get("six"):
        words.append("6s")
    if options.get("zero"):
        words.append("2s")
    return ", ".join(words)


def is_special(card: Card, options: Mapping[str, Any]) -> bool:
    """PL-MAI-2: a card with a power under this match's options."""
    if card.rank in (ACE, QUEEN, TEN, SEVEN) or str(card) == KING_OF_SPADES:
        return True
    if card.rank == SIX and options.get("six"):
        return True
    return card.rank == 2 and bool(options.get("zero"))


def _seat_count(state: PloucState) -> int:
    return len(state.seats)


def _next_seat(state: PloucState, steps: int) -> int:
    return (state.turn + state.direction * steps) % _seat_count(state)


def _dir_word(direction: int) -> str:
    return "clockwise" if direction == 1 else "counter-clockwise"


# --------------------------------------------------------------------------------------------
# Checks: whether a move is possible, and why not (no state change)
# --------------------------------------------------------------------------------------------


def _check_seat(state: PloucState, seat: int | None, where: str = "seat") -> int:
    if seat is None:
        raise Impossible("PL-LOG-1", "The move names no seat", where)
    if not 0 <= seat < _seat_count(state):
        raise Impossible("PL-SEAT-1", f"There is no seat {seat} at this table", where)
    return seat


def _check_running(state: PloucState) -> None:
    """Turn moves need a game in progress, not stopped for a flag nor waiting for a plouc."""
    if state.phase == "deal":
        raise Impossible("PL-DEAL-2", "The dealer has not turned up the first card yet")
    if state.phase == "over":
        raise Impossible("PL-END-1", f"The game is over: seat {state.winner} won")
    if state.phase == "flag":
        raise Impossible("PL-DF-4", "The game is stopped until the host rules on the flag")
    if state.phase == "plouc":
        raise Impossible(
            "PL-ANN-2", f"Seat {state.finisher} has laid their last card: waiting for 'plouc'"
        )


def _check_on_turn(state: PloucState, seat: int | None) -> int:
    _check_running(state)
    seat = _check_seat(state, seat)
    if seat != state.turn:
        raise Impossible("PL-TURN-1", f"It is seat {state.turn}'s turn, not seat {seat}'s", "seat")
    return seat


def check_play(
    state: PloucState, seat: int | None, cards: Sequence[str], suit: str | None
) -> list[Card]:
    """Whether ``seat`` may lay ``cards`` now (naming ``suit`` with aces); raises Impossible."""
    seat = _check_on_turn(state, seat)
    laid = [_card(c) for c in cards]
    if len(set(cards)) != len(cards):
        raise Impossible("PL-DECK-1", "The same card is laid twice in one play", "payload.cards")
    if any(c.is_joker for c in laid):
        raise Impossible("PL-DECK-1", "Carte et Plouc is played without jokers", "payload.cards")
    again = [c for c in cards if c in state.discard]
    if again:
        raise Impossible(
            "PL-DECK-2",
            f"{again[0]} is already on the discard: a card cannot be played twice in one deck",
            "payload.cards",
        )
    if len({c.rank for c in laid}) > 1:
        raise Impossible(
            "PL-PLAY-2", "Cards laid together must all have the same value", "payload.cards"
        )
    held = state.seats[seat].hand
    if len(laid) > held:
        raise Impossible(
            "PL-HID-1", f"Seat {seat} holds {held} card(s), not {len(laid)}", "payload.cards"
        )
    first, rank = laid[0], laid[0].rank
    top = _card(state.discard[-1])
    if state.owed:
        _check_answer(state, seat, cards)
    if rank == ACE:
        _check_aces(state, laid, top, suit)
    else:
        if suit is not None:
            raise Impossible("PL-ACE-2", "Only an ace names a suit", "payload.suit")
        follows_suit = first.suit is not None and first.suit.value == state.suit
        # PL-7-2 / PL-KS-2: the answer to an owed draw is legal on its own (the K♠ may lie under
        # another king, the 7♠ may go down after other 7s): _check_answer has judged it.
        if not state.owed and not follows_suit and rank != top.rank:
            raise Impossible(
                "PL-PLAY-1",
                f"{first} follows neither the suit in play ({SUIT_WORDS[state.suit]}) "
                f"nor the value of {top}",
                "payload.cards",
            )
    if len(laid) == held:
        _check_finish(state, seat, laid)
    return laid


def _check_aces(state: PloucState, laid: list[Card], top: Card, named: str | None) -> None:
    """PL-ACE-1 / PL-ACE-2: an ace follows the previous card's suit and changes the suit.

    Option ``aces``: ``previous_card`` (the text) judges the ace against the card on top, so an
    ace never goes on an ace, and the suit named differs from the suit in play and from the suit
    of the last ace laid (the new top card); ``suit_in_play`` judges it against the suit an ace
    named, and the suit named need only differ from the suit the first ace followed.
    """
    first, last = laid[0], laid[-1]
    literal = state.options["aces"] == "previous_card"
    follows = top.suit.value if literal and top.suit else state.suit
    if first.suit is None or first.suit.value != follows:
        on = f"the {top} on top" if literal else "the suit in play"
        raise Impossible(
            "PL-ACE-1",
            f"An ace goes only on a card of its own suit: {on} asks for {SUIT_WORDS[follows]}",
            "payload.cards",
        )
    if named is None:
        raise Impossible("PL-ACE-2", "The ace's player must name a new suit", "payload.suit")
    if named == state.suit:
        raise Impossible(
            "PL-ACE-2",
            f"The ace changes the suit: name another suit than {SUIT_WORDS[named]}",
            "payload.suit",
        )
    if literal and last.suit is not None and named == last.suit.value:
        raise Impossible(
            "PL-ACE-2",
            f"The ace changes the suit: the {last} is on top, name another suit than "
            f"{SUIT_WORDS[named]}",
            "payload.suit",
        )


def _check_answer(state: PloucState, seat: int, cards: Sequence[str]) -> None:
    """PL-7-2 / PL-KS-2 / PL-KS-3: a seat owing a draw may only answer with 7s (the 7♠ on the
    king); under the text's reading nothing answers the 7♠ laid on the king."""
    if not state.owed_answer:
        raise Impossible(
            "PL-KS-3",
            f"Seat {seat} must draw {state.owed} cards: nothing answers the 7 of spades laid on "
            "the king of spades",
            "payload.cards",
        )
    if state.owed_answer == SEVEN_OF_SPADES and SEVEN_OF_SPADES not in cards:
        raise Impossible(
            "PL-KS-2",
            f"Seat {seat} must draw {state.owed} cards or answer the king of spades with the "
            "7 of spades",
            "payload.cards",
        )
    if (
        state.owed_answer == SEVEN_OF_SPADES
        and state.options["king_of_spades_answer"] == "seven_of_spades"
        and len(cards) > 1
    ):
        raise Impossible(
            "PL-KS-3",
            "Only the 7 of spades answers the king of spades: it goes down alone, and the "
            f"following player draws {state.owed + SEVEN_DRAW}",
            "payload.cards",
        )
    if any(_card(c).rank != SEVEN for c in cards):
        raise Impossible(
            "PL-7-2",
            f"Seat {seat} must draw {state.owed} cards or answer with a 7",
            "payload.cards",
        )


def _check_finish(state: PloucState, seat: int, laid: list[Card]) -> None:
    """PL-3C-1 / PL-MAI-1 (ruling PL-FIN-1): a forbidden last play cannot be made."""
    opts = state.options
    if opts["trois_de_trefle"] and any(str(c) == THREE_OF_CLUBS for c in laid):
        raise Impossible(
            "PL-3C-1",
            f"Seat {seat} may not finish with the 3 of clubs: they must draw instead",
            "payload.cards",
        )
    if opts["maitresse"] and any(is_special(c, opts) for c in laid):
        special = next(c for c in laid if is_special(c, opts))
        raise Impossible(
            "PL-MAI-1",
            f"Seat {seat} may not finish on a special card ({special}): they must draw instead",
            "payload.cards",
        )


def legal_plays(state: PloucState, hand: Sequence[str]) -> list[tuple[list[str], str | None]]:
    """The plays the seat to play may make from ``hand`` (which only its owner knows).

    Each card alone, and each card leading all the others of its value; an ace names the suit
    the hand holds most of. For a seat's own device (suggesting moves) and for the tests.
    """
    found: list[tuple[list[str], str | None]] = []
    for card in hand:
        rank = _card(card).rank
        group = [card] + [c for c in hand if c != card and _card(c).rank == rank]
        for cards in [[card], group] if len(group) > 1 else [[card]]:
            suit = None
            if rank == ACE:
                kept = {state.suit}
                if state.options["aces"] == "previous_card":
                    last = _card(cards[-1]).suit  # PL-ACE-2: change from the last ace's too
                    kept.add(last.value if last else "")
                others = [s.value for s in Suit if s.value not in kept]
                suit = max(others, key=lambda s: sum(c.endswith(s) for c in hand))
            try:
                check_play(state, state.turn, cards, suit)
            except Impossible:
                continue
            found.append((cards, suit))
    return found


def draw_due(state: PloucState) -> int:
    """PL-TURN-2 / PL-7-2 / PL-KS-1: what the seat to play draws if it does not play."""
    return state.owed or 1


def drawable(state: PloucState) -> int:
    """Cards that can still be drawn: the stock, then the discard under its top (PL-STOCK-1)."""
    return state.stock + max(len(state.discard) - 1, 0)


# --------------------------------------------------------------------------------------------
# Changes (called only once the move is known to be possible)
# --------------------------------------------------------------------------------------------


def _draw(state: PloucState, seat: int, count: int, seq: int) -> tuple[int, list[str]]:
    """Seat ``seat`` draws up to ``count`` cards, turning the discard over when the stock ends."""
    effects: list[str] = []
    drawn = 0
    for _ in range(count):
        if state.stock == 0:
            if len(state.discard) <= 1:
                effects.append(
                    f"no card left to draw: the stock and the discard are spent ({drawn} drawn)"
                )
                break
            state.stock = len(state.discard) - 1
            state.discard = state.discard[-1:]
            state.run_len = 1
            state.reshuffles += 1
            effects.append("the stock ran out: the discard except its top card became the stock")
        state.stock -= 1
        drawn += 1
    if drawn:
        state.seats[seat].drawn += drawn
        state.seats[seat].change(drawn, seq)
        _resume_if_caught(state, seat)
    return drawn, effects


def _give(state: PloucState, giver: int, taker: int, seq: int) -> None:
    """La Méga One: one unseen card changes hands."""
    state.seats[giver].given += 1
    state.seats[giver].change(-1, seq)
    state.seats[taker].received += 1
    state.seats[taker].change(1, seq)
    _resume_if_caught(state, taker)


def _resume_if_caught(state: PloucState, seat: int) -> None:
    """A finisher given cards before their 'plouc' is no longer out: play goes on."""
    if state.phase == "plouc" and state.finisher == seat and state.seats[seat].hand > 0:
        state.phase, state.finisher = "play", None
    elif state.phase == "flag" and state.finisher == seat and state.seats[seat].hand > 0:
        state.phase_before_flag, state.finisher = "play", None


def _end_turn(state: PloucState) -> int:
    """The turn passes: skip the 6s' victims; the built-up draw falls on the next seat.

    PL-SQ-2 (option ``square_of_sevens``, ``next_player``): after a square of 7s and its replay,
    the player who was next when the square was made draws and plays; the replay's 10s have
    turned play for what follows, and its 6s skip the players after them.
    """
    carried = 0
    if state.square_seat is not None:
        state.turn, carried = state.square_seat, state.skips
        state.square_seat = None
    else:
        state.turn = _next_seat(state, 1 + state.skips)
    state.owed, state.owed_answer = state.passing, state.passing_answer
    state.passing, state.passing_answer = 0, ""
    state.skips, state.replay = carried, False
    return state.turn


def _others_play(state: PloucState, seat: int) -> None:
    """A play or draw by ``seat``: a "carte" the other seats still owe is now late (PL-ANN-3)."""
    for other, s in enumerate(state.seats):
        if other != seat and s.carte_due:
            s.carte_late = True


# --------------------------------------------------------------------------------------------
# The engine
# --------------------------------------------------------------------------------------------


class PloucEngine(Engine[PloucState]):
    """Le Carte et Plouc de Charlotte."""

    id: ClassVar[str] = "plouc"
    title: ClassVar[str] = "Carte et Plouc"
    rules_file: ClassVar[str] = "carte-et-plouc.fr.txt"
    catalogue: ClassVar[str] = "docs/rules/plouc.md"
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 9
    options_schema: ClassVar[type[Schema]] = PloucOptionsSchema
    event_types: ClassVar[Mapping[str, type[Schema]]] = {
        "turn_up": TurnUpSchema,
        "play": PlaySchema,
        "draw": DrawSchema,
        "announce": AnnounceSchema,
        "contre": ContreSchema,
        "flag": FlagSchema,
        "ruling": RulingSchema,
        "slap": SlapSchema,
        "missplay": MissplayReportSchema,
    }
    host_only: ClassVar[frozenset[str]] = frozenset({"missplay", "ruling"})
    # PL-ZERO-1: a slap swaps two whole hands.
    costly_moves: ClassVar[frozenset[str]] = frozenset({"slap"})
    states_cards: ClassVar[Mapping[str, str]] = {
        "turn_up": NO_CARDS,  # the stock's first card, turned face up
        "play": OWN_CARDS,
        "draw": NO_CARDS,
        "announce": NO_CARDS,
        "contre": NO_CARDS,
        "flag": NO_CARDS,
        "ruling": NO_CARDS,
        "slap": NO_CARDS,
        "missplay": NO_CARDS,
    }
    calls: ClassVar[frozenset[str]] = frozenset({"announce", "contre", "flag"})
    reportable_missplays: ClassVar[Mapping[str, str]] = {
        "PL-MD-1": "Le mot doux: the seat swore; it draws two cards from the stock, without "
        "playing (needs the mot_doux option)",
    }
    state_version: ClassVar[int] = 2

    # ---- set-up -------------------------------------------------------------------------

    def setup(self, options: Mapping[str, Any], seats: int) -> PloucState:
        if not self.min_seats <= seats <= self.max_seats:
            raise InvalidOptions("PL-SEAT-1", f"Carte et Plouc takes 2 to 9 players, not {seats}")
        opts = {**PloucOptionsSchema().load({}), **dict(options)}
        dealer = opts["dealer"]
        if not 0 <= dealer < seats:
            raise InvalidOptions("PL-DEAL-2", f"There is no seat {dealer} to deal", "dealer")
        first = opts["first_seat"]
        if first is None:
            first = (dealer + 1) % seats
        elif not 0 <= first < seats:
            raise InvalidOptions("PL-DEAL-2", f"There is no seat {first} to start", "first_seat")
        size = opts["hand_size"] or (7 if seats <= 6 else 5)
        if size * seats + 1 > DECK_SIZE:
            raise InvalidOptions(
                "PL-DEAL-1",
                f"{seats} hands of {size} cards and a turned-up card need more than 52 cards",
                "hand_size",
            )
        if opts["zouzou"] and opts["mega_one"]:
            raise InvalidOptions(
                "PL-MO-1",
                "La Zouzou and la Méga One are two ways to punish the same thing: choose one",
                "mega_one",
            )
        opts["hand_size"], opts["first_seat"] = size, first
        table = [SeatState(hand=size, dealt=size) for _ in range(seats)]
        return PloucState(
            options=opts,
            seats=table,
            dealer=dealer,
            first=first,
            turn=dealer,
            stock=DECK_SIZE - size * seats,
        )

    # ---- judging and applying -----------------------------------------------------------

    def apply(self, state: PloucState, event: Event) -> Verdict:
        handler = getattr(self, f"_apply_{event.type}", None)
        if handler is None:
            raise Impossible("PL-LOG-1", f"'{event.type}' is not a Carte et Plouc move", "type")
        if event.type in self.host_only and not event.by_host:
            raise Impossible("PL-LOG-1", f"Only the host logs a '{event.type}'", "type")
        return handler(state, event)

    def _apply_turn_up(self, state: PloucState, event: Event) -> Verdict:
        if state.phase != "deal":
            raise Impossible("PL-DEAL-2", "The first card has already been turned up")
        if event.seat != state.dealer and not event.by_host:
            raise Impossible(
                "PL-DEAL-2", f"The dealer, seat {state.dealer}, turns up the first card", "seat"
            )
        text = event.payload["card"]
        if _card(text).is_joker:
            raise Impossible("PL-DECK-1", "Carte et Plouc is played without jokers", "payload.card")
        card = _card(text)
        state.discard = [text]
        state.stock -= 1
        state.suit = card.suit.value if card.suit else ""
        state.run_rank, state.run_len = card.rank, 1
        state.slap_open = card.rank == 2 and state.options["zero"]
        state.phase, state.turn = "play", state.first
        effects = [f"seat {state.first} plays first"]
        if state.slap_open:
            effects.append("a 2 is on the discard: the first to slap it swaps hands")
        return Verdict.ok(
            "PL-DEAL-2", f"{text} is turned up; the turned-up card has no power", *effects
        )

    def _apply_play(self, state: PloucState, event: Event) -> Verdict:
        cards: list[str] = list(event.payload["cards"])
        named: str | None = event.payload.get("suit")
        laid = check_play(state, event.seat, cards, named)
        seat = state.turn
        opts = state.options
        rank, count = laid[0].rank, len(laid)
        effects: list[str] = []
        rule = "PL-PLAY-1" if count == 1 else "PL-PLAY-2"

        _others_play(state, seat)
        answering = state.owed > 0
        answered = state.owed_answer
        if answering:
            state.passing += state.owed
            state.passing_answer = state.owed_answer
            rule = "PL-KS-2" if state.owed_answer == SEVEN_OF_SPADES else "PL-7-2"
            state.owed, state.owed_answer = 0, ""
        state.discard.extend(cards)
        state.seats[seat].played += count
        state.seats[seat].change(-count, event.seq)
        state.slap_open = False
        state.suit = laid[-1].suit.value if laid[-1].suit else ""
        state.run_len = state.run_len + count if rank == state.run_rank else count
        state.run_rank = rank

        replay = False
        # PL-END-1: with no card left the replay is lost; say so rather than "plays again"
        again = (
            f"seat {seat} plays again"
            if state.seats[seat].hand
            else f"seat {seat} has no card left to play again"
        )
        if rank == ACE:
            assert named is not None
            state.suit = named
            rule = "PL-ACE-2"
            effects.append(f"the suit is now {SUIT_WORDS[named]}")
        elif rank == QUEEN:
            replay, rule = True, "PL-Q-1"
            effects.append(again)
        elif rank == TEN:
            replay, rule = True, "PL-10-1" if count == 1 else "PL-10-2"
            if count % 2:
                state.direction = -state.direction
            effects.append(f"{count} reversal(s): play goes {_dir_word(state.direction)}; {again}")
        elif rank == SEVEN:
            state.passing += SEVEN_DRAW * count
            if not answering:
                rule = "PL-7-1"
            if answered == SEVEN_OF_SPADES and opts["king_of_spades_answer"] == "seven_of_spades":
                state.passing_answer = ""  # PL-KS-3: the following player draws the 7 cards
                effects.append(
                    f"the next player draws {state.passing}: nothing answers the 7 of spades "
                    "on the king"
                )
            else:
                state.passing_answer = "7"  # option stack: after the 7♠ the 7s still stack
                effects.append(
                    f"the next player draws {state.passing} unless they answer with a 7"
                )
        elif rank == KING and KING_OF_SPADES in cards:
            state.passing += KING_DRAW
            state.passing_answer = SEVEN_OF_SPADES
            rule = "PL-KS-1"
            effects.append(
                f"the next player draws {state.passing} unless they answer with the 7 of spades"
            )
        elif rank == SIX and opts["six"]:
            state.skips += count
            rule = "PL-SIX-1"
            effects.append(f"{count} player(s) skipped")
        elif rank == 2 and opts["zero"]:
            rule = "PL-ZERO-1"
            if state.seats[seat].hand:
                state.slap_open = True
                effects.append("a 2 is on the discard: the first to slap it swaps hands")
            else:
                effects.append("no slap: the 2 is a last card and the game waits for 'plouc'")
        if state.run_len == SQUARE:
            replay = True
            rule = "PL-SQ-2" if rank == SEVEN else "PL-SQ-1"
            effects.append(f"square of {RANK_NAMES.get(rank, str(rank))}s: {again}")
            if rank == SEVEN and opts["square_of_sevens"] == "next_player":
                state.square_seat = _next_seat(state, 1 + state.skips)
                if state.seats[seat].hand:
                    effects.append(
                        f"seat {state.square_seat} draws {state.passing} and plays after "
                        f"seat {seat}'s replay"
                    )

        if state.seats[seat].hand == 0:
            nxt = _end_turn(state)
            state.phase, state.finisher, state.finisher_seq = "plouc", seat, event.seq
            state.slap_open = False
            effects.append(f"seat {seat} laid their last card and must say 'plouc'")
            if state.owed:
                effects.append(f"seat {nxt} would owe {state.owed} if play went on")
        elif replay:
            state.replay = True
        else:
            nxt = _end_turn(state)
            effects.append(f"seat {nxt} to play")
            if state.owed:
                effects.append(f"seat {nxt} must draw {state.owed} or answer")
        if state.seats[seat].carte_due:
            effects.append(f"seat {seat} holds one card and must say 'carte'")
        return Verdict.ok(rule, f"Seat {seat} lays {' '.join(cards)}", *effects)

    def _apply_draw(self, state: PloucState, event: Event) -> Verdict:
        seat = _check_on_turn(state, event.seat)
        due = min(draw_due(state), drawable(state))
        claimed = event.payload.get("count")
        if claimed is not None and claimed != due:
            raise Impossible(
                "PL-7-2" if state.owed else "PL-TURN-2",
                f"Seat {seat} draws {due} card(s) now, not {claimed}",
                "payload.count",
            )
        _others_play(state, seat)
        penalty = state.owed
        drawn, effects = _draw(state, seat, draw_due(state), event.seq)
        if penalty:
            rule = {SEVEN_OF_SPADES: "PL-KS-1", "": "PL-KS-2"}.get(state.owed_answer, "PL-7-2")
            state.owed, state.owed_answer = 0, ""
            if drawn > 1:
                state.replay = True
                return Verdict.ok(
                    rule,
                    f"Seat {seat} draws {drawn} cards",
                    *effects,
                    f"seat {seat} drew more than one card and plays again at once (PL-TURN-3)",
                )
            nxt = _end_turn(state)
            return Verdict.ok(
                rule, f"Seat {seat} draws {drawn} card(s)", *effects, f"seat {nxt} to play"
            )
        nxt = _end_turn(state)
        return Verdict.ok(
            "PL-TURN-2",
            f"Seat {seat} cannot play: draws {drawn} card(s) and passes",
            *effects,
            f"seat {nxt} to play",
        )

    def _apply_announce(self, state: PloucState, event: Event) -> Verdict:
        seat = _check_seat(state, event.seat)
        word = event.payload["word"]
        if state.phase in ("deal", "over", "flag"):
            _check_running(state)
        if word == "plouc":
            if state.phase != "plouc" or state.finisher != seat:
                raise Impossible(
                    "PL-ANN-2",
                    f"Seat {seat} has not laid their last card: 'plouc' is said on the last card",
                    "payload.word",
                )
            state.phase, state.winner = "over", seat
            return Verdict.ok("PL-END-1", f"Plouc! Seat {seat} has no card left and wins")
        me = state.seats[seat]
        if me.hand != 1:
            raise Impossible(
                "PL-ANN-1",
                f"Seat {seat} holds {me.hand} cards: 'carte' is said with one card left",
                "payload.word",
            )
        if me.carte_due and me.carte_late and state.options["late_carte"] == "stands":
            return Verdict.ok(
                "PL-ANN-3",
                f"Seat {seat} says 'carte' too late: another player has played since seat "
                f"{seat} was left with one card",
                "the forgotten 'carte' stands and can still be caught",
            )
        if me.carte_due:
            me.carte_due = False
            me.caught(me.carte_due_seq)  # said in time (or late, under late_carte "clears")
        return Verdict.ok("PL-ANN-1", f"Seat {seat} says 'carte': one card left")

    def _forgot(self, state: PloucState, target: int) -> tuple[str, int] | None:
        """The announcement ``target`` owes now and the event it was due from, if any."""
        if state.phase == "plouc" and state.finisher == target:
            return "PL-ANN-2", state.finisher_seq
        if state.seats[target].carte_due:
            return "PL-ANN-1", state.seats[target].carte_due_seq
        return None

    def _apply_contre(self, state: PloucState, event: Event) -> Verdict:
        opts = state.options
        if not (opts["zouzou"] or opts["mega_one"]):
            raise Impossible(
                "PL-ZZ-1", "'Contre' is played with la Zouzou or la Méga One only", "type"
            )
        caller = _check_seat(state, event.seat)
        target = _check_seat(state, event.payload["target_seat"], "payload.target_seat")
        if state.phase in ("deal", "over", "flag"):
            _check_running(state)
        if caller == target:
            raise Impossible("PL-ZZ-1", "A player does not say 'contre' on themself", "seat")
        forgot = self._forgot(state, target)
        if forgot is not None and opts["mega_one"] and state.seats[caller].hand < 2:
            raise Impossible(
                "PL-MO-1",
                f"Seat {caller} holds {state.seats[caller].hand} card(s): under la Méga One the "
                "caller gives a card, and a last card only goes down as a plouc",
                "seat",
            )
        if forgot is None:
            word = "plouc" if state.finisher == target else "carte"
            reason = f"Seat {target} owes no announcement now: the 'contre' is wrong"
            if opts["david_le_fou"]:
                drawn, effects = _draw(state, caller, 1, event.seq)
                return Verdict.missplay(
                    "PL-DF-3", reason, f"seat {caller} draws {drawn} card (a wrong flag)", *effects
                )
            return Verdict.missplay(
                "PL-ZZ-3", reason, f"none: the text gives no penalty for a wrong contre ({word})"
            )
        rule, due_seq = forgot
        word = "carte" if rule == "PL-ANN-1" else "plouc"
        if rule == "PL-ANN-1":
            state.seats[target].caught(due_seq)
        if opts["mega_one"]:
            _give(state, caller, target, event.seq)
            penalty = f"seat {caller} gives seat {target} one of their cards"
            verdict_rule, effects = "PL-MO-1", []
        else:
            drawn, effects = _draw(state, target, 1, event.seq)
            penalty = f"seat {target} draws {drawn} card"
            verdict_rule = "PL-ZZ-1" if word == "carte" else "PL-ZZ-2"
        reason = f"Contre! Seat {target} forgot to say '{word}'"
        return Verdict(
            "missplay",
            verdict_rule,
            reason,
            penalty,
            tuple(effects),
            (Flag(due_seq, rule, f"seat {target} did not say '{word}'", penalty),),
        )

    def _apply_flag(self, state: PloucState, event: Event) -> Verdict:
        opts = state.options
        if not opts["david_le_fou"]:
            raise Impossible("PL-DF-1", "Flags are played with David le fou only", "type")
        flagger = _check_seat(state, event.seat)
        offender = _check_seat(state, event.payload["offender_seat"], "payload.offender_seat")
        rule = event.payload["rule"]
        about = event.payload.get("about_seq")
        if state.phase in ("deal", "over", "flag"):
            _check_running(state)
        if flagger == offender:
            raise Impossible("PL-DF-1", "A player does not flag themself", "payload.offender_seat")
        if rule not in FLAGGABLE:
            raise Impossible("PL-DF-1", f"{rule} is not a rule a player can break", "payload.rule")
        if about is not None and about >= event.seq > 0:
            raise Impossible("PL-DF-1", "A flag is on an earlier event", "payload.about_seq")
        if opts["sanction"] == "mega_one" and state.seats[flagger].hand < 2:
            raise Impossible(
                "PL-DF-2",
                f"Seat {flagger} holds {state.seats[flagger].hand} card(s): the sanction is la "
                "Méga One, so a flagger needs a card to give and keep one",
                "seat",
            )
        if rule not in PROVABLE:
            state.phase_before_flag, state.phase = state.phase, "flag"
            state.flag = OpenFlag(flagger, offender, rule, event.seq, about, event.payload["note"])
            return Verdict.ok(
                "PL-DF-4",
                f"Seat {flagger} flags seat {offender} on {rule}: the game stops until the host "
                "rules",
            )
        if rule == "PL-ANN-1" and opts["carte_flag"] == "log":
            lapse = self._forgotten_carte(state, offender, about)
            if lapse is None:
                after = f" after event {about}" if about is not None else ""
                return self._wrong_flag(
                    state,
                    flagger,
                    offender,
                    rule,
                    event.seq,
                    f"the log shows no forgotten 'carte' by seat {offender}{after} still to "
                    "be caught",
                )
            state.seats[offender].caught(lapse)
            return self._sanction(state, flagger, offender, rule, event.seq, lapse)
        forgot = self._forgot(state, offender)
        if forgot is None or forgot[0] != rule:
            why = (
                f"seat {offender} owes no 'carte' now"
                if rule == "PL-ANN-1"
                else "the log shows no such forgotten announcement"
            )
            return self._wrong_flag(state, flagger, offender, rule, event.seq, why)
        if rule == "PL-ANN-1":
            state.seats[offender].caught(forgot[1])
        return self._sanction(state, flagger, offender, rule, event.seq, forgot[1])

    def _forgotten_carte(self, state: PloucState, offender: int, about: int | None) -> int | None:
        """PL-DF-4, settled from the log: the event (``about``, else the latest) that left
        ``offender`` with one card and no "carte" said in time, not yet caught."""
        unsaid = state.seats[offender].unsaid
        if about is None:
            return unsaid[-1] if unsaid else None
        return about if about in unsaid else None

    def _sanction(
        self, state: PloucState, flagger: int, offender: int, rule: str, seq: int, about: int | None
    ) -> Verdict:
        """PL-DF-2: a right flag; the offender pays by the sanction chosen before play."""
        if state.options["sanction"] == "mega_one":
            _give(state, flagger, offender, seq)
            penalty, effects = f"seat {flagger} gives seat {offender} one of their cards", []
        else:
            drawn, effects = _draw(state, offender, 1, seq)
            penalty = f"seat {offender} draws {drawn} card"
        reason = f"Seat {flagger} is right: seat {offender} broke {rule}"
        flags = (Flag(about, rule, f"flagged by seat {flagger}", penalty),) if about else ()
        return Verdict("missplay", "PL-DF-2", reason, penalty, tuple(effects), flags)

    def _wrong_flag(
        self, state: PloucState, flagger: int, offender: int, rule: str, seq: int, why: str
    ) -> Verdict:
        """PL-DF-3: a wrong flag; the flagger draws one card."""
        drawn, effects = _draw(state, flagger, 1, seq)
        return Verdict.missplay(
            "PL-DF-3",
            f"Seat {flagger} was wrong to flag seat {offender} on {rule}: {why}",
            f"seat {flagger} draws {drawn} card",
            *effects,
        )

    def _apply_ruling(self, state: PloucState, event: Event) -> Verdict:
        if state.phase != "flag" or state.flag is None:
            raise Impossible("PL-DF-4", "There is no flag waiting for a ruling")
        flag = state.flag
        opts = state.options
        if (
            event.payload["upheld"]
            and opts["sanction"] == "mega_one"
            and state.seats[flag.flagger].hand < 2
        ):
            raise Impossible(
                "PL-DF-2",
                f"Seat {flag.flagger} has no card to give and keep: rule the flag wrong or void it",
                "payload.upheld",
            )
        state.phase, state.flag = state.phase_before_flag, None
        if event.payload["upheld"]:
            return self._sanction(
                state, flag.flagger, flag.offender, flag.rule, event.seq, flag.about_seq
            )
        return self._wrong_flag(
            state, flag.flagger, flag.offender, flag.rule, event.seq, "the host says so"
        )

    def _apply_slap(self, state: PloucState, event: Event) -> Verdict:
        if not state.options["zero"]:
            raise Impossible(
                "PL-ZERO-1", "Slapping the discard is played with le zéro only", "type"
            )
        _check_running(state)
        slapper = _check_seat(state, event.seat)
        other = _check_seat(state, event.payload["with_seat"], "payload.with_seat")
        if not state.slap_open:
            raise Impossible(
                "PL-ZERO-1", "No fresh 2 is on the discard (or it was already slapped)"
            )
        if other == slapper:
            raise Impossible(
                "PL-ZERO-1", "The slapper swaps hands with another player", "payload.with_seat"
            )
        mine, theirs = state.seats[slapper], state.seats[other]
        a, b = mine.hand, theirs.hand
        mine.swapped += b - a
        theirs.swapped += a - b
        mine.hand, theirs.hand = b, a
        for s in (mine, theirs):
            if s.hand == 1:
                s.owe_carte(event.seq)
            else:
                s.carte_due = False
        state.slap_open = False
        return Verdict.ok(
            "PL-ZERO-1",
            f"Seat {slapper} slapped the 2 first and swaps hands with seat {other}",
            f"seat {slapper} now holds {b} card(s), seat {other} {a}",
        )

    def _apply_missplay(self, state: PloucState, event: Event) -> Verdict:
        rule = event.payload["rule"]
        if rule not in self.reportable_missplays:
            raise Impossible(
                "PL-MD-1", f"{rule} is not a fault the host reports in this game", "payload.rule"
            )
        if not state.options["mot_doux"]:
            raise Impossible("PL-MD-1", "Le mot doux is not played in this match", "payload.rule")
        seat = _check_seat(state, event.seat)
        if state.phase in ("deal", "over"):
            _check_running(state)
        drawn, effects = _draw(state, seat, SWEAR_DRAW, event.seq)
        return Verdict.missplay(
            "PL-MD-1",
            f"Seat {seat} swore",
            f"seat {seat} draws {drawn} cards and does not play for it",
            *effects,
        )

    # ---- reading ------------------------------------------------------------------------

    def turn(self, state: PloucState) -> int | None:
        if state.phase == "deal":
            return state.dealer
        if state.phase == "play":
            return state.turn
        if state.phase == "plouc":
            return state.finisher
        return None

    def standings(self, state: PloucState) -> Standings:
        lines = tuple(
            Line(
                side=str(i),
                seats=(i,),
                total=s.hand,
                detail={
                    "dealt": s.dealt,
                    "drawn": s.drawn,
                    "received": s.received,
                    "swapped": s.swapped,
                    "played": -s.played,
                    "given": -s.given,
                },
            )
            for i, s in enumerate(state.seats)
        )
        finished = state.phase == "over"
        winners = (state.winner,) if finished and state.winner is not None else ()
        if finished:
            outcome = f"Seat {state.winner} wins: plouc!"
            rounds: tuple[Mapping[str, int], ...] = ({ln.side: ln.total for ln in lines},)
        else:
            fewest = min(s.hand for s in state.seats)
            leaders = [str(i) for i, s in enumerate(state.seats) if s.hand == fewest]
            outcome = f"In play: fewest cards ({fewest}) held by seat(s) {', '.join(leaders)}"
            rounds = ()
        return Standings(
            unit="cards in hand",
            lower_is_better=True,
            lines=lines,
            finished=finished,
            winners=winners,
            outcome=outcome,
            target=0,
            rounds=rounds,
        )

    def view(self, state: PloucState, viewer: Viewer) -> dict[str, Any]:
        """Everything the engine knows is public: hands are counts, every played card is seen."""
        top = state.discard[-1] if state.discard else None
        to_play = self.turn(state)
        seats = [
            {
                "seat": i,
                "hand_size": s.hand,
                "hand": [None] * s.hand,
                "carte_due": s.carte_due,
                "carte_late": s.carte_due and s.carte_late,
                "carte_unsaid": list(s.unsaid),
                "to_play": i == to_play,
                "owes": state.owed if state.phase == "play" and i == state.turn else 0,
                "dealer": i == state.dealer,
            }
            for i, s in enumerate(state.seats)
        ]
        flag = state.flag
        return {
            "game": self.id,
            "viewer": viewer,
            "phase": state.phase,
            "turn": to_play,
            "direction": _dir_word(state.direction),
            "seats": seats,
            "discard": {"top": top, "size": len(state.discard), "cards": list(state.discard)},
            "suit": state.suit or None,
            "stock": {"size": state.stock},
            "draw_now": min(draw_due(state), drawable(state)) if state.phase == "play" else 0,
            "owed": {"seat": state.turn, "cards": state.owed, "answer": state.owed_answer or None}
            if state.owed
            else None,
            "passing": {"cards": state.passing, "answer": state.passing_answer or None}
            if state.passing
            else None,
            "skips": state.skips,
            "replay": state.replay,
            "square_seat": state.square_seat,
            "square": {"rank": state.run_rank, "run": state.run_len},
            "slap_open": state.slap_open,
            "flag": None
            if flag is None
            else {
                "flagger": flag.flagger,
                "offender": flag.offender,
                "rule": flag.rule,
                "seq": flag.seq,
                "about_seq": flag.about_seq,
                "note": flag.note,
            },
            "finisher": state.finisher,
            "winner": state.winner,
            "reshuffles": state.reshuffles,
            "variants": [v for v in VARIANTS if state.options[v]],
            "special_cards": special_cards_rule(state.options),
            "options": dict(state.options),
        }


def full_deck() -> list[str]:
    """The 52 cards, written as the table types them (used by tests and callers)."""
    return [str(c) for c in standard_deck()]


ENGINE = register(PloucEngine())

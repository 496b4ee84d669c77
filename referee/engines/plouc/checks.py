"""Whether a Carte et Plouc play is possible, and why not: each check raises Impossible with
the clause it applies and changes nothing."""

from __future__ import annotations

from collections.abc import Sequence

from referee.engines.base import Impossible
from referee.engines.cards import Card, Suit
from referee.engines.plouc.effects import ACE, SEVEN, SEVEN_DRAW, SEVEN_OF_SPADES, THREE_OF_CLUBS
from referee.engines.plouc.effects import is_special as is_special
from referee.engines.plouc.state import PloucState

CARDS = "payload.cards"


def card(text: str) -> Card:
    return Card.parse(text)


def check_seat(state: PloucState, seat: int | None, where: str = "seat") -> int:
    """A seat the table has (a seat named in a payload: ``where`` says which field)."""
    if seat is None:
        raise Impossible.of("PL-LOG-1", "plouc.log.no_seat", where)
    if not 0 <= seat < state.seat_count:
        raise Impossible.of("PL-SEAT-1", "move.no_such_seat", where, seat_number=seat)
    return seat


def check_running(state: PloucState) -> None:
    """Turn moves need a game in progress, not stopped for a flag nor waiting for a plouc."""
    if state.phase == "deal":
        raise Impossible.of("PL-DEAL-2", "plouc.phase.deal")
    if state.phase == "over":
        raise Impossible.of("PL-END-1", "plouc.phase.over", winner_seat=state.winner)
    if state.phase == "flag":
        raise Impossible.of("PL-DF-4", "plouc.phase.flag")
    if state.phase == "plouc":
        raise Impossible.of("PL-ANN-2", "plouc.phase.plouc", seat=state.finisher)


def check_play(
    state: PloucState, seat: int | None, cards: Sequence[str], suit: str | None
) -> list[Card]:
    """Whether ``seat`` may lay ``cards`` now (naming ``suit`` with aces); raises Impossible."""
    check_running(state)
    seat = check_seat(state, seat)
    if seat != state.turn:
        raise Impossible.of("PL-TURN-1", "move.not_your_turn", "seat", turn_seat=state.turn,
                            seat=seat)
    laid = check_cards(state, seat, cards)
    if state.owed:
        check_answer(state, seat, cards)
    if laid[0].rank == ACE:
        check_aces(state, laid, card(state.discard[-1]), suit)
    else:
        check_follows(state, laid, suit)
    if len(laid) == state.seats[seat].hand:
        check_finish(state, seat, laid)
    return laid


def check_cards(state: PloucState, seat: int, cards: Sequence[str]) -> list[Card]:
    """PL-DECK-1 / PL-DECK-2 / PL-PLAY-2 / PL-HID-1: cards that can be laid together."""
    laid = [card(c) for c in cards]
    if len(set(cards)) != len(cards):
        raise Impossible.of("PL-DECK-1", "plouc.play.twice", CARDS)
    if any(c.is_joker for c in laid):
        raise Impossible.of("PL-DECK-1", "plouc.play.joker", CARDS)
    again = [c for c in cards if c in state.discard]
    if again:
        raise Impossible.of("PL-DECK-2", "plouc.play.already_down", CARDS, card=again[0])
    if len({c.rank for c in laid}) > 1:
        raise Impossible.of("PL-PLAY-2", "plouc.play.mixed_values", CARDS)
    held = state.seats[seat].hand
    if len(laid) > held:
        raise Impossible.of("PL-HID-1", "plouc.play.more_than_held", CARDS, seat=seat,
                            held=held, count=len(laid))
    return laid


def check_follows(state: PloucState, laid: list[Card], suit: str | None) -> None:
    """PL-PLAY-1 / PL-ACE-2: a card other than an ace follows the suit or the value."""
    if suit is not None:
        raise Impossible.of("PL-ACE-2", "plouc.play.suit_without_ace", "payload.suit")
    first, top = laid[0], card(state.discard[-1])
    follows_suit = first.suit is not None and first.suit.value == state.suit
    # PL-7-2 / PL-KS-2: the answer to an owed draw is legal on its own (the K♠ may lie under
    # another king, the 7♠ may go down after other 7s): check_answer has judged it.
    if not state.owed and not follows_suit and first.rank != top.rank:
        raise Impossible.of("PL-PLAY-1", "plouc.play.follows_nothing", CARDS,
                            card=str(first), suit=state.suit, top=str(top))


def check_aces(state: PloucState, laid: list[Card], top: Card, named: str | None) -> None:
    """PL-ACE-1 / PL-ACE-2: an ace follows the previous card's suit and changes the suit.

    Option ``aces``: ``previous_card`` (the text) judges the ace against the card on top, so an
    ace never goes on an ace, and the suit named differs from the suit in play and from the suit
    of the last ace laid (the new top card); ``suit_in_play`` judges it against the suit an ace
    named, and the suit named need only differ from the suit the first ace followed.
    """
    first, last = laid[0], laid[-1]
    literal = state.options.literal_aces
    follows = top.suit.value if literal and top.suit else state.suit
    if first.suit is None or first.suit.value != follows:
        if literal:
            raise Impossible.of("PL-ACE-1", "plouc.ace.on_top", CARDS, top=str(top),
                                suit=follows)
        raise Impossible.of("PL-ACE-1", "plouc.ace.in_play", CARDS, suit=follows)
    if named is None:
        raise Impossible.of("PL-ACE-2", "plouc.ace.name_a_suit", "payload.suit")
    if named == state.suit:
        raise Impossible.of("PL-ACE-2", "plouc.ace.same_suit", "payload.suit", suit=named)
    if literal and last.suit is not None and named == last.suit.value:
        raise Impossible.of("PL-ACE-2", "plouc.ace.same_as_last", "payload.suit",
                            top=str(last), suit=named)


def check_answer(state: PloucState, seat: int, cards: Sequence[str]) -> None:
    """PL-7-2 / PL-KS-2 / PL-KS-3: a seat owing a draw may only answer with 7s (the 7♠ on the
    king); under the text's reading nothing answers the 7♠ laid on the king."""
    owed = state.owed
    if not state.owed_answer:
        raise Impossible.of("PL-KS-3", "plouc.owed.no_answer", CARDS, seat=seat, count=owed)
    on_king = state.owed_answer == SEVEN_OF_SPADES
    if on_king and SEVEN_OF_SPADES not in cards:
        raise Impossible.of("PL-KS-2", "plouc.owed.seven_of_spades", CARDS, seat=seat,
                            count=owed)
    literal = state.options.king_of_spades_answer == "seven_of_spades"
    if on_king and literal and len(cards) > 1:
        raise Impossible.of("PL-KS-3", "plouc.owed.seven_of_spades_alone", CARDS,
                            count=owed + SEVEN_DRAW)
    if any(card(c).rank != SEVEN for c in cards):
        raise Impossible.of("PL-7-2", "plouc.owed.seven", CARDS, seat=seat, count=owed)


def check_finish(state: PloucState, seat: int, laid: list[Card]) -> None:
    """PL-3C-1 / PL-MAI-1 (ruling PL-FIN-1): a forbidden last play cannot be made."""
    opts = state.options
    if opts.trois_de_trefle and any(str(c) == THREE_OF_CLUBS for c in laid):
        raise Impossible.of("PL-3C-1", "plouc.finish.three_of_clubs", CARDS, seat=seat)
    special = next((c for c in laid if is_special(c, opts)), None)
    if opts.maitresse and special is not None:
        raise Impossible.of("PL-MAI-1", "plouc.finish.special", CARDS, seat=seat,
                            card=str(special))


def suggested_suit(state: PloucState, cards: Sequence[str], hand: Sequence[str]) -> str:
    """PL-ACE-2: the suit an ace play names in a suggestion: the one the hand holds most of,
    among those it may name."""
    kept = {state.suit}
    if state.options.literal_aces:
        last = card(cards[-1]).suit  # PL-ACE-2: change from the last ace's too
        kept.add(last.value if last else "")
    others = [s.value for s in Suit if s.value not in kept]
    return max(others, key=lambda s: sum(c.endswith(s) for c in hand))


def candidate_plays(hand: Sequence[str]) -> list[list[str]]:
    """Each card alone, and each card leading all the others of its value."""
    found: list[list[str]] = []
    for text in hand:
        rank = card(text).rank
        group = [text] + [c for c in hand if c != text and card(c).rank == rank]
        found.extend([[text], group] if len(group) > 1 else [[text]])
    return found


def legal_plays(state: PloucState, hand: Sequence[str]) -> list[tuple[list[str], str | None]]:
    """The plays the seat to play may make from ``hand`` (which only its owner knows).

    Each card alone, and each card leading all the others of its value; an ace names the suit
    the hand holds most of. For a seat's own device (suggesting moves) and for the tests.
    """
    found: list[tuple[list[str], str | None]] = []
    for cards in candidate_plays(hand):
        suit = suggested_suit(state, cards, hand) if card(cards[0]).rank == ACE else None
        try:
            check_play(state, state.turn, cards, suit)
        except Impossible:
            continue
        found.append((cards, suit))
    return found

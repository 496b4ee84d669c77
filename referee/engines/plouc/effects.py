"""Carte et Plouc's card effects, as a table: which cards have a power (PL-MAI-2), and what each
does when laid (PL-ACE-…, PL-Q-1, PL-10-…, PL-7-…, PL-KS-…, PL-SIX-1, PL-ZERO-1)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from referee.engines.cards import RANK_NAMES, Card
from referee.engines.messages import Message, msg
from referee.engines.plouc.options import PloucOptions
from referee.engines.plouc.state import PloucState

ACE, SIX, SEVEN, TEN, QUEEN, KING = 1, 6, 7, 10, 12, 13
KING_OF_SPADES = "KS"
SEVEN_OF_SPADES = "7S"
THREE_OF_CLUBS = "3C"
SEVEN_DRAW = 2  # PL-7-1: each 7 makes the next player draw 2
KING_DRAW = 5  # PL-KS-1
SQUARE = 4  # PL-SQ-1
SWEAR_DRAW = 2  # PL-MD-1


def special_cards_rule(options: PloucOptions) -> list[str]:
    """PL-MAI-2: which cards are special, as codes the reader's words name: ranks ("A", "Q",
    "10", "7", and "6", "2" with their variants) and the king of spades ("KS")."""
    codes = ["A", "Q", "10", "7", KING_OF_SPADES]
    if options.six:
        codes.append("6")
    if options.zero:
        codes.append("2")
    return codes


def is_special(card: Card, options: PloucOptions) -> bool:
    """PL-MAI-2: a card with a power under this match's options."""
    if card.rank in (ACE, QUEEN, TEN, SEVEN) or str(card) == KING_OF_SPADES:
        return True
    if card.rank == SIX and options.six:
        return True
    return card.rank == 2 and options.zero


@dataclass(frozen=True, slots=True)
class Laid:
    """One play, as the effects read it."""

    seat: int
    cards: Sequence[str]
    rank: int
    named: str | None  # the suit an ace names
    answering: bool  # the play answers an owed draw
    answered: str  # what answered it: "7" or "7S"

    @property
    def count(self) -> int:
        return len(self.cards)


@dataclass
class Power:
    """What a play's powers did: the clause that applies, a replay, the effects to say."""

    rule: str
    replay: bool = False
    effects: list[Message] = field(default_factory=list)


def again(state: PloucState, seat: int) -> Message:
    """PL-END-1: with no card left the replay is lost; say so rather than "plays again"."""
    if state.seats[seat].hand:
        return msg("plouc.effect.plays_again", seat=seat)
    return msg("plouc.effect.no_card_to_play_again", seat=seat)


def ace(state: PloucState, laid: Laid, power: Power) -> None:
    """PL-ACE-2: the ace's player names the new suit."""
    assert laid.named is not None
    state.suit = laid.named
    power.rule = "PL-ACE-2"
    power.effects.append(msg("plouc.effect.suit_now", suit=laid.named))


def queen(state: PloucState, laid: Laid, power: Power) -> None:
    """PL-Q-1: the queen's player plays again."""
    power.replay, power.rule = True, "PL-Q-1"
    power.effects.append(again(state, laid.seat))


def ten(state: PloucState, laid: Laid, power: Power) -> None:
    """PL-10-1 / PL-10-2: each 10 turns play around; its player plays again."""
    power.replay, power.rule = True, "PL-10-1" if laid.count == 1 else "PL-10-2"
    if laid.count % 2:
        state.direction = -state.direction
    power.effects.append(msg("plouc.effect.reversals", count=laid.count,
                             direction=direction_word(state.direction),
                             then=again(state, laid.seat).as_dict()))


def seven(state: PloucState, laid: Laid, power: Power) -> None:
    """PL-7-1 / PL-7-2 / PL-KS-3: each 7 adds two cards to the next player's draw."""
    state.passing += SEVEN_DRAW * laid.count
    if not laid.answering:
        power.rule = "PL-7-1"
    literal = state.options.king_of_spades_answer == "seven_of_spades"
    if laid.answered == SEVEN_OF_SPADES and literal:
        state.passing_answer = ""  # PL-KS-3: the following player draws the 7 cards
        power.effects.append(msg("plouc.effect.next_draws_unanswerable", count=state.passing))
    else:
        state.passing_answer = "7"  # option stack: after the 7♠ the 7s still stack
        power.effects.append(msg("plouc.effect.next_draws_unless_seven", count=state.passing))


def king_of_spades(state: PloucState, laid: Laid, power: Power) -> None:
    """PL-KS-1: the king of spades makes the next player draw five, unless the 7♠ answers."""
    state.passing += KING_DRAW
    state.passing_answer = SEVEN_OF_SPADES
    power.rule = "PL-KS-1"
    power.effects.append(msg("plouc.effect.next_draws_unless_seven_of_spades",
                             count=state.passing))


def six(state: PloucState, laid: Laid, power: Power) -> None:
    """PL-SIX-1 (le 6): one player skipped per 6."""
    state.skips += laid.count
    power.rule = "PL-SIX-1"
    power.effects.append(msg("plouc.effect.skipped", count=laid.count))


def two(state: PloucState, laid: Laid, power: Power) -> None:
    """PL-ZERO-1 (le zéro): a fresh 2 may be slapped, unless it is a last card."""
    power.rule = "PL-ZERO-1"
    if state.seats[laid.seat].hand:
        state.slap_open = True
        power.effects.append(msg("plouc.effect.slap_open"))
    else:
        power.effects.append(msg("plouc.effect.no_slap_last_card"))


Applies = Callable[[Laid, PloucOptions], bool]
Effect = Callable[[PloucState, Laid, Power], None]

#: The card effects, first match wins: (which plays, what they do).
EFFECTS: tuple[tuple[Applies, Effect], ...] = (
    (lambda laid, _: laid.rank == ACE, ace),
    (lambda laid, _: laid.rank == QUEEN, queen),
    (lambda laid, _: laid.rank == TEN, ten),
    (lambda laid, _: laid.rank == SEVEN, seven),
    (lambda laid, _: laid.rank == KING and KING_OF_SPADES in laid.cards, king_of_spades),
    (lambda laid, opts: laid.rank == SIX and opts.six, six),
    (lambda laid, opts: laid.rank == 2 and opts.zero, two),
)


def card_power(state: PloucState, laid: Laid, power: Power) -> None:
    """Apply the first effect of the table that the play has, if any."""
    for applies, effect in EFFECTS:
        if applies(laid, state.options):
            effect(state, laid, power)
            return


def square(state: PloucState, laid: Laid, power: Power) -> None:
    """PL-SQ-1 / PL-SQ-2: four cards of one value in a row; the square's player plays again,
    and (option ``square_of_sevens``: ``next_player``) the player next now draws a square of
    7s' cards after that replay."""
    if state.run_len != SQUARE:
        return
    power.replay = True
    power.rule = "PL-SQ-2" if laid.rank == SEVEN else "PL-SQ-1"
    power.effects.append(msg("plouc.effect.square", value=rank_name(laid.rank),
                             then=again(state, laid.seat).as_dict()))
    if laid.rank == SEVEN and state.options.square_of_sevens == "next_player":
        state.square_seat = state.next_seat(1 + state.skips)
        if state.seats[laid.seat].hand:
            power.effects.append(msg("plouc.effect.square_drawer", drawer_seat=state.square_seat,
                                     count=state.passing, seat=laid.seat))


def rank_name(rank: int) -> str:
    return RANK_NAMES.get(rank, str(rank))


def direction_word(direction: int) -> str:
    """The direction of play, as an id the renderer words."""
    return "clockwise" if direction == 1 else "counter_clockwise"

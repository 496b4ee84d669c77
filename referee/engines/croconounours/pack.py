"""The playing cards as CrocoNounours reads them: values, suits that move or strike, the pack."""

from __future__ import annotations

from collections import Counter

import referee.engines.cards as deck_cards
from referee.engines.cards import Card, Suit

HAND_LIMIT = 7
OPENING_HAND = 7
MAX_DRAW = 3
JOKER_COUNTS = {54: 2, 52: 0, 32: 0}
SUIT_OF_STEP = {"straight": Suit.CLUBS, "diagonal": Suit.SPADES}
SUIT_OF_BLOW = {"straight": Suit.DIAMONDS, "diagonal": Suit.HEARTS}
DODGE_SUIT = {Suit.HEARTS: Suit.CLUBS, Suit.DIAMONDS: Suit.SPADES}


def card_value(card: Card, *, defending: bool = False) -> int:
    """Ace above king; the joker above all, and above another joker when it defends."""
    if card.is_joker:
        return 16 if defending else 15
    return 14 if card.rank == 1 else card.rank


def counts_as(card: Card, suit: Suit) -> bool:
    """A joker is any suit its player names; the rule's choice is always the one needed."""
    return card.is_joker or card.suit == suit


def is_black(card: Card) -> bool:
    """Black cards move warriors (a joker can be one)."""
    return card.suit is None or card.suit.is_black


def is_red(card: Card) -> bool:
    """Red cards attack (a joker can be one)."""
    return card.suit is None or card.suit.is_red


def deck_composition(size: int) -> dict[str, int]:
    """How many of each card the pack holds: 54 with two jokers, 52, or 32 (7 to ace)."""
    ranks = [1, *range(7, 14)] if size == 32 else list(range(1, 14))
    pack = deck_cards.standard_deck(jokers=JOKER_COUNTS[size], ranks=ranks)
    return dict(Counter(str(c) for c in pack))

"""Playing-card primitives shared by the games played with an ordinary deck.

A card is written the way a scorekeeper would type it: rank then suit letter, ``"7S"``, ``"10H"``,
``"QD"``, ``"AC"``, and ``"JK"`` for a joker. Ranks: A 2 … 10 J Q K; suits: S (spades),
H (hearts), D (diamonds), C (clubs). Lower case is accepted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from marshmallow import ValidationError, fields


class Suit(StrEnum):
    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def is_black(self) -> bool:
        return not self.is_red

    @property
    def word(self) -> str:
        return self.name.lower()


RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_BY_NAME = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
JOKER = "JK"


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """A card of an ordinary deck. ``rank`` 1 (ace) to 13 (king); a joker has rank 0, no suit."""

    rank: int
    suit: Suit | None

    @property
    def is_joker(self) -> bool:
        return self.suit is None

    @classmethod
    def parse(cls, text: str) -> Card:
        t = text.strip().upper()
        if t in (JOKER, "JOKER"):
            return cls(0, None)
        rank_text, suit_text = t[:-1], t[-1:]
        if rank_text not in RANK_BY_NAME or suit_text not in Suit._value2member_map_:
            raise ValueError(
                f"{text!r} is not a card: write rank then suit, like 7S, 10H, QD, AC or JK"
            )
        return cls(RANK_BY_NAME[rank_text], Suit(suit_text))

    def __str__(self) -> str:
        if self.suit is None:
            return JOKER
        return f"{RANK_NAMES.get(self.rank, str(self.rank))}{self.suit.value}"


def standard_deck(*, jokers: int = 0, ranks: Iterable[int] = range(1, 14)) -> list[Card]:
    """One ordinary deck: every rank in ``ranks`` of every suit, plus ``jokers`` jokers."""
    rank_list = list(ranks)
    deck = [Card(r, s) for s in Suit for r in rank_list]
    return deck + [Card(0, None)] * jokers


class Composition:
    """What a deck holds, to check each card the table reveals against what is still possible.

    Counts every card seen face up; a value revealed more often than the deck holds it is a
    contradiction the engine refuses.
    """

    __slots__ = ("total", "seen")

    def __init__(self, counts: Counter[object] | dict[object, int]) -> None:
        self.total: Counter[object] = Counter(counts)
        self.seen: Counter[object] = Counter()

    def remaining(self, value: object) -> int:
        return self.total[value] - self.seen[value]

    def can_reveal(self, value: object) -> bool:
        return self.remaining(value) > 0

    def reveal(self, value: object) -> None:
        self.seen[value] += 1

    def forget(self, value: object) -> None:
        """A revealed card goes back out of sight (reshuffled into a stock)."""
        self.seen[value] -= 1


class CardField(fields.String):
    """A marshmallow field for a card written as ``"7S"``; documents itself as a string."""

    def __init__(self, **kwargs: Any) -> None:
        metadata: dict[str, Any] = {
            "description": "A card: rank then suit, e.g. 7S, 10H, QD, AC, JK (joker)",
            "example": "7S"}
        metadata.update(kwargs.pop("metadata", {}) or {})
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: object, attr: str | None, data: object, **kwargs: object) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return str(Card.parse(text))
        except ValueError as err:
            raise ValidationError(str(err)) from err

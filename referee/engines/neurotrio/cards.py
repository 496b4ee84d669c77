"""Neurotrio's deck: natures, colours and forces, the cards as the table types them, and the
game's fixed numbers (NT-DECK-…, NT-BID-1)."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from marshmallow import fields

from referee.engines.cards import CardError, card_invalid
from referee.engines.messages import msg

# --- the deck ---------------------------------------------------------------------------------

NATURES: tuple[str, ...] = ("coeur", "etoile", "rose")
NATURE_ALIASES: Mapping[str, str] = {"c": "coeur", "e": "etoile", "r": "rose"}
FORCES: tuple[int, ...] = (1, 2, 3)
DEFAULT_COLOURS: list[str] = ["noir", "vert", "bleu"]
ATTRIBUTES: tuple[str, ...] = ("nature", "colour", "force")
COPIES = 2  # NT-DECK-1: 27 different cards, each twice
DEALT = 52  # NT-DEAL-1: 54 − the card removed unseen − the starting card

START_POINTS = 5  # NT-PRE-2
PLACEMENT_POINTS: Mapping[int, int] = {2: 1, 3: 5, 4: 20}  # NT-DOM-5, by compatible neighbours
FINISH_BONUSES: tuple[int, ...] = (5, 3, 1)  # NT-FIN-1
DUTY_PENALTY = 10  # NT-DUTY-2

BASES: tuple[int, ...] = tuple(range(1, 11))  # NT-BID-1: the base cards 1 to 10
NUMBER_TOKENS: tuple[str, ...] = ("0", "1", "2")
ATTRIBUTE_TOKENS: tuple[str, ...] = ATTRIBUTES
TOKENS: tuple[str, ...] = NUMBER_TOKENS + ATTRIBUTE_TOKENS  # NT-BID-1: each seat's six tokens
NUMBER_FACTOR: Mapping[int, int] = {3: 3, 2: 1, 1: -1, 0: -2}  # NT-BID-7, by attributes shared

SOURCES: tuple[str, ...] = (
    "start",
    "passes",
    "placements",
    "finish",
    "last_player",
    "deux_cartes",
    "bids",
)

Cell = tuple[int, int]  # (row, col)


def fold(text: str) -> str:
    """Lower case without accents, so a scorekeeper may type ``Étoile`` or ``cœur``."""
    text = text.replace("œ", "oe").replace("Œ", "OE")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).strip().lower()


@dataclass(frozen=True, slots=True, order=True)
class NeuroCard:
    """A Neurotrio card: three attributes, no rank or suit."""

    nature: str
    colour: str
    force: int

    @classmethod
    def parse(cls, text: str) -> NeuroCard:
        parts = [p.strip() for p in fold(text).split("-")]
        if len(parts) != 3:
            raise CardError(msg("neurotrio.card.shape", text=text))
        nature = NATURE_ALIASES.get(parts[0], parts[0])
        if nature not in NATURES:
            raise CardError(msg("neurotrio.card.nature", text=text))
        if not parts[1] or not parts[1].replace(" ", "").isalpha():
            raise CardError(msg("neurotrio.card.colour", text=text))
        if parts[2] not in ("1", "2", "3"):
            raise CardError(msg("neurotrio.card.force", text=text))
        return cls(nature, parts[1], int(parts[2]))

    def __str__(self) -> str:
        return f"{self.nature}-{self.colour}-{self.force}"

    def attribute(self, name: str) -> str | int:
        value: str | int = getattr(self, name)
        return value

    def common(self, other: NeuroCard) -> tuple[str, ...]:
        """The attributes the two cards share (NT-DOM-2, NT-BID-7)."""
        return tuple(a for a in ATTRIBUTES if self.attribute(a) == other.attribute(a))

    def compatible(self, other: NeuroCard) -> bool:
        """NT-DOM-2: at least two attributes in common."""
        return len(self.common(other)) >= 2


def full_deck(colours: Iterable[str]) -> list[NeuroCard]:
    """One of each of the 27 different cards (the deck holds each twice)."""
    return [NeuroCard(n, c, f) for n in NATURES for c in colours for f in FORCES]


class NeuroCardField(fields.String):
    """A card written ``nature-colour-force`` (``coeur-noir-2``); loads to that canonical text.

    The schema checks the shape, the nature and the force; the colour is checked by the engine
    against the match's colours.
    """

    def __init__(self, **kwargs: Any) -> None:
        metadata = {
            "description": "A card: nature-colour-force, e.g. coeur-noir-2, etoile-vert-1, "
            "rose-bleu-3 (natures coeur, etoile, rose; the match's three colours; force 1-3)",
            "example": "coeur-noir-2",
        }
        metadata.update(kwargs.pop("metadata", {}) or {})
        super().__init__(metadata=metadata, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> str:
        text = super()._deserialize(value, attr, data, **kwargs)
        try:
            return str(NeuroCard.parse(text))
        except ValueError as err:
            raise card_invalid(err) from err

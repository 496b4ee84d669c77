"""CitronCoco's moves: each payload's schema (for the service and the API) and the frozen
dataclass the engine reads it into, declared once in the game's registry.

Turn model (catalogue CC-TURN-7): ``draw`` starts a seat's turn; ``discard`` or ``replace`` plays
the drawn card; the discarded card's power, if any, is then used with ``power`` (or given up
with ``forgo_power``, or forfeited by the next ``draw``); the turn ends when the next seat draws.
``quick_play`` comes from any seat at any time; ``citron_coco`` is called by the seat whose turn
is done, before the next draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marshmallow import Schema, fields, validate

from referee.engines.base import MissplayReportSchema
from referee.engines.moves import (
    ANYONE,
    HOST_ONLY,
    OTHERS_CARDS,
    OWN_CARDS,
    Checks,
    Moves,
    MoveType,
)


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


# --------------------------------------------------------------------------- payloads


@dataclass(frozen=True, slots=True)
class Draw:
    source: str


@dataclass(frozen=True, slots=True)
class Discard:
    value: int


@dataclass(frozen=True, slots=True)
class Replace:
    slot: int
    value: int


@dataclass(frozen=True, slots=True)
class Power:
    target_seat: int | None = None
    slot: int | None = None
    value: int | None = None
    other_seat: int | None = None
    other_slot: int | None = None
    card: int | None = None


@dataclass(frozen=True, slots=True)
class QuickPlay:
    slot: int
    value: int
    other_seat: int | None = None
    other_slot: int | None = None
    other_value: int | None = None
    on_top: str = "other"

    @property
    def is_sum(self) -> bool:
        return any(v is not None for v in (self.other_seat, self.other_slot, self.other_value))

    @property
    def sum_complete(self) -> bool:
        return all(v is not None for v in (self.other_seat, self.other_slot, self.other_value))


@dataclass(frozen=True, slots=True)
class ForgoPower:
    card: int | None = None


@dataclass(frozen=True, slots=True)
class Reveal:
    hands: tuple[tuple[int, ...], ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(tuple(h) for h in self.hands))


@dataclass(frozen=True, slots=True)
class Report:
    rule: str
    note: str = ""


CHECKS = Checks(log="CC-TURN-7", turn="CC-TURN-6", over="CC-GOAL-1", seat="CC-SEATS-1")

INDIVIDUAL: tuple[MoveType, ...] = (
    MoveType("draw", DrawSchema, Draw),
    MoveType("discard", DiscardSchema, Discard, states_cards=OWN_CARDS),
    MoveType("replace", ReplaceSchema, Replace, states_cards=OWN_CARDS),
    # the Spy's card: the seat using the 10 turns it face up (CC-SPY-1)
    MoveType("power", PowerSchema, Power, states_cards=OWN_CARDS),
    # CC-POW-3: giving a power up, which may let the round's reveal through: costly.
    MoveType("forgo_power", ForgoPowerSchema, ForgoPower, costly=True),
    MoveType("quick_play", QuickPlaySchema, QuickPlay, states_cards=OWN_CARDS),
    # CC-CALL-1 (the others play one last turn): costly.
    MoveType("citron_coco", EmptySchema, call=True, costly=True),
    # CC-END-2 (the round is scored): costly; any seat or the host turns the hands over.
    MoveType("reveal", RevealSchema, Reveal, who=ANYONE, states_cards=OTHERS_CARDS, costly=True),
    MoveType("missplay", MissplayReportSchema, Report, who=HOST_ONLY),
)

MOVES = Moves(CHECKS, *INDIVIDUAL)

# CCT-NANO-1, CCT-NANO-2: a Nano call doubles (or quadruples) the points of the round.
TEAM_MOVES = Moves(
    CHECKS,
    *INDIVIDUAL,
    MoveType("nano", EmptySchema, call=True, costly=True),
    MoveType("nano_alpha", EmptySchema, call=True, costly=True),
)

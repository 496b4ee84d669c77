"""CitronCoco's moves, each declared once: its payload (a frozen dataclass whose fields carry the
marshmallow fields that read and document them; the schema is made from it) and who may log it.

Turn model (catalogue CC-TURN-7): ``draw`` starts a seat's turn; ``discard`` or ``replace`` plays
the drawn card; the discarded card's power, if any, is then used with ``power`` (or given up
with ``forgo_power``, or forfeited by the next ``draw``); the turn ends when the next seat draws.
``quick_play`` comes from any seat at any time; ``citron_coco`` is called by the seat whose turn
is done, before the next draw.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from marshmallow import fields, validate

from referee.engines.base import MissplayReport
from referee.engines.moves import (
    ANYONE,
    HOST_ONLY,
    OTHERS_CARDS,
    OWN_CARDS,
    Checks,
    Moves,
    MoveType,
    move,
    schema_of,
    wire,
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


@dataclass(frozen=True, slots=True)
class Draw:
    source: str = wire(fields.String(
        required=True, validate=validate.OneOf(["stock", "discard"]),
        metadata={"description": "Where the seat draws the first card of its turn: 'stock' "
                  "(face down) or 'discard' (the top card, if it is not the seat's own)."}))


@dataclass(frozen=True, slots=True)
class Discard:
    value: int = wire(_value_field("Value of the drawn card, discarded face up directly.",
                                   required=True))


@dataclass(frozen=True, slots=True)
class Replace:
    slot: int = wire(_slot_field(
        "Position (1 = leftmost) in the seat's row of the card replaced by the drawn card.",
        required=True))
    value: int = wire(_value_field("Value of the replaced card, now discarded face up.",
                                   required=True))


@dataclass(frozen=True, slots=True)
class Power:
    target_seat: int | None = wire(_seat_field(
        "Seat the power aims at: who gets the stock's top card (1), whose card is looked at "
        "(2, 7), who gets the coin (9), whose card is turned face up (10), first card of a "
        "swap (12).", load_default=None, allow_none=True))
    slot: int | None = wire(_slot_field(
        "Position of the card aimed at in target_seat's row (2, 7, 10, 12).",
        load_default=None, allow_none=True))
    value: int | None = wire(_value_field(
        "Value of the card turned face up by a 10 (Spy).", load_default=None, allow_none=True))
    other_seat: int | None = wire(_seat_field(
        "Seat of the second card of a 12 (Queen) swap.", load_default=None, allow_none=True))
    other_slot: int | None = wire(_slot_field(
        "Position of the second card of a 12 (Queen) swap.", load_default=None,
        allow_none=True))
    card: int | None = wire(_value_field(
        "Value of the card whose power this is, when the seat has several powers to use (a "
        "discard and a quick play); default: the oldest.", load_default=None, allow_none=True))


@dataclass(frozen=True, slots=True)
class QuickPlay:
    slot: int = wire(_slot_field("Position of the quick-played card in the seat's own row.",
                                 required=True))
    value: int = wire(_value_field("Value of that card, shown as it is discarded.",
                                   required=True))
    other_seat: int | None = wire(_seat_field(
        "Sum quick play only: seat holding the second card (each for themself: your own seat; "
        "in teams: your teammate).", load_default=None, allow_none=True))
    other_slot: int | None = wire(_slot_field(
        "Sum quick play only: position of the second card.", load_default=None,
        allow_none=True))
    other_value: int | None = wire(_value_field(
        "Sum quick play only: value of the second card.", load_default=None, allow_none=True))
    on_top: str = wire(fields.String(
        load_default="other", validate=validate.OneOf(["own", "other"]),
        metadata={"description": "Sum quick play only: which card lands on top of the discard "
                  "('own' = slot/value, 'other' = the second card); only its power "
                  "activates."}))

    @property
    def is_sum(self) -> bool:
        return any(v is not None for v in (self.other_seat, self.other_slot, self.other_value))

    @property
    def sum_complete(self) -> bool:
        return all(v is not None for v in (self.other_seat, self.other_slot, self.other_value))


@dataclass(frozen=True, slots=True)
class Call:
    """A call that carries nothing but the seat that made it."""


@dataclass(frozen=True, slots=True)
class ForgoPower:
    card: int | None = wire(_value_field(
        "Value of the card whose power the seat gives up, when it owes several; default: the "
        "oldest.", load_default=None, allow_none=True))


@dataclass(frozen=True, slots=True)
class Reveal:
    hands: tuple[tuple[int, ...], ...] = wire(fields.List(
        fields.List(_value_field("A card's value.")), required=True,
        metadata={"description": "The hands turned over at the end of the round: for each "
                  "seat (0, 1, …) the values of its cards in row order (position 1 first)."}))

    def __post_init__(self) -> None:
        object.__setattr__(self, "hands", tuple(tuple(h) for h in self.hands))


# the payloads' schemas, under the names callers and the API have long known them by
DrawSchema = schema_of(Draw)
DiscardSchema = schema_of(Discard)
ReplaceSchema = schema_of(Replace)
PowerSchema = schema_of(Power)
QuickPlaySchema = schema_of(QuickPlay)
EmptySchema = schema_of(Call, "EmptySchema")
ForgoPowerSchema = schema_of(ForgoPower)
RevealSchema = schema_of(Reveal)


CHECKS = Checks(log="CC-TURN-7", turn="CC-TURN-6", over="CC-GOAL-1", seat="CC-SEATS-1")

INDIVIDUAL: tuple[MoveType, ...] = (
    move("draw", Draw),
    move("discard", Discard, states_cards=OWN_CARDS),
    move("replace", Replace, states_cards=OWN_CARDS),
    # the Spy's card: the seat using the 10 turns it face up (CC-SPY-1)
    move("power", Power, states_cards=OWN_CARDS),
    # CC-POW-3: giving a power up, which may let the round's reveal through: costly.
    move("forgo_power", ForgoPower, costly=True),
    move("quick_play", QuickPlay, states_cards=OWN_CARDS),
    # CC-CALL-1 (the others play one last turn): costly.
    move("citron_coco", Call, call=True, costly=True),
    # CC-END-2 (the round is scored): costly; any seat or the host turns the hands over.
    move("reveal", Reveal, who=ANYONE, states_cards=OTHERS_CARDS, costly=True),
    move("missplay", MissplayReport, who=HOST_ONLY),
)

MOVES = Moves(CHECKS, *INDIVIDUAL)

# CCT-NANO-1, CCT-NANO-2: a Nano call doubles (or quadruples) the points of the round.
TEAM_MOVES = Moves(
    CHECKS,
    *INDIVIDUAL,
    move("nano", Call, call=True, costly=True),
    move("nano_alpha", Call, call=True, costly=True),
)

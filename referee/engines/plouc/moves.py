"""Carte et Plouc's moves, each declared once: its payload (a frozen dataclass whose fields
carry the marshmallow fields that read and document them) and who may log it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from marshmallow import fields, validate

from referee.engines.base import MissplayReport
from referee.engines.cards import CardField, Suit
from referee.engines.moves import (
    HOST_ONLY,
    NO_CARDS,
    OWN_CARDS,
    SEAT_OR_HOST,
    TABLE,
    Checks,
    Moves,
    move,
    schema_of,
    wire,
)

NOTE = validate.Length(max=500)


@dataclass(frozen=True, slots=True)
class TurnUp:
    card: str = wire(CardField(
        required=True, metadata={"description": "The first card of the stock, turned face up"}))


@dataclass(frozen=True, slots=True)
class Play:
    cards: Sequence[str] = wire(fields.List(
        CardField(), required=True, validate=validate.Length(min=1, max=4),
        metadata={"description": "The cards laid, in the order they go down (one or more of "
                  "one value); the last one is the new top of the discard"}))
    suit: str | None = wire(fields.String(
        load_default=None, allow_none=True, validate=validate.OneOf([s.value for s in Suit]),
        metadata={"description": "With aces only: the new suit named (S, H, D or C)"}))


@dataclass(frozen=True, slots=True)
class Draw:
    count: int | None = wire(fields.Integer(
        load_default=None, allow_none=True, validate=validate.Range(min=0),
        metadata={"description": "Cards drawn, as a check (optional): 1 when unable to play, "
                  "or what the 7s and king of spades made the player draw"}))


@dataclass(frozen=True, slots=True)
class Announce:
    word: str = wire(fields.String(
        required=True, validate=validate.OneOf(["carte", "plouc"]),
        metadata={"description": "'carte' with one card left, 'plouc' when the last card is "
                  "down"}))


@dataclass(frozen=True, slots=True)
class Contre:
    target_seat: int = wire(fields.Integer(
        required=True, validate=validate.Range(min=0),
        metadata={"description": "Seat caught forgetting 'carte' or 'plouc'"}))


@dataclass(frozen=True, slots=True)
class FlagCall:
    offender_seat: int = wire(fields.Integer(
        required=True, validate=validate.Range(min=0),
        metadata={"description": "Seat the flagger says made an error"}))
    rule: str = wire(fields.String(
        required=True,
        metadata={"description": "Rule id of the error, from the catalogue (e.g. PL-ANN-1)"}))
    about_seq: int | None = wire(fields.Integer(
        load_default=None, allow_none=True, validate=validate.Range(min=1),
        metadata={"description": "Seq of the event the error was made in, if any"}))
    note: str = wire(fields.String(load_default="", validate=NOTE,
                                   metadata={"description": "What the flagger saw"}))


@dataclass(frozen=True, slots=True)
class Ruling:
    upheld: bool = wire(fields.Boolean(
        required=True,
        metadata={"description": "True: the flag was right (the offender is sanctioned)"}))
    note: str = wire(fields.String(load_default="", validate=NOTE,
                                   metadata={"description": "The host's reason"}))


@dataclass(frozen=True, slots=True)
class Slap:
    with_seat: int = wire(fields.Integer(
        required=True, validate=validate.Range(min=0),
        metadata={"description": "Seat the slapper swaps hands with"}))


schema_of(FlagCall, "FlagSchema")  # the name the API has always documented it under

MOVES = Moves(
    Checks(log="PL-LOG-1", seat="PL-SEAT-1", turn="PL-TURN-1", over="PL-END-1"),
    # the stock's first card, turned face up by the dealer (or the host)
    move("turn_up", TurnUp, who=SEAT_OR_HOST),
    move("play", Play, on_turn=True, states_cards=OWN_CARDS),
    move("draw", Draw, on_turn=True),
    move("announce", Announce, call=True),
    move("contre", Contre, call=True),
    move("flag", FlagCall, call=True),
    move("ruling", Ruling, who=TABLE),
    # PL-ZERO-1: a slap swaps two whole hands
    move("slap", Slap, costly=True),
    move("missplay", MissplayReport, who=HOST_ONLY, states_cards=NO_CARDS),
)

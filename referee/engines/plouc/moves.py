"""Carte et Plouc's moves: each type's payload schema, its payload, and who may log it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from marshmallow import Schema, fields, validate

from referee.engines.base import MissplayReportSchema
from referee.engines.cards import CardField, Suit
from referee.engines.moves import (
    HOST_ONLY,
    NO_CARDS,
    OWN_CARDS,
    SEAT_OR_HOST,
    TABLE,
    Checks,
    Moves,
    MoveType,
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


@dataclass(frozen=True, slots=True)
class TurnUp:
    card: str


@dataclass(frozen=True, slots=True)
class Play:
    cards: Sequence[str]
    suit: str | None = None


@dataclass(frozen=True, slots=True)
class Draw:
    count: int | None = None


@dataclass(frozen=True, slots=True)
class Announce:
    word: str


@dataclass(frozen=True, slots=True)
class Contre:
    target_seat: int


@dataclass(frozen=True, slots=True)
class FlagCall:
    offender_seat: int
    rule: str
    about_seq: int | None = None
    note: str = ""


@dataclass(frozen=True, slots=True)
class Ruling:
    upheld: bool
    note: str = ""


@dataclass(frozen=True, slots=True)
class Slap:
    with_seat: int


@dataclass(frozen=True, slots=True)
class Missplay:
    rule: str
    note: str = ""


MOVES = Moves(
    Checks(log="PL-LOG-1", seat="PL-SEAT-1", turn="PL-TURN-1", over="PL-END-1"),
    # the stock's first card, turned face up by the dealer (or the host)
    MoveType("turn_up", TurnUpSchema, TurnUp, who=SEAT_OR_HOST),
    MoveType("play", PlaySchema, Play, on_turn=True, states_cards=OWN_CARDS),
    MoveType("draw", DrawSchema, Draw, on_turn=True),
    MoveType("announce", AnnounceSchema, Announce, call=True),
    MoveType("contre", ContreSchema, Contre, call=True),
    MoveType("flag", FlagSchema, FlagCall, call=True),
    MoveType("ruling", RulingSchema, Ruling, who=TABLE),
    # PL-ZERO-1: a slap swaps two whole hands
    MoveType("slap", SlapSchema, Slap, costly=True),
    MoveType("missplay", MissplayReportSchema, Missplay, who=HOST_ONLY, states_cards=NO_CARDS),
)

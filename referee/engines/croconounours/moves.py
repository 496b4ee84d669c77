"""The moves of CrocoNounours, each declared once: its payload (a frozen dataclass whose fields
carry the marshmallow fields that read and document them) and who may log it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from marshmallow import fields, validate

from referee.engines.base import MissplayReport
from referee.engines.cards import CardField
from referee.engines.croconounours.state import CAMPAIGN_COLOURS
from referee.engines.moves import (
    ANYONE,
    OWN_CARDS,
    TABLE,
    Checks,
    Moves,
    move,
    schema_of,
    wire,
)

_WARRIOR = (
    'A warrior, written "<seat>-<colour>" as deployed, e.g. "0-red", "1-green" (a green that '
    'turned orange keeps its name; "1-orange" is understood too). With the free choice of '
    'colours a second warrior of a colour is "0-red-2".'
)
_SQUARE = 'A square: file a–g then rank 1–7, e.g. "d4" (the centre), "a1" (a corner)'


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    draws: Mapping[str, str] | None = wire(fields.Dict(  # seat -> the card it drew
        keys=fields.String(), values=CardField(), load_default=None, allow_none=True,
        metadata={"description": 'The card each seat drew, e.g. {"0": "QS", "1": "7D"}; on a '
                  "tie only the tied seats draw again"}))
    seat: int | None = wire(fields.Integer(  # or the seat the table chose offline
        load_default=None, allow_none=True,
        metadata={"description": "Or simply the first player's seat, if the table drew "
                  "offline"}))


@dataclass(frozen=True, slots=True)
class ChooseTeam:
    colours: Sequence[str] = wire(fields.List(
        fields.String(validate=validate.OneOf(CAMPAIGN_COLOURS)), required=True,
        validate=validate.Length(equal=3),
        metadata={"description": "With the free choice: the colours of this player's 3 "
                  'warriors (red, green, yellow; repeats allowed), e.g. ["red", "red", '
                  '"yellow"]; kept secret until deployment'}))


@dataclass(frozen=True, slots=True)
class Deploy:
    corner: str = wire(fields.String(required=True,
                                     metadata={"description": f"The corner. {_SQUARE}"}))
    warriors: Mapping[str, str] = wire(fields.Dict(  # square -> colour
        keys=fields.String(), values=fields.String(validate=validate.OneOf(CAMPAIGN_COLOURS)),
        required=True,
        metadata={"description": 'Square -> warrior colour, e.g. {"a1": "red", "a2": "green", '
                  '"b1": "yellow"}: one in the corner, the others straight next to it'}))


@dataclass(frozen=True, slots=True)
class Obstacles:
    squares: Sequence[str] = wire(fields.List(
        fields.String(), required=True,
        metadata={"description": 'The squares of this player\'s obstacles, e.g. ["c3", '
                  '"d5"]'}))


@dataclass(frozen=True, slots=True)
class Discard:
    cards: Sequence[str] = wire(fields.List(
        CardField(), load_default=list,
        metadata={"description": "The cards discarded face up (any number, none included)"}))


@dataclass(frozen=True, slots=True)
class Draw:
    count: int = wire(fields.Integer(
        required=True, validate=validate.Range(min=0, max=3),
        metadata={"description": "Cards drawn from the stock (at most 3, hand never over 7)"}))


@dataclass(frozen=True, slots=True)
class Step:
    """A warrior steps one square with a black card."""

    warrior: str = wire(fields.String(required=True, metadata={"description": _WARRIOR}))
    card: str = wire(CardField(
        required=True,
        metadata={"description": "The black card played: a club to step straight, a spade to "
                  "step diagonally (a joker: the suit the step needs)"}))
    to: str = wire(fields.String(required=True,
                                 metadata={"description": f"Where it steps. {_SQUARE}"}))


@dataclass(frozen=True, slots=True)
class Strike:
    """A warrior attacks a neighbour, an obstacle, or (yellow) shoots two squares away."""

    warrior: str = wire(fields.String(required=True,
                                      metadata={"description": f"The attacker. {_WARRIOR}"}))
    card: str = wire(CardField(
        required=True,
        metadata={"description": "The red card played: a diamond straight, a heart "
                  "diagonally, any red card for a yellow warrior's shot (a joker: the suit "
                  "needed)"}))
    target: str = wire(fields.String(
        required=True,
        metadata={"description": f"The enemy warrior ({_WARRIOR}) or the square attacked "
                  "(an obstacle's square, or any warrior's square)"}))
    intent: str = wire(fields.String(
        load_default="wound", validate=validate.OneOf(["wound", "push"]),
        metadata={"description": "wound (blesser) or push (repousser); a shot only wounds"}))


@dataclass(frozen=True, slots=True)
class Defend:
    kind: str = wire(fields.String(  # "dodge" or "parry"
        required=True, validate=validate.OneOf(["dodge", "parry"]),
        metadata={"description": "dodge (esquive) or parry (parade)"}))
    cards: Sequence[str] = wire(fields.List(
        CardField(), required=True, validate=validate.Length(min=1, max=3),
        metadata={"description": "The cards played to defend"}))
    to: str | None = wire(fields.String(
        load_default=None, allow_none=True,
        metadata={"description": f"For a dodge: where the warrior steps. {_SQUARE}"}))


@dataclass(frozen=True, slots=True)
class Empty:
    """The payload of a move that carries nothing but its type and seat."""


# the names the API has always documented them under
schema_of(Step, "MoveSchema")
schema_of(Strike, "AttackSchema")
schema_of(Empty, "EmptySchema")

MOVES = Moves(
    Checks(log="CN-TURN-1", turn="CN-TURN-1", over="CN-END-1", host="CN-MISS-1"),
    move("first_player", FirstPlayer, who=ANYONE),
    move("choose_team", ChooseTeam),
    move("deploy", Deploy),
    move("obstacles", Obstacles),
    move("discard", Discard, on_turn=True, states_cards=OWN_CARDS),
    move("draw", Draw, on_turn=True),
    move("move", Step, on_turn=True, states_cards=OWN_CARDS),
    move("attack", Strike, on_turn=True, states_cards=OWN_CARDS),
    move("defend", Defend, states_cards=OWN_CARDS),
    # the attack lands in full: the table confirms it first
    move("no_defence", Empty, costly=True),
    move("end_turn", Empty, on_turn=True),
    move("missplay", MissplayReport, who=TABLE, after_end=True),
)

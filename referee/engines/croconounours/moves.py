"""The moves of CrocoNounours: each type declared once, with its payload schema (``schemas``)
and the frozen payload its rule reads."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from referee.engines.base import MissplayReportSchema
from referee.engines.croconounours.schemas import (
    AttackSchema,
    ChooseTeamSchema,
    DefendSchema,
    DeploySchema,
    DiscardSchema,
    DrawSchema,
    EmptySchema,
    FirstPlayerSchema,
    MoveSchema,
    ObstaclesSchema,
)
from referee.engines.moves import (
    ANYONE,
    OWN_CARDS,
    TABLE,
    Checks,
    Moves,
    MoveType,
    NoPayload,
)


@dataclass(frozen=True, slots=True)
class FirstPlayer:
    draws: Mapping[str, str] | None = None  # seat -> the card it drew
    seat: int | None = None  # or the seat the table chose offline


@dataclass(frozen=True, slots=True)
class ChooseTeam:
    colours: Sequence[str]


@dataclass(frozen=True, slots=True)
class Deploy:
    corner: str
    warriors: Mapping[str, str]  # square -> colour


@dataclass(frozen=True, slots=True)
class Obstacles:
    squares: Sequence[str]


@dataclass(frozen=True, slots=True)
class Discard:
    cards: Sequence[str] = ()


@dataclass(frozen=True, slots=True)
class Draw:
    count: int


@dataclass(frozen=True, slots=True)
class Step:
    """A warrior steps one square with a black card."""

    warrior: str
    card: str
    to: str


@dataclass(frozen=True, slots=True)
class Strike:
    """A warrior attacks a neighbour, an obstacle, or (yellow) shoots two squares away."""

    warrior: str
    card: str
    target: str
    intent: str = "wound"


@dataclass(frozen=True, slots=True)
class Defend:
    kind: str  # "dodge" or "parry"
    cards: Sequence[str]
    to: str | None = None


@dataclass(frozen=True, slots=True)
class Missplay:
    rule: str
    note: str = ""


MOVES = Moves(
    Checks(log="CN-TURN-1", turn="CN-TURN-1", over="CN-END-1", host="CN-MISS-1"),
    MoveType("first_player", FirstPlayerSchema, FirstPlayer, who=ANYONE),
    MoveType("choose_team", ChooseTeamSchema, ChooseTeam),
    MoveType("deploy", DeploySchema, Deploy),
    MoveType("obstacles", ObstaclesSchema, Obstacles),
    MoveType("discard", DiscardSchema, Discard, on_turn=True, states_cards=OWN_CARDS),
    MoveType("draw", DrawSchema, Draw, on_turn=True),
    MoveType("move", MoveSchema, Step, on_turn=True, states_cards=OWN_CARDS),
    MoveType("attack", AttackSchema, Strike, on_turn=True, states_cards=OWN_CARDS),
    MoveType("defend", DefendSchema, Defend, states_cards=OWN_CARDS),
    # the attack lands in full: the table confirms it first
    MoveType("no_defence", EmptySchema, NoPayload, costly=True),
    MoveType("end_turn", EmptySchema, NoPayload, on_turn=True),
    MoveType("missplay", MissplayReportSchema, Missplay, who=TABLE, after_end=True),
)

"""The match options and the payloads of CrocoNounours' moves, as marshmallow schemas (the
service validates with them and the API documents them; ``moves`` declares each type once)."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate, validates

from referee.engines.cards import CardField
from referee.engines.croconounours.board import parse_layout
from referee.engines.messages import invalid

WARRIOR_COLOURS = ("red", "green", "yellow")
CAMPAIGN_COLOURS = ("red", "green", "yellow", "orange")

_WARRIOR = (
    'A warrior, written "<seat>-<colour>" as deployed, e.g. "0-red", "1-green" (a green that '
    'turned orange keeps its name; "1-orange" is understood too). With the free choice of '
    'colours a second warrior of a colour is "0-red-2".'
)
_SQUARE = 'A square: file a–g then rank 1–7, e.g. "d4" (the centre), "a1" (a corner)'


class OptionsSchema(Schema):
    deck = fields.Integer(
        load_default=54,
        validate=validate.OneOf([54, 52, 32]),
        metadata={"description": "Cards in the pack: 54 (two jokers), 52, or 32 (7 to ace)"},
    )
    coloured_squares = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Couleur des cases: a warrior on a square of its own colour can only "
            "be pushed, unless its attacker stands on its own colour too; the centre takes its "
            "occupant's colour"
        },
    )
    layout = fields.List(
        fields.String(),
        load_default=None,
        allow_none=True,
        metadata={
            "description": "Your own board for the coloured squares: 7 rows of 7 letters, top "
            "row (rank 7) first: R red, O orange, G green, Y yellow, * takes its occupant's "
            "colour, . plain. Empty: the project's board (12 squares of each colour)"
        },
    )
    obstacles = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Décor: each player places obstacles after deployment, not next to "
            "enemy warriors; they can be attacked, never defend, and block passing, attacks "
            "and shots"
        },
    )
    obstacles_per_side = fields.Integer(
        load_default=3,
        validate=validate.Range(min=1, max=5),
        metadata={"description": "Obstacles each player places (the text: 3; at most 5)"},
    )
    free_choice = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Each player secretly chooses the colours of their 3 warriors "
            "(red, green or yellow, repeats allowed: event choose_team), revealed at deployment"
        },
    )
    teams = fields.Boolean(
        load_default=False,
        metadata={
            "description": "At 4 players, play in teams (« vous pouvez choisir de jouer par "
            "équipe »): seats 0 and 2 against seats 1 and 3 (partners never play one after "
            "the other). Off: each for themself"
        },
    )
    free_draw = fields.Boolean(
        load_default=True,
        metadata={
            "description": "« pioche jusqu'à un maximum de 3 cartes »: a player may draw fewer "
            "than 3 (or none). Off: a player draws 3, or fewer only to stay at 7"
        },
    )
    shot_past_one_obstacle_blocked = fields.Boolean(
        load_default=False,
        metadata={
            "description": "A yellow's off-line shot (a1 to c2) is blocked by one obstacle on "
            "either square it passes (b1 or b2). Off: only an obstacle in contact straight "
            "ahead, or two adjacent obstacles the shot passes between, block it"
        },
    )
    diagonal_obstacles_stop_pushes = fields.Boolean(
        load_default=False,
        metadata={
            "description": "Two diagonal obstacles stop a push between them, as they stop a "
            "move. Off: the ban is on moving (moves and dodges) only"
        },
    )
    campaign_reserve = fields.String(
        load_default="packets",
        validate=validate.OneOf(["packets", "survivors"]),
        metadata={
            "description": "What a campaign's « Warriors en réserve » are: 'packets' (the "
            "candies still in each side's packet: option packets, minus those eaten) or "
            "'survivors' (the warriors left standing at the end of the match)"
        },
    )
    packets = fields.Dict(
        keys=fields.String(),
        values=fields.Integer(validate=validate.Range(min=0, max=999)),
        load_default=None,
        allow_none=True,
        metadata={
            "description": "Campaign: the candies each seat's packet holds as this match "
            'starts, e.g. {"0": 12, "1": 9} (3 of them take the field). The standings '
            "give each seat's reserve: that count less its warriors eaten"
        },
    )
    check_reports = fields.Boolean(
        load_default=True,
        metadata={
            "description": "A fault the host reports must fit the table (a seat drew too many "
            "only after a draw, played a card without its action only after playing cards, "
            "…). Off: every report is accepted"
        },
    )
    roster = fields.Dict(
        keys=fields.String(),
        values=fields.List(fields.String(validate=validate.OneOf(CAMPAIGN_COLOURS))),
        load_default=None,
        allow_none=True,
        metadata={
            "description": "Campaign: the warriors each seat has left from the previous match "
            '(the "reserve" of its standings), e.g. {"0": ["red", "orange"]}. A seat not '
            "named brings a full team"
        },
    )

    @validates("layout")
    def _check_layout(self, value: list[str] | None, **_: Any) -> None:
        if value:
            try:
                parse_layout(value)
            except ValueError as err:
                raise invalid(err) from err


class FirstPlayerSchema(Schema):
    draws = fields.Dict(
        keys=fields.String(),
        values=CardField(),
        load_default=None,
        allow_none=True,
        metadata={
            "description": 'The card each seat drew, e.g. {"0": "QS", "1": "7D"}; on a tie only '
            "the tied seats draw again"
        },
    )
    seat = fields.Integer(
        load_default=None,
        allow_none=True,
        metadata={"description": "Or simply the first player's seat, if the table drew offline"},
    )


class DeploySchema(Schema):
    corner = fields.String(required=True, metadata={"description": f"The corner. {_SQUARE}"})
    warriors = fields.Dict(
        keys=fields.String(),
        values=fields.String(validate=validate.OneOf(CAMPAIGN_COLOURS)),
        required=True,
        metadata={
            "description": 'Square -> warrior colour, e.g. {"a1": "red", "a2": "green", '
            '"b1": "yellow"}: one in the corner, the others straight next to it'
        },
    )


class ChooseTeamSchema(Schema):
    colours = fields.List(
        fields.String(validate=validate.OneOf(CAMPAIGN_COLOURS)),
        required=True,
        validate=validate.Length(equal=3),
        metadata={
            "description": "With the free choice: the colours of this player's 3 warriors "
            '(red, green, yellow; repeats allowed), e.g. ["red", "red", "yellow"]; kept '
            "secret until deployment"
        },
    )


class ObstaclesSchema(Schema):
    squares = fields.List(
        fields.String(),
        required=True,
        metadata={"description": 'The squares of this player\'s obstacles, e.g. ["c3", "d5"]'},
    )


class DiscardSchema(Schema):
    cards = fields.List(
        CardField(),
        load_default=list,
        metadata={"description": "The cards discarded face up (any number, none included)"},
    )


class DrawSchema(Schema):
    count = fields.Integer(
        required=True,
        validate=validate.Range(min=0, max=3),
        metadata={"description": "Cards drawn from the stock (at most 3, hand never over 7)"},
    )


class MoveSchema(Schema):
    warrior = fields.String(required=True, metadata={"description": _WARRIOR})
    card = CardField(
        required=True,
        metadata={
            "description": "The black card played: a club to step straight, a spade to "
            "step diagonally (a joker: the suit the step needs)"
        },
    )
    to = fields.String(required=True, metadata={"description": f"Where it steps. {_SQUARE}"})


class AttackSchema(Schema):
    warrior = fields.String(required=True, metadata={"description": f"The attacker. {_WARRIOR}"})
    card = CardField(
        required=True,
        metadata={
            "description": "The red card played: a diamond straight, a heart diagonally, "
            "any red card for a yellow warrior's shot (a joker: the suit needed)"
        },
    )
    target = fields.String(
        required=True,
        metadata={
            "description": f"The enemy warrior ({_WARRIOR}) or the square attacked "
            "(an obstacle's square, or any warrior's square)"
        },
    )
    intent = fields.String(
        load_default="wound",
        validate=validate.OneOf(["wound", "push"]),
        metadata={"description": "wound (blesser) or push (repousser); a shot only wounds"},
    )


class DefendSchema(Schema):
    kind = fields.String(
        required=True,
        validate=validate.OneOf(["dodge", "parry"]),
        metadata={"description": "dodge (esquive) or parry (parade)"},
    )
    cards = fields.List(
        CardField(),
        required=True,
        validate=validate.Length(min=1, max=3),
        metadata={"description": "The cards played to defend"},
    )
    to = fields.String(
        load_default=None,
        allow_none=True,
        metadata={"description": f"For a dodge: where the warrior steps. {_SQUARE}"},
    )


class EmptySchema(Schema):
    pass


"""Each game as the pages show it: its options and moves as form fields, from its schemas."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from referee.edge.wording import reader_locale, said_missplays
from referee.service.games import describe_game, game_ids
from referee.web import vocabulary
from referee.web.forms import Field, fields_of
from referee.web.pads.generic import picker

#: Moves with their own place on the match page (corrections and disputes), not on the pad.
DISPUTE_TYPES = ("void", "challenge", "ruling", "abandon")


@dataclass(frozen=True)
class Move:
    type: str
    host_only: bool
    fields: list[Field]

    @property
    def label(self) -> str:
        return vocabulary.move_name(self.type)


@dataclass(frozen=True)
class Game:
    id: str
    engine_title: str
    min_seats: int
    max_seats: int
    rules: str
    options: list[Field]
    moves: dict[str, Move]
    reportable_missplays: dict[str, str]

    @property
    def title(self) -> str:
        """The game's name in the reader's language."""
        return vocabulary.game_title(self.id, self.engine_title)

    def moves_for(self, host: bool) -> list[Move]:
        """The moves the move pad offers: a seat's own, and the host's on top for the host."""
        return [m for m in self.moves.values()
                if m.type not in DISPUTE_TYPES and (host or not m.host_only)]


@dataclass(frozen=True)
class RuleChoice:
    """A fault as a choice: its rule id and its wording, read in the reader's language when
    shown (the games' forms are made once)."""

    rule: str
    text: str

    def __str__(self) -> str:
        return f"{self.rule}: {vocabulary.translated(self.text)}"


def rule_choices(missplays: dict[str, str]) -> tuple[tuple[str, Any], ...]:
    return tuple((rule, RuleChoice(rule, text)) for rule, text in missplays.items())


def with_pickers(game_id: str, move_type: str, fields: list[Field]) -> list[Field]:
    """Each field told which of the pads' pickers asks for it in the generic form."""
    return [dataclasses.replace(f, extra={**f.extra, "picker": picker(game_id, move_type, f)})
            for f in fields]


def with_rule_choices(fields: list[Field], missplays: dict[str, str]) -> list[Field]:
    """A fault's ``rule`` is chosen from the game's reportable missplays, in the rules' words."""
    if not missplays:
        return fields
    out = []
    for f in fields:
        if f.name == "rule" and f.kind == "text":
            f = Field(name=f.name, kind="choice", required=f.required,
                      description=f.description, choices=rule_choices(missplays),
                      nullable=not f.required)
        out.append(f)
    return out


def game(game_id: str) -> Game:
    """A game's page-side description, in the reader's language (the faults the host reports
    are described in it)."""
    return _game(game_id, reader_locale())


@lru_cache(maxsize=128)
def _game(game_id: str, locale: str) -> Game:
    """``game`` made once per language (its schemas don't change while the app runs)."""
    described = describe_game(game_id)
    missplays = said_missplays(described["reportable_missplays"], locale)
    moves = {}
    for move, spec in described["moves"].items():
        fields = fields_of(spec["payload"])
        if move in ("missplay", "ruling"):
            fields = with_rule_choices(fields, missplays)
        moves[move] = Move(move, spec["host_only"], with_pickers(game_id, move, fields))
    options = [dataclasses.replace(f, extra={**f.extra, "game": described["id"]})
               for f in fields_of(described["options"])]  # named in the game's own words
    return Game(described["id"], described["title"], described["min_seats"],
                described["max_seats"], described["rules"], options, moves, missplays)


@lru_cache(maxsize=64)
def rounds_game(game_id: str) -> Game:
    """A game as played in quick scoring (mode rounds): its moves are the ``round`` event and
    the shared corrections."""
    full = game(game_id)
    described = describe_game(game_id)["rounds"]
    moves = {move: Move(move, spec["host_only"],
                        with_pickers(game_id, move, fields_of(spec["payload"])))
             for move, spec in described.items() if move != "missplay"}
    return Game(full.id, full.engine_title, full.min_seats, full.max_seats, full.rules,
                full.options, moves, {})


def for_match(match: dict[str, Any]) -> Game:
    """The game as a match of it is logged: move by move, or round by round."""
    return rounds_game(match["game"]) if match.get("mode") == "rounds" else game(match["game"])


def all_games() -> list[Game]:
    return [game(game_id) for game_id in game_ids()]


def option_values(fields: list[Field], options: dict[str, Any]) -> list[tuple[Field, Any]]:
    return [(f, options.get(f.name, f.default)) for f in fields]

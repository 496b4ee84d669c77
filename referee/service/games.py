"""The games the referee knows, described for the API and the pages: options and moves."""

from __future__ import annotations

from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin

from referee.engines import REGISTRY, get_engine, rounds_engine
from referee.engines.base import Engine
from referee.engines.cards import JOKER
from referee.engines.citroncoco.core import DEFAULT_DECK, POWER_NAMES
from referee.engines.croconounours import board as croco_board
from referee.engines.neurotrio.cards import FORCES, NATURES, TOKENS
from referee.service.authority import whose_cards
from referee.service.errors import NotFound
from referee.service.matches import host_only_types, move_schemas
from referee.service.sentences import sentence

_plugin = MarshmallowPlugin()
APISpec("referee", "1", "3.0.3", plugins=[_plugin])  # gives the plugin its JSON-schema converter


def to_json_schema(schema: Any) -> dict[str, Any]:
    converter = _plugin.converter
    assert converter is not None  # set when the plugin joined the spec above
    return dict(converter.schema2jsonschema(schema))


def describe(engine: Engine[Any]) -> dict[str, Any]:
    host_only = host_only_types(engine)
    return {
        "id": engine.id, "title": engine.title,
        "min_seats": engine.min_seats, "max_seats": engine.max_seats,
        "rules": engine.rules_file, "catalogue": engine.catalogue,
        "options": to_json_schema(engine.options_schema),
        "moves": {move: {"host_only": move in host_only, "call": move in engine.calls,
                         "payload": to_json_schema(schema), "cards": whose_cards(engine, move)}
                  for move, schema in move_schemas(engine).items()},
        "reportable_missplays": dict(engine.reportable_missplays),  # messages: worded at the edge
        "rounds": rounds_moves(engine.id),
    }


def rounds_moves(game: str) -> dict[str, Any]:
    """The moves of a match of ``game`` in quick scoring (mode rounds), with their schemas."""
    engine = rounds_engine(game)
    host_only = host_only_types(engine)
    return {move: {"host_only": move in host_only, "payload": to_json_schema(schema)}
            for move, schema in move_schemas(engine).items()}


def all_games() -> list[dict[str, Any]]:
    from referee import engines  # noqa: F401  (importing them fills the registry)

    return [describe(engine) for _, engine in sorted(REGISTRY.items())]


def one_game(game_id: str) -> dict[str, Any]:
    from referee import engines  # noqa: F401

    if game_id not in REGISTRY:
        raise NotFound(sentence("There is no game {game}.", game=repr(game_id)),
                       where="game_id")
    return describe(REGISTRY[game_id])


def game_ids() -> list[str]:
    """The ids of every game the referee knows, sorted."""
    from referee import engines  # noqa: F401

    return sorted(REGISTRY)


def game_title(game_id: str) -> str:
    """A game's title (its id when no game has it: an old match of a game since removed)."""
    from referee import engines  # noqa: F401

    engine = REGISTRY.get(game_id)
    return engine.title if engine else game_id


def describe_game(game_id: str) -> dict[str, Any]:
    """One game described (``describe``), without the 404 of ``one_game``: for the pages,
    which only ask for the games of stored matches."""
    return describe(get_engine(game_id))


def payload_schemas() -> dict[str, dict[str, Any]]:
    """Each game's marshmallow schemas, its moves' and its options' (``options``), for the API
    document."""
    from referee import engines  # noqa: F401

    return {engine.id: {**move_schemas(engine), "options": engine.options_schema}
            for engine in REGISTRY.values()}


# --- what the move pads show: each game's card vocabulary, as the engines define it -----------

#: The joker of an ordinary deck, as the schemas write it (CrocoNounours).
JOKER_CARD = JOKER
#: CitronCoco: a power's name by the value of the card that gives it.
CITRONCOCO_POWERS: dict[int, str] = dict(POWER_NAMES)
#: CitronCoco's default deck: value -> number of cards.
CITRONCOCO_DECK: dict[int, int] = dict(DEFAULT_DECK)
#: Neurotrio's card attributes and bidding tokens.
NEUROTRIO_NATURES: tuple[str, ...] = tuple(NATURES)
NEUROTRIO_FORCES: tuple[int, ...] = tuple(FORCES)
NEUROTRIO_TOKENS: tuple[str, ...] = tuple(TOKENS)


def croco_corners() -> list[str]:
    """CrocoNounours: the board's corners, by name (``a1``)."""
    return [croco_board.name(c) for c in croco_board.CORNERS]


def croco_deployment(corner: str) -> list[str]:
    """CrocoNounours: the squares a side deploys on from ``corner`` (the corner first); none
    when ``corner`` names no square."""
    at = croco_board.parse_square(corner)
    return [] if at is None else [croco_board.name(s) for s in croco_board.corner_squares(at)]


#: The project's CrocoNounours board for the coloured squares, as the option ``layout`` writes
#: it: seven rows of seven letters, rank 7 first.
CROCO_LAYOUT_ROWS: tuple[str, ...] = tuple(croco_board.layout_rows(croco_board.DEFAULT_LAYOUT))
#: The letters a layout's square takes, in the order a picker offers them.
CROCO_LAYOUT_LETTERS: tuple[str, ...] = tuple(croco_board.LAYOUT_LETTERS)

"""What the engines say is data; the service renders it with the players' names
(docs/engines.md, "Adding a message")."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from referee.engines import REGISTRY, ROUNDS
from referee.engines.messages import msg
from referee.service.messages import catalogue, fields_of, render

ENGINES = Path(__file__).resolve().parents[2] / "referee" / "engines"
# the engines and modules that speak in messages
SPEAKING = ("plouc", "moves.py", "cards.py", "citroncoco", "croconounours", "neurotrio",
            "rounds.py")


def said_in(path: Path) -> list[tuple[str, set[str], int]]:
    """Each ``msg("id", …)`` and ``Impossible.of(rule, "id", …)`` in ``path``: its id, the
    parameters it gives, and its line."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", ""))
        index = {"msg": 0, "of": 1}.get(name)
        if index is None or len(node.args) <= index:
            continue
        first = node.args[index]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            found.append((first.value, {k.arg for k in node.keywords if k.arg}, node.lineno))
    return found


def sources() -> list[Path]:
    paths: list[Path] = []
    for name in SPEAKING:
        target = ENGINES / name
        paths += sorted(target.rglob("*.py")) if target.is_dir() else [target]
    return paths


@pytest.mark.parametrize("path", sources(), ids=lambda p: p.name)
def test_every_message_an_engine_says_has_a_template_with_its_parameters(path: Path) -> None:
    """Each id is in the English catalogue, and its template asks only for parameters the
    engine gives (so rendering never fails for a missing one)."""
    table = catalogue("en")
    for message_id, params, line in said_in(path):
        assert message_id in table, f"{path.name}:{line}: no template for {message_id}"
        missing = fields_of(table[message_id]) - params
        assert not missing, f"{path.name}:{line}: {message_id} lacks {missing}"


@pytest.mark.parametrize("engine", [*REGISTRY.values(), *ROUNDS.values()],
                         ids=lambda e: f"{e.id}-{type(e).__name__}")
def test_the_refusal_of_an_unknown_type_has_a_template_with_its_parameters(engine: Any) -> None:
    """The registry's shared check words an unknown type by the game's own message id (a
    rounds-only engine's: « round only »), given the type: that id has a template asking for
    nothing more."""
    message_id = engine.registry.checks.unknown
    table = catalogue("en")
    assert message_id in table
    assert not fields_of(table[message_id]) - {"type"}


def test_seats_are_named_by_the_names_given_at_the_table() -> None:
    """The reader sees "Chloé", never "seat 2"."""
    said = msg("plouc.play.lays", seat=2, cards=["7S", "7H"])
    assert render(said, ["Alice", "Bob", "Chloé"]) == "Chloé lays 7♠ 7♥"


def test_without_names_a_seat_is_its_number() -> None:
    """Counted from 1, as the table counts its seats."""
    assert render(msg("plouc.effect.to_play", seat=1)) == "seat 2 to play"


def test_lists_of_seats_read_as_a_list_of_names() -> None:
    said = msg("plouc.outcome.in_play", count=3, leader_seats=[0, 2])
    assert render(said, ["Alice", "Bob", "Chloé"]) == (
        "In play: fewest cards (3) held by Alice and Chloé")


def test_codes_become_words_and_messages_nest() -> None:
    """PL-10-1: the direction is a code in the data and a word in the sentence; the replay is a
    message within the message."""
    said = msg("plouc.effect.reversals", count=1, direction="counter_clockwise",
               then=msg("plouc.effect.plays_again", seat=0).as_dict())
    assert render(said, ["Alice"]) == (
        "1 reversal: play goes counter-clockwise; Alice plays again")


def test_a_suit_code_reads_as_its_name() -> None:
    assert render(msg("plouc.effect.suit_now", suit="H")) == "the suit is now hearts"


def test_every_template_uses_named_fields_only() -> None:
    """str.format with names only, so each template can become a gettext msgid."""
    for message_id, template in catalogue("en").items():
        assert "{}" not in template and "{0" not in template, message_id

"""The creation form's option pickers read back as the plain option fields (no browser): what
is left at the engine's default posts nothing, so the match keeps the engine's own default."""

from __future__ import annotations

import json

import pytest
from werkzeug.datastructures import MultiDict

from referee.web.forms import FormError
from referee.web.options import compose_options


def composed(**fields: str) -> MultiDict[str, str]:
    return compose_options(MultiDict(list(fields.items())))


def test_the_usual_deck_posts_no_deck() -> None:
    """CC-DECK-1: the default composition stays the engine's."""
    counts = {f"deck.{v}": "4" for v in range(1, 13)} | {"deck.-1": "2", "deck.13": "2"}
    assert "o.deck" not in compose_options(MultiDict(list(counts.items())))


def test_a_deck_without_its_tens_posts_the_whole_composition() -> None:
    counts = {f"deck.{v}": "4" for v in range(1, 13)} | {"deck.-1": "2", "deck.13": "2",
                                                         "deck.10": "0"}
    deck = json.loads(compose_options(MultiDict(list(counts.items())))["o.deck"])
    assert deck["10"] == 0 and deck["-1"] == 2 and len(deck) == 14


def test_a_count_that_is_not_a_number_is_refused_at_the_deck() -> None:
    with pytest.raises(FormError) as refused:
        composed(**{"deck.10": "many"})
    assert refused.value.name == "deck"


def test_teams_face_to_face_post_nothing_and_others_their_lines() -> None:
    """CCT-SEATS-1: the default teams are the engine's; others are a line per team."""
    assert "o.teams" not in composed(**{"team.0": "0", "team.1": "1", "team.2": "0",
                                        "team.3": "1"})
    assert composed(**{"team.0": "0", "team.1": "1", "team.2": "1",
                       "team.3": "0"})["o.teams"] == "0 3\n1 2"


def test_a_board_is_posted_only_when_the_table_draws_its_own() -> None:
    """CN-SQ-1: seven rows of seven letters, rank 7 first."""
    assert "o.layout" not in composed(**{"board.a7": "G"})
    rows = composed(**{"board.own": "1", "board.a7": "G", "board.g1": "R"})["o.layout"]
    lines = rows.splitlines()
    assert len(lines) == 7 and lines[0][0] == "G" and lines[6][6] == "R"


def test_packets_are_given_for_the_seats_filled_in() -> None:
    """CN-CAMP-1: a campaign's packets by seat; an empty input is no packet."""
    assert json.loads(composed(**{"packets.0": "12", "packets.1": "9",
                                  "packets.2": ""})["o.packets"]) == {"0": 12, "1": 9}


def test_an_option_typed_in_full_wins() -> None:
    assert composed(**{"o.teams": "0 1\n2 3", "team.0": "0"})["o.teams"] == "0 1\n2 3"

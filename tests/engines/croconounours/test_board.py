"""CrocoNounours: the board and the warriors on it (docs/rules/croconounours.md, ids
CN-…)."""

from __future__ import annotations

from referee.engines.croconounours.engine import ENGINE, CrocoState, reach
from tests.engines.croconounours.helpers import (
    ev,
    in_action,
    new_state,
    place,
    refused,
)

# --------------------------------------------------------------------------------------------
# Board and warriors


def test_cn_board_1_eight_neighbours_straight_and_diagonal() -> None:
    """CN-BOARD-1: a square has four straight and four diagonal neighbours."""
    state = place(in_action(), {"0-red": "d4"})
    options = reach(state, state.warriors["0-red"])
    assert options["club"] == ["c4", "d3", "d5", "e4"]
    assert options["spade"] == ["c3", "c5", "e3", "e5"]


def test_cn_board_2_off_the_board_is_refused() -> None:
    """CN-BOARD-2: squares are a1 to g7; h1 is not one."""
    state = in_action()
    err = refused(state, ev("move", 0, warrior="0-yellow", card="9C", to="h1"), "CN-MOVE-3")
    assert err.where == "payload.to"


def test_cn_team_1_red_green_yellow() -> None:
    """CN-TEAM-1: each side deploys one red, one green and one yellow warrior."""
    state = new_state()
    ENGINE.apply(state, ev("first_player", None, seat=0))
    bad = ev("deploy", 0, corner="a1", warriors={"a1": "red", "a2": "red", "b1": "yellow"})
    refused(state, bad, "CN-TEAM-1")


def test_cn_team_1_no_such_warrior() -> None:
    """CN-TEAM-1: a move names a warrior of the board."""
    state = in_action()
    refused(state, ev("move", 0, warrior="0-blue", card="9C", to="a3"), "CN-TEAM-1")


def test_cn_team_2_free_choice_names_repeated_colours(free_choice: CrocoState) -> None:
    """CN-TEAM-2: with the free choice a side may field two reds: 0-red and 0-red-2."""
    ENGINE.apply(free_choice, ev("choose_team", 0, colours=["red", "yellow", "red"]))
    ENGINE.apply(free_choice, ev("choose_team", 1, colours=["green", "green", "green"]))
    ENGINE.apply(
        free_choice,
        ev("deploy", 0, corner="a1", warriors={"a1": "red", "a2": "red", "b1": "yellow"}),
    )
    assert {"0-red", "0-red-2", "0-yellow"} <= set(free_choice.warriors)


def test_cn_team_2_choice_is_secret_until_deployed(free_choice: CrocoState) -> None:
    """CN-TEAM-2: the choice is made in secret: only its seat and the host see it."""
    ENGINE.apply(free_choice, ev("choose_team", 0, colours=["red", "red", "yellow"]))
    assert ENGINE.view(free_choice, 1)["seats"][0]["team"] == [None, None, None]
    assert ENGINE.view(free_choice, None)["seats"][0]["team_chosen"] is True
    assert ENGINE.view(free_choice, 0)["seats"][0]["team"] == ["red", "red", "yellow"]
    assert ENGINE.view(free_choice, "host")["seats"][0]["team"] == ["red", "red", "yellow"]


def test_cn_team_2_deployment_waits_for_every_choice(free_choice: CrocoState) -> None:
    """CN-TEAM-2: nobody deploys before every player has chosen (so nobody adapts)."""
    ENGINE.apply(free_choice, ev("choose_team", 0, colours=["red", "red", "yellow"]))
    early = ev("deploy", 0, corner="a1", warriors={"a1": "red", "a2": "red", "b1": "yellow"})
    refused(free_choice, early, "CN-TEAM-2")


def test_cn_team_2_deployment_matches_the_choice(free_choice: CrocoState) -> None:
    """CN-TEAM-2: the warriors deployed are the ones chosen."""
    ENGINE.apply(free_choice, ev("choose_team", 0, colours=["red", "red", "yellow"]))
    ENGINE.apply(free_choice, ev("choose_team", 1, colours=["red", "green", "yellow"]))
    other = ev("deploy", 0, corner="a1", warriors={"a1": "red", "a2": "green", "b1": "yellow"})
    refused(free_choice, other, "CN-TEAM-2")


def test_cn_team_2_no_choice_without_the_option() -> None:
    """CN-TEAM-2: without the option, teams are red, green and yellow."""
    state = new_state()
    refused(state, ev("choose_team", 0, colours=["red", "red", "red"]), "CN-TEAM-2")


def test_cn_team_3_nobody_starts_orange(free_choice: CrocoState) -> None:
    """CN-TEAM-3: even with the free choice, no side starts with an orange warrior."""
    refused(free_choice, ev("choose_team", 0, colours=["orange", "red", "red"]), "CN-TEAM-3")

"""CrocoNounours in rounds-only mode: the game logged at its end, the winning side and the
warriors left on each side (docs/rules/croconounours.md, « Quick scoring »: CN-RND-1/2)."""

from __future__ import annotations

import pytest

from referee.engines.base import Impossible
from referee.engines.messages import Message, Outcome
from referee.service.messages import render
from tests.engines.rounds_helpers import log, start, totals


def test_the_result_gives_the_warriors_left_on_each_side() -> None:
    """CN-RND-1: two players, Ben's side left with 2."""
    engine, state = start("croconounours", 2)
    log(engine, state, winner=1, warriors=[0, 2])
    assert totals(engine, state) == [0, 2]
    assert engine.standings(state).winners == (1,)


def test_at_four_in_teams_a_side_is_a_team() -> None:
    """CN-RND-1 with CN-MULTI-2: side 0 is seats 0 and 2; it may have up to six warriors."""
    engine, state = start("croconounours", 4, teams=True)
    log(engine, state, winner=0, warriors=[5, 0])
    assert engine.standings(state).winners == (0, 2)


def test_one_count_per_side() -> None:
    """CN-RND-1: three counts for two sides are refused."""
    engine, state = start("croconounours", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=0, warriors=[1, 0, 0])
    assert (err.value.rule, err.value.where) == ("CN-RND-1", "payload.warriors")


def test_the_winner_is_a_side_of_the_match() -> None:
    """CN-RND-1: side 2 at two players."""
    engine, state = start("croconounours", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=2, warriors=[1, 0])
    assert (err.value.rule, err.value.where) == ("CN-RND-1", "payload.winner")


def test_the_game_is_logged_once() -> None:
    """CN-RND-1: a second result is refused."""
    engine, state = start("croconounours", 2)
    log(engine, state, winner=0, warriors=[1, 0])
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=0, warriors=[1, 0])
    assert err.value.rule == "CN-RND-1"


def test_a_side_deploys_three_warriors_a_player() -> None:
    """CN-RND-2 with CN-SETUP-2: a player alone has at most three; a team of two six."""
    engine, state = start("croconounours", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=0, warriors=[4, 0])
    assert (err.value.rule, err.value.where) == ("CN-SETUP-2", "payload.warriors.0")
    engine, state = start("croconounours", 4, teams=True)
    log(engine, state, winner=0, warriors=[6, 0])
    assert totals(engine, state) == [6, 0]


def test_the_loser_has_no_warrior_left() -> None:
    """CN-RND-2 with CN-END-1: 2 against 1 is a game still going."""
    engine, state = start("croconounours", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=0, warriors=[2, 1])
    assert err.value.rule == "CN-END-1"


def test_the_winner_has_warriors_left() -> None:
    """CN-RND-2 with CN-END-1: the side with none cannot have won."""
    engine, state = start("croconounours", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=0, warriors=[0, 2])
    assert (err.value.rule, err.value.where) == ("CN-END-1", "payload.winner")


def test_at_three_every_other_side_is_out() -> None:
    """CN-RND-2 with CN-END-1's ruling at 3 without teams: the last side with warriors wins,
    so Cid, still with one, means the game was not over."""
    engine, state = start("croconounours", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=0, warriors=[2, 0, 1])
    assert (err.value.rule, err.value.where) == ("CN-END-1", "payload.warriors.2")
    log(engine, state, winner=0, warriors=[2, 0, 0])
    assert engine.standings(state).winners == (0,)


def test_croconounours_ends_when_a_side_has_no_warrior() -> None:
    """CN-END-1."""
    engine, state = start("croconounours", 2)
    log(engine, state, winner=0, warriors=[2, 0])
    assert engine.standings(state).winners == (0,)
    engine, state = start("croconounours", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=0, warriors=[2, 1])
    assert err.value.rule == "CN-END-1"


def test_croconounours_a_side_has_three_warriors() -> None:
    """CN-SETUP-2: three warriors a player."""
    engine, state = start("croconounours", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=0, warriors=[4, 0])
    assert err.value.rule == "CN-SETUP-2"


def test_croconounours_teams_win_together() -> None:
    """CN-END-1 at four in teams (chosen: « vous pouvez choisir »): the winning team's two
    seats win."""
    engine, state = start("croconounours", 4, teams=True)
    log(engine, state, winner=1, warriors=[0, 4])
    assert engine.standings(state).winners == (1, 3)


def test_croconounours_outcome_is_data_with_the_move_by_move_termination() -> None:
    """CN-END-1: the side left standing wins with its warriors; the same termination as the
    move-by-move game, the team's two seats named."""
    engine, state = start("croconounours", 4, teams=True)
    verdict = log(engine, state, winner=1, warriors=[0, 4])
    standings = engine.standings(state)
    assert standings.result == Outcome((1, 3), "croconounours.outcome.last_side", {"count": 4})
    assert verdict.reason == standings.outcome == standings.result.message
    names = ["Ana", "Ben", "Cid", "Dan"]
    assert render(standings.outcome, names, "en") == "Ben and Dan win with 4 warriors standing"
    assert render(standings.outcome, names, "fr") == (
        "Ben et Dan gagnent avec 4 Warriors encore debout")


def test_croconounours_refusal_names_the_side_by_its_players() -> None:
    """CN-SETUP-2: a player deploys three warriors, not four; the refusal names the side by
    its players."""
    engine, state = start("croconounours", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=1, warriors=[0, 4])
    assert err.value.rule == "CN-SETUP-2" and err.value.where == "payload.warriors.1"
    assert err.value.message == Message("croconounours.rounds.too_many",
                                        {"side_seats": [1], "deployed": 3, "count": 4})
    assert render(err.value.message, ["Ana", "Ben"], "fr") == (
        "Ben a déployé 3 Warriors, pas 4.")


# --- the roster and the packets of the match (option check_rounds) ------------------------------


def test_cn_camp_1_a_side_has_no_more_warriors_than_its_roster_brings() -> None:
    """CN-CAMP-1: Ana brings her two survivors back: she cannot have three left."""
    engine, state = start("croconounours", 2, roster={"0": ["red", "orange"]})
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=0, warriors=[3, 0])
    assert (err.value.rule, err.value.where) == ("CN-CAMP-1", "payload.warriors.0")
    assert err.value.message == Message("croconounours.rounds.too_many",
                                        {"side_seats": [0], "deployed": 2, "count": 3})
    assert log(engine, state, winner=0, warriors=[2, 0]).rule == "CN-END-1"


def test_cn_camp_1_the_packets_give_each_seats_candies_left() -> None:
    """CN-CAMP-1: packets of 9 and 4; Ana wins with 2 of her 3: her packet keeps 8, Ben's 1."""
    engine, state = start("croconounours", 2, packets={"0": 9, "1": 4})
    log(engine, state, winner=0, warriors=[2, 0])
    reserves = [ln.detail["reserve"] for ln in engine.standings(state).lines]
    assert reserves == [{"0": 8}, {"1": 1}]


def test_cn_rnd_2_matches_created_before_read_three_warriors_a_player() -> None:
    """CN-RND-2 under ``check_rounds`` off (matches created before the option): three warriors
    a player whatever the roster, and no packets in the standings."""
    engine, state = start("croconounours", 2, roster={"0": ["red"]}, packets={"0": 9},
                          check_rounds=False)
    assert log(engine, state, winner=0, warriors=[3, 0]).rule == "CN-END-1"
    assert "reserve" not in engine.standings(state).lines[0].detail

"""Neurotrio in rounds-only mode: the game logged at its end, each player's victory points by
source (docs/rules/neurotrio.md, « Quick scoring »: NT-RND-1 and NT-RND-2)."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from referee.engines.base import Impossible
from referee.engines.messages import Message, Outcome
from referee.service.messages import render
from tests.engines.rounds_helpers import log, start, totals

#: Four players: three go out (5, 3 and 1), seat 3 is last and lost 2 for two cards.
FOUR = [{"placements": 9, "finish": 5}, {"placements": 4, "finish": 1, "bids": -6},
        {"placements": 7, "finish": 3, "bids": 12, "penalties": -1},
        {"placements": 2, "penalties": -2}]


def test_the_deal_gives_the_starting_points() -> None:
    """NT-RND-1 with NT-DEAL-1: 52 cards among four, 13 each: five victory points each."""
    engine, state = start("neurotrio", 4)
    assert totals(engine, state) == [5, 5, 5, 5]


def test_the_sources_add_up_over_the_starting_points() -> None:
    """NT-RND-1: 5 + 9 + 5; 5 + 4 + 1 - 6; 5 + 7 + 3 + 12 - 1; 5 + 2 - 2."""
    engine, state = start("neurotrio", 4)
    log(engine, state, last=3, points=FOUR)
    assert totals(engine, state) == [19, 4, 26, 5]
    assert engine.standings(state).lines[2].detail == {
        "start": 5, "placements": 7, "finish": 3, "bids": 12, "penalties": -1}


def test_penalties_only_take_away() -> None:
    """NT-RND-1: a penalty of +3 is not a penalty."""
    engine, _state = start("neurotrio", 3)
    with pytest.raises(ValidationError):
        engine.event_types["round"]().load({"last": 2, "points": [
            {"placements": 1, "finish": 5}, {"placements": 1, "finish": 3},
            {"placements": 1, "penalties": 3}]})


def test_one_entry_per_seat() -> None:
    """NT-RND-1: three entries at a table of four are refused."""
    engine, state = start("neurotrio", 4)
    with pytest.raises(Impossible) as err:
        log(engine, state, last=2, points=FOUR[:3])
    assert (err.value.rule, err.value.where) == ("NT-RND-1", "payload.points")


def test_the_game_is_logged_once() -> None:
    """NT-RND-1: a second result is refused."""
    engine, state = start("neurotrio", 4)
    log(engine, state, last=3, points=FOUR)
    with pytest.raises(Impossible) as err:
        log(engine, state, last=3, points=FOUR)
    assert err.value.rule == "NT-RND-1"


def test_the_last_player_is_a_seat_of_the_match() -> None:
    """NT-RND-1: seat 5 at a table of four."""
    engine, state = start("neurotrio", 4)
    with pytest.raises(Impossible) as err:
        log(engine, state, last=5, points=FOUR)
    assert (err.value.rule, err.value.where) == ("NT-RND-1", "payload.last")


def test_three_bonuses_at_four_players() -> None:
    """NT-RND-2 with NT-FIN-1: at four, three players go out: 5, 3 and 1, once each; a
    missing 1 is refused."""
    engine, state = start("neurotrio", 4)
    short = [dict(p) for p in FOUR]
    short[1]["finish"] = 0
    with pytest.raises(Impossible) as err:
        log(engine, state, last=3, points=short)
    assert err.value.rule == "NT-FIN-1"


def test_no_bonus_for_the_last_player() -> None:
    """NT-RND-2 with NT-FIN-1: the bonus 1 given to the last player instead of a finisher."""
    engine, state = start("neurotrio", 4)
    wrong = [dict(p) for p in FOUR]
    wrong[1]["finish"], wrong[3]["finish"] = 0, 1
    with pytest.raises(Impossible) as err:
        log(engine, state, last=3, points=wrong)
    assert (err.value.rule, err.value.where) == ("NT-FIN-1", "payload.points.3.finish")


def test_the_last_player_loses_something() -> None:
    """NT-RND-2 with NT-END-2: the last player lost nothing: refused, nothing scored."""
    engine, state = start("neurotrio", 4)
    wrong = [dict(p) for p in FOUR]
    wrong[3]["penalties"] = 0
    with pytest.raises(Impossible) as err:
        log(engine, state, last=3, points=wrong)
    assert err.value.rule == "NT-END-2"
    assert not engine.standings(state).finished


def test_the_most_victory_points_win() -> None:
    """NT-RND-2 with NT-WIN-1: seat 2's 26 is the most."""
    engine, state = start("neurotrio", 4)
    assert log(engine, state, last=3, points=FOUR).rule == "NT-END-1"
    assert engine.standings(state).winners == (2,)


def test_neurotrio_sources_add_up_with_the_deal() -> None:
    """NT-FIN-1 and NT-END-2: finish bonuses 5, 3…; the last player loses points."""
    engine, state = start("neurotrio", 3)
    before = totals(engine, state)
    log(engine, state, last=2, points=[
        {"placements": 20, "finish": 5}, {"placements": 12, "finish": 3, "bids": 4},
        {"placements": 8, "penalties": -5}])
    assert totals(engine, state) == [before[0] + 25, before[1] + 19, before[2] + 3]
    assert engine.standings(state).winners == (0,)


def test_neurotrio_finish_bonuses_are_given_once_each() -> None:
    """NT-FIN-1."""
    engine, state = start("neurotrio", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, last=2, points=[{"placements": 1, "finish": 5},
                                           {"placements": 1, "finish": 5},
                                           {"placements": 1, "penalties": -1}])
    assert err.value.rule == "NT-FIN-1"


def test_neurotrio_last_player_loses_points() -> None:
    """NT-END-2."""
    engine, state = start("neurotrio", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, last=2, points=[{"placements": 1, "finish": 5},
                                           {"placements": 1, "finish": 3},
                                           {"placements": 1}])
    assert err.value.rule == "NT-END-2"


def test_neurotrio_outcome_is_data_and_shared_on_a_tie() -> None:
    """NT-WIN-1: the most victory points wins, tied players share it; the result is data (the
    same termination ids as the move-by-move game), rendered with the players' names."""
    engine, state = start("neurotrio", 3)
    before = totals(engine, state)  # the start points differ by the deal (NT-DEAL-1)
    verdict = log(engine, state, last=2, points=[
        {"placements": 13 - before[0], "finish": 5}, {"placements": 15 - before[1], "finish": 3},
        {"placements": 1, "penalties": -1}])
    standings = engine.standings(state)
    assert standings.result == Outcome((0, 1), "neurotrio.outcome.shared", {"points": 18})
    assert verdict.reason == standings.outcome == standings.result.message
    assert render(standings.outcome, ["Ana", "Ben", "Cid"]) == (
        "Ana and Ben share the win with 18 victory points")


def test_neurotrio_a_refusal_is_said_as_data() -> None:
    """NT-FIN-1: the seat still holding cards gets no finish bonus; the refusal names it."""
    engine, state = start("neurotrio", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, last=2, points=[{"placements": 1, "finish": 5},
                                           {"placements": 1},
                                           {"placements": 1, "finish": 3, "penalties": -1}])
    assert err.value.message == Message("neurotrio.rounds.no_bonus_for_last", {"seat": 2})

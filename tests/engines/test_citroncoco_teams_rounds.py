"""CitronCoco in teams, rounds only: Nano and Nano Alpha stated with the round
(docs/rules/citroncoco-teams.md, « Quick scoring »: CCT-RND-1..3)."""

from __future__ import annotations

import pytest

from referee.engines.base import Impossible
from tests.engines.rounds_helpers import log, start, totals


def test_a_round_scores_each_team_by_its_two_hands() -> None:
    """CCT-RND-1 with CCT-END-2: no call, seats 0 and 2 against 1 and 3."""
    engine, state = start("citroncoco-teams", 4)
    log(engine, state, caller=None, hands=[[], [5], [2, 3], [4, 1]])
    assert totals(engine, state) == [5, 10]


def test_a_round_states_who_said_nano() -> None:
    """CCT-RND-1: the nano seat is part of the round; ×2 on the losing team (CCT-CALL-3)."""
    engine, state = start("citroncoco-teams", 4, nano=True)
    log(engine, state, caller=0, totals=[1, 20, 2, 10], nano=1)
    assert totals(engine, state) == [0, 60]


def test_one_entry_per_seat_at_four() -> None:
    """CCT-RND-1: three totals at four seats are refused."""
    engine, state = start("citroncoco-teams", 4)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[1, 2, 3])
    assert (err.value.rule, err.value.where) == ("CCT-RND-1", "payload.totals")


def test_nano_without_a_call_is_refused() -> None:
    """CCT-RND-2: Nano answers a Citron Coco."""
    engine, state = start("citroncoco-teams", 4, nano=True)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=None, totals=[0, 1, 2, 3], nano=1)
    assert err.value.rule == "CCT-NANO-1" and totals(engine, state) == [0, 0]


def test_nano_alpha_by_another_than_the_teammate_is_refused() -> None:
    """CCT-RND-2 with CCT-NANO-2: seat 3 is an opponent of the caller (seat 0)."""
    engine, state = start("citroncoco-teams", 4, nano=True)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[1, 20, 2, 10], nano=1, nano_alpha=3)
    assert err.value.rule == "CCT-NANO-2"


def test_nano_alpha_quadruples_the_losing_team() -> None:
    """CCT-RND-3: the losing team's 30 coconuts ×4."""
    engine, state = start("citroncoco-teams", 4, nano=True)
    assert log(engine, state, caller=0, totals=[1, 20, 2, 10], nano=1,
               nano_alpha=2).rule == "CCT-CALL-3"
    assert totals(engine, state) == [0, 120]


def test_both_teams_over_the_target_the_higher_loses() -> None:
    """CCT-RND-3 with CCT-GOAL-1: 30 against 35 past a target of 20: team A wins."""
    engine, state = start("citroncoco-teams", 4, target=20)
    log(engine, state, caller=None, totals=[0, 10, 30, 25])
    standings = engine.standings(state)
    assert standings.finished and standings.winners == (0, 2)


def test_both_teams_level_over_the_target_tie() -> None:
    """CCT-RND-3 with CCT-GOAL-2: 30 and 30 past 20: nobody wins."""
    engine, state = start("citroncoco-teams", 4, target=20)
    log(engine, state, caller=None, totals=[0, 10, 30, 20])
    standings = engine.standings(state)
    assert standings.finished and standings.winners == ()

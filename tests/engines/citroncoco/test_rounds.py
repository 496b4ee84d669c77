"""CitronCoco in rounds-only mode, each for themself and in teams: a round judged for
consistency and scored by the game's own rules (docs/rules/citroncoco.md and
citroncoco-teams.md, « Quick scoring »). Each test names the clause it checks."""

from __future__ import annotations

import pytest

from referee.engines.base import Event, Impossible
from referee.engines.messages import Message
from referee.service.messages import render
from tests.engines.rounds_helpers import log, start, totals


def test_citroncoco_successful_call_takes_off_the_largest_hand() -> None:
    """CC-CALL-4: the caller with the fewest coconuts takes off the largest hand."""
    engine, state = start("citroncoco", 3)
    verdict = log(engine, state, caller=0, hands=[[1, 1, 1, 1], [3, 3, 3, 3], [4, 4, 4, 4]])
    assert verdict.rule == "CC-CALL-4"
    assert totals(engine, state) == [-16, 12, 16]


def test_citroncoco_failed_call_scores_the_caller_alone() -> None:
    """CC-CALL-5: a caller without the fewest scores their hand, the others nothing."""
    engine, state = start("citroncoco", 3)
    assert log(engine, state, caller=2, totals=[6, 14, 20]).rule == "CC-CALL-5"
    assert totals(engine, state) == [0, 0, 20]


def test_citroncoco_tie_fails_unless_the_option_says_otherwise() -> None:
    """CC-CALL-5 on a tie by default; the caller_wins_ties option makes it CC-CALL-4."""
    engine, state = start("citroncoco", 2)
    assert log(engine, state, caller=0, totals=[6, 6]).rule == "CC-CALL-5"
    engine, state = start("citroncoco", 2, caller_wins_ties=True)
    assert log(engine, state, caller=0, totals=[6, 6]).rule == "CC-CALL-4"


def test_citroncoco_round_without_call_scores_every_hand() -> None:
    """CC-END-2 (and CC-END-1: the round ended on an emptied hand)."""
    engine, state = start("citroncoco", 2)
    assert log(engine, state, caller=None, hands=[[], [5, 6]]).rule == "CC-END-2"
    assert totals(engine, state) == [0, 11]


def test_citroncoco_round_without_call_needs_an_emptied_hand() -> None:
    """CC-END-1: without a call, the round only ends when a hand is empty."""
    engine, state = start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=None, hands=[[1], [5, 6]])
    assert err.value.rule == "CC-END-1"


def test_citroncoco_hands_must_fit_the_deck() -> None:
    """CC-DECK-1: no fifth card of a value the deck holds four of; nothing is changed."""
    engine, state = start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, hands=[[7, 7, 7], [7, 7]])
    assert err.value.rule == "CC-DECK-1" and err.value.where == "payload.hands"
    assert totals(engine, state) == [0, 0] and not state.summaries


def test_citroncoco_totals_must_fit_the_deck() -> None:
    """CC-DECK-1: the hands together cannot count less than every negative card."""
    engine, state = start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[-5, -3])
    assert err.value.rule == "CC-DECK-1"


def test_citroncoco_reaching_the_target_ends_the_match() -> None:
    """CC-GOAL-1 and CC-GOAL-2: a ship at the target ends it; the fewest coconuts win."""
    engine, state = start("citroncoco", 2, target=10)
    assert log(engine, state, caller=0, totals=[20, 4]).rule == "CC-GOAL-1"
    standings = engine.standings(state)
    assert standings.finished and standings.winners == (1,)
    with pytest.raises(Impossible):
        log(engine, state, caller=0, totals=[1, 4])


def test_citroncoco_needs_one_entry_per_seat() -> None:
    engine, state = start("citroncoco", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[1, 2])
    assert err.value.where == "payload.totals"


def test_citroncoco_moves_are_refused_in_rounds_mode() -> None:
    engine, state = start("citroncoco", 2)
    with pytest.raises(Impossible):
        engine.apply(state, Event("draw", 0, {"source": "stock"}, 1))


def test_teams_nano_alpha_quadruples_the_losing_team() -> None:
    """CCT-CALL-3 with CCT-NANO-1 and CCT-NANO-2: ×4 on the losing team's coconuts."""
    engine, state = start("citroncoco-teams", 4, nano=True)
    verdict = log(engine, state, caller=0, totals=[1, 20, 2, 10], nano=1, nano_alpha=2)
    assert verdict.rule == "CCT-CALL-3"
    assert totals(engine, state) == [0, 120]


def test_teams_nano_belongs_to_the_next_opponent() -> None:
    """CCT-NANO-1: only the caller's next opponent answers Nano!"""
    engine, state = start("citroncoco-teams", 4, nano=True)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[1, 20, 2, 10], nano=3)
    assert err.value.rule == "CCT-NANO-1"


def test_teams_nano_alpha_needs_a_nano() -> None:
    """CCT-NANO-2: Nano Alpha! answers a Nano!"""
    engine, state = start("citroncoco-teams", 4, nano=True)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[1, 20, 2, 10], nano_alpha=2)
    assert err.value.rule == "CCT-NANO-2"


def test_teams_nano_needs_the_option() -> None:
    """CCT-NANO-1: without the option there is no Nano."""
    engine, state = start("citroncoco-teams", 4, nano=False)
    with pytest.raises(Impossible):
        log(engine, state, caller=0, totals=[1, 20, 2, 10], nano=1)


def test_teams_both_over_the_target_the_higher_loses() -> None:
    """CCT-GOAL: both teams past 200 — the higher team loses (the game's own result)."""
    engine, state = start("citroncoco-teams", 4, target=20)
    log(engine, state, caller=None, totals=[0, 10, 30, 25])
    standings = engine.standings(state)
    assert standings.finished and standings.winners == (0, 2)


def test_citroncoco_refusal_gives_the_deck_figures_as_data() -> None:
    """CC-DECK-1: five 7s where the deck holds four."""
    engine, state = start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, hands=[[7, 7, 7], [7, 7]])
    assert err.value.message == Message("citroncoco.rounds.too_many_of_value",
                                        {"count": 5, "value": 7, "held": 4})


def test_teams_nano_refusal_names_the_next_opponent() -> None:
    """CCT-NANO-1: only the caller's next opponent (seat 1) answers Nano!; the same message as
    the move-by-move game's."""
    engine, state = start("citroncoco-teams", 4, nano=True)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[1, 20, 2, 10], nano=3)
    assert err.value.message == Message("citroncoco.teams.nano.next_only", {"next_seat": 1})
    assert "Bob" in render(err.value.message, ["Ana", "Bob", "Cid", "Dan"], "fr")

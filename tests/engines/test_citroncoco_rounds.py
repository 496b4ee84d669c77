"""CitronCoco in rounds-only mode: what a ``round`` states, how it is judged, how it is scored
(docs/rules/citroncoco.md, « Quick scoring »: CC-RND-1..3)."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from referee.engines.base import Event, Impossible
from tests.engines.rounds_helpers import log, start, totals


def test_a_round_states_the_caller_and_each_hand() -> None:
    """CC-RND-1: the caller and each seat's revealed hand, seat 0 first; scored as stated."""
    engine, state = start("citroncoco", 3)
    log(engine, state, caller=1, hands=[[5, 6], [1, 2], [3, 4, 12]])
    assert totals(engine, state) == [11, -19, 19]


def test_a_round_may_state_totals_instead_of_hands() -> None:
    """CC-RND-1: each seat's coconuts instead of the cards."""
    engine, state = start("citroncoco", 3)
    log(engine, state, caller=1, totals=[11, 3, 19])
    assert totals(engine, state) == [11, -19, 19]


def test_a_round_states_hands_or_totals_never_both() -> None:
    """CC-RND-1: one of the two."""
    engine, _state = start("citroncoco", 2)
    with pytest.raises(ValidationError):
        engine.event_types["round"]().load({"caller": 0, "hands": [[1], [2]],
                                             "totals": [1, 2]})


def test_a_round_gives_one_entry_per_seat() -> None:
    """CC-RND-1: two totals at a table of three are refused, nothing scored."""
    engine, state = start("citroncoco", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[1, 2])
    assert (err.value.rule, err.value.where) == ("CC-RND-1", "payload.totals")
    assert totals(engine, state) == [0, 0, 0]


def test_a_caller_must_be_a_seat_of_the_match() -> None:
    """CC-RND-1: seat 4 at a table of two."""
    engine, state = start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=4, totals=[1, 2])
    assert (err.value.rule, err.value.where) == ("CC-RND-1", "payload.caller")


def test_only_rounds_are_logged() -> None:
    """CC-RND-1: a draw is refused in a rounds-only match."""
    engine, state = start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        engine.apply(state, Event("draw", 0, {"source": "stock"}, 1))
    assert (err.value.rule, err.value.where) == ("CC-RND-1", "type")


def test_hands_are_judged_against_a_deck_of_the_matchs_own() -> None:
    """CC-RND-2 with CC-DECK-1: a deck of two 7s has no third; the hands are checked against
    the match's own composition, not the default's four."""
    engine, state = start("citroncoco", 2, deck={"7": 2, "1": 4, "2": 4, "3": 4})
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, hands=[[7, 1], [7, 7]])
    assert err.value.rule == "CC-DECK-1"
    log(engine, state, caller=0, hands=[[7, 1], [7, 3]])
    assert totals(engine, state) == [-10, 10]


def test_totals_below_every_negative_card_are_refused() -> None:
    """CC-RND-2: the default deck's two red kings (-1) are the floor: -2 is possible, -3 not."""
    engine, state = start("citroncoco", 2)
    log(engine, state, caller=0, totals=[-2, 0])
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[-2, -1])
    assert err.value.rule == "CC-DECK-1"


def test_a_round_without_a_caller_shows_an_emptied_hand() -> None:
    """CC-RND-2 with CC-END-1: without a call, a hand is empty."""
    engine, state = start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=None, hands=[[1], [2]])
    assert err.value.rule == "CC-END-1"


def test_a_successful_call_takes_off_the_largest_hand() -> None:
    """CC-RND-3 with CC-CALL-4: 3 against 7 and 9: the caller takes off 9, the others score."""
    engine, state = start("citroncoco", 3)
    assert log(engine, state, caller=0, totals=[3, 7, 9]).rule == "CC-CALL-4"
    assert totals(engine, state) == [-9, 7, 9]


def test_a_failed_call_scores_the_caller_alone() -> None:
    """CC-RND-3 with CC-CALL-5: 8 against 7 and 9: the caller scores 8, the others nothing."""
    engine, state = start("citroncoco", 3)
    assert log(engine, state, caller=0, totals=[8, 7, 9]).rule == "CC-CALL-5"
    assert totals(engine, state) == [8, 0, 0]


def test_a_tied_call_follows_the_matchs_option() -> None:
    """CC-RND-3: a tie fails by default (CC-CALL-5) and wins under caller_wins_ties."""
    engine, state = start("citroncoco", 2, caller_wins_ties=True)
    assert log(engine, state, caller=1, totals=[4, 4]).rule == "CC-CALL-4"
    assert totals(engine, state) == [4, -4]


def test_rounds_add_up_to_the_target_and_the_fewest_win() -> None:
    """CC-RND-3 with CC-GOAL-1/2: 12 + 20 passes a target of 30; then no round is taken."""
    engine, state = start("citroncoco", 2, target=30)
    assert log(engine, state, caller=1, totals=[12, 2]).rule == "CC-CALL-4"
    assert log(engine, state, caller=None, totals=[20, 0]).rule == "CC-GOAL-1"
    standings = engine.standings(state)
    assert standings.finished and standings.winners == (1,)
    assert totals(engine, state) == [32, -12]
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[1, 1])
    assert err.value.rule == "CC-GOAL-1"

"""CitronCoco in rounds-only mode, each for themself and in teams: a round judged for
consistency and scored by the game's own rules (docs/rules/citroncoco.md and
citroncoco-teams.md, « Quick scoring »). Each test names the clause it checks."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from referee.engines.base import Event, Impossible
from referee.engines.messages import Message
from referee.service.messages import render
from tests.engines import rounds_helpers as rounds
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


# --- quick scoring (rounds only): what a ``round`` states, how it is judged and scored
# (docs/rules/citroncoco.md, « Quick scoring »: CC-RND-1..3) -----------------------------

def test_rounds_a_round_states_the_caller_and_each_hand() -> None:
    """CC-RND-1: the caller and each seat's revealed hand, seat 0 first; scored as stated."""
    engine, state = rounds.start("citroncoco", 3)
    rounds.log(engine, state, caller=1, hands=[[5, 6], [1, 2], [3, 4, 12]])
    assert rounds.totals(engine, state) == [11, -19, 19]


def test_rounds_a_round_may_state_totals_instead_of_hands() -> None:
    """CC-RND-1: each seat's coconuts instead of the cards."""
    engine, state = rounds.start("citroncoco", 3)
    rounds.log(engine, state, caller=1, totals=[11, 3, 19])
    assert rounds.totals(engine, state) == [11, -19, 19]


def test_rounds_a_round_states_hands_or_totals_never_both() -> None:
    """CC-RND-1: one of the two."""
    engine, _state = rounds.start("citroncoco", 2)
    with pytest.raises(ValidationError):
        engine.event_types["round"]().load({"caller": 0, "hands": [[1], [2]],
                                             "totals": [1, 2]})


def test_rounds_a_round_gives_one_entry_per_seat() -> None:
    """CC-RND-1: two totals at a table of three are refused, nothing scored."""
    engine, state = rounds.start("citroncoco", 3)
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=0, totals=[1, 2])
    assert (err.value.rule, err.value.where) == ("CC-RND-1", "payload.totals")
    assert rounds.totals(engine, state) == [0, 0, 0]


def test_rounds_a_caller_must_be_a_seat_of_the_match() -> None:
    """CC-RND-1: seat 4 at a table of two."""
    engine, state = rounds.start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=4, totals=[1, 2])
    assert (err.value.rule, err.value.where) == ("CC-RND-1", "payload.caller")


def test_rounds_only_rounds_are_logged() -> None:
    """CC-RND-1: a draw is refused in a rounds-only match."""
    engine, state = rounds.start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        engine.apply(state, Event("draw", 0, {"source": "stock"}, 1))
    assert (err.value.rule, err.value.where) == ("CC-RND-1", "type")


def test_rounds_hands_are_judged_against_a_deck_of_the_matchs_own() -> None:
    """CC-RND-2 with CC-DECK-1: a deck of two 7s has no third; the hands are checked against
    the match's own composition, not the default's four."""
    engine, state = rounds.start("citroncoco", 2, deck={"7": 2, "1": 4, "2": 4, "3": 4})
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=0, hands=[[7, 1], [7, 7]])
    assert err.value.rule == "CC-DECK-1"
    rounds.log(engine, state, caller=0, hands=[[7, 1], [7, 3]])
    assert rounds.totals(engine, state) == [-10, 10]


def test_rounds_totals_below_every_negative_card_are_refused() -> None:
    """CC-RND-2: the default deck's two red kings (-1) are the floor: -2 is possible, -3 not."""
    engine, state = rounds.start("citroncoco", 2)
    rounds.log(engine, state, caller=0, totals=[-2, 0])
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=0, totals=[-2, -1])
    assert err.value.rule == "CC-DECK-1"


def test_rounds_a_round_without_a_caller_shows_an_emptied_hand() -> None:
    """CC-RND-2 with CC-END-1: without a call, a hand is empty."""
    engine, state = rounds.start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=None, hands=[[1], [2]])
    assert err.value.rule == "CC-END-1"


def test_rounds_a_successful_call_takes_off_the_largest_hand() -> None:
    """CC-RND-3 with CC-CALL-4: 3 against 7 and 9: the caller takes off 9, the others score."""
    engine, state = rounds.start("citroncoco", 3)
    assert rounds.log(engine, state, caller=0, totals=[3, 7, 9]).rule == "CC-CALL-4"
    assert rounds.totals(engine, state) == [-9, 7, 9]


def test_rounds_a_failed_call_scores_the_caller_alone() -> None:
    """CC-RND-3 with CC-CALL-5: 8 against 7 and 9: the caller scores 8, the others nothing."""
    engine, state = rounds.start("citroncoco", 3)
    assert rounds.log(engine, state, caller=0, totals=[8, 7, 9]).rule == "CC-CALL-5"
    assert rounds.totals(engine, state) == [8, 0, 0]


def test_rounds_a_tied_call_follows_the_matchs_option() -> None:
    """CC-RND-3: a tie fails by default (CC-CALL-5) and wins under caller_wins_ties."""
    engine, state = rounds.start("citroncoco", 2, caller_wins_ties=True)
    assert rounds.log(engine, state, caller=1, totals=[4, 4]).rule == "CC-CALL-4"
    assert rounds.totals(engine, state) == [4, -4]


def test_rounds_rounds_add_up_to_the_target_and_the_fewest_win() -> None:
    """CC-RND-3 with CC-GOAL-1/2: 12 + 20 passes a target of 30; then no round is taken."""
    engine, state = rounds.start("citroncoco", 2, target=30)
    assert rounds.log(engine, state, caller=1, totals=[12, 2]).rule == "CC-CALL-4"
    assert rounds.log(engine, state, caller=None, totals=[20, 0]).rule == "CC-GOAL-1"
    standings = engine.standings(state)
    assert standings.finished and standings.winners == (1,)
    assert rounds.totals(engine, state) == [32, -12]
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=0, totals=[1, 1])
    assert err.value.rule == "CC-GOAL-1"


# --- totals judged against the deck as play judges hands (option check_rounds) -----------------


def test_cc_deck_1_totals_above_every_positive_card_are_refused() -> None:
    """CC-DECK-1: the 52-card deck's positive cards count 338 coconuts; 200 + 200 is more
    than the hands can hold together."""
    engine, state = start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[200, 200])
    assert (err.value.rule, err.value.where) == ("CC-DECK-1", "payload.totals")
    assert err.value.message == Message("citroncoco.rounds.too_many",
                                        {"highest": 338, "total": 400})


def test_cc_deck_1_a_total_below_every_negative_card_is_refused() -> None:
    """CC-DECK-1: the deck's two red kings make -2 the lowest hand; seat 0's -3 cannot be,
    though the totals together (7) are above the floor."""
    engine, state = start("citroncoco", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[-3, 10])
    assert (err.value.rule, err.value.where) == ("CC-DECK-1", "payload.totals.0")
    assert err.value.message == Message("citroncoco.rounds.seat_beyond_deck",
                                        {"seat": 0, "total": -3, "lowest": -2, "highest": 338})


def test_cc_end_1_totals_without_a_call_show_an_emptied_hand() -> None:
    """CC-END-1: with no « Citron Coco » the round ended on an emptied hand: some total is 0."""
    engine, state = start("citroncoco", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=None, totals=[5, 12, 9])
    assert (err.value.rule, err.value.where) == ("CC-END-1", "payload.totals")
    assert log(engine, state, caller=None, totals=[0, 12, 9]).rule == "CC-END-2"


def test_cc_rnd_2_matches_created_before_keep_the_floor_only() -> None:
    """CC-RND-2 under ``check_rounds`` off (matches created before the option): the totals are
    checked against the deck's floor only, as they were judged."""
    engine, state = start("citroncoco", 3, check_rounds=False)
    assert log(engine, state, caller=None, totals=[5, 12, 9]).rule == "CC-END-2"
    assert log(engine, state, caller=0, totals=[-3, 150, 100]).rule == "CC-CALL-4"


def test_cct_rnd_1_team_totals_are_judged_against_the_deck_too() -> None:
    """CCT-RND-1 with CC-DECK-1: the team game's rounds are judged as the individual game's."""
    engine, state = start("citroncoco-teams", 4)
    with pytest.raises(Impossible) as err:
        log(engine, state, caller=0, totals=[100, 100, 100, 100])
    assert err.value.rule == "CC-DECK-1"

"""Quick scoring (rounds only): each game's round judged for consistency and scored by the
game's own rules. Each test names the clause it checks."""

from __future__ import annotations

from typing import Any

import pytest

from referee.engines.base import Event, Impossible
from referee.engines.messages import Message, Outcome
from referee.service.messages import render
from tests.engines.rounds_helpers import log, start, totals

# --- CitronCoco ----------------------------------------------------------------------------


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


# --- CitronCoco in teams -------------------------------------------------------------------


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


# --- the games scored at their end ----------------------------------------------------------


def test_plouc_winner_has_laid_every_card() -> None:
    """PL-GOAL-1: the winner's hand is empty; the others keep their cards for the placements."""
    engine, state = start("plouc", 3)
    log(engine, state, winner=1, cards=[3, 0, 5])
    standings = engine.standings(state)
    assert standings.finished and standings.winners == (1,)
    assert totals(engine, state) == [3, 0, 5]


def test_plouc_winner_with_cards_is_refused() -> None:
    """PL-GOAL-1."""
    engine, state = start("plouc", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=1, cards=[3, 2, 5])
    assert err.value.rule == "PL-GOAL-1"


def test_plouc_only_one_player_goes_out() -> None:
    """PL-END-1: the first to lay their last card ends the game."""
    engine, state = start("plouc", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=1, cards=[0, 0, 5])
    assert err.value.rule == "PL-END-1"


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


# --- what the rounds-only engines say is data, rendered with the players' names ----------------


def test_plouc_outcome_is_data_with_the_move_by_move_termination() -> None:
    """PL-GOAL-1: the first « plouc » wins; the result is the same termination as the
    move-by-move game's, and the verdict names the cards left, as data."""
    engine, state = start("plouc", 3)
    verdict = log(engine, state, winner=1, cards=[3, 0, 5])
    standings = engine.standings(state)
    assert standings.result == Outcome((1,), "plouc.outcome.plouc", {"seat": 1})
    assert standings.outcome == standings.result.message
    assert verdict.reason == Message("plouc.rounds.ends", {"seat": 1, "left": [3, 0, 5]})
    assert render(standings.outcome, ["Ana", "Ben", "Cid"], "fr") == "Ben gagne : plouc !"
    assert render(verdict.reason, ["Ana", "Ben", "Cid"], "en") == (
        "Ben laid their last card first and wins; cards left: Ana 3, Ben 0, Cid 5.")


def test_plouc_refusal_names_the_seats_as_data() -> None:
    """PL-END-1: only the first to lay their last card wins; the refusal names both seats."""
    engine, state = start("plouc", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=1, cards=[0, 0, 5])
    assert err.value.message == Message("plouc.rounds.first_only",
                                        {"seat": 0, "winner_seat": 1})
    assert render(err.value.message, ["Ana", "Ben", "Cid"], "fr") == (
        "Un seul joueur sort : Ben a dit « plouc » en premier, il reste donc des cartes à Ana.")


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


REFUSED = [
    ("plouc", 3, {}, {"winner": 1, "cards": [3, 0, 5]}, {"winner": 0, "cards": [0, 1, 1]}),
    ("plouc", 3, {}, None, {"winner": 5, "cards": [3, 0, 5]}),
    ("plouc", 3, {}, None, {"winner": 1, "cards": [3, 2, 5]}),
    ("plouc", 2, {}, None, {"winner": 1, "cards": [52, 0]}),
    ("croconounours", 2, {}, {"winner": 0, "warriors": [2, 0]}, {"winner": 0, "warriors": [2, 0]}),
    ("croconounours", 2, {}, None, {"winner": 3, "warriors": [2, 0]}),
    ("croconounours", 2, {}, None, {"winner": 0, "warriors": [2, 1]}),
    ("croconounours", 2, {}, None, {"winner": 1, "warriors": [2, 0]}),
    ("citroncoco", 2, {"target": 10}, {"caller": 0, "totals": [20, 4]},
     {"caller": 0, "totals": [1, 4]}),
    ("citroncoco", 2, {}, None, {"caller": 4, "totals": [1, 4]}),
    ("citroncoco", 2, {}, None, {"caller": None, "hands": [[1], [5]]}),
    ("citroncoco", 2, {}, None, {"caller": 0, "totals": [-50, -50]}),
    ("citroncoco-teams", 4, {"nano": True}, None,
     {"caller": 0, "totals": [1, 2, 3, 4], "nano_alpha": 2}),
    ("citroncoco-teams", 4, {"nano": False}, None,
     {"caller": 0, "totals": [1, 2, 3, 4], "nano": 1}),
    ("citroncoco-teams", 4, {"nano": True}, None, {"caller": None, "totals": [1, 0, 3, 4],
                                                    "nano": 1}),
    ("citroncoco-teams", 4, {"nano": True}, None,
     {"caller": 0, "totals": [1, 2, 3, 4], "nano": 1, "nano_alpha": 3}),
]


@pytest.mark.parametrize(("game", "seats", "options", "first", "payload"), REFUSED)
def test_every_refusal_in_rounds_mode_is_a_message_in_both_languages(
        game: str, seats: int, options: dict[str, Any], first: dict[str, Any] | None,
        payload: dict[str, Any]) -> None:
    """Verdicts as data (docs/engines.md): a refusal is a message id with its parameters, never
    a sentence; it reads in English and in French with the players' names."""
    engine, state = start(game, seats, **options)
    if first is not None:
        log(engine, state, **first)
    with pytest.raises(Impossible) as err:
        log(engine, state, **payload)
    said = err.value.message
    assert isinstance(said, Message), err.value.said
    names = ["Ana", "Ben", "Cid", "Dan"][:seats]
    for locale in ("en", "fr"):
        text = render(said, names, locale)
        assert text and "{" not in text, (locale, text)
        assert not any(f"seat {n}" in text or f"joueur {n}" in text for n in range(seats))

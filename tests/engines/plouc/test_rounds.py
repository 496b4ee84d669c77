"""Carte et Plouc in rounds-only mode: the game logged at its end, the first « plouc » and the
cards left in each other hand (docs/rules/plouc.md, « Quick scoring »: PL-RND-1/2)."""

from __future__ import annotations

import pytest

from referee.engines.base import Impossible
from referee.engines.messages import Message, Outcome
from referee.service.messages import render
from tests.engines.rounds_helpers import log, start, totals


def test_the_result_gives_the_cards_left_in_each_hand() -> None:
    """PL-RND-1: Cid out first; Ana 2, Ben 6 left: fewer is better, for the placements."""
    engine, state = start("plouc", 3)
    log(engine, state, winner=2, cards=[2, 6, 0])
    standings = engine.standings(state)
    assert totals(engine, state) == [2, 6, 0] and standings.lower_is_better
    assert standings.winners == (2,)


def test_one_count_per_seat() -> None:
    """PL-RND-1: two counts at a table of three are refused."""
    engine, state = start("plouc", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=1, cards=[1, 0])
    assert (err.value.rule, err.value.where) == ("PL-RND-1", "payload.cards")


def test_the_winner_is_a_seat_of_the_match() -> None:
    """PL-RND-1: seat 3 at a table of three."""
    engine, state = start("plouc", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=3, cards=[1, 2, 3])
    assert (err.value.rule, err.value.where) == ("PL-RND-1", "payload.winner")


def test_the_game_is_logged_once() -> None:
    """PL-RND-1: a second result is refused."""
    engine, state = start("plouc", 2)
    log(engine, state, winner=0, cards=[0, 4])
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=1, cards=[4, 0])
    assert err.value.rule == "PL-RND-1"


def test_the_winner_holds_no_card() -> None:
    """PL-RND-2 with PL-GOAL-1."""
    engine, state = start("plouc", 2)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=0, cards=[1, 4])
    assert err.value.rule == "PL-GOAL-1"


def test_nobody_else_is_out() -> None:
    """PL-RND-2 with PL-END-1: Ana's empty hand beside Ben's plouc."""
    engine, state = start("plouc", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=1, cards=[0, 0, 3])
    assert err.value.rule == "PL-END-1"


def test_the_hands_fit_the_deck_less_the_discards_top_card() -> None:
    """PL-RND-2 with PL-DECK-1: 51 cards can be in hand, 52 cannot."""
    engine, state = start("plouc", 3)
    with pytest.raises(Impossible) as err:
        log(engine, state, winner=0, cards=[0, 26, 26])
    assert (err.value.rule, err.value.where) == ("PL-DECK-1", "payload.cards")
    log(engine, state, winner=0, cards=[0, 26, 25])
    assert engine.standings(state).finished


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

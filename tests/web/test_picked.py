"""A move's values as the pads' pickers check them again (``generic.picked``): a correction's
form starts from the move's own cards, not from typed codes."""

from __future__ import annotations

from referee.web.pads.generic import picked


def test_an_ordinary_card_is_checked_by_rank_and_suit() -> None:
    """CN-CARD-1: ``10H`` is the 10 of hearts; the joker has no suit."""
    assert picked("10H", "card") == {"rank": "10", "suit": "H"}
    assert picked("JK", "card") == {"rank": "JK", "suit": ""}


def test_cards_in_the_order_laid_are_checked_one_picker_each() -> None:
    """PL-PLAY-1: cards of one value, kept in the order laid."""
    assert picked("7H 7S", "cards") == [{"rank": "7", "suit": "H"}, {"rank": "7", "suit": "S"}]


def test_a_neurotrio_card_is_checked_by_its_three_parts() -> None:
    assert picked("coeur-noir-2", "neuro") == ["coeur", "noir", "2"]
    assert picked("coeur-noir-2 etoile-vert-1", "neuros") == [["coeur", "noir", "2"],
                                                              ["etoile", "vert", "1"]]


def test_the_first_player_s_draws_are_checked_per_seat() -> None:
    """CN-SETUP-1: each seat's drawn card; text that is not an object checks nothing."""
    assert picked('{"0": "QS", "1": "7D"}', "draws") == {
        "0": {"rank": "Q", "suit": "S"}, "1": {"rank": "7", "suit": "D"}}
    assert picked("not json", "draws") == {}
    assert picked(None, "draws") == {}


def test_per_seat_numbers_are_given_in_seat_order() -> None:
    assert picked("4 12 -1", "per_seat") == ["4", "12", "-1"]

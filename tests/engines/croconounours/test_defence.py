"""CrocoNounours: the defence against an attack, parry and dodge
(docs/rules/croconounours.md, ids CN-…)."""

from __future__ import annotations

from referee.engines.croconounours.engine import ENGINE, CrocoState
from tests.engines.croconounours.helpers import (
    attack,
    ev,
    place,
    refused,
    sq,
)

# --------------------------------------------------------------------------------------------
# Defence


def test_cn_def_1_the_attacked_seat_answers(duel: CrocoState) -> None:
    """CN-DEF-1: only the attacked warrior's seat defends, and play waits for it."""
    attack(duel, "0-yellow", "9D", "1-green")
    refused(duel, ev("defend", 0, kind="parry", cards=["10D"]), "CN-DEF-1")
    refused(duel, ev("end_turn", 0), "CN-DEF-1")


def test_cn_def_1_no_card_no_defence(duel: CrocoState) -> None:
    """CN-DEF-1: a seat with no card cannot defend: the attack lands at once."""
    duel.hands[1] = 0
    attack(duel, "0-yellow", "9H", "1-red")
    assert duel.phase == "action" and duel.warriors["1-red"].square is None


def test_cn_def_1_nothing_to_answer_without_an_attack(duel: CrocoState) -> None:
    """CN-DEF-1: no defence is logged when no attack waits."""
    refused(duel, ev("no_defence", 1), "CN-DEF-1")


def test_cn_dodge_1_heart_attack_dodged_by_a_higher_club(duel: CrocoState) -> None:
    """CN-DODGE-1: a heart attack is dodged by one club higher than the attacking card."""
    attack(duel, "0-yellow", "9H", "1-red")
    refused(duel, ev("defend", 1, kind="dodge", cards=["8C"], to="f4"), "CN-DODGE-1")
    refused(duel, ev("defend", 1, kind="dodge", cards=["10S"], to="f5"), "CN-DODGE-1")
    ENGINE.apply(duel, ev("defend", 1, kind="dodge", cards=["10C"], to="f4"))
    assert duel.warriors["1-red"].square == sq("f4")


def test_cn_dodge_1_two_cards_of_any_value(duel: CrocoState) -> None:
    """CN-DODGE-1: two cards of the dodge suit dodge whatever their values."""
    attack(duel, "0-yellow", "AD", "1-green")
    ENGINE.apply(duel, ev("defend", 1, kind="dodge", cards=["2S", "3S"], to="c5"))
    assert duel.warriors["1-green"].square == sq("c5") and duel.hands[1] == 5


def test_cn_dodge_2_dodge_steps_as_its_suit_allows(duel: CrocoState) -> None:
    """CN-DODGE-2: a spade dodge steps diagonally, not straight."""
    attack(duel, "0-yellow", "9D", "1-green")
    refused(duel, ev("defend", 1, kind="dodge", cards=["10S"], to="d5"), "CN-DODGE-2")


def test_cn_dodge_2_no_dodge_without_room(duel: CrocoState) -> None:
    """CN-DODGE-2: a warrior that cannot step cannot dodge."""
    place(duel, {"0-red": "c5", "0-green": "e5", "1-yellow": "c3", "1-red": "e3"})
    attack(duel, "0-yellow", "9D", "1-green")
    for to in ("c5", "e5", "c3", "e3"):
        refused(duel, ev("defend", 1, kind="dodge", cards=["10S"], to=to), "CN-DODGE-2")


def test_cn_parry_1_same_suit_higher(duel: CrocoState) -> None:
    """CN-PARRY-1: a parry plays the attack's suit, higher; lower or another suit fails."""
    attack(duel, "0-yellow", "9D", "1-green")
    refused(duel, ev("defend", 1, kind="parry", cards=["8D"]), "CN-PARRY-1")
    refused(duel, ev("defend", 1, kind="parry", cards=["10H"]), "CN-PARRY-1")
    verdict = ENGINE.apply(duel, ev("defend", 1, kind="parry", cards=["10D"]))
    assert verdict.rule == "CN-PARRY-1" and duel.warriors["1-green"].colour == "green"


def test_cn_parry_1_two_of_the_suit(duel: CrocoState) -> None:
    """CN-PARRY-1: two cards of the attack's suit parry whatever their values."""
    attack(duel, "0-yellow", "KD", "1-green")
    ENGINE.apply(duel, ev("defend", 1, kind="parry", cards=["2D", "3D"]))
    assert duel.pending is None and duel.discard == ["KD", "2D", "3D"]

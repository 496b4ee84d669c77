"""Carte et Plouc: hidden information, what each seat is shown (docs/rules/plouc.md, ids
PL-…)."""

from __future__ import annotations

from referee.engines.plouc import ENGINE
from tests.engines.plouc.helpers import CHARLOTTE, ZOUHAIRE, Table, new_table

# ---- hidden information ------------------------------------------------------------------


def test_pl_hid_1_a_seat_cannot_lay_more_cards_than_it_holds() -> None:
    """PL-HID-1: hand sizes are tracked; two cards from a one-card hand is impossible."""
    t = new_table(hand_size=1)
    assert t.refuse("play", ZOUHAIRE, {"cards": ["5S", "5C"]}).rule == "PL-HID-1"


def test_pl_hid_1_hands_are_shown_as_unknown_cards(table: Table) -> None:
    """PL-HID-1: the view gives each hand's size, its cards unknown (null)."""
    table.play(ZOUHAIRE, "5S")
    seats = ENGINE.view(table.state, CHARLOTTE)["seats"]
    assert [s["hand_size"] for s in seats] == [6, 7, 7]
    assert seats[0]["hand"] == [None] * 6


def test_pl_hid_1_cards_are_conserved_through_draws_and_plays(table: Table) -> None:
    """PL-HID-1: stock + discard + hands always make 52."""
    table.play(ZOUHAIRE, "7H")
    table.draw(CHARLOTTE)
    table.draw(CHARLOTTE)
    assert table.cards_everywhere() == 52
    assert table.hand(CHARLOTTE) == 7 + 2 + 1

"""Carte et Plouc: the announcements and the end of the game (docs/rules/plouc.md, ids
PL-…)."""

from __future__ import annotations

from referee.engines.plouc import ENGINE, legal_plays
from tests.engines.plouc.helpers import CHARLOTTE, DAVID, ZOUHAIRE, Table, effects_said, new_table

# ---- announcements and the end -----------------------------------------------------------


def test_pl_ann_1_carte_with_one_card_left() -> None:
    """PL-ANN-1: with one card left the player says "carte"."""
    t = new_table(hand_size=2)
    t.play(ZOUHAIRE, "5S")
    assert t.state.seats[ZOUHAIRE].carte_due
    assert t.say(ZOUHAIRE, "carte").rule == "PL-ANN-1"
    assert not t.state.seats[ZOUHAIRE].carte_due


def test_pl_ann_1_carte_with_more_cards_is_refused(table: Table) -> None:
    """PL-ANN-1: "carte" is said with one card left, not seven."""
    assert table.refuse("announce", ZOUHAIRE, {"word": "carte"}).rule == "PL-ANN-1"


def test_pl_ann_2_plouc_only_from_the_player_who_went_out(table: Table) -> None:
    """PL-ANN-2: "plouc" is said when the last card goes down."""
    assert table.refuse("announce", ZOUHAIRE, {"word": "plouc"}).rule == "PL-ANN-2"


def test_pl_ann_2_the_game_waits_for_the_plouc() -> None:
    """PL-ANN-2: between the last card and the plouc nobody plays."""
    t = new_table(hand_size=1)
    t.play(ZOUHAIRE, "5S")
    assert t.turn == ZOUHAIRE
    assert t.refuse("play", CHARLOTTE, {"cards": ["8S"]}).rule == "PL-ANN-2"


def test_pl_end_1_standings_cards_left_and_the_winner() -> None:
    """PL-END-1: cards left per seat, fewer is better; the winner after the plouc."""
    t = new_table(hand_size=2)
    t.play(ZOUHAIRE, "5S")
    t.draw(CHARLOTTE)
    t.play(DAVID, "8S")
    t.play(ZOUHAIRE, "8C")
    assert not ENGINE.standings(t.state).finished
    t.say(ZOUHAIRE, "plouc")
    standings = ENGINE.standings(t.state)
    assert standings.finished and standings.lower_is_better
    assert standings.winners == (ZOUHAIRE,)
    assert [ln.total for ln in standings.lines] == [0, 3, 1]
    assert t.turn is None


def test_pl_end_1_each_total_is_the_sum_of_its_sources(table: Table) -> None:
    """PL-END-1: dealt + drawn + received + swapped - played - given = cards in hand."""
    table.play(ZOUHAIRE, "7H")
    table.draw(CHARLOTTE)
    table.play(CHARLOTTE, "7C", "7S")
    for line in ENGINE.standings(table.state).lines:
        assert sum(line.detail.values()) == line.total


def test_pl_end_1_the_last_card_of_a_queen_gives_no_replay() -> None:
    """PL-END-1 (ruling): the turn passes when the last card goes down."""
    t = new_table(hand_size=1, zouzou=True)
    verdict = t.play(ZOUHAIRE, "QH")
    assert t.state.turn == CHARLOTTE
    assert t.state.phase == "plouc"
    assert not any("plays again" in e for e in effects_said(verdict))


def test_pl_play_2_legal_plays_from_a_known_hand() -> None:
    """PL-PLAY-1 / PL-PLAY-2: a seat's own device lists the cards and groups it may lay."""
    t = new_table(turn_up="5H")
    plays = legal_plays(t.state, ["5S", "5C", "9C", "AH", "KD"])
    assert (["5S"], None) in plays and (["5S", "5C"], None) in plays
    assert (["5C", "5S"], None) in plays
    assert (["AH"], "C") in plays  # the ace names the suit the hand holds most of
    assert all(cards[0] not in ("9C", "KD") for cards, _ in plays)

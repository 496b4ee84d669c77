"""Carte et Plouc: the cards' powers, what each does when laid (docs/rules/plouc.md, ids
PL-…)."""

from __future__ import annotations

from tests.engines.plouc.helpers import CHARLOTTE, DAVID, ZOUHAIRE, Table, effects_said, new_table

# ---- the powers --------------------------------------------------------------------------


def test_pl_ace_1_on_the_three_of_clubs_only_the_ace_of_clubs() -> None:
    """PL-ACE-1: the text's example: on a 3♣ only the A♣ goes."""
    t = new_table(turn_up="3C")
    assert t.refuse("play", ZOUHAIRE, {"cards": ["AS"], "suit": "H"}).rule == "PL-ACE-1"
    assert t.play(ZOUHAIRE, "AC", suit="H").kind == "ok"


def test_pl_ace_2_the_ace_names_a_new_suit_that_the_next_follows() -> None:
    """PL-ACE-2: after the A♣ naming hearts, a heart follows; a club does not."""
    t = new_table(turn_up="3C")
    t.play(ZOUHAIRE, "AC", suit="H")
    assert t.refuse("play", CHARLOTTE, {"cards": ["9C"]}).rule == "PL-PLAY-1"
    t.play(CHARLOTTE, "9H")


def test_pl_ace_2_the_suit_named_must_change() -> None:
    """PL-ACE-2: "on doit changer de couleur": naming clubs again is refused."""
    t = new_table(turn_up="3C")
    assert t.refuse("play", ZOUHAIRE, {"cards": ["AC"], "suit": "C"}).rule == "PL-ACE-2"
    assert t.refuse("play", ZOUHAIRE, {"cards": ["AC"]}).where == "payload.suit"


def test_pl_ace_1_no_ace_on_an_ace_of_another_suit() -> None:
    """PL-ACE-1 (the text, default): « on ne peut mettre un as que de la couleur de la carte
    précédente »: on the A♣ naming hearts, the A♥ is refused (the previous card is a club),
    while a heart other than an ace follows the suit named."""
    t = new_table(turn_up="3C")
    t.play(ZOUHAIRE, "AC", suit="H")
    assert t.refuse("play", CHARLOTTE, {"cards": ["AH"], "suit": "S"}).rule == "PL-ACE-1"
    assert t.play(CHARLOTTE, "5H").kind == "ok"


def test_pl_ace_1_option_suit_in_play_an_ace_follows_the_suit_named() -> None:
    """PL-ACE-1, option aces suit_in_play: the A♥ goes on the A♣ that named hearts."""
    t = new_table(turn_up="3C", aces="suit_in_play")
    t.play(ZOUHAIRE, "AC", suit="H")
    assert t.play(CHARLOTTE, "AH", suit="S").kind == "ok"
    assert t.state.suit == "S"


def test_pl_ace_2_only_an_ace_names_a_suit(table: Table) -> None:
    """PL-ACE-2: a suit named with another card is refused."""
    assert table.refuse("play", ZOUHAIRE, {"cards": ["9H"], "suit": "S"}).rule == "PL-ACE-2"


def test_pl_q_1_the_queen_plays_again() -> None:
    """PL-Q-1: the text's example: on a 4♥, the Q♥ and another heart."""
    t = new_table(turn_up="4H")
    t.play(ZOUHAIRE, "QH")
    assert t.turn == ZOUHAIRE
    t.play(ZOUHAIRE, "8H")
    assert t.turn == CHARLOTTE


def test_pl_10_1_zouhaire_charlotte_david() -> None:
    """PL-10-1: the text's example: Zouhaire 5♠, Charlotte 10♠ and 8♠: Zouhaire plays, not David."""
    t = new_table(turn_up="5H")
    t.play(ZOUHAIRE, "5S")
    t.play(CHARLOTTE, "10S")
    assert t.turn == CHARLOTTE
    t.play(CHARLOTTE, "8S")
    assert t.turn == ZOUHAIRE
    assert not t.clockwise


def test_pl_10_2_two_tens_keep_the_direction() -> None:
    """PL-10-2: the text's footnote: two 10s are two reversals, play goes on as before."""
    t = new_table(turn_up="10H")
    t.play(ZOUHAIRE, "10S", "10D")
    assert t.clockwise
    t.play(ZOUHAIRE, "8D")
    assert t.turn == CHARLOTTE


def test_pl_10_2_davids_three_tens_and_three_jacks() -> None:
    """PL-10-2: the text's example: David's three 10s reverse, reverse back, reverse again."""
    t = new_table(turn_up="10C", first_seat=DAVID)
    t.play(DAVID, "10H", "10S", "10D")
    assert t.turn == DAVID
    t.play(DAVID, "JD", "JS", "JH")
    assert not t.clockwise
    assert t.turn == CHARLOTTE


def test_pl_7_1_the_seven_makes_the_next_draw_two(table: Table) -> None:
    """PL-7-1: after a 7, the next player owes 2 cards."""
    table.play(ZOUHAIRE, "7H")
    assert table.state.owed == 2
    table.draw(CHARLOTTE)
    assert table.hand(CHARLOTTE) == 9


def test_pl_7_2_zouhaire_charlotte_david_sevens() -> None:
    """PL-7-2: the text's example: 7♥, 7♣: David draws 4 and plays a club or a 7."""
    t = new_table(turn_up="5H")
    t.play(ZOUHAIRE, "7H")
    t.play(CHARLOTTE, "7C")
    verdict = t.draw(DAVID, 4)
    assert t.hand(DAVID) == 11
    assert t.turn == DAVID
    assert any("plays again" in e for e in effects_said(verdict))
    assert t.refuse("play", DAVID, {"cards": ["9H"]}).rule == "PL-PLAY-1"
    t.play(DAVID, "9C")


def test_pl_7_2_a_seat_owing_a_draw_answers_only_with_a_seven() -> None:
    """PL-7-2: a heart does not answer the 7♥; the owed draw comes first."""
    t = new_table(turn_up="5H")
    t.play(ZOUHAIRE, "7H")
    assert t.refuse("play", CHARLOTTE, {"cards": ["9H"]}).rule == "PL-7-2"
    assert t.refuse("draw", CHARLOTTE, {"count": 1}).where == "payload.count"


def test_pl_ks_1_the_king_of_spades_makes_the_next_draw_five() -> None:
    """PL-KS-1: K♠: the next player owes 5, even when laid with another king."""
    t = new_table(turn_up="5S")
    t.play(ZOUHAIRE, "KS", "KH")
    assert t.state.owed == 5
    t.draw(CHARLOTTE, 5)
    assert t.hand(CHARLOTTE) == 12


def test_pl_ks_1_other_kings_have_no_power() -> None:
    """PL-KS-1: only the king of spades makes anyone draw."""
    t = new_table(turn_up="5H")
    t.play(ZOUHAIRE, "KH")
    assert t.state.owed == 0


def test_pl_ks_2_charlotte_answers_with_the_seven_of_spades() -> None:
    """PL-KS-2: the text's example: K♠, 7♠: David draws 7 and plays again."""
    t = new_table(turn_up="5S")
    t.play(ZOUHAIRE, "KS")
    t.play(CHARLOTTE, "7S")
    t.draw(DAVID, 7)
    assert t.hand(DAVID) == 14
    assert t.turn == DAVID


def test_pl_ks_2_only_the_seven_of_spades_answers_the_king() -> None:
    """PL-KS-2: the 7♥ does not answer the K♠."""
    t = new_table(turn_up="5S")
    t.play(ZOUHAIRE, "KS")
    assert t.refuse("play", CHARLOTTE, {"cards": ["7H"]}).rule == "PL-KS-2"


def test_pl_ks_2_the_seven_of_spades_answers_a_king_laid_under_another_king() -> None:
    """PL-KS-2: K♠ then K♥ in one play: the 7♠ still answers, though it follows not the K♥."""
    t = new_table(turn_up="5S")
    t.play(ZOUHAIRE, "KS", "KH")
    verdict = t.play(CHARLOTTE, "7S")
    assert verdict.rule == "PL-KS-2"
    assert t.turn == DAVID
    assert t.state.owed == 7


def test_pl_ks_3_sevens_laid_with_the_seven_of_spades_add_two_each() -> None:
    """PL-KS-3, option king_of_spades_answer stack: K♠ answered by 7♥ and 7♠ together: David
    owes 5 + 2 + 2."""
    t = new_table(turn_up="5S", king_of_spades_answer="stack")
    t.play(ZOUHAIRE, "KS")
    t.play(CHARLOTTE, "7H", "7S")
    assert t.state.owed == 9
    assert t.turn == DAVID


def test_pl_ks_3_after_the_seven_of_spades_the_sevens_still_stack() -> None:
    """PL-KS-3, option king_of_spades_answer stack: K♠, 7♠, then 7♦: the following player
    owes 9."""
    t = new_table(turn_up="5S", king_of_spades_answer="stack")
    t.play(ZOUHAIRE, "KS")
    t.play(CHARLOTTE, "7S")
    t.play(DAVID, "7D")
    assert t.state.owed == 9
    assert t.turn == ZOUHAIRE


def test_pl_ks_3_nothing_answers_the_seven_of_spades_on_the_king() -> None:
    """PL-KS-3 (the text, default): « c'est le joueur suivant qui pioche 7 cartes »: after K♠
    and 7♠, David cannot pass it on with the 7♦; he draws 7 and plays again."""
    t = new_table(turn_up="5S")
    t.play(ZOUHAIRE, "KS")
    t.play(CHARLOTTE, "7S")
    assert t.refuse("play", DAVID, {"cards": ["7D"]}).rule == "PL-KS-3"
    verdict = t.draw(DAVID, 7)
    assert verdict.rule == "PL-KS-2"
    assert t.hand(DAVID) == 14
    assert t.turn == DAVID


def test_pl_ks_3_the_seven_of_spades_answers_the_king_alone() -> None:
    """PL-KS-3 (the text, default): only the 7♠ answers the K♠, so Charlotte cannot lay the 7♥
    with it: David would draw 9, not the 7 cards of the text."""
    t = new_table(turn_up="5S")
    t.play(ZOUHAIRE, "KS")
    assert t.refuse("play", CHARLOTTE, {"cards": ["7H", "7S"]}).rule == "PL-KS-3"


def test_pl_sq_1_the_square_of_twos() -> None:
    """PL-SQ-1: the text's example: 2♠, 2♦, then 2♣ 2♥: David plays again, a queen, again."""
    t = new_table(turn_up="5S")
    t.play(ZOUHAIRE, "2S")
    t.play(CHARLOTTE, "2D")
    verdict = t.play(DAVID, "2C", "2H")
    assert verdict.rule == "PL-SQ-1"
    assert t.turn == DAVID
    t.play(DAVID, "QH")
    assert t.turn == DAVID
    t.play(DAVID, "4H")
    assert t.turn == ZOUHAIRE


def test_pl_sq_1_three_of_a_kind_is_no_square() -> None:
    """PL-SQ-1: three equal values do not give a replay."""
    t = new_table(turn_up="5S")
    t.play(ZOUHAIRE, "2S")
    t.play(CHARLOTTE, "2D", "2C")
    assert t.turn == DAVID


def test_pl_sq_2_the_square_of_sevens() -> None:
    """PL-SQ-2: the text's example: David plays again, then Zouhaire draws 8 and plays."""
    t = new_table(turn_up="5S")
    t.play(ZOUHAIRE, "7S")
    t.play(CHARLOTTE, "7D")
    verdict = t.play(DAVID, "7C", "7H")
    assert verdict.rule == "PL-SQ-2"
    assert t.turn == DAVID
    t.play(DAVID, "9H")
    assert t.turn == ZOUHAIRE
    assert t.state.owed == 8
    t.draw(ZOUHAIRE, 8)
    assert t.hand(ZOUHAIRE) == 6 + 8
    assert t.turn == ZOUHAIRE


def square_of_sevens(**options: object) -> Table:
    """Four seats; Zouhaire 7♠, Charlotte 7♦, David 7♣ 7♥: David plays again, 8 are owed."""
    t = new_table(seats=4, turn_up="5S", first_seat=ZOUHAIRE, **options)
    t.play(ZOUHAIRE, "7S")
    t.play(CHARLOTTE, "7D")
    t.play(DAVID, "7C", "7H")
    return t


def test_pl_sq_2_a_ten_in_the_replay_still_leaves_the_eight_cards_to_the_next_player() -> None:
    """PL-SQ-2 (the text's example, default): « Zouhaire pioche 8 cartes … il joue après
    David »: David's replay 10♥ 9♥ turns play, yet seat 3, next after David when the square
    was made, draws the 8 and plays; then play goes on counter-clockwise (David)."""
    t = square_of_sevens()
    t.play(DAVID, "10H")
    t.play(DAVID, "9H")
    assert t.turn == 3
    assert t.state.owed == 8
    t.draw(3, 8)
    assert t.turn == 3
    t.play(3, "9C")
    assert t.turn == DAVID


def test_pl_sq_2_a_six_in_the_replay_skips_the_players_after_the_drawer() -> None:
    """PL-SQ-2 (default) / PL-SIX-1: David's replay 6♥ under le 6: seat 3 still draws the 8 and
    plays after David; the 6 then skips Zouhaire, so Charlotte follows seat 3."""
    t = square_of_sevens(six=True)
    t.play(DAVID, "6H")
    assert (t.turn, t.state.owed) == (3, 8)
    t.draw(3, 8)
    t.play(3, "9H")
    assert t.turn == CHARLOTTE


def test_pl_sq_2_option_after_replay_the_eight_cards_follow_the_turn() -> None:
    """PL-SQ-2, option square_of_sevens after_replay: the cards fall on whoever is next when
    David's replay ends: after his 10♥ and 9♥, Charlotte draws the 8."""
    t = square_of_sevens(square_of_sevens="after_replay")
    t.play(DAVID, "10H")
    t.play(DAVID, "9H")
    assert (t.turn, t.state.owed) == (CHARLOTTE, 8)


def test_pl_stock_1_the_discard_becomes_the_stock() -> None:
    """PL-STOCK-1: the stock spent, the discard but its top card is turned over."""
    t = new_table(seats=2, hand_size=25, dealer=1, turn_up="5H")
    assert t.state.stock == 1
    t.play(ZOUHAIRE, "5S")
    t.draw(1)
    verdict = t.draw(ZOUHAIRE)
    assert any("became the stock" in e for e in effects_said(verdict))
    assert t.state.discard == ["5S"]
    assert t.state.stock == 0
    assert t.cards_everywhere() == 52


def test_pl_stock_1_turned_over_cards_may_be_played_again() -> None:
    """PL-STOCK-1 / PL-DECK-2: after the turn-over, the 5♥ is back in play."""
    t = new_table(seats=2, hand_size=25, dealer=1, turn_up="5H")
    t.play(ZOUHAIRE, "5S")
    t.draw(1)
    t.draw(ZOUHAIRE)
    assert t.play(1, "5H").kind == "ok"

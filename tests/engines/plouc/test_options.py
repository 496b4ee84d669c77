"""Carte et Plouc, the eight variants (match options): one test per clause, PL-ZZ … PL-MAI.

The text's examples for la Zouzou and la Méga One (David forgets "carte", Charlotte says
"contre") are tests here.
"""

from __future__ import annotations

import pytest

from referee.engines.base import InvalidOptions
from referee.engines.cards import Card
from referee.engines.plouc import ENGINE, PloucOptions, is_special
from tests.engines.plouc.helpers import CHARLOTTE, DAVID, ZOUHAIRE, Table, new_table


def david_down_to_one_card(**options: object) -> Table:
    """Three players with two cards each; David plays one and holds the last (seq 4)."""
    t = new_table(hand_size=2, **options)
    t.play(ZOUHAIRE, "5S")
    t.play(CHARLOTTE, "8S")
    t.play(DAVID, "8C")
    return t


def zouhaire_out(**options: object) -> Table:
    """Zouhaire has laid his only card and owes his "plouc"."""
    t = new_table(hand_size=1, **options)
    t.play(ZOUHAIRE, "5S")
    return t


def david_forgot_carte(**options: object) -> Table:
    """David is down to one card and his turn is over: Zouhaire has drawn since (seq 5), and
    no "carte" was said (PL-ANN-3)."""
    t = david_down_to_one_card(**options)
    t.draw(ZOUHAIRE)
    return t


@pytest.fixture
def zouzou() -> Table:
    return david_down_to_one_card(zouzou=True)


@pytest.fixture
def forgotten(zouzou: Table) -> Table:
    """La Zouzou; David's turn is over without his "carte" (Zouhaire has drawn, seq 5)."""
    zouzou.draw(ZOUHAIRE)
    return zouzou


# ---- la Zouzou ---------------------------------------------------------------------------


def test_pl_zz_1_david_forgets_carte_charlotte_says_contre(forgotten: Table) -> None:
    """PL-ZZ-1: the text's example: David forgets "carte", Charlotte says "contre": he draws."""
    verdict = forgotten.contre(CHARLOTTE, DAVID)
    assert verdict.kind == "missplay"
    assert verdict.rule == "PL-ZZ-1"
    assert forgotten.hand(DAVID) == 2
    assert forgotten.hand(CHARLOTTE) == 1


def test_pl_zz_1_the_contre_flags_the_play_that_left_one_card(forgotten: Table) -> None:
    """PL-ZZ-1: the verdict points at the event after which "carte" was owed."""
    verdict = forgotten.contre(CHARLOTTE, DAVID)
    assert [(f.seq, f.rule) for f in verdict.flags] == [(4, "PL-ANN-1")]


def test_pl_zz_1_carte_said_before_the_contre_wins_the_race(zouzou: Table) -> None:
    """PL-ZZ-1 (ruling): the log's order settles who was first."""
    zouzou.say(DAVID, "carte")
    verdict = zouzou.contre(CHARLOTTE, DAVID)
    assert verdict.rule == "PL-ZZ-3"
    assert zouzou.hand(DAVID) == 1


def test_pl_zz_1_a_contre_before_the_turn_is_over_is_refused(zouzou: Table) -> None:
    """PL-ZZ-1 / PL-ANN-3: David has just laid his second-to-last card; nobody has played or
    drawn since, so he may still say "carte": the contre is refused and nobody draws."""
    refused = zouzou.refuse("contre", CHARLOTTE, {"target_seat": DAVID})
    assert (refused.rule, refused.where) == ("PL-ZZ-1", "payload.target_seat")
    assert refused.message is not None
    assert refused.message.id == "plouc.contre.may_still_say_carte"
    assert (zouzou.hand(DAVID), zouzou.hand(CHARLOTTE)) == (1, 1)


def test_pl_zz_1_carte_said_after_a_refused_contre_is_in_time(zouzou: Table) -> None:
    """PL-ANN-3: the refused contre changes nothing: David's "carte" is still in time, and a
    contre once the turn is over is wrong (PL-ZZ-3)."""
    zouzou.refuse("contre", CHARLOTTE, {"target_seat": DAVID})
    assert zouzou.say(DAVID, "carte").rule == "PL-ANN-1"
    zouzou.draw(ZOUHAIRE)
    assert zouzou.contre(CHARLOTTE, DAVID).rule == "PL-ZZ-3"


def test_pl_zz_1_option_immediate_upholds_a_contre_at_once() -> None:
    """PL-ZZ-1, option contre_when immediate (the reading of matches stored before): a contre
    logged while the hand holds one card and no "carte" was said is upheld at once."""
    t = david_down_to_one_card(zouzou=True, contre_when="immediate")
    verdict = t.contre(CHARLOTTE, DAVID)
    assert (verdict.kind, verdict.rule) == ("missplay", "PL-ZZ-1")
    assert t.hand(DAVID) == 2


def test_pl_zz_1_contre_is_offered_only_once_it_would_be_upheld(zouzou: Table) -> None:
    """PL-ZZ-1: the seats' legal moves (what the pads offer) hold a contre on David only once
    his turn is over, and never a contre on a seat that owes nothing."""
    def contres(t: Table) -> list[object]:
        return [p for m in ENGINE.legal_moves(t.state, CHARLOTTE) if m.type == "contre"
                for p in m.payloads]
    assert contres(zouzou) == [{"target_seat": ZOUHAIRE}]  # his "carte" is late already
    zouzou.draw(ZOUHAIRE)  # now holding two cards, he owes nothing
    assert contres(zouzou) == [{"target_seat": DAVID}]


def test_pl_zz_1_a_contre_names_the_forgetter_as_offender(forgotten: Table) -> None:
    """PL-ZZ-1: the fault is David's, not the caller's: the verdict names him."""
    assert forgotten.contre(CHARLOTTE, DAVID).offender == DAVID


def test_pl_zz_3_a_wrong_contre_names_its_caller_as_offender(forgotten: Table) -> None:
    """PL-ZZ-3: a contre on a seat that owes nothing is the caller's fault."""
    verdict = forgotten.contre(CHARLOTTE, ZOUHAIRE)
    assert (verdict.rule, verdict.offender) == ("PL-ZZ-3", CHARLOTTE)


def test_pl_zz_1_no_contre_without_the_variant() -> None:
    """PL-ZZ-1: "contre" belongs to la Zouzou and la Méga One."""
    t = david_down_to_one_card()
    assert t.refuse("contre", CHARLOTTE, {"target_seat": DAVID}).rule == "PL-ZZ-1"


def test_pl_zz_1_no_contre_on_oneself(zouzou: Table) -> None:
    """PL-ZZ-1: the forgetter is caught by another player."""
    assert zouzou.refuse("contre", DAVID, {"target_seat": DAVID}).where == "seat"


def test_pl_zz_2_a_forgotten_plouc_costs_a_card_and_play_goes_on() -> None:
    """PL-ZZ-2: "pareil pour l'oubli du plouc": Zouhaire draws one and is no longer out."""
    t = zouhaire_out(zouzou=True)
    verdict = t.contre(DAVID, ZOUHAIRE)
    assert verdict.rule == "PL-ZZ-2"
    assert t.hand(ZOUHAIRE) == 1
    assert t.state.phase == "play"
    assert t.turn == CHARLOTTE
    assert not ENGINE.standings(t.state).finished


def test_pl_zz_3_a_wrong_contre_costs_nothing() -> None:
    """PL-ZZ-3 (ruling), option late_carte clears: Zouhaire's late "carte" clears his fault, so
    a contre on him is a missplay without penalty."""
    t = david_down_to_one_card(zouzou=True, late_carte="clears")
    t.say(ZOUHAIRE, "carte")
    before = t.hands()
    verdict = t.contre(DAVID, ZOUHAIRE)
    assert verdict.kind == "missplay" and verdict.rule == "PL-ZZ-3"
    assert t.hands() == before


def test_pl_zz_3_a_contre_on_a_carte_said_in_time_costs_nothing() -> None:
    """PL-ZZ-3 (ruling): Zouhaire said "carte" before Charlotte played: the contre is wrong."""
    t = new_table(hand_size=2, zouzou=True)
    t.play(ZOUHAIRE, "5S")
    t.say(ZOUHAIRE, "carte")
    t.play(CHARLOTTE, "8S")
    verdict = t.contre(DAVID, ZOUHAIRE)
    assert verdict.kind == "missplay" and verdict.rule == "PL-ZZ-3"
    assert t.hand(ZOUHAIRE) == 1


def test_pl_ann_3_a_carte_said_after_the_next_player_has_played_is_late(zouzou: Table) -> None:
    """PL-ANN-3 (default late_carte stands): Zouhaire left himself one card; Charlotte and David
    have played since: his "carte" is too late and Charlotte's contre still catches him."""
    verdict = zouzou.say(ZOUHAIRE, "carte")
    assert verdict.rule == "PL-ANN-3"
    assert verdict.message is not None and verdict.message.id == "plouc.announce.carte_late"
    caught = zouzou.contre(CHARLOTTE, ZOUHAIRE)
    assert (caught.kind, caught.rule) == ("missplay", "PL-ZZ-1")
    assert [f.seq for f in caught.flags] == [2]
    assert zouzou.hand(ZOUHAIRE) == 2


def test_pl_ann_3_a_late_carte_is_said_once(zouzou: Table) -> None:
    """PL-ANN-3 (late_carte stands): the late "carte" changes nothing; said again, it is refused
    as already said, and no longer offered among the seat's legal moves."""
    zouzou.say(ZOUHAIRE, "carte")
    assert zouzou.refuse("announce", ZOUHAIRE, {"word": "carte"}).rule == "PL-ANN-3"
    offered = [p for m in ENGINE.legal_moves(zouzou.state, ZOUHAIRE) if m.type == "announce"
               for p in m.payloads]
    assert {"word": "carte"} not in offered


def test_pl_ann_3_the_view_shows_a_late_carte_and_the_forgotten_ones(zouzou: Table) -> None:
    """PL-ANN-3 / PL-DF-4: the table sees that Zouhaire's "carte" is late and which events left
    a hand at one card without it (the events a flag may name)."""
    seats = ENGINE.view(zouzou.state, None)["seats"]
    assert (seats[ZOUHAIRE]["carte_late"], seats[ZOUHAIRE]["carte_unsaid"]) == (True, [2])
    assert (seats[DAVID]["carte_late"], seats[DAVID]["carte_unsaid"]) == (False, [4])


def test_pl_ann_3_a_carte_before_the_next_play_is_in_time() -> None:
    """PL-ANN-3: "carte" said before any other player has played or drawn clears the duty."""
    t = new_table(hand_size=2, zouzou=True)
    t.play(ZOUHAIRE, "5S")
    said = t.say(ZOUHAIRE, "carte").message
    assert said is not None and said.id == "plouc.announce.carte"
    assert not t.state.seats[ZOUHAIRE].carte_due


# ---- la Méga One -------------------------------------------------------------------------


def test_pl_mo_1_charlotte_gives_david_one_of_her_cards() -> None:
    """PL-MO-1: the text's example: Charlotte says "contre" and gives David one of her cards."""
    t = david_down_to_one_card(mega_one=True)
    t.draw(ZOUHAIRE)  # Charlotte needs two cards to give one
    t.draw(CHARLOTTE)
    verdict = t.contre(CHARLOTTE, DAVID)
    assert verdict.rule == "PL-MO-1"
    assert (t.hand(CHARLOTTE), t.hand(DAVID)) == (1, 2)
    assert t.state.seats[CHARLOTTE].given == 1 and t.state.seats[DAVID].received == 1
    assert t.cards_everywhere() == 52


def test_pl_mo_1_a_caller_with_one_card_cannot_give_it() -> None:
    """PL-MO-1 (ruling): a last card only goes down as a plouc."""
    t = david_forgot_carte(mega_one=True)
    assert t.refuse("contre", CHARLOTTE, {"target_seat": DAVID}).rule == "PL-MO-1"


def test_pl_mo_1_zouzou_and_mega_one_are_exclusive() -> None:
    """PL-MO-1 (ruling): the two punish the same thing: a match chooses one."""
    opts = ENGINE.options_schema().load({"zouzou": True, "mega_one": True})
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.setup(opts, 3)
    assert caught.value.rule == "PL-MO-1"


# ---- David le fou ------------------------------------------------------------------------


def test_pl_df_1_flags_need_david_le_fou() -> None:
    """PL-DF-1: without the variant nobody flags."""
    t = david_down_to_one_card()
    error = t.refuse("flag", CHARLOTTE, {"offender_seat": DAVID, "rule": "PL-ANN-1"})
    assert error.rule == "PL-DF-1"


def test_pl_df_1_a_flag_cites_a_rule_a_player_can_break() -> None:
    """PL-DF-1: the flag names one of the catalogue's clauses."""
    t = david_down_to_one_card(david_le_fou=True)
    error = t.refuse("flag", CHARLOTTE, {"offender_seat": DAVID, "rule": "PL-XX-9"})
    assert error.where == "payload.rule"


def test_pl_df_2_a_right_flag_zouzou_sanction() -> None:
    """PL-DF-2: the offender draws one card (sanction la Zouzou)."""
    t = david_down_to_one_card(david_le_fou=True)
    verdict = t.flag(ZOUHAIRE, DAVID, "PL-ANN-1", about_seq=4)
    assert verdict.rule == "PL-DF-2"
    assert t.hand(DAVID) == 2
    assert [f.seq for f in verdict.flags] == [4]


def test_pl_df_2_a_right_flag_names_the_flagged_seat_as_offender() -> None:
    """PL-DF-2: the flag proves David's fault: the verdict names him, not Zouhaire."""
    t = david_down_to_one_card(david_le_fou=True)
    assert t.flag(ZOUHAIRE, DAVID, "PL-ANN-1", about_seq=4).offender == DAVID


def test_pl_df_2_a_right_flag_mega_one_sanction() -> None:
    """PL-DF-2: with the sanction la Méga One, the flagger gives the offender a card."""
    t = david_down_to_one_card(david_le_fou=True, sanction="mega_one")
    t.draw(ZOUHAIRE)
    t.flag(ZOUHAIRE, DAVID, "PL-ANN-1")
    assert (t.hand(ZOUHAIRE), t.hand(DAVID)) == (1, 2)


def test_pl_df_3_a_wrong_flag_makes_the_flagger_draw() -> None:
    """PL-DF-3, option late_carte clears: David said "carte" (late, which clears it):
    Zouhaire's flag is wrong and he draws one."""
    t = david_down_to_one_card(david_le_fou=True, sanction="mega_one", late_carte="clears")
    t.draw(ZOUHAIRE)
    t.say(DAVID, "carte")
    verdict = t.flag(ZOUHAIRE, DAVID, "PL-ANN-1")
    assert verdict.rule == "PL-DF-3"
    assert (t.hand(ZOUHAIRE), t.hand(DAVID)) == (3, 1)


def test_pl_df_3_a_flag_on_a_carte_said_in_time_is_wrong() -> None:
    """PL-DF-3 / PL-DF-4: David said "carte" before anyone played: the flag is wrong."""
    t = david_down_to_one_card(david_le_fou=True)
    t.say(DAVID, "carte")
    verdict = t.flag(ZOUHAIRE, DAVID, "PL-ANN-1", about_seq=4)
    assert verdict.rule == "PL-DF-3"
    assert (t.hand(ZOUHAIRE), t.hand(DAVID)) == (2, 1)
    assert verdict.offender == ZOUHAIRE  # the wrong flag is the flagger's fault


def test_pl_df_4_a_forgotten_carte_is_settled_from_the_log_after_a_draw() -> None:
    """PL-DF-4 (settled from the log): David forgot "carte" at seq 4, then drew: the flag on
    that play is still right; David draws, Zouhaire does not."""
    t = david_down_to_one_card(david_le_fou=True)
    t.draw(ZOUHAIRE)
    t.draw(CHARLOTTE)
    t.draw(DAVID)
    verdict = t.flag(ZOUHAIRE, DAVID, "PL-ANN-1", about_seq=4)
    assert verdict.rule == "PL-DF-2"
    assert [f.seq for f in verdict.flags] == [4]
    assert (t.hand(ZOUHAIRE), t.hand(DAVID)) == (2, 3)


def test_pl_df_4_the_forgetter_caught_on_his_last_card_does_not_win() -> None:
    """PL-DF-4 (settled from the log): David forgot "carte", then laid his last card; the flag
    is right, he draws one before his "plouc" and plays on."""
    t = david_down_to_one_card(david_le_fou=True)
    t.draw(ZOUHAIRE)
    t.draw(CHARLOTTE)
    t.play(DAVID, "9C")
    verdict = t.flag(CHARLOTTE, DAVID, "PL-ANN-1")
    assert verdict.rule == "PL-DF-2"
    assert t.hand(DAVID) == 1 and t.state.phase == "play"
    assert t.refuse("announce", DAVID, {"word": "plouc"}).rule == "PL-ANN-2"


def test_pl_df_4_a_forgotten_carte_is_punished_once() -> None:
    """PL-DF-4: the contre already caught David's forgotten "carte": a flag on it is wrong."""
    t = david_forgot_carte(david_le_fou=True, zouzou=True)
    t.contre(CHARLOTTE, DAVID)
    verdict = t.flag(ZOUHAIRE, DAVID, "PL-ANN-1", about_seq=4)
    assert verdict.rule == "PL-DF-3"
    assert t.hand(ZOUHAIRE) == 3


def test_pl_df_4_option_hand_now_judges_the_flag_on_the_hand_as_it_is() -> None:
    """PL-DF-4, option carte_flag hand_now: once David has drawn he owes no "carte" now, so the
    flag on his forgotten one is wrong and Zouhaire draws."""
    t = david_down_to_one_card(david_le_fou=True, carte_flag="hand_now")
    t.draw(ZOUHAIRE)
    t.draw(CHARLOTTE)
    t.draw(DAVID)
    verdict = t.flag(ZOUHAIRE, DAVID, "PL-ANN-1", about_seq=4)
    assert verdict.rule == "PL-DF-3"
    assert (t.hand(ZOUHAIRE), t.hand(DAVID)) == (3, 2)


def test_pl_df_4_a_flag_the_log_cannot_prove_stops_the_game() -> None:
    """PL-DF-4: "le jeu s'arrête" until the host rules; upheld, the offender draws."""
    t = new_table(david_le_fou=True)
    t.draw(ZOUHAIRE)
    t.flag(DAVID, ZOUHAIRE, "PL-TURN-2", about_seq=2, note="he had a heart")
    assert t.state.phase == "flag" and t.turn is None
    assert t.refuse("play", CHARLOTTE, {"cards": ["5S"]}).rule == "PL-DF-4"
    verdict = t.ruling(True)
    assert verdict.rule == "PL-DF-2"
    assert t.hand(ZOUHAIRE) == 9
    assert t.turn == CHARLOTTE


def test_pl_df_4_the_host_rules_a_flag_wrong() -> None:
    """PL-DF-4: ruled wrong, the flagger draws (PL-DF-3) and the game resumes."""
    t = new_table(david_le_fou=True)
    t.draw(ZOUHAIRE)
    t.flag(DAVID, ZOUHAIRE, "PL-TURN-2")
    assert t.ruling(False).rule == "PL-DF-3"
    assert t.hand(DAVID) == 8 and t.state.phase == "play"


def test_pl_df_4_no_ruling_without_a_flag() -> None:
    """PL-DF-4: a ruling settles an open flag."""
    t = new_table(david_le_fou=True)
    assert t.refuse("ruling", None, {"upheld": True}, by_host=True).rule == "PL-DF-4"


# ---- le zéro -----------------------------------------------------------------------------


def test_pl_zero_1_the_first_slap_swaps_hands() -> None:
    """PL-ZERO-1: a 2 lands; the first to slap swaps hands with another player."""
    t = new_table(turn_up="5H", zero=True)
    t.play(ZOUHAIRE, "2H", "2S")
    t.draw(CHARLOTTE)
    verdict = t.slap(ZOUHAIRE, CHARLOTTE)
    assert verdict.rule == "PL-ZERO-1"
    assert (t.hand(ZOUHAIRE), t.hand(CHARLOTTE)) == (8, 5)
    assert t.state.seats[ZOUHAIRE].swapped == 3
    assert t.refuse("slap", DAVID, {"with_seat": ZOUHAIRE}).rule == "PL-ZERO-1"


def test_pl_zero_1_no_slap_once_the_two_is_covered() -> None:
    """PL-ZERO-1 (ruling): the slap is open while the 2 is the top card."""
    t = new_table(turn_up="5H", zero=True)
    t.play(ZOUHAIRE, "2H")
    t.play(CHARLOTTE, "9H")
    assert t.refuse("slap", DAVID, {"with_seat": ZOUHAIRE}).rule == "PL-ZERO-1"


def test_pl_zero_1_no_slap_without_the_variant() -> None:
    """PL-ZERO-1: without le zéro a 2 is a plain card."""
    t = new_table(turn_up="5H")
    t.play(ZOUHAIRE, "2H")
    assert t.refuse("slap", DAVID, {"with_seat": ZOUHAIRE}).rule == "PL-ZERO-1"


def test_pl_zero_1_swapping_into_one_card_owes_carte() -> None:
    """PL-ZERO-1 (ruling): whoever now holds one card owes "carte" anew (caught at once under
    PL-ZZ-1's ``immediate`` reading)."""
    t = new_table(hand_size=2, turn_up="5H", zero=True, zouzou=True, contre_when="immediate")
    t.play(ZOUHAIRE, "2H")
    t.slap(CHARLOTTE, ZOUHAIRE)
    assert t.contre(DAVID, CHARLOTTE).rule == "PL-ZZ-1"


# ---- le 3 de trèfle, la maîtresse: forbidden finishes ------------------------------------


def test_pl_3c_1_nobody_finishes_with_the_three_of_clubs() -> None:
    """PL-3C-1 / PL-FIN-1: the last card 3♣ cannot go down; the player draws instead."""
    t = new_table(hand_size=1, turn_up="3H", trois_de_trefle=True)
    assert t.refuse("play", ZOUHAIRE, {"cards": ["3C"]}).rule == "PL-3C-1"
    t.draw(ZOUHAIRE)
    assert t.turn == CHARLOTTE


def test_pl_3c_1_the_three_of_clubs_goes_down_before_the_end() -> None:
    """PL-3C-1: only the finish is forbidden."""
    t = new_table(hand_size=2, turn_up="3H", trois_de_trefle=True)
    assert t.play(ZOUHAIRE, "3C").kind == "ok"


def test_pl_fin_1_a_group_ending_the_hand_counts_whole() -> None:
    """PL-FIN-1 (ruling): finishing with 3♥ and 3♣ together is finishing with the 3♣."""
    t = new_table(hand_size=2, turn_up="3S", trois_de_trefle=True)
    assert t.refuse("play", ZOUHAIRE, {"cards": ["3C", "3H"]}).rule == "PL-3C-1"


def test_pl_mai_1_nobody_finishes_on_a_special_card() -> None:
    """PL-MAI-1: the queen cannot be the plouc card under la maîtresse."""
    t = new_table(hand_size=1, turn_up="4H", maitresse=True)
    assert t.refuse("play", ZOUHAIRE, {"cards": ["QH"]}).rule == "PL-MAI-1"
    assert t.play(ZOUHAIRE, "9H").kind == "ok"


def test_pl_mai_2_the_special_cards() -> None:
    """PL-MAI-2: A, Q, 10, 7, K♠ always; the 6 and the 2 with their variants; not K♥ nor J."""
    plain = PloucOptions(six=False, zero=False)
    both = PloucOptions(six=True, zero=True)
    for text in ("AH", "QS", "10D", "7C", "KS"):
        assert is_special(Card.parse(text), plain)
    for text in ("KH", "JS", "3C", "9D"):
        assert not is_special(Card.parse(text), both)
    assert not is_special(Card.parse("6H"), plain) and is_special(Card.parse("6H"), both)
    assert not is_special(Card.parse("2H"), plain) and is_special(Card.parse("2H"), both)


# ---- le mot doux -------------------------------------------------------------------------


def test_pl_md_1_a_swear_costs_two_cards_without_playing(table_md: Table) -> None:
    """PL-MD-1: the swearer draws 2; the turn stays where it was."""
    verdict = table_md.swear(CHARLOTTE)
    assert verdict.kind == "missplay" and verdict.rule == "PL-MD-1"
    assert table_md.hand(CHARLOTTE) == 9
    assert table_md.turn == ZOUHAIRE


def test_pl_md_1_a_swear_is_reported_while_the_game_runs() -> None:
    """PL-MD-1: before the first card is turned up, or once a player has won, there is no
    game to draw from: the report is refused."""
    t = new_table(turn_up=None, mot_doux=True)
    assert t.refuse("missplay", CHARLOTTE, {"rule": "PL-MD-1"}, by_host=True).rule == "PL-DEAL-2"
    t = new_table(hand_size=1, mot_doux=True)
    t.play(ZOUHAIRE, "5S")
    t.say(ZOUHAIRE, "plouc")
    assert t.refuse("missplay", CHARLOTTE, {"rule": "PL-MD-1"}, by_host=True).rule == "PL-END-1"


def test_pl_md_1_a_swear_names_a_seat_at_the_table() -> None:
    """PL-MD-1: the swearer is one of the seats."""
    t = new_table(mot_doux=True)
    error = t.refuse("missplay", 5, {"rule": "PL-MD-1"}, by_host=True)
    assert (error.rule, error.where) == ("PL-SEAT-1", "seat")


def test_pl_md_1_only_with_the_variant_and_only_by_the_host() -> None:
    """PL-MD-1: the swear is a host-logged fault of the mot doux variant."""
    t = new_table()
    assert t.refuse("missplay", CHARLOTTE, {"rule": "PL-MD-1"}, by_host=True).rule == "PL-MD-1"
    t = new_table(mot_doux=True)
    assert t.refuse("missplay", CHARLOTTE, {"rule": "PL-MD-1"}).rule == "PL-LOG-1"


@pytest.fixture
def table_md() -> Table:
    return new_table(mot_doux=True)


# ---- le 6 --------------------------------------------------------------------------------


def test_pl_six_1_a_six_skips_the_next_player() -> None:
    """PL-SIX-1: Charlotte misses her turn."""
    t = new_table(turn_up="6H", six=True)
    t.play(ZOUHAIRE, "6S")
    assert t.turn == DAVID


def test_pl_six_1_one_player_skipped_per_six() -> None:
    """PL-SIX-1: two 6s skip two players (at four seats, seat 3 plays next)."""
    t = new_table(seats=4, turn_up="6H", six=True, first_seat=ZOUHAIRE)
    t.play(ZOUHAIRE, "6S", "6D")
    assert t.turn == 3


def test_pl_six_1_without_the_variant_a_six_is_plain() -> None:
    """PL-SIX-1: the 6 skips nobody unless the match plays le 6."""
    t = new_table(turn_up="6H")
    t.play(ZOUHAIRE, "6S")
    assert t.turn == CHARLOTTE


def test_pl_zz_3_under_david_le_fou_a_wrong_contre_is_a_wrong_flag() -> None:
    """PL-ZZ-3 / PL-DF-3 (ruling): with David le fou, the wrong caller draws one card."""
    t = david_down_to_one_card(zouzou=True, david_le_fou=True)
    t.say(DAVID, "carte")
    verdict = t.contre(CHARLOTTE, DAVID)
    assert verdict.rule == "PL-DF-3"
    assert t.hand(CHARLOTTE) == 2


def test_pl_six_1_skips_run_the_way_the_tens_turned_play() -> None:
    """PL-SIX-1 / PL-10-2: at five seats, three 10s reverse play, then a 6 skips seat 4: seat 3
    plays; two more 6s from seat 3 skip seats 2 and 1: seat 0 plays."""
    t = new_table(seats=5, turn_up="5H", six=True, dealer=4)
    t.play(ZOUHAIRE, "10H", "10S", "10D")
    assert t.turn == ZOUHAIRE and not t.clockwise
    t.play(ZOUHAIRE, "6D")
    assert t.turn == 3
    t.play(3, "6S", "6C")
    assert t.turn == ZOUHAIRE


def test_pl_six_1_an_owed_draw_falls_on_the_first_player_not_skipped() -> None:
    """PL-SIX-1 (ruling) / PL-SQ-1: on a turned-up 6♥, three 6s make a square (Zouhaire plays
    again, three players skipped), then his 7♣: at five seats seat 4 is next and owes 2."""
    t = new_table(seats=5, turn_up="6H", six=True, dealer=4)
    t.play(ZOUHAIRE, "6S", "6D", "6C")
    assert t.turn == ZOUHAIRE
    t.play(ZOUHAIRE, "7C")
    assert t.turn == 4
    assert t.state.owed == 2

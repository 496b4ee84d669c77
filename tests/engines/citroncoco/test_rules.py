"""CitronCoco each for themself: one test per clause of docs/rules/citroncoco.md (ids CC-…)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from referee.engines import REGISTRY
from referee.engines.base import Event, InvalidOptions
from referee.engines.citroncoco import ENGINE
from referee.engines.citroncoco.core import DEFAULT_DECK
from referee.service.messages import render
from tests.engines.citroncoco.helpers import (
    Table,
    effects_said,
    end_round_by_call,
    refused,
)
from tests.engines.contract import assert_impossible_changes_nothing

ROOT = Path(__file__).resolve().parents[3]
HERE = Path(__file__).resolve().parent
#: The modules holding the game's one test per clause (the teams' clauses are tested apart).
RULE_TESTS = ("test_rules.py", "test_turns.py", "test_powers.py", "test_quick.py",
              "test_scoring.py", "test_legal.py", "test_rounds.py")


# --------------------------------------------------------------------------- goal, seats, deck


def test_cc_goal_1_match_ends_when_a_ship_reaches_the_target() -> None:
    """CC-GOAL-1: a total at or over `target` after a round ends the match; nothing more."""
    table = Table(ENGINE, 2, target=20)
    end_round_by_call(table, 0)
    verdict = table.play("reveal", hands=[[10, 10, 1, 2], [1, 2, 3, 4]])
    assert verdict.rule == "CC-GOAL-1"
    assert ENGINE.standings(table.state).finished
    err = refused(table, "draw", 0, source="stock")
    assert err.rule == "CC-GOAL-1"


def test_cc_goal_1_below_the_target_a_new_round_is_dealt() -> None:
    """CC-GOAL-1: under the target the match goes on with round 2."""
    table = Table(ENGINE, 2)
    end_round_by_call(table, 0)
    table.play("reveal", hands=[[10, 10, 1, 2], [1, 2, 3, 4]])
    assert not ENGINE.standings(table.state).finished
    assert table.state.round == 2


def test_cc_goal_2_fewest_coconuts_wins_and_ties_share() -> None:
    """CC-GOAL-2: the winners are the seats with the fewest coconuts; a tie shares the win."""
    table = Table(ENGINE, 3, target=20)
    end_round_by_call(table, 0)  # seat 0 calls, fails: only seat 0 scores
    table.play("reveal", hands=[[10, 10, 4, 1], [1, 2, 3, 4], [1, 2, 3, 4]])
    standings = ENGINE.standings(table.state)
    assert standings.finished
    assert standings.winners == (1, 2)
    assert [ln.total for ln in standings.lines] == [25, 0, 0]


@pytest.mark.parametrize("seats", [1, 7])
def test_cc_seats_1_two_to_six_seats(seats: int) -> None:
    """CC-SEATS-1: fewer than 2 or more than 6 seats is not a game."""
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.setup(ENGINE.options_schema().load({}), seats)
    assert caught.value.rule == "CC-SEATS-1"


def test_cc_deck_1_default_composition_is_the_design_ruling() -> None:
    """CC-DECK-1: four of each 1..12, two -1s, two 13s: 52 cards."""
    assert {**{v: 4 for v in range(1, 13)}, -1: 2, 13: 2} == DEFAULT_DECK
    table = Table(ENGINE, 4)
    assert ENGINE.cards_in_play(table.state) == 52


def test_cc_deck_1_a_fifth_seven_is_impossible() -> None:
    """CC-DECK-1: once four 7s are known, a fifth cannot be shown."""
    table = Table(ENGINE, 2)
    table.turn_of(0, value=7)
    table.play("quick_play", 1, slot=1, value=7)
    table.play("quick_play", 0, slot=1, value=7)
    table.play("quick_play", 1, slot=1, value=7)
    table.play("draw", 1, source="stock")
    err = refused(table, "discard", 1, value=7)
    assert err.rule == "CC-DECK-1" and err.where == "payload.value"


def test_cc_deck_1_a_value_the_deck_lacks_is_impossible(t3: Table) -> None:
    """CC-DECK-1: there is no 14 in the deck."""
    t3.play("draw", 0, source="stock")
    assert refused(t3, "discard", 0, value=14).rule == "CC-DECK-1"


def test_cc_deck_1_option_gives_another_composition() -> None:
    """CC-DECK-1: option `deck` (value -> count); too small a deck is refused."""
    table = Table(ENGINE, 2, deck={"5": 20})
    assert table.state.stock == 12
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.setup(ENGINE.options_schema().load({"deck": {"5": 9}}), 2)
    assert caught.value.rule == "CC-DECK-1"


def test_cc_deck_2_empty_stock_is_remade_from_the_discard_but_its_top() -> None:
    """CC-DECK-2: the discard except its top card becomes the new stock."""
    table = Table(ENGINE, 2, deck={"5": 12})
    for i in range(4):
        table.turn_of(i % 2, value=5)
    assert table.state.stock == 0 and len(table.state.discard) == 4
    verdict = table.play("draw", 0, source="stock")
    assert any("new stock" in e for e in effects_said(verdict))
    assert table.state.stock == 2 and len(table.state.discard) == 1
    assert ENGINE.cards_in_play(table.state) == 12


def test_cc_deck_2_no_card_anywhere_makes_a_stock_draw_impossible() -> None:
    """CC-DECK-2: empty stock and a one-card discard: nothing to draw from the stock."""
    table = Table(ENGINE, 2, deck={"5": 8, "1": 2})
    table.turn_of(0, value=1)
    table.play("power", 0, target_seat=1)  # seat 1 takes the stock's last card
    assert table.state.stock == 0 and len(table.state.discard) == 1
    assert refused(table, "draw", 1, source="stock").rule == "CC-DECK-2"


# --------------------------------------------------------------------------- set-up


def test_cc_set_1_four_unknown_face_down_cards_each(t3: Table) -> None:
    """CC-SET-1: four face-down cards per seat, none known."""
    view = ENGINE.view(t3.state, "host")
    assert [s["cards"] for s in view["seats"]] == [4, 4, 4]
    assert all(c["value"] is None and not c["face_up"] for s in view["seats"] for c in s["hand"])


def test_cc_set_2_rest_is_the_stock_and_the_discard_is_empty(t3: Table) -> None:
    """CC-SET-2: stock = deck - dealt cards; empty discard."""
    assert t3.state.stock == 52 - 12
    assert ENGINE.view(t3.state, None)["discard"] == {
        "top": None,
        "by": None,
        "quick": False,
        "size": 0,
    }


def test_cc_set_3_the_coin_starts_in_the_centre(t3: Table) -> None:
    """CC-SET-3: nobody holds the coin at the start."""
    assert ENGINE.view(t3.state, None)["coin"] is None


def test_cc_set_4_first_seat_starts() -> None:
    """CC-SET-4: option first_seat names who draws first."""
    table = Table(ENGINE, 3, first_seat=2)
    assert ENGINE.turn(table.state) == 2
    assert refused(table, "draw", 0, source="stock").rule == "CC-TURN-6"
    with pytest.raises(InvalidOptions):
        ENGINE.setup(ENGINE.options_schema().load({"first_seat": 3}), 3)


def test_cc_set_4_the_round_loser_starts_the_next_round(t3: Table) -> None:
    """CC-SET-4: the seat that scored most in a round starts the next one."""
    end_round_by_call(t3, 0)
    t3.play("reveal", hands=[[1, 1, 2, -1], [9, 9, 4, 4], [2, 2, 3, 3]])  # seat 1 scores 26
    assert t3.state.starter == 1 and ENGINE.turn(t3.state) == 1


def test_cc_set_4_round_starter_left_rotates() -> None:
    """CC-SET-4: option round_starter='left': the next seat after the previous starter."""
    table = Table(ENGINE, 3, round_starter="left")
    end_round_by_call(table, 0)
    table.play("reveal", hands=[[1, 1, 2, -1], [9, 9, 4, 4], [2, 2, 3, 3]])
    assert ENGINE.turn(table.state) == 1
    assert table.state.starter == 1


# --------------------------------------------------------------------------- missplays


def test_cc_miss_1_a_host_logged_fault_gives_a_penalty_card(t3: Table) -> None:
    """CC-MISS-1: the penalty card goes unseen at the end of the offender's row."""
    verdict = t3.play("missplay", 2, by_host=True, rule="CC-MISS-3", note="peeked")
    assert verdict.kind == "missplay" and verdict.penalty
    assert t3.hands == [4, 4, 5] and t3.state.stock == 52 - 13
    report = t3.event("missplay", 2, rule="CC-TURN-1")  # the host's report, as the service logs it
    report = Event(report.type, report.seat, report.payload, report.seq, by_host=True)
    assert assert_impossible_changes_nothing(ENGINE, t3.state, report).rule == "CC-MISS-1"


def test_cc_miss_1_penalty_cards_are_conserved_and_revealed(t2: Table) -> None:
    """CC-MISS-1: a wrong quick play's penalty card joins seat 1's row: the deck's 52 cards are
    all still somewhere, and the reveal must give seat 1's five cards."""
    t2.turn_of(0, value=6)
    assert t2.play("quick_play", 1, slot=1, value=4).kind == "missplay"
    assert ENGINE.cards_in_play(t2.state) == 52 and t2.hands == [4, 5]
    t2.play("citron_coco", 0)
    t2.turn_of(1, value=8)
    assert refused(t2, "reveal", hands=[[1, 2, 3, 5], [4, 1, 2, 3]]).rule == "CC-CALL-3"
    assert t2.play("reveal", hands=[[1, 2, 3, 5], [4, 1, 2, 3, 9]]).rule == "CC-CALL-4"


def test_cc_miss_2_a_wrong_quick_play_is_seen_by_the_engine(t3: Table) -> None:
    """CC-MISS-2: a 4 on an 11: the 4 goes back (now known) and seat 2 takes a card."""
    t3.turn_of(0, value=11)
    verdict = t3.play("quick_play", 2, slot=3, value=4)
    assert verdict.kind == "missplay" and verdict.rule == "CC-MISS-2"
    assert t3.hands == [4, 4, 5]
    assert t3.state.hands[2][2].value == 4


@pytest.mark.parametrize("rule", ["CC-MISS-3", "CC-MISS-4", "CC-MISS-5"])
def test_cc_miss_3_4_5_reportable_faults(rule: str) -> None:
    """CC-MISS-3/4/5: looking without permission, a wrong power, looking at a penalty card
    (reports accepted as logged: option ``check_reports`` off, the reading before it)."""
    t3 = Table(ENGINE, 3, check_reports=False)
    verdict = t3.play("missplay", 1, by_host=True, rule=rule)
    assert verdict.rule == rule and verdict.kind == "missplay"
    assert t3.hands == [4, 5, 4]


# --------------------------------------------------------------------------- the log


def test_cc_log_1_positions_close_up_after_a_card_leaves(t3: Table) -> None:
    """CC-LOG-1: seat 1's face-up card at position 3 is at position 2 after a quick play."""
    t3.turn_of(0, value=10)
    t3.play("power", 0, target_seat=1, slot=3, value=9)
    t3.play("quick_play", 1, slot=1, value=10)
    assert ENGINE.view(t3.state, None)["seats"][1]["hand"][1] == {
        "slot": 2,
        "face_up": True,
        "value": 9,
    }


def test_cc_log_2_a_card_the_table_saw_stays_known(t3: Table) -> None:
    """CC-LOG-2: the 6 taken from the discard is at position 1: it cannot be shown as a 2."""
    t3.turn_of(0, value=6)
    t3.play("draw", 1, source="discard")
    t3.play("replace", 1, slot=1, value=9)
    err = refused(t3, "quick_play", 1, slot=1, value=2)
    assert err.rule == "CC-LOG-2"


def test_cc_log_2_face_down_known_values_only_for_the_host(t3: Table) -> None:
    """CC-LOG-2: the public view hides what the table must remember; the host sees it."""
    t3.turn_of(0, value=6)
    t3.play("draw", 1, source="discard")
    t3.play("replace", 1, slot=1, value=9)
    assert ENGINE.view(t3.state, None)["seats"][1]["hand"][0]["value"] is None
    assert ENGINE.view(t3.state, "host")["seats"][1]["hand"][0]["value"] == 6


# --------------------------------------------------------------------------- contract


def test_registered_with_options_and_described_payloads() -> None:
    """The engine is registered; every option and payload field is described."""
    assert REGISTRY["citroncoco"] is ENGINE
    own = [s for t, s in ENGINE.event_types.items() if t != "missplay"]  # base.py's schema
    for schema in [ENGINE.options_schema, *own]:
        for name, fld in schema().fields.items():
            assert fld.metadata.get("description"), f"{schema.__name__}.{name}"


def test_view_is_json_ready_and_regular(t3: Table) -> None:
    """The view has turn, phase and seats, and only JSON values."""
    t3.turn_of(0, value=7)
    for viewer in (None, 0, "host"):
        view = ENGINE.view(t3.state, viewer)
        assert json.loads(json.dumps(view)) == view
        assert {"turn", "phase", "seats", "stock", "discard"} <= set(view)


def test_standings_rounds_are_running_totals(t3: Table) -> None:
    """Standings: coconuts per seat, lower is better, running totals after each round."""
    end_round_by_call(t3, 0)
    t3.play("reveal", hands=[[4, 4, 4, 4], [2, 2, 3, 3], [5, 5, 5, 5]])
    end_round_by_call(t3, 0)
    t3.play("reveal", hands=[[1, 1, 1, 1], [2, 2, 3, 3], [5, 5, 5, 5]])
    standings = ENGINE.standings(t3.state)
    assert standings.lower_is_better and standings.target == 200
    assert standings.rounds == ({"0": 16, "1": 0, "2": 0}, {"0": -4, "1": 10, "2": 20})
    assert [ln.total for ln in standings.lines] == [-4, 10, 20]


def test_every_rule_id_cited_is_in_the_catalogue_and_tested() -> None:
    """Every CC- id the engine cites is in the catalogue; every clause has a test."""
    catalogue = (ROOT / "docs/rules/citroncoco.md").read_text()
    clauses = set(re.findall(r"\*\*(CC-[A-Z]+-\d+)\*\*", catalogue))
    code = (ROOT / "referee/engines/citroncoco/core.py").read_text()
    assert set(re.findall(r"\"(CC-[A-Z]+-\d+)\"", code)) <= clauses
    tests = "\n".join((HERE / name).read_text() for name in RULE_TESTS).upper().replace("_", "-")
    untested = {c for c in clauses if c not in tests}
    assert not untested, untested


# ------------------------------------------------------------------ the last power, reports

WITH_ONES = {"3": 36, "1": 4, "7": 4, "11": 4, "13": 4}


def empty_seat_1_with(table: Table, value: int) -> None:
    """Seat 1 keeps one card, then quick-plays it as ``value`` on seat 2's ``value``."""
    table.turn_of(0, value=3)
    for _ in range(3):
        table.play("quick_play", 1, slot=1, value=3)
    table.play("draw", 1, source="stock")
    table.play("replace", 1, slot=1, value=3)
    table.turn_of(2, value=value)
    table.play("quick_play", 1, slot=1, value=value)


def test_cc_end_1_no_reveal_while_the_last_cards_power_is_owed() -> None:
    """CC-END-1: « la manche prend fin après que ce pouvoir ait été réalisé »: seat 1 emptied
    its hand with a 1 (Assault): the reveal waits, and the turn is seat 1's."""
    table = Table(ENGINE, 3, deck=WITH_ONES, quick_play_on_quick_play=True)
    empty_seat_1_with(table, 1)
    assert table.state.phase == "reveal" and ENGINE.turn(table.state) == 1
    err = refused(table, "reveal", hands=[[3, 3, 3, 3], [], [3, 3, 3, 3]])
    assert err.rule == "CC-END-1" and "used or given up" in render(err.said)
    assert table.play("power", 1, target_seat=0).rule == "CC-ASSAULT-1"
    assert table.play("reveal", hands=[[3, 3, 3, 3, 3], [], [3, 3, 3, 3]]).rule == "CC-END-2"


def test_cc_pow_3_the_last_power_given_up_lets_the_reveal_through() -> None:
    """CC-POW-3: seat 1 gives up its last 1's power with a logged move; the round is scored."""
    table = Table(ENGINE, 3, deck=WITH_ONES, quick_play_on_quick_play=True)
    empty_seat_1_with(table, 1)
    verdict = table.play("forgo_power", 1)
    assert verdict.kind == "ok" and verdict.rule == "CC-POW-3"
    assert "the hands may be revealed" in effects_said(verdict)
    assert table.play("reveal", hands=[[3, 3, 3, 3], [], [3, 3, 3, 3]]).rule == "CC-END-2"
    assert table.state.totals == [12, 0, 12]


def test_cc_pow_3_forgo_needs_a_power_owed(t3: Table) -> None:
    """CC-POW-3 (with CC-POW-2): a seat that owes no power has none to give up."""
    t3.turn_of(0, value=4)
    assert refused(t3, "forgo_power", 0).rule == "CC-POW-2"
    t3.play("draw", 1, source="stock")
    t3.play("discard", 1, value=7)
    assert refused(t3, "forgo_power", 1, card=10).rule == "CC-POW-2"
    assert t3.play("forgo_power", 1, card=7).rule == "CC-POW-3"
    assert t3.state.pending == {}


def test_cc_pow_3_forgo_is_offered_where_a_power_is_owed(t3: Table) -> None:
    """CC-POW-3: the view offers forgo_power beside power to the seat that owes one."""
    t3.play("draw", 0, source="stock")
    t3.play("discard", 0, value=7)
    moves = ENGINE.view(t3.state, None)["moves"]
    assert "forgo_power" in moves["0"] and "forgo_power" not in moves["1"]


def test_cc_end_1_option_off_the_reveal_forfeits_the_last_power() -> None:
    """CC-END-1, option ``power_before_reveal`` off (matches logged before it): the reveal is
    accepted at once and the 1's power is lost."""
    table = Table(ENGINE, 3, deck=WITH_ONES, power_before_reveal=False,
                  quick_play_on_quick_play=True)
    empty_seat_1_with(table, 1)
    assert ENGINE.turn(table.state) is None
    assert table.play("reveal", hands=[[3, 3, 3, 3], [], [3, 3, 3, 3]]).rule == "CC-END-2"


def test_cc_call_3_the_last_turns_power_is_used_before_the_reveal(t3: Table) -> None:
    """CC-CALL-3 ruling: seat 2's last turn discards a 7: the reveal waits for its Seadog."""
    t3.turn_of(0, value=10)
    t3.play("citron_coco", 0)
    t3.turn_of(1, value=6)
    t3.turn_of(2, value=7)
    hands = [[1, 2, 3, 4], [5, 5, 5, 5], [8, 8, 8, 8]]
    assert refused(t3, "reveal", hands=hands).rule == "CC-CALL-3"
    t3.play("power", 2, target_seat=0, slot=1)
    assert t3.play("reveal", hands=hands).rule == "CC-CALL-4"


def test_cc_coin_3_report_against_a_seat_without_the_coin_is_impossible(t3: Table) -> None:
    """CC-COIN-3: « un joueur qui possède le jeton »: seat 0 holds the coin; seat 1 neither
    holds it nor had a power blocked: the report is refused, the coin stays with seat 0."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=0)
    t3.turn_of(1, value=4)
    err = refused(t3, "missplay", 1, by_host=True, rule="CC-COIN-3")
    assert err.rule == "CC-COIN-3" and "does not hold the coin" in render(err.said)
    assert t3.state.coin == 0 and t3.hands == [4, 4, 4]


def test_cc_coin_3_report_option_off_accepts_it_as_before(t3: Table) -> None:
    """CC-COIN-3, option ``check_reports`` off (matches logged before it): accepted as logged."""
    table = Table(ENGINE, 3, check_reports=False)
    verdict = table.play("missplay", 1, by_host=True, rule="CC-COIN-3")
    assert verdict.kind == "missplay" and table.state.coin == 1


def test_cc_miss_4_a_wrong_power_needs_a_special_card_discarded(t3: Table) -> None:
    """CC-MISS-4: « après avoir défaussé une carte spéciale »: not before seat 1 discarded one."""
    assert refused(t3, "missplay", 1, by_host=True, rule="CC-MISS-4").rule == "CC-MISS-4"
    t3.turn_of(0, value=4)
    t3.play("draw", 1, source="stock")
    t3.play("discard", 1, value=7)
    t3.play("power", 1, target_seat=0, slot=2)
    verdict = t3.play("missplay", 1, by_host=True, rule="CC-MISS-4")
    assert verdict.kind == "missplay" and t3.hands == [4, 5, 4]


def test_cc_miss_5_looking_at_a_penalty_card_needs_one(t3: Table) -> None:
    """CC-MISS-5: a seat cannot have looked at its penalty card without one (this round)."""
    err = refused(t3, "missplay", 2, by_host=True, rule="CC-MISS-5")
    assert err.rule == "CC-MISS-5" and "no penalty card" in render(err.said)
    t3.turn_of(0, value=11)
    t3.play("quick_play", 2, slot=3, value=4)  # a wrong quick play: penalty card
    assert t3.play("missplay", 2, by_host=True, rule="CC-MISS-5").kind == "missplay"
    assert t3.hands == [4, 4, 6]


def test_cc_miss_3_a_look_without_permission_can_happen_any_time(t3: Table) -> None:
    """CC-MISS-3: nothing on the table rules it out: accepted from the first move."""
    assert t3.play("missplay", 2, by_host=True, rule="CC-MISS-3").kind == "missplay"


def test_cc_miss_4_a_power_the_coin_blocked_was_not_there_to_misuse(t3: Table) -> None:
    """CC-MISS-4 with CC-COIN-1: seat 1 holds the coin and discards a 7: no power was given,
    so no wrong power can be reported (using it anyway is CC-COIN-3)."""
    t3.turn_of(0, value=9)
    t3.play("power", 0, target_seat=1)
    t3.turn_of(1, value=7)
    assert refused(t3, "missplay", 1, by_host=True, rule="CC-MISS-4").rule == "CC-MISS-4"
    assert t3.play("missplay", 1, by_host=True, rule="CC-COIN-3").kind == "missplay"



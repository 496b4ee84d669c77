"""CitronCoco in teams: one test per clause of docs/rules/citroncoco-teams.md (ids CCT-…)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.engines import REGISTRY
from referee.engines.base import Impossible, InvalidOptions
from referee.engines.citroncoco import ENGINE, TEAMS_ENGINE
from referee.engines.citroncoco.core import CitronCocoEngine
from referee.engines.citroncoco.teams import CitronCocoTeamsEngine
from referee.engines.messages import Message
from referee.service.messages import render
from tests.engines import rounds_helpers as rounds
from tests.engines.citroncoco.helpers import Table, end_round_by_call
from tests.engines.contract import assert_impossible_changes_nothing

ROOT = Path(__file__).resolve().parents[3]
ONLY_THREES = {"3": 40, "7": 4, "11": 4, "13": 4}


@pytest.fixture
def t4() -> Table:
    return Table(TEAMS_ENGINE, 4)


def refused(table: Table, type_: str, seat: int | None = None, **payload: object) -> Impossible:
    return assert_impossible_changes_nothing(
        TEAMS_ENGINE, table.state, table.event(type_, seat, **payload)
    )


def empty_seat_1(table: Table) -> None:
    """With a deck of 3s, seat 1 quick-plays one 3 in each of four turns: its row is empty."""
    for seat in range(4):
        table.turn_of(seat, value=3)
        table.play("quick_play", 1, slot=1, value=3)


# --------------------------------------------------------------------------- seats and goal


@pytest.mark.parametrize("seats", [3, 5])
def test_cct_seats_1_exactly_four_seats(seats: int) -> None:
    """CCT-SEATS-1: the team game is for four."""
    with pytest.raises(InvalidOptions) as caught:
        TEAMS_ENGINE.setup(TEAMS_ENGINE.options_schema().load({}), seats)
    assert caught.value.rule == "CCT-SEATS-1"


@pytest.mark.parametrize("teams", [[[0, 1], [1, 2]], [[0, 1, 2], [3]], [[0, 1]]])
def test_cct_seats_1_teams_must_be_two_pairs(teams: list[list[int]]) -> None:
    """CCT-SEATS-1: the `teams` option splits seats 0-3 in two pairs."""
    with pytest.raises(InvalidOptions) as caught:
        TEAMS_ENGINE.setup(TEAMS_ENGINE.options_schema().load({"teams": teams}), 4)
    assert caught.value.where == "options.teams"


def test_cct_seats_1_standings_by_team_partners_face_to_face(t4: Table) -> None:
    """CCT-SEATS-1: default teams 0 & 2 against 1 & 3; one line per team."""
    lines = TEAMS_ENGINE.standings(t4.state).lines
    assert [(ln.side, ln.seats) for ln in lines] == [("A", (0, 2)), ("B", (1, 3))]


def test_cct_set_1_the_rounds_losing_team_starts_the_next_round(t4: Table) -> None:
    """CCT-SET-1: team B (seats 1 and 3) scored: seat 1, first after seat 0, starts."""
    end_round_by_call(t4, 0)
    t4.play("reveal", hands=[[1, 1, 1, 1], [5, 5, 2, 2], [2, 2, -1, -1], [4, 4, 4, 4]])
    assert t4.state.totals == [0, 30]
    assert TEAMS_ENGINE.turn(t4.state) == 1


def test_cct_goal_1_the_team_reaching_the_target_loses() -> None:
    """CCT-GOAL-1: team A reaches 20: team B (seats 1 and 3) wins."""
    table = Table(TEAMS_ENGINE, 4, target=20)
    end_round_by_call(table, 0)  # team A has more: it scores
    table.play("reveal", hands=[[5, 5, 5, 5], [1, 1, 1, 1], [2, 2, 2, 2], [3, 3, 3, 3]])
    standings = TEAMS_ENGINE.standings(table.state)
    assert standings.finished and standings.winners == (1, 3)
    assert [ln.total for ln in standings.lines] == [28, 0]


def test_cct_goal_1_both_over_the_higher_loses() -> None:
    """CCT-GOAL-1: both teams pass the target after an emptied hand: the higher total loses."""
    table = Table(TEAMS_ENGINE, 4, deck=ONLY_THREES, target=10)
    empty_seat_1(table)
    table.play("reveal", hands=[[3, 3, 3, 3], [], [3, 3, 3, 3], [13, 11, 3, 3]])
    standings = TEAMS_ENGINE.standings(table.state)
    assert [ln.total for ln in standings.lines] == [24, 30]
    assert standings.finished and standings.winners == (0, 2)


def test_cct_goal_2_equal_totals_over_the_target_tie() -> None:
    """CCT-GOAL-2 ruling: both over the target with equal totals: no winner."""
    table = Table(TEAMS_ENGINE, 4, deck=ONLY_THREES, target=10)
    empty_seat_1(table)
    table.play("reveal", hands=[[3, 3, 3, 3], [], [3, 3, 3, 3], [3, 7, 11, 3]])
    standings = TEAMS_ENGINE.standings(table.state)
    assert standings.finished and standings.winners == ()
    assert standings.result is not None
    assert standings.result.termination == "citroncoco.teams.outcome.tie"
    assert "tie" in render(standings.outcome)


# --------------------------------------------------------------------------- changes


def test_cct_fellow_1_the_two_looks_at_the_teammates_card(t4: Table) -> None:
    """CCT-FELLOW-1: seat 0's 2 looks at seat 2's card; seat 1 looking at seat 2's (an
    opponent's) with its 2 is a wrong power: penalty card."""
    t4.turn_of(0, value=2)
    assert t4.play("power", 0, target_seat=2, slot=3).rule == "CCT-FELLOW-1"
    t4.turn_of(1, value=2)
    verdict = t4.play("power", 1, target_seat=2, slot=1)
    assert verdict.kind == "missplay" and verdict.rule == "CCT-FELLOW-1"
    assert t4.hands == [4, 5, 4, 4]


def test_cc_queen_3_teams_not_twice_the_same_swap_in_one_turn(t4: Table) -> None:
    """CC-QUEEN-3 (team text « not … twice the same swap in one turn »): seat 3's quick-played
    12 undoing seat 0's swap in the same turn is a wrong power; in the next turn it is allowed."""
    t4.turn_of(0, value=12)
    t4.play("power", 0, target_seat=1, slot=1, other_seat=2, other_slot=1)
    t4.play("quick_play", 3, slot=1, value=12)
    verdict = t4.play("power", 3, target_seat=2, slot=1, other_seat=1, other_slot=1)
    assert verdict.kind == "missplay" and verdict.rule == "CC-QUEEN-3"
    t4.turn_of(1, value=12)
    assert t4.play("power", 1, target_seat=2, slot=1, other_seat=1, other_slot=1).kind == "ok"


def test_cct_qp_1_addition_with_the_teammate(t4: Table) -> None:
    """CCT-QP-1: seat 1 adds its 3 and seat 3's 7 on a 10: both discarded, seat 3's 7 on top."""
    t4.turn_of(0, value=10)
    t4.play("power", 0, target_seat=1, slot=4, value=12)
    verdict = t4.play("quick_play", 1, slot=1, value=3, other_seat=3, other_slot=2, other_value=7)
    assert verdict.kind == "ok" and verdict.rule == "CCT-QP-1"
    assert t4.hands == [4, 3, 4, 3]
    assert t4.state.discard[-1].value == 7 and t4.state.pending == {3: [7]}


def test_cct_qp_1_only_the_top_cards_owner_gets_an_eleven(t4: Table) -> None:
    """CCT-QP-1: 11 + 2 on a 13 with the quick player's 11 on top: it plays again at its turn."""
    t4.turn_of(0, value=13)
    t4.play(
        "quick_play", 3, slot=1, value=11, other_seat=1, other_slot=1, other_value=2, on_top="own"
    )
    assert t4.state.extra == [0, 0, 0, 1] and t4.state.pending == {}


def test_cc_coin_1_an_addition_is_blocked_by_the_top_cards_owners_coin(t4: Table) -> None:
    """CC-COIN-1 with CCT-QP-1: seat 3 holds the coin; seat 1 adds its 3 and seat 3's 7 with
    the 7 on top: the 7 is seat 3's, so no Seadog, and the coin returns to the centre."""
    t4.turn_of(0, value=9)
    t4.play("power", 0, target_seat=3)
    t4.turn_of(1, value=10)
    t4.play("power", 1, target_seat=1, slot=4, value=12)
    verdict = t4.play("quick_play", 1, slot=1, value=3, other_seat=3, other_slot=2, other_value=7)
    assert verdict.kind == "ok" and t4.state.coin is None
    assert t4.state.pending == {} and t4.state.blocked == {3: 7}


def test_cct_qp_2_two_own_cards_is_a_missplay(t4: Table) -> None:
    """CCT-QP-2: an addition of two of seat 1's cards: penalty, cards back."""
    t4.turn_of(0, value=10)
    verdict = t4.play("quick_play", 1, slot=1, value=3, other_seat=1, other_slot=2, other_value=7)
    assert verdict.kind == "missplay" and verdict.rule == "CCT-QP-2"
    assert t4.hands == [4, 5, 4, 4]


def test_cct_qp_2_an_opponents_card_is_a_missplay(t4: Table) -> None:
    """CCT-QP-2: seat 1 adds seat 2's card (an opponent): penalty; both cards now known."""
    t4.turn_of(0, value=10)
    verdict = t4.play("quick_play", 1, slot=1, value=3, other_seat=2, other_slot=2, other_value=7)
    assert verdict.kind == "missplay" and verdict.rule == "CCT-QP-2"
    assert t4.state.hands[2][1].value == 7 and t4.state.hands[1][0].value == 3


def test_cct_qp_3_no_quick_play_on_a_card_quick_played_this_turn(t4: Table) -> None:
    """CCT-QP-3: a second quick play in the same turn on a quick-played 6 is a missplay."""
    t4.turn_of(0, value=6)
    t4.play("quick_play", 1, slot=1, value=6)
    verdict = t4.play("quick_play", 2, slot=1, value=6)
    assert verdict.kind == "missplay" and verdict.rule == "CCT-QP-3"


def test_cct_qp_3_a_new_turn_opens_it_again(t4: Table) -> None:
    """CCT-QP-3: once seat 1 has drawn, the 6 quick-played last turn can be covered."""
    t4.turn_of(0, value=6)
    t4.play("quick_play", 1, slot=1, value=6)
    t4.play("draw", 1, source="stock")
    assert t4.play("quick_play", 2, slot=1, value=6).kind == "ok"


def test_cct_miss_1_information_to_the_teammate_is_host_logged(t4: Table) -> None:
    """CCT-MISS-1: giving information to your teammate: penalty card."""
    verdict = t4.play("missplay", 3, by_host=True, rule="CCT-MISS-1")
    assert verdict.kind == "missplay" and verdict.rule == "CCT-MISS-1"
    assert t4.hands == [4, 4, 4, 5]
    assert "CCT-MISS-1" not in ENGINE.reportable_missplays


# --------------------------------------------------------------------------- end and scoring


def test_cct_end_1_one_last_quick_play_on_the_final_discard() -> None:
    """CCT-END-1: after seat 1 empties its row, one quick play is still accepted, only one."""
    table = Table(TEAMS_ENGINE, 4, deck=ONLY_THREES)
    empty_seat_1(table)
    assert TEAMS_ENGINE.view(table.state, None)["phase"] == "reveal"
    assert refused(table, "draw", 0, source="stock").rule == "CC-END-1"
    assert table.play("quick_play", 2, slot=1, value=3).kind == "ok"
    assert refused(table, "quick_play", 0, slot=1, value=3).rule == "CC-END-1"


def test_cct_end_2_each_team_scores_its_hands() -> None:
    """CCT-END-2: after an emptied hand both teams score their coconuts."""
    table = Table(TEAMS_ENGINE, 4, deck=ONLY_THREES)
    empty_seat_1(table)
    verdict = table.play("reveal", hands=[[3, 3, 3, 3], [], [7, 3, 3, 3], [13, 11, 3, 3]])
    assert verdict.rule == "CCT-END-2"
    assert table.state.totals == [28, 30]


def test_cct_call_1_the_call_ends_the_callers_turn(t4: Table) -> None:
    """CCT-CALL-1: called at the end of seat 0's turn; seat 1 must not have drawn."""
    t4.turn_of(0)
    assert t4.play("citron_coco", 0).rule == "CC-CALL-1"
    assert t4.state.last_to_play == [1, 2, 3]


def test_cct_nano_1_the_next_player_doubles(t4: Table) -> None:
    """CCT-NANO-1: only seat 1 (next after the caller) may answer Nano!, before drawing."""
    t4.turn_of(0)
    assert refused(t4, "nano", 1).rule == "CCT-NANO-1"  # no call yet
    t4.play("citron_coco", 0)
    assert refused(t4, "nano", 3).rule == "CCT-NANO-1"
    assert t4.play("nano", 1).rule == "CCT-NANO-1"
    assert t4.state.multiplier == 2
    assert refused(t4, "nano", 1).rule == "CCT-NANO-1"


def test_cct_nano_1_not_after_the_next_draw_nor_without_the_option() -> None:
    """CCT-NANO-1: too late once seat 1 has drawn; option nano=False forbids it."""
    table = Table(TEAMS_ENGINE, 4)
    table.turn_of(0)
    table.play("citron_coco", 0)
    table.play("draw", 1, source="stock")
    assert (
        assert_impossible_changes_nothing(TEAMS_ENGINE, table.state, table.event("nano", 1)).rule
        == "CCT-NANO-1"
    )
    plain = Table(TEAMS_ENGINE, 4, nano=False)
    plain.turn_of(0)
    plain.play("citron_coco", 0)
    assert (
        assert_impossible_changes_nothing(
            TEAMS_ENGINE, plain.state, plain.event("nano", 1)
        ).said
    ) == Message("citroncoco.teams.nano.off", {})


def test_cct_nano_1_the_next_opponent_when_teams_sit_side_by_side() -> None:
    """CCT-NANO-1 ruling: with 0 & 1 partners, seat 2 (next opponent) answers, not seat 1."""
    table = Table(TEAMS_ENGINE, 4, teams=[[0, 1], [2, 3]])
    table.turn_of(0)
    table.play("citron_coco", 0)
    assert refused(table, "nano", 1).rule == "CCT-NANO-1"
    assert table.play("nano", 2).kind == "ok"
    assert "nano_alpha" in TEAMS_ENGINE.offered_moves(table.state)[1]


def test_cct_nano_2_the_callers_teammate_quadruples(t4: Table) -> None:
    """CCT-NANO-2: after a Nano, seat 2 (the caller's teammate) answers Nano Alpha!."""
    t4.turn_of(0)
    t4.play("citron_coco", 0)
    assert refused(t4, "nano_alpha", 2).rule == "CCT-NANO-2"  # no Nano yet
    t4.play("nano", 1)
    assert refused(t4, "nano_alpha", 3).rule == "CCT-NANO-2"
    t4.play("nano_alpha", 2)
    assert t4.state.multiplier == 4


def test_cct_call_2_every_other_player_plays_one_last_time(t4: Table) -> None:
    """CCT-CALL-2: seats 1, 2, 3 play; an 11 plays again; then the round is over."""
    t4.turn_of(0)
    t4.play("citron_coco", 0)
    t4.turn_of(1, value=11)
    assert TEAMS_ENGINE.turn(t4.state) == 1
    t4.turn_of(1)
    t4.turn_of(2)
    t4.turn_of(3)
    assert TEAMS_ENGINE.view(t4.state, None)["phase"] == "reveal"


def test_cct_call_2_the_callers_quick_eleven_plays_again_before_the_end(t4: Table) -> None:
    """CCT-CALL-2: the caller quick-plays an 11 during seat 2's last turn: one more turn."""
    t4.turn_of(0)
    t4.play("citron_coco", 0)
    t4.turn_of(1)
    t4.turn_of(2, value=11)
    t4.play("quick_play", 0, slot=1, value=11)
    t4.turn_of(2)
    t4.turn_of(3)
    assert TEAMS_ENGINE.turn(t4.state) == 0
    t4.turn_of(0)
    assert TEAMS_ENGINE.view(t4.state, None)["phase"] == "reveal"


def test_cct_call_2_a_callers_quick_eleven_waits_for_the_last_turns(t4: Table) -> None:
    """CCT-CALL-2: quick-played right after the call, the caller's 11 comes after seat 3."""
    t4.turn_of(0, value=11)
    t4.play("citron_coco", 0)  # gives up the play again of its own 11
    t4.play("quick_play", 0, slot=1, value=11)
    assert TEAMS_ENGINE.turn(t4.state) == 1
    for seat in (1, 2, 3, 0):
        t4.turn_of(seat)
    assert TEAMS_ENGINE.view(t4.state, None)["phase"] == "reveal"


def test_cct_call_2_an_emptied_hand_ends_the_last_round_at_once() -> None:
    """CCT-CALL-2: a player getting rid of all its cards after the call ends the round (the
    last 7's power forfeited by the reveal: option ``power_before_reveal`` off, as before)."""
    table = Table(TEAMS_ENGINE, 4, deck=ONLY_THREES, power_before_reveal=False)
    for seat in range(3):
        table.turn_of(seat, value=3)
        table.play("quick_play", 1, slot=1, value=3)
    table.turn_of(3, value=7)
    table.play("citron_coco", 3)
    table.play("quick_play", 1, slot=1, value=7)
    assert table.state.phase == "reveal"
    verdict = table.play("reveal", hands=[[3, 3, 3, 3], [], [3, 3, 3, 3], [3, 3, 3, 3]])
    assert verdict.rule == "CCT-CALL-3" and table.state.totals == [24, 0]


def test_cct_call_3_fewer_coconuts_score_zero_the_others_times_the_multiplier(t4: Table) -> None:
    """CCT-CALL-3: caller's team has fewer: team B scores its coconuts x4 after Nano Alpha."""
    t4.turn_of(0, value=10)
    t4.play("citron_coco", 0)
    t4.play("nano", 1)
    t4.play("nano_alpha", 2)
    for seat in (1, 2, 3):
        t4.turn_of(seat, value=6 if seat % 2 else 8)
    verdict = t4.play("reveal", hands=[[1, 1, 1, 1], [5, 5, 2, 2], [2, 2, -1, -1], [4, 4, 4, 4]])
    assert verdict.rule == "CCT-CALL-3"
    assert t4.state.totals == [0, 30 * 4]


def test_cct_call_3_a_failed_call_scores_the_callers_team(t4: Table) -> None:
    """CCT-CALL-3: the caller's team has more (or as many): it scores, times the multiplier."""
    t4.turn_of(0, value=10)
    t4.play("citron_coco", 0)
    t4.play("nano", 1)
    for seat in (1, 2, 3):
        t4.turn_of(seat, value=6 if seat % 2 else 8)
    t4.play("reveal", hands=[[5, 5, 5, 5], [1, 1, 1, 1], [4, 4, 2, 2], [3, 3, 3, 3]])
    assert t4.state.totals == [32 * 2, 0]


def test_cc_capt_2_teams_skip_the_next_opponent() -> None:
    """CC-CAPT-2 (teams): with 0 & 1 partners, seat 0's 13 skips seat 2, not its teammate."""
    table = Table(TEAMS_ENGINE, 4, teams=[[0, 1], [2, 3]])
    table.turn_of(0, value=13)
    table.turn_of(1)
    assert TEAMS_ENGINE.turn(table.state) == 3


# --------------------------------------------------------------------------- contract


def test_teams_engine_is_a_small_subclass() -> None:
    """The team game is a variant of the individual engine, registered under its own id."""
    assert isinstance(TEAMS_ENGINE, CitronCocoTeamsEngine)
    assert isinstance(TEAMS_ENGINE, CitronCocoEngine)
    assert REGISTRY["citroncoco-teams"] is TEAMS_ENGINE
    assert {"nano", "nano_alpha"} <= set(TEAMS_ENGINE.event_types)
    assert "sum_quick_play" not in TEAMS_ENGINE.options_schema().fields
    for schema in [
        TEAMS_ENGINE.options_schema,
        *(s for t, s in TEAMS_ENGINE.event_types.items() if t != "missplay"),
    ]:
        for name, fld in schema().fields.items():
            assert fld.metadata.get("description"), f"{schema.__name__}.{name}"


def test_the_team_game_is_a_variant_the_rules_consult_not_overridden_hooks() -> None:
    """The team engine only names its variant, registry and options: it defines no method,
    and each game's state names the variant its rules consult."""
    assert not [name for name, v in vars(CitronCocoTeamsEngine).items() if callable(v)
                and not isinstance(v, type)]
    assert TEAMS_ENGINE.setup(TEAMS_ENGINE.options_schema().load({}), 4).variant == \
        "citroncoco-teams"
    assert ENGINE.setup(ENGINE.options_schema().load({}), 4).variant == "citroncoco"


def test_every_team_rule_id_is_in_the_catalogue_and_tested() -> None:
    """Every CCT- id the engine cites is in the team catalogue; every clause has a test; the CC-
    ids it points to exist."""
    catalogue = (ROOT / "docs/rules/citroncoco-teams.md").read_text()
    clauses = set(re.findall(r"\*\*(CCT-[A-Z]+-\d+)\*\*", catalogue))
    code = (ROOT / "referee/engines/citroncoco/teams.py").read_text()
    assert set(re.findall(r"\"(CCT-[A-Z]+-\d+)\"", code)) <= clauses
    individual = (ROOT / "docs/rules/citroncoco.md").read_text()
    for ref in set(re.findall(r"\b(CC-[A-Z]+-\d+)\b", catalogue)):
        assert f"**{ref}**" in individual, ref
    tests = Path(__file__).read_text().upper().replace("_", "-")
    assert not {c for c in clauses if c not in tests}


# --- quick scoring (rounds only): Nano and Nano Alpha stated with the round
# (docs/rules/citroncoco-teams.md, « Quick scoring »: CCT-RND-1..3) -----------------------

def test_rounds_a_round_scores_each_team_by_its_two_hands() -> None:
    """CCT-RND-1 with CCT-END-2: no call, seats 0 and 2 against 1 and 3."""
    engine, state = rounds.start("citroncoco-teams", 4)
    rounds.log(engine, state, caller=None, hands=[[], [5], [2, 3], [4, 1]])
    assert rounds.totals(engine, state) == [5, 10]


def test_rounds_a_round_states_who_said_nano() -> None:
    """CCT-RND-1: the nano seat is part of the round; ×2 on the losing team (CCT-CALL-3)."""
    engine, state = rounds.start("citroncoco-teams", 4, nano=True)
    rounds.log(engine, state, caller=0, totals=[1, 20, 2, 10], nano=1)
    assert rounds.totals(engine, state) == [0, 60]


def test_rounds_one_entry_per_seat_at_four() -> None:
    """CCT-RND-1: three totals at four seats are refused."""
    engine, state = rounds.start("citroncoco-teams", 4)
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=0, totals=[1, 2, 3])
    assert (err.value.rule, err.value.where) == ("CCT-RND-1", "payload.totals")


def test_rounds_nano_without_a_call_is_refused() -> None:
    """CCT-RND-2: Nano answers a Citron Coco."""
    engine, state = rounds.start("citroncoco-teams", 4, nano=True)
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=None, totals=[0, 1, 2, 3], nano=1)
    assert err.value.rule == "CCT-NANO-1" and rounds.totals(engine, state) == [0, 0]


def test_rounds_nano_alpha_by_another_than_the_teammate_is_refused() -> None:
    """CCT-RND-2 with CCT-NANO-2: seat 3 is an opponent of the caller (seat 0)."""
    engine, state = rounds.start("citroncoco-teams", 4, nano=True)
    with pytest.raises(Impossible) as err:
        rounds.log(engine, state, caller=0, totals=[1, 20, 2, 10], nano=1, nano_alpha=3)
    assert err.value.rule == "CCT-NANO-2"


def test_rounds_nano_alpha_quadruples_the_losing_team() -> None:
    """CCT-RND-3: the losing team's 30 coconuts ×4."""
    engine, state = rounds.start("citroncoco-teams", 4, nano=True)
    assert rounds.log(engine, state, caller=0, totals=[1, 20, 2, 10], nano=1,
                      nano_alpha=2).rule == "CCT-CALL-3"
    assert rounds.totals(engine, state) == [0, 120]


def test_rounds_both_teams_over_the_target_the_higher_loses() -> None:
    """CCT-RND-3 with CCT-GOAL-1: 30 against 35 past a target of 20: team A wins."""
    engine, state = rounds.start("citroncoco-teams", 4, target=20)
    rounds.log(engine, state, caller=None, totals=[0, 10, 30, 25])
    standings = engine.standings(state)
    assert standings.finished and standings.winners == (0, 2)


def test_rounds_both_teams_level_over_the_target_tie() -> None:
    """CCT-RND-3 with CCT-GOAL-2: 30 and 30 past 20: nobody wins."""
    engine, state = rounds.start("citroncoco-teams", 4, target=20)
    rounds.log(engine, state, caller=None, totals=[0, 10, 30, 20])
    standings = engine.standings(state)
    assert standings.finished and standings.winners == ()

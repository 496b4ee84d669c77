"""CrocoNounours: one test per clause of docs/rules/croconounours.md (ids CN-…)."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from referee.engines.base import InvalidOptions
from referee.engines.croconounours import board
from referee.engines.croconounours.engine import ENGINE, CrocoState
from referee.engines.messages import Outcome, msg
from tests.engines.croconounours.helpers import (
    attack,
    ev,
    in_action,
    new_state,
    place,
    refused,
    setup_events,
    sq,
    started,
)

# --------------------------------------------------------------------------------------------
# Moves


def test_cn_move_1_club_steps_straight() -> None:
    """CN-MOVE-1: a club moves a warrior one square straight, not diagonally."""
    state = place(in_action(), {"0-red": "d4"})
    refused(state, ev("move", 0, warrior="0-red", card="9C", to="e5"), "CN-MOVE-2")
    ENGINE.apply(state, ev("move", 0, warrior="0-red", card="9C", to="c4"))
    assert state.warriors["0-red"].square == sq("c4")


def test_cn_move_2_spade_steps_diagonally() -> None:
    """CN-MOVE-2: a spade moves a warrior one square diagonally, not straight."""
    state = place(in_action(), {"0-red": "d4"})
    refused(state, ev("move", 0, warrior="0-red", card="9S", to="d5"), "CN-MOVE-1")
    ENGINE.apply(state, ev("move", 0, warrior="0-red", card="9S", to="c3"))
    assert state.warriors["0-red"].square == sq("c3")


def test_cn_move_3_onto_an_occupied_square() -> None:
    """CN-MOVE-3: a warrior never steps onto another warrior."""
    state = place(in_action(), {"0-red": "d4", "1-red": "d5"})
    refused(state, ev("move", 0, warrior="0-red", card="9C", to="d5"), "CN-MOVE-3")


def test_cn_move_3_one_square_only() -> None:
    """CN-MOVE-3: a step is one square."""
    state = place(in_action(), {"0-red": "d4"})
    refused(state, ev("move", 0, warrior="0-red", card="9C", to="d6"), "CN-MOVE-3")


# --------------------------------------------------------------------------------------------
# Colours of warriors


def test_cn_green_1_first_wound_turns_green_orange(duel: CrocoState) -> None:
    """CN-GREEN-1: a green's first wound turns it orange; the next one eliminates it."""
    attack(duel, "0-yellow", "9D", "1-green")
    verdict = ENGINE.apply(duel, ev("no_defence", 1))
    green = duel.warriors["1-green"]
    assert verdict.rule == "CN-GREEN-1" and green.colour == "orange" and green.standing
    attack(duel, "0-yellow", "8D", "1-orange")
    ENGINE.apply(duel, ev("no_defence", 1))
    assert not green.standing


def test_cn_red_1_example_of_the_text() -> None:
    """CN-RED-1: red attacks green with the jack of hearts; the king alone fails, king + 2 parry."""
    state = place(in_action(), {"0-red": "c3", "1-green": "d4"})
    attack(state, "0-red", "JH", "1-green")
    err = refused(state, ev("defend", 1, kind="parry", cards=["KH"]), "CN-RED-1")
    assert err.message is not None and err.message.id == "croconounours.parry.against_red"
    refused(state, ev("defend", 1, kind="parry", cards=["2H", "3H"]), "CN-RED-1")
    ENGINE.apply(state, ev("defend", 1, kind="parry", cards=["KH", "2H"]))
    assert state.warriors["1-green"].colour == "green"


def test_cn_red_1_three_of_any_value() -> None:
    """CN-RED-1: three cards of the suit parry a red attack whatever their values."""
    state = place(in_action(), {"0-red": "c3", "1-green": "d4"})
    attack(state, "0-red", "AH", "1-green")
    ENGINE.apply(state, ev("defend", 1, kind="parry", cards=["2H", "3H", "4H"]))
    assert state.pending is None


def test_cn_red_1_dodging_red_is_as_usual() -> None:
    """CN-RED-1: a red attack is not harder to dodge: one higher club will do."""
    state = place(in_action(), {"0-red": "c3", "1-green": "d4"})
    attack(state, "0-red", "JH", "1-green")
    ENGINE.apply(state, ev("defend", 1, kind="dodge", cards=["QC"], to="d5"))
    assert state.warriors["1-green"].square == sq("d5")


def test_cn_red_2_green_wounded_by_red_is_eliminated() -> None:
    """CN-RED-2: a green wounded by red and not saved is eliminated, not turned orange."""
    state = place(in_action(), {"0-red": "c3", "1-green": "d4"})
    attack(state, "0-red", "JH", "1-green")
    verdict = ENGINE.apply(state, ev("no_defence", 1))
    assert verdict.rule == "CN-RED-2" and state.warriors["1-green"].square is None


def test_cn_yel_1_shoots_two_squares_away(duel: CrocoState) -> None:
    """CN-YEL-1: a yellow warrior shoots a target exactly two squares away with any red card."""
    place(duel, {"1-red": "f5"})
    verdict = attack(duel, "0-yellow", "4D", "1-red")
    assert verdict.rule == "CN-YEL-1" and duel.pending is not None and duel.pending.shot


def test_cn_yel_1_not_three_squares_away(duel: CrocoState) -> None:
    """CN-YEL-1: the shot reaches the ring two squares away, no farther."""
    place(duel, {"1-red": "g3"})
    refused(duel, ev("attack", 0, warrior="0-yellow", card="4D", target="1-red"), "CN-YEL-1")


def test_cn_yel_1_only_yellow_shoots() -> None:
    """CN-YEL-1: other warriors attack their neighbours only."""
    state = place(in_action(), {"0-red": "d2", "1-red": "d4"})
    refused(state, ev("attack", 0, warrior="0-red", card="4D", target="1-red"), "CN-ATK-1")


def test_cn_yel_2_a_shot_never_pushes(duel: CrocoState) -> None:
    """CN-YEL-2: a shot only wounds."""
    place(duel, {"1-red": "f5"})
    bad = ev("attack", 0, warrior="0-yellow", card="4H", target="1-red", intent="push")
    refused(duel, bad, "CN-YEL-2")


def test_cn_yel_3_a_shot_cannot_be_parried(duel: CrocoState) -> None:
    """CN-YEL-3: no parry against a shot."""
    place(duel, {"1-red": "f5"})
    attack(duel, "0-yellow", "4D", "1-red")
    refused(duel, ev("defend", 1, kind="parry", cards=["AD"]), "CN-YEL-3")


def test_cn_yel_3_dodged_with_any_black_card(duel: CrocoState) -> None:
    """CN-YEL-3: the text's example: a 2 of clubs dodges a shot, and the dodger steps straight."""
    place(duel, {"1-red": "f5"})
    attack(duel, "0-yellow", "KH", "1-red")
    refused(duel, ev("defend", 1, kind="dodge", cards=["2D"], to="e5"), "CN-YEL-3")
    refused(duel, ev("defend", 1, kind="dodge", cards=["2C"], to="e4"), "CN-DODGE-2")
    ENGINE.apply(duel, ev("defend", 1, kind="dodge", cards=["2C"], to="e5"))
    assert duel.warriors["1-red"].square == sq("e5")


# --------------------------------------------------------------------------------------------
# The end and the campaign


def test_cn_end_1_side_without_warriors_loses() -> None:
    """CN-END-1: the side whose last warrior is eaten loses; nothing more is logged."""
    state = place(in_action(), {"0-yellow": "d3", "1-red": "d4", "1-green": None, "1-yellow": None})
    attack(state, "0-yellow", "9D", "1-red")
    ENGINE.apply(state, ev("no_defence", 1))
    result = ENGINE.standings(state)
    assert result.finished and result.winners == (0,)
    assert result.result == Outcome((0,), "croconounours.outcome.last_side", {"count": 3})
    assert ENGINE.turn(state) is None
    refused(state, ev("end_turn", 0), "CN-END-1")


def test_cn_camp_1_roster_deploys_the_survivors() -> None:
    """CN-CAMP-1: a campaign side brings only its survivors (an orange included)."""
    state = new_state(roster={"0": ["red", "orange"]})
    ENGINE.apply(state, ev("first_player", None, seat=0))
    refused(
        state,
        ev("deploy", 0, corner="a1", warriors={"a1": "red", "a2": "green", "b1": "yellow"}),
        "CN-SETUP-2",
    )
    ENGINE.apply(state, ev("deploy", 0, corner="a1", warriors={"a1": "red", "b1": "orange"}))
    assert sorted(w.colour for w in state.warriors.values() if w.seat == 0) == ["orange", "red"]


def test_cn_camp_1_reserve_in_the_standings() -> None:
    """CN-CAMP-1, option ``campaign_reserve`` 'survivors': the standings give each side's
    survivors as its reserve, the next match's roster."""
    duel = place(in_action(campaign_reserve="survivors"),
                 {"0-yellow": "d3", "1-green": "d4", "1-red": "e4"})
    attack(duel, "0-yellow", "9D", "1-green")
    ENGINE.apply(duel, ev("no_defence", 1))
    reserve = ENGINE.standings(duel).lines[1].detail["reserve"]
    assert sorted(reserve["1"]) == ["orange", "red", "yellow"]


def test_cn_camp_1_a_side_with_no_reserve_cannot_start() -> None:
    """CN-CAMP-1: a side with no warrior left has lost the campaign."""
    with pytest.raises(InvalidOptions) as err:
        new_state(roster={"1": []})
    assert err.value.rule == "CN-CAMP-1"


# --------------------------------------------------------------------------------------------
# Coloured squares


def test_cn_sq_1_default_layout_balanced_and_symmetric() -> None:
    """CN-SQ-1: 12 squares of each colour and the centre; every corner sees the same board."""
    layout = board.DEFAULT_LAYOUT
    flat = [c for row in layout for c in row]
    for colour in ("red", "orange", "green", "yellow"):
        assert flat.count(colour) == 12
    assert layout[3][3] == board.WILD
    assert all(layout[r][c] == layout[c][6 - r] for r in range(7) for c in range(7))


def test_cn_sq_1_off_without_the_option(duel: CrocoState) -> None:
    """CN-SQ-1: without the option squares have no colour and protect nobody."""
    place(duel, {"1-green": "e3", "0-yellow": "e2"})
    attack(duel, "0-yellow", "9D", "1-green")
    assert duel.pending is not None and duel.pending.intent == "wound"
    assert ENGINE.view(duel, None)["board"][0][0]["colour"] is None


def test_cn_sq_2_own_colour_only_pushed() -> None:
    """CN-SQ-2: a warrior on its own colour cannot be wounded, only pushed."""
    state = place(in_action(coloured_squares=True), {"1-green": "e3", "0-yellow": "e2"})
    refused(state, ev("attack", 0, warrior="0-yellow", card="9D", target="e3"), "CN-SQ-2")
    attack(state, "0-yellow", "9D", "e3", intent="push")
    ENGINE.apply(state, ev("no_defence", 1))
    assert state.warriors["1-green"].square == sq("e4")


def test_cn_sq_2_attacker_on_its_own_colour_wounds() -> None:
    """CN-SQ-2: unless the attacker stands on its own colour too (red on red d3)."""
    state = place(in_action(coloured_squares=True), {"1-green": "e3", "0-red": "d3"})
    attack(state, "0-red", "9D", "1-green")
    ENGINE.apply(state, ev("no_defence", 1))
    assert state.warriors["1-green"].square is None


def test_cn_sq_2_blocked_push_of_a_protected_warrior() -> None:
    """CN-SQ-2: the text's example: the square behind is taken, so it cannot be pushed."""
    state = place(
        in_action(coloured_squares=True), {"1-green": "e3", "0-yellow": "e2", "1-yellow": "e4"}
    )
    bad = ev("attack", 0, warrior="0-yellow", card="9D", target="e3", intent="push")
    refused(state, bad, "CN-SQ-2")


def test_cn_sq_2_no_shot_at_a_warrior_on_its_own_colour() -> None:
    """CN-SQ-2 / CN-YEL-2: a shot only wounds, so it cannot hit a warrior on its own colour."""
    state = place(
        in_action(coloured_squares=True, layout=["GGGGGGG"] * 7),
        {"1-green": "e4", "0-yellow": "e2"},
    )
    refused(state, ev("attack", 0, warrior="0-yellow", card="9D", target="e4"), "CN-SQ-2")


def test_cn_sq_3_centre_is_everyones_colour() -> None:
    """CN-SQ-3: the centre takes its occupant's colour: a yellow there is protected."""
    state = place(in_action(coloured_squares=True), {"1-yellow": "d4", "0-yellow": "c4"})
    refused(state, ev("attack", 0, warrior="0-yellow", card="9D", target="d4"), "CN-SQ-2")
    assert ENGINE.view(state, None)["board"][3][3]["warrior"]["on_own_colour"] is True


def test_cn_sq_4_custom_layout() -> None:
    """CN-SQ-4: a table's own board: here every square yellow."""
    state = place(
        in_action(coloured_squares=True, layout=["YYYYYYY"] * 7),
        {"1-yellow": "e3", "0-green": "e2"},
    )
    refused(state, ev("attack", 0, warrior="0-green", card="9D", target="e3"), "CN-SQ-2")


def test_cn_sq_4_layout_is_seven_by_seven() -> None:
    """CN-SQ-4: a layout of the wrong size or colours is refused with the options."""
    with pytest.raises(ValidationError):
        ENGINE.options_schema().load({"coloured_squares": True, "layout": ["RRR"]})
    with pytest.raises(ValidationError):
        ENGINE.options_schema().load({"coloured_squares": True, "layout": ["XXXXXXX"] * 7})


# --------------------------------------------------------------------------------------------
# Obstacles


def test_cn_obs_1_placed_after_deployment_not_next_to_enemies(with_obstacles) -> None:
    """CN-OBS-1: 3 obstacles each, first player first, never next to an enemy warrior."""
    state = with_obstacles
    assert state.phase == "obstacles" and ENGINE.turn(state) == 0
    refused(state, ev("obstacles", 0, squares=["f6", "c3", "d4"]), "CN-OBS-1")
    refused(state, ev("obstacles", 0, squares=["c3", "d4"]), "CN-OBS-1")
    ENGINE.apply(state, ev("obstacles", 0, squares=["b2", "c3", "d4"]))
    ENGINE.apply(state, ev("obstacles", 1, squares=["e5", "e3", "f6"]))
    assert state.phase == "discard" and len(state.obstacles) == 6 and state.hands == [7, 7]


def test_cn_obs_1_not_without_the_option() -> None:
    """CN-OBS-1: no obstacles without the option."""
    state = started()
    refused(state, ev("obstacles", 0, squares=["c3", "d4", "e5"]), "CN-OBS-1")


def test_cn_obs_2_obstacle_wounded_is_removed(duel: CrocoState) -> None:
    """CN-OBS-2: an obstacle never defends; wounded, it is removed at once."""
    duel.obstacles = [sq("d2")]
    verdict = attack(duel, "0-yellow", "9D", "d2")
    assert duel.obstacles == [] and duel.phase == "action" and duel.obstacles_eaten == 1
    assert verdict.kind == "ok"


def test_cn_obs_2_obstacle_pushed(duel: CrocoState) -> None:
    """CN-OBS-2: an obstacle can be pushed one square away."""
    duel.obstacles = [sq("c3")]
    attack(duel, "0-yellow", "9D", "c3", intent="push")
    assert duel.obstacles == [sq("b3")]


def test_cn_obs_2_obstacles_are_not_shot(duel: CrocoState) -> None:
    """CN-OBS-2: obstacles are attacked normally, from next to them, not shot."""
    duel.obstacles = [sq("d5")]
    refused(duel, ev("attack", 0, warrior="0-yellow", card="9D", target="d5"), "CN-OBS-2")


def test_cn_obs_3_no_passing_between_diagonal_obstacles() -> None:
    """CN-OBS-3: a warrior cannot step diagonally between two diagonal obstacles."""
    state = place(in_action(), {"0-red": "d4"})
    state.obstacles = [sq("e4"), sq("d5")]
    refused(state, ev("move", 0, warrior="0-red", card="9S", to="e5"), "CN-OBS-3")


def test_cn_obs_3_no_attack_between_diagonal_obstacles() -> None:
    """CN-OBS-3: nor attack an enemy on the other side of them."""
    state = place(in_action(), {"0-red": "d4", "1-red": "e5"})
    state.obstacles = [sq("e4"), sq("d5")]
    refused(state, ev("attack", 0, warrior="0-red", card="9H", target="1-red"), "CN-OBS-3")


def test_cn_obs_4_no_shot_just_behind_an_obstacle(duel: CrocoState) -> None:
    """CN-OBS-4: a yellow cannot shoot an enemy just behind an obstacle it touches."""
    place(duel, {"1-red": "f3"})
    duel.obstacles = [sq("e3")]
    refused(duel, ev("attack", 0, warrior="0-yellow", card="9D", target="1-red"), "CN-OBS-4")


def test_cn_obs_4_no_shot_between_two_obstacles(duel: CrocoState) -> None:
    """CN-OBS-4: nor shoot between two adjacent obstacles."""
    place(duel, {"1-red": "f5"})
    duel.obstacles = [sq("e3"), sq("d4")]
    duel.warriors["1-green"].square = sq("a5")
    refused(duel, ev("attack", 0, warrior="0-yellow", card="9D", target="1-red"), "CN-OBS-4")


def test_cn_obs_4_clear_shot_elsewhere(duel: CrocoState) -> None:
    """CN-OBS-4: an obstacle off the line of fire does not block."""
    place(duel, {"1-red": "f3"})
    duel.obstacles = [sq("c3")]
    assert attack(duel, "0-yellow", "9D", "1-red").rule == "CN-YEL-1"


# --------------------------------------------------------------------------------------------
# More players, faults


def test_cn_multi_1_two_to_four_players() -> None:
    """CN-MULTI-1: 2 to 4 players."""
    with pytest.raises(InvalidOptions) as err:
        new_state(5)
    assert err.value.rule == "CN-MULTI-1"


def test_cn_multi_1_clockwise_from_the_first_player() -> None:
    """CN-MULTI-1: at 3 players turns go clockwise from the first player."""
    state = in_action(3)
    seen = []
    for _ in range(3):
        seat = ENGINE.turn(state)
        seen.append(seat)
        state.phase = "action"
        ENGINE.apply(state, ev("end_turn", seat))
    assert seen == [0, 1, 2] and ENGINE.turn(state) == 0


def test_cn_multi_2_teams_at_four() -> None:
    """CN-MULTI-2: at 4, seats 0 and 2 against 1 and 3; partners are not attacked."""
    state = place(in_action(4, teams=True), {"0-red": "d3", "2-red": "d4"})
    refused(state, ev("attack", 0, warrior="0-red", card="9D", target="2-red"), "CN-ATK-4")
    sides = [(ln.side, ln.seats) for ln in ENGINE.standings(state).lines]
    assert sides == [("0+2", (0, 2)), ("1+3", (1, 3))]


def test_cn_multi_2_team_wins_when_both_enemies_are_out() -> None:
    """CN-MULTI-2: a team loses when neither partner has a warrior left."""
    state = in_action(4, teams=True)
    place(state, {f"{s}-{c}": None for s in (1, 3) for c in ("green", "yellow")})
    place(state, {"1-red": None, "3-red": "d4", "0-yellow": "d3"})
    attack(state, "0-yellow", "9D", "3-red")
    ENGINE.apply(state, ev("no_defence", 3))
    assert ENGINE.standings(state).winners == (0, 2)


def test_cn_multi_3_middle_player_starts_with_eight() -> None:
    """CN-MULTI-3: at 3 the player whose corner touches both others' starts with 8 cards."""
    state = new_state(3)
    for e in setup_events(3, corners=[(0, 0), (6, 0), (6, 6)]):
        ENGINE.apply(state, e)
    assert state.middle_seat == 1 and state.hands == [7, 8, 7]
    assert state.stock == 54 - 22


def test_cn_multi_3_the_middle_player_with_eight_draws_nothing() -> None:
    """CN-MULTI-3 / CN-DRAW-1: the middle player's 8 cards are over 7: its draw is 0, not
    refused, and one card more still cannot be drawn."""
    state = new_state(3)
    for e in setup_events(3, corners=[(0, 0), (6, 0), (6, 6)]):
        ENGINE.apply(state, e)
    ENGINE.apply(state, ev("end_turn", 0))
    refused(state, ev("draw", 1, count=1), "CN-DRAW-1")
    ENGINE.apply(state, ev("draw", 1, count=0))
    assert state.hands[1] == 8 and state.phase == "action"


def test_cn_miss_1_host_reports_a_fault() -> None:
    """CN-MISS-1: the host reports a fault; the rules give no penalty, it is recorded (every
    report accepted as logged: option ``check_reports`` off, the reading before it)."""
    state = in_action(check_reports=False)
    verdict = ENGINE.apply(state, ev("missplay", 1, by_host=True, rule="CN-DRAW-1"))
    assert verdict.kind == "missplay" and verdict.rule == "CN-DRAW-1"


def test_cn_miss_1_only_the_host_and_known_faults() -> None:
    """CN-MISS-1: a seat cannot log a missplay, nor the host one the rules do not know."""
    state = in_action()
    refused(state, ev("missplay", 1, rule="CN-DRAW-1"), "CN-MISS-1")
    refused(state, ev("missplay", None, by_host=True, rule="XX-1"), "CN-MISS-1")


# --------------------------------------------------------------------------------------------
# Rulings at the edges


def test_cn_setup_1_jokers_tie_for_first_player() -> None:
    """CN-SETUP-1: two jokers drawn tie (only a defending joker beats a joker)."""
    state = new_state()
    ENGINE.apply(state, ev("first_player", None, draws={"0": "JK", "1": "JK"}))
    assert state.contenders == [0, 1] and state.first_seat is None


def test_cn_obs_2_obstacle_that_cannot_go_back_is_removed() -> None:
    """CN-OBS-2: an obstacle pushed against the edge is wounded instead, and removed."""
    state = place(in_action(), {"0-yellow": "d6"})
    state.obstacles = [sq("d7")]
    verdict = attack(state, "0-yellow", "9D", "d7", intent="push")
    assert state.obstacles == []
    assert msg("croconounours.obstacle.eaten_unpushable", square="d7") in verdict.effects


def test_cn_obs_3_no_push_between_diagonal_obstacles() -> None:
    """CN-OBS-3, option ``diagonal_obstacles_stop_pushes``: a diagonal push cannot pass between
    two obstacles: the target is wounded."""
    state = place(in_action(diagonal_obstacles_stop_pushes=True), {"0-yellow": "c3", "1-red": "d4"})
    state.obstacles = [sq("e4"), sq("d5")]
    attack(state, "0-yellow", "9H", "1-red", intent="push")
    ENGINE.apply(state, ev("no_defence", 1))
    assert state.warriors["1-red"].square is None


def test_cn_obs_3_no_dodge_between_diagonal_obstacles(duel: CrocoState) -> None:
    """CN-OBS-3: nor can a dodge pass between them."""
    duel.obstacles = [sq("e4"), sq("d5")]
    duel.warriors["1-red"].square = sq("a7")
    attack(duel, "0-yellow", "9D", "1-green")
    refused(duel, ev("defend", 1, kind="dodge", cards=["10S"], to="e5"), "CN-OBS-3")


def test_cn_multi_2_four_without_teams() -> None:
    """CN-MULTI-2: with teams off, four players each play for themselves."""
    state = in_action(4, teams=False)
    assert [ln.side for ln in ENGINE.standings(state).lines] == ["0", "1", "2", "3"]
    place(state, {"0-red": "d3", "2-red": "d4"})
    assert attack(state, "0-red", "9D", "2-red").rule == "CN-ATK-1"


def test_cn_card_2_view_is_json_and_the_same_for_everyone() -> None:
    """CN-CARD-2: nothing secret is known to the engine: every viewer sees the same table."""
    import json

    state = in_action(obstacles=False, coloured_squares=True)
    public = ENGINE.view(state, None)
    assert json.loads(json.dumps(public)) == public
    assert ENGINE.view(state, 0) == public == ENGINE.view(state, "host")
    assert public["layout"][3] == "RYR*RYR"


# --------------------------------------------------------------------------------------------
# The text's literal readings by default; the earlier readings as options


def test_cn_draw_1_by_default_a_player_may_draw_fewer() -> None:
    """CN-DRAW-1: « jusqu'à un maximum de 3 cartes »: with 4 in hand, drawing 1 (or none) is
    allowed by default; over 7 is not."""
    state = started()
    ENGINE.apply(state, ev("discard", 0, cards=["2C", "5H"]))
    refused(state, ev("draw", 0, count=3), "CN-DRAW-1")
    assert ENGINE.apply(state, ev("draw", 0, count=1)).kind == "ok"
    assert state.hands[0] == 6 and state.phase == "action"


def test_cn_obs_4_one_obstacle_beside_an_off_line_shot_does_not_block(
    duel: CrocoState,
) -> None:
    """CN-OBS-4: d3 to f2 passes beside e3: the target is not « juste derrière » it."""
    place(duel, {"1-red": "f2"})
    duel.obstacles = [sq("e3")]
    assert attack(duel, "0-yellow", "9D", "1-red").rule == "CN-YEL-1"


def test_cn_obs_4_two_adjacent_obstacles_block_an_off_line_shot(duel: CrocoState) -> None:
    """CN-OBS-4: « ni tirer entre 2 obstacles adjacents »: e3 and e2 both stop d3 to f2."""
    place(duel, {"1-red": "f2"})
    duel.obstacles = [sq("e3"), sq("e2")]
    refused(duel, ev("attack", 0, warrior="0-yellow", card="9D", target="1-red"), "CN-OBS-4")


def test_cn_obs_4_option_one_obstacle_beside_blocks() -> None:
    """CN-OBS-4, option ``shot_past_one_obstacle_blocked`` (the earlier reading): e3 alone
    stops d3 to f2."""
    duel = place(in_action(shot_past_one_obstacle_blocked=True),
                 {"0-yellow": "d3", "1-green": "d4", "1-red": "f2"})
    duel.obstacles = [sq("e3")]
    refused(duel, ev("attack", 0, warrior="0-yellow", card="9D", target="1-red"), "CN-OBS-4")


def test_cn_obs_3_a_push_may_pass_between_diagonal_obstacles() -> None:
    """CN-OBS-3: « passer entre eux deux lors de son déplacement »: the ban is on moving; a
    push from c3 sends 1-red from d4 to e5 between the obstacles on e4 and d5."""
    state = place(in_action(), {"0-yellow": "c3", "1-red": "d4"})
    state.obstacles = [sq("e4"), sq("d5")]
    attack(state, "0-yellow", "9H", "1-red", intent="push")
    verdict = ENGINE.apply(state, ev("no_defence", 1))
    assert verdict.rule == "CN-PUSH-1" and state.warriors["1-red"].square == sq("e5")


def test_cn_multi_2_at_four_teams_are_a_choice_not_the_default() -> None:
    """CN-MULTI-2: « vous pouvez choisir de jouer par équipe »: by default four players each
    play for themselves; teams are the option ``teams``."""
    state = new_state(4)
    assert state.side_of_seat == (0, 1, 2, 3)
    assert new_state(4, teams=True).side_of_seat == (0, 1, 0, 1)


def test_cn_camp_1_reserve_is_the_candies_left_in_each_packet(duel: CrocoState) -> None:
    """CN-CAMP-1: « des Warriors en réserve »: the candies still in the packets: seat 1 brought
    10, its red is eaten: 9 left; seat 0 lost none: 12."""
    state = place(in_action(packets={"0": 12, "1": 10}),
                  {"0-yellow": "d3", "1-green": "d4", "1-red": "e4"})
    attack(state, "0-yellow", "9H", "1-red")
    ENGINE.apply(state, ev("no_defence", 1))
    lines = ENGINE.standings(state).lines
    assert lines[0].detail["reserve"] == {"0": 12} and lines[1].detail["reserve"] == {"1": 9}
    assert sorted(lines[1].detail["survivors"]["1"]) == ["green", "yellow"]


def test_cn_camp_1_a_packet_that_cannot_field_a_team_ends_the_campaign() -> None:
    """CN-CAMP-1: « jusqu'à épuisement de vos paquets »: 2 candies cannot field 3 warriors."""
    with pytest.raises(InvalidOptions) as err:
        new_state(packets={"0": 12, "1": 2})
    assert err.value.rule == "CN-CAMP-1" and err.value.where == "options.packets"


def test_cn_miss_1_a_report_needs_its_occasion() -> None:
    """CN-MISS-1: seat 1 has not had a turn: it cannot have drawn too many nor played a card
    without its action; nobody has acted, so no phases out of order."""
    state = in_action()
    refused(state, ev("missplay", 1, by_host=True, rule="CN-DRAW-1"), "CN-DRAW-1")
    refused(state, ev("missplay", 1, by_host=True, rule="CN-ACT-1"), "CN-ACT-1")
    refused(state, ev("missplay", 0, by_host=True, rule="CN-TURN-2"), "CN-TURN-2")
    assert ENGINE.apply(state, ev("missplay", 0, by_host=True, rule="CN-DRAW-1")).kind == "missplay"


def test_cn_miss_1_no_fault_before_the_set_up_ends() -> None:
    """CN-MISS-1: before the hands are dealt no turn has been played: no fault to report."""
    state = new_state()
    refused(state, ev("missplay", None, by_host=True, rule="CN-ACT-1"), "CN-ACT-1")


def test_cn_miss_1_phases_out_of_order_after_an_action(duel: CrocoState) -> None:
    """CN-MISS-1 / CN-TURN-2: once seat 0 has attacked, a draw after acting can be reported."""
    attack(duel, "0-yellow", "9D", "1-green")
    ENGINE.apply(duel, ev("no_defence", 1))
    verdict = ENGINE.apply(duel, ev("missplay", 0, by_host=True, rule="CN-TURN-2"))
    assert verdict.kind == "missplay" and verdict.rule == "CN-TURN-2"

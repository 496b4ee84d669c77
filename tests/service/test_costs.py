"""What a costly move would do, judged on a copy of the table (``costs.judge_cost``): the engine
names the moves that always ask, the rest comes from the verdict, the round and the totals."""

from __future__ import annotations

import copy

from referee.engines import REGISTRY
from referee.engines.croconounours import ENGINE as CROCO
from referee.engines.plouc import ENGINE as PLOUC
from referee.service.costs import judge_cost
from tests.engines.croconounours.helpers import ev, in_action, place
from tests.engines.plouc.helpers import CHARLOTTE, DAVID, ZOUHAIRE, new_table


def test_every_engines_costly_moves_are_moves_of_that_game() -> None:
    for engine in REGISTRY.values():
        assert engine.costly_moves <= set(engine.event_types), engine.id


def test_judging_the_cost_leaves_the_table_as_it_was() -> None:
    """PL-ZERO-1: a slap is judged on a copy; the table itself is untouched."""
    t = new_table(turn_up="2C", zero=True)
    t.draw(ZOUHAIRE)
    before = copy.deepcopy(t.state)
    cost = judge_cost(PLOUC, copy.deepcopy(t.state), t.event("slap", DAVID, {"with_seat": 0}))
    assert cost is not None and cost.verdict["rule"] == "PL-ZERO-1"
    assert t.state == before


def test_plouc_slap_swaps_hands_so_it_asks() -> None:
    """PL-ZERO-1: a slap swaps two whole hands: confirmed before it is logged."""
    t = new_table(turn_up="2C", zero=True)
    t.draw(ZOUHAIRE)
    cost = judge_cost(PLOUC, t.state, t.event("slap", DAVID, {"with_seat": ZOUHAIRE}))
    assert cost is not None and cost.type == "slap"


def test_plouc_an_ordinary_play_does_not_ask() -> None:
    """PL-PLAY-1: laying a card of the suit is not costly: one tap."""
    t = new_table(turn_up="5H")
    assert judge_cost(PLOUC, t.state, t.event("play", ZOUHAIRE, {"cards": ["9H"]})) is None


def test_plouc_the_move_that_ends_the_match_asks_and_says_so() -> None:
    """PL-END-1: « plouc » on the last card ends the match: the table confirms it."""
    t = new_table(turn_up="3C", seats=3)
    for seat, cards in ((ZOUHAIRE, ["5C"]), (CHARLOTTE, ["5D"])):
        t.play(seat, *cards)
    t.state.seats[DAVID].hand = 1
    t.play(DAVID, "8D")
    cost = judge_cost(PLOUC, t.state, t.event("announce", DAVID, {"word": "plouc"}))
    assert cost is not None and cost.match_ends and cost.outcome


def test_croconounours_no_defence_asks() -> None:
    """CN-WOUND-1: without a defence the attacked warrior is eaten: confirmed first."""
    duel = place(in_action(), {"0-yellow": "d3", "1-green": "d4", "1-red": "e4"})
    CROCO.apply(duel, ev("attack", 0, warrior="0-yellow", card="9H", target="1-red"))
    cost = judge_cost(CROCO, duel, ev("no_defence", 1))
    assert cost is not None and cost.verdict["rule"] == "CN-WOUND-1"
    assert [t.after for t in cost.totals] == [2]  # warriors standing for seat 1


def test_croconounours_an_attack_itself_does_not_ask() -> None:
    """CN-ATK-2: the attack waits for the defence: nothing is lost yet."""
    duel = place(in_action(), {"0-yellow": "d3", "1-green": "d4", "1-red": "e4"})
    move = ev("attack", 0, warrior="0-yellow", card="9H", target="1-red", intent="wound")
    assert judge_cost(CROCO, duel, move) is None

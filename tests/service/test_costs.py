"""What a costly move would do, judged on a copy of the table (``costs.judge_cost``): the engine
names the moves that always ask, the rest comes from the verdict, the round and the totals."""

from __future__ import annotations

import copy
import random

from referee.engines import REGISTRY
from referee.engines.citroncoco import ENGINE as CITRON
from referee.engines.croconounours import ENGINE as CROCO
from referee.engines.neurotrio import ENGINE as NEURO
from referee.engines.plouc import ENGINE as PLOUC
from referee.service.costs import judge_cost
from tests.engines.citroncoco.helpers import Table as CitronTable
from tests.engines.citroncoco.helpers import end_round_by_call, pick_unseen, unseen_pool
from tests.engines.croconounours.helpers import ev, in_action, place
from tests.engines.neurotrio.helpers import Table as NeuroTable
from tests.engines.neurotrio.helpers import make_deal, place_first, unblock
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


# --- « Il termine la manche »: said only of a move that ends a round -----------------------------


def test_cc_end_2_the_reveal_that_scores_the_round_says_it_ends_the_round() -> None:
    """CC-END-2: the reveal scores the round: the table confirms it, told it ends the round."""
    table = CitronTable(CITRON, 3)
    end_round_by_call(table, caller=0)
    pool = unseen_pool(CITRON, table.state)
    hands = [[pick_unseen(random.Random(seat), pool) for _ in hand]
             for seat, hand in enumerate(table.state.hands)]
    cost = judge_cost(CITRON, table.state, table.event("reveal", None, hands=hands))
    assert cost is not None and cost.round_ends and not cost.match_ends


def test_cc_turn_1_an_ordinary_discard_ends_no_round() -> None:
    """CC-TURN-4: a discard mid-round is one tap; no round ends with it."""
    table = CitronTable(CITRON, 3)
    table.play("draw", 0, source="stock")
    assert judge_cost(CITRON, table.state, table.event("discard", 0, value=5)) is None


def test_nt_dom_1_a_placement_that_ends_a_lap_asks_nothing() -> None:
    """NT-DOM-1: a Neurotrio game is one round; a placement closing a lap of the table (a line
    of the chart) ends no round, so it is one tap."""
    table = NeuroTable(make_deal(random.Random(5), 4))
    table.start()
    closing = None
    for _ in range(200):
        seat = NEURO.turn(table.state)
        for card, r, c, _ in table.spots(seat) if seat is not None else []:
            event = table.event("place", seat, card=card, row=r, col=c)
            after = NEURO.judge(table.state, event).after
            if len(after.laps) > len(table.state.laps) and after.phase == "play":
                closing = event
                break
        if closing is not None:
            break
        if not unblock(table):
            place_first(table)
    assert closing is not None
    assert judge_cost(NEURO, table.state, closing) is None


def test_nt_pass_1_a_pass_asks_for_its_point_but_ends_no_round() -> None:
    """NT-PASS-1: a pass costs a point, so the table confirms it; it ends no round."""
    table = NeuroTable(make_deal(random.Random(5), 4))
    table.start()
    seat = NEURO.turn(table.state)
    cost = judge_cost(NEURO, table.state, table.event("pass", seat))
    assert cost is not None and not cost.round_ends and not cost.match_ends


def test_cn_turn_1_finishing_the_turn_that_closes_a_table_turn_asks_nothing() -> None:
    """CN-TURN-1: « Finir le tour » is one tap, the second of a table turn (a line of the chart)
    too: a CrocoNounours game is one round."""
    state = in_action()
    CROCO.apply(state, ev("end_turn", 0))
    closing = ev("end_turn", 1)
    assert len(CROCO.judge(state, closing).after.rounds) > len(state.rounds)
    assert judge_cost(CROCO, state, closing) is None

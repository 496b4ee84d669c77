"""CrocoNounours: what each seat may log now (``legal_moves``), in the one shape every game
shares: the squares a warrior reaches, the targets it strikes, where a dodge steps."""

from __future__ import annotations

import random
from typing import Any, Literal

import pytest

from referee.engines.base import HOST, Event
from referee.engines.croconounours.engine import ENGINE, CrocoState
from referee.engines.moves import LegalMove
from tests.engines.croconounours.helpers import ev, in_action, legal_event, new_state, place


def offered(state: CrocoState, seat: int | Literal["host"], move_type: str) -> LegalMove | None:
    found = [m for m in ENGINE.legal_moves(state, seat) if m.type == move_type]
    return found[0] if found else None


def test_cn_setup_1_the_host_and_the_contenders_may_log_the_first_player() -> None:
    """CN-SETUP-1: the first player is one of the seats drawing; the cards drawn stay free."""
    state = new_state(3)
    move = offered(state, "host", "first_player")
    assert move is not None and move.seat is None
    assert move.choices() == {"seat": [0, 1, 2]} and move.free == ("draws",)


def test_cn_setup_3_at_two_players_the_second_deploys_in_the_opposite_corner() -> None:
    """CN-SETUP-2, CN-SETUP-3: each offered deployment is one the engine accepts; once a1 is
    taken, only g7 is offered to the opponent."""
    state = new_state(2)
    ENGINE.apply(state, ev("first_player", None, seat=0))
    first = offered(state, 0, "deploy")
    assert first is not None and set(first.choices()["corner"]) == {"a1", "g1", "g7", "a7"}
    assert offered(state, 1, "deploy") is None
    ENGINE.apply(state, Event("deploy", 0, first.payloads[0]))
    second = offered(state, 1, "deploy")
    assert second is not None
    assert second.choices()["corner"] == ["g7"]


def test_cn_atk_1_attacks_offer_the_enemy_in_reach_and_both_intents() -> None:
    """CN-ATK-1: a warrior next to an enemy may wound or push it; the card stays free."""
    state = place(in_action(), {"0-red": "d4", "1-green": "d5"})
    move = offered(state, 0, "attack")
    assert move is not None and move.free == ("card",)
    assert {"warrior": "0-red", "target": "d5", "intent": "wound"} in move.payloads
    assert {"warrior": "0-red", "target": "d5", "intent": "push"} in move.payloads
    assert offered(state, 1, "attack") is None  # not seat 1's turn


def test_cn_yel_2_a_shot_is_offered_to_wound_only() -> None:
    """CN-YEL-1, CN-YEL-2: a yellow warrior shoots two squares away, to wound only."""
    state = place(in_action(), {"0-yellow": "d3", "1-red": "d5"})
    move = offered(state, 0, "attack")
    assert move is not None
    shots = [p for p in move.payloads if p["target"] == "d5"]
    assert shots == [{"warrior": "0-yellow", "target": "d5", "intent": "wound"}]


def test_cn_move_1_steps_offer_the_free_squares_around() -> None:
    """CN-MOVE-1, CN-MOVE-2: a warrior alone in the centre reaches its eight neighbours."""
    state = place(in_action(), {"0-red": "d4"})
    move = offered(state, 0, "move")
    assert move is not None
    reached = sorted(p["to"] for p in move.payloads if p["warrior"] == "0-red")
    assert reached == ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]


def test_cn_def_1_the_attacked_seat_is_offered_dodges_and_parry() -> None:
    """CN-DEF-1: the attacked seat answers: dodge to the squares the view names, parry, or
    no defence; the attacker is offered nothing meanwhile."""
    state = place(in_action(), {"0-red": "d4", "1-green": "d5"})
    ENGINE.apply(state, ev("attack", 0, warrior="0-red", card="9D", target="1-green"))
    defend = offered(state, 1, "defend")
    assert defend is not None and offered(state, 1, "no_defence") is not None
    dodges = [p["to"] for p in defend.payloads if p["kind"] == "dodge"]
    assert dodges == ENGINE.view(state, 1)["pending_attack"]["dodge_to"]
    assert {"kind": "parry"} in defend.payloads
    assert ENGINE.legal_moves(state, 0) == ()


def test_cn_end_1_nothing_is_offered_once_the_match_is_over() -> None:
    """CN-END-1: after the last warrior of a side is eaten, no seat may log anything."""
    state = place(in_action(), {"0-yellow": "d3", "1-red": "d4", "1-green": None,
                                "1-yellow": None})
    ENGINE.apply(state, ev("attack", 0, warrior="0-yellow", card="9D", target="1-red"))
    ENGINE.apply(state, ev("no_defence", 1))
    assert ENGINE.legal_moves(state, 0) == () and ENGINE.legal_moves(state, 1) == ()


def completed(move: LegalMove, event: Event) -> dict[str, Any]:
    """The event's payload cut to the fields the offer enumerates."""
    return {k: v for k, v in event.payload.items() if k not in move.free}


@pytest.mark.parametrize("seed", range(6))
def test_every_move_of_a_random_legal_match_was_offered(seed: int) -> None:
    """What a legal match logs is always among the offers of its seat, and every complete
    payload offered is one the engine accepts (CN-TURN-1 to CN-END-1)."""
    rng = random.Random(seed)
    state = new_state(2 + seed % 3, obstacles=seed % 2 == 0)
    for _ in range(120):
        event = legal_event(state, rng)
        if event is None:
            break
        who: int | Literal["host"] = HOST if event.seat is None else event.seat
        moves = [m for m in ENGINE.legal_moves(state, who) if m.type == event.type
                 and m.seat == event.seat]
        assert moves, f"{event.type} by {event.seat} was not offered"
        if event.type in ("move", "attack", "defend", "draw", "deploy"):
            assert any(completed(m, event) in [dict(p) for p in m.payloads]
                       or event.type == "defend" and event.payload["kind"] == "parry"
                       for m in moves), event
        for m in moves:
            if not m.free:
                assert all(ENGINE.possible(state, Event(m.type, m.seat, p, by_host=m.seat is None))
                           for p in m.payloads)
        ENGINE.apply(state, event)

"""Helpers for the CrocoNounours tests: events, a started match, and a legal-move generator."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from referee.engines.base import Event, Impossible
from referee.engines.cards import Card, Suit
from referee.engines.croconounours import board
from referee.engines.croconounours.engine import (
    DODGE_SUIT,
    ENGINE,
    HAND_LIMIT,
    MAX_DRAW,
    CrocoState,
    can_be_pushed,
    card_value,
    draw_needed,
    is_free,
    out_of_sight,
    protected,
    push_square,
    reach,
    team_colours,
)
from referee.engines.croconounours.state import WARRIOR_COLOURS
from tests.engines.contract import assert_impossible_changes_nothing, load_payload

DEPLOY = {
    (0, 0): {"a1": "red", "a2": "green", "b1": "yellow"},
    (6, 6): {"g7": "red", "g6": "green", "f7": "yellow"},
    (6, 0): {"g1": "red", "g2": "green", "f1": "yellow"},
    (0, 6): {"a7": "red", "a6": "green", "b7": "yellow"},
}
CORNER_ORDER = [(0, 0), (6, 6), (6, 0), (0, 6)]


def ev(
    type_: str, seat: int | None = None, /, seq: int = 0, by_host: bool = False, **payload: Any
) -> Event:
    """An event whose payload went through the type's schema, as the service does."""
    return Event(type_, seat, load_payload(ENGINE, type_, payload), seq=seq, by_host=by_host)


def new_state(seats: int = 2, **options: Any) -> CrocoState:
    return ENGINE.setup(ENGINE.options_schema().load(options), seats)


def setup_events(seats: int = 2, corners: list[tuple[int, int]] | None = None) -> list[Event]:
    """Seat 0 first, each seat deploying red in its corner (a1, g7, g1, a7 in turn)."""
    corners = corners or CORNER_ORDER[:seats]
    events = [ev("first_player", None, seat=0)]
    for s, corner in enumerate(corners):
        events.append(ev("deploy", s, corner=board.name(corner), warriors=DEPLOY[corner]))
    return events


def started(seats: int = 2, **options: Any) -> CrocoState:
    """A match past its set-up: seat 0 to play, in its discard phase, hands dealt."""
    state = new_state(seats, **options)
    for e in setup_events(seats):
        ENGINE.apply(state, e)
    return state


def in_action(seats: int = 2, **options: Any) -> CrocoState:
    """Seat 0 has drawn (its hand is 7) and may act."""
    state = started(seats, **options)
    state.phase = "action"
    return state


def place(state: CrocoState, where: Mapping[str, str | None]) -> CrocoState:
    """Put warriors on squares (None: off the board, eliminated) to stage a fight."""
    for wid, sq in where.items():
        state.warriors[wid].square = None if sq is None else board.parse_square(sq)
    return state


def sq(text: str) -> tuple[int, int]:
    square = board.parse_square(text)
    assert square is not None
    return square


# --------------------------------------------------------------------------------------------
# A legal-move generator for the playouts: the engine cannot see the hands, so any card the pack
# still hides may be in the hand of the seat that plays it.


def _hidden_cards(state: CrocoState) -> list[str]:
    return sorted(c for c in state.deck_counts for _ in range(out_of_sight(state, c)))


def _pick(rng: random.Random, state: CrocoState, want: Any, n: int = 1) -> list[str] | None:
    pool = [c for c in _hidden_cards(state) if want(c)]
    if len(pool) < n:
        return None
    return rng.sample(pool, n)


def _suit(card: str) -> str:
    return "J" if card == "JK" else card[-1]


def legal_event(state: CrocoState, rng: random.Random) -> Event | None:
    """One random move the engine must accept, or None once the match is over."""
    turn = ENGINE.turn(state)
    if state.phase == "over":
        return None
    unchosen = [s for s in range(state.seats) if team_colours(state, s) is None]
    if unchosen and not state.corners:
        return ev("choose_team", unchosen[0], colours=rng.choices(WARRIOR_COLOURS, k=3))
    if state.phase == "first_player":
        return ev("first_player", None, seat=rng.choice(state.contenders))
    if state.phase == "deploy":
        free = [c for c in board.CORNERS if c not in state.corners.values()]
        if state.seats == 2 and state.corners:
            free = [board.opposite_corner(next(iter(state.corners.values())))]
        corner = rng.choice(free)
        squares = list(board.corner_squares(corner))
        colours = list(team_colours(state, turn) or ())
        rng.shuffle(colours)
        return ev(
            "deploy",
            turn,
            corner=board.name(corner),
            warriors={board.name(s): c for s, c in zip(squares, colours, strict=False)},
        )
    if state.phase == "obstacles":
        enemy = [
            w.square
            for w in state.warriors.values()
            if w.square and state.side_of_seat[w.seat] != state.side_of_seat[turn]
        ]
        free = [
            (c, r)
            for c in range(7)
            for r in range(7)
            if is_free(state, (c, r)) and all(board.distance(x, (c, r)) > 1 for x in enemy)
        ]
        picks = rng.sample(free, state.obstacles_per_side)
        return ev("obstacles", turn, squares=[board.name(s) for s in picks])
    hand = state.hands[turn]
    if state.phase == "defence":
        return _defence(state, rng, turn)
    if state.phase == "discard" and rng.random() < 0.4 and hand:
        n = rng.randint(0, min(hand, 3))
        cards = _pick(rng, state, lambda c: True, n)
        if cards is not None:
            return ev("discard", turn, cards=cards)
    if state.phase in ("discard", "draw") and state.free_draw:
        most = min(MAX_DRAW, max(0, HAND_LIMIT - hand), state.stock + len(state.discard))
        if most and rng.random() < 0.9:  # « jusqu'à un maximum de 3 »: often all, sometimes fewer
            return ev("draw", turn, count=rng.choice([most, most, rng.randint(0, most)]))
    if state.phase in ("discard", "draw") and draw_needed(state, turn):
        return ev("draw", turn, count=draw_needed(state, turn))
    return _action(state, rng, turn)


def _action(state: CrocoState, rng: random.Random, seat: int) -> Event:
    if state.hands[seat] == 0 or rng.random() < 0.12:
        return ev("end_turn", seat)
    mine = [w for w in state.warriors.values() if w.seat == seat and w.standing]
    w = rng.choice(mine)
    options = reach(state, w)
    choices = [(k, t) for k, ts in options.items() for t in ts]
    if not choices:
        return ev("end_turn", seat)
    kind, target = rng.choice(choices)
    suit = {"club": "C", "spade": "S", "diamond": "D", "heart": "H", "shot": "HD"}[kind]
    card = _pick(rng, state, lambda c: _suit(c) in suit + "J")
    if card is None:
        return ev("end_turn", seat)
    if kind in ("club", "spade"):
        return ev("move", seat, warrior=w.id, card=card[0], to=target)
    intent = "wound" if kind == "shot" else rng.choice(["wound", "push"])
    victim = next((v for v in state.warriors.values() if v.square == sq(target)), None)
    if victim is not None and protected(state, victim, w):
        # coloured squares: only a push, and only where the square behind is free
        intent = "push"
        if kind == "shot" or not can_be_pushed(
            state, sq(target), push_square(w.square, sq(target))
        ):
            return ev("end_turn", seat)
    return ev("attack", seat, warrior=w.id, card=card[0], target=target, intent=intent)


def _defence(state: CrocoState, rng: random.Random, seat: int) -> Event:
    attack = state.pending
    assert attack is not None
    target = state.warriors[attack.target]
    roll = rng.random()
    hand = state.hands[seat]
    if roll < 0.4 or hand == 0:
        return ev("no_defence", seat)
    if attack.shot:
        options = reach(state, target)
        dests = [("C", s) for s in options["club"]] + [("S", s) for s in options["spade"]]
        if not dests:
            return ev("no_defence", seat)
        suit, to = rng.choice(dests)
        card = _pick(rng, state, lambda c: _suit(c) in suit + "J")
        if card is None:
            return ev("no_defence", seat)
        return ev("defend", seat, kind="dodge", cards=card, to=to)
    attacker = state.warriors[attack.attacker]
    beaten = card_value(Card.parse(attack.card))
    single = rng.random() < 0.5  # one card beating the attack, or cards of any value

    def cards_of(suit: str, n: int) -> list[str] | None:
        if single:
            higher = _pick(
                rng, state, lambda c: _suit(c) in suit + "J" and _value(c) > beaten and c != "JK"
            )
            rest = _pick(rng, state, lambda c: _suit(c) == suit and c not in (higher or []), n - 1)
            return None if higher is None or rest is None else higher + rest
        return _pick(rng, state, lambda c: _suit(c) in suit + "J", n + 1)

    if roll < 0.7:
        dodge = DODGE_SUIT[Suit(attack.suit)].value
        dests = reach(state, target)["club" if dodge == "C" else "spade"]
        cards = cards_of(dodge, 1)
        if not dests or cards is None or hand < len(cards):
            return ev("no_defence", seat)
        return ev("defend", seat, kind="dodge", cards=cards, to=rng.choice(dests))
    cards = cards_of(attack.suit, 2 if attacker.colour == "red" else 1)
    if cards is None or hand < len(cards):
        return ev("no_defence", seat)
    return ev("defend", seat, kind="parry", cards=cards)


def _value(card: str) -> int:
    return card_value(Card.parse(card), defending=True)


def refused(state: CrocoState, event: Event, rule: str) -> Impossible:
    """The move is refused under ``rule`` and the state is left exactly as it was."""
    err = assert_impossible_changes_nothing(ENGINE, state, event)
    assert err.rule == rule, err.reason
    return err


def attack(state: CrocoState, warrior: str, card: str, target: str, intent: str = "wound"):
    return ENGINE.apply(
        state, ev("attack", 0, warrior=warrior, card=card, target=target, intent=intent)
    )

"""What each seat may log now, in the one shape every game shares (``LegalMove``): the squares a
warrior reaches, the targets it strikes and how, where a dodge may step, the corners and
placements of a deployment. Cards stay free: the engine never knows a hand."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations, product
from typing import Any

from referee.engines.croconounours import board
from referee.engines.croconounours.board import Square
from referee.engines.croconounours.pack import HAND_LIMIT, MAX_DRAW
from referee.engines.croconounours.rules import REGISTRY, REPORTABLE_MISSPLAYS, table
from referee.engines.croconounours.state import WARRIOR_COLOURS, CrocoState, Warrior
from referee.engines.croconounours.table import (
    PLAYING,
    can_be_pushed,
    draw_needed,
    occupant,
    protected,
    push_square,
    reach,
    team_colours,
    whose_turn,
)
from referee.engines.croconounours.view import dodge_squares
from referee.engines.moves import LegalMove, legal

Payloads = list[dict[str, Any]]


def offers(state: CrocoState, seat: int | None) -> tuple[LegalMove, ...]:
    """The moves open to ``seat`` now (``None``: the host's own, for the table)."""
    if seat is None:
        return table_offers(state)
    if state.phase == "over":
        return ()
    return setup_offers(state, seat) + play_offers(state, seat)


def trying(state: CrocoState, move_type: str, seat: int | None, payloads: Payloads,
           free: tuple[str, ...] = ()) -> tuple[LegalMove, ...]:
    return REGISTRY.trying(state, table(state), move_type, seat, payloads, free)


def table_offers(state: CrocoState) -> tuple[LegalMove, ...]:
    """The host's own: the first player (CN-SETUP-1) and the faults it reports."""
    first: tuple[LegalMove, ...] = ()
    if state.phase == "first_player":
        first = (legal("first_player", [{"seat": s} for s in state.contenders],
                       free=("draws",)),)
    return first + trying(state, "missplay", None,
                          [{"rule": r} for r in REPORTABLE_MISSPLAYS], ("note",))


def setup_offers(state: CrocoState, seat: int) -> tuple[LegalMove, ...]:
    """Choosing a team in secret, deploying, placing obstacles."""
    found = trying(state, "choose_team", seat, team_choices())
    if state.phase == "first_player" and seat in state.contenders:
        found += (legal("first_player", [{"seat": s} for s in state.contenders], seat=seat,
                        free=("draws",)),)
    if state.phase == "deploy" and is_to_play(state, seat):
        found += trying(state, "deploy", seat, deployments(state, seat))
    if state.phase == "obstacles" and is_to_play(state, seat):
        found += (legal("obstacles", seat=seat, free=("squares",)),)
    return found


def play_offers(state: CrocoState, seat: int) -> tuple[LegalMove, ...]:
    """A turn's moves for the seat to play; the defence for the seat attacked."""
    if state.phase == "defence" and state.pending is not None:
        return defences(state) if is_to_play(state, seat) else ()
    if state.phase in PLAYING and state.turn_seat == seat:
        return turn_moves(state, seat)
    return ()


def at(text: str) -> Square:
    """A square the engine named itself."""
    square = board.parse_square(text)
    assert square is not None
    return square


def team_choices() -> Payloads:
    """CN-TEAM-2: three colours, repeats allowed, in any order (each order may be logged)."""
    return [{"colours": list(c)} for c in product(WARRIOR_COLOURS, repeat=3)]


def deployments(state: CrocoState, seat: int) -> Payloads:
    """Every corner and every way to set the seat's warriors on it and straight next to it
    (the engine keeps those it would accept)."""
    team = team_colours(state, seat)
    if team is None:
        return []
    out: Payloads = []
    for corner in board.CORNERS:
        squares = board.corner_squares(corner)
        for others in permutations(squares[1:], len(team) - 1):
            for colours in sorted(set(permutations(team))):
                placed = dict(zip((corner, *others), colours, strict=True))
                out.append({"corner": board.name(corner),
                            "warriors": {board.name(s): c for s, c in placed.items()}})
    return out


def draw_counts(state: CrocoState, seat: int) -> Payloads:
    """CN-DRAW-1: 3, or fewer to stay at 7; any count up to that with free_draw."""
    if not state.free_draw:
        return [{"count": draw_needed(state, seat)}]
    most = min(MAX_DRAW, max(0, HAND_LIMIT - state.hands[seat]), state.stock + len(state.discard))
    return [{"count": n} for n in range(most + 1)]


def may_act(state: CrocoState, seat: int) -> bool:
    """The seat plays, and has drawn what it must (CN-TURN-2)."""
    if state.turn_seat != seat or state.phase not in ("discard", "draw", "action"):
        return False
    return state.phase == "action" or draw_needed(state, seat) == 0


def intents(state: CrocoState, w: Warrior, target: str, shot: bool) -> list[str]:
    """How ``w`` may strike the square ``target``: a shot only wounds (CN-YEL-2); a warrior
    on its own colour can only be pushed, and only if it can go back (CN-SQ-2)."""
    if shot:
        victim = occupant(state, at(target))
        return [] if victim is None or protected(state, victim, w) else ["wound"]
    square = at(target)
    victim = occupant(state, square)
    if victim is None or not protected(state, victim, w):
        return ["wound", "push"]
    assert w.square is not None
    return ["push"] if can_be_pushed(state, square, push_square(w.square, square)) else []


def strikes(state: CrocoState, w: Warrior) -> Iterator[dict[str, Any]]:
    """Each target ``w`` can strike and each intent it may strike with; the card is free."""
    assert w.square is not None
    found = reach(state, w)
    for kind in ("diamond", "heart", "shot"):
        for target in found.get(kind, []):
            for intent in intents(state, w, target, kind == "shot"):
                yield {"warrior": w.id, "target": target, "intent": intent}


def actions(state: CrocoState, seat: int) -> tuple[LegalMove, ...]:
    """Steps and strikes of the seat's warriors standing (CN-ACT-1), and the end of its turn."""
    mine = [w for w in state.warriors.values() if w.seat == seat and w.standing]
    steps_to = [{"warrior": w.id, "to": to} for w in mine
                for kind in ("club", "spade") for to in reach(state, w)[kind]]
    blows = [b for w in mine for b in strikes(state, w)]
    found = [legal("end_turn", seat=seat)]
    if state.hands[seat]:
        if steps_to:
            found.append(legal("move", steps_to, seat=seat, free=("card",)))
        if blows:
            found.append(legal("attack", blows, seat=seat, free=("card",)))
    return tuple(found)


def defences(state: CrocoState) -> tuple[LegalMove, ...]:
    """CN-DEF-1: the attacked seat dodges (where it may step), parries (not a shot), or not."""
    attack = state.pending
    assert attack is not None
    seat = state.warriors[attack.target].seat
    ways: Payloads = [{"kind": "dodge", "to": to} for to in dodge_squares(state, attack)]
    if not attack.shot:
        ways.append({"kind": "parry"})
    found = [legal("no_defence", seat=seat)]
    if ways and state.hands[seat]:
        found.append(legal("defend", ways, seat=seat, free=("cards",)))
    return tuple(found)


def turn_moves(state: CrocoState, seat: int) -> tuple[LegalMove, ...]:
    """Discard, draw, then act, in that order (CN-TURN-2)."""
    found: list[LegalMove] = []
    if state.phase == "discard":
        found.append(legal("discard", seat=seat, free=("cards",)))
    if state.phase in ("discard", "draw"):
        found.append(legal("draw", draw_counts(state, seat), seat=seat))
    return tuple(found) + (actions(state, seat) if may_act(state, seat) else ())


def is_to_play(state: CrocoState, seat: int) -> bool:
    return whose_turn(state) == seat

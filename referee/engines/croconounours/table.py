"""Small questions about a CrocoNounours table: sides, squares, steps, reach and the hand."""

from __future__ import annotations

from referee.engines.croconounours import board
from referee.engines.croconounours.board import Square
from referee.engines.croconounours.pack import HAND_LIMIT, MAX_DRAW
from referee.engines.croconounours.state import WARRIOR_COLOURS, CrocoState, Warrior


def seats_of_side(state: CrocoState, side: int) -> tuple[int, ...]:
    return tuple(s for s in range(state.seats) if state.side_of_seat[s] == side)


def side_key(state: CrocoState, side: int) -> str:
    """A side in the standings: its seat ("0"), or its seats ("0+2")."""
    seats = seats_of_side(state, side)
    return str(seats[0]) if len(seats) == 1 else "+".join(map(str, seats))


def sides(state: CrocoState) -> list[int]:
    return sorted(set(state.side_of_seat))


def seat_standing(state: CrocoState, seat: int) -> bool:
    return any(w.standing for w in state.warriors.values() if w.seat == seat)


def side_standing(state: CrocoState, side: int) -> int:
    return sum(
        1 for w in state.warriors.values() if w.standing and state.side_of_seat[w.seat] == side
    )


def round_totals(state: CrocoState) -> dict[str, int]:
    return {side_key(state, s): side_standing(state, s) for s in sides(state)}


def occupant(state: CrocoState, square: Square) -> Warrior | None:
    for w in state.warriors.values():
        if w.square == square:
            return w
    return None


def is_free(state: CrocoState, square: Square) -> bool:
    return (
        board.on_board(square) and square not in state.obstacles and occupant(state, square) is None
    )


def on_own_colour(state: CrocoState, w: Warrior) -> bool:
    """Coloured squares: the warrior stands on its colour (the centre is everyone's colour)."""
    if state.layout is None or w.square is None:
        return False
    colour = board.square_colour(state.layout, w.square)
    return colour == board.WILD or colour == w.colour


def protected(state: CrocoState, target: Warrior, attacker: Warrior) -> bool:
    """Whether the target can only be pushed, never wounded, by this attacker."""
    return on_own_colour(state, target) and not on_own_colour(state, attacker)


def can_step(state: CrocoState, frm: Square, to: Square) -> bool:
    """A warrior on ``frm`` may move to ``to`` one square away (a move or a dodge, CN-OBS-3)."""
    return is_free(state, to) and not board.squeezed_between(frm, to, state.obstacles)


def can_be_pushed(state: CrocoState, frm: Square, to: Square) -> bool:
    """A warrior or obstacle pushed from ``frm`` lands on ``to`` (CN-PUSH-1). The ban on
    passing between two diagonal obstacles is about moving (« lors de son déplacement »): it
    stops a push only with the option ``diagonal_obstacles_stop_pushes``."""
    if not is_free(state, to):
        return False
    return not (
        state.diagonal_obstacles_stop_pushes and board.squeezed_between(frm, to, state.obstacles)
    )


def steps(state: CrocoState, w: Warrior, kind: str) -> list[Square]:
    """The squares ``w`` can step to straight (``kind`` "straight") or diagonally."""
    if w.square is None:
        return []
    directions = board.STRAIGHT if kind == "straight" else board.DIAGONAL
    return sorted(s for s in board.neighbours(w.square, directions) if can_step(state, w.square, s))


def team_colours(state: CrocoState, seat: int) -> tuple[str, ...] | None:
    """The colours a seat deploys; None while its free choice is not made yet (CN-TEAM-2)."""
    if seat in state.roster:
        return state.roster[seat]
    return state.sealed.get(seat) if state.free_choice else WARRIOR_COLOURS


def push_square(attacker: Square, target: Square) -> Square:
    return board.step(target, board.offset(attacker, target))


def draw_most(state: CrocoState, seat: int) -> int:
    """The most cards the seat may draw now: 3, never over 7 in hand, nor past the cards left."""
    return min(MAX_DRAW, max(0, HAND_LIMIT - state.hands[seat]), state.stock + len(state.discard))


def draw_needed(state: CrocoState, seat: int) -> int:
    """Cards the seat must still draw this turn before acting (0 with the free-draw option)."""
    return 0 if state.free_draw else draw_most(state, seat)


def out_of_sight(state: CrocoState, card: str) -> int:
    """Copies of ``card`` that may still be in a hand or the stock (not face up on the discard)."""
    return state.deck_counts.get(card, 0) - state.discard.count(card)


def is_enemy(state: CrocoState, a: Warrior, b: Warrior) -> bool:
    return state.side_of_seat[a.seat] != state.side_of_seat[b.seat]


def blow_target(state: CrocoState, w: Warrior, square: Square) -> str | None:
    """An enemy warrior's id or ``"obstacle"`` on a neighbouring square ``w`` can strike."""
    assert w.square is not None
    if board.squeezed_between(w.square, square, state.obstacles):
        return None
    if square in state.obstacles:
        return "obstacle"
    t = occupant(state, square)
    return t.id if t is not None and is_enemy(state, w, t) else None


def shot_open(state: CrocoState, w: Warrior, t: Warrior) -> bool:
    assert w.square is not None and t.square is not None
    return board.distance(w.square, t.square) == 2 and not board.shot_blocked(
        w.square, t.square, state.obstacles, state.shot_past_one_obstacle_blocked
    )


def reach(state: CrocoState, w: Warrior) -> dict[str, list[str]]:
    """The squares ``w`` can step to or strike now, by the card it takes: club and spade steps,
    diamond and heart blows, yellow shots. For a pad offering moves (and the tests' move
    generator). On coloured squares a warrior on its own colour may still refuse a wound
    (CN-SQ-2): the attack's intent decides that.
    """
    if w.square is None:
        return {}
    blows: dict[str, list[str]] = {"diamond": [], "heart": [], "shot": []}
    for key, directions in (("diamond", board.STRAIGHT), ("heart", board.DIAGONAL)):
        for s in board.neighbours(w.square, directions):
            if blow_target(state, w, s) is not None:
                blows[key].append(board.name(s))
    if w.colour == "yellow":
        for t in state.warriors.values():
            if t.square is not None and is_enemy(state, w, t) and shot_open(state, w, t):
                blows["shot"].append(board.name(t.square))
    return {
        "club": [board.name(s) for s in steps(state, w, "straight")],
        "spade": [board.name(s) for s in steps(state, w, "diagonal")],
        **{k: sorted(v) for k, v in blows.items()},
    }


PLAYING = ("discard", "draw", "action")


def whose_turn(state: CrocoState) -> int | None:
    if state.phase in ("over", "first_player"):
        return None
    if state.phase in ("deploy", "obstacles"):
        return state.queue[0]
    if state.phase == "defence" and state.pending is not None:
        return state.warriors[state.pending.target].seat
    return state.turn_seat

"""Before the first turn: the first player (CN-SETUP-1), the secret choice of colours
(CN-TEAM-2), deployment in the corners (CN-SETUP-2, CN-SETUP-3), obstacles (CN-OBS-1) and the
deal."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping

from referee.engines.base import Event, Impossible, Verdict
from referee.engines.cards import Card
from referee.engines.croconounours import board
from referee.engines.croconounours.board import Square
from referee.engines.croconounours.checks import expect_seat, square
from referee.engines.croconounours.moves import ChooseTeam, Deploy, FirstPlayer, Obstacles
from referee.engines.croconounours.pack import OPENING_HAND, card_value
from referee.engines.croconounours.state import CrocoState, Warrior
from referee.engines.croconounours.table import is_free, team_colours
from referee.engines.messages import Message, msg


def first_player(state: CrocoState, event: Event, move: FirstPlayer) -> Verdict:
    """CN-SETUP-1: the highest card plays first; a tie draws again."""
    if state.phase != "first_player":
        raise Impossible.of("CN-SETUP-1", "croconounours.first.decided", "type")
    if (move.draws is None) == (move.seat is None):
        raise Impossible.of("CN-SETUP-1", "croconounours.first.draws_or_seat", "payload")
    if move.seat is not None:
        if move.seat not in state.contenders:
            raise Impossible.of("CN-SETUP-1", "croconounours.first.not_drawing", "payload.seat",
                                seat=move.seat)
        start_deployment(state, move.seat)
        return Verdict.ok("CN-SETUP-1", msg("croconounours.first.chosen", seat=move.seat))
    assert move.draws is not None
    drawn = check_draws(state, move.draws)
    best = max(card_value(c) for c in drawn.values())
    top = sorted(s for s, c in drawn.items() if card_value(c) == best)
    if len(top) > 1:
        state.contenders = top
        return Verdict.ok("CN-SETUP-1", msg("croconounours.first.tie", seats=top))
    start_deployment(state, top[0])
    return Verdict.ok("CN-SETUP-1",
                      msg("croconounours.first.highest", seat=top[0], card=str(drawn[top[0]])),
                      msg("croconounours.first.reshuffled"))


def check_draws(state: CrocoState, draws: Mapping[str, str]) -> dict[int, Card]:
    seats = {int(k) for k in draws if k.isdigit()}
    if len(seats) != len(draws) or seats != set(state.contenders):
        raise Impossible.of("CN-SETUP-1", "croconounours.first.who_draws", "payload.draws",
                            seats=list(state.contenders))
    for card, n in Counter(draws.values()).items():
        if n > state.deck_counts.get(card, 0):
            raise Impossible.of("CN-DECK-1", "croconounours.first.not_in_pack", "payload.draws",
                                size=state.deck_size, count=n, card=card)
    return {int(k): Card.parse(v) for k, v in draws.items()}


def start_deployment(state: CrocoState, first: int) -> None:
    state.first_seat = first
    state.contenders = []
    state.queue = [(first + i) % state.seats for i in range(state.seats)]
    state.phase = "deploy"


def choose_team(state: CrocoState, event: Event, move: ChooseTeam) -> Verdict:
    """CN-TEAM-2: the free choice of colours, sealed until the warriors are deployed."""
    seat = event.seat
    if not state.free_choice:
        raise Impossible.of("CN-TEAM-2", "croconounours.team.no_free_choice", "type")
    if seat is None or not 0 <= seat < state.seats:
        raise Impossible.of("CN-TEAM-2", "croconounours.team.needs_seat", "seat")
    if state.corners or state.phase not in ("first_player", "deploy"):
        raise Impossible.of("CN-TEAM-2", "croconounours.team.too_late", "type")
    if seat in state.roster:
        raise Impossible.of("CN-CAMP-1", "croconounours.team.campaign", "seat", seat=seat)
    if seat in state.sealed:
        raise Impossible.of("CN-TEAM-2", "croconounours.team.already", "seat", seat=seat)
    colours = tuple(move.colours)
    if "orange" in colours:
        raise Impossible.of("CN-TEAM-3", "croconounours.team.no_orange", "payload.colours")
    state.sealed[seat] = colours
    return Verdict.ok("CN-TEAM-2", msg("croconounours.team.chosen", seat=seat))


def check_corner(state: CrocoState, corner: Square) -> None:
    """CN-SETUP-2, CN-SETUP-3: a free corner; at two players, the one opposite the other."""
    if corner not in board.CORNERS:
        raise Impossible.of("CN-SETUP-2", "croconounours.deploy.not_a_corner", "payload.corner",
                            square=board.name(corner))
    if corner in set(state.corners.values()):
        raise Impossible.of("CN-SETUP-3", "croconounours.deploy.corner_taken", "payload.corner",
                            square=board.name(corner))
    if state.seats == 2 and state.corners:
        other = board.opposite_corner(next(iter(state.corners.values())))
        if corner != other:
            raise Impossible.of("CN-SETUP-3", "croconounours.deploy.opposite", "payload.corner",
                                square=board.name(other))


def check_team(state: CrocoState, seat: int, corner: Square,
               placed: Mapping[Square, str], given: int) -> None:
    """Every team is chosen; the seat's warriors, on the corner and straight next to it."""
    unchosen = [s for s in range(state.seats) if team_colours(state, s) is None]
    if unchosen:
        raise Impossible.of("CN-TEAM-2", "croconounours.deploy.choices_missing", "type",
                            seats=unchosen)
    team = team_colours(state, seat)
    assert team is not None
    allowed = board.corner_squares(corner)
    if len(placed) != given or len(placed) != len(team):
        raise Impossible.of("CN-SETUP-2", "croconounours.deploy.count", "payload.warriors",
                            seat=seat, count=len(team))
    if corner not in placed or any(s not in allowed for s in placed):
        raise Impossible.of("CN-SETUP-2", "croconounours.deploy.squares", "payload.warriors",
                            corner=board.name(corner),
                            squares=[board.name(s) for s in allowed[1:]])
    if sorted(placed.values()) != sorted(team):
        rule = ("CN-CAMP-1" if seat in state.roster
                else "CN-TEAM-2" if state.free_choice else "CN-TEAM-1")
        raise Impossible.of(rule, "croconounours.deploy.colours", "payload.warriors", seat=seat,
                            colours=sorted(team), given=sorted(placed.values()))


def deploy(state: CrocoState, event: Event, move: Deploy) -> Verdict:
    """CN-SETUP-2: each seat in turn sets its warriors in a corner."""
    if state.phase != "deploy":
        raise Impossible.of("CN-SETUP-2", "croconounours.deploy.not_now", "type",
                            phase=state.phase)
    seat = expect_seat(event, state.queue[0], "CN-SETUP-2", "croconounours.turn.deploy")
    corner = square(move.corner, "payload.corner", "CN-SETUP-2")
    check_corner(state, corner)
    placed = {square(k, "payload.warriors", "CN-SETUP-2"): v for k, v in move.warriors.items()}
    check_team(state, seat, corner, placed, len(move.warriors))
    state.corners[seat] = corner
    names: Counter[str] = Counter()
    for where in sorted(placed, key=lambda s: (s != corner, s)):
        colour = placed[where]
        names[colour] += 1
        wid = f"{seat}-{colour}" + (f"-{names[colour]}" if names[colour] > 1 else "")
        state.warriors[wid] = Warrior(wid, seat, colour, where)
    state.queue.pop(0)
    mine = [w for w in state.warriors.values() if w.seat == seat and w.square is not None]
    effects = [msg("croconounours.deploy.warriors", seat=seat, warriors=[w.id for w in mine],
                   squares=[board.name(w.square) for w in mine if w.square is not None])]
    if not state.queue:
        effects.append(after_deployment(state))
    return Verdict.ok("CN-SETUP-2", msg("croconounours.deploy.done", seat=seat,
                                        corner=board.name(corner)), *effects)


def after_deployment(state: CrocoState) -> Message:
    """Obstacles next, with that option; otherwise the deal."""
    if not state.obstacles_per_side:
        return deal(state)
    assert state.first_seat is not None
    state.phase = "obstacles"
    state.queue = [(state.first_seat + i) % state.seats for i in range(state.seats)]
    return msg("croconounours.obstacles.next")


def deal(state: CrocoState) -> Message:
    """Hands of 7 (8 for the player caught in the middle at 3 players, CN-MULTI-3), then play
    starts."""
    if state.seats == 3:
        free = next(c for c in board.CORNERS if c not in state.corners.values())
        middle = board.opposite_corner(free)
        state.middle_seat = next(s for s, c in state.corners.items() if c == middle)
    for seat in range(state.seats):
        state.hands[seat] = OPENING_HAND + (1 if seat == state.middle_seat else 0)
    state.stock = state.deck_size - sum(state.hands)
    state.phase = "discard"
    state.turn_seat = state.first_seat
    state.round = 1
    if state.middle_seat is not None:
        return msg("croconounours.deal.middle", middle_seat=state.middle_seat,
                   first_seat=state.first_seat)
    return msg("croconounours.deal.dealt", first_seat=state.first_seat)


def obstacles(state: CrocoState, event: Event, move: Obstacles) -> Verdict:
    """CN-OBS-1: each player places its obstacles, on empty squares not next to an enemy."""
    if state.phase != "obstacles":
        raise Impossible.of("CN-OBS-1", "croconounours.obstacles.not_now", "type")
    seat = expect_seat(event, state.queue[0], "CN-OBS-1", "croconounours.turn.obstacles")
    squares = [square(s, "payload.squares", "CN-OBS-1") for s in move.squares]
    n = state.obstacles_per_side
    if len(squares) != n or len(set(squares)) != n:
        raise Impossible.of("CN-OBS-1", "croconounours.obstacles.count", "payload.squares",
                            count=n)
    for s in squares:
        check_obstacle(state, seat, s)
    state.obstacles.extend(squares)
    state.queue.pop(0)
    effects = [] if state.queue else [deal(state)]
    return Verdict.ok("CN-OBS-1", msg("croconounours.obstacles.placed", seat=seat,
                                      squares=[board.name(s) for s in squares]), *effects)


def check_obstacle(state: CrocoState, seat: int, where: Square) -> None:
    if not is_free(state, where):
        raise Impossible.of("CN-OBS-1", "croconounours.obstacles.not_empty", "payload.squares",
                            square=board.name(where))
    near = [w for w in state.warriors.values()
            if w.square is not None and state.side_of_seat[w.seat] != state.side_of_seat[seat]
            and board.distance(w.square, where) == 1]
    if near:
        raise Impossible.of("CN-OBS-1", "croconounours.obstacles.next_to_enemy",
                            "payload.squares", square=board.name(where), warrior=near[0].id)

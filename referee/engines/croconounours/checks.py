"""Checks the rules share: whose move it is in each phase, squares, warriors and cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from referee.engines.base import Event, Impossible
from referee.engines.croconounours import board
from referee.engines.croconounours.board import Square
from referee.engines.croconounours.state import Attack, CrocoState, Warrior
from referee.engines.croconounours.table import draw_needed, occupant, out_of_sight
from referee.engines.messages import msg

SETUP_PHASES = ("first_player", "deploy", "obstacles")
TURN_PHASES = ("discard", "draw", "action")


def expect_seat(event: Event, seat: int, rule: str, message_id: str) -> int:
    """The move is ``seat``'s to make; ``message_id`` says what it is to do."""
    if event.seat != seat:
        raise Impossible(rule, msg(message_id, turn_seat=seat, seat=event.seat), "seat")
    return seat


def turn_check(state: CrocoState, event: Event) -> int:
    """Play is under way, no attack waits for its defence, and it is the seat's turn."""
    if state.phase in SETUP_PHASES:
        raise Impossible.of("CN-TURN-2", "croconounours.turn.setup_under_way", "type")
    if state.phase == "defence":
        assert state.pending is not None
        raise Impossible.of("CN-DEF-1", "croconounours.defence.waiting", "type",
                            defender_seat=state.warriors[state.pending.target].seat,
                            target=state.pending.target)
    assert state.turn_seat is not None
    return expect_seat(event, state.turn_seat, "CN-TURN-1", "croconounours.turn.play")


def action_check(state: CrocoState, event: Event) -> int:
    """CN-TURN-2: the seat has drawn what it must before it acts."""
    seat = turn_check(state, event)
    if state.phase != "action":
        needed = draw_needed(state, seat)
        if needed:
            raise Impossible.of("CN-TURN-2", "croconounours.turn.draw_first", "type",
                                seat=seat, count=needed)
    return seat


def defence_check(state: CrocoState, event: Event) -> tuple[Attack, Warrior]:
    """CN-DEF-1: an attack waits, and the attacked warrior's seat answers it."""
    if state.phase != "defence" or state.pending is None:
        raise Impossible.of("CN-DEF-1", "croconounours.defence.nothing_to_answer", "type")
    target = state.warriors[state.pending.target]
    expect_seat(event, target.seat, "CN-DEF-1", "croconounours.turn.answer")
    return state.pending, target


def square(text: str, where: str, rule: str) -> Square:
    found = board.parse_square(text)
    if found is None:
        raise Impossible.of(rule, "croconounours.board.no_such_square", where, square=text)
    return found


def step_kind(frm: Square, to: Square, rule: str) -> str:
    if board.is_straight(frm, to):
        return "straight"
    if board.is_diagonal(frm, to):
        return "diagonal"
    raise Impossible.of(rule, "croconounours.move.not_next", "payload.to",
                        to=board.name(to), start=board.name(frm))


def check_step(state: CrocoState, frm: Square, to: Square, rule: str, where: str) -> None:
    """Nothing stands on ``to`` and no two diagonal obstacles close the way (CN-OBS-3)."""
    if to in state.obstacles:
        raise Impossible.of(rule, "croconounours.move.obstacle_there", where, square=board.name(to))
    other = occupant(state, to)
    if other is not None:
        raise Impossible.of(rule, "croconounours.move.occupied", where, warrior=other.id,
                            square=board.name(to))
    if board.squeezed_between(frm, to, state.obstacles):
        raise Impossible.of("CN-OBS-3", "croconounours.move.squeezed", where,
                            start=board.name(frm), to=board.name(to))


def find_warrior(state: CrocoState, ref: str, where: str) -> Warrior:
    """A warrior by its name ("0-green"), or by side and colour now ("0-orange")."""
    key = ref.strip().lower()
    w = state.warriors.get(key)
    if w is None:
        seat_text, _, colour = key.partition("-")
        matches = [v for v in state.warriors.values()
                   if str(v.seat) == seat_text and v.colour == colour and v.standing]
        if len(matches) == 1:
            w = matches[0]
    if w is None:
        raise Impossible.of("CN-TEAM-1", "croconounours.warrior.unknown", where, warrior=ref)
    if not w.standing:
        raise Impossible.of("CN-WOUND-1", "croconounours.warrior.eliminated", where,
                            warrior=w.id)
    return w


def own_warrior(state: CrocoState, seat: int, ref: str) -> Warrior:
    w = find_warrior(state, ref, "payload.warrior")
    if w.seat != seat:
        raise Impossible.of("CN-ACT-1", "croconounours.warrior.not_yours", "payload.warrior",
                            warrior=w.id, owner_seat=w.seat, seat=seat)
    return w


def check_cards(state: CrocoState, seat: int, cards: Sequence[str], where: str) -> None:
    """The seat holds that many cards and the pack still hides each of them."""
    if len(cards) > state.hands[seat]:
        raise Impossible.of("CN-CARD-2", "croconounours.cards.more_than_held", where,
                            seat=seat, held=state.hands[seat], count=len(cards))
    for card, n in Counter(cards).items():
        if card not in state.deck_counts:
            raise Impossible.of("CN-DECK-1", "croconounours.cards.not_in_pack", where,
                                card=card, size=state.deck_size)
        left = out_of_sight(state, card)
        if n > left:
            raise Impossible.of("CN-CARD-1", "croconounours.cards.all_seen", where,
                                card=card, seat=seat, copies=state.deck_counts[card],
                                shown=state.deck_counts[card] - left)


def lay(state: CrocoState, seat: int, cards: Sequence[str]) -> None:
    """The cards go face up on the discard pile; playing one ends the draw phases."""
    state.hands[seat] -= len(cards)
    state.discard.extend(cards)
    if state.phase in ("discard", "draw"):
        state.phase = "action"

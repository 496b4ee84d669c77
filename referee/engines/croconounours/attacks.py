"""Attacks: blows on a neighbour (CN-ATK-1, CN-ATK-2), a yellow warrior's shot (CN-YEL-1,
CN-YEL-2), obstacles struck (CN-OBS-2) and warriors on their own colour (CN-SQ-2)."""

from __future__ import annotations

from referee.engines.base import Event, Impossible, Verdict
from referee.engines.cards import Card, Suit
from referee.engines.croconounours import board
from referee.engines.croconounours.board import Square
from referee.engines.croconounours.checks import (
    action_check,
    check_cards,
    find_warrior,
    lay,
    own_warrior,
)
from referee.engines.croconounours.defence import resolve
from referee.engines.croconounours.moves import Strike
from referee.engines.croconounours.pack import SUIT_OF_BLOW, counts_as, is_red
from referee.engines.croconounours.state import Aim, Attack, CrocoState, Warrior
from referee.engines.croconounours.table import (
    can_be_pushed,
    is_enemy,
    occupant,
    protected,
    push_square,
)
from referee.engines.messages import Message, msg


def attack(state: CrocoState, event: Event, move: Strike) -> Verdict:
    """The card is played and the blow struck: an obstacle at once, a warrior once its seat has
    answered (or at once, when that seat holds no card)."""
    seat = action_check(state, event)
    w = own_warrior(state, seat, move.warrior)
    aim = take_aim(state, w, Card.parse(move.card), move)
    check_cards(state, seat, [move.card], "payload.card")
    lay(state, seat, [move.card])
    state.acted.add(seat)
    victim = aim.victim
    if victim is None:
        said = ("croconounours.attack.shoots_obstacle" if aim.shot
                else "croconounours.attack.attacks_obstacle")
        reason = msg(said, warrior=w.id,
                     square=board.name(aim.square), card=move.card, intent=move.intent)
        return Verdict.ok(aim.rule, reason, strike_obstacle(state, w, aim.square, move.intent))
    said = "croconounours.attack.shoots" if aim.shot else "croconounours.attack.attacks"
    reason = msg(said, warrior=w.id, target=victim.id, card=move.card,
                 intent=move.intent)
    state.pending = Attack(w.id, victim.id, move.card, aim.suit.value, move.intent, aim.shot)
    state.phase = "defence"
    if state.hands[victim.seat] == 0:
        _, effects = resolve(state)
        return Verdict.ok(aim.rule, reason,
                          msg("croconounours.defence.no_card", seat=victim.seat), *effects)
    answer = ("croconounours.defence.may_dodge" if aim.shot
              else "croconounours.defence.may_dodge_or_parry")
    return Verdict.ok(aim.rule, reason, msg(answer, seat=victim.seat))


def take_aim(state: CrocoState, w: Warrior, card: Card, move: Strike) -> Aim:
    """Whether ``w`` can strike the target with ``card`` (and how), or why not."""
    assert w.square is not None
    if not is_red(card):
        raise Impossible.of("CN-ACT-2", "croconounours.attack.black_card", "payload.card",
                            card=move.card)
    victim, square = target_of(state, w, move.target)
    dist = board.distance(w.square, square)
    if dist == 2 and w.colour == "yellow":
        check_shot(state, w, victim, square, move.intent)
        aim = Aim(victim, square, card.suit or Suit.HEARTS, True, "CN-YEL-1")
    elif dist == 1:
        aim = blow(state, w, card, move.card, victim, square)
    else:
        yellow = w.colour == "yellow"
        said = ("croconounours.attack.out_of_reach_yellow" if yellow
                else "croconounours.attack.out_of_reach")
        raise Impossible("CN-YEL-1" if yellow else "CN-ATK-1",
                         msg(said, square=board.name(square), warrior=w.id,
                             start=board.name(w.square)), "payload.target")
    if victim is not None and protected(state, victim, w):
        check_protected(state, w, victim, square, move.intent)
    return aim


def blow(state: CrocoState, w: Warrior, card: Card, card_text: str, victim: Warrior | None,
         square: Square) -> Aim:
    """CN-ATK-1, CN-ATK-2: a diamond strikes straight, a heart diagonally (CN-OBS-3: not
    between two diagonal obstacles)."""
    assert w.square is not None
    kind = "straight" if board.is_straight(w.square, square) else "diagonal"
    suit = SUIT_OF_BLOW[kind]
    rule = "CN-ATK-1" if kind == "straight" else "CN-ATK-2"
    if not counts_as(card, suit):
        raise Impossible.of(rule, "croconounours.attack.wrong_suit", "payload.card",
                            square=board.name(square), kind=kind, warrior=w.id,
                            suit=suit.value, card=card_text)
    if board.squeezed_between(w.square, square, state.obstacles):
        raise Impossible.of("CN-OBS-3", "croconounours.attack.squeezed", "payload.target",
                            start=board.name(w.square), square=board.name(square))
    return Aim(victim, square, suit, False, rule)


def target_of(state: CrocoState, w: Warrior, target_text: str) -> tuple[Warrior | None, Square]:
    """The enemy warrior (or None for an obstacle) and the square attacked (CN-ATK-4)."""
    square = board.parse_square(target_text)
    victim: Warrior | None
    if square is None:
        victim = find_warrior(state, target_text, "payload.target")
        square = victim.square
        assert square is not None
    else:
        victim = occupant(state, square)
        if victim is None and square not in state.obstacles:
            raise Impossible.of("CN-ATK-4", "croconounours.attack.nobody_there",
                                "payload.target", square=board.name(square))
    if victim is not None and not is_enemy(state, w, victim):
        raise Impossible.of("CN-ATK-4", "croconounours.attack.not_an_enemy", "payload.target",
                            target=victim.id, warrior=w.id)
    return victim, square


def check_shot(state: CrocoState, w: Warrior, victim: Warrior | None, square: Square,
               intent: str) -> None:
    """CN-OBS-2, CN-YEL-2, CN-OBS-4: a shot wounds a warrior, over no obstacle."""
    assert w.square is not None
    if victim is None:
        raise Impossible.of("CN-OBS-2", "croconounours.attack.obstacle_not_shot",
                            "payload.target")
    if intent != "wound":
        raise Impossible.of("CN-YEL-2", "croconounours.attack.shot_wounds", "payload.intent")
    if board.shot_blocked(w.square, square, state.obstacles,
                          state.shot_past_one_obstacle_blocked):
        raise Impossible.of("CN-OBS-4", "croconounours.attack.shot_blocked", "payload.target",
                            start=board.name(w.square), square=board.name(square))


def check_protected(state: CrocoState, w: Warrior, victim: Warrior, square: Square,
                    intent: str) -> None:
    """CN-SQ-2: a warrior on its own colour can only be pushed by this attacker."""
    assert w.square is not None
    if intent == "wound":
        raise Impossible.of("CN-SQ-2", "croconounours.attack.push_only", "payload.intent",
                            target=victim.id, warrior=w.id)
    if not can_be_pushed(state, square, push_square(w.square, square)):
        raise Impossible.of("CN-SQ-2", "croconounours.attack.untouchable", "payload.target",
                            target=victim.id, warrior=w.id)


def strike_obstacle(state: CrocoState, w: Warrior, square: Square, intent: str) -> Message:
    """CN-OBS-2: an obstacle never defends: pushed if it can go back, otherwise eaten."""
    assert w.square is not None
    dest = push_square(w.square, square)
    if intent == "push" and can_be_pushed(state, square, dest):
        state.obstacles[state.obstacles.index(square)] = dest
        return msg("croconounours.obstacle.pushed", square=board.name(dest))
    state.obstacles.remove(square)
    state.obstacles_eaten += 1
    if intent == "push":
        return msg("croconounours.obstacle.eaten_unpushable", square=board.name(square))
    return msg("croconounours.obstacle.eaten", square=board.name(square))

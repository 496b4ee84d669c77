"""Defence: the attacked seat dodges (CN-DODGE-1, CN-DODGE-2, CN-YEL-3) or parries (CN-PARRY-1,
CN-RED-1), or lets the attack land: a wound (CN-WOUND-1, CN-GREEN-1, CN-RED-2) or a push
(CN-PUSH-1); a side with no warrior left is out (CN-END-1)."""

from __future__ import annotations

from collections.abc import Sequence

from referee.engines.base import Event, Impossible, Verdict
from referee.engines.cards import Card, Suit
from referee.engines.croconounours import board
from referee.engines.croconounours.board import Square
from referee.engines.croconounours.checks import (
    check_cards,
    check_step,
    defence_check,
    lay,
    square,
    step_kind,
)
from referee.engines.croconounours.moves import Defend
from referee.engines.croconounours.pack import (
    DODGE_SUIT,
    SUIT_OF_STEP,
    card_value,
    counts_as,
    is_black,
)
from referee.engines.croconounours.state import Attack, CrocoState, Warrior
from referee.engines.croconounours.table import (
    can_be_pushed,
    push_square,
    round_totals,
    seats_of_side,
    side_standing,
    sides,
)
from referee.engines.messages import Message, msg


def no_defence(state: CrocoState, event: Event, move: object) -> Verdict:
    """The attacked seat lets the attack land."""
    attack, target = defence_check(state, event)
    rule, effects = resolve(state)
    return Verdict.ok(rule, msg("croconounours.defence.none", target=target.id,
                                warrior=attack.attacker), *effects)


def defend(state: CrocoState, event: Event, move: Defend) -> Verdict:
    """A dodge or a parry that holds: the attack has no effect."""
    attack, target = defence_check(state, event)
    assert target.square is not None
    cards = list(move.cards)
    played = [Card.parse(c) for c in cards]
    if move.kind == "parry":
        rule, to = check_parry(state, attack, played), None
    else:
        rule, to = check_dodge(state, attack, target, played, move.to)
    check_cards(state, target.seat, cards, "payload.cards")
    lay(state, target.seat, cards)
    state.pending = None
    state.phase = "action"
    no_effect = msg("croconounours.defence.no_effect")
    if to is None:
        return Verdict.ok(rule, msg("croconounours.defence.parried", warrior=target.id,
                                    cards=cards), no_effect)
    frm, target.square = target.square, to
    return Verdict.ok(rule, msg("croconounours.defence.dodged", warrior=target.id, cards=cards,
                                start=board.name(frm), to=board.name(to)), no_effect)


def check_parry(state: CrocoState, attack: Attack, played: Sequence[Card]) -> str:
    """The attack's suit, one card higher or two of any value (one more against red)."""
    if attack.shot:
        raise Impossible.of("CN-YEL-3", "croconounours.parry.shot", "payload.kind")
    extra = 1 if state.warriors[attack.attacker].colour == "red" else 0
    count_rule = "CN-RED-1" if extra else "CN-PARRY-1"
    check_beats(played, Suit(attack.suit), attack, extra, ("CN-PARRY-1", count_rule))
    return count_rule


def check_dodge(state: CrocoState, attack: Attack, target: Warrior, played: Sequence[Card],
                to_text: str | None) -> tuple[str, Square]:
    """The dodge's cards, and the square the dodger steps to as the dodge suit allows."""
    assert target.square is not None
    if to_text is None:
        raise Impossible.of("CN-DODGE-2", "croconounours.dodge.where", "payload.to")
    to = square(to_text, "payload.to", "CN-DODGE-2")
    kind = step_kind(target.square, to, "CN-DODGE-2")
    needed = SUIT_OF_STEP[kind]
    if attack.shot:
        rule = "CN-YEL-3"
        if len(played) != 1 or not is_black(played[0]):
            raise Impossible.of(rule, "croconounours.dodge.shot", "payload.cards")
        suit = played[0].suit or needed
    else:
        rule = "CN-DODGE-1"
        suit = DODGE_SUIT[Suit(attack.suit)]
        check_beats(played, suit, attack, 0, (rule, rule))
    if needed != suit:
        raise Impossible.of("CN-DODGE-2", "croconounours.dodge.wrong_step", "payload.to",
                            suit=suit.value, start=board.name(target.square), to=board.name(to),
                            kind=kind)
    check_step(state, target.square, to, "CN-DODGE-2", "payload.to")
    return rule, to


#: What a defence that falls short says, by the defence and the shortfall.
SHORT = {
    ("parry", "wrong_suit"): "croconounours.parry.wrong_suit",
    ("parry", "too_low"): "croconounours.parry.too_low",
    ("parry", "count"): "croconounours.parry.count",
    ("dodge", "wrong_suit"): "croconounours.dodge.wrong_suit",
    ("dodge", "too_low"): "croconounours.dodge.too_low",
    ("dodge", "count"): "croconounours.dodge.count",
}


def check_beats(played: Sequence[Card], suit: Suit, attack: Attack, extra: int,
                rules: tuple[str, str]) -> None:
    """One card of ``suit`` above the attacking card, or two of any value; ``extra`` more
    against a red attacker's parry. ``rules``: the suit's rule, the count's."""
    suit_rule, count_rule = rules
    what = "dodge" if suit.value != attack.suit else "parry"
    off = [str(c) for c in played if not counts_as(c, suit)]
    if off:
        raise Impossible(suit_rule, msg(SHORT[what, "wrong_suit"], suit=suit.value, cards=off),
                         "payload.cards")
    n = len(played)
    best = max(card_value(c, defending=True) for c in played)
    if n == 2 + extra or (n == 1 + extra and best > card_value(Card.parse(attack.card))):
        return
    if extra:
        raise Impossible.of(count_rule, "croconounours.parry.against_red", "payload.cards",
                            suit=suit.value, count=n)
    if n == 1:
        raise Impossible(count_rule, msg(SHORT[what, "too_low"], suit=suit.value),
                         "payload.cards")
    raise Impossible(count_rule, msg(SHORT[what, "count"], suit=suit.value, count=n),
                     "payload.cards")


def resolve(state: CrocoState) -> tuple[str, list[Message]]:
    """The attack lands: wound, or push (a wound when the warrior cannot go back).

    Returns the rule that decided what happened, and what happened.
    """
    attack = state.pending
    assert attack is not None
    state.pending = None
    state.phase = "action"
    attacker, target = state.warriors[attack.attacker], state.warriors[attack.target]
    assert attacker.square is not None and target.square is not None
    effects: list[Message] = []
    rule = "CN-WOUND-1"
    if attack.intent == "push":
        dest = push_square(attacker.square, target.square)
        if can_be_pushed(state, target.square, dest):
            frm, target.square = target.square, dest
            return "CN-PUSH-1", [msg("croconounours.push.pushed", warrior=target.id,
                                     start=board.name(frm), to=board.name(dest))]
        effects.append(msg("croconounours.push.wounded_instead", warrior=target.id))
        rule = "CN-PUSH-1"
    if target.colour == "green":
        rule = "CN-RED-2" if attacker.colour == "red" else "CN-GREEN-1"
    return rule, effects + wound(state, attacker, target)


def wound(state: CrocoState, attacker: Warrior, target: Warrior) -> list[Message]:
    """CN-GREEN-1: a green turns orange at its first wound (CN-RED-2: not against red); any
    other wound eliminates the warrior, eaten by its attacker."""
    if target.colour == "green" and attacker.colour != "red":
        target.colour = "orange"
        return [msg("croconounours.wound.green", warrior=target.id)]
    assert target.square is not None
    where = board.name(target.square)
    target.square = None
    target.eaten_by = attacker.id
    said = ("croconounours.wound.green_by_red" if target.colour == "green"
            else "croconounours.wound.eaten")
    effects = [msg(said, warrior=target.id, square=where, attacker=attacker.id)]
    effects.extend(check_end(state, state.side_of_seat[target.seat]))
    return effects


def check_end(state: CrocoState, hit_side: int) -> list[Message]:
    """CN-END-1: a side with no warrior left loses; the last side standing wins."""
    if side_standing(state, hit_side) > 0:
        return []
    effects = [msg("croconounours.end.side_out", side_seats=list(seats_of_side(state, hit_side)))]
    alive = [s for s in sides(state) if side_standing(state, s) > 0]
    if len(alive) <= 1:
        state.phase = "over"
        state.pending = None
        state.winner_side = alive[0] if alive else None
        state.rounds.append(round_totals(state))
        if alive:
            effects.append(msg("croconounours.end.side_wins",
                               side_seats=list(seats_of_side(state, alive[0]))))
    return effects

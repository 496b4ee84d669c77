"""What every game says the same way, in English: the shared checks of the move registry, the
words for coded parameters, and the little grammar the renderer needs."""

from collections.abc import Callable

MESSAGES: dict[str, str] = {
    "move.unknown": "'{type}' is not a move of this game",
    "move.host_only": "Only the host logs a '{type}'",
    "move.needs_seat": "A '{type}' is logged for a seat: say which",
    "move.no_such_seat": "There is no seat {seat_number} at this table",
    "move.not_your_turn": "It is {turn_seat}'s turn, not {seat}'s",
    "move.game_over": "The game is over: no more '{type}'",
    # rounds only: the games scored round by round, or once at their end
    "rounds.round_only": "This match is scored round by round: log a 'round', not a '{type}'.",
    "rounds.one_per_seat": "Give one value per seat in '{key}': {count}, not {given}.",
}

#: Words for parameters given as codes: a parameter named ``suit`` (or ending in ``_suit``) is
#: rendered from ``WORDS["suit"]``, and so on.
WORDS: dict[str, dict[str, str]] = {
    "suit": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "direction": {"clockwise": "clockwise", "counter_clockwise": "counter-clockwise"},
    "colour": {"red": "red", "green": "green", "yellow": "yellow", "orange": "orange"},
    "kind": {"straight": "straight", "diagonal": "diagonal"},
    "intent": {"push": "push", "wound": "wound"},
    "phase": {"first_player": "the draw for first player", "teams": "the choice of teams",
              "deploy": "deployment", "obstacles": "the placing of obstacles",
              "discard": "the discard phase", "draw": "the draw phase",
              "action": "the action phase", "defence": "a defence", "over": "the end"},
    "unit": {"coconuts": "coconuts", "victory points": "victory points",
             "warriors standing": "warriors standing", "cards in hand": "cards in hand"},
}
WORDS["colours"] = WORDS["given"] = WORDS["colour"]

#: Ranks as the table writes them: ace, jack, queen, king.
RANKS = {"A": "A", "J": "J", "Q": "Q", "K": "K"}
JOKER = "Joker"
AND = " and "
NOBODY = "nobody"
UNNAMED_SEAT = "seat {seat}"


def is_plural(count: int) -> bool:
    """English: one card, zero cards, two cards."""
    return count != 1


def warrior(owner: str, colour: str, number: str) -> str:
    """"Alice's red warrior", "Bob's green warrior 2"."""
    return f"{owner}'s {colour} warrior{' ' + number if number else ''}"


#: Format specs a template may put on a name (none needed in English but the capital).
PREPOSITIONS: dict[str, Callable[[str], str]] = {}

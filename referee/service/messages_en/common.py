"""What every game says the same way: the shared checks of the move registry."""

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
}

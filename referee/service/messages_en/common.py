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
    # what the platform itself says of voids, corrections and challenges
    "platform.challenge.recorded": "Challenge of event {challenged} recorded; the host rules on "
    "it.",
    "platform.ruling.dismissed": "Challenge {challenge} dismissed.",
    "platform.void.voided": "Event {voided} ({type}) voided: {why}. Every later move is judged "
    "again.",
    "platform.correct.corrected": "Event {corrected} ({type}) corrected to {to_type}. In its "
    "place: {instead} Every later move is judged again.",
    "platform.correct.corrected_why": "Event {corrected} ({type}) corrected to {to_type}: {why}. "
    "In its place: {instead} Every later move is judged again.",
    # rounds only: the games scored round by round, or once at their end
    "rounds.round_only": "This match is scored round by round: log a 'round', not a '{type}'.",
    "rounds.one_per_seat": "Give one value per seat for the {key}: {count}, not {given}.",
    # --- cards written wrong (payload schemas) ---
    "cards.not_a_card": "'{text}' is not a card: write rank then suit, like 7S, 10H, QD, AC "
    "or JK",
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
    "value": {"A": "ace", "J": "jack", "Q": "queen", "K": "king"},
    "nature": {"coeur": "heart", "etoile": "star", "rose": "rose"},
    "attribute": {"nature": "nature", "colour": "background colour", "force": "force"},
    "token": {"colour": "background colour"},
    # moves named in a sentence (``type``, ``to_type``): the words of the pads' buttons
    "type": {"announce": "announcement", "attack": "attack", "bid": "bid",
             "challenge": "challenge", "choose_team": "choice of team",
             "citron_coco": "Citron Coco", "contre": "contre", "correct": "correction",
             "decline": "decline", "defend": "defence", "deploy": "deployment",
             "deux_cartes": "deux cartes", "discard": "discard", "draw": "draw",
             "end_turn": "end of turn", "first_player": "draw for first player",
             "flag": "flag", "forgo_power": "forgone power", "missplay": "missplay",
             "move": "move", "nano": "Nano", "nano_alpha": "Nano Alpha", "neuro": "Neuro",
             "no_defence": "no defence", "obstacles": "obstacles",
             "open_more": "opening of a row and a column", "pass": "pass",
             "place": "card placed", "play": "cards laid", "power": "power",
             "quick_play": "quick play", "replace": "replacement",
             "reveal": "hands revealed", "reveal_bids": "bids revealed", "round": "round",
             "ruling": "ruling", "slap": "slap", "start_domain": "starting card",
             "turn_up": "card turned up", "void": "void"},
    # CitronCoco's powers (``power``), as the rule text names them
    "power": {"Assault": "Assault", "Fellow": "Fellow", "Seadog": "Seadog", "Witch": "Witch",
              "Spy": "Spy", "Supply": "Supply", "Queen": "Queen", "Captain": "Captain"},
    # the lists a quick score gives one value per seat (``key``)
    "key": {"hands": "hands", "totals": "totals", "warriors": "warriors standing",
            "points": "victory points", "cards": "cards in hand"},
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

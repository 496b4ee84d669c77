"""The moves' names in the reader's language: the pages' words for them, and the words a
sentence the service says uses for a move (``i18n.reader``'s ``move_word``).

Engines name their moves by ids (``sum_quick_play``, ``draw``); each name here is its English
message id, the catalogue giving the French in the rule texts' own words. An id missing here
is shown as its own words.
"""

from __future__ import annotations

from typing import Any

from referee.edge.gettext import lazy_pgettext

MOVE_NAMES = {
    "announce": lazy_pgettext("move", "Announce"),
    "attack": lazy_pgettext("move", "Attack"),
    "bid": lazy_pgettext("move", "Bid"),
    "challenge": lazy_pgettext("move", "Challenge"),
    "choose_team": lazy_pgettext("move", "Choose team"),
    "citron_coco": lazy_pgettext("move", "Citron Coco"),
    "contre": lazy_pgettext("move", "Contre"),
    "correct": lazy_pgettext("move", "Correct"),
    "decline": lazy_pgettext("move", "Decline"),
    "defend": lazy_pgettext("move", "Defend"),
    "deploy": lazy_pgettext("move", "Deploy"),
    "deux_cartes": lazy_pgettext("move", "Deux cartes"),
    "discard": lazy_pgettext("move", "Discard"),
    "draw": lazy_pgettext("move", "Draw"),
    "end_turn": lazy_pgettext("move", "End turn"),
    "first_player": lazy_pgettext("move", "First player"),
    "flag": lazy_pgettext("move", "Flag"),
    "forgo_power": lazy_pgettext("move", "Forgo power"),
    "missplay": lazy_pgettext("move", "Missplay"),
    "move": lazy_pgettext("move", "Move"),
    "nano": lazy_pgettext("move", "Nano"),
    "nano_alpha": lazy_pgettext("move", "Nano alpha"),
    "neuro": lazy_pgettext("move", "Neuro"),
    "no_defence": lazy_pgettext("move", "No defence"),
    "obstacles": lazy_pgettext("move", "Obstacles"),
    "open_more": lazy_pgettext("move", "Open more"),
    "pass": lazy_pgettext("move", "Pass"),
    "place": lazy_pgettext("move", "Place"),
    "play": lazy_pgettext("move", "Play"),
    "power": lazy_pgettext("move", "Power"),
    "quick_play": lazy_pgettext("move", "Quick play"),
    "replace": lazy_pgettext("move", "Replace"),
    "reveal": lazy_pgettext("move", "Reveal"),
    "reveal_bids": lazy_pgettext("move", "Reveal bids"),
    "round": lazy_pgettext("move", "Round"),
    "ruling": lazy_pgettext("move", "Ruling"),
    "slap": lazy_pgettext("move", "Slap"),
    "start_domain": lazy_pgettext("move", "Start domain"),
    "turn_up": lazy_pgettext("move", "Turn up"),
    "void": lazy_pgettext("move", "Void"),
    "abandon": lazy_pgettext("move", "Abandon"),
}


def spaced(key: Any) -> str:
    """``turn_seat`` -> ``turn seat``: an id read as words when no table names it."""
    return str(key).replace("_", " ")


def move_name(move_type: Any) -> str:
    return str(MOVE_NAMES.get(move_type, "") or spaced(move_type).capitalize())


#: Moves named after what the player calls out, a name keeping its capitals in a sentence.
CALLED_OUT = frozenset({"citron_coco", "nano", "nano_alpha", "neuro"})


def move_word(move_type: Any) -> str:
    """A move's name inside a sentence: ``quick play``; a call keeps its capitals
    (« Citron Coco ! »)."""
    name = move_name(move_type)
    return name if move_type in CALLED_OUT else name[:1].lower() + name[1:]

"""The games' words as the pages show them, in the reader's language.

Engines name their games, options, moves and choices by ids (``sum_quick_play``, ``draw``,
``stock``); the pages show them in words. Each table holds the English words as message ids, so
the catalogue gives the French, in the rule texts' own vocabulary (pioche, défausse, jeu rapide,
faute de jeu, manche, donneur…). An id missing here is shown as its own words. The games'
titles and their options' names and descriptions are the service's (``referee.service.messages``),
so the pages and the API name them alike; the moves' names are ``referee.edge.moves``', since
the sentences the service says name moves with them on every edge.
"""

from __future__ import annotations

from typing import Any

from flask import has_request_context

from referee.edge.i18n import gettext, lazy_pgettext
from referee.edge.i18n import lazy_gettext as _l
from referee.edge.moves import (  # noqa: F401  (the pages take the moves' words from here too)
    CALLED_OUT,
    MOVE_NAMES,
    move_name,
    move_word,
    spaced,
)
from referee.edge.wording import reader_locale
from referee.service import messages

FIELD_LABELS = {
    "about_seq": lazy_pgettext("field", "About seq"),
    "aces": lazy_pgettext("field", "Aces"),
    "base": lazy_pgettext("field", "Base"),
    "caller": lazy_pgettext("field", "Caller"),
    "caller_wins_ties": lazy_pgettext("field", "Caller wins ties"),
    "campaign_reserve": lazy_pgettext("field", "Campaign reserve"),
    "card": lazy_pgettext("field", "Card"),
    "cards": lazy_pgettext("field", "Cards"),
    "carte_flag": lazy_pgettext("field", "Carte flag"),
    "challenge": lazy_pgettext("field", "Challenge"),
    "check_reports": lazy_pgettext("field", "Check reports"),
    "claim": lazy_pgettext("field", "Claim"),
    "contre_when": lazy_pgettext("field", "Contre when"),
    "col": lazy_pgettext("field", "Col"),
    "coloured_squares": lazy_pgettext("field", "Coloured squares"),
    "colours": lazy_pgettext("field", "Colours"),
    "corner": lazy_pgettext("field", "Corner"),
    "count": lazy_pgettext("field", "Count"),
    "david_le_fou": lazy_pgettext("field", "David le fou"),
    "dealer": lazy_pgettext("field", "Dealer"),
    "deck": lazy_pgettext("field", "Deck"),
    "diagonal_obstacles_stop_pushes": lazy_pgettext("field", "Diagonal obstacles stop pushes"),
    "draws": lazy_pgettext("field", "Draws"),
    "duty_penalty": lazy_pgettext("field", "Duty penalty"),
    "duty_starts": lazy_pgettext("field", "Duty starts"),
    "fellow_solo": lazy_pgettext("field", "Fellow solo"),
    "first_seat": lazy_pgettext("field", "First seat"),
    "free_choice": lazy_pgettext("field", "Free choice"),
    "free_draw": lazy_pgettext("field", "Free draw"),
    "hand_size": lazy_pgettext("field", "Hand size"),
    "hands": lazy_pgettext("field", "Hands"),
    "intent": lazy_pgettext("field", "Intent"),
    "kind": lazy_pgettext("field", "Kind"),
    "king_of_spades_answer": lazy_pgettext("field", "King of spades answer"),
    "last": lazy_pgettext("field", "Last"),
    "late_carte": lazy_pgettext("field", "Late carte"),
    "layout": lazy_pgettext("field", "Layout"),
    "maitresse": lazy_pgettext("field", "Maitresse"),
    "max_cols": lazy_pgettext("field", "Max cols"),
    "max_rows": lazy_pgettext("field", "Max rows"),
    "mega_one": lazy_pgettext("field", "Mega one"),
    "mot_doux": lazy_pgettext("field", "Mot doux"),
    "move": lazy_pgettext("field", "Move"),
    "nano": lazy_pgettext("field", "Nano"),
    "nano_alpha": lazy_pgettext("field", "Nano alpha"),
    "note": lazy_pgettext("field", "Note"),
    "obstacles": lazy_pgettext("field", "Obstacles"),
    "obstacles_per_side": lazy_pgettext("field", "Obstacles per side"),
    "offender": lazy_pgettext("field", "Offender"),
    "offender_seat": lazy_pgettext("field", "Offender seat"),
    "on_top": lazy_pgettext("field", "On top"),
    "open_more_after_passes": lazy_pgettext("field", "Open more after passes"),
    "other_seat": lazy_pgettext("field", "Other seat"),
    "other_slot": lazy_pgettext("field", "Other slot"),
    "other_value": lazy_pgettext("field", "Other value"),
    "packets": lazy_pgettext("field", "Packets"),
    "points": lazy_pgettext("field", "Points"),
    "power_before_reveal": lazy_pgettext("field", "Power before reveal"),
    "quick_play_on_quick_play": lazy_pgettext("field", "Quick play on quick play"),
    "reason": lazy_pgettext("field", "Reason"),
    "roster": lazy_pgettext("field", "Roster"),
    "round_starter": lazy_pgettext("field", "Round starter"),
    "row": lazy_pgettext("field", "Row"),
    "rule": lazy_pgettext("field", "Rule"),
    "sanction": lazy_pgettext("field", "Sanction"),
    "seat": lazy_pgettext("field", "Seat"),
    "seq": lazy_pgettext("field", "Seq"),
    "shot_past_one_obstacle_blocked": lazy_pgettext("field", "Shot past one obstacle blocked"),
    "six": lazy_pgettext("field", "Six"),
    "slot": lazy_pgettext("field", "Slot"),
    "source": lazy_pgettext("field", "Source"),
    "square_of_sevens": lazy_pgettext("field", "Square of sevens"),
    "squares": lazy_pgettext("field", "Squares"),
    "suit": lazy_pgettext("field", "Suit"),
    "sum_quick_play": lazy_pgettext("field", "Sum quick play"),
    "target": lazy_pgettext("field", "Target"),
    "target_seat": lazy_pgettext("field", "Target seat"),
    "teams": lazy_pgettext("field", "Teams"),
    "to": lazy_pgettext("field", "To"),
    "token": lazy_pgettext("field", "Token"),
    "tokens": lazy_pgettext("field", "Tokens"),
    "totals": lazy_pgettext("field", "Totals"),
    "trois_de_trefle": lazy_pgettext("field", "Trois de trefle"),
    "upheld": lazy_pgettext("field", "Upheld"),
    "value": lazy_pgettext("field", "Value"),
    "value_fault_first": lazy_pgettext("field", "Value fault first"),
    "warrior": lazy_pgettext("field", "Warrior"),
    "warriors": lazy_pgettext("field", "Warriors"),
    "winner": lazy_pgettext("field", "Winner"),
    "with_seat": lazy_pgettext("field", "With seat"),
    "word": lazy_pgettext("field", "Word"),
    "zero": lazy_pgettext("field", "Zero"),
    "zouzou": lazy_pgettext("field", "Zouzou"),
}

CHOICES = {
    "after_replay": lazy_pgettext("choice", "after replay"),
    "announcement": lazy_pgettext("choice", "announcement"),
    "carte": lazy_pgettext("choice", "carte"),
    "clears": lazy_pgettext("choice", "clears"),
    "colour": lazy_pgettext("choice", "colour"),
    "discard": lazy_pgettext("choice", "discard"),
    "dodge": lazy_pgettext("choice", "dodge"),
    "force": lazy_pgettext("choice", "force"),
    "hand_now": lazy_pgettext("choice", "hand now"),
    "immediate": lazy_pgettext("choice", "at once"),
    "left": lazy_pgettext("choice", "left"),
    "log": lazy_pgettext("choice", "log"),
    "loser": lazy_pgettext("choice", "loser"),
    "mega_one": lazy_pgettext("choice", "mega one"),
    "nature": lazy_pgettext("choice", "nature"),
    "next_player": lazy_pgettext("choice", "next player"),
    "other": lazy_pgettext("choice", "other"),
    "own": lazy_pgettext("choice", "own"),
    "packets": lazy_pgettext("choice", "packets"),
    "parry": lazy_pgettext("choice", "parry"),
    "per_pass": lazy_pgettext("choice", "per pass"),
    "per_player": lazy_pgettext("choice", "per player"),
    "plouc": lazy_pgettext("choice", "plouc"),
    "previous_card": lazy_pgettext("choice", "previous card"),
    "push": lazy_pgettext("choice", "push"),
    "seven_of_spades": lazy_pgettext("choice", "seven of spades"),
    "stack": lazy_pgettext("choice", "stack"),
    "stands": lazy_pgettext("choice", "stands"),
    "stock": lazy_pgettext("choice", "stock"),
    "suit_in_play": lazy_pgettext("choice", "suit in play"),
    "survivors": lazy_pgettext("choice", "survivors"),
    "turn_over": lazy_pgettext("choice", "once the turn is over"),
    "two_cards": lazy_pgettext("choice", "two cards"),
    "wound": lazy_pgettext("choice", "wound"),
    "zouzou": lazy_pgettext("choice", "zouzou"),
    "S": lazy_pgettext("suit", "♠ spades"),
    "H": lazy_pgettext("suit", "♥ hearts"),
    "D": lazy_pgettext("suit", "♦ diamonds"),
    "C": lazy_pgettext("suit", "♣ clubs"),
    None: _l("none"),
    True: _l("yes"),
    False: _l("no"),
}

#: The table's own words (what an engine's view of the table names), for the table view.
TABLE_WORDS = {
    "aces": lazy_pgettext("table", "aces"),
    "announced": lazy_pgettext("table", "announced"),
    "announced_deux_cartes": lazy_pgettext("table", "announced deux cartes"),
    "bases_left": lazy_pgettext("table", "bases left"),
    "bidding": lazy_pgettext("table", "bidding"),
    "bids": lazy_pgettext("table", "bids"),
    "board": lazy_pgettext("table", "board"),
    "by": lazy_pgettext("table", "by"),
    "caller": lazy_pgettext("table", "caller"),
    "cards": lazy_pgettext("table", "cards"),
    "carte_due": lazy_pgettext("table", "carte due"),
    "carte_flag": lazy_pgettext("table", "carte flag"),
    "carte_late": lazy_pgettext("table", "carte late"),
    "carte_unsaid": lazy_pgettext("table", "carte unsaid"),
    "coin": lazy_pgettext("table", "coin"),
    "col_limit": lazy_pgettext("table", "col limit"),
    "col_range": lazy_pgettext("table", "col range"),
    "colour": lazy_pgettext("table", "colour"),
    "colours": lazy_pgettext("table", "colours"),
    "contenders": lazy_pgettext("table", "contenders"),
    "corner": lazy_pgettext("table", "corner"),
    "david_le_fou": lazy_pgettext("table", "david le fou"),
    "dealer": lazy_pgettext("table", "dealer"),
    "dealt": lazy_pgettext("table", "dealt"),
    "deck_size": lazy_pgettext("table", "deck size"),
    "deux_cartes": lazy_pgettext("table", "deux cartes"),
    "direction": lazy_pgettext("table", "direction"),
    "discard": lazy_pgettext("table", "discard"),
    "discard_size": lazy_pgettext("table", "discard size"),
    "discard_top": lazy_pgettext("table", "discard top"),
    "domain": lazy_pgettext("table", "domain"),
    "draw_most": lazy_pgettext("table", "draw most"),
    "draw_needed": lazy_pgettext("table", "draw needed"),
    "draw_now": lazy_pgettext("table", "draw now"),
    "duty": lazy_pgettext("table", "duty"),
    "face_up": lazy_pgettext("table", "face up"),
    "finish_rank": lazy_pgettext("table", "finish rank"),
    "finisher": lazy_pgettext("table", "finisher"),
    "first_player": lazy_pgettext("table", "first player"),
    "first_seat": lazy_pgettext("table", "first seat"),
    "flag": lazy_pgettext("table", "flag"),
    "frontier": lazy_pgettext("table", "frontier"),
    "hand": lazy_pgettext("table", "hand"),
    "hand_size": lazy_pgettext("table", "hand size"),
    "held": lazy_pgettext("table", "held"),
    "king_of_spades_answer": lazy_pgettext("table", "king of spades answer"),
    "last_player": lazy_pgettext("table", "last player"),
    "last_to_play": lazy_pgettext("table", "last to play"),
    "late_carte": lazy_pgettext("table", "late carte"),
    "layout": lazy_pgettext("table", "layout"),
    "maitresse": lazy_pgettext("table", "maitresse"),
    "mega_one": lazy_pgettext("table", "mega one"),
    "middle_seat": lazy_pgettext("table", "middle seat"),
    "mot_doux": lazy_pgettext("table", "mot doux"),
    "moves": lazy_pgettext("table", "moves"),
    "multiplier": lazy_pgettext("table", "multiplier"),
    "obstacle": lazy_pgettext("table", "obstacle"),
    "obstacles": lazy_pgettext("table", "obstacles"),
    "obstacles_eaten": lazy_pgettext("table", "obstacles eaten"),
    "open_cols": lazy_pgettext("table", "open cols"),
    "open_rows": lazy_pgettext("table", "open rows"),
    "openings": lazy_pgettext("table", "openings"),
    "out": lazy_pgettext("table", "out"),
    "owed": lazy_pgettext("table", "owed"),
    "owes": lazy_pgettext("table", "owes"),
    "passed_since_change": lazy_pgettext("table", "passed since change"),
    "passing": lazy_pgettext("table", "passing"),
    "pending_attack": lazy_pgettext("table", "pending attack"),
    "phase": lazy_pgettext("table", "phase"),
    "plays_again": lazy_pgettext("table", "plays again"),
    "points": lazy_pgettext("table", "points"),
    "power": lazy_pgettext("table", "power"),
    "powers": lazy_pgettext("table", "powers"),
    "quick": lazy_pgettext("table", "quick"),
    "rank": lazy_pgettext("table", "rank"),
    "replay": lazy_pgettext("table", "replay"),
    "reshuffles": lazy_pgettext("table", "reshuffles"),
    "reveal_due": lazy_pgettext("table", "reveal due"),
    "round": lazy_pgettext("table", "round"),
    "row_limit": lazy_pgettext("table", "row limit"),
    "row_range": lazy_pgettext("table", "row range"),
    "rows": lazy_pgettext("table", "rows"),
    "run": lazy_pgettext("table", "run"),
    "sanction": lazy_pgettext("table", "sanction"),
    "seat": lazy_pgettext("table", "seat"),
    "seats": lazy_pgettext("table", "seats"),
    "side": lazy_pgettext("table", "side"),
    "six": lazy_pgettext("table", "six"),
    "size": lazy_pgettext("table", "size"),
    "skips": lazy_pgettext("table", "skips"),
    "slap_open": lazy_pgettext("table", "slap open"),
    "slot": lazy_pgettext("table", "slot"),
    "special_cards": lazy_pgettext("table", "special cards"),
    "square": lazy_pgettext("table", "square"),
    "square_of_sevens": lazy_pgettext("table", "square of sevens"),
    "square_seat": lazy_pgettext("table", "square seat"),
    "stock": lazy_pgettext("table", "stock"),
    "stock_size": lazy_pgettext("table", "stock size"),
    "suit": lazy_pgettext("table", "suit"),
    "sum_with": lazy_pgettext("table", "sum with"),
    "target": lazy_pgettext("table", "target"),
    "team": lazy_pgettext("table", "team"),
    "team_chosen": lazy_pgettext("table", "team chosen"),
    "to_play": lazy_pgettext("table", "to play"),
    "tokens_left": lazy_pgettext("table", "tokens left"),
    "top": lazy_pgettext("table", "top"),
    "totals": lazy_pgettext("table", "totals"),
    "treasure": lazy_pgettext("table", "treasure"),
    "trois_de_trefle": lazy_pgettext("table", "trois de trefle"),
    "turn": lazy_pgettext("table", "turn"),
    "turn_seat": lazy_pgettext("table", "turn seat"),
    "type": lazy_pgettext("table", "type"),
    "value": lazy_pgettext("table", "value"),
    "values": lazy_pgettext("table", "values"),
    "variants": lazy_pgettext("table", "variants"),
    "warrior": lazy_pgettext("table", "warrior"),
    "warriors": lazy_pgettext("table", "warriors"),
    "winner": lazy_pgettext("table", "winner"),
    "zero": lazy_pgettext("table", "zero"),
    "zouzou": lazy_pgettext("table", "zouzou"),
}

#: The phases of a turn or a game, as the pad names them.
PHASES = {
    "action": lazy_pgettext("phase", "action"),
    "bidding": lazy_pgettext("phase", "bidding"),
    "bids": lazy_pgettext("phase", "bids"),
    "deal": lazy_pgettext("phase", "deal"),
    "defence": lazy_pgettext("phase", "defence"),
    "deploy": lazy_pgettext("phase", "deploy"),
    "discard": lazy_pgettext("phase", "discard"),
    "draw": lazy_pgettext("phase", "draw"),
    "end": lazy_pgettext("phase", "end"),
    "first_player": lazy_pgettext("phase", "first player"),
    "flag": lazy_pgettext("phase", "flag"),
    "obstacles": lazy_pgettext("phase", "obstacles"),
    "over": lazy_pgettext("phase", "over"),
    "play": lazy_pgettext("phase", "play"),
    "plouc": lazy_pgettext("phase", "plouc"),
    "reveal": lazy_pgettext("phase", "reveal"),
    "start": lazy_pgettext("phase", "start"),
}

UNITS = {"coconuts": _l("coconuts"), "cards in hand": _l("cards in hand"),
         "victory points": _l("victory points"), "warriors standing": _l("warriors standing"),
         "points": _l("points")}

STATUSES = {"in progress": _l("in progress"), "finished": _l("finished"),
            "abandoned": _l("abandoned")}

VERDICT_KINDS = {"ok": _l("ok"), "missplay": _l("missplay"), "impossible": _l("impossible"),
                 "voided": _l("voided")}


#: The referee's own rulings, which no rule text numbers: a word, not a code, on a page.
PLATFORM_RULES = {"PLATFORM-VOID": lazy_pgettext("rule", "voided by the table"),
                  "PLATFORM-CHALLENGE": lazy_pgettext("rule", "challenge"),
                  "PLATFORM-RULING": lazy_pgettext("rule", "host's ruling"),
                  "PLATFORM-TAKE-BACK": lazy_pgettext("rule", "taken back")}


def rule_text(rule: Any) -> str:
    """A verdict's rule as a page shows it: a clause of the rule texts by its id (``CC-QP-4``),
    the referee's own rulings in words."""
    found = PLATFORM_RULES.get(rule) if isinstance(rule, str) else None
    return str(found) if found is not None else str(rule or "")


#: The parts of an exported match, as a page names where in the file a fault is.
FILE_PARTS = {"uuid": _l("the match's identity"), "game": _l("the game"),
              "seats": _l("the seats"), "options": _l("the options"),
              "events": _l("the events"), "mode": _l("the mode"),
              "format": _l("the file's format"), "payload": _l("the move's details")}


def where_text(where: Any) -> str:
    """Where in an exported match a fault is, in words (``uuid`` -> "the match's identity",
    ``events.3`` -> "the events, no. 4"); the path itself for a part not named here."""
    parts = str(where or "").split(".")
    found = FILE_PARTS.get(parts[0])
    if found is None:
        return str(where or "")
    if len(parts) > 1 and parts[1].isdigit():
        return gettext("{part}, no. {n}", part=str(found), n=int(parts[1]) + 1)
    return str(found)


def game_title(game_id: str, fallback: str) -> str:
    """A game's name: the service's words for it (the API's too), in the request's language."""
    title = messages.game_title(game_id, reader_locale())
    return title if title != game_id else fallback


def option_label(game_id: str, option: str) -> str:
    """An option's short name in the game's own words ("La Zouzou"), as the API names it."""
    return messages.option_label(game_id, option, reader_locale())


def option_description(game_id: str, option: str, engine_words: str) -> str:
    """What an option does: the ``said`` catalogue's wording in the reader's language (each
    option described once per language), else the engine's own words."""
    return messages.option_description(game_id, option, reader_locale(), engine_words)


def table_word(key: Any) -> str:
    """A key of the table's view in words: ``discard_top`` -> ``discard top``."""
    found = TABLE_WORDS.get(key) if isinstance(key, str) else None
    return str(found) if found is not None else spaced(key)


def phase_word(phase: Any) -> str:
    """A phase in words: ``first_player`` -> ``first player``."""
    found = PHASES.get(phase) if isinstance(phase, str) else None
    return str(found) if found is not None else spaced(phase)


def field_label(name: str) -> str:
    found = FIELD_LABELS.get(name)
    if found is not None:
        return str(found)
    words = spaced(name).strip()
    return words[:1].upper() + words[1:]


def choice_label(value: Any) -> Any:
    """A choice in words; lazy, so a label made once (the games' forms are cached) still reads
    in each reader's language."""
    if value is None or isinstance(value, bool | str):
        found = CHOICES.get(value)
        if found is not None:
            return found
    return spaced(value)


def unit_text(unit: Any) -> str:
    """What a game's totals count (``coconuts``), in the reader's language."""
    return str(UNITS.get(unit, unit or ""))


def status_text(status: Any) -> str:
    return str(STATUSES.get(status, status))


def verdict_kind(kind: Any) -> str:
    return str(VERDICT_KINDS.get(kind, kind))


def translated(text: Any) -> str:
    """A text an engine publishes (a move's description, a fault's wording), in the reader's
    language when the catalogue has it."""
    if not text:
        return ""
    return gettext(str(text)) if has_request_context() else str(text)

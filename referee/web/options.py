"""The creation form's pickers for the options a phone should not have to type: a seat chosen
by its player's name, teams made by choosing players, a CitronCoco deck as a count per card, a
CrocoNounours board as a grid of squares, a campaign's packets per player.

Each picker posts its own inputs; ``compose_options`` writes them as the plain option field
(``o.<name>``) the form reads, unless that field was typed in full. Nothing here knows a rule:
the engine still judges the options when the match is created.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from werkzeug.datastructures import MultiDict

from referee.edge.i18n import gettext as _
from referee.edge.validation import MAX_INT, small_int
from referee.service.games import CITRONCOCO_DECK, CROCO_LAYOUT_LETTERS, CROCO_LAYOUT_ROWS
from referee.web.forms import Field, FormError
from referee.web.pads.cards import citron_cards

#: Options that name a seat: chosen by the player's name.
SEAT_OPTIONS = frozenset({"first_seat", "dealer"})
MAX_SEATS = 12
BOARD = 7
FILES = "abcdefg"
DEFAULT_TEAMS = "0 2\n1 3"  # partners face to face, as the team game's option says


def picker(game_id: str, f: Field) -> str:
    """The picker an option takes on the creation form ("" for its plain input)."""
    if f.name in SEAT_OPTIONS and f.kind == "integer":
        return "seat"
    if game_id.startswith("citroncoco") and f.name == "deck":
        return "deck"
    if f.name == "teams" and f.kind == "lines":
        return "teams"
    if game_id == "croconounours" and f.name == "layout":
        return "layout"
    if game_id == "croconounours" and f.name == "packets":
        return "packets"
    return ""


def deck_counts() -> list[tuple[dict[str, Any], int]]:
    """The default CitronCoco deck as the deck picker shows it: each card, how many."""
    return [(card, CITRONCOCO_DECK[card["value"]]) for card in citron_cards(
        list(CITRONCOCO_DECK))]


def board_rows() -> list[list[tuple[str, str]]]:
    """The project's board, rank 7 first: each square's name and its letter."""
    return [[(f"{FILES[col]}{BOARD - row}", letter) for col, letter in enumerate(line)]
            for row, line in enumerate(CROCO_LAYOUT_ROWS)]


def layout_letters() -> tuple[str, ...]:
    return CROCO_LAYOUT_LETTERS


def compose_options(form: Mapping[str, Any]) -> MultiDict[str, str]:
    """The posted form with the option pickers written as plain option fields."""
    pairs = form.items(multi=True) if isinstance(form, MultiDict) else form.items()
    out: MultiDict[str, str] = MultiDict(pairs)
    for name, reader in (("teams", teams_lines), ("deck", deck_json),
                         ("layout", layout_lines), ("packets", packets_json)):
        if (out.get(f"o.{name}") or "").strip():
            continue  # typed in full: it wins
        text = reader(out)
        if text:
            out.setlist(f"o.{name}", [text])
    return out


def teams_lines(form: MultiDict[str, str]) -> str:
    """``team.<seat>`` = the team's index: a line of seats per team, in the teams' order."""
    teams: dict[int, list[int]] = {}
    for key in form:
        if key.startswith("team."):
            seat = small_int(key[len("team."):], MAX_SEATS)
            team = small_int(form.get(key), MAX_SEATS)
            if seat is not None and team is not None:
                teams.setdefault(team, []).append(seat)
    lines = "\n".join(" ".join(str(s) for s in sorted(teams[t])) for t in sorted(teams))
    return "" if lines == DEFAULT_TEAMS else lines  # the default: the engine's own


def deck_json(form: MultiDict[str, str]) -> str:
    """``deck.<value>`` = how many cards of that value; nothing when it is the default deck
    (the match then keeps the engine's own default)."""
    counts: dict[int, int] = {}
    for key in form:
        if key.startswith("deck."):
            value = small_int(key[len("deck."):], 99)
            count_text = (form.get(key) or "0").strip() or "0"
            count = small_int(count_text, 99) if count_text.isdigit() else None
            if value is None or count is None:
                raise FormError("deck", _("how many cards of each value: a whole number "
                                          "from 0 to 99."))
            counts[value] = count
    if not counts or counts == CITRONCOCO_DECK:
        return ""
    return json.dumps({str(v): n for v, n in counts.items()})


def layout_lines(form: MultiDict[str, str]) -> str:
    """``board.own`` and ``board.<square>`` = a letter: seven lines, rank 7 first; nothing
    unless the table chose its own board."""
    if form.get("board.own") != "1":
        return ""
    lines = []
    for row in range(BOARD):
        letters = [(form.get(f"board.{FILES[col]}{BOARD - row}") or ".").strip().upper()[:1]
                   or "." for col in range(BOARD)]
        lines.append("".join(letters))
    return "\n".join(lines)


def packets_json(form: MultiDict[str, str]) -> str:
    """``packets.<seat>`` = the candies in that seat's packet: a JSON object of the seats
    given."""
    found: dict[str, int] = {}
    for key in form:
        if key.startswith("packets.") and (form.get(key) or "").strip():
            seat = small_int(key[len("packets."):], MAX_SEATS)
            count = small_int(form.get(key, "").strip(), MAX_INT)
            if seat is None or count is None or count < 0:
                raise FormError("packets", _("the candies in a packet: a whole number."))
            found[str(seat)] = count
    return json.dumps(found) if found else ""


#: A layout's letters as the board picker's squares are coloured.
LAYOUT_CLASSES = {"R": "red", "O": "orange", "G": "green", "Y": "yellow", "*": "wild",
                  ".": "plain"}


def layout_word(letter: str) -> str:
    """A layout's letter in the reader's words."""
    words = {"R": _("red"), "O": _("orange"), "G": _("green"), "Y": _("yellow"),
             "*": _("its occupant's colour"), ".": _("plain")}
    return words.get(letter, letter)


def layout_class(letter: str) -> str:
    return LAYOUT_CLASSES.get(str(letter).upper(), "plain")

"""Jinja filters and globals: how values read on a page (words, not game logic)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

from flask import Flask, g
from flask_babel import format_date, format_decimal, format_time

from referee.edge.i18n import gettext as _
from referee.edge.i18n import ngettext, pgettext
from referee.edge.wording import reader_locale
from referee.service import messages
from referee.service.games import game_title as _game_title
from referee.service.messages import NEURO_CARD, is_seat_key
from referee.service.messages import WARRIOR_ID as WARRIOR
from referee.web import options, vocabulary
from referee.web.pads import generic
from referee.web.pads.cards import card_text, citron_cards
from referee.web.pads.citroncoco import deck_values
from referee.web.pads.compose import MAX_OF_A_VALUE, hand_counts_of
from referee.web.table_words import phase_words, said_keys, table_facts, worded


def words(key: Any) -> str:
    """``turn_seat`` -> ``turn seat``."""
    return str(key).replace("_", " ")


def when(text: str | datetime | None) -> str:
    """A stored time (ISO text, UTC) as a date and time in the reader's language and the
    server's time zone (REFEREE_TIMEZONE)."""
    if not text:
        return ""
    try:
        moment = text if isinstance(text, datetime) else datetime.fromisoformat(text)
    except ValueError:
        return str(text)
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    minute = moment.replace(second=0, microsecond=0)  # what the 'short' time shows
    said: dict[datetime, str] = g.setdefault(_WHEN, {}) if g else {}
    found = said.get(minute)
    if found is None:
        found = said[minute] = f"{format_date(moment, 'medium')} {format_time(moment, 'short')}"
    return found


#: The times a request has written out (its language and time zone are fixed): a match page
#: shows many moves made in the same minute.
_WHEN = "referee_when"


def value_text(value: Any) -> str:
    if value is None:
        return "—"
    if value is True:
        return _("yes")
    if value is False:
        return _("no")
    if isinstance(value, list):
        if value and all(isinstance(v, list) for v in value):
            return ", ".join(f"({value_text(v)})" for v in value)
        return ", ".join(value_text(v) for v in value) if value else "—"  # « aucun » takes a gender
    if isinstance(value, dict):
        shown = [f"{words(k)}: {value_text(v)}" for k, v in value.items()
                 if v not in (None, "", [], {})]
        return " · ".join(shown) if shown else "—"
    return str(value)


def payload_text(payload: dict[str, Any] | None, names: list[str] | None = None) -> str:
    """A move's payload in one line, in words: ``source: stock · target seat: Bob · cards: 7♠,
    7♥`` (players by ``names`` when given, cards as the table writes them)."""
    if not payload:
        return ""
    return " · ".join(_("{name}: {value}", name=vocabulary.field_label(k).lower(),
                        value=on_top_text(payload, names) if k == "on_top"
                        else payload_value(v, k, names))
                      for k, v in payload.items() if v is not None and v != ""
                      and (k != "on_top" or payload.get("other_value") is not None))


def on_top_text(payload: dict[str, Any], names: list[str] | None) -> str:
    """CC-QP-7: which card of a two-card quick play lies on top, in words: the player's own,
    or the other player's by their name (never « l'autre »); a one-card quick play has no
    choice to say."""
    if payload.get("on_top") == "own":
        return pgettext("on top", "their own card")
    other = payload.get("other_seat")
    if isinstance(other, int) and names is not None:
        return _("{seat}'s card", seat=seat_name(other, names))
    return pgettext("on top", "the other player's card")


SEAT_NAMED = frozenset({"offender", "caller", "winner"})
#: A quick score's lists, one value per seat (seat 0 first): each shown with its player's name.
PER_SEAT = frozenset({"cards", "points", "totals", "warriors", "hands"})
CARD_CODE = re.compile(r"^(10|[2-9AJQK])[SHDC]$|^JK$")


def payload_value(value: Any, key: str = "", names: list[str] | None = None) -> str:
    """A payload's value in words: a choice's id (``stock``) in the reader's language, a seat
    by its name, a card (``QH``) as the table writes it (« D♥ »), a warrior by its owner."""
    if names is not None and isinstance(value, int) and not isinstance(value, bool) and (
            is_seat_key(key) or key in SEAT_NAMED):
        return seat_name(value, names)
    if isinstance(value, list):
        listed = list_words(value, key, names)
        if listed is not None:
            return listed
    if isinstance(value, str):
        return text_words(value, key, names)
    return value_text(value)


def list_words(value: list[Any], key: str, names: list[str] | None) -> str | None:
    """A list of cards, or a quick score's list with a value per seat, in words; None for any
    other list (said as a plain value)."""
    if value and all(isinstance(v, str) and CARD_CODE.match(v) for v in value):
        return ", ".join(card_text(v) for v in value)
    if names and key in PER_SEAT and len(value) == len(names):
        return ", ".join(f"{seat_name(seat, names)} {value_text(v)}"
                         for seat, v in enumerate(value))
    return None


def text_words(value: str, key: str, names: list[str] | None) -> str:
    """A payload's text in words: a card by its face, a warrior by its owner, a choice's id
    by its label; any other text as it is."""
    if CARD_CODE.match(value):
        return card_text(value)
    if NEURO_CARD.match(value):
        return messages.card_name(value, reader_locale())
    if names is not None and key in ("warrior", "target") and WARRIOR.match(value):
        return messages.warrior_name(value, names, reader_locale())
    return str(vocabulary.choice_label(value)) if value in vocabulary.CHOICES else value


def seat_name(seat: int, names: list[str]) -> str:
    """A seat by the name given at the table (``seat N`` when it has none)."""
    return names[seat] if 0 <= seat < len(names) and names[seat] else _("seat {n}", n=seat + 1)


def sheet_args() -> dict[str, str]:
    """What a page's CSV download link asks for: the page's language, and for a French reader
    the separator French spreadsheets expect (``;``: they read ``,`` as the decimal mark)."""
    locale = reader_locale()
    return {"lang": locale, "sep": "semicolon"} if locale == "fr" else {"lang": locale}


def game_title(game_id: str) -> str:
    return vocabulary.game_title(game_id, _game_title(game_id))


def seat_label(seat: Any, names: list[str]) -> str:
    """``2`` -> ``seat 3 (Carol)`` (seats counted from 1, as the table counts them); None ->
    ``the table``."""
    if seat is None or seat == "":
        return _("the table")
    if isinstance(seat, int) and 0 <= seat < len(names):
        return _("seat {n} ({name})", n=seat + 1, name=names[seat])
    return _("seat {n}", n=seat + 1) if isinstance(seat, int) else _("seat {n}", n=seat)


def seats_text(game: Any) -> str:
    """How many play a game: ``2 to 4 players`` or ``2 players``."""
    if game.max_seats != game.min_seats:
        return _("{low} to {high} players", low=game.min_seats, high=game.max_seats)
    return ngettext("{num} player", "{num} players", game.min_seats)


def ordinal(place: int) -> str:
    """1 -> 1st (1er in French)."""
    if place == 1:
        return _("1st")
    if place == 2:
        return _("2nd")
    if place == 3:
        return _("3rd")
    return _("{n}th", n=place)


def seat_options(names: list[str], only: Any = None, skip: Any = None) -> list[tuple[int, str]]:
    """Seats as (value, label) pairs for a picker: all of them, or ``only`` those, less ``skip``."""
    seats = range(len(names)) if only is None else only
    return [(s, seat_label(s, names)) for s in seats if s != skip]


def name_choices(names: list[str]) -> list[tuple[int, str]]:
    """The seats as a picker offers them: each by the name given at the table."""
    return [(seat, name or seat_label(seat, names)) for seat, name in enumerate(names)]


def zip_same(values: Any) -> list[tuple[Any, str]]:
    """Values as (value, label) pairs for a picker, each labelled by itself."""
    return [(v, str(v)) for v in values]


def is_grid(value: Any) -> bool:
    """A list of rows of squares (each a record or empty): drawn as a grid (a domain, a board)."""
    return (isinstance(value, list) and bool(value)
            and all(isinstance(row, list) for row in value)
            and all(c is None or isinstance(c, dict) for row in value for c in row)
            and any(isinstance(c, dict) for row in value for c in row))


def as_grid(rows: list[list[Any]]) -> list[list[Any]]:
    """Squares that say their own ``row`` and ``col`` are laid out at those places, with empty
    squares between them; other grids are drawn as given."""
    cells = [c for row in rows for c in row if c is not None]
    if not all(isinstance(c.get("row"), int) and isinstance(c.get("col"), int) for c in cells):
        return rows
    top, bottom = min(c["row"] for c in cells), max(c["row"] for c in cells)
    left, right = min(c["col"] for c in cells), max(c["col"] for c in cells)
    grid: list[list[Any]] = [[None] * (right - left + 1) for _ in range(bottom - top + 1)]
    for c in cells:
        grid[c["row"] - top][c["col"] - left] = c
    return grid


#: What a square shows first; and what it need not repeat (its place, its card's parts).
CELL_MAIN = ("card", "warrior", "value", "player")  # "player": the seat's name, from ``worded``
CELL_QUIET = frozenset({"square", "row", "col", "order", "seat"})
CARD_PARTS = frozenset({"nature", "force", "colour"})  # already said by the card's name


def short(value: Any) -> str:
    """A square's occupant by its name (a warrior's id), else in words."""
    if isinstance(value, dict):
        for key in ("id", "name", "card", "value"):
            if value.get(key) is not None:
                return str(value[key])
    return value_text(value)


def occupant_seat(cell: dict[str, Any]) -> Any:
    """The seat owning what stands on a square, for its colour on the grid."""
    for key in CELL_MAIN:
        if isinstance(cell.get(key), dict) and isinstance(cell[key].get("seat"), int):
            return cell[key]["seat"]
    return cell.get("seat") if isinstance(cell.get("seat"), int) else None


def cell_items(cell: dict[str, Any]) -> list[str]:
    """A square's contents in a few words: its card or warrior first, then what is notable."""
    items = [short(cell[k]) for k in CELL_MAIN if cell.get(k) not in (None, "")]
    for key, value in cell.items():
        if key in CELL_MAIN or key in CELL_QUIET or value is None or value is False:
            continue
        if key in CARD_PARTS and cell.get("card"):
            continue
        if value in ("", [], {}):
            continue
        label = vocabulary.table_word(key)
        items.append(label if value is True else _("{name}: {value}", name=label,
                                                    value=value_text(value)))
    return items


def has_grid(value: Any) -> bool:
    """A grid, or a record holding one (a domain's rows): shown before the seats."""
    if isinstance(value, dict):
        return any(is_grid(v) for v in value.values())
    return is_grid(value)


def record_keys(records: list[dict[str, Any]]) -> list[str]:
    """The columns of a list of records: every key, in first-seen order."""
    keys: dict[str, None] = {}
    for record in records:
        keys.update(dict.fromkeys(record))
    return list(keys)


def is_records(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and all(isinstance(v, dict) for v in value)


def is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def is_cards(value: Any) -> bool:
    """A hand: a list of cards, each a value, an unknown (None) or a small card record."""
    return isinstance(value, list) and all(
        is_scalar(v) or (isinstance(v, dict) and ("value" in v or "card" in v)) for v in value)


def citroncoco_deck(options: Any) -> list[dict[str, Any]]:
    """The cards of a CitronCoco match's deck (its own composition, else the default), as the
    pickers show them."""
    return citron_cards(deck_values(dict(options or {})))


def init_app(app: Flask) -> None:
    app.jinja_env.filters.update(words=words, when=when, value_text=value_text,
                                 payload_text=payload_text, game_title=game_title,
                                 seat_label=seat_label, as_grid=as_grid, seat_options=seat_options,
                                 zip_same=zip_same,
                                 cell_items=cell_items, record_keys=record_keys,
                                 has_grid=has_grid, occupant_seat=occupant_seat,
                                 seats_text=seats_text, ordinal=ordinal,
                                 move_name=vocabulary.move_name, move_word=vocabulary.move_word,
                                 status_text=vocabulary.status_text,
                                 unit_text=vocabulary.unit_text,
                                 table_word=vocabulary.table_word,
                                 phase_word=vocabulary.phase_word,
                                 verdict_kind=vocabulary.verdict_kind,
                                 rule_text=vocabulary.rule_text,
                                 where_text=vocabulary.where_text,
                                 translated=vocabulary.translated)
    app.jinja_env.tests.update(grid=is_grid, records=is_records, scalar=is_scalar,
                               cards=is_cards)
    app.jinja_env.globals.update(game_title=game_title, citroncoco_deck=citroncoco_deck,
                                 option_word=vocabulary.option_label, sheet_args=sheet_args,
                                 most_of_a_value=MAX_OF_A_VALUE)  # a hand's count, at most
    app.jinja_env.filters.update(
        name_choices=name_choices, decimal=format_decimal, hand_counts_of=hand_counts_of,
        code_word=lambda code, kind: messages.code_word(kind, code, reader_locale()),
        warrior_word=lambda ident, names: messages.warrior_name(ident, names, reader_locale()),
        card_word=lambda card: messages.card_name(str(card), reader_locale()),
        sequence_length=lambda game_id, move_type, f: generic.sequence_length(game_id,
                                                                              move_type, f),
        picked=generic.picked)
    app.jinja_env.filters.update(option_picker_kind=options.picker)
    app.jinja_env.globals.update(deck_counts=options.deck_counts, board_rows=options.board_rows,
                                 layout_letters=options.layout_letters,
                                 layout_word=options.layout_word,
                                 layout_class=options.layout_class)
    app.jinja_env.filters.update(table_facts=table_facts, said_keys=said_keys, worded=worded,
                                 phase_words=lambda phase, game: phase_words(game, phase))
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True

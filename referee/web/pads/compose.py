"""Reading a pad's composite inputs back into the payload fields the schemas expect.

A card picked as its parts, a grid square tapped, several cards in the order laid, one picker
per card of a revealed hand: nothing here knows a rule, it only writes the values the way the
schemas spell them. The engine still judges every move.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qsl

from werkzeug.datastructures import MultiDict

from referee.edge.i18n import gettext as _
from referee.edge.validation import MAX_INT, small_int
from referee.service.games import JOKER_CARD
from referee.web.forms import FormError

MAX_CELLS = 64  # the most rows, parts or cards a pad's grid or card picker posts

CARD_PARTS = 3  # a card given as its parts: nature, colour, force (Neurotrio)
PICKED = ("type", "p.", "card.", "part.")  # what a tapped button may set

Form = MultiDict[str, str]


def compose(form: Mapping[str, Any]) -> Form:
    """The posted form with the pad's composite inputs written as plain payload fields.

    - ``pick``: a tapped button's values, ``type=move&p.to=d4`` (a button posts one value);
    - ``part.<f>.<i>`` joined by ``join.<f>``: a card given as its parts (coeur, noir, 2);
    - ``card.<f>.rank`` and ``card.<f>.suit`` (or the tapped square's ``card.<f>.hint``);
    - ``cards.<f>.rank`` with several ``cards.<f>.suit``: cards of one rank, ``7H 7S``, in the
      order laid (``cards.<f>.order`` or ``cards.<f>.top``, see ``laid_order``);
    - ``seq.<f>.<i>.rank`` and ``seq.<f>.<i>.suit``: cards of any rank, in the order laid
      (``<i>``, the position the player gave, or the order tapped, ``seq.<f>.order``);
    - ``list.<f>``, posted several times: a list (squares ticked, colours chosen);
    - ``map.<f>.<key>``: a JSON object, one input per key;
    - ``cardmap.<f>.<key>.rank`` and ``.suit``: a JSON object of ordinary cards, one picker
      per key (the cards each seat drew);
    - ``grid.<f>`` rows of ``grid.<f>.<r>.<c>`` (``grid.<f>.<r>.n`` cards): a line per row;
    - ``cardparts.<f>.<i>.<j>``: several cards each given as its parts, in order;
    - ``records.<f>`` = "key value" names, ``records.<f>.<key>``: a JSON list of records;
    - ``known.<f>.<key>``: the value the table already knows for ``p.<key>`` (a card's value
      at a position), used when ``p.<f>`` is left empty;
    - ``each.<f>.<i>``: one input per seat, a line each in seat order, each due;
    - ``rows.<f>.<i>.<key>``: one record per seat, a JSON list in seat order (whole numbers
      as numbers; an empty input is left out);
    - ``counts.<f>`` = the number of seats, ``counts.<f>.<i>.<value>``: how many cards of each
      value seat ``<i>`` holds, a line per seat in seat order (an empty hand: ``-``).
    A payload field already filled in (``p.<f>``) is left as posted.
    """
    pairs = form.items(multi=True) if isinstance(form, MultiDict) else form.items()
    out: Form = MultiDict(pairs)
    for key, value in parse_qsl(out.get("pick") or "", keep_blank_values=True):
        if key.startswith(PICKED):
            out.setlist(key, [value])
    made: dict[str, str] = {}
    for key in list(out.keys()):
        head, _dot, rest = key.partition(".")
        name = rest.split(".", 1)[0]
        reader = READERS.get(head)
        if reader is None or not name or name in made or filled(out, name):
            continue  # what was typed in full wins
        made[name] = reader(out, name, key)
    for name, text in made.items():
        if text and not filled(out, name):
            out.setlist(f"p.{name}", [text])
    return out


def filled(form: Form, name: str) -> bool:
    return bool((form.get(f"p.{name}") or "").strip())


def one_card(form: Form, name: str, key: str) -> str:
    return ordinary_card(name, form.get(f"card.{name}.rank", ""),
                         form.get(f"card.{name}.suit") or form.get(f"card.{name}.hint", ""))


def same_rank(form: Form, name: str, key: str) -> str:
    rank = form.get(f"cards.{name}.rank", "")
    suits = laid_order(form, name)
    if not rank and not suits:
        return ""
    return " ".join(ordinary_card(name, rank, suit) for suit in suits or [""])


def mapped_json(form: Form, name: str, key: str) -> str:
    found = mapped(form, f"map.{name}.")
    return json.dumps(found) if found else ""


def listed(form: Form, name: str, key: str) -> str:
    return " ".join(v.strip() for v in form.getlist(key) if v.strip())


def known_value(form: Form, name: str, key: str) -> str:
    """The value the table knows at the position chosen (``known.value.<slot>``)."""
    by = form.get(f"known.{name}.by") or "slot"
    at = (form.get(f"p.{by}") or "").strip()
    return (form.get(f"known.{name}.{at}") or "").strip() if at else ""


READERS: dict[str, Callable[[Form, str, str], str]] = {
    "part": lambda form, name, key: joined_parts(form, name),
    "join": lambda form, name, key: joined_parts(form, name),
    "card": one_card,
    "cards": same_rank,
    "seq": lambda form, name, key: in_sequence(form, name),
    "map": mapped_json,
    "cardmap": lambda form, name, key: card_map(form, name),
    "grid": lambda form, name, key: grid_lines(form, name),
    "list": listed,
    "records": lambda form, name, key: records(form, name),
    "known": known_value,
    "cardparts": lambda form, name, key: cards_of_parts(form, name),
    "each": lambda form, name, key: each_seat(form, name),
    "rows": lambda form, name, key: rows_by_seat(form, name),
    "counts": lambda form, name, key: counted_hands(form, name),
}


def indexed(form: Form, prefix: str) -> list[tuple[int, str]]:
    """``prefix<i>`` inputs as (i, value), by ``i``."""
    found = []
    for key in form:
        if key.startswith(prefix):
            index = small_int(key[len(prefix):], MAX_CELLS)
            if index is not None:
                found.append((index, form.get(key, "").strip()))
    return sorted(found)


def joined_parts(form: Form, name: str) -> str:
    parts = indexed(form, f"part.{name}.")
    if not any(v for _i, v in parts):
        return ""
    if not all(v for _i, v in parts):
        raise FormError(name, _("pick each part of the card."))
    return (form.get(f"join.{name}") or "-").join(v for _i, v in parts)


def cards_of_parts(form: Form, name: str) -> str:
    """Several cards each given as its parts (``cardparts.<f>.<i>.<j>``): ``coeur-noir-2
    rose-vert-1``, in the pickers' order."""
    cards = []
    for i in range(MAX_CELLS):
        parts = indexed(form, f"cardparts.{name}.{i}.")
        if not parts:
            continue
        if len(parts) < CARD_PARTS or not all(v for _j, v in parts):
            raise FormError(name, _("pick each part of card {n}.", n=i + 1))
        cards.append("-".join(v for _j, v in parts))
    return " ".join(cards)


def laid_order(form: Form, name: str) -> list[str]:
    """The suits ticked for ``cards.<f>``, in the order the player laid them, the last on top.

    The pad's script writes the order of the taps to ``cards.<f>.order`` ("D C": ♦ then ♣);
    without it, ``cards.<f>.top`` names the suit that ends on top. Checkboxes alone post in
    the page's order, which is not the player's.
    """
    ticked = [s.strip().upper() for s in form.getlist(f"cards.{name}.suit") if s.strip()]
    tapped = (form.get(f"cards.{name}.order") or "").upper().split()
    laid = [s for s in dict.fromkeys(tapped) if s in ticked]
    laid = [s for s in ticked if s not in laid] + laid  # untracked ones first, under the taps
    top = (form.get(f"cards.{name}.top") or "").strip().upper()
    if top in laid:
        laid = [s for s in laid if s != top] + [top]
    return laid


def in_sequence(form: Form, name: str) -> str:
    """Cards of any rank given one picker each (``seq.<f>.<i>.rank``/``.suit``), in the order
    laid: the pickers' positions, or the order tapped (``seq.<f>.order``, "2 0 1")."""
    picked: dict[int, str] = {}
    for i in range(MAX_CELLS):
        rank = form.get(f"seq.{name}.{i}.rank", "")
        suit = form.get(f"seq.{name}.{i}.suit", "")
        if f"seq.{name}.{i}.rank" not in form and f"seq.{name}.{i}.suit" not in form:
            continue
        card = ordinary_card(name, rank, suit)
        if card:
            picked[i] = card
    tapped = [small_int(t, MAX_CELLS) for t in (form.get(f"seq.{name}.order") or "").split()]
    order = [i for i in dict.fromkeys(t for t in tapped if t is not None) if i in picked]
    order += [i for i in sorted(picked) if i not in order]
    return " ".join(picked[i] for i in order)


def ordinary_card(name: str, rank: str, suit: str) -> str:
    """A card as the schemas write it: rank then suit letter (``10H``), or ``JK``."""
    rank, suit = rank.strip().upper(), suit.strip().upper()
    if not rank and not suit:
        return ""
    if rank == JOKER_CARD:
        return JOKER_CARD
    if not rank:
        raise FormError(name, _("pick the card's rank."))
    if not suit:
        raise FormError(name, _("pick the card's suit."))
    return rank + suit


def mapped(form: Form, prefix: str) -> dict[str, str]:
    return {k[len(prefix):]: form.get(k, "").strip() for k in form
            if k.startswith(prefix) and form.get(k, "").strip()}


def card_map(form: Form, name: str) -> str:
    """One ordinary card per key (``cardmap.<f>.<key>.rank``/``.suit``) as a JSON object; a
    key whose picker was left alone is left out."""
    prefix = f"cardmap.{name}."
    keys = dict.fromkeys(k[len(prefix):].rpartition(".")[0] for k in form
                         if k.startswith(prefix) and k.endswith((".rank", ".suit")))
    found = {}
    for key in keys:
        card = ordinary_card(name, form.get(f"{prefix}{key}.rank", ""),
                             form.get(f"{prefix}{key}.suit", ""))
        if card:
            found[key] = card
    return json.dumps(found) if found else ""


def grid_lines(form: Form, name: str) -> str:
    """One line per row of ``grid.<f>``; a row says how many cards it has (``.n``), so a
    picker left empty is caught rather than dropped."""
    rows = max(0, min(small_int(form.get(f"grid.{name}")) or 0, MAX_CELLS))
    lines = []
    for r in range(rows):
        cells = dict(indexed(form, f"grid.{name}.{r}."))
        count = small_int(form.get(f"grid.{name}.{r}.n"), MAX_CELLS)
        wanted = range(count) if count is not None else sorted(cells)
        if any(not cells.get(c) for c in wanted):
            raise FormError(name, _("give every card (row {row} has an empty one).",
                                    row=r + 1))
        lines.append(" ".join(cells[c] for c in wanted) or "-")
    return "\n".join(lines)


def records(form: Form, name: str) -> str:
    key_name, _sp, value_name = (form.get(f"records.{name}") or "key value").partition(" ")
    found = []
    for key, value in mapped(form, f"records.{name}.").items():
        number = small_int(key, MAX_INT)
        found.append({key_name: key if number is None else number, value_name: value})
    return json.dumps(found) if found else ""


def each_seat(form: Form, name: str) -> str:
    """One value per seat (``each.<f>.<i>``), a line each in seat order: cards left or
    warriors standing as the rounds-only pad asks for them, seat by seat."""
    values = indexed(form, f"each.{name}.")
    if not any(v for _i, v in values):
        return ""  # left alone: the field is not given
    if not all(v for _i, v in values):
        raise FormError(name, _("give a value for every seat."))
    return "\n".join(v for _i, v in values)


def rows_by_seat(form: Form, name: str) -> str:
    """One record per seat (``rows.<f>.<i>.<key>``), as a JSON list in seat order: a
    Neurotrio player's victory points by source."""
    found: dict[int, dict[str, Any]] = {}
    for key in form:
        if not key.startswith(f"rows.{name}."):
            continue
        index, _dot, field = key[len(f"rows.{name}."):].partition(".")
        seat, text = small_int(index, MAX_CELLS), form.get(key, "").strip()
        if seat is None or not field:
            continue
        row = found.setdefault(seat, {})
        if text:
            number = small_int(text, MAX_INT)
            row[field] = text if number is None else number
    return json.dumps([found[s] for s in sorted(found)]) if found else ""


#: The most cards of one value a hand is said to hold (a deck holds at most a few of each).
MAX_OF_A_VALUE = 20


def counted_hands(form: Form, name: str) -> str:
    """Each seat's hand from how many cards of each value it holds (``counts.<f>.<i>.<v>``):
    a line per seat, its values from the lowest; ``-`` for a hand with no card."""
    seats = small_int(form.get(f"counts.{name}"), MAX_CELLS)
    if not seats:
        return ""
    lines = []
    for seat in range(seats):
        hand: list[int] = []
        for key, text in mapped(form, f"counts.{name}.{seat}.").items():
            value, many = small_int(key, MAX_INT), (text or "0").strip() or "0"
            count = small_int(many, MAX_OF_A_VALUE) if many.isdigit() else None
            if value is None or count is None:
                raise FormError(name, _("how many cards of each value: a whole number from 0 "
                                        "to {most}.", most=MAX_OF_A_VALUE))
            hand += [value] * count
        lines.append(" ".join(str(v) for v in sorted(hand)) or "-")
    return "\n".join(lines)


def hand_counts_of(hands: Any, field: str) -> dict[str, str]:
    """Hands (lists of values, or the lines a form posted) as the counts the hand pickers show
    (``counts.<field>.<seat>.<value>``): the inverse of ``counted_hands``."""
    if isinstance(hands, str):
        hands = [[int(v) for v in line.split() if v.lstrip("-").isdigit()]
                 for line in hands.splitlines()]
    counts: dict[str, str] = {}
    for seat, hand in enumerate(hands if isinstance(hands, list) else []):
        for value in hand if isinstance(hand, list) else []:
            key = f"counts.{field}.{seat}.{value}"
            counts[key] = str(int(counts.get(key, "0")) + 1)
    return counts


def round_inputs(payload: Mapping[str, Any]) -> dict[str, str]:
    """A logged round as the rounds-only form's inputs (``p.<f>``, ``each.<f>.<i>``,
    ``rows.<f>.<i>.<key>``, hands as ``counts.<f>.<i>.<value>``), the inverse of ``compose``:
    a correction starts from the round's own values, seat by seat."""
    out: dict[str, str] = {}
    for name, value in payload.items():
        if isinstance(value, list) and all(isinstance(item, list) for item in value):
            out.update(hand_counts_of(value, name))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, Mapping):
                    out.update({f"rows.{name}.{i}.{k}": str(v) for k, v in item.items()})
                else:
                    out[f"each.{name}.{i}"] = str(item)
        elif value is not None:
            out[f"p.{name}"] = str(value)
    return out

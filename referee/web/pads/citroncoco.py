"""CitronCoco's pad (each for themself, and teams): real cards to tap, values logged.

Every card entry is a picker of the deck's cards (A…10, V, D, R with the red king, -1, and the
black king, 13, apart); a card the table already knows is shown and filled in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.edge.wording import reader_locale
from referee.service import messages
from referee.service.games import CITRONCOCO_DECK, CITRONCOCO_POWERS
from referee.web.pads.cards import citron_card, citron_cards

#: What each power's form asks, as PowerSchema describes its fields (1 Assault: a seat; 2 Fellow
#: and 7 Seadog: a seat's card; 9 Witch: a seat; 10 Spy: a card and its value; 12 Queen: two
#: cards; -1 Captain: nothing to choose).
POWER_FIELDS: dict[int, tuple[str, ...]] = {
    1: ("target_seat",),
    2: ("target_seat", "slot"),
    7: ("target_seat", "slot"),
    9: ("target_seat",),
    10: ("target_seat", "slot", "value"),
    12: ("target_seat", "slot", "other_seat", "other_slot"),
    -1: (),
}
EVERY_FIELD = ("target_seat", "slot", "value", "other_seat", "other_slot")


def deck_values(options: Mapping[str, Any]) -> list[int]:
    """The values the match's deck holds (its own composition, else the default deck)."""
    deck = options.get("deck") or CITRONCOCO_DECK
    values = []
    for value, count in dict(deck).items():
        try:
            if int(count) > 0:
                values.append(int(value))
        except (TypeError, ValueError):
            continue
    return values or list(CITRONCOCO_DECK)


def known_values(legal: list[Mapping[str, Any]], seat: int) -> dict[int, int]:
    """The values the engine knows for ``seat``'s own row, read from its legal moves: a position
    a quick play or a replacement may only show with one value (CC-LOG-2, CC-DECK-1)."""
    found: dict[int, set[int]] = {}
    for move in legal:
        if move.get("type") in ("quick_play", "replace") and move.get("seat") == seat:
            for payload in move.get("payloads") or []:
                if isinstance(payload.get("slot"), int) and isinstance(payload.get("value"), int):
                    found.setdefault(payload["slot"], set()).add(payload["value"])
    return {slot: values.pop() for slot, values in found.items() if len(values) == 1}


def unseen_values(legal: list[Mapping[str, Any]], seat: int) -> list[int] | None:
    """CC-DECK-1: the values a face-down card may still show, read from the seat's legal
    discard of an unknown drawn card (None: not offered now)."""
    for move in legal:
        if move.get("type") == "discard" and move.get("seat") == seat:
            values = [p.get("value") for p in move.get("payloads") or []]
            return [v for v in values if isinstance(v, int)] if len(values) > 1 else None
    return None


def row(cards: list[Mapping[str, Any]], known: Mapping[int, int] | None = None
        ) -> list[dict[str, Any]]:
    """A seat's row as cards: each position with its card when the table (or the engine, for
    the seat's own row) knows it."""
    out = []
    for c in cards:
        value = c.get("value")
        if value is None and known:
            value = known.get(c.get("slot"))  # type: ignore[arg-type]
        out.append({"slot": c.get("slot"), "known": value, "card": citron_card(value),
                    "face_up": bool(c.get("face_up"))})
    return out


def power_word(value: Any) -> str:
    """The power's name as the reader's rule text gives it (« Seadog », « ravitaillement »), ""
    for a card without one."""
    name = CITRONCOCO_POWERS.get(value, "")
    return messages.code_word("power", name, reader_locale()) if name else ""


def offered_values(legal: list[Mapping[str, Any]], seat: int, move_type: str, field: str
            ) -> list[Any]:
    """The values the engine offers ``seat`` for one field of a move (first offered first)."""
    found: list[Any] = []
    for move in legal:
        if move.get("type") == move_type and move.get("seat") == seat:
            for value in (move.get("choices") or {}).get(field, []):
                if value not in found:
                    found.append(value)
    return found


def power_of(mine: Mapping[str, Any], top: Any, legal: list[Mapping[str, Any]], seat: int
             ) -> dict[str, Any]:
    """The power to use, its fields, and the seats its rule lets it aim at (CC-FELLOW-2,
    CCT-FELLOW-1: the Fellow only a teammate's, or one's own)."""
    value: Any = mine.get("power") if mine.get("power") is not None else top
    return {"value": value, "card": citron_card(value), "name": power_word(value),
            "fields": POWER_FIELDS.get(value, EVERY_FIELD),
            "seats": offered_values(legal, seat, "power", "target_seat"),
            "other_seats": offered_values(legal, seat, "power", "other_seat")}


def quick_sum(table: Mapping[str, Any], seat: int, offered: list[str],
              known: Mapping[int, int]) -> dict[str, Any] | None:
    """CC-QP-5: the two rows a sum quick play takes its cards from (none: not open)."""
    seats = table.get("seats") or []
    partners = (table.get("sum_with") or {}).get(str(seat)) or []
    if "quick_play" not in offered or not partners or partners[0] >= len(seats):
        return None
    other = partners[0]
    return {"with": other, "mate": other != seat, "own": row(seats[seat].get("hand", []), known),
            "other": row(seats[other].get("hand", []))}


def reveal_grid(table: Mapping[str, Any], host: bool) -> list[dict[str, Any]] | None:
    """The host's reveal: one row of pickers per seat, each card the table knows filled in."""
    if not host or not table.get("reveal_due"):
        return None
    return [{"seat": s["seat"], "cards": row(s.get("hand", []))}
            for s in table.get("seats") or []]


def citroncoco(table: Mapping[str, Any], seat: int, host: bool, args: Mapping[str, Any], *,
               options: Mapping[str, Any] | None = None,
               legal: list[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    seats = table.get("seats") or []
    moves = list((table.get("moves") or {}).get(str(seat), []))
    mine = seats[seat] if seat < len(seats) else {"hand": []}
    top = (table.get("discard") or {}).get("top")
    held = table.get("held") or None
    known = known_values(legal or [], seat)
    return {
        "offered": moves,
        "slots": row(mine.get("hand", []), known),
        "top": top,
        "top_card": citron_card(top) if top is not None else None,
        "held": held if held and held.get("seat") == seat else None,
        "held_card": citron_card(held.get("value")) if held else None,
        "power": power_of(mine, top, legal or [], seat) if "power" in moves else None,
        "draw_sources": offered_values(legal or [], seat, "draw", "source"),
        "slot_choices": list(range(1, 1 + max(
            (len(s.get("hand", [])) for s in seats), default=0))),
        "reveal": reveal_grid(table, host),
        "quick_sum": quick_sum(table, seat, moves, known),
        "deck": citron_cards(deck_values(options or {})),
        "unseen": unseen_values(legal or [], seat),
    }

"""Carte et Plouc's pad: cards of one rank picked by their faces and suits, in the order laid."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.web.pads.cards import card_text, ranks, suit_word, suits


def owing(table: Mapping[str, Any], seat: int,
          legal: list[Mapping[str, Any]] | None = None) -> list[int]:
    """The other seats a contre from ``seat`` would be upheld on (PL-ZZ-1): those the engine's
    legal moves name; without them, those the view says forgot an announcement."""
    if legal is not None:
        return [p["target_seat"] for move in legal
                if move.get("type") == "contre" and move.get("seat") == seat
                for p in move.get("payloads") or [] if "target_seat" in p]
    phase, finisher = table.get("phase"), table.get("finisher")
    return [s["seat"] for s in table.get("seats") or []
            if s["seat"] != seat and (s.get("carte_due") or (phase == "plouc"
                                                           and finisher == s["seat"]))]


def may_say(legal: list[Mapping[str, Any]] | None, seat: int, word: str) -> bool:
    """Whether the engine would take ``word`` from ``seat`` now (a late "carte" already said
    is not offered again: the engine would refuse it); without the legal moves, the view's
    ``carte_due`` alone decides."""
    if legal is None:
        return True
    return any(move.get("type") == "announce" and move.get("seat") == seat
               and any(p.get("word") == word for p in move.get("payloads") or [])
               for move in legal or [])


def plouc(table: Mapping[str, Any], seat: int, host: bool, args: Mapping[str, Any], *,
          options: Mapping[str, Any] | None = None,
              legal: list[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    seats = table.get("seats") or []
    mine = seats[seat] if seat < len(seats) else {}
    phase = table.get("phase")
    top = (table.get("discard") or {}).get("top")
    return {
        "phase": phase,
        "my_turn": table.get("turn") == seat and phase == "play",
        "draw_now": table.get("draw_now") or 0,
        "carte_due": bool(mine.get("carte_due")) and may_say(legal, seat, "carte"),
        "plouc_due": phase == "plouc" and table.get("finisher") == seat,
        "owing": owing(table, seat, legal),
        "slap_open": bool(table.get("slap_open")),
        "others": [s["seat"] for s in seats if s["seat"] != seat],
        "top": top,
        "top_text": card_text(top),
        "suit": table.get("suit"),
        "suit_text": suit_word(table.get("suit")),
        "ranks": ranks(),
        "suits": suits(),
    }

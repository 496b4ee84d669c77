"""Neurotrio's pad: the domain as a tappable grid; cards picked by their signs and colours."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.edge.i18n import gettext as _
from referee.service.games import NEUROTRIO_FORCES, NEUROTRIO_NATURES, NEUROTRIO_TOKENS
from referee.web.vocabulary import choice_label

NATURE_SIGNS = {"coeur": "♥", "etoile": "★", "rose": "✿"}


def nature_name(nature: str) -> str:
    names = {"coeur": _("heart"), "etoile": _("star"), "rose": _("rose")}
    return names.get(nature, nature)


def natures() -> list[dict[str, str]]:
    return [{"value": n, "sign": NATURE_SIGNS.get(n, n), "name": nature_name(n)}
            for n in NEUROTRIO_NATURES]


def card_label(cell: Mapping[str, Any] | None) -> str:
    """A domain card in short: its nature's sign, colour and force (``♥ noir 2``)."""
    if not cell:
        return ""
    sign = NATURE_SIGNS.get(cell.get("nature", ""), "")
    return f"{sign} {cell.get('colour', '')} {cell.get('force', '')}".strip()


def domain_grid(domain: Mapping[str, Any]) -> list[list[dict[str, Any]]]:
    """The domain's bounding box, with its cards and the squares bordering it."""
    placed = {(c["row"], c["col"]): c for line in domain.get("rows") or [] for c in line if c}
    frontier = {(r, c) for r, c in domain.get("frontier") or []}
    every = set(placed) | frontier
    if not every:
        return []
    rows = [r for r, _c in every]
    cols = [c for _r, c in every]
    return [[{"row": r, "col": c, "placed": placed.get((r, c)),
              "label": card_label(placed.get((r, c))), "frontier": (r, c) in frontier}
             for c in range(min(cols), max(cols) + 1)]
            for r in range(min(rows), max(rows) + 1)]


def fits(legal: list[Mapping[str, Any]], seat: int) -> dict[str, list[str]]:
    """Where each card may be placed now (NT-DOM), from the seat's legal moves: card ->
    ``"row,col"`` cells, for the pad to light the cells the chosen card fits."""
    found: dict[str, list[str]] = {}
    for move in legal:
        if move.get("type") == "place" and move.get("seat") == seat:
            for p in move.get("payloads") or []:
                if {"card", "row", "col"} <= set(p):
                    found.setdefault(str(p["card"]), []).append(f"{p['row']},{p['col']}")
    return found


def reveals(table: Mapping[str, Any], offered: list[str]) -> dict[str, Any]:
    """The end of the game: the last player's cards to reveal, the tokens still face down."""
    last = next((s for s in table.get("seats") or [] if s.get("last_player")), None)
    unrevealed = [b["base"] for b in table.get("bids") or [] if b.get("token") is None]
    reveal = None
    if last is not None and "reveal" in offered:
        reveal = {"seat": last["seat"], "cards": last.get("hand_size", 0)}
    return {"reveal": reveal, "unrevealed": unrevealed if "reveal_bids" in offered else []}


def neurotrio(table: Mapping[str, Any], seat: int, host: bool, args: Mapping[str, Any], *,
              options: Mapping[str, Any] | None = None,
              legal: list[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    offered = [m["type"] for m in table.get("moves") or []
               if m.get("seats") is None or seat in m["seats"]]
    seats = table.get("seats") or []
    return {
        "offered": offered,
        "grid": domain_grid(table.get("domain") or {}),
        "tap": "place" if "place" in offered else "bid" if "bid" in offered else None,
        "natures": natures(),
        "colours": list(table.get("colours") or []),
        "forces": list(NEUROTRIO_FORCES),
        "bases": list(table.get("bases_left") or []),
        "tokens": list(NEUROTRIO_TOKENS),
        "token_choices": [(str(t), str(choice_label(t))) for t in NEUROTRIO_TOKENS],
        "bidding": table.get("bidding"),
        "hand_size": seats[seat].get("hand_size") if seat < len(seats) else None,
        **reveals(table, offered),
        "fits": fits(legal or [], seat),
    }

"""CrocoNounours's pad: the board as a tappable grid; cards picked by their faces and suits."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from referee.edge.i18n import gettext as _
from referee.service.games import croco_corners, croco_deployment
from referee.web.pads.cards import card_text, joker, ranks, suits

#: How a reach's card suit reads, and the move it makes (club and spade step; the rest strike).
REACH = {
    "club": ("move", "to", "C", "♣"),
    "spade": ("move", "to", "S", "♠"),
    "diamond": ("attack", "target", "D", "♦"),
    "heart": ("attack", "target", "H", "♥"),
    "shot": ("attack", "target", "", ""),
}
DISCARD_MOST = 7  # pickers for a discard: a full hand (CN-HAND: seven cards at most)
DEFENCE_MOST = 3  # CN-DEF: one to three cards


def reach_label(kind: str, sign: str) -> str:
    if kind == "shot":
        return _("shot")
    return _("{sign} step", sign=sign) if kind in ("club", "spade") else _(
        "{sign} strike", sign=sign)


def targets_of(chosen: Mapping[str, Any] | None) -> dict[str, list[dict[str, str]]]:
    """The squares the chosen warrior reaches, with the move each card suit makes there."""
    targets: dict[str, list[dict[str, str]]] = {}
    if chosen is None:
        return targets
    for kind, squares in (chosen.get("reach") or {}).items():
        type_, field, letter, sign = REACH.get(kind, ("attack", "target", "", ""))
        for square in squares:
            targets.setdefault(square, []).append(
                {"type": type_, "field": field, "suit": letter,
                 "label": reach_label(kind, sign), "kind": kind})
    return targets


def deployment(table: Mapping[str, Any], mine: Mapping[str, Any], args: Mapping[str, Any],
               legal: list[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The deployment: the corners the engine offers (CN-SETUP-3: at two players, only the one
    opposite the first), and the squares of the one tapped."""
    used = {s.get("corner") for s in table.get("seats") or [] if s.get("corner")}
    corners = [c for c in croco_corners() if c not in used]
    if legal is not None:
        offered = {c for m in legal if m.get("type") == "deploy"
                   for c in (m.get("choices") or {}).get("corner", [])}
        corners = [c for c in corners if c in offered]
    corner = args.get("corner") if args.get("corner") in corners else None
    team = [c for c in mine.get("team") or [] if c]
    squares = croco_deployment(corner) if corner else []
    return {"corners": corners, "corner": corner, "team": team,
            "placement": list(zip(squares, team, strict=False)),
            "colours": sorted(set(team)) or ["red", "green", "yellow"]}


def chosen_warrior(warriors: list[dict[str, Any]], asked: Any) -> dict[str, Any] | None:
    chosen = next((w for w in warriors if w["id"] == asked), None)
    return warriors[0] if chosen is None and len(warriors) == 1 else chosen


def defence(table: Mapping[str, Any], seat: int) -> dict[str, Any] | None:
    pending = table.get("pending_attack")
    if not pending or pending.get("defender_seat") != seat or table.get("phase") != "defence":
        return None
    return {**pending, "card_text": card_text(pending.get("card")),
            "dodge_text": suit_text(pending.get("dodge_suit")),
            "parry_text": suit_text(pending.get("parry_suit"))}


def suit_text(letter: Any) -> str:
    """A suit the rules name, as its sign and word (``♠ spades``)."""
    found = next((s for s in suits() if s["value"] == letter), None)
    return f"{found['sign']} {found['name']}" if found else ""


def setting_up(table: Mapping[str, Any], mine: Mapping[str, Any], seat: int,
               args: Mapping[str, Any], legal: list[Mapping[str, Any]] | None = None
               ) -> dict[str, Any]:
    """The set-up's parts: the team chosen, the obstacles, the deployment."""
    phase, my_turn = table.get("phase"), table.get("turn") == seat
    deploy = deployment(table, mine, args, legal) if phase == "deploy" and my_turn else None
    obstacles = None
    if phase == "obstacles" and my_turn:
        obstacles = {c["square"] for line in table.get("board") or [] for c in line
                     if not c.get("warrior") and not c.get("obstacle")}
    return {
        "choose_team": phase in ("first_player", "deploy") and mine.get("team_chosen") is False,
        "obstacles": obstacles,
        "deploy": deploy,
        "corner_links": set(deploy["corners"]) if deploy else set(),
        "contenders": list(table.get("contenders") or []),
    }


def croconounours(table: Mapping[str, Any], seat: int, host: bool, args: Mapping[str, Any], *,
                  options: Mapping[str, Any] | None = None,
              legal: list[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    seats = table.get("seats") or []
    mine = seats[seat] if seat < len(seats) else {}
    phase = table.get("phase")
    my_turn = table.get("turn") == seat
    warriors = [w for w in mine.get("warriors", []) if w.get("square")]
    chosen = chosen_warrior(warriors, args.get("warrior"))
    held = len(mine.get("hand") or []) or DISCARD_MOST
    return {
        **setting_up(table, mine, seat, args, legal),
        "phase": phase,
        "my_turn": my_turn,
        "board": table.get("board") or [],
        "warriors": warriors,
        "chosen": chosen,
        "targets": targets_of(chosen),
        "colours": ("red", "green", "yellow"),
        "draw_needed": mine.get("draw_needed", 0),
        "draw_most": mine.get("draw_most", 0),
        "acting": my_turn and phase in ("discard", "draw", "action"),
        "defence": defence(table, seat),
        "defence_most": DEFENCE_MOST,
        "discard_most": min(held, DISCARD_MOST),
        "ranks": ranks(),
        "suits": suits(),
        "joker": joker(),
    }

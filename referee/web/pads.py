"""The move pad of each game: the engine's view arranged as buttons, pickers and tappable grids.

Presentation only. What a seat may post now, which squares a warrior reaches, which cells border
the domain, how many cards to draw: all of it is read from the engine's ``view`` (or a helper it
publishes). This module only decides how that reads on a phone: which seat the pad acts for, which
squares become buttons, which values prefill an input. The engine still judges every move.

It also reads the pad's composite inputs back into the payload fields the schemas expect
(``compose``): a card picked as its parts, a grid square tapped, several cards of one rank, one
input per card of a revealed hand. Nothing there knows a rule either: it only writes values the
way the schemas spell them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any
from urllib.parse import parse_qsl

from werkzeug.datastructures import MultiDict

from referee.engines.cards import JOKER
from referee.engines.citroncoco.core import POWER_NAMES
from referee.engines.croconounours import board as croco_board
from referee.engines.neurotrio import FORCES, NATURES, TOKENS
from referee.service.matches import Access
from referee.validation import MAX_INT, small_int
from referee.web.forms import FormError

MAX_CELLS = 64  # the most rows or parts a pad's grid or card picker posts

# --- ordinary cards, as the pickers show them ---------------------------------------------------

RANKS: tuple[tuple[str, str], ...] = (
    ("A", "A"), *((str(n), str(n)) for n in range(2, 11)), ("J", "J"), ("Q", "Q"), ("K", "K"))
SUITS: tuple[tuple[str, str, str], ...] = (  # letter, symbol, word
    ("C", "♣", "clubs"), ("S", "♠", "spades"), ("D", "♦", "diamonds"), ("H", "♥", "hearts"))
SUIT_CHOICES = tuple((letter, f"{symbol} {word}") for letter, symbol, word in SUITS)


def acting_seat(access: Access | None, table: Mapping[str, Any], asked: Any) -> int | None:
    """The seat the pad logs for: a seat's own; for the host, the one asked for (``?seat=``),
    else the seat to play, else seat 0."""
    if access is None:
        return None
    if not access.host:
        return access.seat
    seats = len(table.get("seats") or ())
    wanted = small_int(asked if isinstance(asked, str) else None, 100)
    if wanted is not None and 0 <= wanted < seats:
        return wanted
    turn = table.get("turn")
    return turn if isinstance(turn, int) else 0


def pad_for(game_id: str, table: Mapping[str, Any], access: Access | None,
            args: Mapping[str, Any]) -> dict[str, Any] | None:
    """What the game's pad shows now for the seat it acts for (None: no pad, the public)."""
    seat = acting_seat(access, table, args.get("seat"))
    if seat is None or access is None:
        return None
    base = {"seat": seat, "host": access.host, "seats": len(table.get("seats") or ())}
    shape = SHAPERS.get(game_id)
    return {**base, **shape(table, seat, access.host, args)} if shape else base


# --- CitronCoco (each for themself, and teams) --------------------------------------------------

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


def citroncoco(table: Mapping[str, Any], seat: int, host: bool,
               args: Mapping[str, Any]) -> dict[str, Any]:
    seats = table.get("seats") or []
    offered = list((table.get("moves") or {}).get(str(seat), []))
    mine = seats[seat] if seat < len(seats) else {"hand": []}
    top = (table.get("discard") or {}).get("top")
    power = None
    if "power" in offered:
        value = mine.get("power") if mine.get("power") is not None else top
        power = {"value": value, "name": POWER_NAMES.get(value, ""),
                 "fields": POWER_FIELDS.get(value, ("target_seat", "slot", "value",
                                                    "other_seat", "other_slot"))}
    partners = (table.get("sum_with") or {}).get(str(seat)) or []
    quick_sum = None
    if "quick_play" in offered and partners and partners[0] < len(seats):
        other = partners[0]
        quick_sum = {"with": other, "mate": other != seat,
                     "own": list(mine.get("hand", [])),
                     "other": list(seats[other].get("hand", []))}
    held = table.get("held") or None
    reveal = None
    if host and table.get("reveal_due"):
        reveal = [{"seat": s["seat"], "cards": [c.get("value") for c in s.get("hand", [])]}
                  for s in seats]
    return {
        "offered": offered,
        "slots": list(mine.get("hand", [])),
        "top": top,
        "held": held if held and held.get("seat") == seat else None,
        "power": power,
        "slot_choices": [(n, f"card {n}") for n in range(1, 1 + max(
            (len(s.get("hand", [])) for s in seats), default=0))],
        "reveal": reveal,
        "quick_sum": quick_sum,
    }


# --- Neurotrio ------------------------------------------------------------------------------------

NATURE_WORDS = {"coeur": "♥ cœur", "etoile": "★ étoile", "rose": "✿ rose"}


def card_label(cell: Mapping[str, Any] | None) -> str:
    """A domain card in short: its nature's sign, colour and force (``♥ noir 2``)."""
    if not cell:
        return ""
    sign = NATURE_WORDS.get(cell.get("nature", ""), "").split(" ")[0]
    return f"{sign} {cell.get('colour', '')} {cell.get('force', '')}".strip()


def neurotrio(table: Mapping[str, Any], seat: int, host: bool,
              args: Mapping[str, Any]) -> dict[str, Any]:
    offered = [m["type"] for m in table.get("moves") or []
               if m.get("seats") is None or seat in m["seats"]]
    domain = table.get("domain") or {}
    placed = {(c["row"], c["col"]): c for row in domain.get("rows") or [] for c in row if c}
    frontier = {(r, c) for r, c in domain.get("frontier") or []}
    grid: list[list[dict[str, Any]]] = []
    every = set(placed) | frontier
    if every:
        rows = [r for r, _ in every]
        cols = [c for _, c in every]
        for r in range(min(rows), max(rows) + 1):
            grid.append([{"row": r, "col": c, "placed": placed.get((r, c)),
                          "label": card_label(placed.get((r, c))),
                          "frontier": (r, c) in frontier}
                         for c in range(min(cols), max(cols) + 1)])
    seats = table.get("seats") or []
    last = next((s for s in seats if s.get("last_player")), None)
    unrevealed = [b["base"] for b in table.get("bids") or [] if b.get("token") is None]
    return {
        "offered": offered,
        "grid": grid,
        "tap": "place" if "place" in offered else "bid" if "bid" in offered else None,
        "natures": [(n, NATURE_WORDS.get(n, n)) for n in NATURES],
        "colours": list(table.get("colours") or []),
        "forces": FORCES,
        "bases": list(table.get("bases_left") or []),
        "tokens": TOKENS,
        "bidding": table.get("bidding"),
        "hand_size": seats[seat].get("hand_size") if seat < len(seats) else None,
        "reveal": {"seat": last["seat"], "cards": last.get("hand_size", 0)}
        if last is not None and "reveal" in offered else None,
        "unrevealed": unrevealed if "reveal_bids" in offered else [],
    }


# --- CrocoNounours ----------------------------------------------------------------------------

#: How a reach's card suit reads, and the move it makes (club and spade step; the rest strike).
REACH = {
    "club": ("move", "to", "C", "♣ step"),
    "spade": ("move", "to", "S", "♠ step"),
    "diamond": ("attack", "target", "D", "♦ strike"),
    "heart": ("attack", "target", "H", "♥ strike"),
    "shot": ("attack", "target", "", "shot"),
}


def croconounours(table: Mapping[str, Any], seat: int, host: bool,
                  args: Mapping[str, Any]) -> dict[str, Any]:
    seats = table.get("seats") or []
    mine = seats[seat] if seat < len(seats) else {}
    phase = table.get("phase")
    my_turn = table.get("turn") == seat
    warriors = [w for w in mine.get("warriors", []) if w.get("square")]
    chosen = next((w for w in warriors if w["id"] == args.get("warrior")), None)
    if chosen is None and len(warriors) == 1:
        chosen = warriors[0]
    targets: dict[str, list[dict[str, str]]] = {}
    if chosen is not None:
        for suit, squares in (chosen.get("reach") or {}).items():
            type_, field, letter, label = REACH.get(suit, ("attack", "target", "", suit))
            for square in squares:
                targets.setdefault(square, []).append(
                    {"type": type_, "field": field, "suit": letter, "label": label,
                     "kind": suit})
    used = {s.get("corner") for s in seats if s.get("corner")}
    corners = [croco_board.name(c) for c in croco_board.CORNERS
               if croco_board.name(c) not in used]
    corner = args.get("corner") if args.get("corner") in corners else None
    deploy = None
    if phase == "deploy" and my_turn:
        team = [c for c in mine.get("team") or [] if c]
        squares = []
        if corner is not None:
            at = croco_board.parse_square(corner)
            assert at is not None
            squares = [croco_board.name(s) for s in croco_board.corner_squares(at)]
        deploy = {"corners": corners, "corner": corner, "team": team,
                  "placement": list(zip(squares, team, strict=False)),
                  "colours": sorted(set(team)) or ["red", "green", "yellow"]}
    pending = table.get("pending_attack")
    obstacles = None
    if phase == "obstacles" and my_turn:
        obstacles = {c["square"] for row in table.get("board") or [] for c in row
                     if not c.get("warrior") and not c.get("obstacle")}
    return {
        "choose_team": phase in ("first_player", "deploy") and mine.get("team_chosen") is False,
        "obstacles": obstacles,
        "phase": phase,
        "my_turn": my_turn,
        "board": table.get("board") or [],
        "warriors": warriors,
        "chosen": chosen,
        "targets": targets,
        "deploy": deploy,
        "corner_links": set(corners) if deploy else set(),
        "colours": ("red", "green", "yellow"),
        "draw_needed": mine.get("draw_needed", 0),
        "draw_most": mine.get("draw_most", 0),
        "acting": my_turn and phase in ("discard", "draw", "action"),
        "defence": pending if pending and pending.get("defender_seat") == seat
        and phase == "defence" else None,
        "contenders": list(table.get("contenders") or []),
        "ranks": (*RANKS, (JOKER, "Joker")),
        "suits": SUIT_CHOICES,
    }


# --- Carte et Plouc -----------------------------------------------------------------------------


def plouc(table: Mapping[str, Any], seat: int, host: bool,
          args: Mapping[str, Any]) -> dict[str, Any]:
    seats = table.get("seats") or []
    mine = seats[seat] if seat < len(seats) else {}
    phase = table.get("phase")
    finisher = table.get("finisher")
    owing = [s["seat"] for s in seats
             if s["seat"] != seat and (s.get("carte_due") or (phase == "plouc"
                                                             and finisher == s["seat"]))]
    return {
        "phase": phase,
        "my_turn": table.get("turn") == seat and phase == "play",
        "draw_now": table.get("draw_now") or 0,
        "carte_due": bool(mine.get("carte_due")),
        "plouc_due": phase == "plouc" and finisher == seat,
        "owing": owing,
        "slap_open": bool(table.get("slap_open")),
        "others": [s["seat"] for s in seats if s["seat"] != seat],
        "top": (table.get("discard") or {}).get("top"),
        "suit": table.get("suit"),
        "ranks": RANKS,
        "suits": SUIT_CHOICES,
    }


SHAPERS = {
    "citroncoco": citroncoco,
    "citroncoco-teams": citroncoco,
    "neurotrio": neurotrio,
    "croconounours": croconounours,
    "plouc": plouc,
}


# --- reading the pad's inputs back ----------------------------------------------------------------

PICKED = ("type", "p.", "card.", "part.")  # what a tapped button may set


def compose(form: Mapping[str, Any]) -> MultiDict[str, str]:
    """The posted form with the pad's composite inputs written as plain payload fields.

    - ``pick``: a tapped button's values, ``type=move&p.to=d4`` (a button posts one value);
    - ``part.<f>.<i>`` joined by ``join.<f>``: a card given as its parts (coeur, noir, 2);
    - ``card.<f>.rank`` and ``card.<f>.suit`` (or the tapped square's ``card.<f>.hint``);
    - ``cards.<f>.rank`` with several ``cards.<f>.suit``: cards of one rank, ``7H 7S``, in the
      order laid (``cards.<f>.order`` or ``cards.<f>.top``, see ``laid_order``);
    - ``list.<f>``, posted several times: a list (squares ticked, colours chosen);
    - ``map.<f>.<key>``: a JSON object, one input per key;
    - ``grid.<f>`` rows of ``grid.<f>.<r>.<c>``: one line per row (a hand per seat);
    - ``records.<f>`` = "key value" names, ``records.<f>.<key>``: a JSON list of records.
    A payload field already filled in (``p.<f>``) is left as posted.
    """
    out: MultiDict[str, str] = MultiDict(
        form.items(multi=True) if hasattr(form, "getlist") else form.items())
    for key, value in parse_qsl(out.get("pick") or "", keep_blank_values=True):
        if key.startswith(PICKED):
            out.setlist(key, [value])
    made: dict[str, str] = {}
    for key in list(out.keys()):
        head, _, rest = key.partition(".")
        name = rest.split(".", 1)[0]
        if not name or name in made or (out.get(f"p.{name}") or "").strip():
            continue  # what was typed in full wins
        if head == "part" or head == "join":
            made[name] = joined_parts(out, name)
        elif head == "card":
            made[name] = ordinary_card(name, out.get(f"card.{name}.rank", ""),
                                       out.get(f"card.{name}.suit") or
                                       out.get(f"card.{name}.hint", ""))
        elif head == "cards":
            rank = out.get(f"cards.{name}.rank", "")
            suits = laid_order(out, name)
            made[name] = " ".join(ordinary_card(name, rank, suit) for suit in suits or [""]
                                  ) if rank or suits else ""
        elif head == "map":
            made[name] = json.dumps(mapped(out, f"map.{name}.")) if any(
                out.get(k) for k in out if k.startswith(f"map.{name}.")) else ""
        elif head == "grid":
            made[name] = grid_lines(out, name)
        elif head == "list":
            made[name] = " ".join(v.strip() for v in out.getlist(key) if v.strip())
        elif head == "records":
            made[name] = records(out, name)
    for name, text in made.items():
        if text and not (out.get(f"p.{name}") or "").strip():
            out.setlist(f"p.{name}", [text])
    return out


def joined_parts(form: MultiDict[str, str], name: str) -> str:
    prefix = f"part.{name}."
    parts = sorted((small_int(k[len(prefix):], MAX_CELLS) or 0, form.get(k, "").strip())
                   for k in form if k.startswith(prefix)
                   and small_int(k[len(prefix):], MAX_CELLS) is not None)
    if not any(v for _, v in parts):
        return ""
    if not all(v for _, v in parts):
        raise FormError(name, "pick each part of the card.")
    return (form.get(f"join.{name}") or "-").join(v for _, v in parts)


def laid_order(form: MultiDict[str, str], name: str) -> list[str]:
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


def ordinary_card(name: str, rank: str, suit: str) -> str:
    """A card as the schemas write it: rank then suit letter (``10H``), or ``JK``."""
    rank, suit = rank.strip().upper(), suit.strip().upper()
    if not rank and not suit:
        return ""
    if rank == JOKER:
        return JOKER
    if not rank:
        raise FormError(name, "pick the card's rank.")
    if not suit:
        raise FormError(name, "pick the card's suit.")
    return rank + suit


def mapped(form: MultiDict[str, str], prefix: str) -> dict[str, str]:
    return {k[len(prefix):]: form.get(k, "").strip() for k in form
            if k.startswith(prefix) and form.get(k, "").strip()}


def grid_lines(form: MultiDict[str, str], name: str) -> str:
    rows = max(0, min(small_int(form.get(f"grid.{name}")) or 0, MAX_CELLS))
    lines = []
    for r in range(rows):
        prefix = f"grid.{name}.{r}."
        cells = sorted((small_int(k[len(prefix):], MAX_CELLS) or 0, form.get(k, "").strip())
                       for k in form if k.startswith(prefix)
                       and small_int(k[len(prefix):], MAX_CELLS) is not None)
        if any(not v for _, v in cells):
            raise FormError(name, f"give every card's value (row {r + 1} has an empty one).")
        lines.append(" ".join(v for _, v in cells) or "-")
    return "\n".join(lines)


def records(form: MultiDict[str, str], name: str) -> str:
    key_name, _, value_name = (form.get(f"records.{name}") or "key value").partition(" ")
    found = []
    for key, value in mapped(form, f"records.{name}.").items():
        number = small_int(key, MAX_INT)
        found.append({key_name: key if number is None else number,
                      value_name: value})
    return json.dumps(found) if found else ""

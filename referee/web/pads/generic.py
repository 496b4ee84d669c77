"""The pads' pickers in the generic forms ("All moves of …"): every move of a game, each field
asked the way the pads ask it, in words.

A seat is a player's name to tap, a card its rank and suit (CitronCoco: the deck's cards), a
Neurotrio card its nature, colour and force, a CrocoNounours warrior its owner's coloured
warrior; ``compose`` reads them back into the payload the schemas expect, as it does for the
pads. Which picker a field takes is decided here from the game, the move and the field's name;
what the pickers offer (the deck, the warriors on the board) from the match and its table.
Nothing here knows a rule: the engine still judges every move.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from referee.edge.wording import reader_locale
from referee.service import messages
from referee.service.games import JOKER_CARD, NEUROTRIO_FORCES, NEUROTRIO_TOKENS
from referee.web import vocabulary
from referee.web.forms import Field
from referee.web.pads.cards import card_text, citron_cards, joker, ranks, suits
from referee.web.pads.citroncoco import deck_values
from referee.web.pads.neurotrio import natures

#: Seats named by a field that does not end in ``_seat`` (a challenge's accused seat).
SEAT_FIELDS = frozenset({"offender"})
#: CitronCoco: the fields that give a card by its value (a discard, a power's card, a sum).
CITRON_VALUES = frozenset({"value", "other_value", "card"})
#: One ordinary card, picked by rank and suit: (game, move, field).
ONE_CARD = frozenset({("plouc", "turn_up", "card"), ("croconounours", "attack", "card"),
                      ("croconounours", "move", "card")})
#: Several ordinary cards in the order laid, with as many pickers as the rules allow at most:
#: four of a rank (Plouc), a hand's seven cards (CN-HAND), one to three for a defence (CN-DEF).
CARD_SEQUENCES = {("plouc", "play", "cards"): 4, ("croconounours", "discard", "cards"): 7,
                  ("croconounours", "defend", "cards"): 3}
#: Neurotrio cards, given as their nature, colour and force.
NEURO_CARD = frozenset({("neurotrio", "place", "card"), ("neurotrio", "start_domain", "card")})
NEURO_CARDS = frozenset({("neurotrio", "reveal", "cards")})
NEURO_HAND_MOST = 3  # the last hand revealed holds a few cards (NT-END-1)
#: Fields with a picker of their own: the cards each seat drew for first player (one card per
#: seat), the seat that plays first, the tokens turned face up (one per base card bid), a
#: quick score's seats and counts.
SPECIAL = {("croconounours", "first_player", "draws"): "draws",
           ("croconounours", "first_player", "seat"): "seat",
           ("neurotrio", "reveal_bids", "tokens"): "tokens",
           # a quick score: the caller and the winner by name, one count per player
           ("citroncoco", "round", "caller"): "seat", ("plouc", "round", "winner"): "seat",
           ("citroncoco", "round", "totals"): "per_seat", ("plouc", "round", "cards"): "per_seat",
           # a quick score's hands: how many of each of the deck's cards each seat holds (a
           # reveal's hands keep their positions, which the pad's grid of pickers asks)
           ("citroncoco", "round", "hands"): "hands"}
CROCO_COLOURS = ("red", "green", "yellow")


def picker(game_id: str, move_type: str, field: Field) -> str:
    """The pads' picker a field of the generic form takes ("" for its plain input)."""
    base = game_id.removesuffix("-teams")
    where = (base, move_type, field.name)
    if field.kind == "integer" and (field.name.endswith("_seat") or field.name in SEAT_FIELDS):
        return "seat"
    if base == "citroncoco" and field.kind == "integer" and field.name in CITRON_VALUES:
        return "citron"
    if where in ONE_CARD:
        return "card"
    if where in CARD_SEQUENCES:
        return "cards"
    if where in NEURO_CARD:
        return "neuro"
    if where in NEURO_CARDS:
        return "neuros"
    if base == "croconounours" and field.name in ("warrior", "target"):
        return "warrior"
    if base == "croconounours" and field.name == "colours":
        return "colours"
    return SPECIAL.get(where, "")


def sequence_length(game_id: str, move_type: str, field: Field) -> int:
    """How many card pickers a list of cards gets."""
    return CARD_SEQUENCES.get((game_id.removesuffix("-teams"), move_type, field.name), 4)


def warriors(table: Mapping[str, Any], names: list[str]) -> list[tuple[str, str]]:
    """The warriors on the board, each as (id, its owner's coloured warrior in words)."""
    found = []
    for seat in table.get("seats") or []:
        for w in seat.get("warriors") or []:
            if w.get("square") and w.get("id"):
                found.append((str(w["id"]), messages.warrior_name(
                    w["id"], names, reader_locale())))
    return found


def picker_data(game_id: str, options: Mapping[str, Any] | None, table: Mapping[str, Any],
                names: list[str]) -> dict[str, Any]:
    """What the generic form's pickers offer for this match: the cards, the warriors."""
    base = game_id.removesuffix("-teams")
    data: dict[str, Any] = {"ranks": ranks(), "suits": suits(),
                            "joker": joker() if base == "croconounours" else None}
    if base == "citroncoco":
        data["deck"] = citron_cards(deck_values(options or {}))
    if base == "neurotrio":
        data.update(natures=natures(), colours=list(table.get("colours") or []),
                    forces=list(NEUROTRIO_FORCES), hand_most=NEURO_HAND_MOST,
                    tokens=token_choices(), bases=unrevealed_bases(table))
    if base == "croconounours":
        data.update(warriors=warriors(table, names), colours=[
            (c, messages.code_word("colour", c, reader_locale())) for c in CROCO_COLOURS],
            cards=every_card())
    return data


def every_card() -> list[tuple[str, str]]:
    """Every card of an ordinary deck and the joker, as (code, how the table writes it)."""
    found = [(f"{r['value']}{s['value']}", card_text(f"{r['value']}{s['value']}"))
             for r in ranks() for s in suits()]
    return [*found, (JOKER_CARD, card_text(JOKER_CARD))]


def token_choices() -> list[tuple[str, str]]:
    """Neurotrio's tokens (NT-BID-1) as a picker offers them: numbers, attributes in words."""
    return [(str(t), str(vocabulary.choice_label(t))) for t in NEUROTRIO_TOKENS]


def unrevealed_bases(table: Mapping[str, Any]) -> list[Any]:
    """The base cards bid on whose token is still face down."""
    return [b["base"] for b in table.get("bids") or [] if b.get("token") is None]


def card_parts(code: str) -> dict[str, str]:
    """An ordinary card as the pickers check it: ``10H`` -> rank 10, suit H; the joker alone."""
    code = code.strip().upper()
    if code == JOKER_CARD:
        return {"rank": JOKER_CARD, "suit": ""}
    return {"rank": code[:-1], "suit": code[-1:]} if len(code) > 1 else {"rank": "", "suit": ""}


def picked(text: Any, kind: str) -> Any:
    """A field's value as its form writes it (``10H``, ``7H 7S``, ``coeur-noir-2``, a JSON
    object of draws, ``4 12 16``) as the picker of ``kind`` checks it again: a correction's
    form starts from the move's own values, a refused form from what was posted."""
    text = "" if text is None else str(text)
    parts = text.split()
    if kind == "card":
        return card_parts(text)
    if kind == "cards":
        return [card_parts(p) for p in parts]
    if kind == "neuro":
        return text.strip().split("-")
    if kind == "neuros":
        return [p.split("-") for p in parts]
    if kind == "per_seat":
        return parts
    if kind == "draws":
        try:
            found = json.loads(text) if text.strip() else {}
        except ValueError:
            return {}
        return {str(k): card_parts(str(v)) for k, v in found.items()} if isinstance(
            found, dict) else {}
    return text

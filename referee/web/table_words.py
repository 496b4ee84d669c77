"""The table in the game's words, for the match page and the dispute view.

The engine's view is data (``phase: end``, ``multiplier: 1``, ``discard: {top: 7, by: 0}``);
read as a list of keys it says "multiplier 1" and "top 7 by 0". Here the facts a table argues
over are said as the rules say them: who is to play (one line), the phase in the game's words,
the discard's top card and who laid it, by name. Nothing is judged: it only reads the view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask_babel import gettext as _
from flask_babel import ngettext

from referee.web.pads.cards import card_text, citron_card

Fact = tuple[str, str]
Names = list[str]


def phase_words(game: str, phase: Any) -> str:
    """A phase as the game's rules name that moment of play."""
    words = {
        "citroncoco": {"draw": _("a turn begins: the next seat draws"),
                       "play": _("the drawn card is to be played"),
                       "end": _("the turn is over, before the next draw"),
                       "reveal": _("the round is over: the hands are revealed"),
                       "over": _("the match is over")},
        "plouc": {"deal": _("the deal: the first card is to be turned up"),
                  "play": _("play"), "plouc": _("a seat has laid its last card"),
                  "flag": _("a finding to settle"), "over": _("the match is over")},
        "croconounours": {"first_player": _("who plays first"), "deploy": _("deployment"),
                          "obstacles": _("obstacles"), "discard": _("discard"),
                          "draw": _("draw"), "action": _("actions"),
                          "defence": _("defence"), "over": _("the match is over")},
        "neurotrio": {"start": _("the starting card"), "play": _("play"),
                      "bidding": _("bidding"), "reveal": _("the last hand is revealed"),
                      "bids": _("the tokens are turned face up"),
                      "over": _("the match is over")},
    }
    if phase == "scoring":  # every game in rounds-only mode (engines/rounds/common.py)
        return _("quick scoring: the next result is to be logged")
    by_game = words.get(game.removesuffix("-teams"), {})
    return by_game.get(str(phase), str(phase).replace("_", " "))


def seat_name(seat: Any, names: Names) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    return _("the table") if seat is None else str(seat)


def card_words(game: str, card: Any) -> str:
    if game.startswith("citroncoco"):
        return str(citron_card(card)["name"])
    return card_text(card) if isinstance(card, str) else str(card)


def to_play(table: Mapping[str, Any], names: Names) -> list[Fact]:
    """One line for whose turn it is (the view's ``turn``, else ``turn_seat``)."""
    turn = table.get("turn")
    if turn is None:
        turn = table.get("turn_seat")
    return [(_("To play"), seat_name(turn, names))] if turn is not None else []


def discard_facts(game: str, table: Mapping[str, Any], names: Names) -> list[Fact]:
    discard = table.get("discard")
    top = discard.get("top") if isinstance(discard, Mapping) else table.get("discard_top")
    if top is None:
        return []
    text = card_words(game, top)
    if isinstance(discard, Mapping) and discard.get("by") is not None:
        laid = _("quick-played by %(name)s", name=seat_name(discard["by"], names)) if \
            discard.get("quick") else _("laid by %(name)s", name=seat_name(discard["by"], names))
        text = f"{text}, {laid}"
    size = discard.get("size") if isinstance(discard, Mapping) else table.get("discard_size")
    if isinstance(size, int):
        text += " · " + ngettext("%(num)s card", "%(num)s cards", size)
    return [(_("Top of the discard"), text)]


def stock_facts(table: Mapping[str, Any]) -> list[Fact]:
    stock = table.get("stock", table.get("stock_size"))
    if isinstance(stock, Mapping):
        stock = stock.get("size")
    return [(_("Stock"), ngettext("%(num)s card", "%(num)s cards", stock))] \
        if isinstance(stock, int) else []


def citron_facts(game: str, table: Mapping[str, Any], names: Names) -> list[Fact]:
    facts: list[Fact] = []
    multiplier = table.get("multiplier")
    if isinstance(multiplier, int) and multiplier != 1:
        facts.append((_("This round's scores"), _("multiplied by %(n)s", n=multiplier)))
    held = table.get("held")
    if isinstance(held, Mapping):
        card = card_words(game, held.get("value")) if held.get("value") is not None \
            else _("face down")
        facts.append((_("Drawn card"), _("%(card)s, held by %(name)s", card=card,
                                         name=seat_name(held.get("seat"), names))))
    if table.get("caller") is not None:
        facts.append((_("Citron Coco called by"), seat_name(table["caller"], names)))
    if table.get("coin") is not None:
        facts.append((_("The coin"), seat_name(table["coin"], names)))
    return facts


GAME_FACTS: dict[str, Callable[[str, Mapping[str, Any], Names], list[Fact]]] = {
    "citroncoco": citron_facts,
    "citroncoco-teams": citron_facts,
}
#: Keys said above (or the pads' own business), not listed again as data.
SAID = frozenset({"game", "viewer", "turn", "turn_seat", "phase", "round", "discard",
                  "discard_top", "discard_size", "stock", "stock_size", "multiplier", "held",
                  "caller", "coin", "moves", "sum_with", "reveal_due", "options", "target"})


def table_facts(table: Mapping[str, Any], names: Names, game: str | None = None) -> list[Fact]:
    """The table's main facts, in the game's words, one line each (``game``: when the view
    does not say which game it is)."""
    game = str(table.get("game") or game or "")
    facts: list[Fact] = []
    if isinstance(table.get("round"), int):
        facts.append((_("Round"), str(table["round"])))
    if table.get("phase") is not None:
        facts.append((_("Phase"), phase_words(game, table["phase"])))
    facts += to_play(table, names)
    facts += discard_facts(game, table, names)
    facts += stock_facts(table)
    facts += GAME_FACTS.get(game, lambda g, t, n: [])(game, table, names)
    if table.get("target"):
        facts.append((_("Target"), str(table["target"])))
    return facts

"""The table in the game's words, for the match page and the dispute view.

The engine's view is data (``phase: end``, ``multiplier: 1``, ``discard: {top: 7, by: 0}``);
read as a list of keys it says "multiplier 1" and "top 7 by 0". Here the facts a table argues
over are said as the rules say them: who is to play (one line), the phase in the game's words,
the discard's top card and who laid it, by name. Nothing is judged: it only reads the view.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from referee.edge.i18n import gettext as _
from referee.edge.i18n import ngettext
from referee.edge.wording import reader_locale
from referee.service import messages
from referee.web.pads.cards import card_text, citron_card, rank_face

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
    if phase == "scoring":  # every game in rounds-only mode (engines/rounds.py)
        return _("quick scoring: the next result is to be logged")
    by_game = words.get(game.removesuffix("-teams"), {})
    return by_game.get(str(phase), str(phase).replace("_", " "))


def seat_name(seat: Any, names: Names) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    if isinstance(seat, int):
        return _("seat {n}", n=seat + 1)  # counted from 1, as the table counts
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
        laid = _("quick-played by {name}", name=seat_name(discard["by"], names)) if \
            discard.get("quick") else _("laid by {name}", name=seat_name(discard["by"], names))
        text = f"{text}, {laid}"
    size = discard.get("size") if isinstance(discard, Mapping) else table.get("discard_size")
    if isinstance(size, int):
        text += " · " + ngettext("{num} card", "{num} cards", size)
    return [(_("Top of the discard"), text)]


def stock_facts(table: Mapping[str, Any]) -> list[Fact]:
    stock = table.get("stock", table.get("stock_size"))
    if isinstance(stock, Mapping):
        stock = stock.get("size")
    return [(_("Stock"), ngettext("{num} card", "{num} cards", stock))] \
        if isinstance(stock, int) else []


def citron_facts(game: str, table: Mapping[str, Any], names: Names) -> list[Fact]:
    facts: list[Fact] = []
    multiplier = table.get("multiplier")
    if isinstance(multiplier, int) and multiplier != 1:
        facts.append((_("This round's scores"), _("multiplied by {n}", n=multiplier)))
    held = table.get("held")
    if isinstance(held, Mapping):
        card = card_words(game, held.get("value")) if held.get("value") is not None \
            else _("face down")
        facts.append((_("Drawn card"), _("{card}, held by {name}", card=card,
                                         name=seat_name(held.get("seat"), names))))
    if table.get("caller") is not None:
        facts.append((_("Citron Coco called by"), seat_name(table["caller"], names)))
    if table.get("coin") is not None:
        facts.append((_("The coin"), seat_name(table["coin"], names)))
    return facts


def special_words() -> dict[str, str]:
    """Carte et Plouc's special cards (PL-MAI-2), as the rule text names them."""
    return {"A": _("the aces"), "Q": _("the queens"), "10": _("the 10s"), "7": _("the 7s"),
            "KS": _("the king of spades"), "6": _("the 6s"), "2": _("the 2s")}


def plouc_facts(game: str, table: Mapping[str, Any], names: Names) -> list[Fact]:
    """Carte et Plouc: the direction of play, the suit asked, a square building up, the
    special cards and the variants played, in words rather than codes."""
    facts: list[Fact] = []
    direction = table.get("direction")
    if isinstance(direction, str):
        facts.append((_("Direction of play"),
                      messages.code_word("direction", direction.replace("-", "_"),
                                         reader_locale())))
    if isinstance(table.get("suit"), str):
        facts.append((_("Suit asked"), messages.code_word("suit", table["suit"], reader_locale())))
    square = table.get("square")
    if isinstance(square, Mapping) and square.get("rank") and (square.get("run") or 0) >= 2:
        facts.append((_("Square building up"),
                      ngettext("{num} card of rank {rank} in a row (4 make a square)",
                               "{num} cards of rank {rank} in a row (4 make a square)",
                               square["run"], rank=rank_word(square["rank"]))))
    special = table.get("special_cards")
    if isinstance(special, list):
        words = special_words()
        facts.append((_("Special cards"), ", ".join(words.get(str(c), str(c)) for c in special)))
    variants = table.get("variants")
    if isinstance(variants, list):
        locale = reader_locale()
        facts.append((_("Variants played"), ", ".join(
            messages.option_label(game, v, locale) for v in variants)
            or _("none: the basic rules")))
    return facts


def rank_word(rank: Any) -> str:
    """A rank as the table writes it (11 -> V in French, like the cards)."""
    return rank_face(RANK_CODES.get(rank, str(rank)))


RANK_CODES = {1: "A", 11: "J", 12: "Q", 13: "K"}

GAME_FACTS: dict[str, Callable[[str, Mapping[str, Any], Names], list[Fact]]] = {
    "citroncoco": citron_facts,
    "citroncoco-teams": citron_facts,
    "plouc": plouc_facts,
}
#: Keys said above (or the pads' own business), not listed again as data.
SAID = frozenset({"game", "viewer", "turn", "turn_seat", "phase", "round", "discard",
                  "discard_top", "discard_size", "stock", "stock_size", "multiplier", "held",
                  "caller", "coin", "moves", "sum_with", "reveal_due", "options", "target"})
#: A game's own keys its facts say.
GAME_SAID = {"plouc": frozenset({"direction", "suit", "square", "special_cards", "variants"})}


def said_keys(table: Mapping[str, Any], game: str | None = None) -> frozenset[str]:
    """The keys of a table's view its facts already say (not listed again as data)."""
    return SAID | {"seats"} | GAME_SAID.get(str(table.get("game") or game or ""), frozenset())


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


#: View keys holding a list of seats, or one seat, said as the players' names.
SEAT_LISTS = frozenset({"contenders", "last_to_play", "waiting_seats", "leaders"})
ONE_SEAT = frozenset({"first_player", "middle_seat", "finisher", "winner", "caller", "coin",
                      "square_seat", "last_player", "dealer"})
#: View keys holding warriors' colours (CrocoNounours), said in words.
COLOURS = frozenset({"team", "given"})
#: View keys holding one value per side, keyed by the side's seat number.
BY_SEAT = frozenset({"totals"})


def worded(value: Any, names: Names, key: str = "") -> Any:
    """The view with its seat numbers and colour codes in words, for the table's listing
    (``contenders: [0, 1]`` -> ``[Alice, Bob]``, ``team: [red]`` -> ``[rouge]``); the facts
    and the seats' own numbers are read from the view itself."""
    if isinstance(value, Mapping):
        return _worded_mapping(value, names, key)
    if isinstance(value, list):
        return _worded_list(value, names, key)
    if key in ONE_SEAT and isinstance(value, int) and not isinstance(value, bool):
        return seat_name(value, names)
    if key == "colour" and isinstance(value, str):
        return messages.code_word("colour", value, reader_locale())
    if isinstance(value, str):
        return code_words(value, names)
    return value


def _worded_mapping(value: Mapping[str, Any], names: Names, key: str) -> dict[str, Any]:
    """A mapping of the view: one value per side by the sides' names, else each value said."""
    if key in BY_SEAT and all(str(k).isdigit() for k in value):
        return {seat_name(int(k), names): v for k, v in value.items()}
    said = {k: worded(v, names, str(k)) for k, v in value.items()}
    if isinstance(value.get("seat"), int) and "row" in value and "col" in value:
        said["player"] = seat_name(value["seat"], names)  # who laid a domain's card
    return said


def _worded_list(value: list[Any], names: Names, key: str) -> list[Any]:
    """A list of the view: seats by name, colours in words, else each item said."""
    if key in SEAT_LISTS and all(isinstance(v, int) for v in value):
        return [seat_name(v, names) for v in value]
    if key in COLOURS and all(isinstance(v, str) for v in value):
        return [messages.code_word("colour", v, reader_locale()) for v in value]
    return [worded(v, names) for v in value]


def code_words(text: str, names: Names) -> str:
    """A card or a warrior the view gives by its code, as the table says it (« D♥ », « cœur
    noir 2 », « le Warrior rouge d'Alice »); any other text as it is."""
    locale = reader_locale()
    if messages.WARRIOR_ID.match(text):
        return messages.warrior_name(text, names, locale)
    if messages.CARD.match(text) or messages.NEURO_CARD.match(text) or text == "JK":
        return messages.card_name(text, locale)
    return text

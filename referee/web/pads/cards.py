"""Cards as the pads show them: faces, suits and signs in the reader's language.

Nothing here knows a rule. It only says how a card the schemas write (``10H``, ``JK``, the value
``-1``) looks on a phone: the rank's letter in the reader's language (V, D, R in French; J, Q, K
in English), the suit's sign and colour, and a word for screen readers.
"""

from __future__ import annotations

from typing import Any

from referee.edge.i18n import gettext as _
from referee.edge.i18n import pgettext
from referee.service.games import JOKER_CARD

#: The schemas' suit letters, in the order the pickers show them, with their signs.
SUIT_SIGNS: tuple[tuple[str, str, str], ...] = (  # letter, sign, colour
    ("S", "♠", "black"), ("H", "♥", "red"), ("C", "♣", "black"), ("D", "♦", "red"))
RANK_CODES: tuple[str, ...] = ("A", *(str(n) for n in range(2, 11)), "J", "Q", "K")


def rank_face(code: str) -> str:
    """A rank's letter as printed on the reader's cards (``J`` reads ``V`` in French)."""
    faces = {"A": pgettext("card rank", "A"), "J": pgettext("card rank", "J"),
             "Q": pgettext("card rank", "Q"), "K": pgettext("card rank", "K")}
    return faces.get(code, code)


def rank_name(code: str) -> str:
    names = {"A": _("ace"), "J": _("jack"), "Q": _("queen"), "K": _("king")}
    return names.get(code, code)


def suit_name(letter: str) -> str:
    names = {"S": _("spades"), "H": _("hearts"), "C": _("clubs"), "D": _("diamonds")}
    return names.get(letter, letter)


def suit_word(letter: Any) -> str:
    """A suit a table names, as its sign and word (``H`` -> ``♥ cœur``); "" for none."""
    found = next((s for s in SUIT_SIGNS if s[0] == letter), None)
    return f"{found[1]} {suit_name(found[0])}" if found else ""


def ranks() -> list[dict[str, str]]:
    """The ranks of an ordinary deck, as chips: the code posted, the face shown, a name."""
    return [{"value": code, "face": rank_face(code), "name": rank_name(code)}
            for code in RANK_CODES]


def suits() -> list[dict[str, str]]:
    """The four suits, as chips: the letter posted, the sign and colour shown, a name."""
    return [{"value": letter, "sign": sign, "colour": colour, "name": suit_name(letter)}
            for letter, sign, colour in SUIT_SIGNS]


def joker() -> dict[str, str]:
    return {"value": JOKER_CARD, "face": "★", "name": _("joker")}


def card_text(card: str | None) -> str:
    """An ordinary card as it reads: ``10H`` -> ``10♥``, ``QS`` -> ``D♠`` in French."""
    if not card:
        return ""
    code = str(card).strip().upper()
    if code == JOKER_CARD:
        return _("joker")
    signs = {letter: sign for letter, sign, _colour in SUIT_SIGNS}
    rank, suit = code[:-1], code[-1:]
    if suit not in signs:
        return code
    return f"{rank_face(rank)}{signs[suit]}"


# --- CitronCoco: a card's value as the physical card that gives it ---------------------------

#: The default deck's faces by value: rank code, suit sign shown (kings only), colour.
CITRON_FACES: dict[int, tuple[str, str, str]] = {
    1: ("A", "", ""), **{n: (str(n), "", "") for n in range(2, 11)},
    11: ("J", "", ""), 12: ("Q", "", ""), 13: ("K", "♠", "black"), -1: ("K", "♥", "red")}


def citron_card(value: Any) -> dict[str, Any]:
    """A CitronCoco value as its card: 13 is a black king, -1 a red king, 11 a jack (V)."""
    if not isinstance(value, int) or isinstance(value, bool):
        return {"value": None, "face": "", "sign": "", "colour": "", "name": _("face down")}
    code, sign, colour = CITRON_FACES.get(value, (str(value), "", ""))
    if value == 13:
        name = _("black king ({value})", value=value)
    elif value == -1:
        name = _("red king ({value})", value=value)
    elif code in ("A", "J", "Q"):
        name = f"{rank_name(code)} ({value})"
    else:
        name = str(value)
    return {"value": value, "face": rank_face(code), "sign": sign, "colour": colour,
            "name": name}


def citron_cards(values: list[int]) -> list[dict[str, Any]]:
    """The cards of a deck's values, in the order a player sorts them: A to 10, V, D, R."""
    order = {-1: 14, 13: 15}
    return [citron_card(v) for v in sorted(values, key=lambda v: order.get(v, v))]

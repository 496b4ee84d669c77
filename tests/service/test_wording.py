"""What readers see reads as words, not as codes, and as real French.

Every sentence of both catalogues (``said.po``: what the engines say; ``messages.po``: the
pages, the errors, the command line) is filled with realistic parameters — cards of every
rank and colour as each game names them, warriors, suits, names starting with a vowel, counts
of one and of many — in both languages, and read for the faults a table reported: codes
(« 1-red », « coeur-noir-1 », option ids, « PLATFORM-VOID », a uuid), seats counted from 0,
French without elision (« le as », « de Alice ») or agreement (« 1 de ses 1 voisine »).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

from referee.catalogues import SOURCE
from referee.engines.messages import Message, msg
from referee.service.messages import (
    LOCALES,
    catalogue,
    fields_of,
    fill,
    message_ids,
    render,
    seat_name,
)

NAMES = ["Alice", "Bob", "Chloé", "Ézéchiel", "Hugo"]
#: A seat's player, two seats' players: one named with a consonant, one with a vowel.
SEATS = (0, 3, 1)
#: The cards each game names, by the codes its engine gives: every rank and colour.
CARDS = {
    "citroncoco": [1, 12, 13, -1, 11, 7],
    "plouc": ["AH", "QS", "JD", "KC", "10H", "7C", "JK"],
    "croconounours": ["AS", "QH", "JC", "KD", "9D", "JK"],
    "neurotrio": ["etoile-vert-3", "coeur-noir-1", "rose-rouge-2"],
}
CARD_KEYS = ("card", "top", "other", "drawn")
WARRIORS = ["0-red", "3-green-2", "1-yellow"]
COUNTS = (1, 3, 0)

#: What a reader must never see, and why.
FAULTS = {
    "a code made of words and a number (« coeur-noir-1 »)": r"\b[a-z]+-[a-z]+-\d\b",
    "a warrior's id (« 1-red »)": r"\b\d-(red|green|yellow)\b",
    "an id in snake_case (« quick_play_on_quick_play »)": r"\b[a-z]+_[a-z_]+\b",
    "the referee's own rule code": r"PLATFORM-",
    "a bare uuid": r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}",
    "a seat counted from 0": r"\b(seat|joueur|Place|Seat) 0\b|\b(la|de|\() ?place 0\b",
}
FRENCH_FAULTS = {
    "no elision (« le as », « de Alice »)": r"\b(le|de|que|la|ce|du) [aeiouéèêàâAEIOUÉÈ]",
    "a feminine card with « le » (« le dame »)": r"\b(le|du|au) (dame|D[♠♥♦♣]|rose)\b",
    "one of one (« 1 de ses 1 »)": r"\bses 1\b",
    "a plural after 1 (« 1 cartes »)":
        r"(?<!, )(?<![\d,.+-])\b[01] (cartes|voisines|points|joueurs|coups|manches|mains|cases)\b",
}
#: Sentences that show a code on purpose: how to write a card for the API.
CODES_ON_PURPOSE = frozenset({"neurotrio.card.shape"})


def game_of(message_id: str) -> str:
    """The game a message id belongs to (the shared ones: any game's cards)."""
    return message_id.split(".", 1)[0] if message_id.split(".", 1)[0] in CARDS else "plouc"


def samples(key: str, game: str) -> list[Any]:
    """Realistic values of a parameter named ``key``, as ``game``'s engine gives them."""
    if key in CARD_KEYS:
        return list(CARDS[game])
    if key == "cards":
        cards = CARDS[game]
        return [[cards[0], cards[1]], [cards[1]]] if game != "citroncoco" else [2, 1]
    if key in ("warrior", "target", "attacker"):
        return WARRIORS
    if key == "warriors":
        return [["0-red", "0-yellow"], ["3-green"]]
    if key == "suit":
        return ["H", "S", "D", "C"]
    if key == "bonuses":  # the finishers' bonuses, first to last
        return [[5, 3, 1]]
    if key == "seat_number":  # a seat the client asked for that the table does not have
        return [7]
    if key == "seats" or key.endswith("_seats"):
        return [[0, 3], [3]]
    if key == "seat" or key.endswith("_seat"):
        return list(SEATS)
    return [None]


def variants(message_id: str, template: str) -> Iterator[dict[str, Any]]:
    """The parameters of a sentence, several times over: each card, each seat, each count."""
    from tests.service.test_messages_locales import SAMPLES

    fields = sorted(fields_of(template))
    game = game_of(message_id)
    for turn in range(7):
        params: dict[str, Any] = {}
        for key in fields:
            values = samples(key, game)
            if values == [None]:
                values = [SAMPLES[key]] if key in SAMPLES else list(COUNTS)
            params[key] = values[turn % len(values)]
        yield params


def faults_in(text: str, locale: str) -> list[str]:
    """What a reader should not see in ``text``."""
    found = [why for why, pattern in FAULTS.items() if re.search(pattern, text)]
    if locale == "fr":
        found += [why for why, pattern in FRENCH_FAULTS.items() if re.search(pattern, text)]
    return found


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("message_id", sorted(message_ids()))
def test_what_an_engine_says_reads_as_words(message_id: str, locale: str) -> None:
    """Each engine sentence, with every realistic parameter, shows no code and reads as French
    in French."""
    template = catalogue("en")[message_id]
    for params in variants(message_id, template):
        text = render(Message(message_id, params), NAMES, locale)
        faults = faults_in(text, locale)
        if message_id in CODES_ON_PURPOSE:
            faults = [f for f in faults if "code made of words" not in f]
        assert not faults, (message_id, text, faults)


# --- the pages' catalogue --------------------------------------------------------------------

#: Realistic values of the pages' parameters, by name: what the pages give each template.
PAGE_SAMPLES: dict[str, list[Any]] = {
    "name": NAMES[:4], "seat": ["Alice (place 1)", "Ézéchiel (place 4)", "Bob"],
    "turn": ["Ézéchiel (place 4)", "Bob (place 2)"], "own": [1, 4], "n": [1, 3],
    "num": [1, 3], "count": [1, 3], "card": ["as (1)", "dame (12)", "valet (11)", "7",
                                             "D♥", "A♠", "10♦"],
    "attacker": ["le Warrior rouge d'Alice", "le Warrior vert d'Ézéchiel"],
    "target": ["le Warrior jaune de Bob", "le Warrior rouge d'Ézéchiel"],
    "warrior": ["le Warrior rouge d'Alice"], "suit": ["♥ cœur", "♠ pique"],
}


def page_templates(locale: str) -> Iterator[tuple[str, str]]:
    """(msgid, msgstr) of every singular entry of ``locale``'s pages' catalogue (English:
    the msgid itself)."""
    path = Path(SOURCE) / "fr" / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as handle:
        for entry in read_po(handle):
            if entry.id and isinstance(entry.id, str) and entry.string:
                yield entry.id, entry.id if locale == "en" else str(entry.string)


def page_sentences(locale: str) -> Iterator[tuple[str, str]]:
    """Each pages' template that names a player, a card or a count, filled realistically."""
    for msgid, template in page_templates(locale):
        fields = fields_of(template)
        if not fields or not fields <= set(PAGE_SAMPLES):
            continue
        for turn in range(7):
            values = {k: PAGE_SAMPLES[k][turn % len(PAGE_SAMPLES[k])] for k in fields}
            yield msgid, fill(template, values)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_pages_sentences_read_as_words(locale: str) -> None:
    """The pages' sentences that name a player or a card elide, agree and show no code."""
    bad = [(msgid, text, faults_in(text, locale)) for msgid, text in page_sentences(locale)
           if faults_in(text, locale)]
    assert not bad, bad


# --- the small grammar -----------------------------------------------------------------------

@pytest.mark.parametrize(("card", "said"), [
    ("dame (12)", "Prendre la dame (12) de la défausse"),
    ("as (1)", "Prendre l'as (1) de la défausse"),
    ("valet (11)", "Prendre le valet (11) de la défausse"),
    ("D♥", "Prendre la D♥ de la défausse"),
    ("7", "Prendre le 7 de la défausse"),
])
def test_a_card_takes_its_article(card: str, said: str) -> None:
    """« la dame », « l'as », « le valet »: the article agrees with the card and elides."""
    assert fill("Prendre {card:le} de la défausse", {"card": card}) == said


@pytest.mark.parametrize(("name", "said"), [("Alice", "Jeu d'Alice"), ("Bob", "Jeu de Bob"),
                                            ("Ézéchiel", "Jeu d'Ézéchiel")])
def test_a_name_given_as_text_elides(name: str, said: str) -> None:
    """The pages give names as plain text: « Jeu d'Alice », never « Jeu de Alice »."""
    assert fill("Jeu {name:de}", {"name": name}) == said


def test_a_plain_text_escapes_on_an_html_page() -> None:
    """A name given as text is escaped on a page, elided or not."""
    from markupsafe import Markup

    assert fill(Markup("Jeu {name:de}"), {"name": "<Al>"}) == "Jeu de &lt;Al&gt;"


@pytest.mark.parametrize(("compatible", "count", "fr", "en"), [
    (1, 1, "compatible avec 1 voisine sur 1", "compatible with 1 neighbour out of 1"),
    (1, 3, "compatible avec 1 voisine sur 3", "compatible with 1 neighbour out of 3"),
    (2, 3, "compatible avec 2 voisines sur 3", "compatible with 2 neighbours out of 3"),
])
def test_compatible_neighbours_agree(compatible: int, count: int, fr: str, en: str) -> None:
    """NT-DOM-3: the neighbours a card is compatible with, singular for one (« 1 voisine »),
    never « 1 de ses 1 voisine »."""
    said = msg("neurotrio.place.placed", seat=0, card="coeur-noir-2", row=0, col=1,
               compatible=compatible, count=count)
    assert render(said, NAMES, "fr").endswith(fr)
    assert render(said, NAMES, "en").endswith(en)


def test_a_seat_without_a_name_is_counted_from_1() -> None:
    """A match with no names says « le joueur 1 » for the first seat, never « joueur 0 »."""
    assert seat_name(0, [], "fr") == "le joueur 1"
    assert seat_name(0, [], "en") == "seat 1"

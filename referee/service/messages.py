"""Rendering what the engines say: a message id and its parameters become a sentence.

The engines speak in ``Message`` values (``referee.engines.messages``); this module turns them
into sentences for a reader, in the reader's language, with the names the players gave at the
table (never "seat 2").

The sentences are gettext catalogues, a domain of their own: ``said``
(``referee/translations/<locale>/LC_MESSAGES/said.po``), where the msgid is the message id
(``plouc.play.twice``) and the msgstr the template, English included. Why a domain keyed by id
rather than English msgids in ``messages.po``: the id is what the engines give, what the log
and the API keep (``message_id``) and what a stored verdict is worded again from years later,
so it is the stable key; an English sentence reworded must not orphan its French, and two ids
may say the same English (a refusal and an effect) yet differ in French. The same ``.po``
format keeps one kind of file for translators' tools; ``referee.catalogues`` compiles it with
the rest and checks that every language has each English id, translated, with the same
fields. Besides the sentences, the domain holds the words they need (``word.<kind>.<code>``,
``rank.<rank>``, ``grammar.<name>``) and the games' titles and options' names, descriptions
and choices (``game.<game>.title``, ``game.<game>.<option>.label|description|choice.<v>``).

This module is the one formatter of every catalogue string (``fill``: the pages' gettext fills
theirs with it too); it imports no Flask, since the service words its own errors in English
for logs and the command line. What a catalogue cannot hold, the small grammar of each
language (French elision and contraction, which counts are plural), is code here.

A template asks for a parameter as-is (``{value}``) or with a format spec, which the
parameter's rendering understands:

- ``{count:card|cards}`` the word agreeing with the number (French: 0 and 1 are singular);
  a list of seats agrees too (``{winner_seats:wins|win}``);
- ``{seat:de}``, ``{seat:à}``, ``{seat:que}`` the French preposition, elided or contracted
  ("d'Alice", "du Warrior rouge de Bob", "au joueur 2"); ``{card:le}``, ``{card:du}``,
  ``{card:au}`` a card with its article (« l'as », « de la dame », « au 7♠ »);
  ``{warrior:cap}`` a capital first letter, for a
  sentence that starts with a warrior ("Le Warrior rouge d'Alice…").

Seats (``seat``, ``*_seat``) become names, lists of seats (``seats``, ``*_seats``) a list of
names ("Alice et Bob"), lists of one value per seat (``left``) each value with its name
("Alice 3, Bob 0"), warriors ("0-red") "Alice's red warrior", codes (suits, directions,
colours…) their words (``word.<kind>.<code>``); other lists are joined.

This layer holds no reader's language: the edges give it (``referee.edge.wording``: Flask-Babel's
choice for a request, the one that opened a stream, ``--lang`` or the environment for the
command line); without one, English (the engines' ``as_dict`` by default, logs).
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from string import Formatter
from typing import Any
from weakref import WeakKeyDictionary

from babel.messages.mofile import read_mo

from referee.catalogues import SAID, SOURCE, compile_one, stale
from referee.engines.messages import Message, Said, is_seat_key, is_seats_key

Names = Sequence[str]
LOCALES = ("en", "fr")
DEFAULT_LOCALE = "en"
#: The gettext domain of what the engines say (referee/translations/<locale>/LC_MESSAGES/).
DOMAIN = SAID
WARRIOR_KEYS = frozenset({"warrior", "target", "attacker"})
WARRIOR_ID = re.compile(r"^(\d+)-([a-z]+)(?:-(\d+))?$")
CARD_KEYS = frozenset({"card", "cards", "top", "drawn", "other"})
#: Lists holding one value per seat, seat 0 first: each value shown with its player's name.
PER_SEAT_KEYS = frozenset({"left"})
CARD = re.compile(r"^(10|[2-9AJQK])([SHDC])$")
NEURO_CARD = re.compile(r"^(coeur|etoile|rose)-([a-z]+)-(\d+)$")  # Neurotrio: nature-colour-force
SUIT_SIGNS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

class MissingMessage(KeyError):
    """An engine said something no catalogue knows: a bug in the catalogue, caught by tests."""


# --- the reader's language ------------------------------------------------------------------

def locale_of(tag: str | None) -> str:
    """The locale a language tag asks for ("fr-FR", "fr_FR.UTF-8", "FR" -> "fr"), or the
    default for a language this application does not speak."""
    if tag is not None and tag in LOCALES:  # already one: what reword passes down
        return tag
    base = re.split(r"[-_.@]", (tag or "").strip().lower(), maxsplit=1)[0]
    return base if base in LOCALES else DEFAULT_LOCALE


# --- the catalogue: the ``said`` gettext domain ---------------------------------------------

@cache
def catalogue(locale: str = DEFAULT_LOCALE) -> Mapping[str, str]:
    """Every text of ``locale``'s ``said`` domain, by key (a message id, ``word.suit.H``…),
    read from the compiled catalogue (compiled here first when the text is newer)."""
    po = SOURCE / locale / "LC_MESSAGES" / f"{DOMAIN}.po"
    mo = po.with_suffix(".mo")
    if po.exists() and stale(po, mo):
        compile_one(po, mo)
    with mo.open("rb") as handle:
        return {str(m.id): str(m.string) for m in read_mo(handle) if m.id and m.string}


#: The domain's keys that are not message ids: the words sentences are made of.
WORDING = ("word.", "rank.", "grammar.", "game.")


def message_ids(locale: str = DEFAULT_LOCALE) -> list[str]:
    """Every message id the catalogue of ``locale`` words."""
    return [key for key in catalogue(locale) if not key.startswith(WORDING)]


@cache
def words(locale: str = DEFAULT_LOCALE) -> Mapping[str, Mapping[str, str]]:
    """Words for parameters given as codes (suits, directions), by parameter kind
    (``word.<kind>.<code>``); colours under ``colours`` and ``given`` too."""
    table: dict[str, dict[str, str]] = {}
    for key, word in catalogue(locale).items():
        if key.startswith("word."):
            _, kind, code = key.split(".", 2)
            table.setdefault(kind, {})[code] = word.format()
    table["colours"] = table["given"] = table.get("colour", {})
    return table


def _said(key: str, locale: str | None) -> str | None:
    """A text of the catalogue that asks for no field (its braces doubled, as any template's)."""
    text = catalogue(locale_of(locale)).get(key)
    return text.format() if text is not None else None


def code_word(kind: str, code: str, locale: str | None = None) -> str:
    """A code in the reader's words, as a sentence says it (``("type", "quick_play")`` ->
    "jeu rapide", ``("power", "Supply")`` -> "ravitaillement"); the code where none is known."""
    return str(words(locale_of(locale)).get(kind, {}).get(code, code))


def unit_label(unit: str, locale: str | None = None) -> str:
    """What the standings count ("coconuts"), in the reader's language ("noix de coco")."""
    return words(locale_of(locale)).get("unit", {}).get(unit, unit)


def game_title(game: str, locale: str | None = None) -> str:
    """A game's name for the reader, in the rule texts' own words in French ("Le Citron Coco
    en individuel"); the game's id for a game no catalogue names."""
    return _said(f"game.{game}.title", locale) or _said(f"game.{game}.title", None) or game


def option_label(game: str, option: str, locale: str | None = None) -> str:
    """An option's short name for the reader ("La Zouzou", "Couleur des cases")."""
    return _said(f"game.{game}.{option}.label", locale) or option.replace("_", " ").capitalize()


def option_description(game: str, option: str, locale: str | None = None,
                       default: str = "") -> str:
    """What an option does, for the reader; ``default`` (the engine's own English words) where
    the language has none of its own."""
    return _said(f"game.{game}.{option}.description", locale) or default


def choice_label(game: str, option: str, value: object, locale: str | None = None) -> str:
    """What one of an option's values means, for the reader ("la Zouzou : le fautif pioche
    une carte"); the value itself where no catalogue says more."""
    return _said(f"game.{game}.{option}.choice.{value}", locale) or str(value)


# --- the small grammar: what a catalogue cannot hold -----------------------------------------

VOWELS = tuple("aeiouyàâäéèêëîïôöùûüAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜ")


def _de(text: str) -> str:
    """« de Bob », « d'Alice », « du joueur 2 », « du Warrior rouge de Bob »."""
    if text.startswith("le "):
        return "du " + text[3:]
    if text.startswith("les "):
        return "des " + text[4:]
    return ("d'" if text.startswith(VOWELS) else "de ") + text


def _a(text: str) -> str:
    """« à Bob », « au joueur 2 »."""
    if text.startswith("le "):
        return "au " + text[3:]
    if text.startswith("les "):
        return "aux " + text[4:]
    return "à " + text


def _que(text: str) -> str:
    """« que Bob », « qu'Alice »."""
    return ("qu'" if text.startswith(VOWELS) else "que ") + text


#: The French cards' names that are feminine (« la dame », « la D♥ », « la rose noir 2 »); every
#: other card is masculine (« le valet », « l'as », « le 7♠ »).
FEMININE = ("dame", "rose", "D♠", "D♥", "D♦", "D♣")


def _le(text: str) -> str:
    """« le 7♠ », « l'as (1) », « la dame (12) », « la D♥ »: a card with its article."""
    if text.startswith(VOWELS):
        return "l'" + text
    return ("la " if text.startswith(FEMININE) else "le ") + text


#: The prepositions and articles a template may put on a name (``{seat:de}``, ``{card:le}``),
#: by language: French elides and contracts them; English needs none.
PREPOSITIONS: dict[str, dict[str, Callable[[str], str]]] = {
    "en": {}, "fr": {"de": _de, "à": _a, "que": _que, "le": _le,
                     "du": lambda card: _de(_le(card)), "au": lambda card: _a(_le(card))}}


def is_plural(count: int, locale: str) -> bool:
    """English: one card, zero cards; French: zero and one are singular (« 0 carte »)."""
    return abs(count) >= 2 if locale == "fr" else count != 1


# --- parameters as a sentence shows them ----------------------------------------------------

class Shown(str):
    """A parameter's text, knowing its language and how many it counts (for agreement)."""

    locale: str
    count: int  # type: ignore[assignment]  # the number it counts, not str.count

    def __new__(cls, text: str, locale: str, count: int = 1) -> Shown:
        made = super().__new__(cls, text)
        made.locale, made.count = locale, count
        return made

    def __format__(self, spec: str) -> str:
        return styled(str(self), self.count, self.locale, spec)


class Count(int):
    """A number that can choose the word agreeing with it (``{count:card|cards}``)."""

    locale: str

    def __new__(cls, value: int, locale: str) -> Count:
        made = super().__new__(cls, value)
        made.locale = locale
        return made

    def __format__(self, spec: str) -> str:
        if "|" in spec or spec == "cap" or spec in PREPOSITIONS[self.locale]:
            return styled(str(int(self)), int(self), self.locale, spec)
        return int.__format__(int(self), spec)


def styled(text: str, count: int, locale: str, spec: str) -> str:
    """``text`` under a template's format spec (see the module's docstring)."""
    if not spec:
        return text
    if "|" in spec:
        one, many = spec.split("|", 1)
        return many if is_plural(count, locale) else one
    if spec == "cap":
        return text[:1].upper() + text[1:]
    preposition = PREPOSITIONS[locale].get(spec)
    if preposition is None:
        raise ValueError(f"unknown format spec {spec!r}")
    return str(preposition(text))


def seat_name(seat: Any, names: Names | None, locale: str | None = None) -> str:
    """The name given at the table; "seat N" (counted from 1, as the table counts) only when
    the match has no names to give."""
    if isinstance(seat, int) and names is not None and 0 <= seat < len(names) and names[seat]:
        return names[seat]
    number = seat + 1 if isinstance(seat, int) and not isinstance(seat, bool) else seat
    return catalogue(locale_of(locale))["grammar.unnamed_seat"].format(seat=number)


def join(items: Sequence[str], locale: str | None = None) -> str:
    """"Alice", "Alice and Bob", "Alice, Bob and Carole" (French: "Alice, Bob et Carole")."""
    items = [str(i) for i in items]
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])}{catalogue(locale_of(locale))['grammar.and']}{items[-1]}"


def warrior_name(ident: Any, names: Names | None, locale: str) -> str:
    """A CrocoNounours warrior ("0-red", "1-green-2") as its owner's coloured warrior."""
    found = WARRIOR_ID.match(str(ident))
    if not found:
        return str(ident)
    seat, colour, number = found.groups()
    owner = seat_name(int(seat), names, locale)
    colour_word = words(locale).get("colour", {}).get(colour, colour)
    return catalogue(locale)["grammar.warrior"].format_map(
        {"owner": Shown(owner, locale), "colour": colour_word,
         "number": f" {number}" if number else ""})


def card_name(text: str, locale: str) -> str:
    """A card of an ordinary deck as the table writes it: "Q♥" (French: "D♥"), "Joker"; a
    Neurotrio card by its nature, colour and force (« cœur noir 2 », "heart noir 2")."""
    if text == "JK":
        return catalogue(locale)["grammar.joker"]
    neuro = NEURO_CARD.match(text)
    if neuro:  # « cœur noir 2 »: its nature in the reader's words, its colour and force
        nature, colour, force = neuro.groups()
        return f"{words(locale).get('nature', {}).get(nature, nature)} {colour} {force}"
    found = CARD.match(text)
    if not found:
        return text
    rank, suit = found.groups()
    return f"{_said(f'rank.{rank}', locale) or rank}{SUIT_SIGNS[suit]}"


def _coded(key: str, value: Any, locale: str) -> str | None:
    """A code word's rendering (``suit="H"`` -> "hearts"), None when ``key`` holds no code."""
    if key in CARD_KEYS and isinstance(value, str):
        return card_name(value, locale)
    table = words(locale)
    kind = table.get(key) or table.get(key.rsplit("_", 1)[-1])
    if kind is not None and isinstance(value, str):
        return kind.get(value, value)
    return None


def _listed(key: str, value: Sequence[Any], names: Names | None, locale: str) -> Shown:
    """A list parameter: seats as names, warriors, codes as words, cards as laid."""
    if key in PER_SEAT_KEYS and names:
        items = [f"{seat_name(seat, names, locale)} {v}" for seat, v in enumerate(value)]
    elif is_seats_key(key):
        items = [seat_name(s, names, locale) for s in value]
    elif key == "warriors":
        items = [warrior_name(w, names, locale) for w in value]
    elif key in CARD_KEYS:
        items = [card_name(str(c), locale) for c in value]
    else:
        items = [_coded(key, v, locale) or str(v) for v in value]
    if key == "cards":  # cards read as laid, one after the other
        return Shown(" ".join(items), locale, len(items))
    if is_seats_key(key) or key in ("warriors", "colours", "given"):
        return Shown(join(items, locale), locale, len(items))
    return Shown(", ".join(items), locale, len(items))


def shown(key: str, value: Any, names: Names | None, locale: str | None = None) -> Any:
    """A parameter as the sentence shows it."""
    locale = locale_of(locale)
    if isinstance(value, Mapping) and "message_id" in value:  # a message within a message
        return render(Message(value["message_id"], value.get("params", {})), names, locale)
    coded = _coded(key, value, locale)
    if coded is not None:
        return Shown(coded, locale)
    if is_seat_key(key) and (isinstance(value, int) or value is None):
        text = (catalogue(locale)["grammar.nobody"] if value is None
                else seat_name(value, names, locale))
        return Shown(text, locale)
    if key in WARRIOR_KEYS and isinstance(value, str):
        return Shown(warrior_name(value, names, locale), locale)
    if isinstance(value, list | tuple):
        return _listed(key, value, names, locale)
    if isinstance(value, int) and not isinstance(value, bool):
        return Count(value, locale)
    return value


def render(message: Said | None, names: Names | None = None, locale: str | None = None) -> str:
    """The sentence ``message`` says to a reader of ``locale`` (English when none is given),
    players called by ``names``."""
    if message is None or isinstance(message, str):
        return message or ""
    locale = locale_of(locale)
    template = catalogue(locale).get(message.id)
    if template is None:
        raise MissingMessage(message.id)
    return fill(template, {k: shown(k, v, names, locale) for k, v in message.params.items()})


def fill(template: str, variables: Mapping[str, Any]) -> str:
    """A catalogue string with its ``{name}`` fields filled: every sentence a reader gets (the
    engines', given here as ``Shown`` and ``Count`` values that know their formats; the
    pages' and the service's, ``referee.edge.gettext``). A ``Markup`` template escapes what
    it is given, as an HTML page needs. A name or a number given plain takes the French
    grammar's specs too (« Jeu {name:de} » -> « Jeu d'Alice », ``{n:manche|manches}``): only
    the French templates ask for them."""
    try:
        return template.format_map(variables)
    except ValueError:  # a spec on a plain value: one the grammar can elide or agree with
        return template.format_map({key: _grammatical(value)
                                    for key, value in variables.items()})


def _grammatical(value: Any) -> Any:
    """A plain text or number as French grammar takes it (a page's parameter; a sentence
    already made, ``Markup``, as its text, escaped again like any text)."""
    if isinstance(value, str) and not isinstance(value, Shown):
        return Shown(value, "fr")
    if type(value) is int:
        return Count(value, "fr")
    return value


def renderer(names: Names | None = None,
             locale: str | None = None) -> Callable[[Said | None], str]:
    """``render`` with the match's names bound, for ``Verdict.as_dict(render=…)``."""
    return lambda message: render(message, names, locale)


def fields_of(template: str) -> set[str]:
    """The named fields a template uses (tests check every one is a parameter the engine gives)."""
    return {name for _, name, _, _ in Formatter().parse(template) if name}


def names_of(match: Any) -> list[str]:
    """The names given at the table, by seat, of a stored match."""
    summary = getattr(match, "summary", None)
    return list(summary.seat_names or []) if summary is not None else []


def for_match(match: Any, locale: str | None = None) -> Callable[[Said | None], str]:
    """The renderer of a stored match: its players called by their names."""
    return renderer(names_of(match), locale)


# --- stored readings, worded again for this reader -----------------------------------------

def said_from(data: Any) -> Message | None:
    """The message a stored ``{"message_id", "params"}`` holds, if it holds one."""
    if isinstance(data, Mapping) and isinstance(data.get("message_id"), str):
        params = data.get("params")
        return Message(data["message_id"], params if isinstance(params, Mapping) else {})
    return None


def _say(said: Message | None, fallback: Any, names: Names | None, locale: str) -> Any:
    """``said`` rendered, or the stored text when the catalogue cannot read it (an id from an
    older version, parameters of another shape)."""
    if said is None:
        return fallback
    try:
        return render(said, names, locale)
    except (KeyError, IndexError, ValueError, TypeError, AttributeError):
        return fallback


def _outcome_of(data: Mapping[str, Any]) -> Message | None:
    """The outcome's message: the result once there is one, else the running outcome's data,
    looked for in the dict or in its standings."""
    for holder in (data, data.get("standings"), data.get("totals")):
        if not isinstance(holder, Mapping):
            continue
        result = holder.get("result")
        if isinstance(result, Mapping) and isinstance(result.get("termination"), str):
            return Message(result["termination"], {"winner_seats": list(result.get("winners", [])),
                                                   **dict(result.get("figures") or {})})
        if (said := said_from(holder.get("outcome_data"))) is not None:
            return said
    return None


@dataclass(frozen=True)
class Unsaid:
    """A sentence the service holds as data (what an engine said, the players' names, the
    stored text for when the catalogue cannot say it), worded only where a reader reads it."""

    said: Message | None
    names: tuple[str, ...] = ()
    stored: str = ""

    def worded(self, locale: str | None = None) -> str:
        """The sentence in ``locale`` (English when none is given)."""
        return str(_say(self.said, self.stored, self.names, locale_of(locale)))


def outcome_of(totals: Mapping[str, Any] | None, names: Names | None = None,
               stored: str = "") -> Unsaid:
    """A match's outcome as data, from its stored standings' data (``result``, or the running
    ``outcome_data``) with the players' names; ``stored`` where no data says it."""
    said = _outcome_of(totals) if isinstance(totals, Mapping) else None
    return Unsaid(said, tuple(names or ()), stored)


def outcome_text(totals: Mapping[str, Any] | None, names: Names | None = None,
                 stored: str = "", locale: str | None = None) -> str:
    """A match's outcome for the reader, from its stored standings' data (``result``, or the
    running ``outcome_data``) with the players' names; ``stored`` where no data says it."""
    said = _outcome_of(totals) if isinstance(totals, Mapping) else None
    return str(_say(said, stored, names, locale_of(locale)))


#: What an answer holds that is neither a list nor a mapping, to be kept as it is (``reword``
#: walks every value: these need no call, nor a look at the abstract Mapping type).
_LEAVES = frozenset({str, int, float, bool, type(None)})


def _names_in(data: Mapping[str, Any], names: Names | None) -> Names | None:
    """A match's own names, when the dict is a match listing its seats."""
    seats = data.get("seats")
    if isinstance(seats, list) and seats and type(seats[0]) not in _LEAVES \
            and all(isinstance(s, Mapping) and "name" in s for s in seats):
        named = {s.get("seat", i): str(s["name"]) for i, s in enumerate(seats)}
        if all(isinstance(k, int) and 0 <= k < 1000 for k in named):
            return [named.get(i, "") for i in range(max(named) + 1)]
    return names


def reword(data: Any, names: Names | None = None, locale: str | None = None) -> Any:
    """A copy of an answer (verdicts, refusals, standings, matches) whose sentences are
    rendered again from their data for this reader: ``reason``/``message`` from ``message_id``
    and ``params``, ``penalty`` from ``penalty_data``, ``effects`` from ``effects_data``,
    ``outcome`` from the result. Data fields are untouched; stored sentences stay where no
    data says them."""
    return _reworded(data, names, locale_of(locale))


def _reworded(data: Any, names: Names | None, locale: str) -> Any:
    """``reword`` with the locale settled once (it walks every value of an answer)."""
    if isinstance(data, list):
        return [item if type(item) in _LEAVES else _reworded(item, names, locale)
                for item in data] if data else []
    if type(data) is not dict and not isinstance(data, Mapping):
        return data
    if not data:
        return {}
    if "seats" in data:
        names = _names_in(data, names)
    out = {key: value if type(value) in _LEAVES else _reworded(value, names, locale)
           for key, value in data.items()}
    if not _SAYING.isdisjoint(data):  # a sentence here: said again
        out = _say_again(data, out, names, locale)
    return out


def reword_shared(data: Any, names: Names | None = None, locale: str | None = None) -> Any:
    """``reword``'s answer, made without copying what has no sentence to say again: lists and
    dicts with none are ``data``'s own. For an answer written out at once and never changed (a
    move's 201)."""
    return _shared(data, names, locale_of(locale))


def _shared(data: Any, names: Names | None, locale: str) -> Any:
    kind = type(data)
    if kind is dict:
        return _shared_dict(data, names, locale) if data else data
    if kind is list:
        return _shared_list(data, names, locale) if data else data
    if isinstance(data, list | Mapping):  # another kind of list or mapping: as reword makes it
        return _reworded(data, names, locale)
    return data


def _shared_list(data: list[Any], names: Names | None, locale: str) -> list[Any]:
    new: list[Any] | None = None
    for at, item in enumerate(data):
        if type(item) not in _LEAVES and (said := _shared(item, names, locale)) is not item:
            if new is None:
                new = list(data)
            new[at] = said
    return data if new is None else new


def _shared_dict(data: dict[str, Any], names: Names | None, locale: str) -> dict[str, Any]:
    if "seats" in data:
        names = _names_in(data, names)
    out: dict[str, Any] | None = None
    for key, value in data.items():
        if type(value) not in _LEAVES and (said := _shared(value, names, locale)) is not value:
            if out is None:
                out = dict(data)
            out[key] = said
    if not _SAYING.isdisjoint(data):
        out = _say_again(data, dict(data) if out is None else out, names, locale)
    return data if out is None else out


def _say_again(data: Mapping[str, Any], out: dict[str, Any], names: Names | None,
               locale: str) -> dict[str, Any]:
    """``out`` (a copy of ``data``) with its sentences rendered again from ``data``'s own
    data; those ``data`` kept none of (a row kept as data only) placed where a verdict's or
    the standings' ``as_dict`` places them, so that an answer reads in the same order."""
    for text_key in ("reason", "message"):
        if text_key in data:
            out[text_key] = _say(said_from(data), data[text_key], names, locale)
            break
    else:
        if "penalty_data" in data and "message_id" in data:  # a verdict or finding kept as data
            out["reason"] = _say(said_from(data), "", names, locale)
    if "penalty_data" in data:
        out["penalty"] = _say(said_from(data["penalty_data"]), data.get("penalty"), names,
                              locale)
    effects, effects_data = data.get("effects"), data.get("effects_data")
    if effects is None and isinstance(effects_data, list):  # kept as data: no sentence
        effects = [""] * len(effects_data)
    if isinstance(effects, list) and isinstance(effects_data, list) \
            and len(effects) == len(effects_data):
        out["effects"] = [_say(said_from(d), e, names, locale)
                          for e, d in zip(effects, effects_data, strict=True)]
    outcome = data.get("outcome")
    if isinstance(outcome, str) or (outcome is None and "outcome_data" in data):
        out["outcome"] = _say(_outcome_of(data), outcome or "", names, locale)
    return out if len(out) == len(data) else _in_place(data, out)


#: Each data key, and the sentence ``as_dict`` writes just before it.
_SAID_BEFORE = {"message_id": "reason", "penalty_data": "penalty", "effects_data": "effects",
                "outcome_data": "outcome"}


def _in_place(data: Mapping[str, Any], out: dict[str, Any]) -> dict[str, Any]:
    """``out`` with the sentences ``data`` lacked moved just before the data they say."""
    placed: dict[str, Any] = {}
    for key, value in out.items():
        said = _SAID_BEFORE.get(key)
        if said is not None and said in out and said not in data:
            placed[said] = out[said]
        placed[key] = value
    for key, value in out.items():
        placed.setdefault(key, value)
    return placed


#: The keys ``_reworded`` says a sentence again for (the data keys: a row kept as data only).
_SAYING = frozenset({"reason", "message", "penalty_data", "effects", "effects_data", "outcome",
                     "outcome_data"})


_NAMES: WeakKeyDictionary[Any, OrderedDict[int, tuple[str, ...]]] = WeakKeyDictionary()
_NAMES_LOCK = threading.Lock()
NAMES_KEPT = 4096


def seat_names(db: Any, match_id: int) -> list[str] | None:
    """The names given at a match's table, by seat (None: there is no such match).

    The names are fixed when the match is created, so each process keeps the last ones it read
    (per database): wording a verdict again costs no query on the append path."""
    with _NAMES_LOCK:
        kept = _NAMES.setdefault(db, OrderedDict())
        if match_id in kept:
            kept.move_to_end(match_id)
            return list(kept[match_id])
    from referee.service import work  # the database and its read model: only when a reader asks
    from referee.store import models

    with work.reading(db) as session:
        summary = session.get(models.MatchSummary, match_id)
        if summary is None:
            return None
        names = tuple(str(n) for n in summary.seat_names or [])
    with _NAMES_LOCK:
        kept[match_id] = names
        while len(kept) > NAMES_KEPT:
            kept.popitem(last=False)
    return list(names)


__all__ = ["LOCALES", "Message", "MissingMessage", "Unsaid", "catalogue", "choice_label",
           "fields_of", "fill", "for_match", "game_title", "locale_of", "message_ids",
           "option_description", "option_label", "outcome_of", "outcome_text", "render",
           "renderer", "reword", "reword_shared", "seat_name", "seat_names", "unit_label"]

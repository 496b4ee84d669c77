"""The rule catalogue's clauses worded for one reader, wherever a verdict is shown or served.

A verdict names its rule (``PL-TURN-2``); the reader gets the clause it rests on: the text's
own sentence in the text's language (``quote``, ``language``), its rendering in the reader's
language where that differs, the project's decision where the text is silent (``ruling``), and
the address of the clause on its catalogue's page (``rule_url``). The catalogues are read once
(``referee.service.rulebook``); each clause's wording is kept per (game, clause, language), so
that the append's answer pays a dictionary look-up for it. A rule no catalogue holds yet (a
game whose catalogue is not written) has no clause: ``None``.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from referee.service.messages import locale_of
from referee.service.rulebook import Clause, Reading, Rulebook, catalogues, find, rulebook

#: Where each catalogue's page is; a clause is its anchor there.
RULES_PATH = "/rules/"


def rule_url(book: str, clause: str | None = None) -> str:
    """The address of a catalogue's page, or of one clause on it."""
    return f"{RULES_PATH}{book}" + (f"#{clause}" if clause else "")


def _reader_wording(book: Rulebook, clause: Clause, locale: str) -> tuple[str | None, str | None]:
    """The rendering (only where the reader's language is not the text's) and the ruling."""
    rendering = clause.rendering if clause.quote and book.language != locale else None
    return rendering, (clause.ruling[locale] if clause.ruling else None)


@lru_cache(maxsize=4096)
def _clause_ref(game: str | None, rule: str, locale: str) -> Mapping[str, Any] | None:
    found = find(rule, game)
    if found is None:
        return None
    book, clause = found
    rendering, ruling = _reader_wording(book, clause, locale)
    return {"id": clause.id, "quote": clause.quote, "language": book.language,
            "rendering": rendering, "ruling": ruling, "rule_url": rule_url(book.game, clause.id)}


def clause_ref(rule: Any, locale: str, game: str | None = None) -> dict[str, Any] | None:
    """What a verdict carries of its clause (``id``, ``quote``, ``language``, ``rendering``,
    ``ruling``, ``rule_url``) for a reader of ``locale``; None for no clause. A fresh dict:
    the caller may write it out as it likes."""
    if not isinstance(rule, str) or not rule:
        return None
    found = _clause_ref(game, rule, locale_of(locale))
    return dict(found) if found is not None else None


def with_clause(verdict: Any, locale: str, game: str | None = None) -> Any:
    """A verdict (a dict with ``rule``) and its clause; anything else as it is."""
    if not isinstance(verdict, Mapping) or "rule" not in verdict:
        return verdict
    return {**verdict, "clause": clause_ref(verdict["rule"], locale, game)}


def with_rule_url(verdict: Any, game: str | None = None) -> Any:
    """A verdict and only the address of its clause (the timeline's pages)."""
    if not isinstance(verdict, Mapping) or "rule" not in verdict:
        return verdict
    found = _clause_ref(game, verdict["rule"], "en") if isinstance(verdict["rule"], str) \
        and verdict["rule"] else None
    return {**verdict, "rule_url": found["rule_url"] if found else None}


def _as_text(value: Any) -> str:
    """An option's value as a reading names it: ``true``/``false`` for a flag, written either
    way in a catalogue."""
    text = str(value)
    return text.lower() if isinstance(value, bool) or text in ("True", "False") else text


def _reading(reading: Reading, locale: str, chosen: Mapping[str, Any] | None) -> dict[str, Any]:
    out: dict[str, Any] = {"option": reading.option, "value": reading.value,
                           "default": reading.default, "says": reading.says[locale]}
    if chosen is not None:
        out["chosen"] = reading.option in chosen and \
            _as_text(chosen[reading.option]) == _as_text(reading.value)
    return out


def clause_data(book: Rulebook, clause: Clause, locale: str,
                options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """One clause whole, for the reader: what the API and the catalogue's page show. With a
    match's ``options``: which reading that table plays (``chosen``) and its option values."""
    locale = locale_of(locale)
    rendering, ruling = _reader_wording(book, clause, locale)
    out: dict[str, Any] = {
        "id": clause.id, "section": clause.section, "quote": clause.quote,
        "language": book.language, "rendering": rendering, "says": clause.says[locale],
        "ruling": ruling, "options": list(clause.options),
        "readings": [_reading(r, locale, options) for r in clause.readings],
        "rule_url": rule_url(book.game, clause.id)}
    if options is not None:
        out["played"] = {name: options[name] for name in clause.options if name in options}
    return out


def book_data(name: str, locale: str,
              options: Mapping[str, Any] | None = None) -> dict[str, Any] | None:
    """A catalogue whole for the reader, its clauses by section (None: no catalogue)."""
    if name not in catalogues():
        return None
    locale = locale_of(locale)
    book = rulebook(name)
    source = book.source
    return {
        "game": book.game, "platform": book.platform, "title": book.title[locale],
        "preamble": book.preamble[locale], "language": book.language,
        "source": None if source is None else {"title": source.title, "credit": source.credit,
                                               "file": source.file,
                                               "language": source.language},
        "sections": [{"key": s.key, "title": s.title[locale],
                      "intro": s.intro[locale] if s.intro else None,
                      "clauses": [clause_data(book, c, locale, options)
                                  for c in book.in_section(s.key)]}
                     for s in book.sections],
        "rule_url": rule_url(book.game)}


def timeline_urls(page: Mapping[str, Any]) -> dict[str, Any]:
    """A timeline's page whose events' verdicts carry the address of their clause."""
    game = page.get("game") if isinstance(page.get("game"), str) else None
    events = [{**e, **{key: with_rule_url(e[key], game) for key in ("verdict", "judged_now")
                       if isinstance(e.get(key), Mapping)}} for e in page.get("events", ())]
    return {**page, "events": events}

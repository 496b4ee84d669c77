"""What an engine said, worded for one reader, where an answer is made (the API, the pages).

The log, the read models and the service's answers hold data (``message_id`` and ``params``,
``penalty_data``, ``effects_data``, ``outcome_data``, ``result``); the edges word them here, in
the language Flask-Babel chose for the request (``referee.edge.i18n.select_locale``: the pages'
explicit choice, then Accept-Language; the API's Accept-Language), with the names the players
gave at the table.

The newest page of a match's timeline is read by every phone at the table after each move: its
wording for each language and names is kept beside the service's kept page (``say_kept``), for
as long as that page is the match's latest.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from flask import has_request_context
from flask_babel import get_locale

from referee.service import bgstats
from referee.service.costs import Cost
from referee.service.messages import (
    DEFAULT_LOCALE,
    MissingMessage,
    Unsaid,
    game_title,
    locale_of,
    render,
    reword,
    reword_shared,
    said_from,
)

Names = Sequence[str] | None

#: Worded pages kept, at most: the newest page of each match being played, per language.
KEPT = 512


def reader_locale() -> str:
    """The language of the reader being answered: Flask-Babel's choice for this request."""
    if not has_request_context():
        return DEFAULT_LOCALE
    chosen = get_locale()
    return locale_of(str(chosen)) if chosen is not None else DEFAULT_LOCALE


def say(data: Any, names: Names = None, locale: str | None = None) -> Any:
    """``data`` with every sentence an engine's data says worded for the reader (``locale``,
    else this request's), the players called by ``names``. What holds no sentence is
    ``data``'s own, not copied: an answer to be written out, never changed."""
    return reword_shared(data, names, locale or reader_locale())


def reworded(data: Any, names: Names = None, locale: str | None = None) -> Any:
    """A copy of ``data`` with its sentences worded for the reader (``locale``, else this
    request's): for a page that may change what it is given."""
    return reword(data, names, locale or reader_locale())


def said_errors(errors: Any, locale: str | None = None) -> Any:
    """A schema's messages with the engines' own (``{"message_id", "params"}``, a card written
    wrong) worded for the reader; marshmallow's strings as they are."""
    locale = locale or reader_locale()
    if isinstance(errors, dict):
        said = said_from(errors)
        if said is None:
            return {k: said_errors(v, locale) for k, v in errors.items()}
        try:
            return render(said, None, locale)
        except (MissingMessage, KeyError, IndexError, ValueError):
            return str(errors)
    if isinstance(errors, list):
        return [said_errors(e, locale) for e in errors]
    return errors


def said_play(sent: dict[str, Any], locale: str | None = None) -> dict[str, Any]:
    """A match as BG Stats takes it (``bgstats.send_link``), its comment and its game's name
    worded for the reader (« Le Citron Coco en individuel » in French), and the link that
    carries it."""
    locale = locale or reader_locale()
    play = dict(sent["play"])
    comments = play.get("comments")
    if isinstance(comments, Unsaid):
        play["comments"] = comments.worded(locale)
    game = play.get("game")
    if isinstance(game, dict) and locale != DEFAULT_LOCALE:
        title = game_title(str(game.get("sourceGameId")), locale)
        play["game"] = {**game, "name": title} if title != game.get("sourceGameId") else game
    return {"link": bgstats.link(play), "play": play}


def said_cost(cost: Cost, names: Names = None, locale: str | None = None) -> Cost:
    """What a costly move would do (``costs.consequence``), its verdict, forfeits and outcome
    worded for the reader, by the players' names."""
    locale = locale or reader_locale()
    forfeits, outcome = cost.said
    return replace(cost, verdict=reword(cost.verdict, names, locale),
                   forfeits=tuple(render(f, names, locale) for f in forfeits),
                   outcome=render(outcome, names, locale) if outcome is not None else "")


def said_missplays(missplays: Mapping[str, Any], locale: str | None = None) -> dict[str, str]:
    """A game's reportable missplays (rule -> what the engine says the fault is) worded for
    the reader."""
    locale = locale or reader_locale()
    return {rule: render(said, None, locale) for rule, said in missplays.items()}


class _Kept:
    """Worded pages by (the page, what it is made into, its language, the names), least
    recently used dropped."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.pages: OrderedDict[tuple[int, str, str, tuple[str, ...]], tuple[Any, Any]] = \
            OrderedDict()

    def _held(self, page: Any, key: tuple[int, str, str, tuple[str, ...]]) -> Any:
        """What the entry holds of its page: a weak reference, which drops the entry once the
        service lets the page go (the match moved on), where the page can have one."""
        def gone(_ref: Any) -> None:
            with self.lock:
                self.pages.pop(key, None)

        try:
            return weakref.ref(page, gone)
        except TypeError:  # a plain dict: held as it is, until dropped as least recent
            return lambda: page

    def get(self, page: Any, names: Names, locale: str, made: Callable[[Any], Any] | None,
            kind: str) -> Any:
        key = (id(page), kind, locale, tuple(names or ()))
        with self.lock:
            found = self.pages.get(key)
            if found is not None and found[0]() is page:  # the very page: the same words
                self.pages.move_to_end(key)
                return found[1]
        worded = say(made(page) if made else page, names, locale)
        with self.lock:
            self.pages[key] = (self._held(page, key), worded)
            while len(self.pages) > KEPT:
                self.pages.popitem(last=False)
        return worded


_KEPT = _Kept()


def say_kept(page: Any, names: Names = None, locale: str | None = None, *,
             made: Callable[[Any], Any] | None = None, kind: str = "") -> Any:
    """``say(page)`` (of ``made(page)``, an answer made of it, named by ``kind``) for a page
    the service keeps and shares until the match moves on (the timeline's newest page): worded
    once per language and names, then the same answer."""
    return _KEPT.get(page, names, locale or reader_locale(), made, kind)

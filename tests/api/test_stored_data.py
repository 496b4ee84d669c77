"""The log, the snapshots and the read models hold data, never a sentence in a reader's language.

The corpus's scripted matches (every game, corrections, disputes, refusals, quick scoring, an
imported night) are played through the API with each request in French or English in turn
(Accept-Language), and every row of every table of the schema is read back raw. A *stored
sentence* is a string anywhere in a row (JSON documents walked to their leaves) that equals:

- a sentence a reader was answered for something an engine said: the ``reason``, ``message``,
  ``penalty``, ``effects`` or ``outcome`` beside a ``message_id`` or ``outcome_data`` in any
  answer given while the matches were played, in either language; or
- a rendering, in English or French, with any match's names or none, of any message (a
  ``message_id`` and its ``params``, an outcome's ``result``) found in the answers or the rows.

There must be none; and the verdicts logged, their findings and the summaries' totals carry no
``reason``, ``penalty``, ``effects`` or ``outcome`` text at all.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import select

from referee import database
from referee.engines.messages import Message
from referee.service.messages import LOCALES, MissingMessage, render
from referee.store import models
from tests.corpus.scenarios import SCENARIOS
from tests.corpus.session import Session
from tests.helpers import auth, move, new_match

#: Keys that hold a sentence an engine's message is said in.
SENTENCES = ("reason", "message", "penalty", "effects", "outcome")


@pytest.fixture
def snapshot_every() -> int:
    """Snapshots every ten events, as the corpus takes them: the matches leave some."""
    return 10


class Writer(Session):
    """The corpus's scripted player on the test's own app, each request in French or English
    in turn; only the API is read back (pages, streams, sheets and the command line write
    nothing)."""

    def __init__(self, app: Flask, folder: Path) -> None:  # noqa: D107 - not the dataclass's
        self.lang, self.folder, self.app = "fr", folder, app
        self.api = app.test_client()
        self.record = {"answers": [], "pages": [], "streams": [], "csv": [], "cli": []}
        self.tokens, self.browsers = {}, {}
        self._langs = itertools.cycle(["fr", "en", "fr-FR,fr;q=0.9", "en-GB,en;q=0.8"])

    @property
    def headers(self) -> dict[str, str]:
        return {"Accept-Language": next(self._langs)}

    def page(self, path: str, viewer: Any = "public", match: Any = None) -> None:
        return None

    def read_pages(self, match: Any, at: list[int] | None = None) -> None:
        return None

    def read_stream(self, match: Any) -> None:
        return None

    def csv(self, path: str) -> None:
        return None

    def cli(self, *args: str) -> None:
        return None


def leaves(value: Any) -> Iterator[str]:
    """Every string in a value, JSON documents walked to their leaves (keys too)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from leaves(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from leaves(item)


def dicts(value: Any) -> Iterator[dict[str, Any]]:
    """Every mapping within a value."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from dicts(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from dicts(item)


def messages_in(value: Any) -> Iterator[Message]:
    """Every message a value holds: ``message_id`` with ``params``, and outcomes' results."""
    for found in dicts(value):
        if isinstance(found.get("message_id"), str):
            yield Message(found["message_id"], found.get("params") or {})
        result = found.get("result")
        if isinstance(result, dict) and isinstance(result.get("termination"), str):
            yield Message(result["termination"], {"winner_seats": result.get("winners", []),
                                                  **(result.get("figures") or {})})


def renderings(message: Message, names: list[list[str]]) -> Iterator[str]:
    for locale in LOCALES:
        for named in [*names, None]:
            try:
                yield render(message, named, locale)
            except (MissingMessage, KeyError, IndexError, ValueError, TypeError):
                continue


def answered_sentences(answers: list[Any]) -> set[str]:
    """The sentences readers were answered beside an engine's data."""
    said: set[str] = set()
    for found in dicts(answers):
        if "message_id" not in found and "outcome_data" not in found:
            continue
        for key in SENTENCES:
            value = found.get(key)
            if isinstance(value, str) and value:
                said.add(value)
            elif key == "effects" and isinstance(value, list):
                said.update(v for v in value if isinstance(v, str) and v)
    return said


def raw_rows(app: Flask) -> dict[str, list[dict[str, Any]]]:
    """Every row of every table of the schema, as the database hands it back."""
    with database(app).engine.connect() as connection:
        return {table.name: [dict(row._mapping) for row in connection.execute(select(table))]
                for table in models.Base.metadata.sorted_tables}


def test_no_table_holds_a_sentence(app: Flask, tmp_path: Path) -> None:
    writer = Writer(app, tmp_path)
    for scenario in SCENARIOS.values():
        scenario(writer)
    answers = [entry["answer"] for entry in writer.record["answers"]]
    rows = raw_rows(app)
    assert rows["events"] and rows["match_summaries"] and rows["snapshots"]
    names = [list(s["seat_names"]) for s in rows["match_summaries"]]
    sentences = answered_sentences(answers)
    for message in {(m.id, repr(sorted(m.params.items()))): m
                    for m in itertools.chain(messages_in(answers), messages_in(rows))}.values():
        sentences.update(renderings(message, names))
    assert len(sentences) > 500  # French and English, every game: the check has teeth
    stored = [(table, column, text) for table, items in rows.items() for row in items
              for column, value in row.items() for text in leaves(value)
              if text in sentences]
    assert stored == []


def test_verdicts_and_summaries_keep_no_sentence_field(app: Flask, tmp_path: Path) -> None:
    writer = Writer(app, tmp_path)
    SCENARIOS["citroncoco"](writer)
    SCENARIOS["plouc"](writer)
    rows = raw_rows(app)
    assert "outcome" not in {c.name for c in models.MatchSummary.__table__.columns}
    for event in rows["events"]:
        verdict = event["verdict"]
        for held in [verdict, *verdict.get("flags", [])]:
            assert not set(SENTENCES) & set(held), (event["seq"], verdict)
        assert "message_id" in verdict and "penalty_data" in verdict
    for summary in rows["match_summaries"]:
        assert "outcome" not in summary["totals"] and "outcome_data" in summary["totals"]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_verdict_logged_in_one_language_is_read_in_the_other(app: Flask, lang: str) -> None:
    """The language of the request that logged a move decides nothing its row says."""
    client = app.test_client()
    other = "fr" if lang == "en" else "en"
    table = new_match(client, "citroncoco", 3)
    logged = move(client, table, "draw", 0, {"source": "stock"},
                  headers={"Accept-Language": lang})
    assert logged.status_code == 201, logged.json
    read = {language: client.get(f"/api/matches/{table.id}/events", headers={
        **auth(table.host), "Accept-Language": language}).json["events"][-1]["verdict"]
        for language in (lang, other)}
    said = Message(read[lang]["message_id"], read[lang]["params"])
    assert logged.json["verdict"]["reason"] == read[lang]["reason"]
    assert read[lang]["reason"] == render(said, ["Alice", "Bob", "Chloé"], lang)
    assert read[other]["reason"] == render(said, ["Alice", "Bob", "Chloé"], other)
    assert read[lang]["reason"] != read[other]["reason"]

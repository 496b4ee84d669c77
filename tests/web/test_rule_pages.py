"""The rule catalogues as pages (``/rules/<game>``, ``/m/<id>/rules``) and the clause behind
each verdict on the pages, in English and French. What is expected is read from the
catalogues (``referee.service.rulebook``), never written here."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee.service import rulebook
from referee.service.rulebook import Clause, Reading
from tests.api.test_locale import EN, plouc, post
from tests.helpers import new_match
from tests.web.helpers import joined, move

FR = {"Accept-Language": "fr-FR,fr;q=0.9"}
LANGUAGES = {"en": EN, "fr": FR}
CATALOGUED = rulebook.games()
#: The rule texts the quotations come from (outside the package: the pages never copy them).
TEXTS = Path("/work/shared/rules")
DECISION = {"en": "The project's decision:", "fr": "Décision du projet :"}


def page(client: FlaskClient, address: str, lang: str) -> str:
    answer = client.get(address, headers=LANGUAGES[lang])
    assert answer.status_code == 200, address
    return html.unescape(answer.get_data(as_text=True))


def entry(text: str, cid: str) -> str:
    """A clause's block on the catalogue's page, from its anchor to the next one."""
    start = text.index(f'id="{cid}"')
    following = text.find('class="clause-entry"', start)
    return text[start:following if following > 0 else len(text)]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", CATALOGUED)
def test_every_clause_has_its_anchor_quote_rendering_and_ruling(client: FlaskClient, game: str,
                                                                lang: str) -> None:
    """Each clause under its section, anchored by its id: the quotation in the text's
    language, its rendering only for a reader of the other, what it says in the reader's,
    its ruling marked as the project's decision; the source named."""
    book = rulebook.rulebook(game)
    text = page(client, f"/rules/{game}", lang)
    assert book.title[lang] in text
    for section in book.sections:
        assert section.title[lang] in text
    for clause in book.clauses.values():
        block = entry(text, clause.id)
        assert f'href="#{clause.id}"' in block
        if clause.quote:
            assert clause.quote in block
            assert (clause.rendering in block) == (book.language != lang), clause.id
        if clause.ruling:
            assert f"{DECISION[lang]}</strong> {clause.ruling[lang]}" in block
        for reading in clause.readings:
            assert reading.says[lang] in block
    source = book.source
    assert source is not None
    assert source.title in text and source.credit in text and source.file in text


@pytest.mark.parametrize("game", CATALOGUED)
def test_the_rule_text_itself_is_not_copied(client: FlaskClient, game: str) -> None:
    """The quoted sentences, not the text: hardly any other line of it is on the page."""
    book = rulebook.rulebook(game)
    assert book.source is not None
    if not (TEXTS / book.source.file).exists():
        pytest.skip("the rule texts are not beside the checkout")
    quotes = " ".join(c.quote or "" for c in book.clauses.values())
    lines = [line.strip() for line in (TEXTS / book.source.file).read_text().splitlines()
             if len(line.strip()) > 40 and line.strip() not in quotes]
    text = page(client, f"/rules/{game}", "en")
    copied = [line for line in lines if line in text]
    assert lines and len(copied) * 4 < len(lines), copied  # a sentence or two, not the text


def test_a_game_without_a_catalogue_has_no_page(client: FlaskClient) -> None:
    games = [g["id"] for g in client.get("/api/games").json]
    for game in [g for g in games if g not in CATALOGUED]:
        assert client.get(f"/rules/{game}").status_code == 404
    assert client.get("/rules/no-such-game").status_code == 404


def chosen_reading(client: FlaskClient) -> tuple[str, Clause, Reading, int]:
    """A match created with a reading other than its clause's default: the first the
    catalogues offer that a game takes as an option's value."""
    for game in CATALOGUED:
        for clause in rulebook.rulebook(game).clauses.values():
            for other in (r for r in clause.readings if not r.default):
                value: Any = {"true": True, "false": False}.get(other.value, other.value)
                made = client.post("/api/matches", json={
                    "game": game, "options": {other.option: value},
                    "seats": [{"name": n} for n in ("Alice", "Bob", "Chloé")]})
                if made.status_code == 201:
                    return game, clause, other, made.json["id"]
    pytest.fail("no catalogue offers a reading other than its default")


def test_the_match_page_marks_the_reading_its_table_plays(client: FlaskClient) -> None:
    """A match created with each option's other reading: on its rules page that reading is
    marked as the one this table plays, the default one is not (a clause read by several
    options marks one reading of each)."""
    game, clause, other, match_id = chosen_reading(client)
    text = page(client, f"/m/{match_id}/rules", "en")
    readings = re.findall(r'<li class="reading( chosen)?">(.*?)</li>', entry(text, clause.id),
                          re.S)
    chosen = [body for mark, body in readings
              if mark and f"<code>{other.option}</code>" in body]
    assert len(chosen) == 1 and other.says["en"] in chosen[0]
    assert "this table plays it" in chosen[0]
    assert f"/m/{match_id}" in text  # back to the match


def test_the_game_and_match_pages_link_to_the_rules(client: FlaskClient) -> None:
    game = CATALOGUED[0]
    assert f'href="/rules/{game}"' in page(client, f"/new/{game}", "en")
    assert f'href="/rules/{game}"' in page(client, "/new", "en")
    table = new_match(client, game=game, players=3)
    assert f'href="/m/{table.id}/rules"' in page(client, f"/m/{table.id}", "fr")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_verdict_on_the_match_page_shows_its_clause(client: FlaskClient, lang: str) -> None:
    """PL-PLAY-1: under Bob's play, the rule opens onto the text's sentence, its rendering for
    an English reader, and the link to the clause on the rules page."""
    table = plouc(client)
    answer = post(client, table, "play", 1, {"cards": ["5H"]}, headers=EN)
    rule = answer.json["verdict"]["rule"]
    found = rulebook.find(rule)
    assert found is not None
    book, clause = found
    for address in (f"/m/{table.id}", f"/m/{table.id}/board"):
        text = page(client, address, lang)
        assert clause.quote is not None and clause.quote in text
        assert (clause.rendering in text) == (book.language != lang)  # type: ignore[operator]
        assert f'href="/rules/{book.game}#{clause.id}"' in text


def test_a_refusal_on_the_pad_shows_the_clause_that_refuses(app: Flask,
                                                            client: FlaskClient) -> None:
    """PL-PLAY-1: Bob's 7♣ on the 5♠ follows neither suit nor value: the pad's refusal names
    the rule, and behind it the text's sentence and the link to the clause."""
    table = plouc(client)
    bob = joined(app, table.id, table.seats[1])
    refused = move(bob, table.id, "play", 1, {"p.cards": "7C"})
    text = html.unescape(refused.get_data(as_text=True))
    assert refused.status_code == 422, text[:2000]
    rule = re.search(r'<div class="refused-rule">.*?<span class="rule">([^<]+)</span>', text,
                     re.S)
    assert rule is not None, text[:3000]
    found = rulebook.find(rule.group(1))
    assert found is not None
    book, clause = found
    assert clause.quote is not None and clause.quote in text
    assert f'href="/rules/{book.game}#{clause.id}"' in text

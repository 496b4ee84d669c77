"""The rule catalogues through the API (``/api/games/<id>/rules``), and the clause each verdict
cites on the append's answer and on ``/events``: the text's own sentence in the text's
language, its rendering and the project's ruling in the reader's (DESIGN.md: every verdict
names a rule id from the project's own rule catalogue). What is expected is read from the
catalogues, never written here."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from referee.service import rulebook
from tests.api.test_locale import EN, FR, plouc, post
from tests.helpers import auth

CATALOGUED = rulebook.games()
LANGUAGES = {"en": EN, "fr": FR}


def expected(rule: str, lang: str) -> dict[str, Any] | None:
    """The clause a verdict citing ``rule`` carries for a reader of ``lang``, from its
    catalogue."""
    found = rulebook.find(rule)
    if found is None:
        return None
    book, clause = found
    return {"id": clause.id, "quote": clause.quote, "language": book.language,
            "rendering": clause.rendering if clause.quote and book.language != lang else None,
            "ruling": clause.ruling[lang] if clause.ruling else None,
            "rule_url": f"/rules/{book.game}#{clause.id}"}


@pytest.mark.parametrize("game", CATALOGUED)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_catalogue_is_served_whole_in_the_readers_language(client: FlaskClient, game: str,
                                                             lang: str) -> None:
    """Every clause of the catalogue, by section, what it says in the reader's language, the
    quotation in the text's; its source named, the text itself not copied."""
    book = rulebook.rulebook(game)
    answer = client.get(f"/api/games/{game}/rules", headers=LANGUAGES[lang])
    assert answer.status_code == 200, answer.json
    body = answer.json
    served = {c["id"]: c for s in body["sections"] for c in s["clauses"]}
    assert list(served) == [c.id for s in book.sections for c in book.in_section(s.key)]
    assert set(served) == set(book.clauses)
    for cid, clause in book.clauses.items():
        assert served[cid]["says"] == clause.says[lang]
        assert served[cid]["quote"] == clause.quote
        assert served[cid]["rule_url"] == f"/rules/{game}#{cid}"
    assert body["source"]["file"] == book.source.file  # type: ignore[union-attr]
    assert body["title"] == book.title[lang]


@pytest.mark.parametrize("game", CATALOGUED)
def test_one_clause_and_its_readings(client: FlaskClient, game: str) -> None:
    """A clause by its id: its readings, each value of its option, in French."""
    book = rulebook.rulebook(game)
    clause = next((c for c in book.clauses.values() if c.readings),
                  next(iter(book.clauses.values())))
    answer = client.get(f"/api/games/{game}/rules/{clause.id}", headers=FR)
    assert answer.status_code == 200, answer.json
    assert answer.json["id"] == clause.id and answer.json["says"] == clause.says["fr"]
    assert [(r["option"], r["value"], r["says"]) for r in answer.json["readings"]] == [
        (r.option, r.value, r.says["fr"]) for r in clause.readings]


@pytest.mark.parametrize("path", ["", "/{clause}"])
def test_an_unchanged_catalogue_answers_304_to_its_etag(client: FlaskClient, path: str) -> None:
    """If-None-Match with the ETag it gave: 304, no body; another language, another tag."""
    game = CATALOGUED[0]
    address = f"/api/games/{game}/rules" + path.format(
        clause=next(iter(rulebook.rulebook(game).clauses)))
    first = client.get(address, headers=EN)
    tag = first.headers["ETag"]
    again = client.get(address, headers={**EN, "If-None-Match": tag})
    assert again.status_code == 304 and again.data == b""
    french = client.get(address, headers={**FR, "If-None-Match": tag})
    assert french.status_code == 200 and french.headers["ETag"] != tag


def test_an_unknown_clause_is_404_saying_where_the_clauses_are(client: FlaskClient) -> None:
    game = CATALOGUED[0]
    answer = client.get(f"/api/games/{game}/rules/XX-NOPE-1", headers=EN)
    assert answer.status_code == 404
    assert answer.json["where"] == "path.clause_id"
    assert "XX-NOPE-1" in answer.json["message"]
    assert f"/api/games/{game}/rules" in answer.json["message"]


def test_a_game_without_a_catalogue_yet_is_404_and_no_game_is_404(client: FlaskClient) -> None:
    """A game whose catalogue is not written yet says so; a name no game has, too."""
    missing = [g for g in client.get("/api/games").json if g["id"] not in CATALOGUED]
    for game in missing:
        answer = client.get(f"/api/games/{game['id']}/rules", headers=EN)
        assert answer.status_code == 404 and "no rule catalogue yet" in answer.json["message"]
    nothing = client.get("/api/games/no-such-game/rules", headers=EN)
    assert nothing.status_code == 404 and nothing.json["where"] == "path.game_id"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_appends_verdict_carries_its_clause(client: FlaskClient, lang: str) -> None:
    """PL-PLAY-1: Bob's 5♥ on the 5♠; the answer's verdict carries the clause it cites, the
    rendering only for a reader of another language than the text's."""
    table = plouc(client)
    answer = post(client, table, "play", 1, {"cards": ["5H"]}, headers=LANGUAGES[lang])
    assert answer.status_code == 201, answer.json
    verdict = answer.json["verdict"]
    assert verdict["clause"] == expected(verdict["rule"], lang)
    assert verdict["clause"] is not None  # PL-PLAY-1 is catalogued


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_events_verdicts_carry_their_clause(client: FlaskClient, lang: str) -> None:
    """Each event of ``/events``, as logged and as judged now, with its clause (null for a
    rule no catalogue holds yet)."""
    table = plouc(client)
    assert post(client, table, "play", 1, {"cards": ["5H"]}, headers=EN).status_code == 201
    events = client.get(f"/api/matches/{table.id}/events", headers=LANGUAGES[lang]).json
    for event in events["events"]:
        for key in ("verdict", "judged_now"):
            if event.get(key):
                assert event[key]["clause"] == expected(event[key]["rule"], lang), event
    assert any(e["verdict"]["clause"] for e in events["events"])


def test_the_timeline_carries_the_clauses_address_only(client: FlaskClient) -> None:
    table = plouc(client)
    assert post(client, table, "play", 1, {"cards": ["5H"]}, headers=EN).status_code == 201
    page = client.get(f"/api/matches/{table.id}/timeline", headers=FR).json
    for event in page["events"]:
        verdict = event["verdict"]
        found = expected(verdict["rule"], "fr")
        assert verdict["rule_url"] == (found["rule_url"] if found else None)
        assert "clause" not in verdict


def test_the_referees_own_verdicts_cite_its_own_catalogue(client: FlaskClient) -> None:
    """PLATFORM-VOID: the host voids Bob's play; the void's verdict cites the referee's own
    clause, a ruling with no quote."""
    table = plouc(client)
    assert post(client, table, "play", 1, {"cards": ["5H"]}, headers=EN).status_code == 201
    void = client.post(f"/api/matches/{table.id}/events", json={
        "type": "void", "seat": None, "payload": {"seq": 2, "reason": "wrong card"}},
        headers={**auth(table.host), **FR})
    assert void.status_code == 201, void.json
    clause = void.json["verdict"]["clause"]
    assert clause == expected("PLATFORM-VOID", "fr")
    assert clause["quote"] is None and clause["ruling"] and clause["rule_url"] == (
        "/rules/referee#PLATFORM-VOID")


def test_the_openapi_document_declares_the_catalogue_and_the_clause(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").json
    for path in ("/api/games/{game_id}/rules", "/api/games/{game_id}/rules/{clause_id}"):
        answers = spec["paths"][path]["get"]["responses"]
        assert {"200", "304", "404"} <= set(answers), answers
    verdict = spec["components"]["schemas"]["Verdict"]["properties"]
    assert "clause" in verdict


def test_the_catalogue_varies_on_the_readers_language(client: FlaskClient) -> None:
    """A cache keeps one answer per language, the 304 included."""
    address = f"/api/games/{CATALOGUED[0]}/rules"
    first = client.get(address, headers=EN)
    again = client.get(address, headers={**EN, "If-None-Match": first.headers["ETag"]})
    for answer in (first, again):
        assert "Accept-Language" in answer.headers["Vary"]

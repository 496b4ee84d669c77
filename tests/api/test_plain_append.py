"""An ordinary append skips webargs and marshmallow: its move, headers and answer are read and
written by readers made from the schemas (``referee.api.plain``). What the OpenAPI document
says of a move and its headers is exactly what they take, and every value just inside or just
outside a bound the document states is answered alike by the fast path and by the decorated
view, which ``?dry_run=false`` (the same move, through webargs) still reaches."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.datastructures import Headers

from referee.api.schemas import (
    MoveHeadersSchema,
    MoveSchema,
    RecordedSchema,
    plain_move,
    plain_move_headers,
    plain_recorded,
)
from tests.api.test_every_game import OPENINGS
from tests.helpers import Table, auth, new_match

#: A value of each JSON type the document may name, and of none (a float).
SAMPLES: dict[str, Any] = {"string": "draw", "integer": 1, "object": {"a": 1},
                           "boolean": True, "array": [0], "number": 1.5}
ABSENT = object()


def document(client: FlaskClient) -> dict[str, Any]:
    return client.get("/api/openapi.json").json


def move_document(client: FlaskClient) -> dict[str, Any]:
    return document(client)["components"]["schemas"]["Move"]


def header_documents(client: FlaskClient) -> dict[str, dict[str, Any]]:
    """Each header an append takes: its schema in the document, ``required`` within it."""
    post = document(client)["paths"]["/api/matches/{match_id}/events"]["post"]
    return {p["name"]: {**p["schema"], "required": p["required"]}
            for p in post["parameters"] if p["in"] == "header"}


def of_type(value: Any, kind: str) -> bool:
    """``value`` is of the document's JSON type ``kind`` as JSON reads it."""
    return {"string": str, "integer": int, "object": dict, "boolean": bool}[kind] is type(value)


def stated(value: Any, prop: dict[str, Any]) -> bool:
    """The document takes ``value`` for a property (its type, nullable, bounds)."""
    if value is None:
        return bool(prop.get("nullable"))
    if not of_type(value, prop["type"]):
        return False
    if prop["type"] not in ("string", "integer"):
        return True
    size = len(value) if prop["type"] == "string" else value
    return (prop.get("minLength", prop.get("minimum", -float("inf"))) <= size
            <= prop.get("maxLength", prop.get("maximum", float("inf"))))


def values_near(prop: dict[str, Any]) -> Iterator[Any]:
    """Just inside and just outside each bound the property states, null, and one value of
    every other JSON type."""
    for name in ("minLength", "maxLength", "minimum", "maximum"):
        if name in prop:
            edge, out = prop[name], prop[name] + (-1 if name.startswith("min") else 1)
            for size in (edge, out):
                yield "x" * max(size, 0) if name.endswith("Length") else size
    yield None
    yield from (sample for kind, sample in SAMPLES.items() if kind != prop["type"])
    yield SAMPLES[prop["type"]]


def move_cases(schema: dict[str, Any]) -> Iterator[tuple[dict[str, Any], bool]]:
    """Bodies that change one property of a plain move (or leave it out, or add one the
    document does not name), each with whether the document takes it."""
    base = {"type": "draw", "seat": 0}
    for name, prop in schema["properties"].items():
        for value in [*values_near(prop), ABSENT]:
            body = {**base, name: value}
            if value is ABSENT:
                del body[name]
                yield body, name not in schema["required"]
            else:
                yield body, stated(value, prop)
    yield {**base, "other": 1}, schema["additionalProperties"] is not False


def test_a_move_is_read_plainly_exactly_when_the_document_takes_it(client: FlaskClient
                                                                   ) -> None:
    schema = move_document(client)
    for body, taken in move_cases(schema):
        read = plain_move(body)
        assert (read is not None) == taken, body
        assert read is None or read == MoveSchema().load(body), body


def test_what_is_not_a_json_object_is_never_read_plainly() -> None:
    assert [plain_move(body) for body in ([], "draw", None, 3, [("type", "draw")])] == [None] * 5


def test_the_headers_are_read_plainly_exactly_when_the_document_takes_them(
        client: FlaskClient) -> None:
    """``If-Match``'s pattern is the view's to check (``expected_seq``), on both paths: not
    the reader's (``stated`` checks none)."""
    for name, prop in header_documents(client).items():
        for value in [*values_near(prop), ABSENT]:
            if value is not ABSENT and not isinstance(value, str):
                continue  # a header's value is text
            sent = {} if value is ABSENT else {name: value}
            read = plain_move_headers(Headers(sent))
            assert (read is not None) == (value is ABSENT or stated(value, prop)), (name, value)
            assert read is None or read == MoveHeadersSchema().load(sent)


def test_a_plainly_typed_answer_is_written_as_the_schema_dumps_it() -> None:
    verdict = {"kind": "ok", "rule": "R-1", "reason": "Alice draws.", "message_id": "m",
               "params": {"seat": 0}, "penalty": None, "penalty_data": {"message_id": None},
               "effects": ["e"], "effects_data": [{"message_id": "x"}], "flags": [{"seq": 1}],
               "where": "a key the schema does not name"}
    body = {"seq": 3, "verdict": verdict, "standings": {"lines": [], "x": None}}
    assert plain_recorded(body) == RecordedSchema().dump(body)
    for odd in ({"kind": 1}, {"effects": ["e", 2]}, {"flags": [None]}, {"params": []},
                {"effects": ("e",)}):
        assert plain_recorded({**body, "verdict": {**verdict, **odd}}) is None, odd
    assert plain_recorded({**body, "seq": True}) is None


def post(client: FlaskClient, match_id: int, token: str, body: Any, query: str = "",
         headers: dict[str, str] | None = None) -> Any:
    """An append; both ways of answering echo the one request id given, so their headers are
    compared whole."""
    return client.post(f"/api/matches/{match_id}/events{query}", json=body,
                       headers={**auth(token), "X-Request-Id": "alike", **(headers or {})})


def answered_alike(plain: Any, decorated: Any, ids: list[int]) -> None:
    """The same status, headers and body, but for each match's own id in its sentences."""
    texts = [answer.get_data(as_text=True).replace(f"atch {match_id}", "atch N")
             for answer, match_id in zip((plain, decorated), ids, strict=True)]
    assert plain.status_code == decorated.status_code and texts[0] == texts[1]
    assert sorted(plain.headers.items()) == sorted(decorated.headers.items())


Pair = list[Table]


def pair(client: FlaskClient) -> Pair:
    """Two new matches, one for each way: kept alike by every move sent to both."""
    return [new_match(client, players=2) for _ in range(2)]


def last_seqs(client: FlaskClient, tables: Pair) -> list[int]:
    return [client.get(f"/api/matches/{table.id}").json["last_seq"] for table in tables]


def both_ways(client: FlaskClient, tables: Pair, body: Any,
              headers: dict[str, str] | None = None) -> Any:
    """``body`` appended by the fast path to one match and by the decorated view to the
    other; answered alike. The answer."""
    answers = [post(client, table.id, table.host, body, query, headers)
               for table, query in zip(tables, ("", "?dry_run=false"), strict=True)]
    answered_alike(*answers, [table.id for table in tables])
    return answers[0]


def refused_alike(client: FlaskClient, tables: Pair, body: Any) -> None:
    """Refused both ways (4xx, saying where), nothing appended."""
    before = last_seqs(client, tables)
    answer = both_ways(client, tables, body)
    assert 400 <= answer.status_code < 500 and last_seqs(client, tables) == before, body
    assert "where" in answer.json or "errors" in answer.json, answer.json


def test_a_move_near_every_bound_is_answered_alike_both_ways(client: FlaskClient) -> None:
    tables = pair(client)
    for body, taken in move_cases(move_document(client)):
        if taken:
            both_ways(client, tables, body)
        else:
            refused_alike(client, tables, body)


def test_what_is_not_a_move_is_refused_alike_both_ways(client: FlaskClient) -> None:
    tables = pair(client)
    for body in ([], "draw", None, 3, {"type": "draw", "seat": 1.0},
                 {"type": "draw", "Seat": 0}):
        refused_alike(client, tables, body)


def test_headers_near_every_bound_are_answered_alike_both_ways(client: FlaskClient) -> None:
    """Each header's bounds, and values only the view refuses (an odd or a stale
    ``If-Match``); each sent twice, for a key's retry."""
    body = {"type": "draw", "seat": 0, "payload": {"source": "stock"}}
    for name, prop in header_documents(client).items():
        for value in (*filter(lambda v: isinstance(v, str), values_near(prop)), '"5"'):
            tables = pair(client)
            for _ in range(2):
                both_ways(client, tables, body, {name: value})


@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_game_is_answered_as_by_the_decorated_view(client: FlaskClient,
                                                          language: str) -> None:
    for game, (players, opening) in OPENINGS.items():
        tables = [new_match(client, game=game, players=players) for _ in range(2)]
        for seq, (move_type, seat, payload) in enumerate(opening):
            sent = {"type": move_type, "seat": seat, "payload": payload}
            answers = [post(client, table.id, table.token(seat), sent, query,
                            {"If-Match": f'"{seq}"', "Accept-Language": language})
                       for table, query in zip(tables, ("", "?dry_run=false"), strict=True)]
            assert answers[0].status_code == 201, answers[0].json
            answered_alike(*answers, [table.id for table in tables])

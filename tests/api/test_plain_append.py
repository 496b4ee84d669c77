"""An ordinary append skips webargs and marshmallow (``plain_move``, ``plain_recorded``): it is
answered exactly as the decorated view answers it, which ``?dry_run=false`` (the same move,
through webargs) still reaches."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient
from marshmallow import ValidationError, validate

from referee.api.schemas import (
    KEY_LENGTH,
    MOVE_FIELDS,
    SEAT_RANGE,
    SEEN_RANGE,
    TYPE_LENGTH,
    VERDICT_FIELDS,
    MoveHeadersSchema,
    MoveSchema,
    RecordedSchema,
    VerdictSchema,
    plain_move,
    plain_move_headers,
    plain_recorded,
)
from tests.api.test_every_game import OPENINGS
from tests.helpers import auth, new_match

BODIES: list[Any] = [
    {"type": "draw", "seat": 0, "payload": {"source": "stock"}},
    {"type": "draw", "payload": {"source": "stock"}},
    {"type": "draw"},
    {"type": "draw", "seat": None, "payload": {}, "seen": None},
    {"type": "draw", "seat": 100, "seen": 2**31 - 1, "payload": {"a": [1, {"b": None}]}},
    {"type": "x" * 40, "seat": 0},
    {"type": "x" * 41, "seat": 0},
    {"type": "", "seat": 0},
    {"type": None},
    {"type": 3},
    {"seat": 0},
    {"type": "draw", "seat": 101},
    {"type": "draw", "seat": -1},
    {"type": "draw", "seat": True},
    {"type": "draw", "seat": 1.0},
    {"type": "draw", "seat": "1"},
    {"type": "draw", "seen": 2**31},
    {"type": "draw", "seen": -1},
    {"type": "draw", "seen": False},
    {"type": "draw", "payload": None},
    {"type": "draw", "payload": []},
    {"type": "draw", "payload": "x"},
    {"type": "draw", "other": 1},
    {"type": "draw", "Seat": 0},
    [],
    "draw",
    None,
    3,
]


def schema_load(body: Any) -> Any:
    try:
        return MoveSchema().load(body)
    except ValidationError:
        return "refused"


@pytest.mark.parametrize("body", BODIES)
def test_a_plain_move_is_what_the_schema_loads(body: Any) -> None:
    plain = plain_move(body)
    assert plain is None or plain == schema_load(body)


def test_ordinary_moves_are_plain() -> None:
    for body in BODIES[:6]:
        assert plain_move(body) == schema_load(body) != "refused"


@pytest.mark.parametrize("if_match", [None, "", '"3"', "junk"])
@pytest.mark.parametrize("key", [None, "", "k", "k" * 200, "k" * 201])
def test_plain_headers_are_what_the_schema_loads(if_match: str | None, key: str | None
                                                  ) -> None:
    sent = {name: value for name, value in (("If-Match", if_match), ("Idempotency-Key", key))
            if value is not None}
    try:
        loaded: Any = MoveHeadersSchema().load(sent)
    except ValidationError:
        loaded = "refused"
    plain = plain_move_headers(if_match, key)
    assert plain == loaded or (plain is None and loaded == "refused")


def bounds(field: Any, kind: type) -> tuple[Any, Any]:
    found = [v for v in field.validators if isinstance(v, kind)]
    assert len(found) == 1
    return found[0].min, found[0].max


def test_the_plain_bounds_are_the_schemas() -> None:
    move, headers = MoveSchema(), MoveHeadersSchema()
    assert set(move.fields) == MOVE_FIELDS and move.unknown == "raise"
    assert bounds(move.fields["type"], validate.Length) == TYPE_LENGTH
    assert bounds(move.fields["seat"], validate.Range) == SEAT_RANGE
    assert bounds(move.fields["seen"], validate.Range) == SEEN_RANGE
    assert bounds(headers.fields["idempotency_key"], validate.Length) == KEY_LENGTH
    assert set(headers.fields) == {"if_match", "idempotency_key"}
    assert set(VerdictSchema().fields) == set(VERDICT_FIELDS)
    assert set(RecordedSchema().fields) == {"seq", "verdict", "standings"}


VERDICT = {"kind": "ok", "rule": "R-1", "reason": "Alice draws.", "message_id": "m",
           "params": {"seat": 0}, "penalty": None, "penalty_data": {"message_id": None},
           "effects": ["e"], "effects_data": [{"message_id": "x"}], "flags": [{"seq": 1}]}


@pytest.mark.parametrize("change", [
    {}, {"where": "slot"}, {"penalty": "Draw one."}, {"effects": None}, {"params": None},
    {"kind": 1}, {"effects": ["e", 2]}, {"flags": [None]}, {"params": []}, {"effects": ("e",)},
])
def test_a_plain_recorded_answer_is_what_the_schema_dumps(change: dict[str, Any]) -> None:
    body = {"seq": 3, "verdict": {**VERDICT, **change}, "standings": {"lines": [], "x": None}}
    plain = plain_recorded(body)
    assert plain is None or plain == RecordedSchema().dump(body)
    assert plain is not None or change in ({"kind": 1}, {"effects": ["e", 2]}, {"flags": [None]},
                                           {"params": []}, {"effects": ("e",)})


def test_an_answer_with_other_types_is_left_to_the_schema() -> None:
    assert plain_recorded({"seq": True, "verdict": VERDICT, "standings": {}}) is None
    assert plain_recorded({"seq": 1, "verdict": None, "standings": {}}) is None


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


@pytest.mark.parametrize("body", BODIES)
def test_odd_moves_are_answered_as_by_the_decorated_view(client: FlaskClient, body: Any) -> None:
    tables = [new_match(client, players=2) for _ in range(2)]
    answers = [post(client, table.id, table.host, body, query)
               for table, query in zip(tables, ("", "?dry_run=false"), strict=True)]
    answered_alike(*answers, [table.id for table in tables])


@pytest.mark.parametrize("headers", [
    {"If-Match": "junk"}, {"If-Match": '"5"'}, {"If-Match": ""}, {"Idempotency-Key": ""},
    {"Idempotency-Key": "k" * 201}, {"Idempotency-Key": "k"},
])
def test_odd_headers_are_answered_as_by_the_decorated_view(client: FlaskClient,
                                                           headers: dict[str, str]) -> None:
    tables = [new_match(client, players=2) for _ in range(2)]
    body = {"type": "draw", "seat": 0, "payload": {"source": "stock"}}
    for _ in range(2):  # a key's retry too
        answers = [post(client, table.id, table.host, body, query, headers)
                   for table, query in zip(tables, ("", "?dry_run=false"), strict=True)]
        answered_alike(*answers, [table.id for table in tables])

"""Every answer an operation gives is in the OpenAPI document: each operation is probed as a
careless or hostile client would (a path naming nothing, a token that opens nothing, another
seat's token, an empty body, a body too large), and every status it answers must be one the
document declares for it, with the API's error shape."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers import auth, new_match, new_night

#: What each path parameter names when it names something, and when it names nothing.
THERE = {"seat": "0", "player_id": "1", "other_id": "2", "game_id": "plouc"}
NOT_THERE = {"match_id": "99999", "seat": "7", "player_id": "99999", "other_id": "99999",
             "night_id": "99999", "game_id": "no-such-game"}
TOO_LARGE = {"name": "x" * 70_000}  # past the 64 KiB any move or creation may send


def operations(client: FlaskClient) -> list[tuple[str, str, dict[str, Any]]]:
    document = client.get("/api/openapi.json").json
    return [(method, path, operation) for path, item in sorted(document["paths"].items())
            for method, operation in item.items()
            if method in ("get", "post", "put", "delete") and not path.endswith("/stream")]


def url(path: str, values: dict[str, str]) -> str:
    for name, value in values.items():
        path = path.replace("{" + name + "}", value)
    return path


def probes(client: FlaskClient) -> list[tuple[str, str, dict[str, Any]]]:
    """(what the probe is, method and path, the request's keywords) for every operation."""
    table = new_match(client, players=2)
    night = new_night(client)
    there = {**THERE, "match_id": str(table.id), "night_id": str(night.id)}
    out = []
    for method, path, operation in operations(client):
        body = {"json": {}} if "requestBody" in operation else {}
        here = url(path, there) + ("?as=host" if any(
            p.get("name") == "as" for p in operation.get("parameters", [])) else "")
        out += [
            (f"{method} {path}: nothing sent", method, {"path": here, **body}),
            (f"{method} {path}: a token opening nothing", method,
             {"path": here, "headers": auth("no-such-token"), **body}),
            (f"{method} {path}: a seat's token", method,
             {"path": here, "headers": auth(table.seats[1]), **body}),
        ]
        if "{" in path:
            out.append((f"{method} {path}: naming nothing", method,
                        {"path": url(path, NOT_THERE), **body}))
        if "requestBody" in operation:
            out.append((f"{method} {path}: a body too large", method,
                        {"path": here, "json": TOO_LARGE}))
    return out


def test_every_answer_a_probe_gets_is_documented(client: FlaskClient) -> None:
    documented = {(m, p): set(o["responses"]) for m, p, o in operations(client)}
    undocumented = []
    for probe, method, request in probes(client):
        template = probe.split(": ", 1)[0].split(" ", 1)[1]
        answer = getattr(client, method)(request.pop("path"), **request)
        status = str(answer.status_code)
        assert answer.status_code < 500, (probe, answer.get_data(as_text=True)[:300])
        if status not in documented[(method, template)]:
            undocumented.append((probe, status))
        if answer.status_code >= 400 and answer.is_json:
            assert {"code", "message"} <= set(answer.json), probe  # the API's error shape
    assert undocumented == []


@pytest.mark.parametrize("code", ["401", "403", "404", "409", "413", "422", "429"])
def test_each_error_is_declared_somewhere_with_the_error_shape(client: FlaskClient,
                                                               code: str) -> None:
    """A client generated from the document knows each error the API answers, and its body."""
    document = client.get("/api/openapi.json").json
    declared = [o["responses"][code] for _, _, o in operations(client) if code in o["responses"]]
    assert declared
    for answer in declared:
        if "$ref" in answer:
            answer = document["components"]["responses"][answer["$ref"].rsplit("/", 1)[1]]
        schema = answer["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/Error"}

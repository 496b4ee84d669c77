"""Running it as a service: request ids, access and application logs (text or JSON lines), and
the Prometheus metrics at /metrics (off by default; guarded by a token when one is set)."""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import requests
from flask import Flask
from flask.testing import FlaskClient
from prometheus_client.parser import text_string_to_metric_families

from referee import create_app, database
from tests.helpers import auth, move, new_match, plain_turn
from tests.streamserver import base_of, stream_server
from tests.web import helpers as pages

TOKEN = "scrape-me-1234"
SSE = {"Accept": "text/event-stream"}
MATCH_RULE = "/api/matches/<int(max=2147483647):match_id>"


def made_app(database_url: str, tmp_path: Path, **config: Any) -> Flask:
    app = create_app({"TESTING": True, "DATABASE_URL": database_url, **config})
    app.instance_path = str(tmp_path / "instance")
    return app


@pytest.fixture
def watched(database_url: str, tmp_path: Path) -> Iterator[Flask]:
    """An app with metrics on, behind a token, logging JSON lines."""
    app = made_app(database_url, tmp_path, METRICS=True, METRICS_TOKEN=TOKEN, LOG_FORMAT="json")
    yield app
    database(app).engine.dispose()


def json_lines(err: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in err.splitlines() if line.startswith("{")]


def scraped(client: FlaskClient) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of a scrape, by name and labels."""
    response = client.get("/metrics", headers=auth(TOKEN))
    assert response.status_code == 200
    assert response.headers["Content-Type"].startswith("text/plain")
    samples = {}
    for family in text_string_to_metric_families(response.get_data(as_text=True)):
        for sample in family.samples:
            samples[(sample.name, tuple(sorted(sample.labels.items())))] = sample.value
    return samples


def sample(samples: dict[Any, float], name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


# --- request ids and logs -----------------------------------------------------------------


def test_each_answer_carries_a_request_id_made_or_honoured(client: FlaskClient) -> None:
    """A sane X-Request-Id is echoed as given; none, or one that is not sane (too long, spaces,
    control characters), gets a new one."""
    made = client.get("/healthz").headers["X-Request-Id"]
    assert len(made) == 32 and int(made, 16) >= 0
    assert client.get("/healthz").headers["X-Request-Id"] != made
    given = "edge-7f3a:2026.11.28_01"
    assert client.get("/api/games", headers={"X-Request-Id": given}
                      ).headers["X-Request-Id"] == given
    for insane in ("a" * 129, "two words", "x\ty", "é"):
        echoed = client.get("/healthz", headers={"X-Request-Id": insane}).headers["X-Request-Id"]
        assert echoed != insane and len(echoed) == 32
    missing = client.get("/no/such/page", headers={"X-Request-Id": given})
    assert missing.status_code == 404 and missing.headers["X-Request-Id"] == given


def test_an_access_line_per_request_as_json(
        watched: Flask, capsys: pytest.CaptureFixture[str]) -> None:
    """One JSON line per request, written once it is answered: method, path without its query
    (a token may ride there), status, duration, client and the request's id."""
    client = watched.test_client()
    capsys.readouterr()
    client.get("/api/matches?per_page=5&token=secret", headers={"X-Request-Id": "req-1"},
               buffered=True)
    lines = [line for line in json_lines(capsys.readouterr().err)
             if line["logger"] == "referee.access"]
    assert len(lines) == 1
    line = lines[0]
    assert line["method"] == "GET" and line["path"] == "/api/matches"
    assert line["status"] == 200 and line["request_id"] == "req-1"
    assert line["level"] == "info" and isinstance(line["duration_ms"], float)
    assert line["client"] == "127.0.0.1" and "secret" not in json.dumps(line)


def test_an_application_log_carries_its_request_id(
        watched: Flask, capsys: pytest.CaptureFixture[str]) -> None:
    """What the app logs while serving a request (here a failing page's traceback) carries
    that request's id, as its access line does."""

    @watched.get("/fails")
    def fails() -> str:
        raise RuntimeError("boom")

    watched.config["PROPAGATE_EXCEPTIONS"] = False  # answered 500, as served

    capsys.readouterr()
    answer = watched.test_client().get("/fails", headers={"X-Request-Id": "req-500"},
                                       buffered=True)
    assert answer.status_code == 500
    lines = json_lines(capsys.readouterr().err)
    failed = [line for line in lines if line["level"] == "error"]
    assert failed and all(line["request_id"] == "req-500" for line in failed)
    assert "RuntimeError: boom" in failed[0]["exception"]
    access = [line for line in lines if line["logger"] == "referee.access"]
    assert [(line["status"], line["request_id"]) for line in access] == [(500, "req-500")]


def test_a_live_streams_access_line_comes_when_it_ends_with_its_request_id(
        watched: Flask, capsys: pytest.CaptureFixture[str]) -> None:
    """The stream server sends the stream after the request that opened it: its access line
    is written when the stream ends, says how long it lasted, and carries its request's id."""
    table = new_match(watched.test_client())
    with stream_server(watched) as server:
        capsys.readouterr()
        stream = requests.get(f"{base_of(server)}/api/matches/{table.id}/stream", timeout=10,
                              headers={**SSE, "X-Request-Id": "stream-1"}, stream=True)
        assert stream.status_code == 200
        time.sleep(0.5)
        assert not [line for line in json_lines(capsys.readouterr().err)
                    if line["logger"] == "referee.access"]  # still open: not yet
        stream.close()
        deadline = time.monotonic() + 5
        access: list[dict[str, Any]] = []
        while not access and time.monotonic() < deadline:
            time.sleep(0.05)
            access = [line for line in json_lines(capsys.readouterr().err)
                      if line["logger"] == "referee.access"]
    assert [(line["path"], line["request_id"]) for line in access] == [
        (f"/api/matches/{table.id}/stream", "stream-1")]
    assert access[0]["duration_ms"] >= 500


def test_the_logs_are_plain_text_by_default(
        client: FlaskClient, capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    client.get("/healthz", headers={"X-Request-Id": "plain-1"}, buffered=True)
    err = capsys.readouterr().err
    line = next(line for line in err.splitlines() if "referee.access" in line)
    assert not line.startswith("{")
    assert '"GET /healthz" 200' in line and "[plain-1]" in line and " INFO " in line


def test_the_access_log_can_be_turned_off(
        database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    app = made_app(database_url, tmp_path, ACCESS_LOG=False)
    capsys.readouterr()
    answer = app.test_client().get("/healthz")
    assert answer.headers["X-Request-Id"]
    assert "referee.access" not in capsys.readouterr().err
    database(app).engine.dispose()


def test_the_referee_loggers_keep_one_handler_however_many_apps(
        database_url: str, tmp_path: Path) -> None:
    for _ in range(3):
        database(made_app(database_url, tmp_path)).engine.dispose()
    handlers = logging.getLogger("referee").handlers
    assert sum(type(h).__name__ == "ToStderr" for h in handlers) == 1


# --- metrics --------------------------------------------------------------------------------


def test_no_metrics_unless_turned_on(client: FlaskClient) -> None:
    assert client.get("/metrics").status_code == 404


def test_the_metrics_token_is_asked_for_in_the_api_error_shape(watched: Flask) -> None:
    """No token: 401 with WWW-Authenticate; another token: 403; both in the API's error shape."""
    client = watched.test_client()
    for headers, code in (({}, 401), ({"Authorization": "Basic eDp5"}, 401),
                          (auth("not-the-token"), 403)):
        answer = client.get("/metrics", headers=headers)
        assert answer.status_code == code, answer.data
        assert answer.json["code"] == code and answer.json["message"]
        assert answer.json["status"] in ("Unauthorized", "Forbidden")
    assert client.get("/metrics").headers["WWW-Authenticate"].startswith("Bearer")
    assert client.get("/metrics", headers=auth(TOKEN)).status_code == 200


def test_metrics_without_a_token_are_open(database_url: str, tmp_path: Path) -> None:
    app = made_app(database_url, tmp_path, METRICS=True)
    assert app.test_client().get("/metrics").status_code == 200
    database(app).engine.dispose()


def test_requests_are_counted_by_route_and_status(watched: Flask) -> None:
    """Two matches read, one missing: one route (the URL rule, not the path), by status, with
    a latency histogram."""
    client = watched.test_client()
    tables = [new_match(client) for _ in range(2)]
    before = scraped(client)
    for table in tables:
        assert client.get(f"/api/matches/{table.id}", buffered=True).status_code == 200
    assert client.get("/api/matches/99999", buffered=True).status_code == 404
    after = scraped(client)
    labels = {"method": "GET", "route": MATCH_RULE}
    for status, more in (("200", 2), ("404", 1)):
        name = "referee_http_requests_total"
        assert sample(after, name, **labels, status=status) - \
            sample(before, name, **labels, status=status) == more
    count = "referee_http_request_duration_seconds_count"
    assert sample(after, count, **labels) - sample(before, count, **labels) == 3
    routes = {dict(labels_).get("route") for _name, labels_ in after}
    assert not {f"/api/matches/{table.id}" for table in tables} & routes


def test_appends_are_counted_by_verdict(watched: Flask) -> None:
    """An ok move, a missplay (CitronCoco: a 4 quick-played on a 5) and a refused move (seat 1
    draws out of turn, CC turn order), through the API and the pages alike."""
    client = watched.test_client()
    table = new_match(client)
    before = scraped(client)
    plain_turn(client, table, 0, value=5)  # two ok moves
    assert move(client, table, "quick_play", 2, {"slot": 1, "value": 4}).json[
        "verdict"]["kind"] == "missplay"
    assert move(client, table, "draw", 0, {"source": "stock"}).status_code == 422
    assert move(client, table, "draw", 1, {"source": "stock"},
                headers={"Idempotency-Key": "k1"}).status_code == 201
    assert move(client, table, "draw", 1, {"source": "stock"},
                headers={"Idempotency-Key": "k1"}).status_code == 201  # the same, answered again
    after = scraped(client)
    gained = {kind: sample(after, "referee_appends_total", verdict=kind)
              - sample(before, "referee_appends_total", verdict=kind)
              for kind in ("ok", "missplay", "refused")}
    assert gained == {"ok": 3, "missplay": 1, "refused": 1}


def test_appends_from_the_pages_are_counted_too(watched: Flask) -> None:
    """The pad's form: a draw (ok), then the same seat drawing again (refused: CC-3, a turn is
    one draw then one discard)."""
    watched.test_client_class = pages.Browser
    client = watched.test_client()
    made = pages.create(client)
    before = scraped(client)
    assert pages.move(client, made.id, "draw", 0, {"p.source": "stock"}).status_code == 303
    assert pages.move(client, made.id, "draw", 0, {"p.source": "stock"}).status_code == 422
    after = scraped(client)
    gained = {kind: sample(after, "referee_appends_total", verdict=kind)
              - sample(before, "referee_appends_total", verdict=kind)
              for kind in ("ok", "missplay", "refused")}
    assert gained == {"ok": 1, "missplay": 0, "refused": 1}


def test_open_streams_and_cache_lookups_are_counted(watched: Flask) -> None:
    client = watched.test_client()
    table = new_match(client)
    before = scraped(client)
    with stream_server(watched) as server:
        stream = requests.get(f"{base_of(server)}/api/matches/{table.id}/stream", headers=SSE,
                              stream=True, timeout=10)
        assert stream.status_code == 200
        opened = scraped(client)
        assert sample(opened, "referee_live_streams") - sample(before,
                                                               "referee_live_streams") == 1
        stream.close()
        deadline = time.monotonic() + 5  # the server sees its client go
        while time.monotonic() < deadline and sample(scraped(client), "referee_live_streams") \
                != sample(before, "referee_live_streams"):
            time.sleep(0.05)
    closed = scraped(client)
    assert sample(closed, "referee_live_streams") == sample(before, "referee_live_streams")
    plain_turn(client, table, 0)
    after = scraped(client)
    name = "referee_state_cache_lookups_total"
    looked = sum(sample(after, name, result=r) - sample(before, name, result=r)
                 for r in ("hit", "caught_up", "miss"))
    assert looked >= 2 and sample(after, name, result="hit") > sample(before, name, result="hit")

"""GET /api/matches/<id>/stream, served by the stream server: each appended move pushed as a
Server-Sent Event, on both databases; resumption from the log; the public's view of sealed
payloads; 406 and 404."""

from __future__ import annotations

import json
import queue
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import requests
from flask import Flask
from flask.testing import FlaskClient

from referee import create_app, database
from referee.api.stream import renders_for
from referee.hosting import Server
from tests.conftest import BACKENDS
from tests.helpers import Table, move, new_match, plain_turn
from tests.streamserver import base_of, stream_server

SSE = {"Accept": "text/event-stream"}
WAIT = 5.0


class Follower:
    """Reads a stream from the stream server in a thread: its events and comments, in order,
    as they come."""

    def __init__(self, url: str, headers: dict[str, str]) -> None:
        self.response = requests.get(url, headers=headers, stream=True, timeout=(5, None))
        self.items: queue.Queue[dict[str, Any]] = queue.Queue()
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        buffer = ""
        try:
            for chunk in self.response.iter_content(chunk_size=None):
                buffer += chunk.decode()
                while "\n\n" in buffer:
                    block, buffer = buffer.split("\n\n", 1)
                    self.items.put(parse(block))
        except (requests.RequestException, ValueError, AttributeError):
            pass

    def next_move(self, timeout: float = WAIT) -> dict[str, Any]:
        while True:
            item = self.items.get(timeout=timeout)
            if item.get("event") == "move":
                return item

    def next_comment(self, timeout: float = WAIT) -> str:
        while True:
            item = self.items.get(timeout=timeout)
            if "comment" in item:
                return item["comment"]

    def nothing_for(self, seconds: float) -> bool:
        try:
            self.next_move(timeout=seconds)
        except queue.Empty:
            return True
        return False

    def close(self) -> None:
        self.response.close()


def parse(block: str) -> dict[str, Any]:
    item: dict[str, Any] = {}
    for line in block.splitlines():
        if line.startswith(":"):
            item["comment"] = line[1:].strip()
            continue
        name, _, value = line.partition(":")
        item[name] = value.strip()
    if "data" in item:
        item["data"] = json.loads(item["data"])
    return item


@pytest.fixture
def served(app: Flask) -> Iterator[Server]:
    """The stream server serving the test's app."""
    with stream_server(app) as server:
        yield server


@pytest.fixture
def streams(served: Server) -> str:
    """The stream server's base URL."""
    return base_of(served)


@pytest.fixture
def follow(served: Server, streams: str) -> Iterator[Any]:
    followers: list[Follower] = []

    def start(table: Table, headers: dict[str, str] | None = None,
              query: str = "") -> Follower:
        follower = Follower(f"{streams}/api/matches/{table.id}/stream{query}",
                            {**SSE, **(headers or {})})
        followers.append(follower)
        return follower

    yield start
    served.served.end_streams()  # the server ends them: each reader sees its stream end
    for follower in followers:
        follower.thread.join(WAIT)
        follower.close()


def get(streams: str, path: str, headers: dict[str, str]) -> requests.Response:
    """A request to the stream server, its body read whole (an answer that is not a stream)."""
    return requests.get(f"{streams}{path}", headers=headers, timeout=WAIT)


def test_a_move_logged_after_connecting_is_pushed_with_its_verdict_and_standings(
        client: FlaskClient, follow: Any) -> None:
    """CC-TURN-1: the draw is judged and pushed: id is its seq, the standings those after it."""
    table = new_match(client)
    follower = follow(table)
    assert move(client, table, "draw", 0, {"source": "stock"}).status_code == 201
    pushed = follower.next_move()
    assert pushed["id"] == "1"
    assert pushed["data"]["seq"] == 1 and pushed["data"]["type"] == "draw"
    assert pushed["data"]["verdict"]["rule"] == "CC-TURN-1"
    assert pushed["data"]["standings"] == client.get(f"/api/matches/{table.id}/standings").json


def test_a_client_that_reconnects_with_last_event_id_gets_every_move_it_missed(
        client: FlaskClient, follow: Any) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    plain_turn(client, table, 1)
    follower = follow(table, {"Last-Event-ID": "1"}, query="?after=0")
    assert [follower.next_move()["id"] for _ in range(3)] == ["2", "3", "4"]


def test_after_starts_the_stream_after_that_seq(client: FlaskClient, follow: Any) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    follower = follow(table, query="?after=1")
    assert follower.next_move()["data"]["seq"] == 2


def test_without_after_the_stream_starts_from_now(client: FlaskClient, follow: Any) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    follower = follow(table)
    assert follower.next_comment().startswith(f"match {table.id}, after seq 2")
    plain_turn(client, table, 1)
    assert follower.next_move()["id"] == "3"


def test_a_sealed_token_is_pushed_as_the_public_reads_it_in_the_log(
        client: FlaskClient, follow: Any) -> None:
    """NT-BID-6: the bid's token stays sealed on the public stream, exactly as in /events."""
    table = new_match(client, game="neurotrio", players=3)
    follower = follow(table)
    assert move(client, table, "start_domain", None, {"card": "coeur-noir-1"}).status_code == 201
    assert move(client, table, "place", 0,
                {"card": "coeur-noir-2", "row": 0, "col": 1}).status_code == 201
    assert move(client, table, "neuro", 1).status_code == 201
    assert move(client, table, "bid", 1,
                {"base": 5, "row": 0, "col": 0, "token": "2"}).status_code == 201
    pushed = [follower.next_move()["data"] for _ in range(4)][-1]
    public = client.get(f"/api/matches/{table.id}/events").json["events"][-1]
    assert pushed["payload"] == public["payload"]
    assert pushed["payload"]["token"] == "sealed"


def test_a_refused_move_pushes_nothing(client: FlaskClient, follow: Any) -> None:
    """CC-TURN-6: an impossible move is not logged, so no stream hears of it."""
    table = new_match(client)
    follower = follow(table)
    assert move(client, table, "draw", 2, {"source": "stock"}).status_code == 422
    assert follower.nothing_for(0.5)


def test_a_quiet_stream_sends_heartbeat_comments(app: Flask, client: FlaskClient,
                                                 follow: Any) -> None:
    app.config["STREAM_HEARTBEAT"] = 0.2
    table = new_match(client)
    follower = follow(table)
    follower.next_comment()  # the opening line
    assert follower.next_comment(timeout=2) == "heartbeat"


def test_a_move_that_rang_no_bell_still_arrives_at_the_next_look_at_the_log(
        app: Flask, client: FlaskClient, follow: Any) -> None:
    """Another process on the same database (here: another app, another engine) appends; on
    SQLite nothing crosses processes, so the stream's timed look at the log finds it."""
    app.config["STREAM_RECHECK"] = 0.3
    table = new_match(client)
    follower = follow(table)
    other = create_app({"TESTING": True, "DATABASE_URL": app.config["DATABASE_URL"]})
    try:
        assert move(other.test_client(), table, "draw", 0,
                    {"source": "stock"}).status_code == 201
        assert follower.next_move(timeout=3)["id"] == "1"
    finally:
        database(other).engine.dispose()


def test_a_client_that_does_not_accept_event_streams_gets_406(client: FlaskClient,
                                                              streams: str) -> None:
    table = new_match(client)
    response = get(streams, f"/api/matches/{table.id}/stream", {"Accept": "application/json"})
    assert response.status_code == 406
    assert response.json()["where"] == "header.Accept"


def test_the_406_for_a_client_without_event_streams_is_in_french(client: FlaskClient,
                                                                 streams: str) -> None:
    """Accept-Language: fr: the refusal of a stream to a client that cannot read one is said
    in French, like every other error."""
    table = new_match(client)
    response = get(streams, f"/api/matches/{table.id}/stream",
                   {"Accept": "application/json", "Accept-Language": "fr"})
    assert response.status_code == 406
    assert response.json()["message"].startswith("Ceci est un flux")


def test_no_such_match_is_404(streams: str) -> None:
    response = get(streams, "/api/matches/999/stream", SSE)
    assert response.status_code == 404
    assert response.json()["where"] == "path.match_id"


def test_a_malformed_last_event_id_is_422(client: FlaskClient, streams: str) -> None:
    table = new_match(client)
    response = get(streams, f"/api/matches/{table.id}/stream",
                   {**SSE, "Last-Event-ID": "yesterday"})
    assert response.status_code == 422
    assert "Last-Event-ID" in json.dumps(response.json()["errors"])


@pytest.mark.parametrize("database_url", [b for b in BACKENDS if b == "postgresql"],
                         indirect=True)
def test_on_postgresql_a_move_logged_by_another_process_is_pushed_by_notify(
        app: Flask, client: FlaskClient, follow: Any) -> None:
    """The other app has its own engine and hub, like another process or machine: only the
    NOTIFY sent once the append committed can wake this stream within seconds (the timed
    look at the log is a minute away)."""
    app.config["STREAM_RECHECK"] = 60
    table = new_match(client)
    follower = follow(table)
    follower.next_comment()  # connected and subscribed
    assert database(app).engine.dialect.name == "postgresql"
    other = create_app({"TESTING": True, "DATABASE_URL": app.config["DATABASE_URL"]})
    try:
        assert move(other.test_client(), table, "draw", 0,
                    {"source": "stock"}).status_code == 201
        assert follower.next_move(timeout=2.0)["id"] == "1"
    finally:
        database(other).engine.dispose()


def test_streams_of_one_match_share_one_reading_of_the_log(app: Flask, client: FlaskClient,
                                                           follow: Any) -> None:
    """Three screens on one match: each move is read from the log once, and all three get it."""
    table = new_match(client)
    followers = [follow(table) for _ in range(3)]
    for follower in followers:
        follower.next_comment()
    assert move(client, table, "draw", 0, {"source": "stock"}).status_code == 201
    assert [f.next_move()["id"] for f in followers] == ["1", "1", "1"]
    shared = renders_for(database(app))._done
    assert [key[1:] for key in list(shared) if key[0] == table.id] == [(0, 1)]


def test_a_stream_never_started_gives_its_slot_back(app: Flask, client: FlaskClient) -> None:
    """With one stream per address, a stream answered but never started (a HEAD: the server
    sends no body, so the stream's events are never sent) gives its slot back: the next is
    served."""
    app.config["STREAM_LIMIT_PER_ADDRESS"] = 1
    with stream_server(app) as server:
        table = new_match(client)
        url = f"{base_of(server)}/api/matches/{table.id}/stream"
        for _ in range(2):
            assert requests.head(url, headers=SSE, timeout=WAIT).status_code == 200
        with requests.get(url, headers=SSE, stream=True, timeout=WAIT) as response:
            assert response.status_code == 200


def test_past_the_cap_per_match_a_stream_is_refused_503_and_says_so(
        app: Flask, client: FlaskClient) -> None:
    """One stream per match: a second one for the same match is 503 with Retry-After and
    names the match; the first, closed, lets the next one in."""
    app.config["STREAM_LIMIT_PER_MATCH"] = 1
    with stream_server(app) as server:
        table = new_match(client)
        url = f"{base_of(server)}/api/matches/{table.id}/stream"
        first = requests.get(url, headers=SSE, stream=True, timeout=WAIT)
        assert first.status_code == 200
        refused = requests.get(url, headers=SSE, timeout=WAIT)
        assert refused.status_code == 503
        assert refused.headers["Retry-After"].isdigit()
        assert refused.json()["message"].startswith(
            f"Match {table.id} is followed by 1 live stream")
        first.close()
        deadline = time.monotonic() + WAIT
        while time.monotonic() < deadline:  # the server sees the client go at once, or nearly
            with requests.get(url, headers=SSE, stream=True, timeout=WAIT) as again:
                if again.status_code == 200:
                    break
            time.sleep(0.05)
        assert again.status_code == 200


def test_no_such_match_is_404_from_a_given_seq_too(streams: str) -> None:
    """?after= does not skip the check that the match exists."""
    response = get(streams, "/api/matches/999/stream?after=0", SSE)
    assert response.status_code == 404
    assert response.json()["where"] == "path.match_id"


def test_an_app_server_leaves_streams_to_the_stream_server(client: FlaskClient) -> None:
    """The app itself (as gunicorn serves it) holds no stream: 503 with Retry-After, which the
    pages meet by polling, saying which server serves them."""
    table = new_match(client)
    response = client.get(f"/api/matches/{table.id}/stream", headers=SSE)
    assert response.status_code == 503
    assert response.headers["Retry-After"].isdigit()
    assert "stream server" in response.json["message"]

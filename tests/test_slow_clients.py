"""What one client can hold, against the real servers: gunicorn with the project's
gunicorn.conf.py (gthread workers) on SQLite, the stream server (``referee serve``) on the same
database, and Debian's nginx in front of both with the documented site (docs/deploy/nginx.conf),
which sends the stream URLs to the stream server.

- Live streams are capped per client address, per match and in all; past a cap a stream is
  refused 503 with Retry-After, others are still served, and a closed stream gives its slot
  back. Streams hold no thread: many more than the stream server's threads are held while it
  answers and pushes a move to every one.
- gunicorn's threads cut off a request whose headers or body come too slowly, so slow clients
  hold them a bounded time.
- Behind nginx, /healthz answers within a second and a move is logged while hundreds of slow
  clients and streams are held, and the app counts each client by its own address.

The slow clients come from other loopback addresses (127.0.0.2 and up) than the client that
checks /healthz and logs a move (127.0.0.1), as they would from other machines.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator

import pytest

from tests.slowclients import (
    NGINX,
    Server,
    Streams,
    gunicorn,
    healthz_time,
    heard_seq,
    log_draw,
    new_match,
    nginx,
    night_server,
    slow_bodies,
    slowloris,
)

pytestmark = [pytest.mark.load, pytest.mark.xdist_group("slow-clients")]

#: One gunicorn worker of 8 threads; the stream server with 4 threads for what is not a
#: stream, 2 streams per address and 6 in all here. Both trust one proxy, nginx, for the
#: client's address; a client reaching them directly sends no X-Forwarded-For and is counted
#: by its own.
THREADS = 8
SETTINGS = {"REFEREE_HEADER_TIMEOUT": "1", "REFEREE_BODY_TIMEOUT": "1",
            "REFEREE_STREAM_RECHECK": "0.2", "REFEREE_STREAM_HEARTBEAT": "1",
            "REFEREE_STREAM_LIMIT_PER_ADDRESS": "2", "REFEREE_PROXY_HOPS": "1"}
STREAM_SETTINGS = {**SETTINGS, "REFEREE_STREAM_LIMIT": "60"}


def until(check: Callable[[], bool], within: float = 5.0) -> bool:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if check():
            return True
        time.sleep(0.1)
    return False


@pytest.fixture(scope="module")
def app_server() -> Iterator[Server]:
    with gunicorn(SETTINGS, ("--workers", "1", "--threads", str(THREADS))) as server:
        yield server


@pytest.fixture(scope="module")
def stream_server(app_server: Server) -> Iterator[Server]:
    """The stream server on gunicorn's database (a move logged there reaches its streams at
    their look at the log, every 0.2 s here: SQLite rings no other process)."""
    with night_server(("--threads", "4"), STREAM_SETTINGS,
                      served=f"sqlite:///{app_server.folder / 'referee.sqlite3'}") as server:
        yield server


@pytest.fixture(autouse=True)
def streams_given_back() -> Iterator[None]:
    """Each test starts once the streams of the one before have given their slots back."""
    yield
    time.sleep(0.6)


# --- the caps on live streams, against the stream server ---------------------------------------


def test_past_the_cap_per_address_a_stream_is_refused_503_with_retry_after(
        app_server: Server, stream_server: Server) -> None:
    """Two streams per address: a third at the same time from the same address is 503, in the
    API's error shape, with Retry-After."""
    match_id, _ = new_match(app_server.base)
    with Streams(stream_server, match_id, 3, source="127.0.0.2") as streams:
        assert sorted(streams.statuses) == [200, 200, 503]
        refused = streams.statuses.index(503)
        assert int(streams.headers[refused]["retry-after"]) >= 1
        error = streams.error(refused)
        assert error["code"] == 503
        assert error["message"].startswith("Your address already holds 2 live streams")


def test_the_refusal_is_in_the_readers_language(app_server: Server, stream_server: Server) -> None:
    """A reader asking for French is told in French why their stream is refused."""
    match_id, _ = new_match(app_server.base)
    with Streams(stream_server, match_id, 3, source="127.0.0.3", language="fr") as streams:
        assert sorted(streams.statuses) == [200, 200, 503]
        assert streams.error(streams.statuses.index(503))["message"].startswith(
            "Votre adresse tient déjà 2 flux en direct")


def test_another_address_is_served_while_one_is_at_its_cap(app_server: Server,
                                                           stream_server: Server) -> None:
    """One address holding all it may does not keep another from following the match."""
    match_id, _ = new_match(app_server.base)
    with Streams(stream_server, match_id, 3, source="127.0.0.4") as held:
        assert held.count(503) == 1
        with Streams(stream_server, match_id, 1, source="127.0.0.5") as other:
            assert other.statuses == [200]


def test_closing_a_stream_gives_its_slot_back(app_server: Server, stream_server: Server) -> None:
    """An address at its cap that closes one stream may open another at once (once the
    server has seen it go, at its next look at the log)."""
    match_id, _ = new_match(app_server.base)
    with Streams(stream_server, match_id, 2, source="127.0.0.6") as held:
        assert held.statuses == [200, 200]
        assert held.open(stream_server, match_id, "127.0.0.6") == 503
        held.socks[0].close()
        assert until(lambda: held.open(stream_server, match_id, "127.0.0.6") == 200, 3.0), \
            held.statuses


def test_streams_hold_no_thread(app_server: Server, stream_server: Server) -> None:
    """40 streams from 20 addresses on a stream server of 4 threads (10 times its threads):
    all are served, it still answers /healthz at once, and a move logged on gunicorn reaches
    every one of them."""
    match_id, token = new_match(app_server.base)
    sources = [f"127.0.1.{n + 1}" for n in range(20)]
    with Streams(stream_server, match_id, 40, source=sources) as streams:
        assert streams.statuses == [200] * 40
        answered = healthz_time(stream_server.base, 5)
        assert answered is not None and answered < 1.0
        assert log_draw(app_server.base, match_id, token).status_code == 201
        assert heard_seq(streams, 1) == 40


def test_past_the_total_cap_streams_are_refused_and_the_server_answers(
        app_server: Server, stream_server: Server) -> None:
    """A stream server holding as many streams as it may (60 here) refuses the next with 503
    and Retry-After, and still answers /healthz at once."""
    sources = [f"127.0.4.{n + 1}" for n in range(31)]
    with Streams(stream_server, new_match(app_server.base)[0], 0) as streams:
        for n in range(62):
            streams.open(stream_server, new_match(app_server.base)[0], sources[n % 31])
        assert streams.statuses == [200] * 60 + [503] * 2
        assert streams.headers[-1]["retry-after"].isdigit()
        answered = healthz_time(stream_server.base, 5)
        assert answered is not None and answered < 1.0


def test_the_app_server_leaves_streams_to_the_stream_server(app_server: Server) -> None:
    """gunicorn holds no stream: it answers the stream URL 503 with Retry-After (the pages
    poll), and its threads stay free."""
    match_id, _ = new_match(app_server.base)
    with Streams(app_server, match_id, THREADS * 2, source="127.0.0.9") as streams:
        assert streams.statuses == [503] * (THREADS * 2)
        answered = healthz_time(app_server.base, 5)
        assert answered is not None and answered < 1.0


# --- read deadlines, against gunicorn ---------------------------------------------------------


def test_clients_sending_their_headers_too_slowly_are_cut_off(app_server: Server) -> None:
    """As many slowloris connections as threads (a header line a second, never ended) are
    cut off after the 1 s header timeout: /healthz answers within 3 s, and none is still
    held after 4."""
    with slowloris(app_server, THREADS, source="127.0.0.7") as slow:
        answered = healthz_time(app_server.base, 5)
        assert answered is not None and answered < 3.0
        assert until(lambda: slow.still_held() == 0, 4.0)


def test_clients_sending_their_body_too_slowly_are_cut_off(app_server: Server) -> None:
    """As many POSTs as threads whose body comes a byte a second are cut off after the 1 s
    body timeout: /healthz answers within 3 s, and none is still held after 4."""
    with slow_bodies(app_server, THREADS, source="127.0.0.8") as slow:
        answered = healthz_time(app_server.base, 5)
        assert answered is not None and answered < 3.0
        assert until(lambda: slow.still_held() == 0, 4.0)


# --- behind nginx -----------------------------------------------------------------------------


@pytest.fixture(scope="module")
def proxied(app_server: Server, stream_server: Server) -> Iterator[Server]:
    """nginx with the documented site in front of the same gunicorn and stream server."""
    if not os.path.exists(NGINX):
        pytest.skip("nginx is not installed (Debian's nginx package)")
    with nginx(f"127.0.0.1:{app_server.port}", f"127.0.0.1:{stream_server.port}") as proxy:
        yield proxy


def answers_and_logs(proxy: Server) -> None:
    """/healthz answers within a second, and a move is logged (a match created, a draw)."""
    answered = healthz_time(proxy.base, 5)
    assert answered is not None and answered < 1.0, answered
    match_id, token = new_match(proxy.base)
    assert log_draw(proxy.base, match_id, token).status_code == 201


def test_behind_nginx_slowloris_connections_leave_the_app_answering(proxied: Server) -> None:
    """300 slowloris connections held at nginx: /healthz answers within a second and a move
    is logged."""
    with slowloris(proxied, 300, source="127.0.0.2"):
        time.sleep(1.0)
        answers_and_logs(proxied)


def test_behind_nginx_slow_bodies_leave_the_app_answering(proxied: Server) -> None:
    """100 POSTs whose body comes a byte a second, held at nginx: /healthz answers within a
    second and a move is logged."""
    with slow_bodies(proxied, 100, source="127.0.0.3"):
        time.sleep(1.0)
        answers_and_logs(proxied)


def test_behind_nginx_streams_past_the_cap_are_refused_and_the_app_answers(
        proxied: Server) -> None:
    """40 streams from one address: 2 are served, the others refused 503; /healthz answers
    within a second and a move is logged."""
    match_id, _ = new_match(proxied.base)
    with Streams(proxied, match_id, 40, source="127.0.0.4") as streams:
        assert streams.count(200) == 2
        assert streams.count(503) == 38
        refused = [h for h, status in zip(streams.headers, streams.statuses, strict=True)
                   if status == 503]  # the app's refusals and nginx's own alike
        assert all(h.get("retry-after", "").isdigit() for h in refused), refused
        assert all(h.get("content-type") == "application/json" for h in refused), refused
        answers_and_logs(proxied)


def test_behind_nginx_each_client_address_has_its_own_cap(proxied: Server) -> None:
    """Through the proxy the app counts streams by the client's own address (X-Forwarded-For,
    REFEREE_PROXY_HOPS=1), not by nginx's: one address at its cap, another is still served."""
    match_id, _ = new_match(proxied.base)
    with Streams(proxied, match_id, 3, source="127.0.0.5") as full:
        assert sorted(full.statuses) == [200, 200, 503]
        assert full.headers[full.statuses.index(503)]["retry-after"].isdigit()
        with Streams(proxied, match_id, 1, source="127.0.0.6") as other:
            assert other.statuses == [200]


def test_behind_nginx_a_move_reaches_the_streams_it_routes_to_the_stream_server(
        proxied: Server) -> None:
    """Through the one address nginx serves, the stream URL reaches the stream server and a
    move logged through it (gunicorn) reaches the stream."""
    match_id, token = new_match(proxied.base)
    with Streams(proxied, match_id, 2, source=["127.0.0.7", "127.0.0.8"]) as streams:
        assert streams.statuses == [200, 200]
        assert log_draw(proxied.base, match_id, token).status_code == 201
        assert heard_seq(streams, 1) == 2


@pytest.mark.slow
def test_behind_nginx_the_app_answers_through_hundreds_of_each(proxied: Server) -> None:
    """600 slowloris, 256 slow bodies and 400 streams (from 20 addresses) all held at once:
    /healthz still answers within a second and a move is logged."""
    match_id, _ = new_match(proxied.base)
    with slowloris(proxied, 600, source="127.0.0.10"), \
            slow_bodies(proxied, 256, source="127.0.0.11"), \
            Streams(proxied, match_id, 400, [f"127.0.2.{n + 1}" for n in range(20)]) as streams:
        assert streams.count(200) + streams.count(503) == 400
        for _ in range(5):
            answers_and_logs(proxied)
            time.sleep(1.0)

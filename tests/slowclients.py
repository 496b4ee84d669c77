"""Slow and greedy clients, and the real servers they are pointed at, for the tests and the
benchmark of what one client can hold (tests/test_slow_clients.py, bench/slow_clients.py).

- :func:`gunicorn` runs the app with the project's ``gunicorn.conf.py`` on a free loopback port,
  on a fresh SQLite database in a temporary folder (or a given one), and stops it by its PID;
  the tests of several workers start theirs with it too.
- :func:`night_server` runs ``referee serve`` (uvicorn, the stream server) the same way, on a
  database it migrates itself or a given one.
- :func:`nginx` runs Debian's nginx in the foreground with the documented site
  (``docs/deploy/nginx.conf``) in a temporary prefix, on another free loopback port, in front of
  a given gunicorn and stream server, and stops it by its PID.
- :func:`slowloris` sends a request's headers one line at a time and never ends them;
  :func:`slow_bodies` sends whole headers, then a body one byte at a time; :class:`Streams` opens
  live streams and holds them without reading.

Every client here connects to loopback addresses only, and everything it opens is closed by
``close()`` (or the ``with`` block).
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import requests

from referee import ROOT, create_app, database
from referee.cli import upgrade_database
from tests.pgcluster import free_port

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
SITE = ROOT / "docs" / "deploy" / "nginx.conf"
#: The documented site's placeholders: its own port, gunicorn's and the stream server's address.
SITE_LISTEN = "listen 80;"
SITE_UPSTREAM = "server 127.0.0.1:8000;"
SITE_STREAMS = "server 127.0.0.1:8001;"


@dataclass
class Server:
    base: str  # http://127.0.0.1:<port>
    process: subprocess.Popen[bytes]
    folder: Path  # its logs (and database, or prefix)

    @property
    def host(self) -> str:
        return "127.0.0.1"

    @property
    def port(self) -> int:
        return int(self.base.rsplit(":", 1)[1])

    def log(self) -> str:
        return "\n".join(path.read_text(errors="replace")[-4000:]
                         for path in sorted(self.folder.glob("*.log")))


def stop(process: subprocess.Popen[bytes], grace: float = 15.0) -> None:
    """SIGTERM to the process we started, then SIGKILL to its own process group if it lingers
    (it was started in a session of its own, so the group is its and its children's only)."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(grace)
            return
        except subprocess.TimeoutExpired:
            pass
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)
    process.wait(10)


def wait_for(url: str, process: subprocess.Popen[bytes], log: Path, within: float = 60) -> None:
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url}: the server exited with {process.returncode}:\n"
                               f"{log.read_text(errors='replace')[-4000:]}")
        try:
            if requests.get(url, timeout=5).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{url} did not answer within {within} s")


@contextlib.contextmanager
def serving(command: list[str], folder: Path, port: int, env: dict[str, str], log_name: str
            ) -> Iterator[Server]:
    """``command`` run from the checkout as a server at ``port`` (its output in ``folder`` /
    ``log_name``, the folder removed at the end), once its /healthz answers; stopped by its
    PID."""
    log = folder / log_name
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=log.open("wb"),
                               stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", process, folder)
    try:
        wait_for(f"{server.base}/healthz", process, log)
        yield server
    finally:
        stop(process)
        shutil.rmtree(folder, ignore_errors=True)


@contextlib.contextmanager
def gunicorn(env: dict[str, str] | None = None, args: tuple[str, ...] = (), *,
             served: Path | None = None, unset: tuple[str, ...] = ()) -> Iterator[Server]:
    """The app under the project's gunicorn.conf.py (its workers and threads unless ``args``
    says otherwise), at a free loopback port, on the SQLite database ``served`` (migrated
    already) or a fresh one; ``env`` over this process's environment without ``unset``."""
    folder = Path(tempfile.mkdtemp(prefix="referee-gunicorn-"))
    port = free_port()
    url = f"sqlite:///{served or folder / 'referee.sqlite3'}"
    full_env = {**{key: value for key, value in os.environ.items() if key not in unset},
                "DATABASE_URL": url, "REFEREE_SECRET_KEY": "slow-clients",
                "REFEREE_RATELIMIT_ENABLED": "0", **(env or {})}
    if served is None:
        migrated = create_app({"DATABASE_URL": url})
        upgrade_database(migrated)
        database(migrated).engine.dispose()
    with serving([sys.executable, "-m", "gunicorn", "--config", str(ROOT / "gunicorn.conf.py"),
                  "--bind", f"127.0.0.1:{port}", *args, "wsgi:app"],
                 folder, port, full_env, "gunicorn.log") as server:
        yield server


@contextlib.contextmanager
def night_server(args: tuple[str, ...] = (), env: dict[str, str] | None = None, *,
                 served: str | None = None) -> Iterator[Server]:
    """``referee serve`` (the game-night server, the stream server) at a free loopback port, on
    the database ``served`` (a URL) or a fresh SQLite database it migrates itself; what it
    printed is in ``server.log()``."""
    folder = Path(tempfile.mkdtemp(prefix="referee-serve-"))
    port = free_port()
    full_env = {**os.environ,
                "DATABASE_URL": served or f"sqlite:///{folder / 'referee.sqlite3'}",
                "REFEREE_SECRET_KEY": "slow-clients" if served else "night-server",
                "REFEREE_RATELIMIT_ENABLED": "0", **(env or {})}
    with serving([sys.executable, "-m", "referee", "serve", "--port", str(port), *args],
                 folder, port, full_env, "serve.log") as server:
        yield server


def site_config(upstream: str, streams: str, port: int) -> str:
    """The documented site, listening on ``port`` in front of ``upstream`` and the stream
    server ``streams`` (host:port each)."""
    text = SITE.read_text()
    for placeholder in (SITE_LISTEN, SITE_UPSTREAM, SITE_STREAMS):
        if placeholder not in text:
            raise RuntimeError(f"{SITE} no longer says {placeholder!r}")
    return (text.replace(SITE_LISTEN, f"listen 127.0.0.1:{port};")
            .replace(SITE_UPSTREAM, f"server {upstream};")
            .replace(SITE_STREAMS, f"server {streams};"))


def nginx_main(prefix: Path, site: str) -> str:
    """A whole nginx.conf around the site, every path in ``prefix``: what Debian's
    /etc/nginx/nginx.conf gives a site in conf.d, with more connections per worker."""
    user = ""
    if os.geteuid() == 0:  # workers would run as nobody, who cannot write in our prefix
        user = f"user {pwd.getpwuid(os.geteuid()).pw_name};"
    temp = "\n".join(f"    {name}_temp_path {prefix / name};"
                     for name in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"))
    return f"""
{user}
daemon off;
worker_processes 1;
pid {prefix / 'nginx.pid'};
error_log {prefix / 'error.log'} warn;
events {{ worker_connections 4096; }}
http {{
    access_log off;
{temp}
{site}
}}
"""


@contextlib.contextmanager
def nginx(upstream: str, streams: str) -> Iterator[Server]:
    """Debian's nginx in the foreground, with the documented site in front of ``upstream``
    (gunicorn) and ``streams`` (the stream server)."""
    prefix = Path(tempfile.mkdtemp(prefix="referee-nginx-"))
    port = free_port()
    conf = prefix / "nginx.conf"
    conf.write_text(nginx_main(prefix, site_config(upstream, streams, port)))
    log = prefix / "nginx-stderr.log"
    process = subprocess.Popen([NGINX, "-p", str(prefix), "-e", str(prefix / "error.log"),
                                "-c", str(conf)], stdout=log.open("wb"),
                               stderr=subprocess.STDOUT, start_new_session=True)
    server = Server(f"http://127.0.0.1:{port}", process, prefix)
    try:
        wait_for(f"{server.base}/healthz", process, prefix / "error.log")
        yield server
    finally:
        stop(process)
        shutil.rmtree(prefix, ignore_errors=True)


# --- the clients ------------------------------------------------------------------------------


def connect(server: Server, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection((server.host, server.port), timeout=10,
                                    source_address=(source, 0))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


class Trickle:
    """Sockets that each send ``opening`` at once, then one more ``step`` every ``every``
    seconds from a thread, never finishing their request."""

    def __init__(self, server: Server, count: int, opening: bytes, step: bytes,
                 every: float = 1.0, source: str = "127.0.0.1") -> None:
        self.socks: list[socket.socket] = []
        self.ended: set[int] = set()  # the ones the server answered or closed
        self._stop = threading.Event()
        self.every = every
        self.step = step
        try:
            for _ in range(count):
                sock = connect(server, source)
                sock.sendall(opening)
                self.socks.append(sock)
        except BaseException:
            self.close()
            raise
        self._thread = threading.Thread(target=self._trickle, daemon=True)
        self._thread.start()

    def _trickle(self) -> None:
        while not self._stop.wait(self.every):
            for index, sock in enumerate(self.socks):
                if index in self.ended:
                    continue
                try:
                    sock.sendall(self.step)
                except OSError:
                    self.ended.add(index)

    def still_held(self) -> int:
        """How many the server has neither answered nor closed."""
        for index, sock in enumerate(self.socks):
            if index in self.ended:
                continue
            poller = select.poll()  # not select: past 1024 descriptors it cannot
            poller.register(sock, select.POLLIN)
            if poller.poll(0):  # answered (an error) or closed; still waiting: nothing to read
                self.ended.add(index)
        return len(self.socks) - len(self.ended)

    def close(self) -> None:
        self._stop.set()
        if getattr(self, "_thread", None) is not None:
            self._thread.join(5)
        for sock in self.socks:
            sock.close()

    def __enter__(self) -> Trickle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def slowloris(server: Server, count: int, every: float = 1.0,
              source: str = "127.0.0.1") -> Trickle:
    """A request's line and Host at once, then one header line a second: never ended."""
    return Trickle(server, count, b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n",
                   b"X-Slow: 1\r\n", every, source)


def slow_bodies(server: Server, count: int, every: float = 1.0, length: int = 1000,
                source: str = "127.0.0.1") -> Trickle:
    """Whole headers of a match's POST, then its JSON body one byte a second."""
    head = (f"POST /api/matches HTTP/1.1\r\nHost: localhost\r\n"
            f"Content-Type: application/json\r\nContent-Length: {length}\r\n\r\n{{")
    return Trickle(server, count, head.encode(), b" ", every, source)


def stream_request(match_id: int, language: str = "en") -> bytes:
    return (f"GET /api/matches/{match_id}/stream HTTP/1.1\r\nHost: localhost\r\n"
            f"Accept: text/event-stream\r\nAccept-Language: {language}\r\n\r\n").encode()


def read_head(sock: socket.socket, within: float = 10.0
              ) -> tuple[int, dict[str, str], bytes]:
    """A response's status, headers (names in lower case) and what came after them, read from
    a raw socket."""
    sock.settimeout(within)
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(4096)
        if not chunk:
            raise ConnectionError(f"closed before the response's headers: {data!r}")
        data += chunk
    raw, rest = data.split(b"\r\n\r\n", 1)
    head = raw.decode("latin-1").split("\r\n")
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(head[0].split()[1]), headers, rest


class Streams:
    """Live streams of one match opened on raw sockets from ``source`` (or from each of a list
    of addresses in turn) and held without
    reading further than their headers; ``statuses`` says what each got (0: no answer within
    ``within``), ``bodies`` the start of each answer's body."""

    def __init__(self, server: Server, match_id: int, count: int,
                 source: str | list[str] = "127.0.0.1", within: float = 10.0,
                 language: str = "en") -> None:
        self.socks: list[socket.socket] = []
        self.statuses: list[int] = []
        self.headers: list[dict[str, str]] = []
        self.bodies: list[bytes] = []
        self.language = language
        sources = [source] if isinstance(source, str) else source
        try:
            for n in range(count):  # every request is sent before any answer is read
                sock = connect(server, sources[n % len(sources)])
                self.socks.append(sock)
                sock.sendall(stream_request(match_id, language))
            deadline = time.monotonic() + within
            for sock in self.socks:
                self._answer(sock, max(0.01, deadline - time.monotonic()))
        except BaseException:
            self.close()
            raise

    def _answer(self, sock: socket.socket, within: float) -> int:
        try:
            status, headers, body = read_head(sock, within)
        except (OSError, ConnectionError):
            status, headers, body = 0, {}, b""
        self.statuses.append(status)
        self.headers.append(headers)
        self.bodies.append(body)
        return status

    def open(self, server: Server, match_id: int, source: str = "127.0.0.1",
             within: float = 10.0) -> int:
        """One more stream; its status."""
        sock = connect(server, source)
        self.socks.append(sock)
        sock.sendall(stream_request(match_id, self.language))
        return self._answer(sock, within)

    def error(self, index: int) -> dict[str, Any]:
        """The JSON error a refused stream was answered (its body read to the end)."""
        body = self.bodies[index]
        length = int(self.headers[index].get("content-length", "0"))
        sock = self.socks[index]
        while len(body) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            body += chunk
        return dict(json.loads(body))

    def count(self, status: int) -> int:
        return sum(1 for s in self.statuses if s == status)

    def close(self) -> None:
        for sock in self.socks:
            sock.close()

    def __enter__(self) -> Streams:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- what a client that matters sees ----------------------------------------------------------


def healthz_time(base: str, within: float = 5.0) -> float | None:
    """Seconds /healthz takes to answer 200, on a new connection; None past ``within``."""
    started = time.monotonic()
    try:
        response = requests.get(f"{base}/healthz", timeout=within,
                                headers={"Connection": "close"})
    except requests.RequestException:
        return None
    return time.monotonic() - started if response.status_code == 200 else None


def new_match(base: str) -> tuple[int, str]:
    created = requests.post(f"{base}/api/matches", timeout=10, json={
        "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]})
    assert created.status_code == 201, created.text
    return int(created.json()["id"]), str(created.json()["host_token"])


def log_draw(base: str, match_id: int, token: str, within: float = 5.0) -> Any:
    """Seat 0 draws from the stock (the first move of a CitronCoco match)."""
    return requests.post(f"{base}/api/matches/{match_id}/events", timeout=within,
                         headers={"Authorization": f"Bearer {token}"},
                         json={"type": "draw", "seat": 0, "payload": {"source": "stock"}})


def heard_seq(streams: Streams, seq: int, within: float = 5.0) -> int:
    """How many of ``streams`` were pushed move ``seq`` within ``within`` seconds."""
    wanted = f"id: {seq}\n".encode()
    seen = [wanted in body for body in streams.bodies]
    deadline = time.monotonic() + within
    while not all(seen) and time.monotonic() < deadline:
        waiting = [s for s, done in zip(streams.socks, seen, strict=True) if not done]
        ready, _, _ = select.select(waiting, [], [], max(0.0, deadline - time.monotonic()))
        for sock in ready:
            index = streams.socks.index(sock)
            streams.bodies[index] += sock.recv(65536)
            seen[index] = wanted in streams.bodies[index]
    return sum(seen)

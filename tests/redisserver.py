"""A throwaway Redis server from the machine's own ``redis-server`` (Debian's package, installed
when missing and running as root, as ``tests.pgcluster`` does for PostgreSQL): on 127.0.0.1, a
free port, nothing kept on disk, stopped at the end."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager

from tests.pgcluster import apt_install, free_port


def binary() -> str:
    found = shutil.which("redis-server")
    if found is None:
        apt_install("redis-server", "No redis-server on this machine")
        found = shutil.which("redis-server")
    assert found is not None
    return found


def answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.2) as sock:
            sock.sendall(b"PING\r\n")
            return sock.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@contextmanager
def redis_server() -> Iterator[str]:
    """The URL of a fresh Redis server, stopped when the block ends."""
    port = free_port()
    server = subprocess.Popen(
        [binary(), "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly",
         "no", "--daemonize", "no"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 20
        while not answers(port):
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"redis-server did not answer on port {port}")
            time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)

"""The stream server (``referee/streaming.py``, as ``referee serve`` runs it: uvicorn) in a
thread of the test's process, serving a test's own app on a free loopback port: the app's
config, database and hub are the test's, so a move logged through its test client rings the
streams served here, as in one process."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator

from flask import Flask

from referee.hosting import Server, server_for


@contextlib.contextmanager
def stream_server(app: Flask, host: str = "127.0.0.1", threads: int = 16) -> Iterator[Server]:
    """uvicorn serving ``app`` at a free port of ``host`` (``server.config.port``), until the
    block ends; its streams are ended first, as on SIGTERM."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, 0))
    sock.listen(1024)
    server = server_for(app, host, sock.getsockname()[1], threads)
    server.config.port = sock.getsockname()[1]
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True,
                              name="referee-test-stream-server")
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and thread.is_alive() and time.monotonic() < deadline:
        time.sleep(0.01)
    try:
        if not server.started:
            raise RuntimeError("the stream server did not start")
        yield server
    finally:
        server.handle_exit(0, None)
        thread.join(10)
        sock.close()


def base_of(server: Server) -> str:
    return f"http://{server.config.host}:{server.config.port}"

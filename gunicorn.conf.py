"""gunicorn settings for Referee, read by ``gunicorn wsgi:app`` from this directory.

Live pages hold a Server-Sent Events stream open for as long as they are shown, so each
worker serves requests from a pool of threads (``gthread``): a stream holds one thread, never a
whole worker. Size it as workers × threads ≥ open screens (boards and pads) + a margin for
ordinary requests. Everything can be overridden on the command line or through
GUNICORN_CMD_ARGS.
"""

from __future__ import annotations

import os
from typing import Any

bind = os.environ.get("REFEREE_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
worker_class = "gthread"
threads = int(os.environ.get("REFEREE_THREADS", "64"))
# gthread: the worker's heartbeat, not a limit on a request; streams may last for hours.
timeout = 30
graceful_timeout = 10
keepalive = 5


def worker_exit(server: Any, worker: Any) -> None:
    """End this worker's streams so that it stops promptly (browsers reconnect elsewhere)."""
    from referee import database
    from referee.service.live import close_streams

    app = getattr(worker, "wsgi", None)
    if app is not None and hasattr(app, "extensions"):
        close_streams(database(app))

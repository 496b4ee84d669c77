"""gunicorn settings for Referee: ``gunicorn -c python:referee.gunicorn_settings referee.wsgi:app``
(in a checkout, ``gunicorn wsgi:app`` reads them through ``gunicorn.conf.py``).

gunicorn serves pages, moves and the API from pools of threads (``gthread``). Live streams,
which stay open for as long as a page is shown, are not its: the stream server serves them
(``referee serve``, ``referee/streaming.py``; nginx routes their URLs to it, docs/deploy), and
here a stream URL is answered 503, which the pages meet by polling. Size workers × threads for
the requests in flight, not for the screens open. Everything can be overridden on the command
line or through GUNICORN_CMD_ARGS.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from typing import Any

from referee.config import switch
from referee.serving import DeadlineWorker

# Logs as JSON lines by default here (a service's log goes to a collector); REFEREE_LOG_FORMAT
# =text for readable lines. The app writes its own access line per request (REFEREE_ACCESS_LOG).
os.environ.setdefault("REFEREE_LOG_FORMAT", "json")
if os.environ["REFEREE_LOG_FORMAT"].strip().lower() == "json":
    # gunicorn's own lines (workers booting, exiting, timing out) as JSON lines too, so that
    # standard error reads as one stream of JSON objects. Its access lines are left as
    # gunicorn sets them: off unless --access-logfile asks for them (the app writes its own,
    # with the request id). The root logger is left without a handler, as without this: the
    # app's lines would come twice.
    logconfig_dict = {
        "version": 1,
        "disable_existing_loggers": False,
        "root": {"level": "WARNING", "handlers": []},
        "formatters": {"json": {"()": "referee.logs.JsonLines"}},
        "handlers": {"error_console": {"class": "logging.StreamHandler", "formatter": "json",
                                       "stream": "ext://sys.stderr"}},
        "loggers": {
            "gunicorn.error": {"level": "INFO", "handlers": ["error_console"],
                               "propagate": False, "qualname": "gunicorn.error"},
        },
    }

# Metrics (REFEREE_METRICS=on): each worker counts in files of one folder, which a scrape
# adds up, whichever worker answers it. Set before any worker loads the app (and
# prometheus_client); a folder made here is removed when gunicorn stops (its name is kept in
# the environment: a reload reads this file again).
if switch("REFEREE_METRICS", False) and not os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="referee-metrics-")
    os.environ["REFEREE_METRICS_DIR_MADE"] = os.environ["PROMETHEUS_MULTIPROC_DIR"]

bind = os.environ.get("REFEREE_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", "2"))
# gthread, whose threads a client sending its request too slowly holds only so long
# (REFEREE_HEADER_TIMEOUT, REFEREE_BODY_TIMEOUT: referee/serving.py).
worker_class = DeadlineWorker
threads = int(os.environ.get("REFEREE_THREADS", "64"))
# gthread: the worker's heartbeat, not a limit on a request.
timeout = 30
graceful_timeout = 10
keepalive = 5


def on_starting(server: Any) -> None:
    """A metrics folder given by PROMETHEUS_MULTIPROC_DIR starts empty: counts left by an
    earlier run would be added to this one's."""
    folder = os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")
    if folder and switch("REFEREE_METRICS", False):
        os.makedirs(folder, exist_ok=True)
        for name in os.listdir(folder):
            if name.endswith(".db"):
                os.unlink(os.path.join(folder, name))


def child_exit(server: Any, worker: Any) -> None:
    """A worker that is gone no longer counts among the open live streams."""
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


def on_exit(server: Any) -> None:
    made = os.environ.get("REFEREE_METRICS_DIR_MADE", "")
    if made:
        shutil.rmtree(made, ignore_errors=True)

"""Prometheus metrics at ``/metrics`` (``REFEREE_METRICS=on``; off by default, then there is
no such address), guarded by a bearer token when ``REFEREE_METRICS_TOKEN`` is set.

- ``referee_http_requests_total{method, route, status}`` and
  ``referee_http_request_duration_seconds{method, route}``: each request by its URL rule (not
  its path, so a thousand matches make one route), counted when its answer is sent; the
  duration is until the answer's status and headers were given, so a live stream counts the
  time it took to open, not the hours it stayed open.
- ``referee_appends_total{verdict}``: moves judged for the log, by verdict (``ok``,
  ``missplay``, ``refused``), from the API and the pages alike.
- ``referee_live_streams``: live streams open now.
- ``referee_state_cache_lookups_total{result}``: the match states' cache (``hit``,
  ``caught_up``, ``miss``).

Under gunicorn each worker counts in files under ``PROMETHEUS_MULTIPROC_DIR``
(gunicorn.conf.py makes one when metrics are on and it is unset), and a scrape, whichever
worker answers it, adds up every worker's (prometheus_client's multiprocess mode).

The service counts through :mod:`referee.service.counters` without knowing of this module;
the requests are counted by the app's WSGI wrapper (``referee.logs.Observed``).
"""

from __future__ import annotations

import hmac
import os
import threading
from typing import Any

from flask import Flask, Response, current_app, jsonify, request
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    generate_latest,
    multiprocess,
)

from referee.edge.i18n import gettext as _
from referee.logs import Served
from referee.service import counters

#: Seconds: most answers take milliseconds; an import or a cold fold may take seconds.
BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
#: The methods counted by name; any other (a client may send any word) is ``other``.
METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})


def multiprocess_dir() -> str:
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")


class Metrics:
    """The process's metrics (one set, whatever apps the process makes)."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        into = self.registry
        self.requests = Counter("referee_http_requests", "Requests answered, by route and status",
                                ["method", "route", "status"], registry=into)
        self.latency = Histogram("referee_http_request_duration_seconds",
                                 "Seconds until a request's answer started, by route",
                                 ["method", "route"], buckets=BUCKETS, registry=into)
        self.appends = Counter("referee_appends", "Moves judged for the log, by verdict",
                               ["verdict"], registry=into)
        self.streams = Gauge("referee_live_streams", "Live streams open",
                             multiprocess_mode="livesum", registry=into)
        self.cache = Counter("referee_state_cache_lookups",
                             "Lookups in the match states' cache, by result", ["result"],
                             registry=into)

    def served(self, served: Served) -> None:
        method = served.method if served.method in METHODS else "other"
        self.requests.labels(method, served.route, str(served.status)).inc()
        self.latency.labels(method, served.route).observe(served.latency)

    def counted(self, what: str, kind: str, by: float) -> None:
        if what == counters.STATE_CACHE:
            self.cache.labels(kind).inc(by)
        elif what == counters.LIVE_STREAMS:
            self.streams.inc(by)
        elif what == counters.APPENDS:
            self.appends.labels(kind).inc(by)

    def exposition(self) -> bytes:
        """The text a scrape reads: every worker's counts added up in multiprocess mode."""
        if multiprocess_dir():
            registry = CollectorRegistry()
            multiprocess.MultiProcessCollector(registry)
            return generate_latest(registry)
        return generate_latest(self.registry)


_made: list[Metrics] = []
_lock = threading.Lock()


def metrics() -> Metrics:
    """The process's metrics, made on first use."""
    with _lock:
        if not _made:
            _made.append(Metrics())
            counters.watch(_made[0].counted)
        return _made[0]


def error(code: int, message: str) -> tuple[Response, int]:
    from referee.edge.errors import error_body

    response = jsonify(error_body(code, message))
    response.headers["Cache-Control"] = "no-store"
    if code == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="metrics"'
    return response, code


def refusal() -> tuple[Response, int] | None:
    """401 without a bearer token, 403 with another one than REFEREE_METRICS_TOKEN; None
    when no token is set or the right one came."""
    token = str(current_app.config.get("METRICS_TOKEN") or "")
    if not token:
        return None
    scheme, _space, given = request.headers.get("Authorization", "").partition(" ")
    given = given.strip()
    if scheme.lower() != "bearer" or not given:
        return error(401, _("The metrics need their token (Authorization: Bearer …)."))
    if not hmac.compare_digest(given.encode(), token.encode()):
        return error(403, _("This token does not open the metrics."))
    return None


def scrape() -> Any:
    refused = refusal()
    if refused is not None:
        return refused
    return Response(metrics().exposition(), content_type=CONTENT_TYPE_LATEST,
                    headers={"Cache-Control": "no-store"})


def init_app(app: Flask) -> None:
    """When metrics are on: count each request as it is served, and answer ``/metrics``."""
    if not app.config["METRICS"]:
        return
    kept = metrics()
    app.extensions["referee.served"].append(kept.served)
    app.add_url_rule("/metrics", "metrics", scrape, methods=["GET"])

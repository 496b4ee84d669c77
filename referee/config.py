"""Settings, read from the environment (see the README's Configuration section)."""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path
from typing import TYPE_CHECKING, Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

import platformdirs

if TYPE_CHECKING:
    from flask import Flask

KIB = 1024
MIB = 1024 * KIB


def switch(name: str, default: bool) -> bool:
    """An on/off setting: on, 1, yes, true; off, 0, no, false (any case); unset: ``default``.
    Anything else stops the start with a clear message rather than guessing."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in ("on", "1", "yes", "true"):
        return True
    if value in ("off", "0", "no", "false"):
        return False
    raise ValueError(f"{name}: {value!r} is neither on nor off")


def log_format() -> str:
    """REFEREE_LOG_FORMAT: ``text`` (one readable line per record, the default) or ``json``
    (one JSON object per line, for a log collector; gunicorn.conf.py makes it the default)."""
    value = os.environ.get("REFEREE_LOG_FORMAT", "").strip().lower() or "text"
    if value not in ("text", "json"):
        raise ValueError(f"REFEREE_LOG_FORMAT: {value!r} is neither text nor json")
    return value


def data_folder(instance_path: str) -> Path:
    """Where the embedded database and the secret key live: REFEREE_DATA_DIR when set; else a
    checkout's ``instance/`` when it exists (an older Referee made it on every start and kept
    its database and key there: they stay, a service's folder too); else the user's data
    folder (``~/.local/share/referee`` on Linux), so that an installed Referee needs no
    writable folder of its own."""
    chosen = os.environ.get("REFEREE_DATA_DIR", "").strip()
    if chosen:
        return Path(chosen).expanduser()
    if Path(instance_path).is_dir():
        return Path(instance_path)
    return Path(platformdirs.user_data_dir("referee", appauthor=False))


def instance_secret(folder: str) -> str:
    """A random key kept in the data folder, made on first start, when none is set."""
    path = Path(folder) / "secret_key"
    path.parent.mkdir(parents=True, exist_ok=True)
    if not path.exists():
        draft = path.with_name(f"secret_key.{os.getpid()}")
        draft.write_text(secrets.token_urlsafe(32))
        draft.chmod(0o600)
        try:  # link is atomic: workers starting together all keep the first key written
            os.link(draft, path)
        except FileExistsError:
            pass
        finally:
            draft.unlink()
    return path.read_text().strip()


def known_zone(name: str) -> bool:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return False
    return bool(name)


def machine_timezone() -> str:
    """The machine's own time zone by name (TZ, /etc/localtime's link, /etc/timezone), else
    UTC."""
    candidates = [os.environ.get("TZ", "").lstrip(":")]
    localtime = Path("/etc/localtime")
    if localtime.is_symlink() and "zoneinfo/" in str(localtime.resolve()):
        candidates.append(str(localtime.resolve()).split("zoneinfo/", 1)[1])
    with contextlib.suppress(OSError):
        candidates.append(Path("/etc/timezone").read_text().strip())
    return next((name for name in candidates if known_zone(name)), "UTC")


def timezone_setting() -> str:
    """REFEREE_TIMEZONE (an IANA name such as Europe/Paris), else the machine's; an unknown
    name stops the start with a clear message rather than showing wrong times."""
    name = os.environ.get("REFEREE_TIMEZONE", "").strip() or machine_timezone()
    if not known_zone(name):
        raise ValueError(f"REFEREE_TIMEZONE: unknown time zone {name!r} "
                         "(use an IANA name such as Europe/Paris)")
    return name


def optional_count(name: str) -> int | None:
    """A whole number from the environment, or None when it is unset or empty."""
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    try:
        return int(value)
    except ValueError:
        raise ValueError(f"{name}: {value!r} is not a whole number") from None


def read_deadlines() -> tuple[float, float]:
    """Seconds a client has to send a request's headers (REFEREE_HEADER_TIMEOUT, default 5)
    and then its body (REFEREE_BODY_TIMEOUT, default 20) before the app server cuts it off
    (referee.serving)."""
    deadlines = []
    for name, default in (("REFEREE_HEADER_TIMEOUT", "5"), ("REFEREE_BODY_TIMEOUT", "20")):
        value = os.environ.get(name, "").strip() or default
        try:
            seconds = float(value)
        except ValueError:
            seconds = 0.0
        if not seconds > 0:
            raise ValueError(f"{name}: {value!r} is not a number of seconds above 0")
        deadlines.append(seconds)
    return deadlines[0], deadlines[1]


def from_environment(folder: str) -> dict[str, Any]:
    """The app's settings: defaults for the embedded SQLite set-up in ``folder`` (the data
    folder), overridden by REFEREE_* and DATABASE_URL."""
    return {**store_and_log_settings(folder), **serving_settings(),
            **limit_settings(), **openapi_settings()}


def store_and_log_settings(folder: str) -> dict[str, Any]:
    """Where the data lives, how large a request may be, what is logged and who holds the key."""
    default_db = f"sqlite:///{Path(folder) / 'referee.sqlite3'}"
    return {
        "DATABASE_URL": os.environ.get("DATABASE_URL", default_db),
        # A PostgreSQL streaming replica that may serve browsing (history, players, nights).
        "DATABASE_REPLICA_URL": os.environ.get("DATABASE_REPLICA_URL", ""),
        # Judging a move replays at most this many events after the latest snapshot.
        "SNAPSHOT_EVERY": int(os.environ.get("REFEREE_SNAPSHOT_EVERY", "100")),
        "MAX_CONTENT_LENGTH": 64 * KIB,
        # An imported match export (the API's and the page's import) may be this large: a
        # long match's export passes the 64 KiB of any other request after about 115 events.
        "IMPORT_MAX_BYTES": int(os.environ.get("REFEREE_IMPORT_MAX_BYTES", str(64 * MIB))),
        # Logs: text or JSON lines, each with its request's id; an access line per request.
        "LOG_FORMAT": log_format(),
        "ACCESS_LOG": switch("REFEREE_ACCESS_LOG", True),
        # Prometheus metrics at /metrics: off unless turned on; with a token, only for
        # requests that carry it (Authorization: Bearer).
        "METRICS": switch("REFEREE_METRICS", False),
        "METRICS_TOKEN": os.environ.get("REFEREE_METRICS_TOKEN", "").strip(),
        "SECRET_KEY": os.environ.get("REFEREE_SECRET_KEY") or instance_secret(folder),
    }


def serving_settings() -> dict[str, Any]:
    """How pages and live streams are served: time zone, page size, threads, proxies."""
    return {
        # Dates and times on pages are shown in this zone, in the reader's language.
        "TIMEZONE": timezone_setting(),
        "PAGE_SIZE": int(os.environ.get("REFEREE_PAGE_SIZE", "20")),
        # Live streams: a heartbeat comment when quiet; a look at the log without a wake-up.
        "STREAM_HEARTBEAT": float(os.environ.get("REFEREE_STREAM_HEARTBEAT", "15")),
        "STREAM_RECHECK": float(os.environ.get("REFEREE_STREAM_RECHECK", "5")),
        # The threads that serve requests in this process (gunicorn.conf.py sets the worker's
        # own); live streams are capped below it, in all, per match and per client address
        # (unset: derived from the threads, see referee.service.streams.StreamCaps).
        "THREADS": int(os.environ.get("REFEREE_THREADS", "64")),
        "STREAM_LIMIT": optional_count("REFEREE_STREAM_LIMIT"),
        "STREAM_LIMIT_PER_MATCH": optional_count("REFEREE_STREAM_LIMIT_PER_MATCH"),
        "STREAM_LIMIT_PER_ADDRESS": optional_count("REFEREE_STREAM_LIMIT_PER_ADDRESS"),
        # Behind this many reverse proxies (nginx: 1), the client's address, scheme and host
        # are read from their X-Forwarded-For/-Proto/-Host headers; 0 trusts no such header.
        "PROXY_HOPS": int(os.environ.get("REFEREE_PROXY_HOPS", "0")),
        # Set to a public base URL (https://referee.example.org) when behind a proxy, for the
        # join links and QR codes; by default the request's own host is used.
        "PUBLIC_URL": os.environ.get("REFEREE_PUBLIC_URL", ""),
        # Answers that went out over TLS tell the browser to keep to HTTPS this long (seconds;
        # 0: never). Plain HTTP answers (the table's network) never say so.
        "HSTS_MAX_AGE": int(os.environ.get("REFEREE_HSTS_MAX_AGE", "31536000")),
    }


def limit_settings() -> dict[str, Any]:
    """What a client may do and how long: CSRF tokens, rate limits, outage answers."""
    return {
        # Forms: a CSRF token lives this long (seconds), so a pad left open all night still
        # posts; the browser session ends it sooner when the browser closes.
        "WTF_CSRF_TIME_LIMIT": int(os.environ.get("REFEREE_CSRF_TIME_LIMIT", str(7 * 86400))),
        "SESSION_COOKIE_SAMESITE": "Lax",
        # Rate limits per client address (Flask-Limiter notation), counted in the app's own
        # database (referee+db://: one count for every worker and machine serving it) unless
        # REFEREE_RATELIMIT_STORAGE_URI names another store (redis://host:6379, or memory://
        # for a count per process). When the store cannot be reached, each process counts in
        # its memory until it answers again, and says so in the log.
        "RATELIMIT_CREATE": os.environ.get("REFEREE_RATELIMIT_CREATE",
                                           "30 per minute;300 per hour"),
        "RATELIMIT_IMPORT": os.environ.get("REFEREE_RATELIMIT_IMPORT",
                                           "10 per minute;100 per hour"),
        "RATELIMIT_NIGHTS": os.environ.get("REFEREE_RATELIMIT_NIGHTS",
                                           "10 per minute;100 per hour"),
        "RATELIMIT_STORAGE_URI": (os.environ.get("REFEREE_RATELIMIT_STORAGE_URI", "").strip()
                                  or "referee+db://"),
        "RATELIMIT_IN_MEMORY_FALLBACK_ENABLED": True,
        "RATELIMIT_SWALLOW_ERRORS": True,
        "RATELIMIT_ENABLED": os.environ.get("REFEREE_RATELIMIT_ENABLED", "1") != "0",
        # A database outage (stopped, unreachable, disk full, locked, read-only) is answered
        # 503 with this Retry-After, in seconds.
        "OUTAGE_RETRY_AFTER": int(os.environ.get("REFEREE_OUTAGE_RETRY_AFTER", "5")),
    }


def openapi_settings() -> dict[str, Any]:
    """The API's documentation: its title, version and where the OpenAPI document is served."""
    return {
        "API_TITLE": "Referee",
        "API_VERSION": "1",
        "OPENAPI_VERSION": "3.0.3",
        "OPENAPI_URL_PREFIX": "/api",
        "OPENAPI_JSON_PATH": "openapi.json",
        "OPENAPI_SWAGGER_UI_PATH": "docs",
        "OPENAPI_SWAGGER_UI_URL": "/api/docs/static/",
        # No badge fetched from swagger.io: the docs page loads nothing from elsewhere.
        "OPENAPI_SWAGGER_UI_CONFIG": {"validatorUrl": None},
    }


def trust_proxies(app: Flask) -> None:
    """Behind ``PROXY_HOPS`` reverse proxies, take the client's address, scheme and host from
    the headers they add (werkzeug's ProxyFix, trusting that many hops and no more): the rate
    limits and the live streams' caps then count each client, not the proxy."""
    hops = int(app.config.get("PROXY_HOPS", 0))
    if hops > 0:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=hops, x_proto=hops, x_host=hops)

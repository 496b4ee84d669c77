"""What guards the pages against forged requests: CSRF tokens, the Origin of a posted form, the
seats' join links and the nights' host tokens kept encrypted in the host's browser, and rate
limits on creating matches and nights.

Flask-WTF's CSRFProtect checks a token in every form a page posts (the bearer-token API is not
a browser's business: a cross-site page cannot set its Authorization header). Flask-Limiter
counts match creations and imports per client address. ``cryptography``'s Fernet encrypts the
join links a host's browser keeps, so that a cookie seen in clear tells nothing.
"""

from __future__ import annotations

import base64
import hashlib
import json
from functools import partial
from typing import Any
from urllib.parse import urlsplit

from cryptography.fernet import Fernet, InvalidToken
from flask import Flask, Response, current_app, g, request
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from flask_wtf.csrf import CSRFError, CSRFProtect

from referee.edge.i18n import gettext as _
from referee.edge.i18n import is_api
from referee.edge.i18n import lazy_gettext as _l
from referee.service.database import (
    RATELIMIT_SCHEME,  # registers referee+db://, the default store of the counts
)
from referee.web.errors import error_page

csrf = CSRFProtect()

# What the rate limits count: creating a match and importing one, per client address, from the
# API and the pages alike (endpoint -> config key of its limit).
LIMITED = {
    "matches.Matches": "RATELIMIT_CREATE",
    "web.new_match": "RATELIMIT_CREATE",
    "matches.Import": "RATELIMIT_IMPORT",
    "web.import_match": "RATELIMIT_IMPORT",
    "people.Nights": "RATELIMIT_NIGHTS",
    "web.create_night": "RATELIMIT_NIGHTS",
}

FORM_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
INVITES_COOKIE = "referee_invites"
INVITES_KEPT = 8  # matches whose join links the creating browser keeps
NIGHTS_COOKIE = "referee_nights"
NIGHTS_KEPT = 8  # nights whose host token the browser keeps
COOKIE_BYTES = 3800  # under the 4 KiB browsers keep per cookie
COOKIE_DAYS = 30


# --- forms: the CSRF token and the Origin ---------------------------------------------------


def own_hosts() -> set[str]:
    """The host[:port] a form of ours is posted from: this request's, or the public URL's."""
    hosts = {request.host.lower()}
    public = current_app.config.get("PUBLIC_URL")
    if public:
        hosts.add(urlsplit(public).netloc.lower())
    return hosts


def origin_host(origin: str) -> str:
    """The host[:port] an Origin header names; empty for "null" or one that cannot be read
    (``http://[`` makes urlsplit raise), which is then no origin of ours."""
    if origin == "null":
        return ""
    try:
        return urlsplit(origin).netloc.lower()
    except ValueError:
        return ""


def check_origin() -> None:
    """A form posted from another origin (another site, or this host on another port) is
    refused, whatever cookies the browser sent with it."""
    origin = request.headers.get("Origin")
    if origin is None:
        return  # an older browser or a script without a page: the CSRF token still decides
    if origin_host(origin) not in own_hosts():
        raise CSRFError(_("This form was sent from {origin}, not from this site's pages.",
                          origin=origin))


def guard_forms() -> None:
    """Every page form: same origin, and the CSRF token of the page it came from."""
    if request.method not in FORM_METHODS or is_api(request.path):
        return
    check_origin()
    csrf.protect()


#: Flask-WTF's reasons, in the reader's language.
CSRF_REASONS = {
    "The CSRF token is missing.": _l("The CSRF token is missing."),
    "The CSRF session token is missing.": _l("The CSRF session token is missing."),
    "The CSRF token has expired.": _l("The CSRF token has expired."),
    "The CSRF token is invalid.": _l("The CSRF token is invalid."),
    "The CSRF tokens do not match.": _l("The CSRF tokens do not match."),
}


def csrf_refused(error: CSRFError) -> tuple[str, int]:
    reason = str(CSRF_REASONS.get(error.description or "", error.description))
    return error_page(400, _("{reason} Reload the page and send the form again.",
                             reason=reason), where="form.csrf_token")


# --- the join links and nights' host tokens a host's browser keeps ----------------------------


def _fernet(purpose: bytes) -> Fernet:
    """Keyed from the app's secret key, so every worker reads what another wrote; one key per
    cookie, so that one cookie's value pasted into another reads as nothing."""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    digest = hashlib.sha256(b"referee " + purpose + b" cookie\x00" + secret).digest()
    return Fernet(base64.urlsafe_b64encode(digest))


#: cookie -> what its key is derived from
PURPOSES = {INVITES_COOKIE: b"invites", NIGHTS_COOKIE: b"nights"}


def read_sealed(cookie: str) -> dict[str, Any]:
    """What this browser keeps in a sealed cookie, by key (empty if missing or unreadable)."""
    if cookie in g.get("sealed", {}):
        return dict(g.sealed[cookie])
    sealed = request.cookies.get(cookie)
    if not sealed:
        return {}
    try:
        kept = json.loads(_fernet(PURPOSES[cookie]).decrypt(sealed.encode(),
                                                            ttl=COOKIE_DAYS * 86400))
    except (InvalidToken, ValueError):
        return {}
    return kept if isinstance(kept, dict) else {}


def keep_sealed(cookie: str, key: str, value: Any, most: int) -> None:
    """Remember ``value`` under ``key`` in a sealed cookie; the newest ``most`` keys win, and
    fewer if the cookie would outgrow what browsers keep."""
    entries = read_sealed(cookie)
    entries.pop(key, None)
    entries[key] = value
    if "sealed" not in g:
        g.sealed = {}
    g.sealed[cookie] = dict(list(entries.items())[-most:])

    def write(response: Response) -> Response:
        kept = dict(g.sealed[cookie])
        while True:
            sealed = _fernet(PURPOSES[cookie]).encrypt(json.dumps(kept).encode()).decode()
            if len(sealed) <= COOKIE_BYTES or len(kept) <= 1:
                break
            kept.pop(next(iter(kept)))
        response.set_cookie(cookie, sealed, max_age=COOKIE_DAYS * 86400, path="/",
                            httponly=True, samesite="Lax", secure=request.is_secure)
        return response

    from flask import after_this_request

    after_this_request(write)


def read_invites() -> dict[str, list[str | None]]:
    """Match id -> the seats' join tokens, as this browser keeps them (empty if unreadable)."""
    return read_sealed(INVITES_COOKIE)


def keep_invites(match_id: int, seats: list[str | None]) -> None:
    """Remember a match's join tokens in this browser, encrypted; the newest matches win."""
    keep_sealed(INVITES_COOKIE, str(match_id), list(seats), INVITES_KEPT)


def night_token(night_id: int) -> str | None:
    """The night's host token, if this browser keeps it (the browser that made the night, or
    one that opened the night's host link)."""
    token = read_sealed(NIGHTS_COOKIE).get(str(night_id))
    return token if isinstance(token, str) else None


def keep_night_token(night_id: int, token: str) -> None:
    """Remember a night's host token in this browser, encrypted; the newest nights win."""
    keep_sealed(NIGHTS_COOKIE, str(night_id), token, NIGHTS_KEPT)


# --- set-up ----------------------------------------------------------------------------------


def storage_options(app: Flask) -> dict[str, Any]:
    """What the rate limits' store is made with: the app's database engine for the default
    ``referee+db://``; short timeouts for Redis, so that a store that stopped answering costs a
    creation a second, not a hang (then the counts fall back to memory)."""
    uri = str(app.config.get("RATELIMIT_STORAGE_URI") or "")
    if uri.startswith(f"{RATELIMIT_SCHEME}:"):
        return {"engine": app.extensions["referee.db"].engine}
    if uri.startswith(("redis://", "rediss://", "redis+unix://")):
        return {"socket_connect_timeout": 1, "socket_timeout": 1}
    return {}


def limit_posts(app: Flask) -> Limiter:
    """Count creations and imports per client address (Flask-Limiter): in the app's database
    by default, so every worker counts one address together, or in the store
    RATELIMIT_STORAGE_URI names (redis://, memory://). A store that cannot be reached is
    replaced by the process's memory until it answers again (Flask-Limiter's in-memory
    fallback), said in the app's log: creations go on, each process counting alone."""
    limiter = Limiter(key_func=get_remote_address, app=app, default_limits=[],
                      headers_enabled=True, storage_options=storage_options(app))
    limiter.logger = app.logger.getChild("ratelimit")  # its warnings in the app's log
    for endpoint, key in LIMITED.items():
        view = app.view_functions.get(endpoint)
        if view is None:
            continue
        rate = str(app.config[key])
        shared = limiter.shared_limit(rate, scope=key.lower(), methods=["POST"],
                                      error_message=partial(limit_message, key, rate))
        app.view_functions[endpoint] = shared(view)  # type: ignore[assignment]  # one count for the API and the pages
    check_before_limited_views_only(app, limiter)
    return limiter


#: Flask-Limiter's settings that put a limit on every request (counted before its view). The
#: in-memory fallback's own limits (RATELIMIT_IN_MEMORY_FALLBACK) do, while the store is
#: down; merely enabling the fallback (RATELIMIT_IN_MEMORY_FALLBACK_ENABLED) does not: the
#: same limits are counted in memory instead, and only on the limited endpoints.
EVERY_REQUEST = ("RATELIMIT_DEFAULT", "RATELIMIT_APPLICATION", "RATELIMIT_META",
                 "RATELIMIT_IN_MEMORY_FALLBACK")


def check_before_limited_views_only(app: Flask, limiter: Limiter) -> None:
    """Flask-Limiter looks for limits before every request; here they all wrap their views
    (``LIMITED``, counted when the view runs), so unless the settings put limits on every
    request, that look finds nothing on any other endpoint (a move, ``/healthz``): it is made
    for the limited endpoints only."""
    if any(app.config.get(key) for key in EVERY_REQUEST):
        return
    hooks = app.before_request_funcs.get(None, [])
    check = getattr(limiter, "_check_request_limit", None)
    if check not in hooks:
        return

    def check_limited_requests() -> None:
        if request.endpoint in LIMITED:
            check()

    hooks[hooks.index(check)] = check_limited_requests


def limit_message(key: str, rate: str) -> str:
    """The 429's sentence: what this address did too often (``key``: the limit's setting)."""
    if key == "RATELIMIT_NIGHTS":
        return _("Too many nights created from this address (at most {rate}); wait a moment "
                 "and try again.", rate=rate)
    return _("Too many matches created or imported from this address (at most {rate}); "
             "wait a moment and try again.", rate=rate)


def init_app(app: Flask) -> None:
    """After the blueprints: the limits wrap their views."""
    app.config.setdefault("WTF_CSRF_CHECK_DEFAULT", False)  # guard_forms decides (not the API)
    csrf.init_app(app)
    app.before_request(guard_forms)
    app.register_error_handler(CSRFError, csrf_refused)
    app.extensions["referee.limiter"] = limit_posts(app)

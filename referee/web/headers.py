"""The browser's guards on every answer: pages, API, static files and errors alike.

- No other page may frame ours (``frame-ancestors 'none'``, and ``X-Frame-Options: DENY`` for
  browsers that predate it): a page on another port or a sibling host could otherwise show the
  pad in an invisible frame and have a click log a move as its player.
- The pages run only the site's own files: ``script-src 'self'`` and ``style-src 'self'``, so
  no script or style attribute written into a page (a player's name, say) ever runs. The
  templates hold no inline script, event handler or style attribute; data a script needs rides
  in ``data-`` attributes. The API's interactive docs (Swagger UI, started from a static file
  too) draw their icons as ``data:`` images: their page alone allows those.
- ``Referrer-Policy: same-origin``: no address of ours reaches another site. Not
  ``no-referrer``: with it a browser sends ``Origin: null`` on the pages' own forms, which
  :func:`referee.web.security.check_origin` refuses as another site's. Join tokens no longer
  ride in addresses at all (they come after ``#``, see the join page).
- ``Strict-Transport-Security`` only on an answer that went out over TLS: the request came over
  HTTPS (gunicorn marks it so behind a proxy it trusts, see ``forwarded_allow_ips``), or it came
  to the host of an ``https://`` ``REFEREE_PUBLIC_URL`` (a TLS proxy in front). Never on plain
  HTTP on the table's network: a browser told so for a host name would refuse it over HTTP.
- ``nosniff``, ``Cross-Origin-Opener-Policy: same-origin`` and a ``Permissions-Policy`` that
  turns off what the pages never use.

Written here as one ``after_request`` rather than with a library: the headers are a handful of
fixed strings chosen by path, and flask-talisman (unmaintained upstream) would also bring its
own HTTPS redirects, cookie flags and nonces, which overlap what the app already decides.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, current_app, request

#: The pages and everything else the site serves.
SITE_POLICY = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
])

#: The API's interactive docs: Swagger UI's style sheet draws its icons as ``data:`` images.
DOCS_POLICY = SITE_POLICY.replace("img-src 'self'", "img-src 'self' data:")

DOCS_PATHS = ("/api/docs",)

#: The same on every answer.
ALWAYS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=()",
}


def policy_for(path: str) -> str:
    docs = any(path == p or path.startswith(p + "/") for p in DOCS_PATHS)
    return DOCS_POLICY if docs else SITE_POLICY


def over_tls() -> bool:
    """The request reached us over HTTPS, or through the TLS proxy of the public URL."""
    if request.is_secure:
        return True
    public = urlsplit(str(current_app.config.get("PUBLIC_URL") or ""))
    return public.scheme == "https" and public.netloc.lower() == request.host.lower()


def guard(response: Response) -> Response:
    headers = response.headers
    headers.setdefault("Content-Security-Policy", policy_for(request.path))
    for name, value in ALWAYS.items():
        headers.setdefault(name, value)
    max_age = int(current_app.config.get("HSTS_MAX_AGE", 0))
    if max_age > 0 and over_tls():
        headers.setdefault("Strict-Transport-Security", f"max-age={max_age}")
    return response


def init_app(app: Flask) -> None:
    app.after_request(guard)

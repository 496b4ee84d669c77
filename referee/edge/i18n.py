"""Languages: French and English, chosen by the reader.

A page's language comes from an explicit choice (``?lang=``, kept in a cookie by the switch on
every page), then the browser's Accept-Language, then English. The API's messages follow
Accept-Language only. Times are shown in the server's time zone (REFEREE_TIMEZONE).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from babel import Locale
from flask import Flask, Response, current_app, g, has_request_context, request
from flask_babel import Babel, Domain, force_locale, get_babel, get_locale
from werkzeug.exceptions import HTTPException
from werkzeug.routing import RequestRedirect

from referee import catalogues
from referee.edge import schema_words
from referee.edge.gettext import TRANSLATIONS as _TRANSLATIONS
from referee.edge.gettext import (  # noqa: F401  (named here too, where the edges take them)
    catalogue,
    gettext,
    lazy_gettext,
    lazy_pgettext,
    ngettext,
    pgettext,
    template_gettext,
    template_ngettext,
)
from referee.edge.moves import move_word
from referee.service.sentences import ENGLISH, Reader, Words

LANGUAGES = ("en", "fr")
DEFAULT = "en"
COOKIE = "lang"
COOKIE_AGE = 365 * 86400
#: Each language named in itself, for the switch.
NAMES = {"en": "English", "fr": "Français"}


def is_api(path: str) -> bool:
    return path == "/api" or path.startswith("/api/")


def asked_language() -> str | None:
    """The language asked for by ``?lang=`` on this request, when it is one we speak."""
    asked = request.args.get("lang", "").strip().lower()
    return asked if asked in LANGUAGES else None


def chosen_language() -> str | None:
    """The reader's explicit choice: this request's ``?lang=``, else the cookie."""
    kept = request.cookies.get(COOKIE, "").strip().lower()
    return asked_language() or (kept if kept in LANGUAGES else None)


def select_locale() -> str:
    """The pages' language: the explicit choice, else Accept-Language's best, else English."""
    if not is_api(request.path):
        chosen = chosen_language()
        if chosen:
            return chosen
    return request.accept_languages.best_match(LANGUAGES) or DEFAULT


#: Each language's Locale, made once: Flask-Babel parses what the selector returns on every
#: request, and parsing a tag looks for its locale data on disk (a Locale is taken as it is).
_LOCALES = {code: Locale.parse(code) for code in LANGUAGES}


def selected_locale() -> Locale:
    """``select_locale``'s language, as Flask-Babel takes it."""
    return _LOCALES[select_locale()]


def page_language() -> str:
    """The language of the page being rendered (for ``<html lang>``)."""
    return str(get_locale() or DEFAULT)


def reader(names: list[str] | None = None) -> Reader:
    """Who the sentences of this request are worded for: its language, the catalogue's
    translations, the pages' words for moves and the match's names (English outside a
    request)."""
    if not has_request_context():
        return ENGLISH
    return Reader(locale=page_language(), gettext=gettext, move_word=move_word, names=names)


def told(words: Words | str, names: list[str] | None = None) -> str:
    """A sentence the service said (an error, a refusal), in the reader's language; an
    engine's words in it name the players by ``names`` when they name nobody themselves."""
    return words if isinstance(words, str) else words.worded(reader(names))


def told_in(words: Words | str, locale: str) -> str:
    """A sentence in a language asked for outside a request (the command line's --lang)."""
    if isinstance(words, str):
        return words
    with speaking(locale):
        return words.worded(Reader(locale=locale, gettext=gettext, move_word=move_word))


@contextmanager
def speaking(locale: str) -> Iterator[None]:
    """Another language for a while (``force_locale``), with its own catalogue: the one kept
    for the request is set aside meanwhile, then taken back."""
    kept = g.pop(_TRANSLATIONS, None) if g else None
    try:
        with force_locale(locale):
            yield
    finally:
        if g:
            g.pop(_TRANSLATIONS, None)
            if kept is not None:
                setattr(g, _TRANSLATIONS, kept)


def schema_errors(errors: Any) -> Any:
    """A schema's ``errors`` (marshmallow's messages and ours) in the reader's language, the
    field paths as they are."""
    if not has_request_context() or page_language() == DEFAULT:
        return errors
    return schema_words.schema_errors(errors, gettext)


def language_links() -> list[dict[str, Any]]:
    """The switch: this same address in each language, the current one marked."""
    current = page_language()
    path = request.path if readable(request.path) else "/"
    links = []
    for code in LANGUAGES:
        args = request.args.to_dict(flat=False) if path == request.path else {}
        args["lang"] = [code]
        query = urlencode(args, doseq=True)
        links.append({"code": code, "name": NAMES[code], "url": f"{path}?{query}",
                      "current": code == current})
    return links


def readable(path: str) -> bool:
    """The address can be opened (GET): a page answering a form posted to an address that only
    takes forms switches language on the home page instead."""
    try:
        current_app.url_map.bind("").match(path, method="GET")
    except HTTPException as error:
        return isinstance(error, RequestRedirect)
    return True


def vary_on(response: Response, *headers: str) -> None:
    """``response.vary.update(headers)`` without parsing the header when the response varies
    on nothing yet, or already on each of them (werkzeug parses it again at every look)."""
    said = response.headers.get("Vary")
    if said is None:
        response.headers["Vary"] = ", ".join(headers)
    elif '"' in said or not {h.lower() for h in headers} <= {
            part.strip().lower() for part in said.split(",")}:
        response.vary.update(headers)


def keep_choice(response: Response) -> Response:
    """``?lang=`` is remembered, so every later page speaks the reader's choice."""
    vary_on(response, "Accept-Language")
    if is_api(request.path):  # the API follows Accept-Language only: no query to read
        return response
    asked = asked_language()
    if asked and request.cookies.get(COOKIE) != asked:
        response.set_cookie(COOKIE, asked, max_age=COOKIE_AGE, samesite="Lax",
                            httponly=True, secure=request.is_secure)
    return response


class RequestDomain(Domain):
    """Flask-Babel's domain, whose catalogue is looked up once per request (the gettext of the
    code, the templates' and the lazy strings go through it: Flask-Babel would look the domain,
    the locale and the catalogue up again for every string, and a page says hundreds); a
    sentence in another language inside a request goes through ``speaking``, which sets the
    kept catalogue aside."""

    def get_translations(self) -> Any:
        if not g:
            return super().get_translations()
        found = g.get(_TRANSLATIONS)
        if found is None:
            found = super().get_translations()
            setattr(g, _TRANSLATIONS, found)
        return found


def translation_directories(app: Flask) -> list[str]:
    """Where the compiled catalogues are: compiled now when an install left them missing or
    stale; into the instance folder when the package's own folder cannot be written."""
    try:
        catalogues.compile_all(catalogues.SOURCE)
        return [str(catalogues.SOURCE)]
    except OSError:
        target = Path(app.instance_path) / "translations"
        catalogues.compile_all(catalogues.SOURCE, target)
        return [str(target), str(catalogues.SOURCE)]


def init_app(app: Flask) -> None:
    app.config.setdefault("BABEL_DEFAULT_LOCALE", DEFAULT)
    app.config["BABEL_DEFAULT_TIMEZONE"] = app.config["TIMEZONE"]
    app.config["BABEL_TRANSLATION_DIRECTORIES"] = ";".join(translation_directories(app))
    babel = Babel(app, locale_selector=selected_locale)
    babel.domain_instance = RequestDomain(domain=get_babel(app).default_domain)
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: catalogue().ugettext(s),
        ngettext=lambda s, p, n: catalogue().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: catalogue().upgettext(c, s),
        npgettext=lambda c, s, p, n: catalogue().unpgettext(c, s, p, n))
    app.jinja_env.globals["_"] = app.jinja_env.globals["gettext"] = template_gettext
    app.jinja_env.globals["ngettext"] = template_ngettext
    app.after_request(keep_choice)
    app.jinja_env.globals.update(page_language=page_language, language_links=language_links)

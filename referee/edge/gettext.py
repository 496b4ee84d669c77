"""gettext for the code, the templates and the lazy strings: Flask-Babel's, reading the
catalogue the request keeps (``i18n.RequestDomain``). Flask-Babel looks the domain up in ``g``
again for every string; a page says hundreds. These read the catalogue kept for the request,
looked up by Flask-Babel once.

A catalogue string's fields are ``{name}``, filled by the one formatter
(``referee.service.messages.fill``, which words the engines' sentences too): in the code only
when variables are given (a string given none is shown as written, braces and all: the
schemas' messages, which marshmallow fills), in the templates always, as Jinja's own do.

Apart from ``i18n``, so that the words made with them (``moves``) and ``i18n``, which words
sentences with those words, do not import each other.
"""

from __future__ import annotations

from typing import Any

import flask_babel
from flask import g
from flask_babel.speaklater import LazyString
from jinja2 import pass_eval_context
from jinja2.nodes import EvalContext
from markupsafe import Markup

from referee.service.messages import fill

#: Where a request keeps its catalogue, in ``g``.
TRANSLATIONS = "referee_translations"


def catalogue() -> Any:
    """This request's catalogue (Flask-Babel's ``get_translations``, kept after the first)."""
    try:
        kept = g.get(TRANSLATIONS)
    except RuntimeError:  # outside an app's context: no request, nothing kept
        kept = None
    return kept if kept is not None else flask_babel.get_translations()


def gettext(string: str, /, **variables: Any) -> str:
    said = catalogue().ugettext(string)
    return fill(said, variables) if variables else str(said)


def ngettext(singular: str, plural: str, num: int, /, **variables: Any) -> str:
    variables.setdefault("num", num)
    return fill(catalogue().ungettext(singular, plural, num), variables)


def pgettext(context: str, string: str, /, **variables: Any) -> str:
    said = catalogue().upgettext(context, string)
    return fill(said, variables) if variables else str(said)


def lazy_gettext(string: str, /, **variables: Any) -> LazyString:
    """A sentence said in the language of whoever reads it (made once, read by many)."""
    return LazyString(gettext, string, **variables)


def lazy_pgettext(context: str, string: str, /, **variables: Any) -> LazyString:
    return LazyString(pgettext, context, string, **variables)


@pass_eval_context
def template_gettext(eval_ctx: EvalContext, string: str, /, **variables: Any) -> str:
    """The templates' ``_`` and ``gettext``: what Jinja's newstyle gettext does (the sentence
    looked up, marked safe on an HTML page, then its variables put in, escaped), in one call;
    Jinja's own makes three context calls for each of the hundreds of strings a page says.
    A sentence with no field and nothing to put in is as it is (``fill`` would give it back
    unchanged, at the price of a formatter)."""
    said = catalogue().ugettext(string)
    if not variables and "{" not in said and "}" not in said:
        return Markup(said) if eval_ctx.autoescape else str(said)
    return fill(Markup(said) if eval_ctx.autoescape else said, variables)


@pass_eval_context
def template_ngettext(eval_ctx: EvalContext, singular: str, plural: str, num: int, /,
                      **variables: Any) -> str:
    """The templates' ``ngettext``: the form agreeing with ``num``, filled as ``_`` fills."""
    said = catalogue().ungettext(singular, plural, num)
    variables.setdefault("num", num)
    return fill(Markup(said) if eval_ctx.autoescape else said, variables)

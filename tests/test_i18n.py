"""The templates' ``_`` and the code's gettext: the sentence in the reader's language, from
the catalogue the request keeps; on a page, its variables put in escaped, as Jinja's newstyle
gettext does."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from flask import Flask, render_template_string

from referee import create_app
from referee.edge import i18n


@pytest.fixture
def page_app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/t.sqlite3"})


def said(app: Flask, template: str, language: str = "en", **context: object) -> str:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return render_template_string(template, **context)


def test_a_sentence_reads_in_the_readers_language(page_app: Flask) -> None:
    template = '{{ _("Table before #{seq}", seq=7) }}'
    assert said(page_app, template, "en") == "Table before #7"
    assert said(page_app, template, "fr") == "La table avant le n° 7"


def test_the_variables_are_escaped_on_a_page(page_app: Flask) -> None:
    shown = said(page_app, '{{ _("by {seat}", seat=name) }}', name="<b>Bob</b>")
    assert shown == "by &lt;b&gt;Bob&lt;/b&gt;"


def test_the_variables_are_left_as_they_are_where_nothing_is_escaped(page_app: Flask) -> None:
    template = '{% autoescape false %}{{ _("by {seat}", seat=name) }}{% endautoescape %}'
    assert said(page_app, template, name="<b>Bob</b>") == "by <b>Bob</b>"


def test_a_sentence_is_a_format_string_even_without_variables(page_app: Flask) -> None:
    """Jinja's rule, in the catalogues' one syntax: ``{{`` reads as one brace whether
    variables are given or not, and a ``%`` is a ``%``."""
    assert said(page_app, '{{ _("{{100% sure}}") }}') == "{100% sure}"


def test_gettext_and_underscore_are_one(page_app: Flask) -> None:
    assert said(page_app, '{{ gettext("Table before #{seq}", seq=2) }}', "fr") == \
        said(page_app, '{{ _("Table before #{seq}", seq=2) }}', "fr")


# --- the code's gettext ------------------------------------------------------------------------


def in_request(app: Flask, language: str, say: Callable[[], str]) -> str:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return say()


def test_the_codes_gettext_reads_in_the_readers_language(page_app: Flask) -> None:
    assert in_request(page_app, "fr", lambda: i18n.gettext("yes")) == "oui"
    assert in_request(page_app, "en", lambda: i18n.gettext("yes")) == "yes"


def test_the_codes_gettext_puts_the_variables_in(page_app: Flask) -> None:
    said = in_request(page_app, "fr", lambda: i18n.gettext("Table before #{seq}", seq=3))
    assert said == "La table avant le n° 3"


def test_ngettext_picks_the_plural_by_number(page_app: Flask) -> None:
    def players(num: int) -> Callable[[], str]:
        return lambda: i18n.ngettext("{num} player", "{num} players", num)

    assert in_request(page_app, "fr", players(1)) == "1 joueur"
    assert in_request(page_app, "fr", players(4)) == "4 joueurs"


def test_pgettext_reads_the_sentence_of_its_context(page_app: Flask) -> None:
    assert in_request(page_app, "fr", lambda: i18n.pgettext("move", "Attack")) == "Attaquer"


def test_a_lazy_sentence_made_once_reads_in_each_readers_language(page_app: Flask) -> None:
    attack = i18n.lazy_pgettext("move", "Attack")  # made outside any request, like a label
    assert in_request(page_app, "fr", lambda: str(attack)) == "Attaquer"
    assert in_request(page_app, "en", lambda: str(attack)) == "Attack"


def test_another_language_for_a_while_inside_a_request(page_app: Flask) -> None:
    """``speaking``: a sentence for someone else (a French stream's 406), then back."""
    def say() -> str:
        before = i18n.gettext("yes")
        with i18n.speaking("fr"):
            meanwhile = i18n.gettext("yes")
        return f"{before} {meanwhile} {i18n.gettext('yes')}"

    assert in_request(page_app, "en", say) == "yes oui yes"


def test_outside_a_request_a_sentence_reads_as_written() -> None:
    assert i18n.gettext("yes") == "yes"

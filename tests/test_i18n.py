"""The templates' ``_``: the sentence in the reader's language, its variables put in escaped,
as Jinja's newstyle gettext does, straight from the request's catalogue."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask import Flask, render_template_string

from referee import create_app


@pytest.fixture
def page_app(tmp_path: Path) -> Flask:
    return create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/t.sqlite3"})


def said(app: Flask, template: str, language: str = "en", **context: object) -> str:
    with app.test_request_context("/", headers={"Accept-Language": language}):
        return render_template_string(template, **context)


def test_a_sentence_reads_in_the_readers_language(page_app: Flask) -> None:
    template = '{{ _("Table before #%(seq)s", seq=7) }}'
    assert said(page_app, template, "en") == "Table before #7"
    assert said(page_app, template, "fr") == "La table avant le n° 7"


def test_the_variables_are_escaped_on_a_page(page_app: Flask) -> None:
    shown = said(page_app, '{{ _("by %(seat)s", seat=name) }}', name="<b>Bob</b>")
    assert shown == "by &lt;b&gt;Bob&lt;/b&gt;"


def test_the_variables_are_left_as_they_are_where_nothing_is_escaped(page_app: Flask) -> None:
    template = '{% autoescape false %}{{ _("by %(seat)s", seat=name) }}{% endautoescape %}'
    assert said(page_app, template, name="<b>Bob</b>") == "by <b>Bob</b>"


def test_a_sentence_is_a_format_string_even_without_variables(page_app: Flask) -> None:
    """Jinja's rule: ``%%`` reads as one ``%`` whether variables are given or not."""
    assert said(page_app, '{{ _("100%% sure") }}') == "100% sure"


def test_gettext_and_underscore_are_one(page_app: Flask) -> None:
    assert said(page_app, '{{ gettext("Table before #%(seq)s", seq=2) }}', "fr") == \
        said(page_app, '{{ _("Table before #%(seq)s", seq=2) }}', "fr")

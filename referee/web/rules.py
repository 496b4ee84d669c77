"""The rule catalogues as pages: ``/rules/<game>``, clause by clause, each with its anchor, and
``/m/<id>/rules``, the same page with the match's options marked. And, for every page that
shows a verdict or a refusal, the clause its rule cites (``clause_of`` in the templates)."""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from flask import Blueprint, Flask, abort, current_app, render_template
from markupsafe import Markup, escape

from referee.edge import database
from referee.edge.clauses import book_data, clause_data
from referee.edge.wording import reader_locale
from referee.service import history, rulebook
from referee.service.messages import choice_label
from referee.web.filters import value_text

bp = Blueprint("rule_pages", __name__)


def _page(name: str, match: dict[str, Any] | None = None) -> str:
    """A catalogue's page, in the reader's language (404 for a game with none yet)."""
    if not rulebook.has(name):
        abort(404)
    options = match["options"] if match else None
    book = book_data(name, reader_locale(), options)
    return render_template("rules.html", book=book, match=match)


@bp.get("/rules/<name>")
def rules_page(name: str) -> str:
    """A game's rule catalogue (``referee``: the referee's own rules)."""
    return _page(name)


@bp.get("/m/<id:match_id>/rules")
def match_rules(match_id: int) -> str:
    """The match's game's catalogue, with the readings and option values its table plays."""
    match = history.get_match_dict(database(current_app), match_id)
    return _page(match["game"], match)


@lru_cache(maxsize=2048)
def _clause_view(rule: str, locale: str, game: str | None) -> dict[str, Any] | None:
    found = rulebook.find(rule, game)
    return clause_data(*found, locale) if found is not None else None


#: Where an app keeps each rule's tag as rendered, by rule, game and reader's language.
RULE_TAGS = "referee.rule_tags"
#: Past this many, the kept tags start again (rules come from stored verdicts).
RULE_TAGS_KEPT = 4096


def rule_tag(rule: Any, game: str | None = None) -> Markup:
    """A verdict's rule with its clause behind it (``_clause.html``'s ``rule_tag_made``),
    rendered once per rule, game and language: a page's two dozen verdicts cite a handful of
    clauses, and the same clause reads the same to every reader of one language."""
    if not isinstance(rule, str):
        return _rule_tag_made(rule, game)
    kept: dict[tuple[str, str | None, str], Markup] = current_app.extensions.setdefault(
        RULE_TAGS, {})
    key = (rule, game, reader_locale())
    found = kept.get(key)
    if found is None:
        if len(kept) >= RULE_TAGS_KEPT:
            kept.clear()
        found = kept[key] = _rule_tag_made(rule, game)
    return found


def _rule_tag_made(rule: Any, game: str | None) -> Markup:
    module: Any = current_app.jinja_env.get_template("_clause.html").module
    return Markup(module.rule_tag_made(rule, game))


def clause_of(rule: Any, game: str | None = None) -> dict[str, Any] | None:
    """The clause a verdict's rule cites, worded for this page's reader (None: no catalogue
    holds it yet)."""
    if not isinstance(rule, str) or not rule:
        return None
    return _clause_view(rule, reader_locale(), game)


_CODE = re.compile(r"`([^`]+)`")
_STRONG = re.compile(r"\*\*([^*]+)\*\*")


def prose(text: str | None) -> Markup:
    """A catalogue's Markdown prose (preambles, intros, what a clause says) as plain HTML: its
    paragraphs and tables, ``code`` and **strong**."""
    blocks = []
    for block in re.split(r"\n\s*\n", (text or "").strip()):
        if block.lstrip().startswith("|"):
            blocks.append(_table(block))
        elif block:
            blocks.append(f"<p>{_inline(block)}</p>")
    return Markup("\n".join(blocks))


def _inline(text: str) -> str:
    return _STRONG.sub(r"<strong>\1</strong>", _CODE.sub(r"<code>\1</code>", str(escape(text))))


def _table(block: str) -> str:
    """A Markdown table (its first row the heading, its ``|---|`` line skipped), in a region a
    keyboard can scroll when it is wider than a phone."""
    rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
            for line in block.strip().splitlines()
            if not re.fullmatch(r"\s*\|?[\s:|-]+\|?\s*", line)]
    head, *body = rows or [[]]
    html = "<tr>" + "".join(f"<th>{_inline(c)}</th>" for c in head) + "</tr>" + "".join(
        "<tr>" + "".join(f"<td>{_inline(c)}</td>" for c in row) + "</tr>" for row in body)
    return f'<div class="md-table" tabindex="0"><table>{html}</table></div>'



def played_word(game: str, option: str, value: Any) -> str:
    """A match's value of an option, in words: its choice's label, yes/no, or — (unset)."""
    if isinstance(value, str) and value:
        return choice_label(game, option, value, reader_locale())
    return value_text(value)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.jinja_env.globals.update(clause_of=clause_of, rule_tag=rule_tag,
                                 rules_exist=rulebook.has, played_word=played_word)
    app.jinja_env.filters.update(prose=prose, quoted=rulebook.quoted)

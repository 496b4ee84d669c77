"""The rule catalogues as data (``referee.service.rulebook``): each loads, the referee's own
rules are not a game, ``docs/rules/*.md`` are what the catalogues make, and the Markdown gives
a rendering only where its language is not the text's."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import ROOT
from referee.service import rulebook

#: The rule texts: ``shared/rules`` beside the checkout (or in a folder above it).
TEXTS = next((p / "shared" / "rules" for p in Path(ROOT).resolve().parents
              if (p / "shared" / "rules").is_dir()), Path("shared/rules"))


def test_the_docs_are_what_the_catalogues_make() -> None:
    """``python -m referee.service.rulebook --check`` (CI runs it too)."""
    assert rulebook.main(["--check", "--docs", str(ROOT / "docs" / "rules")]) == 0


@pytest.mark.skipif(not TEXTS.exists(), reason="the rule texts are not beside the checkout")
def test_every_quotation_is_its_text_word_for_word() -> None:
    for name in rulebook.catalogues():
        assert rulebook.misquoted(rulebook.rulebook(name), TEXTS) == [], name


@pytest.mark.parametrize("name", rulebook.catalogues())
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_markdown_renders_a_quote_only_in_another_language(name: str, lang: str) -> None:
    book = rulebook.rulebook(name)
    text = rulebook.markdown(book, lang)
    for clause in book.clauses.values():
        assert f"**{clause.id}**" in text and clause.says[lang] in text
        if clause.quote:
            assert rulebook.quoted(clause.quote.strip(), book.language) in text
            assert (f"(*{clause.rendering}*)" in text) == (book.language != lang), clause.id


def test_the_referees_own_rules_are_not_a_game() -> None:
    """REF: voids, take-backs, challenges, rulings and abandons cite ``referee.toml``,
    rulings only, which the games' list leaves out."""
    book = rulebook.rulebook("referee")
    assert book.platform and book.source is None
    assert "referee" in rulebook.catalogues() and "referee" not in rulebook.games()
    assert all(c.quote is None and c.ruling for c in book.clauses.values())


def test_a_quote_goes_with_its_rendering() -> None:
    with pytest.raises(ValueError, match="X-1: a quote goes with its rendering"):
        rulebook.parse('game = "x"\n[source]\nfile = "x.txt"\ntitle = "X"\ncredit = "c"\n'
                       'language = "fr"\n[title]\nen = "X"\nfr = "X"\n[[sections]]\nkey = "a"\n'
                       'title = { en = "A", fr = "A" }\n[[clauses]]\nid = "X-1"\nsection = "a"\n'
                       'quote = "Q"\nsays = { en = "s", fr = "s" }\n')


def test_a_clause_without_french_is_refused() -> None:
    with pytest.raises(ValueError, match="X-1 says: no wording in fr"):
        rulebook.parse('game = "x"\nplatform = true\n[title]\nen = "X"\nfr = "X"\n'
                       '[[sections]]\nkey = "a"\ntitle = { en = "A", fr = "A" }\n[[clauses]]\n'
                       'id = "X-1"\nsection = "a"\nsays = { en = "s" }\n')


def test_a_clause_is_found_from_its_id_alone() -> None:
    """The append's answer knows a verdict's rule, not its game: the catalogue holding it."""
    for name in rulebook.catalogues():
        for cid in rulebook.rulebook(name).clauses:
            found = rulebook.find(cid)
            assert found is not None and found[0].game == name
    assert rulebook.find("NO-SUCH-1") is None and rulebook.find(None) is None

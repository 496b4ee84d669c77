"""CrocoNounours's rule catalogue (``referee/rules/croconounours.toml``) quotes the published
text word for word, reads in both languages, and holds every clause the engine cites (DESIGN.md:
every verdict names a rule id from the project's own catalogue; the French text is the
authority)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.engines import REGISTRY
from referee.service.rulebook import LANGUAGES, Clause, Rulebook, rulebook
from tests.engines.test_catalogues import CITED, CLAUSE, engine_sources

GAME = "croconounours"
ROOT = Path(__file__).resolve().parents[2]
#: The published rule texts sit beside the checkouts (``shared/rules``), not in the package.
RULES = next((folder / "shared" / "rules" for folder in Path(__file__).resolve().parents
              if (folder / "shared" / "rules").is_dir()), None)
BOOK: Rulebook = rulebook(GAME)
QUOTED = [c for c in BOOK.clauses.values() if c.quote]


def flat(text: str) -> str:
    """Line breaks and runs of spaces count as one space (the text file wraps paragraphs)."""
    return re.sub(r"\s+", " ", text).strip()


@pytest.fixture(scope="module")
def rule_text() -> str:
    if RULES is None:
        pytest.skip("the published rule texts (shared/rules) are not beside this checkout")
    return flat((RULES / BOOK.source.file).read_text(encoding="utf-8"))


@pytest.mark.parametrize("clause", QUOTED, ids=lambda c: c.id)
def test_every_quote_is_copied_word_for_word_from_the_rule_text(clause: Clause,
                                                                rule_text: str) -> None:
    """A quote's pieces (joined with « … ») each appear verbatim in croconounours.fr.txt."""
    assert clause.quote is not None
    missing = [piece for piece in clause.quote.split(" … ") if flat(piece) not in rule_text]
    assert not missing, f"{clause.id}: not in {BOOK.source.file}: {missing}"


def test_the_source_is_the_french_text() -> None:
    """The rule text is French (the rule texts' README: the French originals are the spec)."""
    assert (BOOK.source.file, BOOK.source.language) == ("croconounours.fr.txt", "fr")


@pytest.mark.parametrize("clause", list(BOOK.clauses.values()), ids=lambda c: c.id)
def test_every_clause_reads_in_english_and_french(clause: Clause) -> None:
    """What the referee makes of a clause, its ruling and each reading are worded in both
    languages, and the French is not the English copied."""
    wordings = [clause.says, *([clause.ruling] if clause.ruling else []),
                *(r.says for r in clause.readings)]
    for worded in wordings:
        assert all(worded[lang].strip() for lang in LANGUAGES), clause.id
        assert worded["en"] != worded["fr"], clause.id


@pytest.mark.parametrize("clause", list(BOOK.clauses.values()), ids=lambda c: c.id)
def test_a_clause_without_a_quote_is_a_ruling(clause: Clause) -> None:
    """Where the text is silent, the table reads the project's decision instead."""
    assert clause.quote is not None or clause.ruling is not None, clause.id
    assert (clause.quote is None) == (clause.rendering is None), clause.id


def test_every_rule_the_engine_cites_is_in_the_catalogue() -> None:
    """Every ``CN-…`` id in the engine's code and its quick scoring (``rounds.py``) has its
    clause in the TOML."""
    engine = REGISTRY[GAME]
    source = engine_sources(engine) + (ROOT / "referee/engines/croconounours/rounds.py").read_text()
    cited = set(CITED.findall(source))
    assert cited and not cited - set(BOOK.clauses), sorted(cited - set(BOOK.clauses))


def test_the_catalogue_page_lists_the_clauses_of_the_toml_in_order() -> None:
    """docs/rules/croconounours.md is made from the TOML: the same ids, in the same order."""
    page = (ROOT / REGISTRY[GAME].catalogue).read_text(encoding="utf-8")
    assert CLAUSE.findall(page) == list(BOOK.clauses)


def test_every_option_a_clause_names_is_a_match_option() -> None:
    """``options`` and readings name options the match accepts (the engine's options schema),
    and a reading's option is among its clause's options."""
    accepted = set(REGISTRY[GAME].options_schema().fields)
    for clause in BOOK.clauses.values():
        assert set(clause.options) <= accepted, clause.id
        assert {r.option for r in clause.readings} <= set(clause.options), clause.id


def test_the_default_reading_is_what_a_match_gets_without_the_option() -> None:
    """A clause whose readings describe an option's values marks exactly one as the default:
    the value the options schema gives a match that leaves the option out."""
    fields = REGISTRY[GAME].options_schema().fields
    for clause in BOOK.clauses.values():
        for option in {r.option for r in clause.readings}:
            defaults = [r.value for r in clause.readings if r.option == option and r.default]
            given = fields[option].load_default
            written = str(given).lower() if isinstance(given, bool) else str(given)
            assert defaults == [written], (clause.id, option, defaults, written)

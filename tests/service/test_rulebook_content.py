"""Every game's catalogue as data (``referee/rules/<game>.toml``): what a table reads under a
verdict is the rule text's own sentence, worded in both languages, and every rule the engine
cites is there.

The rule texts are the specification (``shared/rules`` beside the checkout, README.md there);
a quotation the text does not hold would put words in its authors' mouths.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.engines import REGISTRY, rounds_engine
from referee.service.rulebook import LANGUAGES, Clause, Rulebook, rulebook
from tests.engines.test_catalogues import CITED, CLAUSE, engine_sources

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(REGISTRY)
#: A variant's catalogue adds to its base's (the teams game cites the individual game's).
BASES = {"citroncoco-teams": "citroncoco"}


def flat(text: str) -> str:
    """Whitespace and line breaks only normalised: the rest must be the text's, letter for
    letter (its apostrophes, its accents, its spelling mistakes)."""
    return " ".join(text.split())


def known_ids(game: str) -> set[str]:
    ids = set(rulebook(game).clauses)
    return ids | known_ids(BASES[game]) if game in BASES else ids


@pytest.fixture(params=GAMES)
def book(request: pytest.FixtureRequest) -> Rulebook:
    return rulebook(request.param)


def quoted(book: Rulebook) -> list[Clause]:
    return [c for c in book.clauses.values() if c.quote]


def test_quotes_are_rendered_in_the_other_language(book: Rulebook) -> None:
    """A French text is quoted in French with an English rendering (the teams text the other
    way round), never the same words."""
    assert book.source.language in LANGUAGES
    for clause in quoted(book):
        assert clause.rendering and flat(clause.rendering) != flat(clause.quote or ""), clause.id


def test_a_clause_the_text_is_silent_on_carries_the_projects_ruling(book: Rulebook) -> None:
    """Without a quotation the clause is the project's decision: its ruling says so."""
    silent = [c.id for c in book.clauses.values() if c.is_ruling and c.ruling is None]
    assert not silent, f"{book.game}: clauses with neither quotation nor ruling: {silent}"


def test_every_clause_reads_in_english_and_french(book: Rulebook) -> None:
    """What the referee makes of a clause, its ruling and each reading exist in both languages
    and are not the same words (a French that is the English copied is no French)."""
    for clause in book.clauses.values():
        wordings = [clause.says, *([clause.ruling] if clause.ruling else []),
                    *(r.says for r in clause.readings)]
        for worded in wordings:
            assert set(worded) == set(LANGUAGES), clause.id
            assert worded["en"] != worded["fr"], (clause.id, worded["en"])


def test_sections_title_and_preamble_read_in_both_languages(book: Rulebook) -> None:
    """Titles may be the same words (« Notation »); the prose around the clauses may not."""
    assert all(s.title["en"] and s.title["fr"] for s in book.sections)
    for worded in [book.title, book.preamble, *(s.intro for s in book.sections if s.intro)]:
        assert worded["en"] and worded["fr"] and worded["en"] != worded["fr"], worded["en"]
    assert all(any(True for _ in book.in_section(s.key)) or s.intro for s in book.sections)


def test_options_are_the_matchs_and_the_default_reading_is_the_schemas(book: Rulebook) -> None:
    """``options`` name options a match accepts (the engine's options schema); a clause whose
    readings describe an option's values marks exactly one as the default: the value the
    schema gives a match that leaves the option out."""
    fields = REGISTRY[book.game].options_schema().fields
    for clause in book.clauses.values():
        assert set(clause.options) <= set(fields), clause.id
        for option in {r.option for r in clause.readings}:
            assert option in clause.options, (clause.id, option)
            defaults = [r.value for r in clause.readings if r.option == option and r.default]
            given = fields[option].load_default
            if callable(given):  # a made default (a deck, a split in teams): said in words
                assert len(defaults) == 1, (clause.id, option, defaults)
                continue
            written = str(given).lower() if isinstance(given, bool) else str(given)
            assert defaults == [written], (clause.id, option, defaults, written)


def test_every_rule_the_engine_cites_is_in_the_catalogue(book: Rulebook) -> None:
    """Verdicts and refusals name clauses a table can read (the engine and its quick scoring,
    which cites the clauses of the games it serves)."""
    engine, rounds = REGISTRY[book.game], rounds_engine(book.game)
    cited = set(CITED.findall(engine_sources(engine)))
    rounds_file = Path(__import__(type(rounds).__module__, fromlist=["_"]).__file__ or "")
    cited |= {c for c in CITED.findall(rounds_file.read_text())
              if c.split("-")[0] == next(iter(book.clauses)).split("-")[0]}
    assert cited and not cited - known_ids(book.game), sorted(cited - known_ids(book.game))


def test_the_clauses_are_those_of_the_catalogue_page(book: Rulebook) -> None:
    """docs/rules/<game>.md, made from the TOML, lists the same clauses in order."""
    page = (ROOT / "docs" / "rules" / f"{book.game}.md").read_text(encoding="utf-8")
    assert CLAUSE.findall(page) == list(book.clauses)


def test_cross_references_lead_to_clauses(book: Rulebook) -> None:
    """A « see PL-FIN-1 » in any wording names a clause the game's catalogues hold."""
    prefix = next(iter(book.clauses)).split("-")[0]
    words = " ".join(w for c in book.clauses.values()
                     for w in [*c.says.values(), *(c.ruling or {}).values(),
                               *(v for r in c.readings for v in r.says.values())])
    named = set(re.findall(rf"\b{prefix}-[A-Z0-9]+-[0-9]+\b", words))
    assert not named - known_ids(book.game), sorted(named - known_ids(book.game))

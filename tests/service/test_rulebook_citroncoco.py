"""CitronCoco's rule catalogues as data (``referee/rules/citroncoco*.toml``): every quotation is
the published text's own sentence, every wording is there in English and French, and every rule
the engines cite has its clause (DESIGN.md: every verdict names a rule id from the catalogue)."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.engines import REGISTRY
from referee.service.rulebook import LANGUAGES, Rulebook, rulebook
from tests.engines.test_catalogues import CITED, CLAUSE, ROOT, engine_sources

GAMES = ["citroncoco", "citroncoco-teams"]
#: A game whose catalogue points to another's for what it does not change.
BASES = {"citroncoco-teams": "citroncoco"}
ROUNDS = ROOT / "referee/engines/citroncoco/rounds.py"


def rule_texts() -> Path | None:
    """The folder of the published rule texts, kept beside the checkout (``shared/rules``)."""
    here = Path(__file__).resolve()
    found = [p / "shared" / "rules" for p in here.parents if (p / "shared" / "rules").is_dir()]
    return found[0] if found else None


def flat(text: str) -> str:
    """Whitespace and line breaks made single spaces: the only liberty a quotation takes."""
    return " ".join(text.split())


def known_ids(game: str) -> set[str]:
    """The ids a game's verdicts may cite: its catalogue's, and its base game's."""
    ids = set(rulebook(game).clauses)
    if game in BASES:
        ids |= set(rulebook(BASES[game]).clauses)
    return ids


@pytest.fixture(params=GAMES)
def book(request: pytest.FixtureRequest) -> Rulebook:
    return rulebook(request.param)


def test_every_quote_is_in_the_rule_text(book: Rulebook) -> None:
    """A clause quotes the text word for word; pieces joined by « … » are checked one by one."""
    folder = rule_texts()
    if folder is None:
        pytest.skip("the rule texts (shared/rules) are not beside this checkout")
    text = flat((folder / book.source.file).read_text(encoding="utf-8"))
    missing = [(c.id, piece) for c in book.clauses.values() if c.quote
               for piece in c.quote.split(" … ") if flat(piece) not in text]
    assert not missing, f"{book.game}: quotes not in {book.source.file}: {missing}"


def test_every_quote_has_a_rendering_and_every_unquoted_clause_a_ruling(book: Rulebook) -> None:
    """A table reads either the text's sentence (and its rendering) or the project's ruling."""
    bare = [c.id for c in book.clauses.values()
            if (c.quote and not (c.rendering or "").strip()) or (not c.quote and not c.ruling)]
    assert not bare, f"{book.game}: clauses with neither a rendered quote nor a ruling: {bare}"


def test_every_wording_is_in_english_and_french(book: Rulebook) -> None:
    """Titles, preamble, intros, clauses, rulings and readings read in both languages, and
    the French is not the English copied over."""
    worded = [("title", book.title), ("preamble", book.preamble)]
    worded += [(f"section {s.key}", w) for s in book.sections for w in (s.title, s.intro) if w]
    for c in book.clauses.values():
        worded += [(c.id, c.says)] + ([(f"{c.id} ruling", c.ruling)] if c.ruling else [])
        worded += [(f"{c.id} {r.option}={r.value}", r.says) for r in c.readings]
    untranslated = [where for where, w in worded
                    if not all(w.get(lang, "").strip() for lang in LANGUAGES) or w["en"] == w["fr"]]
    assert not untranslated, f"{book.game}: not worded in both languages: {untranslated}"


def test_every_reading_is_of_an_option_the_clause_names(book: Rulebook) -> None:
    stray = [(c.id, r.option) for c in book.clauses.values() for r in c.readings
             if r.option not in c.options]
    assert not stray, f"{book.game}: readings of options the clause does not name: {stray}"


@pytest.mark.parametrize("game", GAMES)
def test_every_rule_the_engine_cites_is_in_the_catalogue(game: str) -> None:
    """The teams engine cites the individual game's clauses too: its catalogue points there."""
    missing = set(CITED.findall(engine_sources(REGISTRY[game]))) - known_ids(game)
    assert not missing, f"{game} cites rules its catalogue lacks: {sorted(missing)}"


def test_every_rule_quick_scoring_cites_is_in_a_catalogue() -> None:
    """``rounds.py`` serves both games: what it cites is in one of their catalogues."""
    missing = set(CITED.findall(ROUNDS.read_text())) - set().union(*map(known_ids, GAMES))
    assert not missing, f"quick scoring cites rules no catalogue has: {sorted(missing)}"


@pytest.mark.parametrize("game", GAMES)
def test_the_markdown_catalogue_lists_the_same_clauses(game: str) -> None:
    """``docs/rules/<game>.md`` is made from the TOML: same ids, same order."""
    listed = CLAUSE.findall((ROOT / "docs/rules" / f"{game}.md").read_text(encoding="utf-8"))
    assert listed == list(rulebook(game).clauses)


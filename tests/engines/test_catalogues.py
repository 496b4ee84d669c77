"""Each verdict's rule id leads to its clause, and each clause to a test (DESIGN.md: every
verdict names a rule id from the project's own rule catalogue). The clause ids are read from
the catalogues themselves (``referee/rules/<game>.toml`` through ``referee.service.rulebook``)."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from referee.engines import REGISTRY, rounds_engine
from referee.engines.base import Engine
from referee.engines.messages import Message
from referee.service import rulebook
from referee.service.messages import render

ROOT = Path(__file__).resolve().parents[2]
CLAUSE = re.compile(r"^- \*\*([A-Z]+(?:-[A-Z0-9]+)+)\*\*", re.MULTILINE)
CITED = re.compile(r"""["']((?:CC|CCT|NT|CN|PL)-[A-Z0-9]+(?:-[A-Z0-9]+)*)["']""")
TESTS = {"citroncoco": "citroncoco/test_*.py", "citroncoco-teams": "citroncoco/test_teams*.py",
         "neurotrio": "neurotrio/test_*.py", "croconounours": "croconounours/test_*.py",
         "plouc": "plouc/test_*.py"}


def own_clauses(catalogue: str) -> set[str]:
    """The clause ids of one catalogue (``docs/rules/<game>.md`` names its game)."""
    return set(rulebook.rulebook(Path(catalogue).stem).clauses)


def clauses(engine: Engine) -> set[str]:
    ids = own_clauses(engine.catalogue)
    for parent in type(engine).__mro__[1:]:  # a variant's catalogue points to its base's
        if getattr(parent, "catalogue", engine.catalogue) != engine.catalogue:
            ids |= own_clauses(parent.catalogue)
    return ids


def engine_sources(engine: Engine) -> str:
    """The engine's own code: its module, or its package less its variants' modules (other
    games' engines and the rounds-only ``rounds.py``)."""
    module_file = Path(inspect.getsourcefile(type(engine)) or "")
    if module_file.parent.name == "engines":
        return module_file.read_text()
    others = [*REGISTRY.values(), *(rounds_engine(g) for g in REGISTRY)]
    variants = {Path(inspect.getsourcefile(type(other)) or "") for other in others
                if not isinstance(engine, type(other))}
    files = [f for f in module_file.parent.glob("*.py") if f not in variants]
    return "\n".join(f.read_text() for f in files)


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_rule_the_engine_cites_is_in_its_catalogue(game: str) -> None:
    engine = REGISTRY[game]
    missing = set(CITED.findall(engine_sources(engine))) - clauses(engine)
    assert not missing, f"{game} cites rules its catalogue lacks: {sorted(missing)}"


@pytest.mark.parametrize("module", ["citroncoco", "neurotrio", "croconounours", "plouc"])
def test_every_rule_the_rounds_engine_cites_is_in_its_catalogue(module: str) -> None:
    """Quick scoring (each game's ``rounds.py``) cites the clauses of the games it serves:
    the « Quick scoring » sections (CC-RND-1…) and the rules it applies."""
    served = [g for g in REGISTRY
              if type(rounds_engine(g)).__module__ == f"referee.engines.{module}.rounds"]
    assert served, module
    known = set().union(*(clauses(REGISTRY[g]) for g in served))
    source = (ROOT / "referee/engines" / module / "rounds.py").read_text()
    cited = set(CITED.findall(source))
    missing = cited - known
    assert cited and not missing, f"{module}/rounds.py cites rules its catalogues lack: {missing}"


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_clause_of_the_catalogue_has_a_test_citing_it(game: str) -> None:
    engine = REGISTRY[game]
    own = own_clauses(engine.catalogue)
    tests = "\n".join(p.read_text() for p in (ROOT / "tests/engines").glob(TESTS[game]))
    untested = {c for c in own if not re.search(rf"{re.escape(c)}(?![0-9])", tests)}
    assert not untested, f"{game} clauses with no test citing them: {sorted(untested)}"


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_reportable_missplays_are_clauses(game: str) -> None:
    engine = REGISTRY[game]
    assert set(engine.reportable_missplays) <= clauses(engine)


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_reportable_missplays_are_described_in_both_languages(game: str) -> None:
    """The host picks a fault from the game's list in the reader's language: each is described
    by a message, never an English sentence in the engine, and reads in English and French."""
    engine = REGISTRY[game]
    for rule, said in engine.reportable_missplays.items():
        assert isinstance(said, Message), (rule, said)
        english, french = render(said, locale="en"), render(said, locale="fr")
        assert english and french and english != french, (rule, english, french)


PLATFORM = re.compile(r"""["'](PLATFORM-[A-Z0-9]+(?:-[A-Z0-9]+)*)["']""")


def test_every_rule_the_referee_itself_cites_is_in_its_own_catalogue() -> None:
    """The verdicts and refusals the platform makes (a void, a take-back, a challenge, a
    ruling, an abandon: ``referee.service``) cite clauses of ``referee/rules/referee.toml``,
    which is not a game's."""
    cited = {rule for path in (ROOT / "referee/service").glob("*.py")
             for rule in PLATFORM.findall(path.read_text())}
    book = rulebook.rulebook("referee")
    assert cited and book.platform and "referee" not in rulebook.games()
    assert cited <= set(book.clauses), sorted(cited - set(book.clauses))


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_every_clause_the_engine_cites_leads_to_one_catalogue(game: str) -> None:
    """A verdict's clause is found from its id alone (the append's answer does not know the
    game): no two catalogues hold the same id, and the one holding a cited clause is the
    game's own or its base game's."""
    owners: dict[str, list[str]] = {}
    for name in rulebook.catalogues():
        for cid in rulebook.rulebook(name).clauses:
            owners.setdefault(cid, []).append(name)
    assert all(len(names) == 1 for names in owners.values()), owners
    engine = REGISTRY[game]
    books = {Path(c).stem for c in [engine.catalogue, *(getattr(p, "catalogue", "")
                                                        for p in type(engine).__mro__[1:])] if c}
    for cid in set(CITED.findall(engine_sources(engine))) & set(owners):
        found = rulebook.find(cid, game)
        assert found is not None and found[0].game in books, (cid, found and found[0].game)

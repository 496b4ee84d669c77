"""The rule catalogue as data: each game's clauses, quoted from its rule text and explained.

One TOML file per game in ``referee/rules/<game>.toml`` (shipped in the package) holds what a
table reads under a verdict: the clause's id, the sentence of the published text it rests on
(``quote``, in the text's language, never the whole text) with a rendering in the other
language, what the referee makes of it (``says``, in English and French), and where the text
is silent the project's decision (``ruling``, both languages). ``options`` names the match
options that change the clause; ``readings`` says what each value of them means. The pages,
the API and ``docs/rules/<game>.md`` (``python -m referee.service.rulebook``) are made from it.

A catalogue with ``platform = true`` (``referee.toml``) is not a game: the referee's own
rules (voids, challenges, rulings, abandons), rulings only, with no source text.

The file's shape::

    game = "plouc"
    [source]                 # the text the quotations come from
    file = "carte-et-plouc.fr.txt"
    title = "Le Carte et Plouc de Charlotte"
    credit = "Association 7-77, 2013"
    language = "fr"
    [title]                  # the catalogue's title, per language
    en = "…" ; fr = "…"
    [preamble]               # markdown before the first section, per language
    en = "…" ; fr = "…"
    [[sections]]
    key = "turn"
    title = { en = "A turn", fr = "Un tour" }
    intro = { en = "…", fr = "…" }          # optional markdown before its clauses
    [[clauses]]
    id = "PL-TURN-2"
    section = "turn"
    quote = "S'il ne peut pas jouer, il pioche une carte et passe son tour."   # optional
    rendering = "If they cannot play, they draw a card and pass their turn."  # with quote
    says = { en = "…", fr = "…" }
    ruling = { en = "…", fr = "…" }         # optional: the text is silent, the project decided
    options = ["hand_size"]                 # optional
    [[clauses.readings]]                    # optional, one per value of an option
    option = "aces" ; value = "previous_card" ; default = true
    en = "…" ; fr = "…"
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from referee.service.errors import NotFound
from referee.service.sentences import sentence

#: The languages every wording of the catalogue is kept in.
LANGUAGES = ("en", "fr")


@dataclass(frozen=True)
class Reading:
    """What one value of an option makes of a clause."""

    option: str
    value: str
    default: bool
    says: Mapping[str, str]


@dataclass(frozen=True)
class Clause:
    """One numbered clause: the text's sentence, what it means here, and any ruling."""

    id: str
    section: str
    says: Mapping[str, str]
    quote: str | None = None
    rendering: str | None = None
    ruling: Mapping[str, str] | None = None
    options: tuple[str, ...] = ()
    readings: tuple[Reading, ...] = ()

    @property
    def is_ruling(self) -> bool:
        """The text is silent here: what the table reads is the project's decision."""
        return self.quote is None


@dataclass(frozen=True)
class Section:
    key: str
    title: Mapping[str, str]
    intro: Mapping[str, str] | None = None


@dataclass(frozen=True)
class Source:
    """The published text the quotations come from (kept whole only outside the package)."""

    file: str
    title: str
    credit: str
    language: str


@dataclass(frozen=True)
class Rulebook:
    game: str
    source: Source | None
    title: Mapping[str, str]
    preamble: Mapping[str, str]
    sections: tuple[Section, ...]
    clauses: Mapping[str, Clause] = field(default_factory=dict)
    platform: bool = False

    def in_section(self, key: str) -> Iterator[Clause]:
        return (c for c in self.clauses.values() if c.section == key)

    @property
    def language(self) -> str | None:
        """The language its quotations are in (None: it quotes nothing)."""
        return self.source.language if self.source else None


def _worded(raw: Mapping[str, Any] | None, where: str) -> Mapping[str, str] | None:
    if raw is None:
        return None
    missing = [lang for lang in LANGUAGES if not str(raw.get(lang, "")).strip()]
    if missing:
        raise ValueError(f"{where}: no wording in {', '.join(missing)}")
    return {lang: str(raw[lang]).strip() for lang in LANGUAGES}


def _clause(raw: Mapping[str, Any], sections: set[str]) -> Clause:
    cid = raw["id"]
    if raw["section"] not in sections:
        raise ValueError(f"{cid}: unknown section {raw['section']!r}")
    if (raw.get("quote") is None) != (raw.get("rendering") is None):
        raise ValueError(f"{cid}: a quote goes with its rendering")
    readings = tuple(
        Reading(r["option"], str(r["value"]), bool(r.get("default", False)),
                _worded(r, f"{cid} reading {r['option']}={r['value']}") or {})
        for r in raw.get("readings", ()))
    says = _worded(raw["says"], f"{cid} says")
    assert says is not None
    return Clause(id=cid, section=raw["section"], says=says, quote=raw.get("quote"),
                  rendering=raw.get("rendering"),
                  ruling=_worded(raw.get("ruling"), f"{cid} ruling"),
                  options=tuple(raw.get("options", ())), readings=readings)


def parse(text: str) -> Rulebook:
    """A catalogue from its TOML; a malformed one is a ValueError naming the clause."""
    raw = tomllib.loads(text)
    sections = tuple(Section(s["key"], _worded(s["title"], f"section {s['key']}") or {},
                             _worded(s.get("intro"), f"section {s['key']} intro"))
                     for s in raw["sections"])
    keys = {s.key for s in sections}
    clauses: dict[str, Clause] = {}
    for entry in raw.get("clauses", ()):
        clause = _clause(entry, keys)
        if clause.id in clauses:
            raise ValueError(f"{clause.id}: twice in the catalogue")
        clauses[clause.id] = clause
    platform = bool(raw.get("platform", False))
    if not platform and "source" not in raw:
        raise ValueError(f"{raw['game']}: a game's catalogue names its source text")
    if platform and any(c.quote for c in clauses.values()):
        raise ValueError(f"{raw['game']}: the referee's own rules quote no text")
    return Rulebook(game=raw["game"],
                    source=Source(**raw["source"]) if "source" in raw else None,
                    title=_worded(raw["title"], "title") or {},
                    preamble=_worded(raw.get("preamble", {"en": "-", "fr": "-"}), "preamble")
                    or {}, sections=sections, clauses=clauses, platform=platform)


@cache
def catalogues() -> tuple[str, ...]:
    """Every catalogue file's name: the games' and the referee's own (``referee``)."""
    folder = resources.files("referee") / "rules"
    return tuple(sorted(p.name.removesuffix(".toml") for p in folder.iterdir()
                        if p.name.endswith(".toml")))


def games() -> list[str]:
    """The games that have a catalogue file (the referee's own rules are not a game)."""
    return [name for name in catalogues() if not rulebook(name).platform]


def has(name: str) -> bool:
    """Whether ``name`` (a game, or the referee's own rules) has a catalogue."""
    return name in catalogues()


@cache
def rulebook(game: str) -> Rulebook:
    """A game's catalogue, read once per process; KeyError for one without a file."""
    if game not in catalogues():
        raise KeyError(game)
    path = resources.files("referee") / "rules" / f"{game}.toml"
    return parse(path.read_text(encoding="utf-8"))


@cache
def _owners() -> Mapping[str, str]:
    """Each clause id, and the catalogue that holds it."""
    return {cid: name for name in catalogues() for cid in rulebook(name).clauses}


def find(rule: str | None, game: str | None = None) -> tuple[Rulebook, Clause] | None:
    """The clause a verdict cites, and its catalogue: the game's own first, then any other
    (a variant cites its base game's clauses, every game the referee's own); None when no
    catalogue holds it yet."""
    if not rule:
        return None
    if game is not None and game in catalogues() and rule in rulebook(game).clauses:
        book = rulebook(game)
    elif (owner := _owners().get(rule)) is not None:
        book = rulebook(owner)
    else:
        return None
    return book, book.clauses[rule]


def catalogue(name: str) -> Rulebook:
    """A catalogue asked for by its game's id (or the referee's own): NotFound (404) for a
    game that has none yet, or for no game at all."""
    if name in catalogues():
        return rulebook(name)
    from referee.service.games import game_ids  # the engines: only for the refusal's words

    if name in game_ids():
        raise NotFound(sentence("{game} has no rule catalogue yet.", game=repr(name)),
                       where="game_id")
    raise NotFound(sentence("There is no game {game}.", game=repr(name)), where="game_id")


def clause(name: str, clause_id: str) -> tuple[Rulebook, Clause]:
    """One clause of a catalogue; NotFound (404) naming where the catalogue's clauses are."""
    book = catalogue(name)
    if clause_id not in book.clauses:
        raise NotFound(sentence("{game}'s rule catalogue has no clause {clause}; its clauses "
                                "are listed at /api/games/{game}/rules.", game=name,
                                clause=repr(clause_id)), where="clause_id")
    return book, book.clauses[clause_id]


def quoted(text: str, language: str | None) -> str:
    """A quotation marked as its language writes it: « … » in French, “…” in English."""
    return f"« {text} »" if language == "fr" else f"“{text}”"


#: The Markdown's own words, per language.
_WORDS = {
    "en": {"colon": ":", "ruling": "Ruling", "option": "Option", "options": "Options",
           "default": "default", "readings": "Readings", "value": "value", "clause": "clause",
           "readings_intro": "A match keeps the readings it was created under (the default "
                             "is the one the text reads most literally)."},
    "fr": {"colon": " :", "ruling": "Décision", "option": "Option", "options": "Options",
           "default": "par défaut", "readings": "Lectures", "value": "valeur",
           "clause": "clause",
           "readings_intro": "Une partie garde les lectures sous lesquelles elle a été créée "
                             "(celle par défaut est la plus littérale)."},
}


def markdown(book: Rulebook, lang: str = "en") -> str:
    """The catalogue as ``docs/rules/<game>.md`` shows it, in ``lang``: each quotation in the
    text's language, its rendering only where ``lang`` is another."""
    # The preamble names the text and says how a clause reads; the pages name it from
    # ``source``.
    lines = [f"# {book.title[lang]}", ""]
    lines += [book.preamble[lang], ""]
    for section in book.sections:
        lines += [f"## {section.title[lang]}", ""]
        if section.intro:
            lines += [section.intro[lang], ""]
        items = [_clause_markdown(clause, lang, book.language)
                 for clause in book.in_section(section.key)]
        lines += [*items, ""] if items else []
    return "\n".join(lines + _readings_markdown(book, lang)).rstrip() + "\n"


def _clause_markdown(clause: Clause, lang: str, text_language: str | None) -> str:
    """One clause as a list item: its quotation (and rendering), what it says, its ruling, its
    options, then one sub-item per reading."""
    words = _WORDS[lang]
    parts = [f"- **{clause.id}** —"]
    if clause.quote:
        parts.append(quoted(clause.quote.strip(), text_language))
        if text_language != lang:
            parts.append(f"(*{clause.rendering}*)")
        parts.append("—")
    colon = words["colon"]
    parts.append(clause.says[lang])
    if clause.ruling:
        parts.append(f"**{words['ruling']}{colon}** {clause.ruling[lang]}")
    if clause.options:
        label = words["option"] if len(clause.options) == 1 else words["options"]
        parts.append(f"**{label}{colon}** " + ", ".join(f"`{o}`" for o in clause.options) + ".")
    text = " ".join(parts)
    for reading in clause.readings:
        mark = f" ({words['default']})" if reading.default else ""
        text += (f"\n  - `{reading.option}` = `{reading.value}`{mark}{colon} "
                 f"{reading.says[lang]}")
    return text


def _readings_markdown(book: Rulebook, lang: str) -> list[str]:
    """The options that choose between readings of the text, as one table."""
    rows = [(r, c.id) for c in book.clauses.values() for r in c.readings]
    if not rows:
        return []
    words = _WORDS[lang]
    lines = [f"## {words['readings']}", "", words["readings_intro"], "",
             f"| {words['option']} | {words['value']} | {words['clause']} |", "|---|---|---|"]
    for reading, cid in rows:
        mark = f" ({words['default']})" if reading.default else ""
        lines.append(f"| `{reading.option}` | `{reading.value}`{mark} | {cid} |")
    return lines


def misquoted(book: Rulebook, texts: Path) -> list[str]:
    """The clauses whose quotation is not, character for character, in the text it quotes
    (``texts``: the folder of the rule texts, as ``source.file`` names them). Only line breaks
    and runs of spaces may differ; pieces of one quotation are joined with « … »."""
    if book.source is None:
        return []
    text = " ".join((texts / book.source.file).read_text(encoding="utf-8").split())
    return [c.id for c in book.clauses.values() if c.quote
            and any(" ".join(piece.split()) not in text for piece in c.quote.split(" … "))]


def _problems(docs: Path, texts: Path | None, check: bool) -> list[str]:
    """What differs from what the catalogues make (writing it unless ``check``), and, given
    the rule texts' folder, the quotations not found in their text."""
    problems = []
    for name in catalogues():
        book = rulebook(name)
        target, text = docs / f"{name}.md", markdown(book)
        if not check:
            target.write_text(text, encoding="utf-8")
        elif not target.exists() or target.read_text(encoding="utf-8") != text:
            problems.append(f"{target} is not what its catalogue makes "
                            "(python -m referee.service.rulebook)")
        if texts is not None and book.source is not None:
            problems += [f"{name}: {cid} does not quote {book.source.file} word for word"
                         for cid in misquoted(book, texts)]
    return problems


def main(argv: list[str]) -> int:
    """Write ``docs/rules/<game>.md`` for every catalogue (``--check``: say which differ;
    ``--texts DIR``: and which quotations are not in their rule text)."""
    docs = Path(argv[argv.index("--docs") + 1]) if "--docs" in argv else Path("docs/rules")
    texts = Path(argv[argv.index("--texts") + 1]) if "--texts" in argv else None
    problems = _problems(docs, texts, "--check" in argv)
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

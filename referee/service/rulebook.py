"""The rule catalogue as data: each game's clauses, quoted from its rule text and explained.

One TOML file per game in ``referee/rules/<game>.toml`` (shipped in the package) holds what a
table reads under a verdict: the clause's id, the sentence of the published text it rests on
(``quote``, in the text's language, never the whole text) with a rendering in the other
language, what the referee makes of it (``says``, in English and French), and where the text
is silent the project's decision (``ruling``, both languages). ``options`` names the match
options that change the clause; ``readings`` says what each value of them means. The pages,
the API and ``docs/rules/<game>.md`` (``python -m referee.service.rulebook``) are made from it.

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
    source: Source
    title: Mapping[str, str]
    preamble: Mapping[str, str]
    sections: tuple[Section, ...]
    clauses: Mapping[str, Clause] = field(default_factory=dict)

    def in_section(self, key: str) -> Iterator[Clause]:
        return (c for c in self.clauses.values() if c.section == key)


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
    return Rulebook(game=raw["game"], source=Source(**raw["source"]),
                    title=_worded(raw["title"], "title") or {},
                    preamble=_worded(raw.get("preamble", {"en": "-", "fr": "-"}), "preamble")
                    or {}, sections=sections, clauses=clauses)


def games() -> list[str]:
    """The games that have a catalogue file."""
    folder = resources.files("referee") / "rules"
    return sorted(p.name.removesuffix(".toml") for p in folder.iterdir()
                  if p.name.endswith(".toml"))


@cache
def rulebook(game: str) -> Rulebook:
    """A game's catalogue, read once per process."""
    path = resources.files("referee") / "rules" / f"{game}.toml"
    return parse(path.read_text(encoding="utf-8"))


def markdown(book: Rulebook, lang: str = "en") -> str:
    """The catalogue as ``docs/rules/<game>.md`` shows it."""
    lines = [f"# {book.title[lang]}", "", book.preamble[lang], ""]
    for section in book.sections:
        lines += [f"## {section.title[lang]}", ""]
        if section.intro:
            lines += [section.intro[lang], ""]
        for clause in book.in_section(section.key):
            lines.append(_clause_markdown(clause, lang))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def _clause_markdown(clause: Clause, lang: str) -> str:
    text = f"- **{clause.id}** — "
    if clause.quote:
        text += f"« {clause.quote} » ({clause.rendering}) "
    text += clause.says[lang]
    if clause.ruling:
        text += f" **{'Ruling' if lang == 'en' else 'Décision'}:** {clause.ruling[lang]}"
    for reading in clause.readings:
        mark = " (default)" if reading.default else ""
        text += f"\n  - `{reading.option}` = `{reading.value}`{mark}: {reading.says[lang]}"
    return text


def main(argv: list[str]) -> int:
    """Write ``docs/rules/<game>.md`` for every catalogue (``--check``: say which differ)."""
    docs = Path(argv[argv.index("--docs") + 1]) if "--docs" in argv else Path("docs/rules")
    stale = []
    for game in games():
        target, text = docs / f"{game}.md", markdown(rulebook(game))
        if "--check" in argv:
            if not target.exists() or target.read_text(encoding="utf-8") != text:
                stale.append(str(target))
        else:
            target.write_text(text, encoding="utf-8")
    for path in stale:
        print(f"{path} is not what its catalogue makes (python -m referee.service.rulebook)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

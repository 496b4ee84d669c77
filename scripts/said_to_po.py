"""Write the engines' sentences (the Python tables of referee/service/messages_en and
messages_fr) as the ``said`` gettext domain: referee/translations/{en,fr}/LC_MESSAGES/said.po.

Run once, from the repository's root, while the tables still exist:
``python scripts/said_to_po.py``. Keys: a message id as the engine says it; ``word.<kind>.<code>``
for a coded parameter's word; ``rank.<rank>``; ``grammar.<name>`` for the small grammar's words;
``game.<game>.title``, ``game.<game>.<option>.label``, ``….description``, ``….choice.<value>``.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import write_po

from referee.engines import REGISTRY

ROOT = Path(__file__).resolve().parent.parent
MODULES = ("common", "plouc", "neurotrio", "citroncoco", "citroncoco_teams", "croconounours")
WARRIOR = {"en": "{owner}'s {colour} warrior{number}",
           "fr": "le Warrior {colour}{number} {owner:de}"}
PLURALS = {"en": "nplurals=2; plural=(n != 1);", "fr": "nplurals=2; plural=(n > 1);"}
HEADER = {"en": "The engines' sentences in English, by message id.",
          "fr": "Ce que disent les moteurs, en français, par identifiant de message."}


def entries(locale: str) -> list[tuple[str, str]]:
    def module(name: str):
        return importlib.import_module(f"referee.service.messages_{locale}.{name}")

    found: list[tuple[str, str]] = []
    for name in MODULES:
        found += list(module(name).MESSAGES.items())
    common = module("common")
    for kind, table in common.WORDS.items():
        if kind in ("colours", "given"):  # the same table as colour's
            continue
        found += [(f"word.{kind}.{code}", word) for code, word in table.items()]
    found += [(f"rank.{rank}", word) for rank, word in common.RANKS.items()]
    found += [("grammar.joker", common.JOKER), ("grammar.and", common.AND),
              ("grammar.nobody", common.NOBODY), ("grammar.unnamed_seat", common.UNNAMED_SEAT),
              ("grammar.warrior", WARRIOR[locale])]
    games = module("games")
    for game, title in games.TITLES.items():
        found.append((f"game.{game}.title", title))
    for game, labels in games.LABELS.items():
        found += [(f"game.{game}.{option}.label", label) for option, label in labels.items()]
    # every option described once per language: French's own words, English's own where it
    # has them, else the engine's (which the pages and the API showed in their place)
    french = importlib.import_module("referee.service.messages_fr.games").DESCRIPTIONS
    for game, described in french.items():
        fields = REGISTRY[game].options_schema().fields
        for option in described:
            text = games.DESCRIPTIONS.get(game, {}).get(option) or \
                fields[option].metadata.get("description", "")
            found.append((f"game.{game}.{option}.description", text))
    for game, options in games.CHOICES.items():
        for option, values in options.items():
            found += [(f"game.{game}.{option}.choice.{value}", text)
                      for value, text in values.items()]
    return found


def main() -> None:
    for locale in ("en", "fr"):
        catalogue = Catalog(locale=locale, project="referee", version="0.1.0",
                            header_comment=f"# {HEADER[locale]}", msgid_bugs_address="",
                            last_translator="Referee", language_team=locale, fuzzy=False)
        for key, text in entries(locale):
            assert catalogue.get(key) is None, key
            assert text, key
            if key.startswith(("game.", "word.", "rank.")):  # texts, not templates: braces kept
                text = text.replace("{", "{{").replace("}", "}}")
            catalogue.add(key, text, flags=())
            catalogue[key].flags.discard("python-format")
        target = ROOT / "referee" / "translations" / locale / "LC_MESSAGES" / "said.po"
        target.parent.mkdir(parents=True, exist_ok=True)
        with target.open("wb") as handle:
            write_po(handle, catalogue, width=100, omit_header=False, sort_output=False)
        text = target.read_text()  # the plural rule messages.po has, not CLDR's newer one
        text = re.sub(r'"Plural-Forms: [^"]*"', lambda _: f'"Plural-Forms: {PLURALS[locale]}\\n"', text)
        text = re.sub(r'"PO-Revision-Date: [^"]*"', lambda _: '"PO-Revision-Date: 2026-11-28 03:00+0000\\n"',
                      text)
        target.write_text(text)
        print(target, len(catalogue))


if __name__ == "__main__":
    main()

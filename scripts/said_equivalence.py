"""Proof that the ``said`` catalogue words every sentence as the Python tables did.

Collects every (message id, parameters, names) the corpus holds (tests/corpus/answers: the API
answers' ``message_id``/``params``, ``penalty_data``, ``effects_data``, ``outcome_data``,
``result``) and every one the 1,000 corpus playouts say (tests/corpus/playouts.py, replayed),
then renders each with the old tables (referee/service/messages.py and its messages_en and
messages_fr as commit OLD had them, copied as the package ``oldsaid``) and with the catalogue,
in English and French, and asserts they read the same. Also compares every code word, title,
option label, description and choice.

``PYTHONPATH=$PWD python scripts/said_equivalence.py [OLD]`` (OLD: 1c80c20 by default)
"""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from referee.engines import REGISTRY
from referee.engines.messages import Message
from referee.service import messages as new

ROOT = Path(__file__).resolve().parent.parent
OLD = "1c80c20"  # the last commit with the Python tables
NAMES = ["Alice", "Bob", "Chloé", "Dan", "Eve", "Fanny", "Gus", "Hugo", "Inès"]


def said_in(value: Any, found: list[Message]) -> None:
    if isinstance(value, dict):
        for key in ("message_id",):
            if isinstance(value.get(key), str) and isinstance(value.get("params"), dict):
                found.append(Message(value[key], value["params"]))
        result = value.get("result")
        if isinstance(result, dict) and isinstance(result.get("termination"), str):
            found.append(Message(result["termination"],
                                 {"winner_seats": list(result.get("winners", [])),
                                  **dict(result.get("figures") or {})}))
        for inner in value.values():
            said_in(inner, found)
    elif isinstance(value, list):
        for inner in value:
            said_in(inner, found)


def from_answers() -> list[Message]:
    found: list[Message] = []
    for path in sorted((ROOT / "tests" / "corpus" / "answers").glob("*.json")):
        said_in(json.loads(path.read_text()), found)
    return found


def from_playouts() -> list[tuple[Message, tuple[str, ...]]]:
    from tests.corpus import playouts

    seen: list[tuple[Message, tuple[str, ...]]] = []
    rendering = new.render

    def recording(message: Any, names: Any = None, locale: Any = None) -> str:
        if isinstance(message, Message):
            seen.append((message, tuple(names or ())))
        return rendering(message, names, locale)

    new.render = recording  # type: ignore[assignment]
    try:
        for game in playouts.GAMES:
            for index in range(playouts.PLAYOUTS):
                playouts.record(game, playouts.seed_of(game, index))
    finally:
        new.render = rendering  # type: ignore[assignment]
    return seen


def key(message: Message, names: tuple[str, ...]) -> str:
    return json.dumps([message.id, message.params, names], sort_keys=True, default=str)


def old_tables(rev: str) -> Any:
    """The old renderer and its tables, as ``rev`` had them, imported as ``oldsaid``."""
    where = Path(tempfile.mkdtemp()) / "oldsaid"
    listed = subprocess.run(["git", "ls-tree", "-r", "--name-only", rev, "referee/service/"],
                            cwd=ROOT, check=True, capture_output=True, text=True).stdout
    for name in listed.split():
        if "/messages_" in name or name.endswith("/messages.py"):
            text = subprocess.run(["git", "show", f"{rev}:{name}"], cwd=ROOT, check=True,
                                  capture_output=True, text=True).stdout
            target = where / name.removeprefix("referee/service/")
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text.replace("referee.service.messages_", "oldsaid.messages_"))
    (where / "__init__.py").write_text("")
    sys.path.insert(0, str(where.parent))
    return importlib.import_module("oldsaid.messages")


def main() -> int:
    old = old_tables(sys.argv[1] if len(sys.argv) > 1 else OLD)
    cases: dict[str, tuple[Message, tuple[str, ...] | None]] = {}
    for message in from_answers():
        for names in (tuple(NAMES), None):
            cases.setdefault(key(message, names or ()), (message, names))
    answers = len(cases)
    for message, names in from_playouts():
        cases.setdefault(key(message, names), (message, names))
    compared = 0
    ids = set()
    for message, names in cases.values():
        for locale in ("en", "fr"):
            names_list = list(names) if names is not None else None
            before = old.render(message, names_list, locale)
            after = new.render(message, names_list, locale)
            assert before == after, (message, names, locale, before, after)
            compared += 1
        ids.add(message.id)
    words = 0
    for locale in ("en", "fr"):
        assert dict(old.catalogue(locale)) == {k: v for k, v in new.catalogue(locale).items()
                                               if k in old.catalogue(locale)}
        for kind, table in old.words(locale).items():
            for code, word in table.items():
                assert new.code_word(kind, code, locale) == word
                words += 1
        games = old._games(locale)
        for game in games.TITLES:
            assert new.game_title(game, locale) == old.game_title(game, locale)
            for option in games.LABELS.get(game, {}):
                assert new.option_label(game, option, locale) == old.option_label(
                    game, option, locale)
                engine = REGISTRY[game].options_schema().fields[option].metadata.get(
                    "description", "")  # what the edges showed where a language had none
                assert new.option_description(game, option, locale, "x") == \
                    old.option_description(game, option, locale, engine)
                words += 2
            for option, values in games.CHOICES.get(game, {}).items():
                for value in values:
                    assert new.choice_label(game, option, value, locale) == old.choice_label(
                        game, option, value, locale)
                    words += 1
        for seat in (0, 3, None):
            assert new.seat_name(seat, None, locale) == old.seat_name(seat, None, locale)
        for card in ("QH", "JK", "10S", "coeur-noir-2", "AD"):
            assert new.card_name(card, locale) == old.card_name(card, locale)
    print(f"{len(ids)} message ids, {len(cases)} (message, parameters, names) cases "
          f"({answers} from the recorded answers), {compared} renderings compared "
          f"(en and fr), {words} words, labels and descriptions compared: all the same")
    return 0


if __name__ == "__main__":
    sys.exit(main())

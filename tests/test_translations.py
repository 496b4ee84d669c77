"""The French catalogue is complete: every string the code and templates mark for the reader is
in it, translated, not fuzzy, with its placeholders kept.

Requirement: "a CI check fails when a string shown to users is not in the catalogue or has no
French translation (pybabel extract and compare)". The same check runs in .ci/run as
``python -m referee.catalogues check``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from referee import catalogues

ROOT = Path(__file__).resolve().parent.parent


def test_every_string_shown_is_in_the_french_catalogue_and_translated() -> None:
    assert catalogues.problems(ROOT) == []


def copy_of_the_catalogues(tmp_path: Path) -> Path:
    source = tmp_path / "translations"
    shutil.copytree(catalogues.SOURCE, source, ignore=shutil.ignore_patterns("*.mo"))
    return source


def problems_with(tmp_path: Path, path: str, text: str) -> list[str]:
    """The check's findings on a tree holding one file, ``path``, written ``text``, beside a
    copy of the catalogues."""
    shutil.copy(ROOT / "babel.cfg", tmp_path / "babel.cfg")
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text(text)
    return catalogues.problems(tmp_path, copy_of_the_catalogues(tmp_path))


def test_the_check_fails_on_a_string_missing_from_the_catalogue(tmp_path: Path) -> None:
    found = problems_with(tmp_path, "referee/templates/new.html",
                          '<p>{{ _("A sentence nobody translated yet") }}</p>\n')
    assert "fr/LC_MESSAGES/messages.po: missing 'A sentence nobody translated yet'" in found


def test_the_check_fails_on_an_empty_or_broken_translation(tmp_path: Path) -> None:
    source = copy_of_the_catalogues(tmp_path)
    po = source / "fr" / "LC_MESSAGES" / "messages.po"
    text = po.read_text()
    text = text.replace('msgid "Home"\nmsgstr "Accueil"', 'msgid "Home"\nmsgstr ""')
    text = text.replace('msgstr "Place {n}"', 'msgstr "Place {seat}"')
    po.write_text(text)
    found = catalogues.problems(ROOT, source)
    assert "fr/LC_MESSAGES/messages.po: untranslated 'Home'" in found
    assert any("'Seat {n}'" in line and "{fields}" in line for line in found), found


def test_no_catalogue_string_has_a_percent_placeholder() -> None:
    """One placeholder syntax, ``{name}``: no msgid nor msgstr of any catalogue (the pages'
    and what the engines say) is written with ``%(name)s``."""
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(catalogues.SOURCE.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as handle:
            for message in read_po(handle, locale=po.parent.parent.name):
                texts = [*(message.id if isinstance(message.id, tuple) else [message.id]),
                         *(message.string if isinstance(message.string, tuple)
                           else [message.string])]
                written += [(po.name, text) for text in texts
                            if text and catalogues.PERCENT.search(text)]
    assert written == []


def test_the_check_fails_on_a_percent_placeholder(tmp_path: Path) -> None:
    found = problems_with(tmp_path, "referee/templates/new.html",
                          '<p>{{ _("Match %(match)s", match=1) }}</p>\n')
    assert any("Match %(match)s" in line and "{name}" in line for line in found), found


def test_every_move_and_fault_an_engine_describes_reads_in_french() -> None:
    """The moves' descriptions and the faults' wordings the engines publish are in the
    catalogue (referee/web/engine_texts.py marks them), so a new or reworded one fails here
    until it is translated."""
    from babel.messages.pofile import read_po

    from referee.web.games import all_games, rounds_game

    with (catalogues.SOURCE / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        french = read_po(handle, locale="fr")
    published = {f.description for g in all_games() for each in (g, rounds_game(g.id))
                 for m in each.moves.values() for f in m.fields if f.description}
    untranslated = sorted(text for text in published
                          if french.get(text) is None or not french.get(text).string)
    assert untranslated == []


def test_every_option_is_described_once_in_each_language() -> None:
    """Game and option names in the rule texts' French words: every option an engine has is
    named and described by the ``said`` catalogue, in English and in French, and the pages'
    catalogue holds no second description of it."""
    from babel.messages.pofile import read_po

    from referee.engines import REGISTRY, ROUNDS

    said = {}
    for locale in ("en", "fr"):
        with (catalogues.SOURCE / locale / "LC_MESSAGES" / "said.po").open("rb") as handle:
            said[locale] = read_po(handle, locale=locale)
    with (catalogues.SOURCE / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        pages = read_po(handle, locale="fr")
    options = [(g, name, field.metadata.get("description", ""))
               for registry in (REGISTRY, ROUNDS) for g, engine in registry.items()
               for name, field in engine.options_schema().fields.items()]
    assert options
    for game, option, engine_words in options:
        for locale in ("en", "fr"):
            for what in ("label", "description"):
                found = said[locale].get(f"game.{game}.{option}.{what}")
                assert found is not None and found.string, (locale, game, option, what)
        assert not engine_words or pages.get(engine_words) is None, (game, option)


def test_the_check_fails_on_a_string_marked_inside_an_f_string(tmp_path: Path) -> None:
    """``pybabel extract`` cannot see ``f"{_('…')}"``: such a string would never be translated."""
    found = problems_with(tmp_path, "referee/page.py", 'text = f"<p>{_(\'Hidden\')}</p>"\n')
    assert any(line.startswith("referee/page.py:1: a translation inside an f-string")
               for line in found), found


def test_the_check_finds_a_translation_nested_inside_an_f_string(tmp_path: Path) -> None:
    """However deep in the braces (``f"{escape(_('…'))}"``), the extraction misses it too."""
    found = problems_with(tmp_path, "referee/page.py",
                          'text = (f"<p>"\n        f"{escape(_(\'Hidden\'))}</p>")\n')
    assert any(line.startswith("referee/page.py:2: a translation inside an f-string")
               for line in found), found


def test_every_fault_the_host_reports_reads_in_french() -> None:
    """The faults the host may report are engine messages, worded by the ``said`` catalogue
    (referee/translations/fr/LC_MESSAGES/said.po), not by the pages' one: each reads otherwise
    in French than in English."""
    from referee.web.games import _game, game_ids

    english = {g: dict(_game(g, "en").reportable_missplays) for g in game_ids()}
    french = {g: dict(_game(g, "fr").reportable_missplays) for g in game_ids()}
    assert any(english.values())
    same = [(game, rule) for game, faults in english.items() for rule, text in faults.items()
            if french[game][rule] == text]
    assert same == []

"""Error sentences: English templates marked for the catalogue, worded for each reader.

Requirement: "Everything a person reads is translated" — a service error, an input refusal and
a schema's message read in French for a French reader, in the same English as before for an
English one (``message``, ``str()``, the logs).
"""

from __future__ import annotations

import ast
import shutil
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import marshmallow
import pytest
from babel.messages.pofile import read_po
from babel.support import Translations
from marshmallow import validate

from referee import catalogues
from referee.edge import schema_words
from referee.edge.validation import Refused, load_json, whole_number
from referee.service.errors import NotFound
from referee.service.sentences import (
    Day,
    GameTitle,
    Kind,
    MoveName,
    OptionName,
    Reader,
    either,
    moves_of,
    sentence,
)

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def french_gettext(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], str]:
    """The French catalogue as the app compiles it."""
    target = tmp_path_factory.mktemp("translations")
    catalogues.compile_all(catalogues.SOURCE, target)
    return Translations.load(str(target), ["fr"]).gettext


@pytest.fixture
def french(french_gettext: Callable[[str], str]) -> Reader:
    return Reader(locale="fr", gettext=french_gettext,
                  move_word=lambda move: {"draw": "piocher", "discard": "défausser"}[move])


def marked_sentences() -> list[str]:
    """Every template the code passes to ``sentence(…)``."""
    found = []
    for path in sorted((ROOT / "referee").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "sentence" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                found.append(node.args[0].value)
    return found


def test_an_error_keeps_its_english_message() -> None:
    error = NotFound(sentence("There is no match {match}.", match=999), where="match_id")
    assert error.message == str(error) == "There is no match 999."
    assert error.details == {"where": "match_id"}


def test_an_error_is_worded_for_a_french_reader(french: Reader) -> None:
    error = NotFound(sentence("There is no match {match}.", match=999))
    assert error.worded(french) == "Il n'y a pas de partie 999."


def test_every_service_sentence_has_a_french_translation() -> None:
    with (catalogues.SOURCE / "fr" / "LC_MESSAGES" / "messages.po").open("rb") as handle:
        french = read_po(handle, locale="fr")
    templates = marked_sentences()
    assert len(templates) > 100
    untranslated = sorted(t for t in templates
                          if french.get(t) is None or not french.get(t).string
                          or french.get(t).fuzzy)
    assert untranslated == []


def test_game_words_read_in_the_readers_words(french: Reader) -> None:
    """The rule texts' names for games and options; the pages' words for moves."""
    said = sentence("These options do not fit {game}: {options}.",
                    game=GameTitle("plouc", "Plouc"), options=OptionName("plouc", "zouzou"))
    assert str(said) == "These options do not fit Plouc: zouzou."
    assert said.worded(french).startswith(
        "Ces options ne conviennent pas au jeu « Le Carte et Plouc ")
    assert "zouzou" not in said.worded(french)
    assert MoveName("draw").worded(french) == "« piocher »"
    assert str(MoveName("draw")) == "'draw'"
    assert moves_of(["draw", "discard"]).worded(french) == "défausser, piocher"
    assert str(moves_of(["draw", "discard"])) == "discard, draw"


def test_verdict_kinds_choices_and_days(french: Reader) -> None:
    assert Kind("missplay").worded(french) == "faute de jeu"
    assert either(["moves", "rounds"]).worded(french) == "moves ou rounds"
    assert str(either(["moves", "rounds"])) == "moves or rounds"
    day = Day(datetime(2026, 11, 24, tzinfo=UTC))
    assert (str(day), day.worded(french)) == ("24 Nov", "24 nov.")


def test_the_input_policy_refuses_in_sentences(french: Reader) -> None:
    with pytest.raises(Refused) as refused:
        whole_number("abc", "night")
    assert refused.value.message == "night must be a whole number, not 'abc'."
    assert refused.value.sentence.worded(french) == ("Le champ night doit être un nombre "
                                                     "entier, pas 'abc'.")
    with pytest.raises(Refused) as not_json:
        load_json(b'{"a" 1}')
    assert not_json.value.detail == "Expecting ':' delimiter: line 1 column 6 (char 5)"
    assert not_json.value.said_detail is not None
    assert not_json.value.said_detail.worded(french) == ("deux-points attendu à la ligne 1, "
                                                         "colonne 6 (caractère 5)")


# --- the schemas' messages -----------------------------------------------------------------

def marshmallows_defaults() -> set[str]:
    """The messages marshmallow's fields and schemas give by default."""
    found = set(marshmallow.Schema._default_error_messages.values())
    for name in dir(marshmallow.fields):
        kind = getattr(marshmallow.fields, name)
        if isinstance(kind, type) and issubclass(kind, marshmallow.fields.Field):
            found |= set(kind.default_error_messages.values())
    return found


def test_every_message_marshmallows_fields_give_is_known() -> None:
    """An upgrade that rewords one fails here until the template is updated."""
    unknown = marshmallows_defaults() - set(schema_words.TEMPLATES)
    assert unknown == {"{input!r} cannot be formatted as a timedelta."}  # no field here uses it


def project_messages() -> set[str]:
    """The messages this project's schemas write themselves."""
    found = set()
    for path in sorted((ROOT / "referee").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", getattr(node.func, "attr", ""))
            texts = [node.args[0]] if name == "ValidationError" and node.args else []
            if isinstance(node.func, ast.Attribute) and getattr(node.func.value, "id",
                                                                "") == "validate":
                texts += [k.value for k in node.keywords if k.arg == "error"]
            found |= {ast.literal_eval(t) for t in texts
                      if isinstance(t, ast.Constant | ast.BinOp)
                      and isinstance(ast.literal_eval(t), str)}
    return found


def test_every_message_this_projects_schemas_write_is_known() -> None:
    assert project_messages() - set(schema_words.TEMPLATES) == set()


@pytest.mark.parametrize(("check", "value"), [
    (validate.Range(min=1, max=5), 9), (validate.Range(min=1), 0), (validate.Range(max=5), 9),
    (validate.Range(min=1, max=5, min_inclusive=False), 1),
    (validate.Range(min=1, max=5, max_inclusive=False), 5),
    (validate.Length(min=1, max=3), "abcd"), (validate.Length(equal=2), "a"),
    (validate.Length(max=2), "abc"), (validate.Length(min=2), "a"),
    (validate.OneOf(["stock", "discard"]), "deck"), (validate.Equal(1), 2),
    (validate.Regexp("^x$"), "y"), (validate.ContainsOnly([1]), [2]),
])
def test_every_validators_message_reads_in_french(french_gettext: Callable[[str], str],
                                                   check: validate.Validator,
                                                   value: object) -> None:
    with pytest.raises(marshmallow.ValidationError) as refused:
        check(value)
    (english,) = refused.value.messages
    french = schema_words.translated(english, french_gettext)
    assert french != english
    numbers = [w for w in english.replace(".", " ").split() if w.isdigit()]
    assert all(n in french for n in numbers)  # the values are put back


@pytest.mark.parametrize("check", [
    validate.Range(min=0, max=2**31 - 1), validate.Range(min=1, max=5, max_inclusive=False),
    validate.Range(min=1, max=5, min_inclusive=False)])
def test_a_range_with_both_bounds_is_translated_whole(french_gettext: Callable[[str], str],
                                                      check: validate.Validator) -> None:
    """"Must be greater than or equal to 0 and less than or equal to 2147483647." is read as
    the two-bound template, not as the one-bound one with "0 and less than…" for {min}: no
    English is left in the French."""
    with pytest.raises(marshmallow.ValidationError) as refused:
        check(-1)
    (english,) = refused.value.messages
    french = schema_words.translated(english, french_gettext)
    assert " and " not in french and "than" not in french, french


def test_a_schemas_errors_keep_their_field_paths(french_gettext: Callable[[str], str]) -> None:
    errors = {"json": {"seats": {"0": {"name": ["Missing data for required field."]}},
                       "Alice's note": ["Unknown field."], "mode": ["typed by a player"]}}
    assert schema_words.schema_errors(errors, french_gettext) == {
        "json": {"seats": {"0": {"name": ["Ce champ est obligatoire."]}},
                 "Alice's note": ["Champ inconnu."], "mode": ["typed by a player"]}}


# --- the check keeps it so -----------------------------------------------------------------

def problems_with(tmp_path: Path, path: str, text: str) -> list[str]:
    shutil.copy(ROOT / "babel.cfg", tmp_path / "babel.cfg")
    (tmp_path / path).parent.mkdir(parents=True)
    (tmp_path / path).write_text(text)
    source = tmp_path / "translations"
    shutil.copytree(catalogues.SOURCE, source, ignore=shutil.ignore_patterns("*.mo"))
    return catalogues.problems(tmp_path, source)


def test_the_check_fails_on_a_service_sentence_left_untranslated(tmp_path: Path) -> None:
    found = problems_with(tmp_path, "referee/service/tables.py",
                          'raise NotFound(sentence("There is no table {table}.", table=1))\n')
    assert "fr/LC_MESSAGES/messages.po: missing 'There is no table {table}.'" in found


def test_the_check_fails_on_a_sentence_the_extraction_cannot_see(tmp_path: Path) -> None:
    """A marker inside another call's arguments, within a marked call, is not extracted."""
    found = problems_with(tmp_path, "referee/service/tables.py",
                          'said = sentence("At {x}", x=f(sentence("Hidden words")))\n')
    assert any(line.startswith("referee/service/tables.py:1: 'Hidden words' is marked but not "
                               "extracted") for line in found), found


def test_the_check_fails_when_a_schema_message_loses_a_field(tmp_path: Path) -> None:
    source = tmp_path / "translations"
    shutil.copytree(catalogues.SOURCE, source, ignore=shutil.ignore_patterns("*.mo"))
    po = source / "fr" / "LC_MESSAGES" / "messages.po"
    text = po.read_text()
    broken = text.replace('msgstr "La longueur doit être comprise entre {min} et {max}."',
                          'msgstr "La longueur doit être comprise entre {min} et {maximum}."')
    assert broken != text
    po.write_text(broken)
    found = catalogues.problems(ROOT, source)
    assert any("'Length must be between {min} and {max}.'" in line and "{fields}" in line
               for line in found), found


ERRORS = {"ServiceError", "BadRequest", "NotFound", "Unauthenticated", "Forbidden", "Conflict",
          "Invalid", "Refused"}


def test_no_error_below_the_pages_is_a_finished_english_sentence() -> None:
    """The service, the API and the input policy raise their errors with a sentence (or an
    engine's words), never a string already written in English; the pages' own errors are
    gettext's, already in the reader's language."""
    finished = []
    for path in sorted((ROOT / "referee").rglob("*.py")):
        if "web" in path.relative_to(ROOT).parts:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Call) and getattr(node.func, "id", None) in ERRORS
                    and node.args and isinstance(node.args[0], ast.Constant | ast.JoinedStr
                                                 | ast.BinOp)):
                finished.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert finished == []

"""``referee replay --lang``: the timeline's verdicts in French or English, with the names.

Requirement: "Everything a person reads is translated: … the CLI's ``replay`` output
(``--lang``)".
"""

from __future__ import annotations

import json

import pytest
from flask.testing import FlaskClient, FlaskCliRunner

from referee.cli import environment_locale, main
from tests.helpers import move, new_match, plain_turn


def replayed(client: FlaskClient, runner: FlaskCliRunner, *args: str) -> str:
    """CC-QP-3: Alice discards a 5; Bob quick-plays a 9 on it, a faute de jeu."""
    table = new_match(client)
    plain_turn(client, table, 0)
    move(client, table, "quick_play", 1, {"slot": 2, "value": 9})
    result = runner.invoke(main, ["replay", str(table.id), *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_replay_in_french(client: FlaskClient, runner: FlaskCliRunner) -> None:
    output = replayed(client, runner, "--lang", "fr")
    assert "Alice pioche dans la pioche." in output
    assert "FAUTE DE JEU [CC-" in output and "Jeu rapide faux de Bob : 9 sur un 5." in output
    assert ("Sanction : les cartes reprennent leur place et Bob pioche une carte de pénalité"
            in output)
    assert "place 2 (Bob)" in output
    assert "Classement : Alice : 0, Bob : 0, Chloé : 0 (noix de coco)." in output
    assert "seat" not in output and "Penalty" not in output


def test_replay_in_english(client: FlaskClient, runner: FlaskCliRunner) -> None:
    output = replayed(client, runner, "--lang", "en")
    assert "Alice draws from the stock." in output
    assert "MISSPLAY [CC-" in output and "Wrong quick play by Bob: 9 on a 5." in output
    assert "Standings: Alice: 0, Bob: 0, Chloé: 0 (coconuts)." in output


def test_replay_as_json_keeps_the_data_and_words_the_reasons(
        client: FlaskClient, runner: FlaskCliRunner) -> None:
    result = json.loads(replayed(client, runner, "--lang", "fr", "--json"))
    judged = [e["judged_now"] for e in result["events"]]
    assert judged[0]["reason"] == "Alice pioche dans la pioche."
    assert judged[0]["message_id"] == "citroncoco.draw.stock" and judged[0]["params"]["seat"] == 0


@pytest.mark.parametrize(("env", "locale"), [({"LANG": "fr_FR.UTF-8"}, "fr"),
                                              ({"LANG": "en_GB.UTF-8"}, "en"),
                                              ({"LANG": "de_DE.UTF-8"}, "en"),
                                              ({"LC_ALL": "fr_CA.UTF-8", "LANG": "C"}, "fr"),
                                              ({}, "en")])
def test_the_default_language_comes_from_the_environment(
        monkeypatch: pytest.MonkeyPatch, env: dict[str, str], locale: str) -> None:
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert environment_locale() == locale


def test_replay_follows_lang_when_no_option_says(client: FlaskClient, runner: FlaskCliRunner,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert "Alice pioche dans la pioche." in replayed(client, runner)


def test_replay_says_what_went_wrong_in_its_language(runner: FlaskCliRunner) -> None:
    """--lang words the error too: a match that does not exist."""
    french = runner.invoke(main, ["replay", "999", "--lang", "fr"])
    english = runner.invoke(main, ["replay", "999", "--lang", "en"])
    assert french.exit_code == english.exit_code == 1
    assert "error: Il n'y a pas de partie 999." in french.output
    assert "error: There is no match 999." in english.output

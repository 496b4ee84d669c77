"""The TV board reads aloud in Chromium, in French and in English: off by default; once its
switch is pressed, each missplay (with its penalty) and each round's end is spoken in the
board's language; a language the browser has no voice for is said on the board. The browser's
``speechSynthesis.speak`` and ``getVoices`` are replaced: each utterance's text and language
are checked, nothing is played."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from referee import create_app, database
from referee.cli import upgrade_database
from tests.helpers import move, new_match
from tests.web.helpers import served
from tests.web.test_browser import TIMEOUT, TV, expect

pytestmark = pytest.mark.browser

ROUND_1 = {"caller": 0, "hands": [[1, 1, 1, 1], [3, 3, 3, 3], [4, 4, 4, 4]]}
VOICES = {"fr": [{"lang": "fr-FR", "name": "Amélie"}, {"lang": "en-GB", "name": "Daniel"}],
          "en": [{"lang": "en-GB", "name": "Daniel"}, {"lang": "fr-FR", "name": "Amélie"}]}
WORDS = {
    "fr": {"switch": "Lire à voix haute fautes et manches", "on": "Lecture à voix haute activée.",
           "missplay": "Faute de jeu d'Alice.", "round": "Fin de la manche 1.",
           "lang": "fr-FR", "no_voice": "aucune voix", "penalty": "Pénalité : {}."},
    "en": {"switch": "Read missplays and rounds aloud", "on": "Reading aloud is on.",
           "missplay": "Missplay by Alice.", "round": "End of round 1.", "lang": "en-GB",
           "no_voice": "no voice", "penalty": "Penalty: {}."},
}
#: The browser's speech replaced: utterances are kept in ``window.spoken``, voices are given.
FAKE_SPEECH = """
window.spoken = [];
const voices = %s;
const synth = window.speechSynthesis || {addEventListener() {}, cancel() {}};
if (!window.speechSynthesis) { window.speechSynthesis = synth; }
if (!window.SpeechSynthesisUtterance) {
  window.SpeechSynthesisUtterance = function (text) { this.text = text; };
}
synth.getVoices = () => voices;
synth.speak = (u) => window.spoken.push({text: u.text, lang: u.lang});
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Any]]:
    path = tmp_path_factory.mktemp("board-speech") / "referee.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "RATELIMIT_ENABLED": False})
    upgrade_database(app)
    with served(app) as port:
        yield f"http://127.0.0.1:{port}", app
    database(app).engine.dispose()


def board(chromium: Any, base: str, match: int, lang: str, voices: list[dict[str, str]]) -> Any:
    context = chromium.new_context(viewport=TV, locale="fr-FR" if lang == "fr" else "en-GB")
    context.add_init_script(FAKE_SPEECH % voices)
    page = context.new_page()
    page.goto(f"{base}/m/{match}/board")
    return page


def missplay(client: Any, table: Any) -> Any:
    """The host reports that seat 0 (Alice) looked at a card (CC-MISS-3)."""
    return move(client, table, "missplay", 0, {"rule": "CC-MISS-3"}, token=table.host)


def spoken(page: Any) -> list[dict[str, str]]:
    return list(page.evaluate("window.spoken"))


def wait_spoken(page: Any, count: int) -> list[dict[str, str]]:
    """The utterances once there are ``count`` (the page's policy forbids evaluating strings,
    so this asks the page again and again rather than wait_for_function)."""
    for _ in range(TIMEOUT // 100):
        said = spoken(page)
        if len(said) >= count:
            return said
        page.wait_for_timeout(100)
    raise AssertionError(f"{count} utterances expected, got {spoken(page)}")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_missplay_and_its_penalty_are_read_in_the_boards_language(
        chromium: Any, site: Any, lang: str) -> None:
    base, app = site
    client = app.test_client()
    table = new_match(client)
    page = board(chromium, base, table.id, lang, VOICES[lang])
    words = WORDS[lang]
    page.get_by_role("button", name=words["switch"]).click()
    expect(page.locator(".speech-switch")).to_have_attribute("aria-pressed", "true")
    assert wait_spoken(page, 1) == [{"text": words["on"], "lang": words["lang"]}]
    assert missplay(client, table).status_code == 201
    said = wait_spoken(page, 2)[1]
    assert said["lang"] == words["lang"]
    assert said["text"].startswith(words["missplay"])
    reason, penalty = page.locator(".recent.verdict-missplay .reason").first.inner_text(
    ).split(" — ")
    assert reason.strip() in said["text"]
    assert said["text"].endswith(words["penalty"].format(penalty.strip()))


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_rounds_end_is_read_with_the_totals(chromium: Any, site: Any, lang: str) -> None:
    base, app = site
    client = app.test_client()
    table = new_match(client, mode="rounds")
    page = board(chromium, base, table.id, lang, VOICES[lang])
    words = WORDS[lang]
    page.get_by_role("button", name=words["switch"]).click()
    wait_spoken(page, 1)
    assert move(client, table, "round", None, ROUND_1).status_code == 201
    said = wait_spoken(page, 2)[1]
    assert said["lang"] == words["lang"] and said["text"].startswith(words["round"])
    assert "Alice" in said["text"] and "Bob" in said["text"]


def test_nothing_is_read_until_the_switch_is_pressed(chromium: Any, site: Any) -> None:
    """Off by default: a missplay on the board, nothing spoken."""
    base, app = site
    client = app.test_client()
    table = new_match(client)
    page = board(chromium, base, table.id, "en", VOICES["en"])
    assert missplay(client, table).status_code == 201
    expect(page.locator(".recent.verdict-missplay")).to_have_count(1, timeout=TIMEOUT)
    page.wait_for_timeout(500)
    assert spoken(page) == []
    expect(page.locator(".speech-switch")).to_have_attribute("aria-pressed", "false")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_language_without_a_voice_says_so_on_the_board(
        chromium: Any, site: Any, lang: str) -> None:
    """No voice for the board's language: the board says so, the switch stays off."""
    base, app = site
    table = new_match(app.test_client())
    other = [v for v in VOICES[lang] if not v["lang"].startswith(lang)]
    page = board(chromium, base, table.id, lang, other)
    page.get_by_role("button", name=WORDS[lang]["switch"]).click()
    expect(page.locator(".speech-status")).to_contain_text(WORDS[lang]["no_voice"],
                                                           timeout=TIMEOUT)
    expect(page.locator(".speech-switch")).to_have_attribute("aria-pressed", "false")
    assert spoken(page) == []

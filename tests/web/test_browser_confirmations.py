"""The pad asks for confirmation only when a move costs something, and says only what is true:
a Neurotrio pass costs a point, so it asks, and does not claim to end the round (NT-PASS-1);
the « Finir le tour » that closes a CrocoNounours table turn asks nothing (CN-TURN-1). In
Chromium, on a phone, in English and in French."""

from __future__ import annotations

import re
import shutil
from typing import Any

import pytest

from tests.web import test_browser as first_scenario
from tests.web.test_browser import PHONE, SHOTS, TIMEOUT, expect, shoot

pytestmark = pytest.mark.browser

server = first_scenario.server
browser = first_scenario.browser

#: The page's words, by language: the pad's buttons, the confirm page's lines.
WORDS = {
    "en": {"pass": "Pass", "end_turn": "End the turn", "round": "It ends the round",
           "ask": "Log pass for", "yes": "Yes, log pass"},
    "fr": {"pass": "Passer", "end_turn": "Finir le tour", "round": "Il termine la manche",
           "ask": "Noter « passer » pour", "yes": "Oui, noter « passer »"},
}
OWN_SHOTS = "/tmp/offers-shots"


def host_phone(browser: Any, server: str, game: str, seats: int, lang: str
               ) -> tuple[Any, int, str]:
    """A match made through the API, and the host's phone joined with its token."""
    page = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                               has_touch=True, locale="fr-FR" if lang == "fr" else "en-GB"
                               ).new_page()
    page.set_default_timeout(TIMEOUT)
    names = ["Alice", "Bob", "Chloé"][:seats]
    made = page.request.post(f"{server}/api/matches", data={
        "game": game, "seats": [{"name": n} for n in names]}).json()
    page.goto(f"{server}/m/{made['id']}/join/link#t={made['host_token']}")
    page.wait_for_url(lambda url: not url.endswith("/join/link"))
    return page, made["id"], made["host_token"]


def logged(page: Any, server: str, match_id: int, token: str, type_: str, seat: int | None,
           payload: dict[str, Any]) -> None:
    answer = page.request.post(f"{server}/api/matches/{match_id}/events",
                               headers={"Authorization": f"Bearer {token}"},
                               data={"type": type_, "seat": seat, "payload": payload})
    assert answer.status == 201, answer.text()


def turn_of(page: Any, server: str, match_id: int) -> int:
    return page.request.get(f"{server}/api/matches/{match_id}/state").json()["table"]["turn"]


def last_seq(page: Any, server: str, match_id: int) -> int:
    return page.request.get(f"{server}/api/matches/{match_id}").json()["last_seq"]


def keep(name: str) -> None:
    """The screenshot, also where the team reviews them."""
    shutil.copytree(SHOTS, OWN_SHOTS, dirs_exist_ok=True,
                    ignore=lambda _d, files: [f for f in files if not f.startswith(name)])


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_nt_pass_1_a_pass_asks_without_claiming_to_end_the_round(
        server: str, browser: Any, lang: str) -> None:
    """NT-PASS-1: a pass costs a point: the pad asks first; the pass that closes a lap of the
    table says nothing of a round (a Neurotrio game is one)."""
    words = WORDS[lang]
    page, match_id, host = host_phone(browser, server, "neurotrio", 3, lang)
    logged(page, server, match_id, host, "start_domain", None, {"card": "coeur-noir-1"})
    for _ in range(2):  # two seats pass: the third seat's pass closes the lap
        logged(page, server, match_id, host, "pass", turn_of(page, server, match_id), {})
    turn = turn_of(page, server, match_id)
    page.goto(f"{server}/m/{match_id}/play?seat={turn}")
    page.get_by_role("button", name=words["pass"], exact=True).first.click()
    page.wait_for_load_state()
    expect(page.locator("#confirm-title")).to_contain_text(
        re.compile(re.escape(words["ask"]), re.IGNORECASE))
    expect(page.locator("#confirm")).not_to_contain_text(words["round"])
    shoot(page, f"offers-confirm-pass-{lang}-phone")
    keep(f"offers-confirm-pass-{lang}")
    assert last_seq(page, server, match_id) == 3
    page.get_by_role("button", name=re.compile(re.escape(words["yes"]), re.IGNORECASE)).click()
    page.wait_for_load_state()
    assert last_seq(page, server, match_id) == 4
    page.context.close()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_cn_turn_1_finishing_the_table_turn_asks_nothing(server: str, browser: Any,
                                                         lang: str) -> None:
    """CN-TURN-1: Bob's « Finir le tour » closes the table's turn: one tap logs it."""
    words = WORDS[lang]
    page, match_id, host = host_phone(browser, server, "croconounours", 2, lang)
    logged(page, server, match_id, host, "first_player", None, {"seat": 0})
    logged(page, server, match_id, host, "deploy", 0, {
        "corner": "a1", "warriors": {"a1": "red", "a2": "green", "b1": "yellow"}})
    logged(page, server, match_id, host, "deploy", 1, {
        "corner": "g7", "warriors": {"g7": "red", "g6": "green", "f7": "yellow"}})
    logged(page, server, match_id, host, "end_turn", 0, {})
    page.goto(f"{server}/m/{match_id}/play?seat=1")
    page.get_by_role("button", name=words["end_turn"]).click()
    page.wait_for_load_state()
    expect(page.locator("#confirm")).to_have_count(0)
    assert last_seq(page, server, match_id) == 5
    shoot(page, f"offers-end-turn-{lang}-phone")
    keep(f"offers-end-turn-{lang}")
    page.context.close()

"""The forms a phone fills without codes, in Chromium at 390×844 in French: each picker filled
by tapping names and cards, the form sent, and the logged move or the created match checked
through the API (the payloads and options are the ones the plain fields always posted)."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.web.test_browser import (  # noqa: F401  (the module's server and browser fixtures)
    PHONE,
    TIMEOUT,
    browser,
    expect,
    server,
    shoot,
)

pytestmark = pytest.mark.browser

NAMES = ("Alice", "Bob", "Chloé", "David")


def api(base: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{base}{path}", data=data, headers=headers)
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def french_phone(chromium: Any) -> Any:
    page = chromium.new_context(viewport=PHONE, locale="fr-FR", is_mobile=True,
                                has_touch=True).new_page()
    page.set_default_timeout(TIMEOUT)
    return page


def hosted(chromium: Any, base: str, body: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """A match made through the API, and a French phone holding its host's link."""
    match = api(base, "/api/matches", body)
    page = french_phone(chromium)
    page.goto(f"{base}/m/{match['id']}/join?token={match['host_token']}")
    return page, match


def chip(scope: Any, name: str, value: str) -> None:
    """Tap the chip that posts ``value`` for ``name``."""
    scope.locator(f'label.chip:has(input[name="{name}"][value="{value}"])').click()


def events(base: str, match: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = api(base, f"/api/matches/{match['id']}/events",
                                      token=match["host_token"])["events"]
    return found


def new_match(page: Any, base: str, game: str) -> None:
    """The creation page with the four players typed in."""
    page.goto(f"{base}/new/{game}")
    for i, name in enumerate(NAMES):
        page.locator(f"#seat-{i}").fill(name)


def created(page: Any, base: str) -> dict[str, Any]:
    page.get_by_role("button", name="Créer la partie").click()
    page.wait_for_url(re.compile(r"/m/\d+/invite"))
    match_id = re.search(r"/m/(\d+)/invite", page.url).group(1)  # type: ignore[union-attr]
    found: dict[str, Any] = api(base, f"/api/matches/{match_id}")
    return found


def test_the_host_corrects_a_discard_by_tapping_the_red_king(
        server: str, browser: Any) -> None:  # noqa: F811
    """CC-DECK-1: the queen discarded (12) was a red king (−1); no value is typed."""
    page, match = hosted(browser, server, {"game": "citroncoco",
                                           "seats": [{"name": n} for n in NAMES[:3]]})
    api(server, f"/api/matches/{match['id']}/events",
        {"type": "draw", "seat": 0, "payload": {"source": "stock"}}, match["seat_tokens"][0])
    api(server, f"/api/matches/{match['id']}/events",
        {"type": "discard", "seat": 0, "payload": {"value": 12}}, match["seat_tokens"][0])
    page.goto(f"{server}/m/{match['id']}/correct/2")
    form = page.locator("form.correction-form")
    expect(form.locator('input[name="p.value"][value="12"]')).to_be_checked()  # as logged
    expect(form.locator("#fix-seat option:checked")).to_have_text("Alice")
    form.locator('label.chip:has(input[aria-label="roi rouge (-1)"])').click()
    form.get_by_label("Pourquoi (affiché dans la chronologie)").fill("c'était le roi rouge")
    shoot(page, "forms-correction-phone-fr")
    form.get_by_role("button", name="Prévisualiser la correction").click()
    page.get_by_role("button", name=re.compile("Confirmer")).click()
    page.wait_for_url(re.compile(r"/m/\d+\?logged="))
    correct = events(server, match)[-1]
    assert correct["type"] == "correct"
    assert correct["payload"]["move"]["type"] == "discard"
    assert correct["payload"]["move"]["seat"] == 0
    assert correct["payload"]["move"]["payload"] == {"value": -1}


def test_quick_scoring_takes_each_player_s_total(server: str, browser: Any) -> None:  # noqa: F811
    """CC-RND-1: a round given as totals, one number per player, by the players' names."""
    page, match = hosted(browser, server, {"game": "citroncoco", "mode": "rounds",
                                           "seats": [{"name": n} for n in NAMES]})
    page.goto(f"{server}/m/{match['id']}/play")
    page.get_by_role("link", name="Totaux seulement").click()
    totals = page.locator("section.totals-entry")
    totals.get_by_label("Qui a dit « Citron Coco »").select_option(label="Bob")
    for name, total in zip(NAMES, ("14", "3", "22", "-1"), strict=True):
        totals.get_by_label(name, exact=True).fill(total)
    shoot(page, "forms-rounds-totals-phone-fr")
    totals.get_by_role("button", name="Noter les totaux").click()
    page.get_by_role("button", name="Oui, noter « manche »").click()  # it ends the round
    page.wait_for_load_state()
    (round_event,) = events(server, match)
    assert round_event["type"] == "round"
    assert round_event["payload"]["totals"] == [14, 3, 22, -1]
    assert round_event["payload"]["caller"] == 1


def test_the_first_player_s_draws_are_picked_by_rank_and_suit(
        server: str, browser: Any) -> None:  # noqa: F811
    """CN-SETUP-1: each player's drawn card is tapped, never typed as JSON."""
    page, match = hosted(browser, server, {"game": "croconounours",
                                           "seats": [{"name": n} for n in NAMES[:2]]})
    page.goto(f"{server}/m/{match['id']}/play")
    move = page.locator("details.move", has=page.locator("summary", has_text="Premier joueur"))
    move.locator("summary").click()
    draws = move.locator("fieldset.draws")
    expect(draws).to_contain_text("Carte piochée par Alice")
    chip(draws, "cardmap.draws.0.rank", "Q")
    chip(draws, "cardmap.draws.0.suit", "S")
    chip(draws, "cardmap.draws.1.rank", "7")
    chip(draws, "cardmap.draws.1.suit", "D")
    shoot(page, "forms-croco-draws-phone-fr")
    move.get_by_role("button", name=re.compile("Noter")).click()
    page.wait_for_load_state()
    (first,) = events(server, match)
    assert first["type"] == "first_player"
    assert first["payload"]["draws"] == {"0": "QS", "1": "7D"}


def test_a_new_match_s_first_player_and_deck_are_picked(
        server: str, browser: Any) -> None:  # noqa: F811
    """CC-SET-4 (who starts) and CC-DECK-1 (the deck): by name, and card by card."""
    page = french_phone(browser)
    new_match(page, server, "citroncoco")
    seats = page.locator("fieldset.option-seat")
    expect(seats.locator("label.chip", has_text="David")).to_be_visible()
    seats.locator("label.chip", has_text="Chloé").click()
    page.locator("#deck-10").fill("0")  # the 10s left out
    shoot(page, "forms-new-citroncoco-phone-fr")
    match = created(page, server)
    assert match["options"]["first_seat"] == 2
    assert match["options"]["deck"]["10"] == 0
    assert match["options"]["deck"]["12"] == 4


def test_a_team_match_s_teams_are_made_by_choosing_players(
        server: str, browser: Any) -> None:  # noqa: F811
    """CCT-SEATS-1: Alice with David against Bob with Chloé."""
    page = french_phone(browser)
    new_match(page, server, "citroncoco-teams")
    teams = page.locator("fieldset.teams-picker")
    chip(teams, "team.3", "0")
    chip(teams, "team.2", "1")
    expect(teams.locator("legend", has_text="David")).to_be_visible()
    match = created(page, server)
    assert sorted(sorted(t) for t in match["options"]["teams"]) == [[0, 3], [1, 2]]


def test_a_croconounours_board_is_drawn_square_by_square(
        server: str, browser: Any) -> None:  # noqa: F811
    """CN-SQ-1: the table's own board, one square changed from the project's."""
    page = french_phone(browser)
    new_match(page, server, "croconounours")
    page.locator("#seat-2").fill("")
    page.locator("#seat-3").fill("")
    page.get_by_label("Couleur des cases").check()
    page.get_by_label("Notre propre plateau : réglez chaque case ci-dessous").check()
    page.get_by_label("Case a7").select_option(label="vert")
    shoot(page, "forms-new-croconounours-phone-fr")
    match = created(page, server)
    layout = match["options"]["layout"]
    assert len(layout) == 7 and layout[0][0] == "G"
    assert layout[3][3] == "*"  # the rest as the project's board


def test_plouc_s_dealer_and_first_player_are_picked_by_name(
        server: str, browser: Any) -> None:  # noqa: F811
    """PL-DEAL-1: Bob deals, Chloé plays first."""
    page = french_phone(browser)
    new_match(page, server, "plouc")
    pickers = page.locator("fieldset.option-seat")
    pickers.nth(0).locator("label.chip", has_text="Bob").click()
    pickers.nth(1).locator("label.chip", has_text="Chloé").click()
    match = created(page, server)
    assert match["options"]["dealer"] == 1
    assert match["options"]["first_seat"] == 2

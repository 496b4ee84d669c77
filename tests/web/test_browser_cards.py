"""Cards as cards, screens that agree, a TV board readable from the sofa: in a real Chromium.

Requirements checked here: every card entry is a picker of real cards (CitronCoco's deck with
the red and black kings apart, logged as values; CrocoNounours's and Plouc's suits as signs);
several cards keep the order tapped with a script, and without one the form asks each card's
position; a pad never shows "?" for a card the engine knows and the host's reveal is one grid
of pickers with every known card filled in; the table before a move is one tap away; the TV
board shows the score sheet beside the chart and its labels are at least 32 px on a 1080p
screen and never overlap, equal totals included (bounding boxes measured in the browser).
"""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import playwright.sync_api as playwright_api
import pytest

from tests.web import test_browser as first_scenario
from tests.web.test_browser import SHOTS, TIMEOUT, TV, shoot, tap, tap_cards

pytestmark = pytest.mark.browser

server = first_scenario.server
browser = first_scenario.browser
expect = playwright_api.expect


def api(base: str, path: str, body: dict[str, Any] | None = None, token: str = "") -> Any:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{base}{path}", data=data, headers=headers)
    try:
        with urllib.request.urlopen(request) as response:
            return json.load(response)
    except urllib.error.HTTPError as err:
        raise AssertionError(f"{path}: {err.code} {err.read().decode()}") from err


def create(base: str, game: str, names: tuple[str, ...], **extra: Any) -> dict[str, Any]:
    return api(base, "/api/matches", {"game": game, "seats": [{"name": n} for n in names],
                                      **extra})


def play(base: str, match: dict[str, Any], type_: str, seat: int | None,
         payload: dict[str, Any]) -> dict[str, Any]:
    """A move logged through the API with the host's token."""
    return api(base, f"/api/matches/{match['id']}/events",
               {"type": type_, "seat": seat, "payload": payload}, match["host_token"])


def events(base: str, match: dict[str, Any]) -> list[dict[str, Any]]:
    return api(base, f"/api/matches/{match['id']}/events?limit=500",
               token=match["host_token"])["events"]


def joined(chromium: Any, base: str, match: dict[str, Any], token: str,
           script: bool = True) -> Any:
    """A phone that opened a join link (``script=False``: a browser without JavaScript)."""
    context = chromium.new_context(viewport=first_scenario.PHONE, device_scale_factor=2,
                                   is_mobile=True, has_touch=True, java_script_enabled=script)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{base}/m/{match['id']}/join?token={token}")
    return page


def pad_form(page: Any, button: str) -> Any:
    return page.locator("form.pad-form").filter(
        has=page.get_by_role("button", name=button, exact=True))


# --- CitronCoco -----------------------------------------------------------------------------------


def test_citroncoco_cards_are_tapped_and_known_cards_filled_in(server: str,
                                                               browser: Any) -> None:
    """CC-TURN-4, CC-LOG-2: the deck's cards are offered as cards (the red and the black king
    apart) and the one tapped is logged as its value; the card Bob took from the discard shows
    in his row (never "?"), tapping it picks its card, and the host's reveal grid has it
    filled in."""
    match = create(server, "citroncoco", ("Alice", "Bob"))
    alice = joined(browser, server, match, match["seat_tokens"][0])
    alice.get_by_role("button", name="Draw from the stock").click()
    discard = pad_form(alice, "Discard the drawn card")
    expect(discard.get_by_role("radio", name="red king (-1)")).to_have_count(1)
    shoot(alice, "pad-citroncoco-discard-phone")
    expect(discard.get_by_role("radio", name="black king (13)")).to_have_count(1)
    expect(discard.get_by_role("radio", name="jack (11)")).to_have_count(1)
    discard.get_by_role("radio", name="8", exact=True).check()
    discard.get_by_role("button", name="Discard the drawn card").click()
    expect(alice.locator("#verdict")).to_contain_text("Logged #2: discard")
    assert events(server, match)[-1]["payload"] == {"value": 8}

    play(server, match, "draw", 1, {"source": "discard"})  # Bob takes the 8…
    play(server, match, "replace", 1, {"slot": 2, "value": 4})  # …and keeps it at position 2
    bob = joined(browser, server, match, match["seat_tokens"][1])
    quick = pad_form(bob, "Quick play this card")
    known = quick.get_by_role("radio", name="Card 2: 8")
    expect(known).to_have_count(1)
    assert "?" not in bob.locator("section.now").inner_text()
    assert "?" not in bob.locator("section.quick-moves").inner_text()
    known.check()  # tapping the known card picks its card too
    expect(quick.locator('input[name="p.value"][value="8"]')).to_be_checked()
    shoot(bob, "pad-citroncoco-known-card-phone")

    for type_, seat, payload in (("draw", 0, {"source": "stock"}), ("discard", 0, {"value": 5}),
                                 ("citron_coco", 0, {}), ("draw", 1, {"source": "stock"}),
                                 ("discard", 1, {"value": 6})):
        play(server, match, type_, seat, payload)
    host = joined(browser, server, match, match["host_token"])
    grid = host.locator("form.reveal-grid")
    expect(grid.locator('input[name="grid.hands.1.1"][value="8"]')).to_be_checked()
    expect(grid.locator('input[name="grid.hands.0.0"]:checked')).to_have_count(0)
    shoot(host, "pad-citroncoco-reveal-phone")
    for seat, values in ((0, ("1", "2", "3", "7")), (1, ("9", None, "10", "12"))):
        for i, value in enumerate(values):
            if value is not None:
                tap(grid, f"grid.hands.{seat}.{i}", value)
    grid.get_by_role("button", name="Reveal the hands").click()
    host.get_by_role("button", name="Yes, log reveal").click()  # a costly move, confirmed
    expect(host.locator("#verdict")).to_contain_text("reveal")
    assert events(server, match)[-1]["payload"]["hands"] == [[1, 2, 3, 7], [9, 8, 10, 12]]
    for page in (alice, bob, host):
        page.context.close()


# --- several cards: the order laid ----------------------------------------------------------------


def croco_at_discard(base: str) -> dict[str, Any]:
    """A CrocoNounours match deployed, Alice (seat 0) to discard."""
    match = create(base, "croconounours", ("Alice", "Bob"))
    play(base, match, "first_player", None, {"seat": 0})
    play(base, match, "deploy", 0, {"corner": "a1",
                                    "warriors": {"a1": "red", "a2": "green", "b1": "yellow"}})
    play(base, match, "deploy", 1, {"corner": "g7",
                                    "warriors": {"g7": "red", "g6": "green", "f7": "yellow"}})
    return match


def test_croconounours_discard_keeps_the_order_tapped(server: str, browser: Any) -> None:
    """Several cards are tapped one after the other, as suits' signs (nothing typed); the
    next picker shows once a card is complete, and the log keeps the order tapped."""
    match = croco_at_discard(server)
    alice = joined(browser, server, match, match["seat_tokens"][0])
    form = pad_form(alice, "Discard")
    second = form.locator('.seq-card[data-index="1"]')
    expect(second).to_be_hidden()
    expect(form.locator("label.suit-chip", has_text="♥").first).to_be_visible()
    tap_cards(form, "cards", ["9S", "2H"])
    expect(form.locator('.seq-card[data-index="2"]')).to_be_visible()
    shoot(alice, "pad-croconounours-discard-phone")
    form.get_by_role("button", name="Discard", exact=True).click()
    expect(alice.locator("#verdict")).to_contain_text("discard")
    assert events(server, match)[-1]["payload"]["cards"] == ["9S", "2H"]
    alice.context.close()


def test_croconounours_discard_without_script_asks_each_cards_position(server: str,
                                                                       browser: Any) -> None:
    """Without JavaScript every picker shows with its position ("Card laid 1", "2"…): the
    cards are logged by the positions given, whatever order they were tapped in."""
    match = croco_at_discard(server)
    alice = joined(browser, server, match, match["seat_tokens"][0], script=False)
    form = pad_form(alice, "Discard")
    expect(form.locator(".seq-card legend", has_text="Card laid 2")).to_be_visible()
    tap(form, "seq.cards.1.rank", "2")  # the second card laid, tapped first
    tap(form, "seq.cards.1.suit", "H")
    tap(form, "seq.cards.0.rank", "9")
    tap(form, "seq.cards.0.suit", "S")
    form.get_by_role("button", name="Discard", exact=True).click()
    expect(alice.locator("#verdict")).to_contain_text("discard")
    assert events(server, match)[-1]["payload"]["cards"] == ["9S", "2H"]
    alice.context.close()


def test_plouc_without_script_asks_the_card_on_top(server: str, browser: Any) -> None:
    """PL-PLAY-2 without JavaScript: the form asks which suit ends on top."""
    match = create(server, "plouc", ("Alice", "Bob"))
    play(server, match, "turn_up", 0, {"card": "8H"})
    state = api(server, f"/api/matches/{match['id']}/state")
    turn = state["table"]["turn"]
    player = joined(browser, server, match, match["seat_tokens"][turn], script=False)
    form = pad_form(player, "Play the cards")
    tap(form, "cards.cards.rank", "8")
    form.locator('label.chip:has(input[name="cards.cards.suit"][value="C"])').click()
    form.locator('label.chip:has(input[name="cards.cards.suit"][value="D"])').click()
    tap(form, "cards.cards.top", "C")
    form.get_by_role("button", name="Play the cards").click()
    expect(player.locator("#verdict")).to_contain_text("play")
    assert events(server, match)[-1]["payload"]["cards"] == ["8D", "8C"]
    player.context.close()


# --- the table before a move --------------------------------------------------------------------


def test_the_table_before_a_move_is_one_tap_away(server: str, browser: Any) -> None:
    """The dispute view offers the table before each move, in the game's words."""
    match = create(server, "citroncoco", ("Alice", "Bob"))
    play(server, match, "draw", 0, {"source": "stock"})
    play(server, match, "discard", 0, {"value": 7})
    page = joined(browser, server, match, match["host_token"])
    page.goto(f"{server}/m/{match['id']}")
    page.locator("#e2").get_by_role("link", name="Table before #2").click()
    expect(page.locator("#table-title")).to_contain_text("The table right after #1")
    facts = page.locator("#table dl.facts").inner_text()
    assert facts.count("To play") == 1 and "turn seat" not in facts  # one line for the turn
    assert "the drawn card is to be played" in facts  # the phase in the game's words
    assert "multiplier" not in facts.lower()  # said only when it multiplies
    page.locator("#e2").get_by_role("link", name="Table after #2").click()
    expect(page.locator("#table dl.facts")).to_contain_text("7, laid by Alice")
    shoot(page, "match-phone-table-before")
    page.context.close()


# --- the TV board ---------------------------------------------------------------------------------

NAMES = """() => Array.from(document.querySelectorAll('.board-line .name, table.sheet .name'))
  .map(t => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent.trim(), px: parseFloat(getComputedStyle(t).fontSize),
            top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  })"""


def overlapping(boxes: list[dict[str, Any]]) -> list[tuple[str, str]]:
    return [(a["text"], b["text"]) for i, a in enumerate(boxes) for b in boxes[i + 1:]
            if a["left"] < b["right"] and b["left"] < a["right"]
            and a["top"] < b["bottom"] and b["top"] < a["bottom"]]


def test_tv_board_sheet_and_chart_readable(server: str, browser: Any) -> None:
    """On 1080p: the sides' names large and apart, with all totals equal and with two equal
    (tied sides share a place); after a round the score sheet a side a row with its totals,
    the chart under it, the last moves with their verdicts."""
    match = create(server, "citroncoco", ("Alice", "Bob", "Chloé"), mode="rounds")
    tv = browser.new_context(viewport=TV).new_page()
    tv.set_default_timeout(TIMEOUT)
    tv.goto(f"{server}/m/{match['id']}/board")
    boxes = tv.evaluate(NAMES)
    assert len(boxes) == 3 and not overlapping(boxes), boxes  # 0, 0, 0: all equal
    assert min(b["px"] for b in boxes) >= 32, boxes

    play(server, match, "round", None,  # CC-CALL-4: Bob and Chloé hold the same points
         {"caller": 0, "hands": [[1, 1, 1, 1], [2, 3, 4, 5], [5, 4, 3, 2]]})
    tv.reload()
    expect(tv.locator("table.sheet tbody tr")).to_have_count(3)  # a side a row
    lines = {line["side"]: line for line in
             api(server, f"/api/matches/{match['id']}")["standings"]["lines"]}
    assert lines["1"]["total"] == lines["2"]["total"]
    assert lines["1"]["rank"] == lines["2"]["rank"]  # tied: one place
    sheet = tv.locator("table.sheet tbody").inner_text()
    assert str(lines["1"]["total"]) in sheet and str(lines["0"]["total"]) in sheet
    expect(tv.locator(".recent-moves li").first).to_contain_text("round")
    expect(tv.locator(".recent-moves li").first).to_contain_text("OK")
    boxes = tv.evaluate(NAMES)
    assert not overlapping(boxes) and min(b["px"] for b in boxes) >= 24, boxes
    chart = tv.locator("svg.chart").bounding_box()
    table = tv.locator("table.sheet").bounding_box()
    assert chart["y"] >= table["y"] + table["height"] - 1  # the chart under the sheet
    assert chart["y"] + chart["height"] <= TV["height"]  # on the screen
    SHOTS.mkdir(parents=True, exist_ok=True)
    tv.screenshot(path=str(SHOTS / "board-tv-sheet.png"))
    tv.context.close()


def test_phone_pads_fit_the_screen(server: str, browser: Any) -> None:
    """The card pickers fit a 390 px phone: nothing wider than the screen."""
    match = croco_at_discard(server)
    alice = joined(browser, server, match, match["seat_tokens"][0])
    overflow = alice.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1
    alice.context.close()


def test_neurotrio_lights_the_cells_where_the_chosen_card_fits(server: str,
                                                               browser: Any) -> None:
    """NT-DOM: once the card is picked by its signs and colour, the cells lit are exactly
    where the engine's legal moves would place it."""
    match = create(server, "neurotrio", ("Alice", "Bob", "Chloé"))
    play(server, match, "start_domain", None, {"card": "coeur-noir-2"})
    turn = api(server, f"/api/matches/{match['id']}/state")["table"]["turn"]
    token = match["seat_tokens"][turn]
    legal = api(server, f"/api/matches/{match['id']}/legal-moves", token=token)["moves"]
    wanted = sorted(f"{p['row']},{p['col']}" for m in legal if m["type"] == "place"
                    for p in m["payloads"] if p["card"] == "coeur-vert-2")
    page = joined(browser, server, match, token)
    form = page.locator("form.tap-form")
    for name, value in (("part.card.0", "coeur"), ("part.card.1", "vert"),
                        ("part.card.2", "2")):
        tap(form, name, value)
    expect(form.locator("td.fits").first).to_be_visible()
    lit = sorted(td.get_attribute("data-cell") for td in form.locator("td.fits").all())
    assert lit == wanted and lit
    shoot(page, "pad-neurotrio-fits-phone")
    page.context.close()


def test_the_pad_and_the_board_in_french(server: str, browser: Any) -> None:
    """Cards as cards in both languages: V, D, R and the suits' French names on the pad, the
    TV board's sheet and last moves in French."""
    match = create(server, "citroncoco", ("Alice", "Bob"))
    alice = joined(browser, server, match, match["seat_tokens"][0])
    alice.goto(f"{server}/m/{match['id']}/play?lang=fr")
    alice.get_by_role("button", name="Piocher dans la pioche").click()
    discard = pad_form(alice, "Défausser la carte piochée")
    for name in ("valet (11)", "dame (12)", "roi rouge (-1)", "roi noir (13)"):
        expect(discard.get_by_role("radio", name=name)).to_have_count(1)
    expect(discard.locator(".face b", has_text="V")).to_have_count(1)
    shoot(alice, "pad-citroncoco-fr-phone")
    alice.context.close()
    tv = browser.new_context(viewport=TV, locale="fr-FR").new_page()
    tv.set_default_timeout(TIMEOUT)
    tv.goto(f"{server}/m/{match['id']}/board?lang=fr")
    expect(tv.locator(".board-recent h2")).to_have_text("Derniers coups")
    shoot(tv, "board-tv-fr")
    tv.context.close()

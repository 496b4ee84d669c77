"""The pages in a real browser (Debian's Chromium, driven by Playwright) against a real server.

Scenario: the host creates a match in a game night, two players join from their phones and log
a round, the TV's scoreboard follows live, the table argues over the timeline and looks at the
state at an earlier event, then someone browses the history. Every page is photographed at a
phone's and a TV's size under test-artifacts/screenshots/.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import playwright.sync_api as playwright_api
import pytest

from referee import ROOT, create_app, database
from referee.cli import upgrade_database
from tests.web.helpers import served

pytestmark = pytest.mark.browser

expect = playwright_api.expect

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"width": 390, "height": 844}
TV = {"width": 1920, "height": 1080}
SHOTS = ROOT / "test-artifacts" / "screenshots"
TIMEOUT = 10_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on a migrated SQLite file, served over real HTTP from a thread.

    It listens on every address, as ``scripts/serve --host 0.0.0.0`` does for the table's
    phones: the host opens it on 127.0.0.1, the join links carry the machine's network address.
    """
    path = tmp_path_factory.mktemp("browser") / "referee.sqlite3"
    app = create_app({"DATABASE_URL": f"sqlite:///{path}", "PAGE_SIZE": 5})
    upgrade_database(app)
    with served(app, "0.0.0.0") as port:
        yield f"http://127.0.0.1:{port}"
    database(app).engine.dispose()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package")
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield chromium
        chromium.close()


def shoot(page: Any, name: str) -> None:
    """The whole page, and what the screen shows first."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.screenshot(path=str(SHOTS / f"{name}-screen.png"))


def phone(browser: Any) -> Any:
    return browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                               has_touch=True).new_page()


def log(page: Any, label: str, **fields: str) -> None:
    """Fill a quick action's inputs (a card picker: tap the card) and press its big button."""
    form = page.locator("form.pad-form").filter(has=page.get_by_role("button", name=label))
    for name, value in fields.items():
        field = form.locator(f'[name="p.{name}"]')
        if field.first.get_attribute("type") == "radio":
            tap(form, f"p.{name}", value)
        else:
            field.fill(value)
    # the verdict's page loaded, before anything else is asked (the pad's own address change,
    # ``history.replaceState``, is a navigation too, of the same page)
    with page.expect_event("load"):
        form.get_by_role("button", name=label).click()


def tap(form: Any, name: str, value: str) -> None:
    """Tap the chip (a card, a position, a suit) that posts ``value`` for ``name``."""
    form.locator(f'label.chip:has(input[name="{name}"][value="{value}"])').click()


def tap_cards(form: Any, field: str, cards: list[str]) -> None:
    """Tap several ordinary cards (``7C``) in a card sequence picker, in the order laid."""
    for i, card in enumerate(cards):
        tap(form, f"seq.{field}.{i}.rank", card[:-1])
        tap(form, f"seq.{field}.{i}.suit", card[-1])


def verdict(page: Any) -> str:
    return page.locator("#verdict").inner_text()


def test_a_round_from_two_phones_with_the_scoreboard_live(server: str, browser: Any) -> None:
    host = phone(browser)
    host.set_default_timeout(TIMEOUT)
    host.goto(server + "/")
    shoot(host, "home-phone-empty")

    # a game night, and a match in it
    host.get_by_label("New game night").fill("Friday at Alice's")
    host.get_by_role("button", name="Create the night").click()
    expect(host.get_by_role("heading", level=1)).to_have_text("Friday at Alice's")
    host.get_by_role("link", name="New match in this night").click()
    host.get_by_role("link", name=re.compile("^CitronCoco \\(each for themself\\)")).click()
    host.locator("#seat-0").fill("Alice")
    host.locator("#seat-1").fill("Bob")
    expect(host.get_by_text("la somme de deux cartes")).to_be_visible()  # the rule's words
    shoot(host, "create-phone")
    host.get_by_role("button", name="Create the match").click()
    expect(host.get_by_role("heading", level=1)).to_contain_text("join links")
    expect(host.locator("svg.qr")).to_have_count(3)
    shoot(host, "invite-phone")
    links = {a.get_attribute("data-seat"): a.get_attribute("href")
             for a in host.locator("a.join-link").all()}
    match_id = int(re.search(r"/m/(\d+)/", links["0"]).group(1))

    # the TV shows the scoreboard; it must follow without reloading
    tv = browser.new_context(viewport=TV).new_page()
    tv.set_default_timeout(TIMEOUT)
    tv.goto(f"{server}/m/{match_id}/board")
    expect(tv.locator(".board-line")).to_have_count(2)
    expect(tv.locator(".board-turn")).to_have_text("To play: Alice")
    tv.evaluate("window.stillHere = true")
    shoot(tv, "board-tv-start")

    # two players join from their phones
    alice, bob = phone(browser), phone(browser)
    for page, who in ((alice, "0"), (bob, "1")):
        page.set_default_timeout(TIMEOUT)
        page.goto(links[who])  # the join page's script posts the token after the "#"
        page.wait_for_url(lambda url: not url.endswith("/join/link"))
        assert re.search(rf"/m/{match_id}/play$", page.url)  # the token left the address
    expect(alice.locator(".who")).to_contain_text("You are seat 1 (Alice)")
    expect(bob.locator(".who")).to_contain_text("You are seat 2 (Bob)")

    log(alice, "Draw from the stock")
    assert "CC-TURN-1" in verdict(alice)
    log(alice, "Discard the drawn card", value="5")
    assert "discards the drawn 5" in verdict(alice)

    # Bob's wrong quick play: a missplay, with its rule and penalty
    bob.reload()  # the pad offers what the table allows now: Alice's 5 is on the discard
    log(bob, "Quick play this card", slot="1", value="3")
    expect(bob.locator(".verdict-missplay")).to_contain_text("CC-MISS-2")
    expect(bob.locator(".verdict-missplay")).to_contain_text("Penalty:")
    shoot(bob, "play-phone-missplay")
    expect(alice.locator("#stale")).to_be_visible()  # Alice's pad says Bob logged a move

    log(alice, "Citron Coco!")
    alice.get_by_role("button", name="Yes, log citron coco").click()
    assert "calls Citron Coco" in verdict(alice)

    # Alice cannot discard now (her pad no longer offers it; the full form still does): the
    # move is refused in words and nothing is logged
    expect(alice.get_by_role("button", name="Discard the drawn card")).to_have_count(0)
    alice.locator("details.move summary", has_text="Discard").click()
    chip(alice.locator("details.move[open]"), "citron-cards", "4")  # the deck's cards, as the pad
    alice.get_by_role("button", name="Log: discard").click()
    expect(alice.get_by_role("alert")).to_contain_text("Impossible: not logged")
    expect(alice.get_by_role("alert")).to_contain_text("a turn starts with a draw")
    shoot(alice, "play-phone-impossible")

    bob.reload()
    log(bob, "Draw from the stock")
    log(bob, "Discard the drawn card", value="6")
    expect(tv.locator(".board-seq")).to_have_text("6 moves logged")  # live, mid-round

    # the hands are revealed from the host's phone, with the pad's full form for that move: a
    # seat's pad does not offer it, since it states the other seats' hands
    expect(bob.locator("details.move summary", has_text="Reveal")).to_have_count(0)
    host.goto(f"{server}/m/{match_id}/play")
    host.locator("details.move summary", has_text="Reveal").click()
    host.locator('details.move[open] textarea[name="p.hands"]').fill("1 2 3 4\n3 6 7 8 9")
    host.get_by_role("button", name="Log: reveal").click()
    host.get_by_role("button", name="Yes, log reveal").click()
    assert "CC-CALL" in verdict(host)
    shoot(host, "play-phone-after-round")

    # the TV changed by itself: totals, the round chart toward 200
    expect(tv.locator(".board-unit")).to_contain_text("after round 1")
    expect(tv.locator("svg.chart polyline")).to_have_count(2)
    assert tv.evaluate("window.stillHere") is True  # updated in place, no reload
    # the standings are now the score sheet, a side a row, best place first
    expect(tv.locator("table.sheet tbody tr").first).to_contain_text("Alice")
    shoot(tv, "board-tv-round-1")

    # the dispute: the timeline, and the table right after Alice's discard (#2)
    host.goto(f"{server}/m/{match_id}")
    expect(host.locator("#e3")).to_have_class(re.compile("missplay"))
    expect(host.locator("#e3")).to_contain_text("Penalty:")
    host.locator("#e2").get_by_role("link", name="Table after #2").click()
    expect(host.locator("#table-title")).to_contain_text("right after #2")
    expect(host.locator("#e2")).to_have_class(re.compile("current"))
    shoot(host, "match-phone-state-at-2")

    # the host voids a mistaken entry from there: struck through, with the reason
    host.locator("#e5 details.tool summary", has_text="Void").click()
    host.locator("#e5").get_by_label("Why it was logged by mistake").fill("Bob misread")
    host.locator("#e5").get_by_role("button", name="Void event #5").click()
    expect(host.locator(".preview")).to_contain_text("nothing is logged until you confirm")
    host.get_by_role("button", name="Confirm: void event #5").click()
    expect(host.locator("#e5")).to_have_class(re.compile("voided"))
    expect(host.locator("#e5 .void-note")).to_contain_text("Bob misread")
    shoot(host, "match-phone-void")

    desk = browser.new_context(viewport=TV).new_page()
    desk.goto(f"{server}/m/{match_id}?at=2&as=public#table")
    expect(desk.locator("#table-title")).to_contain_text("as the public")
    shoot(desk, "match-tv-state-at-2")

    # history: by game and by player, then the player's page
    desk.goto(f"{server}/history")
    desk.get_by_label("Game").select_option(label="CitronCoco (each for themself)")
    desk.get_by_label("Player").select_option(label="Bob")
    desk.get_by_role("button", name="Show").click()
    expect(desk.locator(".count")).to_have_text("1 match")
    shoot(desk, "history-tv")
    desk.get_by_role("link", name="Scoreboard").first.wait_for()
    desk.goto(f"{server}/players")
    desk.get_by_role("link", name="Bob").click()
    expect(desk.locator("table.record")).to_contain_text("CitronCoco")
    shoot(desk, "player-tv")
    for context in {p.context for p in (host, tv, alice, bob, desk)}:
        context.close()


PAGES = ["/", "/new", "/new/citroncoco", "/history", "/players", "/import", "/no-such-page",
         "/m/{id}", "/m/{id}?at=2#table", "/m/{id}/play", "/m/{id}/invite", "/m/{id}/board",
         "/players/1", "/nights/1"]


def test_every_page_at_phone_and_tv_sizes(server: str, browser: Any) -> None:
    """Screenshots for looking at, and no page wider than the phone's screen."""
    for size, viewport in (("phone", PHONE), ("tv", TV)):
        page = browser.new_context(viewport=viewport).new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(server + "/")  # a night and a match of our own, two moves in
        page.get_by_label("New game night").fill(f"Screenshots on the {size}")
        page.get_by_role("button", name="Create the night").click()
        night_id = page.url.rsplit("/", 1)[1]
        page.goto(f"{server}/new/citroncoco?night={night_id}")
        for seat, name in enumerate(("Alice", "Bob", "Carol")):
            page.locator(f"#seat-{seat}").fill(name)
        page.get_by_role("button", name="Create the match").click()
        match_id = re.search(r"/m/(\d+)/", page.url).group(1)
        page.goto(f"{server}/m/{match_id}/play")
        log(page, "Draw from the stock")
        log(page, "Discard the drawn card", value="7")
        for path in PAGES:
            path = path.replace("{id}", match_id).replace("/nights/1", f"/nights/{night_id}")
            response = page.goto(server + path)
            assert response is not None
            assert response.status == (404 if path == "/no-such-page" else 200), path
            name = re.sub(r"[^a-z0-9]+", "-", path.strip("/").lower()).strip("-") or "home"
            name = name.replace(f"m-{match_id}", "match")
            shoot(page, f"page-{name}-{size}")
            overflow = page.evaluate(
                "document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 1, f"{path} is {overflow}px wider than the {size} screen"
        page.context.close()


def chip(page: Any, group: str, text: str) -> None:
    """Press one of a picker's big buttons (a radio button's label) among those shown (the
    generic forms' pickers stay folded away)."""
    exactly = re.compile(f"^\\s*{re.escape(text)}\\s*$")
    page.locator(f".{group} label.chip:visible").filter(has_text=exactly).click()


def shoot_pad(page: Any, name: str) -> None:
    """The page, and the game's pad alone (large enough to look at)."""
    shoot(page, name)
    page.locator(".quick-moves").screenshot(path=str(SHOTS / f"{name}-pad.png"))


def new_match(page: Any, server: str, game: str, names: tuple[str, ...]) -> int:
    page.goto(f"{server}/new/{game}")
    for seat, name in enumerate(names):
        page.locator(f"#seat-{seat}").fill(name)
    page.get_by_role("button", name="Create the match").click()
    match_id = int(re.search(r"/m/(\d+)/", page.url).group(1))
    page.goto(f"{server}/m/{match_id}/play")
    return match_id


def test_tap_the_board_on_a_phone(server: str, browser: Any) -> None:
    """The host's phone logs a CrocoNounours opening by tapping the board, then a Neurotrio
    placement by tapping the domain; each game's pad is photographed."""
    page = phone(browser)
    page.set_default_timeout(TIMEOUT)
    new_match(page, server, "croconounours", ("Alice", "Bob"))
    chip(page, "chips", "seat 1 (Alice)")
    page.get_by_role("button", name="This seat plays first").click()
    page.get_by_role("link", name="Deploy in corner a1").click()
    expect(page.get_by_label("On a2")).to_have_value("green")
    shoot_pad(page, "pad-croconounours-deploy-phone")
    page.get_by_role("button", name="Deploy in a1").click()
    expect(page.locator("#quick-title")).to_contain_text("seat 2 (Bob)")
    page.get_by_role("link", name="Deploy in corner g7").click()
    page.get_by_role("button", name="Deploy in g7").click()
    discard = page.locator("form.pad-form").filter(
        has=page.get_by_role("button", name="Discard", exact=True))
    tap_cards(discard, "cards", ["2H", "3H", "4H"])
    discard.get_by_role("button", name="Discard", exact=True).click()
    expect(page.locator("#verdict")).to_contain_text("discard")
    events = page.request.get(page.url.split("/m/")[0] + "/api/matches/"
                              + page.url.split("/m/")[1].split("/")[0] + "/events").json()
    assert events["events"][-1]["payload"]["cards"] == ["2H", "3H", "4H"]
    expect(page.get_by_label("Cards drawn")).to_have_value("3")
    page.get_by_role("button", name="Draw 3").click()
    page.get_by_role("link", name="Choose Alice's green warrior").click()  # named, not "0-green"
    expect(page.locator("#pad-board-title")).to_contain_text(
        "Alice's green warrior: pick the card")
    chip(page, "ranks", "7")
    shoot_pad(page, "pad-croconounours-reach-phone")
    page.get_by_role("button", name="Move Alice's green warrior to a3 (♣ step)").click()
    expect(page.locator("#verdict")).to_contain_text("Logged #6: move by seat 1 (Alice)")
    expect(page.locator(".croco-board td", has_text="a3")).to_contain_text("green")
    shoot_pad(page, "pad-croconounours-moved-phone")

    new_match(page, server, "neurotrio", ("Alice", "Bob", "Carol"))
    for group, text in (("natures", "♥ heart"), ("colours", "noir"), ("forces", "●● 2")):
        chip(page, group, text)
    page.get_by_role("button", name="Lay the starting card").click()
    for group, text in (("natures", "♥ heart"), ("colours", "vert"), ("forces", "●● 2")):
        chip(page, group, text)
    shoot_pad(page, "pad-neurotrio-place-phone")
    page.get_by_role("button", name="Place at row 0, column 1").click()
    expect(page.locator("#verdict")).to_contain_text("Logged #2: place")
    expect(page.locator(".domain-grid")).to_contain_text("heart vert 2")
    shoot_pad(page, "pad-neurotrio-placed-phone")

    new_match(page, server, "plouc", ("Alice", "Bob"))
    chip(page, "ranks", "7")
    chip(page, "suits", "♥ hearts")
    page.get_by_role("button", name="Turn it up").click()
    shoot_pad(page, "pad-plouc-phone")
    new_match(page, server, "citroncoco-teams", ("Alice", "Bob", "Carol", "Dan"))
    page.get_by_role("button", name="Draw from the stock").click()
    shoot_pad(page, "pad-citroncoco-teams-phone")
    overflow = page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 1
    page.context.close()

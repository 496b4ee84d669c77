"""What went wrong at a real table, replayed in Chromium with the host's phone and two players'
phones: a one-tap Citron Coco, Plouc suits logged out of order, a reload answered 405, a replaced
join link, join links on a loopback address, and a match imported twice."""

from __future__ import annotations

import json
import re
from typing import Any

import playwright.sync_api as playwright_api
import pytest

from referee.service import network
from tests.web import test_browser as first_scenario
from tests.web.test_browser import TIMEOUT, chip, log, phone, shoot

pytestmark = pytest.mark.browser

# the real server and Chromium of the first scenario's fixtures
server = first_scenario.server
browser = first_scenario.browser

expect = playwright_api.expect


def host_creates(page: Any, server: str, game: str, names: tuple[str, ...]) -> dict[str, str]:
    """The host creates a match; its join links, by seat ("0", "1", …, "host")."""
    page.goto(f"{server}/new/{game}")
    for seat, name in enumerate(names):
        page.locator(f"#seat-{seat}").fill(name)
    page.get_by_role("button", name="Create the match").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("join links")
    return {a.get_attribute("data-seat"): a.get_attribute("href")
            for a in page.locator("a.join-link").all()}


def match_id_of(links: dict[str, str]) -> int:
    return int(re.search(r"/m/(\d+)/join", links["0"]).group(1))


def joined_phone(browser: Any, link: str) -> Any:
    page = phone(browser)
    page.set_default_timeout(TIMEOUT)
    page.goto(link)  # the join page's script posts the token after the "#"
    page.wait_for_url(lambda url: not url.endswith("/join/link"))
    return page


def seq_of(page: Any, server: str, match_id: int) -> int:
    return page.request.get(f"{server}/api/matches/{match_id}").json()["last_seq"]


def test_citron_coco_is_not_logged_on_one_tap(server: str, browser: Any) -> None:
    """CC-CALL-1: the call is confirmed on a page that says what it does; "No" logs nothing."""
    host = phone(browser)
    host.set_default_timeout(TIMEOUT)
    links = host_creates(host, server, "citroncoco", ("Alice", "Bob"))
    match_id = match_id_of(links)
    alice = joined_phone(browser, links["0"])
    log(alice, "Draw from the stock")
    log(alice, "Discard the drawn card", value="5")
    log(alice, "Citron Coco!")
    expect(alice.locator("#confirm-title")).to_have_text("Log Citron Coco for seat 1 (Alice)?")
    expect(alice.locator("#confirm")).to_contain_text("every other seat plays one last turn")
    shoot(alice, "confirm-citron-coco-phone")
    assert seq_of(alice, server, match_id) == 2
    alice.get_by_role("link", name="No, back without logging").click()
    expect(alice.get_by_role("button", name="Citron Coco!")).to_be_visible()
    assert seq_of(alice, server, match_id) == 2
    log(alice, "Citron Coco!")
    alice.get_by_role("button", name="Yes, log citron coco").click()
    expect(alice.locator("#verdict")).to_contain_text("calls Citron Coco")
    assert seq_of(alice, server, match_id) == 3
    alice.reload()  # the confirmed move's page reloads as the pad, logging nothing again
    assert seq_of(alice, server, match_id) == 3
    for page in (host, alice):
        page.context.close()


def test_plouc_suits_are_logged_in_the_order_tapped(server: str, browser: Any) -> None:
    """PL-PLAY-2: 8♦ tapped, then 8♣: the log says 8D 8C, and ♣ lies on top."""
    host = phone(browser)
    host.set_default_timeout(TIMEOUT)
    links = host_creates(host, server, "plouc", ("Alice", "Bob"))
    match_id = match_id_of(links)
    host.goto(f"{server}/m/{match_id}/play")
    chip(host, "ranks", "8")
    chip(host, "suits", "♥ hearts")
    host.get_by_role("button", name="Turn it up").click()
    turn = host.request.get(f"{server}/api/matches/{match_id}/state").json()["table"]["turn"]
    player = joined_phone(browser, links[str(turn)])
    form = player.locator("form.pad-form").filter(
        has=player.get_by_role("button", name="Play the cards"))
    form.locator(".ranks label.chip").filter(has_text=re.compile(r"^\s*8\s*$")).click()
    form.locator(".laid-order label.chip", has_text="diamonds").click()
    form.locator(".laid-order label.chip", has_text="clubs").click()
    expect(form.locator(".laid-order label.chip", has_text="clubs").locator(".order-badge")
           ).to_have_text("2")
    shoot(player, "pad-plouc-order-phone")
    form.get_by_role("button", name="Play the cards").click()
    expect(player.locator("#verdict")).to_contain_text("Logged #2: play")
    events = player.request.get(f"{server}/api/matches/{match_id}/events").json()["events"]
    assert events[-1]["payload"]["cards"] == ["8D", "8C"]
    table = player.request.get(f"{server}/api/matches/{match_id}/state").json()["table"]
    assert table["discard"]["top"] == "8C"
    for page in (host, player):
        page.context.close()


def test_reloading_after_a_refused_move_shows_the_pad(server: str, browser: Any) -> None:
    """CC-TURN-6: Bob's draw out of turn is refused; reloading, or reopening /moves, is the
    pad, never a 405."""
    host = phone(browser)
    host.set_default_timeout(TIMEOUT)
    links = host_creates(host, server, "citroncoco", ("Alice", "Bob"))
    match_id = match_id_of(links)
    bob = joined_phone(browser, links["1"])
    bob.locator("details.move summary", has_text="Draw").click()
    bob.locator("details.move[open]").get_by_label("stock", exact=True).check()
    bob.locator("details.move[open]").get_by_role("button", name="Log: draw").click()
    expect(bob.get_by_role("alert")).to_contain_text("Impossible: not logged")
    assert re.search(rf"/m/{match_id}/play\?seat=1$", bob.url)  # the pad's, not /moves
    response = bob.reload()
    assert response is not None and response.status == 200
    expect(bob.locator(".who")).to_contain_text("You are seat 2 (Bob)")
    response = bob.goto(f"{server}/m/{match_id}/moves")
    assert response is not None and response.status == 200
    assert bob.url.endswith(f"/m/{match_id}/play")
    assert seq_of(bob, server, match_id) == 0
    for page in (host, bob):
        page.context.close()


def test_a_phone_whose_link_was_replaced_is_told_what_to_do(server: str, browser: Any) -> None:
    host = phone(browser)
    host.set_default_timeout(TIMEOUT)
    links = host_creates(host, server, "citroncoco", ("Alice", "Bob"))
    old = links["1"]
    bob = joined_phone(browser, old)
    expect(bob.locator(".who")).to_contain_text("You are seat 2 (Bob)")
    host.locator("#seat-1").get_by_text("Lost? Make a new link").click()
    host.locator("#seat-1").get_by_role(
        "button", name="Stop the old link and make a new one").click()
    new = host.locator('a.join-link[data-seat="1"]').get_attribute("href")
    assert new != old
    bob.reload()
    expect(bob.locator(".who")).to_contain_text("join link of seat 2 (Bob) was replaced")
    expect(bob.locator(".who")).to_contain_text("scan your seat's new QR code")
    shoot(bob, "play-phone-link-replaced")
    bob.goto(old)
    expect(bob.locator("main")).to_contain_text("was replaced by a new one")
    bob.goto(new)
    expect(bob.locator(".who")).to_contain_text("You are seat 2 (Bob)")
    for page in (host, bob):
        page.context.close()


def test_an_invite_on_a_loopback_address_gives_links_the_phones_can_open(
        server: str, browser: Any) -> None:
    """The host typed 127.0.0.1: the page says so and the links carry the network address."""
    host = phone(browser)
    host.set_default_timeout(TIMEOUT)
    links = host_creates(host, server, "citroncoco", ("Alice", "Bob"))
    assert server.startswith("http://127.0.0.1:")
    expect(host.locator(".lan-warning")).to_contain_text("The phones cannot open this address")
    shoot(host, "invite-phone-loopback")
    found = network.lan_addresses()
    if not found:
        expect(host.locator(".lan-warning")).to_contain_text("No network address")
        host.context.close()
        return
    port = server.rsplit(":", 1)[1]
    assert all(link.startswith(f"http://{found[0]}:{port}/") for link in links.values())
    alice = joined_phone(browser, links["0"])  # the phone opens the network address
    expect(alice.locator(".who")).to_contain_text("You are seat 1 (Alice)")
    for page in (host, alice):
        page.context.close()


def test_importing_a_match_twice_does_not_count_it_twice(server: str, browser: Any,
                                                         tmp_path: Any) -> None:
    """A match's own export imported again is refused with a link to it; a copy on purpose is
    marked as one and leaves the players' records as they were."""
    host = phone(browser)
    host.set_default_timeout(TIMEOUT)
    names = ("Zoé Import", "Yann Import")
    links = host_creates(host, server, "citroncoco", names)
    match_id = match_id_of(links)
    host.goto(f"{server}/m/{match_id}/play")
    log(host, "Draw from the stock")
    with host.expect_download() as download:
        host.goto(f"{server}/m/{match_id}")
        host.get_by_role("link", name=re.compile("Export")).first.click()
    path = tmp_path / "match.json"
    download.value.save_as(path)
    assert json.loads(path.read_text())["uuid"]

    host.goto(f"{server}/import")
    host.get_by_label("Match file (JSON)").set_input_files(str(path))
    host.get_by_role("button", name="Import").click()
    expect(host.get_by_role("alert")).to_contain_text("already here")
    shoot(host, "import-phone-already-here")
    host.get_by_role("link", name=f"Open match #{match_id}").click()
    assert host.url.endswith(f"/m/{match_id}")

    host.goto(f"{server}/import")
    host.get_by_label("Match file (JSON)").set_input_files(str(path))
    host.get_by_label(re.compile("Import as a copy")).check()
    host.get_by_role("button", name="Import").click()
    expect(host.locator(".copy-note")).to_contain_text("does not count in the players' records")
    host.goto(f"{server}/players")
    host.get_by_role("link", name=names[0]).click()
    expect(host.locator("table.record")).to_contain_text("CitronCoco")
    player_id = int(host.url.rsplit("/", 1)[1])
    record = host.request.get(f"{server}/api/players/{player_id}").json()["record"]
    assert [(r["game"], r["played"]) for r in record] == [("citroncoco", 1)]
    host.context.close()

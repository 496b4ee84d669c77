"""A CitronCoco table as it happened, in Chromium: three phones and the host's.

A phone still showing "Quick play on the 3" after another phone's 6 went down gets the "too slow"
answer, no penalty, and its pad up to date (CC-QP-4); the host voids a missplay and sees what it
changes before confirming; the host corrects a reveal from its own values; a seat takes back its
own draw.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.web.test_browser import (  # noqa: F401  (the module's server and browser fixtures)
    TIMEOUT,
    browser,
    expect,
    log,
    phone,
    server,
    shoot,
    tap,
    verdict,
)

pytestmark = pytest.mark.browser


def create(base: str, names: tuple[str, ...]) -> dict[str, Any]:
    body = json.dumps({"game": "citroncoco",
                       "seats": [{"name": n} for n in names]}).encode()
    request = urllib.request.Request(f"{base}/api/matches", data=body,
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def joined(chromium: Any, base: str, match: dict[str, Any], token: str) -> Any:
    page = phone(chromium)
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{base}/m/{match['id']}/join?token={token}")
    return page


def last_seq(base: str, match_id: int) -> int:
    with urllib.request.urlopen(f"{base}/api/matches/{match_id}") as response:
        return json.load(response)["last_seq"]


def test_a_too_slow_quick_play_then_a_void_and_a_correction_with_previews(
        server: str, browser: Any) -> None:  # noqa: F811
    match = create(server, ("Alice", "Bob", "Chloé"))
    alice, bob, chloe = (joined(browser, server, match, t) for t in match["seat_tokens"])
    host = joined(browser, server, match, match["host_token"])

    log(alice, "Draw from the stock")
    log(alice, "Discard the drawn card", value="3")
    # Chloé's pad redraws itself: it offers the quick play on Alice's 3 without a reload
    expect(chloe.locator("#pad-quick")).to_have_text("Quick play on the 3")
    # she taps her first card and its value… and Bob is faster: his turn puts a 6 on the 3
    quick = chloe.locator("form.pad-form").filter(
        has=chloe.get_by_role("button", name="Quick play this card"))
    tap(quick, "p.slot", "1")
    tap(quick, "p.value", "3")
    log(bob, "Draw from the stock")
    log(bob, "Discard the drawn card", value="6")
    expect(chloe.locator("#stale")).to_be_visible()  # kept while she types, and said so
    chloe.get_by_role("button", name="Quick play this card").click()
    chloe.wait_for_load_state()
    refused = chloe.locator(".too-slow")
    expect(refused).to_contain_text("Too slow: not logged")
    expect(refused).to_contain_text("#4 seat 2 (Bob): discard — value: 6")
    expect(refused).to_contain_text("no penalty")
    expect(chloe.locator("#pad-quick")).to_have_text("Quick play on the 6")  # up to date
    shoot(chloe, "play-phone-too-slow")
    assert last_seq(server, match["id"]) == 4

    # Chloé now quick-plays wrongly on the 6 (a missplay, a penalty card); the round goes on
    log(chloe, "Quick play this card", slot="1", value="3")
    expect(chloe.locator(".verdict-missplay")).to_contain_text("CC-MISS-2")
    chloe.reload()
    log(chloe, "Draw from the stock")
    log(chloe, "Discard the drawn card", value="5")
    alice.reload()
    log(alice, "Draw from the stock")
    log(alice, "Discard the drawn card", value="4")
    log(alice, "Citron Coco!")
    alice.get_by_role("button", name="Yes, log citron coco").click()
    for page in (bob, chloe):
        page.reload()
        log(page, "Draw from the stock")
        log(page, "Discard the drawn card", value="4")
    host.reload()
    host.locator("details.move summary", has_text="Reveal").click()
    host.locator('textarea[name="p.hands"]').fill("1 2 3 4\n2 6 7 8\n3 2 9 9 12")
    host.get_by_role("button", name="Log: reveal").click()
    host.get_by_role("button", name="Yes, log reveal").click()
    assert "CC-CALL" in verdict(host)
    reveal_seq = last_seq(server, match["id"])

    # the host voids Chloé's missplay: the preview says the reveal would become impossible
    host.goto(f"{server}/m/{match['id']}")
    host.locator("#e5 details.tool summary", has_text="Void").click()
    host.locator("#e5").get_by_label("Why it was logged by mistake").fill("she never played")
    host.locator("#e5").get_by_role("button", name="Void event #5").click()
    preview = host.locator(".preview")
    expect(preview).to_contain_text("nothing is logged until you confirm")
    expect(preview.locator(".changes")).to_contain_text(f"#{reveal_seq} reveal")
    expect(preview.locator(".changes")).to_contain_text("would be impossible")
    expect(preview.locator(".totals-preview")).to_be_visible()
    shoot(host, "void-phone-preview")
    assert last_seq(server, match["id"]) == reveal_seq  # nothing logged yet
    host.get_by_role("button", name=re.compile("Confirm: void event #5")).click()
    expect(host.locator("#e5")).to_have_class(re.compile("voided"))
    expect(host.locator(f"#e{reveal_seq}")).to_have_class(re.compile("impossible"))

    # the host corrects the reveal, which starts from its own values: one card to change
    host.locator(f"#e{reveal_seq}").get_by_role("link", name="Correct this move").click()
    hands = host.locator('textarea[name="p.hands"]')
    expect(hands).to_have_value("1 2 3 4\n2 6 7 8\n3 2 9 9 12")
    hands.fill("1 2 3 4\n2 6 7 8\n3 2 9 9")
    host.get_by_label("Why (shown in the timeline)").fill("Chloé's 12 was her penalty card")
    host.get_by_role("button", name="Preview the correction").click()
    expect(host.locator(".preview")).to_contain_text("nothing is logged until you confirm")
    expect(host.locator(".preview .verdict")).to_contain_text("corrected to hands revealed")
    expect(host.locator(".preview .verdict")).not_to_contain_text("seat 0")  # names, not seats
    shoot(host, "correct-phone-preview")
    host.get_by_role("button", name=f"Confirm: correct event #{reveal_seq}").click()
    replaced = host.locator(f"#e{reveal_seq}")
    expect(replaced).to_contain_text(f"Corrected by #{reveal_seq + 2} to reveal")
    expect(replaced).not_to_have_class(re.compile("impossible"))
    shoot(host, "match-phone-corrected")
    for page in (alice, bob, chloe, host):
        page.context.close()


def test_a_seat_takes_back_its_own_draw(server: str, browser: Any) -> None:  # noqa: F811
    """CC-TURN-1: Alice tapped "Draw" too soon; she takes it back herself, and it shows."""
    match = create(server, ("Alice", "Bob"))
    alice = joined(browser, server, match, match["seat_tokens"][0])
    log(alice, "Draw from the stock")
    alice.get_by_role("button", name="Take back my draw (#1)").click()
    alice.wait_for_load_state()
    expect(alice.locator("#verdict")).to_contain_text("Alice takes back event 1 (draw)")
    expect(alice.get_by_role("button", name="Draw from the stock")).to_be_visible()
    alice.goto(f"{server}/m/{match['id']}")
    expect(alice.locator("#e1")).to_have_class(re.compile("voided"))
    expect(alice.locator("#e2")).to_contain_text("void by seat 1 (Alice)")
    expect(alice.locator("#e1")).to_contain_text("Voided by #2: taken back by its player")
    shoot(alice, "match-phone-take-back")
    alice.context.close()

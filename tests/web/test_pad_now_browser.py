"""A seat's pad shows what is true now, in its reader's language (Chromium, fr-FR and en-US).

Its own verdict, the take-back and a refusal stand at the top only until a later move is logged:
the stream's next move takes them away (the take-back is allowed only for the last move logged,
``corrections.take_back_refusal``); the live banner speaks the reader's language; a verdict read
again after a host's void says the move no longer counts.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import requests

from tests.web.test_browser import PHONE, SHOTS, TIMEOUT, browser, expect, server

pytestmark = pytest.mark.browser
__all__ = ["browser", "server"]

LOCALES = {"en": "en-US", "fr": "fr-FR"}


def new_match(server: str, names: tuple[str, ...] = ("Alice", "Bob")) -> dict[str, Any]:
    created = requests.post(f"{server}/api/matches", timeout=10, json={
        "game": "citroncoco", "seats": [{"name": n} for n in names]})
    assert created.status_code == 201, created.text
    return created.json()


def api_move(server: str, match: dict[str, Any], token: str, type_: str, seat: int | None,
             payload: dict[str, Any]) -> requests.Response:
    return requests.post(
        f"{server}/api/matches/{match['id']}/events", timeout=10,
        json={"type": type_, "seat": seat, "payload": payload},
        headers={"Authorization": f"Bearer {token}"})


def seat_move(server: str, match: dict[str, Any], seat: int, type_: str,
              payload: dict[str, Any]) -> None:
    """A move logged from another device, with the seat's own token."""
    answer = api_move(server, match, match["seat_tokens"][seat], type_, seat, payload)
    assert answer.status_code == 201, answer.text


def pad(browser: Any, server: str, match: dict[str, Any], seat: int, lang: str) -> Any:
    """Seat ``seat``'s phone, in ``lang``, on its pad."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True,
                                  has_touch=True, locale=LOCALES[lang])
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    page.goto(f"{server}/m/{match['id']}/join?token={match['seat_tokens'][seat]}")
    return page


def press(page: Any, type_: str, **fields: str) -> None:
    """Tap the pad's button for a move of ``type_``: the one that posts ``fields`` as it is,
    or the one whose card chips post them, tapped first."""
    forms = page.locator(f'form.pad-form:has(input[name="type"][value="{type_}"])')
    fixed = "".join(f':has(input[type=hidden][name="p.{n}"][value="{v}"])'
                    for n, v in fields.items())
    exact = page.locator(f'form.pad-form:has(input[name="type"][value="{type_}"]){fixed}')
    if fields and exact.count():
        exact.first.locator("button[type=submit]").click()
        return
    form = forms.first
    for name, value in fields.items():
        form.locator(f'label.chip:has(input[name="p.{name}"][value="{value}"])').click()
    form.locator("button[type=submit]").click()


def shoot(page: Any, name: str, full_page: bool = False) -> None:
    """What the phone's screen shows (or the whole page)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


MOVED = {"en": "Move #3 was logged: the table below is up to date.",
         "fr": "Coup n° 3 enregistré : la table ci-dessous est à jour."}


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_later_move_takes_the_verdict_and_the_take_back_away(
        server: str, browser: Any, lang: str) -> None:
    """CC-TURN-1: Alice's discard stands at the top of her pad, with a take-back, until Bob
    draws; then the pad says Bob's move was logged, in her language, and offers no take-back
    the server would refuse (a seat takes back only the last move logged)."""
    match = new_match(server)
    alice = pad(browser, server, match, 0, lang)
    shoot(alice, f"pad-before-move-{lang}")
    press(alice, "draw", source="stock")
    press(alice, "discard", value="5")
    expect(alice.locator("#verdict")).to_contain_text(re.compile("#2|n° 2"))
    expect(alice.locator("form.take-back")).to_be_visible()
    shoot(alice, f"pad-after-move-{lang}")
    seat_move(server, match, 1, "draw", {"source": "stock"})
    expect(alice.locator("#stale")).to_have_text(MOVED[lang])
    expect(alice.locator("#verdict")).to_have_count(0)
    expect(alice.locator("form.take-back")).to_have_count(0)
    assert "logged=" not in alice.url  # a reload shows the table now, not the old verdict
    shoot(alice, f"pad-after-later-move-{lang}")


def test_the_take_back_is_a_modest_second_choice(server: str, browser: Any) -> None:
    """The take-back is smaller than the pad's move buttons: one tap away, never the first."""
    match = new_match(server)
    alice = pad(browser, server, match, 0, "fr")
    press(alice, "draw", source="stock")
    back = alice.locator("form.take-back button")
    expect(back).to_contain_text("Reprendre")
    big = alice.locator("form.pad-form button.big").first
    assert back.bounding_box()["height"] < big.bounding_box()["height"]
    assert back.evaluate("b => parseFloat(getComputedStyle(b).fontSize)") < big.evaluate(
        "b => parseFloat(getComputedStyle(b).fontSize)")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_verdict_read_after_the_hosts_void_says_the_move_no_longer_counts(
        server: str, browser: Any, lang: str) -> None:
    """Voiding Alice's draw (#1) outdates its verdict: her pad drops it when the void is logged,
    and the verdict's address read again says it was voided, not its old judgement."""
    match = new_match(server)
    alice = pad(browser, server, match, 0, lang)
    press(alice, "draw", source="stock")
    expect(alice.locator("#verdict .verdict")).to_be_visible()
    voided = api_move(server, match, match["host_token"], "void", None,
                      {"seq": 1, "reason": "wrong pile"})
    assert voided.status_code == 201, voided.text
    expect(alice.locator("#verdict")).to_have_count(0)
    alice.goto(f"{server}/m/{match['id']}/play?logged=1")
    expect(alice.locator("#verdict")).to_contain_text(
        {"en": "Voided since (#2)", "fr": "Annulé depuis (n° 2)"}[lang])
    expect(alice.locator("#verdict .verdict")).to_have_count(0)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_too_slow_box_goes_with_the_next_move(server: str, browser: Any, lang: str) -> None:
    """CC-QP-4: Chloé's quick play on Alice's 3 comes after Bob covered it: refused as too slow,
    with what changed; the box stays until the next move is logged, then goes."""
    match = new_match(server, ("Alice", "Bob", "Chloé"))
    chloe = pad(browser, server, match, 2, lang)
    seat_move(server, match, 0, "draw", {"source": "stock"})
    seat_move(server, match, 0, "discard", {"value": 3})
    quick = chloe.locator('form.pad-form:has(input[name="type"][value="quick_play"])').first
    expect(quick).to_be_visible()
    quick.locator('label.chip:has(input[name="p.slot"][value="1"])').click()
    quick.locator('label.chip:has(input[name="p.value"][value="3"])').click()
    seat_move(server, match, 1, "draw", {"source": "stock"})
    seat_move(server, match, 1, "discard", {"value": 6})
    expect(chloe.locator("#stale")).to_be_visible()
    quick.locator("button[type=submit]").click()
    expect(chloe.locator(".too-slow")).to_be_visible()
    seat_move(server, match, 2, "draw", {"source": "stock"})
    expect(chloe.locator(".too-slow")).to_have_count(0)
    expect(chloe.locator("#stale")).to_contain_text(re.compile("#5|n° 5"))


def test_a_verdict_read_after_the_hosts_correction_says_it_was_corrected(
        server: str, browser: Any) -> None:
    """CC-TURN-4: the host corrects Alice's discard of a 5 into a discard of a 6: her pad drops
    the old verdict, and read again it says the move was corrected, not « discards the 5 »."""
    match = new_match(server)
    alice = pad(browser, server, match, 0, "fr")
    press(alice, "draw", source="stock")
    press(alice, "discard", value="5")
    expect(alice.locator("#verdict .verdict")).to_contain_text("5")
    fixed = api_move(server, match, match["host_token"], "correct", None, {
        "seq": 2, "move": {"type": "discard", "seat": 0, "payload": {"value": 6}},
        "reason": "it was a 6"})
    assert fixed.status_code == 201, fixed.text
    expect(alice.locator("#verdict")).to_have_count(0)
    alice.goto(f"{server}/m/{match['id']}/play?logged=2")
    expect(alice.locator("#verdict")).to_contain_text("Corrigé depuis par l'hôte (n° 3)")
    expect(alice.locator("#verdict .verdict")).to_have_count(0)

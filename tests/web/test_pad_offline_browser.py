"""A seat's pad on a dropped Wi-Fi (Chromium, the network taken away by Playwright).

The pad says when it is not live, and catches up at once when the network returns. A move
tapped while offline is kept on the phone (localStorage, per match and seat), said to wait for
the network, and posted when it returns through the same form post: its key makes it logged
once, its ``seen`` has it judged against the table its player saw (the 409 "too slow" path);
a 4xx is shown and never sent again; a move older than the page's CSRF token is not sent.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
import requests

from tests.web.test_browser import TIMEOUT, browser, expect, server
from tests.web.test_pad_now_browser import new_match, pad, press, seat_move, shoot

pytestmark = pytest.mark.browser
__all__ = ["browser", "server"]

OFFLINE = {"en": "Offline: this pad is not live", "fr": "Hors ligne : ce pad n'est plus en direct"}
WAITING = {"en": "Waiting for the network", "fr": "En attente du réseau"}
NOT_LIVE = {"en": "Not live: reconnecting", "fr": "Pas en direct : reconnexion"}


def last_seq(server: str, match: dict[str, Any]) -> int:
    answer = requests.get(f"{server}/api/matches/{match['id']}", timeout=10)
    return int(answer.json()["last_seq"])


def kept(page: Any, match: dict[str, Any], seat: int) -> Any:
    """What the phone keeps for this match and seat, as stored."""
    return page.evaluate(f"JSON.parse(localStorage.getItem('referee:pad:{match['id']}:{seat}'))")


def posts(page: Any, match: dict[str, Any]) -> list[str]:
    """Each move form the page posts from now on: its body, as sent."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.post_data or "") if r.method == "POST"
            and r.url.endswith(f"/m/{match['id']}/moves") else None)
    return sent


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_move_tapped_offline_waits_and_is_logged_once_when_the_network_returns(
        server: str, browser: Any, lang: str) -> None:
    """CC-TURN-1: Alice's draw, tapped with no network, is kept and said to wait; back online it
    is sent once, with its key, its seen and its CSRF token, and her pad shows its verdict."""
    match = new_match(server)
    alice = pad(browser, server, match, 0, lang)
    expect(alice.locator("html")).to_have_attribute("data-live", "live")
    sent = posts(alice, match)
    alice.context.set_offline(True)
    expect(alice.locator("#live")).to_contain_text(OFFLINE[lang])
    press(alice, "draw", source="stock")
    expect(alice.locator("#waiting")).to_contain_text(WAITING[lang])
    fields = dict(kept(alice, match, 0)["fields"])
    assert fields["type"] == "draw" and fields["seen"] == "0"
    assert fields["key"] and fields["csrf_token"]
    assert last_seq(server, match) == 0
    shoot(alice, f"pad-offline-waiting-{lang}")
    alice.context.set_offline(False)
    expect(alice.locator("#verdict")).to_contain_text("CC-TURN-1")
    expect(alice.locator("#waiting")).to_be_hidden()
    assert kept(alice, match, 0) is None
    assert last_seq(server, match) == 1
    assert len(sent) == 1 and f"key={fields['key']}" in sent[0]
    shoot(alice, f"pad-reconnected-sent-{lang}")


def test_one_move_at_most_waits(server: str, browser: Any) -> None:
    """A second move tapped while one waits is not kept: the pad says which one waits."""
    match = new_match(server)
    alice = pad(browser, server, match, 0, "fr")
    alice.context.set_offline(True)
    press(alice, "draw", source="stock")
    expect(alice.locator("#waiting")).to_contain_text(WAITING["fr"])
    first = kept(alice, match, 0)
    press(alice, "draw", source="stock")  # a second tap
    expect(alice.locator("#waiting")).to_contain_text("Un coup attend déjà le réseau")
    assert kept(alice, match, 0) == first


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_kept_move_the_table_outran_is_refused_as_too_slow_and_not_sent_again(
        server: str, browser: Any, lang: str) -> None:
    """CC-TURN-1: while Alice's phone is offline her draw is logged from another device; the kept
    draw, judged at the table she saw (seq 0), is refused (409) with what changed, dropped, and
    never sent again."""
    match = new_match(server)
    alice = pad(browser, server, match, 0, lang)
    sent = posts(alice, match)
    alice.context.set_offline(True)
    press(alice, "draw", source="stock")
    expect(alice.locator("#waiting")).to_contain_text(WAITING[lang])
    seat_move(server, match, 0, "draw", {"source": "stock"})
    alice.context.set_offline(False)
    expect(alice.locator(".too-slow")).to_be_visible()
    expect(alice.locator(".too-slow .since")).to_contain_text("#1")
    assert kept(alice, match, 0) is None
    alice.context.set_offline(True)
    alice.context.set_offline(False)
    alice.wait_for_timeout(1000)
    assert len(sent) == 1
    assert last_seq(server, match) == 1
    shoot(alice, f"pad-reconnected-too-slow-{lang}")


def test_a_kept_move_older_than_the_pages_csrf_token_is_shown_not_sent(
        server: str, browser: Any) -> None:
    """A move kept longer than the page's CSRF token lives (7 days here) is said, not sent."""
    match = new_match(server)
    alice = pad(browser, server, match, 0, "fr")
    sent = posts(alice, match)
    alice.context.set_offline(True)
    press(alice, "draw", source="stock")
    alice.evaluate(f"""() => {{
        const slot = 'referee:pad:{match['id']}:0';
        const move = JSON.parse(localStorage.getItem(slot));
        move.issued -= 8 * 86400 * 1000;
        localStorage.setItem(slot, JSON.stringify(move));
    }}""")
    alice.context.set_offline(False)
    expect(alice.locator("#waiting")).to_contain_text("a attendu trop longtemps")
    alice.wait_for_timeout(1000)
    assert sent == [] and last_seq(server, match) == 0
    alice.locator("#waiting").get_by_role("button", name="Oublier ce coup").click()
    expect(alice.locator("#waiting")).to_be_hidden()
    assert kept(alice, match, 0) is None


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_pad_back_online_catches_up_at_once(server: str, browser: Any, lang: str) -> None:
    """Bob's phone is offline while Alice draws and discards: it says it is not live, and on
    the network's return it shows his turn within seconds, without waiting for another move."""
    match = new_match(server)
    bob = pad(browser, server, match, 1, lang)
    expect(bob.locator("html")).to_have_attribute("data-live", "live")
    bob.context.set_offline(True)
    expect(bob.locator("#live")).to_contain_text(OFFLINE[lang])
    seat_move(server, match, 0, "draw", {"source": "stock"})
    seat_move(server, match, 0, "discard", {"value": 5})
    bob.wait_for_timeout(500)
    shoot(bob, f"pad-offline-{lang}")
    bob.context.set_offline(False)
    expect(bob.locator(".turn")).to_contain_text("Bob", timeout=4000)
    expect(bob.locator(".turn .badge")).to_be_visible(timeout=4000)  # « vous »: his turn
    expect(bob.locator("#live")).to_be_hidden()
    shoot(bob, f"pad-reconnected-{lang}")


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_pad_whose_stream_never_connects_says_so_and_still_follows(
        server: str, browser: Any, lang: str) -> None:
    """The pad's stream is cut before it ever connects: the pad says it is not live, and
    follows the moves all the same by looking at the log."""
    match = new_match(server)
    context = browser.new_context(viewport={"width": 390, "height": 844},
                                  locale={"en": "en-US", "fr": "fr-FR"}[lang])
    context.route(re.compile(r".*/stream\?.*"), lambda route: route.abort())
    bob = context.new_page()
    bob.set_default_timeout(TIMEOUT)
    bob.goto(f"{server}/m/{match['id']}/join?token={match['seat_tokens'][1]}")
    expect(bob.locator("#live")).to_contain_text(NOT_LIVE[lang])
    for seat in (0, 1):  # a round of turns the stream never brings
        seat_move(server, match, seat, "draw", {"source": "stock"})
        seat_move(server, match, seat, "discard", {"value": 5})
    expect(bob.locator("#stale")).to_contain_text(re.compile("#4|n° 4"))
    expect(bob.locator("#live")).to_contain_text(NOT_LIVE[lang])


def test_a_kept_call_is_asked_to_be_confirmed_when_sent(server: str, browser: Any) -> None:
    """CC-CALL-1: a call tapped offline is costly: once sent, the pad shows the confirmation it
    asks (nothing logged before it), and the call is logged when confirmed."""
    match = new_match(server)
    alice = pad(browser, server, match, 0, "fr")
    seat_move(server, match, 0, "draw", {"source": "stock"})
    seat_move(server, match, 0, "discard", {"value": 5})
    call = alice.locator('form.pad-form:has(input[name="type"][value="citron_coco"])').first
    expect(call).to_be_visible()
    alice.context.set_offline(True)
    call.locator("button[type=submit]").click()
    expect(alice.locator("#waiting")).to_contain_text(WAITING["fr"])
    alice.context.set_offline(False)
    confirm = alice.locator('form:has(input[name="confirmed"][value="1"]) button[type=submit]')
    expect(confirm).to_be_visible()
    assert last_seq(server, match) == 2 and kept(alice, match, 0) is None
    confirm.click()
    expect(alice.locator("#verdict")).to_be_visible()
    assert last_seq(server, match) == 3

"""One tap never does lasting damage unasked (Chromium, fr-FR and en-US): a new join link, which
cuts the phone holding the old one out, is made only after the host reads what it does; the
void preview's two choices cannot be mistaken for each other."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_browser import browser, expect, server
from tests.web.test_pad_now_browser import new_match, pad, press, shoot

pytestmark = pytest.mark.browser
__all__ = ["browser", "server"]

ASK = {"en": "A new link stops Bob's current one at once",
       "fr": "Un nouveau lien arrête aussitôt l'actuel : le téléphone qui l'a ouvert (Bob)"}
MAKE = {"en": "Stop the old link and make a new one",
        "fr": "Arrêter l'ancien lien et en créer un nouveau"}


def host_page(browser: Any, server: str, match: dict[str, Any], lang: str) -> Any:
    return pad(browser, server, {**match, "seat_tokens": [match["host_token"]]}, 0, lang)


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_new_join_link_is_made_only_after_the_host_reads_what_it_does(
        server: str, browser: Any, lang: str) -> None:
    """Bob's phone keeps its seat until the host, told it cuts that phone out, confirms."""
    match = new_match(server)
    host = host_page(browser, server, match, lang)
    host.goto(f"{server}/m/{match['id']}/invite")
    seat = host.locator("#seat-1")
    make = seat.get_by_role("button", name=MAKE[lang])
    expect(make).to_be_hidden()  # the first tap only asks
    seat.locator("details.reissue summary").click()
    expect(seat.locator("details.reissue")).to_contain_text(ASK[lang])
    shoot(host, f"invite-new-link-asked-{lang}")
    bob = pad(browser, server, match, 1, lang)
    expect(bob.locator(".who strong")).to_contain_text("Bob")  # still his seat
    make.click()
    bob.reload()
    expect(bob.locator(".link-replaced")).to_be_visible()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_the_void_previews_confirm_and_go_back_say_different_things(
        server: str, browser: Any, lang: str) -> None:
    """The preview of a void offers « Confirmer : annuler… » and a way back that says it
    changes nothing: no bare « Annuler » beside it."""
    match = new_match(server)
    alice = pad(browser, server, match, 0, lang)
    press(alice, "draw", source="stock")
    host = host_page(browser, server, match, lang)
    host.goto(f"{server}/m/{match['id']}")
    host.locator("#e1 details.tool summary").first.click()
    host.locator("#void-1").fill("wrong pile")
    host.locator("#e1 form[action$='/void/1'] button[type=submit]").click()
    preview = host.locator(".preview")
    back = {"en": "Go back: change nothing", "fr": "Revenir sans rien changer"}[lang]
    expect(host.get_by_role("link", name=back).last).to_be_visible()
    for bare in ("Cancel", "Annuler"):
        expect(host.get_by_role("link", name=bare, exact=True)).to_have_count(0)
        expect(host.get_by_role("button", name=bare, exact=True)).to_have_count(0)
    expect(preview).to_be_visible()
    shoot(host, f"void-preview-{lang}", full_page=True)

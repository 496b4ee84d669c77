"""A pad on plain HTTP at a LAN address, run inside a network namespace made for it (see
``test_pad_lan_browser``): the app listens on the namespace's own address, Chromium opens it
there (not a secure context: no service worker, no wake lock), the network goes and returns,
and what the pad did is printed as one JSON line. Nothing here leaves the namespace."""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

import playwright.sync_api as playwright_api
import requests

from referee import create_app, database
from referee.cli import upgrade_database
from tests.web.helpers import served
from tests.web.test_browser import ARGS, CHROMIUM, PHONE, TIMEOUT

expect = playwright_api.expect


def drive(base: str) -> dict[str, Any]:
    """Alice's draw, tapped offline on a phone at ``base``, sent when the network returns."""
    match = requests.post(f"{base}/api/matches", timeout=10, json={
        "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Bob"}]}).json()
    with playwright_api.sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = chromium.new_context(viewport=PHONE, locale="fr-FR", is_mobile=True,
                                       has_touch=True)
        page = context.new_page()
        page.set_default_timeout(TIMEOUT)
        page.goto(f"{base}/m/{match['id']}/join?token={match['seat_tokens'][0]}")
        expect(page.locator("html")).to_have_attribute("data-live", "live")
        secure = page.evaluate("window.isSecureContext")
        workers = page.evaluate("'serviceWorker' in navigator")
        context.set_offline(True)
        page.locator('form.pad-form:has(input[name="type"][value="draw"])'
                     ':has(input[name="p.source"][value="stock"]) button[type=submit]').click()
        waiting = page.locator("#waiting").inner_text()
        context.set_offline(False)
        expect(page.locator("#verdict")).to_contain_text("CC-TURN-1")
        chromium.close()
    last = requests.get(f"{base}/api/matches/{match['id']}", timeout=10).json()["last_seq"]
    return {"secure": secure, "service_worker": workers, "waiting": waiting, "last_seq": last}


def main(address: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"DATABASE_URL": f"sqlite:///{Path(folder) / 'lan.sqlite3'}"})
        upgrade_database(app)
        with served(app, address) as port:
            outcome = drive(f"http://{address}:{port}")
        database(app).engine.dispose()
    print(json.dumps(outcome))


if __name__ == "__main__":
    main(sys.argv[1])

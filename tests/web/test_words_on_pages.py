"""Pages name players, seats, games and rulings in words, seats counted from 1, in the
reader's language."""

from __future__ import annotations

import json
import re
from html import unescape
from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.night_fixture import build_night
from tests.web.helpers import plain


@pytest.fixture
def night(client: FlaskClient) -> dict[str, Any]:
    return build_night(client)


def test_bg_stats_names_the_game_in_french_on_a_french_page(client: FlaskClient,
                                                           night: dict[str, Any]) -> None:
    """The play sent to BG Stats carries the game's French name; its id stays the engine's."""
    page = client.get(f"/m/{night['matches'][0]}/bgstats?lang=fr").get_data(as_text=True)
    sent = json.loads(unescape(re.search(r'<pre class="play-json">(.*?)</pre>', page,
                                         re.S).group(1)))
    assert sent["game"]["name"] == "Le Citron Coco en individuel"
    assert sent["game"]["sourceGameId"] == "citroncoco"
    english = client.get(f"/m/{night['matches'][0]}/bgstats?lang=en").get_data(as_text=True)
    assert "CitronCoco (each for themself)" in english


def test_the_timeline_counts_seats_from_1(client: FlaskClient, night: dict[str, Any]) -> None:
    """« par Alice (place 1) », never « place 0 », in French as in English."""
    french = plain(client.get(f"/m/{night['matches'][0]}?lang=fr"))
    assert "Alice (place 1)" in french and "Chloé (place 3)" in french
    assert "place 0" not in french
    english = plain(client.get(f"/m/{night['matches'][0]}?lang=en"))
    assert "seat 1 (Alice)" in english and "seat 0" not in english

"""A finished match's outcome in the lists of matches reads in the reader's language, by the
players' names, on the home page, the history, a night's page and a player's page (the
summaries store it in English)."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.night_fixture import build_night
from tests.web.helpers import plain

FRENCH = "Alice gagne avec -16 noix de coco; Chloé coule (36)."  # as ``plain`` reads it


@pytest.fixture
def night(client: FlaskClient) -> dict[str, Any]:
    return build_night(client)


@pytest.mark.parametrize("page", ["/", "/history", "/nights/{night}", "/players/{alice}"])
def test_a_finished_matchs_outcome_reads_in_french(client: FlaskClient, night: dict[str, Any],
                                                  page: str) -> None:
    path = page.format(night=night["night"], alice=night["players"]["Alice"])
    text = plain(client.get(path + ("&" if "?" in path else "?") + "lang=fr"))
    assert FRENCH in text
    assert "Alice wins" not in text

"""The TV board's score sheet: each round's points and running totals, as the standings say."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from referee.web.chart import score_sheet, spread
from tests.helpers import move, new_match

ROUND = {"caller": 0, "hands": [[1, 1, 1, 1], [2, 3, 4, 5], [5, 4, 3, 2]]}


def test_score_sheet_reads_points_and_running_totals() -> None:
    standings = {"lines": [{"side": "0"}, {"side": "1"}],
                 "rounds": [{"0": 10, "1": 50}, {"0": 40, "1": 45}]}
    assert score_sheet(standings) == [
        {"round": 1, "cells": [{"side": "0", "points": 10, "total": 10},
                               {"side": "1", "points": 50, "total": 50}]},
        {"round": 2, "cells": [{"side": "0", "points": 30, "total": 40},
                               {"side": "1", "points": -5, "total": 45}]}]


def test_labels_of_equal_totals_are_spread_a_line_apart_inside_the_chart() -> None:
    """Chart labels never overlap when totals are equal, and stay in the picture."""
    assert spread([100, 100, 100], 40, 20, 500) == [100, 140, 180]
    assert spread([490, 490], 40, 20, 500) == [460, 500]  # pushed up from the bottom


def test_board_shows_the_sheet_the_last_rounds_and_the_last_moves(client: FlaskClient) -> None:
    """CC-CALL-4 rounds, logged in quick scoring: the sheet beside the chart keeps the last
    twelve rounds and says how many came before; the last moves carry their verdicts."""
    table = new_match(client, mode="rounds")
    for _ in range(13):
        answer = move(client, table, "round", None, ROUND)
        assert answer.status_code == 201, answer.json
    html = client.get(f"/m/{table.id}/board").get_data(as_text=True)
    rows = re.findall(r'<tr><th scope="row">(\d+)</th>', html)
    assert rows == [str(n) for n in range(2, 14)] and "1 earlier rounds" in html
    assert html.count('class="recent verdict-ok"') == 4  # the last four, each judged OK
    french = client.get(f"/m/{table.id}/board?lang=fr").get_data(as_text=True)
    assert "Feuille de marque" in french and "Derniers coups" in french


def test_board_speaks_the_readers_language_with_the_players_names(client: FlaskClient) -> None:
    """The TV board in French: the last moves' verdicts (CC-TURN-1, CC-TURN-4) worded again in
    French with the players' names, the moves and the unit in the rule texts' words."""
    table = new_match(client, players=2)
    assert move(client, table, "draw", 0, {"source": "stock"}).status_code == 201
    assert move(client, table, "discard", 0, {"value": 5}).status_code == 201
    html = client.get(f"/m/{table.id}/board", headers={"Accept-Language": "fr-FR"}).get_data(
        as_text=True)
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))
    assert "Alice pioche dans la pioche" in text and "Alice défausse" in text
    assert "noix de coco" in text and "piocher" in text and "manche" in text
    assert "seat 0" not in text and "draws" not in text and "coconuts" not in text

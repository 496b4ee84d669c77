"""The TV board's score sheet: each round's points and running totals, as the standings say."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from referee.web.chart import TIE_GAP, score_sheet, sheet_by_side, spread, tie_offsets
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
    """CC-CALL-4 rounds, logged in quick scoring: the sheet (a side a row) shows the last
    twelve rounds one by one and the earlier ones folded into one figure; the last moves
    carry their verdicts."""
    table = new_match(client, mode="rounds")
    for _ in range(14):
        answer = move(client, table, "round", None, ROUND)
        assert answer.status_code == 201, answer.json
    html = client.get(f"/m/{table.id}/board").get_data(as_text=True)
    rounds = re.findall(r'<th scope="col" class="round">R(\d+)</th>', html)
    assert rounds == [str(n) for n in range(3, 15)] and "Rounds 1–2" in html
    assert html.count('class="recent verdict-ok"') == 4  # the last four, each judged OK
    french = client.get(f"/m/{table.id}/board?lang=fr").get_data(as_text=True)
    assert "Feuille de marque" in french and "Derniers coups" in french and "M14" in french


def test_the_sheet_folds_the_earlier_rounds_into_their_total() -> None:
    """A side's row: the running total before the rounds shown, each shown round's points,
    the total now; best place first (the standings' rank)."""
    standings = {"lines": [{"side": "0", "rank": 2, "total": 30},
                           {"side": "1", "rank": 1, "total": 20}],
                 "rounds": [{"0": 10, "1": 5}, {"0": 20, "1": 15}, {"0": 30, "1": 20}]}
    sheet = sheet_by_side(standings, {"0": "Alice", "1": "Bob"}, shown=2)
    assert sheet["rounds"] == [2, 3] and sheet["earlier"] == 1
    assert sheet["rows"] == [
        {"series": 1, "side": "1", "rank": 1, "name": "Bob", "earlier": 5, "points": [10, 5],
         "total": 20},
        {"series": 0, "side": "0", "rank": 2, "name": "Alice", "earlier": 10,
         "points": [10, 10], "total": 30}]


def test_tied_lines_are_drawn_side_by_side() -> None:
    """Sides with equal totals at a round are drawn apart, centred on their total, so no
    line hides another; a side alone stays on its total."""
    offsets = tie_offsets({"0": [0, 5, 9], "1": [0, 5, 7], "2": [0, 1, 7]})
    assert offsets["0"] == [-TIE_GAP, -TIE_GAP / 2, 0]
    assert offsets["1"] == [0, TIE_GAP / 2, -TIE_GAP / 2]
    assert offsets["2"] == [TIE_GAP, 0, TIE_GAP / 2]


def test_tied_sides_share_their_place_on_the_board(client: FlaskClient) -> None:
    """Equal totals share the better place on the TV board and the match page (1, 1, 3)."""
    table = new_match(client, mode="rounds")
    tied = {"caller": 0, "hands": [[1, 1, 1, 1], [3, 3, 4, 4], [4, 4, 3, 3]]}
    assert move(client, table, "round", None, tied).status_code == 201
    board = client.get(f"/m/{table.id}/board").get_data(as_text=True)
    assert re.findall(r'<td class="place">(\d+)</td>', board) == ["1", "2", "2"]
    page = client.get(f"/m/{table.id}").get_data(as_text=True)
    places = re.findall(r'<tr class="[^"]*">\s*<td>(\d+)</td>', page)
    assert places == ["1", "2", "2"]


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
    assert "noix de coco" in text and "piocher" in text and "manche" in text.lower()
    assert "seat 0" not in text and "draws" not in text and "coconuts" not in text

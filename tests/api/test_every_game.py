"""Every game through the same API: log an opening, read it back, export and import it."""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from tests.helpers import auth, move, new_match

Opening = list[tuple[str, int | None, dict[str, Any]]]

OPENINGS: dict[str, tuple[int, Opening]] = {
    "citroncoco": (3, [("draw", 0, {"source": "stock"}), ("discard", 0, {"value": 5}),
                       ("draw", 1, {"source": "discard"}), ("discard", 1, {"value": 5})]),
    "citroncoco-teams": (4, [("draw", 0, {"source": "stock"}), ("discard", 0, {"value": 5}),
                             ("draw", 1, {"source": "discard"}),
                             ("replace", 1, {"slot": 2, "value": 8})]),
    "neurotrio": (3, [("start_domain", None, {"card": "coeur-noir-1"}),
                      ("place", 0, {"card": "coeur-noir-2", "row": 0, "col": 1}),
                      ("pass", 1, {})]),
    "croconounours": (2, [("first_player", None, {"seat": 0}),
                          ("deploy", 0, {"corner": "a1", "warriors": {
                              "a1": "red", "a2": "green", "b1": "yellow"}}),
                          ("deploy", 1, {"corner": "g7", "warriors": {
                              "g7": "red", "g6": "green", "f7": "yellow"}})]),
    "plouc": (3, [("turn_up", None, {"card": "5S"}), ("play", 1, {"cards": ["5H"]}),
                  ("play", 2, {"cards": ["9H"]})]),
}


@pytest.fixture(params=sorted(OPENINGS))
def game(request: pytest.FixtureRequest) -> str:
    return request.param


def play_opening(client: FlaskClient, game: str) -> Any:
    players, opening = OPENINGS[game]
    table = new_match(client, game=game, players=players)
    for move_type, seat, payload in opening:
        response = move(client, table, move_type, seat, payload,
                        token=table.host if seat is None else None)
        assert response.status_code == 201, (move_type, response.json)
        assert response.json["verdict"]["kind"] == "ok"
    return table


def test_every_game_is_listed_with_its_moves(client: FlaskClient, game: str) -> None:
    described = client.get(f"/api/games/{game}").json
    assert {move for move, _, _ in OPENINGS[game][1]} <= set(described["moves"])
    assert described["catalogue"] == f"docs/rules/{game}.md"


def test_every_game_logs_judges_and_replays_the_same(client: FlaskClient, game: str) -> None:
    table = play_opening(client, game)
    events = client.get(f"/api/matches/{table.id}/events").json["events"]
    timeline = client.get(f"/api/matches/{table.id}/timeline").json["events"]
    assert [bare(e["verdict"]) for e in events] == [bare(e["judged_now"]) for e in timeline]
    # /events gives each verdict its clause, the timeline only the clause's address
    assert [(e["verdict"]["clause"] or {}).get("rule_url") for e in events] == [
        e["judged_now"]["rule_url"] for e in timeline]


def bare(verdict: dict[str, Any]) -> dict[str, Any]:
    """A verdict without what the catalogue adds to it (its clause, the clause's address)."""
    return {k: v for k, v in verdict.items() if k not in ("clause", "rule_url")}


def test_every_game_shows_its_table_to_each_seat(client: FlaskClient, game: str) -> None:
    table = play_opening(client, game)
    for seat, token in enumerate(table.seats):
        state = client.get(f"/api/matches/{table.id}/state?as={seat}", headers=auth(token))
        assert state.status_code == 200
        assert {"turn", "phase", "seats"} <= set(state.json["table"])


def test_every_game_exports_and_imports_to_the_same_standings(client: FlaskClient,
                                                              game: str) -> None:
    table = play_opening(client, game)
    exported = client.get(f"/api/matches/{table.id}/export", headers=auth(table.host)).json
    imported = client.post("/api/matches/import?copy=true", json=exported)  # here already
    assert imported.status_code == 201, imported.json
    assert imported.json["standings"] == exported["standings"]
    assert imported.json["last_seq"] == len(OPENINGS[game][1])

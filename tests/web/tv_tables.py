"""Each game at its largest table, with long real names, played through the API far enough to
fill the TV board: its standings, its table, its last moves and (CitronCoco) a score sheet of
more than twelve rounds. The TV board's browser tests and screenshots read them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask.testing import FlaskClient

from tests.helpers import Table, move

#: Names as a real table writes them: long, accented, hyphenated.
LONG_NAMES = ["Bérangère-Maximilienne", "Jean-Christophe", "Marie-Clémentine", "Maximilien",
              "Anne-Sophie", "Guillaume-Édouard", "Éléonore", "Pierre-Alexandre",
              "Françoise-Hélène"]

#: The largest table of each game (its rule text's most players).
LARGEST = {"citroncoco": 6, "citroncoco-teams": 4, "neurotrio": 8, "croconounours": 4,
           "plouc": 9}

#: CitronCoco's rounds on the TV board's sheet: more than the twelve it shows one by one.
CITRONCOCO_ROUNDS = 13


def created(client: FlaskClient, game: str, options: dict[str, Any] | None = None,
            **extra: Any) -> Table:
    names = LONG_NAMES[:LARGEST[game]]
    response = client.post("/api/matches", json={
        "game": game, "options": options or {}, "seats": [{"name": n} for n in names],
        **extra})
    assert response.status_code == 201, response.json
    body = response.json
    return Table(body["id"], body["host_token"], body["seat_tokens"], body)


def played(client: FlaskClient, table: Table, moves: list[tuple[str, int | None, Any]]) -> None:
    for kind, seat, payload in moves:
        answer = move(client, table, kind, seat, payload)
        assert answer.status_code == 201, (kind, seat, payload, answer.json)


def table_now(client: FlaskClient, table: Table) -> dict[str, Any]:
    answer = client.get(f"/api/matches/{table.id}/state",
                        headers={"Authorization": f"Bearer {table.host}"})
    assert answer.status_code == 200, answer.json
    return dict(answer.json["table"])


#: Each seat's hand at the reveal, by seat (no more of a value than the deck holds,
#: CC-DECK-1): seats 2 and 3 hold as much as each other, round after round.
HANDS = [[1, 1, -1, -1], [1, 1, 2, 2], [7, 7, 9, 9], [10, 10, 6, 6], [11, 11, 4, 4],
         [12, 12, 13, 8]]
#: The powerless cards each seat discards in turn (CC-DECK-1: no more than the deck holds).
DISCARDS = [5, 3, 4, 6, 8, 3]


def citroncoco_round(client: FlaskClient, table: Table) -> None:
    """One CitronCoco round: the seat to play draws, discards and calls Citron Coco, every
    other seat plays a turn, the hands are revealed."""
    first = table_now(client, table)["turn"]
    seats = len(table.seats)
    played(client, table, [("draw", first, {"source": "stock"}),
                           ("discard", first, {"value": DISCARDS[0]}),
                           ("citron_coco", first, {})])
    for n in range(1, seats):
        seat = (first + n) % seats
        played(client, table, [("draw", seat, {"source": "stock"}),
                               ("discard", seat, {"value": DISCARDS[n]})])
    sizes = [s["cards"] for s in table_now(client, table)["seats"]]
    played(client, table, [("reveal", None, {"hands": [HANDS[s][:n]
                                                        for s, n in enumerate(sizes)]})])


def citroncoco(client: FlaskClient) -> Table:
    """Six players, thirteen rounds, a target no one reaches; two pairs of seats tied."""
    table = created(client, "citroncoco", {"target": 1000})
    for _ in range(CITRONCOCO_ROUNDS):
        citroncoco_round(client, table)
    return table


def citroncoco_teams(client: FlaskClient) -> Table:
    table = created(client, "citroncoco-teams", {"target": 500})
    for _ in range(3):
        citroncoco_round(client, table)
    return table


def neurotrio(client: FlaskClient) -> Table:
    """Eight players around a growing domain."""
    table = created(client, "neurotrio")
    played(client, table, [
        ("start_domain", None, {"card": "coeur-noir-1"}),
        ("place", 0, {"card": "coeur-noir-2", "row": 0, "col": 1}),
        ("place", 1, {"card": "coeur-vert-2", "row": 1, "col": 1}),
        ("place", 2, {"card": "coeur-vert-1", "row": 1, "col": 0}),
        ("pass", 3, {}),
    ])
    return table


def croconounours(client: FlaskClient) -> Table:
    """Four players deployed in the four corners, a first turn played."""
    table = created(client, "croconounours")
    played(client, table, [("first_player", None, {"seat": 0})])
    for seat in range(4):
        corner = table_now(client, table)
        played(client, table, [("deploy", seat, deployment(corner, seat))])
    played(client, table, [("move", 0, {"warrior": "0-green", "card": "9S", "to": "b3"}),
                           ("end_turn", 0, {})])
    return table


def deployment(table: dict[str, Any], seat: int) -> dict[str, Any]:
    """The first free corner the table offers ``seat``, its three squares each a colour."""
    corners = table.get("free_corners") or table.get("corners_free") or []
    corner = corners[0] if corners else ["a1", "g7", "a7", "g1"][seat]
    squares = {"a1": ("a1", "a2", "b1"), "g7": ("g7", "g6", "f7"),
               "a7": ("a7", "a6", "b7"), "g1": ("g1", "g2", "f1")}[corner]
    return {"corner": corner, "warriors": dict(zip(squares, ("red", "green", "yellow"),
                                                   strict=True))}


def plouc(client: FlaskClient) -> Table:
    """Nine players, a few cards laid."""
    table = created(client, "plouc", {"hand_size": 3})
    played(client, table, [("turn_up", None, {"card": "5S"})])
    for card in ("5H", "6H", None):
        seat = table_now(client, table)["turn"]
        played(client, table, [("play", seat, {"cards": [card]}) if card else ("draw", seat, {})])
    return table


BUILDERS: dict[str, Callable[[FlaskClient], Table]] = {
    "citroncoco": citroncoco, "citroncoco-teams": citroncoco_teams, "neurotrio": neurotrio,
    "croconounours": croconounours, "plouc": plouc}


def build_tables(client: FlaskClient) -> dict[str, int]:
    """Each game's match at its largest table: game id -> match id."""
    return {game: build(client).id for game, build in BUILDERS.items()}

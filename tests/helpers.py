"""Small helpers for tests that drive the API: a new match, a move, a CitronCoco turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask.testing import FlaskClient
from werkzeug.test import TestResponse


@dataclass
class Table:
    """A match as its creator got it back: id and tokens."""

    id: int
    host: str
    seats: list[str]
    body: dict[str, Any]

    def token(self, seat: int | None) -> str:
        return self.host if seat is None else self.seats[seat]


def new_match(client: FlaskClient, game: str = "citroncoco", players: int = 3,
              options: dict[str, Any] | None = None, **extra: Any) -> Table:
    names = ["Alice", "Bob", "Chloé", "Dan", "Eve", "Fanny", "Gus", "Hugo", "Inès"][:players]
    response = client.post("/api/matches", json={
        "game": game, "options": options or {}, "seats": [{"name": n} for n in names], **extra})
    assert response.status_code == 201, response.json
    body = response.json
    return Table(body["id"], body["host_token"], body["seat_tokens"], body)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def move(client: FlaskClient, table: Table, type_: str, seat: int | None,
         payload: dict[str, Any] | None = None, *, token: str | None = None,
         headers: dict[str, str] | None = None) -> TestResponse:
    """Post a move with the seat's own token (or the host's when seat is None)."""
    token = token if token is not None else table.token(seat)
    return client.post(f"/api/matches/{table.id}/events",
                       json={"type": type_, "seat": seat, "payload": payload or {}},
                       headers={**auth(token), **(headers or {})})


def plain_turn(client: FlaskClient, table: Table, seat: int, source: str = "stock",
               value: int = 5) -> None:
    """CitronCoco: draw and discard the drawn card at once (a 5 has no power)."""
    assert move(client, table, "draw", seat, {"source": source}).status_code == 201
    assert move(client, table, "discard", seat, {"value": value}).status_code == 201

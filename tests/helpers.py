"""Small helpers for tests that drive the API: a new match, a move, a CitronCoco turn."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from referee import database


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
              options: dict[str, Any] | None = None, night_token: str | None = None,
              **extra: Any) -> Table:
    """A match made through the API; into a night (``night_id``) with the night's host token."""
    names = ["Alice", "Bob", "Chloé", "Dan", "Eve", "Fanny", "Gus", "Hugo", "Inès"][:players]
    response = client.post("/api/matches", json={
        "game": game, "options": options or {}, "seats": [{"name": n} for n in names], **extra},
        headers=auth(night_token) if night_token else None)
    assert response.status_code == 201, response.json
    body = response.json
    return Table(body["id"], body["host_token"], body["seat_tokens"], body)


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@dataclass
class NightMade:
    """A night as its creator got it back: id and host token."""

    id: int
    host: str


def new_night(client: FlaskClient, name: str = "Friday at Alice's") -> NightMade:
    """A night made through the API, with its host token."""
    response = client.post("/api/nights", json={"name": name})
    assert response.status_code == 201, response.json
    return NightMade(response.json["id"], response.json["host_token"])


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


SENTENCES = frozenset({"reason", "penalty", "effects", "outcome", "message"})


def judged_alike(now: Any, then: Any, path: str = "") -> list[str]:
    """Where ``now`` judges otherwise than ``then`` did: kinds, rules, flags, totals and every
    message id an old record carries must be the same; sentences may be worded anew (names, a
    language, a better phrasing) but must be there, or absent, as they were; data fields added
    since (a message id where the old record had none) are not differences."""
    if isinstance(then, dict) and isinstance(now, dict):
        unsaid = "message_id" in then and then["message_id"] is None  # a sentence then, no data
        out: list[str] = []
        for key, was in then.items():
            here = f"{path}.{key}"
            if unsaid and key in ("message_id", "params"):
                continue
            if key not in now:
                out.append(f"{here}: missing")
            elif key in SENTENCES:
                if isinstance(was, list) and len(was) != len(now[key] or []):
                    out.append(f"{here}: {len(was)} then, {len(now[key] or [])} now")
                elif bool(was) != bool(now[key]):
                    out.append(f"{here}: {was!r} then, {now[key]!r} now")
            else:
                out += judged_alike(now[key], was, here)
        return out
    if isinstance(then, list | tuple) and isinstance(now, list | tuple):
        if len(then) != len(now):
            return [f"{path}: {len(then)} items then, {len(now)} now"]
        return [d for i, (a, b) in enumerate(zip(now, then, strict=True))
                for d in judged_alike(a, b, f"{path}[{i}]")]
    return [] if now == then else [f"{path}: {then!r} then, {now!r} now"]


def names_players(outcome: str, exported: dict[str, Any]) -> bool:
    """An outcome said as it was in an old export (there, or not yet), calling the players by
    their names."""
    if not exported["standings"]["outcome"]:
        return not outcome
    return "seat " not in outcome.lower() and any(s["name"] in outcome for s in exported["seats"])


@contextmanager
def writes_held(app: Flask) -> Iterator[None]:
    """No append can commit meanwhile: SQLite's write lock, PostgreSQL's events table locked
    against writes (reads go on)."""
    engine = database(app).engine
    with engine.connect() as connection:
        connection.begin()  # on SQLite: BEGIN IMMEDIATE, the write lock
        if engine.dialect.name == "postgresql":
            connection.exec_driver_sql("LOCK TABLE events IN EXCLUSIVE MODE")
        yield
        connection.rollback()

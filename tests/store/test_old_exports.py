"""Exports made before the store's adapters import and replay identically after them
(requirement: "exports made before this change import and replay identically after it").

``tests/fixtures/exports-2026-11-24.json`` was written by ``tests/fixtures/make_exports.py``
with the code of that day: a match of every game, with voids, corrections, a challenge and an
upheld ruling; each export carries the timeline as judged then."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from referee import database
from referee.service import queries
from referee.service.messages import reword
from tests.helpers import auth, judged_alike, names_players

FIXTURE = Path(__file__).parent.parent / "fixtures" / "exports-2026-11-24.json"
EXPORTS: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
JUDGED = ("seq", "type", "seat", "verdict", "judged_now", "voided_by", "void_reason",
          "impossible_now", "corrected_by")


def test_the_fixture_covers_every_game_and_every_correction() -> None:
    assert {e["game"] for e in EXPORTS} == {"citroncoco", "citroncoco-teams", "neurotrio",
                                            "croconounours", "plouc"}
    types = {ev["type"] for e in EXPORTS for ev in e["events"]}
    assert {"void", "correct", "challenge", "ruling"} <= types


@pytest.mark.parametrize("index", range(len(EXPORTS)),
                         ids=[f"{e['game']}-{i}" for i, e in enumerate(EXPORTS)])
def test_an_old_export_imports_and_replays_identically(app: Flask, client: FlaskClient,
                                                       index: int) -> None:
    exported = EXPORTS[index]
    response = client.post("/api/matches/import", json=exported)
    assert response.status_code == 201, response.json
    created = response.json
    assert judged_alike(created["standings"], exported["standings"]) == []
    host = auth(created["host_token"])
    events = client.get(f"/api/matches/{created['id']}/events", headers=host).json["events"]
    assert judged_alike([(e["seq"], e["type"], e["verdict"]) for e in events],
                        [(e["seq"], e["type"], e["verdict"]) for e in exported["events"]]) == []
    paged = client.get(f"/api/matches/{created['id']}/timeline", headers=host).json
    full = reword(queries.full_timeline(database(app), created["id"], created["host_token"]),
                  [s["name"] for s in exported["seats"]], "en")  # the data, as readers get it
    for timeline in (paged, full):  # as pages show it, and re-judged from the first move
        assert judged_alike([{k: e[k] for k in JUDGED} for e in timeline["events"]],
                            [{k: e[k] for k in JUDGED} for e in exported["timeline"]]) == []
    standings = client.get(f"/api/matches/{created['id']}/standings").json
    assert judged_alike(standings, exported["standings"]) == []
    assert names_players(standings["outcome"], exported)

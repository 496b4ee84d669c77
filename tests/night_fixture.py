"""A hand-computed game night, built by importing logs with known times.

Night "Fixture night", placement points by default 5, 3, 2, 1:

- Match A, CitronCoco, Alice / Bob / Chloé, target 30, 20:00 → 20:40 (40 minutes).
  Round 1: Alice calls with 4 against 12 and 16 (CC-CALL-4): Alice -16, Bob 12, Chloé 16.
  Round 2 (Chloé, the round's loser, starts): Chloé calls with 20 against 6 and 14 (CC-CALL-5):
  Chloé scores 20 → 36, past the target (CC-GOAL-1). Places: Alice 1st (-16), Bob 2nd (12),
  Chloé 3rd (36). Biggest Citron Coco of the night: Alice's, 16 coconuts.
- Match B, CitronCoco, Bob / Dan, target 10, 21:00 → 21:10. Bob is reported looking at a card
  (CC-MISS-3: a penalty card), calls with 26 against 4 and fails: Bob 26, Dan 0. Dan 1st.
- Match C, CitronCoco, Alice / Dan, no move yet: under way.

Leaderboard: Bob 3 + 3 = 6 (1st), Alice 5 and Dan 5 (both 2nd, one win each), Chloé 2 (4th).
Most missplays: Bob, 1. Longest match: A, 40 minutes.
"""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from tests.helpers import auth, new_night


def turn(seat: int, value: int) -> list[tuple[str, int | None, dict[str, Any]]]:
    return [("draw", seat, {"source": "stock"}), ("discard", seat, {"value": value})]


MATCH_A = (
    turn(0, 5) + [("citron_coco", 0, {})] + turn(1, 5) + turn(2, 6)
    + [("reveal", None, {"hands": [[1, 1, 1, 1], [3, 3, 3, 3], [4, 4, 4, 4]]})]
    + turn(2, 6) + [("citron_coco", 2, {})] + turn(0, 6) + turn(1, 6)
    + [("reveal", None, {"hands": [[1, 1, 2, 2], [3, 3, 4, 4], [5, 5, 5, 5]]})]
)
MATCH_B = (
    turn(0, 5) + [("missplay", 0, {"rule": "CC-MISS-3", "note": "peeked"}),
                  ("citron_coco", 0, {})] + turn(1, 5)
    + [("reveal", None, {"hands": [[6, 6, 6, 6, 2], [1, 1, 1, 1]]})]
)


def export_of(names: list[str], options: dict[str, Any], moves: list[Any], hour: int,
              minutes: int) -> dict[str, Any]:
    """An export whose moves are spread evenly from hour:00 to hour:minutes."""
    step = minutes * 60 / max(len(moves) - 1, 1)
    events = []
    for seq, (kind, seat, payload) in enumerate(moves, start=1):
        second = round((seq - 1) * step)
        events.append({
            "seq": seq, "type": kind, "seat": seat, "payload": payload,
            "actor": "host" if seat is None or kind == "missplay" else f"seat:{seat}",
            "recorded_at": f"2026-11-20T{hour + second // 3600:02d}:"
                           f"{second % 3600 // 60:02d}:{second % 60:02d}+00:00"})
    return {"format": "referee-match", "version": 1, "game": "citroncoco",
            "options": options, "seats": [{"name": n} for n in names], "events": events}


def build_night(client: FlaskClient) -> dict[str, Any]:
    """The night above; returns its id and host token (``night_token``), the three matches'
    ids, the players' ids and the running match's host token (``host``)."""
    made = new_night(client, "Fixture night")
    night = made.id
    ids = []
    for names, options, moves, hour, minutes in (
        (["Alice", "Bob", "Chloé"], {"target": 30}, MATCH_A, 20, 40),
        (["Bob", "Dan"], {"target": 10}, MATCH_B, 21, 10),
    ):
        body = {**export_of(names, options, moves, hour, minutes), "night_id": night}
        response = client.post("/api/matches/import", json=body, headers=auth(made.host))
        assert response.status_code == 201, response.json
        ids.append(response.json["id"])
    created = client.post("/api/matches", json={
        "game": "citroncoco", "seats": [{"name": "Alice"}, {"name": "Dan"}],
        "night_id": night}, headers=auth(made.host))
    assert created.status_code == 201, created.json
    ids.append(created.json["id"])
    players = {p["name"]: p["id"] for p in client.get("/api/players").json["items"]}
    return {"night": night, "matches": ids, "players": players,
            "host": created.json["host_token"], "night_token": made.host}

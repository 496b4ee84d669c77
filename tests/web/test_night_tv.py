"""The night's TV view follows the night: its changing part is asked every second and answers
304 while nothing changed, the new board as soon as a move is logged in one of its matches."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.helpers import auth, move, new_match, new_night


def test_the_night_tv_asks_cheaply_and_sees_each_move(client: FlaskClient) -> None:
    night = new_night(client)
    table = new_match(client, players=2, night_id=night.id, night_token=night.host)
    page = client.get(f"/nights/{night.id}/tv").get_data(as_text=True)
    assert 'src="/static/night.js"' in page and "reload.js" not in page
    first = client.get(f"/nights/{night.id}/tv/live")
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-store"
    etag = first.headers["ETag"]
    same = client.get(f"/nights/{night.id}/tv/live", headers={"If-None-Match": etag})
    assert same.status_code == 304 and same.get_data() == b""
    assert move(client, table, "draw", 0, {"source": "stock"}).status_code == 201
    moved = client.get(f"/nights/{night.id}/tv/live", headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.headers["ETag"] != etag
    assert "Leaderboard" in moved.get_data(as_text=True)


def test_new_placement_points_change_the_night_tv(client: FlaskClient) -> None:
    night = new_night(client)
    etag = client.get(f"/nights/{night.id}/tv/live").headers["ETag"]
    changed = client.put(f"/api/nights/{night.id}/points", json={"placement_points": [4, 2]},
                         headers=auth(night.host))
    assert changed.status_code == 200, changed.json
    again = client.get(f"/nights/{night.id}/tv/live", headers={"If-None-Match": etag})
    assert again.status_code == 200

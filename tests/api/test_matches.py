"""The core HTTP contract (DESIGN.md, "HTTP contract"), on SQLite and PostgreSQL."""

from __future__ import annotations

from flask.testing import FlaskClient

from tests.helpers import auth, move, new_match, plain_turn


def test_create_returns_tokens_for_host_and_each_seat(client: FlaskClient) -> None:
    table = new_match(client, players=3)
    assert table.body["game"] == "citroncoco"
    assert table.body["last_seq"] == 0
    assert len(table.seats) == 3
    assert len({table.host, *table.seats}) == 4
    assert [s["name"] for s in table.body["seats"]] == ["Alice", "Bob", "Chloé"]


def test_seats_reuse_an_existing_player_by_name(client: FlaskClient) -> None:
    first = new_match(client, players=2)
    second = client.post("/api/matches", json={
        "game": "citroncoco", "seats": [{"name": "alice"}, {"name": "Zoé"}]}).json
    assert second["seats"][0]["player_id"] == first.body["seats"][0]["player_id"]


def test_create_refuses_an_unknown_game(client: FlaskClient) -> None:
    response = client.post("/api/matches", json={"game": "poker", "seats": [{"name": "A"}]})
    assert response.status_code == 422
    assert response.json["where"] == "body.game"
    assert "poker" in response.json["message"]


def test_create_refuses_a_seat_count_the_game_does_not_allow(client: FlaskClient) -> None:
    response = client.post("/api/matches", json={"game": "citroncoco",
                                                 "seats": [{"name": "Solo"}]})
    assert response.status_code == 422
    assert response.json["where"] == "body.seats"


def test_create_refuses_bad_options_and_says_which(client: FlaskClient) -> None:
    response = client.post("/api/matches", json={
        "game": "citroncoco", "options": {"target": "lots"},
        "seats": [{"name": "A"}, {"name": "B"}]})
    assert response.status_code == 422
    assert "target" in response.json["errors"]["options"]


def test_first_move_gets_seq_one_and_a_verdict(client: FlaskClient) -> None:
    table = new_match(client)
    response = move(client, table, "draw", 0, {"source": "stock"},
                    headers={"If-Match": '"0"'})
    assert response.status_code == 201
    assert response.json["seq"] == 1
    assert response.json["verdict"]["kind"] == "ok"
    assert response.json["verdict"]["rule"].startswith("CC-")
    assert response.json["standings"]["unit"] == "coconuts"


def test_a_wrong_quick_play_is_a_missplay_with_its_penalty(client: FlaskClient) -> None:
    """CC quick play: a 4 on a 5 is a missplay; the penalty card is drawn from the stock."""
    table = new_match(client)
    plain_turn(client, table, 0, value=5)
    response = move(client, table, "quick_play", 2, {"slot": 1, "value": 4})
    assert response.status_code == 201
    verdict = response.json["verdict"]
    assert verdict["kind"] == "missplay"
    assert verdict["penalty"]
    seats = client.get(f"/api/matches/{table.id}").json["seats"]
    assert seats[2]["missplays"] == 1


def test_an_impossible_move_is_refused_with_rule_and_reason_and_not_logged(
        client: FlaskClient) -> None:
    table = new_match(client)
    response = move(client, table, "draw", 1, {"source": "stock"})  # seat 0 starts
    assert response.status_code == 422
    assert response.json["kind"] == "impossible"
    assert response.json["rule"].startswith("CC-")
    assert response.json["message"]
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 0


def test_a_payload_that_does_not_fit_its_schema_is_422_with_the_field(
        client: FlaskClient) -> None:
    table = new_match(client)
    response = move(client, table, "draw", 0, {"source": "the floor"})
    assert response.status_code == 422
    assert response.json["where"] == "body.payload"
    assert "source" in response.json["errors"]["payload"]


def test_an_unknown_move_type_is_422(client: FlaskClient) -> None:
    table = new_match(client)
    response = move(client, table, "teleport", 0)
    assert response.status_code == 422
    assert response.json["where"] == "body.type"


def test_malformed_json_is_400(client: FlaskClient) -> None:
    table = new_match(client)
    response = client.post(f"/api/matches/{table.id}/events", data="{not json",
                           headers={**auth(table.host), "Content-Type": "application/json"})
    assert response.status_code == 400
    assert response.json["message"] == "The request body is not valid JSON."


def test_a_body_over_64_kib_is_413(client: FlaskClient) -> None:
    table = new_match(client)
    response = client.post(f"/api/matches/{table.id}/events",
                           json={"type": "draw", "payload": {"x": "y" * 70_000}},
                           headers=auth(table.host))
    assert response.status_code == 413
    assert response.json["code"] == 413


def test_no_token_is_401(client: FlaskClient) -> None:
    table = new_match(client)
    response = client.post(f"/api/matches/{table.id}/events",
                           json={"type": "draw", "seat": 0, "payload": {"source": "stock"}})
    assert response.status_code == 401
    assert response.json["where"] == "header.Authorization"


def test_an_unknown_token_is_401(client: FlaskClient) -> None:
    table = new_match(client)
    other = new_match(client, players=2)
    response = move(client, table, "draw", 0, {"source": "stock"}, token=other.host)
    assert response.status_code == 401


def test_a_seat_token_cannot_move_for_another_seat(client: FlaskClient) -> None:
    table = new_match(client)
    response = move(client, table, "draw", 0, {"source": "stock"}, token=table.seats[1])
    assert response.status_code == 403
    assert response.json["where"] == "body.seat"


def test_a_seat_token_defaults_to_its_own_seat(client: FlaskClient) -> None:
    table = new_match(client)
    response = client.post(f"/api/matches/{table.id}/events",
                           json={"type": "draw", "payload": {"source": "stock"}},
                           headers=auth(table.seats[0]))
    assert response.status_code == 201


def test_only_the_host_may_void(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    response = move(client, table, "void", 1, {"seq": 2, "reason": "oops"})
    assert response.status_code == 403


def test_an_unknown_match_is_404(client: FlaskClient) -> None:
    response = client.get("/api/matches/999999")
    assert response.status_code == 404
    assert response.json["message"] == "There is no match 999999."


def test_a_stale_if_match_is_409_and_appends_nothing(client: FlaskClient) -> None:
    table = new_match(client)
    assert move(client, table, "draw", 0, {"source": "stock"}).status_code == 201
    response = move(client, table, "discard", 0, {"value": 5}, headers={"If-Match": '"0"'})
    assert response.status_code == 409
    assert response.json["last_seq"] == 1
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 1


def test_an_unreadable_if_match_is_400(client: FlaskClient) -> None:
    table = new_match(client)
    response = move(client, table, "draw", 0, {"source": "stock"},
                    headers={"If-Match": "yesterday"})
    assert response.status_code == 400
    assert response.json["where"] == "header.If-Match"


def test_a_retried_idempotency_key_appends_nothing_and_answers_the_same(
        client: FlaskClient) -> None:
    table = new_match(client)
    key = {"Idempotency-Key": "turn-1-draw"}
    first = move(client, table, "draw", 0, {"source": "stock"}, headers=key)
    again = move(client, table, "draw", 0, {"source": "stock"}, headers=key)
    assert first.status_code == again.status_code == 201
    assert again.json == first.json
    assert again.headers["Idempotent-Replayed"] == "true"
    assert "Idempotent-Replayed" not in first.headers
    assert client.get(f"/api/matches/{table.id}").json["last_seq"] == 1


def test_events_after_n_lists_the_log(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0)
    plain_turn(client, table, 1, source="discard")
    body = client.get(f"/api/matches/{table.id}/events?after=2").json
    assert [e["seq"] for e in body["events"]] == [3, 4]
    assert body["last_seq"] == 4
    assert body["events"][0]["actor"] == "seat:1"


def test_state_at_an_earlier_seq_shows_the_table_as_it_was(client: FlaskClient) -> None:
    table = new_match(client)
    plain_turn(client, table, 0, value=5)
    plain_turn(client, table, 1, value=6)
    then = client.get(f"/api/matches/{table.id}/state?at=2").json
    now = client.get(f"/api/matches/{table.id}/state").json
    assert then["at"] == 2 and now["at"] == 4
    assert then["table"] != now["table"]
    assert then["viewer"] == "public"


def test_state_beyond_the_log_is_404(client: FlaskClient) -> None:
    table = new_match(client)
    response = client.get(f"/api/matches/{table.id}/state?at=5")
    assert response.status_code == 404
    assert response.json["where"] == "query.at"


def test_state_of_an_empty_log_beyond_it_says_there_are_no_events_yet(
        client: FlaskClient) -> None:
    """?at=5 on a match with no move: the 404 says the log is empty, not "events 1 to 0"."""
    table = new_match(client)
    response = client.get(f"/api/matches/{table.id}/state?at=5")
    assert response.status_code == 404
    assert response.json["message"] == f"Match {table.id} has no events yet; there is no seq 5."


def test_a_seat_view_needs_that_seat_or_the_host(client: FlaskClient) -> None:
    table = new_match(client)
    url = f"/api/matches/{table.id}/state?as=1"
    assert client.get(url).status_code == 401
    assert client.get(url, headers=auth(table.seats[0])).status_code == 403
    assert client.get(url, headers=auth(table.seats[1])).json["viewer"] == 1
    assert client.get(url, headers=auth(table.host)).json["viewer"] == 1


def test_standings_endpoint_gives_the_running_totals(client: FlaskClient) -> None:
    table = new_match(client)
    body = client.get(f"/api/matches/{table.id}/standings").json
    assert body["unit"] == "coconuts"
    assert body["target"] == 200
    assert [line["seats"] for line in body["lines"]] == [[0], [1], [2]]


def test_games_lists_every_engine_with_options_and_moves(client: FlaskClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json}
    assert {"citroncoco", "citroncoco-teams", "neurotrio", "croconounours", "plouc"} <= set(games)
    cc = games["citroncoco"]
    assert "sum_quick_play" in cc["options"]["properties"]
    assert cc["moves"]["draw"]["payload"]["properties"]["source"]["enum"] == ["stock", "discard"]
    assert cc["moves"]["void"]["host_only"] is True
    assert client.get("/api/games/nope").status_code == 404


def test_openapi_document_and_interactive_docs_are_served(client: FlaskClient) -> None:
    spec = client.get("/api/openapi.json").json
    assert "/api/matches/{match_id}/events" in spec["paths"]
    assert "citroncoco.draw" in spec["components"]["schemas"]
    docs = client.get("/api/docs")
    assert docs.status_code == 200
    assert b"swagger" in docs.data.lower()
    assert client.get("/api/docs/static/swagger-ui-bundle.js").status_code == 200


def test_the_append_documents_its_body_headers_and_query(client: FlaskClient) -> None:
    """The append's schemas are made once, not per request: the document still names the move
    body, the If-Match and Idempotency-Key headers and the dry_run query."""
    post = client.get("/api/openapi.json").json["paths"]["/api/matches/{match_id}/events"]["post"]
    body = post["requestBody"]["content"]["application/json"]["schema"]
    assert body == {"$ref": "#/components/schemas/Move"}
    assert {(p["in"], p["name"]) for p in post["parameters"]} >= {
        ("header", "If-Match"), ("header", "Idempotency-Key"), ("query", "dry_run")}


def test_the_host_reissues_a_lost_seat_token_and_the_old_one_stops_working(
        client: FlaskClient) -> None:
    table = new_match(client)
    url = f"/api/matches/{table.id}/seats/0/token"
    assert client.post(url, headers=auth(table.seats[0])).status_code == 403
    response = client.post(url, headers=auth(table.host))
    assert response.status_code == 201
    fresh = response.json["token"]
    assert move(client, table, "draw", 0, {"source": "stock"}).status_code == 401
    assert move(client, table, "draw", 0, {"source": "stock"}, token=fresh).status_code == 201

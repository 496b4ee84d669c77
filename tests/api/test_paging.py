"""Long matches and long histories come a page at a time: the timeline latest first with
``before``/``after`` cursors, history by key with ``older``/``newer`` cursors."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from referee.edge.clauses import timeline_urls
from referee.service import queries
from referee.service.messages import reword
from tests.helpers import Table, move, new_match, plain_turn


def long_match(client: FlaskClient, turns: int) -> Table:
    table = new_match(client, players=2)
    plain_turn(client, table, 0)
    for turn in range(1, turns):
        plain_turn(client, table, turn % 2, source="discard")
    return table


def seqs(page: dict) -> list[int]:
    return [e["seq"] for e in page["events"]]


def test_the_timeline_shows_the_latest_events_first_and_earlier_on_demand(
        client: FlaskClient) -> None:
    table = long_match(client, 12)  # 24 events
    url = f"/api/matches/{table.id}/timeline"
    latest = client.get(f"{url}?limit=10").json
    assert seqs(latest) == list(range(15, 25)) and latest["last_seq"] == 24
    assert latest["later"] is None and latest["earlier"] == 15
    earlier = client.get(f"{url}?limit=10&before={latest['earlier']}").json
    assert seqs(earlier) == list(range(5, 15))
    first = client.get(f"{url}?limit=10&before={earlier['earlier']}").json
    assert seqs(first) == [1, 2, 3, 4] and first["earlier"] is None
    later = client.get(f"{url}?limit=10&after={first['later']}").json
    assert seqs(later) == list(range(5, 15))


def test_timeline_pages_judge_as_a_full_re_judge_does_after_a_void(client: FlaskClient) -> None:
    """A void re-judges every later move (the timeline shows what it changed); the pages give
    the same judgements as folding the whole log again. CC-QP-3: the quick play of a 4 on a 5
    is a missplay; once the discarded 5 is voided the same quick play is judged on another top
    card."""
    table = long_match(client, 5)  # 10 events
    assert move(client, table, "quick_play", 0, {"slot": 1, "value": 4}).status_code == 201
    plain_turn(client, table, 1, source="stock")
    void = move(client, table, "void", None, {"seq": 6, "reason": "never happened"})
    assert void.status_code == 201
    plain_turn(client, table, 0, source="stock")
    url = f"/api/matches/{table.id}/timeline"
    pages = [client.get(f"{url}?limit=4&after={after}").json for after in range(0, 16, 4)]
    paged = [e for p in pages for e in p["events"]]
    full = queries.full_timeline(client.application.extensions["referee.db"], table.id)
    worded = reword(full["events"], ["Alice", "Bob"], "en")  # the data, worded, and each
    assert paged == timeline_urls({"game": "citroncoco", "events": worded})["events"]  # clause
    assert next(e for e in paged if e["seq"] == 6)["voided_by"] == void.json["seq"]


def test_a_timeline_cursor_must_be_a_seq(client: FlaskClient) -> None:
    table = new_match(client, players=2)
    response = client.get(f"/api/matches/{table.id}/timeline?before=zero")
    assert response.status_code == 422 and "before" in response.json["where"]


def test_the_match_page_links_to_earlier_events(client: FlaskClient) -> None:
    """The match page carries the latest 25 events (newest first); its "earlier" links walk
    back to the first event, each event on one page only."""
    table = long_match(client, 30)  # 60 events: more than a page
    url: str | None = f"/m/{table.id}"
    pages: list[list[int]] = []
    while url is not None:
        page = client.get(url).get_data(as_text=True)
        pages.append([int(n) for n in re.findall(r'id="e(\d+)"', page)])
        link = re.search(rf'href="(/m/{table.id}\?before=\d+)#timeline-title" rel="next"', page)
        url = link.group(1) if link else None
    assert pages[0] == list(range(60, 35, -1))
    assert [n for p in pages for n in p] == list(range(60, 0, -1))


def test_history_walks_every_match_once_by_its_cursors(client: FlaskClient) -> None:
    made = [new_match(client, players=2).id for _ in range(7)]
    seen: list[int] = []
    page = client.get("/api/matches?per_page=3").json
    assert page["total"] == 7 and page["newer"] is None
    while True:
        seen += [m["id"] for m in page["items"]]
        if page["older"] is None:
            break
        page = client.get(f"/api/matches?per_page=3&before={page['older']}").json
    assert seen == list(reversed(made))
    back = client.get(f"/api/matches?per_page=3&after={page['newer']}").json
    assert [m["id"] for m in back["items"]] == list(reversed(made))[3:6]  # 4, 3, 2


def test_a_history_cursor_that_is_not_one_is_refused(client: FlaskClient) -> None:
    response = client.get("/api/matches?before=page-2")
    assert response.status_code == 422
    assert response.json["where"] == "query.before"


def test_history_totals_follow_the_tallies(client: FlaskClient) -> None:
    new_match(client, players=2)
    new_match(client, "plouc", players=3)
    assert client.get("/api/matches").json["total"] == 2
    assert client.get("/api/matches?game=plouc").json["total"] == 1
    assert client.get("/api/matches?status=finished").json["total"] == 0
    assert client.get("/api/matches?since=2000-01-01&until=2999-12-31").json["total"] == 2


def test_the_newest_page_is_worded_once_per_language_until_the_match_moves_on(
        client: FlaskClient) -> None:
    """Every phone at the table reads the newest page after each move: its wording for one
    language is the same answer until the next move, and goes when the match moves on."""
    from referee.edge import wording

    table = long_match(client, 2)
    url = f"/api/matches/{table.id}/timeline"
    english = [client.get(url, headers={"Accept-Language": "en"}).json for _ in range(2)]
    french = client.get(url, headers={"Accept-Language": "fr"}).json
    assert english[0] == english[1] and english[0] != french
    kept = {k[2] for k in wording._KEPT.pages if k[1] == "api.timeline"}
    assert {"en", "fr"} <= kept
    plain_turn(client, table, 0, source="discard")
    assert client.get(url).json["last_seq"] == english[0]["last_seq"] + 2  # the new page


def test_a_kept_wording_goes_with_its_page() -> None:
    """What the edge keeps of a shared page (its wording) goes when the service lets the page
    go: nothing is held for a match that moved on."""
    import gc

    from referee.edge import wording
    from referee.service.cache import Shared

    page = Shared({"events": [], "standings": {"outcome_data": {
        "message_id": "plouc.outcome.in_play", "params": {"count": 2, "leader_seats": [0]}}}})
    said = wording.say_kept(page, ["Alice"], "fr", kind="test")
    assert said["standings"]["outcome"].startswith("En cours")
    assert wording.say_kept(page, ["Alice"], "fr", kind="test") is said
    key = (id(page), "test", "fr", ("Alice",))
    assert key in wording._KEPT.pages
    del page
    gc.collect()
    assert key not in wording._KEPT.pages


def test_nights_page_by_number_and_say_whether_more_follow(client: FlaskClient) -> None:
    """The nights' list says its page, its size and whether a next page holds more, and links
    to its neighbours in a ``Link`` header (RFC 8288)."""
    for n in range(5):
        assert client.post("/api/nights", json={"name": f"Soirée {n}"}).status_code == 201
    first = client.get("/api/nights?per_page=2")
    assert (first.json["page"], first.json["per_page"], first.json["has_more"]) == (1, 2, True)
    assert [n["name"] for n in first.json["items"]] == ["Soirée 4", "Soirée 3"]
    assert first.headers["Link"] == '</api/nights?page=2&per_page=2>; rel="next"'
    last = client.get("/api/nights?per_page=2&page=3")
    assert ([n["name"] for n in last.json["items"]], last.json["has_more"]) == (["Soirée 0"], False)
    assert last.headers["Link"] == '</api/nights?page=2&per_page=2>; rel="prev"'


def test_players_page_by_number_and_say_whether_more_follow(client: FlaskClient) -> None:
    """Every player is on exactly one page, and the last page says no more follow."""
    new_match(client, players=5)  # Alice, Bob, Chloé, Dan, Eve
    names: list[str] = []
    page = 1
    while True:
        answer = client.get(f"/api/players?per_page=2&page={page}").json
        names += [p["name"] for p in answer["items"]]
        if not answer["has_more"]:
            break
        page += 1
    assert names == ["Alice", "Bob", "Chloé", "Dan", "Eve"] and page == 3
    assert "Link" not in client.get("/api/players?per_page=5").headers

"""The night's pages for its host and for everyone else, on both databases: the browser that
created the night (or opened its host link) keeps the night's host token and sees the host's
controls (placement points, a new match in the night, the host link); any other browser sees
the night but not those controls, and posting them anyway gets a 403 page with nothing changed.
"""

from __future__ import annotations

import io
import json
import re
import sys

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import new_night
from tests.web.helpers import ROUND, create, move, text_of

POINTS_FORM = "/points#points-refused"


def night_of(client: FlaskClient, name: str = "Friday at Alice's") -> int:
    """A night made through the home page's form, by ``client`` (its host from then on)."""
    response = client.post("/nights", data={"name": name})
    assert response.status_code == 303
    return int(response.location.rsplit("/", 1)[1])


def points_of(client: FlaskClient, night: int) -> list[int]:
    return list(client.get(f"/api/nights/{night}/board").get_json()["placement_points"])


def matches_in(client: FlaskClient, night: int) -> list[int]:
    return [m["id"] for m in client.get(f"/api/nights/{night}").get_json()["matches"]]


def host_link(page: str) -> str:
    found = re.search(r'class="host-link" href="https?://[^/"]+([^"]+)"', page)
    assert found, "the page shows no host link"
    return found.group(1).replace("&amp;", "&")


def test_the_host_sees_the_points_form_and_the_new_match_button(client: FlaskClient) -> None:
    night = night_of(client)
    page = text_of(client.get(f"/nights/{night}"))
    assert f"/nights/{night}{POINTS_FORM}" in page and f"/new?night={night}" in page
    assert "host-link" in page


def test_the_host_sets_the_points_from_the_page(client: FlaskClient) -> None:
    night = night_of(client)
    response = client.post(f"/nights/{night}/points", data={"points": "3, 1"})
    assert response.status_code == 303
    assert points_of(client, night) == [3, 1]


def test_the_host_starts_a_match_in_the_night(client: FlaskClient) -> None:
    night = night_of(client)
    assert client.get(f"/new?night={night}").status_code == 200
    assert client.get(f"/new/citroncoco?night={night}").status_code == 200
    made = create(client, night=str(night))
    assert matches_in(client, night) == [made.id]


def test_another_browser_sees_no_host_controls(app: Flask, client: FlaskClient) -> None:
    """The night reads the same (its name, the points in words), without the forms."""
    night = night_of(client)
    page = text_of(app.test_client().get(f"/nights/{night}"))
    assert "Friday at Alice&#39;s" in page and "Placement points: 5, 3, 2, 1." in page
    assert POINTS_FORM not in page and f"/new?night={night}" not in page
    assert "host-link" not in page


def test_another_browser_cannot_set_the_points(app: Flask, client: FlaskClient) -> None:
    night = night_of(client)
    response = app.test_client().post(f"/nights/{night}/points", data={"points": "3, 1"})
    assert response.status_code == 403
    assert "Only the night&#39;s host sets its points" in text_of(response)
    assert points_of(client, night) == [5, 3, 2, 1]


def test_another_browser_cannot_start_a_match_in_the_night(app: Flask,
                                                           client: FlaskClient) -> None:
    night = night_of(client)
    other = app.test_client()
    assert other.get(f"/new?night={night}").status_code == 403
    assert other.get(f"/new/citroncoco?night={night}").status_code == 403
    response = other.post("/new/citroncoco", data={"seat": ["Alice", "Bob"],
                                                   "night": str(night)})
    assert response.status_code == 403
    assert "Only the night&#39;s host starts or imports a match in it" in text_of(response)
    assert matches_in(client, night) == []
    assert client.get("/api/matches").get_json()["items"] == []


def test_a_night_made_through_the_api_has_no_host_in_any_browser(client: FlaskClient) -> None:
    """The API's creator holds the token, not a browser: the page shows no host controls and
    refuses the forms, until a browser opens the night's host link."""
    night = new_night(client)
    assert POINTS_FORM not in text_of(client.get(f"/nights/{night.id}"))
    assert client.post(f"/nights/{night.id}/points", data={"points": "3, 1"}).status_code == 403
    response = client.post(f"/nights/{night.id}/host", data={"link": night.host})
    assert response.status_code == 303
    assert client.post(f"/nights/{night.id}/points", data={"points": "3, 1"}).status_code == 303
    assert points_of(client, night.id) == [3, 1]


def test_the_host_link_makes_another_browser_a_host(app: Flask, client: FlaskClient) -> None:
    night = night_of(client)
    link = host_link(client.get(f"/nights/{night}").get_data(as_text=True))
    assert "#t=" in link and "token=" not in link  # the token rides in no request line
    phone = app.test_client()
    assert phone.get(link).status_code == 200  # the page whose script posts the token
    assert phone.post(link.split("#")[0], data={"link": link}).status_code == 303
    assert f"/new?night={night}" in text_of(phone.get(f"/nights/{night}"))
    assert create(phone, night=str(night)).id in matches_in(client, night)


def test_a_host_link_with_a_wrong_token_is_403(app: Flask, client: FlaskClient) -> None:
    night, other = night_of(client, "Ours"), new_night(client, "Theirs")
    stranger = app.test_client()
    response = stranger.post(f"/nights/{night}/host", data={"link": other.host})
    assert response.status_code == 403
    assert stranger.post(f"/nights/{night}/points", data={"points": "3, 1"}).status_code == 403


def test_the_night_page_is_not_kept_by_caches(client: FlaskClient) -> None:
    """The host's page carries the host link: no cache keeps it, no referrer leaks it."""
    response = client.get(f"/nights/{night_of(client)}")
    assert response.headers["Cache-Control"] == "no-store"
    assert response.headers["Referrer-Policy"] == "same-origin"


def test_the_import_page_offers_only_the_nights_this_browser_hosts(
        app: Flask, client: FlaskClient) -> None:
    ours = night_of(client, "Ours")
    theirs = night_of(app.test_client(), "Theirs")
    page = text_of(client.get("/import"))
    assert f'<option value="{ours}">Ours</option>' in page and "Theirs" not in page
    assert theirs != ours


def test_an_import_into_another_hosts_night_is_403(app: Flask, client: FlaskClient) -> None:
    night = night_of(client)
    made = create(client)
    exported = client.get(f"/m/{made.id}/export.json").get_data()
    response = app.test_client().post(
        "/import", data={"file": (io.BytesIO(exported), "m.json"), "night": str(night),
                         "copy": "on"}, content_type="multipart/form-data")
    assert response.status_code == 403
    assert matches_in(client, night) == []
    again = client.post(
        "/import", data={"file": (io.BytesIO(exported), "m.json"), "night": str(night),
                         "copy": "on"}, content_type="multipart/form-data")
    assert again.status_code == 303 and len(matches_in(client, night)) == 1
    assert json.loads(exported)["seats"]


def test_a_rematch_stays_in_the_night_for_its_host_only(app: Flask, client: FlaskClient) -> None:
    """"Play again" on a finished match of the night: the host's form files the rematch into
    the night; another browser's form makes it outside any night (no 403 for a rematch)."""
    night = night_of(client)
    made = create(client, night=str(night), **{"o.target": "20"})
    for type_, seat, fields in ROUND:
        move(client, made.id, type_, seat, fields)
    night_field = f'name="night" value="{night}"'
    assert night_field in text_of(client.get(f"/m/{made.id}"))
    page = text_of(app.test_client().get(f"/m/{made.id}"))
    assert "Play again, same seats" in page and night_field not in page


def test_the_png_board_is_501_without_the_png_extra(client: FlaskClient,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """Without ``referee[png]`` (CairoSVG) the night's PNG board says it cannot be drawn and
    points to the SVG; the SVG is always there."""
    monkeypatch.setitem(sys.modules, "cairosvg", None)  # as if never installed
    night = new_night(client)
    answer = client.get(f"/nights/{night.id}/board.png")
    assert answer.status_code == 501
    assert "SVG" in text_of(answer)
    assert client.get(f"/nights/{night.id}/board.svg").status_code == 200

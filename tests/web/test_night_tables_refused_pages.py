"""A refused form of the night page's tables comes back as the night's page itself, on both
databases: the reason said in the form's own part of the page (beside the input it names),
with the refusal's status, what the host typed still in the form, and nothing stored changed.
Without script: plain form posts."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from flask import Flask
from flask.testing import FlaskClient

from tests.web.test_night_tables_pages import FRENCH, NAMES, night, seated

__all__ = ["night"]  # the night made from the page, as a fixture

UNCHANGED = {"en": "The night's tables are unchanged.",
             "fr": "Les tables de la soirée n'ont pas changé."}
LANGUAGES = {"en": {"Accept-Language": "en-GB,en;q=0.9"}, "fr": FRENCH}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Inside(HTMLParser):
    """The text and the tags' markup inside the element with ``id`` (as a reader would find it
    there: its own part of the page)."""

    def __init__(self, id_: str) -> None:
        super().__init__()
        self.id, self.depth, self.parts = id_, 0, []  # type: tuple[str, int, list[str]]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth:
            self.parts.append(self.get_starttag_text() or "")
            self.depth += tag not in VOID
        elif dict(attrs).get("id") == self.id:
            self.depth = 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth and tag not in VOID:
            self.depth -= 1

    def handle_data(self, data: str) -> None:
        if self.depth:
            self.parts.append(data)


def inside(response: object, id_: str) -> str:
    """What the page holds inside the element ``id_`` (its text and tags), spaces collapsed."""
    parser = Inside(id_)
    parser.feed(response.get_data(as_text=True))  # type: ignore[attr-defined]
    return " ".join(" ".join(parser.parts).split())


def stored(client: FlaskClient, night: int) -> dict:
    return {"rounds": client.get(f"/api/nights/{night}/rounds").json,
            "matches": client.get(f"/api/nights/{night}").json["matches"]}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_roster_with_no_name_is_said_in_the_roster(client: FlaskClient, night: int,
                                                      lang: str) -> None:
    before = stored(client, night)
    answer = client.post(f"/nights/{night}/roster", data={"names": " ,\n "},
                         headers=LANGUAGES[lang])
    assert answer.status_code == 422
    roster = inside(answer, "roster")
    assert {"en": "Type a player's name to add them to the night.",
            "fr": "Tapez le nom d'un joueur pour l'ajouter à la soirée."}[lang] in roster
    assert UNCHANGED[lang] in roster
    assert 'aria-invalid="true" aria-describedby="roster-refused"' in roster
    assert stored(client, night) == before


def test_a_name_too_long_adds_nobody_and_keeps_what_was_typed(client: FlaskClient,
                                                               night: int) -> None:
    typed = "Alice\n" + "x" * 81
    answer = client.post(f"/nights/{night}/roster", data={"names": typed})
    assert answer.status_code == 422
    roster = inside(answer, "roster")
    assert "A player's name is at most 80 characters." in roster
    assert "Alice " + "x" * 81 in roster  # in the textarea, as typed (spaces collapsed)
    assert client.get(f"/api/nights/{night}/roster").json["items"] == []


def test_a_bad_table_count_is_said_in_the_seating_form_and_kept(client: FlaskClient,
                                                                night: int) -> None:
    client.post(f"/nights/{night}/roster", data={"names": NAMES})
    before = stored(client, night)
    answer = client.post(f"/nights/{night}/rounds", data={"game": "plouc", "tables": "99"},
                         headers=FRENCH)
    assert answer.status_code == 422
    form = inside(answer, "seat-next")
    assert "Le nombre de tables est un nombre entier de 1 à 50." in form
    assert 'value="99" aria-invalid="true" aria-describedby="seat-refused"' in form
    assert '<option value="plouc" selected>' in form  # the game chosen, kept
    assert stored(client, night) == before


def test_a_move_the_service_refuses_is_said_in_the_proposal_and_kept(
        client: FlaskClient, night: int) -> None:
    """CroCoNounours is played by 2 to 4: all eight at table 1 is refused (422), and each
    player's table stays as the host chose it."""
    client.post(f"/nights/{night}/roster", data={"names": NAMES})
    client.post(f"/nights/{night}/rounds", data={"game": "croconounours"})
    before = stored(client, night)
    everyone = [p["player_id"] for t in before["rounds"]["rounds"][-1]["tables"]
                for p in t["players"]]
    answer = client.post(f"/nights/{night}/rounds/1", data={f"p{p}": "1" for p in everyone},
                         headers=FRENCH)
    assert answer.status_code == 422
    proposal = inside(answer, "proposal")
    assert "La table 1 compte 8 joueurs" in proposal
    assert UNCHANGED["fr"] in proposal
    assert proposal.count('<option value="1" selected>') == len(everyone)
    assert stored(client, night) == before


def test_a_move_without_a_table_is_said_beside_that_players_choice(
        client: FlaskClient, night: int) -> None:
    moved = seated(client, night)["tables"][0]["players"][0]["player_id"]
    before = stored(client, night)
    answer = client.post(f"/nights/{night}/rounds/1", data={f"p{moved}": "the bar"})
    assert answer.status_code == 422
    player = inside(answer, f"seated-{moved}")
    assert 'aria-invalid="true" aria-describedby="proposal-refused"' in player
    assert "Choose a table for each player, or « sits out »." in player
    assert stored(client, night) == before


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_starting_a_round_again_is_said_in_that_round(client: FlaskClient, night: int,
                                                      lang: str) -> None:
    seated(client, night)
    assert client.post(f"/nights/{night}/rounds/1/start").status_code == 303
    before = stored(client, night)
    answer = client.post(f"/nights/{night}/rounds/1/start", headers=LANGUAGES[lang])
    assert answer.status_code == 409
    round_ = inside(answer, "round-1")
    assert {"en": "Round 1 has started: its seating is kept as it was played.",
            "fr": "La manche 1 a commencé"}[lang] in round_
    assert UNCHANGED[lang] in round_
    assert stored(client, night) == before


def test_another_browsers_form_is_said_on_the_night_page(app: Flask, client: FlaskClient,
                                                         night: int) -> None:
    other = app.test_client()
    answer = other.post(f"/nights/{night}/roster", data={"names": "Zoé"}, headers=FRENCH)
    assert answer.status_code == 403
    assert "Seul l'hôte de la soirée" in inside(answer, "tables")
    assert answer.headers["Cache-Control"] == "no-store"
    assert client.get(f"/api/nights/{night}/roster").json["items"] == []

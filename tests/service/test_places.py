"""Places in the standings: ties share the better place, winners first, as every reader's
standings carry them (``rank``) and the seats' results store them."""

from __future__ import annotations

from flask.testing import FlaskClient

from referee.engines.base import Line, Standings
from referee.service.places import line_ranks, with_ranks
from referee.service.stats import ranks
from tests.helpers import move, new_match


def test_equal_totals_share_the_better_place() -> None:
    """Fewest wins (CC-GOAL-1's coconuts): 5, 9, 9, 12 are placed 1, 2, 2, 4."""
    lines = [((0,), 5), ((1,), 9), ((2,), 9), ((3,), 12)]
    assert line_ranks(lines, (), lower_is_better=True) == [1, 2, 2, 4]


def test_most_wins_ranks_the_other_way() -> None:
    lines = [((0,), 5), ((1,), 9), ((2,), 9)]
    assert line_ranks(lines, (), lower_is_better=False) == [3, 1, 1]


def test_the_winners_come_first_whatever_their_totals() -> None:
    """A finished match's winners the engine names (a tie-break, a caller) share the first
    place; the others follow by their totals."""
    lines = [((0,), 20), ((1,), 10), ((2,), 10)]
    assert line_ranks(lines, (0,), lower_is_better=True) == [1, 2, 2]


def test_a_team_takes_one_place() -> None:
    assert line_ranks([((0, 2), 40), ((1, 3), 40)], (), lower_is_better=True) == [1, 1]


def test_with_ranks_counts_winners_only_once_finished() -> None:
    data = {"lower_is_better": True, "finished": False, "winners": [1],
            "lines": [{"side": "0", "seats": [0], "total": 1},
                      {"side": "1", "seats": [1], "total": 3}]}
    assert [ln["rank"] for ln in with_ranks(data)["lines"]] == [1, 2]
    assert [ln["rank"] for ln in with_ranks({**data, "finished": True})["lines"]] == [2, 1]


def test_the_seats_results_place_as_the_standings_do() -> None:
    """The read models' ranks (placement points) are the standings' places, seat by seat."""
    standings = Standings("coconuts", True, (Line("0", (0,), 4), Line("1", (1,), 8),
                                             Line("2", (2,), 8)), True, (0,))
    assert ranks(standings) == {0: 1, 1: 2, 2: 2}


def test_the_api_standings_carry_the_shared_place(client: FlaskClient) -> None:
    """CC-CALL-4: Alice calls with 4 against 14 and 14; Bob and Chloé tie for second."""
    table = new_match(client, mode="rounds")
    tied = {"caller": 0, "hands": [[1, 1, 1, 1], [3, 3, 4, 4], [4, 4, 3, 3]]}
    assert move(client, table, "round", None, tied).status_code == 201
    lines = client.get(f"/api/matches/{table.id}/standings").json["lines"]
    assert [ln["rank"] for ln in lines] == [1, 2, 2]
    shown = client.get(f"/api/matches/{table.id}").json["standings"]["lines"]
    assert [ln["rank"] for ln in shown] == [1, 2, 2]

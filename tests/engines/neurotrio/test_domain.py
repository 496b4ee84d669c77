"""Neurotrio: laying a card and the open rows and columns (docs/rules/neurotrio.md, NT-DOM,
NT-GRID)."""

from __future__ import annotations

import random

import pytest

from referee.engines.neurotrio import (
    ENGINE,
    NeuroCard,
)
from referee.service.messages import render
from tests.engines.neurotrio.helpers import (
    NAMES,
    START,
    Match,
    Table,
    finish,
    finish_announcing,
    make_deal,
    ring,
    said,
)

# --- NT-DOM: laying a card --------------------------------------------------------------------


def test_nt_dom_1_a_card_must_share_an_edge_with_the_domain(match: Match) -> None:
    """NT-DOM-1: (0, 2) touches nothing."""
    err = match.impossible("place", 0, card="coeur-noir-1", row=0, col=2)
    assert err.rule == "NT-DOM-1"


def test_nt_dom_1_a_corner_is_not_an_edge(match: Match) -> None:
    """NT-DOM-1: edges are horizontal or vertical; (1, 1) only meets (0, 0) at a corner."""
    assert match.impossible("place", 0, card="coeur-noir-1", row=1, col=1).rule == "NT-DOM-1"


def test_nt_dom_1_an_occupied_cell_is_impossible(match: Match) -> None:
    """NT-DOM-1: a card is laid beside the domain cards, not on them."""
    err = match.impossible("place", 0, card="coeur-noir-1", row=0, col=0)
    assert err.rule == "NT-DOM-1"
    assert said(err.said) == ("neurotrio.place.refused", {"seat": 0, "why": {
        "message_id": "neurotrio.place.occupied", "params": {"row": 0, "col": 0, "card": START}}})


def test_nt_dom_2_compatible_means_two_attributes_in_common() -> None:
    """NT-DOM-2: at least two attributes in common, whichever they are."""
    card = NeuroCard.parse("coeur-noir-2")
    assert card.compatible(NeuroCard.parse("coeur-noir-3"))
    assert card.compatible(NeuroCard.parse("rose-noir-2"))
    assert card.compatible(NeuroCard.parse("coeur-vert-2"))
    assert not card.compatible(NeuroCard.parse("coeur-vert-3"))


def test_nt_dom_3_one_compatible_neighbour_scores_nothing(match: Match) -> None:
    """NT-DOM-3: « cela ne donne pas de point de victoire et ne fait pas en perdre »."""
    verdict = match.place("coeur-noir-1", 0, 1)
    assert verdict.rule == "NT-DOM-3"
    assert match.detail(0)["placements"] == 0


def test_nt_dom_3_an_incompatible_single_neighbour_is_named(match: Match) -> None:
    """NT-DOM-3: the 422 says which neighbour fails and why."""
    err = match.impossible("place", 0, card="coeur-vert-3", row=0, col=1)
    assert err.rule == "NT-DOM-3"
    assert render(err.said, NAMES) == (
        "Alice cannot place: heart vert 3 at (0, 1) touches only heart noir 2 at (0, 0), "
        "shares only nature; compatible cards share at least two attributes")
    assert err.where == "payload.card"


def test_nt_dom_4_two_neighbours_must_both_be_compatible(match: Match) -> None:
    """NT-DOM-4: touching two cards, one compatible is not enough."""
    ring(match, 1)  # (0,1) coeur-noir-1
    match.place("coeur-vert-2", 1, 0)
    err = match.impossible("place", 2, card="rose-noir-1", row=1, col=1)
    assert err.rule == "NT-DOM-4"
    assert render(err.said, NAMES) == (
        "Carol cannot place: rose noir 1 at (1, 1) touches 2 cards and must be compatible with "
        "at least two, but heart vert 2 at (1, 0) shares nothing")


def test_nt_dom_4_three_neighbours_with_one_incompatible_is_legal() -> None:
    """NT-DOM-4: « compatible avec au moins deux de ces cartes »: two of three suffice."""
    m = Match(3)
    m("start_domain", card=START)
    ring(m, 4)  # the hole (1, 0) now touches (0,0), (1,1) and (2,0)
    seat = ENGINE.turn(m.state)
    verdict = m.place("etoile-vert-1", 1, 0)  # shares nothing with (0,0), two with the others
    assert verdict.rule == "NT-DOM-5"
    assert m.detail(seat)["placements"] == 1


def test_nt_dom_4_three_neighbours_with_one_compatible_is_impossible() -> None:
    """NT-DOM-4: touching three cards, compatible with one is not enough."""
    m = Match(3)
    m("start_domain", card=START)
    ring(m, 4)
    err = m.impossible("place", ENGINE.turn(m.state), card="rose-noir-2", row=1, col=0)
    assert err.rule == "NT-DOM-4"


@pytest.mark.parametrize(("laid", "points"), [(2, 1), (4, 5), (6, 20)])
def test_nt_dom_5_compatible_neighbours_score(laid: int, points: int) -> None:
    """NT-DOM-5: +1 with two compatible neighbours, +5 with three, +20 with four."""
    m = Match(3)
    m("start_domain", card=START)
    ring(m, laid)
    seat = ENGINE.turn(m.state)
    before = m.detail(seat)["placements"]
    verdict = m.place("coeur-noir-1", 1, 0)
    assert verdict.rule == "NT-DOM-5"
    assert m.detail(seat)["placements"] - before == points


# --- NT-GRID: open rows and columns -----------------------------------------------------------


def test_nt_grid_1_columns_at_most_twice_the_rows(match: Match) -> None:
    """NT-GRID-1: one row cannot hold three columns."""
    match.place("coeur-noir-1", 0, 1)
    err = match.impossible("place", 1, card="coeur-noir-3", row=0, col=-1)
    assert err.rule == "NT-GRID-1"


def test_nt_grid_1_rows_at_most_twice_the_columns(match: Match) -> None:
    """NT-GRID-1: one column cannot hold three rows."""
    match.place("coeur-noir-1", 1, 0)
    err = match.impossible("place", 1, card="coeur-noir-3", row=-1, col=0)
    assert err.rule == "NT-GRID-1"


def test_nt_grid_2_at_most_six_rows_and_eleven_columns_at_first(match: Match) -> None:
    """NT-GRID-2: the limits shown by default."""
    domain = match.view()["domain"]
    assert (domain["row_limit"], domain["col_limit"]) == (6, 11)


def test_nt_grid_2_a_row_beyond_the_limit_is_impossible() -> None:
    """NT-GRID-2: with max_rows 1, no second row may open."""
    m = Match(3, max_rows=1)
    m("start_domain", card=START)
    assert m.impossible("place", 0, card="coeur-noir-1", row=1, col=0).rule == "NT-GRID-2"


def test_nt_grid_3_open_more_needs_every_holder_blocked(match: Match) -> None:
    """NT-GRID-3: the table opens more only when every holder has passed since the change."""
    match.passes()
    err = match.impossible("open_more", None)
    assert err.rule == "NT-GRID-3"
    assert said(err.said) == ("neurotrio.open.not_blocked", {"waiting_seats": [1, 2]})
    assert "Bob and Carol have not passed" in render(err.said, NAMES)


def test_nt_grid_3_open_more_opens_one_row_and_one_column() -> None:
    """NT-GRID-3: once all are blocked, one more row and column: a second row may open."""
    m = Match(3, max_rows=1, max_cols=2)
    m("start_domain", card=START)
    m.place("coeur-noir-1", 0, 1)
    for _ in range(3):
        m.passes()
    m("open_more", None)
    assert (m.view()["domain"]["row_limit"], m.view()["domain"]["col_limit"]) == (2, 3)
    assert m.place("coeur-vert-2", 1, 0).kind == "ok"


def test_nt_grid_3_option_accepts_open_more_at_once() -> None:
    """NT-GRID-3: open_more_after_passes false trusts the table's word."""
    m = Match(3, open_more_after_passes=False)
    m("start_domain", card=START)
    assert m("open_more", None).rule == "NT-GRID-3"


def test_nt_grid_3_open_more_is_flagged_when_a_holder_was_not_blocked(table: Table) -> None:
    """NT-GRID-3: checked against the hands at the end; flagged without penalty."""
    assert any(table.spots(s) for s in table.holders())
    for _ in range(3):
        table.log("pass", ENGINE.turn(table.state))
    table.log("open_more", None)
    opened = len(table.events)
    finish(table)
    flags = [f for f in table.verdicts[-1].flags if f.rule == "NT-GRID-3"]
    assert [f.seq for f in flags] == [opened]
    assert flags[0].penalty is None


def test_nt_grid_3_a_real_blockage_is_not_flagged() -> None:
    """NT-GRID-3: when every holder was truly blocked, the opening stands unflagged."""
    t = Table(make_deal(random.Random(1), 3))
    t.start()
    finish_announcing(t)
    assert t.state.openings
    assert not [f for f in t.verdicts[-1].flags if f.rule == "NT-GRID-3"]

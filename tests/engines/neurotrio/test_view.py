"""Neurotrio: what the view shows each viewer, and the engine's contract."""

from __future__ import annotations

import json
import random

from referee.engines import get_engine
from referee.engines.base import HOST, Event, Impossible, MissplayReportSchema
from referee.engines.neurotrio import ENGINE
from tests.engines.contract import assert_snapshot_round_trip
from tests.engines.neurotrio.helpers import (
    START,
    Match,
    Table,
    legal_spots,
    make_deal,
    place_first,
    play_until,
)

# --- the view and the contract ----------------------------------------------------------------


def test_view_shows_the_domain_as_a_grid(match: Match) -> None:
    """NT-DOM-1: the grid covers the rows and columns in use; empty cells are null."""
    match.place("coeur-noir-1", 0, 1)
    match.place("coeur-vert-1", 1, 1)
    domain = match.view()["domain"]
    assert domain["row_range"] == [0, 1] and domain["col_range"] == [0, 1]
    assert [[c and c["card"] for c in row] for row in domain["rows"]] == [
        [START, "coeur-noir-1"],
        [None, "coeur-vert-1"],
    ]


def test_view_frontier_lists_the_cells_open_to_a_card(match: Match) -> None:
    """NT-DOM-1 and NT-GRID-1: where a card could go, without knowing the hand."""
    match.place("coeur-noir-1", 0, 1)
    frontier = {tuple(c) for c in match.view()["domain"]["frontier"]}
    assert frontier == {(-1, 0), (-1, 1), (1, 0), (1, 1)}


def test_view_hides_the_hands_as_null(match: Match) -> None:
    """NT-DEAL-1: each player alone knows their cards: the service shows nulls."""
    seat = match.view(0)["seats"][0]
    assert seat["hand"] == [None] * seat["hand_size"]
    json.dumps(match.view(HOST))


def test_view_names_turn_and_phase(match: Match) -> None:
    """NT-TURN-1: the view names the seat to play and the phase."""
    view = match.view()
    assert (view["turn"], view["phase"]) == (0, "play")


def test_legal_spots_agree_with_the_engine(table: Table) -> None:
    """NT-DOM-1 to NT-DOM-4: the engine's legal_placements equals the rule text's reading."""
    from referee.engines.neurotrio import legal_placements

    for _ in range(20):
        place_first(table)
    for card in {c for h in table.hands for c in h}:
        assert legal_placements(table.state, card) == legal_spots(table.domain, card)


def test_engine_is_registered() -> None:
    """The registry knows the game, with its catalogue."""
    assert get_engine("neurotrio") is ENGINE
    assert ENGINE.catalogue == "docs/rules/neurotrio.md"


def test_every_schema_field_is_described() -> None:
    """The web page shows each option and move field's description."""
    schemas = [ENGINE.options_schema, *ENGINE.event_types.values()]
    schemas.remove(MissplayReportSchema)  # the shared report, not this engine's
    for schema in schemas:
        for name, fld in schema().fields.items():
            assert fld.metadata.get("description"), f"{schema.__name__}.{name}"


def test_snapshot_round_trip_at_the_end(ended: Table) -> None:
    """Snapshots: a pickled state judges and shows the same."""
    assert_snapshot_round_trip(ENGINE, ended.state)


def test_an_unknown_seat_is_impossible(match: Match) -> None:
    """NT-SEAT-1: a move names one of the seats."""
    err = match.impossible("pass", 7)
    assert err.rule == "NT-SEAT-1" and err.where == "seat"


def test_impossible_keeps_an_event_of_the_contract_shape(match: Match) -> None:
    """Impossible carries rule, reason, where, and what it says as data, for the 422."""
    err = match.impossible("place", 0, card="coeur-vert-3", row=0, col=1)
    assert isinstance(err, Impossible)
    assert set(err.as_dict()) == {"rule", "reason", "where", "message_id", "params"}
    assert isinstance(match.event("pass", 0), Event)


def test_nt_bid_2_the_round_ends_when_the_base_cards_run_out() -> None:
    """NT-BID-2 and NT-BID-5: ten base cards in all; the round stops when none is left."""
    m = Match(8)
    m("start_domain", card=START)
    m.passes()
    m("neuro", 0)
    for seat in range(8):
        m("bid", seat, base=seat + 1, row=0, col=0)
    m.passes()
    m("neuro", 3)
    m("bid", 3, base=9, row=0, col=0)
    m("bid", 4, base=10, row=0, col=0)
    assert m.state.phase == "play"
    assert m.view()["bases_left"] == []


def test_nt_tres_1_the_host_may_show_the_last_hand() -> None:
    """NT-TRES-1: the host logs the last hand for the last player."""
    t = Table(make_deal(random.Random(11), 5))
    t.start()
    play_until(t, lambda tb: tb.phase != "play", limit=2000)
    verdict = t.log("reveal", None, by_host=True, cards=list(t.hands[t.state.last_player]))
    assert verdict.rule == "NT-TRES-1"
    assert t.state.treasure == t.deal.removed


def test_view_before_the_start_is_json_ready() -> None:
    """NT-DECK-3: before the starting card the domain is empty and nobody is to play."""
    view = Match(3).view()
    assert (view["phase"], view["turn"], view["domain"]["rows"]) == ("start", None, [])
    json.dumps(view)


def test_view_offers_the_moves_of_the_seat_to_play(match: Match) -> None:
    """NT-TURN-1: the active seat may place or pass; nothing else is open before a play."""
    assert match.view()["moves"] == [
        {"type": "place", "seats": [0]},
        {"type": "pass", "seats": [0]},
    ]


def test_view_offers_neuro_after_a_play_and_bids_in_a_round(match: Match) -> None:
    """NT-BID-2: after a play any seat may say « neuro »; in the round, the seat to bid bids."""
    match.passes()
    assert {"type": "neuro", "seats": [0, 1, 2]} in match.view()["moves"]
    match("neuro", 2)
    assert match.view()["moves"] == [{"type": "bid", "seats": [2]}]

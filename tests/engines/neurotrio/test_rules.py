"""Neurotrio treasure hunt: one behaviour per test, each citing its catalogue clause."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from marshmallow import ValidationError

from referee.engines import get_engine
from referee.engines.base import HOST, Event, Impossible, InvalidOptions, Line, MissplayReportSchema
from referee.engines.messages import Message, Said
from referee.engines.neurotrio import (
    ENGINE,
    SOURCES,
    NeuroCard,
    bid_points,
    last_player_penalty,
)
from referee.engines.neurotrio.scoring import outcome_of
from referee.service.messages import render
from tests.engines.contract import (
    assert_impossible_changes_nothing,
    assert_snapshot_round_trip,
    load_payload,
)
from tests.engines.neurotrio.helpers import (
    Match,
    Table,
    finish,
    finish_announcing,
    legal_spots,
    make_deal,
    place_first,
    play_until,
    shared,
)

START = "coeur-noir-2"
NAMES = ["Alice", "Bob", "Carol"]


def said(what: Said | None) -> tuple[str, dict[str, Any]]:
    """What the engine said, as data: its message id and parameters (never a sentence)."""
    assert isinstance(what, Message), what
    return what.id, dict(what.params)


@pytest.fixture
def match() -> Match:
    """Three seats, seat 0 first (dealer 1), the domain started with coeur-noir-2."""
    m = Match(3)
    m("start_domain", card=START)
    return m


@pytest.fixture
def table() -> Table:
    """A real deal at three seats, the domain started: the test knows every hand."""
    t = Table(make_deal(random.Random(7), 3))
    t.start()
    return t


@pytest.fixture
def ended() -> Table:
    """A real five-seat game played greedily to its end, the last hand shown."""
    t = Table(make_deal(random.Random(11), 5))
    t.start()
    finish(t)
    return t


def ring(m: Match, upto: int) -> None:
    """Lays the first ``upto`` cards of a ring around (1, 0), each touching a single card.

    (0,-1) etoile-noir-2 | (0,0) coeur-noir-2  | (0,1) coeur-noir-1
    (1,-1) etoile-noir-1 | (1,0) — the hole —   | (1,1) coeur-vert-1
                         | (2,0) coeur-vert-1  | (2,1) coeur-vert-3
    """
    steps = [
        ("coeur-noir-1", 0, 1),
        ("coeur-vert-1", 1, 1),
        ("coeur-vert-3", 2, 1),
        ("coeur-vert-1", 2, 0),
        ("etoile-noir-2", 0, -1),
        ("etoile-noir-1", 1, -1),
    ]
    for card, r, c in steps[:upto]:
        m.place(card, r, c)


# --- NT-PRE: preliminaries -------------------------------------------------------------------


def test_nt_pre_1_conquetes_is_not_a_move(match: Match) -> None:
    """NT-PRE-1: "Conquêtes" is not supported: it is no move of the vocabulary."""
    assert not any("conqu" in t for t in ENGINE.event_types)
    event = Event("conquete", 0, {}, match.seq + 1)
    err = assert_impossible_changes_nothing(ENGINE, match.state, event)
    assert err.rule == "NT-TURN-1"


def test_nt_pre_1_score_sources_are_the_extension_point(match: Match) -> None:
    """NT-PRE-1: the standings detail is exactly the declared SOURCES a variant would extend."""
    assert tuple(match.detail(0)) == SOURCES


def test_nt_pre_2_every_seat_starts_with_five_points() -> None:
    """NT-PRE-2: five victory points each (four seats share 52 cards evenly)."""
    m = Match(4)
    assert [m.total(s) for s in range(4)] == [5, 5, 5, 5]


# --- NT-DECK: the deck and the set-up ---------------------------------------------------------


def test_nt_deck_1_card_notation_ignores_accents_and_case() -> None:
    """NT-DECK-1: cards are nature-colour-force; « Cœur », « É » are read as coeur, etoile."""
    assert (
        load_payload(ENGINE, "place", {"card": "Cœur-Noir-2", "row": 0, "col": 1})["card"]
        == "coeur-noir-2"
    )
    assert (
        load_payload(ENGINE, "place", {"card": "É-vert-1", "row": 0, "col": 1})["card"]
        == "etoile-vert-1"
    )


@pytest.mark.parametrize("text", ["7S", "coeur-noir-4", "lune-noir-1", "coeur-2"])
def test_nt_deck_1_malformed_card_is_refused_by_the_schema(text: str) -> None:
    """NT-DECK-1: a card must have a nature, a colour and a force 1 to 3."""
    with pytest.raises(ValidationError):
        load_payload(ENGINE, "place", {"card": text, "row": 0, "col": 1})


def test_nt_deck_1_colour_outside_the_deck_is_impossible(match: Match) -> None:
    """NT-DECK-1: the deck's colours are noir, vert, bleu by default."""
    err = match.impossible("place", 0, card="coeur-rouge-2", row=0, col=1)
    assert err.rule == "NT-DECK-1"
    assert said(err.said) == ("neurotrio.deck.colour",
                              {"card": "coeur-rouge-2", "colours": ["noir", "vert", "bleu"]})


def test_nt_deck_1_colours_option_renames_the_colours() -> None:
    """NT-DECK-1: the colour names are a match option."""
    m = Match(3, colours=["jaune", "vert", "bleu"])
    m("start_domain", card="coeur-jaune-1")
    assert m.view()["domain"]["rows"][0][0]["colour"] == "jaune"
    assert m.impossible("place", 0, card="coeur-noir-1", row=0, col=1).rule == "NT-DECK-1"


def test_nt_deck_1_colours_must_be_three_different_names() -> None:
    """NT-DECK-1: three background colours."""
    options = ENGINE.options_schema().load({"colours": ["noir", "noir", "bleu"]})
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.setup(options, 3)
    assert caught.value.rule == "NT-DECK-1"


def test_nt_deck_2_no_third_copy_in_the_domain(match: Match) -> None:
    """NT-DECK-2: each card exists twice; a third coeur-noir-2 cannot be laid."""
    match.place("coeur-noir-1", 0, 1)
    match.place(START, 1, 0)  # the second copy
    err = match.impossible("place", 2, card=START, row=1, col=1)
    assert err.rule == "NT-DECK-2"


def test_nt_deck_2_shown_hand_cannot_hold_a_third_copy() -> None:
    """NT-DECK-2: the last hand is checked against the cards already seen."""
    t = Table(make_deal(random.Random(11), 5))
    t.start()
    play_until(t, lambda tb: tb.phase != "play", limit=2000)
    last = t.state.last_player
    twice = next(c for c in set(t.domain.values()) if list(t.domain.values()).count(c) == 2)
    cards = [twice] + t.hands[last][1:]
    err = t.impossible("reveal", last, cards=cards)
    assert err.rule == "NT-DECK-2"


def test_nt_deck_3_starting_card_lies_at_the_origin(match: Match) -> None:
    """NT-DECK-3: the starting card is the domain's first card, at (0, 0), nobody's."""
    domain = match.view()["domain"]
    assert domain["row_range"] == [0, 0] and domain["col_range"] == [0, 0]
    assert domain["rows"][0][0]["card"] == START
    assert domain["rows"][0][0]["seat"] is None


def test_nt_deck_3_no_play_before_the_starting_card() -> None:
    """NT-DECK-3: building starts from the card turned face up."""
    m = Match(3)
    assert m.impossible("place", 0, card=START, row=0, col=1).rule == "NT-DECK-3"


def test_nt_deck_3_only_one_starting_card(match: Match) -> None:
    """NT-DECK-3: there is one starting card."""
    assert match.impossible("start_domain", None, card="rose-vert-1").rule == "NT-DECK-3"


# --- NT-DEAL and NT-SEAT: the deal, the seats, the turn ---------------------------------------


@pytest.mark.parametrize("seats", range(3, 9))
def test_nt_deal_1_the_52_cards_are_dealt_from_the_first_player(seats: int) -> None:
    """NT-DEAL-1: clockwise from the first player: those who play first hold the extra cards."""
    state = Match(seats).state
    dealt = [state.seats[(state.first + k) % seats].dealt for k in range(seats)]
    assert sum(dealt) == 52
    assert dealt == sorted(dealt, reverse=True)
    assert max(dealt) - min(dealt) <= 1


@pytest.mark.parametrize("seats", range(3, 9))
def test_nt_deal_1_one_more_card_gives_one_more_point(seats: int) -> None:
    """NT-DEAL-1: a player dealt one card more than others starts with one more point."""
    m = Match(seats)
    fewest = min(s.dealt for s in m.state.seats)
    for seat, s in enumerate(m.state.seats):
        assert m.total(seat) == 5 + (s.dealt > fewest)


@pytest.mark.parametrize("seats", [2, 9])
def test_nt_seat_1_three_to_eight_players(seats: int) -> None:
    """NT-SEAT-1: from 3 to 8 players."""
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.setup(ENGINE.options_schema().load({}), seats)
    assert caught.value.rule == "NT-SEAT-1"


def test_nt_seat_1_first_player_sits_right_of_the_dealer() -> None:
    """NT-SEAT-1: seats are numbered clockwise, so the dealer's right is the seat before it."""
    m = Match(5, dealer=3)
    m("start_domain", card=START)
    assert ENGINE.turn(m.state) == 2


def test_nt_seat_1_dealer_must_be_a_seat() -> None:
    """NT-SEAT-1: the dealer is one of the players."""
    with pytest.raises(InvalidOptions) as caught:
        ENGINE.setup(ENGINE.options_schema().load({"dealer": 3}), 3)
    assert caught.value.where == "options.dealer"


def test_nt_seat_1_play_goes_clockwise() -> None:
    """NT-SEAT-1: after seat 4 comes seat 0, then seat 1."""
    m = Match(5, dealer=0)
    m("start_domain", card=START)
    order = []
    for _ in range(3):
        order.append(ENGINE.turn(m.state))
        m.passes()
    assert order == [4, 0, 1]


def test_nt_turn_1_a_move_out_of_turn_is_impossible(match: Match) -> None:
    """NT-TURN-1: only the active player plays."""
    err = match.impossible("pass", 1)
    assert err.rule == "NT-TURN-1"
    assert said(err.said) == ("neurotrio.pass.not_your_turn", {"seat": 1, "turn_seat": 0})
    assert render(err.said, NAMES) == "Bob cannot pass: it is Alice's turn"


def test_nt_turn_1_a_seat_with_an_empty_hand_is_skipped() -> None:
    """NT-TURN-1 (ruling): a seat with no cards has nothing to decide; the turn skips it."""
    t = Table(make_deal(random.Random(3), 4))
    t.start()
    play_until(t, lambda tb: tb.state.finishers)
    done = t.state.finishers[0]
    for _ in range(8):
        if t.phase != "play":
            break
        assert ENGINE.turn(t.state) != done
        place_first(t)


# --- NT-PASS ----------------------------------------------------------------------------------


def test_nt_pass_1_passing_with_cards_costs_one_point(match: Match) -> None:
    """NT-PASS-1: « passer fait perdre un point de victoire »."""
    before = match.total(0)
    verdict = match("pass", 0)
    assert verdict.rule == "NT-PASS-1"
    assert match.total(0) == before - 1
    assert match.detail(0)["passes"] == -1


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


# --- NT-DUTY: « deux cartes » -----------------------------------------------------------------


def two_cards(t: Table) -> int:
    play_until(t, lambda tb: any(len(h) == 2 for h in tb.hands))
    return next(s for s, h in enumerate(t.hands) if len(h) == 2)


def test_nt_duty_1_deux_cartes_is_said_with_two_cards(match: Match) -> None:
    """NT-DUTY-1: a seat holding 17 cards cannot say « deux cartes »."""
    assert match.impossible("deux_cartes", 1).rule == "NT-DUTY-1"


def test_nt_duty_1_deux_cartes_starts_the_duty(table: Table) -> None:
    """NT-DUTY-1: once said, everyone must place when they can."""
    seat = two_cards(table)
    table.log("deux_cartes", seat)
    view = ENGINE.view(table.state, None)["deux_cartes"]
    assert view == {"announced": [seat], "duty": True}


def test_nt_duty_1_deux_cartes_is_said_once(table: Table) -> None:
    """NT-DUTY-1: one announcement per seat."""
    seat = two_cards(table)
    table.log("deux_cartes", seat)
    assert table.impossible("deux_cartes", seat).rule == "NT-DUTY-1"


def able_pass_under_duty(t: Table) -> int:
    """After « deux cartes », the seat to play passes although it can place; returns the seq."""
    while not t.spots(ENGINE.turn(t.state)):
        place_first(t)
    t.log("pass", ENGINE.turn(t.state))
    return len(t.events)


def test_nt_duty_2_a_proven_violation_costs_ten_and_flags_the_pass(table: Table) -> None:
    """NT-DUTY-2: proven at the end; −10, flagged on the pass event it concerns."""
    table.log("deux_cartes", two_cards(table))
    seq = able_pass_under_duty(table)
    offender = table.events[seq - 1].seat
    finish(table)
    flags = [f for f in table.verdicts[-1].flags if f.rule == "NT-DUTY-2"]
    assert [f.seq for f in flags] == [seq]
    assert said(flags[0].penalty) == ("neurotrio.penalty.points", {"points": 10})
    assert table.detail(offender)["deux_cartes"] == -10


def test_nt_duty_2_a_pass_before_the_announcement_is_free() -> None:
    """NT-DUTY-2, option duty_starts announcement: before « deux cartes », passing while able
    costs only the pass."""
    t = Table(make_deal(random.Random(7), 3), {"duty_starts": "announcement"})
    t.start()
    two_cards(t)
    able_pass_under_duty(t)
    finish(t)
    assert not [f for f in t.verdicts[-1].flags if f.rule == "NT-DUTY-2"]


def test_nt_duty_2_a_pass_before_any_hand_is_down_to_two_is_free(table: Table) -> None:
    """NT-DUTY-2: before any hand is down to two cards, passing while able costs only the
    pass."""
    seq = able_pass_under_duty(table)
    assert all(len(h) > 2 for h in table.hands)
    finish(table)
    assert seq not in [f.seq for f in table.verdicts[-1].flags if f.rule == "NT-DUTY-2"]


def test_nt_duty_2_a_blocked_pass_is_no_violation() -> None:
    """NT-DUTY-2: passing is allowed « s'il ne peut pas faire autrement »."""
    t = Table(make_deal(random.Random(1), 3))
    t.start()
    finish_announcing(t)
    assert t.state.duty_passes
    assert all(t.detail(s)["deux_cartes"] == 0 for s in range(3))


def test_nt_duty_2_the_duty_starts_at_two_cards_unannounced(table: Table) -> None:
    """NT-DUTY-2 (the text, default duty_starts two_cards): « à partir de ce moment-là », when a
    hand is down to two cards: a forgotten announcement frees nobody from the duty."""
    two_cards(table)
    seq = able_pass_under_duty(table)
    finish(table)
    assert [f.seq for f in table.verdicts[-1].flags if f.rule == "NT-DUTY-2"] == [seq]


def test_nt_duty_2_one_penalty_per_player(table: Table) -> None:
    """NT-DUTY-2 (the text, default duty_penalty per_player): « il perd dix points »: a seat
    proven to have passed twice while able loses ten points once; both passes are flagged."""
    table.log("deux_cartes", two_cards(table))
    first = able_pass_under_duty(table)
    offender = table.events[first - 1].seat
    while ENGINE.turn(table.state) != offender or not table.spots(offender):
        place_first(table)
    second = able_pass_under_duty(table)
    finish(table)
    flags = [f for f in table.verdicts[-1].flags if f.seq in (first, second)]
    assert [f.seq for f in flags] == [first, second]
    assert [said(f.penalty) for f in flags] == [
        ("neurotrio.penalty.points", {"points": 10}),
        ("neurotrio.penalty.once", {}),
    ]
    assert table.detail(offender)["deux_cartes"] == -10


def test_nt_duty_2_option_per_pass_costs_ten_each_pass() -> None:
    """NT-DUTY-2, option duty_penalty per_pass: each proven pass costs ten points."""
    t = Table(make_deal(random.Random(7), 3), {"duty_penalty": "per_pass"})
    t.start()
    t.log("deux_cartes", two_cards(t))
    first = able_pass_under_duty(t)
    offender = t.events[first - 1].seat
    while ENGINE.turn(t.state) != offender or not t.spots(offender):
        place_first(t)
    able_pass_under_duty(t)
    finish(t)
    proven = [f for f in t.verdicts[-1].flags if f.rule == "NT-DUTY-2"]
    mine = [f for f in proven if t.events[f.seq - 1].seat == offender]
    assert len(mine) >= 2
    assert t.detail(offender)["deux_cartes"] == -10 * len(mine)


def test_nt_duty_2_host_report_costs_ten_at_once(table: Table) -> None:
    """NT-DUTY-2: a violation the table proved during play, reported by the host."""
    table.log("deux_cartes", two_cards(table))
    seq = able_pass_under_duty(table)
    offender = table.events[seq - 1].seat
    verdict = table.log("missplay", offender, by_host=True, rule="NT-DUTY-2")
    assert verdict.kind == "missplay"
    assert table.detail(offender)["deux_cartes"] == -10


def test_nt_duty_2_no_report_on_a_seat_that_has_not_passed_under_the_duty(table: Table) -> None:
    """NT-DUTY-2: the report must fit the log: a seat that has not passed since the duty began
    has broken no duty."""
    table.log("deux_cartes", two_cards(table))
    error = table.impossible("missplay", 1, by_host=True, rule="NT-DUTY-2")
    assert (error.rule, error.where) == ("NT-DUTY-2", "seat")


def test_nt_duty_2_a_player_is_reported_once(table: Table) -> None:
    """NT-DUTY-2 (default per_player): a second report on the same seat is refused; with
    per_pass, each pass under the duty may be reported once."""
    table.log("deux_cartes", two_cards(table))
    seq = able_pass_under_duty(table)
    offender = table.events[seq - 1].seat
    table.log("missplay", offender, by_host=True, rule="NT-DUTY-2")
    assert table.impossible("missplay", offender, by_host=True, rule="NT-DUTY-2").where == "seat"


def test_nt_duty_2_option_per_pass_each_pass_reported_once() -> None:
    """NT-DUTY-2, option duty_penalty per_pass: one report per pass under the duty, no more."""
    t = Table(make_deal(random.Random(7), 3), {"duty_penalty": "per_pass"})
    t.start()
    t.log("deux_cartes", two_cards(t))
    seq = able_pass_under_duty(t)
    offender = t.events[seq - 1].seat
    t.log("missplay", offender, by_host=True, rule="NT-DUTY-2")
    assert t.impossible("missplay", offender, by_host=True, rule="NT-DUTY-2").where == "seat"
    assert t.detail(offender)["deux_cartes"] == -10


def test_nt_duty_2_no_report_once_the_hands_are_known(ended: Table) -> None:
    """NT-DUTY-2: once the last hand is shown the engine has settled the duty: no report."""
    passer = next((p.seat for p in ended.state.duty_passes), 0)
    error = ended.impossible("missplay", passer, by_host=True, rule="NT-DUTY-2")
    assert error.rule == "NT-DUTY-2"
    assert said(error.said) == ("neurotrio.missplay.hands_known", {})


def test_nt_duty_2_a_reported_violation_is_not_charged_twice(table: Table) -> None:
    """NT-DUTY-2: the seat pays ten times the larger of proven and reported faults."""
    table.log("deux_cartes", two_cards(table))
    seq = able_pass_under_duty(table)
    offender = table.events[seq - 1].seat
    table.log("missplay", offender, by_host=True, rule="NT-DUTY-2")
    finish(table)
    assert table.detail(offender)["deux_cartes"] == -10


def test_nt_duty_2_no_report_before_the_announcement(match: Match) -> None:
    """NT-DUTY-2: before a hand is down to two cards nobody is bound to place."""
    assert match.impossible("missplay", 1, by_host=True, rule="NT-DUTY-2").rule == "NT-DUTY-2"


def test_nt_duty_2_only_the_host_reports(table: Table) -> None:
    """NT-DUTY-2: missplay reports are the host's."""
    table.log("deux_cartes", two_cards(table))
    assert table.impossible("missplay", 1, rule="NT-DUTY-2").rule == "NT-DUTY-2"


# --- NT-FIN, NT-END, NT-TRES: the end ---------------------------------------------------------


def test_nt_fin_1_first_three_to_empty_their_hands_gain_5_3_1(ended: Table) -> None:
    """NT-FIN-1: five, three and one victory points; nothing for the fourth."""
    order = ended.state.finishers
    assert len(order) == 4
    assert [ended.detail(s)["finish"] for s in order] == [5, 3, 1, 0]


def test_nt_end_1_the_game_stops_when_one_player_holds_cards() -> None:
    """NT-END-1: « dès qu'il n'y a plus qu'un seul joueur qui a des cartes en main »."""
    t = Table(make_deal(random.Random(11), 5))
    t.start()
    play_until(t, lambda tb: tb.phase != "play", limit=2000)
    assert t.holders() == [t.state.last_player]
    assert ENGINE.turn(t.state) is None
    last = t.state.last_player
    assert t.impossible("pass", last).rule == "NT-END-1"


@pytest.mark.parametrize(("cards", "penalty"), [(1, 1), (2, 2), (3, 5), (4, 20), (9, 20)])
def test_nt_end_2_last_player_penalty(cards: int, penalty: int) -> None:
    """NT-END-2: 1, 2, 5 or 20 points for 1, 2, 3 or 4+ cards left."""
    assert last_player_penalty(cards) == penalty


def test_nt_end_2_the_last_player_pays_for_the_cards_left(ended: Table) -> None:
    """NT-END-2: the penalty is charged to the last player only."""
    last = ended.state.last_player
    left = len(ended.hands[last])
    for seat in range(5):
        expected = -last_player_penalty(left) if seat == last else 0
        assert ended.detail(seat)["last_player"] == expected


def test_nt_tres_1_the_treasure_is_the_twin_of_the_removed_card(ended: Table) -> None:
    """NT-TRES-1: the unpaired card of the 53, known once the last hand is shown."""
    assert ended.state.treasure == ended.deal.removed
    assert ended.phase == "over"


def test_nt_tres_1_the_last_hand_must_have_its_size() -> None:
    """NT-TRES-1: the engine knows how many cards the last player holds."""
    t = Table(make_deal(random.Random(11), 5))
    t.start()
    play_until(t, lambda tb: tb.phase != "play", limit=2000)
    last = t.state.last_player
    err = t.impossible("reveal", last, cards=t.hands[last] + [t.deal.removed])
    assert err.rule == "NT-TRES-1"


def test_nt_tres_1_only_the_last_player_shows_a_hand() -> None:
    """NT-TRES-1: the other seats have empty hands."""
    t = Table(make_deal(random.Random(11), 5))
    t.start()
    play_until(t, lambda tb: tb.phase != "play", limit=2000)
    other = (t.state.last_player + 1) % 5
    assert t.impossible("reveal", other, cards=[]).rule == "NT-TRES-1"


def test_nt_tres_1_no_reveal_while_the_domain_is_built(match: Match) -> None:
    """NT-TRES-1: the hand is shown when the game stops."""
    assert match.impossible("reveal", 0, cards=["coeur-noir-1"]).rule == "NT-TRES-1"


# --- NT-BID: bidding --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "payload",
    [
        {"base": 11, "row": 0, "col": 0, "token": "1"},
        {"base": 0, "row": 0, "col": 0, "token": "1"},
        {"base": 3, "row": 0, "col": 0, "token": "3"},
    ],
)
def test_nt_bid_1_base_cards_1_to_10_and_six_tokens(payload: dict) -> None:
    """NT-BID-1: base cards 1 to 10; tokens 0, 1, 2, nature, colour, force."""
    with pytest.raises(ValidationError):
        load_payload(ENGINE, "bid", payload)


def test_nt_bid_1_a_seat_has_six_tokens(match: Match) -> None:
    """NT-BID-1: after six bids a seat has no token left to call « neuro » with."""
    for token in ("0", "1", "2", "nature", "colour", "force"):
        match.passes()
        match("neuro", 1)
        match("bid", 1, base=len(match.state.bids) + 1, row=0, col=0, token=token)
        for seat in (2, 0):
            match("decline", seat)
    match.passes()
    assert match.impossible("neuro", 1).rule == "NT-BID-5"


def test_nt_bid_2_neuro_follows_a_play(match: Match) -> None:
    """NT-BID-2: « dès qu'un joueur vient de jouer »: not before any play."""
    assert match.impossible("neuro", 1).rule == "NT-BID-2"


def test_nt_bid_2_the_round_runs_clockwise_from_the_caller(match: Match) -> None:
    """NT-BID-2: caller first, then clockwise."""
    match.passes()
    match("neuro", 2)
    order = []
    while match.state.phase == "bidding":
        seat = ENGINE.turn(match.state)
        order.append(seat)
        if seat == 2:
            match("bid", 2, base=5, row=0, col=0)
        else:
            match("decline", seat)
    assert order == [2, 0, 1]


def test_nt_bid_2_the_caller_must_bid(match: Match) -> None:
    """NT-BID-2: « il n'est pas obligé de le faire sauf celui qui a dit neuro »."""
    match.passes()
    match("neuro", 2)
    assert match.impossible("decline", 2).rule == "NT-BID-2"


def test_nt_bid_2_bids_out_of_order_are_impossible(match: Match) -> None:
    """NT-BID-2: each in turn, clockwise from the caller."""
    match.passes()
    match("neuro", 2)
    assert match.impossible("bid", 0, base=1, row=0, col=0).rule == "NT-BID-2"


def test_nt_bid_2_one_round_per_play(match: Match) -> None:
    """NT-BID-2: a new round needs a new play."""
    match.passes()
    match("neuro", 0)
    match("bid", 0, base=1, row=0, col=0)
    match("decline", 1)
    match("decline", 2)
    assert match.impossible("neuro", 1).rule == "NT-BID-2"


def test_nt_bid_3_building_pauses_during_the_round(match: Match) -> None:
    """NT-BID-3: no card is laid while the round runs."""
    match.passes()
    match("neuro", 2)
    assert match.impossible("place", 1, card="coeur-noir-1", row=0, col=1).rule == "NT-BID-3"


def test_nt_bid_3_building_resumes_where_it_stopped(match: Match) -> None:
    """NT-BID-3: after the round, the seat that was due plays."""
    match.passes()
    due = ENGINE.turn(match.state)
    match("neuro", 2)
    match("bid", 2, base=1, row=0, col=0)
    match("decline", 0)
    match("decline", 1)
    assert match.state.phase == "play"
    assert ENGINE.turn(match.state) == due


def test_nt_bid_4_no_bidding_once_one_player_holds_cards() -> None:
    """NT-BID-4: the last holder knows where the treasure is."""
    t = Table(make_deal(random.Random(11), 5))
    t.start()
    play_until(t, lambda tb: tb.phase != "play", limit=2000)
    assert t.impossible("neuro", 0).rule == "NT-BID-4"


def test_nt_bid_5_a_base_card_is_used_once(match: Match) -> None:
    """NT-BID-5: « l'un des cartons (de 1 à 10) restant »."""
    match.passes()
    match("neuro", 1)
    match("bid", 1, base=4, row=0, col=0)
    assert match.impossible("bid", 2, base=4, row=0, col=0).rule == "NT-BID-5"


def test_nt_bid_5_a_bid_lies_on_a_domain_card(match: Match) -> None:
    """NT-BID-5: the base card is laid on a card of the domain."""
    match.passes()
    match("neuro", 1)
    err = match.impossible("bid", 1, base=4, row=0, col=1)
    assert err.rule == "NT-BID-5" and err.where == "payload.row"


def test_nt_bid_5_a_token_is_used_once(match: Match) -> None:
    """NT-BID-5: each of the six tokens once."""
    match.passes()
    match("neuro", 1)
    match("bid", 1, base=4, row=0, col=0, token="2")
    match("decline", 2)
    match("decline", 0)
    match.passes()
    match("neuro", 1)
    assert match.impossible("bid", 1, base=5, row=0, col=0, token="2").rule == "NT-BID-5"


def test_nt_bid_6_a_sealed_token_is_seen_by_its_seat_and_the_host(match: Match) -> None:
    """NT-BID-6: a token logged from the bidder's device stays sealed until the end."""
    match.passes()
    match("neuro", 1)
    match("bid", 1, base=4, row=0, col=0, token="nature")
    tokens = {v: match.view(v)["bids"][0]["token"] for v in (None, 0, 1, HOST)}
    assert tokens == {None: None, 0: None, 1: "nature", HOST: "nature"}


def bid_on_start(t: Table, caller: int, token: str | None, base: int = 7) -> None:
    """One play, then ``caller`` bids ``base`` on the starting card; the others decline."""
    place_first(t)
    t.log("neuro", caller)
    t.log("bid", caller, base=base, row=0, col=0, token=token)
    while t.phase == "bidding":
        t.log("decline", ENGINE.turn(t.state))


def test_nt_bid_6_sealed_tokens_are_public_once_the_treasure_is_known(table: Table) -> None:
    """NT-BID-6: « dévoilés … quand on connaîtra le trésor »."""
    bid_on_start(table, 1, "force")
    finish(table)
    assert ENGINE.view(table.state, None)["bids"][0]["token"] == "force"


def test_nt_bid_6_face_down_tokens_are_revealed_at_the_end(table: Table) -> None:
    """NT-BID-6: a token the table kept face down is turned up with reveal_bids."""
    bid_on_start(table, 1, None)
    finish(table)
    assert table.phase == "bids" and not ENGINE.standings(table.state).finished
    table.log("reveal_bids", None, tokens=[{"base": 7, "token": "1"}])
    assert table.phase == "over" and ENGINE.standings(table.state).finished


def test_nt_bid_6_a_revealed_token_must_be_unused(table: Table) -> None:
    """NT-BID-6: turning up a second « 1 » for the same seat is impossible."""
    bid_on_start(table, 1, "1", base=7)
    bid_on_start(table, 1, None, base=8)
    finish(table)
    err = table.impossible("reveal_bids", None, tokens=[{"base": 8, "token": "1"}])
    assert err.rule == "NT-BID-5"


def test_nt_bid_6_no_reveal_of_tokens_during_play(match: Match) -> None:
    """NT-BID-6: tokens are turned up only at the end."""
    match.passes()
    match("neuro", 1)
    match("bid", 1, base=4, row=0, col=0)
    match("decline", 2)
    match("decline", 0)
    assert match.impossible("reveal_bids", None, tokens=[{"base": 4, "token": "1"}]).rule == (
        "NT-BID-6"
    )


@pytest.mark.parametrize(
    ("card", "factor"),
    [
        ("coeur-noir-2", 3),  # the treasure itself
        ("coeur-noir-3", 1),  # two attributes in common
        ("coeur-vert-3", -1),  # one
        ("rose-vert-3", -2),  # none
    ],
)
@pytest.mark.parametrize("number", [0, 1, 2])
def test_nt_bid_7_number_tokens(card: str, factor: int, number: int) -> None:
    """NT-BID-7: base × number, ×3 on the treasure, ×1, ×−1, ×−2 for 2, 1, 0 in common."""
    treasure = NeuroCard.parse("coeur-noir-2")
    assert bid_points(6, str(number), NeuroCard.parse(card), treasure) == 6 * number * factor


@pytest.mark.parametrize(
    ("token", "card", "sign"),
    [
        ("nature", "coeur-vert-3", 1),
        ("nature", "rose-noir-2", -1),
        ("colour", "rose-noir-3", 1),
        ("colour", "coeur-bleu-2", -1),
        ("force", "etoile-vert-2", 1),
        ("force", "coeur-noir-1", -1),
    ],
)
def test_nt_bid_8_attribute_tokens(token: str, card: str, sign: int) -> None:
    """NT-BID-8: + base when the card has the treasure's attribute, − base otherwise."""
    treasure = NeuroCard.parse("coeur-noir-2")
    assert bid_points(4, token, NeuroCard.parse(card), treasure) == 4 * sign


def test_nt_bid_7_bids_are_scored_when_the_treasure_is_known(table: Table) -> None:
    """NT-BID-7: the standings' bids source holds the bid's value once the treasure is known."""
    bid_on_start(table, 2, "2", base=5)
    finish(table)
    common = shared(table.deal.start, table.deal.removed)
    factor = {3: 3, 2: 1, 1: -1, 0: -2}[common]
    assert table.detail(2)["bids"] == 5 * 2 * factor


def test_nt_bid_9_several_bids_on_one_card(match: Match) -> None:
    """NT-BID-9: several players may bid on the same card."""
    match.passes()
    match("neuro", 1)
    match("bid", 1, base=4, row=0, col=0)
    match("bid", 2, base=5, row=0, col=0)
    assert match.view()["domain"]["rows"][0][0]["bases"] == [4, 5]


def test_nt_bid_9_one_bid_per_player_per_round(match: Match) -> None:
    """NT-BID-9: « une seule mise par joueur à chaque tour d'enchères »."""
    match.passes()
    match("neuro", 1)
    match("bid", 1, base=4, row=0, col=0)
    assert match.impossible("bid", 1, base=5, row=0, col=0).rule == "NT-BID-2"


def test_nt_bid_10_an_empty_hand_may_bid() -> None:
    """NT-BID-10: « on a le droit d'enchérir même si l'on n'a plus de cartes »."""
    t = Table(make_deal(random.Random(3), 4))
    t.start()
    play_until(t, lambda tb: tb.state.finishers)
    done = t.state.finishers[0]
    t.log("neuro", done)
    assert t.log("bid", done, base=1, row=0, col=0, token="0").rule == "NT-BID-5"


# --- NT-WIN and the standings -----------------------------------------------------------------


def test_nt_win_1_most_victory_points_wins(ended: Table) -> None:
    """NT-WIN-1: the winners are the seats with the highest total."""
    standings = ENGINE.standings(ended.state)
    best = max(line.total for line in standings.lines)
    assert standings.finished and not standings.lower_is_better
    assert standings.winners == tuple(ln.seats[0] for ln in standings.lines if ln.total == best)


def test_nt_win_1_the_outcome_is_data_naming_the_winners_and_their_points(ended: Table) -> None:
    """NT-WIN-1: the result says who won, how, and with how many victory points; the sentence
    is the service's, with the players' names."""
    standings = ENGINE.standings(ended.state)
    best = max(line.total for line in standings.lines)
    result = standings.result
    assert result is not None and result.winners == standings.winners
    assert result.figures == {"points": best}
    assert result.termination == ("neurotrio.outcome.wins" if len(result.winners) == 1
                                  else "neurotrio.outcome.shared")
    assert standings.outcome == result.message
    names = ["Ana", "Ben", "Cid", "Dee", "Eve"]
    winners = " and ".join(names[s] for s in result.winners)  # one or two, in this game
    assert render(standings.outcome, names).startswith(winners)
    assert render(standings.outcome, names).endswith(f"with {best} victory points")


def test_nt_win_1_tied_players_share_the_win() -> None:
    """NT-WIN-1 (ruling): tied players share the win; the outcome names them all."""
    lines = tuple(Line(str(i), (i,), total, {}) for i, total in enumerate((7, 9, 9)))
    result = outcome_of(lines)
    assert result.winners == (1, 2)
    assert result.termination == "neurotrio.outcome.shared"
    assert render(result.message, NAMES) == "Bob and Carol share the win with 9 victory points"


def test_nt_tres_1_until_the_hands_are_known_the_outcome_waits(table: Table) -> None:
    """NT-TRES-1: the domain is done but the last hand is not shown yet: no winner, a message
    saying what the table waits for."""
    play_until(table, lambda t: t.phase != "play", limit=2000)
    standings = ENGINE.standings(table.state)
    assert not standings.finished and standings.result is None
    assert said(standings.outcome) == ("neurotrio.outcome.waiting", {})


def test_every_verdict_of_a_game_is_said_in_messages_the_catalogue_renders(ended: Table) -> None:
    """docs/engines.md, "Adding a verdict": the engine never writes a sentence; each reason,
    penalty, effect and flag is a message id with its parameters, and each renders in English
    with the players' names (never "seat 2")."""
    names = ["Ana", "Ben", "Cid", "Dee", "Eve"]
    told = [v.reason for v in ended.verdicts] + [e for v in ended.verdicts for e in v.effects]
    told += [x for v in ended.verdicts for f in v.flags for x in (f.reason, f.penalty) if x]
    told.append(ENGINE.standings(ended.state).outcome)
    for message in told:
        assert isinstance(message, Message), message
        assert "seat " not in render(message, names), message


def test_nt_win_1_totals_are_the_sum_of_their_sources(ended: Table) -> None:
    """NT-WIN-1: every point has a source in the detail."""
    for line in ENGINE.standings(ended.state).lines:
        assert line.total == sum(line.detail.values())


def test_nt_win_1_rounds_chart_ends_on_the_final_totals(ended: Table) -> None:
    """NT-WIN-1: running totals per lap, the last entry the final totals."""
    standings = ENGINE.standings(ended.state)
    assert standings.rounds[-1] == {ln.side: ln.total for ln in standings.lines}


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

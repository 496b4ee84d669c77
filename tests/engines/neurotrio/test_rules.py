"""Neurotrio treasure hunt: one behaviour per test, each citing its catalogue clause."""

from __future__ import annotations

import random

import pytest
from marshmallow import ValidationError

from referee.engines.base import HOST, Event, InvalidOptions
from referee.engines.neurotrio import (
    ENGINE,
    SOURCES,
    NeuroCard,
    bid_points,
    last_player_penalty,
)
from referee.service.messages import render
from tests.engines.contract import (
    assert_impossible_changes_nothing,
    load_payload,
)
from tests.engines.neurotrio.helpers import (
    NAMES,
    START,
    Match,
    Table,
    finish,
    finish_announcing,
    make_deal,
    place_first,
    play_until,
    said,
    shared,
)

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



"""Carte et Plouc, random playouts (hypothesis): a simulated table with real cards logs legal
moves (and, now and then, the variants' side moves and impossible moves) and checks:

- PL-HID-1: the 52 cards are conserved (stock + discard + hands), and the engine's counts match
  the simulated table's real piles;
- PL-ORDER-1 / PL-10-2: the direction is reversed once per 10 played; the turn passes to the next
  seat in that direction, past the players the 6s skip, unless the move gives a replay;
- PL-SQ-2: under the text's reading (square_of_sevens next_player), after a square of 7s and
  its replay the turn goes to the player who was next when the square was made; the match's
  readings (the options of PL-ACE, PL-KS-3, PL-SQ-2, PL-ANN-3, PL-DF-4) are drawn at random;
- the contract: replay is deterministic, snapshots round-trip, impossible moves change nothing,
  views are JSON-ready.
"""

from __future__ import annotations

import json
import pickle
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engines.base import Event, Impossible, Verdict
from referee.engines.cards import Card
from referee.engines.plouc import ENGINE, PloucState, full_deck, legal_plays
from tests.engines.contract import (
    assert_deterministic,
    assert_impossible_changes_nothing,
    assert_snapshot_round_trip,
)

pytestmark = pytest.mark.playout

MAX_STEPS = 300


@dataclass
class SimTable:
    """The real table the engine cannot see: each hand's cards, the stock's order."""

    hands: list[list[str]]
    stock: list[str]
    discard: list[str] = field(default_factory=list)
    tens: int = 0

    def draw(self, seat: int, count: int) -> None:
        for _ in range(count):
            if not self.stock:
                if len(self.discard) <= 1:
                    return
                self.stock, self.discard = self.discard[:-1], self.discard[-1:]
            self.hands[seat].append(self.stock.pop())

    def lay(self, seat: int, cards: list[str]) -> None:
        for c in cards:
            self.hands[seat].remove(c)
        self.discard.extend(cards)
        if Card.parse(cards[0]).rank == 10:
            self.tens += len(cards)

    def square(self) -> bool:
        top = self.discard[-4:]
        return len(top) == 4 and len({Card.parse(c).rank for c in top}) == 1


@dataclass
class Playout:
    options: dict[str, Any]
    state: PloucState
    sim: SimTable
    events: list[Event] = field(default_factory=list)
    square_seat: int | None = None  # PL-SQ-2: who plays after a square of 7s' replay

    @property
    def seats(self) -> int:
        return len(self.sim.hands)

    def event(self, type_: str, seat: int | None, payload: dict[str, Any], **kw: Any) -> Event:
        loaded = ENGINE.event_types[type_]().load(payload)
        return Event(type_, seat, loaded, seq=len(self.events) + 1, **kw)

    def apply(self, ev: Event) -> Verdict:
        """Apply a move known to be possible, and mirror its hidden effects on the sim."""
        before = [(s.drawn, s.given, s.received) for s in self.state.seats]
        verdict = ENGINE.apply(self.state, ev)
        self.events.append(ev)
        if ev.type == "play":
            self.sim.lay(ev.seat, list(ev.payload["cards"]))
        if ev.type == "turn_up":
            self.sim.stock.remove(ev.payload["card"])
            self.sim.discard.append(ev.payload["card"])
        if ev.type == "slap":
            a, b = ev.seat, ev.payload["with_seat"]
            self.sim.hands[a], self.sim.hands[b] = self.sim.hands[b], self.sim.hands[a]
        givers = [i for i, s in enumerate(self.state.seats) if s.given > before[i][1]]
        takers = [i for i, s in enumerate(self.state.seats) if s.received > before[i][2]]
        for giver, taker in zip(givers, takers, strict=True):
            self.sim.hands[taker].append(self.sim.hands[giver].pop(0))
        for i, s in enumerate(self.state.seats):
            self.sim.draw(i, s.drawn - before[i][0])
        return verdict

    def attempt(self, ev: Event) -> Verdict | None:
        """A side move that may be impossible: if refused, nothing may have changed."""
        frozen = pickle.dumps(self.state)
        try:
            return self.apply(ev)
        except Impossible:
            assert pickle.dumps(self.state) == frozen
            return None

    def check_table(self) -> None:
        st_, sim = self.state, self.sim
        assert st_.stock + len(st_.discard) + sum(s.hand for s in st_.seats) == 52
        assert st_.stock == len(sim.stock)
        assert st_.discard == sim.discard
        assert [s.hand for s in st_.seats] == [len(h) for h in sim.hands]
        assert st_.direction == (1 if sim.tens % 2 == 0 else -1)
        for line in ENGINE.standings(st_).lines:
            assert sum(line.detail.values()) == line.total


def turn_move(p: Playout, data: st.DataObject) -> None:
    """The seat to play plays (a choice among the legal plays) or draws; turn order checked."""
    state = p.state
    seat, skips, owed = state.turn, state.skips, state.owed
    plays = legal_plays(state, p.sim.hands[seat])
    choice = data.draw(st.integers(0, len(plays)), label="move")
    if choice < len(plays):
        cards, suit = plays[choice]
        payload: dict[str, Any] = {"cards": cards}
        if suit:
            payload["suit"] = suit
        p.apply(p.event("play", seat, payload))
        rank = Card.parse(cards[0]).rank
        if rank == 6 and state.options.six:
            skips += len(cards)
        if state.phase != "play" or state.turn is None:
            p.square_seat = None
            return
        replay = rank in (10, 12) or p.sim.square()
        if rank == 7 and p.sim.square() and state.options.square_of_sevens == "next_player":
            p.square_seat = (seat + state.direction * (1 + skips)) % p.seats
    else:
        stock_before = state.stock + max(len(state.discard) - 1, 0)
        p.apply(p.event("draw", seat, {}))
        replay = owed > 0 and min(owed, stock_before) > 1
    assert state.replay == replay
    expected = seat if replay else (seat + state.direction * (1 + skips)) % p.seats
    if not replay and p.square_seat is not None:
        expected, p.square_seat = p.square_seat, None
    assert state.turn == expected


def side_move(p: Playout, data: st.DataObject, kind: int) -> None:
    """The variants' moves out of turn: announcements, contre, slap, swear, flag."""
    opts, n = p.options, p.seats
    seat = data.draw(st.integers(0, n - 1), label="seat")
    other = data.draw(st.integers(0, n - 1), label="other")
    if kind == 0:
        due = [i for i, s in enumerate(p.state.seats) if s.carte_due]
        p.attempt(p.event("announce", due[0] if due else seat, {"word": "carte"}))
    elif kind == 1 and (opts["zouzou"] or opts["mega_one"]):
        p.attempt(p.event("contre", seat, {"target_seat": other}))
    elif kind == 2 and opts["zero"]:
        p.attempt(p.event("slap", seat, {"with_seat": other}))
    elif kind == 3 and opts["mot_doux"]:
        p.attempt(p.event("missplay", seat, {"rule": "PL-MD-1"}, by_host=True))
    elif kind == 4 and opts["david_le_fou"]:
        rule = data.draw(st.sampled_from(["PL-ANN-1", "PL-ANN-2", "PL-TURN-2"]), label="rule")
        p.attempt(p.event("flag", seat, {"offender_seat": other, "rule": rule}))


def impossible_move(p: Playout, data: st.DataObject) -> None:
    """A move that cannot have happened: refused, and the state is untouched."""
    state = p.state
    n = p.seats
    kind = data.draw(st.integers(0, 4), label="impossible")
    nxt = (state.turn + 1) % n
    legal = [cards for cards, _ in legal_plays(state, p.sim.hands[state.turn])]
    wrong = [c for c in p.sim.hands[state.turn] if [c] not in legal and Card.parse(c).rank != 1]
    if kind == 0:
        ev = p.event("play", nxt, {"cards": [p.sim.hands[nxt][0]]})
    elif kind == 1:
        ev = p.event("play", state.turn, {"cards": [state.discard[-1]]})
    elif kind == 2 and wrong:
        ev = p.event("play", state.turn, {"cards": [wrong[0]]})
    elif kind == 3:
        due = min(state.owed or 1, state.stock + len(state.discard) - 1)
        ev = p.event("draw", state.turn, {"count": due + 1})
    else:
        ev = p.event("draw", nxt, {})
    assert_impossible_changes_nothing(ENGINE, state, ev)


@st.composite
def match_options(draw: st.DrawFn) -> dict[str, Any]:
    contre = draw(st.sampled_from(["none", "zouzou", "mega_one"]))
    raw = {
        "zouzou": contre == "zouzou",
        "mega_one": contre == "mega_one",
        "sanction": draw(st.sampled_from(["zouzou", "mega_one"])),
        **{
            name: draw(st.booleans())
            for name in ("david_le_fou", "zero", "trois_de_trefle", "mot_doux", "six", "maitresse")
        },
        "aces": draw(st.sampled_from(["previous_card", "suit_in_play"])),
        "king_of_spades_answer": draw(st.sampled_from(["seven_of_spades", "stack"])),
        "square_of_sevens": draw(st.sampled_from(["next_player", "after_replay"])),
        "late_carte": draw(st.sampled_from(["stands", "clears"])),
        "carte_flag": draw(st.sampled_from(["log", "hand_now"])),
    }
    return ENGINE.options_schema().load(raw)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seats=st.integers(2, 9),
    options=match_options(),
    deck=st.permutations(full_deck()),
    data=st.data(),
)
def test_pl_hid_1_and_pl_order_1_random_playouts(
    seats: int, options: dict[str, Any], deck: list[str], data: st.DataObject
) -> None:
    """PL-HID-1, PL-ORDER-1, PL-10-2: cards conserved, turn order and direction consistent."""
    dealer = data.draw(st.integers(0, seats - 1), label="dealer")
    options = {**options, "dealer": dealer}
    state = ENGINE.setup(options, seats)
    size = state.options.hand_size
    hands = [deck[i * size : (i + 1) * size] for i in range(seats)]
    p = Playout(options, state, SimTable(hands, deck[seats * size :]))
    p.apply(p.event("turn_up", dealer, {"card": p.sim.stock[-1]}))
    p.check_table()
    for _ in range(MAX_STEPS):
        if state.phase == "over":
            break
        if state.phase == "flag":
            upheld = data.draw(st.booleans(), label="upheld")
            p.attempt(p.event("ruling", None, {"upheld": upheld}, by_host=True))
            if state.phase == "flag":  # a Méga One flagger left with one card
                p.apply(p.event("ruling", None, {"upheld": False}, by_host=True))
        elif state.phase == "plouc":
            if data.draw(st.booleans(), label="says plouc"):
                p.apply(p.event("announce", state.finisher, {"word": "plouc"}))
            else:
                side_move(p, data, data.draw(st.integers(0, 4), label="side"))
        else:
            kind = data.draw(st.integers(0, 9), label="kind")
            if kind < 6:
                turn_move(p, data)
            elif kind == 6:
                impossible_move(p, data)
            else:
                side_move(p, data, data.draw(st.integers(0, 4), label="side"))
        p.check_table()
        assert ENGINE.turn(state) in (None, *range(seats))
    standings = ENGINE.standings(state)
    assert standings.finished == (state.phase == "over")
    if standings.finished:
        assert standings.winners == (state.winner,)
        assert state.seats[state.winner].hand == 0
    json.dumps(ENGINE.view(state, None))
    json.dumps(ENGINE.view(state, "host"))
    assert_snapshot_round_trip(ENGINE, state)
    assert_deterministic(ENGINE, options, seats, p.events)

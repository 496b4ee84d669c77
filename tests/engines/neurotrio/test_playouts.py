"""Neurotrio random playouts (hypothesis): the table deals real hands and plays random legal moves.

Checked on every game: every placed card is legal by a second reading of the rules (NT-DOM-1 to
NT-GRID-3); cards are conserved; each seat's total is the sum of its sources and each source
matches what the table itself counted (NT-PASS-1, NT-DOM-5, NT-FIN-1, NT-END-2, NT-DUTY-2,
NT-BID-7, NT-BID-8); the treasure is the twin of the card removed unseen (NT-TRES-1); replay is
deterministic; snapshots round-trip; impossible moves change nothing.
"""

from __future__ import annotations

import pickle
import random
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.engines.base import Impossible, Verdict
from referee.engines.neurotrio import ENGINE
from tests.engines.contract import (
    assert_deterministic,
    assert_impossible_changes_nothing,
    assert_snapshot_round_trip,
    replay,
)
from tests.engines.neurotrio.helpers import TOKENS, Table, attrs, legal_spots, make_deal, shared

pytestmark = pytest.mark.playout

PLACEMENT = {2: 1, 3: 5, 4: 20}
# NT-DUTY-2: the text's reading (the default options) and the other, as a match may choose it.
READINGS: list[dict[str, str]] = [
    {},
    {"duty_starts": "announcement", "duty_penalty": "per_pass"},
]
NUMBER_FACTOR = {3: 3, 2: 1, 1: -1, 0: -2}


@dataclass
class Ledger:
    """What the table itself counts, to compare with the engine's standings."""

    passes: list[int]
    placements: list[int]
    finishers: list[int] = field(default_factory=list)
    violations: list[tuple[int, int]] = field(default_factory=list)  # (seq, seat)
    bids: list[tuple[int, int, tuple[int, int], str]] = field(default_factory=list)
    hidden: dict[int, str] = field(default_factory=dict)  # base -> token kept face down
    tokens: list[list[str]] = field(default_factory=list)
    duty: bool = False
    duty_at_two_cards: bool = True  # NT-DUTY-2: a hand of two starts the duty, announced or not
    per_player: bool = True  # NT-DUTY-2: ten points once per player, not per pass

    def duty_points(self, seat: int) -> int:
        faults = sum(1 for _, s in self.violations if s == seat)
        return -10 * (min(faults, 1) if self.per_player else faults)


def act(t: Table, type_: str, seat: int | None, **payload: object) -> Verdict:
    """Log a move the engine's view offers (its ``moves``) to that seat."""
    offered = {m["type"]: m["seats"] for m in ENGINE.view(t.state, None)["moves"]}
    assert type_ in offered, (type_, offered)
    assert offered[type_] is None or seat in offered[type_], (type_, seat, offered)
    return t.log(type_, seat, **payload)


def random_impossible(t: Table, rng: random.Random) -> None:
    """A move that cannot have happened: the engine refuses it and the state is untouched."""
    seat = ENGINE.turn(t.state)
    n = len(t.hands)
    other = (seat + 1 + rng.randrange(n - 1)) % n
    occupied = rng.choice(sorted(t.domain))
    card = rng.choice(t.hands[seat]) if t.hands[seat] else "coeur-noir-1"
    twice = [c for c in set(t.domain.values()) if list(t.domain.values()).count(c) == 2]
    moves = [
        ("place", other, {"card": card, "row": occupied[0], "col": occupied[1] + 1}),
        ("place", seat, {"card": card, "row": occupied[0], "col": occupied[1]}),
        ("reveal", seat, {"cards": [card]}),
        ("decline", seat, {}),
        ("reveal_bids", None, {"tokens": [{"base": 1, "token": "0"}]}),
        ("place", seat, {"card": card, "row": occupied[0] + 40, "col": 0}),
    ]
    if twice:
        spot = sorted({(r + 1, c) for r, c in t.domain} - set(t.domain))[0]
        moves.append(("place", seat, {"card": twice[0], "row": spot[0], "col": spot[1]}))
    rows_max, cols_max = t.state.max_rows + t.opens, t.state.max_cols + t.opens
    legal = {(r, c) for r, c, _ in legal_spots(t.domain, card, rows_max, cols_max)}
    edge = {(r + dr, c + dc) for r, c in t.domain for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))}
    illegal = sorted(edge - set(t.domain) - legal)
    if illegal:  # beside the domain, but incompatible or outside the open rows and columns
        r, c = rng.choice(illegal)
        moves.append(("place", seat, {"card": card, "row": r, "col": c}))
    type_, who, payload = rng.choice(moves)
    err = assert_impossible_changes_nothing(ENGINE, t.state, t.event(type_, who, **payload))
    assert isinstance(err, Impossible) and err.rule.startswith("NT-")


def bidding_round(t: Table, rng: random.Random, book: Ledger) -> None:
    """Somebody says « neuro »; each seat in turn bids (the caller must) or declines."""
    callers = [s for s in range(len(t.hands)) if len(book.tokens[s]) < len(TOKENS)]
    if not callers or len(book.bids) >= 10:
        return
    act(t, "neuro", rng.choice(callers))
    first = True
    while t.phase == "bidding":
        seat = ENGINE.turn(t.state)
        if first or rng.random() < 0.4:
            base = rng.choice(sorted(set(range(1, 11)) - {b for b, *_ in book.bids}))
            at = rng.choice(sorted(t.domain))
            token = rng.choice([x for x in TOKENS if x not in book.tokens[seat]])
            book.tokens[seat].append(token)
            sealed = rng.random() < 0.5
            act(t, "bid", seat, base=base, row=at[0], col=at[1], token=token if sealed else None)
            if not sealed:
                book.hidden[base] = token
            book.bids.append((base, seat, at, token))
        else:
            act(t, "decline", seat)
        first = False


def play_random(t: Table, rng: random.Random, book: Ledger, checks: bool) -> None:
    """One random game to the end of the domain."""
    for _ in range(3000):
        if t.phase != "play":
            return
        holders = t.holders()
        if not any(t.spots(s) for s in holders) and set(holders) <= set(
            t.state.passed_since_change
        ):
            act(t, "open_more", None)
            continue
        if checks and rng.random() < 0.1:
            random_impossible(t, rng)
        seat = ENGINE.turn(t.state)
        spots = t.spots(seat)
        if spots and rng.random() < 0.85:
            card, r, c, points = rng.choice(spots)
            verdict = act(t, "place", seat, card=card, row=r, col=c)
            assert verdict.kind == "ok"
            book.placements[seat] += points
            if not t.hands[seat]:
                book.finishers.append(seat)
            if book.duty_at_two_cards and len(t.hands[seat]) <= 2:
                book.duty = True
        else:
            act(t, "pass", seat)
            book.passes[seat] += 1
            if book.duty and spots:
                book.violations.append((len(t.events), seat))
        for s, hand in enumerate(t.hands):
            if (
                t.phase == "play"
                and len(hand) == 2
                and not t.state.seats[s].announced
                and rng.random() < 0.8
            ):
                act(t, "deux_cartes", s)
                book.duty = True
        if t.phase == "play" and rng.random() < 0.12:
            bidding_round(t, rng, book)
        assert len(t.domain) + sum(len(h) for h in t.hands) == 53  # cards conserved
        assert [s.hand for s in t.state.seats] == [len(h) for h in t.hands]
    raise AssertionError("the random game did not end")


def expected_bids(t: Table, book: Ledger, seat: int) -> int:
    treasure = t.deal.removed
    total = 0
    for base, who, at, token in book.bids:
        if who != seat:
            continue
        card = t.domain[at]
        if token in ("0", "1", "2"):
            total += base * int(token) * NUMBER_FACTOR[shared(card, treasure)]
        else:
            i = ("nature", "colour", "force").index(token)
            total += base if attrs(card)[i] == attrs(treasure)[i] else -base
    return total


def last_penalty(cards: int) -> int:
    return {1: 1, 2: 2, 3: 5}.get(cards, 20)


@given(
    seed=st.integers(0, 2**32 - 1),
    seats=st.integers(3, 8),
    dealer=st.integers(0, 7),
    reading=st.sampled_from(READINGS),
)
@settings(max_examples=25, deadline=None)
def test_random_playouts_are_legal_scored_and_deterministic(
    seed: int, seats: int, dealer: int, reading: dict[str, str]
) -> None:
    """NT-DOM-1..5, NT-GRID-1..3, NT-DUTY-2, NT-FIN-1, NT-END-2, NT-TRES-1, NT-BID-7/8; the
    « deux cartes » duty under the text's reading and under the other."""
    rng = random.Random(seed)
    t = Table(make_deal(rng, seats, dealer % seats), dict(reading))
    t.start()
    book = Ledger(
        [0] * seats,
        [0] * seats,
        tokens=[[] for _ in range(seats)],
        duty_at_two_cards=reading.get("duty_starts", "two_cards") == "two_cards",
        per_player=reading.get("duty_penalty", "per_player") == "per_player",
    )
    play_random(t, rng, book, checks=True)

    last = t.state.last_player
    assert t.holders() == [last]
    verdict = act(t, "reveal", last, cards=list(t.hands[last]))
    if book.hidden:
        act(
            t, "reveal_bids", None, tokens=[{"base": b, "token": k} for b, k in book.hidden.items()]
        )
    standings = ENGINE.standings(t.state)
    assert standings.finished and t.state.treasure == t.deal.removed

    flagged = sorted(f.seq for f in verdict.flags if f.rule == "NT-DUTY-2")
    assert flagged == sorted(seq for seq, _ in book.violations)
    fewest = min(len(h) for h in t.deal.hands)
    for seat, line in enumerate(standings.lines):
        assert line.total == sum(line.detail.values())
        expected = {
            "start": 5 + (len(t.deal.hands[seat]) > fewest),
            "passes": -book.passes[seat],
            "placements": book.placements[seat],
            "finish": dict(zip(book.finishers, (5, 3, 1), strict=False)).get(seat, 0),
            "last_player": -last_penalty(len(t.hands[seat])) if seat == last else 0,
            "deux_cartes": book.duty_points(seat),
            "bids": expected_bids(t, book, seat),
        }
        assert dict(line.detail) == expected

    assert_snapshot_round_trip(ENGINE, t.state)
    assert_deterministic(ENGINE, t.options | {"dealer": t.deal.dealer}, seats, t.events)


@given(seed=st.integers(0, 2**32 - 1), seats=st.integers(3, 8), cut=st.floats(0, 1))
@settings(max_examples=10, deadline=None)
def test_snapshot_then_later_events_equals_full_replay(seed: int, seats: int, cut: float) -> None:
    """A state pickled mid-game and fed the rest of the log ends as the full replay does."""
    rng = random.Random(seed)
    t = Table(make_deal(rng, seats))
    t.start()
    book = Ledger([0] * seats, [0] * seats, tokens=[[] for _ in range(seats)])
    play_random(t, rng, book, checks=False)
    options = {"dealer": t.deal.dealer}
    k = int(cut * len(t.events))
    head, _ = replay(ENGINE, options, seats, t.events[:k])
    assert_snapshot_round_trip(ENGINE, head)
    resumed = pickle.loads(pickle.dumps(head))
    tail = [ENGINE.apply(resumed, e) for e in t.events[k:]]
    full, verdicts = replay(ENGINE, options, seats, t.events)
    assert tail == verdicts[k:]
    assert resumed == full

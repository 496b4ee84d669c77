"""The seating of a night's round (``referee.service.seating``), drawn at random by hypothesis
over the real games' seat ranges and random nights so far: nobody seated twice, every table
within its game's seat range, the same seed the same seating, byes only when no split fits and
going round; never worse than a greedy seating, and without a repeat whenever one exists
(checked by a complete search of its own, up to twelve players)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from itertools import combinations
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.service.games import game_ids
from referee.service.night_tables import game_seats
from referee.service.seating import (
    PARTNER_WEIGHT,
    GameSeats,
    NotEnoughPlayers,
    Past,
    Seating,
    badness,
    partners_at,
    repeats,
    seat_round,
    table_sizes,
)

pytestmark = pytest.mark.property

GAMES = [game_seats(g) for g in game_ids()]
TEAMS = next(g for g in GAMES if g.teams)
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))


@st.composite
def nights(draw: Any, most: int = 12) -> tuple[list[int], Past, GameSeats, int]:
    """A game, a roster of at least its smallest table, a night so far, a seed."""
    game = draw(st.sampled_from(GAMES))
    n = draw(st.integers(game.min_seats, max(game.min_seats, most)))
    roster = draw(st.permutations(range(1, n + 1)))
    pairs = list(combinations(range(1, n + 1), 2))
    counts = st.sampled_from([0, 0, 0, 0, 1, 1, 2])
    met = draw(st.lists(counts, min_size=len(pairs), max_size=len(pairs)))
    mates = draw(st.lists(counts, min_size=len(pairs), max_size=len(pairs)))
    past = Past({frozenset(p): c for p, c in zip(pairs, met, strict=True) if c},
                {frozenset(p): c for p, c in zip(pairs, mates, strict=True) if c} if game.teams
                else {}, {})
    return list(roster), past, game, draw(st.integers(0, 2**31 - 2))


@st.composite
def played_nights(draw: Any, most: int = 12) -> tuple[list[int], Past, GameSeats, int]:
    """A night of one to three rounds already played, each a random seating at the tables the
    roster makes: the tight cases (who met whom follows the tables' shape)."""
    game = draw(st.sampled_from(GAMES))
    n = draw(st.integers(game.min_seats, max(game.min_seats, most)))
    sizes = table_sizes(n, game)
    past = Past()
    for _ in range(draw(st.integers(1, 3))):
        order = draw(st.permutations(range(1, n + 1)))
        cuts = [sum(sizes[:i]) for i in range(len(sizes) + 1)]
        tables = tuple(tuple(order[a:b]) for a, b in zip(cuts, cuts[1:], strict=False))
        past = played(Seating(tables, tuple(order[cuts[-1]:]), 0), past, game.teams)
    return list(range(1, n + 1)), Past(past.met, past.partnered, {}), game, \
        draw(st.integers(0, 2**31 - 2))


def fits(n: int, game: GameSeats) -> bool:
    """Whether some number of tables seats exactly ``n`` within the seat range."""
    return any(k * game.min_seats <= n <= k * game.max_seats for k in range(1, n + 1))


# --- the seating is a seating -----------------------------------------------------------------


@QUICK
@given(nights(most=16))
def test_nobody_is_seated_twice_and_everyone_is_placed(night: Any) -> None:
    """Each player present at one table or sitting out, once."""
    roster, past, game, seed = night
    seating = seat_round(roster, past, game, seed)
    placed = [p for t in seating.tables for p in t] + list(seating.byes)
    assert sorted(placed) == sorted(roster)


@QUICK
@given(nights(most=16))
def test_every_table_is_within_the_games_seat_range(night: Any) -> None:
    """engine.min_seats..max_seats: a match of that size can be created."""
    roster, past, game, seed = night
    for table in seat_round(roster, past, game, seed).tables:
        assert game.min_seats <= len(table) <= game.max_seats


@QUICK
@given(nights(most=16))
def test_the_same_seed_gives_the_same_seating(night: Any) -> None:
    """Pure: same roster (in any order), night and seed, same seating."""
    roster, past, game, seed = night
    assert seat_round(roster, past, game, seed) == seat_round(roster[::-1], past, game, seed)


@QUICK
@given(nights(most=16))
def test_byes_only_when_no_split_fits(night: Any) -> None:
    """Everyone plays when some count of tables fits; otherwise as few byes as can be."""
    roster, past, game, seed = night
    seating = seat_round(roster, past, game, seed)
    if fits(len(roster), game):
        assert seating.byes == ()
    else:
        most_seated = max(min(len(roster), k * game.max_seats)
                          for k in range(1, len(roster) // game.min_seats + 1))
        assert len(roster) - len(seating.byes) == most_seated


def test_too_few_players_for_the_smallest_table_is_refused() -> None:
    with pytest.raises(NotEnoughPlayers):
        seat_round([1, 2, 3], Past(), TEAMS, 7)


def played(seating: Seating, past: Past, teams: bool) -> Past:
    """The night after this round: its pairs met or partnered once more, its byes counted."""
    met, mates, byes = Counter(past.met), Counter(past.partnered), Counter(past.byes)
    for table in seating.tables:
        pairs = partners_at(len(table), teams)
        for i, j in combinations(range(len(table)), 2):
            (mates if (i, j) in pairs else met)[frozenset((table[i], table[j]))] += 1
    byes.update(seating.byes)
    return Past(dict(met), dict(mates), dict(byes))


@QUICK
@given(st.integers(5, 15).filter(lambda n: n % 4), st.integers(0, 2**31 - 2),
       st.integers(1, 8))
def test_byes_go_round_before_anyone_sits_out_twice(n: int, seed: int, rounds: int) -> None:
    """A team game of n players (not a multiple of four), round after round: nobody sits out
    twice before everyone has once (byes never differ by more than one)."""
    past = Past()
    for number in range(rounds):
        seating = seat_round(range(n), past, TEAMS, seed + number)
        assert seating.byes and len(seating.byes) == n % 4
        past = played(seating, past, TEAMS.teams)
        counts = [past.byes.get(p, 0) for p in range(n)]
        assert max(counts) - min(counts) <= 1


# --- and a good one -------------------------------------------------------------------------


def greedy(players: list[int], sizes: list[int], past: Past, teams: bool) -> list[list[int]]:
    """The baseline: each player in turn at the free seat adding least to the badness."""
    tables: list[list[int | None]] = [[None] * s for s in sizes]
    for who in players:
        options = []
        for t, table in enumerate(tables):
            for s, seat in enumerate(table):
                if seat is None:
                    trial = [list(x) for x in tables]
                    trial[t][s] = who
                    options.append((partial_badness(trial, past, teams), t, s))
        _, t, s = min(options)
        tables[t][s] = who
    return [[p for p in table if p is not None] for table in tables]


def partial_badness(tables: list[list[int | None]], past: Past, teams: bool) -> int:
    """The badness of the seats taken so far (partners weigh ``PARTNER_WEIGHT``)."""
    total = 0
    for table in tables:
        pairs = partners_at(len(table), teams)
        for i, j in combinations(range(len(table)), 2):
            a, b = table[i], table[j]
            if a is None or b is None:
                continue
            if (i, j) in pairs:
                total += PARTNER_WEIGHT * past.partnered.get(frozenset((a, b)), 0) ** 2
            else:
                total += past.met.get(frozenset((a, b)), 0) ** 2
    return total


@QUICK
@given(st.one_of(nights(most=14), played_nights(most=14)))
def test_the_seating_is_at_least_as_good_as_a_greedy_one(night: Any) -> None:
    roster, past, game, seed = night
    seating = seat_round(roster, past, game, seed)
    seated = sorted(p for t in seating.tables for p in t)
    baseline = greedy(seated, [len(t) for t in seating.tables], past, game.teams)
    assert seating.badness == badness(seating.tables, past, game.teams)
    assert seating.badness <= badness(baseline, past, game.teams)


def clean_seatings(players: list[int], sizes: list[int], past: Past, teams: bool
                   ) -> Iterator[list[tuple[int, ...]]]:
    """Every seating of ``players`` at tables of ``sizes`` where no pair meets again, found by
    a complete search: the first player's table drawn from every set of companions (and, at a
    team table, every choice of partner), the rest seated the same way."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for others in combinations(rest, size - 1):
            for table in arrangements((first, *others), teams):
                if repeats([table], past, teams):
                    continue
                remaining = [p for p in rest if p not in others]
                for seating in clean_seatings(remaining, left, past, teams):
                    yield [table, *seating]


def arrangements(table: tuple[int, ...], teams: bool) -> list[tuple[int, ...]]:
    """A plain table as it is; a team table of four in its three pairings (0 & 2 partners)."""
    if not (teams and len(table) == 4):
        return [table]
    a, b, c, d = table
    return [(a, c, b, d), (a, b, c, d), (a, b, d, c)]


@settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(nights(most=12), played_nights(most=12)))
def test_no_repeat_whenever_a_seating_without_one_exists(night: Any) -> None:
    """Up to twelve players, the complete search decides whether the round can be seated with
    nobody meeting again (for the players seated, at the tables' sizes); if so, the proposal
    has badness 0."""
    roster, past, game, seed = night
    seating = seat_round(roster, past, game, seed)
    seated = sorted(p for t in seating.tables for p in t)
    sizes = [len(t) for t in seating.tables]
    exists = next(clean_seatings(seated, sizes, past, game.teams), None) is not None
    assert (seating.badness == 0) == exists


def test_twelve_players_at_three_tables_meet_new_opponents_in_round_two() -> None:
    """After three tables of four, the best second round has three repeated pairs (four
    players from three tables: one pair per table at least); the proposal finds it."""
    first = seat_round(range(12), Past(), game_seats("citroncoco"), 1)
    assert sorted(len(t) for t in first.tables) == [4, 4, 4] and first.badness == 0
    second = seat_round(range(12), played(first, Past(), False), game_seats("citroncoco"), 2)
    assert second.badness == 3

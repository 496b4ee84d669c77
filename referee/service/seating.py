"""Who sits where in a night's next round: a pure function of the roster, what the night has
played so far, the game and a seed.

Nothing here reads a database, a clock or a random source but ``random.Random(seed)``: the
service draws the seed and stores it, so a round's proposal can be made again and tested.

The proposal avoids repeats. Its *badness* is the sum, over the pairs of players seated at one
table, of (times those two met before as opponents)², and for a team game's partners
``partner_weight`` × (times they were partners before)². Zero badness: nobody meets an
opponent (or a partner) again.

- Table sizes: everyone is seated when some number of tables fits the game's seat range
  (``min_seats``..``max_seats``), as evenly as the count allows, with the number of tables
  nearest the host's wish (by default tables of about four). Only when no split fits (a team
  game needs fours) do some players sit out: a *bye*, given to those with the fewest byes
  so far, so nobody sits out twice before everyone has once.
- The seats: a branch-and-bound search over the seatings of those sizes, started from a greedy
  seating improved by swaps, within a fixed budget of steps (so the answer never depends on
  the machine's speed). Up to twelve players the search is bounded below (each player still
  to seat adds at least what they would at their best open table) and complete: the proposal
  is the best there is, zero badness whenever a seating without a repeat exists. Beyond, it is
  the best found within the budget (60 players: well under a second).
- A team table of four seats partners face to face: seats 0 and 2 against 1 and 3, as a
  team match's default sides are.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

Pair = frozenset[int]

PARTNER_WEIGHT = 2  # a partner met again weighs twice an opponent met again
PREFERRED_SIZE = 4  # the default table size the number of tables aims at
SEARCH_BUDGET = 400_000  # branch-and-bound steps at most (complete up to twelve players)
COMPLETE_UP_TO = 12  # players: bounded search; beyond, a quarter of the budget, no bound
SWAP_ROUNDS = 60  # passes of improving swaps from each start


class NotEnoughPlayers(ValueError):
    """Fewer players present than the game's smallest table."""


@dataclass(frozen=True)
class GameSeats:
    """What the seating needs of a game: its seat range and whether a table is two teams."""

    id: str
    min_seats: int
    max_seats: int
    teams: bool = False  # four seats in two partnerships (0 & 2 against 1 & 3)


@dataclass(frozen=True)
class Past:
    """What the night has played: pairs met as opponents, pairs seated as partners, byes."""

    met: Mapping[Pair, int] = field(default_factory=dict)
    partnered: Mapping[Pair, int] = field(default_factory=dict)
    byes: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class Seating:
    """A round's tables (player ids in seat order), who sits out, and its badness."""

    tables: tuple[tuple[int, ...], ...]
    byes: tuple[int, ...]
    badness: int


def partners_at(size: int, teams: bool) -> frozenset[tuple[int, int]]:
    """The pairs of seats that are partners at a table (face to face at a team table)."""
    return frozenset({(0, 2), (1, 3)}) if teams and size == 4 else frozenset()


def pair_cost(past: Past, a: int, b: int, partners: bool, partner_weight: int) -> int:
    """What seating ``a`` and ``b`` together adds: opponents or partners met again, squared."""
    if partners:
        return partner_weight * past.partnered.get(frozenset((a, b)), 0) ** 2
    return past.met.get(frozenset((a, b)), 0) ** 2


def badness(tables: Iterable[Sequence[int]], past: Past, teams: bool,
            partner_weight: int = PARTNER_WEIGHT) -> int:
    """The badness of a seating (see the module's docstring)."""
    total = 0
    for table in tables:
        mates = partners_at(len(table), teams)
        for i, j in combinations(range(len(table)), 2):
            total += pair_cost(past, table[i], table[j], (i, j) in mates, partner_weight)
    return total


def repeats(tables: Iterable[Sequence[int]], past: Past, teams: bool) -> int:
    """How many pairs meet again as they met before (0 exactly when badness is 0)."""
    return sum(1 for table in tables for i, j in combinations(range(len(table)), 2)
               if pair_cost(past, table[i], table[j],
                            (i, j) in partners_at(len(table), teams), 1) > 0)


# --- how many tables, how big, who sits out ---------------------------------------------------


def fitting_counts(players: int, game: GameSeats) -> list[int]:
    """The numbers of tables that seat exactly ``players`` within the game's seat range."""
    return [k for k in range(1, players // game.min_seats + 1)
            if k * game.min_seats <= players <= k * game.max_seats]


def table_sizes(players: int, game: GameSeats, wanted: int | None = None) -> list[int]:
    """The tables' sizes, largest first: everyone seated when a count fits (the one nearest
    ``wanted``, by default tables of about four), else as many full tables as there can be."""
    if players < game.min_seats:
        raise NotEnoughPlayers(players)
    counts = fitting_counts(players, game)
    if not counts:
        count = players // game.min_seats
        return [game.max_seats] * count
    aim = wanted if wanted else max(1, round(players / PREFERRED_SIZE))
    count = min(counts, key=lambda k: (abs(k - aim), k))
    small, extra = divmod(players, count)
    return [small + 1] * extra + [small] * (count - extra)


def choose_byes(roster: Sequence[int], out: int, past: Past, rng: random.Random
                ) -> tuple[int, ...]:
    """``out`` players to sit out: the fewest byes so far first, ties drawn."""
    order = list(roster)
    rng.shuffle(order)
    order.sort(key=lambda p: past.byes.get(p, 0))
    return tuple(sorted(order[:out]))


# --- the search -------------------------------------------------------------------------------


@dataclass
class _Problem:
    """The players to seat, the tables' sizes and each pair's cost by seat relation."""

    players: list[int]
    sizes: list[int]
    teams: bool
    opp: list[list[int]]  # cost of two players as opponents, by index in ``players``
    mate: list[list[int]]  # as partners

    def table_cost(self, table: Sequence[int]) -> int:
        mates = partners_at(len(table), self.teams)
        total = 0
        for i, j in combinations(range(len(table)), 2):
            costs = self.mate if (i, j) in mates else self.opp
            total += costs[table[i]][table[j]]
        return total

    def cost_of(self, tables: list[list[int]]) -> int:
        return sum(self.table_cost(table) for table in tables)

    def added(self, table: list[int | None], slot: int, who: int) -> int:
        """What putting ``who`` in ``slot`` of ``table`` adds to its cost."""
        mates = partners_at(len(table), self.teams)
        total = 0
        for other_slot, other in enumerate(table):
            if other is None or other_slot == slot:
                continue
            pair = (min(slot, other_slot), max(slot, other_slot))
            total += (self.mate if pair in mates else self.opp)[who][other]
        return total


def _problem(players: list[int], sizes: list[int], past: Past, teams: bool,
             partner_weight: int) -> _Problem:
    opp = [[pair_cost(past, a, b, False, partner_weight) for b in players] for a in players]
    mate = [[pair_cost(past, a, b, True, partner_weight) for b in players] for a in players]
    return _Problem(players, sizes, teams, opp, mate)


def _greedy(problem: _Problem, order: list[int]) -> list[list[int]]:
    """Each player in ``order`` at the free seat that adds least (ties: the first)."""
    tables: list[list[int | None]] = [[None] * s for s in problem.sizes]
    for who in order:
        best: tuple[int, int, int] | None = None
        for t, table in enumerate(tables):
            for slot in _open_slots(table, problem.teams):
                cost = problem.added(table, slot, who)
                if best is None or cost < best[0]:
                    best = (cost, t, slot)
        assert best is not None
        tables[best[1]][best[2]] = who
    return [[p for p in table if p is not None] for table in tables]


def _improve(problem: _Problem, tables: list[list[int]]) -> tuple[list[list[int]], int]:
    """Swap two seated players while that lowers the cost (first improvement, in order)."""
    costs = [problem.table_cost(table) for table in tables]
    seats = [(t, s) for t, table in enumerate(tables) for s in range(len(table))]
    for _ in range(SWAP_ROUNDS):
        better = False
        for (t1, s1), (t2, s2) in combinations(seats, 2):
            if t1 == t2 and not problem.teams:
                continue
            before = costs[t1] + (costs[t2] if t2 != t1 else 0)
            tables[t1][s1], tables[t2][s2] = tables[t2][s2], tables[t1][s1]
            new1, new2 = problem.table_cost(tables[t1]), problem.table_cost(tables[t2])
            if new1 + (new2 if t2 != t1 else 0) < before:
                costs[t1], costs[t2], better = new1, new2, True
            else:
                tables[t1][s1], tables[t2][s2] = tables[t2][s2], tables[t1][s1]
        if not better or sum(costs) == 0:
            break
    return tables, sum(costs)


def _open_slots(table: list[int | None], teams: bool) -> list[int]:
    """The free seats of a table worth trying: the first only at a plain table (its seats are
    alike); at a team table, seat 3 only once seat 1 is taken (before, they are alike)."""
    free = [s for s, p in enumerate(table) if p is None]
    if not free:
        return []
    if not (teams and len(table) == 4):
        return free[:1]
    if table[0] is None:
        return [0]
    return [s for s in free if not (s == 3 and table[1] is None)]


class _Search:
    """Branch and bound over the seatings of the problem's sizes, within ``SEARCH_BUDGET``."""

    def __init__(self, problem: _Problem, best: list[list[int]], cost: int) -> None:
        self.problem = problem
        small = len(problem.players) <= COMPLETE_UP_TO
        self.budget = SEARCH_BUDGET if small else SEARCH_BUDGET // 4
        self.bounded = small  # the bound costs more than it saves beyond
        self.best, self.cost = [list(t) for t in best], cost
        self.steps = 0
        self.tables: list[list[int | None]] = [[None] * s for s in problem.sizes]

    def run(self, order: list[int]) -> bool:
        """Search from the first player of ``order``; True when it ran to its end."""
        return self._place(order, 0, 0)

    def _bound(self, order: list[int], index: int) -> int:
        """A lower bound of what the players still to seat add: each adds at least what it
        would beside the players already at its best open table (later ones only add)."""
        teams = self.problem.teams
        return sum(min((self.problem.added(table, slot, who) for table in self.tables
                        for slot in _open_slots(table, teams)), default=0)
                   for who in order[index:])

    def _place(self, order: list[int], index: int, cost: int) -> bool:
        if cost >= self.cost or (self.bounded and index < len(order)
                                 and cost + self._bound(order, index) >= self.cost):
            return True
        if index == len(order):
            self.best = [[p for p in table if p is not None] for table in self.tables]
            self.cost = cost
            return True
        who = order[index]
        seen_empty: set[int] = set()
        for table in self.tables:
            if all(p is None for p in table):  # empty tables of one size are alike
                if len(table) in seen_empty:
                    continue
                seen_empty.add(len(table))
            for slot in _open_slots(table, self.problem.teams):
                self.steps += 1
                if self.steps > self.budget:
                    return False
                table[slot] = who
                done = self._place(order, index + 1, cost + self.problem.added(table, slot, who))
                table[slot] = None
                if not done:
                    return False
                if self.cost == 0:
                    return True
        return True


def seat_round(roster: Sequence[int], past: Past, game: GameSeats, seed: int,
               wanted_tables: int | None = None,
               partner_weight: int = PARTNER_WEIGHT) -> Seating:
    """The proposed seating of ``roster`` for one round of ``game``: pure and deterministic
    (same arguments, same seating). NotEnoughPlayers when no table can be made."""
    rng = random.Random(seed)
    everyone = sorted(set(roster))
    sizes = table_sizes(len(everyone), game, wanted_tables)
    byes = choose_byes(everyone, len(everyone) - sum(sizes), past, rng)
    seated = [p for p in everyone if p not in byes]
    rng.shuffle(seated)
    problem = _problem(seated, sizes, past, game.teams, partner_weight)
    starts = [list(range(len(seated)))]
    starts += [rng.sample(range(len(seated)), len(seated)) for _ in range(3)]
    best, cost = _improve(problem, _greedy(problem, starts[0]))
    for order in starts[1:]:
        if cost == 0:
            break
        tables, found = _improve(problem, _greedy(problem, order))
        if found < cost:
            best, cost = tables, found
    if cost > 0:
        search = _Search(problem, best, cost)
        search.run(starts[0])
        best, cost = search.best, search.cost
    return Seating(tuple(tuple(seated[i] for i in table) for table in best), byes, cost)

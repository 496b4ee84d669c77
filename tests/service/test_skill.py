"""The ratings' pure computation (``referee.service.skill``): what the players are told their
rating means — the order of play decides, not the order of storage; a winner never loses to a
loser; tied players share; playing never makes a rating less certain."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.service.skill import OVERALL, Played, Side, Skill, chances, latest, rate

pytestmark = pytest.mark.property

START = datetime(2026, 1, 1, tzinfo=UTC)
GAMES = ("citroncoco", "plouc")


@st.composite
def a_match(draw: st.DrawFn, match_id: int) -> Played:
    """A match of 2 to 4 sides of 1 or 2 players among 6, places with ties."""
    sides_n = draw(st.integers(2, 4))
    size = draw(st.integers(1, 2)) if sides_n == 2 else 1
    players = draw(st.permutations(range(1, 7)))[: sides_n * size]
    ranks = sorted(draw(st.lists(st.integers(1, sides_n), min_size=sides_n,
                                 max_size=sides_n)))
    sides = tuple(Side(tuple(players[i * size:(i + 1) * size]), ranks[i])
                  for i in range(sides_n))
    return Played(match_id, f"uuid-{match_id:04d}", draw(st.sampled_from(GAMES)),
                  START + timedelta(minutes=draw(st.integers(0, 50))), sides)


@st.composite
def matches(draw: st.DrawFn) -> list[Played]:
    n = draw(st.integers(1, 12))
    return [draw(a_match(i)) for i in range(1, n + 1)]


@settings(max_examples=60, deadline=None)
@given(matches(), st.randoms())
def test_the_order_of_storage_changes_nothing(played: list[Played], random: object) -> None:
    """Requirement: the same matches in the same order of play (end time, then uuid) give the
    same ratings whatever order they were imported or stored in."""
    shuffled = list(played)
    random.shuffle(shuffled)  # type: ignore[attr-defined]
    assert rate(shuffled) == rate(played)


@settings(max_examples=60, deadline=None)
@given(matches(), st.integers(1, 6), st.integers(1, 6))
def test_a_winner_never_loses_rating_to_a_loser(history: list[Played], a: int, b: int) -> None:
    """Requirement: in a two-player match, the winner's rating (mu and the shown ordinal)
    never goes down, the loser's never goes up, whatever they were rated before."""
    if a == b:
        b = a % 6 + 1
    before = latest(rate(history))
    duel = Played(999, "zz", "plouc", START + timedelta(days=1), (Side((a,), 1), Side((b,), 2)))
    after = latest(rate([duel], before))
    for scope in ("plouc", OVERALL):
        old_a, old_b = before.get((scope, a), Skill()), before.get((scope, b), Skill())
        new_a, new_b = after[(scope, a)], after[(scope, b)]
        assert new_a.mu >= old_a.mu and new_a.ordinal >= old_a.ordinal
        assert new_b.mu <= old_b.mu


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.sampled_from(GAMES))
def test_tied_newcomers_share(sides: int, game: str) -> None:
    """Requirement: ties share — players of equal rating who tie get the same rating."""
    match = Played(1, "u", game, START, tuple(Side((p,), 1) for p in range(1, sides + 1)))
    rated = rate([match])
    assert len({(r.skill, r.change) for r in rated if r.scope == game}) == 1


@settings(max_examples=60, deadline=None)
@given(matches())
def test_playing_never_makes_a_rating_less_certain(played: list[Played]) -> None:
    """Requirement: the uncertainty (sigma) never grows from playing."""
    held: dict[tuple[str, int], float] = {}
    for r in rate(played):
        key = (r.scope, r.player_id)
        assert r.skill.sigma <= held.get(key, Skill().sigma) + 1e-12
        held[key] = r.skill.sigma


def test_teams_rate_as_sides() -> None:
    """Requirement: teams as teams — both partners of the winning side gain alike."""
    match = Played(1, "u", "citroncoco-teams", START, (Side((1, 3), 1), Side((2, 4), 2)))
    after = latest(rate([match]))
    assert after[("citroncoco-teams", 1)] == after[("citroncoco-teams", 3)]
    assert after[("citroncoco-teams", 1)].mu > Skill().mu > after[("citroncoco-teams", 2)].mu


def test_the_overall_rating_reads_every_game() -> None:
    """Requirement: one overall model fed every game's matches, beside each game's own."""
    one = Played(1, "a", "plouc", START, (Side((1,), 1), Side((2,), 2)))
    two = Played(2, "b", "citroncoco", START + timedelta(hours=1), (Side((1,), 1), Side((2,), 2)))
    after = latest(rate([one, two]))
    assert after[(OVERALL, 1)].mu > after[("plouc", 1)].mu


def test_the_stronger_side_is_more_likely_to_win() -> None:
    """Requirement: each side's chance of winning (predict_win), summing to one."""
    strong, weak = Skill(35.0, 3.0), Skill(20.0, 3.0)
    odds = chances([[strong], [weak]])
    assert odds[0] > 0.5 > odds[1] and sum(odds) == pytest.approx(1.0)

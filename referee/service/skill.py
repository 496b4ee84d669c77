"""Who is really the strongest: OpenSkill ratings (Plackett–Luce) from the matches' places.

Pure: no SQL, no clock. ``rate`` takes the finished matches (each side's players and place,
ties sharing a place, a team as one side) and the ratings held before the first of them, and
answers each player's rating after each match, per game and overall (one model fed every
game's matches). The matches are played in the order they ended, ties broken by their uuid,
whatever order they come in: a log imported late rates as if it had been played on time.
``referee.service.ratings`` reads the matches and writes the answer.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

from openskill.models import PlackettLuce

#: The scope of the overall rating (every game's matches), beside each game's id.
OVERALL = "*"

#: ``limit_sigma``: playing never makes a rating less certain (the model's ``tau`` would).
MODEL = PlackettLuce(limit_sigma=True)


@dataclass(frozen=True)
class Skill:
    """A rating: ``mu`` the estimate, ``sigma`` its uncertainty; the ordinal is what is shown."""

    mu: float = MODEL.mu
    sigma: float = MODEL.sigma

    @property
    def ordinal(self) -> float:
        """The displayed rating: three sigmas below the estimate (a newcomer starts at 0)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Side:
    """One side of a match: its players (one, or a team) and its place (1 = first)."""

    players: tuple[int, ...]
    rank: int


@dataclass(frozen=True)
class Played:
    """A finished match, as the ratings read it."""

    match_id: int
    uuid: str
    game: str
    ended_at: datetime  # the time of its last event
    sides: tuple[Side, ...]

    @property
    def order(self) -> tuple[datetime, str]:
        """Its place in the order of play: when it ended, then its uuid."""
        return (self.ended_at, self.uuid)


@dataclass(frozen=True)
class Rated:
    """A player's rating in one scope (a game, or ``OVERALL``) just after one match."""

    scope: str
    player_id: int
    match_id: int
    uuid: str
    ended_at: datetime
    skill: Skill
    change: float  # the ordinal's change by this match


Key = tuple[str, int]  # (scope, player)


def rateable(match: Played) -> bool:
    """Two sides at least, each with a player, nobody on two sides."""
    seated = [p for side in match.sides for p in side.players]
    return (len(match.sides) >= 2 and all(side.players for side in match.sides)
            and len(seated) == len(set(seated)))


def rate(matches: Iterable[Played], prior: Mapping[Key, Skill] | None = None) -> list[Rated]:
    """Each player's rating after each match, per game and overall, in the order of play.

    ``prior``: the ratings held just before the first of ``matches`` (a recomputation from a
    point on); a player not in it starts as a newcomer."""
    held: dict[Key, Skill] = dict(prior or {})
    out: list[Rated] = []
    for match in sorted(matches, key=lambda m: m.order):
        if not rateable(match):
            continue
        for scope in (match.game, OVERALL):
            out.extend(_rate_one(held, scope, match))
    return out


def _rate_one(held: dict[Key, Skill], scope: str, match: Played) -> list[Rated]:
    """One match in one scope: ``held`` moves on, and each seat's new rating is answered."""
    before = [[held.get((scope, p), Skill()) for p in side.players] for side in match.sides]
    teams = [[MODEL.create_rating([s.mu, s.sigma]) for s in side] for side in before]
    after = MODEL.rate(teams, ranks=[side.rank for side in match.sides])
    out = []
    for side, old_side, new_side in zip(match.sides, before, after, strict=True):
        for player, old, new in zip(side.players, old_side, new_side, strict=True):
            skill = Skill(new.mu, min(new.sigma, old.sigma))
            held[(scope, player)] = skill
            out.append(Rated(scope, player, match.match_id, match.uuid, match.ended_at, skill,
                             skill.ordinal - old.ordinal))
    return out


def latest(rated: Iterable[Rated]) -> dict[Key, Skill]:
    """The last rating of each (scope, player) in ``rated`` (in the order of play)."""
    return {(r.scope, r.player_id): r.skill for r in rated}


def chances(sides: Sequence[Sequence[Skill]]) -> list[float]:
    """Each side's chance of winning (OpenSkill's ``predict_win``), the sides' ratings given."""
    if len(sides) < 2:
        return [1.0] * len(sides)
    teams = [[MODEL.create_rating([s.mu, s.sigma]) for s in side] for side in sides]
    return [float(p) for p in MODEL.predict_win(teams)]

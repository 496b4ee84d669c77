"""Carte et Plouc's standings: cards in hand, fewest wins; the first to lay their last card and
say « plouc » wins the game (PL-END-1)."""

from __future__ import annotations

from collections.abc import Mapping

from referee.engines.base import Line, Standings
from referee.engines.messages import Outcome, msg
from referee.engines.plouc.state import PloucState


def line(seat: int, state: PloucState) -> Line:
    s = state.seats[seat]
    detail = {"dealt": s.dealt, "drawn": s.drawn, "received": s.received,
              "swapped": s.swapped, "played": -s.played, "given": -s.given}
    return Line(side=str(seat), seats=(seat,), total=s.hand, detail=detail)


def standings(state: PloucState) -> Standings:
    """PL-END-1: the first to empty their hand and say 'plouc' wins; until then, fewest cards."""
    lines = tuple(line(i, state) for i in range(state.seat_count))
    if state.phase == "over" and state.winner is not None:
        result = Outcome((state.winner,), "plouc.outcome.plouc", {"seat": state.winner})
        return Standings(unit="cards in hand", lower_is_better=True, lines=lines,
                         finished=True, winners=result.winners, outcome=result.message,
                         target=0, rounds=({ln.side: ln.total for ln in lines},),
                         result=result)
    fewest = min(s.hand for s in state.seats)
    leaders = [i for i, s in enumerate(state.seats) if s.hand == fewest]
    rounds: tuple[Mapping[str, int], ...] = ()
    return Standings(unit="cards in hand", lower_is_better=True, lines=lines,
                     finished=state.phase == "over", winners=(),
                     outcome=msg("plouc.outcome.in_play", count=fewest, leader_seats=leaders),
                     target=0, rounds=rounds)

"""Each side's place in the standings: ties share the better place (1, 1, 3), the winners the
engine names come first. One rule, read by the read models' seat results and by every
standings a reader is shown (the pages, the TV board, the API's ``rank``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any


def line_ranks(lines: Sequence[tuple[Iterable[int], int]], winners: Iterable[int],
               lower_is_better: bool) -> list[int]:
    """The place of each line, given as (its seats, its total): the lines holding a winner
    share the first place; the others follow by their totals, equal totals sharing a place."""
    won = set(winners)
    sign = 1 if lower_is_better else -1
    first = [bool(won & set(seats)) for seats, _total in lines]
    rest = [total for (_seats, total), f in zip(lines, first, strict=True) if not f]
    return [1 if f else sum(first) + 1 + sum(1 for other in rest if sign * other < sign * total)
            for (_seats, total), f in zip(lines, first, strict=True)]


def with_ranks(standings: Mapping[str, Any]) -> dict[str, Any]:
    """The standings (as data: ``Standings.as_dict``, a read model's totals) with each
    line's ``rank``; winners count once the match is finished."""
    lines = list(standings.get("lines") or [])
    winners = standings.get("winners") or [] if standings.get("finished") else []
    ranks = line_ranks([(ln.get("seats") or [], int(ln.get("total") or 0)) for ln in lines],
                       winners, bool(standings.get("lower_is_better")))
    return {**standings, "lines": [{**ln, "rank": rank}
                                   for ln, rank in zip(lines, ranks, strict=True)]}

"""CitronCoco's scoring: a round's scores once the hands are turned over, the match's end
(CC-GOAL-1/2) and the standings, as data."""

from __future__ import annotations

from collections.abc import Sequence

from referee.engines.base import Line, Standings
from referee.engines.citroncoco.sides import side_of
from referee.engines.citroncoco.state import CitronCocoState, RoundSummary
from referee.engines.messages import Message, Outcome, msg


def score_round(st: CitronCocoState, hands: list[int]) -> tuple[list[int], str, Message]:
    """Per-side scores of a round, the clause applied and what it says."""
    if st.caller is None:
        return list(hands), "CC-END-2", msg("citroncoco.score.hands")
    caller = st.caller
    others = [hands[s] for s in range(st.seats) if s != caller]
    fewest = hands[caller] < min(others) or (
        st.options.caller_wins_ties and hands[caller] <= min(others)
    )
    if fewest:
        scores = list(hands)
        scores[caller] = -max(others)
        return scores, "CC-CALL-4", msg("citroncoco.score.call_succeeds", seat=caller,
                                        coconuts=max(others))
    scores = [0] * st.seats
    scores[caller] = hands[caller]
    return scores, "CC-CALL-5", msg("citroncoco.score.call_fails", seat=caller,
                                    coconuts=hands[caller])


def result(st: CitronCocoState) -> Outcome | None:
    """The match's outcome once a ship sinks (CC-GOAL-1/2): the fewest coconuts win."""
    sunk = [s for s in range(st.seats) if st.totals[s] >= st.options.target]
    if not sunk:
        return None
    low = min(st.totals)
    winners = tuple(s for s in range(st.seats) if st.totals[s] == low)
    termination = "citroncoco.outcome.won" if len(winners) == 1 else \
        "citroncoco.outcome.won_shared"
    return Outcome(winners, termination, {"coconuts": low, "sunk_seats": sunk,
                                          "sunk_totals": [st.totals[s] for s in sunk]})


def round_loser(st: CitronCocoState, scores: list[int]) -> int:
    """The seat that scored most this round (ties: first in turn order from the starter)."""
    order = [(st.starter + i) % st.seats for i in range(st.seats)]
    seat_scores = [scores[side_of(st, s)] for s in range(st.seats)]
    return max(order, key=lambda s: (seat_scores[s], -order.index(s)))


def summarise(st: CitronCocoState, scores: list[int], hands: list[int],
              ending: str) -> None:
    st.summaries.append(RoundSummary(st.round, scores, list(st.totals), hands, ending,
                                     st.caller, st.multiplier))


def standings(state: CitronCocoState, names: Sequence[str], result: Outcome | None,
              unit: str) -> Standings:
    """The standings, each side under its name; ``result`` once the match is over."""
    lines = tuple(
        Line(
            names[i],
            tuple(seats),
            state.totals[i],
            {
                "rounds": [r.scores[i] for r in state.summaries],
                "hand_coconuts": [sum(r.hands[s] for s in seats) for r in state.summaries],
            },
        )
        for i, seats in enumerate(state.sides)
    )
    rounds = tuple(
        {names[i]: r.totals[i] for i in range(len(state.sides))}
        for r in state.summaries
    )
    return Standings(
        unit, True, lines, result is not None, result.winners if result else (),
        result.message if result else None, state.options.target, rounds, result,
    )

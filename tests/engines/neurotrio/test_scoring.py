"""Neurotrio: the victory points and the standings (docs/rules/neurotrio.md, NT-WIN)."""

from __future__ import annotations

from referee.engines.base import Line
from referee.engines.messages import Message
from referee.engines.neurotrio import ENGINE
from referee.engines.neurotrio.scoring import outcome_of
from referee.service.messages import render
from tests.engines.neurotrio.helpers import (
    NAMES,
    Table,
    play_until,
    said,
)

# --- NT-WIN and the standings -----------------------------------------------------------------


def test_nt_win_1_most_victory_points_wins(ended: Table) -> None:
    """NT-WIN-1: the winners are the seats with the highest total."""
    standings = ENGINE.standings(ended.state)
    best = max(line.total for line in standings.lines)
    assert standings.finished and not standings.lower_is_better
    assert standings.winners == tuple(ln.seats[0] for ln in standings.lines if ln.total == best)


def test_nt_win_1_the_outcome_is_data_naming_the_winners_and_their_points(ended: Table) -> None:
    """NT-WIN-1: the result says who won, how, and with how many victory points; the sentence
    is the service's, with the players' names."""
    standings = ENGINE.standings(ended.state)
    best = max(line.total for line in standings.lines)
    result = standings.result
    assert result is not None and result.winners == standings.winners
    assert result.figures == {"points": best}
    assert result.termination == ("neurotrio.outcome.wins" if len(result.winners) == 1
                                  else "neurotrio.outcome.shared")
    assert standings.outcome == result.message
    names = ["Ana", "Ben", "Cid", "Dee", "Eve"]
    winners = " and ".join(names[s] for s in result.winners)  # one or two, in this game
    assert render(standings.outcome, names).startswith(winners)
    assert render(standings.outcome, names).endswith(f"with {best} victory points")


def test_nt_win_1_tied_players_share_the_win() -> None:
    """NT-WIN-1 (ruling): tied players share the win; the outcome names them all."""
    lines = tuple(Line(str(i), (i,), total, {}) for i, total in enumerate((7, 9, 9)))
    result = outcome_of(lines)
    assert result.winners == (1, 2)
    assert result.termination == "neurotrio.outcome.shared"
    assert render(result.message, NAMES) == "Bob and Carol share the win with 9 victory points"


def test_nt_tres_1_until_the_hands_are_known_the_outcome_waits(table: Table) -> None:
    """NT-TRES-1: the domain is done but the last hand is not shown yet: no winner, a message
    saying what the table waits for."""
    play_until(table, lambda t: t.phase != "play", limit=2000)
    standings = ENGINE.standings(table.state)
    assert not standings.finished and standings.result is None
    assert said(standings.outcome) == ("neurotrio.outcome.waiting", {})


def test_every_verdict_of_a_game_is_said_in_messages_the_catalogue_renders(ended: Table) -> None:
    """docs/engines.md, "Adding a verdict": the engine never writes a sentence; each reason,
    penalty, effect and flag is a message id with its parameters, and each renders in English
    with the players' names (never "seat 2")."""
    names = ["Ana", "Ben", "Cid", "Dee", "Eve"]
    told = [v.reason for v in ended.verdicts] + [e for v in ended.verdicts for e in v.effects]
    told += [x for v in ended.verdicts for f in v.flags for x in (f.reason, f.penalty) if x]
    told.append(ENGINE.standings(ended.state).outcome)
    for message in told:
        assert isinstance(message, Message), message
        assert "seat " not in render(message, names), message


def test_nt_win_1_totals_are_the_sum_of_their_sources(ended: Table) -> None:
    """NT-WIN-1: every point has a source in the detail."""
    for line in ENGINE.standings(ended.state).lines:
        assert line.total == sum(line.detail.values())


def test_nt_win_1_rounds_chart_ends_on_the_final_totals(ended: Table) -> None:
    """NT-WIN-1: running totals per lap, the last entry the final totals."""
    standings = ENGINE.standings(ended.state)
    assert standings.rounds[-1] == {ln.side: ln.total for ln in standings.lines}

"""A table for the Carte et Plouc tests: log moves by name, keep the log for replays."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from referee.engines.base import Event, Impossible, Verdict
from referee.engines.plouc import ENGINE, PloucState
from referee.service.messages import render
from tests.engines.contract import assert_impossible_changes_nothing, load_payload


def effects_said(verdict: Verdict) -> list[str]:
    """A verdict's effects as a reader sees them (players unnamed: "seat 2")."""
    return [render(e) for e in verdict.effects]


# The rule text's players, seated clockwise; David deals, so Zouhaire plays first.
ZOUHAIRE, CHARLOTTE, DAVID = 0, 1, 2


@dataclass
class Table:
    """One match in progress: the state, the options and every event logged so far."""

    options: dict[str, Any]
    seats: int
    state: PloucState
    events: list[Event] = field(default_factory=list)

    def event(
        self,
        type_: str,
        seat: int | None,
        payload: Mapping[str, Any] | None = None,
        *,
        by_host: bool = False,
    ) -> Event:
        """The next event, its payload loaded by the type's schema (as the service does)."""
        loaded = load_payload(ENGINE, type_, payload or {})
        return Event(type_, seat, loaded, seq=len(self.events) + 1, by_host=by_host)

    def log(
        self,
        type_: str,
        seat: int | None,
        payload: Mapping[str, Any] | None = None,
        *,
        by_host: bool = False,
    ) -> Verdict:
        ev = self.event(type_, seat, payload, by_host=by_host)
        verdict = ENGINE.apply(self.state, ev)
        self.events.append(ev)
        return verdict

    def refuse(
        self,
        type_: str,
        seat: int | None,
        payload: Mapping[str, Any] | None = None,
        *,
        by_host: bool = False,
    ) -> Impossible:
        """The move must be impossible and change nothing."""
        ev = self.event(type_, seat, payload, by_host=by_host)
        return assert_impossible_changes_nothing(ENGINE, self.state, ev)

    # the common moves, in the table's words
    def play(self, seat: int, *cards: str, suit: str | None = None) -> Verdict:
        payload: dict[str, Any] = {"cards": list(cards)}
        if suit is not None:
            payload["suit"] = suit
        return self.log("play", seat, payload)

    def draw(self, seat: int, count: int | None = None) -> Verdict:
        return self.log("draw", seat, {} if count is None else {"count": count})

    def say(self, seat: int, word: str) -> Verdict:
        return self.log("announce", seat, {"word": word})

    def contre(self, seat: int, target: int) -> Verdict:
        return self.log("contre", seat, {"target_seat": target})

    def flag(self, seat: int, offender: int, rule: str, **extra: Any) -> Verdict:
        return self.log("flag", seat, {"offender_seat": offender, "rule": rule, **extra})

    def ruling(self, upheld: bool) -> Verdict:
        return self.log("ruling", None, {"upheld": upheld}, by_host=True)

    def slap(self, seat: int, with_seat: int) -> Verdict:
        return self.log("slap", seat, {"with_seat": with_seat})

    def swear(self, seat: int) -> Verdict:
        return self.log("missplay", seat, {"rule": "PL-MD-1"}, by_host=True)

    # what the table can see
    @property
    def turn(self) -> int | None:
        return ENGINE.turn(self.state)

    def hand(self, seat: int) -> int:
        return self.state.seats[seat].hand

    def hands(self) -> list[int]:
        return [s.hand for s in self.state.seats]

    @property
    def clockwise(self) -> bool:
        return self.state.direction == 1

    def cards_everywhere(self) -> int:
        return self.state.stock + len(self.state.discard) + sum(self.hands())


def new_table(seats: int = 3, turn_up: str | None = "5H", **options: Any) -> Table:
    """A fresh match (David, seat 2, deals unless told), the first card turned up."""
    options.setdefault("dealer", DAVID if seats > DAVID else 0)
    opts = ENGINE.options_schema().load(options)
    table = Table(opts, seats, ENGINE.setup(opts, seats))
    if turn_up is not None:
        table.log("turn_up", table.state.dealer, {"card": turn_up})
    return table

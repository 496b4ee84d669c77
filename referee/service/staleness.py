"""Every move knows the table it was made against.

A move may say which seq its player was looking at (``seen``). When the log has moved since, the
move is judged twice: against the table the player saw and against the table now. When both
judgements agree — same kind, rule, penalty and effects, or refused both times — another seat's
move did not touch it, and it is logged as usual. When they differ, nothing is logged: the answer
is a 409 with the events logged since. A quick play aimed at a card covered in the meantime is
exactly this case: the slower player takes the card back, with no penalty (CC-QP-4: « les plus
lents reprennent leurs cartes (sans que cela ne soit considéré comme une faute de jeu) »).

Whether a move is stale is decided against the head its append read (under the match's lock on
SQLite; as last committed on PostgreSQL, where the unique seq decides a race: ``Overtaken``);
its 409 (``Stale``) lists the events since without holding up any other writer, however many
racing writers are turned away.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.engines.base import Verdict, Viewer
from referee.service.errors import Conflict, Invalid
from referee.service.judging import Trial
from referee.service.sentences import Kind, Words, sentence
from referee.store import models
from referee.store.as_data import verdict_data
from referee.store.recorder import Head


@dataclass(frozen=True)
class Outcome:
    """A move's judgement against one table: its trial (``judging.judge_at``), or the refusal
    it got."""

    trial: Trial | None = None
    refused: Invalid | None = None

    @property
    def verdict(self) -> Verdict | None:
        return None if self.trial is None else self.trial.verdict

    def result(self) -> Trial:
        if self.refused is not None:
            raise self.refused
        assert self.trial is not None
        return self.trial

    def as_dict(self) -> dict[str, Any]:
        if self.refused is not None:
            details = self.refused.details
            # an engine's refusal keeps its message id, so each reader gets its own words
            said = {k: details[k] for k in ("message_id", "params") if details.get(k)}
            return {"kind": "impossible", "rule": details.get("rule"),
                    "reason": self.refused.message, "where": details.get("where"), **said}
        assert self.verdict is not None
        return verdict_data(self.verdict)


def outcome(judge: Callable[[], Trial]) -> Outcome:
    try:
        return Outcome(trial=judge())
    except Invalid as err:
        return Outcome(refused=err)


def agree(then: Outcome, now: Outcome) -> bool:
    """Both refused, or the same kind, rule, penalty and effects. The sentence may differ (it
    can name a seq) and so may findings on earlier events; an impossible-now move that was
    fine then, or the reverse, does not agree."""
    if then.refused is not None or now.refused is not None:
        return then.refused is not None and now.refused is not None
    a, b = then.verdict, now.verdict
    assert a is not None and b is not None
    return (a.kind, a.rule, a.penalty, a.effects) == (b.kind, b.rule, b.penalty, b.effects)


@dataclass(frozen=True)
class Since:
    """Which events a stale move's 409 lists (those after ``after`` up to ``last_seq``, the
    seq the log was at when the move was refused), and for whom."""

    match_id: int
    identity: str  # the host token's hash: the match's cached state is known by it
    after: int  # the seq the move was made against
    last_seq: int
    viewer: Viewer


class Stale(Conflict):
    """A 409 for a move the log has moved past. Raised where the append decides: on SQLite
    under the write lock, which every other writer is waiting for, so its ``since`` is empty
    (``pending``) and the caller that ends the transaction lists the events since afterwards
    (``matches.record``); on PostgreSQL, where nothing is locked, at once from the events read
    with the head. Either way as ``GET /events?after=`` gave them when the log was at
    ``last_seq``."""

    def __init__(self, message: Words, pending: Since, **details: Any) -> None:
        super().__init__(message, **details)
        self.pending: Since | None = pending

    def list_since(self, events: list[dict[str, Any]]) -> None:
        self.details["since"] = events
        self.pending = None


class Overtaken(Exception):
    """Another append took the seq a move was judged for, between the head's read and the
    move's insert (PostgreSQL: nothing locks the head). Nothing was written; the move is
    judged again against the log as it now stands, or refused as stale if its If-Match named
    the seq the log was at (``matches.record``)."""

    def __init__(self, seq: int, head: Head | None = None) -> None:
        super().__init__(seq)
        self.seq = seq  # the seq taken
        self.head = head  # the head as the refused statement read it, when it did


class Unconfirmed(Exception):
    """A move judged on the process's cached state, its head not read first, that the
    database did not log as judged: the head had moved, or the token was no longer whose it
    was, or the move was refused (which the head, read, may say otherwise). Nothing was
    written; the move is judged again, its head read first (``matches.append``)."""


def stale_if_match(match_id: int, identity: str, expected: int, last_seq: int,
                   viewer: Viewer) -> Stale:
    """If-Match keeps its strict meaning: any seq but the last is refused, with what changed."""
    return Stale(sentence("The log is at seq {last}, not {expected}: someone logged a "
                          "move since; fetch it and decide again.", last=last_seq,
                          expected=expected),
                 Since(match_id, identity, expected, last_seq, viewer),
                 where="header.If-Match", last_seq=last_seq, since=[])


def check_seen(match: models.Match, seen: int | None, last_seq: int, viewer: Viewer,
               now: Outcome, judge_then: Callable[[], Trial]) -> None:
    """Raise a 409 when the move would be judged otherwise at the table its player saw (its
    events since are listed once the lock is released: ``Stale``)."""
    if seen is None or seen == last_seq:
        return
    if seen > last_seq:
        raise Invalid(sentence("seen is {seen}, but the log is only at seq {last}.",
                               seen=seen, last=last_seq), where="seen")
    then = outcome(judge_then)
    if agree(then, now):
        return
    raise Stale(sentence("Too slow: the table changed since you saw it at #{seen}. Your "
                         "move was {then} there, but would be {now} now, so nothing was "
                         "logged and it costs no penalty.", seen=seen,
                         then=judged_words(then), now=judged_words(now)),
                Since(match.id, match.host_token_hash, seen, last_seq, viewer), where="seen",
                last_seq=last_seq, since=[], seen=seen, judged_then=then.as_dict(),
                judged_now=now.as_dict())


def lost_race(since: Since, winner: int, seen: int | None) -> Stale:
    """The 409 of a move that lost a race (``Engine.lost_race``): another seat's move
    ``winner`` took what it aimed at first, so the slower player takes their card back,
    nothing is logged and it costs no penalty (CC-QP-4), whatever the match's options. Its
    events since are those after the table the player saw (``seen``), else from ``winner``."""
    return Stale(sentence("Too slow: quick play #{winner} covered that card first. Take your "
                          "card back: nothing was logged and it costs no penalty.",
                          winner=winner),
                 since, where="seen" if seen is not None else "payload.value",
                 last_seq=since.last_seq, since=[], seen=seen, won_by=winner)


def judged_words(judged: Outcome) -> Words:
    """How a move was judged, for the sentence that says the table changed."""
    if judged.refused is not None:
        return sentence("impossible")
    assert judged.verdict is not None
    if judged.verdict.kind == "missplay":
        return sentence("a missplay ({rule})", rule=judged.verdict.rule)
    return sentence("{kind} ({rule})", kind=Kind(judged.verdict.kind),
                    rule=judged.verdict.rule)

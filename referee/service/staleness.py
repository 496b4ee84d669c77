"""Every move knows the table it was made against.

A move may say which seq its player was looking at (``seen``). When the log has moved since, the
move is judged twice: against the table the player saw and against the table now. When both
judgements agree — same kind, rule, penalty and effects, or refused both times — another seat's
move did not touch it, and it is logged as usual. When they differ, nothing is logged: the answer
is a 409 with the events logged since. A quick play aimed at a card covered in the meantime is
exactly this case: the slower player takes the card back, with no penalty (CC-QP-4: « les plus
lents reprennent leurs cartes (sans que cela ne soit considéré comme une faute de jeu) »).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from referee.engines.base import Verdict, Viewer
from referee.service.errors import Conflict, Invalid
from referee.service.replay import Folded, Loader, event_dict
from referee.service.sentences import Kind, Words, sentence
from referee.store import models


@dataclass(frozen=True)
class Outcome:
    """A move's judgement against one table: a verdict, or the refusal it got."""

    verdict: Verdict | None = None
    refused: Invalid | None = None

    def result(self) -> Verdict:
        if self.refused is not None:
            raise self.refused
        assert self.verdict is not None
        return self.verdict

    def as_dict(self) -> dict[str, Any]:
        if self.refused is not None:
            details = self.refused.details
            # an engine's refusal keeps its message id, so each reader gets its own words
            said = {k: details[k] for k in ("message_id", "params") if details.get(k)}
            return {"kind": "impossible", "rule": details.get("rule"),
                    "reason": self.refused.message, "where": details.get("where"), **said}
        assert self.verdict is not None
        return self.verdict.as_dict()


def outcome(judge: Callable[[], Verdict]) -> Outcome:
    try:
        return Outcome(verdict=judge())
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


def since(session: Session, match: models.Match, after: int, viewer: Viewer
          ) -> list[dict[str, Any]]:
    """The events logged after ``after``, as ``GET /events?after=`` gives them to ``viewer``."""
    loader = Loader(session, match)
    rows = loader.log.events(match.id, after)
    if not rows:
        return []
    now = loader.fold()
    return [event_dict(loader, r, viewer, now) for r in rows]


def stale_if_match(session: Session, match: models.Match, expected: int, last_seq: int,
                   viewer: Viewer) -> Conflict:
    """If-Match keeps its strict meaning: any seq but the last is refused, with what changed."""
    return Conflict(sentence("The log is at seq %(last)s, not %(expected)s: someone logged a "
                             "move since; fetch it and decide again.", last=last_seq,
                             expected=expected), where="header.If-Match",
                    last_seq=last_seq, since=since(session, match, expected, viewer))


def check_seen(session: Session, match: models.Match, seen: int | None, last_seq: int,
               viewer: Viewer, now: Outcome,
               judge_then: Callable[[Loader, Folded], Verdict]) -> None:
    """Raise a 409 when the move would be judged otherwise at the table its player saw."""
    if seen is None or seen == last_seq:
        return
    if seen > last_seq:
        raise Invalid(sentence("seen is %(seen)s, but the log is only at seq %(last)s.",
                               seen=seen, last=last_seq), where="seen")
    loader = Loader(match=match, session=session, as_of=seen)
    folded = loader.fold(seen)
    then = outcome(lambda: judge_then(loader, folded))
    if agree(then, now):
        return
    changed = since(session, match, seen, viewer)
    raise Conflict(sentence("Too slow: the table changed since you saw it at #%(seen)s. Your "
                            "move was %(then)s there, but would be %(now)s now, so nothing was "
                            "logged and it costs no penalty.", seen=seen,
                            then=judged_words(then), now=judged_words(now)), where="seen",
                   last_seq=last_seq, since=changed, seen=seen, judged_then=then.as_dict(),
                   judged_now=now.as_dict())


def judged_words(judged: Outcome) -> Words:
    """How a move was judged, for the sentence that says the table changed."""
    if judged.refused is not None:
        return sentence("impossible")
    assert judged.verdict is not None
    if judged.verdict.kind == "missplay":
        return sentence("a missplay (%(rule)s)", rule=judged.verdict.rule)
    return sentence("%(kind)s (%(rule)s)", kind=Kind(judged.verdict.kind),
                    rule=judged.verdict.rule)

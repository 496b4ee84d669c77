"""Whether a seat's pad may offer "take back" now: its own last move, nothing logged after it,
judged ok, not a call (``corrections.take_back_refusal`` has the rule, the append checks it)."""

from __future__ import annotations

from typing import Any

from referee.service.access import Access
from referee.service.corrections import event_at, take_back_refusal
from referee.service.modes import engine_of
from referee.service.replay import Source
from referee.store import models


def offer(session: Source, match: models.Match, access: Access | None) -> dict[str, Any] | None:
    """The move ``access``'s seat may take back now (seq, type), or None."""
    last_seq = match.summary.last_seq
    if access is None or access.host or not last_seq:
        return None
    void = {"seq": last_seq, "reason": ""}
    if take_back_refusal(session, match, engine_of(match), access.seat, void, last_seq):
        return None
    row = event_at(session, match, last_seq)
    assert row is not None
    return {"seq": row.seq, "type": row.type}

"""A match's identity across exports and imports, so that one match never counts twice.

Every match has a uuid, carried by its export with a digest of its log. Importing a match whose
uuid is already here is refused (with a link to it), whatever its digest: the digest only tells
two exports of one match apart (taken at different moments of the log). A copy made on purpose
gets a new uuid, is marked as a copy, and stays out of the players' records.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from referee.service.errors import Conflict
from referee.service.sentences import sentence
from referee.store import models

DIGEST_PREFIX = "sha256:"


def log_digest(events: Iterable[Mapping[str, Any]]) -> str:
    """A fingerprint of a log: its events' seq, type, seat and payload, in order."""
    canonical = [[e.get("seq"), e.get("type"), e.get("seat"), e.get("payload") or {}]
                 for e in events]
    text = json.dumps(canonical, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    # surrogatepass: a stray surrogate stored before the validation policy still digests
    return DIGEST_PREFIX + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def by_uuid(session: Session, match_uuid: str) -> models.Match | None:
    return session.scalars(select(models.Match).where(models.Match.uuid == match_uuid)).first()


def refuse_duplicate(session: Session, data: Mapping[str, Any],
                     digests: Callable[[models.Match], set[str]]) -> None:
    """Conflict (409, with the match's id) when the export's match is already here.
    ``digests``: the log here as each of its readers exports it (an outsider's export hides
    sealed secrets, and is the same log when it matches what that reader sees)."""
    match_uuid = data.get("uuid")
    if not match_uuid:
        return  # an export made before matches had an identity: it gets a new one
    existing = by_uuid(session, match_uuid)
    if existing is None:
        return
    events = data.get("events") or []
    same = log_digest(events) in digests(existing)
    how = (sentence("with the same log") if same else
           sentence("with another moment of its log ({file} events in the file, {here} "
                    "here)", file=len(events), here=existing.summary.last_seq))
    raise Conflict(sentence("This match is already here, as match {match} ({how}): "
                            "importing it again would count it twice in the players' records. "
                            "Open match {match}, or import it as a copy (a copy does not "
                            "count in the records).", match=existing.id, how=how),
                   where="uuid", match_id=existing.id, same_log=same)


def mark_imported(match: models.Match, data: Mapping[str, Any], copy: bool) -> None:
    """The imported match keeps the export's identity, or, as a copy, gets a new one."""
    if copy:
        match.is_copy = True
        match.copy_of = data.get("uuid") or None
    elif data.get("uuid"):
        match.uuid = data["uuid"]

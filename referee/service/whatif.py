"""What-if: a match's log judged again under other options, side by side with the real one.

Nothing is appended and nothing is stored: the log is read, folded twice (the match's own
options and the options asked for, merged over them), and the verdicts compared event by event.
"""

from __future__ import annotations

from typing import Any

from marshmallow import ValidationError

from referee.engines.base import InvalidOptions
from referee.service import work
from referee.service.access import get_match
from referee.service.errors import Invalid
from referee.service.places import with_ranks
from referee.service.replay import Folded, Judged, Loader, Marks, fold_as, standings_of
from referee.service.sentences import EngineSaid, Listed, OptionName, sentence, title_of
from referee.store.as_data import data_of
from referee.store.db import Database

#: What makes two verdicts "the same" for a table: the kind, the clause and the penalty.
COMPARED = ("kind", "rule", "penalty")


def merged_options(loader: Loader, changes: dict[str, Any]) -> dict[str, Any]:
    """The match's own options with ``changes`` over them, loaded by the game's schema.

    Raises Invalid (422) naming each option that does not fit.
    """
    if not isinstance(changes, dict):
        raise Invalid(sentence("Options are an object of option names and values."),
                      where="options")
    merged = {**loader.match.options, **changes}
    try:
        loaded = loader.engine.options_schema().load(merged)
    except ValidationError as err:
        messages = err.messages if isinstance(err.messages, dict) else {"_": err.messages}
        names = Listed([OptionName(loader.engine.id, str(k)) for k in sorted(map(str, messages))])
        raise Invalid(sentence("These options do not fit {game}: {options}.",
                               game=title_of(loader.engine), options=names),
                      errors={"options": messages},
                      where=f"options.{sorted(str(k) for k in messages)[0]}") from err
    try:
        loader.engine.setup(loaded, len(loader.match.seats))
    except InvalidOptions as err:
        raise Invalid(EngineSaid(err.said), rule=err.rule, where=err.where or "options") from err
    return loaded


def fold_under(loader: Loader, options: dict[str, Any]) -> tuple[Folded, list[Judged]]:
    """Every event judged from the start under ``options`` (voids and rulings as logged, the
    moves as logged: a correction's replacement is not judged in its place)."""
    return fold_as(loader, options=options, marks=Marks(loader.voided, {}, loader.offenders))


def judgement(entry: Judged) -> dict[str, Any] | None:
    """What a table compares: the verdict, or the refusal when the move became impossible."""
    if entry.impossible is not None:
        return {"kind": "impossible", **entry.impossible}
    return entry.verdict


def differs(old: dict[str, Any] | None, new: dict[str, Any] | None) -> bool:
    if old is None or new is None:
        return old is not new
    return any(data_of(old, k) != data_of(new, k) for k in COMPARED)


def what_if(db: Database, match_id: int, changes: dict[str, Any]) -> dict[str, Any]:
    """The standings the log would give under other options, and each verdict that changes."""
    with work.reading(db) as session:
        match = get_match(session, match_id)
        loader = Loader(session, match)
        options = merged_options(loader, changes)
        own = loader.engine.options_schema().load(match.options)
        now_folded, now = fold_under(loader, own)
        then_folded, then = fold_under(loader, options)
        diffs = []
        for before, after in zip(now, then, strict=True):
            old, new = judgement(before), judgement(after)
            if before.voided_by is None and differs(old, new):
                diffs.append({"seq": before.row.seq, "type": before.row.type,
                              "seat": before.row.seat, "old": old, "new": new})
        engine = loader.engine
        return {  # the verdicts and outcomes as data: the edges word them for their reader
            "match_id": match.id, "game": match.game,
            "options": options, "own_options": own,
            "changed_options": sorted(k for k in options if options[k] != own.get(k)),
            "standings": with_ranks(standings_of(engine, then_folded).as_dict()),
            "own_standings": with_ranks(standings_of(engine, now_folded).as_dict()),
            "events": len(now), "changes": diffs,
        }

"""What a move is and what the engine says of it: ``Event`` (a logged move), ``Verdict`` and
``Flag`` (the judgement, as data), ``Impossible`` and ``InvalidOptions`` (the refusals).

The lowest floor of the engines beside ``messages``: the move registry (``moves``) and the engine
contract (``base``) build on it; ``base`` re-exports every name.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from referee.engines.messages import Message, Said, plain

Render = Callable[[Said | None], str]

VerdictKind = Literal["ok", "missplay"]


class EngineError(Exception):
    """Base of the errors an engine raises; each carries a rule id and what was wrong: a
    ``Message`` (``Impossible.of(rule, message_id, where, **params)``), or a sentence from the
    engines not yet speaking in messages."""

    def __init__(self, rule: str, reason: Said, where: str | None = None) -> None:
        super().__init__(f"{rule}: {plain(reason)}")
        self.rule = rule
        self.said = reason
        self.where = where  # e.g. "payload.slot" or "seat": which part of the move was wrong

    @classmethod
    def of(cls, rule: str, message_id: str, where: str | None = None, /,
           **params: Any) -> EngineError:
        return cls(rule, Message(message_id, params), where)

    @property
    def message(self) -> Message | None:
        return self.said if isinstance(self.said, Message) else None

    @property
    def reason(self) -> str:
        """The sentence, for engines that still write one; the id and parameters otherwise."""
        return plain(self.said)

    def as_dict(self, render: Render = plain) -> dict[str, Any]:
        data = self.message.as_dict() if self.message else {"message_id": None, "params": {}}
        return {"rule": self.rule, "reason": render(self.said), "where": self.where, **data}


class Impossible(EngineError):
    """The move cannot have happened given the state: it is refused and nothing is logged."""

    @classmethod
    def of(cls, rule: str, message_id: str, where: str | None = None, /,
           **params: Any) -> Impossible:
        return cls(rule, Message(message_id, params), where)


class InvalidOptions(EngineError):
    """The match's options or seat list do not make a game of this kind."""


@dataclass(frozen=True, slots=True)
class Event:
    """One logged move, as the engine sees it."""

    type: str
    seat: int | None
    payload: Mapping[str, Any] = field(default_factory=dict)
    seq: int = 0
    by_host: bool = False  # logged with the host's token (host-only types need it)


@dataclass(frozen=True, slots=True)
class Flag:
    """A finding about an earlier event that only later information could prove."""

    seq: int
    rule: str
    reason: Said
    penalty: Said | None = None

    def as_dict(self, render: Render = plain) -> dict[str, Any]:
        return {"seq": self.seq, "rule": self.rule, "reason": render(self.reason),
                **said_data(self.reason), "penalty": render(self.penalty) or None,
                "penalty_data": said_data(self.penalty)}


def said_data(said: Said | None) -> dict[str, Any]:
    """``message_id`` and ``params`` of what an engine said (None and {} for a sentence)."""
    if isinstance(said, Message):
        return said.as_dict()
    return {"message_id": None, "params": {}}


@dataclass(frozen=True, slots=True)
class Verdict:
    """The judgement of a move that happened at the table: data, rendered by the service."""

    kind: VerdictKind
    rule: str
    reason: Said
    penalty: Said | None = None  # what the rules make the offender do
    effects: tuple[Said, ...] = ()  # what else the move did ("seat 2 skips a turn")
    flags: tuple[Flag, ...] = ()  # findings on earlier events, proven by this one
    #: A missplay's offender: the seat whose fault it is (the forgetter a contre catches, the
    #: flagger of a wrong flag), whom the statistics count it against; None for the table's.
    offender: int | None = None

    @classmethod
    def ok(cls, rule: str, reason: Said, *effects: Said, flags: tuple[Flag, ...] = ()) -> Verdict:
        return cls("ok", rule, reason, None, tuple(effects), flags)

    @classmethod
    def missplay(cls, rule: str, reason: Said, penalty: Said, *effects: Said,
                 offender: int | None, flags: tuple[Flag, ...] = ()) -> Verdict:
        """A fault, and whose it is (every missplay names its offender)."""
        return cls("missplay", rule, reason, penalty, tuple(effects), flags, offender)

    @property
    def message(self) -> Message | None:
        return self.reason if isinstance(self.reason, Message) else None

    def as_dict(self, render: Render = plain) -> dict[str, Any]:
        """JSON-ready: the rendered sentences (``reason``, ``penalty``, ``effects``) beside the
        data they come from (``message_id``, ``params``, ``penalty_data``, ``effects_data``)."""
        return {
            "kind": self.kind,
            "rule": self.rule,
            "reason": render(self.reason),
            **said_data(self.reason),
            "penalty": render(self.penalty) or None,
            "penalty_data": said_data(self.penalty),
            "effects": [render(e) for e in self.effects],
            "effects_data": [said_data(e) for e in self.effects],
            "flags": [f.as_dict(render) for f in self.flags],
            **({"offender": self.offender} if self.kind == "missplay" else {}),
        }

"""Verdicts as data: what an engine says, as a message id and its parameters, never a sentence.

An engine never writes English (or French): it names what happened with a ``Message`` — an id
such as ``"plouc.play.not_your_turn"`` and parameters such as ``{"seat": 2, "turn": 0}`` — and
whoever needs a sentence words it for its reader (``referee.service.messages.render``, given
a language by the edges), with the names the players gave at the table. The engines word
nothing themselves: ``plain`` is their only text, for logs and exceptions.

Parameter conventions, so every renderer reads every game the same way:

- a seat is an ``int``, under a key that is ``seat`` or ends with ``_seat`` (``turn_seat``…);
  several seats are a list under ``seats`` or a key ending with ``_seats``;
- a card is its text (``"7S"``, ``"coeur-vert-2"``), a suit or colour its code word;
- counts, points and values are numbers; anything else is a plain string or a list of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from marshmallow import ValidationError


@dataclass(frozen=True, slots=True)
class Message:
    """One thing an engine says: an id in the game's catalogue, and its parameters."""

    id: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"message_id": self.id, "params": dict(self.params)}


def msg(message_id: str, /, **params: Any) -> Message:
    """``msg("plouc.play.not_your_turn", seat=2, turn_seat=0)``."""
    return Message(message_id, params)


#: What an engine says: always a message (an id and its parameters), never a sentence.
Said = Message


class WrongValue(ValueError):
    """A value written wrong (a card, a board layout), said as a message."""

    def __init__(self, said: Message) -> None:
        super().__init__(plain(said))
        self.said = said


def invalid(said: Message | ValueError) -> ValidationError:
    """A payload or options schema's error saying ``said`` as data: marshmallow's list of
    messages holds ``{"message_id", "params"}``, which the service words for the reader."""
    if isinstance(said, WrongValue):
        said = said.said
    if isinstance(said, Message):
        return ValidationError([said.as_dict()])
    return ValidationError(str(said))


def is_seat_key(key: str) -> bool:
    """Parameters holding one seat number: rendered as the player's name."""
    return key == "seat" or key.endswith("_seat")


def is_seats_key(key: str) -> bool:
    """Parameters holding a list of seat numbers: rendered as a list of names."""
    return key == "seats" or key.endswith("_seats")


def plain(said: Said | None) -> str:
    """A rendering with no catalogue, for logs, exceptions and ``as_dict`` given no wording:
    the id and its parameters (the service's ``render`` is what readers see)."""
    if said is None or isinstance(said, str):
        return said or ""
    inner = ", ".join(f"{k}={v!r}" for k, v in said.params.items())
    return f"{said.id}({inner})"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended, as data: who won, how it ended, and the figures that decided it.

    ``termination`` is a message id (``"plouc.outcome.plouc"``: a seat emptied its hand and said
    plouc); ``figures`` are its parameters (``{"seat": 2, "points": 87}``)."""

    winners: tuple[int, ...]
    termination: str
    figures: Mapping[str, Any] = field(default_factory=dict)

    @property
    def message(self) -> Message:
        return Message(self.termination, {"winner_seats": list(self.winners), **self.figures})

    def as_dict(self) -> dict[str, Any]:
        return {"winners": list(self.winners), "termination": self.termination,
                "figures": dict(self.figures)}

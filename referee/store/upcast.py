"""Old event shapes are brought up to date here, in one chained place (v1 -> v2 -> …).

An event is stored with the payload schema version it was logged with. When a game's payload
for a move type changes shape, bump ``CURRENT`` for it and register the step from the old version:
replay then reads old logs through the chain and judges them exactly as before.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Payload = dict[str, Any]
Step = Callable[[Payload], Payload]

# (game, event type) -> the version new events are written with; absent means 1.
CURRENT: dict[tuple[str, str], int] = {}
# (game, event type, from version) -> function giving the payload at from version + 1.
STEPS: dict[tuple[str, str, int], Step] = {}


def current_version(game: str, event_type: str) -> int:
    return CURRENT.get((game, event_type), 1)


def step(game: str, event_type: str, from_version: int) -> Callable[[Step], Step]:
    """Register the upcaster that lifts a payload from ``from_version`` to the next one."""

    def register(fn: Step) -> Step:
        STEPS[(game, event_type, from_version)] = fn
        CURRENT[(game, event_type)] = max(current_version(game, event_type), from_version + 1)
        return fn

    return register


def upcast(game: str, event_type: str, version: int, payload: Payload) -> Payload:
    target = current_version(game, event_type)
    while version < target:
        payload = STEPS[(game, event_type, version)](dict(payload))
        version += 1
    return payload

"""A state's clone: what ``judge`` works on, so that judging a move changes nothing.

States are plain dataclasses, lists, dicts, tuples, sets and enums (what the store's snapshot
codec writes); a clone copies their mutable parts and shares the immutable ones, without the
memo and the dispatch ``copy.deepcopy`` pays for.
"""

from __future__ import annotations

import dataclasses
import enum
from collections import Counter
from typing import Any, cast

_ATOMS: frozenset[type] = frozenset({type(None), bool, int, float, str, bytes})
_DATACLASS_COPIERS: dict[type, Any] = {}


def clone(value: Any) -> Any:
    """A copy of a state equal to what a snapshot's round trip gives back, made without JSON:
    mutable parts are copied, immutable ones (atoms, enums, frozensets, frozen dataclasses and
    tuples holding nothing mutable) are shared.

    States are trees of the types the snapshot codec knows, so no memo is needed; this is what
    a state is cloned with before a move is judged on it (``Engine.judge``, the service's
    cache): several times faster than ``copy.deepcopy``."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    copier = _COPIERS.get(kind)
    if copier is not None:
        return copier(value)
    return _copy_other(kind, value)


def _copy_list(value: list[Any]) -> list[Any]:
    return [v if type(v) in _ATOMS else clone(v) for v in value]


def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    return {k: v if type(v) in _ATOMS else clone(v) for k, v in value.items()}


def _copy_tuple(value: tuple[Any, ...]) -> tuple[Any, ...]:
    items = [clone(v) for v in value]
    if all(a is b for a, b in zip(items, value, strict=True)):
        return value  # nothing mutable inside: share it
    return tuple(items)


_COPIERS: dict[type, Any] = {
    list: _copy_list, dict: _copy_dict, tuple: _copy_tuple,
    Counter: lambda v: Counter(_copy_dict(v)),
    set: set, frozenset: lambda v: v,
}


def _dataclass_copier(kind: type) -> Any:
    """A copier written for one dataclass (None: not a dataclass): its fields read, copied
    where mutable and set by name, with no loop over a field list; a frozen one holding
    nothing mutable is shared."""
    if not dataclasses.is_dataclass(kind):
        return None
    names = [f.name for f in dataclasses.fields(kind)]
    params = getattr(kind, "__dataclass_params__", None)
    frozen = bool(params and params.frozen)
    lines = ["def copier(value):"]
    for i, name in enumerate(names):
        lines.append(f"    f{i} = value.{name}")
        lines.append(f"    c{i} = f{i} if type(f{i}) in atoms else clone(f{i})")
    if frozen:
        same = " and ".join(f"c{i} is f{i}" for i in range(len(names))) or "True"
        lines.append(f"    if {same}:")
        lines.append("        return value  # an immutable value: share it")
    lines.append("    obj = new(kind)")
    for i, name in enumerate(names):
        lines.append(f"    put(obj, {name!r}, c{i})" if frozen else f"    obj.{name} = c{i}")
    lines.append("    return obj")
    scope: dict[str, Any] = {"atoms": _ATOMS, "clone": clone, "kind": kind,
                             "new": cast(Any, kind).__new__, "put": object.__setattr__}
    exec("\n".join(lines), scope)  # noqa: S102 — the source is made here from field names
    return scope["copier"]


def _copy_other(kind: type, value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value
    if kind not in _DATACLASS_COPIERS:
        _DATACLASS_COPIERS[kind] = _dataclass_copier(kind)
    copier = _DATACLASS_COPIERS[kind]
    if copier is not None:
        _COPIERS[kind] = copier  # found at once from now on
        return copier(value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        items = [clone(v) for v in value]
        if all(a is b for a, b in zip(items, value, strict=True)):
            return value
        return kind(*items)
    raise TypeError(f"cannot copy a {kind.__qualname__} as a state")

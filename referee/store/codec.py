"""One JSON codec for every engine's state: dataclasses, tuples, sets, enums, int-keyed dicts.

Engines keep their states as plain dataclasses; this module turns any of them into JSON and back
without the engines knowing, so a snapshot is readable, portable and safe to load (no pickle:
only classes of this package are ever rebuilt, and only from their declared fields).

Every value round-trips to an equal value of the same type:

- ``None``, ``bool``, ``int``, ``float``, ``str`` and lists are themselves (lists element-wise);
- a dict with string keys is a JSON object (escaped when a key looks like a tag);
  any other dict (int keys, tuple keys, a ``Counter``) is ``{"__d": [[key, value], …]}``;
- ``{"__t": […]}`` a tuple, ``{"__s": […]}`` a set, ``{"__fs": […]}`` a frozenset;
- ``{"__e": "module:Class", "v": value}`` an enum member;
- ``{"__dc": "module:Class", "f": {field: value}}`` a dataclass, rebuilt field by field without
  calling its ``__init__`` (frozen and slotted classes alike);
- ``{"__nt": "module:Class", "v": […]}`` a named tuple.

``shape`` records each class met while dumping with its field names: a snapshot whose classes
have since changed shape is refused on load (``Stale``) and the state is rebuilt from the log.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
from collections import Counter
from typing import Any, cast

#: Bump when this encoding changes: every stored snapshot then counts as stale.
CODEC_VERSION = 1

#: Only classes from these packages are rebuilt on load.
TRUSTED_PREFIXES = ("referee.",)

_TAGS = ("__d", "__t", "__s", "__fs", "__e", "__dc", "__nt", "__esc")
_DICT_KINDS: dict[str, type[dict[Any, Any]]] = {"dict": dict, "Counter": Counter}


class Stale(Exception):
    """A stored value no longer fits the code: a class moved, or changed its fields."""


def class_path(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _fields_of(cls: type) -> list[str]:
    if dataclasses.is_dataclass(cls):
        return [f.name for f in dataclasses.fields(cls)]
    if issubclass(cls, tuple) and hasattr(cls, "_fields"):
        return list(cls._fields)
    if issubclass(cls, enum.Enum):
        return sorted(str(m.value) for m in cls)
    return []


class Encoder:
    """Dumps one value; remembers the classes it met (their ``shape``)."""

    def __init__(self) -> None:
        self.shape: dict[str, list[str]] = {}

    def _note(self, cls: type) -> str:
        path = class_path(cls)
        if path not in self.shape:
            self.shape[path] = _fields_of(cls)
        return path

    def dump(self, value: Any) -> Any:
        if value is None or isinstance(value, bool | str):
            return value
        if isinstance(value, enum.Enum):  # before int: an IntEnum is an int too
            return {"__e": self._note(type(value)), "v": self.dump(value.value)}
        if isinstance(value, int | float):
            return value
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return {"__dc": self._note(type(value)),
                    "f": {f.name: self.dump(getattr(value, f.name))
                          for f in dataclasses.fields(value)}}
        return self._dump_collection(value)

    def _dump_collection(self, value: Any) -> Any:
        if isinstance(value, list):
            return [self.dump(v) for v in value]
        if isinstance(value, tuple):
            if hasattr(value, "_fields"):
                return {"__nt": self._note(type(value)), "v": [self.dump(v) for v in value]}
            return {"__t": [self.dump(v) for v in value]}
        if isinstance(value, frozenset):
            return {"__fs": self._sorted([self.dump(v) for v in value])}
        if isinstance(value, set):
            return {"__s": self._sorted([self.dump(v) for v in value])}
        if isinstance(value, dict):
            return self._dump_dict(value)
        raise TypeError(f"cannot encode a {type(value).__qualname__} as JSON state")

    def _dump_dict(self, value: dict[Any, Any]) -> Any:
        kind = type(value).__name__
        if type(value) is dict and all(isinstance(k, str) for k in value):
            out = {k: self.dump(v) for k, v in value.items()}
            if any(k in _TAGS for k in value):
                return {"__esc": out}
            return out
        if kind not in _DICT_KINDS or type(value) is not _DICT_KINDS[kind]:
            raise TypeError(f"cannot encode a {type(value).__qualname__} as JSON state")
        items = [[self.dump(k), self.dump(v)] for k, v in value.items()]
        return {"__d": items, "k": kind} if kind != "dict" else {"__d": items}

    @staticmethod
    def _sorted(items: list[Any]) -> list[Any]:
        """Sets in a stable order, so that equal states give equal JSON."""
        return sorted(items, key=repr)


def _resolve(path: str) -> type:
    module_name, _, qualname = path.partition(":")
    if not module_name.startswith(TRUSTED_PREFIXES):
        raise Stale(f"refusing to rebuild {path}: not a class of this package")
    try:
        target: Any = importlib.import_module(module_name)
        for part in qualname.split("."):
            target = getattr(target, part)
    except (ImportError, AttributeError) as err:
        raise Stale(f"{path} no longer exists") from err
    if not isinstance(target, type):
        raise Stale(f"{path} is not a class")
    return target


def load(data: Any) -> Any:
    """The value ``Encoder.dump`` was given."""
    if isinstance(data, list):
        return [load(v) for v in data]
    if not isinstance(data, dict):
        return data
    for tag, loader in _LOADERS.items():
        if tag in data:
            return loader(data)
    return {k: load(v) for k, v in data.items()}


def _load_dataclass(data: dict[str, Any]) -> Any:
    cls = _resolve(data["__dc"])
    obj = cast(Any, cls).__new__(cls)
    for name, value in data["f"].items():
        object.__setattr__(obj, name, load(value))
    return obj


def _load_dict(data: dict[str, Any]) -> Any:
    kind = _DICT_KINDS[data.get("k", "dict")]
    return kind({_hashable(load(k)): load(v) for k, v in data["__d"]})


#: Each tag and how its value is rebuilt, tried in this order (as ``dump`` writes them).
_LOADERS: dict[str, Any] = {
    "__dc": _load_dataclass,
    "__t": lambda data: tuple(load(v) for v in data["__t"]),
    "__d": _load_dict,
    "__fs": lambda data: frozenset(_hashable(load(v)) for v in data["__fs"]),
    "__s": lambda data: {_hashable(load(v)) for v in data["__s"]},
    "__e": lambda data: _resolve(data["__e"])(load(data["v"])),
    "__nt": lambda data: _resolve(data["__nt"])(*(load(v) for v in data["v"])),
    "__esc": lambda data: {k: load(v) for k, v in data["__esc"].items()},
}


def _hashable(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value


def check_shape(shape: dict[str, list[str]]) -> None:
    """Raise Stale unless every class recorded at dump time still has the same fields."""
    for path, names in shape.items():
        if _fields_of(_resolve(path)) != names:
            raise Stale(f"{path} changed shape since the snapshot was taken")


def dumps(value: Any) -> dict[str, Any]:
    """A JSON-ready document holding ``value`` and the shape of the classes in it."""
    encoder = Encoder()
    body = encoder.dump(value)
    return {"codec": CODEC_VERSION, "shape": encoder.shape, "value": body}


def loads(document: dict[str, Any]) -> Any:
    """The value of a ``dumps`` document; Stale when the codec or a class changed since."""
    if document.get("codec") != CODEC_VERSION:
        raise Stale(f"codec {document.get('codec')} is not {CODEC_VERSION}")
    check_shape(document.get("shape", {}))
    return load(document["value"])

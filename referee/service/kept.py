"""What a process keeps for each database it serves (its match states' cache, its live streams'
hub and their slots): one of each, made on first use, and gone when the database goes (held
by a weak key, so a test's throwaway app leaves nothing behind)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar
from weakref import WeakKeyDictionary

K = TypeVar("K")
V = TypeVar("V")


class KeptFor(Generic[K, V]):
    """``kept(key)``: the one value kept for ``key``, made by ``make`` the first time (given
    the key when ``with_key``: a job that works on the database it is kept for)."""

    def __init__(self, make: Callable[..., V], with_key: bool = False) -> None:
        self._with_key = with_key
        self._make = make
        self._kept: WeakKeyDictionary[K, V] = WeakKeyDictionary()
        self._lock = threading.Lock()

    def __call__(self, key: K) -> V:
        with self._lock:
            found = self._kept.get(key)
            if found is None:
                found = self._kept[key] = self._make(key) if self._with_key else self._make()
            return found

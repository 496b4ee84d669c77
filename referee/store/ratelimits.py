"""Rate-limit counts kept in the app's own database, so that every gunicorn worker (and every
machine) serving it counts one client's creations together: a ``limits`` storage backend
(the library Flask-Limiter counts with) registered under the scheme ``referee+db://``.

One row per client address and limit holds the hits of its current fixed window and when
that window ends (``rate_limit_counters``). A hit is one atomic statement — ``INSERT … ON
CONFLICT DO UPDATE … RETURNING`` on SQLite and PostgreSQL alike — which starts a new window
when the last one has ended, so two workers counting at once never lose a hit. Each process
sweeps the ended windows away at most once a minute, in the transaction of a hit.

Only the fixed-window strategy (Flask-Limiter's default) is supported: a moving window would
need a row per hit.
"""

from __future__ import annotations

import time
from typing import Any

from limits.errors import ConfigurationError
from limits.storage import Storage
from sqlalchemy import Engine, text
from sqlalchemy.exc import SQLAlchemyError

SCHEME = "referee+db"

#: One hit: a new window when there is none or the last one ended, else one more in it.
_HIT = text("""
    INSERT INTO rate_limit_counters (limit_key, hits, expires_at)
    VALUES (:key, :amount, :until)
    ON CONFLICT (limit_key) DO UPDATE SET
        hits = CASE WHEN rate_limit_counters.expires_at <= :now THEN :amount
                    ELSE rate_limit_counters.hits + :amount END,
        expires_at = CASE WHEN rate_limit_counters.expires_at <= :now THEN :until
                          ELSE rate_limit_counters.expires_at END
    RETURNING hits""")
_WINDOW = text("SELECT hits, expires_at FROM rate_limit_counters "
               "WHERE limit_key = :key AND expires_at > :now")
_SWEEP = text("DELETE FROM rate_limit_counters WHERE expires_at <= :now")
_CLEAR = text("DELETE FROM rate_limit_counters WHERE limit_key = :key")
_RESET = text("DELETE FROM rate_limit_counters")

#: Ended windows are deleted at most this often (seconds), by each process.
SWEEP_EVERY = 60.0


class DatabaseStorage(Storage):
    """``referee+db://``: the counts in the app's database (the ``engine`` storage option)."""

    STORAGE_SCHEME = [SCHEME]

    def __init__(self, uri: str | None = None, wrap_exceptions: bool = False,
                 engine: Engine | None = None, **options: Any) -> None:
        if engine is None:
            raise ConfigurationError(f"{SCHEME}:// counts in the app's own database: pass its "
                                     "engine as the storage option 'engine'")
        self.engine = engine
        self.swept_at = 0.0
        super().__init__(uri, wrap_exceptions=wrap_exceptions, **options)

    @property
    def base_exceptions(self) -> type[Exception] | tuple[type[Exception], ...]:
        return SQLAlchemyError

    def incr(self, key: str, expiry: int, amount: int = 1) -> int:
        now = time.time()
        with self.engine.begin() as connection:
            hits = connection.execute(_HIT, {"key": key, "amount": amount, "now": now,
                                             "until": now + expiry}).scalar_one()
            if now - self.swept_at >= SWEEP_EVERY:
                self.swept_at = now
                connection.execute(_SWEEP, {"now": now})
        return int(hits)

    def _window(self, key: str) -> tuple[int, float] | None:
        with self.engine.connect() as connection:
            row = connection.execute(_WINDOW, {"key": key, "now": time.time()}).first()
        return (int(row.hits), float(row.expires_at)) if row is not None else None

    def get(self, key: str) -> int:
        window = self._window(key)
        return window[0] if window is not None else 0

    def get_expiry(self, key: str) -> float:
        window = self._window(key)
        return window[1] if window is not None else time.time()

    def check(self) -> bool:
        """The database answers (Flask-Limiter asks before it counts here again after an
        outage)."""
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except SQLAlchemyError:
            return False
        return True

    def reset(self) -> int | None:
        with self.engine.begin() as connection:
            return connection.execute(_RESET).rowcount

    def clear(self, key: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(_CLEAR, {"key": key})

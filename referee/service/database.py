"""The database as the edges know it, named through the service: its type, what counts as an
outage, the replica's read policy and the rate limits' counts kept in it. The edges import
neither the store nor the engines; what they need of the store's plumbing is named here.
"""

from __future__ import annotations

from referee.store import ratelimits, replica
from referee.store.db import Database
from referee.store.outages import NOT_MIGRATED, CommitOutcomeUnknown, outage_reason

#: The rate limits' default store, the app's database (``referee+db://``): importing this
#: module registers it with Flask-Limiter.
RATELIMIT_SCHEME = ratelimits.SCHEME

__all__ = ["NOT_MIGRATED", "RATELIMIT_SCHEME", "CommitOutcomeUnknown", "Database", "outage_reason",
           "replica"]

"""What the database's columns hold, declared once: the tables are made with these bounds
(``models``) and the edges check them (the API's schemas, the pages' forms, imports and
restores), so that a value the columns cannot hold is refused in words (4xx, naming where),
never by the database (a 500).

Nothing here imports anything: every layer may read it.
"""

from __future__ import annotations

#: The largest value an INTEGER column holds on PostgreSQL: every id, seq and count the
#: requests name (a path's id, ``If-Match``, ``seen``, a query's seq, a seat's player_id).
INT32_MAX = 2**31 - 1

#: A player's name, in characters, as it is stored (normalised: see ``service.players``).
NAME_LENGTH = 80
#: Its key, the name case-folded. Case folding makes a character up to three ("ß" -> "ss",
#: "ΐ" -> three), so the key's column holds three times the name: every name that fits has a
#: key that fits (and the key is checked all the same).
NAME_KEY_LENGTH = 3 * NAME_LENGTH
#: A game night's name.
NIGHT_NAME_LENGTH = 120
#: A move type (the log's ``type``) and a game's id.
TYPE_LENGTH = 40
#: A match's mode ("moves", "rounds").
MODE_LENGTH = 10
#: A client's Idempotency-Key.
IDEMPOTENCY_KEY_LENGTH = 200
#: A hash kept in hex (sha256: a token's, a request's).
HASH_LENGTH = 64
#: A match's uuid, as text.
UUID_LENGTH = 36
#: Who logged an event ("host", "seat:N").
ACTOR_LENGTH = 20

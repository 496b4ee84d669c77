"""French templates of what the engines say, one module per game (``MESSAGES``: id -> template),
in the rule texts' own words; the same ids and fields as ``messages_en``."""

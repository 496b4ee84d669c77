"""English templates of what the engines say, one module per game (``MESSAGES``: id -> template)."""

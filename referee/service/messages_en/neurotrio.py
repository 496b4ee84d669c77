"""Neurotrio, in English: what the engine says (ids ``neurotrio.…``)."""

MESSAGES: dict[str, str] = {}

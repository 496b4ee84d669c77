"""Neurotrio : la chasse au trésor, en français : ce que dit le moteur (ids ``neurotrio.…``)."""

MESSAGES: dict[str, str] = {}

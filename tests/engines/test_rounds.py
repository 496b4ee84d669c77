"""Quick scoring (rounds only), across the games: every round a game refuses is said as a
message, in both languages. Each game's own rounds are tested beside it
(``tests/engines/<game>/test_rounds.py``)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.engines.base import Impossible
from referee.engines.messages import Message
from referee.service.messages import render
from tests.engines.rounds_helpers import log, start

REFUSED = [
    ("plouc", 3, {}, {"winner": 1, "cards": [3, 0, 5]}, {"winner": 0, "cards": [0, 1, 1]}),
    ("plouc", 3, {}, None, {"winner": 5, "cards": [3, 0, 5]}),
    ("plouc", 3, {}, None, {"winner": 1, "cards": [3, 2, 5]}),
    ("plouc", 2, {}, None, {"winner": 1, "cards": [52, 0]}),
    ("croconounours", 2, {}, {"winner": 0, "warriors": [2, 0]}, {"winner": 0, "warriors": [2, 0]}),
    ("croconounours", 2, {}, None, {"winner": 3, "warriors": [2, 0]}),
    ("croconounours", 2, {}, None, {"winner": 0, "warriors": [2, 1]}),
    ("croconounours", 2, {}, None, {"winner": 1, "warriors": [2, 0]}),
    ("citroncoco", 2, {"target": 10}, {"caller": 0, "totals": [20, 4]},
     {"caller": 0, "totals": [1, 4]}),
    ("citroncoco", 2, {}, None, {"caller": 4, "totals": [1, 4]}),
    ("citroncoco", 2, {}, None, {"caller": None, "hands": [[1], [5]]}),
    ("citroncoco", 2, {}, None, {"caller": 0, "totals": [-50, -50]}),
    ("citroncoco-teams", 4, {"nano": True}, None,
     {"caller": 0, "totals": [1, 2, 3, 4], "nano_alpha": 2}),
    ("citroncoco-teams", 4, {"nano": False}, None,
     {"caller": 0, "totals": [1, 2, 3, 4], "nano": 1}),
    ("citroncoco-teams", 4, {"nano": True}, None, {"caller": None, "totals": [1, 0, 3, 4],
                                                    "nano": 1}),
    ("citroncoco-teams", 4, {"nano": True}, None,
     {"caller": 0, "totals": [1, 2, 3, 4], "nano": 1, "nano_alpha": 3}),
]


@pytest.mark.parametrize(("game", "seats", "options", "first", "payload"), REFUSED)
def test_every_refusal_in_rounds_mode_is_a_message_in_both_languages(
        game: str, seats: int, options: dict[str, Any], first: dict[str, Any] | None,
        payload: dict[str, Any]) -> None:
    """Verdicts as data (docs/engines.md): a refusal is a message id with its parameters, never
    a sentence; it reads in English and in French with the players' names."""
    engine, state = start(game, seats, **options)
    if first is not None:
        log(engine, state, **first)
    with pytest.raises(Impossible) as err:
        log(engine, state, **payload)
    said = err.value.message
    assert isinstance(said, Message), err.value.said
    names = ["Ana", "Ben", "Cid", "Dan"][:seats]
    for locale in ("en", "fr"):
        text = render(said, names, locale)
        assert text and "{" not in text, (locale, text)
        assert not any(f"seat {n}" in text or f"joueur {n}" in text for n in range(seats))

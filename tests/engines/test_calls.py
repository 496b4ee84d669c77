"""Each engine declares its calls and announcements in its own move vocabulary."""

from __future__ import annotations

import pytest

from referee.engines import REGISTRY, get_engine

get_engine("citroncoco")  # importing one fills the registry


@pytest.mark.parametrize("game", sorted(REGISTRY))
def test_calls_are_moves_of_the_game(game: str) -> None:
    engine = get_engine(game)
    assert engine.calls <= engine.event_types.keys()
    assert not engine.calls & engine.host_only


def test_citron_coco_and_nano_are_calls() -> None:
    """CC-CALL-1, CCT-CALL-1 and CCT-NANO-1: said aloud at the table, they stand."""
    assert get_engine("citroncoco").calls == {"citron_coco"}
    assert get_engine("citroncoco-teams").calls == {"citron_coco", "nano", "nano_alpha"}

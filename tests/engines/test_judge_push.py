"""The engine contract (docs/engines.md): ``judge`` changes nothing, ``push`` applies the
judgement, and ``apply`` is the two."""

from __future__ import annotations

import copy

from referee.engines.base import Event
from referee.engines.neurotrio import ENGINE as NEUROTRIO
from referee.engines.plouc import ENGINE as PLOUC


def test_plouc_judge_changes_nothing_and_push_applies_it() -> None:
    """PL-10-1: Bob's 10 of hearts turns play around; judging it leaves the table as it was."""
    state = PLOUC.setup({}, 3)
    PLOUC.apply(state, Event("turn_up", 0, {"card": "5H"}, seq=1))
    event = Event("play", 1, {"cards": ["10H"]}, seq=2)
    before = copy.deepcopy(state)
    judgement = PLOUC.judge(state, event)
    assert state == before and judgement.verdict.rule == "PL-10-1"
    PLOUC.push(state, judgement)
    applied = copy.deepcopy(before)
    assert PLOUC.apply(applied, event) == judgement.verdict and state == applied
    assert state.direction == -1


def test_neurotrio_judge_then_push_equals_apply() -> None:
    """NT-DECK-3: the starting card, judged then pushed, is the starting card applied."""
    state = NEUROTRIO.setup({}, 3)
    event = Event("start_domain", None, {"card": "coeur-noir-1"}, seq=1)
    applied = copy.deepcopy(state)
    verdict = NEUROTRIO.apply(applied, event)
    judgement = NEUROTRIO.judge(state, event)
    assert state.phase == "start"
    NEUROTRIO.push(state, judgement)
    assert state == applied and judgement.verdict == verdict

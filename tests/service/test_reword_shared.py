"""``reword_shared`` says an answer's sentences again as ``reword`` does, copying nothing that
has none, and leaves its input as it was."""

from __future__ import annotations

import copy
import json
import random
from types import MappingProxyType
from typing import Any

import pytest

from referee.engines.base import Flag, Verdict
from referee.engines.messages import msg
from referee.service.messages import renderer, reword, reword_shared
from referee.store.as_data import verdict_data

NAMES = ["Alice", "Bob", "Chloé"]
SAID = [
    {"reason": "seat 0 discards.", "message_id": "citroncoco.play.discard",
     "params": {"seat": 0, "value": 5}},
    {"message": "old words", "message_id": "no.such.id", "params": {}},
    {"penalty": "x", "penalty_data": {"message_id": "citroncoco.play.discard",
                                      "params": {"seat": 1, "value": 3}}},
    {"effects": ["a"], "effects_data": [{"message_id": "citroncoco.play.discard",
                                         "params": {"seat": 2, "value": 1}}]},
    {"outcome": "", "outcome_data": {"message_id": None, "params": {}}},
    {"outcome": "", "result": {"winners": [1], "termination": "no.such.termination"}},
    {"seats": [{"seat": 0, "name": "Zoé"}, {"seat": 1, "name": "Yann"}],
     "reason": "", "message_id": "citroncoco.play.discard", "params": {"seat": 1, "value": 2}},
    # as the log and the read models keep them: data, no sentence
    {"kind": "ok", "message_id": "citroncoco.play.discard", "params": {"seat": 0, "value": 5},
     "penalty_data": {"message_id": None, "params": {}},
     "effects_data": [{"message_id": "citroncoco.play.discard", "params": {"seat": 2,
                                                                         "value": 1}}]},
    {"outcome_data": {"message_id": "plouc.outcome.in_play",
                      "params": {"count": 2, "leader_seats": [1]}}, "result": None},
]
LEAVES: list[Any] = ["text", 0, 7, 1.5, True, None, ""]


def answer(rng: random.Random, depth: int = 0) -> Any:
    roll = rng.random()
    if depth > 3 or roll < 0.3:
        return rng.choice(LEAVES)
    if roll < 0.5:
        return [answer(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    if roll < 0.65:
        return copy.deepcopy(rng.choice(SAID))
    return {f"k{i}": answer(rng, depth + 1) for i in range(rng.randint(0, 4))}


@pytest.mark.parametrize("locale", ["en", "fr"])
def test_reword_shared_says_what_reword_says(locale: str) -> None:
    rng = random.Random(7)
    for _ in range(3000):
        data = {"verdict": answer(rng), "standings": answer(rng), "seq": 3}
        before = copy.deepcopy(data)
        shared = reword_shared(data, NAMES, locale)
        assert json.dumps(shared, sort_keys=True) == json.dumps(reword(data, NAMES, locale),
                                                                sort_keys=True)
        assert data == before


def test_parts_without_sentences_are_not_copied() -> None:
    standings = {"lines": [{"seats": [0], "detail": {"rounds": []}}], "unit": "coconuts"}
    data = {"verdict": copy.deepcopy(SAID[0]), "standings": standings}
    shared = reword_shared(data, NAMES)
    assert shared["standings"] is standings and shared is not data
    assert shared["verdict"]["reason"] == "Alice discards the drawn 5."


def test_a_verdict_and_standings_kept_as_data_are_said() -> None:
    """What the log and the read models keep (data only) is said whole for the reader."""
    verdict, standings = copy.deepcopy(SAID[-2]), copy.deepcopy(SAID[-1])
    said = reword_shared({"verdict": verdict, "standings": standings}, NAMES, "fr")
    assert said["verdict"]["reason"] == "Alice défausse directement le 5 pioché."
    assert said["verdict"]["penalty"] is None
    assert said["verdict"]["effects"] == ["Chloé défausse directement le 1 pioché."]
    assert said["standings"]["outcome"].startswith("En cours : le moins de cartes")
    assert verdict == SAID[-2] and standings == SAID[-1]


def test_other_mappings_come_out_as_reword_makes_them() -> None:
    data = {"verdict": MappingProxyType(dict(SAID[0])), "rounds": (1, 2)}
    assert reword_shared(data, NAMES) == reword(data, NAMES)
    assert type(reword_shared(data, NAMES)["verdict"]) is dict


def test_a_verdict_kept_as_data_reads_as_one_said_at_once() -> None:
    """A verdict the log keeps as data is worded with the very keys, in the very order, of
    the verdict worded when it was judged (the command line prints answers as they come)."""
    said = msg("citroncoco.play.discard", seat=0, value=5)
    verdict = Verdict.missplay("CC-X-1", said, msg("citroncoco.play.discard", seat=1, value=3),
                               msg("citroncoco.play.discard", seat=2, value=1), offender=1)
    found = Verdict("ok", "CC-X-2", said, flags=(Flag(3, "CC-X-3", said, said),))
    for judged in (verdict, found):
        for locale in ("en", "fr"):
            kept = verdict_data(judged)
            assert not {"reason", "penalty", "effects"} & set(kept)
            at_once = judged.as_dict(renderer(NAMES, locale))
            assert json.dumps(reword(kept, NAMES, locale)) == json.dumps(at_once)

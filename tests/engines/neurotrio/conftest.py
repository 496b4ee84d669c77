"""Neurotrio: the match, the table and the ended game many of the game's tests start from."""

from __future__ import annotations

import random

import pytest

from tests.engines.neurotrio.helpers import (
    START,
    Match,
    Table,
    finish,
    make_deal,
)


@pytest.fixture
def match() -> Match:
    """Three seats, seat 0 first (dealer 1), the domain started with coeur-noir-2."""
    m = Match(3)
    m("start_domain", card=START)
    return m


@pytest.fixture
def table() -> Table:
    """A real deal at three seats, the domain started: the test knows every hand."""
    t = Table(make_deal(random.Random(7), 3))
    t.start()
    return t


@pytest.fixture
def ended() -> Table:
    """A real five-seat game played greedily to its end, the last hand shown."""
    t = Table(make_deal(random.Random(11), 5))
    t.start()
    finish(t)
    return t

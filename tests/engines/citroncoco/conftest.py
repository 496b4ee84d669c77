"""CitronCoco: the tables of two and three seats many of the game's tests start from."""

from __future__ import annotations

import pytest

from referee.engines.citroncoco import ENGINE
from tests.engines.citroncoco.helpers import Table


@pytest.fixture
def t3() -> Table:
    return Table(ENGINE, 3)


@pytest.fixture
def t2() -> Table:
    return Table(ENGINE, 2)

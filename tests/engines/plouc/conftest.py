"""Carte et Plouc: the table of three the rule text's examples start from."""

from __future__ import annotations

import pytest

from tests.engines.plouc.helpers import Table, new_table


@pytest.fixture
def table() -> Table:
    """Three players, David deals, the 5♥ turned up."""
    return new_table()

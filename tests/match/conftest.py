"""The test players, registered for one test at a time."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from match_helpers import FACTORIES

from cavendish.players import PLAYERS


@pytest.fixture
def test_players(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register ``test-highest``, ``test-lowest`` and ``test-slow`` for this test only."""
    for kind, factory in FACTORIES.items():
        monkeypatch.setitem(PLAYERS, kind, factory)
    yield

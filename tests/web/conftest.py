"""Fixtures of the web tests: an application on an in-memory SQLite database,
computer players in a small pool, no delay before their cards."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest
from fastapi.testclient import TestClient

from cavendish.web.server import create_app


@pytest.fixture
def client() -> Iterator[TestClient]:
    """A test client of a fresh server (threads stand in for the process pool here;
    the subprocess tests run the real pool)."""
    with ThreadPoolExecutor(2) as pool, TestClient(create_app("sqlite://", delay=0,
                                                              pool=pool)) as c:
        yield c

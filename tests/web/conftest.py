"""Fixtures of the web tests: an application on a SQLite file (not an in-memory
database: that is one connection, which two threads of the server, a member
sitting down while a card is stored, must not share),
computer players in a small pool, no delay before their cards; a real server in a
subprocess on a SQLite file (the browser tests)."""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from web_browser import launch
from web_servers import Server

from cavendish.web.server import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """A test client of a fresh server (threads stand in for the process pool here;
    the subprocess tests run the real pool)."""
    db = f"sqlite:///{tmp_path / 'client.sqlite3'}"
    with ThreadPoolExecutor(2) as pool, TestClient(create_app(db, delay=0, pool=pool)) as c:
        yield c


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """``cavendish serve`` in a subprocess on a SQLite file, no delay before the
    computers' cards; stopped after the test."""
    s = Server(f"sqlite:///{tmp_path / 'web.sqlite3'}", delay=0, log=tmp_path / "server.log")
    try:
        yield s
    finally:
        s.stop()


@pytest.fixture
def browser() -> Iterator[Any]:
    """Debian's Chromium, closed after the test (the browser tests)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = launch(pw)
        try:
            yield b
        finally:
            b.close()

"""Nothing stuck (issue 30, points 5-6): a bad link says so, and a table asked for
while the storage is away is answered so, not with a 500."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy.exc import OperationalError


def test_an_unknown_tables_page_says_no_such_table_and_the_api_answers_404(
        client: TestClient) -> None:
    page = client.get("/table/nosuchtable")
    assert page.status_code == 404 and "No such table" in page.text
    assert client.get("/api/tables/nosuchtable").status_code == 404
    made = client.post("/api/tables", json={"seats": {"S": "human"}}).json()
    assert client.get(f"/table/{made['id']}").status_code == 200


def test_a_table_asked_for_while_the_storage_is_away_is_answered_503_then_made_when_back(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    store = client.app.state.hub.store  # type: ignore[attr-defined]
    real = store.create_table

    def away(*args: Any) -> None:
        raise OperationalError("INSERT", {}, Exception("connection refused"))

    monkeypatch.setattr(store, "create_table", away)
    r = client.post("/api/tables", json={"seats": {"S": "human"}})
    assert r.status_code == 503 and "storage is unavailable" in r.json()["error"]
    monkeypatch.setattr(store, "create_table", real)
    assert client.post("/api/tables", json={"seats": {"S": "human"}}).status_code == 200

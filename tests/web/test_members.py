"""Members of the club (issue 21 item 1): a name and a member key, no e-mail; an
optional password hashed with Argon2; the seat a member takes is remembered."""

from __future__ import annotations

from fastapi.testclient import TestClient

from cavendish.web.members import COOKIE

JSON_TYPE = {"content-type": "application/json"}
"""A body declared JSON (the server answers 415 to any other type) that is not."""


def test_a_person_picks_a_name_and_gets_a_member_key_kept_as_a_cookie(
        client: TestClient) -> None:
    r = client.post("/api/members", json={"name": "  Clay "})
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["name"] == "Clay" and len(body["key"]) >= 32
    assert client.cookies.get(COOKIE) == body["key"]
    assert client.get("/api/members/me").json() == {"id": body["id"], "name": "Clay"}
    # a bot may send the key as a query parameter instead of a cookie
    client.cookies.clear()
    assert client.get(f"/api/members/me?member={body['key']}").json()["name"] == "Clay"
    client.post("/api/members/logout", params={"member": body["key"]})
    assert client.get("/api/members/me").status_code == 404  # no key: not a member


def test_a_name_is_unique_without_regard_to_case_and_bad_names_are_refused(
        client: TestClient) -> None:
    assert client.post("/api/members", json={"name": "Pole"}).status_code == 200
    for name, says in [("pole", "already taken"), ("<script>", "use 1 to 24"),
                       ("", "use 1 to 24"), ("x" * 25, "use 1 to 24"), (7, "expected text")]:
        r = client.post("/api/members", json={"name": name})
        assert r.status_code == 400 and says in r.json()["error"], (name, r.text)
    assert client.post("/api/members", content=b"{oops", headers=JSON_TYPE).status_code == 400


def test_a_public_clubs_password_is_hashed_and_login_gives_a_new_key(
        client: TestClient) -> None:
    r = client.post("/api/members", json={"name": "Cavendish", "password": "longwhist8"})
    first = r.json()["key"]
    client.cookies.clear()
    # the name is his: joining again under it is refused, and a wrong password too
    assert client.post("/api/members", json={"name": "cavendish"}).status_code == 400
    bad = client.post("/api/members/login", json={"name": "Cavendish", "password": "nope-nope"})
    assert bad.status_code == 403 and "wrong password" in bad.json()["error"]
    ok = client.post("/api/members/login", json={"name": "Cavendish", "password": "longwhist8"})
    assert ok.status_code == 200 and ok.json()["key"] != first
    members = client.app.state.members  # type: ignore[attr-defined]
    row_hash = members.engine.connect().exec_driver_sql(
        "select password_hash from members").scalar()
    assert row_hash.startswith("$argon2") and "longwhist8" not in row_hash
    assert "password" in client.post("/api/members",
                                     json={"name": "Short", "password": "abc"}).json()["error"]


def test_a_member_who_takes_a_seat_by_its_link_is_recorded_at_that_seat(
        client: TestClient) -> None:
    member = client.post("/api/members", json={"name": "Deschapelles"}).json()
    table = client.post("/api/tables", json={"variant": "short", "seats": {"S": "human"},
                                             "seed": 3}).json()
    with client.websocket_connect(f"/ws/{table['id']}?token={table['tokens']['S']}") as ws:
        assert ws.receive_json()["type"] == "state"
    members = client.app.state.members  # type: ignore[attr-defined]
    assert members.seated(table["id"])["S"].id == member["id"]
    assert members.seats_of(member["id"]) == [(table["id"], "S")]
    # a spectator with a member key sits nowhere
    with client.websocket_connect(f"/ws/{table['id']}") as ws:
        assert ws.receive_json()["type"] == "state"
    assert members.seats_of(member["id"]) == [(table["id"], "S")]

"""The lobby in a real browser (Playwright driving Debian's Chromium): a person joins
the club from the lobby, opens a table with three computer candidates, asks for the
cut, sees it shown, and follows his seat's link to the table under his name."""

from __future__ import annotations

import pytest
from test_member_browser import click_a_hand, play_out_by_websocket
from web_browser import chromium_missing, launch, shot, wait_until
from web_servers import Server

from cavendish.web.members import COOKIE

WHY = chromium_missing()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")


def test_law_16_a_member_cuts_in_the_lobby_takes_his_seat_plays_the_rubber_and_finds_his_record(
        server: Server) -> None:  # the conftest's server fixture
    """Issue 21's browser test, whole: the lobby, the cut (law 16: shown to the room),
    his seat under his name, the rubber, the record.  (One browser and one server for
    the lobby's steps and the rubber after them, which were two tests.)"""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            context = browser.new_context(viewport={"width": 1100, "height": 900})
            page = context.new_page()
            page.goto(server.url + "/lobby")
            page.fill("#name", "Lady Hoyle")
            page.click("#join button")
            wait_until(page, "document.getElementById('who').textContent.includes('Hoyle')")
            key = next(c["value"] for c in context.cookies() if c["name"] == COOKIE)
            page.fill("#computers", "3")
            page.click("#open-table button")
            page.wait_for_selector("article.room-table")
            assert "Lady Hoyle" in page.inner_text("article.room-table")
            page.click("article.room-table >> text=Cut for the table")
            page.wait_for_selector("#my-seats a")
            # the cut is shown to the room: the cards of the four cutting for partners
            wait_until(page,
                "document.getElementById('events').textContent.includes('cut for partners')")
            shot(page, "lobby")
            page.click("#my-seats a")
            page.wait_for_selector("#my-hand .card")
            assert "Lady Hoyle" in page.inner_text("#felt")
            table_id = page.url.split("/table/")[1].split("#")[0]
            token = page.url.split("#token=")[1]
            click_a_hand(page)
            last = play_out_by_websocket(server, f"/ws/{table_id}?token={token}&member={key}")
            seat = last["you"]
            rubber = last["score"]["rubbers"][0]
            won = rubber["winner"] == ("NS" if seat in "NS" else "EW")
            page.goto(server.url + "/me")
            page.wait_for_url("**/member/*")
            page.wait_for_selector("body[data-loaded]", timeout=90000)
            row = page.locator(f'tr.rubber[data-table="{table_id}"][data-rubber="1"]')
            assert row.count() == 1
            assert row.locator("td.result").inner_text() == ("won" if won else "lost")
            assert page.inner_text("#t-rubbers-played") == "1"
            assert page.inner_text("#t-hands") == str(len(last["score"]["hands"]))
            shot(page, "lobby-member-record")
        finally:
            browser.close()

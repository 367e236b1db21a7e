"""The lobby in a real browser (Playwright driving Debian's Chromium): a person joins
the club from the lobby, opens a table with three computer candidates, asks for the
cut, sees it shown, and follows his seat's link to the table under his name."""

from __future__ import annotations

import pytest
from test_browser import server  # noqa: F401 - the same server fixture
from web_browser import chromium_missing, launch, shot
from web_servers import Server

WHY = chromium_missing()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")


def test_law_16_a_member_joins_from_the_lobby_cuts_with_three_computers_and_takes_his_seat(
        server: Server) -> None:  # noqa: F811 - the fixture imported above
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page()
            page.goto(server.url + "/lobby")
            page.fill("#name", "Mrs. Battle")
            page.click("#join button")
            page.wait_for_function("document.getElementById('who').textContent.includes('Battle')")
            page.fill("#computers", "3")
            page.click("#open-table button")
            page.wait_for_selector("article.room-table")
            assert "Mrs. Battle" in page.inner_text("article.room-table")
            page.click("article.room-table >> text=Cut for the table")
            page.wait_for_selector("#my-seats a")
            # the cut is shown to the room: the cards of the four cutting for partners
            page.wait_for_function(
                "document.getElementById('events').textContent.includes('cut for partners')")
            shot(page, "lobby")
            page.click("#my-seats a")
            page.wait_for_selector("#my-hand .card")
            assert "Mrs. Battle" in page.inner_text("#felt")
        finally:
            browser.close()

"""The page in a real browser (Playwright driving Debian's Chromium): two people in
two browser contexts at one table with two computer players play a whole hand by
clicking cards (one typed, as ``SA``), then check the score sheet and the review."""

from __future__ import annotations

import time
from typing import Any

import pytest
from web_browser import chromium_missing, launch, shot, wait_until
from web_servers import Server  # the server fixture: conftest.py

WHY = chromium_missing()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")


def _seq(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.seq || 0"))


def test_two_people_in_two_browsers_play_a_hand_by_clicking_then_see_the_sheet_and_review(
        server: Server) -> None:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = launch(pw)
        try:
            # the front page makes the table and gives the links
            front = browser.new_page()
            front.goto(server.url + "/")
            front.select_option("#variant", "short")
            front.check('input.human[data-seat="N"]')
            front.fill('input.name[data-seat="S"]', "Sarah")
            front.fill('input.name[data-seat="N"]', "Ned <i>the</i> Bold")  # text, not markup
            front.click("#start")
            front.wait_for_selector("a.seat-link")
            shot(front, "front-page")
            links = {a.get_attribute("data-seat"): a.get_attribute("href")
                     for a in front.query_selector_all("a.seat-link")}
            assert set(links) == {"N", "S"}
            pages = {}
            for seat, link in links.items():
                context = browser.new_context(viewport={"width": 1100, "height": 900})
                page = context.new_page()
                page.goto(link.replace("#", "?pause=60#"))
                page.wait_for_selector("#my-hand .card")
                pages[seat] = page
            phone = browser.new_context(viewport={"width": 390, "height": 844},
                                        is_mobile=True).new_page()
            phone.goto(links["S"].replace("#", "?pause=60#"))
            phone.wait_for_selector("#my-hand .card")
            names = pages["S"].inner_text("#felt")
            assert "Sarah" in names and "Ned <i>the</i> Bold" in names
            assert pages["S"].locator("#felt i").count() == 0
            typed = False
            shots = 0
            deadline = time.monotonic() + 90
            while not all(p.evaluate("document.body.dataset.phase") == "between"
                          for p in pages.values()):
                assert time.monotonic() < deadline, "the hand did not end in 90 s"
                for seat, page in pages.items():
                    legal = page.locator("button.card.legal")
                    if legal.count() == 0 or page.evaluate("!!document.body.dataset.gathering"):
                        continue
                    before = _seq(page)
                    card = legal.first.get_attribute("data-card")
                    assert card is not None
                    if not typed:  # one card typed as SA, the others clicked
                        page.keyboard.type(card)
                        typed = True
                    else:
                        legal.first.click()
                    wait_until(page, f"(document.body.dataset.seq|0) > {before}")
                    if shots < 1 and seat == "S":
                        shot(page, "table-desktop")
                        shot(phone, "table-phone")
                        shots += 1
                time.sleep(0.05)
            public = server.get(f"/api/tables/{_table_id(pages['S'])}")
            hand = public["score"]["hands"][0]
            # thirteen tricks, unless a computer claimed the rest (sure of them all)
            played = len(public["review"]["tricks"])
            assert played == 13 or public["review"]["claim"], public["review"]
            for page in pages.values():
                assert page.is_visible("#sheet")
                # the call's buttons belong to long whist with calls by the players only
                for hidden in ("#call-btn", "#election", "#question"):
                    assert not page.is_visible(hidden), hidden
                assert page.inner_text("#sheet .pts-ns") == str(hand["points"][0])
                assert page.inner_text("#sheet .pts-ew") == str(hand["points"][1])
                assert page.locator("#review .review-hand").count() == 4
                assert page.locator("#review table.tricks tbody tr").count() == played
                wait_until(page,
                    "document.getElementById('dd-summary').textContent.includes('Double dummy')",
                    timeout=30000)
            shot(pages["S"], "hand-over-review")
            shot(phone, "hand-over-phone")
            assert "Hand over" in pages["N"].inner_text("#turn")
        finally:
            browser.close()


def _table_id(page: Any) -> str:
    return str(page.url.split("/table/")[1].split("?")[0].split("#")[0])

"""The table a player expects, in a real browser (Playwright driving Debian's
Chromium; issue 30, points 7-15): one person and computer players play a whole
rubber of short whist, dummy whist, long whist with calls and ruff-and-honours by
clicking (one hand of dummy with the keyboard alone), and each page is looked at:
the tricks of each side, the dealer, the score, the trump card by the dealer, no
card shown twice and none covered by the dummy's row, a dialog before conceding,
calling or leaving, words and never card codes, the live region for a screen
reader, the end of the rubber in words, another rubber with the same people, the
review of every hand, and axe-core's check of every page (no serious or critical
violation).  Every rubber is played card by card to its end (long whist concedes one
hand, to see the concession kept over a reload); to keep them cheap the computers
play as fast as they can, a trick is gathered in 60 ms, and the table is looked at
after every card of the first hand and every fourth card after it."""

from __future__ import annotations

import re
import time
import urllib.request
from typing import Any

import pytest
from web_browser import axe_clean, chromium_missing, shot, wait_until
from web_servers import Server  # the server and browser fixtures: conftest.py

WHY = chromium_missing()
pytestmark = pytest.mark.skipif(WHY is not None, reason=WHY or "")

CODE = re.compile(r"(?<![A-Za-z0-9])[SHDC][AKQJT2-9](?![A-Za-z0-9])")
"""A card written as the protocol writes it (``SA``): never on the page."""
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1100, "height": 900}
SIDE = {"NS": "N-S", "EW": "E-W"}
LISTEN = """window.__said = [];
  document.addEventListener('DOMContentLoaded', () => {
    const live = document.getElementById('announce');
    new MutationObserver(() => window.__said.push(live.textContent))
      .observe(live, { childList: true, characterData: true, subtree: true });
  });"""
"""What the live region said, every word of it (a screen reader hears each change)."""
LOOK = """() => {
  const all = (q) => [...document.querySelectorAll(q)];
  const cards = all('#felt .card, #my-hand .card').map((c) => c.dataset.card);
  const played = all('#centre .card').map((c) => c.getBoundingClientRect());
  const covered = all('#felt .seat .card').some((c) => {
    const r = c.getBoundingClientRect();
    return played.some((p) => r.left < p.right - 1 && p.left < r.right - 1
                              && r.top < p.bottom - 1 && p.top < r.bottom - 1);
  });
  const b = document.getElementById('scoreboard').dataset;
  const text = (q) => document.querySelector(q).innerText;
  return { cards, covered, ns: b.tricksNs, ew: b.tricksEw, dealer: b.dealer,
           board: document.getElementById('scoreboard').innerText,
           seq: Number(document.body.dataset.seq || 0), phase: document.body.dataset.phase,
           gathering: !!document.body.dataset.gathering,
           text: text('#felt') + ' ' + text('#announce') + ' ' + text('.actions') };
}"""
"""The cards on the table and in the hand, whether a seat's card covers a played one,
the scoreboard's data and the words of the table."""


def _seq(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.seq || 0"))


def _phase(page: Any) -> str:
    return str(page.evaluate("document.body.dataset.phase || ''"))


def _table_id(page: Any) -> str:
    return _table_id_of(page.url)


def _table_id_of(url: str) -> str:
    return url.split("/table/")[1].split("?")[0].split("#")[0]


def _open(browser: Any, server: Server, body: dict[str, Any], viewport: dict[str, int],
          **context: Any) -> Any:
    """A new table for ``body``; its South's page (a trick gathered in 60 ms)."""
    made = server.post("/api/tables", body)
    page = browser.new_context(viewport=viewport, **context).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    page.add_init_script(LISTEN)
    page.goto(made["links"]["S"].replace("#", "?pause=60#"))
    wait_until(page, "document.body.dataset.seq > 0")
    return page


def _check_table(page: Any, server: Server) -> None:
    """What must always hold on the table page (points 7, 11, 15)."""
    seen = page.evaluate(LOOK)
    assert len(seen["cards"]) == len(set(seen["cards"])), f"a card shown twice: {seen['cards']}"
    assert not seen["covered"], "a card of a seat's row covers a played card"
    assert not CODE.search(seen["text"]), f"a card code on the page: {seen['text']!r}"
    public = server.get(f"/api/tables/{_table_id(page)}")
    # the page seen in one evaluation, against the server's state of the same moment
    if public["seq"] == seen["seq"] and public["phase"] == seen["phase"] == "play" \
            and not seen["gathering"]:
        assert (int(seen["ns"]), int(seen["ew"])) == (public["tricks_won"]["NS"],
                                                      public["tricks_won"]["EW"])
        assert seen["dealer"] == public["dealer"]
        game = public["score"]["game"]  # the game's score always on the table
        assert f"Game: N-S {game['NS']}, E-W {game['EW']} of " in seen["board"], seen["board"]
        if public["trump_card"]:  # by the dealer until he takes it up (law 52): once,
            # beside him, or marked in his row (a dummy's) or in your hand (yours)
            card = public["trump_card"]
            by = page.locator(f"#felt .seat:has(.dealer-mark) #trump-card [data-card='{card}']")
            marked = page.locator(f".card.turned[data-card='{card}']")
            assert by.count() + marked.count() == 1


def _play_hand(page: Any, server: Server, *, keyboard: bool = False, every: int = 1,
               limit: float = 120) -> None:
    """Play South's (and his dummy's) cards until the hand is over, each clicked (or
    typed, ``keyboard``), the table checked after the first card and every ``every``-th."""
    deadline = time.monotonic() + limit
    played = 0
    while _phase(page) == "play":
        assert time.monotonic() < deadline, "the hand did not end"
        if page.locator("#ruff-offer").is_visible():  # he holds the ace of trumps: declines
            before = _seq(page)
            page.click("#ruff-decline-btn")
            wait_until(page, f"(document.body.dataset.seq|0) > {before}")
            continue
        legal = page.locator("button.card.legal")
        if legal.count() == 0 or page.evaluate("!!document.body.dataset.gathering"):
            time.sleep(0.05)
            continue
        before = _seq(page)
        card = legal.first.get_attribute("data-card")
        assert card is not None
        if keyboard and played % 2:  # typed as the protocol writes it: SA, HT ...
            page.keyboard.type(card)
        elif keyboard:  # or reached by Tab alone and played by Enter, as a blind player does
            _tab_to_a_legal_card(page)
            page.keyboard.press("Enter")
        else:
            legal.first.click()
        wait_until(page, f"(document.body.dataset.seq|0) > {before}")
        if played % every == 0:
            _check_table(page, server)
        played += 1


def _tab_to_a_legal_card(page: Any) -> None:
    """Press Tab until a card South may play has the focus (cards he may not play are
    disabled, so Tab passes them by)."""
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('button.card.legal')"):
            return
    raise AssertionError("80 presses of Tab reached no card to play")


def _play_rubber(page: Any, server: Server, *, every: int = 4, limit: float = 240) -> int:
    """Deal and play every hand by clicking, until the session is over (the table
    checked every ``every`` cards); the hands played."""
    deadline = time.monotonic() + limit
    hands = 0
    while _phase(page) != "over":
        assert time.monotonic() < deadline, "the rubber did not end"
        if _phase(page) == "between":
            before = _seq(page)
            page.click("#next-btn")
            wait_until(page, f"(document.body.dataset.seq|0) > {before}")
        elif _phase(page) == "play":
            _play_hand(page, server, every=every, limit=deadline - time.monotonic())
            hands += 1
        else:
            time.sleep(0.05)
    return hands


def _concede(page: Any) -> None:
    """Deal the next hand and concede it at South's first turn (the dialog answered yes)."""
    if _phase(page) == "between":
        before = _seq(page)
        page.click("#next-btn")
        wait_until(page, f"(document.body.dataset.seq|0) > {before}")
    page.wait_for_selector("button.card.legal")
    before = _seq(page)
    page.click("#concede-btn")
    page.click("#ask-yes")
    wait_until(page, f"(document.body.dataset.seq|0) > {before}")


def _rubber_words(server: Server, page: Any) -> str:
    rubber = server.get(f"/api/tables/{_table_id(page)}")["score"]["rubbers"][-1]
    points = rubber["points"]
    return f"{SIDE[rubber['winner']]} win the rubber by {points} point{'s' if points != 1 else ''}"


def test_short_whist_rubber_on_a_phone_shows_the_table_asks_before_conceding_and_ends_in_words(
        server: Server, browser: Any) -> None:
    page = _open(browser, server, {"variant": "short", "seed": 1, "seats": {"S": "human"},
                                   "computer": "classical", "names": {"S": "Sarah"}},
                 PHONE, is_mobile=True)
    _check_table(page, server)
    axe_clean(page, "table, phone, in play")
    words = page.inner_text("#felt")
    assert "Hoyle, classical" in words and "Classical" not in words  # named once
    assert page.inner_text("#variant").startswith("Short whist")
    shot(page, "t30-short-phone-play")
    _play_hand(page, server)
    # the live region said the cards and the turn in words
    said = " ".join(page.evaluate("window.__said"))
    assert re.search(r"(plays|play) the (ace|king|queen|knave|ten|nine|eight|seven|six|"
                     r"five|four|three|two) of (spades|hearts|diamonds|clubs)", said)
    assert "Your turn." in said and "wins the trick" in said
    assert page.get_attribute("#announce", "aria-live") == "polite"
    shot(page, "t30-short-phone-hand-over")
    # concede asks first: "No" leaves the hand in play
    page.click("#next-btn")
    wait_until(page, "document.body.dataset.phase === 'play'")
    page.wait_for_selector("button.card.legal")
    page.click("#concede-btn")
    assert page.is_visible("dialog#ask[open]")
    assert "Concede" in page.inner_text("#ask-text")
    page.click("#ask-no")
    assert not page.is_visible("dialog#ask[open]") and _phase(page) == "play"
    # leaving asks too
    page.click("#leave-btn")
    assert page.is_visible("dialog#ask[open]")
    page.click("#ask-no")
    assert "/table/" in page.url
    # and the rest of the rubber, every card of it clicked
    hands = 1 + _play_rubber(page, server)
    said = _rubber_words(server, page)
    assert page.inner_text("#turn").startswith(said)
    assert said in page.inner_text("#sheet")
    assert "treble game" in page.inner_text("#sheet .sheet-help")
    assert page.evaluate("(() => { const s = document.getElementById('sheet');"
                         " return s.scrollWidth <= s.clientWidth; })()"), "the sheet is too wide"
    assert hands == len(server.get(f"/api/tables/{_table_id(page)}")["score"]["hands"]) >= 2
    assert "rubber" in page.evaluate("document.getElementById('announce').textContent")
    axe_clean(page, "table, phone, rubber over")
    shot(page, "t30-short-phone-rubber-over")
    # one button: another rubber with the same people
    board = int(server.get(f"/api/tables/{_table_id(page)}")["board"])
    page.click("#again-btn")
    wait_until(page, "document.body.dataset.phase === 'play'")
    assert server.get(f"/api/tables/{_table_id(page)}")["board"] == board
    assert page.locator("#my-hand button.card").count() == 13
    assert not page.errors, page.errors


def test_dummy_rubber_one_hand_by_keyboard_alone_then_every_hand_reviewed(
        server: Server, browser: Any) -> None:

    page = _open(browser, server, {"variant": "dummy", "seed": 2,
                                   "seats": {"S": "human", "N": "dummy"},
                                   "computer": "classical"}, PHONE, is_mobile=True)
    _check_table(page, server)
    _play_hand(page, server, keyboard=True)  # Tab and Enter, or typed: SA, HT ...
    assert page.locator("#reviews button.review-board").count() == 1
    wait_until(page,
        "document.getElementById('dd-summary').textContent.includes('Double dummy')",
        timeout=60000)
    assert "Marks:" in page.inner_text("#review .legend")
    shot(page, "t30-dummy-phone-review")
    hands = 1 + _play_rubber(page, server)
    assert hands == len(server.get(f"/api/tables/{_table_id(page)}")["score"]["hands"])
    assert page.locator("#reviews button.review-board").count() == hands
    # an earlier hand's review, asked of the server
    page.click("#reviews button.review-board[data-board='1']")
    wait_until(page,
        "document.querySelector('#review h2').textContent.startsWith('Board 1')"
        " && document.getElementById('dd-summary').textContent.includes('Double dummy')",
        timeout=60000)
    assert page.locator("#review table.tricks tbody tr").count() >= 1
    costly = page.locator("#review td.mistake .cost")
    assert costly.count() == page.locator("#review td.mistake").count()  # each written once
    for i in range(costly.count()):  # the cost and the better card, written
        assert re.search(r"costs \d+ tricks?; better [♠♥♦♣]", costly.nth(i).inner_text())
    axe_clean(page, "table, phone, review")
    shot(page, "t30-dummy-phone-board1-review")
    # the review of a hand by its link (the member's record links there)
    other = browser.new_context(viewport=DESKTOP).new_page()
    other.goto(f"{server.url}/table/{_table_id(page)}?review=1")
    wait_until(other,
        "document.querySelector('#review h2') && "
        "document.querySelector('#review h2').textContent.startsWith('Board 1')",
        timeout=60000)
    shot(other, "t30-dummy-desktop-review-link")
    assert not page.errors, page.errors


def test_long_whist_with_calls_asks_before_the_call_and_keeps_the_log_over_a_reload(
        server: Server, browser: Any) -> None:

    page = _open(browser, server, {"variant": "long", "seed": 3, "seats": {"S": "human"},
                                   "computer": "classical", "calls": "players"},
                 DESKTOP)
    page.wait_for_selector("#call-btn", state="visible")
    page.click("#call-btn")  # a call at eight asks first
    assert page.is_visible("dialog#ask[open]")
    page.click("#ask-no")
    assert not page.is_visible("dialog#ask[open]")
    _play_hand(page, server)
    shot(page, "t30-long-desktop-hand-over")
    _concede(page)  # one hand conceded, the others played card by card
    _play_rubber(page, server)
    assert page.inner_text("#turn").startswith(_rubber_words(server, page))
    log = page.inner_text("#log")
    assert "concedes" in log
    page.reload()
    wait_until(page, "document.body.dataset.seq > 0")
    assert page.inner_text("#log") == log  # the server keeps it
    axe_clean(page, "table, desktop, long whist over")
    assert not page.errors, page.errors


def test_ruff_and_honours_rubber_counts_twelve_cards_and_shows_the_stock(
        server: Server, browser: Any) -> None:

    page = _open(browser, server, {"variant": "ruff-and-honours", "seed": 7,
                                   "seats": {"S": "human"},
                                   "computer": "classical"}, PHONE, is_mobile=True)
    # South holds the ace of trumps (seed 7): he takes the ruff, putting out four cards
    # chosen by clicking them (000: "to take in the stock and to put out four cards")
    page.wait_for_selector("#ruff-offer:not([hidden])")
    assert "Take the ruff: put out four cards" in page.inner_text("#ruff-offer")
    shot(page, "t30-ruff-phone-offer")
    out = [c for c in page.locator("#my-hand button.card").evaluate_all(
        "els => els.map(e => e.dataset.card)") if not c.endswith("A")][:4]
    for c in out:
        page.click(f"#my-hand button.card[data-card='{c}']")
    before = _seq(page)
    page.click("#ruff-btn")
    wait_until(page, f"(document.body.dataset.seq|0) > {before}")
    assert page.locator("#ruff-offer").is_hidden()
    assert not any(page.locator(f"#my-hand [data-card='{c}']").count() for c in out)
    page.wait_for_selector("button.card.legal")
    assert page.locator("#my-hand button.card").count() <= 12
    public = server.get(f"/api/tables/{_table_id(page)}")
    counts = page.locator("#felt .seat .count").all_inner_texts()
    assert counts and all(int(c.split()[0]) <= 12 for c in counts), counts
    assert public["tricks_in_hand"] == 12
    # the stock's card turned up for trumps, on the table for every player (000)
    # (once South took it in with the stock, it lies in his hand, not on the stock)
    mine = page.locator(f"#my-hand [data-card='{public['stock_card']}']").count()
    assert public["stock_card"] and page.locator(
        f"#stock-card [data-card='{public['stock_card']}']").count() == 1 - mine
    shot(page, "t30-ruff-phone-play")
    _play_hand(page, server)
    review = page.inner_text("#review")
    assert "turned up on the stock, dealt by " in review and "The stock: " in review
    ruffed = server.get(f"/api/tables/{_table_id(page)}")["review"]["ruff"]
    if ruffed:  # the ruff in words (its cards as cards: no code on the page)
        assert ruffed.split(":")[0] in review and not CODE.search(review), review
    _play_rubber(page, server)
    assert page.inner_text("#turn").startswith(_rubber_words(server, page))
    shot(page, "t30-ruff-phone-over")
    assert not page.errors, page.errors


def test_whisk_and_swabbers_shows_the_swabbers_and_their_stakes_in_the_review_sheet_and_pbn(
        server: Server, browser: Any) -> None:
    page = _open(browser, server, {"variant": "swabbers", "seed": 4, "seats": {"S": "human"},
                                   "computer": "classical"}, DESKTOP)
    page.wait_for_selector("button.card.legal")
    assert page.locator("#my-hand button.card").count() == 12  # the deuces put out
    _play_hand(page, server)
    with urllib.request.urlopen(f"{server.url}/api/tables/{_table_id(page)}/pbn") as r:
        pbn = r.read().decode()
    held = re.search(r'\[Swabbers "([^"]*)"\]', pbn)
    staked = re.search(r'\[Stakes "([^"]*)"\]', pbn)
    assert held and staked, pbn
    seat_name = {"N": "North", "E": "East", "S": "South", "W": "West"}
    words = ", ".join(f"{seat_name[seat]} {'+' if int(v) > 0 else ''}{int(v)}"
                      for seat, v in (part.split() for part in staked.group(1).split(";")))
    review, sheet = page.inner_text("#review"), page.inner_text("#sheet")
    assert f"stakes {words}" in review and f"swabbers' stakes: {words}" in sheet
    for part in ([] if held.group(1) == "-" else held.group(1).split(";")):
        seat, *cards = part.split()
        assert f"{seat_name[seat]} " + " ".join(
            "♠♥♦♣"["SHDC".index(c[0])] + c[1].replace("T", "10") for c in cards) in review
    shot(page, "t30-swabbers-desktop-hand-over")
    assert not page.errors, page.errors


def test_every_page_passes_axe_with_no_serious_or_critical_violation(
        server: Server, browser: Any) -> None:
    made = server.post("/api/tables", {"seed": 5, "seats": {"S": "human"}, "computer": "random",
                                       "practice": True})
    challenge = server.post("/api/challenges", {"boards": 1, "seed": 5, "variant": "short",
                                                "computer": "random", "name": "Ann"})
    page = browser.new_context(viewport=DESKTOP).new_page()
    # every page (a member's record with hands and a hand's review: test_member_browser,
    # the review on a phone: the dummy rubber above)
    for path in ("/", "/lobby", "/join", "/challenge", f"/challenge/{challenge['id']}",
                 "/member/nobody", f"/table/{made['id']}"):
        page.goto(server.url + path)
        page.wait_for_load_state("networkidle")
        axe_clean(page, path)
    page = browser.new_context(viewport=DESKTOP).new_page()  # the same url but its hash
    page.goto(made["links"]["S"])
    page.wait_for_selector("button.card.legal")
    page.click("#hint-btn")
    page.wait_for_selector("#hint p")
    hint = page.inner_text("#hint")
    assert not CODE.search(hint), hint
    assert not re.search(r"\(C\d", hint), hint  # a convention is "convention 3"
    axe_clean(page, "table with a hint")
    front = browser.new_context(viewport=PHONE, is_mobile=True).new_page()
    front.goto(server.url + "/")
    front.wait_for_selector("#variant option", state="attached")
    assert "Hoyle, classical" in front.inner_text("#computer")
    assert front.inner_text("#variant-line")
    axe_clean(front, "front page, phone")
    # the front page may ask for several rubbers
    front.fill("#rubbers", "3")
    front.click("#start")
    front.wait_for_selector("a.watch-link")
    shot(front, "t30-front-phone")
    watch = front.get_attribute("a.watch-link", "href")
    assert watch is not None
    table = server.get(f"/api/tables/{_table_id_of(watch)}")
    assert table["table"]["rubbers"] == 3

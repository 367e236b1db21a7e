"""Debian's Chromium driven by Playwright (no browser download): where it is and how
it is launched; why the browser tests are skipped where it cannot be had."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

CHROMIUM = Path(os.environ.get("CAVENDISH_CHROMIUM", "/usr/bin/chromium"))
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SHOTS = Path(os.environ.get("CAVENDISH_WEB_SHOTS", "/work/notes/web-shots"))


def chromium_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    if not CHROMIUM.exists():
        return (f"{CHROMIUM} is absent: install Debian's chromium (make test does it as root: "
                "apt-get install -y chromium)")
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (pip install -e '.[dev]')"
    return None


def launch(pw: Any) -> Any:
    """Chromium, headless, with no network of its own."""
    return pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS, headless=True)


def shot(page: Any, name: str) -> None:
    """A screenshot under SHOTS (when that folder's parent exists)."""
    if SHOTS.parent.exists():
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def wait_until(page: Any, expression: str, timeout: float = 30000) -> None:
    """Wait until ``expression`` (JavaScript) is true on ``page``, asked from here every
    50 ms: Playwright's ``wait_for_function`` evaluates its string inside the page, which
    the pages' Content-Security-Policy (``script-src 'self'``, no ``unsafe-eval``)
    refuses, while ``evaluate`` goes through the debugging protocol and is let through."""
    deadline = time.monotonic() + timeout / 1000
    while not _evaluate(page, expression):
        if time.monotonic() > deadline:
            raise TimeoutError(f"waited {timeout:.0f} ms for {expression!r} on {page.url}")
        time.sleep(0.05)


def _evaluate(page: Any, expression: str) -> Any:
    """``expression`` on ``page``, or None while the page is between two documents (a
    navigation destroys the context it was asked in: ask again)."""
    from playwright.sync_api import Error

    try:
        return page.evaluate(expression)
    except Error as exc:
        if "context was destroyed" in str(exc) or "navigat" in str(exc):
            return None
        raise


def axe_clean(page: Any, where: str) -> None:
    """axe-core (axe-playwright-python) on ``page`` as it stands: no serious or critical
    violation, else the failure names ``where``, each rule and its first nodes."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [(v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
           for v in results.response["violations"] if v["impact"] in ("serious", "critical")]
    assert not bad, f"{where}: {bad}"

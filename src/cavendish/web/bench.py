"""Web benchmark: many tables on loopback, each with one scripted person over a
websocket and three ``classical`` players; and the time a page takes to be playable.

Run as ``python -m cavendish.web.bench`` (``make bench-web``).  Each result is one
JSON line.  A real ``cavendish serve`` is started in a subprocess (computer delay
0, a temporary SQLite database); ``--tables`` clients play for ``--seconds``:

* ``web-tables``: cards per second over all tables, the person's card round trip
  (from sending ``play`` to the ``state`` that shows the card) at the median and
  the 99th percentile, errors (error messages and failed connections: must be 0),
  the server's memory (resident set of the server and its pool, MiB) and the
  processor time it spent per card (ms, the server and its pool; and the server
  process alone, ``loop_cpu_ms_per_card``: its event loop and threads, one
  interpreter lock, the share that makes a person wait);
* ``web-tables-multi``: the same with ``--processes`` server processes (2) on one
  throwaway PostgreSQL cluster (:mod:`.pgcluster`; fsync off) and ``--multi-tables``
  tables (200): each table is made on one process and its person plays on another,
  so that every action crosses the bus (:mod:`.bus`); the memory of every
  process.  Skipped, saying why, where PostgreSQL is absent;
* ``web-page``: in Debian's Chromium (Playwright), from opening a seat's link to
  the hand drawn, and to the first legal card shown (the hand is playable);
  skipped, saying why, where Chromium is absent.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from .pgcluster import free_port, postgres_cluster, postgres_missing

__all__ = ["main"]


def _post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def _group(pgid: int, name: str) -> Iterator[str]:
    """The ``/proc/PID/name`` text of every process of a process group."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            if os.getpgid(int(pid)) != pgid:
                continue
            with open(f"/proc/{pid}/{name}") as f:
                yield f.read()
        except (OSError, ProcessLookupError):
            continue


def _rss_mib(pgid: int) -> float:
    """Resident memory of every process of a process group, MiB."""
    total = 0
    for status in _group(pgid, "status"):
        for line in status.splitlines():
            if line.startswith("VmRSS:"):
                total += int(line.split()[1])
    return round(total / 1024, 1)


def _ticks(stat: str) -> int:
    fields = stat.rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime, stime


def _cpu_s(pgid: int) -> float:
    """Processor seconds (user and system) used so far by every process of a group."""
    return sum(_ticks(stat) for stat in _group(pgid, "stat")) / os.sysconf("SC_CLK_TCK")


def _own_cpu_s(pid: int) -> float:
    """Processor seconds used so far by one process (all its threads), not its pool."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return _ticks(f.read()) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


def _start(db: str, workers: int) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    exe = Path(sys.executable).parent / "cavendish"
    proc = subprocess.Popen(
        [str(exe), "serve", "--port", str(port), "--db", db, "--delay", "0",
         "--workers", str(workers), "--no-client-limits"],  # hundreds of people, one address
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url + "/api/options", timeout=2):
                return proc, url
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the server did not start") from None
            time.sleep(0.2)


async def _person(url: str, table: dict[str, Any], until: float, rtts: list[float],
                  counts: dict[str, int]) -> None:
    from websockets.asyncio.client import connect

    ws_url = url.replace("http", "ws") + f"/ws/{table['id']}?token={table['tokens']['S']}"
    sent: tuple[str, float] | None = None
    try:
        async with connect(ws_url, max_size=2**20) as ws:
            while time.monotonic() < until:
                try:
                    raw = await asyncio.wait_for(ws.recv(), until - time.monotonic())
                except TimeoutError:
                    break
                msg = json.loads(raw)
                if msg["type"] == "error":
                    counts["errors"] += 1
                    continue
                if msg["type"] != "state":
                    continue
                for e in msg["events"]:
                    if e["kind"] == "card":
                        counts["cards"] += 1
                        if sent is not None and e["seat"] == "S" and e["card"] == sent[0]:
                            rtts.append(time.perf_counter() - sent[1])
                            sent = None
                if msg["phase"] == "between":
                    await ws.send(json.dumps({"type": "next"}))
                elif msg["phase"] == "over":
                    break
                elif msg["legal"] and sent is None:
                    card = msg["legal"][0]
                    sent = (card, time.perf_counter())
                    await ws.send(json.dumps({"type": "play", "card": card}))
    except Exception:  # a failed connection is an error of the run
        counts["errors"] += 1


async def _tables(urls: list[str], n: int, seconds: float) -> dict[str, Any]:
    """Table ``i`` is made on server ``i`` and played on the next one (the same one
    when there is one)."""
    k = len(urls)
    tables = [_post(urls[i % k] + "/api/tables", {"variant": "short", "seats": {"S": "human"},
                                                  "rubbers": 10, "seed": i}) for i in range(n)]
    rtts: list[float] = []
    counts = {"cards": 0, "errors": 0}
    start = time.monotonic()
    until = start + seconds
    await asyncio.gather(*(_person(urls[(i + 1) % k], t, until, rtts, counts)
                           for i, t in enumerate(tables)))
    elapsed = time.monotonic() - start
    rtts.sort()
    p99 = rtts[min(len(rtts) - 1, int(0.99 * len(rtts)))] if rtts else float("nan")
    return {
        "tables": n,
        "seconds": round(elapsed, 1),
        "cards": counts["cards"],
        "cards_per_s": round(counts["cards"] / elapsed, 1),
        "person_cards": len(rtts),
        "rtt_p50_ms": round(statistics.median(rtts) * 1000, 2) if rtts else None,
        "rtt_p99_ms": round(p99 * 1000, 2) if rtts else None,
        "errors": counts["errors"],
    }


def _page(url: str, runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    chromium = Path("/usr/bin/chromium")
    args = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run"]
    drawn: list[float] = []
    playable: list[float] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(chromium), args=args, headless=True)
        try:
            for i in range(runs):
                table = _post(url + "/api/tables", {"variant": "short", "seats": {"S": "human"},
                                                    "seed": 1000 + i})
                page = browser.new_context().new_page()
                t0 = time.perf_counter()
                page.goto(table["links"]["S"])
                page.wait_for_selector("#my-hand .card")
                drawn.append(time.perf_counter() - t0)
                page.wait_for_selector("#my-hand button.card.legal")
                playable.append(time.perf_counter() - t0)
                page.context.close()
        finally:
            browser.close()
    return {"runs": runs, "hand_drawn_ms": round(statistics.median(drawn) * 1000, 1),
            "playable_ms": round(statistics.median(playable) * 1000, 1)}


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print its JSON lines."""
    ap = argparse.ArgumentParser(prog="python -m cavendish.web.bench", description=__doc__)
    ap.add_argument("--tables", type=int, default=50)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--workers", type=int, default=2, help="the server's pool processes")
    ap.add_argument("--page-runs", type=int, default=5)
    ap.add_argument("--processes", type=int, default=2,
                    help="server processes on one PostgreSQL (0: no such run)")
    ap.add_argument("--multi-tables", type=int, default=200)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cavendish-bench-web-") as tmp:
        proc, url = _start(f"sqlite:///{tmp}/web.sqlite3", args.workers)
        try:
            cpu, own = _cpu_s(proc.pid), _own_cpu_s(proc.pid)
            result = asyncio.run(_tables([url], args.tables, args.seconds))
            result["server_rss_mib"] = _rss_mib(proc.pid)
            result["server_cpu_ms_per_card"] = _per_card(_cpu_s(proc.pid) - cpu, result)
            result["loop_cpu_ms_per_card"] = _per_card(_own_cpu_s(proc.pid) - own, result)
            print(json.dumps({"bench": "web-tables", **result}), flush=True)
            if not Path("/usr/bin/chromium").exists():
                print(json.dumps({"bench": "web-page", "skipped":
                                  "/usr/bin/chromium is absent (apt-get install chromium)"}),
                      flush=True)
            else:
                print(json.dumps({"bench": "web-page", **_page(url, args.page_runs)}),
                      flush=True)
        finally:
            _stop(proc)
    if args.processes > 0:
        print(json.dumps({"bench": "web-tables-multi", **_multi(args)}), flush=True)


def _per_card(cpu_s: float, result: dict[str, Any]) -> float | None:
    """Processor milliseconds the servers (and their pools) spent per card played:
    a figure less at the mercy of a shared machine than the round trip."""
    cards = result["cards"]
    return round(cpu_s * 1000 / cards, 2) if cards else None


def _stop(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def _multi(args: argparse.Namespace) -> dict[str, Any]:
    """``--processes`` servers on one throwaway PostgreSQL, ``--multi-tables`` tables."""
    why = postgres_missing()
    if why:
        return {"skipped": why}
    head = {"processes": args.processes, "db": "postgresql"}
    with postgres_cluster("max_connections=300") as db:
        procs: list[subprocess.Popen[bytes]] = []
        try:
            urls = []
            for _ in range(args.processes):
                proc, url = _start(db, args.workers)
                procs.append(proc)
                urls.append(url)
            cpu = sum(_cpu_s(p.pid) for p in procs)
            result = asyncio.run(_tables(urls, args.multi_tables, args.seconds))
            result["server_rss_mib"] = round(sum(_rss_mib(p.pid) for p in procs), 1)
            result["server_cpu_ms_per_card"] = _per_card(
                sum(_cpu_s(p.pid) for p in procs) - cpu, result)
            return {**head, **result}
        finally:
            for proc in procs:
                _stop(proc)


if __name__ == "__main__":
    main()

"""Web benchmark: many tables on loopback, each with one scripted person over a
websocket and three ``classical`` players; and the time a page takes to be playable.

Run as ``python -m cavendish.web.bench`` (``make bench-web``).  Each result is one
JSON line.  A real ``cavendish serve`` is started in a subprocess (computer delay
0, a temporary SQLite database); ``--tables`` clients play for ``--seconds``:

* ``web-tables``: cards per second over all tables, the person's card round trip
  (from sending ``play`` to the ``state`` that shows the card) at the median and
  the 99th percentile, errors (error messages and failed connections: must be 0),
  the server's memory (resident set of the server and its pool, MiB) and the
  processor time per card (ms, ``server_cpu_ms_per_card`` the server and its pool;
  ``loop_cpu_ms_per_card`` its event loop alone, the share that makes a person
  wait; ``all_cpu_ms_per_card`` everything the run runs: client, servers, pools,
  PostgreSQL);
* ``web-tables-multi``: the same with ``--processes`` server processes (2) on one
  throwaway PostgreSQL cluster (:mod:`.pgcluster`; fsync off) and ``--multi-tables``
  tables (200): each table is made on one process and its person plays on another,
  so that every action crosses the bus (:mod:`.bus`).  Skipped, saying why, where
  PostgreSQL is absent;
* ``web-tables-multi-paced``: that run again with the computers playing after
  ``--paced-delay`` seconds (0.5, the server's default) instead of at once, so
  that the tables offer a known rate of cards (``offered_cards_per_s``) rather than
  all the machine can do;
* ``web-page``: in Debian's Chromium (Playwright), from opening a seat's link to
  the hand drawn, and to the first legal card shown (the hand is playable);
  skipped, saying why, where Chromium is absent.

With computer delay 0 the benchmark is a closed loop: every table plays its next
card as soon as the last is shown, so the tables ask for all the work the machine
can do, and a percentile of the round trip then measures the wait for a processor
as much as the server.  Each table line says so with figures: ``cpu`` (cores used
over the run by the client, each server's event loop, its other threads, its
pool, PostgreSQL; ``ours`` their sum, ``ours_of_machine`` its share of the
machine, ``machine_busy`` the whole machine's, other people's work included),
``capacity_cards_per_s`` (the cards a second the machine's cores could carry at
``all_cpu_ms_per_card``), ``wakeups_per_card`` (threads woken per card: the hops
of a message) and ``load`` (the load averages, as ``uptime``).

``stages`` breaks each person's round trip into the stages of
:data:`STAGES` (ms: p50, p99, and ``tail_mean``, the mean over the slowest 1%, whose
stages add up to their round trip), from the marks the servers take of it when
the benchmark starts them with :data:`.trace.ENV` (:mod:`.trace`; ``--no-trace``:
none); ``bus_ms`` is the delay from an action committed by one process to its
notification read by the other; ``server_loop_lag_ms`` and ``client_loop_lag_ms``
how late each event loop runs a ready timer; ``server_stalls`` and ``stall_stacks``
why a server's loop stood still (:class:`.trace.Stalls`: the stalls, the main
thread's share of a processor in them, the collector's pauses by generation, and
the stacks it stood still in longest; ``--keep-trace`` keeps every server's
file).  On a shared machine, read the stages, the processor times, the stalls'
shares and the wakeups rather than the round trip itself.

Each table line says ``pool_nice`` (the servers' ``--pool-nice``) and
``client_nice``: the client's niceness relative to the servers while it plays
(``--client-nice``; 0, the default: the same priority; below 0 it plays before
them, as browsers on machines of their own would).

The scripted persons are played by ``--clients`` processes (``clients`` in each
line; person ``i`` by process ``i % clients``; 1: the benchmark's own process),
each on an event loop of the kind ``--client-loop`` (``client_loop``: asyncio's
own, or uvloop, the servers' loop), their round trips merged: the same round trip
(a person's ``play`` sent, the ``state`` showing it read), on the clock every
process shares.  With ``--client-nice`` the client processes each run in a session
of their own at that niceness (``client_autogroup``: Linux's scheduling group of a
session, where the processor is shared between sessions first, so that a niceness
set inside the benchmark's own session acted only against itself).  A client in
200 browsers is 200 processes on other machines; one Python loop reading 200
sockets is itself a queue, so each line also says what the client costs:
``client_messages_per_s``, ``client_cpu_us_per_message`` (all its processes'
processor time per message read) and ``client_loop_lag_ms`` (its loops' lags,
merged).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
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
from .trace import ENV

__all__ = ["main"]


def _post(url: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(url, json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.loads(r.read())


def _group(leader: int, name: str) -> Iterator[str]:
    """The ``/proc/PID/name`` text of a process and of all its descendants (a server
    and its pools, wherever their sessions)."""
    parents: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (fields := _stat(entry)) is not None:
            parents[int(entry)] = int(fields[1])
    tree = {leader}
    grew = True
    while grew:
        more = {child for child, parent in parents.items() if parent in tree} - tree
        tree |= more
        grew = bool(more)
    for member in tree:
        try:
            with open(f"/proc/{member}/{name}") as f:
                yield f.read()
        except OSError:
            continue


def _rss_mib(pgid: int) -> float:
    """Resident memory of a process and its descendants, MiB."""
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
    """Processor seconds (user and system) used so far by a process and its
    descendants."""
    return sum(_ticks(stat) for stat in _group(pgid, "stat")) / os.sysconf("SC_CLK_TCK")


def _own_cpu_s(pid: int) -> float:
    """Processor seconds used so far by one process (all its threads), not its pool."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return _ticks(f.read()) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


def _stat(pid: int | str) -> list[str] | None:
    """The fields of ``/proc/PID/stat`` after the command's name (None: gone)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()
    except OSError:
        return None


def _machine_s() -> tuple[float, float]:
    """Processor seconds of the whole machine so far: busy (every process, other
    people's too), and busy and idle."""
    with open("/proc/stat") as f:
        ticks = [int(x) for x in f.readline().split()[1:]]
    idle = ticks[3] + ticks[4]  # idle, iowait
    hz = os.sysconf("SC_CLK_TCK")
    return (sum(ticks) - idle) / hz, sum(ticks) / hz


def _postmaster(port: int) -> int | None:
    """The pid of the PostgreSQL server listening on ``port`` (its ``-p`` option)."""
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                args = f.read().split(b"\0")
        except OSError:
            continue
        if args and args[0].endswith(b"postgres") and b"-p" in args:
            i = args.index(b"-p")
            if i + 1 < len(args) and args[i + 1] == str(port).encode():
                return int(pid)
    return None


def _postgres_s(postmaster: int) -> float:
    """Processor seconds of a PostgreSQL server so far: the postmaster, its live
    children (backends, writers), and its children gone (reaped into its own)."""
    hz = os.sysconf("SC_CLK_TCK")
    own = _stat(postmaster)
    if own is None:
        return 0.0
    total = sum(int(x) for x in own[11:15])  # utime, stime, cutime, cstime
    for pid in os.listdir("/proc"):
        if pid.isdigit() and (f := _stat(pid)) is not None and f[1] == str(postmaster):
            total += int(f[11]) + int(f[12])
    return total / hz


def _switches(pids: list[int]) -> tuple[int, int]:
    """Context switches so far of every thread of some processes: voluntary (a
    thread that waited, then was woken: a hop of a message) and not (a thread put
    off the processor for another: the machine's contention)."""
    woken = put_off = 0
    for pid in pids:
        try:
            tids = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for tid in tids:
            try:
                with open(f"/proc/{pid}/task/{tid}/status") as f:
                    for line in f:
                        if line.startswith("voluntary_ctxt_switches:"):
                            woken += int(line.split()[1])
                        elif line.startswith("nonvoluntary_ctxt_switches:"):
                            put_off += int(line.split()[1])
            except OSError:
                continue
    return woken, put_off


def _children(parent: int) -> list[int]:
    """The live children of a process."""
    return [int(pid) for pid in os.listdir("/proc")
            if pid.isdigit() and (f := _stat(pid)) is not None and f[1] == str(parent)]


class Probe:
    """Processor seconds, sampled before and after a run: the client (this process
    and its ``clients``' processes, :func:`_play_in`), each server process's event
    loop (its main thread), its other threads (the store's writer, the bus), its
    pool; PostgreSQL; the whole machine."""

    def __init__(self, procs: list[subprocess.Popen[bytes]], postmaster: int | None = None):
        self.procs = procs
        self.postmaster = postmaster
        self.clients: list[int] = []

    def sample(self) -> dict[str, Any]:
        """Every counter now."""
        loops = []
        for p in self.procs:
            f = _stat(f"{p.pid}/task/{p.pid}")
            loops.append((int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK") if f else 0.0)
        return {"client": time.process_time() + sum(_own_cpu_s(c) for c in self.clients),
                "loop": loops,
                "own": [_own_cpu_s(p.pid) for p in self.procs],
                "group": [_cpu_s(p.pid) for p in self.procs],
                "postgres": None if self.postmaster is None else _postgres_s(self.postmaster),
                "machine": _machine_s(),
                "switches": {
                    "client": _switches([os.getpid(), *self.clients]),
                    "servers": _switches([p.pid for p in self.procs]),
                    "postgres": _switches([] if self.postmaster is None
                                          else _children(self.postmaster))}}

    def since(self, before: dict[str, Any], elapsed: float) -> dict[str, Any]:
        """Processor seconds spent since ``before``, as cores (seconds a second)."""
        now = self.sample()

        def cores(a: float, b: float) -> float:
            return round((b - a) / elapsed, 3)

        busy = now["machine"][0] - before["machine"][0]
        total = now["machine"][1] - before["machine"][1]
        out: dict[str, Any] = {
            "client": cores(before["client"], now["client"]),
            "server_loops": [cores(a, b) for a, b in zip(before["loop"], now["loop"],
                                                         strict=True)],
            "server_threads": [cores(a - la, b - lb) for a, b, la, lb in zip(
                before["own"], now["own"], before["loop"], now["loop"], strict=True)],
            "server_pools": [cores(a - oa, b - ob) for a, b, oa, ob in zip(
                before["group"], now["group"], before["own"], now["own"], strict=True)],
        }
        if now["postgres"] is not None:
            out["postgres"] = cores(before["postgres"], now["postgres"])
        out["ours"] = round(out["client"] + sum(out["server_loops"]) + sum(out["server_threads"])
                            + sum(out["server_pools"]) + out.get("postgres", 0.0), 3)
        out["switches_per_s"] = {
            who: {"woken": round((now["switches"][who][0] - before["switches"][who][0])
                                 / elapsed),
                  "put_off": round((now["switches"][who][1] - before["switches"][who][1])
                                   / elapsed)}
            for who in ("client", "servers", "postgres")}
        out["machine_busy"] = round(busy / elapsed, 3)
        out["machine_cores"] = round(total / elapsed, 2)
        out["ours_of_machine"] = round(out["ours"] / out["machine_cores"], 3)
        return out


async def _lag(lags: list[float]) -> None:
    """The client's own event loop's lag: how late a 10 ms sleep wakes, every 10 ms."""
    while True:
        due = time.monotonic() + 0.01
        await asyncio.sleep(0.01)
        lags.append(time.monotonic() - due)


def _quantiles(xs: list[float]) -> dict[str, float] | None:
    """p50, p99 and max of seconds, in ms."""
    if not xs:
        return None
    xs = sorted(xs)
    return {"p50": round(xs[len(xs) // 2] * 1000, 2),
            "p99": round(xs[min(len(xs) - 1, int(0.99 * len(xs)))] * 1000, 2),
            "max": round(xs[-1] * 1000, 2)}


STAGES = (("to_server", "sent", "read"), ("lock", "read", "locked"),
          ("apply", "locked", "applied"), ("writer_wait", "applied", "taken"),
          ("commit", "taken", "committed"), ("settle", "committed", "settled"),
          ("resume", "settled", "stored"), ("show", "stored", "shown"),
          ("to_client", "shown", "got"))
"""The stages of a person's card (:mod:`.trace`), each from one mark to the next:
``to_server`` the frame's way to the table (the kernel, the server's loop and
websocket), ``writer_wait`` in the store's writer's line, ``commit`` the
transaction (with the bus's ``NOTIFY``), ``settle`` the commit's answer's way
back to the event loop, ``resume`` the table's task's turn of the loop after it,
``to_client`` the message's way to the person (its connection's task, the
kernel, the client's loop)."""


def _breakdown(folder: str, marks: list[tuple[str, int, float, float]],
               origin_of: dict[int, int]) -> dict[str, Any]:
    """The round trip of each person's card broken into :data:`STAGES` (ms: p50,
    p99, and the mean over the slowest 1% of cards, whose stages sum to their
    round trip); the bus's delay (an action committed by one process, its
    notification read by another); each server's loop lag."""
    traces = []
    for path in sorted(Path(folder).glob("trace-*.json")):
        t = json.loads(path.read_text())
        if t["pid"] in origin_of:  # a server, not one of its pool's workers
            traces.append(t)
    actions: dict[tuple[str, int], dict[str, float]] = {}
    writes: dict[tuple[str, int], list[float]] = {}
    committed_by: dict[tuple[str, int], tuple[int, float]] = {}
    for t in traces:
        for table_id, seq, m in t["actions"]:
            actions[(table_id, seq)] = m
        for table_id, seq, *w in t["writes"]:
            writes[(table_id, seq)] = w
            committed_by[(table_id, seq)] = (t["pid"], w[1])
    rows = []
    for table_id, seq, sent, got in marks:
        m = actions.get((table_id, seq))
        w = writes.get((table_id, seq))
        if m is None or w is None or len(w) < 3:
            continue
        m = {**m, "sent": sent, "got": got, "taken": w[0], "committed": w[1], "settled": w[2]}
        rows.append((got - sent, {name: m[b] - m[a] for name, a, b in STAGES}))
    out: dict[str, Any] = {"cards_traced": len(rows)}
    if rows:
        rows.sort(key=lambda r: r[0])
        tail = rows[min(len(rows) - 1, int(0.99 * len(rows))):]
        for name, _, _ in STAGES:
            q = _quantiles([r[1][name] for r in rows]) or {}
            q["tail_mean"] = round(statistics.fmean(r[1][name] for r in tail) * 1000, 2)
            out[name] = q
        out["tail_rtt_mean_ms"] = round(statistics.fmean(r[0] for r in tail) * 1000, 2)
    bus = [note - committed_by[(table_id, seq)][1]
           for t in traces for table_id, seq, note in t["notes"]
           if (table_id, seq) in committed_by and committed_by[(table_id, seq)][0] != t["pid"]]
    if bus:
        out["bus_ms"] = {**(_quantiles(bus) or {}), "notes": len(bus)}
    out["events"] = {e: sum(t.get("counts", {}).get(e, 0) for t in traces)
                     for e in ("takeover", "seq_taken")}
    ordered = sorted(traces, key=lambda t: origin_of[t["pid"]])
    out["server_loop_lag_ms"] = [_quantiles(t["lags"]) for t in ordered]
    out["server_stalls"] = [_stalls(t) for t in ordered]
    out["stall_stacks"] = _top_stacks(ordered)
    return out


def _stalls(trace: dict[str, Any]) -> dict[str, Any]:
    """One server's stalls (its loop more than :data:`.trace.STALL` late): how many,
    their total and longest (ms), the main thread's mean share of a processor in
    them (1: running the stalled code; near 0: waiting for a processor); and its
    collector's pauses on the loop by generation (count, total and longest ms)."""
    stalls = trace.get("stalls", [])
    walls = [s[1] for s in stalls]
    out: dict[str, Any] = {
        "count": len(stalls), "total_ms": round(sum(walls) * 1000, 1),
        "max_ms": round(max(walls, default=0.0) * 1000, 1),
        "cpu_share": (round(sum(s[1] * s[2] for s in stalls) / sum(walls), 2)
                      if sum(walls) > 0 else None)}
    gcs: dict[str, list[float]] = {}
    for _, gen, seconds, main in trace.get("gc", []):
        if main:
            gcs.setdefault(f"gen{gen}", []).append(seconds)
    out["gc"] = {gen: {"count": len(xs), "total_ms": round(sum(xs) * 1000, 1),
                       "max_ms": round(max(xs) * 1000, 1)} for gen, xs in sorted(gcs.items())}
    return out


def _top_stacks(traces: list[dict[str, Any]], n: int = 5) -> list[dict[str, Any]]:
    """The ``n`` stacks the servers' loops stood still in longest (all servers
    together), each with its ms and the innermost frames."""
    merged: dict[tuple[str, ...], float] = {}
    for t in traces:
        for s in t.get("stall_stacks", []):
            key = tuple(s["stack"])
            merged[key] = merged.get(key, 0.0) + s["ms"]
    top = sorted(merged.items(), key=lambda kv: -kv[1])[:n]
    return [{"ms": round(ms, 1), "stack": list(stack)} for stack, ms in top]


def _start(db: str, workers: int, trace: str | None = None, delay: float = 0.0,
           pool_nice: int | None = None) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    exe = Path(sys.executable).parent / "cavendish"
    env = dict(os.environ)
    if trace is not None:
        env[ENV] = trace
    proc = subprocess.Popen(
        [str(exe), "serve", "--port", str(port), "--db", db, "--delay", str(delay),
         "--workers", str(workers), "--no-client-limits",  # hundreds of people, one address
         *(() if pool_nice is None else ("--pool-nice", str(pool_nice)))],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True, env=env)
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
                  counts: dict[str, int], marks: list[tuple[str, int, float, float]]) -> None:
    from websockets.asyncio.client import connect

    ws_url = url.replace("http", "ws") + f"/ws/{table['id']}?token={table['tokens']['S']}"
    sent: tuple[str, float] | None = None
    loop = asyncio.get_running_loop()
    try:
        async with connect(ws_url, max_size=2**20, compression=None) as ws, \
                asyncio.timeout_at(loop.time() + until - time.monotonic()):
            while True:  # (one timeout for the whole play, not a task per message)
                raw = await ws.recv(decode=False)  # bytes: json.loads reads them as they are
                read = time.monotonic()
                counts["messages"] += 1
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
                            rtts.append(read - sent[1])
                            marks.append((table["id"], msg["seq"], sent[1], read))
                            sent = None
                if msg["phase"] == "between":
                    await ws.send(json.dumps({"type": "next"}))
                elif msg["phase"] == "over":
                    break
                elif msg["legal"] and sent is None:
                    card = msg["legal"][0]
                    sent = (card, time.monotonic())  # the servers' clock (.trace)
                    await ws.send(json.dumps({"type": "play", "card": card}))
    except TimeoutError:  # the play's end
        pass
    except Exception:  # a failed connection is an error of the run
        counts["errors"] += 1


Part = dict[str, Any]
"""What one client process brings back of its persons' play: ``rtts`` (s), ``marks``
(table, seq, sent, read) for :func:`_breakdown`, ``lags`` (its loop's, s),
``counts`` (cards seen, messages read, errors) and ``autogroup`` (it played in a
session of its own, :func:`.computer.own_autogroup`)."""


async def _play(jobs: list[tuple[str, dict[str, Any]]], until: float) -> Part:
    """Each ``(url, table)`` of ``jobs`` played by its scripted person until ``until``
    (the clock every process shares), on this process's one event loop."""
    part: Part = {"rtts": [], "marks": [], "lags": [], "autogroup": False,
                  "counts": {"cards": 0, "errors": 0, "messages": 0}}
    ticker = asyncio.create_task(_lag(part["lags"]))
    await asyncio.gather(*(_person(url, t, until, part["rtts"], part["counts"], part["marks"])
                           for url, t in jobs))
    ticker.cancel()
    return part


def _run_play(jobs: list[tuple[str, dict[str, Any]]], until: float, loop: str) -> Part:
    """:func:`_play` on a new event loop of the kind ``loop`` (``uvloop``, the loop
    the servers run on, or ``asyncio``'s own)."""
    factory = None
    if loop == "uvloop":
        import uvloop

        factory = uvloop.new_event_loop
    with asyncio.Runner(loop_factory=factory) as runner:
        return runner.run(_play(jobs, until))


def _client(jobs: list[tuple[str, dict[str, Any]]], nice: int, loop: str, conn: Any) -> None:
    """One of ``--clients`` processes: says it is ready, plays ``jobs`` from the start
    to the end the parent sends (at ``nice``: :func:`_client_priority`), sends back
    its :data:`Part` and its niceness, and stays (its processor time readable in
    ``/proc`` for the parent's :class:`Probe`) until the parent lets it go."""
    import websockets.asyncio.client  # noqa: F401  (imported before the start)

    from .computer import own_autogroup

    grouped = own_autogroup(nice)
    conn.send("ready")
    until = conn.recv()
    with _client_priority(nice) as niceness:
        part = _run_play(jobs, until, loop)
    part["autogroup"] = grouped
    conn.send((part, niceness))
    conn.recv()


def _merge(parts: list[Part]) -> Part:
    """The client processes' parts as one (each person's round trip as it was read)."""
    return {"rtts": [x for p in parts for x in p["rtts"]],
            "marks": [x for p in parts for x in p["marks"]],
            "lags": [x for p in parts for x in p["lags"]],
            "counts": {k: sum(p["counts"][k] for p in parts)
                       for k in ("cards", "errors", "messages")},
            "autogroup": all(p["autogroup"] for p in parts)}


def _play_in(jobs: list[tuple[str, dict[str, Any]]], seconds: float, probe: Probe,
             clients: int, client_nice: int, loop: str = "asyncio"
             ) -> tuple[Part, dict[str, Any], float, int]:
    """``jobs`` played for ``seconds`` by ``clients`` client processes (1: this one, as
    before ``--clients``, unless ``client_nice`` asks for a niceness: then one process
    in a session of its own, :func:`.computer.own_autogroup`), person ``i`` by process
    ``i % clients``; their merged
    :data:`Part`, ``probe``'s processor times over the play (the client processes
    counted as the client), the play's length and the clients' niceness."""
    if clients <= 1 and not client_nice:
        before = probe.sample()
        start = time.monotonic()
        with _client_priority(client_nice) as niceness:
            part = _run_play(jobs, start + seconds, loop)
        elapsed = time.monotonic() - start
        return part, probe.since(before, elapsed), elapsed, niceness
    import multiprocessing

    ctx = multiprocessing.get_context("spawn")
    pipes, procs = [], []
    for k in range(max(1, clients)):
        ours, theirs = ctx.Pipe()
        proc = ctx.Process(target=_client,
                           args=(jobs[k::max(1, clients)], client_nice, loop, theirs),
                           name=f"cavendish-bench-client-{k}", daemon=True)
        proc.start()
        pipes.append(ours)
        procs.append(proc)
    try:
        for ours in pipes:
            if not ours.poll(60) or ours.recv() != "ready":
                raise RuntimeError("a client process did not start")
        probe.clients = [p.pid for p in procs if p.pid is not None]
        before = probe.sample()
        start = time.monotonic()
        for ours in pipes:
            ours.send(start + seconds)
        got = [ours.recv() for ours in pipes]
        elapsed = time.monotonic() - start
        cpu = probe.since(before, elapsed)
        for ours in pipes:
            ours.send("bye")
    finally:
        for proc in procs:
            proc.join(10)
            if proc.is_alive():
                proc.kill()
    return _merge([g[0] for g in got]), cpu, elapsed, min(g[1] for g in got)


@contextlib.contextmanager
def _client_priority(nice: int) -> Iterator[int]:
    """This client's event loop at niceness ``nice`` while it plays (below 0: before
    the servers, which needs the privilege; refused, it plays as it is), then as it
    was; yields the niceness it plays at, relative to the servers' (0: the same)."""
    if not nice:
        yield 0
        return
    before = os.getpriority(os.PRIO_PROCESS, 0)  # (Linux: this thread, the loop's)
    try:
        os.setpriority(os.PRIO_PROCESS, 0, before + nice)
    except OSError:
        yield 0
        return
    try:
        yield nice
    finally:
        with contextlib.suppress(OSError):
            os.setpriority(os.PRIO_PROCESS, 0, before)


def _tables(urls: list[str], n: int, seconds: float, probe: Probe,
            client_nice: int = 0, clients: int = 1, loop: str = "asyncio"
            ) -> tuple[dict[str, Any], list[tuple[str, int, float, float]]]:
    """Table ``i`` is made on server ``i`` and played on the next one (the same one
    when there is one), by ``clients`` client processes (:func:`_play_in`).  The
    result, and each person's card's (table, seq, sent, read) for
    :func:`_breakdown`; ``probe``'s processor times over the play; the client at
    ``client_nice`` meanwhile (:func:`_client_priority`)."""
    k = len(urls)
    tables = [_post(urls[i % k] + "/api/tables", {"variant": "short", "seats": {"S": "human"},
                                                  "rubbers": 10, "seed": i}) for i in range(n)]
    jobs = [(urls[(i + 1) % k], t) for i, t in enumerate(tables)]
    part, cpu, elapsed, niceness = _play_in(jobs, seconds, probe, clients, client_nice, loop)
    rtts = sorted(part["rtts"])
    counts = part["counts"]
    p99 = rtts[min(len(rtts) - 1, int(0.99 * len(rtts)))] if rtts else float("nan")
    client_s = cpu["client"] * elapsed
    return {
        "tables": n,
        "clients": max(1, clients),
        "client_loop": loop,
        "seconds": round(elapsed, 1),
        "cards": counts["cards"],
        "cards_per_s": round(counts["cards"] / elapsed, 1),
        "person_cards": len(rtts),
        "rtt_p50_ms": round(statistics.median(rtts) * 1000, 2) if rtts else None,
        "rtt_p99_ms": round(p99 * 1000, 2) if rtts else None,
        "errors": counts["errors"],
        "cpu": cpu,
        "client_messages_per_s": round(counts["messages"] / elapsed, 1),
        "client_cpu_us_per_message": (round(client_s * 1e6 / counts["messages"], 1)
                                      if counts["messages"] else None),
        "client_loop_lag_ms": _quantiles(part["lags"]),
        "client_nice": niceness,
        "client_autogroup": part["autogroup"],
    }, part["marks"]


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
    ap.add_argument("--tables", type=int, default=50,
                    help="tables of the one-process run (0: no such run, nor the page's)")
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--workers", type=int, default=2, help="the server's pool processes")
    ap.add_argument("--page-runs", type=int, default=5)
    ap.add_argument("--processes", type=int, default=2,
                    help="server processes on one PostgreSQL (0: no such run)")
    ap.add_argument("--multi-tables", type=int, default=200)
    ap.add_argument("--no-trace", dest="trace", action="store_false",
                    help="no stage marks in the servers (:mod:`cavendish.web.trace`)")
    ap.add_argument("--pool-nice", type=int, default=None,
                    help="the servers' `--pool-nice` (default: the server's own, 5)")
    ap.add_argument("--client-nice", type=int, default=0,
                    help="the client's niceness relative to the servers while it plays "
                         "(below 0: before them, as browsers on machines of their own; "
                         "needs the privilege), its processes each in a session of its own "
                         "so that it holds against the servers' sessions; each line says "
                         "it as client_nice and client_autogroup")
    ap.add_argument("--clients", type=int, default=1,
                    help="client processes sharing the scripted persons (person i on "
                         "process i %% CLIENTS; 1: the benchmark's own process, as before); "
                         "each line says it as clients")
    ap.add_argument("--client-loop", choices=("asyncio", "uvloop"), default="uvloop",
                    help="the client processes' event loop (asyncio's own: as before; "
                         "uvloop: the servers' loop, less work per message); each line "
                         "says it as client_loop")
    ap.add_argument("--keep-trace", metavar="FOLDER", default=None,
                    help="copy the servers' trace files (:mod:`cavendish.web.trace`: every "
                         "stall's stacks, the collector's pauses) into FOLDER")
    ap.add_argument("--paced-delay", type=float, default=0.5,
                    help="the computers' delay (s) of the multi-process run again at a "
                         "pace (the server's default, 0.5 s); 0: no such run")
    args = ap.parse_args(argv)
    if args.tables > 0:
        _single(args)
    if args.processes > 0:
        print(json.dumps({"bench": "web-tables-multi", **_multi(args), "load": _load()}),
              flush=True)
    if args.processes > 0 and args.paced_delay > 0:
        print(json.dumps({"bench": "web-tables-multi-paced",
                          **_multi(args, args.paced_delay), "load": _load()}), flush=True)


def _single(args: argparse.Namespace) -> None:
    """One server on SQLite, ``--tables`` tables; then the page."""
    with tempfile.TemporaryDirectory(prefix="cavendish-bench-web-") as tmp:
        trace = f"{tmp}/trace-one" if args.trace else None
        if trace:
            os.mkdir(trace)
        proc, url = _start(f"sqlite:///{tmp}/web.sqlite3", args.workers, trace,
                           pool_nice=args.pool_nice)
        try:
            result, marks = _tables([url], args.tables, args.seconds, Probe([proc]),
                                    args.client_nice, args.clients, args.client_loop)
            _costs(result, [proc])
            result["server_rss_mib"] = _rss_mib(proc.pid)
            if args.page_runs < 1:
                page: dict[str, Any] = {"skipped": "--page-runs 0"}
            elif not Path("/usr/bin/chromium").exists():
                page = {"skipped": "/usr/bin/chromium is absent (apt-get install chromium)"}
            else:
                page = _page(url, args.page_runs)
        finally:
            _stop(proc)
        if trace:
            result["stages"] = _breakdown(trace, marks, {proc.pid: 0})
            _keep(trace, args.keep_trace, "one")
        print(json.dumps({"bench": "web-tables", "pool_nice": _nice(args), **result,
                          "load": _load()}), flush=True)
        print(json.dumps({"bench": "web-page", **page}), flush=True)


def _nice(args: argparse.Namespace) -> int:
    """The servers' pools' niceness in this run."""
    from .computer import POOL_NICE

    return POOL_NICE if args.pool_nice is None else int(args.pool_nice)


def _offered(tables: int, delay: float) -> float | None:
    """Cards a second the tables ask for, at most: each plays a person's card and
    three computers' in a round, the computers' each after ``delay`` (None: delay 0,
    as many as the machine can answer)."""
    return round(tables * 4 / (3 * delay), 1) if delay > 0 else None


def _load() -> list[float]:
    """The machine's load averages (1, 5, 15 minutes) as ``uptime`` says them: other
    people's work on a shared machine, beside every figure."""
    return [round(x, 2) for x in os.getloadavg()]


def _costs(result: dict[str, Any], procs: list[subprocess.Popen[bytes]]) -> None:
    """Processor milliseconds per card of the servers (and their pools), and of the
    servers' event loops alone (the share that makes a person wait)."""
    cpu = result["cpu"]
    result["server_cpu_ms_per_card"] = _per_card(
        (sum(cpu["server_loops"]) + sum(cpu["server_threads"]) + sum(cpu["server_pools"]))
        * result["seconds"], result)
    result["loop_cpu_ms_per_card"] = _per_card(sum(cpu["server_loops"]) * result["seconds"],
                                               result)
    result["all_cpu_ms_per_card"] = _per_card(cpu["ours"] * result["seconds"], result)
    cards_per_s = result["cards_per_s"] or 1.0
    result["wakeups_per_card"] = {who: round(n["woken"] / cards_per_s, 2)
                                  for who, n in cpu["switches_per_s"].items()}
    result["capacity_cards_per_s"] = (round(result["cpu"]["machine_cores"] * 1000
                                            / result["all_cpu_ms_per_card"])
                                      if result["all_cpu_ms_per_card"] else None)


def _per_card(cpu_s: float, result: dict[str, Any]) -> float | None:
    """Processor milliseconds spent per card played: a figure less at the mercy of a
    shared machine than the round trip."""
    cards = result["cards"]
    return round(cpu_s * 1000 / cards, 3) if cards else None


def _keep(trace: str, folder: str | None, run: str) -> None:
    """Copy a run's trace files into ``folder`` (``--keep-trace``), named after it."""
    if folder:
        os.makedirs(folder, exist_ok=True)
        for path in Path(trace).glob("trace-*.json"):
            shutil.copy(path, Path(folder) / f"{run}-{path.name}")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)


def _multi(args: argparse.Namespace, delay: float = 0.0) -> dict[str, Any]:
    """``--processes`` servers on one throwaway PostgreSQL, ``--multi-tables`` tables;
    the computers play after ``delay`` seconds (0: at once, as fast as they are
    answered: a closed loop that offers the machine all the work it can do)."""
    why = postgres_missing()
    if why:
        return {"skipped": why}
    head = {"processes": args.processes, "db": "postgresql", "delay_s": delay,
            "pool_nice": _nice(args),
            "offered_cards_per_s": _offered(args.multi_tables, delay)}
    with postgres_cluster("max_connections=300") as db, \
            tempfile.TemporaryDirectory(prefix="cavendish-bench-web-") as tmp:
        trace = tmp if args.trace else None
        procs: list[subprocess.Popen[bytes]] = []
        try:
            urls = []
            for _ in range(args.processes):
                proc, url = _start(db, args.workers, trace, delay, args.pool_nice)
                procs.append(proc)
                urls.append(url)
            port = int(db.rsplit(":", 1)[1].split("/")[0])
            result, marks = _tables(urls, args.multi_tables, args.seconds,
                                    Probe(procs, _postmaster(port)), args.client_nice,
                                    args.clients, args.client_loop)
            _costs(result, procs)
            result["server_rss_mib"] = round(sum(_rss_mib(p.pid) for p in procs), 1)
        finally:
            for proc in procs:
                _stop(proc)
        if trace:
            result["stages"] = _breakdown(trace, marks, {p.pid: i for i, p in enumerate(procs)})
            _keep(trace, args.keep_trace, f"multi-{delay:g}")
        return {**head, **result}


if __name__ == "__main__":
    main()

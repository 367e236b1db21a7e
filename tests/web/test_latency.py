"""Issue 20's benchmark, the person's card round trip: what was changed to bring its
tail down keeps the behaviour.  A worker is sent only the actions it has not seen
(:mod:`cavendish.web.tail`) and gives the card it would give for the whole list;
the store's writer commits a person's action before the computers' waiting, and a
failed group commit still gives each action its own answer
(:mod:`cavendish.web.writer`); connections that may see the same are sent one
message built once, and every seat still its own (:mod:`cavendish.web.tables`)."""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from test_protocol import new_table
from web_client import Receiver, check_no_leak, deal_of, play_hand

from cavendish.web import tail
from cavendish.web.computer import choose_card
from cavendish.web.config import Action, TableConfig
from cavendish.web.store import SeqTaken, Store
from cavendish.web.tables import LiveTable
from cavendish.web.writer import GroupWriter


def _config(seed: int) -> str:
    return TableConfig.from_request({"seats": {"S": "human"}}, seed=seed).to_json()


def _person_card(config: str, actions: list[Action]) -> Action:
    """The person's first legal card (replayed from the actions)."""
    from cavendish.web.config import apply_action, build_session

    session = build_session(TableConfig.from_json(config))
    for a in actions:
        apply_action(session, a)
    turn = session.to_play
    assert turn is not None
    return ("card", str(session.view(turn).legal_cards()[0]))


def test_a_worker_is_sent_only_the_actions_it_has_not_seen_and_plays_the_same_cards() -> None:
    """A whole hand: each computer card asked with the tail is the card asked with
    the whole list, and after the first card the tail is the actions since the
    worker's last answer (the person's card and the computers' before it)."""
    config = _config(5)
    history = tail.History()
    actions: list[Action] = [("deal",)]
    tails: list[int] = []
    last = 0
    for n in range(52):
        from cavendish.web.config import apply_action, build_session

        session = build_session(TableConfig.from_json(config))
        for a in actions:
            apply_action(session, a)
        if session.state is None or session.to_play is None:
            break
        if str(session.to_play) == "S":
            actions.append(_person_card(config, actions))
            continue
        base, digest, sent = history.request(actions)
        pid, answer = tail.choose_tail(choose_card, "tail-hand", config, base, digest, sent)
        assert answer is not None, f"card {n}: the worker missed its own history"
        history.answered(pid, len(actions))
        whole = choose_card(f"tail-whole-{n}", config, list(actions))
        assert answer == whole, f"card {n}: the tail gave {answer[0]}, the whole list {whole[0]}"
        assert base == last and sent == actions[last:]  # those since its last answer
        last = len(actions)
        tails.append(len(sent))
        actions.append(answer[0])
    assert tails[0] == 1 and len(tails) >= 30
    assert max(tails[1:]) <= 4, tails  # never the whole list again


def test_a_worker_that_forgot_the_table_misses_and_is_sent_every_action() -> None:
    """A worker new to the table (or one that forgot it) answers that it missed;
    :func:`~cavendish.web.tail.ask` sends it every action and gets the card."""
    config = _config(6)
    actions: list[Action] = [("deal",)]
    first = choose_card("tail-ref-1", config, list(actions))[0]
    actions.append(first)
    history = tail.History()
    history.answered(os.getpid(), 2)  # the server believes this worker holds both
    tail._histories.pop("tail-forgot", None)
    base, digest, sent = history.request(actions)
    assert base == 2 and sent == []
    assert tail.choose_tail(choose_card, "tail-forgot", config, base, digest, sent)[1] is None
    with ThreadPoolExecutor(1) as pool:
        answer = asyncio.run(tail.ask(pool, history, choose_card, "tail-forgot", config,
                                      actions))
    assert answer == choose_card("tail-ref-2", config, list(actions))
    assert history.known[os.getpid()] == 2


def test_a_worker_holding_another_history_of_the_table_misses() -> None:
    """The digest tells a history that went another way (another table of that id)
    from the one the server means: the worker does not play on the wrong cards."""
    config = _config(7)
    history = tail.History()
    base, digest, sent = history.request([("deal",)])
    assert tail.choose_tail(choose_card, "tail-other", config, base, digest, sent)[1]
    other: list[Action] = [("undo", "S")]  # one action, not the one the worker holds
    assert tail.choose_tail(choose_card, "tail-other", config, 1,
                            tail.chain(tail.ROOT, other[0]), [])[1] is None
    assert tail.choose_tail(choose_card, "tail-other", config, 1,
                            history.digests[1], [])[1] is not None  # its own: a card


def _gate(calls: list[list[tuple[str, int]]], gate: asyncio.Event,
          fn: Callable[..., None]) -> Callable[..., Awaitable[None]]:
    """``fn`` as the writer's coroutine, recording the actions of each call, the
    first call held until ``gate``."""

    async def wrapped(*args: Any, first: bool = False) -> None:
        items = args[0] if len(args) == 1 else [args]
        calls.append([(t, s) for t, s, _ in items])
        if len(calls) == 1:
            await asyncio.wait_for(gate.wait(), 10)
        fn(*args)

    return wrapped


def test_a_persons_action_is_committed_while_the_computers_transaction_is_under_way(
        ) -> None:
    """The people's line has its own task and connection: a person's action waits
    neither for the computers' actions queued nor for their transaction under way."""
    store = Store.open("sqlite://")
    for t in ("t0", "c1", "c2", "p1"):
        store.create_table(t, "{}", {})
    calls: list[list[tuple[str, int]]] = []

    async def run() -> None:
        gate = asyncio.Event()
        writer = GroupWriter(_gate(calls, gate, store.append_many),
                             _gate(calls, gate, store.append), batch=1)
        busy = writer.append("t0", 1, ("deal",))  # the transaction under way, held
        await asyncio.sleep(0.05)
        waiting = [writer.append("c1", 1, ("deal",)), writer.append("c2", 1, ("deal",))]
        await asyncio.wait_for(writer.append("p1", 1, ("deal",), first=True), 10)
        assert not busy.done()  # the person's committed, the computers' still held
        gate.set()
        await asyncio.gather(busy, *waiting)

    asyncio.run(run())
    assert [c[0][0] for c in calls] == ["t0", "p1", "c1", "c2"]


def test_a_persons_action_is_committed_in_a_transaction_without_the_computers() -> None:
    """People's actions waiting are committed together, alone; the computers' after."""
    store = Store.open("sqlite://")
    for t in ("t0", "c1", "c2", "p1", "p2"):
        store.create_table(t, "{}", {})
    calls: list[list[tuple[str, int]]] = []

    async def run() -> None:
        gate = asyncio.Event()
        writer = GroupWriter(_gate(calls, gate, store.append_many),
                             _gate(calls, gate, store.append))
        busy = writer.append("t0", 1, ("deal",))  # the transaction under way
        await asyncio.sleep(0.05)
        waiting = [writer.append("c1", 1, ("deal",)), writer.append("p1", 1, ("deal",),
                                                                    first=True),
                   writer.append("c2", 1, ("deal",)), writer.append("p2", 1, ("deal",),
                                                                    first=True)]
        gate.set()
        await asyncio.gather(busy, *waiting)

    asyncio.run(run())
    assert calls == [[("t0", 1)], [("p1", 1), ("p2", 1)], [("c1", 1), ("c2", 1)]]


def test_a_failed_group_commit_gives_each_action_its_own_answer() -> None:
    """One action of a transaction numbered as one stored already: nothing of the
    transaction is kept, then each action is committed alone: that one is refused
    (SeqTaken, as without grouping), the others stored."""
    store = Store.open("sqlite://")
    for t in ("t0", "t1", "t2"):
        store.create_table(t, "{}", {})
    store.append("t1", 1, ("deal",))
    calls: list[list[tuple[str, int]]] = []

    async def run() -> list[BaseException | None]:
        gate = asyncio.Event()
        writer = GroupWriter(_gate(calls, gate, store.append_many),
                             _gate(calls, gate, store.append))
        busy = writer.append("t0", 1, ("deal",))
        await asyncio.sleep(0.05)
        waiting: Sequence[asyncio.Future[None]] = [
            writer.append("t1", 1, ("card", "SA")), writer.append("t2", 1, ("deal",))]
        gate.set()
        await busy
        return await asyncio.gather(*waiting, return_exceptions=True)

    results = asyncio.run(run())
    assert [("t1", 1), ("t2", 1)] in calls  # tried together first
    assert isinstance(results[0], SeqTaken) and results[1] is None
    assert store.load("t1").actions == [("deal",)]
    assert store.load("t2").actions == [("deal",)]


def test_the_writer_goes_on_in_a_new_event_loop_after_its_loop_stopped_mid_line() -> None:
    """A server stopped and started again in one process: the writer's task of the
    old loop never finished, and the new loop's actions are committed all the same
    (the old loop's, never shown, are dropped)."""
    store = Store.open("sqlite://")
    store.create_table("t1", "{}", {})

    stuck: list[asyncio.AbstractEventLoop] = []

    async def many(items: Sequence[tuple[str, int, Sequence[str]]], first: bool) -> None:
        store.append_many(items)

    async def one(table_id: str, seq: int, action: Sequence[str], first: bool) -> None:
        if asyncio.get_running_loop() in stuck:  # the old loop's commit never ends
            await asyncio.Event().wait()
        store.append(table_id, seq, action)

    writer = GroupWriter(many, one)

    async def leave() -> None:
        writer.append("t1", 1, ("card", "SA"))
        await asyncio.sleep(0.05)  # its commit begun, and stuck

    old = asyncio.new_event_loop()
    stuck.append(old)
    old.run_until_complete(leave())
    old.close()

    async def again() -> None:
        await asyncio.wait_for(writer.append("t1", 1, ("deal",)), 10)

    asyncio.run(again())
    assert store.load("t1").actions == [("deal",)]


def test_the_writer_refuses_a_batch_of_no_action() -> None:
    with pytest.raises(ValueError, match="batch 0"):
        GroupWriter(_nothing, _nothing, batch=0)


async def _nothing(*args: Any, **kwargs: Any) -> None:
    """A writer's store that stores nothing."""


def test_spectators_share_one_message_built_once_and_each_seat_gets_its_own(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three plain spectators and two following East: per action, one message for
    the three, one for the two, one per seat (each its own hand); none leaks."""
    built: list[tuple[str | None, str | None]] = []
    message = LiveTable.message

    def counted(self: LiveTable, seat: Any, *, snapshot: bool = False,
                follow: Any = None, **kw: Any) -> dict[str, Any]:
        if not snapshot:
            built.append((None if seat is None else str(seat),
                          None if follow is None else str(follow)))
        return message(self, seat, snapshot=snapshot, follow=follow, **kw)

    monkeypatch.setattr(LiveTable, "message", counted)
    table = new_table(client, "short", seed=23, follow="one")
    tid = table["id"]
    with contextlib.ExitStack() as stack:
        plain = [Receiver(None, stack.enter_context(client.websocket_connect(f"/ws/{tid}")))
                 for _ in range(3)]
        east = [Receiver(None, stack.enter_context(
            client.websocket_connect(f"/ws/{tid}?follow=E")), follow="E") for _ in range(2)]
        seats = [Receiver(k, stack.enter_context(client.websocket_connect(f"/ws/{tid}?token={t}")))
                 for k, t in table["tokens"].items()]
        built.clear()
        play_hand([*plain, *east, *seats])
    actions = len(built) // 4
    assert actions >= 40
    assert sorted(set(built), key=str) == sorted({(None, None), (None, "E"), ("N", None),
                                                  ("S", None)}, key=str)
    assert all(built.count(k) == actions for k in set(built))  # once per action each
    for group in (plain, east):
        first = [m for m in group[0].messages if not m["snapshot"]]
        for other in group[1:]:
            assert [m for m in other.messages if not m["snapshot"]] == first
    for a, b in zip(seats[0].messages, seats[1].messages, strict=True):
        if a["phase"] == "play" and a["trick_number"] < 12:
            assert a["hand"] and b["hand"] and not set(a["hand"]) & set(b["hand"])
    hands, trump_card, plays = deal_of(client.get(f"/api/tables/{tid}/pbn").text)
    for r in [*plain, *east, *seats]:
        assert check_no_leak(r, hands, [], trump_card, plays) == len(r.messages)


def _slow_pid(seconds: float) -> int:
    import time

    time.sleep(seconds)
    return os.getpid()


def _fails() -> None:
    raise ValueError("no card: the worker says why")


def test_the_loop_pool_answers_on_the_loop_spreads_calls_and_returns_errors() -> None:
    from cavendish.web.looppool import LoopPool

    async def run() -> tuple[set[int], str]:
        pool = LoopPool(2)
        try:
            pids = await asyncio.gather(*(pool.call(_slow_pid, 0.2) for _ in range(4)))
            with pytest.raises(ValueError, match="the worker says why") as exc:
                await pool.call(_fails)
            return set(pids), str(exc.value)
        finally:
            pool.shutdown()

    pids, _ = asyncio.run(run())
    assert len(pids) == 2 and os.getpid() not in pids  # both workers, neither the server


def test_a_dead_worker_breaks_the_loop_pool_as_it_breaks_a_process_pool() -> None:
    """Its calls waiting fail, and every call after, with BrokenProcessPool (a
    BrokenExecutor: the hub starts a new pool, as for a process pool)."""
    import signal
    from concurrent.futures import BrokenExecutor

    from cavendish.web.looppool import LoopPool

    async def run() -> None:
        pool = LoopPool(1)
        try:
            pid = await pool.call(_slow_pid, 0)
            waiting = asyncio.ensure_future(pool.call(_slow_pid, 30))
            await asyncio.sleep(0.2)
            os.kill(pid, signal.SIGKILL)
            with pytest.raises(BrokenExecutor, match="died"):
                await asyncio.wait_for(waiting, 10)
            with pytest.raises(BrokenExecutor):
                await pool.call(_slow_pid, 0)
        finally:
            pool.shutdown()

    asyncio.run(run())

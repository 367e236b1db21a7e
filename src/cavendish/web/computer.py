"""Computer players thinking in a process pool, never on the server's event loop.

Design note
-----------
A worker process of the :class:`concurrent.futures.ProcessPoolExecutor` is asked
for a card with the table's id, its config (JSON) and its actions so far
(:func:`choose_card`).  It keeps, per table, a session whose seats are held by
the real computer players (:func:`~.config.build_session` with ``computers``),
and brings it up to date by applying only the actions it has not seen, so the
players observe every card as at a real table and the work per card stays small.
If its copy does not match (another history, a worker new to the table, a
restarted server) it replays the table from the start.  It then lets the
computer on turn play (``Session.step``) and answers its action: a card, or,
with the table's ``computer_claims``, a claim of every trick left when the
player is sure of them all (:func:`~cavendish.game.claims.sure_claim`).

Any worker may answer for any table: the answer depends only on what it is sent.
The same goes for :func:`hint_for` (the tutor's hint at a practice table),
:func:`review_for` (each card's double-dummy cost at the end of a hand) and
:func:`why_for` (why a computer played its last card, asked again after a restart:
the players are seeded, so the replayed decision is the one that was made).

>>> from cavendish.web.config import TableConfig
>>> cfg = TableConfig.from_request({"seats": {"S": "human"}}, seed=3)
>>> action, why = choose_card("doc", cfg.to_json(), [("deal",)])
>>> action[0], len(action[1]), why.startswith(action[1])
('card', 2, True)
"""

from __future__ import annotations

import contextlib
import faulthandler
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any

from ..core.cards import ALL_CARDS, Seat
from ..core.events import CardPlayed, Claimed
from ..game.session import Session
from .config import HUMAN, Action, TableConfig, apply_action, build_session
from .visibility import hidden_from, seen_events

__all__ = ["AUTOGROUP", "POOL_NICE", "choose_card", "hint_for", "make_pool", "own_autogroup",
           "review_for", "warm_judge", "warm_up", "why_for"]

_CACHE_SIZE = 256
_cache: OrderedDict[str, tuple[str, Session, list[Action]]] = OrderedDict()


def _session_at(table_id: str, config: str, actions: list[Action]) -> Session:
    """This worker's session for the table, up to date with ``actions``."""
    cached = _cache.get(table_id)
    if cached is not None:
        cfg, session, done = cached
        if cfg != config or done != actions[: len(done)]:
            cached = None
    if cached is None:
        session = build_session(TableConfig.from_json(config), computers=True)
        done = []
    for action in actions[len(done):]:
        apply_action(session, action)
        done.append(tuple(action))
    _cache[table_id] = (config, session, done)
    _cache.move_to_end(table_id)
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return session


def choose_card(table_id: str, config: str, actions: list[Action]) -> tuple[Action, str]:
    """What the computer on turn does, as a stored action: ``("card", "SA")``, or
    ``("claim", SEAT, "all")`` when it claims; and why, in the player's own words
    (:func:`cavendish.players.tutor.explain`), or the claim as the log tells it."""
    from ..players.tutor import explain

    session = _session_at(table_id, config, actions)
    seat = session.to_play
    player = None if seat is None else session.controller(seat)
    events = session.step()
    claim = next((e for e in events if isinstance(e, Claimed)), None)
    action: Action
    if claim is not None:
        action, why = ("claim", str(claim.seat), str(claim.tricks)), str(claim)
    else:
        played = next(e.card for e in events if isinstance(e, CardPlayed))
        action, why = ("card", str(played)), explain(player, played)
    _, _, done = _cache[table_id]
    done.append(action)
    state = session.state
    if state is not None and (state.is_over or session.claim is not None):
        session.finish_hand()
    return action, why


def hint_for(config: str, actions: list[Action], seat: str) -> dict[str, Any]:
    """The tutor's hint for the person at ``seat`` (his dummy's card when the
    dummy is to play): the classical and the search player's cards and why, built
    from what he may see: his views (:class:`~cavendish.core.state.SeatView`), the
    events he saw (:func:`.visibility.seen_events`) and the trump card turned up."""
    from ..players.tutor import Tutor

    session = build_session(TableConfig.from_json(config))
    for action in actions:
        apply_action(session, action)
    state = session.state
    turn = session.to_play
    if state is None or turn is None or session.holder(turn) != Seat.parse(seat):
        raise ValueError("no hint: it is not your turn")
    view = session.view(turn)
    also = [session.view(Seat.parse(seat))] if turn != Seat.parse(seat) else []
    from ..players.search.budget import Budget

    budget = Budget(worlds=8, work=400.0, min_worlds=4)  # an answer within a second
    tutor = Tutor(seed=len(actions), budget=budget)
    heard = seen_events(state.events, Seat.parse(seat))  # only what the hearer saw happen
    hint = tutor.hint(view, heard, state.deal.trump_card, also=also)
    return {"lines": hint.lines(), **hint.to_json()}


def why_for(config: str, actions: list[Action], hearer: str | None = None) -> dict[str, str]:
    """Why the last computer card of the hand in play was played: the table is
    replayed to just before it, with its computer players, and that player decides
    again (seeded, as it was).  ``{"seat", "card", "why"}``; ValueError when no
    computer has played in this hand, or when the player decides otherwise now (a
    player on a clock), which is said rather than explained wrongly.  ``hearer``:
    the seat of the person asking, the account built from what he may see now
    (:func:`cavendish.players.tutor.explain` with the cards not hidden from him,
    :func:`.visibility.hidden_from`).

    >>> from cavendish.web.config import TableConfig
    >>> cfg = TableConfig.from_request({"seats": {"S": "human"}}, seed=3)
    >>> action, why = choose_card("doc2", cfg.to_json(), [("deal",)])
    >>> why_for(cfg.to_json(), [("deal",), action])["why"] == why
    True
    """
    from ..players.tutor import explain

    cfg = TableConfig.from_json(config)
    session = build_session(cfg)
    last: int | None = None
    for i, action in enumerate(actions):
        if action[0] == "deal":
            last = None
        elif action[0] == "card":
            turn = session.to_play
            if turn is not None and cfg.kind_of(session.holder(turn)) != HUMAN:
                last = i
        apply_action(session, action)
    if last is None:
        raise ValueError("no computer card has been played in this hand")
    replay = build_session(cfg, computers=True)
    for action in actions[:last]:
        apply_action(replay, action)
    seat = replay.to_play
    assert seat is not None
    player = replay.controller(seat)
    played = next(e.card for e in replay.step() if isinstance(e, CardPlayed))
    if str(played) != actions[last][1]:
        raise ValueError(f"{seat}'s player would now play {played}, not {actions[last][1]}: "
                         "it cannot say why it played that card")
    shown = None
    if hearer is not None:
        hidden = hidden_from(session, Seat.parse(hearer))
        shown = [c for c in ALL_CARDS if str(c) not in hidden]
    return {"seat": str(seat), "card": str(played),
            "why": explain(player, played, shown=shown, seat=seat)}


def review_for(config: str, actions: list[Action], board: int) -> dict[str, Any]:
    """The double-dummy review of a finished hand: the result double dummy from the
    opening lead and each card's cost in tricks (:mod:`cavendish.analysis.annotate`);
    ``made`` is the tricks as scored (claimed tricks included), ``played`` those won
    in the cards played."""
    from ..analysis.annotate import annotate_record

    cfg = TableConfig.from_json(config)
    session = build_session(cfg)
    for action in actions:
        apply_action(session, action)
    hand = session.hands[board - 1]
    review = annotate_record(hand.record(variant=cfg.variant)).to_json()
    if hand.result is not None:
        # the tricks as scored: a claim's or a concession's tricks count with those played
        review["played"] = review["made"]
        review["made"] = {"NS": hand.result.tricks[0], "EW": hand.result.tricks[1]}
    return review


def warm_up(seed: int) -> str:
    """Load the players' modules and tables in a worker (the first decision of a
    classical player costs seconds; a person should not wait for it), and the
    double-dummy solver its first claim asks (:func:`warm_judge`)."""
    cfg = TableConfig.from_request({"seats": {"S": "human"}}, seed=seed)
    action, _ = choose_card("warm-up", cfg.to_json(), [("deal",)])
    _cache.pop("warm-up", None)
    warm_judge()
    return action[1]


def warm_judge() -> int:
    """Load the double-dummy solver that judges claims, by solving one last trick.

    The first claim at a server judged the claim double dummy
    (:func:`~cavendish.game.claims.claim_holds`), and so imported the solver's
    binding (endplay, and the plotting library it imports: seconds of work, the
    interpreter's lock held all along): every table of the server stood still
    meanwhile.  ``cavendish serve`` calls this before it serves, each worker of
    the pool as it warms up.  The tricks the side on lead takes in the last trick:

    >>> warm_judge() in (0, 1)
    True
    """
    import random

    from ..analysis.dd import solve_state
    from ..core.cards import Seat
    from ..core.state import HandState
    from ..core.table import deal_cards

    state = HandState(deal_cards(random.Random(0), Seat.S))
    while state.tricks_in_hand - state.trick_number > 1:
        state.play(state.legal_cards()[0])
    return solve_state(state).best


POOL_NICE = 5
"""The niceness of the computers' pool processes (``cavendish serve --pool-nice``):
the event loop, which serves the people, gets the processor first."""


AUTOGROUP = "/proc/self/autogroup"
"""Linux's scheduling group of a process's session (``CONFIG_SCHED_AUTOGROUP``,
on where the processes are in the root of the ``cpu`` control group): there the
processor is shared fairly between sessions first, and a niceness orders only the
threads of one session."""


def own_autogroup(nice: int) -> bool:
    """This process in a session of its own, whose scheduling group (:data:`AUTOGROUP`)
    is ``nice`` steps nicer (below 0: less nice, which needs the privilege): a
    niceness that holds against every other session of the machine (the
    server's, PostgreSQL's, the people's clients'), not only against the threads
    of its own.  False for 0, where Linux has no such groups (the niceness of the
    process alone is what there is) or where the change is refused.  (Without
    ``CAP_SYS_ADMIN`` Linux takes one such change in a tenth of a second on the
    whole machine and answers ``EAGAIN`` meanwhile: the workers of a pool start
    together, so each tries again.)

    >>> own_autogroup(0)
    False
    """
    if not nice or not os.path.exists(AUTOGROUP):
        return False
    try:
        os.setsid()  # (a spawned worker is no process group's leader)
    except OSError:
        return False
    for _ in range(30):  # unprivileged, Linux takes one such change in 0.1 s machine-wide
        try:
            with open(AUTOGROUP, "w") as f:
                f.write(f"{nice}\n")
            return True
        except BlockingIOError:  # EAGAIN: another process's change came just before
            time.sleep(0.11)
        except OSError:
            return False
    return False


def _worker_init(parent: int, nice: int = POOL_NICE) -> None:
    """A worker yields the processor to the server's event loop, ``nice`` steps
    nicer (a person's card is answered first; the computers' thinking waits a
    little), and exits when the server is gone (killed with ``kill -9``, it cannot
    tell its workers).  Where Linux shares the processor between sessions first, the
    worker is a session of its own at that niceness (:func:`own_autogroup`): inside
    the server's session its niceness weighed only against the server's loop, and
    the session, the computers' thinking with it, took a full share of the machine
    against PostgreSQL and the clients."""
    faulthandler.enable()  # a crash in a native library leaves its trace in the log
    if nice > 0:
        with contextlib.suppress(OSError):
            os.nice(nice)
        own_autogroup(nice)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def make_pool(workers: int, *, warm: bool = True, on_loop: bool = False,
              nice: int = POOL_NICE) -> Executor:
    """A pool (spawned processes: the server's threads are not inherited), each
    worker at a lower priority than the server (``nice``, :func:`_worker_init`), and
    warmed up if ``warm`` (else its workers start when first needed); ``on_loop``:
    answered on the running event loop, without the threads of a process pool
    (:mod:`.looppool`)."""
    pool: Executor
    if on_loop:
        from .looppool import LoopPool

        pool = LoopPool(workers, initializer=_worker_init, initargs=(os.getpid(), nice))
    else:
        pool = ProcessPoolExecutor(max_workers=workers,
                                   mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_worker_init, initargs=(os.getpid(), nice))
    for i in range(workers if warm else 0):
        pool.submit(warm_up, i)
    return pool

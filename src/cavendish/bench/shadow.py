"""Shadow study: versions of a player asked for a card at the very same decisions.

Design note
-----------
A duplicate match (:mod:`cavendish.match.duplicate`) measures a change to a
player by whole hands, and a hand's result carries the noise of every other card
in it: telling +0.03 tricks a deal from nought takes thousands of boards.  A
*shadow study* screens a change far more cheaply.  Team A (the ``host`` kind)
plays team B as in a match, room 1 and room 2; at each of A's decisions chosen
(``places`` in the trick, ``tricks``), every ``shadow`` kind, fed the same views
and events as the host since the hand began, is asked for its card too, and only
the host's card is played.  After the hand each card is scored double dummy on
the true layout (the position before the decision solved once): its *cost*,
tricks lost against the best card there.  A shadow's cost minus the first
shadow's (the *base*), summed per board, is the paired difference of the two
versions on identical positions.

What it does not see: what a card tells partner, and the cards after it.  Those
are exactly what double dummy on the true layout leaves out, so the study ranks
versions on the decision's own merits; a change it favours must still win a
match.  Every shadow has the seed the host has in that seat, so a shadow of the
host's own kind would choose the host's card (the tests check it with a kind
spelled differently); such a shadow is not asked, the host's card is its card.
Each shadow keeps its own store of double-dummy results
(:func:`cavendish.analysis.dd.swap_cache`): two shadows that draw the same
worlds would otherwise share the solves, and the second would be timed at a
fraction of its CPU.

Run as ``python -m cavendish.bench.shadow --host search --opponent pimc
--shadows search search:replies=0 --places 1 --boards 50 --seed 7``; one JSON
object: the decisions asked, and for each shadow the decisions where it differs
from the base, its mean cost, and its difference from the base per board with
the standard error over the boards, overall and by place in the trick.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from ..analysis import dd
from ..core.cards import Card, Seat
from ..core.rules import get_rules
from ..core.state import HandState, SeatView, standing_plays
from ..match.duplicate import MatchSpec, PlayerSpec, Team, play_room, player_seed
from ..match.parallel import default_workers, run_tasks
from ..match.stats import mean_ci
from ..players import Player, notify, notify_begin

__all__ = [
    "Decision", "ShadowSpec", "card_costs", "decisions_of", "main", "shadow_board", "study",
    "summarise",
]

PLACES = ("lead", "second hand", "third hand", "fourth hand")


@dataclass(frozen=True, slots=True)
class ShadowSpec:
    """What to study: the host, its opponent, the shadows (the first is the base)."""

    host: str
    opponent: str
    shadows: tuple[str, ...]
    seed: int = 1
    variant: str = "short"
    places: frozenset[int] = frozenset(range(4))
    """Places in the trick to ask at (0 lead ... 3 fourth hand)."""
    tricks: tuple[int, int] = (1, 13)
    """First and last trick (1-based) to ask at."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the host's: where it was, and every shadow's card and cost."""

    board: int
    room: int
    index: int
    """Cards played before it."""
    seat: Seat
    played: Card
    cards: tuple[Card, ...]
    costs: tuple[int, ...] = ()
    ms: float = 0.0
    """The host's time to choose its card (wall clock, milliseconds)."""
    cpu_ms: float = 0.0
    """The same in the CPU time of the host's process (its threads included): on a
    shared machine the wall clock counts the other programs' turns too."""
    shadow_cpu_ms: tuple[float, ...] = ()
    """Each shadow's CPU time to choose its card (the host's own kind: the host's)."""

    @property
    def place(self) -> int:
        """0 lead, 1 second hand, 2 third hand, 3 fourth hand."""
        return self.index % 4

    @property
    def trick(self) -> int:
        """1-based."""
        return self.index // 4 + 1


@dataclass(slots=True)
class _Shadowed:
    """The host's player with its shadows: every event reaches all; the host plays."""

    inner: Player
    shadows: list[Player | None]
    """None for a shadow of the host's own kind."""
    spec: ShadowSpec
    board: int
    room: int
    caches: list[dict[Any, Any]] = field(default_factory=list)
    """Each shadow's own store of double-dummy results (shared by the shadows of
    one kind at both seats of team A), so that a shadow's CPU time is not cut by
    another's solves of the same worlds."""
    log: list[Decision] = field(default_factory=list)
    name: str = ""
    """The host's name at the table."""

    def __post_init__(self) -> None:
        self.name = self.inner.name
        while len(self.caches) < len(self.shadows):
            self.caches.append({})

    def begin_hand(self, view: SeatView) -> None:
        notify_begin(self.inner, view)
        for s in self.shadows:
            if s is not None:
                notify_begin(s, view)

    def observe(self, event: Any) -> None:
        notify(self.inner, event)
        for s in self.shadows:
            if s is not None:
                notify(s, event)

    def choose(self, view: SeatView) -> Card:
        index = view.trick_number * 4 + len(view.trick)
        first, last = self.spec.tricks
        ask = index % 4 in self.spec.places and first <= index // 4 + 1 <= last
        start, cpu = time.perf_counter(), time.process_time()
        card = self.inner.choose(view)
        ms = (time.perf_counter() - start) * 1000.0
        cpu_ms = (time.process_time() - cpu) * 1000.0
        if not ask:
            return card
        # a shadow of the host's own kind would choose the host's card: it is not asked
        cards: list[Card] = []
        spent: list[float] = []
        for s, cache in zip(self.shadows, self.caches, strict=False):
            if s is None:
                cards.append(card)
                spent.append(cpu_ms)
                continue
            table = dd.swap_cache(cache)
            try:
                start = time.process_time()
                cards.append(s.choose(view))
                spent.append((time.process_time() - start) * 1000.0)
            finally:
                dd.swap_cache(table)
        if len(view.legal_cards()) > 1:
            self.log.append(Decision(self.board, self.room, index, view.seat, card, tuple(cards),
                                     (), ms, cpu_ms, tuple(spent)))
        return card


_Task = tuple[ShadowSpec, MatchSpec, tuple[PlayerSpec | None, ...], int]
"""What a worker needs for one board: the study, the match, the shadows (None for
the host's own kind) and the board."""


def _room(
    task: _Task,
    room: Literal[1, 2],
    build: Callable[[Seat, int, Player], list[Player | None]] | None = None,
) -> list[Decision]:
    """One room of a board, every decision asked scored; ``build(seat, seed, host)``,
    if given, makes the shadows at a seat of team A in place of ``task``'s kinds."""
    spec, match, shadows, board = task
    wrapped: list[_Shadowed] = []
    caches: list[dict[Any, Any]] = [{} for _ in shadows]

    def shadowed(seat: Seat, team: Team, host: Player) -> Player:
        if team == "b":
            return host
        pseed = player_seed(spec.seed, board, seat)
        made = (build(seat, pseed, host) if build is not None
                else [None if k is None else k.build(pseed, host.name) for k in shadows])
        w = _Shadowed(
            host,
            made,
            spec,
            board,
            room,
            caches,
        )
        wrapped.append(w)
        return w

    played, _ = play_room(match, board, room, shadowed)
    asked = {d.index: d for w in wrapped for d in w.log}
    out: list[Decision] = []
    state = HandState(played.state.deal, get_rules(spec.variant))
    for index, event in enumerate(standing_plays(played.state.events)):
        d = asked.get(index)
        if d is not None:
            assert state.turn == d.seat and event.card == d.played, "the decision replays"
            costs = card_costs(state, d.cards)
            out.append(replace(d, costs=costs))
        state.play(event.card)
    return out


def card_costs(state: HandState, cards: Sequence[Card]) -> tuple[int, ...]:
    """Each card's cost at ``state``: the tricks it loses double dummy against the
    best card of the player to move (the true layout, solved once).

    >>> from cavendish.core import Deal
    >>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
    ...                      "T98.T98.QJT9.QJT", trump_card="S2")
    >>> state = HandState(deal)
    >>> state.turn, all(c >= 0 for c in card_costs(state, state.legal_cards()))
    (<Seat.E: 1>, True)
    """
    result = dd.solve_state(state)
    return tuple(result.best - result.tricks[c] for c in cards)


def shadow_board(task: _Task) -> list[Decision]:
    """Both rooms of one board: every decision asked, scored."""
    return _room(task, 1) + _room(task, 2)


def study(spec: ShadowSpec, boards: int, *, first: int = 0, workers: int = 1) -> list[Decision]:
    """Boards ``first`` to ``first + boards - 1``, in ``workers`` processes."""
    if len(spec.shadows) < 2:
        raise ValueError("a shadow study compares at least two shadows (the first is the base)")
    return decisions_of(spec, boards, first=first, workers=workers)


def decisions_of(
    spec: ShadowSpec, boards: int, *, first: int = 0, workers: int = 1
) -> list[Decision]:
    """The decisions asked of :func:`study`, with no fewer than one shadow: a study of
    the host alone (``shadows=(host,)``) scores the host's own cards."""
    if not spec.shadows:
        raise ValueError("no shadow to ask: give at least the host's own kind")
    if boards < 1:
        raise ValueError(f"boards: {boards}; at least one")
    # each kind is resolved once, here: an unknown kind or a bad option is refused now
    match = MatchSpec(
        PlayerSpec.named(spec.host), PlayerSpec.named(spec.opponent), spec.variant, spec.seed
    )
    shadows = tuple(None if k == spec.host else PlayerSpec.named(k) for k in spec.shadows)
    tasks = [(spec, match, shadows, b) for b in range(first, first + boards)]
    results = run_tasks(shadow_board, tasks, workers=workers)
    return [d for r in results for d in r]


def summarise(
    spec: ShadowSpec, decisions: Sequence[Decision], boards: Sequence[int]
) -> dict[str, Any]:
    """The figures of a study: per shadow, overall and by place in the trick.

    ``boards`` lists the boards played (a board with no decision asked counts as
    a difference of nought).  ``cost_per_board_vs_base``: the shadow's cost minus
    the base's, summed over both rooms' decisions of a board, mean and standard
    error over the boards (negative: the shadow loses fewer tricks).
    """
    def figures(k: int, ds: Sequence[Decision]) -> dict[str, Any]:
        per_board = dict.fromkeys(boards, 0.0)
        for d in ds:
            per_board[d.board] += d.costs[k] - d.costs[0]
        diff = mean_ci(list(per_board.values()))
        cpu = sorted(d.shadow_cpu_ms[k] for d in ds if len(d.shadow_cpu_ms) > k)
        return {
            "decisions": len(ds),
            "differ_from_base": sum(d.cards[k] != d.cards[0] for d in ds),
            "mean_cost": round(sum(d.costs[k] for d in ds) / len(ds), 4) if ds else None,
            "cost_per_board_vs_base": round(diff.mean, 4),
            "se": round(diff.se, 4),
            "cpu_ms_median": round(cpu[len(cpu) // 2], 2) if cpu else None,
            "cpu_ms_mean": round(sum(cpu) / len(cpu), 2) if cpu else None,
        }

    out: dict[str, Any] = {
        "host": spec.host,
        "opponent": spec.opponent,
        "seed": spec.seed,
        "variant": spec.variant,
        "boards": len(boards),
        "decisions": len(decisions),
        "places": [PLACES[p] for p in sorted(spec.places)],
        "tricks": list(spec.tricks),
        "host_differs_from_base": sum(d.played != d.cards[0] for d in decisions),
        "shadows": [],
    }
    for k, kind in enumerate(spec.shadows):
        entry = {"kind": kind, **figures(k, decisions)}
        entry["by_place"] = {
            PLACES[p]: figures(k, [d for d in decisions if d.place == p])
            for p in sorted(spec.places)
        }
        out["shadows"].append(entry)
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's note)."""
    ap = argparse.ArgumentParser(prog="python -m cavendish.bench.shadow", description=__doc__)
    ap.add_argument("--host", default="search", help="Team A's kind, whose cards are played.")
    ap.add_argument("--opponent", default="pimc", help="Team B's kind.")
    ap.add_argument(
        "--shadows", nargs="+", required=True, help="Kinds asked; the first is the base."
    )
    ap.add_argument("--boards", type=int, default=20)
    ap.add_argument("--first", type=int, default=0, help="First board (0-based).")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="short")
    ap.add_argument("--places", default="0,1,2,3", help="Places in the trick, 0 (lead) to 3.")
    ap.add_argument("--tricks", default="1-13", help="Tricks to ask at, e.g. 2-9.")
    ap.add_argument("--workers", type=int, default=None)
    ap.add_argument("--decisions", default=None, help="Also write every decision (JSON lines).")
    args = ap.parse_args(argv)
    try:
        places = frozenset(int(p) for p in args.places.split(","))
        lo, _, hi = args.tricks.partition("-")
        tricks = (int(lo), int(hi or lo))
    except ValueError:
        ap.error(f"--places {args.places!r} / --tricks {args.tricks!r}: expected 0,1 and 2-9")
    if not places <= set(range(4)) or not 1 <= tricks[0] <= tricks[1] <= 13:
        ap.error(f"--places {args.places!r} / --tricks {args.tricks!r}: places 0-3, tricks 1-13")
    spec = ShadowSpec(
        args.host, args.opponent, tuple(args.shadows), args.seed, args.variant, places, tricks
    )
    try:
        workers = args.workers or default_workers()
        decisions = study(spec, args.boards, first=args.first, workers=workers)
    except ValueError as exc:
        print(f"cavendish.bench.shadow: error: {exc}", file=sys.stderr)
        return 2
    if args.decisions:
        with open(args.decisions, "w", encoding="utf-8") as f:
            for d in decisions:
                f.write(json.dumps({
                    "board": d.board, "room": d.room, "index": d.index, "seat": str(d.seat),
                    "played": str(d.played), "cards": [str(c) for c in d.cards],
                    "costs": list(d.costs), "cpu_ms": [round(t, 3) for t in d.shadow_cpu_ms],
                }) + "\n")
    boards = list(range(args.first, args.first + args.boards))
    print(json.dumps(summarise(spec, decisions, boards)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

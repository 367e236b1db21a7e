"""Double-dummy benchmark: DDS through our layer, and what the layer costs over endplay.

Run as ``python -m cavendish.bench.dd``.  Each result is one JSON line:

* ``dd-full-solve``: fresh 52-card deals at the opening lead, every card of the
  leader scored (``solve_state``, cache off): solves per second.
* ``dd-table``: 4 x 4 tables (:func:`~cavendish.analysis.dd.dd_table`) of fresh
  deals: tables per second.
* ``dd-line``: the optimal line of a fresh deal, 52 cards: seconds per line.
* ``dd-layer``: ``overhead_vs_endplay`` is the time of our ``solve_state`` (cache
  off) divided by the time of a bare ``endplay.dds.solve_board`` call, on the
  same positions (a mix of trick 1, 5 and 9, some mid-trick), in the same run.
  The endplay deals are built beforehand and are not timed; ours start from a
  :class:`~cavendish.core.state.HandState`.  The passes run in the order
  endplay, ours, ours, endplay (repeated), so that drift and DDS's memory of the
  previous position weigh on both alike.  The scores are checked to be equal.
* ``dd-small``: positions of 4 to :data:`~cavendish.analysis.dd.COMPILED_CARDS` + 1
  cards a hand (random play, some mid-trick), solved by ``solve_many`` (cache off)
  with the compiled solver of small positions and with DDS alone
  (``set_compiled_cards(0)``, DDS's threads as set): microseconds a position for
  each size, ``compiled_us`` and ``dds_us`` (the size over the limit goes to DDS in
  both).  The scores are checked to be equal.
* ``dd-search``: the positions the search players really solve: ``--search-boards``
  boards of ``search`` against ``pimc`` (room 1, seed ``--seed``) are played and every
  position they send to :func:`~cavendish.analysis.dd.solve_many` is kept, in the
  order asked.  For each size (``--sizes``, cards a hand) the first ``--positions``
  of them are solved by ``solve_many`` (cache off) with the compiled solver
  (``set_compiled_cards(13)``, its table emptied first: the worlds of a decision
  then share it as in play) and with DDS alone (``set_compiled_cards(0)``, DDS's
  threads as set): CPU microseconds a position (``time.process_time``, every
  thread's: other processes on the machine do not count, but share its caches),
  the best of ``--rounds`` + 1 passes, one line a size.  The scores are checked to be
  equal.  ``python -m cavendish.bench.dd --only search`` runs these lines alone.
  With ``--against REV`` (a git revision), the compiled solver of that revision and
  the working tree's are built alike (:func:`build_solver`) and each line also gives
  both one position at a time (``score``, cache off, tables emptied first), the
  passes alternated in one process: ``ours_cpu_us``, ``against_cpu_us``,
  ``against_over_ours``, and the cards each played in search (``ours_nodes``,
  ``against_nodes``, where the build counts them).  The scores are checked against
  DDS's.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..analysis import dd
from ..analysis.position import Position
from ..core.cards import CARDS, Card, Seat, format_hand
from ..core.state import HandState
from ..core.table import deal_cards

__all__ = [
    "build_solver", "layer_positions", "main", "run", "run_search", "search_positions",
    "small_positions",
]

# the compiled solver's sources, from the repository's root
_SOLVER = ("src/cavendish/analysis/_endgame.c", "src/cavendish/analysis/_endgame_search.h")
_ROOT = Path(__file__).resolve().parents[3]


def layer_positions(rng: random.Random, count: int) -> list[HandState]:
    """``count`` positions, a third each at tricks 1, 5 and 9 (random play, some mid-trick).

    >>> states = layer_positions(random.Random(1), 6)
    >>> sorted(s.trick_number for s in states)
    [0, 0, 4, 4, 8, 8]
    """
    out: list[HandState] = []
    for i in range(count):
        state = HandState(deal_cards(rng, Seat(i & 3)))
        played = (0, 16, 32)[i % 3] + rng.randrange(4)
        for _ in range(played):
            state.play(rng.choice(state.legal_cards()))
        out.append(state)
    rng.shuffle(out)
    return out


def _endplay_deal(state: HandState) -> Any:
    from endplay.types import Card as ECard
    from endplay.types import Deal as EDeal
    from endplay.types import Denom, Player

    pos = Position.from_state(state)
    deal = EDeal(
        "N:" + " ".join(format_hand(h) for h in pos.hands),
        first=Player(int(pos.leader)),
        trump=Denom(int(pos.trump)),
    )
    for card in pos.played:
        deal.play(ECard(str(card)), from_hand=False)
    return deal


def _endplay_scores(solved: Any) -> dict[Card, int]:
    out: dict[Card, int] = {}
    for card, score in solved:
        out[CARDS[int(card.suit) * 13 + int(card.rank).bit_length() - 3]] = score
    return dict(sorted(out.items()))


def _layer(rng: random.Random, count: int, rounds: int) -> dict[str, object]:
    from endplay.dds import solve_board

    states = layer_positions(rng, count)
    deals = [_endplay_deal(s) for s in states]
    bare = 0.0
    ours = 0.0
    for _ in range(rounds):
        for order in (("endplay", "ours"), ("ours", "endplay")):
            for which in order:
                if which == "endplay":
                    start = time.perf_counter()
                    for deal in deals:
                        solve_board(deal)
                    bare += time.perf_counter() - start
                else:
                    start = time.perf_counter()
                    for state in states:
                        dd.solve_state(state, use_cache=False)
                    ours += time.perf_counter() - start
    for state, deal in zip(states, deals, strict=True):
        mine = dd.solve_state(state, use_cache=False).tricks
        theirs = _endplay_scores(solve_board(deal))
        if mine != theirs:
            raise AssertionError(f"our layer and endplay disagree on {Position.from_state(state)}")
    return {
        "name": "dd-layer",
        "overhead_vs_endplay": round(ours / bare, 4),
        "ours_seconds": round(ours, 3),
        "endplay_seconds": round(bare, 3),
        "positions": count,
        "passes_each": 2 * rounds,
        "what": "solve_state (cache off) / bare endplay solve_board, same positions, "
        "tricks 1, 5 and 9",
    }


def small_positions(rng: random.Random, cards: int, count: int) -> list[Position]:
    """``count`` positions of random play with ``cards`` cards in the hand to play, the
    current trick 0-3 cards in.

    >>> [p.tricks_left for p in small_positions(random.Random(1), 5, 3)]
    [5, 5, 5]
    """
    out: list[Position] = []
    for i in range(count):
        state = HandState(deal_cards(rng, Seat(i & 3)))
        for _ in range(4 * (13 - cards) + rng.randrange(4)):
            state.play(rng.choice(state.legal_cards()))
        out.append(Position.from_state(state))
    return out


def _small(rng: random.Random, count: int, rounds: int) -> dict[str, object]:
    sizes = range(4, dd.COMPILED_CARDS + 2)
    compiled: dict[int, float] = {}
    alone: dict[int, float] = {}
    previous = dd.set_cache_size(0)
    try:
        for cards in sizes:
            positions = small_positions(rng, cards, count)
            best = {True: float("inf"), False: float("inf")}
            scores: dict[bool, list[dict[Card, int]]] = {}
            for _ in range(rounds):
                for small in (True, False):
                    limit = dd.set_compiled_cards(dd.COMPILED_CARDS if small else 0)
                    if dd._endgame is not None:
                        dd._endgame.clear()  # its table would remember the last pass
                    start = time.perf_counter()
                    results = dd.solve_many(positions)
                    best[small] = min(best[small], time.perf_counter() - start)
                    dd.set_compiled_cards(limit)
                    scores[small] = [r.tricks for r in results]
            if scores[True] != scores[False]:
                raise AssertionError(f"the compiled solver and DDS disagree at {cards} cards")
            compiled[cards] = round(best[True] / count * 1e6, 1)
            alone[cards] = round(best[False] / count * 1e6, 1)
    finally:
        dd.set_cache_size(previous)
    return {
        "name": "dd-small",
        "compiled_cards": dd.COMPILED_CARDS,
        "compiled_us": compiled,
        "dds_us": alone,
        "dds_threads": dd.dds_threads(),
        "positions_each": count,
        "what": "solve_many (cache off) us a position by cards a hand: with the compiled "
        "solver of small positions, and DDS alone; best of the passes",
    }


@contextmanager
def _recording(into: list[Position]) -> Iterator[None]:
    """Every position sent to :func:`dd.solve_many` while inside, appended to ``into``
    (the search players call it through the module, where it is wrapped)."""
    solve_many = dd.solve_many

    def recorded(positions: Any) -> list[dd.DDResult]:
        asked = [p if isinstance(p, Position) else dd._as_position(p) for p in positions]
        into.extend(asked)
        return solve_many(asked)

    dd.solve_many = recorded
    try:
        yield
    finally:
        dd.solve_many = solve_many


def search_positions(
    seed: int, boards: int, host: str = "search", opponent: str = "pimc"
) -> list[Position]:
    """The positions ``host`` and ``opponent`` solve playing ``boards`` boards (room 1)."""
    from ..match.duplicate import MatchSpec, PlayerSpec, play_room

    spec = MatchSpec(PlayerSpec.named(host), PlayerSpec.named(opponent), seed=seed)
    out: list[Position] = []
    with _recording(out):
        for board in range(boards):
            play_room(spec, board, 1)
    return out


def _cpu_per_position(positions: Sequence[Position], compiled: int) -> tuple[float, list[Any]]:
    """CPU seconds a position of ``solve_many`` (cache off) with the compiled solver up to
    ``compiled`` cards a hand, and the scores."""
    limit = dd.set_compiled_cards(compiled)
    try:
        if dd._endgame is not None:
            dd._endgame.clear()
        start = time.process_time()
        results = dd.solve_many(positions)
        elapsed = time.process_time() - start
    finally:
        dd.set_compiled_cards(limit)
    return elapsed / len(positions), [r.tricks for r in results]


def build_solver(into: Path, revision: str | None = None) -> Any:
    """The compiled solver (``_endgame``) of git ``revision`` (the working tree's if
    None), built into the directory ``into`` with the C compiler Python was built with
    (``-O2``) and loaded apart from ours, so that two builds run in one process."""
    into.mkdir(parents=True, exist_ok=True)
    for source in _SOLVER:
        target = into / Path(source).name
        if revision is None:
            target.write_text((_ROOT / source).read_text(encoding="utf-8"), encoding="utf-8")
            continue
        shown = subprocess.run(
            ["git", "-C", str(_ROOT), "show", f"{revision}:{source}"],
            capture_output=True, text=True, check=False,
        )
        if shown.returncode == 0:
            target.write_text(shown.stdout, encoding="utf-8")
        elif source.endswith(".c"):  # the header came later: older builds have none
            raise SystemExit(f"--against {revision}: git shows no {source} there")
    built = into / f"_endgame{sysconfig.get_config_var('EXT_SUFFIX')}"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()
    include = sysconfig.get_paths()["include"]
    subprocess.run(
        [*compiler, "-O2", "-shared", "-fPIC", f"-I{include}", str(into / "_endgame.c"),
         "-o", str(built)],
        check=True,
    )
    spec = importlib.util.spec_from_file_location("_endgame", built)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load the solver built at {built}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _builds_compared(
    builds: dict[str, Any], positions: Sequence[Position], want: list[Any], rounds: int
) -> dict[str, object]:
    """CPU microseconds a position and cards played a position of each build (``score``
    one position at a time, tables emptied first, passes alternated), checked against
    ``want`` (DDS's scores)."""
    args = [(p.hands, int(p.leader), tuple(int(c) for c in p.played), int(p.trump))
            for p in positions]
    best = {name: float("inf") for name in builds}
    nodes: dict[str, float | None] = {}
    order = list(builds)
    for turn in range(rounds):
        for name in order if turn % 2 == 0 else order[::-1]:
            solver = builds[name]
            solver.clear()
            counted = solver.nodes() if hasattr(solver, "nodes") else None
            start = time.process_time()
            got = [solver.score(*a) for a in args]
            best[name] = min(best[name], time.process_time() - start)
            if counted is not None:
                nodes[name] = round((solver.nodes() - counted) / len(args), 1)
            else:
                nodes[name] = None
            if [{CARDS[c]: t for c, t in sorted(g.items())} for g in got] != want:
                raise AssertionError(f"the {name} build and DDS disagree")
    out: dict[str, object] = {}
    for name in builds:
        out[f"{name}_cpu_us"] = round(best[name] / len(args) * 1e6, 1)
        out[f"{name}_nodes"] = nodes[name]
    out["against_over_ours"] = round(best["against"] / best["ours"], 2)
    return out


def _search(
    seed: int, boards: int, sizes: Sequence[int], count: int, rounds: int,
    against: str | None = None,
) -> list[dict[str, object]]:
    builds: dict[str, Any] = {}
    if against is not None:
        scratch = Path(tempfile.mkdtemp(prefix="cavendish-dd-"))
        builds = {"ours": build_solver(scratch / "ours"),
                  "against": build_solver(scratch / "against", against)}
    asked = search_positions(seed, boards)
    out: list[dict[str, object]] = []
    previous = dd.set_cache_size(0)
    try:
        for cards in sizes:
            positions = [p for p in asked if p.tricks_left == cards][:count]
            if not positions:
                continue
            best = {"compiled": float("inf"), "dds": float("inf")}
            scores: dict[str, list[Any]] = {}
            for _ in range(rounds):
                for engine, limit in (("compiled", 13), ("dds", 0)):
                    cpu, scores[engine] = _cpu_per_position(positions, limit)
                    best[engine] = min(best[engine], cpu)
            if scores["compiled"] != scores["dds"]:
                raise AssertionError(f"the compiled solver and DDS disagree at {cards} cards")
            compared: dict[str, object] = {}
            if builds:
                compared = {"against": against,
                            **_builds_compared(builds, positions, scores["dds"], rounds)}
            out.append(
                {
                    "name": "dd-search",
                    "cards": cards,
                    "compiled_cpu_us": round(best["compiled"] * 1e6, 1),
                    "dds_cpu_us": round(best["dds"] * 1e6, 1),
                    "dds_over_compiled": round(best["dds"] / best["compiled"], 2),
                    "compiled_cards": dd.COMPILED_CARDS,
                    "positions": len(positions),
                    "boards": boards,
                    "seed": seed,
                    "dds_threads": dd.dds_threads(),
                    "load": round(os.getloadavg()[0], 1),
                    "what": "solve_many (cache off) CPU us a position, the positions search "
                    "and pimc solve, by cards a hand: compiled solver vs DDS; best of passes",
                    **compared,
                }
            )
    finally:
        dd.set_cache_size(previous)
    return out


def run(
    deals: int = 20, tables: int = 6, positions: int = 100, rounds: int = 2, seed: int = 1
) -> list[dict[str, object]]:
    """Run the double-dummy benchmarks and return their results."""
    if dd.get_engine() != "endplay":
        raise SystemExit("the dd benchmark needs the endplay engine (DDS)")
    rng = random.Random(seed)
    results: list[dict[str, object]] = []
    fresh = [HandState(deal_cards(rng, Seat(i & 3))) for i in range(deals)]
    start = time.perf_counter()
    for state in fresh:
        dd.solve_state(state, use_cache=False)
    elapsed = time.perf_counter() - start
    results.append(
        {
            "name": "dd-full-solve",
            "solves_per_second": round(deals / elapsed, 2),
            "ms_per_solve": round(elapsed / deals * 1000, 1),
            "deals": deals,
            "seed": seed,
            "python": sys.version.split()[0],
        }
    )
    table_deals = [deal_cards(rng, Seat(i & 3)) for i in range(tables)]
    start = time.perf_counter()
    for deal in table_deals:
        dd.dd_table(deal)
    elapsed = time.perf_counter() - start
    results.append(
        {
            "name": "dd-table",
            "tables_per_second": round(tables / elapsed, 2),
            "tables": tables,
            "seed": seed,
        }
    )
    lines = 3
    start = time.perf_counter()
    for i in range(lines):
        dd.cache_clear()
        result = dd.solve_state(HandState(deal_cards(rng, Seat(i & 3))))
        if len(result.line) != 52:
            raise AssertionError("a full line has 52 cards")
    elapsed = time.perf_counter() - start
    results.append(
        {
            "name": "dd-line",
            "seconds_per_line": round(elapsed / lines, 3),
            "lines": lines,
            "what": "solve_state at the opening lead and its 52-card optimal line, cache cold",
        }
    )
    dd.cache_clear()
    results.append(_layer(rng, positions, rounds))
    results.append(_small(rng, positions, rounds + 1))
    return results


def run_search(
    seed: int = 1, boards: int = 1, sizes: Sequence[int] = (5, 6, 7, 8), positions: int = 400,
    rounds: int = 2, against: str | None = None,
) -> list[dict[str, object]]:
    """The ``dd-search`` lines (see the module's note)."""
    if dd.get_engine() != "endplay":
        raise SystemExit("the dd benchmark needs the endplay engine (DDS)")
    return _search(seed, boards, sizes, positions, rounds + 1, against)


def main(argv: list[str] | None = None) -> int:
    """Print the double-dummy benchmarks as JSON lines."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=20, help="deals for dd-full-solve")
    parser.add_argument("--tables", type=int, default=6, help="deals for dd-table")
    parser.add_argument("--positions", type=int, default=100, help="positions for dd-layer")
    parser.add_argument("--rounds", type=int, default=2, help="endplay/ours pass pairs x2")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--only", choices=("all", "layer", "search"), default="all",
        help="layer: every line but dd-search; search: dd-search alone",
    )
    parser.add_argument(
        "--search-boards", type=int, default=1,
        help="boards for dd-search (which takes 4 x --positions of each size)",
    )
    parser.add_argument(
        "--sizes", type=int, nargs="+", default=[5, 6, 7, 8], help="cards a hand for dd-search"
    )
    parser.add_argument(
        "--against", metavar="REV", default=None,
        help="dd-search also times the compiled solver of git revision REV against the "
        "working tree's, both built alike, passes alternated (e.g. 3a04c01)",
    )
    args = parser.parse_args(argv)
    results: list[dict[str, object]] = []
    if args.only in ("all", "layer"):
        results += run(args.deals, args.tables, args.positions, args.rounds, args.seed)
    if args.only in ("all", "search"):
        results += run_search(
            args.seed, args.search_boards, args.sizes, 4 * args.positions, args.rounds,
            args.against,
        )
    for result in results:
        print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

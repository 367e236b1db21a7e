"""The opening lead's floor: the cost against double dummy that no player can avoid.

Design note
-----------
The shadow study (:mod:`cavendish.bench.shadow`) charges a card the tricks it
loses double dummy on the true layout ``L`` against the best card there:
``DD(best, L) - DD(card, L)``.  A seat knows only its hand and the play, so over
the layouts ``P`` it cannot tell apart (weighted by how likely each is) a card's
expected cost is ``E_P[max_c DD(c, L)] - E_P[DD(card, L)]``: the first term is the
same for every card, so the card with the most expected double-dummy tricks under
``P`` has the least expected cost, and that least cost, the *floor*
``E_P[max_c DD(c, L)] - max_c E_P[DD(c, L)]``, is paid by every player whatever it
does.  At the opening lead ``P`` is known exactly: every layout of the other 39
cards that gives the dealer the card turned up is as likely as any other (there is
no play yet to read), so the floor there can be measured.

For each board (dealt as a match deals it, :func:`~cavendish.match.duplicate.deal_seed`)
the opening leader's layouts are drawn ``worlds`` times uniformly
(:func:`~cavendish.players.search.draw_worlds`) and every lead is solved in each
(:func:`~cavendish.players.search.evaluate`).  Per board:

* ``bayes``: the lead with the most mean tricks over the worlds, and its cost on
  the true layout (paired with each ``kind``'s opening lead there: the kinds are
  built with the match's seed for that seat, so they lead as in a match or a
  shadow study of the same seed);
* the floor bracketed from the worlds themselves, with far less noise than one
  true layout gives: ``floor_low`` = mean of the per-world best less the best mean
  (in expectation at most the floor: the best of several noisy means is too high),
  ``floor_high`` = the cost over one half of the worlds of the lead chosen by the
  other half, both ways, averaged (an unbiased estimate of the expected cost of a
  Bayes lead chosen over half the worlds, which is at least the floor);
* each kind's expected cost by the worlds (the per-world best's mean less its
  lead's mean): its lead's cost under ``P``, not one layout's draw; and its CPU
  time for the lead, each kind solving with a store of DD results of its own.

Run as ``python -m cavendish.bench.floor --kinds pimc search --boards 20 --first 148
--worlds 500 --seed 1``: one JSON line a board, then a summary line (means and
standard errors over the boards).

Later in the hand ``P`` depends on how the others play, and is not known.
``--in-play`` (:func:`floors_in_play`) plays the boards as the shadow study does
(``--host`` against ``--opponent``) and at each decision asked (``--places``,
``--tricks``; the leads of tricks 2 to 13 by default) a :class:`FloorProbe`, plain
sampling over ``--worlds`` worlds drawn as the search players draw them (the
school's readings weighting them), gives the floor under those worlds and the
expected cost of the host's card under them, beside both cards' costs on the true
layout: where the worlds were the true posterior, the host's expected and true
costs would agree on average, so their gap measures how far the sampler's
posterior is from the truth.

>>> row = board_floor(1, 3, worlds=6, kinds=("pimc",))
>>> sorted(row)  # doctest: +NORMALIZE_WHITESPACE
['bayes', 'bayes_true_cost', 'board', 'floor_high', 'floor_low', 'kinds', 'leader', 'worlds']
>>> 0.0 <= row["floor_low"] and row["bayes_true_cost"] >= 0
True
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from collections.abc import Sequence
from typing import Any

from ..analysis import dd
from ..core.cards import Card, Seat
from ..core.rules import get_rules
from ..core.state import HandState, SeatView
from ..core.table import deal_cards
from ..match.duplicate import MatchSpec, PlayerSpec, board_dealer, deal_seed, player_seed
from ..players import Player, notify_begin
from ..players.inference import Knowledge
from ..players.search import Budget, PIMCPlayer, SearchDecision, draw_worlds, evaluate
from ..players.search.evaluate import Evaluation, best_first, weighted_means
from .shadow import PLACES, ShadowSpec, _room

__all__ = ["FloorProbe", "board_floor", "floors_in_play", "main", "summary"]


def _means(per_world: Sequence[dict[Card, int]]) -> dict[Card, float]:
    """Each card's mean tricks over worlds drawn once each (:func:`weighted_means`)."""
    return weighted_means(per_world, [1.0] * len(per_world))


def _best(means: dict[Card, float]) -> Card:
    """The card of the most mean tricks, by the search players' tie rule (:func:`best_first`)."""
    return best_first(means)[0][0]


def _expected_best(per_world: Sequence[dict[Card, int]]) -> float:
    return sum(max(w.values()) for w in per_world) / len(per_world)


def _split_cost(per_world: Sequence[dict[Card, int]]) -> float:
    """The cost over one half of the worlds of the best card by the other half, both
    ways, averaged: the expected cost of a Bayes card chosen over half the worlds."""
    half = len(per_world) // 2
    a, b = per_world[:half], per_world[half:]

    def cost_over(part: Sequence[dict[Card, int]], card: Card) -> float:
        return _expected_best(part) - _means(part)[card]

    return (cost_over(b, _best(_means(a))) + cost_over(a, _best(_means(b)))) / 2


def board_floor(
    seed: int, board: int, *, worlds: int = 500, kinds: Sequence[str] = (),
    variant: str = "short",
) -> dict[str, Any]:
    """The opening lead's floor on ``board`` and each kind's lead (see the module's note)."""
    if worlds < 2:
        raise ValueError(f"worlds: {worlds}; at least two (the floor's upper bound halves them)")
    deal = deal_cards(random.Random(deal_seed(seed, board)), board_dealer(board))
    state = HandState(deal, get_rules(variant))
    seat = state.turn
    view = state.view(seat)
    k = Knowledge.from_view(view)
    drawn = draw_worlds(k, random.Random(f"floor/{seed}/{board}"), worlds)
    # one world per layout drawn: expand multiplicities so every draw counts once
    expanded = [w for w in drawn for _ in range(round(w.weight))]
    per_world = evaluate(expanded, view).per_world
    means = _means(per_world)
    top = _expected_best(per_world)
    bayes = _best(means)
    true = dd.solve_state(state)
    high = _split_cost(per_world)
    leads: dict[str, dict[str, Any]] = {}
    for kind in kinds:
        player = PlayerSpec.named(kind).build(player_seed(seed, board, seat), kind)
        notify_begin(player, view)
        table = dd.swap_cache({})  # each kind solves afresh: its CPU is its own
        try:
            start = time.process_time()
            card = player.choose(view)
        finally:
            dd.swap_cache(table)
        leads[kind] = {
            "card": str(card),
            "true_cost": true.best - true.tricks[card],
            "expected_cost": round(top - means[card], 4),
            "cpu_ms": round((time.process_time() - start) * 1000.0, 1),
        }
    return {
        "board": board,
        "leader": str(seat),
        "worlds": len(per_world),
        "bayes": str(bayes),
        "bayes_true_cost": true.best - true.tricks[bayes],
        "floor_low": round(top - means[bayes], 4),
        "floor_high": round(high, 4),
        "kinds": leads,
    }


class FloorProbe(PIMCPlayer):
    """Plain sampling over ``worlds`` worlds (every layout when there are no more)
    that keeps, at each decision, each card's expected cost under its worlds and the
    floor's upper bound (:func:`board_floor`'s ``floor_high``), by the decision's
    index in the hand."""

    method = "floor"

    def __init__(self, seed: int = 0, name: str = "floor", *, worlds: int = 200) -> None:
        super().__init__(seed, name, budget=Budget(worlds=worlds, work=1e12,
                                                   min_worlds=worlds, exact=worlds))
        self.seen: dict[int, tuple[dict[Card, float], float]] = {}

    def pick(self, view: SeatView, k: Knowledge, ev: Evaluation) -> SearchDecision:
        """The card with the most expected tricks; its worlds' figures kept."""
        total = sum(ev.weights)
        top = sum(w * max(t.values()) for w, t in zip(ev.weights, ev.per_world, strict=True))
        costs = {c: top / total - v for c, v in ev.expected.items()}
        if all(w == int(w) for w in ev.weights) and total >= 2:  # drawn: each draw once
            high = _split_cost([t for w, t in zip(ev.weights, ev.per_world, strict=True)
                                for _ in range(int(w))])
        else:  # every layout, weighted: the floor under these worlds is exact
            high = min(costs.values())
        self.seen[view.trick_number * 4 + len(view.trick)] = (costs, high)
        return super().pick(view, k, ev)


def floors_in_play(
    seed: int, boards: Sequence[int], *, host: str = "pimc", opponent: str = "pimc",
    worlds: int = 200, places: frozenset[int] = frozenset({0}), tricks: tuple[int, int] = (2, 13),
    variant: str = "short",
) -> list[dict[str, Any]]:
    """At every decision of team A (``host``) asked (``places``, ``tricks``), in both
    rooms of ``boards``: the host's card and a :class:`FloorProbe`'s, each with its
    cost on the true layout and its expected cost under the probe's worlds (the
    sampler's posterior, the school's readings in it), and the floor under those
    worlds (``floor_low``: the probe's card's expected cost; ``floor_high``)."""
    spec = ShadowSpec(host, opponent, (host, "floor"), seed, variant, places, tricks)
    match = MatchSpec(PlayerSpec.named(host), PlayerSpec.named(opponent), variant, seed)
    rows: list[dict[str, Any]] = []
    for board in boards:
        for room in (1, 2):
            probes: dict[Seat, FloorProbe] = {}

            def build(seat: Seat, pseed: int, _host: Player,
                      probes: dict[Seat, FloorProbe] = probes) -> list[Player | None]:
                probes[seat] = FloorProbe(pseed, worlds=worlds)
                return [None, probes[seat]]

            for d in _room((spec, match, (None, None), board), room, build):
                costs, high = probes[d.seat].seen.get(d.index, ({}, 0.0))
                rows.append({
                    "board": board, "room": room, "index": d.index, "place": PLACES[d.place],
                    "trick": d.trick, "host": str(d.played), "host_true_cost": d.costs[0],
                    "host_expected_cost": round(costs.get(d.played, 0.0), 4),
                    "bayes": str(d.cards[1]), "bayes_true_cost": d.costs[1],
                    "floor_low": round(min(costs.values(), default=0.0), 4),
                    "floor_high": round(high, 4),
                })
    return rows


def _mean_se(xs: Sequence[float]) -> list[float]:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    return [round(m, 4), round(math.sqrt(var / n), 4)]


def summary(rows: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Means and standard errors over the boards of every figure of :func:`board_floor`.

    >>> summary([{"bayes_true_cost": 0, "floor_low": 0.1, "floor_high": 0.2, "kinds": {}},
    ...          {"bayes_true_cost": 1, "floor_low": 0.3, "floor_high": 0.4, "kinds": {}}])
    ... # doctest: +NORMALIZE_WHITESPACE
    {'boards': 2, 'bayes_true_cost': [0.5, 0.5], 'floor_low': [0.2, 0.1],
     'floor_high': [0.3, 0.1], 'kinds': {}}
    """
    ms = _mean_se
    out: dict[str, Any] = {"boards": len(rows)}
    for key in ("bayes_true_cost", "floor_low", "floor_high"):
        out[key] = ms([r[key] for r in rows])
    kinds: dict[str, Any] = {}
    for kind in rows[0]["kinds"] if rows else ():
        got = [r["kinds"][kind] for r in rows]
        kinds[kind] = {
            "true_cost": ms([g["true_cost"] for g in got]),
            "true_cost_vs_bayes": ms([g["true_cost"] - r["bayes_true_cost"]
                                      for g, r in zip(got, rows, strict=True)]),
            "expected_cost": ms([g["expected_cost"] for g in got]),
            "expected_cost_vs_floor_low": ms([g["expected_cost"] - r["floor_low"]
                                              for g, r in zip(got, rows, strict=True)]),
            "differs_from_bayes": sum(g["card"] != r["bayes"]
                                      for g, r in zip(got, rows, strict=True)),
        }
    out["kinds"] = kinds
    return out


def play_summary(rows: Sequence[dict[str, Any]], boards: Sequence[int]) -> dict[str, Any]:
    """:func:`floors_in_play`'s figures summed by board: mean and standard error over
    the boards (a board with no decision asked counts nought), and the decisions.

    >>> play_summary([{"board": 0, "host_true_cost": 1, "host_expected_cost": 0.5,
    ...                "bayes_true_cost": 0, "floor_low": 0.25, "floor_high": 0.5}], [0, 1])
    ... # doctest: +NORMALIZE_WHITESPACE
    {'boards': 2, 'decisions': 1, 'host_true_cost': [0.5, 0.5],
     'host_expected_cost': [0.25, 0.25], 'bayes_true_cost': [0.0, 0.0],
     'floor_low': [0.125, 0.125], 'floor_high': [0.25, 0.25]}
    """
    out: dict[str, Any] = {"boards": len(boards), "decisions": len(rows)}
    for key in ("host_true_cost", "host_expected_cost", "bayes_true_cost", "floor_low",
                "floor_high"):
        per = dict.fromkeys(boards, 0.0)
        for r in rows:
            per[r["board"]] += r[key]
        out[key] = _mean_se(list(per.values()))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module's note)."""
    ap = argparse.ArgumentParser(prog="python -m cavendish.bench.floor", description=__doc__)
    ap.add_argument("--kinds", nargs="*", default=["pimc", "search"])
    ap.add_argument("--boards", type=int, default=20)
    ap.add_argument("--first", type=int, default=0, help="First board (0-based).")
    ap.add_argument("--worlds", type=int, default=500)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--variant", default="short")
    ap.add_argument("--in-play", action="store_true",
                    help="The floor at the decisions of a match, not at the opening leads.")
    ap.add_argument("--host", default="pimc")
    ap.add_argument("--opponent", default="pimc")
    ap.add_argument("--places", default="0", help="With --in-play: places, 0 (lead) to 3.")
    ap.add_argument("--tricks", default="2-13", help="With --in-play: tricks, e.g. 2-13.")
    args = ap.parse_args(argv)
    if args.in_play:
        lo, _, hi = args.tricks.partition("-")
        played = floors_in_play(
            args.seed, range(args.first, args.first + args.boards), host=args.host,
            opponent=args.opponent, worlds=args.worlds,
            places=frozenset(int(p) for p in args.places.split(",")),
            tricks=(int(lo), int(hi or lo)), variant=args.variant,
        )
        for row in played:
            print(json.dumps(row))
        print(json.dumps({"summary": play_summary(played, range(args.first,
                                                                args.first + args.boards))}))
        return 0
    rows = []
    for board in range(args.first, args.first + args.boards):
        row = board_floor(args.seed, board, worlds=args.worlds, kinds=args.kinds,
                          variant=args.variant)
        print(json.dumps(row), flush=True)
        rows.append(row)
    print(json.dumps({"summary": summary(rows)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Laws benchmark: hands per second through the arbiter at a table of sloppy players, and
the irregularities committed and ruled on, by kind.

Run as ``python -m cavendish.bench.laws`` (``--hands 10000 --sloppy 0.05 --seed 1``).
Every hand is short whist (one in five dummy whist), every seat a
:class:`~cavendish.players.sloppy.SloppyPlayer` around a random player, seeded; every
decision is taken by the computer's rules of election.  One JSON line per result:

* ``laws-hands``: hands played, seconds, hands per second, void hands, rulings;
* ``laws-slips``: the irregularities the players committed, by kind;
* ``laws-rulings``: the rulings made, by law (``law 62``, ``dummy law ii`` ...);
* ``laws-outcomes``: revokes penalised (one election per revoke established, law 72)
  and corrected in time (law 76, dummy law ii), cards put down out of turn, exposed,
  not played to a trick, played two to a trick.

>>> lines = run(hands=20, sloppy=0.1, seed=3)
>>> [line["bench"] for line in lines]
['laws-hands', 'laws-slips', 'laws-rulings', 'laws-outcomes']
>>> lines[0]["hands"], lines[0]["hands_per_s"] > 0
(20, True)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence

from ..core.cards import Seat
from ..core.events import CardPlayed, Elected, Ruling
from ..core.rules import get_rules
from ..core.state import standing_plays
from ..core.table import deal_cards
from ..laws.names import law_name
from ..players.random import RandomPlayer
from ..players.sloppy import SloppyPlayer, play_hand

__all__ = ["main", "run"]


def run(hands: int = 2000, sloppy: float = 0.05, seed: int = 1) -> list[dict[str, object]]:
    """Play ``hands`` seeded hands at a sloppy table and return the benchmark lines."""
    rng = random.Random(seed)
    slips: Counter[str] = Counter()
    laws: Counter[str] = Counter()
    outcomes: Counter[str] = Counter()
    void = 0
    rulings = 0
    start = time.perf_counter()
    for _ in range(hands):
        dummy = rng.random() < 0.2
        dummies = (Seat(rng.randrange(4)),) if dummy else ()
        players = {
            s: SloppyPlayer(RandomPlayer(rng.randrange(2**31)), sloppy, rng.randrange(2**31))
            for s in Seat
            if s not in dummies
        }
        controller = _controller(players, dummies)
        deal = deal_cards(rng, Seat(rng.randrange(4)))
        rules = get_rules("dummy" if dummy else "short")
        score = (rng.randrange(5), rng.randrange(5))
        arb = play_hand(deal, rules, controller, score=score, dummies=dummies)
        for player in players.values():
            slips.update(player.committed)
        void += arb.void is not None
        events = arb.events
        standing = {id(e) for e in standing_plays(events)}
        for e in events:
            if isinstance(e, Ruling):
                rulings += 1
                laws[law_name(e.law)] += 1
            elif isinstance(e, Elected) and e.law in (72, 59):
                outcomes["revokes penalised"] += 1
            elif isinstance(e, CardPlayed) and e.revoke and id(e) not in standing:
                outcomes["revokes taken back"] += 1
            elif e.kind in ("out_of_turn", "exposed", "omitted", "mislaid"):
                outcomes[e.kind] += 1
        outcomes["revokes corrected (law 76)"] += sum(
            1 for e in events if isinstance(e, Ruling) and e.law == 76 and "corrects" in e.what
        )
    seconds = time.perf_counter() - start
    return [
        {
            "bench": "laws-hands",
            "hands": hands,
            "sloppy": sloppy,
            "seed": seed,
            "seconds": round(seconds, 3),
            "hands_per_s": round(hands / seconds, 1) if seconds else 0.0,
            "void": void,
            "rulings": rulings,
        },
        {"bench": "laws-slips", "per_kind": dict(sorted(slips.items()))},
        {"bench": "laws-rulings", "per_law": dict(sorted(laws.items()))},
        {"bench": "laws-outcomes", **dict(sorted(outcomes.items()))},
    ]


def _controller(
    players: dict[Seat, SloppyPlayer], dummies: tuple[Seat, ...]
) -> Callable[[Seat], SloppyPlayer]:
    """Who plays a seat's cards: its player, or the dummy's partner's."""

    def controller(seat: Seat) -> SloppyPlayer:
        return players[seat.partner if seat in dummies else seat]

    return controller


def main(argv: Sequence[str] | None = None) -> None:
    """Print the benchmark's JSON lines."""
    parser = argparse.ArgumentParser(prog="python -m cavendish.bench.laws", description=__doc__)
    parser.add_argument("--hands", type=int, default=10_000, help="hands to play (10,000)")
    parser.add_argument("--sloppy", type=float, default=0.05, help="chance per card (0.05)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the table (1)")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error(f"--hands {args.hands}: must be at least 1")
    if not 0.0 <= args.sloppy <= 1.0:
        parser.error(f"--sloppy {args.sloppy}: expected a chance between 0 and 1")
    for line in run(args.hands, args.sloppy, args.seed):
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])

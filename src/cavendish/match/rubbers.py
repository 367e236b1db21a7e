"""Whole rubbers simulated: the figures of Perceval's record, counted for computer players.

Design note
-----------
Each rubber ``r`` (0-based) is played by :func:`~cavendish.game.session.play_rubber`
with the seed ``derive_seed(seed, "rubber", r)`` (the cut for the deal, then every
deal), between players built fresh from their registry names with the seeds
``derive_seed(seed, "player", r, seat)``.  Partners are fixed by ``--players``
(one kind for all four seats, ``A,B`` for N-S and E-W, or four kinds N,E,S,W); the
four cut only for the first deal (law 16), and the deal then passes to the left.
At dummy whist North is the dummy (played by South), at double dummy North and
East (played by South and West); the first deal of a rubber is then the dummy's
(dummy law i).

The figures, as Perceval counted them ([001], sources/reference/data.md section 9):

* games per rubber, and rubbers won in two games or needing three;
* how often the winners of the first game win the rubber;
* games that were trebles, doubles and singles (the game's value, law 8; a game
  of long or American whist is worth one, a single);
* points per rubber: the winners' net points (laws 9-10);
* how often the side that has the first deal of a game wins that game, and the
  side that has the first deal of the rubber wins the rubber.

Clay's dummy is played in single games, not rubbers, and is refused.

>>> stats = simulate_rubbers(("random",) * 4, rubbers=3, seed=2)
>>> stats.rubbers, stats.games == stats.trebles + stats.doubles + stats.singles
(3, True)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Seat, Side
from ..core.errors import MatchError
from ..core.rules import Rules, get_rules
from ..game.session import play_rubber
from ..players import Player
from .duplicate import PlayerSpec, table_dummies
from .parallel import chunk_ranges, run_tasks
from .seeds import derive_seed
from .stats import mean_ci, wilson_interval

__all__ = [
    "RubberError",
    "RubberSpec",
    "RubberStats",
    "RubberSummary",
    "parse_players",
    "play_rubbers",
    "simulate_rubbers",
    "summarise_rubber",
]


class RubberError(MatchError):
    """A simulation asked for with impossible settings."""


def parse_players(text: str | Sequence[str], rules: Rules) -> tuple[str | None, ...]:
    """The kind of player in each seat N, E, S, W (None for a dummy) from ``--players``.

    One name seats it everywhere; ``A,B`` puts A North-South and B East-West; four
    names are N, E, S, W.  At a dummy table a dummy's seat takes its partner's
    player, and four names must agree on that.

    >>> parse_players("classical,random", get_rules("short"))
    ('classical', 'random', 'classical', 'random')
    >>> parse_players("random", get_rules("dummy"))
    (None, 'random', 'random', 'random')
    """
    names = [n.strip() for n in text.split(",")] if isinstance(text, str) else list(text)
    if not names or any(not n for n in names):
        raise RubberError(f"--players {text!r}: a player's name is empty")
    if len(names) == 1:
        seats = names * 4
    elif len(names) == 2:
        seats = [names[0], names[1], names[0], names[1]]
    elif len(names) == 4:
        seats = names
    else:
        raise RubberError(
            f"--players {text!r}: give one name (all four seats), two (N-S,E-W) "
            f"or four (N,E,S,W), not {len(names)}"
        )
    dummies = table_dummies(rules)
    for d in dummies:
        if seats[d] != seats[d.partner]:
            raise RubberError(
                f"--players {text!r}: at {rules.name} {d} is a dummy played by {d.partner}, "
                f"so its player must be {d.partner}'s ({seats[d.partner]}), not {seats[d]}"
            )
    return tuple(None if Seat(i) in dummies else seats[i] for i in range(4))


@dataclass(frozen=True, slots=True)
class RubberSpec:
    """What a worker needs to play any rubber of the simulation."""

    players: tuple[PlayerSpec | None, ...]
    """By seat N, E, S, W; None for a dummy."""
    variant: str = "short"
    seed: int = 1


@dataclass(frozen=True, slots=True)
class RubberSummary:
    """One rubber: its winners, their points, its games and its hands."""

    rubber: int
    winner: Side
    points: int
    games: tuple[tuple[Side, int, Side], ...]
    """Each game: (winners, value, the side that had its first deal)."""
    hands: int

    @property
    def first_deal(self) -> Side:
        """The side that had the first deal of the rubber."""
        return self.games[0][2]


def summarise_rubber(spec: RubberSpec, rubber: int) -> RubberSummary:
    """Play rubber ``rubber`` (0-based) and summarise it."""
    rules = get_rules(spec.variant)
    players: dict[Seat, Player] = {}
    for seat, kind in zip(Seat, spec.players, strict=True):
        if kind is not None:
            seed = derive_seed(spec.seed, "player", rubber, str(seat))
            players[seat] = kind.build(seed, f"{kind.kind} {seat}")
    result = play_rubber(players, rules, seed=derive_seed(spec.seed, "rubber", rubber))
    record = result.sheet.rubbers[0]
    games = tuple(
        (g.winner, g.value, result.hands[g.hands[0]].dealer.side) for g in record.games
    )
    return RubberSummary(rubber, record.winner, record.points, games, len(result.hands))


def play_rubbers(task: tuple[RubberSpec, range]) -> list[RubberSummary]:
    """Play a chunk of rubbers (a worker's task)."""
    spec, rubbers = task
    return [summarise_rubber(spec, r) for r in rubbers]


def _rate(count: int, n: int) -> dict[str, Any]:
    low, high = wilson_interval(count, n) if n else (0.0, 0.0)
    return {
        "count": count,
        "of": n,
        "fraction": round(count / n, 4) if n else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
    }


@dataclass(frozen=True)
class RubberStats:
    """The rubbers of a simulation and Perceval's figures counted over them."""

    players: tuple[str | None, ...]
    variant: str
    seed: int
    summaries: tuple[RubberSummary, ...]

    @property
    def rubbers(self) -> int:
        """Rubbers played."""
        return len(self.summaries)

    @property
    def games(self) -> int:
        """Games played."""
        return sum(len(s.games) for s in self.summaries)

    @property
    def hands(self) -> int:
        """Hands played."""
        return sum(s.hands for s in self.summaries)

    def _values(self, value: int) -> int:
        return sum(1 for s in self.summaries for g in s.games if g[1] == value)

    @property
    def trebles(self) -> int:
        """Games worth three (the losers had not scored, law 8)."""
        return self._values(3)

    @property
    def doubles(self) -> int:
        """Games worth two."""
        return self._values(2)

    @property
    def singles(self) -> int:
        """Games worth one."""
        return self._values(1)

    @property
    def two_game_rubbers(self) -> int:
        """Rubbers won in two games."""
        return sum(1 for s in self.summaries if len(s.games) == 2)

    @property
    def three_game_rubbers(self) -> int:
        """Rubbers that needed three games."""
        return sum(1 for s in self.summaries if len(s.games) == 3)

    @property
    def first_game_winners_won(self) -> int:
        """Rubbers won by the winners of their first game."""
        return sum(1 for s in self.summaries if s.games[0][0] == s.winner)

    @property
    def first_deal_won_game(self) -> int:
        """Games won by the side that had their first deal."""
        return sum(1 for s in self.summaries for g in s.games if g[0] == g[2])

    @property
    def first_deal_won_rubber(self) -> int:
        """Rubbers won by the side that had their first deal."""
        return sum(1 for s in self.summaries if s.first_deal == s.winner)

    @property
    def points(self) -> int:
        """The winners' net points, added over the rubbers."""
        return sum(s.points for s in self.summaries)

    def rubbers_won(self, side: Side) -> int:
        """Rubbers won by ``side``."""
        return sum(1 for s in self.summaries if s.winner == side)

    def to_json(self) -> dict[str, Any]:
        """Every figure, with counts, fractions and Wilson 95% intervals."""
        n, g = self.rubbers, self.games
        points = mean_ci([s.points for s in self.summaries])
        out: dict[str, Any] = {
            "players": {
                str(seat): ("dummy" if p is None else p)
                for seat, p in zip(Seat, self.players, strict=True)
            },
            "variant": self.variant,
            "seed": self.seed,
            "rubbers": n,
            "games": g,
            "hands": self.hands,
            "games_per_rubber": round(g / n, 4),
            "hands_per_rubber": round(self.hands / n, 4),
            "rubbers_in_two_games": _rate(self.two_game_rubbers, n),
            "rubbers_in_three_games": _rate(self.three_game_rubbers, n),
            "first_game_winners_won_rubber": _rate(self.first_game_winners_won, n),
            "trebles": _rate(self.trebles, g),
            "doubles": _rate(self.doubles, g),
            "singles": _rate(self.singles, g),
            "points": self.points,
            "points_per_rubber": round(points.mean, 4),
            "points_ci95": None if points.bounds is None else [round(x, 4) for x in points.bounds],
            "first_deal_won_game": _rate(self.first_deal_won_game, g),
            "first_deal_won_rubber": _rate(self.first_deal_won_rubber, n),
            "rubbers_won": {str(side): self.rubbers_won(side) for side in Side},
        }
        return out

    def rows(self) -> list[tuple[str, str, str]]:
        """The figures as (figure, count, fraction) rows for a text table."""
        n, g = self.rubbers, self.games

        def rate(count: int, of: int) -> str:
            return f"{count / of:.3f}" if of else "-"

        counts = [
            ("rubbers won in two games", self.two_game_rubbers, n),
            ("rubbers needing three", self.three_game_rubbers, n),
            ("first game's winners won the rubber", self.first_game_winners_won, n),
            ("trebles", self.trebles, g),
            ("doubles", self.doubles, g),
            ("singles", self.singles, g),
        ]
        rows = [
            ("rubbers", str(n), ""),
            ("games", str(g), f"{g / n:.3f} per rubber"),
            ("hands", str(self.hands), f"{self.hands / n:.3f} per rubber"),
        ]
        rows += [(label, str(count), rate(count, of)) for label, count, of in counts]
        won_game, won_rubber = self.first_deal_won_game, self.first_deal_won_rubber
        rows += [
            ("points", str(self.points), f"{self.points / n:.3f} per rubber"),
            ("first deal of a game won it", str(won_game), rate(won_game, g)),
            ("first deal of a rubber won it", str(won_rubber), rate(won_rubber, n)),
        ]
        for side, label in ((Side.NS, "N-S"), (Side.EW, "E-W")):
            won = self.rubbers_won(side)
            rows.append((f"rubbers won by {label}", str(won), rate(won, n)))
        return rows


def simulate_rubbers(
    players: str | Sequence[str],
    *,
    rubbers: int,
    seed: int = 1,
    variant: str = "short",
    workers: int = 1,
    ray_address: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> RubberStats:
    """Play ``rubbers`` whole rubbers under ``variant`` and count Perceval's figures.

    ``players`` is ``--players`` (see :func:`parse_players`) or one kind per seat.
    ``workers``, ``ray_address`` and ``progress`` as for
    :func:`~cavendish.match.duplicate.run_match`.
    """
    if rubbers < 1:
        raise RubberError(f"rubbers must be at least 1, not {rubbers}")
    if workers < 1:
        raise RubberError(f"workers must be at least 1, not {workers}")
    rules = get_rules(variant)
    if not rules.rubber:
        raise RubberError(
            f"variant {rules.name!r} is played in single games, not rubbers: "
            "choose a variant with rubbers"
        )
    kinds = parse_players(players, rules)
    specs = tuple(None if k is None else PlayerSpec.named(k) for k in kinds)
    spec = RubberSpec(specs, rules.name, seed)
    parallel = ray_address is not None or workers > 1
    n_chunks = rubbers if not parallel else min(rubbers, max(workers * 8, math.ceil(rubbers / 25)))
    tasks = [(spec, r) for r in chunk_ranges(rubbers, n_chunks)]
    done = 0

    def finished(_: int, chunk: list[RubberSummary]) -> None:
        nonlocal done
        done += len(chunk)
        if progress is not None:
            progress(done)

    chunks = run_tasks(
        play_rubbers, tasks, workers=workers, ray_address=ray_address, on_done=finished
    )
    summaries = tuple(s for chunk in chunks for s in chunk)
    return RubberStats(kinds, rules.name, seed, summaries)

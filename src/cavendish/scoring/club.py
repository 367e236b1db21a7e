"""The club code's scoring of one hand (laws 2-8, 72, 81, 82), and its long and
American variants, as one policy driven by :class:`~cavendish.core.rules.Rules`.

Design note
-----------
The hand is scored in the order of law 5: the revoke penalty, then tricks, then
honours; and the game ends the moment a side reaches the game (five in short
whist), so nothing later in that hand is scored: a revoke penalty that makes game
shuts out the adversaries' tricks and honours (law 72(v)), and tricks that make
game shut out honours.  Points beyond the game are lost; each game starts at 0-0.

* Revoke (law 72): per revoke the claimants elect to take three tricks (added to
  their own; fewer if the revokers have fewer), deduct three from the revokers
  (not below nought) or add three to their own.  A side that revoked cannot win the
  game in that hand and stops at one short of it (law 82); if both sides revoked,
  neither can (law 81).  Where no election is given, the claimants take the
  penalties worth most to them at the score (:func:`best_elections`).
* Several penalties in one hand: the elections are made together at the end of the
  hand (law 72(i)) and the code gives no order among them, so they are applied in a
  fixed order, whatever the order of the revokes: every deduction, then every
  taking of tricks, then every addition.  The score of a hand therefore depends on
  the elections, not on which revoke came first; a deduction is never lost because
  an addition had already made the game.
* Honours (laws 3, 4): four 4, three 2; not scored by a side at four when the deal
  began (``rules.honours_barred_at``; at nine in long whist).  Laws 6-7 (honours
  must be called at the end of the hand, before the next trump card is turned up)
  are applied automatically: the scorer claims them for the side that held them,
  in the hand they were held in.
* Long whist at the point of eight: a side at eight that holds three or four honours
  calls them ("Can you one?") and they count before tricks; the engine calls for a
  side entitled to, as every side would, unless the result says the call was the
  players' act (``HandResult.called_by_players``): then a side that did not call
  counts its honours last, after tricks, "but not otherwise" (001).  The call is
  made before any card is played and ends the game there and then, so nothing of
  the play that follows is scored: not the tricks, and not a revoke made after the call.
* Game value (law 8): by the losers' score when the game is won.

>>> from cavendish.core.rules import get_rules
>>> from .result import Revoke
>>> law_72v = HandResult((0, 13), (0, 4), (Revoke(Side.EW, "add"),))
>>> r = score_club(get_rules("short"), (2, 0), law_72v)
>>> r.game_winner, r.game_value, r.points
(<Side.NS: 0>, 3, (3, 0))
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from ..core.cards import Side
from ..core.rules import Rules
from .result import PENALTIES, HandResult, HandScore, Penalty, Revoke, honours_value

__all__ = ["best_elections", "best_penalty", "score_club"]

_SIDES: Final = tuple(Side)

_ORDER: dict[Penalty, int] = {"deduct": 0, "tricks": 1, "add": 2}
"""The order penalties are applied in: deductions, tricks taken, additions."""


class _Game:
    """The running game score inside one hand, applying the laws' limits."""

    def __init__(self, rules: Rules, before: tuple[int, int], capped: set[int]) -> None:
        self.target = rules.game_points
        self.score = list(before)
        self.capped = capped
        self.winner: int | None = None

    def add(self, side: int, points: int) -> int:
        """Add ``points`` to ``side`` unless the game is already won; return what counted."""
        if self.winner is not None or points <= 0:
            return 0
        new = self.score[side] + points
        if side in self.capped:
            new = min(new, self.target - 1)
        gained = new - self.score[side]
        self.score[side] = new
        if new >= self.target:
            self.winner = side
        return gained

    def deduct(self, side: int, points: int) -> int:
        """Take ``points`` off ``side`` (not below nought) unless the game is won."""
        if self.winner is not None:
            return 0
        taken = min(points, self.score[side])
        self.score[side] -= taken
        return taken


def score_club(
    rules: Rules, before: tuple[int, int], result: HandResult
) -> HandScore:
    """Score one hand by the club code (or its long/American variants) from ``before``,
    the game score when the deal began (N-S, E-W)."""
    if result.revokes and any(r.penalty is None for r in result.revokes):
        result = best_elections(rules, before, result)
    notes: list[str] = []
    values = (
        [honours_value(result.honours[0]), honours_value(result.honours[1])]
        if rules.honours
        else [0, 0]
    )
    honour_side = 0 if values[0] else 1 if values[1] else None
    barred = rules.honours_barred_at
    can_score_honours = honour_side is not None and (
        barred is None or before[honour_side] < barred
    )
    entitled = (
        can_score_honours
        and honour_side is not None
        and rules.call_honours_at is not None
        and before[honour_side] == rules.call_honours_at
    )
    called = entitled and (
        not result.called_by_players or result.honours_called == honour_side
    )
    if entitled and not called and honour_side is not None:
        notes.append(
            f"{Side(honour_side)} at {rules.call_honours_at} did not call their honours "
            "before playing: they count last, after tricks (001)"
        )
    revoking = {int(r.side) for r in result.revokes} if result.revokes else set()
    # A call at eight ends the game before any card is played: no revoke of the
    # play that follows can cap the callers (law 82 applies to the hand's play).
    game = _Game(rules, before, set() if called else revoking)
    tricks = list(result.tricks)
    if called and honour_side is not None:
        game.add(honour_side, values[honour_side])
        notes.append(
            f"{Side(honour_side)} at {rules.call_honours_at} call their honours "
            f"before the play: {values[honour_side]}"
        )
    penalties = _apply_penalties(rules, game, tricks, result.revokes, notes) if revoking else ()
    if revoking and not called:
        notes.append(
            "law 81: neither side can win the game this hand"
            if len(revoking) == 2
            else f"law 82: {Side(next(iter(revoking)))} revoked and cannot win the game this hand"
        )
    for side in (0, 1):
        over = tricks[side] - 6
        if over > 0:
            if game.winner is not None:
                notes.append(f"game already won: {Side(side)}'s tricks not scored (law 5)")
            else:
                game.add(side, over)
    if honour_side is not None and not called:
        if not can_score_honours:
            notes.append(
                f"{Side(honour_side)} stood at {before[honour_side]} when the deal began: "
                f"honours not scored (law 4)"
            )
        elif game.winner is not None:
            notes.append(f"game already won: {Side(honour_side)}'s honours not scored (law 5)")
        else:
            game.add(honour_side, values[honour_side])
    after = (game.score[0], game.score[1])
    winner = None if game.winner is None else _SIDES[game.winner]
    value = 0
    if winner is not None:
        value = rules.game_value(after[winner.other])
    return HandScore(
        tricks=(tricks[0], tricks[1]),
        honours=(values[0], values[1]),
        points=(after[0] - before[0], after[1] - before[1]),
        before=before,
        after=after,
        game_winner=winner,
        game_value=value,
        penalties=penalties,
        notes=tuple(notes),
    )


def _apply_penalties(
    rules: Rules,
    game: _Game,
    tricks: list[int],
    revokes: tuple[Revoke, ...],
    notes: list[str],
) -> tuple[tuple[Side, Penalty], ...]:
    """Apply the elected penalties (deductions, tricks, additions; law 72)."""
    n = rules.revoke_penalty
    elected: list[tuple[Side, Penalty]] = []
    for rv in revokes:
        assert rv.penalty is not None
        elected.append((rv.side, rv.penalty))
    for side, penalty in sorted(elected, key=lambda e: _ORDER[e[1]]):
        claimants = side.other
        if game.winner is not None:
            notes.append(f"law 72: {claimants}'s penalty for {side}'s revoke: game already won")
        elif penalty == "deduct":
            taken = game.deduct(side, n)
            notes.append(f"law 72: {taken} deducted from {side}'s score for a revoke")
        elif penalty == "tricks":
            taken = min(n, tricks[side])
            tricks[side] -= taken
            tricks[claimants] += taken
            notes.append(f"law 72: {claimants} take {taken} tricks from {side} for a revoke")
        else:
            gained = game.add(claimants, n)
            notes.append(f"law 72: {claimants} add {gained} to their score for a revoke")
    return tuple(elected)


def _splits(k: int) -> list[tuple[Penalty, ...]]:
    """Every way of electing ``k`` penalties, as multisets, adds first (the preference)."""
    add: tuple[Penalty, ...] = ("add",)
    take: tuple[Penalty, ...] = ("tricks",)
    deduct: tuple[Penalty, ...] = ("deduct",)
    out: list[tuple[Penalty, ...]] = []
    for adds in range(k, -1, -1):
        for takes in range(k - adds, -1, -1):
            out.append(add * adds + take * takes + deduct * (k - adds - takes))
    return out


def _worth(score: HandScore, claimants: Side) -> tuple[int, int]:
    """What a scored hand is worth to ``claimants``: the game won (or lost), then the margin."""
    if score.game_winner is None:
        won = 0
    else:
        won = score.game_value if score.game_winner == claimants else -score.game_value
    return (won, score.after[claimants] - score.after[claimants.other])


def best_elections(rules: Rules, before: tuple[int, int], result: HandResult) -> HandResult:
    """``result`` with every revoke not yet elected given the claimants' best penalty.

    The claimants against each revoking side choose, among every way of electing
    their penalties, the one worth most to them at the score: winning the game (the
    higher its value the better), then the widest margin of score; on a tie they
    prefer to add, then to take tricks, then to deduct.  When both sides revoked
    (law 81), the claimants against N-S choose first, taking the other side's open
    elections as additions, then the claimants against E-W answer.

    >>> from cavendish.core.rules import get_rules
    >>> two = HandResult((5, 8), revokes=(Revoke(Side.EW), Revoke(Side.EW)))
    >>> [r.penalty for r in best_elections(get_rules("short"), (2, 3), two).revokes]
    ['add', 'deduct']
    """
    revokes = list(result.revokes)
    for side in (Side.NS, Side.EW):
        open_ = [i for i, r in enumerate(revokes) if r.side == side and r.penalty is None]
        if not open_:
            continue
        best: tuple[tuple[int, int], list[Revoke]] | None = None
        for split in _splits(len(open_)):
            trial = list(revokes)
            for i, penalty in zip(open_, split, strict=True):
                trial[i] = replace(trial[i], penalty=penalty)
            filled = [r if r.penalty is not None else replace(r, penalty="add") for r in trial]
            score = score_club(rules, before, replace(result, revokes=tuple(filled)))
            key = _worth(score, side.other)
            if best is None or key > best[0]:
                best = (key, trial)
        assert best is not None
        revokes = best[1]
    return replace(result, revokes=tuple(revokes))


def best_penalty(rules: Rules, before: tuple[int, int], result: HandResult, side: Side) -> Penalty:
    """The penalty worth most to the claimants for a revoke by ``side`` at the score
    (the computer's election): the election :func:`best_elections` gives the first
    of ``side``'s revokes left open in ``result`` (or its first revoke, if all are
    elected); "add" if ``side`` made no revoke in ``result``.

    >>> from cavendish.core.rules import get_rules
    >>> hand = HandResult((9, 4), revokes=(Revoke(Side.EW),))
    >>> best_penalty(get_rules("short"), (2, 3), hand, Side.EW)  # treble, not a single
    'deduct'
    """
    mine = [i for i, r in enumerate(result.revokes) if r.side == side]
    if not mine:
        return PENALTIES[0]
    open_ = [i for i in mine if result.revokes[i].penalty is None]
    penalty = best_elections(rules, before, result).revokes[(open_ or mine)[0]].penalty
    assert penalty is not None
    return penalty

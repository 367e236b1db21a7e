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
  penalty worth most to them at the score (:func:`best_penalty`).
* Honours (laws 3, 4): four 4, three 2; not scored by a side at four when the deal
  began (``rules.honours_barred_at``; at nine in long whist).
* Long whist at the point of eight: a side at eight that holds three or four
  honours calls them ("Can you one?") and they count before tricks; the engine
  always calls for a side entitled to, as every side would.
* Game value (law 8): by the losers' score when the game is won.

>>> from cavendish.core.rules import get_rules
>>> from .result import Revoke
>>> r = score_club(get_rules("short"), (2, 0), HandResult((0, 13), (0, 4), (Revoke(Side.EW, "add"),)))
>>> r.game_winner, r.game_value, r.points
(<Side.NS: 0>, 3, (3, 0))
"""

from __future__ import annotations

from ..core.cards import Side
from ..core.rules import Rules
from .result import PENALTIES, HandResult, HandScore, Penalty, Revoke, honours_value

__all__ = ["best_penalty", "score_club"]


class _Game:
    """The running game score inside one hand, applying the laws' limits."""

    def __init__(self, rules: Rules, before: tuple[int, int], capped: set[int]) -> None:
        self.target = rules.game_points
        self.score = list(before)
        self.capped = capped
        self.winner: int | None = None

    def add(self, side: int, points: int) -> int:
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

    def deduct(self, side: int, points: int) -> None:
        if self.winner is None:
            self.score[side] = max(0, self.score[side] - points)


def score_club(
    rules: Rules, before: tuple[int, int], result: HandResult
) -> HandScore:
    """Score one hand by the club code (or its long/American variants) from ``before``."""
    revoking = {int(r.side) for r in result.revokes}
    game = _Game(rules, before, revoking)
    notes: list[str] = []
    tricks = list(result.tricks)
    penalties: list[tuple[Side, Penalty]] = []
    for rv in result.revokes:
        claimants = int(rv.side.other)
        penalty = rv.penalty or best_penalty(rules, before, result, rv.side)
        penalties.append((rv.side, penalty))
        n = rules.revoke_penalty
        if penalty == "tricks":
            taken = min(n, tricks[rv.side])
            tricks[rv.side] -= taken
            tricks[claimants] += taken
            notes.append(f"law 72: {Side(claimants)} take {taken} tricks from {rv.side} for a revoke")
        elif penalty == "deduct":
            game.deduct(int(rv.side), n)
            notes.append(f"law 72: {n} deducted from {rv.side}'s score for a revoke")
        else:
            game.add(claimants, n)
            notes.append(f"law 72: {Side(claimants)} add {n} to their score for a revoke")
    if revoking:
        notes.append(
            "law 81: neither side can win the game this hand"
            if len(revoking) == 2
            else f"law 82: {Side(next(iter(revoking)))} revoked and cannot win the game this hand"
        )
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
    called = False
    if (
        can_score_honours
        and honour_side is not None
        and rules.call_honours_at is not None
        and before[honour_side] == rules.call_honours_at
    ):
        called = True
        if game.winner is None:
            game.add(honour_side, values[honour_side])
            notes.append(
                f"{Side(honour_side)} at {rules.call_honours_at} call their honours "
                f"before the play: {values[honour_side]}"
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
                "honours not scored (law 4)"
            )
        elif game.winner is not None:
            notes.append(f"game already won: {Side(honour_side)}'s honours not scored (law 5)")
        else:
            game.add(honour_side, values[honour_side])
    after = (game.score[0], game.score[1])
    winner = None if game.winner is None else Side(game.winner)
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
        penalties=tuple(penalties),
        notes=tuple(notes),
    )


def best_penalty(rules: Rules, before: tuple[int, int], result: HandResult, side: Side) -> Penalty:
    """The revoke penalty worth most to the claimants at the score (the computer's election).

    Each of the three is tried with the other revokes as elected; the claimants
    prefer winning the game (the higher its value the better), then the widest
    margin of score, then add, tricks, deduct in that order.
    """
    claimants = side.other
    best: tuple[tuple[int, int], Penalty] | None = None
    for option in PENALTIES:
        elected = tuple(
            r if r.penalty is not None else Revoke(r.side, option if r.side == side else "add", r.trick)
            for r in result.revokes
        )
        trial = HandResult(result.tricks, result.honours, elected, result.honours_called)
        score = score_club(rules, before, trial)
        won = score.game_value if score.game_winner == claimants else (
            -score.game_value if score.game_winner is not None else 0
        )
        key = (won, score.after[claimants] - score.after[side])
        if best is None or key > best[0]:
            best = (key, option)
    assert best is not None
    return best[1]

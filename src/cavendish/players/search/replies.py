"""Replies in the current trick made by players who see only their own hands.

Design note
-----------
Double dummy scores a lead as if the second hand knew where every card lies: it
ducks its ace exactly when the king is with the leader, and covers exactly when
covering gains.  Averaged over the worlds this still credits every reply in the
trick with the whole layout, so sampling undervalues the cards that set the
next players a guess (a lead towards a tenace, a low card from an honour) and
overvalues those that only win if the replies are perfect.

Here the next hand in the trick chooses as a sampling player does: in each
world its own hand is kept, the cards it cannot see are dealt again a few times
(:func:`.opponent.redeal_others`, keeping the voids shown so far, those shown in
this trick included, and the turned-up trump while the dealer holds it), and it
plays the card with the most tricks on average over those deals (ties: the
lowest).  The second and third hands are modelled so when the player to decide
leads, the third hand when it plays second; the last hand of a trick sees all
but its own side's remaining cards played, and is left double dummy.  The
position after the modelled replies is solved double dummy in the world, which
gives the card's value there.

Only the best few cards by plain double dummy are rescored this way (the
caller ranks the rest below them), and only as many worlds
as ``work`` (reference ms, as :class:`~.budget.Budget`) pays for, taken at random
from those solved.

>>> import random
>>> from cavendish.core import Deal, HandState, Seat
>>> from cavendish.players.search.sampling import World
>>> from cavendish.players.search.evaluate import evaluate
>>> deal = Deal.from_pbn("N:AK32.K32.432.432 J74.QJ4.K65.K965 Q65.A765.A87.A87 "
...                      "T98.T98.QJT9.QJT", trump_card="S2")
>>> state = HandState(deal)
>>> view = state.view(Seat.E)
>>> ev = evaluate([World(deal.hands, 1.0)], view)
>>> out = reply_values([World(deal.hands, 1.0)], view, (0, 0, 0, 0), None, 0, ev,
...                    candidates=3, deals=4, work=10_000.0, rng=random.Random(1),
...                    min_worlds=1)
>>> sorted((str(c), v) for c, v in out.items())  # E's three best groups, rescored
[('D5', 4.0), ('H4', 4.0), ('S4', 4.0)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from ...analysis import dd
from ...analysis.position import Position
from ...core.cards import Card
from ...core.state import SeatView
from .budget import world_cost
from .evaluate import Evaluation, best_first
from .opponent import mean_values, redeal_others
from .pimc import equal_groups
from .sampling import World

__all__ = ["reply_values"]


def _modelled(position: int) -> int:
    """How many replies in the trick are chosen from the replier's own hand when the
    deciding player is at ``position`` (the last hand is left double dummy)."""
    return max(0, 2 - position)


def _choose(results: Sequence[dd.DDResult]) -> Card:
    """The card a sampling player picks from its deals: most mean tricks, then lowest."""
    return best_first(mean_values(results))[0][0]


def _renounced(shown: list[int], pos: Position, card: Card) -> list[int]:
    """``shown`` with the void that ``card``, played at ``pos``, reveals (if any)."""
    if not pos.played or card // 13 == pos.played[0] // 13:
        return shown
    out = list(shown)
    out[pos.to_play] |= 1 << (pos.played[0] // 13)
    return out


def reply_values(
    worlds: Sequence[World],
    view: SeatView,
    voids: Sequence[int],
    turned: Card | None,
    gone: int,
    ev: Evaluation,
    *,
    candidates: int,
    deals: int,
    work: float,
    rng: random.Random,
    min_worlds: int = 4,
) -> dict[Card, float] | None:
    """The best ``candidates`` cards of ``ev`` rescored with own-hand replies.

    ``voids``: the suits (bit sets) each seat has shown void so far, this trick's
    cards included;
    ``turned``: the turned-up trump card (pinned to the dealer while he holds it);
    ``gone``: the cards played to the tricks before this one.
    Returns each candidate's weighted mean of the side's tricks from here, or
    None when the model does not apply (no reply to model, one candidate, or too
    little work for ``min_worlds`` worlds).
    """
    position = len(view.trick)
    modelled = _modelled(position)
    if modelled == 0 or deals < 1:
        return None
    # one card of each group of equals (a sequence), the best first
    group_of = {c: i for i, g in enumerate(equal_groups(view.legal, view.hand, gone)) for c in g}
    chosen: list[Card] = []
    seen: set[int] = set()
    for c, _ in ev.ranked():
        if group_of.get(c, -1) in seen:
            continue
        seen.add(group_of.get(c, -1))
        chosen.append(c)
        if len(chosen) == candidates:
            break
    if len(chosen) < 2:
        return None
    cards_left = view.hand.bit_count()
    per_world = len(chosen) * (1 + modelled * deals) * world_cost(cards_left, position + 1)
    n = min(len(worlds), int(work / per_world)) if per_world > 0 else len(worlds)
    if n < min_worlds:
        return None
    # a random subset when not every world is paid for (enumerated worlds come in order)
    picked = sorted(rng.sample(range(len(worlds)), n)) if n < len(worlds) else range(n)
    worlds = [worlds[i] for i in picked]
    played = tuple(card for _, card in view.trick)
    side = int(view.seat) & 1
    dealer = int(view.dealer)
    # every (world, candidate) line, advanced reply by reply
    lines: list[tuple[int, Card, Position, list[int]]] = []
    for wi in range(n):
        base = Position(worlds[wi].hands, view.trump, view.leader, played)
        for c in chosen:
            lines.append((wi, c, base.play(c), _renounced(list(voids), base, c)))
    for _ in range(modelled):
        imagined: list[Position] = []
        for _, _, pos, shown in lines:
            q = int(pos.to_play)
            fixed: dict[int, int] = {}
            if turned is not None and q != dealer and pos.hands[dealer] >> turned & 1:
                fixed[dealer] = 1 << turned
            for _ in range(deals):
                imagined.append(Position(redeal_others(pos.hands, q, shown, fixed, rng),
                                         pos.trump, pos.leader, pos.played))
        results = dd.solve_many(imagined)
        advanced: list[tuple[int, Card, Position, list[int]]] = []
        for i, (wi, c, pos, shown) in enumerate(lines):
            reply = _choose(results[i * deals : (i + 1) * deals])
            advanced.append((wi, c, pos.play(reply), _renounced(shown, pos, reply)))
        lines = advanced
    finals = dd.solve_many([pos for _, _, pos, _ in lines])
    remaining = 13 - sum(view.tricks_won)
    acc = dict.fromkeys(chosen, 0.0)
    total = sum(w.weight for w in worlds)
    for (wi, c, pos, _), r in zip(lines, finals, strict=True):
        tricks = r.best if (int(pos.to_play) & 1) == side else remaining - r.best
        acc[c] += worlds[wi].weight * tricks
    if total <= 0:
        return None
    return {c: v / total for c, v in acc.items()}

"""Properties of the score sheet over random sequences of hands, in every variant.

The invariants come from the laws: game scores stay below the game between hands
(law 2: the game ends when a side reaches it), every game's value is one the variant
allows (law 8; Clay's net tricks + 4), a rubber ends exactly when a side has two games
(law 1), totals are the rubbers' points (laws 9-10), a side that revoked never wins the
game by that hand (laws 81-82), and the sheet is what its hands score (laws 11-12).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from cavendish.core import Rules, Side, get_rules
from cavendish.scoring import (
    PENALTIES,
    HandResult,
    HandScore,
    Revoke,
    ScoreSheet,
    best_penalty,
    honours_value,
    score_club,
)

VARIANTS = ("short", "long", "american", "clay")
GAME_VALUES = {"short": {1, 2, 3}, "long": {1}, "american": {1}}

sides = st.sampled_from([Side.NS, Side.EW])
penalties = st.sampled_from([None, *PENALTIES])


@st.composite
def hand_results(draw: st.DrawFn, max_revokes: int = 3) -> HandResult:
    """A hand: any split of the tricks, the four honours split any way (or none given),
    and up to ``max_revokes`` revokes with or without the claimants' election."""
    ns = draw(st.integers(0, 13))
    held = draw(st.integers(0, 4))
    honours = draw(st.sampled_from([(held, 4 - held), (0, 0)]))
    revokes = draw(st.lists(st.builds(Revoke, sides, penalties), max_size=max_revokes))
    return HandResult((ns, 13 - ns), honours, tuple(revokes))


def _called_at_eight(rules: Rules, before: tuple[int, int], result: HandResult) -> bool:
    """Long whist: a side at eight with three or four honours calls them first."""
    at = rules.call_honours_at
    return at is not None and rules.honours and any(
        before[s] == at and result.honours[s] >= 3 for s in (0, 1)
    )


def _oracle(rules: Rules, before: tuple[int, int], result: HandResult) -> tuple[int, int]:
    """The score after a hand without revokes, by laws 2-5 (and long whist's call at
    eight) written out plainly: the first side to reach the game stops the scoring."""
    target = rules.game_points
    score = list(before)
    steps: list[tuple[int, int]] = []
    honours = [honours_value(h) if rules.honours else 0 for h in result.honours]
    holder = next((s for s in (0, 1) if honours[s]), None)
    barred = rules.honours_barred_at
    if holder is not None and barred is not None and before[holder] >= barred:
        holder = None
    if holder is not None and before[holder] == rules.call_honours_at:
        steps.append((holder, honours[holder]))
        holder = None
    for side in (0, 1):
        steps.append((side, max(0, result.tricks[side] - 6)))
    if holder is not None:
        steps.append((holder, honours[holder]))
    for side, points in steps:
        score[side] += points
        if score[side] >= target:
            break
    return (score[0], score[1])


def _check_sheet(name: str, sheet: ScoreSheet) -> None:
    rules = sheet.rules
    target = rules.game_points
    # Game scores stay below the game between hands (law 2).
    assert max(sheet.score) < target
    for i, (scored, result) in enumerate(zip(sheet.hands, sheet.results, strict=True)):
        assert max(scored.before) < target
        revoking = {r.side for r in result.revokes}
        # Laws 81-82: the revoking side never wins the game by that hand (unless long
        # whist's call at eight won it before a card was played).
        if revoking and not _called_at_eight(rules, scored.before, result):
            assert scored.game_winner not in revoking, (i, scored)
            for side in revoking:
                assert scored.after[side] <= max(scored.before[side], target - 1)
            if len(revoking) == 2:
                assert scored.game_winner is None
        if not result.revokes and not scored.outside_game:
            assert scored.after == _oracle(rules, scored.before, result), (i, result)
    # Every game's value is one the variant allows (law 8; Clay: net tricks + 4).
    for game in sheet.games:
        assert game.score[game.winner] >= target > game.score[game.winner.other]
        if name == "clay":
            won = game.winner
            net = sum(
                sheet.hands[i].settlement[won] - sheet.hands[i].settlement[won.other]
                for i in game.hands
            )
            assert game.value == net + rules.game_bonus
            assert sheet.hands[game.hands[-1]].game_value == game.value
        else:
            assert game.value in GAME_VALUES[name]
            assert game.value == sheet.hands[game.hands[-1]].game_value
    # A rubber ends exactly when a side has two games (law 1); its points are its
    # winners' games, the rubber points, less the losers' game in three (laws 9, 10).
    if rules.rubber:
        rubbers: list[tuple[Side, int]] = []
        open_games: list[tuple[Side, int]] = []
        for game in sheet.games:
            open_games.append((game.winner, game.value))
            won = [w for w, _ in open_games].count(game.winner)
            if won == 2:
                points = sum(v for w, v in open_games if w == game.winner) + rules.rubber_bonus
                if len(open_games) == 3:
                    points -= sum(v for w, v in open_games if w != game.winner)
                rubbers.append((game.winner, points))
                open_games = []
        assert [(r.winner, r.points) for r in sheet.rubbers] == rubbers
        assert [(g.winner, g.value) for g in sheet.rubber_games] == open_games
        assert all(len(r.games) in (2, 3) for r in sheet.rubbers)
        totals = [0, 0]
        for winner, points in rubbers:
            totals[winner] += points
        assert sheet.totals == (totals[0], totals[1])
    else:
        assert sheet.rubbers == []
        totals = [0, 0]
        for game in sheet.games:
            totals[game.winner] += game.value
        for scored in sheet.hands:
            if scored.outside_game:
                totals[0] += scored.settlement[0]
                totals[1] += scored.settlement[1]
        assert sheet.totals == (totals[0], totals[1])
    # Laws 11-12: the sheet is what its hands score.
    assert ScoreSheet.replay(rules, sheet.results) == sheet


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANTS), st.lists(hand_results(), min_size=1, max_size=30))
def test_laws_1_2_8_9_10_sheet_invariants_over_random_hands(
    name: str, results: list[HandResult]
) -> None:
    """Laws 1, 2, 8-12, 81-82 over random sequences of hands, with and without revokes."""
    sheet = ScoreSheet(get_rules(name))
    for result in results:
        sheet.record(result)
        assert max(sheet.score) < sheet.rules.game_points
    _check_sheet(name, sheet)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(VARIANTS), st.lists(hand_results(max_revokes=0), min_size=1, max_size=30))
def test_laws_2_to_5_hands_without_revokes_agree_with_a_plain_reckoning(
    name: str, results: list[HandResult]
) -> None:
    """Laws 2-5 (and long whist at eight and nine): tricks and honours in order, the
    game stopping the scoring, against a plain reckoning of each hand."""
    sheet = ScoreSheet(get_rules(name))
    for result in results:
        sheet.record(result)
    _check_sheet(name, sheet)


def _worth(score: HandScore, claimants: Side) -> tuple[int, int]:
    if score.game_winner is None:
        won = 0
    elif score.game_winner == claimants:
        won = score.game_value
    else:
        won = -score.game_value
    return (won, score.after[claimants] - score.after[claimants.other])


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from(("short", "long", "american")),
    st.integers(0, 13),
    st.integers(0, 4),
    sides,
    st.data(),
)
def test_law_72_best_penalty_is_worth_most_to_the_claimants(
    name: str, ns: int, held: int, revoker: Side, data: st.DataObject
) -> None:
    """Law 72: the computer elects, for the claimants, a penalty worth at least as much
    as each of the three, tried one by one (game value won first, then the margin);
    and under law 82 the revokers never win the game."""
    rules = get_rules(name)
    target = rules.game_points
    before = (data.draw(st.integers(0, target - 1)), data.draw(st.integers(0, target - 1)))
    hand = HandResult((ns, 13 - ns), (held, 4 - held), (Revoke(revoker),))
    claimants = revoker.other
    tried = {
        p: _worth(score_club(rules, before, HandResult(hand.tricks, hand.honours,
                                                       (Revoke(revoker, p),))), claimants)
        for p in PENALTIES
    }
    chosen = best_penalty(rules, before, hand, revoker)
    assert tried[chosen] == max(tried.values())
    score = score_club(rules, before, hand)
    assert _worth(score, claimants) == max(tried.values())
    if not _called_at_eight(rules, before, hand):
        assert score.game_winner != revoker
        assert score.after[revoker] <= target - 1

"""A second pack, as clubs played (issue 31 point 17).

000 (Britannica, the etiquette, line 945): "Two packs of cards are invariably used at
clubs; if possible this should be adhered to."  003 law 30: "The dealer's partner must
collect the cards for the ensuing deal, and has the first right to shuffle that pack";
law 31: "Each player, after shuffling, must place the cards, properly collected and
face downwards, to the left of the player about to deal"; law 42: "a card belonging to
the other pack"; law 48: "Any one dealing out of turn, or with the adversary's cards".
``Rules.packs`` says how many packs a table has; Cavendish's reading, told where the
player sees it: each side deals with its own pack."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest
from laws_helpers import N, arbiter, c, play_tricks
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core import Seat, get_rules
from cavendish.core.cards import Card, Side, cards_of
from cavendish.core.rules import Rules, RulesError
from cavendish.core.table import cut_pack, deal_pack
from cavendish.game.session import Session
from cavendish.io.jsonlog import records_from_json, records_to_json
from cavendish.io.pbn import read_pbn_file, write_pbn_file
from cavendish.io.record import RecordError
from cavendish.laws.deal_laws import DealProcedure, packs_line, slipped_deal
from cavendish.laws.errors import NotAllowed
from cavendish.laws.packs import TablePacks, side_name
from cavendish.laws.scenario import Report, Scenario, _run_dealing
from cavendish.laws.texts import law_words
from cavendish.players import RandomPlayer

SEED_000 = Path(__file__).parents[2] / "sources" / "000_240c701a064834c4.txt"
SEED_003 = Path(__file__).parents[2] / "sources" / "003_66747c784035cc3b.txt"


def test_000_two_packs_as_clubs_play_are_rules_data() -> None:
    """The club code's games have two packs; the old games of 000 one; no other count."""
    text = " ".join(SEED_000.read_text(encoding="utf-8").split())
    assert "Two packs of cards are invariably used at clubs" in text
    assert get_rules("short").packs == get_rules("long").packs == 2
    assert get_rules("whisk").packs == get_rules("ruff-and-honours").packs == 1
    with pytest.raises(RulesError, match="packs 3"):
        Rules(packs=3)


def test_law_30_31_the_still_pack_made_up_by_the_dealers_partner_for_the_next_deal() -> None:
    """Law 30: the dealer's partner collects the cards for the ensuing deal; law 31:
    they are placed to the left of the player about to deal (the next dealer)."""
    assert "The dealer's partner must collect the cards for the ensuing deal" in law_words(30)
    line = packs_line(get_rules("short"), Seat.E)
    assert line.startswith("E deals with E-W's pack")
    assert "the still pack, N-S's, is made up by W, the dealer's partner (law 30)" in line
    assert "placed at S's left for the next deal (law 31)" in line


def test_law_42_48_the_other_pack_and_the_adversarys_cards_need_two_packs() -> None:
    """Laws 42 and 48 speak of "the other pack" and "the adversary's cards": at a table
    of two packs they run (the adversaries elect), at a table of one they cannot."""
    assert "the other pack" in law_words(42) and "the adversary's cards" in law_words(48)
    two = DealProcedure(Seat.S, get_rules("short"), own_pack=False, seed=1)
    assert two.rulings[0].law == 48 and "with the adversaries' pack" in two.rulings[0].what
    one = get_rules("short", packs=1)
    with pytest.raises(NotAllowed, match="no adversary's cards"):
        DealProcedure(Seat.S, one, own_pack=False)
    proc = DealProcedure(Seat.S, one, seed=1)
    with pytest.raises(NotAllowed, match="there is no other pack"):
        proc.foreign_card(Seat.W, Card.parse("SA"))


def test_law_30_31_the_packs_are_told_at_the_terminal_and_in_cavendish_variants(
        tmp_path: Path) -> None:
    """``cavendish play --laws`` tells at each board whose pack is dealt and where the
    still pack goes; ``cavendish variants`` says which games have two packs and what
    Cavendish reads into it."""
    res = CliRunner().invoke(app, ["play", "--laws", "--seed", "3", "--out",
                                   str(tmp_path / "p.pbn")], input="auto\n" * 60 + "quit\n")
    text = " ".join(res.output.split())
    assert "deals with N-S's pack; the still pack, E-W's" in text \
        or "deals with E-W's pack; the still pack, N-S's" in text
    listing = CliRunner().invoke(app, ["variants"]).output
    short = listing.split("\nshort")[1].split("\n")[1]
    assert "two packs, as clubs play" in short and "each side dealing with its own" in short
    whisk = listing.split("\nwhisk ")[1].split("\n")[1]
    assert "two packs" not in whisk


def test_law_46_search_the_other_pack_needs_two_packs() -> None:
    """003 line 492, law 46: "the deal stands good; ... he may search the other pack for
    it, or them."  With two packs the missing card is found in the other pack; at a
    table of one there is none: the card is found and restored all the same, and the
    ruling says there was no other pack to search (worded as laws 42 and 48 are)."""
    line = SEED_003.read_text(encoding="utf-8").splitlines()[491]
    assert line.lstrip().startswith("46.") and "he may search the other pack for it" in line
    whats = {}
    for packs in (2, 1):
        arb = arbiter(rules=get_rules("short", packs=packs), missing={N: c("C8")})
        play_tricks(arb, "H5 H2 HA H8")
        arb.find_missing(N)
        assert arb.state.hand(N) >> c("C8") & 1 and arb.void is None
        assert arb.rulings[-1].law == 46
        whats[packs] = arb.rulings[-1].what
    assert "C8 is found in the other pack, E-W's, and restored" in whats[2]
    assert "other pack" not in whats[1].split("(")[0]
    assert "there is no other pack to search" in whats[1] and "restored" in whats[1]


def test_law_30_31_plain_play_tells_the_packs_once_a_board_where_two_are_used(
        tmp_path: Path) -> None:
    """003 line 313, law 30: "The dealer's partner must collect the cards for the ensuing
    deal"; plain ``cavendish play`` (no ``--laws``) tells it as ``play --laws`` does,
    one line on each board's first screen, where the table has two packs (000, line
    945: "Two packs of cards are invariably used at clubs"); at whisk, one pack, none."""
    line = SEED_003.read_text(encoding="utf-8").splitlines()[312]
    assert "30. The dealer's partner must collect the cards for the ensuing deal" in line
    hand = "auto\n" * 13
    res = CliRunner().invoke(app, ["play", "--seed", "3", "--out", str(tmp_path / "p.pbn")],
                             input=hand + "\n" + hand + "quit\n")
    assert res.exit_code == 0, res.output
    told = [ln for ln in res.output.splitlines() if "the still pack" in ln]
    dealers = [Seat.parse(ln.split("· dealer ")[1][0]) for ln in res.output.splitlines()
               if ln.startswith("Board ") and "· trump card " in ln]
    assert len(dealers) >= 2 and dealers[0] != dealers[1]  # a line a board, each his
    assert told == [packs_line(get_rules("short"), d) + "." for d in dealers]
    whisk = CliRunner().invoke(app, ["play", "--variant", "whisk", "--seed", "3", "--out",
                                     str(tmp_path / "w.pbn")], input=hand + "quit\n")
    assert whisk.exit_code == 0, whisk.output
    assert "Board 1" in whisk.output and "pack" not in whisk.output


# ------------------------------------------------ the packs as real objects
def _line(seed: Path, number: int) -> str:
    return seed.read_text(encoding="utf-8").splitlines()[number - 1]


def _computers(seed: int = 0) -> dict[Seat, RandomPlayer]:
    return {s: RandomPlayer(seed + i, f"P{i}") for i, s in enumerate(Seat)}


def test_law_30_31_the_still_pack_made_up_during_the_play_is_dealt_next() -> None:
    """003 line 313, law 30: "The dealer's partner must collect the cards for the ensuing
    deal, and has the first right to shuffle that pack"; line 318, law 31: "place the
    cards [...] to the left of the player about to deal".  At seed 7, while board 1 is
    in play the still pack lies made up by the dealer's partner at the next dealer's
    left, and board 2 is that very order, cut (law 34) and dealt (law 33)."""
    assert "has the first right to shuffle that pack" in _line(SEED_003, 313)
    assert "to the left of the player about to deal" in _line(SEED_003, 318)
    session = Session.seated("short", _computers(), seed=7, max_hands=3)
    session.start_hand()
    dealer = session.dealer
    assert session.packs is not None and session.pack_dealt == side_name(dealer.side)
    still = session.packs.still
    assert still is not None and still.order is not None
    assert still.side == dealer.side.other and still.name == f"{side_name(still.side)}'s pack"
    assert still.shuffled_by == dealer.partner and still.placed_at == dealer.left
    assert packs_line(session.rules, dealer).endswith(
        f"made up by {still.shuffled_by}, the dealer's partner (law 30), and placed at "
        f"{dealer.left}'s left for the next deal (law 31)")
    order = list(still.order)
    session.run()
    session.finish_hand()
    cutter = random.Random()
    cutter.setstate(session.rng.getstate())
    cut, lifted = cut_pack(order, cutter)
    session.start_hand()
    assert session.dealer == dealer.left and 4 <= lifted <= 48
    assert session.state is not None and session.state.deal == deal_pack(cut, dealer.left)
    assert session.pack_dealt == side_name(still.side)
    # and the pack of board 1, gathered, is made up in its turn, by the new dealer's partner
    again = session.packs.still
    assert again is not None and again.side == dealer.side
    assert again.shuffled_by == dealer.left.partner and again.placed_at == dealer.left.left


@pytest.mark.parametrize("variant", ["short", "long", "dummy"])
def test_000_two_packs_deal_the_cards_one_generator_dealt_at_the_same_seed(variant: str) -> None:
    """000 line 945: "Two packs of cards are invariably used at clubs".  The still pack
    is shuffled where a deal made at once shuffled (just after the deal of the pack in
    play), so a seed deals the same cards with two packs as with one: every deal of a
    rubber (seeds 1-3), whose dealers alternate sides (law 33)."""
    assert "Two packs of cards are invariably used at clubs" in " ".join(
        SEED_000.read_text(encoding="utf-8").split())
    for seed in (1, 2, 3):
        deals = []
        for packs in (2, 1):
            seats = tuple(Seat) if variant != "dummy" else (Seat.N, Seat.E, Seat.S)
            players = {s: RandomPlayer(i) for i, s in enumerate(seats)}
            s = Session.seated(get_rules(variant, packs=packs), players, seed=seed, rubbers=1)
            result = s.play_all()
            deals.append([h.state.deal for h in result.hands])
            assert [h.pack for h in result.hands] == (
                [side_name(h.dealer.side) for h in result.hands] if packs == 2 else
                [""] * len(result.hands))
        assert deals[0] == deals[1] and len(deals[0]) >= 2


def test_law_30_31_the_pack_dealt_is_in_the_record_pbn_and_json(tmp_path: Path) -> None:
    """The record tells whose pack was dealt: PBN's ``[Pack "N-S"]`` and the JSON log's
    ``"pack"``, read back the same; a table of one pack tells none."""
    session = Session.seated("short", _computers(), seed=5, max_hands=2)
    result = session.play_all()
    records = result.records()
    assert [r.pack for r in records] == [side_name(r.deal.dealer.side) for r in records]
    write_pbn_file(records, tmp_path / "p.pbn")
    text = (tmp_path / "p.pbn").read_text(encoding="utf-8")
    assert f'[Pack "{records[0].pack}"]' in text
    assert [r.pack for r in read_pbn_file(tmp_path / "p.pbn")] == [r.pack for r in records]
    log = records_to_json(records)
    assert [b["pack"] for b in json.loads(log)["boards"]] == [r.pack for r in records]
    assert [r.pack for r in records_from_json(log)] == [r.pack for r in records]
    one = Session.seated(get_rules("short", packs=1), _computers(), seed=5, max_hands=1)
    (rec,) = one.play_all().records()
    assert rec.pack == "" and "pack" not in json.loads(records_to_json([rec]))["boards"][0]
    with pytest.raises(RecordError, match="pack 'S-N'"):
        replace(rec, pack="S-N")


def test_law_30_31_a_saved_table_keeps_the_still_pack_and_deals_it_on_resume() -> None:
    """A session saved while a hand is in play keeps the still pack made up (its order,
    who shuffled it, where it lies): the table resumed deals the next board from it,
    as the unbroken table does."""
    first = Session.seated("short", _computers(), seed=11, max_hands=3)
    first.start_hand()
    first.step()
    data = json.loads(json.dumps(first.snapshot()))
    assert data["packs"]["dealt"] == first.pack_dealt
    again = Session.restore(data, _computers())
    assert again.packs is not None and first.packs is not None
    assert again.packs.to_dict() == first.packs.to_dict()
    for s in (first, again):
        s.run()
        s.finish_hand()
        s.start_hand()
    assert again.state is not None and first.state is not None
    assert again.state.deal == first.state.deal
    assert again.hands[0].pack == first.hands[0].pack != ""


def test_law_48_the_adversarys_real_pack_dealt_and_stopped() -> None:
    """003 line 507, law 48: "Any one dealing out of turn, or with the adversary's cards,
    may be stopped before the trump card is turned up".  S dealt board 1 with N-S's
    pack, and E-W's lies made up at W's left; W takes up N-S's pack, gathered (he
    shuffles it himself), and deals it: the procedure deals those real cards; stopped,
    W deals his own pack, E-W's, cut from the order it lay in."""
    assert "with the adversary's cards, may be stopped" in _line(SEED_003, 507)
    rules, rng, packs = get_rules("short"), random.Random(3), TablePacks()
    packs.deal(rng, Seat.S)
    packs.make_up_still(rng, Seat.S)
    lying = packs.packs[Side.EW].order
    proc = packs.deal_procedure(rng, Seat.W, rules, own=False)
    assert packs.dealt == Side.NS and packs.packs[Side.EW].order == lying
    assert proc.rulings[0].law == 48 and "with the adversaries' pack" in proc.rulings[0].what
    proc.stop(Seat.N)
    assert proc.outcome is not None and proc.outcome.next_dealer == Seat.W
    assert "W deals with his own pack" in proc.rulings[-1].what
    cutter = random.Random()
    cutter.setstate(rng.getstate())
    assert lying is not None
    expected = deal_pack(cut_pack(list(lying), cutter)[0], Seat.W)
    assert packs.deal(rng, Seat.W) == expected and packs.dealt == Side.EW
    with pytest.raises(NotAllowed, match="no adversary's cards"):
        TablePacks().deal_procedure(rng, Seat.S, get_rules("short", packs=1), own=False)


def test_law_42_46_the_other_pack_is_the_real_pack_not_dealt() -> None:
    """003 line 413, law 42: "a card belonging to the other pack"; line 492, law 46: "he
    may search the other pack for it".  The other pack is the side's pack not dealt:
    named in the law 42 election of a deal by hand from the table's packs, and in the
    law 46 search; a table of one pack has none."""
    assert "a card belonging to the other pack" in _line(SEED_003, 413)
    assert "he may search the other pack for it" in _line(SEED_003, 492)
    rules, rng, packs = get_rules("short"), random.Random(4), TablePacks()
    assert packs.other_pack(rules, Seat.S, 42).name == "E-W's pack"
    proc = packs.deal_procedure(rng, Seat.S, rules)
    proc.foreign_card(Seat.W, packs.take_from_other())
    assert "W holds a card of the other pack, E-W's" in proc.rulings[-1].what
    with pytest.raises(NotAllowed, match="there is no other pack"):
        packs.other_pack(get_rules("short", packs=1), Seat.S, 46)


def test_dummy_law_i_a_side_dealing_twice_running_shuffles_its_own_pack_the_still_pack_waits(
) -> None:
    """Dummy law i (003 line 950: "Dummy deals at the commencement of each rubber"): when the
    dummy's side dealt the last hand of a rubber, it deals the first of the next with
    its own pack, gathered and shuffled anew (law 30: by the dealer's partner); the
    still pack, the other side's, lies as it was made up and is dealt next.  (Here the
    deals leave those of one generator dealt at once: 14 of 20 dummy sessions of three
    rubbers, seeds 1-20, deal otherwise from such a board on.)"""
    assert "Dummy deals at the commencement of each rubber" in _line(SEED_003, 950)
    seen = 0
    for seed in range(1, 6):
        players = {s: RandomPlayer(i) for i, s in enumerate((Seat.N, Seat.E, Seat.S))}
        session = Session.seated("dummy", players, seed=seed, rubbers=3)
        last: Seat | None = None
        while not session.is_over:
            assert session.packs is not None
            lying = session.packs.still
            before = None if lying is None else (lying.side, lying.order)
            session.start_hand()
            dealer = session.dealer
            if last is not None and last.side == dealer.side:
                seen += 1
                still = session.packs.still
                assert before is not None and before[0] == dealer.side.other
                assert still is not None and (still.side, still.order) == before
                assert session.pack_dealt == side_name(dealer.side)
            session.run()
            session.finish_hand()
            last = dealer
    assert seen >= 1


def test_law_46_the_search_takes_the_card_from_the_still_packs_real_order() -> None:
    """003 line 492, law 46: "he may search the other pack for it, or them."  The card of
    the pack in play fallen among the other pack's cards is shuffled into the still
    pack (53 cards); the search takes it out of that order and restores it (52 again).
    Where the still pack does not hold it (fallen below the table), the search finds
    nothing: refused, the hand still short, nothing changed."""
    assert "he may search the other pack for it, or them" in _line(SEED_003, 492)
    rules = get_rules("short")
    for stray in (True, False):
        rng, packs = random.Random(4), TablePacks()
        proc = packs.deal_procedure(rng, Seat.S, rules)
        proc.shuffle(Seat.N)
        proc.shuffle(Seat.S)
        proc.cut(Seat.E, 26)
        for _ in range(9):
            proc.deal_card()
        if not stray:
            proc.table_packs = None  # the card falls below the table, not into a pack
        proc.drop_card()  # the tenth card, N's, falls among E-W's cards
        outcome = proc.deal_all()
        (seat, card), = outcome.missing
        packs.make_up_still(rng, Seat.S)
        still = packs.still
        assert still is not None and still.side == Side.EW
        assert outcome.deal is not None
        arb = arbiter(outcome.deal, rules, missing={seat: card}, packs=packs)
        arb.play(arb.state.turn, min(cards_of(arb.state.hand(arb.state.turn))))
        while not arb._has_played(seat):
            arb.play(arb.state.turn, arb.state.view(arb.state.turn).legal_cards()[0])
        if stray:
            assert still.count == 53 and still.order is not None
            assert still.order.count(card) == 2  # its own and the stray of N-S's pack
            arb.find_missing(seat)
            assert arb.state.hand(seat) >> card & 1
            assert still.count == 52 and len(still.order) == 52 and still.order.count(card) == 1
            assert packs.packs[Side.NS].away == [] and still.strays == []
            assert "found in the other pack, E-W's, taken from its cards (52 again;" in (
                arb.rulings[-1].what)
        else:
            with pytest.raises(NotAllowed, match=rf"{card} is not in E-W.s pack.*law 46"):
                arb.find_missing(seat)
            assert not arb.state.hand(seat) >> card & 1 and still.count == 52


def test_law_42_the_card_of_the_other_pack_comes_from_it_and_goes_back() -> None:
    """003 line 413, law 42: "If a player take into the hand dealt to him a card belonging
    to the other pack, the adversaries, on discovery of the error, may decide whether
    they will have a fresh deal or not."  The card taken lacks from the other pack (51
    cards); fresh deal or not, it goes back (52); the deal that stands is the deal
    dealt.  A card the other pack does not lack is no card of it: refused."""
    assert "a card belonging to the other pack" in _line(SEED_003, 413)
    rules = get_rules("short")
    for option in ("stand", "new-deal"):
        rng, packs = random.Random(5), TablePacks()
        _ = packs.deal(rng, Seat.S)
        packs.make_up_still(rng, Seat.S)
        deal = packs.deal(rng, Seat.W)  # E-W's pack dealt; N-S's lies gathered
        proc = slipped_deal(deal, rules, "other_card", 20, packs=packs)
        ns = packs.packs[Side.NS]
        assert ns.count == 51 and len(ns.away) == 1 and packs.lacks(ns.away[0])
        card = ns.away[0]
        d = proc.pending()
        assert d is not None and d.law == 42 and d.side == Side.NS  # W took it (20th card)
        assert "W holds a card of the other pack, N-S's pack: a fresh deal?" in d.question
        proc.elect(d.side, option)
        assert ns.away == [] and ns.count == 52
        assert f"{card} goes back to N-S's pack (52 cards again)" in proc.rulings[-1].what
        if option == "stand":
            assert proc.deal_all().deal == deal
        else:
            assert proc.outcome is not None and proc.outcome.verdict == "new deal"
    with pytest.raises(NotAllowed, match=r"lacks no SA.*law 42"):
        packs.deal_procedure(rng, Seat.N, rules).foreign_card(Seat.E, Card.parse("SA"))


def test_law_42_46_a_card_astray_is_kept_by_a_snapshot_of_the_packs() -> None:
    """003 lines 413 and 492: the card astray is in the real pack saved and resumed: the
    still pack's 53 cards, the stray's place, the pack in play's card away."""
    assert "search the other pack" in _line(SEED_003, 492)
    rng, packs = random.Random(6), TablePacks()
    _ = packs.deal(rng, Seat.S)
    packs.stray_into_other(Card.parse("D7"))
    packs.make_up_still(rng, Seat.S)
    back = TablePacks.from_dict(json.loads(json.dumps(packs.to_dict())))
    assert back.to_dict() == packs.to_dict()
    still = back.still
    assert still is not None and still.count == 53 and still.strays == [Card.parse("D7")]
    back.search(Card.parse("D7"))
    assert still.count == 52 and back.packs[Side.NS].away == []


def test_law_42_46_cavendish_rule_scenarios_put_the_card_astray_in_the_real_packs() -> None:
    """003 line 413 (law 42, "a card belonging to the other pack") and line 492 (law 46,
    "he may search the other pack for it"): ``cavendish rule`` scenarios reach both, the
    card astray in the table's real packs (the dropped card lies among E-W's)."""
    assert "a card belonging to the other pack" in _line(SEED_003, 413)
    assert "he may search the other pack for it" in _line(SEED_003, 492)
    folder = Path(__file__).parents[2] / "docs" / "scenarios" / "deal"
    out42 = CliRunner().invoke(app, ["rule", str(folder / (
        "card-of-the-other-pack-taken-the-deal-stands.json"))]).output
    assert "W holds a card of the other pack, E-W's pack: a fresh deal?" in out42
    assert "goes back to E-W's pack (52 cards again)" in " ".join(out42.split())
    path = folder / "card-fallen-into-the-other-pack-searched.json"
    out46 = " ".join(CliRunner().invoke(app, ["rule", str(path)]).output.split())
    assert "is found in the other pack, E-W's, taken from its cards (52 again;" in out46
    dealt = _run_dealing(Scenario.from_dict(json.loads(path.read_text(encoding="utf-8"))),
                         auto=False)
    assert not isinstance(dealt, Report)
    scenario, _, packs = dealt
    (seat, card), = scenario.missing
    assert packs is not None and packs.packs[Side.EW].strays == [card] and seat == Seat.N
    assert packs.packs[Side.NS].away == [card] and packs.packs[Side.EW].count == 53

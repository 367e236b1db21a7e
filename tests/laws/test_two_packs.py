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

from pathlib import Path

import pytest
from laws_helpers import N, arbiter, c, play_tricks
from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core import Seat, get_rules
from cavendish.core.cards import Card
from cavendish.core.rules import Rules, RulesError
from cavendish.laws.deal_laws import DealProcedure, packs_line
from cavendish.laws.errors import NotAllowed
from cavendish.laws.texts import law_words

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
    assert "C8 is found in the other pack and restored" in whats[2]
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

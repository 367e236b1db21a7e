"""``cavendish variants`` (issue 23 item 4): every variant, each with a line on its source;
``cavendish deal --variant`` deals the old games' packs."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cavendish.cli.main import app
from cavendish.core.rules import variant_names

runner = CliRunner()


def test_variants_lists_every_variant_with_its_source() -> None:
    res = runner.invoke(app, ["variants"])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert [line.split()[0] for line in lines] == variant_names()
    assert all(len(line.split()) > 2 for line in lines)  # a line on its source each
    old = [line for line in lines if line.split()[0] in ("ruff-and-honours", "whisk", "swabbers")]
    assert len(old) == 3 and all("(000" in line for line in old)


def test_deal_variant_deals_twelve_a_hand_and_the_stock() -> None:
    res = runner.invoke(app, ["deal", "--seed", "3", "--variant", "ruff-and-honours", "--json"])
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    hands = data["deal"].split(":")[1].split()
    assert [len(h.replace(".", "")) for h in hands] == [12] * 4
    assert len(data["stock"].replace(".", "")) == 4

"""The modules compiled with mypyc (issue 22): one list, never a stale build run
silently, the same results as the Python sources."""

from __future__ import annotations

import ast
import copy
import dataclasses
import os
import pickle
import re
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

from cavendish.compiled import COMPILED, GROUPS, StaleBuildError, check_fresh, stale_modules

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


def _fake_tree(tmp_path: Path) -> Path:
    """A copy of the package's sources (no compiled file), as a checkout's ``src``."""
    src = tmp_path / "src"
    shutil.copytree(
        SRC / "cavendish", src / "cavendish",
        ignore=shutil.ignore_patterns("*.so", "__pycache__", "*.pyd"),
    )
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'cavendish'\n")
    return src


def _built_beside(source: Path, age: float) -> Path:
    """A compiled file beside ``source``, ``age`` seconds older than it (negative: newer)."""
    built = source.with_suffix(EXTENSION_SUFFIXES[0])
    built.write_bytes(b"not a real extension: the guard refuses it before any import")
    mtime = source.stat().st_mtime - age
    os.utime(built, (mtime, mtime))
    return built


def test_a_compiled_module_older_than_its_source_stops_the_import(tmp_path: Path) -> None:
    # the edited .py would not run (Python imports the .so first): the package's import
    # refuses, names the module and says how to rebuild
    src = _fake_tree(tmp_path)
    _built_beside(src / "cavendish" / "core" / "tricks.py", age=60)
    env = {**os.environ, "PYTHONPATH": str(src)}
    env.pop("CAVENDISH_ALLOW_STALE", None)
    run = subprocess.run(
        [sys.executable, "-c", "import cavendish"], env=env, capture_output=True, text=True,
        check=False,
    )
    assert run.returncode != 0
    assert "StaleBuildError" in run.stderr
    assert "cavendish/core/tricks.py" in run.stderr
    assert "make venv" in run.stderr


def test_a_fresh_or_absent_build_passes_the_guard(tmp_path: Path) -> None:
    src = _fake_tree(tmp_path)
    check_fresh(src)  # nothing compiled: the .py files run
    state = src / "cavendish" / "core" / "state.py"
    built = _built_beside(state, age=-5)  # built after the source was last edited
    assert stale_modules(src) == []
    os.utime(state)  # the source edited after the build
    assert stale_modules(src) == [(state, built)]
    with pytest.raises(StaleBuildError, match=r"core/state\.py.*make venv"):
        check_fresh(src)


def test_this_checkout_runs_no_stale_compiled_module() -> None:
    assert stale_modules(SRC) == []


def test_the_makefile_rebuilds_when_a_compiled_source_changes() -> None:
    # the venv's stamp depends on every compiled module's source, by compiled.py's list
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    stamp = re.search(r"^\$\(STAMP\):(.*?)\n\t(?!\t)", makefile, re.M | re.S)
    assert stamp is not None
    assert "$(COMPILED)" in stamp.group(1) and "src/cavendish/compiled.py" in stamp.group(1)
    listed = subprocess.run(
        [sys.executable, str(SRC / "cavendish" / "compiled.py")],
        capture_output=True, text=True, check=True,
    ).stdout.split()
    assert listed == [f"src/{m.replace('.', '/')}.py" for m in COMPILED]
    assert all((ROOT / path).is_file() for path in listed)


def test_setup_compiles_the_one_list() -> None:
    # setup.py reads GROUPS from compiled.py as a literal: the same modules, once each
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    assert any(isinstance(n, ast.Constant) and n.value == "GROUPS" for n in ast.walk(tree))
    assert len(COMPILED) == len(set(COMPILED)) == sum(len(m) for _, m in GROUPS)


def test_no_compiled_dataclass_takes_slots() -> None:
    # dataclass(slots=True) makes a new class: compiled, the module's own type checks
    # would then refuse the very instances it builds ("SeatView object expected")
    for module in COMPILED:
        path = SRC.joinpath(*module.split(".")).with_suffix(".py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "slots":
                pytest.fail(f"{path.relative_to(ROOT)}:{node.value.lineno}: slots=")


def test_the_python_sources_give_the_same_deals_and_play(tmp_path: Path) -> None:
    # without the build (no mypyc, no compiler) the .py files run: the same seeded deals,
    # cards and score as the compiled modules
    script = (
        "import random\n"
        "from cavendish.bench.engine import random_deal\n"
        "from cavendish.core.cards import Seat\n"
        "from cavendish.core.rules import get_rules\n"
        "from cavendish.scoring import ScoreSheet\n"
        "import cavendish.core.state as s\n"
        "rng = random.Random(7); sheet = ScoreSheet(get_rules('short'))\n"
        "log = [repr(random_deal(rng, Seat(i & 3), sheet).events) for i in range(30)]\n"
        "print(s.__file__.endswith('.py'), hash(tuple(log)), sheet.totals)\n"
    )
    src = _fake_tree(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(src), "PYTHONHASHSEED": "0"}
    pure = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, check=True).stdout.split(" ", 1)
    env["PYTHONPATH"] = str(SRC)
    here = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True,
                          text=True, check=True).stdout.split(" ", 1)
    assert pure[0] == "True"
    assert pure[1] == here[1]


def _mid_hand() -> tuple[object, object, object]:
    """A classical player holding every seat, five cards into a seeded hand: (player,
    state, the view of the seat to play)."""
    import random

    from cavendish.core.cards import Seat
    from cavendish.core.state import HandState
    from cavendish.core.table import deal_cards
    from cavendish.players.classical.player import ClassicalPlayer

    state = HandState(deal_cards(random.Random(11), Seat.S))
    player = ClassicalPlayer("modern", seed=3)
    player.set_score(2, 3)
    for seat in Seat:
        player.begin_hand(state.view(seat))
    for _ in range(5):
        event = state.play(player.choose(state.view(state.turn)))
        player.observe(event)
    return player, state, state.view(state.turn)


def _fields(obj: object) -> dict[str, object]:
    return {f.name: getattr(obj, f.name) for f in dataclasses.fields(obj)}  # type: ignore[arg-type]


@pytest.mark.parametrize("rebuild", [copy.deepcopy, lambda o: pickle.loads(pickle.dumps(o))],
                         ids=["deepcopy", "pickle"])
def test_a_compiled_classical_player_is_rebuilt_whole_by_pickle_and_deepcopy(
    rebuild: object,
) -> None:
    # compiled, a class has no __dict__ and its __new__ runs __init__: pickle's default
    # way failed (process pools and Ray ship players; the advice deep-copies knowledge)
    from cavendish.core.cards import Seat
    from cavendish.players.classical.player import ClassicalPlayer

    player, state, view = _mid_hand()
    assert isinstance(player, ClassicalPlayer)
    twin = rebuild(player)  # type: ignore[operator]
    assert isinstance(twin, ClassicalPlayer) and twin is not player
    for seat in Seat:
        k, t = player.knowledge(seat), twin.knowledge(seat)
        assert k is not None and t is not None and t is not k
        assert t.plays == k.plays and t.inferences == k.inferences
        assert [i.cards for i in t.inferences] == [i.cards for i in k.inferences]
        assert t.card_probabilities() == k.card_probabilities()
    decision = player.decide(view)  # type: ignore[arg-type]
    assert twin.decide(view) == decision  # type: ignore[arg-type]
    # every field of each frozen dataclass comes back, the computed ones too
    k = player.knowledge(Seat.N)
    assert k is not None
    for obj in (player.school, player._score, decision, *k.inferences):
        back = rebuild(obj)  # type: ignore[operator]
        assert type(back) is type(obj) and _fields(back) == _fields(obj)
    assert state is not None


def test_the_python_sources_play_the_classical_players_cards(tmp_path: Path) -> None:
    # the compiled classical player and its .py sources: the same match, card for card
    src = _fake_tree(tmp_path)
    pbn = {}
    for name, path in (("pure", src), ("here", SRC)):
        out = tmp_path / f"{name}.pbn"
        env = {**os.environ, "PYTHONPATH": str(path)}
        subprocess.run(
            [sys.executable, "-c", "from cavendish.cli.main import main; main()", "match",
             "classical", "classical", "--boards", "3", "--seed", "5", "-w", "1", "-q",
             "--pbn", str(out)],
            env=env, capture_output=True, text=True, check=True,
        )
        pbn[name] = out.read_text(encoding="utf-8")
    assert pbn["pure"] and pbn["pure"] == pbn["here"]

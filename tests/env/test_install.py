"""An honest install: the wheel built from a clean checkout resolves with ``[env]`` beside
``ray[rllib]`` (the package's metadata gives ranges; exact pins are constraints.txt's).

This test reaches PyPI (resolution only, ``pip install --dry-run``): it fails, saying so,
where PyPI cannot be reached.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _clean_checkout(to: Path) -> None:
    """The files git tracks (a clean clone's), without the built modules beside them."""
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.decode().split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():
            (to / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, to / name)


def test_metadata_gives_ranges_and_constraints_pin_them():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    required = project["dependencies"] + [
        r for extra in project["optional-dependencies"].values() for r in extra
    ]
    assert not [r for r in required if "==" in r], "exact pins belong in constraints.txt"
    env = project["optional-dependencies"]["env"]
    assert "gymnasium>=1.0,<2" in env and "pettingzoo>=1.24,<2" in env
    assert project["optional-dependencies"]["ray"] == ["ray>=2.9"]
    assert not any(r.startswith("matplotlib") for r in project["dependencies"])
    assert project["optional-dependencies"]["plots"][0].startswith("matplotlib")
    pins = (ROOT / "constraints.txt").read_text().split()
    for name in ("gymnasium", "pettingzoo", "ray", "matplotlib", "numpy"):
        assert any(p.lower().startswith(f"{name}==") for p in pins), name


@pytest.mark.skipif(not (ROOT / ".git").exists(), reason="needs the git checkout to build from")
def test_the_wheel_resolves_with_env_beside_rllib(tmp_path: Path):
    checkout = tmp_path / "checkout"
    _clean_checkout(checkout)
    build_env = dict(os.environ, CAVENDISH_NO_MYPYC="1")  # the pure wheel: quick to build
    built = subprocess.run(  # in pip's isolated build env, as on a fresh machine
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
         "-q", "-w", str(tmp_path / "dist"), str(checkout)],
        env=build_env, capture_output=True, text=True, timeout=400,
    )
    assert built.returncode == 0, f"the wheel did not build: {built.stderr[-2000:]}"
    (wheel,) = (tmp_path / "dist").glob("cavendish-*.whl")
    fresh = tmp_path / "fresh"
    venv.create(fresh, with_pip=False)
    report = tmp_path / "report.json"
    done = subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(fresh / "bin" / "python"), "install",
         "--dry-run", "--ignore-installed", "--disable-pip-version-check", "-q",
         "--report", str(report), f"cavendish[env] @ {wheel.as_uri()}", "ray[rllib]"],
        capture_output=True, text=True, timeout=500,
    )
    assert done.returncode == 0, f"pip could not resolve (is PyPI reachable?): {done.stderr}"
    chosen = {
        item["metadata"]["name"].lower(): item["metadata"]["version"]
        for item in json.loads(report.read_text())["install"]
    }
    assert {"cavendish", "pettingzoo", "gymnasium", "ray"} <= set(chosen)
    assert chosen["gymnasium"].startswith("1.")
    ours = _requires(report, "cavendish")  # matplotlib only with the plots extra (endplay
    assert [r for r in ours if r.startswith("matplotlib")] == [  # still requires it itself)
        'matplotlib>=3.7; extra == "plots"'
    ]


def _requires(report: Path, name: str) -> list[str]:
    """The requirements package ``name`` lists in the resolution ``report``."""
    for item in json.loads(report.read_text())["install"]:
        if item["metadata"]["name"].lower() == name:
            return list(item["metadata"].get("requires_dist", []))
    raise AssertionError(f"{name} is not in the resolution")

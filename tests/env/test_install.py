"""An honest install: the wheel built from a clean checkout installs with ``[env]`` into a
fresh virtual env, beside what ``ray[rllib]`` needs, and the example runs on that env's
Python (the package's metadata gives ranges; exact pins are constraints.txt's).

This module reaches PyPI: it fails, saying so, where PyPI cannot be reached.  It is the
suite's dearest, so it does its work once, in one module-scoped fresh env
(:func:`installed`), and asks PyPI once.  pip fetches an index page from PyPI for every
requirement it resolves (0.1 to 8 s each; pip does not cache those pages), so the time
went to waiting on the network more than to the CPU:

* at once: the wheel is built (in pip's isolated build env, as on a fresh machine), and
  ``pip install --dry-run --report`` resolves the requirements ``pyproject.toml``
  declares for ``[env]`` beside ``ray[rllib]`` (resolution only: RLlib and its torch are
  not installed);
* the wheel is then installed for real with ``[env]`` into the fresh env, pip's own
  resolution of the wheel's metadata, with ``--no-index`` and ``--find-links`` a page
  linking the one file of each package the dry run chose (and the wheel's folder): no
  index page fetched again, and what is installed is what RLlib's resolution chose, so
  the wheel's ``[env]`` is shown to install with RLlib's versions (Gymnasium 1.2.2, its
  pin) as well as to resolve beside them; a requirement of the wheel outside that set
  fails the install;
* the example runs with the fresh env's ``python``, out of the checkout.
"""

from __future__ import annotations

import html
import json
import os
import shutil
import subprocess
import sys
import tomllib
import venv
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "env_random_vs_classical.py"
PIP = [sys.executable, "-m", "pip", "--disable-pip-version-check"]


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


def _declared(extra: str) -> list[str]:
    """The requirements pyproject.toml declares for the package with ``extra``."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return [*project["dependencies"], *project["optional-dependencies"][extra]]


def _finish(job: subprocess.Popen[str], what: str, timeout: float) -> str:
    """Wait for ``job``; its stderr, or a failure naming ``what`` did not happen."""
    try:
        _, err = job.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        job.kill()
        job.communicate()
        pytest.fail(f"{what}: still running after {timeout:.0f} s")
    assert job.returncode == 0, f"{what} failed (is PyPI reachable?): {err[-3000:]}"
    return err


@dataclass
class Installed:
    python: Path
    """The fresh env's interpreter (the wheel and ``[env]`` installed in it)."""
    wheel: Path
    report: Path
    """pip's JSON report of the dry run of ``[env]``'s requirements beside ``ray[rllib]``."""
    work: Path


def _links(report: Path, to: Path) -> Path:
    """A page linking the one file of each package the dry run ``report`` chose."""
    urls = [item["download_info"]["url"] for item in json.loads(report.read_text())["install"]]
    to.write_text("".join(f'<a href="{html.escape(u)}">{html.escape(u)}</a>\n' for u in urls))
    return to


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Installed]:
    if not (ROOT / ".git").exists():
        pytest.skip("needs the git checkout to build the wheel from")
    work = tmp_path_factory.mktemp("install")
    checkout, dist, fresh = work / "checkout", work / "dist", work / "fresh"
    _clean_checkout(checkout)
    venv.create(fresh, with_pip=False)  # pip drives it from outside (--python)
    python = fresh / "bin" / "python"
    report = work / "report.json"
    quiet = dict(stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    build = subprocess.Popen(
        [*PIP, "wheel", "--no-deps", "-q", "-w", str(dist), str(checkout)],
        env=dict(os.environ, CAVENDISH_NO_MYPYC="1", PIP_NO_COMPILE="1"),  # the pure wheel,
        **quiet,  # quick to build; its build env's packages not compiled to bytecode
    )
    resolve = subprocess.Popen(
        [*PIP, "--python", str(python), "install", "--dry-run", "--ignore-installed", "-q",
         "--report", str(report), *_declared("env"), "ray[rllib]"], **quiet,
    )
    try:
        _finish(resolve, "resolving [env] beside ray[rllib]", 500)
        _finish(build, "building the wheel", 400)
    finally:  # one failed: the other is not left running
        for job in (build, resolve):
            if job.poll() is None:
                job.kill()
                job.communicate()
    (wheel,) = dist.glob("cavendish-*.whl")
    install = subprocess.run(
        [*PIP, "--python", str(python), "install", "-q", "--no-index", "--no-compile",
         "--find-links", str(_links(report, work / "links.html")), "--find-links", str(dist),
         f"{wheel}[env]"], capture_output=True, text=True, timeout=500,
    )
    assert install.returncode == 0, f"the wheel did not install: {install.stderr[-3000:]}"
    yield Installed(python, wheel, report, work)
    shutil.rmtree(work, ignore_errors=True)  # some 300 MB: pytest keeps its last three runs


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


def test_the_wheel_installs_with_env_into_a_fresh_venv_and_the_example_runs_there(
    installed: Installed,
):
    environ = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    where = subprocess.run(
        [str(installed.python), "-c",
         "import cavendish, gymnasium, pettingzoo; print(cavendish.__file__)"],
        capture_output=True, text=True, cwd=installed.work, env=environ, timeout=60,
    )
    assert where.returncode == 0, where.stderr[-2000:]
    site = Path(where.stdout.strip()).resolve()
    assert (installed.work / "fresh").resolve() in site.parents, site  # not the checkout's
    ran = subprocess.run(
        [str(installed.python), str(EXAMPLE), "--hands", "2", "--seed", "1"],
        capture_output=True, text=True, cwd=installed.work, env=environ, timeout=300,
    )
    assert ran.returncode == 0, ran.stderr[-2000:]
    assert "random agent (partner random) against classical" in ran.stdout
    assert "tricks per hand" in ran.stdout


def test_the_wheel_installs_the_versions_resolved_beside_rllib(installed: Installed):
    chosen = {
        item["metadata"]["name"].lower(): item["metadata"]["version"]
        for item in json.loads(installed.report.read_text())["install"]
    }
    assert {"pettingzoo", "gymnasium", "ray", "numpy"} <= set(chosen)
    assert chosen["gymnasium"].startswith("1.")
    names = ["cavendish", "gymnasium", "pettingzoo", "numpy"]
    versions = subprocess.run(
        [str(installed.python), "-c",
         f"from importlib.metadata import version; print(*map(version, {names!r}))"],
        capture_output=True, text=True, timeout=60,
    )
    assert versions.returncode == 0, versions.stderr[-2000:]
    here = dict(zip(names, versions.stdout.split(), strict=True))
    assert here["cavendish"] in installed.wheel.name
    assert {n: here[n] for n in names[1:]} == {n: chosen[n] for n in names[1:]}


def test_the_wheel_asks_matplotlib_only_with_plots(installed: Installed):
    with zipfile.ZipFile(installed.wheel) as wheel:
        (metadata,) = [n for n in wheel.namelist() if n.endswith(".dist-info/METADATA")]
        lines = wheel.read(metadata).decode().splitlines()
    requires = [line.removeprefix("Requires-Dist: ") for line in lines
                if line.startswith("Requires-Dist: ")]
    assert [r for r in requires if r.startswith("matplotlib")] == [  # (endplay still
        'matplotlib>=3.7; extra == "plots"'  # requires it itself)
    ]

"""The examples run and print what they promise."""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

import numpy as np

EXAMPLES = pathlib.Path(__file__).resolve().parents[1] / "examples"


def run(script: str, *args: str, cwd=None) -> str:
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args],
        capture_output=True, text=True, cwd=cwd, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_random_agent_against_medium():
    out = run("random_vs_medium.py", "--games", "6")
    found = re.search(
        r"random agent against medium, 6 games: won (\d+), drawn (\d+), lost (\d+)", out
    )
    assert found, out
    won, drawn, lost = map(int, found.groups())
    # Every game is counted once, and medium (a depth-6 search) beats a random mover in each.
    assert (won, drawn, lost) == (0, 0, 6), out


def test_solver_labelled_dataset(tmp_path):
    out = run("solver_dataset.py", "--positions", "200", "--out", str(tmp_path / "d.npz"))
    assert "200 positions labelled" in out
    data = np.load(tmp_path / "d.npz")
    assert data["planes"].shape == (200, 2, 6, 7)
    assert (data["score"] == data["column_scores"].max(axis=1)).all()


def test_solver_dataset_reports_progress(tmp_path):
    # Issue 38, item 9: a long labelling says how far it is instead of sitting silent.
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "solver_dataset.py"), "--positions", "150",
         "--out", str(tmp_path / "d.npz")],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "labelled 100 of 150 positions" in done.stderr
    assert "labelled 150 of 150 positions" in done.stderr


def test_the_environment_bench_runs_with_the_bench_extra(tmp_path):
    # Issue 38, item 9: bench_env.py imports PettingZoo's connect_four_v3, which needs
    # pygame; the `bench` extra installs both.
    pyproject = (EXAMPLES.parent / "pyproject.toml").read_text()
    bench = next(line for line in pyproject.splitlines() if line.startswith("bench = "))
    assert "pettingzoo" in bench and "pygame" in bench
    done = subprocess.run(
        [sys.executable, str(EXAMPLES.parent / "benches" / "bench_env.py"), "--games", "3",
         "--rounds", "1", "--c4", str(tmp_path / "no-c4")],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert "c4lab pettingzoo_env" in done.stdout and "is not built" in done.stdout


def test_python_player_against_a_c4_player():
    out = run("python_player_match.py", "--games", "8")
    assert "greedy against easy" in out and "games 8" in out

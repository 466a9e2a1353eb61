"""The examples run and print what they promise."""

from __future__ import annotations

import pathlib
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
    assert "random agent against medium, 6 games" in out
    assert "lost" in out


def test_solver_labelled_dataset(tmp_path):
    out = run("solver_dataset.py", "--positions", "200", "--out", str(tmp_path / "d.npz"))
    assert "200 positions labelled" in out
    data = np.load(tmp_path / "d.npz")
    assert data["planes"].shape == (200, 2, 6, 7)
    assert (data["score"] == data["column_scores"].max(axis=1)).all()


def test_python_player_against_a_c4_player():
    out = run("python_player_match.py", "--games", "8")
    assert "greedy against easy" in out and "games 8" in out

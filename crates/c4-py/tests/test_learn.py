"""Learning an n-tuple network from Python: the same run as ``c4 learn``, reproducible,
resumable, bounded arguments, and the network playing as ``eval=ntuple,weights=FILE``."""

from __future__ import annotations

import pytest

import c4lab

TINY = dict(games=300, tuples=12, length=6, checkpoint_every=100, eval_every=150, sample=5,
            eval_games=2)


def test_a_run_returns_its_curve_and_the_same_seed_learns_the_same_network(tmp_path):
    curve = c4lab.learn(str(tmp_path / "a"), **TINY)
    assert [row["games"] for row in curve] == [150, 300]
    assert all(0.0 <= row["mistakes_pct"] <= 100.0 for row in curve)
    assert all(0.0 <= row["score_vs_easy"] <= 1.0 for row in curve)
    c4lab.learn(str(tmp_path / "b"), **TINY)
    first = (tmp_path / "a" / "network.c4nt").read_bytes()
    assert first == (tmp_path / "b" / "network.c4nt").read_bytes()
    c4lab.learn(str(tmp_path / "c"), **{**TINY, "seed": 2})
    assert first != (tmp_path / "c" / "network.c4nt").read_bytes()


def test_a_snapshot_plays_as_an_evaluator(tmp_path):
    run = tmp_path / "run"
    c4lab.learn(str(run), **TINY)
    file = tmp_path / "snapshot.c4nt"
    assert c4lab.learn_snapshot(str(run), str(file)) == 300
    assert file.read_bytes() == (run / "network.c4nt").read_bytes()
    player = c4lab.Player(f"alphabeta:depth=3,eval=ntuple,weights={file}")
    assert 0 <= player.choose(c4lab.Position("4453")).column <= 6
    shipped = c4lab.evaluate("ntuple", "4453")
    assert shipped["score"] == sum(term["value"] for term in shipped["terms"])


def test_a_run_in_pieces_learns_what_a_whole_one_does(tmp_path):
    lines = {**TINY, "layout": "lines", "openings": 6, "opening_share": 0.5}
    whole = tmp_path / "whole"
    c4lab.learn(str(whole), **lines)
    pieces = tmp_path / "pieces"
    assert c4lab.learn(str(pieces), **lines, until=120) == []
    assert not (pieces / "network.c4nt").exists()
    assert c4lab.learn_snapshot(str(pieces), str(tmp_path / "at120.c4nt")) == 120
    curve = c4lab.learn(str(pieces), **lines, until=200)
    assert [row["games"] for row in curve] == [150]
    c4lab.learn(str(pieces), **lines)
    assert (pieces / "network.c4nt").read_bytes() == (whole / "network.c4nt").read_bytes()
    walks = tmp_path / "walks"
    c4lab.learn(str(walks), **TINY)
    assert (walks / "network.c4nt").read_bytes() != (whole / "network.c4nt").read_bytes()


def test_a_resume_with_other_settings_is_refused(tmp_path):
    c4lab.learn(str(tmp_path), **TINY)
    with pytest.raises(ValueError, match="alpha"):
        c4lab.learn(str(tmp_path), **{**TINY, "alpha": 0.01})


@pytest.mark.parametrize(
    "bad",
    [
        {"games": -1},
        {"games": 10**30},
        {"tuples": 0},
        {"length": 11},
        {"seed": -5},
        {"sample": 10**6},
        {"alpha": float("nan")},
        {"lambda_": 2.0},
        {"layout": "spirals"},
        {"openings": 21},
        {"openings": -1},
        {"opening_share": 1.5},
        {"opening_share": float("nan")},
        {"until": 0},
    ],
)
def test_bad_settings_raise_value_error(tmp_path, bad):
    with pytest.raises(ValueError):
        c4lab.learn(str(tmp_path / "run"), **{**TINY, **bad})


def test_a_network_learns_on_another_board_and_plays_there_only(tmp_path):
    run = tmp_path / "small"
    curve = c4lab.learn(str(run), **{**TINY, "length": 5, "sample": 3}, size="5x4")
    assert [row["games"] for row in curve] == [150, 300]
    network = run / "network.c4nt"
    # Format version 2, naming its board: 5 columns, 4 rows.
    assert network.read_bytes()[8:20] == bytes([2, 0, 0, 0, 5, 0, 0, 0, 4, 0, 0, 0])
    spec = f"alphabeta:depth=2,eval=ntuple,weights={network}"
    small = c4lab.Position("33", width=5, height=4)
    assert 0 <= c4lab.Player(spec, width=5, height=4).choose(small).column <= 4
    with pytest.raises(ValueError, match="trained on 5x4, not 7x6"):
        c4lab.Player(spec)
    with pytest.raises(ValueError, match="size"):
        c4lab.learn(str(run), **TINY, size="7x6")
    with pytest.raises(ValueError, match="size"):
        c4lab.learn(str(tmp_path / "bad"), **TINY, size="3x3")

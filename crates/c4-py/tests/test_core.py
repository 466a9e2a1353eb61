"""Positions, the solver, players and the arena from Python."""

from __future__ import annotations

import pathlib
import pickle
import subprocess
import sys
import threading

import numpy as np
import pytest

import c4lab
from c4lab import Player, Position, _core

REPO = pathlib.Path(__file__).resolve().parents[3]


def reference_set(name: str, count: int) -> list[tuple[str, int]]:
    """The first `count` positions of one of Pons' scored sets (crates/c4-solver/data/positions)."""
    lines = (REPO / "crates" / "c4-solver" / "data" / "positions" / name).read_text().splitlines()[:count]
    return [(moves, int(score)) for moves, score in (line.split() for line in lines)]


def test_position_basics():
    p = Position("4453")
    assert p.moves == "4453" and p.ply == 4 and p.side_to_move == "red"
    assert Position("ddec") == p
    assert p.last_move == 2
    assert p.legal_moves() == list(range(7))
    assert p.play(3).moves == "44534"
    assert p.status == "in_progress" and p.winner is None and not p.is_over
    assert p.mirror().moves == "4435"
    assert p.mirror().canonical_key() == p.canonical_key()
    assert hash(Position("4453")) == hash(p)
    assert pickle.loads(pickle.dumps(p)) == p
    assert "Position(\"4453\")" in repr(p)


def test_won_and_drawn_games():
    won = Position("1212121")
    assert won.status == "won" and won.winner == "red" and won.is_over
    assert won.legal_moves() == []
    with pytest.raises(ValueError, match="over"):
        won.play(3)
    drawn_moves = "".join(str(c) for c in [1, 2, 1, 2, 1, 2, 2, 1, 2, 1, 2, 1, 3, 4, 3, 4, 3, 4, 4, 3, 4, 3, 4, 3, 5, 6, 5, 6, 5, 6, 6, 5, 6, 5, 6, 5, 7, 7, 7, 7, 7, 7])
    drawn = Position(drawn_moves)
    assert drawn.status == "drawn" and drawn.winner is None


def test_planes_follow_the_side_to_move():
    p = Position("45")
    planes = p.to_planes()
    assert planes.dtype == np.int8 and planes.shape == (2, 6, 7)
    # Red (to move) has the disc in column 4 (index 3), bottom row = index 5.
    assert planes[0, 5, 3] == 1 and planes[1, 5, 4] == 1 and planes.sum() == 2
    assert (p.observation(1) == np.moveaxis(planes[::-1], 0, -1)).all()


def test_a_column_out_of_range_says_python_counts_from_0():
    # Issue 38, item 8: a 7 (the CLI's last column) or a -1 names both conventions.
    for column in (7, -1):
        with pytest.raises(ValueError, match=r"0-based, 0-6 as PettingZoo's actions.*count 1-7"):
            Position("4").play(column)
    assert Position("4").last_move == 3 and Position("4").play(0).moves == "41"


def test_bad_input_raises_value_error_with_the_cli_message():
    for call, message in [
        (lambda: Position("448x"), "columns are 1-7"),
        (lambda: Position("4444444"), "full"),
        (lambda: Position("4a"), "one notation"),
        (lambda: Position("1").play(7), "not 0-6"),
        (lambda: c4lab.solve("1212121"), "game is over"),
        (lambda: c4lab.solve(42), "expected a Position or a move string"),
        (lambda: Player("alphabeta:depth=0"), "depth=0"),
        (lambda: Player("medium").choose("1212121"), "game is over"),
        (lambda: c4lab.Solver(table_bits=99), "table_bits"),
        (lambda: c4lab.match("easy", "easy", games=0), "games"),
        (lambda: c4lab.match("easy", "easy", games=2, openings=["4444444"]), "openings\\[0\\]"),
        (lambda: c4lab.match("easy", "easy", games=2, first="c"), "first"),
        (lambda: c4lab.match("easy", 3, games=2), "player B"),
        (lambda: c4lab.evaluate("nosuch", ""), "invalid eval"),
        (lambda: c4lab.experiment("nosuch"), "nosuch"),
    ]:
        with pytest.raises(ValueError, match=message):
            call()


def test_solver_agrees_with_the_reference_sets():
    for name in ["Test_L3_R1", "Test_L2_R1", "Test_L2_R2", "Test_L1_R1"]:
        positions = reference_set(name, 40)
        scores = c4lab.solve_many([moves for moves, _ in positions], threads=2)
        assert scores == [score for _, score in positions], name
        weak = c4lab.solve_many([moves for moves, _ in positions], weak=True)
        assert weak == [(s > 0) - (s < 0) for _, s in positions]
    moves, score = reference_set("Test_L2_R2", 1)[0]
    assert c4lab.solve(Position(moves)) == score


def test_analyze_scores_every_column():
    p = Position("4453")
    scores = c4lab.analyze(p)
    assert len(scores) == 7 and max(scores) == c4lab.solve(p)
    for column, score in enumerate(scores):
        assert -c4lab.solve(p.play(column)) == score
    full = Position("444444")
    assert c4lab.analyze(full)[3] is None
    assert c4lab.analyze_many(["4453", "444444"]) == [scores, c4lab.analyze(full)]


def test_the_book_answers_the_empty_board():
    # Red wins from the empty board with her last disc: 22 - 21 = 1.
    assert c4lab.solve("") == 1
    assert c4lab.analyze("")[3] == 1


def test_the_layer_answers_beside_the_book():
    # Ply 11: every reply is a position of the book's ply-12 layer.
    position = "51422446733"
    scores = c4lab.analyze(position)
    assert scores == c4lab.Solver(layers="none").analyze(position)
    assert scores == c4lab.Solver(book="none").analyze(position)
    assert c4lab.analyze_many([position], layers="none") == [scores]
    with pytest.raises(ValueError, match="layers"):
        c4lab.Solver(layers="/no/such/folder")
    with pytest.raises(ValueError, match="layers"):
        c4lab.Solver(width=6, height=5, layers="/no/such/folder")


def test_a_layer_folder_takes_the_chunks_tasks_bring_back(tmp_path):
    committed = pathlib.Path(__file__).resolve().parents[3] / "crates/c4-layers/data/ply12"
    data = (committed / "chunk-00539.c4layer").read_bytes()
    run = _core.LayerRun(str(tmp_path / "ply12"), 12)
    assert run.chunk_count() == 540 and len(run.missing()) == 540
    damaged = bytearray(data)
    damaged[-1] ^= 1
    for number, given in [(539, bytes(damaged)), (538, data), (540, data)]:
        with pytest.raises(ValueError, match="chunk-00"):
            run.add(number, given)
    assert run.add(539, data) and not run.add(539, data)
    assert run.missing() == list(range(539))
    assert (tmp_path / "ply12" / "chunk-00539.c4layer").read_bytes() == data
    with pytest.raises(ValueError, match="ply"):
        _core.LayerRun(str(tmp_path / "other"), 9)


def test_player_reports():
    report = Player("alphabeta:depth=4").choose(Position("4453"))
    assert 0 <= report.column <= 6 and report.depth == 4 and not report.exact
    assert report.pv[0] == report.column and report.nodes > 0
    perfect = Player("perfect").choose("4453")
    assert perfect.exact and perfect.score == c4lab.solve("4453")
    assert c4lab.analyze("4453")[perfect.column] == perfect.score
    assert set(report.to_dict()) >= {"column", "score", "exact", "depth", "nodes", "time_ms", "pv"}
    assert Player("medium").spec.startswith("alphabeta:depth=6")


def test_searches_release_the_interpreter():
    """Another Python thread runs while a solve runs.

    The switch interval is set far past the solve's length, so this thread keeps the
    interpreter until it blocks or releases it: the other thread, woken before the solve
    starts, can run before the solve returns only if the solve releases the interpreter.
    Without the book the solve of 4453 takes millions of nodes, and a woken thread needs
    none of them. Holding the interpreter through the solve leaves `during` empty.
    """
    ran = []
    go = threading.Event()

    def other():
        go.wait()
        ran.append("ran")

    solver = c4lab.Solver(book="none")
    thread = threading.Thread(target=other)
    previous = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        thread.start()
        go.set()
        solver.solve("4453")
        during = list(ran)
    finally:
        sys.setswitchinterval(previous)
        thread.join()
    assert during == ["ran"]


def test_match_gives_the_cli_numbers(tmp_path):
    result = c4lab.match("easy", "alphabeta:depth=3", games=12, seed=5, openings=4, threads=2)
    assert result.summary["games"] == 12
    assert len(result.games) == 12 and [g["game"] for g in result.games] == list(range(12))
    binary = REPO / "target" / "release" / "c4"
    if not binary.exists():
        binary = REPO / "target" / "debug" / "c4"
    if not binary.exists():
        pytest.skip("the c4 binary is not built")
    out = tmp_path / "run"
    subprocess.run(
        [binary, "match", "--a", "easy", "--b", "alphabeta:depth=3", "--games", "12", "--seed", "5",
         "--random-openings", "4", "--threads", "2", "--out", out],
        check=True, capture_output=True,
    )
    import json

    cli = sorted((json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()),
                 key=lambda g: g["game"])
    strip = lambda g: {k: v for k, v in g.items() if k != "stats"} | {
        "columns": [s["column"] for s in g["stats"]], "nodes": [s["nodes"] for s in g["stats"]]}
    assert [strip(g) for g in cli] == [strip(g) for g in result.games]


def test_a_python_function_plays_through_the_arena():
    def first_open(position: Position) -> int:
        return position.legal_moves()[0]

    result = c4lab.match(first_open, "easy", games=4, seed=2)
    assert result.summary["games"] == 4
    assert all(g["a_spec"] == "python:first_open" for g in result.games)
    with pytest.raises(ValueError, match="player A"):
        c4lab.match(lambda p: 9, "easy", games=2)

    def broken(position):
        raise RuntimeError("no idea")

    # The function's own exception comes back as itself.
    with pytest.raises(RuntimeError, match="no idea"):
        c4lab.match("easy", broken, games=2)


def test_evaluate_and_registry():
    value = c4lab.evaluate("center", "4453")
    assert value["eval"] == "center" and value["view"] == "red"
    assert sum(t["value"] for t in value["terms"]) == value["score"]
    assert c4lab.levels()["medium"].startswith("alphabeta")
    assert "kang" in [e["name"] for e in c4lab.registry()["evaluators"]]


def test_experiment_quick(tmp_path):
    names = [name for name, _, _ in c4lab.experiments()]
    assert "kang-depth" in names
    summary = c4lab.experiment("itu-cutoff", quick=True, out=str(tmp_path / "itu"), threads=2)
    assert (tmp_path / "itu" / "report.md").exists()
    assert summary


@pytest.mark.parametrize(
    "call",
    [
        lambda: c4lab.solve_many(["4453"], threads=10**6),
        lambda: c4lab.solve_many(["4453"], threads=0),
        lambda: c4lab.solve_many(["4453"], threads=-1),
        lambda: c4lab.analyze_many(["4453"], threads=10**40),
        lambda: c4lab.Solver(threads=-2),
        lambda: c4lab.Solver(table_bits=-1),
        lambda: c4lab.Solver(table_bits=10**30),
    ],
)
def test_issue_40_thread_counts_and_table_sizes_are_bounded_with_value_error(call):
    with pytest.raises(ValueError):
        call()


def test_issue_40_a_long_position_is_echoed_cut_to_80_characters():
    with pytest.raises(ValueError) as error:
        Position("445" + "1" * 100_000)
    assert "(100003 characters)" in str(error.value)
    assert len(str(error.value)) < 400

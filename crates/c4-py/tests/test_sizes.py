"""Every board size from Python: positions, the solver, players and evaluators off 7x6."""

from __future__ import annotations

import json
import pathlib
import pickle

import numpy as np
import pytest

import c4lab
from c4lab import Player, Position, Solver, _core

REPO = pathlib.Path(__file__).resolve().parents[3]


def tromp(width: int, height: int) -> int:
    """The sign of the empty board's score on a size, from Tromp's table that the Rust tests
    check (crates/c4-solver/data/reference/board_sizes.csv)."""
    table = REPO / "crates" / "c4-solver" / "data" / "reference" / "board_sizes.csv"
    for line in table.read_text().splitlines():
        fields = line.split(",")
        if fields[:2] == [str(width), str(height)]:
            return {"+": 1, "=": 0, "-": -1}[fields[2]]
    raise KeyError(f"{width}x{height}")


@pytest.mark.parametrize("width, height", [(4, 4), (5, 4), (6, 5), (10, 4), (12, 4), (4, 15)])
def test_the_empty_board_follows_its_size(width, height):
    p = Position(width=width, height=height)
    assert (p.width, p.height) == (width, height)
    assert p.legal_moves() == list(range(width))
    assert p.open_columns().tolist() == [1] * width
    assert p.to_planes().shape == (2, height, width)
    assert p.observation(0).shape == (height, width, 2)
    assert p.ply == 0 and p.status == "in_progress" and p.moves == ""
    last = p.play(width - 1)
    assert last.last_move == width - 1 and last.has_room(width - 1)
    with pytest.raises(ValueError, match=f"not 0-{width - 1}"):
        p.play(width)


def test_a_4x4_game_to_the_end():
    # Red fills column a (bottom to top: four in a column, the board's whole height).
    won = Position("1212121", width=4, height=4)
    assert won.status == "won" and won.winner == "red" and won.legal_moves() == []
    assert won.moves == "1212121" and Position("abababa", width=4, height=4) == won
    column = Position("1111", width=4, height=4)
    assert not column.has_room(0) and column.legal_moves() == [1, 2, 3]
    planes = Position("12", width=4, height=4).to_planes()
    # Red (to move) holds a1, the bottom row's first cell: row 3 of 4 from the top.
    assert planes[0, 3, 0] == 1 and planes[1, 3, 1] == 1 and planes.sum() == 2
    assert (Position("12", width=4, height=4).observation(1) == np.moveaxis(planes[::-1], 0, -1)).all()


def test_a_drawn_4x4_board():
    # The board full, no four in a line:  O O X X / X O O O / O X X X / O X O X (top down).
    moves = "4321311144234232"
    drawn = Position(moves, width=4, height=4)
    assert drawn.ply == 16
    assert drawn.status == "drawn" and drawn.winner is None and drawn.is_over


def test_a_wide_board_reads_and_writes_letters():
    p = Position("ajaj", width=10, height=4)
    assert p.moves == "ajaj" and p.last_move == 9 and p.side_to_move == "red"
    assert p.play(0).moves == "ajaja" and p.play(0).winner is None
    assert p.mirror().moves == "jaja"
    with pytest.raises(ValueError, match="10x4"):
        Position("12", width=10, height=4)
    with pytest.raises(ValueError, match=r"not 0-9: .*count a-j"):
        p.play(10)


def test_size_in_equality_hashing_pickling_and_repr():
    small = Position("33", width=6, height=5)
    assert small == Position("cc", width=6, height=5)
    assert small != Position("33") and Position("") != Position(width=6, height=5)
    assert len({small, Position("33", width=6, height=5)}) == 1
    for p in (small, Position("ajaj", width=10, height=4), Position("4453")):
        again = pickle.loads(pickle.dumps(p))
        assert again == p and (again.width, again.height, again.moves) == (p.width, p.height, p.moves)
    assert repr(small).startswith('Position("33", width=6, height=5)')
    assert repr(Position("4453")).startswith('Position("4453")\n')
    assert small.mirror().moves == "44" and small.mirror().canonical_key() == small.canonical_key()


@pytest.mark.parametrize(
    "size, message",
    [
        (dict(width=3), r"3x6 is too small .*at least 4"),
        (dict(height=2), r"7x2 is too small"),
        (dict(width=8, height=8), r"8x8 does not fit in 64 bits.*at least 4"),
        (dict(width=13, height=4), r"13x4 does not fit in 64 bits"),
        (dict(width=-1), r"width must be an integer from 4 to 12, not -1"),
        (dict(height=6.5), r"height must be an integer from 4 to 15, not 6.5"),
        (dict(width="7"), r"width must be an integer"),
    ],
)
def test_a_bad_size_states_the_range(size, message):
    for make in (
        lambda: Position(**size),
        lambda: Solver(**size),
        lambda: Player("easy", **size),
    ):
        with pytest.raises(ValueError, match=message):
            make()


def test_moves_that_do_not_fit_name_the_size():
    for moves, size in [("5", (4, 4)), ("11111", (4, 4)), ("7", (6, 5)), ("k", (10, 4))]:
        with pytest.raises(ValueError, match=f"on the {size[0]}x{size[1]} board"):
            Position(moves, width=size[0], height=size[1])


@pytest.mark.parametrize("width, height", [(4, 4), (5, 4), (4, 5)])
def test_the_solver_agrees_with_tromps_table(width, height):
    empty = Position(width=width, height=height)
    score = c4lab.solve(empty)
    assert (score > 0) - (score < 0) == tromp(width, height)
    scores = c4lab.analyze(empty)
    assert len(scores) == width and max(scores) == score
    for column, column_score in enumerate(scores):
        assert -c4lab.solve(empty.play(column)) == column_score
    assert c4lab.solve(empty, weak=True) == tromp(width, height)


def test_a_solver_plays_one_size():
    solver = Solver(width=5, height=4, table_bits=20)
    assert (solver.width, solver.height) == (5, 4)
    # A move string is read on the solver's board.
    assert solver.solve("33") == c4lab.solve(Position("33", width=5, height=4))
    assert solver.analyze("33") == c4lab.analyze(Position("33", width=5, height=4))
    with pytest.raises(ValueError, match=r"7x6 board, but this one plays the 5x4 board"):
        solver.solve(Position("4453"))
    with pytest.raises(ValueError, match=r"5x4"):
        solver.solve("6")


def test_batches_mix_sizes():
    positions = [Position(width=4, height=4), "4453", Position("3", width=5, height=4), "4453"]
    scores = c4lab.solve_many(positions, threads=2)
    assert scores == [c4lab.solve(p) for p in positions]
    rows = c4lab.analyze_many(positions[:3], threads=2)
    assert [len(row) for row in rows] == [4, 7, 5]


def test_players_build_for_a_size():
    small = Position("33", width=6, height=5)
    report = Player("alphabeta:depth=4,eval=threats", width=6, height=5).choose(small)
    assert 0 <= report.column < 6 and report.depth == 4 and report.pv[0] == report.column
    wide = Player("easy", width=10, height=4, seed=3)
    assert wide.choose("ajaj").column in range(10)
    assert repr(wide).endswith("width=10, height=4)")
    perfect = Player("perfect", width=4, height=4).choose(Position("12", width=4, height=4))
    assert perfect.exact and perfect.score == c4lab.solve(Position("12", width=4, height=4))
    with pytest.raises(ValueError, match=r"6x5 board, but this one plays the 7x6 board"):
        Player("easy").choose(small)


def test_an_evaluator_bound_to_7x6_refuses_another_size():
    # The Rust error: eval=kang is valued column by column for 7x6, not 6x5.
    with pytest.raises(ValueError, match=r"eval=kang.* 7x6, not 6x5"):
        Player("alphabeta:depth=2,eval=kang", width=6, height=5)
    with pytest.raises(ValueError, match=r"eval=kang.* 7x6, not 6x5"):
        c4lab.evaluate("kang", Position(width=6, height=5))
    value = c4lab.evaluate("threats", Position("33", width=6, height=5))
    assert sum(t["value"] for t in value["terms"]) == value["score"]


# A run in shards (the pieces of c4lab.ray.run_games) on 6x5.
SMALL = "6x5"
PAIR = [("A", "alphabeta:depth=2,eval=threats"), ("B", "easy")]


def _records(lines: list[str]) -> list[dict]:
    """Records without their wall times, which differ from run to run."""
    records = [json.loads(line) for line in lines]
    for record in records:
        for move in record["stats"]:
            move.pop("time_ms", None)
    return records


def test_a_match_in_shards_on_6x5(tmp_path):
    out = tmp_path / "run"
    (pairing,) = _core.run_plan("match", PAIR, 6, 3, 2, "alternate", size=SMALL)
    folder = _core.RunFolder(str(out), "match", PAIR, 6, 3, 2, size=SMALL)
    for chunk in ([0, 1, 2], [5, 4, 3]):
        folder.append(_core.play_games(*pairing, chunk, 2, size=SMALL))
    text = folder.finish()
    folder.close()
    assert "board 6x5" in text
    assert json.loads((out / "run.json").read_text())["size"] == SMALL
    records = _records((out / "games.jsonl").read_text().splitlines())
    assert sorted(r["game"] for r in records) == list(range(6))
    for record in records:
        assert record["size"] == SMALL
        assert len(record["opening"]) == 2 and record["moves"].startswith(record["opening"])
        # Every move legal on 6x5, the game played to its end there.
        end = Position(record["moves"], width=6, height=5)
        assert end.is_over and end.winner == record["winner"]
    # A shard's games follow from the pairing's seed and their indices alone.
    whole = _records(_core.play_games(*pairing, list(range(6)), 2, threads=2, size=SMALL))
    assert sorted(records, key=lambda r: r["game"]) == whole
    # Resumed on its own size, the run keeps its games; on another it is refused by name.
    again = _core.RunFolder(str(out), "match", PAIR, 6, 3, 2, resume=True, size=SMALL)
    assert len(again) == 6 and set(again.done()) == {("A", "B", g) for g in range(6)}
    again.close()
    with pytest.raises(ValueError, match=r"--size: the run is on the 6x5 board, not 7x6"):
        _core.RunFolder(str(out), "match", PAIR, 6, 3, 2, resume=True)


def test_a_dataset_build_in_shards_on_6x5(tmp_path):
    out = tmp_path / "small.jsonl"
    run = _core.DatasetRun(str(out), 12, 5, (4, 20), 2, 10, size=SMALL)
    plan = run.plan()
    assert plan[-1] == SMALL
    for games in ([0, 1, 2, 3], [7, 6, 5, 4]):
        run.add(_core.dataset_label(plan, games))
    have, _ = run.selected()
    assert have >= 12, have
    run.finish()
    samples = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(samples) == 12
    solver = Solver(width=6, height=5, table_bits=20)
    for sample in samples:
        assert sample["size"] == SMALL
        # Every label is the solver's own score of the 6x5 position.
        position = Position(sample["moves"], width=6, height=5)
        assert 4 <= len(sample["moves"]) <= 20
        assert sample["columns"] == solver.analyze(position)
    # A ply past the board's last is refused naming the board; so is a log of another board.
    with pytest.raises(ValueError, match=r"plies 4-30: .* <= 29 \(the 6x5 board\)"):
        _core.DatasetRun(str(tmp_path / "far.jsonl"), 12, 5, (4, 30), size=SMALL)
    other = _core.DatasetRun(str(tmp_path / "other.jsonl"), 12, 5, (4, 20), size=SMALL)
    other.add(_core.dataset_label(plan, [0]))
    del other
    with pytest.raises(ValueError, match=r"6x5"):
        _core.DatasetRun(str(tmp_path / "other.jsonl"), 12, 5, (4, 20))


def test_a_shard_of_another_size_is_refused_by_the_folder(tmp_path):
    folder = _core.RunFolder(str(tmp_path / "run"), "match", PAIR, 2, 3, size=SMALL)
    (pairing,) = _core.run_plan("match", PAIR, 2, 3)
    standard = _core.play_games(*pairing, [0])
    with pytest.raises(ValueError, match=r"game 0 of A against B .* played on the 7x6 board"):
        folder.append(standard)
    assert len(folder) == 0
    folder.close()


def test_a_player_bound_to_7x6_is_refused_on_6x5(tmp_path):
    players = [("A", "easy"), ("kang", "alphabeta:depth=2,eval=kang")]
    refused = r"player kang: .*eval=kang.* 7x6, not 6x5"
    with pytest.raises(ValueError, match=refused):
        _core.run_plan("tournament", players + [("C", "random")], 2, size=SMALL)
    with pytest.raises(ValueError, match=refused):
        _core.RunFolder(str(tmp_path / "run"), "match", players, 2, size=SMALL)
    assert not (tmp_path / "run").exists()
    with pytest.raises(ValueError, match=refused):
        _core.play_games("A", "easy", "kang", "alphabeta:depth=2,eval=kang", 1, [0], size=SMALL)
    assert len(_core.run_plan("match", players, 2)) == 1


@pytest.mark.parametrize(
    "size, message",
    [
        ("3x3", r"size: 3x3 is too small .*at least 4"),
        ("8x8", r"size: 8x8 does not fit in 64 bits"),
        ("7by6", r"size: \"7by6\" is not a board size: write WxH"),
    ],
)
def test_a_run_of_a_bad_size_states_the_range(tmp_path, size, message):
    for make in (
        lambda: _core.run_plan("match", PAIR, 2, size=size),
        lambda: _core.play_games("A", "easy", "B", "easy", 1, [0], size=size),
        lambda: _core.RunFolder(str(tmp_path / "run"), "match", PAIR, 2, size=size),
    ):
        with pytest.raises(ValueError, match=message):
            make()


def test_openings_are_read_on_the_run_board():
    with pytest.raises(ValueError, match=r"openings\[1\]: .*6x5"):
        _core.run_plan("match", PAIR, 2, openings=["33", "7"], size=SMALL)
    (pairing,) = _core.run_plan("match", PAIR, 2, openings=["7"])
    assert _records(_core.play_games(*pairing, [0], ["7"]))[0]["opening"] == "7"


def test_a_size_is_read_as_every_function_taking_one_reads_it():
    assert _core.parse_size("6x5") == (6, 5)
    assert _core.parse_size("12x4") == (12, 4)
    for bad, says in [("3x3", "too small"), ("6x", "not a board size"), ("9x9", "at most 64")]:
        with pytest.raises(ValueError, match=says):
            _core.parse_size(bad)

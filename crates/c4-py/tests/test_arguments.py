"""Every entry point's arguments: each number bounded as the CLI bounds it, and every bad
argument a ValueError (never OverflowError or TypeError, never a hang) whose message echoes
the input cut to 80 characters."""

from __future__ import annotations

import pytest

import c4lab
from c4lab import _core

HUGE = 10**40
LONG = "4" + "1" * 100_000
PLAN = (1, (4, 30), 2, 10, "7x6")


def _bad_numbers(tmp):
    """(name, call) for a negative, an oversized or a non-integer number in every entry
    point that takes one."""
    out = str(tmp / "out")
    return [
        ("match games=-1", lambda: c4lab.match("easy", "easy", games=-1)),
        ("match games=HUGE", lambda: c4lab.match("easy", "easy", games=HUGE)),
        ("match games=10**8", lambda: c4lab.match("easy", "easy", games=10**8)),
        ("match seed=-1", lambda: c4lab.match("easy", "easy", games=2, seed=-1)),
        ("match seed=2**64", lambda: c4lab.match("easy", "easy", games=2, seed=2**64)),
        ("match threads=0", lambda: c4lab.match("easy", "easy", games=2, threads=0)),
        ("match threads=10**6", lambda: c4lab.match("easy", "easy", games=2, threads=10**6)),
        ("match threads=-1", lambda: c4lab.match("easy", "easy", games=2, threads=-1)),
        ("match threads=1.5", lambda: c4lab.match("easy", "easy", games=2, threads=1.5)),
        ("match openings=-3", lambda: c4lab.match("easy", "easy", games=2, openings=-3)),
        ("match openings=HUGE", lambda: c4lab.match("easy", "easy", games=2, openings=HUGE)),
        ("experiment games=-1", lambda: c4lab.experiment("itu-cutoff", games=-1, out=out)),
        ("experiment games=0", lambda: c4lab.experiment("itu-cutoff", games=0, out=out)),
        ("experiment seed=HUGE", lambda: c4lab.experiment("itu-cutoff", seed=HUGE, out=out)),
        ("experiment threads=-2", lambda: c4lab.experiment("itu-cutoff", threads=-2, out=out)),
        ("evaluate seed=-1", lambda: c4lab.evaluate("center", "4", seed=-1)),
        ("Player seed=-1", lambda: c4lab.Player("easy", seed=-1)),
        ("Position.play HUGE", lambda: c4lab.Position("4").play(HUGE)),
        ("Position.has_room -1", lambda: c4lab.Position("4").has_room(-1)),
        ("Position.observation 2", lambda: c4lab.Position("4").observation(2)),
        ("Position.observation HUGE", lambda: c4lab.Position("4").observation(HUGE)),
        ("run_plan games=-1", lambda: _core.run_plan("match", [("A", "easy"), ("B", "easy")], -1)),
        ("run_plan seed=HUGE",
         lambda: _core.run_plan("match", [("A", "easy"), ("B", "easy")], 2, HUGE)),
        ("play_games games=[-1]", lambda: _core.play_games("A", "easy", "B", "easy", 1, [-1])),
        ("play_games games=[HUGE]", lambda: _core.play_games("A", "easy", "B", "easy", 1, [HUGE])),
        ("play_games seed=-1", lambda: _core.play_games("A", "easy", "B", "easy", -1, [0])),
        ("play_games threads=0",
         lambda: _core.play_games("A", "easy", "B", "easy", 1, [0], threads=0)),
        ("play_games threads=10**6",
         lambda: _core.play_games("A", "easy", "B", "easy", 1, [0], threads=10**6)),
        ("RunFolder games=-1",
         lambda: _core.RunFolder(out, "match", [("A", "easy"), ("B", "easy")], -1)),
        ("BookRun depth=-1", lambda: _core.BookRun(str(tmp / "b.book"), -1)),
        ("BookRun depth=HUGE", lambda: _core.BookRun(str(tmp / "b.book"), HUGE)),
        ("BookRun table_bits=-1", lambda: _core.BookRun(str(tmp / "b.book"), 2, table_bits=-1)),
        ("BookRun table_bits=40", lambda: _core.BookRun(str(tmp / "b.book"), 2, table_bits=40)),
        ("book_solve table_bits=-1", lambda: _core.book_solve(["44"], table_bits=-1)),
        ("book_solve table_bits=HUGE", lambda: _core.book_solve(["44"], table_bits=HUGE)),
        ("dataset_label table_bits=-1", lambda: _core.dataset_label(PLAN, [0], table_bits=-1)),
        ("dataset_label games=[-1]", lambda: _core.dataset_label(PLAN, [-1])),
        ("dataset_label seed=-1", lambda: _core.dataset_label((-1, (4, 30), 2, 10, "7x6"), [0])),
        ("dataset_label plies=(4, 99)", lambda: _core.dataset_label((1, (4, 99), 2, 10, "7x6"), [0])),
        ("dataset_label plies=(-4, 9)", lambda: _core.dataset_label((1, (-4, 9), 2, 10, "7x6"), [0])),
        ("dataset_label per_game=0", lambda: _core.dataset_label((1, (4, 30), 0, 10, "7x6"), [0])),
        ("dataset_label valid_percent=HUGE",
         lambda: _core.dataset_label((1, (4, 30), 2, HUGE, "7x6"), [0])),
        ("DatasetRun positions=-1", lambda: _core.DatasetRun(str(tmp / "d.jsonl"), -1, 1)),
        ("DatasetRun seed=-1", lambda: _core.DatasetRun(str(tmp / "d.jsonl"), 10, -1)),
        ("DatasetRun per_game=43",
         lambda: _core.DatasetRun(str(tmp / "d.jsonl"), 10, 1, per_game=43)),
        ("texel_tune depth=-1", lambda: _core.texel_tune("center", "", "d", depth=-1)),
        ("texel_tune patience=0", lambda: _core.texel_tune("center", "", "d", patience=0)),
        ("texel_tune max_passes=HUGE",
         lambda: _core.texel_tune("center", "", "d", max_passes=HUGE)),
        ("texel_tune threads=-1", lambda: _core.texel_tune("center", "", "d", threads=-1)),
        ("SpsaRun iterations=-1",
         lambda: _core.SpsaRun("center", str(tmp / "t.params"), iterations=-1)),
        ("SpsaRun games=HUGE", lambda: _core.SpsaRun("center", str(tmp / "t.params"), games=HUGE)),
        ("SpsaRun seed=-1", lambda: _core.SpsaRun("center", str(tmp / "t.params"), seed=-1)),
        ("Solver threads=65", lambda: c4lab.Solver(threads=65)),
        ("solve_many threads=-1", lambda: c4lab.solve_many(["4453"], threads=-1)),
    ]


def test_every_bad_number_raises_value_error_naming_its_range(tmp_path):
    failures = []
    for name, call in _bad_numbers(tmp_path):
        try:
            call()
        except ValueError as error:
            if "must be" not in str(error) and "not 0-6" not in str(error):
                failures.append(f"{name}: unclear message {str(error)[:200]!r}")
        except BaseException as error:  # noqa: BLE001 - the test reports every kind
            failures.append(f"{name}: {type(error).__name__}: {str(error)[:200]}")
        else:
            failures.append(f"{name}: accepted")
    assert not failures, "\n".join(failures)


def test_a_bound_names_the_argument_and_its_range():
    with pytest.raises(ValueError, match=r"^threads must be an integer from 1 to 256, not -1"):
        c4lab.match("easy", "easy", games=2, threads=-1)
    with pytest.raises(ValueError, match=r"table_bits must be an integer from 19 to 27"):
        _core.book_solve(["44"], table_bits=10**40)


def test_the_bounds_themselves_are_accepted(tmp_path):
    c4lab.match("random", "random", games=1, seed=2**64 - 1, threads=256, openings=20)
    c4lab.Position("4").observation(1)
    assert c4lab.Position("4").play(6).moves == "47"
    assert len(_core.play_games("A", "random", "B", "random", 0, [0, 9_999_999], threads=1)) == 2


def test_every_echoed_string_is_cut_to_80_characters(tmp_path):
    calls = [
        lambda: c4lab.Position(LONG),
        lambda: c4lab.solve(LONG),
        lambda: c4lab.Player(LONG),
        lambda: c4lab.match(LONG, "easy", games=2),
        lambda: c4lab.match("easy", "easy", games=2, first=LONG),
        lambda: c4lab.match("easy", "easy", games=2, openings=[LONG]),
        lambda: c4lab.match("easy", "easy", games=2, sprt=LONG),
        lambda: c4lab.experiment(LONG),
        lambda: c4lab.evaluate(LONG, ""),
        lambda: c4lab.evaluate("center", "", view=LONG),
        lambda: _core.run_plan(LONG, [("A", "easy"), ("B", "easy")], 2),
        lambda: _core.play_games("A", LONG, "B", "easy", 1, [0]),
        lambda: _core.BookRun(str(tmp_path / "b.book"), 2, start=LONG),
        lambda: _core.BookRun(str(tmp_path / "b.book"), 2, format=LONG),
        lambda: _core.book_solve([LONG]),
        lambda: _core.dataset_label(PLAN, [0], recorded=[LONG]),
        lambda: _core.texel_tune(LONG, "", "d"),
        lambda: _core.texel_tune("center", "", "d", target=LONG),
        lambda: _core.texel_tune("center", LONG, "d"),
        lambda: _core.SpsaRun(LONG, str(tmp_path / "t.params")),
        lambda: c4lab.solve_many(["4453"], threads=int(LONG)),
    ]
    failures = []
    for index, call in enumerate(calls):
        try:
            call()
        except ValueError as error:
            if len(str(error)) >= 400:
                failures.append(f"call {index}: {str(error)[:300]}")
        except BaseException as error:  # noqa: BLE001 - the test reports every kind
            failures.append(f"call {index}: {type(error).__name__}: {str(error)[:200]}")
        else:
            failures.append(f"call {index}: accepted")
    assert not failures, "\n".join(failures)


def test_a_python_player_raising_gives_back_its_own_exception():
    def broken(position):
        raise KeyError("no move here")

    with pytest.raises(KeyError, match="no move here"):
        c4lab.match(broken, "easy", games=1)

    with pytest.raises(ValueError, match="game 0 of A against B: player A: column 9 is not 0-6"):
        c4lab.match(lambda position: 9, "easy", games=1)

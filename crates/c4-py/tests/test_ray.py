"""c4lab.ray on a local Ray cluster that the tests start and stop: a head node and a second
worker node on this machine, one CPU each.

Ray reaches for the machine's own network address even for a local cluster, so these tests
run only inside a private network namespace whose one interface is loopback (.ci/run runs
the suite under `unshare -n`); elsewhere they skip, unless C4_RAY_TESTS=1 demands them."""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

import c4lab


def _loopback_only() -> bool:
    return [name for _, name in socket.if_nameindex()] == ["lo"]


# The test cluster authenticates with a token of its own, as a real one would: Ray turns
# token authentication on for a new head node, and every node and driver must then present
# the same token. Ray reads the mode when it is imported, so it is set before the import;
# the nodes and the drivers the tests start inherit it.
if _loopback_only():
    _TOKEN_DIR = tempfile.TemporaryDirectory(prefix="c4-ray-auth-")
    _TOKEN = Path(_TOKEN_DIR.name) / "auth_token"
    _TOKEN.write_text(secrets.token_hex(32))
    _TOKEN.chmod(0o600)
    os.environ.update(RAY_AUTH_MODE="token", RAY_AUTH_TOKEN_PATH=str(_TOKEN))

ray = pytest.importorskip("ray")

REQUIRED = os.environ.get("C4_RAY_TESTS") == "1"
SLOW_A, SLOW_B = "alphabeta:depth=6", "alphabeta:depth=6,eval=kang"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def cluster():
    if not _loopback_only():
        message = "the Ray tests need a private network namespace (unshare -n)"
        if REQUIRED:
            pytest.fail(message)
        pytest.skip(message)
    port = _free_port()
    address = f"127.0.0.1:{port}"
    common = ["--node-ip-address=127.0.0.1", "--num-cpus=1", "--disable-usage-stats"]
    try:
        _ray_start("--head", f"--port={port}", "--include-dashboard=false", *common)
        _ray_start(f"--address={address}", *common)
        yield address
    finally:
        subprocess.run(["ray", "stop", "--force"], capture_output=True)


def _ray_start(*args: str) -> None:
    """`ray start`, failing the tests with Ray's own last lines when a node does not start."""
    run = subprocess.run(["ray", "start", *args], capture_output=True, text=True)
    if run.returncode != 0:
        tail = "\n".join((run.stdout + run.stderr).strip().splitlines()[-15:])
        pytest.fail(f"ray start {' '.join(args)} exited with {run.returncode}:\n{tail}")


def _driver(address: str, *args: str) -> list[str]:
    return [sys.executable, "-m", "c4lab.ray", "--address", address, *args]


def _games(path: Path) -> list[dict]:
    """A games file's records by game index, without the wall times."""
    records = [json.loads(line) for line in path.read_text().splitlines()]
    for record in records:
        for move in record["stats"]:
            move.pop("time_ms", None)
    return sorted(records, key=lambda r: (r["a"], r["b"], r["game"]))


def _single_machine(a: str, b: str, games: int, seed: int) -> list[dict]:
    result = c4lab.match(a, b, games=games, seed=seed, openings=4)
    for record in result.games:
        for move in record["stats"]:
            move.pop("time_ms", None)
    return result.games


def test_a_match_gives_the_games_of_one_machine(cluster, tmp_path):
    out = tmp_path / "match"
    run = subprocess.run(
        _driver(cluster, "match", "--a", "easy", "--b", "alphabeta:depth=3", "--games", "40",
                "--seed", "5", "--random-openings", "4", "--shard-size", "7", "--out", str(out)),
        capture_output=True, text=True, check=True,
    )
    assert "games 40  seed 5" in run.stdout
    assert "per worker:" in run.stderr and "ETA" in run.stderr
    assert _games(out / "games.jsonl") == _single_machine("easy", "alphabeta:depth=3", 40, 5)
    summary = json.loads((out / "summary.json").read_text())
    assert summary["games"] == 40
    assert json.loads((out / "run.json").read_text())["kind"] == "match"


def test_a_tournament_writes_every_pairing(cluster, tmp_path):
    out = tmp_path / "tournament"
    players = ["--player", "r=random", "--player", "e=easy", "--player", "d3=alphabeta:depth=3"]
    subprocess.run(
        _driver(cluster, "tournament", *players, "--games", "10", "--random-openings", "2",
                "--out", str(out)),
        capture_output=True, text=True, check=True,
    )
    games = _games(out / "games.jsonl")
    assert len(games) == 30
    assert {(g["a"], g["b"]) for g in games} == {("r", "e"), ("r", "d3"), ("e", "d3")}
    ratings = json.loads((out / "summary.json").read_text())["ratings"]
    assert {r["name"] for r in ratings} == {"r", "e", "d3"}


def test_a_match_on_6x5_gives_the_games_of_one_machine(cluster, tmp_path):
    out = tmp_path / "small"
    run = subprocess.run(
        _driver(cluster, "match", "--a", "easy", "--b", "alphabeta:depth=3", "--games", "12",
                "--seed", "4", "--random-openings", "2", "--shard-size", "5", "--size", "6x5",
                "--out", str(out)),
        capture_output=True, text=True, check=True,
    )
    assert "board 6x5" in run.stdout
    assert json.loads((out / "run.json").read_text())["size"] == "6x5"
    (pairing,) = c4lab._core.run_plan("match", [("A", "easy"), ("B", "alphabeta:depth=3")], 12,
                                      4, 2, size="6x5")
    lines = c4lab._core.play_games(*pairing, list(range(12)), 2, threads=2, size="6x5")
    single = [json.loads(line) for line in lines]
    for record in single:
        assert record["size"] == "6x5"
        for move in record["stats"]:
            move.pop("time_ms", None)
    assert _games(out / "games.jsonl") == single
    # A player bound to 7x6 is refused before the cluster is asked for anything.
    refused = subprocess.run(
        _driver(cluster, "match", "--a", "alphabeta:depth=2,eval=kang", "--b", "easy",
                "--size", "6x5", "--out", str(tmp_path / "kang")),
        capture_output=True, text=True,
    )
    assert refused.returncode == 2 and "7x6, not 6x5" in refused.stderr
    assert not (tmp_path / "kang").exists()


def _wait_for(condition, timeout=120.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return False


def _lines(path: Path) -> int:
    return len(path.read_text().splitlines()) if path.exists() else 0


def test_a_killed_worker_is_retried_and_nothing_is_lost(cluster, tmp_path):
    out = tmp_path / "killed-worker"
    driver = subprocess.Popen(
        _driver(cluster, "match", "--a", SLOW_A, "--b", SLOW_B, "--games", "24",
                "--random-openings", "4", "--shard-size", "2", "--out", str(out)),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )

    def shard_worker() -> int | None:
        found = subprocess.run(["pgrep", "-f", "ray::_play_shard"], capture_output=True, text=True)
        pids = [int(p) for p in found.stdout.split()]
        return pids[0] if pids else None

    assert _wait_for(lambda: _lines(out / "games.jsonl") >= 2 and shard_worker() is not None)
    os.kill(shard_worker(), signal.SIGKILL)
    stdout, stderr = driver.communicate(timeout=600)
    assert driver.returncode == 0, stderr
    assert _games(out / "games.jsonl") == _single_machine(SLOW_A, SLOW_B, 24, 1)


def test_a_restarted_driver_resumes_from_the_disk(cluster, tmp_path):
    out = tmp_path / "killed-driver"
    args = ["match", "--a", SLOW_A, "--b", SLOW_B, "--games", "24", "--random-openings", "4",
            "--shard-size", "2", "--out", str(out)]
    driver = subprocess.Popen(_driver(cluster, *args), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
    assert _wait_for(lambda: _lines(out / "games.jsonl") >= 4)
    driver.kill()
    driver.wait()
    kept = _lines(out / "games.jsonl")
    assert 4 <= kept < 24
    again = subprocess.run(_driver(cluster, *args), capture_output=True, text=True)
    assert again.returncode == 2 and "--resume" in again.stderr
    resumed = subprocess.run(_driver(cluster, *args, "--resume"), capture_output=True, text=True)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{kept} of 24 games already played" in resumed.stderr
    assert _games(out / "games.jsonl") == _single_machine(SLOW_A, SLOW_B, 24, 1)


def test_bad_input_is_named_without_retries(cluster, tmp_path):
    run = subprocess.run(
        _driver(cluster, "match", "--a", "alphabeta:depth=x", "--b", "easy", "--out",
                str(tmp_path / "bad")),
        capture_output=True, text=True,
    )
    assert run.returncode == 2
    assert run.stderr.startswith("error: ") and "depth" in run.stderr
    assert "Traceback" not in run.stderr

    from c4lab.ray import ShardError, _play_shard, _wait_all

    ray.init(address=cluster, log_to_driver=False, logging_level="ERROR")
    try:
        # A shard whose input fails on the worker: the error names the shard and the input.
        bad = ("A", "easy", "B", "easy", 1)
        ref = _play_shard.options(max_retries=3, retry_exceptions=False).remote(
            bad, [0, 1], ["4444444"], "alternate"
        )
        with pytest.raises(ShardError, match=r"A vs B, games 0-1: openings\[0\]: .*column 4, which is full"):
            _wait_all({ref: "A vs B, games 0-1"}, lambda result: None)
    finally:
        ray.shutdown()


def test_a_book_slice_equals_the_cli_build(cluster, tmp_path):
    out = tmp_path / "slice.txt"
    run = subprocess.run(
        _driver(cluster, "book", "--from", "4444443", "--depth", "10", "--table", "20",
                "--shard-size", "16", "--out", str(out)),
        capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    assert not Path(f"{out}.partial").exists()
    lines = out.read_text().splitlines()
    assert lines[0] == "c4-book 1 depth=10"
    scores = dict(line.split() for line in lines[1:])
    assert len(scores) > 100
    # Every score is the solver's, as c4lab.solve gives it (book off: solved from scratch).
    solver = c4lab.Solver(book="none")
    sample = sorted(scores)[:: max(1, len(scores) // 25)]
    assert all(solver.solve(moves) == int(scores[moves]) for moves in sample)
    again = subprocess.run(
        _driver(cluster, "book", "--from", "4444443", "--depth", "10", "--out", str(out)),
        capture_output=True, text=True, check=True,
    )
    assert "finished already" in again.stdout


def test_a_layer_chunk_solved_on_the_cluster_is_the_committed_file(cluster, tmp_path):
    committed = Path(__file__).resolve().parents[3] / "crates" / "c4-layers" / "data" / "ply12"
    out = tmp_path / "ply12"
    out.mkdir()
    # Every chunk but the last (the smallest, some 500 positions) is there already.
    for number in range(539):
        name = f"chunk-{number:05}.c4layer"
        shutil.copy(committed / name, out / name)
    last = "chunk-00539.c4layer"
    run = subprocess.run(
        _driver(cluster, "book", "--ply", "12", "--table", "20", "--out", str(out)),
        capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "539 of 540 chunks finished; 1 to solve" in run.stderr
    assert "540 of 540 chunks of the ply-12 layer finished" in run.stdout
    assert (out / last).read_bytes() == (committed / last).read_bytes()
    # A book's options with a layer's, and the reverse, are refused before any work.
    for args, says in [
        (["--ply", "12", "--from", "44"], "--from: for a book (--depth)"),
        (["--depth", "9", "--chunks", "1"], "--chunks is for a layer's build"),
        (["--ply", "12", "--chunks", "0"], "--chunks must be at least 1"),
    ]:
        bad = subprocess.run(_driver(cluster, "book", *args, "--out", str(tmp_path / "x")),
                             capture_output=True, text=True)
        assert bad.returncode == 2 and says in bad.stderr, bad.stderr
        assert not (tmp_path / "x").exists()


def _c4_binary() -> Path:
    repo = Path(__file__).resolve().parents[3]
    for build in ("release", "debug"):
        binary = repo / "target" / build / "c4"
        if binary.exists():
            return binary
    pytest.skip("the c4 binary is not built")


def _without_command(params: Path) -> list[str]:
    return [line for line in params.read_text().splitlines() if not line.startswith("# command:")]


def test_spsa_on_the_cluster_equals_the_cli_iteration_for_iteration(cluster, tmp_path):
    args = ["--method", "spsa", "--eval", "center", "--params", "d1,d2,d3", "--depth", "2",
            "--iterations", "3", "--games", "6", "--confirm-games", "30", "--seed", "4"]
    ray_out, cli_out = tmp_path / "ray" / "center.params", tmp_path / "cli" / "center.params"
    run = subprocess.run(
        _driver(cluster, "tune", *args, "--shard-size", "2", "--out", str(ray_out)),
        capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "iteration 3/3" in run.stderr and "per worker:" in run.stderr
    subprocess.run([_c4_binary(), "tune", *args, "--threads", "1", "--out", cli_out],
                   check=True, capture_output=True)
    ray_log = Path(f"{ray_out}.spsa").read_text()
    assert ray_log == Path(f"{cli_out}.spsa").read_text()
    assert len(ray_log.splitlines()) == 4
    assert _without_command(ray_out) == _without_command(cli_out)
    assert any(line.startswith("# confirmed by 30 games") for line in _without_command(ray_out))
    # A finished run resumes to nothing new; a different run refuses its log by name.
    again = subprocess.run(
        _driver(cluster, "tune", *args, "--confirm-games", "0", "--out", str(ray_out)),
        capture_output=True, text=True, check=True,
    )
    assert "3 of 3 iterations already done" in again.stderr
    other = subprocess.run(
        _driver(cluster, "tune", *args[:-2], "--seed", "5", "--out", str(ray_out)),
        capture_output=True, text=True,
    )
    assert other.returncode == 2 and "seed=4" in other.stderr and "Traceback" not in other.stderr


def test_a_dataset_and_its_texel_fit_on_the_cluster_equal_the_cli(cluster, tmp_path):
    binary = _c4_binary()
    ray_data, cli_data = tmp_path / "ray.jsonl", tmp_path / "cli.jsonl"
    run = subprocess.run(
        _driver(cluster, "dataset", "build", "--positions", "120", "--seed", "3", "--plies",
                "6-24", "--shard-size", "8", "--out", str(ray_data)),
        capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "wrote 120 positions" in run.stdout and "per worker:" in run.stderr
    assert not Path(f"{ray_data}.partial").exists()
    subprocess.run([binary, "dataset", "build", "--positions", "120", "--seed", "3", "--plies",
                    "6-24", "--out", cli_data], check=True, capture_output=True)
    assert ray_data.read_bytes() == cli_data.read_bytes()

    ray_params, cli_params = tmp_path / "ray.params", tmp_path / "cli.params"
    fit = ["--eval", "center", "--params", "d1,d3,d5", "--max-passes", "4"]
    run = subprocess.run(
        _driver(cluster, "tune", *fit, "--data", str(cli_data), "--out", str(ray_params)),
        capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    assert "validation loss" in run.stdout
    subprocess.run([binary, "tune", *fit, "--data", cli_data, "--out", cli_params],
                   check=True, capture_output=True)
    assert _without_command(ray_params) == _without_command(cli_params)
    # A task wider than any node would wait forever: refused at once instead.
    wide = subprocess.run(
        _driver(cluster, "tune", *fit, "--data", str(cli_data), "--threads", "2", "--out",
                str(tmp_path / "wide.params")),
        capture_output=True, text=True, timeout=120,
    )
    assert wide.returncode == 2 and "no node of the cluster has 2 CPUs" in wide.stderr


def test_a_dataset_of_another_board_on_the_cluster_equals_the_cli(cluster, tmp_path):
    ray_data, cli_data = tmp_path / "ray.jsonl", tmp_path / "cli.jsonl"
    build = ["--positions", "40", "--seed", "4", "--plies", "4-24", "--size", "6x5"]
    run = subprocess.run(
        _driver(cluster, "dataset", "build", *build, "--shard-size", "4", "--out",
                str(ray_data)),
        capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    subprocess.run([_c4_binary(), "dataset", "build", *build, "--out", cli_data], check=True,
                   capture_output=True)
    assert ray_data.read_bytes() == cli_data.read_bytes()
    assert '"size":"6x5"' in ray_data.read_text().splitlines()[0]


def test_a_dataset_build_resumes_the_clis_work_log(cluster, tmp_path):
    out = tmp_path / "resumed.jsonl"
    build = ["--positions", "60", "--seed", "9", "--plies", "6-20"]
    partial = Path(f"{out}.partial")
    # The CLI's work log of a build cut short: its header and its first games.
    subprocess.run([_c4_binary(), "dataset", "build", *build, "--out", tmp_path / "whole.jsonl"],
                   check=True, capture_output=True)
    whole = (tmp_path / "whole.jsonl").read_bytes()
    cli = subprocess.Popen([_c4_binary(), "dataset", "build", *build[:1], "100000",
                            *build[2:], "--threads", "1", "--out", out],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert _wait_for(lambda: _lines(partial) >= 6)
    cli.kill()
    cli.wait()
    # The header leaves out how many positions are wanted: a longer build's games serve.
    run = subprocess.run(_driver(cluster, "dataset", "build", *build, "--out", str(out)),
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert out.read_bytes() == whole


def test_a_learning_sweep_runs_a_trial_a_task_and_writes_one_table(cluster, tmp_path):
    out = tmp_path / "sweep"
    run = subprocess.run(
        _driver(cluster, "learn", "--games", "200", "--tuples", "12", "--length", "6",
                "--lambda", "0,0.5", "--layout", "walks,lines", "--checkpoint-every", "100",
                "--eval-every", "100",
                "--sample", "5", "--eval-games", "2", "--out", str(out)),
        capture_output=True, text=True, check=True,
    )
    assert "table in" in run.stdout
    rows = (out / "sweep.csv").read_text().splitlines()
    assert rows[0].startswith("trial,tuples,length,layout,alpha,lambda,epsilon,openings,games")
    assert len(rows) == 5
    trials = sorted(line.split(",")[0] for line in rows[1:])
    assert trials == [
        "t12x6-lines-a0.02-l0-e0.1", "t12x6-lines-a0.02-l0.5-e0.1",
        "t12x6-walks-a0.02-l0-e0.1", "t12x6-walks-a0.02-l0.5-e0.1",
    ]
    # Each trial is the run c4lab.learn (and c4 learn) makes with its settings.
    alone = tmp_path / "alone"
    c4lab.learn(str(alone), games=200, tuples=12, length=6, lambda_=0.0,
                checkpoint_every=100, eval_every=100, sample=5, eval_games=2)
    trial = out / "t12x6-walks-a0.02-l0-e0.1"
    assert (trial / "network.c4nt").read_bytes() == (alone / "network.c4nt").read_bytes()
    lines = out / "t12x6-lines-a0.02-l0-e0.1"
    assert (lines / "network.c4nt").read_bytes() != (alone / "network.c4nt").read_bytes()


def test_a_sweep_with_a_bad_value_stops_before_any_task(cluster, tmp_path):
    run = subprocess.run(
        _driver(cluster, "learn", "--games", "100", "--length", "1,8", "--out",
                str(tmp_path / "bad")),
        capture_output=True, text=True,
    )
    assert run.returncode == 2
    assert "length 2-10" in run.stderr
    run = subprocess.run(
        _driver(cluster, "learn", "--games", "100", "--size", "3x3", "--out",
                str(tmp_path / "small")),
        capture_output=True, text=True,
    )
    assert run.returncode == 2
    assert "3x3" in run.stderr
    assert not (tmp_path / "small").exists()


def test_a_sweep_on_another_board_runs_its_trials_there(cluster, tmp_path):
    out = tmp_path / "sweep"
    subprocess.run(
        _driver(cluster, "learn", "--games", "200", "--tuples", "12", "--length", "5",
                "--size", "5x4", "--checkpoint-every", "100", "--eval-every", "100",
                "--sample", "4", "--eval-games", "2", "--out", str(out)),
        capture_output=True, text=True, check=True,
    )
    alone = tmp_path / "alone"
    c4lab.learn(str(alone), games=200, tuples=12, length=5, size="5x4",
                checkpoint_every=100, eval_every=100, sample=4, eval_games=2)
    trial = out / "t12x5-walks-a0.02-l0.5-e0.1"
    assert (trial / "network.c4nt").read_bytes() == (alone / "network.c4nt").read_bytes()

"""c4 on a Ray cluster: matches, tournaments, experiments, tuning and opening books past one
machine.

``python -m c4lab.ray match | tournament | experiment | tune | dataset build | book ...``
takes the CLI's arguments
(``--a``, ``--b``, ``--games``, ``--seed``, ``--random-openings``, ``--out``, ``--resume``,
...), splits the work into seeded shards, runs each shard as a Ray task calling c4's Rust
core, and writes the files the CLI writes, so ``c4 report``, ``c4 verify`` and ``c4 solve
--book`` read them.

- A match or tournament shard is a range of game indices of one pairing. Every game follows
  from the run's seed and its index alone, so the games equal ``c4 match``'s with the same
  seed, and a shard computed twice gives the same games.
- A book shard is a run of neighbouring positions of the deepest ply, solved on one table.
- An experiment is one task (``all``: every experiment at once), resuming from its folder.
- SPSA tuning plays each iteration's two matches in shards of game indices, then the
  confirming match's games until its SPRT decides (in game order); the work log
  ``OUT.spsa`` and the parameter file are ``c4 tune --method spsa``'s, iteration for
  iteration. A texel fit is one task on the cluster.
- A dataset shard is a range of game indices, each game played or taken from a run and its
  sampled positions labelled; the work log ``OUT.partial`` and the dataset are ``c4 dataset
  build``'s, so either resumes the other.

Faults: Ray runs a shard again when its worker dies (``--retries``); each finished shard is
on disk as soon as it returns, so a driver started again with ``--resume`` (a book resumes
by itself) plays only what is missing. A shard that fails on its input stops the run with
the input named, without retrying.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Sequence

import ray

from . import _core

#: How many times Ray runs a shard again after its worker died.
DEFAULT_RETRIES = 3


class ShardError(Exception):
    """A shard failed on its input (not a lost worker): the message names the input."""


@dataclass
class ShardResult:
    """What a shard returns: its results, and who computed them how fast."""

    label: str
    payload: Any
    units: int
    worker: str
    seconds: float


def _worker_name() -> str:
    node = ray.get_runtime_context().get_node_id() or "local"
    return f"{node[:8]}/{os.getpid()}"


def _timed(label: str, units: int, work: Callable[[], Any]) -> ShardResult:
    start = time.perf_counter()
    payload = work()
    return ShardResult(label, payload, units, _worker_name(), time.perf_counter() - start)


@ray.remote(num_cpus=1)
def _play_shard(pairing, games, openings, first) -> ShardResult:
    a_label, a_spec, b_label, b_spec, seed = pairing
    label = f"{a_label} vs {b_label}, games {_ranges(games)}"
    return _timed(
        label,
        len(games),
        lambda: _core.play_games(
            a_label, a_spec, b_label, b_spec, seed, games, openings, first, 1
        ),
    )


@ray.remote(num_cpus=1)
def _solve_shard(moves: list[str], table_bits: int) -> ShardResult:
    label = f"positions {moves[0]}..{moves[-1]}"
    return _timed(label, len(moves), lambda: _core.book_solve(moves, table_bits))


@ray.remote(num_cpus=1)
def _experiment_task(name, quick, games, seed, out, threads) -> ShardResult:
    return _timed(
        f"experiment {name}",
        1,
        lambda: _core.experiment(name, quick, games, seed, out, threads),
    )


@ray.remote(num_cpus=1)
def _label_shard(plan, games, recorded, table_bits, book) -> ShardResult:
    return _timed(
        f"dataset games {_ranges(games)}",
        len(games),
        lambda: _core.dataset_label(plan, games, recorded, table_bits, book),
    )


@ray.remote(num_cpus=1)
def _texel_task(eval, text, data, target, depth, params, patience, max_passes, threads):
    return _timed(
        f"texel fit of {eval}",
        1,
        lambda: _core.texel_tune(
            eval, text, data, target, depth, params, patience, max_passes, threads
        ),
    )


def _check_cpus(threads: int) -> None:
    """A task of ``threads`` cores must fit on some node, or Ray would wait for it forever."""
    if threads < 1:
        raise ValueError("threads must be at least 1")
    largest = max(
        (node["Resources"].get("CPU", 0) for node in ray.nodes() if node.get("Alive")),
        default=0,
    )
    if threads > largest:
        raise ValueError(
            f"threads={threads}: no node of the cluster has {threads} CPUs "
            f"(the largest has {largest:g})"
        )


def _ranges(indices: Sequence[int]) -> str:
    """``[3, 4, 5, 9]`` as ``3-5, 9``."""
    parts: list[str] = []
    start = prev = None
    for i in indices:
        if prev is not None and i == prev + 1:
            prev = i
            continue
        if start is not None:
            parts.append(f"{start}-{prev}" if prev != start else f"{start}")
        start = prev = i
    if start is not None:
        parts.append(f"{start}-{prev}" if prev != start else f"{start}")
    return ", ".join(parts)


def _chunks(items: Sequence[Any], size: int) -> Iterable[list[Any]]:
    for i in range(0, len(items), size):
        yield list(items[i : i + size])


@dataclass
class Progress:
    """Units done, throughput per worker and an estimated time to finish, on stderr at most
    once per ``every`` seconds (and at the end)."""

    what: str
    total: int
    done: int = 0
    every: float = 1.0
    quiet: bool = False
    started: float = field(default_factory=time.perf_counter)
    per_worker: dict[str, list[float]] = field(default_factory=dict)
    _last: float = 0.0
    _start_done: int = 0

    def __post_init__(self) -> None:
        # Units finished before this run (a resumed one) do not count towards its rate.
        self._start_done = self.done

    def add(self, result: ShardResult) -> None:
        self.done += result.units
        units, seconds = self.per_worker.setdefault(result.worker, [0.0, 0.0])
        self.per_worker[result.worker] = [units + result.units, seconds + result.seconds]
        now = time.perf_counter()
        if now - self._last >= self.every or self.done >= self.total:
            self._last = now
            self.report()

    def line(self) -> str:
        elapsed = time.perf_counter() - self.started
        new = self.done - self._start_done
        rate = new / elapsed if elapsed > 0 else 0.0
        left = self.total - self.done
        eta = f"{left / rate:.0f} s" if rate > 0 and left > 0 else "-"
        workers = ", ".join(
            f"{name} {units / seconds:.1f}/s"
            for name, (units, seconds) in sorted(self.per_worker.items())
            if seconds > 0
        )
        return (
            f"{self.what}: {self.done}/{self.total}, {rate:.1f}/s, ETA {eta}; "
            f"per worker: {workers or '-'}"
        )

    def report(self) -> None:
        if not self.quiet:
            print(self.line(), file=sys.stderr, flush=True)


def _wait_all(
    tasks: dict[Any, str], on_result: Callable[[ShardResult], bool | None]
) -> None:
    """Waits for every task, handing each result to ``on_result`` as it arrives; when that
    returns True, the tasks still running are cancelled. A task that failed stops the run:
    its input is named, the rest are cancelled."""
    pending = list(tasks)
    try:
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayTaskError as e:
                    cause = e.cause if getattr(e, "cause", None) is not None else e
                    raise ShardError(f"{tasks[ref]}: {cause}") from None
                except ray.exceptions.WorkerCrashedError:
                    raise ShardError(
                        f"{tasks[ref]}: its worker died on every try; finished shards are "
                        f"kept, run again to continue"
                    ) from None
                if on_result(result):
                    return
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


def run_games(
    kind: str,
    players: Sequence[tuple[str, str]],
    games: int,
    out: str,
    *,
    seed: int = 1,
    openings: int | Sequence[str] | None = None,
    first: str = "alternate",
    resume: bool = False,
    shard_size: int = 25,
    retries: int = DEFAULT_RETRIES,
    quiet: bool = False,
) -> str:
    """Plays a match (``kind="match"``, players A and B) or a round robin
    (``kind="tournament"``) on the Ray cluster ``ray.init`` connected to, writing
    ``games.jsonl``, ``run.json`` and the summaries into ``out`` as ``c4 match --out`` and
    ``c4 tournament --out`` do. Returns the summary text the CLI prints."""
    if shard_size < 1:
        raise ValueError("shard_size must be at least 1")
    players = [tuple(p) for p in players]
    openings = list(openings) if isinstance(openings, (list, tuple)) else openings
    pairings = _core.run_plan(kind, players, games, seed, openings, first)
    folder = _core.RunFolder(out, kind, players, games, seed, openings, first, resume)
    try:
        done = set(folder.done())
        tasks: dict[Any, str] = {}
        shard = _play_shard.options(max_retries=retries, retry_exceptions=False)
        for pairing in pairings:
            missing = [g for g in range(games) if (pairing[0], pairing[2], g) not in done]
            for chunk in _chunks(missing, shard_size):
                ref = shard.remote(pairing, chunk, openings, first)
                tasks[ref] = f"{pairing[0]} vs {pairing[2]}, games {_ranges(chunk)}"
        progress = Progress(f"{kind} games", games * len(pairings), len(folder), quiet=quiet)
        if not quiet:
            print(
                f"seed {seed}; {len(folder)} of {games * len(pairings)} games already played; "
                f"{len(tasks)} shards",
                file=sys.stderr,
            )

        def keep(result: ShardResult) -> None:
            folder.append(result.payload)
            progress.add(result)

        _wait_all(tasks, keep)
        return folder.finish()
    finally:
        folder.close()


def run_experiments(
    names: Sequence[str],
    out: str,
    *,
    seed: int = 1,
    quick: bool = False,
    games: int | None = None,
    threads: int = 1,
    retries: int = DEFAULT_RETRIES,
    quiet: bool = False,
) -> str:
    """Runs c4's experiments (``["all"]``: every one), each a Ray task writing
    ``out/NAME`` as ``c4 experiment NAME --out out/NAME`` does (a second run resumes each
    from its folder). Returns their summaries, in the order given."""
    known = [name for name, _, _ in _core.experiments()]
    wanted = known if list(names) == ["all"] else list(names)
    for name in wanted:
        if name not in known:
            raise ValueError(f"unknown experiment {name!r}; known: {', '.join(known)}")
    _check_cpus(threads)
    task = _experiment_task.options(
        num_cpus=threads, max_retries=retries, retry_exceptions=False
    )
    tasks = {
        task.remote(name, quick, games, seed, os.path.join(out, name), threads): name
        for name in wanted
    }
    summaries: dict[str, str] = {}
    progress = Progress("experiments", len(wanted), quiet=quiet)

    def keep(result: ShardResult) -> None:
        summaries[result.label.removeprefix("experiment ")] = result.payload
        progress.add(result)

    _wait_all({ref: f"experiment {name}" for ref, name in tasks.items()}, keep)
    return "\n".join(summaries[name] for name in wanted)


def build_book(
    depth: int,
    out: str,
    *,
    start: str = "",
    table: int = 24,
    shard_size: int = 64,
    format: str | None = None,
    retries: int = DEFAULT_RETRIES,
    quiet: bool = False,
) -> str:
    """Builds the opening book ``c4 book build --depth DEPTH --from START --out OUT`` builds:
    the deepest ply's positions solved in shards of neighbours on the cluster, each score
    appended to ``OUT.partial`` as it arrives (the CLI's progress file, so either can resume
    the other), then the shallower plies derived and the book written. Returns a summary."""
    if shard_size < 1:
        raise ValueError("shard_size must be at least 1")
    build = _core.BookRun(out, depth, start, table, format)
    if build.finished():
        return f"{out} is finished already: {build.positions()} positions to ply {depth}"
    todo = build.todo()
    if not quiet:
        print(
            f"book from {start!r} to ply {depth}: {len(todo)} positions of ply {depth} to solve "
            f"in {-(-len(todo) // shard_size)} shards",
            file=sys.stderr,
        )
    shard = _solve_shard.options(max_retries=retries, retry_exceptions=False)
    tasks = {}
    for chunk in _chunks(todo, shard_size):
        tasks[shard.remote(chunk, table)] = f"positions {chunk[0]}..{chunk[-1]}"
    progress = Progress(f"ply {depth} positions", len(todo), quiet=quiet)

    def keep(result: ShardResult) -> None:
        build.append(result.payload)
        progress.add(result)

    _wait_all(tasks, keep)
    return build.finish()


def _match_tasks(
    plan: Sequence[Any], games: Sequence[int], shard_size: int, retries: int
) -> dict[Any, str]:
    """Sends games ``games`` of one match (a plan of ``SpsaRun``: labels, specs, seed,
    games, opening plies, first) out in shards: the tasks, each with what it plays."""
    a_label, a_spec, b_label, b_spec, seed, _, plies, first = plan
    pairing = (a_label, a_spec, b_label, b_spec, seed)
    shard = _play_shard.options(max_retries=retries, retry_exceptions=False)
    return {
        shard.remote(pairing, chunk, plies, first): f"{a_label} vs {b_label}, games {_ranges(chunk)}"
        for chunk in _chunks(list(games), shard_size)
    }


def tune_spsa(
    eval: str,
    out: str,
    *,
    depth: int = 4,
    params: Sequence[str] = (),
    iterations: int = 100,
    games: int = 16,
    seed: int = 1,
    rate: float = 4.0,
    confirm_games: int = 2000,
    shard_size: int = 4,
    retries: int = DEFAULT_RETRIES,
    quiet: bool = False,
    command: str = "",
) -> str:
    """Runs ``c4 tune --method spsa`` on the cluster: each iteration's plus and minus
    matches in shards of ``shard_size`` games, the weights moved and the iteration appended
    to ``OUT.spsa`` (resumed when there), then the confirming SPRT match, and the parameter
    file written to ``out``. Returns what the CLI prints."""
    if shard_size < 1:
        raise ValueError("shard_size must be at least 1")
    if confirm_games < 0:
        raise ValueError("confirm_games must be 0 or more")
    run = _core.SpsaRun(eval, out, depth, list(params), iterations, games, seed, rate)
    keys = run.keys()
    done = len(run.iterations())
    progress = Progress("spsa games", (iterations - done) * 2 * games, quiet=quiet)
    if not quiet:
        print(f"{done} of {iterations} iterations already done", file=sys.stderr)
    lines: list[str] = []
    while (step := run.next_step()) is not None:
        k, plus_plan, minus_plan = step
        # Both sides' games at once: the iteration waits only for the slowest shard.
        tasks = {
            **_match_tasks(plus_plan, range(plus_plan[5]), shard_size, retries),
            **_match_tasks(minus_plan, range(minus_plan[5]), shard_size, retries),
        }
        records: list[str] = []

        def keep(result: ShardResult) -> None:
            records.extend(result.payload)
            progress.add(result)

        _wait_all(tasks, keep)
        k, weights, plus, minus = run.record(k, records)
        if not quiet:
            shown = ",".join(f"{key}={w:.1f}" for key, w in zip(keys, weights))
            print(f"iteration {k + 1}/{iterations}: S+ {plus:.3f} S- {minus:.3f} {shown}",
                  file=sys.stderr)
    lines.append(run.report())
    if confirm_games > 0:
        plan = run.confirm_plan(confirm_games)
        if not quiet:
            print(
                f"confirming: tuned against untuned at depth {depth}, SPRT elo0=0 elo1=20, "
                f"at most {confirm_games} games",
                file=sys.stderr,
            )
        summary: list[str] = []
        check = Progress("confirming games", confirm_games, quiet=quiet)

        def decided(result: ShardResult) -> bool:
            check.add(result)
            text = run.confirm_add(result.payload, confirm_games)
            if text is not None:
                summary.append(text)
            return text is not None

        _wait_all(_match_tasks(plan, range(confirm_games), shard_size, retries), decided)
        lines.append(summary[0].rstrip("\n"))
    written = run.write(command or f"python -m c4lab.ray tune --method spsa --eval {eval}")
    lines.append(f"wrote {written}")
    return "\n".join(lines)


def tune_texel(
    eval: str,
    data: str,
    out: str,
    *,
    target: str = "results",
    depth: int = 0,
    params: Sequence[str] = (),
    patience: int = 3,
    max_passes: int = 60,
    threads: int = 1,
    retries: int = DEFAULT_RETRIES,
    command: str = "",
) -> str:
    """Runs ``c4 tune --method texel`` as one task of ``threads`` cores on the cluster, the
    dataset ``data`` sent with it, and writes the parameter file ``out``. Returns the fit's
    report."""
    _check_cpus(threads)
    with open(data, encoding="utf-8") as f:
        text = f.read()
    task = _texel_task.options(num_cpus=threads, max_retries=retries, retry_exceptions=False)
    ref = task.remote(eval, text, data, target, depth, list(params), patience, max_passes,
                      threads)
    results: list[ShardResult] = []
    _wait_all({ref: f"texel fit of {eval} on {data}"}, results.append)
    params_text, report = results[0].payload
    params_text += f"# command: {command or f'python -m c4lab.ray tune --eval {eval}'}\n"
    parent = os.path.dirname(out)
    if parent:
        os.makedirs(parent, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(params_text)
    return f"{report}wrote {out}"


def build_dataset(
    out: str,
    positions: int,
    seed: int,
    *,
    plies: tuple[int, int] = (4, 30),
    per_game: int = 2,
    valid_percent: int = 10,
    from_games: str | None = None,
    table: int = 22,
    book: bool = True,
    shard_size: int = 16,
    retries: int = DEFAULT_RETRIES,
    quiet: bool = False,
) -> str:
    """Builds the dataset ``c4 dataset build`` builds: games played (or taken from the run
    ``from_games``) and their sampled positions labelled by the solver in shards of game
    indices, each game appended to ``OUT.partial`` as it arrives (the CLI's work log, so
    either resumes the other), then the dataset written. Returns a summary line."""
    if shard_size < 1:
        raise ValueError("shard_size must be at least 1")
    run = _core.DatasetRun(out, positions, seed, plies, per_game, valid_percent, from_games)
    plan = run.plan()
    shard = _label_shard.options(max_retries=retries, retry_exceptions=False)
    while True:
        have, games = run.selected()
        if not quiet:
            print(f"{have} of {positions} positions from the first {games} games",
                  file=sys.stderr)
        if have >= positions:
            return run.finish()
        # Enough games for what is missing at the rate so far, with a margin: the dataset is
        # the first games' positions, so games past it are only spare.
        rate = have / games if games else per_game * 0.8
        limit = games + int((positions - have) / max(rate, 0.05) * 1.1) + shard_size
        todo = run.todo(limit)
        if not todo:
            raise ValueError(
                f"the games give only {have} usable positions of the {positions} asked for"
            )
        tasks = {}
        for chunk in _chunks(todo, shard_size):
            ref = shard.remote(plan, chunk, run.recorded(chunk), table, book)
            tasks[ref] = f"dataset games {_ranges(chunk)}"
        progress = Progress(f"games labelled below game {limit}", len(todo), quiet=quiet)

        def keep(result: ShardResult) -> None:
            run.add(result.payload)
            progress.add(result)

        _wait_all(tasks, keep)


def _read_openings(path: str) -> list[str]:
    with open(path, encoding="utf-8") as f:
        lines = [line.split()[0] for line in f if line.split()]
    if not lines:
        raise ValueError(f"{path} holds no openings")
    return lines


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m c4lab.ray",
        description=(
            "c4's matches, tournaments, experiments, tuning, datasets and book builds on a "
            "Ray cluster"
        ),
    )
    parser.add_argument(
        "--address",
        help="the cluster (default: RAY_ADDRESS, else a local Ray started for this run)",
    )
    parser.add_argument(
        "--retries",
        type=int,
        default=DEFAULT_RETRIES,
        help="runs of a shard again after its worker died (default %(default)s)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    commands = parser.add_subparsers(dest="command", required=True)

    def run_options(p: argparse.ArgumentParser) -> None:
        p.add_argument("--games", type=int, default=100, help="games (per pairing)")
        p.add_argument("--seed", type=int, default=1)
        group = p.add_mutually_exclusive_group()
        group.add_argument("--openings", help="a file of openings, a move string per line")
        group.add_argument(
            "--random-openings", type=int, help="start each pair of games from N random plies"
        )
        p.add_argument("--first", choices=["a", "b", "alternate"], default="alternate")
        p.add_argument("--out", required=True, help="the run folder")
        p.add_argument("--resume", action="store_true", help="continue the run in --out")
        p.add_argument("--shard-size", type=int, default=25, help="games per shard")

    match = commands.add_parser("match", help="two players, many games (c4 match)")
    match.add_argument("--a", required=True, help="player A's spec")
    match.add_argument("--b", required=True, help="player B's spec")
    run_options(match)

    tournament = commands.add_parser("tournament", help="a round robin (c4 tournament)")
    tournament.add_argument(
        "--player", action="append", required=True, help="NAME=SPEC; give two or more"
    )
    run_options(tournament)

    experiment = commands.add_parser("experiment", help="c4 experiment NAME|all")
    experiment.add_argument("names", nargs="+", help="experiment names, or all")
    experiment.add_argument("--games", type=int)
    experiment.add_argument("--quick", action="store_true")
    experiment.add_argument("--seed", type=int, default=1)
    experiment.add_argument("--out", default="results", help="parent of each NAME folder")
    experiment.add_argument("--threads", type=int, default=1, help="cores per experiment")

    tune = commands.add_parser("tune", help="c4 tune: SPSA in shards, or a texel fit")
    tune.add_argument("--eval", required=True, help="the evaluator to start from")
    tune.add_argument("--params", type=_comma_list, default=[],
                      help="the tunable weights, comma-separated (default: all)")
    tune.add_argument("--method", choices=["texel", "spsa"], default="texel")
    tune.add_argument("--target", choices=["results", "moves"], default="results",
                      help="texel: what the evaluation predicts")
    tune.add_argument("--data", help="texel: labelled positions (dataset build)")
    tune.add_argument("--depth", type=int,
                      help="texel: search depth (default 0); spsa: the games' depth (default 4)")
    tune.add_argument("--iterations", type=int, default=100, help="spsa: iterations in all")
    tune.add_argument("--games", type=int, default=16,
                      help="spsa: games of each side per iteration (even)")
    tune.add_argument("--rate", type=float, default=4.0, help="spsa: the learning rate")
    tune.add_argument("--confirm-games", type=int, default=2000,
                      help="spsa: at most this many games of the confirming SPRT; 0 skips it")
    tune.add_argument("--seed", type=int, default=1, help="spsa: seed")
    tune.add_argument("--patience", type=int, default=3, help="texel: passes without gain")
    tune.add_argument("--max-passes", type=int, default=60, help="texel: at most this many")
    tune.add_argument("--out", help="the parameter file (default tuned/NAME.params)")
    tune.add_argument("--threads", type=int, default=1, help="texel: cores of its task")
    tune.add_argument("--shard-size", type=int, default=4, help="spsa: games per shard")

    dataset = commands.add_parser("dataset", help="c4 dataset build")
    dataset_commands = dataset.add_subparsers(dest="dataset_command", required=True)
    build = dataset_commands.add_parser("build", help="label positions of games in shards")
    build.add_argument("--positions", type=int, required=True)
    build.add_argument("--plies", type=_ply_range, default=(4, 30), help="A-B (default 4-30)")
    build.add_argument("--from-games", help="a games file or run folder instead of new games")
    build.add_argument("--per-game", type=int, default=2)
    build.add_argument("--valid-percent", type=int, default=10)
    build.add_argument("--seed", type=int, required=True)
    build.add_argument("--out", required=True)
    build.add_argument("--table", type=int, default=22, help="log2 of each shard's table")
    build.add_argument("--book", choices=["builtin", "none"], default="builtin")
    build.add_argument("--shard-size", type=int, default=16, help="games per shard")

    book = commands.add_parser("book", help="c4 book build")
    book.add_argument("--depth", type=int, required=True)
    book.add_argument("--out", required=True)
    book.add_argument("--from", dest="start", default="")
    book.add_argument("--table", type=int, default=24)
    book.add_argument("--format", choices=["binary", "text"])
    book.add_argument("--shard-size", type=int, default=64, help="positions per shard")
    return parser


def _comma_list(text: str) -> list[str]:
    return [part for part in text.split(",") if part]


def _ply_range(text: str) -> tuple[int, int]:
    low, sep, high = text.partition("-")
    try:
        if not sep:
            raise ValueError
        return int(low), int(high)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected A-B, as 4-30") from None


def _players(args: argparse.Namespace) -> list[tuple[str, str]]:
    if args.command == "match":
        return [("A", args.a), ("B", args.b)]
    players = []
    for text in args.player:
        name, sep, spec = text.partition("=")
        if not sep:
            raise ValueError(f"--player {text!r}: expected NAME=SPEC")
        players.append((name, spec))
    return players


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command in ("match", "tournament"):
            openings = (
                _read_openings(args.openings) if args.openings else args.random_openings
            )
            players = _players(args)
            # Checked before the cluster starts: bad input costs nothing.
            _core.run_plan(args.command, players, args.games, args.seed, openings, args.first)
        ray.init(address=args.address, log_to_driver=False, logging_level="ERROR")
        if args.command in ("match", "tournament"):
            text = run_games(
                args.command,
                players,
                args.games,
                args.out,
                seed=args.seed,
                openings=openings,
                first=args.first,
                resume=args.resume,
                shard_size=args.shard_size,
                retries=args.retries,
                quiet=args.quiet,
            )
            print(text, end="")
            print(f"games, summary.json and summary.csv in {args.out}")
        elif args.command == "experiment":
            print(
                run_experiments(
                    args.names,
                    args.out,
                    seed=args.seed,
                    quick=args.quick,
                    games=args.games,
                    threads=args.threads,
                    retries=args.retries,
                    quiet=args.quiet,
                )
            )
        elif args.command == "tune":
            command = " ".join(["python -m c4lab.ray", *(argv if argv is not None else sys.argv[1:])])
            name = args.eval.split(":")[0].split(",")[0]
            out = args.out or os.path.join("tuned", f"{name}.params")
            if args.method == "spsa":
                text = tune_spsa(
                    args.eval,
                    out,
                    depth=4 if args.depth is None else args.depth,
                    params=args.params,
                    iterations=args.iterations,
                    games=args.games,
                    seed=args.seed,
                    rate=args.rate,
                    confirm_games=args.confirm_games,
                    shard_size=args.shard_size,
                    retries=args.retries,
                    quiet=args.quiet,
                    command=command,
                )
            else:
                if not args.data:
                    raise ValueError("texel needs --data FILE")
                text = tune_texel(
                    args.eval,
                    args.data,
                    out,
                    target=args.target,
                    depth=args.depth or 0,
                    params=args.params,
                    patience=args.patience,
                    max_passes=args.max_passes,
                    threads=args.threads,
                    retries=args.retries,
                    command=command,
                )
            print(text)
        elif args.command == "dataset":
            print(
                build_dataset(
                    args.out,
                    args.positions,
                    args.seed,
                    plies=args.plies,
                    per_game=args.per_game,
                    valid_percent=args.valid_percent,
                    from_games=args.from_games,
                    table=args.table,
                    book=args.book == "builtin",
                    shard_size=args.shard_size,
                    retries=args.retries,
                    quiet=args.quiet,
                )
            )
        else:
            print(
                build_book(
                    args.depth,
                    args.out,
                    start=args.start,
                    table=args.table,
                    shard_size=args.shard_size,
                    format=args.format,
                    retries=args.retries,
                    quiet=args.quiet,
                )
            )
    except (ValueError, ShardError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""c4 on a Ray cluster: matches, tournaments, experiments and opening books past one machine.

``python -m c4lab.ray match | tournament | experiment | book ...`` takes the CLI's arguments
(``--a``, ``--b``, ``--games``, ``--seed``, ``--random-openings``, ``--out``, ``--resume``,
...), splits the work into seeded shards, runs each shard as a Ray task calling c4's Rust
core, and writes the files the CLI writes, so ``c4 report``, ``c4 verify`` and ``c4 solve
--book`` read them.

- A match or tournament shard is a range of game indices of one pairing. Every game follows
  from the run's seed and its index alone, so the games equal ``c4 match``'s with the same
  seed, and a shard computed twice gives the same games.
- A book shard is a run of neighbouring positions of the deepest ply, solved on one table.
- An experiment is one task (``all``: every experiment at once), resuming from its folder.

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
    tasks: dict[Any, str], on_result: Callable[[ShardResult], None]
) -> None:
    """Waits for every task, handing each result to ``on_result`` as it arrives. A task that
    failed stops the run: its input is named, the rest are cancelled."""
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
                on_result(result)
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
    if threads < 1:
        raise ValueError("threads must be at least 1")
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


def _read_openings(path: str) -> list[str]:
    with open(path, encoding="utf-8") as f:
        lines = [line.split()[0] for line in f if line.split()]
    if not lines:
        raise ValueError(f"{path} holds no openings")
    return lines


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m c4lab.ray",
        description="c4's matches, tournaments, experiments and book builds on a Ray cluster",
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

    book = commands.add_parser("book", help="c4 book build")
    book.add_argument("--depth", type=int, required=True)
    book.add_argument("--out", required=True)
    book.add_argument("--from", dest="start", default="")
    book.add_argument("--table", type=int, default=24)
    book.add_argument("--format", choices=["binary", "text"])
    book.add_argument("--shard-size", type=int, default=64, help="positions per shard")
    return parser


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

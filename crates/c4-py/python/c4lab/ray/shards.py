"""The Ray tasks c4's drivers send out, each a pure function of its input calling c4's Rust
core, and the waiting for them: what a shard returns, how a failed one is named, how the
cluster's CPUs bound a task."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import ray

from .. import _core

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
def _play_shard(pairing, games, openings, first, size="7x6") -> ShardResult:
    a_label, a_spec, b_label, b_spec, seed = pairing
    label = f"{a_label} vs {b_label}, games {_ranges(games)}"
    return _timed(
        label,
        len(games),
        lambda: _core.play_games(
            a_label, a_spec, b_label, b_spec, seed, games, openings, first, 1, size
        ),
    )


@ray.remote(num_cpus=1)
def _solve_shard(moves: list[str], table_bits: int) -> ShardResult:
    label = f"positions {moves[0]}..{moves[-1]}"
    return _timed(label, len(moves), lambda: _core.book_solve(moves, table_bits))


@ray.remote(num_cpus=1)
def _layer_shard(ply: int, number: int, table_bits: int) -> ShardResult:
    return _timed(
        f"chunk {number} of the ply-{ply} layer",
        1,
        lambda: (number, _core.layer_solve(ply, number, table_bits)),
    )


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

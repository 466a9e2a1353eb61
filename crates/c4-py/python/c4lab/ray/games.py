"""Drivers of games on the cluster: a match or tournament in shards of game indices, and
experiments as one task each; the files written are the CLI's."""

from __future__ import annotations

import os
import sys
from typing import Any, Sequence

from .. import _core
from .progress import Progress
from .shards import (
    DEFAULT_RETRIES,
    ShardResult,
    _chunks,
    _check_cpus,
    _experiment_task,
    _play_shard,
    _ranges,
    _wait_all,
)


def run_games(
    kind: str,
    players: Sequence[tuple[str, str]],
    games: int,
    out: str,
    *,
    seed: int = 1,
    openings: int | Sequence[str] | None = None,
    first: str = "alternate",
    size: str = "7x6",
    resume: bool = False,
    shard_size: int = 25,
    retries: int = DEFAULT_RETRIES,
    quiet: bool = False,
) -> str:
    """Plays a match (``kind="match"``, players A and B) or a round robin
    (``kind="tournament"``) on the Ray cluster ``ray.init`` connected to, writing
    ``games.jsonl``, ``run.json`` and the summaries into ``out`` as ``c4 match --out`` and
    ``c4 tournament --out`` do, on the board ``size`` ("WxH", as ``--size``). Returns the
    summary text the CLI prints."""
    if shard_size < 1:
        raise ValueError("shard_size must be at least 1")
    players = [tuple(p) for p in players]
    openings = list(openings) if isinstance(openings, (list, tuple)) else openings
    pairings = _core.run_plan(kind, players, games, seed, openings, first, size)
    folder = _core.RunFolder(out, kind, players, games, seed, openings, first, resume, size)
    try:
        done = set(folder.done())
        tasks: dict[Any, str] = {}
        shard = _play_shard.options(max_retries=retries, retry_exceptions=False)
        for pairing in pairings:
            missing = [g for g in range(games) if (pairing[0], pairing[2], g) not in done]
            for chunk in _chunks(missing, shard_size):
                ref = shard.remote(pairing, chunk, openings, first, size)
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

"""The driver of a labelled dataset built on the cluster, games labelled in shards; the work
log and dataset are ``c4 dataset build``'s."""

from __future__ import annotations

import sys

from .. import _core
from .progress import Progress
from .shards import DEFAULT_RETRIES, ShardResult, _chunks, _label_shard, _ranges, _wait_all


def build_dataset(
    out: str,
    positions: int,
    seed: int,
    *,
    plies: tuple[int, int] = (4, 30),
    per_game: int = 2,
    valid_percent: int = 10,
    from_games: str | None = None,
    size: str | None = None,
    table: int = 22,
    book: bool = True,
    shard_size: int = 16,
    retries: int = DEFAULT_RETRIES,
    quiet: bool = False,
) -> str:
    """Builds the dataset ``c4 dataset build`` builds: games played (or taken from the run
    ``from_games``) and their sampled positions labelled by the solver in shards of game
    indices, each game appended to ``OUT.partial`` as it arrives (the CLI's work log, so
    either resumes the other), then the dataset written. The board is ``size`` ("WxH"; unless
    given, the recorded games' board, else 7x6); with ``book``, 7x6 positions are answered
    from the built-in book and its ply-12 layer, as the CLI's are. Returns a summary line."""
    if shard_size < 1:
        raise ValueError("shard_size must be at least 1")
    run = _core.DatasetRun(out, positions, seed, plies, per_game, valid_percent, from_games, size)
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

"""The drivers of an opening book built on the cluster, the deepest ply solved in shards,
and of a deep layer of the book, a chunk a task."""

from __future__ import annotations

import sys

from .. import _core
from .progress import Progress
from .shards import (
    DEFAULT_RETRIES,
    ShardResult,
    _chunks,
    _layer_shard,
    _solve_shard,
    _wait_all,
)


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


def build_layer(
    ply: int,
    out: str,
    *,
    table: int = 24,
    chunks: int | None = None,
    retries: int = DEFAULT_RETRIES,
    quiet: bool = False,
) -> str:
    """Builds the missing chunks of the book's layer of ``ply`` in the folder ``out``, as
    ``c4 book build --ply PLY --out OUT`` does: each chunk solved by one task on a table of
    ``2**table`` slots (some minutes of a core for a ply-12 chunk), its file brought back,
    checked and written whole as it arrives, so a run stopped at any point keeps every
    chunk it finished, and either command goes on from the folder. ``chunks`` takes up at
    most that many. Returns a summary."""
    if chunks is not None and chunks < 1:
        raise ValueError("chunks must be at least 1")
    run = _core.LayerRun(out, ply)
    todo = run.missing()
    total = run.chunk_count()
    before = total - len(todo)
    if chunks is not None:
        todo = todo[:chunks]
    if not quiet:
        print(
            f"ply-{ply} layer in {out}: {before} of {total} chunks finished; "
            f"{len(todo)} to solve, a task each",
            file=sys.stderr,
        )
    shard = _layer_shard.options(max_retries=retries, retry_exceptions=False)
    tasks = {shard.remote(ply, number, table): f"chunk {number}" for number in todo}
    progress = Progress(f"ply-{ply} chunks", len(todo), quiet=quiet)

    def keep(result: ShardResult) -> None:
        number, data = result.payload
        run.add(number, data)
        progress.add(result)

    _wait_all(tasks, keep)
    finished = total - len(run.missing())
    return f"{finished} of {total} chunks of the ply-{ply} layer finished in {out}"

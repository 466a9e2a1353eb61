"""Drivers of tuning on the cluster: SPSA's matches in shards of games, a texel fit as one
task; the work log and parameter file are ``c4 tune``'s."""

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
    _play_shard,
    _ranges,
    _texel_task,
    _wait_all,
)


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

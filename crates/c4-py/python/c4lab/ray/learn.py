"""A hyper-parameter sweep of ``c4 learn`` on the cluster: every combination of the values
given is one trial, a ``c4 learn`` run of its own in ``OUT/TRIAL`` (one task, one core,
resuming from its checkpoint when the task runs again), and the results one table."""

from __future__ import annotations

import csv
import itertools
import os
from dataclasses import dataclass
from typing import Any, Sequence

import ray

from .. import _core
from .progress import Progress
from .shards import DEFAULT_RETRIES, ShardResult, _timed, _wait_all

#: The columns of ``OUT/sweep.csv``.
COLUMNS = (
    "trial", "tuples", "length", "layout", "alpha", "lambda", "epsilon", "openings", "games",
    "mistakes_pct", "best_mistakes_pct", "score_vs_easy", "seconds",
)


@dataclass(frozen=True)
class Trial:
    """One combination of the swept settings."""

    tuples: int
    length: int
    layout: str
    alpha: float
    lambda_: float
    epsilon: float
    openings: int = 0

    @property
    def name(self) -> str:
        # A trial whose games all start from the empty board has no `-o` part, so its
        # folder is the same whether or not openings are swept beside it.
        openings = f"-o{self.openings}" if self.openings else ""
        return (
            f"t{self.tuples}x{self.length}-{self.layout}-a{self.alpha:g}-l{self.lambda_:g}"
            f"-e{self.epsilon:g}{openings}"
        )


@ray.remote(num_cpus=1)
def _learn_task(folder: str, trial: Trial, settings: dict[str, Any]) -> ShardResult:
    return _timed(
        f"trial {trial.name}",
        1,
        lambda: _core.learn(
            folder,
            tuples=trial.tuples,
            length=trial.length,
            layout=trial.layout,
            alpha=trial.alpha,
            lambda_=trial.lambda_,
            epsilon=trial.epsilon,
            openings=trial.openings,
            until=None,
            **settings,
        ),
    )


def _values(name: str, given: Sequence[Any]) -> list[Any]:
    values = list(dict.fromkeys(given))
    if not values:
        raise ValueError(f"{name}: give at least one value")
    return values


def sweep_learn(
    out: str,
    *,
    games: int,
    tuples: Sequence[int] = (70,),
    length: Sequence[int] = (8,),
    layout: Sequence[str] = ("walks",),
    alpha: Sequence[float] = (0.02,),
    lambda_: Sequence[float] = (0.5,),
    epsilon: Sequence[float] = (0.1,),
    openings: Sequence[int] = (0,),
    epsilon_end: float = 0.0,
    opening_share: float = 1.0,
    tcl_beta: float = 2.7,
    seed: int = 1,
    checkpoint_every: int = 10_000,
    eval_every: int = 50_000,
    sample: int = 100,
    eval_games: int = 20,
    size: str = "7x6",
    retries: int = DEFAULT_RETRIES,
    quiet: bool = False,
) -> str:
    """Trains one network per combination of ``tuples``, ``length``, ``layout`` (``walks`` or
    ``lines``), ``alpha``, ``lambda_``, ``epsilon`` and ``openings`` (the most random plies a
    game starts with, in ``opening_share`` of the games; the other settings shared), each a
    task running ``c4 learn`` into ``out/TRIAL``, and writes the table ``out/sweep.csv``: each trial's last measurement
    and its best mistake rate. Every trial learns on the board ``size`` ("WxH", as ``c4 learn
    --size``). ``out`` must be on a file system every node sees. Returns the table as text,
    best last mistake rate first."""
    _core.parse_size(size)  # ValueError, before any task, for a board there is not
    trials = [
        Trial(t, n, lay, a, lam, e, o)
        for t, n, lay, a, lam, e, o in itertools.product(
            _values("tuples", tuples),
            _values("length", length),
            _values("layout", layout),
            _values("alpha", alpha),
            _values("lambda", lambda_),
            _values("epsilon", epsilon),
            _values("openings", openings),
        )
    ]
    # Every trial's settings are checked before any task starts: the first bad one names
    # itself here, not in a worker's log.
    for trial in trials:
        if not 1 <= trial.tuples <= 1000 or not 2 <= trial.length <= 10:
            raise ValueError(f"trial {trial.name}: tuples 1-1000 and length 2-10")
        if trial.layout not in ("walks", "lines"):
            raise ValueError(f"trial {trial.name}: layout walks or lines")
        if not 0 <= trial.openings <= 20:
            raise ValueError(f"trial {trial.name}: openings 0-20")
    settings = dict(
        games=games, epsilon_end=epsilon_end, opening_share=opening_share, tcl_beta=tcl_beta,
        seed=seed,
        checkpoint_every=checkpoint_every, eval_every=eval_every, sample=sample,
        eval_games=eval_games, size=size,
    )
    os.makedirs(out, exist_ok=True)
    task = _learn_task.options(max_retries=retries, retry_exceptions=False)
    tasks = {
        task.remote(os.path.join(os.path.abspath(out), trial.name), trial, settings):
            f"trial {trial.name}"
        for trial in trials
    }
    progress = Progress("trials", len(trials), quiet=quiet)
    by_name = {trial.name: trial for trial in trials}
    rows: list[dict[str, Any]] = []

    def keep(result: ShardResult) -> None:
        trial = by_name[result.label.removeprefix("trial ")]
        curve = result.payload
        last = curve[-1]
        rows.append({
            "trial": trial.name, "tuples": trial.tuples, "length": trial.length,
            "layout": trial.layout, "alpha": trial.alpha, "lambda": trial.lambda_,
            "epsilon": trial.epsilon, "openings": trial.openings, "games": last["games"],
            "mistakes_pct": last["mistakes_pct"],
            "best_mistakes_pct": min(row["mistakes_pct"] for row in curve),
            "score_vs_easy": last["score_vs_easy"], "seconds": round(result.seconds, 1),
        })
        progress.add(result)

    _wait_all(tasks, keep)
    rows.sort(key=lambda r: (r["mistakes_pct"], r["trial"]))
    with open(os.path.join(out, "sweep.csv"), "w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    lines = [f"{'trial':<32} {'games':>9} {'mistakes %':>10} {'best %':>7} {'vs easy':>7}"]
    lines += [
        f"{r['trial']:<32} {r['games']:>9} {r['mistakes_pct']:>10.2f} "
        f"{r['best_mistakes_pct']:>7.2f} {r['score_vs_easy']:>7.3f}"
        for r in rows
    ]
    lines.append(f"table in {os.path.join(out, 'sweep.csv')}")
    return "\n".join(lines)

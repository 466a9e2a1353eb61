"""Progress of a distributed run: units done, throughput per worker, time left."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

from .shards import ShardResult


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

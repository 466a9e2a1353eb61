"""A solver-labelled dataset written to a numpy file: random positions as 2x6x7 planes,
each with its exact score and the score of every column.

    python solver_dataset.py [--positions 2000] [--out dataset.npz]

Labelling 2000 positions takes about a minute and a half on 2 cores; progress goes to
standard error.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import numpy as np

import c4lab


def random_positions(count: int, seed: int) -> list[c4lab.Position]:
    """Distinct positions of 6-20 plies from random play, none over."""
    rng = random.Random(seed)
    seen: set[int] = set()
    positions = []
    while len(positions) < count:
        position = c4lab.Position()
        for _ in range(rng.randint(6, 20)):
            position = position.play(rng.choice(position.legal_moves()))
            if position.is_over:
                break
        if not position.is_over and position.canonical_key() not in seen:
            seen.add(position.canonical_key())
            positions.append(position)
    return positions


def label(positions: list[c4lab.Position], batch: int = 100) -> list[list[int | None]]:
    """Every column's exact score, in batches solved in parallel, with progress on stderr."""
    start = time.perf_counter()
    columns: list[list[int | None]] = []
    for first in range(0, len(positions), batch):
        columns += c4lab.analyze_many(positions[first : first + batch])
        elapsed = time.perf_counter() - start
        print(
            f"labelled {len(columns)} of {len(positions)} positions ({elapsed:.0f} s)",
            file=sys.stderr, flush=True,
        )
    return columns


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--positions", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default="dataset.npz")
    args = parser.parse_args()
    positions = random_positions(args.positions, args.seed)
    columns = label(positions)
    # A full column has no score; -100 marks it in the integer array.
    column_scores = np.array([[-100 if s is None else s for s in row] for row in columns], np.int8)
    np.savez_compressed(
        args.out,
        planes=np.stack([p.to_planes() for p in positions]),
        score=column_scores.max(axis=1),
        column_scores=column_scores,
        moves=np.array([p.moves for p in positions]),
    )
    wins = int((column_scores.max(axis=1) > 0).sum())
    print(f"{len(positions)} positions labelled ({wins} won for the side to move) -> {args.out}")


if __name__ == "__main__":
    main()

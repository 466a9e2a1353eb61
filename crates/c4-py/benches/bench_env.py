"""Environment steps per second, c4lab's PettingZoo environment against PettingZoo's own
connect_four_v3, and positions solved per second through solve_many against `c4 solve`.

    pip install "./crates/c4-py[bench]"     # pettingzoo, and pygame, which its connect_four_v3 needs
    python crates/c4-py/benches/bench_env.py [--games 300] [--rounds 5] [--c4 target/release/c4]

Both environments play the same seeded random games (legal moves from the action mask) in
the same loop; each figure is the median of --rounds runs, interleaved so that load on a
shared machine hits both alike.
"""

from __future__ import annotations

import argparse
import pathlib
import random
import statistics
import subprocess
import time
import warnings

REPO = pathlib.Path(__file__).resolve().parents[3]


def steps_per_second(make_env, games: int, seed: int) -> float:
    env = make_env()
    rng = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    for game in range(games):
        env.reset(seed=game)
        for _agent in env.agent_iter():
            observation, _reward, termination, truncation, _info = env.last()
            if termination or truncation:
                action = None
            else:
                mask = observation["action_mask"].tolist()
                action = rng.choice([c for c in range(7) if mask[c]])
            env.step(action)
            steps += 1
    return steps / (time.perf_counter() - start)


def environments(games: int, rounds: int) -> None:
    from pettingzoo.classic import connect_four_v3

    from c4lab import pettingzoo_env

    theirs, ours = [], []
    for round_ in range(rounds):
        theirs.append(steps_per_second(connect_four_v3.env, games, round_))
        ours.append(steps_per_second(pettingzoo_env.env, games, round_))
    t, o = statistics.median(theirs), statistics.median(ours)
    print(f"environment steps/s, median of {rounds} runs of {games} random games:")
    print(f"  pettingzoo connect_four_v3  {t:10,.0f}")
    print(f"  c4lab pettingzoo_env        {o:10,.0f}   ({o / t:.1f}x)")


def solving(c4: pathlib.Path, rounds: int, threads: int) -> None:
    import c4lab

    lines = (REPO / "crates" / "c4-solver" / "data" / "positions" / "Test_L2_R2").read_text().splitlines()[:200]
    moves = [line.split()[0] for line in lines]
    expected = [int(line.split()[1]) for line in lines]
    text = "\n".join(moves) + "\n"
    python, cli = [], []
    for _ in range(rounds):
        start = time.perf_counter()
        scores = c4lab.solve_many(moves, threads=threads)
        python.append(len(moves) / (time.perf_counter() - start))
        assert scores == expected
        start = time.perf_counter()
        out = subprocess.run(
            [c4, "solve", "--jobs", str(threads), "--table", "22"],
            input=text, capture_output=True, text=True, check=True,
        ).stdout
        cli.append(len(moves) / (time.perf_counter() - start))
        assert [int(line.split()[1]) for line in out.splitlines()] == expected
    p, c = statistics.median(python), statistics.median(cli)
    print(f"positions solved/s (Test_L2_R2, first 200, {threads} threads), median of {rounds}:")
    print(f"  c4 solve --jobs {threads}         {c:10,.0f}")
    print(f"  c4lab.solve_many            {p:10,.0f}   ({p / c:.2f}x)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--c4", type=pathlib.Path, default=REPO / "target" / "release" / "c4")
    args = parser.parse_args()
    warnings.simplefilter("ignore")
    environments(args.games, args.rounds)
    if args.c4.exists():
        solving(args.c4, args.rounds, args.threads)
    else:
        print(f"{args.c4} is not built: `cargo build --release` for the solver comparison")


if __name__ == "__main__":
    main()

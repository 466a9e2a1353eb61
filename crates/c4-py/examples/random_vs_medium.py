"""A random agent against c4's `medium` in the PettingZoo environment.

    python random_vs_medium.py [--games 20]
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

import c4lab
from c4lab.pettingzoo_env import env


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    rng = np.random.default_rng(0)
    medium = c4lab.Player("medium", seed=1)
    game = env()
    results: Counter[str] = Counter()
    for episode in range(args.games):
        game.reset(seed=episode)
        # The random agent moves first in even episodes, second in odd ones.
        random_agent = game.possible_agents[episode % 2]
        for agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            if termination or truncation:
                if agent == random_agent:
                    results[{1: "won", 0: "drawn", -1: "lost"}[int(reward)]] += 1
                action = None
            elif agent == random_agent:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            else:
                action = medium.choose(game.position).column
            game.step(action)
    print(
        f"random agent against medium, {args.games} games: "
        f"won {results['won']}, drawn {results['drawn']}, lost {results['lost']}"
    )


if __name__ == "__main__":
    main()

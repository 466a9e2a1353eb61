"""The PettingZoo environment against PettingZoo's own connect_four_v3."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.classic import connect_four_v3
from pettingzoo.test import api_test

from c4lab import pettingzoo_env


def test_passes_pettingzoo_api_test():
    api_test(pettingzoo_env.env(), num_cycles=1000, verbose_progress=False)


def _same_state(theirs, ours):
    assert ours.agents == theirs.agents
    if not theirs.agents:
        return
    assert ours.agent_selection == theirs.agent_selection
    assert ours.rewards == theirs.rewards
    assert ours._cumulative_rewards == theirs._cumulative_rewards
    assert ours.terminations == theirs.terminations
    assert ours.truncations == theirs.truncations
    for agent in theirs.agents:
        a, b = theirs.observe(agent), ours.observe(agent)
        assert a.keys() == b.keys()
        for key in a:
            assert a[key].dtype == b[key].dtype
            np.testing.assert_array_equal(a[key], b[key])
    a, b = theirs.last(), ours.last()
    for x, y in zip(a[1:], b[1:]):
        assert x == y


def _differential(games: int, seed: int) -> tuple[int, int]:
    """Plays `games` seeded random games in both environments, comparing every step; some
    moves are illegal on purpose. Returns (steps, illegal moves)."""
    rng = random.Random(seed)
    theirs, ours = connect_four_v3.env(), pettingzoo_env.env()
    steps = illegal = 0
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for game in range(games):
            theirs.reset(seed=game)
            ours.reset(seed=game)
            _same_state(theirs, ours)
            for agent in theirs.agent_iter():
                observation, _, termination, truncation, _ = theirs.last()
                if termination or truncation:
                    action = None
                else:
                    mask = observation["action_mask"]
                    full = [c for c in range(7) if not mask[c]]
                    if full and rng.random() < 0.05:
                        action = rng.choice(full)
                        illegal += 1
                    else:
                        action = rng.choice([c for c in range(7) if mask[c]])
                theirs.step(action)
                ours.step(action)
                steps += 1
                _same_state(theirs, ours)
            assert not ours.agents
    return steps, illegal


def test_matches_connect_four_v3_over_1000_random_games():
    steps, illegal = _differential(1000, seed=7)
    assert steps > 20_000
    assert illegal > 50


def test_renders_text_and_pictures():
    game = pettingzoo_env.env(render_mode="ansi")
    game.reset()
    game.step(3)
    assert " X " in game.render()
    picture = pettingzoo_env.env(render_mode="rgb_array")
    picture.reset()
    picture.step(3)
    image = picture.render()
    assert image.dtype == np.uint8 and image.shape == (192, 224, 3)
    bottom_middle = image[-16, 3 * 32 + 16]
    assert tuple(bottom_middle) == (214, 39, 40)


def test_refuses_an_unknown_render_mode():
    with pytest.raises(ValueError, match="render_mode"):
        pettingzoo_env.env(render_mode="human")


@pytest.mark.parametrize("width, height", [(6, 5), (10, 4), (4, 4)])
def test_passes_pettingzoo_api_test_on_other_sizes(width, height):
    game = pettingzoo_env.env(width=width, height=height)
    assert game.action_space("player_0").n == width
    assert game.observation_space("player_1")["observation"].shape == (height, width, 2)
    api_test(game, num_cycles=1000, verbose_progress=False)


def test_whole_games_on_5x4():
    """Seeded random games to the end on 5x4: every observation, mask and reward follows the
    board, and each game ends with the rewards its final position says."""
    rng = random.Random(3)
    game = pettingzoo_env.env(width=5, height=4)
    outcomes = set()
    for episode in range(40):
        game.reset(seed=episode)
        final_rewards = {}
        for agent in game.agent_iter():
            observation, reward, termination, truncation, _ = game.last()
            assert observation["observation"].shape == (4, 5, 2)
            assert observation["action_mask"].shape == (5,)
            if termination or truncation:
                final_rewards[agent] = reward
                game.step(None)
                continue
            mask = observation["action_mask"]
            game.step(rng.choice([c for c in range(5) if mask[c]]))
        final = game.position
        assert final.is_over and final.width == 5 and final.ply <= 20
        expected = {"red": (1, -1), "yellow": (-1, 1), None: (0, 0)}[final.winner]
        assert (final_rewards["player_0"], final_rewards["player_1"]) == expected
        outcomes.add(final.status)
    assert outcomes == {"won", "drawn"}


def test_a_4x4_game_won_in_a_column():
    game = pettingzoo_env.env(width=4, height=4, render_mode="rgb_array")
    game.reset()
    for action in [0, 1, 0, 1, 0, 1, 0]:
        game.step(action)
    assert game.rewards == {"player_0": 1, "player_1": -1}
    assert all(game.terminations.values())
    image = game.render()
    assert image.shape == (4 * 32, 4 * 32, 3)
    # Red's column a, its top disc in the top row.
    assert tuple(image[16, 16]) == (214, 39, 40)


def test_refuses_a_size_there_is_not():
    with pytest.raises(ValueError, match="too small"):
        pettingzoo_env.env(width=3)
    with pytest.raises(ValueError, match="64 bits"):
        pettingzoo_env.env(width=9, height=7)

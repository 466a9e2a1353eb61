"""The Gymnasium environment: the checker, rewards, illegal moves and seeding."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import c4lab
from c4lab.gymnasium_env import ConnectFourEnv


def test_passes_gymnasium_check_env():
    for mode in ("ansi", "rgb_array"):
        env = gymnasium.make("c4lab/ConnectFour-v0", opponent="easy", render_mode=mode)
        check_env(env.unwrapped, skip_render_check=False)


def test_is_registered():
    env = gymnasium.make("c4lab/ConnectFour-v0", opponent="random")
    observation, info = env.reset(seed=1)
    assert observation["observation"].shape == (6, 7, 2)


def test_a_perfect_opponent_beats_random_play_and_rewards_say_so():
    env = ConnectFourEnv(opponent="perfect", you_play="second")
    rng = np.random.default_rng(0)
    for episode in range(3):
        observation, info = env.reset(seed=episode)
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, done, truncated, info = env.step(int(rng.choice(legal)))
        assert reward == -1.0
        assert c4lab.Position(info["moves"]).winner == "red"


def test_win_gives_plus_one():
    # The opponent "random" with this seed never blocks column 1 four times in a row often;
    # play column 0 until the game ends and check the reward matches the winner.
    env = ConnectFourEnv(opponent="random", you_play="first")
    for seed in range(20):
        env.reset(seed=seed)
        done = False
        while not done:
            action = next(c for c in range(7) if env.position.has_room(c))
            _, reward, done, _, info = env.step(action)
        position = c4lab.Position(info["moves"])
        expected = {"red": 1.0, "yellow": -1.0, None: 0.0}[position.winner]
        assert reward == expected


def test_illegal_move_ends_the_episode_at_minus_one():
    # Alternate columns 0 and 1 until one is full, then play into it.
    env = ConnectFourEnv(opponent="random", you_play="first")
    illegal_seen = 0
    for seed in range(30):
        env.reset(seed=seed)
        done, turn = False, 0
        while not done:
            full = [c for c in (0, 1) if not env.position.has_room(c)]
            if full:
                _, reward, done, _, info = env.step(full[0])
                assert (reward, done, info.get("illegal")) == (-1.0, True, True)
                illegal_seen += 1
                break
            _, reward, done, _, info = env.step(turn % 2)
            turn += 1
    assert illegal_seen > 0


def test_same_seed_same_episode():
    def episode(seed):
        env = ConnectFourEnv(opponent="medium", you_play="random")
        observation, _ = env.reset(seed=seed)
        moves = []
        done = False
        while not done:
            action = int(np.flatnonzero(observation["action_mask"])[0])
            observation, _, done, _, info = env.step(action)
            moves.append(info["moves"])
        return moves

    assert episode(5) == episode(5)


def test_refuses_bad_settings():
    with pytest.raises(ValueError, match="invalid player"):
        ConnectFourEnv(opponent="grandmaster")
    with pytest.raises(ValueError, match="you_play"):
        ConnectFourEnv(you_play="both")


@pytest.mark.parametrize("width, height", [(6, 5), (10, 4)])
def test_passes_gymnasium_check_env_on_other_sizes(width, height):
    env = gymnasium.make(
        "c4lab/ConnectFour-v0", opponent="easy", width=width, height=height, render_mode="rgb_array"
    )
    assert env.action_space.n == width
    assert env.observation_space["observation"].shape == (height, width, 2)
    check_env(env.unwrapped, skip_render_check=False)


def test_whole_episodes_on_5x4_against_a_perfect_opponent():
    # 5x4 is a draw (Tromp): the perfect opponent never loses, and random play loses or draws.
    env = gymnasium.make("c4lab/ConnectFour-v0", opponent="perfect", width=5, height=4)
    rng = np.random.default_rng(1)
    for episode in range(4):
        observation, info = env.reset(seed=episode)
        done = False
        while not done:
            assert observation["observation"].shape == (4, 5, 2)
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, done, truncated, info = env.step(int(rng.choice(legal)))
        final = c4lab.Position(info["moves"], width=5, height=4)
        assert final.is_over and reward in (-1.0, 0.0)
        assert reward == (0.0 if final.winner is None else -1.0)


def test_a_column_off_a_small_board_is_refused():
    env = ConnectFourEnv(opponent="random", width=5, height=4)
    env.reset(seed=0)
    with pytest.raises(ValueError, match=r"not a column 0-4.*count 1-5"):
        env.step(5)


def test_refuses_a_size_or_an_opponent_that_does_not_fit():
    with pytest.raises(ValueError, match="does not fit in 64 bits"):
        ConnectFourEnv(width=12, height=5)
    with pytest.raises(ValueError, match=r"eval=kang.* 7x6, not 6x5"):
        ConnectFourEnv(opponent="alphabeta:depth=2,eval=kang", width=6, height=5)

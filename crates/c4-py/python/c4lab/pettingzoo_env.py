"""A PettingZoo AEC environment that behaves as PettingZoo's ``connect_four_v3``, step for
step: the same agents, spaces, observations, rewards and illegal-move rule, on c4's core,
on the 7x6 board or any other size.

    from c4lab.pettingzoo_env import env
    game = env(render_mode="ansi")  # env(width=6, height=5): a 6x5 board
    game.reset(seed=42)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        action = None if termination or truncation else policy(observation)
        game.step(action)

- Agents ``player_0`` (moves first) and ``player_1``.
- The board is ``width`` columns of ``height`` rows, 7x6 unless given: every size with both
  at least 4 and ``width * (height + 1)`` at most 64 (``ValueError`` otherwise). An action
  is a column, 0 to ``width - 1``.
- The observation is a dict: ``observation``, a height x width x 2 (6x7x2) int8 array of
  the agent's discs then the opponent's (row 0 at the top), and ``action_mask``, ``width``
  int8 flags of the columns with room, all 0 for the agent not to move.
- Rewards are +1 for the winner and -1 for the loser, 0 for a draw. An illegal move ends
  the game with -1 for the agent that made it (PettingZoo's ``TerminateIllegalWrapper``).
- Render modes are ``"ansi"`` (the board as text) and ``"rgb_array"``.

The wrappers ``connect_four_v3.env()`` adds (order enforcing, action bounds, illegal moves)
are built in rather than stacked, which is much of the speed.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from . import _render
from ._core import Position

__all__ = ["env", "raw_env"]

AGENTS = ("player_0", "player_1")


def env(**kwargs: Any) -> "raw_env":
    """The environment, with the checks ``connect_four_v3.env()`` adds by wrappers."""
    return raw_env(**kwargs)


class raw_env(AECEnv):
    """Connect-4 for two agents on c4's core (see the module's documentation)."""

    metadata = {
        "render_modes": ["ansi", "rgb_array"],
        "name": "connect_four_v3",
        "is_parallelizable": False,
        "render_fps": 2,
    }

    def __init__(self, render_mode: str | None = None, width: int = 7, height: int = 6):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        # The empty board checks the size, with the core's words.
        self.position = Position(width=width, height=height)
        self.width, self.height = self.position.width, self.position.height
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        self.action_spaces = {agent: spaces.Discrete(self.width) for agent in AGENTS}
        shape = (self.height, self.width, 2)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low=0, high=1, shape=shape, dtype=np.int8),
                    "action_mask": spaces.Box(low=0, high=1, shape=(self.width,), dtype=np.int8),
                }
            )
            for agent in AGENTS
        }
        self._has_reset = False
        self._ended_by_illegal_move = False

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._has_reset = True
        self._ended_by_illegal_move = False
        self.position = Position(width=self.width, height=self.height)
        self.agents = list(AGENTS)
        self.rewards = {agent: 0 for agent in AGENTS}
        self._cumulative_rewards = {agent: 0 for agent in AGENTS}
        self.terminations = {agent: False for agent in AGENTS}
        self.truncations = {agent: False for agent in AGENTS}
        self.infos = {agent: {} for agent in AGENTS}
        self.agent_selection = AGENTS[0]
        self._skip_agent_selection = None

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        player = 0 if agent == AGENTS[0] else 1
        if agent == self.agent_selection:
            mask = self.position.open_columns()
        else:
            mask = np.zeros(self.width, np.int8)
        return {"observation": self.position.observation(player), "action_mask": mask}

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        in_space = (type(action) is int and 0 <= action < self.width) or (
            action is not None and self.action_spaces[agent].contains(action)
        )
        assert (action is None and dead) or in_space, "action is not in action space"
        if dead:
            self._was_dead_step(action)
            return
        if not self.position.has_room(int(action)):
            self._end_by_illegal_move(agent)
            return
        self.position = self.position.play(int(action))
        other = AGENTS[1] if agent == AGENTS[0] else AGENTS[0]
        status = self.position.status
        if status == "won":
            self.rewards[agent] += 1
            self.rewards[other] -= 1
            self.terminations = {a: True for a in self.agents}
        elif status == "drawn":
            self.terminations = {a: True for a in self.agents}
        self.agent_selection = other
        self._accumulate_rewards()

    def _end_by_illegal_move(self, agent: str) -> None:
        """Ends the game with -1 for `agent`, as PettingZoo's TerminateIllegalWrapper does."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.truncations, 0)
        self.rewards[agent] = float(-1)
        self._accumulate_rewards()
        self._deads_step_first()
        self._ended_by_illegal_move = True

    def render(self) -> str | np.ndarray | None:
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        if self.render_mode is None:
            gymnasium.logger.warn("You are calling render method without specifying any render mode.")
            return None
        if self.render_mode == "ansi":
            return str(self.position)
        return _render.rgb_array(self.position)

    def close(self) -> None:
        pass

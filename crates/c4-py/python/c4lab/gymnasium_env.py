"""A single-agent Gymnasium environment: you play Connect-4 against any c4 player.

    import gymnasium
    import c4lab.gymnasium_env  # registers "c4lab/ConnectFour-v0"
    env = gymnasium.make("c4lab/ConnectFour-v0", opponent="medium")
    observation, info = env.reset(seed=0)
    observation, reward, terminated, truncated, info = env.step(3)

- The board is ``width`` columns of ``height`` rows, 7x6 unless given
  (``gymnasium.make("c4lab/ConnectFour-v0", width=6, height=5)``): every size with both at
  least 4 and ``width * (height + 1)`` at most 64 (``ValueError`` otherwise). The opponent
  is built for it: a player whose evaluator is bound to 7x6 is refused on another size.
- The observation is PettingZoo's: ``observation``, a height x width x 2 (6x7x2) int8 array
  of your discs then the opponent's (row 0 at the top), and ``action_mask``, ``width`` int8
  flags of the columns with room.
- An action is a column, 0 to ``width - 1``. The opponent answers within the same step.
- The reward is +1 when you win, -1 when you lose or play into a full column (which ends the
  episode, ``info["illegal"]`` set), 0 otherwise.
- ``you_play`` is ``"first"``, ``"second"`` or ``"random"`` (drawn at each reset).
- ``info`` holds the moves so far (``"moves"``, the CLI's digits) and the opponent's last
  move report (``"opponent"``: column, score, exact, depth, nodes, pv, note).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from . import _render
from ._core import Player, Position

__all__ = ["ConnectFourEnv"]

ENV_ID = "c4lab/ConnectFour-v0"


class ConnectFourEnv(gymnasium.Env):
    """Connect-4 against a c4 player (see the module's documentation)."""

    metadata = {"render_modes": ["ansi", "rgb_array"], "render_fps": 2}

    def __init__(
        self,
        opponent: str = "medium",
        you_play: str = "random",
        render_mode: str | None = None,
        width: int = 7,
        height: int = 6,
    ):
        if you_play not in ("first", "second", "random"):
            raise ValueError(f'you_play={you_play!r}: use "first", "second" or "random"')
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        # The empty board checks the size, with the core's words.
        self.position = Position(width=width, height=height)
        self.width, self.height = self.position.width, self.position.height
        # Built once to check the spec on the size; rebuilt with a derived seed at each
        # seeded reset.
        self._opponent = Player(opponent, width=self.width, height=self.height)
        self.opponent_spec = self._opponent.spec
        self.you_play = you_play
        self.render_mode = render_mode
        self.action_space = spaces.Discrete(self.width)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0, high=1, shape=(self.height, self.width, 2), dtype=np.int8
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(self.width,), dtype=np.int8),
            }
        )
        self._you = 0
        self._last_report: dict[str, Any] | None = None

    def _observe(self) -> dict[str, np.ndarray]:
        over = self.position.is_over
        mask = np.zeros(self.width, np.int8) if over else self.position.open_columns()
        return {"observation": self.position.observation(self._you), "action_mask": mask}

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"moves": self.position.moves, "opponent": self._last_report, **extra}

    def _opponent_moves(self) -> None:
        report = self._opponent.choose(self.position)
        # Wall time is left out: info stays the same for the same seed and actions.
        self._last_report = {k: v for k, v in report.to_dict().items() if k != "time_ms"}
        self.position = self.position.play(report.column)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._opponent = Player(
                self.opponent_spec,
                seed=int(self.np_random.integers(2**63)),
                width=self.width,
                height=self.height,
            )
        if self.you_play == "random":
            self._you = int(self.np_random.integers(2))
        else:
            self._you = 0 if self.you_play == "first" else 1
        self.position = Position(width=self.width, height=self.height)
        self._last_report = None
        if self._you == 1:
            self._opponent_moves()
        return self._observe(), self._info()

    def step(
        self, action: int
    ) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        if self.position.is_over:
            raise RuntimeError("the episode is over: call reset()")
        if not self.action_space.contains(action):
            # Move strings name columns by digits up to 9 wide, by letters beyond.
            names = f"1-{self.width}" if self.width <= 9 else f"a-{chr(ord('a') + self.width - 1)}"
            raise ValueError(
                f"action {action!r} is not a column 0-{self.width - 1}: in Python columns are "
                f"0-based, as PettingZoo's actions (move strings and the CLI count {names})"
            )
        if not self.position.has_room(int(action)):
            return self._observe(), -1.0, True, False, self._info(illegal=True)
        self.position = self.position.play(int(action))
        if not self.position.is_over:
            self._opponent_moves()
        reward = 0.0
        if self.position.status == "won":
            # Whoever moved last won: you if the ply count's parity is yours.
            reward = 1.0 if (self.position.ply - 1) % 2 == self._you else -1.0
        return self._observe(), reward, self.position.is_over, False, self._info()

    def render(self) -> str | np.ndarray | None:
        if self.render_mode == "ansi":
            return str(self.position)
        if self.render_mode == "rgb_array":
            return _render.rgb_array(self.position)
        return None


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="c4lab.gymnasium_env:ConnectFourEnv")

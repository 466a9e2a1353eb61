"""Typed stubs of c4lab's extension module (the Rust core)."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Literal, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

PositionLike = Union["Position", str]

class Position:
    """A Connect-4 position with its move history. Columns are 0-based, 0-6 (PettingZoo's
    actions); move strings are 1-7 digits or a-g letters, as in the CLI
    (``Position("4").last_move == 3``). Two positions are equal when their boards are."""

    def __init__(self, moves: str = "") -> None: ...
    @property
    def moves(self) -> str:
        """The moves from the empty board, as digits 1-7."""
    @property
    def ply(self) -> int:
        """Discs on the board."""
    @property
    def side_to_move(self) -> Literal["red", "yellow"]: ...
    @property
    def last_move(self) -> Optional[int]:
        """The last column played (0-6), or None at the empty board."""
    @property
    def status(self) -> Literal["in_progress", "won", "drawn"]: ...
    @property
    def winner(self) -> Optional[Literal["red", "yellow"]]: ...
    @property
    def is_over(self) -> bool: ...
    def play(self, column: int) -> Position:
        """The position after playing `column` (0-6); ValueError if full or over."""
    def legal_moves(self) -> list[int]:
        """The columns (0-6) that are not full, none once the game is over."""
    def has_room(self, column: int) -> bool: ...
    def open_columns(self) -> npt.NDArray[np.int8]:
        """7 int8 flags of the columns with room (PettingZoo's action mask)."""
    def mirror(self) -> Position: ...
    def key(self) -> int:
        """Pons' unique key of the board."""
    def canonical_key(self) -> int:
        """The smaller key of the board and its mirror."""
    def to_planes(self) -> npt.NDArray[np.int8]:
        """2x6x7: the side to move's discs, then the opponent's; row 0 is the top."""
    def observation(self, player: int) -> npt.NDArray[np.int8]:
        """6x7x2: player 0's (red's) or 1's discs, then the other's; row 0 is the top."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class MoveReport:
    """What a player said about its move: c4's one move report, read in Python's convention,
    where a column is 0-6 (PettingZoo's action); the CLI, the JSON API and game records give
    the same report with columns 1-7."""

    column: int
    score: int
    score_text: str
    exact: bool
    depth: int
    nodes: int
    time_ms: float
    pv: list[int]
    note: Optional[str]
    ply: int
    def to_dict(self) -> dict[str, Any]: ...

class Player:
    """One of c4's players: a spec (`alphabeta:depth=5,eval=center`) or a level (`easy`,
    `medium`, `hard`, `perfect`)."""

    def __init__(self, spec: str, seed: int = 0) -> None: ...
    @property
    def spec(self) -> str:
        """The canonical spec, every option spelled out."""
    def choose(self, position: PositionLike) -> MoveReport: ...

class Solver:
    """An exact solver with its own table and opening book (Pons' score convention)."""

    def __init__(self, table_bits: int = 24, book: str = "builtin", threads: int = 1) -> None: ...
    def solve(self, position: PositionLike, weak: bool = False) -> int: ...
    def analyze(self, position: PositionLike, weak: bool = False) -> list[Optional[int]]: ...

def solve(position: PositionLike, weak: bool = False) -> int:
    """The exact score of `position` for the side to move (built-in book)."""

def analyze(position: PositionLike, weak: bool = False) -> list[Optional[int]]:
    """The score of playing each column, None for a full one."""

def solve_many(
    positions: Iterable[PositionLike],
    weak: bool = False,
    threads: Optional[int] = None,
    book: str = "builtin",
) -> list[int]:
    """Exact scores of many positions, in parallel (default: all cores), in order."""

def analyze_many(
    positions: Iterable[PositionLike],
    weak: bool = False,
    threads: Optional[int] = None,
    book: str = "builtin",
) -> list[list[Optional[int]]]: ...
def play_match(
    a: Union[str, Callable[[Position], int]],
    b: Union[str, Callable[[Position], int]],
    games: int = 100,
    seed: int = 1,
    openings: Union[int, Sequence[str], None] = None,
    first: str = "alternate",
    threads: Optional[int] = None,
    sprt: Optional[str] = None,
) -> tuple[str, str, list[str]]: ...
def experiment(
    name: str,
    quick: bool = False,
    games: Optional[int] = None,
    seed: int = 1,
    out: Optional[str] = None,
    threads: Optional[int] = None,
) -> str: ...
def experiments() -> list[tuple[str, str, str]]: ...
def evaluate(eval: str, position: PositionLike, view: Optional[str] = None, seed: int = 0) -> str: ...
def registry_json() -> str: ...
def learn(
    out: str,
    *,
    games: int,
    tuples: int,
    length: int,
    alpha: float,
    lambda_: float,
    tcl_beta: float,
    epsilon: float,
    epsilon_end: float,
    seed: int,
    layout: str,
    openings: int,
    opening_share: float,
    checkpoint_every: int,
    eval_every: int,
    sample: int,
    eval_games: int,
    until: Optional[int],
) -> list[dict[str, float]]: ...
def learn_snapshot(out: str, file: str) -> int: ...

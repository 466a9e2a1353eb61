"""Typed stubs of c4lab's extension module (the Rust core)."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Literal, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

PositionLike = Union["Position", str]

class Position:
    """A Connect-4 position with its move history, on a board of ``width`` columns and
    ``height`` rows (7x6 unless given; every size with both at least 4 and
    ``width * (height + 1)`` at most 64). Columns are 0-based, 0 to ``width - 1``
    (PettingZoo's actions); move strings are the CLI's: digits from 1 on boards up to 9
    wide, letters from a on any (``Position("4").last_move == 3``). Two positions are equal
    when their boards are."""

    def __init__(self, moves: str = "", width: int = 7, height: int = 6) -> None:
        """ValueError for a size there is not (stating the range) or moves that do not fit
        it (naming the size)."""
    @property
    def width(self) -> int:
        """Columns of the board."""
    @property
    def height(self) -> int:
        """Rows of the board."""
    @property
    def moves(self) -> str:
        """The moves from the empty board: digits from 1, or letters wider than 9."""
    @property
    def ply(self) -> int:
        """Discs on the board."""
    @property
    def side_to_move(self) -> Literal["red", "yellow"]: ...
    @property
    def last_move(self) -> Optional[int]:
        """The last column played (from 0), or None at the empty board."""
    @property
    def status(self) -> Literal["in_progress", "won", "drawn"]: ...
    @property
    def winner(self) -> Optional[Literal["red", "yellow"]]: ...
    @property
    def is_over(self) -> bool: ...
    def play(self, column: int) -> Position:
        """The position after playing `column` (from 0); ValueError if full or over."""
    def legal_moves(self) -> list[int]:
        """The columns (from 0) that are not full, none once the game is over."""
    def has_room(self, column: int) -> bool: ...
    def open_columns(self) -> npt.NDArray[np.int8]:
        """`width` int8 flags of the columns with room (PettingZoo's action mask)."""
    def mirror(self) -> Position: ...
    def key(self) -> int:
        """Pons' unique key of the board."""
    def canonical_key(self) -> int:
        """The smaller key of the board and its mirror."""
    def to_planes(self) -> npt.NDArray[np.int8]:
        """2 x height x width (2x6x7): the side to move's discs, then the opponent's; row 0
        is the top."""
    def observation(self, player: int) -> npt.NDArray[np.int8]:
        """height x width x 2 (6x7x2): player 0's (red's) or 1's discs, then the other's;
        row 0 is the top."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class MoveReport:
    """What a player said about its move: c4's one move report, read in Python's convention,
    where a column counts from 0 (PettingZoo's action); the CLI, the JSON API and game records give
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
    `medium`, `hard`, `perfect`), for the board of `width` columns and `height` rows (7x6
    unless given). An evaluator bound to 7x6 is refused on another size (ValueError)."""

    def __init__(self, spec: str, seed: int = 0, width: int = 7, height: int = 6) -> None: ...
    @property
    def spec(self) -> str:
        """The canonical spec, every option spelled out."""
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    def choose(self, position: PositionLike) -> MoveReport:
        """A move in `position`: a Position of the player's size (ValueError for another),
        or a move string read on it."""

class Solver:
    """An exact solver of the board of `width` columns and `height` rows (7x6 unless given)
    with its own table, opening book and the book's ply-12 layer (Pons' score convention;
    `book="builtin"` and `layers="builtin"` are 7x6's, none on another size; `layers` may
    also be `"none"` or a folder of chunks, as `c4 solve --layers`)."""

    def __init__(
        self,
        table_bits: int = 24,
        book: str = "builtin",
        threads: int = 1,
        width: int = 7,
        height: int = 6,
        layers: str = "builtin",
    ) -> None: ...
    @property
    def width(self) -> int: ...
    @property
    def height(self) -> int: ...
    def solve(self, position: PositionLike, weak: bool = False) -> int:
        """A Position of the solver's size (ValueError for another), or a move string read
        on it."""
    def analyze(self, position: PositionLike, weak: bool = False) -> list[Optional[int]]: ...

def solve(position: PositionLike, weak: bool = False) -> int:
    """The exact score of `position` (of any size; a move string is 7x6's) for the side to
    move (built-in book and layer on 7x6)."""

def analyze(position: PositionLike, weak: bool = False) -> list[Optional[int]]:
    """The score of playing each column, None for a full one."""

def solve_many(
    positions: Iterable[PositionLike],
    weak: bool = False,
    threads: Optional[int] = None,
    book: str = "builtin",
    layers: str = "builtin",
) -> list[int]:
    """Exact scores of many positions (of any sizes), in parallel (default: all cores), in
    order."""

def analyze_many(
    positions: Iterable[PositionLike],
    weak: bool = False,
    threads: Optional[int] = None,
    book: str = "builtin",
    layers: str = "builtin",
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
def explain_json(position: PositionLike, size: Optional[str] = None, search: int = 0) -> str:
    """The rules' verdict on `position` as the JSON text of `c4 explain --json`."""
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
    size: str = "7x6",
) -> list[dict[str, float]]: ...
def learn_snapshot(out: str, file: str) -> int: ...
def parse_size(text: str) -> tuple[int, int]: ...
def layer_chunks(layers: str = "builtin") -> list[int]:
    """The finished chunks of the ply-12 layer (`"builtin"` or a folder of chunk files)."""
def layer_scores(number: int, layers: str = "builtin") -> list[tuple[str, int]]:
    """Chunk `number` of the ply-12 layer: each position's move string (1-7) and the exact
    score its file holds for the side to move (Pons' convention)."""

# The pieces of a run in shards (c4lab.ray.run_games): each takes the board as ``size``,
# "WxH" as ``c4 match --size`` (7x6 by default); a size there is not, a player bound to
# another size (an evaluator of 7x6) or an opening off the board raises ValueError.

Pairing = tuple[str, str, str, str, int]

def run_plan(
    kind: Literal["match", "tournament"],
    players: Sequence[tuple[str, str]],
    games: int,
    seed: int = 1,
    openings: Union[int, Sequence[str], None] = None,
    first: str = "alternate",
    size: str = "7x6",
) -> list[Pairing]:
    """The run's pairings: ``(a_label, a_spec, b_label, b_spec, seed)``, specs canonical."""
def play_games(
    a_label: str,
    a_spec: str,
    b_label: str,
    b_spec: str,
    seed: int,
    games: Sequence[int],
    openings: Union[int, Sequence[str], None] = None,
    first: str = "alternate",
    threads: int = 1,
    size: str = "7x6",
) -> list[str]:
    """Games ``games`` (indices) of one pairing: their JSON records, as ``games.jsonl``."""

class RunFolder:
    """A run folder held by the driver of a distributed run (its lock until ``close()``);
    resuming a run of another size, or other players, seed, openings or colours, raises
    ValueError naming each difference."""

    def __init__(
        self,
        out: str,
        kind: Literal["match", "tournament"],
        players: Sequence[tuple[str, str]],
        games: int,
        seed: int = 1,
        openings: Union[int, Sequence[str], None] = None,
        first: str = "alternate",
        resume: bool = False,
        size: str = "7x6",
    ) -> None: ...
    def done(self) -> list[tuple[str, str, int]]:
        """The games already in the folder: ``(a_label, b_label, game)``."""
    def append(self, lines: Sequence[str]) -> None:
        """Checks and writes the JSON records a shard returned."""
    def finish(self) -> str:
        """Writes the summaries; the text the CLI prints."""
    def __len__(self) -> int: ...
    def close(self) -> None: ...

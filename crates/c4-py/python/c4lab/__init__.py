"""c4lab: Connect-4 from Python, on c4's Rust core.

- ``Position``: a board with its moves, 7x6 unless ``width`` and ``height`` say otherwise
  (``Position("3344", width=6, height=5)``). Columns are 0-based, 0-6 on 7x6, as
  PettingZoo's actions; move strings are the CLI's, whose columns are 1-7 (``"4453"``, or
  ``"ddec"``): ``Position("4").last_move == 3``. Game records (``match(...).games``) keep
  1-7 too.
- ``solve``, ``analyze``, ``solve_many``, ``analyze_many`` and ``Solver``: exact scores
  (Pons' convention) of positions of any size, with the built-in opening book on 7x6.
- ``Player``: any c4 player spec or level; ``Player("medium").choose(position)``, and
  ``Player("medium", width=6, height=5)`` for another size.
- ``match``, ``experiment``, ``evaluate``: the arena (7x6), the papers' experiments and the
  evaluators (on any size they are defined on), with the numbers the CLI gives.
- ``learn`` and ``learn_snapshot``: an n-tuple network trained by self-play, as ``c4
  learn`` trains it; it plays as ``eval=ntuple,weights=FILE`` in any spec.
- ``c4lab.pettingzoo_env`` and ``c4lab.gymnasium_env``: environments for RL code.

Searches and solves release the interpreter's lock. Bad input raises ``ValueError`` with
the CLI's message.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence, Union

from ._core import (
    MoveReport,
    Player,
    Position,
    Solver,
    __version__,
    analyze,
    analyze_many,
    solve,
    solve_many,
)
from . import _core

__all__ = [
    "MatchResult",
    "MoveReport",
    "Player",
    "Position",
    "Solver",
    "__version__",
    "analyze",
    "analyze_many",
    "evaluate",
    "experiment",
    "experiments",
    "learn",
    "learn_snapshot",
    "levels",
    "match",
    "registry",
    "solve",
    "solve_many",
    "explain",
]

#: A side of a match: a spec or level, a ``Player``, or a function from ``Position`` to a
#: column 0-6.
Contender = Union[str, Player, Callable[[Position], int]]


@dataclass(frozen=True)
class MatchResult:
    """What ``match`` returns: the summary (the fields of ``c4 match``'s summary.json), the
    same summary as text, and every game as the records of its games.jsonl (columns 1-7
    there, as in the files)."""

    summary: dict[str, Any]
    text: str
    games: list[dict[str, Any]] = field(repr=False)

    def __str__(self) -> str:
        return self.text


def _side(contender: Contender) -> Any:
    return contender.spec if isinstance(contender, Player) else contender


def match(
    a: Contender,
    b: Contender,
    games: int = 100,
    *,
    seed: int = 1,
    openings: int | Sequence[str] | None = None,
    first: str = "alternate",
    threads: int | None = None,
    sprt: str | None = None,
) -> MatchResult:
    """Plays ``games`` games between ``a`` and ``b``, as ``c4 match`` does.

    ``openings`` is a number of random plies per pair of games, or a list of move strings;
    ``first`` is ``"a"``, ``"b"`` or ``"alternate"``; ``sprt`` is ``"ELO0,ELO1[,ALPHA,BETA]"``
    to stop when the test decides. Between c4 players the games run in parallel on
    ``threads`` (default: all cores) and match ``c4 match`` game for game; a Python function
    plays its games one at a time.
    """
    summary, text, lines = _core.play_match(
        _side(a),
        _side(b),
        games,
        seed,
        list(openings) if isinstance(openings, (list, tuple)) else openings,
        first,
        threads,
        sprt,
    )
    return MatchResult(json.loads(summary), text, [json.loads(line) for line in lines])


def experiment(
    name: str,
    *,
    quick: bool = False,
    games: int | None = None,
    seed: int = 1,
    out: str | None = None,
    threads: int | None = None,
) -> str:
    """Runs one of c4's experiments (see ``experiments()``) into ``out`` (default
    ``results/NAME``), writing its report, tables and plots; returns its summary. A second
    run into the same folder resumes the first."""
    return _core.experiment(name, quick, games, seed, out, threads)


def experiments() -> list[tuple[str, str, str]]:
    """Every experiment as ``(name, title, source)``."""
    return list(_core.experiments())


def evaluate(
    eval: str, position: Position | str, *, view: str | None = None, seed: int = 0
) -> dict[str, Any]:
    """An evaluator's value of ``position`` (of any size; a move string is 7x6's) for ``view``
    (``"red"`` or ``"yellow"``; default the side to move), with its terms: what ``c4 eval
    --json`` prints. An evaluator bound to 7x6 refuses another size."""
    return json.loads(_core.evaluate(eval, position, view, seed))


def explain(position: Any, size: str | None = None, search: int = 0) -> dict[str, Any]:
    """Why ``position`` (a ``Position``, or a move string read on the board ``size``, "WxH",
    7x6 by default) is what it is, from Allis' strategic rules: the fields of ``c4 explain
    --json`` and of the page's ``/api/explain`` (``proof``: None or the player, ``"win"`` or
    ``"at_least_draw"`` and the rule applications; ``nodes``; ``zugzwang``; ``threats``;
    ``text``, the explanation in words; ``time_ms``). ``search``: positions a proof-number
    search with the rules as leaves may look at where the rules alone give no proof."""
    return json.loads(_core.explain_json(position, size, search))


def registry() -> dict[str, Any]:
    """Every kind of player, evaluator and level with their options (``c4 evals --json``)."""
    return json.loads(_core.registry_json())


def levels() -> dict[str, str]:
    """The named levels and the specs they stand for, weakest first."""
    return {level["name"]: level["spec"] for level in registry()["levels"]}


def learn(
    out: str,
    *,
    games: int,
    tuples: int = 70,
    length: int = 8,
    alpha: float = 0.02,
    lambda_: float = 0.5,
    tcl_beta: float = 2.7,
    epsilon: float = 0.1,
    epsilon_end: float = 0.0,
    seed: int = 1,
    layout: str = "walks",
    openings: int = 0,
    opening_share: float = 1.0,
    checkpoint_every: int = 10_000,
    eval_every: int = 50_000,
    sample: int = 100,
    eval_games: int = 20,
    until: int | None = None,
    size: str = "7x6",
) -> list[dict[str, float]]:
    """Trains an n-tuple network by self-play into the run folder ``out``, as ``c4 learn``
    does (the same options, the same files; a second call resumes, and one with other
    settings is refused); returns the learning curve, a dict per measurement (``games``,
    ``seconds``, ``epsilon``, ``mistakes_pct``, ``score_vs_easy``). The network is
    ``out/network.c4nt``: ``Player(f"alphabeta:depth=5,eval=ntuple,weights={file}")``.
    ``layout="lines"`` grows every tuple from a line of four (the shipped network's layout);
    ``openings=N`` starts each game from a random opening of 0 to N plies (``opening_share``
    of the games, the rest from the empty board); ``until=N`` stops after N games at a
    checkpoint, and a later call goes on to the same weights. ``size="6x5"`` learns on
    another board, as ``c4 learn --size``: the network plays on that board only."""
    return _core.learn(
        out,
        games=games,
        tuples=tuples,
        length=length,
        alpha=alpha,
        lambda_=lambda_,
        tcl_beta=tcl_beta,
        epsilon=epsilon,
        epsilon_end=epsilon_end,
        seed=seed,
        layout=layout,
        openings=openings,
        opening_share=opening_share,
        checkpoint_every=checkpoint_every,
        eval_every=eval_every,
        sample=sample,
        eval_games=eval_games,
        until=until,
        size=size,
    )


def learn_snapshot(out: str, file: str) -> int:
    """Writes the network of the latest checkpoint of the run in ``out`` (which may still be
    training) to ``file``; returns the games it had played."""
    return _core.learn_snapshot(out, file)

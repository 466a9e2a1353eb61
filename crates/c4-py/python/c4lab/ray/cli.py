"""``python -m c4lab.ray``: the command line of the drivers. Every option a driver takes is
declared once, in the driver's signature: the parser shows and uses the driver's default, and
``main`` hands each driver the options named as its keywords."""

from __future__ import annotations

import argparse
import inspect
import os
import sys
from typing import Any, Callable, Sequence

import ray

from .. import _core
from .book import build_book, build_layer
from .dataset import build_dataset
from .games import run_experiments, run_games
from .learn import sweep_learn
from .shards import DEFAULT_RETRIES, ShardError
from .tuning import tune_spsa, tune_texel


def _default(driver: Callable[..., Any], keyword: str) -> Any:
    """The default of ``driver``'s ``keyword``, which its option on the command line takes."""
    return inspect.signature(driver).parameters[keyword].default


def _call(driver: Callable[..., Any], args: argparse.Namespace, **given: Any) -> Any:
    """Calls ``driver`` with each parsed option named as one of its keywords, and ``given``."""
    keywords = inspect.signature(driver).parameters
    values = {k: getattr(args, k) for k in keywords if hasattr(args, k)}
    values.update(given)
    return driver(**values)


def _read_openings(path: str) -> list[str]:
    with open(path, encoding="utf-8") as f:
        lines = [line.split()[0] for line in f if line.split()]
    if not lines:
        raise ValueError(f"{path} holds no openings")
    return lines


def _run_options(p: argparse.ArgumentParser) -> None:
    """The options of a match or tournament (``run_games``)."""
    p.add_argument("--games", type=int, default=100, help="games (per pairing)")
    p.add_argument("--seed", type=int, default=_default(run_games, "seed"))
    group = p.add_mutually_exclusive_group()
    group.add_argument(
        "--openings",
        dest="openings_file",
        metavar="OPENINGS",
        help="a file of openings, a move string per line",
    )
    group.add_argument(
        "--random-openings", type=int, help="start each pair of games from N random plies"
    )
    p.add_argument(
        "--first", choices=["a", "b", "alternate"], default=_default(run_games, "first")
    )
    p.add_argument(
        "--size",
        default=_default(run_games, "size"),
        metavar="WxH",
        help="the board (default %(default)s), as c4 match --size",
    )
    p.add_argument("--out", required=True, help="the run folder")
    p.add_argument("--resume", action="store_true", help="continue the run in --out")
    p.add_argument(
        "--shard-size",
        type=int,
        default=_default(run_games, "shard_size"),
        help="games per shard",
    )


def _experiment_options(p: argparse.ArgumentParser) -> None:
    """The options of ``run_experiments``."""
    p.add_argument("names", nargs="+", help="experiment names, or all")
    p.add_argument("--games", type=int, default=_default(run_experiments, "games"))
    p.add_argument("--quick", action="store_true")
    p.add_argument("--seed", type=int, default=_default(run_experiments, "seed"))
    p.add_argument("--out", default="results", help="parent of each NAME folder")
    p.add_argument(
        "--threads",
        type=int,
        default=_default(run_experiments, "threads"),
        help="cores per experiment",
    )


def _tune_options(p: argparse.ArgumentParser) -> None:
    """The options of ``tune_spsa`` and ``tune_texel``."""
    p.add_argument("--eval", required=True, help="the evaluator to start from")
    p.add_argument("--params", type=_comma_list, default=_default(tune_spsa, "params"),
                   help="the tunable weights, comma-separated (default: all)")
    p.add_argument("--method", choices=["texel", "spsa"], default="texel")
    p.add_argument("--target", choices=["results", "moves"],
                   default=_default(tune_texel, "target"),
                   help="texel: what the evaluation predicts")
    p.add_argument("--data", help="texel: labelled positions (dataset build)")
    p.add_argument("--depth", type=int,
                   help="texel: search depth (default 0); spsa: the games' depth (default 4)")
    p.add_argument("--iterations", type=int, default=_default(tune_spsa, "iterations"),
                   help="spsa: iterations in all")
    p.add_argument("--games", type=int, default=_default(tune_spsa, "games"),
                   help="spsa: games of each side per iteration (even)")
    p.add_argument("--rate", type=float, default=_default(tune_spsa, "rate"),
                   help="spsa: the learning rate")
    p.add_argument("--confirm-games", type=int, default=_default(tune_spsa, "confirm_games"),
                   help="spsa: at most this many games of the confirming SPRT; 0 skips it")
    p.add_argument("--seed", type=int, default=_default(tune_spsa, "seed"), help="spsa: seed")
    p.add_argument("--patience", type=int, default=_default(tune_texel, "patience"),
                   help="texel: passes without gain")
    p.add_argument("--max-passes", type=int, default=_default(tune_texel, "max_passes"),
                   help="texel: at most this many")
    p.add_argument("--out", help="the parameter file (default tuned/NAME.params)")
    p.add_argument("--threads", type=int, default=_default(tune_texel, "threads"),
                   help="texel: cores of its task")
    p.add_argument("--shard-size", type=int, default=_default(tune_spsa, "shard_size"),
                   help="spsa: games per shard")


def _dataset_options(p: argparse.ArgumentParser) -> None:
    """The options of ``build_dataset``."""
    p.add_argument("--positions", type=int, required=True)
    p.add_argument("--plies", type=_ply_range, default=_default(build_dataset, "plies"),
                   help="A-B (default 4-30)")
    p.add_argument("--from-games", help="a games file or run folder instead of new games")
    p.add_argument("--size", help="the board, WxH (default: the games' board, else 7x6)")
    p.add_argument("--per-game", type=int, default=_default(build_dataset, "per_game"))
    p.add_argument("--valid-percent", type=int,
                   default=_default(build_dataset, "valid_percent"))
    p.add_argument("--seed", type=int, required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--table", type=int, default=_default(build_dataset, "table"),
                   help="log2 of each shard's table")
    p.add_argument("--book", choices=["builtin", "none"],
                   default="builtin" if _default(build_dataset, "book") else "none")
    p.add_argument("--shard-size", type=int, default=_default(build_dataset, "shard_size"),
                   help="games per shard")


def _book_options(p: argparse.ArgumentParser) -> None:
    """The options of ``build_book`` (``--depth``) and of ``build_layer`` (``--ply``)."""
    what = p.add_mutually_exclusive_group(required=True)
    what.add_argument("--depth", type=int, help="a book of every position to this ply")
    what.add_argument("--ply", type=int, choices=range(10, 14), metavar="{10..13}",
                      help="the book's deep layer of this ply, a chunk a task")
    p.add_argument("--chunks", type=int, help="--ply: take up at most this many chunks")
    p.add_argument("--out", required=True)
    p.add_argument("--from", dest="start", default=_default(build_book, "start"))
    p.add_argument("--table", type=int, default=_default(build_book, "table"))
    p.add_argument("--format", choices=["binary", "text"])
    p.add_argument("--shard-size", type=int, default=_default(build_book, "shard_size"),
                   help="positions per shard")


def _learn_options(p: argparse.ArgumentParser) -> None:
    """The options of ``sweep_learn``: a comma-separated list sweeps a setting."""
    p.add_argument("--games", type=int, required=True, help="self-play games of each trial")
    for flag, keyword, kind in [
        ("--tuples", "tuples", int),
        ("--length", "length", int),
        ("--alpha", "alpha", float),
        ("--lambda", "lambda_", float),
        ("--epsilon", "epsilon", float),
        ("--layout", "layout", str),
        ("--openings", "openings", int),
    ]:
        p.add_argument(flag, dest=keyword, type=_number_list(kind),
                       default=list(_default(sweep_learn, keyword)),
                       help="values, comma-separated (default %(default)s)")
    for flag, keyword, kind in [
        ("--epsilon-end", "epsilon_end", float),
        ("--opening-share", "opening_share", float),
        ("--tcl-beta", "tcl_beta", float),
        ("--seed", "seed", int),
        ("--checkpoint-every", "checkpoint_every", int),
        ("--eval-every", "eval_every", int),
        ("--sample", "sample", int),
        ("--eval-games", "eval_games", int),
        ("--size", "size", str),
    ]:
        p.add_argument(flag, dest=keyword, type=kind, default=_default(sweep_learn, keyword))
    p.add_argument("--out", required=True, help="the sweep's folder: a run folder per trial")


def _number_list(kind: type) -> Callable[[str], list[Any]]:
    def parse(text: str) -> list[Any]:
        try:
            return [kind(part) for part in text.split(",") if part]
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{text!r}: expected {kind.__name__}s separated by commas"
            ) from None

    return parse


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m c4lab.ray",
        description=(
            "c4's matches, tournaments, experiments, tuning, datasets, book builds and "
            "learning sweeps on a Ray cluster"
        ),
    )
    parser.add_argument(
        "--address",
        help="the cluster (default: RAY_ADDRESS, else a local Ray started for this run)",
    )
    parser.add_argument(
        "--retries",
        type=int,
        default=DEFAULT_RETRIES,
        help="runs of a shard again after its worker died (default %(default)s)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress lines")
    commands = parser.add_subparsers(dest="command", required=True)

    match = commands.add_parser("match", help="two players, many games (c4 match)")
    match.add_argument("--a", required=True, help="player A's spec")
    match.add_argument("--b", required=True, help="player B's spec")
    _run_options(match)

    tournament = commands.add_parser("tournament", help="a round robin (c4 tournament)")
    tournament.add_argument(
        "--player", action="append", required=True, help="NAME=SPEC; give two or more"
    )
    _run_options(tournament)

    _experiment_options(commands.add_parser("experiment", help="c4 experiment NAME|all"))
    _tune_options(commands.add_parser("tune", help="c4 tune: SPSA in shards, or a texel fit"))

    dataset = commands.add_parser("dataset", help="c4 dataset build")
    dataset_commands = dataset.add_subparsers(dest="dataset_command", required=True)
    _dataset_options(
        dataset_commands.add_parser("build", help="label positions of games in shards")
    )
    _book_options(commands.add_parser("book", help="c4 book build"))
    _learn_options(
        commands.add_parser("learn", help="c4 learn: a sweep of settings, a trial a task")
    )
    return parser


def _comma_list(text: str) -> list[str]:
    return [part for part in text.split(",") if part]


def _ply_range(text: str) -> tuple[int, int]:
    low, sep, high = text.partition("-")
    try:
        if not sep:
            raise ValueError
        return int(low), int(high)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected A-B, as 4-30") from None


def _players(args: argparse.Namespace) -> list[tuple[str, str]]:
    if args.command == "match":
        return [("A", args.a), ("B", args.b)]
    players = []
    for text in args.player:
        name, sep, spec = text.partition("=")
        if not sep:
            raise ValueError(f"--player {text!r}: expected NAME=SPEC")
        players.append((name, spec))
    return players


def _tune(args: argparse.Namespace, argv: Sequence[str] | None) -> str:
    command = " ".join(["python -m c4lab.ray", *(argv if argv is not None else sys.argv[1:])])
    name = args.eval.split(":")[0].split(",")[0]
    out = args.out or os.path.join("tuned", f"{name}.params")
    if args.method == "spsa":
        depth = _default(tune_spsa, "depth") if args.depth is None else args.depth
        return _call(tune_spsa, args, out=out, depth=depth, command=command)
    if not args.data:
        raise ValueError("texel needs --data FILE")
    depth = args.depth or _default(tune_texel, "depth")
    return _call(tune_texel, args, out=out, depth=depth, command=command)


def _book_driver(args: argparse.Namespace) -> Callable[..., str]:
    """``build_book`` or ``build_layer``, as the options ask; options of the other refused
    (before the cluster starts)."""
    if args.depth is not None:
        if args.chunks is not None:
            raise ValueError("--chunks is for a layer's build (--ply)")
        return build_book
    given = [flag for flag, value, default in [
        ("--from", args.start, _default(build_book, "start")),
        ("--format", args.format, None),
        ("--shard-size", args.shard_size, _default(build_book, "shard_size")),
    ] if value != default]
    if given:
        raise ValueError(f"{', '.join(given)}: for a book (--depth), not a layer (--ply)")
    if args.chunks is not None and args.chunks < 1:
        raise ValueError("--chunks must be at least 1")
    return build_layer


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        if args.command in ("match", "tournament"):
            openings = (
                _read_openings(args.openings_file) if args.openings_file else args.random_openings
            )
            players = _players(args)
            # Checked before the cluster starts: bad input costs nothing.
            _core.run_plan(
                args.command, players, args.games, args.seed, openings, args.first, args.size
            )
        book = _book_driver(args) if args.command == "book" else None
        ray.init(address=args.address, log_to_driver=False, logging_level="ERROR")
        if args.command in ("match", "tournament"):
            text = _call(run_games, args, kind=args.command, players=players, openings=openings)
            print(text, end="")
            print(f"games, summary.json and summary.csv in {args.out}")
        elif args.command == "experiment":
            print(_call(run_experiments, args))
        elif args.command == "tune":
            print(_tune(args, argv))
        elif args.command == "learn":
            print(_call(sweep_learn, args))
        elif args.command == "dataset":
            print(_call(build_dataset, args, book=args.book == "builtin"))
        else:
            print(_call(book, args))
    except (ValueError, ShardError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0

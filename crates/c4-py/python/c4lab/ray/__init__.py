"""c4 on a Ray cluster: matches, tournaments, experiments, tuning and opening books past one
machine.

``python -m c4lab.ray match | tournament | experiment | tune | dataset build | book | learn ...``
takes the CLI's arguments
(``--a``, ``--b``, ``--games``, ``--seed``, ``--random-openings``, ``--out``, ``--resume``,
...), splits the work into seeded shards, runs each shard as a Ray task calling c4's Rust
core, and writes the files the CLI writes, so ``c4 report``, ``c4 verify`` and ``c4 solve
--book`` read them.

- A match or tournament shard is a range of game indices of one pairing. Every game follows
  from the run's seed and its index alone, so the games equal ``c4 match``'s with the same
  seed, and a shard computed twice gives the same games.
- A book shard is a run of neighbouring positions of the deepest ply, solved on one table;
  a deep layer's (``book --ply``) is one chunk, whose file the driver checks and writes.
- An experiment is one task (``all``: every experiment at once), resuming from its folder.
- SPSA tuning plays each iteration's two matches in shards of game indices, then the
  confirming match's games until its SPRT decides (in game order); the work log
  ``OUT.spsa`` and the parameter file are ``c4 tune --method spsa``'s, iteration for
  iteration. A texel fit is one task on the cluster.
- A dataset shard is a range of game indices, each game played or taken from a run and its
  sampled positions labelled; the work log ``OUT.partial`` and the dataset are ``c4 dataset
  build``'s, so either resumes the other.
- A learning sweep runs each combination of the settings given as one task, a ``c4 learn``
  run in its own folder under ``--out`` (on a file system every node sees), and writes the
  results as one table, ``sweep.csv``.

Faults: Ray runs a shard again when its worker dies (``--retries``); each finished shard is
on disk as soon as it returns, so a driver started again with ``--resume`` (a book resumes
by itself) plays only what is missing. A shard that fails on its input stops the run with
the input named, without retrying.
"""

from .book import build_book, build_layer
from .dataset import build_dataset
from .games import run_experiments, run_games
from .progress import Progress
from .shards import DEFAULT_RETRIES, ShardError, ShardResult, _play_shard, _wait_all
from .learn import sweep_learn
from .tuning import tune_spsa, tune_texel
from .cli import main

__all__ = [
    "DEFAULT_RETRIES",
    "Progress",
    "ShardError",
    "ShardResult",
    "build_book",
    "build_dataset",
    "main",
    "run_experiments",
    "run_games",
    "sweep_learn",
    "tune_spsa",
    "tune_texel",
]

"""The ply-12 layer against BitBully's 12-ply database with distances.

BitBully's database (PyPI ``bitbully-databases``, MIT licence, Markus Thill; the wheel ships
``book_12ply_distances.dat``, 4,200,899 positions, one of each mirror pair) was solved by
another program, BitBully, and is read here through the package's own reader
(``BitBullyDatabases.get_book_value``: its Huffman code of a 6x7 grid, both orientations,
binary search). Each layer position, as c4's built-in layer holds it (``_core.layer_scores``:
the position's moves and its exact score), is written as a 6x7 grid by replaying its moves
here, and BitBully's value must be the one c4's score implies: the winner and the ply the game
ends at under perfect play.

The default run checks a seeded sample of 20,000 positions (about a minute with the
database's loading); ``python3 -m pytest -m slow crates/c4-py/tests/test_layer_bitbully.py``
checks all 4,200,899 and that the two sets are the same size (some minutes). With
``C4_LAYERS=FOLDER`` both read a folder of chunk files (a layer built elsewhere) instead of the
built-in layer.
"""

from __future__ import annotations

import os
import random

import pytest
from bitbully_databases import BitBullyDatabases

from c4lab import _core

WIDTH, HEIGHT = 7, 6
LAYER_PLY = 12
CELLS = WIDTH * HEIGHT
#: BitBully's database: every position of ply 12 that is not over and whose side to move
#: cannot win at once, one of each mirror pair (its documentation's ``get_book_size``).
DATABASE_SIZE = 4_200_899
SAMPLE_CHUNKS = 25
SAMPLE_PER_CHUNK = 800
SEED = 20261129
#: The layer checked: the built-in one, or a folder of chunk files.
LAYERS = os.environ.get("C4_LAYERS", "builtin")


def grid(moves: str, mirrored: bool = False) -> list[list[int]]:
    """The position after ``moves`` (columns 1-7) as BitBully reads a board: six rows, the
    top first, 1 for the first player's discs, 2 for the second's, 0 for empty."""
    board = [[0] * WIDTH for _ in range(HEIGHT)]
    heights = [0] * WIDTH
    for index, move in enumerate(moves):
        column = int(move) - 1
        if mirrored:
            column = WIDTH - 1 - column
        board[HEIGHT - 1 - heights[column]][column] = 1 if index % 2 == 0 else 2
        heights[column] += 1
    return board


def bitbully_value(score: int, ply: int = LAYER_PLY) -> int:
    """BitBully's value of a position of ``ply`` whose exact score for the side to move (the
    first player at an even ply) is ``score``, in Pons' convention: a win with the winner's
    ``n``-th disc scores 22 - n, a loss its negation, a draw 0. BitBully's value is the first
    player's: 100 minus the plies to the game's end for a win, its negation for a loss, 0 for
    a draw."""
    assert ply % 2 == 0, "the first player moves at even plies"
    if score == 0:
        return 0
    discs = CELLS // 2 + 1 - abs(score)  # the winner's discs when the game ends
    if score > 0:
        end = 2 * discs - 1  # the first player's n-th disc is ply 2n - 1
        return 100 - (end - ply)
    end = 2 * discs  # the second player's n-th disc is ply 2n
    return -(100 - (end - ply))


def test_the_score_mapping_matches_bitbullys_documented_examples():
    # BitBully's documentation: 71 is a first-player win in 29 moves, -88 a loss in 12. In
    # c4's terms: the first player's 21st disc (ply 41) scores 1; the second's 12th (ply 24),
    # -10.
    assert bitbully_value(1) == 71
    assert bitbully_value(-10) == -88
    assert bitbully_value(0) == 0


@pytest.fixture(scope="module")
def database() -> BitBullyDatabases:
    book = BitBullyDatabases("12-ply-dist")
    assert book.has_win_distances()
    assert book.get_book_size() == DATABASE_SIZE
    return book


def check(database: BitBullyDatabases, moves: str, score: int) -> str | None:
    """Why the database disagrees with c4 on one layer position, or None."""
    expected = bitbully_value(score)
    found = database.get_book_value(grid(moves))
    if found != expected:
        return f"{moves}: c4 scores {score}, so BitBully's should be {expected}, found {found}"
    mirrored = database.get_book_value(grid(moves, mirrored=True))
    if mirrored != expected:
        return f"{moves} mirrored: BitBully's value {mirrored}, expected {expected}"
    return None


def test_a_seeded_sample_of_the_layer_is_bitbullys(database):
    chunks = _core.layer_chunks(LAYERS)
    # The built-in layer is complete: every chunk finished.
    assert len(chunks) == 540
    rng = random.Random(SEED)
    sample = []
    for number in sorted(rng.sample(chunks, SAMPLE_CHUNKS)):
        scored = _core.layer_scores(number, LAYERS)
        sample += rng.sample(scored, SAMPLE_PER_CHUNK)
    assert len(sample) >= 20_000
    assert all(len(moves) == LAYER_PLY for moves, _ in sample)
    # The sample holds wins of either side and draws.
    signs = {(score > 0) - (score < 0) for _, score in sample}
    assert signs == {-1, 0, 1}
    wrong = [why for moves, score in sample if (why := check(database, moves, score))]
    assert not wrong, f"{len(wrong)} of {len(sample)} disagree, first: {wrong[:5]}"


@pytest.mark.slow
def test_every_layer_position_is_bitbullys(database):
    chunks = _core.layer_chunks(LAYERS)
    assert len(chunks) == 540
    positions = 0
    wrong = []
    for number in chunks:
        for moves, score in _core.layer_scores(number, LAYERS):
            positions += 1
            if why := check(database, moves, score):
                wrong.append(why)
    # Every database position is a layer position: each layer position was found in it, no
    # two of them are one mirror pair (a chunk holds one of each), and the counts are equal.
    assert positions == DATABASE_SIZE
    assert not wrong, f"{len(wrong)} of {positions} disagree, first: {wrong[:5]}"

"""Pictures of a position for the environments' ``rgb_array`` render mode, drawn with numpy
alone."""

from __future__ import annotations

import numpy as np

from ._core import Position

CELL = 32
_BOARD = np.array([0, 84, 166], np.uint8)
_EMPTY = np.array([235, 235, 235], np.uint8)
_COLOURS = {"red": np.array([214, 39, 40], np.uint8), "yellow": np.array([247, 201, 15], np.uint8)}


def _disc_mask() -> np.ndarray:
    centre = (CELL - 1) / 2
    y, x = np.mgrid[0:CELL, 0:CELL]
    return (x - centre) ** 2 + (y - centre) ** 2 <= (CELL * 0.42) ** 2


_DISC = _disc_mask()


def rgb_array(position: Position) -> np.ndarray:
    """A (32 x height) x (32 x width) x 3 uint8 picture (192x224x3 on 7x6): the board in blue,
    red and yellow discs, row 0 at the top."""
    image = np.empty((position.height * CELL, position.width * CELL, 3), np.uint8)
    image[:] = _BOARD
    # Red moved first, so red's discs are the side to move's when the ply is even.
    planes = position.to_planes()
    red, yellow = (planes[0], planes[1]) if position.ply % 2 == 0 else (planes[1], planes[0])
    for row in range(position.height):
        for col in range(position.width):
            colour = _COLOURS["red"] if red[row, col] else _COLOURS["yellow"] if yellow[row, col] else _EMPTY
            cell = image[row * CELL : (row + 1) * CELL, col * CELL : (col + 1) * CELL]
            cell[_DISC] = colour
    return image

"""Geometry of the village: the 3x3 tiles, the 4 boards around them, their 12 ghost spaces.

Tile positions are ``0..8`` row by row (``row * 3 + col``), row 0 on the north side. Boards sit on
the four sides in turn order (clockwise seen from above): 0 south, 1 west, 2 north, 3 east. Each
board has 3 ghost spaces numbered left to right as the board's owner sees them, so space
``side * 3 + k`` (``0..11``). A ghost's line ("in front of it") is the 3 tiles of the row or column
it faces, nearest first. Source: the English rulebook (Haunting, Exorcism, corner tiles) and the
reference ghost_stories.md section 5 ("Reach", "Haunting").
"""

from __future__ import annotations

SIDES: tuple[str, ...] = ("south", "west", "north", "east")
CENTRE = 4


def _line(space: int) -> tuple[int, int, int]:
    side, k = divmod(space, 3)
    if side == 0:
        return (6 + k, 3 + k, k)
    if side == 1:
        return (3 * k, 3 * k + 1, 3 * k + 2)
    if side == 2:
        return (2 - k, 5 - k, 8 - k)
    row = 2 - k
    return (3 * row + 2, 3 * row + 1, 3 * row)


LINES: tuple[tuple[int, int, int], ...] = tuple(_line(s) for s in range(12))
"""``LINES[space]``: the 3 tile positions in front of the ghost space, nearest first."""

FACING: tuple[tuple[int, ...], ...] = tuple(tuple(s for s in range(12) if LINES[s][0] == p) for p in range(9))
"""``FACING[pos]``: the ghost spaces a Taoist on tile ``pos`` faces (0 centre, 1 edge, 2 corner)."""

OPPOSITE: tuple[int, ...] = tuple(next(o for o in range(12) if LINES[o] == LINES[s][::-1]) for s in range(12))
"""``OPPOSITE[space]``: the space across the village on the far board, facing the same line."""


def _adjacent(pos: int) -> tuple[int, ...]:
    r, c = divmod(pos, 3)
    return tuple(
        rr * 3 + cc
        for rr in range(r - 1, r + 2)
        for cc in range(c - 1, c + 2)
        if 0 <= rr < 3 and 0 <= cc < 3 and (rr, cc) != (r, c)
    )


ADJACENT: tuple[tuple[int, ...], ...] = tuple(_adjacent(p) for p in range(9))
"""``ADJACENT[pos]``: tiles one king's move away (diagonals count)."""


def board_of(space: int) -> int:
    """The board (side) that holds ``space``."""
    return space // 3


_BOARD_SPACES: tuple[range, ...] = tuple(range(b * 3, b * 3 + 3) for b in range(4))


def board_spaces(board: int) -> range:
    """The 3 spaces of ``board`` (0-3), left to right."""
    return _BOARD_SPACES[board]

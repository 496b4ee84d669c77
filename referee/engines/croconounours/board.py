"""The 7×7 board: squares, neighbours, obstacles' blocking and the coloured squares.

A square is a pair ``(col, row)``, both 0 to 6; it is written like a chess square, the file
letter then the rank: ``"a1"`` is ``(0, 0)``, ``"g7"`` is ``(6, 6)`` and the centre is ``"d4"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from referee.engines.messages import WrongValue, msg

SIZE = 7
FILES = "abcdefg"
Square = tuple[int, int]
CENTRE: Square = (3, 3)
CORNERS: tuple[Square, ...] = ((0, 0), (6, 0), (6, 6), (0, 6))

STRAIGHT: tuple[Square, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
DIAGONAL: tuple[Square, ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))

# Square colours (the coloured-squares option). WILD is the centre: it takes its occupant's colour.
RED, ORANGE, GREEN, YELLOW, WILD, PLAIN = "red", "orange", "green", "yellow", "wild", "plain"
LAYOUT_LETTERS = {"R": RED, "O": ORANGE, "G": GREEN, "Y": YELLOW, "*": WILD, ".": PLAIN}

# The default layout, designed for this project (the official board is a picture the text does not
# describe). Each entry is one square of a quarter, relative to the centre; the board is that
# quarter turned four times, so every corner sees the same board (fair at 2, 3 and 4 players) and
# each colour has 12 squares. The deployment corner and its two straight neighbours are orange:
# nobody starts on a square of its own colour.
_QUARTER: dict[Square, str] = {
    (1, 0): RED, (2, 1): RED, (3, 0): RED,
    (1, 1): GREEN, (2, 2): GREEN, (1, 3): GREEN,
    (2, 0): YELLOW, (1, 2): YELLOW, (3, 1): YELLOW,
    (3, 3): ORANGE, (3, 2): ORANGE, (2, 3): ORANGE,
}  # fmt: skip


def _default_layout() -> tuple[tuple[str, ...], ...]:
    grid = [[WILD] * SIZE for _ in range(SIZE)]  # grid[row][col]
    for (x, y), colour in _QUARTER.items():
        for _ in range(4):
            grid[3 + y][3 + x] = colour
            x, y = -y, x
    return tuple(tuple(r) for r in grid)


DEFAULT_LAYOUT: tuple[tuple[str, ...], ...] = _default_layout()


def layout_rows(layout: Sequence[Sequence[str]]) -> list[str]:
    """The layout as the option writes it: seven strings, the top row (rank 7) first."""
    letter = {v: k for k, v in LAYOUT_LETTERS.items()}
    return ["".join(letter[layout[row][col]] for col in range(SIZE)) for row in reversed(range(7))]


def parse_layout(rows: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """Read a layout option (seven rows of seven letters R O G Y * ., top row first)."""
    if len(rows) != SIZE or any(len(r) != SIZE for r in rows):
        raise WrongValue(msg("croconounours.layout.shape"))
    bad = {ch for r in rows for ch in r.upper() if ch not in LAYOUT_LETTERS}
    if bad:
        raise WrongValue(msg("croconounours.layout.letters", letters=sorted(bad)))
    grid = [tuple(LAYOUT_LETTERS[ch] for ch in r.upper()) for r in rows]
    return tuple(reversed(grid))  # grid[row][col], row 0 = rank 1


def name(square: Square) -> str:
    return f"{FILES[square[0]]}{square[1] + 1}"


def parse_square(text: str) -> Square | None:
    """``"c4"`` -> ``(2, 3)``; None when the text names no square of the board."""
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in FILES or not t[1].isdigit():
        return None
    row = int(t[1]) - 1
    return (FILES.index(t[0]), row) if 0 <= row < SIZE else None


def on_board(square: Square) -> bool:
    return 0 <= square[0] < SIZE and 0 <= square[1] < SIZE


def offset(a: Square, b: Square) -> Square:
    return (b[0] - a[0], b[1] - a[1])


def distance(a: Square, b: Square) -> int:
    """Squares apart, counting diagonal steps as one (the rule's rings of neighbours)."""
    dx, dy = offset(a, b)
    return max(abs(dx), abs(dy))


def is_straight(a: Square, b: Square) -> bool:
    return offset(a, b) in STRAIGHT


def is_diagonal(a: Square, b: Square) -> bool:
    return offset(a, b) in DIAGONAL


def step(square: Square, direction: Square) -> Square:
    return (square[0] + direction[0], square[1] + direction[1])


def neighbours(square: Square, directions: Iterable[Square]) -> Iterator[Square]:
    for d in directions:
        s = step(square, d)
        if on_board(s):
            yield s


def corner_squares(corner: Square) -> tuple[Square, Square, Square]:
    """A corner and its two straight neighbours: where a side deploys."""
    a, b = sorted(neighbours(corner, STRAIGHT))
    return corner, a, b


def opposite_corner(corner: Square) -> Square:
    return (SIZE - 1 - corner[0], SIZE - 1 - corner[1])


def squeezed_between(a: Square, b: Square, obstacles: Iterable[Square]) -> bool:
    """Whether a diagonal step from ``a`` to ``b`` passes between two diagonal obstacles."""
    if not is_diagonal(a, b):
        return False
    obstacle_set = set(obstacles)
    return (b[0], a[1]) in obstacle_set and (a[0], b[1]) in obstacle_set


def shot_blocked(
    shooter: Square, target: Square, obstacles: Iterable[Square], one_beside_blocks: bool = False
) -> bool:
    """Whether obstacles stop a yellow warrior's shot (target exactly two squares away).

    « un Warrior jaune ne peut pas tirer sur un ennemi situé juste derrière un obstacle avec
    lequel il est en contact. Il ne peut pas non plus tirer entre 2 obstacles adjacents. » A
    straight or diagonal shot is blocked by an obstacle on the square between (the target is
    just behind it), a diagonal one also by two obstacles whose shared corner it passes; an
    off-line shot (a1 to c2) passes beside b1 and b2 and is blocked only by both (two adjacent
    obstacles), or by either with ``one_beside_blocks``.
    """
    obstacle_set = set(obstacles)
    dx, dy = offset(shooter, target)
    sx, sy = (dx > 0) - (dx < 0), (dy > 0) - (dy < 0)
    x, y = shooter
    if abs(dx) == 2 and abs(dy) == 2:
        crossed = [(x + sx, y + sy)]
        between = [((x + sx, y), (x, y + sy)), ((x + 2 * sx, y + sy), (x + sx, y + 2 * sy))]
    elif abs(dx) == 2:
        crossed = [(x + sx, y), (x + sx, y + sy)] if dy else [(x + sx, y)]
        between = []
    else:
        crossed = [(x, y + sy), (x + sx, y + sy)] if dx else [(x, y + sy)]
        between = []
    if len(crossed) == 2 and not one_beside_blocks:
        return all(s in obstacle_set for s in crossed)
    if any(s in obstacle_set for s in crossed):
        return True
    return any(p in obstacle_set and q in obstacle_set for p, q in between)


def square_colour(layout: Sequence[Sequence[str]], square: Square) -> str:
    return layout[square[1]][square[0]]

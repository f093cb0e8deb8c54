"""The house: a grid of typed cells in rooms, walls between cells, relics, portraits, the Phantom's start.

Cells are named ``A1`` .. ``H8``: a column letter (west to east) and a row number (south to north),
as in the reference (part 2, "The house"). Inside the engine a cell is the integer
``(row - 1) * width + column``. Directions are the integers of :data:`DIRECTIONS` (north, east,
south, west).

A house file is TOML (see ``data/house.toml`` and the spec page for its fields). :func:`load_house`
reads and validates one; every problem raises :class:`HouseError` with a one-line reason.
"""

from __future__ import annotations

import stat
import tomllib
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from pathlib import Path
from typing import Any

from ghosttable.core.errors import OptionError
from ghosttable.games.old_house.data import move_cards_per_direction

DIRECTIONS: tuple[str, ...] = ("north", "east", "south", "west")
"""Direction names by index: 0 north (row + 1), 1 east (column + 1), 2 south, 3 west."""
CELL_TYPES: tuple[str, ...] = ("corridor", "dark", "furnished", "damp")
"""The cell types (reference part 2); dark summons Shadows, furnished Poltergeist, damp Slime."""
ENTITY_OF_TYPE: dict[str, str] = {"dark": "shadows", "furnished": "poltergeist", "damp": "slime"}
"""The entity a cell type lets the Phantom summon (the rulebook, Phase II)."""
HUNTER_NAMES: tuple[str, ...] = ("medium", "athlete", "tracker", "engineer", "photographer", "exorcist")
"""The six hunters of the reference (part 2, "Hunters"), each with its portrait on the board."""
MAX_SIDE = 10


class HouseError(OptionError):
    """A house file that cannot be played: unreadable, or breaking a rule of the house format."""

    code = "bad_house"


def cell_name(cell: int, width: int) -> str:
    """``A1``-style name of cell index ``cell`` on a board ``width`` columns wide."""
    return f"{chr(ord('A') + cell % width)}{cell // width + 1}"


def parse_cell(text: Any, width: int, height: int) -> int:
    """The cell index of a name such as ``"C4"``. Raises ``HouseError`` for a bad coordinate."""
    if not isinstance(text, str) or len(text) < 2:
        raise HouseError(f"bad coordinate {text!r}: expected a column letter and a row number such as C4")
    col = ord(text[0].upper()) - ord("A")
    row_text = text[1:]
    if not row_text.isdigit() or not 0 <= col < width or not 1 <= int(row_text) <= height:
        raise HouseError(
            f"bad coordinate {text!r}: the house is {width} x {height} (A1 to {cell_name(width * height - 1, width)})"
        )
    return (int(row_text) - 1) * width + col


@dataclass(frozen=True)
class Room:
    """A named group of cells (the Photographer names rooms)."""

    name: str
    title: str
    cells: frozenset[int]


@dataclass(frozen=True)
class House:
    """A validated house.

    Attributes:
        name: the house's title.
        width, height: columns and rows.
        types: the cell type of each cell index.
        room_of: the room name of each cell index.
        rooms: the rooms in file order.
        walls: unordered pairs of orthogonally adjacent cells with a wall between them.
        relics: relic cells in file order.
        portraits: hunter name -> its portrait cell (the hunter's start).
        phantom_start: the Phantom's start cell (it counts as every cell type).
        move_cards_per_direction: Phantom Move cards of each direction (reference: 5).
        moves: ``moves[cell][direction]`` is the cell one step away, or ``-1`` (edge or wall).
    """

    name: str
    width: int
    height: int
    types: tuple[str, ...]
    room_of: tuple[str, ...]
    rooms: tuple[Room, ...]
    walls: frozenset[frozenset[int]]
    relics: tuple[int, ...]
    portraits: dict[str, int]
    phantom_start: int
    move_cards_per_direction: int = 5
    moves: tuple[tuple[int, int, int, int], ...] = field(default=(), compare=False)

    @property
    def size(self) -> int:
        """The number of cells."""
        return self.width * self.height

    @cached_property
    def cell_names(self) -> tuple[str, ...]:
        """The ``A1``-style name of each cell index."""
        return tuple(cell_name(c, self.width) for c in range(self.size))

    @cached_property
    def cell_index(self) -> dict[str, int]:
        """The cell index of each ``A1``-style name (as :attr:`cell_names` writes them)."""
        return {name: c for c, name in enumerate(self.cell_names)}

    def name_of(self, cell: int) -> str:
        """The ``A1``-style name of ``cell``."""
        if 0 <= cell < self.size:
            return self.cell_names[cell]
        return cell_name(cell, self.width)

    def parse(self, text: Any) -> int:
        """The cell index named ``text``. Raises ``HouseError``."""
        got = self.cell_index.get(text) if isinstance(text, str) else None
        return parse_cell(text, self.width, self.height) if got is None else got

    def neighbours(self, cell: int) -> list[int]:
        """Cells one orthogonal step away, not across a wall, in direction order."""
        return list(self.neighbour_cells[cell])

    @cached_property
    def neighbour_cells(self) -> tuple[tuple[int, ...], ...]:
        """:meth:`neighbours` of each cell, as tuples."""
        return tuple(tuple(c for c in row if c >= 0) for row in self.moves)

    @cached_property
    def open_directions(self) -> tuple[tuple[int, ...], ...]:
        """The directions (indices of :data:`DIRECTIONS`) one can step in from each cell."""
        return tuple(tuple(d for d in range(4) if row[d] >= 0) for row in self.moves)

    @cached_property
    def exits(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """``(direction, cell)`` of each step one can take from each cell, in direction order."""
        return tuple(tuple((d, row[d]) for d in range(4) if row[d] >= 0) for row in self.moves)

    @cached_property
    def _distance_tables(self) -> list[dict[int, int] | None]:
        return [None] * self.size

    def distance_table(self, source: int) -> dict[int, int]:
        """Walking distance from ``source`` to every cell it reaches, in the order a breadth-first
        search finds them; computed once per house and shared: read it, never change it."""
        tables = self._distance_tables
        got = tables[source] if 0 <= source < len(tables) else None
        if got is None:
            got = self._search(source)
            if 0 <= source < len(tables):
                tables[source] = got
        return got

    def _search(self, source: int) -> dict[int, int]:
        dist = {source: 0}
        queue = deque([source])
        while queue:
            cell = queue.popleft()
            d = dist[cell] + 1
            for nxt in self.moves[cell]:
                if nxt >= 0 and nxt not in dist:
                    dist[nxt] = d
                    queue.append(nxt)
        return dist

    def distances(self, source: int, limit: int | None = None) -> dict[int, int]:
        """Walking distance (orthogonal steps, walls respected) from ``source`` to each cell reached
        within ``limit`` steps (every reachable cell when ``None``), in breadth-first order (a new
        dict: the caller may change it)."""
        table = self.distance_table(source)
        if limit is None:
            return dict(table)
        if limit <= 0:
            return {source: 0}
        return {c: d for c, d in table.items() if d <= limit}

    @cached_property
    def _near_memo(self) -> dict[tuple[int, int], frozenset[int]]:
        return {}

    def near(self, source: int, limit: int) -> frozenset[int]:
        """The cells at most ``limit`` walking steps from ``source`` (``source`` itself included)."""
        key = (source, limit)
        got = self._near_memo.get(key)
        if got is None:
            got = self._near_memo[key] = frozenset(self.distances(source, limit))
        return got

    @cached_property
    def _reach_memo(self) -> dict[tuple[int, int], tuple[int, ...]]:
        return {}

    def reach(self, source: int, limit: int) -> tuple[int, ...]:
        """The cells 1 to ``limit`` walking steps from ``source``, sorted (a hunter's move targets)."""
        key = (source, limit)
        got = self._reach_memo.get(key)
        if got is None:
            got = tuple(sorted(c for c, d in self.distances(source, limit).items() if d >= 1))
            self._reach_memo[key] = got
        return got

    def orthogonal(self, cell: int) -> list[int]:
        """The up to 4 cells orthogonally next to ``cell``, walls ignored."""
        return list(self.orthogonal_cells[cell])

    @cached_property
    def orthogonal_cells(self) -> tuple[tuple[int, ...], ...]:
        """:meth:`orthogonal` of each cell, as tuples."""
        out = []
        for cell in range(self.size):
            col, row = cell % self.width, cell // self.width
            cells = []
            for dc, dr in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                c, r = col + dc, row + dr
                if 0 <= c < self.width and 0 <= r < self.height:
                    cells.append(r * self.width + c)
            out.append(tuple(cells))
        return tuple(out)

    def around(self, cell: int) -> list[int]:
        """``cell`` and the up to 8 cells around it (orthogonal and diagonal), walls ignored."""
        return list(self.around_cells[cell])

    @cached_property
    def around_cells(self) -> tuple[tuple[int, ...], ...]:
        """:meth:`around` of each cell, as tuples."""
        out = []
        for cell in range(self.size):
            col, row = cell % self.width, cell // self.width
            cells = []
            for dr in (-1, 0, 1):
                for dc in (-1, 0, 1):
                    c, r = col + dc, row + dr
                    if 0 <= c < self.width and 0 <= r < self.height:
                        cells.append(r * self.width + c)
            out.append(tuple(cells))
        return tuple(out)

    def summonable(self, cell: int) -> tuple[str, ...]:
        """The entities the Phantom may summon on ``cell`` (every kind on its start cell)."""
        return self.summonable_kinds[cell]

    @cached_property
    def summonable_kinds(self) -> tuple[tuple[str, ...], ...]:
        """:meth:`summonable` of each cell."""
        out: list[tuple[str, ...]] = []
        for cell in range(self.size):
            kind = ENTITY_OF_TYPE.get(self.types[cell])
            out.append(("shadows", "poltergeist", "slime") if cell == self.phantom_start else (kind,) if kind else ())
        return tuple(out)

    def room(self, name: str) -> Room:
        """The room called ``name``. Raises ``KeyError``."""
        for room in self.rooms:
            if room.name == name:
                return room
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        """The house as JSON-ready data for views: see the spec page ("Views")."""
        return {
            "name": self.name,
            "width": self.width,
            "height": self.height,
            "cell_types": {self.name_of(c): self.types[c] for c in range(self.size)},
            "rooms": [
                {"name": r.name, "title": r.title, "cells": [self.name_of(c) for c in sorted(r.cells)]}
                for r in self.rooms
            ],
            "walls": sorted([self.name_of(a), self.name_of(b)] for a, b in (sorted(w) for w in self.walls)),
            "relics": [self.name_of(c) for c in self.relics],
            "portraits": {h: self.name_of(c) for h, c in self.portraits.items()},
            "phantom_start": self.name_of(self.phantom_start),
        }


def _cells_of(spec: Any, width: int, height: int, where: str) -> list[int]:
    """Cells from ``"A1:C3"`` (a rectangle), ``"A1"`` or a list of those."""
    items = spec if isinstance(spec, list) else [spec]
    out: list[int] = []
    for item in items:
        if not isinstance(item, str):
            raise HouseError(f"{where}: cells must be names such as C4 or rectangles such as A1:C3")
        if ":" in item:
            first, _, last = item.partition(":")
            a, b = parse_cell(first, width, height), parse_cell(last, width, height)
            c0, c1 = sorted((a % width, b % width))
            r0, r1 = sorted((a // width, b // width))
            out.extend(r * width + c for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))
        else:
            out.append(parse_cell(item, width, height))
    return out


def _pair(item: Any, width: int, height: int, where: str) -> frozenset[int]:
    if not (isinstance(item, list) and len(item) == 2):
        raise HouseError(f'{where}: each entry must be a pair of cells such as ["B5", "B6"]')
    a, b = parse_cell(item[0], width, height), parse_cell(item[1], width, height)
    if abs(a % width - b % width) + abs(a // width - b // width) != 1:
        raise HouseError(f"{where}: {item[0]} and {item[1]} are not orthogonal neighbours")
    return frozenset((a, b))


#: the keys a house file may hold, at the top level, in a ``[[rooms]]`` entry and in ``[phantom]``
HOUSE_KEYS = frozenset(
    {"name", "width", "height", "phantom_start", "relics", "walls_between_rooms", "doors", "walls"}
    | {"phantom", "portraits", "rooms"}
)
ROOM_KEYS = frozenset({"name", "title", "cells", "type", "types"})
PHANTOM_KEYS = frozenset({"move_cards_per_direction"})


def _unknown_keys(data: Any, known: frozenset[str], where: str) -> None:
    """Refuse a key the house format does not have (a misspelt one would silently fall back)."""
    if isinstance(data, dict):
        extra = sorted(set(data) - known)
        if extra:
            raise HouseError(f"{where} has an unknown key {extra[0]!r} (known: {', '.join(sorted(known))})")


def house_from_data(data: dict[str, Any]) -> House:
    """Build and validate a house from parsed TOML data. Raises ``HouseError`` with the first problem
    (an unknown key included)."""
    _unknown_keys(data, HOUSE_KEYS, "the house")
    _unknown_keys(data.get("phantom"), PHANTOM_KEYS, "[phantom]")
    listed = data.get("rooms")
    for raw in listed if isinstance(listed, list) else []:
        _unknown_keys(raw, ROOM_KEYS, f"room {raw.get('name', '?') if isinstance(raw, dict) else '?'}")
    width, height = data.get("width"), data.get("height")
    for label, value in (("width", width), ("height", height)):
        if not isinstance(value, int) or isinstance(value, bool) or not 2 <= value <= MAX_SIDE:
            raise HouseError(f"the house needs a {label} between 2 and {MAX_SIDE}")
    assert isinstance(width, int) and isinstance(height, int)
    size = width * height
    if "phantom_start" not in data:
        raise HouseError("the house has no phantom_start")
    start = parse_cell(data["phantom_start"], width, height)
    types: list[str | None] = [None] * size
    room_of: list[str | None] = [None] * size
    rooms: list[Room] = []
    raw_rooms = data.get("rooms")
    if not isinstance(raw_rooms, list) or not raw_rooms:
        raise HouseError("the house has no [[rooms]]")
    for raw in raw_rooms:
        if not isinstance(raw, dict) or not isinstance(raw.get("name"), str):
            raise HouseError("every room needs a name")
        name = raw["name"]
        if any(r.name == name for r in rooms):
            raise HouseError(f"two rooms are called {name!r}")
        kind = raw.get("type", "corridor")
        if kind not in CELL_TYPES:
            raise HouseError(f"room {name}: unknown cell type {kind!r} (types: {', '.join(CELL_TYPES)})")
        cells = _cells_of(raw.get("cells", []), width, height, f"room {name}")
        if not cells:
            raise HouseError(f"room {name} has no cells")
        for c in cells:
            if room_of[c] is not None:
                raise HouseError(f"cell {cell_name(c, width)} is in both {room_of[c]} and {name}")
            room_of[c] = name
            types[c] = kind
        exceptions = raw.get("types", {})
        if not isinstance(exceptions, dict):
            raise HouseError(f"room {name}: types must map cells to cell types")
        for cell_text, cell_type in exceptions.items():
            c = parse_cell(cell_text, width, height)
            if room_of[c] != name:
                raise HouseError(f"room {name}: {cell_text} is not one of its cells")
            if cell_type not in CELL_TYPES:
                raise HouseError(f"room {name}: unknown cell type {cell_type!r} for {cell_text}")
            types[c] = cell_type
        rooms.append(Room(name, str(raw.get("title", name)), frozenset(cells)))
    missing = [cell_name(c, width) for c in range(size) if room_of[c] is None]
    if missing:
        raise HouseError(f"cell {missing[0]} belongs to no room (every cell needs a room)")
    walls: set[frozenset[int]] = set()
    if data.get("walls_between_rooms", False):
        for c in range(size):
            for nxt in (c + 1 if c % width < width - 1 else -1, c + width if c + width < size else -1):
                if nxt >= 0 and room_of[c] != room_of[nxt]:
                    walls.add(frozenset((c, nxt)))
    for item in data.get("doors", []):
        walls.discard(_pair(item, width, height, "doors"))
    for item in data.get("walls", []):
        walls.add(_pair(item, width, height, "walls"))
    raw_relics = data.get("relics")
    if not isinstance(raw_relics, list) or not raw_relics:
        raise HouseError("the house has no relics")
    relics = [parse_cell(r, width, height) for r in raw_relics]
    if len(set(relics)) != len(relics):
        raise HouseError("two relics share a cell")
    if start in relics:
        raise HouseError("the Phantom's start cannot be a relic")
    raw_portraits = data.get("portraits")
    if not isinstance(raw_portraits, dict):
        raise HouseError("the house has no [portraits] table")
    portraits: dict[str, int] = {}
    for hunter in HUNTER_NAMES:
        if hunter not in raw_portraits:
            raise HouseError(f"the house has no portrait for the {hunter}")
        portraits[hunter] = parse_cell(raw_portraits[hunter], width, height)
    extra = sorted(set(raw_portraits) - set(HUNTER_NAMES))
    if extra:
        raise HouseError(f"portrait of an unknown hunter {extra[0]!r}")
    per_dir = data.get("phantom", {}).get("move_cards_per_direction", move_cards_per_direction())
    if not isinstance(per_dir, int) or isinstance(per_dir, bool) or not 1 <= per_dir <= 5:
        raise HouseError("phantom.move_cards_per_direction must be between 1 and 5")
    moves = _move_table(width, height, walls)
    house = House(
        name=str(data.get("name", "house")),
        width=width,
        height=height,
        types=tuple(t or "corridor" for t in types),
        room_of=tuple(r or "" for r in room_of),
        rooms=tuple(rooms),
        walls=frozenset(walls),
        relics=tuple(relics),
        portraits=portraits,
        phantom_start=start,
        move_cards_per_direction=per_dir,
        moves=moves,
    )
    reach = house.distances(start)
    for relic in relics:
        if relic not in reach:
            raise HouseError(f"relic {cell_name(relic, width)} cannot be reached from the Phantom's start")
    for hunter, cell in portraits.items():
        if cell not in reach:
            raise HouseError(
                f"the {hunter}'s portrait {cell_name(cell, width)} cannot be reached from the Phantom's start"
            )
    cut_off = [c for c in range(size) if c not in reach]
    if cut_off:
        raise HouseError(f"cell {cell_name(cut_off[0], width)} cannot be reached from the Phantom's start")
    return house


def _move_table(width: int, height: int, walls: Iterable[frozenset[int]]) -> tuple[tuple[int, int, int, int], ...]:
    wall_set = set(walls)
    table = []
    for c in range(width * height):
        col, row = c % width, c // width
        targets = (
            c + width if row < height - 1 else -1,
            c + 1 if col < width - 1 else -1,
            c - width if row > 0 else -1,
            c - 1 if col > 0 else -1,
        )
        table.append(tuple(t if t >= 0 and frozenset((c, t)) not in wall_set else -1 for t in targets))
    return tuple(table)  # type: ignore[arg-type]


MAX_HOUSE_BYTES = 256 * 1024
"""The largest house file read (a house of 32 x 32 cells takes a few KiB)."""

BUILT_IN_HOUSES: dict[str, str] = {"default": "house.toml", "partitioned": "house_partitioned.toml"}
"""The houses of the edition, by the name the ``house`` option takes, and their data files
(``data/``): ``default`` the open house, ``partitioned`` the same rooms with 32 short inner walls
(docs/games/old_house.md, "Inner walls")."""


def load_house(path: str | Path | None = None) -> House:
    """Read a house file: a built-in house when ``path`` is ``None`` (the default one) or a name of
    :data:`BUILT_IN_HOUSES`, else the file at ``path``.

    Raises:
        HouseError: the file cannot be read (missing, not a regular file, larger than
            ``MAX_HOUSE_BYTES``, not UTF-8), is not TOML, or breaks a rule of the house format.
    """
    name = "default" if path is None else str(path)
    if name in BUILT_IN_HOUSES:
        data_file = f"data/{BUILT_IN_HOUSES[name]}"
        text = resources.files("ghosttable.games.old_house").joinpath(data_file).read_text(encoding="utf-8")
        where = f"the {name} house"
    else:
        try:
            info = Path(name).stat()
            if not stat.S_ISREG(info.st_mode):
                raise HouseError(f"cannot read house file {path}: it is not a regular file")
            if info.st_size > MAX_HOUSE_BYTES:
                raise HouseError(f"cannot read house file {path}: it is larger than {MAX_HOUSE_BYTES // 1024} KiB")
            text = Path(name).read_text(encoding="utf-8")
        except OSError as exc:
            raise HouseError(f"cannot read house file {path}: {exc.strerror or exc}") from None
        except UnicodeDecodeError:
            raise HouseError(f"cannot read house file {path}: it is not UTF-8 text") from None
        where = str(path)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise HouseError(f"house file {where} is not valid TOML: {exc}") from None
    return house_from_data(data)

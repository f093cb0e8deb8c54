"""The game's data, read from ``data/*.toml``: Movement cards, furniture, ghost sizes, Midnight Strikes
cards, the hall and the keyhole's eye.

Every number the rulebook leaves out lives in these files (reference part 2); this module only reads
and checks them. :func:`game_data` returns one shared, immutable :class:`GameData`.
"""

from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

SIZES: tuple[str, ...] = ("small", "medium", "large")
"""Ghost sizes from smallest to largest."""

NEXT_SIZE: dict[str, str] = {"small": "medium", "medium": "large"}
"""The size a ghost grows to by merging or by "I'll Tell My Big Brother"."""

POSTURES: tuple[str, ...] = ("standing", "tipped")
"""Furniture postures: upright, or tipped onto its side ("Overexcited")."""

TIPPED_ON_BACK = "tipped_on_back"
"""The ``tipped`` posture as rules 1.0 read it, onto the piece's back (local ``(u, v, z)`` becomes
``(u, z, back - v)``): what a piece of a 1.0 game put down ``tipped`` stands in. Actions and views
write it ``tipped``."""

POSTURES_1_0: tuple[str, ...] = ("standing", TIPPED_ON_BACK)
"""The postures of rules 1.0, in the order of :data:`POSTURES`."""


def posture_text(posture: str) -> str:
    """How actions and views write ``posture``: ``tipped`` for :data:`TIPPED_ON_BACK`."""
    return "tipped" if posture == TIPPED_ON_BACK else posture


ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)
"""Furniture rotations in degrees: the piece's front faces south, west, north, east."""


@dataclass(frozen=True)
class MovementCard:
    """One Movement card: ``value`` movement points and 0 or 2 pictured pieces of furniture."""

    id: int
    value: int
    furniture: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        """``{"id": int, "value": int, "furniture": [str, ...]}``."""
        return {"id": self.id, "value": self.value, "furniture": list(self.furniture)}


@dataclass(frozen=True)
class Place:
    """A place a piece offers in each space it covers: ``name`` (``floor``, ``under``, ``inside``,
    ``on``), a capacity in ghost units per space, and the sizes that fit."""

    name: str
    units: int
    sizes: tuple[str, ...]


@dataclass(frozen=True)
class PieceShape:
    """One piece of furniture in its local frame (see ``data/furniture.toml``).

    Attributes:
        boxes: ``(u0, v0, z0, u1, v1, z1)`` boxes, in spaces.
        mirror: ``(face_v, face_height)`` for a reflective face, else ``None``.
    """

    name: str
    width: int
    depth: int
    boxes: tuple[tuple[float, float, float, float, float, float], ...]
    places: tuple[Place, ...]
    tipped_places: tuple[Place, ...]
    mirror: tuple[float, float] | None
    back_places: tuple[Place, ...] = ()
    """The places offered tipped onto its back (rules 1.0, :data:`TIPPED_ON_BACK`)."""

    @property
    def height(self) -> float:
        """The height of the piece standing (the top of its highest box)."""
        return max(b[5] for b in self.boxes)


@dataclass(frozen=True)
class SizeData:
    """A ghost size: capacity units, height and half-width (spaces), and its points."""

    name: str
    count: int
    units: int
    height: float
    half_width: float
    exit_points: int
    hall_points: float
    letter: str


@dataclass(frozen=True)
class MidnightCard:
    """A Midnight Strikes card: ``id`` (snake_case), English and French titles, the seed's text."""

    id: str
    title: str
    french: str
    text: str


@dataclass(frozen=True)
class EyeData:
    """The keyhole's eye: height, distance outside the door, downward pitch and half-angles (degrees)."""

    height: float
    distance: float
    pitch_degrees: float
    half_horizontal_degrees: float
    half_vertical_degrees: float


@dataclass(frozen=True)
class GameData:
    """All of the game's data.

    ``layouts`` holds the named starting layouts of the furniture (``{name: {piece: (anchor,
    rotation, posture)}}``); ``default_layout`` names the one a game starts from unless its
    ``layout`` option says otherwise.
    """

    movement: tuple[MovementCard, ...]
    pieces: dict[str, PieceShape]
    layouts: dict[str, dict[str, tuple[str, int, str]]]
    default_layout: str
    sizes: dict[str, SizeData]
    space_capacity: int
    lying_factor: float
    midnight: tuple[MidnightCard, ...]
    columns: int
    rows: int
    sides: tuple[str, ...]
    seats: dict[int, tuple[str, ...]]
    colours: tuple[str, ...]
    turns: int
    removed_cards: dict[int, int]
    eye: EyeData

    @property
    def layout(self) -> dict[str, tuple[str, int, str]]:
        """The default starting layout, ``{piece: (anchor, rotation, posture)}`` (see :attr:`layouts`)."""
        return self.layouts[self.default_layout]

    def card(self, card_id: int) -> MovementCard:
        """The Movement card with ``card_id``. Raises ``KeyError``."""
        return self._cards_by_id[card_id]

    @functools.cached_property
    def _cards_by_id(self) -> dict[int, MovementCard]:
        return {card.id: card for card in self.movement}

    def midnight_card(self, card_id: str) -> MidnightCard:
        """The Midnight Strikes card with ``card_id``. Raises ``KeyError``."""
        for card in self.midnight:
            if card.id == card_id:
                return card
        raise KeyError(card_id)


def _read(name: str) -> dict[str, Any]:
    text = resources.files("ghosttable.games.run_ghost_run").joinpath("data", name).read_text("utf-8")
    return tomllib.loads(text)


def _places(raw: list[dict[str, Any]]) -> tuple[Place, ...]:
    return tuple(Place(str(p["name"]), int(p["units"]), tuple(str(s) for s in p["sizes"])) for p in raw)


@functools.cache
def game_data() -> GameData:
    """The game's data (read once). Raises ``ValueError`` when a file breaks the documented shape."""
    movement = tuple(
        MovementCard(int(c["id"]), int(c["value"]), tuple(str(f) for f in c["furniture"]))
        for c in _read("movement.toml")["card"]
    )
    furn = _read("furniture.toml")
    pieces: dict[str, PieceShape] = {}
    for name, raw in furn["piece"].items():
        mirror = raw.get("mirror")
        pieces[name] = PieceShape(
            name=name,
            width=int(raw["width"]),
            depth=int(raw["depth"]),
            boxes=tuple(
                (float(b[0]), float(b[1]), float(b[2]), float(b[3]), float(b[4]), float(b[5])) for b in raw["boxes"]
            ),
            places=_places(raw["places"]),
            tipped_places=_places(raw["tipped_places"]),
            back_places=_places(raw.get("back_places", raw["tipped_places"])),
            mirror=(float(mirror["face_v"]), float(mirror["face_height"])) if mirror else None,
        )
    layouts = {
        str(named): {name: (str(p["anchor"]), int(p["rotation"]), str(p["posture"])) for name, p in pieces_at.items()}
        for named, pieces_at in furn["layout"].items()
    }
    ghosts = _read("ghosts.toml")
    sizes = {
        name: SizeData(
            name=name,
            count=int(s["count"]),
            units=int(s["units"]),
            height=float(s["height"]),
            half_width=float(s["half_width"]),
            exit_points=int(s["exit_points"]),
            hall_points=float(s["hall_points"]),
            letter=str(s["letter"]),
        )
        for name, s in ghosts["size"].items()
    }
    midnight = tuple(
        MidnightCard(str(c["id"]), str(c["title"]), str(c["french"]), str(c["text"]))
        for c in _read("midnight.toml")["card"]
    )
    hall = _read("hall.toml")
    eye = hall["eye"]
    data = GameData(
        movement=movement,
        pieces=pieces,
        layouts=layouts,
        default_layout=str(furn["default_layout"]),
        sizes=sizes,
        space_capacity=int(ghosts["space_capacity"]),
        lying_factor=float(ghosts["lying_factor"]),
        midnight=midnight,
        columns=int(hall["columns"]),
        rows=int(hall["rows"]),
        sides=tuple(hall["sides"]),
        seats={int(k): tuple(v) for k, v in hall["seats"].items()},
        colours=tuple(hall["colours"]),
        turns=int(hall["turns"]),
        removed_cards={int(k): int(v) for k, v in hall["removed_cards"].items()},
        eye=EyeData(
            height=float(eye["height"]),
            distance=float(eye["distance"]),
            pitch_degrees=float(eye["pitch_degrees"]),
            half_horizontal_degrees=float(eye["half_horizontal_degrees"]),
            half_vertical_degrees=float(eye["half_vertical_degrees"]),
        ),
    )
    _check(data)
    return data


def _check(data: GameData) -> None:
    if len(data.movement) != 20 or len({c.id for c in data.movement}) != 20:
        raise ValueError("movement.toml must hold 20 cards with distinct ids")
    for card in data.movement:
        if len(card.furniture) not in (0, 2) or any(f not in data.pieces for f in card.furniture):
            raise ValueError(f"Movement card {card.id} must show 0 or 2 known pieces")
    if len(data.midnight) != 12:
        raise ValueError("midnight.toml must hold 12 cards")
    if data.default_layout not in data.layouts or any(set(lay) != set(data.pieces) for lay in data.layouts.values()):
        raise ValueError("every layout must place every piece, and the default layout must be one of them")
    if set(data.sizes) != set(SIZES):
        raise ValueError("the sizes must be small, medium, large")

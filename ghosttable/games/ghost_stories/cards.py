"""Ghost Stories data: ghost and incarnation cards, village tiles, Taoist powers, levels, dice.

Everything is read from the TOML files in ``data/`` into frozen dataclasses and validated once
(:func:`load_data`). Cards are built from ability kinds; the rules engine never looks at a card's
name. Sources: the English rulebook, the Chinese seed's play aid, and the reference
``ghost_stories.md`` (sections 3, 4, 6, 7, 8, 9).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow", "black")
"""The five Tao colours (ghost colours). Board colours are the first four."""
BOARD_COLOURS: tuple[str, ...] = ("red", "green", "blue", "yellow")

ARRIVAL_KINDS = frozenset(
    {
        "summon",  # another ghost comes into play
        "power_off",  # the power of the board it stands on (group: every power) is off while in play
        "die_captive",  # holds one Tao die while in play
        "tao_off",  # no Tao token may be spent while in play
        "haunt_now",  # haunts the first active tile in front of it on arrival
        "quick_haunter",  # its haunting figurine starts on the first step
        "lose_qi",  # the Taoist of the active board loses 1 Qi
        "lose_tao_token",  # lose 1 Tao token (group: every Taoist)
        "curse",  # roll the curse die
        "circle_clear",  # the Tao token on the Circle of Prayer goes back to the supply
    }
)
YIN_KINDS = frozenset(
    {
        "haunter",  # its figurine advances one step each Yin phase of its board, haunting at the 2nd
        "tormentor",  # roll the curse die each Yin phase of its board
        "dice_off",  # Tao dice have no effect on it
        "lose_tao_token",  # lose 1 Tao token each Yin phase (group: every Taoist)
        "white_off",  # white faces are not wild while it is in play
        "buddha_required",  # it can be exorcised only while a Buddha is on its space
        "opposite_empty",  # it can be exorcised only while the space opposite it is empty
    }
)
EXORCISED_KINDS = frozenset(
    {
        "curse",  # roll the curse die (before any reward)
        "reward_tao",  # gain ``amount`` Tao tokens of your choice
        "reward_qi_or_yin_yang",  # gain 1 Qi or take your Yin-Yang back
        "incarnation_reward",  # 1 Qi and 1 Yin-Yang to living Taoists of the team's choice
    }
)
STONES: dict[str, frozenset[str]] = {"arrival": ARRIVAL_KINDS, "yin": YIN_KINDS, "exorcised": EXORCISED_KINDS}


class DataError(ValueError):
    """A data file that breaks the format (unknown kind, bad colour, wrong count)."""


@dataclass(frozen=True)
class Ability:
    """One icon of a stone.

    Attributes:
        kind: one of the kinds of its stone (see ``STONES``).
        group: the effect hits every Taoist / every board (the "group" icon).
        amount: the number of tokens of a ``reward_tao``; 1 otherwise.
    """

    kind: str
    group: bool = False
    amount: int = 1

    def to_json(self) -> dict[str, Any]:
        """``{"kind": str, "group": bool, "amount": int}``."""
        return {"kind": self.kind, "group": self.group, "amount": self.amount}


@dataclass(frozen=True)
class GhostCard:
    """A ghost or an incarnation of Wu-Feng.

    Attributes:
        id: the printed card number (1-55 ghosts, 56-65 incarnations).
        name: the printed name.
        colour: the frame colour, which decides its board.
        resistance: colour -> count of matching faces needed (one entry for a one-colour ghost).
        arrival, yin, exorcised: the left, middle and right stones.
        incarnation: whether it is an incarnation of Wu-Feng.
    """

    id: int
    name: str
    colour: str
    resistance: tuple[tuple[str, int], ...]
    arrival: tuple[Ability, ...]
    yin: tuple[Ability, ...]
    exorcised: tuple[Ability, ...]
    incarnation: bool

    def has(self, kind: str, stone: str | None = None) -> bool:
        """Whether one of its stones (or the named one) holds an ability of ``kind``."""
        keys: frozenset[tuple[str, str | None]] | None = self.__dict__.get("_has_keys")
        if keys is None:
            keys = self._index()[0]
            object.__setattr__(self, "_has_keys", keys)
        return (kind, stone) in keys

    def in_play_has(self, kind: str, stone: str | None = None, group: bool | None = None) -> bool:
        """Whether its arrival or Yin stone (or the one named) holds an ability of ``kind``, with
        that ``group`` flag when it is not ``None`` (what a ghost in play does)."""
        return (kind, stone, group) in self._index()[1]

    def in_play_keys(self) -> frozenset[tuple[str, str | None, bool | None]]:
        """The ``(kind, stone, group)`` keys for which :meth:`in_play_has` is true."""
        return self._index()[1]

    def _index(self) -> tuple[frozenset[tuple[str, str | None]], frozenset[tuple[str, str | None, bool | None]]]:
        """Look-up sets of its abilities, built once (a cache of the card's own data): ``(kind,
        stone or None)`` for :meth:`has`, ``(kind, stone or None, group or None)`` for
        :meth:`in_play_has`."""
        found: Any = self.__dict__.get("_ability_index")
        if found is None:
            has: set[tuple[str, str | None]] = set()
            in_play: set[tuple[str, str | None, bool | None]] = set()
            for name in ("arrival", "yin", "exorcised"):
                for a in getattr(self, name):
                    has.update({(a.kind, None), (a.kind, name)})
                    stones = (None, name) if name != "exorcised" else (name,)  # no stone named: arrival or Yin
                    in_play.update({(a.kind, s, g) for s in stones for g in (None, a.group)})
            found = (frozenset(has), frozenset(in_play))
            object.__setattr__(self, "_ability_index", found)
        return found  # type: ignore[no-any-return]

    @property
    def total_resistance(self) -> int:
        """The sum of its resistance over colours."""
        return sum(n for _, n in self.resistance)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready card data: id, name, colour, resistance (dict), the stones, incarnation."""
        return {
            "id": self.id,
            "name": self.name,
            "colour": self.colour,
            "resistance": dict(self.resistance),
            "arrival": [a.to_json() for a in self.arrival],
            "yin": [a.to_json() for a in self.yin],
            "exorcised": [a.to_json() for a in self.exorcised],
            "incarnation": self.incarnation,
        }


@dataclass(frozen=True)
class VillageTile:
    """A village tile: ``id`` (stable key), ``name``, ``help`` kind, ``text`` for people."""

    id: str
    name: str
    help: str
    text: str


@dataclass(frozen=True)
class Power:
    """A Taoist power: ``id``, ``name``, the ``board`` colour that carries it, ``text``."""

    id: str
    name: str
    board: str
    text: str


@dataclass(frozen=True)
class Level:
    """A difficulty level (see ``data/levels.toml`` for the meaning of each field)."""

    id: str
    name: str
    qi: int
    black_token: bool
    yin_yang: bool
    incarnations: int
    incarnations_few: int
    victory: int
    incarnation_bonus: tuple[int, ...]


@dataclass(frozen=True)
class GameData:
    """All data of the game, validated."""

    ghosts: dict[int, GhostCard]
    tiles: tuple[VillageTile, ...]
    powers: tuple[Power, ...]
    levels: dict[str, Level]
    tao_faces: tuple[str, ...]
    curse_faces: tuple[str, ...]
    qi_supply: int
    tokens_per_colour: int
    buddhas: int
    haunting_figurines: int

    @property
    def ghost_ids(self) -> list[int]:
        """Ids of the 55 ghosts (not incarnations), ascending."""
        return sorted(i for i, c in self.ghosts.items() if not c.incarnation)

    @property
    def incarnation_ids(self) -> list[int]:
        """Ids of the 10 incarnations, ascending."""
        return sorted(i for i, c in self.ghosts.items() if c.incarnation)

    def tile(self, tile_id: str) -> VillageTile:
        """The tile called ``tile_id``. Raises ``KeyError``."""
        return self._tiles_by_id()[tile_id]

    def _tiles_by_id(self) -> dict[str, VillageTile]:
        found: dict[str, VillageTile] | None = self.__dict__.get("_tile_index")
        if found is None:
            found = {t.id: t for t in self.tiles}
            object.__setattr__(self, "_tile_index", found)  # a cache of a frozen value's own data
        return found

    def power(self, power_id: str) -> Power:
        """The power called ``power_id``. Raises ``KeyError``."""
        for p in self.powers:
            if p.id == power_id:
                return p
        raise KeyError(power_id)

    def powers_of(self, board_colour: str) -> list[Power]:
        """The two powers of the board of ``board_colour``, in file order."""
        return [p for p in self.powers if p.board == board_colour]


def _read(name: str) -> dict[str, Any]:
    text = resources.files("ghosttable.games.ghost_stories").joinpath("data", name).read_text("utf-8")
    return tomllib.loads(text)


def _abilities(raw: Any, stone: str, where: str) -> tuple[Ability, ...]:
    if not isinstance(raw, list):
        raise DataError(f"{where}: {stone} must be a list")
    out = []
    for item in raw:
        kind = item.get("kind")
        if kind not in STONES[stone]:
            raise DataError(f"{where}: {kind!r} is not an ability of the {stone} stone")
        amount = int(item.get("amount", 1))
        if amount < 1:
            raise DataError(f"{where}: amount must be positive")
        out.append(Ability(kind, bool(item.get("group", False)), amount))
    return tuple(out)


def _card(raw: dict[str, Any], incarnation: bool) -> GhostCard:
    where = f"card {raw.get('id')}"
    colour = raw.get("colour")
    if colour not in COLOURS:
        raise DataError(f"{where}: bad colour {colour!r}")
    res = raw.get("resistance")
    resistance: tuple[tuple[str, int], ...]
    if isinstance(res, int):
        resistance = ((colour, res),)
    elif isinstance(res, dict):
        if any(c not in COLOURS for c in res):
            raise DataError(f"{where}: bad resistance colour")
        resistance = tuple((c, int(res[c])) for c in COLOURS if c in res)
    else:
        raise DataError(f"{where}: resistance must be a number or a table")
    if not resistance or any(n < 1 for _, n in resistance):
        raise DataError(f"{where}: resistance must be positive")
    card = GhostCard(
        id=int(raw["id"]),
        name=str(raw["name"]),
        colour=colour,
        resistance=resistance,
        arrival=_abilities(raw.get("arrival", []), "arrival", where),
        yin=_abilities(raw.get("yin", []), "yin", where),
        exorcised=_abilities(raw.get("exorcised", []), "exorcised", where),
        incarnation=incarnation,
    )
    if incarnation != card.has("incarnation_reward"):
        raise DataError(f"{where}: exactly the incarnations carry the incarnation reward")
    return card


@cache
def load_data() -> GameData:
    """Read and validate every data file (cached).

    Raises ``DataError`` when a file breaks the format: 55 ghosts (11 per colour) and 10
    incarnations numbered 1-65, 9 tiles, 8 powers (2 per board), 4 levels.
    """
    cards = _read("ghosts.toml")
    ghosts: dict[int, GhostCard] = {}
    for raw in cards.get("ghost", []):
        card = _card(raw, False)
        ghosts[card.id] = card
    for raw in cards.get("incarnation", []):
        card = _card(raw, True)
        ghosts[card.id] = card
    if sorted(ghosts) != list(range(1, 66)):
        raise DataError("the cards must be numbered 1 to 65")
    plain = [c for c in ghosts.values() if not c.incarnation]
    if len(plain) != 55 or any(sum(1 for c in plain if c.colour == col) != 11 for col in COLOURS):
        raise DataError("there must be 55 ghosts, 11 of each colour")
    tiles = tuple(VillageTile(**t) for t in _read("village.toml")["tile"])
    if len(tiles) != 9 or len({t.id for t in tiles}) != 9:
        raise DataError("there must be 9 distinct village tiles")
    powers = tuple(Power(**p) for p in _read("powers.toml")["power"])
    if len(powers) != 8 or any(sum(1 for p in powers if p.board == b) != 2 for b in BOARD_COLOURS):
        raise DataError("there must be 8 powers, 2 per board")
    levels: dict[str, Level] = {}
    for raw in _read("levels.toml")["level"]:
        raw = dict(raw)
        raw["incarnation_bonus"] = tuple(raw.get("incarnation_bonus", ()))
        level = Level(**raw)
        levels[level.id] = level
    if list(levels) != ["initiation", "normal", "nightmare", "hell"]:
        raise DataError("the levels must be initiation, normal, nightmare, hell")
    dice = _read("dice.toml")
    tao_faces = tuple(dice["tao_die"]["faces"])
    if sorted(tao_faces) != sorted((*COLOURS, "white")):
        raise DataError("the Tao die has one face per colour and a white face")
    curse_faces = tuple(dice["curse_die"]["faces"])
    if len(curse_faces) != 6:
        raise DataError("the curse die has 6 faces")
    supply = dice["supply"]
    return GameData(
        ghosts=ghosts,
        tiles=tiles,
        powers=powers,
        levels=levels,
        tao_faces=tao_faces,
        curse_faces=curse_faces,
        qi_supply=int(supply["qi"]),
        tokens_per_colour=int(supply["tao_tokens_per_colour"]),
        buddhas=int(supply["buddhas"]),
        haunting_figurines=int(supply["haunting_figurines"]),
    )

"""The game's card data: hunters, action cards and Phantom Move cards, read from ``data/*.toml``.

Sources: the reference, part 2 ("Hunters", "Action cards", "Phantom Move cards"). The files are
data so that an owner of the box can enter the real texts.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from ghosttable.core.errors import GameError

PHANTOM_SIDES = ("summon_shadows", "summon_poltergeist", "summon_slime", "horror", "acceleration")
HUNTER_SIDES = ("pentagram", "trap", "acceleration")


@dataclass(frozen=True)
class ActionCard:
    """A two-sided action card: ``phantom`` is its black-framed side, ``hunter`` its white-framed side."""

    id: int
    phantom: str
    hunter: str

    @property
    def is_summon(self) -> bool:
        """Whether the Phantom side is a Summon Entity card (at most 3 may be taken in Twilight)."""
        return self.phantom.startswith("summon_")

    def to_json(self) -> dict[str, Any]:
        """``{"id": int, "phantom": str, "hunter": str}``."""
        return {"id": self.id, "phantom": self.phantom, "hunter": self.hunter}


@dataclass(frozen=True)
class HunterCard:
    """A hunter: its name (also its portrait's key in the house), title, ability and card text."""

    name: str
    title: str
    ability: str
    text: str

    def to_json(self) -> dict[str, Any]:
        """``{"name", "title", "ability", "text"}``."""
        return {"name": self.name, "title": self.title, "ability": self.ability, "text": self.text}


def _read(name: str) -> dict[str, Any]:
    text = resources.files("ghosttable.games.old_house").joinpath(f"data/{name}").read_text(encoding="utf-8")
    return tomllib.loads(text)


@cache
def action_cards() -> tuple[ActionCard, ...]:
    """The 13 action cards, in id order. Raises ``GameError`` if the data file is inconsistent."""
    cards = tuple(
        ActionCard(int(c["id"]), str(c["phantom"]), str(c["hunter"])) for c in _read("action_cards.toml")["cards"]
    )
    for card in cards:
        if card.phantom not in PHANTOM_SIDES or card.hunter not in HUNTER_SIDES:
            raise GameError(f"action card {card.id} has an unknown side")
    if [c.id for c in cards] != list(range(1, len(cards) + 1)):
        raise GameError("action cards must be numbered 1, 2, 3 ...")
    return cards


@cache
def hunter_cards() -> tuple[HunterCard, ...]:
    """The 6 hunter cards, in file order."""
    return tuple(
        HunterCard(str(h["name"]), str(h["title"]), str(h["ability"]), str(h["text"]))
        for h in _read("hunters.toml")["hunters"]
    )


@cache
def move_cards_per_direction() -> int:
    """Phantom Move cards per direction in the box (the reference: 5, so 20 in all)."""
    return int(_read("phantom_moves.toml")["per_direction"])

"""The registry of games: ``load(name, **options)``.

Built-in games are listed here by import path, imported only when asked for; a fourth game is
one new package and one line in ``BUILTIN``. :func:`register` adds a game at run time (tests,
plug-ins).
"""

from __future__ import annotations

import importlib
from typing import Any

from ghosttable.core.errors import UnknownGameError
from ghosttable.core.records import set_game_loader
from ghosttable.core.state import Game

BUILTIN: dict[str, str] = {
    "ghost-stories": "ghosttable.games.ghost_stories.game:GhostStories",
    "run-ghost-run": "ghosttable.games.run_ghost_run.game:RunGhostRun",
    "old-house": "ghosttable.games.old_house.game:OldHouse",
}

_registered: dict[str, type[Game]] = {}


def register(game_class: type[Game]) -> type[Game]:
    """Make ``game_class`` loadable under ``game_class.spec.name`` (usable as a decorator)."""
    _registered[game_class.spec.name] = game_class
    return game_class


def unregister(name: str) -> None:
    """Forget a game added with :func:`register` (built-in games stay)."""
    _registered.pop(name, None)


def game_names() -> list[str]:
    """Every loadable game name, sorted."""
    return sorted(set(BUILTIN) | set(_registered))


def game_class(name: str) -> type[Game]:
    """The Game class registered as ``name``. Raises ``UnknownGameError``."""
    if name in _registered:
        return _registered[name]
    path = BUILTIN.get(name)
    if path is None:
        known = ", ".join(game_names()) or "none"
        raise UnknownGameError(f"no game called {name!r} (games: {known})")
    module_name, _, attr = path.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module_name), attr)
    return cls


def load(name: str, players: int | None = None, **options: Any) -> Game:
    """The game ``name`` with ``players`` seats and the given rule options.

    Raises:
        UnknownGameError: no such game.
        OptionError: a bad seat count, an unknown option or a bad option value.
    """
    return game_class(name)(players, **options)


set_game_loader(load)

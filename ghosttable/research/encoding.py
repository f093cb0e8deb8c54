"""The entry point to the games' encodings: a fixed action space and observation tensors.

``encoding_for(game)`` gives the :class:`Encoding` of a loaded game (``registry.load(name,
**options)``); each game keeps its own in ``ghosttable/games/<game>/encoding.py`` and documents its
tensor layout in its spec page (``docs/games/<game>.md``).
"""

from __future__ import annotations

import importlib
from typing import Protocol

from ghosttable.core.actions import Action
from ghosttable.core.errors import OptionError
from ghosttable.core.state import Game, State
from ghosttable.games.encoding import Staged

ENCODINGS: dict[str, str] = {
    "ghost-stories": "ghosttable.games.ghost_stories.encoding",
    "old-house": "ghosttable.games.old_house.encoding",
    "run-ghost-run": "ghosttable.games.run_ghost_run.encoding",
}
"""The module holding each built-in game's ``encoding(game)``, by game name."""


class Encoding(Protocol):
    """A game's fixed action space and observation tensor under its options (seat count included).

    Attributes:
        num_distinct_actions: the number of action ids, fixed for the game and its options.
        observation_shape: the shape of :meth:`observation_tensor`'s result (``(n,)``).
    """

    num_distinct_actions: int
    observation_shape: tuple[int, ...]

    def action_id(self, state: State, seat: int, action: Action) -> int:
        """The stable id of ``action`` of ``seat``, in ``[0, num_distinct_actions)`` (the first of
        its ids, for an action spelled in several: see :meth:`action_ids`). Raises
        ``IllegalActionError`` for an action of no kind or value the game's space holds."""
        ...

    def action_ids(self, state: State, seat: int, action: Action) -> tuple[int, ...]:
        """The ids that choose ``action``, one after another: one for most actions, one per part
        for the few a game spells in several (Ghost Stories' payments in several colours, one id
        per colour). The legal actions of a position have distinct ids, none the beginning of
        another's."""
        ...

    def action_of(self, state: State, seat: int, action_id: int, staged: tuple[int, ...] = ()) -> Action | Staged:
        """What ``action_id`` chooses for ``seat`` after the ids ``staged``: the legal action it ends,
        or a :class:`Staged` choice when more ids are to follow. Raises ``IllegalActionError`` (with
        a reason) when no legal action of ``seat`` goes on with that id now."""
        ...

    def legal_ids(self, state: State, seat: int, staged: tuple[int, ...] = ()) -> list[int]:
        """The sorted ids ``seat`` may give after ``staged`` (without: those that begin
        ``state.legal_actions(seat)``)."""
        ...

    def observation_tensor(self, state: State, seat: int | None, staged: tuple[int, ...] = ()) -> list[float]:
        """``observation_shape`` floats read from ``state.view(seat)`` only (``None``: a spectator)
        and from the ids ``staged`` the seat has given towards its next action."""
        ...


_cache: dict[tuple[str, int, tuple[tuple[str, str], ...]], Encoding] = {}


def encoding_for(game: Game) -> Encoding:
    """The encoding of ``game`` (built once per game name, seat count and options).

    Raises:
        OptionError: a game without an encoding.
    """
    name = game.spec.name
    module = ENCODINGS.get(name)
    if module is None:
        known = ", ".join(sorted(ENCODINGS))
        raise OptionError(f"{name} has no encoding for learning agents (games with one: {known})")
    key = (name, game.players, tuple(sorted((k, repr(v)) for k, v in game.options.items())))
    got = _cache.get(key)
    if got is None:
        got = _cache[key] = importlib.import_module(module).encoding(game)
    return got

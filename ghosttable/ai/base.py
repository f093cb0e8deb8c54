"""What a bot is, and what it may see.

A bot never holds the real state: it gets an :class:`Observation` of one seat, which answers
with that seat's view, its legal actions, and determinizations (full states consistent with what
the seat knows, its unknowns sampled). A bot can therefore read a determinized state's internals
freely without ever learning a secret.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, cast

from ghosttable.core.errors import OptionError

if TYPE_CHECKING:
    from ghosttable.core.actions import Action
    from ghosttable.core.state import DecisionPoint, Game, State


class Observation:
    """One seat's window on a state.

    Args:
        state: the real state (kept private).
        seat: the seat observed.
    """

    __slots__ = ("_state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self._state = state
        self.seat = seat

    @property
    def game(self) -> Game:
        """The game (its options and spec are public)."""
        return self._state.game

    def view(self) -> dict[str, Any]:
        """The seat's view (JSON-ready)."""
        return self._state.view(self.seat)

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions now."""
        return self._state.legal_actions(self.seat)

    def decision(self) -> DecisionPoint | None:
        """The decision point the seat faces."""
        return self._state.decision(self.seat)

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with what the seat knows (a fresh object each call)."""
        return self._state.determinize(self.seat, rng)


class Bot(Protocol):
    """A player for one seat. ``choose`` returns one of ``obs.legal_actions()``."""

    name: str

    def choose(self, obs: Observation) -> Action: ...


BotFactory = Callable[["Game", int, int], Bot]
"""``factory(game, seat, seed)`` builds a bot for ``seat``."""


def _generic_bots() -> dict[str, BotFactory]:
    from ghosttable.ai.ismcts import ISMCTSBot
    from ghosttable.ai.random_bot import RandomBot

    return {"random": RandomBot, "ismcts": ISMCTSBot}


def bot_names(game: Game) -> list[str]:
    """The bots that can play ``game``: the generic ``random`` and ``ismcts``, and the game's own."""
    return sorted({*_generic_bots(), *game.bots()})


def make_bot(game: Game, name: str, seat: int, seed: int) -> Bot:
    """A bot called ``name`` for ``seat`` of ``game``, seeded. Raises ``OptionError`` for an unknown name."""
    factories: dict[str, BotFactory] = {**_generic_bots(), **cast("dict[str, BotFactory]", game.bots())}
    factory = factories.get(name)
    if factory is None:
        raise OptionError(f"no bot {name!r} for {game.spec.name} (bots: {', '.join(bot_names(game))})")
    return factory(game, seat, seed)

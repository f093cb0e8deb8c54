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

from ghosttable.core.errors import GameError, OptionError

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


class TrueStateObservation(Observation):
    """An observation that also hands over the true state: **for measurement bots only**.

    Only ``play_game`` builds one (and so ``simulate`` and ``bench``), and only for a bot whose
    class sets ``measurement_only = True`` (an oracle that knows the deck order and the dice to
    come, to measure how far a search could go). The lobby, the server and terminal play never
    build one, and never offer such a bot (:func:`bot_names`).
    """

    __slots__ = ()

    def true_state(self) -> State:
        """A copy of the real state, its secrets and its future chance outcomes included."""
        return self._state.clone()


def observation_for(bot: Bot, state: State, seat: int) -> Observation:
    """The observation ``bot`` gets of ``state``: a :class:`TrueStateObservation` for a bot marked
    ``measurement_only``, the ordinary :class:`Observation` otherwise. Used by ``play_game`` only."""
    if getattr(bot, "measurement_only", False):
        return TrueStateObservation(state, seat)
    return Observation(state, seat)


def choose_whole(bot: Bot, state: State, seat: int) -> Action:
    """``bot``'s choice for ``seat`` in ``state`` as the history keeps it: one action, or, at a
    staged decision (a movement plan built step by step and sealed, see
    :meth:`~ghosttable.core.state.State.recorded_as`), the one action that stands for every step the
    bot chose there, one by one, on a copy of ``state`` (``state`` itself is left alone).

    What the server's AI seats and terminal play send, so that a bot's plan reaches the table whole,
    as one action. Raises ``GameError`` when the bot picks an action the rules refuse, or when a
    staged decision runs past ``spec.max_decisions`` actions."""
    draft = state.clone()
    known = len(draft.history)
    for _ in range(state.game.spec.max_decisions + 1):
        draft.apply(bot.choose(Observation(draft, seat)), seat)
        if len(draft.history) > known:
            return draft.history[known][1]
    raise GameError(f"{bot.name}'s decision for seat {seat} ran past {state.game.spec.max_decisions} actions")


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


def _is_measurement(factory: BotFactory) -> bool:
    return bool(getattr(factory, "measurement_only", False))


def _offered(game: Game, factory: BotFactory, measurement: bool) -> bool:
    """Whether a bot may be offered for ``game``: always for measurement; otherwise not when it is
    ``measurement_only``, nor when it ``needs_search_hooks`` and the game offers none."""
    if measurement:
        return True
    if _is_measurement(factory):
        return False
    if getattr(factory, "needs_search_hooks", False):
        from ghosttable.ai.hooks import search_hooks

        return search_hooks(game) is not None
    return True


def _factories(game: Game) -> dict[str, BotFactory]:
    return {**_generic_bots(), **cast("dict[str, BotFactory]", game.bots())}


def bot_names(game: Game, *, measurement: bool = False) -> list[str]:
    """The bots that can play ``game``: the generic ``random`` and ``ismcts``, and the game's own.

    A game's bot marked ``measurement_only`` (an oracle that sees the true state) is listed only
    with ``measurement=True``, which ``simulate`` and ``bench`` ask for; the lobby never does. Nor
    does the lobby list a bot that ``needs_search_hooks`` (``ismcts``) for a game that offers none
    (:mod:`ghosttable.ai.hooks`): its random playouts may tell it nothing, and a bot that loses to
    ``random`` is not one to offer. ``simulate`` still plays it, to measure it.
    """
    return sorted(name for name, factory in _factories(game).items() if _offered(game, factory, measurement))


def make_bot(game: Game, name: str, seat: int, seed: int, *, measurement: bool = False) -> Bot:
    """A bot called ``name`` for ``seat`` of ``game``, seeded. Raises ``OptionError`` for an unknown
    name, or for a bot :func:`bot_names` does not list unless ``measurement`` is true."""
    factory = _factories(game).get(name)
    if factory is None or not _offered(game, factory, measurement):
        names = ", ".join(bot_names(game, measurement=measurement))
        raise OptionError(f"no bot {name!r} for {game.spec.name} (bots: {names})")
    return factory(game, seat, seed)

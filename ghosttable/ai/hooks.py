"""What a game gives the generic search: a rollout policy and a position value.

A search that finishes every playout with uniform random moves learns nothing in a game where
random play never wins (the Old House Phantom, a Ghost Stories team): every playout is lost and
every action looks the same. A game may therefore offer :class:`SearchHooks`, through a method
``search_hooks()`` on its :class:`~ghosttable.core.state.Game` (found by :func:`search_hooks`, as
the advisor is: the kernel knows nothing of bots):

- a **rollout policy**, a cheap base policy that plays every seat for the rest of a playout
  (:meth:`SearchHooks.rollout_policy` gives a fresh one per playout, so that it may keep a plan
  across the playout's decisions);
- a **position value**, each seat's expected return at the position where a playout is cut off,
  in the range of :meth:`~ghosttable.core.state.State.returns` ([-1, 1] for the built-in games).

Both read the state of the playout, which is a determinization of the searching seat's knowledge
(``Observation.determinize``), never the real state: they cannot learn a secret from it. The
rules modules import nothing of this; a game's ``search.py`` implements it beside its bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ghosttable.core.actions import Action
    from ghosttable.core.state import Game, State

RolloutPolicy = Callable[["State", int, "list[Action]"], "Action"]
"""``policy(state, seat, legal)``: one of ``legal``, the action ``seat`` takes in ``state`` (a
playout's own state, which the policy may read but must not change)."""


class SearchHooks(Protocol):
    """A game's help for the generic search (see the module docstring).

    Attributes:
        cutoff: decisions a playout plays with the rollout policy after the tree before it is
            valued by :meth:`position_value` (it is valued at the end when the game ends sooner).
        rollout_work: work units each decision of the rollout policy counts besides its position
            and its legal actions (what the policy costs beside a random pick; see
            :mod:`ghosttable.ai.ismcts`), so that a budget of work stays near a budget of time.
    """

    cutoff: int
    rollout_work: int

    def rollout_policy(self, rng: random.Random) -> RolloutPolicy:
        """A fresh base policy for one playout, drawing its random choices from ``rng``."""
        ...

    def position_value(self, state: State) -> list[float]:
        """Each seat's expected return from ``state`` (a list of one float per seat, each in the
        range of ``state.returns()``). ``state`` is a playout's, not terminal."""
        ...


def search_hooks(game: Game) -> SearchHooks | None:
    """The hooks ``game`` offers (its ``search_hooks()`` method), or ``None`` when it has none."""
    hook = getattr(game, "search_hooks", None)
    if hook is None:
        return None
    hooks: SearchHooks | None = hook()
    return hooks


def clamp(value: float, low: float = -1.0, high: float = 1.0) -> float:
    """``value`` brought into [``low``, ``high``]."""
    return low if value < low else high if value > high else value

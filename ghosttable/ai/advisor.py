"""Advice for a seat: its legal actions ranked by a search, each with an estimated chance of winning.

:func:`advise` reaches the state only through an :class:`~ghosttable.ai.base.Observation` of the
seat: every estimate comes from determinizations of what that seat knows, so advice never
depends on (and never reveals) a secret. A game may offer its own search (a method
``advisor()`` on the game returning an :data:`AdvisorFactory`, as Ghost Stories does with the
look-ahead of its ``expert`` bot); otherwise the advice is flat Monte Carlo: each legal action is
played from the same sampled worlds, then the game is finished with uniform random play, and the
chance is the share of those playouts the seat's side wins.

The budget is *work*, as for ``ismcts``: each position a playout walks through counts 1 unit,
each legal action listed there 1 more, and each sampled world :data:`WORLD_WORK` more; the search
stops after the round (one world, every action played from it) that reaches the budget, with at
least one round. The same seed gives the same advice on any machine.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ghosttable.ai.base import Observation, bot_names, make_bot

if TYPE_CHECKING:
    from ghosttable.core.actions import Action
    from ghosttable.core.state import State

DEFAULT_ADVICE_WORK = 20_000
"""Work units of one piece of advice by default (about a second on one core for Ghost Stories)."""

WORLD_WORK = 200
"""Work units a sampled world counts besides its playouts."""


@dataclass(frozen=True)
class Advice:
    """One legal action as the search saw it.

    Attributes:
        action: the legal action.
        chance: the estimated chance, in [0, 1], that the seat's side wins if it plays this.
        playouts: the playouts behind the estimate.
    """

    action: Action
    chance: float
    playouts: int


AdvisorFactory = Callable[[Observation, int, random.Random], list[Advice]]
"""``advisor(obs, work, rng)``: the seat's legal actions with their estimates, best first."""

Suggester = Callable[[Observation, int, int, random.Random], Advice]
"""``suggester(obs, work, playout_work, rng)``: the one action a hint points to, with its estimated
chance of winning (``work`` for choosing it, ``playout_work`` for estimating its chance)."""


def advise(state: State, seat: int, *, work: int = DEFAULT_ADVICE_WORK, seed: int = 0) -> list[Advice]:
    """The legal actions of ``seat`` in ``state`` ranked by a search, best first, each with its
    estimated chance of winning, from that seat's knowledge only.

    Args:
        state: the real state (read only through an ``Observation`` of ``seat``; not changed).
        seat: the seat advised.
        work: the work budget (see the module docstring); at least one round is played.
        seed: seeds the sampled worlds: the same seed gives the same advice.

    Returns:
        One :class:`Advice` per legal action, best first (``[]`` when ``seat`` is not to act).

    Raises:
        ValueError: ``work`` below 1.
    """
    if work < 1:
        raise ValueError(f"work must be 1 or more, not {work}")
    obs = Observation(state, seat)
    if not obs.legal_actions():
        return []
    rng = random.Random(seed)
    hook = getattr(state.game, "advisor", None)
    if callable(hook):
        advisor: AdvisorFactory = hook()
        return advisor(obs, work, rng)
    return flat_monte_carlo(obs, work, rng)


HINT_WORK = 6_000
"""Work units of a game's own search in one :func:`suggest` (under a second for Ghost Stories)."""

HINT_PLAYOUT_WORK = 60_000
"""Work units of the playouts of the one action :func:`suggest` points to, for a game without a
search of its own (about a second for the Old House and Run, Ghost, Run!: some ten playouts)."""


def suggest(
    state: State, seat: int, *, work: int = HINT_WORK, playout_work: int = HINT_PLAYOUT_WORK, seed: int = 0
) -> Advice | None:
    """The one action a player asking for a hint is pointed to, with its estimated chance of
    winning, from ``seat``'s knowledge only; ``None`` when the seat is not to act.

    A game with its own hint (``suggester()``, as Run, Ghost, Run! has: its search's choice, its
    chance from playouts) gives it within ``work`` and ``playout_work``. A game with its own search
    (``advisor()``, as Ghost Stories has) gives its best action within ``work``. Otherwise the
    action is the choice of the game's ``heuristic`` bot (``random`` when it has none) and its
    chance comes from flat Monte Carlo playouts of that action alone, within ``playout_work`` (at
    least one): flat Monte Carlo over every action costs one playout per action a round, which for
    a game of long turns and many actions is several seconds.

    Raises:
        ValueError: ``work`` or ``playout_work`` below 1.
    """
    if work < 1 or playout_work < 1:
        raise ValueError(f"work must be 1 or more, not {min(work, playout_work)}")
    obs = Observation(state, seat)
    if not obs.legal_actions():
        return None
    rng = random.Random(seed)
    own = getattr(state.game, "suggester", None)
    if callable(own):
        suggester: Suggester = own()
        return suggester(obs, work, playout_work, rng)
    hook = getattr(state.game, "advisor", None)
    if callable(hook):
        advisor: AdvisorFactory = hook()
        ranked = advisor(obs, work, rng)
        return ranked[0] if ranked else None
    name = "heuristic" if "heuristic" in bot_names(state.game) else "random"
    choice = make_bot(state.game, name, seat, seed).choose(obs)
    return flat_monte_carlo(obs, playout_work, rng, candidates=[choice])[0]


def flat_monte_carlo(
    obs: Observation,
    work: int,
    rng: random.Random,
    *,
    rollout_limit: int = 1_000,
    candidates: list[Action] | None = None,
    choose: Callable[[State, int], Action] | None = None,
    decision_work: int = 0,
) -> list[Advice]:
    """Flat Monte Carlo advice (see the module docstring): every legal action played from the same
    sampled worlds, then uniform random play to the end; a win counts 1, a draw or a playout
    still unfinished after ``rollout_limit`` decisions 1/2, a loss 0.

    A game's own advisor may narrow and steer it: ``candidates`` are the actions played out (all
    legal ones by default; ties go to the earlier one), ``choose(state, seat)`` picks every playout
    decision (uniform random by default), and with it each decision counts ``decision_work`` units
    instead of 1 plus its legal actions."""
    legal = candidates if candidates is not None else obs.legal_actions()
    side = next(seats for seats in obs.game.sides().values() if obs.seat in seats)
    wins = [0.0] * len(legal)
    rounds = spent = 0
    while rounds < 1 or spent < work:
        world = obs.determinize(rng)
        spent += WORLD_WORK
        for i, action in enumerate(legal):
            st = world.clone()
            st.apply(action, obs.seat)
            steps = 0
            while not st.is_terminal() and steps < rollout_limit:
                seat = st.acting_seats()[0]
                if choose is None:
                    actions = st.legal_actions(seat)
                    spent += 1 + len(actions)
                    st.apply(actions[rng.randrange(len(actions))], seat)
                else:
                    spent += decision_work
                    st.apply(choose(st, seat), seat)
                steps += 1
            if not st.is_terminal():
                wins[i] += 0.5  # not finished within the limit: no telling
                continue
            returns = st.returns()
            if all(returns[s] > 0 for s in side):
                wins[i] += 1.0
            elif all(returns[s] == 0 for s in side):
                wins[i] += 0.5
        rounds += 1
    ranked = sorted(range(len(legal)), key=lambda i: (-wins[i], i))
    return [Advice(legal[i], wins[i] / rounds, rounds) for i in ranked]


__all__ = [
    "DEFAULT_ADVICE_WORK",
    "HINT_PLAYOUT_WORK",
    "HINT_WORK",
    "Advice",
    "AdvisorFactory",
    "Suggester",
    "advise",
    "flat_monte_carlo",
    "suggest",
]

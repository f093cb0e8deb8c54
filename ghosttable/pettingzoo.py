"""PettingZoo environments of the three games (the ``research`` extra: pettingzoo, gymnasium).

``env(game, **options)`` is an AEC environment of any game (``game`` a registry name such as
``"ghost-stories"``, ``players=N`` among the options); ``parallel_env("run-ghost-run", **options)``
a Parallel one, where every seat that acts gives its action in the same step (Run, Ghost, Run!'s
movement plans are staged step by step by all seats at once).

Each agent is a seat, named as the game names it (``taoist1``, ``phantom``, ``hunter1``,
``seat1`` ...). Its observation is a dict: ``"observation"``, a float32 vector built from the seat's
view only (:func:`ghosttable.research.encoding.encoding_for`, laid out in the game's spec page),
and ``"action_mask"``, an int8 vector over the game's ``num_distinct_actions`` ids with a 1 at
each legal action's id. Actions are those ids (a ``Discrete`` space). Rewards are the game's
returns, given when the game ends (0 before). Chance comes from the seed of ``reset(seed=...)``
only: ``reset(seed=s)`` plays the game ``new_initial_state(seed=s)`` plays, and a ``reset()``
without a seed draws the next game's seed from a generator of the environment's own, seeded by
the last seed given (0 at first).

In the Parallel environment a seat with nothing to do at a step (its mask all zeros) may be given
any action, or none: it is ignored, as PettingZoo's Parallel API has every live agent send one.
The seats' actions are played in seat order; one that an earlier seat's has made illegal (two
hunters giving the same card) is not played, and its seat's info says why (``"not_played"``).
At a staged decision (Run, Ghost, Run!'s plans: the steps stay private, the last action seals
them), a seat's sealing action is held back until every seat still planning has given its own,
then all are played at once: a seat that has sealed waits with an empty mask, and no seat can
tell another's plan length from the step at which that seat sealed.

An action the game spells in several ids (a Ghost Stories payment in several colours, one id per
colour) is chosen one id per step: the seat stays the one to act, its mask holds the ids that may
follow and its tensor the ids given so far, and the action is played with its last id (a
reward of 0 for the steps before).
"""

from __future__ import annotations

import json
import random
from typing import Any, ClassVar, cast

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from ghosttable import registry
from ghosttable.core.actions import Action
from ghosttable.core.errors import GameError, IllegalActionError
from ghosttable.core.state import Game, State
from ghosttable.games.encoding import Choice, GameEncoding, Staged
from ghosttable.research.encoding import encoding_for

__all__ = ["GhostTableAEC", "GhostTableParallel", "env", "parallel_env"]

Observation = dict[str, np.ndarray]


class _Table:
    """What both environments share: the game, its encoding, the state and what was listed of it
    since the last action (each seat's legal actions, by id), so that a position is listed once,
    and the ids each seat has given so far towards an action spelled in several."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.encoding = cast(GameEncoding, encoding_for(game))
        self.names: list[str] = game.seat_names()
        shape = self.encoding.observation_shape
        n = self.encoding.num_distinct_actions
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, np.inf, shape=shape, dtype=np.float32),
                "action_mask": spaces.MultiBinary(n),
            }
        )
        self.action_space = spaces.Discrete(n)
        self._seeds = random.Random(0)
        self.state: State = game.new_initial_state(seed=0)
        self._legal: dict[int, dict[int, Choice]] = {}
        self._staged: dict[int, tuple[int, ...]] = {}
        self._observed: dict[int, tuple[tuple[int, int], Observation]] = {}
        self._acted = [0] * len(self.names)

    def new_game(self, seed: int | None) -> None:
        """Start a game: from ``seed``, or from the next seed of the environment's generator."""
        if seed is None:
            seed = self._seeds.getrandbits(63)
        else:
            self._seeds = random.Random(seed)
        self.state = self.game.new_initial_state(seed=seed)
        self._legal = {}
        self._staged = {}
        self._observed = {}
        self._acted = [0] * len(self.names)

    def legal(self, seat: int) -> dict[int, Choice]:
        """``{id: what it chooses}`` of the ids ``seat`` may give now (listed once per position)."""
        got = self._legal.get(seat)
        if got is None:
            got = self._legal[seat] = self.encoding.legal_map(self.state, seat, self._staged.get(seat, ()))
        return got

    def observe(self, seat: int) -> Observation:
        """The observation of ``seat``: its view's tensor and its action mask.

        Kept until the history grows or ``seat`` itself acts: an action the history does not keep
        (a step of another seat's staged plan) changes no other seat's view, as the conformance
        harness checks of every game."""
        key = (len(self.state.history), self._acted[seat])
        kept = self._observed.get(seat)
        if kept is not None and kept[0] == key:
            return {name: array.copy() for name, array in kept[1].items()}
        mask = np.zeros(self.encoding.num_distinct_actions, dtype=np.int8)
        ids = list(self.legal(seat))
        if ids:
            mask[ids] = 1
        staged = self._staged.get(seat, ())
        tensor = np.asarray(self.encoding.observation_tensor(self.state, seat, staged), dtype=np.float32)
        got: Observation = {"observation": tensor, "action_mask": mask}
        self._observed[seat] = (key, got)
        return {name: array.copy() for name, array in got.items()}

    def chosen(self, seat: int, action: Any) -> Choice:
        """What the id ``action`` chooses for ``seat``: a legal action, or a step of one spelled
        in several ids.

        Raises:
            IllegalActionError: not an integer, or no legal action of ``seat`` goes on with that id.
        """
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(f"an action is an integer id, not {action!r}")
        number = int(action)
        got = self.legal(seat).get(number)
        if got is None:
            staged = self._staged.get(seat, ())
            return self.encoding.action_of(self.state, seat, number, staged)  # raises, with the reason
        return got

    def _stage(self, seat: int, choice: Staged) -> None:
        """Hold the ids of ``choice`` as ``seat``'s, the state unchanged."""
        self._staged[seat] = choice.ids
        self._acted[seat] += 1
        self._legal.pop(seat, None)

    def play(self, seat: int, choice: Choice) -> None:
        """Carry out ``choice`` of ``seat``, one of its listed choices (a staged one is held). A
        played action ends every seat's staging (the position it was of is gone)."""
        if isinstance(choice, Staged):
            self._stage(seat, choice)
            return
        self.state.apply_legal(choice, seat)
        self._acted[seat] += 1
        self._legal = {}
        self._staged = {}

    def play_checked(self, seat: int, choice: Choice) -> str | None:
        """Carry out ``choice`` of ``seat`` if it is legal now (an earlier seat's action of the
        same step may have changed that); else the reason it is not, the state left as it was."""
        if self.state.is_terminal() or seat not in self.state.acting_seats():
            return "the game moved on before this seat's turn in the step"
        if isinstance(choice, Staged):
            if self.encoding.legal_map(self.state, seat, choice.ids[:-1]).get(choice.ids[-1]) != choice:
                return "an earlier seat's action changed what this seat may pay"
            self._stage(seat, choice)
            return None
        action = choice
        try:
            self.state.apply(action, seat)
        except GameError as exc:
            return exc.reason
        self._acted[seat] += 1
        self._legal = {}
        self._staged = {}
        return None

    def rewards(self) -> list[float]:
        """Each seat's reward for the step just played: its return when the game is over, else 0."""
        if self.state.is_terminal():
            return [float(r) for r in self.state.returns()]
        return [0.0] * len(self.names)

    def render(self) -> str:
        """The spectator's view as JSON text."""
        return json.dumps(self.state.view(None), sort_keys=True)


class GhostTableAEC(AECEnv):  # type: ignore[misc]
    """An AEC environment of one game (see the module docstring).

    Args:
        game: a registry name (``"ghost-stories"``, ``"old-house"``, ``"run-ghost-run"``).
        render_mode: ``None`` or ``"ansi"`` (``render`` returns the spectator's view as JSON text).
        **options: the game's options, ``players`` among them.

    Raises:
        UnknownGameError, OptionError: as ``registry.load`` does.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "ghosttable_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.table = _Table(registry.load(game, **options))
        self.render_mode = render_mode
        self.possible_agents = list(self.table.names)
        self._seat = {name: i for i, name in enumerate(self.possible_agents)}
        self.observation_spaces = {a: self.table.observation_space for a in self.possible_agents}
        self.action_spaces = {a: self.table.action_space for a in self.possible_agents}
        self.reset()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every seat."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    @property
    def state_now(self) -> State:
        """The game's state (its god view: never hand it to an agent that may not know it all)."""
        return self.table.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (see the module docstring for ``seed``; ``options`` is not read)."""
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._to_act()

    def _to_act(self) -> str:
        seats = self.table.state.acting_seats()
        return self.possible_agents[seats[0]] if seats else self.agent_selection

    def observe(self, agent: str) -> Observation:
        """The observation of ``agent`` (from its seat's view only) with its action mask."""
        return self.table.observe(self._seat[agent])

    def view(self, agent: str) -> dict[str, Any]:
        """The seat's view itself, raw (the JSON-ready dict its tensor is read from)."""
        return self.table.state.view(self._seat[agent])

    def step(self, action: Any) -> None:
        """The selected agent plays the action of id ``action`` (``None`` once its game is over).

        Raises:
            IllegalActionError: an id that is not one of the agent's legal actions now (nothing
                changes).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self.table.play(seat, self.table.chosen(seat, action))
        self._cumulative_rewards[agent] = 0.0
        for name, reward in zip(self.possible_agents, self.table.rewards(), strict=True):
            self.rewards[name] = reward
        if self.table.state.is_terminal():
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self._to_act()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The spectator's view as JSON text, when ``render_mode`` is ``"ansi"``."""
        return self.table.render() if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""


class GhostTableParallel(ParallelEnv):  # type: ignore[misc]
    """A Parallel environment of one game: each step, every seat that acts gives one action (see
    the module docstring). Built for Run, Ghost, Run!, whose seats plan their moves at once; in
    other games one seat acts at a time.

    Args:
        game: a registry name.
        render_mode: ``None`` or ``"ansi"``.
        **options: the game's options, ``players`` among them.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "ghosttable_parallel_v0", "render_modes": ["ansi"]}

    def __init__(self, game: str, render_mode: str | None = None, **options: Any) -> None:
        self.table = _Table(registry.load(game, **options))
        self.render_mode = render_mode
        self.possible_agents = list(self.table.names)
        self.agents: list[str] = []
        self._seat = {name: i for i, name in enumerate(self.possible_agents)}
        self.observation_spaces = {a: self.table.observation_space for a in self.possible_agents}
        self.action_spaces = {a: self.table.action_space for a in self.possible_agents}
        self._held: dict[int, Choice] = {}
        """The sealing actions held back at a staged decision, by seat (see the module docstring)."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every seat."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(num_distinct_actions)``."""
        return self.action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        """Start a new game; every seat's observation and an empty info each."""
        self.table.new_game(seed)
        self.agents = list(self.possible_agents)
        self._held = {}
        return self._observations(), {a: {} for a in self.agents}

    def _observations(self) -> dict[str, Observation]:
        got = {a: self.table.observe(self._seat[a]) for a in self.possible_agents}
        for seat in self._held:
            got[self.possible_agents[seat]]["action_mask"][:] = 0
        return got

    def _seals(self, seat: int, action: Choice) -> bool:
        """Whether ``action`` ends ``seat``'s staged decision of the rules: it goes into the
        history while the decision's other actions (the staged steps) do not."""
        state = self.table.state
        if isinstance(action, Staged) or state.recorded_as(seat, action) is None:
            return False
        return any(
            isinstance(other, Action) and state.recorded_as(seat, other) is None
            for other in self.table.legal(seat).values()
        )

    def view(self, agent: str) -> dict[str, Any]:
        """The seat's view itself, raw (the JSON-ready dict its tensor is read from)."""
        return self.table.state.view(self._seat[agent])

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """Every acting seat plays the action of its id in ``actions`` (the others' are ignored),
        in seat order. Where the seats' choices bear on each other (the Old House's hunters sharing
        cards: the same card given twice), a choice that an earlier seat's has made illegal is
        not played, and that seat's info says why under ``"not_played"``; it chooses again at the
        next step. At a sealed decision (Run, Ghost, Run!'s plans) no choice bears on another's.

        Raises:
            IllegalActionError: an acting seat gave no action, or one that is not legal (then no
                seat's action is played).
        """
        unknown = sorted(str(name) for name in actions if name not in self._seat)
        if unknown:
            raise IllegalActionError(
                f"no agent {', '.join(unknown)} in this game: its agents are {', '.join(self.possible_agents)}"
            )
        acting = [seat for seat in self.table.state.acting_seats() if seat not in self._held]
        chosen: list[tuple[int, Choice]] = []
        for seat in sorted(acting):
            name = self.possible_agents[seat]
            if name not in actions or actions[name] is None:
                raise IllegalActionError(f"{name} is to act and gave no action")
            chosen.append((seat, self.table.chosen(seat, actions[name])))
        infos: dict[str, dict[str, Any]] = {a: {} for a in self.possible_agents}
        for seat, action in chosen:
            if self._seals(seat, action):
                self._held[seat] = action
        chosen = [(seat, action) for seat, action in chosen if seat not in self._held]
        if self._held and not chosen and set(self.table.state.acting_seats()) <= set(self._held):
            chosen, self._held = sorted(self._held.items()), {}  # every plan sealed: all at once
        known = len(self.table.state.history)
        for seat, action in chosen:
            if len(self.table.state.history) == known:
                # nothing recorded yet this step: what was played, if anything, is a step of a
                # plan staged privately, which cannot change another seat's legal actions (they are
                # part of what that seat knows), so the listing of the step's start still holds
                self.table.play(seat, action)
                continue
            refused = self.table.play_checked(seat, action)
            if refused is not None:
                infos[self.possible_agents[seat]]["not_played"] = refused
        rewards = dict(zip(self.possible_agents, self.table.rewards(), strict=True))
        over = self.table.state.is_terminal()
        observations = self._observations()
        terminations = dict.fromkeys(self.possible_agents, over)
        truncations = dict.fromkeys(self.possible_agents, False)
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    @property
    def state_now(self) -> State:
        """The game's state (its god view: never hand it to an agent that may not know it all)."""
        return self.table.state

    def render(self) -> str | None:
        """The spectator's view as JSON text, when ``render_mode`` is ``"ansi"``."""
        return self.table.render() if self.render_mode == "ansi" else None

    def close(self) -> None:
        """Nothing to release."""


def env(game: str, **options: Any) -> GhostTableAEC:
    """The AEC environment of ``game`` (a registry name) with ``options`` (``players=N`` ...)."""
    return GhostTableAEC(game, **options)


def parallel_env(game: str = "run-ghost-run", **options: Any) -> GhostTableParallel:
    """The Parallel environment of ``game`` (Run, Ghost, Run! by default) with ``options``."""
    return GhostTableParallel(game, **options)

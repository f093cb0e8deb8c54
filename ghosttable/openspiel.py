"""The three games as OpenSpiel games: ``import ghosttable.openspiel`` registers them with pyspiel.

After the import, ``pyspiel.load_game("ghosttable_ghost_stories", {"players": 2, "level": "normal"})``
(or ``ghosttable_old_house``, ``ghosttable_run_ghost_run``) gives a ``pyspiel.Game``; its parameters
are the game's rule options, their ``-`` written ``_`` (``card_sharing``), and ``players``.

- **Actions** are the fixed action ids of :mod:`ghosttable.research.encoding` (``num_distinct_actions``
  of the game and its options); legal ids come sorted. An action the game spells in several ids (a
  Ghost Stories payment in several colours, one id per colour) is that many moves of the same
  seat: the ids given so far are held, shown in the seat's tensor and strings, and the action is
  carried out with the last.
- **Chance** is explicit (``EXPLICIT_STOCHASTIC``): each chance event of the rules is met as chance
  nodes through :mod:`ghosttable.core.explicit`. A die roll is one node (outcome id: the face's
  index among the die's faces; equal faces, as the curse die's two blanks, one outcome with their
  share); a shuffle of ``n`` cards (tiles, hero cards ...) is ``n - 1`` nodes, "which of the cards
  left comes next" (outcome id: the card's index in the pile as the rules list it, probability
  1/cards left); a sample of ``k`` is its first ``k`` draws. The setup's events come first, then
  those each action draws. ``max_chance_outcomes`` bounds every outcome id.
- **Information**: imperfect. ``observation_tensor(player)`` and ``information_state_tensor(player)``
  are the encoding's tensor of the seat's view (the view holds what the seat knows, so both are the
  same tensor); ``observation_string`` is the view as canonical JSON, and
  ``information_state_string`` the view followed by a digest of the seat's own actions and of the
  public texts of the others' (so two histories the seat can tell apart have two strings).
  ``resample_from_infostate`` is ``State.determinize`` (so ``ISMCTSBot`` works).
- **Dynamics**: Ghost Stories and the Old House are sequential. Where the Old House lets several
  hunter seats act next (sharing the cards left after Twilight, choosing which hunter starts), the
  first of them in seat order acts, as ``ghosttable simulate`` plays. Run, Ghost, Run! is
  simultaneous: while movement plans are made, every seat still planning gives one step (or
  ``done``) per simultaneous node; a ``done`` is held back until every seat has said it, so that no
  seat learns from the others' ``done`` how long their plans are. Its other decisions are
  sequential nodes.
- **Returns** are the game's returns (terminal rewards in [-1, 1]): +1 for every seat on a Ghost
  Stories victory, the Phantom +1 and every hunter -1 (or the reverse) in the Old House, +1 for the
  best seats and -1 for the others in Run, Ghost, Run!.

OpenSpiel's ``history()`` holds every move, chance outcomes included: like the god view of any
OpenSpiel game with hidden information, it is for the program that runs the game, never for a
player. Serialization (``pyspiel.serialize_game_and_state``) keeps the moves and chance outcomes and
replays them.
"""

from __future__ import annotations

import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pyspiel

from ghosttable.core.actions import Action
from ghosttable.core.chance import ChanceEvent
from ghosttable.core.errors import IllegalActionError
from ghosttable.core.explicit import Move, Step
from ghosttable.core.state import SIMULTANEOUS, Game, State
from ghosttable.games.encoding import Staged
from ghosttable.registry import load
from ghosttable.research.encoding import Encoding, encoding_for


@dataclass(frozen=True)
class Entry:
    """How one game is registered.

    Attributes:
        name: the registry name (``ghost-stories``).
        short_name: the pyspiel name (``ghosttable_ghost_stories``).
        simultaneous: whether the game is registered with simultaneous dynamics.
        play_outcomes: the most outcomes of a chance event after the setup (a d6: 6); the setup's
            events are measured on the game itself.
        moves_per_action: the most OpenSpiel moves one recorded action stands for (a sealed plan:
            its steps and ``done``), for ``max_game_length``.
    """

    name: str
    short_name: str
    simultaneous: bool
    play_outcomes: int
    moves_per_action: int


ENTRIES: tuple[Entry, ...] = (
    # Tao dice and the curse die have 6 faces; a payment in five colours is spelled in five ids
    Entry("ghost-stories", "ghosttable_ghost_stories", False, 6, 5),
    # the Phantom's, the hunters' and the Twilight die are d6
    Entry("old-house", "ghosttable_old_house", False, 6, 1),
    # the die, the door die and the crystal die are d6; a seal holds at most 64 steps, then done
    Entry("run-ghost-run", "ghosttable_run_ghost_run", True, 6, 65),
)


def parameter_name(option: str) -> str:
    """A rule option's name as a pyspiel parameter (``card-sharing`` -> ``card_sharing``)."""
    return option.replace("-", "_")


def game_type(entry: Entry) -> pyspiel.GameType:
    """The ``pyspiel.GameType`` of a game: explicit stochastic chance, imperfect information,
    terminal rewards; identical utilities for the cooperative Ghost Stories, general-sum otherwise
    (the Old House's Phantom wins against every hunter at once)."""
    spec = load(entry.name).spec
    params: dict[str, Any] = {"players": spec.default_players}
    params.update({parameter_name(o.name): o.default for o in spec.options})
    return pyspiel.GameType(
        short_name=entry.short_name,
        long_name=f"ghosttable {spec.title}",
        dynamics=pyspiel.GameType.Dynamics.SIMULTANEOUS if entry.simultaneous else pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.IDENTICAL if spec.cooperative else pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=spec.max_players,
        min_num_players=spec.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params,
    )


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """One of our games with its options fixed, as a ``pyspiel.Game``.

    Attributes:
        rules: our :class:`~ghosttable.core.state.Game`.
        encoding: its action ids and tensors.
        entry: how it is registered.
    """

    entry: Entry

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = params.pop("players", None)
        self.rules: Game = load(self.entry.name, players=players, **params)
        self.encoding: Encoding = encoding_for(self.rules)
        spec = self.rules.spec
        largest = self.rules.new_initial_state(0).chance.largest
        info = pyspiel.GameInfo(
            num_distinct_actions=self.encoding.num_distinct_actions,
            max_chance_outcomes=max(largest, self.entry.play_outcomes),
            num_players=self.rules.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=spec.max_decisions * self.entry.moves_per_action,
        )
        given: dict[str, Any] = {"players": self.rules.players}
        given.update({parameter_name(k): v for k, v in self.rules.options.items()})
        super().__init__(game_type(self.entry), info, given)

    def new_initial_state(self) -> OpenSpielState:
        """A game before its setup: its first nodes are the setup's chance nodes (if any)."""
        return OpenSpielState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """An observer of the encoding's tensor (see :class:`Observer`)."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        return Observer(self.encoding, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class Position:
    """Everything an :class:`OpenSpielState` holds (one object, so that OpenSpiel's copy of a state
    copies our state with ``State.clone`` and its pickling replays the moves).

    Attributes:
        game: the registry name, seats and options (to rebuild after unpickling).
        state: the state after the last step carried out (``None`` before the setup is over).
        step: the step waiting on chance, or ``None``.
        event: its next chance node, or ``None``.
        queue: moves still to carry out after the step (each a step of its own), each with whether
            the other seats are still to see it.
        held: the ``done`` of each seat that has ended its plan at a simultaneous node, held back.
        staged: per seat, the ids it has given towards an action spelled in several (cleared when
            an action is carried out).
        trails: per seat, a digest of what it has seen happen (its actions, public texts).
        log: the steps carried out, as ``(moves, chosen outcome ids)`` in a linked list (``None``
            after a resampling: such a position is not serialized).
    """

    __slots__ = ("event", "game", "held", "log", "queue", "staged", "state", "step", "tensors", "trails", "views")

    def __init__(self, rules: Game) -> None:
        self._reset(rules)

    def _reset(self, rules: Game) -> None:
        self.game: tuple[str, int, dict[str, Any]] = (rules.spec.name, rules.players, dict(rules.options))
        self.state: State | None = None
        self.step: Step | None = None
        self.event: ChanceEvent | None = None
        self.queue: list[tuple[int, Action, bool]] = []
        self.held: list[Move] = []
        self.staged: dict[int, tuple[int, ...]] = {}
        self.trails: list[str] = [""] * rules.players
        self.log: Any = ()
        self.views: dict[int | None, str] = {}
        """The views of ``state`` as JSON text, by seat, as asked (cleared when it changes)."""
        self.tensors: dict[int | None, list[float]] = {}
        """The encoding's tensors of ``state``, by seat, as asked (cleared when it changes)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> Position:
        twin = Position.__new__(Position)
        twin.game = self.game
        twin.state = None if self.state is None else self.state.clone()
        twin.step = self.step
        twin.event = self.event
        twin.queue = list(self.queue)
        twin.held = list(self.held)
        twin.staged = dict(self.staged)
        twin.trails = list(self.trails)
        twin.log = self.log
        twin.views = dict(self.views)
        twin.tensors = dict(self.tensors)
        return twin

    def view_text(self, seat: int | None) -> str:
        """The view of ``seat`` (``None``: a spectator) of the last state, as canonical JSON."""
        text = self.views.get(seat)
        if text is None:
            if self.state is None:
                return "setting up"
            text = self.views[seat] = json.dumps(self.state.view(seat), sort_keys=True, separators=(",", ":"))
        return text

    def __getstate__(self) -> dict[str, Any]:
        if self.log is None:
            raise pyspiel.SpielError("a resampled state is not serialized: it was never played")
        steps: list[Any] = []
        link = self.log
        while link:
            link, (moves, chosen) = link
            steps.append(([[seat, action.to_json()] for seat, action in moves], list(chosen)))
        steps.reverse()
        pending = None
        if self.step is not None:
            pending = ([[s, a.to_json()] for s, a in self.step.moves], list(self.step.chosen))
        return {
            "game": self.game,
            "steps": steps,
            "pending": pending,
            "queue": [[s, a.to_json(), seen] for s, a, seen in self.queue],
            "held": [[s, a.to_json()] for s, a in self.held],
            "staged": [[s, list(ids)] for s, ids in sorted(self.staged.items())],
            "trails": self.trails,
        }

    def __setstate__(self, data: dict[str, Any]) -> None:
        name, players, options = data["game"]
        rules = load(name, players=players, **options)
        self._reset(rules)
        for moves, chosen in data["steps"]:
            self.run(Step(rules, self.state, _moves(moves), tuple(chosen)))
        if data["pending"] is not None:
            moves, chosen = data["pending"]
            self.run(Step(rules, self.state, _moves(moves), tuple(chosen)))
        self.queue = [(int(s), Action.from_json(a), bool(seen)) for s, a, seen in data["queue"]]
        self.held = list(_moves(data["held"]))
        self.staged = {int(s): tuple(int(i) for i in ids) for s, ids in data["staged"]}
        self.trails = list(data["trails"])

    def run(self, step: Step) -> None:
        """Carry out ``step``, or stop at its next chance node."""
        got = step.run()
        if isinstance(got, ChanceEvent):
            self.step, self.event = step, got
            return
        self.state, self.step, self.event = got, None, None
        self.views = {}
        self.tensors = {}
        self.staged = {}
        if self.log is not None:
            self.log = (self.log, (step.moves, step.chosen))

    def stage(self, seat: int, ids: tuple[int, ...]) -> None:
        """Hold ``ids`` as what ``seat`` has given towards an action spelled in several; the seat's
        trail notes its last id (the others see nothing of it until the action is carried out)."""
        self.staged[seat] = ids
        self.tensors.pop(seat, None)
        self.trails[seat] = _extended(self.trails[seat], f"{seat} id {ids[-1]}")

    def staged_text(self, seat: int | None) -> str:
        """The ids ``seat`` has staged, as a line to add to its strings (empty when none)."""
        ids = None if seat is None else self.staged.get(seat)
        return f"\nstaged {list(ids)}" if ids else ""

    def note(self, seat: int, action: Action, *, own: bool = True, others: bool = True) -> None:
        """Add ``action`` of ``seat``, about to be carried out, to what each seat has seen: the
        seat its own action (``own``), the others its public text if any (``others``)."""
        state = self.state
        assert state is not None
        public = state.public_action_text(seat, action) if others else None
        for p in range(len(self.trails)):
            if p == seat:
                text = f"{seat} {action}" if own else None
            else:
                text = None if public is None else f"{seat} {public}"
            if text is not None:
                self.trails[p] = _extended(self.trails[p], text)

    def carry_on(self) -> None:
        """Carry out the queued moves, one step each, until one waits on chance. Once every seat
        that acts has a held move, those are queued in the order of the acting seats, and the
        others see each (its public text) as it is carried out."""
        while self.event is None:
            state = self.state
            assert state is not None
            if not self.queue:
                order = state.acting_seats()
                holders = {seat for seat, _ in self.held}
                if not self.held or any(seat not in holders for seat in order):
                    return
                self.queue = [(s, a, True) for s, a in sorted(self.held, key=lambda move: order.index(move[0]))]
                self.held = []
                continue
            seat, action, seen = self.queue.pop(0)
            if seen:
                self.note(seat, action, own=False)
            self.run(Step(state.game, state, ((seat, action),)))


def _extended(trail: str, text: str) -> str:
    """A seat's trail (a digest of what it has seen happen) after it sees ``text``."""
    return hashlib.blake2b((trail + "\n" + text).encode(), digest_size=12).hexdigest()


def _moves(pairs: Sequence[Sequence[Any]]) -> tuple[Move, ...]:
    return tuple((int(seat), Action.from_json(action)) for seat, action in pairs)


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A position of one of our games as a ``pyspiel.State`` (see the module docstring)."""

    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self._fresh = Position(game.rules)

    @property
    def _pos(self) -> Position:
        """The position; the setup is carried out when first asked for (OpenSpiel copies a state
        by making a new one and replacing what it holds, so a new state must cost nothing)."""
        pos = self._fresh
        if pos.state is None and pos.step is None:
            pos.run(Step(self._osgame().rules))
        return pos

    # ----- helpers ------------------------------------------------------------------------------

    def _osgame(self) -> OpenSpielGame:
        game = self.get_game()
        assert isinstance(game, OpenSpielGame)
        return game

    def _settled(self) -> State:
        state = self._pos.state
        assert state is not None, "the setup is not over"
        return state

    def _planning(self, state: State) -> bool:
        return self._osgame().entry.simultaneous and state.current_player == SIMULTANEOUS

    def _planners(self, state: State) -> list[int]:
        """At a simultaneous node, the seats still to give a move."""
        held = {seat for seat, _ in self._pos.held}
        return [s for s in state.acting_seats() if s not in held]

    # ----- pyspiel.State ------------------------------------------------------------------------

    def current_player(self) -> int:
        """``CHANCE`` at a chance node, ``SIMULTANEOUS`` while Run, Ghost, Run! plans are made, else
        the seat to act (the first of the acting seats), ``TERMINAL`` at the end."""
        if self._pos.event is not None:
            return int(pyspiel.PlayerId.CHANCE)
        state = self._settled()
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self._planning(state):
            return int(pyspiel.PlayerId.SIMULTANEOUS)
        return state.acting_seats()[0]

    def _legal_actions(self, player: int) -> list[int]:
        """The encoding's ids of ``player``'s legal actions, sorted; ``[]`` when it is not to act."""
        if self._pos.event is not None:
            return [o.id for o in self._pos.event.outcomes]
        state = self._settled()
        if state.is_terminal():
            return []
        if self._planning(state):
            if player not in self._planners(state):
                return []
        elif player != state.acting_seats()[0]:
            return []
        return sorted(self._osgame().encoding.legal_ids(state, player, self._pos.staged.get(player, ())))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node (ids and probabilities, by increasing id).

        Raises:
            SpielError: the event has more items than ``max_chance_outcomes`` (an event after the
                setup larger than its game's ``Entry.play_outcomes``).
        """
        event = self._pos.event
        assert event is not None, "not a chance node"
        if event.size > self.get_game().max_chance_outcomes():
            raise pyspiel.SpielError(f"{event.describe()} has {event.size} items, above max_chance_outcomes")
        return [(o.id, float(o.probability)) for o in event.outcomes]

    def _apply_action(self, action: int) -> None:
        pos = self._pos
        if pos.event is not None:
            assert pos.step is not None
            pos.run(pos.step.choose(int(action)))
            pos.carry_on()
            return
        state = self._settled()
        seat = self.current_player()
        act = self._osgame().encoding.action_of(state, seat, int(action), pos.staged.get(seat, ()))
        if isinstance(act, Staged):
            pos.stage(seat, act.ids)
            return
        if pos.staged:  # the action is given in full: nothing is staged while it is carried out
            pos.staged, pos.tensors = {}, {}
        pos.note(seat, act)
        pos.run(Step(state.game, state, ((seat, act),)))

    def _apply_actions(self, actions: Sequence[int]) -> None:
        """One move of every seat still planning; a ``done`` (an action that ends the seat's
        staged plan) is held until every planning seat has given its own. Every id is checked
        before anything is carried out (``IllegalActionError`` for one that is not legal)."""
        pos = self._pos
        state = self._settled()
        encoding = self._osgame().encoding
        given = [(seat, encoding.action_of(state, seat, int(actions[seat]))) for seat in self._planners(state)]
        for seat, act in given:
            if isinstance(act, Staged):
                raise IllegalActionError(f"seat {seat}: an action spelled in several ids is not chosen at once")
        for seat, act in given:
            assert isinstance(act, Action)
            if state.recorded_as(seat, act) is None:
                pos.note(seat, act)
                pos.queue.append((seat, act, False))
            else:
                pos.note(seat, act, others=False)
                pos.held.append((seat, act))
        pos.carry_on()

    def _action_to_string(self, player: int, action: int) -> str:
        """A chance outcome as ``kind [draw d of n]: value``; a seat's action as its text form."""
        event = self._pos.event
        if player == pyspiel.PlayerId.CHANCE:
            if event is not None and any(o.id == action for o in event.outcomes):
                return f"{event.describe()}: {event.outcome(action).value}"
            return f"chance outcome {action}"
        state = self._pos.state
        if state is None:
            return f"action {action}"
        try:
            got = self._osgame().encoding.action_of(state, player, int(action), self._pos.staged.get(player, ()))
        except Exception:  # an id not legal here has no text of its own
            return f"action {action}"
        if isinstance(got, Staged):
            return f"id {action}, part {len(got.ids)} of an action spelled in several"
        return str(got)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._pos.event is None and self._settled().is_terminal()

    def returns(self) -> list[float]:
        """The game's returns (0 for every seat until the end)."""
        state = self._pos.state
        if state is None or self._pos.event is not None:
            return [0.0] * self.get_game().num_players()
        return [float(r) for r in state.returns()]

    def information_state_string(self, player: int | None = None) -> str:
        """``player``'s view as canonical JSON, then a digest of what it has seen happen."""
        seat = self.current_player() if player is None else player
        return f"{self._pos.view_text(seat)}\nseen {self._pos.trails[seat]}{self._pos.staged_text(seat)}"

    def observation_string(self, player: int | None = None) -> str:
        """``player``'s view as canonical JSON."""
        seat = self.current_player() if player is None else player
        return self._pos.view_text(seat) + self._pos.staged_text(seat)

    def resample_from_infostate(self, player_id: int, probability_sampler: Callable[[], float]) -> OpenSpielState:
        """A state ``player_id`` cannot tell from this one: ``State.determinize`` for that seat,
        its unknowns drawn with a generator seeded from ``probability_sampler``."""
        twin = self.clone()
        state = self._settled()
        rng = random.Random(int(probability_sampler() * 2**53))
        pos = twin._pos
        pos.state = state.determinize(player_id, rng)
        pos.staged = {player_id: pos.staged[player_id]} if player_id in pos.staged else {}
        pos.log = None
        pos.views = {}
        pos.tensors = {}
        return twin  # type: ignore[no-any-return]

    def __str__(self) -> str:
        """The god view (every secret): for the program that runs the game, never for a seat."""
        pos = self._pos
        if pos.event is not None:
            return f"chance node {pos.event.describe()} after:\n{pos.view_text(None)}"
        state = self._settled()
        return json.dumps(state.snapshot(), sort_keys=True, default=str)


class Observer:
    """The encoding's tensor of a seat's view, as OpenSpiel's python observers give it.

    ``tensor`` is a flat float32 array of ``prod(encoding.observation_shape)`` values, ``dict``
    holds it reshaped under ``"observation"``. A private-information type of ``NONE`` observes as a
    spectator (the public view); ``SINGLE_PLAYER`` as the seat. Both ``perfect_recall`` types give
    the same tensor (the view is what the seat knows); the strings differ (see
    :meth:`OpenSpielState.information_state_string`).
    """

    def __init__(self, encoding: Encoding, iig_obs_type: pyspiel.IIGObservationType) -> None:
        if iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("an observation of every seat's secrets is not offered")
        self.encoding = encoding
        self.public_only = iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        shape = tuple(encoding.observation_shape)
        self.tensor = np.zeros(int(np.prod(shape)), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """Fill ``tensor`` from ``player``'s view of ``state`` (zeros before the setup is over)."""
        pos = state._pos
        if pos.state is None:
            self.tensor.fill(0.0)
            return
        seat = None if self.public_only else player
        got = pos.tensors.get(seat)
        if got is None:
            staged = () if seat is None else pos.staged.get(seat, ())
            got = pos.tensors[seat] = self.encoding.observation_tensor(pos.state, seat, staged)
        self.tensor[:] = got

    def string_from(self, state: OpenSpielState, player: int) -> str:
        """The information-state string (``perfect_recall``) or the observation string."""
        if self.public_only:
            return state._pos.view_text(None)
        if self.perfect_recall:
            return state.information_state_string(player)
        return state.observation_string(player)


def register() -> None:
    """Register the three games with pyspiel (again: nothing happens)."""
    known = {t.short_name for t in pyspiel.registered_games()}
    for entry in ENTRIES:
        if entry.short_name in known:
            continue
        cls = type(f"OpenSpiel_{entry.short_name}", (OpenSpielGame,), {"entry": entry})
        globals()[cls.__name__] = cls  # picklable by name
        pyspiel.register_game(game_type(entry), cls)


register()

__all__ = ["ENTRIES", "Entry", "Observer", "OpenSpielGame", "OpenSpielState", "Position", "register"]

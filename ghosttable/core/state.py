"""The Game and State contract every game implements.

A game subclasses :class:`Game` (its ``spec``, ``new_initial_state``) and :class:`State` (the
rules). The base ``State`` does the bookkeeping every game shares: reading actions in any of
their forms, checking the seat, refusing illegal actions without touching the state, keeping
the history that becomes the record.

Seats are integers ``0 .. players-1``. ``current_player`` is a seat, :data:`SIMULTANEOUS` when
several seats submit sealed actions at once (see :meth:`State.acting_seats`), or
:data:`TERMINAL` when the game is over.

A decision may be *staged*: the seat builds it action by action (each one listed and checked as
any other), the state keeps those actions privately, and the history holds only the one action
that stands for the whole, once the last one ends it (see :meth:`State.recorded_as` and
:meth:`State.parts`). Run, Ghost, Run!'s sealed movement plans are staged: until a plan is
sealed, nothing of it is in the history, so nothing of it reaches a record, a table's version or
its log.
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import hashlib
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ghosttable.core.actions import Action, coerce_action, same_types
from ghosttable.core.chance import Chance
from ghosttable.core.errors import GameError, GameOverError, IllegalActionError, NotYourTurnError
from ghosttable.core.records import digest
from ghosttable.core.spec import GameSpec, OptionValue, written

if TYPE_CHECKING:
    from ghosttable.core.records import Record

SIMULTANEOUS = -2
"""``current_player`` when several seats act at once (their sealed actions are revealed together)."""
TERMINAL = -4
"""``current_player`` when the game is over."""


@dataclass(frozen=True)
class DecisionPoint:
    """What one seat must decide now.

    Attributes:
        name: the decision point's name, stable across versions (``"choose_ghost_space"``).
        seat: the seat that decides.
        actions: its legal actions in a stable order; an action's index in this tuple is its
            integer index for learning agents.
        prompt: one human sentence describing the choice.
    """

    name: str
    seat: int
    actions: tuple[Action, ...]
    prompt: str = ""

    def index(self, action: Action) -> int:
        """The stable integer index of ``action`` here. Raises ``IllegalActionError`` if absent."""
        try:
            return self.actions.index(action)
        except ValueError:
            raise IllegalActionError(f"{action} is not a choice at {self.name}") from None


class Game(ABC):
    """A game with its rule options fixed; a factory of initial states.

    Args:
        players: seat count (``spec.default_players`` when ``None``).
        **options: rule options by name; unknown names or bad values raise ``OptionError``.
    """

    spec: ClassVar[GameSpec]

    plays_on: ClassVar[bool] = True
    """Whether a table under these rules may be played on. An older rules version kept only so
    that its records replay (:meth:`as_version`) says ``False`` when playing on under it would show
    what today's rules keep secret; a server retires such a table rather than rebuild it."""

    def __init__(self, players: int | None = None, **options: Any) -> None:
        self.players: int = self.spec.check_players(players)
        self.options: dict[str, OptionValue] = self.spec.resolve_options(options)

    @abstractmethod
    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> State:
        """The state at the start of a game, its chance fixed by ``seed`` and ``script``."""

    def as_version(self, version: str) -> Game | None:
        """This game set up to play as rules version ``version`` of it did, for replaying a record
        made then (same seats and options as far as that version had them), or ``None`` when this
        version cannot (the default: a record of another version is refused)."""
        return None

    def seat_names(self) -> list[str]:
        """A display name per seat (``seat1`` ..., or the game's own, such as ``phantom``)."""
        return [f"seat{i + 1}" for i in range(self.players)]

    def sides(self) -> dict[str, tuple[int, ...]]:
        """The sides that win or lose together: ``{"team": all}`` for a cooperative game, one
        side per seat otherwise (games with teams override)."""
        if self.spec.cooperative:
            return {"team": tuple(range(self.players))}
        return {name: (i,) for i, name in enumerate(self.seat_names())}

    def bots(self) -> Mapping[str, Callable[..., Any]]:
        """The game's own bots by name, each a factory ``(game, seat, seed) -> bot`` (the bot
        contract lives in :mod:`ghosttable.ai.base`, which the kernel does not import); ``random``
        is always available besides these."""
        return {}

    def state_log(self, state: State, seat: int | None) -> list[str] | None:
        """The game's own event log of ``state`` as ``seat`` (``None``: a spectator) may read it,
        whole from the start, for a game whose views hold only its newest lines; ``None`` (the
        default) for a game that keeps none. It must hold nothing ``view(seat)`` may not."""
        return None

    def state_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The view of ``state`` for ``seat`` (``None``: a spectator), for a game whose views are
        built outside its rules: its ``game.py`` ties rules and views, and :meth:`State.view`
        asks here. A game whose states override ``view`` need not override this.

        Raises:
            NotImplementedError: the game has neither.
        """
        raise NotImplementedError(f"{self.spec.name} builds no views")

    def state_views(self, state: State, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """The views of ``state`` for ``seats``, in order: each what ``state.view(seat)`` gives
        (games override it to build what every seat sees alike once, shared between the views)."""
        return [state.view(seat) for seat in seats]

    def state_prompt(self, state: State, seat: int) -> str:
        """One human sentence for the decision ``seat`` faces in ``state`` (see
        :meth:`State.decision_prompt`); ``""`` by default."""
        return ""

    def reference(self) -> dict[str, Any]:
        """The rule options and data (cards, tiles, map) as JSON-ready reference material."""
        return {"spec": self.spec.to_json(), "options": self.options}

    def local_data(self) -> dict[str, Any]:
        """The data read from the files that ``local_file`` options name, by option name, as
        JSON-ready values (say the Old House's house map when ``house`` is not its default). A
        record keeps a digest of each, so that replaying it after the file changed says so. The
        default is ``{}``: no option names a file, or every such option has its default."""
        return {}

    def local_data_digests(self) -> dict[str, str]:
        """A short digest of each entry of :meth:`local_data` (hex text, by option name)."""
        return {name: digest(value) for name, value in sorted(self.local_data().items())}

    def describe(self) -> str:
        """``title (N players, option=value ...)``, values written as the command line takes them
        (``merging=true``)."""
        opts = " ".join(f"{k}={written(v)}" for k, v in self.options.items())
        seats = "1 player" if self.players == 1 else f"{self.players} players"
        return f"{self.spec.title} ({seats}{', ' + opts if opts else ''})"


class State(ABC):
    """One position of one game.

    Subclasses implement the ``_``-prefixed hooks and :meth:`view`; the public methods here are
    the contract used by bots, the server, the command line and the conformance harness.
    """

    game: Game
    chance: Chance
    history: list[tuple[int, Action]]

    def __init__(self, game: Game, seed: int, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        self.game = game
        self.seed = seed
        self.initial_script: dict[str, list[Any]] = {k: list(v) for k, v in (script or {}).items()}
        self.chance = Chance(seed, script)
        self.history = []

    # ----- hooks for the game -------------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, :data:`SIMULTANEOUS` or :data:`TERMINAL`."""

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """The legal actions of ``seat``, which is known to be acting, in a stable order."""

    def _random_legal(self, seat: int, rng: random.Random) -> Action | None:
        """One of ``seat``'s legal actions drawn uniformly at random, ``seat`` known to be acting;
        ``None`` when it has none.

        Draws ``rng.randrange(n)`` once over the ``n`` legal actions and returns the action at that
        position of :meth:`_legal_actions` (which is what ``rng.choice`` of the listing draws, so
        the generator moves on alike). A game may override it to draw without listing every
        action, provided each legal action (one of the very objects the listing holds) is drawn
        with the same chance and the draw depends only on the state and ``rng``: a playout is
        then a random playout over the same distribution, the same game for the same seed, though
        not the game the listing's draw gives."""
        actions = self._legal_actions(seat)
        if not actions:
            return None
        return actions[rng.randrange(len(actions))]

    def _random_run(self, seat: int, rng: random.Random, limit: int) -> int:
        """Play ``seat``'s decisions at random, from one to at most ``limit`` (``limit`` >= 1) while
        ``seat`` stays the first acting seat, ``seat`` known to be acting; returns how many were
        made (0 when it has no legal action).

        By default one decision: :meth:`_random_legal`, then :meth:`apply_legal`. A game may play
        several in one call (the steps of a plan, without going back to the kernel's loop between
        them), provided the state, and the draws of ``rng``, end as that one decision after
        another would leave them."""
        action = self._random_legal(seat, rng)
        if action is None:
            return 0
        self.apply_legal(action, seat)
        return 1

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Carry out ``action`` of ``seat``; it is known to be legal."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One number per seat: positive for a win, negative for a loss, 0 for a draw or not over."""

    def view(self, seat: int | None) -> dict[str, Any]:
        """A JSON-ready dict of exactly what ``seat`` may know (``None``: a spectator); by default
        the game's :meth:`Game.state_view`."""
        return self.game.state_view(self, seat)

    def views(self, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """The views of ``seats``, in order, each the same as :meth:`view` gives (built together:
        see :meth:`Game.state_views`); views are read-only."""
        return self.game.state_views(self, seats)

    def readable_log(self, seat: int | None) -> list[str] | None:
        """The game's event log as ``seat`` may read it, whole (its view holds only the newest
        lines); by default the game's :meth:`Game.state_log` (``None``: the game keeps none)."""
        return self.game.state_log(self, seat)

    def decision_name(self, seat: int) -> str:
        """The name of the decision point ``seat`` faces (games override with their own names)."""
        return "act"

    def decision_prompt(self, seat: int) -> str:
        """One human sentence describing the decision ``seat`` faces; by default the game's
        :meth:`Game.state_prompt`."""
        return self.game.state_prompt(self, seat)

    def acting_seats(self) -> tuple[int, ...]:
        """The seats that may act now: the current player, or at a simultaneous decision point
        the seats that have not submitted yet (games with simultaneous moves override)."""
        seat = self.current_player
        return (seat,) if seat >= 0 else ()

    def outcome(self) -> str:
        """A short label of how the game ended (``"win"``, ``"loss"``, ``"phantom"`` ...), or
        ``"unfinished"``."""
        if not self.is_terminal():
            return "unfinished"
        sides = self.winning_sides()
        return "+".join(sides) if sides else "draw"

    def score(self) -> float | None:
        """The game's score for the record (the team's score sheet, a seat's points), if any."""
        return None

    def winning_sides(self) -> list[str]:
        """Names of the sides (see :meth:`Game.sides`) whose seats all have a positive return."""
        if not self.is_terminal():
            return []
        ret = self.returns()
        return [name for name, seats in self.game.sides().items() if all(ret[s] > 0 for s in seats)]

    def action_is_public(self, seat: int, action: Action) -> bool:
        """Whether ``action`` of ``seat``, about to be applied here, may be shown to every seat as it
        happens (in a log, on the wire). By default every action of a game without hidden
        information is public and, with hidden information, none is: the others then learn it only
        through their views, as the rules reveal it. Games override this with their own rule."""
        return not self.game.spec.hidden_information

    def public_action_text(self, seat: int, action: Action) -> str | None:
        """What every seat may read of ``action`` of ``seat`` as it happens (``None``: nothing but
        that the seat acted). By default the text form of a public action; games with partly
        secret actions override it (say, "plays a move card" without the direction)."""
        return str(action) if self.action_is_public(seat, action) else None

    def action_note(self, seat: int, action: Action) -> str:
        """A few words a player reads beside the legal ``action`` of ``seat`` in terminal play, for
        an action whose text form is a bare number (``take_card card=7``: "Horror / Trap"); ``""``
        by default. It may name only what ``seat`` knows."""
        return ""

    def recorded_as(self, seat: int, action: Action) -> Action | None:
        """What the history (and so the record, a table's version and its log) keeps of the legal
        ``action`` of ``seat``, about to be applied: the action itself by default.

        A game with a staged decision answers ``None`` for an action that only adds to the seat's
        private draft (the state keeps it), and, for the action that ends the draft, the one action
        that stands for the whole draft: applied with :meth:`apply` to the state as it was before
        the draft began, it must do exactly what the draft did (its :meth:`parts` are the draft's
        actions)."""
        return action

    def parts(self, seat: int, action: Action) -> list[Action] | None:
        """The listed actions that ``action`` of ``seat`` stands for when it is a whole staged
        decision sent at once (a sealed plan: its steps, then the action that seals it), or
        ``None`` (the default) when it is no such action. :meth:`apply` carries them out in order,
        each checked as if sent alone, and refuses the whole when one is refused. May raise
        ``GameError`` for an action of that kind that is malformed or not allowed now."""
        return None

    def has_staged(self, seat: int) -> bool:
        """Whether ``seat``'s unfinished staged decision (see :meth:`recorded_as`) holds an action
        it may take back with :meth:`take_back_staged`; ``False`` by default (nothing is staged)."""
        return False

    def take_back_staged(self, seat: int) -> None:
        """Remove the last action of ``seat``'s unfinished staged decision from its private draft,
        leaving this state exactly as it was before that action (what it computes once per position
        made consistent). The history is untouched: a staged action is not in it.

        Raises:
            IllegalActionError: ``seat`` has nothing staged (the default); nothing changes.
        """
        raise IllegalActionError("nothing is staged to take back")

    def reveals(self, seat: int, action: Action, before: State) -> bool:
        """Whether ``action`` of ``seat``, just carried out (``self`` is the state after it,
        ``before`` the state before), showed anyone something hidden without drawing on the
        chance: a card taken from a deck shuffled at setup, a trap sprung, the answer to a search.
        Such an action cannot be taken back (see :class:`UndoLog`). By default every action of a
        game with hidden information reveals (the safe answer), and none of a game without; games
        override it with their own rule."""
        return self.game.spec.hidden_information

    def turn_key(self) -> Any:
        """A value that changes whenever a new turn begins (a game's turn counter, say); an undo
        never reaches back past it. ``None`` by default: turns are then told apart by the acting
        seat, and by the chance drawn at their start."""
        return None

    def secrets(self, seat: int | None) -> list[Any]:
        """JSON values that must never appear inside ``view(seat)`` (the harness checks it)."""
        return []

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        """A full state consistent with what ``seat`` knows, its unknowns sampled with ``rng``.

        The default suits games whose only unknown is the future: a clone whose chance is
        reseeded. Games with hidden information override it.
        """
        twin = self.clone()
        twin.chance.reseed(rng.getrandbits(64))
        return twin

    not_in_snapshot: ClassVar[frozenset[str]] = frozenset({"game", "chance", "initial_script"})
    """Attributes that :meth:`snapshot` leaves out: the game, the chance (its own fingerprint is
    added) and the script; games add their caches, which hold nothing the state does not."""

    def snapshot(self) -> Any:
        """Everything in the state as canonical JSON-ready data (the god view, never sent to a
        seat): used to prove that refused actions change nothing and that replays are exact."""
        skip = self.not_in_snapshot
        data = {k: v for k, v in vars(self).items() if k not in skip}
        return {"state": _canonical(data), "chance": self.chance.fingerprint()}

    # ----- the contract -------------------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.game.players

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the current player); ``[]`` for a seat that
        is not to act or when the game is over."""
        if self.is_terminal():
            return []
        if seat is None:
            seat = self.current_player
        if seat not in self.acting_seats():
            return []
        return self._legal_actions(seat)

    def decision(self, seat: int | None = None) -> DecisionPoint | None:
        """The decision point ``seat`` faces, or ``None`` when it is not to act."""
        if seat is None:
            seat = self.current_player
        actions = self.legal_actions(seat)
        if not actions:
            return None
        return DecisionPoint(self.decision_name(seat), seat, tuple(actions), self.decision_prompt(seat))

    def apply(
        self,
        action: Action | Mapping[str, Any] | str,
        seat: int | None = None,
        *,
        legal: Sequence[Action] | None = None,
    ) -> None:
        """Carry out ``action`` (an Action, its JSON form or its text form) for ``seat``.

        ``seat`` may be left out when exactly one seat is to act. ``legal``: this state's own
        ``legal_actions(seat)`` when the caller has just listed them (they are then not listed
        again); anything else leaves the state undefined. An action the listing does not
        hold may stand for a whole staged decision (:meth:`parts`): its parts are then carried out
        in order, and the whole is refused, naming the part, when one of them is.

        Raises:
            GameOverError: the game is over.
            MalformedActionError: ``action`` is not an action.
            NotYourTurnError: ``seat`` does not exist or is not to act now.
            IllegalActionError: the rules do not allow it here; the reason says why.
        In every case the state is left exactly as it was.
        """
        if self.is_terminal():
            raise GameOverError("the game is over")
        act = coerce_action(action)
        acting = self.acting_seats()
        if seat is None:
            if len(acting) != 1:
                raise NotYourTurnError("several seats act at once here: say which seat acts")
            seat = acting[0]
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.players:
            raise NotYourTurnError(f"there is no seat {seat!r} in this game")
        if seat not in acting:
            raise NotYourTurnError(f"seat {seat} is not to act now")
        listing = self._legal_actions(seat) if legal is None else legal
        try:
            canon = listing[listing.index(act)]  # the legal action equal to ``act`` (one scan, in C)
        except ValueError:
            parts = self.parts(seat, act)
            if parts is None:
                raise self.explain_illegal(seat, act, list(listing)) from None
            self._apply_parts(seat, act, parts)
            return
        if canon is not act and not same_types(canon, act):
            raise IllegalActionError(
                f"{act} is not allowed: a parameter has the wrong type (true and false are not numbers); write {canon}"
            )
        kept = self.recorded_as(seat, act)
        self._apply(seat, act)
        if kept is not None:
            self.history.append((seat, kept))

    def _apply_parts(self, seat: int, whole: Action, parts: list[Action]) -> None:
        """Carry out ``parts``, the listed actions ``whole`` stands for (see :meth:`parts`): first
        on a copy, where each is checked as if sent alone, so that a refusal leaves this state as
        it was and names the part refused; then here. The history then keeps one action."""
        trial = self.clone()
        known = len(self.history)
        for i, part in enumerate(parts):
            try:
                trial.apply(part, seat)
            except GameError as exc:
                raise IllegalActionError(
                    f"{whole.kind} is refused at its part {i + 1} of {len(parts)} ({part}): {exc.reason}"
                ) from None
        if len(trial.history) != known + 1:
            raise IllegalActionError(f"{whole.kind} must stand for one whole decision, ended by its last part")
        for part in parts:
            self.apply(part, seat)

    def apply_legal(self, action: Action, seat: int) -> None:
        """Carry out ``action`` of ``seat``, taken as it is from this state's own
        ``legal_actions(seat)``, without checking it again.

        For trusted code that has just listed the legal actions (search, playouts): it saves the
        second listing that :meth:`apply` makes to check an action. An action from anywhere else
        (a person, the wire, a record, a bot's answer) goes through :meth:`apply`. Given an
        action that is not legal here, the state is left undefined.
        """
        kept = self.recorded_as(seat, action)
        self._apply(seat, action)
        if kept is not None:
            self.history.append((seat, kept))

    def explain_illegal(self, seat: int, action: Action, legal: list[Action]) -> IllegalActionError:
        """The error for an illegal ``action`` (games override for sharper reasons; a reason
        must never reveal what ``seat`` may not know)."""
        name = self.decision_name(seat)
        kinds = sorted({a.kind for a in legal})
        if action.kind not in kinds:
            return IllegalActionError(f"'{action.kind}' is not a choice at {name}; choose one of: {', '.join(kinds)}")
        return IllegalActionError(f"{action} is not allowed at {name}")

    def clone(self) -> State:
        """An independent copy: changing one never changes the other."""
        twin = copy.copy(self)
        for key, value in vars(self).items():
            if key == "game":
                continue
            if key == "chance":
                twin.chance = self.chance.copy()
            else:
                setattr(twin, key, copy.deepcopy(value))
        return twin

    def fingerprint(self) -> str:
        """A digest of :meth:`snapshot` (equal states have equal fingerprints)."""
        text = json.dumps(self.snapshot(), sort_keys=True, separators=(",", ":"))
        return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()

    def record(self) -> Record:
        """This game so far as a :class:`~ghosttable.core.records.Record`."""
        from ghosttable.core.records import Record

        return Record.of(self)


def _canonical(value: Any) -> Any:
    """Plain JSON-ready data from dataclasses, enums, sets, tuples, dicts and Actions."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Action):
        return value.to_json()
    if isinstance(value, enum.Enum):
        return _canonical(value.value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _canonical(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return {str(k): _canonical(v) for k, v in sorted(value.items(), key=lambda kv: repr(kv[0]))}
    if isinstance(value, set | frozenset):
        return sorted((_canonical(v) for v in value), key=repr)
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if isinstance(value, Chance):
        return value.fingerprint()
    if hasattr(value, "__dict__"):
        return {k: _canonical(v) for k, v in sorted(vars(value).items())}
    if hasattr(value, "__slots__"):
        return {k: _canonical(getattr(value, k)) for k in value.__slots__ if hasattr(value, k)}
    return repr(value)


class UndoLog:
    """What can be taken back of the acting seat's turn, as Board Game Arena's undo offers it.

    An action of ``seat`` carried out through :meth:`apply` can be taken back when it drew no
    chance outcome (the state's :class:`Chance` is where it was: no die rolled, no shuffle), did
    not reveal anything (:meth:`State.reveals`), left ``seat`` the one seat to act in the same
    turn (:meth:`State.turn_key`) and did not end the game. The log keeps the state before each
    such action, back to the start of the seat's turn or to its last action that cannot be taken
    back; :meth:`undo` gives back the last of them exactly as it was (its history, and so its
    record, included). Any other action, or an action of another seat, makes everything before
    it stand.

    While several seats act at once, an action that only adds to the seat's private draft (a
    staged decision, see :meth:`State.recorded_as`) is taken back from the draft itself
    (:meth:`State.has_staged`, :meth:`State.take_back_staged`), whatever the others did since:
    the state given back is a new one, the current state without that action.

    The log follows one line of states: it answers only for the state its last :meth:`apply` or
    :meth:`undo` returned (a state changed by other means has nothing to take back). States it
    keeps are never changed: :meth:`apply` works on a copy.
    """

    def __init__(self) -> None:
        self._before: list[State] = []
        self._seat: int | None = None
        self._turn: Any = None
        self._last: State | None = None
        self._why = "nothing was done yet this turn"

    def apply(
        self,
        state: State,
        action: Action | Mapping[str, Any] | str,
        seat: int | None = None,
        *,
        legal: Sequence[Action] | None = None,
    ) -> State:
        """``state`` with ``action`` of ``seat`` carried out (see :meth:`State.apply`), as a new
        state; ``state`` itself is left as it was, and kept for :meth:`undo` when the action can
        be taken back. ``legal``: ``state.legal_actions(seat)`` when the caller has it.

        Raises what :meth:`State.apply` raises; the log is then left as it was too."""
        act = coerce_action(action)
        if seat is None:
            acting = state.acting_seats()
            seat = acting[0] if len(acting) == 1 else None
        after = state.clone()
        chance = state.chance.events
        after.apply(act, seat, legal=legal)
        assert seat is not None  # apply refuses an action whose seat it cannot tell
        why = self._why_it_stands(state, after, seat, act, chance)
        if why is not None:
            self._before = []
            self._why = why
        else:
            if self._last is not state or self._seat != seat or self._turn != state.turn_key():
                self._before = []
            self._before.append(state)
            self._turn = state.turn_key()
        self._seat = seat
        self._last = after
        return after

    @staticmethod
    def _why_it_stands(before: State, after: State, seat: int, action: Action, chance: int) -> str | None:
        """Why ``action`` of ``seat``, which led from ``before`` to ``after``, cannot be taken
        back, or ``None`` when it can (``chance``: ``before``'s count of chance events)."""
        if after.is_terminal():
            return "the game is over"
        if before.acting_seats() != (seat,):
            return "several seats act at once here"
        if after.acting_seats() != (seat,) or after.turn_key() != before.turn_key():
            return "your turn is over"
        if after.chance.events != chance:
            return "a die was rolled or cards were shuffled: what was done stands"
        if after.reveals(seat, action, before):
            return "something hidden was revealed: what was done stands"
        return None

    def refusal(self, state: State, seat: int) -> str | None:
        """Why ``seat`` cannot take back its last action in ``state`` now, or ``None`` when it can."""
        if state.is_terminal():
            return "the game is over"
        if seat not in state.acting_seats():
            return f"seat {seat} is not to act now"
        why = self._logged_refusal(state, seat)
        if why is not None and state.has_staged(seat):
            return None
        return why

    def _logged_refusal(self, state: State, seat: int) -> str | None:
        """Why the log keeps no state before ``seat``'s last action in ``state``, or ``None``."""
        if self._last is not state or self._seat != seat:
            return "nothing was done yet this turn"
        if not self._before:
            return self._why
        return None

    def can_undo(self, state: State, seat: int) -> bool:
        """Whether ``seat`` may take back its last action in ``state``."""
        return self.refusal(state, seat) is None

    def undo(self, state: State, seat: int) -> State:
        """The state before ``seat``'s last action in ``state``, exactly as it was.

        Raises:
            IllegalActionError: nothing can be taken back (the reason says why); the log and
                ``state`` are left as they were.
        """
        why = self.refusal(state, seat)
        if why is not None:
            raise IllegalActionError(f"nothing to undo: {why}")
        if self._logged_refusal(state, seat) is not None:
            # the last action is a staged one, in the seat's private draft: taken back there
            before = state.clone()
            before.take_back_staged(seat)
            self._before, self._seat, self._last = [], seat, before
            self._why = "your draft holds no step to take back; what was done before it stands"
            return before
        before = self._before.pop()
        self._last = before
        if not self._before:
            self._why = "your turn began here"
        return before

    def settle(self) -> None:
        """Make everything done so far stand (nothing can be taken back)."""
        self._before = []
        self._why = "what was done stands"

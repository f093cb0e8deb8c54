"""The conformance harness: seeded random playouts that check a game keeps the kernel's contract.

Each game's tests call :func:`check_game`. Over every seat count and option set it plays random
games and checks, at each step:

- the acting seats have legal actions, and each action's JSON and text forms round-trip;
- garbage input, actions for a seat that is not to act, actions of another decision point and
  actions with out-of-range values are refused with a ``GameError`` that has a code and a reason,
  and leave the state's fingerprint unchanged;
- a clone is independent of its original;
- every view (each seat, and the spectator) is JSON-serializable, holds none of the values the
  state declares secret from that seat, and is unchanged by determinizing for that seat (a view
  that shows a hidden value changes when the value is resampled);
- the game ends within ``spec.max_decisions``;
- an action the history does not keep (a step of a staged decision, see
  :meth:`~ghosttable.core.state.State.recorded_as`) changes no other seat's view, nor the spectator's;
and at the end, that the record survives its JSON form and replays to identical states and views
at every position it holds.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ghosttable.core.actions import Action
from ghosttable.core.errors import ConformanceError, GameError, NotYourTurnError
from ghosttable.core.records import Record, game_class_named, replay
from ghosttable.core.state import SIMULTANEOUS, TERMINAL, Game, State

_GARBAGE: tuple[Any, ...] = (
    "{not json",
    "[]",
    "",
    "   ",
    42,
    None,
    [1, 2],
    {},
    {"kind": 5},
    {"kind": "no_such_kind_anywhere"},
    {"kind": "Not-A-Kind"},
    {"kind": "pass", "bad key": 1},
    {"kind": "pass", "x": 1.5},
    {"kind": "pass", "x": {"nested": 1}},
)


@dataclass
class ConformanceReport:
    """What a run of the harness covered and found."""

    games: int = 0
    decisions: int = 0
    probes: int = 0
    configurations: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        """Whether nothing failed."""
        return not self.failures


def option_sets(game_class: type[Game]) -> list[dict[str, Any]]:
    """The default options, then each option with each of its other values (one at a time).

    Options without a list of choices keep their default, except booleans, which are flipped.
    """
    sets: list[dict[str, Any]] = [{}]
    for opt in game_class.spec.options:
        values: Iterable[Any]
        if opt.choices is not None:
            values = opt.choices
        elif isinstance(opt.default, bool):
            values = (not opt.default,)
        else:
            values = ()
        sets.extend({opt.name: v} for v in values if v != opt.default)
    return sets


def _digest(value: Any) -> str:
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _contains(haystack: Any, needle: Any) -> bool:
    if haystack == needle:
        return True
    if isinstance(haystack, dict):
        return any(_contains(v, needle) for v in haystack.values())
    if isinstance(haystack, list):
        return any(_contains(v, needle) for v in haystack)
    return False


def _mutations(action: Action) -> Iterable[Action]:
    """Copies of ``action`` with one parameter pushed out of any plausible range."""
    yield Action(action.kind + "_x", action.params)
    for i, (name, value) in enumerate(action.params):
        bad_values: list[Any]
        if isinstance(value, bool):
            bad_values = [None]
        elif isinstance(value, int):
            bad_values = [value + 1000, -1 - abs(value)]
        elif isinstance(value, str):
            bad_values = ["zz_no_such_value"]
        elif isinstance(value, tuple):
            bad_values = [(*value, 999), (999,)]
        else:
            bad_values = [12345]
        for bad in bad_values:
            params = list(action.params)
            params[i] = (name, bad)
            yield Action(action.kind, tuple(params))
    yield Action(action.kind, (*action.params, ("zz_extra", 1)))


class _Checker:
    def __init__(self, report: ConformanceReport, label: str, max_failures: int) -> None:
        self.report = report
        self.label = label
        self.max_failures = max_failures

    def fail(self, message: str) -> None:
        if len(self.report.failures) < self.max_failures:
            self.report.failures.append(f"[{self.label}] {message}")

    def expect_refused(
        self,
        state: State,
        fingerprint: str,
        bad: Any,
        seat: int | None,
        what: str,
        kind: type[GameError] = GameError,
    ) -> None:
        self.report.probes += 1
        try:
            state.apply(bad, seat)
        except kind as exc:
            if not exc.code or not exc.reason:
                self.fail(f"{what}: refused without a code and reason")
        except GameError as exc:
            self.fail(f"{what}: refused with {type(exc).__name__}, expected {kind.__name__}")
        except Exception as exc:  # the harness must see every crash
            self.fail(f"{what}: crashed with {type(exc).__name__}: {exc}")
            return
        else:
            self.fail(f"{what}: {bad!r} for seat {seat} was accepted")
            return
        if state.fingerprint() != fingerprint:
            self.fail(f"{what}: a refused action changed the state")


def _views(state: State) -> dict[str, Any]:
    return {str(seat): state.view(seat) for seat in [None, *range(state.players)]}


def _deep_checks(state: State, check: _Checker, rng: random.Random) -> None:
    fingerprint = state.fingerprint()
    acting = state.acting_seats()
    players = state.players
    # garbage and wrong seats
    seat = acting[0]
    legal = state.legal_actions(seat)
    for bad in _GARBAGE:
        check.expect_refused(state, fingerprint, bad, seat, "garbage input")
    for other in [s for s in range(players) if s not in acting] + [players, -1]:
        check.expect_refused(state, fingerprint, legal[0], other, f"action for seat {other}", NotYourTurnError)
    legal_set = set(legal)
    sample = legal if len(legal) <= 4 else rng.sample(legal, 4)
    for action in sample:
        for bad_action in _mutations(action):
            if bad_action not in legal_set:
                check.expect_refused(state, fingerprint, bad_action, seat, f"mutated action {bad_action}")
    # views: serializable, no secrets, unchanged by determinization
    for viewer in [None, *range(players)]:
        view = state.view(viewer)
        try:
            json.dumps(view)
        except (TypeError, ValueError) as exc:
            check.fail(f"view({viewer}) is not JSON-serializable: {exc}")
            continue
        for secret in state.secrets(viewer):
            normal = json.loads(json.dumps(secret))
            if _contains(view, normal):
                check.fail(f"view({viewer}) holds a secret value")
        twin = state.determinize(viewer, random.Random(rng.getrandbits(32)))
        if twin.view(viewer) != view:
            check.fail(f"view({viewer}) changes under determinization: it shows something hidden from it")
    if state.fingerprint() != fingerprint:
        check.fail("views or determinization changed the state")
    # clones
    twin = state.clone()
    if twin.fingerprint() != fingerprint:
        check.fail("a clone differs from its original")
    twin.apply(legal[rng.randrange(len(legal))], seat)
    if state.fingerprint() != fingerprint:
        check.fail("applying an action to a clone changed the original")


def check_game(
    game: str | type[Game],
    *,
    players: Sequence[int] | None = None,
    options: Sequence[Mapping[str, Any]] | None = None,
    games: int = 100,
    seed: int = 0,
    deep_every: int = 1,
    replay_every: int = 1,
    max_failures: int = 20,
    raise_on_failure: bool = True,
    on_game: Callable[[int], None] | None = None,
) -> ConformanceReport:
    """Play ``games`` seeded random games spread over every seat count and option set.

    Args:
        game: a registered name or a Game class.
        players: seat counts to cover (default: every count the spec allows).
        options: option sets to cover (default: :func:`option_sets`).
        games: games in all, spread round-robin over the (players, options) configurations.
        seed: base seed; game ``k`` uses a seed derived from it.
        deep_every: run the probes, view and clone checks every this many decisions (1: all).
        replay_every: replay the record of every this many games (1: all).
        max_failures: stop collecting failures after this many.
        raise_on_failure: raise ``ConformanceError`` listing the failures.

    Returns:
        The report (``ok`` when nothing failed).
    """
    cls = game_class_named(game) if isinstance(game, str) else game
    counts = list(players) if players is not None else list(range(cls.spec.min_players, cls.spec.max_players + 1))
    sets = [dict(o) for o in options] if options is not None else option_sets(cls)
    configs = list(itertools.product(counts, sets))
    report = ConformanceReport(configurations=[f"{n}p {o}" for n, o in configs])
    for k in range(games):
        n, opts = configs[k % len(configs)]
        game_seed = seed * 1_000_003 + k
        label = f"{cls.spec.name} {n}p {opts} seed={game_seed}"
        check = _Checker(report, label, max_failures)
        try:
            _check_one(cls(n, **opts), game_seed, check, deep_every, k % max(1, replay_every) == 0)
        except Exception as exc:  # a crash is a failure to report, not to hide
            check.fail(f"crashed: {type(exc).__name__}: {exc}")
        report.games += 1
        if on_game:
            on_game(k)
        if len(report.failures) >= max_failures:
            break
    if raise_on_failure and report.failures:
        raise ConformanceError(f"{len(report.failures)} conformance failure(s):\n" + "\n".join(report.failures))
    return report


def _check_take_back(state: State, seat: int, printed: str, legal: list[Action], check: _Checker) -> None:
    """Taking back the staged action ``seat`` just took (on a copy of ``state``) gives back the
    state before it: its fingerprint ``printed`` and its listing ``legal``."""
    twin = state.clone()
    try:
        twin.take_back_staged(seat)
    except GameError as exc:
        check.fail(f"seat {seat} has a staged action yet taking it back was refused: {exc.reason}")
        return
    if twin.fingerprint() != printed or list(twin.legal_actions(seat)) != legal:
        check.fail(f"taking back the staged action of seat {seat} does not give back the state before it")


def _check_one(game: Game, seed: int, check: _Checker, deep_every: int, do_replay: bool) -> None:
    rng = random.Random(seed)
    state = game.new_initial_state(seed)
    trail: list[tuple[str, str]] = []
    if do_replay:
        trail.append((state.fingerprint(), _digest(_views(state))))
    limit = game.spec.max_decisions
    steps = 0
    drafting: int | None = None
    while not state.is_terminal():
        current = state.current_player
        acting = state.acting_seats()
        if current == TERMINAL:
            check.fail("current_player is TERMINAL but is_terminal() is False")
            return
        if not acting:
            check.fail("no seat is to act but the game is not over")
            return
        if current != SIMULTANEOUS and acting != (current,):
            check.fail(f"acting_seats {acting} disagrees with current_player {current}")
        if steps > limit:
            check.fail(f"game ran past its declared maximum of {limit} decisions")
            return
        # a seat that has begun a staged decision finishes it first, as the server and the bots'
        # ``choose_whole`` do: a draft is no position of the record, so none may be pending at one
        seat = drafting if drafting in acting else acting[rng.randrange(len(acting))]
        legal = state.legal_actions(seat)
        if not legal:
            check.fail(f"acting seat {seat} has no legal action")
            return
        if len(set(legal)) != len(legal):
            check.fail(f"legal actions of seat {seat} hold duplicates")
        for action in legal[:8]:
            if Action.from_json(json.loads(json.dumps(action.to_json()))) != action:
                check.fail(f"{action} does not survive its JSON form")
            if Action.parse(str(action)) != action:
                check.fail(f"{action} does not survive its text form")
        deep = steps % deep_every == 0
        if deep:
            _deep_checks(state, check, rng)
        others = [s for s in [None, *range(game.players)] if s != seat]
        before = [state.view(s) for s in others] if deep else []
        known = len(state.history)
        printed = state.fingerprint() if deep else ""
        action = legal[rng.randrange(len(legal))]
        try:
            state.apply(action, seat)
        except GameError as exc:
            check.fail(f"legal action {action} of seat {seat} was refused: {exc.reason}")
            return
        drafting = seat if len(state.history) == known else None
        if deep and drafting is not None and [state.view(s) for s in others] != before:
            check.fail(f"{action} of seat {seat} is staged (the history keeps nothing) yet another seat's view changed")
        if deep and drafting is not None and state.has_staged(seat):
            _check_take_back(state, seat, printed, list(legal), check)
        check.report.decisions += 1
        steps += 1
        if do_replay and len(state.history) == len(trail):
            # the record holds this position (a staged action's is not: the history keeps nothing)
            trail.append((state.fingerprint(), _digest(_views(state))))
    returns = state.returns()
    if len(returns) != game.players or not all(isinstance(r, int | float) for r in returns):
        check.fail(f"returns() gave {returns!r}")
    if state.legal_actions() or any(state.legal_actions(s) for s in range(game.players)):
        check.fail("a finished game still offers legal actions")
    if not do_replay:
        return
    record = Record.from_json(json.loads(json.dumps(state.record().to_json())))
    replayed: list[tuple[str, str]] = []

    def collect(_: int, s: State) -> None:
        replayed.append((s.fingerprint(), _digest(_views(s))))

    try:
        replay(record, game=game, on_step=collect)
    except GameError as exc:
        check.fail(f"the record does not replay: {exc.reason}")
        return
    for i, (want, got) in enumerate(zip(trail, replayed, strict=False)):
        if want[0] != got[0]:
            check.fail(f"replay differs from the game at step {i}")
            return
        if want[1] != got[1]:
            check.fail(f"replayed views differ from the game's at step {i}")
            return
    if len(trail) != len(replayed):
        check.fail("replay has a different length")

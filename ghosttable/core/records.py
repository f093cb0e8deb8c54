"""Records: a game as a versioned JSON document, and its exact replay.

A record holds the game's name and version, the seat count and rule options, the seed and any
scripted chance outcomes, the actions in the order they were accepted (each with its seat; a
staged decision, such as a sealed movement plan, as the one action that stands for it), the
result when the game is over, and a checksum over all of that. :func:`replay` rebuilds every
state exactly and refuses a record that was edited, that names another version of the rules
(unless the game can still play as that version did: ``Game.as_version``), or whose actions the
rules refuse.

Document shape (``format`` 1)::

    {"format": 1, "game": "ghost-stories", "version": "1.0", "players": 4,
     "options": {...}, "seed": 7, "script": {}, "actions": [[seat, {action json}], ...],
     "result": {"outcome": "win", "returns": [...], "score": 12, "final": "<fingerprint>"} | null,
     "local_data": {"house": "<hex>"},
     "checksum": "<hex>"}

``local_data`` is there only when an option names a local file (the Old House's ``house``): a
digest of the data read from each such file (``Game.local_data_digests``), so that a replay
after the file changed says so instead of failing on an action.

A hand-written record may leave out the checksum (``Record.checksummed`` is then false) and
write an action in its text form (``"move tile=4"``) instead of its JSON object.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ghosttable.core.actions import Action, coerce_action
from ghosttable.core.errors import GameError, RecordError
from ghosttable.core.jsonio import NonStandardJSONError, loads_strict

MAX_RECORD_BYTES = 64 * 2**20
"""The largest record file :meth:`Record.load` reads (64 MiB; a long game's record is a few MiB)."""

if TYPE_CHECKING:
    from ghosttable.core.state import Game, State

RECORD_FORMAT = 1


@dataclass
class Record:
    """A whole game, replayable. See the module docstring for the JSON shape."""

    game: str
    version: str
    players: int
    options: dict[str, Any]
    seed: int
    actions: list[tuple[int, Action]]
    script: dict[str, list[Any]] = field(default_factory=dict)
    result: dict[str, Any] | None = None
    #: digests of the data read from files named by options (``Game.local_data_digests``)
    local_data: dict[str, str] = field(default_factory=dict)
    #: whether the document this record was read from carried a checksum, which matched (a record
    #: written by hand may leave it out: it is replayed all the same)
    checksummed: bool = field(default=False, compare=False)

    @classmethod
    def of(cls, state: State) -> Record:
        """The record of ``state``'s game so far.

        For a state whose chance is explicit (:mod:`ghosttable.core.explicit`), the script is every
        chance outcome it gave (:meth:`Chance.drawn`) and the final fingerprint the one its replay
        reaches, so that the record replays as any other."""
        explicit = state.chance.is_explicit
        record = cls(
            game=state.game.spec.name,
            version=state.game.spec.version,
            players=state.players,
            options=dict(state.game.options),
            seed=state.seed,
            actions=list(state.history),
            script=state.chance.drawn() if explicit else {k: list(v) for k, v in state.initial_script.items()},
            result=None,
            local_data=state.game.local_data_digests(),
        )
        if state.is_terminal():
            final = replay(record, game=state.game) if explicit else state
            record.result = {
                "outcome": state.outcome(),
                "returns": state.returns(),
                "score": state.score(),
                "final": final.fingerprint(),
            }
        return record

    def _body(self) -> dict[str, Any]:
        body: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "version": self.version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "script": self.script,
            "actions": [[seat, action.to_json()] for seat, action in self.actions],
            "result": self.result,
        }
        if self.local_data:
            body["local_data"] = self.local_data
        return body

    def to_json(self) -> dict[str, Any]:
        """The JSON document, with its checksum."""
        body = self._body()
        body["checksum"] = _checksum(body)
        return body

    def dumps(self) -> str:
        """The JSON document as text."""
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        """Write the JSON document to ``path``."""
        Path(path).write_text(self.dumps(), encoding="utf-8")

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Read a JSON document (dict or text).

        Raises:
            RecordError: not JSON (or not standard JSON: ``NaN``, ``Infinity``, ``1e999``), a field
                missing or of the wrong type, an unknown format, or a checksum that does not match
                (the record was edited).
        """
        if isinstance(data, str | bytes):
            try:
                data = loads_strict(data)
            except NonStandardJSONError as exc:
                raise RecordError(f"the record is not standard JSON: {exc}") from None
            except ValueError:
                raise RecordError("the record is not valid JSON") from None
            except RecursionError:
                raise RecordError("the record nests JSON too deep to be a record") from None
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if "format" not in data:
            raise RecordError("this is not a game record: it has no 'format' field")
        if data["format"] != RECORD_FORMAT:
            raise RecordError(f"unknown record format {data['format']!r} (expected {RECORD_FORMAT})")
        try:
            game, version, players = data["game"], data["version"], data["players"]
            options, seed, raw_actions = data["options"], data["seed"], data["actions"]
        except KeyError as exc:
            raise RecordError(f"the record has no {exc.args[0]!r} field") from None
        script = data.get("script") or {}
        local_data = data.get("local_data") or {}
        checks = [
            (isinstance(game, str), "game"),
            (isinstance(version, str), "version"),
            (isinstance(players, int) and not isinstance(players, bool), "players"),
            (isinstance(options, dict), "options"),
            (isinstance(seed, int) and not isinstance(seed, bool), "seed"),
            (isinstance(raw_actions, list), "actions"),
            (
                isinstance(script, dict) and all(isinstance(k, str) and isinstance(v, list) for k, v in script.items()),
                "script",
            ),
            (data.get("result") is None or isinstance(data.get("result"), dict), "result"),
            (
                isinstance(local_data, dict)
                and all(isinstance(k, str) and isinstance(v, str) for k, v in local_data.items()),
                "local_data",
            ),
        ]
        for ok, name in checks:
            if not ok:
                raise RecordError(f"the record's {name!r} field has the wrong type")
        actions: list[tuple[int, Action]] = []
        for i, item in enumerate(raw_actions):
            if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], int)):
                raise RecordError(f"action {i} of the record is not [seat, action]")
            try:
                actions.append((item[0], coerce_action(item[1])))
            except GameError as exc:
                raise RecordError(f"action {i} of the record is malformed: {exc.reason}") from None
            except RecursionError:
                raise RecordError(f"action {i} of the record nests its values too deep") from None
        record = cls(game, version, players, options, seed, actions, script, data.get("result"), local_data)
        if "checksum" in data:
            if data["checksum"] != _checksum(record._body()):
                raise RecordError("the record's checksum does not match: it was edited after it was written")
            record.checksummed = True
        return record

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file: a regular file of at most ``MAX_RECORD_BYTES`` (64 MiB), UTF-8 JSON.

        Raises:
            RecordError: a missing or unreadable file, not a regular file (a device, a pipe, a
                folder), too large, not UTF-8, or not a valid record.
        """
        try:
            if not stat.S_ISREG(os.stat(path).st_mode):  # before opening: a named pipe would block
                raise RecordError(f"cannot read {path}: it is not a regular file")
            with Path(path).open("rb") as handle:
                raw = handle.read(MAX_RECORD_BYTES + 1)
        except OSError as exc:
            raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
        if len(raw) > MAX_RECORD_BYTES:
            raise RecordError(f"cannot read {path}: it is larger than {MAX_RECORD_BYTES // 2**20} MiB")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise RecordError(f"cannot read {path}: it is not UTF-8 text") from None
        return cls.from_json(text)


def digest(value: Any) -> str:
    """A digest of a JSON-ready value (of its canonical JSON text), as 32 hex digits: a record's
    checksum, and the digests of ``Game.local_data``."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


def _checksum(body: dict[str, Any]) -> str:
    return digest({k: v for k, v in body.items() if k != "checksum"})


GameLoader = Callable[..., "Game"]
"""``loader(name, players=N, **options) -> Game``: how a record's game is set up by its name."""

_loader: list[GameLoader] = []


def set_game_loader(loader: GameLoader) -> None:
    """Say how :func:`replay` sets up a record's game from its name when no game is given (the
    registry, :mod:`ghosttable.registry`, does so when it is imported: the kernel does not know it)."""
    _loader[:] = [loader]


def game_class_named(name: str) -> type[Game]:
    """The class of the game called ``name``, set up through the game loader (see
    :func:`set_game_loader`). Raises ``UnknownGameError`` for an unknown name, ``RecordError``
    when no loader is set."""
    if not _loader:
        raise RecordError("no game loader is set: import ghosttable")
    return type(_loader[0](name))


def _game_of(record: Record) -> Game:
    if not _loader:
        raise RecordError("no game loader is set: import ghosttable, or pass the record's game")
    try:
        game = _loader[0](record.game, players=record.players, **record.options)
    except GameError as exc:
        raise RecordError(f"the record's game cannot be set up: {exc.reason}") from None
    if game.spec.version != record.version:
        older = game.as_version(record.version)
        if older is None:
            raise RecordError(
                f"the record was made with {record.game} version {record.version}; this is version {game.spec.version}"
            )
        game = older
    digests = game.local_data_digests()
    for name, digest in sorted(record.local_data.items()):
        if digests.get(name) != digest:
            raise RecordError(
                f"the record was made with another {name} than {record.options.get(name)!r} holds now:"
                " the file changed after the game was played"
            )
    return game


def replay_states(record: Record, game: Game | None = None) -> Iterator[State]:
    """Yield the initial state, then the state after each action of ``record``.

    Each yielded state is a fresh clone. Raises ``RecordError`` when an action is refused.
    """
    game = game or _game_of(record)
    state = _set_up(game, record)
    yield state.clone()
    for i, (seat, action) in enumerate(record.actions):
        _apply(state, record, i, seat, action)
        yield state.clone()


def _set_up(game: Game, record: Record) -> State:
    """The record's initial state; a script the game cannot use is the record's fault."""
    try:
        return game.new_initial_state(record.seed, record.script)
    except GameError as exc:
        raise RecordError(f"the record's script does not fit the game: {exc.reason}") from None
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        raise RecordError(f"the record's script does not fit the game ({type(exc).__name__})") from None


def _apply(state: State, record: Record, i: int, seat: int, action: Action) -> None:
    """Apply action ``i`` of ``record``; a refusal (or a scripted outcome the game cannot use,
    met on the way) is a ``RecordError``."""
    try:
        state.apply(action, seat)
    except GameError as exc:
        raise RecordError(f"action {i} ({action}) of seat {seat} is refused: {exc.reason}") from None
    except (TypeError, ValueError, KeyError, IndexError) as exc:
        if not record.script:
            raise
        raise RecordError(f"the record's script does not fit the game at action {i} ({type(exc).__name__})") from None


def replay(
    record: Record | dict[str, Any] | str,
    *,
    game: Game | None = None,
    on_step: Callable[[int, State], None] | None = None,
) -> State:
    """Rebuild the final state of ``record`` and check it against the record's result.

    Args:
        record: a Record, or its JSON document (dict or text).
        game: the game to replay on (default: set up from the record's name and options).
        on_step: called with ``(index, state)`` after each action (index 0 is the initial state).

    Raises:
        RecordError: unreadable, another rules version, an action refused, or a result (outcome,
            returns, score, final fingerprint) that the replay does not reproduce.
    """
    if not isinstance(record, Record):
        record = Record.from_json(record)
    game = game or _game_of(record)
    state = _set_up(game, record)
    if on_step:
        on_step(0, state)
    for i, (seat, action) in enumerate(record.actions):
        _apply(state, record, i, seat, action)
        if on_step:
            on_step(i + 1, state)
    if record.result is not None:
        if not state.is_terminal():
            raise RecordError("the record claims a result but its game is not over")
        expected = Record.of(state).result or {}
        for key in ("outcome", "returns", "score", "final"):
            if key in record.result and record.result[key] != expected.get(key):
                raise RecordError(f"the record's result ({key}) does not match its replay")
    return state

"""The play protocol's messages: reading what a client sends, building what a seat is sent.

Every message to a seat is built by :func:`state_message` from that seat's own view
(``state.view(seat)``), its own decision point, the public seat list and the log as that seat
may read it; nothing else of the state goes out. See ``docs/protocol.md`` for the whole protocol.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

import orjson

from ghosttable.core.actions import Action
from ghosttable.core.jsonio import loads_strict
from ghosttable.core.state import DecisionPoint, State

MAX_MESSAGE_BYTES = 64 * 1024
"""Longest client message accepted (bytes of UTF-8 text)."""

CLIENT_TYPES = ("hello", "act", "undo", "hint", "ping", "resync", "events")


def wire_json(message: Any) -> str:
    """``message`` as the compact JSON text sent on the wire: the same JSON value as
    ``json.dumps(message, separators=(",", ":"))`` (keys that are not strings written as strings,
    text other than ASCII as UTF-8 rather than ``\\u`` escapes), written by orjson; a value orjson
    does not write (an integer past 64 bits, say) is written by :mod:`json` instead."""
    try:
        return orjson.dumps(message).decode()  # keys that are all strings: the common case, and quicker
    except TypeError:  # orjson.JSONEncodeError is a TypeError
        pass
    try:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:
        return json.dumps(message, separators=(",", ":"))


class ProtocolError(Exception):
    """A client message that is refused; sent back as ``{"type": "error", "code", "reason"}``.

    Codes: ``malformed_message``, ``hello_first``, ``bad_token``, ``wrong_seat``, ``spectator``,
    ``stale``, ``unknown_table``, plus the game's own codes (``illegal_action``,
    ``malformed_action``, ``not_your_turn``, ``game_over``).
    """

    def __init__(self, code: str, reason: str, ref: Any = None) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason
        #: the message's ``ref`` when it could be read, echoed back with the error
        self.ref = ref


@dataclass(frozen=True)
class LogEntry:
    """One accepted action, with whether the game made it public when it was taken.

    Attributes:
        index: the action's 0-based position in the record.
        seat: the seat that took it.
        action: the action.
        public: whether every seat may read the action (see :func:`action_is_public`).
        decision: the name of the decision point it answered.
        ai: whether a bot took it.
        public_text: what every seat may read of a secret action as it happens (the game's
            :meth:`ghosttable.core.state.State.public_action_text`, say "plays a move card"), or
            ``None`` when the others learn only that the seat acted.
    """

    index: int
    seat: int
    action: Action
    public: bool
    decision: str
    ai: bool
    public_text: str | None = None

    def for_viewer(self, viewer: int | None, finished: bool, seat_names: Sequence[str]) -> dict[str, Any]:
        """The entry as ``viewer`` may read it: the action's text and JSON only when the action is
        the viewer's own, public, or the game is over; otherwise who acted and the action's public
        text (``public_text``, ``None`` when the game gives none)."""
        shown = finished or self.public or viewer == self.seat
        return {
            "index": self.index,
            "seat": self.seat,
            "seat_name": seat_names[self.seat],
            "ai": self.ai,
            "text": str(self.action) if shown else None,
            "action": self.action.to_json() if shown else None,
            "decision": self.decision if shown else None,
            "public_text": None if shown else self.public_text,
        }


def action_is_public(state: State, seat: int, action: Action) -> bool:
    """Whether ``action`` of ``seat``, about to be applied to ``state``, may be shown to every seat:
    the game's own rule (:meth:`ghosttable.core.state.State.action_is_public`). A seat always reads
    its own actions, and every seat reads every action once the game is over."""
    return state.action_is_public(seat, action)


def decision_json(
    state: State, seat: int | None, decision: DecisionPoint | Literal[False] | None = False
) -> dict[str, Any] | None:
    """The decision point ``seat`` faces: ``{"name", "prompt", "actions": [{"index", "text",
    "action"}]}``, or ``None`` when the seat is not to act (or is a spectator). ``decision``:
    ``state.decision(seat)`` when the caller already has it (``False``: asked here)."""
    if seat is None:
        return None
    if decision is False:
        decision = state.decision(seat)
    if decision is None:
        return None
    return {"name": decision.name, "prompt": decision.prompt, "actions": _listing(decision.actions)}


_LISTINGS: dict[tuple[Action, ...], list[dict[str, Any]]] = {}
"""The JSON listings of the decisions written lately, by their actions (a decision point's
listing reads the same at every table: it is written once, and shared, never to be changed)."""

_LISTINGS_KEPT = 2048


_WRITTEN: dict[int, tuple[Action, str, dict[str, Any]]] = {}
"""The text and JSON form of the actions listed lately, by the action object's identity (the
games list interned actions: one object each; equal actions of other types, ``card=true`` and
``card=1``, are other objects), the action kept with them so that its identity stays its own.
Shared by every listing that holds the action, never to be changed."""

_WRITTEN_KEPT = 8192


def _listing(actions: tuple[Action, ...]) -> list[dict[str, Any]]:
    """``[{"index", "text", "action"}]`` of ``actions``, from :data:`_LISTINGS` when written lately
    (each action's text and JSON from :data:`_WRITTEN`)."""
    listing = _LISTINGS.get(actions)
    if listing is None:
        if len(_LISTINGS) >= _LISTINGS_KEPT:
            _LISTINGS.clear()
        if len(_WRITTEN) >= _WRITTEN_KEPT:
            _WRITTEN.clear()
        listing = []
        for i, a in enumerate(actions):
            written = _WRITTEN.get(id(a))
            if written is None:
                written = _WRITTEN[id(a)] = (a, str(a), a.to_json())
            listing.append({"index": i, "text": written[1], "action": written[2]})
        _LISTINGS[actions] = listing
    return listing


_BY_JSON: dict[tuple[Action, ...], dict[frozenset[tuple[str, type, Any]], Action]] = {}
"""The actions of the decisions listed lately, by their JSON form as :func:`_json_key` reads it."""


def _json_key(data: dict[str, Any]) -> frozenset[tuple[str, type, Any]]:
    """``data``'s entries with each value's type (``true`` is not ``1``); raises ``TypeError``
    for a value that is not hashable (a list)."""
    return frozenset([(k, v.__class__, v) for k, v in data.items()])


def listed_action(actions: tuple[Action, ...], data: Any) -> Action | None:
    """The one of ``actions`` whose JSON form ``data`` is exactly (the same names, and values of
    the same types), or ``None`` (``data`` must then be read as any action is). The action found
    is equal to what :meth:`Action.from_json` reads from ``data``, of the same types."""
    if not isinstance(data, dict):
        return None
    by_json = _BY_JSON.get(actions)
    if by_json is None:
        if len(_BY_JSON) >= _LISTINGS_KEPT:
            _BY_JSON.clear()
        by_json = {}
        for a in actions:
            try:
                by_json[_json_key(a.to_json())] = a
            except TypeError:  # a value that is a list: such an action is read the long way
                continue
        _BY_JSON[actions] = by_json
    try:
        return by_json.get(_json_key(data))
    except TypeError:
        return None


def result_json(state: State) -> dict[str, Any] | None:
    """``{"outcome", "returns", "score", "winners"}`` once the game is over, else ``None``."""
    if not state.is_terminal():
        return None
    return {
        "outcome": state.outcome(),
        "returns": state.returns(),
        "score": state.score(),
        "winners": state.winning_sides(),
    }


def acting_seats_json(state: State, seats: list[dict[str, Any]]) -> tuple[list[int], list[dict[str, Any]]]:
    """The seats to act (none once the game is over) and the public seat list, each seat with
    ``acting`` set."""
    acting = [] if state.is_terminal() else list(state.acting_seats())
    return acting, [dict(s, acting=s["seat"] in acting) for s in seats]


def state_message(
    state: State,
    seat: int | None,
    *,
    table_id: str,
    seats: list[dict[str, Any]],
    log: Sequence[LogEntry],
    log_start: int = 0,
    can_undo: bool = False,
    decision: DecisionPoint | Literal[False] | None = False,
    view: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (``None``: a spectator), built from its view only
    (``decision``: the seat's decision point in ``state`` when the caller has it, see
    :func:`decision_json`; ``view``: ``state.view(seat)`` when the caller has it).

    Shape: ``{"type": "state", "table", "version", "status", "seat", "view", "decision",
    "can_undo", "acting", "seats", "log_start", "log", "result"}``; ``version`` is the count of
    accepted actions; ``can_undo`` whether the seat may take its last action back (``undo``);
    ``log`` holds the log's entries from index ``log_start`` on (the entries before it the seat
    was already sent, and reads as it did: see :func:`merge_log`).
    """
    finished = state.is_terminal()
    names = [s["name"] for s in seats]
    acting, seat_list = acting_seats_json(state, seats)
    return {
        "type": "state",
        "table": table_id,
        "version": len(state.history),
        "status": "finished" if finished else "playing",
        "seat": seat,
        "view": state.view(seat) if view is None else view,
        "decision": decision_json(state, seat, decision),
        "can_undo": can_undo,
        "acting": acting,
        "seats": seat_list,
        "log_start": log_start,
        "log": [entry.for_viewer(seat, finished, names) for entry in log[log_start:]],
        "result": result_json(state),
    }


def events_message(state: State, seat: int | None) -> dict[str, Any]:
    """The ``events`` message for ``seat`` (``None``: a spectator): ``{"type": "events",
    "version", "lines"}``, the game's whole event log as the seat may read it
    (:meth:`~ghosttable.core.state.State.readable_log`; ``null`` for a game that keeps none) at
    ``version``, the count of accepted actions of ``state`` (the state the seat is shown)."""
    return {"type": "events", "version": len(state.history), "lines": state.readable_log(seat)}


def seats_message(state: State, seats: list[dict[str, Any]]) -> dict[str, Any]:
    """The ``seats`` message: ``{"type": "seats", "version", "acting", "seats"}``, sent when a seat
    is claimed, or its player connects or leaves (nothing else of the table changed)."""
    acting, seat_list = acting_seats_json(state, seats)
    return {"type": "seats", "version": len(state.history), "acting": acting, "seats": seat_list}


def merge_log(known: list[dict[str, Any]], message: dict[str, Any]) -> list[dict[str, Any]] | None:
    """A client's whole log once ``message`` (a ``state``) is applied to the entries it already
    holds (``known``): those before the message's ``log_start``, then the message's ``log``.
    ``None`` when the message starts past the end of ``known`` (entries were missed: ask for the
    whole state with ``resync``)."""
    start = int(message.get("log_start", 0))
    if start > len(known):
        return None
    return [*known[:start], *message["log"]]


def error_message(code: str, reason: str, ref: Any = None) -> dict[str, Any]:
    """``{"type": "error", "code", "reason", "ref"}``."""
    return {"type": "error", "code": code, "reason": reason, "ref": ref}


def parse_client_message(raw: str | bytes) -> dict[str, Any]:
    """Read one client message: a JSON object whose ``type`` is ``hello``, ``act``, ``undo`` (take
    my last action back), ``hint`` (suggest an action), ``ping`` or ``resync`` (send me the whole
    state again, the log from its start).

    ``hello`` must carry ``token`` (a string, or null for a spectator); ``act`` must carry
    ``action`` (an action's JSON object or its text form) and ``version`` (an integer), ``undo`` and
    ``hint`` the ``version`` (an integer) they were asked at; both may carry ``seat`` (an integer) and ``ref``
    (echoed back). Raises ``ProtocolError``
    (``malformed_message``) for anything else.
    """
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("malformed_message", "messages must be UTF-8 JSON text") from None
    if len(raw.encode("utf-8")) > MAX_MESSAGE_BYTES:
        raise ProtocolError("malformed_message", f"messages are limited to {MAX_MESSAGE_BYTES} bytes")
    try:
        data = loads_strict(raw)
    except ValueError:
        raise ProtocolError("malformed_message", "a message must be a JSON object (standard JSON)") from None
    except RecursionError:
        raise ProtocolError("malformed_message", "a message must not nest JSON this deep") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed_message", "a message must be a JSON object")
    ref = data.get("ref")

    def refuse(reason: str) -> ProtocolError:
        return ProtocolError("malformed_message", reason, ref)

    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        raise refuse(f"'type' must be one of: {', '.join(CLIENT_TYPES)}")
    if kind == "hello":
        if "token" not in data:
            raise refuse("'hello' needs a 'token': your seat's token, or null to watch")
        token = data["token"]
        if token is not None and not isinstance(token, str):
            raise refuse("'token' must be a string or null")
    elif kind in ("act", "undo", "hint"):
        if kind == "act" and ("action" not in data or not isinstance(data["action"], dict | str)):
            raise refuse("'act' needs an 'action' (an object or its text form)")
        version = data.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise refuse(f"'{kind}' needs the integer 'version' the choice was made at")
        seat = data.get("seat")
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)):
            raise refuse("'seat' must be an integer")
    return data

"""Views: what each seat of The Mystery of the Old House may know, as JSON-ready dicts.

Three audiences: the Phantom (seat 0) sees its own cell, route, Move cards and the public board,
never an untriggered trap's cell; hunters (seats 1..) see the public board and their traps, never
the Phantom's cell or route unless the rules reveal it; a spectator (``None``) sees only the
public board. The log is filtered the same way. The shape is documented on the spec page
(``docs/games/old_house.md``, "Views").
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from ghosttable.games.old_house.data import hunter_cards
from ghosttable.games.old_house.house import DIRECTIONS

if TYPE_CHECKING:
    from ghosttable.games.old_house.rules import OldHouseState

LOG_TAIL = 40
"""How many of the newest log lines a view holds (``log_length`` gives the full count)."""
_AUDIENCES = {
    "spectator": frozenset({"all"}),
    "phantom": frozenset({"all", "phantom"}),
    "hunters": frozenset({"all", "hunters"}),
}
"""The log lines each side reads, by audience."""


@cache
def _titles() -> dict[str, str]:
    """Each hunter's title by name."""
    return {h.name: h.title for h in hunter_cards()}


def phantom_private(state: OldHouseState) -> dict[str, Any]:
    """The Phantom's secrets: ``{"cell", "route": [{"index", "cell"}], "hand": {direction: count},
    "laid": [direction], "last_laid": [direction]}``."""
    names = state.house.cell_names
    return {
        "cell": names[state.phantom_cell],
        "route": [{"index": i, "cell": names[c]} for i, c in enumerate(state.route)],
        "hand": {d: state.hand[i] for i, d in enumerate(DIRECTIONS)},
        "laid": [DIRECTIONS[d] for d in state.laid],
        "last_laid": [DIRECTIONS[d] for d in state.last_laid],
    }


def trap_list(state: OldHouseState) -> list[dict[str, Any]]:
    """The traps on the board as the hunters see them: ``[{"id", "cell", "hunter"}]``."""
    names = state.house.cell_names
    return [{"id": t.id, "cell": names[t.cell], "hunter": t.hunter} for t in state.traps if t.active]


def secrets(state: OldHouseState, seat: int | None) -> list[Any]:
    """The values ``seat``'s view must never hold (``State.secrets``): the Phantom's private record
    (and its route, once it has left its cell) for hunters and spectators, the traps on the board
    for the Phantom and spectators; nothing once the game is over."""
    out: list[Any] = []
    if state.is_terminal():
        return out
    if seat is None or seat >= 1:
        private = phantom_private(state)
        out.append(private)
        if len(state.route) > 1:
            out.append(private["route"])
    if (seat is None or seat == 0) and state.active_traps():
        out.append(trap_list(state))
    return out


def _house_json(state: OldHouseState) -> dict[str, Any]:
    """The house's JSON, built once per game and shared by every view (views are read-only)."""
    cached: dict[str, Any] | None = getattr(state.game, "_house_json", None)
    if cached is None:
        cached = state.house.to_json()
        state.game._house_json = cached  # type: ignore[attr-defined]
    return cached


def _cards_json(state: OldHouseState) -> list[dict[str, Any]]:
    """Each action card's JSON, by ``id - 1``, built once per game and shared by every view
    (views are read-only)."""
    cached: list[dict[str, Any]] | None = getattr(state.game, "_cards_json", None)
    if cached is None:
        cached = [card.to_json() for card in state.game.cards]
        state.game._cards_json = cached  # type: ignore[attr-defined]
    return cached


def _side(seat: int | None) -> str:
    """The audience ``seat`` belongs to: ``"spectator"``, ``"phantom"`` (seat 0) or ``"hunters"``."""
    return "spectator" if seat is None else ("phantom" if seat == 0 else "hunters")


def readable_log(state: OldHouseState, seat: int | None) -> list[str]:
    """Every log line ``seat`` may read, from the start (the view's ``log`` is its newest
    :data:`LOG_TAIL`, ``log_length`` its length)."""
    audiences = _AUDIENCES[_side(seat)]
    return [text for audience, text in state.log if audience in audiences]


def _log_tail(lines: Sequence[tuple[str, str]], audiences: frozenset[str]) -> list[str]:
    """The newest :data:`LOG_TAIL` texts of ``lines`` (``(audience, text)``, oldest first) that
    ``audiences`` read, oldest first: gathered from the newest lines back, a stretch at a time."""
    shown: list[str] = []
    end = len(lines)
    while end > 0 and len(shown) < LOG_TAIL:
        begin = max(0, end - LOG_TAIL)
        shown[:0] = [text for audience, text in lines[begin:end] if audience in audiences]
        end = begin
    return shown[-LOG_TAIL:]


def build_view(state: OldHouseState, seat: int | None, with_belief: bool = True) -> dict[str, Any]:
    """The view of ``seat`` (``None``: a spectator). See the spec page for every field.

    ``with_belief=False`` leaves out ``possible_cells`` (used by the brute-force belief check,
    which must not lean on the tracker it checks)."""
    return _seat_view(state, seat, _public_part(state), with_belief)


def build_views(state: OldHouseState, seats: Sequence[int | None]) -> list[dict[str, Any]]:
    """The views of ``seats``, in order, each as :func:`build_view` builds it; what every seat
    sees alike is built once and shared between them (views are read-only)."""
    public = _public_part(state)
    return [_seat_view(state, seat, public, True) for seat in seats]


def _public_part(state: OldHouseState) -> tuple[dict[str, Any], dict[str, Any]]:
    """The entries of a view that read the same for every seat, as the two runs of entries they
    make in a view: the board up to ``hunter_turn``, then ``winner`` and
    ``wrong_guess_costs_next_turn``."""
    names = state.house.cell_names
    seat_names = state.game.seat_names()
    titles = _titles()
    cards = _cards_json(state)
    phase = state.phase
    over = phase == "over"
    phantom_public: dict[str, Any] = {
        "damage": state.damage,
        "banishment": 7,
        "revealed": state.revealed,
        "cell": names[state.phantom_cell] if (state.revealed or over) else None,
        "hand_size": sum(state.hand),
        "cards_this_turn": state.cards_this_turn,
        "laid_last_turn": len(state.last_laid),
        "action_cards": [cards[c - 1] for c in state.phantom_cards],
        "die": state.die if phase == "phantom" else None,
        "steps_left": state.budget - state.spent if phase == "phantom" else None,
        "opening_turn": state.opening_turn if phase == "phantom" else False,
        "opening_turns_left": state.opening_left if phase == "phantom" and state.opening_turn else 0,
        "round_ending": state.round_ending,
        "horror_left": state.horror_left if phase == "phantom" else 0,
        "named": state.named,
    }
    hunters = [
        {
            "name": h.name,
            "title": titles.get(h.name, h.name),
            "seat": seat_names[h.seat],
            "cell": names[h.cell],
            "cards": [cards[c - 1] for c in h.cards],
            "horrified": h.horrified,
            "loses_next_turn": h.stunned,
            "ability_used": h.ability_used,
            "done": i in state.done and phase == "hunters",
            "active": i == state.active,
        }
        for i, h in enumerate(state.hunters)
    ]
    board: dict[str, Any] = {
        "house": _house_json(state),
        "time": {"round": state.round, "rounds": 7},
        "phase": phase,
        "to_act": [seat_names[s] for s in state.acting_seats()],
        "relics": [{"cell": names[c], "destroyed": d, "damage": 1 if d else 0} for c, d in state.relics.items()],
        "relics_destroyed": sum(state.relics.values()),
        "phantom": phantom_public,
        "hunters": hunters,
        "trails": sorted(names[c] for c in state.trails),
        "pentagrams": [names[c] for c in state.pentagrams],
        "entities": [
            {"id": e.id, "kind": e.kind, "cell": names[e.cell], "relic_turns": e.relic_turns} for e in state.entities
        ],
        "traps_set": sum(1 for t in state.traps if t.active),
        "heroes": None,
        "twilight": None,
        "sharing": None,
        "hunter_turn": None,
    }
    if phase == "heroes":
        by_name = {h.name: h for h in hunter_cards()}
        board["heroes"] = {
            "offered": [by_name[name].to_json() for name in state.heroes_left()],
            "choosing": seat_names[state.hero_seat()],
            "to_choose": state.game.hunter_count - len(state.hunters),
        }
    if phase == "sharing":
        board["sharing"] = {"available": [cards[c - 1] for c in state.available]}
    if phase == "twilight":
        board["twilight"] = {
            "mode": state.twilight_mode,
            "roll": state.twilight_roll,
            "quota": state.quota,
            "available": [cards[c - 1] for c in state.available],
        }
    if state.active is not None:
        board["hunter_turn"] = {
            "hunter": state.hunters[state.active].name,
            "die": state.hunter_die,
            "move_allowance": state.move_budget,
            "moved": state.moved,
            "guessed": state.guessed,
        }
    outcome = {
        "winner": state.winner,
        "wrong_guess_costs_next_turn": state.game.options["wrong-guess"] == "next-turn",
    }
    return board, outcome


def _seat_view(
    state: OldHouseState, seat: int | None, public: tuple[dict[str, Any], dict[str, Any]], with_belief: bool
) -> dict[str, Any]:
    """The view of ``seat``: the ``public`` part (see :func:`_public_part`) with what is the seat's own."""
    names = state.house.cell_names
    side = _side(seat)
    board, outcome = public
    audiences = _AUDIENCES[side]
    view: dict[str, Any] = {
        "game": "old-house",
        "seat": None if seat is None else state.game.seat_names()[seat],
        "side": side,
        **board,
        "possible_cells": sorted(names[c] for c in state.possible_cells(seat)) if with_belief else None,
        **outcome,
        "log": _log_tail(state.log, audiences),
        "log_length": sum(n for audience, n in state.log_counts.items() if audience in audiences),
    }
    if side == "hunters":
        view["traps"] = trap_list(state)
        revealed = state.checked and state.game.options["checks-reveal-route"] and state.phase == "hunters"
        view["checked_route"] = [DIRECTIONS[d] for d in state.last_laid] if revealed else None
    if side == "phantom":
        view["private"] = phantom_private(state)
    return view

"""Shared helpers for the Old House tests: small houses and scripted play."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ghosttable.games.old_house import OldHouse, OldHouseState

HOUSES = Path(__file__).parent / "houses"
SMALL = str(HOUSES / "small.toml")
TINY = str(HOUSES / "tiny.toml")


def new_state(
    players: int = 3,
    hunters: tuple[str, ...] = ("medium", "exorcist"),
    house: str = SMALL,
    seed: int = 0,
    script: dict[str, list[Any]] | None = None,
    **options: Any,
) -> OldHouseState:
    """A new game on ``house`` with the hunters dealt as given and chance scripted."""
    game = OldHouse(players, house=house, **options)
    full = {"hunter_cards": [list(hunters)], **(script or {})}
    return game.new_initial_state(seed, full)


def play(state: OldHouseState, *actions: str, seat: int | None = None) -> None:
    """Apply actions given in text form, each for ``seat`` (default: the one seat to act)."""
    for text in actions:
        acting = state.acting_seats()
        state.apply(text, seat if seat is not None else acting[0])


def twilight(state: OldHouseState, cards: tuple[int, ...] = (10, 11, 12, 13)) -> None:
    """The Phantom takes ``cards`` openly (4 cards)."""
    play(state, "pick_cards", *(f"take_card card={c}" for c in cards))


def cell(state: OldHouseState, name: str) -> int:
    """The cell index called ``name``."""
    return state.house.parse(name)


def kinds(state: OldHouseState, seat: int) -> set[str]:
    """The kinds of the legal actions of ``seat``."""
    return {a.kind for a in state.legal_actions(seat)}

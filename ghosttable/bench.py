"""Speed figures: random playouts of a game beside OpenSpiel's pure-Python tic-tac-toe, and profiles.

Machines differ, so the bench gives a ratio: the game's random-playout decisions per second over
those of OpenSpiel's ``python_tic_tac_toe`` (uniform random moves, the simplest game there is),
measured in the same run, in alternating slices so that a busy machine slows both alike, and
counted in CPU seconds of this process (``time.process_time``): other work on the machine delays
the run but is not counted in it.

OpenSpiel is optional (``pip install 'ghosttable[bench]'``, also in the test extra).
"""

from __future__ import annotations

import cProfile
import io
import pstats
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ghosttable.core.playout import derive_seed, random_playout
from ghosttable.core.state import Game

SLICE_SECONDS = 0.25
"""How long each side runs before the other takes its turn (seconds)."""


class OpenSpielMissing(RuntimeError):
    """OpenSpiel is not installed (``pip install 'ghosttable[bench]'``)."""


@dataclass
class PlayoutCounter:
    """Decisions and finished games of one side of the comparison, and the seconds they took;
    for a game, also the determinizations timed on the way and their seconds."""

    decisions: int = 0
    games: int = 0
    seconds: float = 0.0
    determinizations: int = 0
    determinize_seconds: float = 0.0

    @property
    def determinizations_per_second(self) -> float:
        """Determinizations per second (0 before any was timed)."""
        return self.determinizations / self.determinize_seconds if self.determinize_seconds > 0 else 0.0

    @property
    def per_second(self) -> float:
        """Decisions per second (0 before any time was spent)."""
        return self.decisions / self.seconds if self.seconds > 0 else 0.0


class GamePlayouts:
    """Seeded random playouts of ``game``, resumable slice by slice (game ``k`` is seeded
    ``derive_seed(seed, k)``, its moves by a generator seeded from that)."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.counter = PlayoutCounter()
        self._state = game.new_initial_state(derive_seed(seed, 0))
        self._rng = random.Random(derive_seed(seed, 0, "moves"))
        self._determinize_rng = random.Random(derive_seed(seed, "determinize"))

    def run(self, seconds: float) -> None:
        """Play on for about ``seconds`` (whole decisions, in batches of 64)."""
        counter = self.counter
        started = time.process_time()
        deadline = started + seconds
        spent_elsewhere = 0.0
        while time.process_time() < deadline + spent_elsewhere:
            made = random_playout(self._state, self._rng, max_decisions=64)
            counter.decisions += made
            spent_elsewhere += self._time_determinize()
            if self._state.is_terminal() or made == 0:
                counter.games += 1
                k = counter.games
                self._state = self.game.new_initial_state(derive_seed(self.seed, k))
                self._rng = random.Random(derive_seed(self.seed, k, "moves"))
        counter.seconds += time.process_time() - started - spent_elsewhere

    def _time_determinize(self) -> float:
        """Time one determinization of the current state for its first acting seat (seconds)."""
        state = self._state
        seats = state.acting_seats()
        if not seats:
            return 0.0
        began = time.process_time()
        state.determinize(seats[0], self._determinize_rng)
        spent = time.process_time() - began
        self.counter.determinizations += 1
        self.counter.determinize_seconds += spent
        return spent


class TicTacToePlayouts:
    """Uniformly random playouts of OpenSpiel's ``python_tic_tac_toe``, slice by slice.

    Raises:
        OpenSpielMissing: OpenSpiel cannot be imported.
    """

    def __init__(self, seed: int) -> None:
        try:
            import pyspiel
            from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers python_tic_tac_toe)
        except ImportError:
            raise OpenSpielMissing(
                "OpenSpiel is not installed: pip install 'ghosttable[bench]' (or open_spiel)"
            ) from None
        self._game = pyspiel.load_game("python_tic_tac_toe")
        self._rng = random.Random(seed)
        self.counter = PlayoutCounter()

    def run(self, seconds: float) -> None:
        """Play random games for about ``seconds`` (whole games)."""
        counter = self.counter
        choice = self._rng.choice
        started = time.process_time()
        deadline = started + seconds
        while time.process_time() < deadline:
            state = self._game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
                counter.decisions += 1
            counter.games += 1
        counter.seconds += time.process_time() - started


def against_openspiel(
    games: list[Game], seconds: float, seed: int = 0, *, on_slice: Callable[[], None] | None = None
) -> dict[str, Any]:
    """Random playouts of each of ``games`` beside OpenSpiel's tic-tac-toe, in one run.

    Each game and tic-tac-toe take turns in slices of :data:`SLICE_SECONDS` until each game has
    had about ``seconds``; tic-tac-toe gets as much time as all the games together.

    Returns:
        ``{"openspiel": {"game": "python_tic_tac_toe", "decisions_per_second": ...},
        "games": [{"game", "players", "options", "decisions", "games", "seconds",
        "decisions_per_second", "ratio", "determinizations_per_second"}, ...]}``, ``ratio`` being
        the game's decisions per second over tic-tac-toe's (one determinization, for the seat to
        act, is timed after every 64 decisions, apart from the decisions' time).

    Raises:
        OpenSpielMissing: OpenSpiel cannot be imported.
    """
    ttt = TicTacToePlayouts(seed)
    sides = [GamePlayouts(g, seed) for g in games]
    slices = max(1, round(seconds / SLICE_SECONDS))
    for _ in range(slices):
        for side in sides:
            side.run(SLICE_SECONDS)
            ttt.run(SLICE_SECONDS)
            if on_slice:
                on_slice()
    base = ttt.counter.per_second
    return {
        "openspiel": {"game": "python_tic_tac_toe", "decisions_per_second": base, "games": ttt.counter.games},
        "games": [
            {
                "game": side.game.spec.name,
                "players": side.game.players,
                "options": side.game.options,
                "decisions": side.counter.decisions,
                "games": side.counter.games,
                "seconds": side.counter.seconds,
                "decisions_per_second": side.counter.per_second,
                "ratio": side.counter.per_second / base if base > 0 else None,
                "determinizations_per_second": side.counter.determinizations_per_second,
            }
            for side in sides
        ],
    }


def profiled(work: Callable[[], None], path: Path | None, top: int = 20) -> str:
    """Run ``work`` under cProfile; write the statistics to ``path`` (``pstats`` format, for
    ``python -m pstats`` or snakeviz) when given, and return the ``top`` functions by own time as text."""
    profile = cProfile.Profile()
    profile.enable()
    try:
        work()
    finally:
        profile.disable()
    if path is not None:
        profile.dump_stats(str(path))
    out = io.StringIO()
    pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(top)
    return out.getvalue()

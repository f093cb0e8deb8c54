"""Playing whole games with bots: one game, or many seeded games with summary figures."""

from __future__ import annotations

import hashlib
import math
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ghosttable.core.errors import GameError
from ghosttable.core.state import Game, State

if TYPE_CHECKING:
    from ghosttable.ai.base import Bot


def derive_seed(seed: int, *parts: object) -> int:
    """A 63-bit seed derived from ``seed`` and ``parts`` (stable across runs and machines)."""
    text = repr((seed, *parts)).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") >> 1


def play_game(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    *,
    on_step: Callable[[State], None] | None = None,
) -> State:
    """Play one game to its end, ``bots[seat]`` choosing for each seat.

    Returns the terminal state. Raises ``GameError`` when a bot picks an action the rules refuse,
    or when the game runs past ``spec.max_decisions``.
    """
    from ghosttable.ai.base import observation_for

    state = game.new_initial_state(seed)
    limit = game.spec.max_decisions
    while not state.is_terminal():
        if len(state.history) > limit:
            raise GameError(f"{game.spec.name} ran past its declared maximum of {limit} decisions")
        for seat in state.acting_seats():
            if state.is_terminal() or seat not in state.acting_seats():
                break
            action = bots[seat].choose(observation_for(bots[seat], state, seat))
            state.apply(action, seat)
            if on_step:
                on_step(state)
    return state


@dataclass
class SimulationResult:
    """Figures of a batch of games. ``to_json`` gives the ``simulate --json`` object."""

    game: str
    players: int
    options: dict[str, Any]
    bots: list[str]
    seed: int | None = None
    games: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    side_wins: Counter[str] = field(default_factory=Counter)
    sides: list[str] = field(default_factory=list)
    cooperative: bool = False
    scores: list[float] = field(default_factory=list)
    decisions: int = 0
    seconds: float = 0.0

    def win_rate(self) -> float | dict[str, float]:
        """The team's win rate (cooperative game), or one rate per side."""
        if not self.games:
            return 0.0 if self.cooperative else {s: 0.0 for s in self.sides}
        if self.cooperative:
            return self.side_wins["team"] / self.games
        return {s: self.side_wins[s] / self.games for s in self.sides}

    def win_interval(self) -> tuple[float, float] | dict[str, tuple[float, float]]:
        """The 95 % Wilson score interval of :meth:`win_rate` (the team's, or one per side), as
        ``(low, high)`` fractions: what the rate may be, given this many games."""
        if self.cooperative:
            return _wilson(self.side_wins["team"], self.games)
        return {s: _wilson(self.side_wins[s], self.games) for s in self.sides}

    def score_error(self) -> float | None:
        """The standard error of the mean score (its sample standard deviation over the square
        root of the number of scored games), ``None`` with fewer than 2 scores. The mean is
        within about twice this of its true value 95 times in 100."""
        if len(self.scores) < 2:
            return None
        return statistics.stdev(self.scores) / math.sqrt(len(self.scores))

    def to_json(self) -> dict[str, Any]:
        """``game, players, options, bots, seed (the base seed: the same command with it plays the
        same games), games, outcomes, win_rate, win_interval (95 %, as
        [low, high]), mean_score, score_error (standard error of the mean), decisions,
        decisions_per_second, seconds``."""
        return {
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "bots": self.bots,
            "seed": self.seed,
            "games": self.games,
            "outcomes": dict(sorted(self.outcomes.items())),
            "win_rate": self.win_rate(),
            "win_interval": _as_lists(self.win_interval()),
            "mean_score": (sum(self.scores) / len(self.scores)) if self.scores else None,
            "score_error": self.score_error(),
            "decisions": self.decisions,
            "decisions_per_second": (self.decisions / self.seconds) if self.seconds > 0 else None,
            "seconds": self.seconds,
        }


def _wilson(wins: int, games: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of ``wins`` in ``games`` (``(0, 1)`` for no games): unlike
    the plain normal interval it stays inside [0, 1] and is not empty at 0 or ``games`` wins."""
    if games <= 0:
        return (0.0, 1.0)
    z = statistics.NormalDist().inv_cdf(0.975)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == games else min(1.0, centre + half)
    return (low, high)


def _as_lists(interval: tuple[float, float] | dict[str, tuple[float, float]]) -> list[float] | dict[str, list[float]]:
    if isinstance(interval, dict):
        return {k: list(v) for k, v in interval.items()}
    return list(interval)


def simulate(
    game: Game,
    bot_names: Sequence[str],
    games: int,
    seed: int,
    *,
    records_dir: Path | None = None,
    on_game: Callable[[int, State], None] | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games, seat ``i`` played by the bot ``bot_names[i]``.

    Game ``k`` uses the seed ``derive_seed(seed, k)``; each bot is seeded from it too, so the
    batch is reproducible. Records are written to ``records_dir/game-<k>.json`` when given.
    """
    from ghosttable.ai.base import make_bot

    if len(bot_names) != game.players:
        raise GameError(f"{len(bot_names)} bots for {game.players} seats")
    result = SimulationResult(
        game=game.spec.name,
        players=game.players,
        options=dict(game.options),
        bots=list(bot_names),
        seed=seed,
        sides=list(game.sides()),
        cooperative=game.spec.cooperative,
    )
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    for k in range(games):
        game_seed = derive_seed(seed, k)
        bots = [
            make_bot(game, name, seat, derive_seed(game_seed, "bot", seat), measurement=True)
            for seat, name in enumerate(bot_names)
        ]
        state = play_game(game, bots, game_seed)
        result.games += 1
        result.decisions += len(state.history)
        result.outcomes[state.outcome()] += 1
        for side in state.winning_sides():
            result.side_wins[side] += 1
        score = state.score()
        if score is not None:
            result.scores.append(score)
        if records_dir is not None:
            state.record().save(records_dir / f"game-{k:05d}.json")
        if on_game:
            on_game(k, state)
    result.seconds = time.perf_counter() - started
    return result

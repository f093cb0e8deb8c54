"""Playing whole games with bots: one game, or many seeded games with summary figures."""

from __future__ import annotations

import math
import statistics
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ghosttable.core.errors import GameError
from ghosttable.core.playout import derive_seed
from ghosttable.core.state import Game, State

if TYPE_CHECKING:
    from ghosttable.ai.base import Bot


@dataclass
class DecisionTimes:
    """The time the bots spent choosing, seat by seat: ``counts[seat]`` decisions asked (forced
    ones included), ``totals[seat]`` and ``longest[seat]`` seconds of wall-clock time in the bot's
    ``choose``. The lists grow to the highest seat added; a seat never asked has count 0.

    Merging two (:meth:`merge`) adds counts and totals and keeps the longer of the longest, so the
    mean of merged parts is weighted by their decision counts: batches played apart (on Ray
    workers) give the figures one batch would, up to the machines' speeds.
    """

    counts: list[int] = field(default_factory=list)
    totals: list[float] = field(default_factory=list)
    longest: list[float] = field(default_factory=list)

    def _grow(self, seats: int) -> None:
        while len(self.counts) < seats:
            self.counts.append(0)
            self.totals.append(0.0)
            self.longest.append(0.0)

    def add(self, seat: int, seconds: float) -> None:
        """Count one decision of ``seat`` that took ``seconds``."""
        self._grow(seat + 1)
        self.counts[seat] += 1
        self.totals[seat] += seconds
        self.longest[seat] = max(self.longest[seat], seconds)

    def merge(self, other: DecisionTimes) -> None:
        """Add ``other``'s decisions to these (counts and totals added, longest the larger)."""
        self._grow(len(other.counts))
        for seat, count in enumerate(other.counts):
            self.counts[seat] += count
            self.totals[seat] += other.totals[seat]
            self.longest[seat] = max(self.longest[seat], other.longest[seat])

    def to_json(self, seats: int) -> dict[str, list[float | None]]:
        """``{"mean": [...], "max": [...]}``: seconds per decision, one number per seat of
        ``seats`` (``None`` for a seat that was never asked)."""
        asked = [s for s in range(seats) if s < len(self.counts) and self.counts[s]]
        return {
            "mean": [self.totals[s] / self.counts[s] if s in asked else None for s in range(seats)],
            "max": [self.longest[s] if s in asked else None for s in range(seats)],
        }


def play_game(
    game: Game,
    bots: Sequence[Bot],
    seed: int,
    *,
    on_step: Callable[[State], None] | None = None,
    times: DecisionTimes | None = None,
) -> State:
    """Play one game to its end, ``bots[seat]`` choosing for each seat.

    Returns the terminal state. With ``times``, the wall-clock time of every ``choose`` call is
    added to it under the seat that was asked. Raises ``GameError`` when a bot picks an action the
    rules refuse, or when the game runs past ``spec.max_decisions``.
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
            obs = observation_for(bots[seat], state, seat)
            if times is None:
                action = bots[seat].choose(obs)
            else:
                asked = time.perf_counter()
                action = bots[seat].choose(obs)
                times.add(seat, time.perf_counter() - asked)
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
    decision_times: DecisionTimes = field(default_factory=DecisionTimes)

    def merge(self, other: SimulationResult) -> None:
        """Add the games of ``other`` (the same game, bots and base seed; the games after these
        ones) to these figures: counts added, scores appended in order, decision times merged.
        ``seconds`` is left alone (the caller times the whole batch)."""
        self.games += other.games
        self.outcomes.update(other.outcomes)
        self.side_wins.update(other.side_wins)
        self.scores.extend(other.scores)
        self.decisions += other.decisions
        self.decision_times.merge(other.decision_times)

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
        decisions_per_second, seconds, seconds_per_decision``.

        ``seconds`` is the wall-clock time the games took (on Ray workers, from the first game
        sent to the last one back: starting Ray is not counted). ``seconds_per_decision`` is
        ``{"mean": [...], "max": [...]}``, one number per seat: the seconds that seat's bot spent
        in ``choose`` per decision it was asked (forced ones included), on average and at most
        (``None`` for a seat never asked). Every other figure depends only on the game, the bots,
        the base seed and the number of games, never on how many workers played them."""
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
            "seconds_per_decision": self.decision_times.to_json(self.players),
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


def new_result(game: Game, bot_names: Sequence[str], seed: int) -> SimulationResult:
    """The figures of no game yet of a batch of ``game`` between ``bot_names`` from base ``seed``.

    Raises ``GameError`` when there is not one bot name per seat."""
    if len(bot_names) != game.players:
        raise GameError(f"{len(bot_names)} bots for {game.players} seats")
    return SimulationResult(
        game=game.spec.name,
        players=game.players,
        options=dict(game.options),
        bots=list(bot_names),
        seed=seed,
        sides=list(game.sides()),
        cooperative=game.spec.cooperative,
    )


def play_batch(
    game: Game,
    bot_names: Sequence[str],
    seed: int,
    numbers: range,
    *,
    on_game: Callable[[int, State], None] | None = None,
) -> SimulationResult:
    """Play games number ``numbers`` (say ``range(200, 300)``) of the batch from base ``seed``, in
    order, and give their figures; ``on_game(k, state)`` is called after game ``k`` with its final
    state. Game ``k`` uses the seed ``derive_seed(seed, k)`` and so do its bots, whoever plays it:
    the parts of a batch played apart and merged in order (:meth:`SimulationResult.merge`) give the
    figures of the whole batch played at once. ``seconds`` is left 0.

    Raises ``GameError`` as :func:`play_game` does, or for a bot name count that is not the seat count.
    """
    from ghosttable.ai.base import make_bot

    result = new_result(game, bot_names, seed)
    for k in numbers:
        game_seed = derive_seed(seed, k)
        bots = [
            make_bot(game, name, seat, derive_seed(game_seed, "bot", seat), measurement=True)
            for seat, name in enumerate(bot_names)
        ]
        state = play_game(game, bots, game_seed, times=result.decision_times)
        result.games += 1
        result.decisions += len(state.history)
        result.outcomes[state.outcome()] += 1
        for side in state.winning_sides():
            result.side_wins[side] += 1
        score = state.score()
        if score is not None:
            result.scores.append(score)
        if on_game:
            on_game(k, state)
    return result


def record_path(records_dir: Path, k: int) -> Path:
    """Where game ``k``'s record is written: ``records_dir/game-<k>.json`` (``k`` on 5 digits or more)."""
    return records_dir / f"game-{k:05d}.json"


def simulate(
    game: Game,
    bot_names: Sequence[str],
    games: int,
    seed: int,
    *,
    records_dir: Path | None = None,
    on_game: Callable[[int, State], None] | None = None,
) -> SimulationResult:
    """Play ``games`` seeded games in this process, seat ``i`` played by the bot ``bot_names[i]``.

    Game ``k`` uses the seed ``derive_seed(seed, k)``; each bot is seeded from it too, so the
    batch is reproducible. Records are written to ``records_dir/game-<k>.json`` when given.
    ``ghosttable.distributed`` plays the same batch on Ray workers, with the same figures.
    """
    result = new_result(game, bot_names, seed)  # refuses a wrong bot count before any folder is made
    if records_dir is not None:
        records_dir.mkdir(parents=True, exist_ok=True)

    def each(k: int, state: State) -> None:
        if records_dir is not None:
            state.record().save(record_path(records_dir, k))
        if on_game:
            on_game(k, state)

    started = time.perf_counter()
    result.merge(play_batch(game, bot_names, seed, range(games), on_game=each))
    result.seconds = time.perf_counter() - started
    return result

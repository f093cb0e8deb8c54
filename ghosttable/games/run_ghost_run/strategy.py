"""Bots for Run, Ghost, Run!: the ``heuristic`` player.

It reads only what its seat may know (its view, its legal actions, and determinized states whose
unknowns are resampled). The ideas (issue "heuristic"):

- hide ghosts where the fewest of the likely doors see them: the keyhole must change side, so the
  likely doors are the 18 of the other three sides (the 6 of the same side after "Knock, Knock,
  Knock"; only the Crystal Ball's number when it has been rolled);
- push big ghosts when the risk is low: a ghost's worth is its points if it stays plus its progress
  toward the exit, weighted by the chance no likely door sees it; each step of the plan is the one
  that adds the most worth, until no step adds anything;
- pick the keyhole's side that sends back most rival points (minus its own), averaged over the six
  doors the die may give.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.board import EXITED, HALL, Board, Ghost
from ghosttable.games.run_ghost_run.data import NEXT_SIZE, game_data
from ghosttable.games.run_ghost_run.geometry import Scene
from ghosttable.games.run_ghost_run.hall import Space, parse_space

if TYPE_CHECKING:
    from ghosttable.ai.base import Observation
    from ghosttable.core import Action, Game
    from ghosttable.games.run_ghost_run.rules import RunGhostRunState

PROGRESS_WEIGHT = 0.6
"""How much of a ghost's exit points its progress across the hall is worth."""


class Exposure:
    """How many of a set of doors would see a ghost of a given size at a given space and place."""

    def __init__(self, board: Board, doors: list[tuple[str, int]], lying: bool) -> None:
        self.board = board
        self.layout = board.layout()
        self.scene: Scene = self.layout.scene()
        self.doors = list(doors)
        self.eyes = [hall.eye(s, d) for s, d in doors]
        self.lying = lying
        self.cover = self.layout.cover
        self.cache: dict[tuple[Space, str, str], float] = {}

    def risk(self, space: Space, place: str, size: str) -> float:
        """The fraction of the doors that see such a ghost (0.0 inside a piece)."""
        key = (space, place, size)
        hit = self.cache.get(key)
        if hit is not None:
            return hit
        if place == "inside" or not self.eyes:
            self.cache[key] = 0.0
            return 0.0
        shared = ("risk", self.lying, space, place, size, *self.doors)
        known = self.layout.memo.get(shared)
        if known is not None:
            self.cache[key] = known
            return float(known)
        # the layout's sight test answers as geometry.sees does, once per door, space, size and place
        sight, on, lying = self.layout.sight, place == "on", self.lying
        seen = sum(1 for side, door in self.doors if sight(side, door, space, size, on, False, lying) is not None)
        value = seen / len(self.eyes)
        self.cache[key] = self.layout.memo[shared] = value
        return value


def ghost_worth(state: RunGhostRunState, g: Ghost, risk: float) -> float:
    """What a ghost is worth to its owner: exited points, or (points in the hall + progress) x the
    chance it is not seen."""
    sd = game_data().sizes[g.size]
    if g.where == EXITED:
        return float(sd.exit_points)
    if g.where != HALL or g.space is None:
        return 0.0
    start = state.start_side[g.owner]
    progress = (hall.distance_from_side(start, g.space) + 1) / (hall.ROWS + 1)
    return (1.0 - risk) * (sd.hall_points + PROGRESS_WEIGHT * sd.exit_points * progress)


def likely_doors(state: RunGhostRunState) -> list[tuple[str, int]]:
    """The doors the keyhole may look through at the end of this turn."""
    side = state.keyhole[0]
    sides = [side] if state.midnight == "knock_knock" else [s for s in hall.SIDES if s != side]
    numbers = [state.crystal] if state.crystal is not None else list(range(1, 7))
    return [(s, d) for s in sides for d in numbers]


class HeuristicBot:
    """The heuristic player (see the module docstring)."""

    name = "heuristic"

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        self.game = game
        self.seat = seat
        self.rng = random.Random(seed)
        self.plan: list[Action] = []
        self.plan_key: tuple[int, int] = (-1, -1)

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions()``. Raises ``ValueError`` when there is none."""
        legal = obs.legal_actions()
        if not legal:
            raise ValueError(f"seat {obs.seat} has no legal action")
        kinds = {a.kind for a in legal}
        if "step" in kinds or kinds == {"done"}:
            return self._plan_step(obs, legal)
        if "keyhole" in kinds:
            return self._keyhole(obs, legal)
        if "grasp" in kinds:
            return next(a for a in legal if a.kind == "pass")
        if "place" in kinds:
            return legal[0]
        if "grow" in kinds:
            return self._grow(obs, legal)
        return legal[0]

    # ----- movement --------------------------------------------------------------------------------

    def _plan_step(self, obs: Observation, legal: list[Action]) -> Action:
        state = self._state(obs)
        key = (state.turn, len(state.plans[self.seat]))
        if self.plan_key != key or not self.plan or self.plan[0] not in legal:
            self.plan = self._make_plan(state)
        self.plan_key = (key[0], key[1] + 1)
        action = self.plan.pop(0)
        return action if action in legal else next(a for a in legal if a.kind == "done")

    def _state(self, obs: Observation) -> RunGhostRunState:
        twin = obs.determinize(random.Random(self.rng.getrandbits(32)))
        return twin  # type: ignore[return-value]

    def _make_plan(self, state: RunGhostRunState) -> list[Action]:
        from ghosttable.core import Action

        seat = self.seat
        exposure = Exposure(state.board, likely_doors(state), state.lying)
        chosen: list[Action] = []
        for _ in range(8):
            board, _, _, left = state._tentative(seat)
            if left <= 0:
                break
            best: tuple[float, int, Action] | None = None
            for act in state._plan_actions(seat):
                if act.kind != "step":
                    continue
                gain = self._gain(state, board, act, exposure)
                cost = int(act["cost"])  # type: ignore[arg-type]
                key = (gain, -cost)
                if best is None or key > (best[0], best[1]):
                    best = (gain, -cost, act)
            if best is None or best[0] <= 0.01:
                break
            chosen.append(best[2])
            state.plans[seat].append(best[2])
        chosen.append(Action.make("done"))
        return chosen

    def _gain(self, state: RunGhostRunState, board: Board, act: Action, exposure: Exposure) -> float:
        g = board.ghosts[str(act["ghost"])]
        before = self._worth(state, g, exposure)
        size = g.size
        dest = str(act["to"])
        if dest == "exit":
            after = float(game_data().sizes[size].exit_points)
            return after - before
        k = hall.NAME_INDEX.get(dest)
        sp = hall.SPACES[k] if k is not None else parse_space(dest)
        place = str(act["place"])
        merge = act.get("merge")
        if merge is not None:
            t = board.ghosts[str(merge)]
            result = "medium" if g.size == t.size else "large"
            probe = Ghost("probe", g.owner, result, HALL, sp, place)
            lost = self._worth(state, t, exposure)
            return self._worth(state, probe, exposure) - lost - before
        probe = Ghost("probe", g.owner, size, HALL, sp, place)
        return self._worth(state, probe, exposure) - before

    def _worth(self, state: RunGhostRunState, g: Ghost, exposure: Exposure) -> float:
        risk = exposure.risk(g.space, g.place, g.size) if g.where == HALL and g.space is not None else 0.0
        return ghost_worth(state, g, risk)

    # ----- keyhole and Midnight Strikes ----------------------------------------------------------------

    def _keyhole(self, obs: Observation, legal: list[Action]) -> Action:
        state = self._state(obs)
        board = state.board
        best: tuple[float, int] | None = None
        pick = legal[0]
        numbers = [state.crystal] if state.crystal is not None else list(range(1, 7))
        for i, act in enumerate(legal):
            side = str(act["side"])
            total = 0.0
            for door in numbers:
                for gid in board.seen_from(side, door, state.lying):
                    g = board.ghosts[gid]
                    worth = ghost_worth(state, g, 0.0)
                    total += -worth if g.owner == self.seat else worth
            score = (total / len(numbers), -i)
            if best is None or score > best:
                best = score
                pick = act
        return pick

    def _grow(self, obs: Observation, legal: list[Action]) -> Action:
        state = self._state(obs)
        exposure = Exposure(state.board, likely_doors(state), state.lying)
        best = legal[0]
        low = 2.0
        for act in legal:
            g = state.board.ghosts[str(act["ghost"])]
            if g.space is None:
                continue
            risk = exposure.risk(g.space, g.place, NEXT_SIZE[g.size])
            if risk < low:
                low = risk
                best = act
        return best

"""The ``expert`` team bot: the ``heuristic`` bot with a search layer on its moves.

At each move step of a living Taoist it takes the heuristic's best few destinations, and for each
plays a few short rollouts on determinizations of the table (the heuristic playing every seat
for one round, four turns), then moves where the mean evaluation is best. The evaluation counts
a defeat or a victory first, then haunted tiles, Qi, dead Taoists, the threat of the ghosts left
(the heuristic's measure), Tao tokens, Yin-Yang tokens and Buddhas. Every other decision is the
heuristic's. Deterministic given its seed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from ghosttable.ai.base import Observation
from ghosttable.core import Action, Game
from ghosttable.games.ghost_stories.strategy import HeuristicBot

if TYPE_CHECKING:
    from ghosttable.games.ghost_stories.rules import GhostStoriesState


class ExpertBot(HeuristicBot):
    """Heuristic bot whose moves are chosen by short determinized rollouts (module docstring)."""

    name = "expert"
    #: candidates tried, rollouts per candidate, turns per rollout
    search: ClassVar[dict[str, int]] = {"candidates": 3, "rollouts": 3, "turns": 4}

    def __init__(self, game: Game, seat: int, seed: int) -> None:
        super().__init__(game, seat, seed)
        self.players = game.players

    def choose(self, obs: Observation) -> Action:
        """One of ``obs.legal_actions()``: searched at a move step, by priority rules otherwise."""
        legal = obs.legal_actions()
        if len(legal) == 1:
            return legal[0]
        state = obs.determinize(self.rng)
        if not hasattr(state, "space_card"):
            return legal[0]
        st: GhostStoriesState = state  # type: ignore[assignment]
        if st.pending is not None or st.phase != "yang_move":
            return self.decide(st, legal)
        plain = self.decide(st, legal)
        if plain.kind not in ("move", "stay"):
            return plain
        options = [a for _, a in self.move_options(st, legal)][: self.search["candidates"]]
        if len(options) < 2:
            return plain
        best, best_value = plain, float("-inf")
        for action in options:
            total = 0.0
            for _ in range(self.search["rollouts"]):
                total += self.rollout(obs, action)
            if total > best_value:
                best, best_value = action, total
        return best

    def rollout(self, obs: Observation, first: Action) -> float:
        """The evaluation after ``first`` and one round of heuristic play on a determinization."""
        sim: GhostStoriesState = obs.determinize(self.rng)  # type: ignore[assignment]
        sim.apply(first, self.seat)
        bots = [HeuristicBot(sim.game, seat, self.rng.getrandbits(32)) for seat in range(self.players)]
        stop = sim.turn + self.search["turns"]
        while not sim.is_terminal() and sim.turn < stop:
            seat = sim.current_player
            sim.apply(bots[seat].decide(sim, sim.legal_actions()), seat)
        return self.evaluate(sim)

    def evaluate(self, st: GhostStoriesState) -> float:
        """A table's worth for the team, in rough Qi units (a defeat far below anything else)."""
        if st.result == "loss":
            return -1000.0 + st.turn
        if st.result == "win":
            return 1000.0
        living = st.living()
        value = 3.0 * sum(st.qi[b] for b in living) - 12.0 * (st.players_count - len(living))
        haunted = sum(st.haunted)
        value -= 8.0 * haunted + (20.0 if haunted >= st.haunted_limit() - 1 else 0.0)
        value -= 0.8 * sum(self.threat(st, s) for s in st.ghosts_in_play())
        value += sum(0.8 * sum(st.tokens[b]) + 3.0 * st.yin_yang[b] for b in living)
        value += 2.5 * (sum(st.buddhas) + sum(st.fresh_buddhas) + sum(st.buddha_on))
        return value


__all__ = ["ExpertBot"]

"""Steps of a game whose chance outcomes the caller chooses, one chance node at a time.

Chance is drawn inside :meth:`State.apply` (and inside the setup) through the state's
:class:`~ghosttable.core.chance.Chance`. Frameworks with explicit chance nodes (OpenSpiel's
explicit-stochastic games, exact expectimax, a person rolling real dice) need instead to stop at
each event, see its outcomes with their exact probabilities, and pick one. A :class:`Step` does
that for any game, knowing nothing of it:

1. ``Step(game)`` (the setup) or ``Step(game, before=state, moves=((seat, action), ...))``;
2. :meth:`Step.run` carries it out on a fresh copy whose chance is explicit and takes the outcome
   ids chosen so far; it returns the state after the step, or the next
   :class:`~ghosttable.core.chance.ChanceEvent` (the chance node) when an event's outcome is not
   chosen yet;
3. :meth:`Step.choose` gives the same step with one more outcome id chosen; run it again.

What a chance node means is told in :mod:`ghosttable.core.chance`: a roll is one node ("which face
comes up"), a shuffle of ``n`` items ``n`` successive draws ("which of the remaining items comes
next", each with probability 1/remaining), a sample of ``k`` items the first ``k`` such draws; a node
with one outcome only is never shown. The state a step returns keeps an explicit chance with no
outcome chosen, so the chance of every later step is explicit too; ``state.chance.drawn()`` holds
every outcome it gave, in the form a record's script takes, so ``state.record()`` replays exactly.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from ghosttable.core.actions import Action
from ghosttable.core.chance import ChanceEvent, ChanceNeeded, ChanceScriptError, ExplicitOutcomes
from ghosttable.core.state import Game, State

Move = tuple[int, Action]
"""One seat's action: ``(seat, action)``."""


@dataclass(frozen=True)
class Step:
    """The setup of a game (``before`` is ``None``), or ``moves`` carried out in order from
    ``before``, with the outcome ids ``chosen`` so far for its chance nodes.

    Attributes:
        game: the game (for the setup).
        before: the state the moves start from (left unchanged), or ``None`` for the setup.
        moves: the ``(seat, action)`` pairs, each applied with :meth:`State.apply` (so checked).
        chosen: outcome ids (see :class:`~ghosttable.core.chance.ChanceOutcome`) for the step's
            chance nodes, in the order they come.
    """

    game: Game
    before: State | None = None
    moves: tuple[Move, ...] = ()
    chosen: tuple[int, ...] = ()

    def run(self) -> State | ChanceEvent:
        """The state after the step, or the first chance node whose outcome is not chosen.

        Raises:
            GameError: a move is refused (``before`` is unchanged).
            ChanceScriptError: a chosen id is not an outcome of its node, or more ids are chosen
                than the step has chance nodes.
        """
        try:
            if self.before is None:
                state = self.game.new_initial_state(0, ExplicitOutcomes(self.chosen))
            else:
                state = self.before.clone()
                state.chance.explicit(self.chosen)
                for seat, action in self.moves:
                    state.apply(action, seat)
        except ChanceNeeded as need:
            return need.event
        left = state.chance.unused_choices()
        if left:
            raise ChanceScriptError(f"{left} chosen chance outcome(s) left over: the step has fewer chance nodes")
        return state

    def choose(self, outcome_id: int) -> Step:
        """This step with ``outcome_id`` chosen for its next chance node."""
        return replace(self, chosen=(*self.chosen, outcome_id))


def sample_outcome(event: ChanceEvent, rng: random.Random) -> int:
    """An outcome id of ``event`` drawn with its exact probabilities."""
    whole = math.lcm(*(o.probability.denominator for o in event.outcomes))
    point = rng.randrange(whole)
    acc = 0
    for out in event.outcomes:
        acc += out.probability.numerator * (whole // out.probability.denominator)
        if point < acc:
            return out.id
    raise ChanceScriptError(f"the probabilities of this {event.kind} node do not sum to 1")


def resolve(step: Step, rng: random.Random) -> tuple[State, list[ChanceEvent], tuple[int, ...]]:
    """Carry out ``step`` to its end, each chance node's outcome drawn with ``rng`` at its exact
    probabilities: the state after it, the chance nodes met in order, and the ids chosen."""
    met: list[ChanceEvent] = []
    while True:
        got = step.run()
        if isinstance(got, State):
            return got, met, step.chosen
        met.append(got)
        step = step.choose(sample_outcome(got, rng))

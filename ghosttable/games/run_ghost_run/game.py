"""Run, Ghost, Run! as a kernel ``Game``: the spec and rule options, and what ties the rules to the
views, the bots and the terminal rendering.

The rules (:mod:`~ghosttable.games.run_ghost_run.rules`) know nothing of the views, the bots or the
rendering; this module is the one place that imports them all. A state's ``view`` asks its game
for :meth:`RunGhostRun.state_view`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, cast

from ghosttable.core import Game, GameSpec, RuleOption, State
from ghosttable.games.run_ghost_run.data import game_data
from ghosttable.games.run_ghost_run.rules import VERSION, RunGhostRunState
from ghosttable.games.run_ghost_run.strategy import HeuristicBot
from ghosttable.games.run_ghost_run.views import build_view

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ghosttable.ai.advisor import AdvisorFactory, Suggester
    from ghosttable.ai.base import BotFactory
    from ghosttable.ai.hooks import SearchHooks


class RunGhostRun(Game):
    """Run, Ghost, Run! for 2 to 4 players (seed; reference part 2).

    Options:
        merging: the "Ghost Merging" rule (seed, "Once You Master the Game").
        midnight: the Midnight Strikes cards (seed, "Midnight Strikes Cards").
        layout: the furniture's starting layout, ``balanced`` (rules 3.0) or ``classic`` (rules
            1.0 and 2.0), as ``data/furniture.toml`` names them.
    """

    spec = GameSpec(
        name="run-ghost-run",
        title="Run, Ghost, Run!",
        min_players=2,
        max_players=4,
        default_players=4,
        dynamics="simultaneous",
        chance=True,
        hidden_information=True,
        cooperative=False,
        version=VERSION,
        max_decisions=5 * (4 * 12 + 4 * 4 + 4),
        options=(
            RuleOption(
                "merging",
                False,
                "Ghost Merging: ghosts leave as small ones and grow by merging.",
                source="seed: Ghost Merging",
            ),
            RuleOption(
                "midnight",
                False,
                "Midnight Strikes: from turn 2 the die holder draws a card whose effect applies at once.",
                source="seed: Midnight Strikes Cards",
            ),
            RuleOption(
                "layout",
                game_data().default_layout,
                "The furniture's starting layout: balanced (every seat's chances alike) or classic (rules 2.0).",
                choices=tuple(game_data().layouts),
                source="reference part 2: the hall as the game starts; spec page: Seat balance",
            ),
        ),
        secrets="another seat's movement plan until the reveal; the order of the Movement and Midnight Strikes piles",
    )

    tells_reveal: ClassVar[bool] = True
    """Whether the log tells the reveal's steps and the roll-off's dice (see :meth:`as_version`)."""

    seals_plans: ClassVar[bool] = True
    """Whether a movement plan is staged and goes into the history as one ``seal`` action (rules
    2.0 on); 1.0 kept every ``step`` and the ``done`` as its own action."""

    tips_onto_side: ClassVar[bool] = True
    """Whether ``tipped`` lays a piece onto its side (rules 2.0 on); 1.0 laid it onto its back
    (``data.TIPPED_ON_BACK``)."""

    midnight_as_written: ClassVar[bool] = True
    """Whether I'm Dizzy, Tag, You're It, Dance Floor and I'll Tell My Big Brother read as the seed
    writes them (rules 2.0 on; see :mod:`~ghosttable.games.run_ghost_run.midnight` for 1.0's)."""

    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> RunGhostRunState:
        """A new game; chance kinds: ``removed`` (sample), ``deck``, ``midnight_deck`` (shuffles),
        ``keyhole_side``, ``first_die_holder``, ``die`` (d6 rolls), ``door_die``, ``crystal_die``."""
        return RunGhostRunState(self, seed, script)

    def as_version(self, version: str) -> RunGhostRun | None:
        """This game as rules version 2.0 or 1.0 played it, for a record of that version: the
        ``classic`` layout, and a log that does not tell the reveal's steps and the roll-off's dice
        (3.0 changed only these); 1.0 also records a plan step by step and reads five Midnight
        Strikes cards as it did (:class:`RunGhostRunVersion1`). ``None`` for any other version."""
        older = {"2.0": RunGhostRunVersion2, "1.0": RunGhostRunVersion1}.get(version)
        if older is None:
            return None
        return older(self.players, **{**self.options, "layout": "classic"})

    def seat_names(self) -> list[str]:
        """The seats' colours: red, blue, green, orange."""
        return list(game_data().colours[: self.players])

    def bots(self) -> dict[str, BotFactory]:
        """``heuristic``: see :mod:`ghosttable.games.run_ghost_run.strategy`; ``expert``: decoupled
        UCT over whole sealed plans, see :mod:`ghosttable.games.run_ghost_run.expert`."""
        from ghosttable.games.run_ghost_run.expert import ExpertBot

        return {"heuristic": HeuristicBot, "expert": ExpertBot}

    def advisor(self) -> AdvisorFactory:
        """The advice of :func:`ghosttable.ai.advise`: the ``expert`` bot's search over whole plans
        at a movement plan, its exact look at the keyhole's side (see
        :func:`ghosttable.games.run_ghost_run.expert.advise`)."""
        from ghosttable.games.run_ghost_run.expert import advise

        return advise

    def suggester(self) -> Suggester:
        """The hint of :func:`ghosttable.ai.advisor.suggest`: the advice's best action, its chance
        from playouts of it to the end (see :func:`ghosttable.games.run_ghost_run.expert.suggest`)."""
        from ghosttable.games.run_ghost_run.expert import suggest

        return suggest

    def search_hooks(self) -> SearchHooks:
        """The rollout policy and position value the generic ``ismcts`` uses (see
        :mod:`ghosttable.games.run_ghost_run.search`)."""
        from ghosttable.games.run_ghost_run.search import RunGhostRunSearch

        return RunGhostRunSearch(self)

    def reference(self) -> dict[str, Any]:
        """Options plus the data: Movement cards, Midnight Strikes cards, furniture, sizes."""
        data = game_data()
        out = super().reference()
        out["movement_cards"] = [c.to_json() for c in data.movement]
        out["midnight_cards"] = [{"id": c.id, "title": c.title, "text": c.text} for c in data.midnight]
        out["furniture"] = {
            n: {"width": p.width, "depth": p.depth, "boxes": [list(b) for b in p.boxes]} for n, p in data.pieces.items()
        }
        out["sizes"] = {n: {"units": s.units, "height": s.height, "exit": s.exit_points} for n, s in data.sizes.items()}
        return out

    def state_log(self, state: State, seat: int | None) -> list[str]:
        """Every log line from the start: the log is public, every seat reads it whole."""
        return list(cast(RunGhostRunState, state).log)

    def state_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """``state``'s view for ``seat`` (``None``: a spectator), as
        :func:`ghosttable.games.run_ghost_run.views.build_view` builds it (shape in the spec page)."""
        return build_view(cast(RunGhostRunState, state), seat)

    def render_terminal(self, view: dict[str, Any], seat: int | None) -> RenderableType:
        """The hall, ghosts, keyhole and last turn's sight for the terminal (see ``render``)."""
        from ghosttable.games.run_ghost_run.render import render_view

        return render_view(view, seat)


class RunGhostRunVersion2(RunGhostRun):
    """Run, Ghost, Run! as rules version 2.0 played it (see :meth:`RunGhostRun.as_version`), on
    the layout it is given (``classic`` from ``as_version``): its records say version 2.0 and
    replay as they were made."""

    spec = dataclasses.replace(RunGhostRun.spec, version="2.0")
    tells_reveal = False


class RunGhostRunVersion1(RunGhostRunVersion2):
    """Run, Ghost, Run! as rules version 1.0 played it (see :meth:`RunGhostRun.as_version`): a
    movement plan's ``step`` actions and its ``done`` each go into the history as they are sent
    (no staging, no ``seal``), a piece put down ``tipped`` (by a player or by Overexcited) lies on
    its back, and I'm Dizzy, Tag, You're It, Dance Floor and I'll Tell My Big Brother read as 1.0
    read them (spec page, "Version history"). Its records replay, but a server retires a table
    left unfinished under it (``plays_on`` false) rather than play on with a plan's length public."""

    spec = dataclasses.replace(RunGhostRun.spec, version="1.0")
    plays_on = False  # each step of a plan went into the history: its length showed before the reveal
    seals_plans = False
    tips_onto_side = False
    midnight_as_written = False

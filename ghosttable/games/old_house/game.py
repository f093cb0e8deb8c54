"""The Mystery of the Old House as a game: its spec and rule options, tied to its rules, views,
bots and rendering.

The rules (``rules.py``, with ``belief.py``, ``house.py`` and ``data.py``) know nothing of the
views, bots or rendering: a state reaches its views through its game (:meth:`OldHouse.state_view`,
:meth:`OldHouse.view_secrets`), and only this module names them all.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from ghosttable.core.spec import GameSpec, RuleOption
from ghosttable.core.state import State
from ghosttable.games.old_house import views
from ghosttable.games.old_house.data import hunter_cards
from ghosttable.games.old_house.house import DIRECTIONS
from ghosttable.games.old_house.rules import OldHouseRules, OldHouseState
from ghosttable.games.old_house.strategy import HeuristicBot

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ghosttable.ai.advisor import AdvisorFactory, Suggester
    from ghosttable.ai.base import BotFactory
    from ghosttable.ai.hooks import SearchHooks


class OldHouse(OldHouseRules):
    """The Mystery of the Old House (``old-house``), 2-4 players.

    Options: ``house`` (a house file, ``default`` for the built-in one), ``heroes``,
    ``card-sharing``, ``wrong-guess``, ``checks-reveal-route``, ``three-hunters``, ``heat-map``.
    Raises ``OptionError`` (a ``HouseError``) for a house file that cannot be played.
    """

    spec = GameSpec(
        name="old-house",
        title="The Mystery of the Old House",
        min_players=2,
        max_players=4,
        default_players=3,
        dynamics="simultaneous",
        chance=True,
        hidden_information=True,
        cooperative=False,
        version="5",
        max_decisions=30000,
        options=(
            RuleOption(
                "house",
                "default",
                "A house file (TOML) to play in, or a built-in house: 'default' (open rooms) or 'partitioned'"
                " (the same rooms with short inner walls).",
                source="reference part 2, The house",
                local_file=True,
            ),
            RuleOption(
                "heroes",
                "chosen",
                "How the hunters get their hero cards: each hunter seat chooses (chosen), or they are dealt at"
                " random (random).",
                choices=("chosen", "random"),
                source="rulebook Game Setup ('the players choose', 'let the hunter player choose two');"
                " reference part 2, Sharing and choosing",
            ),
            RuleOption(
                "card-sharing",
                "chosen",
                "Who takes the action cards the Phantom leaves in Twilight: the hunters give each card to the"
                " hunter they choose (chosen), or the cards are dealt one by one in hunter order (dealt).",
                choices=("chosen", "dealt"),
                source="rulebook Phase I ('The remaining cards are taken by the hunters');"
                " reference part 2, Sharing and choosing",
            ),
            RuleOption(
                "wrong-guess",
                "this-turn",
                "What a wrong guess costs: the rest of this turn (this-turn), or the hunter's next turn too"
                " (next-turn).",
                choices=("this-turn", "next-turn"),
                source="rulebook Phase II ('If the hunter is wrong, they lose their turn')",
            ),
            RuleOption(
                "checks-reveal-route",
                True,
                "A check of honesty shows the hunters the Phantom Move cards laid in the Phantom's turn just"
                " played (their directions, in order); off: it shows nothing.",
                source='rulebook Phase II (\'reveal all "Phantom Move" cards laid out by the Phantom during'
                " that turn'); reference part 2, The checks of honesty",
            ),
            RuleOption(
                "three-hunters",
                "printed",
                "Against three hunters (4 players): the rules as printed (printed), or a variant that evens"
                " the odds (balanced): the Phantom's roll counts one step more (for it or its entities), a Horror card"
                " makes two hunters skip their next move, and a Phantom named correctly cannot be named"
                " again before its next turn. No effect with two hunters.",
                choices=("printed", "balanced"),
                source="our variant (docs/games/old_house.md, Balance): the printed rules favour three hunters",
            ),
            RuleOption(
                "heat-map",
                False,
                "The hunters' table shades the cells where the Phantom may be (the view's possible_cells,"
                " built from public events and the hunters' own traps). A display aid: play is unchanged.",
                source="our decision (the browser table)",
            ),
        ),
        secrets=(
            "the Phantom's cell, route and Move cards (from the hunters); untriggered traps' cells (from the Phantom)"
        ),
    )

    def state_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The view of ``seat`` (``None``: a spectator): see :func:`views.build_view`."""
        return views.build_view(cast(OldHouseState, state), seat)

    def state_views(self, state: State, seats: Sequence[int | None]) -> list[dict[str, Any]]:
        """The views of ``seats``, the board built once for all: see :func:`views.build_views`."""
        return views.build_views(cast(OldHouseState, state), seats)

    def state_log(self, state: State, seat: int | None) -> list[str]:
        """Every log line ``seat`` may read, from the start: see :func:`views.readable_log`."""
        return views.readable_log(cast(OldHouseState, state), seat)

    def view_secrets(self, state: OldHouseState, seat: int | None) -> list[Any]:
        """What ``seat``'s view must never hold: see :func:`views.secrets`."""
        return views.secrets(state, seat)

    def as_version(self, version: str) -> OldHouse | None:
        """This game as an older rules version played it, for its records: version 4, the same
        rules without what the second opening turn tells the trackers before it ends (version 5
        added only that, see ``OldHouseRules.tells_opening_home``); version 3, version 4 without the
        log line that opens the hunters' turn (version 4 added only that line). ``None`` for any
        other version."""
        if version == "4":
            return OldHouseVersion4(self.players, **self.options)
        if version == "3":
            return OldHouseVersion3(self.players, **self.options)
        return None

    def bots(self) -> dict[str, BotFactory]:
        """``heuristic`` and ``expert``: a Phantom or hunters bot depending on the seat; ``oracle``:
        the expert Phantom's search on the true state, for measurement only (never offered)."""
        from ghosttable.games.old_house.expert import ExpertBot, OracleBot

        return {"heuristic": HeuristicBot, "expert": ExpertBot, "oracle": OracleBot}

    def advisor(self) -> AdvisorFactory:
        """The advice of :func:`ghosttable.ai.advise`, for either side: every legal action played on
        the seat's determinized worlds and finished by the heuristic bots, the ``expert``'s own choice
        first among equals (see :func:`expert.advise`)."""
        from ghosttable.games.old_house.expert import advise

        return advise

    def suggester(self) -> Suggester:
        """The hint of :func:`ghosttable.ai.advisor.suggest`, for either side: the ``expert``'s
        choice, its chance from playouts of it alone finished by the heuristic bots (see
        :func:`expert.suggest`)."""
        from ghosttable.games.old_house.expert import suggest

        return suggest

    def search_hooks(self) -> SearchHooks:
        """The rollout policy and position value the generic ``ismcts`` uses (see
        :mod:`ghosttable.games.old_house.search`)."""
        from ghosttable.games.old_house.search import OldHouseSearch

        return OldHouseSearch(self)

    def reference(self) -> dict[str, Any]:
        """Options, the house, the hunters and the action cards as JSON-ready data."""
        out = super().reference()
        out["house"] = self.house.to_json()
        out["hunters"] = [h.to_json() for h in hunter_cards()]
        out["action_cards"] = [c.to_json() for c in self.cards]
        out["phantom_move_cards"] = {d: self.house.move_cards_per_direction for d in DIRECTIONS}
        return out

    def render_terminal(self, view: dict[str, Any], seat: int | None) -> RenderableType:
        """A Rich renderable of ``view`` for terminal play (only what the view holds)."""
        from ghosttable.games.old_house.render import render_view

        return render_view(view, heat_map=bool(self.options["heat-map"]))


class OldHouseVersion4(OldHouse):
    """The Old House as rules version 4 played it (see :meth:`OldHouse.as_version`): its records
    say version 4 and replay as they were made."""

    spec = dataclasses.replace(OldHouse.spec, version="4")
    tells_opening_home = False


class OldHouseVersion3(OldHouseVersion4):
    """The Old House as rules version 3 played it (see :meth:`OldHouse.as_version`): its records
    say version 3 and replay as they were made."""

    spec = dataclasses.replace(OldHouse.spec, version="3")
    logs_hunters_turn = False

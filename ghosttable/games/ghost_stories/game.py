"""The Ghost Stories game: its spec, rule options and bots.

Rule options name every point where the sources disagree (reference ghost_stories.md, "Defaults
decided for the engine"); each default is the one that table chose.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from ghosttable.core import Game, GameSpec, RuleOption, State
from ghosttable.games.ghost_stories.cards import load_data
from ghosttable.games.ghost_stories.rules import GhostStoriesState
from ghosttable.games.ghost_stories.views import build_view, prompt

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ghosttable.ai.advisor import AdvisorFactory
    from ghosttable.ai.base import BotFactory
    from ghosttable.ai.hooks import SearchHooks

OPTIONS = (
    RuleOption(
        "level",
        "initiation",
        "Difficulty level: starting Qi and tokens, Yin-Yang, number of incarnations, score.",
        choices=("initiation", "normal", "nightmare", "hell"),
        source="English rulebook (Setup, Score); reference section 9",
    ),
    RuleOption(
        "haunted-tiles-lose",
        "third",
        "When haunting loses: the 3rd haunted tile at every level; the 4th at Initiation (publisher "
        "FAQ); or only a haunting past the 3rd tile of a ghost's line (Chinese seed).",
        choices=("third", "fourth-at-initiation", "line-overflow"),
        source="English rulebook (End of the Game); reference Defaults",
    ),
    RuleOption(
        "initiation-qi",
        4,
        "Starting Qi per Taoist at Initiation (5 if Initiation is still too tough).",
        choices=(4, 5),
        source="English rulebook (End of the Game, remark)",
    ),
    RuleOption(
        "incarnations",
        "score-sheet",
        "Incarnations at Nightmare and Hell: 3 with 3-4 players and 2 with 1-2 (the score sheet), or one more.",
        choices=("score-sheet", "four"),
        source="reference Defaults and section 9",
    ),
    RuleOption(
        "neutral-boards",
        "chinese",
        "Neutral boards (1-3 players): start with a player's Qi and draw ghosts until possessed "
        "(Chinese seed), or never draw and start with 3 Qi.",
        choices=("chinese", "no-draw"),
        source="Chinese seed (neutral boards); reference section 10",
    ),
    RuleOption(
        "power-tokens",
        "spent",
        "A used power token goes to the centre tile, where a Taoist ending the turn picks it up "
        "(Chinese seed), or it is kept.",
        choices=("spent", "kept"),
        source="Chinese seed (power tokens); reference section 10",
    ),
    RuleOption(
        "pavilion",
        "any-tile",
        "The Pavilion of the Heavenly Winds moves the other Taoist to any tile, or one step.",
        choices=("any-tile", "one-step"),
        source="Chinese seed (play aid); reference section 6",
    ),
    RuleOption(
        "twin-winds",
        "after-move",
        "Dance of the Twin Winds moves another Taoist after the red Taoist's move, or before it.",
        choices=("after-move", "before-move"),
        source="Chinese seed (play aid); reference section 7",
    ),
    RuleOption(
        "watchman",
        "all-boards",
        "The Night Watchman sends every haunting figurine back onto its ghost card (Chinese seed's "
        "play aid), or only those of one board (reference).",
        choices=("all-boards", "one-board"),
        source="Chinese seed (play aid: Night Watchman); reference section 6",
    ),
    RuleOption(
        "haunting-figurines",
        "eight",
        "The box's 8 haunting figurines are a limit (a haunter arriving when all are in use gets one "
        "at its first Yin activation with one free), or every haunter gets its figurine.",
        choices=("eight", "unlimited"),
        source="English rulebook (Components: 8 Haunting figurines); reference section 1",
    ),
    RuleOption(
        "solo",
        "reference",
        "Solo only: the red board shows Dance of the Peaks and the Pavilion moves your own Taoist "
        "(reference, from a rules summary), or no change.",
        choices=("reference", "plain"),
        source="reference section 10 (solo, other)",
    ),
    RuleOption(
        "score-sheet",
        "english",
        "Score sheet: the English rulebook's, or the Chinese seed's older one.",
        choices=("english", "chinese"),
        source="English rulebook (Score); Chinese seed (appendix)",
    ),
)


class GhostStories(Game):
    """Ghost Stories (Antoine Bauza, 2008): 1-4 Taoists defend the village against Wu-Feng."""

    spec = GameSpec(
        name="ghost-stories",
        title="Ghost Stories",
        min_players=1,
        max_players=4,
        default_players=4,
        dynamics="sequential",
        chance=True,
        hidden_information=True,
        cooperative=True,
        version="1.2",
        max_decisions=6000,
        options=OPTIONS,
        secrets="the order and content of the ghost deck (and of the ghosts removed unseen at setup); "
        "its size and where the incarnations lie are public",
    )

    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> GhostStoriesState:
        """A game at the start of the first Yang phase, set up by ``seed`` (chance kinds
        ``village``, ``board_colours``, ``board_side``, ``deck``, ``incarnations``, ``tao_dice``,
        ``curse_die`` may be scripted)."""
        return GhostStoriesState(self, seed, script)

    def seat_names(self) -> list[str]:
        """``taoist1`` ... (board colours are dealt at random at setup)."""
        return [f"taoist{i + 1}" for i in range(self.players)]

    def state_log(self, state: State, seat: int | None) -> list[str]:
        """Every log line from the start: the log is public, every seat reads it whole."""
        return list(cast(GhostStoriesState, state).log)

    def state_view(self, state: State, seat: int | None) -> dict[str, Any]:
        """The public table (see :func:`views.build_view`); every seat sees the same thing."""
        return build_view(cast(GhostStoriesState, state), seat)

    def state_prompt(self, state: State, seat: int) -> str:
        """One sentence for the decision ``seat`` faces (see :func:`views.prompt`)."""
        return prompt(cast(GhostStoriesState, state))

    def bots(self) -> dict[str, BotFactory]:
        """``heuristic``: the priority-rules team bot; ``expert``: its choices checked by look-ahead
        over sampled futures; ``oracle``: the same search on the true state, for measurement only
        (marked ``measurement_only``: never offered in the lobby)."""
        from ghosttable.games.ghost_stories.expert import ExpertBot, OracleBot
        from ghosttable.games.ghost_stories.strategy import HeuristicBot

        return {"heuristic": HeuristicBot, "expert": ExpertBot, "oracle": OracleBot}

    def advisor(self) -> AdvisorFactory:
        """The advice of :func:`ghosttable.ai.advise`: the ``expert`` bot's look-ahead over every
        legal action (see :func:`expert.advise`)."""
        from ghosttable.games.ghost_stories.expert import advise

        return advise

    def search_hooks(self) -> SearchHooks:
        """The rollout policy and position value the generic ``ismcts`` uses (see
        :mod:`ghosttable.games.ghost_stories.search`)."""
        from ghosttable.games.ghost_stories.search import GhostStoriesSearch

        return GhostStoriesSearch()

    def reference(self) -> dict[str, Any]:
        """Spec, options, and the card, tile, power and level data."""
        data = load_data()
        out = super().reference()
        out["ghosts"] = [data.ghosts[i].to_json() for i in sorted(data.ghosts)]
        out["tiles"] = [{"id": t.id, "name": t.name, "help": t.help, "text": t.text} for t in data.tiles]
        out["powers"] = [{"id": p.id, "name": p.name, "board": p.board, "text": p.text} for p in data.powers]
        out["levels"] = [vars(lv) | {"incarnation_bonus": list(lv.incarnation_bonus)} for lv in data.levels.values()]
        return out

    def render_terminal(self, view: dict[str, Any], seat: int | None) -> RenderableType:
        """A Rich renderable of ``view`` for terminal play (see :mod:`terminal`)."""
        from ghosttable.games.ghost_stories.terminal import render

        return render(view, seat)

"""Building exact Ghost Stories positions for rule tests.

``table()`` gives a state whose village, boards, powers and Taoists are fixed (no ghost in play,
deck chosen by the test), then ``begin_turn`` starts a board's turn from its Yin phase. The
village layout used by every test (positions row by row)::

    0 Sorcerer's Hut   1 Circle of Prayer   2 Herbalist's Shop
    3 Taoist Altar     4 Buddhist Temple    5 Night Watchman
    6 Tea House        7 Pavilion           8 Cemetery

Boards: 0 south, 1 west, 2 north, 3 east. Space ``side * 3 + k``. Tile 6 (a corner) faces spaces
0 (south, 1st) and 5 (west, 3rd); tile 7 (an edge) faces space 1.
"""

from __future__ import annotations

from typing import Any

from ghosttable.games.ghost_stories.cards import COLOURS
from ghosttable.games.ghost_stories.game import GhostStories
from ghosttable.games.ghost_stories.rules import GhostStoriesState

LAYOUT = [
    "sorcerer_hut",
    "circle_of_prayer",
    "herbalist_shop",
    "taoist_altar",
    "buddhist_temple",
    "night_watchman",
    "tea_house",
    "pavilion",
    "cemetery",
]
FILLER = [1, 12, 23, 34, 2, 13, 24, 35, 4, 15, 26, 37]  # plain ghosts for filling spaces


def table(
    players: int = 4,
    colours: tuple[str, ...] = ("yellow", "red", "blue", "green"),
    powers: tuple[str, ...] = ("bottomless_pockets", "dance_of_the_peaks", "heavenly_gust", "gods_favorite"),
    deck: list[int] | None = None,
    **options: Any,
) -> GhostStoriesState:
    """A state with the test layout, no ghost in play and ``deck`` (top first; default: 20
    plain ghosts over one incarnation, Vampire Lord)."""
    game = GhostStories(players, **options)
    state = game.new_initial_state(0)
    state.tiles = list(LAYOUT)
    state.haunted = [False] * 9
    state.board_colour = list(colours)
    state.power = list(powers)
    for b in range(players):
        state.tokens[b] = [0] * 5
        state.pos[b] = 4
    state.space_card = [0] * 12
    state.haunt_step = [-1] * 12
    state.buddha_on = [False] * 12
    state.temple_buddhas = 2
    state.circle = None
    state.discard = []
    state.removed = []
    top_first = deck if deck is not None else [*[c for c in range(1, 45) if c not in (8, 9)][:20], 64]
    state.deck = list(reversed(top_first))
    state.tasks = []
    state.pending = None
    state.log = []
    state.dice = []
    state.turn = 0
    state.board = 0
    state.phase = "yang_move"
    state.yang = {"borrowed": [], "pockets": False, "mantra": False, "twin": False, "acts": []}
    return state


def put(state: GhostStoriesState, space: int, card: int, step: int | None = None) -> None:
    """Put ghost ``card`` on ``space`` (a haunter's figurine on its card, or at ``step``)."""
    state.space_card[space] = card
    if state.card(card).has("haunter"):
        state.haunt_step[space] = 0 if step is None else step
    else:
        state.haunt_step[space] = -1


def give(state: GhostStoriesState, board: int, **tokens: int) -> None:
    """Set the Tao tokens of the Taoist of ``board`` (``red=2`` ...)."""
    state.tokens[board] = [tokens.get(c, 0) for c in COLOURS]


def begin_turn(state: GhostStoriesState, board: int) -> None:
    """Start ``board``'s turn at its Yin phase and run until the first decision."""
    state.board = board
    state.tasks = []
    state.pending = None
    state._start_turn()
    state._run()


def yang(state: GhostStoriesState, board: int = 0) -> None:
    """Make it the Yang phase of ``board`` (move step), skipping its Yin phase."""
    state.board = board
    state.tasks = []
    state.pending = None
    state.phase = "yang_move"
    state.yang = {"borrowed": [], "pockets": False, "mantra": False, "twin": False, "acts": []}


def kinds(state: GhostStoriesState) -> set[str]:
    """The kinds of the legal actions now."""
    return {a.kind for a in state.legal_actions()}


def do(state: GhostStoriesState, text: str) -> None:
    """Apply an action given in its text form."""
    state.apply(text)


def place_first(state: GhostStoriesState) -> None:
    """Answer every pending ghost placement with the first space offered."""
    while state.pending is not None and state.pending["name"] == "place_ghost":
        state.apply(state.legal_actions()[0])

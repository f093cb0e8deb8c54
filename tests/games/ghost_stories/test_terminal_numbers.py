"""Terminal play of Ghost Stories: the numbers drawn on the boards are the ones the actions use."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

from ghosttable.games.ghost_stories.game import GhostStories
from ghosttable.games.ghost_stories.terminal import log_line


def rendered(game: GhostStories, view: dict[str, object]) -> str:
    console = Console(file=io.StringIO(), width=200, color_system=None)
    console.print(game.render_terminal(view, 0))
    return console.file.getvalue()  # type: ignore[attr-defined,no-any-return]


def test_each_ghost_space_is_drawn_with_the_number_its_actions_use() -> None:
    game = GhostStories(2, level="normal")
    state = game.new_initial_state(4)
    rng = random.Random(1)
    placed: set[int] = set()
    for _ in range(400):
        if state.is_terminal():
            break
        seat = state.current_player
        actions = state.legal_actions(seat)
        for a in actions:
            if a.kind == "place":
                space = int(a.to_json()["space"])
                placed.add(space)
                text = rendered(game, state.view(seat))
                assert re.search(rf"(?<![0-9]){space}\. ", text), f"space {space} is not drawn with its number"
                assert f"(board {space // 3})" in text
        state.apply(rng.choice(actions), seat)
    assert any(s >= 9 for s in placed), "the east board's spaces were never offered"


def test_log_lines_name_the_space_number() -> None:
    game = GhostStories(2, level="normal")
    view = game.new_initial_state(4).view(0)
    assert log_line("Ooze Devil takes east space 1.", view) == "Ooze Devil takes east space 1 (space 9)."
    assert log_line("The Heavenly Winds move Zombie to south space 3.", view).endswith("south space 3 (space 2).")
    assert log_line("The Tea House is haunted.", view) == "The Tea House is haunted."

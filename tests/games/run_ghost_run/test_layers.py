"""The rules know nothing of the bots, the views or the rendering: ``game.py`` ties them together."""

from __future__ import annotations

import ast
from importlib import resources

import pytest

from ghosttable import registry
from ghosttable.games.run_ghost_run import RunGhostRun, RunGhostRunState, game
from tests.games.run_ghost_run.helpers import new_state

PACKAGE = "ghosttable.games.run_ghost_run"
RULE_MODULES = ("rules", "listing", "board", "hall", "midnight", "geometry", "data")
ABOVE_THE_RULES = ("strategy", "views", "render", "game")


def _imported(module: str) -> set[str]:
    """Every module ``module`` imports anywhere in its text (``TYPE_CHECKING`` blocks and function
    bodies included), as dotted names; ``from PACKAGE import x`` counts as ``PACKAGE.x``."""
    text = resources.files(PACKAGE).joinpath(f"{module}.py").read_text("utf-8")
    out: set[str] = set()
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            out.add(node.module)
            out.update(f"{node.module}.{alias.name}" for alias in node.names)
    return out


@pytest.mark.parametrize("module", RULE_MODULES)
def test_the_rules_import_no_bot_view_or_rendering(module: str) -> None:
    forbidden = {f"{PACKAGE}.{name}" for name in ABOVE_THE_RULES}
    assert not _imported(module) & forbidden


def test_the_game_ties_the_rules_to_their_views_and_bots() -> None:
    assert registry.game_class("run-ghost-run") is RunGhostRun is game.RunGhostRun
    assert "heuristic" in RunGhostRun(2).bots()
    state = new_state(2)
    assert isinstance(state, RunGhostRunState)
    assert state.view(0) == RunGhostRun(2).state_view(state, 0)

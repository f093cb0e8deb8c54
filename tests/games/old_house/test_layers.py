"""The Old House's modules depend one way: the rules know nothing of the views, bots or rendering.

``game.py`` ties them together; ``rules.py``, ``belief.py``, ``house.py`` and ``data.py`` import
none of ``game``, ``views``, ``strategy`` or ``render`` (not even for type checking).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ghosttable.games.old_house as package
from ghosttable.games.old_house import OldHouse, OldHouseState
from ghosttable.registry import load

FOLDER = Path(package.__file__).parent
RULES = ("rules", "belief", "house", "data")
ABOVE = ("game", "views", "strategy", "render")


def _imported(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top, in a function or under TYPE_CHECKING."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


@pytest.mark.parametrize("module", RULES)
def test_the_rules_import_no_view_bot_or_rendering(module: str) -> None:
    imported = _imported(FOLDER / f"{module}.py")
    for name in ABOVE:
        assert f"ghosttable.games.old_house.{name}" not in imported, f"{module}.py imports {name}"


def test_the_game_ties_rules_views_and_bots() -> None:
    game = load("old-house", 3)
    assert isinstance(game, OldHouse)
    assert "heuristic" in game.bots()
    state = game.new_initial_state(1)
    assert isinstance(state, OldHouseState)
    assert state.view(1)["side"] == "hunters"
    assert state.secrets(1) and state.secrets(0) == []

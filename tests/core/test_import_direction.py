"""Imports go one way: the kernel knows no bot, game or registry; a game's rules know nothing of
its bots, views or rendering (its ``game.py`` ties them). Every import counts, those under
``TYPE_CHECKING`` and inside functions too."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import ghosttable

ROOT = Path(ghosttable.__file__).parent


def imported(path: Path) -> set[str]:
    """Every module that ``path`` imports, anywhere in it (absolute names)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


@pytest.mark.parametrize("path", sorted((ROOT / "core").glob("*.py")), ids=lambda p: p.name)
def test_the_kernel_imports_no_bot_game_or_registry(path: Path) -> None:
    bad = {m for m in imported(path) if m.startswith(("ghosttable.ai", "ghosttable.games", "ghosttable.registry"))}
    assert not bad, f"core/{path.name} imports {sorted(bad)}"


RULES_SIDE = {
    "ghost_stories": ["rules.py", "cards.py", "village.py", "scoring.py"],
    "old_house": ["rules.py", "belief.py", "house.py", "data.py"],
    "run_ghost_run": ["rules.py", "board.py", "hall.py", "geometry.py", "midnight.py", "data.py"],
}
PRESENTATION = ("strategy", "views", "render", "terminal", "game", "expert", "encoding")


@pytest.mark.parametrize(
    ("package", "module"), [(p, m) for p, ms in RULES_SIDE.items() for m in ms], ids=lambda x: str(x)
)
def test_a_games_rules_import_neither_its_bots_nor_its_views(package: str, module: str) -> None:
    path = ROOT / "games" / package / module
    names = imported(path)
    bad = {
        m
        for m in names
        if m.startswith(("ghosttable.ai", "ghosttable.registry", "ghosttable.server"))
        or any(m.startswith(f"ghosttable.games.{package}.{part}") for part in PRESENTATION)
    }
    assert not bad, f"games/{package}/{module} imports {sorted(bad)}"


RESEARCH = ("ghosttable.research", "ghosttable.pettingzoo", "ghosttable.openspiel")


@pytest.mark.parametrize(
    "path", sorted((ROOT / "games").rglob("*.py")), ids=lambda p: str(p.relative_to(ROOT / "games"))
)
def test_the_games_know_nothing_of_the_research_interfaces(path: Path) -> None:
    bad = {m for m in imported(path) if m.startswith(RESEARCH)}
    assert not bad, f"games/{path.relative_to(ROOT / 'games')} imports {sorted(bad)}"

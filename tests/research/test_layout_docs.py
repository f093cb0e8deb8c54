"""Each game's spec page holds its encoding as the code builds it: the table of action ids and
the tensor's layout (first entry, slice, width, repeats) under "Encoding for learning agents"."""

from __future__ import annotations

from pathlib import Path

import pytest

from ghosttable import registry
from ghosttable.games.encoding import GameEncoding, layout_blocks
from ghosttable.research.encoding import encoding_for

DOCS = Path(__file__).resolve().parents[2] / "docs" / "games"
PAGES = {
    "ghost-stories": ("ghost_stories.md", 4),
    "old-house": ("old_house.md", 2),
    "run-ghost-run": ("run_ghost_run.md", 2),
}


def table_rows(section: str, header: str) -> list[list[str]]:
    """The cells of the table whose header line starts with ``header``, its rule line left out."""
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip().strip("`") for cell in line.strip("|").split("|")])
    return rows


@pytest.mark.parametrize("name", sorted(PAGES))
def test_the_spec_page_holds_the_encoding(name: str) -> None:
    page, players = PAGES[name]
    text = (DOCS / page).read_text(encoding="utf-8")
    section = text[text.index("## Encoding for learning agents") :]
    section = section[: section.index("\n## ", 3)]
    enc = encoding_for(registry.load(name, players=players))
    assert isinstance(enc, GameEncoding)
    ids = [[f"{a}-{b - 1}", what] for a, b, what in enc.space.describe()]
    assert table_rows(section, "| ids |") == ids
    blocks = [[str(a), k, str(w), str(c)] for a, k, w, c in layout_blocks(enc.layout)]
    assert [row[:4] for row in table_rows(section, "| first |")] == blocks
    assert str(enc.num_distinct_actions) in section and str(enc.observation_shape[0]) in section

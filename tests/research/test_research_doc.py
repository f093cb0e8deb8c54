"""The examples of docs/research.md run: each Python block marked for this test is executed as it
is written (the OpenSpiel section's examples are its own tests' business)."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

from tests.optional import required

DOC = Path(__file__).resolve().parents[2] / "docs" / "research.md"
MARK = "<!-- runs in tests/research/test_research_doc.py -->"


def examples() -> list[str]:
    """The marked Python blocks of the page, in order."""
    text = DOC.read_text(encoding="utf-8")
    return re.findall(re.escape(MARK) + r"\n```python\n(.*?)\n```", text, flags=re.DOTALL)


def test_the_page_has_an_example_per_interface() -> None:
    found = examples()
    assert len(found) == 4
    assert "encoding_for" in found[0] and "pettingzoo.env(" in found[1] and "parallel_env(" in found[2]
    assert "make_bot" in found[3]  # an agent evaluated against the built-in bots


@pytest.mark.parametrize("index", range(4))
def test_an_example_runs(index: int) -> None:
    if index:
        required("pettingzoo")
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(examples()[index], f"{DOC.name} example {index + 1}", "exec"), {})
    assert printed.getvalue().strip()

"""The history ("What happened", web/js/history.js) of the Old House and Run, Ghost, Run! tables in
Chromium: after several turns played by clicking, and a reload (a new connection, whose first view
holds only the log's newest lines, so the table asks for the rest), every event of the game from
the start is there, in order, under a heading per turn: the Old House's round and whose turn, Run,
Ghost, Run!'s turn number with its plans revealed, roll-off and keyhole. In both languages; the
box scrolls within itself, its newest line in view.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from ghosttable.games.old_house.views import LOG_TAIL as OLD_HOUSE_TAIL
from ghosttable.games.run_ghost_run.views import LOG_TAIL as RUN_GHOST_RUN_TAIL
from tests.web.live import open_new_table, serve
from tests.web.test_old_house_table import create_old_house, play, wait_for_my_turn_or_the_end


@pytest.fixture(scope="module")
def history_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "history-browser", ai_delay=0.01)


def log_length(page: Page, prefix: str) -> int:
    return int(page.locator(f"#{prefix}-log").get_attribute("data-log-length") or "0")


def wait_for_whole_history(page: Page, prefix: str) -> None:
    """Until the box holds one item a line of the game (the earlier lines asked for have come)."""
    page.wait_for_function(
        f"""() => {{
            const box = document.getElementById('{prefix}-log');
            if (!box || box.querySelector('.{prefix}-missing')) return false;
            const items = box.querySelectorAll('li');
            return items.length > 0 && items.length === Number(box.dataset.logLength)
                && items[0].value === 1 && items[items.length - 1].value === items.length;
        }}""",
        timeout=30_000,
    )


def groups(page: Page, prefix: str) -> list[dict[str, object]]:
    """The history's groups in order: each heading and its items' texts (as shown) and lines."""
    got: list[dict[str, object]] = page.evaluate(
        f"""() => [...document.querySelectorAll('#{prefix}-log .{prefix}-turn')].map((s) => ({{
            turn: s.dataset.turn,
            head: s.querySelector('h3').textContent,
            items: [...s.querySelectorAll('li')].map((li) => li.textContent),
            lines: [...s.querySelectorAll('li')].map((li) => li.title),
        }}))"""
    )
    return got


def scrolled_to_its_end(page: Page, prefix: str) -> bool:
    ok: bool = page.evaluate(
        f"""() => {{
            const box = document.getElementById('{prefix}-log');
            return box.scrollHeight > box.clientHeight && box.scrollTop + box.clientHeight >= box.scrollHeight - 2;
        }}"""
    )
    return ok


def test_the_old_house_history_keeps_every_round_from_the_start(page: Page, history_server: str) -> None:
    # A hunter (seat 1) against the heuristic Phantom and the other hunter.
    create_old_house(page, history_server, ["ai", "me", "ai"])
    for _ in range(40):
        if page.evaluate("document.body.dataset.status") == "finished" or log_length(page, "oh") > OLD_HOUSE_TAIL + 10:
            break
        play(page, clicks=4)
    assert log_length(page, "oh") > OLD_HOUSE_TAIL, log_length(page, "oh")
    # A new connection: its first view holds the newest lines only; the table asks for the others.
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    wait_for_my_turn_or_the_end(page)
    wait_for_whole_history(page, "oh")
    found = groups(page, "oh")
    heads = [str(g["head"]) for g in found]
    assert heads[0] == "Setup · the hunters choose their heroes", heads
    setup = [str(line) for line in found[0]["lines"]]  # type: ignore[attr-defined]
    assert setup[0] == "The hunters choose their heroes." and len(setup) == 3, setup
    assert all(re.fullmatch(r"hunter[12] chooses the \w+\.", line) for line in setup[1:]), setup
    assert heads[1] == "Round 1 · Twilight", heads
    assert str(found[1]["lines"][0]).startswith("Round 1 begins. Hunters: ")  # type: ignore[index]
    phantom = heads.index("Round 1 · the Phantom's turn")
    assert re.fullmatch(r"The Phantom rolls \d\.", str(found[phantom]["lines"][0])), found[phantom]  # type: ignore[index]
    hunters = heads.index("Round 1 · the hunters' turn")
    assert hunters > phantom and found[hunters]["lines"][0] == "The hunters' turn.", found[hunters]  # type: ignore[index]
    # Never a line of the Phantom's own (its steps are "You move ..." in its log only).
    assert not any(str(line).startswith("You ") for g in found for line in g["lines"])  # type: ignore[attr-defined]
    assert scrolled_to_its_end(page, "oh")
    # In Chinese: the same groups under Chinese headings.
    page.click("#lang")
    expect(page.locator("#oh-log .oh-turn h3").nth(1)).to_have_text("第 1 轮 · 黄昏")
    assert len(groups(page, "oh")) == len(found)
    expect(page.locator("#oh-log .oh-turn h3").first).to_have_text("开局 · 猎人选择英雄")
    page.click("#lang")
    expect(page.locator("#oh-log .oh-turn h3").nth(1)).to_have_text("Round 1 · Twilight")


class Planner:
    """Plays this seat by the "All legal actions" buttons: passes on furniture, moves one ghost a
    plan then seals it, sends the keyhole to the first side offered."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.stepped = False

    def choose(self) -> bool:
        """One choice; False when the game is over."""
        page = self.page
        handle = page.wait_for_function(
            """() => {
                if (document.body.dataset.status === 'finished') return 'over';
                const box = document.querySelector('#decision');
                return box && box.dataset.decision && box.querySelector('.rgr-any') ? box.dataset.decision : null;
            }""",
            timeout=90_000,
        )
        if handle.json_value() == "over":
            return False
        offered: list[str] = page.evaluate(
            "[...document.querySelectorAll('#decision .rgr-any')].map((b) => b.dataset.action)"
        )
        kinds = [text.split(" ")[0] for text in offered]
        if "pass" in kinds:
            choice = offered[kinds.index("pass")]
        elif "step" in kinds and not self.stepped:
            choice = offered[kinds.index("step")]
        elif "done" in kinds:
            choice = offered[kinds.index("done")]
        else:
            choice = offered[0]
        self.stepped = choice.startswith("step")
        before = page.evaluate("document.body.dataset.frame")
        clicked = page.evaluate(
            """(text) => {
                const buttons = [...document.querySelectorAll('#decision .rgr-any')];
                const button = buttons.find((b) => b.dataset.action === text);
                if (button) button.click();
                return Boolean(button);
            }""",
            choice,
        )
        if clicked:
            page.wait_for_function(
                f"document.body.dataset.frame !== '{before}' || document.body.dataset.status === 'finished'",
                timeout=30_000,
            )
        return True


def test_the_run_ghost_run_history_keeps_every_turn_from_the_start(page: Page, history_server: str) -> None:
    def seats(page: Page) -> None:
        kinds = page.locator(".seat-row .seat-kind")
        for i in (1, 2):
            expect(kinds.nth(i)).to_have_value("ai")

    open_new_table(page, history_server, "run-ghost-run", 3, seats)
    expect(page.locator("#rgr-hall .rgr-space")).to_have_count(36)
    planner = Planner(page)
    for _ in range(120):
        if log_length(page, "rgr") > RUN_GHOST_RUN_TAIL or not planner.choose():
            break
    assert log_length(page, "rgr") > RUN_GHOST_RUN_TAIL, log_length(page, "rgr")
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.wait_for_function(
        "document.body.dataset.status === 'finished' || document.querySelector('#decision .rgr-any') !== null",
        timeout=90_000,
    )
    wait_for_whole_history(page, "rgr")
    found = groups(page, "rgr")
    assert [g["turn"] for g in found[:2]] == ["1", "2"], found
    first = found[0]
    assert first["head"] == "Turn 1"
    lines = [str(line) for line in first["lines"]]  # type: ignore[attr-defined]
    assert all(line.startswith("turn 1: ") for line in lines), lines
    # The turn's moments in the order they happen: furniture, the plans revealed (each step), the
    # roll-off (every seat has chosen the side as often on the first turn), the chooser, the look.
    revealed = next(i for i, line in enumerate(lines) if line.startswith("turn 1: the plans are revealed"))
    rolled = next(i for i, line in enumerate(lines) if line.startswith("turn 1: the roll-off: "))
    chooses = next(i for i, line in enumerate(lines) if line.endswith("chooses the keyhole's side"))
    looks = next(i for i, line in enumerate(lines) if line.startswith("turn 1: the keyhole at "))
    furniture = (" moves the ", " leaves the furniture as it stands")
    assert all(any(word in line for word in furniture) for line in lines[:revealed]), lines
    assert revealed < rolled < chooses < looks == len(lines) - 1, lines
    assert any(line.startswith("turn 1: red-") for line in lines[revealed:rolled]), lines  # this seat's step
    items = [str(item) for item in first["items"]]  # type: ignore[attr-defined]
    assert items[revealed].startswith("The plans are revealed"), items
    assert re.fullmatch(r"The roll-off for the keyhole: (Red|Blue|Green) \d(, (Red|Blue|Green) \d)+", items[rolled]), (
        items
    )
    assert scrolled_to_its_end(page, "rgr")
    page.click("#lang")
    expect(page.locator("#rgr-log .rgr-turn h3").first).to_have_text("第 1 回合")
    expect(page.locator("#rgr-log .rgr-turn").first.locator("li").nth(revealed)).to_contain_text("揭晓移动计划")
    expect(page.locator("#rgr-log .rgr-turn").first.locator("li").nth(rolled)).to_contain_text("争夺钥匙孔的掷骰")
    page.click("#lang")

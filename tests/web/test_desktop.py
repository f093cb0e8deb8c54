"""Every table at a desktop's size (1920 x 1080), in English and in Chinese: the board the seat plays
on and the prompt of its move are both wholly in the window at once, without scrolling, and the
board is drawn large (Ghost Stories' own check, with its Taoist's panel, is in
test_ghost_stories_feedback.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.live import open_new_table, serve

DESKTOP = {"width": 1920, "height": 1080}

# game, players, each seat's kind, the boards the seat plays on, the smallest height of each (px)
TABLES = [
    pytest.param("ghost-stories", 4, ["me", "ai", "ai", "ai"], ["#gs-board"], 800, id="ghost-stories"),
    pytest.param("run-ghost-run", 4, ["me", "ai", "ai", "ai"], ["#rgr-hall"], 800, id="run-ghost-run"),
    pytest.param("old-house", 3, ["ai", "me", "ai"], ["#oh-map"], 800, id="old-house-hunter"),
    pytest.param("old-house", 3, ["me", "ai", "ai"], ["#oh-map", "#oh-private-map"], 450, id="old-house-phantom"),
]


@pytest.fixture(scope="module")
def desktop_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "desktop", ai_delay=0.01)


@pytest.fixture(params=["en", "zh"])
def desktop(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(viewport=DESKTOP, locale="en-US")
    context.add_init_script(f"localStorage.setItem('ghosttable.lang', '{request.param}')")
    context.set_default_timeout(30_000)
    page = context.new_page()
    yield page
    context.close()


def box_of(page: Page, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


@pytest.mark.parametrize(("game", "players", "kinds", "boards", "least"), TABLES)
def test_the_board_and_the_prompt_are_in_view_together(
    desktop: Page, desktop_server: str, game: str, players: int, kinds: list[str], boards: list[str], least: int
) -> None:
    def seats(page: Page) -> None:
        rows = page.locator(".seat-row .seat-kind")
        for i, kind in enumerate(kinds):
            rows.nth(i).select_option(kind)

    open_new_table(desktop, desktop_server, game, players, seats)
    expect(desktop.locator("#decision h2")).to_be_visible()
    desktop.wait_for_timeout(300)  # let the table module's stylesheet apply
    prompt = box_of(desktop, "#decision")
    assert prompt["y"] >= 0 and prompt["y"] + prompt["height"] <= DESKTOP["height"], prompt
    for selector in boards:
        board = box_of(desktop, selector)
        assert board["y"] >= 0 and board["y"] + board["height"] <= DESKTOP["height"], (selector, board)
        assert board["x"] >= 0 and board["x"] + board["width"] <= DESKTOP["width"], (selector, board)
        assert board["height"] >= least, (selector, board)
    assert int(desktop.evaluate("document.documentElement.scrollWidth")) <= DESKTOP["width"]


def test_the_game_logs_numbers_fit_its_margin(desktop: Page, desktop_server: str) -> None:
    # A long game numbers its moves past 999: the list's margin holds "9999." whole.
    open_new_table(desktop, desktop_server, "ghost-stories", 1)
    fits = desktop.evaluate(
        """() => {
            const log = document.getElementById('log');
            const probe = document.createElement('li');
            probe.style.cssText = 'list-style: none; position: absolute; visibility: hidden; white-space: nowrap';
            probe.textContent = '9999. ';
            log.append(probe);
            const needed = probe.getBoundingClientRect().width;
            probe.remove();
            return [parseFloat(getComputedStyle(log).paddingLeft), needed];
        }"""
    )
    assert fits[0] >= fits[1], fits

"""The Ghost Stories table in the browser (web/games/ghost-stories.js), driven through Debian's
Chromium with Playwright: a game with three AI Taoists played to its end by clicking the board,
a reload mid-game, the language switch, a refused choice, the replay.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, WebSocketRoute, expect

from tests.web.live import fix_the_seed, open_new_table, serve

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


@pytest.fixture(scope="module")
def gs_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with AI seats moving almost at once (the game is long)."""
    yield from serve(tmp_path_factory, "gs-browser", ai_delay=0.01)


def create_ghost_stories(page: Page, server: str) -> str:
    """A Ghost Stories table for four: me in the first seat, three heuristic AI Taoists."""

    def seats(page: Page) -> None:
        kinds = page.locator(".seat-row .seat-kind")
        for i in (1, 2, 3):
            kinds.nth(i).select_option("ai")

    table = open_new_table(page, server, "ghost-stories", 4, seats)
    expect(page.locator("#gs-board .gs-tile")).to_have_count(9)
    return table


def wait_for_my_turn_or_the_end(page: Page) -> bool:
    """True when the game is over, False when it is this seat's move."""
    page.wait_for_function(
        "document.body.dataset.status === 'finished' || document.querySelector('#decision h2') !== null",
        timeout=60_000,
    )
    return page.evaluate("document.body.dataset.status") == "finished"


def click_once(page: Page) -> str:
    """One click on the board (a highlighted target first), else a colour, else a button."""
    before = page.evaluate("document.body.dataset.version")
    targets = page.locator("#gs-board .target")
    colours = page.locator("#decision .gs-colour")
    buttons = page.locator("#decision > .actions button.action")
    try:
        if targets.count():
            what = "board"
            targets.first.click(timeout=3_000)
        elif colours.count():
            what = "colour"
            colours.first.click(timeout=3_000)
        else:
            what = "button"
            buttons.first.click(timeout=3_000)
    except PlaywrightError:
        return "retry"  # the frame changed under the pointer; look again
    page.wait_for_function(
        f"document.body.dataset.version !== '{before}' || document.querySelector('#gs-cancel') !== null"
        " || document.body.dataset.status === 'finished'",
        timeout=20_000,
    )
    return what


def play(page: Page, clicks: int | None = None) -> dict[str, int]:
    """Plays by clicking until the end (or for `clicks` clicks); counts the kinds of click."""
    done: dict[str, int] = {}
    while clicks is None or sum(done.values()) < clicks:
        if wait_for_my_turn_or_the_end(page):
            break
        what = click_once(page)
        done[what] = done.get(what, 0) + 1
        assert done.get("retry", 0) < 20, done
    return done


def test_play_a_ghost_stories_table_to_its_end_by_clicking_the_board(
    page: Page, gs_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A fixed deal in which Taoist 1 still has turns to play after the reload below (with some
    # deals the team's game ends, or Taoist 1 dies, within the first twelve clicks).
    fix_the_seed(monkeypatch, 7)
    table = create_ghost_stories(page, gs_server)
    monkeypatch.undo()
    expect(page.locator("#who")).to_have_text("You are Taoist 1")
    # The first decision is where the first ghost arrives: its board's free spaces light up.
    expect(page.locator("#decision h2")).to_have_text("Your move: Place the ghost")
    expect(page.locator("#decision .gs-drawn-card")).to_be_visible()
    expect(page.locator("#gs-board .gs-space.target").first).to_be_visible()
    expect(page.locator("#gs-board .gs-panel")).to_have_count(4)
    expect(page.locator("#gs-deck")).to_contain_text("Deck")
    # A ghost's colour, resistance and abilities are readable on its card and in its tooltip.
    expect(page.locator("#decision .gs-drawn-card .gs-resistance circle").first).to_be_visible()
    expect(page.locator("#decision .gs-drawn-card .gs-ghost > title")).to_contain_text("resistance")
    page.evaluate(
        """() => {
            window.versionsSeen = [];
            new MutationObserver(() => window.versionsSeen.push(Number(document.body.dataset.version)))
                .observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
        }"""
    )
    first = play(page, clicks=12)
    assert first.get("board", 0) >= 6, first
    # The AI Taoists' moves came one by one, each shown as its own state, and into the log.
    seen = sorted(set(page.evaluate("window.versionsSeen")))
    ai_moves = int(page.evaluate("document.querySelectorAll('#log li .ai-mark').length"))
    assert ai_moves >= 3 and len(seen) >= ai_moves, (ai_moves, seen)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "ghost-stories-table.png"), full_page=True)
    # Reload mid-game: the page comes back to the same seat and play carries on.
    version = int(page.evaluate("document.body.dataset.version"))
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#who")).to_have_text("You are Taoist 1")
    page.wait_for_function(f"Number(document.body.dataset.version) >= {version}")
    rest = play(page)
    assert rest.get("board", 0) >= 1, rest
    expect(page.locator("body")).to_have_attribute("data-status", "finished")
    expect(page.locator("#gs-result")).to_be_visible()
    expect(page.locator("#gs-result")).to_contain_text(re.compile("Victory|Defeat"))
    expect(page.locator("#decision")).to_be_hidden()
    page.screenshot(path=str(SHOTS / "ghost-stories-finished.png"), full_page=True)
    # The replay of the finished table: step back and forth through the record.
    page.click("#open-replay")
    expect(page.locator("#replay-controls")).to_be_visible()
    expect(page.locator("#gs-result")).to_be_visible()
    steps = int(page.locator("#replay-slider").get_attribute("max") or "0")
    assert steps > 20
    page.click("#replay-first")
    expect(page.locator("#replay-step")).to_contain_text(f"Step 0 of {steps}")
    expect(page.locator("#gs-board .gs-ghost")).to_have_count(0)
    expect(page.locator("#gs-result")).to_have_count(0)
    page.click("#replay-next")
    expect(page.locator("#replay-step")).to_have_text(f"Step 1 of {steps}")
    expect(page.locator("#gs-board .gs-ghost")).to_have_count(1)
    page.screenshot(path=str(SHOTS / "ghost-stories-replay.png"), full_page=True)
    page.click("#replay-last")
    expect(page.locator("#replay-step")).to_have_text(f"Step {steps} of {steps}")
    assert table in page.url


def test_switch_the_language_on_the_ghost_stories_table(page: Page, gs_server: str) -> None:
    create_ghost_stories(page, gs_server)
    expect(page.locator('#gs-board [data-tile-id="cemetery"] .gs-tile-name')).to_have_text("Cemetery")
    page.click("#lang")
    expect(page.locator("#game-title")).to_have_text("鬼故事")
    expect(page.locator("#who")).to_have_text("你是 道士 1")
    expect(page.locator('#gs-board [data-tile-id="cemetery"] .gs-tile-name')).to_have_text("墓地")
    expect(page.locator('#gs-board [data-tile-id="circle_of_prayer"] .gs-tile-name')).to_have_text("诵经法阵")
    expect(page.locator("#decision h2")).to_have_text("轮到你行动: 放置厉鬼")
    expect(page.locator("#gs-events h2")).to_have_text("发生了什么")
    expect(page.locator("#gs-log li").first).to_contain_text("徒弟难度")
    powers = page.locator("#gs-board .gs-power-name").all_text_contents()
    chinese_powers = {"如意乾坤袋", "净法真言", "驾风乘云", "千里传音", "奇门遁甲", "力能担山", "一念三千", "吐纳"}
    assert len(powers) == 4 and all(p.split(" · ")[0] in chinese_powers for p in powers), powers
    # Play goes on in Chinese, then the page switches back.
    play(page, clicks=3)
    page.screenshot(path=str(SHOTS / "ghost-stories-zh.png"), full_page=True)
    # The sidebar's log says what was done in Chinese words, never an action's text form.
    said = page.locator("#log .log-text").all_text_contents()
    assert said and not any(re.search(r"[a-z_]+=", text) for text in said), said
    assert any(text.startswith("放在") for text in said), said
    page.click("#lang")
    expect(page.locator('#gs-board [data-tile-id="cemetery"] .gs-tile-name')).to_have_text("Cemetery")
    expect(page.locator("#gs-events h2")).to_have_text("What happened")


def test_a_refused_choice_shows_the_reason(page: Page, gs_server: str) -> None:
    table = create_ghost_stories(page, gs_server)
    # A second tab of the same seat stops hearing the table's new states, then chooses on its old
    # board: the server refuses and the table says why.
    other = page.context.new_page()
    deaf = {"on": False}

    def route(ws: WebSocketRoute) -> None:
        server = ws.connect_to_server()

        def to_page(message: str | bytes) -> None:
            if deaf["on"] and json.loads(message).get("type") == "state":
                return
            ws.send(message)

        server.on_message(to_page)

    other.route_web_socket(re.compile(r"/ws/tables/"), route)
    other.goto(f"{gs_server}table/{table}")
    expect(other.locator("#gs-board .gs-space.target").first).to_be_visible()
    deaf["on"] = True
    page.locator("#gs-board .gs-space.target").first.click()
    expect(page.locator("body")).not_to_have_attribute("data-version", "0")
    expect(other.locator("body")).to_have_attribute("data-version", "0")
    other.locator("#gs-board .gs-space.target").first.click()
    expect(other.locator("#decision .gs-refusal")).to_contain_text("Refused:")
    expect(other.locator("#notice")).to_be_visible()
    other.close()


def test_the_yin_yang_mode_and_the_keyboard(page: Page, gs_server: str) -> None:
    create_ghost_stories(page, gs_server)
    # Place the arriving ghost(s) until the Taoist's own move.
    while "Move your Taoist" not in page.locator("#decision h2").inner_text():
        wait_for_my_turn_or_the_end(page)
        click_once(page)
        wait_for_my_turn_or_the_end(page)
    tiles = page.locator("#gs-board .gs-tile.target")
    moves = tiles.count()
    assert moves >= 8  # the centre's neighbours, and more with a power that flies
    # The Yin-Yang mode points at the tiles whose help the Yin-Yang can buy, then goes back.
    page.click("#gs-yinyang")
    expect(page.locator("#gs-yinyang")).to_have_text("Back to normal actions")
    expect(page.locator("#decision .gs-hints")).to_contain_text("Yin-Yang")
    page.click("#gs-yinyang")
    expect(page.locator("#gs-yinyang")).to_have_text("Use the Yin-Yang")
    expect(tiles).to_have_count(moves)
    # A highlighted tile is reached with Tab and chosen with Enter.
    version = page.evaluate("document.body.dataset.version")
    tiles.first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("body")).not_to_have_attribute("data-version", version)

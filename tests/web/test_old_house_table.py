"""The Mystery of the Old House table in the browser (web/games/old-house.js), driven through
Debian's Chromium with Playwright: a whole game as the Phantom against AI hunters and a whole game
as the hunters against an AI Phantom (choosing the heroes and sharing Twilight's cards), both by
clicking; the hunters' heat map against the view's belief; the hot-seat cover; the language switch.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, WebSocket, expect

from tests.web.live import fix_the_seed, open_new_table, serve

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


@pytest.fixture(scope="module")
def oh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with AI seats moving almost at once (a game is long)."""
    yield from serve(tmp_path_factory, "oh-browser", ai_delay=0.01)


class Frames:
    """The `state` messages the page receives, newest last."""

    def __init__(self, page: Page) -> None:
        self.states: list[dict[str, Any]] = []
        page.on("websocket", self._watch)

    def _watch(self, ws: WebSocket) -> None:
        ws.on("framereceived", self._received)

    def _received(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "state":
            self.states.append(message)

    def latest(self, page: Page) -> dict[str, Any]:
        version = int(page.evaluate("document.body.dataset.version"))
        return next(s for s in reversed(self.states) if s["version"] == version)


def create_old_house(page: Page, server: str, kinds: list[str], heat_map: bool = False) -> str:
    """An Old House table: seat i is `kinds[i]` ("me" or "ai", AI seats play the heuristic)."""

    def seats(page: Page) -> None:
        rows = page.locator(".seat-row")
        for i, kind in enumerate(kinds):
            rows.nth(i).locator(".seat-kind").select_option(kind)
            if kind == "ai":
                rows.nth(i).locator(".seat-bot").select_option("heuristic")
        if heat_map:
            page.check('#options [data-option="heat-map"]')

    table = open_new_table(page, server, "old-house", len(kinds), seats)
    if kinds.count("me") == 1:
        expect(page.locator("#oh-map .oh-cell")).to_have_count(64)
    return table


def wait_for_my_turn_or_the_end(page: Page) -> bool:
    """True when the game is over, False when it is this seat's move."""
    page.wait_for_function(
        "document.body.dataset.status === 'finished' || document.querySelector('#decision h2') !== null"
        " || !document.querySelector('#oh-cover').hidden",
        timeout=60_000,
    )
    return page.evaluate("document.body.dataset.status") == "finished"


# What a click goes to first: the hot-seat cover, a hero card, Twilight's cards (to take or to give),
# a Move card or a lit cell of the private map, a hunter to go next, a lit cell of the house, then
# the buttons (ending the turn last).
CLICK_ORDER = [
    ("cover", "#oh-cover:not([hidden]) #oh-show"),
    ("hero", "#oh-heroes button.target"),
    ("card", "#oh-offer button.target"),
    ("share", "#oh-share button.target"),
    ("private", "#oh-private-map .oh-target"),
    ("hand", "#oh-hand button.target"),
    ("order", "#oh-hunters button.target"),
    ("house", "#oh-map .oh-target"),
    ("button", '#decision .oh-actions button.action:not([data-kind="end_turn"]):not([data-kind="accelerate"])'),
    ("end", '#decision .oh-actions button.action[data-kind="end_turn"]'),
    ("button", "#decision .oh-actions button.action"),
]


def click_once(page: Page, skip: frozenset[str] = frozenset()) -> str:
    """One click, by CLICK_ORDER (kinds in `skip` passed over); returns what was clicked."""
    before = page.evaluate("document.body.dataset.version")
    try:
        for what, selector in CLICK_ORDER:
            found = page.locator(selector)
            count = 0 if what in skip else found.count()
            if not count:
                continue
            # counted once: the frame may change under us, and a click that misses is retried
            target = found.nth(int(page.evaluate("document.body.dataset.version")) % count)
            target.click(timeout=3_000)
            break
        else:
            return "retry"
    except PlaywrightError:
        return "retry"  # the frame changed under the pointer; look again
    if what == "cover":
        return what
    page.wait_for_function(
        f"document.body.dataset.version !== '{before}' || document.body.dataset.status === 'finished'"
        " || document.querySelector('#decision .oh-refusal') !== null",
        timeout=20_000,
    )
    return what


def play(page: Page, skip: frozenset[str] = frozenset(), clicks: int | None = None) -> dict[str, int]:
    """Plays by clicking until the end (or for `clicks` clicks); counts the kinds of click."""
    done: dict[str, int] = {}
    while clicks is None or sum(done.values()) < clicks:
        if wait_for_my_turn_or_the_end(page):
            break
        what = click_once(page, skip)
        done[what] = done.get(what, 0) + 1
        assert done.get("retry", 0) < 30, done
        assert sum(done.values()) < 2_000, done
    return done


def test_a_whole_game_as_the_phantom_against_ai_hunters(
    page: Page, oh_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    frames = Frames(page)
    # A fixed deal: with some deals the hunters name the Phantom within two rounds, too soon for
    # the checks below on how the turns were played.
    fix_the_seed(monkeypatch, 3)
    create_old_house(page, oh_server, ["me", "ai", "ai"])
    monkeypatch.undo()
    expect(page.locator("#who")).to_have_text("You are Phantom")
    # Twilight: take the cards openly, then name them one by one by clicking them.
    expect(page.locator("#decision h2")).to_have_text("Your move: Twilight: take your action cards")
    page.click('#decision button[data-kind="pick_cards"]')
    expect(page.locator("#oh-offer button.target")).to_have_count(13)
    for _ in range(4):
        version = page.evaluate("document.body.dataset.version")
        page.locator("#oh-offer button.target").first.click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    # The opening turn: the private map shows the Phantom and lights the cells its Move cards reach.
    expect(page.locator("#decision h2")).to_have_text("Your move: Your Phantom turn")
    expect(page.locator("#oh-private-map .oh-phantom")).to_have_count(1)
    # On the public house it shows only where the view says (its known start cell, or a reveal).
    public_cell = frames.latest(page)["view"]["phantom"]["cell"]
    expect(page.locator("#oh-map .oh-phantom")).to_have_count(1 if public_cell else 0)
    expect(page.locator("#oh-hand .oh-move-card")).to_have_count(4)
    expect(page.locator("#oh-map .oh-trap")).to_have_count(0)
    cells = page.locator("#oh-private-map .oh-target").evaluate_all("ns => ns.map(n => n.dataset.target)")
    steps = [a["action"]["dir"] for a in frames.latest(page)["decision"]["actions"] if a["action"]["kind"] == "step"]
    assert len(cells) == len(steps) >= 1
    page.locator("#oh-private-map .oh-target").first.click()
    expect(page.locator("#oh-private-map .oh-route")).to_have_count(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "old-house-phantom.png"), full_page=True)
    done = play(page)
    # The opening turns and the later ones are played through the private map or the hand.
    assert done.get("private", 0) + done.get("hand", 0) >= 6, done
    assert done.get("end", 0) >= 3, done
    expect(page.locator("body")).to_have_attribute("data-status", "finished")
    expect(page.locator("#oh-result")).to_contain_text(re.compile("Victory|Defeat"))
    expect(page.locator("#decision")).to_be_hidden()
    last = frames.states[-1]["view"]
    assert last["winner"] in ("phantom", "hunters")
    expect(page.locator("#oh-map .oh-phantom")).to_have_count(1)  # shown once the game is over
    page.screenshot(path=str(SHOTS / "old-house-phantom-finished.png"), full_page=True)


def test_a_whole_game_as_the_hunters_against_an_ai_phantom_with_the_heat_map(
    page: Page, oh_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    frames = Frames(page)
    fix_the_seed(monkeypatch, 3)  # a fixed deal, so the game lasts the rounds counted below
    create_old_house(page, oh_server, ["ai", "me"], heat_map=True)
    monkeypatch.undo()
    expect(page.locator("#who")).to_have_text("You are Hunter 1")
    expect(page.locator("#oh-private")).to_be_hidden()
    # Setup: the one hunter seat of a two-player game chooses two heroes, by clicking their cards.
    expect(page.locator("#decision h2")).to_have_text("Your move: Setup: choose your hero")
    expect(page.locator("#oh-heroes button.target")).to_have_count(6)
    page.locator('#oh-heroes button.target[data-hero="tracker"]').click()
    expect(page.locator("#oh-heroes button.target")).to_have_count(5)
    expect(page.locator('#oh-heroes button.target[data-hero="tracker"]')).to_have_count(0)
    page.locator('#oh-heroes button.target[data-hero="exorcist"]').click()
    page.wait_for_function("document.querySelector('#oh-share button.target') !== null", timeout=60_000)
    assert [h["name"] for h in frames.latest(page)["view"]["hunters"]] == ["tracker", "exorcist"]
    # Twilight's cards the Phantom left: each given to a hunter by clicking the hunter beside it,
    # the Trap cards to the tracker, the others to the exorcist.
    expect(page.locator("#decision h2")).to_have_text("Your move: Twilight: share the cards")
    while page.locator("#oh-share button.target").count():
        shared = frames.latest(page)["view"]["sharing"]["available"]
        card = shared[0]
        to = "tracker" if card["hunter"] == "trap" else "exorcist"
        version = page.evaluate("document.body.dataset.version")
        page.locator(f'#oh-share button.target[data-card="{card["id"]}"][data-hunter="{to}"]').click()
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    latest = frames.latest(page)["view"]
    assert all(c["hunter"] == "trap" for c in latest["hunters"][0]["cards"])
    assert not any(c["hunter"] == "trap" for c in latest["hunters"][1]["cards"])
    # The first hunters' phase: choose who goes by clicking the hunter.
    page.wait_for_function("document.querySelector('#oh-hunters button.target') !== null", timeout=60_000)
    expect(page.locator("#decision h2")).to_have_text("Your move: Who hunts next?")
    # The heat map shades exactly the view's possible cells (the engine's belief).
    drawn = page.locator("#oh-map .oh-possible").evaluate_all("ns => ns.map(n => n.dataset.cell)")
    latest = frames.latest(page)["view"]
    assert sorted(drawn) == latest["possible_cells"] and drawn
    assert "private" not in latest and latest["phantom"]["cell"] is None
    # The AI Phantom's two opening turns show in the log as the game words them, without directions,
    # capitalised as the log's other entries are.
    expect(page.locator("#log li em").filter(has_text=re.compile("^Plays a move card$")).first).to_be_visible()
    expect(page.locator("#log li em").filter(has_text="hidden move")).to_have_count(0)
    expect(page.locator("#oh-possible-count")).to_contain_text(f"{len(drawn)} cells")
    # The hunter to go first is one holding a Trap card (the Phantom may have taken the others').
    trappers = [h["name"] for h in latest["hunters"] if any(c["hunter"] == "trap" for c in h["cards"])]
    assert trappers, latest["hunters"]
    page.locator(f'#oh-hunters button.target[data-hunter-order="{trappers[0]}"]').click()
    # A trap, set secretly: choose the trap tool, click a lit cell; the trap shows on this screen.
    page.wait_for_function("document.querySelector('#oh-tools [data-tool=\"trap\"]') !== null")
    page.click('#oh-tools [data-tool="trap"]')
    trap_cell = page.locator("#oh-map .oh-target").first.get_attribute("data-target")
    version = page.evaluate("document.body.dataset.version")
    page.locator("#oh-map .oh-target").first.click()
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    expect(page.locator(f'#oh-map .oh-trap[data-trap="{trap_cell}"]')).to_have_count(1)
    # Then the move, by clicking a lit cell of the house.
    expect(page.locator('#oh-tools [data-tool="move"]')).to_have_class(re.compile("current"))
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "old-house-hunters.png"), full_page=True)
    done = play(page)
    assert done.get("order", 0) >= 4 and done.get("house", 0) >= 4, done
    expect(page.locator("body")).to_have_attribute("data-status", "finished")
    expect(page.locator("#oh-result")).to_contain_text(re.compile("Victory|Defeat"))
    page.screenshot(path=str(SHOTS / "old-house-hunters-finished.png"), full_page=True)


def test_hot_seat_covers_the_screen_between_turns(page: Page, oh_server: str) -> None:
    table = create_old_house(page, oh_server, ["me", "me"])
    # Both seats are held here: the Phantom's screen stays covered until its owner asks for it.
    expect(page.locator("#oh-cover")).to_be_visible()
    expect(page.locator("#oh-cover")).to_contain_text("Pass the screen")
    # Nothing of the covered screen is drawn, and the table's log is out of sight.
    expect(page.locator("#oh-private-map .oh-cell")).to_have_count(0)
    expect(page.locator(".oh-phantom")).to_have_count(0)
    expect(page.locator("#log")).to_be_hidden()
    # The hunter's page goes first (its two heroes to choose): covered too, then its hero cards,
    # never the Phantom's map; once chosen, it covers itself again.
    page.goto(f"{oh_server}table/{table}?seat=1")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#oh-cover")).to_contain_text("Hunter 1")
    page.click("#oh-show")
    expect(page.locator("#oh-heroes button.target")).to_have_count(6)
    expect(page.locator("#oh-private-map .oh-phantom")).to_have_count(0)
    page.locator('#oh-heroes button.target[data-hero="medium"]').click()
    expect(page.locator("#oh-heroes button.target")).to_have_count(5)
    page.locator('#oh-heroes button.target[data-hero="athlete"]').click()
    expect(page.locator("#oh-cover")).to_be_visible()
    expect(page.locator(".oh-phantom")).to_have_count(0)
    page.goto(f"{oh_server}table/{table}?seat=0")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#oh-cover")).to_contain_text("Phantom")
    page.screenshot(path=str(SHOTS / "old-house-hot-seat.png"), full_page=True)
    page.click("#oh-show")
    expect(page.locator("#oh-cover")).to_be_hidden()
    expect(page.locator("#oh-private-map .oh-phantom")).to_have_count(1)
    # Play the Phantom's part until the hunters' turn: the screen covers itself again.
    while page.locator("#decision h2").count() and page.locator("#oh-cover").is_hidden():
        click_once(page, skip=frozenset({"cover"}))
    expect(page.locator("#oh-cover")).to_be_visible()
    expect(page.locator("#oh-private-map .oh-cell")).to_have_count(0)
    expect(page.locator("#log")).to_be_hidden()
    # The hunter's page of the same browser starts covered too, and never holds the Phantom's map.
    page.goto(f"{oh_server}table/{table}?seat=1")
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#oh-cover")).to_be_visible()
    page.click("#oh-show")
    expect(page.locator("#oh-private-map .oh-phantom")).to_have_count(0)
    expect(page.locator("#oh-private")).to_be_hidden()


def test_switch_the_language_on_the_old_house_table(page: Page, oh_server: str) -> None:
    create_old_house(page, oh_server, ["me", "ai"])
    expect(page.locator("#oh-time h3")).to_have_text("Time")
    page.click("#lang")
    expect(page.locator("#game-title")).to_have_text("古宅之谜")
    expect(page.locator("#oh-time h3")).to_have_text("时间")
    expect(page.locator("#decision h2")).to_have_text("轮到你行动: 黄昏: 拿取行动卡")
    expect(page.locator('#decision button[data-kind="pick_cards"]')).to_have_text("公开拿 4 张卡")
    play(page, clicks=8)
    # The engine's lines are given in Chinese too.
    expect(page.locator("#oh-log")).to_contain_text("第 1 轮的午夜。")
    page.screenshot(path=str(SHOTS / "old-house-zh.png"), full_page=True)
    page.click("#lang")
    expect(page.locator("#oh-events h2")).to_have_text("What happened")


def test_hot_seat_passes_the_table_on_by_itself_behind_the_cover(page: Page, oh_server: str) -> None:
    """Phantom and hunter both "Me": the table comes up as the hunter, who chooses heroes first;
    once they are chosen it passes to the Phantom by itself, and after the Phantom's turn back to
    the hunter, each time behind the cover and with no header button or address used."""
    create_old_house(page, oh_server, ["me", "me"])
    page.evaluate("window.sameDocument = true")
    expect(page.locator("#oh-cover")).to_contain_text("Hunter 1")
    expect(page.locator("#who")).to_contain_text("Hunter 1")
    covers = ["Hunter 1"]
    for _ in range(200):
        if len(covers) >= 3 or wait_for_my_turn_or_the_end(page):
            break
        cover = page.locator("#oh-cover")
        if cover.is_visible():
            expect(page.locator(".oh-phantom")).to_have_count(0)  # nothing of the last seat shows
            seat = "Phantom" if "Phantom" in cover.inner_text() else "Hunter 1"
            if seat != covers[-1]:
                covers.append(seat)
                expect(page.locator("#who")).to_contain_text(seat)
        click_once(page, skip=frozenset() if len(covers) < 3 else frozenset({"cover"}))
    assert covers[:3] == ["Hunter 1", "Phantom", "Hunter 1"], covers
    assert page.evaluate("window.sameDocument === true")

"""Accessibility of the lobby and the three tables, in English and in Chinese: axe-core (through
``axe-playwright-python``) finds no serious or critical issue, checked at the start of a game and
after each of its first moves; every move can be made with the keyboard alone (Tab to a control,
Enter or Space on it), with a focus ring where the keyboard is; the tab's title and icon say when
it is the reader's turn, and a browser notification is asked for only on its switch's click.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from tests.web.live import open_new_table, serve

GAMES = ("ghost-stories", "run-ghost-run", "old-house")
# Every table's "All legal actions" buttons: each legal action in words, reached by Tab.
ANY = "#decision .gs-any, #decision .rgr-any, #decision .oh-any"
AXE = Axe()


@pytest.fixture(scope="module")
def a11y_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "a11y", ai_delay=0.01)


@pytest.fixture(params=["en", "zh"])
def lang_page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.add_init_script(f"localStorage.setItem('ghosttable.lang', '{request.param}')")
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


def serious_issues(page: Page) -> list[str]:
    """axe-core's serious and critical findings on the page as it is: rule, then the elements."""
    results = AXE.run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes'][:5]]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def me_against_ai(page: Page) -> None:
    kinds = page.locator(".seat-row .seat-kind")
    for i in range(1, kinds.count()):
        kinds.nth(i).select_option("ai")


def wait_for_my_action(page: Page) -> bool:
    """Waits until the seat has a legal action (``False``: the game ended first)."""
    page.wait_for_function(f"document.body.dataset.status === 'finished' || document.querySelector('{ANY}')")
    return page.evaluate("document.body.dataset.status") != "finished"


def test_the_lobby_has_no_serious_accessibility_issue(lang_page: Page, a11y_server: str) -> None:
    lang_page.goto(a11y_server)
    expect(lang_page.locator("body")).to_have_attribute("data-ready", "true")
    # The page says its language (a screen reader reads Chinese as Chinese).
    lang = lang_page.evaluate("localStorage.getItem('ghosttable.lang')")
    assert lang_page.evaluate("document.documentElement.lang") == ("zh-Hans" if lang == "zh" else "en")
    for game in GAMES:
        lang_page.select_option("#game", game)
        expect(lang_page.locator("#options .option, #options p").first).to_be_visible()
        assert serious_issues(lang_page) == [], game


@pytest.mark.parametrize("game", GAMES)
def test_each_table_has_no_serious_accessibility_issue(lang_page: Page, a11y_server: str, game: str) -> None:
    open_new_table(lang_page, a11y_server, game, 2, me_against_ai)
    for move in range(6):
        if not wait_for_my_action(lang_page):
            break
        lang_page.wait_for_timeout(200)  # the table module's stylesheet and the dice's roll
        assert serious_issues(lang_page) == [], (game, move)
        before = lang_page.evaluate("document.body.dataset.frame")
        lang_page.evaluate(f"document.querySelector('{ANY}').click()")
        lang_page.wait_for_function(f"document.body.dataset.frame !== '{before}'")


def tab_to(page: Page, selector: str, limit: int = 600) -> None:
    """Presses Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def focus_ring(page: Page) -> str:
    return str(page.evaluate("getComputedStyle(document.activeElement).outlineStyle"))


def still_focused(page: Page, selector: str) -> bool:
    """Whether the focused element still matches ``selector`` (a redraw of the table between two
    key presses puts the focus back on the page's body)."""
    return bool(page.evaluate("(s) => document.activeElement?.matches(s) ?? false", selector))


def settled(page: Page) -> str:
    """Waits until no new frame has come for half a second (the AI seats have played, the table
    is drawn); returns that frame."""
    frame = str(page.evaluate("document.body.dataset.frame"))
    for _ in range(60):
        page.wait_for_timeout(500)
        now = str(page.evaluate("document.body.dataset.frame"))
        if now == frame:
            break
        frame = now
    return frame


@pytest.mark.parametrize("game", GAMES)
def test_a_game_played_with_the_keyboard_only(page: Page, a11y_server: str, game: str) -> None:
    open_new_table(page, a11y_server, game, 2, me_against_ai)
    played = 0
    for _ in range(20):
        if played == 5 or not wait_for_my_action(page):
            break
        frame = settled(page)
        # The list of every legal action: opened with Enter on its heading, then its first button
        # taken with Enter (or Space, every other move).
        if not page.locator(f"{ANY}").first.is_visible():
            tab_to(page, "#decision details > summary")
            if page.evaluate("document.body.dataset.frame") != frame or not still_focused(
                page, "#decision details > summary"
            ):
                continue  # the table was drawn anew meanwhile (the focus with it): again
            assert focus_ring(page) != "none"
            page.keyboard.press("Enter")
        tab_to(page, ANY)
        if page.evaluate("document.body.dataset.frame") != frame or not still_focused(page, ANY):
            continue
        assert focus_ring(page) != "none"
        page.keyboard.press("Enter" if played % 2 == 0 else " ")
        page.wait_for_function(f"document.body.dataset.frame !== '{frame}'")
        played += 1
    assert played >= 3, played


def test_the_board_cells_answer_the_keyboard(page: Page, a11y_server: str) -> None:
    """The Old House's lit cells: reached by Tab and taken with Enter, as a click takes them."""
    open_new_table(page, a11y_server, "old-house", 2, me_against_ai)
    for _ in range(30):
        assert wait_for_my_action(page)
        if page.locator("#oh-map .oh-target, #oh-private-map .oh-target").count():
            break
        before = page.evaluate("document.body.dataset.frame")
        page.evaluate(f"document.querySelector('{ANY}').click()")
        page.wait_for_function(f"document.body.dataset.frame !== '{before}'")
    tab_to(page, ".oh-target")
    name = page.evaluate("document.activeElement.querySelector('title').textContent")
    assert name, "a lit cell names its action"
    before = page.evaluate("document.body.dataset.frame")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.body.dataset.frame !== '{before}'")


# A stand-in for the browser's Notification: counts the permission requests and the notifications
# shown, the page kept "hidden" (another tab in front) so that a notification is due.
FAKE_NOTIFICATION = """
    window.asked = 0;
    window.shown = [];
    class FakeNotification {
        constructor(title, options) { window.shown.push(title); }
        static requestPermission() {
            window.asked += 1;
            FakeNotification.permission = "granted";
            return Promise.resolve("granted");
        }
    }
    FakeNotification.permission = "default";
    window.Notification = FakeNotification;
    Object.defineProperty(document, "visibilityState", { get: () => "hidden" });
"""


TURN_RECORDER = """() => {
    window.turns = [];
    const icon = () => document.querySelector("link[rel='icon']").getAttribute("href").split("/").pop();
    new MutationObserver(() => {
        const yours = document.body.dataset.yourTurn;
        const last = window.turns[window.turns.length - 1];
        if (!last || last[0] !== yours) window.turns.push([yours, document.title, icon()]);
    }).observe(document.body, { attributes: true, attributeFilter: ["data-your-turn"] });
}"""


def test_the_tab_says_when_it_is_your_turn(browser: Browser, a11y_server: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.add_init_script(FAKE_NOTIFICATION)
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        open_new_table(page, a11y_server, "run-ghost-run", 2, me_against_ai)
        # Nothing is asked of the browser unless the reader asks for it.
        assert page.evaluate("window.asked") == 0
        expect(page.locator("#turn-sound")).not_to_be_checked()
        expect(page.locator("#turn-notify")).not_to_be_checked()
        page.check("#turn-notify")
        page.wait_for_function("window.asked === 1")
        expect(page.locator("#turn-notify")).to_be_checked()
        assert page.evaluate("localStorage.getItem('ghosttable.turn.notify')") == "on"
        # Red plays first: the title and the icon say so.
        page.wait_for_selector(f"{ANY}", state="attached")
        expect(page).to_have_title("▶ Your turn · Run, Ghost, Run! · ghosttable")
        assert "ghost-turn.svg" in page.evaluate("document.querySelector(\"link[rel='icon']\").href")
        # Once Red's turn is over and Blue (AI) plays, the title is the table's own again, and
        # when Red's turn comes back a notification is shown. (Each change of the page's turn mark
        # is recorded with the title and the icon of that moment: the AI may move quickly.)
        page.evaluate(TURN_RECORDER)
        for _ in range(40):
            if page.evaluate("window.turns.some(([yours]) => yours === 'false')"):
                break
            wait_for_my_action(page)
            before = page.evaluate("document.body.dataset.frame")
            page.evaluate(f"document.querySelector('{ANY}').click()")
            page.wait_for_function(f"document.body.dataset.frame !== '{before}'")
        page.wait_for_function(
            "window.turns.some(([yours]) => yours === 'false') && document.body.dataset.yourTurn === 'true'"
        )
        turns = page.evaluate("window.turns")
        other = turns.index(next(t for t in turns if t[0] == "false"))
        assert turns[other][1:] == ["Run, Ghost, Run! · ghosttable", "ghost.svg"], turns
        assert ["true", "▶ Your turn · Run, Ghost, Run! · ghosttable", "ghost-turn.svg"] in turns[other:], turns
        page.wait_for_function("window.shown.length === 1")
        assert page.evaluate("window.shown") == ["Your turn: Run, Ghost, Run!"]
        # The choice is kept for the next table, and no new request is made for it.
        page.reload()
        expect(page.locator("body")).to_have_attribute("data-ready", "true")
        assert page.evaluate("window.asked") == 0
    finally:
        context.close()

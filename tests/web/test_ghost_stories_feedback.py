"""The Ghost Stories table's history and feedback in the browser: the whole game's events grouped
by turn (across a reload too), dice drawn as dice with who rolled them, an exorcism's result and a
failure's reason by the board, a tile's or a ghost's text on click, the board in view at
1920 x 1080 and readable after zooming at 390 x 844.

Positions built with the rules tests' helpers are drawn by the table module itself (mounted in a
page of the live server with a frame made from the position's view), so that a precise situation
(a ghost forbidding the Tao tokens, a failed exorcism) is on the table every time.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from ghosttable.games.ghost_stories.rules import GhostStoriesState
from tests.games.ghost_stories.positions import do, give, put, table, yang
from tests.web.live import open_new_table, serve


@pytest.fixture(scope="module")
def feedback_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "gs-feedback", ai_delay=0.01)


def failed_exorcism() -> GhostStoriesState:
    """The yellow Taoist on the Pavilion faces Bleeding Eyes (south space 2) while Black Widow
    (no Tao token may be used) is in play: it rolls red, green, green, and the exorcism fails."""
    state = table()
    put(state, 1, 38)  # Bleeding Eyes
    put(state, 4, 50)  # Black Widow
    state.pos[0] = 7
    give(state, 0, red=1)
    yang(state)
    state.chance.script("tao_dice", ["red", "green", "green"])
    do(state, "stay")
    do(state, "exorcise")
    return state


def exorcism() -> GhostStoriesState:
    """The yellow Taoist on the Pavilion rolls red, red, red against Bleeding Eyes, and exorcises it."""
    state = table()
    put(state, 1, 38)  # Bleeding Eyes
    state.pos[0] = 7
    yang(state)
    state.chance.script("tao_dice", ["red", "red", "red"])
    do(state, "stay")
    do(state, "exorcise")
    return state


def frame_of(state: GhostStoriesState, seat: int = 0) -> dict[str, Any]:
    """A `state` frame as the server would send it, without a decision (the seat watches)."""
    return {
        "type": "state",
        "table": "position",
        "version": len(state.history),
        "status": "playing",
        "seat": seat,
        "view": state.view(seat),
        "decision": None,
        "acting": [0],
        "seats": [],
        "log_start": 0,
        "log": [],
        "result": None,
    }


def mount_position(page: Page, server: str, state: GhostStoriesState, lang: str = "en") -> None:
    """Draws ``state`` with the Ghost Stories table module in a page of the server (the module's
    table is ``window.gsTable``, for later frames)."""
    page.goto(server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.evaluate(
        """async ([frame, lang]) => {
            const i18n = await import("/static/js/i18n.js");
            const api = await import("/static/js/api.js");
            const mod = await import("/table-modules/ghost-stories.js");
            i18n.addStrings(mod.strings);
            if (i18n.lang() !== lang) i18n.setLanguage(lang);
            document.body.replaceChildren();
            const root = api.el("div", { id: "board" });
            document.body.append(root);
            const table = mod.mount(root, {
                t: i18n.t, tOr: i18n.tOr, lang: i18n.lang, el: api.el, mode: "play", seat: 0,
                game: { name: "ghost-stories" }, options: {},
                seatName: (s) => i18n.t(`game.ghost-stories.seat.taoist${s + 1}`),
                act: () => Promise.reject({ code: "test", reason: "no server here" }),
            });
            table.update(frame);
            window.gsTable = table;
        }""",
        [frame_of(state), lang],
    )
    expect(page.locator("#gs-board .gs-tile")).to_have_count(9)


def test_a_failed_exorcism_says_why_by_the_board(page: Page, feedback_server: str) -> None:
    mount_position(page, feedback_server, failed_exorcism())
    feedback = page.locator("#gs-feedback")
    expect(feedback).to_be_visible()
    expect(feedback).to_have_class("gs-feedback failed")
    expect(feedback).to_contain_text("The exorcism fails.")
    expect(feedback).to_contain_text("no Tao token may be used while Black Widow is in play (No tokens)")
    expect(feedback).to_contain_text("Bleeding Eyes needs")
    # It stands by the board: just above it.
    box = feedback.bounding_box()
    board = page.locator("#gs-board-wrap").bounding_box()
    assert box and board and 0 <= board["y"] - (box["y"] + box["height"]) < 60, (box, board)
    # The dice are dice, and say who rolled them.
    dice = page.locator("#gs-dice .gs-die.tao")
    expect(dice).to_have_count(3)
    expect(dice.nth(0)).to_have_attribute("aria-label", "red")
    expect(page.locator("#gs-dice-who")).to_have_text("rolled by Taoist 1 (the yellow Taoist)")


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Taoist 1 (the yellow Taoist) exorcises Bleeding Eyes."), ("zh", "泣血之眼")]
)
def test_an_exorcism_says_what_it_did_by_the_board(page: Page, feedback_server: str, lang: str, said: str) -> None:
    mount_position(page, feedback_server, exorcism(), lang=lang)
    feedback = page.locator("#gs-feedback")
    expect(feedback).to_have_class("gs-feedback ok")
    expect(feedback).to_contain_text(said)
    assert "null" not in feedback.inner_text() and "undefined" not in feedback.inner_text()


def test_a_click_opens_a_tile_or_a_ghost_in_the_preview(page: Page, feedback_server: str) -> None:
    mount_position(page, feedback_server, failed_exorcism())
    preview = page.locator("#gs-preview")
    expect(preview).to_be_hidden()
    page.locator('#gs-board [data-tile-id="tea_house"]').click()
    expect(preview).to_be_visible()
    expect(preview.locator("h3")).to_have_text("Tea House")
    expect(preview).to_contain_text("Tao token")
    # A ghost's card: its name, colour, resistance and every ability in words.
    page.locator('#gs-board [data-space="4"]').click()
    expect(preview.locator("h3")).to_have_text("Black Widow")
    expect(preview).to_contain_text("No Tao token may be used while it is in play.")
    # Its text is read at the page's own size, not the board's.
    size = float(preview.locator("li").first.evaluate("(n) => parseFloat(getComputedStyle(n).fontSize)"))
    assert size >= 14, size
    page.click("#gs-preview-close")
    expect(preview).to_be_hidden()


def test_the_whole_board_is_in_view_at_1920_by_1080(browser: Browser, feedback_server: str) -> None:
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="en-US")
    page = context.new_page()
    try:
        open_new_table(page, feedback_server, "ghost-stories", 4)
        expect(page.locator("#decision h2")).to_be_visible()
        board = page.locator("#gs-board").bounding_box()
        mine = page.locator("#gs-board .gs-panel.you").bounding_box()
        decision = page.locator("#decision").bounding_box()
        assert board and mine and decision
        assert board["y"] + board["height"] <= 1080 and board["height"] >= 800, board
        assert mine["y"] + mine["height"] <= 1080, mine
        assert decision["y"] + decision["height"] <= 1080, decision
    finally:
        context.close()


def test_the_board_zooms_to_readable_text_on_a_phone(browser: Browser, feedback_server: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = context.new_page()
    try:
        mount_position(page, feedback_server, failed_exorcism())
        ability = page.locator('#gs-board [data-space="4"] .gs-ability').first

        def shown_height() -> float:
            return float(ability.evaluate("(n) => n.getBoundingClientRect().height"))

        small = shown_height()
        page.click("#gs-zoom-in")
        page.click("#gs-zoom-in")
        expect(page.locator("#gs-zoom .gs-zoom-level")).to_have_text("200%")
        assert shown_height() >= 9 > small, (small, shown_height())
        # The board scrolls in its own frame: the page stays as wide as the window.
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        page.click("#gs-zoom-fit")
        expect(page.locator("#gs-zoom .gs-zoom-level")).to_have_text("100%")
    finally:
        context.close()


def test_what_happened_keeps_the_whole_game_grouped_by_turn(page: Page, feedback_server: str) -> None:
    def seats(page: Page) -> None:
        kinds = page.locator(".seat-row .seat-kind")
        for i in (1, 2, 3):
            kinds.nth(i).select_option("ai")

    open_new_table(page, feedback_server, "ghost-stories", 4, seats)
    log = page.locator("#gs-log")
    # Play on (first legal action each time) until the game has more lines than one view holds.
    for _ in range(60):
        if int(log.get_attribute("data-log-length") or "0") > 80:
            break
        page.wait_for_function(
            "document.body.dataset.status === 'finished' || document.querySelector('#decision .gs-any')"
        )
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        before = page.evaluate("document.body.dataset.version")
        page.evaluate("document.querySelector('#decision .gs-any').click()")
        page.wait_for_function(f"document.body.dataset.version !== '{before}'")
    length = int(log.get_attribute("data-log-length") or "0")
    assert length > 80, length

    def check_whole() -> None:
        # Every line of the game: the turns' lines head their groups, the others are items (read
        # in one go from one drawing of the box: an AI seat may add lines meanwhile).
        page.wait_for_function(
            """() => {
                const box = document.getElementById('gs-log');
                if (!box) return false;
                const counted = box.querySelectorAll('li').length
                    + box.querySelectorAll('.gs-turn:not([data-turn="0"]) h3').length;
                return counted > 0 && counted === Number(box.dataset.logLength);
            }""",
            timeout=30_000,
        )
        expect(log.locator("li").first).to_contain_text("Setup at Initiation level with 4 players;")
        heads = log.locator(".gs-turn h3").all_text_contents()
        assert heads[0] == "Setup" and heads[1].startswith("Turn 1: ") and len(heads) >= 4, heads
        # It scrolls within its box.
        assert page.evaluate(
            "(() => { const n = document.getElementById('gs-log'); return n.scrollHeight > n.clientHeight; })()"
        )

    check_whole()
    # A reload in the same tab keeps the history whole.
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(log).to_be_visible()
    check_whole()
    expect(page.locator(".gs-missing")).to_have_count(0)


@pytest.mark.parametrize(("lang", "title"), [("en", "Neutral board"), ("zh", "中立者游戏板")])
def test_a_board_without_a_taoist_is_titled_as_such(page: Page, feedback_server: str, lang: str, title: str) -> None:
    # Three Taoists: the fourth board is played by no one.
    mount_position(page, feedback_server, table(players=3), lang=lang)
    titles = page.locator("#gs-board .gs-panel-title")
    expect(titles).to_have_count(4)
    expect(titles.filter(has_text=title)).to_have_count(1)


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_roll_rolls_the_dice_and_what_changed_is_lit_on_the_board(
    page: Page, feedback_server: str, motion: str
) -> None:
    # Bleeding Eyes on the south board's first space; the yellow Taoist, on the Pavilion facing it,
    # then rolls red, red, red and exorcises it: the next frame shows the roll and the empty space.
    page.emulate_media(reduced_motion=motion)  # type: ignore[arg-type]
    state = table()
    put(state, 1, 38)
    state.pos[0] = 7
    yang(state)
    state.chance.script("tao_dice", ["red", "red", "red"])
    do(state, "stay")
    mount_position(page, feedback_server, state)
    expect(page.locator("#gs-dice .gs-die.tao")).to_have_count(0)
    do(state, "exorcise")
    page.evaluate("(frame) => window.gsTable.update(frame)", frame_of(state))
    rolled = page.locator("#gs-dice .gs-dice-set.rolling .gs-die.tao")
    expect(rolled).to_have_count(3)
    expect(page.locator("#gs-dice-who")).to_have_text("rolled by Taoist 1 (the yellow Taoist)")
    # The dice tumble, unless the reader asked for less motion.
    animation = rolled.first.evaluate("(n) => getComputedStyle(n).animationName")
    assert animation == ("none" if motion == "reduce" else "gs-roll"), animation
    # The space the ghost left is lit where it is, by a glow, or by a still light without motion.
    space = page.locator('#gs-board .gs-space[data-space="1"]')
    expect(space).to_have_class("gs-space changed")
    lit = space.evaluate("(n) => [getComputedStyle(n).animationName, getComputedStyle(n).filter]")
    assert lit[0] == ("none" if motion == "reduce" else "gs-changed"), lit
    if motion == "reduce":
        assert lit[1].startswith("drop-shadow"), lit
    expect(page.locator('#gs-board .gs-space:not([data-space="1"]).changed')).to_have_count(0)

"""Hot seat in the browser: every seat "Me" in one browser. The header's seat buttons are readable,
the table passes to the next seat this browser holds by itself (a hand-over screen first where a
seat has private information), the Seats panel calls those seats the reader's own, and the lobby
lists them in seat order.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

from tests.web.live import open_new_table, serve

# The ratio of two colours' relative luminances (WCAG 2), computed in the page from the
# element's own colours: its text and the first opaque background at or behind it.
CONTRAST = """(node) => {
    if (!node.isConnected) return null;  // drawn anew meanwhile: asked again
    const rgb = (text) => text.match(/[\\d.]+/g).map(Number);
    const lum = ([r, g, b]) => {
        const f = (c) => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
        return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
    };
    let back = node;
    while (back && rgb(getComputedStyle(back).backgroundColor)[3] === 0) back = back.parentElement;
    const fg = lum(rgb(getComputedStyle(node).color));
    const bg = lum(rgb(back ? getComputedStyle(back).backgroundColor : "rgb(255,255,255)"));
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
}"""


@pytest.fixture(scope="module")
def hot_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "hot-seat", ai_delay=0.01)


def every_seat_me(page: Page) -> None:
    kinds = page.locator(".seat-row .seat-kind")
    for i in range(kinds.count()):
        kinds.nth(i).select_option("me")


def take_first_legal_action(page: Page, cls: str) -> None:
    """Sends the first of the seat's legal actions (from the "All legal actions" list) and waits
    for the table to move on."""
    before = page.evaluate("document.body.dataset.frame")
    page.evaluate(f"document.querySelector('#decision .{cls}').click()")
    # A new frame: a sealed plan's step changes the seat's own frame, not the table's version.
    page.wait_for_function(f"document.body.dataset.frame !== '{before}'")


def who(page: Page) -> str:
    return page.locator("#who").inner_text()


def test_hot_seat_ghost_stories_passes_the_table_on_by_itself(page: Page, hot_server: str) -> None:
    table = open_new_table(page, hot_server, "ghost-stories", 3, every_seat_me)
    expect(page.locator("#seat-switch a")).to_have_count(3)
    # Every "Play as" button reads clearly on its face.
    for i in range(3):
        ratio = None
        for _ in range(20):  # the header is drawn anew as seats connect
            try:
                ratio = page.locator("#seat-switch a").nth(i).evaluate(CONTRAST)
            except PlaywrightError:
                ratio = None
            if ratio is not None:
                break
            page.wait_for_timeout(100)
        assert ratio is not None and ratio >= 4.5, (i, ratio)
    expect(page.locator("#who")).to_have_text("You are Taoist 1")
    # A reload would lose this mark: the seat changes in place.
    page.evaluate("window.sameDocument = true")
    seats_played = [who(page)]
    for _ in range(80):
        if len(seats_played) >= 3:
            break
        page.wait_for_selector("#decision .gs-any", state="attached")
        take_first_legal_action(page, "gs-any")
        expect(page.locator("#hand-over")).to_be_hidden()
        page.wait_for_selector("#decision h2")
        if who(page) != seats_played[-1]:
            seats_played.append(who(page))
            # The header and the page's address follow the seat played.
            expect(page.locator("#seat-switch a.current")).to_have_text(who(page).removeprefix("You are "))
            assert f"seat={int(who(page)[-1]) - 1}" in page.url
    assert seats_played[:3] == ["You are Taoist 1", "You are Taoist 2", "You are Taoist 3"], seats_played
    assert page.evaluate("window.sameDocument === true")
    # The Seats panel: the seat played here, and the other seats held in this browser, never "away".
    seats = page.locator("#seats li")
    expect(seats.nth(2)).to_contain_text("you, playing here")
    for i in (0, 1):
        expect(seats.nth(i)).to_contain_text("yours")
        expect(seats.nth(i)).not_to_contain_text("away")
    # A header button changes the seat without a reload too.
    page.locator("#seat-switch a").nth(0).click()
    expect(page.locator("#who")).to_have_text("You are Taoist 1")
    assert page.evaluate("window.sameDocument === true")
    # The lobby names the seats held in seat order.
    page.goto(hot_server)
    expect(page.locator(f"#open-tables li[data-table='{table}']")).to_contain_text("as Taoist 1, Taoist 2, Taoist 3")


def test_hot_seat_with_private_plans_hands_over_behind_a_screen(page: Page, hot_server: str) -> None:
    open_new_table(page, hot_server, "run-ghost-run", 2, every_seat_me)
    expect(page.locator("#who")).to_have_text("You are Red")
    page.evaluate("window.sameDocument = true")
    changes = []
    for _ in range(60):
        if len(changes) >= 2:
            break
        page.wait_for_function(
            "document.querySelector('#decision h2') !== null || !document.getElementById('hand-over').hidden"
        )
        if page.locator("#hand-over").is_visible():
            # The last player's table is hidden until the next one says who they are.
            expect(page.locator("#table-layout")).to_be_hidden()
            # nor does the header still name the seat that handed over
            expect(page.locator("#who")).to_be_hidden()
            text = page.locator("#hand-over-text").inner_text()
            page.click("#hand-over-go")
            expect(page.locator("#table-layout")).to_be_visible()
            changes.append((text, who(page)))
            continue
        take_first_legal_action(page, "rgr-any")
    assert changes[:2] == [
        ("Pass the device to Blue.", "You are Blue"),
        ("Pass the device to Red.", "You are Red"),
    ], changes
    assert page.evaluate("window.sameDocument === true")

"""The lobby and every table at a phone's size (390 x 844): nothing wider than the window
(``document.documentElement.scrollWidth <= 390``), in English and in Chinese; the Run, Ghost, Run!
hall and the Old House's map zoom to readable text in their own frames (Ghost Stories' board:
test_ghost_stories_feedback.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.live import open_new_table, serve

PHONE = {"width": 390, "height": 844}
GAMES = ("ghost-stories", "run-ghost-run", "old-house")


@pytest.fixture(scope="module")
def phone_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "phone", ai_delay=0.01)


@pytest.fixture(params=["en", "zh"])
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    context = browser.new_context(viewport=PHONE, locale="en-US", is_mobile=True, has_touch=True)
    context.add_init_script(f"localStorage.setItem('ghosttable.lang', '{request.param}')")
    context.set_default_timeout(20_000)
    page = context.new_page()
    yield page
    context.close()


def page_width(page: Page) -> int:
    page.wait_for_timeout(300)  # let the table module's stylesheet apply
    return int(page.evaluate("document.documentElement.scrollWidth"))


def test_the_lobby_fits_a_phone(phone: Page, phone_server: str) -> None:
    phone.goto(phone_server)
    expect(phone.locator("body")).to_have_attribute("data-ready", "true")
    for game in GAMES:
        phone.select_option("#game", game)
        expect(phone.locator("#options .option, #options p").first).to_be_visible()
        assert page_width(phone) <= PHONE["width"], game
    # The invitation links, once a table with invited seats is made, fit too.
    phone.select_option("#game", "ghost-stories")
    phone.select_option("#players", "2")
    phone.locator(".seat-row .seat-kind").nth(1).select_option("invite")
    phone.click("#create")
    expect(phone.locator("#invites .invite-link")).to_be_visible()
    assert page_width(phone) <= PHONE["width"]


def others_ai(page: Page) -> None:
    """Every seat but the first an AI seat (the lobby's seat rows)."""
    kinds = page.locator(".seat-row .seat-kind")
    for i in range(1, kinds.count()):
        kinds.nth(i).select_option("ai")


@pytest.mark.parametrize("game", GAMES)
def test_each_table_fits_a_phone(phone: Page, phone_server: str, game: str) -> None:
    open_new_table(phone, phone_server, game, 4, others_ai)
    expect(phone.locator("#decision")).to_be_visible()
    assert page_width(phone) <= PHONE["width"], game


# game, the module's prefix, a text drawn on its board
ZOOMED = [("run-ghost-run", "rgr", "#rgr-hall .rgr-piece-name"), ("old-house", "oh", "#oh-map .oh-room-name")]


@pytest.mark.parametrize(("game", "prefix", "text"), ZOOMED)
def test_the_board_zooms_to_readable_text(phone: Page, phone_server: str, game: str, prefix: str, text: str) -> None:
    open_new_table(phone, phone_server, game, 3, others_ai)
    expect(phone.locator("#decision")).to_be_visible()
    # The label's size on the screen, in px: read once the board is laid out (an AI seat's move
    # draws it anew, and a label just replaced is not on the screen yet).
    shown = f"""() => {{
        const n = document.querySelector('{text}');
        const size = n ? parseFloat(getComputedStyle(n).fontSize) * (n.getScreenCTM()?.a ?? NaN) : NaN;
        return Number.isFinite(size) && size > 0 ? size : null;
    }}"""

    def shown_size() -> float:
        return float(phone.wait_for_function(shown).json_value())

    small = shown_size()
    phone.click(f"#{prefix}-zoom-in")
    phone.click(f"#{prefix}-zoom-in")
    expect(phone.locator(f"#{prefix}-zoom .{prefix}-zoom-level")).to_have_text("200%")
    assert shown_size() >= 9 > small, (small, shown_size())
    # The board scrolls in its own frame: the page stays as wide as the window.
    assert page_width(phone) <= PHONE["width"], game
    phone.click(f"#{prefix}-zoom-fit")
    expect(phone.locator(f"#{prefix}-zoom .{prefix}-zoom-level")).to_have_text("100%")
    assert abs(shown_size() - small) < 0.5

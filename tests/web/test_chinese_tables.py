"""Every word in Chinese when the language is Chinese: the lobby's rule options (labels, choices,
hints, defaults) and bot names, the Ghost Stories and Run, Ghost, Run! tables in play (ghost names
on the cards and in the events, dice, an exorcism's failure and its reasons, the preview), the Old
House's hero cards, and the
words a finished game's outcome is told in.

The visible text (``innerText``, with every collapsed list opened) is searched for Latin words;
what may stay in Latin letters is listed in ``ALLOWED`` with the reason.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.live import open_new_table, serve
from tests.web.test_ghost_stories_feedback import failed_exorcism, mount_position

ALLOWED = {
    "English",  # the language switch names the language it switches to, in that language
    "ISMCTS",  # the search bot's algorithm, an abbreviation with no Chinese form
}
# A Latin word: two letters or more (space names such as "c4" and single letters are not words).
WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")


@pytest.fixture(scope="module")
def zh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "zh-tables", ai_delay=0.01)


@pytest.fixture
def zh_page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="zh-CN")
    context.set_default_timeout(20_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    yield page
    context.close()
    assert not errors, errors


def english_words(page: Page) -> list[str]:
    """The Latin words in the page's visible text, collapsed lists opened, minus ``ALLOWED``."""
    page.evaluate("document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    text = page.evaluate("document.body.innerText")
    # The options of every select (innerText shows the chosen one only).
    text += "\n" + "\n".join(page.locator("option").all_text_contents())
    return sorted({w for w in WORD.findall(text) if w not in ALLOWED})


def play_some(page: Page, actions: int) -> None:
    """Sends the first legal action (from "All legal actions") ``actions`` times, or until the end."""
    for _ in range(actions):
        page.wait_for_function(
            "document.body.dataset.status === 'finished'"
            " || document.querySelector('#decision .gs-any, #decision .rgr-any')"
        )
        if page.evaluate("document.body.dataset.status") == "finished":
            return
        before = page.evaluate("document.body.dataset.frame")
        page.evaluate("document.querySelector('#decision .gs-any, #decision .rgr-any').click()")
        # A new frame: a sealed plan's step changes the seat's own frame, not the table's version.
        page.wait_for_function(f"document.body.dataset.frame !== '{before}'")


def test_the_lobby_in_chinese(zh_page: Page, zh_server: str) -> None:
    zh_page.goto(zh_server)
    expect(zh_page.locator("body")).to_have_attribute("data-ready", "true")
    expect(zh_page.locator("h1")).to_have_text("大厅")
    for game in ("ghost-stories", "run-ghost-run", "old-house"):
        zh_page.select_option("#game", game)
        zh_page.locator(".seat-row .seat-kind").nth(1).select_option("ai")
        assert english_words(zh_page) == [], game
    # Defaults read as words, the same words as the choice.
    zh_page.select_option("#game", "ghost-stories")
    expect(zh_page.locator("#options")).to_contain_text("默认：徒弟")
    expect(zh_page.locator("#opt-score-sheet option:checked")).to_have_text("英文规则书")


def test_the_ghost_stories_table_in_chinese(zh_page: Page, zh_server: str) -> None:
    def seats(page: Page) -> None:
        kinds = page.locator(".seat-row .seat-kind")
        for i in (1, 2, 3):
            kinds.nth(i).select_option("ai")

    open_new_table(zh_page, zh_server, "ghost-stories", 4, seats)
    expect(zh_page.locator("#seats li").nth(1)).to_contain_text("电脑（经验型）")
    play_some(zh_page, 25)
    # A ghost on the board or in the events: its Chinese name.
    expect(zh_page.locator("#gs-log")).to_contain_text("入场")
    assert english_words(zh_page) == []


def test_a_failed_exorcism_and_the_preview_in_chinese(zh_page: Page, zh_server: str) -> None:
    mount_position(zh_page, zh_server, failed_exorcism(), lang="zh")
    expect(zh_page.locator("#gs-feedback")).to_contain_text("驱鬼失败。")
    expect(zh_page.locator("#gs-feedback")).to_contain_text("黑寡妇在场时不能使用道术指示物（破法）")
    expect(zh_page.locator('#gs-board [data-space="1"] .gs-ghost-name')).to_have_text("泣血之眼")
    zh_page.locator('#gs-board [data-space="4"]').click()
    expect(zh_page.locator("#gs-preview h3")).to_have_text("黑寡妇")
    assert english_words(zh_page) == []


def test_the_run_ghost_run_table_in_chinese(zh_page: Page, zh_server: str) -> None:
    def seats(page: Page) -> None:
        page.locator(".seat-row .seat-kind").nth(1).select_option("ai")

    open_new_table(zh_page, zh_server, "run-ghost-run", 2, seats)
    play_some(zh_page, 12)
    assert english_words(zh_page) == []


def test_the_old_house_hero_cards_in_chinese(zh_page: Page, zh_server: str) -> None:
    def seats(page: Page) -> None:
        rows = page.locator(".seat-row")
        rows.nth(0).locator(".seat-kind").select_option("ai")  # the Phantom
        rows.nth(1).locator(".seat-kind").select_option("me")  # the hunter, who chooses its heroes

    open_new_table(zh_page, zh_server, "old-house", 2, seats)
    expect(zh_page.locator("#oh-heroes button.target")).to_have_count(6)
    # each card's title and text in Chinese (the card texts come from the engine in English)
    expect(zh_page.locator('#oh-heroes button[data-hero="medium"]')).to_contain_text("答案公开")
    assert english_words(zh_page) == []


def test_outcomes_are_told_in_words(zh_page: Page, zh_server: str) -> None:
    zh_page.goto(zh_server)
    expect(zh_page.locator("body")).to_have_attribute("data-ready", "true")
    said = zh_page.evaluate(
        """async () => {
            const i18n = await import("/static/js/i18n.js");
            for (const game of ["ghost-stories", "run-ghost-run"]) {
                i18n.addStrings((await import(`/table-modules/${game}.js`)).strings);
            }
            const tell = () => [
                i18n.outcomeText("ghost-stories", { outcome: "win", winners: ["team"] }),
                i18n.outcomeText("ghost-stories", { outcome: "loss", winners: [] }),
                i18n.outcomeText("run-ghost-run", { outcome: "blue", winners: ["blue"] }),
                i18n.outcomeText("old-house", { outcome: "hunters", winners: ["hunters"] }),
                i18n.outcomeText("run-ghost-run", { outcome: "draw", winners: [] }),
            ];
            i18n.setLanguage("en");
            const en = tell();
            i18n.setLanguage("zh");
            return { en, zh: tell() };
        }"""
    )
    assert said["en"] == [
        "The Taoists won: Wu-Feng is defeated",
        "The Taoists lost",
        "Blue won",
        "The hunters won",
        "Nobody won",
    ], said
    assert not any(WORD.search(text) for text in said["zh"]), said


@pytest.mark.parametrize(
    ("code", "reason", "words"),
    [
        ("too_many_tables", "your address has as many tables in play as one address may have (50)", "上限"),
        ("rate_limited", "tables are created at most 30 a minute from one address: try again soon", "稍后再试"),
    ],
)
def test_a_table_refused_over_a_limit_is_told_in_chinese(
    zh_server: str, zh_page: Page, code: str, reason: str, words: str
) -> None:
    """The server words its refusals in English; the Chinese lobby tells the limits' own in Chinese."""
    page = zh_page
    refusal = f'{{"code": "{code}", "reason": "{reason}"}}'
    page.route(
        "**/api/tables",
        lambda route: (
            route.fulfill(status=429, content_type="application/json", body=refusal)
            if route.request.method == "POST"
            else route.continue_()
        ),
    )
    page.goto(zh_server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.click("#create")
    notice = page.locator("#notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(words)
    assert WORD.findall(notice.inner_text()) == []

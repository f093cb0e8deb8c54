"""The browser client, driven through Debian's Chromium (headless) with Playwright.

A live server runs in a thread on a free port with the test-only game Secret Draw registered;
each test gets a fresh browser context (its own local storage, so its own seats).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect, sync_playwright

from ghosttable import registry
from ghosttable.server.storage import Store
from tests.toygame import SecretDraw
from tests.web.live import LiveServer, open_new_table

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class PluginDraw(SecretDraw):
    """Secret Draw under another name, with a table module of its own."""

    spec = dataclasses.replace(SecretDraw.spec, name="plugin-draw", title="Plugin Draw")


@pytest.fixture(scope="module")
def games() -> Iterator[None]:
    registry.register(SecretDraw)
    registry.register(PluginDraw)
    yield
    registry.unregister(SecretDraw.spec.name)
    registry.unregister(PluginDraw.spec.name)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory, games: None) -> Iterator[str]:
    """The app on 127.0.0.1 at a free port; yields its address."""
    live = LiveServer(tmp_path_factory.mktemp("browser") / "ghosttable.db")
    yield live.address
    live.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    assert Path(CHROMIUM).is_file(), "Debian's chromium is needed (scripts/test installs it)"
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    context.set_default_timeout(20_000)
    errors: list[str] = []
    pg = context.new_page()
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    yield pg
    context.close()
    assert not errors, errors


def create_table(page: Page, server: str, players: int = 2, game: str = "secret-draw") -> str:
    """Create a table in the lobby; returns the table's id once its page is open."""
    return open_new_table(page, server, game, players)


def click_action(page: Page, text: str) -> None:
    button = page.locator(f'#decision button.action[data-action="{text}"]')
    expect(button).to_be_visible()
    button.click()


def test_create_a_table_in_the_lobby_and_play_it_to_the_end(page: Page, server: str) -> None:
    create_table(page, server, players=3)
    expect(page.locator("#who")).to_have_text("You are seat1")
    expect(page.locator("#connection")).to_have_text("Connected")
    # Two AI seats seal their bids one step at a time; the log shows them as hidden moves.
    click_action(page, "bid amount=2")
    expect(page.locator("#log li")).to_have_count(3)
    expect(page.locator("#log li em").first).to_contain_text("made a hidden move")
    expect(page.locator("#panels [data-panel=summary]")).to_contain_text("my bid")
    click_action(page, "swap")
    expect(page.locator("body")).to_have_attribute("data-status", "finished")
    expect(page.locator("#status")).to_contain_text("Game over")
    expect(page.locator("#log li")).to_have_count(6)
    # Once the game is over every move is readable, the AI seats' included.
    expect(page.locator("#log li em")).to_have_count(0)
    expect(page.locator("#log li .ai-mark")).to_have_count(4)
    expect(page.locator("#decision")).to_be_hidden()


def test_reload_mid_game_and_carry_on(page: Page, server: str) -> None:
    table = create_table(page, server)
    click_action(page, "bid amount=1")
    expect(page.locator('#decision button.action[data-action="keep"]')).to_be_visible()
    page.reload()
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#who")).to_have_text("You are seat1")
    expect(page.locator("#panels")).to_contain_text("swap")
    # A closed tab comes back to its seat too.
    page.close()
    again = page.context.new_page()
    again.goto(f"{server}table/{table}")
    click_action(again, "keep")
    expect(again.locator("body")).to_have_attribute("data-status", "finished")
    expect(again.locator("#log li")).to_have_count(4)


def test_a_refused_action_shows_the_engines_reason(page: Page, server: str) -> None:
    create_table(page, server)
    expect(page.locator("#decision button.action")).to_have_count(3)
    page.click("#decision details.advanced summary")
    page.fill("#decision .action-text", "bid amount=9")
    page.click("#decision .other-action button")
    expect(page.locator("#notice")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("Refused: bid amount=9 is not allowed at seal_bid")
    click_action(page, "bid amount=0")
    expect(page.locator('#decision button.action[data-action="keep"]')).to_be_visible()


def test_switch_the_language(page: Page, server: str) -> None:
    page.goto(server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("h1")).to_have_text("Lobby")
    page.click("#lang")
    expect(page.locator("h1")).to_have_text("大厅")
    expect(page.locator("#create")).to_have_text("创建牌桌")
    expect(page.locator(".seat-row .seat-kind").first.locator("option:checked")).to_have_text("我")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hans")
    page.select_option("#game", "secret-draw")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/"))
    # The choice is remembered on the table page.
    expect(page.locator("#who")).to_have_text("你是 seat1")
    expect(page.locator("#status")).to_have_text("轮到你了")
    expect(page.locator("#decision h2")).to_have_text("轮到你行动")
    page.click("#lang")
    expect(page.locator("#status")).to_have_text("Your turn")
    expect(page.locator("#decision h2")).to_have_text("Your move")


def test_each_game_starts_at_its_own_player_count(page: Page, server: str) -> None:
    """Another game in the lobby starts at its own default count, not the last game's; a count
    chosen stays while the game does (the form is drawn again in the other language)."""
    page.goto(server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    listed = page.evaluate("fetch('/api/games').then((r) => r.json())")
    defaults = {g["name"]: g["players"]["default"] for g in listed}
    page.select_option("#game", "ghost-stories")
    page.select_option("#players", "1")
    page.select_option("#game", "old-house")
    expect(page.locator("#players")).to_have_value(str(defaults["old-house"]))
    page.select_option("#players", "2")
    page.click("#lang")
    expect(page.locator("h1")).to_have_text("大厅")
    expect(page.locator("#players")).to_have_value("2")
    page.select_option("#game", "run-ghost-run")
    expect(page.locator("#players")).to_have_value(str(defaults["run-ghost-run"]))
    assert defaults["old-house"] not in (1, 2) and defaults["run-ghost-run"] != 2


def test_open_a_replay_and_step_through_it(page: Page, server: str) -> None:
    table = create_table(page, server)
    click_action(page, "bid amount=2")
    click_action(page, "keep")
    expect(page.locator("body")).to_have_attribute("data-status", "finished")
    page.goto(server)
    replay_link = page.locator(f'#finished-tables li[data-table="{table}"] a[data-role=replay]')
    expect(replay_link).to_be_visible()
    replay_link.click()
    expect(page.locator("#replay-controls")).to_be_visible()
    expect(page.locator("#replay-step")).to_have_text("Step 4 of 4")
    expect(page.locator("#status")).to_contain_text("Game over")
    page.click("#replay-prev")
    expect(page.locator("#replay-step")).to_have_text("Step 3 of 4")
    expect(page.locator("#log li")).to_have_count(3)
    page.click("#replay-first")
    expect(page.locator("#replay-step")).to_contain_text("Step 0 of 4")
    expect(page.locator("#panels")).to_contain_text("bid")
    page.click("#replay-next")
    expect(page.locator("#replay-step")).to_have_text("Step 1 of 4")
    expect(page.locator("#log li")).to_have_count(1)
    # Seen by the spectator, no seat's own card shows.
    page.select_option("#replay-seat", "")
    expect(page.locator('#panels dd[data-key="my_card"]')).to_have_text("—")
    page.click("#replay-last")
    expect(page.locator("#replay-step")).to_have_text("Step 4 of 4")


def test_an_invitation_names_its_seat_as_the_game_does(page: Page, server: str) -> None:
    page.goto(server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.select_option("#game", "ghost-stories")
    page.select_option("#players", "2")
    page.locator(".seat-row .seat-kind").nth(1).select_option("invite")
    page.click("#create")
    expect(page.locator("#invites .invite-list li strong")).to_have_text(["Taoist 2"])


def test_invite_a_friend_by_link(page: Page, server: str, browser: Browser) -> None:
    page.goto(server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.select_option("#game", "secret-draw")
    page.locator(".seat-row .seat-kind").nth(1).select_option("invite")
    page.click("#create")
    link = page.locator("#invites .invite-link")
    expect(link).to_have_count(1)
    url = link.input_value()
    table = url.split("/join/")[1].split("?")[0]
    # The link is kept in the lobby until the friend has joined.
    page.click("#refresh")
    pending = page.locator(f'#open-tables li[data-table="{table}"] details.pending-invites')
    expect(pending).to_have_count(1)
    pending.locator("summary").click()
    expect(pending.locator(".invite-link")).to_have_value(url)
    page.click("#invites a.primary")
    expect(page.locator("#seats li[data-seat='1']")).to_contain_text("invited, not joined yet")
    friend_context = browser.new_context(locale="en-US")
    friend = friend_context.new_page()
    try:
        friend.goto(url)
        friend.wait_for_url(re.compile(r"/table/"))
        expect(friend.locator("#who")).to_have_text("You are seat2")
        click_action(page, "bid amount=1")
        click_action(friend, "bid amount=2")
        click_action(page, "keep")
        click_action(friend, "keep")
        expect(friend.locator("body")).to_have_attribute("data-status", "finished")
        expect(page.locator("body")).to_have_attribute("data-status", "finished")
        page.goto(server)
        expect(page.locator(f'#finished-tables li[data-table="{table}"]')).to_be_visible()
        expect(page.locator("details.pending-invites")).to_have_count(0)
        # Opened again by the friend, the used link goes straight back to the friend's seat.
        friend.goto(url)
        friend.wait_for_url(re.compile(r"/table/[^/?]+\?seat=1$"))
        expect(friend.locator("#who")).to_have_text("You are seat2")
        # Anyone else is told the seat is taken (no raw error), in either language, and may watch.
        other = browser.new_context(locale="en-US").new_page()
        other.goto(url)
        problem = other.locator("#join-problem")
        expect(problem.locator("h2")).to_have_text("This seat is taken")
        expect(other.locator("#notice")).to_be_hidden()
        expect(other.locator("#new-table")).to_be_hidden()
        other.click("#lang")
        expect(problem.locator("h2")).to_have_text("这个座位已有人")
        other.click("#lang")
        other.click("#join-watch")
        other.wait_for_url(re.compile(r"/table/[^/?]+\?watch=1$"))
        expect(other.locator("#who")).to_have_text("You are watching")
        # A code of no seat of this table: a clear page too.
        other.goto(url.split("?")[0] + "?code=nothing")
        expect(problem.locator("h2")).to_have_text("This invitation link does not work")
        expect(problem.locator("#join-watch")).to_be_visible()
        other.context.close()
    finally:
        friend_context.close()


def test_a_game_with_its_own_table_module_gets_it(page: Page, server: str) -> None:
    page.goto(server)
    expect(page.locator("#game option[value=plugin-draw]")).to_have_text("Plugin Draw")
    create_table(page, server, game="plugin-draw")
    expect(page.locator("#own-table")).to_have_text(re.compile(r"^Own table, version [01]$"))
    expect(page.locator("#who")).to_have_text("You are North")
    click_action(page, "bid amount=1")
    expect(page.locator("#own-table")).to_have_text("Own table, version 2")
    page.click("#lang")
    expect(page.locator("#game-title")).to_have_text("插件抽牌")
    expect(page.locator("#own-table")).to_have_text("专属牌桌，第 2 版")
    expect(page.locator("#who")).to_have_text("你是 北家")
    # Games without a module of their own get the generic table.
    create_table(page, server)
    expect(page.locator("#decision button.action")).to_have_count(3)
    expect(page.locator("#own-table")).to_have_count(0)


def test_watch_ai_seats_play_step_by_step(page: Page, server: str) -> None:
    page.goto(server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.select_option("#game", "secret-draw")
    page.locator(".seat-row .seat-kind").nth(0).select_option("ai")
    page.click("#create")
    page.wait_for_url(re.compile(r"/table/[^/?]+$"))
    page.evaluate(
        """() => {
            window.versionsSeen = [Number(document.body.dataset.version)];
            new MutationObserver(() => window.versionsSeen.push(Number(document.body.dataset.version)))
                .observe(document.body, { attributes: true, attributeFilter: ["data-version"] });
        }"""
    )
    expect(page.locator("#who")).to_have_text("You are watching")
    expect(page.locator("body")).to_have_attribute("data-status", "finished")
    expect(page.locator("#log li")).to_have_count(4)
    # The moves arrived one at a time, not all at once.
    seen = page.evaluate("window.versionsSeen")
    assert len({v for v in seen if isinstance(v, int)}) >= 3, seen
    table = page.url.rsplit("/", 1)[1]
    page.goto(server)
    row = page.locator(f'#finished-tables li[data-table="{table}"]')
    expect(row).to_contain_text("watching")


def test_the_page_comes_back_after_the_server_restarts(page: Page, games: None, tmp_path: Path) -> None:
    db = tmp_path / "restart.db"
    first = LiveServer(db)
    try:
        create_table(page, first.address)
        click_action(page, "bid amount=2")
        expect(page.locator('#decision button.action[data-action="swap"]')).to_be_visible()
    finally:
        first.stop()
    expect(page.locator("#connection")).to_have_attribute("data-state", "reconnecting")
    second = LiveServer(db, port=first.port)
    try:
        expect(page.locator("#connection")).to_have_text("Connected")
        click_action(page, "swap")
        expect(page.locator("body")).to_have_attribute("data-status", "finished")
        expect(page.locator("#log li")).to_have_count(4)
    finally:
        second.stop()


def test_a_table_the_rules_cannot_rebuild_is_listed_as_not_playable(page: Page, games: None, tmp_path: Path) -> None:
    db = tmp_path / "retired.db"
    first = LiveServer(db)
    try:
        table = create_table(page, first.address)
    finally:
        first.stop()
    store = Store(f"sqlite:///{db}")
    stored = store.load_table(table)
    assert stored is not None
    store.append_action(table, len(stored.actions), 0, {"kind": "bid", "amount": 99})  # the rules refuse it
    store.close()
    second = LiveServer(db, port=first.port)
    try:
        page.goto(second.address)
        row = page.locator(f'#finished-tables li[data-table="{table}"]')
        expect(row.locator("[data-role=retired]")).to_have_text("Cannot be continued")
        expect(row.locator("[data-role=retired-reason]")).to_contain_text("cannot rebuild this table")
        expect(row.locator("a")).to_have_count(0)
        page.click("#lang")
        expect(row.locator("[data-role=retired]")).to_have_text("无法继续")
        expect(row.locator("[data-role=retired-reason]")).to_contain_text("无法重建这张牌桌")
        page.goto(f"{second.address}table/{table}")
        expect(page.locator("#notice")).to_contain_text("无法继续")
    finally:
        second.stop()

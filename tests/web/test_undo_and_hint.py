"""Undo and Hint in the browser: a move taken back with the Undo button leaves the table as it was
before (the button is offered only while the server says so; in Run, Ghost, Run! a staged step of
one's movement plan is taken back so), and Hint lights the advisor's suggested action on the
table with its estimated chance of winning."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

import ghosttable
from tests.web.live import fix_the_seed, open_new_table, serve
from tests.web.test_accessibility import serious_issues


@pytest.fixture(scope="module")
def undo_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "undo-hint", ai_delay=0.01)


# The actions each of the elements leads to: its own (`data-action`) and those a click on it opens.
LEADS = "(nodes) => nodes.map((n) => [n.dataset.action ?? '', ...(n.dataset.actions ?? '').split('\\n')])"


def board_text(page: Page) -> str:
    text: str = page.locator("#board").inner_text()
    return text


def test_undo_takes_a_move_back_and_the_table_is_as_before(
    page: Page, undo_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_the_seed(monkeypatch, 7)
    open_new_table(page, undo_server, "ghost-stories", 1)
    expect(page.locator("#undo")).to_be_disabled()  # nothing done yet this turn
    # the first legal action, until one can be taken back (a die rolled or a card drawn cannot)
    for _ in range(12):
        first = page.locator("#decision button.gs-any").first
        expect(first).to_be_attached()
        version = page.evaluate("document.body.dataset.version")
        before = board_text(page)
        log_before = page.locator("#log li").count()
        first.evaluate("button => button.click()")
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        if page.locator("#undo").is_enabled():
            break
    expect(page.locator("#undo")).to_be_enabled()
    assert board_text(page) != before
    page.click("#undo")
    page.wait_for_function(f"document.body.dataset.version === '{version}'")
    expect(page.locator("#undo")).to_be_disabled()
    assert board_text(page) == before
    assert page.locator("#log li").count() == log_before
    expect(page.locator("#notice")).to_be_hidden()


def test_hint_lights_the_suggested_action_with_its_chance(
    page: Page, undo_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_the_seed(monkeypatch, 8)
    open_new_table(page, undo_server, "ghost-stories", 1)
    expect(page.locator("#decision button.gs-any").first).to_be_attached()
    expect(page.locator("#hint")).to_be_enabled()
    page.click("#hint")
    page.wait_for_function("document.body.dataset.hint")
    suggested = page.evaluate("document.body.dataset.hint")
    legal = page.evaluate("[...document.querySelectorAll('#decision .gs-any')].map((b) => b.dataset.action)")
    assert suggested in legal
    lit = page.locator(".hinted")
    expect(lit.first).to_be_visible()
    leads = lit.evaluate_all(LEADS)
    assert all(suggested in lead for lead in leads)
    expect(page.locator("#hint-text")).to_contain_text("estimated chance to win")
    expect(page.locator("#hint-text")).to_contain_text("%")


def test_hint_on_the_old_house_table_lights_an_action_of_the_seat(
    page: Page, undo_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_the_seed(monkeypatch, 9)

    def phantom_me(p: Page) -> None:
        kinds = p.locator(".seat-row .seat-kind")
        for i in range(1, kinds.count()):
            kinds.nth(i).select_option("ai")

    open_new_table(page, undo_server, "old-house", 3, phantom_me)
    expect(page.locator("#hint")).to_be_enabled(timeout=30_000)
    page.click("#hint")
    page.wait_for_function("document.body.dataset.hint")
    suggested = page.evaluate("document.body.dataset.hint")
    lit = page.locator(f'.hinted[data-action="{suggested}"]')
    expect(lit.first).to_be_visible()
    expect(page.locator("#hint-text")).to_contain_text("%")


def hall_markup(page: Page) -> str:
    """The Run, Ghost, Run! hall as drawn (an SVG picture: its markup)."""
    markup: str = page.locator("#rgr-hall").evaluate("hall => hall.outerHTML")
    return markup


def test_undo_takes_back_a_staged_step_of_a_run_ghost_run_plan(
    page: Page, undo_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = ghosttable.load("run-ghost-run", players=2, midnight=False)
    seed = next(s for s in range(200) if 0 not in game.new_initial_state(s).queue)  # type: ignore[attr-defined]
    fix_the_seed(monkeypatch, seed)
    open_new_table(page, undo_server, "run-ghost-run", 2)
    page.wait_for_function("document.querySelector('#decision')?.dataset.decision === 'plan_movement'", timeout=60_000)
    expect(page.locator("#rgr-players td.rgr-sealed")).to_have_count(1)  # the AI seat's plan is sealed
    expect(page.locator("#rgr-plan .rgr-steps li")).to_have_count(0)
    expect(page.locator("#undo")).to_be_disabled()  # the draft holds no step
    plan_before, hall_before = page.locator("#rgr-plan").inner_text(), hall_markup(page)
    version = page.evaluate("document.body.dataset.version")
    frame = page.evaluate("document.body.dataset.frame")
    # a step: a ghost, then the first space it may reach (and the first place offered there)
    page.locator("#rgr-hall .rgr-ghost.target").first.click()
    expect(page.locator("#rgr-hall .rgr-target-space").first).to_be_visible(timeout=15_000)
    page.locator("#rgr-hall .rgr-target-space").first.click()
    # several steps end there (another place): the first is offered as a button; otherwise the step
    # is on its way (the seal button comes back once it is staged, so it is never what is clicked)
    offered = page.locator("#decision > .actions button.action[data-action^='step']")
    if offered.count():
        offered.first.click()
    page.wait_for_function(f"document.body.dataset.frame !== '{frame}'")
    expect(page.locator("#rgr-plan .rgr-steps li")).to_have_count(1, timeout=15_000)
    expect(page.locator("#undo")).to_be_enabled()
    assert page.evaluate("document.body.dataset.version") == version  # a staged step is not stored
    assert hall_markup(page) != hall_before  # the hall shows the step
    frame = page.evaluate("document.body.dataset.frame")
    page.click("#undo")
    page.wait_for_function(f"document.body.dataset.frame !== '{frame}'")
    expect(page.locator("#rgr-plan .rgr-steps li")).to_have_count(0)
    expect(page.locator("#undo")).to_be_disabled()
    assert page.locator("#rgr-plan").inner_text() == plan_before
    assert hall_markup(page) == hall_before
    assert page.evaluate("document.body.dataset.version") == version
    expect(page.locator("#notice")).to_be_hidden()


# What a hint lights on each game's board (not its buttons or its list of legal actions).
BOARD_LIT = {
    "ghost-stories": "#board svg .hinted",
    "run-ghost-run": "#rgr-hall .hinted",
    "old-house": "#oh-map .oh-target.hinted, #oh-private-map .oh-target.hinted",  # the cell
}


# The hint's line, which every lit element carries as its tooltip, in each language.
CHANCE_WORDS = {"en": "estimated chance to win", "zh": "估计获胜概率"}


@pytest.fixture(params=sorted(CHANCE_WORDS))
def lang(page: Page, request: pytest.FixtureRequest) -> str:
    """The table's language (set before the lobby opens)."""
    page.context.add_init_script(f"localStorage.setItem('ghosttable.lang', '{request.param}')")
    chosen: str = request.param
    return chosen


def lit_on_the_board(page: Page, game: str, lang: str = "en", tries: int = 12) -> str:
    """Presses Hint until its suggestion is taken through the board (taking each suggestion that
    is not, by its button, and asking again when the table moved on before the answer); checks the
    board's lit elements lead to it and carry its chance as their description and tooltip, and
    that axe finds no serious issue then; returns the suggestion."""
    for _ in range(tries):
        expect(page.locator("#hint")).to_be_enabled(timeout=30_000)
        version = page.evaluate("document.body.dataset.version")
        page.click("#hint")
        # the answer, or none when another seat moved the table on meanwhile (asked again then)
        page.wait_for_function("document.body.dataset.hint || !document.querySelector('#hint').disabled")
        suggested: str = page.evaluate("document.body.dataset.hint")
        if not suggested:
            continue
        lit = page.locator(BOARD_LIT[game])
        if lit.count():
            leads = lit.evaluate_all(LEADS)
            assert all(suggested in lead for lead in leads)
            described = lit.evaluate_all("(nodes) => nodes.map((n) => n.getAttribute('aria-describedby'))")
            assert set(described) == {"hint-text"}
            tips = lit.evaluate_all(
                "(nodes) => nodes.map((n) => n.title || n.querySelector(':scope > title.hint-tip')?.textContent || '')"
            )
            assert all(CHANCE_WORDS[lang] in tip and "%" in tip for tip in tips)
            assert serious_issues(page) == []
            return suggested
        button = page.locator(f'#board button[data-action="{suggested}"]').first
        button.evaluate("b => b.click()")
        page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    raise AssertionError(f"no suggestion of {game} was taken through the board in {tries} hints")


def test_hint_lights_the_ghost_stories_board(
    page: Page, undo_server: str, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    fix_the_seed(monkeypatch, 8)
    open_new_table(page, undo_server, "ghost-stories", 1)
    suggested = lit_on_the_board(page, "ghost-stories", lang)
    legal = page.evaluate("[...document.querySelectorAll('#decision .gs-any')].map((b) => b.dataset.action)")
    assert suggested in legal


def test_hint_lights_the_old_house_board(
    page: Page, undo_server: str, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    fix_the_seed(monkeypatch, 9)

    def hunter_me(p: Page) -> None:
        kinds = p.locator(".seat-row .seat-kind")
        for i, kind in enumerate(["ai", "me", "ai"]):
            kinds.nth(i).select_option(kind)

    open_new_table(page, undo_server, "old-house", 3, hunter_me)
    lit_on_the_board(page, "old-house", lang, tries=20)


def test_hint_lights_the_run_ghost_run_hall(
    page: Page, undo_server: str, monkeypatch: pytest.MonkeyPatch, lang: str
) -> None:
    fix_the_seed(monkeypatch, 10)

    def others_ai(p: Page) -> None:
        kinds = p.locator(".seat-row .seat-kind")
        for i in range(1, kinds.count()):
            kinds.nth(i).select_option("ai")

    open_new_table(page, undo_server, "run-ghost-run", 2, others_ai)
    lit_on_the_board(page, "run-ghost-run", lang)

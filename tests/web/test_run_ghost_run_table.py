"""The Run, Ghost, Run! table in the browser (web/games/run-ghost-run.js), driven through Debian's
Chromium with Playwright: a whole game of one person against heuristic AI seats, played by
clicking the hall (furniture grasped, rotated and put down; plans composed ghost by ghost and
sealed; the keyhole's side chosen), the keyhole's picture after each look, and the language switch.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Page, expect

import ghosttable
from ghosttable.core import Action
from ghosttable.games.run_ghost_run.hall import Placement
from tests.games.run_ghost_run.helpers import NO_FURNITURE, done, new_state, put
from tests.web.live import fix_the_seed, open_new_table, serve

SHOTS = Path(__file__).resolve().parents[2] / "build" / "screenshots"


@pytest.fixture(scope="module")
def rgr_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app with AI seats moving quickly, yet slowly enough that a sealed plan waits for them."""
    yield from serve(tmp_path_factory, "rgr-browser", ai_delay=0.12)


def seed_dealing_red_a_furniture_card(players: int, midnight: bool) -> int:
    """The first seed whose first turn deals Red (seat 1) a Movement card showing furniture, so the
    person moves a piece at least once in the game."""
    game = ghosttable.load("run-ghost-run", players=players, midnight=midnight)
    for seed in itertools.count():
        if 0 in game.new_initial_state(seed).queue:  # type: ignore[attr-defined]
            return seed
    raise AssertionError("unreachable")


def create_table(page: Page, server: str, players: int = 3, midnight: bool = True) -> str:
    """A Run, Ghost, Run! table: me in the first seat (red, south), heuristic AI seats elsewhere."""

    def seats(page: Page) -> None:
        if midnight:
            page.check('[data-option="midnight"]')
        kinds = page.locator(".seat-row .seat-kind")
        for i in range(1, players):
            expect(kinds.nth(i)).to_have_value("ai")

    table = open_new_table(page, server, "run-ghost-run", players, seats)
    expect(page.locator("#rgr-hall .rgr-space")).to_have_count(36)
    return table


def wait_for_my_turn_or_the_end(page: Page) -> str:
    """The name of this seat's decision, or "" when the game is over (read in one go, so that a
    new frame arriving in between cannot mix two states)."""
    handle = page.wait_for_function(
        """() => {
            if (document.body.dataset.status === 'finished') return 'over';
            const box = document.querySelector('#decision');
            const asked = box && box.querySelector('h2:not(.rgr-sealed-title)') !== null;
            return asked && box.dataset.decision ? box.dataset.decision : null;
        }""",
        timeout=90_000,
    )
    name = str(handle.json_value())
    return "" if name == "over" else name


def settle(page: Page, before: str, key: str = "version") -> None:
    """Wait until the table moves on from `before` (or the game ends): its version, or with `key`
    "frame" the frame shown (a step of this seat's sealed plan is its own: the version stays)."""
    page.wait_for_function(
        f"document.body.dataset.{key} !== '{before}' || document.body.dataset.status === 'finished'",
        timeout=30_000,
    )


class FrameMoved(Exception):
    """The decision a handler was called for is no longer the one on the page."""


class Player:
    """Plays seat 1 by clicking, and counts what it did."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.done: dict[str, int] = {}
        self.shot_plan = False

    def count(self, what: str) -> None:
        self.done[what] = self.done.get(what, 0) + 1

    def move_furniture(self) -> None:
        page = self.page
        before = page.evaluate("document.body.dataset.version")
        pieces = page.locator("#rgr-hall .rgr-piece.target")
        assert pieces.count() >= 1
        pieces.first.click()
        settle(page, before)
        self.count("grasp")

    def place_furniture(self) -> None:
        page = self.page
        mode = page.locator("#rgr-mode").inner_text()
        if page.locator("#rgr-rotate").count():
            page.click("#rgr-rotate")
            expect(page.locator("#rgr-mode")).not_to_have_text(mode)
            self.count("rotate")
        spaces = page.locator("#rgr-hall .rgr-target-space")
        before = page.evaluate("document.body.dataset.version")
        if spaces.count():
            spaces.nth(spaces.count() // 2).click()
            self.count("place")
        else:
            page.click("#rgr-put-back")
            self.count("put back")
        settle(page, before)

    def plan(self) -> None:
        page = self.page
        if (
            page.get_attribute("#decision", "data-decision") != "plan_movement"
            or page.locator("#decision .rgr-sealed-title").count()
        ):
            raise FrameMoved  # the plan was read from a frame that has since moved on
        try:
            expect(page.locator("#rgr-points")).to_contain_text("Movement points")
        except AssertionError:
            if page.get_attribute("#decision", "data-decision") != "plan_movement":
                raise FrameMoved from None  # the turn was resolved meanwhile (the plan had been sealed)
            raise
        steps = page.locator("#rgr-plan .rgr-steps li").count()
        ghosts = page.locator("#rgr-hall .rgr-ghost.target")
        before = page.evaluate("document.body.dataset.version")
        shown = page.evaluate("document.body.dataset.frame")
        if steps < 2 and ghosts.count():
            # A ghost in the hall first (it may reach the exit), else one from home.
            in_hall = page.locator("#rgr-hall .rgr-ghosts .rgr-ghost.target")
            (in_hall if in_hall.count() else ghosts).first.click()
            expect(page.locator("#rgr-hint")).to_contain_text("each space shows what the step costs")
            costs = page.locator("#rgr-hall .rgr-target-space .rgr-cost")
            assert costs.count() >= 1
            if not self.shot_plan:
                SHOTS.mkdir(parents=True, exist_ok=True)
                page.locator("#rgr-hall").screenshot(path=str(SHOTS / "run-ghost-run-plan.png"))
                page.screenshot(path=str(SHOTS / "run-ghost-run-plan-page.png"), full_page=True)
                self.shot_plan = steps >= 1
            if page.locator("#rgr-exit").count():
                page.click("#rgr-exit")
                self.count("exit")
            else:
                values = [int(c) for c in costs.all_text_contents()]
                best = values.index(max(values))
                page.locator("#rgr-hall .rgr-target-space").nth(best).click()
                choices = page.locator("#decision button.action[data-action^='step']")
                if choices.count() and page.locator("#rgr-cancel").count():
                    choices.first.click()  # one of the space's places (the seal button comes first)
                self.count("step")
            settle(page, shown, "frame")
            return
        page.click("#rgr-seal")
        self.count("seal")
        settle(page, before)

    def keyhole(self) -> None:
        page = self.page
        before = page.evaluate("document.body.dataset.version")
        page.locator("#rgr-hall .rgr-target-side").first.click()
        self.count("keyhole")
        settle(page, before)

    def other(self) -> None:
        page = self.page
        before = page.evaluate("document.body.dataset.version")
        targets = page.locator("#rgr-hall .target")
        if targets.count():
            targets.first.click()
        else:
            page.locator("#decision > .actions button.action").first.click()
        self.count("midnight")
        settle(page, before)

    def play(self, until_turn: int | None = None) -> dict[str, int]:
        handlers = {
            "move_furniture": self.move_furniture,
            "place_furniture": self.place_furniture,
            "plan_movement": self.plan,
            "choose_keyhole_side": self.keyhole,
        }
        retries = 0
        while True:
            name = wait_for_my_turn_or_the_end(self.page)
            if not name:
                break
            if until_turn is not None and int(self.page.get_attribute("#rgr-turn", "data-turn") or 0) >= until_turn:
                break
            try:
                handlers.get(name, self.other)()
            except (PlaywrightError, FrameMoved):
                retries += 1  # the frame changed under the pointer; look again
                assert retries < 20, self.done
        return self.done


def test_play_a_run_ghost_run_table_to_its_end_by_clicking_the_hall(
    page: Page, rgr_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    fix_the_seed(monkeypatch, seed_dealing_red_a_furniture_card(3, midnight=True))
    create_table(page, rgr_server)
    monkeypatch.undo()
    expect(page.locator("#who")).to_have_text("You are Red")
    expect(page.locator("#rgr-hall .rgr-piece")).to_have_count(6)
    expect(page.locator("#rgr-hall .rgr-door-n")).to_have_count(24)
    expect(page.locator("#rgr-hall #rgr-keyhole-mark")).to_have_count(1)
    expect(page.locator("#rgr-hall .rgr-ghost.home")).to_have_count(21)
    expect(page.locator("#rgr-no-look")).to_be_visible()
    page.evaluate(
        """() => {
            window.waitingSeen = [];
            window.midnightSeen = [];
            new MutationObserver(() => {
                const w = document.querySelector('#rgr-waiting');
                if (w) window.waitingSeen.push(w.textContent);
                const m = document.querySelector('#rgr-midnight');
                if (m) window.midnightSeen.push(m.dataset.card);
            }).observe(document.body, { attributes: true, attributeFilter: ['data-version'] });
        }"""
    )
    player = Player(page)
    player.play(until_turn=2)
    # After the first reveal, the keyhole's picture: the hall seen from its eye.
    expect(page.locator("#rgr-keyhole .rgr-picture").first).to_be_visible()
    expect(page.locator("#rgr-keyhole .rgr-pic-box").first).to_be_attached()
    expect(page.locator("#rgr-keyhole figcaption").first).to_contain_text("Turn 1:")
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#rgr-keyhole").screenshot(path=str(SHOTS / "run-ghost-run-keyhole.png"))
    page.screenshot(path=str(SHOTS / "run-ghost-run-table.png"), full_page=True)
    done = player.play()
    expect(page.locator("body")).to_have_attribute("data-status", "finished")
    expect(page.locator("#rgr-result")).to_be_visible()
    expect(page.locator("#decision")).to_be_hidden()
    page.screenshot(path=str(SHOTS / "run-ghost-run-finished.png"), full_page=True)
    # Furniture was grasped and put down, plans were composed and sealed, all by clicking.
    assert done.get("grasp", 0) >= 1 and done.get("place", 0) + done.get("put back", 0) >= 1, done
    # (how many steps a plan holds depends on the AI seats' play, which differs from table to table)
    assert done.get("seal", 0) >= 1 and done.get("step", 0) + done.get("exit", 0) >= 3, done
    # The record says the same: Red (the only person) grasped and placed furniture, and sealed a
    # plan in each of the five turns, moving its ghosts.
    mine = page.evaluate(
        """() => [...document.querySelectorAll('#log li')]
            .filter((li) => li.querySelector('.log-seat')?.textContent === 'Red')
            .map((li) => li.querySelector('.log-text')?.dataset.action ?? '')"""
    )
    kinds = [m.split(" ")[0] for m in mine]
    # each plan is one seal in the record (its steps were Red's own until then)
    planned = [m.removeprefix("seal steps=") for m in mine if m.startswith("seal ")]
    assert kinds.count("seal") == 5 and "step" not in kinds and "done" not in kinds, mine
    assert sum(len([s for s in p.split(",") if s and s != "()"]) for p in planned) >= 3, mine
    assert kinds.count("grasp") >= 1 and kinds.count("place") >= 1, mine
    # Every wait named the seat or said how many players a sealed plan waited for (with the AI
    # seats as fast as they are now, they often seal before Red, so a count is not always seen);
    # the Midnight Strikes card was shown.
    waiting = page.evaluate("window.waitingSeen")
    assert waiting, "no wait was shown"
    assert all(re.fullmatch(r"Waiting for ([12] players?|Blue|Green|Yellow|Red)", w) for w in waiting), waiting
    assert page.evaluate("window.midnightSeen"), "no Midnight Strikes card was shown"
    # Every look of the game drew its picture with the ghosts it caught marked.
    looks = page.locator("#rgr-keyhole .rgr-look")
    assert looks.count() >= 1
    for i in range(looks.count()):
        look = looks.nth(i)
        listed_ids = set((look.get_attribute("data-caught") or "").split())
        drawn = set(look.locator(".rgr-pic-ghost.caught").evaluate_all("nodes => nodes.map(n => n.dataset.ghost)"))
        assert drawn == listed_ids, (drawn, listed_ids)
    caught = looks.first.locator(".rgr-pic-ghost.caught").count()
    listed = looks.first.locator(".rgr-caught").inner_text()
    assert (caught == 0) == listed.startswith("Nobody"), (caught, listed)
    # The replay steps back through the game: at its start no look has been made yet.
    page.click("#open-replay")
    expect(page.locator("#replay-controls")).to_be_visible()
    expect(page.locator("#rgr-keyhole .rgr-picture").first).to_be_visible()
    page.click("#replay-first")
    expect(page.locator("#rgr-no-look")).to_be_visible()
    expect(page.locator("#rgr-hall .rgr-ghost.home")).to_have_count(21)


def test_switch_the_language_on_the_run_ghost_run_table(page: Page, rgr_server: str) -> None:
    create_table(page, rgr_server, players=2, midnight=False)
    expect(page.locator('#rgr-hall [data-piece="piano"] .rgr-piece-name')).to_have_text("piano")
    page.click("#lang")
    expect(page.locator("#game-title")).to_have_text("幽灵快跑！")
    expect(page.locator("#who")).to_have_text("你是 红方")
    expect(page.locator('#rgr-hall [data-piece="piano"] .rgr-piece-name')).to_have_text("钢琴")
    expect(page.locator("#rgr-players h2")).to_have_text("玩家")
    expect(page.locator("#rgr-keyhole h2")).to_have_text("钥匙孔看到了什么")
    name = wait_for_my_turn_or_the_end(page)
    assert name in {"move_furniture", "plan_movement"}
    expect(page.locator("#decision h2")).to_contain_text("轮到你")
    page.screenshot(path=str(SHOTS / "run-ghost-run-zh.png"), full_page=True)
    page.click("#lang")
    expect(page.locator('#rgr-hall [data-piece="piano"] .rgr-piece-name')).to_have_text("piano")


def mirror_look_frame() -> dict[str, Any]:
    """A `state` frame (as the server sends it to Red) just after a look from south door 3 that
    caught a ghost only in the mirror: the piano hides it from the door, the mirror facing south
    at C6 shows it."""
    state = new_state(2, first=[NO_FURNITURE[5], NO_FURNITURE[6]], keyhole=("east", 1), script={"die": [6, 1]})
    state.board.furniture.update(
        piano=Placement(2, 1, 0, "standing"),
        mirror=Placement(2, 5, 0, "standing"),
        table=Placement(0, 4, 0, "standing"),
    )
    put(state, "red-s1", "hall", "C3")
    put(state, "blue-m1", "hall", "E4")
    done(state, 0, 1)
    state.chance.script("door_die", [3])
    state.apply(Action.make("keyhole", side="south"), 0)
    view = state.view(0)
    assert view["last_turn"]["looks"][0]["seen"][0]["how"] == "mirror"
    seats = [
        {"seat": s, "name": n, "kind": "human", "bot": None, "claimed": True, "connected": True, "acting": False}
        for s, n in enumerate(state.game.seat_names())
    ]
    return {
        "type": "state",
        "table": "mirror",
        "version": len(state.history),
        "status": "playing",
        "seat": 0,
        "view": view,
        "decision": None,
        "acting": list(state.acting_seats()),
        "seats": seats,
        "log": [],
        "result": None,
    }


MOUNT = """async ([frame, lang]) => {
    const mod = await import('/table-modules/run-ghost-run.js');
    const { el } = await import('/static/js/api.js');
    const fill = (text, params) => String(text).replace(/\\{(\\w+)\\}/g, (_, k) => params?.[k] ?? '');
    const texts = { ...mod.strings.en, ...mod.strings[lang] };
    const t = (key, params) => fill(texts[key] ?? key, params);
    const ctx = {
        t, el, lang: () => lang, mode: 'play', seat: 0, game: null, options: {},
        tOr: (key, fallback, params) => (key in texts ? t(key, params) : fill(fallback, params)),
        seatName: (s) => t(`game.run-ghost-run.seat.${frame.view.players[s].colour}`), act: async () => ({}),
    };
    const root = document.createElement('main');
    root.id = 'harness';
    document.body.replaceChildren(root);
    mod.mount(root, ctx).update(frame);
}"""


def test_the_keyhole_picture_shows_a_ghost_caught_in_the_mirror(page: Page, rgr_server: str) -> None:
    page.goto(rgr_server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")  # the lobby is done loading
    frame = mirror_look_frame()
    page.evaluate(MOUNT, [frame, "en"])
    look = page.locator("#rgr-keyhole .rgr-look")
    expect(look).to_have_attribute("data-caught", "red-s1")
    expect(look.locator("figcaption")).to_contain_text("Red small (s1) C3 (in the mirror)")
    # The mirror's glass, with the caught ghost's reflection inside it, marked as caught.
    glass = look.locator(".rgr-pic-mirror .rgr-pic-glass")
    expect(glass).to_have_count(1)
    expect(look.locator('.rgr-pic-mirror .rgr-pic-ghost.caught[data-ghost="red-s1"]')).to_have_count(1)
    expect(look.locator(".rgr-pic-mark .rgr-pic-label")).to_have_text(["Red small (s1)"])
    # The ghost not caught is drawn, unmarked.
    expect(look.locator('.rgr-pic-ghost[data-ghost="blue-m1"]:not(.caught)')).to_have_count(1)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator("#rgr-keyhole").screenshot(path=str(SHOTS / "run-ghost-run-mirror.png"))
    page.locator("#rgr-hall").screenshot(path=str(SHOTS / "run-ghost-run-mirror-hall.png"))
    # The same in Chinese.
    page.evaluate(MOUNT, [frame, "zh"])
    expect(page.locator("#rgr-keyhole h2")).to_have_text("钥匙孔看到了什么")
    expect(page.locator("#rgr-keyhole figcaption")).to_contain_text("第 1 回合：南侧 3 号门")
    expect(page.locator("#rgr-keyhole figcaption")).to_contain_text("红方 小 (s1) C3（镜中看到）")
    expect(page.locator('#rgr-hall [data-piece="mirror"] .rgr-piece-name')).to_have_text("镜子")
    page.screenshot(path=str(SHOTS / "run-ghost-run-mirror-zh.png"), full_page=True)

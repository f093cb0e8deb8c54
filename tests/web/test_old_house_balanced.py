"""The Old House table under the rule option ``three-hunters=balanced`` (web/games/old-house.js):
every seat reads, in English and in Chinese, that a free second Horror fright is pending and that
the Phantom was named this phase; the Phantom's free ``horror`` is labelled as costing no card.

The game is scripted: a fixed seed, four seats held by tokens, the actions sent over the play
protocol's WebSocket, then each seat's page opened in Chromium with only its own token.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Page, Route, expect
from websockets.sync.client import connect

from tests.web.live import fix_the_seed, serve

SEED = 0
# Seed 0: the hunter seats choose the engineer, the exorcist and the medium; the Phantom takes three
# Horror cards in Twilight, the hunters share the rest; in its first opening turn the Phantom steps
# south, frightens the engineer (the Horror played), then the exorcist (free) ...
TO_THE_FREE_HORROR = [
    (1, "choose_hero hunter=engineer"),
    (2, "choose_hero hunter=exorcist"),
    (3, "choose_hero hunter=medium"),
    (0, "pick_cards"),
    (0, "take_card card=7"),
    (0, "take_card card=8"),
    (0, "take_card card=9"),
    (0, "take_card card=1"),
    *[
        (1 + i % 3, f"give_card card={card} hunter={('engineer', 'exorcist', 'medium')[i % 3]}")
        for i, card in enumerate((2, 3, 4, 5, 6, 10, 11, 12, 13))
    ],
    (0, "step dir=south"),
    (0, "horror hunter=engineer"),
]
# ... and later the exorcist walks onto the Phantom's cell (D2) and names it.
TO_THE_NAMING = [
    (0, "horror hunter=exorcist"),
    (0, "end_turn"),
    (0, "step dir=south"),
    (0, "end_turn"),
    (1, "start_turn hunter=engineer"),
    (1, "end_turn"),
    (2, "start_turn hunter=exorcist"),
    (2, "end_turn"),
    (3, "start_turn hunter=medium"),
    (3, "move to=A7"),
    (3, "end_turn"),
    (0, "discard dir=west"),
    (1, "start_turn hunter=engineer"),
    (1, "move to=H7"),
    (1, "end_turn"),
    (2, "start_turn hunter=exorcist"),
    (2, "move to=D2"),
    (2, "guess"),
]

FREE_EN = "Horror: 1 more hunter may be frightened this turn, free (no card)"
FREE_ZH = "恐惧: 本回合还可再吓 1 名猎人, 免费 (不用卡)"
NAMED_EN = "Named this phase: no hunter may name the Phantom again before its next turn"
NAMED_ZH = "本阶段已被指认: 幽灵的下一回合之前, 猎人不能再指认它"


@pytest.fixture(scope="module")
def oh_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "oh-balanced")


def create_table(server: str, monkeypatch: pytest.MonkeyPatch) -> tuple[str, dict[int, str]]:
    """A four-seat balanced table, every seat held here; returns its id and the seats' tokens."""
    fix_the_seed(monkeypatch, SEED)
    answer = httpx.post(
        f"{server}api/tables",
        json={
            "game": "old-house",
            "players": 4,
            "options": {"three-hunters": "balanced"},
            "seats": [{"kind": "me"}] * 4,
        },
    )
    assert answer.status_code == 200, answer.text
    data = answer.json()
    return data["table"], {int(seat): token for seat, token in data["tokens"].items()}


def act(server: str, table: str, token: str, text: str) -> None:
    """Play ``text`` for the seat of ``token`` over the table's WebSocket; fails on a refusal."""
    with connect(f"ws{server.removeprefix('http')}ws/tables/{table}") as ws:
        ws.send(json.dumps({"type": "hello", "token": token}))
        while (message := json.loads(ws.recv(timeout=20)))["type"] != "state":
            assert message["type"] != "error", message
        ws.send(json.dumps({"type": "act", "action": text, "version": message["version"], "ref": text}))
        while (message := json.loads(ws.recv(timeout=20)))["type"] != "accepted":
            assert message["type"] != "error", message


def open_as(page: Page, server: str, table: str, seat: int | None, token: str | None) -> None:
    """The table's page as ``seat`` (the browser holds only that seat's token), or as a spectator."""
    page.goto(server)
    held = {table: {str(seat): token}} if seat is not None else {}
    page.evaluate("held => localStorage.setItem('ghosttable.seats', JSON.stringify(held))", held)
    page.goto(f"{server}table/{table}" + ("" if seat is not None else "?watch=1"))
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    expect(page.locator("#oh-phantom-panel")).to_be_visible()


def set_language(page: Page, lang: str) -> None:
    title = {"en": "The Mystery of the Old House", "zh": "古宅之谜"}[lang]
    if page.locator("#game-title").inner_text() != title:
        page.click("#lang")
    expect(page.locator("#game-title")).to_have_text(title)


def test_every_seat_reads_the_free_horror_and_the_named_phantom(
    page: Page, oh_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table, tokens = create_table(oh_server, monkeypatch)
    for seat, text in TO_THE_FREE_HORROR[:-1]:
        act(oh_server, table, tokens[seat], text)
    # Before any Horror this turn, a fright plays a card: no "free" anywhere.
    open_as(page, oh_server, table, 0, tokens[0])
    set_language(page, "en")
    expect(page.locator('#decision button[data-kind="horror"]').first).to_have_text(re.compile(r"^Horror on the \w+$"))
    expect(page.locator("#oh-horror-left")).to_have_count(0)
    # The log's cards given in Twilight name their sides (from the hands), never "()".
    assert "()" not in page.locator("body").inner_text()
    seat, text = TO_THE_FREE_HORROR[-1]
    act(oh_server, table, tokens[seat], text)

    # The Phantom: the pending free fright in its status area, and its horror buttons cost no card.
    open_as(page, oh_server, table, 0, tokens[0])
    set_language(page, "en")
    expect(page.locator("#oh-horror-left")).to_have_text(FREE_EN)
    expect(page.locator("#oh-named")).to_have_count(0)
    horrors = page.locator('#decision button[data-kind="horror"]')
    expect(horrors.first).to_be_visible()
    for label in horrors.all_inner_texts():
        assert label.endswith("(free: no card)"), label
    expect(page.locator('#decision button[data-kind="horror"]', has_text="Horror on the Exorcist")).to_have_text(
        "Horror on the Exorcist (free: no card)"
    )
    set_language(page, "zh")
    expect(page.locator("#oh-horror-left")).to_have_text(FREE_ZH)
    expect(page.locator('#decision button[data-kind="horror"]', has_text="驱魔师")).to_have_text(
        "恐惧: 驱魔师 (免费: 不用卡)"
    )
    # A hunter and a spectator read it too.
    for seat in (2, None):
        open_as(page, oh_server, table, seat, tokens.get(seat) if seat is not None else None)
        set_language(page, "zh")
        expect(page.locator("#oh-horror-left")).to_have_text(FREE_ZH)
        set_language(page, "en")
        expect(page.locator("#oh-horror-left")).to_have_text(FREE_EN)

    for seat, text in TO_THE_NAMING:
        act(oh_server, table, tokens[seat], text)
    # The exorcist named the Phantom: every seat reads that it cannot be named again this phase.
    for seat in (0, 3, None):
        open_as(page, oh_server, table, seat, tokens.get(seat) if seat is not None else None)
        set_language(page, "en")
        expect(page.locator("#oh-named")).to_have_text(NAMED_EN)
        expect(page.locator("#oh-horror-left")).to_have_count(0)
        set_language(page, "zh")
        expect(page.locator("#oh-named")).to_have_text(NAMED_ZH)
    set_language(page, "en")


def test_the_log_opens_on_its_newest_line(page: Page, oh_server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # The list is drawn scrolled to its end; drawn before the game's stylesheet applied, that scroll
    # was lost (about one load in four), hiding the newest lines. Several fresh loads, each checked.
    table, tokens = create_table(oh_server, monkeypatch)
    for seat, text in TO_THE_FREE_HORROR:
        act(oh_server, table, tokens[seat], text)

    def slow_stylesheet(route: Route) -> None:  # as on a busy or distant server: drawn first, styled later
        time.sleep(0.4)
        route.continue_()

    page.route("**/static/css/old-house.css*", slow_stylesheet)
    for _ in range(2):
        open_as(page, oh_server, table, None, None)
        page.wait_for_function(
            "() => { const l = document.querySelector('#oh-log');"
            " return l && getComputedStyle(l).maxHeight !== 'none' && l.scrollHeight > l.clientHeight; }"
        )
        page.wait_for_timeout(300)
        at_end = page.evaluate(
            "() => { const l = document.querySelector('#oh-log');"
            " return l.scrollTop + l.clientHeight >= l.scrollHeight - 2; }"
        )
        assert at_end

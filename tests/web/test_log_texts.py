"""What the log says on a table page, in Chinese: the sidebar's entries in readable words (never
an action's raw text form) and the engine's own log lines of each game, through the games' table
modules mounted in Chromium on frames built here from the engines (as the server builds them).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

import ghosttable
from ghosttable.ai import make_bot
from ghosttable.ai.base import Observation, choose_whole
from ghosttable.core.state import State
from ghosttable.games.ghost_stories.cards import load_data
from ghosttable.server.protocol import LogEntry, action_is_public, state_message
from tests.web.live import serve

ENGLISH_WORD = re.compile(r"[A-Za-z]{2,}")
RAW_ACTION = re.compile(r"^[a-z_]+( [a-z_]+=\S+)*$")


@pytest.fixture(scope="module")
def pages_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "log-texts")


def play(state: State, *, until: Any, bot: str = "heuristic", seed: int = 0) -> list[LogEntry]:
    """Play ``state`` with ``bot`` in every seat until ``until(state)``; the log entries the server
    would have kept (a sealed plan as its one action, as AI seats send it)."""
    bots = {s: make_bot(state.game, bot, s, seed + s) for s in range(state.game.players)}
    log: list[LogEntry] = []
    while not state.is_terminal() and not until(state):
        for seat in list(state.acting_seats()):
            if state.is_terminal() or seat not in state.acting_seats():
                break
            action = choose_whole(bots[seat], state, seat)
            public = action_is_public(state, seat, action)
            text = state.public_action_text(seat, action)
            entry = LogEntry(len(state.history), seat, action, public, state.decision_name(seat), seat != 0, text)
            log.append(entry)
            state.apply(action, seat)
    return log


def frame_of(state: State, seat: int, log: list[LogEntry]) -> dict[str, Any]:
    names = state.game.seat_names()
    seats = [
        {"seat": s, "name": n, "kind": "human", "bot": None, "claimed": True, "connected": True}
        for s, n in enumerate(names)
    ]
    return state_message(state, seat, table_id="harness", seats=seats, log=log)


def engine_lines(game_name: str, games: int, **options: Any) -> list[str]:
    """Every distinct engine log line of a few games between heuristic and random seats (as the
    views show them to each seat)."""
    lines: set[str] = set()
    base = ghosttable.load(game_name)
    for k in range(games):
        players = base.spec.min_players + k % (base.spec.max_players - base.spec.min_players + 1)
        game = ghosttable.load(game_name, players=players, **options)
        state = game.new_initial_state(k)
        bots = {s: make_bot(game, "heuristic" if k % 2 else "random", s, k) for s in range(players)}
        while not state.is_terminal():
            for seat in list(state.acting_seats()):
                if state.is_terminal() or seat not in state.acting_seats():
                    break
                state.apply(bots[seat].choose(Observation(state, seat)), seat)
                if len(state.history) % 4 == 0:
                    for viewer in (None, *range(players)):
                        lines.update(state.view(viewer)["log"])
        for viewer in (None, *range(players)):
            lines.update(state.view(viewer)["log"])
    return sorted(lines)


# Mounts a table module on `frame` in `lang`, then shows it each chunk of `lines` as the view's log;
# answers the texts of the module's log list after each chunk and the words of each sidebar entry.
HARNESS = """async ([url, frame, lang, lines, chunk, listId]) => {
    const mod = await import(url);
    const { el } = await import('/static/js/api.js');
    const fill = (text, params) => String(text).replace(/\\{(\\w+)\\}/g, (_, k) => params?.[k] ?? `{${k}}`);
    const texts = { ...mod.strings.en, ...mod.strings[lang] };
    const t = (key, params) => fill(texts[key] ?? key, params);
    const game = url.split('/').pop().replace('.js', '');
    const ctx = {
        t, el, lang: () => lang, mode: 'replay', seat: frame.seat, game: null, options: {},
        tOr: (key, fallback, params) => (key in texts ? t(key, params) : fill(fallback, params)),
        seatName: (s) => t(`game.${game}.seat.${frame.seats[s].name}`), act: async () => ({}),
    };
    const root = document.createElement('main');
    document.body.replaceChildren(root);
    const table = mod.mount(root, ctx);
    table.update(frame);
    const sidebar = frame.log.filter((e) => e.action !== null).map((e) => table.logText(e));
    const shown = [];
    for (let i = 0; i < lines.length; i += chunk) {
        const part = lines.slice(i, i + chunk);
        const view = { ...frame.view, log: part, log_length: part.length };
        table.update({ ...frame, version: frame.version + 1 + i, view });
        // A line of the log: an item, or the heading of its turn's group (Ghost Stories).
        const items = document.querySelectorAll(`#${listId} li, #${listId} .gs-turn:not([data-turn="0"]) h3`);
        shown.push(...[...items].map((li) => li.textContent));
    }
    return { sidebar, shown };
}"""


def english_left(text: str, names: list[str]) -> list[str]:
    for name in names:
        text = text.replace(name, "")
    return ENGLISH_WORD.findall(text)


def test_a_ghost_stories_turn_reads_in_chinese(page: Page, pages_server: str) -> None:
    page.goto(pages_server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    # A scripted opening: the first five turns of a 2-player game with fixed dice, seat 1's own view.
    game = ghosttable.load("ghost-stories", players=2, level="normal")
    state = game.new_initial_state(7, {"tao_dice": ["red", "green", "blue", "yellow", "black", "white"] * 4})
    log = play(state, until=lambda s: s.turn >= 5)  # type: ignore[attr-defined]
    frame = frame_of(state, 0, log)
    # The sidebar names a ghost by its space; the engine's lines name it, in Chinese too.
    ghosts = sorted({g.name for g in load_data().ghosts.values()}, key=len, reverse=True)
    lines = [*frame["view"]["log"], *engine_lines("ghost-stories", 16, level="nightmare")]
    got = page.evaluate(HARNESS, ["/table-modules/ghost-stories.js", frame, "zh", lines, 14, "gs-log"])
    assert len(got["sidebar"]) == len(log) >= 10
    for text in got["sidebar"]:
        assert not RAW_ACTION.match(text) and not english_left(text, ghosts), text
    assert len(got["shown"]) >= len(lines)
    untranslated = {line for line in got["shown"] if english_left(line, [])}
    assert not untranslated, sorted(untranslated)[:10]
    # The same entries in English are words too, not the action's text form.
    got = page.evaluate(HARNESS, ["/table-modules/ghost-stories.js", frame, "en", [], 14, "gs-log"])
    assert not any(RAW_ACTION.match(text) or text[:1].islower() for text in got["sidebar"]), got["sidebar"]
    assert any(text.startswith("Move to ") or text == "Stay put" for text in got["sidebar"]), got["sidebar"]


@pytest.mark.parametrize(
    ("game_name", "players", "options", "list_id", "chunk"),
    [
        ("run-ghost-run", 3, {"midnight": True}, "rgr-log", 12),
        ("old-house", 3, {}, "oh-log", 500),
        ("old-house", 4, {"three-hunters": "balanced"}, "oh-log", 500),
    ],
)
def test_the_other_tables_log_lines_read_in_chinese(
    page: Page, pages_server: str, game_name: str, players: int, options: dict[str, Any], list_id: str, chunk: int
) -> None:
    page.goto(pages_server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    game = ghosttable.load(game_name, players=players, **options)
    state = game.new_initial_state(3)
    # mid-game (a Run, Ghost, Run! plan is one action: its game is over before 40)
    actions = 24 if game_name == "run-ghost-run" else 40
    # (Run, Ghost, Run!'s random seats move furniture: grasps and placements reach the sidebar)
    bot = "random" if game_name == "run-ghost-run" else "heuristic"
    log = play(state, until=lambda s: len(s.history) >= actions, bot=bot)
    frame = frame_of(state, 0, log)
    lines = engine_lines(game_name, 8, **options)
    got = page.evaluate(HARNESS, [f"/table-modules/{game_name}.js", frame, "zh", lines, chunk, list_id])
    # Only this seat's own actions and the public ones reach the sidebar, each in Chinese words.
    assert got["sidebar"] and len(got["sidebar"]) == sum(e.public or e.seat == 0 for e in log)
    for text in got["sidebar"]:
        assert not RAW_ACTION.match(text) and not english_left(text, []), text
    untranslated = {line for line in got["shown"] if english_left(line, [])}
    assert not untranslated, sorted(untranslated)[:10]
    # In English, each entry reads as a label does: capitalised, never the action's text form.
    got = page.evaluate(HARNESS, [f"/table-modules/{game_name}.js", frame, "en", [], chunk, list_id])
    assert got["sidebar"] and not [text for text in got["sidebar"] if RAW_ACTION.match(text) or text[:1].islower()]

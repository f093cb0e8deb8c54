"""The Old House table in words and tokens that read: every legal action in words (no engine
syntax) and each a button; hunters and entities with distinct letters and colours; the tokens
sharing a cell side by side, none over another; a horrified hunter's turn said as such (not
"rolled -: moves up to 0"); the hunter to go next chosen beside the prompt; the engine's lines in
plain English (one step, the Shadows' verbs)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from ghosttable.games.old_house import OldHouse, OldHouseState
from ghosttable.games.old_house.rules import _steps, _verb
from ghosttable.server.protocol import decision_json
from tests.games.old_house.helpers import new_state
from tests.web.live import serve


@pytest.fixture(scope="module")
def words_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from serve(tmp_path_factory, "oh-words", ai_delay=0.01)


def horrified_turn() -> tuple[OldHouseState, int]:
    """A 2-player game (seed 0) played at random (seeded) up to a hunter's turn while a Horror
    keeps that hunter in place; returns the state and the hunters' seat."""
    state = OldHouse(2).new_initial_state(0)
    rng = random.Random(0)
    for _ in range(600):
        seat = state.acting_seats()[0]
        decision = state.decision(seat)
        assert decision is not None
        if state.phase == "hunters" and state.active is not None and state.hunters[state.active].horrified:
            return state, seat
        state.apply(rng.choice(decision.actions), seat)
    raise AssertionError("no horrified hunter's turn in 600 moves")


def frame_of(state: OldHouseState, seat: int) -> dict[str, Any]:
    return {
        "type": "state",
        "table": "position",
        "version": len(state.history),
        "status": "playing",
        "seat": seat,
        "view": state.view(seat),
        "decision": decision_json(state, seat),
        "acting": [seat],
        "seats": [{"seat": 0, "name": "phantom"}, {"seat": 1, "name": "hunter1"}],
        "log_start": 0,
        "log": [],
        "result": None,
    }


def mount_position(page: Page, server: str, frame: dict[str, Any], lang: str = "en") -> None:
    """Draws ``frame`` with the Old House table module in a page of the server."""
    page.goto(server)
    expect(page.locator("body")).to_have_attribute("data-ready", "true")
    page.evaluate(
        """async ([frame, lang]) => {
            const i18n = await import("/static/js/i18n.js");
            const api = await import("/static/js/api.js");
            const mod = await import("/table-modules/old-house.js");
            i18n.addStrings(mod.strings);
            if (i18n.lang() !== lang) i18n.setLanguage(lang);
            document.body.replaceChildren();
            const root = api.el("div", { id: "board" });
            document.body.append(root);
            const table = mod.mount(root, {
                t: i18n.t, tOr: i18n.tOr, lang: i18n.lang, el: api.el, mode: "play", seat: frame.seat,
                game: { name: "old-house" }, options: {},
                seatName: (s) => i18n.t(s === 0 ? "game.old-house.seat.phantom" : `game.old-house.seat.hunter${s}`),
                act: () => Promise.reject({ code: "test", reason: "no server here" }),
            });
            table.update(frame);
        }""",
        [frame, lang],
    )
    expect(page.locator("#oh-map")).to_be_visible()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_horrified_hunters_turn_reads_in_words(page: Page, words_server: str, lang: str) -> None:
    state, seat = horrified_turn()
    mount_position(page, words_server, frame_of(state, seat), lang)
    turn = page.locator("#oh-hunter-turn")
    expect(turn).to_contain_text("horrified: no move this turn" if lang == "en" else "受到惊吓")
    expect(turn).not_to_contain_text("-")
    expect(turn).not_to_contain_text("0")
    if lang == "en":
        # The hero by its title, as everywhere else on the table.
        hero = state.hunters[state.active].name  # type: ignore[index]
        expect(page.locator(".oh-prompt")).to_contain_text(f"The {hero.title()} on ")
    # Every legal action is a button in words: no engine syntax.
    page.locator("#decision details.oh-all > summary").click()
    buttons = page.locator("#decision .oh-any")
    expect(buttons).to_have_count(len(state.decision(seat).actions))  # type: ignore[union-attr]
    for text in buttons.all_inner_texts():
        assert "=" not in text and "_" not in text and text.strip(), text
    if lang == "en":
        assert "End the turn" in buttons.all_inner_texts()


def test_the_tokens_of_a_cell_stand_side_by_side_with_distinct_letters_and_colours(
    page: Page, words_server: str
) -> None:
    state = new_state(players=4, hunters=("medium", "athlete", "tracker"), house="default")
    frame = frame_of(state, 1)
    view = frame["view"]
    # A drawing test: the three hunters, a Slime and the Shadows on one cell, the Poltergeist
    # beside them.
    cell = "C3"
    for hunter in view["hunters"]:
        hunter["cell"] = cell
    view["entities"] = [
        {"id": 1, "kind": "slime", "cell": cell},
        {"id": 2, "kind": "shadows", "cell": cell},
        {"id": 3, "kind": "poltergeist", "cell": "D3"},
    ]
    mount_position(page, words_server, frame)
    tokens = page.locator("#oh-map .oh-hunter circle, #oh-map .oh-entity rect")
    expect(tokens).to_have_count(6)
    boxes = [tokens.nth(i).bounding_box() for i in range(6)]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            assert a and b
            apart = a["x"] + a["width"] <= b["x"] + 0.5 or b["x"] + b["width"] <= a["x"] + 0.5
            apart = apart or a["y"] + a["height"] <= b["y"] + 0.5 or b["y"] + b["height"] <= a["y"] + 0.5
            assert apart, (a, b)
    # Letters: one per hunter and entity, none shared.
    letters = page.evaluate(
        """async () => {
            const mod = await import("/table-modules/old-house.js");
            const kinds = [
                "medium", "athlete", "tracker", "engineer", "photographer", "exorcist",
                "shadows", "poltergeist", "slime",
            ];
            return ["en", "zh"].map((code) => kinds.map((k) => mod.strings[code][`oh.mark.${k}`]));
        }"""
    )
    for marks in letters:
        assert len(set(marks)) == 9, marks
    # Colours: every entity's face differs from every hunter's disc.
    fills = "(nodes) => nodes.map((n) => getComputedStyle(n).fill)"
    hunters = set(page.locator("#oh-map .oh-hunter circle").evaluate_all(fills))
    entities = set(page.locator("#oh-map .oh-entity rect").evaluate_all(fills))
    assert len(hunters) == 3 and len(entities) == 3 and not hunters & entities, (hunters, entities)
    # The key to the letters: each hunter's row and the legend show them.
    expect(page.locator("#oh-hunters .oh-token-key")).to_have_text(["M", "A", "T"])
    expect(page.locator(".oh-legend .oh-entity-key")).to_have_text(["Sh", "Po", "Sl"])


def test_the_hunter_to_go_next_is_chosen_beside_the_prompt(page: Page, words_server: str) -> None:
    state = OldHouse(2).new_initial_state(0)
    rng = random.Random(1)
    for _ in range(400):
        seat = state.acting_seats()[0]
        decision = state.decision(seat)
        assert decision is not None
        if decision.name == "hunter_order":
            break
        state.apply(rng.choice(decision.actions), seat)
    assert decision.name == "hunter_order"
    mount_position(page, words_server, frame_of(state, seat))
    expect(page.locator("#decision .oh-hint")).to_have_text("Choose the hunter who goes next.")
    order = page.locator("#oh-order button")
    expect(order).to_have_count(len(decision.actions))
    for button in order.all():
        expect(button).to_be_in_viewport()
        expect(button).to_contain_text("goes")


def test_the_engines_lines_agree_in_number() -> None:
    assert _steps(1) == "1 step" and _steps(3) == "3 steps"
    assert _verb("shadows", "moves", "move") == "move" and _verb("slime", "moves", "move") == "moves"


def test_one_step_left_reads_in_the_singular(page: Page, words_server: str) -> None:
    """The Phantom's turn with one step left (random play from seed 2): its panel and the prompt
    say "1 step left"."""
    state = OldHouse(2).new_initial_state(2)
    rng = random.Random(2)
    for _ in range(600):
        seat = state.acting_seats()[0]
        decision = state.decision(seat)
        assert decision is not None
        if decision.name == "phantom_turn" and state.budget - state.spent == 1:
            break
        state.apply(rng.choice(decision.actions), seat)
    assert decision.name == "phantom_turn" and seat == 0
    mount_position(page, words_server, frame_of(state, 0))
    expect(page.locator("#oh-phantom-panel")).to_contain_text("1 step left")
    expect(page.locator(".oh-prompt")).to_contain_text(": 1 step left for you and your entities")
    expect(page.locator("#board")).not_to_contain_text("1 steps")


def opening_turn(left: int) -> OldHouseState:
    """A 2-player game (seed 0) played at random (seeded) up to the Phantom's opening turn with
    ``left`` opening turns to go (2: the first, 1: the second)."""
    state = OldHouse(2).new_initial_state(0)
    rng = random.Random(0)
    for _ in range(600):
        if state.phase == "phantom" and state.opening_turn and state.opening_left == left:
            return state
        seat = state.acting_seats()[0]
        decision = state.decision(seat)
        assert decision is not None
        state.apply(rng.choice(decision.actions), seat)
    raise AssertionError(f"no opening turn with {left} to go in 600 moves")


@pytest.mark.parametrize(
    ("left", "said"),
    [
        (2, "Opening turn: at least one step, no summons, no relic destroyed"),
        (1, "Second opening turn: at least one step, ending off the start cell; no summons, no relic destroyed"),
    ],
)
def test_an_opening_turn_is_said_once_with_all_its_rules(page: Page, words_server: str, left: int, said: str) -> None:
    mount_position(page, words_server, frame_of(opening_turn(left), 0))
    panel = page.locator("#oh-phantom-panel .oh-small").first
    expect(panel).to_contain_text(said)
    assert panel.inner_text().lower().count("opening turn") == 1, panel.inner_text()

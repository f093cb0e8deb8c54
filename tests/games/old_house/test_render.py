"""Terminal rendering shows each seat only its own view, and terminal play runs to the end."""

from __future__ import annotations

from rich.console import Console

from ghosttable.cli import run_terminal_game
from ghosttable.registry import load
from tests.games.old_house.helpers import new_state, play, twilight


def _text(renderable: object) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_private_map_only_for_its_seat() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [1]})
    twilight(state)
    play(state, "step dir=east", "end_turn", "step dir=north", "step dir=south", "end_turn")
    play(state, "start_turn hunter=medium", "trap cell=D3", seat=1)
    game = state.game
    phantom = _text(game.render_terminal(state.view(0), 0))
    hunters = _text(game.render_terminal(state.view(1), 1))
    spectator = _text(game.render_terminal(state.view(None), None))
    assert "You are on C2" in phantom and "Traps:" not in phantom
    assert "You are on" not in hunters and "Traps: D3" in hunters
    assert "You are on" not in spectator and "Traps:" not in spectator


def test_terminal_game_against_bots(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    game = load("old-house", players=2)
    answers = iter(["1"] * 5000)
    monkeypatch.setattr("ghosttable.cli.console.input", lambda prompt="": next(answers))
    state = run_terminal_game(game, {0}, ["random", "heuristic"], seed=4)
    assert state.is_terminal()


def test_terminal_play_does_not_print_the_phantoms_directions(monkeypatch, capsys) -> None:  # type: ignore[no-untyped-def]
    game = load("old-house", players=2)
    answers = iter(["1"] * 5000)
    monkeypatch.setattr("ghosttable.cli.console.input", lambda prompt="": next(answers))
    run_terminal_game(game, {1}, ["heuristic", "random"], seed=3)
    out = capsys.readouterr().out
    assert "phantom (heuristic): plays a move card" in out
    assert "step dir=" not in out and "discard dir=" not in out


def test_every_piece_has_its_own_mark_and_question_marks_follow_the_heat_map() -> None:
    from ghosttable.games.old_house.render import ENTITY_MARK, HUNTER_MARK, render_map

    # No two hunters, entities or the Phantom share a mark.
    marks = [*HUNTER_MARK.values(), *ENTITY_MARK.values(), "@"]
    assert len({m.lower() for m in marks}) == len(marks)
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [1]})
    twilight(state)
    play(state, "step dir=east", "end_turn", "step dir=north", "step dir=south", "end_turn")
    view = state.view(1)
    assert view["possible_cells"]
    plain = _text(render_map(view))
    shaded = _text(render_map(view, heat_map=True))
    assert "?" not in plain and shaded.count("?") == len(view["possible_cells"])
    hunters = _text(state.game.render_terminal(view, 1))
    for h in view["hunters"]:
        assert f"{HUNTER_MARK[h['name']]} {h['title']}" in hunters
    assert "@ Phantom" in hunters and "? possible" not in hunters


def test_route_legend_only_on_the_phantoms_map_and_hand_size_in_words() -> None:
    state = new_state(script={"phantom_die": [1, 2], "hunter_die": [1]})
    twilight(state)
    play(state, "step dir=east", "end_turn", "step dir=north", "step dir=south", "end_turn")
    game = state.game
    phantom = _text(game.render_terminal(state.view(0), 0))
    hunters = _text(game.render_terminal(state.view(1), 1))
    spectator = _text(game.render_terminal(state.view(None), None))
    assert ". your route" in phantom
    assert ". your route" not in hunters and ". your route" not in spectator
    assert "s/p/l Shadows/Poltergeist/Slime" in hunters
    view = state.view(1)
    for count, words in ((1, "hand 1 card\n"), (2, "hand 2 cards\n"), (0, "hand 0 cards\n")):
        view["phantom"]["hand_size"] = count
        assert f"Phantom's {words}" in _text(game.render_terminal(view, 1))


def test_legend_before_the_heroes_are_chosen_has_no_empty_entry() -> None:
    game = load("old-house", players=3)
    state = game.new_initial_state(3)
    view = state.view(None)
    assert not view["hunters"]  # the heroes are still to be chosen
    text = _text(game.render_terminal(view, None))
    assert "Legend: @ Phantom; R relic" in " ".join(text.split()) and "; ;" not in text

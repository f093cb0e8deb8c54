"""Bots: the heuristic plays either side to the end, against itself and against random players."""

from __future__ import annotations

import dataclasses
import json

from typer.testing import CliRunner

from ghosttable.ai.base import make_bot
from ghosttable.ai.play import play_game, simulate
from ghosttable.cli import app
from ghosttable.core.actions import Action
from ghosttable.core.records import Record, replay_states
from ghosttable.games.old_house.rules import OldHouseState
from ghosttable.games.old_house.strategy import HeuristicBot, PhantomWeights
from ghosttable.registry import load


def test_heuristic_plays_both_sides_for_every_player_count() -> None:
    for players in (2, 3, 4):
        game = load("old-house", players=players)
        result = simulate(game, ["heuristic"] * players, 3, seed=players)
        assert result.games == 3 and sum(result.side_wins.values()) == 3


def test_each_side_can_be_played_by_any_bot() -> None:
    game = load("old-house", players=3)
    for names in (["heuristic", "random", "random"], ["random", "heuristic", "heuristic"]):
        bots = [make_bot(game, n, s, 7 + s) for s, n in enumerate(names)]
        state = play_game(game, bots, 7)
        assert state.is_terminal()


def test_heuristic_hunters_name_a_hidden_phantom_only_on_one_of_two_cells_where_a_wrong_guess_costs_the_next_turn() -> (
    None
):
    game = load("old-house", players=3, **{"wrong-guess": "next-turn"})
    bots = [make_bot(game, "heuristic", s, s) for s in range(3)]
    hidden = 0
    for seed in range(4):
        final = play_game(game, bots, seed)
        states = replay_states(Record.of(final))
        for state, (_, action) in zip(states, final.history, strict=False):
            if not isinstance(action, Action) or action.kind != "guess":
                continue
            assert isinstance(state, OldHouseState) and state.active is not None
            if state.revealed:
                continue
            hidden += 1
            assert state.hunters[state.active].cell in state.possible_cells(1)
            assert len(state.possible_cells(1)) <= 2
    assert hidden > 0


def test_heuristic_hunters_guess_before_moving_only_when_sure_and_freely_after_it() -> None:
    """Under the rulebook's reading (``wrong-guess=this-turn``) a wrong guess after the move costs
    nothing more, so the hunters name every possible cell they end on; before the move they name
    only a revealed Phantom or the one possible cell (a wrong guess there costs the move)."""
    game = load("old-house", players=3)
    bots = [make_bot(game, "heuristic", s, s) for s in range(3)]
    after = 0
    for seed in range(3):
        final = play_game(game, bots, seed)
        states = replay_states(Record.of(final))
        for state, (_, action) in zip(states, final.history, strict=False):
            if not isinstance(action, Action) or action.kind != "guess":
                continue
            assert isinstance(state, OldHouseState) and state.active is not None
            h = state.hunters[state.active]
            if state.moved or h.horrified:
                after += 1
            else:
                assert state.revealed or state.possible_cells(1) == {h.cell}
    assert after > 0


def test_cli_simulate_with_a_bot_per_side() -> None:
    result = CliRunner().invoke(
        app,
        [
            "simulate",
            "old-house",
            "-p",
            "3",
            "-n",
            "3",
            "--bot",
            "phantom=heuristic",
            "--bot",
            "hunters=random",
            "--json",
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["bots"] == ["heuristic", "random", "random"] and data["games"] == 3


def _first_midnight_turn(players: int, seed: int) -> tuple[OldHouseState, list[HeuristicBot]]:
    """A game played by heuristic bots up to the Phantom's first turn after the hunters moved."""
    from ghosttable.ai.base import Observation

    game = load("old-house", players=players)
    bots = [HeuristicBot(game, s, seed + s) for s in range(players)]
    state = game.new_initial_state(seed)
    assert isinstance(state, OldHouseState)
    hunters_moved = False
    while not (state.phase == "phantom" and hunters_moved and not state.opening_turn):
        seat = state.acting_seats()[0]
        state.apply(bots[seat].choose(Observation(state, seat)), seat)
        hunters_moved = hunters_moved or state.phase == "hunters"
    return state, bots


def test_phantom_look_ahead_plans_a_whole_legal_turn() -> None:
    from ghosttable.ai.base import Observation

    planned = 0
    for seed in range(4):
        state, bots = _first_midnight_turn(3, seed)
        phantom = bots[0]
        # strikes too are searched (by default the look-ahead leaves them to the rules of thumb and
        # plans nothing: with its Horror cards the Phantom often strikes on its first turn)
        phantom.w = dataclasses.replace(phantom.w, strike_by_rule=False)
        plan = phantom._search(Observation(state, 0), state.view(0))
        if not plan:
            continue
        planned += 1
        twin = state.clone()
        for action in plan:
            if twin.stopped:
                break  # a real trap the plan could not know of stopped the Phantom: the rules of thumb go on
            assert action in twin.legal_actions(0)
            twin.apply(action, 0)
        assert twin.stopped or (twin.phase != "phantom" and state.phase == "phantom")
    assert planned > 0


def test_phantom_sends_entities_to_relics_away_from_the_one_it_strikes() -> None:
    game = load("old-house", players=3)
    bot = HeuristicBot(game, 0, 1)
    house = game.house  # type: ignore[attr-defined]
    relics = list(house.relics)
    hunters = [(house.parse("A8"), "medium"), (house.parse("H1"), "athlete")]
    target = bot._entity_target(relics[0], [r for r in relics if r != relics[0]], set(), [relics[0]], hunters)
    assert target != relics[0] and target in relics


def test_heuristic_hunter_banishes_an_entity_sitting_on_a_relic_within_reach() -> None:
    from ghosttable.ai.base import Observation
    from ghosttable.games.old_house.rules import Entity

    game = load("old-house", players=3)
    bots = [make_bot(game, "heuristic", s, s) for s in range(3)]
    state = game.new_initial_state(5)
    # Play until a hunter is about to move while the Phantom is hidden and not pinned.
    while True:
        seat = state.acting_seats()[0]
        kinds = {a.kind for a in state.legal_actions(seat)}
        if seat != 0 and "move" in kinds and not state.revealed and len(state.possible_cells(seat)) > 1:
            break
        state.apply(bots[seat].choose(Observation(state, seat)), seat)
        assert not state.is_terminal()
    view = state.view(seat)
    me = next(h for h in view["hunters"] if h["name"] == view["hunter_turn"]["hunter"])
    here = state.house.parse(me["cell"])
    reach = {state.house.parse(a["to"]) for a in state.legal_actions(seat) if a.kind == "move"}
    intact = [c for c, destroyed in state.relics.items() if not destroyed]
    target = min(intact, key=lambda r: (r not in reach, r))
    assert target in reach and target != here
    state.entities.append(Entity(99, "slime", target))
    state.entities[-1].relic, state.entities[-1].relic_turns = target, 1
    action = make_bot(game, "heuristic", seat, 1).choose(Observation(state, seat))
    assert action.kind == "move" and action["to"] == state.house.name_of(target)
    state.apply(action, seat)
    assert all(e.id != 99 for e in state.entities)


def test_phantom_weights_are_frozen_and_shared_with_the_look_ahead_hunters() -> None:
    game = load("old-house", players=3)
    weights = PhantomWeights(card_weight=1.5)
    bot = HeuristicBot(game, 0, 3, weights)
    assert bot.w is weights and HeuristicBot(game, 0, 3).w == PhantomWeights()
    try:
        weights.card_weight = 2.0  # type: ignore[misc]
    except dataclasses.FrozenInstanceError:
        pass
    else:
        raise AssertionError("PhantomWeights must be frozen")
    assert bot._hunter_bot(1).w is weights


def test_other_orders_of_a_route_spend_the_same_cards_and_end_on_the_same_cell() -> None:
    game = load("old-house", players=3)
    bot = HeuristicBot(game, 0, 3)
    house = game.house  # type: ignore[attr-defined]
    start = house.parse("D4")
    path = [0, 0, 1, 1]  # north, north, east, east
    end = bot._cells_on(start, path)[-1]
    others = bot._reorders(start, path)
    assert others and all(sorted(o) == sorted(path) and o != path for o in others)
    assert all(bot._cells_on(start, o)[-1] == end for o in others)
    corner = house.parse("A1")
    assert all(min(bot._cells_on(corner, o)) >= 0 for o in bot._reorders(corner, [0, 1, 0, 1]))


def test_phantom_counts_the_cells_the_cards_left_after_a_route_reach_next_turn() -> None:
    game = load("old-house", players=3)
    bot = HeuristicBot(game, 0, 3)
    house = game.house  # type: ignore[attr-defined]
    start = house.parse("D4")
    within_four = sum(1 for d in house.distance_table(start).values() if d <= 4)
    assert bot._breadth(start, [], [5, 5, 5, 5]) == within_four  # a full hand goes anywhere 4 steps away
    assert bot._breadth(start, [], [0, 0, 0, 1]) == 2  # one west card: here, or one cell west
    # the route spends its own cards first: west and north used, one north card left
    assert bot._breadth(house.parse("C5"), [3, 0], [2, 0, 0, 1]) == 2
    assert bot._breadth(start, [], [0, 0, 0, 0]) == 1


def test_phantom_candidates_include_spending_the_whole_roll() -> None:
    found = 0
    for seed in range(6):
        state, bots = _first_midnight_turn(3, seed)
        view = state.view(0)
        left = view["phantom"]["steps_left"]
        bots[0].w = dataclasses.replace(bots[0].w, strike_by_rule=False)  # else a strike leaves no plan
        plans = bots[0]._candidates(view)
        steps = [sum(1 for a in p if a.kind == "step") for p in plans]
        assert all(n <= left + 2 for n in steps)
        found += bool(steps) and max(steps) >= left - 1 and left >= 3
    assert found > 0


def test_phantom_counts_cells_it_walked_after_a_trap_as_clear_of_it() -> None:
    from ghosttable.ai.base import Observation

    game = load("old-house", players=3)
    bots = [make_bot(game, "heuristic", s, s + 11) for s in range(3)]
    state = game.new_initial_state(11)
    checked = 0
    while not state.is_terminal() and checked < 3:
        seat = state.acting_seats()[0]
        if seat == 0 and state.phase == "phantom" and state.active_traps() and state.cards_this_turn == 0:
            bot = bots[0]
            assert isinstance(bot, HeuristicBot)
            view = state.view(0)
            bot._learn_clear(Observation(state, 0), view)
            for t in state.active_traps():
                assert bot.clear <= t.phantom_clear | t.entity_clear
                assert t.cell not in bot.clear
            assert not bot._trap_cells(view) & bot.clear
            checked += 1
        state.apply(bots[seat].choose(Observation(state, seat)), seat)
    assert checked > 0


def test_a_revealed_heuristic_phantom_leaves_the_cell_the_hunters_saw_it_on() -> None:
    """A Phantom revealed at the start of its turn (a strike, or a correct guess) ends the turn
    elsewhere: staying is the surest banishment (it used to discard and stay, now and then)."""
    from ghosttable.ai.base import Observation

    game = load("old-house", players=3)
    escapes = 0
    for seed in range(3):
        state = game.new_initial_state(seed)
        bots = [make_bot(game, "heuristic", s, 20 + s) for s in range(3)]
        start: int | None = None
        while not state.is_terminal():
            assert isinstance(state, OldHouseState)
            seat = state.acting_seats()[0]
            fresh_turn = state.phase == "phantom" and state.cards_this_turn == 0 and not state.opening_turn
            if seat == 0 and start is None and fresh_turn and state.revealed and not state.stopped:
                start = state.phantom_cell
            state.apply(bots[seat].choose(Observation(state, seat)), seat)
            if start is not None and state.phase != "phantom":
                escapes += 1
                assert state.phantom_cell != start or state.is_terminal()
                start = None
    assert escapes > 0


def test_on_the_default_house_a_round_ends_on_its_start_cell_moved_back_by_the_discards() -> None:
    """Five Move cards a direction sum to no move, and on a house with no inner wall a card is left
    unusable only at the edge it points to (the heuristic's rounds never do), so a round spends every
    card and ends where it began, less the cards discarded unseen: the hunters' belief at a round's
    end is the start's, spread only by the discards (docs/games/old_house.md, "The round's end is
    where it began")."""
    from ghosttable.ai.base import Observation

    game = load("old-house", players=3)
    width = game.house.width  # type: ignore[attr-defined]
    shift = {"north": width, "east": 1, "south": -width, "west": -1}
    rounds = 0
    discarded = 0
    for seed in range(3):
        state = game.new_initial_state(seed)
        assert isinstance(state, OldHouseState)
        bots = [make_bot(game, "heuristic", s, 30 + s) for s in range(3)]
        start, back = state.phantom_cell, 0
        while not state.is_terminal():
            seat = state.acting_seats()[0]
            action = bots[seat].choose(Observation(state, seat))
            if action.kind == "discard":
                back += shift[str(action["dir"])]
                discarded += 1
            round_before = state.round
            state.apply(action, seat)
            if state.round != round_before and not state.is_terminal():
                assert state.phantom_cell == start - back
                rounds += 1
                start, back = state.phantom_cell, 0
    assert rounds >= 2 and discarded > 0


def test_on_the_partitioned_house_a_round_can_end_with_cards_in_hand_each_pointing_into_a_wall() -> None:
    """The partitioned house's inner walls leave Move cards unusable inside the house, so a round
    ends as soon as every card the Phantom holds points into a wall or off the board, not only when
    all 20 are spent (docs/games/old_house.md, "Inner walls")."""
    from ghosttable.ai.base import Observation

    game = load("old-house", players=3, house="partitioned")
    house = game.house  # type: ignore[attr-defined]
    state = game.new_initial_state(1)
    assert isinstance(state, OldHouseState)
    bots = [make_bot(game, "heuristic", s, 30 + s) for s in range(3)]
    while not (state.round_ending or state.is_terminal()):
        seat = state.acting_seats()[0]
        state.apply(bots[seat].choose(Observation(state, seat)), seat)
    assert state.round_ending and sum(state.hand) > 0
    held = [d for d in range(4) if state.hand[d] > 0]
    assert all(house.moves[state.phantom_cell][d] == -1 for d in held)
    steps = (house.width, 1, -house.width, -1)  # north, east, south, west
    assert any(frozenset((state.phantom_cell, state.phantom_cell + steps[d])) in house.walls for d in held)
    assert state.phantom_cell in state.possible_cells(1)

"""The OpenSpiel games: OpenSpiel's own random-simulation test, its search bots playing whole games,
and the secrets kept out of every seat's tensors and strings."""

from __future__ import annotations

import contextlib
import io
import random
import re
from pathlib import Path
from typing import Any

import pytest

from tests.optional import required

pyspiel = required("pyspiel")
np = required("numpy")

import ghosttable.openspiel as gos  # noqa: E402  (after the optional imports)

SIMS = [
    ("ghosttable_ghost_stories", 1, 2),
    ("ghosttable_ghost_stories", 2, 2),
    ("ghosttable_ghost_stories", 4, 1),
    ("ghosttable_run_ghost_run", 2, 2),
    ("ghosttable_run_ghost_run", 3, 1),
    ("ghosttable_run_ghost_run", 4, 1),
]
SLOW_SIMS = [
    ("ghosttable_old_house", 2, 1),
    ("ghosttable_old_house", 3, 1),
    ("ghosttable_old_house", 4, 1),
]


@pytest.mark.parametrize(("name", "players", "sims"), SIMS, ids=[f"{n}-{p}" for n, p, _ in SIMS])
def test_random_sim_test(name: str, players: int, sims: int) -> None:
    game = pyspiel.load_game(name, {"players": players})
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "sims"), SLOW_SIMS, ids=[f"{n}-{p}" for n, p, _ in SLOW_SIMS])
def test_random_sim_test_of_the_old_house(name: str, players: int, sims: int) -> None:
    game = pyspiel.load_game(name, {"players": players, "heroes": "random"})
    pyspiel.random_sim_test(game, num_sims=sims, serialize=players == 2, verbose=False)


def test_games_are_registered_with_their_types_and_options() -> None:
    names = {t.short_name: t for t in pyspiel.registered_games()}
    kinds = pyspiel.GameType
    for entry in gos.ENTRIES:
        kind = names[entry.short_name]
        assert kind.chance_mode == kinds.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == kinds.Information.IMPERFECT_INFORMATION
        assert kind.reward_model == kinds.RewardModel.TERMINAL
    assert names["ghosttable_run_ghost_run"].dynamics == kinds.Dynamics.SIMULTANEOUS
    assert names["ghosttable_old_house"].dynamics == kinds.Dynamics.SEQUENTIAL
    assert names["ghosttable_ghost_stories"].utility == kinds.Utility.IDENTICAL
    game = pyspiel.load_game("ghosttable_old_house", {"players": 3, "card_sharing": "dealt"})
    assert game.num_players() == 3
    assert game.get_parameters()["card_sharing"] == "dealt"
    assert game.rules.options["card-sharing"] == "dealt"
    assert game.max_chance_outcomes() == 6
    stories = pyspiel.load_game("ghosttable_ghost_stories", {"players": 2})
    first = stories.new_initial_state()
    assert first.is_chance_node()
    outcomes = first.chance_outcomes()
    assert len(outcomes) == 9 and sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert first.action_to_string(pyspiel.PlayerId.CHANCE, outcomes[0][0]).startswith("village draw 1 of 9: ")
    assert stories.max_chance_outcomes() >= max(a for a, _ in outcomes) + 1


def play_chance(state: Any, rng: np.random.RandomState) -> None:
    while state.is_chance_node():
        actions, probs = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(int(rng.choice(actions, p=probs)))


def test_ismcts_plays_ghost_stories_to_the_end() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("ghosttable_ghost_stories", {"players": 1})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=6)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 4, random_state=rng)
    state = game.new_initial_state()
    asked = 0
    while not state.is_terminal():
        play_chance(state, rng)
        if state.is_terminal():
            break
        state.apply_action(int(bot.step(state)))
        asked += 1
    assert asked > 5
    assert state.returns() in ([1.0], [-1.0])


@pytest.mark.slow
def test_ismcts_plays_the_phantom_to_the_end() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("ghosttable_old_house", {"players": 2})
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=3)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        play_chance(state, rng)
        if state.is_terminal():
            break
        if state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_mcts_plays_run_ghost_run_to_the_end_turn_based() -> None:
    from open_spiel.python.algorithms import mcts

    game = pyspiel.convert_to_turn_based(pyspiel.load_game("ghosttable_run_ghost_run", {"players": 2}))
    rng = np.random.RandomState(2)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=4)
    bot = mcts.MCTSBot(game, 2.0, 4, evaluator, random_state=rng)
    state = game.new_initial_state()
    asked = 0
    while not state.is_terminal():
        play_chance(state, rng)
        if state.is_terminal():
            break
        if state.current_player() == 0:
            state.apply_action(int(bot.step(state)))
            asked += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert asked > 5
    assert len(state.returns()) == 2


def seen_by(state: Any, seat: int) -> tuple[Any, ...]:
    """Everything OpenSpiel shows ``seat`` of ``state``."""
    return (
        tuple(state.observation_tensor(seat)),
        tuple(state.information_state_tensor(seat)),
        state.observation_string(seat),
        state.information_state_string(seat),
    )


def random_position(game: Any, rng: np.random.RandomState, moves: int) -> Any:
    state = game.new_initial_state()
    for _ in range(moves):
        play_chance(state, rng)
        if state.is_terminal():
            break
        if state.is_simultaneous_node():
            joint = [int(rng.choice(a)) if (a := state.legal_actions(p)) else 0 for p in range(game.num_players())]
            state.apply_actions(joint)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    play_chance(state, rng)
    return state


@pytest.mark.parametrize(
    ("name", "players"), [("ghosttable_ghost_stories", 2), ("ghosttable_old_house", 3), ("ghosttable_run_ghost_run", 3)]
)
def test_a_resampled_twin_looks_the_same_to_the_seat_it_was_drawn_for(name: str, players: int) -> None:
    game = pyspiel.load_game(name, {"players": players})
    rng = np.random.RandomState(11)
    differed = 0
    for moves in (5, 40, 120):
        state = random_position(game, rng, moves)
        if state.is_terminal():
            continue
        for seat in range(players):
            twin = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
            assert seen_by(twin, seat) == seen_by(state, seat)
            differed += str(twin) != str(state)
    assert differed  # the twins hold other secrets


def test_the_ghost_deck_order_is_in_no_seats_tensor_or_string() -> None:
    game = pyspiel.load_game("ghosttable_ghost_stories", {"players": 2})
    rng = np.random.RandomState(4)
    one = game.new_initial_state()
    chosen: list[tuple[int, str]] = []
    while one.is_chance_node():
        pick = int(rng.choice([a for a, _ in one.chance_outcomes()]))
        chosen.append((pick, one.action_to_string(pyspiel.PlayerId.CHANCE, pick)))
        one.apply_action(pick)
    # two cards low in the pile (below the first incarnation, 10 ghosts left out of play for two
    # players beneath them) change places: nothing of them shows until they are drawn
    at = [i for i, (_, text) in enumerate(chosen) if text.startswith(("deck draw 12 of", "deck draw 13 of"))]
    assert len(at) == 2
    ids = [a for a, _ in chosen]
    ids[at[0]], ids[at[1]] = ids[at[1]], ids[at[0]]
    two = game.new_initial_state()
    for a in ids:
        two.apply_action(a)
    assert not two.is_chance_node() and str(one) != str(two)
    for _ in range(40):
        if one.is_terminal():
            break
        for seat in range(2):
            assert seen_by(one, seat) == seen_by(two, seat)
        action = int(rng.choice(one.legal_actions()))
        one.apply_action(action)
        two.apply_action(action)
        while one.is_chance_node():
            pick = int(rng.choice([a for a, _ in one.chance_outcomes()]))
            one.apply_action(pick)
            two.apply_action(pick)


def plan_ids(game: Any, state: Any, seat: int) -> tuple[int, list[int]]:
    """The id of ``done`` for ``seat`` and the ids of its steps."""
    ours = state._pos.state
    done = [game.encoding.action_id(ours, seat, a) for a in ours.legal_actions(seat) if a.kind == "done"]
    assert len(done) == 1
    return done[0], [a for a in state.legal_actions(seat) if a != done[0]]


def test_a_sealed_plan_and_its_length_are_in_no_other_seats_tensor_or_string() -> None:
    game = pyspiel.load_game("ghosttable_run_ghost_run", {"players": 2})
    rng = np.random.RandomState(8)
    state = game.new_initial_state()
    while not state.is_simultaneous_node():
        play_chance(state, rng)
        if not state.is_simultaneous_node():
            state.apply_action(int(rng.choice(state.legal_actions())))
    done, steps = plan_ids(game, state, 1)
    _, steps0 = plan_ids(game, state, 0)
    assert steps and steps0
    short, long = state.clone(), state.clone()
    short.apply_actions([steps0[0], done])  # the second seat seals a plan of no step
    long.apply_actions([steps0[0], steps[0]])  # or makes a step
    assert short.legal_actions(1) == [] and long.legal_actions(1)
    assert seen_by(short, 0) == seen_by(long, 0)
    assert seen_by(short, 1) != seen_by(long, 1)
    _, more = plan_ids(game, short, 0)
    assert more
    done_long, _ = plan_ids(game, long, 1)
    short.apply_actions([more[0], 0])
    long.apply_actions([more[0], done_long])  # a plan of one step, sealed a node later
    assert seen_by(short, 0) == seen_by(long, 0)


def test_a_state_survives_serialization_mid_setup_and_mid_game() -> None:
    game = pyspiel.load_game("ghosttable_run_ghost_run", {"players": 3, "midnight": True})
    rng = random.Random(1)
    state = game.new_initial_state()
    for _ in range(3):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    _, back = pyspiel.deserialize_game_and_state(text)
    assert str(back) == str(state) and back.chance_outcomes() == state.chance_outcomes()
    state = random_position(game, np.random.RandomState(0), 30)
    _, back = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(back) == str(state)
    assert all(seen_by(back, s) == seen_by(state, s) for s in range(3))


def test_the_example_of_the_openspiel_section_runs() -> None:
    doc = Path(__file__).resolve().parents[2] / "docs" / "research.md"
    mark = "<!-- runs in tests/research/test_openspiel.py -->"
    found = re.findall(re.escape(mark) + r"\n```python\n(.*?)\n```", doc.read_text(encoding="utf-8"), flags=re.DOTALL)
    assert len(found) == 1
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(found[0], "research.md OpenSpiel example", "exec"), {})
    assert len(printed.getvalue().strip().splitlines()) == 10


def test_an_id_that_is_not_legal_is_refused_and_changes_nothing() -> None:
    from ghosttable.core import IllegalActionError

    game = pyspiel.load_game("ghosttable_run_ghost_run", {"players": 2})
    rng = np.random.RandomState(8)
    state = game.new_initial_state()
    while not state.is_simultaneous_node():
        play_chance(state, rng)
        if not state.is_simultaneous_node():
            legal = state.legal_actions()
            wrong = next(a for a in range(game.num_distinct_actions()) if a not in legal)
            before = (str(state), seen_by(state, 0), seen_by(state, 1))
            with pytest.raises(IllegalActionError):
                state.apply_action(wrong)
            assert (str(state), seen_by(state, 0), seen_by(state, 1)) == before
            state.apply_action(int(rng.choice(legal)))
    wrong = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions(1))
    before = (str(state), seen_by(state, 0), seen_by(state, 1))
    with pytest.raises(IllegalActionError):
        state.apply_actions([state.legal_actions(0)[0], wrong])
    assert (str(state), seen_by(state, 0), seen_by(state, 1)) == before


def first_payment_in_two_colours(game: Any) -> tuple[Any, int]:
    """A Ghost Stories state of OpenSpiel, played from its start (chance and the seats at random,
    an exorcism and its banishing taken whenever offered), at a payment in several colours: the
    state and the first id of such a payment. Seeds are tried from 19, the first that gets there
    (0 to 18 do not)."""
    from ghosttable.games.encoding import Staged

    space = game.encoding.space
    banish = min(o for o, f in zip(space.offsets, space.families, strict=True) if f.kind == "banish")
    for seed in range(19, 80):
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            play_chance(state, rng)
            if state.is_terminal():
                break
            legal, seat = state.legal_actions(), state.current_player()
            ours = state._pos.state
            for i in legal:
                if isinstance(game.encoding.action_of(ours, seat, i), Staged):
                    return state, i
            wanted = [i for i in legal if i >= banish]
            wanted = wanted or [i for i in legal if state.action_to_string(seat, i) == "exorcise"]
            state.apply_action(int(rng.choice(wanted or legal)))
    raise AssertionError("no game reached a payment in several colours")


def test_a_payment_in_two_colours_is_two_moves_of_the_same_seat_that_survive_a_copy() -> None:
    game = pyspiel.load_game("ghosttable_ghost_stories", {"players": 4})
    state, first = first_payment_in_two_colours(game)
    seat = state.current_player()
    others = [p for p in range(4) if p != seat]
    before = {p: seen_by(state, p) for p in range(4)}
    recorded = len(state._pos.state.history)
    assert "part 1 of an action" in state.action_to_string(seat, first)
    state.apply_action(first)
    assert state.current_player() == seat and len(state._pos.state.history) == recorded
    assert seen_by(state, seat) != before[seat] and "staged" in state.information_state_string(seat)
    assert all(seen_by(state, p) == before[p] for p in others)  # the others see nothing of it yet
    following = state.legal_actions()
    assert following and first not in following
    for twin in (
        state.clone(),
        pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1],
        state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0)),
    ):
        assert twin.legal_actions() == following and seen_by(twin, seat) == seen_by(state, seat)
    while state._pos.staged:
        state.apply_action(state.legal_actions()[0])
    assert "staged" not in state.information_state_string(seat)
    play_chance(state, np.random.RandomState(0))  # what the banishing draws, if anything
    assert state._pos.state.history[recorded][1].kind == "banish"

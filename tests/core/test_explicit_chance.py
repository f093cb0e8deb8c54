"""Explicit chance: every chance event of a game met as chance nodes with exact probabilities, the
caller choosing each outcome; a sequence of chosen outcomes reproduces a game exactly."""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

import pytest

import ghosttable
from ghosttable.core import Chance, ChanceScriptError, State, replay
from ghosttable.core.chance import ChanceEvent, ChanceNeeded
from ghosttable.core.explicit import Move, Step, resolve, sample_outcome

GAMES = [
    ("ghost-stories", 2, {}),
    ("old-house", 3, {"heroes": "random"}),
    ("run-ghost-run", 3, {"midnight": True}),
]


def check_node(event: ChanceEvent) -> None:
    assert sum((o.probability for o in event.outcomes), Fraction(0)) == 1
    assert len(event.outcomes) >= 2
    ids = [o.id for o in event.outcomes]
    assert ids == sorted(set(ids)) and all(0 <= i < event.size for i in ids)


def play(
    game: ghosttable.core.Game, rng: random.Random, steps: int
) -> tuple[State, list[tuple[tuple[Move, ...], tuple[int, ...]]], list[Any]]:
    """A game set up and played ``steps`` actions through explicit chance, random outcomes and
    moves: the state, each step's moves and chosen ids, and the fingerprint after each step."""
    state, met, chosen = resolve(Step(game), rng)
    for event in met:
        check_node(event)
    log: list[tuple[tuple[Move, ...], tuple[int, ...]]] = [((), chosen)]
    prints = [state.fingerprint()]
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.acting_seats()[0]
        moves = ((seat, rng.choice(state.legal_actions(seat))),)
        state, met, chosen = resolve(Step(game, state, moves), rng)
        for event in met:
            check_node(event)
        log.append((moves, chosen))
        prints.append(state.fingerprint())
    return state, log, prints


@pytest.mark.parametrize(("name", "players", "options"), GAMES, ids=[g[0] for g in GAMES])
def test_chosen_outcomes_reproduce_a_game_and_its_record_replays(
    name: str, players: int, options: dict[str, Any]
) -> None:
    game = ghosttable.load(name, players=players, **options)
    state, log, prints = play(game, random.Random(3), 150)
    assert state.chance.is_explicit
    again: State | None = None
    for i, (moves, chosen) in enumerate(log):
        got = Step(game, again, moves, chosen).run()
        assert isinstance(got, State)
        assert got.fingerprint() == prints[i]
        again = got
    # the outcomes given make an ordinary script: the record replays on ordinary chance
    record = state.record()
    assert record.script == state.chance.drawn() and record.script
    replayed = replay(record)
    assert replayed.view(None) == state.view(None)
    assert [str(a) for _, a in replayed.history] == [str(a) for _, a in state.history]


def test_a_whole_game_through_explicit_chance_records_its_result() -> None:
    game = ghosttable.load("run-ghost-run", players=2)
    state, _, _ = play(game, random.Random(5), 10_000)
    assert state.is_terminal()
    record = state.record()
    assert record.result is not None
    assert replay(record).returns() == state.returns()


def test_ghost_stories_setup_meets_each_event_as_its_draws() -> None:
    game = ghosttable.load("ghost-stories", players=4)
    step = Step(game)
    first = step.run()
    assert isinstance(first, ChanceEvent)
    assert (first.kind, first.draw, first.of) == ("village", 0, 9)
    assert [o.probability for o in first.outcomes] == [Fraction(1, 9)] * 9
    # the village tiles come out in the order chosen: tile 8 first, then 0, 1, ...
    for outcome_id in [8, *range(7)]:
        step = step.choose(outcome_id)
        got = step.run()
        assert isinstance(got, ChanceEvent)
    assert got.kind != "village"  # the ninth tile is forced: no node
    state, _, chosen = resolve(step, random.Random(0))
    other, _, _ = resolve(step, random.Random(1))
    assert chosen[:8] == (8, 0, 1, 2, 3, 4, 5, 6)
    order = state.chance.drawn()["village"][0]
    assert order == state.tiles == other.tiles  # type: ignore[attr-defined]
    assert len(set(order)) == 9
    assert other.fingerprint() != state.fingerprint()  # the later events were drawn otherwise


def test_chance_nodes_of_each_event_and_their_probabilities() -> None:
    chance = Chance(0)
    chance.explicit()
    with pytest.raises(ChanceNeeded) as need:
        chance.roll("curse_die", ["ghost", "ghost", "haunt", "nothing", "nothing", "nothing"])
    event = need.value.event
    assert [(o.id, o.value, o.probability) for o in event.outcomes] == [
        (0, "ghost", Fraction(1, 3)),
        (2, "haunt", Fraction(1, 6)),
        (3, "nothing", Fraction(1, 2)),
    ]
    chance.explicit([2, 4, 1, 0])
    assert chance.roll("curse_die", ["ghost", "ghost", "haunt", "nothing", "nothing", "nothing"]) == "haunt"
    assert chance.randint("n", 3, 8) == 7
    assert chance.sample("hunters", ["a", "b", "c"], 2) == ["b", "a"]
    assert chance.unused_choices() == 0
    with pytest.raises(ChanceNeeded) as need:
        chance.shuffled("deck", [10, 11, 12])
    assert [o.probability for o in need.value.event.outcomes] == [Fraction(1, 3)] * 3
    chance.explicit([1])
    with pytest.raises(ChanceNeeded) as need:
        chance.shuffled("deck", [10, 11, 12])
    second = need.value.event
    assert (second.draw, second.of, [o.id for o in second.outcomes]) == (1, 3, [0, 2])
    chance.explicit([1, 2])
    assert chance.shuffled("deck", [10, 11, 12]) == [11, 12, 10]
    assert chance.drawn() == {"curse_die": ["haunt"], "n": [7], "hunters": [["b", "a"]], "deck": [[11, 12, 10]]}
    chance.explicit([5])
    with pytest.raises(ChanceScriptError):
        chance.roll("die", [1, 2, 3])


def test_outcomes_are_sampled_at_their_probabilities() -> None:
    chance = Chance(0)
    chance.explicit()
    with pytest.raises(ChanceNeeded) as need:
        chance.roll("die", ["x", "x", "x", "y"])
    rng = random.Random(1)
    draws = [sample_outcome(need.value.event, rng) for _ in range(4000)]
    assert 0.70 < draws.count(0) / len(draws) < 0.80


def test_a_step_with_too_many_chosen_outcomes_is_refused() -> None:
    game = ghosttable.load("old-house", players=2)
    with pytest.raises(ChanceScriptError):
        Step(game, chosen=(0,)).run()

"""A movement plan is staged and sealed as one action: its steps stay out of the history, the record
keeps one ``seal``, a seal sent whole is checked step by step and refused as a whole, and nothing of
a sealed plan, not even its length, reaches another seat's view or determinization."""

from __future__ import annotations

import json
import random

import pytest

from ghosttable.core import Action, IllegalActionError, Record, replay
from ghosttable.games.run_ghost_run import RunGhostRunState
from ghosttable.games.run_ghost_run.sealing import read_seal, seal_of
from tests.games.run_ghost_run.helpers import NO_FURNITURE, done, new_state, put, step


def planning(players: int = 3) -> RunGhostRunState:
    """A game at its first plan phase: every card 9, 8, 7 and no furniture to move."""
    state = new_state(players, first=[NO_FURNITURE[9], NO_FURNITURE[8], NO_FURNITURE[7]][:players])
    assert state.phase == "plan"
    return state


def test_steps_stay_out_of_the_history_and_done_keeps_one_seal() -> None:
    state = planning()
    step(state, 1, "blue-l1", "B3", 2)
    step(state, 1, "blue-s1", "A1", 1)
    assert state.history == []  # the draft is the state's own: no record, no version, no log
    assert [a["ghost"] for a in state.plans[1] if a.kind == "step"] == ["blue-l1", "blue-s1"]
    assert state.view(1)["my_plan"]["points_left"] == 8 - 3
    done(state, 1)
    assert state.history == [(1, Action.make("seal", steps=("blue-l1:B3:floor:2", "blue-s1:A1:floor:1")))]
    assert str(state.history[0][1]) == "seal steps=blue-l1:B3:floor:2,blue-s1:A1:floor:1"
    assert state.public_action_text(1, state.history[0][1]) == "seals a movement plan"
    assert not state.action_is_public(1, state.history[0][1])


def test_a_seal_sent_whole_does_what_the_steps_do_and_the_record_replays() -> None:
    by_steps, whole = planning(), planning()
    step(by_steps, 0, "red-m1", "E2", 2)
    step(by_steps, 0, "red-s1", "A3", 3)
    done(by_steps, 0)
    whole.apply("seal steps=red-m1:E2:floor:2,red-s1:A3:floor:3", 0)
    assert whole.fingerprint() == by_steps.fingerprint()
    whole.apply({"kind": "seal", "steps": []}, 1)
    done(whole, 2)
    assert [a.kind for _, a in whole.history] == ["seal", "seal", "seal"]
    assert read_seal(whole.history[1][1]) == []
    assert whole.phase == "keyhole"
    report = whole.view(None)["last_turn"]["steps"]
    assert [(s["ghost"], s["to"]) for s in report] == [("red-m1", "E2"), ("red-s1", "A3")]
    record = Record.from_json(json.loads(json.dumps(whole.record().to_json())))
    assert replay(record).fingerprint() == whole.fingerprint()


def test_a_seal_is_refused_as_a_whole_naming_the_step_and_nothing_changes() -> None:
    state = planning()
    before = state.fingerprint()
    cases = {
        # the second step is too dear for the 5 points the first leaves of 9
        "seal steps=red-m1:E4:floor:4,red-l1:F6:floor:6": "part 2 of 3 (step cost=6 ghost=red-l1 place=floor to=F6)",
        "seal steps=red-s1:A1:floor:1,red-s1:B1:floor:2": "red-s1 has already moved this turn",
        "seal steps=blue-s1:A1:floor:1": "blue-s1 is not one of your ghosts",
        "seal steps=red-s1:exit:4": "cannot enter and leave the hall in the same turn",
        "seal steps=red-s1:A1": "must be written GHOST:SPACE:PLACE:COST",
        "seal steps=red-s1:A1:floor:x1": "must be written GHOST:SPACE:PLACE:COST",
        "seal plan=red-s1:A1:floor:1": "a seal takes one parameter, steps",
    }
    for text, reason in cases.items():
        with pytest.raises(IllegalActionError) as refused:
            state.apply(text, 0)
        assert reason in refused.value.reason, (text, refused.value.reason)
        assert state.fingerprint() == before, text
    # a plan begun step by step is finished step by step
    step(state, 0, "red-s1", "A1", 1)
    with pytest.raises(IllegalActionError, match="begun your plan step by step"):
        state.apply("seal steps=red-s2:B1:floor:2", 0)
    # and a seal at another decision is refused
    done(state, 0, 1, 2)
    assert state.phase == "keyhole"
    with pytest.raises(IllegalActionError, match="only while movement plans are made"):
        state.apply(Action.make("seal", steps=()), state.chooser)


def twins() -> tuple[RunGhostRunState, RunGhostRunState]:
    """Two positions that differ only in blue's plan: one step in one, three others in the other
    (sealed in both, in the same order among the seats)."""
    first, second = planning(), planning()
    for state in (first, second):
        put(state, "red-s1", "hall", "E3")
        put(state, "blue-m1", "hall", "B5")
        step(state, 0, "red-s1", "E4", 1)
    step(first, 1, "blue-l1", "B3", 2)
    step(second, 1, "blue-m1", "B4", 1)
    step(second, 1, "blue-s1", "A1", 1)
    step(second, 1, "blue-s2", "F4", 6)
    for state in (first, second):
        done(state, 1)
    return first, second


def test_twins_whose_sealed_plans_differ_look_the_same_to_everyone_else() -> None:
    first, second = twins()
    assert first.history != second.history and len(first.plans[1]) != len(second.plans[1])
    for viewer in (None, 0, 2):
        assert first.view(viewer) == second.view(viewer)
        if viewer is not None:
            assert first.decision(viewer) == second.decision(viewer)
        for k in range(5):
            # a determinization for another seat draws blue's plan anew from what that seat knows:
            # the same twin from both positions, its length and steps included
            a = first.determinize(viewer, random.Random(k))
            b = second.determinize(viewer, random.Random(k))
            assert a.fingerprint() == b.fingerprint()
            assert a.plans[1] == b.plans[1] and a.history == b.history
            assert a.history[-1] == (1, seal_of(a.plans[1]))
    # red's own draft (not sealed) stays its own in its determinizations, and nobody else's
    assert first.determinize(0, random.Random(1)).plans[0] == first.plans[0]
    assert first.determinize(2, random.Random(1)).plans[0] == []
    # blue itself sees its own plan, which differs
    assert first.view(1)["my_plan"] != second.view(1)["my_plan"]


def test_determinized_plan_lengths_do_not_follow_the_real_ones() -> None:
    lengths = {0: [], 3: []}
    for steps in lengths:
        state = planning()
        for ghost, to, cost in [("blue-l1", "B3", 2), ("blue-s1", "A1", 1), ("blue-s2", "A6", 1)][:steps]:
            step(state, 1, ghost, to, cost)
        done(state, 1)
        for k in range(40):
            twin = state.determinize(0, random.Random(k))
            lengths[steps].append(len(read_seal(twin.history[-1][1])))
    assert lengths[0] == lengths[3]
    assert len(set(lengths[0])) > 1

"""Undo within a turn (``ghosttable.core.state.UndoLog``) in each game: what can be taken back
(no chance drawn, nothing revealed, the same seat's turn), what cannot, and that an undo gives
back exactly the state before, its history included."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from ghosttable.core import Action, IllegalActionError, State, UndoLog
from ghosttable.games.ghost_stories.rules import GhostStoriesState
from ghosttable.games.old_house.rules import OldHouseState
from ghosttable.games.run_ghost_run.rules import RunGhostRunState
from ghosttable.registry import load


def walk(
    name: str, seed: int, until: Callable[[State, int, Action], bool], limit: int = 3000
) -> tuple[UndoLog, State, int, Action]:
    """Random play of ``name`` through an undo log until ``until(state, seat, action)`` holds for
    an action about to be taken (several games are tried when one ends first)."""
    game = load(name)
    rng = random.Random(seed)
    for attempt in range(20):
        log = UndoLog()
        state = game.new_initial_state(seed + attempt)
        for _ in range(limit):
            if state.is_terminal():
                break
            seat = state.acting_seats()[0]
            action = rng.choice(state.legal_actions(seat))
            if until(state, seat, action):
                return log, state, seat, action
            state = log.apply(state, action, seat)
    raise AssertionError(f"no such position in {name}")


def undo_back(log: UndoLog, state: State, seat: int, action: Action) -> State:
    """Take ``action`` and undo it: the state before comes back, the same in every respect."""
    before = state.fingerprint()
    history = list(state.history)
    after = log.apply(state, action, seat)
    assert log.refusal(after, seat) is None and log.can_undo(after, seat)
    back = log.undo(after, seat)
    assert back.fingerprint() == before
    assert back.history == history and back.record().to_json() == state.record().to_json()
    return back


def refused_after(log: UndoLog, state: State, seat: int, action: Action, words: str) -> None:
    """Take ``action``: nothing can be taken back, an undo is refused with ``words`` in its
    reason, and the refusal changes nothing."""
    after = log.apply(state, action, seat)
    before = after.fingerprint()
    with pytest.raises(IllegalActionError, match=words):
        log.undo(after, seat)
    assert after.fingerprint() == before and not log.can_undo(after, seat)


# ----- Ghost Stories -------------------------------------------------------------------------------


def test_ghost_stories_a_move_is_taken_back() -> None:
    log, state, seat, action = walk("ghost-stories", 1, lambda s, _, a: a.kind == "move")
    back = undo_back(log, state, seat, action)
    while log.can_undo(back, seat):  # the turn's earlier actions, back to its start
        back = log.undo(back, seat)
    assert isinstance(back, GhostStoriesState) and back.phase != "yang_action"
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        log.undo(back, seat)


def test_ghost_stories_the_tao_dice_make_the_turn_stand() -> None:
    def exorcism(s: State, seat: int, a: Action) -> bool:
        assert isinstance(s, GhostStoriesState)
        if a.kind in ("pass", "end_turn") or s.phase != "yang_action":
            return False
        twin = s.clone()
        chance = twin.chance.fingerprint()
        twin.apply(a, seat)
        return twin.chance.fingerprint() != chance and not twin.is_terminal()

    log, state, seat, action = walk("ghost-stories", 2, exorcism)
    refused_after(log, state, seat, action, "die was rolled")


def test_ghost_stories_a_ghost_card_drawn_makes_the_turn_stand() -> None:
    def draws(s: State, seat: int, a: Action) -> bool:
        assert isinstance(s, GhostStoriesState)
        twin = s.clone()
        chance = twin.chance.fingerprint()
        twin.apply(a, seat)
        return len(twin.deck) < len(s.deck) and twin.chance.fingerprint() == chance and not twin.is_terminal()

    log, state, seat, action = walk("ghost-stories", 3, draws)
    after = log.apply(state, action, seat)
    assert not log.can_undo(after, seat) and not log.can_undo(after, after.current_player)


def test_an_undo_is_only_for_the_seat_that_acted_and_not_past_its_turn() -> None:
    log, state, seat, action = walk("ghost-stories", 4, lambda s, _, a: a.kind == "move" and s.players > 1)
    after = log.apply(state, action, seat)
    other = (seat + 1) % after.players
    with pytest.raises(IllegalActionError, match="not to act"):
        log.undo(after, other)
    # a state reached by other means has nothing to take back
    stranger = after.clone()
    with pytest.raises(IllegalActionError, match="nothing was done"):
        log.undo(stranger, seat)
    assert log.undo(after, seat) is state


# ----- The Mystery of the Old House ----------------------------------------------------------------


def _phantom_step(traps: bool) -> Callable[[State, int, Action], bool]:
    def found(s: State, _: int, a: Action) -> bool:
        assert isinstance(s, OldHouseState)
        return s.phase == "phantom" and a.kind == "step" and bool(s.active_traps()) == traps

    return found


def test_old_house_a_phantom_step_with_no_trap_set_is_taken_back() -> None:
    log, state, seat, action = walk("old-house", 1, _phantom_step(False))
    assert seat == 0
    back = undo_back(log, state, seat, action)
    assert back.view(1) == state.view(1) and back.view(0) == state.view(0)


def test_old_house_a_phantom_step_while_a_trap_is_set_stands() -> None:
    log, state, seat, action = walk("old-house", 2, _phantom_step(True))
    refused_after(log, state, seat, action, "hidden was revealed")


def test_old_house_a_hunters_move_looking_for_trails_stands() -> None:
    def looks(s: State, seat: int, a: Action) -> bool:
        assert isinstance(s, OldHouseState)
        twin = s.clone()
        twin.apply(a, seat)
        return (
            s.phase == "hunters"
            and a.kind == "move"
            and len(twin.knowledge) > len(s.knowledge)
            and not twin.is_terminal()
        )

    log, state, seat, action = walk("old-house", 3, looks)
    refused_after(log, state, seat, action, "hidden was revealed")


def test_old_house_the_hunters_die_makes_the_turn_stand() -> None:
    def rolls(s: State, _: int, a: Action) -> bool:
        if a.kind != "start_turn":
            return False
        assert isinstance(s, OldHouseState)
        hunter = s.hunter(str(a["hunter"]))
        return not hunter.horrified and not hunter.stunned  # such a hunter rolls no die

    log, state, seat, action = walk("old-house", 4, rolls)
    refused_after(log, state, seat, action, "die was rolled")


def test_old_house_several_steps_are_taken_back_one_by_one() -> None:
    log, state, seat, action = walk("old-house", 5, _phantom_step(False))
    first = log.apply(state, action, seat)
    assert isinstance(first, OldHouseState)
    more = [a for a in first.legal_actions(seat) if a.kind in ("step", "accelerate", "move_entity")]
    assert more
    second = log.apply(first, more[0], seat)
    assert log.undo(second, seat).fingerprint() == first.fingerprint()
    assert log.undo(first, seat).fingerprint() == state.fingerprint()
    with pytest.raises(IllegalActionError):
        log.undo(state, seat)


# ----- Run, Ghost, Run! ----------------------------------------------------------------------------


def test_run_ghost_run_a_grasp_is_taken_back() -> None:
    log, state, seat, action = walk("run-ghost-run", 1, lambda s, _, a: a.kind == "grasp")
    back = undo_back(log, state, seat, action)
    assert isinstance(back, RunGhostRunState) and back.grasped is None


def test_run_ghost_run_a_piece_put_down_ends_the_seats_furniture_move() -> None:
    def puts(s: State, _: int, a: Action) -> bool:
        return a.kind == "place"

    log, state, seat, action = walk("run-ghost-run", 2, puts)
    after = log.apply(state, action, seat)
    assert log.refusal(after, seat) is not None
    with pytest.raises(IllegalActionError):
        log.undo(after, seat)


def _planning(s: State, _: int, a: Action) -> bool:
    return a.kind == "step" and len(s.acting_seats()) > 1


def _seen(state: State) -> list[tuple[object, list[Action]]]:
    """Every seat's view and legal actions (a spectator's view too)."""
    seats = range(len(state.game.seat_names()))
    return [(state.view(None), [])] + [(state.view(s), list(state.legal_actions(s))) for s in seats]


def test_run_ghost_run_a_staged_step_of_a_plan_is_taken_back() -> None:
    log, state, seat, action = walk("run-ghost-run", 3, _planning)
    seen = _seen(state)
    back = undo_back(log, state, seat, action)
    assert _seen(back) == seen
    assert isinstance(back, RunGhostRunState) and back.plans[seat] == []
    # the draft is empty again: nothing more to take back, and the refusal changes nothing
    assert not log.can_undo(back, seat)
    with pytest.raises(IllegalActionError, match="your draft holds no step to take back"):
        log.undo(back, seat)
    assert _seen(back) == seen


def test_run_ghost_run_the_last_step_is_taken_back_after_other_seats_acted() -> None:
    log, state, seat, action = walk("run-ghost-run", 4, _planning)
    state = log.apply(state, action, seat)
    rng = random.Random(4)
    second = rng.choice([a for a in state.legal_actions(seat) if a.kind == "step"] or [action])
    if second.kind == "step" and second != action:
        state = log.apply(state, second, seat)
    other = next(s for s in state.acting_seats() if s != seat)
    state = log.apply(state, rng.choice(state.legal_actions(other)), other)  # a step, or done
    assert isinstance(state, RunGhostRunState)
    draft = list(state.plans[seat])
    expected = state.clone()
    expected.plans[seat] = draft[:-1]
    expected.__dict__.pop("_cache", None)
    assert log.can_undo(state, seat)
    back = log.undo(state, seat)
    assert isinstance(back, RunGhostRunState) and back.plans[seat] == draft[:-1]
    assert back.fingerprint() == expected.fingerprint() and _seen(back) == _seen(expected)
    assert state.plans[seat] == draft  # the state undone from is left as it was
    # the other seat's draft is its own: this seat's undo never reaches it
    assert back.plans[other] == state.plans[other]


def test_run_ghost_run_a_step_taken_back_then_another_lists_as_a_fresh_plan() -> None:
    """Step, undo, another step: the listing and the plan carried out follow the new draft
    (what the state computed for the step taken back is not used again)."""
    log, state, seat, _ = walk("run-ghost-run", 5, _planning)
    rng = random.Random(5)
    for _ in range(12):
        steps = [a for a in state.legal_actions(seat) if a.kind == "step"]
        if not steps:
            break
        state = log.apply(state, rng.choice(steps), seat)
        state.legal_actions(seat)  # listed with the step, as a table lists it
        if rng.random() < 0.5:
            state = log.undo(state, seat)
        assert isinstance(state, RunGhostRunState)
        fresh = state.clone()
        fresh.__dict__.pop("_cache", None)
        assert _seen(state) == _seen(fresh)
        assert state.decision_prompt(seat) == fresh.decision_prompt(seat)


def test_run_ghost_run_a_sealed_plan_is_not_taken_back() -> None:
    def sealing(s: State, _: int, a: Action) -> bool:
        return a.kind == "done" and len(s.acting_seats()) > 1

    log, state, seat, action = walk("run-ghost-run", 6, sealing)
    after = log.apply(state, action, seat)
    assert isinstance(after, RunGhostRunState)
    with pytest.raises(IllegalActionError, match="not to act now"):
        log.undo(after, seat)
    with pytest.raises(IllegalActionError, match="sealed"):
        after.take_back_staged(seat)


def test_nothing_staged_is_refused_by_the_kernel_default() -> None:
    state = load("old-house").new_initial_state(1)
    before = state.fingerprint()
    assert not state.has_staged(0)
    with pytest.raises(IllegalActionError, match="nothing is staged"):
        state.take_back_staged(0)
    assert state.fingerprint() == before


def test_a_refused_action_leaves_the_undo_log_as_it_was() -> None:
    log, state, seat, action = walk("old-house", 6, _phantom_step(False))
    after = log.apply(state, action, seat)
    with pytest.raises(IllegalActionError):
        log.apply(after, "step dir=nowhere", seat)
    assert log.can_undo(after, seat)
    assert log.undo(after, seat) is state

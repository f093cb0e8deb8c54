"""Staged decisions in the kernel (``State.recorded_as``, ``State.parts``), on a small game of its
own: each seat adds 1s and 2s to a sealed pile, one action at a time, then seals it; the larger
pile wins. The history keeps one ``seal`` a pile, a seal sent whole is carried out part by part and
refused as a whole, and the conformance harness holds the game to its contract (and catches a
staged action that shows in another seat's view)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest

from ghosttable.core import SIMULTANEOUS, TERMINAL, Action, Game, GameSpec, IllegalActionError, State, UndoLog
from ghosttable.core.conformance import check_game

ADDS = [Action.make("add", n=1), Action.make("add", n=2)]
DONE = Action.make("done")


class SealedPiles(Game):
    spec = GameSpec(
        name="sealed-piles",
        title="Sealed Piles",
        min_players=2,
        max_players=3,
        default_players=2,
        dynamics="simultaneous",
        chance=False,
        hidden_information=True,
        cooperative=False,
        version="1",
        max_decisions=20,
    )

    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> State:
        return PilesState(self, seed, script)


class PilesState(State):
    def __init__(self, game: Game, seed: int, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        super().__init__(game, seed, script)
        self.piles: list[list[int]] = [[] for _ in range(game.players)]
        self.sealed = [False] * game.players

    @property
    def current_player(self) -> int:
        return TERMINAL if all(self.sealed) else SIMULTANEOUS

    def acting_seats(self) -> tuple[int, ...]:
        return tuple(s for s in range(self.players) if not self.sealed[s])

    def _legal_actions(self, seat: int) -> list[Action]:
        return [*ADDS, DONE] if len(self.piles[seat]) < 3 else [DONE]

    def _apply(self, seat: int, action: Action) -> None:
        if action.kind == "add":
            self.piles[seat].append(int(action["n"]))  # type: ignore[arg-type]
        else:
            self.sealed[seat] = True

    def recorded_as(self, seat: int, action: Action) -> Action | None:
        if action.kind == "add":
            return None
        return Action("seal", (("pile", tuple(self.piles[seat])),))

    def parts(self, seat: int, action: Action) -> list[Action] | None:
        if action.kind != "seal":
            return None
        pile = action.get("pile")
        if not isinstance(pile, tuple) or self.piles[seat]:
            raise IllegalActionError("a seal holds a pile, sent before any add")
        return [Action("add", (("n", n),)) for n in pile] + [DONE]

    def has_staged(self, seat: int) -> bool:
        return not self.sealed[seat] and bool(self.piles[seat])

    def take_back_staged(self, seat: int) -> None:
        if not self.has_staged(seat):
            raise IllegalActionError("your pile holds nothing to take back")
        self.piles[seat].pop()

    def is_terminal(self) -> bool:
        return all(self.sealed)

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        sums = [sum(p) for p in self.piles]
        best = max(sums)
        return [1.0 if s == best else -1.0 for s in sums]

    def view(self, seat: int | None) -> dict[str, Any]:
        over = self.is_terminal()
        return {
            "sealed": list(self.sealed),
            "piles": [p if over or s == seat else None for s, p in enumerate(self.piles)],
        }

    def secrets(self, seat: int | None) -> list[Any]:
        if self.is_terminal():
            return []
        return [self.recorded_as(s, DONE).to_json() for s in range(self.players) if s != seat]  # type: ignore[union-attr]


class ShowingPilesState(PilesState):
    def view(self, seat: int | None) -> dict[str, Any]:
        return {**super().view(seat), "sizes": [len(p) for p in self.piles]}  # a pile's length shows


class ShowingPiles(SealedPiles):
    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> State:
        return ShowingPilesState(self, seed, script)


class ForgetfulPilesState(PilesState):
    def take_back_staged(self, seat: int) -> None:
        self.piles[seat].pop(0)  # the first add, not the last


class ForgetfulPiles(SealedPiles):
    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> State:
        return ForgetfulPilesState(self, seed, script)


def test_the_history_keeps_one_seal_a_pile_and_a_seal_sent_whole_does_the_same() -> None:
    steps = SealedPiles().new_initial_state()
    steps.apply("add n=2", 0)
    steps.apply("add n=1", 0)
    assert steps.history == []
    steps.apply("done", 0)
    assert steps.history == [(0, Action("seal", (("pile", (2, 1)),)))]
    whole = SealedPiles().new_initial_state()
    whole.apply({"kind": "seal", "pile": [2, 1]}, 0)
    assert whole.fingerprint() == steps.fingerprint()
    whole.apply_legal(DONE, 1)
    assert whole.history[-1] == (1, Action("seal", (("pile", ()),)))
    assert whole.returns() == [1.0, -1.0]


def test_a_seal_is_refused_as_a_whole_naming_its_part() -> None:
    state = SealedPiles().new_initial_state()
    before = state.fingerprint()
    with pytest.raises(IllegalActionError, match=r"seal is refused at its part 2 of 3 \(add n=3\)"):
        state.apply({"kind": "seal", "pile": [1, 3]}, 0)
    with pytest.raises(IllegalActionError, match="part 4 of 5"):
        state.apply({"kind": "seal", "pile": [1, 1, 1, 1]}, 0)  # a fourth add is not offered
    assert state.fingerprint() == before


def test_the_harness_holds_a_staged_game_to_the_contract_and_catches_a_length_that_shows() -> None:
    assert check_game(SealedPiles, games=30, seed=1).ok
    report = check_game(ShowingPiles, games=10, seed=1, raise_on_failure=False)
    assert any("is staged (the history keeps nothing) yet another seat's view changed" in f for f in report.failures)


def test_an_undo_takes_back_the_last_add_of_ones_own_pile_whatever_the_others_did() -> None:
    log = UndoLog()
    state = SealedPiles().new_initial_state()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        log.undo(state, 0)
    state = log.apply(state, "add n=2", 0)
    state = log.apply(state, "add n=1", 0)
    state = log.apply(state, "add n=2", 1)
    assert log.can_undo(state, 0) and log.can_undo(state, 1)
    back = log.undo(state, 0)
    assert isinstance(back, PilesState) and back.piles == [[2], [2]] and back.history == []
    assert state.piles == [[2, 1], [2]]  # the state undone from is left as it was
    back = log.undo(back, 0)
    assert back.piles == [[], [2]] and not log.can_undo(back, 0)
    before = back.fingerprint()
    with pytest.raises(IllegalActionError, match="no step to take back"):
        log.undo(back, 0)
    assert back.fingerprint() == before
    sealed = log.apply(log.apply(back, "add n=1", 0), "done", 0)
    with pytest.raises(IllegalActionError, match="not to act now"):
        log.undo(sealed, 0)


def test_the_harness_catches_a_take_back_that_does_not_give_back_the_state_before() -> None:
    report = check_game(ForgetfulPiles, games=10, seed=1, deep_every=1, raise_on_failure=False)
    assert any("does not give back the state before it" in f for f in report.failures)

"""A small test-only game that exercises every part of the kernel.

Secret Draw: each seat is dealt a hidden card from a shuffled deck of 1-9 (chance). Then every
seat seals a bid of 0-2 at once (simultaneous). Then, in seat order, each seat keeps its card or
swaps it for the deck's top card (when the ``swaps`` option is on). The highest card plus bid
wins; ties share. Secrets: other seats' cards, unrevealed bids, the deck order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from ghosttable.core import SIMULTANEOUS, TERMINAL, Action, Game, GameError, GameSpec, RuleOption, State


class SecretDraw(Game):
    spec = GameSpec(
        name="secret-draw",
        title="Secret Draw",
        min_players=2,
        max_players=3,
        default_players=2,
        dynamics="simultaneous",
        chance=True,
        hidden_information=True,
        cooperative=False,
        version="1",
        max_decisions=10,
        options=(
            RuleOption("swaps", True, "Seats may swap their card once."),
            RuleOption("bids", "low", "Bid range.", choices=("low", "high")),
        ),
        secrets="other seats' cards, sealed bids, the deck order",
    )

    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> State:
        return SecretDrawState(self, seed, script)


class SecretDrawState(State):
    def __init__(self, game: Game, seed: int, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        super().__init__(game, seed, script)
        self.deck: list[int] = self.chance.shuffled("deck", list(range(1, 10)))
        self.cards: list[int] = [self.deck.pop() for _ in range(game.players)]
        self.bids: list[int | None] = [None] * game.players
        self.phase = "bid"
        self.turn = 0

    @property
    def current_player(self) -> int:
        if self.phase == "bid":
            return SIMULTANEOUS
        if self.phase == "swap":
            return self.turn
        return TERMINAL

    def acting_seats(self) -> tuple[int, ...]:
        if self.phase == "bid":
            return tuple(s for s in range(self.players) if self.bids[s] is None)
        return super().acting_seats()

    def decision_name(self, seat: int) -> str:
        return "seal_bid" if self.phase == "bid" else "keep_or_swap"

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "bid":
            top = 2 if self.game.options["bids"] == "low" else 4
            return [Action.make("bid", amount=a) for a in range(top + 1)]
        acts = [Action.make("keep")]
        if self.game.options["swaps"]:
            acts.append(Action.make("swap"))
        return acts

    def _apply(self, seat: int, action: Action) -> None:
        if action.kind == "bid":
            self.bids[seat] = int(action["amount"])  # type: ignore[arg-type]
            if all(b is not None for b in self.bids):
                self.phase = "swap"
            return
        if action.kind == "swap":
            self.cards[seat] = self.deck.pop()
        self.turn += 1
        if self.turn == self.players:
            self.phase = "over"

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def totals(self) -> list[int]:
        return [c + (b or 0) for c, b in zip(self.cards, self.bids, strict=True)]

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self.players
        totals = self.totals()
        best = max(totals)
        return [1.0 if t == best else -1.0 for t in totals]

    def score(self) -> float | None:
        return float(max(self.totals())) if self.is_terminal() else None

    def view(self, seat: int | None) -> dict[str, Any]:
        revealed = self.phase != "bid" or None
        return {
            "phase": self.phase,
            "deck_size": len(self.deck),
            "my_card": self.cards[seat] if seat is not None else None,
            "cards": list(self.cards) if self.is_terminal() else None,
            "bids": list(self.bids) if revealed else [b is not None for b in self.bids],
            "my_bid": self.bids[seat] if seat is not None else None,
            "turn": self.turn,
        }

    def secrets(self, seat: int | None) -> list[Any]:
        return [] if self.is_terminal() else [list(self.deck)] if len(self.deck) > 1 else []

    def determinize(self, seat: int | None, rng: random.Random) -> State:
        twin = super().determinize(seat, rng)
        assert isinstance(twin, SecretDrawState)
        if twin.is_terminal():
            return twin
        known = {i for i in range(self.players) if i == seat}
        pool = list(twin.deck) + [c for i, c in enumerate(twin.cards) if i not in known]
        rng.shuffle(pool)
        for i in range(self.players):
            if i not in known:
                twin.cards[i] = pool.pop()
        twin.deck = pool
        if twin.phase == "bid":
            top = 2 if self.game.options["bids"] == "low" else 4
            for i in range(self.players):
                if i != seat and twin.bids[i] is not None:
                    twin.bids[i] = rng.randint(0, top)
        return twin


class LeakyDraw(SecretDraw):
    """Broken on purpose: every view shows every card."""

    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> State:
        return LeakyDrawState(self, seed, script)


class LeakyDrawState(SecretDrawState):
    def view(self, seat: int | None) -> dict[str, Any]:
        out = super().view(seat)
        out["cards"] = list(self.cards)
        return out


class UnreplayableDraw(SecretDraw):
    """Broken on purpose: swapping draws from the module-global generator."""

    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> State:
        return UnreplayableDrawState(self, seed, script)


class UnreplayableDrawState(SecretDrawState):
    def _apply(self, seat: int, action: Action) -> None:
        super()._apply(seat, action)
        if action.kind in ("keep", "swap"):
            self.cards[seat] = random.randint(1, 9)


class MutatingDraw(SecretDraw):
    """Broken on purpose: a refused action still leaves a mark on the state."""

    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> State:
        return MutatingDrawState(self, seed, script)


class MutatingDrawState(SecretDrawState):
    def apply(self, action: Any, seat: int | None = None) -> None:
        try:
            super().apply(action, seat)
        except GameError:
            self.refusals = getattr(self, "refusals", 0) + 1
            raise

"""Chance carried inside the state: a seeded generator with scriptable outcomes.

Every random event of a game goes through the state's :class:`Chance`, named by a *kind*
(``"tao_dice"``, ``"deck"``, ``"curse_die"`` ...). Tests script the outcomes of a kind to play a
rulebook example exactly; a scripted outcome is used before the generator is asked. The script
is part of a game's record, so a scripted game replays exactly too.
"""

from __future__ import annotations

import hashlib
import random
from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class ChanceScriptError(ValueError):
    """A scripted outcome that the event cannot produce (a face the die lacks, a non-permutation)."""


class Chance:
    """The source of every chance outcome of one state.

    Args:
        seed: any integer; the same seed gives the same outcomes.
        script: optional ``{kind: [outcome, ...]}``; outcomes of a kind are taken in order
            before the generator is asked.
    """

    __slots__ = ("_rng", "_script", "seed")

    def __init__(self, seed: int, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self._script: dict[str, deque[Any]] = {k: deque(v) for k, v in (script or {}).items()}

    def script(self, kind: str, outcomes: Sequence[Any]) -> None:
        """Append scripted outcomes for events of ``kind``."""
        self._script.setdefault(kind, deque()).extend(outcomes)

    def scripted(self, kind: str) -> int:
        """How many scripted outcomes of ``kind`` are still waiting."""
        return len(self._script.get(kind, ()))

    def _next(self, kind: str) -> tuple[bool, Any]:
        queue = self._script.get(kind)
        if queue:
            return True, queue.popleft()
        return False, None

    def roll(self, kind: str, faces: Sequence[T]) -> T:
        """One face of a die with the given ``faces`` (uniform)."""
        has, value = self._next(kind)
        if has:
            if value not in faces:
                raise ChanceScriptError(f"scripted {kind} outcome {value!r} is not a face of {list(faces)!r}")
            return value  # type: ignore[no-any-return]
        return faces[self._rng.randrange(len(faces))]

    def randint(self, kind: str, low: int, high: int) -> int:
        """An integer in ``[low, high]`` (both included)."""
        has, value = self._next(kind)
        if has:
            if not isinstance(value, int) or not low <= value <= high:
                raise ChanceScriptError(f"scripted {kind} outcome {value!r} is not in [{low}, {high}]")
            return value
        return self._rng.randint(low, high)

    def shuffled(self, kind: str, items: Sequence[T]) -> list[T]:
        """A new list holding ``items`` in a random order.

        A scripted outcome is the whole order: a list equal to ``items`` as a multiset, or a list of
        indices into ``items`` when ``items`` are not hashable or comparable.
        """
        has, value = self._next(kind)
        if has:
            order = list(value)
            if sorted(map(repr, order)) == sorted(map(repr, items)):
                return order
            if sorted(order) == list(range(len(items))):
                return [items[i] for i in order]
            raise ChanceScriptError(f"scripted {kind} outcome is not an order of the {len(items)} items")
        out = list(items)
        self._rng.shuffle(out)
        return out

    def choice(self, kind: str, items: Sequence[T]) -> T:
        """One of ``items`` (uniform)."""
        return self.roll(kind, items)

    def sample(self, kind: str, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items, in the order drawn. A scripted outcome is the list drawn."""
        has, value = self._next(kind)
        if has:
            drawn = list(value)
            if len(drawn) != k or any(v not in items for v in drawn):
                raise ChanceScriptError(f"scripted {kind} outcome is not {k} of the items")
            return drawn
        return self._rng.sample(list(items), k)

    def copy(self) -> Chance:
        """An independent copy in the same position (same future outcomes)."""
        twin = Chance.__new__(Chance)
        twin.seed = self.seed
        twin._rng = random.Random()
        twin._rng.setstate(self._rng.getstate())
        twin._script = {k: deque(v) for k, v in self._script.items()}
        return twin

    def reseed(self, seed: int) -> None:
        """Forget the future: used by determinization so a search cannot peek at real outcomes."""
        self._rng = random.Random(seed)
        self._script = {}

    def fingerprint(self) -> str:
        """A short digest of the generator's position and the remaining script (for snapshots)."""
        digest = hashlib.blake2b(repr(self._rng.getstate()).encode(), digest_size=12)
        digest.update(repr(sorted((k, list(v)) for k, v in self._script.items())).encode())
        return digest.hexdigest()

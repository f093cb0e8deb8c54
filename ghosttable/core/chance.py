"""Chance carried inside the state: a seeded generator with scriptable outcomes.

Every random event of a game goes through the state's :class:`Chance`, named by a *kind*
(``"tao_dice"``, ``"deck"``, ``"curse_die"`` ...). Tests script the outcomes of a kind to play a
rulebook example exactly; a scripted outcome is used before the generator is asked. The script
is part of a game's record, so a scripted game replays exactly too.

**Explicit chance.** A chance may instead be *explicit* (:meth:`Chance.explicit`, or a state built
with :class:`ExplicitOutcomes` as its script): it never asks its generator. Each unscripted event
is cut into *chance nodes*, each one choice among at most as many outcomes as the event has items:

- ``roll``, ``choice`` and ``randint``: one node, "which face comes up"; faces that are equal
  make one outcome, its probability their share of the faces;
- ``shuffled`` of ``n`` items: ``n`` successive draws, "which of the remaining items comes next"
  (draw ``d`` of ``n``), each remaining item with probability 1/remaining (equal items together);
- ``sample`` of ``k`` items: the first ``k`` draws of a shuffle.

A node with one outcome only (the last item of a shuffle) is decided at once and never shown. An
outcome is named by its *id*: the index, in the items (faces) the game passed, of the item drawn
(of the first of equal items), so that ids stay below the event's item count and a card keeps its
id from one draw to the next. Outcome ids are taken, in order, from the explicit chance's queue of
chosen ids; when the queue is empty the event raises :class:`ChanceNeeded`, naming the node (a
:class:`ChanceEvent`). The caller chooses an outcome, appends it to the ids and runs the step again
from a copy of the state as it was before (see :mod:`ghosttable.core.explicit`). An explicit chance
keeps every outcome it gave, per kind and in the form a script takes (:meth:`Chance.drawn`), so a
game played through explicit chance has an ordinary record.
"""

from __future__ import annotations

import hashlib
import random
from collections import deque
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, TypeVar

T = TypeVar("T")


class ChanceScriptError(ValueError):
    """A scripted outcome that the event cannot produce (a face the die lacks, a non-permutation)."""


@dataclass(frozen=True)
class ChanceOutcome:
    """One outcome of a chance node.

    Attributes:
        id: the index, in the event's items (a die's faces, a pile's cards as the game lists
            them), of the item drawn; for ``randint`` the value minus ``low``.
        value: the item itself (a face, a card id).
        probability: its exact probability at this node.
    """

    id: int
    value: Any
    probability: Fraction


@dataclass(frozen=True)
class ChanceEvent:
    """One chance node: the choice of one outcome of an event whose outcome is not chosen yet.

    Attributes:
        kind: the event's kind (``"tao_dice"``, ``"deck"``).
        draw: for a shuffle or a sample, how many items of the event were drawn before this node
            (0 for a roll).
        of: how many items the event draws in all (the pile's size for a shuffle, ``k`` for a
            sample, 1 for a roll).
        size: how many items (faces) the event has; every outcome id is below it.
        outcomes: the possible outcomes, by increasing id; their probabilities sum to 1.
    """

    kind: str
    draw: int
    of: int
    size: int
    outcomes: tuple[ChanceOutcome, ...]

    def outcome(self, outcome_id: int) -> ChanceOutcome:
        """The outcome of id ``outcome_id``. Raises ``ChanceScriptError`` when it is none here."""
        for out in self.outcomes:
            if out.id == outcome_id:
                return out
        raise ChanceScriptError(f"{outcome_id!r} is not an outcome of this {self.kind} node")

    def describe(self) -> str:
        """``kind`` for a roll, ``kind draw d+1 of n`` for a draw of a shuffle or sample."""
        return self.kind if self.of == 1 else f"{self.kind} draw {self.draw + 1} of {self.of}"


class ChanceNeeded(Exception):
    """Raised by an explicit chance at an event whose outcome is not chosen yet.

    Not a ``GameError``: the step that raised it is to be run again, from a copy of the state as it
    was before, once an outcome of ``event`` is chosen. The state that raised it is left undefined.
    """

    def __init__(self, event: ChanceEvent) -> None:
        super().__init__(f"chance outcome needed: {event.describe()}")
        self.event = event


class ExplicitOutcomes(Mapping[str, Sequence[Any]]):
    """A script that makes the state built with it use an explicit chance.

    ``game.new_initial_state(seed, ExplicitOutcomes(chosen))`` sets up a game whose chance takes
    the outcome ids ``chosen`` in order and raises :class:`ChanceNeeded` at the first event
    beyond them (the seed is then never used). As a mapping it is the ordinary per-kind script
    ``script`` (empty by default), used first as any script is.
    """

    def __init__(self, chosen: Sequence[int] = (), script: Mapping[str, Sequence[Any]] | None = None) -> None:
        self.chosen = tuple(chosen)
        self._kinds = {k: list(v) for k, v in (script or {}).items()}

    def __getitem__(self, kind: str) -> Sequence[Any]:
        return self._kinds[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)


class Chance:
    """The source of every chance outcome of one state.

    Args:
        seed: any integer; the same seed gives the same outcomes.
        script: optional ``{kind: [outcome, ...]}``; outcomes of a kind are taken in order
            before the generator is asked. An :class:`ExplicitOutcomes` makes the chance explicit
            (see the module docstring).
    """

    __slots__ = ("_chosen", "_drawn", "_rng", "_rng_shared", "_script", "events", "largest", "seed")

    def __init__(self, seed: int, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        #: whether another Chance holds the same generator (see :meth:`copy`)
        self._rng_shared = False
        self._script: dict[str, deque[Any]] = {k: deque(v) for k, v in (script or {}).items()}
        self._chosen: deque[int] | None = None
        self._drawn: dict[str, list[Any]] = {}
        self.largest = 0
        """The most items (faces) of any event met so far: every outcome id is below it."""
        self.events = 0
        """How many chance events (rolls, shuffles, draws, scripted or not) were met so far: an
        action that leaves it unchanged drew no chance outcome."""
        if isinstance(script, ExplicitOutcomes):
            self.explicit(script.chosen)

    # ----- explicit chance ----------------------------------------------------------------------

    def explicit(self, chosen: Sequence[int] = ()) -> None:
        """Make this chance explicit (see the module docstring), its next unscripted chance nodes
        taking the outcome ids ``chosen`` in order (in place of any not yet used)."""
        self._chosen = deque(chosen)

    @property
    def is_explicit(self) -> bool:
        """Whether outcomes are chosen by the caller rather than drawn from the generator."""
        return self._chosen is not None

    def unused_choices(self) -> int:
        """How many chosen outcome ids an explicit chance has not used yet (0 when not explicit)."""
        return len(self._chosen or ())

    def drawn(self) -> dict[str, list[Any]]:
        """Every outcome an explicit chance gave, ``{kind: [outcome, ...]}`` in the form a script
        takes (a face, a whole order, the items sampled): as the script of a record, with the
        same actions, it gives the same game."""
        return {k: list(v) for k, v in self._drawn.items()}

    def _keep(self, kind: str, outcome: Any) -> None:
        """Keep an outcome given (a copy of a list: the game goes on to change its own)."""
        if self._chosen is not None:
            self._drawn.setdefault(kind, []).append(list(outcome) if isinstance(outcome, list) else outcome)

    def _pick(self, kind: str, items: Sequence[Any], left: list[int], draw: int, of: int) -> int:
        """The index (into ``items``) of the item drawn among those at indices ``left``: the next
        chosen id, or the only possible one; raises ``ChanceNeeded`` when none is chosen."""
        queue = self._chosen
        assert queue is not None
        firsts: list[int] = []
        counts: list[int] = []
        for i in left:
            for j, first in enumerate(firsts):
                if items[first] == items[i]:
                    counts[j] += 1
                    break
            else:
                firsts.append(i)
                counts.append(1)
        if len(firsts) == 1:
            return firsts[0]
        order = sorted(range(len(firsts)), key=firsts.__getitem__)
        event = ChanceEvent(
            kind,
            draw,
            of,
            len(items),
            tuple(ChanceOutcome(firsts[j], items[firsts[j]], Fraction(counts[j], len(left))) for j in order),
        )
        if not queue:
            raise ChanceNeeded(event)
        return event.outcome(queue.popleft()).id

    def _draws(self, kind: str, items: Sequence[T], k: int) -> list[T]:
        """``k`` items drawn one node at a time from ``items`` (explicit chance)."""
        left = list(range(len(items)))
        out: list[T] = []
        for d in range(k):
            i = self._pick(kind, items, left, d, k)
            left.remove(i)
            out.append(items[i])
        return out

    # ----- events -------------------------------------------------------------------------------

    def script(self, kind: str, outcomes: Sequence[Any]) -> None:
        """Append scripted outcomes for events of ``kind``."""
        self._script.setdefault(kind, deque()).extend(outcomes)

    def scripted(self, kind: str) -> int:
        """How many scripted outcomes of ``kind`` are still waiting."""
        return len(self._script.get(kind, ()))

    def _next(self, kind: str, size: int) -> tuple[bool, Any]:
        """The next scripted outcome of ``kind``, if any (``size``: the event's item count)."""
        self.events += 1
        if size > self.largest:
            self.largest = size
        queue = self._script.get(kind)
        if queue:
            return True, queue.popleft()
        return False, None

    def roll(self, kind: str, faces: Sequence[T]) -> T:
        """One face of a die with the given ``faces`` (uniform)."""
        has, value = self._next(kind, len(faces))
        if has:
            if value not in faces:
                raise ChanceScriptError(f"scripted {kind} outcome {value!r} is not a face of {list(faces)!r}")
            self._keep(kind, value)
            return value  # type: ignore[no-any-return]
        if self._chosen is not None:
            face = faces[self._pick(kind, faces, list(range(len(faces))), 0, 1)]
            self._keep(kind, face)
            return face
        return faces[self._generator().randrange(len(faces))]

    def randint(self, kind: str, low: int, high: int) -> int:
        """An integer in ``[low, high]`` (both included)."""
        has, value = self._next(kind, high - low + 1)
        if has:
            if not isinstance(value, int) or not low <= value <= high:
                raise ChanceScriptError(f"scripted {kind} outcome {value!r} is not in [{low}, {high}]")
            self._keep(kind, value)
            return value
        if self._chosen is not None:
            values = range(low, high + 1)
            got = values[self._pick(kind, values, list(range(len(values))), 0, 1)]
            self._keep(kind, got)
            return got
        return self._generator().randint(low, high)

    def shuffled(self, kind: str, items: Sequence[T]) -> list[T]:
        """A new list holding ``items`` in a random order.

        A scripted outcome is the whole order: a list equal to ``items`` as a multiset, or a list of
        indices into ``items`` when ``items`` are not hashable or comparable.
        """
        has, value = self._next(kind, len(items))
        if has:
            order = list(value)
            if sorted(map(repr, order)) == sorted(map(repr, items)):
                self._keep(kind, order)
                return order
            if sorted(order) == list(range(len(items))):
                placed = [items[i] for i in order]
                self._keep(kind, placed)
                return placed
            raise ChanceScriptError(f"scripted {kind} outcome is not an order of the {len(items)} items")
        if self._chosen is not None:
            out = self._draws(kind, items, len(items))
            self._keep(kind, out)
            return out
        out = list(items)
        self._generator().shuffle(out)
        return out

    def choice(self, kind: str, items: Sequence[T]) -> T:
        """One of ``items`` (uniform)."""
        return self.roll(kind, items)

    def sample(self, kind: str, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items, in the order drawn. A scripted outcome is the list drawn."""
        has, value = self._next(kind, len(items))
        if has:
            drawn = list(value)
            if len(drawn) != k or any(v not in items for v in drawn):
                raise ChanceScriptError(f"scripted {kind} outcome is not {k} of the items")
            self._keep(kind, drawn)
            return drawn
        if self._chosen is not None:
            drawn = self._draws(kind, items, k)
            self._keep(kind, drawn)
            return drawn
        return self._generator().sample(list(items), k)

    def copy(self) -> Chance:
        """An independent copy in the same position (same future outcomes)."""
        twin = Chance.__new__(Chance)
        twin.seed = self.seed
        # the generator is shared until one of the two draws from it (see _generator)
        twin._rng = self._rng
        twin._rng_shared = self._rng_shared = True
        twin._script = {k: deque(v) for k, v in self._script.items()}
        twin._chosen = None if self._chosen is None else deque(self._chosen)
        twin._drawn = {k: list(v) for k, v in self._drawn.items()}
        twin.largest = self.largest
        twin.events = self.events
        return twin

    def _generator(self) -> random.Random:
        """This chance's own generator, to draw from: a generator shared with a copy (every
        copy holds the generator of its original until one of them draws) is first copied, so
        what one draws never moves the other."""
        if self._rng_shared:
            own = random.Random(0)  # a constant seed: an unseeded Random reads the system's entropy
            own.setstate(self._rng.getstate())
            self._rng, self._rng_shared = own, False
        return self._rng

    def reseed(self, seed: int) -> None:
        """Forget the future: used by determinization so a search cannot peek at real outcomes.
        An explicit chance stays explicit, with no outcome chosen and none kept (the outcomes it
        gave belong to the real game, not to a determinization of it)."""
        self._rng, self._rng_shared = random.Random(seed), False
        self._script = {}
        if self._chosen is not None:
            self._chosen = deque()
            self._drawn = {}

    def fingerprint(self) -> str:
        """A short digest of the generator's position and the remaining script (for snapshots);
        an explicit chance digests its unused chosen ids instead of the generator."""
        if self._chosen is None:
            digest = hashlib.blake2b(repr(self._rng.getstate()).encode(), digest_size=12)
        else:
            digest = hashlib.blake2b(b"explicit" + repr(list(self._chosen)).encode(), digest_size=12)
        digest.update(repr(sorted((k, list(v)) for k, v in self._script.items())).encode())
        return digest.hexdigest()

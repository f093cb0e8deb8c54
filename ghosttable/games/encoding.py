"""What the games' encodings share: a fixed action space built from action kinds and their
parameter domains, and a tensor builder that records its layout.

Each game's ``encoding.py`` describes its actions as :class:`Family` entries (one kind with one set
of parameter names, each parameter with its domain), and its observation as a function that reads
the seat's view into a :class:`TensorBuilder`. :class:`GameEncoding` ties the two together and is
what :func:`ghosttable.research.encoding.encoding_for` hands out.

An action's id is ``offset of its family + the mixed-radix index of its parameter values`` (the
first parameter of the family the most significant). A family may leave some of an action's
parameters out of its index (``ignored``) when the others already tell apart every legal action of
a position (say a step's cost, which the ghost and the space it goes to fix); a few families index
a parameter by what it means now (:class:`SlotFamily`, say "the Shadows on this cell")
rather than by its value, when its values are serial numbers without bound or too many to list.
Ids are checked to be distinct among the legal actions each time they are listed.

A game may spell a few actions in several ids, one decision after another (``spell``: Ghost
Stories' payments in several colours, one id per colour): a learner then chooses one id at a time,
the ids given so far (:class:`Staged`) are held by the environment and shown in the seat's tensor,
and the action is played when its last id is given. Spellings are checked to be distinct and none
the beginning of another legal action's.
"""

from __future__ import annotations

import math
import re
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from ghosttable.core.actions import Action, Value
from ghosttable.core.errors import IllegalActionError
from ghosttable.core.state import Game, State


class ActionFamily(ABC):
    """A block of consecutive ids: the actions of one kind with one set of parameter names.

    Attributes:
        kind: the actions' kind.
        names: the names of every parameter such an action carries (sorted).
        size: how many ids the block holds.
    """

    kind: str
    names: tuple[str, ...]
    size: int

    @abstractmethod
    def index(self, state: State, seat: int, action: Action, legal: Sequence[Action] | None = None) -> int:
        """The action's index inside the block, in ``[0, size)`` (``legal``: the legal actions of
        ``seat`` when the caller has them listed already).

        Raises:
            IllegalActionError: a parameter value outside the family's domain.
        """

    @property
    def stateless(self) -> bool:
        """Whether :meth:`index` reads the action only (so that it may be kept in a cache)."""
        return True

    def describe(self) -> str:
        """One line for the documentation: the kind and what indexes it."""
        return f"{self.kind}({', '.join(self.names)})"


@dataclass(frozen=True)
class Family(ActionFamily):
    """Actions ``kind`` whose parameters ``domains`` (name, values) are indexed in mixed radix, the
    first name the most significant; the parameters named in ``ignored`` are carried by the actions
    but left out of the index (the others must fix them in any position)."""

    kind: str
    domains: tuple[tuple[str, tuple[Value, ...]], ...] = ()
    ignored: tuple[str, ...] = ()
    names: tuple[str, ...] = field(init=False)
    size: int = field(init=False)
    _lookup: tuple[dict[Value, int], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "names", tuple(sorted([n for n, _ in self.domains] + list(self.ignored))))
        object.__setattr__(self, "size", math.prod(len(values) for _, values in self.domains))
        lookup = tuple({_key(v): i for i, v in enumerate(values)} for _, values in self.domains)
        object.__setattr__(self, "_lookup", lookup)

    def index(self, state: State, seat: int, action: Action, legal: Sequence[Action] | None = None) -> int:
        """The mixed-radix index of the action's values (see the class docstring)."""
        out = 0
        for (name, values), table in zip(self.domains, self._lookup, strict=True):
            got = table.get(_key(action.get(name)))
            if got is None:
                raise IllegalActionError(f"{action} has no id: {name}={action.get(name)!r} is outside its domain")
            out = out * len(values) + got
        return out

    def value_of(self, index: int) -> dict[str, Value]:
        """The parameter values of ``index`` (the ignored ones left out)."""
        values: dict[str, Value] = {}
        for name, domain in reversed(self.domains):
            index, digit = divmod(index, len(domain))
            values[name] = domain[digit]
        return values

    def describe(self) -> str:
        """``kind(name[n] x name[m] ...)``, with the ignored parameters named."""
        parts = " x ".join(f"{n}[{len(v)}]" for n, v in self.domains) or "-"
        left = f"; {', '.join(self.ignored)} not indexed" if self.ignored else ""
        return f"{self.kind}({parts}{left})"


def _key(value: Any) -> Any:
    """A look-up key that tells ``True`` from ``1`` (``True == 1`` in Python)."""
    return (type(value), value)


class SubsetFamily(ActionFamily):
    """Actions ``kind`` with one parameter ``name`` holding a set of items from ``items`` (a sorted
    tuple, no repeats), indexed by the bit mask of the items held."""

    def __init__(self, kind: str, name: str, items: Sequence[Value]) -> None:
        self.kind, self.name, self.items = kind, name, tuple(items)
        self.names = (name,)
        self.size = 1 << len(self.items)
        self._bit = {_key(v): 1 << i for i, v in enumerate(self.items)}

    def index(self, state: State, seat: int, action: Action, legal: Sequence[Action] | None = None) -> int:
        """The bit mask of the items the parameter holds."""
        held = action.get(self.name)
        if not isinstance(held, tuple) or len(set(held)) != len(held):
            raise IllegalActionError(f"{action} has no id: {self.name} must hold distinct items")
        mask = 0
        for item in held:
            bit = self._bit.get(_key(item))
            if bit is None:
                raise IllegalActionError(f"{action} has no id: {item!r} is not one of {self.name}'s items")
            mask |= bit
        return mask

    def describe(self) -> str:
        """``kind(name: subset of n)``."""
        return f"{self.kind}({self.name}: subset of {len(self.items)})"


class SlotFamily(ActionFamily):
    """Actions ``kind`` indexed by the mixed radix of ``domains`` and by ``slots`` ranks read from the
    state (``rank(state, seat, action, legal)``, in ``[0, slots)``; ``legal`` is ``None`` when not
    listed yet): for a parameter whose values are serial numbers (the Old House's entities, indexed
    by what the entity is on the board). The rank must tell apart the legal
    actions that agree on ``domains``; such an id means the same thing in two positions only as far
    as the rank does: always, for a rank that is a key of what the action does on the board (an
    entity's kind and cell) rather than its place among the legal actions."""

    def __init__(
        self,
        kind: str,
        names: Sequence[str],
        slots: int,
        rank: Callable[[State, int, Action, Sequence[Action] | None], int],
        domains: Sequence[tuple[str, Sequence[Value]]] = (),
        what: str = "slot",
    ) -> None:
        self.kind, self.names, self.slots, self.rank, self.what = kind, tuple(sorted(names)), slots, rank, what
        self.inner = Family(kind, tuple((n, tuple(v)) for n, v in domains))
        self.size = slots * self.inner.size

    @property
    def stateless(self) -> bool:
        """A rank reads the state: never cached."""
        return False

    def index(self, state: State, seat: int, action: Action, legal: Sequence[Action] | None = None) -> int:
        """``inner index * slots + rank``."""
        rank = self.rank(state, seat, action, legal)
        if not 0 <= rank < self.slots:
            raise IllegalActionError(f"{action} has no id: its {self.what} {rank} is past the {self.slots} there are")
        return self.inner.index(state, seat, action) * self.slots + rank

    def describe(self) -> str:
        """``kind(domains x what[slots])``."""
        inner = " x ".join(f"{n}[{len(v)}]" for n, v in self.inner.domains)
        return f"{self.kind}({inner + ' x ' if inner else ''}{self.what}[{self.slots}])"


class ActionSpace:
    """A game's fixed action space: its families, in order, each at its offset.

    Args:
        families: the families; two may not share a kind and a set of parameter names.
    """

    def __init__(self, families: Iterable[ActionFamily]) -> None:
        self.families: tuple[ActionFamily, ...] = tuple(families)
        self.offsets: list[int] = []
        self._by_shape: dict[tuple[str, tuple[str, ...]], tuple[ActionFamily, int]] = {}
        offset = 0
        for fam in self.families:
            shape = (fam.kind, fam.names)
            if shape in self._by_shape:
                raise ValueError(f"two families of {fam.kind} with parameters {fam.names}")
            self._by_shape[shape] = (fam, offset)
            self.offsets.append(offset)
            offset += fam.size
        self.size = offset
        self._cache: dict[int, tuple[Action, int]] = {}

    def action_id(self, state: State, seat: int, action: Action, legal: Sequence[Action] | None = None) -> int:
        """The id of ``action`` of ``seat`` in ``state`` (``legal``: its legal actions, when listed).

        Raises:
            IllegalActionError: an action no family holds.
        """
        known = self._cache.get(id(action))  # the games list the same action objects over and over
        if known is not None and known[0] is action:
            return known[1]
        found = self._by_shape.get((action.kind, tuple(name for name, _ in action.params)))
        if found is None:
            raise IllegalActionError(f"{action} has no id: no action of its kind and parameters is in this game")
        fam, offset = found
        got = offset + fam.index(state, seat, action, legal)
        if fam.stateless:
            if len(self._cache) >= 1 << 16:
                self._cache.clear()
            self._cache[id(action)] = (action, got)
        return got

    def legal_map(self, state: State, seat: int, legal: Sequence[Action] | None = None) -> dict[int, Action]:
        """``{id: action}`` over the legal actions of ``seat`` (listed here unless given).

        Raises:
            AssertionError: two legal actions share an id (a defect of the game's encoding).
        """
        actions = state.legal_actions(seat) if legal is None else legal
        out = {self.action_id(state, seat, a, actions): a for a in actions}
        if len(out) != len(actions):
            raise AssertionError(f"two legal actions of {state.game.spec.name} share an id")
        return out

    def describe(self) -> list[tuple[int, int, str]]:
        """``(first id, last id + 1, family)`` per family, for the documentation."""
        return [(o, o + f.size, f.describe()) for o, f in zip(self.offsets, self.families, strict=True)]


class TensorBuilder:
    """A flat list of floats built slice by slice, each slice named (the layout).

    A game builds its tensor with the same calls in the same order every time, so that the layout
    is fixed. Built with ``size``, the builder fills a list of that many zeros (the tensor of a
    known layout, fast); without it, it grows the list and notes each slice in :attr:`layout` as
    ``(name, start, stop)`` (the first tensor, which tells the layout).
    """

    def __init__(self, size: int | None = None) -> None:
        self.recording = size is None
        self.values: list[float] = [] if size is None else [0.0] * size
        self.layout: list[tuple[str, int, int]] = []
        self.cursor = 0

    def _take(self, name: str, width: int) -> int:
        """The start of the next slice, ``width`` wide (noted and made room for when recording)."""
        start = self.cursor
        self.cursor = start + width
        if self.recording:
            self.values.extend([0.0] * width)
            self.layout.append((name, start, start + width))
        return start

    def scalar(self, name: str, value: float | None, scale: float = 1.0) -> None:
        """One number divided by ``scale`` (``None`` counts as 0)."""
        start = self._take(name, 1)
        if value:
            self.values[start] = float(value) / scale

    def one_hot(self, name: str, value: Any, domain: Sequence[Any]) -> None:
        """``len(domain)`` entries, 1 at ``value``'s place (all 0 when it is not in the domain)."""
        start = self._take(name, len(domain))
        i = _places(domain).get(value)
        if i is not None:
            self.values[start + i] = 1.0

    def many_hot(self, name: str, held: Iterable[Any], domain: Sequence[Any]) -> None:
        """``len(domain)`` entries, 1 at each place held."""
        start = self._take(name, len(domain))
        places = _places(domain)
        values = self.values
        for item in held:
            i = places.get(item)
            if i is not None:
                values[start + i] = 1.0

    def counts(self, name: str, counts: Mapping[Any, float], domain: Sequence[Any], scale: float = 1.0) -> None:
        """``len(domain)`` entries: the count of each (0 when absent), divided by ``scale``."""
        start = self._take(name, len(domain))
        places = _places(domain)
        values = self.values
        for item, count in counts.items():
            i = places.get(item)
            if i is not None and count:
                values[start + i] = float(count) / scale


_PLACES: dict[int, tuple[Sequence[Any], dict[Any, int]]] = {}


def _places(domain: Sequence[Any]) -> dict[Any, int]:
    """``{item: its place}`` of a domain, kept by the domain's identity (the games' domains are
    constants, built once)."""
    got = _PLACES.get(id(domain))
    if got is None or got[0] is not domain:
        got = _PLACES[id(domain)] = (domain, {item: i for i, item in enumerate(domain)})
        if len(_PLACES) > 1 << 12:
            _PLACES.clear()
    return got[1]


_INSTANCE = re.compile(r"\[[^\]]*\]")


def layout_blocks(layout: Sequence[tuple[str, int, int]]) -> list[tuple[int, str, int, int]]:
    """The layout of a tensor in blocks, for its documentation: ``(first entry, slice, width,
    repeats)`` per slice name with its instances written ``[*]`` (``tile[*].haunted``: width 1, 9
    repeats, the first at entry 47; the next instance of a group follows the group's last slice)."""
    rows: dict[str, list[int]] = {}
    for name, start, stop in layout:
        key = _INSTANCE.sub("[*]", name)
        row = rows.get(key)
        if row is None:
            rows[key] = [start, stop - start, 1]
        else:
            row[2] += 1
    return [(start, key, width, count) for key, (start, width, count) in rows.items()]


def markdown_tables(encoding: GameEncoding) -> tuple[str, str]:
    """The action-id table and the tensor-layout table of ``encoding`` as Markdown (the rows the
    spec pages hold, without their last column of explanations)."""
    ids = ["| ids | action |", "|---|---|"]
    ids += [f"| {a}-{b - 1} | `{what}` |" for a, b, what in encoding.space.describe()]
    blocks = ["| first | slice | width | x |", "|---|---|---|---|"]
    blocks += [f"| {a} | `{k}` | {w} | {c} |" for a, k, w, c in layout_blocks(encoding.layout)]
    return "\n".join(ids), "\n".join(blocks)


@dataclass(frozen=True)
class Staged:
    """A choice part-way through an action spelled in several ids: the ids given so far (the
    action is played when the last is given).

    Attributes:
        ids: the ids given, in order (at least one).
    """

    ids: tuple[int, ...]


Choice = Action | Staged
"""What an id chooses now: a legal action, or a step of one spelled in several ids."""

Speller = Callable[[Action], "tuple[int, ...] | None"]
"""A game's spelling of the actions it chooses in several ids (``None``: the action's one id)."""

StagedObserver = Callable[[TensorBuilder, tuple[int, ...]], None]
"""Fills the tensor's slices of the ids a seat has staged (the same slices whatever they hold)."""


class GameEncoding:
    """One game's encoding under its options: a fixed action space and a view-to-tensor function.

    Args:
        game: the loaded game.
        space: its action space.
        observe: ``observe(builder, view, seat)`` fills a :class:`TensorBuilder` from the view of
            ``seat`` (``None``: a spectator), the same slices in the same order for every view.

    Attributes:
        num_distinct_actions: the number of ids.
        observation_shape: ``(n,)``, the length of every tensor.
    """

    def __init__(
        self,
        game: Game,
        space: ActionSpace,
        observe: Callable[[TensorBuilder, dict[str, Any], int | None], None],
        spell: Speller | None = None,
        observe_staged: StagedObserver | None = None,
    ) -> None:
        self.game = game
        self.space = space
        self.observe = observe
        self.spell = spell
        self.observe_staged = observe_staged
        self.num_distinct_actions: int = space.size
        probe = TensorBuilder()
        observe(probe, game.new_initial_state(seed=0).view(None), None)
        if observe_staged is not None:
            observe_staged(probe, ())
        self.layout: list[tuple[str, int, int]] = probe.layout
        self.observation_shape: tuple[int, ...] = (len(probe.values),)

    def action_id(self, state: State, seat: int, action: Action) -> int:
        """The stable id of ``action`` of ``seat``, in ``[0, num_distinct_actions)``: its first id,
        for an action spelled in several (see :meth:`action_ids`).

        Raises:
            IllegalActionError: an action of no kind or value this game's space holds.
        """
        return self.action_ids(state, seat, action)[0]

    def action_ids(
        self, state: State, seat: int, action: Action, legal: Sequence[Action] | None = None
    ) -> tuple[int, ...]:
        """The ids that choose ``action``, in order: one id for most actions, one per part for an
        action the game spells in several (``legal``: the seat's legal actions, when listed).

        Raises:
            IllegalActionError: an action of no kind or value this game's space holds.
        """
        spelt = None if self.spell is None else self.spell(action)
        if spelt is not None:
            return spelt
        return (self.space.action_id(state, seat, action, legal),)

    def action_of(self, state: State, seat: int, action_id: int, staged: tuple[int, ...] = ()) -> Choice:
        """What ``action_id`` chooses for ``seat`` after the ids ``staged``: the legal action it
        ends, or a :class:`Staged` choice when more ids are to follow.

        Raises:
            IllegalActionError: no legal action of ``seat`` goes on with that id now (or the id is
                out of range); the reason names the decision point.
        """
        size = self.num_distinct_actions
        if isinstance(action_id, bool) or not isinstance(action_id, int) or not 0 <= action_id < size:
            raise IllegalActionError(f"action id {action_id!r} is not in [0, {self.num_distinct_actions})")
        if self.spell is None and not staged:
            legal = state.legal_actions(seat)
            for action in legal:
                if self.space.action_id(state, seat, action, legal) == action_id:
                    return action
        else:
            got = self.legal_map(state, seat, staged).get(action_id)
            if got is not None:
                return got
            legal = state.legal_actions(seat)
        if not legal:
            raise IllegalActionError(f"seat {seat} has nothing to do now (action id {action_id})")
        after = f" after the ids {list(staged)}" if staged else ""
        raise IllegalActionError(
            f"action id {action_id} is not a legal choice at {state.decision_name(seat)}{after} now"
        )

    def legal_ids(self, state: State, seat: int, staged: tuple[int, ...] = ()) -> list[int]:
        """The sorted ids ``seat`` may give now after the ids ``staged``: without any, the ids of
        ``state.legal_actions(seat)`` (the first id of an action spelled in several)."""
        return sorted(self.legal_map(state, seat, staged))

    def legal_map(self, state: State, seat: int, staged: tuple[int, ...] = ()) -> dict[int, Choice]:
        """``{id: what it chooses}`` over the ids ``seat`` may give after ``staged``, the legal
        actions listed once (for environments).

        Raises:
            AssertionError: two legal actions share their ids, or one's ids begin another's (a
                defect of the game's encoding).
        """
        if self.spell is None and not staged:
            return cast("dict[int, Choice]", self.space.legal_map(state, seat))
        legal = state.legal_actions(seat)
        out: dict[int, Choice] = {}
        spellings: set[tuple[int, ...]] = set()
        depth = len(staged)
        for action in legal:
            spelt = self.action_ids(state, seat, action, legal)
            if spelt in spellings:
                raise AssertionError(f"two legal actions of {state.game.spec.name} share the ids {list(spelt)}")
            spellings.add(spelt)
            if len(spelt) <= depth or spelt[:depth] != staged:
                continue
            key = spelt[depth]
            choice: Choice = action if len(spelt) == depth + 1 else Staged(spelt[: depth + 1])
            known = out.get(key)
            if known is not None and (isinstance(known, Action) or isinstance(choice, Action)):
                raise AssertionError(f"the ids of a legal action of {state.game.spec.name} begin another's")
            out[key] = choice
        return out

    def observation_tensor(self, state: State, seat: int | None, staged: tuple[int, ...] = ()) -> list[float]:
        """The tensor of ``state.view(seat)`` (only the view is read) and of the ids ``seat`` has
        staged: ``observation_shape[0]`` floats, laid out as :attr:`layout` says."""
        return self.view_tensor(state.view(seat), seat, staged)

    def view_tensor(self, view: dict[str, Any], seat: int | None, staged: tuple[int, ...] = ()) -> list[float]:
        """The tensor of a view already built (see :meth:`observation_tensor`)."""
        builder = TensorBuilder(self.observation_shape[0])
        self.observe(builder, view, seat)
        if self.observe_staged is not None:
            self.observe_staged(builder, staged)
        if builder.cursor != self.observation_shape[0]:
            name, got = self.game.spec.name, builder.cursor
            raise AssertionError(f"{name} tensor has {got} entries, not {self.observation_shape[0]}")
        return builder.values

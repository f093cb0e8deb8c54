"""Belief: the exact set of cells where the Phantom can be, from what one side knows.

The hunters never see the Phantom's route; they see *events*: a move card played (its direction
unknown), a card discarded, a summon or a wrong guess (the Phantom is, or is not, on a cell), a
trail found or not found on a cell (the route since the last reveal passed there, or did not), a
reveal (the Phantom is on a cell, and its route starts again there), the end of a round (no
usable Phantom Move card left) and, for the hunters only, the traps the Phantom did not step on.

:class:`Tracker` keeps, for the current round, one *layer* per event: the set of hidden states
``(cell, cards used per direction, flags)`` consistent with every event so far. Cards used per
direction matter because the Phantom holds only ``K`` cards of each direction a round, and
because the end of a round tells that no card left is usable. Flags record, for each trail found
in the current stretch of route, whether the state's route has passed that cell yet; they exist
only until the trail's moment, so between trail checks a layer is just cells and card counts.

Cost: a move card or any other event updates the newest layer in time linear in its size (at most
the board's cells times the card-count combinations). A trail check is retroactive (it is about the
route, not the cell): it recomputes the layers from the first one where that cell was possible,
and costs nothing when the cell was never possible. Sources: the rulebook (Phase II: trails,
pentagrams, revealing) and the reference (part 2: Phantom Move cards, hidden information).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import compress, count, repeat
from typing import Any

from ghosttable.games.old_house.house import House

CELL_MASK = 127
FLAG_SHIFT = 7
STRIDE = (36, 6, 1)
"""Cards used per direction are packed as ``j = north * 36 + east * 6 + south``; west is implied by
the number of cards used so far this round (public). A layer maps ``cell | flags << 7`` to a bitset
(a Python int) of the possible ``j``."""

Event = tuple[Any, ...]
"""One event: ``("turn",)``, ``("end_turn",)``, ``("step", direction or -1)``, ``("discard",)``,
``("at", cells, inside)``, ``("trail", cell, found)``, ``("clear", cell)`` (a trail check that
could not find anything), ``("reveal", cell)``, ``("usable", has)``, ``("usable_at", cells)`` (on
any of ``cells`` the Phantom holds a card usable from there), ``("traps", trap ids)``."""

Layer = dict[int, int]


def used_vector(j: int, cards: int) -> tuple[int, int, int, int]:
    """Cards used per direction (north, east, south, west) for packed ``j`` after ``cards`` cards."""
    north, east, south = j // 36, (j // 6) % 6, j % 6
    return (north, east, south, cards - north - east - south)


class _Masks:
    """Bitsets over ``j`` for one card limit ``limit`` (cards per direction)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        valid = [(a, b, c) for a in range(limit + 1) for b in range(limit + 1) for c in range(limit + 1)]
        self.below = tuple(
            sum(1 << (a * 36 + b * 6 + c) for a, b, c in valid if (a, b, c)[d] < limit) for d in range(3)
        )
        self.valid = valid
        self._west: dict[int, int] = {}
        self._all: dict[int, int] = {}
        self._usable: dict[tuple[tuple[int, ...], int], int] = {}

    def west_below(self, cards: int) -> int:
        """``j`` whose west count (``cards`` minus the others) is below the limit and not negative."""
        got = self._west.get(cards)
        if got is None:
            got = sum(1 << (a * 36 + b * 6 + c) for a, b, c in self.valid if 0 <= cards - a - b - c < self.limit)
            self._west[cards] = got
        return got

    def usable(self, dirs: tuple[int, ...], cards: int) -> int:
        """``j`` with a card left in at least one of ``dirs``."""
        key = (dirs, cards)
        got = self._usable.get(key)
        if got is None:
            got = 0
            for d in dirs:
                got |= self.below[d] if d < 3 else self.west_below(cards)
            self._usable[key] = got
        return got

    def all(self, cards: int) -> int:
        """Every ``j`` possible after ``cards`` cards."""
        got = self._all.get(cards)
        if got is None:
            got = sum(1 << (a * 36 + b * 6 + c) for a, b, c in self.valid if 0 <= cards - a - b - c <= self.limit)
            self._all[cards] = got
        return got


@dataclass
class _Context:
    """Constraints of the round's trail checks, by the layers they cover.

    ``negatives``: ``(cell, first layer, last layer)``: the route did not pass ``cell``.
    ``positives``: ``(cell, bit, first layer, last layer)``: flag ``bit`` records a visit of ``cell``.
    """

    bit_of: dict[int, int]
    negatives: list[tuple[int, int, int]]
    positives: list[tuple[int, int, int, int]]
    size: int = 0
    cache: dict[int, tuple[frozenset[int], dict[int, int]]] = field(default_factory=dict)
    _edges: tuple[dict[int, list[tuple[int, int]]], dict[int, list[tuple[int, int]]]] | None = None
    _low: int = -1
    _high: int = -1
    #: the count of each constraint in force at layer ``_high``
    _counts: dict[tuple[int, int], int] = field(default_factory=dict)

    def at(self, layer: int) -> tuple[frozenset[int], dict[int, int]]:
        """The cells forbidden in ``layer`` and the flag bits each cell sets there."""
        got = self.cache.get(layer)
        if got is None:
            if self._high < 0:
                self._low, self._high = layer, max(layer, self.size)
                self._fill(self._low, self._high)
            elif layer > self._high:
                self._continue(max(layer, self.size))
            else:
                high, self._low = self._low - 1, max(0, min(layer, 2 * self._low - self._high - 1))
                self._fill(self._low, high)
            got = self.cache[layer]
        return got

    def _continue(self, high: int) -> None:
        """Fill the cache past ``_high`` up to layer ``high``, going on from the constraints in
        force at ``_high`` (layers under the same constraints share one value)."""
        self._sweep(self._high + 1, high, self._counts, self.cache[self._high])
        self._high = high

    def _sweep(
        self, low: int, high: int, counts: dict[tuple[int, int], int], current: tuple[frozenset[int], dict[int, int]]
    ) -> None:
        """Fill the cache for layers ``low .. high``, ``counts`` and ``current`` being the
        constraints in force just before ``low``: one pass, changing only where a constraint
        starts or ends (``counts`` is left as it stands at ``high``)."""
        opens, closes = self._edges_by_layer()
        cache = self.cache
        for layer in range(low, high + 1):
            ends, starts = closes.get(layer), opens.get(layer)
            if ends or starts:
                for item in ends or ():
                    counts[item] -= 1
                for item in starts or ():
                    counts[item] = counts.get(item, 0) + 1
                current = _constraints(counts)
            cache[layer] = current

    def _edges_by_layer(self) -> tuple[dict[int, list[tuple[int, int]]], dict[int, list[tuple[int, int]]]]:
        """The constraints that start at each layer, and those that end just before it."""
        edges = self._edges
        if edges is None:
            opens: dict[int, list[tuple[int, int]]] = {}
            closes: dict[int, list[tuple[int, int]]] = {}
            for c, first, last in self.negatives:
                opens.setdefault(first, []).append((c, -1))
                closes.setdefault(last + 1, []).append((c, -1))
            for c, bit, first, last in self.positives:
                opens.setdefault(first, []).append((c, bit))
                closes.setdefault(last + 1, []).append((c, bit))
            edges = self._edges = (opens, closes)
        return edges

    def _fill(self, low: int, high: int) -> None:
        """Fill the cache for layers ``low .. high``: the constraints in force at ``low``, then one
        pass over the layers (:meth:`_sweep`)."""
        counts: dict[tuple[int, int], int] = {}
        for c, first, last in self.negatives:
            if first <= low <= last:
                counts[(c, -1)] = counts.get((c, -1), 0) + 1
        for c, bit, first, last in self.positives:
            if first <= low <= last:
                counts[(c, bit)] = counts.get((c, bit), 0) + 1
        current = self.cache[low] = _constraints(counts)
        self._sweep(low + 1, high, counts, current)
        if high >= self._high:
            self._counts = counts


def _constraints(counts: dict[tuple[int, int], int]) -> tuple[frozenset[int], dict[int, int]]:
    """The forbidden cells and flag bits of the constraints counted in force (bit -1: forbidden)."""
    forbidden: set[int] = set()
    flags: dict[int, int] = {}
    for (c, bit), n in counts.items():
        if n > 0:
            if bit < 0:
                forbidden.add(c)
            else:
                flags[c] = flags.get(c, 0) | (1 << bit)
    return frozenset(forbidden), flags


@functools.cache
def _masks(limit: int) -> _Masks:
    return _Masks(limit)


def _context(events: list[Event], skip: frozenset[int] = frozenset()) -> _Context:
    """The constraints of ``events``' trail checks, leaving out the checks at indices in ``skip``."""
    start = 0
    bit_of: dict[int, int] = {}
    negatives: list[tuple[int, int, int]] = []
    positives: list[tuple[int, int, int, int]] = []
    bits = 0
    for k, ev in enumerate(events):
        if ev[0] == "reveal":
            start = k + 1
            bits = 0
        elif ev[0] == "trail" and k not in skip:
            if ev[2]:
                bit_of[k] = bits
                positives.append((ev[1], bits, start, k))
                bits += 1
            else:
                negatives.append((ev[1], start, k))
    return _Context(bit_of, negatives, positives, len(events) + 1)


@dataclass
class Tracker:
    """The possible hidden states of the Phantom, round by round.

    Args:
        house: the house.
        start: the cells possible at the start (the Phantom's start cell).
    """

    house: House
    start: frozenset[int] | None
    events: list[Event] = field(default_factory=list)
    cards: list[int] = field(default_factory=lambda: [0])
    layers: list[Layer] = field(default_factory=list)
    layer_cells: list[frozenset[int]] = field(default_factory=list)
    trap_cells: dict[int, int] = field(default_factory=dict)
    round: int = 1
    _ctx: _Context | None = None
    pending: list[int] = field(default_factory=list)
    previous: Tracker | None = None

    def __post_init__(self) -> None:
        self._masks = _masks(self.house.move_cards_per_direction)
        self._dirs = self.house.open_directions

    # ----- feeding events -----------------------------------------------------------------------

    def new_round(self) -> None:
        """Start a new round: the Phantom takes back all its cards; its route starts again.

        The round's start cells are the last round's final cells, computed only when first needed."""
        self.previous = self.copy()
        self.start = None
        self.events = []
        self.cards = [0]
        self.layers = []
        self.layer_cells = []
        self._ctx = None
        self.pending = []
        self.round += 1

    def set_trap(self, trap: int, cell: int) -> None:
        """Record where trap ``trap`` lies (hunters' trackers only)."""
        self.trap_cells[trap] = cell

    def add(self, event: Event) -> None:
        """Add one event of the current round (see :data:`Event`); the work is done when asked."""
        kind = event[0]
        cards = self.cards
        if kind == "trail":
            self.pending.append(len(self.events))
            cards.append(cards[-1])
        elif kind == "step" or kind == "discard":
            cards.append(cards[-1] + 1)
        else:
            cards.append(cards[-1])
        self.events.append(event)

    def add_all(self, events: Iterable[Event]) -> None:
        """:meth:`add` each of ``events`` in turn."""
        cards, pending, log = self.cards, self.pending, self.events
        used = cards[-1]
        for event in events:
            kind = event[0]
            if kind == "trail":
                pending.append(len(log))
            elif kind == "step" or kind == "discard":
                used += 1
            log.append(event)
            cards.append(used)

    def _settle(self) -> None:
        """Take the trail checks added since the last question into account.

        A check that could find nothing (its cell was never possible in its stretch of route, even
        in layers computed without it) becomes a ``clear`` event; the others invalidate the layers
        from the first one where their cell was possible, and the layers are recomputed once.
        """
        if not self.pending:
            return
        first_pending = self.pending[0]
        pending = frozenset(self.pending)
        # the context without the pending checks: the one in use (built while nothing was
        # pending, it holds every other check, and the pending ones are the newest events)
        old = self._ctx if self._ctx is not None else _context(self.events, skip=pending)
        old.size = max(old.size, len(self.events) + 1)  # what it is asked for next: every layer
        self._ctx = old
        self._extend(first_pending)
        layers, cells = list(self.layers), list(self.layer_cells)
        # past the first pending check, layers computed without the pending checks are supersets
        for k in range(len(layers) - 1, len(self.events)):
            nxt = self._advance(layers[k], k, old)
            layers.append(nxt)
            cells.append(cells[k] if nxt is layers[k] else frozenset(map(CELL_MASK.__and__, nxt)))
        events = self.events
        start = 0
        for k in range(first_pending - 1, -1, -1):
            if events[k][0] == "reveal":
                start = k + 1
                break
        earliest = None
        for k in range(first_pending, len(events)):
            ev = events[k]
            if ev[0] == "reveal":
                start = k + 1
            if k not in pending:
                continue
            cell, found = ev[1], ev[2]
            # the first layer of the stretch where ``cell`` was possible (the scan runs in C)
            where = compress(count(start), map(frozenset.__contains__, cells[start : k + 1], repeat(cell)))
            hit = next(where, None)
            if hit is None and not found:
                events[k] = ("clear", cell)
                continue
            hit = start if hit is None else hit
            earliest = hit if earliest is None else min(earliest, hit)
        self.pending = []
        if earliest is None:
            # every check became a ``clear``: the constraints are those the layers were computed with
            self._ctx = old
            self.layers, self.layer_cells = layers, cells
        else:
            self._ctx = None
            self.layers, self.layer_cells = layers[:earliest], cells[:earliest]

    def reveal_directions(self, known: Iterable[tuple[int, int]]) -> None:
        """Make the directions of some move cards of this round known: ``(event index, direction)``."""
        first = None
        for index, direction in known:
            if self.events[index][0] != "step":
                raise ValueError(f"event {index} is not a move card")
            self.events[index] = ("step", direction)
            first = index if first is None else min(first, index)
        if first is not None:
            self._ctx = None
            self._truncate(first + 1)

    # ----- queries ------------------------------------------------------------------------------

    def cells(self) -> frozenset[int]:
        """The cells where the Phantom can be now."""
        self._ensure()
        return self.layer_cells[-1]

    def sample(self, rng: random.Random) -> list[tuple[int, int]]:
        """One history of hidden states for this round consistent with every event: per layer
        (``len(events) + 1`` of them) a pair ``(cell | flags << 7, j)``, drawn backwards from a
        uniformly chosen current state."""
        self._ensure()
        ctx = self._context()
        n = len(self.events)
        finals = sorted((key, j) for key, bits in self.layers[n].items() for j in _bits(bits))
        state = finals[rng.randrange(len(finals))]
        path = [state] * (n + 1)
        for k in range(n - 1, -1, -1):
            options = self._predecessors(state, k, ctx)
            if not options:
                raise RuntimeError("belief layers are inconsistent")
            state = options[rng.randrange(len(options))]
            path[k] = state
        return path

    def copy(self) -> Tracker:
        """An independent tracker (layers are never changed in place, so they are shared)."""
        twin = object.__new__(type(self))  # as copy.copy does, without its protocol look-ups
        fields = twin.__dict__
        fields.update(self.__dict__)
        fields["events"] = self.events.copy()
        fields["cards"] = self.cards.copy()
        fields["layers"] = self.layers.copy()
        fields["layer_cells"] = self.layer_cells.copy()
        fields["trap_cells"] = self.trap_cells.copy()
        fields["pending"] = self.pending.copy()
        return twin

    # ----- computing ----------------------------------------------------------------------------

    def _truncate(self, layer: int) -> None:
        del self.layers[layer:]
        del self.layer_cells[layer:]

    def _context(self) -> _Context:
        if self._ctx is None:
            self._ctx = _context(self.events)
        return self._ctx

    def _ensure(self) -> None:
        self._settle()
        self._extend(len(self.events))

    def _extend(self, upto: int) -> None:
        """Compute the layers up to layer ``upto`` with the current context."""
        if len(self.layers) >= upto + 1:
            return
        ctx = self._context()
        if not self.layers:
            if self.start is None:
                assert self.previous is not None
                self.start = self.previous.cells()
                self.previous = None
            forbidden, bits = ctx.at(0)
            first = {c | (bits.get(c, 0) << FLAG_SHIFT): 1 for c in self.start if c not in forbidden}
            self.layers.append(first)
            self.layer_cells.append(frozenset(k & CELL_MASK for k in first))
        layers, cells = self.layers, self.layer_cells
        events, at, bit_of = self.events, ctx.at, ctx.bit_of
        for k in range(len(layers) - 1, upto):
            ev = events[k]
            kind = ev[0]
            if (kind in _PASSING or (kind == "trail" and not (ev[2] and k in bit_of))) and at(k + 1) is at(k):
                layers.append(layers[k])  # what :meth:`_advance` gives back: the same layer
                cells.append(cells[k])
                continue
            nxt = self._advance(layers[k], k, ctx)
            layers.append(nxt)
            cells.append(cells[k] if nxt is layers[k] else frozenset(map(CELL_MASK.__and__, nxt)))

    def _advance(self, layer: Layer, k: int, ctx: _Context) -> Layer:
        """Layer ``k + 1`` from layer ``k`` (which keeps to the constraints ``ctx`` puts on layer
        ``k``). An event that changes no hidden state, or rules none out, between two layers
        under the same constraints, gives back ``layer`` itself (layers are never changed in
        place)."""
        ev = self.events[k]
        kind = ev[0]
        passing = kind in _PASSING or (kind == "trail" and not (ev[2] and k in ctx.bit_of))
        if passing and ctx.at(k + 1) is ctx.at(k):
            return layer
        cards = self.cards[k]
        masks = self._masks
        out: Layer = {}
        forbidden, flags = ctx.at(k + 1)
        screened = False  # whether ``out`` holds no forbidden cell already
        if kind == "step":
            below0, below1, below2 = masks.below
            west = masks.west_below(cards)
            get = out.get
            screened = True
            if ev[1] < 0:
                exits = self.house.exits
                for key, bits in layer.items():
                    cell = key & CELL_MASK
                    base = key - cell
                    for d, target in exits[cell]:
                        if target in forbidden:
                            continue
                        if d == 0:
                            moved = (bits & below0) << 36
                        elif d == 1:
                            moved = (bits & below1) << 6
                        elif d == 2:
                            moved = (bits & below2) << 1
                        else:
                            moved = bits & west
                        if moved:
                            nk = base + target
                            out[nk] = get(nk, 0) | moved
            else:
                d = ev[1]
                moves = self.house.moves
                for key, bits in layer.items():
                    cell = key & CELL_MASK
                    target = moves[cell][d]
                    if target < 0 or target in forbidden:
                        continue
                    moved = (bits & masks.below[d]) << STRIDE[d] if d < 3 else bits & west
                    if moved:
                        nk = key - cell + target
                        out[nk] = get(nk, 0) | moved
        elif kind == "discard":
            below0, below1, below2 = masks.below
            west = masks.west_below(cards)
            for key, bits in layer.items():
                moved = ((bits & below0) << 36) | ((bits & below1) << 6) | ((bits & below2) << 1) | (bits & west)
                if moved:
                    out[key] = moved
        elif kind == "at":
            cells, inside = frozenset(ev[1]), ev[2]
            out = {key: bits for key, bits in layer.items() if ((key & CELL_MASK) in cells) == inside}
            if len(out) == len(layer) and ctx.at(k + 1) is ctx.at(k):
                return layer  # nothing ruled out
        elif kind == "traps":
            traps = {self.trap_cells[t] for t in ev[1] if t in self.trap_cells}
            out = {key: bits for key, bits in layer.items() if (key & CELL_MASK) not in traps}
            if len(out) == len(layer) and ctx.at(k + 1) is ctx.at(k):
                return layer  # nothing ruled out
        elif kind == "trail" and ev[2] and k in ctx.bit_of:
            flag = 1 << (FLAG_SHIFT + ctx.bit_of[k])
            for key, bits in layer.items():
                if key & flag:
                    out[key & ~flag] = out.get(key & ~flag, 0) | bits
        elif kind == "reveal":
            for key, bits in layer.items():
                if (key & CELL_MASK) == ev[1]:
                    out[ev[1]] = out.get(ev[1], 0) | bits
        elif kind == "usable" or kind == "usable_at":
            # "usable": every hypothesis holds a usable card (or none); "usable_at": those on the
            # cells named do
            has = kind == "usable_at" or ev[1]
            only = frozenset(ev[1]) if kind == "usable_at" else None
            every = masks.all(cards)
            usable = masks.usable
            dirs = self._dirs
            same = True
            for key, bits in layer.items():
                cell = key & CELL_MASK
                if only is not None and cell not in only:
                    kept = bits
                else:
                    can = usable(dirs[cell], cards)
                    kept = bits & can if has else bits & ~can & every
                if kept:
                    out[key] = kept
                if kept != bits:
                    same = False
            if same and ctx.at(k + 1) is ctx.at(k):
                return layer  # nothing ruled out
        else:
            out = dict(layer)
        if forbidden and not screened:
            out = {key: bits for key, bits in out.items() if (key & CELL_MASK) not in forbidden}
        if flags:
            merged: Layer = {}
            for key, bits in out.items():
                nk = key | (flags.get(key & CELL_MASK, 0) << FLAG_SHIFT)
                merged[nk] = merged.get(nk, 0) | bits
            out = merged
        return out

    def _predecessors(self, state: tuple[int, int], k: int, ctx: _Context) -> list[tuple[int, int]]:
        key, j = state
        ev = self.events[k]
        if ev[0] in ("turn", "end_turn", "at", "traps", "usable", "usable_at", "clear") or (
            ev[0] == "trail" and not ev[2]
        ):
            return [state] if (self.layers[k].get(key, 0) >> j) & 1 else []
        if ev[0] == "trail" and k in ctx.bit_of:
            prev = key | (1 << (FLAG_SHIFT + ctx.bit_of[k]))
            return [(prev, j)] if (self.layers[k].get(prev, 0) >> j) & 1 else []
        options: list[tuple[int, int]] = []
        if ev[0] in ("step", "discard"):
            # the card played (or discarded) in direction d adds STRIDE[d] to j (west: 0), so the
            # shift from a predecessor's j names its direction: check that one move alone
            masks = self._masks
            usable = (*masks.below, masks.west_below(self.cards[k]))  # j with a card left, by direction
            moves = self.house.moves
            forbidden, flags = ctx.at(k + 1)
            step = ev[0] == "step"
            for pkey, pbits in sorted(self.layers[k].items()):
                cell = pkey & CELL_MASK
                for shift in (0, 36, 6, 1):
                    pj = j - shift
                    if pj < 0 or not (pbits >> pj) & 1:
                        continue
                    d = _DIRECTION_OF_SHIFT[shift]
                    if not (usable[d] >> pj) & 1:
                        continue
                    if step:
                        if ev[1] >= 0 and ev[1] != d:
                            continue
                        target = moves[cell][d]
                        if target < 0:
                            continue
                    else:
                        target = cell
                    if target in forbidden:
                        continue
                    if (pkey - cell + target) | (flags.get(target, 0) << FLAG_SHIFT) == key:
                        options.append((pkey, pj))
            return options
        for pkey, pbits in sorted(self.layers[k].items()):
            pj = j
            if not (pbits >> pj) & 1:
                continue
            got = self._advance({pkey: 1 << pj}, k, ctx)
            if (got.get(key, 0) >> j) & 1:
                options.append((pkey, pj))
        return options


_DIRECTION_OF_SHIFT = {36: 0, 6: 1, 1: 2, 0: 3}
"""The direction of a Move card by what it adds to the packed card counts ``j`` (west adds 0)."""
_PASSING = frozenset({"turn", "end_turn", "clear"})
"""Events that change no hidden state (a trail check changes none either, unless it found a trail
whose flag it then clears)."""


def _bits(value: int) -> list[int]:
    """The positions of the bits set in ``value``, lowest first."""
    out = []
    while value:
        low = value & -value
        out.append(low.bit_length() - 1)
        value ^= low
    return out


def route_from_path(tracker: Tracker, path: list[tuple[int, int]]) -> dict[str, Any]:
    """The hidden facts of the round behind a sampled ``path`` (see :meth:`Tracker.sample`).

    Returns ``{"cell", "used" (cards used per direction), "route" (cells since the last reveal or
    the round's start, repeats kept), "cells" (the cell at each layer), "steps" (event index ->
    direction), "discards" (event index -> direction)}``.
    """
    events = tracker.events
    cells = [key & CELL_MASK for key, _ in path]
    used = [used_vector(j, tracker.cards[i]) for i, (_, j) in enumerate(path)]
    route = [cells[0]]
    steps: dict[int, int] = {}
    discards: dict[int, int] = {}
    for k, ev in enumerate(events):
        if ev[0] in ("step", "discard"):
            d = next(i for i in range(4) if used[k + 1][i] != used[k][i])
            if ev[0] == "step":
                steps[k] = d
                route.append(cells[k + 1])
            else:
                discards[k] = d
        elif ev[0] == "reveal":
            route = [ev[1]]
    return {"cell": cells[-1], "used": used[-1], "route": route, "cells": cells, "steps": steps, "discards": discards}

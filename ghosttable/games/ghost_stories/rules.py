"""The rules of Ghost Stories: the state, its decision points, and how actions change it.

The flow of a turn is kept as a stack of small tasks (tuples of plain values), run until a player
must choose: a Yang step of the active Taoist (``yang_move``, ``yang_action``, ``yang_buddha``) or
a sub-decision (``place_ghost``, ``resolve_exorcism``, ``choose_token_colour`` ...), held in
``pending``. A sub-decision with a single legal action is carried out at once, since it is no
choice. Sources: the English rulebook (Yin phase, Yang phase, exorcism, Yin-Yang, death,
incarnations, end of game, score), the Chinese seed (play aid, neutral boards, power tokens) and
the reference ghost_stories.md (the Defaults table, sections 5-11).
"""

from __future__ import annotations

import copy
import functools
import itertools
import operator
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ghosttable.core import TERMINAL, Action, Game, IllegalActionError, State
from ghosttable.games.ghost_stories.cards import COLOURS, GameData, GhostCard, load_data
from ghosttable.games.ghost_stories.village import (
    ADJACENT,
    CENTRE,
    FACING,
    LINES,
    OPPOSITE,
    SIDES,
    board_of,
    board_spaces,
)

Task = tuple[Any, ...]
CI = {c: i for i, c in enumerate(COLOURS)}

YANG_PHASES = ("yang_move", "yang_action", "yang_buddha")
_EVERY_ACT = frozenset({"help", "exorcise"})
"""The acts of a Yang action step before the first."""
_NO_ACT: frozenset[str] = frozenset()


_ACTIONS: dict[tuple[Any, ...], Action] = {}
_DATA = load_data()
"""The game data (validated once)."""
_GHOSTS = _DATA.ghosts
"""The ghost cards by printed number."""
_CARD_KEYS: list[frozenset[tuple[str, str | None, bool | None]]] = [frozenset()] * (max(_GHOSTS) + 1)
"""By card id (0: no card), the ``(kind, stone, group)`` keys of what it does in play
(:meth:`GhostCard.in_play_keys`)."""
_POWER_OFF_HERE: list[bool] = [False] * (max(_GHOSTS) + 1)
"""By card id (0: no card), whether the ghost turns off the power of the board it stands on."""
_DIE_CAPTIVE: list[int] = [0] * (max(_GHOSTS) + 1)
"""By card id (0: no card), 1 for a ghost that holds a Tao die captive, else 0."""
_BANISHABLE: list[bool] = [False] * (max(_GHOSTS) + 1)
"""By card id (0: no card), whether the Sorcerer may banish the ghost (it is no incarnation)."""
_YIN_PART_KINDS = (("haunter", "haunter"), ("tormentor", "tormentor"), ("other", "lose_tao_token"))
"""The parts of a Yin phase's ghost effects, in the order they come, and the Yin ability of each."""
_YIN_PARTS: list[tuple[str, ...]] = [()] * (max(_GHOSTS) + 1)
"""By card id (0: no card), the parts of the Yin phase in which the ghost does something."""
_TILE_NAMES = {tile.id: tile.name for tile in load_data().tiles}
"""The name of each village tile, by tile id."""
_TAOIST_NAMES = {c: f"The {c} Taoist" for c in COLOURS}
"""How the log names the Taoist of each board colour."""
_HAS: list[frozenset[tuple[str, str | None]]] = [frozenset()] * (max(_GHOSTS) + 1)
"""By card id (0: no card), the ``(kind, stone or None)`` keys of :meth:`GhostCard.has`."""
_RESISTANCE: list[int] = [0] * (max(_GHOSTS) + 1)
"""By card id (0: no card), the card's total resistance."""
for _card in _GHOSTS.values():
    _HAS[_card.id] = frozenset(
        (ab.kind, stone)
        for name in ("arrival", "yin", "exorcised")
        for ab in getattr(_card, name)
        for stone in (None, name)
    )
    _RESISTANCE[_card.id] = _card.total_resistance
    _CARD_KEYS[_card.id] = _card.in_play_keys()
    _POWER_OFF_HERE[_card.id] = _card.has("power_off", "arrival")
    _DIE_CAPTIVE[_card.id] = int(_card.has("die_captive"))
    _BANISHABLE[_card.id] = not _card.incarnation
    _YIN_PARTS[_card.id] = tuple(part for part, kind in _YIN_PART_KINDS if any(ab.kind == kind for ab in _card.yin))
del _card
_HELP_KIND = {tile.id: tile.help for tile in load_data().tiles}
"""The kind of help each village tile gives, by tile id."""
_MEMO_LIMIT = 1 << 16
"""Entries kept in such a table before it is emptied."""


_SPACES = tuple(range(12))
"""The 12 ghost spaces."""
_BOARD_SPACES = tuple(board_spaces(b) for b in range(4))
"""The 3 spaces of each board, left to right."""
_TILES = tuple(range(9))
"""The 9 village tile positions."""


class _InPlay:
    """What the ghosts on one layout of the 12 spaces do while in play (see :data:`_IN_PLAY`).

    Attributes:
        keys: the ``(kind, stone, group)`` keys of :meth:`GhostCard.in_play_has` that some ghost
            in play holds (its arrival or Yin stone).
        power_off: per board, whether its power is off by the ghosts (a POWER_OFF ghost on one of
            its spaces, or a group POWER_OFF anywhere).
        captive: Tao dice held by DIE_CAPTIVE ghosts.
        occupied: the spaces holding a ghost, in order.
        banishable: the spaces holding a ghost that is no incarnation, in order.
    """

    __slots__ = ("banishable", "captive", "keys", "occupied", "power_off")

    def __init__(self, space_card: tuple[int, ...]) -> None:
        occupied = tuple(itertools.compress(_SPACES, space_card))
        keys = frozenset().union(*map(_CARD_KEYS.__getitem__, space_card))
        self.keys = keys
        self.occupied = occupied
        self.banishable = tuple(itertools.compress(_SPACES, map(_BANISHABLE.__getitem__, space_card)))
        if ("power_off", None, True) in keys:
            self.power_off = (True, True, True, True)
        elif ("power_off", "arrival", None) in keys:
            off = list(map(_POWER_OFF_HERE.__getitem__, space_card))
            self.power_off = (any(off[0:3]), any(off[3:6]), any(off[6:9]), any(off[9:12]))
        else:
            self.power_off = (False, False, False, False)
        self.captive = sum(map(_DIE_CAPTIVE.__getitem__, space_card)) if ("die_captive", None, None) in keys else 0


class _InPlayTable(dict[tuple[int, ...], _InPlay]):
    """``table[space_card]``: the :class:`_InPlay` of a layout (a card id per space, 0 for
    none), built at its first use; emptied when it holds :data:`_MEMO_LIMIT` layouts."""

    def __missing__(self, key: tuple[int, ...]) -> _InPlay:
        if len(self) >= _MEMO_LIMIT:
            self.clear()
        found = self[key] = _InPlay(key)
        return found


_IN_PLAY = _InPlayTable()


_NO_PARAMS: list[tuple[tuple[str, Any], ...]] = [()]
"""The one choice of a help that takes no parameter besides the tile (never changed in place)."""


NO_PARAMETER_KINDS = (
    "end_turn",
    "exorcise",
    "gain_nothing",
    "gain_qi",
    "give_up",
    "keep_curse",
    "regain_yin_yang",
    "reroll_curse",
    "skip_action",
    "stay",
)
"""The kinds of action that take no parameter, in name order."""

_A0: dict[str, Action] = {kind: Action.make(kind) for kind in NO_PARAMETER_KINDS}
"""The actions without parameters, by kind."""
_TAOIST_TILE: dict[tuple[str, int, int], Action] = {
    (kind, o, p): Action.make(kind, taoist=o, tile=p)
    for kind in ("twin_winds", "move_taoist")
    for o in range(4)
    for p in range(9)
}
"""``twin_winds`` and ``move_taoist`` by kind, Taoist and tile."""
_PAVILION_MOVES: tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...] = tuple(
    tuple(
        tuple(
            (
                *[_TAOIST_TILE["move_taoist", o, p] for p in (range(9) if any_tile else ADJACENT[at]) if p != at],
                _TAOIST_TILE["move_taoist", o, at],
            )
            for at in range(9)
        )
        for o in range(4)
    )
    for any_tile in (False, True)
)
"""``_PAVILION_MOVES[any_tile][taoist][tile]``: the Heavenly Winds' moves of the Taoist standing
on ``tile`` (to a tile one step away, or to any tile under ``pavilion=any-tile``), then staying."""


class _OneParameter(dict[tuple[str, str, Any], Action]):
    """``table[kind, name, value]``: the action ``kind`` with the one parameter ``name=value``,
    built at its first use (a look-up in C after that)."""

    def __missing__(self, key: tuple[str, str, Any]) -> Action:
        kind, name, value = key
        action = self[key] = Action.make(kind, **{name: value})
        return action


class _HelpTable(dict[tuple[str, int, tuple[tuple[str, Any], ...]], Action]):
    """``table[kind, tile, choice]``: the help action ``kind`` on ``tile`` with the parameters of
    ``choice`` (``((name, value), ...)``), built at its first use."""

    def __missing__(self, key: tuple[str, int, tuple[tuple[str, Any], ...]]) -> Action:
        kind, tile, choice = key
        action = self[key] = Action.make(kind, tile=tile, **dict(choice))
        return action


_HELP_PARAMETER = {
    "revive": "taoist",
    "circle_token": "colour",
    "banish_for_qi": "ghost",
    "restore_and_draw": "restore",
    "token_qi_and_draw": "colour",
}
"""The one parameter (besides ``tile``) of each kind of help that takes one (the Watchman's
``board`` depends on the ``watchman`` option)."""


class _GhostMoves(dict[tuple[str, int], tuple[tuple[Action, ...], ...]]):
    """``table[kind, tile][ghost][to]``: the Tea House's help ``kind`` on ``tile`` that moves the
    ghost on space ``ghost`` to space ``to`` (built for a kind and tile at its first use)."""

    def __missing__(self, key: tuple[str, int]) -> tuple[tuple[Action, ...], ...]:
        kind, tile = key
        moves = self[key] = tuple(
            tuple(_HELP_ACTIONS[kind, tile, (("ghost", g), ("to", d))] for d in range(12)) for g in range(12)
        )
        return moves


_MOVES_OF_GHOSTS = _GhostMoves()
_ONE = _OneParameter()
_PLACE = tuple(_ONE["place", "space", s] for s in range(12))
"""``place`` by space."""
_RESTORE = tuple(_ONE["yin_yang_restore", "tile", p] for p in range(9))
"""``yin_yang_restore`` by tile."""
_MOVES: tuple[tuple[tuple[Action, ...], ...], ...] = tuple(
    tuple(tuple(_ONE["move", "tile", d] for d in (range(9) if dance else ADJACENT[p]) if d != p) for p in range(9))
    for dance in (False, True)
)
"""``_MOVES[dance][tile]``: the ``move`` actions from ``tile``, one tile away or (with the Dance
of the Peaks) to any other tile."""
_HELP_ACTIONS = _HelpTable()
_TOKENS_PER_COLOUR = load_data().tokens_per_colour
"""Tao tokens of each colour in the box."""


def _help_choices_of(help_kind: str, key: Any) -> list[tuple[tuple[str, Any], ...]]:
    """The choices of a help of ``help_kind`` (one ``((name, value), ...)`` per legal choice, the
    parameters besides ``tile``) from what they depend on (``GhostStoriesState._help_key``)."""
    name = _HELP_PARAMETER.get(help_kind)
    if name is not None:
        return [((name, v),) for v in key]
    if help_kind in ("roll_for_tokens", "take_buddha"):
        return _NO_PARAMS if key else []
    if help_kind == "haunters_back":  # the Watchman on every board at once, or on one
        all_boards, boards = key
        if all_boards:
            return _NO_PARAMS if boards else []
        return [(("board", b),) for b in boards]
    if help_kind == "move_ghost_and_taoist":
        free = [d for d in range(12) if d not in key]
        return [(("ghost", g), ("to", d)) for g in key for d in free]
    return []


class _HelpLists(dict[tuple[str, int, str, Any], list[Action]]):
    """``table[kind, tile, help_kind, key]``: the help actions ``kind`` on ``tile`` (whose help is
    of ``help_kind``) when their choices depend on ``key`` (``GhostStoriesState._help_key``),
    built at first use; emptied when it holds :data:`_MEMO_LIMIT` lists."""

    def __missing__(self, key: tuple[str, int, str, Any]) -> list[Action]:
        kind, tile, help_kind, depends = key
        if len(self) >= _MEMO_LIMIT:
            self.clear()
        if help_kind == "move_ghost_and_taoist":  # up to 11 x 11 choices, from a table
            table = _MOVES_OF_GHOSTS[kind, tile]
            free = [d for d in range(12) if d not in depends]
            found: list[Action] = []
            for g in depends:
                found += map(table[g].__getitem__, free)
        else:
            found = [_HELP_ACTIONS[kind, tile, choice] for choice in _help_choices_of(help_kind, depends)]
        self[key] = found
        return found


_HELP_LISTS = _HelpLists()


class _Stocked(dict[tuple[Any, ...], tuple[str, ...]]):
    """``table[(circle, *south, *west, *north, *east)]``: the colours of which the supply holds a
    Tao token, in the order of ``COLOURS``, for the colour on the Circle of Prayer (or ``None``)
    and the tokens each board holds by colour; built at first use."""

    def __missing__(self, key: tuple[Any, ...]) -> tuple[str, ...]:
        circle, *held = key
        if len(self) >= _MEMO_LIMIT:
            self.clear()
        found = self[key] = tuple(
            c for i, c in enumerate(COLOURS) if sum(held[i::5]) + (c == circle) < _TOKENS_PER_COLOUR
        )
        return found


_STOCKED = _Stocked()


def _act(kind: str, **params: Any) -> Action:
    """The action ``kind`` with ``params``, built once (the rules list the same few hundred actions
    over and over; their values are integers, strings and tuples of them, never booleans)."""
    key = (kind, *params.items())
    try:
        return _ACTIONS[key]
    except KeyError:
        action = _ACTIONS[key] = Action.make(kind, **params)
        return action


@functools.lru_cache(maxsize=1 << 16)
def token_needs(
    req_alts: tuple[tuple[tuple[int, ...], ...], ...], dice_ok: tuple[bool, ...], dice: tuple[str, ...], wild: bool
) -> list[tuple[int, ...]]:
    """Minimal token vectors beating every ghost at once.

    Args:
        req_alts: per ghost, its alternative resistance vectors (5 colours, see ``COLOURS``).
        dice_ok: per ghost, whether Tao dice count against it (not DICE_OFF).
        dice: the faces rolled.
        wild: whether white faces are wild.
    Returns:
        The Pareto-minimal vectors of tokens (per colour) still needed, over every way of giving
        each die to at most one ghost, in ascending order.

    The ways are walked die by die over what each ghost still needs (a die given where nothing of
    its colour is needed changes nothing, the same as a die given to no ghost), so that ways which
    leave the same needs are followed once.
    """
    found: set[tuple[int, ...]] = set()
    for reqs in itertools.product(*req_alts):
        width = 5 * len(reqs)
        states: set[tuple[int, ...]] = {tuple(n for req in reqs for n in req)}
        for face in dice:
            if face == "white" and wild:
                slots = [5 * g + i for g in range(len(reqs)) if dice_ok[g] for i in range(5)]
            elif face in CI:
                slots = [5 * g + CI[face] for g in range(len(reqs)) if dice_ok[g]]
            else:
                continue
            grown = set(states)
            for left in states:
                for k in slots:
                    if left[k] > 0:
                        grown.add((*left[:k], left[k] - 1, *left[k + 1 :]))
            states = grown
        for left in states:
            found.add(tuple(sum(left[i:width:5]) for i in range(5)))
    return sorted(k for k in found if not any(o != k and all(a <= b for a, b in zip(o, k, strict=True)) for o in found))


class GhostStoriesState(State):
    """One position of a game of Ghost Stories.

    Boards (sides) ``0..3`` take turns in order; seat ``s`` plays the Taoist of board ``s`` and the
    boards from ``players`` on are neutral. Per-board lists (``qi``, ``tokens`` ...) are indexed by
    board. The only secret is the order (and content) of the ghost deck and of the cards removed
    unseen at setup.
    """

    def __init__(self, game: Game, seed: int, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        super().__init__(game, seed, script)
        data = load_data()
        opts = game.options
        self.level_id = str(opts["level"])
        level = data.levels[self.level_id]
        n = game.players
        # village
        self.tiles: list[str] = self.chance.shuffled("village", [t.id for t in data.tiles])
        self.haunted: list[bool] = [False] * 9
        # boards and Taoists
        self.board_colour: list[str] = self.chance.shuffled("board_colours", ["red", "green", "blue", "yellow"])
        self.power: list[str] = [
            self.chance.choice("board_side", [p.id for p in data.powers_of(c)]) for c in self.board_colour
        ]
        if n == 1 and opts["solo"] == "reference":
            self.power[self.board_colour.index("red")] = "dance_of_the_peaks"
        qi = level.qi
        if self.level_id == "initiation":
            qi = int(opts["initiation-qi"])
        neutral_qi = qi if opts["neutral-boards"] == "chinese" else 3
        self.qi: list[int] = [qi if b < n else neutral_qi for b in range(4)]
        self.tokens: list[list[int]] = [[0] * 5 for _ in range(4)]
        for b in range(n):
            if n == 1:
                for c in ("red", "green", "blue", "yellow"):
                    self.tokens[b][CI[c]] += 1
            else:
                self.tokens[b][CI[self.board_colour[b]]] += 1
            if level.black_token:
                self.tokens[b][CI["black"]] += 1
        self.yin_yang: list[bool] = [level.yin_yang and b < n for b in range(4)]
        self.buddhas: list[int] = [0] * 4
        self.fresh_buddhas: list[int] = [0] * 4
        self.pos: list[int] = [CENTRE if b < n else -1 for b in range(4)]
        self.alive: list[bool] = [b < n for b in range(4)]
        self.power_tokens: list[int] = [0] * 4
        if n < 4:
            for b in range(n):
                self.power_tokens[b] = 3 if n == 1 else 1
        self.centre_power_tokens = 0
        # ghost spaces
        self.space_card: list[int] = [0] * 12
        self.haunt_step: list[int] = [-1] * 12
        self.buddha_on: list[bool] = [False] * 12
        self.temple_buddhas = data.buddhas
        self.circle: str | None = None
        self.mantra_space = -1
        self.mantra_removed = False
        self.mantra_ready_turn = 0
        # deck: the end of the list is the top
        order = self.chance.shuffled("deck", data.ghost_ids)
        removed_count = 5 * (4 - n)
        self.removed: list[int] = order[:removed_count]
        rest = order[removed_count:]
        count = level.incarnations if n >= 3 else level.incarnations_few
        if opts["incarnations"] == "four" and self.level_id in ("nightmare", "hell"):
            count += 1
        incarnations = self.chance.sample("incarnations", data.incarnation_ids, count)
        bottom_first: list[int] = []
        for i, inc in enumerate(incarnations):
            bottom_first.extend(rest[i * 10 : (i + 1) * 10])
            bottom_first.append(inc)
        bottom_first.extend(rest[count * 10 :])
        self.deck: list[int] = bottom_first
        self.discard: list[int] = []
        self.incarnations_total = count
        self.exorcised_incarnations: list[int] = []
        # turn
        self.turn = 0
        self.board = 0
        self.phase = "yin"
        self.tasks: list[Task] = []
        self.pending: dict[str, Any] | None = None
        self._listed: tuple[dict[str, Any], list[Action]] | None = None
        """The legal actions of the ``pending`` dict they were listed for, when the task machine
        stopped there (a new sub-decision is a new dict, so they serve only that one)."""
        self.dice: list[str] = []
        self.curse_face: str | None = None
        self.yang: dict[str, Any] = {}
        self.result: str | None = None
        self.loss_reason = ""
        self.log: list[str] = []
        self.log.append(f"Setup at {level.name} level with {n} player(s); the deck holds {len(self.deck)} cards.")
        self._start_turn()
        self._run()

    # ===== data access ===========================================================================

    @property
    def data(self) -> GameData:
        """The validated game data."""
        return load_data()

    def card(self, card_id: int) -> GhostCard:
        """The card with printed number ``card_id``."""
        return _GHOSTS[card_id]

    not_in_snapshot = State.not_in_snapshot | {"_listed"}

    def clone(self) -> GhostStoriesState:
        """A cheap structured copy (every field is a list, dict or immutable value)."""
        twin = copy.copy(self)
        twin.chance = self.chance.copy()
        twin.history = list(self.history)
        twin.initial_script = {k: list(v) for k, v in self.initial_script.items()}
        twin.tiles = list(self.tiles)
        twin.haunted = list(self.haunted)
        twin.board_colour = list(self.board_colour)
        twin.power = list(self.power)
        twin.qi = list(self.qi)
        twin.tokens = [list(t) for t in self.tokens]
        twin.yin_yang = list(self.yin_yang)
        twin.buddhas = list(self.buddhas)
        twin.fresh_buddhas = list(self.fresh_buddhas)
        twin.pos = list(self.pos)
        twin.alive = list(self.alive)
        twin.power_tokens = list(self.power_tokens)
        twin.space_card = list(self.space_card)
        twin.haunt_step = list(self.haunt_step)
        twin.buddha_on = list(self.buddha_on)
        twin.removed = list(self.removed)
        twin.deck = list(self.deck)
        twin.discard = list(self.discard)
        twin.exorcised_incarnations = list(self.exorcised_incarnations)
        twin.tasks = list(self.tasks)
        twin.pending = None if self.pending is None else dict(self.pending)
        twin.dice = list(self.dice)
        twin.yang = {k: (list(v) if isinstance(v, list) else v) for k, v in self.yang.items()}
        twin.log = list(self.log)
        return twin

    # ===== derived facts =========================================================================

    @property
    def players_count(self) -> int:
        """Seats in play."""
        return self.game.players

    def is_neutral(self, b: int) -> bool:
        """Whether board ``b`` has no player."""
        return b >= self.game.players

    def is_possessed(self, b: int) -> bool:
        """A board whose Taoist is dead, or a neutral board at 0 Qi (its power is off)."""
        return self.qi[b] <= 0 if self.is_neutral(b) else not self.alive[b]

    def ghosts_in_play(self) -> list[int]:
        """Spaces holding a ghost."""
        return [s for s in range(12) if self.space_card[s]]

    def _any_in_play(self, kind: str, stone: str | None = None, group: bool | None = None) -> bool:
        return (kind, stone, group) in _IN_PLAY[tuple(self.space_card)].keys

    def power_active(self, b: int) -> bool:
        """Whether board ``b``'s power works: not possessed, no POWER_OFF ghost on it, and no
        group POWER_OFF (Forgotten Ones) in play."""
        if (self.qi[b] <= 0) if b >= self.game.players else not self.alive[b]:  # possessed
            return False
        return not _IN_PLAY[tuple(self.space_card)].power_off[b]

    def has_power(self, t: int, power: str) -> bool:
        """Whether Taoist ``t`` can use ``power`` now (own board's, or one borrowed with a power
        token this turn)."""
        if not self.alive[t]:
            return False
        if self.power[t] == power and self.power_active(t):
            return True
        if t == self.board and self.phase in YANG_PHASES:
            for b in self.yang.get("borrowed", []):
                if self.power[b] == power and self.power_active(b):
                    return True
        return False

    def captive_dice(self) -> int:
        """Tao dice held by DIE_CAPTIVE ghosts in play."""
        return _IN_PLAY[tuple(self.space_card)].captive

    def tao_blocked(self) -> bool:
        """Whether a TAO_OFF ghost in play stops the spending of Tao tokens."""
        return self._any_in_play("tao_off")

    def white_wild(self) -> bool:
        """Whether white faces are wild (not while a WHITE_OFF ghost is in play)."""
        return not self._any_in_play("white_off")

    def supply_tokens(self, colour: str) -> int:
        """Tao tokens of ``colour`` left in the supply (4 per colour in the box)."""
        i = CI[colour]
        south, west, north, east = self.tokens
        held = south[i] + west[i] + north[i] + east[i]
        return load_data().tokens_per_colour - held - (1 if self.circle == colour else 0)

    def supply_qi(self) -> int:
        """Qi tokens left in the supply (20 in the box)."""
        return _DATA.qi_supply - sum(max(0, q) for q in self.qi)

    def haunted_limit(self) -> int:
        """How many haunted tiles lose the game (99 under the line-overflow option)."""
        rule = self.game.options["haunted-tiles-lose"]
        if rule == "line-overflow":
            return 99
        if rule == "fourth-at-initiation" and self.level_id == "initiation":
            return 4
        return 3

    def figurines_free(self) -> int:
        """Haunting figurines not on a ghost card or board (8 in the box; 99 under the
        ``haunting-figurines=unlimited`` option). Source: English rulebook, Components."""
        if self.game.options["haunting-figurines"] == "unlimited":
            return 99
        # a figurine is used on each space holding a ghost whose step is 0 or more
        used: int = sum(map(operator.and_, map(bool, self.space_card), map((-1).__lt__, self.haunt_step)))
        return _DATA.haunting_figurines - used

    def tile_pos(self, tile_id: str) -> int:
        """The position of the tile called ``tile_id``."""
        return self.tiles.index(tile_id)

    def living(self) -> list[int]:
        """Boards whose Taoist is alive."""
        return list(itertools.compress(range(self.game.players), self.alive))

    def decider(self) -> int:
        """The seat that chooses for the active board: its own seat, or seat 0 for a neutral board."""
        return self.board if self.board < self.game.players else 0

    def eligible(self, space: int) -> bool:
        """Whether the ghost on ``space`` may be the target of an exorcism now (its incarnation
        condition is met)."""
        cid = self.space_card[space]
        if not cid:
            return False
        if ("buddha_required", None) in _HAS[cid] and not self.buddha_on[space]:
            return False
        return not (("opposite_empty", None) in _HAS[cid] and self.space_card[OPPOSITE[space]])

    def faced_ghosts(self, t: int) -> list[int]:
        """Spaces with an eligible ghost that Taoist ``t`` faces from its tile."""
        return [s for s in FACING[self.pos[t]] if self.eligible(s)]

    def dice_count(self, t: int) -> int:
        """Tao dice Taoist ``t`` rolls for an exorcism (3, +1 grey die, -1 per captive die)."""
        n = 3 + (1 if self.has_power(t, "strength_of_a_mountain") else 0) - self.captive_dice()
        return max(0, n)

    # ===== contract ==============================================================================

    @property
    def current_player(self) -> int:
        """The seat to decide: the pending sub-decision's seat, or the active board's seat."""
        if self.result is not None:
            return TERMINAL
        if self.pending is not None:
            return int(self.pending["seat"])
        b = self.board  # the decider
        return b if b < self.game.players else 0

    def acting_seats(self) -> tuple[int, ...]:
        """The seat to decide (:attr:`current_player`), none once the game is over."""
        if self.result is not None:
            return ()
        if self.pending is not None:
            return (int(self.pending["seat"]),)
        b = self.board  # the decider
        return (b if b < self.game.players else 0,)

    def is_terminal(self) -> bool:
        """Whether the team has won or lost."""
        return self.result is not None

    def returns(self) -> list[float]:
        """``+1`` for every seat on a victory, ``-1`` on a defeat, 0 while playing."""
        if self.result is None:
            return [0.0] * self.game.players
        return [1.0 if self.result == "win" else -1.0] * self.game.players

    def outcome(self) -> str:
        """``"win"``, ``"loss"`` or ``"unfinished"``."""
        return self.result or "unfinished"

    def score(self) -> float | None:
        """The team's score sheet total (see :mod:`scoring`), once the game is over."""
        from ghosttable.games.ghost_stories.scoring import score_sheet

        if self.result is None:
            return None
        return float(score_sheet(self)["total"])

    def decision_name(self, seat: int) -> str:
        """``pending`` sub-decision name, or the Yang step (``yang_move`` ...)."""
        if self.pending is not None:
            return str(self.pending["name"])
        return self.phase

    def action_is_public(self, seat: int, action: Action) -> bool:
        """Every Taoist's choice is made in the open (the deck order is the only secret)."""
        return True

    def reveals(self, seat: int, action: Action, before: State) -> bool:
        """Whether the action just carried out drew a ghost card (the deck, shuffled at setup, is
        the only secret): a card that came into play cannot be taken back."""
        assert isinstance(before, GhostStoriesState)
        return len(self.deck) != len(before.deck) or self.removed != before.removed

    def turn_key(self) -> Any:
        """The turn's number (each turn belongs to one board, in order)."""
        return self.turn

    def secrets(self, seat: int | None) -> list[Any]:
        """The deck order (and the unseen removed cards) are never shown."""
        if self.result is not None:
            return []
        out: list[Any] = []
        if len(self.deck) > 1:
            out.append(list(self.deck))
        if len(self.removed) > 1:
            out.append(list(self.removed))
        return out

    def determinize(self, seat: int | None, rng: random.Random) -> GhostStoriesState:
        """Reshuffle the unseen cards (deck and removed ghosts; unseen incarnations into the
        incarnation slots, whose places show by their red backs) and reseed chance."""
        twin = self.clone()
        twin.chance.reseed(rng.getrandbits(64))
        if self.result is not None:
            return twin
        seen_inc = {c for c in (*twin.discard, *twin.space_card) if c and _GHOSTS[c].incarnation}
        ghosts = [c for c in twin.deck if not _GHOSTS[c].incarnation] + twin.removed
        incs = [c for c in _DATA.incarnation_ids if c not in seen_inc]
        rng.shuffle(ghosts)
        rng.shuffle(incs)
        twin.removed = ghosts[: len(twin.removed)]
        ghosts = ghosts[len(twin.removed) :]
        new_deck = []
        for c in twin.deck:
            new_deck.append(incs.pop() if _GHOSTS[c].incarnation else ghosts.pop())
        twin.deck = new_deck
        return twin

    def explain_illegal(self, seat: int, action: Action, legal: list[Action]) -> IllegalActionError:
        """Sharper reasons for the common mistakes (they never name the deck's order)."""
        if action.kind == "move" and any(a.kind == "move" for a in legal):
            return IllegalActionError("that tile is not within reach of your Taoist")
        if action.kind == "exorcise":
            return IllegalActionError("no ghost you face can be exorcised now")
        if action.kind in ("yin_yang_help", "yin_yang_restore"):
            return IllegalActionError("your Yin-Yang token cannot do that now")
        return super().explain_illegal(seat, action, legal)

    # ===== legal actions =========================================================================

    def _legal_actions(self, seat: int) -> list[Action]:
        pd = self.pending
        if pd is not None:
            listed = self._listed
            if listed is not None and listed[0] is pd:  # listed by the task machine, nothing since
                return list(listed[1])
            return self._pending_actions()
        return self._yang_actions()

    def _random_legal(self, seat: int, rng: random.Random) -> Action | None:
        """``rng.choice`` of the legal actions (the draw of the kernel's default), listed without
        copying a sub-decision's list that the task machine kept."""
        pd = self.pending
        if pd is None:
            actions = self._yang_actions()
        else:
            listed = self._listed
            actions = listed[1] if listed is not None and listed[0] is pd else self._pending_actions()
        return rng.choice(actions) if actions else None

    def _yang_actions(self) -> list[Action]:
        t = self.board
        out: list[Action] = []
        y = self.yang
        # the powers the Taoist may hold now: its own and the borrowed ones (has_power tells
        # whether each works; a power not named here is not held)
        borrowed = y.get("borrowed")
        named = (self.power[t], *[self.power[b] for b in borrowed]) if borrowed else (self.power[t],)
        if self.phase == "yang_move":
            if self.power_tokens[t] > 0 and not self._any_in_play("power_off", group=True):
                for b in range(self.game.players, 4):
                    if b not in y["borrowed"] and not self.is_possessed(b) and self.power_active(b):
                        out.append(_ONE["use_power_token", "board", b])
            if "bottomless_pockets" in named and self.has_power(t, "bottomless_pockets") and not y["pockets"]:
                out.extend([_ONE["bottomless_pockets", "colour", c] for c in self._stocked_colours()])
            if (
                "enfeeblement_mantra" in named
                and self.has_power(t, "enfeeblement_mantra")
                and not y["mantra"]
                and self._mantra_usable()
            ):
                out.extend(
                    _ONE["enfeeblement_mantra", "ghost", s] for s in self.ghosts_in_play() if s != self.mantra_space
                )
            if "dance_of_the_twin_winds" in named and self.game.options["twin-winds"] == "before-move":
                out.extend(self._twin_winds_actions())
            out.extend(_MOVES["dance_of_the_peaks" in named and self.has_power(t, "dance_of_the_peaks")][self.pos[t]])
            out.append(_A0["stay"])
        elif self.phase == "yang_action":
            if "dance_of_the_twin_winds" in named and self.game.options["twin-winds"] == "after-move" and not y["acts"]:
                out.extend(self._twin_winds_actions())
            allowed = self._allowed_acts()
            if "help" in allowed:
                p = self.pos[t]
                if not self.haunted[p]:
                    out.extend(self._help_actions("ask_help", t, p))
            if "exorcise" in allowed and self.faced_ghosts(t):
                out.append(_A0["exorcise"])
            out.append(_A0["skip_action"])
        elif self.phase == "yang_buddha":
            if self.buddhas[t] > 0:
                for s in FACING[self.pos[t]]:
                    if self._buddha_space_ok(s):
                        out.append(_ONE["place_buddha", "space", s])
            out.append(_A0["end_turn"])
        if self.yin_yang[t]:
            out.extend(self._yin_yang_actions(t))
        return out

    def _yin_yang_actions(self, t: int) -> list[Action]:
        """What Taoist ``t``'s Yin-Yang token can do: a help on any tile that is not haunted, or
        the restoring of a haunted one."""
        found: list[Action] = []
        haunted = self.haunted
        tiles = self.tiles
        lists = _HELP_LISTS
        for p in range(9):
            if not haunted[p]:
                help_kind = _HELP_KIND[tiles[p]]
                found += lists["yin_yang_help", p, help_kind, _HELP_KEY_OF[help_kind](self)]
        found += map(_RESTORE.__getitem__, itertools.compress(_TILES, haunted))
        return found

    def _buddha_step_has_choice(self) -> bool:
        """Whether the Buddha step offers more than ``end_turn`` (``len(self._yang_actions()) > 1``
        there, found without listing every choice)."""
        t = self.board
        if self.buddhas[t] > 0 and any(self._buddha_space_ok(s) for s in FACING[self.pos[t]]):
            return True
        if not self.yin_yang[t]:
            return False
        return any(self.haunted[p] or self._help_actions("yin_yang_help", t, p) for p in range(9))

    def _pavilion_moves_self(self) -> bool:
        """Solo (``solo=reference``): the Pavilion's second move is the player's own Taoist."""
        return self.game.players == 1 and self.game.options["solo"] == "reference"

    def _mantra_usable(self) -> bool:
        return not self.mantra_removed and self.turn >= self.mantra_ready_turn

    def _twin_winds_actions(self) -> list[Action]:
        t = self.board
        if not self.has_power(t, "dance_of_the_twin_winds") or self.yang["twin"]:
            return []
        return [_TAOIST_TILE[("twin_winds", o, p)] for o in self.living() if o != t for p in ADJACENT[self.pos[o]]]

    def _allowed_acts(self) -> frozenset[str]:
        """What the active Taoist may still do in its action step: both acts before the first,
        then what Heavenly Gust or Second Wind allows after it (never a third act)."""
        t = self.board
        y = self.yang
        acts: list[str] = y["acts"]
        if not acts:
            return _EVERY_ACT
        if len(acts) != 1:
            return _NO_ACT
        borrowed = y["borrowed"]  # the powers it may hold: its own and the borrowed ones
        named = (self.power[t], *[self.power[b] for b in borrowed]) if borrowed else (self.power[t],)
        out: set[str] = set()
        if "heavenly_gust" in named and self.has_power(t, "heavenly_gust"):
            out.add("exorcise" if acts[0] == "help" else "help")
        if "second_wind" in named and self.has_power(t, "second_wind"):
            out.add(acts[0])
        return frozenset(out)

    def _buddha_space_ok(self, s: int) -> bool:
        if self.buddha_on[s]:
            return False
        cid = self.space_card[s]
        return not cid or ("buddha_required", None) in _HAS[cid]

    def _help_actions(self, kind: str, t: int, p: int) -> list[Action]:
        """The ``kind`` actions (``ask_help`` or ``yin_yang_help``) of Taoist ``t`` on tile ``p``
        (a list kept by tile and by what the help's choices depend on: never change it)."""
        help_kind = _HELP_KIND[self.tiles[p]]
        return _HELP_LISTS[kind, p, help_kind, self._help_key(help_kind)]

    def _help_params(self, t: int, p: int) -> list[dict[str, Any]]:
        """The choices of asking the villager of tile ``p`` for help, one dict per legal choice."""
        return [dict(choice) for choice in self._help_choices(t, p)]

    def _help_choices(self, t: int, p: int) -> list[tuple[tuple[str, Any], ...]]:
        """The choices of asking the villager of tile ``p`` for help, one ``((name, value), ...)``
        per legal choice (the parameters besides ``tile``)."""
        help_kind = _HELP_KIND[self.tiles[p]]
        return _help_choices_of(help_kind, self._help_key(help_kind))

    def _help_key(self, help_kind: str) -> Any:
        """What the choices of a help of ``help_kind`` depend on, as a hashable value (see
        :func:`_help_choices_of`): the legal values of its one parameter (in the order they are
        listed), whether its one choice is there, or the spaces holding a ghost."""
        key_of = _HELP_KEY_OF.get(help_kind)
        return None if key_of is None else key_of(self)

    def _stocked_colours(self) -> tuple[str, ...]:
        """The colours of which the supply holds a Tao token (``supply_tokens(c) > 0``), in the
        order of ``COLOURS``."""
        south, west, north, east = self.tokens
        return _STOCKED[(self.circle, *south, *west, *north, *east)]

    def _help_parameter(self, help_kind: str) -> str | None:
        """The one parameter (besides ``tile``) of a help of ``help_kind``, or ``None`` for a help
        with none or with two."""
        if help_kind == "haunters_back":
            return None if self.game.options["watchman"] == "all-boards" else "board"
        return _HELP_PARAMETER.get(help_kind)

    def _help_values(self, help_kind: str) -> list[Any]:
        """The legal values of the one parameter of a help of ``help_kind`` (see
        :meth:`_help_parameter`), in the order they are listed."""
        if help_kind == "haunters_back":
            return list(self._help_key(help_kind)[1])
        if help_kind not in _HELP_PARAMETER:
            raise AssertionError(help_kind)
        return list(self._help_key(help_kind))

    # ----- sub-decisions ------------------------------------------------------------------------

    def _pending_has_choice(self) -> bool:
        """Whether the pending sub-decision surely offers more than one action, told from a count
        where that is cheap (``False``: list them to see)."""
        pd = self.pending
        assert pd is not None
        name = pd["name"]
        if name == "reroll_curse_die":
            return True
        if name == "reroll_tao_dice":
            return len(self.dice) > 0
        if name == "place_ghost":
            return len(pd["spaces"]) > 1
        if name in ("choose_victim", "incarnation_qi"):
            return sum(self.alive[: self.game.players]) > 1
        return False

    def _pending_actions(self) -> list[Action]:
        pd = self.pending
        assert pd is not None
        name = pd["name"]
        if name == "place_ghost":
            return list(map(_PLACE.__getitem__, pd["spaces"]))
        if name == "choose_victim":
            return [_ONE["volunteer", "taoist", t] for t in self.living()]
        if name == "reroll_tao_dice":
            n = len(self.dice)
            out = []
            for r in range(n + 1):
                for combo in itertools.combinations(range(n), r):
                    out.append(_ONE["reroll", "dice", combo])
            return out
        if name == "reroll_curse_die":
            return [_A0["keep_curse"], _A0["reroll_curse"]]
        if name == "resolve_exorcism":
            return self._exorcism_actions()
        if name == "choose_token_colour":
            return [_ONE["take_token", "colour", c] for c in self._stocked_colours()]
        if name == "qi_or_yin_yang":
            t = pd["taoist"]
            out = []
            if self.supply_qi() > 0:
                out.append(_A0["gain_qi"])
            if not self.yin_yang[t]:
                out.append(_A0["regain_yin_yang"])
            return out or [_A0["gain_nothing"]]
        if name == "discard_token":
            t = pd["taoist"]
            return [_ONE["discard", "colour", c] for c in COLOURS if self.tokens[t][CI[c]] > 0]
        if name == "incarnation_qi":
            return [_ONE["give_qi", "taoist", t] for t in self.living()]
        if name == "incarnation_yin_yang":
            return [_ONE["give_yin_yang", "taoist", t] for t in self.living() if not self.yin_yang[t]]
        if name == "pavilion_taoist":
            movers = [o for o in self.living() if o != pd["taoist"] or self._pavilion_moves_self()]
            table = _PAVILION_MOVES[self.game.options["pavilion"] == "any-tile"]
            out = []
            for o in movers:
                out += table[o][self.pos[o]]
            return out
        if name == "herbalist_white":
            return [_ONE["take_token", "colour", c] for c in self._stocked_colours()]
        raise AssertionError(name)

    # ----- exorcism arithmetic --------------------------------------------------------------------

    def requirements(self, space: int) -> list[tuple[int, ...]]:
        """Alternative resistance vectors (per colour index) of the ghost on ``space`` after the
        Circle of Prayer and the Mantra (the Mantra's colour on a many-coloured ghost is chosen
        after the roll, hence alternatives)."""
        card = _GHOSTS[self.space_card[space]]
        req = [0] * 5
        for c, n in card.resistance:
            req[CI[c]] = n
        if self.circle is not None and req[CI[self.circle]] > 0:
            req[CI[self.circle]] -= 1
        if self.mantra_space == space:
            alts = []
            for i in range(5):
                if req[i] > 0:
                    r = list(req)
                    r[i] -= 1
                    alts.append(tuple(r))
            return sorted(set(alts)) or [tuple(req)]
        return [tuple(req)]

    def exorcism_needs(self, spaces: Sequence[int], dice: Sequence[str]) -> list[tuple[int, ...]]:
        """Minimal Tao token vectors (per colour) that, with ``dice``, exorcise all ``spaces``.

        Each die serves at most one ghost; a white face serves any colour unless a WHITE_OFF ghost
        is in play; DICE_OFF ghosts take no dice. Source: the English rulebook (Exorcism,
        Exorcising 2 Ghosts), reference section 5.
        """
        req_alts = [tuple(self.requirements(s)) for s in spaces]
        dice_ok = tuple(not _GHOSTS[self.space_card[s]].has("dice_off") for s in spaces)
        return token_needs(tuple(req_alts), dice_ok, tuple(sorted(dice)), self.white_wild())

    def _holders(self, t: int) -> list[int]:
        """Taoists whose tokens Taoist ``t`` may spend: living ones on its tile."""
        return [o for o in self.living() if self.pos[o] == self.pos[t]]

    def _exorcism_actions(self) -> list[Action]:
        pd = self.pending
        assert pd is not None
        t = pd["taoist"]
        faced: list[int] = [s for s in pd["spaces"] if self.space_card[s]]
        holders = [] if self.tao_blocked() else self._holders(t)
        pool = [sum(self.tokens[o][i] for o in holders) for i in range(5)]
        needs: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
        for r in range(1, len(faced) + 1):
            for combo in itertools.combinations(faced, r):
                needs[combo] = self.exorcism_needs(combo, self.dice)
        out: list[Action] = []
        zero = (0, 0, 0, 0, 0)
        for combo, vectors in needs.items():
            for k in sorted(vectors):
                if any(k[i] > pool[i] for i in range(5)):
                    continue
                forced = False
                for g in faced:
                    if g in combo:
                        continue
                    bigger = tuple(sorted((*combo, g)))
                    if any(all(a <= b for a, b in zip(o, k, strict=True)) for o in needs.get(bigger, [])):
                        forced = True
                if forced:
                    continue
                for pay in self._payments(k, holders):
                    out.append(_act("banish", ghosts=combo, tokens=pay))
        if not any(zero in needs[(g,)] for g in faced):
            out.append(_A0["give_up"])
        return out

    def _payments(self, need: tuple[int, ...], holders: list[int]) -> list[tuple[str, ...]]:
        """Every way the ``holders`` can pay the token vector ``need`` (``"board:colour"`` items)."""
        per_colour: list[list[list[str]]] = []
        for i, n in enumerate(need):
            if n == 0:
                continue
            caps = [self.tokens[o][i] for o in holders]
            ways: list[list[str]] = []
            for split in itertools.product(*(range(c + 1) for c in caps)):
                if sum(split) == n:
                    ways.append([f"{o}:{COLOURS[i]}" for o, k in zip(holders, split, strict=True) for _ in range(k)])
            per_colour.append(ways)
        return [tuple(sorted(x for part in parts for x in part)) for parts in itertools.product(*per_colour)]

    # ===== applying actions ======================================================================

    def _apply(self, seat: int, action: Action) -> None:
        if self.pending is not None:
            pd = self.pending
            self.pending = None
            self._resolve_pending(pd, action)
        else:
            self._apply_yang(action)
        self._run()

    def _apply_yang(self, a: Action) -> None:
        t = self.board
        k = a.kind
        y = self.yang
        if k in ("move", "stay"):
            if k == "move":
                self.pos[t] = int(a["tile"])  # type: ignore[arg-type]
                self.log.append(f"{_TAOIST_NAMES[self.board_colour[t]]} moves to {self._tile_name(self.pos[t])}.")
            self.phase = "yang_action"
        elif k == "skip_action":
            self.phase = "yang_buddha"
        elif k == "end_turn":
            self._end_turn()
        elif k == "yin_yang_help":
            self.yin_yang[t] = False
            p = int(a["tile"])  # type: ignore[arg-type]
            self.log.append(f"{self._who(t)} spends the Yin-Yang to ask the {self._tile_name(p)} for help.")
            self._help(t, p, a)
        elif k == "ask_help":
            y["acts"].append("help")
            self.tasks.append(("after_act",))
            self._help(t, int(a["tile"]), a)  # type: ignore[arg-type]
        elif k == "exorcise":
            y["acts"].append("exorcise")
            self.tasks.append(("after_act",))
            self._push(("exorcism_roll", t, tuple(self.faced_ghosts(t))))
        elif k == "place_buddha":
            s = int(a["space"])  # type: ignore[arg-type]
            self.buddhas[t] -= 1
            self.buddha_on[s] = True
            self.log.append(f"{self._who(t)} places a Buddha on {SIDES[board_of(s)]} space {s % 3 + 1}.")
        elif k == "yin_yang_restore":
            self.yin_yang[t] = False
            p = int(a["tile"])  # type: ignore[arg-type]
            self.haunted[p] = False
            self.log.append(f"{self._who(t)} spends the Yin-Yang to free the {self._tile_name(p)}.")
        elif k == "use_power_token":
            b = int(a["board"])  # type: ignore[arg-type]
            y["borrowed"].append(b)
            if self.game.options["power-tokens"] == "spent":
                self.power_tokens[t] -= 1
                self.centre_power_tokens += 1
            self.log.append(f"{self._who(t)} uses a power token for {self._power_name(b)}.")
        elif k == "bottomless_pockets":
            y["pockets"] = True
            self._gain_token(t, str(a["colour"]))
        elif k == "enfeeblement_mantra":
            y["mantra"] = True
            self.mantra_space = int(a["ghost"])  # type: ignore[arg-type]
            self.log.append(f"The Enfeeblement Mantra weakens {self._ghost_name(self.mantra_space)}.")
        elif k == "twin_winds":
            y["twin"] = True
            o, p = int(a["taoist"]), int(a["tile"])  # type: ignore[arg-type]
            self.pos[o] = p
            self.log.append(f"Dance of the Twin Winds moves {self._who(o)} to {self._tile_name(p)}.")
        else:
            raise AssertionError(k)

    def _help(self, t: int, p: int, a: Action) -> None:
        """Ask the villager of tile ``p`` for help (play aid; reference section 6)."""
        kind = _HELP_KIND[self.tiles[p]]
        name = self._tile_name(p)
        if a.kind == "ask_help":
            self.log.append(f"{self._who(t)} asks the {name} for help.")
        if kind == "take_buddha":
            self.temple_buddhas -= 1
            self.fresh_buddhas[t] += 1
        elif kind == "revive":
            d = int(a["taoist"])  # type: ignore[arg-type]
            self.alive[d] = True
            self.qi[d] = min(2, self.supply_qi())
            self.pos[d] = self.tile_pos("cemetery")
            self.log.append(f"{self._who(d)} comes back to life with {self.qi[d]} Qi.")
            self._push(("curse", t, ("tile", self.tile_pos("cemetery")), True))
        elif kind == "circle_token":
            c = str(a["colour"])
            self.circle = c
            self.log.append(f"A {c} Tao token now lies on the Circle of Prayer.")
        elif kind == "roll_for_tokens":
            self.tasks.append(("herbalist_roll", t))
        elif kind == "haunters_back":
            boards = range(4) if a.get("board") is None else [int(a["board"])]  # type: ignore[arg-type]
            for b in boards:
                for s in _BOARD_SPACES[b]:
                    if self.haunt_step[s] > 0:
                        self.haunt_step[s] = 0
            self.log.append("The Night Watchman sends haunting figurines back onto their cards.")
        elif kind == "move_ghost_and_taoist":
            g, d = int(a["ghost"]), int(a["to"])  # type: ignore[arg-type]
            self._move_ghost(g, d)
            self.tasks.append(("pavilion_taoist", t))
        elif kind == "banish_for_qi":
            g = int(a["ghost"])  # type: ignore[arg-type]
            self.log.append(f"The Sorcerer banishes {self._ghost_name(g)}.")
            self._remove_ghost(g)
            self._lose_qi(t)
        elif kind == "restore_and_draw":
            q = int(a["restore"])  # type: ignore[arg-type]
            self.haunted[q] = False
            self.log.append(f"The Taoist Altar frees the {self._tile_name(q)}.")
            self.tasks.append(("draw",))
        elif kind == "token_qi_and_draw":
            if a["colour"] != "none":
                self._gain_token(t, str(a["colour"]))
            self._gain_qi(t)
            self.tasks.append(("draw",))

    def _resolve_pending(self, pd: dict[str, Any], a: Action) -> None:
        name = pd["name"]
        k = a.kind
        if name == "place_ghost":
            self._place(pd["card"], int(a["space"]))  # type: ignore[arg-type]
        elif name == "choose_victim":
            t = int(a["taoist"])  # type: ignore[arg-type]
            self.log.append(f"{self._who(t)} takes the blow for the {SIDES[pd['board']]} board.")
            if pd["what"] == "qi":
                self._lose_qi(t)
            else:
                self.tasks.append(("curse", t, pd["target"], False))
        elif name == "reroll_tao_dice":
            for i in a["dice"]:  # type: ignore[union-attr]
                self.dice[int(i)] = self.chance.roll("tao_dice", _DATA.tao_faces)  # type: ignore[arg-type]
            if a["dice"]:
                self.log.append(f"The Gods' Favorite rerolls: {', '.join(self.dice)}.")
        elif name == "reroll_curse_die":
            if k == "reroll_curse":
                self.curse_face = self.chance.roll("curse_die", _DATA.curse_faces)
                self.log.append(f"The Gods' Favorite rerolls the curse die: {self.curse_face}.")
        elif name == "resolve_exorcism":
            self._banish(pd["taoist"], a)
        elif name in ("choose_token_colour", "herbalist_white"):
            self._gain_token(pd["taoist"], str(a["colour"]))
        elif name == "qi_or_yin_yang":
            t = pd["taoist"]
            if k == "gain_qi":
                self._gain_qi(t)
            elif k == "regain_yin_yang":
                self.yin_yang[t] = True
                self.log.append(f"{self._who(t)} takes the Yin-Yang back.")
        elif name == "discard_token":
            t = pd["taoist"]
            self.tokens[t][CI[str(a["colour"])]] -= 1
            self.log.append(f"{self._who(t)} discards a {a['colour']} Tao token.")
        elif name == "incarnation_qi":
            self._gain_qi(int(a["taoist"]))  # type: ignore[arg-type]
        elif name == "incarnation_yin_yang":
            t = int(a["taoist"])  # type: ignore[arg-type]
            self.yin_yang[t] = True
            self.log.append(f"{self._who(t)} receives a Yin-Yang.")
        elif name == "pavilion_taoist":
            o, p = int(a["taoist"]), int(a["tile"])  # type: ignore[arg-type]
            if p != self.pos[o]:
                self.pos[o] = p
                self.log.append(f"The Heavenly Winds carry {self._who(o)} to {self._tile_name(p)}.")
        else:
            raise AssertionError(name)

    # ===== the task machine ======================================================================

    def _push(self, *tasks: Task) -> None:
        """Schedule ``tasks`` to run next, in the given order."""
        self.tasks.extend(reversed(tasks))

    def _run(self) -> None:
        tasks = self.tasks  # only the end of the game (``_finish``) puts another list there
        handlers = _TASK_HANDLERS
        while self.result is None:
            pd = self.pending
            if pd is not None:
                if self._pending_has_choice():
                    return
                acts = self._pending_actions()
                if len(acts) == 1:
                    self.pending = None
                    self._resolve_pending(pd, acts[0])
                    continue
                self._listed = (pd, acts)
                return
            if tasks:
                task = tasks.pop()
                handlers[task[0]](self, task)
                continue
            if self.phase == "yin":
                t = self.board
                if t < self.game.players and self.alive[t]:
                    self.phase = "yang_move"
                    self.yang = {
                        "borrowed": [],
                        "pockets": False,
                        "mantra": False,
                        "twin": False,
                        "acts": [],
                    }
                else:
                    self._end_turn()
                continue
            if self.phase in YANG_PHASES:
                if not self.alive[self.board]:
                    self._end_turn()
                    continue
                if self.phase == "yang_buddha" and not self._buddha_step_has_choice():
                    self._end_turn()
                    continue
                return
            raise AssertionError(self.phase)

    def _end_turn(self) -> None:
        t = self.board
        if t < self.game.players and self.alive[t]:
            self.buddhas[t] += self.fresh_buddhas[t]
            self.fresh_buddhas[t] = 0
            if self.pos[t] == CENTRE and self.centre_power_tokens:
                self.power_tokens[t] += self.centre_power_tokens
                self.log.append(f"{self._who(t)} picks up {self.centre_power_tokens} power token(s).")
                self.centre_power_tokens = 0
        self.turn += 1
        self.board = (self.board + 1) % 4
        self._start_turn()

    def _start_turn(self) -> None:
        b = self.board
        self.phase = "yin"
        self.yang = {}
        self.log.append(f"Turn {self.turn + 1}: the {SIDES[b]} ({self.board_colour[b]}) board.")
        # English rulebook, Yin phase step 1: A. the haunters' figurines, then B. the tormentors'
        # curse dice (then any other middle stone, the Bone Cracker's), each left to right.
        # A ghost that does nothing in a part gets no task for it.
        space_card = self.space_card
        acting = [(s, space_card[s]) for s in _BOARD_SPACES[b] if _YIN_PARTS[space_card[s]]]
        if not acting:
            self.tasks.append(("overrun", b))
            return
        tasks: list[Task] = [
            ("yin_ghost", s, cid, part)
            for part in ("haunter", "tormentor", "other")
            for s, cid in acting
            if part in _YIN_PARTS[cid]
        ]
        tasks.append(("overrun", b))
        self._push(*tasks)

    def _task_yin_ghost(self, task: Task) -> None:
        _, s, cid, part = task
        if self.space_card[s] != cid:
            return
        card = _GHOSTS[cid]
        steps: list[Task] = []
        for ab in card.yin:
            if ab.kind == "haunter" and part == "haunter":
                steps.append(("advance", s, cid))
            elif ab.kind == "tormentor" and part == "tormentor":
                steps.append(("hit", board_of(s), "curse", ("space", s)))
            elif ab.kind == "lose_tao_token" and part == "other":
                steps.extend(("discard_one", t) for t in self.living())
        self._push(*steps)

    def _task_advance(self, task: Task) -> None:
        _, s, cid = task
        if self.space_card[s] != cid:
            return
        if self.haunt_step[s] < 0:
            if self.figurines_free() <= 0:
                self.log.append(f"{_GHOSTS[cid].name} has no haunting figurine: none is free.")
                return
            self.haunt_step[s] = 0
            self.log.append(f"{_GHOSTS[cid].name} takes a free haunting figurine.")
        if self.haunt_step[s] == 0:
            self.haunt_step[s] = 1
        else:
            self.haunt_step[s] = 0
            self._haunt_in_front(s)

    def _task_overrun(self, task: Task) -> None:
        b = task[1]
        if all(self.space_card[3 * b : 3 * b + 3]):  # the board's 3 spaces
            self.log.append(f"The {SIDES[b]} board is overrun.")
            self.tasks.append(("hit", b, "qi", None))
        elif self._draws(b):
            self.tasks.append(("draw",))

    def _task_draw(self, task: Task) -> None:
        self._draw()

    def _task_haunt_front(self, task: Task) -> None:
        if self.space_card[task[1]]:
            self._haunt_in_front(task[1])

    def _task_hit(self, task: Task) -> None:
        self._hit(task[1], task[2], task[3])

    def _task_curse(self, task: Task) -> None:
        self._curse(task[1], task[2], task[3])

    def _task_curse_effect(self, task: Task) -> None:
        self._curse_effect(task[1], task[2])

    def _task_discard_one(self, task: Task) -> None:
        t = task[1]
        if self.alive[t] and sum(self.tokens[t]) > 0:
            self.pending = {"name": "discard_token", "seat": t, "taoist": t}

    def _task_arrival_effects(self, task: Task) -> None:
        self._arrival_effects(task[1], task[2])

    def _task_exorcism_roll(self, task: Task) -> None:
        _, t, spaces = task
        n = self.dice_count(t)
        self.dice = [self.chance.roll("tao_dice", _DATA.tao_faces) for _ in range(n)]
        self.log.append(f"{self._who(t)} rolls {n} Tao dice: {', '.join(self.dice) or 'none'}.")
        self.tasks.append(("exorcism_resolve", t, spaces))
        if self.has_power(t, "gods_favorite") and self.dice:
            self.pending = {"name": "reroll_tao_dice", "seat": t, "taoist": t}

    def _task_exorcism_resolve(self, task: Task) -> None:
        _, t, spaces = task
        self.pending = {"name": "resolve_exorcism", "seat": t, "taoist": t, "spaces": list(spaces)}

    def _task_herbalist_roll(self, task: Task) -> None:
        t = task[1]
        self.dice = [self.chance.roll("tao_dice", _DATA.tao_faces) for _ in range(2)]
        self.log.append(f"The Herbalist's dice show {', '.join(self.dice)}.")
        self.tasks.append(("herbalist_gain", t))
        if self.has_power(t, "gods_favorite"):
            self.pending = {"name": "reroll_tao_dice", "seat": t, "taoist": t}

    def _task_herbalist_gain(self, task: Task) -> None:
        t = task[1]
        steps = []
        for face in self.dice:
            if face == "white":
                steps.append(("ask_colour", t, "herbalist_white"))
            else:
                steps.append(("gain_token", t, face))
        self._push(*steps)

    def _task_gain_token(self, task: Task) -> None:
        self._gain_token(task[1], task[2])

    def _task_ask_colour(self, task: Task) -> None:
        _, t, name = task
        if self.alive[t] and self._stocked_colours():
            self.pending = {"name": name, "seat": t, "taoist": t}

    def _task_qi_or_yin_yang(self, task: Task) -> None:
        t = task[1]
        if self.alive[t]:
            self.pending = {"name": "qi_or_yin_yang", "seat": t, "taoist": t}

    def _task_incarnation_reward(self, task: Task) -> None:
        if self.living():
            self.pending = {"name": "incarnation_qi", "seat": self.decider()}
            self.tasks.append(("incarnation_yin_yang",))

    def _task_incarnation_yin_yang(self, task: Task) -> None:
        if any(not self.yin_yang[t] for t in self.living()):
            self.pending = {"name": "incarnation_yin_yang", "seat": self.decider()}

    def _task_check_win(self, task: Task) -> None:
        if len(self.exorcised_incarnations) >= self.incarnations_total:
            self._finish("win", "every incarnation of Wu-Feng is exorcised")

    def _task_pavilion_taoist(self, task: Task) -> None:
        t = task[1]
        if any(o != t for o in self.living()) or self._pavilion_moves_self():
            self.pending = {"name": "pavilion_taoist", "seat": self.decider(), "taoist": t}

    def _task_after_act(self, task: Task) -> None:
        if self.phase == "yang_action" and not self._allowed_acts():
            self.phase = "yang_buddha"

    def _draws(self, b: int) -> bool:
        if b < self.game.players:
            return self.alive[b]
        return self.game.options["neutral-boards"] == "chinese" and not self.is_possessed(b)

    # ===== ghosts coming and going ===============================================================

    def _draw(self) -> None:
        """A ghost comes into play: draw the top card and place it (rulebook: Ghost placement)."""
        if all(self.space_card):
            self.log.append("All 12 ghost spaces are full: no ghost comes, the active board loses 1 Qi instead.")
            self.tasks.append(("hit", self.board, "qi", None))
            return
        if not self.deck:
            return
        cid = self.deck.pop()
        card = _GHOSTS[cid]
        self.log.append(f"{card.name} ({card.colour}, resistance {_RESISTANCE[cid]}) comes into play.")
        if not self.deck and len(self.exorcised_incarnations) < self.incarnations_total:
            self._finish("loss", "the last card of the deck came into play before Wu-Feng was defeated")
            return
        target = self.board if card.colour == "black" else self.board_colour.index(card.colour)
        space_card = self.space_card
        free = [s for s in _BOARD_SPACES[target] if not space_card[s]]
        if not free:
            free = [s for s in _SPACES if not space_card[s]]
        if len(free) == 1:
            self._place(cid, free[0])
        else:
            self.pending = {"name": "place_ghost", "seat": self.decider(), "card": cid, "spaces": free}

    def _place(self, cid: int, s: int) -> None:
        card = _GHOSTS[cid]
        if self.buddha_on[s]:
            self.buddha_on[s] = False
            self.temple_buddhas += 1
            if not card.incarnation:
                self.discard.append(cid)
                self.log.append(f"A Buddha traps {card.name} at once; the Buddha goes back to the temple.")
                return
            self.log.append(f"{card.name} sends the Buddha back to the temple.")
        self.space_card[s] = cid
        self.haunt_step[s] = -1
        if ("haunter", "yin") in _HAS[cid]:
            if self.figurines_free() > 0:
                self.haunt_step[s] = 1 if ("quick_haunter", "arrival") in _HAS[cid] else 0
            else:
                self.log.append(f"No haunting figurine is free for {card.name}.")
        self.log.append(f"{card.name} takes {SIDES[board_of(s)]} space {s % 3 + 1}.")
        self.tasks.append(("arrival_effects", s, cid))

    def _arrival_effects(self, s: int, cid: int) -> None:
        if self.space_card[s] != cid:
            return
        steps: list[Task] = []
        for ab in _GHOSTS[cid].arrival:
            if ab.kind == "summon":
                steps.append(("draw",))
            elif ab.kind == "haunt_now":
                steps.append(("haunt_front", s))
            elif ab.kind == "lose_qi":
                steps.append(("hit", board_of(s), "qi", None))
            elif ab.kind == "lose_tao_token":
                steps.extend(("discard_one", t) for t in self.living())
            elif ab.kind == "curse":
                steps.append(("hit", board_of(s), "curse", ("space", s)))
            elif ab.kind == "circle_clear" and self.circle is not None:
                self.log.append(f"The {self.circle} token leaves the Circle of Prayer.")
                self.circle = None
        self._push(*steps)

    def _move_ghost(self, g: int, d: int) -> None:
        cid = self.space_card[g]
        card = _GHOSTS[cid]
        step = self.haunt_step[g]
        mantra = self.mantra_space == g
        uncatch_buddha = self.buddha_on[g]
        self.space_card[g] = 0
        self.haunt_step[g] = -1
        if uncatch_buddha:
            self.buddha_on[g] = False
            self.temple_buddhas += 1
        self.log.append(f"The Heavenly Winds move {card.name} to {SIDES[board_of(d)]} space {d % 3 + 1}.")
        if self.buddha_on[d] and not card.has("buddha_required"):
            self.buddha_on[d] = False
            self.temple_buddhas += 1
            if not card.incarnation:
                self.discard.append(cid)
                if mantra:
                    self._mantra_back()
                self.log.append(f"A Buddha traps {card.name}; the Buddha goes back to the temple.")
                return
        self.space_card[d] = cid
        self.haunt_step[d] = step
        if mantra:
            self.mantra_space = d

    def _mantra_back(self) -> None:
        self.mantra_space = -1
        self.mantra_ready_turn = self.turn + 1

    def _remove_ghost(self, s: int) -> None:
        cid = self.space_card[s]
        self.space_card[s] = 0
        self.haunt_step[s] = -1
        self.discard.append(cid)
        if self.buddha_on[s]:
            self.buddha_on[s] = False
            self.temple_buddhas += 1
        if self.mantra_space == s:
            self._mantra_back()

    # ===== haunting ==============================================================================

    def _haunt_in_front(self, s: int) -> None:
        for p in LINES[s]:
            if not self.haunted[p]:
                self._haunt_tile(p)
                return
        if self.game.options["haunted-tiles-lose"] == "line-overflow":
            self._finish("loss", "a ghost haunted past the last tile of its line")
        else:
            self.log.append("Every tile in front of the ghost is already haunted.")

    def _haunt_tile(self, p: int) -> None:
        if self.haunted[p]:
            return
        self.haunted[p] = True
        self.log.append(f"The {self._tile_name(p)} is haunted.")
        if sum(self.haunted) >= self.haunted_limit():
            self._finish("loss", f"{sum(self.haunted)} village tiles are haunted")

    # ===== Qi, tokens, curses ====================================================================

    def _hit(self, b: int, what: str, target: Any) -> None:
        """A Qi loss (``what == "qi"``) or a curse die (``"curse"``) aimed at board ``b``: its
        living Taoist takes it; a neutral board takes its own Qi loss; otherwise a volunteer
        chosen by the team (Chinese seed: neutral boards, possession)."""
        if b < self.game.players and self.alive[b]:
            if what == "qi":
                self._lose_qi(b)
            else:
                self.tasks.append(("curse", b, target, True))
            return
        if self.is_neutral(b) and not self.is_possessed(b) and what == "qi":
            self.qi[b] -= 1
            self.log.append(f"The neutral {SIDES[b]} board loses 1 Qi ({self.qi[b]} left).")
            if self.qi[b] <= 0:
                self.log.append(f"The neutral {SIDES[b]} board is possessed.")
                self._on_possessed(b)
            return
        if not self.living():
            return
        self.pending = {"name": "choose_victim", "seat": self.decider(), "board": b, "what": what, "target": target}

    def _on_possessed(self, b: int) -> None:
        if self.power[b] == "enfeeblement_mantra" and not self.mantra_removed:
            self.mantra_removed = True
            self.mantra_space = -1

    def _curse(self, t: int, target: Any, ignorable: bool) -> None:
        if not self.alive[t]:
            return
        if ignorable and self.has_power(t, "strength_of_a_mountain"):
            self.log.append(f"{self._who(t)} does not roll the curse die (Strength of a Mountain).")
            return
        self.curse_face = self.chance.roll("curse_die", _DATA.curse_faces)
        self.log.append(f"{self._who(t)} rolls the curse die: {self.curse_face}.")
        self.tasks.append(("curse_effect", t, target))
        if self.has_power(t, "gods_favorite"):
            self.pending = {"name": "reroll_curse_die", "seat": t, "taoist": t}

    def _curse_effect(self, t: int, target: Any) -> None:
        face = self.curse_face
        if face == "haunt":
            if target[0] == "tile":
                self._haunt_tile(target[1])
            else:
                self._haunt_in_front(target[1])
        elif face == "ghost":
            self.tasks.append(("draw",))
        elif face == "lose_tokens":
            if self.alive[t] and any(self.tokens[t]):
                self.tokens[t] = [0] * 5
                self.log.append(f"{self._who(t)} loses every Tao token.")
        elif face == "lose_qi":
            self._lose_qi(t)

    def _lose_qi(self, t: int) -> None:
        if not self.alive[t]:
            return
        self.qi[t] -= 1
        self.log.append(f"{self._who(t)} loses 1 Qi ({self.qi[t]} left).")
        if self.qi[t] <= 0:
            self._die(t)

    def _die(self, t: int) -> None:
        """Death of a Taoist (rulebook: Death of a Taoist): everything held is lost, the figure
        lies on the Cemetery, the board is possessed."""
        self.qi[t] = 0
        self.alive[t] = False
        self.tokens[t] = [0] * 5
        self.yin_yang[t] = False
        self.temple_buddhas += self.buddhas[t] + self.fresh_buddhas[t]
        self.buddhas[t] = self.fresh_buddhas[t] = 0
        self.power_tokens[t] = 0
        self.pos[t] = self.tile_pos("cemetery")
        self.log.append(f"{self._who(t)} dies; the {SIDES[t]} board is possessed.")
        self._on_possessed(t)
        if not self.living():
            self._finish("loss", "every Taoist is dead")

    def _gain_qi(self, t: int) -> None:
        if self.alive[t] and self.supply_qi() > 0:
            self.qi[t] += 1
            self.log.append(f"{self._who(t)} gains 1 Qi ({self.qi[t]}).")

    def _gain_token(self, t: int, colour: str) -> None:
        if self.alive[t] and self.supply_tokens(colour) > 0:
            self.tokens[t][CI[colour]] += 1
            self.log.append(f"{self._who(t)} takes a {colour} Tao token.")

    # ===== exorcism ==============================================================================

    def _banish(self, t: int, a: Action) -> None:
        if a.kind == "give_up":
            self.log.append("The exorcism fails.")
            return
        spaces = [int(s) for s in a["ghosts"]]  # type: ignore[union-attr, arg-type]
        for item in a["tokens"]:  # type: ignore[union-attr]
            who, colour = str(item).split(":")
            self.tokens[int(who)][CI[colour]] -= 1
        if a["tokens"]:
            self.log.append(f"Tao tokens spent: {', '.join(str(x).split(':')[1] for x in a['tokens'])}.")  # type: ignore[union-attr]
        curses: list[Task] = []
        rewards: list[Task] = []
        win_check = False
        for s in spaces:
            cid = self.space_card[s]
            card = _GHOSTS[cid]
            self.log.append(f"{self._who(t)} exorcises {card.name}.")
            self._remove_ghost(s)
            if card.incarnation:
                self.exorcised_incarnations.append(cid)
                win_check = True
            for ab in card.exorcised:
                if ab.kind == "curse":
                    curses.append(("curse", t, ("space", s), True))
                elif ab.kind == "reward_tao":
                    rewards.extend(("ask_colour", t, "choose_token_colour") for _ in range(ab.amount))
                elif ab.kind == "reward_qi_or_yin_yang":
                    rewards.append(("qi_or_yin_yang", t))
                elif ab.kind == "incarnation_reward":
                    rewards.append(("incarnation_reward",))
        self._push(*curses, *rewards, *([("check_win",)] if win_check else []))

    # ===== end ===================================================================================

    def _finish(self, result: str, reason: str) -> None:
        self.result = result
        self.loss_reason = reason
        self.tasks = []
        self.pending = None
        self.phase = "over"
        self.log.append(("Victory: " if result == "win" else "Defeat: ") + reason + ".")

    # ===== names for the log =====================================================================

    def _who(self, t: int) -> str:
        return _TAOIST_NAMES[self.board_colour[t]]

    def _tile_name(self, p: int) -> str:
        return _TILE_NAMES[self.tiles[p]]

    def _ghost_name(self, s: int) -> str:
        return _GHOSTS[self.space_card[s]].name

    def _power_name(self, b: int) -> str:
        return _DATA.power(self.power[b]).name


def _key_always(st: GhostStoriesState) -> bool:
    return True


def _key_occupied(st: GhostStoriesState) -> tuple[int, ...]:
    return _IN_PLAY[tuple(st.space_card)].occupied


def _key_banishable(st: GhostStoriesState) -> tuple[int, ...]:
    return _IN_PLAY[tuple(st.space_card)].banishable


def _key_token_and_qi(st: GhostStoriesState) -> tuple[str, ...]:
    return st._stocked_colours() or ("none",)


def _key_circle(st: GhostStoriesState) -> tuple[str, ...]:
    circle = st.circle
    return tuple([c for c in st._stocked_colours() if c != circle])


def _key_restore(st: GhostStoriesState) -> tuple[int, ...]:
    return tuple(itertools.compress(_TILES, st.haunted))


def _key_revive(st: GhostStoriesState) -> tuple[int, ...]:
    return tuple(itertools.compress(range(st.game.players), map(operator.not_, st.alive)))


def _key_buddha(st: GhostStoriesState) -> bool:
    return st.temple_buddhas > 0


def _key_watchman(st: GhostStoriesState) -> tuple[bool, tuple[int, ...]]:
    step = st.haunt_step
    all_boards = st.game.options["watchman"] == "all-boards"
    if max(step) <= 0:
        return all_boards, ()
    return all_boards, tuple([b for b in range(4) if step[3 * b] > 0 or step[3 * b + 1] > 0 or step[3 * b + 2] > 0])


_HELP_KEY_OF: dict[str, Callable[[GhostStoriesState], Any]] = {
    "roll_for_tokens": _key_always,
    "move_ghost_and_taoist": _key_occupied,
    "banish_for_qi": _key_banishable,
    "token_qi_and_draw": _key_token_and_qi,
    "circle_token": _key_circle,
    "restore_and_draw": _key_restore,
    "revive": _key_revive,
    "take_buddha": _key_buddha,
    "haunters_back": _key_watchman,
}
"""What the choices of each kind of help depend on (``GhostStoriesState._help_key``): the legal
values of its one parameter in the order they are listed (the Watchman's with whether it works
on every board at once), whether its one choice is there (the Herbalist's always is), or the
spaces holding a ghost (the Pavilion's)."""


_TASK_HANDLERS: dict[str, Callable[[GhostStoriesState, Task], None]] = {
    "yin_ghost": GhostStoriesState._task_yin_ghost,
    "advance": GhostStoriesState._task_advance,
    "overrun": GhostStoriesState._task_overrun,
    "draw": GhostStoriesState._task_draw,
    "haunt_front": GhostStoriesState._task_haunt_front,
    "hit": GhostStoriesState._task_hit,
    "curse": GhostStoriesState._task_curse,
    "curse_effect": GhostStoriesState._task_curse_effect,
    "discard_one": GhostStoriesState._task_discard_one,
    "arrival_effects": GhostStoriesState._task_arrival_effects,
    "exorcism_roll": GhostStoriesState._task_exorcism_roll,
    "exorcism_resolve": GhostStoriesState._task_exorcism_resolve,
    "herbalist_roll": GhostStoriesState._task_herbalist_roll,
    "herbalist_gain": GhostStoriesState._task_herbalist_gain,
    "gain_token": GhostStoriesState._task_gain_token,
    "ask_colour": GhostStoriesState._task_ask_colour,
    "qi_or_yin_yang": GhostStoriesState._task_qi_or_yin_yang,
    "incarnation_reward": GhostStoriesState._task_incarnation_reward,
    "incarnation_yin_yang": GhostStoriesState._task_incarnation_yin_yang,
    "check_win": GhostStoriesState._task_check_win,
    "pavilion_taoist": GhostStoriesState._task_pavilion_taoist,
    "after_act": GhostStoriesState._task_after_act,
}
"""The task machine's handler of each task kind."""

"""The rules of The Mystery of the Old House: the game, its state and every decision point.

Seat 0 is the Phantom; the other seats are hunters (with 2 players, seat 1 runs two hunters).
Each of up to 7 rounds is a Twilight (the Phantom takes action cards, the hunters the rest) and a
Midnight (Phantom turns and hunters' phases alternate until the Phantom has no usable Phantom
Move card; then the hunters take a last phase and the round is cleaned up). Sources: the rulebook
(``mystery_of_the_old_house_rules_en.txt``: Game Setup, Phase I Twilight, Phase II Midnight,
Ending the Game) and the reference (part 2); every decision of ours is listed on the spec page
``docs/games/old_house.md``.

Decision points (``decision_name``): ``choose_hero`` (a hunter seat's hero card, at setup),
``twilight_choice``, ``take_card``, ``share_cards`` (which hunter takes which card left after
Twilight), ``phantom_turn``, ``hunter_order`` (which hunter acts next), ``hunter_turn``.
"""

from __future__ import annotations

import copy
import hashlib
import random
from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from ghosttable.core.actions import Action
from ghosttable.core.errors import IllegalActionError
from ghosttable.core.state import SIMULTANEOUS, TERMINAL, Game, State
from ghosttable.games.old_house.belief import Tracker, route_from_path
from ghosttable.games.old_house.chronicle import Chronicle
from ghosttable.games.old_house.data import ActionCard, action_cards, hunter_cards
from ghosttable.games.old_house.house import BUILT_IN_HOUSES, DIRECTIONS, HUNTER_NAMES, House, load_house

ROUNDS = 7
BANISHMENT = 7
DIE = (1, 2, 3, 4, 5, 6)
MAX_PENTAGRAMS = 4
OPEN_PICK = 4
MAX_SUMMONS = 3
ENTITY_TITLES = {"shadows": "Shadows", "poltergeist": "Poltergeist", "slime": "Slime"}
# The entities whose name is a plural ("the Shadows move"), for the verbs of the log's lines.
PLURAL_ENTITIES = frozenset({"shadows"})


def _verb(kind: str, singular: str, plural: str) -> str:
    """The verb ``singular`` or ``plural`` that agrees with the entity of ``kind``."""
    return plural if kind in PLURAL_ENTITIES else singular


def _steps(n: int) -> str:
    """``n`` steps in words: "1 step", "3 steps"."""
    return f"{n} step" if n == 1 else f"{n} steps"


@dataclass
class Hunter:
    """A hunter token: its card name, the seat that plays it, its cell and its hand of action cards."""

    name: str
    seat: int
    cell: int
    cards: list[int] = field(default_factory=list)
    horrified: bool = False
    ability_used: bool = False
    stunned: bool = False

    def copy(self) -> Hunter:
        """An independent copy (its own hand)."""
        return Hunter(
            self.name, self.seat, self.cell, list(self.cards), self.horrified, self.ability_used, self.stunned
        )


@dataclass
class Entity:
    """A summoned entity on the board; ``relic_turns`` counts Phantom turns ended on ``relic``."""

    id: int
    kind: str
    cell: int
    relic: int = -1
    relic_turns: int = 0

    def copy(self) -> Entity:
        """An independent copy."""
        return Entity(self.id, self.kind, self.cell, self.relic, self.relic_turns)


@dataclass
class Trap:
    """A trap: secret from the Phantom until it triggers.

    ``phantom_clear`` and ``entity_clear`` are the cells the Phantom and the entities entered after
    it was set without triggering it: what the Phantom knows about where it is not.
    """

    id: int
    cell: int
    hunter: str
    round: int
    placed: int
    active: bool = True
    triggered: bool = False
    phantom_clear: set[int] = field(default_factory=set)
    entity_clear: set[int] = field(default_factory=set)

    def copy(self) -> Trap:
        """An independent copy (its own sets of clear cells)."""
        return Trap(
            self.id,
            self.cell,
            self.hunter,
            self.round,
            self.placed,
            self.active,
            self.triggered,
            set(self.phantom_clear),
            set(self.entity_clear),
        )


class _Built(dict[Any, Any]):
    """A dict that builds a missing value with ``build(key)`` and keeps it."""

    def __init__(self, build: Callable[[Any], Any]) -> None:
        super().__init__()
        self.build = build

    def __missing__(self, key: Any) -> Any:
        value = self[key] = self.build(key)
        return value


class ActionTable:
    """Every action of one game, built once and shared by its states: a legal-action list is made
    of these objects, never of new ones (the same few hundred actions recur all game long)."""

    def __init__(self, house: House, cards: Sequence[ActionCard]) -> None:
        make = Action.make
        names = house.cell_names
        self.pick_cards = make("pick_cards")
        self.gamble = make("gamble")
        self.take_card: dict[int, Action] = {c.id: make("take_card", card=c.id) for c in cards}
        self.choose_hero = {name: make("choose_hero", hunter=name) for name in HUNTER_NAMES}
        #: ``give_card card=ID hunter=H`` by ``(card id, hunter name)``
        self.give_card = _Built(lambda key: Action.make("give_card", card=key[0], hunter=key[1]))
        self.accelerate = make("accelerate")
        self.end_turn = make("end_turn")
        self.step = tuple(make("step", dir=d) for d in DIRECTIONS)
        self.discard = tuple(make("discard", dir=d) for d in DIRECTIONS)
        self.attack_pentagram = tuple(make("attack_pentagram", cell=n) for n in names)
        self.summon = {kind: make("summon", entity=kind) for kind in ENTITY_TITLES}
        self.guess = make("guess")
        self.pentagram = make("pentagram")
        self.check_honesty = make("check_honesty")
        self.sense = make("sense")
        self.photograph = tuple(make("photograph", room=r.name) for r in house.rooms)
        self.move = [make("move", to=n) for n in names]
        self.trap = [make("trap", cell=n) for n in names]
        relics = set(house.relics)
        #: ``(cell, trap action)`` of every cell but the relics (any hunter but the Engineer), and of every cell
        self.trap_off_relics = tuple((c, a) for c, a in enumerate(self.trap) if c not in relics)
        self.trap_anywhere = tuple(enumerate(self.trap))
        self.trap_off_relics_actions = tuple(a for _, a in self.trap_off_relics)
        self._house = house
        #: ``start_turn hunter=H`` and ``horror hunter=H`` by hunter name
        self.start_turn = _Built(lambda name: Action.make("start_turn", hunter=name))
        self.horror = _Built(lambda name: Action.make("horror", hunter=name))
        #: ``move_entity entity=E dir=D`` by entity id, then direction index
        self.move_entity = _Built(lambda e: tuple(Action.make("move_entity", entity=e, dir=d) for d in DIRECTIONS))
        self._moves: dict[tuple[int, int], tuple[Action, ...]] = {}

    def moves_from(self, cell: int, allowance: int) -> tuple[Action, ...]:
        """``move to=C`` for each cell 1 to ``allowance`` steps from ``cell``, by cell index."""
        key = (cell, allowance)
        got = self._moves.get(key)
        if got is None:
            got = self._moves[key] = tuple(self.move[c] for c in self._house.reach(cell, allowance))
        return got


class OldHouseRules(Game):
    """What the rules of The Mystery of the Old House need of their game, 2-4 players.

    The house and the action cards read from the options, the seats and sides, and the tables
    every state of the game shares. The game itself (``OldHouse``, in ``game.py``) adds the spec
    and ties these rules to their views, bots and rendering: the states reach the views only
    through the game, by the kernel's ``Game.state_view`` and by :meth:`view_secrets`.

    Raises ``OptionError`` (a ``HouseError``) for a house file that cannot be played.
    """

    logs_hunters_turn: ClassVar[bool] = True
    """Whether the log opens the hunters' turn with a line of its own (rules version 4 on; the
    game as version 3 played it, for its records, logs nothing there)."""

    tells_opening_home: ClassVar[bool] = True
    """Whether the second opening turn tells the trackers what its steps and its Horror say of the
    start cell (rules version 5 on): a step back onto it is legal only with a step left (or
    Acceleration) and a card usable from it, and Horror waits until the Phantom is off it. The game
    as versions 3 and 4 played it, for their records, tells nothing until the turn ends."""

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.house: House = load_house(str(self.options["house"]))
        if self.options["house"] not in BUILT_IN_HOUSES:
            # Kept as an absolute path, so that a record of the game replays from any folder.
            self.options["house"] = str(Path(str(self.options["house"])).resolve())
        self.cards: tuple[ActionCard, ...] = action_cards()
        #: each hero card's text (its ability), by hunter name
        self.hero_texts: dict[str, str] = {h.name: h.text for h in hunter_cards()}
        self.action_cache: dict[tuple[Any, ...], Action] = {}
        self.actions = ActionTable(self.house, self.cards)
        # the sides of each action card by id (index 0 unused)
        self.phantom_side: tuple[str, ...] = ("", *(c.phantom for c in self.cards))
        self.hunter_side: tuple[str, ...] = ("", *(c.hunter for c in self.cards))
        self.is_summon: tuple[bool, ...] = (False, *(c.is_summon for c in self.cards))
        self.hunter_seats: tuple[int, ...] = (1,) if self.players == 2 else tuple(range(1, self.players))
        self._balanced = self.hunter_count >= 3 and self.options["three-hunters"] == "balanced"

    @abstractmethod
    def view_secrets(self, state: OldHouseState, seat: int | None) -> list[Any]:
        """The values that ``state``'s view of ``seat`` must never hold (see ``State.secrets``)."""

    def local_data(self) -> dict[str, Any]:
        """The house map (its JSON form) when the ``house`` option names a file or a built-in house
        other than the default one; ``{}`` on the default house. A record keeps its digest (see
        ``Game.local_data``), so a record on a house whose data changed says so on replay."""
        if self.options["house"] == "default":
            return {}
        return {"house": self.house.to_json()}

    def cell_actions(self, kind: str) -> list[Action]:
        """``trap cell=C`` or ``move to=C`` for every cell, by cell index (built once per game)."""
        return self.actions.trap if kind == "trap" else self.actions.move

    @property
    def hunter_count(self) -> int:
        """Hunters in play: 2 with 2 players (one seat runs both), else one per hunter seat."""
        return 2 if self.players == 2 else self.players - 1

    @property
    def balanced_three(self) -> bool:
        """Whether the ``three-hunters=balanced`` variant is in force (three hunters in play)."""
        return self._balanced

    def new_initial_state(self, seed: int = 0, script: Mapping[str, Sequence[Any]] | None = None) -> OldHouseState:
        """A new game: the hunter seats choose their heroes first (decision point ``choose_hero``),
        or, with ``heroes=random``, the hero cards are dealt at random (chance kind ``hunter_cards``)."""
        return OldHouseState(self, seed, script)

    def seat_names(self) -> list[str]:
        """``phantom``, then ``hunter1`` ... (one per hunter seat)."""
        return ["phantom"] + [f"hunter{i}" for i in range(1, self.players)]

    def sides(self) -> dict[str, tuple[int, ...]]:
        """``{"phantom": (0,), "hunters": (1, ...)}``."""
        return {"phantom": (0,), "hunters": tuple(range(1, self.players))}


class OldHouseState(State):
    """One position of The Mystery of the Old House. See the module docstring and the spec page."""

    game: OldHouseRules

    def action_is_public(self, seat: int, action: Action) -> bool:
        """The Phantom's Move cards (played or discarded) and the hunters' trap cells are secret
        (reference: "Hidden information, both ways"); every other action is made in the open."""
        return action.kind not in ("step", "discard", "trap")

    def public_action_text(self, seat: int, action: Action) -> str | None:
        """What every seat may read of ``action``: the direction of a Phantom Move card and the
        cell of a trap are left out."""
        if action.kind == "step":
            return "plays a move card"
        if action.kind == "discard":
            return "discards a move card"
        if action.kind == "trap":
            return "sets a trap"
        return str(action)

    def action_note(self, seat: int, action: Action) -> str:
        """The two sides of the card a ``take_card`` names ("horror / trap": the Phantom's side,
        then the side the hunters get); the cards lie face up in Twilight (rulebook, Phase I).
        For a ``give_card``, the card's hunter side; for a ``choose_hero``, the hero card's text.
        For a ``horror``, what it costs: a Horror card, or nothing when it is the second fright of
        the Horror card played this turn (rule option ``three-hunters=balanced``,
        docs/games/old_house.md, Balance)."""
        if action.kind == "take_card":
            card = self._card(int(action["card"]))  # type: ignore[arg-type]
            return f"{card.phantom.replace('_', ' ')} / {card.hunter}"
        if action.kind == "give_card":
            return self._card(int(action["card"])).hunter  # type: ignore[arg-type]
        if action.kind == "choose_hero":
            return self.game.hero_texts[str(action["hunter"])]
        if action.kind == "horror":
            if self.horror_left > 0:
                return "free, no card: the Horror played this turn frightens a second hunter"
            return "plays a Horror card"
        return ""

    def __init__(self, game: OldHouseRules, seed: int, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        super().__init__(game, seed, script)
        # append-only, as the knowledge and the log: a copy of the state shares its entries
        self.history = Chronicle(self.history)  # type: ignore[assignment]  # read as the list it stands for
        house = game.house
        self.house = house
        self.hunters: list[Hunter] = []
        k = house.move_cards_per_direction
        self.round = 1
        self.phase = "heroes"  # heroes | twilight | sharing | phantom | hunters | over
        self.winner: str | None = None
        # Twilight
        self.twilight_mode: str | None = None
        self.quota = 0
        self.available: list[int] = [c.id for c in game.cards]
        self.twilight_roll: int | None = None
        # the Phantom
        self.phantom_cell = house.phantom_start
        self.hand = [k, k, k, k]
        self.route: list[int] = [house.phantom_start]
        self.laid: list[int] = []
        self.laid_events: list[int] = []
        self.last_laid: list[int] = []
        self.last_laid_events: list[int] = []
        self.phantom_cards: list[int] = []
        self.damage = 0
        self.revealed = True
        self.opening_left = 2
        self.round_ending = False
        self.die: int | None = None
        self.budget = 0
        self.spent = 0
        self.cards_this_turn = 0
        self.acted = False
        self.stopped = False
        self.summoned = False
        self.opening_turn = False
        self.horror_left = 0  # hunters a Horror card played this turn may still frighten (variant)
        self.named = False  # named correctly since the Phantom's last turn (variant)
        # the board
        self.relics: dict[int, bool] = {c: False for c in house.relics}
        self.entities: list[Entity] = []
        self.next_entity = 1
        self.traps: list[Trap] = []
        self.next_trap = 1
        self.pentagrams: list[int] = []
        self.trails: set[int] = set()
        # hunters' phase
        self.done: set[int] = set()
        self.active: int | None = None
        self.hunter_die: int | None = None
        self.move_budget = 0
        self.moved = False
        self.guessed = False
        self.checked = False
        # knowledge and log
        self.knowledge: Chronicle[tuple[Any, ...]] = Chronicle()
        self.public_tracker = Tracker(house, frozenset([house.phantom_start]))
        self._hunters_tracker: Tracker | None = Tracker(house, frozenset([house.phantom_start]))
        self.log: Chronicle[tuple[str, str]] = Chronicle()
        self.log_counts: dict[str, int] = {"all": 0, "phantom": 0, "hunters": 0}
        if game.options["heroes"] == "random":
            for name in self.chance.sample("hunter_cards", list(HUNTER_NAMES), game.hunter_count):
                self._add_hero(name)
            self._begin_game()
        else:
            self._say("all", "The hunters choose their heroes.")

    # ----- setup ------------------------------------------------------------------------------

    def _add_hero(self, name: str) -> None:
        """The next hunter in play is ``name``, on its portrait (with 2 players seat 1 runs both)."""
        self.hunters.append(Hunter(name, self.hero_seat(), self.house.portraits[name]))

    def hero_seat(self) -> int:
        """The hunter seat that chooses the next hero (setup only)."""
        return 1 if self.game.players == 2 else len(self.hunters) + 1

    def heroes_left(self) -> list[str]:
        """The hero cards not yet chosen, in card order."""
        taken = {h.name for h in self.hunters}
        return [name for name in HUNTER_NAMES if name not in taken]

    def _begin_game(self) -> None:
        self.phase = "twilight"
        self._say("all", f"Round 1 begins. Hunters: {', '.join(h.name for h in self.hunters)}.")

    def _choose_hero(self, action: Action) -> None:
        name = str(action["hunter"])
        seat = self.hero_seat()
        self._add_hero(name)
        self._say("all", f"{self.game.seat_names()[seat]} chooses the {name}.")
        if len(self.hunters) == self.game.hunter_count:
            self._begin_game()

    # ----- small helpers ------------------------------------------------------------------------

    def _say(self, audience: str, text: str) -> None:
        """Add a log line for ``audience``: ``all``, ``phantom`` or ``hunters``."""
        self.log.append((audience, text))
        self.log_counts[audience] += 1

    def _act(self, kind: str, **params: Any) -> Action:
        """An Action, built once per game and reused (legal-action lists are long)."""
        cache: dict[tuple[Any, ...], Action] = self.game.action_cache
        key = (kind, *sorted(params.items()))
        got = cache.get(key)
        if got is None:
            got = Action.make(kind, **params)
            cache[key] = got
        return got

    def _name(self, cell: int) -> str:
        return self.house.cell_names[cell]

    def _card(self, card_id: int) -> ActionCard:
        return self.game.cards[card_id - 1]

    @property
    def hunters_tracker(self) -> Tracker:
        """The hunters' tracker (public events plus their traps), rebuilt when it was dropped."""
        if self._hunters_tracker is None:
            self._hunters_tracker = self._rebuild_tracker(hunters=True)
        return self._hunters_tracker

    def _rebuild_tracker(self, hunters: bool) -> Tracker:
        tracker = Tracker(self.house, frozenset([self.house.phantom_start]))
        cells = {t.id: t.cell for t in self.traps}
        for item in self.knowledge:
            kind = item[0]
            if kind == "new_round":
                tracker.new_round()
            elif kind == "add" and (hunters or item[1] == "all"):
                tracker.add(item[2])
            elif kind == "trap" and hunters:
                tracker.set_trap(item[1], cells[item[1]])
            elif kind == "dirs" and hunters:
                tracker.reveal_directions(item[1])
        return tracker

    def _know(self, event: tuple[Any, ...], audience: str = "all") -> None:
        """Record an event for the hunters' tracker and, when public, the public one."""
        self.knowledge.append(("add", audience, event))
        if audience == "all":
            self.public_tracker.add(event)
        tracker = self._hunters_tracker
        if tracker is not None:
            tracker.add(event)

    def hunter(self, name: str) -> Hunter:
        """The hunter called ``name``. Raises ``KeyError``."""
        for h in self.hunters:
            if h.name == name:
                return h
        raise KeyError(name)

    def _index_of(self, h: Hunter) -> int:
        for i, other in enumerate(self.hunters):
            if other is h:
                return i
        return self.hunters.index(h)

    def active_traps(self) -> list[Trap]:
        """Traps on the board (not yet triggered, this round)."""
        return [t for t in self.traps if t.active]

    def possible_cells(self, seat: int | None) -> frozenset[int]:
        """The belief of ``seat``'s side: for hunters with their traps, else from public events only."""
        if seat is not None and seat >= 1:
            return self.hunters_tracker.cells()
        return self.public_tracker.cells()

    # ----- the contract -------------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        phase = self.phase
        if phase == "phantom" or phase == "twilight":
            return 0
        if phase == "over":
            return TERMINAL
        if phase == "heroes":
            return self.hero_seat()
        seats = self.acting_seats()
        return seats[0] if len(seats) == 1 else SIMULTANEOUS

    def acting_seats(self) -> tuple[int, ...]:
        phase = self.phase
        if phase == "phantom" or phase == "twilight":
            return _PHANTOM_SEAT
        if phase == "over":
            return ()
        if phase == "heroes":
            return (self.hero_seat(),)
        if phase == "sharing":
            return self.game.hunter_seats
        if self.active is not None:
            return (self.hunters[self.active].seat,)
        done = self.done
        if not done:
            return self.game.hunter_seats
        return tuple(sorted({h.seat for i, h in enumerate(self.hunters) if i not in done}))

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0] * self.players
        sign = 1.0 if self.winner == "phantom" else -1.0
        return [sign] + [-sign] * (self.players - 1)

    def score(self) -> float | None:
        """Relics destroyed (at the end of the game)."""
        return float(sum(self.relics.values())) if self.is_terminal() else None

    def decision_name(self, seat: int) -> str:
        if self.phase == "heroes":
            return "choose_hero"
        if self.phase == "sharing":
            return "share_cards"
        if self.phase == "twilight":
            return "twilight_choice" if self.twilight_mode is None else "take_card"
        if self.phase == "phantom":
            return "phantom_turn"
        return "hunter_order" if self.active is None else "hunter_turn"

    def decision_prompt(self, seat: int) -> str:
        name = self.decision_name(seat)
        if name == "choose_hero":
            return f"Choose a hero card for hunter {len(self.hunters) + 1} of {self.game.hunter_count}."
        if name == "share_cards":
            return f"Give each action card left after Twilight to a hunter ({len(self.available)} left)."
        if name == "twilight_choice":
            return "Take 4 action cards openly, or roll the die and take 1 + the roll."
        if name == "take_card":
            return f"Take an action card ({self.quota - len(self.phantom_cards)} more to take; at most 3 Summon cards)."
        if name == "phantom_turn":
            opening = ""
            if self.opening_turn and self.opening_left >= 2:
                opening = " (an opening turn: at least one step, no summons, no relic destroyed)"
            elif self.opening_turn:
                opening = " (the second opening turn: at least one step, end it off your start cell; no summons)"
            return f"Die {self.die}: {_steps(self.budget - self.spent)} left for you and your entities{opening}."
        if name == "hunter_order":
            return "Choose the hunter who takes the next turn."
        h = self.hunters[self.active] if self.active is not None else None
        if h is None:
            return ""
        if self.moved or h.horrified:
            return f"The {h.name} on {self._name(h.cell)}: play cards, guess, or end the turn."
        reach = "1 cell" if self.move_budget == 1 else f"1 to {self.move_budget} cells"
        return f"The {h.name} rolled {self.hunter_die}: move {reach} (or play cards first)."

    # ----- legal actions ------------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == "phantom":
            return self._phantom_actions()
        if phase == "twilight":
            return self._twilight_actions()
        if phase == "heroes":
            choose = self.game.actions.choose_hero
            return [choose[name] for name in self.heroes_left()]
        if phase == "sharing":
            give = self.game.actions.give_card
            return [give[(c, h.name)] for c in self.available for h in self.hunters]
        if self.active is None:
            start = self.game.actions.start_turn
            done = self.done
            acts: list[Action] = []
            for i, h in enumerate(self.hunters):
                if h.seat == seat and i not in done:
                    acts.append(start[h.name])
            return acts
        return self._hunter_actions(self.hunters[self.active])

    def _twilight_actions(self) -> list[Action]:
        table = self.game.actions
        if self.twilight_mode is None:
            return [table.pick_cards, table.gamble]
        take = table.take_card
        is_summon = self.game.is_summon
        if sum(1 for c in self.phantom_cards if is_summon[c]) >= MAX_SUMMONS:
            return [take[c] for c in self.available if not is_summon[c]]
        return [take[c] for c in self.available]

    def _phantom_has(self, side: str) -> int | None:
        sides = self.game.phantom_side
        for c in self.phantom_cards:
            if sides[c] == side:
                return c
        return None

    def _phantom_actions(self) -> list[Action]:
        game = self.game
        table = game.actions
        house = self.house
        cell = self.phantom_cell
        acts: list[Action] = []
        if self.pentagrams and self.revealed and self.cards_this_turn == 0:
            near = set(house.neighbour_cells[cell])
            near.add(cell)
            attack = table.attack_pentagram
            acts += [attack[p] for p in sorted(near.intersection(self.pentagrams))]
        sides: set[str] | frozenset[str]
        if self.phantom_cards:
            sides = set(map(game.phantom_side.__getitem__, self.phantom_cards))
            if "acceleration" in sides:
                acts.append(table.accelerate)
        else:
            sides = _NO_SIDES
        hand = self.hand
        opening = self.opening_turn
        # an opening turn moves at least one step; the second one ends off the start cell
        # (rulebook, Phase II: "The Phantom must make two moves and manage to hide from their
        # starting cell"); Horror comes after moving, so it waits for the same
        settled = not opening or (self.cards_this_turn > 0 and (self.opening_left >= 2 or cell != house.phantom_start))
        if self.budget > self.spent:
            if not self.acted and not self.stopped:
                row = house.moves[cell]
                step = table.step
                for d in _FOUR:
                    if hand[d] > 0 and row[d] >= 0:
                        back_home = opening and self.opening_left < 2 and row[d] == house.phantom_start
                        if back_home and not self._can_leave_start(d):
                            continue
                        acts.append(step[d])
            if self.entities:
                directions = house.open_directions
                move_entity = table.move_entity
                for e in self.entities:
                    moves = move_entity[e.id]
                    acts += [moves[d] for d in directions[e.cell]]
        if sides and not self.opening_turn and not self.summoned:
            kinds = house.summonable_kinds[cell]
            if kinds and not any(h.cell == cell for h in self.hunters):
                summon = table.summon
                acts += [summon[kind] for kind in kinds if _SUMMON_SIDE[kind] in sides]
        if (self.horror_left > 0 or "horror" in sides) and settled:
            horror = table.horror
            acts += [horror[h.name] for h in self.hunters if not h.horrified]
        if self.cards_this_turn > 0:
            if settled:
                acts.append(table.end_turn)
        elif not opening:
            discard = table.discard
            for d in _FOUR:
                if hand[d] > 0:
                    acts.append(discard[d])
        if not acts:
            # a house where an opening turn cannot keep to the rule (no way on from the cell):
            # the turn ends as any other would
            if self.cards_this_turn > 0:
                acts.append(table.end_turn)
            else:
                acts += [table.discard[d] for d in _FOUR if hand[d] > 0]
        return acts

    def _can_leave_start(self, d: int) -> bool:
        """Whether, after a step of direction ``d`` onto the start cell in the second opening
        turn, the Phantom can still step off it this turn: a step left (or Acceleration in
        hand) and a usable card from the start cell."""
        if self.budget - self.spent < 2 and self._phantom_has("acceleration") is None:
            return False
        hand = self.hand
        row = self.house.moves[self.house.phantom_start]
        return any(row[e] >= 0 and hand[e] - (1 if e == d else 0) > 0 for e in _FOUR)

    def _hunter_has(self, h: Hunter, side: str) -> int | None:
        sides = self.game.hunter_side
        for c in h.cards:
            if sides[c] == side:
                return c
        return None

    def move_targets(self, h: Hunter) -> list[int]:
        """Cells the active hunter may move to now: 1 to its allowance in walking steps, never its own cell."""
        return list(self.house.reach(h.cell, self.move_budget))

    def _hunter_actions(self, h: Hunter) -> list[Action]:
        game = self.game
        table = game.actions
        acts: list[Action] = []
        sides: set[str] | frozenset[str]
        sides = set(map(game.hunter_side.__getitem__, h.cards)) if h.cards else _NO_SIDES
        can_move = not self.moved and not h.horrified
        if can_move:
            if "acceleration" in sides:
                acts.append(table.accelerate)
            acts += table.moves_from(h.cell, self.move_budget)
        if not self.guessed and not self.named:
            acts.append(table.guess)
        if "pentagram" in sides and h.cell not in self.pentagrams and len(self.pentagrams) < MAX_PENTAGRAMS:
            acts.append(table.pentagram)
        if "trap" in sides:
            engineer = h.name == "engineer"
            taken = {t.cell for t in self.traps if t.active}
            if taken:
                cells = table.trap_anywhere if engineer else table.trap_off_relics
                acts += [a for c, a in cells if c not in taken]
            else:
                acts += table.trap if engineer else table.trap_off_relics_actions
        if sides and not self.checked and self.last_laid:
            acts.append(table.check_honesty)
        if not h.ability_used:
            if h.name == "medium":
                acts.append(table.sense)
            elif h.name == "photographer":
                acts += table.photograph
        if not can_move:
            acts.append(table.end_turn)
        return acts

    def last_laid_count(self) -> int:
        """How many Phantom Move cards lie face down from the Phantom's last turn (public)."""
        return len(self.last_laid)

    def explain_illegal(self, seat: int, action: Action, legal: list[Action]) -> IllegalActionError:
        name = self.decision_name(seat)
        if action.kind == "step" and self.phase == "phantom":
            return IllegalActionError(
                "that step is not possible: no card of that direction, no steps left, or the way is closed"
            )
        if action.kind == "move" and name == "hunter_turn":
            return IllegalActionError(f"{action.get('to')} is not a cell this hunter can reach now")
        if action.kind == "end_turn" and name == "hunter_turn":
            return IllegalActionError("a hunter must move before ending its turn")
        if action.kind == "guess" and name == "hunter_turn" and self.named:
            return IllegalActionError(
                "the Phantom was named correctly this phase and cannot be named again before its next turn"
                " (three-hunters=balanced)"
            )
        return super().explain_illegal(seat, action, legal)

    # ----- applying -----------------------------------------------------------------------------

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        phase = self.phase
        if phase == "phantom":
            _PHANTOM_ACTIONS[kind](self, action)
        elif phase == "twilight":
            self._apply_twilight(action)
        elif phase == "heroes":
            self._choose_hero(action)
        elif phase == "sharing":
            self._give_card(action)
        elif kind == "start_turn":
            self._start_hunter_turn(self.hunter(str(action["hunter"])))
        else:
            assert self.active is not None
            _HUNTER_ACTIONS[kind](self, self.hunters[self.active], action)

    # Twilight ------------------------------------------------------------------------------------

    def _apply_twilight(self, action: Action) -> None:
        if action.kind == "pick_cards":
            self.twilight_mode = "open"
            self.quota = OPEN_PICK
            self._say("all", "The Phantom will take 4 action cards openly.")
            return
        if action.kind == "gamble":
            self.twilight_mode = "gamble"
            roll = self.chance.roll("twilight_die", DIE)
            self.twilight_roll = roll
            self.quota = 1 + roll
            self._say("all", f"The Phantom gambles and rolls {roll}: it takes {self.quota} action cards.")
            return
        card = int(action["card"])  # type: ignore[arg-type]
        self.available.remove(card)
        self.phantom_cards.append(card)
        self._say("all", f"The Phantom takes {self._card(card).phantom.replace('_', ' ')} (card {card}).")
        if len(self.phantom_cards) < self.quota:
            return
        if self.game.options["card-sharing"] == "dealt":
            count = len(self.hunters)
            for i, c in enumerate(self.available):
                h = self.hunters[(i + self.round - 1) % count]
                h.cards.append(c)
            for h in self.hunters:
                sides = ", ".join(self._card(c).hunter for c in h.cards) or "nothing"
                self._say("all", f"The {h.name} takes {sides}.")
            self.available = []
            self._begin_midnight()
            return
        self.phase = "sharing"
        self._say("all", f"The hunters share the {len(self.available)} cards left.")

    def _give_card(self, action: Action) -> None:
        """One card left after Twilight goes to the hunter the hunters chose (rulebook, Phase I:
        "The remaining cards are taken by the hunters")."""
        card = int(action["card"])  # type: ignore[arg-type]
        h = self.hunter(str(action["hunter"]))
        self.available.remove(card)
        h.cards.append(card)
        self._say("all", f"The {h.name} takes {self._card(card).hunter} (card {card}).")
        if not self.available:
            self._begin_midnight()

    def _begin_midnight(self) -> None:
        self.phase = "phantom"
        self._say("all", f"Midnight of round {self.round}.")
        self._begin_phantom_turn()

    # Phantom -------------------------------------------------------------------------------------

    def _begin_phantom_turn(self) -> None:
        self.phase = "phantom"
        self.die = self.chance.roll("phantom_die", DIE)
        self.budget = self.die + (1 if self.game.balanced_three else 0)
        self.spent = 0
        self.horror_left = 0
        self.named = False
        self.cards_this_turn = 0
        self.acted = False
        self.stopped = False
        self.summoned = False
        self.laid = []
        self.laid_events = []
        self.opening_turn = self.opening_left > 0
        self._know(("turn",))
        bonus = ", one step more (three-hunters=balanced)" if self.game.balanced_three else ""
        self._say("all", f"The Phantom rolls {self.die}{bonus}.")

    def _unreveal(self) -> None:
        if self.revealed:
            self.revealed = False

    def _phantom_attack_pentagram(self, action: Action) -> None:
        cell = self.house.parse(action["cell"])
        self.pentagrams.remove(cell)
        self._say("all", f"The revealed Phantom destroys the pentagram on {self._name(cell)}.")

    def _phantom_accelerate(self, action: Action) -> None:
        card = self._phantom_has("acceleration")
        assert card is not None
        self.phantom_cards.remove(card)
        self.budget += 2
        self._say("all", "The Phantom plays Acceleration: +2 steps this turn.")

    def _phantom_step(self, action: Action) -> None:
        d = _DIRECTION[str(action["dir"])]
        self._unreveal()
        target = self.house.moves[self.phantom_cell][d]
        self.hand[d] -= 1
        self.phantom_cell = target
        self.route.append(target)
        self.laid.append(d)
        self.laid_events.append(len(self.hunters_tracker.events))
        self.cards_this_turn += 1
        self.spent += 1
        self._know(("step", -1))
        if self.opening_turn and self.opening_left < 2 and self.game.tells_opening_home:
            # a step back onto the start cell in the second opening turn is legal only if the
            # Phantom can step off it again this turn (see _can_leave_start); the steps left and
            # the Acceleration card are public, the cards in hand are not
            start = self.house.phantom_start
            if self.budget - self.spent < 1 and self._phantom_has("acceleration") is None:
                self._know(("at", (start,), False))
            else:
                self._know(("usable_at", (start,)))
        self._say("all", f"The Phantom plays a move card ({self.cards_this_turn} this turn, {sum(self.hand)} in hand).")
        self._say("phantom", f"You move {DIRECTIONS[d]} to {self._name(target)}.")
        active = self.active_traps()
        trap = next((t for t in active if t.cell == target), None)
        if trap is not None:
            trap.active = False
            trap.triggered = True
            self.damage += 1
            self.stopped = True
            self._reveal(f"The Phantom steps into the {trap.hunter}'s trap on {self._name(target)}: 1 Damage")
            self._check_banished()
            return
        ids = tuple(t.id for t in active)
        for t in active:
            t.phantom_clear.add(target)
        if ids:
            self._know(("traps", ids), audience="hunters")

    def _reveal(self, why: str) -> None:
        """The Phantom is revealed on its cell until its next turn; its laid route cards are discarded."""
        self.revealed = True
        self.route = [self.phantom_cell]
        self.laid = []
        self.laid_events = []
        self._know(("reveal", self.phantom_cell))
        self._say("all", f"{why}; the Phantom is revealed on {self._name(self.phantom_cell)}.")

    def _phantom_move_entity(self, action: Action) -> None:
        entity = next(e for e in self.entities if e.id == int(action["entity"]))  # type: ignore[arg-type]
        d = _DIRECTION[str(action["dir"])]
        target = self.house.moves[entity.cell][d]
        entity.cell = target
        self.spent += 1
        title = ENTITY_TITLES[entity.kind]
        moves = _verb(entity.kind, "moves", "move")
        self._say("all", f"The {title} {moves} {DIRECTIONS[d]} to {self._name(target)}.")
        active = self.active_traps()
        trap = next((t for t in active if t.cell == target), None)
        if trap is not None:
            trap.active = False
            trap.triggered = True
            self.entities.remove(entity)
            self._say("all", f"The {trap.hunter}'s trap on {self._name(target)} banishes the {title}.")
            return
        for t in active:
            t.entity_clear.add(target)
        if any(h.cell == target for h in self.hunters):
            self.entities.remove(entity)
            meets, banished = _verb(entity.kind, "meets", "meet"), _verb(entity.kind, "is", "are")
            self._say("all", f"The {title} {meets} a hunter on {self._name(target)} and {banished} banished.")
            return
        if target in self.pentagrams:
            self.pentagrams.remove(target)
            destroys = _verb(entity.kind, "destroys", "destroy")
            self._say("all", f"The {title} {destroys} the pentagram on {self._name(target)}.")

    def _phantom_summon(self, action: Action) -> None:
        kind = str(action["entity"])
        card = self._phantom_has(f"summon_{kind}")
        assert card is not None
        self.phantom_cards.remove(card)
        self.entities.append(Entity(self.next_entity, kind, self.phantom_cell))
        self.next_entity += 1
        self.summoned = True
        self.acted = True
        self._know(("at", (self.phantom_cell,), True))
        self._say("all", f"The Phantom summons {ENTITY_TITLES[kind]} on {self._name(self.phantom_cell)}.")

    def _phantom_horror(self, action: Action) -> None:
        h = self.hunter(str(action["hunter"]))
        if self.opening_turn and self.opening_left < 2 and not self.acted and self.game.tells_opening_home:
            # Horror waits for a settled turn (see _phantom_actions): in the second opening turn,
            # off the start cell, as everyone can tell
            self._know(("at", (self.house.phantom_start,), False))
        h.horrified = True
        self.acted = True
        if self.horror_left > 0:
            self.horror_left -= 1
            self._say("all", f"The Horror also frightens the {h.name}: it skips its next move.")
            return
        card = self._phantom_has("horror")
        assert card is not None
        self.phantom_cards.remove(card)
        self.horror_left = 1 if self.game.balanced_three else 0
        self._say("all", f"The Phantom plays Horror: the {h.name} skips its next move.")

    def _phantom_discard(self, action: Action) -> None:
        d = _DIRECTION[str(action["dir"])]
        self._unreveal()
        self.hand[d] -= 1
        self.cards_this_turn += 1
        self._know(("discard",))
        self._say("all", f"The Phantom does not move and discards a move card unseen ({sum(self.hand)} in hand).")
        self._say("phantom", f"You discard one {DIRECTIONS[d]} card.")
        self._end_phantom_turn()

    def _phantom_end_turn(self, action: Action) -> None:
        self._end_phantom_turn()

    def _end_phantom_turn(self) -> None:
        house = self.house
        intact = [c for c, destroyed in self.relics.items() if not destroyed]
        if not self.opening_turn and self.phantom_cell in intact:
            self.relics[self.phantom_cell] = True
            self._reveal(f"The Phantom destroys the relic on {self._name(self.phantom_cell)}")
        elif not self.opening_turn and intact and not self.revealed:
            self._know(("at", tuple(sorted(intact)), False))
        for e in list(self.entities):
            if e.cell in self.relics and not self.relics[e.cell]:
                e.relic_turns = e.relic_turns + 1 if e.relic == e.cell else 1
                e.relic = e.cell
                if e.relic_turns >= 2:
                    self.relics[e.cell] = True
                    destroys = _verb(e.kind, "destroys", "destroy")
                    self._say("all", f"The {ENTITY_TITLES[e.kind]} {destroys} the relic on {self._name(e.cell)}.")
            else:
                e.relic, e.relic_turns = -1, 0
        if self.pentagrams:
            around = house.around_cells
            self._look_for_trails([c for p in self.pentagrams for c in around[p]])
        if self.opening_turn and self.opening_left < 2 and self.phantom_cell != house.phantom_start:
            # the rules keep the Phantom off its start cell after the opening: everyone knows it
            self._know(("at", (house.phantom_start,), False))
        self._know(("end_turn",))
        self.last_laid = list(self.laid)
        self.last_laid_events = list(self.laid_events)
        hand, row = self.hand, house.moves[self.phantom_cell]
        usable = any(hand[d] > 0 and row[d] >= 0 for d in range(4))
        self._know(("usable", usable))
        if not usable and not self.round_ending:
            self.round_ending = True
            self._say("all", "The Phantom has no usable move card: the hunters take a last turn, then the round ends.")
        if all(self.relics.values()):
            self._finish("phantom", "The Phantom has destroyed every relic and wins.")
            return
        if self.opening_left > 0:
            self.opening_left = 0 if self.round_ending else self.opening_left - 1
            if self.opening_left > 0:
                self._begin_phantom_turn()
                return
        self.phase = "hunters"
        if self.game.logs_hunters_turn:
            self._say("all", "The hunters' turn.")
        self.done = set()
        self.active = None
        self.checked = False

    def _look_for_trails(self, cells: Sequence[int]) -> None:
        """Look for a trail on each of ``cells`` in turn (a cell with a trail already is skipped)."""
        trails, route = self.trails, self.route
        events: list[tuple[Any, ...]] = []
        for cell in cells:
            if cell in trails:
                continue
            found = cell in route
            events.append(("trail", cell, found))
            if found:
                trails.add(cell)
                self._say("all", f"A trail appears on {self._name(cell)}.")
        if events:
            self.knowledge += [("add", "all", event) for event in events]
            self.public_tracker.add_all(events)
            tracker = self._hunters_tracker
            if tracker is not None:
                tracker.add_all(events)

    # Hunters -------------------------------------------------------------------------------------

    def _start_hunter_turn(self, h: Hunter) -> None:
        self.active = self._index_of(h)
        self.moved = False
        self.guessed = False
        if h.stunned:
            h.stunned = False
            self._say("all", f"The {h.name} loses this turn for its wrong guess.")
            self._finish_hunter_turn(h)
            return
        if h.horrified:
            self.hunter_die = None
            self.move_budget = 0
            self._say("all", f"The {h.name} is horrified and skips its move.")
            return
        self.hunter_die = self.chance.roll("hunter_die", DIE)
        self.move_budget = self.hunter_die + (1 if h.name == "athlete" else 0)
        self._say("all", f"The {h.name} rolls {self.hunter_die}.")

    def _hunter_accelerate(self, h: Hunter, action: Action) -> None:
        card = self._hunter_has(h, "acceleration")
        assert card is not None
        h.cards.remove(card)
        self.move_budget += 2
        self._say("all", f"The {h.name} plays Acceleration: up to {self.move_budget} cells.")

    def _hunter_move(self, h: Hunter, action: Action) -> None:
        h.cell = self.house.parse(action["to"])
        self.moved = True
        self._say("all", f"The {h.name} moves to {self._name(h.cell)}.")
        for e in [e for e in self.entities if e.cell == h.cell]:
            self.entities.remove(e)
            self._say("all", f"The {h.name} banishes the {ENTITY_TITLES[e.kind]} on {self._name(h.cell)}.")
        self._look_for_trails(self._trail_cells(h))

    def _trail_cells(self, h: Hunter) -> tuple[int, ...]:
        """The cells ``h`` looks for trails on: its own (the Tracker's also the 4 next to it)."""
        if h.name == "tracker":
            return (h.cell, *self.house.orthogonal_cells[h.cell])
        return (h.cell,)

    def _hunter_guess(self, h: Hunter, action: Action) -> None:
        self.guessed = True
        if self.phantom_cell == h.cell:
            hurt = 2 if h.name == "exorcist" else 1
            self.named = self.game.balanced_three
            self.damage += hurt
            self._reveal(f"The {h.name} names the Phantom on {self._name(h.cell)}: {hurt} Damage")
            self._check_banished()
            return
        self._know(("at", (h.cell,), False))
        if self.game.options["wrong-guess"] == "next-turn":
            h.stunned = True
            self._say(
                "all", f"The {h.name} names the Phantom on {self._name(h.cell)}, wrongly, and loses its next turn."
            )
        else:
            self._say("all", f"The {h.name} names the Phantom on {self._name(h.cell)}, wrongly, and loses the turn.")
        self._finish_hunter_turn(h)

    def _hunter_pentagram(self, h: Hunter, action: Action) -> None:
        card = self._hunter_has(h, "pentagram")
        assert card is not None
        h.cards.remove(card)
        self.pentagrams.append(h.cell)
        self._say("all", f"The {h.name} draws a pentagram on {self._name(h.cell)}.")
        self._look_for_trails(self.house.around_cells[h.cell])

    def _hunter_trap(self, h: Hunter, action: Action) -> None:
        card = self._hunter_has(h, "trap")
        assert card is not None
        h.cards.remove(card)
        cell = self.house.parse(action["cell"])
        trap = Trap(self.next_trap, cell, h.name, self.round, len(self.hunters_tracker.events))
        self.next_trap += 1
        self.traps.append(trap)
        self.knowledge.append(("trap", trap.id))
        self.hunters_tracker.set_trap(trap.id, cell)
        self._say("all", f"The {h.name} sets a trap.")
        self._say("hunters", f"The {h.name}'s trap lies on {self._name(cell)}.")

    def _hunter_check_honesty(self, h: Hunter, action: Action) -> None:
        lost = len(h.cards)
        h.cards = []
        self.checked = True
        self._say(
            "all",
            f"The {h.name} checks the Phantom's {self.last_laid_count()} move cards: they are honest; "
            f"the {h.name} loses {lost} action cards.",
        )
        if self.game.options["checks-reveal-route"]:  # the default: the rulebook's reading
            dirs = ", ".join(DIRECTIONS[d] for d in self.last_laid)
            self._say("hunters", f"The Phantom's last turn went: {dirs}.")
            pairs = tuple(zip(self.last_laid_events, self.last_laid, strict=True))
            self.knowledge.append(("dirs", pairs))
            self.hunters_tracker.reveal_directions(pairs)

    def _hunter_sense(self, h: Hunter, action: Action) -> None:
        h.ability_used = True
        near = tuple(sorted(self.house.distances(h.cell, 2)))
        answer = self.phantom_cell in near
        self._know(("at", near, answer))
        self._say(
            "all", f"The medium senses {'the Phantom' if answer else 'nothing'} within 2 steps of {self._name(h.cell)}."
        )

    def _hunter_photograph(self, h: Hunter, action: Action) -> None:
        h.ability_used = True
        room = self.house.room(str(action["room"]))
        answer = self.phantom_cell in room.cells
        self._know(("at", tuple(sorted(room.cells)), answer))
        self._say(
            "all", f"The photographer's picture of the {room.title}: the Phantom is {'' if answer else 'not '}there."
        )

    def _hunter_end_turn(self, h: Hunter, action: Action) -> None:
        self._finish_hunter_turn(h)

    def _finish_hunter_turn(self, h: Hunter) -> None:
        if not self.moved:
            # a hunter that did not move (horrified, or its turn lost to a wrong guess) still ends
            # its turn on a cell (rulebook, Phase II: "the cell where the hunter stands at the end
            # of their turn")
            self._look_for_trails(self._trail_cells(h))
        if h.horrified:
            h.horrified = False
        self.done.add(self._index_of(h))
        self.active = None
        self.hunter_die = None
        if len(self.done) < len(self.hunters):
            return
        if self.round_ending:
            self._end_round()
        else:
            self._begin_phantom_turn()

    def _check_banished(self) -> None:
        if self.damage >= BANISHMENT:
            self._finish("hunters", f"The Phantom has taken {self.damage} Damage and is banished: the hunters win.")

    def _finish(self, winner: str, text: str) -> None:
        self.winner = winner
        self.phase = "over"
        self.active = None
        self._say("all", text)

    def _end_round(self) -> None:
        for t in self.traps:
            if t.active:  # an inactive trap may be shared with clones (see ``clone``)
                t.active = False
        self.pentagrams = []
        self.entities = []
        self.trails = set()
        for h in self.hunters:
            h.cards = []
            h.ability_used = False
        self.phantom_cards = []
        if self.round >= ROUNDS:
            self._finish("hunters", f"{ROUNDS} rounds have passed with relics still standing: the hunters win.")
            return
        self.round += 1
        k = self.house.move_cards_per_direction
        self.hand = [k, k, k, k]
        self.route = [self.phantom_cell]
        self.laid, self.laid_events, self.last_laid, self.last_laid_events = [], [], [], []
        self.round_ending = False
        self.twilight_mode = None
        self.twilight_roll = None
        self.quota = 0
        self.available = [c.id for c in self.game.cards]
        self.phase = "twilight"
        self.knowledge.append(("new_round",))
        self.public_tracker.new_round()
        if self._hunters_tracker is not None:
            self._hunters_tracker.new_round()
        self._say("all", f"Round {self.round} begins.")

    # ----- views, secrets, determinization ------------------------------------------------------

    def reveals(self, seat: int, action: Action, before: State) -> bool:
        """Whether the action just carried out showed anyone something hidden. The Phantom finds
        a trap only by stepping on its cell, so in its turn a step (its own or an entity's)
        reveals while a trap is set, and nothing else it does reveals; a hunter's action reveals
        when the hunters learned anything of the Phantom from it (a trail looked for, a search's
        answer, a check of honesty), a trap they set being their own knowledge."""
        assert isinstance(before, OldHouseState)
        if before.phase == "phantom":
            return action.kind in ("step", "move_entity") and bool(before.active_traps())
        known = len(before.knowledge)
        if len(self.knowledge) < known or self.damage != before.damage:
            return True
        return any(item[0] != "trap" for item in self.knowledge[known:])

    def secrets(self, seat: int | None) -> list[Any]:
        return self.game.view_secrets(self, seat)

    def determinize(self, seat: int | None, rng: random.Random) -> OldHouseState:
        """A full state consistent with what ``seat`` knows, the dice reseeded from ``rng``.

        For a hunter, the Phantom's round (cell, route, Move cards, laid cards) is resampled from
        the hunters' belief (their traps included); for the Phantom, the cells of the traps it
        never saw trigger. A spectator knows neither side's secret: the Phantom's round is drawn
        from the public belief alone, then the traps' cells where that route allows them, and
        what the hunters alone know (their traps' misses, the directions a check showed them) is
        rewritten to fit the sample; so the draw never depends on where the traps lie."""
        spectator = seat is None
        hunter = seat is not None and seat >= 1
        if not self.is_terminal():
            # bring this state's own belief up to date first: the twin takes its layers, and so
            # does every later determinization of this state (a search makes many)
            if spectator:
                self.public_tracker.cells()
            elif hunter:
                self.hunters_tracker.cells()
        twin = self.clone()
        assert isinstance(twin, OldHouseState)
        twin.chance.reseed(rng.getrandbits(64))
        twin.history = []
        if twin.is_terminal():
            return twin
        if spectator:
            twin._resample_for_spectator(rng)
        elif hunter:
            twin._resample_phantom(rng)
        else:
            twin._resample_traps(rng)
        if spectator or hunter:
            twin.log = Chronicle(entry for entry in twin.log if entry[0] != "phantom")
            twin.log_counts["phantom"] = 0
        if not hunter:
            twin.log = Chronicle(entry for entry in twin.log if entry[0] != "hunters")
            twin.log_counts["hunters"] = 0
        return twin

    def _resample_phantom(self, rng: random.Random) -> None:
        tracker = self.hunters_tracker
        path = tracker.sample(rng)
        facts = route_from_path(tracker, path)
        steps: dict[int, int] = facts["steps"]
        self._set_phantom_round(facts, steps.__getitem__)
        cells: list[int] = facts["cells"]
        self._own_traps()
        for t in self.traps:
            if t.round == self.round:
                t.phantom_clear = {cells[i + 1] for i in steps if i >= t.placed}
            else:
                t.phantom_clear = set()

    def _set_phantom_round(self, facts: dict[str, Any], direction: Callable[[int], int]) -> None:
        """Put a sampled round (see :func:`route_from_path`) in place; ``direction`` gives the
        direction of the Move card at a hunters' event index."""
        k = self.house.move_cards_per_direction
        self.phantom_cell = facts["cell"]
        self.hand = [k - u for u in facts["used"]]
        self.route = facts["route"]
        self.laid = [direction(i) for i in self.laid_events]
        self.last_laid = [direction(i) for i in self.last_laid_events]

    def _round_start(self) -> int:
        """The index in ``knowledge`` of this round's first item."""
        for i in range(len(self.knowledge) - 1, -1, -1):
            if self.knowledge[i][0] == "new_round":
                return i + 1
        return 0

    def _public_index(self) -> list[int]:
        """For each event index ``h`` of the hunters' tracker this round (and one past the
        last), how many public events come before it: the public index of a public event."""
        index = [0]
        public = 0
        for item in self.knowledge[self._round_start() :]:
            if item[0] == "add":
                if item[1] == "all":
                    public += 1
                index.append(public)
        return index

    def _resample_for_spectator(self, rng: random.Random) -> None:
        """A spectator's determinization (see :meth:`determinize`): the Phantom's round from the
        public tracker, then the untriggered traps' cells off the cells that route entered after
        each was set (a few routes are drawn if the first leaves a trap no cell)."""
        tracker = self.public_tracker
        index = self._public_index()
        self._own_traps()
        for attempt in range(_SPECTATOR_DRAWS):
            path = tracker.sample(rng)
            facts = route_from_path(tracker, path)
            steps: dict[int, int] = facts["steps"]
            cells: list[int] = facts["cells"]
            for t in self.traps:
                if t.round == self.round:
                    t.phantom_clear = {cells[i + 1] for i in steps if i >= index[t.placed]}
                else:
                    t.phantom_clear = set()
            if self._resample_traps(rng) or attempt == _SPECTATOR_DRAWS - 1:
                break
        self._set_phantom_round(facts, lambda h: steps[index[h]])
        # the hunters' own knowledge, as the sample has it: of this round, the directions a
        # check showed them; of the earlier rounds (whose routes are not sampled), nothing
        first = self._round_start()
        knowledge: list[tuple[Any, ...]] = []
        for i, item in enumerate(self.knowledge):
            if item[0] == "dirs":
                if i < first:
                    continue
                item = ("dirs", tuple((h, steps[index[h]]) for h, _ in item[1]))
            elif item[0] == "add" and item[1] == "hunters" and i < first:
                continue
            knowledge.append(item)
        self.knowledge = Chronicle(knowledge)
        self._hunters_tracker = None

    def _own_traps(self) -> None:
        """Copy the inactive traps this state shares with the state it was cloned from, before
        changing them (determinization only: in play an inactive trap never changes)."""
        self.traps = [t if t.active else t.copy() for t in self.traps]

    def _resample_traps(self, rng: random.Random) -> bool:
        """The untriggered traps' cells drawn again, each off the cells the Phantom and the
        entities entered after it was set; ``False`` when some trap had no cell left (it keeps
        a cell off the others all the same)."""
        self._own_traps()
        found = True
        relics = set(self.relics)
        by_round: dict[int, list[Trap]] = {}
        for t in self.traps:
            by_round.setdefault(t.round, []).append(t)
        for traps in by_round.values():
            taken = {t.cell for t in traps if t.triggered}
            for t in traps:
                if t.triggered:
                    continue
                banned = taken | t.phantom_clear | t.entity_clear | (set() if t.hunter == "engineer" else relics)
                choices = [c for c in range(self.house.size) if c not in banned]
                if not choices:
                    found = False
                    choices = [c for c in range(self.house.size) if c not in taken] or [t.cell]
                t.cell = choices[rng.randrange(len(choices))]
                taken.add(t.cell)
        self._hunters_tracker = None
        return found

    def clone(self) -> OldHouseState:
        """An independent copy (the Phantom's look-ahead clones states by the thousand). Every
        field this class sets is copied as its kind needs (board pieces field by field, lists,
        sets and dicts of plain values shallowly); immutable values, the append-only lists'
        entries (tuples) and the inactive traps (triggered, or of a past round: play never
        changes them again, determinization copies them first) are shared. Any other attribute
        is copied by :func:`_clone_value`."""
        twin = object.__new__(type(self))  # as copy.copy does, without its protocol look-ups
        fields = twin.__dict__
        fields.update(self.__dict__)
        fields["chance"] = self.chance.copy()
        fields["public_tracker"] = self.public_tracker.copy()
        tracker = self._hunters_tracker
        fields["_hunters_tracker"] = None if tracker is None else tracker.copy()
        fields["hunters"] = [h.copy() for h in self.hunters]
        fields["entities"] = [e.copy() for e in self.entities]
        fields["traps"] = [t.copy() if t.active else t for t in self.traps]  # an inactive trap never changes
        for key in _LIST_FIELDS:
            fields[key] = list(fields[key])
        # append-only: shared, not copied (a determinization's history is a list of its own)
        fields["history"] = self.history.copy()
        fields["knowledge"] = self.knowledge.copy()
        fields["log"] = self.log.copy()
        fields["trails"] = set(self.trails)
        fields["done"] = set(self.done)
        fields["relics"] = dict(self.relics)
        fields["log_counts"] = dict(self.log_counts)
        if self.initial_script:
            fields["initial_script"] = copy.deepcopy(self.initial_script)
        if len(fields) != _FIELD_COUNT:
            for key in fields.keys() - _CLONED_FIELDS:
                fields[key] = _clone_value(key, fields[key])
        return twin

    def snapshot(self) -> Any:
        """The god view, condensed: the scalar fields as they are, everything else (board pieces,
        hands, traps, the Phantom's route) as one digest of its normalized text. The long
        append-only lists (knowledge, log, history) enter as their length and their newest
        entries; the trackers not at all (they follow from the knowledge)."""
        skip = ("game", "house", "chance", "initial_script", "public_tracker", "_hunters_tracker")
        digested = ("knowledge", "log", "history")
        scalars: dict[str, Any] = {}
        rest: list[Any] = []
        for key, value in sorted(vars(self).items()):
            if key in skip:
                continue
            if key in digested:
                rest.append((key, len(value), value[-6:]))
            elif value is None or isinstance(value, bool | int | str):
                scalars[key] = value
            else:
                rest.append((key, _normal(value)))
        scalars["digest"] = hashlib.blake2b(repr(rest).encode(), digest_size=16).hexdigest()
        return {"state": scalars, "chance": self.chance.fingerprint()}


_PHANTOM_SEAT = (0,)
_SPECTATOR_DRAWS = 8
"""Routes a spectator's determinization draws at most, looking for one every trap fits beside."""
_NO_SIDES: frozenset[str] = frozenset()
_FOUR = (0, 1, 2, 3)
_DIRECTION = {name: d for d, name in enumerate(DIRECTIONS)}
_SUMMON_SIDE = {kind: f"summon_{kind}" for kind in ENTITY_TITLES}
_PHANTOM_ACTIONS: dict[str, Callable[[OldHouseState, Action], None]] = {
    kind: getattr(OldHouseState, f"_phantom_{kind}")
    for kind in ("attack_pentagram", "accelerate", "step", "move_entity", "summon", "horror", "discard", "end_turn")
}
"""The Phantom's turn: the handler of each kind of action."""
_HUNTER_ACTIONS: dict[str, Callable[[OldHouseState, Hunter, Action], None]] = {
    kind: getattr(OldHouseState, f"_hunter_{kind}")
    for kind in ("accelerate", "move", "guess", "pentagram", "trap", "check_honesty", "sense", "photograph", "end_turn")
}
"""A hunter's turn: the handler of each kind of action."""


_LIST_FIELDS = (
    "hand",
    "route",
    "laid",
    "laid_events",
    "last_laid",
    "last_laid_events",
    "phantom_cards",
    "available",
    "pentagrams",
)
_SHARED_FIELDS = (
    "game",
    "house",
    "seed",
    "round",
    "phase",
    "winner",
    "twilight_mode",
    "quota",
    "twilight_roll",
    "phantom_cell",
    "damage",
    "revealed",
    "opening_left",
    "round_ending",
    "die",
    "budget",
    "spent",
    "cards_this_turn",
    "acted",
    "stopped",
    "summoned",
    "opening_turn",
    "horror_left",
    "named",
    "next_entity",
    "next_trap",
    "active",
    "hunter_die",
    "move_budget",
    "moved",
    "guessed",
    "checked",
)
_CLONED_FIELDS = frozenset(
    (
        *_LIST_FIELDS,
        *_SHARED_FIELDS,
        "history",
        "knowledge",
        "log",
        "chance",
        "public_tracker",
        "_hunters_tracker",
        "hunters",
        "entities",
        "traps",
        "trails",
        "done",
        "relics",
        "log_counts",
        "initial_script",
    )
)
"""Every attribute a state sets (the kernel's and this class's), all handled by ``clone``."""
_FIELD_COUNT = len(_CLONED_FIELDS)


def _clone_value(key: str, value: Any) -> Any:
    """The copy of an attribute that ``OldHouseState`` does not set itself (one a caller added)."""
    if value is None or isinstance(value, bool | int | str | frozenset):
        return value
    if isinstance(value, Tracker):
        return value.copy()
    if isinstance(value, list) and all(isinstance(v, int | str | tuple) for v in value):
        return list(value)
    if isinstance(value, set) and all(isinstance(v, int) for v in value):
        return set(value)
    if isinstance(value, dict) and all(isinstance(v, int | str | bool) for v in value.values()):
        return dict(value)
    return copy.deepcopy(value)


def _normal(value: Any) -> Any:
    """A deterministic, comparable form of a state field (sets sorted, dataclasses as tuples)."""
    if isinstance(value, set | frozenset):
        return sorted(value)
    if isinstance(value, Trap):
        return (
            value.id,
            value.cell,
            value.hunter,
            value.round,
            value.placed,
            value.active,
            value.triggered,
            sorted(value.phantom_clear),
            sorted(value.entity_clear),
        )
    if isinstance(value, Hunter | Entity):
        return tuple(vars(value).values())
    if isinstance(value, list | tuple):
        if all(isinstance(v, int) for v in value):
            return value
        return [_normal(v) for v in value]
    if isinstance(value, dict):
        return sorted((k, _normal(v)) for k, v in value.items())
    return value

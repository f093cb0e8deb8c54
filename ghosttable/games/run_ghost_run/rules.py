"""Run, Ghost, Run!: the rules as a kernel ``State`` (the ``Game`` that ties them to the views and
the bots is ``game.RunGhostRun``).

Sources: the English rulebook (seed) for every rule, the reference (part 2) for the numbers it leaves
out; each decision the digital edition takes is listed in ``docs/games/run_ghost_run.md``.

A turn: (Midnight Strikes card, from turn 2, when the option is on) -> each seat draws a Movement
card, in order from the die holder, and those whose card shows furniture may move one piece ->
every seat builds a sealed movement plan at once (``step`` actions ending with ``done``) -> the
plans are revealed and carried out in seat order from the die holder -> roll-off for the keyhole's
side -> the chooser picks a side (it must change) -> the door is rolled -> the keyhole looks, and
the ghosts it sees go back to their starting side. The game ends when no Movement card is left at
the start of a turn.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any, Protocol, cast

from ghosttable.core import SIMULTANEOUS, TERMINAL, Action, Game, IllegalActionError, State
from ghosttable.core.state import _canonical
from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run import midnight as midnight_cards
from ghosttable.games.run_ghost_run.board import EXITED, HALL, RESERVE, UNUSED, Board, Ghost
from ghosttable.games.run_ghost_run.data import NEXT_SIZE, POSTURES, ROTATIONS, SIZES, Place, game_data
from ghosttable.games.run_ghost_run.hall import Placement, Space, eye_json, parse_space, space_name

VERSION = "1.0"
"""The rules' version (the spec's ``version``): bumped when behaviour changes."""


class ViewBuilder(Protocol):
    """What :meth:`RunGhostRunState.view` asks of its game: the rules build no view themselves
    (``game.RunGhostRun`` provides it from ``views``)."""

    def build_view(self, state: RunGhostRunState, seat: int | None) -> dict[str, Any]:
        """``state``'s JSON-ready view for ``seat`` (``None``: a spectator)."""
        ...


class RunGhostRunState(State):
    """One position of Run, Ghost, Run!. Public attributes are the rules' bookkeeping; ``view``
    is the only way they reach a seat."""

    def __init__(self, game: Game, seed: int, script: Mapping[str, Sequence[Any]] | None = None) -> None:
        super().__init__(game, seed, script)
        data = game_data()
        n = game.players
        self.merging = bool(game.options["merging"])
        self.use_midnight = bool(game.options["midnight"])
        self.turn = 0
        self.phase = "setup"
        self.start_side: list[str] = list(data.seats[n])
        self.board = Board()
        colours = data.colours
        for seat in range(n):
            for size in SIZES:
                sd = data.sizes[size]
                for i in range(1, sd.count + 1):
                    gid = f"{colours[seat]}-{sd.letter}{i}"
                    where = UNUSED if self.merging and size != "small" else RESERVE
                    self.board.ghosts[gid] = Ghost(gid, seat, size, where)
        for name in sorted(data.layout):
            anchor, rotation, posture = data.layout[name]
            c, r = parse_space(anchor)
            self.board.furniture[name] = Placement(c, r, rotation, posture)
        ids = [c.id for c in data.movement]
        drop = data.removed_cards[n]
        self.removed: list[int] = sorted(self.chance.sample("removed", ids, drop)) if drop else []
        self.deck: list[int] = self.chance.shuffled("deck", [i for i in ids if i not in self.removed])
        self.discard: list[int] = []
        self.midnight_deck: list[str] = (
            self.chance.shuffled("midnight_deck", [c.id for c in data.midnight]) if self.use_midnight else []
        )
        self.midnight: str | None = None
        self.midnight_done: list[str] = []
        self.crystal: int | None = None
        side = self.chance.roll("keyhole_side", list(hall.SIDES))
        self.keyhole: tuple[str, int] = (side, self.chance.roll("door_die", [1, 2, 3, 4, 5, 6]))
        self.die_holder: int = self.chance.roll("first_die_holder", list(range(n)))
        self.cards: list[int | None] = [None] * n
        self.moved: list[str] = []
        self.queue: list[int] = []
        self.grasped: str | None = None
        self.plans: list[list[Action]] = [[] for _ in range(n)]
        self.submitted: list[bool] = [False] * n
        self.frozen: list[str] = []
        self.lying = False
        self.chooser: int | None = None
        self.choices_made: list[int] = [0] * n
        self.rollers: list[int] = []
        self.rolls: list[list[int]] = []
        self.tag_targets: dict[int, list[str]] = {}
        self.report: dict[str, Any] = {}
        self.log: list[str] = []
        self._start_turn()

    # ----- helpers ----------------------------------------------------------------------------------

    def order(self) -> list[int]:
        """Seats clockwise from the die holder (each seat's left-hand neighbour is the next one)."""
        n = self.players
        return [(self.die_holder + i) % n for i in range(n)]

    def exit_side(self, seat: int) -> str:
        """The side opposite ``seat``'s starting side."""
        return hall.OPPOSITE[self.start_side[seat]]

    def card_value(self, seat: int) -> int:
        """The value of ``seat``'s Movement card this turn (0 when it has none)."""
        cid = self.cards[seat]
        return game_data().card(cid).value if cid is not None else 0

    def _say(self, text: str) -> None:
        self.log.append(f"turn {self.turn}: {text}")

    # ----- turn flow ---------------------------------------------------------------------------------

    def _start_turn(self) -> None:
        if len(self.deck) < self.players:
            self.phase = "over"
            self._say("no Movement cards are left: the game ends")
            return
        self.turn += 1
        self.moved = []
        self.frozen = []
        self.lying = False
        self.crystal = None
        self.midnight = None
        self.chooser = None
        self.rollers = []
        self.rolls = []
        self.cards = [None] * self.players
        if self.use_midnight and self.turn >= 2 and self.midnight_deck:
            self.midnight = self.midnight_deck.pop(0)
            self._say(f"{self.game.seat_names()[self.die_holder]} draws Midnight Strikes: {self.midnight}")
            if midnight_cards.draw_effect(self):
                return
        self._draw_cards()

    def _draw_cards(self) -> None:
        for seat in self.order():
            self.cards[seat] = self.deck.pop(0)
        self.queue = [s for s in self.order() if game_data().card(self.cards[s] or 0).furniture]
        self.grasped = None
        self._next_furniture()

    def _furniture_options(self, seat: int) -> list[str]:
        free = [p for p in sorted(self.board.furniture) if p not in self.moved and not self.board.carrying(p)]
        shown = [p for p in game_data().card(self.cards[seat] or 0).furniture if p in free]
        return shown or free

    def _next_furniture(self) -> None:
        while self.queue:
            if self._furniture_options(self.queue[0]):
                self.phase = "furniture"
                return
            self.queue.pop(0)
        self._start_plans()

    def _start_plans(self) -> None:
        self.phase = "plan"
        self.plans = [[] for _ in range(self.players)]
        self.submitted = [False] * self.players

    def _after_plans(self) -> None:
        self._reveal()
        if self.midnight == "knock_knock":
            side = self.keyhole[0]
            door = self.chance.roll("door_die", [1, 2, 3, 4, 5, 6])
            self._say(f"Knock, Knock, Knock: the keyhole stays on the {side} side")
            self._place_keyhole(self.die_holder, side, door)
            return
        fewest = min(self.choices_made)
        eligible = [s for s in self.order() if self.choices_made[s] == fewest]
        self.rollers = list(eligible)
        self.rolls = []
        contenders = eligible
        while len(contenders) > 1:
            faces = [self.chance.roll("die", [1, 2, 3, 4, 5, 6]) for _ in contenders]
            self.rolls.append(faces)
            best = max(faces)
            contenders = [s for s, f in zip(contenders, faces, strict=True) if f == best]
        self.chooser = contenders[0]
        self.choices_made[self.chooser] += 1
        self._say(f"{self.game.seat_names()[self.chooser]} chooses the keyhole's side")
        self.phase = "keyhole"

    def _place_keyhole(self, roller: int, side: str, door: int) -> None:
        looks = [self._look(side, door)]
        self.keyhole = (side, door)
        if self.midnight == "double_curious":
            other = hall.OPPOSITE[side]
            looks.append(self._look(other, door))
            self.keyhole = (other, door)
        self.report["looks"] = looks
        if self.midnight == "perched_cat":
            sent = []
            for g in sorted(self.board.ghosts.values(), key=lambda g: g.id):
                if g.where == HALL and g.place != "on":
                    g.to_side(RESERVE)
                    sent.append(g.id)
            self.report["perched_cat"] = sent
        self.die_holder = (roller + 1) % self.players
        self.lying = False
        self.discard.extend(c for c in self.cards if c is not None)
        self._start_turn()

    def _look(self, side: str, door: int) -> dict[str, Any]:
        seen = self.board.seen_from(side, door, self.lying)
        scene = self._scene_json(side, door)
        out = []
        for gid in sorted(seen):
            g = self.board.ghosts[gid]
            out.append(
                {
                    "ghost": gid,
                    "owner": g.owner,
                    "size": g.size,
                    "space": space_name(g.space or (0, 0)),
                    "how": seen[gid],
                }
            )
            g.to_side(RESERVE)
        self._say(f"the keyhole at {side} door {door} sees {', '.join(sorted(seen)) or 'nobody'}")
        return {"side": side, "door": door, "seen": out, "scene": scene}

    def _scene_json(self, side: str, door: int) -> dict[str, Any]:
        """What the keyhole at ``door`` of ``side`` looks at, as the sight test saw it (before the
        seen ghosts go home): ``{"eye", "boxes": [{"piece", "box": [x0, y0, z0, x1, y1, z1]}],
        "mirrors": [mirror face], "ghosts": [{"ghost", "owner", "size", "space", "place", "base",
        "posture"}]}`` in world units (one space = 1.0), for a perspective picture of the look."""
        board = self.board
        boxes = [
            {"piece": name, "box": box.to_json()} for name in sorted(board.furniture) for box in board.piece_boxes(name)
        ]
        mirrors = [m.to_json() for m in board.scene().mirrors]
        ghosts = [
            {
                "ghost": g.id,
                "owner": g.owner,
                "size": g.size,
                "space": space_name(g.space),
                "place": g.place or None,
                "base": round(board.base_height(g), 6),
                "posture": "lying" if self.lying else "standing",
            }
            for g in sorted(board.ghosts.values(), key=lambda g: g.id)
            if g.where == HALL and g.space is not None
        ]
        return {"eye": eye_json(side, door), "boxes": boxes, "mirrors": mirrors, "ghosts": ghosts}

    # ----- movement plans -----------------------------------------------------------------------------

    def _tentative(self, seat: int) -> tuple[Board, set[str], set[str], int]:
        """The board as ``seat``'s plan so far leaves it (other seats' ghosts where they were), the
        ghosts it has stepped, the ghosts made by its merges, and its points left."""
        board = Board(
            {gid: Ghost(g.id, g.owner, g.size, g.where, g.space, g.place) for gid, g in self.board.ghosts.items()},
            dict(self.board.furniture),
        )
        stepped: set[str] = set()
        made: set[str] = set()
        spent = 0
        for act in self.plans[seat]:
            if act.kind != "step":
                continue
            self._carry_step(board, act, made, strict=True)
            stepped.add(str(act["ghost"]))
            spent += int(act["cost"])  # type: ignore[arg-type]
        return board, stepped, made, self.card_value(seat) - spent

    def _merge_result(self, board: Board, seat: int, size: str) -> Ghost | None:
        want = NEXT_SIZE.get(size)
        if want is None:
            return None
        pieces = [g for g in board.ghosts_of(seat) if g.size == want]
        for where in (UNUSED, RESERVE):
            for g in pieces:
                if g.where == where:
                    return g
        return None

    def _plan_actions(self, seat: int) -> list[Action]:
        board, stepped, made, left = self._tentative(seat)
        acts: list[Action] = []
        if left <= 0:
            return [Action.make("done")]
        cover = board.cover()
        loads = board.load()
        start = self.start_side[seat]
        exit_side = self.exit_side(seat)
        movers: list[Ghost] = []
        offered: set[tuple[str, str]] = set()
        blocked = stepped | made | set(self.frozen)
        mine = board.ghosts_of(seat)
        has_small_reserve = any(g.size == "small" and g.where == RESERVE and g.id not in blocked for g in mine)
        for g in mine:
            if g.id in blocked:
                continue
            if g.where == HALL:
                movers.append(g)
            elif g.where == RESERVE or (
                self.merging and g.where == EXITED and g.size == "small" and not has_small_reserve
            ):
                key = (g.where, g.size)
                if key not in offered:
                    offered.add(key)
                    movers.append(g)
        for g in movers:
            for sp in hall.all_spaces():
                if g.where == HALL:
                    assert g.space is not None
                    if sp == g.space:
                        continue
                    cost = hall.manhattan(g.space, sp)
                else:
                    cost = 1 + hall.distance_from_side(start, sp)
                if cost > left:
                    continue
                name = space_name(sp)
                for place in board.fitting_places(sp, g.size, cover, loads):
                    acts.append(Action("step", (("cost", cost), ("ghost", g.id), ("place", place), ("to", name))))
                if self.merging:
                    acts.extend(self._merge_steps(board, g, sp, cost, made, cover, loads))
            if g.where == HALL and g.space is not None:
                cost = hall.distance_from_side(exit_side, g.space) + 1
                if cost <= left:
                    acts.append(Action.make("step", ghost=g.id, to="exit", cost=cost))
        acts.append(Action.make("done"))
        return acts

    def _merge_steps(
        self,
        board: Board,
        g: Ghost,
        sp: Space,
        cost: int,
        made: set[str],
        cover: dict[Space, str],
        loads: tuple[dict[Space, int], dict[tuple[Space, str], int]],
    ) -> list[Action]:
        out = []
        units = game_data().sizes
        for t in board.ghosts_of(g.owner, HALL):
            if t.space != sp or t.id == g.id or t.id in made:
                continue
            if {g.size, t.size} not in ({"small"}, {"small", "medium"}):
                continue
            result_size = "medium" if g.size == t.size else "large"
            piece = self._merge_result(board, g.owner, "small" if result_size == "medium" else "medium")
            if piece is None:
                continue
            if t.place in board.fitting_places(
                sp, result_size, cover, loads, freed=units[t.size].units, freed_place=t.place
            ):
                out.append(Action.make("step", ghost=g.id, to=space_name(sp), place=t.place, cost=cost, merge=t.id))
        return out

    def _carry_step(self, board: Board, act: Action, made: set[str], strict: bool) -> dict[str, Any]:
        """Carry out one ``step`` on ``board``. ``strict``: as planned (the plan was legal on it);
        otherwise at the reveal, where a ghost that finds no room stops on the last space of its
        path that has room (reference part 2, "Simultaneous moves"). Returns what happened."""
        g = board.ghosts[str(act["ghost"])]
        seat = g.owner
        dest = str(act["to"])
        origin = space_name(g.space) if g.space is not None else g.where
        outcome: dict[str, Any] = {"seat": seat, "ghost": g.id, "from": origin, "planned": dest, "cost": act["cost"]}
        if dest == "exit":
            g.to_side(EXITED)
            outcome.update(to="exit", place=None, stopped_short=False)
            return outcome
        sp = parse_space(dest)
        place = str(act["place"])
        merge = act.get("merge")
        if g.where == HALL and g.space is not None:
            path = hall.path_between(g.space, sp)
        else:
            path = hall.entry_path(self.start_side[seat], sp)
        # lift the mover so it does not count against its own destination
        saved = (g.where, g.space, g.place)
        g.to_side(RESERVE)
        if merge is not None:
            t = board.ghosts.get(str(merge))
            units = game_data().sizes
            if t is not None and t.where == HALL and t.space == sp and t.place == place and t.id not in made:
                result_size = "medium" if g.size == t.size else "large"
                piece = self._merge_result(board, seat, "small" if result_size == "medium" else "medium")
                if piece is not None and place in board.fitting_places(
                    sp, result_size, freed=units[t.size].units, freed_place=place
                ):
                    t.to_side(RESERVE)
                    g.to_side(RESERVE)
                    piece.to_hall(sp, place)
                    made.add(piece.id)
                    outcome.update(to=dest, place=place, stopped_short=False, merged=[g.id, t.id], became=piece.id)
                    return outcome
        if strict or place in board.fitting_places(sp, g.size):
            g.to_hall(sp, place)
            outcome.update(to=dest, place=place, stopped_short=False)
            return outcome
        for back in reversed(path[:-1]):
            fits = board.fitting_places(back, g.size)
            if fits:
                g.to_hall(back, fits[0])
                outcome.update(to=space_name(back), place=fits[0], stopped_short=True)
                return outcome
        g.where, g.space, g.place = saved
        outcome.update(to=origin, place=saved[2] or None, stopped_short=True)
        return outcome

    def _reveal(self) -> None:
        steps: list[dict[str, Any]] = []
        made: set[str] = set()
        for seat in self.order():
            for act in self.plans[seat]:
                if act.kind == "step":
                    steps.append(self._carry_step(self.board, act, made, strict=False))
        self.report = {"turn": self.turn, "steps": steps, "cards": {str(s): self.cards[s] for s in range(self.players)}}
        self.frozen = []

    # ----- the kernel's contract -----------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        """The seat to act, :data:`SIMULTANEOUS` while plans are built, :data:`TERMINAL` at the end."""
        if self.phase == "over":
            return TERMINAL
        if self.phase == "plan":
            return SIMULTANEOUS
        if self.phase == "keyhole":
            assert self.chooser is not None
            return self.chooser
        return self.queue[0]

    def acting_seats(self) -> tuple[int, ...]:
        """While plans are built: the seats that have not said ``done``."""
        if self.phase == "plan":
            return tuple(s for s in self.order() if not self.submitted[s])
        return super().acting_seats()

    def decision_name(self, seat: int) -> str:
        """``move_furniture``, ``place_furniture``, ``plan_movement``, ``choose_keyhole_side``,
        ``tag_youre_it`` or ``big_brother``."""
        if self.phase == "furniture":
            return "place_furniture" if self.grasped else "move_furniture"
        if self.phase == "plan":
            return "plan_movement"
        if self.phase == "keyhole":
            return "choose_keyhole_side"
        if self.phase == "midnight":
            return self.midnight or "midnight"
        return "none"

    def decision_prompt(self, seat: int) -> str:
        """One sentence for the decision ``seat`` faces."""
        name = self.decision_name(seat)
        if name == "move_furniture":
            return "Grasp one piece of furniture your card shows to move it, or pass."
        if name == "place_furniture":
            return f"Put the {self.grasped} down: its south-west space, rotation and posture."
        if name == "plan_movement":
            left = self._tentative(seat)[3]
            return f"Move one ghost (cost shown) or say done; {left} movement points left."
        if name == "choose_keyhole_side":
            return f"Choose the keyhole's side (it is on the {self.keyhole[0]} side and must change)."
        if name == "tag_youre_it":
            return "Replace a small ghost of your right-hand neighbour, or place one 3 spaces from your side."
        if name == "big_brother":
            return "Replace one of your ghosts in the hall with a ghost of the next size up."
        return ""

    def _legal_actions(self, seat: int) -> list[Action]:
        key = (len(self.history), seat, self.phase, self.grasped)
        cached = self.__dict__.get("_cache")
        if cached is not None and cached[0] == key:
            return list(cached[1])
        acts = self._compute_legal(seat)
        self.__dict__["_cache"] = (key, acts)
        return list(acts)

    def snapshot(self) -> Any:
        """Everything in the state as compact canonical JSON-ready data (the god view)."""
        board = self.board
        data = {
            "ghosts": [
                [g.id, g.owner, g.size, g.where, list(g.space) if g.space else None, g.place]
                for g in sorted(board.ghosts.values(), key=lambda g: g.id)
            ],
            "furniture": [[n, a.col, a.row, a.rotation, a.posture] for n, a in sorted(board.furniture.items())],
            "history": [[s, str(a)] for s, a in self.history],
            "plans": [[str(a) for a in plan] for plan in self.plans],
            "log": len(self.log),
        }
        skip = ("game", "chance", "initial_script", "_cache", "board", "history", "plans", "log")
        rest = {k: v for k, v in vars(self).items() if k not in skip}
        return {"state": _canonical(rest), "data": data, "chance": self.chance.fingerprint()}

    def clone(self) -> RunGhostRunState:
        """An independent copy (the legal-action cache is not copied)."""
        twin = copy.copy(self)
        twin.__dict__.pop("_cache", None)
        twin.chance = self.chance.copy()
        twin.board = Board(
            {k: Ghost(g.id, g.owner, g.size, g.where, g.space, g.place) for k, g in self.board.ghosts.items()},
            dict(self.board.furniture),
        )
        twin.history = list(self.history)
        twin.plans = [list(p) for p in self.plans]
        twin.log = list(self.log)
        twin.report = copy.deepcopy(self.report)
        twin.initial_script = {k: list(v) for k, v in self.initial_script.items()}
        for name in (
            "removed",
            "deck",
            "discard",
            "midnight_deck",
            "midnight_done",
            "start_side",
            "cards",
            "moved",
            "queue",
            "submitted",
            "frozen",
            "choices_made",
            "rollers",
        ):
            setattr(twin, name, list(getattr(self, name)))
        twin.rolls = [list(r) for r in self.rolls]
        twin.tag_targets = {k: list(v) for k, v in self.tag_targets.items()}
        return twin

    def _compute_legal(self, seat: int) -> list[Action]:
        if self.phase == "furniture":
            if self.grasped is None:
                return [Action.make("grasp", piece=p) for p in self._furniture_options(seat)] + [Action.make("pass")]
            return self._placements(self.grasped)
        if self.phase == "plan":
            return self._plan_actions(seat)
        if self.phase == "keyhole":
            return [Action.make("keyhole", side=s) for s in hall.SIDES if s != self.keyhole[0]]
        if self.phase == "midnight":
            return midnight_cards.choices(self, seat)
        return []

    def _placements(self, name: str) -> list[Action]:
        shape = game_data().pieces[name]
        current = self.board.furniture[name]
        by_space: dict[Space, list[Ghost]] = {}
        for g in sorted(self.board.ghosts.values(), key=lambda g: g.id):
            if g.where == HALL and g.space is not None:
                by_space.setdefault(g.space, []).append(g)
        units = {k: v.units for k, v in game_data().sizes.items()}
        resolve = self.board.resolver(name)
        # a stacked piece leaving puts its ghosts into the places of the piece below: simulate
        lifted = current.on is not None and any(x in by_space for x in hall.covered_spaces(shape, current))
        out = []
        for posture in POSTURES:
            for rotation in ROTATIONS:
                for sp in hall.all_spaces():
                    at = resolve(Placement(sp[0], sp[1], rotation, posture))
                    if at is None or at == current:
                        continue
                    if lifted:
                        if not self._can_move(name, at):
                            continue
                    elif at.on is None:
                        spaces = hall.covered_spaces(shape, at)
                        if not _seats_everyone(hall.places_of(shape, at), [by_space.get(x, []) for x in spaces], units):
                            continue
                    elif any(x in by_space for x in hall.covered_spaces(shape, at)) and not self._can_move(name, at):
                        continue
                    params = (("at", space_name(sp)), ("piece", name), ("posture", posture), ("rotation", rotation))
                    out.append(Action("place", params))
        cur = Action.make("place", piece=name, at=current.anchor, rotation=current.rotation, posture=current.posture)
        return [cur, *out]

    def _can_move(self, name: str, at: Placement) -> bool:
        twin = Board(
            {gid: Ghost(g.id, g.owner, g.size, g.where, g.space, g.place) for gid, g in self.board.ghosts.items()},
            dict(self.board.furniture),
        )
        return twin.move_piece(name, at)

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "grasp":
            self.grasped = str(action["piece"])
            return
        if kind == "pass":
            self.queue.pop(0)
            self._next_furniture()
            return
        if kind == "place":
            name = str(action["piece"])
            sp = parse_space(str(action["at"]))
            spot = Placement(sp[0], sp[1], int(action["rotation"]), str(action["posture"]))  # type: ignore[arg-type]
            at = self.board.resolve(name, spot) or self.board.furniture[name]
            if at != self.board.furniture[name]:
                self.board.move_piece(name, at)
            self.moved.append(name)
            self._say(f"{self.game.seat_names()[seat]} moves the {name} to {at.anchor}")
            self.grasped = None
            self.queue.pop(0)
            self._next_furniture()
            return
        if kind in ("step", "done"):
            self.plans[seat].append(action)
            if kind == "done":
                self.submitted[seat] = True
                if all(self.submitted):
                    self._after_plans()
            return
        if kind == "keyhole":
            side = str(action["side"])
            door = self.crystal if self.crystal is not None else self.chance.roll("door_die", [1, 2, 3, 4, 5, 6])
            self._place_keyhole(seat, side, door)
            return
        midnight_cards.apply_choice(self, seat, action)

    def is_terminal(self) -> bool:
        """Whether the game is over (no Movement card left at the start of a turn)."""
        return self.phase == "over"

    # ----- scoring -------------------------------------------------------------------------------------

    def points(self, seat: int) -> int:
        """``seat``'s points (seed, "End of the Game"): exited small 1, medium 3, large 5; in the
        hall 1 per pair of small ghosts, medium 1, large 2."""
        data = game_data()
        total = 0
        smalls = 0
        for g in self.board.ghosts_of(seat):
            if g.where == EXITED:
                total += data.sizes[g.size].exit_points
            elif g.where == HALL:
                if g.size == "small":
                    smalls += 1
                else:
                    total += int(data.sizes[g.size].hall_points)
        return total + smalls // 2

    def ranking_key(self, seat: int) -> tuple[int, int, int]:
        """``(points, ghosts exited, -ghosts on the starting side)``: higher is better (both tie-breaks)."""
        out = len(self.board.ghosts_of(seat, EXITED))
        home = len(self.board.ghosts_of(seat, RESERVE))
        return (self.points(seat), out, -home)

    def returns(self) -> list[float]:
        """+1 for every seat tied at the best ranking key, -1 for the others (0 for all when all tie)."""
        if not self.is_terminal():
            return [0.0] * self.players
        keys = [self.ranking_key(s) for s in range(self.players)]
        best = max(keys)
        if all(k == best for k in keys):
            return [0.0] * self.players
        return [1.0 if k == best else -1.0 for k in keys]

    def score(self) -> float | None:
        """The winner's points at the end."""
        return float(max(self.points(s) for s in range(self.players))) if self.is_terminal() else None

    # ----- views and hidden information ----------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """The view its game builds (``RunGhostRun.build_view`` in ``game``; shape in the spec page)."""
        return cast(ViewBuilder, self.game).build_view(self, seat)

    def action_is_public(self, seat: int, action: Action) -> bool:
        """A movement plan's steps stay sealed until the reveal (rulebook: "Moving the ghosts");
        furniture moves, the keyhole side and the Midnight Strikes choices are made in the open."""
        return action.kind != "step"

    def secrets(self, seat: int | None) -> list[Any]:
        """Other seats' plan steps before the reveal; the piles' orders."""
        out: list[Any] = []
        if self.phase == "plan":
            for s in range(self.players):
                if s != seat:
                    out.extend(a.to_json() for a in self.plans[s] if a.kind == "step")
        if len(self.deck) >= 3:
            out.append(list(self.deck))
        if len(self.midnight_deck) >= 2:
            out.append(list(self.midnight_deck))
        return out

    def determinize(self, seat: int | None, rng: random.Random) -> RunGhostRunState:
        """A state ``seat`` cannot tell from this one: the unseen Movement cards (the pile and the
        cards put back in the box) and the Midnight Strikes pile reshuffled, other seats' unrevealed
        plans replaced by random ones of the same status (submitted or not), chance reseeded."""
        twin = self.clone()
        assert isinstance(twin, RunGhostRunState)
        twin.chance.reseed(rng.getrandbits(64))
        if twin.is_terminal():
            return twin
        pool = twin.deck + twin.removed
        rng.shuffle(pool)
        twin.deck = pool[: len(twin.deck)]
        twin.removed = sorted(pool[len(twin.deck) :])
        rng.shuffle(twin.midnight_deck)
        if twin.phase == "plan":
            for s in range(twin.players):
                if s == seat or (not twin.plans[s] and not twin.submitted[s]):
                    continue
                done = twin.submitted[s]
                twin.plans[s] = []
                steps = rng.randint(0, 4)
                for _ in range(steps):
                    acts = [a for a in twin._plan_actions(s) if a.kind == "step"]
                    if not acts:
                        break
                    twin.plans[s].append(acts[rng.randrange(len(acts))])
                if done:
                    twin.plans[s].append(Action.make("done"))
        return twin

    def explain_illegal(self, seat: int, action: Action, legal: list[Action]) -> IllegalActionError:
        """Sharper reasons for a refused step (never naming another seat's plan)."""
        if self.phase == "plan" and action.kind == "step":
            _, stepped, made, left = self._tentative(seat)
            gid = str(action.get("ghost"))
            g = self.board.ghosts.get(gid)
            if g is None or g.owner != seat:
                return IllegalActionError(f"{gid} is not one of your ghosts")
            if gid in stepped:
                return IllegalActionError(f"{gid} has already moved this turn")
            if gid in made or gid in self.frozen:
                return IllegalActionError(f"{gid} cannot move this turn")
            cost = action.get("cost")
            if isinstance(cost, int) and cost > left:
                return IllegalActionError(f"that move costs {cost} but you have {left} movement points left")
            if action.get("to") == "exit" and g.where != HALL:
                return IllegalActionError("a ghost cannot enter and leave the hall in the same turn")
            return IllegalActionError(f"{action} is not a legal move: check its cost and that its place has room")
        if self.phase == "keyhole" and action.kind == "keyhole" and action.get("side") == self.keyhole[0]:
            return IllegalActionError("the keyhole must change side: choose another side")
        if self.phase == "furniture" and action.kind == "place" and self.grasped is not None:
            if action.get("piece") != self.grasped:
                return IllegalActionError(f"you grasped the {self.grasped}: put it down before anything else")
            return IllegalActionError(
                f"the {self.grasped} cannot go there: it must stay inside the hall, cover no piece but the one"
                " it is stacked on, and leave every ghost room"
            )
        if self.phase == "furniture" and action.kind == "grasp" and self.grasped is None:
            return IllegalActionError("grasp a piece your card shows that has not moved this turn and carries nothing")
        return super().explain_illegal(seat, action, legal)


def _seats_everyone(places: Sequence[Place], groups: list[list[Ghost]], units: dict[str, int]) -> bool:
    """Whether every group of ghosts (one group per covered space) finds room in ``places``,
    seated first-fit by id as :meth:`Board.move_piece` seats them."""
    for group in groups:
        if not group:
            continue
        load: dict[str, int] = {}
        for g in group:
            for place in places:
                if g.size in place.sizes and load.get(place.name, 0) + units[g.size] <= place.units:
                    load[place.name] = load.get(place.name, 0) + units[g.size]
                    break
            else:
                return False
    return True

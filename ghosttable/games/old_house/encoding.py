"""The Old House's fixed action space and observation tensor (layout: docs/games/old_house.md,
"Encoding for learning agents").

Ids are fixed by kind and values: the house's cells (in ``house.cell_names`` order) and rooms, the
six heroes, the action cards by id, the four directions, the three kinds of entity. An entity's id
is a serial number that grows all game, so ``move_entity entity=E dir=D`` is indexed by what the
entity is on the board instead: its kind, its cell and its order among the entities of its kind on
that cell (the first summoned of them 0; at most :func:`same_kind_on_a_cell` of a kind at once). The
id of "move the Shadows on the Library's cell north" is the same in every position.

The tensor reads the seat's view only: to the hunters, the Phantom's cell is there only while it
is revealed (its possible cells are public); to the Phantom, the traps' cells never are.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from ghosttable.core.actions import Action
from ghosttable.core.state import Game, State
from ghosttable.games.encoding import ActionFamily, ActionSpace, Family, GameEncoding, SlotFamily, TensorBuilder
from ghosttable.games.old_house.data import HUNTER_SIDES, hunter_cards
from ghosttable.games.old_house.house import DIRECTIONS
from ghosttable.games.old_house.rules import ENTITY_TITLES, MAX_SUMMONS, OldHouseRules, OldHouseState

NO_PARAMETER = ("pick_cards", "gamble", "accelerate", "end_turn", "guess", "check_honesty", "pentagram", "sense")
PHASES = ("heroes", "twilight", "sharing", "phantom", "hunters", "over")
PHANTOM_SIDES = ("horror", "acceleration", "summon_shadows", "summon_poltergeist", "summon_slime")
MAX_SEATS = 4
MAX_HUNTERS = 6


def same_kind_on_a_cell(game: OldHouseRules) -> int:
    """The most entities of one kind that can stand on one cell: the Summon cards of that kind the
    Phantom may hold in a round (the entities leave at the end of each round, and a round's cards
    hold at most ``MAX_SUMMONS`` Summon cards), over the kinds."""
    held = [sum(1 for c in game.cards if c.phantom == f"summon_{kind}") for kind in ENTITY_TITLES]
    return max(min(n, MAX_SUMMONS) for n in held)


def entity_rank(game: OldHouseRules) -> Callable[[State, int, Action, Sequence[Action] | None], int]:
    """The function giving the index of the entity ``move_entity`` names, read off the board:
    ``(kind * cells + cell) * same + order``, ``kind`` in ``ENTITY_TITLES`` order, ``cell`` in
    ``house.cell_names`` order, ``order`` its place by summoning among the entities of its kind on
    its cell (``same``: :func:`same_kind_on_a_cell`). An entity not on the board gets an index
    past the last."""
    cells = len(game.house.cell_names)
    same = same_kind_on_a_cell(game)
    kinds = {kind: i for i, kind in enumerate(ENTITY_TITLES)}

    def rank(state: State, seat: int, action: Action, legal: Sequence[Action] | None = None) -> int:
        entities = cast(OldHouseState, state).entities
        named = next((e for e in entities if e.id == action["entity"]), None)
        if named is None:
            return len(kinds) * cells * same
        order = sum(1 for e in entities if e.kind == named.kind and e.cell == named.cell and e.id < named.id)
        return (kinds[named.kind] * cells + named.cell) * same + order

    return rank


def action_families(game: OldHouseRules) -> list[ActionFamily]:
    """The families of the Old House's actions in ``game``'s house, in id order."""
    cells = tuple(game.house.cell_names)
    heroes = tuple(h.name for h in hunter_cards())
    cards = tuple(c.id for c in game.cards)
    fams: list[ActionFamily] = [Family(kind) for kind in NO_PARAMETER]
    fams += [
        Family("choose_hero", (("hunter", heroes),)),
        Family("take_card", (("card", cards),)),
        Family("give_card", (("card", cards), ("hunter", heroes))),
        Family("start_turn", (("hunter", heroes),)),
        Family("horror", (("hunter", heroes),)),
        Family("step", (("dir", DIRECTIONS),)),
        Family("discard", (("dir", DIRECTIONS),)),
        Family("summon", (("entity", tuple(ENTITY_TITLES)),)),
        SlotFamily(
            "move_entity",
            ("entity", "dir"),
            len(ENTITY_TITLES) * len(cells) * same_kind_on_a_cell(game),
            entity_rank(game),
            (("dir", DIRECTIONS),),
            "entity kind x cell x order",
        ),
        Family("move", (("to", cells),)),
        Family("trap", (("cell", cells),)),
        Family("attack_pentagram", (("cell", cells),)),
        Family("photograph", (("room", tuple(r.name for r in game.house.rooms)),)),
    ]
    return fams


def observer(game: OldHouseRules) -> Any:
    """The function that fills a tensor from a view of ``game`` (its house fixes the sizes)."""
    cells = tuple(game.house.cell_names)
    heroes = tuple(h.name for h in hunter_cards())
    cards = tuple(c.id for c in game.cards)
    seats = tuple(game.seat_names())
    relics = len(game.house.relics)
    seat_numbers = tuple(range(MAX_SEATS))

    def observe(out: TensorBuilder, view: dict[str, Any], seat: int | None) -> None:
        out.one_hot("seat", seat, seat_numbers)
        out.one_hot("side", view.get("side"), ("phantom", "hunters"))
        out.scalar("round", view["time"]["round"], view["time"]["rounds"])
        out.one_hot("phase", view["phase"], PHASES)
        out.many_hot("to_act", view["to_act"], seats)
        relic_rows = view["relics"]
        for i in range(relics):
            row = relic_rows[i] if i < len(relic_rows) else {}
            out.scalar(f"relic[{i}].destroyed", row.get("destroyed"))
            out.scalar(f"relic[{i}].damage", row.get("damage"), 3)
        ph = view["phantom"]
        out.scalar("phantom.damage", ph["damage"], 7)
        out.scalar("phantom.banishment", ph["banishment"], 7)
        out.scalar("phantom.revealed", ph["revealed"])
        out.one_hot("phantom.cell", ph["cell"], cells)
        out.scalar("phantom.hand_size", ph["hand_size"], 20)
        out.scalar("phantom.cards_this_turn", ph["cards_this_turn"], 4)
        out.scalar("phantom.laid_last_turn", ph["laid_last_turn"], 4)
        laid: dict[str, int] = {}
        for card in ph["action_cards"]:
            laid[card["phantom"]] = laid.get(card["phantom"], 0) + 1
        out.counts("phantom.action_cards", laid, PHANTOM_SIDES, 3)
        out.scalar("phantom.die", ph["die"], 6)
        out.scalar("phantom.steps_left", ph["steps_left"], 7)
        out.scalar("phantom.opening_turn", ph["opening_turn"])
        out.scalar("phantom.round_ending", ph["round_ending"])
        out.scalar("phantom.horror_left", ph["horror_left"], 2)
        out.scalar("phantom.named", ph["named"])
        hunters = {h["name"]: h for h in view["hunters"]}
        for name in heroes:
            h = hunters.get(name) or {}
            out.scalar(f"hero[{name}].in_play", bool(h))
            out.one_hot(f"hero[{name}].seat", h.get("seat"), seats)
            out.one_hot(f"hero[{name}].cell", h.get("cell"), cells)
            sides: dict[str, int] = {}
            for card in h.get("cards", ()):
                sides[card["hunter"]] = sides.get(card["hunter"], 0) + 1
            out.counts(f"hero[{name}].cards", sides, HUNTER_SIDES, 4)
            for flag in ("horrified", "loses_next_turn", "ability_used", "done", "active"):
                out.scalar(f"hero[{name}].{flag}", h.get(flag))
        out.many_hot("trails", view["trails"], cells)
        out.many_hot("pentagrams", view["pentagrams"], cells)
        out.many_hot("possible_cells", view.get("possible_cells") or (), cells)
        entities = view["entities"]
        for kind in ENTITY_TITLES:
            out.many_hot(f"entities[{kind}]", [e["cell"] for e in entities if e["kind"] == kind], cells)
        for kind in ENTITY_TITLES:  # a second entity of a kind on a cell (order 1 of move_entity ids)
            held = [e["cell"] for e in entities if e["kind"] == kind]
            out.many_hot(f"entities[{kind}].second", [c for i, c in enumerate(held) if c in held[:i]], cells)
        out.scalar("traps_set", view["traps_set"], 8)
        out.many_hot("own_traps", [t["cell"] for t in view.get("traps") or ()], cells)
        offer = (view.get("sharing") or {}).get("available") or (view.get("twilight") or {}).get("available") or ()
        out.many_hot("cards_available", [c["id"] for c in offer], cards)
        turn = view.get("hunter_turn") or {}
        out.one_hot("hunter_turn.hunter", turn.get("hunter"), heroes)
        out.scalar("hunter_turn.die", turn.get("die"), 6)
        out.scalar("hunter_turn.move_allowance", turn.get("move_allowance"), 7)
        out.scalar("hunter_turn.moved", turn.get("moved"))
        out.scalar("hunter_turn.guessed", turn.get("guessed"))
        out.scalar("wrong_guess_costs_next_turn", view.get("wrong_guess_costs_next_turn"))
        route = view.get("checked_route") or ()
        out.counts("checked_route", {d: route.count(d) for d in DIRECTIONS}, DIRECTIONS, 4)
        private = view.get("private") or {}
        out.one_hot("private.cell", private.get("cell"), cells)
        out.counts("private.hand", private.get("hand") or {}, DIRECTIONS, 5)
        out.scalar("private.route_length", len(private.get("route") or ()), 7)

    return observe


def encoding(game: Game) -> GameEncoding:
    """The encoding of a loaded Old House game (its house fixes the cell and room domains)."""
    rules = cast(OldHouseRules, game)
    return GameEncoding(game, ActionSpace(action_families(rules)), observer(rules))

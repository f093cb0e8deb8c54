"""The games' fixed action spaces: over seeded games of every game and seat count, every legal
action's ids are in range, round-trip through ``action_of`` (an action spelled in several ids
one id after another), and differ from the other legal actions' ids, none the beginning of
another's; ``legal_ids`` is the sorted list of their first ids; an action keeps its ids from one
position to another; an id that is not legal now is refused with a reason and changes nothing;
every tensor has the encoding's shape, finite and non-negative."""

from __future__ import annotations

import math

import pytest

from ghosttable import registry
from ghosttable.core import IllegalActionError
from ghosttable.core.actions import Action
from ghosttable.core.state import State
from ghosttable.games.encoding import GameEncoding, Staged
from ghosttable.research.encoding import encoding_for
from tests.research.playouts import configurations, positions

SEEDS = (0, 1)


def stateless(enc: GameEncoding, action: Action) -> bool:
    """Whether ``action``'s id is read from the action alone (not from what is on the board)."""
    names = tuple(name for name, _ in action.params)
    return any(f.stateless and f.kind == action.kind and f.names == names for f in enc.space.families)


def spelt_back(enc: GameEncoding, state: State, seat: int, spelt: tuple[int, ...]) -> object:
    """What ``action_of`` gives at the last of the ids ``spelt``, given one after another (each
    before the last must give the :class:`Staged` choice of the ids so far)."""
    for j in range(len(spelt) - 1):
        assert enc.action_of(state, seat, spelt[j], spelt[:j]) == Staged(spelt[: j + 1])
    return enc.action_of(state, seat, spelt[-1], spelt[:-1])


@pytest.mark.parametrize(("name", "players"), configurations())
def test_every_legal_action_has_a_stable_distinct_id_that_round_trips(name: str, players: int) -> None:
    game = registry.load(name, players=players)
    enc = encoding_for(game)
    assert isinstance(enc, GameEncoding)
    seen: dict[Action, tuple[int, ...]] = {}
    kinds: set[str] = set()
    for seed in SEEDS:
        for k, state in enumerate(positions(name, players, seed)):
            for seat in state.acting_seats():
                legal = state.legal_actions(seat)
                spellings = [enc.action_ids(state, seat, a) for a in legal]
                ids = [spelt[0] for spelt in spellings]
                assert all(0 <= i < enc.num_distinct_actions for spelt in spellings for i in spelt)
                assert len(set(spellings)) == len(spellings), (
                    f"two legal actions share ids at {state.decision_name(seat)}"
                )
                assert enc.legal_ids(state, seat) == sorted(set(ids))
                for action, spelt in zip(legal, spellings, strict=True):
                    assert spelt[0] == enc.action_id(state, seat, action)
                    assert spelt_back(enc, state, seat, spelt) == action  # so no legal action's ids begin another's
                    kinds.add(action.kind)
                    if stateless(enc, action):
                        assert seen.setdefault(action, spelt) == spelt, f"{action} changed its ids"
                if k % 7 == 0:
                    before = state.fingerprint()
                    free = next(i for i in range(enc.num_distinct_actions) if i not in set(ids))
                    for bad in (free, -1, enc.num_distinct_actions):
                        with pytest.raises(IllegalActionError) as refused:
                            enc.action_of(state, seat, bad)
                        assert refused.value.reason
                    assert state.fingerprint() == before
            if k % 5 == 0 or state.is_terminal():
                for viewer in (None, *range(players)):
                    tensor = enc.observation_tensor(state, viewer)
                    assert len(tensor) == enc.observation_shape[0]
                    assert all(math.isfinite(x) and x >= 0 for x in tensor)
    assert len(kinds) >= 5


@pytest.mark.parametrize(
    ("name", "options"), [("run-ghost-run", {"merging": True}), ("run-ghost-run", {"midnight": True})]
)
def test_ids_round_trip_under_the_options_that_add_actions(name: str, options: dict[str, object]) -> None:
    enc = encoding_for(registry.load(name, players=3, **options))
    kinds: set[str] = set()
    for seed in range(4):
        for state in positions(name, 3, seed, **options):
            for seat in state.acting_seats():
                for i, action in enc.legal_map(state, seat).items():  # type: ignore[attr-defined]
                    assert enc.action_of(state, seat, i) is action
                    kinds.add(action.kind)
    assert "step" in kinds


def test_sizes_follow_the_seats_and_only_where_the_game_says() -> None:
    sizes = {(n, p): encoding_for(registry.load(n, players=p)).num_distinct_actions for n, p in configurations()}
    assert len({v for (n, _), v in sizes.items() if n == "ghost-stories"}) == 1
    assert len({v for (n, _), v in sizes.items() if n == "old-house"}) == 1
    assert sizes["run-ghost-run", 2] < sizes["run-ghost-run", 3] < sizes["run-ghost-run", 4]  # more ghosts


def test_a_staged_step_has_an_id_and_a_sealed_plan_none() -> None:
    game = registry.load("run-ghost-run", players=2)
    enc = encoding_for(game)
    for state in positions("run-ghost-run", 2, 0):
        if state.decision_name(state.acting_seats()[0]) == "plan_movement":
            break
    seat = state.acting_seats()[0]
    ids = enc.legal_ids(state, seat)
    kinds = {enc.action_of(state, seat, i).kind for i in ids}
    assert kinds <= {"step", "done"} and "done" in kinds
    with pytest.raises(IllegalActionError, match="no action of its kind"):
        enc.action_id(state, seat, Action.make("seal", steps=()))


def _entity_key(state: State, seat: int, action: Action) -> tuple[object, ...]:
    """What ``move_entity`` does on the board, read off the seat's view: the entity's kind, its
    cell, its order by summoning among its kind on that cell, and the direction."""
    entities = sorted(state.view(seat)["entities"], key=lambda e: e["id"])
    named = next(e for e in entities if e["id"] == action["entity"])
    order = sum(
        1 for e in entities if e["kind"] == named["kind"] and e["cell"] == named["cell"] and e["id"] < named["id"]
    )
    return (named["kind"], named["cell"], order, action["dir"])


def test_an_entity_move_has_one_id_for_what_it_does_in_every_position() -> None:
    enc = encoding_for(registry.load("old-house", players=2))
    ids: dict[tuple[object, ...], set[int]] = {}
    serials: dict[tuple[object, ...], set[tuple[object, int]]] = {}  # (entity serial, entities on the board)
    for seed in range(4):
        for state in positions("old-house", 2, seed):
            for seat in state.acting_seats():
                for action in state.legal_actions(seat):
                    if action.kind == "move_entity":
                        key = _entity_key(state, seat, action)
                        ids.setdefault(key, set()).add(enc.action_id(state, seat, action))
                        serials.setdefault(key, set()).add((action["entity"], len(state.entities)))  # type: ignore[attr-defined]
    assert len(ids) >= 20
    assert all(len(found) == 1 for found in ids.values()), "one move of an entity got two ids"
    assert len({next(iter(found)) for found in ids.values()}) == len(ids), "two moves share an id"
    assert any(len(seen) > 1 for seen in serials.values()), "no move was seen beside other entities"


def test_two_entities_of_a_kind_on_a_cell_keep_their_ids_by_order_of_summoning() -> None:
    from ghosttable.games.old_house.rules import Entity, OldHouseState

    enc = encoding_for(registry.load("old-house", players=2))
    start = next(s for s in positions("old-house", 2, 0) if any(a.kind == "move_entity" for a in s.legal_actions(0)))
    assert isinstance(start, OldHouseState)
    cell = start.entities[0].cell
    direction = next(a["dir"] for a in start.legal_actions(0) if a.kind == "move_entity")
    one = start.clone()
    assert isinstance(one, OldHouseState)
    one.entities = [Entity(90, "shadows", cell)]
    two = start.clone()
    assert isinstance(two, OldHouseState)
    two.entities = [Entity(91, "slime", cell), Entity(95, "shadows", cell), Entity(96, "shadows", cell)]
    first = enc.action_id(one, 0, Action.make("move_entity", entity=90, dir=direction))
    assert enc.action_id(two, 0, Action.make("move_entity", entity=95, dir=direction)) == first
    second = enc.action_id(two, 0, Action.make("move_entity", entity=96, dir=direction))
    assert second != first
    for state, entity, got in ((one, 90, first), (two, 95, first), (two, 96, second)):
        assert enc.action_of(state, 0, got) == Action.make("move_entity", entity=entity, dir=direction)
    two.entities = two.entities[2:]  # the older Shadows leave: the younger are now the first on the cell
    assert enc.action_id(two, 0, Action.make("move_entity", entity=96, dir=direction)) == first


def _exorcism(holders: dict[int, dict[str, int]], ghosts: dict[int, int], tile: int) -> State:
    """A 4-player Ghost Stories position at the payment of an exorcism by board 0's Taoist on
    ``tile`` (three yellow dice, useless here): ``ghosts`` ``{space: card}``, and the Taoists of
    ``holders`` on that tile with those tokens."""
    from tests.games.ghost_stories.positions import do, give, put, table, yang

    state = table()
    for space, card in ghosts.items():
        put(state, space, card)
    for board, tokens in holders.items():
        state.pos[board] = tile
        give(state, board, **tokens)
    yang(state)
    state.chance.script("tao_dice", ["yellow", "yellow", "yellow"])
    do(state, "stay")
    do(state, "exorcise")
    return state


def test_a_payment_in_one_colour_has_one_id_whatever_else_could_pay() -> None:
    enc = encoding_for(registry.load("ghost-stories", players=4))
    pay = Action.make("banish", ghosts=(1,), tokens=("1:red", "2:red"))  # Bleeding Eyes: red, 2
    alone = _exorcism({0: {}, 1: {"red": 1}, 2: {"red": 1}}, {1: 38}, tile=7)
    crowded = _exorcism({0: {"red": 1}, 1: {"red": 1}, 2: {"red": 1}}, {1: 38}, tile=7)
    assert [a for a in alone.legal_actions(0) if a.kind == "banish"] == [pay]
    others = [a for a in crowded.legal_actions(0) if a.kind == "banish"]
    assert len(others) == 3 and max(others, key=lambda a: str(a["tokens"])) == pay  # 0+1, 0+2, then 1+2
    got = enc.action_id(alone, 0, pay)
    assert enc.action_id(crowded, 0, pay) == got
    assert enc.action_of(alone, 0, got) == pay and enc.action_of(crowded, 0, got) == pay
    assert len({enc.action_id(crowded, 0, a) for a in others}) == 3


def test_a_payment_in_two_colours_is_spelled_colour_by_colour_the_same_in_every_position() -> None:
    enc = encoding_for(registry.load("ghost-stories", players=4))
    assert isinstance(enc, GameEncoding)
    # the corner tile 6 faces Bleeding Eyes (red, 2) on space 0 and the Perfidious Nymph (blue, 1) on 5
    state = _exorcism({0: {"red": 2, "blue": 1}, 1: {"blue": 1}}, {0: 38, 5: 15}, tile=6)
    both = sorted((a for a in state.legal_actions(0) if a.kind == "banish" and a["ghosts"] == (0, 5)), key=str)
    assert len(both) == 2  # the blue token of board 0 or of board 1
    # each colour's part has the id of a payment of that part alone, for the same ghosts
    red = enc.action_id(state, 0, Action.make("banish", ghosts=(0, 5), tokens=("0:red", "0:red")))
    blue = {b: enc.action_id(state, 0, Action.make("banish", ghosts=(0, 5), tokens=(f"{b}:blue",))) for b in (0, 1)}
    assert {enc.action_ids(state, 0, a) for a in both} == {(red, blue[0]), (red, blue[1])}
    assert red in enc.legal_ids(state, 0) and enc.action_of(state, 0, red) == Staged((red,))
    assert enc.legal_ids(state, 0, (red,)) == sorted(blue.values())
    for board in (0, 1):
        paid = enc.action_of(state, 0, blue[board], (red,))
        assert isinstance(paid, Action) and f"{board}:blue" in paid["tokens"]
    with pytest.raises(IllegalActionError, match="after the ids"):
        enc.action_of(state, 0, red, (red,))
    # the same payments in a position that offers more (board 1 holds red tokens too): the same ids
    crowded = _exorcism({0: {"red": 2, "blue": 1}, 1: {"blue": 1, "red": 2}}, {0: 38, 5: 15}, tile=6)
    more = [a for a in crowded.legal_actions(0) if a.kind == "banish" and a["ghosts"] == (0, 5)]
    assert len(more) > len(both) and all(a in more for a in both)
    assert [enc.action_ids(crowded, 0, a) for a in both] == [enc.action_ids(state, 0, a) for a in both]
    # the seat's tensor holds the part it has staged, and only it
    plain, staged = enc.observation_tensor(state, 0), enc.observation_tensor(state, 0, (red,))
    changed = {name for name, start, stop in enc.layout if plain[start:stop] != staged[start:stop]}
    assert changed == {"staged.ghosts", "staged[red]"}

"""Sight on hand-built scenes (reference part 2, "What the keyhole sees"; issue 5 "must show")."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ghosttable.games.run_ghost_run import hall
from ghosttable.games.run_ghost_run.board import Board, Ghost
from ghosttable.games.run_ghost_run.data import game_data
from ghosttable.games.run_ghost_run.geometry import (
    Box,
    Mirror,
    flatten,
    group_boxes,
    reflection_point,
    segment_clear,
    segment_clear_along,
    segment_clear_flat,
    segment_clear_grouped,
    segment_crosses_box,
    segment_of,
)
from ghosttable.games.run_ghost_run.hall import Placement, parse_space


def scene(furniture: dict[str, str], ghosts: list[tuple[str, str, str, str]]) -> Board:
    """A board with ``furniture`` ``{piece: "B2 0 standing"}`` and ghosts ``(id, size, space, place)``."""
    board = Board()
    for name, spec in furniture.items():
        anchor, rotation, posture = spec.split()
        c, r = parse_space(anchor)
        board.furniture[name] = Placement(c, r, int(rotation), posture)
    for gid, size, space, place in ghosts:
        board.ghosts[gid] = Ghost(gid, 0, size, "hall", parse_space(space), place)
    return board


def seen(board: Board, side: str, door: int, lying: bool = False) -> set[str]:
    return set(board.seen_from(side, door, lying))


def test_segment_box_basics() -> None:
    box = Box((1.0, 1.0, 0.0), (2.0, 2.0, 1.0))
    assert segment_crosses_box((0.0, 1.5, 0.5), (3.0, 1.5, 0.5), box)
    assert not segment_crosses_box((0.0, 1.5, 1.5), (3.0, 1.5, 1.5), box)
    # touching a face, an edge or ending on the surface is not crossing
    assert not segment_crosses_box((0.0, 1.0, 0.5), (3.0, 1.0, 0.5), box)
    assert not segment_crosses_box((0.0, 1.5, 0.5), (1.0, 1.5, 0.5), box)
    assert not segment_crosses_box((0.0, 0.0, 1.0), (3.0, 3.0, 1.0), box)
    assert segment_clear((0.0, 0.0, 0.5), (0.5, 0.5, 0.5), [box])


def test_small_ghost_behind_the_piano_is_hidden_while_a_large_one_is_seen() -> None:
    piano = {"piano": "C2 0 standing"}
    small = scene(piano, [("s", "small", "C3", "floor")])
    large = scene(piano, [("l", "large", "C3", "floor")])
    assert seen(small, "south", 3) == set()
    assert seen(large, "south", 3) == {"l"}
    # the piano hides nothing from the far side
    assert seen(small, "north", 4) == {"s"}


def test_under_the_table_hidden_from_the_door_level_with_it_but_seen_from_the_side() -> None:
    board = scene({"table": "C1 0 standing"}, [("s", "small", "C2", "under")])
    assert seen(board, "south", 3) == set()  # the line from the near door falls on the top
    assert seen(board, "west", hall.door_number("west", (0, 1))) == {"s"}  # level with the top's underside
    assert seen(board, "north", hall.door_number("north", (2, 1))) == {"s"}  # the far door looks under it
    # the same ghost on the floor without the table is seen from the near door
    assert seen(scene({}, [("s", "small", "C2", "floor")]), "south", 3) == {"s"}


def test_the_mirror_shows_a_ghost_hidden_from_the_direct_line() -> None:
    ghosts = [("s", "small", "C3", "floor")]
    without = scene({"piano": "C2 0 standing"}, ghosts)
    with_mirror = scene({"piano": "C2 0 standing", "mirror": "C6 0 standing"}, ghosts)
    assert seen(without, "south", 3) == set()
    assert with_mirror.seen_from("south", 3, False) == {"s": "mirror"}
    # turned away, the mirror shows nothing
    away = scene({"piano": "C2 0 standing", "mirror": "C6 180 standing"}, ghosts)
    assert seen(away, "south", 3) == set()


def test_a_lying_ghost_hides_where_a_standing_one_is_seen() -> None:
    board = scene({"piano": "C2 0 standing"}, [("l", "large", "C3", "floor")])
    assert seen(board, "south", 3, lying=False) == {"l"}
    assert seen(board, "south", 3, lying=True) == set()


def test_nothing_outside_the_field_of_view_is_seen() -> None:
    board = scene({}, [("s", "small", "A1", "floor")])
    assert seen(board, "south", 6) == set()  # far to the side of door 6's view
    assert seen(board, "south", 1) == {"s"}
    corner = scene({}, [("s", "small", "F1", "floor")])
    assert seen(corner, "west", 6) == {"s"}
    assert seen(corner, "north", 6) == set()  # F1 is straight ahead of north door 1, not door 6


def test_a_ghost_inside_the_trolley_is_never_seen() -> None:
    board = scene({"trolley": "C3 0 standing"}, [("s", "small", "C3", "inside")])
    assert all(not looks for looks in board.seen_from_all(False).values())


def test_perched_ghost_stands_on_the_top_of_the_piece() -> None:
    board = scene({"piano": "C2 0 standing"}, [("s", "small", "C2", "on")])
    assert board.base_height(board.ghosts["s"]) == pytest.approx(0.8)
    assert seen(board, "south", 3) == {"s"}


def test_all_24_doors_at_once_agree_with_one_door_at_a_time() -> None:
    board = scene(
        {k: f"{v[0]} {v[1]} {v[2]}" for k, v in game_data().layout.items()},
        [
            ("a", "small", "C3", "under"),
            ("b", "large", "A1", "floor"),
            ("c", "medium", "F6", "floor"),
            ("d", "small", "B2", "on"),
            ("e", "small", "A4", "inside"),
        ],
    )
    every = board.seen_from_all(False)
    assert len(every) == 24
    for (side, door), result in every.items():
        assert result == board.seen_from(side, door, False)
    assert not any("e" in r for r in every.values())


def test_door_numbering_and_eyes() -> None:
    assert hall.door_space("south", 1) == (0, 0)
    assert hall.door_space("north", 1) == (5, 5)
    assert hall.door_space("west", 1) == (0, 5)
    assert hall.door_space("east", 1) == (5, 0)
    for side, door in hall.all_doors():
        assert hall.door_number(side, hall.door_space(side, door)) == door
        e = hall.eye(side, door)
        assert not (0.0 <= e.position[0] <= 6.0 and 0.0 <= e.position[1] <= 6.0)
        assert e.position[2] == pytest.approx(1.0)


def test_rotations_and_tipping_keep_the_footprint_on_whole_spaces() -> None:
    data = game_data()
    desk = data.pieces["desk"]
    for rotation, size in ((0, (2, 1)), (90, (1, 2)), (180, (2, 1)), (270, (1, 2))):
        at = Placement(1, 1, rotation, "standing")
        assert hall.footprint_size(desk, rotation, "standing") == size
        for box in hall.world_boxes(desk, at):
            assert box.lo[0] >= 1.0 - 1e-9 and box.hi[0] <= 1 + size[0] + 1e-9
            assert box.lo[1] >= 1.0 - 1e-9 and box.hi[1] <= 1 + size[1] + 1e-9
    mirror = data.pieces["mirror"]
    faces = {r: hall.mirror_face(mirror, Placement(2, 2, r, "standing")) for r in (0, 90, 180, 270)}
    assert [(f.axis, f.sign) for f in faces.values() if isinstance(f, Mirror)] == [(1, -1), (0, -1), (1, 1), (0, 1)]
    # tipped onto its side (seed, "Overexcited"), the mirror still faces front: a panel 1.4 long
    tipped = hall.mirror_face(mirror, Placement(2, 2, 0, "tipped"))
    assert tipped is not None and (tipped.axis, tipped.sign) == (1, -1)
    assert tipped.hi[0] - tipped.lo[0] == pytest.approx(1.4) and tipped.hi[2] == pytest.approx(1.0)
    assert hall.footprint_size(mirror, 0, "tipped") == (2, 1)
    # the open side of the desk: a ghost under it is seen only from the side its front faces
    board = scene({"desk": "C3 0 standing"}, [("s", "small", "C3", "under")])
    assert seen(board, "south", 3) == {"s"}
    assert seen(board, "north", 4) == set()


coords = st.floats(min_value=-1.0, max_value=7.0, allow_nan=False)
points = st.tuples(coords, coords, st.floats(min_value=0.0, max_value=2.0, allow_nan=False))


@settings(max_examples=300, deadline=None)
@given(a=points, b=points)
def test_segment_tests_are_symmetric_and_agree_with_each_other(
    a: tuple[float, float, float], b: tuple[float, float, float]
) -> None:
    board = scene({k: f"{v[0]} {v[1]} {v[2]}" for k, v in game_data().layout.items()}, [])
    boxes = board.scene().boxes
    forward = segment_clear(a, b, boxes)
    assert forward == segment_clear(b, a, boxes)
    assert forward == segment_clear_flat(a, b, flatten(boxes))
    assert forward == all(not segment_crosses_box(a, b, box) for box in boxes)
    groups = group_boxes(boxes)
    assert forward == segment_clear_grouped(a, b, groups) == segment_clear_along(segment_of(a, b), groups)
    assert forward == all(segment_clear_along(segment_of(a, b), [group]) for group in groups)


@settings(max_examples=200, deadline=None)
@given(a=points)
def test_a_mirror_meeting_point_lies_on_the_face(a: tuple[float, float, float]) -> None:
    face = Mirror(1, 3.0, -1, (1.0, 3.0, 0.0), (2.0, 3.0, 1.4))
    eye = (1.5, 0.0, 1.0)
    hit = reflection_point(eye, a, face)
    if hit is not None:
        assert hit[1] == 3.0
        assert 1.0 - 1e-6 <= hit[0] <= 2.0 + 1e-6 and -1e-6 <= hit[2] <= 1.4 + 1e-6
        assert a[1] < 3.0


def test_a_tipped_piece_rests_on_the_floor() -> None:
    data = game_data()
    for name, shape in data.pieces.items():
        for rotation in (0, 90, 180, 270):
            boxes = hall.world_boxes(shape, Placement(1, 1, rotation, "tipped"))
            assert min(b.lo[2] for b in boxes) == pytest.approx(0.0), name
            sx, sy = hall.footprint_size(shape, rotation, "tipped")
            assert all(b.hi[0] <= 1 + sx + 1e-9 and b.hi[1] <= 1 + sy + 1e-9 for b in boxes), name


def test_every_piece_stands_within_its_footprint_in_every_spot() -> None:
    # the sight test leaves out the pieces standing on no space a line of sight passes over
    data = game_data()
    for name, shape in data.pieces.items():
        for spot in hall.spots(name):
            if not spot.in_hall:
                continue
            at = spot.placement
            sx, sy = hall.footprint_size(shape, at.rotation, at.posture)
            for box in hall.world_boxes(shape, at, 0.8):
                assert at.col - 1e-9 <= box.lo[0] and box.hi[0] <= at.col + sx + 1e-9, (name, at)
                assert at.row - 1e-9 <= box.lo[1] and box.hi[1] <= at.row + sy + 1e-9, (name, at)
            assert spot.mask == hall.covered_mask(shape, at) and spot.mask.bit_count() == sx * sy

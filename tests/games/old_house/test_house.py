"""The house file: the default house, and clear one-line errors for broken ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from ghosttable.core import OptionError
from ghosttable.games.old_house.house import HouseError, load_house
from ghosttable.registry import load
from tests.games.old_house.helpers import SMALL

GOOD = Path(SMALL).read_text(encoding="utf-8")


def test_default_house_matches_the_reference() -> None:
    house = load_house()
    assert (house.width, house.height) == (8, 8)
    assert len(house.relics) == 6 and len(house.portraits) == 6
    assert house.move_cards_per_direction == 5
    assert set(house.types) <= {"corridor", "dark", "furnished", "damp"}
    assert house.summonable(house.phantom_start) == ("shadows", "poltergeist", "slime")
    # portraits on the edges, every cell reachable
    for c in house.portraits.values():
        col, row = c % 8, c // 8
        assert col in (0, 7) or row in (0, 7)
    assert len(house.distances(house.phantom_start)) == 64


def test_walls_block_moves() -> None:
    house = load_house(SMALL)
    b3, c3 = house.parse("B3"), house.parse("C3")
    assert house.moves[b3][1] == -1 and house.moves[c3][3] == -1
    assert house.distances(b3)[c3] == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (('phantom_start = "B2"', 'phantom_start = "Z9"'), "bad coordinate 'Z9'"),
        (('phantom_start = "B2"\n', ""), "has no phantom_start"),
        (('relics = ["A4", "D4", "D1"]', 'relics = ["A4", "A4"]'), "two relics share a cell"),
        (('relics = ["A4", "D4", "D1"]', 'relics = ["B2"]'), "start cannot be a relic"),
        (
            ('walls = [["B3", "C3"]]', 'walls = [["A3", "A4"], ["B4", "B3"], ["B4", "C4"]]'),
            "relic A4 cannot be reached",
        ),
        (('walls = [["B3", "C3"]]', 'walls = [["B3", "D3"]]'), "not orthogonal neighbours"),
        (('type = "damp"', 'type = "swampy"'), "unknown cell type 'swampy'"),
        (('cells = "C1:D4"', 'cells = "C1:D3"'), "C4 is not one of its cells"),
        (('cells = "C1:D4"', 'cells = "B1:D4"'), "cell B1 is in both west and east"),
        (('medium = "A1"\n', ""), "no portrait for the medium"),
        (("move_cards_per_direction = 2", "move_cards_per_direction = 9"), "between 1 and 5"),
        (("width = 4", "width = 40"), "width between 2 and 10"),
        (("[[rooms]]", "[[rooms"), "not valid TOML"),
        (("width = 4", 'width = 4\ncolour = "red"'), "the house has an unknown key 'colour'"),
        (("walls = [", "wals = ["), "unknown key 'wals'"),
        (
            ("move_cards_per_direction = 2", "move_cards_per_direction = 2\ncards = 3"),
            r"\[phantom\] has an unknown key",
        ),
        (('title = "West wing"', 'title = "West wing"\ntitel = "x"'), "room west has an unknown key 'titel'"),
    ],
)
def test_broken_houses_are_refused_with_a_reason(tmp_path: Path, change: tuple[str, str], message: str) -> None:
    assert change[0] in GOOD
    path = tmp_path / "house.toml"
    path.write_text(GOOD.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(HouseError, match=message) as err:
        load_house(path)
    assert "\n" not in err.value.reason


def test_house_option_loads_another_house_and_reports_errors() -> None:
    game = load("old-house", players=2, house=SMALL)
    assert game.house.width == 4
    with pytest.raises(OptionError, match="cannot read house file"):
        load("old-house", house="/no/such/house.toml")


def test_a_house_file_that_is_not_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "house.toml"
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(HouseError, match="not UTF-8"):
        load_house(path)


def test_only_a_regular_file_of_reasonable_size_is_read(tmp_path: Path) -> None:
    import os

    with pytest.raises(HouseError, match="not a regular file"):
        load_house(tmp_path)
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(HouseError, match="not a regular file"):
        load_house(fifo)  # refused at once: reading a pipe would wait for a writer
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * (300 * 1024), encoding="utf-8")
    with pytest.raises(HouseError, match="larger than 256 KiB"):
        load_house(big)


def test_a_record_on_a_house_file_knows_when_the_file_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from ghosttable.ai.base import Bot, make_bot
    from ghosttable.ai.play import play_game
    from ghosttable.core.errors import RecordError
    from ghosttable.core.records import Record, replay
    from ghosttable.core.state import Game

    def randoms(game: Game) -> list[Bot]:
        return [make_bot(game, "random", s, s) for s in range(2)]

    path = tmp_path / "house.toml"
    path.write_text(GOOD, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    game = load("old-house", players=2, house="house.toml")  # relative: the record keeps it absolute
    state = play_game(game, randoms(game), seed=4)
    record = Record.from_json(state.record().dumps())
    assert set(record.local_data) == {"house"} and record.checksummed
    assert record.options["house"] == str(path.resolve())
    monkeypatch.chdir(tmp_path.parent)
    assert replay(record).fingerprint() == state.fingerprint()
    # A change of layout only (comments, spacing) reads as the same house: the record still replays.
    path.write_text("# the same house\n" + GOOD.replace(" = ", "="), encoding="utf-8")
    assert replay(record).fingerprint() == state.fingerprint()
    # Another relic cell is another house: the record says so, not that some action was refused.
    path.write_text(GOOD.replace('"D1"]', '"C1"]', 1), encoding="utf-8")
    with pytest.raises(RecordError, match=r"another house than .* the file changed after the game was played"):
        replay(record)
    # The built-in house keeps records as they were: nothing read from a file.
    default = load("old-house", players=2)
    plain = play_game(default, randoms(default), seed=4)
    assert "local_data" not in plain.record().to_json()


def test_the_partitioned_house_is_the_default_one_with_short_inner_walls(tmp_path: Path) -> None:
    """``house=partitioned`` names a built-in house (docs/games/old_house.md, "Inner walls"): the
    default house's rooms, relics, portraits and start, with 32 one-edge walls, two in each 2 x 2
    block, that leave every cell reachable; a card pointing into a wall is unusable there."""
    default, partitioned = load_house(), load_house("partitioned")
    assert default.walls == frozenset() and len(partitioned.walls) == 32
    for field in ("width", "height", "types", "room_of", "relics", "portraits", "phantom_start"):
        assert getattr(partitioned, field) == getattr(default, field)
    assert partitioned.move_cards_per_direction == 5
    for wall in partitioned.walls:
        a, b = sorted(wall)
        assert (a // 8 // 2, a % 8 // 2) == (b // 8 // 2, b % 8 // 2)  # inside one 2 x 2 block
    assert len(partitioned.distances(partitioned.phantom_start)) == 64
    d5 = partitioned.parse("D5")
    assert partitioned.moves[d5][3] == -1 and default.moves[d5][3] == partitioned.parse("C5")
    # the name is the built-in house's, not a file in the working folder; the record keeps its map
    game = load("old-house", players=3, house="partitioned")
    assert game.options["house"] == "partitioned"
    assert game.local_data() == {"house": partitioned.to_json()}

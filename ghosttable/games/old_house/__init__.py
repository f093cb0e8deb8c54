"""The Mystery of the Old House: a hidden-movement game of one Phantom against 1-3 hunters."""

from ghosttable.games.old_house.game import OldHouse
from ghosttable.games.old_house.rules import OldHouseState

__all__ = ["OldHouse", "OldHouseState"]

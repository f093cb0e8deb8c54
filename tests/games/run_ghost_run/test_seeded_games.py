"""Seeded games pinned by their records: 300 random games and 24 heuristic ones over 2, 3 and 4
players with no option, each option and both, each game's record checksum (its actions, result and
final fingerprint) folded into one digest per configuration.

The digests were taken before the legal actions, the sight tests and the copies were rewritten for
speed, so they show that the rewrite changed nothing a record holds: same legal actions in the same
order (a random bot picks by index), same chance, same states. Bump ``spec.version`` and re-pin
when a change of behaviour is meant.
"""

from __future__ import annotations

import hashlib

import pytest

from ghosttable.ai.base import make_bot
from ghosttable.ai.play import play_game
from ghosttable.core.playout import derive_seed
from ghosttable.games.run_ghost_run import RunGhostRun

OPTION_SETS: dict[str, dict[str, bool]] = {
    "plain": {},
    "merging": {"merging": True},
    "midnight": {"midnight": True},
    "both": {"merging": True, "midnight": True},
}

RANDOM = {
    "2-plain": "c14b930830a8b28d7869b51ecc6342fc",
    "2-merging": "25cf5f9356360f8ac6d9ab9d426390aa",
    "2-midnight": "c9c4c150d7c0be222f6f84ea8ecf0eda",
    "2-both": "04a596082cfd306b934af9290606829b",
    "3-plain": "5acaa63bcda4c38d105c11d83cd6c2d3",
    "3-merging": "991d8bab5ec827617dc6ff00f18e36e6",
    "3-midnight": "bd7b36f12c4de7574b1f554e472958b2",
    "3-both": "cac28ef69c71b6a2eb831c336025e28e",
    "4-plain": "39154c5dbed8bf9285fe86ee4d88f3ee",
    "4-merging": "78de76ff5a0f0b90e1f5a09235cf5ed7",
    "4-midnight": "3abf97334dcd93b3ffed96d2fcb67e48",
    "4-both": "94f653078c49ab4fd67271f2387d109a",
}
"""25 games per configuration, every seat ``random``, base seed 2026."""

HEURISTIC = {
    "2-plain": "41530feb3c3ac607057ce5e24b06b8c7",
    "2-merging": "9e369e98d7ca6df99f990c05386e0c12",
    "2-midnight": "aaff8fd92470446f0f26e7cb30d62515",
    "2-both": "0bd7be24b9eedaf24bb08e40119e7374",
    "3-plain": "235c92de8ea7a25bc7b4c38773f2f5c1",
    "3-merging": "d5d1473076d05330c90de2228e03b06b",
    "3-midnight": "9dbe5add5d9972f67de95950d6af14c0",
    "3-both": "941e6819238eb4f3a2c76ab3a6b3e892",
    "4-plain": "45f84408c2ec66bd2bfbd3fdf6844d78",
    "4-merging": "3b4a7f34e018a076436358371071477c",
    "4-midnight": "f7acd110947f12068b4d708506526fa9",
    "4-both": "be4251a6c8647b71cdbde8d30d1cb200",
}
"""2 games per configuration, every seat ``heuristic``, base seed 7."""


def _digest(bot: str, players: int, label: str, games: int, base: int) -> str:
    game = RunGhostRun(players, **OPTION_SETS[label])
    sums = []
    for k in range(games):
        seed = derive_seed(base, players, label, k)
        bots = [make_bot(game, bot, seat, derive_seed(seed, "bot", seat)) for seat in range(players)]
        sums.append(play_game(game, bots, seed).record().to_json()["checksum"])
    return hashlib.blake2b(" ".join(sums).encode(), digest_size=16).hexdigest()


@pytest.mark.parametrize("config", sorted(RANDOM))
def test_random_games_keep_their_records(config: str) -> None:
    players, label = config.split("-")
    assert _digest("random", int(players), label, 25, 2026) == RANDOM[config]


@pytest.mark.slow
@pytest.mark.parametrize("config", sorted(HEURISTIC))
def test_heuristic_games_keep_their_records(config: str) -> None:
    players, label = config.split("-")
    assert _digest("heuristic", int(players), label, 2, 7) == HEURISTIC[config]

"""Seeded games pinned by their records: random games at 1 to 4 players, at each level and under
every option's other choice, and a few heuristic games, each game's record checksum (its actions,
result and final fingerprint) folded into one digest per configuration.

The digests were taken before the legal actions and the task machine were rewritten for speed, so
they show that the rewrite changed nothing a record holds: the same legal actions in the same
order (a random bot picks by index), the same chance, the same states. Bump ``spec.version`` and
re-pin when a change of behaviour is meant.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from ghosttable.ai.base import make_bot
from ghosttable.ai.play import play_game
from ghosttable.core.playout import derive_seed
from ghosttable.games.ghost_stories.game import GhostStories

OPTION_SETS: dict[str, dict[str, Any]] = {
    "initiation": {},
    "normal": {"level": "normal"},
    "nightmare": {"level": "nightmare"},
    "hell": {"level": "hell"},
    "others": {
        "haunted-tiles-lose": "line-overflow",
        "initiation-qi": 5,
        "neutral-boards": "no-draw",
        "power-tokens": "kept",
        "pavilion": "one-step",
        "twin-winds": "before-move",
        "watchman": "one-board",
        "haunting-figurines": "unlimited",
        "solo": "plain",
        "score-sheet": "chinese",
    },
    "hell-four": {"level": "hell", "incarnations": "four", "haunted-tiles-lose": "fourth-at-initiation"},
}

RANDOM: dict[str, str] = {
    "1-initiation": "8e6e5c15b582e4932ff196cffc1ea5db",
    "1-normal": "b5028a458f309e56fe882e58ca152a89",
    "1-nightmare": "5d4f58b40b1fe4517159e9262e98093c",
    "1-hell": "0e3e71ef26f7de7f2a94de806c72f7de",
    "1-others": "8737041cb823763aa99736e2e5f085fa",
    "1-hell-four": "70fa59b8b1694c63de1914a81f634112",
    "2-initiation": "33733bf39b7da546f8acaf8cf4a82900",
    "2-normal": "478dc871c1940dac835bef671c2dc5f8",
    "2-nightmare": "a84d34e40ee1fea572b21d410f1444bc",
    "2-hell": "c27dbc236d655075488d1dcc0e7779b9",
    "2-others": "4d0e277d9ac2faa6bfb10c6e8f64c475",
    "2-hell-four": "19ea129bf046ba633d8bb7c3402bfc2c",
    "3-initiation": "3a45fab549af7a091578f402a8d6ecf7",
    "3-normal": "856ed8aeab22e786d0f7f4b25b9d922c",
    "3-nightmare": "8b1e5d6c6acf77f551ed2b3131ee1a56",
    "3-hell": "8c0a6838d5a2b6fe32a3f8eb015f3c27",
    "3-others": "19ea444f1b99ad1d240e402c4c7e6430",
    "3-hell-four": "ed00b4355759c81ac8c3246a80fe17fd",
    "4-initiation": "da507cc8e9319b3d82d36bed087429ea",
    "4-normal": "2c72542d5f00cd53c2aa80618a01c163",
    "4-nightmare": "2e24882304c7b9e1391e21ae3a1f02be",
    "4-hell": "bb0a453521965434abf5fc01f33df7bb",
    "4-others": "c4531eb2a3b1033b97bfd140dedcaa95",
    "4-hell-four": "e377d2adca01934dd65468858bf9bf30",
}
"""20 games per configuration, every seat ``random``, base seed 2026."""

HEURISTIC: dict[str, str] = {
    "1-initiation": "a7cf98455210956e81410fde09dc5233",
    "1-normal": "20c900e56e41d797c18a9ac7253fc92f",
    "1-nightmare": "06509b8eb8c824b352cf25478311c49f",
    "1-hell": "f9e60cdaa16627f8383f72a7524c1ddb",
    "1-others": "06e20beec57df84a55128cba2d875416",
    "1-hell-four": "886756bbf3194402082bb9709947f35f",
    "2-initiation": "26b4c7c0337a219bb9ace1c8aed2d1b7",
    "2-normal": "cb67c73b55a707579144ee99b7a0cae8",
    "2-nightmare": "b67b8e53af645aeed2eca404c2ea33a9",
    "2-hell": "f428855eeb7d5abb7547358b8d43069d",
    "2-others": "bfdc3baa2389bc91e6c5de4cac8e941a",
    "2-hell-four": "bb2098c920b0ac5895802b12592efed9",
    "3-initiation": "cbde881a1ca46fc7d85bb8c69e7005b0",
    "3-normal": "ddfe52a55684f84dcd311d8993b71213",
    "3-nightmare": "9773c21cbe526f2e24210e994315c45a",
    "3-hell": "cb8cb17430e9d4a17dc81496491773bf",
    "3-others": "457c7352598c5a53eca1e916f490ce7a",
    "3-hell-four": "d04e0579d0a141fc7a2dc420000bc5e6",
    "4-initiation": "aba717858b55dc0a40da348c761e5e24",
    "4-normal": "2da9fb9d5ba507484a5f947e31714d4a",
    "4-nightmare": "003d0394c907b19087672c03feb79a13",
    "4-hell": "8470485fbb17fe603c93a5ca1f6416de",
    "4-others": "9d200d627c99b5c6f02902c385027ad9",
    "4-hell-four": "31ddfcdbcb0e7273e3e89c943f62fba0",
}
"""2 games per configuration, every seat ``heuristic``, base seed 7."""


def _digest(bot: str, players: int, label: str, games: int, base: int) -> str:
    game = GhostStories(players, **OPTION_SETS[label])
    sums = []
    for k in range(games):
        seed = derive_seed(base, players, label, k)
        bots = [make_bot(game, bot, seat, derive_seed(seed, "bot", seat)) for seat in range(players)]
        sums.append(play_game(game, bots, seed).record().to_json()["checksum"])
    return hashlib.blake2b(" ".join(sums).encode(), digest_size=16).hexdigest()


@pytest.mark.parametrize("config", sorted(RANDOM))
def test_random_games_keep_their_records(config: str) -> None:
    players, label = config.split("-", 1)
    assert _digest("random", int(players), label, 20, 2026) == RANDOM[config]


@pytest.mark.slow
@pytest.mark.parametrize("config", sorted(HEURISTIC))
def test_heuristic_games_keep_their_records(config: str) -> None:
    players, label = config.split("-", 1)
    assert _digest("heuristic", int(players), label, 2, 7) == HEURISTIC[config]

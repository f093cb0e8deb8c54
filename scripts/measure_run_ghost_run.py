"""Measure Run, Ghost, Run!'s ``expert`` against ``heuristic`` players, seats alternated.

Game ``k`` has the expert on seat ``k mod players`` and ``heuristic`` on every other seat; it is
seeded as ``ghosttable simulate`` seeds game ``k`` (``derive_seed(seed, k)``, each bot
``derive_seed(game seed, "bot", seat)``), so a run split over games and added up gives the figures
of the whole. Each game writes one JSON line: the expert's seat and side, the winning sides, the
CPU seconds (``time.process_time``) of every expert decision that searched (a plan's first step, a
furniture or keyhole choice among several), the whole game's CPU seconds, the places the expert's
and the heuristic's sealed steps end on (``floor``, ``on``, ``under``, ``inside``, ``exit``) and
their ``grasp`` and ``pass`` decisions at the furniture.

    python scripts/measure_run_ghost_run.py --players 2 --first 0 --games 50 >> runs.jsonl
    python scripts/measure_run_ghost_run.py --sum runs.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from pathlib import Path
from typing import Any

import ghosttable
from ghosttable.ai import Observation
from ghosttable.ai.base import make_bot
from ghosttable.ai.play import _wilson, play_game
from ghosttable.core.actions import Action
from ghosttable.core.playout import derive_seed
from ghosttable.games.run_ghost_run.expert import ExpertBot
from ghosttable.games.run_ghost_run.sealing import read_seal


def play(players: int, seed: int, k: int) -> dict[str, Any]:
    """Game ``k`` of a run seeded ``seed``: its figures as a JSON-ready dict."""
    game = ghosttable.load("run-ghost-run", players=players)
    game_seed = derive_seed(seed, k)
    seat = k % players
    names = ["expert" if s == seat else "heuristic" for s in range(players)]
    bots = [make_bot(game, name, s, derive_seed(game_seed, "bot", s), measurement=True) for s, name in enumerate(names)]
    expert = bots[seat]
    assert isinstance(expert, ExpertBot)
    searched: list[float] = []
    choose = expert.choose

    def timed(obs: Observation) -> Action:
        asked = time.process_time()
        action = choose(obs)
        if expert.last_work > 0:
            searched.append(time.process_time() - asked)
        return action

    expert.choose = timed  # type: ignore[method-assign]
    started = time.process_time()
    state = play_game(game, bots, game_seed)
    game_cpu = time.process_time() - started
    places: dict[str, Counter[str]] = {"expert": Counter(), "heuristic": Counter()}
    furniture: dict[str, Counter[str]] = {"expert": Counter(), "heuristic": Counter()}
    for who, action in state.history:
        if action.kind == "seal":
            places[names[who]].update("exit" if st["to"] == "exit" else str(st["place"]) for st in read_seal(action))
        elif action.kind in ("grasp", "pass"):
            furniture[names[who]][action.kind] += 1
    side = list(game.sides())[seat]
    winners = list(state.winning_sides())
    return {
        "k": k,
        "seed": seed,
        "players": players,
        "expert_seat": seat,
        "expert_side": side,
        "winners": winners,
        "game_cpu": game_cpu,
        "searched_cpu": searched,
        "places": places,
        "furniture": furniture,
    }


def summary(rows: list[dict[str, Any]]) -> str:
    """The figures of the games ``rows`` (from files of :func:`play`'s lines)."""
    n = len(rows)
    sole = sum(r["winners"] == [r["expert_side"]] for r in rows)
    shared = sum(r["expert_side"] in r["winners"] for r in rows)
    lines = [f"{n} games (k {min(r['k'] for r in rows)}-{max(r['k'] for r in rows)})"]
    for what, wins in (("sole wins (a tie no win)", sole), ("wins, shared ones included", shared)):
        low, high = _wilson(wins, n)
        lines.append(f"expert {what}: {wins}/{n} = {100 * wins / n:.1f} % (95 %: {100 * low:.1f}-{100 * high:.1f} %)")
    by_side: dict[str, list[int]] = {}
    for r in rows:
        tally = by_side.setdefault(r["expert_side"], [0, 0, 0])
        tally[0] += r["winners"] == [r["expert_side"]]
        tally[1] += r["expert_side"] in r["winners"]
        tally[2] += 1
    lines.append(
        "by side (sole, shared included, games): " + ", ".join(f"{s} {t[0]}/{t[1]}/{t[2]}" for s, t in by_side.items())
    )
    cpu = [c for r in rows for c in r["searched_cpu"]]
    if cpu:
        lines.append(f"searched decisions: {len(cpu)}, CPU {sum(cpu) / len(cpu):.3f} s mean, {max(cpu):.3f} s longest")
    lines.append(f"a game: {sum(r['game_cpu'] for r in rows) / n:.2f} CPU s mean")
    for bot in ("expert", "heuristic"):
        places: Counter[str] = Counter()
        furniture: Counter[str] = Counter()
        for r in rows:
            places.update(r["places"][bot])
            furniture.update(r["furniture"][bot])
        lines.append(f"{bot}: steps to {dict(places)}; furniture {dict(furniture)}")
    return "\n".join(lines)


def main() -> None:
    """Play the games asked for, or add up files of their lines (``--sum``)."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--first", type=int, default=0, help="the first game's number k")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--sum", nargs="+", metavar="FILE", help="add up these files of JSON lines")
    args = parser.parse_args()
    if args.sum:
        rows = [json.loads(line) for name in args.sum for line in Path(name).read_text("utf-8").splitlines() if line]
        print(summary(rows))
        return
    for k in range(args.first, args.first + args.games):
        print(json.dumps(play(args.players, args.seed, k)), flush=True)


if __name__ == "__main__":
    main()

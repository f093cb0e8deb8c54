"""Measure Ghost Stories bots as ``ghosttable simulate`` plays them, with time per decision.

Game ``k`` of a run is seeded as ``simulate`` seeds it (``derive_seed(seed, k)``, bots from that
seed plus the seat), so its outcome is the one ``simulate --seed SEED`` gives for the same game;
this script also writes, per game, one JSON line with the outcome, how the game ended, the score,
the decisions and the seconds each seat spent deciding (mean and slowest), so that long runs can
be split over seeds and games and added up (``--sum FILE...``).

    python scripts/measure_ghost_stories.py --bot expert --players 4 --level initiation \
        --seed 0 --first 0 --games 50 >> runs.jsonl
    python scripts/measure_ghost_stories.py --sum runs.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from typing import Any

import ghosttable
from ghosttable.ai.base import make_bot, observation_for
from ghosttable.ai.play import _wilson
from ghosttable.core.playout import derive_seed
from ghosttable.games.ghost_stories.evaluation import incarnations_out
from ghosttable.games.ghost_stories.expert import ExpertBot, OracleBot


def play(
    bot: str, players: int, level: str, seed: int, k: int, settings: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Game ``k`` of a run seeded ``seed``: its figures as a JSON-ready dict. With ``settings``
    (keyword arguments of :class:`ExpertBot`), ``expert`` or ``oracle`` is built with them."""
    game = ghosttable.load("ghost-stories", players=players, level=level)
    game_seed = derive_seed(seed, k)
    if settings:
        cls = OracleBot if bot == "oracle" else ExpertBot
        bots: list[Any] = [cls(game, s, derive_seed(game_seed, "bot", s), **settings) for s in range(players)]
    else:
        bots = [make_bot(game, bot, s, derive_seed(game_seed, "bot", s), measurement=True) for s in range(players)]
    state = game.new_initial_state(game_seed)
    spent = [0.0] * players
    slowest = [0.0] * players
    cpu = [0.0] * players
    cpu_slowest = [0.0] * players
    count = [0] * players
    # searched decisions by whether an incarnation is still in the deck: CPU seconds, decisions,
    # slowest CPU seconds, work units
    searched = {"deck": [0.0, 0, 0.0, 0], "out": [0.0, 0, 0.0, 0]}
    while not state.is_terminal():
        seat = state.current_player
        phase = "out" if incarnations_out(state) else "deck"  # type: ignore[arg-type]
        started = time.perf_counter()
        cpu_started = time.process_time()
        action = bots[seat].choose(observation_for(bots[seat], state, seat))
        took = time.perf_counter() - started
        cpu_took = time.process_time() - cpu_started
        cpu[seat] += cpu_took
        cpu_slowest[seat] = max(cpu_slowest[seat], cpu_took)
        spent[seat] += took
        slowest[seat] = max(slowest[seat], took)
        count[seat] += 1
        work = getattr(bots[seat], "last_work", 0)
        if work:
            row = searched[phase]
            row[0] += cpu_took
            row[1] += 1
            row[2] = max(row[2], cpu_took)
            row[3] += work
        state.apply(action, seat)
    st: Any = state
    reached = any(st.card(c).incarnation for c in (*st.discard, *st.space_card) if c)
    return {
        "bot": bot,
        "players": players,
        "level": level,
        "seed": seed,
        "k": k,
        "outcome": state.outcome(),
        "reason": st.loss_reason,
        "score": state.score(),
        "turns": st.turn,
        "reached_incarnation": reached,
        "log": {
            "sorcerer": sum(1 for line in st.log if "The Sorcerer banishes" in line),
            "overrun": sum(1 for line in st.log if "is overrun" in line),
            "qi_lost": sum(1 for line in st.log if "loses 1 Qi" in line),
            "exorcised": sum(1 for line in st.log if " exorcises " in line),
            "trapped": sum(1 for line in st.log if "A Buddha traps" in line),
            "failed": sum(1 for line in st.log if "The exorcism fails" in line),
        },
        "decisions": count,
        "seconds": spent,
        "slowest": slowest,
        "cpu": cpu,
        "cpu_slowest": cpu_slowest,
        "searched": searched,
    }


def summary(rows: list[dict[str, Any]]) -> None:
    """Print one line per (bot, level, players): wins with their 95 % interval, mean score, loss
    kinds, and seconds per decision (mean over all decisions of the seat that spent the most on
    average, and the slowest decision)."""
    groups: dict[tuple[str, str, int], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        bot = " ".join([r["bot"], *r.get("settings", [])])
        groups[bot, r["level"], r["players"]].append(r)
    for (bot, level, players), rs in sorted(groups.items()):
        n = len(rs)
        wins = sum(1 for r in rs if r["outcome"] == "win")
        low, high = _wilson(wins, n)
        score = sum(r["score"] for r in rs) / n
        per_seat = [
            sum(r["seconds"][s] for r in rs) / max(1, sum(r["decisions"][s] for r in rs)) for s in range(players)
        ]
        slowest = max(max(r["slowest"]) for r in rs)
        reasons = Counter(
            r["reason"].split(" ")[0] + " " + r["reason"].split(" ")[1] for r in rs if r["outcome"] != "win"
        )
        seeds = sorted({r["seed"] for r in rs})
        reached = sum(1 for r in rs if r["reached_incarnation"])
        timed = [r for r in rs if "cpu" in r]
        cpu = max(
            sum(r["cpu"][s] for r in timed) / max(1, sum(r["decisions"][s] for r in timed)) for s in range(players)
        )
        cpu_max = max((max(r["cpu_slowest"]) for r in timed), default=0.0)
        parts = []
        for phase in ("deck", "out"):
            rows_ = [r["searched"][phase] for r in rs if "searched" in r]
            cpu_s, dec, work = sum(x[0] for x in rows_), sum(x[1] for x in rows_), sum(x[3] for x in rows_)
            if dec:
                parts.append(
                    f"{phase}: {dec} searched, {cpu_s / dec:.3f} s mean, {max(x[2] for x in rows_):.2f} max, "
                    f"{cpu_s / work * 1e6:.1f} us/unit"
                )
        print(
            f"{bot} {level} {players}p: {wins}/{n} {wins / n:.1%} ({low:.1%}-{high:.1%}) score {score:.1f} "
            f"s/dec mean(worst seat) {max(per_seat):.3f} max {slowest:.2f} CPU {cpu:.3f} max {cpu_max:.2f} "
            f"reached {reached} seeds {seeds} "
            f"losses {dict(reasons)}" + ("; searches " + "; ".join(parts) if parts else "")
        )


def table(rows: list[dict[str, Any]]) -> None:
    """Print the figures of :func:`summary` as the rows of a Markdown table."""
    import statistics

    groups: dict[tuple[str, int, str], list[dict[str, Any]]] = defaultdict(list)
    for r in rows:
        groups[r["level"], r["players"], r["bot"]].append(r)
    levels = ["initiation", "normal", "nightmare", "hell"]
    bots = ["random", "heuristic", "expert", "oracle"]
    head = "| level | players | bot | games | wins (95 % interval) | mean score (± s.e.) "
    print(head + "| wall s per decision: mean, max | CPU s per decision: mean, max | losses: dead, haunted, deck |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (level, players, bot), rs in sorted(
        groups.items(), key=lambda x: (levels.index(x[0][0]), x[0][1], bots.index(x[0][2]))
    ):
        n = len(rs)
        wins = sum(1 for r in rs if r["outcome"] == "win")
        low, high = _wilson(wins, n)
        scores = [r["score"] for r in rs]
        se = statistics.stdev(scores) / n**0.5 if n > 1 else 0.0
        per_seat = [
            sum(r["seconds"][s] for r in rs) / max(1, sum(r["decisions"][s] for r in rs)) for s in range(players)
        ]
        slowest = max(max(r["slowest"]) for r in rs)
        timed = [r for r in rs if "cpu" in r]
        cpu = "-"
        if timed:
            cpu_mean = max(
                sum(r["cpu"][s] for r in timed) / max(1, sum(r["decisions"][s] for r in timed)) for s in range(players)
            )
            cpu = f"{cpu_mean:.3f}, {max(max(r['cpu_slowest']) for r in timed):.2f} ({len(timed)} games)"
        dead = sum(1 for r in rs if r["reason"].startswith("every Taoist"))
        haunted = sum(1 for r in rs if "haunted" in r["reason"])
        deck = sum(1 for r in rs if r["reason"].startswith("the last card"))
        print(
            f"| {level} | {players} | {bot} | {n} | {wins}, {wins / n:.1%} ({low:.1%}-{high:.1%}) | "
            f"{sum(scores) / n:.1f} ± {se:.1f} | {max(per_seat):.3f}, {slowest:.2f} | {cpu} | "
            f"{dead}, {haunted}, {deck} |"
        )


def _setting(text: str) -> tuple[str, Any]:
    """``KEY=VALUE`` as a keyword argument: an int, a float, or a tuple of words."""
    key, _, value = text.partition("=")
    for kind in (int, float):
        try:
            return key, kind(value)
        except ValueError:
            pass
    return key, tuple(value.split(","))


def main() -> None:
    """Command line (see the module docstring)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--bot", default="expert")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--level", default="initiation")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--sum", nargs="*", default=None)
    ap.add_argument("--table", action="store_true", help="with --sum: Markdown rows")
    ap.add_argument(
        "--setting",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a keyword argument of ExpertBot (a number, or words joined by commas for a tuple)",
    )
    args = ap.parse_args()
    settings = dict(_setting(text) for text in args.setting)
    if args.sum is not None:
        rows: list[dict[str, Any]] = []
        for path in args.sum:
            with open(path) as lines:
                rows.extend(json.loads(line) for line in lines if line.strip())
        (table if args.table else summary)(rows)
        return
    for k in range(args.first, args.first + args.games):
        row = play(args.bot, args.players, args.level, args.seed, k, settings)
        if settings:
            row["settings"] = args.setting
        print(json.dumps(row), flush=True)
        sys.stdout.flush()


if __name__ == "__main__":
    main()

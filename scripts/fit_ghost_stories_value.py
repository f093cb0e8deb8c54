"""Fit the Ghost Stories position evaluation (``ghosttable/games/ghost_stories/evaluation.py``).

Plays seeded games with the ``heuristic`` bot for every seat (4 players, the levels given), keeps
the features of the table at the start of every Yang phase, and fits by least squares (a small
ridge) the progress target ``win + (1 - win) * share of the deck drawn at the end``, then a
logistic curve from the fitted progress to the victory. Prints the weights to paste into the
module. Needs numpy (not a dependency of the package).

    python scripts/fit_ghost_stories_value.py --games 300 --seed 100000 --out /tmp/gs-value.npz
"""

from __future__ import annotations

import argparse
import sys

import numpy as np

import ghosttable
from ghosttable.core.play import derive_seed
from ghosttable.games.ghost_stories.evaluation import FEATURES, features
from ghosttable.games.ghost_stories.strategy import HeuristicBot


def play(level: str, players: int, seed: int) -> tuple[list[list[float]], float]:
    """One heuristic game: the features at each Yang phase's start and the game's target."""
    game = ghosttable.load("ghost-stories", players=players, level=level)
    st = game.new_initial_state(seed)
    bots = [HeuristicBot(game, s, derive_seed(seed, "bot", s)) for s in range(players)]
    rows: list[list[float]] = []
    seen_turn = -1
    while not st.is_terminal():
        seat = st.current_player
        if st.phase == "yang_move" and st.pending is None and st.turn != seen_turn:
            seen_turn = st.turn
            rows.append(features(st))
        legal = st.legal_actions(seat)
        st.apply(bots[seat].decide(st, legal) if len(legal) > 1 else legal[0], seat)
    total = len(st.deck) + sum(1 for c in st.space_card if c) + len(st.discard)
    win = 1.0 if st.result == "win" else 0.0
    target = win + (1.0 - win) * (total - len(st.deck)) / total
    return rows, target


def main() -> None:
    """Command line: play, fit, print."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--seed", type=int, default=100000)
    ap.add_argument("--levels", default="initiation,normal")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--out", default="")
    ap.add_argument("--load", default="")
    args = ap.parse_args()
    if args.load:
        data = np.load(args.load)
        x, y, w = data["x"], data["y"], data["w"]
    else:
        xs: list[list[float]] = []
        ys: list[float] = []
        ws: list[float] = []
        levels = args.levels.split(",")
        for k in range(args.games):
            level = levels[k % len(levels)]
            rows, target = play(level, args.players, derive_seed(args.seed, k))
            xs.extend(rows)
            ys.extend([target] * len(rows))
            ws.extend([1.0 if target >= 1.0 else 0.0] * len(rows))
            if k % 20 == 0:
                print(k, len(xs), file=sys.stderr, flush=True)
        x, y, w = np.array(xs), np.array(ys), np.array(ws)
        if args.out:
            np.savez(args.out, x=x, y=y, w=w)
    ridge = 1e-3 * np.eye(x.shape[1])
    ridge[0, 0] = 0.0
    beta = np.linalg.solve(x.T @ x + ridge * len(x), x.T @ y)
    pred = x @ beta
    print("r2", 1 - ((y - pred) ** 2).mean() / y.var(), "samples", len(y), "win share", w.mean())
    # logistic win ~ a * pred + b, by Newton's method
    a, b = 1.0, 0.0
    for _ in range(50):
        z = a * pred + b
        p = 1 / (1 + np.exp(-z))
        g = np.array([((p - w) * pred).sum(), (p - w).sum()])
        h = np.array(
            [
                [(p * (1 - p) * pred * pred).sum(), (p * (1 - p) * pred).sum()],
                [(p * (1 - p) * pred).sum(), (p * (1 - p)).sum()],
            ]
        ) + 1e-9 * np.eye(2)
        step = np.linalg.solve(h, g)
        a, b = a - step[0], b - step[1]
    print("WEIGHTS = (")
    for name, v in zip(FEATURES, beta, strict=True):
        print(f"    {v:.5f},  # {name}")
    print(")")
    print(f"CALIBRATION = ({a:.4f}, {b:.4f})")


if __name__ == "__main__":
    main()

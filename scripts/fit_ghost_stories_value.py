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
from ghosttable.core.playout import derive_seed
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
    before = total - 10 * st.incarnations_total - 1 if st.incarnations_total == 1 else total
    target = 2.0 * win + (1.0 - win) * min(1.0, (total - len(st.deck)) / max(1, before))
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
    ap.add_argument("--refit-target", action="store_true")
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
    if args.load and args.refit_target:
        # older data files hold win + (1 - win) * share of the whole deck drawn (4 players: 56
        # cards, 45 of them above the incarnation)
        y = 2.0 * w + (1.0 - w) * np.minimum(1.0, y * 56.0 / 45.0)
    after = x[:, FEATURES.index("incarnations_out")] > 0.5
    pred = np.zeros(len(y))
    for name, rows in (("WEIGHTS_BEFORE", ~after), ("WEIGHTS_AFTER", after)):
        xs_, ys_ = x[rows], y[rows]
        ridge = 1e-2 * np.eye(x.shape[1])
        ridge[0, 0] = 0.0
        beta = np.linalg.solve(xs_.T @ xs_ + ridge * len(xs_), xs_.T @ ys_)
        pred[rows] = xs_ @ beta
        r2 = 1 - ((ys_ - pred[rows]) ** 2).mean() / max(ys_.var(), 1e-9)
        print(name, "r2", r2, "samples", len(ys_), "win share", w[rows].mean())
        print(f"{name}: tuple[float, ...] = (")
        for fname, v in zip(FEATURES, beta, strict=True):
            print(f"    {v:.5f},  # {fname}")
        print(")")
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
    print(f"CALIBRATION = ({a:.4f}, {b:.4f})")


if __name__ == "__main__":
    main()

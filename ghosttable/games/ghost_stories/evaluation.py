"""A position evaluation for Ghost Stories: how a game is going for the team, from the public table.

Search bots stop a playout before the end of the game and score the position where it stopped.
The score here is a linear function of features of the table (Qi and deaths, haunted tiles,
ghosts and their threats, the deck against the incarnations' places, Tao tokens, Buddhas, the
Yin-Yang), fitted by least squares on positions of games played by the ``heuristic`` bot, with
the target ``win + (1 - win) * share of the deck drawn at the end``: the base policy's expected
progress from that position (1 or more for a victory, the share of the deck it gets through
otherwise). :func:`win_chance` maps that progress to a probability of victory by a logistic
curve fitted on the same games. ``scripts/fit_ghost_stories_value.py`` refits both.

Only the public table is read (the deck's size and the incarnations' places are public, its order
is not), so a determinization and the real state give the same evaluation.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING

from ghosttable.games.ghost_stories.cards import load_data
from ghosttable.games.ghost_stories.village import LINES, board_spaces

if TYPE_CHECKING:
    from ghosttable.games.ghost_stories.rules import GhostStoriesState

FEATURES: tuple[str, ...] = (
    "bias",
    "alive",  # living Taoists over the players
    "qi",  # Qi of the living Taoists, each counted up to 6
    "qi_at_1",  # living Taoists at 1 Qi
    "qi_at_2",  # living Taoists at 2 Qi
    "haunted",  # haunted tiles
    "haunted_last",  # 1 when one more haunted tile loses
    "ghosts",  # ghosts in play (incarnations aside)
    "full_boards",  # boards with 3 ghosts
    "full_next",  # the next board to play is full (it loses 1 Qi at its Yin phase)
    "boards_two",  # boards with 2 ghosts
    "resistance",  # total resistance of the ghosts in play (incarnations aside)
    "haunt_soon",  # haunters one step from haunting with a free tile ahead
    "haunt_later",  # haunters with a figurine on their card
    "tormentors",  # tormentors in play
    "captive_dice",  # Tao dice held by ghosts
    "incarnation",  # incarnations in play
    "incarnation_resistance",  # their total resistance
    "tokens",  # Tao tokens held by living Taoists, each Taoist counted up to 4
    "yin_yang",  # Yin-Yang tokens held by living Taoists
    "buddhas",  # Buddhas held or set on spaces
    "circle",  # a token lies on the Circle of Prayer
    "drawn_before",  # share of the deck drawn while an incarnation is still in it
    "incarnations_out",  # 1 once every incarnation has left the deck
    "deck_after",  # cards left once every incarnation has left the deck, over 10
    "exorcised",  # share of the incarnations exorcised
    "neutral_qi",  # Qi of neutral boards that are not possessed
    "possessed",  # possessed boards (a dead Taoist's, or a neutral board at 0 Qi)
    "doomed",  # living Taoists whose board's next Yin phase takes their last Qi (overrun, tormentors)
)

#: Least-squares weights of :data:`FEATURES` for the progress (fitted on 4-player Initiation and
#: Normal games of the ``heuristic`` bot; see the module docstring).
WEIGHTS: tuple[float, ...] = (
    0.0,  # bias
    0.0,  # alive
    0.03,  # qi
    -0.02,  # qi_at_1
    -0.005,  # qi_at_2
    -0.06,  # haunted
    -0.10,  # haunted_last
    -0.02,  # ghosts
    -0.03,  # full_boards
    -0.02,  # full_next
    -0.005,  # boards_two
    -0.003,  # resistance
    -0.04,  # haunt_soon
    -0.015,  # haunt_later
    -0.02,  # tormentors
    -0.02,  # captive_dice
    0.0,  # incarnation
    0.0,  # incarnation_resistance
    0.008,  # tokens
    0.02,  # yin_yang
    0.02,  # buddhas
    0.01,  # circle
    0.6,  # drawn_before
    0.0,  # incarnations_out
    0.0,  # deck_after
    0.0,  # exorcised
    0.01,  # neutral_qi
    -0.12,  # possessed
    -0.06,  # doomed (set by hand: half a death, which the playouts' horizon often stops short of)
)

#: ``win_chance(v) = 1 / (1 + exp(-(A * v + B)))`` for a progress ``v``.
CALIBRATION: tuple[float, float] = (9.5290, -12.1552)


@functools.cache
def _card_flags(card_id: int) -> tuple[bool, bool, bool, bool, int]:
    """(haunter, tormentor, die_captive, incarnation, total resistance) of a card."""
    card = load_data().ghosts[card_id]
    return (
        card.has("haunter", "yin"),
        card.has("tormentor", "yin"),
        card.has("die_captive", "arrival"),
        card.incarnation,
        card.total_resistance,
    )


def features(st: GhostStoriesState) -> list[float]:
    """The values of :data:`FEATURES` for the table of ``st`` (a list of floats, same order)."""
    n = st.game.players
    living = [b for b in range(n) if st.alive[b]]
    qi = sum(min(st.qi[b], 6) for b in living)
    at1 = sum(1 for b in living if st.qi[b] == 1)
    at2 = sum(1 for b in living if st.qi[b] == 2)
    haunted = sum(st.haunted)
    limit = st.haunted_limit()
    ghosts = full = two = resistance = soon = later = torment = captive = inc = inc_res = doomed = 0
    full_next = 0.0
    nxt = (st.board + 1) % 4 if st.phase != "yin" else st.board
    for b in range(4):
        load = yin_loss = 0
        for s in board_spaces(b):
            cid = st.space_card[s]
            if not cid:
                continue
            load += 1
            haunter, tormentor, die_captive, incarnation, res = _card_flags(cid)
            if incarnation:
                inc += 1
                inc_res += res
                continue
            ghosts += 1
            resistance += res
            if haunter and any(not st.haunted[p] for p in LINES[s]):
                if st.haunt_step[s] >= 1:
                    soon += 1
                else:
                    later += 1
            if tormentor:
                torment += 1
                yin_loss += 1
            if die_captive:
                captive += 1
        if load == 3:
            full += 1
            yin_loss += 1
            if b == nxt:
                full_next = 1.0
        elif load == 2:
            two += 1
        if yin_loss and b < n and st.alive[b] and st.qi[b] <= yin_loss:
            doomed += 1
    tokens = sum(min(sum(st.tokens[b]), 4) for b in living)
    yin_yang = sum(1 for b in living if st.yin_yang[b])
    buddhas = sum(st.buddhas[b] + st.fresh_buddhas[b] for b in living) + sum(st.buddha_on)
    deck = st.deck
    data = load_data()
    last_inc = -1
    for i, c in enumerate(deck):
        if data.ghosts[c].incarnation:
            last_inc = i
            break
    total = _initial_deck(st)
    if last_inc >= 0:
        # cards above the deepest incarnation still to come before it (deck's end is the top)
        before_total = max(1, total - last_inc - 1)
        drawn_before = (total - len(deck)) / before_total
        out, after = 0.0, 0.0
    else:
        drawn_before, out, after = 1.0, 1.0, len(deck) / 10.0
    exorcised = len(st.exorcised_incarnations) / max(1, st.incarnations_total)
    neutral_qi = sum(max(0, st.qi[b]) for b in range(n, 4))
    possessed = sum(1 for b in range(4) if st.is_possessed(b))
    return [
        1.0,
        len(living) / max(1, n),
        float(qi),
        float(at1),
        float(at2),
        float(haunted),
        1.0 if haunted >= limit - 1 else 0.0,
        float(ghosts),
        float(full),
        full_next,
        float(two),
        float(resistance),
        float(soon),
        float(later),
        float(torment),
        float(captive),
        float(inc),
        float(inc_res),
        float(tokens),
        float(yin_yang),
        float(buddhas),
        1.0 if st.circle is not None else 0.0,
        drawn_before,
        out,
        after,
        exorcised,
        float(neutral_qi),
        float(possessed),
        float(doomed),
    ]


def _initial_deck(st: GhostStoriesState) -> int:
    """Cards in the deck at setup: what is left, plus what has been drawn (in play or discarded,
    or in a Buddha trap's discard), which is public."""
    return len(st.deck) + sum(1 for c in st.space_card if c) + len(st.discard)


def incarnations_out(st: GhostStoriesState) -> bool:
    """Whether every incarnation has left the deck (their places are public): from then on the
    game is a race between the incarnations and the deck's last card, and a playout is played to
    the end rather than scored."""
    ghosts = load_data().ghosts
    return not any(ghosts[c].incarnation for c in st.deck)


def _cards_before_last_incarnation(st: GhostStoriesState) -> int:
    total = _initial_deck(st)
    # the deepest incarnation lies 10 cards above the bottom
    return max(1, total - 11) if st.incarnations_total >= 1 else total


def progress(st: GhostStoriesState, weights: tuple[float, ...] = WEIGHTS, loss_penalty: float = 0.0) -> float:
    """The expected progress of the team from ``st`` (see the module docstring): 2 (and a little
    more per card left) for a won game; for a lost one the share of the cards above the last
    incarnation that were drawn (at most 1: losing after it came is no better than losing as it
    comes), counted as the evaluation counts it (its ``drawn_before`` weight) less
    ``loss_penalty`` when that is given; the weighted features otherwise (at most 1), and 1 plus
    a rough chance of victory once every incarnation has left the deck (:func:`race`)."""
    if st.result is not None:
        if st.result == "win":
            return 2.0 + len(st.deck) / 100.0
        share = min(1.0, (_initial_deck(st) - len(st.deck)) / _cards_before_last_incarnation(st))
        if loss_penalty:
            return weights[FEATURES.index("drawn_before")] * share - loss_penalty
        return share
    if incarnations_out(st):
        return 1.0 + race(st)
    return min(1.0, sum(w * x for w, x in zip(weights, features(st), strict=True)))


def race(st: GhostStoriesState) -> float:
    """A rough chance in [0, 1] that the team wins from ``st`` once every incarnation has left the
    deck: the share of the incarnations exorcised, and for the rest the cards left against the
    resistance the incarnations in play still hold, the Qi and the tokens of the living."""
    left = st.incarnations_total - len(st.exorcised_incarnations)
    if left <= 0:
        return 1.0
    living = st.living()
    if not living:
        return 0.0
    res = 0
    for s in range(12):
        cid = st.space_card[s]
        if cid and load_data().ghosts[cid].incarnation:
            res += min(sum(r) for r in st.requirements(s))
    qi = sum(min(st.qi[b], 4) for b in living)
    tokens = sum(min(sum(st.tokens[b]), 4) for b in living)
    z = -1.0 + 0.25 * len(st.deck) - 0.5 * res + 0.25 * qi + 0.15 * tokens - 1.0 * sum(st.haunted)
    done = len(st.exorcised_incarnations) / max(1, st.incarnations_total)
    return done + (1.0 - done) / (1.0 + math.exp(-z))


def win_chance(value: float) -> float:
    """A progress (see :func:`progress`) as a probability of victory in [0, 1]."""
    a, b = CALIBRATION
    z = a * value + b
    if z < -40:
        return 0.0
    if z > 40:
        return 1.0
    return 1.0 / (1.0 + math.exp(-z))


__all__ = ["CALIBRATION", "FEATURES", "WEIGHTS", "features", "progress", "win_chance"]

"""What a seat sees: the whole table, save the order of the ghost deck.

Ghost Stories has no private hands, so every seat (and a spectator) gets the same view, with
``you`` set to the viewer's seat. The shape is described in docs/games/ghost_stories.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ghosttable.games.ghost_stories.cards import COLOURS
from ghosttable.games.ghost_stories.scoring import score_sheet
from ghosttable.games.ghost_stories.village import FACING, LINES, OPPOSITE, SIDES, board_spaces

if TYPE_CHECKING:
    from ghosttable.games.ghost_stories.rules import GhostStoriesState

LOG_LINES = 60


def _ghost(state: GhostStoriesState, s: int) -> dict[str, Any] | None:
    cid = state.space_card[s]
    if not cid:
        return None
    card = state.card(cid)
    out = card.to_json()
    out["effective_resistance"] = [dict(zip(COLOURS, r, strict=True)) for r in state.requirements(s)]
    out["haunting_step"] = state.haunt_step[s] if state.haunt_step[s] >= 0 else None
    out["mantra"] = state.mantra_space == s
    out["can_be_exorcised"] = state.eligible(s)
    return out


def build_view(state: GhostStoriesState, seat: int | None) -> dict[str, Any]:
    """The table as JSON-ready data (see the spec page for every key)."""
    data = state.data
    n = state.game.players
    village = []
    for p in range(9):
        tile = data.tile(state.tiles[p])
        village.append(
            {
                "position": p,
                "row": p // 3,
                "col": p % 3,
                "id": tile.id,
                "name": tile.name,
                "text": tile.text,
                "haunted": state.haunted[p],
                "taoists": [b for b in range(n) if state.pos[b] == p],
                "faces_spaces": list(FACING[p]),
                "buddhas": state.temple_buddhas if tile.id == "buddhist_temple" else 0,
                "circle_token": state.circle if tile.id == "circle_of_prayer" else None,
                "power_tokens": state.centre_power_tokens if p == 4 else 0,
            }
        )
    boards = []
    for b in range(4):
        power = data.power(state.power[b])
        boards.append(
            {
                "board": b,
                "side": SIDES[b],
                "colour": state.board_colour[b],
                "seat": b if b < n else None,
                "neutral": b >= n,
                "possessed": state.is_possessed(b),
                "qi": state.qi[b] if b >= n else None,
                "power": {"id": power.id, "name": power.name, "text": power.text, "active": state.power_active(b)},
                "spaces": [
                    {
                        "space": s,
                        "index": s % 3,
                        "ghost": _ghost(state, s),
                        "buddha": state.buddha_on[s],
                        "line": list(LINES[s]),
                        "opposite": OPPOSITE[s],
                    }
                    for s in board_spaces(b)
                ],
            }
        )
    taoists = [
        {
            "board": b,
            "seat": b,
            "colour": state.board_colour[b],
            "alive": state.alive[b],
            "qi": state.qi[b],
            "tokens": dict(zip(COLOURS, state.tokens[b], strict=True)),
            "yin_yang": state.yin_yang[b],
            "buddhas": state.buddhas[b],
            "buddhas_taken_this_turn": state.fresh_buddhas[b],
            "position": state.pos[b],
            "power_tokens": state.power_tokens[b],
        }
        for b in range(n)
    ]
    incarnation_depths = [i for i, c in enumerate(reversed(state.deck)) if state.card(c).incarnation]
    decision = None
    if state.result is None:
        seat_to_act = state.current_player
        decision = {
            "name": state.decision_name(seat_to_act),
            "seat": seat_to_act,
            "prompt": prompt(state),
        }
        if state.pending is not None and state.pending["name"] == "place_ghost":
            decision["card"] = state.card(state.pending["card"]).to_json()
    return {
        "you": seat,
        "level": state.level_id,
        "players": n,
        "turn": state.turn + 1,
        "active_board": state.board,
        "phase": state.phase,
        "decision": decision,
        "result": state.result,
        "end_reason": state.loss_reason or None,
        "village": village,
        "boards": boards,
        "taoists": taoists,
        "supply": {
            "qi": state.supply_qi(),
            "tao_tokens": {c: state.supply_tokens(c) for c in COLOURS},
            "buddhas_on_temple": state.temple_buddhas,
            "haunting_figurines": min(state.figurines_free(), state.data.haunting_figurines),
        },
        "circle_of_prayer": state.circle,
        "mantra": {
            "space": state.mantra_space if state.mantra_space >= 0 else None,
            "removed": state.mantra_removed,
        },
        "deck": {
            "size": len(state.deck),
            "incarnations_at": incarnation_depths,
            "removed_unseen": len(state.removed),
        },
        "discard": [{"id": c, "name": state.card(c).name, "colour": state.card(c).colour} for c in state.discard],
        "incarnations": {"total": state.incarnations_total, "exorcised": list(state.exorcised_incarnations)},
        "dice": {
            "tao": list(state.dice),
            "curse": state.curse_face,
            "tao_dice_available": max(0, 3 - state.captive_dice()),
            "white_wild": state.white_wild(),
            "tao_tokens_blocked": state.tao_blocked(),
        },
        "turn_state": _turn_state(state),
        "haunted_tiles": sum(state.haunted),
        "haunted_tiles_lose_at": state.haunted_limit() if state.haunted_limit() < 99 else None,
        "score": score_sheet(state),
        "log": state.log[-LOG_LINES:],
        "log_length": len(state.log),
    }


def _turn_state(state: GhostStoriesState) -> dict[str, Any] | None:
    if state.phase not in ("yang_move", "yang_action", "yang_buddha"):
        return None
    y = state.yang
    return {
        "actions_done": list(y.get("acts", [])),
        "borrowed_powers": [state.power[b] for b in y.get("borrowed", [])],
        "twin_winds_used": bool(y.get("twin")),
        "bottomless_pockets_used": bool(y.get("pockets")),
        "mantra_used": bool(y.get("mantra")),
    }


_PROMPTS = {
    "yang_move": "Move your Taoist (or stay), after any power used before moving.",
    "yang_action": "Ask a villager for help, attempt an exorcism, or skip.",
    "yang_buddha": "Place a Buddha you hold on an empty space you face, or end your turn.",
    "place_ghost": "Choose the space where the ghost arrives.",
    "choose_victim": "Choose the Taoist who takes the blow for a neutral or possessed board.",
    "reroll_tao_dice": "The Gods' Favorite: choose which Tao dice to reroll (none keeps them).",
    "reroll_curse_die": "The Gods' Favorite: keep or reroll the curse die.",
    "resolve_exorcism": "Choose the ghosts exorcised and the Tao tokens spent, or let the attempt fail.",
    "choose_token_colour": "Choose the colour of the Tao token you gain.",
    "herbalist_white": "A white face: choose the colour of the Tao token you gain.",
    "qi_or_yin_yang": "Gain 1 Qi or take your Yin-Yang back.",
    "discard_token": "Choose the Tao token you discard.",
    "incarnation_qi": "Choose the living Taoist who gains the incarnation's Qi.",
    "incarnation_yin_yang": "Choose the living Taoist who receives the incarnation's Yin-Yang.",
    "pavilion_taoist": "The Heavenly Winds: move another Taoist.",
}


def prompt(state: GhostStoriesState) -> str:
    """One sentence for the current decision point."""
    if state.result is not None:
        return ""
    name = state.pending["name"] if state.pending is not None else state.phase
    text = _PROMPTS.get(name, "")
    if name == "resolve_exorcism":
        text += f" Dice: {', '.join(state.dice) or 'none'}."
    return text

"""The score sheet. Source: the English rulebook (Score), reference section 11 (the default);
the Chinese seed's older sheet under the ``score-sheet=chinese`` option."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ghosttable.games.ghost_stories.rules import GhostStoriesState


def score_sheet(state: GhostStoriesState) -> dict[str, Any]:
    """The team's score as ``{"lines": [{"item": str, "count": int, "points": int}], "total": int}``.

    English sheet: +10 victory (+20 at Hell), +1 per Qi left, +1 per card left in the deck on a
    victory (-1 on a defeat), -3 per dead Taoist, -4 per haunted tile, +2/+4/+6 for the 1st/2nd/3rd
    incarnation exorcised at Nightmare and Hell. Chinese sheet: +1 per Qi, +2 per empty ghost space,
    -3 per dead Taoist, -4 per haunted tile, +10 for the last incarnation, +2/+4/+6 (+4/+6 with 1-2
    players) for the others at Nightmare and Hell. Meaningful once the game is over.
    """
    level = state.data.levels[state.level_id]
    n = state.game.players
    won = state.result == "win"
    qi = sum(state.qi[b] for b in range(n) if state.alive[b])
    dead = sum(1 for b in range(n) if not state.alive[b])
    haunted = sum(state.haunted)
    exorcised = len(state.exorcised_incarnations)
    lines: list[dict[str, Any]] = []

    def line(item: str, count: int, points: int) -> None:
        lines.append({"item": item, "count": count, "points": points})

    if state.game.options["score-sheet"] == "chinese":
        empty = sum(1 for s in state.space_card if not s)
        line("Qi left", qi, qi)
        line("empty ghost spaces", empty, 2 * empty)
        line("dead Taoists", dead, -3 * dead)
        line("haunted tiles", haunted, -4 * haunted)
        if won:
            line("last incarnation exorcised", 1, 10)
        bonus = level.incarnation_bonus if n >= 3 else level.incarnation_bonus[1:]
        others = exorcised - (1 if won else 0)
        for i in range(min(others, len(bonus))):
            line(f"incarnation {i + 1} exorcised", 1, bonus[i])
    else:
        if won:
            line("victory", 1, level.victory)
        line("Qi left", qi, qi)
        cards = len(state.deck)
        line("cards left in the deck", cards, cards if won else -cards)
        line("dead Taoists", dead, -3 * dead)
        line("haunted tiles", haunted, -4 * haunted)
        for i in range(min(exorcised, len(level.incarnation_bonus))):
            line(f"incarnation {i + 1} exorcised", 1, level.incarnation_bonus[i])
    return {"lines": lines, "total": sum(x["points"] for x in lines)}

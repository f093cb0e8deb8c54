"""Terminal rendering of a Run, Ghost, Run! view with Rich: the hall, doors, furniture, ghosts, the
keyhole, the players' cards and points, and what the keyhole saw last turn.

Works from the view alone, so it shows exactly what the seat may know.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

PIECE_LETTER = {"piano": "P", "desk": "D", "table": "T", "armchair": "A", "trolley": "C", "mirror": "M"}
"""One letter per piece on the hall map (C for the trolley, the room-service cart)."""

COLOUR_STYLE = {"red": "bold red", "blue": "bold blue", "green": "bold green", "orange": "bold dark_orange"}
SIZE_LETTER = {"small": "s", "medium": "m", "large": "L"}
PLACE_MARK = {"floor": "", "under": "_", "inside": "#", "on": "^"}


def _door_label(view: dict[str, Any], side: str, number: int) -> Text:
    key = view["keyhole"]
    label = f"{side[0].upper()}{number}"
    if key["side"] == side and key["door"] == number:
        return Text(f"({label})", style="bold yellow")
    return Text(label, style="dim")


def hall_table(view: dict[str, Any]) -> Table:
    """The 6 x 6 hall (row numbers on the left, column letters below) with its doors labelled by
    side initial and number (the keyhole's in brackets): each space shows its piece (letter, ``*`` on its anchor) and
    its ghosts (the seat's own where its plan so far leaves them) as colour initial + size letter
    (``rs``: a small red ghost) and place mark (``_`` under, ``#`` inside, ``^`` on)."""
    spaces = {s["name"]: s for s in view["hall"]["spaces"]}
    anchors = {f["anchor"]: f for f in view["furniture"]}
    by_space: dict[str, list[dict[str, Any]]] = {}
    planned = {g["id"]: g for g in (view.get("my_plan") or {}).get("ghosts_after", [])}
    for g in view["ghosts"]:
        shown = (
            {**g, "space": planned[g["id"]]["space"], "place": planned[g["id"]]["place"]} if g["id"] in planned else g
        )
        if shown["space"]:
            by_space.setdefault(shown["space"], []).append(shown)
    table = Table(show_header=False, show_lines=True, box=None, padding=(0, 1))
    table.add_column(justify="right", min_width=2)
    for _ in range(8):
        table.add_column(justify="center", min_width=5)
    north = [Text(""), Text("")] + [_door_label(view, "north", 6 - c) for c in range(6)] + [Text("")]
    table.add_row(*north)
    for row in range(5, -1, -1):
        cells: list[RenderableType] = [Text(str(row + 1), style="bold"), _door_label(view, "west", 6 - row)]
        for col in range(6):
            name = f"{'ABCDEF'[col]}{row + 1}"
            cell = Text()
            piece = spaces[name]["piece"]
            if piece:
                mark = PIECE_LETTER.get(piece, "?")
                if name in anchors:
                    mark += "*"
                cell.append(mark, style="bold white on grey30")
            else:
                cell.append("·", style="dim")
            for g in by_space.get(name, []):
                cell.append(" ")
                cell.append(
                    g["colour"][0] + SIZE_LETTER[g["size"]] + PLACE_MARK.get(g["place"] or "floor", ""),
                    COLOUR_STYLE.get(g["colour"], ""),
                )
            cells.append(cell)
        cells.append(_door_label(view, "east", row + 1))
        table.add_row(*cells)
    south = [Text(""), Text("")] + [_door_label(view, "south", c + 1) for c in range(6)] + [Text("")]
    table.add_row(*south)
    table.add_row(Text(""), Text(""), *[Text(c, style="bold") for c in "ABCDEF"], Text(""))
    return table


def players_table(view: dict[str, Any]) -> Table:
    """One line per player: side, card, points, ghosts out and at home, plan status."""
    table = Table(title="players", show_edge=False)
    for head in ("seat", "start", "card", "points", "out", "home", "plan"):
        table.add_column(head)
    for p in view["players"]:
        card = p["card"]
        card_text = (
            "-"
            if card is None
            else f"{card['value']}" + (f" ({'/'.join(card['furniture'])})" if card["furniture"] else "")
        )
        plan = "" if p["plan_done"] is None else ("done" if p["plan_done"] else "planning")
        holder = " (die)" if p["seat"] == view["die_holder"] else ""
        table.add_row(
            Text(p["colour"] + holder, style=COLOUR_STYLE.get(p["colour"], "")),
            p["start_side"],
            card_text,
            str(p["points"]),
            str(p["exited"]),
            str(p["at_home"]),
            plan,
        )
    return table


def sight_lines(view: dict[str, Any]) -> list[Text]:
    """What the keyhole saw at the end of the last turn, and how last turn's plans went."""
    out: list[Text] = []
    report = view.get("last_turn") or {}
    for step in report.get("steps", []):
        line = f"  {step['ghost']}: {step['from']} -> {step['to']}"
        if step.get("stopped_short"):
            line += f" (stopped short of {step['planned']})"
        if step.get("merged"):
            line += f" (merged into {step['became']})"
        out.append(Text(line, style="dim"))
    for look in report.get("looks", []):
        seen = ", ".join(
            f"{s['ghost']} on {s['space']}" + (" (mirror)" if s["how"] == "mirror" else "") for s in look["seen"]
        )
        out.append(Text(f"keyhole at {look['side']} door {look['door']} saw: {seen or 'nobody'}", style="bold yellow"))
    if report.get("perched_cat"):
        out.append(Text(f"Perched Cat sent home: {', '.join(report['perched_cat'])}"))
    return out


def render_view(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The whole table for ``seat`` as one Rich renderable."""
    parts: list[RenderableType] = []
    key = view["keyhole"]
    head = f"turn {view['turn']} · phase {view['phase']} · keyhole: {key['side']} door {key['door']}"
    midnight = view["midnight"]
    if midnight["card"]:
        head += f" · Midnight Strikes: {midnight['card']['title']}"
    if midnight["crystal_ball"]:
        head += f" (door {midnight['crystal_ball']})"
    parts.append(Text(head, style="bold"))
    parts.append(hall_table(view))
    parts.append(
        Text(
            "pieces: "
            + ", ".join(
                f"{PIECE_LETTER[f['name']]}={f['name']} facing {f['facing']}"
                + (" (tipped)" if f["posture"] == "tipped" else "")
                for f in view["furniture"]
            ),
            style="dim",
        )
    )
    parts.append(players_table(view))
    if view["last_turn"]:
        parts.append(Text(f"last turn ({view['last_turn'].get('turn')}):", style="bold"))
        parts.extend(sight_lines(view))
    plan = view.get("my_plan")
    if plan:
        steps = ", ".join(f"{s['ghost']}->{s['to']}" for s in plan["steps"]) or "no steps yet"
        parts.append(Text(f"your plan: {steps}; {plan['points_left']} points left", style="cyan"))
    if view["phase"] == "over":
        parts.append(Text(game_over_line(view), style="bold"))
    return Group(*parts)


def game_over_line(view: dict[str, Any]) -> str:
    """Why the game ended and who won (seed, "End of the Game": no Movement card is left; the most
    points win, ties broken by ghosts exited, then by fewer ghosts left on the starting side)."""
    ranked = sorted(view["players"], key=lambda p: (p["points"], p["exited"], -p["at_home"]), reverse=True)
    best = (ranked[0]["points"], ranked[0]["exited"], ranked[0]["at_home"])
    winners = [p["colour"] for p in ranked if (p["points"], p["exited"], p["at_home"]) == best]
    standings = ", ".join(f"{p['colour']} {p['points']}" for p in ranked)
    verdict = "a tie between " + " and ".join(winners) if len(winners) > 1 else f"{winners[0]} wins"
    return f"Game over: no Movement card is left. Points: {standings}; {verdict}."

"""Terminal rendering of an Old House view with Rich (used by ``ghosttable play old-house --terminal``).

It draws only what the view holds: the Phantom's private map (its cell and route) appears only in
the Phantom's own view, the traps only in the hunters' views.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

TYPE_STYLE = {"corridor": "on grey23", "dark": "on grey11", "furnished": "on dark_orange3", "damp": "on dark_cyan"}
"""Background of each cell type."""

HUNTER_MARK = {"medium": "M", "athlete": "A", "tracker": "T", "engineer": "E", "photographer": "F", "exorcist": "X"}
"""One capital per hunter of the default roster (reference, part 2: Hunters); any other hunter's
mark is its name's first letter."""

ENTITY_MARK = {"shadows": "s", "poltergeist": "p", "slime": "l"}
"""One small letter per entity kind (reference, part 2: Entities)."""


def hunter_mark(name: str) -> str:
    """The capital letter drawn for the hunter called ``name``."""
    return HUNTER_MARK.get(name, name[:1].upper())


def _cell_text(view: dict[str, Any], name: str, heat_map: bool) -> Text:
    marks: list[tuple[str, str]] = []
    private = view.get("private")
    phantom = view["phantom"]
    if private is not None and private["cell"] == name:
        marks.append(("@", "bold magenta"))
    elif phantom["cell"] == name:
        marks.append(("@", "bold red"))
    for h in view["hunters"]:
        if h["cell"] == name:
            marks.append((hunter_mark(h["name"]), "bold white"))
    for e in view["entities"]:
        if e["cell"] == name:
            marks.append((ENTITY_MARK.get(e["kind"], e["kind"][:1]), "bold green"))
    for r in view["relics"]:
        if r["cell"] == name:
            marks.append(("x" if r["destroyed"] else "R", "yellow"))
    if name in view["pentagrams"]:
        marks.append(("*", "bold blue"))
    if name in view["trails"]:
        marks.append(("~", "bold cyan"))
    if any(t["cell"] == name for t in view.get("traps", [])):
        marks.append(("#", "bold red"))
    if private is not None and any(step["cell"] == name for step in private["route"]):
        marks.append((".", "magenta"))
    if heat_map and private is None and name in view.get("possible_cells", ()):
        marks.append(("?", "bright_black"))
    text = Text()
    for mark, style in marks[:4]:
        text.append(mark, style=style)
    text.pad_right(4 - len(text))
    return text


def render_map(view: dict[str, Any], heat_map: bool = False) -> Table:
    """The house as a grid: north at the top; walls drawn as ``|`` and ``_`` marks beside cells.
    With ``heat_map`` (the rule option `heat-map`), a hunter's or spectator's map marks the cells
    where the Phantom may be with ``?``."""
    house = view["house"]
    width, height = house["width"], house["height"]
    types = house["cell_types"]
    walls = {frozenset(w) for w in house["walls"]}
    table = Table(show_header=True, show_lines=False, box=None, padding=(0, 0))
    table.add_column("")
    for col in range(width):
        table.add_column(chr(ord("A") + col), justify="left")
    for row in range(height, 0, -1):
        cells: list[RenderableType] = [Text(f"{row} ")]
        for col in range(width):
            name = f"{chr(ord('A') + col)}{row}"
            text = _cell_text(view, name, heat_map)
            east = f"{chr(ord('A') + col + 1)}{row}"
            south = f"{chr(ord('A') + col)}{row - 1}"
            text.append("|" if frozenset((name, east)) in walls else " ")
            text.append("_" if frozenset((name, south)) in walls else " ")
            text.stylize(TYPE_STYLE.get(types[name], ""))
            cells.append(text)
        table.add_row(*cells)
    return table


def render_view(view: dict[str, Any], heat_map: bool = False) -> RenderableType:
    """The whole table for one seat: the map, the status lines (the heroes on offer at setup and
    the cards left to share after Twilight among them; with, under
    ``three-hunters=balanced``, a pending free second Horror fright and a Phantom already named
    this phase) and the newest log lines. The legend's ``.`` (the Phantom's route) is shown only
    on the Phantom's own map, which alone has it.
    ``heat_map`` is the rule option `heat-map` (see :func:`render_map`)."""
    phantom = view["phantom"]
    hunters = ", ".join(f"{hunter_mark(h['name'])} {h['title']}" for h in view["hunters"])
    route = ". your route, " if view.get("private") is not None else ""
    hunters = f"{hunters}; " if hunters else ""
    legend = (
        f"Legend: @ Phantom; {hunters}R relic (x destroyed), ~ trail, * pentagram, # hunters' trap, "
        f"{route}s/p/l Shadows/Poltergeist/Slime"
    )
    if heat_map and view.get("private") is None:
        legend += ", ? possible Phantom cell"
    lines = [
        Text(
            f"Round {view['time']['round']}/{view['time']['rounds']} ({view['phase']}); "
            f"relics destroyed {view['relics_destroyed']}/{len(view['relics'])}; "
            f"Phantom Damage {phantom['damage']}/{phantom['banishment']}; "
            f"Phantom's hand {phantom['hand_size']} card{'' if phantom['hand_size'] == 1 else 's'}"
        ),
        Text(legend),
    ]
    if phantom["horror_left"]:
        n = phantom["horror_left"]
        lines.append(
            Text(f"Horror: {n} more hunter{'' if n == 1 else 's'} may be frightened this turn, free (no card)")
        )
    if phantom["named"]:
        lines.append(Text("The Phantom was named this phase: no hunter may name it again before its next turn"))
    if phantom["action_cards"]:
        lines.append(Text("Phantom's action cards: " + ", ".join(c["phantom"] for c in phantom["action_cards"])))
    for h in view["hunters"]:
        cards = ", ".join(c["hunter"] for c in h["cards"]) or "no cards"
        flag = " (horrified)" if h["horrified"] else ""
        lines.append(Text(f"{h['title']} ({h['seat']}) on {h['cell']}: {cards}{flag}"))
    private = view.get("private")
    if private is not None:
        hand = ", ".join(f"{d} {n}" for d, n in private["hand"].items())
        lines.append(Text(f"You are on {private['cell']}; Move cards: {hand}", style="magenta"))
    if view.get("traps"):
        lines.append(Text("Traps: " + ", ".join(t["cell"] for t in view["traps"]), style="red"))
    if view.get("checked_route"):
        lines.append(Text("The check showed the Phantom's turn: " + ", ".join(view["checked_route"]), style="red"))
    heroes = view.get("heroes")
    if heroes:
        lines.append(Text(f"Heroes on offer ({heroes['choosing']} chooses):", style="bold"))
        lines += [Text(f"  {h['title']} ({h['name']}): {h['text']}") for h in heroes["offered"]]
    sharing = view.get("sharing")
    if sharing:
        cards = ", ".join(f"#{c['id']} {c['hunter']}" for c in sharing["available"])
        lines.append(Text(f"Cards left to share among the hunters: {cards}", style="bold"))
    log = [Text(line, style="dim") for line in view["log"][-8:]]
    return Group(render_map(view, heat_map), *lines, *log)

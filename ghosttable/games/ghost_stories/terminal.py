"""Terminal rendering of a Ghost Stories view with Rich (``ghosttable play ghost-stories --terminal``).

Every number a player reads here is the one the actions use: ghost spaces are numbered 0-11 as in
``place space=S`` (the south board holds 0-2, west 3-5, north 6-8, east 9-11), village tiles 0-8
as in ``move tile=P``, boards and Taoists 0-3 as in ``board=B`` and ``taoist=B``. The engine's log
lines that name a space by its board and rank ("east space 1") get the space's number added
("east space 1 (space 9)").
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

STYLE = {"red": "red", "green": "green", "blue": "blue", "yellow": "yellow", "black": "bright_black", "white": "white"}


def _ghost_text(space: dict[str, Any]) -> Text:
    g = space["ghost"]
    text = Text()
    if g is None:
        text.append("· empty ·", style="dim")
        if space["buddha"]:
            text.append(" [Buddha]", style="bold magenta")
        return text
    text.append(g["name"], style=f"bold {STYLE[g['colour']]}")
    res = " ".join(f"{c[0].upper()}{n}" for c, n in g["resistance"].items())
    text.append(f" {res}")
    kinds = [a["kind"] for a in g["arrival"] + g["yin"] + g["exorcised"] if a["kind"] != "incarnation_reward"]
    if kinds:
        text.append(" (" + ", ".join(dict.fromkeys(kinds)) + ")", style="dim")
    if g["haunting_step"] is not None:
        text.append(f" haunt:{g['haunting_step']}/2", style="bold red" if g["haunting_step"] else "")
    if g["mantra"]:
        text.append(" [Mantra]", style="cyan")
    if space["buddha"]:
        text.append(" [Buddha]", style="bold magenta")
    if g["incarnation"]:
        text.append(" WU-FENG", style="bold white on red")
    return text


def _board(board: dict[str, Any], active: bool) -> Panel:
    lines = [Text(f"{sp['space']:>2}. ").append_text(_ghost_text(sp)) for sp in board["spaces"]]
    owner = f"seat {board['seat'] + 1}" if board["seat"] is not None else f"neutral, Qi {board['qi']}"
    power = board["power"]["name"] + ("" if board["power"]["active"] else " (off)")
    title = f"{board['side']} (board {board['board']}) · {board['colour']} · {owner}" + (
        " · possessed" if board["possessed"] else ""
    )
    return Panel(
        Group(*lines, Text(power, style="italic")),
        title=title,
        border_style=("bold " if active else "") + STYLE[board["colour"]],
    )


def _village(view: dict[str, Any]) -> Table:
    table = Table(show_header=False, show_lines=True, expand=False)
    for _ in range(3):
        table.add_column(width=24)
    colour_of = {t["board"]: t["colour"] for t in view["taoists"]}
    for r in range(3):
        cells = []
        for tile in view["village"][r * 3 : r * 3 + 3]:
            text = Text(f"{tile['position']} ")
            if tile["haunted"]:
                text.append(tile["name"], style="strike dim")
                text.append(" HAUNTED", style="bold red")
            else:
                text.append(tile["name"], style="bold")
            for b in tile["taoists"]:
                text.append(f"\n  Taoist {colour_of[b]}", style=STYLE[colour_of[b]])
            if tile["buddhas"]:
                text.append(f"\n  Buddhas: {tile['buddhas']}", style="magenta")
            if tile["circle_token"]:
                text.append(f"\n  token: {tile['circle_token']}", style=STYLE[tile["circle_token"]])
            if tile["power_tokens"]:
                text.append(f"\n  power tokens: {tile['power_tokens']}")
            cells.append(text)
        table.add_row(*cells)
    return table


def _taoists(view: dict[str, Any]) -> Table:
    table = Table(title="Taoists")
    for col in ("taoist", "seat", "colour", "Qi", "Tao tokens", "Yin-Yang", "Buddhas", "tile", "power tokens"):
        table.add_column(col)
    for t in view["taoists"]:
        tokens = " ".join(f"{c}×{n}" for c, n in t["tokens"].items() if n) or "-"
        table.add_row(
            str(t["board"]),
            str(t["seat"] + 1),
            Text(t["colour"], style=STYLE[t["colour"]]),
            str(t["qi"]) if t["alive"] else "dead",
            tokens,
            "yes" if t["yin_yang"] else "no",
            f"{t['buddhas']}" + (f" (+{t['buddhas_taken_this_turn']})" if t["buddhas_taken_this_turn"] else ""),
            str(t["position"]),
            str(t["power_tokens"]),
        )
    return table


_SPACE_IN_LOG = re.compile(r"\b(south|west|north|east) space ([123])\b")


def log_line(line: str, view: dict[str, Any]) -> str:
    """An engine log line as the terminal shows it: a ghost space named by its board and rank
    ("east space 1", ranks 1-3 from the board's left) also gets the number the actions and the
    boxes use ("east space 1 (space 9)")."""
    first = {b["side"]: b["spaces"][0]["space"] for b in view["boards"]}

    def number(m: re.Match[str]) -> str:
        return f"{m.group(0)} (space {first[m.group(1)] + int(m.group(2)) - 1})"

    return _SPACE_IN_LOG.sub(number, line)


WIDE = 110
"""Terminal columns from which the west and east boards sit beside the village; below it they
sit side by side under the village, which keeps the tile names whole at 80 columns."""


class _Table:
    """The village and its boards, laid out for the width Rich gives at drawing time."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        view = self.view
        boards = {b["side"]: _board(b, b["board"] == view["active_board"]) for b in view["boards"]}
        middle = Table.grid(padding=1, expand=options.max_width < WIDE)
        if options.max_width >= WIDE:
            for _ in range(3):
                middle.add_column()
            middle.add_row(boards["west"], _village(view), boards["east"])
            yield Group(boards["north"], middle, boards["south"])
            return
        middle.add_column(ratio=1)
        middle.add_column(ratio=1)
        middle.add_row(boards["west"], boards["east"])
        yield Group(boards["north"], _village(view), middle, boards["south"])


def _incarnations_at(places: list[int]) -> str:
    """Where the incarnations still in the deck lie, counted from its top (the view's public places)."""
    if not places:
        return "no incarnation left in the deck"
    return f"{'incarnation' if len(places) == 1 else 'incarnations'} at {', '.join(map(str, places))} from the top"


def render(view: dict[str, Any], seat: int | None) -> RenderableType:
    """The village (3x3 tiles) between its four boards (at 110 columns and more; narrower, the west
    and east boards go under the village), the Taoists, the deck, dice and recent log."""
    deck = view["deck"]
    status = Text(
        f"Level {view['level']} · turn {view['turn']} · deck {deck['size']} cards"
        f" ({_incarnations_at(deck['incarnations_at'])}) · haunted tiles {view['haunted_tiles']}"
        f" · supply Qi {view['supply']['qi']} · dice {', '.join(view['dice']['tao']) or '-'}"
        f" · curse die {view['dice']['curse'] or '-'}"
    )
    log = Text("\n".join(log_line(line, view) for line in view["log"][-8:]), style="dim")
    parts: list[RenderableType] = [_Table(view), _taoists(view), status, log]
    if view["result"]:
        parts.append(Text(f"{view['result'].upper()}: {view['end_reason']}", style="bold"))
    return Group(*parts)

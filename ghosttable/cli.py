"""The ``ghosttable`` command line (Typer + Rich).

Every command has ``--help``. Bad arguments, unknown games, bad options and unreadable files
end with a one-line ``error: ...`` on standard error and exit code 2, never a traceback.
"""

from __future__ import annotations

import importlib
import json
import math
import os
import random
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ghosttable import __version__
from ghosttable.ai.base import bot_names, choose_whole, make_bot
from ghosttable.ai.play import SimulationResult, new_result, play_batch, play_game, simulate
from ghosttable.core.actions import WRITTEN_INTEGER, Action, coerce_action
from ghosttable.core.errors import GameError, OptionError
from ghosttable.core.playout import derive_seed
from ghosttable.core.records import Record, replay
from ghosttable.core.spec import option_key, written
from ghosttable.core.state import Game, State, UndoLog
from ghosttable.registry import game_class, game_names, load

if TYPE_CHECKING:
    from ghosttable.distributed import Cluster

app = typer.Typer(
    name="ghosttable",
    help="A digital tabletop for Ghost Stories, Run, Ghost, Run! and The Mystery of the Old House.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode="markdown",
)
console = Console()
err_console = Console(stderr=True)


class CliError(Exception):
    """A one-line error for the user (exit code 2)."""


def _check_records_folder(folder: Path) -> None:
    """Refuse a ``--records`` path that is not a folder, or a folder already holding game records
    (they would be overwritten in part, mixing two batches)."""
    if folder.exists() and not folder.is_dir():
        raise CliError(f"--records {folder} is not a folder")
    if folder.is_dir() and any(folder.glob("game-*.json")):
        raise CliError(f"--records {folder} already holds game records (game-*.json): choose an empty or new folder")


MAX_GAMES = 1_000_000
"""The most games one ``simulate`` plays (a larger batch is several runs with other ``--seed``s)."""


def in_range(option: str, low: float, high: float | None, what: str) -> Callable[[float | None], float | None]:
    """An option callback refusing a number below ``low`` or above ``high`` (both included;
    ``high`` ``None``: no upper bound) with a one-line ``CliError`` naming the accepted range, where
    ``what`` says what the option counts (``"a number of seconds"``). ``NaN`` and infinities are
    refused too (a plain ``min``/``max`` check lets ``NaN`` through or blames the wrong bound)."""

    def shown(bound: float) -> str:  # 1000000, not 1e+06
        return str(int(bound)) if float(bound).is_integer() else f"{bound:g}"

    accepted = f"from {shown(low)} to {shown(high)}" if high is not None else f"{shown(low)} or more"

    def check(value: float | None) -> float | None:
        if value is None or (math.isfinite(value) and low <= value and (high is None or value <= high)):
            return value
        raise CliError(f"{option} must be {what}, {accepted}, not {value}")

    return check


def _version(value: bool) -> None:
    if value:
        console.print(f"ghosttable {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", help="Print the version and exit.", callback=_version, is_eager=True)
    ] = False,
) -> None:
    """A digital tabletop for three ghost board games."""


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``["level=hell", "x=1"]`` as a dict. Raises ``CliError`` on an item without ``=`` and on
    an option given twice (``level`` and ``level``, or ``haunted-tiles-lose`` and its ``_`` spelling)."""
    out: dict[str, str] = {}
    seen: set[str] = set()
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise CliError(f"--option takes KEY=VALUE, not {pair!r}")
        name = key.strip()
        if option_key(name) in seen:
            raise CliError(f"option {name} is given twice; give each option once")
        seen.add(option_key(name))
        out[name] = value  # as written: " true" is not true (one spelling, as in the lobby)
    return out


def seats_named(game: Game, name: str) -> tuple[int, ...]:
    """The seats a command-line name stands for: a side (``hunters``), a seat name (``phantom``),
    or a 1-based seat number (``2``, ``seat2``). Raises ``CliError`` for any other name."""
    key = name.strip().lower()
    seats = game.seat_names()
    sides = game.sides()
    if key in sides:
        return sides[key]
    if key in seats:
        return (seats.index(key),)
    number = key.removeprefix("seat")
    if number.isdigit() and 1 <= int(number) <= game.players:
        return (int(number) - 1,)
    known = ", ".join(sorted({*seats, *sides}))
    raise CliError(f"no seat or side {name.strip()!r} (seats and sides: {known})")


def assign_bots(game: Game, specs: list[str] | None, default: str, *, measurement: bool = False) -> list[str]:
    """One bot name per seat from ``--bot`` arguments.

    ``NAME`` once fills every seat; ``NAME`` repeated once per seat fills them in order;
    ``SEAT=NAME`` names a seat (``seat2``, ``2``: seats are numbered from 1; a seat name such as
    ``phantom``) or a side (``hunters``), and one ``NAME`` beside it fills the seats not named.
    ``measurement`` also accepts the bots kept for measurement (an oracle that sees the true
    state: ``simulate`` and ``bench`` only). Raises ``CliError`` for anything else,
    ``OptionError`` for an unknown bot.
    """
    seats = game.seat_names()
    names: list[str | None] = [None] * game.players
    plain = [s for s in specs or [] if "=" not in s]
    named = [s for s in specs or [] if "=" in s]
    if len(plain) > 1 and named:
        raise CliError(
            "use --bot NAME per seat in order, or --bot SEAT=NAME (with at most one --bot NAME for"
            " the other seats), not both"
        )
    if len(plain) == 1:
        names = [plain[0]] * game.players
    elif plain:
        if len(plain) != game.players:
            raise CliError(f"{len(plain)} --bot values for {game.players} seats: give one, or one per seat")
        names = list(plain)
    named_seats: set[int] = set()
    for item in named:
        key, _, bot = item.partition("=")
        for t in seats_named(game, key):
            if t in named_seats:
                raise CliError(f"seat {seats[t]} is given two bots; name each seat once")
            named_seats.add(t)
            names[t] = bot.strip()
    result = [n if n is not None else default for n in names]
    available = bot_names(game, measurement=measurement)
    for n in result:
        if n not in available:
            raise OptionError(f"no bot {n!r} for {game.spec.name} (bots: {', '.join(available)})")
    return result


def _default_bot(game: Game) -> str:
    return "heuristic" if "heuristic" in bot_names(game) else "random"


def _load(game: str, players: int | None, options: list[str] | None) -> Game:
    return load(game, players=players, **parse_options(options))


GameArg = Annotated[str, typer.Argument(help="A registered game (see `ghosttable games`).")]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="Number of seats.")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", help="A rule option as KEY=VALUE (repeatable; yes-or-no options take true or false)."
    ),
]


@app.command()
def games(json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False) -> None:
    """List the registered games and their rule options."""
    specs = [game_class(name).spec for name in game_names()]
    if json_out:
        print(json.dumps([s.to_json() for s in specs], indent=1))
        return
    table = Table(title="Games")
    table.add_column("name", no_wrap=True)
    table.add_column("title", ratio=1)  # the title wraps, by words, before an option does
    table.add_column("players", no_wrap=True)
    table.add_column("options (default)", no_wrap=True)
    for spec in specs:
        opts = "\n".join(f"{o.name}={written(o.default)}" for o in spec.options) or "-"
        table.add_row(spec.name, spec.title, f"{spec.min_players}-{spec.max_players}", opts)
    console.print(table)


MAX_WORKERS = 1024
"""The most Ray workers one ``simulate --workers`` asks for."""

WorkersOpt = Annotated[
    int | None,
    typer.Option(
        "--workers",
        "-w",
        callback=in_range("--workers", 1, MAX_WORKERS, "a number of worker processes"),
        help="Play the games on this many Ray worker processes (here, or at most this many of the"
        " cluster's with --address); needs the ray extra.",
    ),
]
AddressOpt = Annotated[
    str | None,
    typer.Option(
        "--address",
        help="Play on an existing Ray cluster: ray://HOST:PORT (Ray Client), HOST:PORT (its head) or auto.",
    ),
]


def _cluster(workers: int | None, address: str | None) -> Cluster:
    """The Ray cluster that ``--workers`` and ``--address`` ask for (not started yet). Raises
    ``CliError`` when Ray is not installed."""
    import importlib.util

    option = "--address" if address is not None else "--workers"
    if importlib.util.find_spec("ray") is None:
        raise CliError(f"{option} needs Ray, which is not installed: pip install 'ghosttable[ray]'")
    from ghosttable.distributed import Cluster

    return Cluster(workers, address)


class _RateColumn(ProgressColumn):
    """Games per second, as Rich estimates the task's speed."""

    def render(self, task: Task) -> Text:
        return Text("" if task.speed is None else f"{task.speed:,.1f} games/s", style="progress.data.speed")


class _SimulationProgress:
    """A progress bar on standard error: games done, wins so far, games per second (and
    ``starting``, a note beside the game's name until the first chunk is in). Rich leaves it off
    when standard error is not an interactive terminal (a file, a pipe, ``TERM=dumb``)."""

    def __init__(self, game: Game, games: int, starting: str | None = None) -> None:
        self.name = game.spec.name
        self.starting = starting
        self.cooperative = game.spec.cooperative
        self.sides = list(game.sides())
        self.wins: dict[str, int] = dict.fromkeys(self.sides, 0)
        self.progress = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[wins]}"),
            _RateColumn(),
            TimeRemainingColumn(),
            console=err_console,
            transient=True,
            disable=not err_console.is_interactive,
        )
        described = f"{self.name} ({starting})" if starting else self.name
        self.task = self.progress.add_task(described, total=games, wins=self._wins())

    def _wins(self) -> str:
        if self.cooperative:
            return f"wins {self.wins.get('team', 0)}"
        return "wins " + ", ".join(f"{side} {self.wins[side]}" for side in self.sides)

    def game(self, _: int, state: State) -> None:
        """One more game played (``simulate``'s ``on_game``)."""
        for side in state.winning_sides():
            self.wins[side] = self.wins.get(side, 0) + 1
        self.progress.update(self.task, advance=1, wins=self._wins())

    def chunk(self, part: SimulationResult) -> None:
        """One more chunk of games played (a Ray run's ``on_chunk``); the first one ends the
        ``starting`` note."""
        for side, count in part.side_wins.items():
            self.wins[side] = self.wins.get(side, 0) + count
        self.progress.update(self.task, advance=part.games, wins=self._wins(), description=self.name)

    def __enter__(self) -> _SimulationProgress:
        self.progress.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.progress.stop()


def seconds_per_decision_line(game: Game, figures: dict[str, list[float | None]]) -> str:
    """One line of ``simulate``'s ``seconds_per_decision``, seat by seat, in milliseconds:
    ``bot time per decision (mean / max): phantom 0.021 / 1.20 ms, hunter1 ...``."""

    def ms(value: float | None) -> str:
        return "-" if value is None else f"{1000 * value:.3g}"

    seats = ", ".join(
        f"{name} {ms(mean)} / {ms(most)}"
        for name, mean, most in zip(game.seat_names(), figures["mean"], figures["max"], strict=True)
    )
    return f"bot time per decision (mean / max): {seats} ms"


@app.command(name="simulate")
def simulate_cmd(
    game: GameArg,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            "-b",
            help="NAME for every seat, NAME per seat in order, or SEAT=NAME (SEAT: a number from 1, a"
            " seat's name or a side; with one NAME for the seats not named).",
        ),
    ] = None,
    games_: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            callback=in_range("--games", 1, MAX_GAMES, "a number of games"),
            help=f"How many games (1 to {MAX_GAMES:,}).",
        ),
    ] = 100,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Base seed.")] = 0,
    json_out: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    records: Annotated[Path | None, typer.Option("--records", help="Save every game's record here.")] = None,
    workers: WorkersOpt = None,
    address: AddressOpt = None,
) -> None:
    """Play seeded games between bots and print outcomes, mean score and speed.

    With --workers or --address the games are played by Ray workers, with the same figures as
    here (records are written here, in game order). A progress bar shows on standard error when
    it is a terminal.
    """
    g = _load(game, players, option)
    bots = assign_bots(g, bot, "random", measurement=True)
    if records is not None:
        _check_records_folder(records)
    cluster = _cluster(workers, address) if workers is not None or address is not None else None
    if cluster is not None:
        from ghosttable.distributed import ClusterError

        try:
            with _SimulationProgress(g, games_, starting="starting Ray") as progress, cluster:
                result = cluster.simulate(g, bots, games_, seed, records_dir=records, on_chunk=progress.chunk)
        except ClusterError as exc:
            raise CliError(str(exc)) from None
    else:
        with _SimulationProgress(g, games_) as progress:
            result = simulate(g, bots, games_, seed, records_dir=records, on_game=progress.game)
    data = result.to_json()
    if json_out:
        print(json.dumps(data))
        return
    console.print(f"[bold]{g.describe()}[/bold], bots: {', '.join(bots)}")
    table = Table(show_header=True)
    table.add_column("outcome")
    table.add_column("games", justify="right")
    for name, count in data["outcomes"].items():
        table.add_row(name, str(count))
    console.print(table)
    rate, interval = data["win_rate"], data["win_interval"]
    if isinstance(rate, dict):
        console.print(
            "win rate: "
            + ", ".join(f"{k} {v:.1%} (95%: {interval[k][0]:.1%}-{interval[k][1]:.1%})" for k, v in rate.items())
        )
    else:
        console.print(f"win rate: {rate:.1%} (95%: {interval[0]:.1%}-{interval[1]:.1%})")
    if data["mean_score"] is not None:
        error = data["score_error"]
        spread = f" (standard error {error:.2f})" if error is not None else ""
        console.print(f"mean score: {data['mean_score']:.2f}{spread}")
    dps = data["decisions_per_second"] or 0.0
    console.print(f"{data['decisions']} decisions in {data['seconds']:.2f} s ({dps:,.0f} decisions/s)")
    if cluster is not None:
        console.print(
            f"played by {cluster.workers} Ray worker{'s' if cluster.workers > 1 else ''},"
            f" started in {cluster.startup_seconds:.1f} s (not counted above)"
        )
    console.print(seconds_per_decision_line(g, data["seconds_per_decision"]), highlight=False, soft_wrap=True)


@app.command(name="replay")
def replay_cmd(
    record: Annotated[Path, typer.Argument(help="A record file (JSON).")],
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """Verify a record by replaying it, and print its summary."""
    rec = Record.load(record)
    state = replay(rec)
    summary: dict[str, Any] = {
        "game": rec.game,
        "version": rec.version,
        "players": rec.players,
        "options": rec.options,
        "seed": rec.seed,
        "actions": len(rec.actions),
        "finished": state.is_terminal(),
        "outcome": state.outcome(),
        "returns": state.returns() if state.is_terminal() else None,
        "score": state.score(),
        "verified": True,
        "checksum": "matched" if rec.checksummed else "absent",
    }
    if json_out:
        print(json.dumps(summary))
        return
    console.print(f"[green]verified[/green]: {rec.game} {rec.version}, {_players(rec.players)}, seed {rec.seed}")
    options = ", ".join(f"{name}={written(value)}" for name, value in rec.options.items())
    console.print(f"options: {options or 'none'}", highlight=False, markup=False)
    actions = f"{len(rec.actions)} action{'' if len(rec.actions) == 1 else 's'}"
    if not summary["finished"]:
        console.print(f"{actions}; the game is not over")
    else:
        score = "" if summary["score"] is None else f"; score: {summary['score']}"
        console.print(f"{actions}; outcome: {summary['outcome']}{score}")
    if not rec.checksummed:
        console.print("no checksum in the file: its actions replay, but edits to it cannot be detected")


@app.command()
def rules(
    game: GameArg,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """The game's rule options and data (cards, tiles, map) as a readable reference."""
    g = _load(game, players, option)
    ref = g.reference()
    if json_out:
        print(json.dumps(ref, indent=1, ensure_ascii=False))
        return
    spec = g.spec
    console.print(f"[bold]{spec.title}[/bold] ({spec.name}, rules version {spec.version})")
    console.print(
        f"{spec.min_players}-{spec.max_players} players, {spec.dynamics}, "
        f"{'with' if spec.chance else 'no'} chance, "
        f"{'hidden information' if spec.hidden_information else 'perfect information'}"
        f"{', cooperative' if spec.cooperative else ''}"
    )
    if spec.options:
        table = Table(title="Rule options")
        for col in ("option", "default", "choices", "description"):
            table.add_column(col)
        for o in spec.options:
            choices = (
                ", ".join(map(str, o.choices)) if o.choices else "true, false" if isinstance(o.default, bool) else "-"
            )
            table.add_row(o.name, written(o.default), choices, o.description)
        console.print(table)
    for key, value in ref.items():
        if key in ("spec", "options"):
            continue
        console.rule(str(key))
        console.print_json(data=value)


class _TimeUp(Exception):
    """Raised between two moves when ``bench``'s time is up."""


@app.command()
def bench(
    game: GameArg,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    bot: Annotated[list[str] | None, typer.Option("--bot", "-b", help="Bots, as for simulate.")] = None,
    seconds: Annotated[
        float,
        typer.Option(
            "--seconds",
            callback=in_range("--seconds", 0.1, 86400, "a number of seconds"),
            help="Run for about this long (0.1 to 86400 seconds).",
        ),
    ] = 5.0,
    seed: Annotated[int, typer.Option("--seed", "-s")] = 0,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
    against_openspiel: Annotated[
        bool,
        typer.Option(
            "--against-openspiel",
            help="Random playouts beside OpenSpiel's pure-Python tic-tac-toe, with the ratio (GAME may be 'all').",
        ),
    ] = False,
    profile: Annotated[
        Path | None,
        typer.Option("--profile", help="Profile the run with cProfile: write the statistics to this file (pstats)."),
    ] = None,
    workers: WorkersOpt = None,
    address: AddressOpt = None,
) -> None:
    """Measure speed: decisions and games per second of seeded playouts, and time per bot move.

    Seeded games (seeded as simulate seeds them) are played until the time is up, then the game
    in play stops after its current move: games counts finished games, decisions every move.
    With --against-openspiel, random playouts (every seat a uniformly random legal action) run in
    alternating slices beside OpenSpiel's python_tic_tac_toe, and the ratio of decisions per second
    is printed: machines differ, the ratio less. With --profile, the run is profiled and the
    functions that took the most time are printed after the figures.

    With --workers or --address it measures simulate on Ray instead: the whole games played here
    in about --seconds, then the same games on the Ray workers, and the speed-up.
    """
    if profile is not None and profile.is_dir():
        raise CliError(f"--profile {profile} is a folder: give a file name")
    if profile is not None and not os.access(profile.parent, os.W_OK):
        raise CliError(f"--profile {profile}: cannot write in {profile.parent}")
    if against_openspiel:
        if bot:
            raise CliError("--against-openspiel plays random playouts: leave out --bot")
        names = game_names() if game == "all" else [game]
        targets = [_load(name, players if game != "all" else None, option if game != "all" else None) for name in names]
        _bench_openspiel(targets, seconds, seed, json_out, profile)
        return
    if game == "all":
        raise CliError(
            "`bench all` measures every game beside OpenSpiel's tic-tac-toe: add --against-openspiel, or name one game"
        )
    if profile is not None:
        report = bench_profiled(
            lambda: bench(game, players, option, bot, seconds, seed, json_out, workers=workers, address=address),
            profile,
        )
        if not json_out:
            console.print(report, markup=False, highlight=False)
        return
    g = _load(game, players, option)
    bots = assign_bots(g, bot, "random", measurement=True)
    if workers is not None or address is not None:
        _bench_workers(g, bots, seconds, seed, _cluster(workers, address), json_out)
        return
    started = time.perf_counter()
    deadline = started + seconds
    games_played = decisions = 0
    while time.perf_counter() < deadline:
        game_seed = derive_seed(seed, games_played)
        seats = [
            make_bot(g, name, s, derive_seed(game_seed, "bot", s), measurement=True) for s, name in enumerate(bots)
        ]
        moves = 0

        def count(_: State) -> None:
            nonlocal moves
            moves += 1
            if time.perf_counter() >= deadline:
                raise _TimeUp

        try:
            play_game(g, seats, game_seed, on_step=count)
        except _TimeUp:
            decisions += moves
            break
        games_played += 1
        decisions += moves
    elapsed = time.perf_counter() - started
    figures = {
        "game": g.spec.name,
        "players": g.players,
        "options": g.options,
        "bots": bots,
        "games": games_played,
        "decisions": decisions,
        "seconds": elapsed,
        "games_per_second": games_played / elapsed,
        "decisions_per_second": decisions / elapsed,
        "ms_per_decision": 1000 * elapsed / max(1, decisions),
    }
    if json_out:
        print(json.dumps(figures))
        return
    console.print(f"[bold]{g.describe()}[/bold], bots: {', '.join(bots)}")
    places = 0 if decisions >= 10 * elapsed else 2
    console.print(
        f"{games_played} games, {decisions} decisions in {elapsed:.2f} s: "
        f"{figures['games_per_second']:.2f} games/s, {figures['decisions_per_second']:,.{places}f} decisions/s, "
        f"{figures['ms_per_decision']:.3f} ms per decision"
    )


def _bench_openspiel(targets: list[Game], seconds: float, seed: int, json_out: bool, profile: Path | None) -> None:
    """``bench --against-openspiel``: the figures of :func:`ghosttable.bench.against_openspiel`."""
    from ghosttable.bench import OpenSpielMissing, against_openspiel

    try:
        figures = against_openspiel(targets, seconds, seed)
    except OpenSpielMissing as exc:
        raise CliError(str(exc)) from None
    report = ""
    if profile is not None:  # the games' playouts alone, tic-tac-toe left out
        from ghosttable.bench import GamePlayouts

        def run() -> None:
            for g in targets:
                GamePlayouts(g, seed).run(seconds)

        report = bench_profiled(run, profile)
    if json_out:
        print(json.dumps(figures))
        return
    base = figures["openspiel"]["decisions_per_second"]
    table = Table(title=f"Random playouts, decisions per second on one core ({seconds:g} s a game)")
    table.add_column("game")
    table.add_column("decisions/s", justify="right")
    table.add_column("ratio to tic-tac-toe", justify="right")
    table.add_column("determinize/s", justify="right")
    for row, g in zip(figures["games"], targets, strict=True):
        table.add_row(
            _short_description(g),
            f"{row['decisions_per_second']:,.0f}",
            f"{row['ratio']:.2f}",
            f"{row['determinizations_per_second']:,.0f}",
        )
    table.add_row("OpenSpiel python_tic_tac_toe", f"{base:,.0f}", "1.00", "")
    console.print(table)
    if report:
        console.print(report, markup=False, highlight=False)


def _short_description(game: Game) -> str:
    """``name, N players`` and the rule options that differ from their defaults."""
    seats = _players(game.players)
    changed = [
        f"{o.name}={written(game.options[o.name])}" for o in game.spec.options if game.options[o.name] != o.default
    ]
    return ", ".join([game.spec.name, seats, *changed])


def bench_profiled(work: Callable[[], None], path: Path) -> str:
    """Run ``work`` under cProfile, writing the statistics to ``path``; the top functions as text."""
    from ghosttable.bench import profiled

    return profiled(work, path)


SPEED_FREE_KEYS = ("seconds", "decisions_per_second", "seconds_per_decision")
"""The keys of ``simulate --json`` that depend on the machine's speed: all others are the same
for the same batch, however many workers play it."""


def _bench_workers(g: Game, bots: list[str], seconds: float, seed: int, cluster: Cluster, json_out: bool) -> None:
    """``bench --workers``: ``simulate`` here for about ``seconds`` (whole games), then the same
    games on ``cluster``. Prints games per second of each, the speed-up (serial time over the
    workers' time, starting Ray not counted), Ray's overhead per game (the workers' time, times
    their number, less the time they spent in games, over the games: chunks and figures on their
    way, workers waiting), the extra worker time per game (the same, less the serial time instead:
    it also counts games played slower side by side, on a machine shared with other work) and
    whether the figures are the same. Raises ``CliError`` from Ray's errors."""
    from ghosttable.distributed import ClusterError

    serial = new_result(g, bots, seed)
    started = time.perf_counter()
    while not serial.games or time.perf_counter() - started < seconds:
        serial.merge(play_batch(g, bots, seed, range(serial.games, serial.games + 1)))
    serial.seconds = time.perf_counter() - started
    try:
        with cluster:
            spread = cluster.simulate(g, bots, serial.games, seed)
    except ClusterError as exc:
        raise CliError(str(exc)) from None
    games_count, n = serial.games, cluster.workers
    speedup = serial.seconds / spread.seconds
    overhead = (n * spread.seconds - cluster.playing_seconds) / games_count
    extra = (n * spread.seconds - serial.seconds) / games_count
    same = all(serial.to_json()[k] == v for k, v in spread.to_json().items() if k not in SPEED_FREE_KEYS)
    figures = {
        "game": g.spec.name,
        "players": g.players,
        "options": g.options,
        "bots": bots,
        "games": games_count,
        "workers": n,
        "serial_seconds": serial.seconds,
        "workers_seconds": spread.seconds,
        "startup_seconds": cluster.startup_seconds,
        "serial_games_per_second": games_count / serial.seconds,
        "workers_games_per_second": games_count / spread.seconds,
        "speedup": speedup,
        "overhead_seconds_per_game": overhead,
        "extra_seconds_per_game": extra,
        "same_figures": same,
    }
    if json_out:
        print(json.dumps(figures))
        return
    console.print(f"[bold]{g.describe()}[/bold], bots: {', '.join(bots)}")
    console.print(
        f"serial: {games_count} games in {serial.seconds:.2f} s, {figures['serial_games_per_second']:.2f} games/s"
    )
    console.print(
        f"{n} worker{'s' if n > 1 else ''}: the same games in {spread.seconds:.2f} s,"
        f" {figures['workers_games_per_second']:.2f} games/s"
        f" (Ray and its workers started in {cluster.startup_seconds:.1f} s, not counted)"
    )
    console.print(
        f"speed-up {speedup:.2f}x; Ray's overhead {1000 * overhead:.2f} ms per game"
        f" (worker time beyond a serial game: {1000 * extra:.2f} ms);"
        f" same figures: {'yes' if same else '[red]no[/red]'}"
    )


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(help="Game to play in the terminal.")] = None,
    terminal: Annotated[bool, typer.Option("--terminal", help="Play in the terminal.")] = False,
    players: PlayersOpt = None,
    option: OptionOpt = None,
    seat: Annotated[
        list[str] | None,
        typer.Option("--seat", help="A seat or side you play (repeatable; default: the first seat)."),
    ] = None,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            "-b",
            help="Bots for the seats not played here: NAME once for them all, NAME once per such seat"
            " in seat order, or SEAT=NAME (SEAT: a number from 1, a seat's name or a side).",
        ),
    ] = None,
    seed: Annotated[int | None, typer.Option("--seed", "-s", help="Seed (default: random).")] = None,
    no_browser: Annotated[bool, typer.Option("--no-browser", help="Only print the address.")] = False,
    db: Annotated[str | None, typer.Option("--db", help="Database URL (default: SQLite in your data folder).")] = None,
    port: Annotated[
        int | None,
        typer.Option(
            "--port",
            callback=in_range("--port", 0, 65535, "a port number"),
            help="Port of the lobby, 8765 by default (taken or 0: a free one).",
        ),
    ] = None,
) -> None:
    """Play: in the browser (the lobby), or with --terminal and a GAME, in this terminal.

    Options of the other way of playing are refused: the lobby sets up each table itself.
    """
    terminal_only = {"--players": players, "--option": option, "--seat": seat, "--bot": bot, "--seed": seed}
    lobby_only = {"--db": db, "--port": port, "--no-browser": no_browser or None}
    misplaced, where = (
        (lobby_only, "the browser lobby, not to --terminal play")
        if terminal
        else (terminal_only, "--terminal play; in the browser, each table is set up in the lobby")
    )
    given = [name for name, value in misplaced.items() if value is not None]
    if given:
        raise CliError(f"{', '.join(given)} only {'applies' if len(given) == 1 else 'apply'} to {where}")
    if not terminal:
        import importlib.util

        if importlib.util.find_spec("ghosttable.server") is not None:
            launch = importlib.import_module("ghosttable.server.launch")
            if game is not None:
                err_console.print(f"(to play {game} in this terminal, add --terminal; opening the lobby)")
            launch.play_in_browser(open_browser=not no_browser, db_url=db, port=8765 if port is None else port)
            return
        if game is None:
            game = game_names()[0] if game_names() else None
        if game is None:
            raise CliError("no game is registered")
    if game is None:
        raise CliError("name the game to play in the terminal, e.g. `ghosttable play ghost-stories --terminal`")
    g = _load(game, players, option)
    humans = _human_seats(g, seat)
    bots = assign_bots(g, _bots_for_the_others(g, humans, bot), _default_bot(g))
    run_terminal_game(g, humans, bots, seed if seed is not None else random.randrange(1 << 31))


@app.command()
def serve(
    host: Annotated[str, typer.Option("--host", help="Interface to listen on.")] = "127.0.0.1",
    port: Annotated[
        int,
        typer.Option(
            "--port", callback=in_range("--port", 0, 65535, "a port number"), help="Port to listen on (0: a free one)."
        ),
    ] = 8000,
    db: Annotated[str | None, typer.Option("--db", help="Database URL (default: SQLite in your data folder).")] = None,
    setting: Annotated[
        list[str] | None,
        typer.Option(
            "--set",
            help="A limit or check as NAME=VALUE (repeatable), e.g. allowed_hosts=games.example.org;"
            " docs/hosting.md lists them.",
        ),
    ] = None,
) -> None:
    """Host the lobby and tables for others (any database URL SQLAlchemy supports)."""
    launch = importlib.import_module("ghosttable.server.launch")
    hosting = importlib.import_module("ghosttable.server.settings")
    try:
        chosen = hosting.HostingSettings().with_values(hosting.parse_pairs(setting or []))
    except hosting.SettingError as exc:
        raise CliError(str(exc)) from None
    launch.serve(host, port, db, settings=chosen)


def _players(count: int) -> str:
    """``count`` players in words: "1 player", "3 players"."""
    return "1 player" if count == 1 else f"{count} players"


def _human_seats(game: Game, specs: list[str] | None) -> set[int]:
    if not specs:
        return {0}
    seen: set[int] = set()
    for item in specs:
        named = seats_named(game, item)
        if seen & set(named):
            raise CliError(f"--seat {item} names a seat already given; name each seat once")
        seen.update(named)
    return seen


def _bots_for_the_others(game: Game, humans: set[int], specs: list[str] | None) -> list[str] | None:
    """``--bot`` of terminal play, as a list for :func:`assign_bots`: ``NAME`` once fills every
    seat not played here; ``NAME`` repeated gives one per seat not played here, in seat order;
    ``SEAT=NAME`` names a seat or side (a side's seats played here are left to their players).

    Raises ``CliError`` for a count of ``NAME`` values that is neither, for any ``--bot`` when every
    seat is played here, and for a ``SEAT=NAME`` that names only seats played here."""
    if not specs:
        return specs
    names = game.seat_names()
    for item in specs:
        key, sep, _ = item.partition("=")
        if sep and set(seats_named(game, key)) <= humans:
            raise CliError(f"--bot {item}: {key} is played here (--seat); --bot names the other seats")
    others = [s for s in range(game.players) if s not in humans]
    if not others:
        raise CliError("--bot: every seat is played here (--seat), so no seat is left for a bot")
    plain = [s for s in specs if "=" not in s]
    if not plain or len(plain) < len(specs):
        return specs  # SEAT=NAME only, or both kinds (which assign_bots refuses)
    if len(plain) == 1:
        return specs
    if len(plain) != len(others):
        count = f"{len(others)} seat{'s' if len(others) > 1 else ''}"
        raise CliError(
            f"{len(plain)} --bot values for the {count} not played here ({', '.join(names[s] for s in others)}): "
            + (
                "give one --bot NAME"
                if len(others) == 1
                else "give one --bot NAME for them all, or one per seat in that order"
            )
        )
    given = iter(plain)
    return [next(given) if s in others else plain[0] for s in range(game.players)]


class _Quit(Exception):
    """The player typed ``quit``."""


def run_terminal_game(game: Game, humans: set[int], bot_list: list[str], seed: int) -> State:
    """Play one game in the terminal: humans pick numbered actions, bots play the other seats; at
    the end the final table is drawn (the game's ``render_terminal``, when it has one) above the
    outcome and score. A human may type ``undo`` (take back the last action of the turn, while no
    die was rolled, no card drawn and nothing hidden revealed: :class:`ghosttable.core.UndoLog`),
    ``hint``, or ``quit`` (leave the game unfinished: it is returned as it stands)."""
    state = game.new_initial_state(seed)
    undo = UndoLog()
    names = game.seat_names()
    bots = {
        s: make_bot(game, bot_list[s], s, derive_seed(seed, "bot", s)) for s in range(game.players) if s not in humans
    }
    render = getattr(game, "render_terminal", None)
    shown_for: int | None = None
    moves = 0  # actions carried out, a plan's private steps included (the history keeps only its seal)
    while not state.is_terminal():
        for seat in state.acting_seats():
            if state.is_terminal() or seat not in state.acting_seats():
                break
            if seat in bots:
                # a bot's sealed plan comes whole: one action, one line, whatever its length
                action = choose_whole(bots[seat], state, seat)
                text = state.public_action_text(seat, action)
                state = undo.apply(state, action, seat)
                moves += 1
                console.print(f"[dim]{names[seat]} ({bot_list[seat]}): {text or 'a sealed action'}[/dim]")
                continue
            view = state.view(seat)
            if shown_for != moves:
                console.rule(f"{names[seat]} to act")
                if callable(render):
                    console.print(render(view, seat))
                else:
                    console.print_json(data=view)
                shown_for = moves
            try:
                state = _ask(state, seat, undo)
            except _Quit:
                console.rule("game left")
                console.print(f"the game is left unfinished after {len(state.history)} actions")
                return state
            moves += 1
    console.rule("game over")
    if callable(render):
        # The final table, as the first seat played here sees it: the game's own words for how it ended.
        final_seat = min(humans) if humans else None
        console.print(render(state.view(final_seat), final_seat))
    console.print(f"outcome: [bold]{state.outcome()}[/bold]; score: {state.score()}")
    return state


def _ask(state: State, seat: int, undo: UndoLog | None = None) -> State:
    """Ask ``seat`` for its choice by number (1..N of the listed actions) or by action text, and
    return the state once it is carried out (through ``undo``, which keeps what can be taken
    back; without one, on ``state`` itself, and nothing can be taken back); ``undo`` returns the
    state before the seat's last action instead, and a refused choice or undo, or a number
    outside 1..N, is said in one line and asked again.
    Raises ``CliError`` when the input ends first, ``_Quit`` on ``quit``."""
    decision = state.decision(seat)
    if decision is None:
        return state
    if undo is None:
        undo = _InPlace()
    console.print(f"[bold]{decision.name}[/bold] {decision.prompt}")
    for i, action in enumerate(decision.actions, 1):
        note = state.action_note(seat, action)
        console.print(f"  {i:>3}. {action}" + (f"  [dim]({note})[/dim]" if note else ""), highlight=False)
    while True:
        try:
            raw = console.input(f"your choice (number, action text, {_words(state, seat, undo)}): ").strip()
        except EOFError:
            raise CliError("input ended before the game did") from None
        word = raw.lower()
        if word == "hint":
            _hint(state, seat, decision.actions)
            continue
        if word == "quit":
            raise _Quit
        try:
            if word == "undo":
                back = undo.undo(state, seat)
                console.print("[bold]undone[/bold]: your last action is taken back")
                return back
            if WRITTEN_INTEGER.fullmatch(raw):  # a number, signed or not: never an action's text
                index = int(raw)
                if not 1 <= index <= len(decision.actions):
                    raise GameError(f"{raw} is out of range: choose a number from 1 to {len(decision.actions)}")
                return undo.apply(state, decision.actions[index - 1], seat)
            return undo.apply(state, coerce_action(raw), seat)
        except GameError as exc:
            console.print(f"[red]refused[/red]: {exc.reason}")


class _InPlace(UndoLog):
    """An undo log that carries actions out on the state itself and keeps nothing to take back."""

    def apply(
        self,
        state: State,
        action: Action | Mapping[str, Any] | str,
        seat: int | None = None,
        *,
        legal: Sequence[Action] | None = None,
    ) -> State:
        state.apply(action, seat, legal=legal)
        return state


def _words(state: State, seat: int, undo: UndoLog) -> str:
    """The words a player may type besides a choice: ``undo`` only while it can be taken."""
    return "undo, hint or quit" if undo.can_undo(state, seat) else "hint or quit"


HINT_WORK = 20_000
"""Work units of the search behind one ``hint`` in a game without a hint of its own (Ghost
Stories; see :mod:`ghosttable.ai.advisor`)."""

HINT_SHOWN = 5
"""How many of the best actions a ``hint`` lists."""


def _hint(state: State, seat: int, actions: Sequence[Action]) -> None:
    """Print, from what ``seat`` knows only, the action a hint points to with its estimated chance
    of winning: for a game with a hint of its own (``suggester()``: the Old House and Run, Ghost,
    Run!, whose ``expert`` chooses and whose playouts estimate the chance) that one action, as the
    browser's Hint button gives it (:func:`ghosttable.ai.advisor.suggest`); otherwise the search's
    best actions (:func:`ghosttable.ai.advise`), numbered as listed."""
    from ghosttable.ai.advisor import advise, suggest

    seed = len(state.history)
    if callable(getattr(state.game, "suggester", None)):
        found = suggest(state, seat, seed=seed)
        advice = [] if found is None else [found]
        console.print("[bold]hint[/bold]: the search's choice, with the chance of winning")
    else:
        advice = advise(state, seat, work=HINT_WORK, seed=seed)[:HINT_SHOWN]
        console.print("[bold]hint[/bold]: the best actions, with the chance of winning")
    for item in advice:
        number = actions.index(item.action) + 1 if item.action in actions else 0
        behind = f"{item.playouts} sampled futures" if item.playouts else "not played out"
        console.print(f"  {number:>3}. {item.action}  [dim]{item.chance:.0%}, {behind}[/dim]", highlight=False)


def main() -> None:
    """Entry point of the console script: errors become one line and exit code 2."""
    try:
        code = app(standalone_mode=False)
        if isinstance(code, int) and not isinstance(code, bool) and code:
            sys.exit(code)  # Ctrl-C: Typer returns 130 rather than raising
    except (GameError, CliError) as exc:
        err_console.print(f"error: {exc}", markup=False, highlight=False, soft_wrap=True)
        sys.exit(2)
    except KeyboardInterrupt:
        sys.exit(130)
    except OSError as exc:
        where = f" ({exc.filename})" if getattr(exc, "filename", None) else ""
        err_console.print(f"error: {exc.strerror or exc}{where}", markup=False, highlight=False, soft_wrap=True)
        sys.exit(2)
    except Exception as exc:
        # Typer's own exceptions (a vendored Click): matched by shape, not by import path.
        kind = type(exc).__name__
        if kind == "Exit":
            sys.exit(getattr(exc, "exit_code", 0))
        if kind == "Abort":
            err_console.print("aborted")
            sys.exit(130)
        format_message = getattr(exc, "format_message", None)
        if callable(format_message):
            message = str(format_message()).strip()
            if message:  # no message: the help was printed (no command given)
                err_console.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
            sys.exit(2)
        raise


if __name__ == "__main__":
    main()

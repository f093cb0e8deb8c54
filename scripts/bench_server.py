"""Load test of `ghosttable serve`, on this machine only: starts the server on 127.0.0.1 (a free
port, a fresh SQLite database in a temporary folder), creates TABLES tables whose every seat is
played over its own WebSocket by random legal choices after a think time, and prints the accepted
actions per second, the latency of each action (from sending `act` to its `accepted`), the CPU
time of the server and of the clients, all counted from when every seat is connected, and the
clients' own event-loop lag (how late a 10 ms timer of theirs fires: a stall there would count as
latency of the server). The clients' garbage collector is off while they play (their pauses
would count as the server's too).

Every loop is bounded: the run stops after --seconds (and each seat after --actions actions), the
server is stopped at the end.

    python scripts/bench_server.py --tables 500 --think 1-3 --seconds 60
    python scripts/bench_server.py --tables 50 --think 0 --seconds 30    # players acting at once
    python scripts/bench_server.py --tables 500 --set gc_full_every=0    # a server setting changed
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections import deque
from pathlib import Path
from typing import Any

import orjson
import uvloop
from websockets.asyncio.client import ClientConnection, connect

from ghosttable.registry import game_class, game_names
from ghosttable.server.settings import HostingSettings, SettingError, parse_pairs

SERVER = """
import json, sys
from ghosttable.server.launch import serve
from ghosttable.server.settings import HostingSettings
settings = HostingSettings(
    tables_per_minute=0, max_tables_per_address=0, max_websockets_per_address=0, max_live_tables=0, send_queue=4096
)
serve("127.0.0.1", 0, sys.argv[1], settings=settings.with_values(json.loads(sys.argv[2])))
"""


def server_cpu(pid: int) -> float:
    """The CPU seconds (user and system) the server process has used so far (Linux)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def post(base: str, path: str, body: dict[str, Any]) -> Any:
    request = urllib.request.Request(
        base.rstrip("/") + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.loads(answer.read())


async def open_seat(url: str, token: str) -> ClientConnection:
    """A seat's connection, its ``hello`` sent."""
    ws = await connect(url, max_size=None, open_timeout=30)
    await ws.send(orjson.dumps({"type": "hello", "token": token}).decode())
    return ws


async def play_seat(
    ws: ClientConnection, think: tuple[float, float], until: float, most: int, rng: random.Random, out: list[float]
) -> None:
    """One seat: random legal choices until the game ends, the time is up or ``most`` actions."""
    async with ws:
        state: dict[str, Any] | None = None
        sent_at: float | None = None
        acted = 0
        try:
            # one deadline for the whole seat (a timer for each message would cost the clients more)
            async with asyncio.timeout(max(0.01, until - time.monotonic())):
                while acted < most:
                    message = orjson.loads(await ws.recv(decode=False))
                    kind = message["type"]
                    if kind == "state":
                        state = message
                        if message["status"] == "finished":
                            return
                    elif kind in ("accepted", "error") and sent_at is not None:
                        if kind == "accepted":
                            out.append(time.monotonic() - sent_at)
                            acted += 1
                        sent_at = None
                    if sent_at is None and state is not None and state["decision"]:
                        if think[1] > 0:
                            await asyncio.sleep(rng.uniform(*think))
                        choice = rng.choice(state["decision"]["actions"])["action"]
                        sent_at = time.monotonic()
                        act = {"type": "act", "action": choice, "version": state["version"], "ref": 1}
                        await ws.send(orjson.dumps(act).decode())
                        state = None
        except TimeoutError:
            return


async def loop_lag(out: list[float], until: float, tick: float = 0.01) -> None:
    """How late each ``tick``-second timer of this event loop fires, in seconds, into ``out``,
    until ``until`` (``time.monotonic``; the seats' connections, all closed then, are not timed)."""
    while (due := time.monotonic() + tick) < until:
        await asyncio.sleep(tick)
        out.append(max(0.0, time.monotonic() - due))


def think_time(text: str) -> tuple[float, float]:
    """``--think``: ``S`` or ``MIN-MAX`` seconds (``0`` to 600, ``MIN`` at most ``MAX``), as
    ``(MIN, MAX)``; raises ``argparse.ArgumentTypeError`` for anything else."""
    low_text, sep, high_text = text.strip().partition("-")
    if sep and not low_text.strip():
        raise argparse.ArgumentTypeError(f"takes seconds from 0 to 600 (S or MIN-MAX), not {text!r}")
    try:
        low = float(low_text)
        high = float(high_text) if sep else low
    except ValueError:
        raise argparse.ArgumentTypeError(f"takes S or MIN-MAX seconds (1-3), not {text!r}") from None
    if not (0 <= low <= 600 and 0 <= high <= 600):
        raise argparse.ArgumentTypeError(f"takes seconds from 0 to 600 (S or MIN-MAX), not {text!r}")
    if low > high:
        raise argparse.ArgumentTypeError(f"takes MIN-MAX with MIN at most MAX, not {text!r}")
    return low, high


def two_seat_game(name: str) -> str:
    """``--game``: a registered game that seats two players; raises ``argparse.ArgumentTypeError``
    for another name (the message lists the games)."""
    if name not in game_names():
        raise argparse.ArgumentTypeError(f"no game {name!r} (games: {', '.join(game_names())})")
    spec = game_class(name).spec
    if not spec.min_players <= 2 <= spec.max_players:
        raise argparse.ArgumentTypeError(f"{name} does not seat two players: its tables here are two-seat ones")
    return name


def think_words(think: tuple[float, float]) -> str:
    """The think time as ``--think`` writes it: ``0``, ``1-3``."""
    low, high = (f"{t:g}" for t in think)
    return low if low == high else f"{low}-{high}"


async def run(base: str, args: argparse.Namespace) -> list[float]:
    think: tuple[float, float] = args.think
    tables = [
        post(base, "/api/tables", {"game": args.game, "players": 2, "seats": [{"kind": "me"}] * 2})
        for _ in range(args.tables)
    ]
    ws_base = base.replace("http://", "ws://")
    opened = await asyncio.gather(
        *(open_seat(f"{ws_base}ws/tables/{t['table']}", token) for t in tables for token in t["tokens"].values())
    )
    # measured from here: every seat is connected (the tables' creation and the connections'
    # opening are not counted)
    latencies: list[float] = []
    args.lags = []
    gc.collect()
    gc.freeze()
    gc.disable()
    rng = random.Random(args.seed)
    started = time.monotonic()
    until = started + args.seconds
    lag = asyncio.create_task(loop_lag(args.lags, until))
    args.cpu_before, args.mine_before = server_cpu(args.server_pid), time.process_time()
    seats = [play_seat(ws, think, until, args.actions, random.Random(rng.random()), latencies) for ws in opened]
    await asyncio.gather(*seats, return_exceptions=True)
    args.elapsed = time.monotonic() - started
    args.cpu, args.mine = server_cpu(args.server_pid) - args.cpu_before, time.process_time() - args.mine_before
    lag.cancel()
    gc.enable()
    gc.unfreeze()
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50, help="two-seat tables, 1 to 2000")
    parser.add_argument(
        "--think", type=think_time, default="1-3", help="seconds a player thinks: S, or MIN-MAX (0 to 600)"
    )
    parser.add_argument("--seconds", type=float, default=30.0, help="the run's length, more than 0 and at most 600")
    parser.add_argument("--actions", type=int, default=100000, help="most actions of one seat (at least 1)")
    parser.add_argument("--game", type=two_seat_game, default="old-house", help="a game that seats two players")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="a server setting")
    args = parser.parse_args()
    try:
        changed = parse_pairs(args.set)
        HostingSettings().with_values(changed)
    except SettingError as exc:
        parser.error(str(exc))
    if not 1 <= args.tables <= 2000:
        parser.error(f"--tables takes 1 to 2000, not {args.tables}")
    if not 0 < args.seconds <= 600:
        parser.error(f"--seconds takes more than 0 and at most 600 seconds, not {args.seconds:g}")
    if args.actions < 1:
        parser.error(f"--actions takes at least 1, not {args.actions}")
    load_before = os.getloadavg()[0]
    folder = Path(tempfile.mkdtemp(prefix="ghosttable-bench-"))
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, f"sqlite:///{folder / 'bench.db'}", json.dumps(changed)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if not line.startswith("ghosttable lobby: http://127.0.0.1:"):
            raise SystemExit(f"the server did not start: {line}")
        base = line.split(": ", 1)[1].strip()
        # the server's further output is read as it comes (a full pipe would stop the server)
        threading.Thread(target=deque, args=(server.stdout,), kwargs={"maxlen": 0}, daemon=True).start()
        args.server_pid = server.pid
        latencies = uvloop.run(run(base, args))  # the event loop the server runs on too
        cpu, clients_cpu = args.cpu, args.mine
    finally:
        server.terminate()
        server.wait(timeout=30)
    if not latencies:
        raise SystemExit("no action was accepted")
    latencies.sort()
    lags = sorted(args.lags) or [0.0]

    def pct(p: float, values: list[float] = latencies) -> float:
        return 1000 * values[min(len(values) - 1, int(p / 100 * len(values)))]

    print(
        f"{args.tables} tables of {args.game}, think {think_words(args.think)} s, {args.elapsed:.1f} s: "
        f"{len(latencies)} accepted actions, {len(latencies) / args.elapsed:.1f} a second; "
        f"latency p50 {pct(50):.1f} ms, p90 {pct(90):.1f} ms, p99 {pct(99):.1f} ms, max {1000 * latencies[-1]:.1f} ms; "
        f"server CPU {cpu:.1f} s ({1000 * cpu / len(latencies):.2f} ms an action), "
        f"clients' CPU {clients_cpu:.1f} s ({1000 * clients_cpu / len(latencies):.2f} ms an action); "
        f"clients' loop lag p99 {pct(99, lags):.1f} ms, max {1000 * lags[-1]:.1f} ms; "
        f"load average (1 min) {load_before:.2f} → {os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()

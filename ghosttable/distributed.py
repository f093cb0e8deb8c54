"""``simulate`` spread over Ray worker processes, on this machine or on a Ray cluster.

Imported only when asked for (``ghosttable simulate --workers N`` or ``--address``); it needs Ray,
the ``ray`` extra (``pip install 'ghosttable[ray]'``). The batch is cut into chunks of consecutive
game numbers; each worker (one Ray actor holding the game) plays its chunks with
`ghosttable.ai.play.play_batch` and sends back their figures, which the driver merges in
game order. Game ``k`` is seeded ``derive_seed(seed, k)`` wherever it is played, so the figures are
those of a serial ``simulate`` with the same base seed, whatever the number of workers (only the
times differ). Records travel back with their chunk and the driver writes them, in game order: the
workers need no folder shared with the driver.
"""

from __future__ import annotations

import logging
import math
import os
import socket
import sys
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any, cast
from urllib.parse import urlsplit

import ray
import ray.exceptions

import ghosttable
from ghosttable.ai.play import SimulationResult, new_result, play_batch, record_path
from ghosttable.core.state import Game, State

CHUNKS_PER_WORKER = 8
"""A batch is cut into about this many chunks per worker (fewer for a short batch): enough for
the workers to finish together when some games are longer, few enough that the cost of sending a
chunk and its figures stays small beside the games."""

MAX_CHUNK = 1000
"""The most games in one chunk, so that the progress shown moves on a long batch."""

IN_FLIGHT = 2
"""Chunks sent ahead to each worker: it starts its next one while the driver merges the last."""

CONNECT_SECONDS = 5.0
"""How long ``--address HOST:PORT`` may take to answer before it is called unreachable."""


LOCAL_START_ATTEMPTS = 2
"""How many times a local Ray is started before ``simulate --workers`` gives up."""

_QUIET: dict[str, Any] = {"logging_level": logging.ERROR, "log_to_driver": False}
"""``ray.init`` arguments that keep Ray's own messages, and the workers' output, off the terminal."""


class ClusterError(Exception):
    """Ray could not be started or reached, or its workers cannot play the batch (one line)."""


def chunk_ranges(games: int, workers: int, size: int | None = None) -> list[range]:
    """Game numbers ``0 .. games-1`` cut into consecutive ranges of ``size`` games (by default
    about ``games / (CHUNKS_PER_WORKER * workers)``, from 1 to ``MAX_CHUNK``), the last shorter.
    Raises ``ValueError`` for a ``size`` below 1."""
    if size is None:
        size = max(1, min(MAX_CHUNK, math.ceil(games / (CHUNKS_PER_WORKER * max(1, workers)))))
    if size < 1:
        raise ValueError(f"a chunk holds 1 game or more, not {size}")
    return [range(first, min(first + size, games)) for first in range(0, games, size)]


def _host_and_port(address: str) -> tuple[str, int]:
    """The host and port of ``ray://HOST[:PORT]`` (10001 by default, Ray Client's port) or of
    ``HOST:PORT`` (a head node's GCS). Raises ``ClusterError`` for anything else."""
    client = address.startswith("ray://")
    rest = address.removeprefix("ray://")
    try:
        parts = urlsplit("//" + rest)
        host, port = parts.hostname, parts.port
    except ValueError:
        host = port = None
    if port is None and client:
        port = 10001
    if not host or port is None or parts.path or parts.query:
        raise ClusterError(f"--address takes ray://HOST:PORT, HOST:PORT or auto, not {address!r}")
    return host, port


def check_reachable(address: str) -> None:
    """Refuse, in one line, an address whose host does not answer on its port within
    ``CONNECT_SECONDS`` (Ray itself would wait and retry for minutes). ``auto`` and ``local`` are
    left to Ray. Raises ``ClusterError``."""
    if address in ("auto", "local"):
        return
    host, port = _host_and_port(address)
    try:
        with socket.create_connection((host, port), timeout=CONNECT_SECONDS):
            pass
    except OSError as exc:
        why = "no answer" if isinstance(exc, TimeoutError) else (exc.strerror or str(exc) or type(exc).__name__)
        raise ClusterError(f"cannot reach the Ray cluster at {address}: {why}") from None


@contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Standard error (the file descriptor, and Python's warnings) silenced for the block: Ray's
    core, written in C++, logs each failed attempt to join a cluster there whatever its logging
    level, and Ray Client warns before it gives up. Its failure is then said in one line."""
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)


def _first_line(exc: BaseException, limit: int = 240) -> str:
    """Ray's message for ``exc`` on one line (its lines joined, cut after ``limit`` characters)."""
    text = " ".join(str(exc).split())
    if not text:
        return type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


class _Player:
    """One worker: the game and its seats' bot names, playing chunks of the batch."""

    def __init__(self, game: Game, bot_names: Sequence[str], seed: int) -> None:
        self.game = game
        self.bot_names = list(bot_names)
        self.seed = seed

    def versions(self) -> tuple[str, str]:
        """The ghosttable version and the game's rules version installed where this worker runs."""
        return ghosttable.__version__, self.game.spec.version

    def play(self, first: int, stop: int, records: bool) -> tuple[SimulationResult, list[str]]:
        """The figures of games ``first .. stop-1`` (``seconds``: the time they took here), and
        their records as JSON text when asked."""
        texts: list[str] = []

        def keep(_: int, state: State) -> None:
            texts.append(state.record().dumps())

        started = time.perf_counter()
        part = play_batch(self.game, self.bot_names, self.seed, range(first, stop), on_game=keep if records else None)
        part.seconds = time.perf_counter() - started
        return part, texts


_RemotePlayer = ray.remote(_Player)


def _cluster_cpus() -> int:
    """The CPUs of the Ray cluster this process is connected to (``ray.cluster_resources`` has
    no type hints)."""
    resources = cast("Callable[[], dict[str, float]]", ray.cluster_resources)()
    return int(resources.get("CPU", 0))


class Cluster:
    """Ray, started here with ``workers`` processes (``address`` ``None``) or reached at
    ``address`` (``ray://HOST:PORT``, ``HOST:PORT`` or ``auto``), for as long as the ``with``
    block lasts; :meth:`simulate` plays batches on it. When this process has already started or
    joined Ray (``ray.init``) and no address is given, that Ray is used and left running.

    With an address, ``workers`` caps the number of workers (by default one per CPU of the
    cluster). Entering raises ``ClusterError`` when Ray cannot start or the cluster cannot be
    reached, or when it has fewer CPUs than ``workers``. ``startup_seconds`` adds up the time spent
    starting Ray and the workers (not counted in a result's ``seconds``); ``playing_seconds`` is the
    time the workers of the last :meth:`simulate` spent in its games, added up over the workers
    (the rest of their time is what Ray costs: chunks and figures on their way, a worker waiting).
    """

    def __init__(self, workers: int | None = None, address: str | None = None) -> None:
        if workers is not None and workers < 1:
            raise ClusterError(f"--workers must be 1 or more, not {workers}")
        if address is None and workers is None:
            raise ClusterError("give a number of workers or the address of a Ray cluster")
        self.address = address
        self.requested = workers
        self.workers = workers or 0
        self.startup_seconds = 0.0
        self.playing_seconds = 0.0
        self._owned = False

    def __enter__(self) -> Cluster:
        started = time.perf_counter()
        if self.address is not None:
            check_reachable(self.address)
        if ray.is_initialized():  # Ray started by the caller (say a notebook): used, and left running
            if self.address is not None:
                raise ClusterError(f"Ray is already running in this process: it cannot also join {self.address}")
            self._owned = False
        elif self.address is None:
            os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # nothing sent out from a local run
            # Ray runs its workers at nice 15 (its daemons stay responsive): on a machine busy with
            # other work they would get far less than the serial run's share of it.
            os.environ.setdefault("RAY_worker_niceness", "0")
            for attempt in range(LOCAL_START_ATTEMPTS):
                try:
                    with _quiet_stderr():
                        ray.init(address="local", num_cpus=self.workers, include_dashboard=False, **_QUIET)
                    break
                except Exception as exc:
                    # on a busy machine Ray's daemons may miss their own start-up deadlines (a fixed
                    # 30 s inside Ray): what was started is stopped, and Ray started once more
                    ray.shutdown()
                    if attempt + 1 == LOCAL_START_ATTEMPTS:
                        raise ClusterError(f"cannot start Ray here: {_first_line(exc)}") from None
            self._owned = True
        else:
            try:
                with _quiet_stderr():
                    ray.init(address=self.address, **_QUIET)
            except Exception as exc:
                raise ClusterError(f"cannot connect to the Ray cluster at {self.address}: {_first_line(exc)}") from None
            self._owned = True
        cpus = _cluster_cpus()
        where = "here" if self.address is None else f"at {self.address}"
        if cpus < 1 or (self.requested is not None and self.requested > cpus):
            self._close()
            wanted = "any worker" if self.requested is None else f"--workers {self.requested}"
            raise ClusterError(f"the Ray cluster {where} has {cpus} CPUs, too few for {wanted}")
        self.workers = self.requested or cpus
        self.startup_seconds += time.perf_counter() - started
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self._close()

    def _close(self) -> None:
        if self._owned and ray.is_initialized():
            with _quiet_stderr():
                ray.shutdown()
        self._owned = False

    def simulate(
        self,
        game: Game,
        bot_names: Sequence[str],
        games: int,
        seed: int,
        *,
        records_dir: Path | None = None,
        chunk_size: int | None = None,
        on_chunk: Callable[[SimulationResult], None] | None = None,
    ) -> SimulationResult:
        """What `ghosttable.ai.play.simulate` gives for the same arguments, the games
        played by this cluster's workers in chunks (``chunk_size`` games, or as
        :func:`chunk_ranges` cuts them). ``on_chunk(part)`` is called as each chunk comes back, in
        whatever order they finish (for a progress display); records are written to
        ``records_dir`` in game order as the chunks before them are in.

        ``seconds`` is the time from the first chunk sent to the last merged; starting the workers
        is added to ``startup_seconds``. Raises ``GameError`` as ``simulate`` does (the first
        chunk to fail, as raised in its worker), and ``ClusterError`` when a worker dies or runs
        another version of ghosttable or of the game's rules.
        """
        result = new_result(game, bot_names, seed)
        if records_dir is not None:
            records_dir.mkdir(parents=True, exist_ok=True)
        chunks = chunk_ranges(games, self.workers, chunk_size)
        self.playing_seconds = 0.0
        started = time.perf_counter()
        # One CPU each, so that there are never more workers playing than CPUs to play on (Ray's
        # default for an actor is no CPU once started). Handles are untyped: Ray types them loosely.
        make = _RemotePlayer.options(num_cpus=1)
        players: list[Any] = [make.remote(game, list(bot_names), seed) for _ in range(min(self.workers, len(chunks)))]
        try:
            self._check_versions(players, game)
            self.startup_seconds += time.perf_counter() - started
            started = time.perf_counter()
            self._run(players, chunks, result, records_dir, on_chunk)
        finally:
            for player in players:
                ray.kill(player)
        result.seconds = time.perf_counter() - started
        return result

    def _check_versions(self, players: list[Any], game: Game) -> None:
        """Wait for every worker to be up, and refuse one running other code than this one."""
        here = (ghosttable.__version__, game.spec.version)
        for there in self._get([p.versions.remote() for p in players]):
            if tuple(there) != here:
                raise ClusterError(
                    f"a Ray worker runs ghosttable {there[0]} (rules {there[1]}), not {here[0]} (rules {here[1]}):"
                    " install the same version on every machine"
                )

    def _run(
        self,
        players: list[Any],
        chunks: list[range],
        result: SimulationResult,
        records_dir: Path | None,
        on_chunk: Callable[[SimulationResult], None] | None,
    ) -> None:
        records = records_dir is not None
        waiting = iter(enumerate(chunks))
        pending: dict[Any, tuple[int, Any]] = {}

        def send(player: Any) -> None:
            item = next(waiting, None)
            if item is not None:
                index, numbers = item
                pending[player.play.remote(numbers.start, numbers.stop, records)] = (index, player)

        for _ in range(IN_FLIGHT):
            for player in players:
                send(player)
        back: dict[int, tuple[SimulationResult, list[str]]] = {}
        merged = 0
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            index, player = pending.pop(ready[0])
            part, texts = self._get(ready[0])
            self.playing_seconds += part.seconds
            send(player)
            if on_chunk:
                on_chunk(part)
            back[index] = (part, texts)
            while merged in back:
                part, texts = back.pop(merged)
                result.merge(part)
                if records_dir is not None:
                    for k, text in zip(chunks[merged], texts, strict=True):
                        record_path(records_dir, k).write_text(text, encoding="utf-8")
                merged += 1

    @staticmethod
    def _get(refs: Any) -> Any:
        """``ray.get``, with a worker's own exception raised as itself (a ``GameError`` stays a
        one-line ``GameError``) and a dead worker as ``ClusterError``."""
        try:
            return ray.get(refs)
        except ray.exceptions.RayTaskError as exc:
            cause = exc.cause
            if isinstance(cause, Exception):
                raise cause from None
            raise ClusterError(f"a Ray worker failed: {_first_line(exc)}") from None
        except ray.exceptions.RayError as exc:
            raise ClusterError(f"a Ray worker stopped: {_first_line(exc)}") from None

"""``simulate`` on Ray workers (``--workers``, ``--address``) gives the serial run's figures and
records; its bad values are one-line errors; the bots' time per decision is measured per seat and
merged across workers."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ghosttable.ai.play import DecisionTimes, play_batch, simulate
from ghosttable.cli import SPEED_FREE_KEYS
from tests.clirun import run
from tests.optional import required
from tests.toygame import SecretDraw

GAMES = ["ghost-stories", "--games", "200", "--seed", "5", "--json"]


def _same_figures(serial: dict[str, Any], spread: dict[str, Any]) -> None:
    assert serial.keys() == spread.keys()
    for key in serial:
        if key not in SPEED_FREE_KEYS:
            assert spread[key] == serial[key], key


@pytest.mark.slow
def test_two_workers_give_the_serial_figures_and_records(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    required("ray")
    code, out, err = run(["simulate", *GAMES, "--records", str(tmp_path / "serial")], capsys, monkeypatch)
    assert code == 0, err
    serial = json.loads(out)
    code, out, err = run(
        ["simulate", *GAMES, "--workers", "2", "--records", str(tmp_path / "spread")], capsys, monkeypatch
    )
    assert code == 0, err
    assert err.strip() == ""  # Ray says nothing (and no progress bar off a terminal)
    spread = json.loads(out)
    _same_figures(serial, spread)
    assert spread["games"] == 200 and spread["win_interval"] == serial["win_interval"]
    assert spread["mean_score"] == serial["mean_score"] and spread["score_error"] == serial["score_error"]
    for figures in (serial, spread):
        times = figures["seconds_per_decision"]
        assert len(times["mean"]) == len(times["max"]) == 4
        assert all(0 < mean <= most for mean, most in zip(times["mean"], times["max"], strict=True))
    written = sorted(p.name for p in (tmp_path / "spread").iterdir())
    assert written == [f"game-{k:05d}.json" for k in range(200)]
    for name in written:
        assert (tmp_path / "spread" / name).read_text() == (tmp_path / "serial" / name).read_text(), name


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


@pytest.mark.parametrize(
    ("extra", "needle"),
    [
        (["--workers", "0"], "--workers must be a number of worker processes, from 1 to 1024, not 0"),
        (["--workers", "-3"], "--workers must be a number of worker processes, from 1 to 1024, not -3"),
        (["--address", "127.0.0.1:{port}"], "cannot reach the Ray cluster at 127.0.0.1:{port}"),
        (["--address", "ray://127.0.0.1:{port}", "--workers", "2"], "cannot reach the Ray cluster at ray://"),
        (["--address", "nowhere"], "--address takes ray://HOST:PORT, HOST:PORT or auto, not 'nowhere'"),
    ],
)
@pytest.mark.parametrize("command", ["simulate", "bench"])
def test_bad_workers_or_address_is_one_line_and_exit_code_2(
    command: str,
    extra: list[str],
    needle: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    required("ray")
    port = str(_closed_port())
    argv = [command, "ghost-stories", "--seconds" if command == "bench" else "--games", "1"]
    code, out, err = run([*argv, *(a.replace("{port}", port) for a in extra)], capsys, monkeypatch)
    lines = [line for line in err.splitlines() if line.strip()]
    assert code == 2 and out == "", err
    assert len(lines) == 1 and lines[0].startswith("error: ") and needle.replace("{port}", port) in lines[0], err


@pytest.mark.parametrize("extra", [["--workers", "2"], ["--address", "auto"]])
def test_workers_without_ray_installed_say_how_to_install_it(
    extra: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    found = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "ray" else found(name, *a))
    code, out, err = run(["simulate", "ghost-stories", "--games", "1", *extra], capsys, monkeypatch)
    assert (code, out) == (2, "")
    assert err.strip() == f"error: {extra[0]} needs Ray, which is not installed: pip install 'ghosttable[ray]'"


def test_a_serial_run_does_not_import_ray() -> None:
    script = (
        "import sys\n"
        "from ghosttable.cli import main\n"
        "sys.argv = ['ghosttable', 'simulate', 'ghost-stories', '--games', '2', '--json']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "assert 'ray' not in sys.modules and 'ghosttable.distributed' not in sys.modules\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr


def test_a_batch_is_cut_into_about_8_chunks_per_worker() -> None:
    required("ray")
    from ghosttable.distributed import MAX_CHUNK, chunk_ranges

    chunks = chunk_ranges(200, 2)
    assert [len(c) for c in chunks] == [13] * 15 + [5] and chunks[0].start == 0 and chunks[-1].stop == 200
    assert [len(c) for c in chunk_ranges(3, 4)] == [1, 1, 1]
    assert {len(c) for c in chunk_ranges(1_000_000, 2)} == {MAX_CHUNK}
    with pytest.raises(ValueError):
        chunk_ranges(10, 2, 0)


def test_decision_times_merge_as_one_batch() -> None:
    a, b = DecisionTimes(), DecisionTimes()
    for seat, seconds in [(0, 1.0), (0, 3.0), (1, 2.0)]:
        a.add(seat, seconds)
    for seat, seconds in [(0, 8.0), (2, 0.5)]:
        b.add(seat, seconds)
    a.merge(b)
    # means weighted by the decision counts (4.0, not the mean of the parts' means 5.0), max of maxes
    assert a.to_json(4) == {"mean": [4.0, 2.0, 0.5, None], "max": [8.0, 2.0, 0.5, None]}


def test_parts_of_a_batch_merged_in_order_are_the_whole_batch() -> None:
    game = SecretDraw(3)
    whole = play_batch(game, ["random"] * 3, 8, range(20))
    parts = play_batch(game, ["random"] * 3, 8, range(0, 7))
    for numbers in (range(7, 8), range(8, 20)):
        parts.merge(play_batch(game, ["random"] * 3, 8, numbers))
    _same_figures(whole.to_json(), parts.to_json())
    assert parts.scores == whole.scores and parts.decision_times.counts == whole.decision_times.counts


def test_plain_output_has_the_time_per_decision_line(
    secret_draw: type[SecretDraw], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(["simulate", "secret-draw", "--games", "5"], capsys, monkeypatch)
    assert code == 0, err
    line = next(line for line in out.splitlines() if line.startswith("bot time per decision"))
    assert "seat1 " in line and "seat2 " in line and line.endswith(" ms")
    assert err == ""


# Last in the file: Ray stays on from the first of these tests to the end of the module.
@pytest.fixture(scope="module")
def ray_here() -> Iterator[None]:
    """Ray started once for the tests below (with 2 CPUs); ``Cluster`` uses it and leaves it on."""
    ray = required("ray")
    import logging

    ray.init(address="local", num_cpus=2, include_dashboard=False, logging_level=logging.ERROR, log_to_driver=False)
    yield
    ray.shutdown()


class BadBot:
    """Bids more than the rules allow."""

    def __init__(self, game: object, seat: int, seed: int) -> None:
        self.seat = seat

    def choose(self, obs: Any) -> Any:
        from ghosttable.core import Action

        return Action.make("bid", amount=99)


class SecretDrawWithABadBot(SecretDraw):
    def bots(self) -> dict[str, Any]:
        return {"bad": BadBot}


@pytest.mark.slow
def test_chunks_merge_in_order_and_a_game_error_in_a_worker_is_itself(ray_here: None, tmp_path: Path) -> None:
    from ghosttable.core.errors import GameError
    from ghosttable.distributed import Cluster

    game = SecretDraw(3, bids="high")
    serial = simulate(game, ["random"] * 3, 37, seed=2, records_dir=tmp_path / "serial")
    seen: list[int] = []
    with Cluster(workers=2) as cluster:
        spread = cluster.simulate(
            game,
            ["random"] * 3,
            37,
            seed=2,
            records_dir=tmp_path / "spread",
            chunk_size=5,
            on_chunk=lambda part: seen.append(part.games),
        )
        assert cluster.workers == 2
        assert sorted(seen) == [2] + [5] * 7  # every chunk reported once, the last one short
        _same_figures(serial.to_json(), spread.to_json())
        assert spread.scores == serial.scores and spread.decision_times.counts == serial.decision_times.counts
        for k in range(37):
            name = f"game-{k:05d}.json"
            assert (tmp_path / "spread" / name).read_text() == (tmp_path / "serial" / name).read_text()
        with pytest.raises(GameError) as info:
            cluster.simulate(SecretDrawWithABadBot(2), ["bad", "bad"], 10, seed=0, chunk_size=2)
        assert "Traceback" not in str(info.value) and "\n" not in str(info.value)


def test_a_local_ray_that_misses_its_start_up_is_started_once_more_then_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    ray = required("ray")
    from ghosttable import distributed

    calls: list[str] = []

    def failing_init(**kwargs: Any) -> None:
        calls.append("init")
        raise RuntimeError("The current node timed out during startup.\nmore lines")

    monkeypatch.setattr(ray, "is_initialized", lambda: False)
    monkeypatch.setattr(ray, "init", failing_init)
    monkeypatch.setattr(ray, "shutdown", lambda: calls.append("shutdown"))
    with pytest.raises(distributed.ClusterError) as refused, distributed.Cluster(workers=2):
        pass
    assert calls == ["init", "shutdown"] * distributed.LOCAL_START_ATTEMPTS
    assert str(refused.value).startswith("cannot start Ray here: The current node timed out during startup.")
    assert "\n" not in str(refused.value)

"""Every numeric setting has a range: a value outside it is refused (``SettingError``) whether
it comes from ``--set`` or from Python, and each default and each documented "off" value is in it."""

from __future__ import annotations

import dataclasses
import math

import pytest

from ghosttable.server.settings import MOST, Bounds, HostingSettings, SettingError, parse_pairs

NUMBERS = [f for f in dataclasses.fields(HostingSettings) if not isinstance(f.default, tuple)]


def setting(pair: str) -> HostingSettings:
    return HostingSettings().with_values(parse_pairs([pair]))


def test_every_number_has_a_range_that_holds_its_default() -> None:
    assert NUMBERS and all(isinstance(f.metadata.get("bounds"), Bounds) for f in NUMBERS)
    for f in NUMBERS:
        bounds = f.metadata["bounds"]
        assert bounds.admits(f.default), f.name
        assert not bounds.admits(-1) and not bounds.admits(math.nan) and not bounds.admits(math.inf), f.name
        assert not bounds.admits(MOST + 1), f.name


@pytest.mark.parametrize(
    ("pair", "message"),
    [
        ("body_timeout=0", "setting body_timeout takes more than 0 and at most 1000000000 seconds, not 0"),
        ("header_timeout=0", "setting header_timeout takes more than 0 and at most 1000000000 seconds, not 0"),
        ("header_timeout=-0.5", "setting header_timeout takes more than 0 and at most 1000000000 seconds, not -0.5"),
        ("hello_timeout=0", "setting hello_timeout takes more than 0 and at most 1000000000 seconds, not 0"),
        ("idle_unload=0", "setting idle_unload takes more than 0 and at most 1000000000 seconds, not 0"),
        ("body_timeout=inf", "not inf"),
        ("body_timeout=nan", "not nan"),
        ("body_timeout=1e10", "seconds, not 10000000000"),
        ("ws_deflate=2", "setting ws_deflate takes 0 or 1, not 2"),
        ("ws_deflate=-1", "setting ws_deflate takes 0 or 1, not -1"),
        ("send_queue=0", "setting send_queue takes from 1 to 1000000000, not 0"),
        ("bot_processes=65", "setting bot_processes takes from 0 to 64, not 65"),
        ("gc_full_every=0.5", "setting gc_full_every takes 0, or from 1 to 1000000000 seconds, not 0.5"),
        ("max_spectators=-1", "setting max_spectators takes from 0 to 1000000000, not -1"),
        ("max_websockets_per_address=-1", "setting max_websockets_per_address takes from 0 to 1000000000"),
        ("tables_per_minute=1000000001", "setting tables_per_minute takes from 0 to 1000000000, not 1000000001"),
        ("max_live_tables=1.5", "setting max_live_tables takes a whole number, not '1.5'"),
    ],
)
def test_a_value_out_of_range_is_refused_by_name(pair: str, message: str) -> None:
    with pytest.raises(SettingError) as refused:
        setting(pair)
    assert message in str(refused.value)


@pytest.mark.parametrize(
    "pair",
    [
        "max_live_tables=0",
        "max_tables_per_address=0",
        "max_ai_tables=0",
        "tables_per_minute=0",
        "max_spectators=0",
        "max_websockets_per_address=0",
        "replay_cache=0",
        "bot_processes=0",
        "bot_queue=0",
        "idle_sweep_every=0",
        "gc_full_every=0",
        "gc_full_every=1",
        "ws_deflate=1",
        "send_queue=1",
        "body_timeout=0.05",
        "bot_processes=64",
        "tables_per_minute=1000000000",
    ],
)
def test_the_documented_edges_are_taken(pair: str) -> None:
    name, value = pair.split("=")
    assert getattr(setting(pair), name) == float(value)


def test_settings_made_in_python_are_checked_too() -> None:
    with pytest.raises(SettingError, match="body_timeout"):
        HostingSettings(body_timeout=0)
    with pytest.raises(SettingError, match="ws_deflate takes 0 or 1"):
        dataclasses.replace(HostingSettings(), ws_deflate=2)
    with pytest.raises(SettingError, match="send_queue takes a whole number"):
        HostingSettings(send_queue=2.5)  # type: ignore[arg-type]

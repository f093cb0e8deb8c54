"""Optional packages of the test extra: skipped in a bare checkout, required under CI."""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest


def required(module: str) -> ModuleType:
    """``module`` imported; under CI (``CI`` set) a missing one fails the test instead of skipping it,
    since the test extra installs it there."""
    if os.environ.get("CI"):
        return importlib.import_module(module)
    return pytest.importorskip(module)

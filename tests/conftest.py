"""Shared fixtures: the test-only game registered for the length of a test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from ghosttable import registry
from tests.toygame import SecretDraw


@pytest.fixture
def secret_draw() -> Iterator[type[SecretDraw]]:
    """Registers the test-only game ``secret-draw`` and removes it afterwards."""
    registry.register(SecretDraw)
    yield SecretDraw
    registry.unregister(SecretDraw.spec.name)

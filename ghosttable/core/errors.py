"""The one hierarchy of errors raised by the kernel and the games.

Every error carries a machine-readable ``code`` (a short snake_case string, stable across
versions) and a human ``reason`` (one sentence, safe to show to the seat that caused it: it
never names hidden information).
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base of every error of ghosttable.

    Attributes:
        code: machine-readable identifier, e.g. ``"illegal_action"``.
        reason: one human-readable sentence.
    """

    code: str = "game_error"

    def __init__(self, reason: str, *, code: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        if code is not None:
            self.code = code

    def to_json(self) -> dict[str, Any]:
        """The error as a JSON-ready dict ``{"code": str, "reason": str}``."""
        return {"code": self.code, "reason": self.reason}

    def __str__(self) -> str:
        return self.reason


class IllegalActionError(GameError):
    """A well-formed action that the rules do not allow at this decision point."""

    code = "illegal_action"


class MalformedActionError(GameError):
    """Input that is not an action at all: bad JSON, unknown fields, wrong value types."""

    code = "malformed_action"


class NotYourTurnError(GameError):
    """An action submitted for a seat that is not to act now (or a seat that does not exist)."""

    code = "not_your_turn"


class GameOverError(GameError):
    """An action submitted after the game ended."""

    code = "game_over"


class OptionError(GameError):
    """An unknown rule option, or a value the option does not accept."""

    code = "bad_option"


class UnknownGameError(GameError):
    """A game name that is not registered."""

    code = "unknown_game"


class RecordError(GameError):
    """A record that cannot be read or replayed: wrong format, wrong version, or tampered."""

    code = "bad_record"


class ConformanceError(GameError):
    """Raised by the conformance harness when a game breaks the kernel's contract."""

    code = "conformance"

"""Game metadata: what a game is, who plays it, and which rule options it takes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from ghosttable.core.actions import CANONICAL_INTEGER
from ghosttable.core.errors import OptionError
from ghosttable.core.jsonio import json_spelling

OptionValue = str | int | bool


def option_key(name: str) -> str:
    """The form under which option names compare: ``-`` and ``_`` are the same."""
    return name.replace("_", "-")


def _spelt(raw: Any) -> str:
    """A refused value as JSON spells it (``"yes"``, ``null``, ``true``, ``4.0``)."""
    return json_spelling(raw)


def written(value: OptionValue) -> str:
    """An option value as the command line takes it: ``true``/``false`` for a boolean, else its text."""
    return str(value).lower() if isinstance(value, bool) else str(value)


@dataclass(frozen=True)
class RuleOption:
    """One named rule option.

    Attributes:
        name: kebab- or snake-case name used on the command line (``level``, ``haunted-tiles-lose``).
        default: the documented default; its type is the option's type (``str``, ``int`` or ``bool``).
        description: one sentence, shown by ``ghosttable games`` and ``ghosttable rules``.
        choices: the allowed values, or ``None`` for any value of the default's type.
        source: where the rule comes from (rulebook section or reference entry).
        local_file: the value names a file on the machine that runs the game (a house map...):
            the command line accepts any, a server only the default (it never reads a file a
            client names).
    """

    name: str
    default: OptionValue
    description: str
    choices: tuple[OptionValue, ...] | None = None
    source: str = ""
    local_file: bool = False

    def parse(self, raw: Any) -> OptionValue:
        """Read a value (a string from the command line, or an already typed value from JSON).

        One spelling per value, on the command line and over the lobby's API alike: a yes-or-no
        option takes ``true`` or ``false`` (a boolean, or that text as written, in lower case; not
        ``True``, ``1``, ``yes`` or ``on``), an integer option an integer or its plain text (``4``, ``-1``; not
        ``04``, ``+4`` or ``4.0``), a text option a string.

        Raises ``OptionError`` when the value is not of the option's type or not among its choices.
        """
        kind = type(self.default)
        value: OptionValue
        if kind is bool:
            if isinstance(raw, bool):
                value = raw
            elif raw in ("true", "false"):
                value = raw == "true"
            else:
                raise OptionError(f"option {self.name} takes true or false, not {_spelt(raw)}")
        elif kind is int:
            if isinstance(raw, int) and not isinstance(raw, bool):
                value = raw
            elif isinstance(raw, str) and CANONICAL_INTEGER.fullmatch(raw):
                value = int(raw)
            else:
                raise OptionError(f"option {self.name} takes an integer (written 4, -1), not {_spelt(raw)}")
        else:
            if not isinstance(raw, str):
                raise OptionError(f"option {self.name} takes a text value, not {_spelt(raw)}")
            value = raw
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(str(c) for c in self.choices)
            raise OptionError(f"option {self.name} takes one of {allowed}; got {_spelt(raw)}")
        return value

    def to_json(self) -> dict[str, Any]:
        """JSON-ready description of the option."""
        return {
            "name": self.name,
            "default": self.default,
            "choices": list(self.choices) if self.choices is not None else None,
            "description": self.description,
            "source": self.source,
            "local_file": self.local_file,
        }


@dataclass(frozen=True)
class GameSpec:
    """What a game declares about itself (OpenSpiel-style capabilities).

    Attributes:
        name: registry name (``ghost-stories``).
        title: display title.
        min_players, max_players, default_players: seat counts.
        dynamics: ``"sequential"`` (one seat acts at a time) or ``"simultaneous"`` (some decision
            points let several seats submit sealed actions at once).
        chance: whether the game has chance outcomes.
        hidden_information: whether some seat may not know part of the state.
        cooperative: whether all seats win or lose together.
        options: the rule options and their defaults.
        version: bumped whenever behaviour changes; records carry it.
        max_decisions: an upper bound on the number of actions in one game, for any option set.
        secrets: one sentence naming what views keep secret, for the spec page.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    dynamics: Literal["sequential", "simultaneous"]
    chance: bool
    hidden_information: bool
    cooperative: bool
    version: str
    max_decisions: int
    options: tuple[RuleOption, ...] = field(default_factory=tuple)
    secrets: str = ""

    def option(self, name: str) -> RuleOption:
        """The option called ``name`` (``-`` and ``_`` are the same). Raises ``OptionError``."""
        key = option_key(name)
        for opt in self.options:
            if option_key(opt.name) == key:
                return opt
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.name} has no option {_spelt(name)} (options: {known})")

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, OptionValue]:
        """Every option's value: the defaults overridden by ``given``. Raises ``OptionError``."""
        values: dict[str, OptionValue] = {o.name: o.default for o in self.options}
        for name, raw in given.items():
            opt = self.option(name)
            values[opt.name] = opt.parse(raw)
        return values

    def check_players(self, players: int | None) -> int:
        """The seat count to use (``default_players`` for ``None``). Raises ``OptionError``."""
        if players is None:
            return self.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise OptionError(f"players must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise OptionError(f"{self.title} takes {self.min_players} to {self.max_players} players, not {players}")
        return players

    def to_json(self) -> dict[str, Any]:
        """JSON-ready description of the spec."""
        return {
            "name": self.name,
            "title": self.title,
            "players": {"min": self.min_players, "max": self.max_players, "default": self.default_players},
            "dynamics": self.dynamics,
            "chance": self.chance,
            "hidden_information": self.hidden_information,
            "cooperative": self.cooperative,
            "version": self.version,
            "max_decisions": self.max_decisions,
            "options": [o.to_json() for o in self.options],
            "secrets": self.secrets,
        }

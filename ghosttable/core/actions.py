"""Actions: small frozen values with a JSON form and a text form.

An action is a ``kind`` (a snake_case verb such as ``"exorcise"``) and named parameters whose
values are JSON scalars (``int``, ``str``, ``bool``, ``None``) or tuples of them.

JSON form: ``{"kind": "exorcise", "ghost": 3, "tokens": ["red"]}``.
Text form: ``exorcise ghost=3 tokens=red,red`` (tuples joined by commas, ``()`` for empty).

Both forms round-trip: ``Action.from_json(a.to_json()) == a`` and ``Action.parse(str(a)) == a``
for every action whose string values hold no space, ``=`` or ``,`` (games keep to that).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeAlias

from ghosttable.core.errors import MalformedActionError
from ghosttable.core.jsonio import NonStandardJSONError, loads_strict

Scalar: TypeAlias = int | str | bool | None
Value: TypeAlias = Scalar | tuple[Scalar, ...]

_KIND = re.compile(r"^[a-z][a-z0-9_]*$")
_NAME = re.compile(r"^[a-z][a-z0-9_]*$")

_INTERNED: dict[tuple[Any, ...], Action] = {}
"""Actions built by :meth:`Action.make`, by kind and ``(name, value, type of value)`` in call order."""
_INTERN_LIMIT = 1 << 20
"""At most this many actions are interned (beyond it, ``make`` builds a new object each time)."""


def _typed(name: str, value: Any) -> tuple[Any, ...]:
    """``(name, value, its type)``, a tuple's or a list's items typed one by one (a hashable
    interning key that tells ``True`` from ``1``)."""
    if isinstance(value, list | tuple):
        return (name, tuple, *[(item, type(item)) for item in value])
    return (name, value, type(value))


def _freeze(name: str, value: Any) -> Value:
    if value is None or isinstance(value, bool | int | str):
        return value
    if isinstance(value, list | tuple):
        items: list[Scalar] = []
        for item in value:
            if item is not None and not isinstance(item, bool | int | str):
                raise MalformedActionError(f"parameter {name!r} holds {_json_kind(item)}: {_ALLOWED} only")
            items.append(item)
        return tuple(items)
    raise MalformedActionError(f"parameter {name!r} is {_json_kind(value)}: {_ALLOWED}, or an array of them")


_ALLOWED = "integers, strings, true, false or null"


def _json_kind(value: object) -> str:
    """What ``value`` is, in JSON's words (a client sends JSON, not Python)."""
    if isinstance(value, float):
        return "a number with a fraction or an exponent"
    if isinstance(value, Mapping):
        return "an object"
    if isinstance(value, list | tuple):
        return "an array"
    return f"a value of type {type(value).__name__}"


@dataclass(frozen=True, slots=True)
class Action:
    """One move of one seat at one decision point.

    Attributes:
        kind: the verb, snake_case.
        params: sorted ``(name, value)`` pairs.
    """

    kind: str
    params: tuple[tuple[str, Value], ...] = ()

    @classmethod
    def make(cls, kind: str, **params: Any) -> Action:
        """Build an action; lists become tuples. Raises ``MalformedActionError`` on bad names or values.

        Equal actions built here are one object (interned): the games list the same actions over
        and over, so a repeat costs one dictionary look-up, and finding an action among the legal
        ones is an identity test. Actions read from outside (:meth:`from_json`, :meth:`parse`) are
        checked the same way but never interned, so that no input can grow the table.
        """
        classes = tuple(map(type, params.values()))  # True == 1 and 1.0 == 1: the types tell them apart
        if tuple in classes or list in classes:
            key: tuple[Any, ...] = (kind, *[_typed(name, value) for name, value in params.items()])
        else:
            key = (kind, *params.items(), *classes)
        try:
            return _INTERNED[key]
        except KeyError:
            action = cls._checked(kind, params)
            if len(_INTERNED) < _INTERN_LIMIT:
                _INTERNED[key] = action
            return action
        except TypeError:  # an unhashable value (a list): build it without interning
            return cls._checked(kind, params)

    @classmethod
    def _checked(cls, kind: str, params: Mapping[str, Any]) -> Action:
        """Build an action from ``kind`` and ``params``, checking every name and value."""
        if not isinstance(kind, str) or not _KIND.match(kind):
            raise MalformedActionError(f"action kind {kind!r} is not a snake_case word")
        frozen = []
        for name in sorted(params):
            if not _NAME.match(name):
                raise MalformedActionError(f"parameter name {name!r} is not a snake_case word")
            frozen.append((name, _freeze(name, params[name])))
        return cls(kind, tuple(frozen))

    def __getitem__(self, name: str) -> Value:
        for key, value in self.params:
            if key == name:
                return value
        raise KeyError(name)

    def get(self, name: str, default: Value = None) -> Value:
        """The parameter ``name``, or ``default`` when the action has none."""
        for key, value in self.params:
            if key == name:
                return value
        return default

    def to_json(self) -> dict[str, Any]:
        """The JSON form: ``{"kind": ..., name: value, ...}`` with tuples as lists."""
        out: dict[str, Any] = {"kind": self.kind}
        for key, value in self.params:
            out[key] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_json(cls, data: Any) -> Action:
        """Parse the JSON form (a dict, or a JSON string of one).

        Raises:
            MalformedActionError: not JSON (or not standard JSON: ``NaN``, ``Infinity``), not an
                object, no ``kind``, or a value of the wrong type.
        """
        if isinstance(data, str | bytes):
            try:
                data = loads_strict(data)
            except NonStandardJSONError as exc:
                raise MalformedActionError(f"not standard JSON: {exc}") from None
            except (ValueError, UnicodeDecodeError) as exc:
                raise MalformedActionError(f"not valid JSON: {exc.__class__.__name__}") from None
        if not isinstance(data, Mapping):
            raise MalformedActionError("an action must be a JSON object with a 'kind'")
        kind = data.get("kind")
        if not isinstance(kind, str):
            raise MalformedActionError("an action needs a string 'kind'")
        params = {k: v for k, v in data.items() if k != "kind"}
        for key in params:
            if not isinstance(key, str):
                raise MalformedActionError("parameter names must be strings")
        return cls._checked(kind, params)

    def __str__(self) -> str:
        parts = [self.kind]
        for key, value in self.params:
            parts.append(f"{key}={_format_value(value)}")
        return " ".join(parts)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the text form ``kind name=value ...``.

        Integers, ``true``/``false``, ``none`` are typed; a value with commas is a tuple; ``()`` is
        the empty tuple. An integer is written one way only (``1``, ``-3``, ``0``; at most 18
        digits): ``01``, ``+1`` and ``-0`` are refused, with the right spelling. Raises
        ``MalformedActionError`` on anything else.
        """
        if not isinstance(text, str):
            raise MalformedActionError("an action's text form must be a string")
        words = text.split()
        if not words:
            raise MalformedActionError("empty action")
        params: dict[str, Any] = {}
        for word in words[1:]:
            name, sep, raw = word.partition("=")
            if not sep:
                raise MalformedActionError(f"expected name=value, got {word!r}")
            if name in params:
                raise MalformedActionError(f"parameter {name!r} is given twice")
            params[name] = _parse_value(name, raw)
        return cls._checked(words[0], params)


def _format_scalar(value: Scalar) -> str:
    if value is None:
        return "none"
    if value is True:
        return "true"
    if value is False:
        return "false"
    return str(value)


def _format_value(value: Value) -> str:
    if isinstance(value, tuple):
        if not value:
            return "()"
        text = ",".join(_format_scalar(v) for v in value)
        return text + "," if len(value) == 1 else text
    return _format_scalar(value)


WRITTEN_INTEGER = re.compile(r"[+-]?[0-9]+")
"""Text that reads as an integer, however written (``3``, ``-1``, ``+0``, ``007``)."""
CANONICAL_INTEGER = re.compile(r"0|-?[1-9][0-9]{0,17}")
"""How the text form (and a rule option's text) writes an integer: no sign but ``-``, no leading
zero, no ``-0``, at most 18 digits (the games' numbers are small)."""


def _parse_scalar(name: str, raw: str) -> Scalar:
    """One value of parameter ``name`` in the text form. Raises ``MalformedActionError`` for a
    number not written the one way the text form writes it (``01``, ``+1``, ``-0``)."""
    if raw == "none":
        return None
    if raw == "true":
        return True
    if raw == "false":
        return False
    if WRITTEN_INTEGER.fullmatch(raw):
        if not CANONICAL_INTEGER.fullmatch(raw):
            digits = raw.lstrip("+-")
            if len(digits.lstrip("0")) > 18:
                raise MalformedActionError(f"{name}={raw}: numbers have at most 18 digits")
            plain = int(raw[0] + digits if raw[0] in "+-" else digits)
            raise MalformedActionError(
                f"{name}={raw}: write numbers without a '+' or leading zeros ({name}={plain})"
                if plain
                else f"{name}={raw}: write zero as {name}=0"
            )
        return int(raw)
    return raw


def _parse_value(name: str, raw: str) -> Value:
    if raw == "()":
        return ()
    if "," in raw:
        return tuple(_parse_scalar(name, p) for p in raw.split(",") if p != "")
    return _parse_scalar(name, raw)


def coerce_action(data: Action | Mapping[str, Any] | str) -> Action:
    """An ``Action`` from an action, its JSON form (dict or JSON string) or its text form.

    A string starting with ``{`` is read as JSON, any other string as the text form.
    Raises ``MalformedActionError`` when it is none of these.
    """
    if isinstance(data, Action):
        return data
    if isinstance(data, str):
        return Action.from_json(data) if data.lstrip().startswith("{") else Action.parse(data)
    if isinstance(data, Mapping):
        return Action.from_json(data)
    raise MalformedActionError(f"cannot read an action from {_json_kind(data)}")


def _types(value: Value) -> tuple[type, ...]:
    return tuple(type(v) for v in value) if isinstance(value, tuple) else (type(value),)


def same_types(a: Action, b: Action) -> bool:
    """Whether two equal actions also agree on every parameter's type: ``True == 1`` in Python,
    but ``card=true`` is not ``card=1``."""
    return all(_types(x) == _types(y) for (_, x), (_, y) in zip(a.params, b.params, strict=True))

"""Reading JSON strictly: the one reader of JSON text that comes from outside (record files,
client messages, request bodies, actions in their JSON text form).

Python's ``json.loads`` accepts ``NaN``, ``Infinity`` and ``-Infinity``, and reads numbers too
large for a float (``1e999``) as infinity. None of these is standard JSON (RFC 8259), a browser's
``JSON.parse`` cannot read them back, and no game value is ever one of them, so
:func:`loads_strict` refuses them.
"""

from __future__ import annotations

import json
import math
from typing import Any


class NonStandardJSONError(ValueError):
    """Text that Python's ``json`` would read but standard JSON does not allow (``NaN``,
    ``Infinity``, ``-Infinity``, a number too large for a float such as ``1e999``)."""


def _no_constant(name: str) -> Any:
    raise NonStandardJSONError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NonStandardJSONError(f"{text} is too large a number")
    return value


def loads_strict(text: str | bytes) -> Any:
    """``json.loads`` refusing what standard JSON has not: ``NaN``, ``Infinity`` and numbers too
    large for a float (``1e999``).

    Raises:
        NonStandardJSONError: one of those (a ``ValueError``; its text names the value).
        ValueError: text that is not JSON at all (``json.JSONDecodeError``), or bytes that are not
            UTF-8 (``UnicodeDecodeError``).
        RecursionError: nesting too deep for the parser.
    """
    return json.loads(text, parse_constant=_no_constant, parse_float=_finite)

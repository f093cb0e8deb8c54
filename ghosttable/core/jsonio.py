"""Reading JSON strictly: the one reader of JSON text that comes from outside (record files,
client messages, request bodies, actions in their JSON text form).

Python's ``json.loads`` accepts ``NaN``, ``Infinity`` and ``-Infinity``, and reads numbers too
large for a float (``1e999``) as infinity. None of these is standard JSON (RFC 8259), a browser's
``JSON.parse`` cannot read them back, and no game value is ever one of them, so
:func:`loads_strict` refuses them. It also refuses a key repeated in one object (the last one would
silently win) and strings with lone surrogate escapes (they cannot be stored or sent as UTF-8).
"""

from __future__ import annotations

import json
import math
import re
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


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise NonStandardJSONError(f"the key {json.dumps(key)} appears twice in one object")
        out[key] = value
    return out


_MAY_HOLD_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]|[\ud800-\udfff]")
"""What a JSON text must show to decode to a lone surrogate: an escape ``\\ud800`` to
``\\udfff``, or such a character itself (a ``str`` read with ``surrogateescape``). A text without
either cannot hold one, so its decoded value needs no walk."""


def _check_unicode(value: Any) -> None:
    """Refuse strings holding a lone surrogate (``"\\ud800"``): they are not Unicode text and
    cannot be written back out as UTF-8."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise NonStandardJSONError("a string holds a lone surrogate escape (not Unicode text)") from None
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def loads_strict(text: str | bytes) -> Any:
    """``json.loads`` refusing what standard JSON has not, or what no reader can use: ``NaN``,
    ``Infinity``, numbers too large for a float (``1e999``), a key given twice in one object
    (RFC 8259 leaves its meaning open), and strings with a lone surrogate escape (``"\\ud800"``,
    not Unicode text).

    Raises:
        NonStandardJSONError: one of those (a ``ValueError``; its text names the problem).
        ValueError: text that is not JSON at all (``json.JSONDecodeError``), or bytes that are not
            UTF-8 (``UnicodeDecodeError``).
        RecursionError: nesting too deep for the parser.
    """
    value = json.loads(text, parse_constant=_no_constant, parse_float=_finite, object_pairs_hook=_unique_keys)
    if not isinstance(text, str) or _MAY_HOLD_SURROGATE.search(text):
        _check_unicode(value)
    return value


def json_spelling(value: Any) -> str:
    """``value`` as JSON spells it (``true``, ``null``, ``"text"``, ``"地狱"``, ``4.0``), for reasons
    that quote a value someone sent. Text that is not Unicode (a lone surrogate, as a command line
    read with ``surrogateescape`` may hold) is escaped (``"\\udcff"``), so the reason can always be
    printed. A value JSON cannot write is given as Python's ``repr``."""
    try:
        spelt = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)
    try:
        spelt.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(value)
    return spelt

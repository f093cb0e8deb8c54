"""A movement plan sealed as one action: ``seal steps=...``.

A seat builds its plan step by step (the decision point ``plan_movement`` lists ``step`` actions
and ``done``, as search and the bots need); the state keeps those steps privately, and the
history, the record and a table's log hold only the ``seal`` action that ``done`` makes of them
(see ``RunGhostRunState.recorded_as``). A client may also send the ``seal`` action itself, the whole
plan at once: it is checked step by step and refused as a whole, naming the step refused
(``RunGhostRunState.parts``).

Each step is written as one string, its parameters joined by ``:``:

- ``GHOST:SPACE:PLACE:COST`` (``red-s1:B3:floor:2``),
- ``GHOST:SPACE:PLACE:COST:GHOST2`` for a step that merges into ``GHOST2`` (``red-s2:B3:floor:1:red-s1``),
- ``GHOST:exit:COST`` for a ghost leaving the hall (``red-m1:exit:3``).

Text form ``seal steps=red-s1:B3:floor:2,red-m1:exit:3`` (``seal steps=()``: no step); JSON form
``{"kind": "seal", "steps": ["red-s1:B3:floor:2", "red-m1:exit:3"]}``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ghosttable.core import Action, IllegalActionError

SEAL = "seal"
"""The kind of the action that seals a plan."""

MAX_STEPS = 64
"""The most steps a ``seal`` may hold (a plan moves each of a seat's at most 7 ghosts once)."""


_TEXTS: dict[int, tuple[Action, str]] = {}
""":func:`step_text` by the step's identity (the step kept beside its text, so that its identity
is not taken by another action while it is kept); started afresh past :data:`_TEXTS_LIMIT`."""
_TEXTS_LIMIT = 1 << 16


def step_text(step: Action) -> str:
    """One ``step`` action as a seal writes it (see the module docstring); written once per step
    action (the listing hands out the same step actions again and again)."""
    got = _TEXTS.get(id(step))
    if got is not None and got[0] is step:
        return got[1]
    ghost, to, cost = step["ghost"], step["to"], step["cost"]
    if to == "exit":
        text = f"{ghost}:exit:{cost}"
    else:
        merge = step.get("merge")
        text = f"{ghost}:{to}:{step['place']}:{cost}"
        if merge is not None:
            text = f"{text}:{merge}"
    if len(_TEXTS) >= _TEXTS_LIMIT:
        _TEXTS.clear()
    _TEXTS[id(step)] = (step, text)
    return text


def seal_of(plan: Sequence[Action]) -> Action:
    """The ``seal`` action of a plan: its ``step`` actions in order (``done`` and anything else left out)."""
    return Action(SEAL, (("steps", tuple([step_text(a) for a in plan if a.kind == "step"])),))


def read_step(text: str, number: int) -> Action:
    """The ``step`` action written ``text`` in a seal (``number``: its place in the plan, from 1,
    for the reason of a refusal). Raises ``IllegalActionError`` when it is not written as the
    module docstring says."""
    fields = text.split(":")
    cost = fields[-1] if len(fields) == 3 else fields[3] if len(fields) in (4, 5) else ""
    if not (cost.isascii() and cost.isdigit() and len(cost) <= 3) or not all(fields):
        raise IllegalActionError(
            f"step {number} of the seal ({text!r}) must be written GHOST:SPACE:PLACE:COST,"
            " GHOST:SPACE:PLACE:COST:MERGED_GHOST or GHOST:exit:COST"
        )
    if len(fields) == 3:
        if fields[1] != "exit":
            raise IllegalActionError(f"step {number} of the seal ({text!r}): only a step out leaves out the place")
        return Action("step", (("cost", int(cost)), ("ghost", fields[0]), ("to", "exit")))
    params: list[tuple[str, str | int]] = [("cost", int(cost)), ("ghost", fields[0])]
    if len(fields) == 5:
        params.append(("merge", fields[4]))
    params += [("place", fields[2]), ("to", fields[1])]
    return Action("step", tuple(params))


def read_seal(action: Action) -> list[Action]:
    """The ``step`` actions a ``seal`` action holds, in order (``steps`` a list of strings, or one
    string for a plan of one step). Raises ``IllegalActionError`` when it is not ``seal steps=...``
    with at most :data:`MAX_STEPS` steps, each written as the module docstring says."""
    if [name for name, _ in action.params] != ["steps"]:
        raise IllegalActionError("a seal takes one parameter, steps: the plan's steps (steps=() for none)")
    steps = action["steps"]
    if isinstance(steps, str):  # one step, written without the text form's trailing comma
        steps = (steps,)
    if not isinstance(steps, tuple) or not all(isinstance(s, str) for s in steps):
        raise IllegalActionError("a seal's steps are a list of strings, one a step (GHOST:SPACE:PLACE:COST)")
    if len(steps) > MAX_STEPS:
        raise IllegalActionError(f"a seal holds at most {MAX_STEPS} steps")
    return [read_step(text, i) for i, text in enumerate(steps, 1) if isinstance(text, str)]

"""The game-agnostic kernel: specs, states, actions, chance, errors, records and the harness."""

from ghosttable.core.actions import Action, coerce_action
from ghosttable.core.chance import Chance, ChanceScriptError
from ghosttable.core.errors import (
    ConformanceError,
    GameError,
    GameOverError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    OptionError,
    RecordError,
    UnknownGameError,
)
from ghosttable.core.records import Record, replay, replay_states
from ghosttable.core.spec import GameSpec, RuleOption
from ghosttable.core.state import SIMULTANEOUS, TERMINAL, DecisionPoint, Game, State, UndoLog

__all__ = [
    "SIMULTANEOUS",
    "TERMINAL",
    "Action",
    "Chance",
    "ChanceScriptError",
    "ConformanceError",
    "DecisionPoint",
    "Game",
    "GameError",
    "GameOverError",
    "GameSpec",
    "IllegalActionError",
    "MalformedActionError",
    "NotYourTurnError",
    "OptionError",
    "Record",
    "RecordError",
    "RuleOption",
    "State",
    "UndoLog",
    "UnknownGameError",
    "coerce_action",
    "replay",
    "replay_states",
]

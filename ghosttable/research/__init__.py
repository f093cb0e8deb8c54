"""Interfaces for game-AI research: fixed action spaces and observation tensors
(:mod:`ghosttable.research.encoding`), PettingZoo environments (:mod:`ghosttable.pettingzoo`) and
OpenSpiel games (:mod:`ghosttable.openspiel`). The games know nothing of this package."""

"""Game-agnostic players: they reach a game only through the core API."""

from ghosttable.ai.base import Bot, Observation, bot_names, make_bot
from ghosttable.ai.random_bot import RandomBot

__all__ = ["Bot", "Observation", "RandomBot", "bot_names", "make_bot"]

"""Game-agnostic players: they reach a game only through the core API."""

from ghosttable.ai.advisor import Advice, advise
from ghosttable.ai.base import Bot, Observation, bot_names, make_bot
from ghosttable.ai.random_bot import RandomBot

__all__ = ["Advice", "Bot", "Observation", "RandomBot", "advise", "bot_names", "make_bot"]

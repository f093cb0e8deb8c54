"""ghosttable: a digital tabletop for three ghost board games.

The public entry points are :func:`load` (a registered game by name, with its rule options) and
the kernel in :mod:`ghosttable.core`.
"""

from ghosttable.core.errors import GameError
from ghosttable.registry import game_names, load

__version__ = "0.1.0"

__all__ = ["GameError", "__version__", "game_names", "load"]

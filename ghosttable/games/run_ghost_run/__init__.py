"""Run, Ghost, Run!: furniture as 3D boxes, sealed simultaneous movement plans and the keyhole's
exact line of sight (registered as ``run-ghost-run``)."""

from ghosttable.games.run_ghost_run.game import RunGhostRun
from ghosttable.games.run_ghost_run.rules import RunGhostRunState

__all__ = ["RunGhostRun", "RunGhostRunState"]

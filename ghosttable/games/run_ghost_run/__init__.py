"""Run, Ghost, Run!: furniture as 3D boxes, sealed simultaneous movement plans and the keyhole's
exact line of sight (registered as ``run-ghost-run``)."""

from ghosttable.games.run_ghost_run.rules import RunGhostRun, RunGhostRunState

__all__ = ["RunGhostRun", "RunGhostRunState"]

"""``python -m ghosttable``: the command line."""

from ghosttable.cli import main

main()

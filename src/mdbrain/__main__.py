"""``python -m mdbrain`` runs the command line."""

from mdbrain.adapters.cli import main

main()

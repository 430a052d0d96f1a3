"""The package version, kept apart so that ``mdbrain --version`` imports nothing else."""

__version__ = "0.1.0"

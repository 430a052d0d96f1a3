"""mdbrain: project memory for AI coding agents, kept as Markdown next to the code.

The library offers the same operations as the command line, as plain functions
and objects returning data::

    import mdbrain
    brain = mdbrain.Brain.open("path/inside/a/project")
    report = brain.index()

Names are loaded on first use, so that importing mdbrain stays cheap.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from mdbrain._version import __version__

if TYPE_CHECKING:
    from mdbrain.core.errors import (
        DocumentError,
        MarkerError,
        MdbrainError,
        NoMarkerError,
        NotInitialisedError,
        UsageError,
    )
    from mdbrain.core.findings import Finding, Severity
    from mdbrain.core.manifest import Entry, Manifest
    from mdbrain.service.bootstrap import init_base
    from mdbrain.service.brain import Brain, IndexReport

_EXPORTS = {
    "Brain": "mdbrain.service.brain",
    "DocumentError": "mdbrain.core.errors",
    "Entry": "mdbrain.core.manifest",
    "Finding": "mdbrain.core.findings",
    "IndexReport": "mdbrain.service.brain",
    "Manifest": "mdbrain.core.manifest",
    "MarkerError": "mdbrain.core.errors",
    "MdbrainError": "mdbrain.core.errors",
    "NoMarkerError": "mdbrain.core.errors",
    "NotInitialisedError": "mdbrain.core.errors",
    "Severity": "mdbrain.core.findings",
    "UsageError": "mdbrain.core.errors",
    "init_base": "mdbrain.service.bootstrap",
}

__all__ = [
    "Brain",
    "DocumentError",
    "Entry",
    "Finding",
    "IndexReport",
    "Manifest",
    "MarkerError",
    "MdbrainError",
    "NoMarkerError",
    "NotInitialisedError",
    "Severity",
    "UsageError",
    "__version__",
    "init_base",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'mdbrain' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value

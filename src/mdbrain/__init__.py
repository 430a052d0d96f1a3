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
        BusyError,
        DocumentError,
        DuplicateError,
        GitError,
        GuardError,
        InvalidRequestError,
        MarkerError,
        MdbrainError,
        NoMarkerError,
        NotFoundError,
        NotInitialisedError,
        OutsideBaseError,
        RefusedError,
        StaleReadError,
        StorageError,
        UnsafePathError,
        UsageError,
    )
    from mdbrain.core.findings import Finding, Severity
    from mdbrain.core.manifest import Entry, Manifest
    from mdbrain.service.bootstrap import init_base
    from mdbrain.service.brain import Brain
    from mdbrain.service.briefing import Brief, BriefItem, History, ReviewQueue
    from mdbrain.service.checking import CheckReport
    from mdbrain.service.governance import Conflict, ResolveReport, SupersedeReport
    from mdbrain.service.importing import ImportReport
    from mdbrain.service.indexing import IndexReport
    from mdbrain.service.moving import MoveReport
    from mdbrain.service.reading import (
        Filters,
        Hit,
        NeighboursResult,
        Passage,
        QueryResult,
        SearchResult,
        ShowResult,
    )
    from mdbrain.service.updating import UpdateReport
    from mdbrain.service.writing import WriteReport, WriteRequest

_ERRORS = "mdbrain.core.errors"
_EXPORTS = {
    **dict.fromkeys(
        [
            "BusyError", "DocumentError", "DuplicateError", "GitError", "GuardError",
            "InvalidRequestError", "MarkerError", "MdbrainError", "NoMarkerError",
            "NotFoundError", "NotInitialisedError", "OutsideBaseError", "RefusedError",
            "StaleReadError", "StorageError", "UnsafePathError", "UsageError",
        ],
        _ERRORS,
    ),
    "Brain": "mdbrain.service.brain",
    "Brief": "mdbrain.service.briefing",
    "BriefItem": "mdbrain.service.briefing",
    "CheckReport": "mdbrain.service.checking",
    "Conflict": "mdbrain.service.governance",
    "Entry": "mdbrain.core.manifest",
    "Filters": "mdbrain.service.reading",
    "Finding": "mdbrain.core.findings",
    "History": "mdbrain.service.briefing",
    "Hit": "mdbrain.service.reading",
    "ImportReport": "mdbrain.service.importing",
    "IndexReport": "mdbrain.service.indexing",
    "Manifest": "mdbrain.core.manifest",
    "MoveReport": "mdbrain.service.moving",
    "NeighboursResult": "mdbrain.service.reading",
    "Passage": "mdbrain.service.reading",
    "QueryResult": "mdbrain.service.reading",
    "ResolveReport": "mdbrain.service.governance",
    "ReviewQueue": "mdbrain.service.briefing",
    "SearchResult": "mdbrain.service.reading",
    "Severity": "mdbrain.core.findings",
    "ShowResult": "mdbrain.service.reading",
    "SupersedeReport": "mdbrain.service.governance",
    "UpdateReport": "mdbrain.service.updating",
    "WriteReport": "mdbrain.service.writing",
    "WriteRequest": "mdbrain.service.writing",
    "init_base": "mdbrain.service.bootstrap",
}  # fmt: skip

__all__ = [
    "Brain",
    "Brief",
    "BriefItem",
    "BusyError",
    "CheckReport",
    "Conflict",
    "DocumentError",
    "DuplicateError",
    "Entry",
    "Filters",
    "Finding",
    "GitError",
    "GuardError",
    "History",
    "Hit",
    "ImportReport",
    "IndexReport",
    "InvalidRequestError",
    "Manifest",
    "MarkerError",
    "MdbrainError",
    "MoveReport",
    "NeighboursResult",
    "NoMarkerError",
    "NotFoundError",
    "NotInitialisedError",
    "OutsideBaseError",
    "Passage",
    "QueryResult",
    "RefusedError",
    "ResolveReport",
    "ReviewQueue",
    "SearchResult",
    "Severity",
    "ShowResult",
    "StaleReadError",
    "StorageError",
    "SupersedeReport",
    "UnsafePathError",
    "UpdateReport",
    "UsageError",
    "WriteReport",
    "WriteRequest",
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

"""The MCP server over HTTP under eight concurrent clients (``bench/mcp_load.py``, short
runs): nothing acknowledged is lost, nothing refused was written, no error but the
explained refusals, and the base checks clean with its indexes as a fresh run writes them.
Also: the proofs of the harness fail when they should, and a write is never reported
busy after it wrote."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import pytest

from mdbrain.core.errors import BusyError
from mdbrain.service.brain import Brain
from mdbrain.store import lock

pytest.importorskip("mcp", reason="the mcp package is not installed")

from bench import mcp_load


def proven(report: mcp_load.Report) -> None:
    shown = mcp_load.table(report) + "\n" + report.server_log
    assert report.errors == [], shown
    assert report.lost == [], shown
    assert report.phantoms == [], shown
    assert report.index_differences == [], shown
    assert report.check_status == 0, shown
    assert report.passed, shown


def test_eight_clients_lose_nothing(tmp_path: Path) -> None:
    report = mcp_load.run(tmp_path / "project", clients=8, duration=5, documents=24, shared=3)
    proven(report)
    # the run did what it claims: every kind was called, writes were acknowledged
    assert all(report.kinds[kind]["ok"] for kind in ("query", "search", "read")), report.kinds
    assert report.created and report.edited, mcp_load.table(report)


def test_a_busy_base_refuses_without_writing(tmp_path: Path) -> None:
    """Writers that wait 50 ms for the lock are often told ``busy``: each such refusal
    must mean nothing was written (retrying it must not write twice)."""
    mix = mcp_load.Mix(query=1, search=1, brief=0, read=1, create=2, edit=3)
    report = mcp_load.run(
        tmp_path / "project", clients=8, duration=4, mix=mix, documents=16, shared=2,
        lock_wait=0.05,
    )  # fmt: skip
    proven(report)


def test_the_proofs_fail_on_a_lost_or_unacknowledged_write(tmp_path: Path) -> None:
    project = tmp_path / "project"
    plan = mcp_load.generate(project, documents=8, shared=2)
    assert mcp_load.mdbrain(project, "index").returncode == 0
    ledger = mcp_load.Ledger()
    ledger.edits[plan.shared[0]] = [f"{mcp_load.EDIT_PREFIX}c0-1"]  # acknowledged, not there
    ledger.created["load/never-written.md"] = "0" * 64
    ledger_path = project / "kb" / plan.shared[1]
    with ledger_path.open("a", encoding="utf-8") as out:
        out.write(f"{mcp_load.EDIT_PREFIX}c1-1\n")  # there, never acknowledged
    lost, phantoms = mcp_load.lost_and_phantom(project, ledger)
    assert len(lost) == 2 and "c0-1" in lost[1] and "never-written" in lost[0]
    assert len(phantoms) == 1 and "c1-1" in phantoms[0]
    assert mcp_load.index_differences(project) == []
    index = project / "kb" / "INDEX.md"
    index.write_text(index.read_text(encoding="utf-8") + "\nstale\n", encoding="utf-8")
    assert mcp_load.index_differences(project) == ["INDEX.md: differs"]
    with pytest.raises(ValueError, match="bad mix"):
        mcp_load.Mix.parse("query=3,delete=1")


def lock_free_once(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The base's lock is free for the first writer to ask, then busy for everyone; the
    list holds each request for it."""
    real = lock.held
    asked: list[Path] = []

    @contextlib.contextmanager
    def held(root: Path, *, wait: float | None = None) -> Iterator[None]:
        asked.append(root)
        if len(asked) > 1:
            raise BusyError("the base is busy (test)", holder="test", waited=0.0)
        with real(root, wait=wait):
            yield

    monkeypatch.setattr(lock, "held", held)
    return asked


@pytest.mark.parametrize("kind", ["create", "update"])
def test_a_write_that_wrote_is_not_reported_busy(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    """The index that follows a write runs in the same hold of the lock: before, it took
    the lock again, and a busy base then turned a write that happened into a refusal."""
    project = tmp_path / "project"
    plan = mcp_load.generate(project, documents=4, shared=1)
    assert mcp_load.mdbrain(project, "index").returncode == 0
    brain = Brain.open(project)
    try:
        target = plan.shared[0]
        sha = brain.show(target).hit.sha
        asked = lock_free_once(monkeypatch)
        if kind == "create":
            request = {"title": "Written once", "summary": "One write.", "theme": "load",
                       "sources": ["x"], "new": True}  # fmt: skip
        else:
            request = {"doc": target, "body": "## Entries\n\n- one", "expect_sha": sha}
        report = brain.write(request)
        assert report.index is not None and len(asked) == 1
        assert (project / "kb" / report.id).is_file()
    finally:
        brain.close()

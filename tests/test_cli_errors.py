"""How the command line reports failures: one line or JSON, a distinct exit code, no traceback."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import filelock
import pytest

from mdbrain.adapters import cli as cli_module
from mdbrain.core.errors import (
    EXIT_BUSY,
    EXIT_INTERNAL,
    EXIT_REFUSED,
    EXIT_USAGE,
    StorageError,
)
from mdbrain.service.brain import Brain
from mdbrain.store import lock
from tests.conftest import MakeBase, doc


def run(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    """Run the real entry point (``main``) in this process; exit code, stdout, stderr."""
    monkeypatch.setattr(sys, "argv", ["mdbrain", *args])
    with pytest.raises(SystemExit) as ended:
        cli_module.main()
    out, err = capsys.readouterr()
    code = ended.value.code
    return (code if isinstance(code, int) else 0), out, err


@pytest.fixture
def project(make_base: MakeBase) -> Path:
    return make_base(
        {"a.md": doc("Alpha", sources="[x]"), "b.md": doc("Beta", sources="[x]")}
    ).parent


def one_line_error(err: str) -> str:
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mdbrain: "), err
    return lines[0]


def test_usage_problems_exit_2_with_one_line(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for args in (["show", "../outside.md"], ["show", "nowhere.md"], ["query", "x", "--limit", "0"]):
        code, _out, err = run(["-C", str(project), *args], capsys, monkeypatch)
        assert code == EXIT_USAGE, args
        one_line_error(err)


def test_a_huge_limit_is_a_usage_error_not_a_crash(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _out, err = run(
        ["-C", str(project), "query", "alpha", "--limit", "99999999999999999999"],
        capsys,
        monkeypatch,
    )
    assert code == EXIT_USAGE
    assert "limit" in one_line_error(err)


def test_an_empty_expect_sha_is_refused_not_dropped(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # found on ethereum/EIPs: write --doc X --expect-sha "" wrote, the check gone
    before = (project / "kb" / "a.md").read_bytes()
    empty = ["write", "--doc", "a.md", "--summary", "New.", "--expect-sha", ""]
    code, _out, err = run(["-C", str(project), *empty], capsys, monkeypatch)
    assert code == EXIT_USAGE and "expect_sha '' is no hash" in one_line_error(err)
    assert (project / "kb" / "a.md").read_bytes() == before


def test_refusals_exit_3(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    here = ["-C", str(project)]
    duplicate = ["write", "--title", "Alpha", "--summary", "What this document covers."]
    code, _out, err = run([*here, *duplicate], capsys, monkeypatch)
    assert code == EXIT_REFUSED and "duplicate" in one_line_error(err)
    stale = ["write", "--doc", "a.md", "--summary", "New.", "--expect-sha", "0" * 64]
    code, _out, err = run([*here, *stale], capsys, monkeypatch)
    assert code == EXIT_REFUSED and "changed since it was read" in one_line_error(err)
    key = "AKIA" + "Q7ZK2M4PXW9RT3BN"  # built here: no literal key in the source
    secret = ["write", "--title", "Keys", "--summary", "s", "--body", f"aws {key}"]
    code, _out, err = run([*here, *secret], capsys, monkeypatch)
    line = one_line_error(err)
    assert code == EXIT_REFUSED and "guard" in line and key not in line


def test_a_busy_base_exits_4_naming_who_holds_it(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("MDBRAIN_LOCK_WAIT", "0.1")
    root = project / "kb"
    (root / ".mdbrain").mkdir(exist_ok=True)
    held = filelock.FileLock(str(root / lock.LOCK))
    held.acquire()
    try:
        code, _out, err = run(
            ["-C", str(project), "write", "--doc", "a.md", "--summary", "New."], capsys, monkeypatch
        )
    finally:
        held.release()
    assert code == EXIT_BUSY and "busy" in one_line_error(err)


def test_errors_are_json_for_a_command_asked_for_json(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, err = run(["-C", str(project), "show", "nowhere.md", "--json"], capsys, monkeypatch)
    assert code == EXIT_USAGE and err == ""
    data = json.loads(out)["error"]
    assert data["code"] == "not-found" and data["doc"] == "nowhere.md"


def test_a_storage_failure_exits_5(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def full(*_args: object, **_kwargs: object) -> None:
        raise StorageError("cannot write it: No space left on device", path="a.md", reason="full")

    monkeypatch.setattr("mdbrain.store.files.write", full)
    code, _out, err = run(
        ["-C", str(project), "write", "--doc", "a.md", "--summary", "New."], capsys, monkeypatch
    )
    assert code == EXIT_INTERNAL and "No space left" in one_line_error(err)


def test_a_bug_is_an_internal_error_without_a_traceback(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(_self: Brain, **_options: object) -> None:
        raise RuntimeError("something unexpected")

    monkeypatch.setattr(Brain, "index", broken)
    monkeypatch.delenv("MDBRAIN_DEBUG", raising=False)
    code, _out, err = run(["-C", str(project), "index"], capsys, monkeypatch)
    line = one_line_error(err)
    assert code == EXIT_INTERNAL
    assert "RuntimeError: something unexpected" in line and "MDBRAIN_DEBUG" in line


def test_arguments_that_are_not_utf8_are_refused_cleanly(
    project: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    undecodable = b"\xff\xfe".decode("utf-8", "surrogateescape")
    for args in (
        ["show", f"{undecodable}.md"],
        ["query", undecodable],
        ["write", "--title", undecodable, "--summary", "s"],
    ):
        code, _out, err = run(["-C", str(project), *args], capsys, monkeypatch)
        assert code == EXIT_USAGE, args
        one_line_error(err)

"""The MCP server driven by a client nobody here wrote: the MCP Inspector's command line.

`make test` installs the Inspector (and a Node.js it supports) into .tools/inspector
from the npm registry; where npm is not there, this test is skipped and says so.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import doc, write_base

TOOLS = Path(__file__).resolve().parents[1] / ".tools" / "inspector" / "node_modules" / ".bin"
INSPECTOR = TOOLS / "mcp-inspector"

pytestmark = pytest.mark.skipif(
    not INSPECTOR.exists(),
    reason="the MCP Inspector is not installed (make test installs it with npm; npm is missing)",
)


def inspect(project: Path, *args: str) -> dict[str, object]:
    env = {**os.environ, "PATH": f"{TOOLS}{os.pathsep}{os.environ.get('PATH', '')}"}
    server = [sys.executable, "-m", "mdbrain", "mcp", "--root", str(project)]
    done = subprocess.run(
        [str(INSPECTOR), "--cli", "-q", "--format", "json", *server, *args],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr or done.stdout
    result: dict[str, object] = json.loads(done.stdout)["result"]
    return result


def test_the_inspector_lists_the_tools_and_calls_query(tmp_path: Path) -> None:
    root = write_base(
        tmp_path / "shop",
        {"lockout.md": doc("Lockout", sources="[x]", body="Five failures lock the account.")},
    )
    listed = inspect(root.parent, "--method", "tools/list")
    names = {tool["name"] for tool in listed["tools"]}  # type: ignore[union-attr,index]
    assert {"query", "brief", "write", "verify"} <= names
    answered = inspect(
        root.parent, "--method", "tools/call", "--tool-name", "query", "--tool-arg", "question=lock"
    )
    text = answered["content"][0]["text"]  # type: ignore[index]
    assert "lockout.md" in text and answered.get("isError") in (None, False)

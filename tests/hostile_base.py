"""Helpers of the hostile regression tests: a demo project per test, the real CLI in a
subprocess, and snapshots proving that nothing outside the base was touched.

Each test gets a fresh copy of the demo project (built once per session with
``mdbrain demo --keep`` and committed to a git repository), an ``OUTSIDE``
folder next to it holding sentinel files, and a private ``HOME``. Every command
runs as ``python -m mdbrain`` with a time bound: a command still running at the
bound is killed, with every process it started, and the test fails as "hung".
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import string
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

BOUND_S = 10.0  # default bound of one command
DOCUMENTED_CODES = (0, 1, 2, 3, 4, 5)
EXIT_OK, EXIT_FINDINGS, EXIT_USAGE, EXIT_REFUSED, EXIT_BUSY, EXIT_INTERNAL = range(6)
# The demo base ships one document with broken YAML on purpose (the demo shows check
# finding it): it is the baseline of E002 findings, and nothing may add to it.
BASELINE_E002 = frozenset({"features/password-reset.md"})
LOGIN = "features/login.md"
SESSION = "features/session.md"
RULE = "rules/lockout-after-failures.md"
DERIVED = frozenset({"INDEX.md", "OVERVIEW.md", "RELATIONS.yaml"})
SENTINELS = {
    "x.txt": b"outside sentinel: must never change\n",
    "victim.md": b"---\ntitle: Victim\n---\n\nOutside the base; must never change.\n",
    "dir/keep.txt": b"a file in an outside folder\n",
    "parent-note.txt": b"another outside file\n",
}


def git_env(home: Path) -> dict[str, str]:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("GIT_", "MDBRAIN", "PYTEST", "COV_"))
    }
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        GIT_CONFIG_NOSYSTEM="1",
        GIT_AUTHOR_NAME="Hostile Tester",
        GIT_AUTHOR_EMAIL="hostile@example.invalid",
        GIT_COMMITTER_NAME="Hostile Tester",
        GIT_COMMITTER_EMAIL="hostile@example.invalid",
        LC_ALL="C.UTF-8",
        PYTHONDONTWRITEBYTECODE="1",
    )
    return env


def build_template(folder: Path) -> Path:
    """The demo project, built once, as a git repository with one commit."""
    home = folder / "home"
    home.mkdir(parents=True)
    project = folder / "project"
    env = git_env(home)
    done = subprocess.run(
        [sys.executable, "-m", "mdbrain", "demo", "--keep", str(project)],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "The demo project"]):
        subprocess.run(["git", *args], cwd=project, env=env, check=True, timeout=30)
    return project


@dataclass
class Run:
    args: tuple[str | bytes, ...]
    code: int
    out: str
    err: str
    seconds: float

    def __str__(self) -> str:
        return (
            f"mdbrain {' '.join(map(str, self.args))[:300]} -> exit {self.code} "
            f"in {self.seconds:.1f}s\n--- stdout\n{self.out[-1500:]}\n--- stderr\n{self.err[-3000:]}"
        )


class HungError(AssertionError):
    pass


def random_text(size: int, alphabet: str = string.ascii_letters + string.digits) -> str:
    pick = random.SystemRandom()
    return "".join(pick.choice(alphabet) for _ in range(size))


class Hostile:
    """One hostile scenario: a fresh demo project, an outside folder, the CLI."""

    def __init__(self, tmp: Path, template: Path) -> None:
        self.tmp = tmp
        self.project = tmp / "project"
        shutil.copytree(template, self.project, symlinks=True)
        self.docs = self.project / "docs"
        self.outside = tmp / "OUTSIDE"
        for rel, data in SENTINELS.items():
            path = self.outside / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        self.home = tmp / "home"
        self.home.mkdir()
        self.env = git_env(self.home)
        self.prefix: list[str] = []  # a wrapper command (a read-only mount namespace)
        self.before = self.outside_snapshot()
        self.docs_before = self.doc_bytes()

    # --- running -------------------------------------------------------------------

    def run(
        self,
        *args: str | bytes,
        timeout: float = BOUND_S,
        cwd: Path | None = None,
        stdin: bytes | None = None,
    ) -> Run:
        """``python -m mdbrain ARGS`` in the project; fails the test as "hung" past ``timeout``."""
        started = time.monotonic()
        proc = subprocess.Popen(
            [*self.prefix, *memory_limit(), sys.executable, "-m", "mdbrain", *args],
            cwd=cwd or self.project,
            env=self.env,
            stdin=subprocess.PIPE if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        try:
            out, err = proc.communicate(stdin, timeout=timeout)
        except subprocess.TimeoutExpired:
            kill_group(proc)
            proc.communicate()
            shown = " ".join(map(str, args))[:200]
            raise HungError(f"hung: mdbrain {shown} still running after {timeout:.0f}s") from None
        return Run(
            args,
            proc.returncode,
            out.decode("utf-8", "replace"),
            err.decode("utf-8", "replace"),
            time.monotonic() - started,
        )

    def git(self, *args: str) -> str:
        done = subprocess.run(
            ["git", *args],
            cwd=self.project,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=30,
            check=True,
        )
        return done.stdout

    def outside_file(self, rel: str, data: bytes) -> Path:
        """One more sentinel outside the base (the snapshot is taken again)."""
        path = self.outside / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        self.before = self.outside_snapshot()
        return path

    def remember(self) -> None:
        """Take the snapshots again, after the test set its hostile construct up."""
        self.before = self.outside_snapshot()
        self.docs_before = self.doc_bytes()

    def link(self, rel: str, target: Path | str) -> Path:
        """Make ``docs/REL`` a symbolic link to ``target`` (replacing what was there)."""
        path = self.docs / rel
        if path.is_symlink() or path.is_file():
            path.unlink()
        elif path.is_dir():
            shutil.rmtree(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.symlink_to(target)
        return path

    # --- snapshots -----------------------------------------------------------------

    def outside_snapshot(self) -> dict[str, Any]:
        """Names, bytes, modes and modification times of everything outside the base."""
        seen: dict[str, Any] = {}
        for path in sorted(self.outside.rglob("*")):
            st = path.lstat()
            rel = str(path.relative_to(self.outside))
            if path.is_symlink():
                seen[rel] = ("link", os.readlink(path))
            elif path.is_dir():
                seen[rel] = ("dir", st.st_mode)
            else:
                seen[rel] = ("file", path.read_bytes(), st.st_mode, st.st_mtime_ns)
        seen["<beside the project>"] = sorted(p.name for p in self.tmp.iterdir())
        return seen

    def assert_outside_unchanged(self) -> None:
        after = self.outside_snapshot()
        added = sorted(set(after) - set(self.before))
        changed = sorted(k for k in self.before if after.get(k) != self.before[k])
        assert not added and not changed, (
            f"outside the base: new {added}, changed or removed {changed}"
        )

    def doc_bytes(self) -> dict[str, bytes]:
        """Every document file of the base (derived files and caches left out)."""
        found = {}
        for path in sorted(self.docs.rglob("*.md")):
            rel = path.relative_to(self.docs).as_posix()
            if rel in DERIVED or rel.startswith(".") or path.is_symlink() or not path.is_file():
                continue
            found[rel] = path.read_bytes()
        return found

    def assert_docs_unchanged(self) -> None:
        after = self.doc_bytes()
        lost = sorted(set(self.docs_before) - set(after))
        added = sorted(set(after) - set(self.docs_before))
        changed = sorted(
            k for k in self.docs_before if k in after and after[k] != self.docs_before[k]
        )
        assert not (lost or added or changed), (
            f"documents lost {lost}, added {added}, changed {changed}"
        )

    def check_json(self, timeout: float = BOUND_S) -> dict[str, Any]:
        """``mdbrain check --no-fix --format json``, parsed; the command must end cleanly."""
        done = self.run("check", "--no-fix", "--format", "json", timeout=timeout)
        assert_no_traceback(done)
        assert done.code in (EXIT_OK, EXIT_FINDINGS), str(done)
        report: dict[str, Any] = json.loads(done.out)
        return report

    def unparseable(self) -> set[str]:
        """Documents whose frontmatter does not parse, baseline left out: reported with an
        E002 by ``mdbrain check``, or refused by PyYAML (any YAML reader must read them)."""
        report = self.check_json()
        found = {f["path"] for f in report["findings"] if f["code"] == "E002"}
        for rel, data in self.doc_bytes().items():
            if not yaml_frontmatter_parses(data):
                found.add(rel)
        return found - BASELINE_E002

    def assert_base_works(self, word: str = "lockout", expect: str = RULE) -> Run:
        """The rest of the base still answers a query."""
        done = self.run("query", word)
        assert_no_traceback(done)
        assert done.code == EXIT_OK, str(done)
        assert expect in done.out, str(done)
        return done


MEMORY_LIMIT = 4 << 30  # a runaway command fails with MemoryError rather than filling the machine


def memory_limit() -> list[str]:
    """The command prefix that caps a child's address space, where prlimit exists."""
    tool = shutil.which("prlimit")
    return [tool, f"--as={MEMORY_LIMIT}", "--"] if tool else []


def kill_group(proc: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)


def yaml_frontmatter_parses(data: bytes) -> bool:
    """Whether a document's bytes are UTF-8 with a frontmatter that PyYAML reads as a mapping."""
    import yaml

    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return False
    lines = text.splitlines(keepends=True)
    if not lines or lines[0].strip() != "---":
        return True  # no frontmatter: nothing for YAML to refuse
    end = next((i for i in range(1, len(lines)) if lines[i].rstrip() in ("---", "...")), None)
    if end is None:
        return False
    try:
        meta = yaml.safe_load("".join(lines[1:end]))
    except yaml.YAMLError:
        return False
    return meta is None or isinstance(meta, dict)


def assert_no_traceback(done: Run) -> None:
    assert "Traceback" not in done.err and "Traceback" not in done.out, str(done)


def assert_clean_error(done: Run, *codes: int) -> None:
    """An error ended cleanly: no traceback, one line on stderr starting "mdbrain: ",
    and one of the expected exit codes (one of the documented codes when none is given)."""
    assert_no_traceback(done)
    assert done.code in (codes or DOCUMENTED_CODES[1:]), str(done)
    if json_error(done):
        return  # asked for JSON, the error came as a JSON object on stdout
    if done.code == EXIT_USAGE and click_usage_error(done):
        return  # an argument refused by the option parser, in its own words
    lines = done.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("mdbrain: "), str(done)


def click_usage_error(done: Run) -> bool:
    """Whether stderr is the option parser's refusal: "Usage: mdbrain ...", then "Error: ..."."""
    lines = done.err.strip().splitlines()
    return (
        len(lines) >= 2
        and lines[0].startswith("Usage: mdbrain")
        and lines[-1].startswith("Error: ")
        and "\n" not in done.err.strip().split("Error: ", 1)[1].strip()
    )


def json_error(done: Run) -> bool:
    """Whether a command asked for JSON answered its error as ``{"error": {...}}``."""
    if "--json" not in done.args and "json" not in done.args:
        return False
    try:
        data = json.loads(done.out)
    except ValueError:
        return False
    return isinstance(data, dict) and isinstance(data.get("error"), dict)


def assert_ended(done: Run, *codes: int, bound: float = BOUND_S) -> None:
    """Ended within ``bound``, without a traceback, with one of ``codes`` (documented ones)."""
    assert done.seconds <= bound, f"took {done.seconds:.1f}s (bound {bound}s)\n{done}"
    assert_no_traceback(done)
    assert done.code in (codes or DOCUMENTED_CODES), str(done)
    if done.code not in (EXIT_OK, EXIT_FINDINGS):
        assert_clean_error(done, *(codes or DOCUMENTED_CODES))


# --- fake secrets, built at run time so that this file holds none ----------------------

UPPER_DIGITS = string.ascii_uppercase + string.digits
ALNUM = string.ascii_letters + string.digits


def fake_aws_key() -> str:
    return "AK" + "IA" + random_text(16, UPPER_DIGITS)


def fake_anthropic_key() -> str:
    return "-".join(["sk", "ant", "api03", random_text(93, ALNUM + "_-")]) + "AA"


def fake_openai_project_key() -> str:
    return "-".join(["sk", "proj", random_text(48, ALNUM + "_")]) + random_text(20, ALNUM)


def fake_slack_token() -> str:
    return "-".join(
        [
            "xo" + "xb",
            random_text(12, string.digits),
            random_text(12, string.digits),
            random_text(24),
        ]
    )


def fake_npm_token() -> str:
    return "npm" + "_" + random_text(35) + "7"  # a real token holds digits


def fake_password() -> str:
    return random_text(6) + "!" + random_text(6, string.digits) + "Qz"


def fake_pem_body(lines: int = 12) -> list[str]:
    return [random_text(64, ALNUM + "+/") for _ in range(lines)] + [random_text(24) + "=="]


def pem_block(kind: str = "RSA") -> str:
    dashes = "-" * 5
    head = f"{dashes}BEGIN {kind} PRIVATE" + f" KEY{dashes}"
    tail = f"{dashes}END {kind} PRIVATE" + f" KEY{dashes}"
    return "\n".join([head, *fake_pem_body(), tail])


_TEMPLATE: dict[str, Path] = {}


def new_hostile(tmp_path: Path, factory: pytest.TempPathFactory) -> Hostile:
    """A fresh scenario; the demo project is built once per session and copied."""
    if "demo" not in _TEMPLATE:
        _TEMPLATE["demo"] = build_template(factory.mktemp("hostile-template"))
    return Hostile(tmp_path, _TEMPLATE["demo"])

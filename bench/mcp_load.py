"""The MCP server over streamable HTTP under concurrent clients: throughput, latency per
tool kind, and proof that nothing written was lost.

It generates a small base (``--docs`` documents over four themes, plus ``--shared``
ledger documents that every client edits), indexes it, starts ``mdbrain mcp --http`` on
loopback with a bearer token, and reads the URL from the ``mdbrain: serving URL`` line
the server prints once it listens. Then ``--clients`` clients of the MCP SDK, each with
its own HTTP connection pool and session, call tools for ``--duration`` seconds, picking
each call by the weights of ``--mix``:

- ``query``, ``search``, ``brief``, ``read``: questions and subjects drawn from the
  generated vocabulary, documents drawn from the generated ids;
- ``create``: ``write`` a new document under ``load/`` holding a token of its own;
- ``edit``: ``read`` a shared ledger whole, append one line of its own to the body, and
  ``write`` it back with the ``sha`` read as ``expect_sha``. A ``stale`` refusal (someone
  wrote in between) is counted and the edit starts again from a new read; ``busy`` is
  counted and the same call is made again.

Afterwards, with the server stopped: every create acknowledged is there with the hash
it was acknowledged with, and nothing else is under ``load/``; every line of an
acknowledged edit is in its ledger exactly once, and no other line is (a lost update, or
a write reported as refused that happened anyway, fails the run); the derived files
equal those a fresh ``mdbrain index`` writes from the same documents; ``mdbrain check``
passes. Any tool error other than ``stale`` and ``busy``, or any exception in a client,
is an unexplained error and fails the run.

Run from the repository root::

    .venv/bin/python bench/mcp_load.py                       # 8 clients, 20 s
    .venv/bin/python bench/mcp_load.py --clients 16 --duration 60 \\
        --mix query=3,search=3,brief=1,read=2,create=1,edit=2 --json load.json

The table goes to stdout; the exit status is 1 when any proof fails.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hashlib
import json
import math
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

KINDS = ("query", "search", "brief", "read", "create", "edit")
EXPLAINED = frozenset({"stale", "busy"})  # refusals a client expects under contention
TOKEN_VARIABLE = "MDBRAIN_MCP_TOKEN"  # noqa: S105 - the name of a variable, not a token
LOAD_THEME = "load"
SHARED_THEME = "shared"
DERIVED_NAMES = frozenset({"INDEX.md", "OVERVIEW.md", "RELATIONS.yaml"})
MARKER = 'version: "1"\nroot: ./kb\nlang: en\n'
THEMES = {
    "billing": ["invoice", "refund", "currency", "tax", "ledger", "payment", "discount"],
    "auth": ["password", "lockout", "session", "token", "rotation", "sign-in", "audit"],
    "search": ["ranking", "stemmer", "snippet", "query", "synonym", "index", "passage"],
    "storage": ["backup", "replica", "snapshot", "retention", "quota", "archive", "disk"],
}
VERBS = ["expires after", "is checked before", "is retried with", "is stored beside",
         "is refused without", "is written with", "is rebuilt from"]  # fmt: skip
EDIT_PREFIX = "- edit "


@dataclass(frozen=True)
class Mix:
    """Relative weights of the kinds of call a client makes."""

    query: int = 3
    search: int = 3
    brief: int = 1
    read: int = 2
    create: int = 1
    edit: int = 2

    @classmethod
    def parse(cls, text: str) -> Mix:
        """``query=3,search=3,...``; kinds left out keep their default weight."""
        weights: dict[str, int] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, _, value = part.partition("=")
            if name not in KINDS or not value.isdigit():
                raise ValueError(f"bad mix item {part!r}: use KIND=WEIGHT, KIND in {KINDS}")
            weights[name] = int(value)
        mix = cls(**weights)
        if not any(mix.weights()):
            raise ValueError("the mix gives every kind a weight of 0")
        return mix

    def weights(self) -> list[int]:
        return [getattr(self, kind) for kind in KINDS]


@dataclass
class Plan:
    """What the generated base holds, for the clients to ask about."""

    ids: list[str]
    shared: list[str]
    words: list[str]
    subjects: list[str]


@dataclass
class Ledger:
    """What one run did, as the clients saw it."""

    calls: dict[str, list[float]] = field(default_factory=lambda: {k: [] for k in KINDS})
    outcomes: dict[str, Counter[str]] = field(default_factory=lambda: {k: Counter() for k in KINDS})
    created: dict[str, str] = field(default_factory=dict)  # id -> sha acknowledged
    edits: dict[str, list[str]] = field(default_factory=dict)  # ledger id -> lines acknowledged
    # draft overviews an acknowledged write said it wrote (a folder's first page)
    overviews: set[str] = field(default_factory=set)
    errors: list[str] = field(default_factory=list)  # unexplained, as the client saw them

    def record(self, kind: str, started: float, outcome: str) -> None:
        self.calls[kind].append((time.perf_counter() - started) * 1000)
        self.outcomes[kind][outcome] += 1


@dataclass
class Report:
    """The figures and the proofs of one run."""

    clients: int
    duration: float
    elapsed: float
    documents: int
    kinds: dict[str, dict[str, Any]]
    calls: int
    throughput: float
    refusals: dict[str, int]
    created: int  # documents created, acknowledged
    edited: int  # edits of the shared ledgers, acknowledged
    errors: list[str]
    lost: list[str]
    phantoms: list[str]
    index_differences: list[str]
    check_status: int
    check_output: str
    server_log: str

    @property
    def passed(self) -> bool:
        return not (self.errors or self.lost or self.phantoms or self.index_differences) and (
            self.check_status == 0
        )


# --- the base ---------------------------------------------------------------------


def _document(title: str, summary: str, kind: str, tags: list[str], body: str) -> str:
    return (
        f'---\ntitle: "{title}"\nsummary: "{summary}"\ntype: {kind}\nstatus: stable\n'
        f"tags: [{', '.join(tags)}]\nsources: [generated for the load benchmark]\n"
        f"updated: 2026-07-01\n---\n\n# {title}\n\n{body}\n"
    )


def generate(project: Path, documents: int = 40, shared: int = 4, seed: int = 0) -> Plan:
    """Write a small base under ``project`` (marker ``.rag``, root ``kb``)."""
    pick = random.Random(seed)  # noqa: S311 - reproducible sample data, not a secret
    root = project / "kb"
    project.mkdir(parents=True, exist_ok=True)
    (project / ".rag").write_text(MARKER, encoding="utf-8")
    ids: list[str] = []
    themes = list(THEMES)
    for number in range(documents):
        theme = themes[number % len(themes)]
        first, second = pick.sample(THEMES[theme], 2)
        title = f"{theme.capitalize()} note {number}: {first} and {second}"
        summary = f"How the {first} {pick.choice(VERBS)} the {second} in {theme}."
        sentences = [
            f"The {a} {pick.choice(VERBS)} the {b}."
            for a, b in (pick.sample(THEMES[theme], 2) for _ in range(4))
        ]
        body = "## Rule\n\n" + " ".join(sentences)
        if ids:
            body += f"\n\nSee [an earlier note](../{ids[-1]})."
        doc_id = f"{theme}/note-{number}.md"
        path = root / doc_id
        path.parent.mkdir(parents=True, exist_ok=True)
        kind = ("fact", "rule", "concept")[number % 3]
        path.write_text(_document(title, summary, kind, [theme, first], body), encoding="utf-8")
        ids.append(doc_id)
    ledgers = []
    for number in range(shared):
        doc_id = f"{SHARED_THEME}/ledger-{number}.md"
        path = root / doc_id
        path.parent.mkdir(parents=True, exist_ok=True)
        text = _document(
            f"Ledger {number}",
            f"Shared ledger {number}: one line per edit made under load.",
            "concept",
            [SHARED_THEME],
            "## Entries\n\n- opened",
        )
        path.write_text(text, encoding="utf-8")
        ledgers.append(doc_id)
    words = sorted({w for values in THEMES.values() for w in values})
    return Plan(ids, ledgers, words, [*themes, *ids[:8]])


def mdbrain(project: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mdbrain", "-C", str(project), *arguments],
        capture_output=True,
        text=True,
        check=False,
        timeout=300,
    )


# --- the server -------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextlib.contextmanager
def serving(
    project: Path, token: str, log: list[str], lock_wait: float | None = None
) -> Iterator[str]:
    """``mdbrain mcp --http`` on loopback; yields its URL once it says it listens. What
    it writes on stderr afterwards is drained into ``log`` (a full pipe would stall it).
    ``lock_wait`` sets how long its writers wait for the base's lock (5 s by default)."""
    env = {**os.environ, TOKEN_VARIABLE: token}
    if lock_wait is not None:
        env["MDBRAIN_LOCK_WAIT"] = str(lock_wait)
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "mdbrain", "mcp", "--root", str(project), "--http",
         "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )  # fmt: skip
    assert process.stderr is not None
    url = f"http://127.0.0.1:{port}/mcp"
    drain = threading.Thread(target=lambda: log.extend(process.stderr or ()), daemon=True)
    try:
        said = process.stderr.readline()  # the server says when it listens
        if said.strip() != f"mdbrain: serving {url}":
            raise RuntimeError(f"the server did not start: {said}{process.stderr.read()}")
        drain.start()
        yield url
    finally:
        process.terminate()
        process.wait(timeout=60)
        if drain.is_alive():
            drain.join(timeout=10)
        process.stderr.close()


# --- the clients ------------------------------------------------------------------


def _text(result: Any) -> str:
    return "".join(getattr(item, "text", "") for item in result.content)


class RefusedError(Exception):
    """A tool error whose code says why (``stale``, ``busy``, ...)."""

    def __init__(self, code: str, text: str) -> None:
        super().__init__(text)
        self.code = code


async def _call(
    client: Any, ledger: Ledger, kind: str, tool: str, arguments: dict[str, Any]
) -> Any:
    """One tool call, timed and recorded under ``kind``; a tool error is raised as
    :class:`RefusedError` (recorded as an error unless its code is an explained one)."""
    started = time.perf_counter()
    try:
        result = await client.call_tool(tool, arguments)
    except Exception as exc:
        ledger.record(kind, started, "error")
        ledger.errors.append(f"{kind}: {type(exc).__name__}: {exc}")
        raise RefusedError("exception", str(exc)) from exc
    if result.is_error:
        text = _text(result)
        code = text.split(":", 1)[0].strip()
        if code in EXPLAINED:
            ledger.record(kind, started, f"refused:{code}")
        else:
            ledger.record(kind, started, "error")
            ledger.errors.append(f"{kind}: {text[:300]}")
        raise RefusedError(code, text)
    ledger.record(kind, started, "ok")
    return result


async def _edit(client: Any, ledger: Ledger, doc_id: str, line: str, deadline: float) -> None:
    """Append ``line`` to a ledger: read, write with the sha read; again on ``stale``."""
    while time.monotonic() < deadline:
        read = await _call(client, ledger, "read", "read", {"doc": doc_id, "full": True})
        data = read.structured_content
        sha = data["hit"]["sha"]
        body = next(p["text"] for p in data["passages"] if p["title"] == "body")
        new = f"{body.rstrip()}\n{line}"
        while True:
            try:
                await _call(client, ledger, "edit", "write",
                            {"doc": doc_id, "body": new, "expect_sha": sha})  # fmt: skip
            except RefusedError as refusal:
                if refusal.code == "busy" and time.monotonic() < deadline:
                    continue  # nothing was written: the same call again
                if refusal.code == "stale":
                    break  # someone wrote in between: read again
                raise
            ledger.edits.setdefault(doc_id, []).append(line)
            return


async def _create(client: Any, ledger: Ledger, name: str, word: str, deadline: float) -> None:
    arguments = {
        "title": f"Load {name} {word}",
        "summary": f"Written under load by {name}, about the {word}.",
        "theme": LOAD_THEME,
        "body": f"# Load {name}\n\nToken {name}: the {word} was written under load.",
        "sources": ["load benchmark"],
        "new": True,
    }
    while True:
        try:
            result = await _call(client, ledger, "create", "write", arguments)
        except RefusedError as refusal:
            if refusal.code == "busy" and time.monotonic() < deadline:
                continue
            raise
        ledger.created[result.structured_content["id"]] = result.structured_content["sha"]
        ledger.overviews.update(result.structured_content.get("overviews") or ())
        return


async def _client(
    number: int, *, url: str, token: str, plan: Plan, mix: Mix, deadline: float,
    ledger: Ledger, seed: int,
) -> None:  # fmt: skip
    import httpx2
    from mcp import Client
    from mcp.client.streamable_http import streamable_http_client

    pick = random.Random(seed * 1000 + number)  # noqa: S311 - a reproducible mix
    headers = {"Authorization": f"Bearer {token}"}
    async with (
        httpx2.AsyncClient(headers=headers, timeout=120) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        count = 0
        while time.monotonic() < deadline:
            count += 1
            kind = pick.choices(KINDS, weights=mix.weights())[0]
            words = pick.sample(plan.words, 2)
            try:
                if kind == "query":
                    await _call(client, ledger, kind, "query", {"question": " ".join(words)})
                elif kind == "search":
                    await _call(client, ledger, kind, "search", {"text": words[0]})
                elif kind == "brief":
                    await _call(client, ledger, kind, "brief",
                                {"subject": pick.choice(plan.subjects)})  # fmt: skip
                elif kind == "read":
                    await _call(client, ledger, kind, "read", {"doc": pick.choice(plan.ids)})
                elif kind == "create":
                    await _create(client, ledger, f"c{number}-{count}", words[0], deadline)
                else:
                    line = f"{EDIT_PREFIX}c{number}-{count}"
                    await _edit(client, ledger, pick.choice(plan.shared), line, deadline)
            except RefusedError:
                continue  # recorded already: an explained one past the deadline, or an error
            except Exception as exc:  # noqa: BLE001 - an answer of an unexpected shape
                ledger.errors.append(f"{kind}: {type(exc).__name__}: {exc}")


async def drive(
    url: str, token: str, plan: Plan, *, mix: Mix, clients: int, duration: float, seed: int
) -> tuple[Ledger, float]:
    """Run the clients against ``url`` for ``duration`` seconds; the ledger and the time."""
    ledger = Ledger()
    started = time.monotonic()
    deadline = started + duration
    await asyncio.gather(
        *(
            _client(
                n,
                url=url,
                token=token,
                plan=plan,
                mix=mix,
                deadline=deadline,
                ledger=ledger,
                seed=seed,
            )
            for n in range(clients)
        )
    )
    return ledger, time.monotonic() - started


# --- the proofs -------------------------------------------------------------------


def lost_and_phantom(project: Path, ledger: Ledger) -> tuple[list[str], list[str]]:
    """Acknowledged writes missing from the base (lost), and writes in the base that no
    call acknowledged (phantoms: a call reported refused or failed, yet it wrote)."""
    root = project / "kb"
    lost, phantoms = [], []
    for doc_id, sha in sorted(ledger.created.items()):
        path = root / doc_id
        if not path.is_file():
            lost.append(f"{doc_id}: created, then missing")
        elif hashlib.sha256(path.read_bytes()).hexdigest() != sha:
            lost.append(f"{doc_id}: not as it was acknowledged")
    folder = root / LOAD_THEME
    present = {
        p.relative_to(root).as_posix()
        for p in (folder.rglob("*.md") if folder.is_dir() else ())
        if p.name not in DERIVED_NAMES
    }
    told = set(ledger.created) | ledger.overviews
    phantoms += [f"{d}: created without an acknowledgement" for d in sorted(present - told)]
    ledgers = sorted(set(ledger.edits) | {p.relative_to(root).as_posix()
                     for p in (root / SHARED_THEME).glob("ledger-*.md")})  # fmt: skip
    for doc_id in ledgers:
        path = root / doc_id
        text = path.read_text(encoding="utf-8") if path.is_file() else ""
        found = Counter(line for line in text.splitlines() if line.startswith(EDIT_PREFIX))
        acknowledged = Counter(ledger.edits.get(doc_id, []))
        lost += [f"{doc_id}: {line!r} lost" for line in sorted(acknowledged - found)]
        phantoms += [
            f"{doc_id}: {line!r} present {found[line]}x, acknowledged {acknowledged[line]}x"
            for line in sorted(found - acknowledged)
        ]
    return lost, phantoms


def _derived(root: Path) -> dict[str, bytes]:
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in root.rglob("*")
        if p.name in DERIVED_NAMES and p.is_file() and ".mdbrain" not in p.parts
    }


def index_differences(project: Path) -> list[str]:
    """Derived files that differ from those a fresh ``mdbrain index`` writes from the same
    documents (in a copy of the project, its derived files and caches removed)."""
    with tempfile.TemporaryDirectory(prefix="mdbrain-load-fresh-") as scratch:
        copy = Path(scratch) / project.name
        shutil.copytree(project, copy, ignore=shutil.ignore_patterns(".mdbrain"))
        for rel in _derived(copy / "kb"):
            (copy / "kb" / rel).unlink()
        done = mdbrain(copy, "index")
        if done.returncode != 0:
            return [f"a fresh index failed ({done.returncode}): {done.stderr.strip()[-500:]}"]
        served, fresh = _derived(project / "kb"), _derived(copy / "kb")
    return [
        f"{rel}: {'missing' if rel not in served else 'extra' if rel not in fresh else 'differs'}"
        for rel in sorted(set(served) | set(fresh))
        if served.get(rel) != fresh.get(rel)
    ]


def percentile(values: list[float], share: float) -> float:
    """Nearest-rank percentile (0 for no values)."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


# --- one run ----------------------------------------------------------------------


def run(
    project: Path,
    *,
    clients: int = 8,
    duration: float = 20.0,
    mix: Mix | None = None,
    documents: int = 40,
    shared: int = 4,
    seed: int = 0,
    lock_wait: float | None = None,
) -> Report:
    """Generate a base in ``project`` (which must not exist), load it, prove it."""
    plan = generate(project, documents, shared, seed)
    for step in (("index",), ("check",)):
        done = mdbrain(project, *step)
        if done.returncode != 0:
            raise RuntimeError(f"the generated base fails {step[0]}: {done.stdout}{done.stderr}")
    token = f"load-{os.urandom(8).hex()}"  # made up for this run
    log: list[str] = []
    with serving(project, token, log, lock_wait) as url:
        ledger, elapsed = asyncio.run(
            drive(url, token, plan, mix=mix or Mix(), clients=clients, duration=duration, seed=seed)
        )
    lost, phantoms = lost_and_phantom(project, ledger)
    differences = index_differences(project)  # before check, which may rewrite them
    checked = mdbrain(project, "check")
    kinds = {
        kind: {
            "calls": len(times),
            "ok": ledger.outcomes[kind]["ok"],
            "refused": sum(v for k, v in ledger.outcomes[kind].items() if k.startswith("refused")),
            "errors": ledger.outcomes[kind]["error"],
            "p50_ms": round(statistics.median(times), 1) if times else 0.0,
            "p95_ms": round(percentile(times, 0.95), 1),
        }
        for kind, times in ledger.calls.items()
    }
    refusals: Counter[str] = Counter()
    for outcomes in ledger.outcomes.values():
        refusals.update({k.split(":", 1)[1]: v for k, v in outcomes.items() if ":" in k})
    calls = sum(len(times) for times in ledger.calls.values())
    return Report(
        clients=clients,
        duration=duration,
        elapsed=round(elapsed, 2),
        documents=len(plan.ids) + len(plan.shared),
        kinds=kinds,
        calls=calls,
        throughput=round(calls / elapsed, 1) if elapsed else 0.0,
        refusals=dict(refusals),
        created=len(ledger.created),
        edited=sum(len(lines) for lines in ledger.edits.values()),
        errors=ledger.errors,
        lost=lost,
        phantoms=phantoms,
        index_differences=differences,
        check_status=checked.returncode,
        check_output=(checked.stdout + checked.stderr).strip()[-2000:],
        server_log="".join(log)[-4000:],
    )


def table(report: Report) -> str:
    lines = [
        f"MCP over streamable HTTP, {report.clients} clients, {report.elapsed:.1f} s,"
        f" {report.documents} documents at the start",
        f"{'kind':<8}{'calls':>7}{'ok':>7}{'refused':>9}{'errors':>8}{'p50 ms':>9}{'p95 ms':>9}",
    ]
    for kind, row in report.kinds.items():
        lines.append(
            f"{kind:<8}{row['calls']:>7}{row['ok']:>7}{row['refused']:>9}{row['errors']:>8}"
            f"{row['p50_ms']:>9.1f}{row['p95_ms']:>9.1f}"
        )
    shown = ", ".join(f"{k} {v}" for k, v in sorted(report.refusals.items())) or "none"
    lines += [
        f"throughput: {report.throughput} calls/s ({report.calls} calls)",
        f"acknowledged writes: {report.created} created, {report.edited} edits of shared documents",
        f"explained refusals: {shown}",
        f"unexplained errors: {len(report.errors)}",
        f"lost updates: {len(report.lost)}; writes nobody was told of: {len(report.phantoms)}",
        "indexes: "
        + (
            "equal to a fresh index"
            if not report.index_differences
            else "; ".join(report.index_differences)
        ),
        f"check: {'passes' if report.check_status == 0 else f'exit {report.check_status}'}",
        "PASS" if report.passed else "FAIL",
    ]
    for name, items in (("error", report.errors), ("lost", report.lost),
                        ("phantom", report.phantoms)):  # fmt: skip
        lines += [f"  {name}: {item}" for item in items[:10]]
    if report.check_status:
        lines.append(report.check_output)
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds")
    parser.add_argument(
        "--mix", type=Mix.parse, default=Mix(), help="weights, e.g. query=3,search=3,edit=2"
    )
    parser.add_argument("--docs", type=int, default=40)
    parser.add_argument("--shared", type=int, default=4, help="ledger documents edited by all")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--lock-wait", type=float, help="seconds a writer waits (server side)")
    parser.add_argument("--workdir", type=Path, help="keep the base here (must not exist)")
    parser.add_argument("--json", type=Path, help="write the report as JSON here")
    args = parser.parse_args()
    with contextlib.ExitStack() as stack:
        where = (
            args.workdir
            or Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="mdbrain-load-")))
            / "project"
        )
        report = run(
            where, clients=args.clients, duration=args.duration, mix=args.mix,
            documents=args.docs, shared=args.shared, seed=args.seed,
            lock_wait=args.lock_wait,
        )  # fmt: skip
    print(table(report))
    if args.json:
        args.json.write_text(
            json.dumps({**asdict(report), "passed": report.passed}, indent=2, ensure_ascii=False),
            encoding="utf-8",
        )
    return 0 if report.passed else 1


if __name__ == "__main__":
    sys.exit(main())

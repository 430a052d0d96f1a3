"""Fuzzing: generated input for every argument that names a path or holds a pattern, and
for every text mdbrain parses (marker, frontmatter, bodies, link targets), through the
command line and the MCP tools.

Whatever the input, a command ends with one of the exit codes 0 to 4 and no traceback,
an MCP call answers (a result or a typed error, never an exception), nothing outside the
base changes (a sentinel tree beside it is compared after every example), and no call
runs past its time bound. The campaigns are short by default (the file takes well under
a minute); ``MDBRAIN_STRESS_RUNS=N`` runs N examples per campaign (``make stress``).

Each crash found is kept below as an explicit ``@example`` of its campaign or as a named
regression test, so that it is run on every ``make test``.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import string
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from mdbrain.adapters.cli import cli
from tests.conftest import doc, write_base

STRESS_RUNS = int(os.environ.get("MDBRAIN_STRESS_RUNS", "0") or 0)
CALL_BOUND_S = 10  # one command or tool call
MDBRAIN = Path(sys.executable).with_name("mdbrain")
ALLOWED_CODES = (0, 1, 2, 3, 4)


def runs(default: int) -> Any:
    return settings(
        max_examples=STRESS_RUNS or default,
        deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
        database=None,
    )


# --- what is generated -----------------------------------------------------------------

# pieces that mean something to a path, a glob, a regex, FTS5, YAML or Markdown
PIECES = st.sampled_from(
    [
        "..", "../", "/", "\\", ".", "~", "*", "**", "?", "[", "]", "(", ")", "{", "}", "|",
        "^", "$", "+", "\\d", "(a+)+", "(.*)*", '"', "'", "`", ":", "#", "%2e%2e%2f", "%00",
        "NEAR(", "AND", "OR", "NOT", "-", "*a*", "\x00", "\n", "\r", "\t", " ", "\u202e",
        "\ufeff", "\u0301", "e\u0301", "é", "ß", "İ", "😀", "\udcff", ".md", ".markdown",
        "features", "login.md", "features/login.md", "rules/", "INDEX.md", ".mdbrain",
        ".rag", "..\\..\\", "C:", "//", "/etc/passwd", "/dev/zero", "/proc/self/mem",
        "CON", "a" * 300, "x" * 40, "-rf", "--help", "--json", "~", "~0", "~root/",
    ]
)  # fmt: skip
PATHISH = st.one_of(
    st.lists(PIECES, max_size=8).map("".join),
    st.text(max_size=60),
    st.text(string.ascii_letters + "/._-", max_size=40),
)
TEXTISH = st.one_of(st.lists(PIECES, max_size=12).map(" ".join), st.text(max_size=120))
# a command line holds no NUL and no lone surrogate: the operating system refuses them
ARG = PATHISH.map(lambda s: s.replace("\x00", "").encode("utf-8", "replace").decode())
WORDS = TEXTISH.map(lambda s: s.replace("\x00", "").encode("utf-8", "replace").decode())


# --- the base, the outside, the bound ----------------------------------------------------


class HangError(AssertionError):
    pass


@contextlib.contextmanager
def bound(seconds: float, what: str) -> Iterator[None]:
    """Fail as a hang when the block runs past ``seconds`` (main thread, Unix)."""

    def alarm(_signal: int, _frame: object) -> None:
        raise HangError(f"hung: {what[:200]} still running after {seconds:.0f}s")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def snapshot(folder: Path) -> dict[str, bytes | str]:
    seen: dict[str, bytes | str] = {}
    for path in sorted(folder.rglob("*")):
        rel = path.relative_to(folder).as_posix()
        if path.is_symlink():
            seen[rel] = "link:" + os.readlink(path)
        elif path.is_file():
            seen[rel] = path.read_bytes()
        else:
            seen[rel] = "dir"
    return seen


class Sandbox:
    """A base in ``tmp/project``, sentinels in ``tmp/outside``; nothing else may appear."""

    def __init__(self, tmp: Path) -> None:
        self.tmp = tmp
        self.outside = tmp / "outside"
        (self.outside / "deep").mkdir(parents=True)
        (self.outside / "victim.md").write_text(doc("Victim", "Must never change."))
        (self.outside / "deep" / "note.txt").write_text("an outside note\n")
        self.root = write_base(
            tmp / "project",
            {
                "features/login.md": doc(
                    "Login", sources="[x]", impl_refs="[src/login.py]",
                    body="## Steps\n\nSee [lockout](../rules/lockout.md) and [out](../../x.md).",
                ),
                "rules/lockout.md": doc(
                    "Account lockout", type="rule", sources="[x]",
                    body="## Rule\n\nFive failed sign-ins lock the account for 15 minutes.",
                ),
                "decisions/sessions.md": doc("Server sessions", type="decision", sources="[x]"),
                "overview.md": doc("Overview", type="overview", body="[Login](features/login.md)"),
            },
        )  # fmt: skip
        (self.root.parent / "src").mkdir()
        (self.root.parent / "src" / "login.py").write_text("def login():\n    return 1\n")
        (self.outside / "link-target").mkdir()
        os.symlink(self.outside / "victim.md", self.root / "features" / "evil.md")
        os.symlink(self.outside / "link-target", self.root / "escape")
        self.project = self.root.parent
        self.before = snapshot(self.outside)
        self.beside = sorted(p.name for p in tmp.iterdir())

    def cli(self, *args: str, stdin: str | None = None) -> Any:
        shown = "mdbrain " + " ".join(map(repr, args))
        with bound(CALL_BOUND_S, shown):
            result = CliRunner().invoke(cli, ["-C", str(self.project), *args], input=stdin)
        leaked = result.exception if not isinstance(result.exception, SystemExit) else None
        output = result.output + (result.stderr if result.stderr_bytes is not None else "")
        assert leaked is None, f"{shown}: {type(leaked).__name__}: {leaked}\n{output}"
        assert result.exit_code in ALLOWED_CODES, f"{shown} -> {result.exit_code}\n{output}"
        assert "Traceback" not in output and "internal error" not in output, f"{shown}\n{output}"
        self.assert_outside_unchanged(shown)
        return result

    def assert_outside_unchanged(self, shown: str) -> None:
        assert snapshot(self.outside) == self.before, f"{shown} changed a file outside the base"
        beside = sorted(p.name for p in self.tmp.iterdir())
        assert beside == self.beside, f"{shown} wrote beside the project: {beside}"


@pytest.fixture
def box(tmp_path: Path) -> Sandbox:
    return Sandbox(tmp_path)


# --- every CLI argument that names a document, a path or a pattern ------------------------


@runs(40)
@given(value=ARG, other=ARG)
@example(value="features/login.md", other="## Steps")
@example(value="../outside/victim.md", other="../outside/victim.md")
@example(value="escape/x.md", other="features/evil.md")
@example(value="~0", other="")  # regression: ~user of no one raised RuntimeError
@example(value="../" + "a" * 300, other="")  # regression: brief's code path, name too long
def test_document_ids_and_sections_in_every_reading_command(
    box: Sandbox, value: str, other: str
) -> None:
    for args in (
        ("show", value),
        ("show", value, "--section", other),
        ("show", "features/login.md", "--section", value),
        ("neighbors", value),
        ("history", value),
        ("brief", value),
        ("verify", value, "--source", "fuzz"),
    ):
        box.cli(*args)


@runs(40)
@given(words=WORDS)
@example(words='"unterminated')
@example(words="NEAR(a b, 99999999999)")
@example(words="(a+)+$ " + "a" * 60 + "!")
@example(words="* ** ? [ ] ^")
@example(words="title:login OR body:*")
def test_search_and_query_text_with_regex_and_fts_syntax(box: Sandbox, words: str) -> None:
    box.cli("search", words)
    box.cli("query", words, "--json")


@runs(30)
@given(theme=ARG, ref=ARG, related=ARG, title=WORDS)
@example(theme="../../outside", ref="../outside/victim.md", related="../x.md", title="T")
@example(theme="escape", ref="/etc/passwd", related="/abs.md", title="T")
@example(theme="a/" * 40, ref="src/*.py", related="features/evil.md", title="T")
def test_write_theme_impl_ref_and_related_paths(
    box: Sandbox, theme: str, ref: str, related: str, title: str
) -> None:
    box.cli(
        "write", "--title", title or "Untitled", "--summary", "A fuzzed write.", "--theme", theme,
        "--impl-ref", ref, "--related", related, "--source", "fuzz", "--new",
    )  # fmt: skip
    box.cli("write", "--doc", related, "--summary", "An update.", "--impl-ref", ref)


EXISTING = st.sampled_from(["features/login.md", "rules/lockout.md", "decisions/sessions.md"])


@runs(30)
@given(source=st.one_of(EXISTING, ARG), target=ARG)
@example(source="features/login.md", target="../outside/moved.md")
@example(source="features/login.md", target="escape/moved.md")
@example(source="features/evil.md", target="features/ok.md")
@example(source="features/login.md", target="features/login.md/x.md")
@example(source="~..", target="")  # regression: a home folder that cannot be found
@example(source="features/login.md", target="~nosuchuser/x.md")
def test_mv_and_supersede_sources_and_targets(box: Sandbox, source: str, target: str) -> None:
    done = box.cli("mv", source, target)
    if done.exit_code == 0:
        box.cli("mv", target, source)
    box.cli("supersede", source, "--by", target, "--reason", "fuzz")


@runs(20)
@given(name=ARG)
@example(name="..md")
@example(name="-.md")
@example(name="a" * 250 + ".md")
@example(name="~..")  # regression: update --dry-run ~.. raised RuntimeError
def test_import_pages_with_any_name(box: Sandbox, name: str) -> None:
    wiki = box.tmp / "wiki"
    wiki.mkdir(exist_ok=True)
    clean = re.sub(r"[/\x00]", "_", name)[:200] or "empty"
    page = wiki / (clean if clean.endswith(".md") else clean + ".md")
    with contextlib.suppress(OSError):  # a name the file system refuses is not a case
        page.write_text(f"# {name}\n\nA page with an odd name.\n", encoding="utf-8")
    box.beside = sorted(p.name for p in box.tmp.iterdir())
    box.cli("import", str(wiki), "--theme", "wiki")
    box.cli("update", "--dry-run", name)


# --- the texts mdbrain parses ------------------------------------------------------------

YAML_PIECES = st.sampled_from(
    [
        "title: ", "summary: ", "type: ", "status: ", "tags: ", "related: ", "supersedes: ",
        "impl_refs: ", "updated: ", "root: ", "version: ", "index: ", "lang: ", "&a ", "*a",
        "!!python/object:os.system ", "!!binary ", "<<: ", "[", "]", "{", "}", "- ", "? ",
        ": ", "'", '"', "|", ">", "#", "---", "...", "\n", "\n  ", "\t", "\x00", "\x85", "é",
        "2026-13-45", "9" * 30, "null", "~", "yes", "..", "../x.md", "/etc/passwd", "x",
    ]
)  # fmt: skip
YAMLISH = st.one_of(
    st.lists(YAML_PIECES, max_size=30).map("".join),
    st.builds(lambda n: "tags: " + "[" * n + "]" * n, st.integers(0, 2000)),
    st.builds(lambda n: "related:\n" + "  " * 1 + "- " * n + "x", st.integers(0, 2000)),
    st.text(max_size=200),
)


@runs(40)
@given(front=YAMLISH, body=TEXTISH, target=ARG)
@example(front="title: &a [*a]", body="", target="x.md")
@example(front="tags: " + "[" * 3000, body="", target="x.md")
@example(front="related: [../../outside/victim.md]", body="", target="/etc/passwd")
@example(front="title: x\n---\n---", body="---\n---", target="#")
def test_frontmatter_bodies_and_link_targets_in_a_document(
    box: Sandbox, front: str, body: str, target: str
) -> None:
    fuzzed = box.root / "fuzz" / "doc.md"
    fuzzed.parent.mkdir(exist_ok=True)
    text = f"---\n{front}\n---\n\n# Fuzz\n\n{body}\n\n[a link]({target}) [[{target}]]\n"
    fuzzed.write_bytes(text.encode("utf-8", "surrogatepass"))
    for args in (
        ("index",),
        ("check", "--no-fix", "--format", "json"),
        ("query", "fuzz link"),
        ("show", "fuzz/doc.md", "--full"),
        ("neighbors", "fuzz/doc.md"),
    ):
        box.cli(*args)


@runs(25)
@given(data=st.binary(max_size=400), head=st.booleans())
@example(data=b'title: "Bad \xff bytes"\n---\nbody \xfe', head=True)
@example(data=b"\xef\xbb\xbf\x00\x00", head=False)
@example(data=b"#", head=False)  # a level-1 heading with no title: once an IndexError
def test_any_bytes_in_a_document_through_the_commands_that_change_it(
    box: Sandbox, data: bytes, head: bool
) -> None:
    """Also the regression case of a document that is not UTF-8 being moved (it once
    stopped with a traceback after links to it were rewritten)."""
    path = box.root / "features" / "raw.md"
    path.write_bytes((b"---\n" if head else b"") + data)
    for args in (
        ("show", "features/raw.md"),
        ("write", "--doc", "features/raw.md", "--summary", "Raw."),
        ("verify", "features/raw.md", "--source", "fuzz"),
        ("supersede", "features/raw.md", "--by", "rules/lockout.md"),
        ("mv", "features/raw.md", "features/raw-moved.md"),
    ):
        box.cli(*args)
    moved = box.root / "features" / "raw-moved.md"
    if moved.exists():
        moved.rename(path)
    assert path.exists(), "the document was lost"


MARKER_PIECES = st.sampled_from(
    [
        'version: "1"\n', "version: 2\n", "root: ./kb\n", "root: ../outside\n", "root: /\n",
        "root: kb/../../outside\n", "root: escape\n", "lang: en\n", "lang: zz\n",
        "index: {manifest: ../x.md}\n", "index: {manifest: features/login.md}\n",
        "index: {shard_threshold: 0}\n", "summary_max: -1\n", "stale_days: 1e400\n",
        "types: [" + "x, " * 50 + "]\n", "guard: {allow: ['(a+)+$']}\n",
        "guard: {personal: ['[']}\n", "a: &a [*a]\n", "\x00", "\t", "---\n", "...\n", "é",
    ]
)  # fmt: skip


@runs(40)
@given(pieces=st.lists(MARKER_PIECES, max_size=8), tail=st.text(max_size=60))
@example(pieces=['version: "1"\n', "root: ../outside\n"], tail="")
@example(pieces=['version: "1"\n', "root: ~nosuchuser/kb\n"], tail="")
@example(pieces=['version: "1"\n', "root: ./kb\n", "index: {manifest: ../x.md}\n"], tail="")
def test_the_marker_text(box: Sandbox, pieces: list[str], tail: str) -> None:
    text = "".join(pieces) + tail
    (box.project / ".rag").write_bytes(text.encode("utf-8", "surrogatepass"))
    for args in (("check",), ("index",), ("query", "lockout"), ("show", "rules/lockout.md")):
        box.cli(*args)


# --- the same through the MCP tools -------------------------------------------------------


def test_mcp_tools_with_fuzzed_names_and_patterns(tmp_path: Path) -> None:
    pytest.importorskip("mcp", reason="the mcp package is not installed")
    import anyio
    from mcp import Client

    from mdbrain.adapters import mcp_server

    box = Sandbox(tmp_path)
    server = mcp_server.build(lambda: mcp_server.open_bases([box.project]))

    def calls(value: str, other: str) -> list[tuple[str, dict[str, Any]]]:
        return [
            ("read", {"doc": value}),
            ("read", {"doc": "features/login.md", "section": value}),
            ("neighbors", {"doc": value}),
            ("history", {"doc": value}),
            ("brief", {"subject": value}),
            ("search", {"text": value}),
            ("query", {"question": other}),
            ("write", {"title": other or "T", "summary": "Fuzz.", "theme": value,
                       "related": [value], "impl_refs": [other], "sources": ["fuzz"],
                       "new": True}),
            ("write", {"doc": value, "summary": "An update."}),
            ("supersede", {"old": value, "by": [other], "reason": "fuzz"}),
            ("verify", {"docs": [value], "sources": ["fuzz"]}),
            ("read", {"doc": "x", "base": value}),
        ]  # fmt: skip

    async def one(value: str, other: str) -> None:
        async with Client(server) as client:
            for name, arguments in calls(value, other):
                with anyio.fail_after(CALL_BOUND_S):
                    result = await client.call_tool(name, arguments)
                shown = f"{name}({arguments!r})"
                text = "".join(getattr(item, "text", "") for item in result.content)
                assert "Traceback" not in text, f"{shown}: {text}"
                if result.is_error:
                    structured = result.structured_content or {}
                    assert "error" in structured or "validation error" in text.lower(), (
                        f"{shown}: an untyped error: {text[:500]}"
                    )
                box.assert_outside_unchanged(shown)

    @runs(25)
    @given(value=ARG, other=WORDS)
    @example(value="../outside/victim.md", other="(a+)+$")
    @example(value="escape/x.md", other='"')
    @example(value="*", other="NEAR(")
    @example(value="~0", other="~nosuchuser/x.py")
    @example(value="../" + "a" * 300, other="")  # regression: brief, a name too long
    def campaign(value: str, other: str) -> None:
        anyio.run(one, value, other)

    campaign()


# --- big files and pathological patterns --------------------------------------------------

BIG_S = 20.0  # a command on a base holding one huge file


def _run_real(project: Path, *args: str) -> tuple[int, str, float]:
    started = time.monotonic()
    done = subprocess.run(
        [str(MDBRAIN), *args],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=BIG_S * 3,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr, time.monotonic() - started


@pytest.mark.parametrize("shape", ["sparse-100-mb", "a-million-lines"])
def test_a_huge_file_in_the_base_is_handled_within_seconds(box: Sandbox, shape: str) -> None:
    if not MDBRAIN.exists():
        pytest.skip(f"no {MDBRAIN}")
    path = box.root / "huge" / "big.md"
    path.parent.mkdir()
    head = doc("Huge", body="The huge page.").encode()
    if shape == "sparse-100-mb":
        with path.open("wb") as handle:  # a hole: no time spent writing 100 MB
            handle.write(head)
            handle.truncate(100 << 20)
    else:
        path.write_bytes(head + b"lockout line\n" * 1_000_000)
    for args in (("index",), ("check", "--no-fix"), ("query", "lockout"), ("show", "huge/big.md")):
        code, output, seconds = _run_real(box.project, *args)
        assert "Traceback" not in output, output
        assert code in ALLOWED_CODES, f"{args} -> {code}: {output[-2000:]}"
        assert seconds < BIG_S, f"{args} took {seconds:.1f}s"
    box.assert_outside_unchanged("huge file")


@pytest.mark.parametrize(
    "front",
    [
        pytest.param("tags: " + "[" * 5000 + "]" * 5000, id="flow-nesting"),
        pytest.param("related:\n" + "".join("  " * i + "- \n" for i in range(400)), id="block"),
        pytest.param("a: " + "{b: " * 3000 + "c" + "}" * 3000, id="mapping-nesting"),
    ],
)
def test_deep_nesting_in_a_frontmatter_is_refused_by_file_in_time(box: Sandbox, front: str) -> None:
    (box.root / "deep.md").write_text(f"---\n{front}\n---\n\n# Deep\n", encoding="utf-8")
    started = time.monotonic()
    done = box.cli("check", "--no-fix")
    assert time.monotonic() - started < CALL_BOUND_S
    assert "deep.md" in done.output


@pytest.mark.parametrize(
    "pattern",
    ["(a+)+$", "(a|aa)+$", "(.*a){20}", "^(\\w+\\s?)*$", "([a-z]+)*[0-9]", "(x+x+)+y"],
)
def test_backtracking_patterns_as_search_text_and_in_the_marker(box: Sandbox, pattern: str) -> None:
    (box.root / "rules" / "long.md").write_text(
        doc("Long", body="a" * 50_000 + "!\n" + "word " * 20_000), encoding="utf-8"
    )
    for args in (("search", pattern), ("query", pattern), ("show", "rules/long.md", "--section", pattern)):  # fmt: skip
        box.cli(*args)
    marker = box.project / ".rag"
    marker.write_text(
        marker.read_text() + f"guard:\n  personal: ['{pattern}']\n  allow: ['{pattern}']\n"
    )
    box.cli("check", "--no-fix")
    box.cli("write", "--title", "a" * 200, "--summary", "a" * 200 + "!", "--source", "x")


# --- an optional harness for atheris (coverage-guided), when it is installed ---------------


def test_atheris_harness_runs_a_few_inputs() -> None:
    atheris = pytest.importorskip("atheris", reason="atheris is not installed")
    harness = Path(__file__).resolve().parents[1] / "bench" / "fuzz_atheris.py"
    if not harness.exists():
        pytest.skip(f"no harness at {harness}")
    assert atheris is not None
    done = subprocess.run(
        [sys.executable, str(harness), "-runs=2000", "-max_len=2048", "-len_control=0"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-3000:]

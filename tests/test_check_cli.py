"""`mdbrain check`: the four report formats, golden files, exit codes, scope and --no-fix.

The every-rule fixture (``fixtures/check/every-rule``, see its README) trips each
finding code once. Golden files are rendered from ``Brain.check`` with a fixed
clock; the command line cannot take a clock, so its tests swap
``Context.brain`` for one that opens the Brain with a fixed clock.

To write or refresh the golden files after an intended change::

    MDBRAIN_UPDATE_GOLDEN=1 .venv/bin/pytest tests/test_check_cli.py

then review the diff of ``tests/golden/check``.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import time
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdbrain._version import __version__
from mdbrain.adapters import cli as cli_module
from mdbrain.adapters import report as report_module
from mdbrain.adapters.cli import cli
from mdbrain.adapters.report import FORMATS
from mdbrain.core.findings import CODES, Finding
from mdbrain.service.brain import Brain
from mdbrain.service.checking import CheckReport, Repair
from tests.conftest import CORPORA, FIXTURES, MakeBase, doc

EVERY_RULE = FIXTURES / "check" / "every-rule"
GOLDEN = Path(__file__).parent / "golden" / "check"
UPDATE_VAR = "MDBRAIN_UPDATE_GOLDEN"
TODAY = dt.date(2026, 11, 30)
EXTENSIONS = {"text": "txt", "json": "json", "sarif": "sarif", "github": "github"}
CPP_DOCS = CORPORA / "cpp-docs" / "files"

# Read from the fixture (its README lists the same table), not copied from the output:
# each code once, on the document written to trip it. Paths are ids from the root.
EXPECTED = {
    "E001": "format/Bad-Name.md",
    "E002": "format/unclosed.md",
    "E003": "format/bad-enum.md",
    "E004": "format/long-summary.md",
    "E005": "format/latin1.md",
    "E006": "format/bad-date.md",
    "E007": "governance/replaces-ghost.md",
    "E008": "governance/leaky.md",
    "E009": "governance/contact.md",
    "E010": "format/unmerged.md",
    "W001": "links/dangling.md",
    "W002": "links/lonely.md",
    "W003": "links/missing-code.md",
    "W004": "governance/old-stable.md",
    "W005": "INDEX.md",
    "W006": "links/escape-link.md",
    "W007": "links/outside.md",
    "W008": "governance/unsourced.md",
    "W009": "links/leans-on-old.md",
    "W010": "governance/new-way.md",
    "W011": "governance/old-way.md",
    "W012": "governance/still-on.md",
    "W013": "governance/claim-a.md",
    "W014": "format/time-travel.md",
    "W015": "../.rag",
    "W016": "format/oversized.md",
    "W017": "OVERVIEW.md",
    "W018": "records/0002-second.md",
    "W019": "links/dangling.md",
    "W020": "governance/circle-first.md",
    "I001": "format/with-bom.md",
    "I002": "governance/still-on.md",
}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the command open its Brain on 2026-11-30, like the library-level tests."""

    def brain(self: cli_module.Context) -> Brain:
        return Brain.open(self.directory, clock=lambda: TODAY)

    monkeypatch.setattr(cli_module.Context, "brain", brain)


@pytest.fixture
def every_rule(tmp_path: Path) -> Path:
    """The every-rule project, completed: Latin-1 file and symlink in place, and every
    derived file fresh but the stale INDEX.md."""
    project = tmp_path / "every-rule"
    shutil.copytree(EVERY_RULE, project)
    (project / "rag.yaml").rename(project / ".rag")
    # Kept out of kb/ under another name: formatters that read Markdown choke on Latin-1.
    (project / "latin1.bytes").rename(project / "kb" / "format" / "latin1.md")
    try:
        (project / "kb" / "links" / "outside.md").symlink_to(Path("..", "..", "src", "app.py"))
    except OSError as error:  # Windows without the symlink privilege
        pytest.skip(f"cannot create a symbolic link here: {error}")
    (project / "kb" / "format" / "oversized.md").write_text(
        '---\ntitle: "Oversized"\nsummary: "A page over the size limit."\ntype: reference\n'
        "status: stable\ntags: [fixture]\nsources: [fixture]\nupdated: 2026-11-30\n---\n\n"
        + "Filler line of a very long page.\n"
        * 640,
        encoding="utf-8",
    )
    stale = (project / "kb" / "INDEX.md").read_bytes()
    Brain.open(project, clock=lambda: TODAY).index()
    (project / "kb" / "INDEX.md").write_bytes(stale)
    return project


def checked(project: Path) -> CheckReport:
    return Brain.open(project, clock=lambda: TODAY).check(repair=False)


def portable(text: str, project: Path) -> str:
    """Output without what depends on the machine: the W007 target and mdbrain's version."""
    text = text.replace(os.path.realpath(project), "<project>")
    return text.replace(f'"version": "{__version__}"', '"version": "<mdbrain version>"')


def assert_golden(name: str, text: str) -> None:
    path = GOLDEN / name
    data = text.encode("utf-8")
    if os.environ.get(UPDATE_VAR) == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    if not path.exists():
        pytest.fail(
            f"golden file {path} is missing: create it with "
            f"'{UPDATE_VAR}=1 pytest tests/test_check_cli.py', then review it"
        )
    assert path.read_bytes() == data, (
        f"{name} differs from the golden file; if the change is intended, "
        f"refresh it with '{UPDATE_VAR}=1 pytest tests/test_check_cli.py' and review the diff"
    )


# --- the fixture -----------------------------------------------------------------------


def test_the_fixture_trips_every_code_exactly_once_where_expected(every_rule: Path) -> None:
    assert set(EXPECTED) == set(CODES)
    report = checked(every_rule)
    assert sorted((f.code, f.path) for f in report.findings) == sorted(EXPECTED.items())
    assert Counter(f.code for f in report.findings) == Counter(list(CODES))
    assert report.documents == 34
    assert report.repairs == ()
    assert report.exit_code() == 1


def test_the_stale_index_is_only_a_warning_with_fixing_and_then_it_is_repaired(
    every_rule: Path,
) -> None:
    report = Brain.open(every_rule, clock=lambda: TODAY).check()
    assert "W005" not in {f.code for f in report.findings}
    assert report.repairs == (Repair("W005", "INDEX.md", "regenerated from the documents"),)
    assert len(report.findings) == len(CODES) - 1


# --- golden files ----------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_every_rule_report_matches_its_golden_file(
    name: str, every_rule: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(every_rule)
    report = checked(every_rule)
    rendered = FORMATS[name](report, every_rule / "kb")
    assert_golden(f"every-rule.{EXTENSIONS[name]}", portable(rendered, every_rule) + "\n")


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_the_command_prints_what_the_renderer_gives(
    name: str, every_rule: Path, monkeypatch: pytest.MonkeyPatch, clock: None
) -> None:
    monkeypatch.chdir(every_rule)
    code, out = run("check", "--no-fix", "--format", name)
    assert code == 1
    expected = (GOLDEN / f"every-rule.{EXTENSIONS[name]}").read_text(encoding="utf-8")
    assert portable(out, every_rule) == expected


def test_the_command_offers_exactly_the_registered_formats() -> None:
    params = {p.name: p for p in cli_module.check.params}
    assert list(params["output"].type.choices) == list(FORMATS)  # type: ignore[attr-defined]


def test_a_missing_golden_file_fails_and_says_how_to_create_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(UPDATE_VAR, raising=False)
    monkeypatch.setattr(f"{__name__}.GOLDEN", tmp_path)
    with pytest.raises(pytest.fail.Exception, match=UPDATE_VAR):
        assert_golden("nothing.txt", "text\n")


# --- the formats, structurally ------------------------------------------------------------


def test_json_follows_the_documented_schema(every_rule: Path) -> None:
    report = checked(every_rule)
    data = json.loads(FORMATS["json"](report, every_rule / "kb"))
    keys = ["schema", "documents", "scope", "summary", "findings", "repairs"]
    assert list(data) == keys
    assert data["schema"] == "mdbrain.check/1" and data["scope"] is None
    assert data["summary"] == {"error": 10, "warning": 20, "info": 2}
    for item in data["findings"]:
        assert list(item) == ["code", "severity", "path", "line", "message"]
        assert item["severity"] == CODES[item["code"]][0].value
    as_findings = [Finding(f["path"], f["line"], f["code"], f["message"]) for f in data["findings"]]
    assert as_findings == sorted(as_findings, key=Finding.sort_key)


def test_sarif_is_a_2_1_0_log_with_every_code_as_a_rule(
    every_rule: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(every_rule)
    log = json.loads(FORMATS["sarif"](checked(every_rule), every_rule / "kb"))
    assert log["version"] == "2.1.0" and "sarif" in log["$schema"]
    (run_,) = log["runs"]
    driver = run_["tool"]["driver"]
    assert driver["name"] == "mdbrain" and driver["version"] == __version__
    rules = driver["rules"]
    assert [r["id"] for r in rules] == list(CODES)
    levels = {"error": "error", "warning": "warning", "info": "note"}
    for rule in rules:
        severity, meaning = CODES[rule["id"]]
        assert rule["shortDescription"] == {"text": meaning}
        assert rule["defaultConfiguration"] == {"level": levels[severity.value]}
    assert len(run_["results"]) == len(CODES)
    for result in run_["results"]:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]
        assert result["level"] == levels[CODES[result["ruleId"]][0].value]
        assert result["message"]["text"]
        (location,) = result["locations"]
        artifact = location["physicalLocation"]["artifactLocation"]
        assert artifact["uriBaseId"] == "%SRCROOT%"
        assert not artifact["uri"].startswith("/") and "\\" not in artifact["uri"]
        assert artifact["uri"].startswith("kb/") or artifact["uri"] == ".rag"
        assert location["physicalLocation"]["region"]["startLine"] >= 1
    lines = {
        r["ruleId"]: r["locations"][0]["physicalLocation"].get("region") for r in run_["results"]
    }
    # a finding about a whole file points at its first line
    assert lines["E004"] == {"startLine": 3} and lines["W002"] == {"startLine": 1}


def test_github_escapes_properties_and_messages() -> None:
    found = (
        Finding("a,b:c%.md", 3, "E002", "bad: 100%\nsecond line\r"),
        Finding("ok.md", None, "W002", "no line, so no line property"),
        Finding("ok.md", 1, "I001", "info is a notice"),
    )
    report = CheckReport(documents=2, scope=None, findings=found, repairs=())
    lines = report_module.github(report, Path()).splitlines()
    assert lines == [
        "::error file=a%2Cb%3Ac%25.md,line=3,title=E002::bad: 100%25%0Asecond line%0D",
        "::warning file=ok.md,title=W002::no line, so no line property",
        "::notice file=ok.md,line=1,title=I001::info is a notice",
        "Checked 2 documents: 1 error, 1 warning, 1 info.",
    ]


def test_text_lists_repairs_after_the_findings_and_a_clean_base_in_one_line() -> None:
    repair = Repair("W005", "INDEX.md", "regenerated from the documents")
    clean = CheckReport(documents=4, scope=None, findings=(), repairs=())
    assert report_module.text(clean, Path("kb")) == "Checked 4 documents: no findings."
    mended = CheckReport(documents=4, scope=None, findings=(), repairs=(repair,))
    assert report_module.text(mended, Path("kb")).splitlines() == [
        "Checked 4 documents: no findings.",
        f"repaired: {os.path.join('kb', 'INDEX.md')} regenerated from the documents",
    ]
    one = Finding("a.md", None, "W002", "no document links to it")
    found = CheckReport(documents=1, scope="a.md", findings=(one,), repairs=(repair,))
    assert report_module.text(found, Path()).splitlines() == [
        "Checked 1 document (findings under a.md): 0 errors, 1 warning, 0 info.",
        "",
        "Warnings",
        f"  W002 {CODES['W002'][1]}",
        "    a.md: no document links to it",
        "",
        "repaired: INDEX.md regenerated from the documents",
    ]


# --- the clean example base ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_the_clean_annex_f_base_reports_nothing_in_every_format(
    name: str, annex_f: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def brain(self: cli_module.Context) -> Brain:
        return Brain.open(self.directory, clock=lambda: dt.date(2026, 7, 1))

    monkeypatch.setattr(cli_module.Context, "brain", brain)
    assert run("-C", str(annex_f), "index")[0] == 0
    code, out = run("-C", str(annex_f), "check", "--strict", "--format", name)
    assert code == 0, out
    summary = "Checked 3 documents: no findings."
    if name in {"text", "github"}:
        assert out == summary + "\n"
    elif name == "json":
        data = json.loads(out)
        assert data["findings"] == [] and data["repairs"] == []
        assert data["summary"] == {"error": 0, "warning": 0, "info": 0}
    else:
        assert json.loads(out)["runs"][0]["results"] == []


# --- exit codes, --strict, --no-fix ----------------------------------------------------------


def test_warnings_fail_only_with_strict(make_base: MakeBase) -> None:
    root = make_base(
        {"a.md": doc(type="overview", body="[b](b.md)"), "b.md": doc(), "notes/c.md": doc()}
    )
    Brain.open(root).index()
    code, out = run("-C", str(root.parent), "check", "--format", "json")
    data = json.loads(out)
    assert code == 0
    assert data["summary"]["error"] == 0 and data["summary"]["warning"] >= 1
    assert {f["code"] for f in data["findings"]} >= {"W002"}  # notes/c.md is an orphan
    assert run("-C", str(root.parent), "check", "--strict")[0] == 1


def test_errors_fail_without_strict_and_the_default_format_is_text(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc(type="overview"), "bad.md": "---\ntitle: [\n---\n"})
    code, out = run("-C", str(root.parent), "check")
    assert code == 1
    assert out.startswith("Checked 2 documents: 1 error")
    assert "\nErrors\n  E002 " in out


def test_no_fix_leaves_a_stale_index_and_reports_it_the_default_repairs_it(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_base({"a.md": doc(type="overview", status="draft")})
    Brain.open(root).index()
    index = root / "INDEX.md"
    stale = index.read_text(encoding="utf-8").replace("Documents: 1", "Documents: 0")
    index.write_text(stale, encoding="utf-8")
    before = index.stat().st_mtime_ns
    monkeypatch.chdir(root.parent)

    code, out = run("check", "--no-fix", "--format", "json")
    data = json.loads(out)
    assert code == 0 and [f["code"] for f in data["findings"]] == ["W005"]
    assert data["repairs"] == []
    assert index.read_text(encoding="utf-8") == stale
    assert index.stat().st_mtime_ns == before
    assert run("check", "--no-fix", "--strict")[0] == 1

    code, out = run("check")
    assert code == 0
    assert out.splitlines() == [
        "Checked 1 document: no findings.",
        f"repaired: {os.path.join('kb', 'INDEX.md')} regenerated from the documents",
    ]
    assert index.read_text(encoding="utf-8") != stale
    assert run("check", "--no-fix", "--strict")[0] == 0


def test_a_usage_or_marker_problem_exits_2(tmp_path: Path) -> None:
    code, out = run("-C", str(tmp_path), "check")
    assert code == 2 and "no .rag marker" in out
    (tmp_path / ".rag").write_text('version: "1"\nroot: kb\n', encoding="utf-8")
    (tmp_path / "kb").mkdir()
    code, out = run("-C", str(tmp_path), "check", "--format", "xml")
    assert code == 2 and "xml" in out


# --- scope ------------------------------------------------------------------------------------


def codes_in(out: str) -> list[tuple[str, str]]:
    return [(f["code"], f["path"]) for f in json.loads(out)["findings"]]


def test_a_scope_restricts_the_findings_by_id_by_path_or_absolute_path(
    every_rule: Path, monkeypatch: pytest.MonkeyPatch, clock: None
) -> None:
    governance = sorted((c, p) for c, p in EXPECTED.items() if p.startswith("governance/"))
    monkeypatch.chdir(every_rule)
    for scope in ("governance", "governance/", "kb/governance", str(every_rule / "kb/governance")):
        code, out = run("check", "--no-fix", "--format", "json", scope)
        assert code == 1, (scope, out)
        assert sorted(codes_in(out)) == governance, scope
        assert json.loads(out)["scope"] == "governance"
    code, out = run("check", "--no-fix", "--format", "json", "kb/links/lonely.md")
    assert code == 0 and codes_in(out) == [("W002", "links/lonely.md")]
    code, out = run("check", "--no-fix", "--format", "json", "links/lonely.md")
    assert codes_in(out) == [("W002", "links/lonely.md")]


def test_a_path_inside_the_root_is_read_from_the_working_directory(
    every_rule: Path, monkeypatch: pytest.MonkeyPatch, clock: None
) -> None:
    monkeypatch.chdir(every_rule / "kb" / "links")
    _code, out = run("check", "--no-fix", "--format", "json", "lonely.md")
    assert codes_in(out) == [("W002", "links/lonely.md")]
    _code, out = run("-C", str(every_rule), "check", "--no-fix", "--format", "json", "kb/links")
    assert {p for _c, p in codes_in(out)} == {
        p for p in EXPECTED.values() if p.startswith("links/")
    }


def test_a_folder_holding_the_root_means_the_whole_base(
    every_rule: Path, monkeypatch: pytest.MonkeyPatch, clock: None
) -> None:
    monkeypatch.chdir(every_rule)
    code, out = run("check", "--no-fix", "--format", "json", ".")
    assert code == 1 and json.loads(out)["scope"] is None
    assert len(codes_in(out)) == len(CODES)


@pytest.mark.parametrize(
    "scope", ["src", "src/app.py", "<absolute src>", "nowhere", "../outside", "kb/nope"]
)
def test_a_scope_outside_the_root_or_naming_nothing_is_a_usage_error(
    scope: str, every_rule: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(every_rule)
    if scope == "<absolute src>":
        scope = str(every_rule / "src")
    code, out = run("check", "--no-fix", scope)
    assert code == 2, out
    assert "knowledge root" in out


def test_a_theme_named_like_a_project_folder_is_the_theme(
    every_rule: Path, monkeypatch: pytest.MonkeyPatch, clock: None
) -> None:
    """ethereum/consensus-specs' trial: after `import specs`, `check specs/altair` from the
    project said specs/altair "is outside the knowledge root": the project's own specs/
    was read first, though the base has a theme of that name."""
    monkeypatch.chdir(every_rule)
    (every_rule / "governance").mkdir()
    (every_rule / "links").mkdir()
    (every_rule / "links" / "lonely.md").write_text("# not the page\n", encoding="utf-8")
    code, out = run("check", "--no-fix", "--format", "json", "governance")
    assert code == 1, out
    assert json.loads(out)["scope"] == "governance"
    code, out = run("check", "--no-fix", "--format", "json", "links/lonely.md")
    assert codes_in(out) == [("W002", "links/lonely.md")]
    code, out = run("check", "--no-fix", "src")  # a project folder, and no theme
    assert code == 2 and "outside the knowledge root" in out


def test_an_absolute_scope_naming_nothing_says_so(
    every_rule: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """grpc/proposal's trial: `check /nonexistent/dir` said the scope "is absolute", though
    absolute paths inside the root are scopes."""
    monkeypatch.chdir(every_rule)
    code, out = run("check", "--no-fix", str(every_rule / "nonexistent" / "dir"))
    assert code == 2, out
    assert "no such file or folder" in out and "is absolute" not in out


# --- a real corpus --------------------------------------------------------------------------


@pytest.mark.skipif(not CPP_DOCS.is_dir(), reason=f"the cpp-docs corpus is not here ({CPP_DOCS})")
def test_check_on_the_cpp_docs_corpus_finishes_and_writes_nothing_with_no_fix(
    tmp_path: Path,
) -> None:
    """9,753 real pages, copied into a project (a root must lie inside its project) and
    checked with --no-fix: findings, no traceback, and no page or index written."""
    project = tmp_path / "project"
    shutil.copytree(CPP_DOCS, project / "docs")
    (project / ".rag").write_text('version: "1"\nroot: docs\nlang: en\n', encoding="utf-8")
    pages = sorted((project / "docs").rglob("*.md"))
    before = {path: path.stat().st_mtime_ns for path in pages}
    started = time.perf_counter()
    result = CliRunner().invoke(cli, ["-C", str(project), "check", "--no-fix", "--format", "json"])
    elapsed = time.perf_counter() - started
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert result.exit_code == 1
    data = json.loads(result.output)
    assert data["documents"] > 9000 and data["summary"]["error"] > 0
    assert {path: path.stat().st_mtime_ns for path in pages} == before
    for name in ("INDEX.md", "OVERVIEW.md", "RELATIONS.yaml"):
        assert not (project / "docs" / name).exists(), name
    assert elapsed < 60, f"check took {elapsed:.1f} s on cpp-docs"


def test_the_pre_commit_hook_runs_the_strict_check_once_on_markdown_or_marker_changes() -> None:
    import re

    import yaml

    repo = Path(__file__).resolve().parents[1]
    (hook,) = yaml.safe_load((repo / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "mdbrain-check" and hook["name"] and hook["description"]
    assert hook["entry"] == "mdbrain check --strict"
    assert hook["language"] == "python" and hook["pass_filenames"] is False
    files = re.compile(hook["files"])
    for path in ("kb/a.md", "README.markdown", ".rag"):
        assert files.search(path), path
    for path in ("src/a.py", "sub/.rag", "a.md.bak"):
        assert not files.search(path), path

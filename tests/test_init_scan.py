"""``init --scan``: drafts read from the code, on a generated sample and on this repository."""

from __future__ import annotations

import datetime as dt
import shutil
import subprocess
from pathlib import Path

import pytest

from mdbrain.core import codemap, derived_pages, document, layout, sections
from mdbrain.core.facts import FileFacts, Symbol
from mdbrain.service import drafting, scanning
from mdbrain.service.bootstrap import init_base
from mdbrain.service.session import Session
from mdbrain.store import location

TODAY = dt.date(2026, 12, 1)
REPO = Path(__file__).resolve().parents[1]
HAS_GIT = shutil.which("git") is not None

SAMPLE = {
    ".gitignore": "node_modules/\n.venv/\nbuild/\n",
    "README.md": "# Acme\n\nA sample project.\n\n## Usage\n\nRun it.\n\n```sh\n# not a heading\n```\n",
    "pyproject.toml": '[project]\nname = "acme"\ndependencies = ["click>=8"]\n\n'
    '[project.scripts]\nacme = "acme.cli:main"\n',
    "config/settings.yaml": "port: 8080\n",
    "src/acme/__init__.py": '"""Acme: a tiny sample package. It greets."""\n',
    "src/acme/core.py": '"""Greetings and counting.\n\nMore words.\n"""\n\n'
    "def greet(name: str, *, loud: bool = False) -> str:\n"
    '    """Say hello to ``name``.\n\n    Details.\n    """\n'
    '    return f"hello {name}"\n\n\n'
    "class Counter:\n"
    '    """Counts things."""\n\n'
    "    def add(self, n: int) -> None:\n        self.n = n\n\n"
    "    def _hidden(self) -> None:\n        pass\n\n\n"
    "def _private() -> None:\n    pass\n",
    "src/acme/cli.py": "import click\n\n\n@click.group()\ndef main() -> None:\n"
    '    """The acme command."""\n\n\n@main.command()\ndef hello() -> None:\n'
    '    """Say hello."""\n\n\n@main.command("add-item")\ndef add() -> None:\n'
    '    """Add an item."""\n\n\nif __name__ == "__main__":\n    main()\n',
    "web/package.json": '{"name": "@acme/web", "bin": {"acme-web": "./bin/cli.js"},\n'
    ' "scripts": {"build": "tsc"}, "dependencies": {"express": "^4.19.0"}}\n',
    "web/bin/cli.js": "#!/usr/bin/env node\nrequire('../dist/server.js');\n",
    "web/src/server.ts": "/* The HTTP server of acme. */\n\nimport express from 'express';\n\n"
    "/** Build the server. */\nexport function createServer(port: number): void {\n"
    "  const app = express();\n  app.get('/health', (_req, res) => res.send('ok'));\n"
    '  app.post("/items", (_req, res) => res.send("added"));\n  app.listen(port);\n}\n',
    "web/src/items.ts": "export interface Item {\n  name: string;\n}\nexport const LIMIT = 10;\n",
    "go/go.mod": "module example.com/tool\n\ngo 1.22\n",
    "go/cmd/tool/main.go": '// Command tool prints a greeting.\npackage main\n\nimport "fmt"\n\n'
    '// Greet says hello.\nfunc Greet() string { return "hi" }\n\n'
    "func main() { fmt.Println(Greet()) }\n",
    "tests/test_core.py": '"""Tests of acme.core."""\n\nfrom acme.core import greet\n\n\n'
    'def test_greet() -> None:\n    assert greet("a") == "hello a"\n',
    "node_modules/leftpad/index.js": "export function leftpad() {}\n",
    ".venv/pyvenv.cfg": "home = /usr\n",
    ".venv/lib/site.py": "def hidden() -> None: ...\n",
    "build/lib/acme/core.py": "def built() -> None: ...\n",
}


def write_sample(project: Path, *, use_git: bool) -> Path:
    for rel, text in SAMPLE.items():
        path = project / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    init_base(project, "kb")
    (project / "kb" / "legacy").mkdir()
    (project / "kb" / "legacy" / "helper.py").write_text("def kb_only() -> None: ...\n")
    if use_git:
        git = ["git", "-C", str(project), "-c", "user.email=t@example.com", "-c", "user.name=t"]
        subprocess.run([*git, "init", "-q"], check=True)
        subprocess.run([*git, "add", "-A"], check=True)
        subprocess.run([*git, "-c", "commit.gpgsign=false", "commit", "-qm", "init"], check=True)
    return project


def run(project: Path, *, dry_run: bool = False) -> scanning.ScanReport:
    session = Session(location.locate(project), lambda: TODAY)
    try:
        return scanning.scan_project(session, dry_run=dry_run)
    finally:
        session.close()


def documents(root: Path) -> dict[str, document.Document]:
    found = {}
    for path in sorted(root.rglob("*.md")):
        rel = path.relative_to(root).as_posix()
        if "/" in rel and not rel.startswith(("legacy/", ".")):
            found[rel] = document.loads(path.read_text(encoding="utf-8"), rel)
    return found


def impl_refs(docs: dict[str, document.Document]) -> list[str]:
    return [ref for doc in docs.values() for ref in doc.meta.get("impl_refs") or []]


@pytest.fixture
def sample(tmp_path: Path) -> Path:
    return write_sample(tmp_path / "sample", use_git=HAS_GIT)


def test_sample_gets_themes_and_drafts_that_point_at_real_code(sample: Path) -> None:
    report = run(sample)
    assert 3 <= len(report.themes) <= 8
    assert set(report.themes) == {"acme", "go", "web", "entry-points", "testing", "project"}
    assert report.check is not None and report.errors == 0, report.check.findings
    assert report.unresolved == ()
    docs = documents(sample / "kb")
    assert set(report.documents) == set(docs)
    overviews = [doc_id for doc_id in docs if doc_id.endswith("/overview.md")]
    assert all(docs[doc_id].meta["type"] == "overview" for doc_id in overviews)
    assert report.warnings == 0, report.check.findings  # every link, to an overview too, resolves
    for doc_id, doc in docs.items():
        assert doc.meta["status"] == "draft", doc_id
        assert doc.meta["created"] == doc.meta["updated"] == TODAY
        assert doc.meta["audience"] == ["dev"]
    refs = impl_refs(docs)
    assert all((sample / ref.split("#")[0]).exists() for ref in refs)
    assert "src/acme/core.py#greet" in refs and "src/acme/core.py#Counter" in refs
    assert not [r for r in refs if r.startswith(("kb/", "node_modules", ".venv", "build/"))]


def test_sample_drafts_list_what_the_code_holds(sample: Path) -> None:
    run(sample)
    root = sample / "kb"
    acme = (root / "acme" / "acme.md").read_text(encoding="utf-8")
    assert 'summary: "Acme: a tiny sample package."' in acme
    assert "`greet(name: str, *, loud: bool=False) -> str`: Say hello to ``name``." in acme
    assert "Public methods: `add`." in acme and "_private" not in acme and "_hidden" not in acme
    assert "`main (group)`, `hello`, `add-item`" in acme
    entry = (root / "entry-points" / "entry-points.md").read_text(encoding="utf-8")
    assert "- `acme`: console script, declared in `pyproject.toml`; runs `src/acme/cli.py`" in entry
    assert "`acme-web`: package bin" in entry and "Go program (`package main`)" in entry
    assert "`GET /health`, `POST /items`" in entry
    assert "(../web/web.md)" in entry
    web = (root / "web" / "web.md").read_text(encoding="utf-8")
    assert "`function createServer(port: number): void`: Build the server." in web
    assert "web/src/server.ts#createServer" in web or "web/src/server.ts\n" in web
    repository = (root / "project" / "repository.md").read_text(encoding="utf-8")
    assert "- Acme\n  - Usage" in repository and "not a heading" not in repository
    configuration = (root / "project" / "configuration.md").read_text(encoding="utf-8")
    assert "`acme -> acme.cli:main`" in configuration and "`express`" in configuration
    tests = (root / "testing" / "tests.md").read_text(encoding="utf-8")
    assert "`tests/test_core.py`, 1 test: Tests of acme.core." in tests


def test_dry_run_writes_nothing_and_a_second_run_overwrites_nothing(sample: Path) -> None:
    root = sample / "kb"
    before = sorted(p.relative_to(root) for p in root.rglob("*"))
    planned = run(sample, dry_run=True)
    assert planned.dry_run and planned.check is None and planned.documents
    assert sorted(p.relative_to(root) for p in root.rglob("*")) == before
    first = run(sample)
    assert first.documents == planned.documents
    (root / "acme" / "acme.md").write_text(
        (root / "acme" / "acme.md").read_text(encoding="utf-8") + "\nHuman notes.\n",
        encoding="utf-8",
    )
    snapshot = {p: p.read_bytes() for p in root.rglob("*.md")}
    second = run(sample)
    assert second.documents == () and set(second.skipped) == set(first.documents)
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == snapshot


def test_without_git_the_walk_skips_hidden_virtualenv_and_build_folders(tmp_path: Path) -> None:
    project = write_sample(tmp_path / "plain", use_git=False)
    files = scanning.project_files(project, project / "kb")
    assert "src/acme/core.py" in files and "web/src/server.ts" in files
    assert not [f for f in files if f.startswith(("kb/", "node_modules/", ".venv/", "build/"))]
    report = run(project)
    assert report.errors == 0 and 3 <= len(report.themes) <= 8


def test_code_a_tool_wrote_is_set_aside_by_the_comment_that_says_so(tmp_path: Path) -> None:
    # jaegertracing/jaeger: 15 mocks were drafted; each says "// Code generated by mockery;
    # DO NOT EDIT." below its license header
    project = write_sample(tmp_path / "gen", use_git=False)
    mock = "# Copyright 2026 Acme\n# Licensed under the MIT license.\n\n"
    mock += "# Code generated by mockery; DO NOT EDIT.\n\nclass MockStore:\n    pass\n"
    (project / "src" / "acme" / "mocks").mkdir()
    (project / "src" / "acme" / "mocks" / "store.py").write_text(mock, encoding="utf-8")
    report = run(project)
    assert not [r for r in impl_refs(documents(project / "kb")) if "mocks" in r]
    assert dict(report.set_aside)["generated files"] == 1
    assert not codemap.generated_code("x = 'generated; do not edit'\n")  # no comment


def test_python_that_cannot_be_read_is_skipped_with_a_note(tmp_path: Path) -> None:
    project = tmp_path / "deep"
    package = project / "src" / "pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""A package with odd modules."""\n')
    (package / "deep.py").write_text("x = " + "1 + " * 100_000 + "1\n")
    (package / "broken.py").write_text("def (:\n")
    (package / "fine.py").write_text("def ok() -> int:\n    return 1\n")
    init_base(project, "kb")
    report = run(project)
    assert report.check is not None and report.errors == 0, report.check.findings
    drafts = "\n".join(p.read_text(encoding="utf-8") for p in (project / "kb").rglob("*.md"))
    assert "Skipped by the scan: Python nested too deeply to be read." in drafts
    assert "Skipped by the scan: not valid Python (line 1: invalid syntax)." in drafts
    assert "`ok() -> int`" in drafts


def test_this_repository(tmp_path: Path) -> None:
    if not HAS_GIT:
        pytest.skip("git is needed to list this repository's files")
    listed = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-z"], capture_output=True, check=True
    ).stdout.decode("utf-8")
    project = tmp_path / "repo"
    for rel in filter(None, listed.split("\0")):
        if (REPO / rel).is_file():
            (project / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(REPO / rel, project / rel)
    (project / ".rag").unlink(missing_ok=True)
    init_base(project, "kb")
    report = run(project)
    assert 3 <= len(report.themes) <= 8
    assert report.check is not None and report.errors == 0, report.check.findings
    docs = documents(project / "kb")
    assert len(docs) == len(report.documents) > 10
    assert all((project / ref.split("#")[0]).exists() for ref in impl_refs(docs))


# --- the pure analysis ---------------------------------------------------------------


def test_python_facts_read_commands_routes_and_exports() -> None:
    source = (
        '"""Web things."""\n__all__ = ["index"]\n\n@app.get("/")\ndef index(): ...\n\n'
        '@app.route("/x", methods=["post"])\ndef x(): ...\n\ndef other(): ...\n\n'
        'sub.add_parser("serve")\n'
    )
    facts = codemap.python_facts("web.py", source)
    assert [s.name for s in facts.symbols] == ["index"] and facts.exports == ("index",)
    assert facts.routes == ("GET /", "POST /x") and facts.commands == ("serve",)
    bad = codemap.python_facts("bad.py", "def (")
    assert bad.symbols == () and bad.note == "not valid Python (line 1: invalid syntax)"


def test_go_and_rust_facts() -> None:
    go = codemap.source_facts(
        "main.go", 'package main\n\nfunc main() {\n\thttp.HandleFunc("/a", h)\n}\n'
    )
    assert go.main and go.routes == ("ANY /a",)
    # jaegertracing/jaeger: "no public symbols" for a file of exported values, a bare
    # "Close" that two types have, a method of an unexported type, TestMain as a test
    store = codemap.source_facts(
        "store.go",
        'package store\n\nvar NewFactory = impl.NewFactory\n\nconst (\n\tSelectAll = "*"\n'
        '\tselectOne = "1"\n)\n\nfunc (s *Session) Close() {}\n\n'
        "func (i Iter) Close() error { return nil }\n\nfunc (r *tripper) RoundTrip() {}\n",
    )
    assert [(s.kind, s.name) for s in store.symbols] == [
        ("function", "Session.Close"), ("function", "Iter.Close"), ("var", "NewFactory"),
        ("const", "SelectAll"),
    ]  # fmt: skip
    tests = "package store\n\nfunc TestMain(m *testing.M) {}\n\nfunc TestOpen(t *testing.T) {}\n"
    assert codemap.source_facts("store_test.go", tests).tests == 1
    # celestia-app: a suite's Test methods are tests; a helper named Test... in another
    # file, or "Testify", is none
    suite = (
        'package e2e\n\nimport "github.com/stretchr/testify/suite"\n\n'
        "func (s *CelestiaTestSuite) TestE2ESimple() {}\n\n"
        "func (s *CelestiaTestSuite) TestUpgrade() {}\n\nfunc Testify() {}\n"
    )
    assert codemap.source_facts("e2e_simple_test.go", suite).tests == 2
    # containerd: a helper type's TestContext method, in a file of no suite, is no test
    helper = "package archive\n\nfunc (c *ctx) TestContext() {}\n\nfunc TestTar(t *testing.T) {}\n"
    assert codemap.source_facts("tar_test.go", helper).tests == 1
    helper = "package util\n\nfunc TestKeyring(cdc Codec) Keyring { return nil }\n"
    assert codemap.source_facts("util/testfactory/common.go", helper).tests == 0
    rust = codemap.source_facts(
        "src/main.rs",
        '//! The crate.\n/// Run it.\npub fn run(x: u8) -> u8 { x }\n#[get("/b")]\nfn main() {}\n',
    )
    assert rust.doc == "The crate." and rust.symbols[0].doc == "Run it." and rust.main
    assert rust.routes == ("GET /b",)
    crate = layout.read_package(
        "Cargo.toml", '[package]\nname = "c"\n[[bin]]\nname = "c"\npath = "src/main.rs"\n'
    )
    assert crate is not None and crate.programs == (("c", "src/main.rs"),)
    assert layout.read_package("package.json", "{not json") is None


def test_drafts_leave_out_tool_comments_cut_signatures_and_names_said_twice() -> None:
    """thanos-io/thanos and rust-lang/mdBook: drafts summed up a file as "eslint-disable
    camelcase" or "TODO(x): Fix linter issues", listed "rebuild_on_change,
    rebuild_on_change" and "ANY /, ANY /", and cut signatures at their line's end."""
    from mdbrain.core import sections

    rust = codemap.source_facts(
        "src/watch.rs",
        "#[cfg(unix)]\npub fn rebuild_on_change(\n    book: &Path,\n) {}\n"
        "#[cfg(not(unix))]\npub fn rebuild_on_change(\n    book: &Path,\n) {}\n",
    )
    assert rust.symbols[0].signature == "fn rebuild_on_change(…)"
    assert sections.counted(rust.symbols) == "1 public function: rebuild_on_change"
    go = codemap.source_facts(
        "cmd/config.go",
        "package main\n\n// TODO(k): Fix linter issues.\n// nolint:unparam\n"
        "func Relabel(actions map[string]struct{}) error { return nil }\n"
        'func routes() {\n\thttp.HandleFunc("/", a)\n\thttp.HandleFunc("/", b)\n}\n',
    )
    assert go.symbols[0].doc == "" and go.symbols[0].signature.endswith("struct…)")
    assert "1 HTTP route: ANY /" in sections.inventory([go], "file")
    js = codemap.source_facts(
        "ui/app.js", "/* eslint-disable camelcase */\n\nexport const a = 1;\n"
    )
    assert js.doc == ""
    assert codemap.set_aside("ui/static/media/index.cd351d7c31d0d3fccf96.cjs")
    # a build's output, committed (microsoft/vscode-docs' 618 KB webpack bundle)
    bundle = ".vscode/extensions/doc-assistant/dist/extension.js"
    assert codemap.set_aside(bundle) == ".vscode/extensions/doc-assistant/dist/"
    assert codemap.set_aside(".vscode/extensions/doc-assistant/src/extension.ts") == ""


def test_a_licence_header_apart_from_the_code_documents_nothing() -> None:
    # found on spf13/cobra: every file opens with the Apache header, then a blank line
    header = "// Copyright 2013-2023 The Cobra Authors\n//\n// Licensed under the Apache License\n"
    body = "package cobra\n\n// Group holds commands.\ntype Group struct{}\n\n// Not attached.\n\n"
    go = codemap.source_facts("flag_groups.go", header + "\n" + body + "type Loose struct{}\n")
    assert go.doc == ""
    assert [(s.name, s.doc) for s in go.symbols] == [
        ("Group", "Group holds commands."),
        ("Loose", ""),
    ]
    documented = codemap.source_facts(
        "cobra.go", header + "\n// Package cobra builds CLIs.\n" + body
    )
    assert documented.doc == "Package cobra builds CLIs."


def test_themes_stay_within_the_budget() -> None:
    keys = [(name,) for name in "abcdefghij"]
    areas = layout.choose_areas(keys, 5, fronts_apart=False)
    names = layout.name_areas(areas, 5, fronts_apart=False)
    assert len(set(names.values())) == 5 and "other-code" in names.values()
    # the biggest keep a theme of their own, whatever their names (vitejs/vite's own
    # package, packages/vite, came last by name and shared other-code with 104 drafts)
    sizes = dict.fromkeys(areas, 1) | {(("j",), False): 50}
    sized = layout.name_areas(areas, 5, fronts_apart=False, sizes=sizes)
    assert sized[(("j",), False)] == "j"
    assert sized[(("a",), False)] == "a" and sized[(("e",), False)] == "other-code"
    opened = layout.choose_areas(
        [("pkg", "a"), ("pkg", "b"), ("pkg",), ("x",)], 5, fronts_apart=True
    )
    assert opened == [
        (("pkg",), True),
        (("pkg", "a"), False),
        (("pkg", "b"), False),
        (("x",), False),
    ]


def test_secrets_never_reach_a_draft() -> None:
    draft = drafting.Draft(
        "a/b.md", "B", "A summary.", "reference", ("a",), (), (),
        ('- `connect(password="hunter-two-but-longer-9")`',),
    )  # fmt: skip
    text = scanning.render(draft, TODAY)
    assert "hunter-two" not in text and "(left out: it looked like a secret)" in text


def test_yaml_words_and_numbers_stay_strings() -> None:
    draft = drafting.Draft("a/b.md", "2024", "1.5", "reference", ("no", "on", "v2"), ("1",), (), ())
    meta = document.loads(scanning.render(draft, TODAY), "a/b.md").meta
    assert meta["title"] == "2024" and meta["summary"] == "1.5"
    assert meta["tags"] == ["no", "on", "v2"] and meta["impl_refs"] == ["1"]


def test_express_routes_are_told_from_http_clients() -> None:
    source = "app.get('/a', h);\nrouter.post(\"/b\", h);\naxios.get('/not-a-route');\n"
    assert codemap.source_facts("s.js", source).routes == ("GET /a", "POST /b")


JSON_SCHEMA = '''\
"""!!! abstract "Usage Documentation"
    [JSON Schema](../concepts/json_schema.md)

The `json_schema` module generates JSON Schema from models. See the
[guide](../concepts/models.md#schema) or [the standard](https://json-schema.org/).
"""
from typing import overload


@overload
def schema_of(model: type) -> dict: ...
@overload
def schema_of(model: str) -> dict: ...
def schema_of(model):
    """The JSON Schema of ``model``."""
    return {}
'''


def test_a_module_documented_for_a_site_gets_a_draft_of_its_prose(tmp_path: Path) -> None:
    # from pydantic: a docstring opening on an admonition, links written for the site that
    # renders it, and an overloaded function
    project = tmp_path / "lib"
    (project / "lib").mkdir(parents=True)
    (project / "lib" / "json_schema.py").write_text(JSON_SCHEMA, encoding="utf-8")
    init_base(project, "kb")
    report = run(project)
    assert report.check is not None and report.check.exit_code() == 0
    assert "W001" not in {f.code for f in report.check.findings}  # no link leads nowhere
    [drafted] = [
        d
        for d in documents(project / "kb").values()
        if "lib/json_schema.py" in d.meta.get("sources", [])
    ]
    assert drafted.meta["summary"] == "The json_schema module generates JSON Schema from models."
    assert "See the\nguide or [the standard](https://json-schema.org/)." in drafted.body
    assert "../concepts" not in drafted.body
    assert drafted.body.count("- `schema_of(") == 1  # its stubs and itself: one function
    assert "The JSON Schema of ``model``." in drafted.body  # the implementation's own doc


def test_a_folders_readme_sums_up_the_folder_not_each_file_drafted_apart(tmp_path: Path) -> None:
    """opentofu/opentofu: keyprovider/output.go, addr.go and errors.go were each summed up
    by the folder's README, "This folder contains the interface that key providers must
    implement", and so was the draft of the rest of the folder."""
    project = tmp_path / "tool"
    folder = project / "keyprovider"
    folder.mkdir(parents=True)
    (folder / "README.md").write_text(
        "# Key providers\n\nThis folder holds what key providers implement.\n", encoding="utf-8"
    )
    for name in ("output", "addr", "errors", "config"):
        code = "package keyprovider\n\n" + "".join(
            f"// {name.title()}{n} does a thing.\nfunc {name.title()}{n}() {{}}\n\n"
            for n in range(4)
        )
        (folder / f"{name}.go").write_text(code, encoding="utf-8")
    (folder / "small.go").write_text("package keyprovider\n\nvar x = 1\n", encoding="utf-8")
    init_base(project, "kb")
    run(project)
    said = "This folder holds what key providers implement."
    summaries = {i: d.meta["summary"] for i, d in documents(project / "kb").items()}
    assert summaries["keyprovider/output.md"].startswith("Go module with 4 public functions")
    # the folder's own page says it, and no draft of one of its files does
    assert [i for i, s in summaries.items() if said in s] == ["keyprovider/overview.md"]


def test_the_readme_of_a_folder_of_documents_sums_up_none_of_its_code(tmp_path: Path) -> None:
    """ministryofjustice/modernisation-platform: architecture-decision-record/ holds 45
    records, their README ("This is our architecture decision log") and an empty script,
    whose draft, and the folder's code overview, were summed up by that README."""
    project = tmp_path / "platform"
    folder = project / "decisions"
    folder.mkdir(parents=True)
    (folder / "README.md").write_text(
        "# Decisions\n\nThis is our log of the decisions taken on the platform.\n",
        encoding="utf-8",
    )
    for n in range(1, 5):
        (folder / f"000{n}-choice.md").write_text(f"# {n}. A choice\n\nWe chose.\n")
    (folder / "dump.js").write_text("function dump() { return 1 }\n", encoding="utf-8")
    init_base(project, "kb")
    run(project)
    summaries = {i: d.meta["summary"] for i, d in documents(project / "kb").items()}
    assert not [i for i, s in summaries.items() if "log of the decisions" in s], summaries
    assert summaries["decisions/dump.md"] == "JavaScript module with no public symbols."


def test_a_docstring_that_only_leads_to_a_list_leaves_the_summary_to_the_inventory(
    tmp_path: Path,
) -> None:
    """encode/httpx: the draft of ``_exceptions.py`` was summed up as "Our exception
    hierarchy:", the tree it announces left out."""
    project = tmp_path / "lib"
    (project / "lib").mkdir(parents=True)
    code = '"""\nOur exception hierarchy:\n\n* HTTPError\n  x RequestError\n"""\n\n'
    code += "".join(f"class {n}(Exception):\n    pass\n\n\n" for n in ("HTTPError", "Other"))
    (project / "lib" / "errors.py").write_text(code, encoding="utf-8")
    init_base(project, "kb")
    run(project)
    [drafted] = [
        d
        for d in documents(project / "kb").values()
        if "lib/errors.py" in d.meta.get("sources", [])
    ]
    summary = drafted.meta["summary"]
    assert not summary.endswith(":") and "HTTPError" in summary
    assert "Our exception hierarchy:" in drafted.body  # the docstring is still quoted


def test_a_quoted_docstring_keeps_its_code_and_web_links_and_loses_its_site_links() -> None:
    doc = (
        'See [guide](../guide.md "The guide"), [spaced](<../my guide.md>), [a [n] b](x.md),\n'
        "[x](foo(bar).md), [![badge](b.svg)](../ci.md), [web](https://x.org) and [cdn](//c.org/x).\n"
        "Call `d[k](x)`, or handlers[name](payload), or \\[not a link\\](x.md).\n"
        "```python\n[a](b.md)\n```\n"
        "\n    table[key](arg)\n"
        ">>> funcs[name](*args)\n"
        "Warning: Deprecated\n    See [`Types`](../types.md) instead."  # Google's sections
    )
    assert sections._quoted(doc, 20) == [
        "See guide, spaced, a [n] b,",
        "x, ![badge](b.svg), [web](https://x.org) and [cdn](//c.org/x).",
        "Call `d[k](x)`, or handlers[name](payload), or \\[not a link\\](x.md).",
        "```python",
        "[a](b.md)",
        "```",
        "",
        "    table[key](arg)",
        ">>> funcs[name](*args)",
        "Warning: Deprecated",
        "    See `Types` instead.",
    ]


def test_a_symbols_docstring_loses_its_site_links_too() -> None:
    """pydantic's ``with_config`` says "set a [Pydantic configuration](config.md)": its
    draft linked to a page of the base that does not exist, and check warned."""
    said = "Set a [Pydantic configuration](config.md) on a [`TypedDict`](https://x.org/td)."
    item = FileFacts(
        "pydantic/config.py",
        "python",
        symbols=(Symbol("with_config", "function", "with_config()", said),),
    )
    lines = sections.file_section(item)
    assert (
        "- `with_config()`: Set a Pydantic configuration on a [`TypedDict`](https://x.org/td)."
        in lines
    )


@pytest.mark.parametrize(
    ("text", "first"),
    [
        (
            '!!! abstract "Usage"\n    [JSON](x.md)\n\nThe module does X. More.',
            "The module does X.",
        ),
        (
            "<Button> renders a clickable button.\n\nIt accepts props.",
            "<Button> renders a clickable button.",
        ),
        ("**Deprecated.**\n\nThis module parses X.", "**Deprecated.**"),
        (":mod:`foo` provides things. More.", ":mod:`foo` provides things."),
        ("> A quote opens it.\n\nThe tool does Y.", "A quote opens it."),  # its marker off
        # rust-analyzer: a module doc opening on its heading, and abbreviations
        ("# Virtual File System\n\nVFS records changes. More.", "VFS records changes."),
        ("### Borrow kinds\n", "Borrow kinds"),
        (
            "Type inference, i.e. the walk\nover code. More.",
            "Type inference, i.e. the walk over code.",
        ),
        ("Visibility (e.g. `pub`). More.", "Visibility (e.g. `pub`)."),
        # httpx: a line that only leads to what follows sums up nothing
        ("Our exception hierarchy:\n\n* HTTPError\n  x RequestError\n", ""),
        ("It reads:\n- a\n- b", ""),
    ],
)
def test_a_summary_skips_markup_only_where_a_text_opens_on_it(text: str, first: str) -> None:
    assert sections.first_sentence(text) == first


def test_a_readme_quoted_reads_its_shortcut_links_as_text_and_its_summary_plain() -> None:
    """WebAssembly/design: the project overview quoted "part of the [WebAssembly
    Community Group]" without the definition, and its summary kept the brackets."""
    readme = (
        "# Design\n\nThis repository is part of the [WebAssembly Community Group] and hosts"
        " the [issue tracker][issues] for [proposals][], and [x](y.md) too. It is old.\n\n"
        "[WebAssembly Community Group]: https://w3.org/wasm\n[issues]: https://g.it/i\n"
        "[proposals]: <https://g.it/p>\n"
    )
    [said] = sections.prose(readme)
    assert said == (
        "This repository is part of the WebAssembly Community Group and hosts the issue"
        " tracker for proposals, and x too. It is old."
    )
    assert sections.first_sentence("It is [a](https://a.org) tool. More.") == "It is a tool."
    assert sections.prose("We use [brackets] loosely; nothing defines them.\n") == [
        "We use [brackets] loosely; nothing defines them."
    ]


def test_an_overloaded_function_keeps_the_documentation_its_stubs_give() -> None:
    source = (
        "from typing import overload\n\n@overload\ndef load(x: int) -> int:\n"
        '    """Load a record by id."""\n@overload\ndef load(x: str) -> str: ...\n'
        "def load(x):\n    return x\n"
    )
    facts = codemap.python_facts("m.py", source)
    assert [(s.name, s.doc) for s in facts.symbols] == [("load", "Load a record by id.")]


def test_a_units_longer_name_splits_each_name_as_it_would_alone() -> None:
    from mdbrain.core import layout, slug

    # "UserProfile" alone is user-profile; beside its folder's name it must stay so
    assert slug.slugify("UserProfile") == "user-profile"
    assert layout._named("components", "UserProfile") == "components-user-profile"
    assert layout._named("uv cache", "lib") == "uv-cache-lib"


def test_code_in_a_language_the_scan_does_not_read_is_said_to_be_counted_only(
    tmp_path: Path,
) -> None:
    """kgrzybek/modular-monolith-with-ddd: 1,062 C# files gave no draft, and init then
    pointed to 'update --draft', which drafted nothing either; now both say why."""
    project = tmp_path / "dotnet"
    (project / "src" / "Meetings").mkdir(parents=True)
    for name in ("Meeting.cs", "MeetingGroup.cs"):
        (project / "src" / "Meetings" / name).write_text("namespace Meetings;\npublic class A {}\n")
    (project / "tools").mkdir()
    (project / "tools" / "gen.py").write_text("def main() -> None:\n    pass\n")
    init_base(project, "kb")
    report = run(project)
    assert report.not_drafted.startswith("code in C# (2) is counted, not drafted")
    assert "tools/gen.py" not in report.not_drafted
    assert codemap.not_drafted(["a.py", "b.ts", "README.md"]) == ""


def test_go_tests_run_under_the_build_tags_they_need_and_from_their_modules_folder() -> None:
    """fluxcd/flux2: half the tests of cmd/flux open on "//go:build unit" or "e2e", and
    tests/integration is a module of its own; the drafts said "go test ./..." for both."""
    import re

    from mdbrain.service import drafting

    test = '{0}package x\n\nimport "testing"\n\nfunc Test{1}(t *testing.T) {{}}\n'
    files = {
        "go.mod": "module example.com/x\n\ngo 1.22\n",
        "cmd/x/main.go": "package main\n\nfunc main() {}\n",
        "cmd/x/a_test.go": test.format("//go:build unit\n\n", "A"),
        "cmd/x/b_test.go": test.format("//go:build unit\n\n", "B"),
        "cmd/x/c_test.go": test.format("//go:build e2e\n\n", "C"),
        "cmd/x/h_test.go": test.format("//go:build e2e\n\n", "H"),
        "cmd/x/d_test.go": test.format("//go:build linux && amd64\n\n", "D"),
        "cmd/x/f_test.go": test.format("//go:build linux\n\n", "F"),  # a system: no tag
        "cmd/x/g_test.go": test.format("//go:build ignore\n\n", "G"),
        "tests/integration/go.mod": "module example.com/x/it\n\ngo 1.22\n",
        "tests/integration/e_test.go": test.format("", "E"),
    }
    _themes, drafts = drafting.plan_drafts(sorted(files), files, 240)
    said = {run for d in drafts for run in re.findall(r"`([^`]*go test[^`]*)`", str(d))}
    assert said == {
        "go test -tags=unit ./...",
        "go test -tags=e2e ./...",
        "go test ./...",  # "linux && amd64", "linux", "ignore": no tag to ask for
        "cd tests/integration && go test ./...",
    }


def test_units_named_alike_are_told_apart_by_their_folders_before_a_number() -> None:
    """thanos-io/thanos: pkg/discovery/cache/cache.go was drafted as "pkg/cache-cache-2",
    beside pkg/cache/cache.go's "pkg/cache-cache"."""
    from mdbrain.core import layout
    from mdbrain.core.facts import FileFacts

    paths = ["pkg/cache/cache.go", "pkg/discovery/cache/cache.go", "pkg/store/cache/cache.go"]
    units, _folders = layout.plan_units(
        [[FileFacts(path, "go")] for path in paths], paths, 1, fronts_apart=False
    )
    assert [(u.theme, u.slug) for u in units] == [
        ("pkg", "cache-cache"),
        ("pkg", "discovery-cache-cache"),
        ("pkg", "store-cache-cache"),
    ]


def test_headers_go_with_the_sources_of_the_c_family_most_files_are_in(tmp_path: Path) -> None:
    """electron/electron: its 391 .cc and 63 .mm files were "Other", and its 424 .h
    headers C, beside two C++ fixtures; the headers are C++, as the sources are."""
    project = tmp_path / "native"
    browser = project / "shell" / "browser"
    browser.mkdir(parents=True)
    for name in ("window.cc", "window.h", "menu.cc", "menu.h", "app.h", "mac.mm"):
        (browser / name).write_text("// native code\nint x = 0;\n")
    (project / "tools").mkdir()
    (project / "tools" / "probe.c").write_text("int main(void) { return 0; }\n")
    init_base(project, "kb")
    report = run(project)
    counts = dict(report.languages)
    assert counts["C++"] == 5 and counts["Objective-C++"] == 1 and counts["C"] == 1
    assert report.not_drafted.startswith(
        "code in C++ (5), Objective-C++ (1), C (1) is counted, not drafted"
    )
    # as many C sources as C++ ones: a header is C's
    assert codemap.header_language(["a.c", "b.cpp", "c.h"]) == "c"
    assert codemap.header_language(["a.cxx", "b.hh", "c.h"]) == "c++"
    assert codemap.language_of("x.h") == "c" and codemap.language_of("x.h", "c++") == "c++"


def test_tests_in_a_language_the_scan_does_not_read_are_not_counted_as_none(
    tmp_path: Path,
) -> None:
    """The C# solution's test drafts said "0 test files with 0 tests" over 281 NUnit
    tests, with an empty list under a heading."""
    project = tmp_path / "dotnet"
    (project / "tests" / "Meetings").mkdir(parents=True)
    for name in ("MeetingTests.cs", "GroupTests.cs"):
        (project / "tests" / "Meetings" / name).write_text("[Test]\npublic void A() {}\n")
    init_base(project, "kb")
    run(project)
    text = "\n".join(p.read_text(encoding="utf-8") for p in (project / "kb").rglob("*.md"))
    assert "Tests in tests/: 2 files, in C#, whose tests the scan does not count." in text
    assert "0 tests" not in text and "## Test files" not in text


def test_the_books_and_pages_of_a_projects_tests_are_no_documentation_to_import(
    tmp_path: Path,
) -> None:
    """rust-lang/mdBook: its 58 test books (tests/testsuite/..., tests/gui/books/...)
    were proposed as 'mdbrain import tests', 298 pages of fixtures."""
    from mdbrain.service.bootstrap import init_base
    from tests.test_import_mdx import _project

    files = {"guide/book.toml": "[book]\n", "src/main.rs": "fn main() {}\n"}
    files |= {f"guide/src/ch{n}.md": f"# Chapter {n}\n\nText.\n" for n in range(3)}
    for book in ("basic", "themes", "search"):
        files |= {f"tests/testsuite/{book}/src/p{n}.md": "# Page\n\nX.\n" for n in range(4)}
    files |= {f"ui/__testdata__/t{n}.md": "# T\n" for n in range(5)}
    # gohugoio/hugoDocs: the front matter new pages start from
    files |= {f"archetypes/{kind}.md": "---\ntitle: {{ .Name }}\n---\n" for kind in "abcde"}
    report = init_base(_project(tmp_path / "repo", files), "docs-rag")
    assert [p.folder for p in report.pages] == ["guide/src"]


def test_storybook_stories_are_tests_not_the_components_api() -> None:
    """thomvaill/log4brains: each component's draft listed its stories' exports as its
    public constants, and a story's sample Markdown gave an HTTP route."""
    assert codemap.kind_of("packages/web/src/components/Chip/Chip.stories.tsx") == "test"
    assert codemap.kind_of("src/Button.stories.js") == "test"
    assert codemap.kind_of("packages/web/src/components/Chip/Chip.tsx") == "code"


def test_mdx_pages_are_documentation_in_markdown_not_other_files() -> None:
    """facebook/docusaurus: init --scan counted its 760 .mdx pages as "Other"."""
    for path in ("website/docs/intro.mdx", "notes/plan.markdown"):
        assert codemap.kind_of(path) == "doc"
        assert codemap.language_of(path) == "markdown"


def test_the_repository_page_says_how_many_documentation_folders_it_leaves_unlisted(
    tmp_path: Path,
) -> None:
    """dotnet/csharplang: the page listed 30 of its 43 folders of proposals and said
    nothing of the 13 after them."""
    project = tmp_path / "lang"
    for n in range(35):
        for page in ("a", "b"):
            folder = project / "proposals" / f"v{n:02d}"
            folder.mkdir(parents=True, exist_ok=True)
            (folder / f"{page}.md").write_text(f"# {page}\n\nA proposal.\n", encoding="utf-8")
    (project / "app.py").write_text("def main() -> None:\n    pass\n", encoding="utf-8")
    init_base(project, "kb")
    run(project)
    page = (project / "kb" / "project" / "repository.md").read_text(encoding="utf-8")
    listed = page.split("## Documentation folders\n\n", 1)[1].split("\n\n", 1)[0].split("\n")
    assert len(listed) == 31 and listed[0].startswith("- `proposals/v00/`")
    assert listed[-1] == "- … and 5 more"


def test_a_readmes_sections_are_read_past_its_frontmatter() -> None:
    # Homebrew/brew: docs/README.md's closing "---" made a heading of the line above it,
    # and the scan listed 'last_review_date: "2026-06-08"' among its sections
    readme = '---\nlast_review_date: "2026-06-08"\n---\n\n# Documentation\n\n## Building\n'
    assert sections.readme_sections(readme) == ["- Documentation", "  - Building"]
    assert sections.readme_sections("# Plain\n") == ["- Plain"]
    # open-policy-agent/opa: "# ![logo](./logo/logo-144x144.png) Open Policy Agent"
    logo = "# ![logo](./logo/logo-144x144.png) Open Policy Agent\n\n## [Build](b.md)\n"
    assert sections.readme_sections(logo) == ["- Open Policy Agent", "  - Build"]


def _go_root(project: Path, lang: str) -> dict[str, document.Document]:
    """A Go module at the top of the repository (spf13/cobra): two big files drafted on
    their own, the rest of the folder together."""
    (project / "go.mod").parent.mkdir(parents=True, exist_ok=True)
    (project / "go.mod").write_text("module example.com/tool\n\ngo 1.22\n", encoding="utf-8")
    big = "".join(
        f"// Run{i} runs step {i}.\nfunc Run{i}() int {{ return {i} }}\n\n" for i in range(40)
    )
    (project / "command.go").write_text(f"package tool\n\n{big}", encoding="utf-8")
    (project / "completions.go").write_text(
        f"package tool\n\n{big.replace('Run', 'Complete')}", encoding="utf-8"
    )
    for name in ("args", "flags"):
        text = f"package tool\n\n// Check{name} checks {name}.\nfunc Check{name}() bool {{ return true }}\n"
        (project / f"{name}.go").write_text(text, encoding="utf-8")
    init_base(project, "kb", lang=lang)
    run(project)
    return documents(project / "kb")


@pytest.mark.parametrize(
    ("lang", "rest", "theme"),
    [
        (
            "en",
            "Files at the top of the repository: package and smaller modules",
            "Code at the top",
        ),
        ("fr", "Fichiers à la racine du dépôt : paquet et petits modules", "Code à la racine"),
    ],
)
def test_code_at_the_top_of_the_repository_is_titled_in_the_bases_language(
    tmp_path: Path, lang: str, rest: str, theme: str
) -> None:
    """spf13/cobra: the rest of the top folder was ".: package and smaller modules" under
    "Code in ./", in English whatever the base's language."""
    docs = _go_root(tmp_path / "tool", lang)
    titles = {d.meta["title"] for d in docs.values()}
    assert rest in titles
    assert any(t.startswith(theme) and "example.com/tool" in t for t in titles)
    assert not any(t.startswith((".", "Code in ./", "Code dans ./")) for t in titles)


def test_the_entry_points_page_says_only_what_it_found(tmp_path: Path) -> None:
    """spf13/cobra: "0 entry points, 5 CLI commands and 0 HTTP routes found in the code"."""
    project = tmp_path / "app"
    (project / "app").mkdir(parents=True)
    cli = (
        "import click\n\n\n@click.group()\ndef main() -> None:\n    pass\n\n\n"
        '@main.command()\ndef hello() -> None:\n    """Say hello."""\n'
    )
    (project / "app" / "cli.py").write_text(cli, encoding="utf-8")
    init_base(project, "kb")
    run(project)
    [entry] = [d for d in documents(project / "kb").values() if d.id.endswith("entry-points.md")]
    assert "0 " not in entry.meta["summary"] and "command" in entry.meta["summary"]


def _advice(project: Path, files: dict[str, str]) -> tuple[list[str], list[derived_pages.LeftOut]]:
    for rel, text in files.items():
        (project / rel).parent.mkdir(parents=True, exist_ok=True)
        (project / rel).write_text(text, encoding="utf-8")
    pages, left_out = scanning.import_advice(project, sorted(files))
    return [p.folder for p in pages], list(left_out)


def test_the_longest_pages_at_the_top_are_proposed_and_those_past_them_named(
    tmp_path: Path,
) -> None:
    """nodejs/TSC: six long pages beside its README, the first five by name proposed;
    WORKING_GROUPS.md, 357 lines, went unsaid while a page of 34 lines was listed."""

    def page(title: str, lines: int) -> str:
        return f"# {title}\n\n" + "".join(f"Line {n} of {title}.\n" for n in range(lines))

    sizes = {"Bounty.md": 34, "Funding.md": 95, "ONBOARDING.md": 61, "OpenSSL.md": 405,
             "Charter.md": 171, "WORKING_GROUPS.md": 357, "Travel.md": 2}  # fmt: skip
    files = {name: page(name, lines) for name, lines in sizes.items()}
    proposed, left_out = _advice(tmp_path / "tsc", {**files, "index.js": "run()\n"})
    assert proposed == ["Charter.md", "Funding.md", "ONBOARDING.md", "OpenSSL.md",
                        "WORKING_GROUPS.md"]  # fmt: skip
    [more] = left_out
    assert (more.folder, more.count) == (".", 1)
    assert "Bounty.md (36 lines)" in more.why and "'mdbrain import Bounty.md'" in more.why
    assert "Travel.md" not in more.why  # a stub is no page to propose, nor to count
    # as init prints it: the pages of the top are no folder "./"
    from click.testing import CliRunner

    from mdbrain.adapters.cli import cli

    done = CliRunner().invoke(cli, ["-C", str(tmp_path / "tsc"), "init", "--scan", "--dry-run"])
    assert "Left out: 1 page at the top, beyond the 5 longest pages" in done.output, done.output


def test_documentation_folders_inside_code_folders_are_proposed_too(tmp_path: Path) -> None:
    """alphagov/govuk-infrastructure: init named docs/ and README.md, never terraform/docs/
    (applying-terraform.md, tagging-guide.md), a docs folder inside a folder of code. Not
    those of vendored, generated or example code, nor hidden ones, nor a package named
    docs, nor one inside a folder proposed already; the richest first, the rest counted."""
    guide = "# Guide\n\nHow to do it.\n"
    files = {
        **{f"docs/p{n}.md": guide for n in range(4)},
        "docs/api/docs/inner.md": guide,  # in a folder proposed already
        "docs/api/docs/more.md": guide,
        "terraform/main.tf": 'resource "x" "y" {}\n',
        "terraform/docs/applying-terraform.md": guide,
        "terraform/docs/tagging-guide.md": guide,
        "terraform/docs/example-policy.json": "{}\n",
        "web/node_modules/lib/docs/a.md": guide,
        "web/node_modules/lib/docs/b.md": guide,
        "src/vendor/lib/docs/a.md": guide,
        "src/vendor/lib/docs/b.md": guide,
        "src/generated/docs/a.md": guide,
        "src/generated/docs/b.md": guide,
        "app/examples/docs/a.md": guide,
        "app/examples/docs/b.md": guide,
        "app/.cache/docs/a.md": guide,
        "app/.cache/docs/b.md": guide,
        "app/one/docs/README.md": guide,  # one page: a package's note
        "pkg/docs/__init__.py": "X = 1\n",  # a package named docs
        "pkg/docs/build.py": "Y = 2\n",
        "pkg/docs/render.py": "Z = 3\n",
        "pkg/docs/notes.md": guide,
        "pkg/docs/usage.md": guide,
        **{f"app/m{n}.py": f"X = {n}\n" for n in range(10)},
    }
    proposed, left_out = _advice(tmp_path / "infra", files)
    assert proposed == ["docs", "terraform/docs"]
    assert left_out == []
    many = {f"packages/p{n}/docs/{page}.md": guide for n in range(7) for page in "ab"}
    many |= {f"packages/p{n}/{m}.ts": "export const x = 1\n" for n in range(7) for m in "xyz"}
    many["packages/p3/docs/c.md"] = guide
    proposed, left_out = _advice(tmp_path / "mono", many)
    assert proposed[0] == "packages/p3/docs" and len(proposed) == scanning.NESTED_DOCS
    [more] = left_out
    assert (more.folder, more.count) == (".", 4)
    assert "packages/p5/docs/ (2 pages), packages/p6/docs/ (2 pages)" in more.why

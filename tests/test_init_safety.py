"""``init`` is safe on any repository: it never crashes, writes into no folder that serves
another purpose, and leaves nothing behind when it fails."""

from __future__ import annotations

import datetime as dt
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdbrain.adapters.cli import cli
from mdbrain.core.errors import UsageError
from mdbrain.service import bootstrap, scanning
from mdbrain.service.bootstrap import init_base, init_from_code

TODAY = dt.date(2026, 12, 1)
HAS_GIT = shutil.which("git") is not None
README_EN = (
    "# Tally\n\nTally counts the words of the files you give it and prints them by "
    "frequency, which is all it does.\n\n## Usage\n\nRun it with the files to count.\n"
)


def make(project: Path, files: dict[str, str], *, use_git: bool = True) -> Path:
    for rel, text in files.items():
        path = project / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    project.mkdir(parents=True, exist_ok=True)
    if use_git and HAS_GIT:
        git = ["git", "-C", str(project), "-c", "user.email=t@example.com", "-c", "user.name=t"]
        subprocess.run([*git, "init", "-q"], check=True)
        if files:
            subprocess.run([*git, "add", "-A"], check=True)
            subprocess.run([*git, "-c", "commit.gpgsign=false", "commit", "-qm", "x"], check=True)
    return project


def snapshot(project: Path) -> dict[str, bytes | None]:
    """Every path under the project (git's own folder left out), with a file's bytes."""
    found: dict[str, bytes | None] = {}
    for path in sorted(project.rglob("*")):
        rel = path.relative_to(project).as_posix()
        if rel == ".git" or rel.startswith(".git/"):
            continue
        found[rel] = path.read_bytes() if path.is_file() else None
    return found


def scan(project: Path, root: str = "docs-rag", **options: object) -> scanning.ScanReport:
    _started, report = init_from_code(project, root, today=TODAY, **options)  # type: ignore[arg-type]
    return report


# --- no crash, on any kind of repository ------------------------------------------------


def test_an_empty_repository_gets_a_base_without_a_crash(tmp_path: Path) -> None:
    project = make(tmp_path / "empty", {})
    report = scan(project)
    assert report.errors == 0 and report.themes == ("project",)
    assert (project / ".rag").is_file() and (project / "docs-rag" / "INDEX.md").is_file()


def test_a_root_left_with_only_what_mdbrain_derives_is_scanned_into(tmp_path: Path) -> None:
    """Zed's trial: a base whose pages were removed kept its ignored cache
    (docs-rag/.mdbrain/), and init --scan stopped on "Directory not empty"."""
    project = make(tmp_path / "p", {"app.py": "def run() -> None:\n    pass\n"})
    cache = project / "docs-rag" / ".mdbrain"
    cache.mkdir(parents=True)
    (cache / "state.json").write_text("{}", encoding="utf-8")
    (project / "docs-rag" / "INDEX.md").write_text("# old index\n", encoding="utf-8")
    (project / "docs-rag" / "empty-theme").mkdir()
    report = scan(project)
    assert report.errors == 0 and report.documents
    assert "old index" not in (project / "docs-rag" / "INDEX.md").read_text(encoding="utf-8")
    assert not (project / "docs-rag" / "empty-theme").exists()
    assert not list(tmp_path.glob("p/.docs-rag.*"))  # no stage left beside it


@pytest.mark.skipif(not HAS_GIT, reason="needs git")
def test_init_warns_when_git_ignores_the_base(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Homebrew/brew's .gitignore opens on "/*": .rag and docs-rag were never to be
    # committed, and init said nothing (only doctor did)
    project = make(tmp_path / "brew", {".gitignore": "/*\n!/.gitignore\n!/src\n"})
    assert init_base(project, dry_run=True).ignored == (".rag", "docs-rag")
    monkeypatch.chdir(project)
    printed = CliRunner().invoke(cli, ["init", "--no-agents"]).output
    assert "Warning: git ignores .rag and docs-rag" in printed and "'!/docs-rag'" in printed
    plain = make(tmp_path / "plain", {".gitignore": "*.log\n"})
    assert init_base(plain).ignored == ()


def test_a_repository_of_documents_only_gets_a_project_theme(tmp_path: Path) -> None:
    project = make(tmp_path / "notes", {"README.md": README_EN, "guide/setup.md": "# Setup\n"})
    report = scan(project)
    assert report.errors == 0 and report.themes == ("project",)
    overview = (project / "docs-rag" / "project" / "overview.md").read_text(encoding="utf-8")
    assert "Tally counts the words of the files you give it" in overview


def test_shell_scripts_without_a_suffix_are_drafted_as_infrastructure(tmp_path: Path) -> None:
    deploy = (
        "#!/usr/bin/env bash\n# Copy the build to the server.\nset -e\nrsync -a out/ web:/srv\n"
    )
    project = make(tmp_path / "ops", {"bin/deploy": deploy, "bin/notes": "not a script\n"})
    report = scan(project)
    assert report.errors == 0 and "infrastructure" in report.themes
    draft = (project / "docs-rag" / "infrastructure" / "shell-bin.md").read_text("utf-8")
    assert "Copy the build to the server." in draft and "`rsync -a out/ web:/srv`" in draft
    assert "bin/notes" not in draft


def test_a_terraform_only_repository_gets_an_infrastructure_theme(tmp_path: Path) -> None:
    main = 'resource "aws_s3_bucket" "logs" {\n  bucket = var.name\n}\n'
    variables = 'variable "name" {\n  description = "Name of the bucket"\n  type = string\n}\n'
    project = make(tmp_path / "tf", {"main.tf": main, "variables.tf": variables})
    report = scan(project)
    assert report.errors == 0 and report.themes == ("infrastructure", "project")
    draft = (project / "docs-rag" / "infrastructure" / "terraform.md").read_text("utf-8")
    assert (
        "`aws_s3_bucket.logs`" in draft and '`variable "name": string`: Name of the bucket' in draft
    )


# --- a root that serves another purpose is left alone ---------------------------------------

MKDOCS = {
    "mkdocs.yml": "site_name: Tally\n",
    "docs/index.md": "# Tally\n\nThe documentation of Tally, built with MkDocs.\n",
    "docs/usage.md": "# Usage\n\nRun it.\n",
    "docs/faq.md": "# FAQ\n\nAsk.\n",
    "tally.py": '"""Count words."""\n\n\ndef count(text: str) -> int:\n    return 1\n',
}


def test_an_mkdocs_site_in_docs_is_left_untouched_by_the_default_root(tmp_path: Path) -> None:
    project = make(tmp_path / "site", MKDOCS)
    docs_before = {p: b for p, b in snapshot(project).items() if p.startswith("docs/")}
    report = scan(project)
    assert report.errors == 0 and (project / "docs-rag" / "application" / "tally.md").is_file()
    assert {p: b for p, b in snapshot(project).items() if p.startswith("docs/")} == docs_before
    assert [(p.folder, p.count, p.site.tool if p.site else "") for p in report.pages] == [
        ("docs", 3, "MkDocs")
    ]


@pytest.mark.parametrize("dry_run", [False, True])
def test_init_refuses_a_root_that_holds_a_docs_site_and_proposes_import(
    tmp_path: Path, dry_run: bool
) -> None:
    project = make(tmp_path / "site", MKDOCS)
    before = snapshot(project)
    with pytest.raises(UsageError) as refused:
        scan(project, "docs", dry_run=dry_run)
    message = str(refused.value)
    assert "MkDocs" in message and "mdbrain import docs" in message
    assert "mdbrain init docs-rag" in message
    assert snapshot(project) == before


def test_plain_init_refuses_markdown_not_written_for_mdbrain(tmp_path: Path) -> None:
    project = make(tmp_path / "wiki", {"wiki/home.md": "# Home\n\nOld pages.\n"})
    before = snapshot(project)
    with pytest.raises(UsageError, match=r"1 Markdown pages not written for mdbrain.*import wiki"):
        init_base(project, "wiki")
    assert snapshot(project) == before


def test_plain_init_adopts_a_folder_of_mdbrain_documents_without_a_marker(tmp_path: Path) -> None:
    page = (
        "---\ntitle: A rule\nsummary: One rule.\ntype: rule\nstatus: stable\ntags: [x]\n"
        "updated: 2026-11-01\n---\n\n# A rule\n"
    )
    project = make(tmp_path / "kb", {"kb/rules/a-rule.md": page})
    report = init_base(project, "kb")
    assert report.wrote_marker and (project / ".rag").is_file()


def test_the_cli_defaults_to_docs_rag_and_refuses_a_site_with_exit_code_2(tmp_path: Path) -> None:
    project = make(tmp_path / "site", MKDOCS)
    runner = CliRunner()
    done = runner.invoke(cli, ["-C", str(project), "init", "docs", "--scan", "--dry-run"])
    assert done.exit_code == 2 and "mdbrain import docs" in done.output
    done = runner.invoke(cli, ["-C", str(project), "init"])
    assert done.exit_code == 0, done.output
    assert "root: docs-rag" in (project / ".rag").read_text(encoding="utf-8")


def test_plain_init_points_at_the_documentation_outside_the_base(tmp_path: Path) -> None:
    project = make(tmp_path / "site", MKDOCS)
    done = CliRunner().invoke(cli, ["-C", str(project), "init", "--no-agents"])
    assert done.exit_code == 0, done.output
    assert "Documentation outside the base: docs/ (MkDocs site, 3 pages)" in done.output
    assert "Next: 'mdbrain import docs', or add documents" in done.output
    bare = make(tmp_path / "bare", {"tally.py": MKDOCS["tally.py"]})
    report = init_base(bare, "docs-rag")
    assert report.pages == ()  # nothing to import: the plain advice


def test_plain_init_proposes_the_folder_with_the_most_pages(tmp_path: Path) -> None:
    # as on redux-toolkit: website/ holds one page, docs/ sixty-nine
    pages = {f"docs/page-{n}.md": f"# Page {n}\n\nText {n}.\n" for n in range(5)}
    site = {"website/docusaurus.config.js": "module.exports = {};\n", "website/blog.md": "# Blog\n"}
    project = make(tmp_path / "two", {**site, **pages})
    done = CliRunner().invoke(cli, ["-C", str(project), "init", "--no-agents"])
    assert done.exit_code == 0, done.output
    assert "Next: 'mdbrain import docs', or add documents" in done.output


def test_init_folds_top_level_folders_of_languages_into_the_bases_one(tmp_path: Path) -> None:
    """expressjs/expressjs.com keeps its Jekyll pages in en/, fr/, ja/... at its top:
    init proposed ten imports as equals."""
    page = "# Routing\n\nHow the app routes a request to its handler.\n"
    files = {"app.js": "module.exports = {};\n", "_config.yml": "title: x\n"}
    for code in ("en", "fr", "ja", "zh-cn"):
        files |= {f"{code}/guide/{name}.md": page for name in ("routing", "errors", "proxy")}
    files |= {"2x/guide/routing.md": page, "2x/guide/errors.md": page, "2x/api.md": page}
    project = make(tmp_path / "jekyll", files)
    done = CliRunner().invoke(cli, ["-C", str(project), "init", "--no-agents"])
    assert done.exit_code == 0, done.output
    assert "Documentation outside the base: en/ (3 pages)" in done.output
    assert "Its translations are left out: fr/, ja/, zh-cn/." in done.output
    assert "'mdbrain import fr'" not in done.output


def test_init_reads_the_language_of_the_pages_when_the_readme_says_too_little(
    tmp_path: Path,
) -> None:
    """betagouv's community guide is a GitBook site at the top of its repository, its
    README cards and tables: init read only the README and set the base to English."""
    readme = '<table data-view="cards"><tr><td><a href="guide/">Guide</a></td></tr></table>\n'
    page = (
        "# Les congés\n\nLes congés sont posés dans l'outil de l'équipe, et le coach en est\n"
        "informé par un message sur le canal de la startup avant la date du départ.\n"
    )
    files = {"README.md": readme, "SUMMARY.md": "* [Guide](guide/conges.md)\n"}
    files |= {f"guide/page-{n}.md": page for n in range(4)}
    project = make(tmp_path / "gitbook", files)
    assert bootstrap.project_lang(project) == "fr"
    assert init_base(project, "docs-rag").lang == "fr"


def test_init_proposes_the_pages_in_the_bases_language_and_names_the_translations(
    tmp_path: Path,
) -> None:
    page = "# Async\n\nHow the framework awaits a request.\n"
    files = {"app.py": "def run() -> None:\n    pass\n"}
    for code in ("en", "de", "es", "fr", "ja", "ko"):
        files |= {f"docs/{code}/docs/{name}.md": page for name in ("index", "async", "deploy")}
    project = make(tmp_path / "multi", files)
    done = CliRunner().invoke(cli, ["-C", str(project), "init", "--no-agents", "--lang", "fr"])
    assert done.exit_code == 0, done.output
    assert "Documentation outside the base: docs/fr/ (3 pages)" in done.output
    assert "Its translations are left out: docs/de/, docs/en/, docs/es/, docs/ja/ and 1 more." in (
        done.output
    )


def test_init_proposes_the_newest_version_of_the_pages_and_names_the_others(
    tmp_path: Path,
) -> None:
    page = "# Options\n\nHow a test run is set up.\n"
    files = {"Makefile": "docs:\n\thugo\n"}
    for version in ("v0.9.x", "v1.0.x", "v1.1.x", "v2.0.x", "v2.1.x", "next"):
        files |= {f"docs/sources/k6/{version}/{name}.md": page for name in ("a", "b", "c")}
    project = make(tmp_path / "versions", files)
    done = CliRunner().invoke(cli, ["-C", str(project), "init", "--no-agents"])
    assert done.exit_code == 0, done.output
    assert "Documentation outside the base: docs/sources/k6/v2.1.x/ (3 pages)" in done.output
    assert (
        "Its other versions are left out: docs/sources/k6/v2.0.x/, docs/sources/k6/v1.1.x/,"
        " docs/sources/k6/v1.0.x/, docs/sources/k6/v0.9.x/ and 1 more."
    ) in done.output


def test_init_points_first_at_the_folder_holding_most_of_the_pages(tmp_path: Path) -> None:
    # as in kubernetes/enhancements: each proposal a README.md beside its metadata file
    proposals = {f"keps/sig-{n % 3}/{n}-idea/README.md": f"# Idea {n}\n" for n in range(30)}
    proposals.update({f"keps/sig-{n % 3}/{n}-idea/kep.yaml": "title: x\n" for n in range(30)})
    proposals.update({f"keps/sig-{n % 3}/{n}-idea/flow.png": "png" for n in range(10)})
    files = {**proposals, **{f"docs/page-{n}.md": "# Page\n" for n in range(3)}}
    files.update({f"src/mod{n}.py": "x = 1\n" for n in range(9)} | {"src/README.md": "# Src\n"})
    project = make(tmp_path / "keps", files)
    report = init_base(project, "docs-rag")
    assert [(p.folder, p.count) for p in report.pages] == [("keps", 30), ("docs", 3)]


def test_a_project_that_cannot_be_listed_still_gets_its_base(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.service import scanning

    def unreadable(_project: Path, _root: Path) -> list[str]:
        raise PermissionError(13, "Permission denied", "secret-folder")

    monkeypatch.setattr(scanning, "project_files", unreadable)
    project = make(tmp_path / "site", MKDOCS)
    report = init_base(project, "docs-rag")
    assert report.wrote_marker and report.pages == ()


# --- an existing base: nothing written, update proposed ----------------------------------------


def test_an_existing_base_is_left_as_it_is_and_update_is_proposed(tmp_path: Path) -> None:
    project = make(tmp_path / "app", {"tally.py": MKDOCS["tally.py"]}, use_git=False)
    scan(project)
    (project / "extra").mkdir()
    (project / "extra" / "more.py").write_text(
        '"""More code."""\n\n\ndef more() -> int:\n    return 2\n'
    )
    before = snapshot(project)
    report = scan(project)
    assert report.existing and "mdbrain update --draft" in report.next_step
    assert "extra/more.md" in report.documents
    assert snapshot(project) == before
    runner = CliRunner()
    done = runner.invoke(cli, ["-C", str(project), "init", "--scan"])
    assert done.exit_code == 0 and "wrote 0 draft documents" in done.output
    assert snapshot(project) == before


# --- a failure on the way leaves nothing behind ---------------------------------------------------


def test_a_failure_during_the_scan_leaves_nothing_behind(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make(tmp_path / "app", {"tally.py": MKDOCS["tally.py"], "README.md": README_EN})
    before = snapshot(project)

    def broken(*_args: object, **_kwargs: object) -> None:
        raise OSError("the disk is full")

    monkeypatch.setattr(scanning.checking, "check", broken)
    with pytest.raises(OSError, match="disk is full"):
        scan(project)
    assert snapshot(project) == before


def test_a_failure_writing_the_marker_removes_the_drafts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make(tmp_path / "app", {"tally.py": MKDOCS["tally.py"]})
    before = snapshot(project)
    write = bootstrap.files.write

    def refuse_marker(folder: Path, rel: str, data: bytes | str) -> Path:
        if rel == ".rag":
            raise KeyboardInterrupt
        return write(folder, rel, data)

    monkeypatch.setattr(bootstrap.files, "write", refuse_marker)
    with pytest.raises(KeyboardInterrupt):
        scan(project, "notes/kb")
    assert snapshot(project) == before
    with pytest.raises(KeyboardInterrupt):
        init_base(project, "notes/kb")
    assert snapshot(project) == before


def test_a_hand_written_marker_with_an_empty_root_gets_the_drafts(tmp_path: Path) -> None:
    project = make(tmp_path / "app", {"tally.py": MKDOCS["tally.py"]})
    marker = 'version: "1"\nroot: ./docs-rag\nlang: fr\n'
    (project / ".rag").write_text(marker, encoding="utf-8")
    (project / "docs-rag").mkdir()
    report = scan(project)
    assert not report.existing and report.errors == 0 and report.lang == "fr"
    assert (project / ".rag").read_text(encoding="utf-8") == marker
    assert not [p for p in os.listdir(project) if p.endswith(".partial")]


def test_a_long_readme_is_proposed_for_import_and_a_short_one_is_not(tmp_path: Path) -> None:
    # from sharkdp/fd: all of its documentation is a README of 790 lines
    usage = "".join(f"- `--flag-{n}`: what flag {n} does.\n" for n in range(120))
    project = make(tmp_path / "tool", {"README.md": f"# Tool\n\n## Usage\n\n{usage}",
                                       "src/tool.py": "def main() -> None:\n    pass\n"})  # fmt: skip
    done = CliRunner().invoke(cli, ["-C", str(project), "init", "--scan", "--no-agents"])
    assert done.exit_code == 0, done.output
    assert (
        "Documentation outside the base: README.md (124 lines); "
        "'mdbrain import README.md' brings it in as a draft."
    ) in done.output
    short = make(tmp_path / "short", {"README.md": "# Tool\n\nRun it.\n"})
    assert init_base(short, "docs-rag").pages == ()
    both = make(tmp_path / "both", {**MKDOCS, "README.md": f"# Tool\n\n{usage}"})
    assert [(p.folder, p.lines) for p in init_base(both, "docs-rag").pages] == [
        ("docs", 0),
        ("README.md", 122),
    ]


def test_pages_of_their_own_at_the_top_are_proposed_one_by_one(tmp_path: Path) -> None:
    """swift-evolution: process.md and commonly_proposed.md sit beside proposals/, and no
    folder's import brings them in; init named the folders alone. A short README, the
    community files but CONTRIBUTING.md (how to work on the project: Textual's), a stub
    and a template are not proposed."""
    prose = "".join(f"Step {n} of the review process.\n" for n in range(30))
    proposals = {f"proposals/{n:04}-p.md": f"# P{n}\n\nText.\n" for n in range(1, 25)}
    project = make(
        tmp_path / "evolution",
        {
            **proposals,
            "process.md": f"# Process\n\n{prose}",
            "commonly_proposed.md": f"# Commonly proposed\n\n{prose}",
            "stub.md": "# Moved\n\nSee process.md.\n",
            "0000-template.md": f"# Title\n\n{prose}",  # getsentry/rfcs': a form to copy
            "README.md": "# Evolution\n\nProposals live here.\n",
            "CONTRIBUTING.md": f"# Contributing\n\n{prose}",
        },
    )
    proposed = [(p.folder, p.lines) for p in init_base(project, "docs-rag").pages]
    assert proposed == [
        ("proposals", 0), ("CONTRIBUTING.md", 32), ("commonly_proposed.md", 32),
        ("process.md", 32),
    ]  # fmt: skip


def test_short_pages_at_the_top_do_not_use_up_the_pages_proposed(tmp_path: Path) -> None:
    """The cap on the pages at the top counts those long enough to propose: five stubs
    named first once hid the one page of prose after them. Seven long pages give five."""
    prose = "".join(f"Line {n} of the guide.\n" for n in range(30))
    stubs = {f"{c}-note.md": f"# {c}\n\nSee the guide.\n" for c in "abcdef"}
    project = make(tmp_path / "few", {**stubs, "guide.md": f"# Guide\n\n{prose}"})
    assert [p.folder for p in init_base(project, "docs-rag").pages] == ["guide.md"]
    long_pages = {f"{c}-guide.md": f"# {c}\n\n{prose}" for c in "abcdefg"}
    two_stubs = {name: stubs[name] for name in ("a-note.md", "b-note.md")}
    project = make(tmp_path / "many", {**two_stubs, **long_pages})
    proposed = [p.folder for p in init_base(project, "docs-rag").pages]
    assert len(proposed) == scanning.TOP_PAGES
    assert set(proposed) <= set(long_pages)


def test_a_repository_of_documents_proposes_its_readme_not_its_generated_index(
    tmp_path: Path,
) -> None:
    """dotnet/designs and Kotlin/KEEP: a README of 32 and 81 lines says how proposals are
    written and decided, and init named the folders alone; dotnet/designs' INDEX.md,
    "auto-generated" by its update-index script, was proposed instead."""
    guide = "".join(f"Step {n} of writing a proposal.\n" for n in range(30))
    designs = {f"accepted/2024/d{n}.md": f"# D{n}\n\nA design.\n" for n in range(6)}
    index = "<!--\n\nThis file is auto-generated. Direct changes to it may be lost.\n\n-->\n\n"
    project = make(
        tmp_path / "designs",
        {
            **designs,
            "README.md": f"# Designs\n\n{guide}",
            "INDEX.md": index + "".join(f"- [D{n}](accepted/2024/d{n}.md)\n" for n in range(30)),
            "tools/update_index.py": "print('index')\n",
        },
    )
    proposed = [p.folder for p in init_base(project, "docs-rag").pages]
    assert proposed == ["accepted", "README.md"]
    # a project of code keeps the bar for its README: its pages are a small share
    code = {f"src/m{n}.py": f"X = {n}\n" for n in range(20)}
    project = make(tmp_path / "app", {**designs, **code, "README.md": f"# App\n\n{guide}"})
    assert "README.md" not in [p.folder for p in init_base(project, "docs-rag").pages]


def test_the_pages_of_vendored_dependencies_are_not_proposed(tmp_path: Path) -> None:
    """nodejs/node: init proposed deps/ (131 pages of V8, npm and acorn) first."""
    vendored = {f"deps/v8/docs/p{n}.md": f"# V8 {n}\n\nText.\n" for n in range(8)}
    own = {f"doc/api/p{n}.md": f"# API {n}\n\nText.\n" for n in range(5)}
    project = make(tmp_path / "node", {**vendored, **own, "src/node.cc": "int main() {}\n"})
    assert [p.folder for p in init_base(project, "docs-rag").pages] == ["doc"]


def test_an_impl_ref_left_out_is_said_maybe_a_symbol_not_a_file(tmp_path: Path) -> None:
    """vitejs/vite: "impl_refs left out (not found): ...importMetaResolver.ts#resolve", a
    file that exists, whose function the scanner saw inside a template string."""
    resolver = (
        "export const source = `\nexport async function resolve(specifier) {\n"
        "  return specifier\n}\n`\n\nexport function build(name: string): string {\n"
        "  return name\n}\n"
    )
    project = make(
        tmp_path / "app",
        {
            "package.json": '{"name": "app", "version": "1.0.0"}\n',
            "src/resolver.ts": resolver,
            "src/main.ts": "import { build } from './resolver'\n"
            "export function run(): string {\n  return build('a')\n}\n",
        },
    )
    done = CliRunner().invoke(
        cli, ["-C", str(project), "init", "--scan", "--dry-run", "--no-agents"]
    )
    assert done.exit_code == 0, done.output
    said = [line for line in done.output.splitlines() if line.startswith("impl_refs left out")]
    assert said == [
        "impl_refs left out (no such file, or no such symbol in it): src/resolver.ts#resolve"
    ]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_the_base_scan_creates_gets_the_permissions_the_umask_gives(tmp_path: Path) -> None:
    project = make(tmp_path / "app", {"tally.py": MKDOCS["tally.py"]}, use_git=False)
    old = os.umask(0o022)
    try:
        scan(project)
        (project / "own").mkdir()
    finally:
        os.umask(old)
    mode = (project / "docs-rag").stat().st_mode & 0o777
    assert mode == (project / "own").stat().st_mode & 0o777 == 0o755


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_an_empty_root_scan_fills_keeps_its_permissions(tmp_path: Path) -> None:
    project = make(tmp_path / "app", {"tally.py": MKDOCS["tally.py"]}, use_git=False)
    (project / ".rag").write_text('version: "1"\nroot: ./docs-rag\n', encoding="utf-8")
    (project / "docs-rag").mkdir()
    (project / "docs-rag").chmod(0o750)
    scan(project)
    assert (project / "docs-rag").stat().st_mode & 0o777 == 0o750


def test_plain_init_with_dry_run_writes_nothing_and_says_what_it_would(tmp_path: Path) -> None:
    # "init --dry-run" without --scan wrote the marker, the root and AGENTS.md
    project = make(tmp_path / "site", MKDOCS)
    before = snapshot(project)
    result = CliRunner().invoke(cli, ["-C", str(project), "init", "--dry-run"])
    assert result.exit_code == 0, result.output
    assert snapshot(project) == before
    assert f"Would write {project / '.rag'}" in result.output
    assert f"Would create knowledge root {project / 'docs-rag'}" in result.output
    assert "Would add the pointer to the base in AGENTS.md" in result.output
    assert "'mdbrain import docs' brings it in" in result.output
    written = CliRunner().invoke(cli, ["-C", str(project), "init"])
    assert written.exit_code == 0 and (project / ".rag").is_file()

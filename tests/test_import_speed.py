"""Import on a large source: links resolved from listings of the project's folders, a
link whose case is wrong followed to the one file it names, the second opinion on
secrets asked once per distinct line, pages composed again only when they name a page
the guard refused, and each phase named on the progress line."""

from __future__ import annotations

import io
import os
import posixpath
import re
from pathlib import Path
from typing import Any

import pytest

from mdbrain.adapters import progress as shown_progress
from mdbrain.core import import_plan
from mdbrain.core.progress import counted, phase
from mdbrain.service import importing
from mdbrain.service.brain import Brain
from mdbrain.store import secret_scan
from tests.conftest import MakeBase
from tests.test_import_meaning import TODAY, pages, run_import

# --- links whose case is wrong ----------------------------------------------------------


def test_a_link_in_the_wrong_case_leads_to_the_one_file_that_matches(
    make_base: MakeBase,
) -> None:
    # PowerShell-Docs: "./about/about_Remote_Troubleshooting.md" for a folder "About/"
    root = make_base({})
    source = pages(
        root.parent / "docs",
        {
            "guide.md": "# Guide\n\nSee [the partial](./about/_shared.md#part), "
            "[the script](../tools/BUILD.PS1) and ![logo](Media/logo.PNG).\n",
            "About/_Shared.md": "# Shared\n\nIncluded by pages.\n",
        },
    )
    pages(root.parent, {"tools/build.ps1": "Write-Host 1\n"})
    (source / "media").mkdir()
    (source / "media" / "Logo.png").write_bytes(b"\x89PNG")
    report = run_import(root, source)
    assert not report.broken_links
    assert sorted((c.target, c.path) for c in report.code_links) == [
        ("../tools/BUILD.PS1", "tools/build.ps1"),
        ("./about/_shared.md#part", "docs/About/_Shared.md"),
        ("Media/logo.PNG", "docs/media/Logo.png"),
    ]
    text = (root / report.imported["guide.md"]).read_text(encoding="utf-8")
    assert "[the partial](../docs/About/_Shared.md#part)" in text
    assert "[the script](../tools/build.ps1)" in text
    assert "![logo](../docs/media/Logo.png)" in text


def test_a_link_in_the_wrong_case_is_not_followed_when_several_files_match(
    make_base: MakeBase, tmp_path: Path
) -> None:
    probe = tmp_path / "Probe"
    probe.mkdir()
    if (tmp_path / "probe").exists():
        pytest.skip("this file system does not tell names apart by case")
    root = make_base({})
    source = pages(
        root.parent / "docs",
        {
            "guide.md": "# Guide\n\nSee [a](./_Notes.md) and [b](./_notes.md) and [c](./_NOTES.md).\n",
            "_Notes.md": "# Notes\n\nOne.\n",
            "_notes.md": "# Notes\n\nTwo.\n",
        },
    )
    report = run_import(root, source)
    # as written, each of the first two leads to its own file; the third to none
    assert sorted(c.path for c in report.code_links) == ["docs/_Notes.md", "docs/_notes.md"]
    assert [b.target for b in report.broken_links] == ["./_NOTES.md"]


def test_a_link_is_first_read_as_written_wherever_a_site_may_serve_it(
    make_base: MakeBase,
) -> None:
    # "/img/a.png" is the project's img/a.png as written, not the source's Img/A.png
    root = make_base({})
    source = pages(root.parent / "docs", {"guide.md": "# Guide\n\n![a](/img/a.png)\n"})
    (source / "Img").mkdir()
    (source / "Img" / "A.png").write_bytes(b"\x89PNG")
    (root.parent / "img").mkdir()
    (root.parent / "img" / "a.png").write_bytes(b"\x89PNG")
    report = run_import(root, source)
    assert [c.path for c in report.code_links] == ["img/a.png"]


def test_a_link_in_the_wrong_case_never_leads_into_the_knowledge_root(
    make_base: MakeBase,
) -> None:
    root = make_base({"kept.md": "# Kept\n"})
    source = pages(root.parent / "docs", {"guide.md": "# Guide\n\n[k](../KB/Kept.md)\n"})
    report = run_import(root, source)
    assert not report.code_links
    assert [b.target for b in report.broken_links] == ["../KB/Kept.md"]


def test_a_link_through_a_symbolic_link_is_still_asked_of_the_disk(
    make_base: MakeBase,
) -> None:
    root = make_base({"kept.md": "# Kept\n"})
    source = pages(root.parent / "docs", {"guide.md": "# Guide\n\n![k](static/a.png)\n"})
    (root / "a.png").write_bytes(b"\x89PNG")
    (source / "static").symlink_to(root)  # into the knowledge root: not followed
    pages(root.parent, {"assets/b.png": "png"})
    (source / "assets").symlink_to(root.parent / "assets")
    (source / "guide.md").write_text(
        "# Guide\n\n![k](static/a.png) ![b](assets/b.png)\n", encoding="utf-8"
    )
    report = run_import(root, source)
    assert [c.path for c in report.code_links] == ["docs/assets/b.png"]
    assert [b.target for b in report.broken_links] == ["static/a.png"]


# --- one listing per folder --------------------------------------------------------------


def test_each_folder_a_link_leads_into_is_listed_once(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_base({})
    images = "\n".join(f"![{n}](../assets/img-{n}.png)" for n in range(40))
    source = pages(
        root.parent / "docs", {f"page-{n}.md": f"# Page {n}\n\n{images}\n" for n in range(5)}
    )
    pages(root.parent, {f"assets/img-{n}.png": "png" for n in range(40)})
    listed: list[str] = []
    scandir = os.scandir

    def listing(path: Any = ".") -> Any:
        listed.append(os.fspath(path))
        return scandir(path)

    monkeypatch.setattr(importing.os, "scandir", listing)
    report = run_import(root, source, dry_run=True)
    assert len(report.code_links) == 200
    assets = str(root.parent.resolve() / "assets")
    assert listed.count(assets) == 1


# --- the second opinion on secrets -------------------------------------------------------


def test_detect_secrets_asked_ahead_answers_as_asking_each_text_would() -> None:
    if not secret_scan.available():
        pytest.skip("detect-secrets is not installed")
    key = "wJalrXUtnFEMI/K7MDENG/" + "bPxRfiCYEXAMPLEKEY"
    texts = [
        "# A\n\nThe password is set by the admin.\n",
        "# B\n\nThe password is set by the admin.\n",  # the same line, another text
        f"# C\n\naws_secret_access_key = '{key}'\nmore\naws_secret_access_key = '{key}'\n",
        "x" * 3000 + f' api_key="{key}" ' + "y" * 2000 + "\n",  # windows of a long line
        "# D\n\nNothing worth asking here.\n",
        "   \n",
    ]
    expected = [secret_scan._ask(text) for text in texts]
    assert expected[2] and expected[3]
    with secret_scan.asked_ahead(texts):
        assert [secret_scan.findings(text) for text in texts] == expected
    assert not secret_scan._READY


def test_a_text_with_nothing_worth_asking_about_is_not_given_to_detect_secrets(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    if not secret_scan.available():
        pytest.skip("detect-secrets is not installed")
    given: list[str] = []
    scanned = secret_scan._scanned

    def scanning(text: str) -> list[secret_scan.Finding]:
        given.append(text)
        return scanned(text)

    monkeypatch.setattr(secret_scan, "_scanned", scanning)
    assert secret_scan._ask("# Title\n\nPlain words only.\n") == []
    with secret_scan.asked_ahead(["# A\n\nPlain.\n", "# B\n\nThe password is long.\n"] * 3):
        pass
    assert given == ["The password is long.\n"]


# --- composing again ------------------------------------------------------------------------


def test_only_the_pages_naming_a_refused_page_are_composed_again(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_base({})
    texts = {
        "cli.md": "# CLI\n\nSee [the configuration](configuration.md#roots).\n",
        "configuration.md": "# Configuration\n\nReach ana.martin@corp.fr for access.\n",
        "intro.md": "# Intro\n\nRead [CLI](cli.md) and [configuration](./configuration).\n",
        **{f"other-{n}.md": f"# Other {n}\n\nSee [CLI](cli.md).\n" for n in range(4)},
    }
    source = pages(root.parent / "docs", texts)
    composed: list[str] = []
    compose = import_plan.compose

    def composing(plan: import_plan.Plan, page: Any) -> str:
        composed.append(page.path)
        return compose(plan, page)

    monkeypatch.setattr(import_plan, "compose", composing)
    report = run_import(root, source)
    assert [s.source for s in report.stopped] == ["configuration.md"]
    assert sorted(report.imported) == ["cli.md", "intro.md", *(f"other-{n}.md" for n in range(4))]
    assert composed[len(texts) :] == ["cli.md", "intro.md"]
    assert not report.broken_links
    assert ("cli.md", "docs/configuration.md") in {(c.source, c.path) for c in report.code_links}
    cli = (root / report.imported["cli.md"]).read_text(encoding="utf-8")
    assert "[the configuration](../docs/configuration.md#roots)" in cli
    other = (root / report.imported["other-0.md"]).read_text(encoding="utf-8")
    assert "[CLI](cli.md)" in other


def test_a_page_leading_to_a_refused_page_without_naming_it_is_composed_again(
    make_base: MakeBase,
) -> None:
    """``[back](./)`` names no page, yet leads to the folder's README: its first text
    links the README's new file, so it is composed again once the README is refused."""
    root = make_base({})
    texts = {
        "guide/README.md": "# Guide\n\nReach ana.martin@corp.fr for access.\n",
        "guide/intro.md": "# Intro\n\nGo [back](./) to the start.\n",
        "other.md": "# Other\n\nNothing here.\n",
    }
    source = pages(root.parent / "docs", texts)
    report = run_import(root, source)
    assert [s.source for s in report.stopped] == ["guide/README.md"]
    intro = (root / report.imported["guide/intro.md"]).read_text(encoding="utf-8")
    ids = set(report.imported.values())
    for target in re.findall(r"\]\(([^)#]+)", intro):
        resolved = posixpath.normpath(posixpath.join("guide", target))
        assert resolved in ids or not resolved.endswith(".md"), (target, intro)


def test_which_pages_name_a_page() -> None:
    from mdbrain.core import conversion

    def page(path: str, text: str) -> conversion.Page:
        return conversion.parse(path, text)

    found = {
        "a.md": page("a.md", "[x](Setup%20Guide.md)"),
        "b.md": page("b.md", "[x](tutorial/)"),
        "c.md": page("c.md", "nothing"),
        "d.md": page("d.md", "[x](SETUP GUIDE.MD)"),
    }
    assert import_plan.naming(found, {"Setup Guide.md"}) == {"a.md", "d.md"}
    assert import_plan.naming(found, {"tutorial/index.md"}) == {"b.md"}
    assert import_plan.naming(found, {"README.md"}) is None  # any page may open it


# --- phases on the progress line ------------------------------------------------------------


class Heard:
    """A progress listener that keeps the phases it is told of, with their last step."""

    def __init__(self) -> None:
        self.phases: list[str] = []
        self.steps: dict[str, tuple[int, int]] = {}

    def __call__(self, done: int, total: int) -> None:
        self.steps[self.phases[-1] if self.phases else ""] = (done, total)

    def phase(self, label: str) -> None:
        self.phases.append(label)


def test_each_phase_of_an_import_says_its_name(make_base: MakeBase) -> None:
    root = make_base({})
    source = pages(
        root.parent / "docs",
        {f"page-{n}.md": f"# Page {n}\n\nSee [next](page-{n + 1}.md).\n" for n in range(3)},
    )
    heard = Heard()
    with Brain.open(root, clock=lambda: TODAY) as brain, brain.session.reporting(heard):
        importing.import_folder(brain.session, source)
    assert heard.phases[:4] == ["reading", "linking", "composing", "checking for secrets"]
    assert heard.phases.index("guarding") < heard.phases.index("writing")
    assert heard.phases[-1] == "indexing"
    assert heard.steps["reading"] == (3, 3)
    assert heard.steps["writing"] == (3, 3)


def test_a_plain_callback_hears_the_steps_without_the_names() -> None:
    steps: list[tuple[int, int]] = []
    phase(lambda done, total: steps.append((done, total)), "reading")  # nothing to tell
    assert list(counted(["a", "b"], lambda d, t: steps.append((d, t)), "reading")) == ["a", "b"]
    assert steps == [(0, 2), (1, 2), (2, 2)]


def test_the_progress_line_says_the_phase_under_way() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    stream = Terminal()
    with shown_progress.shown("importing", stream=stream, delay=0) as told:
        assert told is not None
        for label in ("reading", "writing"):
            for item in counted([1, 2], told, label):
                assert item
        drawn = stream.getvalue()
    assert "\rimporting: reading [" in drawn
    assert drawn.rstrip(" \r").endswith("importing: writing [" + "#" * 24 + "] 2/2 100%")


def test_a_page_refused_once_composed_leaves_no_note_twice(make_base: MakeBase) -> None:
    root = make_base({})
    texts = {
        "notes.md": "---\ntitle: Note: with colon\nowner: team\n---\n\n# Notes\n\n"
        "Contact jean.dupont@orange.fr or +33 6 47 83 91 20 for access.\n",
        "adr/0001-use-x.md": "# 1. Use X\n\n## Status\n\nRejected\n\n## Context\n\nX.\n\n"
        "## Decision\n\nWe will not use X.\n",
        "adr/0002-use-y.md": "# 2. Use Y\n\n## Status\n\nRejected\n\n## Context\n\nY.\n\n"
        "## Decision\n\nWe will not use Y.\n",
        "other.md": "# Other\n\nSee [notes](notes.md).\n",
    }
    report = run_import(root, pages(root.parent / "legacy", texts), dry_run=True)
    assert [s.source for s in report.stopped][:1] == ["notes.md"]
    assert len(report.notes) == len(set(report.notes)), report.notes
    assert not any(note.startswith("notes.md: ") for note in report.notes)

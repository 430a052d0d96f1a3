"""The lifecycle operations that close the loop: verify, contradictions declared through the
tool, update aimed at paths and by content, and the defects found in use."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdbrain.adapters import views
from mdbrain.adapters.cli import cli
from mdbrain.core import adr, document
from mdbrain.core.errors import InvalidRequestError, NotFoundError
from mdbrain.service.brain import Brain
from mdbrain.service.writing import WriteRequest, author_from_environment
from mdbrain.store import anchor_lock
from tests.conftest import MakeBase, doc
from tests.test_update import Repo

TODAY = dt.date(2026, 11, 30)
needs_git = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def meta(root: Path, doc_id: str) -> dict[str, object]:
    return document.loads((root / doc_id).read_text(encoding="utf-8"), doc_id).meta


def test_verify_closes_a_review_and_appends_sources(make_base: MakeBase) -> None:
    root = make_base(
        {
            "a.md": doc(
                "A", status="needs-review", sources="[old]", review_reason='"code changed"'
            ),
        }
    )
    with Brain.open(root, clock=lambda: TODAY) as brain:
        report = brain.verify(["a.md"], sources=["new check", "old"], note="all good")
    after = meta(root, "a.md")
    assert report.verified[0].before == "needs-review" and report.verified[0].after == "stable"
    assert after["sources"] == ["old", "new check"] and "review_reason" not in after
    assert after["reviewed"] == TODAY and after["review_note"] == "all good"


def test_a_source_naming_a_newer_revision_takes_the_place_of_the_older_ones(
    make_base: MakeBase,
) -> None:
    """Verified again and again against newer code, a page gathered one "code at SHA"
    per verification (45 in this project's own base): the newest takes their place.
    Other sources stay, and so does a new one of no other's shape."""
    sources = '["code at 1a2b3c4", ticket 42, "code at aeafafe", "https://x.org/c/0a1b2c3d4e"]'
    root = make_base({"a.md": doc("A", status="needs-review", sources=sources)})
    with Brain.open(root, clock=lambda: TODAY) as brain:
        brain.verify(["a.md"], sources=["code at 5d6e7f8a", "decade defaced"])
        brain.verify(["a.md"], sources=["https://x.org/c/fe9d8c7b6a"])
    assert meta(root, "a.md")["sources"] == [
        "code at 5d6e7f8a",
        "ticket 42",
        "https://x.org/c/fe9d8c7b6a",
        "decade defaced",
    ]


def test_verify_does_not_bring_a_retired_document_back(make_base: MakeBase) -> None:
    root = make_base({"old.md": doc("Old", status="deprecated", sources="[x]")})
    with Brain.open(root) as brain, pytest.raises(InvalidRequestError, match="deprecated"):
        brain.verify(["old.md"], sources=["y"])


def test_verify_checks_a_proposed_record_but_leaves_it_out_of_force(make_base: MakeBase) -> None:
    # nats-io's ADR-54, imported with "original_status: Proposed", was made stable by
    # verify, and answered as if decided
    draft = {"type": "decision", "status": "draft", "sources": "[adr/ADR-54.md]"}
    root = make_base(
        {
            "adr/adr-54.md": doc("KV codecs", original_status="Proposed", **draft),
            "adr/adr-8.md": doc("KV", original_status="Implemented", **draft),
        }
    )
    with Brain.open(root, clock=lambda: TODAY) as brain:
        report = brain.verify(["adr/adr-54.md", "adr/adr-8.md"])
    proposed, decided = report.verified
    assert (proposed.after, decided.after) == ("draft", "stable")
    assert "'Proposed'" in proposed.held and not decided.held
    assert meta(root, "adr/adr-54.md")["reviewed"] == TODAY
    assert "says it is proposed, not in force" in views.verify_text(report)


def test_verify_on_a_folder_verifies_what_it_can_and_lists_the_rest(make_base: MakeBase) -> None:
    # carbon-lang: "verify proposals" was "not a document id", and a list of the 144
    # was refused whole for its one generated overview, which has no source
    draft = {"type": "decision", "status": "draft"}
    root = make_base(
        {
            "proposals/p0001.md": doc("One", sources="[proposals/p0001.md]", **draft),
            "proposals/p0002.md": doc("Two", sources="[proposals/p0002.md]", **draft),
            "proposals/overview.md": doc("Proposals", type="overview", status="draft"),
            "proposals/old.md": doc("Old", status="deprecated", sources="[x]"),
            "proposals/done.md": doc("Done", sources="[x]"),
            "design/lookup.md": doc("Lookup", sources="[x]", status="draft"),
            "settled/rule.md": doc("Rule", sources="[x]"),
        }
    )
    runner = CliRunner()
    out = runner.invoke(cli, ["-C", str(root), "verify", "proposals"])
    assert out.exit_code == 0, out.output
    assert "Verified proposals/p0001.md (draft -> stable)" in out.output
    assert "not verified (1):\n  proposals/overview.md: proposals/overview.md has no source" in (
        out.output
    )
    assert "nothing was written" not in out.output
    assert meta(root, "proposals/p0002.md")["status"] == "stable"
    assert meta(root, "design/lookup.md")["status"] == "draft"  # another folder
    assert meta(root, "proposals/old.md")["status"] == "deprecated"
    # a document named is verified or the call refused, as before
    with Brain.open(root) as brain, pytest.raises(InvalidRequestError, match="no source"):
        brain.verify(["proposals/overview.md", "design/"])
    assert meta(root, "design/lookup.md")["status"] == "draft"
    with Brain.open(root) as brain:
        with pytest.raises(InvalidRequestError, match="holds no draft"):
            brain.verify(["settled/"])
        with pytest.raises(InvalidRequestError, match="no folder of the base"):
            brain.verify(["nowhere/"])


def test_a_read_asking_for_a_status_or_type_no_document_can_have_is_refused(
    make_base: MakeBase,
) -> None:
    # swiftlang/swift-evolution: "search sendable --status rejected" said "No document
    # matches." and exit 0, the status being none of mdbrain's
    root = make_base({"a.md": doc("Sendable")})
    runner = CliRunner()
    for option in (["--status", "rejected"], ["--type", "proposal"]):
        found = runner.invoke(cli, ["-C", str(root), "search", "sendable", *option])
        assert found.exit_code == 2, found.output
        assert f"no {option[0][2:]} '{option[1]}' in this base" in found.output
    kept = runner.invoke(cli, ["-C", str(root), "search", "sendable", "--status", "stable"])
    assert kept.exit_code == 0 and "a.md" in kept.output


def test_write_doc_with_sources_appends_them(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc("A", sources="[first]")})
    with Brain.open(root, clock=lambda: TODAY) as brain:
        brain.write(WriteRequest(doc="a.md", sources=["second"]))
    assert meta(root, "a.md")["sources"] == ["first", "second"]


def test_rewriting_a_synthesis_page_to_review_closes_it(make_base: MakeBase) -> None:
    root = make_base(
        {
            "page.md": doc(
                "Page", type="overview", status="needs-review", review_reason='"cites old.md"'
            )
        }
    )
    with Brain.open(root, clock=lambda: TODAY) as brain:
        brain.write(WriteRequest(doc="page.md", body="# Page\n\nRegenerated."))
    after = meta(root, "page.md")
    assert after["status"] == "stable" and "review_reason" not in after


def test_a_declared_contradiction_is_listed_then_resolved(make_base: MakeBase) -> None:
    root = make_base({"timeout.md": doc("Timeout", sources="[x]", type="rule")})
    with Brain.open(root, clock=lambda: TODAY) as brain:
        written = brain.write(
            {
                "title": "Sessions end after two hours",
                "summary": "An idle session ends after two hours.",
                "type": "rule",
                "sources": ["ops meeting"],
                "contradicts": ["timeout.md"],
            }
        )
        assert meta(root, written.id)["contradicts"] == ["timeout.md"]
        assert [(c.claimant, c.target) for c in brain.conflicts()] == [(written.id, "timeout.md")]
        brain.resolve(written.id, "timeout.md", keep=written.id, reason="ops decided", by="ana")
        assert brain.conflicts() == []
        with pytest.raises(NotFoundError):
            brain.write({"title": "T", "summary": "s", "contradicts": ["nowhere.md"]})


def test_write_supersedes_reports_the_synthesis_pages_it_turned_to_review(
    make_base: MakeBase,
) -> None:
    root = make_base(
        {
            "old.md": doc("Old rule", sources="[x]", type="rule"),
            "summary.md": doc("Summary", type="overview", body="See [old](old.md)."),
        }
    )
    out = CliRunner().invoke(
        cli,
        [
            "-C", str(root.parent), "write", "--title", "New rule", "--summary", "Replaces it.",
            "--type", "rule", "--source", "x", "--supersedes", "old.md",
        ],
    )  # fmt: skip
    assert out.exit_code == 0, out.output
    assert "synthesis page summary.md now needs review" in out.output


def test_the_author_falls_back_to_gits_user_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("MDBRAIN_AUTHOR", "USER", "USERNAME"):
        monkeypatch.delenv(name, raising=False)
    repo = Repo(tmp_path / "p")
    repo.git("config", "user.name", "Ana Martin")
    assert author_from_environment(repo.path) == "Ana Martin"


@needs_git
def test_update_reasons_follow_the_drift_and_lock_entries_of_removed_documents_go(
    tmp_path: Path,
) -> None:
    repo = Repo(tmp_path / "p")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/a.py", "A = 1\n")
    repo.write("src/b.py", "B = 1\n")
    repo.write("kb/a.md", doc("A", sources="[x]", impl_refs="[src/a.py, src/b.py]"))
    repo.write("kb/gone.md", doc("Gone", sources="[x]", impl_refs="[src/b.py]"))
    repo.commit("start", "2026-11-30T09:00:00")
    with Brain.open(repo.path, clock=lambda: TODAY) as brain:
        brain.verify(["a.md", "gone.md"])
        assert set(anchor_lock.read(repo.path / "kb")[0]) == {"a.md", "gone.md"}
        repo.write("src/a.py", "A = 2\n")
        repo.commit("a changes", "2026-11-30T10:00:00")
        first = brain.update()
        assert [f.doc for f in first.flagged] == ["a.md"]
        assert "src/a.py" in first.flagged[0].reason and "src/b.py" not in first.flagged[0].reason
        repo.write("src/b.py", "B = 2\n")
        repo.commit("b changes too", "2026-11-30T11:00:00")
        (repo.path / "kb" / "gone.md").unlink()
        second = brain.update()
        reason = str(meta(repo.path / "kb", "a.md")["review_reason"])
        assert second.flagged[0].refreshed and "src/a.py" in reason and "src/b.py" in reason
        assert set(anchor_lock.read(repo.path / "kb")[0]) == {"a.md"}


@needs_git
def test_update_takes_paths_as_a_user_types_them(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "p")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/app/a.py", "A = 1\n")
    repo.write("kb/a.md", doc("A", sources="[x]", impl_refs="[src/app/a.py]"))
    repo.commit("start", "2026-11-30T09:00:00")
    with Brain.open(repo.path, clock=lambda: TODAY) as brain:
        brain.verify(["a.md"])
        repo.write("src/app/a.py", "A = 2\n")
        for paths, cwd in (
            (["."], repo.path),
            (["./src/app"], repo.path),
            ([str(repo.path / "src")], None),
            (["a.py"], repo.path / "src" / "app"),
        ):
            report = brain.update(paths, cwd=cwd, dry_run=True)
            assert [f.doc for f in report.flagged] == ["a.md"], (paths, cwd)
        with pytest.raises(InvalidRequestError, match=r"nothing/here\.py"):
            brain.update(["nothing/here.py"], dry_run=True)


@needs_git
def test_a_renamed_file_is_proposed_not_also_undocumented(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "p")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/old_name.py", "def f():\n    return 1\n")
    repo.write("kb/a.md", doc("A", sources="[x]", impl_refs="[src/old_name.py]"))
    repo.commit("start", "2026-11-30T09:00:00")
    repo.git("mv", "src/old_name.py", "src/new_name.py")
    repo.commit("rename", "2026-11-30T10:00:00")
    with Brain.open(repo.path, clock=lambda: TODAY) as brain:
        report = brain.update(dry_run=True)
    assert [(r.old, r.new) for r in report.renames] == [("src/old_name.py", "src/new_name.py")]
    assert "src/new_name.py" not in report.undocumented


@needs_git
def test_update_draft_writes_drafts_for_undocumented_code_and_never_overwrites(
    tmp_path: Path,
) -> None:
    repo = Repo(tmp_path / "p")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/billing/__init__.py", '"""Billing."""\n')
    repo.write("src/billing/invoices.py", '"""Invoices."""\n\n\ndef issue():\n    return 1\n')
    repo.write("kb/home.md", doc("Home", type="overview", sources="[x]"))
    repo.commit("start", "2026-11-30T09:00:00")
    with Brain.open(repo.path, clock=lambda: TODAY) as brain:
        first = brain.update(draft=True)
        assert first.drafted, first.undocumented
        written = {d: (repo.path / "kb" / d).read_bytes() for d in first.drafted}
        assert all(meta(repo.path / "kb", d)["status"] == "draft" for d in first.drafted)
        second = brain.update(draft=True)
    assert second.drafted == []
    assert {d: (repo.path / "kb" / d).read_bytes() for d in first.drafted} == written


def test_a_new_rule_that_disagrees_in_a_figure_is_reported_not_refused(
    make_base: MakeBase,
) -> None:
    root = make_base(
        {
            "rules/lockout.md": doc(
                "Account lockout after failed sign-ins",
                type="rule",
                sources="[x]",
                tags="[auth, lockout]",
                body="An account is locked after 5 failed sign-ins in a row.",
            )
        }
    )
    with Brain.open(root, clock=lambda: TODAY) as brain:
        report = brain.write(
            {
                "title": "Lockout after failed sign-ins",
                "summary": "How many failed sign-ins lock an account.",
                "type": "rule",
                "tags": ["auth", "lockout"],
                "sources": ["support ticket 42"],
                "body": "An account is locked after 10 failed sign-ins in a row.",
                "new": True,
            }
        )
    assert report.created  # a guess never refuses
    clash = report.possible_contradictions[0]
    assert clash.other == "rules/lockout.md" and "10" in clash.differs and "5" in clash.differs


# --- a superseded decision record says so in its own body (found on npryce/adr-tools) ---

NYGARD_BODY = """Date: 2016-02-12

## Status

Accepted

## Context

ADRs are written in Markdown.

## Decision

We will implement adr-tools as shell scripts.
"""


def record(title: str, body: str, **fields: str) -> str:
    return doc(title, body=body, type="decision", sources="[x]", **fields)


def body_of(root: Path, doc_id: str) -> str:
    return document.loads((root / doc_id).read_text(encoding="utf-8"), doc_id).body


def test_supersede_makes_a_records_status_section_say_superseded_as_adr_tools_does(
    make_base: MakeBase,
) -> None:
    old = "adr/0002-implement-as-shell-scripts.md"
    root = make_base(
        {
            old: record("2. Implement as shell scripts", NYGARD_BODY),
            "adr/0010-use-python.md": record("10. Use Python", "## Status\n\nAccepted\n"),
        }
    )
    before = body_of(root, old)
    with Brain.open(root, clock=lambda: TODAY) as brain:
        brain.supersede(old, ["adr/0010-use-python.md"], reason="Windows support needed")
    # the state's words only: every other byte of the body stays where it was
    assert body_of(root, old) == before.replace(
        "\n\nAccepted\n", "\n\nSuperseded by [10. Use Python](0010-use-python.md)\n"
    )
    read = adr.read(old, body_of(root, old), {})
    assert read is not None and read.state == "superseded"
    assert meta(root, old)["status"] == "deprecated"


def test_a_status_line_keeps_its_style_and_several_successors_are_linked(
    make_base: MakeBase,
) -> None:
    madr = "* Status: accepted <!-- optional -->\n* Date: 2021-03-04\n\nText."
    root = make_base(
        {
            "adr/0003-junit.md": record("Use Plain JUnit5", madr),
            "adr/0004-nygard.md": record("4. Nygard", NYGARD_BODY),
            "adr/0005-a.md": record("5. A", "Text."),
            "adr/0006-b.md": record("6. [WIP] B", "Text."),
        }
    )
    with Brain.open(root, clock=lambda: TODAY) as brain:
        brain.supersede("adr/0003-junit.md", ["adr/0005-a.md", "adr/0006-b.md"])
        brain.supersede("adr/0004-nygard.md", ["adr/0005-a.md", "adr/0006-b.md"])
    # lower case as the record wrote it, on the one line a status takes
    assert (
        "* Status: superseded by [5. A](0005-a.md) and [6. (WIP) B](0006-b.md) <!-- optional -->"
        in body_of(root, "adr/0003-junit.md")
    )
    # one paragraph for each successor, as adr-tools adds them
    assert (
        "## Status\n\nSuperseded by [5. A](0005-a.md)\n\nSuperseded by [6. (WIP) B](0006-b.md)\n\n"
        "## Context" in body_of(root, "adr/0004-nygard.md")
    )
    for doc_id in ("adr/0003-junit.md", "adr/0004-nygard.md"):
        read = adr.read(doc_id, body_of(root, doc_id), {})
        assert read is not None and read.state == "superseded"  # by both successors
        assert sum(len(c.refs) for c in read.clauses if c.kind == adr.SUPERSEDED_BY) == 2


def test_a_body_stating_no_status_is_left_alone_and_crlf_endings_stay(
    make_base: MakeBase,
) -> None:
    crlf = record("7. Windows", NYGARD_BODY).replace("\n", "\r\n").encode()
    root = make_base(
        {
            "adr/0007-windows.md": crlf,
            "adr/0008-prose.md": record("8. Prose", "## Context\n\nAccepted by everyone.\n"),
            "adr/0009-new.md": record("9. New", "Text."),
        }
    )
    prose = body_of(root, "adr/0008-prose.md")
    with Brain.open(root, clock=lambda: TODAY) as brain:
        brain.supersede("adr/0007-windows.md", ["adr/0009-new.md"])
        brain.supersede("adr/0008-prose.md", ["adr/0009-new.md"])
    raw = (root / "adr/0007-windows.md").read_bytes()
    assert b"\r\n\r\nSuperseded by [9. New](0009-new.md)\r\n\r\n## Context\r\n" in raw
    assert b"\n" not in raw.replace(b"\r\n", b"")  # no bare line ending came in
    assert body_of(root, "adr/0008-prose.md") == prose


def test_resolve_makes_the_dropped_records_status_say_superseded(make_base: MakeBase) -> None:
    root = make_base(
        {
            "adr/0001-a.md": record("1. A", NYGARD_BODY, contradicts="[adr/0002-b.md]"),
            "adr/0002-b.md": record("2. B", NYGARD_BODY),
        }
    )
    with Brain.open(root, clock=lambda: TODAY) as brain:
        brain.resolve("adr/0001-a.md", "adr/0002-b.md", keep="adr/0002-b.md", by="Ana")
    assert "## Status\n\nSuperseded by [2. B](0002-b.md)\n" in body_of(root, "adr/0001-a.md")
    assert "## Status\n\nAccepted\n" in body_of(root, "adr/0002-b.md")


@needs_git
def test_a_code_file_given_as_a_source_is_followed_by_update(tmp_path: Path) -> None:
    """kgrzybek/modular-monolith-with-ddd: a record verified against a C# file was
    never compared with it; after the file moved, update flagged nothing and the check
    was clean. Verifying a document against code says that it describes that code."""
    repo = Repo(tmp_path / "project")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/Root.cs", "public class Root {}\n")
    repo.write("kb/a.md", doc("A", status="draft"))
    repo.commit("start", "2026-07-01T12:00:00")
    with Brain.open(repo.path, clock=lambda: TODAY) as brain:
        report = brain.verify(["a.md"], sources=["src/Root.cs", "docs/none.cs", "meeting"])
    assert report.verified[0].followed == ("src/Root.cs",)
    after = meta(repo.path / "kb", "a.md")
    assert after["impl_refs"] == ["src/Root.cs"] and after["status"] == "stable"
    assert "code followed from now on (impl_refs): src/Root.cs" in views.verify_text(report)
    repo.commit("verified", "2026-07-02T12:00:00")
    repo.write("src/Root.cs", "public class Root { int x; }\n")
    repo.commit("change", "2026-07-03T12:00:00")
    flagged = Brain.open(repo.path, clock=lambda: TODAY).update(dry_run=True).flagged
    assert [f.doc for f in flagged] == ["a.md"]


@needs_git
def test_a_file_given_as_a_source_is_followed_whole_beside_a_symbol_of_it(
    tmp_path: Path,
) -> None:
    # jaegertracing/jaeger: "verify --source admission.go" added nothing when the page
    # named admission.go#Admit, and an edit to another function went unflagged
    repo = Repo(tmp_path / "project")
    repo.write(".rag", 'version: "1"\nroot: kb\nlang: en\ncheck_on_update: false\n')
    repo.write("src/gate.py", "def admit():\n    return 1\n\n\ndef other():\n    return 2\n")
    repo.write("kb/a.md", doc("A", status="draft", impl_refs="[src/gate.py#admit]"))
    repo.commit("start", "2026-07-01T12:00:00")
    with Brain.open(repo.path, clock=lambda: TODAY) as brain:
        report = brain.verify(["a.md"], sources=["src/gate.py"])
    assert report.verified[0].followed == ("src/gate.py",)
    assert meta(repo.path / "kb", "a.md")["impl_refs"] == ["src/gate.py#admit", "src/gate.py"]
    repo.commit("verified", "2026-07-02T12:00:00")
    repo.write("src/gate.py", "def admit():\n    return 1\n\n\ndef other():\n    return 3\n")
    repo.commit("change", "2026-07-03T12:00:00")
    flagged = Brain.open(repo.path, clock=lambda: TODAY).update(dry_run=True).flagged
    assert [f.doc for f in flagged] == ["a.md"]


def test_verify_keeps_days_and_tickets_and_adds_each_code_file_once(
    make_base: MakeBase,
) -> None:
    root = make_base({"a.md": doc("A", status="draft", sources='["postmortem 20240115"]')})
    (root.parent / "src").mkdir()
    (root.parent / "src" / "a.py").write_text("A = 1\n", encoding="utf-8")
    with Brain.open(root, clock=lambda: TODAY) as brain:
        brain.verify(["a.md"], sources=["postmortem 20240322", "ticket 1234567"])
        brain.verify(["a.md"], sources=["ticket 7654321", "src/a.py", "./src/a.py"])
    after = meta(root, "a.md")
    assert after["sources"] == [
        "postmortem 20240115",
        "postmortem 20240322",
        "ticket 1234567",
        "ticket 7654321",
        "src/a.py",
        "./src/a.py",
    ]
    assert after["impl_refs"] == ["src/a.py"]

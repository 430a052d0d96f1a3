"""The lifecycle closed, on a real git repository: drafted, verified, drifted the same day,
flagged, briefed from the code, verified again, quiet."""

from __future__ import annotations

import datetime as dt
import shutil
from pathlib import Path

import pytest

from mdbrain.core import document
from mdbrain.core.errors import InvalidRequestError
from mdbrain.service.bootstrap import init_from_code
from mdbrain.service.brain import Brain
from mdbrain.service.briefing import BRIEF_LIMIT, SEARCHED
from tests.test_update import Repo

TODAY = dt.date(2026, 11, 30)
NOON = "2026-11-30T12:00:00"

CORE = '''"""Pricing rules of the shop."""


def price(amount: float, vat: float = 0.2) -> float:
    """The price with tax."""
    return round(amount * (1 + vat), 2)
'''
STOCK = '''"""Stock levels."""


def reserve(item: str, count: int) -> bool:
    """Reserve items for an order."""
    return count > 0
'''

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")


def meta(root: Path, doc_id: str) -> dict[str, object]:
    return document.loads((root / doc_id).read_text(encoding="utf-8"), doc_id).meta


def draft_for(brain: Brain, package: str) -> str:
    """The draft init --scan wrote for one package: all its impl_refs lie under it."""
    found = []
    for entry in brain.manifest().entries:
        refs = [str(r) for r in entry.meta.get("impl_refs") or []]
        if entry.type != "overview" and refs and all(r.startswith(package + "/") for r in refs):
            found.append(entry.id)
    assert len(found) == 1, f"drafts for {package}: {found}"
    return found[0]


def test_draft_verify_drift_brief_verify_on_a_real_repository(tmp_path: Path) -> None:
    repo = Repo(tmp_path / "shop")
    repo.write("README.md", "# Shop\n\nA small shop.\n")
    repo.write("src/pricing/__init__.py", '"""Prices."""\n')
    repo.write("src/pricing/rules.py", CORE)
    repo.write("src/stock/__init__.py", '"""Stock."""\n')
    repo.write("src/stock/levels.py", STOCK)
    repo.commit("first", NOON)

    started, scanned = init_from_code(repo.path, "docs", today=TODAY)
    assert started is not None and scanned.documents
    root = repo.path / "docs"
    brain = Brain.open(repo.path, clock=lambda: TODAY)
    pricing = draft_for(brain, "src/pricing")
    stock = draft_for(brain, "src/stock")
    assert meta(root, pricing)["status"] == "draft"

    report = brain.verify([pricing, stock], sources=["read against the code on 2026-11-30"])
    assert [(v.id, v.after) for v in report.verified] == [(pricing, "stable"), (stock, "stable")]
    assert meta(root, pricing)["reviewed"] == TODAY
    repo.commit("knowledge verified", "2026-11-30T13:00:00")

    repo.write("src/pricing/rules.py", CORE.replace("vat: float = 0.2", "vat: float = 0.055"))
    sha = repo.commit("reduced VAT", "2026-11-30T15:00:00")  # the same day as the check

    flagged = brain.update()
    assert [f.doc for f in flagged.flagged] == [pricing]  # exactly the one describing it
    reason = flagged.flagged[0].reason
    assert "src/pricing/rules.py" in reason and sha in reason and "reduced VAT" in reason
    assert meta(root, pricing)["status"] == "needs-review"
    assert meta(root, stock)["status"] == "stable"

    before_brief = brain.brief("src/pricing/rules.py")
    assert before_brief.kind == "code"
    item = next(i for i in before_brief.items if i.id == pricing)
    assert item.status == "needs-review" and "reduced VAT" in item.review
    from_folder = brain.brief("rules.py#price", cwd=repo.path / "src" / "pricing")
    assert pricing in {i.id for i in from_folder.items}

    brain.verify([pricing], note="VAT rate checked in the code")
    after = meta(root, pricing)
    assert after["status"] == "stable" and "review_reason" not in after
    assert "read against the code on 2026-11-30" in after["sources"]  # type: ignore[operator]

    files_before = {p: p.read_bytes() for p in root.rglob("*.md")}
    lock_before = (root / "ANCHORS.lock").read_bytes()
    quiet = brain.update()
    assert quiet.flagged == [] and quiet.renames == []
    assert {p: p.read_bytes() for p in root.rglob("*.md")} == files_before
    assert (root / "ANCHORS.lock").read_bytes() == lock_before
    brain.close()


def test_a_brief_on_free_text_falls_back_to_search(tmp_path: Path) -> None:
    from tests.conftest import doc, write_base

    root = write_base(
        tmp_path / "p",
        {"db.md": doc("Database", sources="[x]", body="Sessions are kept in Postgres tables.")},
    )
    with Brain.open(root) as brain:
        result = brain.brief("postgres")
    assert result.kind == "search" and [i.id for i in result.items] == ["db.md"]
    from mdbrain.adapters import views

    said = views.brief_text(result)
    assert "(found by search): 1 document." in said and "left out: 0 drafts;" in said


def test_a_brief_on_code_no_document_describes_says_so(tmp_path: Path) -> None:
    # found on adr-tools: "brief src/adr-help" read "In force on ... (found by search)"
    from tests.conftest import doc, write_base

    root = write_base(
        tmp_path / "p",
        {"help.md": doc("Help", sources="[x]", body="The help command lists commands.")},
    )
    (tmp_path / "p" / "src").mkdir()
    (tmp_path / "p" / "src" / "adr-help").write_text("echo help\n", encoding="utf-8")
    with Brain.open(root) as brain:
        result = brain.brief("src/adr-help")
    from mdbrain.adapters import views

    assert result.kind == "undescribed"
    assert "(no document describes this code; found by searching its words)" in (
        views.brief_text(result)
    )


def test_a_brief_found_by_search_keeps_the_ranking_within_each_kind(tmp_path: Path) -> None:
    from tests.conftest import doc, write_base

    # as on kubernetes/enhancements: the proposal about sidecars first, not the one
    # whose id sorts first and names them less; and none that names them in passing,
    # far below the best (the trial's brief listed 14 such pages after 6 on sidecars)
    filler = " ".join(f"word{n}" for n in range(200))
    root = write_base(
        tmp_path / "p",
        {
            "a-volume-health.md": doc(
                "Volume health", sources="[x]", body="The CSI sidecar containers watch volumes."
            ),
            "b-storage.md": doc("Storage", sources="[x]", body=f"A CSI sidecar. {filler}"),
            "z-sidecar-containers.md": doc(
                "Sidecar containers",
                sources="[x]",
                body="Sidecar containers start first. Sidecar containers stop last.",
            ),
        },
    )
    with Brain.open(root) as brain:
        result = brain.brief("sidecar containers")
    assert result.kind == "search"
    assert [i.id for i in result.items] == ["z-sidecar-containers.md", "a-volume-health.md"]


def test_a_brief_lists_a_bounded_number_and_counts_all_it_leaves_out(tmp_path: Path) -> None:
    from mdbrain.adapters import views
    from tests.conftest import doc, write_base

    pages = {f"log/r{n:02}.md": doc(f"Record {n}", tags="[log]") for n in range(25)}
    pages["log/old.md"] = doc("Old", tags="[log]", status="deprecated")
    pages["log/idea.md"] = doc("Idea", tags="[log]", status="draft")
    root = write_base(tmp_path / "p", pages)
    with Brain.open(root) as brain:
        short = brain.brief("log")
        longer = brain.brief("log", limit=30)
        with pytest.raises(InvalidRequestError, match="limit"):
            brain.brief("log", limit=0)
    assert len(short.items) == 20 and short.more == 5 and short.retired == 1
    said = views.brief_text(short)
    assert "5 more documents in force not listed; a higher limit lists them" in said
    assert "In force on 'log': 25 documents." in said  # all of them, not the 20 listed
    # ethereum/consensus-specs: "left out: nothing" closed a brief that left 4 out
    assert "left out: 1 draft, 5 past the limit, 1 deprecated or archived;" in said
    assert len(longer.items) == 25 and longer.more == 0
    assert "left out: 1 draft, 1 deprecated or archived;" in views.brief_text(longer)
    drafts = write_base(
        tmp_path / "d",
        {f"n{n:02}.md": doc(f"Note {n}", tags="[log]", status="draft") for n in range(22)},
    )
    with Brain.open(drafts) as brain:
        unverified = views.brief_text(brain.brief("log"))
    assert "2 more drafts not listed" in unverified and "in force not" not in unverified
    assert "left out: 2 past the limit;" in unverified
    assert "unverified (not yet reviewed against the code or their sources): 22 documents." in (
        unverified
    )


def test_a_brief_on_free_text_lists_as_many_as_the_limit_asks(tmp_path: Path) -> None:
    """ethereum/consensus-specs: `brief "light client" --limit 50` listed 10 pages, where
    search found 50."""
    from tests.conftest import doc, write_base

    pages = {
        f"p{n:02}.md": doc(f"Page {n}", sources="[x]", body=f"The light client step {n}.")
        for n in range(30)
    }
    with Brain.open(write_base(tmp_path / "p", pages)) as brain:
        few = brain.brief("light client")
        many = brain.brief("light client", limit=25)
    assert few.kind == many.kind == "search"
    assert len(few.items) == 10
    assert len(many.items) == 25


def test_a_brief_on_a_code_folder_no_document_describes_searches_its_name(
    tmp_path: Path,
) -> None:
    # as on JabRef: "brief jabsrv" named the folder jabsrv/ and found nothing, while the
    # record about it holds the word
    from tests.conftest import doc, write_base

    root = write_base(
        tmp_path / "p",
        {"0061-reload.md": doc("Reload by polling", body="jabsrv reloads its files by mtime.")},
    )
    (root.parent / "jabsrv").mkdir()
    (root.parent / "jabsrv" / "Server.java").write_text("class Server {}\n", encoding="utf-8")
    with Brain.open(root) as brain:
        result = brain.brief("jabsrv")
    assert result.kind == "undescribed" and [i.id for i in result.items] == ["0061-reload.md"]


def test_a_brief_on_a_tag_of_one_page_also_finds_the_others_on_the_subject(
    tmp_path: Path,
) -> None:
    from tests.conftest import doc, write_base

    root = write_base(
        tmp_path / "p",
        {
            "new.md": doc("Signing", tags="[puppet]", body="Sign the agents' certificates."),
            "old.md": doc("Config management", tags="[decisions]", body="We use Puppet."),
            "web.md": doc("Web tier", tags="[decisions]", body="Nginx in front."),
        },
    )
    with Brain.open(root) as brain:
        result = brain.brief("puppet")
    assert {i.id for i in result.items} == {"new.md", "old.md"}


def test_a_brief_on_a_tag_whose_pages_are_drafts_shows_them_beside_what_search_found(
    tmp_path: Path,
) -> None:
    # a team trial: "brief database" said one document was in force on it, a timestamp
    # record mentioning "database systems" once, and hid the draft tagged database
    from mdbrain.adapters import views
    from tests.conftest import doc, write_base

    root = write_base(
        tmp_path / "p",
        {
            "postgres.md": doc("Adopt PostgreSQL", tags="[database]", status="draft",
                               body="PostgreSQL 16 for every service."),
            "timestamps.md": doc("Timestamp format", type="decision",
                                 body="Most database systems store ISO 8601."),
            "web.md": doc("Web tier", body="Nginx in front."),
        },
    )  # fmt: skip
    with Brain.open(root) as brain:
        result = brain.brief("database")
    shown = {i.id: (i.status, i.searched) for i in result.items}
    assert shown == {"timestamps.md": ("stable", True), "postgres.md": ("draft", False)}
    assert result.hidden_drafts == 0
    said = views.brief_text(result)
    assert said.startswith("In force on 'database': 1 document, and 1 draft tagged with it")
    assert "timestamps.md (found by search, not tagged)" in said
    assert "- [concept] postgres.md (draft)" in said


def test_a_brief_on_a_tag_of_many_drafts_finds_the_page_on_it_by_search(tmp_path: Path) -> None:
    """thanos-io/thanos: ``brief receive`` listed the thirteen drafts init made of
    pkg/receive/ (all tagged receive) and said "left out: nothing"; the page explaining
    the Receiver, not tagged so, was not there."""
    from tests.conftest import doc, write_base

    code = {
        f"pkg/receive-{n}.md": doc(
            f"pkg/receive/file{n}.go", tags="[pkg, receive]", status="draft",
            body=f"Go module with {n} public functions.",
        )
        for n in range(SEARCHED + 3)
    }  # fmt: skip
    page = doc("Receiver", body="The thanos receive command receives remote writes.")
    root = write_base(tmp_path / "p", {**code, "components/receive.md": page})
    with Brain.open(root) as brain:
        result = brain.brief("receive", limit=50)
    shown = {i.id: i.searched for i in result.items}
    assert shown.get("components/receive.md") is True
    assert sum(1 for searched in shown.values() if not searched) == SEARCHED + 3


def test_a_brief_through_search_says_when_search_finds_more_than_it_lists(
    tmp_path: Path,
) -> None:
    """kedacore/keda-docs: "brief ScaledObject" listed 20 pages of the 92 naming it and
    said "left out: nothing"."""
    from mdbrain.adapters import views
    from tests.conftest import doc, write_base

    pages = {
        f"scalers/s{n}.md": doc(f"Scaler {n}", body=f"A ScaledObject for scaler {n}.")
        for n in range(BRIEF_LIMIT + 5)
    }
    root = write_base(tmp_path / "p", pages)
    with Brain.open(root) as brain:
        listed = brain.brief("ScaledObject", limit=BRIEF_LIMIT)
        every = brain.brief("ScaledObject", limit=100)
    assert listed.kind == "search" and len(listed.items) == BRIEF_LIMIT
    assert listed.searched_first == BRIEF_LIMIT
    assert f"what search ranks past its first {BRIEF_LIMIT}" in views.brief_text(listed)
    assert len(every.items) == BRIEF_LIMIT + 5 and every.searched_first == 0


def test_a_brief_on_an_imported_pages_source_finds_that_page(tmp_path: Path) -> None:
    from tests.conftest import doc, write_base

    root = write_base(
        tmp_path / "p",
        {"nll.md": doc("NLL", sources="[text/2094-nll.md]"), "other.md": doc("Other")},
    )
    (tmp_path / "p" / "text").mkdir()
    (tmp_path / "p" / "text" / "2094-nll.md").write_text("# NLL\n", encoding="utf-8")
    with Brain.open(root) as brain:
        result = brain.brief("text/2094-nll.md")
    assert result.kind == "code" and [i.id for i in result.items] == ["nll.md"]


def test_a_brief_on_a_folder_finds_the_page_imported_from_its_readme(tmp_path: Path) -> None:
    # jaegertracing/jaeger: "brief cmd/jaeger/internal/extension/jaegerstorage" listed
    # five documents, not the one imported from that folder's README
    from tests.conftest import doc, write_base

    root = write_base(
        tmp_path / "p",
        {
            "registry.md": doc("Backend registry", sources="[pkg/storage/README.md]"),
            "deep.md": doc("Deeper", sources="[pkg/storage/deep/README.md]"),
        },
    )
    (tmp_path / "p" / "pkg" / "storage").mkdir(parents=True)
    (tmp_path / "p" / "pkg" / "storage" / "store.go").write_text("package storage\n")
    with Brain.open(root) as brain:
        result = brain.brief("pkg/storage")
    assert [i.id for i in result.items] == ["registry.md"] and result.kind == "code"


def test_verify_refuses_a_document_with_no_source_and_says_how(tmp_path: Path) -> None:
    from tests.conftest import doc, write_base

    root = write_base(tmp_path / "p", {"idea.md": doc("Idea", status="draft")})
    with Brain.open(root) as brain:
        with pytest.raises(InvalidRequestError, match="--source") as refused:
            brain.verify(["idea.md"])
        assert refused.value.field == "sources"
        done = brain.verify(["idea.md"], sources=["design meeting, 2026-11-30"])
    assert done.verified[0].after == "stable"
    assert meta(root, "idea.md")["sources"] == ["design meeting, 2026-11-30"]


def test_a_brief_names_the_retired_documents_it_leaves_out_and_what_replaced_them(
    tmp_path: Path,
) -> None:
    """rust-lang/rfcs: 'brief text/1201-naked-fns.md' said "0 documents ... 1 deprecated"
    and named neither the record nor the one that superseded it."""
    from mdbrain.adapters import views
    from tests.conftest import doc, write_base

    pages = {
        "rfcs/1201-naked.md": doc(
            "Naked functions", tags="[asm]", status="deprecated",
            superseded_by="[rfcs/2972-constrained.md]",
        ),
        "rfcs/2972-constrained.md": doc("Constrained naked functions", tags="[naked]"),
        "rfcs/0001-gone.md": doc("Gone", tags="[asm]", status="archived"),
    }  # fmt: skip
    root = write_base(tmp_path / "p", pages)
    with Brain.open(root) as brain:
        said = views.brief_text(brain.brief("asm"))
    assert "In force on 'asm': 0 documents." in said
    assert "  retired: rfcs/1201-naked.md, superseded by rfcs/2972-constrained.md" in said
    assert "  retired: rfcs/0001-gone.md\n" in said + "\n"


def test_a_brief_on_a_folder_of_the_base_lists_its_pages_not_every_page_saying_its_name(
    tmp_path: Path,
) -> None:
    """dotnet/designs: "brief proposed" listed seven accepted designs saying "proposed"
    before the seven proposals of proposed/, and "brief docs-rag/proposed" read the
    folder as code."""
    from tests.conftest import doc, write_base

    pages = {
        f"proposed/p{n}.md": doc(f"Proposal {n}", tags="[proposed]", status="draft", body="Idea.")
        for n in range(3)
    }
    pages.update(
        {
            f"accepted/a{n}.md": doc(
                f"Design {n}", type="decision", status="draft", body="As proposed, we cache."
            )
            for n in range(3)
        }
    )
    pages["notes/n.md"] = doc("Note", tags="[cache]", status="draft", body="A cache.")
    root = write_base(tmp_path / "p", pages)
    with Brain.open(root) as brain:
        folder = brain.brief("proposed")
        named = brain.brief(f"{root.name}/proposed", cwd=root.parent)
        tag = brain.brief("cache")
    wanted = [f"proposed/p{n}.md" for n in range(3)]
    assert [i.id for i in folder.items] == wanted == [i.id for i in named.items]
    assert named.kind == "subject"
    # a tag of a few pages still brings the others on its subject, after the one tagged
    assert tag.items[0].id == "notes/n.md"
    assert {i.id for i in tag.items if i.searched} == {f"accepted/a{n}.md" for n in range(3)}


def test_a_brief_on_the_whole_base_lists_it_and_one_outside_the_project_is_refused(
    tmp_path: Path,
) -> None:
    """WebAssembly/design: `brief .` said "0 documents" and `brief /etc/passwd` listed the
    pages holding the word "etc"."""
    from mdbrain.core.errors import OutsideBaseError
    from tests.conftest import doc, write_base

    root = write_base(
        tmp_path / "p",
        {
            "rules/etc.md": doc("Etc files", type="rule", sources="[x]", body="Under /etc."),
            "notes/n.md": doc("Note", status="draft", body="A note."),
        },
    )
    project = root.parent
    (project / "src").mkdir()
    with Brain.open(root) as brain:
        for subject in (".", "kb", str(project), str(root)):
            whole = brain.brief(subject, cwd=project)
            assert [i.id for i in whole.items] == ["rules/etc.md"], subject
            assert whole.kind == "subject" and whole.hidden_drafts == 1
        assert [i.id for i in brain.brief("..", cwd=project / "src").items] == ["rules/etc.md"]
        for outside in ("/etc/passwd", "..", "../elsewhere", str(tmp_path)):
            with pytest.raises(OutsideBaseError, match="is outside the project"):
                brain.brief(outside, cwd=project)
        assert brain.brief("etc", cwd=project).items[0].id == "rules/etc.md"  # words still

"""Writing: provenance decides trust, duplicates are caught, secrets never land, and
concurrent writers never lose an update."""

from __future__ import annotations

import base64
import dataclasses
import datetime as dt
import multiprocessing
import random
import string
from pathlib import Path
from typing import Any

import pytest

from mdbrain.adapters import views
from mdbrain.core import guard
from mdbrain.core.errors import (
    DuplicateError,
    GuardError,
    InvalidRequestError,
    StaleReadError,
    UsageError,
)
from mdbrain.service.brain import Brain
from mdbrain.service.session import content_hash
from mdbrain.service.writing import WriteRequest
from tests.conftest import CORPORA, MakeBase, doc

TODAY = dt.date(2026, 11, 30)


def empty_base(make_base: MakeBase) -> Path:
    return make_base({"index-page.md": doc("Start", type="overview", sources="[x]")})


def test_a_sourced_write_is_stable_and_an_unsourced_one_is_a_hidden_draft(
    make_base: MakeBase,
) -> None:
    root = empty_base(make_base)
    brain = Brain.open(root, clock=lambda: TODAY)
    decided = brain.write(
        WriteRequest(
            title="Use Postgres for sessions",
            summary="Sessions move to Postgres.",
            type="decision",
            theme="Décisions",
            sources=["meeting 2026-11-29"],
            author="agent-7",
            tags=["sessions"],
        )
    )
    assert decided.id == "decisions/use-postgres-for-sessions.md" and decided.status == "stable"
    noted = brain.write(
        WriteRequest(
            title="Session lifetime",
            summary="A session lasts eight hours.",
            type="fact",
            theme="facts",
        )
    )
    assert noted.status == "draft"
    text = (root / decided.id).read_text(encoding="utf-8")
    assert "author: agent-7" in text and "created: 2026-11-30" in text
    # the draft matches, and is left out and counted (far ahead, it would be shown marked)
    query = Brain.open(root).reader().query("session")
    assert "facts/session-lifetime.md" not in {h.id for h in query.hits} and query.hidden >= 1
    assert Brain.open(root, clock=lambda: TODAY).check().errors == 0


def test_a_clear_duplicate_is_refused_and_named_unless_declared(make_base: MakeBase) -> None:
    root = empty_base(make_base)
    brain = Brain.open(root, clock=lambda: TODAY)
    first = brain.write(
        WriteRequest(
            title="Retry failed payments",
            summary="Failed payments are retried three times.",
            type="rule",
            sources=["x"],
        )
    )
    again = WriteRequest(
        title="Retry failed payments",
        summary="Failed payments are retried three times.",
        type="rule",
        sources=["y"],
    )
    with pytest.raises(DuplicateError, match=f"duplicate of {first.id}"):
        brain.write(again)
    again.new = True
    assert brain.write(again).id == "retry-failed-payments-2.md"
    replacing = WriteRequest(
        title="Retry failed payments twice",
        summary="Failed payments are retried two times.",
        type="rule",
        sources=["z"],
        supersedes=[first.id],
    )
    replaced = brain.write(replacing)
    # microsoft/api-guidelines: the sha printed was the text's before the supersession
    # wrote its side on it, and a write expecting it was refused
    assert replaced.sha == brain.session.read(replaced.id).sha
    old = Brain.open(root).manifest(use_cache=False).get(first.id)
    assert (
        old is not None
        and old.status == "deprecated"
        and old.ids("superseded_by") == (replaced.id,)
    )


def _files(root: Path) -> dict[str, bytes]:
    """Every file of the base, by path, its caches aside: what a refused write must leave
    as it was."""
    found = (p for p in root.rglob("*") if p.is_file() and ".mdbrain" not in p.parts)
    return {str(p.relative_to(root)): p.read_bytes() for p in found}


SUCCESSOR = WriteRequest(title="Phantom successor", summary="x", sources=["x"])


@pytest.mark.parametrize(
    "supersedes",
    [["some/does-not-exist.md"], ["old.md", "some/does-not-exist.md"], ["no-frontmatter.md"]],
)
def test_a_write_refused_for_what_it_supersedes_writes_nothing(
    make_base: MakeBase, supersedes: list[str]
) -> None:
    """Found on a real base: the error came after the new document was written, which
    stayed behind, in force, and made the retry a duplicate of it."""
    root = make_base({"old.md": doc("Old rule"), "no-frontmatter.md": "# No frontmatter\n"})
    before = _files(root)
    with pytest.raises(UsageError, match=r"does-not-exist\.md|no frontmatter"):
        Brain.open(root).write(dataclasses.replace(SUCCESSOR, supersedes=supersedes))
    assert _files(root) == before
    retried = Brain.open(root).write(dataclasses.replace(SUCCESSOR, supersedes=["old.md"]))
    assert retried.id == "phantom-successor.md" and [r.old for r in retried.superseded] == [
        "old.md"
    ]


def test_the_same_title_in_the_same_folder_is_a_duplicate_whatever_its_name(
    make_base: MakeBase,
) -> None:
    # nats-io's ADR-43, "JetStream Per-Message TTL", written again under its title's slug
    # with another summary: "close documents, not duplicates"
    root = make_base(
        {
            "adr/adr-43.md": doc(
                "JetStream Per-Message TTL", type="decision", tags="[adr]",
                summary='"Messages carry their own expiry in a header."',
            ),
            "adr/adr-44.md": doc("Object store chunks", type="decision", tags="[adr]"),
            "guides/jetstream-per-message-ttl.md": doc("Other", type="guide"),
        }
    )  # fmt: skip
    brain = Brain.open(root)
    again = WriteRequest(
        title="JetStream  per-message TTL",
        summary="A stream can let each message say when it expires, set by the publisher.",
        type="decision",
        theme="adr",
        sources=["x"],
    )
    with pytest.raises(DuplicateError, match=r"duplicate of adr/adr-43\.md"):
        brain.write(again)
    elsewhere = dataclasses.replace(again, theme="notes")
    assert brain.write(elsewhere).id == "notes/jetstream-per-message-ttl.md"


def test_the_cli_and_the_mcp_write_refused_for_its_supersedes_write_nothing(
    make_base: MakeBase,
) -> None:
    from click.testing import CliRunner

    from mdbrain.adapters.cli import cli

    root = make_base({"old.md": doc("Old rule")})
    before = _files(root)
    args = ["write", "--title", "Phantom successor", "--summary", "x", "--source", "x"]
    missing = ["--supersedes", "some/does-not-exist.md"]
    result = CliRunner().invoke(cli, ["-C", str(root.parent), *args, *missing])
    assert result.exit_code == 2 and "does-not-exist.md is not a document" in result.output
    assert _files(root) == before
    mcp = pytest.importorskip("mcp", reason="the mcp package is not installed")
    import anyio

    from mdbrain.adapters import mcp_server

    async def call() -> Any:
        server = mcp_server.build(lambda: mcp_server.open_bases([root.parent]))
        async with mcp.Client(server) as client:
            return await client.call_tool(
                "write",
                {"title": "Phantom successor", "summary": "x", "sources": ["x"],
                 "supersedes": ["some/does-not-exist.md"]},
            )  # fmt: skip

    assert anyio.run(call).is_error
    assert _files(root) == before


def test_an_update_refuses_supersedes_it_would_drop(make_base: MakeBase) -> None:
    """An update does not supersede: taking the field silently would let the writer
    believe the other document was replaced."""
    root = make_base({"old.md": doc("Old rule"), "new.md": doc("New rule")})
    before = _files(root)
    with pytest.raises(UsageError, match="use supersede"):
        Brain.open(root).write(WriteRequest(doc="new.md", summary="s", supersedes=["old.md"]))
    assert _files(root) == before


def test_a_distinct_but_related_document_is_written_and_its_neighbours_shown(
    make_base: MakeBase,
) -> None:
    root = empty_base(make_base)
    brain = Brain.open(root, clock=lambda: TODAY)
    brain.write(
        WriteRequest(
            title="Retry failed payments",
            summary="Failed card payments are retried three times over a day.",
            type="rule",
            sources=["x"],
        )
    )
    other = brain.write(
        WriteRequest(
            title="Refund a payment",
            summary="Refunds go back to the card that paid, within five days.",
            type="process",
            sources=["y"],
        )
    )
    assert other.created and "retry-failed-payments.md" in [c for c, _ in other.candidates]
    # encode/httpx: five "close documents" were listed for any write, unrelated ones too
    said = "The logo on every page, mail and invoice is teal on white, never red; payments too."
    apart = brain.write(WriteRequest(title="Logo colours", summary=said, sources=["z"]))
    assert apart.created and apart.candidates == []


def _secrets(rng: random.Random) -> dict[str, str]:
    def pick(alphabet: str, n: int) -> str:
        return "".join(rng.choice(alphabet) for _ in range(n))

    upper, alnum = string.ascii_uppercase + string.digits, string.ascii_letters + string.digits
    header = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    claims = base64.urlsafe_b64encode(b'{"sub":"1234567890","name":"Ana"}').decode().rstrip("=")
    return {
        "aws-access-key": f"aws_access_key_id = AKIA{pick(upper, 16)}",
        "aws-temporary-key": f"key: ASIA{pick(upper, 16)}",
        "pem-private-key": "-----BEGIN RSA PRIVATE KEY-----\n"
        + pick(alnum, 64)
        + "\n-----END RSA PRIVATE KEY-----",
        "openssh-private-key": "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjE=\n-----END OPENSSH PRIVATE KEY-----",
        "jwt": f"Authorization: Bearer {header}.{claims}.{pick(alnum + '-_', 43)}",
        "github-token": f"token ghp_{pick(alnum, 36)}",
        "github-fine-grained": f"github_pat_{pick(alnum, 22)}_{pick(alnum, 59)}",
        "slack-token": f"xoxb-{pick(string.digits, 12)}-{pick(alnum, 24)}",
        "url-with-password": f"postgres://app:{pick(alnum, 14)}@db.internal:5432/shop",
        "password-assignment": f'password = "{pick(alnum, 16)}"',
        "stripe-key": f"sk_live_{pick(alnum, 24)}",
        "google-api-key": f"AIza{pick(alnum + '-_', 35)}",
        "high-entropy": f'secret_value: "{pick(alnum + "+/", 40)}"',
    }


def test_the_guard_catches_real_looking_secrets_and_nothing_is_written(make_base: MakeBase) -> None:
    root = empty_base(make_base)
    brain = Brain.open(root, clock=lambda: TODAY)
    rng = random.Random(7)  # noqa: S311 - test data, not secrets
    samples = [s for _ in range(10) for s in _secrets(rng).items()]
    caught = sum(1 for _kind, value in samples if list(guard.scan(value)))
    rate = caught / len(samples)
    assert rate == 1.0
    before = sorted(p.name for p in root.rglob("*.md"))
    for kind, value in list(_secrets(rng).items())[:5]:
        with pytest.raises(GuardError, match="secret guard"):
            brain.write(
                WriteRequest(
                    title=f"Config {kind}",
                    summary="How the service connects.",
                    body=f"Use:\n\n{value}\n",
                    sources=["x"],
                )
            )
    with pytest.raises(GuardError, match="credentials-file"):
        brain.write(
            WriteRequest(title="Env", summary="Settings.", impl_refs=[".env"], sources=["x"])
        )
    assert sorted(p.name for p in root.rglob("*.md")) == before


def test_the_allow_list_and_the_personal_data_guard_come_from_the_marker(
    make_base: MakeBase,
) -> None:
    marker = 'version: "1"\nroot: ./kb\nlang: en\nguard:\n  allow: ["sk_live_EXAMPLE0000000000000000"]\n  personal_data: true\n'
    root = make_base({"index-page.md": doc("Start", type="overview", sources="[x]")}, marker)
    brain = Brain.open(root, clock=lambda: TODAY)
    allowed = brain.write(
        WriteRequest(
            title="Test keys",
            summary="The documented example key.",
            body="sk_live_EXAMPLE0000000000000000",
            sources=["docs"],
        )
    )
    assert allowed.created
    with pytest.raises(GuardError, match="personal-data guard \\(email\\)"):
        brain.write(
            WriteRequest(
                title="Support",
                summary="Write to ana.martin@lumen-labs.fr for help.",
                sources=["x"],
            )
        )


@pytest.mark.skipif(
    not (CORPORA / "cpp-docs" / "files").is_dir(), reason="the cpp-docs corpus is not here"
)
def test_false_positives_on_real_documentation_stay_rare() -> None:
    pages = sorted((CORPORA / "cpp-docs" / "files").rglob("*.md"))
    flagged = [
        p for p in pages if list(guard.scan(p.read_text(encoding="utf-8", errors="replace")))
    ]
    assert len(flagged) / len(pages) < 0.02


def _append_marker(args: tuple[str, int]) -> int:
    root, number = args
    tries = 0
    while True:
        tries += 1
        path = Path(root) / "shared.md"
        data = path.read_bytes()
        body = data.decode("utf-8").split("\n---\n", 1)[1].strip()
        request = WriteRequest(
            doc="shared.md", body=f"{body}\n\nmarker {number}", expect_sha=content_hash(data)
        )
        try:
            Brain.open(root, clock=lambda: TODAY).write(request)
            return tries
        except StaleReadError as refusal:
            assert "changed since it was read" in str(refusal)


def _supersede_one(args: tuple[str, int]) -> str:
    root, number = args
    return Brain.open(root, clock=lambda: TODAY).supersede(f"old-{number}.md", ["new.md"]).old


def test_eight_processes_writing_the_same_document_lose_no_update(make_base: MakeBase) -> None:
    docs: dict[str, str | bytes] = {
        "shared.md": doc("Shared", body="start", sources="[x]"),
        "new.md": doc("New", sources="[x]"),
    }
    docs.update({f"old-{i}.md": doc(f"Old {i}", sources="[x]") for i in range(8)})
    root = make_base(docs)
    context = multiprocessing.get_context("fork")
    with context.Pool(8) as pool:
        tries = pool.map(_append_marker, [(str(root), i) for i in range(8)])
        replaced = pool.map(_supersede_one, [(str(root), i) for i in range(8)])
    text = (root / "shared.md").read_text(encoding="utf-8")
    assert sorted(line for line in text.splitlines() if line.startswith("marker")) == [
        f"marker {i}" for i in range(8)
    ]
    assert sum(tries) >= 8
    found = Brain.open(root).manifest(use_cache=False)
    new = found.get("new.md")
    assert new is not None and sorted(new.ids("supersedes")) == sorted(replaced)
    assert all(e.parsed for e in found.entries)  # no torn file


def test_an_allowed_value_is_no_finding_for_the_check_either(make_base: MakeBase) -> None:
    marker = (
        'version: "1"\nroot: ./kb\nlang: en\nguard:\n  allow: ["sk_live_EXAMPLE0000000000000000"]\n'
    )
    root = make_base(
        {"keys.md": doc("Keys", sources="[x]", body="Example: sk_live_EXAMPLE0000000000000000")},
        marker,
    )
    assert "E008" not in {f.code for f in Brain.open(root, clock=lambda: TODAY).check().findings}
    (root / "leak.md").write_text(
        doc("Leak", sources="[x]", body="sk_live_REAL1234567890abcdefghij"), encoding="utf-8"
    )
    assert [
        f.path for f in Brain.open(root, clock=lambda: TODAY).check().findings if f.code == "E008"
    ] == ["leak.md"]


def test_an_update_with_sources_promotes_a_draft_and_keeps_the_author(make_base: MakeBase) -> None:
    root = empty_base(make_base)
    brain = Brain.open(root, clock=lambda: TODAY)
    draft = brain.write(
        WriteRequest(title="Cache size", summary="The cache holds 512 entries.", author="agent-1")
    )
    assert draft.status == "draft"
    brain.write(WriteRequest(doc=draft.id, sources=["config/cache.toml"]))
    entry = Brain.open(root).manifest(use_cache=False).get(draft.id)
    assert entry is not None and entry.status == "stable" and entry.meta["author"] == "agent-1"


def test_detect_secrets_gives_a_second_opinion_before_a_write(make_base: MakeBase) -> None:
    from mdbrain.store import secret_scan

    if not secret_scan.available():
        pytest.skip("detect-secrets is not installed")
    assert secret_scan.detect("A plain sentence about sessions and caches.") == []
    kinds = {
        kind for kind, _line in secret_scan.detect("aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n")
    }
    assert "AWS Access Key" in kinds
    root = empty_base(make_base)
    before = sorted(p.name for p in root.rglob("*.md"))
    with pytest.raises(GuardError, match="detect-secrets: Twilio API Key"):
        Brain.open(root, clock=lambda: TODAY).write(
            WriteRequest(
                title="Mirror",
                summary="Where the mirror lives.",
                sources=["x"],
                body="twilio = SK0123456789abcdef0123456789abcdef",
            )
        )
    assert sorted(p.name for p in root.rglob("*.md")) == before


def test_a_refusal_names_the_allow_list_entry_that_lets_the_value_pass(
    make_base: MakeBase,
) -> None:
    import re

    key = "sk_live_" + "Q7ZK2M4PXW9RT3BNQ7ZK2M4P"  # built here: no literal key in the source
    root = make_base({"start.md": doc("Start", type="overview", sources="[x]")})
    request = WriteRequest(
        title="Keys", summary="The sandbox key.", body=f"Use {key}.", sources=["x"]
    )
    with Brain.open(root, clock=lambda: TODAY) as brain, pytest.raises(GuardError) as refused:
        brain.write(request)
    assert key not in str(refused.value)
    entry = re.search(r"'(digest:[0-9a-f]+)'", str(refused.value))
    assert entry is not None
    marker = root.parent / ".rag"
    marker.write_text(
        marker.read_text(encoding="utf-8") + f'guard:\n  allow: ["{entry.group(1)}"]\n',
        encoding="utf-8",
    )
    with Brain.open(root, clock=lambda: TODAY) as brain:
        assert brain.write(request).created
        assert "E008" not in {f.code for f in brain.check().findings}


def test_writes_leave_no_page_nobody_can_reach(make_base: MakeBase) -> None:
    root = make_base({})
    with Brain.open(root) as brain:
        first = brain.write(
            WriteRequest(title="Sessions expire", summary="After an hour.", theme="security")
        )
        assert first.overviews == []  # a base of one page has no orphan
        at_root = brain.write(WriteRequest(title="Release days", summary="Releases on Tuesdays."))
        assert sorted(at_root.overviews) == ["home.md", "security/overview.md"]
        third = brain.write(
            WriteRequest(title="Keys rotate", summary="Daily rotation.", theme="security")
        )
        # its folder has the overview write made, which lists it too (it listed the first
        # page alone, for ever, while saying it lists the folder's pages)
        assert (third.overviews, third.listed_in) == ([], "security/overview.md")
        check = brain.check()
    assert [f for f in check.findings if f.code == "W002"] == []
    overview = (root / "security" / "overview.md").read_text(encoding="utf-8")
    assert "type: overview" in overview and "status: draft" in overview
    assert "(sessions-expire.md)" in overview and "- [Keys rotate](keys-rotate.md)" in overview
    assert (
        "the pages of this folder that no other page links to (2)" in overview
        and "  - security/keys-rotate.md" in overview
    )
    assert not (root / "overview.md").exists()  # beside OVERVIEW.md on a disk ignoring case
    completed = overview.replace("nothing more.", "nothing more.\n\nKeys and sessions.")
    (root / "security" / "overview.md").write_text(completed, encoding="utf-8")
    with Brain.open(root) as brain:  # a page someone completed is theirs: never rewritten
        fourth = brain.write(WriteRequest(title="MFA", summary="Always.", theme="security"))
    assert (fourth.overviews, fourth.listed_in) == ([], "")
    assert fourth.unlisted_in == "security/overview.md"
    assert "security/overview.md was changed by hand" in views.write_text(fourth)
    assert (root / "security" / "overview.md").read_text(encoding="utf-8") == completed


def test_a_page_another_writer_created_meanwhile_is_a_duplicate(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two writers of one new page at once (found on encode/httpx): the second checked
    for duplicates before the first wrote, and got a numbered copy of the same page."""
    from mdbrain.service import writing

    root = make_base({"other.md": doc("Other")})
    request = WriteRequest(
        title="Proxy rotation", summary="How the proxies rotate.", theme="ops", sources=["s"]
    )
    first = Brain.open(root).write(request)
    assert first.id == "ops/proxy-rotation.md"
    # the second writer's check ran before the first wrote: it saw no candidate
    monkeypatch.setattr(writing.Writer, "candidates", lambda self, request: [])
    with pytest.raises(DuplicateError, match="written meanwhile"):
        Brain.open(root).write(request)
    pages = sorted(p.name for p in (root / "ops").glob("*.md"))
    assert [name for name in pages if name != "overview.md"] == ["proxy-rotation.md"]
    # said to be new, it is written beside it
    again = Brain.open(root).write(dataclasses.replace(request, new=True))
    assert again.id == "ops/proxy-rotation-2.md"


def test_a_refusal_in_the_body_names_the_line_of_the_file(make_base: MakeBase) -> None:
    """The line said is the file's, frontmatter included: "body line 17" of a body of
    five lines (found on encode/httpx) sent the writer looking in the wrong place."""
    root = empty_base(make_base)
    key = "AKIA" + "QZ7VTRXM4BLN2WKD"
    with pytest.raises(GuardError) as refused:
        Brain.open(root).write(
            WriteRequest(title="Keys", summary="Where keys live.", body=f"# Keys\n\nKey: {key}\n")
        )
    place = refused.value.place
    assert place.startswith("the body at line ") and place.endswith(" of keys.md")
    written = int(place.split("line ")[1].split()[0])
    assert written > 3  # the body's third line, after the frontmatter's lines


def test_a_theme_of_pattern_marks_and_a_huge_title_are_refused(make_base: MakeBase) -> None:
    """Over MCP, theme "((a+)+)+$" was written under a/ without a word, and a title of
    100,000 characters made a document that the check passed."""
    root = empty_base(make_base)
    before = sorted(root.rglob("*.md"))
    brain = Brain.open(root, clock=lambda: TODAY)
    asked = {"title": "Rule", "summary": "A rule.", "type": "rule"}
    with pytest.raises(InvalidRequestError) as refused:
        brain.write(WriteRequest(**asked, theme="((a+)+)+$"))
    assert refused.value.field == "theme" and "($ ( ) +)" in str(refused.value)
    with pytest.raises(InvalidRequestError) as long:
        brain.write(WriteRequest(**{**asked, "title": "a" * 100_000}, theme="rules"))
    assert long.value.field == "title" and len(str(long.value)) < 200
    assert sorted(root.rglob("*.md")) == before  # nothing was written
    done = brain.write(WriteRequest(**asked, theme="Décisions d'archi"))
    assert done.id.startswith("decisions-d-archi/")


def test_a_write_that_supersedes_records_why_from_the_cli_and_refuses_a_lone_reason(
    make_base: MakeBase,
) -> None:
    # write --supersedes had no way to say why: the old record said it was replaced, never
    # why, unless a second command (supersede) was run instead
    from click.testing import CliRunner

    from mdbrain.adapters.cli import cli

    root = make_base({"old.md": doc("Sessions last a day", type="rule")})
    base = str(root.parent)
    args = ["-C", base, "write", "--title", "Sessions last an hour", "--summary", "One hour."]
    alone = CliRunner().invoke(cli, [*args, "--source", "x", "--reason", "too long"])
    assert alone.exit_code != 0 and "reason" in alone.output
    assert not (root / "sessions-last-an-hour.md").exists()
    done = CliRunner().invoke(
        cli, [*args, "--source", "x", "--supersedes", "old.md", "--reason", "a day was too long"]
    )
    assert done.exit_code == 0, done.output
    old = Brain.open(root).manifest(use_cache=False).get("old.md")
    assert old is not None and old.meta.get("superseded_reason") == "a day was too long"


def test_an_impl_ref_to_a_symbol_its_file_lacks_is_said_and_counts_for_nothing(
    make_base: MakeBase,
) -> None:
    """encode/httpx: ``--impl-ref httpx/_client.py#NoSuchThing`` entered as stable with no
    word, and the next update called the typo drift."""
    root = empty_base(make_base)
    brain = Brain.open(root, clock=lambda: TODAY)
    (brain.session.project / "app.py").write_text("def serve():\n    return 1\n", encoding="utf-8")
    typo = brain.write(
        WriteRequest(title="Serving", summary="How it serves.", impl_refs=["app.py#serv"])
    )
    assert typo.status == "draft" and typo.missing == {"app.py#serv": "no symbol serv in app.py"}
    assert "code that exists" in typo.draft_reason
    said = views.write_text(typo)
    assert "warning: impl_ref app.py#serv names no code: no symbol serv in app.py" in said
    # thanos-io/thanos: told to verify it, which verify then refused
    assert f"(point its impl_refs at code that is there, then verify {typo.id})" in said
    right = brain.write(
        WriteRequest(
            title="Serving twice",
            summary="Serving on two ports.",
            impl_refs=["app.py#serve", "gone.py"],
            new=True,
        )
    )
    assert right.status == "stable" and right.missing == {
        "gone.py": "no file or folder gone.py in the project"
    }
    again = brain.write(WriteRequest(doc=right.id, impl_refs=["app.py#serve", "app.py#nope"]))
    assert again.missing == {"app.py#nope": "no symbol nope in app.py"}  # only what it added


def test_a_write_walks_the_base_once_per_change_it_makes(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Under the write lock no other writer changes the base: the writer reads its own
    view again until it writes. A write into a base of ten thousand documents walked
    them ten times (every manifest asked for), a third of its time."""
    from mdbrain.store import scan

    pages = {f"theme/page-{n}.md": doc(f"Page {n}", f"Body of page {n}.") for n in range(30)}
    root = make_base(pages)
    walks = []
    real = scan.walk
    monkeypatch.setattr(scan, "walk", lambda *a, **k: walks.append(1) or real(*a, **k))
    with Brain.open(root) as brain:
        brain.index()
        walks.clear()
        report = brain.write(
            WriteRequest(
                title="Retry budget", summary="How often uploads are retried.", theme="notes"
            )
        )
        assert report.id == "notes/retry-budget.md"
        # the new page and its folder's new overview are both in what the index wrote
        assert "notes/retry-budget.md" in brain.manifest().by_id
        assert "notes/overview.md" in report.overviews
    # one before the lock, one under it, one after each write (the page, the overview,
    # the index's refreshed blocks), and the one reading the manifest back: ten before
    assert len(walks) <= 6
    index = (root / "INDEX.md").read_text(encoding="utf-8")
    assert "notes/retry-budget.md" in index and "notes/overview.md" in index

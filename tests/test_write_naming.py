"""Writing into a real layout: numbered decision records, names kept whole, the reason a
draft is one, and list fields an update adds to (or replaces when asked)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mdbrain.adapters import views
from mdbrain.adapters.cli import cli
from mdbrain.core import slug
from mdbrain.core.document import loads
from mdbrain.core.errors import InvalidRequestError
from mdbrain.service.brain import Brain
from mdbrain.service.writing import WriteRequest
from tests.conftest import MakeBase, doc

TODAY = dt.date(2026, 12, 3)


def records(make_base: MakeBase, *names: str) -> Path:
    """A base whose ``decisions`` folder holds ``names``, imported drafts with a source."""
    files = {"start.md": doc("Start", type="overview", sources="[x]")}
    for name in names:
        files[f"decisions/{name}.md"] = doc(
            name.split("-", 1)[-1].replace("-", " ").capitalize(),
            type="decision",
            status="draft",
            tags="[decisions]",
            sources=f"[docs/architecture/decisions/{name}.md]",
        )
    return make_base(files)


ADRS = ("0001-record-architecture-decisions", "0005-postgresql", "0032-reintroduce-epp")


def decision(title: str, theme: str = "decisions", *, replace: bool = False) -> WriteRequest:
    return WriteRequest(
        title=title,
        summary=f"{title}: what was chosen and why.",
        type="decision",
        theme=theme,
        sources=["meeting notes"],
        replace=replace,
    )


def meta(root: Path, doc_id: str) -> dict[str, object]:
    return dict(loads((root / doc_id).read_text(encoding="utf-8"), doc_id).meta)


def test_a_slug_keeps_a_languages_signs_and_drops_articles_before_words() -> None:
    # swiftlang/swift-evolution: "Using C++ from Swift" became using-c-from-swift, and a
    # cut in the middle turned "instead of the standard library" into "of the ..."
    assert slug.slugify("Using C++ from Swift") == "using-cpp-from-swift"
    assert slug.slugify("C# records and F# unions") == "csharp-records-and-fsharp-unions"
    assert slug.slugify("Notes #3 on g++") == "notes-3-on-gpp"
    long = "Ship generic math functions in Swift Numerics instead of the standard library"
    assert (
        slug.slugify(long, max_length=74)
        == "ship-generic-math-functions-in-swift-numerics-instead-of-standard-library"
    )
    assert slug.slugify(long) == slug.slugify(long.lower())  # short enough: whole


def test_a_title_keeps_its_words_whole() -> None:
    assert (
        slug.slugify("Cache static assets with WhiteNoise and CloudFront")
        == "cache-static-assets-with-whitenoise-and-cloudfront"
    )
    assert slug.slugify("Use GitHub Actions") == "use-github-actions"
    assert slug.slugify("loginService") == "login-service"  # one word: an identifier
    assert slug.slugify("GettingStarted") == "getting-started"
    # a file name of several words joined by dashes (JabRef's record 0024)
    assert (
        slug.slugify("0024-use-#-as-indicator-for-BibTeX-string-constants")
        == "0024-use-as-indicator-for-bibtex-string-constants"
    )


@pytest.mark.parametrize(
    ("name", "slugged", "title"),
    [
        # WebAssembly/design: "candc.md" and "jitlibrary.md" beside "high-level-goals.md",
        # and a page without a heading titled "CodeOfConduct"
        ("CAndC++.md", "c-and-cpp", "C And C++"),
        ("JITLibrary.md", "jit-library", "JIT Library"),
        ("CodeOfConduct.md", "code-of-conduct", "Code Of Conduct"),
        ("HighLevelGoals.md", "high-level-goals", "High Level Goals"),
        ("FAQ.md", "faq", "FAQ"),
        ("Win32API.md", "win32-api", "Win32 API"),
        # words apart already: each kept whole (pytorch/rfcs' "Py Torch" was a slip)
        (
            "RFC-0019-Extending-PyTorch.md",
            "rfc-0019-extending-pytorch",
            "RFC 0019 Extending PyTorch",
        ),
    ],
)
def test_a_file_name_of_joined_words_is_read_word_by_word(
    name: str, slugged: str, title: str
) -> None:
    from mdbrain.core import conversion

    assert slug.slugify(conversion.page_stem(name)) == slugged
    assert conversion.title_of("No heading here.\n", {}, name) == title


def test_a_numbered_folder_gives_the_next_number_or_the_one_the_title_asks(
    make_base: MakeBase,
) -> None:
    root = records(make_base, *ADRS)
    brain = Brain.open(root, clock=lambda: TODAY)
    asked = brain.write(decision("33. Cache static assets with WhiteNoise and CloudFront"))
    assert asked.id == "decisions/0033-cache-static-assets-with-whitenoise-and-cloudfront.md"
    assert "0033" in asked.numbered and "title" in asked.numbered
    following = brain.write(decision("Use Playwright for end-to-end testing"))
    assert following.id == "decisions/0034-use-playwright-for-end-to-end-testing.md"
    assert "decisions/0033-cache" in following.numbered
    assert "0034" in views.write_text(following)
    spelled = brain.write(decision("ADR 40: Keep sessions in the database"))
    assert spelled.id == "decisions/0040-keep-sessions-in-the-database.md"


def test_a_document_of_another_type_beside_records_takes_no_number(
    make_base: MakeBase,
) -> None:
    """reactjs/rfcs imported at the base's top: a fact written there took the next RFC's
    number (0228-guard-probe.md)."""
    brain = Brain.open(records(make_base, *ADRS), clock=lambda: TODAY)
    fact = WriteRequest(
        title="Guard probe",
        summary="The guard probe runs before every release.",
        type="fact",
        theme="decisions",
        sources=["runbook"],
    )
    written = brain.write(fact)
    assert written.id == "decisions/guard-probe.md" and not written.numbered
    # a number the title asks for is given whatever the type
    asked = brain.write(dataclasses.replace(fact, title="33. Probe twice"))
    assert asked.id == "decisions/0033-probe-twice.md"
    # and a record still takes the next one
    assert brain.write(decision("Use Playwright")).id == "decisions/0034-use-playwright.md"


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (("adr000-template", "adr001-use-typescript", "adr013-use-node-fetch"), "adr014"),
        (("ADR-0001-start", "ADR-0002-queues"), "ADR-0003"),
        # Kotlin/KEEP's proposals, as import names them
        (("keep-0004-type-aliases", "keep-0452-assign-once"), "keep-0453"),
    ],
)
def test_a_folder_writing_letters_before_its_numbers_keeps_them(
    make_base: MakeBase, names: tuple[str, ...], expected: str
) -> None:
    # found on backstage: its records are adr013-use-node-fetch.md and so on
    brain = Brain.open(records(make_base, *names), clock=lambda: TODAY)
    written = brain.write(decision("Use date-fns for dates"))
    assert written.id == f"decisions/{expected}-use-date-fns-for-dates.md"
    assert expected in written.numbered


def test_a_folder_numbered_by_numbers_given_elsewhere_gives_no_next_one(
    make_base: MakeBase,
) -> None:
    """golang/proposal: design/ names each document by its GitHub issue (2775, 2981,
    4238 ... 74609); a decision written there was numbered 74610, "next after" the
    last, as if it were issue #74610. A title starting with its number keeps it."""
    names = ("2775-binary-only", "2981-go-test-subtests", "4238-go12nil", "12302-release")
    brain = Brain.open(records(make_base, *names, "74609-leak-detection"), clock=lambda: TODAY)
    written = brain.write(decision("No new syntax for error handling"))
    assert written.id == "decisions/no-new-syntax-for-error-handling.md"
    assert "not numbered" in written.numbered
    given = brain.write(decision("32437: A try built-in"))
    assert given.id == "decisions/32437-a-try-built-in.md"
    dense = slug.series(["0001-a", "0002-b", "0004-c", "0005-d", "0007-e", "0009-f"])
    assert dense is not None and not dense.given_elsewhere


def test_folders_named_for_their_records_states_number_them_as_one_series(
    make_base: MakeBase,
) -> None:
    """npm/rfcs: an RFC written into accepted/ took 0055, the number of one in
    implemented/; its RFCs are numbered once across the folders of their states."""
    files = {"start.md": doc("Start", type="overview", sources="[x]")}
    for name in ("accepted/0054-opt-in", "implemented/0055-extensions", "withdrawn/0002-log"):
        files[f"rfcs/{name}.md"] = doc(name, type="decision", status="draft", sources="[x]")
    files["rfcs/meetings/0099-notes.md"] = doc("Notes", type="fact", sources="[x]")
    brain = Brain.open(make_base(files), clock=lambda: TODAY)
    written = brain.write(decision("Prompt before publishing", theme="rfcs/accepted"))
    assert written.id == "rfcs/accepted/0056-prompt-before-publishing.md"
    assert "next after rfcs/implemented/0055-extensions.md" in written.numbered
    with pytest.raises(InvalidRequestError, match=r"rfcs/withdrawn/0002-log\.md"):
        brain.write(decision("2. Keep a changelog", theme="rfcs/accepted"))


def test_a_number_already_held_is_refused_and_nothing_is_written(make_base: MakeBase) -> None:
    root = records(make_base, *ADRS)
    before = sorted(p.name for p in (root / "decisions").iterdir())
    brain = Brain.open(root, clock=lambda: TODAY)
    with pytest.raises(InvalidRequestError, match=r"0005-postgresql\.md.*next free number, 33"):
        brain.write(decision("5. Use MySQL for the registry"))
    assert sorted(p.name for p in (root / "decisions").iterdir()) == before


def test_folders_without_a_numbering_keep_plain_names_and_dated_ones_take_today(
    make_base: MakeBase,
) -> None:
    root = make_base(
        {
            "start.md": doc("Start", type="overview", sources="[x]"),
            "decisions/use-postgres.md": doc("Use Postgres"),
            "decisions/0001-record-decisions.md": doc("Record decisions"),
            "decisions/use-django.md": doc("Use Django"),
            "log/20240105-kickoff.md": doc("Kickoff"),
            "log/20240312-launch.md": doc("Launch"),
        }
    )
    brain = Brain.open(root, clock=lambda: TODAY)
    plain = brain.write(decision("33. Cache static assets"))
    assert plain.id == "decisions/33-cache-static-assets.md" and plain.numbered == ""
    dated = brain.write(decision("Move to a new host", "log"))
    assert dated.id == "log/20261203-move-to-a-new-host.md"


def test_a_folder_named_by_months_takes_this_month_and_holds_no_number_twice(
    make_base: MakeBase,
) -> None:
    """thanos-io/thanos names its proposals by month (``202012-...``), some by day: check
    said 202005 was held three times and to renumber history, and write named a new one
    ``20221130-...``, the day after the last."""
    root = make_base(
        {
            "proposals/202005-store-sharding.md": doc("Store sharding"),
            "proposals/202005-query-pushdown.md": doc("Query pushdown"),
            "proposals/202012-deletions.md": doc("Deletions"),
            "proposals/20221129-avoid-global-sort.md": doc("Avoid global sort"),
            "proposals/201812-remote-receive.md": doc("Remote receive"),
        }
    )
    brain = Brain.open(root, clock=lambda: TODAY)
    assert not [f for f in brain.check().findings if f.code == "W018"]
    written = brain.write(decision("Tenant-aware compaction", "proposals"))
    assert written.id == "proposals/202612-tenant-aware-compaction.md"
    assert slug.series(["123456-a", "123457-b"]).kind == "number"  # type: ignore[union-attr]


def test_an_update_tells_why_a_sourced_document_is_still_a_draft(make_base: MakeBase) -> None:
    root = records(make_base, *ADRS)
    brain = Brain.open(root, clock=lambda: TODAY)
    report = brain.write(WriteRequest(doc="decisions/0005-postgresql.md", summary="Postgres."))
    assert report.status == "draft"
    text = views.write_text(report)
    assert "no sources" not in text and "it has sources" in text
    fresh = brain.write(WriteRequest(title="Session length", summary="Eight hours.", theme="facts"))
    assert "status draft: no sources" in views.write_text(fresh)


def test_an_update_adds_to_lists_and_replaces_them_only_when_asked(
    make_base: MakeBase,
) -> None:
    root = records(make_base, *ADRS)
    (root.parent / "src").mkdir(exist_ok=True)
    (root.parent / "src" / "db.py").write_text("x = 1\n", encoding="utf-8")
    brain = Brain.open(root, clock=lambda: TODAY)
    target = "decisions/0005-postgresql.md"
    added = brain.write(
        WriteRequest(
            doc=target,
            tags=["database"],
            impl_refs=["src/db.py"],
            related=["decisions/0032-reintroduce-epp.md"],
        )
    )
    fields = meta(root, target)
    assert fields["tags"] == ["decisions", "database"]
    assert fields["impl_refs"] == ["src/db.py"]
    assert fields["related"] == ["decisions/0032-reintroduce-epp.md"]
    assert "tags: added database; now decisions, database" in views.write_text(added)
    replaced = brain.write(WriteRequest(doc=target, tags=["postgres"], replace=True))
    assert meta(root, target)["tags"] == ["postgres"]
    assert "tags replaced: now postgres (removed: decisions, database)" in views.write_text(
        replaced
    )
    with pytest.raises(InvalidRequestError, match="replace applies to an update"):
        brain.write(decision("Use Redis", replace=True))


def test_the_command_line_adds_tags_and_says_so(make_base: MakeBase) -> None:
    root = records(make_base, *ADRS)
    result = CliRunner().invoke(
        cli,
        ["-C", str(root), "write", "--doc", "decisions/0005-postgresql.md", "--tag", "database"],
    )
    assert result.exit_code == 0, result.output
    assert "tags: added database; now decisions, database" in result.output
    options = ["--tag", "sql", "--replace", "--json"]
    replaced = CliRunner().invoke(
        cli, ["-C", str(root), "write", "--doc", "decisions/0005-postgresql.md", *options]
    )
    assert json.loads(replaced.output)["lists"][0]["now"] == ["sql"]


def test_a_page_imported_under_an_older_name_is_still_found_on_import(tmp_path: Path) -> None:
    source = tmp_path / "wiki"
    source.mkdir()
    (source / "My GitHub Page.md").write_text("# My GitHub page\n\nHow we use it.\n")
    project = tmp_path / "project"
    (project / "kb").mkdir(parents=True)
    (project / ".rag").write_text('version: "1"\nroot: kb\nlang: en\n', encoding="utf-8")
    first = Brain.open(project).import_docs(source)
    assert list(first.imported.values()) == ["my-github-page.md"]
    # an import made when capitals split words named it my-git-hub-page.md
    (project / "kb" / "my-github-page.md").rename(project / "kb" / "my-git-hub-page.md")
    (source / "Other.md").write_text("# Other\n\nSee [the page](My%20GitHub%20Page.md).\n")
    again = Brain.open(project).import_docs(source)
    assert list(again.imported.values()) == ["other.md"]
    assert not (project / "kb" / "my-github-page.md").exists()
    assert "my-git-hub-page.md" in (project / "kb" / "other.md").read_text(encoding="utf-8")


def test_which_folders_are_numbered_and_which_titles_give_a_number() -> None:
    numbered = slug.series(["0001-a", "0002-b", "README", "33-typo"])
    assert numbered is not None and numbered.width == 4 and numbered.next == 34
    assert slug.series(["0001-record-architecture-decisions"]) is not None  # padded: a series
    assert slug.series(["404-page", "about"]) is None
    assert slug.series(["2fa-setup", "1-intro", "usage"]) is None  # not most of the folder
    days = slug.series(["2024-01-05-kickoff", "2024-02-01-launch"])
    assert days is not None and days.kind == "day"
    assert slug.title_number("33. Cache assets") == (33, "Cache assets")
    assert slug.title_number("ADR 33: Cache assets") == (33, "Cache assets")
    assert slug.title_number("ADR-0007 Use Django") == (7, "Use Django")
    assert slug.title_number("3.5 release notes") == (None, "3.5 release notes")
    assert slug.title_number("2FA for admins") == (None, "2FA for admins")


@pytest.mark.anyio
async def test_the_mcp_write_tool_adds_tags_or_replaces_them(make_base: MakeBase) -> None:
    mcp_server = pytest.importorskip("mdbrain.adapters.mcp_server")
    from mcp import Client

    root = records(make_base, *ADRS)
    server = mcp_server.build(lambda: mcp_server.open_bases([root.parent]))
    target = "decisions/0005-postgresql.md"
    async with Client(server) as client:
        added = await client.call_tool("write", {"doc": target, "tags": ["database"]})
        assert meta(root, target)["tags"] == ["decisions", "database"]
        await client.call_tool("write", {"doc": target, "tags": ["sql"], "replace": True})
    assert "tags: added database" in "".join(getattr(c, "text", "") for c in added.content)
    assert meta(root, target)["tags"] == ["sql"]


def test_a_title_that_names_an_rfc_or_a_year_is_given_the_next_number(
    make_base: MakeBase,
) -> None:
    root = records(make_base, *ADRS)
    brain = Brain.open(root, clock=lambda: TODAY)
    rfc = brain.write(decision("RFC 7231 compliance for our HTTP layer"))
    assert rfc.id == "decisions/0033-rfc-7231-compliance-for-our-http-layer.md"
    year = brain.write(decision("2024: plan the registry move"))
    assert year.id == "decisions/0034-2024-plan-the-registry-move.md"
    # found on adr-tools: "42. Publish releases" took the next number without a word why
    assert "the title's 2024 is more than 10 past it" in year.numbered
    assert "past it" not in rfc.numbered  # no number read in that title at all
    assert slug.title_number("RFC 7231 compliance") == (None, "RFC 7231 compliance")


def test_a_number_another_writer_took_meanwhile_is_not_given_twice(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.service import writing

    root = records(make_base, *ADRS)
    place = writing.Writer._place
    calls: list[str] = []

    def other_writer_first(self: writing.Writer, request: WriteRequest, **how: Any) -> Any:
        chosen = place(self, request, **how)
        if not calls:  # after the number is chosen, before the lock: 0033 is written
            (root / "decisions" / "0033-use-queues-for-jobs.md").write_text(
                doc("Use queues for jobs", type="decision", sources="[x]"), encoding="utf-8"
            )
        calls.append(chosen[0])
        return chosen

    monkeypatch.setattr(writing.Writer, "_place", other_writer_first)
    done = Brain.open(root, clock=lambda: TODAY).write(decision("Cache pages at the edge"))
    assert done.id == "decisions/0034-cache-pages-at-the-edge.md"
    held = sorted(p.name[:4] for p in (root / "decisions").glob("00*.md"))
    assert held == sorted(set(held))  # no number twice


def test_an_empty_tag_is_no_tag(make_base: MakeBase) -> None:
    root = records(make_base, *ADRS)
    target = "decisions/0005-postgresql.md"
    Brain.open(root, clock=lambda: TODAY).write(
        WriteRequest(doc=target, tags=["", "  ", "database"])
    )
    assert meta(root, target)["tags"] == ["decisions", "database"]


@pytest.mark.parametrize("theme", [".", "./", "/", ""])
def test_the_root_is_named_as_import_names_it(make_base: MakeBase, theme: str) -> None:
    """rust-lang/rfcs' trial: 'write --theme .' said "theme is empty", though
    'import --theme .' means the root and 'write' with no theme writes there."""
    brain = Brain.open(records(make_base), clock=lambda: TODAY)
    assert brain.write(decision("Keep the root tidy", theme)).id == "keep-the-root-tidy.md"


def test_a_folder_of_records_named_by_series_and_number_alone_gives_the_next(
    make_base: MakeBase,
) -> None:
    # nats-io/nats-architecture-and-design: adr/ADR-1.md ... ADR-60.md; a new record took
    # a long name of its title, outside the series
    root = records(make_base, "adr-1", "adr-2", "adr-10", "adr-9")
    assert slug.number_of("adr-10.md") == 10 and slug.number_of("2024.md") is None
    brain = Brain.open(root, clock=lambda: TODAY)
    written = brain.write(decision("Consumer pause API"))
    assert written.id == "decisions/adr-11-consumer-pause-api.md"
    asked = brain.write(decision("ADR-14: Hostname resolution"))
    assert asked.id == "decisions/adr-14-hostname-resolution.md"

"""A page the guard keeps out of an import, and the import that brings it in later.

From cisagov/manage.get.gov: record 12 is superseded by record 20, which lists the
agency's public phone number and address. The guard stops 20; no document may name it
until it is written, and the import run again once it is allowed must leave the base as
one import of both pages would."""

from __future__ import annotations

import datetime as dt
import posixpath
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from mdbrain.core import document, guard
from mdbrain.service import importing
from mdbrain.service.brain import Brain
from mdbrain.service.importing import ImportReport
from tests.conftest import MakeBase, write_base

TODAY = dt.date(2026, 7, 1)
PHONE, ADDRESS = "+1.8882820870", "dotgov@cisa.dhs.gov"
OLD = (
    "# 12. Use one user model\n\nDate: 2022-09-26\n\n## Status\n\n"
    "Superseded by [20. User models revisited](./0020-user-models-revisited.md)\n\n"
    "## Decision\n\nOne model holds the users.\n"
)
NEW = (
    "# 20. User models revisited\n\nDate: 2023-03-01\n\n## Status\n\nAccepted\n\n"
    "## Decision\n\nContacts live apart from users. The registry's own contact:\n\n"
    f"|voice    |  {PHONE}\n|email    |  {ADDRESS}\n"
)
OLD_ID, NEW_ID = "decisions/0012-user-models.md", "decisions/0020-user-models-revisited.md"


def records(project: Path) -> Path:
    source = project / "docs" / "architecture" / "decisions"
    source.mkdir(parents=True)
    (source / "0012-user-models.md").write_text(OLD, encoding="utf-8")
    (source / "0020-user-models-revisited.md").write_text(NEW, encoding="utf-8")
    return source


def run_import(root: Path, source: Path, **options: Any) -> ImportReport:
    with Brain.open(root, clock=lambda: TODAY) as brain:
        return importing.import_folder(brain.session, source, **options)


def read(root: Path, doc_id: str) -> document.Document:
    return document.loads((root / doc_id).read_text(encoding="utf-8"), doc_id)


def allow(root: Path, entries: list[str]) -> None:
    marker = root.parent / ".rag"
    listed = ", ".join(f'"{entry}"' for entry in entries)
    marker.write_text(
        marker.read_text(encoding="utf-8") + f"guard:\n  allow: [{listed}]\n", encoding="utf-8"
    )


def findings(root: Path) -> list[tuple[str, str]]:
    return [(f.code, f.message) for f in Brain.open(root, clock=lambda: TODAY).check().findings]


def test_no_record_names_a_page_the_guard_kept_out(make_base: MakeBase) -> None:
    root = make_base({})
    report = run_import(root, records(root.parent))
    assert report.imported == {"0012-user-models.md": OLD_ID}
    assert {s.source for s in report.stopped} == {"0020-user-models-revisited.md"}
    assert report.supersessions == ()
    old = read(root, OLD_ID)
    assert "superseded_by" not in old.meta and "superseded_on" not in old.meta
    assert old.meta["status"] == "draft"  # not deprecated with no successor (W011)
    # the body's link leads to the file, as for any page the import leaves out
    assert "(../../docs/architecture/decisions/0020-user-models-revisited.md)" in old.body
    said = [n for n in report.notes if n.startswith("0012-user-models.md: superseded_by")]
    assert said == [
        f"0012-user-models.md: superseded_by {NEW_ID} left out, since the guard stopped"
        " 0020-user-models-revisited.md; the import that brings it in adds it"
    ]
    assert findings(root) == []


def test_the_import_run_again_once_allowed_completes_both_sides(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({})
    source = records(root.parent)
    first = run_import(root, source)
    # the entries the report names are the ones that let the values through
    entries = sorted({m for s in first.stopped for m in re.findall(r"'(digest:\w+)'", s.allow)})
    assert len(entries) == 2
    allow(root, entries)
    edited = (root / OLD_ID).read_text(encoding="utf-8") + "\nReviewed by the team.\n"
    (root / OLD_ID).write_text(edited, encoding="utf-8")  # edited by hand in between

    dry = run_import(root, source, dry_run=True)
    assert (root / OLD_ID).read_text(encoding="utf-8") == edited
    again = run_import(root, source)
    assert dry.notes == again.notes
    assert again.imported == {"0020-user-models-revisited.md": NEW_ID}
    assert [(s.old, s.new) for s in again.supersessions] == [(OLD_ID, NEW_ID)]
    assert OLD_ID in again.written
    assert (
        f"{OLD_ID}, imported before: superseded_by {NEW_ID}; status deprecated" in (again.notes[-1])
    )
    old, new = read(root, OLD_ID), read(root, NEW_ID)
    assert old.meta["superseded_by"] == [NEW_ID] and old.meta["status"] == "deprecated"
    assert new.meta["supersedes"] == [OLD_ID]
    assert "[20. User models revisited](0020-user-models-revisited.md)" in old.body
    assert old.body.endswith("\nReviewed by the team.\n")  # the hand's edit stays
    assert findings(root) == []

    # as one import of both pages makes them, but for the edit and the order of fields
    other = write_base(tmp_path / "other", {})
    allow(other, entries)
    run_import(other, shutil.copytree(source, other.parent / source.relative_to(root.parent)))
    assert read(other, OLD_ID).meta == old.meta and read(other, NEW_ID) == new
    assert read(other, OLD_ID).body + "\nReviewed by the team.\n" == old.body


def test_a_base_an_older_import_left_naming_the_refused_page_is_mended(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    source = records(root.parent)
    run_import(root, source)
    written = (root / OLD_ID).read_text(encoding="utf-8")  # as imports wrote it before
    (root / OLD_ID).write_text(
        written.replace("status: draft\n", f"status: deprecated\nsuperseded_by: [{NEW_ID}]\n"),
        encoding="utf-8",
    )
    allow(root, [PHONE, ADDRESS])  # values written out still pass
    again = run_import(root, source)
    assert again.imported == {"0020-user-models-revisited.md": NEW_ID}
    assert read(root, OLD_ID).meta["superseded_by"] == [NEW_ID]
    assert findings(root) == []


def test_the_allow_list_takes_the_digest_a_report_shows_with_or_without_its_prefix(
    make_base: MakeBase,
) -> None:
    text = f"Call {PHONE} or write to {ADDRESS}.\n"
    digests = {guard.digest(PHONE): PHONE, guard.digest(ADDRESS): ADDRESS}
    assert {hit.digest for hit in guard.personal(text)} == set(digests)
    for digest, value in digests.items():
        for entry in (value, f"digest:{digest}", digest, digest.upper()):
            left = {hit.digest for hit in guard.personal(text, frozenset({entry}))}
            assert left == set(digests) - {digest}, entry
    root = make_base({"contact.md": f"---\ntitle: Contact\n---\n\n{text}"})
    assert {code for code, _ in findings(root)} >= {"E009"}
    allow(root, list(digests))
    assert "E009" not in {code for code, _ in findings(root)}


def test_a_synthesis_page_citing_a_record_an_import_supersedes_turns_needs_review(
    make_base: MakeBase,
) -> None:
    # rule 4, whichever way the supersession comes: here, importing again once allowed
    root = make_base({})
    source = records(root.parent)
    run_import(root, source)
    (root / "storage-overview.md").write_text(
        "---\ntitle: Storage overview\nsummary: What we decided on users.\ntype: overview\n"
        f"status: stable\ntags: [decisions]\nsources: [notes]\nrelated: [{OLD_ID}]\n---\n\n"
        f"# Storage overview\n\nSee [the user model]({OLD_ID}).\n",
        encoding="utf-8",
    )
    allow(root, [PHONE, ADDRESS])
    dry = run_import(root, source, dry_run=True)
    assert read(root, "storage-overview.md").meta["status"] == "stable"
    again = run_import(root, source)
    assert dry.notes == again.notes
    overview = read(root, "storage-overview.md")
    assert overview.meta["status"] == "needs-review"
    assert f"cites {OLD_ID}, superseded by {NEW_ID}" in str(overview.meta["review_reason"])
    assert any("storage-overview.md now needs review" in note for note in again.notes)


def test_a_link_to_an_mdx_page_the_guard_stops_leads_to_its_file_then_to_its_document(
    make_base: MakeBase,
) -> None:
    # from facebook/docusaurus: deployment.mdx names a maintainer's address in a sample
    root = make_base({})
    source = root.parent / "docs"
    source.mkdir()
    (source / "intro.mdx").write_text(
        "# Intro\n\nSee [the SSH deploy](deployment.mdx#ssh) first.\n", encoding="utf-8"
    )
    (source / "deployment.mdx").write_text(
        f"# Deployment\n\n## SSH\n\n```yaml\nemail: {ADDRESS}\n```\n", encoding="utf-8"
    )
    first = run_import(root, source)
    assert list(first.imported) == ["intro.mdx"]
    assert not first.broken_links  # the page is in the project, only not imported
    intro = first.imported["intro.mdx"]
    assert "](../docs/deployment.mdx#ssh)" in (root / intro).read_text(encoding="utf-8")
    assert findings(root) == []
    allow(root, [ADDRESS])
    again = run_import(root, source)
    assert list(again.imported) == ["deployment.mdx"]
    wanted = posixpath.relpath(again.imported["deployment.mdx"], posixpath.dirname(intro))
    assert f"]({wanted}#ssh)" in (root / intro).read_text(encoding="utf-8")
    assert findings(root) == []


def test_a_link_in_a_sites_form_to_a_page_the_guard_stopped_leads_to_it_once_imported(
    make_base: MakeBase,
) -> None:
    """nodejs/node's API pages link each other as their site serves them ("util.html");
    util.md came in on a second import once allowed, and fs.md kept linking util.html."""
    root = make_base({})
    source = root.parent / "api"
    source.mkdir()
    api = {
        "fs.md": "# File system\n\nSee [util.inspect()](util.html#util_inspect) and"
        " [buffers](buffer.html).\n",
        "util.md": f"# Util\n\n## util.inspect\n\nReports go to {ADDRESS}.\n",
        "buffer.md": "# Buffer\n\nBytes.\n",
    }
    for name, text in api.items():
        (source / name).write_text(text, encoding="utf-8")
    first = run_import(root, source)
    assert sorted(first.imported) == ["buffer.md", "fs.md"]
    fs = first.imported["fs.md"]
    assert "](buffer.md)" in (root / fs).read_text(encoding="utf-8")
    allow(root, [ADDRESS])
    again = run_import(root, source)
    assert list(again.imported) == ["util.md"]
    wanted = posixpath.relpath(again.imported["util.md"], posixpath.dirname(fs))
    assert f"]({wanted}#util_inspect)" in (root / fs).read_text(encoding="utf-8")
    assert [code for code, _message in findings(root) if code.startswith("W0")] == []


def imported_into_theme(
    tmp_path: Path, folder: str, pages: dict[str, str], theme: str
) -> tuple[Path, importing.ImportReport]:
    """A base, and the report of importing ``pages`` from the project's ``folder``."""
    root = write_base(tmp_path / "project", {})
    source = tmp_path / "project" / folder
    source.mkdir()
    for name, text in pages.items():
        (source / name).write_text(text, encoding="utf-8")
    with Brain.open(root, clock=lambda: TODAY) as brain:
        return root, importing.import_folder(brain.session, source, theme=theme)


def test_addresses_in_author_fields_are_left_out_rather_than_the_page(tmp_path: Path) -> None:
    """ethereum/EIPs: the guard refused 80 proposals whole, EIP-1 among them, for the
    authors' e-mail addresses in their frontmatter."""
    root, report = imported_into_theme(
        tmp_path,
        "EIPS",
        {
            "eip-1.md": "---\ntitle: EIP purpose\nauthor: Ann Roe (@ann)"
            " <ann.roe@protonmail.com>, Bo Li\nauthors: [Cy Fox <cy.fox@fastmail.com>]\n---\n\n"
            "What an EIP is.\n",
            # NixOS/rfcs: RFC 0036 was refused for the address in its co-authors
            "eip-3.md": "---\ntitle: Process\nco-authors: Di Wu <di.wu@fastmail.com>\n"
            "shepherd-leader: Ed Po <ed.po@fastmail.com>\n---\n\nHow a change is made.\n",
            # prometheus/docs' OpenMetrics specs: authors as mappings with an email field
            "eip-4.md": "---\ntitle: Spec\nauthor:\n- name: Fa Ro\n  email: fa.ro@fastmail.com\n"
            "  organization: Acme\n---\n\nThe format.\n",
            "eip-2.md": "---\ntitle: Other\nauthor: Bo Li\n---\n\n"
            "Write to bo.li@fastmail.com about it.\n",
            # dapr/proposals: handles alone hold no address, and the line stays as it is
            "eip-5.md": "# Metrics\n\n* Author(s): @nelson-parente @jmprusi \n\nPaths.\n",
        },
        "eips",
    )
    assert list(report.imported) == ["eip-1.md", "eip-3.md", "eip-4.md", "eip-5.md"]
    fifth = (root / "eips" / "eip-5.md").read_text(encoding="utf-8")
    assert "* Author(s): @nelson-parente @jmprusi \n" in fifth
    written = document.loads((root / "eips" / "eip-1.md").read_text(encoding="utf-8"), "eip-1.md")
    assert written.meta["author"] == "Ann Roe (@ann), Bo Li"
    assert written.meta["authors"] == ["Cy Fox"]
    third = document.loads((root / "eips" / "eip-3.md").read_text(encoding="utf-8"), "eip-3.md")
    assert (third.meta["co-authors"], third.meta["shepherd-leader"]) == ("Di Wu", "Ed Po")
    fourth = document.loads((root / "eips" / "eip-4.md").read_text(encoding="utf-8"), "eip-4.md")
    assert fourth.meta["author"] == [{"name": "Fa Ro", "organization": "Acme"}]
    assert any(n.startswith("e-mail addresses left out of the author fields of 3 pages (eip-1")
               for n in report.notes)  # fmt: skip
    # an address in the text is personal data still: that page stays out
    assert [case.source for case in report.skipped] == ["eip-2.md"]


def test_addresses_in_author_lines_at_a_pages_top_are_left_out_too(tmp_path: Path) -> None:
    """grpc/proposal: nine proposals were refused for "* Author(s): Mark Roth (mr@...)"."""
    root, report = imported_into_theme(
        tmp_path,
        "props",
        {
            "A1-proxy.md": "A1: Proxy support\n----\n* Author(s): Ann Roe"
            " (ann.roe@protonmail.com), Bo Li <bo.li@fastmail.com>\n* Status: Final\n\n"
            "## Abstract\n\nProxies.\n",
            "A2-other.md": "A2: Other\n----\n* Author(s): Bo Li\n\n## Abstract\n\n"
            "Write to bo.li@fastmail.com.\n",
        },
        "props",
    )
    assert list(report.imported) == ["A1-proxy.md"]
    text = (root / report.imported["A1-proxy.md"]).read_text(encoding="utf-8")
    assert "* Author(s): Ann Roe, Bo Li\n" in text and "@" not in text
    assert [case.source for case in report.skipped] == ["A2-other.md"]  # in its text: refused


def test_an_author_line_in_a_code_block_is_no_field(tmp_path: Path) -> None:
    from mdbrain.service.importing import _authors_without_addresses

    body = "# Log\n\n```\ncommit 1\nAuthor: Ana <ana@lumen-labs.fr>\n```\n"
    assert _authors_without_addresses(body) == body
    top = "# A\n\n* Authors: Ana <ana@lumen-labs.fr>\n"
    assert _authors_without_addresses(top) == "# A\n\n* Authors: Ana\n"


@pytest.mark.parametrize(
    ("line", "kept"),
    [
        # golang/proposal's 12302: the address between entities, the entity's ";" lost
        ("Author: Dave Cheney &lt;dave@cheney.net&gt;", "Author: Dave Cheney"),
        # jupyter's JEP 29: a mailto link left empty, and its brackets
        (
            "Authors: Jason Grout ([jason@grout.org](mailto:jason@grout.org)), Ana Ruiz",
            "Authors: Jason Grout, Ana Ruiz",
        ),
        ("Author: Bo Li <bo@li.dev>; Ann Roe", "Author: Bo Li; Ann Roe"),
    ],
)
def test_an_address_left_out_leaves_no_empty_link_or_broken_entity(line: str, kept: str) -> None:
    from mdbrain.service.importing import _authors_without_addresses, _without_address

    assert _authors_without_addresses(f"# A\n\n{line}\n") == f"# A\n\n{kept}\n"
    field = line.partition(": ")[2]
    assert _without_address(field) == kept.partition(": ")[2]


def test_a_link_from_the_top_to_the_refused_page_leads_to_its_file_then_to_it(
    make_base: MakeBase,
) -> None:
    """microsoft/vscode-docs links its pages from the project's top (``/docs/configure/
    extensions/extension-marketplace.md``), a page the guard stops for a public e-mail
    address: those 44 links were reported missing, kept as written, and still so once the
    page was allowed and imported."""
    root = make_base({})
    source = records(root.parent)
    (source / "0013-contacts.md").write_text(
        "# 13. Contacts\n\nDate: 2022-10-01\n\n## Status\n\nAccepted\n\n## Decision\n\n"
        "See [the revisit](/docs/architecture/decisions/0020-user-models-revisited.md#decision).\n",
        encoding="utf-8",
    )
    first = run_import(root, source)
    linked = "(../../docs/architecture/decisions/0020-user-models-revisited.md#decision)"
    assert linked in read(root, "decisions/0013-contacts.md").body
    assert not [b for b in first.broken_links if "0020" in b.target]
    entries = sorted({m for s in first.stopped for m in re.findall(r"'(digest:\w+)'", s.allow)})
    allow(root, entries)
    run_import(root, source)
    assert "[the revisit](0020-user-models-revisited.md#decision)" in (
        read(root, "decisions/0013-contacts.md").body
    )
    assert findings(root) == []


def test_what_a_page_the_guard_kept_out_links_to_is_not_reported(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """openshift/enhancements' dev-guide: a page refused for a person's address, written
    as a link ("[Albert](amyles@corp-mail.comto)"), was listed among the broken links
    with that address."""
    root = make_base({})
    source = root.parent / "guide"
    source.mkdir()
    (source / "coaching.md").write_text(
        "# Coaching\n\nAsk [Albert Myles](amyles@corp-mail.comto) for a coach.\n\n"
        "Or write to albert.myles@corp-mail.fr.\n",
        encoding="utf-8",
    )
    (source / "intro.md").write_text(
        "# Intro\n\nRead [the coaching page](coaching.md) and [this](missing.md).\n",
        encoding="utf-8",
    )
    for dry_run in (True, False):
        report = run_import(root, source, dry_run=dry_run)
        assert [s.source for s in report.stopped] == ["coaching.md"]
        said = repr(report)
        assert "albert.myles" not in said, said
        assert {b.source for b in report.broken_links} == {"intro.md"}

"""Importing decision records: the state each one writes is kept as ``original_status``,
``--verified`` puts only decided records in force, and a partial supersession is a
relation both ways (shapes of alphagov/govuk-aws and thomvaill/log4brains)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import pytest

from mdbrain.core import adr, conversion, dates, document, record_names
from mdbrain.service import importing
from mdbrain.service.brain import Brain
from mdbrain.service.importing import ImportReport
from mdbrain.service.reading import Filters
from tests.conftest import MakeBase, write_tree

TODAY = dt.date(2026, 7, 1)

# one record of each shape the logs write their state in
LOG = {
    # Nygard, as adr-tools writes it (blank lines holding a space, as govuk-aws has them)
    "0001-record.md": "# 1. Record decisions\n\nDate: 2017-06-01\n\n## Status\n \nAccepted\n \n"
    "## Context\n\nWe need a log.\n\n## Decision\n\nWe keep one.\n",
    # a Status line
    "0002-puppet.md": "# 2. Puppet\n\nStatus: Pending\n\n## Context\n\nHosts.\n\n"
    "## Decision\n\nWe might use Puppet.\n",
    # MADR 3: a status field
    "0003-queues.md": "---\nstatus: proposed\ndate: 2021-01-02\n---\n# Use queues\n\n"
    "## Context and Problem Statement\n\nLoad.\n\n## Decision Outcome\n\nQueues.\n",
    # log4brains (MADR 2 with its patch)
    "0004-markdown.md": "# Use Markdown records\n\n- Status: accepted\n- Date: 2020-09-24\n\n"
    "## Context and Problem Statement\n\nFormat.\n\n## Decision Outcome\n\nMADR.\n",
    # govuk-aws 0003: partly superseded, by a record that says so in its context
    "0005-networking.md": "# 5. Networking\n\nDate: 2017-06-30\n\n## Status\n\n"
    "Partly superseded\n\n## Context\n\nRanges.\n\n## Decision\n\nOne VPC each.\n",
    "0006-ip-ranges.md": "# 6. IP ranges\n\nDate: 2018-09-26\n\n## Status\n\nPending\n\n"
    "## Context\n\nThis ADR in part supersedes [0005](0005-networking.md).\n\n"
    "## Decision\n\nNew ranges.\n",
    "0007-approved.md": "# 7. Documents\n\n## Status\n\n**Approved**\n\n## Decision\n\nYes.\n",
    "0008-old-dns.md": "# 8. Old DNS\n\n## Status\n\nSuperseded by [9. DNS](0009-dns.md)\n\n"
    "## Decision\n\nOld.\n",
    "0009-dns.md": "# 9. DNS\n\n## Status\n\nAccepted\n\nSupersedes [8. Old DNS](0008-old-dns.md)\n\n"
    "## Decision\n\nNew.\n",
}


def run_import(root: Path, source: Path, **options: Any) -> ImportReport:
    with Brain.open(root, clock=lambda: TODAY) as brain:
        return importing.import_folder(brain.session, source, **options)


def write_log(folder: Path, texts: dict[str, str]) -> Path:
    folder.mkdir(parents=True)
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def imported(root: Path, report: ImportReport) -> dict[str, dict[str, Any]]:
    """The frontmatter of each imported page, by its name in the source."""
    return {
        name: document.loads((root / doc_id).read_text(encoding="utf-8"), doc_id).meta
        for name, doc_id in report.imported.items()
    }


@pytest.mark.parametrize(
    ("body", "meta", "state", "written"),
    [
        ("# 1. A\n\n## Status\n\nAccepted\n\n## Context\n\nX.\n", {}, "accepted", "Accepted"),
        ("# A\n\nStatus: Pending\n\n## Decision\n\nX.\n", {}, "proposed", "Pending"),
        ("# A\n\n## Decision Outcome\n\nX.\n", {"status": "proposed"}, "proposed", "proposed"),
        ("# A\n\n- Status: accepted\n- Date: 2020-09-24\n", {}, "accepted", "accepted"),
        ("# A\n\n## Status\n\nPartly superseded\n", {}, "amended", "Partly superseded"),
        ("# A\n\n## Status\n\nUnder discussion <!-- x -->\n", {}, "proposed", "Under discussion"),
        (
            "# A\n\n## Status\n\nAccepted\n\nAmended by [7. B](0007-b.md)\n",
            {},
            "accepted",
            "Accepted",
        ),
        (
            "# A\n\n## Status\n\n* Superseded by [ADR 7](0007-b.md)\n",
            {},
            "superseded",
            "Superseded by ADR 7",
        ),
        # emberjs/rfcs: an RFC's stage, in its frontmatter
        ("# A\n\n## Summary\n\nX.\n", {"stage": "discontinued"}, "deprecated", "discontinued"),
        ("# A\n\n## Summary\n\nX.\n", {"stage": "released"}, "accepted", "released"),
        (
            "# A\n\n## Summary\n\nX.\n",
            {"stage": "ready-for-release"},
            "accepted",
            "ready-for-release",
        ),
        (  # a form's list of choices left unfilled: no state, not "rejected"
            "# A\n\nStatus: [proposed, approved, rejected, deprecated]\n\n## Decision\n\nX.\n",
            {},
            "",
            "[proposed, approved, rejected, deprecated]",
        ),
    ],
)
def test_a_record_reads_its_state_as_the_page_writes_it(
    body: str, meta: dict[str, Any], state: str, written: str
) -> None:
    record = adr.read("docs/adr/0001-a.md", body, meta)
    assert record is not None
    assert (record.state, record.stated) == (state, written)


@pytest.mark.parametrize(
    ("written", "state"),
    [
        # not in force yet (cloudfoundry/cf-k8s-networking writes "Proposal")
        ("Proposal", "proposed"),
        ("In Progress", "proposed"),
        ("On hold", "proposed"),
        ("Postponed", "proposed"),
        ("Deferred", "proposed"),
        ("Waiting on Review", "proposed"),
        ("Proposition", "proposed"),
        ("En cours", "proposed"),
        ("En attente de validation", "proposed"),
        ("Reportée", "proposed"),
        ("Suspendue", "proposed"),
        # turned down: a negation is no acceptance
        ("Discarded", "rejected"),
        ("Shelved", "rejected"),  # pytorch/rfcs' rejection
        ("Commenting", "proposed"),
        ("Stalled", "proposed"),
        ("Not accepted", "rejected"),
        ("not approved", "rejected"),
        ("Non retenue", "rejected"),
        ("Non validé", "rejected"),
        # decided, whatever else it says
        ("Accepted, implementation in progress", "accepted"),
        ("Accepted (was proposed)", "accepted"),
        ("Accepted (support for Python 2 dropped)", "accepted"),
        ("Accepted; the Kafka option was discarded", "accepted"),
        ("Approved, not adopted by the mobile team", "accepted"),
        # cilium/design-cfps: shipped in a release, or left dormant
        ("Released Cilium 1.17", "accepted"),
        ("Released Cilium-cli 0.16", "accepted"),
        ("Dormant[^a]", "proposed"),
        # thanos-io/thanos' proposals-done/: "status: complete" and "status: completed"
        ("Complete", "accepted"),
        ("completed", "accepted"),
        # celestia-app's ADR-011: accepted, two optimisations of it declined below
        (
            "Accepted -> No change to the specification\n\nOptimization 1 & 2 **Declined**.",
            "accepted",
        ),
        ("Rejected\n\nIt was accepted at first.", "rejected"),
        # swiftlang/swift-evolution's way to a decision
        ("**Active Review (Aug 21...Sep 4, 2026)**", "proposed"),
        ("**Returned for revision**", "proposed"),
        ("**Scheduled for review (March 3...March 10, 2025)**", "proposed"),
        ("**Awaiting review**", "proposed"),
        ("**Previewing**", "proposed"),
        ("To be reviewed", "proposed"),  # bazelbuild/proposals
    ],
)
def test_states_not_in_force_and_negations_are_read(written: str, state: str) -> None:
    record = adr.read("docs/adr/0004-a.md", f"# 4. A\n\n## Status\n\n{written}\n", {})
    assert record is not None and record.state == state


def test_partial_supersessions_are_read_as_partial_not_as_supersessions() -> None:
    record = adr.read(
        "adr/0033-ip-ranges.md",
        "# 33. IP\n\n## Status\n\nPending\n\n## Context\n\n"
        "This ADR in part supersedes [0003](0003-aws-networking-outline.md).\n",
        {},
    )
    assert record is not None and record.state == "proposed"
    assert [(c.kind, c.verb, [r.number for r in c.refs]) for c in record.clauses] == [
        (adr.PARTLY, "in part supersedes", [3])
    ]
    for status in (
        "Partly superseded by [ADR 5](0005-x.md)",
        "Superseded in part by ADR 5",
        "Accepted. Supersedes in part [ADR 5](0005-x.md)",  # the active form too
        "Accepted, replaces partly [5](0005-x.md)",
    ):
        found = adr.clauses(status)
        assert [(c.kind, [r.number for r in c.refs]) for c in found] == [(adr.PARTLY, [5])]
    # a whole supersession is still one
    assert [c.kind for c in adr.clauses("Superseded by ADR 5")] == [adr.SUPERSEDED_BY]
    assert [c.kind for c in adr.clauses("Supersedes [ADR 5](0005-x.md)")] == [adr.SUPERSEDES]
    # a line of its own in the head of a record
    head = "# 9. Nine\n\nSuperseded in part by [ADR 12](0012-x.md)\n\n## Context\n\nText.\n"
    record = adr.read("adr/0009-nine.md", head, {})
    assert record is not None and [c.kind for c in record.clauses] == [adr.PARTLY]


def test_imported_records_keep_the_state_they_wrote_as_original_status(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "adr", LOG), theme="decisions")
    got = {
        name: (fields["status"], fields.get("original_status"))
        for name, fields in imported(root, report).items()
    }
    assert got == {
        "0001-record.md": ("draft", "Accepted"),
        "0002-puppet.md": ("draft", "Pending"),
        "0003-queues.md": ("draft", "proposed"),  # the MADR field, kept aside
        "0004-markdown.md": ("draft", "accepted"),
        "0005-networking.md": ("draft", "Partly superseded"),
        "0006-ip-ranges.md": ("draft", "Pending"),
        "0007-approved.md": ("draft", "Approved"),
        "0008-old-dns.md": ("deprecated", "Superseded by 9. DNS"),
        "0009-dns.md": ("draft", "Accepted"),
    }


def test_verified_puts_decided_records_in_force_and_leaves_undecided_ones_draft(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "adr", LOG), theme="decisions", verified=True)
    status = {name: fields["status"] for name, fields in imported(root, report).items()}
    assert status == {
        "0001-record.md": "stable",
        "0002-puppet.md": "draft",  # Pending
        "0003-queues.md": "draft",  # MADR status: proposed
        "0004-markdown.md": "stable",
        "0005-networking.md": "stable",  # partly superseded: the rest of it holds
        "0006-ip-ranges.md": "draft",  # Pending
        "0007-approved.md": "stable",
        "0008-old-dns.md": "deprecated",
        "0009-dns.md": "stable",
    }
    said = [note for note in report.notes if "despite --verified" in note]
    assert sorted(note.split(":")[0] for note in said) == [
        "0002-puppet.md",
        "0003-queues.md",
        "0006-ip-ranges.md",
    ]
    assert "'Pending'" in next(note for note in said if note.startswith("0002"))


def test_a_partial_supersession_is_related_both_ways_and_names_no_missing_successor(
    make_base: MakeBase, tmp_path: Path
) -> None:
    log = {
        **{name: LOG[name] for name in ("0005-networking.md", "0006-ip-ranges.md")},
        "0010-structure.md": "# 10. Structure\n\n## Status\n\nAccepted\n\n"
        "Partly superseded by [11. Data](0011-data.md)\n\n## Decision\n\nFolders.\n",
        "0011-data.md": "# 11. Data\n\n## Status\n\nAccepted\n\n## Decision\n\nData.\n",
    }
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "adr", log), theme="decisions")
    assert report.supersessions == ()
    assert report.unresolved == ()
    fields = imported(root, report)
    assert fields["0005-networking.md"]["related"] == ["decisions/0006-ip-ranges.md"]
    assert fields["0006-ip-ranges.md"]["related"] == ["decisions/0005-networking.md"]
    assert fields["0010-structure.md"]["related"] == ["decisions/0011-data.md"]
    assert fields["0011-data.md"]["related"] == ["decisions/0010-structure.md"]
    for name in log:
        assert "superseded_by" not in fields[name] and "supersedes" not in fields[name]
    assert fields["0010-structure.md"]["status"] == "draft"
    assert any("partial supersession" in note for note in report.notes)
    check = Brain.open(root, clock=lambda: TODAY).check(repair=False)
    assert check.exit_code() == 0


def test_a_record_superseding_some_aspects_of_others_is_a_partial_supersession() -> None:
    """arachne-framework/architecture ADR-017: "Note: this ADR supersedes some aspects of
    [ADR-15](...) and [ADR-16](...)": related both ways, neither record retired."""
    body = (
        "# Architecture Decision Record: Simplification of Chimera Model\n\n"
        "Note: this ADR supersedes some aspects of [ADR-15](adr-015-data-abstraction-model.md)"
        " and [ADR-16](adr-016-db-migrations.md).\n\n## Status\n\nPROPOSED\n"
    )
    record = adr.read("adr-017-simplify-chimera-model.md", body, {})
    assert record is not None and record.state == "proposed"
    assert [(c.kind, [r.number for r in c.refs]) for c in record.clauses] == [
        (adr.PARTLY, [15, 16])
    ]
    found = adr.clauses("Accepted. Supersedes parts of [ADR 5](0005-x.md)")
    assert [(c.kind, [r.number for r in c.refs]) for c in found] == [(adr.PARTLY, [5])]


def test_numbered_pages_in_an_architecture_decision_record_folder_are_records(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """ministryofjustice/cloud-platform's architecture-decision-record/ folder: a
    sign-post to a private record and a record with no Decision section yet are
    decisions, summarised by what they say rather than by their status."""
    log = {
        "028-repo-vulnerability-scanning.md": "# 28 Repo vulnerability scanning\n\n"
        "Date: 2021-11-05\n\n**Link to this ADR: https://docs.example.com/d/1/edit#**\n\n"
        "(Security-related ADRs are stored privately.)\n",
        "034-eks-fargate.md": "# 34 EKS Fargate\n\nDate: 2022-01-21\n\n## Status\n\n"
        "🤔 Incomplete\n\n## Proposal\n\nMove from EKS managed nodes to EKS Fargate.\n\n"
        "## Discussion\n\nThis is really attractive.\n",
        "021-multi-cluster.md": "# 21. Multi-cluster\n\nDate: 2021-05-11\n\n## Status\n\n"
        "Proposed\n\n## What's proposed\n\nWe host user apps across more than one cluster."
        "\n\n## Decision\n\nTBD\n",
    }
    root = make_base({})
    folder = tmp_path / "architecture-decision-record"
    report = run_import(root, write_log(folder, log), theme="decisions")
    got = imported(root, report)
    assert {name: meta["type"] for name, meta in got.items()} == dict.fromkeys(log, "decision")
    assert got["034-eks-fargate.md"]["summary"] == "Move from EKS managed nodes to EKS Fargate."
    assert got["021-multi-cluster.md"]["summary"] == (
        "We host user apps across more than one cluster."
    )


# --- templates a decision log keeps beside its records (backstage) ----------------------

BACKSTAGE_TEMPLATE = (
    "---\nid: adrs-adr000\ntitle: ADR000: [TITLE]\n"
    "description: Architecture Decision Record (ADR) for [TITLE] [DESCRIPTION]\n---\n\n"
    "<!-- These documents have names that are short noun phrases. -->\n\n## Context\n\n"
    "<!-- The forces at play. -->\n\n## Decision\n\n<!-- Our response. -->\n\n"
    "## Consequences\n\n<!-- What follows. -->\n"
)


@pytest.mark.parametrize(
    ("path", "title", "template"),
    [
        ("docs/architecture-decisions/adr000-template.md", "ADR000: Use Luxon", True),
        ("docs/adr/0000-template.md", "Use Luxon", True),
        ("docs/adr/adr-template.md", "Use Luxon", True),
        ("docs/adr/template.md", "Use Luxon", True),
        # a title made of the form's placeholders, whatever the file is called
        ("docs/adr/adr000-form.md", "ADR000: [TITLE]", True),
        ("docs/adr/0000-form.md", "{title}", True),
        ("docs/adr/0000-form.md", "<title>", True),
        ("docs/adr/0000-form.md", "[short title of solved problem and solution]", True),
        # a record: its own words in the title, or its number in the name
        ("docs/adr/adr001-template.md", "ADR001: Use templates", False),
        ("docs/adr/0003-x.md", "ADR003: Use [Luxon](https://moment.github.io/luxon/)", False),
        ("docs/adr/0003-x.md", "ADR003: Wrap <Suspense> around pages", False),
        # pytorch/rfcs' RFC-0038 puts its own title in brackets
        ("RFC-0038-cpython-support.md", "[CPython version support]", False),
        # fluxcd/flux2's RFC-0000/README.md: a number and a name to fill in
        ("rfcs/RFC-0000/README.md", "RFC-NNNN Title", True),
        ("rfcs/RFC-0020/README.md", "RFC-NNNN Pluggable sources", False),
        ("docs/adr/0004-x.md", "[Use Postgres for sessions]", False),
    ],
)
def test_a_template_is_known_by_its_name_or_a_title_of_placeholders(
    path: str, title: str, template: bool
) -> None:
    body = f"# {title}\n\n## Context\n\nA.\n\n## Decision\n\nB.\n"
    record = adr.read(path, body, {})
    assert record is not None and record.template is template
    assert bool(record.why_template) is template


def test_a_dated_record_with_a_placeholder_title_is_still_a_record() -> None:
    body = "# [TITLE]\n\nDate: 2021-03-04\n\n## Status\n\nAccepted\n\n## Decision\n\nB.\n"
    record = adr.read("docs/adr/0007-x.md", body, {})
    assert record is not None and not record.template


def test_a_record_whose_days_are_the_forms_placeholders_is_a_template() -> None:
    """fluxcd/flux2's RFC form: "**Creation date:** YYYY-MM-DD" under its title."""
    form = "# RFC: {0}\n\n**Status:** provisional\n\n**Creation date:** {1}\n\n## Summary\n\nA.\n"
    record = adr.read("rfcs/x/README.md", form.format("Widgets", "YYYY-MM-DD"), {})
    assert record is not None and record.template
    assert record.why_template == "its days are the form's placeholders (YYYY-MM-DD)"
    filled = adr.read("rfcs/y/README.md", form.format("Widgets", "2024-05-23"), {})
    assert filled is not None and not filled.template
    assert filled.date == dt.date(2024, 5, 23)


@pytest.mark.parametrize("day", ["{DATE_YESTERDAY}", "{{ date }}", "<date of the decision>"])
def test_a_record_whose_day_is_a_variable_a_tool_fills_in_is_a_template(day: str) -> None:
    """log4brains copies starter records into a project, their days written as variables:
    "- Date: {DATE_YESTERDAY}"; the same record with a day is one."""
    form = "# Use Log4brains\n\n- Status: accepted\n- Date: {0}\n\n## Decision Outcome\n\nB.\n"
    record = adr.read("packages/init/assets/use-x.md", form.format(day), {})
    assert record is not None and record.template
    assert record.why_template == f"its days are the form's placeholders ({day})"
    filled = adr.read("docs/adr/20201002-use-x.md", form.format("2020-10-02"), {})
    assert filled is not None and not filled.template


def test_a_decision_log_template_is_skipped_and_the_report_says_why(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """backstage's docs/architecture-decisions/adr000-template.md became a decision."""
    root = make_base({})
    log = {
        "adr000-template.md": BACKSTAGE_TEMPLATE,
        "adr001-add-adr-log.md": "---\ntitle: 'ADR001: ADR log'\n---\n\n## Decision\n\n"
        "A decision was made to store ADRs in a log.\n",
        "0000-form.md": "# ADR 0: {title}\n\n## Status\n\n## Context\n\n## Decision\n",
    }
    report = run_import(root, write_log(tmp_path / "architecture-decisions", log))
    assert set(report.imported) == {"adr001-add-adr-log.md"}
    reasons = {case.source: case.reason for case in report.skipped}
    assert set(reasons) == {"adr000-template.md", "0000-form.md"}
    assert "template (its file name says so)" in reasons["adr000-template.md"]
    assert "its title 'ADR 0: {title}' is only placeholders" in reasons["0000-form.md"]


# --- a table of status and days at a record's top (backstage) ---------------------------

TABLE_RECORD = (
    "---\nid: adrs-adr002\ntitle: 'ADR002: Default Software Catalog File Format'\n---\n\n"
    "| Created    | Status |\n| ---------- | ------ |\n| 2020-05-17 | Open   |\n\n"
    "## Background\n\nBackstage comes with a software catalog.\n\n## Decision\n\n"
    "We use YAML.\n"
)


@pytest.mark.parametrize(
    ("table", "state", "day", "updated"),
    [
        ("| Created | Status |\n|---|---|\n| 2020-05-17 | Open |", "proposed", "2020-05-17", ""),
        ("Status | Date\n--- | ---\nAccepted | 2021-03-04", "accepted", "2021-03-04", ""),
        ("| Date | Statut |\n|:--|:--|\n| 2021-03-04 | Accepté |", "accepted", "2021-03-04", ""),
        (
            "| **Status** | Created | Last Updated |\n|---|---|---|\n"
            "| Proposed | 2020-01-02 | 2020-02-03 |",
            "proposed",
            "2020-01-02",
            "2020-02-03",
        ),
        ("| STATUS |\n| --- |\n| Rejected |", "rejected", "", ""),
        (  # pytorch/rfcs: a field a row, under an empty header
            "|   |   |\n| --- | --- |\n| Authors | Ann |\n| Status | Accepted |\n"
            "| Created | 2020-01-24 |\n| Resolution | TBD |",
            "accepted",
            "2020-01-24",
            "",
        ),
    ],
)
def test_a_table_at_a_records_top_states_its_status_and_days(
    table: str, state: str, day: str, updated: str
) -> None:
    body = f"# ADR 2: Catalog\n\n{table}\n\n## Decision\n\nWe use YAML.\n"
    record = adr.read("docs/adr/0002-catalog.md", body, {})
    assert record is not None and record.state == state
    assert str(record.date or "") == day and str(record.updated or "") == updated


def test_a_table_of_many_rows_is_no_status_of_the_record() -> None:
    # a matrix of features and their state, under a record that states none
    body = (
        "# ADR 2: Catalog\n\n| Feature | Status | Date |\n|---|---|---|\n"
        "| Search | Done | 2020-01-02 |\n| Export | Open | 2020-03-04 |\n\n"
        "## Decision\n\nWe use YAML.\n"
    )
    record = adr.read("docs/adr/0002-catalog.md", body, {})
    assert record is not None and record.state == "" and record.date is None


def test_a_column_header_is_not_read_as_a_row_of_fields() -> None:
    # no frontmatter: the table's first row heads its columns, it is no "Status: Date"
    page = conversion.parse("0002-x.md", "| Status | Date |\n|--|--|\n| Open | 2020-05-17 |\n")
    assert page.meta == {}


def test_an_imported_record_takes_its_status_and_day_from_its_table(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """backstage's ADRs: "| Created | Status |" over "| 2020-05-17 | Open |" was ignored,
    the document created on the import's day and stable under --verified."""
    root = make_base({})
    folder = write_log(tmp_path / "architecture-decisions", {"adr002-catalog.md": TABLE_RECORD})
    report = run_import(root, folder, verified=True)
    meta = imported(root, report)["adr002-catalog.md"]
    assert meta["created"] == dt.date(2020, 5, 17)
    assert meta["status"] == "draft" and meta["original_status"] == "Open"
    text = (root / report.imported["adr002-catalog.md"]).read_text(encoding="utf-8")
    assert "| 2020-05-17 | Open   |" in text  # kept in the body, as a Status line is
    assert any("not in force yet" in note for note in report.notes)


def test_numbered_and_emphasised_headings_name_the_records_sections() -> None:
    """``### 7. **Decision**`` is the Decision section (the numbered template of
    joelparkerhenderson/architecture-decision-record): the page is a record, its state
    is read, and its summary is what it decides."""
    body = (
        "# Use Kafka\n\n### 1. **Status**\n\nAccepted\n\n### 2. **Context**\n\n"
        "We need events.\n\n### 7. **Decision**\n\nWe use Kafka for events.\n"
    )
    record = adr.read("docs/decisions/use-kafka.md", body, {})
    assert record is not None
    assert (record.state, record.stated) == ("accepted", "Accepted")
    assert conversion.summary_of(body, {}, 200, True) == "We use Kafka for events."


def test_a_record_titled_with_another_number_than_its_file_is_noted(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # alphagov/govuk-aws: 0033-ip-ranges.md is titled "3. Networking Outline", as 0003 is
    root = make_base({})
    log = write_log(
        tmp_path / "decisions",
        {
            "0003-networking.md": "# 3. Networking\n\n## Status\n\nAccepted\n\n## Decision\n\nA.\n",
            "0033-ip-ranges.md": "# 3. Networking\n\n## Status\n\nAccepted\n\n## Decision\n\nB.\n",
        },
    )
    report = run_import(root, log)
    said = [note for note in report.notes if "title says" in note]
    assert said == ["0033-ip-ranges.md: its title says 3, its file name 33; both kept as written"]


def _eip(number: int, status: str, *, extra: str = "", body: str = "A proposal.") -> str:
    return (
        f"---\neip: {number}\ntitle: Proposal {number}\nauthor: A (@a)\nstatus: {status}\n"
        f"type: Standards Track\ncreated: 2021-02-0{number % 9 + 1}\n{extra}---\n\n"
        f"## Abstract\n\n{body}\n\n## Specification\n\nThe rules.\n"
    )


@pytest.mark.parametrize(
    ("written", "state"),
    [("Final", "accepted"), ("Living", "accepted"), ("Stagnant", "proposed"),
     ("Last Call", "proposed"), ("Review", "proposed"), ("Withdrawn", "rejected"),
     ("Moved", "deprecated"), ("Final review pending", "proposed"),
     ("Activated", "accepted"), ("Deactivated", "")],
)  # fmt: skip
def test_the_states_of_a_proposal_process_are_read(written: str, state: str) -> None:
    # ethereum/EIPs writes EIP-1's states in a status field; none was read, and every
    # page, withdrawn ones too, went in force with --verified
    body = "## Abstract\n\nA change.\n"
    record = adr.read("EIPS/eip-7.md", body, {"status": written}, in_log=True)
    assert record is not None and record.state == state


def test_proposals_keep_their_states_replacements_and_requirements(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({})
    source = write_log(
        tmp_path / "EIPS",
        {
            "eip-11.md": _eip(11, "Withdrawn", extra="withdrawal-reason: Superseded by EIP-12\n"),
            "eip-12.md": _eip(12, "Final", extra="requires: 11, 13\n"),
            "eip-13.md": _eip(13, "Stagnant"),
            # not in force yet, and read as records for their number under the series
            "eip-15.md": _eip(15, "Draft", extra="requires: 12\n"),
            "eip-16.md": _eip(16, "Review"),
            "eip-17.md": _eip(
                17,
                "Withdrawn",
                extra="withdrawal-reason: Withdrawn in favor of [EIP-15](./eip-15.md)\n",
            ),
            "eip-14.md": "---\neip: 14\nstatus: Moved\n---\n\nThis file was moved to"
            " https://github.com/ethereum/ercs/blob/master/ERCS/erc-14.md\n",
        },
    )
    report = run_import(root, source, theme="eips", verified=True)
    why = {case.source: case.reason for case in report.skipped}
    assert why["eip-14.md"].startswith("a page that only says it moved to https://github.com/")
    assert [(s.old, s.new) for s in report.supersessions] == [
        ("eips/eip-11.md", "eips/eip-12.md"),
        ("eips/eip-17.md", "eips/eip-15.md"),
    ]
    fields = {
        name: document.loads((root / "eips" / name).read_text(encoding="utf-8"), name).meta
        for name in ("eip-11.md", "eip-12.md", "eip-13.md", "eip-15.md", "eip-16.md", "eip-17.md")
    }
    # ethereum/EIPs: drafts and reviews were references, put in force by --verified
    assert [fields[n]["status"] for n in ("eip-15.md", "eip-16.md")] == ["draft", "draft"]
    assert fields["eip-15.md"]["type"] == "decision"
    assert fields["eip-15.md"]["related"] == ["eips/eip-12.md"]
    assert fields["eip-17.md"]["superseded_by"] == ["eips/eip-15.md"]
    # withdrawn in favour of EIP-12: replaced, but never in force, so archived
    assert fields["eip-11.md"]["status"] == "archived"
    assert fields["eip-11.md"]["superseded_by"] == ["eips/eip-12.md"]
    assert fields["eip-12.md"]["status"] == "stable"
    assert fields["eip-12.md"]["related"] == ["eips/eip-11.md", "eips/eip-13.md"]
    assert (fields["eip-13.md"]["status"], fields["eip-13.md"]["original_status"]) == (
        "draft",
        "Stagnant",
    )
    assert not any("kept as related" in note for note in report.notes)


@pytest.mark.parametrize(
    ("status", "state", "kinds"),
    [
        ("Documented existing implementation", "accepted", []),
        ("Implemented — the §5 routing decision is superseded by [RFC 8](0008-x.md)",
         "accepted", ["partly"]),
        ("Implemented — graduated into [ADR-2](../adr/002-x.md); tool routing superseded by"
         " [RFC 8](0008-x.md)", "accepted", ["related", "partly"]),
        ("Implemented (#84). Decisions 2 and 3 are superseded, see below", "accepted", []),
        ("Accepted; later superseded by [RFC 9](0009-x.md)", "superseded", ["superseded_by"]),
        ("This RFC has been superseded by [RFC 9](0009-x.md)", "superseded", ["superseded_by"]),
    ],
)  # fmt: skip
def test_a_part_of_a_record_superseded_leaves_the_record_in_force(
    status: str, state: str, kinds: list[str]
) -> None:
    # jaegertracing/jaeger: records whose status supersedes one of their decisions came in
    # superseded (RFC 0002, 0012) or as drafts (ADR-002), "Documented existing
    # implementation" was no state, and "graduated into ADR-012" no relation
    body = f"# 12. Gateway\n\n* **Status**: {status}\n\n## Decision\n\nRoute calls.\n"
    record = adr.read("rfc/0012-gateway.md", body, {}, in_log=True)
    assert record is not None and record.state == state
    assert [clause.kind for clause in record.clauses] == kinds


def test_records_that_state_no_status_are_said_to_come_in_as_drafts(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # NixOS/rfcs: a merged RFC is accepted and none says so; 42 came in as drafts, and
    # every answer said nothing was in force, without a word on --verified
    root = make_base({})
    rfc = "---\nfeature: f{n}\nstart-date: 2020-01-0{n}\n---\n\n# Summary\n\nChange {n}.\n"
    source = write_log(
        tmp_path / "rfcs", {f"000{n}-change-{n}.md": rfc.format(n=n) for n in range(1, 4)}
    )
    report = run_import(root, source, dry_run=True)
    [note] = [n for n in report.notes if "state no status" in n]
    assert note.startswith("3 decision records state no status (0001-change-1.md,")
    assert "--verified" in note
    verified = run_import(root, source, verified=True)
    assert not [n for n in verified.notes if "state no status" in n]
    assert {fields["status"] for fields in imported(root, verified).values()} == {"stable"}


def _simd(number: str, status: str, extra: str = "") -> str:
    return (
        f"---\nsimd: '{number}'\ntitle: Change {number}\nstatus: {status}\n"
        f"type: Core\ncreated: 2024-01-0{int(number) % 9 + 1}\n{extra}---\n\n"
        "## Summary\n\nA change of the runtime.\n"
    )


def test_records_named_by_their_series_or_a_zero_padded_number_in_fields(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # solana-foundation/solana-improvement-documents: "supersedes: 0161" read as octal 113,
    # "supersedes: SIMD-0387" and "extends: SIMD-0088" named no record, and the
    # supersessions resolved were reported again as unresolved
    root = make_base({})
    source = write_log(
        tmp_path / "proposals",
        {
            "0001-first.md": _simd("0001", "Activated"),
            "0010-tenth.md": _simd("0010", "Implemented"),
            "0011-eleventh.md": _simd("0011", "Accepted", "supersedes: SIMD-0001\n"),
            "0012-twelfth.md": _simd("0012", "Accepted", "supersedes: 0010\nextends: SIMD-11\n"),
            "0013-thirteenth.md": _simd("0013", "Idea", "supersedes: 0161\n"),
        },
    )
    report = run_import(root, source, theme="proposals", verified=True)
    assert sorted((s.old, s.new) for s in report.supersessions) == [
        ("proposals/0001-first.md", "proposals/0011-eleventh.md"),
        ("proposals/0010-tenth.md", "proposals/0012-twelfth.md"),
    ]
    assert [(case.source, case.text) for case in report.unresolved] == [
        ("0013-thirteenth.md", "0161")
    ]
    fields = imported(root, report)
    assert fields["0012-twelfth.md"]["related"] == ["proposals/0011-eleventh.md"]
    assert fields["0013-thirteenth.md"]["original_supersedes"] == "0161"
    assert fields["0011-eleventh.md"]["simd"] == "0011"
    text = (root / "proposals" / "0011-eleventh.md").read_text(encoding="utf-8")
    assert 'simd: "0011"' in text  # quoted: a YAML 1.2 reader takes 0011 for 11


def test_a_date_line_that_says_when_the_record_was_updated_gives_that_day() -> None:
    # home-assistant/architecture's ADR 2: "updated 2023-02-05" came in as 2019-05-13
    body = "# 2. Python\n\nDate: 2019-05-13, updated 2023-02-05 (see ADR-0020)\n\n"
    record = adr.read("adr/0002-python.md", body + "## Status\n\nAccepted\n", {})
    assert record is not None
    assert (record.date, record.updated) == (dt.date(2019, 5, 13), dt.date(2023, 2, 5))
    plain = adr.read("adr/0003-x.md", "# 3. X\n\nDate: 2019-05-13\n\n## Status\n\nAccepted\n", {})
    assert plain is not None and plain.updated is None


def _nats(
    number: int, status: str, *, rows: str = "", revisions: str = "", body: str, why: str = ""
) -> str:
    """A record as nats-io/nats-architecture-and-design writes one: its fields in a
    two-column table under the title, its changes in a table of revisions."""
    return (
        f"# Record {number}\n\n| Metadata | Value |\n|----------|-------|\n"
        f"| Date     | 2021-06-0{number % 9 + 1} |\n| Author   | @someone |\n"
        f"| Status   | {status} |\n| Tags     | jetstream, 2.11 |\n{rows}\n"
        + (
            f"| Revision | Date | Author | Info |\n|---|---|---|---|\n{revisions}\n"
            if revisions
            else ""
        )
        + (why or f"## Context\n\nWhy record {number} was needed.\n\n")
        + body
    )


def test_a_metadata_table_log_keeps_its_successors_amendments_and_revisions(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """nats-io's ADRs: "| final | 2024/07/17 | Deprecate in favor of ADR-7 |" in a revision
    table was no supersession, "| Updates | ADR-8 |" no relation, and a record revised
    eight times kept its first day as ``updated``. A Decision section that only says the
    record was "Implemented and merged to master.", or a Context that is a link to a pull
    request, was the summary."""
    root = make_base({})
    source = write_log(
        tmp_path / "adr",
        {
            "ADR-5.md": _nats(
                5,
                "Deprecated",
                revisions="| final | 2024/07/17 | @kozlovic | Deprecate in favor of ADR-7 |",
                body="## Design\n\nSubscribers pull.\n",
            ),
            "ADR-7.md": _nats(7, "Implemented", body="## Design\n\nConsumers are simplified.\n"),
            "ADR-8.md": _nats(
                8,
                "Implemented",
                revisions="| 1 | 2021-12-15 | @a | Initial |\n| 2 | 2023-03-02 | @b | Limits |\n"
                "| 3 | 2026-02-02 | @c | Markers |",
                body="## Decision\n\nImplemented and merged to master.\n",
            ),
            "ADR-9.md": _nats(
                9,
                "Implemented",
                rows="| Updates  | ADR-8 |\n",
                why="## Context and Problem Statement\n\nKeys live forever.\n\n",
                body="## Context\n\nServer PR: https://github.com/example/server/pull/3500\n\n"
                "## Design\n\nKeys may expire.\n",
            ),
        },
    )
    report = run_import(root, source, theme="adr")
    assert [(s.old, s.new) for s in report.supersessions] == [("adr/adr-5.md", "adr/adr-7.md")]
    meta = {
        n: document.loads((root / "adr" / f"adr-{n}.md").read_text(encoding="utf-8"), "x").meta
        for n in (5, 7, 8, 9)
    }
    assert meta[5]["superseded_by"] == ["adr/adr-7.md"]
    assert meta[5]["superseded_on"] == dt.date(2024, 7, 17)  # the day its row gives
    assert meta[7]["supersedes"] == ["adr/adr-5.md"]
    assert meta[9]["related"] == ["adr/adr-8.md"]  # it updates ADR-8 ...
    assert meta[8]["related"] == ["adr/adr-9.md"]  # ... which names what changed it
    assert (meta[8]["created"], meta[8]["updated"]) == (dt.date(2021, 6, 9), dt.date(2026, 2, 2))
    assert meta[5]["updated"] == dt.date(2024, 7, 17)
    assert meta[8]["summary"] == "Why record 8 was needed."
    assert meta[9]["summary"] == "Keys live forever."


def _kep(number: int, title: str, summary: str) -> str:
    return (
        f"# KEP-{number}: {title}\n\n<!-- toc -->\n- [Summary](#summary)\n<!-- /toc -->\n\n"
        "## Release Signoff Checklist\n\nItems marked with (R) are required prior to"
        " targeting to a milestone / release.\n\n- [ ] (R) Enhancement issue\n\n"
        f"## Summary\n\n{summary}\n\n## Motivation\n\nWhy.\n\n"
        "## Proposal\n\nAs an operator, I want it to work.\n"
    )


def test_proposals_with_their_fields_in_a_file_beside_them_keep_them(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """kubernetes/enhancements: each KEP's README has no frontmatter, its kep.yaml holds
    its status, days, authors and the KEPs it replaces. None was read: every KEP came in
    a draft dated by git, withdrawn and replaced ones too, and summaries were the
    release checklist or a user story opening the Proposal, not the Summary."""
    root = make_base({})
    fields = (
        'title: {title}\nkep-number: {n}\nauthors:\n  - "@ana"\nstatus: {status}\n'
        "creation-date: 2019-01-0{n1}\nlast-updated: 2024-05-0{n1}\n{extra}"
    )
    keps = {
        583: ("Coscheduling", "replaced", 'superseded-by:\n  - "/keps/sig-s/5832-podgroup"\n'),
        5832: ("Podgroup", "implementable", 'replaces:\n  - "/keps/sig-s/583-coscheduling"\n'),
        281: ("Dynamic config", "removed", ""),
        3063: ("Resource claims", "withdrawn", ""),
        753: ("Sidecars", "provisional", ""),
    }
    pages: dict[str, str] = {}
    for n, (title, status, extra) in keps.items():
        folder = f"sig-s/{n}-{title.lower().split()[0]}"
        if n == 583:
            folder = "sig-s/583-coscheduling"
        if n == 5832:
            folder = "sig-s/5832-podgroup"
        pages[f"{folder}/README.md"] = _kep(n, title, f"{title} does one thing well.")
        pages[f"{folder}/kep.yaml"] = fields.format(
            title=title, n=n, status=status, n1=n % 9 + 1, extra=extra
        )
    source = write_tree(tmp_path / "keps", dict(pages))
    report = run_import(root, source, theme="keps", verified=True)
    assert [(s.old, s.new) for s in report.supersessions] == [
        ("keps/sig-s/583-coscheduling/readme.md", "keps/sig-s/5832-podgroup/readme.md")
    ]
    meta = {
        n: document.loads(
            next((root / "keps").glob(f"sig-s/{n}-*/readme.md")).read_text(encoding="utf-8"), "x"
        ).meta
        for n in keps
    }
    assert meta[583]["status"] == "deprecated"
    assert meta[281]["status"] == "archived" and meta[3063]["status"] == "archived"
    # verified: what each KEP's own state says decides, approved for implementation
    # is in force, provisional is not
    assert (meta[5832]["status"], meta[753]["status"]) == ("stable", "draft")
    assert meta[5832]["original_status"] == "implementable"
    assert meta[753]["authors"] == ["@ana"]
    assert (meta[753]["created"], meta[753]["updated"]) == (
        dt.date(2019, 1, 7),
        dt.date(2024, 5, 7),
    )
    assert meta[753]["summary"] == "Sidecars does one thing well."
    assert meta[753]["type"] == "decision"


def test_kep_fields_a_log_shares_odd_states_and_bad_days_are_read_with_care(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """The second look at kubernetes/enhancements: a see-also target three KEPs name was
    dropped as the form's example; under --verified a KEP calling itself replaced (its
    successor not in the repository) or "imlpemented" went in force; one impossible day
    in a kep.yaml lost all its fields."""
    root = make_base({})
    kep = 'title: {t}\nkep-number: {n}\nauthors:\n  - "@ana"\nstatus: {s}\n{x}'
    see = 'see-also:\n  - "/keps/sig-s/753-sidecars"\n'
    specs = {
        753: ("Sidecars", "implemented", ""),
        801: ("Probes", "implementable", see),
        802: ("Restarts", "implementable", see),
        803: ("Logs", "implementable", see),
        804: ("Old cache", "replaced", 'superseded-by:\n  - "/keps/sig-s/9999-gone"\n'),
        805: ("Typo", "imlpemented", ""),
        806: ("Bad day", "implementable", "creation-date: 2023-14-05\n"),
    }
    pages = {}
    for n, (title, status, extra) in specs.items():
        folder = f"sig-s/{n}-{title.lower().split()[0]}"
        pages[f"{folder}/README.md"] = _kep(n, title, f"{title} in one line.")
        pages[f"{folder}/kep.yaml"] = kep.format(t=title, n=n, s=status, x=extra)
    report = run_import(root, write_tree(tmp_path / "keps", pages), theme="keps", verified=True)
    meta = {
        n: document.loads(
            next((root / "keps").glob(f"sig-s/{n}-*/readme.md")).read_text(encoding="utf-8"), "x"
        ).meta
        for n in specs
    }
    for n in (801, 802, 803):  # three KEPs naming the same one are no form's example
        assert meta[n]["related"] == ["keps/sig-s/753-sidecars/readme.md"]
    # replaced by its own word: out of force, as archived (a draft would still answer)
    assert meta[804]["status"] == "archived" and meta[805]["status"] == "draft"
    assert meta[801]["status"] == "stable"
    assert meta[806]["authors"] == ["@ana"] and meta[806]["original_status"] == "implementable"
    assert any("kep.yaml: line 6" in note and "left out" in note for note in report.notes)


# a specification whose pages give their maturity on a status line (the shape of
# open-telemetry/opentelemetry-specification), one page on its way out among them
SPEC = {
    "api.md": "# Tracing API\n\n**Status**: [Stable](status.md), except where noted\n\nSpans.\n",
    "sdk.md": "# Tracing SDK\n\n**Status**: [Stable](status.md)\n\nSamplers.\n",
    "logs.md": "# Logs\n\n**Status**: [Development](status.md)\n\nRecords.\n",
    "mixed.md": "# Metrics\n\nStatus: Mixed\n\nInstruments.\n",
    "shim.md": "# OpenTracing shim\n\n**Status**: [Deprecated](status.md)\n\nA bridge.\n",
    # a record all the same: its Decision section says so, whatever its status line says
    "0001-sampling.md": "# 1. Sampling\n\n**Status**: Deprecated\n\n## Context\n\nLoad.\n\n"
    "## Decision\n\nSample at the head.\n",
}


def test_a_status_line_the_pages_use_for_their_maturity_makes_no_record(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "spec", SPEC))
    got = imported(root, report)
    assert got["shim.md"]["type"] != "decision"
    assert "original_status" not in got["shim.md"]
    assert got["shim.md"]["status"] == "draft"  # hidden by no default read
    assert got["0001-sampling.md"]["type"] == "decision"
    assert any("shim.md" in note and "maturity" in note for note in report.notes)


def test_a_deprecated_record_among_records_stays_one(make_base: MakeBase, tmp_path: Path) -> None:
    log = {
        **{f"{n:04d}-{name}.md": f"# {n}. {name}\n\nStatus: Accepted\n\nWe do it.\n"
           for n, name in enumerate(("queues", "cache", "auth"), start=1)},
        "0004-ftp.md": "# 4. FTP\n\nStatus: Deprecated\n\nWe used FTP.\n",
    }  # fmt: skip
    root = make_base({})
    got = imported(root, run_import(root, write_log(tmp_path / "adr", log)))
    assert got["0004-ftp.md"]["type"] == "decision"
    assert got["0004-ftp.md"]["original_status"] == "Deprecated"


# edgex-docs' ADRs: no Status section, a change log whose items give a state and a day
LOGGED = (
    "# Authentication\n\n### Submitters\n- Someone (Org)\n\n## Change Log\n\n"
    "- [proposed](https://example.org/pull/935) (2023-01-28)\n"
    "- [approved](https://example.org/pull/1316) (2023-12-09)\n"
    "  - Revised after review (2023-12-01)\n\n"
    "## Context\n\nTokens.\n\n## Decision\n\nUse JWTs.\n"
)
TEMPLATE_LOG = (
    "# Harness\n\n## Change Log\n<!--\nState is one of: pending, approved.\nE.g.:\n"
    "- [approved](URL of PR) (2022-04-01)\n- [amended](URL of PR) (2022-05-01)\n-->\n\n"
    "## Context\n\nLoad.\n\n## Decision\n\nA harness.\n"
)


def test_a_change_logs_newest_item_gives_the_records_state_and_its_days() -> None:
    record = adr.read("adr/0029-authentication.md", LOGGED, {})
    assert record is not None
    assert (record.state, record.stated) == ("accepted", "approved")
    stated = dates.in_text(LOGGED, TODAY)
    assert (stated.created, stated.updated) == ((dt.date(2023, 1, 28),), (dt.date(2023, 12, 9),))
    # newest first in the log: the latest day still decides
    reordered = "# A\n\n## Change Log\n- [approved](u) (2023-12-09)\n- [proposed](u) (2023-01-28)\n"
    assert adr.logged_state(reordered) == "approved"


def test_a_templates_example_change_log_in_a_comment_says_nothing() -> None:
    record = adr.read("adr/0030-harness.md", TEMPLATE_LOG, {})
    assert record is not None and record.state == "" and record.stated == ""
    assert dates.in_text(TEMPLATE_LOG, TODAY) == dates.Stated((), ())


def test_an_imported_record_keeps_the_state_and_days_of_its_change_log(
    make_base: MakeBase, tmp_path: Path
) -> None:
    root = make_base({})
    got = imported(root, run_import(root, write_log(tmp_path / "adr", {"0029-auth.md": LOGGED})))
    fields = got["0029-auth.md"]
    assert fields["original_status"] == "approved"
    assert (fields["created"], fields["updated"]) == (dt.date(2023, 1, 28), dt.date(2023, 12, 9))


def test_a_few_pages_giving_no_state_among_records_giving_one_take_nothing_back(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """grpc/proposal: 16 proposals "Ready for Implementation" (no state mdbrain reads)
    among 160 that give one took five Approved ones out of the records."""
    log = {
        **{f"A{n}-ready.md": f"A{n} ready\n----\n* Status: Ready for Implementation\n\nText.\n"
           for n in range(1, 5)},
        # a state on their status line alone: what the maturities would take back
        **{f"A{n}-final.md": f"A{n} final\n----\n* Status: Final\n\nText.\n"
           for n in range(5, 8)},
        # records by their Proposal section too: they give a state as well
        **{f"A{n}-proposal.md": f"A{n} proposal\n----\n* Status: Final\n\n"
           "## Proposal\n\nDo it.\n" for n in range(8, 14)},
    }  # fmt: skip
    root = make_base({})
    got = imported(root, run_import(root, write_log(tmp_path / "props", log)))
    assert {name for name, fields in got.items() if fields["type"] == "decision"} >= {
        f"A{n}-final.md" for n in range(5, 8)
    }


def test_deprecated_by_and_updated_by_fields_relate_the_records(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """grpc/proposal: "* Deprecated by: [A88](...)" made no supersession, and the 11
    "* Updated by:" lines related nothing."""
    head = "{0}: {1}\n----\n* Status: Final\n{2}\n\nAbstract\n----\n{1}.\n"
    log = {
        "A53-ignore.md": head.format(
            "A53", "Ignore deletions", "* Deprecated by: [A88](A88-fail.md)"
        ),
        "A88-fail.md": head.format("A88", "Fail on deletions", "* Updates: [A6](A6-retries.md)"),
        "A6-retries.md": head.format("A6", "Retries", "* Updated by: [A88](A88-fail.md)"),
    }
    root = make_base({})
    got = imported(root, run_import(root, write_log(tmp_path / "props", log)))
    old, new, amended = got["A53-ignore.md"], got["A88-fail.md"], got["A6-retries.md"]
    assert old["status"] == "deprecated" and old["superseded_by"] == ["props/a88-fail.md"]
    assert new["supersedes"] == ["props/a53-ignore.md"]
    assert "props/a6-retries.md" in new["related"] and "props/a88-fail.md" in amended["related"]
    assert amended["status"] == "draft"  # updated, still in force


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("02-19-2019", dt.date(2019, 2, 19)),  # months first: 19 is no month
        ("05/14/2020", dt.date(2020, 5, 14)),
        ("26-09-2018", dt.date(2018, 9, 26)),  # days first: 26 is no month
        ("2024-01", dt.date(2024, 1, 1)),  # a month: its first day
        ("03/04/2021", None),  # either way: no day
    ],
)
def test_numeric_days_after_a_label_are_read_when_they_read_one_way(
    written: str, day: dt.date | None
) -> None:
    """grpc/proposal's "Last updated:" lines were read in ISO form only."""
    stated = dates.in_text(f"# X\n\n* Last updated: {written}\n", TODAY)
    assert stated.updated == ((day,) if day else ())


def test_a_page_saying_only_when_it_changed_was_written_on_its_first_commit() -> None:
    """grpc/proposal's A6, first committed in 2017, "Last updated: 2024-08-23", came in
    created in 2024."""
    body = "# Retries\n\n* Last updated: 2024-08-23\n\nText.\n"
    git = (dt.date(2017, 2, 1), dt.date(2024, 8, 23))
    assert dates.of_page({}, [], TODAY, body=body, known=lambda: git) == (
        dt.date(2017, 2, 1),
        dt.date(2024, 8, 23),
    )
    # a page saying when it was written keeps it, whatever git says
    said = "# Retries\n\n* Created: 2018-01-01\n* Last updated: 2024-08-23\n"
    assert dates.of_page({}, [], TODAY, body=said, known=lambda: git)[0] == dt.date(2018, 1, 1)


def test_superseding_and_previous_proposal_fields_relate_the_records(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """swift-evolution: "* Superseding Proposal: [SE-0498](...)" made no supersession, and
    "* Previous Proposal(s):" related nothing; the previous one may still be in force
    (SE-0398 builds on the implemented SE-0393), so that field relates the two, no more."""
    head = "# {1}\n\n* Proposal: [SE-{0}]({0}-x.md)\n* Status: **{2}**\n{3}\n\n## Introduction\n\n{1}.\n"
    log = {
        "0262-demangle.md": head.format(
            "0262", "Demangle", "Withdrawn", "* Superseding Proposal: [SE-0498](0498-runtime.md)"
        ),
        "0498-runtime.md": head.format(
            "0498", "Runtime demangle", "Implemented (Swift 6.2)",
            "* Previous Proposal: [SE-0262](0262-demangle.md)",
        ),
        "0393-packs.md": head.format(
            "0393", "Parameter packs", "Implemented (Swift 5.9)",
            "* Next Proposal: [SE-0399](0399-tuples.md)",
        ),
        "0399-tuples.md": head.format("0399", "Tuples of packs", "Implemented (Swift 5.9)", ""),
        "0398-variadic.md": head.format(
            "0398", "Variadic types", "Implemented (Swift 5.9)",
            "* Previous Proposals: [SE-0393](0393-packs.md), [SE-0262](0262-demangle.md)",
        ),
    }  # fmt: skip
    root = make_base({})
    got = imported(root, run_import(root, write_log(tmp_path / "props", log)))
    old, new = got["0262-demangle.md"], got["0498-runtime.md"]
    assert old["superseded_by"] == ["props/0498-runtime.md"]
    assert old["status"] == "archived"  # withdrawn, never in force: not "deprecated"
    assert new["supersedes"] == ["props/0262-demangle.md"]
    packs, variadic = got["0393-packs.md"], got["0398-variadic.md"]
    assert (
        "props/0393-packs.md" in variadic["related"]
        and "props/0398-variadic.md" in packs["related"]
    )
    assert "superseded_by" not in packs and packs["status"] != "deprecated"
    assert "supersedes" not in variadic
    # "Next Proposal:" (0274 -> SE-0285 on swift-evolution) relates the two as well
    assert "props/0399-tuples.md" in packs["related"]
    assert "props/0393-packs.md" in got["0399-tuples.md"]["related"]


def test_relation_groups_camel_case_fields_and_numbered_folders_relate_the_records(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """kubernetes-sigs/gateway-api: a GEP opens the folder named for its series and
    number (``gep-1282/index.md``) and says what replaced it in a group of fields
    (``relationships: {obsoletedBy: [{number: 1897, name: ...}]}``); nothing related."""
    head = "---\n{0}\n---\n\n# GEP-{1}: {2}\n\n## Status\n\n{3}\n\n## Decision\n\n{2}.\n"
    old = (
        "relationships:\n  obsoletedBy:\n    - number: 2\n      name: Backend TLS\n"
        "      description: Implements part of it."
    )
    log = tmp_path / "geps"
    for folder, text in {
        "gep-1": head.format(old, 1, "Backend properties", "Declined"),
        "gep-2": head.format("relationships:\n  obsoletes:\n    - number: 1", 2, "TLS", "Accepted"),
    }.items():
        (log / folder).mkdir(parents=True)
        (log / folder / "index.md").write_text(text, encoding="utf-8")
    root = make_base({})
    got = imported(root, run_import(root, log))
    assert got["gep-1/index.md"]["superseded_by"] == ["geps/gep-2/index.md"]
    assert got["gep-2/index.md"]["supersedes"] == ["geps/gep-1/index.md"]
    assert record_names.number_of("geps/gep-12/index.md") == 12
    assert record_names.number_of("docs/v2/index.md") is None  # a version's folder: no record


def test_verified_says_which_state_it_does_not_know_rather_than_that_it_was_unreadable(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """swift-evolution's "Returned for revision" was reported as a state that "could not
    be read": it was read, and was simply none that says whether the record holds (it is
    read as proposed now; a state still unknown is said so)."""
    log = {
        "0001-x.md": "# X\n\n* Proposal: [SE-0001](0001-x.md)\n"
        "* Status: **Gone fishing**\n\n## Introduction\n\nX.\n",
        "0002-y.md": "# Y\n\n* Proposal: [SE-0002](0002-y.md)\n"
        "* Status: **Returned for revision**\n\n## Introduction\n\nY.\n",
    }
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "proposals", log), verified=True)
    said = [note for note in report.notes if "despite --verified" in note]
    assert len(said) == 2 and "'Gone fishing'" in said[0]
    assert "is none mdbrain knows" in said[0] and "could not be read" not in said[0]
    assert said[1].startswith("0002-y.md: a proposed record ('Returned for revision')")


def test_a_status_field_naming_its_kind_of_record_is_read(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """getsentry/rfcs: "- RFC Status: withdrawn" was not read, and --verified put every RFC
    in force, drafts and withdrawn ones too; "RFC Status: replaced by [RFC 0012](...)"
    named no successor."""
    head = (
        "- Start Date: 2022-07-21\n- RFC Type: decision\n- RFC Status: {0}\n\n# Summary\n\n{1}.\n"
    )
    log = {
        "0011-use-argo.md": head.format("replaced by [RFC 0012](0012-use-tekton.md)", "Argo"),
        "0012-use-tekton.md": head.format("approved", "Tekton"),
        "0021-pick.md": head.format("withdrawn", "Pick"),
        "0022-draft.md": head.format("draft", "Draft"),
    }
    root = make_base({})
    got = imported(root, run_import(root, write_log(tmp_path / "rfcs", log), verified=True))
    assert got["0011-use-argo.md"]["superseded_by"] == ["rfcs/0012-use-tekton.md"]
    assert got["0012-use-tekton.md"]["status"] == "stable"
    assert got["0021-pick.md"]["status"] == "archived"
    assert got["0021-pick.md"]["original_status"] == "withdrawn"
    assert got["0022-draft.md"]["status"] == "draft"


def test_records_named_for_their_series_find_each_other_by_number(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """Kotlin/KEEP names its files "KEEP-0452-assign-once.md": "no imported record is
    numbered 455", though it came in the same run, and "Rejected in favor of KEEP-0002"
    named no record."""
    head = "# {0}\n\n* **Type**: Design proposal\n* **Status**: {1}\n\n## Abstract\n\n{0}.\n"
    log = {
        "KEEP-0001-old.md": head.format(
            "Old feature",
            "Superseded by [KEEP-0002](https://example.com/proposals/KEEP-0002-new.md)",
        ),
        "KEEP-0002-new.md": head.format("New feature", "Stable in 2.0"),
        "KEEP-0003-third.md": head.format("Third feature", "Rejected in favor of KEEP-0002"),
    }
    assert [record_names.number_of(name) for name in log] == [1, 2, 3]
    root = make_base({})
    got = imported(root, run_import(root, write_log(tmp_path / "proposals", log)))
    assert got["KEEP-0001-old.md"]["superseded_by"] == ["proposals/keep-0002-new.md"]
    assert got["KEEP-0003-third.md"]["superseded_by"] == ["proposals/keep-0002-new.md"]
    assert got["KEEP-0002-new.md"]["status"] != "deprecated"


def test_a_logs_folders_named_for_states_give_their_records_that_state(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """dotnet/csharplang keeps its proposals in rejected/, inactive/ and the main folder,
    and the pages say no state: imported --verified, the rejected ones were decisions in
    force. A state the page writes wins over its folder's."""
    source = tmp_path / "proposals"
    proposal = "# {0}\n\n## Summary\n\n{0} for everyone.\n\n## Detailed design\n\nHow.\n"
    pages = {
        "0001-active.md": proposal.format("Pattern lists"),
        "rejected/0002-null-bang.md": proposal.format("Parameter null checks"),
        "inactive/0003-pointers.md": proposal.format("Pointer coalescing"),
        "rejected/0004-revived.md": "# Revived\n\n## Status\n\nAccepted\n\n## Decision\n\nX.\n",
        "rejected/notes.md": "# Notes\n\nWhy these were turned down, in general.\n",
        # but a folder where records go once their life ended says where they stand now,
        # whatever they said when written (kubernetes-sigs/cluster-api's archived/ and
        # retired/ proposals, "implementable" and "proposed")
        "archived/0005-kubelet.md": "---\nstatus: implementable\n---\n# Kubelet\n\n"
        "## Summary\n\nAuth.\n\n## Proposal\n\nHow.\n",
        "retired/0006-groups.md": "# Groups\n\n## Status\n\nProposed\n\n## Decision\n\nY.\n",
        # a folder far above a record's own is no word on it
        "archive/2019/adr/0007-kept.md": "# Kept\n\n## Status\n\nAccepted\n\n## Decision\n\nZ.\n",
    }
    for name, text in pages.items():
        (source / name).parent.mkdir(parents=True, exist_ok=True)
        (source / name).write_text(text, encoding="utf-8")
    root = make_base({})
    report = run_import(root, source, theme="proposals", verified=True)
    status = {name: fields["status"] for name, fields in imported(root, report).items()}
    assert status == {
        "0001-active.md": "stable",
        "rejected/0002-null-bang.md": "archived",
        "inactive/0003-pointers.md": "archived",
        "rejected/0004-revived.md": "stable",
        "rejected/notes.md": "archived",
        "archived/0005-kubelet.md": "archived",
        "retired/0006-groups.md": "archived",
        "archive/2019/adr/0007-kept.md": "stable",
    }
    assert "rejected/0002-null-bang.md: a rejected record (by its folder rejected/)" in (
        "\n".join(report.notes)
    )
    assert adr.folder_state("logs/Rejected_Ideas/2019/x.md") == ("", "")
    assert adr.folder_state("logs/2019/Rejected/x.md") == ("rejected", "logs/2019/Rejected")


def test_a_folder_naming_one_series_before_every_number_is_a_log_at_half_records(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """pytorch/rfcs: 7 of its 16 RFC-NNNN pages state no status, and came in as reference
    pages beside 9 decisions. Numbers alone ask for nine records in ten first."""
    stated = "# {0}\n\n## Status\n\nAccepted\n\n## Decision\n\nWe do {0}.\n"
    plain = "# {0}\n\nA design for {0}, and how it goes.\n"
    for folder, name in (("design", "RFC-{0:04d}-topic-{0}.md"), ("notes", "{0:04d}-topic-{0}.md")):
        for n in range(1, 13):
            page = (stated if n % 2 else plain).format(f"topic {n}")
            path = tmp_path / folder / name.format(n)
            path.parent.mkdir(exist_ok=True)
            path.write_text(page, encoding="utf-8")
    root = make_base({})
    rfcs = imported(root, run_import(root, tmp_path / "design", theme="design"))
    assert {fields["type"] for fields in rfcs.values()} == {"decision"}
    notes = imported(root, run_import(root, tmp_path / "notes", theme="notes"))
    assert sorted(fields["type"] for fields in notes.values()).count("decision") == 6


def test_a_page_that_is_no_record_keeps_out_of_force_by_its_own_status_field(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """openshift/enhancements: designs with no Proposal heading, whose field says
    "status: provisional" or "not implemented", were put in force by --verified."""
    page = "---\ntitle: {name}\nstatus: {status}\n---\n\n# {name}\n\nHow the {name} works.\n"
    pages = {
        "gang-scheduling.md": page.format(name="gang-scheduling", status="provisional"),
        "provisioning.md": page.format(name="provisioning", status="not implemented"),
        "inspect.md": page.format(name="inspect", status="implemented"),
        "faq.md": "# FAQ\n\nQuestions people ask.\n",
    }
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "designs", pages), verified=True)
    meta = imported(root, report)
    assert meta["gang-scheduling.md"]["status"] == "draft"
    assert meta["provisioning.md"]["status"] == "archived"
    assert meta["inspect.md"]["status"] == "stable"
    assert meta["faq.md"]["status"] == "stable"
    assert any("gang-scheduling.md: its status ('provisional')" in n for n in report.notes)


def test_a_proposal_stating_its_state_and_giving_an_overview_is_read_so(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """dapr/proposals: "* State: Approved" (its template's field) was no state, so 22 of 24
    proposals lost theirs and came in as references; one whose header lines are
    paragraphs was summed up "State: Ready for implementation"."""
    pages = {
        "20221130-I-multi-app.md": "# Multi-app run\n\n* Author(s): @a\n* State: Approved\n"
        "* Updated: 2022-11-30\n\n## Overview\n\nRun several apps at once from one file.\n\n"
        "## Proposal\n\nA run file lists the apps.\n",
        "20221201-P-lifecycle.md": "# Lifecycle\n\nAuthor(s): @b\n\n"
        "State: Ready for implementation\n\nUpdated: 2022-12-01\n\n## Overview\n\n"
        "How a feature moves from alpha to stable.\n\n## Design\n\nStages.\n",
    }
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "proposals", pages))
    meta = imported(root, report)
    run_app, lifecycle = meta["20221130-I-multi-app.md"], meta["20221201-P-lifecycle.md"]
    assert run_app["type"] == "decision" and run_app["original_status"] == "Approved"
    assert run_app["summary"] == "Run several apps at once from one file."
    assert lifecycle["original_status"] == "Ready for implementation"
    assert lifecycle["summary"] == "How a feature moves from alpha to stable."
    assert adr.state_of("Ready for Implementation") == "accepted"
    assert adr.state_of("Ready for Review") == "proposed"


def test_a_status_left_listing_a_forms_choices_gives_no_state_but_one_before_them_does() -> None:
    """grpc/proposal: "* Status: {Draft, In Review, Ready for Implementation,
    Implemented}", the template's line never filled in, put 17 proposals in force under
    --verified; "In Review {Draft, ...}" was read as implemented, and "Implementation in
    Progress" (approved, being built) as not yet decided."""
    choices = "{Draft, In Review, Ready for Implementation, Implemented}"
    assert adr.chosen(choices) == choices
    assert adr.chosen(f"In Review {choices}") == "In Review"
    assert adr.state_of(adr.chosen(f"In Review {choices}")) == "proposed"
    assert adr.chosen("Accepted {see the discussion}") == "Accepted {see the discussion}"
    head = "A59 title\n----\n* Author(s): someone\n* Status: {}\n\n## Abstract\n\nText.\n"
    left = adr.read("A59-audit-logging.md", head.format(choices), {})
    assert left is not None and (left.state, left.stated) == ("", choices)
    filled = adr.read("A59-audit-logging.md", head.format(f"In Review {choices}"), {})
    assert filled is not None and (filled.state, filled.stated) == ("proposed", "In Review")
    assert adr.state_of("Implementation in Progress") == "accepted"
    assert adr.state_of("In progress") == "proposed"


def test_a_record_replaced_by_a_pull_request_elsewhere_is_deprecated() -> None:
    """celestia-app's ADR-005: "Deprecated in favor of [orchestrator-relayer#66](...)"
    came in a draft, and the import looked for its record number 66."""
    link = "https://github.com/celestiaorg/orchestrator-relayer/pull/66"
    body = f"# ADR 5: Reduce state\n\n## Status\n\nDeprecated in favor of [orchestrator-relayer#66]({link})\n"
    record = adr.read("docs/architecture/adr-005-reduce-state.md", body, {})
    assert record is not None and record.state == "deprecated"
    resolved = adr.resolve(
        {"docs/architecture/adr-005-reduce-state.md": record}, lambda _path: None
    )
    assert not resolved.unresolved and not resolved.pairs
    # a record replaced by one of this log, by its number, is superseded still
    body = "# ADR 6: X\n\n## Status\n\nSuperseded by [ADR 7](adr-007-y.md)\n"
    again = adr.read("docs/architecture/adr-006-x.md", body, {})
    assert again is not None and again.state == "superseded"


def test_a_page_telling_what_each_state_means_is_no_record_and_a_form_listing_them_a_template() -> (
    None
):
    """cilium/design-cfps: its README's Status section tells the five states a CFP may
    have, and was read as a decision; its template lists them with commas."""
    states = (
        "The status of a CFP indicates its maturity. There are five statuses a CFP can"
        " have:\n\n1. Draft: a CFP in any form not yet merged into this repository.\n"
        "2. Implementable: approved by one committer and merged; the work can start.\n"
        "3. Released X.Y: everything it proposes is merged with that release.\n"
        "4. Dormant: nobody is working on it now; it may come back.\n"
        "5. Declined: the community considered it and rejected it for now.\n"
    )
    readme = f"# Cilium Feature Proposals\n\nHow to propose.\n\n# Status\n\n{states}"
    assert adr.read("README.md", readme, {}) is None
    form = "# CFP-003: Template\n\n**Status:** Implementable, Released, Dormant, Declined\n"
    record = adr.read("cfps/CFP-003-template.md", form, {})
    assert record is not None and record.template
    filled = "# CFP-9: X\n\n**Status:** Accepted, implemented, released\n"
    assert not adr.read("cfps/CFP-009-x.md", filled, {}).template  # type: ignore[union-attr]


def test_a_status_section_gives_its_state_above_its_own_sections() -> None:
    """kubernetes-sigs/gateway-api: an API reference page's "## Status" describes the
    resource's status field ("Status defines the observed state of HTTPRoute."); a
    subsection further down says a route "has been accepted by Gateway", and the page
    came in as a decision in force."""
    reference = (
        "# HTTPRoute\n\nRouting rules.\n\n## Status\n\nStatus defines the observed state"
        " of HTTPRoute.\n\n### RouteStatus\n\nThe route has been accepted by Gateway"
        ' "gw".\n'
    )
    assert adr.read("reference/api-types/httproute.md", reference, {}) is None
    # a state written above them counts, and one in a subsection of an empty Status too
    record = adr.read("x.md", "# X\n\n## Status\n\nAccepted\n\n### History\n\nDraft.\n", {})
    assert record is not None and record.state == "accepted"
    nested = adr.read("y.md", "# Y\n\n## Status\n\n### Rejected\n\nToo costly.\n", {})
    assert nested is not None and nested.state == "rejected"


CAP = """\
# CAP-{n:04d}: {title}

## Preamble

```text
CAP: {n:04d}
Title: {title}
Working Group:
    Owner: A. Person <@someone>
Status: {status}
Created: 2020-12-{day:02d}
Protocol version: 17
```

## Simple Summary
{title} for every account, as CAP-{other} does not.
"""


def test_a_preamble_in_a_block_of_code_gives_the_proposals_fields() -> None:
    """stellar/stellar-protocol: each CAP and SEP gives its title, status and days in a
    block under "## Preamble"; all 159 came in as untitled, undated reference drafts."""
    fields = conversion.preamble_fields(
        CAP.format(n=35, title="Asset Clawback", status="Final", other=23, day=14)
    )
    assert fields["cap"] == "0035" and fields["title"] == "Asset Clawback"
    assert fields["status"] == "Final" and fields["protocol_version"] == "17"
    assert fields["working_group"] == {"owner": "A. Person <@someone>"}
    # code, or a block after prose, is no preamble
    assert conversion.preamble_fields("## Usage\n\n```\nx = 1\ny: 2\nz: 3\n```\n") == {}
    assert conversion.preamble_fields("Some prose.\n\n```\nTitle: A\nStatus: B\nC: D\n```\n") == {}


def test_proposals_with_a_preamble_come_in_titled_dated_and_in_their_state(
    make_base: MakeBase, tmp_path: Path
) -> None:
    source = tmp_path / "core"
    source.mkdir()
    states = {13: "Rejected (In favor of CAP-0018)", 18: "Final", 23: "Final", 36: "Rejected"}
    for n, status in states.items():
        text = CAP.format(n=n, title=f"Proposal {n}", status=status, other=n + 1, day=n % 28)
        (source / f"cap-{n:04d}.md").write_text(text, encoding="utf-8")
    root = make_base({})
    report = run_import(root, source)
    got = imported(root, report)
    assert got["cap-0023.md"]["title"] == "Proposal 23"
    assert got["cap-0023.md"]["type"] == "decision"
    assert str(got["cap-0023.md"]["created"]) == "2020-12-23"
    assert "original_created" not in got["cap-0023.md"]  # a day, as a frontmatter gives it
    assert got["cap-0036.md"]["status"] == "archived"
    assert got["cap-0013.md"]["superseded_by"] == [report.imported["cap-0018.md"]]
    brain = Brain.open(root)
    found = brain.search("What does CAP-23 propose?", filters=Filters(include_drafts=True))
    # (the other pages cite CAP-24, CAP-19...: CAP-23 names the page itself)
    assert found.hits[0].hit.id == report.imported["cap-0023.md"]


def test_a_preamble_names_its_authors_without_their_addresses(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """Stellar's SEP-14 names its authors with their e-mail addresses in its preamble,
    beside a line of no field ("Version 1.0.0"): the page was stopped whole."""
    source = tmp_path / "ecosystem"
    source.mkdir()
    text = (
        "## Preamble\n\n```\nSEP: 0014\nTitle: Dynamic Asset Metadata\n"
        "Author: OrbitLens <@orbitlens> <orbit.lens@mail.example.org>, Paul <paul@qwil.example>\n"
        "Status: Active\nCreated: 2018-09-30\nVersion 1.0.0\n```\n\n## Simple Summary\n\nMetadata.\n"
    )
    (source / "sep-0014.md").write_text(text, encoding="utf-8")
    root = make_base({})
    report = run_import(root, source)
    assert list(report.imported) == ["sep-0014.md"]
    written = (root / report.imported["sep-0014.md"]).read_text(encoding="utf-8")
    assert "@mail.example.org" not in written and "Author: OrbitLens <@orbitlens>, Paul" in written
    assert imported(root, report)["sep-0014.md"]["title"] == "Dynamic Asset Metadata"


def test_records_in_force_by_their_own_state_are_said_to_come_in_as_drafts(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """tektoncd/community: 100 implemented or implementable TEPs came in as drafts, and
    nothing said that --verified would put them in force."""
    source = tmp_path / "proposals"
    source.mkdir()
    for n, state in enumerate(("implemented", "implemented", "implementable", "proposed"), 1):
        front = f"---\nstatus: {state}\ntitle: TEP {n}\n---\n"
        (source / f"{n:04d}-t.md").write_text(
            f"{front}\n# TEP-{n:04d}\n\n## Summary\n\nDo {n}.\n\n## Motivation\n\nWhy.\n",
            encoding="utf-8",
        )
    root = make_base({})
    report = run_import(root, source)
    [said] = [n for n in report.notes if "say they are in force" in n]
    assert said.startswith("3 decision records say they are in force")
    assert not [n for n in run_import(root, source, verified=True).notes if "in force (" in n]


def test_a_proposal_that_would_supersede_a_record_leaves_it_in_force(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # mozilla/fxa: ADR 0052, proposed with its outcome still to be decided, says it
    # supersedes 0049; 0014 says itself it was superseded by the proposed 0017
    log = {
        "0049-scopes.md": "# Service-driven scopes\n\n- Status: accepted\n\n"
        "## Decision Outcome\n\nEach service declares its scopes.\n",
        "0052-scopes-again.md": "# Scopes from one registry\n\n- Status: proposed\n"
        "- Supersedes: [ADR 0049](0049-scopes.md)\n\n## Decision Outcome\n\nTBD.\n",
        "0014-oauth.md": "# OAuth for settings\n\n- Status: superseded by"
        " [ADR-0017](0017-session-token.md)\n\n## Decision Outcome\n\nOAuth.\n",
        "0017-session-token.md": "# Session token for settings\n\n- Status: proposed\n\n"
        "## Decision Outcome\n\nThe session token.\n",
    }
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "adr", log), theme="decisions", verified=True)
    meta = imported(root, report)
    assert meta["0049-scopes.md"]["status"] == "stable"
    assert "superseded_by" not in meta["0049-scopes.md"]
    assert meta["0052-scopes-again.md"]["status"] == "draft"
    assert meta["0052-scopes-again.md"]["related"] == [report.imported["0049-scopes.md"]]
    assert "supersedes" not in meta["0052-scopes-again.md"]
    # the older record's own word stands
    assert meta["0014-oauth.md"]["status"] == "deprecated"
    assert [(s.old, s.new) for s in report.supersessions] == [
        (report.imported["0014-oauth.md"], report.imported["0017-session-token.md"])
    ]
    (note,) = [n for n in report.notes if "would supersede" in n]
    assert note.startswith("0052-scopes-again.md: a proposed record")
    assert f"mdbrain supersede {report.imported['0049-scopes.md']} --by" in note


def test_a_record_superseded_by_what_is_not_imported_comes_in_archived(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # cloudfoundry/community: RFC-0005, "Superseded by community#375", came in a draft
    # and answered questions as one
    log = {
        "rfc-0005-teams.md": "# Meta\n- Name: Team names\n- Status: Superseded by"
        " [community#375](https://github.com/cloudfoundry/community/pull/375)\n\n"
        "## Summary\n\nName the teams.\n",
        "rfc-0006-roles.md": "# Meta\n- Name: Roles\n- Status: Accepted\n\n"
        "## Summary\n\nThe roles.\n",
    }
    root = make_base({})
    for verified in (False, True):
        report = run_import(root, write_log(tmp_path / f"rfc{verified}", log), verified=verified)
        meta = imported(root, report)
        assert meta["rfc-0005-teams.md"]["status"] == "archived"
        assert meta["rfc-0005-teams.md"]["title"] == "Team names"
        assert any(
            n.startswith("rfc-0005-teams.md: a superseded record") and "archived" in n
            for n in report.notes
        )


@pytest.mark.parametrize("adverb", ["entirely", "completely", "fully"])
def test_a_record_superseded_wholly_by_another_names_it(adverb: str) -> None:
    # open-telemetry/oteps' 0008: "**Status:** Superceded entirely by [0072-...](...)"
    # named no successor, and the record came in as superseded by nothing imported
    body = f"# Observer\n\n**Status:** Superceded {adverb} by [0072-observer](0072-observer.md)\n"
    record = adr.read("text/metrics/0008-observer.md", body, {})
    assert record is not None and record.state == "superseded"
    ((clause_ref,),) = [c.refs for c in record.clauses if c.kind == adr.SUPERSEDED_BY]
    assert clause_ref.link == "0072-observer.md"


def test_rfcs_whose_status_field_says_implemented_are_records(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # npm/rfcs: implemented/ imported alone came in as 40 reference pages, its accepted/
    # as decisions; each page's frontmatter says "status: implemented"
    rfc = (
        "---\ntitle: {title}\nnumber: {n}\nstatus: implemented\ncreated: null\n---\n"
        "# {title}\n\n## Summary\n\nA command.\n\n## Detailed Explanation\n\nHow.\n"
    )
    log = {
        f"00{n}-{slug}.md": rfc.format(title=title, n=n)
        for n, slug, title in [(16, "set-script", "Set script"), (29, "no-hooks", "No hooks")]
    }
    meta = {"status": "implemented", "number": 16}
    record = adr.read("implemented/0016-set-script.md", "# Set script\n\nA command.\n", meta)
    assert record is not None and record.state == "accepted"
    # a feature page saying it is implemented is no record
    assert (
        adr.read("docs/features/dark-mode.md", "# Dark mode\n\nX.\n", meta | {"number": ""}) is None
    )
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "implemented", log), verified=True)
    assert {name: (m["type"], m["status"]) for name, m in imported(root, report).items()} == {
        "0016-set-script.md": ("decision", "stable"),
        "0029-no-hooks.md": ("decision", "stable"),
    }


def test_records_of_a_state_no_one_knows_are_not_said_to_state_none(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # swiftlang/swift-evolution: 35 proposals "state no status", 21 of them "Returned
    # for revision", and the note said --verified would put them in force; it did not
    states = ["Expired", "Expired", "Gone fishing", "", "", ""]
    log = {
        f"000{n}-thing-{n}.md": f"# Thing {n}\n\n* Proposal: SE-000{n}\n"
        + (f"* Status: **{state}**\n" if state else "")
        + "\n## Introduction\n\nThings.\n\n## Decision\n\nWe do things.\n"
        for n, state in enumerate(states, 1)
    }
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "proposals", log), theme="proposals")
    (unknown,) = [n for n in report.notes if "a status mdbrain does not know" in n]
    assert unknown.startswith("3 decision records give a status mdbrain does not know")
    assert "'Expired', 'Gone fishing'" in unknown
    assert "0001-thing-1.md, 0002-thing-2.md, 0003-thing-3.md" in unknown
    assert "with --verified too" in unknown
    (silent,) = [n for n in report.notes if "state no status" in n]
    assert silent.startswith("3 decision records state no status (0004-thing-4.md")


def test_a_release_number_among_a_records_tags_is_kept_as_written(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # nats-io/nats-architecture-and-design groups its ADRs by release: "2.11" came in
    # as "2-11", which no --tag 2.11 found, and a page tagged by hand split the group
    table = (
        "| Metadata | Value |\n|----------|-------|\n| Date | 2022-08-03 |\n"
        "| Status | Implemented |\n| Tags | jetstream, client, 2.11, v1.4.0 |\n"
    )
    log = {
        "ADR-31.md": f"# JetStream Direct Get\n\n{table}\n## Context\n\nReads from any replica.\n",
    }
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "adr", log), theme="adr")
    tags = imported(root, report)["ADR-31.md"]["tags"]
    assert "2.11" in tags and "v1.4.0" in tags and "2-11" not in tags
    assert conversion.tags_of(["Design Notes"], {}, "x") == ["design-notes"]


def test_the_days_of_a_review_are_no_day_the_record_was_written() -> None:
    # swiftlang/swift-evolution: "Active Review (Aug 21...Sep 4, 2026)" made the
    # proposal created on September 4, after the snapshot it came from
    for status in (
        "Active Review (Aug 21...Sep 4, 2026)",
        "Scheduled for review (March 3 - 10, 2025)",
    ):
        assert adr.date_of("# X\n", {}, status) is None
    assert adr.date_of("# X\n", {}, "Accepted on 2021-03-04") == dt.date(2021, 3, 4)


def test_a_proposals_folders_own_page_is_no_proposal(make_base: MakeBase, tmp_path: Path) -> None:
    # carbon-lang: proposals/README.md, the folder's lists and layout, came in as a
    # decision, counted among the records that "state no status"
    readme = (
        "# Proposals\n\n## Proposal lists\n\n- [All proposals](https://x.org/pulls)\n\n"
        "## Directory structure\n\nThis directory contains accepted proposals.\n"
    )
    proposal = (
        "# {0}\n\n[Pull request](https://x.org/pull/{1})\n\n## Problem\n\nIt hurts.\n\n"
        "## Proposal\n\nDo {0}.\n\n## Rationale\n\nIt helps.\n"
    )
    log = {"README.md": readme, "p0029.md": proposal.format("Linear history", 29)}
    root = make_base({})
    got = imported(root, run_import(root, write_log(tmp_path / "proposals", log)))
    assert got["README.md"]["type"] != "decision"
    assert got["p0029.md"]["type"] == "decision"


def test_a_design_to_be_reviewed_stays_a_draft_under_verified(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # bazelbuild/proposals: "status: To be reviewed" over a design typed as a reference
    # page came in stable with --verified, and a brief listed it in force
    page = "---\ntitle: {0}\nstatus: {1}\n---\n\n# {0}\n\n## Background\n\nBuilds.\n"
    log = {
        "2023-10-25-modules.md": page.format("C++20 modules", "To be reviewed"),
        "2019-10-15-visibility.md": page.format("Tool visibility", "Implemented"),
    }
    root = make_base({})
    got = imported(root, run_import(root, write_log(tmp_path / "designs", log), verified=True))
    assert got["2023-10-25-modules.md"]["status"] == "draft"
    assert got["2019-10-15-visibility.md"]["status"] == "stable"


@pytest.mark.parametrize(
    ("top", "retired"),
    [
        # microsoft/api-guidelines: both answered questions before what replaced them
        (
            "> # DEPRECATION NOTICE TO READERS\n> This document is being deprecated and merged"
            " with the [Graph guidelines](graph.md).\n",
            True,
        ),
        ("This document has been deprecated and has been moved to [Azure](azure.md).\n", True),
        ("**Deprecated:** use the new guide.\n", True),
        ("> [!WARNING]\n> This guide is no longer maintained.\n", True),
        # a page on something deprecated, or on deprecating, still holds
        ("This API is deprecated. Use `_setmbcp_l` instead.\n", False),
        ("This document describes how APIs are deprecated.\n", False),
        ("Text about the release.\n\n## Deprecated\n\n- the old flag\n", False),
    ],
)
def test_a_page_saying_at_its_top_that_it_is_retired_comes_in_archived(
    make_base: MakeBase, tmp_path: Path, top: str, retired: bool
) -> None:
    log = {"old.md": f"# Old guidelines\n\n{top}\nVersioning uses api-version.\n"}
    root = make_base({})
    report = run_import(root, write_log(tmp_path / "guides", log), verified=True)
    status = imported(root, report)["old.md"]["status"]
    assert status == ("archived" if retired else "stable")
    assert any("imported as archived; 'mdbrain supersede'" in n for n in report.notes) is retired


@pytest.mark.parametrize(
    ("head", "state", "day"),
    [
        # fields on one line, a middle dot between them, the day written day first
        ("Date : 05/08/2026 · Statut : accepté · Complète : 0027, 0031", "accepted", (2026, 8, 5)),
        ("Date : 2026-07-26 · Statut : accepté", "accepted", (2026, 7, 26)),
        ("- Statut : accepté\n- Date : 12/03/2026", "accepted", (2026, 3, 12)),
        # a table of fields whose first row is no header
        ("| Statut | Accepté |\n|---|---|\n| Date | 03/02/2025 |", "accepted", (2025, 2, 3)),
        # MTES-MCT/dialog: the day of its creation
        ("* Création : 2022-09-14\n* Statut : Accepté", "accepted", (2022, 9, 14)),
    ],
)
def test_a_french_records_fields_are_read_on_one_line_and_its_days_day_first(
    head: str, state: str, day: tuple[int, int, int]
) -> None:
    """French decision logs write "Date : 05/08/2026 · Statut : accepté · Complète :
    0027, 0031" under their title: neither the state nor the day was read, nor the
    records it completes."""
    body = f"# 0041 — Un site vérifiable\n\n{head}\n\n## Contexte\n\nA.\n\n## Décision\n\nB.\n"
    record = adr.read("docs/adr/0041-site.md", body, {}, in_log=True)
    assert record is not None and (record.state, record.date) == (state, dt.date(*day))
    if "Complète" in head:
        assert [(c.kind, [r.text for r in c.refs]) for c in record.clauses] == [
            (adr.AMENDS, ["0027", "0031"])
        ]


def test_an_english_records_ambiguous_day_is_not_guessed() -> None:
    body = "# ADR 2: Use X\n\nDate: 05/08/2026\n\nStatus: accepted\n\n## Decision\n\nWe do.\n"
    record = adr.read("docs/adr/0002-x.md", body, {}, in_log=True)
    assert record is not None and record.state == "accepted" and record.date is None


def test_a_template_imported_on_its_own_stays_a_draft_whatever_states_it_lists(
    make_base: MakeBase,
) -> None:
    """ansforge's 0000-modele-adr.md, imported alone: the states its status lists as
    choices ("... | remplacé par 0123-ADR-description") made it a superseded record, and
    it was archived."""
    root = make_base({})
    form = (
        '---\nstatus: "{proposé | rejeté | accepté | obsolète | remplacé par 0123-ADR-description}"\n'
        "date: {AAAA-MM-JJ}\n---\n\n# {titre court}\n\n## Contexte et énoncé du problème\n\n"
        '{Décrivez le contexte}\n\n## Résultat de la décision\n\nOption choisie : "{option 1}".\n'
    )
    page = root.parent / "docs" / "decisions" / "0000-modele-adr.md"
    page.parent.mkdir(parents=True)
    page.write_text(form, encoding="utf-8")
    with Brain.open(root) as brain:
        report = brain.import_docs(page)
    written = (root / report.imported["0000-modele-adr.md"]).read_text(encoding="utf-8")
    assert "\nstatus: draft\n" in written
    assert not any("superseded record" in note for note in report.notes)


def test_the_logs_own_index_among_its_records_is_no_record() -> None:
    """MTES-MCT/dialog's docs/adr/README.md, "# Architecture Decision Record (ADR)" over
    a table of contents, came in as a decision, in force with --verified."""
    index = (
        "# Architecture Decision Record (ADR)\n\nLes ADR retracent les décisions.\n\n"
        "Table des matières :\n\n* [001 - Format](./001_format.md)\n"
        "* [002 - Modèle](./002_mcd.md)\n* [003 - Environnement](./003_stack.md)\n"
    )
    assert adr.read("docs/adr/README.md", index, {}, in_log=True) is None
    assert not adr.looks_like_adr("docs/adr/README.md", index, {})
    record = "# ADR 3: Environnement\n\nStatut : accepté\n\n## Décision\n\nPHP.\n"
    assert adr.read("docs/adr/003_stack.md", record, {}, in_log=True) is not None

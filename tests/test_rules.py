"""Check rules one by one, on the edges the fixture base does not show."""

from __future__ import annotations

import datetime as dt

import pytest

from mdbrain.core import manifest, marker, rules
from tests.conftest import doc

CONFIG = marker.loads('version: "1"\nroot: kb\nlang: en\n')
TODAY = dt.date(2026, 11, 30)


def codes(docs: dict[str, str], **facts: object) -> list[tuple[str, str]]:
    found = manifest.build(manifest.entry_from_text(text, doc_id) for doc_id, text in docs.items())
    context = rules.Context(manifest=found, config=CONFIG, today=TODAY, **facts)  # type: ignore[arg-type]
    return [(f.path, f.code) for f in rules.run(context)]


def test_a_superseded_draft_is_not_said_to_be_in_force() -> None:
    docs = {
        "old.md": doc(status="draft", superseded_by="[new.md]", sources="[notes]"),
        "new.md": doc(supersedes="[old.md]", sources="[notes]", body="[o](old.md)"),
    }
    assert ("old.md", "W012") not in codes(docs)
    docs["old.md"] = doc(status="stable", superseded_by="[new.md]", sources="[notes]")
    assert ("old.md", "W012") in codes(docs)


def test_only_a_document_in_force_is_warned_for_leaning_on_a_retired_one() -> None:
    docs = {
        "old.md": doc(status="deprecated", sources="[notes]"),
        "history.md": doc(status="draft", body="As [the old design](old.md) proposed."),
    }
    assert ("history.md", "W009") not in codes(docs)
    docs["history.md"] = doc(sources="[notes]", body="As [the old design](old.md) proposed.")
    assert ("history.md", "W009") in codes(docs)


def test_a_recent_review_keeps_a_stable_document_fresh() -> None:
    old = {"a.md": doc(updated="2025-01-01", sources="[x]")}
    assert ("a.md", "W004") in codes(old)
    reviewed = {"a.md": doc(updated="2025-01-01", reviewed="2026-11-01", sources="[x]")}
    assert ("a.md", "W004") not in codes(reviewed)


def test_a_relation_that_climbs_above_the_root_is_reported() -> None:
    assert ("a.md", "W006") in codes({"a.md": doc(related="[../../etc/x.md]", sources="[x]")})


def test_an_overview_page_may_be_an_entry_point_without_incoming_links() -> None:
    docs = {
        "start.md": doc(type="overview", sources="[x]", body="[a](a.md)"),
        "a.md": doc(sources="[x]"),
        "notes/lonely.md": doc(sources="[x]"),
    }
    found = codes(docs)
    assert ("start.md", "W002") not in found and ("notes/lonely.md", "W002") in found


def test_a_page_of_a_theme_with_an_overview_or_of_a_decision_log_is_no_orphan() -> None:
    docs = {
        "auth/overview.md": doc(type="overview", sources="[x]"),
        "auth/new-page.md": doc(sources="[x]"),  # written today, linked from nowhere yet
        "adr/0001-use-postgres.md": doc(type="decision", sources="[x]"),
        "adr/0002-use-redis.md": doc(type="decision", sources="[x]"),
        "misc/alone.md": doc(sources="[x]"),
        "misc/other.md": doc(sources="[x]", body="[alone](alone.md)"),
    }
    orphans = {path for path, code in codes(docs) if code == "W002"}
    assert orphans == {"misc/other.md"}


def test_a_page_named_overview_stands_for_its_folder_whatever_its_type() -> None:
    """Imported documentation often has its own ``overview.md``, typed as a reference."""
    docs = {
        "ets/overview.md": doc(type="reference", sources="[x]"),
        "ets/types.md": doc(sources="[x]"),
        "misc/alone.md": doc(sources="[x]"),
        "misc/other.md": doc(sources="[x]", body="[alone](alone.md)"),
    }
    orphans = {path for path, code in codes(docs) if code == "W002"}
    assert orphans == {"misc/other.md"}


def test_a_contradiction_settled_by_supersession_is_not_open() -> None:
    docs = {
        "a.md": doc(contradicts="[b.md]", supersedes="[b.md]", sources="[x]", body="[b](b.md)"),
        "b.md": doc(status="deprecated", superseded_by="[a.md]", sources="[x]", body="[a](a.md)"),
    }
    assert not [c for c in codes(docs) if c[1] == "W013"]
    docs["b.md"] = doc(sources="[x]", body="[a](a.md)")
    docs["a.md"] = doc(contradicts="[b.md]", sources="[x]", body="[b](b.md)")
    assert ("a.md", "W013") in codes(docs)


def test_impl_refs_with_symbol_anchors_are_checked_by_their_file() -> None:
    docs = {"a.md": doc(impl_refs="[src/a.py#login, .env]")}
    found = codes(docs, existing_refs=frozenset({"src/a.py"}))
    assert (
        ("a.md", "E008") in found
        and ("a.md", "W003") not in found
        and ("a.md", "W008") not in found
    )


def test_a_summary_given_as_another_tools_mapping_is_reported_and_never_shown_as_one() -> None:
    text = doc(summary="\n  visible: true\n  depth: 2")  # an Eleventy page's own setting
    entry = manifest.entry_from_text(text, "a.md")
    assert entry.summary == ""  # not "{'visible': True, 'depth': 2}"
    found = manifest.build([entry])
    context = rules.Context(manifest=found, config=CONFIG, today=TODAY)
    problems = [f for f in rules.run(context) if f.code == "E002"]
    assert [(f.path, f.line) for f in problems] == [("a.md", 3)]
    assert "summary" in problems[0].message and "mapping" in problems[0].message


def test_a_missing_required_field_says_what_to_write_in_plain_words() -> None:
    text = (
        "---\ntitle: Contact\nsummary: who to ask.\ntype: reference\nstatus: stable\n---\n\nBody.\n"
    )
    found = manifest.build([manifest.entry_from_text(text, "a.md")])
    context = rules.Context(manifest=found, config=CONFIG, today=TODAY)
    messages = sorted(f.message for f in rules.run(context) if f.code == "E002")
    assert messages == [
        "required field 'tags' is missing: add at least one tag",
        "required field 'updated' is missing: add the date of the last change (YYYY-MM-DD)",
    ]


CONFLICTED = """## Timeouts

<<<<<<< HEAD
The default timeout is 5 seconds.
=======
The default timeout is 10 seconds.
>>>>>>> other-branch
"""

ABOUT_GIT = """## Merges

A conflict shows as:

```text
<<<<<<< HEAD
ours
=======
theirs
>>>>>>> branch
```
"""


def test_conflict_markers_left_by_a_merge_are_an_error_at_their_line() -> None:
    """A merge stopped on a conflict, committed as it was (found on encode/httpx):
    the page was served as stable with both sides in it."""
    text = doc("Timeouts", body=CONFLICTED)
    entry = manifest.entry_from_text(text, "timeouts.md")
    [found] = [f for f in entry.findings if f.code == "E010"]
    assert found.line == text.split("\n").index("<<<<<<< HEAD") + 1
    assert found.severity.name == "ERROR"
    # code blocks matched by their kind and length; one side opening a block hides nothing
    for body in (
        "~~~md\n```python\n~~~\n\n" + CONFLICTED,
        "````\n```\n````\n" + CONFLICTED,
        CONFLICTED.replace("The default timeout is 5 seconds.", "```python\nTIMEOUT = 5"),
    ):
        hidden = manifest.entry_from_text(doc("Timeouts", body=body), "t.md")
        assert [f.code for f in hidden.findings if f.code == "E010"] == ["E010"], body
    # markers shown in a code block, or one marker alone, are text about them
    for body in (ABOUT_GIT, "Lines that start with <<<<<<< open a conflict.\n"):
        shown = manifest.entry_from_text(doc("Merges", body=body), "merges.md")
        assert not [f for f in shown.findings if f.code == "E010"]


def _numbers_context(names: list[str]) -> rules.Context:
    entries = [manifest.entry_from_text(doc(n), n) for n in names]
    return rules.Context(
        manifest.Manifest(tuple(entries)), marker.Config(root="kb"), dt.date(2026, 12, 1)
    )


def test_a_number_two_records_hold_after_a_merge_is_reported_once() -> None:
    """Each branch wrote record 3 (found on encode/httpx): git merged them cleanly."""
    names = [
        "adr/0001-start.md",
        "adr/0002-queues.md",
        "adr/0003-retry-connect-errors.md",
        "adr/0003-use-http-2.md",
        "notes/2-cats.md",  # not a numbered folder: one name in two starts with a number
        "notes/2-dogs.md",
        "notes/birds.md",
        "notes/fish.md",
        "notes/frogs.md",
    ]
    found = list(rules.numbers_held_twice(_numbers_context(names)))
    assert [(f.code, f.path) for f in found] == [("W018", "adr/0003-use-http-2.md")]
    assert "0003-retry-connect-errors.md" in found[0].message


def test_the_steps_of_a_tutorial_numbered_alike_are_no_records_held_twice() -> None:
    """backstage/backstage keeps each step of a tutorial beside its old version:
    ``01-setup.md`` and ``01-setup--old.md``. Telling one to take the next number would
    break the tutorial's order; the same names as decisions are a log's records."""
    names = [
        f"permissions/{n:02}-{step}{old}.md"
        for n, step in enumerate(["setup", "rules", "conditions"], start=1)
        for old in ("", "--old")
    ]
    assert list(rules.numbers_held_twice(_numbers_context(names))) == []
    records = [manifest.entry_from_text(doc(n, type="decision"), n) for n in names]
    context = rules.Context(
        manifest.Manifest(tuple(records)), marker.Config(root="kb"), dt.date(2026, 12, 1)
    )
    assert len(list(rules.numbers_held_twice(context))) == 3


def test_a_number_held_twice_is_reported_where_names_write_letters_before_it() -> None:
    """Backstage names its records adr013-use-node-fetch.md: two branches each wrote 19."""
    names = ["adr/adr001-a.md", "adr/adr002-b.md", "adr/adr019-x.md", "adr/adr019-y.md"]
    found = list(rules.numbers_held_twice(_numbers_context(names)))
    assert [(f.code, f.path) for f in found] == [("W018", "adr/adr019-y.md")]


@pytest.mark.parametrize(
    "names",
    [
        # emberjs/rfcs: each RFC numbered by its pull request, the old ember-cli RFCs too
        [f"text/{n:04}-rfc-{n}.md" for n in range(3, 1100, 40)] + ["text/0003-block-params.md"],
        # bevyengine/bevy-website: migration guides named for their pull request
        ["guides/11426-first.md", "guides/11426-second.md"],
    ],
)
def test_numbers_given_elsewhere_held_twice_are_no_clash(names: list[str]) -> None:
    records = [manifest.entry_from_text(doc(n, type="decision"), n) for n in names]
    context = rules.Context(
        manifest.Manifest(tuple(records)), marker.Config(root="kb"), dt.date(2026, 12, 1)
    )
    assert list(rules.numbers_held_twice(context)) == []

"""Rendering the derived indexes: layout, escaping, sharding, and the graph."""

from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from mdbrain.core import cells, indexes, manifest, marker
from mdbrain.core.manifest import Manifest
from tests.conftest import doc

EN = marker.loads('version: "1"\nroot: kb\nlang: en\nindex:\n  shard_threshold: 3\n')


def base(docs: dict[str, str]) -> Manifest:
    return manifest.build(manifest.entry_from_text(text, doc_id) for doc_id, text in docs.items())


def test_english_bases_get_english_headers_and_columns() -> None:
    found = base({"a.md": doc()})
    text = indexes.render_index(found.entries, EN, "2026-07-01")
    assert text.startswith(
        "# INDEX — Manifest\n\n> Auto-generated — DO NOT EDIT. Latest change: 2026-07-01. Documents: 1.\n"
    )
    assert "| path | type | status | prio | tags | summary |" in text


def test_unknown_languages_fall_back_to_english() -> None:
    assert indexes.labels_for("de") is indexes.LABELS["en"]
    assert indexes.labels_for("fr-CA") is indexes.LABELS["fr"]


def test_cells_escape_pipes_and_flatten_newlines() -> None:
    found = base({"a.md": doc(summary='"left | right\\nnext"', tags="[a|b, c]")})
    row = indexes.render_index(found.entries, EN, None).splitlines()[-1]
    assert row == "| a.md | concept | stable |  | a\\|b,c | left \\| right next |"


def test_summaries_are_cut_at_a_word_with_an_ellipsis() -> None:
    assert cells.clip("one two three four", 12) == "one two…"
    assert cells.clip("short", 12) == "short"
    assert len(cells.clip("x" * 300, 240)) == 240


def test_relations_mirror_links_and_related_and_carry_supersession() -> None:
    found = base(
        {
            "a.md": doc(
                body="[b](b.md) [b again](b.md#x) [self](a.md) [ghost](nope.md)", related="[c.md]"
            ),
            "b.md": doc(supersedes="[c.md]"),
            "c.md": doc(superseded_by="[b.md]", status="deprecated", contradicts="[a.md]"),
        }
    )
    data = yaml.safe_load(indexes.render_relations(found, EN, "2026-07-01"))
    assert data["generated"] == "2026-07-01"
    nodes = data["nodes"]
    assert nodes["a.md"] == {"links": ["b.md"], "related": ["c.md"], "linked_by": []}
    assert nodes["b.md"]["linked_by"] == ["a.md"]
    assert nodes["b.md"]["supersedes"] == ["c.md"]
    assert nodes["c.md"]["superseded_by"] == ["b.md"]
    assert nodes["c.md"]["contradicts"] == ["a.md"]
    assert nodes["c.md"]["linked_by"] == ["a.md"]


def test_an_empty_base_still_renders_valid_files() -> None:
    found = base({})
    assert yaml.safe_load(indexes.render_relations(found, EN, None))["nodes"] == {}
    assert "Documents: 0." in indexes.render_overview(found, EN, None)


def test_above_the_threshold_the_manifest_is_sharded_per_theme() -> None:
    found = base({"x.md": doc(), "api/a.md": doc(), "api/b.md": doc(), "ops/run/c.md": doc()})
    files = indexes.derive(found, EN, "2026-07-01")
    assert sorted(files) == [
        "INDEX.md",
        "OVERVIEW.md",
        "RELATIONS.yaml",
        "api/INDEX.md",
        "ops/INDEX.md",
    ]
    toc = files["INDEX.md"]
    assert "| api | 2 | api/INDEX.md |" in toc and "| ops | 1 | ops/INDEX.md |" in toc
    assert "| x.md |" in toc  # documents outside any theme stay in the root manifest
    assert "| api/a.md |" in files["api/INDEX.md"] and "ops" not in files["api/INDEX.md"]


def test_at_or_below_the_threshold_there_is_one_manifest() -> None:
    found = base({"api/a.md": doc(), "api/b.md": doc(), "ops/c.md": doc()})
    assert sorted(indexes.derive(found, EN, None)) == ["INDEX.md", "OVERVIEW.md", "RELATIONS.yaml"]


def test_the_generation_date_is_the_latest_document_date() -> None:
    found = base(
        {"a.md": doc(updated="2026-01-05"), "b.md": doc(updated="2026-03-02", created="2025-01-01")}
    )
    assert indexes.generation_date(found) == "2026-03-02"
    assert indexes.generation_date(base({"a.md": "---\ntitle: x\n---\n"})) is None


_id_char = st.characters(blacklist_categories=("Cs",), blacklist_characters="/\\\x00")
_ids = st.lists(
    st.builds(
        lambda a, b: f"{a.strip() or 'x'}/{b.strip() or 'y'}.md",
        st.text(_id_char, min_size=1, max_size=8),
        st.text(_id_char, min_size=1, max_size=8),
    ),
    min_size=1,
    max_size=6,
    unique=True,
)


@settings(max_examples=200, deadline=None)
@given(_ids)
def test_relations_yaml_reads_back_with_every_id_whatever_its_characters(
    doc_ids: list[str],
) -> None:
    entries = [manifest.Entry(id=i, meta={}) for i in doc_ids]
    found = manifest.build(entries)
    data = yaml.safe_load(indexes.render_relations(found, EN, "2026-07-01"))
    assert sorted(data["nodes"]) == sorted(doc_ids)


def test_numbered_pages_are_listed_as_a_person_counts() -> None:
    """nats-io's decision log came out adr-1, adr-10, adr-11 ... adr-2 in INDEX.md and
    OVERVIEW.md; padded numbers (0002-x.md) kept their order either way."""
    ids = ["adr/adr-10.md", "adr/adr-2.md", "adr/adr-1.md", "adr/0003-x.md", "adr/a.md"]
    found = base({doc_id: doc() for doc_id in ids})
    rows = [
        line.split(" | ")[0].strip("| ")
        for line in indexes.render_index(found.entries, EN, None).splitlines()
        if line.startswith("| adr/")
    ]
    assert rows == ["adr/0003-x.md", "adr/a.md", "adr/adr-1.md", "adr/adr-2.md", "adr/adr-10.md"]
    tree = indexes.render_overview(found, EN, None)
    assert tree.index("adr-2.md") < tree.index("adr-10.md")


def test_a_folder_overview_is_titled_as_its_language_writes_a_colon() -> None:
    """etalab's imports were titled "Pages importées: articles/api", its summaries
    spaced before the colon as French writes it."""
    import datetime as dt

    from mdbrain.core import document, folder_overview

    day = dt.date(2026, 12, 1)
    pages = [("api/a.md", "A", "Une page.")]
    french = folder_overview.page("api", pages, day, "fr", origin="import", source="docs")
    english = folder_overview.page("api", pages, day, "en", origin="import", source="docs")
    assert document.loads(french, "api/overview.md").meta["title"] == "Pages importées : api"
    assert document.loads(english, "api/overview.md").meta["title"] == "Imported pages: api"

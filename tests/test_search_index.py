"""The search index file shared by processes: one state per ranking, and a file another
version of mdbrain rebuilt for itself."""

from __future__ import annotations

import dataclasses
import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mdbrain.core import markdown, ranking, text
from mdbrain.service.brain import Brain
from mdbrain.store import search_index
from mdbrain.store.search_index import FIELDS, META, Row, SearchIndex
from tests.conftest import MakeBase, doc

WEIGHTS = (4.0, 3.0, 3.0, 1.0, 2.0, 1.0)


def _row(doc_id: str, stamp: str, body: str) -> Row:
    meta: dict[str, Any] = dict.fromkeys(META, "")
    meta.update(tags=[], audience=[], impl_refs=[], title=doc_id, lang="en")
    flat = text.normalise(body)
    texts = tuple(flat if name == "body" else text.normalise(doc_id) for name in FIELDS)
    return Row(doc_id, stamp, texts, tuple(map(len, texts)), meta, "[]", ranking.word_table(flat))


def _rows(bodies: dict[str, str], stamp: str = "1") -> Any:
    return lambda ids: [_row(i, stamp, bodies[i]) for i in ids]


def test_a_ranking_reads_candidates_and_bodies_from_one_state(tmp_path: Path) -> None:
    bodies = {"x.md": "lockout after five attempts", "y.md": "yak notes"}
    reader = SearchIndex(tmp_path, "en")
    reader.sync(dict.fromkeys(bodies, "1"), _rows(bodies))
    writer = SearchIndex(tmp_path, "en")
    writer.db.close()
    writer.db = sqlite3.connect(writer.path, timeout=0, isolation_level=None)  # no waiting
    edited = {"x.md": "nothing", "y.md": "lockout now here"}
    with reader.snapshot():
        (found,) = reader.candidates(["lockout"], 10, WEIGHTS)
        with pytest.raises(sqlite3.OperationalError, match="locked"):
            writer.update([_row(i, "2", b) for i, b in edited.items()], [])
        body = reader.bodies([found.rowid])[found.rowid]
    assert (found.id, body) == ("x.md", text.normalise(bodies["x.md"]))
    writer.update([_row(i, "2", b) for i, b in edited.items()], [])  # once the reads are done
    assert [c.id for c in reader.candidates(["lockout"], 10, WEIGHTS)] == ["y.md"]
    reader.close()
    writer.close()


def test_a_file_another_version_rebuilt_is_made_over_before_the_next_read(
    tmp_path: Path,
) -> None:
    bodies = {"a.md": "lockout policy", "b.md": "session cookies"}
    index = SearchIndex(tmp_path, "en")
    index.sync(dict.fromkeys(bodies, "1"), _rows(bodies))
    other = sqlite3.connect(index.path, isolation_level=None)  # another version, meanwhile
    search_index._create(other, "6/0.0.1/en")
    other.execute("ALTER TABLE meta DROP COLUMN words")  # its own, older layout
    other.close()

    changed = index.sync(dict.fromkeys(bodies, "1"), _rows(bodies))

    assert changed == 2 and isinstance(index.path, Path)  # the file, not a copy in memory
    assert search_index._key(index.db) == index.key
    assert [c.id for c in index.candidates(["lockout"], 10, WEIGHTS)] == ["a.md"]
    index.close()


def test_a_body_whose_lengths_change_both_ways_is_still_cut_at_its_headings(
    make_base: MakeBase,
) -> None:
    # decomposed accents get shorter when composed, "İ" longer when lowercased: the
    # lengths add up to the body's, yet the headings are no longer where they were
    body = "Cafe\u0301 cafe\u0301 cafe\u0301 notes\n\n# Foobar\n\nFoobar İzmir İzmir İzmir.\n"
    root = make_base({"a.md": doc("A", body=body)})
    with Brain.open(root) as brain:
        searcher = brain.session.searcher()
        searcher.sync(brain.session.view())
        (candidate,) = searcher.index.candidates_by_id(["a.md"])
        stored = searcher.index.bodies([candidate.rowid])[candidate.rowid]
    parts = stored.split(search_index.SECTION_MARK)
    assert len(parts) == 2
    assert parts[1].split()[:2] == ["foobar", "foobar"]
    assert (
        stored.replace(search_index.SECTION_MARK, " ").split()
        == text.normalise(f"# A\n\n{body}").split()
    )


def test_html_comments_are_neither_searched_nor_shown(make_base: MakeBase) -> None:
    """A template's guidance left in comments is hidden when the page is read: a search
    for its words finds nothing, and a query shows the prose around it, not the comment."""
    body = (
        "## Release notes\n\n<!--\nImplementors should split their attention between the"
        " release notes and the design.\n-->\n\nThe release notes name the new flag --prune.\n"
    )
    root = make_base({"kep.md": doc("Pruning", body=body)})
    reader = Brain.open(root).reader()
    assert not reader.search("implementors split their attention").hits
    answer = reader.query("what do the release notes name")
    shown = "\n".join(p.text for p in answer.sections)
    assert "new flag --prune" in shown and "Implementors" not in shown and "-->" not in shown


def test_reference_definitions_are_no_section_to_show(make_base: MakeBase) -> None:
    """gohugoio/hugoDocs' math page answered a LaTeX question with its "Chemistry" section,
    whose words matched only in the definitions of its links, which no reader sees."""
    body = (
        "## Setup\n\nTo render LaTeX, turn the passthrough extension on and load KaTeX.\n\n"
        "## Chemistry\n\nBoth engines show chemical equations.\n\n"
        "[LaTeX]: https://www.latex-project.org/\n[KaTeX]: https://katex.org/\n"
        "[MathJax]: https://www.mathjax.org/\n[^1]: A footnote is shown.\n"
    )
    lines = body.split("\n")
    assert [lines[n] for n in sorted(markdown.hidden_lines(lines))] == lines[8:11]
    root = make_base({"math.md": doc("Mathematics", body=body)})
    answer = Brain.open(root).reader().query("how do I render LaTeX with KaTeX")
    shown = "\n".join(p.text for p in answer.sections)
    assert "turn the passthrough extension on" in shown
    assert "https://katex.org/" not in shown and "Chemistry" not in shown, shown


def test_a_section_opening_on_a_long_comment_shows_its_prose(make_base: MakeBase) -> None:
    guidance = "\n".join(f"Template guidance line {n} about the okapi context." for n in range(40))
    filler = "\n".join(f"Plain filler sentence number {n} about other matters." for n in range(30))
    body = f"## Context\n\n<!--\n{guidance}\n-->\n{filler}\n\nThe okapi eats leaves.\n"
    root = make_base({"a.md": doc("Okapi", body=body), "b.md": doc("Other", body="unrelated")})
    answer = Brain.open(root).reader().query("what leaves does the okapi eat", budget=400)
    shown = "\n".join(p.text for p in answer.sections)
    assert "Template guidance" not in shown and "The okapi eats leaves." in shown, shown
    only = make_base({"c.md": doc("Note", body="## Plan\n\n<!--\nTo be written.\n-->\n")})
    plan = Brain.open(only).reader().query("plan", budget=400)
    assert all(not p.cut for p in plan.sections)  # nothing a reader sees was left out


def test_the_relations_the_index_holds_are_the_graph_of_the_manifest(
    make_base: MakeBase,
) -> None:
    # show, neighbours and a drafts answer read a document's relations from the index:
    # they must be what the graph of the whole manifest says, through edits
    from mdbrain.core import graph

    root = make_base(
        {
            "a.md": doc("A", body="See [B](b.md), [B again](b.md#x), [me](a.md), [gone](z.md)."),
            "b.md": doc("B", related="[a.md, c.md, missing.md]", body="Back to [A](a.md)."),
            "c.md": doc("C", status="deprecated", superseded_by="[d.md]"),
            "d.md": doc("D", supersedes="[c.md]", contradicts="[b.md]", body="[C](c.md)"),
            "sub/e.md": doc("E", body="[up](../a.md) and [self](e.md)"),
        }
    )
    with Brain.open(root.parent) as brain:
        nodes = graph.build(brain.manifest())
        searcher = brain.session.searcher()
        held = {doc_id: searcher.node(doc_id) for doc_id in nodes}
        assert held == nodes
        assert held["a.md"].linked_by == ("b.md", "sub/e.md")  # the fixture has edges
        assert searcher.node("nothing.md") == graph.Node()
    (root / "b.md").write_text(doc("B", body="No more links."), encoding="utf-8")
    (root / "d.md").unlink()
    with Brain.open(root.parent) as brain:
        nodes = graph.build(brain.manifest())
        searcher = brain.session.searcher()
        assert {doc_id: searcher.node(doc_id) for doc_id in nodes} == nodes
        assert searcher.node("a.md").linked_by == ("sub/e.md",)
        assert searcher.node("c.md").superseded_by == ()


def test_chinese_and_japanese_are_read_by_characters_and_their_pairs() -> None:
    assert text.normalise("后台任务 and x") == "  后 台 任 务 后台 台任 任务  and x "
    assert text.Analyzer("zh").terms("后台？") == ["后", "台", "后台"]
    assert text.normalise("한국어 문장") == " 한국어 문장 "  # Korean spaces its words


def test_a_chinese_question_finds_the_page_that_answers_it(make_base: MakeBase) -> None:
    """fastapi/fastapi: "如何把路径参数声明为整数类型？" and "后台" found nothing, since a
    run of Chinese between two punctuation marks was one word."""
    root = make_base(
        {
            "path-params.md": doc(
                "路径参数",
                body="你可以使用 Python 格式化字符串的语法声明路径参数。\n\n"
                "## 声明路径参数的类型\n\n使用类型注解声明路径参数的类型为整数。\n",
                lang="zh",
            ),
            "background.md": doc(
                "后台任务", body="你可以定义在返回响应后运行的后台任务。\n", lang="zh"
            ),
            "body.md": doc("请求体", body="使用 Pydantic 模型声明请求体。\n", lang="zh"),
        }
    )
    reader = Brain.open(root).reader()
    assert reader.query("如何把路径参数声明为整数类型？").hits[0].id == "path-params.md"
    assert [found.hit.id for found in reader.search("后台").hits] == ["background.md"]


def test_a_question_read_for_pages_in_another_language_leaves_its_own_stop_words_out(
    make_base: MakeBase,
) -> None:
    """fastapi/fastapi: once its French pages said ``lang: fr``, an English question was
    read for them with French stop words, so "how", "do", "the", "of", "as" and "an"
    were terms, which the English comments of their code hold, and French pages came
    first for English questions."""
    code = "```python\n# How do the values come? As an int, the type of the path\n```\n"
    root = make_base(
        {
            "path-params.md": doc(
                "Path parameters",
                body="You can declare the type of a path parameter as an int.\n",
            ),
            "fr/path-params.md": doc(
                "Paramètres de chemin",
                body=f"Vous pouvez déclarer le type d'un paramètre de chemin.\n\n{code}",
                lang="fr",
            ),
        }
    )
    reader = Brain.open(root).reader()
    asked = "How do I declare the type of a path parameter as an int?"
    assert reader.query(asked).hits[0].id == "path-params.md"
    demande = "Comment déclarer le type d'un paramètre de chemin ?"
    assert reader.query(demande).hits[0].id == "fr/path-params.md"


def test_a_page_holding_every_word_asked_is_ranked_though_half_the_pages_hold_them(
    make_base: MakeBase,
) -> None:
    """backstage/backstage: "default catalog file name" left out "ADR008: Default
    Catalog File Name". A word half the pages hold is not asked of FTS5 first, and the
    names that only begin like it (``DefaultCatalogCollator``, ``catalogApi``), each
    rare, chose the 200 candidates; the short record holding every word was not one."""
    pages = {
        f"reference/api-{n:03}.md": doc(
            f"API {n}",
            body=f"The default catalog serves `DefaultThing{n}` and `catalogThing{n}`."
            + (" Each file has a name." if n % 3 == 0 else ""),
        )
        for n in range(300)
    }
    pages["decisions/adr008.md"] = doc(
        "Default Catalog File Name", body="Call it catalog-info.yaml.\n", type="decision"
    )
    root = make_base(pages)
    reader = Brain.open(root).reader()
    assert reader.query("default catalog file name").hits[0].id == "decisions/adr008.md"


_TRICKY = [
    "plain",
    "",
    "two words",
    'a "quoted" tag',
    "back\\slash",
    'x", "y',
    "été",
    "日本",
    "[",
    "]",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(_TRICKY), st.text(max_size=8)), max_size=6))
def test_list_fields_come_back_as_they_were_stored(values: list[str]) -> None:
    assert search_index._strings(json.dumps(values)) == tuple(values)


def test_list_fields_read_from_the_index_are_the_lists_written(tmp_path: Path) -> None:
    row = _row("x.md", "1", "body words")
    row.meta.update(tags=list(_TRICKY), audience=["dev", "ops"], impl_refs=["src/a.py#f"])
    index = SearchIndex(tmp_path, "en")
    index.sync({"x.md": "1"}, lambda ids: [row])
    meta = index.meta("x.md")
    index.close()  # Python 3.13 warns of a connection left to the collector
    assert meta is not None
    assert meta["tags"] == tuple(_TRICKY)
    assert meta["audience"] == ("dev", "ops")
    assert meta["impl_refs"] == ("src/a.py#f",)
    assert meta["superseded_by"] == ()


def _titled(doc_id: str, stamp: str, body: str, title: str) -> Row:
    row = _row(doc_id, stamp, body)
    row.meta["title"] = title
    return row


def _candidate_reads(index: SearchIndex) -> list[str]:
    """The statements that read candidates' rows, as ``index`` runs them from now on."""
    seen: list[str] = []
    index.db.set_trace_callback(lambda sql: seen.append(sql) if "JOIN docs" in sql else None)
    return seen


def test_a_warm_index_reads_each_candidate_once_while_nothing_changes(tmp_path: Path) -> None:
    bodies = {"x.md": "lockout after five attempts", "y.md": "lockout notes"}
    index = SearchIndex(tmp_path, "en")
    index.sync(dict.fromkeys(bodies, "1"), _rows(bodies))
    first = index.candidates(["lockout"], 10, WEIGHTS)
    reads = _candidate_reads(index)
    again = index.candidates(["lockout"], 10, WEIGHTS)
    index.close()
    assert [c.id for c in again] == [c.id for c in first] and len(first) == 2
    assert reads == []  # the order from FTS5, the rows from memory


@pytest.mark.parametrize("by", ["another process", "the index itself"])
def test_candidates_kept_warm_are_read_again_once_the_index_changes(
    tmp_path: Path, by: str
) -> None:
    """Another connection's commit is told by SQLite's data_version; the index's own
    writes by itself. Either way a row kept may now be another document's."""
    bodies = {"x.md": "yak notes", "y.md": "lockout after five attempts"}
    reader = SearchIndex(tmp_path, "en")
    reader.sync(dict.fromkeys(bodies, "1"), _rows(bodies))
    (before,) = reader.candidates(["lockout"], 10, WEIGHTS)
    writer = SearchIndex(tmp_path, "en") if by == "another process" else reader
    writer.update([], ["y.md"])
    # the row that comes next takes the number of the last one, dropped
    writer.update([_titled("z.md", "1", "lockout policy", "Account lockout")], [])
    (found,) = reader.candidates(["lockout"], 10, WEIGHTS)
    for index in {id(reader): reader, id(writer): writer}.values():
        index.close()
    assert found.rowid == before.rowid
    assert (found.id, found.meta["title"]) == ("z.md", "Account lockout")


@pytest.mark.parametrize(("bound", "value"), [("KEPT_MAX", 2), ("KEPT_CHARS", 100)])
def test_candidates_kept_warm_are_bounded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, bound: str, value: int
) -> None:
    monkeypatch.setattr(search_index, bound, value)
    bodies = {"x.md": "lockout one", "y.md": "lockout two", "z.md": "lockout three"}
    index = SearchIndex(tmp_path, "en")
    index.sync(dict.fromkeys(bodies, "1"), _rows(bodies))
    index.candidates(["lockout"], 10, WEIGHTS)  # three kept: one too many
    reads = _candidate_reads(index)
    found = index.candidates(["lockout"], 10, WEIGHTS)
    index.close()
    assert len(found) == 3 and len(reads) == 1  # the older one read again, not all three
    assert len(reads[0].rsplit("IN (", 1)[1].split(",")) == 1  # the rows, as bound


def _glossary() -> str:
    terms = [f"Term {n}" for n in range(60)]
    terms.insert(30, "Management cluster")
    return "".join(
        f"### {term}\n\n"
        + (
            "The cluster that runs the controllers and holds the resources of the others.\n\n"
            if term == "Management cluster"
            else f"Definition number {term.split()[-1]} says what this word means here.\n\n"
        )
        for term in terms
    )


def test_a_long_page_with_a_section_headed_by_the_question_is_found_and_put_first(
    make_base: MakeBase,
) -> None:
    """kubernetes-sigs/cluster-api: "What is a management cluster?" missed the section
    "### Management cluster" of a long glossary, and npm/rfcs' README answered "How do I
    create an RFC?" under that very heading, 66th: short pages naming the words in
    passing held FTS5's candidates, and a heading held nothing more than its words."""
    # "cluster" in every page, "management" in fewer than half of them but in more than
    # FTS5 hands over: the glossary, long, came after them all
    pages = {
        f"tasks/task-{n:03}.md": doc(
            f"Task {n}",
            body=f"Step {n} of the cluster work"
            + (": check the management of it." if n % 2 else ".")
            + " Run the steps in order, read what each one logs, and keep notes." * 4
            + "\n",
        )
        for n in range(420)
    }
    pages["reference/glossary.md"] = doc("Glossary", body=_glossary())
    root = make_base(pages)
    with Brain.open(root) as brain:
        hits = brain.reader().query("What is a management cluster?").hits
    assert hits[0].id == "reference/glossary.md"


def test_the_headings_of_a_document_are_searched_apart_and_follow_its_changes(
    tmp_path: Path,
) -> None:
    index = SearchIndex(tmp_path, "en")
    long = dataclasses.replace(
        _row("g.md", "1", "lockout " * 50), headings="term one\nkey rotation"
    )
    index.update([long, _row("x.md", "1", "key rotation here")], [])
    groups = [["key"], ["rotation"]]
    assert [c.id for c in index.candidates_headed(groups, 10)] == ["g.md"]
    index.update([_row("g.md", "2", "no headings now")], [])
    assert index.candidates_headed(groups, 10) == []
    again = dataclasses.replace(long, stamp="3")
    index.update([again], [])
    index.update([], ["g.md"])
    assert index.candidates_headed(groups, 10) == []
    index.close()


def test_a_heading_stands_for_a_title_only_for_a_question_of_several_terms(
    make_base: MakeBase,
) -> None:
    """One word asked ("installation") would make every README's "## Installation" a
    page on it, above the guide titled by it; nor is the page's own title, as a
    heading, another title."""
    from mdbrain.service import searching

    pages = {
        f"packages/p{n}/readme.md": doc(
            f"Package {n}",
            body=f"Package {n} does one thing.\n\n## Installation\n\nInstallation: run it.\n",
        )
        for n in range(12)
    }
    pages["guides/install.md"] = doc(
        "Installation on Linux and macOS",
        body="The installation takes a minute.\n\n## Checks\n\nRun the version command.\n",
    )
    pages["guides/limits.md"] = doc("Limits", body="Rate limiting applies to every client.")
    root = make_base(pages)
    with Brain.open(root) as brain:
        searcher = brain.reader().searcher
        assert searcher.rank("installation", 5)[0].id == "guides/install.md"
        asked = searcher.question("rate limiting")
        stop = asked.stop
    assert searching._says_only(asked, "Rate limiting", stop, "api limits")
    assert not searching._says_only(asked, "Rate limiting", stop, "rate limiting")
    assert not searching._says_only(asked, "Rate limiting rules", stop, "api limits")


_RESPELT = [
    "e-mail",
    "read-only",
    "peut-on",
    "2018-06-27",
    "T10",
    "1999-12-31-7",
    "a",
    "é",
    "-",
    "--x",
    " ",
    "\n",
    "\r\n",
    "x_y",
    "pré-remplissage",
    "-ab",
    ".",
    "—",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_RESPELT), max_size=40).map("".join))
def test_respelled_reads_only_the_lines_that_need_it_as_the_whole_text_would(
    written: str,
) -> None:
    """The patterns run on the lines holding a hyphen before a letter, not on the whole
    text: the spelling must be the one both patterns give the whole text."""
    whole = text._DATE.sub(r"\1 \1\2\3", written)
    assert text.respelled(written) == text._HYPHENATED.sub(text._joined, whole)


def test_respelled_keeps_the_lines_between_those_it_rewrites() -> None:
    written = "a read-only\nplain line\n2018-06-27 - e-mail\nend"
    assert text.respelled(written) == (
        "a read-only readonly\nplain line\n2018 20180627 - e-mail email\nend"
    )


def test_a_question_is_analysed_once_until_the_index_changes(make_base: MakeBase) -> None:
    root = make_base({"a.md": doc("A", body="The rollout plan.")})
    with Brain.open(root.parent) as brain:
        searcher = brain.session.searcher()
        first = searcher.question("rollout windows")
        assert searcher.question("rollout windows") is first
        assert [t.words for t in first.terms if t.term == "window"] == [()]
        (root / "b.md").write_text(doc("B", body="Deploy windows."), encoding="utf-8")
        brain.session.forget()
        searcher = brain.session.searcher()
        again = searcher.question("rollout windows")
        assert again is not first
        assert [dict(t.words) for t in again.terms if t.term == "window"] == [{"windows": 1.0}]


def test_a_question_is_analysed_again_when_another_process_synced_the_index(
    make_base: MakeBase,
) -> None:
    """Found in review: a long-lived process whose files changed, the index already
    brought in step by another process, kept its questions as the old rows gave them."""
    root = make_base({"a.md": doc("A", body="The rollout plan.")})
    os.utime(root / "a.md", (1_600_000_000, 1_600_000_000))
    with Brain.open(root.parent) as server, Brain.open(root.parent) as other:
        first = server.session.searcher().question("rollout windows")
        (root / "b.md").write_text(doc("B", body="Deploy windows."), encoding="utf-8")
        os.utime(root / "b.md", (1_600_000_000, 1_600_000_000))  # a stamp both can trust
        other.session.searcher()  # the other process brings the rows in step first
        server.session.forget()
        again = server.session.searcher().question("rollout windows")
        assert again is not first
        assert [dict(t.words) for t in again.terms if t.term == "window"] == [{"windows": 1.0}]


def test_a_myst_target_is_no_text_the_search_finds(make_base: MakeBase) -> None:
    """executablebooks/MyST-Parser: a target names the heading below it,
    "(syntax/colon_fence)=", and a reader never sees it; a search for its words found the
    section above it, and a query printed that line alone."""
    body = (
        "## Admonitions\n\nBoxes that set a note apart.\n\n(syntax/colon_fence)=\n\n"
        "## Code fences using colons\n\nThree colons open a directive.\n"
    )
    reader = Brain.open(make_base({"syntax.md": doc("Syntax", body=body)})).reader()
    found = reader.search("colon_fence")
    assert [h.hit.id for h in found.hits] in ([], ["syntax.md"])
    assert all("(syntax/colon_fence)=" not in h.snippet for h in found.hits)
    answer = reader.query("how do colon fences work")
    assert "(syntax/colon_fence)=" not in "\n".join(p.text for p in answer.sections)

"""Bounded work on hostile input: every input here once took mdbrain half a minute or more.

Each test feeds one input that made the Markdown reader, the section reader, the
code reader or the symbol fingerprint do quadratic work (or fall over with a
RecursionError), checks that the answer is right, and that it came within a
generous bound. These are hang guards, not benchmarks: the bound is several
times what the linear code needs on a busy machine, and a small fraction of what
the quadratic code took.
"""

from __future__ import annotations

import ast
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from mdbrain.adapters import export_html
from mdbrain.core import (
    adr,
    anchors,
    codemap,
    conversion,
    dates,
    document,
    foreign_links,
    javascript,
    layout,
    markdown,
    passages,
    sites,
    snippets,
    summary,
    syntax,
    yaml_subset,
)
from mdbrain.core.errors import UsageError
from mdbrain.service import drafting
from mdbrain.service.brain import Brain
from mdbrain.service.reading import Reader
from mdbrain.store import secret_scan
from tests.conftest import MakeBase, doc

# Seconds. The quadratic versions took 30 s and more on the same inputs; the linear ones
# take up to 4 s on a loaded 2-core machine, so the bound leaves room for a busy CI.
BOUND = 10.0
pytestmark = pytest.mark.timeout(120)  # should one come back, fail rather than stall


@contextmanager
def bounded(seconds: float = BOUND) -> Iterator[None]:
    start = time.perf_counter()
    yield
    took = time.perf_counter() - start
    assert took < seconds, f"took {took:.1f} s, more than the {seconds} s allowed"


def page(body: str) -> document.Document:
    """A document whose body is ``body`` alone (no title heading of its own)."""
    head = '---\ntitle: "Hostile"\nsummary: "A hostile page."\ntype: concept\nstatus: stable\n---\n'
    return document.loads(head + body, "hostile.md")


@pytest.fixture
def reader(make_base: MakeBase) -> Iterator[Reader]:
    """A reader on a small base; tests hand it their hostile page directly."""
    with Brain.open(make_base({"a.md": doc("A doc", body="Some text.")})) as brain:
        yield brain.reader()


def snippet(reader: Reader, monkeypatch: pytest.MonkeyPatch, hostile: document.Document,
            words: str) -> tuple[str, int]:  # fmt: skip
    monkeypatch.setattr(reader, "document", lambda _doc_id: hostile)
    return reader._snippet(hostile.id, set(reader.searcher.analyzer.terms(words)))


# --- Markdown: headings ---------------------------------------------------------------


def test_a_hundred_thousand_headings_are_outlined_and_read_in_bounded_time(
    reader: Reader, monkeypatch: pytest.MonkeyPatch
) -> None:
    hostile = page("# Top\n\n" + "".join(f"## P{i}\n\nw{i}\n\n" for i in range(100_000)))
    with bounded():
        outline = hostile.outline()
    assert len(outline) == 100_001
    top, first, second, last = outline[0], outline[1], outline[2], outline[-1]
    assert top.end == last.end == hostile.line_count
    assert (first.title, first.end) == ("P0", second.line - 1)
    with bounded():
        found = next(iter(reader._sections(hostile, "w99999", 3)), None)
    assert found is not None and (found.title, found.text) == ("P99999", "## P99999\n\nw99999")
    with bounded():
        named, same = reader._named_section(hostile, hostile.raw.splitlines(), "p99998")
    assert (named.title, named.line, named.end) == ("P99998", last.line - 4, last.line - 1)
    assert same == ()
    with bounded():
        text, line = snippet(reader, monkeypatch, hostile, "w50000")
    assert (text, line) == ("w50000", outline[50_001].line + 2)


def test_an_indexed_page_of_many_headings_scores_only_the_sections_a_word_is_in(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.core import ranking

    body = "".join(f"## Heading {i}\n\nFiller.\n\n" for i in range(5_000))
    body += "## Last\n\nThe zebrafish swims.\n"
    root = make_base({"many.md": doc("Many headings", body=body)})
    scored: list[float] = []
    original = ranking.passage_score

    def counting(*args: object, **kwargs: object) -> float:
        value = original(*args, **kwargs)  # type: ignore[arg-type]
        scored.append(value)
        return value

    monkeypatch.setattr(ranking, "passage_score", counting)
    with Brain.open(root) as brain:
        reader = brain.reader()
        assert reader.query("zebrafish", limit=3).sections[0].title == "Last"
        assert 0 < len(scored) <= 3, scored  # ranked once, chosen by two weightings
        scored.clear()
        # a number said only in its heading finds that section among the 5,000 others
        assert reader.query("heading 2500", limit=3).sections[0].title == "Heading 2500"
        assert len(scored) <= 3 * 5_002  # each says "heading"; the title section too


def test_fifty_thousand_setext_headings_are_outlined_and_read_in_bounded_time(
    reader: Reader,
) -> None:
    body = "".join(f"Title {i}\n{'=' if i % 2 == 0 else '-'}\n" for i in range(50_000))
    hostile = page(body)
    with bounded():
        outline = hostile.outline()
    assert len(outline) == 50_000
    assert [s.level for s in outline[:4]] == [1, 2, 1, 2]
    assert outline[0].end == outline[2].line - 1 and outline[1].end == outline[1].line + 1
    with bounded():
        found = next(iter(reader._sections(hostile, "title 49999", 3)), None)
    assert found is not None and found.title == "Title 49999"
    with bounded(), pytest.raises(UsageError, match=r"Title 38, Title 39 and 49960 more\)"):
        reader._named_section(hostile, hostile.raw.splitlines(), "Missing")


def test_two_hundred_thousand_dash_lines_are_breaks_under_one_heading(reader: Reader) -> None:
    hostile = page("Intro words\n" + "---\n" * 200_000)
    with bounded():
        outline = hostile.outline()
    assert [(s.level, s.title) for s in outline] == [(2, "Intro words")]
    assert markdown.scan("---\n" * 200_000).headings == ()
    with bounded():
        found = next(iter(reader._sections(hostile, "intro", 3)), None)
    assert found is not None and found.title == "Intro words" and found.cut


def test_an_atx_heading_with_a_million_spaces_inside() -> None:
    line = "# x" + " " * 1_000_000 + "y ##"
    with bounded():
        headings = markdown.scan(line).headings
    assert len(headings) == 1 and headings[0].level == 1
    assert headings[0].title == "x" + " " * 1_000_000 + "y"


@pytest.mark.parametrize(
    "line",
    [
        "{% include a.md" + " " * 1_000_000,  # never closed, spaces after the name
        "{% include " + "a." * 500_000 + "x %}",  # a name of dots, no page suffix
        "{% include a.md " + "x " * 500_000,  # parameters that never close
    ],
)
def test_a_liquid_include_that_never_closes(line: str) -> None:
    with bounded():
        found = snippets.expand_liquid(line + "\n", lambda _name: "text")
    assert found.text == line + "\n" and not found.included


@pytest.mark.parametrize(
    "line",
    [
        '{{% include "a.md"' + " " * 1_000_000,  # never closed, spaces after the name
        '{{% include "' + "a" * 1_000_000 + '" %}}',  # a name past what one may be
        "{{< readfile file=" + "= " * 500_000 + '"a.md" >}}',  # equals signs that never end
    ],
)
def test_a_hugo_include_that_never_closes(line: str) -> None:
    with bounded():
        found = snippets.expand_hugo(line + "\n", lambda _name: "text")
    assert found.text == line + "\n" and not found.included


def test_a_line_announcing_the_following_then_a_run_of_spaces() -> None:
    # found in review: 45 s for a query landing on such a line of 100,000 spaces
    line = "with the following zebra quokka widget" + " " * 200_000 + "x"
    with bounded():
        assert passages.past_announcement([line, "", "- a"], [5, 5, 5], 0, 1, 100) == 1


def test_a_line_ending_with_a_colon_then_a_run_of_spaces() -> None:
    line = "them:" * 20_000 + " " * 200_000 + "x"
    with bounded():
        assert passages.past_announcement([line, "", "- a"], [5, 5, 5], 0, 1, 100) == 1


def test_a_changelog_heading_then_a_run_of_spaces() -> None:
    with bounded():
        assert dates._LOG_HEADING.match("## changes" + " " * 200_000 + "x") is None


# --- Markdown: long lines and links --------------------------------------------------


def test_a_five_megabyte_line_without_a_newline(
    reader: Reader, monkeypatch: pytest.MonkeyPatch
) -> None:
    hostile = page("Intro\n" + "word " * 1_000_000 + "needle [end](end.md)")
    with bounded():
        scanned = markdown.scan(hostile.body, hostile.body_line)
    assert scanned.links == (("end.md", hostile.body_line + 1),)
    with bounded():
        found = next(iter(reader._sections(hostile, "needle", 3)), None)
    assert found is not None and found.text.endswith("word needle [end](end.md)")
    with bounded():
        text, line = snippet(reader, monkeypatch, hostile, "needle")
    assert line == hostile.body_line + 1 and text == "word " * 40 + "…"


def test_a_hundred_thousand_links_on_one_line() -> None:
    line = "".join(f"[a](t{i}.md) " for i in range(100_000))
    with bounded():
        links = markdown.scan(line).links
    assert len(links) == 100_000
    assert links[0] == ("t0.md", 1) and links[-1] == ("t99999.md", 1)


def test_link_syntax_that_never_closes() -> None:
    angled = "[a](<" * 100_000  # each destination opens "<" and none closes it
    nested = "[a](" + "[a](b)" * 100_000  # one destination holding all the others
    brackets = "[" * 200_000 + "] [x](x.md)"
    with bounded():
        assert markdown.scan(angled).links == (("<", 1),)
        assert markdown.scan(nested).links == (("[a](b)" * 100_000, 1),)
        assert markdown.scan(brackets).links == (("x.md", 1),)


def test_backtick_runs_that_never_close() -> None:
    one_run = "[" + "`" * 1_000 + "a" * 1_000_000 + " [x](x.md)"
    many_runs = "[y](y.md) " + " ".join("`" * n for n in range(1, 1_400)) + " [x](x.md)"
    spans = "`[no](no.md)` and ``[no](no.md)`` then [x](x.md)"
    with bounded():
        assert markdown.scan(one_run).links == (("x.md", 1),)
        assert markdown.scan(many_runs).links == (("y.md", 1), ("x.md", 1))
        assert markdown.scan(spans).links == (("x.md", 1),)


def test_a_hundred_thousand_nested_quotes_and_list_indents() -> None:
    quotes = "> " * 100_000 + "deep [q](q.md)\n"
    markers = "- " * 100_000 + "deep [l](l.md)\n"
    indents = "".join(" " * (2 * (i % 50)) + f"- item [i](i{i}.md)\n" for i in range(100_000))
    with bounded():
        assert markdown.scan(quotes).links == (("q.md", 1),)
        assert markdown.scan(markers).links == (("l.md", 1),)
        links = markdown.scan(indents).links
    assert len(links) == 100_000 and links[-1] == ("i99999.md", 100_000)


# --- code: the readers of init --scan --------------------------------------------------


def _megabyte(piece: str) -> tuple[str, int]:
    """Copies of ``piece`` (formatted with their number) up to a megabyte, and their count."""
    parts = []
    size = 0
    while size < 1_000_000:
        parts.append(piece.format(i=len(parts)))
        size += len(parts[-1])
    return "".join(parts), len(parts)


def test_a_megabyte_of_javascript_functions_doc_comments_and_routes() -> None:
    text, count = _megabyte(
        "/** Does thing {i}. */\nexport function f{i}(a, b) {{\n  // note {i}\n"
        "  const s = 'text {i}';\n  app.get('/r{i}', h);\n  return a + b;\n}}\n\n"
    )
    with bounded():
        facts = codemap.source_facts("big.js", text)
    assert len(facts.symbols) == len(facts.routes) == count
    assert facts.symbols[-1].name == f"f{count - 1}"
    assert facts.symbols[-1].doc == f"Does thing {count - 1}."
    assert facts.routes[-1] == f"GET /r{count - 1}"


def test_a_megabyte_of_typescript_with_line_comments() -> None:
    text, count = _megabyte(
        "// Item {i} of the list.\n// More words.\nexport interface I{i} {{ a: string }}\n\n"
    )
    with bounded():
        facts = codemap.source_facts("big.ts", text)
    assert len(facts.symbols) == count
    assert facts.symbols[7].doc == "Item 7 of the list." and facts.symbols[7].kind == "interface"


def test_a_megabyte_of_go_functions_comments_and_strings() -> None:
    text, count = _megabyte(
        '// F{i} does things.\nfunc F{i}(a int) int {{\n\ts := "text {i}"\n'
        '\thttp.HandleFunc("/p{i}", h)\n\treturn a\n}}\n\n'
    )
    text = "// Package tool does things.\npackage main\n\n" + text + "func main() {}\n"
    with bounded():
        facts = codemap.source_facts("big.go", text)
    assert len(facts.symbols) == len(facts.routes) == count
    assert facts.symbols[-1].doc == f"F{count - 1} does things."
    assert facts.doc == "Package tool does things." and facts.main


def test_a_megabyte_of_rust_functions_and_doc_comments() -> None:
    text, count = _megabyte(
        "/// F{i} does things.\n/// Long.\npub fn f{i}(a: i32) -> i32 {{\n    a\n}}\n\n"
    )
    text += "\n" * 200_000 + "pub fn after_blank_lines() {}\n"
    with bounded():
        facts = codemap.source_facts("big.rs", text)
    assert len(facts.symbols) == count + 1
    assert facts.symbols[-2].doc == f"F{count - 1} does things."
    assert facts.symbols[-1].name == "after_blank_lines"


def test_comment_ends_with_no_comment_start_are_not_searched_back() -> None:
    text = "".join(f"*/\nexport function f{i}() {{}}\n" for i in range(30_000))
    with bounded():
        facts = codemap.source_facts("ends.js", text)
    assert len(facts.symbols) == 30_000 and not any(s.doc for s in facts.symbols)


def test_a_megabyte_of_minified_javascript_on_one_line() -> None:
    text, _count = _megabyte("function f{i}(a,b){{var s='x{i}';return a+b}};")
    with bounded():
        facts = codemap.source_facts("app.min.js", "export function main(){};" + text)
    assert [s.name for s in facts.symbols] == ["main"]


def test_javascript_opening_a_comment_or_a_string_that_never_closes() -> None:
    functions, count = _megabyte("export function f{i}() {{ return '{i}'; }}\n")
    with bounded():
        comment = codemap.source_facts("open.js", "/* never closed\n" + functions)
        string = codemap.source_facts("quote.js", "'" + "x" * 1_000_000)
        route = codemap.source_facts("routes.rs", '#[get("/x\n' * 50_000)
        receiver = codemap.source_facts("open.go", "func (\n" * 50_000)
    assert len(comment.symbols) == count and comment.doc == ""
    assert string.symbols == () and route.routes == () and receiver.symbols == ()


def test_a_file_larger_than_the_reader_reads_is_skipped_with_a_note() -> None:
    facts = codemap.source_facts("huge.js", "x" * (codemap.MAX_TEXT + 1))
    assert facts.symbols == () and facts.note == "larger than 2 MB"


# --- Python that ast cannot read -------------------------------------------------------

DEEP_PYTHON = {
    "parentheses": "x = " + "(" * 100_000 + ")" * 100_000 + "\n",
    "lists": "x = " + "[" * 10_000 + "]" * 10_000 + "\n",
    "sums": "x = " + "1 + " * 100_000 + "1\n",  # RecursionError in the parser
    "signs": "x = " + "-" * 100_000 + "1\n",  # MemoryError in the parser
    "default": "def f(a=" + "1 + " * 900 + "1):\n    pass\n",  # parses; too deep to unparse
    "null byte": "x = 1\0\n",
    "indents": "".join(" " * i + "if x:\n" for i in range(120)) + " " * 120 + "pass\n",
}


@pytest.mark.parametrize("name", DEEP_PYTHON)
def test_python_ast_cannot_read_is_skipped_with_a_note(name: str) -> None:
    with bounded():
        facts = codemap.source_facts("deep.py", DEEP_PYTHON[name])
    assert facts.symbols == () and facts.language == "python"
    assert facts.note.startswith(("not valid Python", "Python nested too deeply"))
    section = drafting.file_section(facts)
    assert f"Skipped by the scan: {facts.note}." in section


@pytest.mark.parametrize("name", sorted(set(DEEP_PYTHON) - {"default"}))
def test_python_ast_cannot_parse_has_no_fingerprint_but_a_syntax_error(name: str) -> None:
    with bounded(), pytest.raises(SyntaxError):
        anchors.symbol_fingerprint("deep.py", DEEP_PYTHON[name].encode("utf-8"), "f")


def test_python_too_deep_for_its_tree_has_no_fingerprint_but_a_syntax_error() -> None:
    source = "def f(a=" + "1 + " * 2_000 + "1):\n    pass\n"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        try:
            ast.parse(source)
        except RecursionError:
            pytest.skip("this Python's parser gives up before the walk of the tree could")
    with bounded(), pytest.raises(SyntaxError, match="nested too deeply"):
        anchors.symbol_fingerprint("deep.py", source.encode("utf-8"), "f")


def test_a_long_chain_of_calls_is_read_once() -> None:
    source = "import argparse\nparser = argparse.ArgumentParser()" + ".copy()" * 400 + "\n"
    source += 'sub.add_parser("serve")\n'
    with bounded():
        facts = codemap.python_facts("chain.py", source)
    assert facts.commands == ("serve",) and facts.note == ""


def test_deeply_nested_javascript_has_no_fingerprint_but_a_syntax_error() -> None:
    if not syntax.available("deep.js"):
        pytest.skip("the tree-sitter grammars (mdbrain[anchors]) are not installed")
    source = ("export const x = " + "[" * 100_000 + "]" * 100_000 + ";\n").encode("utf-8")
    with bounded(), pytest.raises(SyntaxError, match="nested too deeply"):
        anchors.symbol_fingerprint("deep.js", source, "x")


# --- drafting: READMEs ------------------------------------------------------------------


def test_readme_headings_that_would_backtrack_are_listed_in_bounded_time(tmp_path: Path) -> None:
    readme = (
        "# x" + " " * 100_000 + "y\n\n"
        "## " + "[a](" * 100_000 + "\n\n"
        "## [Guide](docs/guide.md)\n\n" + "".join(f"### Step {i}\n\n" for i in range(100_000))
    )
    files = ["README.md", "src/app.py"]
    texts = {"README.md": readme, "src/app.py": "def run() -> None:\n    pass\n"}
    with bounded():
        _themes, drafts = drafting.plan_drafts(files, texts, 200)
    body = next(d for d in drafts if d.id == "project/repository.md").body
    listed = body[body.index("## Sections of `README.md`") + 2 :]
    assert listed[0] == "- x" + " " * 100_000 + "y"
    assert listed[1] == "  - " + "[a](" * 100_000
    assert listed[2:4] == ("  - Guide", "    - Step 0")
    assert listed[100] == "- … and 99903 more"


def test_manifests_nested_too_deeply_declare_no_package_and_break_nothing() -> None:
    deep = "[" * 10_000 + "]" * 10_000
    texts = {
        "pyproject.toml": f"x = {deep}\n",
        "web/package.json": deep,
        "src/deep.py": f"x = {deep}\n",  # valid TOML too: not read as a manifest
        "src/app.py": "def run() -> None:\n    pass\n",
    }
    with bounded():
        _themes, drafts = drafting.plan_drafts(sorted(texts), texts, 200)
    configuration = next(d for d in drafts if d.id == "project/configuration.md")
    assert configuration.sources == ()  # no package declared
    bodies = "\n".join(line for d in drafts for line in d.body)
    assert "Skipped by the scan: not valid Python (line 1: too many nested parentheses)." in bodies
    assert "`run() -> None`" in bodies


# --- Regular expressions that once backtracked ------------------------------------------
# Each input made one pattern retry a lazy or nested run from every position: 6 s to
# more than 20 s at 100,000 characters. Each case calls the public function the pattern
# serves and checks what it answers, so a linear rewrite must also keep the meaning.

N = 100_000
_Case = tuple[str, Callable[[], object], Callable[[Any], bool]]
BACKTRACKING: list[_Case] = [
    ("unclosed comments", lambda: summary.first_paragraph("Intro.\n\n" + "<!--" * (N // 2)),
     lambda got: got == "Intro."),
    ("closed and unclosed comments", lambda: summary.first_paragraph("<!-- x -->Shown.\n\n<!--"),
     lambda got: got == "Shown."),
    ("table-of-contents openers", lambda: summary.first_paragraph("<!-- toc -->" * (N // 6)
     + "\n\nAfter the list."), lambda got: got == "After the list."),
    ("an unclosed md_toc opener", lambda: summary.first_paragraph("<!--md_toc" + " " * 2 * N + "x"),
     lambda got: got == "<!--md_toc x"),
    ("a heading of hashes", lambda: summary.first_paragraph("# " + "#" * N + "x\n\nBody."),
     lambda got: got == "Body."),
    ("a backtick run in plain text", lambda: summary.plain("x " + "`" * N),
     lambda got: got == "x " + "`" * N),
    ("code spans closed by a run as long", lambda: summary.plain("a ``b`c`` d ` e"),
     lambda got: got == "a b`c d ` e"),
    ("escaped backticks before single ones", lambda: summary.plain("\\``" * (N // 3)),
     lambda got: got.startswith("``")),
    ("escaped backticks before single ones, around a wiki link",
     lambda: foreign_links.wiki_links("[[a]] " + "\\``" * (N // 3)), lambda got: len(got) == 1),
    ("an escaped backtick run", lambda: summary.first_paragraph("Some words \\" + "`" * N),
     lambda got: got.startswith("Some words `")),
    ("image openers", lambda: summary.is_navigation("![](" * (N // 2), "a"),
     lambda got: got is False),
    ("spaces before a line break", lambda: summary.first_paragraph("a" + " " * N + "b\nc"),
     lambda got: got == "a b c"),
    ("div openers", lambda: summary.first_paragraph("<div>\n" + "<div " * N),
     lambda got: got == ""),
    ("tabs after a table rule", lambda: summary.first_paragraph("text\n--|--" + "\t" * N + "x"),
     lambda got: got == "text --|-- x"),
    ("comments in a status", lambda: adr.status_text("## Status\n\nAccepted " + "<!--" * (N // 2),
     {}), lambda got: got.startswith("Accepted <!--")),
    ("a scheme of pluses in a status", lambda: adr.read("docs/adr/0001-x.md",
     "# T\n\n## Status\n\n" + "a+" * (N // 2), {}), lambda got: got.state == ""),
    ("link openers in a status", lambda: adr.read("docs/adr/0001-x.md",
     "# T\n\n## Status\n\n" + "](" * N, {}), lambda got: got.state == ""),
    ("supersedes clauses never closed", lambda: adr.read("docs/adr/0001-x.md",
     "# T\n\n" + "This RFC supersedes [x](<" * (N // 2), {}), lambda got: got.clauses == ()),
    ("supersedes links never closed", lambda: adr.read("docs/adr/0001-x.md",
     "# T\n\n" + "This RFC supersedes [" * (N // 7), {}), lambda got: got.clauses == ()),
    ("spaces in a status of choices", lambda: adr.is_template("a.md", "a" + " " * 2 * N + "b"),
     lambda got: got is False),
    ("comments before a title", lambda: conversion.title_of("x" + "<!--" * (N // 2) + "\n## T",
     {}, "page.md"), lambda got: got == "Page"),
    ("tabs before a table row", lambda: conversion.table_fields("\t" * N + "|x|"),
     lambda got: got == {}),
    ("backticks after a wiki link", lambda: foreign_links.wiki_links("[[a]] " + "`" * N),
     lambda got: [link.first for link in got] == ["a"]),
    ("spaces in a heading naming itself", lambda: foreign_links.doxygen_names(
     "# T" + " " * N + "x}\n# U" + " {#a}" * (N // 5)), lambda got: list(got) == ["a"]),
    ("Doxygen references never resolved", lambda: foreign_links.rewrite_doxygen(
     "@ref " * (N // 5) + "[a]: " * (N // 5) + "@ref x", lambda _name: None),
     lambda got: got.endswith("@ref x")),
    ("Doxygen references all resolved on one line", lambda: foreign_links.rewrite_doxygen(
     "@ref a " * (4 * N), lambda _name: ("a.md", "A")), lambda got: got.count("[A](a.md)") == 4 * N),
    ("spaces in a flow list", lambda: document.loads("---\nk: [\nb" + " " * 2 * N + "c]\n---\n",
     "a.md").meta["k"], lambda got: got == ["b" + " " * 2 * N + "c"]),
    ("spaces before a comment in a flow list", lambda: yaml_subset.read("k: [a" + " " * N + "#]"),
     lambda got: got is None),
    ("spaces after a key in a flow mapping", lambda: yaml_subset.read("a: {k:" + " " * N + "v?}"),
     lambda got: got is None),
    ("spaces before the end of a flow item", lambda: yaml_subset.read("a: [" + " " * N + "v?]"),
     lambda got: got is None),
    ("attribute list openers in a heading", lambda: passages.clean_heading("{#" * 2 * N),
     lambda got: got == "{#" * 2 * N),
    ("MDX comment openers in a heading", lambda: passages.clean_heading("{/*" * (N // 3)),
     lambda got: got == "{/*" * (N // 3)),
    ("a route decorator never closed", lambda: javascript.js_facts("a.ts", "@Get(" + " " * 2 * N),
     lambda got: got.routes == ()),
    ("tabs after a member", lambda: javascript.js_facts("a.js", "module.exports = o;\no.a = b"
     + "\t" * N + "x"), lambda got: [s.name for s in got.symbols] == ["a"]),
    ("blank lines in go.mod", lambda: layout.read_package("go.mod", "module m\n" + "\n" * N),
     lambda got: (got.name, got.dependencies) == ("m", ())),
    ("scheme separators on one line", lambda: secret_scan.worth_asking("://" * N),
     lambda got: got is False),
    ("backticks on a line of an exported page", lambda: export_html.without_comments(
     "<!-- c -->\nx " + "`" * N + "\n<!-- d -->"), lambda got: got == "x " + "`" * N),
    ("a changelog of thousands of releases read as a record", lambda: adr.looks_like_adr(
     "CHANGELOG.md", "".join(f"## 1.{i}.0\n\n### Status\n\n- the status bar {i}\n\n"
                             for i in range(N // 25)), {}), lambda got: got in (True, False)),
    ("a fence's braces of items run together", lambda: conversion.parse(
     "p.md", "```js {" + "a=b" * (N // 3) + '"}\nx\n```\n').body,
     lambda got: got.startswith("```js {a=b")),
    ("an MDX page's partials used many times", lambda: snippets.expand_partials(
     "import A from './_a.mdx';\n" + "<A />\n" * (N // 10), {"./_a.mdx": "<A />\n"}.get).text,
     lambda got: got.count("<A />") == N // 10),
    ("an mdBook include never closed", lambda: snippets.expand_book("{{#include " + "a" * N,
     lambda _name: None).text, lambda got: got == "{{#include " + "a" * N),
    ("an mdBook include's attributes never closed", lambda: snippets.expand_book(
     "{{#playground a.rs" + " e" * N, lambda _name: "x").text, lambda got: got.endswith(" e")),
    ("a table of contents entry never closed", lambda: sites.mdbook_titles("- [" + "a" * N + "]("
     + "b" * N), lambda got: got == {}),
    ("a run of backticks closed on its line", lambda: markdown.scan("`" * N + "x`\n# T").headings,
     lambda got: [h.title for h in got] == ["T"]),
    ("a comment in a code span of an exported page", lambda: export_html.without_comments(
     "<!-- c -->\n`<!-- kept -->` and ``a`<!-- too -->`` <!-- gone --> z"),
     lambda got: got == "`<!-- kept -->` and ``a`<!-- too -->``  z"),
]  # fmt: skip


@pytest.mark.timeout(60)
@pytest.mark.parametrize(("call", "right"), [c[1:] for c in BACKTRACKING],
                         ids=[c[0] for c in BACKTRACKING])  # fmt: skip
def test_a_pattern_that_once_backtracked_answers_in_bounded_time(
    call: Callable[[], object], right: Callable[[Any], bool]
) -> None:
    with bounded():
        got = call()
    assert right(got), repr(got)[:200]


def test_blanks_after_a_reason_heading_are_read_in_bounded_time(make_base: MakeBase) -> None:
    # brief reads a decision's reason under "## Why": three runs of blanks around optional
    # marks split a long run of them every possible way (cubic: 2.4 s for 1,000)
    body = (
        "We chose queues.\n\n## Why"
        + "\t" * 100_000
        + "x\n\nNo reason here.\n\n## Why ?  #\n\nLoad.\n"
    )
    root = make_base(
        {"decisions/queues.md": doc("Queues", type="decision", sources="[x]", body=body)}
    )
    with bounded():
        brief = Brain.open(root).brief("decisions")
    assert [item.reason for item in brief.items] == ["Load."]


def test_a_paragraph_of_many_pictographs_is_judged_in_linear_time() -> None:
    """Reading a greeting's wave off the end of a paragraph ("Hello Thanos Community!
    👋"): a pattern anchored at the end, retried from every pictograph, took 30 s on a
    paragraph of 30,000 suns."""
    suns = "Hello" + " \u2600" * 30_000
    with bounded():
        cheers = [summary.weak(suns + " x!"), summary.weak("Hello! " + "\U0001f44b" * 30_000)]
        said = conversion.summary_of(
            f"# T\n\n{suns} x\n\nThe page's own text.\n", {}, 240, True, "T"
        )
    assert cheers == [False, True]
    assert said.startswith("Hello \u2600")  # no cheer: it says something, however little

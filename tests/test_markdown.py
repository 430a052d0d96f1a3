"""Links and outline from a Markdown body, checked by hand and against markdown-it-py."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token

from mdbrain.core import links, markdown, passages


def targets(body: str) -> list[str]:
    return [target for target, _line in markdown.scan(body).links]


def test_inline_links_are_found_with_their_file_line() -> None:
    body = "intro\n\nSee [MFA](../securite/mfa.md) and [web](https://x.org).\n"
    assert markdown.scan(body, first_line=10).links == (
        ("../securite/mfa.md", 12),
        ("https://x.org", 12),
    )


def test_images_and_links_inside_code_are_ignored() -> None:
    body = (
        "![diagram](pic.md)\n"
        "`[not](a.md)` but [yes](b.md)\n"
        "```\n[fenced](c.md)\n```\n"
        "~~~~python\n[tilde](d.md)\n~~~~\n"
        "\n    [indented](e.md)\n\n"
        "<!-- [commented](f.md)\n-->\n"
        "\\[escaped](g.md)\n"
    )
    assert targets(body) == ["b.md"]


def test_reference_links_count_when_used_and_point_at_their_definition_line() -> None:
    body = (
        "Read [the guide][guide] and [Setup].\n\n"
        "[guide]: ../guides/start.md\n[setup]: <setup page.md>\n[unused]: nowhere.md\n"
    )
    assert markdown.scan(body).links == (("../guides/start.md", 3), ("setup page.md", 4))


def test_a_reference_label_holding_code_or_following_an_inline_link_names_its_link() -> None:
    body = (
        "[RFC 2000, `const_generics`] brought const generics; see [x](x.md) and [the\\[1\\]][n].\n"
        "\n[RFC 2000, `const_generics`]: ../text/2000-const-generics.md\n[n]: n.md\n"
    )
    assert markdown.scan(body).links == (
        ("x.md", 1),
        ("../text/2000-const-generics.md", 3),
        ("n.md", 4),
    )


def test_a_reference_link_followed_by_a_colon_is_still_a_link() -> None:
    """nodejs/node writes "[`util.promisify()`][]:" at a line's end, before a code block:
    the colon made it read as a definition, and its link was lost."""
    body = (
        "[`util.promisify()`][]:\n\n```js\nx()\n```\n\nSee [full][guide]: it helps.\n\n"
        "[`util.promisify()`]: util.md#promisify\n[guide]: guide.md\n[unused]: no.md\n"
    )
    assert markdown.scan(body).links == (("util.md#promisify", 9), ("guide.md", 10))
    # a label alone before a colon is a definition, as before
    assert markdown.scan("[guide]: guide.md\n").links == ()


def test_destinations_with_titles_parentheses_and_angle_brackets() -> None:
    body = '[a](x.md "Title") [b](<my doc.md>) [c](dir/(v2).md) [d](y.md#part)'
    assert targets(body) == ["x.md", "my doc.md", "dir/(v2).md", "y.md#part"]


def test_outline_gives_each_section_its_line_range() -> None:
    body = "# Title\n\nintro\n\n## One\n\ntext\n\n### One.a\n\nmore\n\n## Two\n\nend\n"
    scanned = markdown.scan(body, first_line=5)
    sections = markdown.outline(scanned.headings, last_line=5 + body.count("\n"))
    assert [(s.level, s.title, s.line, s.end) for s in sections] == [
        (1, "Title", 5, 20),
        (2, "One", 9, 16),
        (3, "One.a", 13, 16),
        (2, "Two", 17, 20),
    ]


def test_setext_headings_and_closing_hashes_and_no_headings_in_code() -> None:
    body = "Main\n====\n\nPart\n----\n\n## Closed ##\n\n```\n# not a heading\n```\n#nospace\n"
    titles = [(h.level, h.title) for h in markdown.scan(body).headings]
    assert titles == [(1, "Main"), (2, "Part"), (2, "Closed")]


def test_a_thematic_break_after_a_blank_line_is_not_a_heading() -> None:
    body = "para\n\n---\n\n* * *\n"
    assert markdown.scan(body).headings == ()


def test_resolving_targets_to_document_ids() -> None:
    cases = {
        "session.md": "perimetre/auth/session.md",
        "../../securite/mfa.md#enrollment": "securite/mfa.md",
        "./x.md?plain=1": "perimetre/auth/x.md",
        "/top.md": "top.md",
        "my%20page.md": "perimetre/auth/my page.md",
    }
    for written, expected in cases.items():
        assert links.resolve("perimetre/auth/login.md", written) == (links.LinkKind.DOC, expected)


def test_targets_that_are_not_documents_resolve_to_nothing() -> None:
    for written in ("https://a.b/c.md", "mailto:x@y.z", "#anchor", "//cdn/x.md", "../src/a.py", ""):
        assert links.resolve("a/b.md", written) is None


def test_a_link_that_climbs_above_the_root_is_marked_outside() -> None:
    resolved = links.resolve("a/b.md", " ../../../etc/passwd.md ")
    assert resolved == (links.LinkKind.OUTSIDE, "../../etc/passwd.md")  # from the root
    assert links.resolve("a/b.md", "../../README.md#setup") == (
        links.LinkKind.OUTSIDE,
        "../README.md",
    )


# --- differential test against a CommonMark parser --------------------------------

_md = MarkdownIt("commonmark")


def _reference_targets(body: str) -> list[str]:
    found: list[str] = []

    def walk(tokens: list[Token]) -> None:
        for token in tokens:
            if token.type == "link_open":
                found.append(str(token.attrGet("href")))
            if token.children:
                walk(token.children)

    walk(_md.parse(body))
    return found


def _reference_headings(body: str) -> list[tuple[int, str]]:
    tokens = _md.parse(body)
    return [
        (int(tok.tag[1]), tokens[i + 1].content)
        for i, tok in enumerate(tokens)
        if tok.type == "heading_open"
    ]


_word = st.text(alphabet="abcdefgh", min_size=1, max_size=6)
_target = st.builds(lambda d, n: f"{d}/{n}.md", _word, _word)
_piece = st.one_of(
    st.builds(lambda w, t: f"{w} [{w}]({t}) {w}", _word, _target),
    st.builds(lambda w, t: f"![{w}]({t})", _word, _target),
    st.builds(lambda w, t: f"`[{w}]({t})`", _word, _target),
    st.builds(lambda w, t: f"```\n[{w}]({t})\n```", _word, _target),
    st.builds(lambda n, w: "#" * n + f" {w}", st.integers(1, 6), _word),
    st.builds(lambda w: f"{w}\n---", _word),
    st.builds(lambda w: f"{w}\n===", _word),
    st.builds(lambda w, t: f"- item [{w}]({t})", _word, _target),
    st.builds(lambda w, t: f"> quote [{w}]({t})", _word, _target),
    # a link's text wrapped over lines, as hard-wrapped prose writes it (prometheus/docs:
    # "[metric\ntypes](/docs/concepts/metric_types/)" was not read as a link)
    st.builds(lambda w, t: f"{w} [{w}\n{w}]({t}) {w}", _word, _target),
    st.builds(lambda w, t: f"[{w}\n{w}\n{w}]({t})", _word, _target),
    st.builds(lambda w, t: f"- item [{w}\n  {w}]({t})", _word, _target),
    st.builds(lambda w, t: f"{w} [{w}\n# {w}]({t})", _word, _target),
    st.builds(lambda w, t: f"{w} [{w}\n- {w}]({t})", _word, _target),
    _word,
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_piece, min_size=1, max_size=12))
def test_links_and_headings_agree_with_markdown_it(pieces: list[str]) -> None:
    body = "\n\n".join(pieces) + "\n"
    assert targets(body) == _reference_targets(body)
    mine = [(h.level, h.title) for h in markdown.scan(body).headings]
    assert mine == _reference_headings(body)


def test_scan_finds_the_images_a_page_shows_and_none_in_code() -> None:
    body = (
        "![Tools](../images/tools.png) and [![badge](badge.svg)](https://ci.example)\n"
        "A ![diagram][arch] beside [a link][doc].\n\n"
        '<p align="center"><img src="logo.png" alt="logo"></p>\n\n'
        "```\n![not this](code.png)\n<img src='nor.png'>\n```\n\n"
        "    ![nor this](indented.png)\n\n"
        "`![nor](span.png)`\n\n"
        "[arch]: ../images/arch.svg\n[doc]: guide.md\n"
    )
    found = markdown.scan(body, 10)
    assert [(i.target, i.line, i.tag) for i in found.images] == [
        ("../images/tools.png", 10, False),
        ("badge.svg", 10, False),
        ("logo.png", 13, True),
        ("../images/arch.svg", 24, False),
    ]
    assert [t for t, _n in found.links] == ["https://ci.example", "guide.md"]


def test_comment_lines_are_the_lines_a_renderer_hides_outside_code() -> None:
    lines = [
        "# Title",  # 0
        "<!--",  # 1
        "Guidance for the author: say why release notes matter.",  # 2
        "-->",  # 3
        "Text <!-- a note --> beside text.",  # 4
        "<!-- one line -->",  # 5
        "```html",  # 6
        "<!-- an example of a comment, inside code -->",  # 7
        "```",  # 8
        "<!-- opened",  # 9
        "closed --> and followed by prose",  # 10
        "Prose.",  # 11
    ]
    assert markdown.comment_lines(lines) == {1, 2, 3, 5, 9}
    assert markdown.comment_lines(["<!-- never closed", "all of it"]) == {0, 1}


def test_reference_definitions_are_read_by_label_outside_code() -> None:
    body = (
        "See [RFC 12][] and [the guide].\n\n"
        "[RFC  12]: <0012-x.md>\n"
        "[rfc 12]: later.md\n"  # the first definition of a label holds
        "[^1]: A footnote, no destination.\n"
        "```\n[in code]: no.md\n```\n"
        '   [The Guide]: https://example.org/guide "A title"\n'
    )
    assert markdown.definitions(body) == {
        "rfc 12": "0012-x.md",
        "the guide": "https://example.org/guide",
    }
    assert markdown.label("The  Guide") == "the guide"
    assert markdown.definitions("No definition: [a] b.\n") == {}


def test_bodies_read_while_remembering_are_read_once() -> None:
    """An import reads every page in several passes: inside ``remembering`` each body is
    scanned once, whatever the number of pages between two reads of it."""
    bodies = [f"# Page {n}\n\nSee [next](p{n + 1}.md).\n" for n in range(40)]
    before = markdown._scan.cache_info().misses
    with markdown.remembering():
        first = [markdown.scan(body) for body in bodies]
        again = [markdown.scan(body, first_line=3) for body in bodies]
    assert markdown._scan.cache_info().misses - before == 40
    assert [b.links for b in first] == [((f"p{n + 1}.md", 3),) for n in range(40)]
    assert [b.links[0][1] for b in again] == [5] * 40  # shifted as asked
    assert markdown._remembered is None  # dropped after the block


def test_links_in_an_admonitions_text_count_and_code_inside_it_does_not() -> None:
    """fastapi/typer: import writes "/// tip" blocks as MkDocs admonitions, their text
    indented under "!!! tip"; read as indented code, their links were no links, so check,
    show and mv missed the five links to tutorial/printing.md."""
    body = (
        '# A\n\n!!! tip "Title"\n\n    See [page B](b.md) for details.\n\n'
        "    ```python\n    x = '[not](code.md)'\n    ```\n\n"
        "    ??? note\n        Nested [c](c.md).\n\n"
        "            indented code [no](deep.md)\n\n"
        "Back [d](d.md).\n\n    code [e](e.md)\n"
    )
    found = markdown.scan(body).links
    assert found == (("b.md", 5), ("c.md", 12), ("d.md", 16))


def test_three_backticks_closed_on_their_line_are_a_code_span_not_a_fence() -> None:
    """thanos-io/thanos: list lines like "   ```cilium hubble disable```" opened a code
    block to the end of the page, so its next section vanished from show, query and
    the export. A backtick fence's info string holds no backtick (CommonMark)."""
    body = (
        "# Tutorial\n\n1. Turn it off:\n   ```cilium hubble disable```\n\n"
        "## Example deployment\n\nText.\n\n```yaml\nkey: 1\n```\n\n## After\n"
    )
    titles = [h.title for h in markdown.scan(body).headings]
    assert titles == ["Tutorial", "Example deployment", "After"]
    assert [section.path[-1] for section, _a, _b in passages.split(body)][-2:] == [
        "Example deployment",
        "After",
    ]


def test_a_link_in_a_comment_closed_on_its_line_is_no_link() -> None:
    """A MADR template's "* [Link type] [Link to ADR] <!-- example: Refined by
    [ADR-0005](0005-example.md) -->" was reported a broken link in six translations."""
    body = (
        "* [Link type] <!-- example: Refined by [ADR-0005](0005-example.md) --> [z](z.md)\n"
        "* `<!--` [w](w.md) `-->`\n"  # code spans hold no comment
        "* an open <!-- comment [v](v.md)\n"
    )
    assert markdown.scan(body).links == (("z.md", 1), ("w.md", 2), ("v.md", 3))

"""mdbrain export: the static site, the Markdown snapshot and llms.txt, on a base built here."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdbrain.adapters import export_graph, export_html, export_text
from mdbrain.adapters.cli import cli
from mdbrain.service.brain import Brain
from mdbrain.service.exporting import SITE_MARK, export_site, gather
from tests.conftest import MakeBase, doc

SECRET = (
    "ghp" + "_Zq8x3LmN0pR7sT2vW5yB9cD4fG6hJ1kK3mQ8"
)  # made up; split so no scanner flags this file

GUIDE_BODY = """\
## Steps

Read [the limit](../rules/limit.md#why) first, then [nothing](nothing.md).
See [outside](../../up.md) and [the code](../../src/app.py) and [the web](https://example.org/x).

<script>alert("body")</script>
<img src="http://tracker.example/pixel.png">
Then <img src=x onerror=alert(3)> and <a href="javascript:alert(4)">a trap</a>
and <b onclick="alert(5)">bold</b>.

[click me](javascript:alert(1)) and [data](data:text/html;base64,PHNjcmlwdD4=)
and <javascript:alert(2)> and [vb](vbscript:msgbox)

![a diagram](http://images.example/diagram.png)

```
# not a heading
```
"""

BASE = {
    "guides/start.md": doc(
        "Getting started", GUIDE_BODY, tags="[onboarding]", sources="[the team wiki]"
    ),
    "rules/limit.md": doc(
        "Limit <b onmouseover='x()'>five</b>",
        "## Why\n\nBecause.\n",
        type="rule",
        tags="[limits, security]",
        impl_refs="[src/app.py]",
        author='"Ada"',
        created="2026-06-01",
    ),
    "rules/conflict.md": doc(
        "Limit ten",
        "Ten, not five.\n",
        type="rule",
        tags="[limits]",
        contradicts="[rules/limit.md]",
    ),
    "decisions/old.md": doc(
        "Sessions in memory",
        "Kept in memory.\n",
        type="decision",
        status="deprecated",
        tags="[sessions]",
        superseded_by="[decisions/new.md]",
        superseded_on="2026-06-20",
        superseded_reason='"memory was lost at each restart"',
    ),
    "decisions/new.md": doc(
        "Sessions in Redis",
        "Kept in Redis, see [the old one](old.md).\n",
        type="decision",
        tags="[sessions]",
        supersedes="[decisions/old.md]",
    ),
    "notes/draft.md": doc("An idea", "Maybe.\n", status="draft", tags="[ideas]"),
    "notes/check.md": doc(
        "To check",
        "Check it.\n",
        status="needs-review",
        tags="[ideas]",
        review_reason='"src/app.py changed"',
    ),
    "notes/keys.md": doc("Keys", f"The bot's token is {SECRET}.\n", type="fact", tags="[bots]"),
    "home.md": doc("Home page", "Start with [the guide](guides/start.md).\n", type="overview"),
}


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


@pytest.fixture
def project(make_base: MakeBase) -> Path:
    return make_base(BASE).parent


def site_of(project: Path, out: Path) -> dict[str, bytes]:
    code, said = run("-C", str(project), "export", "--html", str(out))
    assert code == 0, said
    return {
        p.relative_to(out).as_posix(): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()
    }


def text(site: dict[str, bytes], name: str) -> str:
    return site[name].decode("utf-8")


# --- the site ------------------------------------------------------------------------------


def test_every_document_has_a_page_beside_the_home_manifest_conflicts_review_and_graph(
    project: Path, tmp_path: Path
) -> None:
    site = site_of(project, tmp_path / "site")
    pages = {name for name in site if name.startswith("docs/")}
    assert pages == {"docs/" + doc_id[:-3] + ".html" for doc_id in BASE}
    for name in ("index.html", "manifest.html", "conflicts.html", "review.html", "graph.html"):
        assert text(site, name).startswith("<!DOCTYPE html>")
    assert {"assets/site.css", "assets/manifest.js", SITE_MARK} <= set(site)


def test_the_home_page_shows_the_theme_tree_with_counts(project: Path, tmp_path: Path) -> None:
    home = text(site_of(project, tmp_path / "site"), "index.html")
    assert re.search(r"notes/</span> <span class=\"count\">\(3\)", home)
    assert re.search(r"decisions/</span> <span class=\"count\">\(2\)", home)
    assert 'href="docs/guides/start.html"' in home
    assert "9 documents" in home
    # what the review link counts is said: drafts wait too (alphagov/govuk-aws read
    # "Review (36)" above "0 to review")
    assert "1 to review, 1 draft waiting to be checked" in home
    assert 'id="nav-review">Review (2)</a>' in home


def test_a_page_is_declared_in_its_document_s_language_over_the_base_s(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """fastapi's French pages, imported with ``lang: fr`` into a base whose marker says
    ``lang: en``, were exported as ``<html lang="en">`` with an English body; the site's
    own words stay marked English on such a page."""
    project = make_base(
        {
            "tutorial/cors.md": doc("CORS", "A frontend and a backend.\n"),
            "fr/tutorial/cors.md": doc("CORS", "Un frontend et un backend.\n", lang="fr"),
            "pt/tutorial/cors.md": doc("CORS", "Um frontend e um backend.\n", lang="pt_BR"),
        }
    ).parent
    site = site_of(project, tmp_path / "site")
    french = text(site, "docs/fr/tutorial/cors.html")
    assert re.findall(r"<html[^>]*>", french) == ['<html lang="fr">']
    assert '<section class="body" lang="fr"' in french
    assert '<footer lang="en">' in french and '<h2 lang="en">Provenance</h2>' in french
    english = text(site, "docs/tutorial/cors.html")
    assert re.findall(r"<html[^>]*>", english) == ['<html lang="en">']
    assert '<section class="body" lang="en"' in english and "<footer>" in english
    brazilian = text(site, "docs/pt/tutorial/cors.html")
    assert re.findall(r"<html[^>]*>", brazilian) == ['<html lang="pt-BR">']
    assert re.findall(r"<html[^>]*>", text(site, "index.html")) == ['<html lang="en">']


def test_links_between_documents_point_to_their_pages_with_the_anchor(
    project: Path, tmp_path: Path
) -> None:
    page = text(site_of(project, tmp_path / "site"), "docs/guides/start.html")
    assert '<a href="../../docs/rules/limit.html#why" class="doc">the limit</a>' in page
    target = text(site_of(project, tmp_path / "again"), "docs/rules/limit.html")
    assert '<h2 id="why">Why</h2>' in target


def test_a_heading_answers_to_the_anchors_other_sites_make_of_it(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """vitejs/vite: its pages link to "#server-proxy"; the exported heading's id was
    GitHub's "serverproxy", and 96 links landed on the top of their page."""
    pages = {
        "server.md": doc("Server options", "## server.proxy\n\nProxies requests."),
        "guide.md": doc("Guide", "See [the proxy](server.md#server-proxy)."),
    }
    site = site_of(make_base(pages).parent, tmp_path / "site")
    server = text(site, "docs/server.html")
    assert '<h2 id="serverproxy">' in server and '<a id="server-proxy"></a>' in server
    assert 'href="../docs/server.html#server-proxy"' in text(site, "docs/guide.html")


def test_a_page_shows_its_title_and_summary_once_and_its_facts_apart(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """dotnet/csharplang and WebAssembly/design: a title differing from the page's heading
    by its backticks was shown twice, an imported page's summary was read twice (above
    the body, then as its first paragraph), and "reference" ran into the tag after it."""
    unions = (
        "---\ntitle: Discriminated unions / enum class\nsummary: Enum classes are a new kind"
        " of type declaration, where every instance is listed.\ntype: concept\nstatus:"
        " stable\ntags: [x]\nupdated: 2026-07-01\n---\n\n"
        "# Discriminated unions / `enum class`\n\nEnum classes are a new kind of type\n"
        "declaration, where *every* instance is listed.\n\n## Details\n\nMore.\n"
    )
    pages = {"unions.md": unions, "other.md": doc("Other", "Something else.", tags="[x]")}
    site = site_of(make_base(pages).parent, tmp_path / "site")
    unions, other = text(site, "docs/unions.html"), text(site, "docs/other.html")
    assert unions.count("<h1") == 1 and '<p class="summary">' not in unions
    assert "<p>Enum classes are a new kind of type" in unions
    assert '<p class="summary">What this document covers.</p>' in other
    assert re.search(r'<span class="type">\w+</span>\s+<a class="tag"', other)


def test_a_heading_that_names_its_own_id_is_given_it_and_shows_without_it() -> None:
    """fastapi/fastapi: "## Path parameters with types { #path-parameters-with-types }"
    was shown with its id, under the id "path-parameters-with-types--path-...", so the
    links to that section led nowhere."""
    body = "## Path parameters with types { #path-parameters-with-types }\n\n## `yield` {#early}\n"
    html = str(export_html.body_html(export_html.markdown(), body, "a.md", {}))
    assert '<h2 id="path-parameters-with-types">Path parameters with types</h2>' in html
    assert '<h2 id="early"><code>yield</code></h2>' in html and "{" not in html


def test_links_to_nothing_outside_or_to_code_lose_their_address(
    project: Path, tmp_path: Path
) -> None:
    page = text(site_of(project, tmp_path / "site"), "docs/guides/start.html")
    assert '<a class="broken" title="not in this site: nothing.md">nothing</a>' in page
    # a page of the project above the base, as code is: a file of the repository
    assert '<a class="file" title="not in this site: ../../up.md">outside</a>' in page
    assert '<a class="file" title="not in this site: ../../src/app.py">the code</a>' in page
    assert (
        'href="https://example.org/x" class="external" rel="noopener noreferrer nofollow"' in page
    )


def test_backlinks_list_the_documents_that_link_to_a_page(project: Path, tmp_path: Path) -> None:
    page = text(site_of(project, tmp_path / "site"), "docs/guides/start.html")
    backlinks = page.split('<ul class="backlinks">', 1)[1].split("</ul>", 1)[0]
    assert 'href="../../docs/home.html"' in backlinks
    limit = text(site_of(project, tmp_path / "again"), "docs/rules/limit.html")
    assert 'href="../../docs/guides/start.html"' in limit.split('class="backlinks"', 1)[1]


def test_html_in_documents_leaves_no_markup_and_no_script_address_survives(
    project: Path, tmp_path: Path
) -> None:
    site = site_of(project, tmp_path / "site")
    start = text(site, "docs/guides/start.html")
    # a body's HTML is rebuilt: the script goes with what it holds, an image is its
    # description, a link to a script is its words, a kept tag loses its attributes
    body = start.split('id="mdbrain-body">', 1)[1].split("</section>", 1)[0]
    assert '"body"' not in body and not re.search(r"alert\([345]\)|&lt;(script|img|b)", body)
    assert '<span class="image">[image: http://tracker.example/pixel.png]</span>' in start
    assert 'Then <span class="image">[image: x]</span> and a trap' in start
    assert "and <b>bold</b>." in start
    # a title is no body: the template shows it as text
    limit_title = "<h1>Limit &lt;b onmouseover=&#39;x()&#39;&gt;five&lt;/b&gt;</h1>"
    assert limit_title in text(site, "docs/rules/limit.html")
    for name, data in site.items():
        if not name.endswith(".html"):
            continue
        page = data.decode("utf-8")
        assert "<script>" not in page, name
        assert "<img" not in page and " src=" not in page.replace(' src="assets/', ""), name
        assert not re.search(r"<[^>]*\son\w+\s*=", page), name  # no event handler
        for href in re.findall(r'href="([^"]*)"', page):
            assert not re.match(r"\s*(javascript|vbscript|data):", href, re.I), (name, href)
        scripts = re.findall(r"<script[^>]*>", page)
        assert all(s == '<script src="assets/manifest.js" defer>' for s in scripts), name


def test_html_comments_are_left_out_and_other_html_rebuilt() -> None:
    body = (
        "Before.\n\n<!--\n```YAML history\nadded: v1\n```\n-->\n\n"
        "<!-- eslint-skip -->\n\n```js\nlet a = 1 <!-- not a comment here -->\n```\n\n"
        "Inline <!-- hidden --> text, `<!-- code -->`, <!-->empty and <kbd>Ctrl</kbd>.\n\n"
        "<details><summary>More</summary>\nSee [the page](https://x.example) in **bold**.\n\n"
        "<script>alert(1)</script>\n\nAfter <!-- never closed\n\nLost.\n"
    )
    html = str(export_html.body_html(export_html.markdown(), body, "a.md", {}))
    assert "YAML history" not in html and "eslint-skip" not in html and "hidden" not in html
    assert "let a = 1 &lt;!-- not a comment here --&gt;" in html  # code is shown whole
    assert "<code>&lt;!-- code --&gt;</code>" in html
    assert "Inline  text," in html and "empty and <kbd>Ctrl</kbd>." in html
    # Markdown under an HTML tag is still read: the tag goes, its text and the
    # Markdown around it stay
    assert "<p>More\n<br />\nSee " in html and "details" not in html and "summary" not in html
    assert "<strong>bold</strong>" in html and 'href="https://x.example"' in html
    assert "alert" not in html and "script" not in html
    assert "<p>Before.</p>" in html and "<p>After</p>" in html and "Lost." not in html


def test_fastapi_s_inline_html_reads_as_its_site_shows_it() -> None:
    """fastapi/fastapi: its home page showed 92 tags as text, its prose
    '&lt;dfn title="..."&gt;"parsing"&lt;/dfn&gt;', its screenshots '<img src=...>'."""
    home = (
        "<style>\n.md-content .md-typeset h1 { display: none; }\n</style>\n\n"
        '<p align="center">\n  <a href="https://fastapi.tiangolo.com"><img '
        'src="https://fastapi.tiangolo.com/img/logo-margin/logo-teal.png" alt="FastAPI"></a>\n'
        '</p>\n<p align="center">\n    <em>FastAPI framework, high performance</em>\n</p>\n\n'
        '* **Intuitive**: Great editor support. <dfn title="also known as auto-complete">'
        "Completion</dfn> everywhere.\n\n"
        "<small>* estimation based on tests.</small>\n"
    )
    html = str(export_html.body_html(export_html.markdown(), home, "home.md", {}))
    assert "&lt;" not in html and "md-typeset" not in html and "align" not in html
    assert (
        '<a href="https://fastapi.tiangolo.com" class="external" rel="noopener noreferrer '
        'nofollow"><span class="image">[image: FastAPI]</span></a>' in html
    )
    assert "logo-teal" not in html  # nothing is fetched
    assert "</a>\n\n\n<br />\n<em>FastAPI framework, high performance</em>" in html
    assert '<dfn title="also known as auto-complete">Completion</dfn> everywhere.' in html
    assert "<p><small>* estimation based on tests.</small></p>" in html
    params = (
        '## Data <dfn title="also known as: serialization">conversion</dfn> '
        "{ #data-conversion }\n\n"
        'Automatic request <dfn title="converting the string">"parsing"</dfn>.\n\n'
        '<img src="/img/tutorial/path-params/image01.png">\n\n'
        'A standard Python <abbr title="Enumeration">`Enum`</abbr>.\n'
    )
    html = str(export_html.body_html(export_html.markdown(), params, "tutorial/path-params.md", {}))
    assert '<h2 id="data-conversion">Data <dfn title="also known as: serialization">' in html
    assert 'request <dfn title="converting the string">&quot;parsing&quot;</dfn>.' in html
    assert (
        '<p><span class="image">[image: /img/tutorial/path-params/image01.png]</span></p>' in html
    )
    assert '<abbr title="Enumeration"><code>Enum</code></abbr>' in html


class _Markup(HTMLParser):
    """The tags and attributes an HTML text holds."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, {k: v or "" for k, v in attrs}))


def tags_of(html: str) -> list[tuple[str, dict[str, str]]]:
    found = _Markup()
    found.feed(html)
    found.close()
    return found.tags


def test_no_markup_of_a_body_runs_fetches_or_styles_anything() -> None:
    body = (
        "Inline <script>alert(1)</script> and <img src=x onerror=alert(2)> and "
        '<a href="javascript:alert(3)">a trap</a>, <a href="jav&#x09;ascript:alert(4)">a tab</a>, '
        "<abbr title='\"><script>alert(5)</script>'>quoted</abbr>.\n\n"
        "<script>\nalert(6)\n\nalert(7)\n</script>\n\n"
        "<style>\nbody { background: url(https://evil.example/s.png) }\n</style>\n\n"
        '<iframe src="https://evil.example/f">fallback</iframe>\n'
        '<div style="background: url(https://evil.example/d.png)" onclick="alert(8)">styled</div>\n'
        '<svg onload="alert(9)"><title>drawn</title></svg>\n'
        '<form action="https://evil.example/p"><input name="q"><button>sent</button></form>\n'
        '<object data="https://evil.example/o"></object><embed src="https://evil.example/e">\n'
        '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=x">\n'
    )
    html = str(export_html.body_html(export_html.markdown(), body, "a.md", {}))
    assert "evil.example" not in html and not re.search(r"alert\([126789]\)", html)
    for word in ("a trap", "a tab", "quoted", "fallback", "styled", "drawn", "sent"):
        assert word in html
    for tag, attrs in tags_of(html):
        assert tag in {"p", "span", "abbr", "br", "a"}, (tag, html)
        # the tab's link has no address, only its title "not in this site: ..."
        assert set(attrs) <= {"class", "title"}, (tag, attrs)
    # the title is an attribute's text, never markup
    assert '<abbr title="&quot;&gt;&lt;script&gt;alert(5)&lt;/script&gt;">quoted</abbr>' in html


def test_formatting_tags_keep_their_meaning_without_their_attributes() -> None:
    body = (
        '<b onclick="alert(1)" class="x" style="color: red">bold</b> <strong id="s">strong</strong> '
        '<i>i</i> <em>em</em> <code class="c">code</code> <kbd data-k="1">Ctrl</kbd> '
        'H<sub>2</sub>O x<sup title="t">2</sup> <mark>m</mark> <s>s</s> <del>d</del> <ins>i</ins> '
        '<small>sm</small> <u>u</u> <abbr title="Application &amp; Interface" onmouseover="x()">API'
        '</abbr> <dfn>term</dfn> line<br clear="all">break <b>never closed *and <i>deep*\n\n'
        "A stray </em> end *here </strong> too*.\n"
    )
    html = str(export_html.body_html(export_html.markdown(), body, "a.md", {}))
    assert html == (
        "<p><b>bold</b> <strong>strong</strong> <i>i</i> <em>em</em> <code>code</code> "
        "<kbd>Ctrl</kbd> H<sub>2</sub>O x<sup>2</sup> <mark>m</mark> <s>s</s> <del>d</del> "
        '<ins>i</ins> <small>sm</small> <u>u</u> <abbr title="Application &amp; Interface">API'
        "</abbr> <dfn>term</dfn> line<br />\nbreak <b>never closed <em>and <i>deep</em></i></b></p>\n"
        "<p>A stray  end <em>here  too</em>.</p>\n"
    )


def test_html_images_show_as_their_description_and_other_tags_as_their_text() -> None:
    body = (
        '<p align="center"><img src="a.png" alt="Logo"></p>\n\n'
        '<img src="b.png" title="The title"> <img src="c.png"> '
        '<img src="data:image/png;base64,AAAA"> ![](d.png "Markdown\'s title")\n\n'
        '<div class="box"><span>kept</span> <center>centred</center> <font color="red">red</font>'
        "</div>\n\n"
        "<details>\n<summary>More</summary>\n\nHidden **not**.\n\n</details>\n\n"
        "<table><tr><td>one</td><td>two</td></tr></table>\n\n"
        "<pre>\n  <b>indented</b> &amp; kept\n</pre>\n\n"
        'Links: <a href="b.md#x">a page</a>, <a href="https://x.example" title="T">the web</a>, '
        '<a href="c.md">nothing</a>, <a name="here"></a>there.\n\n'
        "Put a <script> tag in the head.\n"
    )
    pages = {"b.md": 1}
    html = str(export_html.body_html(export_html.markdown(), body, "a.md", pages))
    assert '<p><span class="image">[image: Logo]</span></p>' in html
    assert (
        '<span class="image">[image: The title]</span> <span class="image">[image: c.png]</span> '
        '<span class="image">[image]</span> <span class="image">[image: Markdown&#39;s title]</span>'
    ) in html
    # a tag that stands on a line of its own in a browser: a line break
    assert "<p>kept <br />\ncentred <br />\nred</p>" in html
    assert "<p>More</p>\n<p>Hidden <strong>not</strong>.</p>" in html
    assert "<p>one<br />\ntwo</p>" in html
    assert "<pre><code>  indented &amp; kept\n</code></pre>" in html
    assert '<a href="../docs/b.html#x" class="doc">a page</a>' in html
    assert 'href="https://x.example" title="T" class="external"' in html
    assert '<a class="broken" title="not in this site: c.md">nothing</a>' in html
    assert "</a>, there." in html and "name=" not in html
    assert "<p>Put a  tag in the head.</p>" in html  # never closed: only the tag goes


def test_every_page_forbids_requests_outside_the_site(project: Path, tmp_path: Path) -> None:
    site = site_of(project, tmp_path / "site")
    for name, data in site.items():
        if name.endswith(".html"):
            assert "default-src 'none'; style-src 'self'; script-src 'self'" in data.decode()
    assert "http" not in text(site, "assets/manifest.js").replace("https://", "")


def test_images_show_as_their_description(project: Path, tmp_path: Path) -> None:
    page = text(site_of(project, tmp_path / "site"), "docs/guides/start.html")
    assert '<span class="image">[image: a diagram]</span>' in page
    assert "images.example" not in page


PNG = b"\x89PNG\r\n\x1a\n" + bytes(range(64))  # any bytes: the site copies, never reads


def test_the_projects_pictures_are_drawn_from_copies_in_the_site(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """tikv/rfcs: every design diagram (``../media/x.png``) was "[image: ...]"."""
    body = (
        '![Old scheme](../../media/old.png) and ![New](<../../media/new%20one.png> "Its title")\n\n'
        '<img src="../../media/old.png" alt="again">\n\n'
        "![a drawing](../../media/plan.svg) ![gone](../../media/gone.png)"
        " ![far](https://images.example/x.png) ![out](../../../outside.png)\n"
    )
    root = make_base({"design/limits.md": doc("Limits", body=body)})
    project = root.parent
    media = project / "media"
    media.mkdir()
    (media / "old.png").write_bytes(PNG)
    (media / "new one.png").write_bytes(PNG[::-1])
    (media / "plan.svg").write_text("<svg><script>alert(1)</script></svg>", encoding="utf-8")
    (project.parent / "outside.png").write_bytes(PNG)
    site = site_of(project, tmp_path / "site")
    assert site["pictures/media/old.png"] == PNG
    assert site["pictures/media/new one.png"] == PNG[::-1]
    assert not [name for name in site if name.endswith((".svg", "outside.png", "gone.png"))]
    page = text(site, "docs/design/limits.html")
    assert '<img src="../../pictures/media/old.png" alt="Old scheme" loading="lazy">' in page
    assert 'src="../../pictures/media/new%20one.png" alt="New" title="Its title"' in page
    assert '<img src="../../pictures/media/old.png" alt="again" loading="lazy">' in page
    for told in ("a drawing", "gone", "far", "out"):
        assert f'<span class="image">[image: {told}]</span>' in page
    assert "images.example" not in page
    # a picture no page shows any more leaves the site with the next export
    (root / "design/limits.md").write_text(doc("Limits", body="No pictures."), encoding="utf-8")
    again = site_of(project, tmp_path / "site")
    assert not [name for name in again if name.startswith("pictures/")]


def test_a_document_holding_a_secret_is_withheld(project: Path, tmp_path: Path) -> None:
    site = site_of(project, tmp_path / "site")
    assert all(SECRET.encode() not in data for data in site.values())
    assert "Summary and body withheld" in text(site, "docs/notes/keys.html")


def test_the_page_shows_status_provenance_and_impl_refs(project: Path, tmp_path: Path) -> None:
    site = site_of(project, tmp_path / "site")
    limit = text(site, "docs/rules/limit.html")
    assert '<span class="badge status-stable">stable</span>' in limit
    assert "<dt>author</dt><dd>Ada</dd>" in limit and "<dt>created</dt><dd>2026-06-01</dd>" in limit
    assert "<li><code>src/app.py</code></li>" in limit
    assert "<li>the team wiki</li>" in text(site, "docs/guides/start.html")
    check = text(site, "docs/notes/check.html")
    assert "To review: src/app.py changed." in check


def test_the_supersession_history_has_dates_and_reasons(project: Path, tmp_path: Path) -> None:
    site = site_of(project, tmp_path / "site")
    old = text(site, "docs/decisions/old.html")
    assert "Superseded by" in old
    assert re.search(
        r'<li class="newer">.*decisions/new.html.*in force since 2026-06-20: memory was lost', old
    )
    new = text(site, "docs/decisions/new.html")
    assert re.search(r'<li class="older">.*decisions/old.html.*replaced on 2026-06-20', new)


def test_the_conflicts_and_review_pages_list_their_documents(project: Path, tmp_path: Path) -> None:
    site = site_of(project, tmp_path / "site")
    conflicts = text(site, "conflicts.html")
    assert (
        'href="docs/rules/conflict.html"' in conflicts
        and 'href="docs/rules/limit.html"' in conflicts
    )
    review = text(site, "review.html")
    assert 'href="docs/notes/check.html"' in review and "src/app.py changed" in review
    assert 'href="docs/notes/draft.html"' in review.split('id="drafts"', 1)[1]


def test_the_manifest_rows_carry_what_the_filters_read(project: Path, tmp_path: Path) -> None:
    manifest = text(site_of(project, tmp_path / "site"), "manifest.html")
    assert len(re.findall(r"<tr data-id=", manifest)) == len(BASE)
    assert (
        '<tr data-id="rules/limit.md" data-type="rule" data-status="stable" '
        'data-tags=\'["limits", "security"]\'>' in manifest
    )
    assert '<option value="needs-review">needs-review</option>' in manifest


def test_the_graph_is_an_svg_whose_nodes_open_the_pages(project: Path, tmp_path: Path) -> None:
    graph = text(site_of(project, tmp_path / "site"), "graph.html")
    nodes = re.findall(r'<a href="(docs/[^"]+)" class="node', graph)
    assert sorted(nodes) == sorted("docs/" + d[:-3] + ".html" for d in BASE)
    assert 'class="edge edge-supersedes"' in graph and 'marker-end="url(#arrow)"' in graph
    assert 'class="edge edge-contradicts"' in graph


def test_the_graph_layout_is_the_same_every_time_and_puts_no_two_nodes_together(
    project: Path,
) -> None:
    with Brain.open(project) as brain:
        pages = gather(brain).pages
    first = export_graph.layout(pages)
    assert export_graph.layout(tuple(reversed(pages))) == first
    places = [(n.x, n.y) for n in first.nodes]
    assert len(set(places)) == len(places) == len(pages)
    small = export_graph.layout(pages, limit=3)
    assert len(small.nodes) == 3 and small.left_out == len(pages) - 3


def test_exporting_twice_gives_the_same_bytes_and_rewrites_nothing(
    project: Path, tmp_path: Path
) -> None:
    first = site_of(project, tmp_path / "one")
    assert site_of(project, tmp_path / "two") == first
    code, said = run("-C", str(project), "export", "--html", str(tmp_path / "one"), "--json")
    report = json.loads(said)["html"]
    assert code == 0 and report["written"] == 0 and report["unchanged"] == len(first) - 1


def test_forked_workers_render_the_same_pages(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    alone = site_of(project, tmp_path / "alone")
    monkeypatch.setattr(export_html, "_workers", lambda count: 2)
    monkeypatch.setattr(export_html, "SHARE", 2)
    with Brain.open(project) as brain:
        export_site(brain, tmp_path / "shared", export_html.render)
    shared = tmp_path / "shared"
    assert {p.relative_to(shared).as_posix(): p.read_bytes() for p in shared.rglob("*")
            if p.is_file()} == alone  # fmt: skip


def test_a_non_empty_folder_without_the_mark_is_refused_and_left_alone(
    project: Path, tmp_path: Path
) -> None:
    out = tmp_path / "mine"
    out.mkdir()
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    code, said = run("-C", str(project), "export", "--html", str(out))
    assert code == 3 and said.count("\n") == 1 and SITE_MARK in said
    assert [p.name for p in out.iterdir()] == ["notes.txt"]


def test_a_file_no_export_wrote_is_never_replaced(project: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    site_of(project, out)
    (out / "index.html").unlink()
    mark = (out / SITE_MARK).read_text(encoding="utf-8").replace("index.html\n", "")
    (out / SITE_MARK).write_text(mark, encoding="utf-8")
    (out / "index.html").write_text("my own page", encoding="utf-8")
    code, said = run("-C", str(project), "export", "--html", str(out))
    assert code == 3 and "was not written by an earlier export" in said
    assert (out / "index.html").read_text(encoding="utf-8") == "my own page"


def test_pages_of_deleted_documents_go_and_other_files_stay(project: Path, tmp_path: Path) -> None:
    out = tmp_path / "site"
    site_of(project, out)
    (out / "CNAME").write_text("docs.example.org", encoding="utf-8")
    (project / "kb" / "notes" / "draft.md").unlink()
    (project / "kb" / "notes" / "check.md").unlink()
    (project / "kb" / "notes" / "keys.md").unlink()
    code, said = run("-C", str(project), "export", "--html", str(out), "--json")
    assert code == 0
    assert json.loads(said)["html"]["removed"] == [
        "docs/notes/check.html",
        "docs/notes/draft.html",
        "docs/notes/keys.html",
    ]
    assert not (out / "docs" / "notes").exists()
    assert (out / "CNAME").read_text(encoding="utf-8") == "docs.example.org"
    assert "docs/notes/draft.html" not in (out / SITE_MARK).read_text(encoding="utf-8")


def test_a_folder_inside_the_knowledge_root_is_refused(project: Path) -> None:
    for inside in (project / "kb", project / "kb" / "site"):
        code, said = run("-C", str(project), "export", "--html", str(inside))
        assert code == 2 and "inside the knowledge root" in said and said.count("\n") == 1
    code, said = run("-C", str(project), "export", "--markdown", "kb/all.md")
    assert code == 2
    assert not (project / "kb" / "site").exists() and not (project / "kb" / "all.md").exists()


def test_export_without_a_target_says_what_to_ask_for(project: Path) -> None:
    code, said = run("-C", str(project), "export")
    assert code == 2 and "--html DIR" in said and said.count("\n") == 1


def test_export_given_a_place_alone_says_which_option_it_needs(
    project: Path, tmp_path: Path
) -> None:
    """astral-sh/uv, as a new user: ``mdbrain export /tmp/site`` answered click's "Got
    unexpected extra argument", naming no option."""
    place = tmp_path / "site"
    code, said = run("-C", str(project), "export", str(place))
    assert code == 2 and f"--html {place}" in said and f"--markdown {place}" in said
    assert not place.exists()
    code, said = run("-C", str(project), "export", "--html", str(place), "more")
    assert code == 2 and "unexpected argument: more" in said and not place.exists()


# --- the Markdown snapshot -------------------------------------------------------------------


def test_the_snapshots_links_lead_to_its_documents_and_the_projects_files(
    project: Path, tmp_path: Path
) -> None:
    """A single file has no pages to link to: a link to a document leads to its heading
    in the snapshot, a link to a file from where the snapshot is written (found on
    betagouv/beta.gouv.fr: 15 links that could not work)."""
    out = project / "exports" / "all.md"
    code, said = run("-C", str(project), "export", "--markdown", str(out))
    assert code == 0, said
    snapshot = out.read_text(encoding="utf-8")
    assert '<a id="doc-rules-limit-md"></a>\n\n### Limit' in snapshot
    assert "Read [the limit](#doc-rules-limit-md) first" in snapshot
    assert "then [nothing](nothing.md)" in snapshot  # no such document: as written
    assert "[the code](../src/app.py)" in snapshot and "[outside](../up.md)" in snapshot
    assert "[the web](https://example.org/x)" in snapshot
    assert "see [the old one](#doc-decisions-old-md)" in snapshot
    assert "(guides/start.md)" not in snapshot


def test_the_snapshot_puts_documents_in_force_first_then_marks_the_others(
    project: Path, tmp_path: Path
) -> None:
    out = tmp_path / "all.md"
    code, said = run("-C", str(project), "export", "--markdown", str(out))
    assert code == 0, said
    snapshot = out.read_text(encoding="utf-8")
    parts = re.findall(r"^## (.+)$", snapshot, re.M)
    assert parts == [
        "In force: at the root",
        "In force: decisions",
        "In force: guides",
        "In force: notes",
        "In force: rules",
        "To review: notes",
        "Drafts (not verified): notes",
        "Deprecated (replaced): decisions",
    ]
    assert (
        "### [needs-review] To check" in snapshot and "- To review: src/app.py changed" in snapshot
    )
    assert "### [deprecated] Sessions in memory" in snapshot
    assert "- Replaced by: `decisions/new.md` on 2026-06-20: memory was lost" in snapshot
    assert "### [draft] An idea" in snapshot
    assert "#### Steps" in snapshot and "\n# not a heading\n" in snapshot
    assert SECRET not in snapshot


def test_a_body_s_headings_move_under_the_document_s_own() -> None:
    body = "# Title\n\nIntro.\n\n## Part\n\n```\n# code\n```\n\nSetext\n======\n\n  ### Deep\n"
    assert export_text.shift_headings(body, "Title") == (
        "Intro.\n\n#### Part\n\n```\n# code\n```\n\n### Setext\n\n  ##### Deep"
    )
    assert export_text.shift_headings("# Other\n\ntext", "Title") == "### Other\n\ntext"


def test_the_snapshot_is_the_same_each_time_and_replaces_only_its_own_file(
    project: Path, tmp_path: Path
) -> None:
    out = tmp_path / "all.md"
    run("-C", str(project), "export", "--markdown", str(out))
    first = out.read_bytes()
    code, said = run("-C", str(project), "export", "--markdown", str(out), "--json")
    assert code == 0 and json.loads(said)["markdown"]["changed"] is False
    assert out.read_bytes() == first
    readme = tmp_path / "README.md"
    readme.write_text("# My project\n", encoding="utf-8")
    code, said = run("-C", str(project), "export", "--markdown", str(readme))
    assert code == 3 and "was not written by mdbrain export" in said
    assert readme.read_text(encoding="utf-8") == "# My project\n"


# --- llms.txt ------------------------------------------------------------------------------------

LIST_LINE = re.compile(r"^- \[[^\]]+\]\([^)\s]+\)(: .+)?$")


def test_llms_txt_has_a_title_a_summary_and_sections_of_links(
    project: Path, tmp_path: Path
) -> None:
    out = project / "llms.txt"
    code, said = run("-C", str(project), "export", "--llms-txt", str(out))
    assert code == 0, said
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "# project" and lines[1] == "" and lines[2].startswith("> ")
    first_section = next(i for i, line in enumerate(lines) if line.startswith("## "))
    assert not any(line.startswith("#") for line in lines[3:first_section])
    sections = [line for line in lines if line.startswith("## ")]
    assert sections == [
        "## Documents at the root",
        "## decisions",
        "## guides",
        "## notes",
        "## rules",
        "## Optional",
    ]
    entries = [line for line in lines if line.startswith("- ")]
    assert entries and all(LIST_LINE.match(line) for line in entries)
    assert "- [Getting started](kb/guides/start.md): What this document covers." in lines
    optional = lines[lines.index("## Optional") :]
    assert any(
        "(kb/decisions/old.md): deprecated, replaced by decisions/new.md" in x for x in optional
    )
    assert any("(kb/notes/check.md): to review (src/app.py changed)" in x for x in optional)


def test_llms_txt_links_lead_from_where_the_file_is(project: Path, tmp_path: Path) -> None:
    out = tmp_path / "elsewhere" / "llms.txt"
    code, _ = run("-C", str(project), "export", "--llms-txt", str(out))
    assert code == 0
    assert "(../project/kb/guides/start.md)" in out.read_text(encoding="utf-8")


def test_the_json_report_counts_what_was_written(project: Path, tmp_path: Path) -> None:
    code, said = run(
        "-C",
        str(project),
        "export",
        "--html",
        str(tmp_path / "site"),
        "--markdown",
        str(tmp_path / "all.md"),
        "--llms-txt",
        str(tmp_path / "llms.txt"),
        "--json",
    )
    assert code == 0
    report = json.loads(said)
    assert report["html"]["documents"] == len(BASE)
    assert report["html"]["files"] == len(BASE) + 8  # 5 pages, 2 assets, the mark
    assert report["markdown"]["kind"] == "markdown" and report["markdown"]["changed"] is True
    assert report["llms_txt"]["bytes"] == (tmp_path / "llms.txt").stat().st_size


def test_a_mark_naming_a_file_outside_the_folder_is_refused_before_any_write(
    project: Path, tmp_path: Path
) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (tmp_path / "precious.txt").write_text("keep me", encoding="utf-8")
    (out / SITE_MARK).write_text("header\n../precious.txt\n", encoding="utf-8")
    code, said = run("-C", str(project), "export", "--html", str(out))
    assert code == 3 and "not a path inside" in said
    assert (tmp_path / "precious.txt").read_text(encoding="utf-8") == "keep me"
    assert [p.name for p in out.iterdir()] == [SITE_MARK]


def test_admonitions_are_boxes_with_their_titles_not_paragraphs_of_markup() -> None:
    # as on redux-toolkit (Docusaurus ':::info') and pydantic (MkDocs '!!! note')
    body = (
        ":::info\n\nDo this **first**.\n\n:::\n\n"
        ":::tip[Keep <it> short]\nA tip.\n:::\n\n"
        '!!! warning "Careful"\n    Text under it.\n\n'
        ":::\nno kind, no box\n:::\n"
    )
    html = str(export_html.body_html(export_html.markdown(), body, "a.md", {}))
    assert ":::info" not in html and "!!!" not in html
    assert '<div class="admonition info">\n<p class="admonition-title">Info</p>' in html
    assert "<p>Do this <strong>first</strong>.</p>\n</div>" in html
    assert '<p class="admonition-title">Keep &lt;it&gt; short</p>' in html
    assert '<div class="admonition warning">' in html and "Careful" in html
    assert "<p>:::\nno kind, no box\n:::</p>" in html


def test_alerts_task_lists_footnotes_and_definitions_show_as_the_host_shows_them() -> None:
    # GitHub's alerts and task lists, footnotes, and Hugo's definition lists (hugoDocs)
    body = (
        "> [!WARNING]\n> Never **push** to main.\n\n"
        "- [x] written\n- [ ] reviewed\n\n"
        "See the note[^why].\n\n[^why]: Because of the release train.\n\n"
        "`baseURL`\n: The absolute URL of the site.\n\n"
        "baseURL\n: Said twice.\n\n"
        "[Read the term](#baseurl)\n"
    )
    html = str(export_html.body_html(export_html.markdown(), body, "a.md", {}))
    assert "[!WARNING]" not in html and "<blockquote>" not in html
    assert '<p class="markdown-alert-title">Warning</p>' in html
    assert "<p>Never <strong>push</strong> to main.</p>" in html
    assert html.count('type="checkbox"') == 2 and "[x]" not in html and "[ ]" not in html
    assert "[^why]" not in html and "Because of the release train." in html
    assert '<a href="#fn1" id="fnref1">' in html
    assert '<dt id="baseurl"><code>baseURL</code></dt>' in html
    assert '<dt id="baseurl-1">baseURL</dt>' in html  # a second term of the same name
    assert "<dd>The absolute URL of the site.</dd>" in html
    assert '<a href="#baseurl">Read the term</a>' in html


@pytest.mark.parametrize(
    ("manifest", "text", "name"),
    [
        ("pyproject.toml", '[project]\nname = "uv"\nversion = "1"\n', "uv"),
        ("package.json", '{"name": "@acme/shop-web", "version": "1.0.0"}', "shop-web"),
        ("Cargo.toml", '[package]\nname = "ripgrep"\nversion = "14.0.0"\n', "ripgrep"),
        ("go.mod", "module github.com/acme/billing\n\ngo 1.22\n", "billing"),
        ("go.mod", "module example.com/foo/v2\n", "foo"),  # a major version is no name
        ("package.json", '{"name": {"a": 1}}', "project"),  # no name written there
        ("package.json", '{"name": true}', "project"),
        ("Cargo.toml", 'package = "x"\nbin = 5\n', "project"),  # a shape read as none
        # a workspace names no package: the folder's name
        ("Cargo.toml", '[workspace]\nmembers = ["crates/*"]\n', "project"),
        ("pyproject.toml", "not = [valid", "project"),
    ],
)
def test_the_export_names_the_project_as_its_manifest_does(
    project: Path, tmp_path: Path, manifest: str, text: str, name: str
) -> None:
    """A clone made into a folder of another name (found on astral-sh/uv, cloned into
    ``repo/``: the export said "repo")."""
    (project / manifest).write_text(text, encoding="utf-8")
    out = tmp_path / "llms.txt"
    code, said = run("-C", str(project), "export", "--llms-txt", str(out))
    assert code == 0, said
    assert out.read_text(encoding="utf-8").splitlines()[0] == f"# {name}"


def test_no_two_documents_share_an_anchor_in_the_snapshot() -> None:
    from mdbrain.adapters.export_text import anchors

    named = anchors(["a-b.md", "a/b.md", "заметки.md", "решения.md", "rules/limit.md"])
    assert len(set(named.values())) == 5
    assert named["rules/limit.md"] == "doc-rules-limit-md"  # a plain id reads as itself

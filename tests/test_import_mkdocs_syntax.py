"""More of what MkDocs extensions write that an imported page should not show raw
(pydantic's docs): mkdocs-autorefs anchors, attribute lists on code fences, pymdownx
blocks (``/// note``), and template macros (``{{ ... }}``), which import cannot fill
in and says so."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from mdbrain.core import conversion
from mdbrain.service import importing
from mdbrain.service.brain import Brain
from mdbrain.service.importing import ImportReport
from tests.conftest import MakeBase

TODAY = dt.date(2026, 7, 1)


def run_import(root: Path, source: Path) -> ImportReport:
    with Brain.open(root, clock=lambda: TODAY) as brain:
        return importing.import_folder(brain.session, source)


def body(text: str) -> str:
    found = conversion.parse("page.md", text).body
    assert found.count("\n") == text.count("\n")  # line for line: links keep their lines
    return found


# --- autorefs anchors -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("[](){#number-types}", '<a id="number-types"></a>'),
        ("[](){ #int }", '<a id="int"></a>'),
        ("See [](){#int} the ints.", 'See <a id="int"></a> the ints.'),
        ("[](){#a} Starts the line.", '<a id="a"></a> Starts the line.'),
        ("Ends here[](){#b}.", 'Ends here<a id="b"></a>.'),
        ("Kept in code: `[](){#c}`", "Kept in code: `[](){#c}`"),
        ("An empty link: [](x.md)", "An empty link: [](x.md)"),
    ],
)
def test_an_autorefs_anchor_is_written_as_the_html_anchor_it_renders_as(
    line: str, shown: str
) -> None:
    assert body(f"# A\n\n{line}\n") == f"# A\n\n{shown}\n"


def test_a_link_to_an_autorefs_anchor_still_lands_after_import(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """pydantic's "see [note](#pattern-constraint-note)" led nowhere once imported: the
    anchor ``[](){#pattern-constraint-note}`` above the note was left out."""
    root = make_base({})
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "types.md").write_text(
        "# Types\n\nA pattern (see [note](#pattern-constraint-note) below).\n\n"
        "[](){#pattern-constraint-note}\n\nThe note.\n",
        encoding="utf-8",
    )
    run_import(root, docs)
    with Brain.open(root) as brain:
        found = brain.check().findings
    assert not [f for f in found if f.code == "W019"], found


def test_an_anchor_in_fenced_code_is_code() -> None:
    text = "```md\n[](){#kept}\n```\n"
    assert body(text) == text


# --- attribute lists on fences ----------------------------------------------------------


def test_a_fences_attribute_list_is_left_out_and_its_language_kept() -> None:
    text = (
        '```py {test="skip" lint="skip"}\nx = {"a": 1}  # {kept}\n```\n\n'
        '    ```python {title="Performance Example" test="skip"}\n    y = 2\n    ```\n\n'
        "```{.python}\nz = 3\n```\n\n"
        "```\n```py {inside=code}\n```\n"
    )
    assert body(text) == (
        '```py\nx = {"a": 1}  # {kept}\n```\n\n'
        '    ```python title="Performance Example"\n    y = 2\n    ```\n\n'  # a title shows
        "```python\nz = 3\n```\n\n"  # no language before it: the first class
        "```\n```py {inside=code}\n```\n"  # the contents of a fence: as written
    )


def test_the_file_a_block_is_stays_on_its_fence() -> None:
    # gohugoio/hugoDocs: 316 fences named the file to create, which is the answer
    text = '```yaml {file=".github/workflows/hugo.yaml" copy=true}\non: push\n```\n'
    assert body(text) == '```yaml file=".github/workflows/hugo.yaml"\non: push\n```\n'


@pytest.mark.parametrize(
    "line",
    [
        "```js {3}",  # Docusaurus: the lines to highlight
        "```jsx showLineNumbers {1,4-6}",
        "```js{4}",  # VitePress
        "```{r}",  # an R Markdown chunk: its language between braces
        "```{python echo=false}",
    ],
)
def test_braces_that_hold_no_attribute_list_stay_on_the_fence(line: str) -> None:
    text = f"{line}\nx = 1\n```\n"
    assert body(text) == text


# --- pymdownx blocks --------------------------------------------------------------------


def test_a_block_becomes_an_admonition_as_mkdocs_writes_one() -> None:
    text = (
        "/// version-changed | v2\n"
        "[In Pydantic V1](../migration.md), a type was optional.\n"
        "///\n\n"
        "/// version-added | v2.9\n///\n\n"
        "/// note\nA note.\n\n    Its code.\n///\n"
    )
    assert body(text).split("\n") == [
        '!!! version-changed "v2"',
        "    [In Pydantic V1](../migration.md), a type was optional.",
        "",
        "",
        '!!! version-added "v2.9"',
        "",
        "",
        "!!! note",
        "    A note.",
        "",
        "        Its code.",
        "",
        "",
    ]


def test_details_nesting_options_tabs_and_code_in_blocks() -> None:
    text = (
        '//// details | A "quoted" title\n    type: warning\n    open: true\n\n'
        "/// tip\nInner.\n```py\n/// not a block\n```\n///\n////\n\n"
        "/// tab | pip\npip install pydantic\n///\n\n"
        "/// html | div.result\n<p>Shown.</p>\n///\n\n"
        "/// note\nNever closed: text.\n"
    )
    assert body(text).split("\n") == [
        "???+ warning \"A 'quoted' title\"",
        "",
        "",
        "",
        "    !!! tip",
        "        Inner.",
        "        ```py",
        "        /// not a block",
        "        ```",
        "",
        "",
        "",
        "**pip**",
        "pip install pydantic",
        "",
        "",
        "",
        "<p>Shown.</p>",
        "",
        "",
        "/// note",
        "Never closed: text.",
        "",
    ]


def test_a_block_in_an_admonition_is_indented_with_its_text() -> None:
    # pydantic's concepts/validation_decorator.md; a closer at another indentation is text
    text = "!!! note\n    Text.\n\n    /// version-added | v2.10\n    ///\n\n/// tip\n  ///\n"
    assert body(text) == (
        '!!! note\n    Text.\n\n    !!! version-added "v2.10"\n\n\n/// tip\n  ///\n'
    )


def test_a_block_in_fenced_code_is_code() -> None:
    text = "```md\n/// note\nText.\n///\n```\n"
    assert body(text) == text


# --- template macros --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ('=== "All"\n{{ conversion_table_all }}\n', ["{{ conversion_table_all }}"]),
        ("{{a}} and {{  b  }} and {{a}}\n", ["{{a}}", "{{ b }}"]),
        ("In code: `{{ x }}`\n\n```jinja\n{{ y }}\n```\n<!-- {{ z }} -->\n", []),
        ("A set: {a, b}.\n", []),
        # facebook/docusaurus: a JSX attribute's object is no macro
        ("<span style={{color: 'red'}}>red</span> {{ site.name }}\n", ["{{ site.name }}"]),
    ],
)
def test_template_macros_are_found_outside_code(text: str, found: list[str]) -> None:
    assert conversion.macros(text) == found


def test_an_import_says_which_pages_hold_macros_it_does_not_expand(
    make_base: MakeBase, tmp_path: Path
) -> None:
    """pydantic's concepts/conversion_table.md: prose around five macros its site fills
    in; imported silently, its document held none of the table."""
    root = make_base({})
    docs = tmp_path / "docs" / "concepts"
    docs.mkdir(parents=True)
    (docs / "conversion_table.md").write_text(
        "How Pydantic converts data.\n\n"
        + "".join(f'=== "{n}"\n{{{{ conversion_table_{n} }}}}\n\n' for n in "abcde"),
        encoding="utf-8",
    )
    (docs / "plain.md").write_text(
        "# Plain\n\nNo macro: `{{ code }}`.\n\n/// note\nA note.\n///\n", encoding="utf-8"
    )
    report = run_import(root, tmp_path / "docs")
    said = [note for note in report.notes if "macros" in note]
    assert said == [
        "concepts/conversion_table.md: holds template macros ({{ conversion_table_a }}, "
        "{{ conversion_table_b }}, {{ conversion_table_c }} and 2 more) that a site would fill"
        " in when it is built (or text that reads like one); import does not expand them:"
        " kept as written"
    ]
    # mdn/content: one note per page, 311 of them; now one for all
    for n in range(5):
        (docs / f"m{n}.md").write_text(f'# M{n}\n\nSee {{{{HTTPHeader("X{n}")}}}}.\n')
    again = run_import(root, tmp_path / "docs")  # the pages not imported yet
    [note] = [note for note in again.notes if "macros" in note]
    assert note.startswith("5 pages hold template macros that a site would fill in")
    assert note.endswith(
        ': concepts/m0.md ({{HTTPHeader("X0")}}), concepts/m1.md ({{HTTPHeader("X1")}}),'
        ' concepts/m2.md ({{HTTPHeader("X2")}}) and 2 more'
    )
    plain = (root / report.imported["concepts/plain.md"]).read_text(encoding="utf-8")
    assert "!!! note\n    A note.\n" in plain and "///" not in plain


def test_liquid_tags_are_macros_too() -> None:
    """betagouv/beta.gouv.fr (Jekyll): ``{% include transcription.html %}`` and
    ``{%- capture alt -%}`` came through with no note; a tag in code is what the page
    shows, and is no macro."""
    body = (
        '# Stats\n\n{% include transcription.html id="a" %}\n\n{%- capture alt -%}\nA chart'
        "\n{%- endcapture -%}\n\nIn code: `{% raw %}`.\n\n```\n{% include x.html %}\n```\n"
    )
    assert conversion.macros(body) == [
        '{% include transcription.html id="a" %}',
        "{%- capture alt -%}",
        "{%- endcapture -%}",
    ]


def test_an_entity_standing_for_markup_stays_an_entity() -> None:
    # found on the Rust book: "&vert;" in a table cell became "|" and split the row,
    # "&quot;" in an alt attribute became '"' and ended it
    lines = [
        "| <code>&vert;</code> | <code>pat &vert; pat</code> | Pattern alternatives |",
        '<img alt="the string &quot;hello&quot;" src="a.svg">',
        "&ast;not emphasis&ast; and &#124; and &#x5B;x&#x5D; and &#32;",
        "A&nbsp;B and a&zwj;b: spaces and marks no one sees stay named",
    ]
    assert conversion.mkdocs_markup("\n".join(lines)).split("\n") == lines


def test_an_html_entity_outside_code_is_written_as_its_character() -> None:
    # found on pydantic: "&mdash;" came through to query answers as written
    body = "Fast &mdash; caf&eacute; &#8212; &lt;div&gt; &amp; `&mdash;` &bogus;\n```\n&mdash;\n```"
    assert conversion.mkdocs_markup(body).split("\n") == [
        "Fast — café — &lt;div&gt; &amp; `&mdash;` &bogus;",
        "```",
        "&mdash;",
        "```",
    ]

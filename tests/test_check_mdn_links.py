"""Links of the MDN web docs that the check took for broken (a trial on mdn/content).

W006: an image tag in a fenced code block indented under a list item was read as an image.
W019: MDN's definition list terms (``- `src``` then ``  - : The URL``) give ids; and a
heading's anchor as MDN writes it keeps punctuation (``#numbers_vs._strings``).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mdbrain.core import fragments, markdown
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase, doc
from tests.test_markdown import _reference_targets

# --- W006: code in list items -------------------------------------------------------------

MDN_ITEMS = """\
- `src`
  - : The image URL, for example:

    ```html
    <img src="in-a-term.png" alt="x" />
    ```

1. Write the tag:

    ```html
    <img src="in-a-step.png" alt="y" />
    ```

2. Then the attribute:

   ```html
   [not a link](nowhere.md) <img src="three-in.png" />
   ```

- `options`
  - : An object:
    - `signal`
      - : A signal, such as:

        ```js
        const img = '<img src="deep.png">';
        ```

Top-level block:

```html
<img src="other-file.png" alt="z" />
```

![shown](shown.png) and [a page](page.md)
"""


def test_a_fence_indented_under_a_list_item_is_code() -> None:
    """mdn/content: ``<img src="image-file.png">`` in a fence four spaces in under
    ``  - : The image URL`` was an image whose file is missing (W006); the fence is the
    list item's, three spaces at most in from its text, as CommonMark reads it."""
    scanned = markdown.scan(MDN_ITEMS)
    assert [image.target for image in scanned.images] == ["shown.png"]
    assert [target for target, _line in scanned.links] == ["page.md"]


def test_code_ends_with_its_list_item_and_indented_code_in_an_item_is_code() -> None:
    body = (
        "- item\n\n    ```\n    [in code](a.md)\n- next [after](b.md)\n\n"
        "- item\n\n      [indented code](c.md)\n\n  [text of the item](d.md)\n"
    )
    assert [target for target, _line in markdown.scan(body).links] == ["b.md", "d.md"]


def test_no_w006_for_an_image_in_a_list_items_code(make_base: MakeBase) -> None:
    root = make_base({"tags.md": doc("Tags", body=MDN_ITEMS.replace("shown.png", "gone.png"))})
    found = [f for f in Brain.open(root).check().findings if f.code == "W006"]
    assert [f.message for f in found] == [
        "link to kb/gone.png of the project, which is not there; not followed"
    ]


_MARKERS = ("- ", "* ", "1. ", "- : ", "-   ")


@st.composite
def _nested(draw: st.DrawFn, column: int = 0, depth: int = 0) -> list[str]:
    """Lines of list items nested as MDN writes them, with fenced code and paragraphs in
    them, each fence indented from its item's text by up to three spaces."""
    lines: list[str] = []
    pad = " " * column
    for number in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(("item", "fence", "text") if depth < 4 else ("fence", "text")))
        if kind == "item":
            marker = draw(st.sampled_from(_MARKERS))
            lines.append(f"{pad}{marker}term [t{depth}](t{depth}.md)")
            if draw(st.booleans()):
                lines.append("")
            inner = column + (2 if marker == "- : " else len(marker))
            lines += draw(_nested(inner, depth + 1))
        elif kind == "fence":
            extra = " " * draw(st.integers(0, 3))
            lines += [f"{pad}{extra}```html", f"{pad}{extra}[code](code.md)"]
            lines += [""] if draw(st.booleans()) else []
            lines += [f"{pad}{extra}  [more](more.md)", f"{pad}{extra}```"]
        else:
            lines.append(f"{pad}text [p{number}](p{number}.md)")
        lines.append("")
    return lines


@settings(max_examples=300, deadline=None)
@given(_nested())
def test_links_in_nested_list_items_agree_with_markdown_it(lines: list[str]) -> None:
    body = "\n".join(lines) + "\n"
    assert [target for target, _line in markdown.scan(body).links] == _reference_targets(body)


# --- W019: MDN's definition lists ------------------------------------------------------------

TERMS = """\
## Attributes

- `src`
  - : The image URL.
- `crossorigin`

  - : Whether CORS is used.

    - `anonymous`
      - : Without credentials.
- `loading` {{experimental_inline}}
  - : When to load it.
- Plain term
  - : Defined.

## A list

- an item
  - a nested item
"""


def test_the_terms_of_an_mdn_definition_list_are_offered() -> None:
    offered = set(fragments.of(TERMS, markdown.scan(TERMS).headings))
    assert {"src", "crossorigin", "anonymous", "loading", "plain_term", "plain-term"} <= offered
    assert "an-item" not in offered
    assert "an_item" not in offered


def test_links_to_mdn_terms_are_not_reported(make_base: MakeBase) -> None:
    body = TERMS + "\nSee [src](#src), [CORS](#crossorigin) and [lazy](#loading).\n"
    root = make_base(
        {
            "img.md": doc("Img", body=body),
            "a.md": doc("A", body="[anon](img.md#anonymous) and [gone](img.md#srcset)."),
        }
    )
    found = [f for f in Brain.open(root).check().findings if f.code == "W019"]
    assert [(f.path, f.message) for f in found] == [
        ("a.md", "link to #srcset: img.md has no heading or id with that anchor")
    ]


# --- W019: headings whose MDN id keeps punctuation --------------------------------------------

HEADINGS = """\
### Numbers vs. strings

## Marketplaces — distribution platforms

## Scroll snap

## Step 1. Install

## Step 1 Install
"""


def test_an_anchor_finds_a_heading_by_its_letters_and_digits_when_no_other_has_them() -> None:
    offered = fragments.of(HEADINGS, markdown.scan(HEADINGS).headings)
    for anchor in (
        "numbers_vs._strings",
        "marketplaces_—_distribution_platforms",
        "numbers-vs-strings",
        "numbers_vs_strings",
        "marketplaces-distribution-platforms",
        "scroll_snap",
    ):
        assert fragments.offers(offered, anchor), anchor
    assert not fragments.offers(offered, "scroll_snap_container")
    # two headings of the same letters and digits: only their own anchors find them
    assert fragments.offers(offered, "step_1._install")
    assert fragments.offers(offered, "step-1-install")
    assert not fragments.offers(offered, "step.1.install")
    assert not fragments.offers(offered, "")


def test_mdn_anchors_of_headings_are_not_reported_and_missing_ones_are(
    make_base: MakeBase,
) -> None:
    body = (
        HEADINGS + "\n[a](#numbers_vs._strings), [b](#marketplaces_—_distribution_platforms),"
        " [c](#scroll_snap_container) and [d](#step.1.install).\n"
    )
    root = make_base({"page.md": doc("Page", body=body)})
    found = [f for f in Brain.open(root).check().findings if f.code == "W019"]
    assert [f.message for f in found] == [
        "link to #scroll_snap_container: this page has no heading or id with that anchor",
        "link to #step.1.install: this page has no heading or id with that anchor",
    ]


def test_a_repeated_heading_is_numbered_from_two_as_mdn_does() -> None:
    """MDN's CSS pages hold two "Specificity" sections; the second is #specificity_2,
    which 68 links asked for and the check reported (GitHub's #specificity-1 stays)."""
    body = "## Specificity\n\nOne.\n\n## Specificity\n\nTwo.\n"
    offered = fragments.of(body, markdown.scan(body).headings)
    assert {"specificity", "specificity-1", "specificity_2"} <= set(offered)
    assert not fragments.offers(offered, "specificity_3")

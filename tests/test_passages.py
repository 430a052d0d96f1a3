"""Passages: a body cut at its headings agrees with the outline a reader is shown."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mdbrain.core import markdown, passages


def _cut(body: str) -> list[tuple[int, int, str]]:
    """(file line, level, title) of each headed section, as the search index cuts them."""
    return [(s.line, s.level, s.path[-1]) for s, _a, _b in passages.split(body) if s.level]


def _outlined(body: str) -> list[tuple[int, int, str]]:
    lines = body.count("\n") + 1
    return [
        (s.line, s.level, s.title) for s in markdown.outline(markdown.scan(body).headings, lines)
    ]


def test_setext_headings_cut_the_body_where_the_outline_does() -> None:
    body = (
        "Intro line.\n\nUsage\n=====\n\nRun it.\n\nOptions\n-------\n\n--force\n\n"
        "Some text\n\n---\n\n```\nnot a heading\n---\n```\n\n- a list item\n---\n\n## Last\n"
    )
    assert _cut(body) == _outlined(body)
    assert [title for _line, _level, title in _cut(body)] == ["Usage", "Options", "Last"]
    spans = passages.split(body)
    usage = next(s for s, _a, _b in spans if s.path == ("Usage",))
    assert body.splitlines()[usage.line - 1 : usage.end] == ["Usage", "=====", "", "Run it.", ""]


_word = st.text(alphabet="abcdef", min_size=1, max_size=5)
_piece = st.one_of(
    _word,
    st.builds(lambda n, w: "#" * n + f" {w}", st.integers(1, 6), _word),
    st.builds(lambda w: f"{w}\n===", _word),
    st.builds(lambda w: f"{w}\n---", _word),
    st.builds(lambda w: f"{w} {w}\n{w}\n-", _word),
    st.just("---"),
    st.builds(lambda w: f"```\n# {w}\n{w}\n---\n```", _word),
    st.builds(lambda w: f"- {w}\n- {w}", _word),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_piece, min_size=1, max_size=10), st.sampled_from(["\n\n", "\n"]))
def test_the_cut_agrees_with_the_outline(pieces: list[str], joint: str) -> None:
    body = joint.join(pieces) + "\n"
    assert _cut(body) == _outlined(body)


def test_a_window_that_stops_on_a_tables_head_takes_its_rows_while_they_fit() -> None:
    lines = [
        "The table maps each status to a tag.",
        "",
        "| Status | Tag |",
        "| --- | --- |",
        "| Code | `otel.status_code` |",
        "| Description | `error` |",
        "",
        "After the table.",
    ]
    costs = [5] * len(lines)
    assert passages.past_table_head(lines, costs, 0, 3, 100) == 6  # header: all rows
    assert passages.past_table_head(lines, costs, 0, 4, 100) == 6  # delimiter: all rows
    assert passages.past_table_head(lines, costs, 0, 3, 25) == 5  # as many rows as fit
    # no row fits: the first is shown all the same (a head alone answers nothing), unless
    # that row alone costs more than the limit
    assert passages.past_table_head(lines, costs, 0, 3, 15) == 5
    dear = [*costs[:4], 20, *costs[5:]]
    assert passages.past_table_head(lines, dear, 0, 3, 15) == 3
    assert passages.past_table_head(lines, costs, 0, 5, 100) == 5  # ends on a row already
    assert passages.past_table_head(lines, costs, 0, 1, 100) == 1  # no table at its end


ENDPOINTS = [
    "- **Endpoint (HTTP)**: where the exporter sends over HTTP.",
    "  - Default: `http://localhost:4318`",
    "  - Type: string",
    "",
    "- **Endpoint (gRPC)**: where the exporter sends over gRPC, a long line of prose.",
    "  - Default: `http://localhost:4317`",
    "  - Type: string",
    "",
    "- **Timeout**: how long the exporter waits.",
    "  - Default: 10s",
]


def test_a_window_ending_on_a_list_item_takes_the_lines_under_it() -> None:
    costs = [5] * len(ENDPOINTS)
    # the gRPC item alone: its default and type under it come with it, not the next item
    assert passages.with_sub_items(ENDPOINTS, costs, 4, 5, 10) == 7
    # they may take the window half its limit over, no more
    assert passages.with_sub_items(ENDPOINTS, costs, 4, 5, 8) == 6
    assert passages.with_sub_items(ENDPOINTS, [50, *costs[1:]], 0, 1, 10) == 1
    # ending on a sub-item (its siblings are not under it) or on prose: as it was
    assert passages.with_sub_items(ENDPOINTS, costs, 4, 6, 100) == 6
    assert passages.with_sub_items(["Some prose.", "  indented"], [5, 5], 0, 1, 100) == 1


def test_a_list_items_continuation_lines_keep_their_item_open() -> None:
    lines = ["- First item,", "  wrapped here.", "  - and its detail", "- Second item"]
    assert passages.with_sub_items(lines, [5] * 4, 0, 2, 100) == 3


def test_a_window_does_not_open_on_the_tail_of_the_item_above_its_own() -> None:
    scores = [0.0] * len(ENDPOINTS)
    scores[4] = 3.0
    assert passages.past_other_items(ENDPOINTS, scores, 2, 7) == 4
    scores[2] = 1.0  # the line above holds something asked: kept
    assert passages.past_other_items(ENDPOINTS, scores, 2, 7) == 2
    prose = ["A sentence before.", "", "- The item asked about."]
    assert passages.past_other_items(prose, [0.0, 0.0, 2.0], 0, 3) == 0


def test_a_window_inside_a_table_shows_the_tables_header() -> None:
    lines = [
        "Intro.",
        "",
        "| Name | Default |",
        "|------|---------|",
        "| A | 1 |",
        "| B | 2 |",
    ]
    assert passages.table_head(lines, 5, 6) == (5, "| Name | Default |\n|------|---------|")
    assert passages.table_head(lines, 3, 6) == (2, "")  # on the rule: the header above it
    assert passages.table_head(lines, 2, 6) == (2, "")
    assert passages.table_head(lines, 0, 6) == (0, "")
    assert passages.table_head(["a | b", "c | d"], 1, 2) == (1, "")  # pipes, no table


DECIDED = [
    "## Decision Outcome",
    "",
    'Chosen option: "Prettier-ESLint with Airbnb code style", because',
    "",
    "- it is the style most projects use",
    "",
    "- it formats on save",
    "",
    "### Positive Consequences",
    "",
    "- fewer review comments",
]


def test_a_window_that_stops_on_an_announcement_takes_what_it_announces() -> None:
    """Found on thomvaill/log4brains: the decision was shown as far as "because", and the
    reasons, the answer, were cut."""
    costs = [5] * len(DECIDED)
    # the list after it, blank lines between items and all, up to the next heading
    assert passages.past_announcement(DECIDED, costs, 0, 3, 100) == 7
    assert passages.past_announcement(DECIDED, costs, 0, 4, 100) == 7  # a blank line after it
    assert passages.past_announcement(DECIDED, costs, 0, 3, 30) == 5  # as much as fits
    assert passages.past_announcement(DECIDED, costs, 0, 3, 15) == 3  # nothing fits: unchanged
    assert passages.past_announcement(DECIDED, costs, 0, 1, 100) == 1  # announces nothing
    run = ["Check it as follows", "```sh", "make test", "", "make lint", "```", "", "Push."]
    assert passages.past_announcement(run, [5] * len(run), 0, 1, 100) == 6  # a code block whole
    # a sentence ended, or a colon, which most often heads what follows: left as they are
    for said in (["We use Postgres.", "", "It is fast."], ["Example:", "", "x = 1"]):
        assert passages.past_announcement(said, [5] * 3, 0, 1, 100) == 1
    # a colon over a list, a code block or a table: what it introduces follows
    rules = ["Keep these rules in mind as we", "work through the examples that illustrate them:",
             "", "- Each value has an owner.", "- One owner at a time.", "", "### Scope"]  # fmt: skip
    assert passages.past_announcement(rules, [5] * len(rules), 0, 2, 100) == 5
    assert passages.past_announcement(rules[:2] + rules[3:], [5] * 6, 0, 2, 100) == 4
    run = ["Run it like this:", "```sh", "cargo test -- --test-threads=1", "```", "", "Done."]
    assert passages.past_announcement(run, [5] * len(run), 0, 1, 100) == 4
    for label in (["## Setup:", "", "- a"], ["See::", "", "- a"], ["Note: it is fast.", "", "- a"]):
        assert passages.past_announcement(label, [5] * 3, 0, 1, 100) == 1
    # expressjs' res.cookie: its table of options was cut under this line
    table = ["It can have the following properties.", "", "| Property | Type |", "|--|--|",
             "| `domain` | String |", "", "## Next"]  # fmt: skip
    assert passages.past_announcement(table, [5] * len(table), 0, 1, 100) == 5
    # a list item over its command, as tldr pages write them: the command, not the next item
    items = ["- Generate a changelog from commits no tag holds:", "", "`git cliff -u`", "",
             "- Write the default config file:", "", "`git cliff --init`"]  # fmt: skip
    assert passages.past_announcement(items, [5] * len(items), 0, 1, 100) == 3
    assert passages.past_announcement(items, [5] * len(items), 0, 1, 10) == 1  # no room
    # a window that took in the fence of the block announced, and nothing of it: the block
    strict = ["Here is how strict and lax modes differ:", "", "```python", "x = 1", "y = 2",
              "```", "", "Another paragraph."]  # fmt: skip
    assert passages.past_announcement(strict, [5] * len(strict), 0, 3, 100) == 6
    assert passages.past_announcement(strict, [5] * len(strict), 0, 3, 12) == 3  # no room
    closed = ["Run it:", "```sh", "make", "```", "", "```sh", "make lint", "```"]
    assert passages.past_announcement(closed, [5] * len(closed), 0, 4, 100) == 4  # it closed
    # a span inside a sentence, or a sentence ending with a colon over prose: left alone
    for said in (["Run this:", "", "`make` builds it all."], ["Example:", "", "x = `1`"]):
        assert passages.past_announcement(said, [5] * 3, 0, 1, 100) == 1


def test_a_window_opens_where_its_first_sentence_begins() -> None:
    lines = [
        "Extend the borrow system to support lifetimes",  # 0: the paragraph begins
        "based on the flow of control. The RFC also adds",  # 1: a sentence begins inside
        "a few extensions to the borrow",  # 2
        "checker, which removes many common cases.",  # 3: the window opens here
        "",  # 4
        "A second paragraph starts after a blank line,",  # 5
        "and goes on here.",  # 6
        "- an item of a list",  # 7
        "  that wraps.",  # 8
    ]
    costs = [10] * len(lines)
    assert passages.sentence_start(lines, costs, 3, 4, 100) == 1  # "The RFC also adds..."
    assert passages.sentence_start(lines, costs, 6, 7, 100) == 5  # after the blank line
    assert passages.sentence_start(lines, costs, 8, 9, 100) == 7  # the item it belongs to
    assert passages.sentence_start(lines, costs, 7, 9, 100) == 7  # an item starts a block
    assert passages.sentence_start(lines, costs, 3, 4, 25) == 3  # no room: unchanged
    assert passages.sentence_start(lines, costs, 0, 2, 100) == 0
    # never onto a line no paragraph runs on from, nor past a sentence's end and its closer
    for above in ("```", "-----", "<!-- lint-disable -->", "***", "| a | b |", "## Setup"):
        assert (
            passages.sentence_start([above, "Then it starts", "and runs."], [1] * 3, 2, 3, 9) == 1
        )
    for ended in ("Set it (see the docs.)", 'He said "stop."', "And so on…", "これは文です！"):
        assert passages.sentence_start([ended, "The next one", "wraps."], [1] * 3, 2, 3, 9) == 1
    far = ["words that run on"] * 8 + ["and end here."]
    assert passages.sentence_start(far, [1] * 9, 8, 9, 100) == 8  # too far back: unchanged
    assert passages.sentence_start(far[5:], [1] * 4, 3, 4, 100) == 0  # the body's start


def test_a_window_short_of_room_drops_its_last_lines_to_open_on_its_sentence() -> None:
    lines = [
        "We will go with Option 3 above. That is, we will create a custom",  # 0
        "postgres-operator and Postgres CRD which looks for Postgres resources",  # 1
        "and provisions RDS instances based on this. The operator will output",  # 2: opens
        "the credentials for accessing the RDS instance as a Secret in the",  # 3
        "requesting namespace.",  # 4
    ]
    costs = [10] * len(lines)
    scores = [0.0, 1.0, 3.0, 2.0, 0.0]
    # sentence_start alone keeps a window that has no room to reach back
    assert passages.sentence_start(lines, costs, 2, 5, 30) == 2
    # opening makes the room from its last lines, which score less than its best one
    assert passages.opening(lines, costs, scores, (2, 5), 30) == (0, 3)
    assert passages.opening(lines, costs, scores, (2, 5), 50) == (0, 5)  # room enough
    # the best line never goes: then the window stays as it was
    assert passages.opening(lines, costs, [0.0, 0.0, 0.0, 0.0, 5.0], (2, 5), 30) == (2, 5)
    # a window that opens on its sentence already is kept
    assert passages.opening(lines, costs, scores, (0, 2), 20) == (0, 2)
    # and so is one that opens on a blank line, under a paragraph it need not reach
    spaced = ["**A change in bold**", "", "Its paragraph, which the window", "goes on with."]
    assert passages.opening(spaced, [10] * 4, [0.0, 0.0, 2.0, 1.0], (1, 4), 30) == (1, 4)


def test_a_window_made_room_for_its_opening_does_not_end_on_a_table_head() -> None:
    lines = [
        "Intro text that runs on and on",  # 0: the sentence opens here
        "and on past the line break",  # 1
        "the settings table follows below:",  # 2: the window opens here
        "| name | value |",  # 3
        "|---|---|",  # 4
        "| a | 1 |",  # 5
        "| b | 2 |",  # 6
    ]
    costs = [10, 10, 10, 5, 5, 5, 5]
    scores = [0.0, 0.0, 3.0, 2.0, 0.0, 0.0, 0.0]
    end = passages.past_table_head(lines, costs, 2, 5, 35)
    assert end == 7  # the rows under the head were taken in
    # dropping them to reach back would leave the head alone: the window stays
    assert passages.opening(lines, costs, scores, (2, end), 35) == (2, 7)


def test_code_and_lists_of_links_alone_are_no_prose() -> None:
    lines = [
        "## Example",  # 1
        "",  # 2
        "```cpp",  # 3
        "# not a heading, a comment",  # 4
        "```",  # 5
        "- [See the queue class](queue.md)",  # 6
        "- [queue](queue.md), which compares its elements",  # 7: it says something
        "1. [Members](members.md)",  # 8
        "The comparison stops at the first pair of unequal elements.",  # 9
        "~~~",  # 10: an open fence runs to the end
        "text",  # 11
    ]
    assert passages.not_prose(lines) == {3, 4, 5, 6, 8, 10, 11}
    # CaenCamp's records: a label in brackets before the link
    labelled = ["-   [Ressources][best practices - pagination](https://example.org/p)"]
    assert passages.not_prose(labelled) == {1}
    code = passages.not_prose(lines)
    assert passages.prose_share(lines, 2, 5, code) == 0.0
    assert passages.prose_share(lines, 6, 9, code) == 0.5
    assert passages.prose_share(lines, 2, 2, code) == 1.0  # blank lines alone: nothing to judge


@pytest.mark.parametrize(
    ("heading", "shown"),
    [
        ("The {{ content }} variable", "The {{ content }} variable"),
        ("Use `{% raw %}` tags", "Use `{% raw %}` tags"),
        ("Sorting {% include badge.html %} {#sorting}", "Sorting"),
        ("`--flag` option {% include badge.html %}", "`--flag` option"),
        ("{% include only-a-tag.html %}", "{% include only-a-tag.html %}"),
    ],
)
def test_a_heading_keeps_what_it_is_about_and_loses_its_tags(heading: str, shown: str) -> None:
    assert passages.clean_heading(heading) == shown


def test_an_address_alone_gives_its_match_to_the_paragraph_it_cites() -> None:
    lines = [
        "## Context",
        "",
        "There's been traction in the community towards this library,",
        "and the testing library suggests it over mocking fetch.",
        "",
        "https://github.com/mswjs/msw",
        "",
        "- <https://a.example/one>",
        "- <https://a.example/two>",
    ]
    scores = [0.0, 0, 0, 0, 0, 2.0, 0, 1.0, 1.0]
    assert passages.cited(lines, scores) == [0.0, 0, 2.0, 2.0, 0, 1.0, 0, 1.0, 1.0]
    # a heading above the address, or nothing: nothing is given
    assert passages.cited(["# Links", "[msw](https://x.org)"], [0, 1.0]) == [0, 1.0]
    assert passages.cited(["https://x.org/msw"], [1.0]) == [1.0]


def test_a_tie_for_the_best_line_goes_to_the_one_holding_more_of_the_rest() -> None:
    scores, costs = [0.0, 1.0, 0.0, 1.0, 0.0], [5] * 5
    assert passages.window(scores, costs, 5) == (1, 2)  # the first, as before
    assert passages.window(scores, costs, 5, ties=[0, 0.2, 0, 1.5, 0]) == (3, 4)
    assert passages.window([0.0, 2.0, 1.0], costs[:3], 5, ties=[0, 0, 9.0]) == (1, 2)


def test_a_line_of_empty_anchors_is_hidden() -> None:
    # the Rust book: <a id="constants"></a> matched "constants" and was shown alone
    lines = ['# T', '', '<a id="constants"></a>', '', 'Text <a id="x"></a> here.', '```',
             '<a id="in-code"></a>', '```', "<a name='y'/> <a id=\"z\"></a>  "]  # fmt: skip
    assert sorted(markdown.hidden_lines(lines)) == [2, 8]


@pytest.mark.parametrize(
    ("title", "shown"),
    [
        ("**Automatic Code Splitting**", "Automatic Code Splitting"),  # reactjs/rfcs' 0188
        ("*Does this replace SSR?*", "Does this replace SSR?"),
        ("__Two words__", "Two words"),
        ("Automatic <a name='x'></a>**splitting**", "Automatic **splitting**"),
        # names and marks that do not hold the heading whole stay as written
        ("__init__", "__init__"),
        ("_private_", "_private_"),
        ("**a** and **b**", "**a** and **b**"),
        ("***x***", "***x***"),
        ("operator*", "operator*"),
    ],
)
def test_a_heading_in_bold_or_italics_whole_is_shown_without_its_marks(
    title: str, shown: str
) -> None:
    assert passages.shown_heading(title) == shown


def test_the_items_of_a_table_of_contents_are_told_from_other_links() -> None:
    lines = [
        "- [Introduction](#introduction)",
        "  - [Calculating the period](#calculating-the-period)",
        "1. [`compute_period`](#compute_period)",
        "- [The electra guide](../electra/guide.md)",  # another page: content
        "- [Introduction](#introduction) and more words",
        "See [the period](#calculating-the-period).",
    ]
    assert passages.contents_lines(lines) == {0, 1, 2}


def test_comments_inside_a_line_of_prose_are_not_shown() -> None:
    lines = [
        "Pin the version for each <!-- vale Simple=OFF -->component<!-- vale Simple=ON -->.",
        "Write `<!-- note -->` to leave a note.",
        "```html",
        "<p>x</p> <!-- kept in code -->",
        "```",
        "<!-- a comment alone -->",
        "An opener never closed <!-- stays",
    ]
    out = passages.without_inline_comments(lines)
    assert out[0] == "Pin the version for each component."
    assert out[1:] == lines[1:]


def test_a_window_ends_where_its_wrapped_sentence_ends() -> None:
    lines = [
        "Most users took the PowerUser role because ReadOnly did not grant them",
        "access to everything they needed. Crucially, it did not grant them access",
        "to Athena.",
        "",
        "Next paragraph.",
    ]
    costs = [10, 10, 3, 0, 2]
    # the sentence ends inside the next line: the window takes it
    assert passages.sentence_end(lines, costs, 0, 1, 40) == 2
    # no room for it: the window stays as it was
    assert passages.sentence_end(lines, costs, 0, 1, 15) == 1
    # a line ending its sentence, or a paragraph's end, needs nothing more
    assert passages.sentence_end(lines, costs, 0, 3, 40) == 3
    assert passages.sentence_end(lines, costs, 4, 5, 40) == 5
    # a sentence ending further than SENTENCE_FORWARD lines on is not reached for
    long = ["word " * 5] * (passages.SENTENCE_FORWARD + 2) + ["end."]
    assert passages.sentence_end(long, [1] * len(long), 0, 1, 100) == 1
    # a paragraph stopping unfinished (a list under it) takes nothing more
    listed = ["The options are the ones", "- first item"]
    assert passages.sentence_end(listed, [1, 1], 0, 1, 100) == 1


def test_a_window_is_whole_as_to_boxes_and_rules() -> None:
    """fastapi's docs: passages ended on a bare "!!! tip" or a "---" between parts, and
    one opened on a warning's indented text, which reads as indented code without the
    box's head above it."""
    lines = [
        "Allow the origins the front end runs on.",  # 0
        "",  # 1
        '!!! warning "Careful"',  # 2
        "",  # 3
        "    A wildcard origin cannot be used with credentials.",  # 4
        "    List the origins instead.",  # 5
        "",  # 6
        "!!! tip",  # 7
        "",  # 8
        "Setext title",  # 9
        "---",  # 10
        "",  # 11
        "---",  # 12
    ]
    assert passages.boxed(lines, 0, 9) == (0, 6)  # the tip's head and the blanks go
    assert passages.boxed(lines, 9, 13) == (9, 11)  # a rule after a blank line goes
    assert passages.boxed(lines, 9, 11) == (9, 11)  # a heading's underline stays
    assert passages.boxed(lines, 4, 6) == (2, 6)  # the warning's text under its head
    code = ["Run it:", "", "    make test", "    make lint"]
    assert passages.boxed(code, 2, 4) == (2, 4)  # indented code in no box stays as it is


def test_a_block_a_window_cuts_is_shown_to_its_end_when_the_rest_fits() -> None:
    """nestjs/docs.nestjs.com: the APP_GUARD example was cut after its imports, and the
    module registering the guard, the answer, was six lines below them."""
    lines = ["Register it so:", "```ts", "import { A } from 'a';", "", "@Module({", "  x,", "})",
             "```", "After."]  # fmt: skip
    costs = [5] * len(lines)
    assert passages.block_to_end(lines, costs, (0, 3), "```", 40) == (8, "")
    assert passages.block_to_end(lines, costs, (0, 3), "```", 30) == (3, "```")  # too long


def test_a_window_grows_to_the_side_worth_it_when_the_other_is_not() -> None:
    """nestjs/docs.nestjs.com: "which library should I use to hash passwords?" showed
    "let's use bcrypt to hash a random password" and the install commands below it; the
    line two above, "we recommend using either bcrypt or argon2", was never reached: the
    blank lines after the best one were worth nothing, and the window stopped there."""
    scores = [0.0, 0.0, 1.2, 0.0, 2.4, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    start, end = passages.window(scores, [5] * len(scores), 160)
    assert start <= 2 and end > 4  # the recommendation and the best line both


def test_a_myst_target_is_a_line_no_reader_sees() -> None:
    """executablebooks/MyST-Parser: "(syntax/colon_fence)=" above the heading it names
    matched the question's words, and a query printed a passage of that line alone."""
    lines = ["(syntax/colon_fence)=", "## Code fences using colons", "", "Text (a)= inline.",
             "```md", "(kept)=", "```", "  (syntax/admonitions)=  "]  # fmt: skip
    assert sorted(markdown.hidden_lines(lines)) == [0, 7]  # in code, or in a sentence: kept


def test_a_box_head_that_answers_stays_and_a_sentence_of_bangs_is_no_box() -> None:
    """A window ending on a box's head drops it, unless that head is what matched (its
    title answers: the section would show nothing else); and "!!!IMPORTANT!!! ..." is a
    sentence, not a box MkDocs would read."""
    lines = ["Intro line.", "", '!!! warning "Never run this in production"', "",
             "    " + "word " * 80]  # fmt: skip
    assert passages.boxed(lines, 0, 3) == (0, 1)
    assert passages.boxed(lines, 0, 3, [0.0, 0.0, 2.0, 0.0, 0.0]) == (0, 3)
    said = ["!!!IMPORTANT!!! do not run this in prod"]
    assert passages.boxed(said, 0, 1) == (0, 1)


def test_the_rest_of_a_short_block_is_taken_in_only_when_it_fits() -> None:
    """A review found a passage of 427 tokens for a limit of 160: the six lines of a block
    taken in after the window were never counted."""
    lines = ["Run:", "```sh", "a", "b", "c", "```"]
    assert passages.fenced(lines, 0, 3) == (0, 6, "", "")
    costs = [10, 2, 2, 200, 2, 2]
    assert passages.fenced(lines, 0, 3, costs, 40) == (0, 3, "", "```")

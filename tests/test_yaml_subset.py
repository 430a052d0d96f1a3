"""The fast frontmatter reader answers only when PyYAML would give the same answer."""

from __future__ import annotations

import datetime as dt
import re
import sys
from typing import Any

import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mdbrain.core import yaml_subset


def pyyaml(block: str) -> Any:
    try:
        return yaml.safe_load(block)
    except (yaml.YAMLError, ValueError):
        return "<error>"


def test_plain_frontmatter_is_read_with_key_lines() -> None:
    block = 'title: "Login"\ntags: [auth, login]\nrelated:\n  - a.md\n  - b.md\nupdated: 2026-07-01\nnote:\n'
    data, lines = yaml_subset.read(block, first_line=2) or ({}, {})
    assert data == {
        "title": "Login",
        "tags": ["auth", "login"],
        "related": ["a.md", "b.md"],
        "updated": dt.date(2026, 7, 1),
        "note": None,
    }
    assert lines == {"title": 2, "tags": 3, "related": 4, "updated": 7, "note": 8}


def test_one_level_of_nested_mapping_is_read() -> None:
    data, lines = yaml_subset.read(
        'version: "1"\nindex:\n  manifest: INDEX.md  # the manifest\n  shard_threshold: 500\n'
    ) or ({}, {})
    assert data == {"version": "1", "index": {"manifest": "INDEX.md", "shard_threshold": 500}}
    assert lines == {"version": 2, "index": 3}


def test_anything_beyond_the_subset_is_left_to_pyyaml() -> None:
    for block in (
        "a: b: c",
        "a: &x 1\nb: *x",
        "a: [&x b, *x]",
        "a:\n  - &x b\n  - *x",
        "a: &x\n  k: v\nb: *x",
        "a:\n  k: &x v\n  j: *x",
        "a: !!int 1",
        "a: " + "9" * 19,
        "a: |\n  text",
        "a:\n  nested:\n    deeper: 1",
        "a: 1\na: 2",
        "a: 012",
        "a: 1.5",
        "a: 2026-02-30",
        'a: "unknown \\q escape"',
        'a: "\\ud800"',
        "a: C:\\dir",
        "a: [x, [y]]",
        "a: {k: {j: v}}",
        "a: {1: v}",
        "a: {on: v}",
        "a: {k: v, k: w}",
        "yes: 1",
        "a: 'unbalanced",
    ):
        assert yaml_subset.read(block) is None, block


def test_quoted_keys_escapes_and_flow_mappings_are_read() -> None:
    """What imported frontmatter holds most: Microsoft Learn's "ms.date", summaries
    with escaped quotes, and one-level maps such as Eleventy's navigation."""
    block = (
        '"ms.date": 02/26/2019\n'
        "'it''s': yes\n"
        'summary: "Manage the \\"snap\\" tool \\u00e9\\x41\\\\"\n'
        'nav: {key: Guides producteur, order: -2, "a: b": main}  # a comment\n'
        'tags: ["a\\"b", c]\n'
    )
    data, lines = yaml_subset.read(block) or ({}, {})
    assert data == {
        "ms.date": "02/26/2019",
        "it's": True,
        "summary": 'Manage the "snap" tool \u00e9A\\',
        "nav": {"key": "Guides producteur", "order": -2, "a: b": "main"},
        "tags": ['a"b', "c"],
    }
    assert data == yaml.safe_load(block)
    assert lines == {"ms.date": 2, "it's": 3, "summary": 4, "nav": 5, "tags": 6}


def test_a_long_integer_is_left_to_pyyaml_which_bounds_it() -> None:
    assert yaml_subset.read("a: " + "9" * 18) == ({"a": 10**18 - 1}, {"a": 2})
    assert yaml_subset.read("a: " + "9" * 5000) is None  # once a ValueError from int()
    assert yaml_subset.read("a: [1, " + "9" * 5000 + "]") is None


def test_a_block_over_the_value_budget_is_left_to_pyyaml() -> None:
    items = yaml_subset.MAX_VALUES - 3  # the mapping, the key and the list come first
    assert yaml_subset.read("k: [" + ", ".join(["x"] * items) + "]") is not None
    assert yaml_subset.read("k: [" + ", ".join(["x"] * (items + 1)) + "]") is None
    many_keys = "".join(f"k{n}: v\n" for n in range(yaml_subset.MAX_VALUES // 2))
    assert yaml_subset.read(many_keys) is None


_scalars = st.one_of(
    st.sampled_from(
        [
            "yes",
            "No",
            "ON",
            "off",
            "true",
            "False",
            "null",
            "~",
            "NULL",
            "nUll",
            "tRue",
            "0",
            "7",
            "012",
            "0x1F",
            "1_000",
            "1.5",
            ".5",
            "-3",
            "-20260803",
            "-0",
            "-012",
            "-1_0",
            "+3",
            ".inf",
            "1e3",
            "2026-07-01",
            "2026-13-01",
            "2026-02-30",
            "2026-07-01T10:00:00",
            "12:30",
            "C#",
            "a #b",
            "a: b",
            "a:b",
            "http://x.y/z",
            "=",
            "<<",
            "-",
            "- x",
            "?",
            "what?",
            '"quoted"',
            '"a, b"',
            "'single'",
            "'it''s'",
            "''",
            '""',
            "@at",
            "`tick`",
            "%pct",
            "x,y",
            "p1",
            "feature",
            "needs-review",
            "Authentification 2FA",
            "日本語",
            "é",
            r'"say \"hi\""',
            r'"a\\b"',
            r'"tab\there\n"',
            r'"\x41\u00e9\U0001F600"',
            r'"\ud800"',
            r'"\q"',
            r'"\/"',
            r'"\e"',
            r"C:\dir",
            r"'C:\dir'",
            '"}"',
            "l'Entrepôt",
            'say "hi"',
            "a'",
        ]
    ),
    st.text(alphabet="abcXYZ019 -_.:#,'\"[]\x85\x00\x7f\u2028\ufeff", min_size=1, max_size=8),
)
_key = st.sampled_from(
    ["title", "tags", "a", "ms.date", "x_y", "on", "k-1", '"ms.date"', '"yes"', "'it''s'", '"a: b"']
)
_value = st.one_of(
    _scalars,
    st.lists(_scalars, max_size=4).map(lambda xs: "[" + ", ".join(xs) + "]"),
    st.lists(st.tuples(_key, _scalars), max_size=3).map(
        lambda pairs: "{" + ", ".join(f"{k}: {v}" for k, v in pairs) + "}"
    ),
    st.just(""),
)
_comment = st.sampled_from(["", "  # note", " #x", "\t# tab", " # a: b", "#glued"])
_line = st.one_of(
    st.builds(lambda k, v, c: (f"{k}: {v}" if v else f"{k}:") + c, _key, _value, _comment),
    st.builds(lambda i, v: " " * i + f"- {v}", st.sampled_from([0, 2, 4]), _scalars),
    st.just("# a comment"),
    st.just(""),
    st.just("  indented: x"),
    st.builds(
        lambda i, k, v, c: " " * i + (f"{k}: {v}" if v else f"{k}:") + c,
        st.sampled_from([1, 2, 4]),
        _key,
        _value,
        _comment,
    ),
)


@settings(max_examples=1500, deadline=None)
@given(st.lists(_line, min_size=1, max_size=8).map("\n".join))
@example("a:\n- x\n  - y")
@example("a: [x,]")
@example("a:\n  - 1\nb:")
def test_whenever_the_subset_answers_pyyaml_agrees(block: str) -> None:
    fast = yaml_subset.read(block)
    if fast is not None:
        expected = pyyaml(block)
        expected = {} if expected is None else expected
        assert fast[0] == expected, block
        assert all(type(fast[0][k]) is type(v) for k, v in expected.items()), block


def test_the_unprintable_class_is_what_yaml_may_not_hold_as_it_is() -> None:
    """The class lists the characters that fall outside what may stay (tab, the line ends,
    printable ASCII, and from U+00A0 on all but the line and paragraph separators, the
    surrogates, U+FFFE and U+FFFF), for every character."""
    may_stay = re.compile(
        "[\t\n\r\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
    )
    every = "".join(map(chr, range(sys.maxunicode + 1)))
    unprintable = set(yaml_subset._UNPRINTABLE.findall(every))
    assert unprintable == {c for c in every if not may_stay.match(c)}
    assert {"\x00", "\x85", "\u2028", "\ud800", "\uffff"} <= unprintable

"""YAML a hostile repository writes: refused quickly, with the file and the line, never
expanded, never a crash. The limits live in mdbrain.core.frontmatter and hold for
documents and for the .rag marker alike."""

from __future__ import annotations

import contextlib
import time

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st

from mdbrain.core import document, frontmatter, manifest, marker, yaml_subset
from mdbrain.core.errors import DocumentError, MarkerError

MARKER = 'version: "1"\nroot: kb\n'
# Each level holds nine aliases of the one below: level 9 stands for 9**9 (387 million)
# strings, level 12 for 282 billion.
LEVELS = 12


def laughs(levels: int = LEVELS) -> str:
    lines = ['l0: &l0 "lol"']
    for n in range(1, levels + 1):
        items = ", ".join([f"*l{n - 1}"] * 9)
        lines.append(f"l{n}: &l{n} [{items}]")
    return "\n".join(lines) + "\n"


def nested(depth: int) -> str:
    """``depth`` lists and mappings in one another, the top mapping included."""
    return "a: " + "[" * (depth - 1) + "x" + "]" * (depth - 1) + "\n"


def timed_refusal(call: object, error: type[Exception]) -> tuple[Exception, float]:
    assert callable(call)
    started = time.perf_counter()
    with pytest.raises(error) as caught:
        call()
    return caught.value, time.perf_counter() - started


@pytest.fixture(params=[True, False], ids=["libyaml", "pure-python"])
def native(request: pytest.FixtureRequest) -> bool:
    """Both PyYAML parsers: libyaml's, and the pure-Python one used without it."""
    if request.param and not yaml.__with_libyaml__:
        pytest.skip("PyYAML is installed without libyaml")
    return bool(request.param)


def test_an_alias_bomb_in_a_frontmatter_is_refused_fast() -> None:
    error, seconds = timed_refusal(
        lambda: frontmatter.load(laughs(), path="kb/bomb.md", first_line=2), DocumentError
    )
    assert seconds < 1.0
    assert error.path == "kb/bomb.md"
    assert "more than 10,000 values once aliases are expanded" in error.message
    # the level that passes the budget: l5 stands for 9**5 values, line 7 of the file
    assert error.line == 7


def test_an_alias_bomb_is_refused_by_both_parsers(native: bool) -> None:
    with pytest.raises(frontmatter.InvalidYamlError, match="10,000 values"):
        frontmatter.parse_yaml(laughs(), native=native)


def test_an_alias_bomb_in_the_marker_is_refused_fast() -> None:
    error, seconds = timed_refusal(
        lambda: marker.loads(MARKER + laughs(), path="/p/.rag"), MarkerError
    )
    assert seconds < 1.0
    assert error.path == "/p/.rag"
    assert error.line == 8
    assert "aliases are expanded" in error.message


def test_a_document_with_an_alias_bomb_becomes_an_unparsed_entry_not_a_stall() -> None:
    text = f"---\ntitle: bomb\n{laughs()}---\nSee [b](b.md).\n"
    started = time.perf_counter()
    entry = manifest.entry_from_text(text, "bomb.md")
    assert time.perf_counter() - started < 1.0
    assert not entry.parsed
    assert [f.code for f in entry.findings] == ["E002"]
    assert [link.target for link in entry.links] == ["b.md"]


@pytest.mark.parametrize(
    "block",
    ["a: &x [*x]\n", "a: &x {b: *x}\n", "a: &x [1, [2, *x]]\n", "a:\n  - &x\n    - *x\n"],
    ids=["list", "mapping", "nested", "block-list"],
)
def test_a_recursive_alias_is_refused(block: str, native: bool) -> None:
    with pytest.raises(frontmatter.InvalidYamlError, match="recursive") as caught:
        frontmatter.parse_yaml(block, native=native)
    assert caught.value.line is not None


def test_a_recursive_alias_in_a_document_names_the_file_and_line() -> None:
    with pytest.raises(DocumentError, match="recursive") as caught:
        document.loads("---\ntitle: x\nloop: &x [*x]\n---\n", "kb/loop.md")
    assert (caught.value.path, caught.value.line) == ("kb/loop.md", 3)


def test_more_aliases_than_the_limit_are_refused_even_when_they_expand_to_little() -> None:
    allowed = "a: &x 1\nb: [" + ", ".join(["*x"] * frontmatter.MAX_ALIASES) + "]\n"
    assert frontmatter.load(allowed)[0]["b"] == [1] * frontmatter.MAX_ALIASES
    too_many = "a: &x 1\nb: [" + ", ".join(["*x"] * (frontmatter.MAX_ALIASES + 1)) + "]\n"
    with pytest.raises(DocumentError, match="more than 50 aliases"):
        frontmatter.load(too_many)


def test_aliases_and_merge_keys_within_the_limits_still_read() -> None:
    data, lines = frontmatter.load("base: &b {a: 1}\nuse: {<<: *b, c: 2}\ntags: &t [x]\nalso: *t\n")
    assert data == {"base": {"a": 1}, "use": {"a": 1, "c": 2}, "tags": ["x"], "also": ["x"]}
    assert lines == {"base": 2, "use": 3, "tags": 4, "also": 5}


@pytest.mark.parametrize("depth", [51, 500, 100_000])
def test_nesting_deeper_than_the_limit_is_refused_fast(depth: int, native: bool) -> None:
    error, seconds = timed_refusal(
        lambda: frontmatter.parse_yaml(nested(depth), native=native), frontmatter.InvalidYamlError
    )
    assert seconds < 1.0
    assert "nest" in str(error)


def test_nesting_at_the_limit_is_read(native: bool) -> None:
    data = frontmatter.parse_yaml(nested(frontmatter.MAX_DEPTH), native=native)
    depth, value = 1, data["a"]
    while isinstance(value, list):
        depth, value = depth + 1, value[0]
    assert (depth, value) == (frontmatter.MAX_DEPTH, "x")


def test_deep_block_nesting_in_a_document_names_the_line() -> None:
    block = "title: x\ndeep:\n" + "".join("  " * n + "- \n" for n in range(1, 60))
    with pytest.raises(DocumentError, match="nested more than 50 levels") as caught:
        frontmatter.load(block, path="kb/deep.md", first_line=2)
    assert caught.value.line is not None and caught.value.line > 3


def test_nesting_reached_through_an_alias_counts_too() -> None:
    half = "[" * 30 + "x" + "]" * 30
    with pytest.raises(DocumentError, match="nested more than 50 levels"):
        frontmatter.load(f"a: &d {half}\nb: {'[' * 30}*d{']' * 30}\n")


@pytest.mark.parametrize(
    "block",
    [
        "n: " + "9" * 5000 + "\n",
        "n: " + "9" * 101 + "\n",
        "n: [" + "1" * 200 + "]\n",
        "n: -" + "1" * 200 + "\n",
        "n: !!int 0x" + "f" * 200 + "\n",
        "n: 1_" + "0" * 300 + "\n",
    ],
    ids=["5000-digits", "101-digits", "in-a-list", "negative", "hex", "underscores"],
)
def test_an_integer_of_more_than_100_digits_is_refused(block: str) -> None:
    with pytest.raises(DocumentError, match="an integer of more than 100 digits") as caught:
        frontmatter.load("title: x\n" + block, path="kb/n.md", first_line=2)
    assert caught.value.line == 3


def test_an_integer_of_100_digits_is_read() -> None:
    assert frontmatter.load("n: " + "9" * 100 + "\n")[0]["n"] == 10**100 - 1


def test_a_big_integer_in_the_marker_is_refused_with_its_field() -> None:
    with pytest.raises(MarkerError, match="more than 100 digits") as caught:
        marker.loads(MARKER + "stale_days: " + "9" * 5000 + "\n", path="/p/.rag")
    assert (caught.value.line, caught.value.field) == (3, "stale_days")


def test_a_frontmatter_over_the_size_limit_is_refused_before_parsing() -> None:
    block = "title: x\nsummary: " + "a" * frontmatter.MAX_BLOCK_CHARS + "\n"
    with pytest.raises(DocumentError, match="over the limit of 262,144") as caught:
        frontmatter.load(block, path="kb/big.md", first_line=2)
    assert (caught.value.path, caught.value.line) == ("kb/big.md", 2)


def test_a_big_real_world_frontmatter_stays_within_the_limits() -> None:
    # reference pages list thousands of keywords; the largest seen holds 3,863 values
    keywords = "".join(f'  - "_mm_intrinsic_{n}"\n' for n in range(4000))
    data, _ = frontmatter.load(f'title: "Intrinsics"\nhelpviewer_keywords:\n{keywords}')
    assert len(data["helpviewer_keywords"]) == 4000


@pytest.mark.parametrize("shape", ["subset", "pyyaml"])
def test_the_value_budget_is_the_same_whichever_reader_answers(shape: str) -> None:
    # the mapping, the key, the list: 3 values, then one per item
    items = yaml_subset.MAX_VALUES - 3
    quoted = shape == "pyyaml"  # \e (the escape character): left to PyYAML
    item = '"i\\e"' if quoted else "i"
    fits = "k: [" + ", ".join([item] * items) + "]\n"
    over = "k: [" + ", ".join([item] * (items + 1)) + "]\n"
    assert (yaml_subset.read(fits) is None) is quoted
    assert len(frontmatter.load(fits)[0]["k"]) == items
    with pytest.raises(DocumentError, match="more than 10,000 values"):
        frontmatter.load(over)


# --- arbitrary text never escapes as another error --------------------------------------

_PIECES = st.sampled_from(
    [
        "a: ",
        "b:",
        "root: ",
        "index:",
        "  manifest: ",
        "- ",
        "  - ",
        "? ",
        ": ",
        "&x ",
        "&y ",
        "*x",
        "*y",
        "<<: ",
        "!!int ",
        "!!str ",
        "!!binary ",
        "!!python/object ",
        "[",
        "]",
        "{",
        "}",
        ", ",
        "9" * 120,
        "9" * 5000,
        "0x" + "f" * 150,
        "1e999",
        ".inf",
        "2026-02-30",
        '"',
        "'",
        "\\",
        "|",
        ">",
        "#",
        "---",
        "...",
        "\n",
        "\n",
        "\t",
        "\x00",
        "\x85",
        "é",
        "x",
    ]
)
_YAMLISH = st.one_of(
    st.lists(_PIECES, max_size=40).map("".join),
    st.builds(lambda n: "a: " + "[" * n + "]" * n, st.integers(0, 3000)),
    st.builds(lambda n: "a:\n" + "- " * n + "x", st.integers(0, 3000)),
    st.builds(laughs, st.integers(0, 15)),
    st.text(),
)


@settings(max_examples=400, deadline=None)
@given(_YAMLISH)
@example("a: &x [*x]\nb: *x\n")
@example("a: &x {<<: *x}\n")
@example("? &k [*k]\n: v\n")
@example("a: !!int " + "1" * 5000)
@example("a: !!float " + "1" * 5000)
@example("a: " + "{" * 2000)
def test_frontmatter_load_raises_only_document_errors(text: str) -> None:
    with contextlib.suppress(DocumentError):
        data, lines = frontmatter.load(text, path="fuzz.md")
        assert isinstance(data, dict) and isinstance(lines, dict)


@settings(max_examples=400, deadline=None)
@given(_YAMLISH)
@example("root: &r kb\nversion: *r\n")
@example(MARKER + "index: &i {manifest: *i}\n")
@example(MARKER + "summary_max: " + "9" * 5000)
@example(MARKER + "stale_days: 99999999999999999999\n")
def test_marker_loads_raises_only_marker_errors(text: str) -> None:
    for candidate in (text, MARKER + text):
        with contextlib.suppress(MarkerError):
            config = marker.loads(candidate, path="/p/.rag")
            assert config.version == "1"

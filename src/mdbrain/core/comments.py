"""Comments in C-family source (JavaScript, TypeScript, Go, Rust): set aside, or read.

:func:`code_only` blanks every comment out of a text, keeping strings (or
blanking them too) and the position of every other character, so that what is
read from it (routes, commands, imports) comes from code, never from a comment
or an example in one; positions found in it are positions in the original text.
:func:`comment_before` reads the documentation comment right above a declaration.

Both are linear in the text: a comment or string that never closes is
looked for once, not once per place it could start.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

from mdbrain.core.facts import summary_line

# A string literal from its opening quote: to its closing quote, or the end of the
# line for quotes that cannot span lines (to the end of the text for those that can).
_STRINGS: Final = {
    "'": re.compile(r"'(?:[^'\\\n]|\\.)*+'?"),
    '"': re.compile(r'"(?:[^"\\\n]|\\.)*+"?'),
    "`": re.compile(r"`(?:[^`\\]|\\.)*+`?", re.DOTALL),
    '"+': re.compile(r'"(?:[^"\\]|\\.)*+"?', re.DOTALL),  # a Rust string spans lines
    # Rust's raw strings, byte and C strings too: r"...", r#"..."#, br##"..."##, cr"...";
    # no escapes, closed by a quote and as many "#" as opened them (Zed's tests write
    # code in them: r#"fn main() {"#). One never closed runs to the end of the text.
    "r#": re.compile(r'[bc]?r(#*)"(?:[^"]|"(?!\1))*+(?:"\1)?', re.DOTALL),
    # a Rust character, '"' or '{' or '\u{1F600}', whole or not at all: "'a" is a lifetime
    "'c": re.compile(r"'(?:[^'\\\n]|\\(?:x[0-9A-Fa-f]{2}|u\{[0-9A-Fa-f]{1,6}\}|[^\n]))'"),
}
# where each kind of literal opens, when that is not its key's first character
_OPENERS: Final = {"r#": r'(?<!\w)[bc]?r#*"'}
QUOTES: Final = {
    "javascript": ("'", '"', "`"),
    "typescript": ("'", '"', "`"),
    "go": ("'", '"', "`"),
    "rust": ("r#", '"+', "'c"),
}
_NOT_NEWLINE = re.compile(r"[^\n]")
# a comment line that speaks to a tool or a maintainer, not of the code: thanos-io/
# thanos's drafts were summed up as "eslint-disable camelcase" and "TODO(kakkoyun): Fix
# linter issues", and one read "nolint:unparam"
_DIRECTIVE = re.compile(
    r"^(?:eslint-(?:disable|enable)|prettier-ignore|@ts-(?:ignore|nocheck|expect-error)"
    r"|istanbul ignore|c8 ignore|go:(?:generate|build|embed)|\+build|(?:TODO|FIXME|XXX)\b)"
    r"|\bnolint\b|\bnoqa\b",
    re.IGNORECASE,
)


def without_directives(comment: str) -> str:
    """``comment`` without its lines that speak to a tool or a maintainer (a linter's
    switch, a build tag, a TODO)."""
    if not comment:
        return comment
    return "\n".join(line for line in comment.split("\n") if not _DIRECTIVE.search(line)).strip()


def code_only(text: str, language: str, *, strings: bool = True) -> str:
    """``text`` with its comments replaced by spaces (line breaks kept), strings left;
    without ``strings``, strings are replaced by spaces too (what is looked for in the
    code itself, ``fn main`` or a brace, is then never a string's text)."""
    quotes = QUOTES.get(language, ('"',))
    openers = [_OPENERS.get(q, re.escape(q[0])) for q in quotes]
    token = re.compile("|".join(["(//)", r"(/\*)", *(f"({o})" for o in openers)]))
    patterns = dict(enumerate((_STRINGS[q] for q in quotes), start=3))
    out: list[str] = []
    at = 0
    closes = True  # whether a "*/" may still come
    while (found := token.search(text, at)) is not None:
        start = found.start()
        kind = found.lastindex or 0
        out.append(text[at:start])
        if kind == 1:  # "//"
            end = text.find("\n", start)
            end = len(text) if end < 0 else end
            out.append(" " * (end - start))
        elif kind == 2:  # "/*"
            end = text.find("*/", start + 2) if closes else -1
            if end < 0:  # never closed: the two characters, and nothing more
                closes = False
                out.append("/*")
                at = start + 2
                continue
            end += 2
            out.append(_NOT_NEWLINE.sub(" ", text[start:end]))
        else:
            match = patterns[kind].match(text, start)
            end = match.end() if match else start + 1
            literal = text[start:end]
            out.append(literal if strings or not match else _NOT_NEWLINE.sub(" ", literal))
        at = end
    out.append(text[at:])
    return "".join(out)


def comment_before(text: str, start: int, prefix: str, floor: int = 0) -> str:
    """The comment right above ``start``: a ``/** */`` block, or ``prefix`` lines.

    Only ``text[floor:start]`` is looked at: readers pass the start of the symbol
    before, so that the comments of all the symbols of a file cost one reading of it.
    A blank line between the comment and ``start`` detaches it, as Go and JSDoc read
    it: a licence header above ``package cobra`` documents nothing.
    """
    before = text[floor:start].rstrip(" \t")
    if before.endswith("\n"):  # ``start`` opens its line: the comment must end on the one above
        above = before[:-1].rstrip("\r")
        if not above[above.rfind("\n") + 1 :].strip():
            return ""
    before = before.rstrip()
    if prefix == "//" and before.endswith("*/") and "/**" in before:
        block = before[before.rfind("/**") + 3 : -2]
        lines = [line.strip().lstrip("*").strip() for line in block.splitlines()]
        return without_directives("\n".join(lines).strip())
    found: list[str] = []
    for line in reversed(before.splitlines()):
        if not line.strip().startswith(prefix) or line.strip().startswith(prefix + "/"):
            break
        found.append(line.strip()[len(prefix) :].strip())
    return without_directives("\n".join(reversed(found)))


def documented(
    pattern: re.Pattern[str], text: str, prefix: str, *, within: str | None = None
) -> Iterator[tuple[re.Match[str], str]]:
    """Each match of ``pattern`` with the first line of the comment above it.

    The matches are looked for in ``within`` (the code of ``text``, when given),
    the comments in ``text``.
    """
    floor = 0
    for match in pattern.finditer(text if within is None else within):
        yield match, summary_line(comment_before(text, match.start(), prefix, floor))
        floor = match.start()

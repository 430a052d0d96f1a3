"""What would let a guard finding through, said for one line of a page.

The guard lets a line pass when it carries an allow comment in the syntax of the
place it sits in (``<!-- mdbrain: allow-secret -->`` in Markdown, ``# mdbrain:
allow-secret`` in a shell block...), and a value pass when ``guard.allow`` in
``.rag`` lists it, written out or by its digest. The advice never shows the value:
it names it by the digest the report shows ("add 'digest:c333c8da37' to
guard.allow"), so that nothing secret or personal is copied into ``.rag``. A front
matter line gets only the allow-list advice, since a converted front matter keeps no
comment.
Pure: text in, text out.
"""

from __future__ import annotations

import re
from typing import Final

from mdbrain.core import markdown

_FENCE = re.compile(r"^ {0,3}(" + markdown.FENCE_RUN + r")[ \t]*([^\s`{]*)")
_HASH: Final = frozenset(
    {
        "", "sh", "bash", "shell", "zsh", "console", "shell-session", "python", "py", "yaml",
        "yml", "toml", "ruby", "rb", "perl", "r", "ini", "conf", "dockerfile", "docker",
        "makefile", "make", "powershell", "ps1", "pwsh", "nginx", "properties", "env", "dotenv",
        "hcl", "terraform", "tf", "text", "txt", "plaintext",
    }
)  # fmt: skip
_SLASHES: Final = frozenset(
    {
        "js", "javascript", "ts", "typescript", "jsx", "tsx", "java", "c", "cpp", "c++", "h",
        "cs", "csharp", "go", "golang", "rust", "rs", "kotlin", "kt", "swift", "php", "scala",
        "groovy", "gradle", "dart", "json5", "jsonc", "proto", "protobuf", "graphql", "gql",
    }
)  # fmt: skip
_DASHES: Final = frozenset({"sql", "psql", "mysql", "postgresql", "lua", "haskell", "hs", "elm"})
_MARKUP: Final = frozenset({"html", "xml", "svg", "markdown", "md", "vue", "svelte"})


def _comment(language: str, kind: str) -> str | None:
    """The allow comment in the syntax of a code block's language, or None (JSON)."""
    word = f"mdbrain: allow-{kind}"
    language = language.lower()
    if language in _HASH:
        return f"# {word}"
    if language in _SLASHES:
        return f"// {word}"
    if language in _DASHES:
        return f"-- {word}"
    if language in _MARKUP:
        return f"<!-- {word} -->"
    return None


def code_language(text: str, line: int) -> str | None:
    """The language of the fenced code block ``line`` (1-based) sits in ("" when the
    fence names none), or None when it is not in one."""
    fence: tuple[str, str] | None = None
    for number, row in enumerate(text.split("\n")[:line], start=1):
        opened = _FENCE.match(row)
        if fence is not None:
            if number == line:
                return fence[1]
            if opened and opened.group(1).startswith(fence[0]) and not opened.group(2):
                fence = None
        elif opened is not None:
            fence = (opened.group(1), opened.group(2))
    return None


def allow_entry(digest: str) -> str:
    """What lets a value through wherever it is: its digest under guard.allow."""
    return f"add 'digest:{digest}' to guard.allow in .rag"


def advice(
    text: str, line: int, kind: str, body_line: int, digest: str, *, marker_first: bool = False
) -> str:
    """How to let through a finding of ``kind`` ("secret" or "personal") on ``line`` of
    ``text``, whose body starts on ``body_line``, of the value named by ``digest``; with
    ``marker_first``, the entry in the marker first (an import leaves its source as it
    is: golang/proposal's stops all began by asking to edit the page)."""
    value = allow_entry(digest)
    if line < body_line or line <= 0:
        return value
    language = code_language(text, line)
    comment = f"<!-- mdbrain: allow-{kind} -->" if language is None else _comment(language, kind)
    if comment is None:
        return value
    where = "" if language is None else " (in its code block)"
    if marker_first:
        return f"{value}, or put '{comment}' at the end of line {line} of the page{where}"
    return f"put '{comment}' at the end of line {line}{where}, or {value}"

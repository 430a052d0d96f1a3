"""The one guard every write passes: nothing secret or personal enters the base.

Whatever the operation (write, supersede, resolve, import, init --scan, update),
the text about to be written is the one judged, whole: every field and the
body, after the edit. mdbrain's own rules and detect-secrets both run on it,
with personal data too when the marker asks for it, and the marker's
allow-list lets exact values pass. An edit of a document that already held a
flagged value (written by hand, reported by ``check``) is judged on what it
adds: a hit the old text already had does not block a status change.

An allow comment (``<!-- mdbrain: allow-secret -->``) is a person's exemption: it
counts where it already stood in the document, or in a page an import brings in from
the project, never when the write itself adds it. Otherwise the writer refused would
only have to add the comment the refusal named (an agent did, through MCP).

A refusal names the rule, the field or body line and a digest of the value,
never the value itself.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mdbrain.core import anchors, document, frontmatter, guard
from mdbrain.core.errors import DocumentError, GuardError
from mdbrain.core.marker import Config
from mdbrain.store import secret_scan


def _hits(text: str, config: Config) -> Iterator[tuple[str, int, str, str]]:
    """(rule, line, digest, family) of everything the guard objects to in ``text``."""
    found = secret_scan.inspect(
        text, allow=frozenset(config.guard_allow), personal_data=config.guard_personal_data
    )
    for hit in found:
        yield hit.rule, hit.line, hit.digest, hit.family
    for ref in _impl_refs(text):
        if guard.credential_path(anchors.parse(ref).path):
            yield "credentials-file", 0, guard.digest(ref), guard.SECRET


def _impl_refs(text: str) -> list[str]:
    try:
        meta = document.loads(text, "").meta
    except DocumentError:
        return []
    refs = meta.get("impl_refs")
    return [r for r in refs if isinstance(r, str)] if isinstance(refs, list) else []


def _place(text: str, line: int) -> str:
    """What a line of a document is: a frontmatter field, or a body line."""
    if line <= 0:
        return "impl_refs"
    norm = frontmatter.normalise_newlines(text.removeprefix(document.BOM))
    try:
        parts = frontmatter.split(norm)
    except DocumentError:
        return f"line {line}"
    if parts.yaml is None or line >= parts.body_line:
        return f"the body at line {line}"
    keys = frontmatter.key_lines(parts.yaml)
    owner = max((k for k, n in keys.items() if n <= line), key=lambda k: keys[k], default="")
    return owner or f"line {line}"


def _refusal(
    rule: str, place: str, line: int, digest: str, family: str, *, marks: bool = False
) -> GuardError:
    kind = "personal-data" if family == guard.PERSONAL else "secret"
    comment = "allow-personal" if family == guard.PERSONAL else "allow-secret"
    where = f", or put a '<!-- mdbrain: {comment} -->' comment on its line" if marks else ""
    return GuardError(
        f"refused by the {kind} guard ({rule}) in {place} [value {digest}]; nothing was"
        f" written. Remove the value; if it is not one, a person adds 'digest:{digest}' to"
        f" the list guard.allow in .rag (the line {guard.allow_line(digest)} when it has"
        f" no guard: section){where}",
        rule=rule,
        place=place,
        line=line or None,
        digest=digest,
    )


def check(
    doc_id: str, text: str, config: Config, *, before: str | None = None, marks: bool = False
) -> None:
    """Refuse ``text`` (the whole document about to be written) if it adds anything the
    guard objects to; ``before`` is the document's current text, when it has one. With
    ``marks`` (a page a person wrote, brought in by import), its allow comments count;
    otherwise only those that stood in ``before`` on the same line do. A value ``before``
    already held passes, allowed there or not: moving a page rewrites the links of a
    line a person marked, and must not be refused for it."""
    held = _without_new_marks(before, "") if before else ""  # every mark made inert
    known = {(r, d) for r, _line, d, _family in _hits(held, config)} if held else set()
    judged = text if marks else _without_new_marks(text, before or "")
    for rule, line, digest, family in _hits(judged, config):
        if (rule, digest) in known:
            continue
        where = _place(text, line)
        raise _refusal(rule, f"{where} of {doc_id}", line, digest, family, marks=marks)


_MARK = re.compile(r"mdbrain:([ \t]{0,4}allow-(?:secret|personal))")


def _without_new_marks(text: str, before: str) -> str:
    """``text`` with the allow comments that ``before`` did not hold on the same line
    made inert (same length: lines and offsets stay where they are)."""
    if "mdbrain:" not in text:
        return text
    old = set(before.split("\n")) if "mdbrain:" in before else set()
    lines = text.split("\n")
    for number, line in enumerate(lines):
        if "mdbrain:" in line and line not in old:
            lines[number] = _MARK.sub(r"mdbrain!\1", line)
    return "\n".join(lines)


def check_field(name: str, value: str, config: Config) -> None:
    """Refuse a value that never reaches a document's text as it was given (a theme,
    which becomes a folder name in lower case) when it looks like a secret."""
    for rule, line, digest, family in _hits(value, config):
        raise _refusal(rule, name, line, digest, family)

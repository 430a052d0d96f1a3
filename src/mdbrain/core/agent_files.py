"""The files mdbrain writes for agent tools, and how each is merged with what is there.

Three ways to own a part of a file, so that nothing else in it is ever touched:

* a **section** of a Markdown file between ``<!-- mdbrain:start -->`` and
  ``<!-- mdbrain:end -->`` (the pointer in AGENTS.md, the import line in
  CLAUDE.md or GEMINI.md): the rest of the file is kept byte for byte, and a
  file without the markers gets the section appended;
* a **whole file** that mdbrain wrote (a skill, a command), recognised by the
  :data:`STAMP` in its first lines: a file of the same name without it is
  someone else's and is left alone;
* an **entry** in a tool's MCP configuration (:mod:`mdbrain.core.mcp_config`).

Each merge is a pure function from the current text (None when the file is
absent) to a :class:`Merge`: the state found, and the text to write, if any.
"""

from __future__ import annotations

import enum
import json
from dataclasses import dataclass

from mdbrain.core.agent_texts import Command, Skill

START = "<!-- mdbrain:start -->"
END = "<!-- mdbrain:end -->"
STAMP = "written by mdbrain agents install"
_STAMP_LINE = f"{STAMP}; edits are replaced on the next install"
_STAMP_LINES = 5  # the stamp is looked for in the first lines only


class State(enum.StrEnum):
    CURRENT = "current"  # installed, as install would write it now
    MISSING = "missing"  # not there yet
    STALE = "stale"  # mdbrain's part differs from what install would write now
    FOREIGN = "foreign"  # a file mdbrain did not write holds the place: left alone
    MANUAL = "manual"  # cannot be merged safely: the note says what to add by hand
    REFUSED = "refused"  # a link leading out of the folder, or not a regular file


@dataclass(frozen=True, slots=True)
class Merge:
    state: State
    text: str | None = None  # the whole file after install; None: leave the file as it is
    note: str = ""


def _newline(text: str) -> str:
    return "\r\n" if "\r\n" in text else "\n"


def section(existing: str | None, content: str) -> Merge:
    """A marked section holding ``content`` in a Markdown file, the rest kept as it is."""
    if existing is None:
        return Merge(State.MISSING, _block(content, "\n") + "\n")
    newline = _newline(existing)
    lines = existing.splitlines(keepends=True)
    marked = _marked(lines)
    if marked is None:
        head = existing if existing.endswith(("\n", "\r")) or not existing else existing + newline
        gap = newline if head.strip() else ""
        return Merge(State.MISSING, head + gap + _block(content, newline) + newline)
    if not marked:
        return Merge(
            State.MANUAL,
            note=f"its {START} and {END} lines do not pair up: keep one pair, then install again",
        )
    first, last = marked
    ending = lines[last][len(lines[last].rstrip("\r\n")) :]
    replaced = (
        "".join(lines[:first]) + _block(content, newline) + ending + "".join(lines[last + 1 :])
    )
    if replaced == existing:
        return Merge(State.CURRENT)
    return Merge(State.STALE, replaced)


def without_section(text: str) -> str:
    """``text`` without mdbrain's marked section, when its markers pair up (else as it is):
    what the file says besides the pointer ``agents install`` keeps in it."""
    lines = text.splitlines(keepends=True)
    marked = _marked(lines)
    if not marked:
        return text
    first, last = marked
    return "".join(lines[:first] + lines[last + 1 :])


def _marked(lines: list[str]) -> tuple[int, int] | tuple[()] | None:
    """The lines of the section's start and end markers; ``()`` when they do not pair
    up, None when there is neither."""
    starts = [i for i, line in enumerate(lines) if line.strip() == START]
    ends = [i for i, line in enumerate(lines) if line.strip() == END]
    if not starts and not ends:
        return None
    if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
        return ()
    return starts[0], ends[0]


def _block(content: str, newline: str) -> str:
    """The marked section, without the line break after its end marker."""
    return newline.join([START, *content.rstrip().split("\n"), END])


def import_line(existing: str | None, line: str, target: str) -> Merge:
    """A marked ``@file`` import of ``target``, unless the file already imports it."""
    if existing is not None and START not in existing:
        for written in existing.splitlines():
            if written.strip() in (f"@{target}", f"@./{target}"):
                return Merge(State.CURRENT)
    return section(existing, line)


def whole(existing: str | None, text: str) -> Merge:
    """A file mdbrain owns whole; one it did not write (no stamp) is left alone."""
    if existing is None:
        return Merge(State.MISSING, text)
    if existing == text:
        return Merge(State.CURRENT)
    if STAMP not in "\n".join(existing.splitlines()[:_STAMP_LINES]):
        return Merge(State.FOREIGN, note="a file mdbrain did not write is there: left alone")
    return Merge(State.STALE, text)


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON's quoting is a subset of it)."""
    return json.dumps(text, ensure_ascii=False)


def skill_file(skill: Skill) -> str:
    """SKILL.md in the Agent Skills format: name and description, then the procedure."""
    return (
        f"---\n# {_STAMP_LINE}\nname: {skill.name}\n"
        f"description: {_quoted(skill.description)}\n---\n\n{skill.body}"
    )


class CommandFormat(enum.StrEnum):
    CLAUDE = "claude"  # Markdown, frontmatter with description and argument-hint, $ARGUMENTS
    MARKDOWN = "markdown"  # Markdown, frontmatter with description, $ARGUMENTS (OpenCode, Kilo)
    PLAIN = "plain"  # Markdown without frontmatter or placeholder (Cursor)
    GEMINI = "gemini"  # TOML: description and prompt, {{args}}


SUFFIX = {
    CommandFormat.CLAUDE: ".md",
    CommandFormat.MARKDOWN: ".md",
    CommandFormat.PLAIN: ".md",
    CommandFormat.GEMINI: ".toml",
}
_ARGS = {
    CommandFormat.CLAUDE: "$ARGUMENTS",
    CommandFormat.MARKDOWN: "$ARGUMENTS",
    CommandFormat.PLAIN: "the text typed after the command",
    CommandFormat.GEMINI: "{{args}}",
}


def command_file(command: Command, form: CommandFormat) -> str:
    """One command in a tool's own format."""
    body = command.body.replace("{args}", _ARGS[form])
    if form is CommandFormat.GEMINI:
        if "'''" in body:  # pragma: no cover - the texts are ours
            raise ValueError("a command body may not hold ''' in TOML")
        return (
            f"# {_STAMP_LINE}\ndescription = {_quoted(command.description)}\n"
            f"prompt = '''\n{body}'''\n"
        )
    if form is CommandFormat.PLAIN:
        return f"<!-- {_STAMP_LINE} -->\n\n{body}"
    hint = f"argument-hint: {_quoted(command.hint)}\n" if form is CommandFormat.CLAUDE else ""
    return f"---\n# {_STAMP_LINE}\ndescription: {_quoted(command.description)}\n{hint}---\n\n{body}"

"""What mdbrain tells agent tools in words: the pointer, two skills, four commands.

An agent pays for the pointer in every session, so it only says that the memory
exists, where the procedures are, and the rule that matters most. The skills
hold the procedures and are read when a task needs them; the commands are thin
triggers that name a skill and a part of it. Every text says what to do when
the repository has no ``.rag`` file: nothing.

Command bodies carry ``{args}`` where the tool puts the text typed after the
command; :mod:`mdbrain.core.agent_files` writes it the way each tool expects.
"""

from __future__ import annotations

from typing import NamedTuple

POINTER = """\
## Project memory (mdbrain)

This repository keeps what it knows (how the code works, decisions, rules, facts) as \
Markdown documents next to the code; the `.rag` file at its top says where. If there is \
no `.rag` file, ignore this section.

- Before changing code, read what the memory says about it: `mdbrain brief <file or \
subject>`, or `mdbrain query "<question>"` (or the mdbrain MCP tools). Read summaries \
first and open one section only when you need it; never read the whole base.
- Write what you establish with its source: `mdbrain write ... --source <file, commit, \
ticket>`. Never store secrets or personal data.
- A task is done when its documents are updated: run `mdbrain update`, then \
`mdbrain check`, before you finish.
- How-to: the skills `mdbrain-memory` (read and write) and `mdbrain-sync` (start, and \
keep in step with the code).
"""


class Skill(NamedTuple):
    name: str
    description: str
    body: str


MEMORY = Skill(
    "mdbrain-memory",
    "Read and write this project's memory kept by mdbrain: Markdown documents next to the "
    "code (decisions, rules, facts, how the code works), found through the .rag file. Use "
    "it before changing code, to answer questions about the project, and to record what "
    "you establish with its source. If this repository has no .rag file, skip it.",
    """\
# Reading and writing the project's memory

If this repository has no `.rag` file, skip: mdbrain is off here.

The memory is a tree of Markdown documents under the folder `.rag` names. Each one has a
frontmatter (title, summary, type, status, tags, impl_refs, sources) and a body cut by
headings. Use the `mdbrain` command, or the mdbrain MCP tools of the same names.

## Read a little at a time

1. Ask first: `mdbrain query "<question>"` ranks candidates and shows the best
   section; `mdbrain brief <file or subject>` lists what is in force about the code
   you are about to change. Words that start with a dash go after `--`:
   `mdbrain search -- --shard`.
2. Judge by the summaries. Open more only when they are not enough:
   `mdbrain show <id> --section "<heading>"`; `--full` last.
3. Follow relations only when the answer lies next door: `mdbrain neighbors <id>`.
4. Stop as soon as you can answer. Never read the whole base.

A `needs-review` document describes code that changed since it was checked: compare
its impl_refs with the code before relying on it, and say so. Drafts, deprecated and
archived documents are left out unless you ask (`--all`).

## Write with sources

- Search before writing (`mdbrain search "<words>"`). Improve the close document
  (`mdbrain write --doc <id> --expect-sha <sha you read>`) rather than repeat it.
- Something new: `mdbrain write --title ... --summary ... --type decision|rule|fact|...
  --theme <folder> --source <file, commit, ticket>`. With a source it is in force;
  without one it stays a hidden draft.
- Name the code it describes with `--impl-ref <path>`; link related documents with
  relative Markdown links.
- When a decision replaces another: `mdbrain supersede <old> --by <new>`. Never delete.
- Never store secrets or personal data: the guard refuses them.

## Before you finish

A task is done when its documents are updated: `mdbrain update`, fix what it flags,
then `mdbrain check`.
""",
)

SYNC = Skill(
    "mdbrain-sync",
    "Start this project's mdbrain memory from the code, and keep it in step with the code "
    "after changes: drift, reviews, drafts, indexes and validation. Use it when the memory "
    "is missing or empty, after code changes, or when mdbrain check fails. If this "
    "repository has no .rag file and nobody asked to start one, skip it.",
    """\
# Starting the project's memory and keeping it in step

If this repository has no `.rag` file, skip, unless you were asked to start the memory:
then begin with "Start".

## Start

1. `mdbrain init docs --scan` writes `.rag`, creates the folder and one draft per unit
   of code, each naming its files in impl_refs. It never overwrites a document.
2. `mdbrain review` lists the drafts. For the ones that matter most: read their code,
   correct them (`mdbrain write --doc <id> ...`), then
   `mdbrain verify <id> --source <what you checked>`. Drafts stay hidden until verified.
3. `mdbrain agents install` connects the agent tools of the repository.
4. `mdbrain check`, and fix what it reports.

## Keep in step, after every code change

1. `mdbrain update [paths]`: documents whose code changed turn `needs-review` with the
   reason; code that git saw renamed is proposed (`--fix` applies it); `--draft` writes
   drafts for code that nothing describes.
2. For each flagged document: read the code it names, correct the text, then
   `mdbrain verify <id> --source <file or commit>`. Never mark a document stable that
   you did not check.
3. Record new decisions, rules and facts with their source (skill `mdbrain-memory`).
4. `mdbrain check`: errors first, then warnings. The tool regenerates OVERVIEW.md,
   INDEX.md and RELATIONS.yaml; never edit them by hand.

Never delete a document: supersede or archive it. Report what you changed and what is
left for a human (`mdbrain conflicts`). A task is done when its documents are updated.
""",
)

SKILLS = (MEMORY, SYNC)


class Command(NamedTuple):
    name: str
    description: str
    hint: str  # what the text after the command is
    body: str  # with {args}


COMMANDS = (
    Command(
        "mdbrain-init",
        "Start the project's memory from the code (mdbrain)",
        "[folder]",
        'Use the skill mdbrain-sync and follow its part "Start". Folder for the '
        "documents: {args} (docs when none is given). If `.rag` already exists and its "
        'folder holds documents, do not start again: follow "Keep in step" instead.\n\n'
        "End with a short report: themes, documents written, impl_refs not found, and the "
        "drafts a human should review first.\n",
    ),
    Command(
        "mdbrain-update",
        "Bring the project's memory up to date with the code (mdbrain)",
        "[paths]",
        "If this repository has no `.rag` file, say so and stop.\n\n"
        'Use the skill mdbrain-sync and follow its part "Keep in step", for this code: '
        "{args} (all changed code when none is given).\n\n"
        "End with a short report: documents flagged, corrected and verified, drafts "
        "written, and what is left for a human.\n",
    ),
    Command(
        "mdbrain-query",
        "Answer a question from the project's memory (mdbrain)",
        "<question>",
        "If this repository has no `.rag` file, say so and stop.\n\n"
        "Use the skill mdbrain-memory to answer this question: {args}\n\n"
        "Start with `mdbrain query`; read a section only when the summary is not enough. "
        "Cite the document ids you used and flag any needs-review document you relied on. "
        "If the memory has no answer, say so and propose a document to write, with its "
        "source.\n",
    ),
    Command(
        "mdbrain-check",
        "Validate the project's memory and fix what it finds (mdbrain)",
        "[document or folder]",
        "If this repository has no `.rag` file, say so and stop.\n\n"
        "Run `mdbrain check`, limited to {args} when that names a document or folder. Fix "
        "errors first, then warnings, editing documents as the skill mdbrain-memory "
        "says; `mdbrain update` when documents need review.\n\n"
        "End with what you fixed and what needs a human (`mdbrain conflicts`).\n",
    ),
)

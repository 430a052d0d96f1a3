"""What the MCP server says in words: the instructions sent at connection, and its prompts.

An agent pays for these on every connection, so they are short and say only what
changes how it should work with the brain. Prompts are named ``mdbrain-...``: agent
CLIs list them as slash commands beside their own, and a bare ``init`` would replace
the CLI's own ``/init``.
"""

from __future__ import annotations

INSTRUCTIONS = """\
mdbrain is this project's memory: Markdown documents next to the code (decisions, rules, \
facts, how the code works), each with a summary, a status and its sources.
- Read before acting: `brief` on the subject or on the file you will change, or `query` \
the question. Results give summaries first; `read` one section (or full=true) \
only if the summary is not enough.
- Write what you establish, with `write` and its source (file, commit, ticket, \
conversation): with a source it is in force, without one it stays a hidden draft. \
Search first; the answer lists close documents: update one (`doc`) rather than repeat it.
- When something replaces a document, say so (`supersedes`, or `supersede`); when it \
disagrees with one and you cannot tell which is right, declare `contradicts` and leave \
it to a human. Never delete.
- Documents flagged needs-review describe code that changed: check them against the code, \
then `verify` them with what you checked. Regenerate synthesis pages flagged for review.
- Pass the `sha` you read as `expect_sha` when you change a document.
- A task is done when the documents it affects are updated: run `update` after code \
changes and `check` before you finish.
- Never store secrets or personal data.
- Resources: mdbrain://default/{manifest,overview,relations,doc/PATH}
"""

PROMPTS: dict[str, tuple[str, str]] = {
    "mdbrain-init": (
        "Start the project's memory",
        "Set up this project's knowledge base with mdbrain. If the tools answer that no base "
        "exists, tell me to run `mdbrain init --scan` in the repository, then come back. If "
        "it exists, call `review` and `check`, list the drafts worth verifying first, and "
        "for each one read its code, correct the draft with `write` (doc=...) and `verify` "
        "it with what you checked. {focus}",
    ),
    "mdbrain-update": (
        "Bring the memory up to date with the code",
        "Call `update` to compare the documents with the code. For each flagged document, "
        "read the code it names, fix the document with `write` (doc=..., expect_sha from "
        "what you read) and `verify` it. Regenerate synthesis pages listed by `review`. "
        "Propose drafts for undocumented code that matters. End with `check`. {focus}",
    ),
    "mdbrain-query": (
        "Answer from the project's memory",
        "Answer this from the project's knowledge base: {question}. Call `query` first; read "
        "a section with `read` only if the summary is not enough. Cite the document ids you "
        "used. If the answer is not there, say so and propose a document to `write`, with "
        "its source.",
    ),
    "mdbrain-check": (
        "Check the memory",
        "Call `check` and fix the errors first, then the warnings: broken links, orphans, "
        "stale documents, missing provenance. Use `write` for fixes and `verify` for "
        "documents you checked against the code. Report what is left for a human "
        "(`conflicts`). {focus}",
    ),
}

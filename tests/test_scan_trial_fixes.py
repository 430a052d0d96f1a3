"""``init --scan`` on the Zed editor's Rust code (zed-industries/zed) and on
ethereum/consensus-specs: what the trial found, each in a small snippet written here."""

from __future__ import annotations

import datetime as dt
import itertools
from pathlib import Path

import pytest

from mdbrain.core import anchors, codemap, draft, manifest, syntax
from mdbrain.service import drafting, scanning
from mdbrain.service.bootstrap import init_base
from mdbrain.service.session import Session
from mdbrain.store import location

TODAY = dt.date(2026, 12, 1)


def _write(project: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = project / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return project


def _scan(project: Path) -> scanning.ScanReport:
    init_base(project, "kb")
    session = Session(location.locate(project), lambda: TODAY)
    try:
        return scanning.scan_project(session)
    finally:
        session.close()


def _plan(texts: dict[str, str]) -> dict[str, drafting.Draft]:
    _themes, drafts = drafting.plan_drafts(sorted(texts), texts, 240, lang="en")
    return {d.id: d for d in drafts}


# --- 1. a Rust file's own doc, not a nested module's ------------------------------------------

PROMPTS = """// Copyright the authors.
#![allow(dead_code)]

//! Prompts sent to the model.
//!
//! One module per version.

pub mod v1 {
    //! A prompt in the first format.
    pub fn build() {}
}

pub mod v2 {
    //! A prompt in the second format.
}
"""


def test_a_rust_files_doc_is_its_leading_inner_doc_not_a_nested_modules() -> None:
    """Zed's zeta_prompt.rs: the draft's summary came from a nested module's ``//!``."""
    facts = codemap.source_facts("src/prompts.rs", PROMPTS)
    assert facts.doc == "Prompts sent to the model.\n\nOne module per version."
    nested_only = PROMPTS.split("pub mod v1", 1)[1]
    assert codemap.source_facts("src/other.rs", "use x;\n\npub mod v1" + nested_only).doc == ""
    below_code = "pub fn f() {}\n//! Not the module's: an inner doc after an item.\n"
    assert codemap.source_facts("src/late.rs", below_code).doc == ""


# --- 2. docs copied into a draft keep its Markdown whole ---------------------------------------

MARKERS_DOC = """//! A prompt that marks the editable region with git's conflict markers.
//!
//! Example prompt:
//!
//! <<<<<<< CURRENT
//! code that
//! needs to be rewritten
//! =======
//!
//! Expected output:
//!
//! updated code
//! >>>>>>> UPDATED
//!
//! Format
//! ------
//! Plain text.

pub fn format() {}
"""


def test_docs_copied_into_drafts_open_no_conflict_and_no_heading(tmp_path: Path) -> None:
    """Zed's zeta_prompt.rs: its docs showed git's markers, copied unfenced into the draft,
    which then failed mdbrain's own check with E010; and ``=======`` under a line of text
    made a heading of it."""
    project = _write(
        tmp_path / "zeta",
        {
            "Cargo.toml": '[package]\nname = "zeta"\n',
            "src/lib.rs": MARKERS_DOC,
            "src/notes.py": '"""Notes.\n\nSections\n========\nText.\n"""\n\n\ndef f() -> None:\n'
            "    pass\n",
        },
    )
    report = _scan(project)
    assert report.check is not None
    assert [f for f in report.check.findings if f.code == "E010"] == []
    assert report.errors == 0
    for page in (project / "kb").rglob("*.md"):
        text = page.read_text(encoding="utf-8")
        assert manifest.conflict_line(text) is None, page
        lines = text.split("\n---\n", 1)[-1].split("\n")  # the body, below the front matter
        underlined = [
            b for a, b in itertools.pairwise(lines)
            if a.strip() and b.strip() and set(b.strip()) <= {"=", "-"}
        ]  # fmt: skip
        assert underlined == [], page
    page = next(p for p in (project / "kb").rglob("*.md") if "lib.rs" in p.read_text())
    text = page.read_text(encoding="utf-8")
    # the example is still there to read, its markers escaped
    assert "\\<<<<<<< CURRENT" in text and "\\>>>>>>> UPDATED" in text
    assert "needs to be rewritten" in text and "Plain text." in text


def test_a_doc_keeps_its_code_blocks_but_never_a_conflict_marker() -> None:
    """A draft quotes a doc's first lines only, and may cut one of its code blocks open:
    a marker is escaped there too; an underline in code is code, left as written."""
    doc = "Merging.\n\n```\n<<<<<<< ours\na\n=======\nb\n>>>>>>> theirs\n-----\n```\n"
    escaped = "\\<<<<<<< ours\na\n\\=======\nb\n\\>>>>>>> theirs\n-----"
    assert draft.quotable(doc) == f"Merging.\n\n```\n{escaped}\n```\n"
    assert draft.quotable("Title\n=====\nText.") == "Title\n\nText."
    assert draft.quotable("Parameters\n  ----------\nx : int") == "Parameters\n\nx : int"
    assert draft.quotable("a\n\n---\n\nb") == "a\n\n---\n\nb"  # a rule, no heading
    assert draft.quotable(">>> run()\n    ok") == ">>> run()\n    ok"  # a session, no marker


# --- 3. Rust items in nested modules ------------------------------------------------------------

INSPECTOR = """pub use conditional::*;

mod conditional {
    use super::*;

    /// Function set on `App` to render the inspector UI.
    pub type InspectorRenderer =
        Box<dyn Fn(&mut Inspector) -> AnyElement>;

    pub struct Inspector {
        pick_depth: Option<f32>,
    }

    impl Inspector {
        pub fn new() -> Self {
            let brace = '{';
            Self { pick_depth: None }
        }
    }

    pub mod deeper {
        pub type Depth = usize;
    }
}

mod sum_tree_impl {
    pub type TabStopCount = usize;
}

fn helpers() {
    pub struct Local;
}

extern "C" {
    pub fn c_call();
}
"""


def test_rust_items_in_nested_modules_are_named_by_their_path_and_resolve(
    tmp_path: Path,
) -> None:
    """Zed's gpui inspector.rs and tab_stop.rs: ``pub type InspectorRenderer`` and
    ``pub type TabStopCount``, inside ``mod`` blocks, were proposed as impl_refs and left
    out as "no such symbol in it"."""
    facts = codemap.source_facts("src/inspector.rs", INSPECTOR)
    named = {s.name: s for s in facts.symbols}
    assert list(named) == [
        "conditional.InspectorRenderer", "conditional.Inspector", "conditional.Inspector.new",
        "conditional.deeper.Depth", "sum_tree_impl.TabStopCount", "Local", "c_call",
    ]  # fmt: skip
    assert named["conditional.InspectorRenderer"].doc.startswith("Function set on")
    assert not named["Local"].anchored  # in a function's body: no impl_ref can name it
    if not syntax.available("src/inspector.rs"):
        pytest.skip("the tree-sitter grammars (mdbrain[anchors]) are not installed")
    data = INSPECTOR.encode()
    for symbol in (s for s in facts.symbols if s.anchored):
        found = anchors.symbol_fingerprint("src/inspector.rs", data, symbol.name)
        assert found is not None, symbol.name
    project = _write(
        tmp_path / "gpui",
        {"Cargo.toml": '[package]\nname = "gpui"\n', "src/inspector.rs": INSPECTOR},
    )
    report = _scan(project)
    assert report.unresolved == ()
    page = next(p for p in (project / "kb").rglob("*.md") if "inspector.rs#" in p.read_text())
    assert "src/inspector.rs#conditional.InspectorRenderer" in page.read_text()


# --- 4. `fn main` as the entry point ------------------------------------------------------------

BRACKETS = """//! Colors brackets.

pub fn colorize() {}

#[cfg(test)]
mod tests {
    #[gpui::test]
    async fn test_colors() {
        cx.set_state(indoc! {r#"use std::{collections::HashMap};
fn main() {
    let a = "}";
}
"#});
        let bytes = br##"
fn main() {}
"##;
        let open = '{';
    }

fn main() {}
}
"""


def test_fn_main_in_a_raw_string_or_a_test_module_is_no_entry_point() -> None:
    """Zed's bracket_colorization.rs: a ``fn main() {`` in a test's ``r#"..."#`` made the
    library crate one that "runs as a program"."""
    facts = codemap.source_facts("crates/editor/src/brackets.rs", BRACKETS)
    assert facts.main == ""
    assert facts.tests == 1  # "#[gpui::test]" is a test too
    assert codemap.source_facts("src/main.rs", BRACKETS + "\nfn main() {}\n").main
    plain = 'const S: &str = "\nfn main() {}\n";\n'
    assert codemap.source_facts("src/s.rs", plain).main == ""


def test_rust_raw_and_char_literals_hide_no_comment_and_open_no_string() -> None:
    from mdbrain.core import comments

    code = 'let a = r#"a " // not a comment"#; // gone\nlet q = \'"\'; let b = 1; // x\n'
    kept = comments.code_only(code, "rust")
    assert '"a " // not a comment"#' in kept and "gone" not in kept
    assert "let b = 1;" in kept and "// x" not in kept


# --- 5. a folder named specs/ with no tests ------------------------------------------------------


def test_a_folder_named_like_tests_without_test_files_gets_no_testing_draft() -> None:
    """ethereum/consensus-specs: specs/ held 87 pages and no test, and got a draft
    "Tests in specs/: 0 test files with 0 tests, and 87 other files"."""
    texts = {f"specs/phase{n}/beacon-chain.md": f"# Phase {n}\n\nThe chain.\n" for n in range(3)}
    texts |= {"src/chain.py": "def run() -> None:\n    pass\n"}
    texts |= {"tests/test_chain.py": "def test_run() -> None:\n    pass\n"}
    drafts = _plan(texts)
    testing = sorted(d for d in drafts if d.startswith("testing/"))
    assert testing == ["testing/tests.md"]
    assert "0 test files" not in "\n".join(d.summary for d in drafts.values())

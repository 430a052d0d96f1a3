"""Import reads MDX pages (Docusaurus, Nextra, Astro): their prose without the JavaScript,
their links to one another, and init counts only the pages import can read."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from mdbrain.core import conversion, document
from mdbrain.service import scanning
from mdbrain.service.bootstrap import init_base
from mdbrain.service.brain import Brain
from tests.conftest import MakeBase
from tests.test_import_meaning import meta, pages, run_import


def body(root: Path, doc_id: str) -> str:
    return document.loads((root / doc_id).read_text(encoding="utf-8"), doc_id).body


# --- pages ---------------------------------------------------------------------------

ENCRYPTION = """\
---
title: State encryption
description: Encrypt your state-related data at rest.
sidebar_label: Encryption
sidebar_position: 4
slug: /state/encryption
id: encryption
tags: [state, security]
keywords: [kms, key provider]
---

import Tabs from '@theme/Tabs';
import TabItem from "@theme/TabItem"
import {
  CodeBlock,
  Admonition,
} from '@theme/components';
import Sample from '!!raw-loader!./examples/sample.tf'
export const providers = [
  "aws_kms",
  "gcp_kms",
];

# State encryption

{/* a comment for the writers */}

OpenTofu encrypts state and plan files at rest.

<Tabs>
  <TabItem value="hcl" label="HCL">
    <CodeBlock language="hcl">{Sample}</CodeBlock>
  </TabItem>
</Tabs>

export default function Layout({children}) {
  return <main>{children}</main>;
}

Set the key in the shell:

```sh
export TF_ENCRYPTION='key_provider "pbkdf2" "k" {}'
import this from 'a fence keeps it'
```

    export INDENTED=1

Remember to import your keys before you apply.
"""

NO_TITLE = """\
---
sidebar_label: Key providers
sidebar_position: 2
slug: /keys
id: key-providers
---
import Admonition from '@theme/Admonition';

A key provider derives the encryption key from a passphrase or a key store.
"""


def test_mdx_pages_are_imported_without_their_javascript(make_base: MakeBase) -> None:
    root = make_base({})
    docs = pages(root.parent / "website", {"state/Encryption.mdx": ENCRYPTION})
    pages(docs, {"state/key_providers.mdx": NO_TITLE})
    report = run_import(root, docs)
    assert report.imported == {
        "state/Encryption.mdx": "state/encryption.md",
        "state/key_providers.mdx": "state/key-providers.md",
    }
    text = body(root, "state/encryption.md")
    for javascript in ("import Tabs", "import TabItem", "CodeBlock,", "} from", "raw-loader",
                       '"aws_kms"', "];", "export const", "export default", "return <main>",
                       "a comment for the writers"):  # fmt: skip
        assert javascript not in text, javascript
    for kept in ("# State encryption", "OpenTofu encrypts state", "<Tabs>",
                 '<CodeBlock language="hcl">{Sample}</CodeBlock>', "export TF_ENCRYPTION=",
                 "import this from 'a fence keeps it'", "    export INDENTED=1",
                 "Remember to import your keys"):  # fmt: skip
        assert kept in text, kept
    assert "\n\n\n" not in text  # no hole where the JavaScript was
    found = meta(root, "state/encryption.md")
    assert found["title"] == "State encryption"
    assert found["summary"] == "Encrypt your state-related data at rest."
    assert found["tags"][:4] == ["state", "security", "kms", "key-provider"]
    assert found["sources"] == ["website/state/Encryption.mdx"]
    # the sidebar's label names a page that gives no title of its own
    keys = meta(root, "state/key-providers.md")
    assert keys["title"] == "Key providers"
    assert keys["summary"].startswith("A key provider derives the encryption key")
    for noise in ("sidebar", "slug", "import", "/keys"):
        assert noise not in keys["summary"]
    assert "import Admonition" not in body(root, "state/key-providers.md")


def test_an_mdx_page_with_an_mdbrain_frontmatter_keeps_it_without_javascript(
    make_base: MakeBase,
) -> None:
    own = (
        "---\ntitle: Ready\nsummary: A page already written for mdbrain.\ntype: guide\n"
        "status: stable\ntags: [ready]\nupdated: 2026-05-01\n---\n\n"
        "import Tabs from '@theme/Tabs';\n\n# Ready\n\nReady to use.\n"
    )
    root = make_base({})
    docs = pages(root.parent / "site", {"ready.mdx": own})
    run_import(root, docs)
    text = (root / "ready.md").read_text(encoding="utf-8")
    assert "import Tabs" not in text and "summary: A page already written for mdbrain." in text
    assert "\n\n# Ready\n\nReady to use.\n" in text


# --- links ---------------------------------------------------------------------------


def test_links_to_mdx_pages_follow_them_with_or_without_an_extension(make_base: MakeBase) -> None:
    root = make_base({})
    docs = pages(
        root.parent / "website",
        {
            "intro.mdx": "# Intro\n\nSee [other](./guide/other.mdx), [part](guide/other.mdx#part), "
            "[bare](./guide/other), [nested](guide/deep/leaf), [rooted](/guide/other#x), "
            "[folder](./guide), [md](./guide/plain) and [page md](guide/plain.md).\n\n"
            "Also [twice](./guide/both), [gone](./guide/gone.mdx), [route](./blog/news) "
            "and [site](https://example.org/guide/other).\n",
            "guide/index.mdx": "# Guide\n\nBack to [the intro](../intro).\n",
            "guide/Other Page.mdx": "# Other\n\nLeads back to [intro](../intro.mdx#top).\n",
            "guide/deep/leaf.mdx": "# Leaf\n\nUp to [other](../other).\n",
            "guide/plain.md": "# Plain\n\nA Markdown page.\n",
            "guide/both.md": "# Both md\n\nOne.\n",
            "guide/both.mdx": "# Both mdx\n\nTwo.\n",
        },
    )
    (docs / "guide" / "Other Page.mdx").rename(docs / "guide" / "other.mdx")
    report = run_import(root, docs, theme="site")
    text = body(root, "site/intro.md")
    assert "[other](guide/other.md)" in text
    assert "[part](guide/other.md#part)" in text
    assert "[bare](guide/other.md)" in text
    assert "[nested](guide/deep/leaf.md)" in text
    assert "[rooted](guide/other.md#x)" in text  # relative: the base's root is no forge's
    assert "[folder](guide/index.md)" in text  # the page that opens the folder
    assert "[md](guide/plain.md)" in text and "[page md](guide/plain.md)" in text
    assert "[twice](./guide/both)" in text  # both.md and both.mdx: left as written
    assert "[gone](./guide/gone.mdx)" in text and "[route](./blog/news)" in text
    assert "[site](https://example.org/guide/other)" in text
    assert "[the intro](../intro.md)" in body(root, "site/guide/index.md")
    assert "[intro](../intro.md#top)" in body(root, "site/guide/other.md")
    assert "[other](../other.md)" in body(root, "site/guide/deep/leaf.md")
    # a page that is not there is reported; a route that names no page is no page link
    assert [(b.source, b.target) for b in report.broken_links] == [
        ("intro.mdx", "./guide/gone.mdx")
    ]


def test_links_follow_pages_as_a_docusaurus_site_reads_them(make_base: MakeBase) -> None:
    # a page is served at its own address (/docs/intro/guide/), and a path from the root
    # is read from the docs folder, as in opentofu's website/
    root = make_base({})
    docs = pages(
        root.parent / "website",
        {
            "docs/intro/index.mdx": "# Intro\n\nRead [the guide](guide) and [tacos](../tacos/).\n",
            "docs/intro/guide.mdx": "# Guide\n\nSee [many](../many-configurations) and "
            "[sources](/language/sources.mdx#oci), [the files](../../language/#ext).\n",
            "docs/intro/many-configurations.mdx": "# Many\n\nBack to [the guide](../guide).\n",
            "docs/tacos.mdx": "# TACOS\n\nAutomation.\n",
            "docs/language/index.mdx": "# Language\n\nThe language.\n",
            "docs/language/sources.mdx": "# Sources\n\nModule sources.\n",
            "blog/sources.mdx": "# Sources in the blog\n\nNews.\n",
        },
    )
    report = run_import(root, docs)
    assert "[the guide](guide.md)" in body(root, "docs/intro/index.md")
    assert "[tacos](../tacos.md)" in body(root, "docs/intro/index.md")
    guide = body(root, "docs/intro/guide.md")
    assert "[many](many-configurations.md)" in guide
    assert "[sources](../language/sources.md#oci)" in guide
    assert "[the files](../language/index.md#ext)" in guide
    assert "[the guide](guide.md)" in body(root, "docs/intro/many-configurations.md")
    assert report.broken_links == ()


def test_links_to_an_mdx_page_an_earlier_import_brought_in_follow_it(make_base: MakeBase) -> None:
    root = make_base({})
    project = root.parent
    pages(project / "website" / "docs", {"state.mdx": "# State\n\nWhere state lives.\n"})
    run_import(root, project / "website" / "docs", theme="docs")
    pages(project / "website" / "blog", {"news.md": "# News\n\nRead [state](../docs/state.mdx).\n"})
    report = run_import(root, project / "website" / "blog", theme="blog")
    assert "[state](../docs/state.md)" in body(root, "blog/news.md")
    assert report.broken_links == ()


# --- one page ------------------------------------------------------------------------


def test_a_single_mdx_page_is_imported_like_a_markdown_page(make_base: MakeBase) -> None:
    root = make_base({})
    docs = pages(root.parent / "website", {"docs/Quick Start.mdx": ENCRYPTION})
    report = run_import(root, docs / "docs" / "Quick Start.mdx")
    assert report.imported == {"Quick Start.mdx": "quick-start.md"}
    assert "import Tabs" not in body(root, "quick-start.md")
    (docs / "notes.rst").write_text("Notes\n=====\n", encoding="utf-8")
    with pytest.raises(
        Exception, match=r"not a Markdown page \(\.md, \.markdown, \.mdx, \.md\.erb\)"
    ):
        run_import(root, docs / "notes.rst")


# --- what init counts ------------------------------------------------------------------


def _project(folder: Path, files: dict[str, str]) -> Path:
    pages(folder, files)
    if shutil.which("git"):
        git = ["git", "-C", str(folder), "-c", "user.email=t@example.com", "-c", "user.name=t"]
        subprocess.run([*git, "init", "-q"], check=True)
        subprocess.run([*git, "add", "-A"], check=True)
        subprocess.run([*git, "-c", "commit.gpgsign=false", "commit", "-qm", "x"], check=True)
    return folder


def test_init_counts_only_the_pages_import_reads(tmp_path: Path, make_base: MakeBase) -> None:
    files = {f"website/docs/page-{n}.mdx": f"# Page {n}\n\nText.\n" for n in range(5)}
    files |= {"website/README.md": "# Site\n\nThe site.\n", "website/package.json": "{}\n"}
    files |= {f"manual/chapter-{n}.rst": f"Chapter {n}\n=========\n" for n in range(6)}
    files |= {"manual/conf.py": "project = 'x'\n"}
    files |= {f"docs/part-{n}.adoc": f"= Part {n}\n" for n in range(4)}
    files |= {f"docs/guide-{n}.md": f"# Guide {n}\n\nText.\n" for n in range(3)}
    project = _project(tmp_path / "repo", files)
    report = init_base(project, "docs-rag")
    assert [(p.folder, p.count) for p in report.pages] == [("website", 6), ("docs", 3)]
    # init --scan says the same
    with Brain.open(project) as brain:
        scanned = scanning.scan_project(brain.session, dry_run=True)
    assert [(p.folder, p.count) for p in scanned.pages] == [("website", 6), ("docs", 3)]
    # and import brings in as many, saying what it left out
    root = make_base({})
    shutil.copytree(project / "docs", root.parent / "docs")
    done = run_import(root, root.parent / "docs", dry_run=True)
    assert len(done.imported) == 3
    assert any("4 pages not in Markdown" in note and ".adoc" in note for note in done.notes)


def test_a_partial_is_left_out_and_said_so_unless_imported_alone(
    make_base: MakeBase, tmp_path: Path
) -> None:
    # from jestjs/jest: "_TypeScriptExamplesNote.md" is included by pages, not a page
    source = pages(
        tmp_path / "docs",
        {
            "_TypeScriptExamplesNote.md": ":::info\n\nExamples use TypeScript.\n\n:::\n",
            "mocks.md": "# Mocks\n\nimport Note from './_TypeScriptExamplesNote.md';\n\n<Note />\n",
            "guide/_index.md": "# Guide\n\nThe guide's own page, as Hugo names it.\n",
        },
    )
    root = make_base({})
    report = run_import(root, source)
    assert sorted(report.imported) == ["guide/_index.md", "mocks.md"]
    assert [(c.source, "partial" in c.reason) for c in report.skipped] == [
        ("_TypeScriptExamplesNote.md", True)
    ]
    alone = run_import(root, source / "_TypeScriptExamplesNote.md")
    assert list(alone.imported) == ["_TypeScriptExamplesNote.md"]


@pytest.mark.parametrize(
    "hostile",
    ["import {\n\n" * 3000, "import {\n" + "\n" * 6000 + "  x", "import {\n" + "  a\n\n" * 3000],
)
def test_unclosed_statements_are_read_once_each_line(
    hostile: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a review found "import {" paragraphs read again to the end of the page, each time
    read = 0
    follow = conversion._javascript

    def counted(line: str, stack: list[str]) -> None:
        nonlocal read
        read += 1
        follow(line, stack)

    monkeypatch.setattr(conversion, "_javascript", counted)
    conversion.mdx_javascript(hostile)
    assert read <= 2 * hostile.count("\n") + 2

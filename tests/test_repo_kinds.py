"""A first run that works on every kind of repository.

Each test builds a small git repository of one kind, then goes the way a newcomer
goes: ``init --scan``, ``import`` of its documentation folder where it has one,
``check --strict``, and a question that the new base must answer. A fresh base
holds only drafts: the answer comes from them, marked unverified.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from mdbrain.adapters.cli import cli

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
ROOT = "docs-rag"


def make(project: Path, files: dict[str, str]) -> Path:
    project.mkdir(parents=True, exist_ok=True)
    for rel, text in files.items():
        path = project / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    git = ["git", "-C", str(project), "-c", "user.email=t@example.com", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q"], check=True)
    if files:
        subprocess.run([*git, "add", "-A"], check=True)
        subprocess.run([*git, "-c", "commit.gpgsign=false", "commit", "-qm", "x"], check=True)
    return project


def run(project: Path, *args: str) -> Result:
    result = CliRunner().invoke(cli, ["-C", str(project), *args])
    assert result.exit_code == 0, f"mdbrain {' '.join(args)}:\n{result.output}"
    return result


def first_run(project: Path, docs: str | None = None) -> dict[str, str]:
    """init --scan, import of ``docs``, check --strict; the base's documents by id."""
    run(project, "init", "--scan")
    if docs is not None:
        imported = json.loads(run(project, "import", docs, "--json").output)
        assert imported["written"], imported
    checked = CliRunner().invoke(cli, ["-C", str(project), "check", "--strict"])
    assert checked.exit_code == 0, checked.output
    base = project / ROOT
    return {
        path.relative_to(base).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(base.rglob("*.md"))
        if path.name not in {"INDEX.md", "OVERVIEW.md"}
    }


def answer(project: Path, question: str) -> dict[str, object]:
    data = json.loads(run(project, "query", question, "--json").output)
    assert isinstance(data, dict)
    return data


def ids_of(data: dict[str, object]) -> list[str]:
    hits = data["hits"]
    assert isinstance(hits, list)
    return [str(hit["id"] if "id" in hit else hit["hit"]["id"]) for hit in hits]


# --- the kinds ---------------------------------------------------------------------------


def test_a_repository_of_documents_only(tmp_path: Path) -> None:
    project = make(
        tmp_path / "handbook",
        {
            "README.md": "# Handbook\n\nHow the team works: on-call, releases and reviews.\n",
            "notes/On Call.md": (
                "# On call\n\nThe on-call engineer answers pages within fifteen minutes and "
                "hands over every Monday at ten.\n"
            ),
            "notes/releases.md": (
                "# Releases\n\nA release is cut every second Thursday from the main branch, "
                "then tagged.\n"
            ),
        },
    )
    documents = first_run(project, "notes")  # a folder named for itself: its own theme
    assert "notes/on-call.md" in documents and "notes/releases.md" in documents
    assert "notes/overview.md" in documents  # lists them: no orphan on a first check
    data = answer(project, "when does the on-call engineer hand over")
    assert ids_of(data)[0] == "notes/on-call.md"
    assert data["unverified"] is True  # only drafts: a fresh base says so
    text = run(project, "query", "when does the on-call engineer hand over").output
    assert "unverified" in text and "on-call.md" in text


def test_an_mkdocs_site(tmp_path: Path) -> None:
    project = make(
        tmp_path / "site",
        {
            "mkdocs.yml": "site_name: Ferry\nnav:\n  - Home: index.md\n  - Deploy: deploy.md\n",
            "docs/index.md": "# Ferry\n\nFerry moves static sites to object storage.\n",
            "docs/deploy.md": (
                "---\ntitle: Deploying\ndescription: How to push a site to the bucket.\n---\n\n"
                "# Deploying\n\n!!! note\n    Needs credentials.\n\nRun `ferry push` with "
                "the bucket name; it uploads only the files that changed.\n"
            ),
            "ferry/__init__.py": '"""Ferry: push a built static site to a bucket."""\n',
            "ferry/push.py": (
                '"""Upload the files of a built site that changed since the last push."""\n\n\n'
                "def push(bucket: str) -> int:\n"
                '    """Upload the changed files to ``bucket``; return how many."""\n'
                "    return 0\n"
            ),
        },
    )
    scanned = run(project, "init", "--scan").output
    assert not (project / "docs" / "INDEX.md").exists()  # the site is left alone
    assert "mdbrain import docs" in scanned  # and proposed for import
    imported = json.loads(run(project, "import", "docs", "--theme", "site", "--json").output)
    assert "site/deploy.md" in imported["written"] and len(imported["written"]) == 3
    assert "site/overview.md" in imported["written"]  # lists the pages: none is an orphan
    assert run(project, "check", "--strict").exit_code == 0
    assert ids_of(answer(project, "how do I deploy the site to the bucket"))[0] == (
        "site/deploy.md"
    )
    assert "ferry/ferry.md" in ids_of(answer(project, "upload changed files push"))


def test_a_commonjs_project(tmp_path: Path) -> None:
    project = make(
        tmp_path / "csv-lite",
        {
            "package.json": json.dumps(
                {"name": "csv-lite", "main": "index.js", "bin": {"csv-lite": "bin/cli.js"}}
            ),
            "README.md": "# csv-lite\n\nA tiny CSV parser for Node.\n",
            "index.js": (
                "/** Entry point: the parser and the writer. */\n"
                "const parse = require('./lib/parse');\n"
                "const { stringify } = require('./lib/stringify');\n"
                "module.exports = { parse, stringify };\n"
            ),
            "lib/parse.js": (
                "'use strict';\n/**\n * Split CSV text into rows of fields, honouring quotes.\n */\n"
                "module.exports = function parse(text, separator) {\n  return [];\n};\n"
            ),
            "lib/stringify.js": (
                "/** Join rows of fields back into CSV text. */\n"
                "function stringify(rows) {\n  return '';\n}\n"
                "exports.stringify = stringify;\n"
            ),
            "bin/cli.js": (
                "#!/usr/bin/env node\n// Read CSV on stdin and print it as JSON.\n"
                "const { parse } = require('../index');\n"
            ),
            "test/parse.test.js": "test('splits', () => {});\n",
        },
    )
    documents = first_run(project)
    parse_doc = next(doc for doc_id, doc in documents.items() if "lib/parse.js" in doc)
    assert "parse(text, separator)" in parse_doc
    data = answer(project, "split CSV text into rows honouring quotes")
    assert any("lib/parse.js" in documents[doc_id] for doc_id in ids_of(data)[:1])
    assert data["unverified"] is True


def test_a_terraform_repository_with_a_container_ci_and_scripts(tmp_path: Path) -> None:
    project = make(
        tmp_path / "infra",
        {
            "README.md": "# Infra\n\nThe bucket and queue behind the uploader.\n",
            "main.tf": (
                'resource "aws_s3_bucket" "uploads" {\n  bucket = var.bucket_name\n}\n\n'
                'resource "aws_sqs_queue" "jobs" {\n  name = "upload-jobs"\n}\n'
            ),
            "variables.tf": (
                'variable "bucket_name" {\n  description = "Name of the uploads bucket"\n'
                "  type        = string\n}\n"
            ),
            "outputs.tf": 'output "queue_url" {\n  value = aws_sqs_queue.jobs.url\n}\n',
            "Dockerfile": (
                'FROM python:3.12-slim\nCOPY . /app\nEXPOSE 8080\nCMD ["python", "/app/run.py"]\n'
            ),
            ".github/workflows/ci.yml": (
                "name: ci\non: [push]\njobs:\n  plan:\n    runs-on: ubuntu-latest\n"
                "    steps:\n      - uses: actions/checkout@v4\n"
                "      - run: terraform init && terraform plan\n"
            ),
            "scripts/rotate-keys.sh": (
                "#!/usr/bin/env bash\n# Rotate the access keys of the uploader.\nset -euo pipefail\n"
                "aws iam create-access-key --user-name uploader\n"
            ),
        },
    )
    documents = first_run(project)
    every = "\n".join(documents.values())
    for expected in ("aws_s3_bucket", "bucket_name", "terraform plan", "Rotate the access keys"):
        assert expected in every, expected
    bucket_doc = ids_of(answer(project, "which S3 bucket holds the uploads"))[0]
    assert "aws_s3_bucket" in documents[bucket_doc]
    ci_doc = ids_of(answer(project, "what does the CI pipeline run"))[0]
    assert "terraform plan" in documents[ci_doc]


def test_a_french_project_gets_a_french_base(tmp_path: Path) -> None:
    project = make(
        tmp_path / "cadastre",
        {
            "README.md": (
                "# Cadastre\n\nCe service renvoie les parcelles cadastrales d'une commune "
                "à partir de son code INSEE. Les données sont mises à jour chaque mois.\n"
            ),
            "docs/installation.md": (
                "# Installation\n\nIl faut une base PostgreSQL avec PostGIS, puis lancer "
                "le script d'import des parcelles.\n"
            ),
            "cadastre/parcelles.py": (
                '"""Recherche des parcelles cadastrales par commune."""\n\n\n'
                "def parcelles_de_la_commune(code_insee: str) -> list[str]:\n"
                '    """Renvoie les identifiants des parcelles de la commune."""\n'
                "    # On interroge la table des parcelles, indexée par code INSEE.\n"
                "    return []\n"
            ),
        },
    )
    documents = first_run(project, "docs")
    marker = (project / ".rag").read_text(encoding="utf-8")
    assert "lang: fr" in marker
    drafted = next(doc for doc in documents.values() if "cadastre/parcelles.py" in doc)
    assert "Brouillon" in drafted or "brouillon" in drafted  # written in French
    assert "Renvoie les identifiants des parcelles" in drafted
    hits = ids_of(answer(project, "parcelles d'une commune par code INSEE"))
    assert any("parcelles" in documents[h] for h in hits)
    assert ids_of(answer(project, "installer PostgreSQL PostGIS"))[0] == "installation.md"


def test_an_empty_repository_says_the_base_is_empty(tmp_path: Path) -> None:
    project = make(tmp_path / "empty", {})
    documents = first_run(project)
    assert documents == {}
    data = answer(project, "what does this project do")
    assert data["hits"] == [] and "init --scan" in str(data["advice"])
    text = run(project, "query", "what does this project do").output
    assert "init --scan" in text and "mdbrain import" in text
    assert "init --scan" in run(project, "search", "project").output
    assert "init --scan" in run(project, "brief", "project").output


# --- fresh-base answers ------------------------------------------------------------------


def _module(doc: str, names: list[str], head: str = "") -> str:
    functions = "".join(
        f'\n\ndef {name}(sku: str) -> int:\n    """{name.replace("_", " ").capitalize()}."""\n'
        "    return 0\n"
        for name in names
    )
    return f'"""{doc}"""\n\n{head}' + functions


def test_a_fresh_base_answers_from_drafts_and_widens_to_the_theme(tmp_path: Path) -> None:
    project = make(
        tmp_path / "shop",
        {
            "README.md": "# Shop\n\nA small web shop.\n",
            "shop/__init__.py": '"""The shop."""\n',
            "shop/README.md": "# The shop package\n\nEverything a customer does, from the "
            "basket to the order, and what the warehouse holds.\n",
            "shop/cart.py": _module(
                "The basket of a customer: items, quantities and the total.",
                ["basket_total", "add_item", "remove_item", "empty_basket"],
                "from shop.prices import price_of\n",
            ),
            "shop/prices.py": _module(
                "Prices in cents, read from the catalogue.",
                ["price_of", "discount_of", "tax_of", "currency_of"],
            ),
            "shop/orders.py": _module(
                "Orders placed by customers.", ["place_order", "cancel_order", "ship", "refund"]
            ),
            "shop/stock.py": _module(
                "What the warehouse holds.", ["in_stock", "reserve", "release", "restock"]
            ),
        },
    )
    first_run(project)
    data = answer(project, "remove an item from the basket")
    assert data["unverified"] is True and ids_of(data)[0] == "shop/cart.md"
    near = {n["id"]: n["relation"] for n in data["neighbours"]}  # type: ignore[union-attr]
    assert near.get("shop/overview.md") == "theme"  # the theme it belongs to
    assert "shop/prices.md" in near  # and the unit it imports
    searched = json.loads(run(project, "search", "basket quantities", "--json").output)
    assert searched["unverified"] is True and ids_of(searched)[0] == "shop/cart.md"
    assert "unverified" in run(project, "brief", "shop").output
    # with the drafts asked for, they are ordinary hits
    asked = json.loads(
        run(project, "query", "basket quantities", "--include-drafts", "--json").output
    )
    assert asked["unverified"] is False and ids_of(asked)[0] == "shop/cart.md"

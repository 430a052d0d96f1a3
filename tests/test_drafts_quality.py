"""The drafts of ``init --scan`` are worth reviewing: in the project's language, about its
own code (not its examples), with what CommonJS and infrastructure declare, routes read
from code only, priorities, relations from imports, and the README's own words."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from mdbrain.core import codemap, language
from mdbrain.service.bootstrap import init_from_code
from mdbrain.service.drafting import Draft, plan_drafts

TODAY = dt.date(2026, 12, 1)
README_FR = (
    "# Cadastre\n\nCe service expose les parcelles du cadastre pour les communes qui en font "
    "la demande, avec une API simple.\n\nIl est maintenu par une petite équipe et il est "
    "utilisé dans plusieurs applications de la collectivité.\n\n## Installation\n\n"
    "Lancez le serveur avec la commande suivante, puis ouvrez le navigateur sur le port.\n"
)
README_EN = (
    "# Tally\n\n[![build](https://ci.example.com/badge.svg)](https://ci.example.com)\n\n"
    "Tally counts the words of the files you give it and prints them by frequency.\n\n"
    "It is small on purpose, and it has no dependency at all.\n\n## Install\n\n"
    "Copy the file where you keep your tools, and it is ready to be used.\n"
)


def plan(texts: dict[str, str], *, lang: str = "en") -> dict[str, Draft]:
    _themes, drafts = plan_drafts(sorted(texts), texts, 240, lang=lang)
    return {d.id: d for d in drafts}


def body(draft: Draft) -> str:
    return "\n".join(draft.body)


# --- the language of the base ---------------------------------------------------------------


def test_the_language_of_the_prose_is_told_from_its_small_words() -> None:
    assert language.detect([README_FR]) == "fr"
    assert language.detect([README_EN * 3]) == "en"
    assert language.detect(["# Title\n\n```sh\nmake all\n```\n"]) is None


def test_the_base_and_its_drafts_are_written_in_the_language_of_the_readme(
    tmp_path: Path,
) -> None:
    project = tmp_path / "cadastre"
    (project / "api").mkdir(parents=True)
    (project / "README.md").write_text(README_FR, encoding="utf-8")
    (project / "api" / "parcels.py").write_text(
        "def find(code: str) -> list[str]:\n    return []\n\n\ndef count() -> int:\n    return 0\n",
        encoding="utf-8",
    )
    _started, report = init_from_code(project, today=TODAY)
    assert report.lang == "fr" and report.errors == 0
    assert "lang: fr" in (project / ".rag").read_text(encoding="utf-8")
    draft = (project / "docs-rag" / "api" / "parcels.md").read_text(encoding="utf-8")
    assert "Brouillon écrit par `mdbrain init --scan`" in draft
    assert 'summary: "Module Python avec 2 fonctions publiques : find, count."' in draft
    assert "Symboles publics :" in draft
    overview = (project / "docs-rag" / "project" / "overview.md").read_text(encoding="utf-8")
    assert "## Ce que dit `README.md`" in overview and "## Voir aussi" not in overview


# --- what is drafted, and what is not ---------------------------------------------------------


def test_examples_vendored_generated_code_and_test_data_are_not_units() -> None:
    code = "def run() -> None:\n    pass\n"
    drafts = plan(
        {
            "src/app/core.py": code,
            "examples/demo.py": code,
            "docs_src/tutorial/first.py": code,
            "samples/one.py": code,
            "listings/ch02/listing-02-01/src/main.rs": "fn main() {}\n",
            "src/app/listings/models.py": code,  # an application's own module
            "playground/css/treeshake/a.js": "export const a = 1;\n",  # vitejs/vite
            "src/app/playground/views.py": code,
            "vendor/lib.py": code,
            "third_party/x.go": "package x\n\nfunc Run() {}\n",
            "generated/api.ts": "export function call(): void {}\n",
            "src/app/schema_pb2.py": code,
            "tests/fixtures/data.py": code,
            "pkg/testdata/input.go": "package testdata\n",
            "web/__snapshots__/view.js": "export const view = 1;\n",
        }
    )
    refs = {r for d in drafts.values() if d.type != "overview" for r in d.impl_refs}
    assert "src/app/core.py" in refs and "src/app/listings/models.py" in refs
    assert "src/app/playground/views.py" in refs
    aside = ("examples/", "docs_src/", "samples/", "vendor/", "third_party/", "generated/")
    aside += ("listings/", "playground/")
    assert not [r for r in refs if r.startswith(aside) or "fixtures" in r or "pb2" in r]
    repository = body(drafts["project/repository.md"])
    assert "## Left out of the drafts" in repository and "- `examples/`: 1 file" in repository


def test_commonjs_and_default_exports_are_understood() -> None:
    facts = codemap.source_facts(
        "lib/util.js",
        "/** Add two numbers. */\nfunction add(a, b) {\n  return a + b;\n}\n"
        "module.exports = { add, twice: (x) => x * 2 };\n"
        "exports.version = '1.0';\n"
        "module.exports.parse = function parse(text) {};\n",
    )
    assert [(s.name, s.kind) for s in facts.symbols] == [
        ("add", "function"),
        ("twice", "function"),
        ("version", "value"),
        ("parse", "function"),
    ]
    assert facts.symbols[0].signature == "function add(a, b)"
    single = codemap.source_facts("app.js", "module.exports = function createApp(options) {\n};\n")
    assert single.symbols[0].name == "createApp" and single.symbols[0].kind == "function"
    default = codemap.source_facts(
        "view.ts",
        "export default class View {}\nexport { helper as help };\nfunction helper() {}\n",
    )
    assert [(s.name, s.kind) for s in default.symbols] == [("View", "class"), ("help", "function")]
    anonymous = codemap.source_facts("config.mjs", "export default defineConfig({ a: 1 });\n")
    assert anonymous.symbols[0].signature == "export default defineConfig({ a: 1 })"


def test_routes_come_from_code_and_never_from_comments_or_docstrings() -> None:
    js = (
        "// app.get('/old', legacy) was removed\n"
        "/**\n * Example: router.post('/example', handler)\n */\n"
        "app.get('/users', list);\nconst s = \"// not a comment\"; router.put('/users/:id', save);\n"
    )
    assert codemap.source_facts("server.js", js).routes == ("GET /users", "PUT /users/:id")
    python = '"""Serve.\n\n    @app.get("/doc")\n"""\n\n@app.post("/real")\ndef real(): ...\n'
    assert codemap.source_facts("web.py", python).routes == ("POST /real",)
    go = '// mux.HandleFunc("/commented", h)\nfunc main() {\n\tmux.HandleFunc("/live", h)\n}\n'
    assert codemap.source_facts("main.go", go).routes == ("ANY /live",)
    rust = '/// #[get("/doc")]\n#[post("/live")]\nfn create() {}\n'
    assert codemap.source_facts("api.rs", rust).routes == ("POST /live",)


def test_infrastructure_gets_a_theme_with_terraform_containers_ci_and_scripts() -> None:
    drafts = plan(
        {
            "main.tf": 'resource "aws_s3_bucket" "logs" {}\nmodule "net" {\n'
            '  source = "./modules/net"\n}\n',
            "variables.tf": 'variable "region" {\n  description = "Where it runs"\n'
            "  type = string\n}\n",
            "outputs.tf": 'output "arn" {\n  description = "The bucket ARN"\n}\n',
            "modules/net/main.tf": 'resource "aws_vpc" "this" {}\n',
            "Dockerfile": 'FROM python:3.12-slim AS run\nEXPOSE 8000\nCMD ["serve"]\n',
            ".github/workflows/ci.yml": "name: CI\non: [push, pull_request]\njobs:\n"
            "  test:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n"
            "      - run: make test\n",
            "scripts/release.sh": "#!/bin/sh\n# Tag and publish a release.\ngit tag v1\n",
        }
    )
    root = drafts["infrastructure/terraform.md"]
    text = body(root)
    assert "Resource: `aws_s3_bucket.logs`." in text and '`output "arn"`: The bucket ARN' in text
    assert '`variable "region": string`: Where it runs' in text
    assert root.priority == "p1" and root.related == ("infrastructure/terraform-modules-net.md",)
    containers = body(drafts["infrastructure/containers.md"])
    assert "`FROM python:3.12-slim AS run`" in containers and "`8000`" in containers
    ci = body(drafts["infrastructure/ci-pipelines.md"])
    assert "`.github/workflows/ci.yml`: CI" in ci and "- `test`: make test" in ci
    assert "Tag and publish a release." in body(drafts["infrastructure/shell-scripts.md"])
    assert drafts["infrastructure/overview.md"].type == "overview"


# --- priority, relations, the README, readable sizes -------------------------------------------


def test_priority_and_related_follow_the_imports_between_units() -> None:
    texts = {
        f"app/{name}/__init__.py": f'"""The {name} part."""\n\nfrom app import core\n\n\n'
        f"def {name}() -> None:\n    core.base()\n"
        for name in ("billing", "orders", "users")
    }
    texts["app/__init__.py"] = ""
    texts["app/core/__init__.py"] = '"""Shared base."""\n\n\ndef base() -> None:\n    pass\n'
    texts["app/cli/__init__.py"] = (
        '"""The command line."""\n\nfrom app.users import users\n\n\n'
        'if __name__ == "__main__":\n    users()\n'
    )
    texts["tests/test_core.py"] = "from app.core import base\n\n\ndef test_base() -> None:\n"
    texts["tests/test_core.py"] += "    base()\n"
    drafts = plan(texts)
    by_title = {d.title: d for d in drafts.values()}
    core, cli = by_title["app.core"], by_title["app.cli"]
    assert core.priority == "p1" and cli.priority == "p1"
    orders, users = by_title["app.orders"], by_title["app.users"]
    assert orders.priority == "p2" and orders.related == (core.id,)
    assert cli.related == (users.id,)
    assert drafts["testing/tests.md"].related == (core.id,)
    assert drafts["entry-points/entry-points.md"].priority == "p1"


def test_the_project_overview_quotes_the_readme_introduction() -> None:
    drafts = plan({"README.md": README_EN, "tally.py": "def count() -> int:\n    return 1\n"})
    overview = drafts["project/overview.md"]
    assert overview.summary == (
        "Tally counts the words of the files you give it and prints them by frequency."
    )
    text = body(overview)
    assert "> It is small on purpose, and it has no dependency at all." in text
    assert "badge" not in text and "Copy the file" not in text
    assert overview.priority == "p1" and overview.sources == ("README.md",)


def test_a_draft_lists_forty_symbols_of_a_file_and_counts_the_rest() -> None:
    source = "".join(f"def f{i}() -> None:\n    pass\n\n\n" for i in range(55))
    drafts = plan({"big.py": source})
    text = body(next(d for d in drafts.values() if "big.py" in d.impl_refs))
    assert "`f39() -> None`" in text and "`f40() -> None`" not in text
    assert "… and 15 more." in text


def test_prose_keeps_addresses_and_link_texts_and_drops_badges_and_tags() -> None:
    text = (
        "[![build](https://ci.example/badge.svg)](https://ci.example)\n\n"
        "For user documentation, please head to <https://adr.github.io/madr/>.\n\n"
        "Read the [guide](docs/guide.md) or <b>the</b> notes at https://example.org/notes first.\n"
    )
    assert language.paragraphs(text) == [
        "For user documentation, please head to https://adr.github.io/madr/.",
        "Read the guide or the notes at https://example.org/notes first.",
    ]


def test_scripts_named_alike_in_many_folders_get_titles_that_tell_them_apart() -> None:
    run = "def run() -> None:\n    pass\n"
    texts = {f"shots/{name}/image01.py": run for name in ("cookies", "headers", "queries")}
    texts["shots/forms/image01.py"] = texts["shots/forms/image02.py"] = run
    texts["app/reader.py"] = '"""Reads."""\n\n\ndef read() -> None:\n    pass\n'
    drafts = plan(texts)
    singles = sorted(d.title for d in drafts.values() if d.title.endswith("image01.py"))
    assert singles == [f"shots/{name}/image01.py" for name in ("cookies", "headers", "queries")]
    assert {d.id.rsplit("/", 1)[1] for d in drafts.values() if d.title in singles} == {
        "cookies-image01.md", "headers-image01.md", "queries-image01.md"
    }  # fmt: skip
    assert any(d.title == "reader" for d in drafts.values())  # a name of its own is kept


def test_the_crates_of_a_workspace_are_named_after_their_folders_not_after_src() -> None:
    lib = "//! Cache of downloads.\npub struct Store;\npub fn open() -> Store { Store }\n"
    big = "".join(f"pub fn step{n}() -> u32 {{ {n} }}\n" for n in range(40))
    texts = {
        "crates/acme-cache/src/lib.rs": lib,
        "crates/acme-cache/src/keys.rs": lib,
        "crates/acme-bench/src/lib.rs": lib,
        "crates/acme-auth/src/service.rs": big,
        "crates/acme-net/src/service.rs": big,
        "crates/acme-net/src/routing/mod.rs": big,
        "crates/acme-net/src/index.rs": big,
        "crates/acme-tool/src/bin/run.rs": "fn main() {}\n",
        "crates/acme-cli/src/bin/run.rs": "fn main() {}\n",
        "web/src/index.ts": "export function start(): void {}\n",
    }
    texts.update({f"crates/acme-net/src/{n}.rs": big for n in ("dial", "listen", "retry")})
    names = {d.title: d.id.rsplit("/", 1)[1] for d in plan(texts).values()}
    assert names["crates/acme-cache/src"] == "acme-cache.md"  # not "src.md"
    assert names["crates/acme-bench/src/lib.rs"] == "acme-bench.md"  # not "src-lib.md"
    # a file of one of the theme's crates is named with its crate: astral-sh/uv's
    # crates/uv-auth/src/cache.rs was "crates/cache", beside the crate uv-cache; and a
    # file named alike in two crates is told apart by them, not by a number
    assert names["crates/acme-auth/src/service.rs"] == "acme-auth-service.md"
    assert names["crates/acme-net/src/service.rs"] == "acme-net-service.md"
    assert names["crates/acme-net/src/dial.rs"] == "acme-net-dial.md"
    # its folder's module, inside the crate: named with it, as rust-analyzer's hir-def-hir
    assert names["crates/acme-net/src/routing/mod.rs"] == "acme-net-routing.md"
    assert names["crates/acme-net/src/index.rs"] == "acme-net-index.md"  # INDEX.md's name
    assert names["crates/acme-cli/src/bin/run.rs"] == "acme-cli-run.md"
    assert names["crates/acme-tool/src/bin/run.rs"] == "acme-tool-run.md"  # not "bin-run"
    assert names["web/src/index.ts"] == "web.md"
    assert not [n for n in names.values() if n[:-3].rsplit("-", 1)[-1].isdigit()]


def test_a_python_package_named_like_a_source_folder_keeps_its_name() -> None:
    big = "".join(f"def step{n}() -> int:\n    return {n}\n\n\n" for n in range(40))
    texts = {
        "django/__init__.py": '"""Django."""\n',
        "django/utils/__init__.py": '"""Utilities."""\n',
        "django/utils/text.py": big,
        "django/utils/lib/__init__.py": '"""Vendored helpers."""\n',
        "django/utils/lib/six.py": big,
        "django/apps/__init__.py": '"""Applications."""\n',
        "django/apps/config.py": big,
    }
    names = {d.title: d.id for d in plan(texts).values()}
    assert names["django.utils.lib"].endswith("/lib.md")  # not named after django/utils
    assert names["django.apps"].endswith("/apps.md")
    # a crate's lib.rs and main.rs beside its other modules: each says which it is
    rust = "pub fn step() -> u32 { 1 }\n" * 60
    crate = {f"crates/foo/src/{n}.rs": rust for n in ("lib", "main", "a", "b", "c")}
    crate |= {f"crates/foo/src/{n}.rs": "pub fn x() {}\n" for n in ("d", "e")}
    slugs = sorted(d.id.rsplit("/", 1)[1] for d in plan(crate).values() if "foo" in d.title)
    assert {"foo-lib.md", "foo-main.md", "foo.md"} <= set(slugs)
    assert not [s for s in slugs if s[:-3].rsplit("-", 1)[-1].isdigit()]


def test_a_package_re_exports_the_names_it_imports_as_themselves() -> None:
    # found on sqlmodel: its __init__ hands on SQLAlchemy's create_engine and Column with
    # "X as X", and the draft listed only the names of its own modules
    text = (
        '"""SQLModel."""\n'
        "from sqlalchemy.engine import create_engine as create_engine\n"
        "from sqlalchemy import Column as Column\n"
        "from sqlalchemy import text\n"
        "from .main import SQLModel as SQLModel\n"
        "from .session import Session\n"
    )
    facts = codemap.python_facts("sqlmodel/__init__.py", text)
    assert facts.exports == ("create_engine", "Column", "SQLModel", "Session")


def test_each_draft_links_to_its_theme_overview_by_the_theme_title() -> None:
    """Zed's trial: every draft linked "[Theme overview](overview.md)", so 1,216 of 1,440
    pages held "theme", and "How do I change the theme?" found no theme page."""
    texts = {
        f"{folder}/{name}.py": f"def {name}() -> int:\n    return 0\n"
        for folder in ("billing", "shipping")
        for name in ("alpha", "beta", "gamma")
    }
    drafts = plan(texts)
    linked = [d for d in drafts.values() if any(t == "overview.md" for _x, t in d.links)]
    assert linked
    for draft in linked:
        (text,) = [x for x, target in draft.links if target == "overview.md"]
        assert text.casefold() == draft.id.split("/", 1)[0], (draft.id, text)
        assert "overview" not in text.casefold()


def test_a_crates_name_goes_to_the_crate_and_a_module_folder_is_named_with_its_crate() -> None:
    """rust-lang/rust-analyzer: the folder crates/hir-def/src/hir took "crates/hir.md",
    the crate crates/hir was "crates-hir.md", and a module's file (``hir.rs``) and its
    folder of submodules (``hir/``) were drafted apart, one of them named "-2"."""
    rust = "pub fn step() -> u32 { 1 }\n" * 60
    texts = {
        **{f"crates/hir/src/{n}.rs": rust for n in ("lib", "db", "display", "semantics")},
        **{f"crates/hir-def/src/{n}.rs": rust for n in ("lib", "hir", "body", "path")},
        **{f"crates/hir-def/src/hir/{n}.rs": rust for n in ("format_args", "generics")},
        "crates/stdx/src/lib.rs": rust,
    }
    drafts = list(plan(texts).values())
    owner = {ref: d.id for d in drafts for ref in d.impl_refs if "#" not in ref}
    module = owner["crates/hir-def/src/hir/generics.rs"]
    assert owner["crates/hir-def/src/hir.rs"] == module  # one module, one draft
    assert "hir-def" in module  # its crate's theme, or its crate's name
    assert "hir-def" not in owner["crates/hir/src/db.rs"]
    assert not [d.id for d in drafts if d.id[:-3].rsplit("-", 1)[-1].isdigit()]


def test_files_of_modules_inside_one_theme_are_named_with_their_module() -> None:
    """celestia-app: five modules under x/ each hold keeper/keeper.go; they were drafted
    as "x/keeper-keeper.md" to "x/keeper-keeper-5.md", numbered in no module's order."""
    go = "package keeper\n\n" + "".join(f"func (k Keeper) Do{n}() {{}}\n" for n in range(40))
    texts: dict[str, str] = {}
    for mod in ("mint", "blob", "signal", "minfee", "forwarding"):
        texts |= {f"x/{mod}/keeper/{f}.go": go for f in ("keeper", "genesis", "hooks", "query")}
        texts[f"x/{mod}/module.go"] = f"package {mod}\n\nfunc NewAppModule() {{}}\n"
    for top in ("app", "cmd", "pkg", "tools", "fibre", "server", "client", "internal"):
        texts |= {f"{top}/{f}/{f}.go": go for f in ("a", "b", "c", "d")}
    owner = {ref: d.id for d in plan(texts).values() for ref in d.impl_refs if "#" not in ref}
    assert owner["x/mint/keeper/keeper.go"].endswith("mint-keeper-keeper.md")
    assert owner["x/signal/keeper/hooks.go"].endswith("signal-keeper-hooks.md")
    assert not [i for i in owner.values() if i[:-3].rsplit("-", 1)[-1].isdigit()]


def test_files_past_a_drafts_sections_are_named_not_said_to_hold_nothing() -> None:
    """Textualize/textual: src/textual holds some 70 modules; those past the draft's
    sections were listed as having "no docstring and no public symbol", timer.py and its
    class Timer among them, and the sentence came twice."""
    from mdbrain.core.draft import MAX_SECTIONS

    texts = {
        f"src/pkg/mod{n:02d}.py": f'"""Module {n}."""\n\n\nclass Thing{n}:\n    pass\n'
        for n in range(MAX_SECTIONS + 3)
    }
    texts["src/pkg/__init__.py"] = '"""The package."""\n'
    texts["src/pkg/empty.py"] = "x = 1\n"
    page = "\n".join(
        "\n".join(d.body) for d in plan(texts).values() if "pkg/mod00.py" in " ".join(d.impl_refs)
    )
    last = f"src/pkg/mod{MAX_SECTIONS + 2:02d}.py"
    assert f"Other files, past the {MAX_SECTIONS} described above:" in page
    assert last in page.split("Other files, past")[1]
    bare = [line for line in page.splitlines() if line.startswith("Files with no docstring")]
    assert len(bare) <= 1 and all(last not in line for line in bare)


def test_a_drafts_impl_refs_cite_the_symbol_the_file_is_named_for_before_its_errors() -> None:
    """Textualize/textual: app.py's draft cited SystemCommand, a function and AppError,
    not App; data_table.py's its three *DoesNotExist errors, not DataTable."""
    errors = "".join(f"class Cell{n}DoesNotExist(Exception):\n    pass\n\n\n" for n in range(3))
    text = errors + "def helper() -> None:\n    pass\n\n\nclass DataTable:\n    pass\n"
    drafts = plan(
        {"src/pkg/data_table.py": text, "src/pkg/other.py": "def f() -> None:\n    pass\n"}
    )
    refs = [
        r for d in drafts.values() for r in d.impl_refs if r.startswith("src/pkg/data_table.py#")
    ]
    assert refs[:2] == ["src/pkg/data_table.py#DataTable", "src/pkg/data_table.py#helper"]


def test_a_drafts_nearby_pages_are_its_folders_not_its_siblings() -> None:
    """containerd/containerd: internal/kmutex's draft linked cleanup, dmverity and eventq,
    the first of thirty packages beside it, and neighbours counted those links."""
    go = "package p\n\n" + "".join(f"func Do{n}() {{}}\n" for n in range(30))
    texts = {
        f"internal/{name}/{name}.go": go for name in ("cleanup", "dmverity", "eventq", "kmutex")
    }
    texts |= {
        "internal/kmutex/sub/sub.go": go,
        "internal/doc.go": "package internal\n\nfunc X() {}\n",
    }
    for top in ("api", "cmd", "core", "pkg", "plugins", "client", "tools", "contrib"):
        texts |= {f"{top}/{f}/{f}.go": go for f in ("a", "b", "c")}  # a theme each, at most
    drafts = {d.id: d for d in plan(texts).values()}
    kmutex = next(d for d in drafts.values() if "internal/kmutex/kmutex.go" in d.impl_refs)
    linked = " ".join(target for _title, target in kmutex.links)
    for sibling in ("cleanup", "dmverity", "eventq"):
        assert sibling not in linked, kmutex.links
    assert "sub" in linked  # its own sub-folder is near


def test_a_circleci_step_written_as_a_mapping_is_said_by_its_name() -> None:
    """etalab/doc.data.gouv.fr's CircleCI jobs were listed as "name: Install Ruby
    dependencies, name: ...": a ``run:`` step's name and command are under it."""
    from mdbrain.core import infrastructure

    config = (
        "version: 2\njobs:\n  build:\n    steps:\n      - checkout\n      - run:\n"
        "          name: Install Ruby dependencies\n          command: bundle install\n"
        "      - run:\n          command: |\n            bundle exec jekyll build\n"
        "      - run: make test\n"
    )
    [job] = infrastructure.workflow_facts(".circleci/config.yml", config).symbols
    assert job.doc == "Install Ruby dependencies, bundle exec jekyll build, make test"


def test_a_comma_inside_a_string_of_an_exported_object_is_no_key() -> None:
    """etalab/guides.etalab.gouv.fr: its VuePress configuration was said to export a key
    "algorithmes", a word of its description "données, algorithmes et codes"."""
    from mdbrain.core import javascript

    config = (
        'module.exports = {\n  title: "Guides",\n'
        '  description: "Les données, algorithmes et codes",\n'
        "  theme: 'x, y',\n  themeConfig: { nav: [1, 2] },\n}\n"
    )
    names = [s.name for s in javascript.js_facts(".vuepress/config.js", config).symbols]
    assert names == ["title", "description", "theme", "themeConfig"]


def test_code_inside_a_template_literal_is_no_symbol_and_no_route() -> None:
    """vitejs/vite's importMetaResolver.ts writes a function in a template literal, and
    the scan took it for one of the module's; a story's sample Express app gave a route."""
    from mdbrain.core import javascript

    module = (
        "export function real(a: number) { return a }\n"
        "const sample = `\nfunction resolve(specifier, context) {\n"
        '  app.get("/", handler)\n}\n`\nexport const total = 1\n'
        "router.get('/items', list)\n"
    )
    facts = javascript.js_facts("src/resolver.ts", module)
    assert [s.name for s in facts.symbols] == ["real", "total"]
    assert facts.routes == ("GET /items",)


def test_a_default_class_without_a_name_is_not_named_extends() -> None:
    """MTES-MCT/dialog's Stimulus controllers, "export default class extends
    Controller": the scan listed 27 classes named "extends"."""
    from mdbrain.core import javascript

    facts = javascript.js_facts(
        "assets/menu_controller.js", "export default class extends Controller {}\n"
    )
    named = javascript.js_facts("assets/chart.js", "export default class Chart extends Base {}\n")
    assert [s.name for s in facts.symbols] == ["default"]
    assert [s.name for s in named.symbols] == ["Chart"]

"""Which documentation site a folder is built into, from the files that configure it."""

from __future__ import annotations

import pytest

from mdbrain.core import sites


@pytest.mark.parametrize(
    ("inside", "around", "tool"),
    [
        (["myst.yml", "index.md", "guide.md"], {}, "MyST"),  # Jupyter Book 2, mystmd
        (["_toc.yml", "_config.yml", "intro.md"], {}, "Jupyter Book"),  # Jupyter Book 1
        (["_config.yml", "index.md"], {}, "Jekyll"),
        (["index.html.md.erb"], {"config/tech-docs.yml": "host: x\n"}, "Middleman"),
        (["index.md"], {"mkdocs.yml": "site_name: x\n"}, "MkDocs"),
        (["index.md", "guide.md"], {}, None),
    ],
)
def test_a_folder_is_recognised_by_the_files_that_build_it(
    inside: list[str], around: dict[str, str], tool: str | None
) -> None:
    folder = "source" if tool == "Middleman" else "docs"
    found = sites.docs_site(folder, inside, around)
    assert (found.tool if found else None) == tool


@pytest.mark.parametrize(
    ("config", "tool"),
    [
        ('base_url = "https://bevyengine.org"\ncompile_sass = true\n', "Zola"),
        ('baseURL = "https://gohugo.io/"\nlanguageCode = "en-us"\n', "Hugo"),
    ],
)
def test_a_config_toml_over_content_is_zolas_or_hugos_by_its_keys(config: str, tool: str) -> None:
    """bevyengine/bevy-website was called a Hugo site."""
    found = sites.docs_site("content", ["_index.md", "learn/a.md"], {"config.toml": config})
    assert found is not None and found.tool == tool


@pytest.mark.parametrize(
    ("name", "text", "folder"),
    [
        ("hugo.toml", 'baseURL = "/"\n', "content"),
        ("hugo.toml", 'contentDir = "pages"\n', "pages"),
        ("hugo.toml", '[languages.en]\ncontentDir = "content/en"\n', "content/en"),
        (  # the default language's, not another's
            "hugo.toml",
            'defaultContentLanguage = "fr"\n[languages.en]\ncontentDir = "content/en"\n'
            '[languages.fr]\ncontentDir = "content/fr"\n',
            "content/fr",
        ),
        (  # a module mount serving a folder as the content wins (gateway-api's)
            "hugo.toml",
            'contentDir = "content/en"\n[[module.mounts]]\nsource = "../geps"\n'
            'target = "content/geps"\n[[module.mounts]]\nsource = "./docs"\ntarget = "content"\n',
            "docs",
        ),
        ("hugo.yaml", "languages:\n  en:\n    contentDir: content/en\n", "content/en"),
        ("config.json", '{"baseURL": "/", "contentDir": "src"}', "src"),
        ("config.toml", 'base_url = "/"\n', None),  # Zola's, not Hugo's
        ("hugo.toml", "contentDir = [", None),  # does not parse
        ("hugo.yaml", "- a list\n", None),
        ("hugo.yaml", "[" * 10_000, None),  # nested past what the parser allows
    ],
)
def test_the_folder_hugo_builds_pages_from(name: str, text: str, folder: str | None) -> None:
    assert sites.hugo_content(name, text) == folder


def test_a_folder_of_pages_each_beside_its_fields_and_pictures_is_documentation() -> None:
    """kubernetes-sigs/gateway-api's geps/: each proposal an index.md beside its
    metadata.yaml, some with pictures; init named the site and never the proposals."""
    geps = [
        f"geps/gep-{n}/{name}"
        for n in range(1, 9)
        for name in ("index.md", "metadata.yaml", *(["flow.png", "model.svg"] if n < 4 else []))
    ]
    code = [f"pkg/x/file{n}.go" for n in range(8)] + ["pkg/README.md"]
    found = sites.page_folders([*geps, *code, "deploy/README.md", "deploy/a.yaml"], {})
    assert [p.folder for p in found] == ["geps"] and found[0].count == 8
    # a folder of configuration beside one page, or of many data files, is no such thing
    configs = [f"deploy/{name}.yaml" for name in "abcdef"] + ["deploy/README.md", "deploy/NOTES.md"]
    assert sites.page_folders([*configs, "deploy/more.md"], {}) == []
    # nor a folder of examples, each a README beside its settings and its program
    examples = [
        f"examples/ex{n}/{name}"
        for n in range(10)
        for name in ("README.md", "config.yaml", "main.go")
    ]
    assets = [f"assets/p{n}.png" for n in range(10)] + ["assets/a.md", "assets/b.md", "assets/c.md"]
    assert sites.page_folders([*examples, *assets, "assets/x.js", "assets/y.js"], {}) == []

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

"""The exported site of the demo base, opened from file:// in headless Chromium.

A reader goes from the home page to a document and on to one of its backlinks,
filters the manifest, and opens the graph, whose screenshot is kept in
tests/artifacts/; no page may log an error. Skipped when Playwright or Chromium
is missing.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from mdbrain.adapters.cli import cli

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright (Python) is not installed")

CHROMIUM = next(
    (p for p in ("/usr/bin/chromium", shutil.which("chromium")) if p and Path(p).is_file()), None
)
pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium at /usr/bin/chromium or on PATH"
)
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    project = tmp_path_factory.mktemp("browser") / "demo"
    runner = CliRunner()
    built = runner.invoke(cli, ["demo", "--keep", str(project)])
    assert built.exit_code == 0, built.output
    out = project.parent / "site"
    exported = runner.invoke(cli, ["-C", str(project), "export", "--html", str(out)])
    assert exported.exit_code == 0, exported.output
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh tab that records every error a page reports; none may occur."""
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    tab = context.new_page()
    errors: list[str] = []
    tab.on(
        "console", lambda message: errors.append(message.text) if message.type == "error" else None
    )
    tab.on("pageerror", lambda error: errors.append(str(error)))
    tab.on("request", lambda request: None if request.url.startswith("file://") else errors.append(
        f"request outside the site: {request.url}"))  # fmt: skip
    yield tab
    context.close()
    assert errors == []


def open_page(tab: Any, site: Path, name: str) -> None:
    path, _, fragment = name.partition("#")
    tab.goto((site / path).as_uri() + (f"#{fragment}" if fragment else ""))


def visible_ids(tab: Any) -> list[str]:
    ids: list[str] = tab.eval_on_selector_all(
        "#manifest tbody tr", "rows => rows.filter(r => !r.hidden).map(r => r.dataset.id)"
    )
    return ids


def test_a_reader_goes_from_the_home_page_to_a_document_then_to_a_backlink(
    page: Any, site: Path
) -> None:
    open_page(page, site, "index.html")
    page.locator("#themes summary", has_text="features/").click()
    page.get_by_role("link", name="Log in with a password").click()
    assert page.url.endswith("/docs/features/login.html")
    assert page.locator("h1").inner_text() == "Log in with a password"
    backlink = page.locator("ul.backlinks a", has_text="Customer sessions")
    backlink.click()
    assert page.url.endswith("/docs/features/session.html")
    assert page.locator("h1").inner_text() == "Customer sessions"
    assert page.locator("ul.backlinks a", has_text="Log in with a password").count() == 1


def test_a_link_in_a_body_opens_the_linked_document(page: Any, site: Path) -> None:
    open_page(page, site, "docs/features/login.html")
    page.locator("#mdbrain-body a.doc", has_text="lock an account after 5 failed attempts").click()
    assert page.url.endswith("/docs/rules/lockout-after-failures.html")
    assert page.locator(".badge").first.inner_text() == "stable"


def test_the_manifest_filters_hide_and_show_rows(page: Any, site: Path) -> None:
    open_page(page, site, "manifest.html")
    every = visible_ids(page)
    assert len(every) == 7
    page.select_option("#filter-type", "decision")
    assert visible_ids(page) == [
        "decisions/keep-sessions-in-redis-with-a-one-hour-idle-timeout.md",
        "decisions/server-side-sessions.md",
    ]
    page.select_option("#filter-status", "deprecated")
    assert visible_ids(page) == ["decisions/server-side-sessions.md"]
    assert page.locator("#shown-count").inner_text() == "1"
    page.click("#filter-reset")
    sync_api.expect(page.locator("#shown-count")).to_have_text("7")
    assert visible_ids(page) == every
    page.select_option("#filter-tag", "mfa")
    assert visible_ids(page) == ["security/second-factor.md"]
    page.select_option("#filter-tag", "")
    page.fill("#filter-text", "redis")
    assert visible_ids(page) == ["decisions/keep-sessions-in-redis-with-a-one-hour-idle-timeout.md"]


def test_a_theme_link_on_the_home_page_opens_the_manifest_filtered(page: Any, site: Path) -> None:
    open_page(page, site, "index.html")
    page.locator("#themes summary", has_text="features/").locator("a.filter").click()
    # the page filters its rows once loaded: wait for its count, not for the click
    sync_api.expect(page.locator("#shown-count")).to_have_text("3")
    assert page.url.endswith("manifest.html#theme=features")
    assert visible_ids(page) == [
        "features/login.md",
        "features/password-reset.md",
        "features/session.md",
    ]
    assert page.input_value("#filter-theme") == "features"


def test_the_graph_draws_every_document_and_its_nodes_open_the_pages(page: Any, site: Path) -> None:
    open_page(page, site, "graph.html")
    assert page.locator("svg#graph a.node").count() == 7
    assert page.locator("svg#graph line.edge-supersedes").count() == 1
    ARTIFACTS.mkdir(exist_ok=True)
    shot = ARTIFACTS / "export-graph.png"
    page.locator("svg#graph").screenshot(path=str(shot))
    assert shot.stat().st_size > 1000
    page.locator('svg#graph a.node[data-id="rules/lockout-after-failures.md"]').click()
    assert page.url.endswith("/docs/rules/lockout-after-failures.html")

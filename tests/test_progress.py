"""Progress of long commands: drawn on a terminal's stderr, silent in a pipe or with --json."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from click.testing import CliRunner

from mdbrain.adapters import progress
from mdbrain.adapters.cli import cli
from mdbrain.core.progress import counted
from mdbrain.service.brain import Brain
from mdbrain.store import scan
from tests.conftest import MakeBase, doc


class Terminal(io.StringIO):
    """A stream that says it is a terminal, as stderr is in an interactive shell."""

    def isatty(self) -> bool:
        return True


def docs(count: int) -> dict[str, str]:
    return {f"theme/page-{i:03}.md": doc(f"Page {i}", f"Body of page {i}.") for i in range(count)}


# --- the reporter ----------------------------------------------------------------------


def test_the_reporter_draws_one_line_in_place_on_a_terminal() -> None:
    stream = Terminal()
    with progress.shown("indexing", stream=stream, delay=0) as told:
        assert told is not None
        told(0, 4)
        told(4, 4)
        drawn = stream.getvalue()
    assert drawn.startswith("\rindexing [")
    assert "0/4" in drawn
    assert drawn.rstrip(" \r").endswith("4/4 100%")
    assert "\n" not in drawn
    wiped = stream.getvalue()[len(drawn) :]
    assert wiped.startswith("\r") and wiped.endswith("\r") and not wiped.strip()


def test_nothing_is_drawn_when_the_stream_is_not_a_terminal() -> None:
    stream = io.StringIO()
    with progress.shown("indexing", stream=stream, delay=0) as told:
        assert told is None
    assert stream.getvalue() == ""


def test_nothing_is_drawn_with_json_even_on_a_terminal() -> None:
    stream = Terminal()
    with progress.shown("indexing", as_json=True, stream=stream, delay=0) as told:
        assert told is None
    assert stream.getvalue() == ""


def test_a_quick_run_draws_nothing() -> None:
    stream = Terminal()
    with progress.shown("indexing", stream=stream, delay=60) as told:
        assert told is not None
        told(1, 2)
        told(2, 2)
    assert stream.getvalue() == ""


def test_redraws_are_throttled_but_the_last_step_is_always_drawn() -> None:
    stream = Terminal()
    reporter = progress.Reporter("working", stream, delay=0, interval=60)
    for done in range(100):
        reporter(done, 100)
    reporter(100, 100)
    drawn = stream.getvalue()
    assert drawn.count("\r") == 2  # the first step, then the last one
    assert "100/100" in drawn


def test_a_shorter_line_covers_the_longer_one_before_it() -> None:
    stream = Terminal()
    reporter = progress.Reporter("x", stream, delay=0, interval=0)
    reporter(5, 10_000)
    first = len(stream.getvalue())
    reporter(6, 10)
    second = stream.getvalue()[first:]
    assert len(second) >= first  # padded with spaces over the old line


def test_counted_tells_each_step_and_the_total() -> None:
    heard: list[tuple[int, int]] = []
    assert list(counted(["a", "b", "c"], lambda d, t: heard.append((d, t)))) == ["a", "b", "c"]
    assert heard == [(0, 3), (1, 3), (2, 3), (3, 3)]


# --- the service feeds it ---------------------------------------------------------------


def test_index_reports_every_document_it_parses(make_base: MakeBase) -> None:
    root = make_base(docs(12))
    heard: list[tuple[int, int]] = []
    with Brain.open(root.parent) as brain:
        brain.index(progress=lambda d, t: heard.append((d, t)))
    assert heard[-1] == (12, 12)
    assert all(total == 12 and 0 <= done <= 12 for done, total in heard)


def test_parallel_parsing_reports_up_to_the_total(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_base(docs(30))
    monkeypatch.setattr(scan, "_workers", lambda count: 2)
    heard: list[tuple[int, int]] = []
    with Brain.open(root.parent) as brain:
        found, _ = scan.walk(root, brain.config)
    entries = scan.read_all(found, None, lambda d, t: heard.append((d, t)))
    assert len(entries) == 30
    assert heard and heard[-1] == (30, 30)
    assert all(t == 30 and 0 <= d <= 30 for d, t in heard)


# --- the commands --------------------------------------------------------------------


def _run(project: Path, *args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, ["-C", str(project), *args])
    return result.exit_code, result.stdout, result.stderr


def _pages(tmp_path: Path) -> Path:
    source = tmp_path / "old-docs"
    source.mkdir()
    for i in range(5):
        (source / f"page-{i}.md").write_text(f"# Page {i}\n\nText {i}.\n", encoding="utf-8")
    return source


def _filled(args: tuple[str, ...], tmp_path: Path) -> list[str]:
    pages = _pages(tmp_path) if "{pages}" in args else None
    return [a.format(pages=pages, site=tmp_path / "site") for a in args]


COMMANDS = {
    "index": (("index",), "indexing ["),
    "import": (("import", "{pages}"), "importing ["),
    # its second phase named: the total changes from the pages read to all of them
    "update": (("update", "--dry-run"), "updating: comparing with the code ["),
    "export": (("export", "--html", "{site}"), "exporting ["),
    # MDN's 15,592 pages: a query after the cache was lost spent 17.5 s showing nothing
    "query": (("query", "body of page"), "query: building the search index ["),
    "search": (("search", "page"), "search: building the search index ["),
}


@pytest.mark.parametrize("name", sorted(COMMANDS))
@pytest.mark.parametrize("as_json", [False, True])
def test_a_piped_command_prints_no_progress(
    name: str, as_json: bool, make_base: MakeBase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    project = make_base(docs(6)).parent
    args, label = COMMANDS[name]
    filled = _filled(args, tmp_path)
    code, out, err = _run(project, *filled, *(["--json"] if as_json else []))
    assert code == 0, err
    assert label not in err and label not in out
    assert "\r" not in err and "\r" not in out


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_on_a_terminal_the_command_shows_progress_on_stderr(
    name: str, make_base: MakeBase, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr(progress, "wanted", lambda stream, *, as_json=False: not as_json)
    monkeypatch.setattr(progress, "INTERVAL", 0.0)
    project = make_base(docs(6)).parent
    args, label = COMMANDS[name]
    filled = _filled(args, tmp_path)
    code, out, err = _run(project, *filled)
    assert code == 0, err
    assert label in err
    assert label not in out


@pytest.mark.parametrize("terminal", [False, True])
def test_init_scan_shows_progress_only_on_a_terminal(
    terminal: bool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(progress, "DELAY", 0.0)
    if terminal:
        monkeypatch.setattr(progress, "wanted", lambda stream, *, as_json=False: not as_json)
    project = tmp_path / "app"
    for name in ("billing", "orders"):
        (project / "src" / name).mkdir(parents=True)
        code = f"def {name}_total(items):\n    return sum(items)\n"
        (project / "src" / name / "core.py").write_text(code, encoding="utf-8")
    code, out, err = _run(project, "init", "--scan", "--no-agents")
    assert code == 0, err
    assert ("scanning the code [" in err) is terminal
    assert "\r" not in out

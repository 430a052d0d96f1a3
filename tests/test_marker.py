"""The .rag marker: defaults, validation, and finding it from below."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path, PurePath

import pytest

from mdbrain.core import marker, schema
from mdbrain.core.errors import MarkerError, NoMarkerError, NotInitialisedError
from mdbrain.store import location


def test_only_version_and_root_are_needed_and_the_rest_has_the_specified_defaults() -> None:
    config = marker.loads('version: "1"\nroot: ./docs-rag\n')
    assert config.root == "./docs-rag"
    assert config.lang == "fr"
    assert (config.index.manifest, config.index.relations, config.index.overview) == (
        "INDEX.md",
        "RELATIONS.yaml",
        "OVERVIEW.md",
    )
    assert config.summary_max == 240
    assert config.check_on_update is True
    assert config.index.shard_threshold == 500
    assert config.types == schema.TYPES
    assert "rule" in config.types and "fact" in config.types


def test_init_writes_a_marker_that_reads_back_with_its_values() -> None:
    config = marker.loads(marker.dumps("knowledge", lang="en"))
    assert (config.root, config.lang, config.unknown_keys) == ("knowledge", "en", ())


def test_a_marker_may_extend_the_type_and_status_lists() -> None:
    config = marker.loads('version: "1"\nroot: d\ntypes: [runbook]\nstatuses: [frozen]\n')
    assert config.types[-1] == "runbook" and "concept" in config.types
    assert config.statuses[-1] == "frozen"


def test_unknown_settings_are_kept_aside_for_a_warning() -> None:
    config = marker.loads('version: "1"\nroot: d\nflavour: mint\n')
    assert config.unknown_keys == ("flavour",)


@pytest.mark.parametrize(
    ("text", "field", "line"),
    [
        ("root: d\n", "version", None),
        ('version: "2"\nroot: d\n', "version", 1),
        ('version: "1"\n', "root", None),
        ('version: "1"\nroot: d\nsummary_max: lots\n', "summary_max", 3),
        ('version: "1"\nroot: d\nsummary_max: 0\n', "summary_max", 3),
        ('version: "1"\nroot: d\ncheck_on_update: maybe\n', "check_on_update", 3),
        ('version: "1"\nroot: d\nlang: "French!"\n', "lang", 3),
        ('version: "1"\nroot: d\nindex:\n  manifest: sub/INDEX.md\n', "index.manifest", 4),
        ('version: "1"\nroot: d\nindex:\n  shard_threshold: -1\n', "index.shard_threshold", 4),
        ('version: "1"\nroot: d\ntypes: runbook\n', "types", 3),
        ('version: "1"\nroot: d\nstale_days: 99999999999999999999\n', "stale_days", 3),
        ('version: "1"\nroot: d\nstale_days: 36501\n', "stale_days", 3),
        ('version: "1"\nroot: d\nstale_days: 1.5\n', "stale_days", 3),
        ('version: "1"\nroot: d\nsummary_max: 10001\n', "summary_max", 3),
        ('version: "1"\nroot: d\nindex:\n  shard_threshold: 1000001\n', "index.shard_threshold", 4),
        ('version: "1"\nroot: "d\\0x"\n', "root", 2),
        ('version: "1"\nroot: "d\\nx"\n', "root", 2),
        ('version: "1"\nroot: ../elsewhere\n', "root", 2),
        ('version: "1"\nroot: kb/../../elsewhere\n', "root", 2),
        ('version: "1"\nroot: d\nindex:\n  manifest: "IN\\0DEX.md"\n', "index.manifest", 4),
        ('version: "1"\nroot: d\nindex:\n  overview: "OVER\\tVIEW.md"\n', "index.overview", 4),
        ('version: "1"\nroot: d\nindex:\n  manifest: ..\n', "index.manifest", 4),
        ('version: "1"\nroot: d\nindex:\n  manifest: .INDEX.md\n', "index.manifest", 4),
        ('version: "1"\nroot: d\nindex:\n  manifest: "a\\\\INDEX.md"\n', "index.manifest", 4),
        ('version: "1"\nroot: d\nindex:\n  manifest: INDEX.txt\n', "index.manifest", 4),
        ('version: "1"\nroot: d\nindex:\n  overview: OVERVIEW.yaml\n', "index.overview", 4),
        ('version: "1"\nroot: d\nindex:\n  relations: RELATIONS.md\n', "index.relations", 4),
        ('version: "1"\nroot: d\nindex:\n  relations: ANCHORS.lock\n', "index.relations", 4),
        ('version: "1"\nroot: d\nindex:\n  overview: INDEX.md\n', "index", 3),
        ('version: "1"\nroot: d\nindex: [INDEX.md]\n', "index", 3),
        ('version: "1"\nroot: d\nguard: allow\n', "guard", 3),
        ('version: "1"\nroot: d\nguard:\n  personal_data: 1\n', "guard.personal_data", 4),
    ],
)
def test_a_bad_field_is_named_with_what_was_expected(
    text: str, field: str, line: int | None
) -> None:
    with pytest.raises(MarkerError) as caught:
        marker.loads(text, path="/p/.rag")
    assert caught.value.field == field
    assert caught.value.line == line
    assert f"'{field}' must be" in str(caught.value)
    assert str(caught.value).startswith("/p/.rag")


def test_broken_yaml_in_the_marker_names_the_line() -> None:
    with pytest.raises(MarkerError) as caught:
        marker.loads('version: "1"\nroot: [unclosed\n')
    assert caught.value.line is not None
    assert "not valid YAML" in caught.value.message


def test_a_marker_that_is_not_a_mapping_is_refused() -> None:
    with pytest.raises(MarkerError, match="mapping"):
        marker.loads("- a\n- b\n")


def test_relative_root_is_resolved_from_the_marker_folder_and_absolute_root_kept() -> None:
    assert marker.resolve_root(PurePath("/repo"), "./docs") == PurePath("/repo/docs")
    assert marker.resolve_root(PurePath("/repo"), "/mnt/kb") == PurePath("/mnt/kb")


def test_the_marker_is_found_by_walking_up_like_git(tmp_path: Path) -> None:
    (tmp_path / ".rag").write_text('version: "1"\nroot: kb\n', encoding="utf-8")
    (tmp_path / "kb").mkdir()
    deep = tmp_path / "src" / "pkg" / "mod"
    deep.mkdir(parents=True)
    found = location.locate(deep)
    assert found.marker == tmp_path / ".rag"
    assert found.root == tmp_path / "kb"


def test_no_marker_means_mdbrain_is_off(tmp_path: Path) -> None:
    with pytest.raises(NoMarkerError, match=r"no \.rag marker"):
        location.locate(tmp_path)


def test_a_missing_root_is_the_distinct_not_initialised_state(tmp_path: Path) -> None:
    (tmp_path / ".rag").write_text('version: "1"\nroot: kb\n', encoding="utf-8")
    with pytest.raises(NotInitialisedError, match="not initialised"):
        location.locate(tmp_path)
    assert location.locate(tmp_path, require_root=False).root == tmp_path / "kb"


# --- the marker read as untrusted input --------------------------------------------------


@pytest.mark.parametrize(
    ("text", "line", "field"),
    [
        ('version: "1"\nroot: kb\nroot: /\n', 3, "root"),
        (
            'version: "1"\nroot: kb\nindex:\n  manifest: INDEX.md\n  manifest: X.md\n',
            5,
            "index.manifest",
        ),
        ('version: "1"\nroot: kb\nguard:\n  allow: [a]\n  allow: [b]\n', 5, "guard.allow"),
        ('version: "1"\nroot: kb  # here\nroot: "/"\n', 3, "root"),
    ],
    ids=["root", "index", "guard", "quoted"],
)
def test_a_duplicated_key_in_the_marker_is_refused_with_its_line(
    text: str, line: int, field: str
) -> None:
    with pytest.raises(MarkerError, match="duplicate key") as caught:
        marker.loads(text, path="/p/.rag")
    assert (caught.value.line, caught.value.field) == (line, field)


@pytest.mark.parametrize(
    ("index", "field"),
    [("{manifest: login.md}", "index.manifest"), ("{overview: keep-me.md}", "index.overview")],
)
def test_an_index_name_that_a_document_could_have_is_refused(index: str, field: str) -> None:
    with pytest.raises(MarkerError, match="a name no document can have") as caught:
        marker.loads(f'version: "1"\nroot: kb\nindex: {index}\n', path="/p/.rag")
    assert (caught.value.field, caught.value.line) == (field, 3)


def test_custom_index_names_that_no_document_can_have_are_kept() -> None:
    config = marker.loads(
        'version: "1"\nroot: kb\nindex:\n  manifest: MANIFEST.md\n'
        "  relations: graph.yml\n  overview: Overview.md\n"
    )
    assert config.index.reserved() == {"MANIFEST.md", "graph.yml", "Overview.md"}


def test_the_numeric_settings_accept_their_bounds() -> None:
    config = marker.loads(
        'version: "1"\nroot: kb\nsummary_max: 10000\nstale_days: 36500\n'
        "index:\n  shard_threshold: 1\n"
    )
    assert (config.summary_max, config.stale_days, config.index.shard_threshold) == (
        10_000,
        36_500,
        1,
    )


def test_a_marker_over_the_size_limit_is_refused() -> None:
    text = 'version: "1"\nroot: kb\n# ' + "x" * marker.MAX_MARKER_BYTES + "\n"
    with pytest.raises(MarkerError, match="over the limit"):
        marker.loads(text, path="/p/.rag")


def base(project: Path, root: str, *, make: str | None = "kb") -> Path:
    project.mkdir(parents=True, exist_ok=True)
    (project / ".rag").write_text(f'version: "1"\nroot: {root}\n', encoding="utf-8")
    if make is not None:
        (project / make).mkdir(parents=True, exist_ok=True)
    return project


@pytest.mark.parametrize("root", ["/", "/tmp", "'~'", "~/kb"])
def test_an_absolute_root_outside_the_project_is_refused(tmp_path: Path, root: str) -> None:
    project = base(tmp_path / "project", root)
    with pytest.raises(MarkerError, match="outside the project") as caught:
        location.locate(project)
    assert (caught.value.field, caught.value.line) == ("root", 2)
    assert "must be the project folder" in caught.value.message


def test_an_absolute_root_inside_the_project_is_accepted(tmp_path: Path) -> None:
    project = base(tmp_path / "project", str(tmp_path / "project" / "kb"))
    assert location.locate(project).root == project / "kb"


def test_the_project_folder_itself_may_be_the_root(tmp_path: Path) -> None:
    project = base(tmp_path / "project", ".", make=None)
    assert location.locate(project).root == project / "."


def test_a_root_that_climbs_out_is_refused_before_any_disk_access(tmp_path: Path) -> None:
    project = base(tmp_path / "project", "kb/../..", make=None)
    with pytest.raises(MarkerError, match="inside the project") as caught:
        location.locate(project)
    assert caught.value.field == "root"


def test_a_root_that_is_a_symlink_leading_outside_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    project = base(tmp_path / "project", "kb", make=None)
    (project / "kb").symlink_to(outside, target_is_directory=True)
    with pytest.raises(MarkerError, match="symbolic link") as caught:
        location.locate(project)
    assert str(outside) in caught.value.message


def test_a_root_below_a_symlinked_folder_leading_outside_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    (outside / "kb").mkdir(parents=True)
    project = base(tmp_path / "project", "docs/kb", make=None)
    (project / "docs").symlink_to(outside, target_is_directory=True)
    with pytest.raises(MarkerError, match="symbolic link"):
        location.locate(project)


def test_a_root_symlink_staying_inside_the_project_is_accepted(tmp_path: Path) -> None:
    project = base(tmp_path / "project", "kb", make="real")
    (project / "kb").symlink_to(project / "real", target_is_directory=True)
    assert location.locate(project).root == project / "kb"


def test_root_of_refuses_an_outside_root_for_init_as_well(tmp_path: Path) -> None:
    config = marker.loads('version: "1"\nroot: /srv/kb\n')
    with pytest.raises(MarkerError, match="outside the project"):
        location.root_of(tmp_path / ".rag", config)


def test_a_marker_that_is_a_symlink_is_refused(tmp_path: Path) -> None:
    real = base(tmp_path / "real", "kb")
    project = tmp_path / "project"
    project.mkdir()
    (project / ".rag").symlink_to(real / ".rag")
    with pytest.raises(MarkerError, match="symbolic link"):
        location.locate(project)


def test_a_marker_file_over_the_size_limit_is_refused_unread(tmp_path: Path) -> None:
    project = tmp_path / "project"
    project.mkdir()
    with (project / ".rag").open("wb") as handle:
        handle.write(b'version: "1"\nroot: kb\n')
        handle.truncate(50 * 1024 * 1024)  # sparse: 50 MB on paper
    with pytest.raises(MarkerError, match="size limit"):
        location.locate(project)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_marker_that_is_a_pipe_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / ".rag")
    with pytest.raises(MarkerError, match="not a regular file"):
        location.locate(tmp_path)


def test_a_folder_named_like_the_marker_is_not_a_marker(tmp_path: Path) -> None:
    base(tmp_path, "kb")
    inner = tmp_path / "sub"
    (inner / ".rag").mkdir(parents=True)
    assert location.find_marker(inner) == tmp_path / ".rag"


def git_init(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    subprocess.run(["git", "init", "-q", str(folder)], check=True, capture_output=True)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_the_search_stops_at_a_nested_repository_without_a_marker(tmp_path: Path) -> None:
    outer = base(tmp_path / "outer", "kb")
    git_init(outer)
    inner = outer / "vendor" / "lib"
    git_init(inner)
    (inner / "src").mkdir()
    assert location.find_marker(inner / "src") is None
    with pytest.raises(NoMarkerError, match="repository top") as caught:
        location.locate(inner / "src")
    assert str(inner) in caught.value.message
    assert location.find_marker(outer / "vendor") == outer / ".rag"


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_nested_repository_with_its_own_marker_uses_it(tmp_path: Path) -> None:
    outer = base(tmp_path / "outer", "kb")
    git_init(outer)
    inner = base(outer / "vendor" / "lib", "docs", make="docs")
    git_init(inner)
    assert location.locate(inner / "docs").root == inner / "docs"


def test_a_git_file_of_a_worktree_or_submodule_is_a_repository_top(tmp_path: Path) -> None:
    base(tmp_path, "kb")
    module = tmp_path / "modules" / "child"
    module.mkdir(parents=True)
    (module / ".git").write_text("gitdir: ../../.git/modules/child\n", encoding="utf-8")
    assert location.find_marker(module) is None
    assert location.find_marker(tmp_path / "modules") == tmp_path / ".rag"

"""The .rag marker: defaults, validation, and finding it from below."""

from __future__ import annotations

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

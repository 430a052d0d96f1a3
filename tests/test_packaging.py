"""The package builds as a wheel that carries the command, the demo project and its types."""

from __future__ import annotations

import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> zipfile.ZipFile:
    pytest.importorskip("hatchling", reason="hatchling (a dev dependency) builds the wheel")
    out = tmp_path_factory.mktemp("wheel")
    command = [
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "-q",
        "--no-deps",
        "--no-build-isolation",
        "-w",
        str(out),
        str(REPO),
    ]
    subprocess.run(command, check=True, capture_output=True)
    (built,) = out.glob("mdbrain-*.whl")
    return zipfile.ZipFile(built)


def test_the_wheel_declares_the_mdbrain_command(wheel: zipfile.ZipFile) -> None:
    (entry_points,) = [n for n in wheel.namelist() if n.endswith("entry_points.txt")]
    text = wheel.read(entry_points).decode()
    assert "mdbrain = mdbrain.adapters.cli:main" in text


def test_the_wheel_carries_the_demo_project_and_the_type_marker(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    assert "mdbrain/py.typed" in names
    assert "mdbrain/adapters/demo_project/docs/features/login.md" in names
    assert not [n for n in names if n.startswith("tests/") or "/.mdbrain/" in n]


def test_the_wheel_requires_python_311_and_the_runtime_libraries(wheel: zipfile.ZipFile) -> None:
    (metadata,) = [n for n in wheel.namelist() if n.endswith("METADATA")]
    text = wheel.read(metadata).decode()
    assert "Requires-Python: >=3.11" in text
    for name in ("click", "pyyaml", "filelock"):
        assert f"Requires-Dist: {name}" in text


def test_the_wheel_carries_the_export_templates_styles_and_script(wheel: zipfile.ZipFile) -> None:
    names = set(wheel.namelist())
    folder = REPO / "src" / "mdbrain" / "adapters" / "templates"
    expected = {f"mdbrain/adapters/templates/{p.name}" for p in folder.iterdir() if p.is_file()}
    assert {
        "mdbrain/adapters/templates/site.css",
        "mdbrain/adapters/templates/manifest.js",
    } <= expected
    assert expected <= names

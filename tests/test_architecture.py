"""The layers of the design: core -> store -> service -> adapters, imports pointing down only."""

from __future__ import annotations

import ast
from pathlib import Path

import mdbrain

PACKAGE = Path(mdbrain.__file__).parent
LAYERS = ("core", "store", "service", "adapters")
SHARED = {"mdbrain._version"}  # importable from every layer


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    if len(parts) >= 2 and parts[0] == "mdbrain" and parts[1] in LAYERS:
        return LAYERS.index(parts[1])
    return None


def imports_of(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append((node.module, node.lineno))
            found += [(f"{node.module}.{alias.name}", node.lineno) for alias in node.names]
    return found


def shared(module: str) -> bool:
    return module == "mdbrain" or any(module == s or module.startswith(s + ".") for s in SHARED)


def violations(package: Path = PACKAGE) -> list[str]:
    bad = []
    for path in sorted(package.rglob("*.py")):
        rel = path.relative_to(package.parent).with_suffix("")
        own = layer_of(".".join(rel.parts))
        if own is None:
            continue
        for module, line in imports_of(path):
            if module.startswith("mdbrain") and not shared(module):
                target = layer_of(module)
                if target is None or target > own:
                    bad.append(f"{rel}.py:{line} imports {module}")
    return bad


def test_no_layer_imports_a_higher_one() -> None:
    assert violations() == []


def test_the_checker_catches_an_upward_import(tmp_path: Path) -> None:
    fake = tmp_path / "mdbrain"
    (fake / "core").mkdir(parents=True)
    (fake / "store").mkdir()
    (fake / "core" / "bad.py").write_text(
        "from mdbrain.service.brain import Brain\n", encoding="utf-8"
    )
    (fake / "store" / "fine.py").write_text(
        "from mdbrain.core import marker\nimport mdbrain._version\n", encoding="utf-8"
    )
    assert violations(fake) == [
        "mdbrain/core/bad.py:1 imports mdbrain.service.brain",
        "mdbrain/core/bad.py:1 imports mdbrain.service.brain.Brain",
    ]


def test_core_touches_no_disk_process_or_clock() -> None:
    forbidden = {"os", "subprocess", "shutil", "pathlib.Path", "time", "tempfile", "socket"}
    bad = []
    for path in sorted((PACKAGE / "core").rglob("*.py")):
        for module, line in imports_of(path):
            if module in forbidden:
                bad.append(f"{path.name}:{line} imports {module}")
        text = path.read_text(encoding="utf-8")
        for call in (
            "open(",
            ".read_text(",
            ".read_bytes(",
            ".write_text(",
            "date.today(",
            "datetime.now(",
        ):
            if call in text:
                bad.append(f"{path.name} calls {call}")
    assert bad == []

"""The library surface: `import mdbrain` is cheap and exposes what __all__ lists."""

from __future__ import annotations

import subprocess
import sys

import mdbrain


def test_every_name_in_all_is_importable_and_all_is_sorted() -> None:
    assert mdbrain.__all__ == sorted(mdbrain.__all__)
    for name in mdbrain.__all__:
        assert getattr(mdbrain, name) is not None, name


def test_the_lazy_table_and_all_agree() -> None:
    assert sorted([*mdbrain._EXPORTS, "__version__"]) == mdbrain.__all__


def test_importing_mdbrain_or_asking_the_version_loads_no_parser() -> None:
    code = (
        "import sys, mdbrain.adapters.cli\n"
        "heavy = [m for m in ('yaml', 'mdbrain.core.manifest', 'filelock', 'mcp') if m in sys.modules]\n"
        "print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""

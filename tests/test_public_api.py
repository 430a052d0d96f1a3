"""The library surface: `import mdbrain` is cheap and exposes what __all__ lists."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import mdbrain
from tests.conftest import MakeBase, doc


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


def test_an_index_with_nothing_to_do_loads_no_guard_renderer_or_search(make_base: MakeBase) -> None:
    """The guard's patterns compile on import; an index that parses nothing skips them, and
    the renderers of the derived files and the search index with them."""
    root = make_base({"a.md": doc("Alpha", body="Some text."), "b.md": doc("Beta")})
    aged = time.time_ns() - 10**10  # old enough for their stamps to be trusted
    for name in ("a.md", "b.md"):
        os.utime(root / name, ns=(aged, aged))
    subprocess.run([sys.executable, "-m", "mdbrain", "index"], cwd=root, check=True)
    code = (
        "import sys\nfrom mdbrain.adapters.cli import main\nsys.argv = ['mdbrain', 'index']\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        "heavy = ('mdbrain.core.guard', 'mdbrain.core.indexes', 'mdbrain.store.search_index')\n"
        "print(' '.join(m for m in heavy if m in sys.modules) or 'none', file=sys.stderr)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False
    )
    assert "(none changed)" in out.stdout, out.stdout + out.stderr
    assert out.stderr.strip().splitlines()[-1] == "none"

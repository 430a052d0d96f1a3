"""The library surface: `import mdbrain` is cheap and exposes what __all__ lists."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

import mdbrain
from mdbrain.core.lazy import lazy_pattern
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
    code = _command_then(
        ["index"],
        "heavy = ('mdbrain.core.guard', 'mdbrain.core.indexes', 'mdbrain.store.search_index')\n"
        "print(' '.join(m for m in heavy if m in sys.modules) or 'none', file=sys.stderr)",
    )
    printed, loaded = _probe(code, root)
    assert "(none changed)" in printed
    assert loaded == "none"


# What only writing, indexing or unusual input needs, which a query leaves alone: modules
# (pickle for the entry cache, secrets for temporary names, shlex for hints, PyYAML, the
# import's converter, even for a page that opens on a table of fields, the guard's patterns
# that a refused import names), and patterns
# compiled on first use (mdbrain.core.lazy), by module: a question that asks for no
# successor compiles none of the patterns that read such a frame.
NOT_FOR_A_QUERY = (
    "pickle",
    "secrets",
    "shlex",
    "yaml",
    "mdbrain.core.conversion",
    "mdbrain.core.guard",
)
COMPILED_LATER = {
    "mdbrain.core.yaml_subset": ("_FLOW_PAIR", "_ESCAPED_TEXT", "_QUOTED", "_ESCAPE", "_TYPED"),
    "mdbrain.core.passages": ("_ATTRIBUTES", "_MDX_ID", "_TAG"),
    "mdbrain.core.markdown": (
        "_IMG_SRC", "_COMMENT", "_TAB", "_ANY_FENCE", "_REFERENCE", "_DOTTED", "_DEFINITION",
        "HTML_ANCHOR",
    ),
    "mdbrain.core.marker": ("_KEY", "_WORD"),
    "mdbrain.core.frontmatter": ("_DATE", "_TOP_KEY", "_INT_NOISE"),
    "mdbrain.core.asking": (
        "_LEADING", "_TRAILING", "_WITH", "_PAR_QUOI", "_FRENCH_TAIL", "_VERDICT", "_PARTS",
    ),
}  # fmt: skip


def test_a_query_loads_and_compiles_only_what_reading_needs(make_base: MakeBase) -> None:
    """A query is the command agents run most: it loads no module that only writes or
    indexing need, and compiles no pattern that only unusual input needs. A module-level
    import or ``re.compile`` put back shows here."""
    root = make_base(
        {
            "a.md": doc(
                "Postgres",
                body="| Status | Accepted |\n|---|---|\n\nWe keep Postgres for the data.",
            ),
            "b.md": doc("Beta"),
        }
    )
    aged = time.time_ns() - 10**10  # old enough for their stamps to be trusted, not re-read
    for name in ("a.md", "b.md"):
        os.utime(root / name, ns=(aged, aged))
    subprocess.run([sys.executable, "-m", "mdbrain", "index"], cwd=root, check=True)
    code = _command_then(
        ["query", "why postgres"],
        "import importlib, re\n"
        f"loaded = [m for m in {NOT_FOR_A_QUERY!r} if m in sys.modules]\n"
        f"for module, names in {COMPILED_LATER!r}.items():\n"
        "    for name in names:\n"
        "        value = getattr(importlib.import_module(module), name)\n"
        "        if isinstance(value, re.Pattern) or value.cache_info().currsize:\n"
        "            loaded.append(f'{module}.{name}')\n"
        "print(' '.join(loaded) or 'none', file=sys.stderr)",
    )
    printed, loaded = _probe(code, root)
    assert "Postgres" in printed
    assert loaded == "none"


def test_a_question_naming_a_record_no_file_is_numbered_for_reads_no_record_names(
    make_base: MakeBase,
) -> None:
    """Questions naming "vitamin B12", "ADR 7" or "EIP-1559" read like records' names;
    when no file name holds the number, no page can be that record, and the record
    module (whose patterns cost more to compile than the rest of the query) stays
    unloaded."""
    root = make_base({"a.md": doc("Vitamins", body="Vitamin B12 and ADR 7 and EIP-1559.")})
    subprocess.run([sys.executable, "-m", "mdbrain", "index"], cwd=root, check=True)
    code = _command_then(
        ["query", "does vitamin B12 matter, per ADR 7 or EIP-1559?"],
        "print('mdbrain.core.adr' in sys.modules, file=sys.stderr)",
    )
    printed, loaded = _probe(code, root)
    assert "Vitamins" in printed
    assert loaded == "False"


def test_a_question_naming_a_numbered_record_finds_it_by_its_file_name_alone(
    make_base: MakeBase,
) -> None:
    """A question naming "ADR 7" finds decisions/0007-queues.md: its file name says so,
    and reading a file name needs none of the patterns that read a record's text (the
    record module stays unloaded, about a tenth of such a query's time)."""
    root = make_base(
        {
            "decisions/0007-queues.md": doc("Queues", body="We send jobs through a queue."),
            "decisions/0008-cache.md": doc("Cache", body="ADR 7 said jobs go through a queue."),
        }
    )
    subprocess.run([sys.executable, "-m", "mdbrain", "index"], cwd=root, check=True)
    code = _command_then(
        ["query", "what did ADR 7 decide?"],
        "print('mdbrain.core.adr' in sys.modules, file=sys.stderr)",
    )
    printed, loaded = _probe(code, root)
    assert printed.index("decisions/0007-queues.md") < printed.index("decisions/0008-cache.md")
    assert loaded == "False"


def test_a_lazy_pattern_compiles_on_its_first_use_only() -> None:
    pattern = lazy_pattern(r"a(b)", re.IGNORECASE)
    assert pattern.cache_info().currsize == 0  # type: ignore[attr-defined]
    assert pattern() is pattern()
    assert pattern().pattern == "a(b)" and pattern().flags & re.IGNORECASE
    assert pattern().match("AB") is not None


def _command_then(argv: list[str], probe: str) -> str:
    """Code that runs ``mdbrain`` with ``argv`` in its own process, then ``probe``."""
    return (
        f"import sys\nfrom mdbrain.adapters.cli import main\nsys.argv = {['mdbrain', *argv]!r}\n"
        f"try:\n    main()\nexcept SystemExit:\n    pass\n{probe}"
    )


def _probe(code: str, root: Path) -> tuple[str, str]:
    """What ``code`` run in a fresh process in ``root`` prints, and the last line of its
    standard error, where the probes say what was loaded."""
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=False
    )
    lines = out.stderr.strip().splitlines()
    assert lines, out.stdout
    return out.stdout, lines[-1]

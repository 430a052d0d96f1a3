"""Shared fixtures: small knowledge bases built in temporary folders."""

from __future__ import annotations

import errno
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import strategies as st

FIXTURES = Path(__file__).parent / "fixtures"
SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CORPORA = SHARED / "corpora"

MakeBase = Callable[..., Path]


def write_base(project: Path, docs: dict[str, str | bytes], marker: str | None = None) -> Path:
    """Write a marker and documents under ``project``; returns the knowledge root."""
    project.mkdir(parents=True, exist_ok=True)
    (project / ".rag").write_text(
        marker or 'version: "1"\nroot: ./kb\nlang: en\n', encoding="utf-8"
    )
    root = project / "kb"
    root.mkdir(exist_ok=True)
    return write_tree(root, docs)


def write_tree(folder: Path, files: dict[str, str | bytes]) -> Path:
    """Write ``files`` (path from ``folder``: text or bytes) under ``folder``, their
    folders made; returns ``folder``."""
    for rel, content in files.items():
        path = folder / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return folder


@pytest.fixture
def make_base(tmp_path: Path) -> MakeBase:
    def make(docs: dict[str, str | bytes], marker: str | None = None) -> Path:
        return write_base(tmp_path / "project", docs, marker)

    return make


@pytest.fixture
def annex_f(tmp_path: Path) -> Path:
    """The example base of the format specification's Annex F, in a fresh folder."""
    project = tmp_path / "annex-f"
    shutil.copytree(FIXTURES / "annex-f" / "project", project)
    (project / "rag.yaml").rename(project / ".rag")
    return project


def doc(title: str = "A doc", body: str = "", **fields: str) -> str:
    """A valid document with the required fields; keyword arguments add or replace fields."""
    meta = {
        "title": f'"{title}"',
        "summary": '"What this document covers."',
        "type": "concept",
        "status": "stable",
        "tags": "[example]",
        "updated": "2026-07-01",
    }
    meta.update(fields)
    head = "\n".join(f"{key}: {value}" for key, value in meta.items())
    return f"---\n{head}\n---\n\n# {title}\n\n{body}\n"


def mixed_texts(
    fragments: list[str], alphabet: str, *, joined: int, drawn: int, free: int
) -> st.SearchStrategy[str]:
    """A hypothesis strategy of texts three ways: up to ``joined`` of ``fragments`` in a
    row, up to ``drawn`` characters of ``alphabet``, or up to ``free`` of any."""
    return st.one_of(
        st.lists(st.sampled_from(fragments), max_size=joined).map("".join),
        st.text(alphabet=alphabet, max_size=drawn),
        st.text(max_size=free),
    )


def fail_writes(
    monkeypatch: pytest.MonkeyPatch,
    name: str,
    code: int = errno.ENOSPC,
    said: str = "No space left",
) -> None:
    """Make every write of the file ``name`` (a path from the folder written into) fail as
    the disk would, with ``code``; the other writes go through."""
    from mdbrain.store import files

    real = files.write

    def failing(folder: Path, rel: str, data: bytes | str) -> Path:
        if rel == name:
            raise files.storage_error(rel, OSError(code, said), "write it")
        return real(folder, rel, data)

    monkeypatch.setattr(files, "write", failing)

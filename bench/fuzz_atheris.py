"""Coverage-guided fuzzing of the parsers with atheris (optional: ``pip install atheris``).

Each input is split into a document's bytes and a marker's text; the document goes
through the manifest entry builder (decoding, frontmatter, fields, links, body scan,
secret rules), then the lenient reader, and the marker through its loader. Any exception
other than mdbrain's own typed errors is a crash, reported with the input that caused it.

    .venv/bin/python bench/fuzz_atheris.py -runs=100000          # a campaign
    .venv/bin/python bench/fuzz_atheris.py crash-<hash>          # replay one input

tests/test_fuzz.py runs it for a few thousand inputs when atheris is installed.
"""

from __future__ import annotations

import contextlib
import sys

try:
    import atheris
except ImportError:  # pragma: no cover - the harness is optional
    sys.exit("atheris is not installed: pip install atheris")

with atheris.instrument_imports():
    from mdbrain.core import document, manifest, marker
    from mdbrain.core.errors import MdbrainError


def one_input(data: bytes) -> None:
    provider = atheris.FuzzedDataProvider(data)
    framed = provider.ConsumeBool()  # most inputs start as a document does
    raw = provider.ConsumeBytes(provider.ConsumeIntInRange(0, len(data)))
    if framed:
        raw = b"---\ntitle: " + raw.replace(b"|", b"\n", 1).replace(b"|", b"\n---\n", 1)
    marker_text = provider.ConsumeUnicodeNoSurrogates(provider.remaining_bytes())
    with contextlib.suppress(MdbrainError):
        manifest.entry_from_bytes(raw, "fuzz/doc.md")
    with contextlib.suppress(MdbrainError):
        document.loads_leniently(document.decode(raw, path="fuzz/doc.md"), "fuzz/doc.md")
    with contextlib.suppress(MdbrainError):
        marker.loads(marker_text, path="/project/.rag")


def main() -> None:
    atheris.Setup(sys.argv, one_input)
    atheris.Fuzz()


if __name__ == "__main__":
    main()

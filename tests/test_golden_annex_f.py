"""The Annex F example of the format specification, regenerated and compared.

The three derived files in ``fixtures/annex-f/seed`` are the specification's
own versions, byte for byte. mdbrain's output must equal them once the
differences below are applied, and each difference says why it exists.
"""

from __future__ import annotations

from pathlib import Path

from mdbrain.service.brain import Brain
from tests.conftest import FIXTURES

SEED = FIXTURES / "annex-f" / "seed"

# (file, text in the specification, text mdbrain writes, why)
DIFFERENCES = [
    (
        "RELATIONS.yaml",
        'generated: "2026-07-01T19:46:00+02:00"',
        'generated: "2026-07-01"',
        "The date is the latest `updated` among the documents, not the clock: regenerating"
        " an unchanged base must leave every byte as it was, and the documents carry days.",
    ),
    (
        "RELATIONS.yaml",
        "  securite/mfa.md:\n    links:\n      - perimetre-fonctionnel/authentification/login.md\n"
        "    related: []",
        "  securite/mfa.md:\n    links:\n      - perimetre-fonctionnel/authentification/login.md\n"
        "    related:\n      - perimetre-fonctionnel/authentification/login.md",
        "mfa.md's frontmatter says `related: [perimetre-fonctionnel/authentification/login.md]`;"
        " the specification's example forgot it, the rule (related = the frontmatter field) keeps it.",
    ),
    (
        "INDEX.md",
        "Flux de connexion par identifiant/mot de passe, MFA optionnel, verrouillage après N échecs.",
        "Flux de connexion par identifiant/mot de passe, MFA optionnel et verrouillage après N échecs.",
        "The manifest copies each document's summary; the example's INDEX shows an older wording"
        " of login.md's summary.",
    ),
    (
        "INDEX.md",
        "Gestion de session : création, durée de vie, rotation, révocation.",
        "Gestion de session : création, durée de vie, rotation et révocation (cookie httpOnly).",
        "Same: session.md's summary as the document states it.",
    ),
    (
        "INDEX.md",
        "enrollment, vérification et repli. |",
        "enrollment, vérification et repli vers le login. |",
        "Same: mfa.md's summary as the document states it.",
    ),
]


def expected(name: str) -> str:
    text = (SEED / name).read_text(encoding="utf-8")
    for file, before, after, _why in DIFFERENCES:
        if file == name:
            assert before in text, f"difference no longer applies to the seed's {name}: {before!r}"
            text = text.replace(before, after)
    return text


def test_annex_f_indexes_match_the_specification_with_listed_differences(annex_f: Path) -> None:
    brain = Brain.open(annex_f)
    report = brain.index()
    assert report.documents == 3
    assert report.findings == ()
    for name in ("OVERVIEW.md", "INDEX.md", "RELATIONS.yaml"):
        generated = (annex_f / "docs-rag" / name).read_text(encoding="utf-8")
        assert generated == expected(name), name


def test_every_listed_difference_is_justified() -> None:
    for _file, before, after, why in DIFFERENCES:
        assert before != after
        assert len(why) > 40


def test_overview_of_the_example_is_the_specification_verbatim(annex_f: Path) -> None:
    Brain.open(annex_f).index()
    generated = (annex_f / "docs-rag" / "OVERVIEW.md").read_bytes()
    assert generated == (SEED / "OVERVIEW.md").read_bytes()


def test_the_example_base_is_clean_for_the_check(annex_f: Path) -> None:
    import datetime as dt

    report = Brain.open(annex_f, clock=lambda: dt.date(2026, 7, 1)).check()
    assert report.findings == ()
    assert report.exit_code(strict=True) == 0

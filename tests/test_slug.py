"""Slugs follow the naming rule of the format."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from mdbrain.core.slug import slugify, unique


def test_the_format_examples_slug_as_written() -> None:
    assert slugify("Authentification 2FA") == "authentification-2fa"
    assert slugify("Gestion des accès") == "gestion-des-acces"
    assert slugify("API_Utilisateur") == "api-utilisateur"
    assert slugify("loginService") == "login-service"
    assert slugify("!!!") == "document"


def test_every_script_is_transliterated_into_a_readable_name() -> None:
    assert slugify("Łódź") == "lodz"  # not "odz": letters without a decomposition are kept
    assert slugify("Привет мир") == "privet-mir"
    assert slugify("日本語") == "ri-ben-yu"
    assert slugify("Καλημέρα") == "kalemera"
    assert slugify("œuvre straße") == "oeuvre-strasse"
    assert slugify("L’éditeur cartographique") == "l-editeur-cartographique"
    assert slugify("BD TOPO® Express") == "bd-topo-express"  # signs are not read aloud
    assert len({slugify(t) for t in ("日本語", "Привет", "Γειά")}) == 3  # no "document" for all


def test_collisions_get_a_number() -> None:
    assert unique("adr", []) == "adr"
    assert unique("adr", ["adr", "adr-2"]) == "adr-3"


def test_a_long_name_is_cut_in_its_middle_so_that_a_series_stays_apart() -> None:
    head = "Format XML reference: EntrySelectedBy element for EntrySelectedBy for"
    names = {slugify(f"{head} {end} format") for end in ("ListEntry", "TableControl", "WideEntry")}
    assert len(names) == 3 and all(len(name) <= 80 for name in names)
    assert all(name.startswith("format-xml-reference-") for name in names)
    assert any(name.endswith("-for-tablecontrol-format") for name in names)  # words whole
    assert slugify("x" * 100) == "x" * 80  # one word: cut where it must be


@given(st.text())
def test_every_slug_obeys_the_naming_rule(text: str) -> None:
    slug = slugify(text)
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", slug) and len(slug) <= 80

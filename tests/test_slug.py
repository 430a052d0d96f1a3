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


def test_collisions_get_a_number() -> None:
    assert unique("adr", []) == "adr"
    assert unique("adr", ["adr", "adr-2"]) == "adr-3"


@given(st.text())
def test_every_slug_obeys_the_naming_rule(text: str) -> None:
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", slugify(text))

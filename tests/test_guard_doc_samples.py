"""Samples of reference documentation the guard took for secrets, found by a trial import
of an MkDocs site (edgexfoundry/edgex-docs), each beside the secrets of the same shape
that must still be refused:

* a service's name given to a key's name (``serviceKey = "app-simple-filter-xml"`` in
  Go, ``service_key = "..."`` in Python): an identifier of words in small letters, one of
  them an abbreviation (``xml``, ``my``);
* an identifier of a word and a small number given to a token's name
  (``"ProfileToken": "profile_1"``, an ONVIF camera's profile), though digits run into
  a word (``pony42``) are still read as a person's password;
* a sample password named after its kind (``password: "aws-pw"`` beside
  ``username: "aws-user"``);
* the stand-in John Doe as a login writes it (``jdoe@gmail.com`` as a sender in a table
  of settings), while a person's address on the same host, in the same table, is kept out.

Real values keep their answer: a vendor's key or a random value under the same names, a
common password with a number, an identifier given to a password's name, random groups
of letters, and the sample Vault token and Redis password the trial judged worth
refusing."""

from __future__ import annotations

import random
import string

import pytest

from mdbrain.core import guard
from mdbrain.store import secret_scan

_RNG = random.Random(20240611)  # noqa: S311 - fake values, never secrets
ALNUM = string.ascii_letters + string.digits


def _random(size: int, alphabet: str = ALNUM) -> str:
    while True:
        value = "".join(_RNG.choice(alphabet) for _ in range(size))
        if alphabet != ALNUM or (
            any(c.isupper() for c in value)
            and any(c.islower() for c in value)
            and any(c.isdigit() for c in value)
        ):
            return value


# random values of the shapes the trial's pages hold, drawn once
LIVE_KEY = "sk_live_" + _random(24)
RANDOM_VALUE = _random(20)
VAULT_TOKEN = "s." + _random(24)
REDIS_PASSWORD = _random(32, ALNUM + "+/") + "Ab1+"


def secret_rules(text: str) -> list[str]:
    return [hit.rule for hit in guard.scan(text)]


def personal_rules(text: str) -> list[str]:
    return [hit.rule for hit in guard.personal(text)]


def write_guard(text: str) -> list[str]:
    """What the write guard an import runs refuses: mdbrain's rules, personal data, and
    detect-secrets' second opinion."""
    return [hit.rule for hit in secret_scan.inspect(text, personal_data=True)]


# --- a service's name given to a key's name -----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        'const (\n\tserviceKey = "app-simple-filter-xml"\n)',
        'const serviceKey = "app-my-service"',
        'service_key = "app-simple-filter-xml"',
        "serviceKey: 'app-rules-engine-db'",
        'SERVICE_KEY="device-onvif-camera"',
    ],
)
def test_a_service_name_given_to_a_key_name_passes(text: str) -> None:
    assert secret_rules(text) == []
    assert write_guard(text) == []


@pytest.mark.parametrize(
    "text",
    [
        f'serviceKey = "{LIVE_KEY}"',
        f'service_key = "{LIVE_KEY}"',
        f'const serviceKey = "{RANDOM_VALUE}"',
        f'service_key = "{RANDOM_VALUE}"',
        f'SERVICE_KEY="{RANDOM_VALUE}"',
    ],
)
def test_a_key_or_a_random_value_under_a_service_key_is_refused(text: str) -> None:
    assert secret_rules(text)
    assert write_guard(text)


# --- an identifier of a word and a small number given to a token's name ------------------


@pytest.mark.parametrize(
    "text",
    [
        '"ProfileToken": "profile_1"',
        "profileToken: 'camera-02'",
        'session_token = "stream_main_1"',
    ],
)
def test_an_identifier_with_a_number_under_a_token_name_passes(text: str) -> None:
    assert secret_rules(text) == []
    assert write_guard(text) == []


@pytest.mark.parametrize(
    "text",
    [
        f'"ProfileToken": "{RANDOM_VALUE}"',
        '"ProfileToken": "profile_1x9Qz"',
        # digits run into a word, or a common password numbered: how people make the
        # passwords they use
        '"ProfileToken": "profile1"',
        'secret: "pony42"',
        'api_token = "monkey_123"',
        '"ProfileToken": "dragon-1"',
        # given to a password's name, an identifier may be the password chosen
        'password: "profile_1"',
        'db_password = "camera-02"',
        'password: "tiger-lamp-42"',
    ],
)
def test_a_token_a_common_password_or_a_password_keeps_its_answer(text: str) -> None:
    assert secret_rules(text) == ["password-assignment"]


@pytest.mark.parametrize(
    "value",
    # random groups of small letters, one of them short: letters as no English words have
    ["qzvk-wtrp-bnmx-lkjh", "xqz-vkwp-bnmj", "zxq_kvwj_pm"],
)
def test_random_groups_of_letters_under_a_key_name_are_refused(value: str) -> None:
    assert secret_rules(f'serviceKey = "{value}"') == ["password-assignment"]


# --- a sample password named after its kind ------------------------------------------


def test_a_password_named_after_its_kind_passes() -> None:
    page = (
        "```yaml\n"
        "InsecureSecrets:\n"
        "  AWS:\n"
        '    SecretName: "aws"\n'
        "    SecretsData:\n"
        '      username: "aws-user"\n'
        '      password: "aws-pw"\n'
        "```\n"
    )
    assert secret_rules(page) == []
    assert write_guard(page) == []
    assert secret_rules('password = "redis-pwd"') == []
    assert secret_rules("DB_PASSWORD=db_pass") == []


@pytest.mark.parametrize(
    "text",
    [
        'password: "aws-Pw7x!k"',
        'password: "Kd83mZ-pw"',
        f'password: "{RANDOM_VALUE}-pw"',
        'password: "hunter2-pw2"',
    ],
)
def test_a_password_that_only_ends_like_its_kind_is_refused(text: str) -> None:
    assert secret_rules(text) == ["password-assignment"]


# --- the tokens and passwords the trial judged worth refusing still are -----------------


@pytest.mark.parametrize(
    "text",
    [
        f"curl -s -H 'X-Vault-Token: {VAULT_TOKEN}' http://localhost:8200/v1/secret/x",
        f'{{\n  "auth": {{\n    "client_token": "{VAULT_TOKEN}"\n  }}\n}}',
        f'"data": {{\n    "password": "{REDIS_PASSWORD}",\n    "username": "redis5"\n}}',
    ],
)
def test_sample_tokens_and_generated_passwords_are_still_refused(text: str) -> None:
    assert secret_rules(text)


# --- John Doe as a login writes it -----------------------------------------------------


@pytest.mark.parametrize(
    "address", ["jdoe@gmail.com", "j.doe@outlook.com", "john_doe@yahoo.com", "jane-doe2@gmail.com"]
)
def test_john_doe_as_a_login_is_a_stand_in_on_any_host(address: str) -> None:
    row = f"|Smtp Sender|{address} |SMTP service sender/username|"
    assert personal_rules(row) == []
    assert write_guard(row) == []


@pytest.mark.parametrize(
    "address",
    [
        "jdoerr@gmail.com",
        "jdoe.kowalski@gmail.com",
        "kjdoe@gmail.com",
        "mkowalski@gmail.com",
        "jim.marsh@gmail.com",
    ],
)
def test_a_person_address_in_a_table_of_settings_is_refused(address: str) -> None:
    row = f"|Smtp Sender|{address} |SMTP service sender/username|"
    assert personal_rules(row) == ["email"]
    # and in a configuration example in a code block, as the same host goes
    assert personal_rules(f"```toml\n[Smtp]\nSender = '{address}'\n```") == ["email"]

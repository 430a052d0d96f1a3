"""What importing grpc/proposal refused for nothing: Markdown link reference
definitions under a line that says "creds" read as a credential said in a sentence
(A97's ``[A71]: A71-xds-fallback.md``), and a type's name given to a function's
parameter read as a password (A107's ``private_key_sign_fn: "CustomPrivateKeySign"``).
Each passing case beside a near one that must still be refused."""

from __future__ import annotations

import pytest

from mdbrain.core import guard
from mdbrain.store import secret_scan


def refused(text: str) -> list[str]:
    """What a write or an import refuses: every rule, personal data, detect-secrets."""
    return [hit.rule for hit in secret_scan.inspect(text, personal_data=True)]


def secret_rules(text: str) -> list[str]:
    return [hit.rule for hit in guard.scan(text)]


# --- link reference definitions -----------------------------------------------------------

A97_REFERENCES = """\
## Related Proposals:

* [A27: xDS-Based Global Load Balancing][A27]
* [A65: mTLS Credentials in xDS Bootstrap File][A65]
* [A71: xDS Fallback][A71]
* [A83: xDS GCP Authentication Filter][A83]

[A27]: A27-xds-global-load-balancing.md
[A65]: A65-xds-mtls-creds-in-bootstrap.md
[A71]: A71-xds-fallback.md
[A83]: A83-xds-gcp-authn-filter.md

## Proposal
"""


def test_reference_definitions_after_creds_pass() -> None:
    """grpc/proposal's A97: the words of the definitions before ("creds") named the
    destination of the next one a credential."""
    assert refused(A97_REFERENCES) == []


@pytest.mark.parametrize(
    "text",
    [
        # a title after the destination, a quoted block, an indented definition
        "The creds file:\n\n[A65]: A65-mtls-creds.md\n[A71]: A71-xds-fallback.md 'Fallback'\n",
        "> See the token docs\n> [A71]: A71-xds-fallback.md\n",
        "Tokens, in the secret store:\n   [A71]: A71-xds-fallback.md\n",
        # a destination on the line after its label
        "The API key\n[Rotate2]:\n  Rotate-Keys-A71-v2.md\n",
    ],
)
def test_a_definition_is_a_link(text: str) -> None:
    assert secret_rules(text) == []


@pytest.mark.parametrize(
    "text",
    [
        # a token in the destination's address: read by the rules on addresses and tokens
        "Our creds:\n\n[dash]: https://dash.acme-corp.net/login?token=xK9fQ2mZ7pLw3RtY8vBnQ3\n",
        "[db]: postgres://admin:Xk9mQ2vL7pR4wZt@db.acme-corp.net:5432/prod\n",
        "[repo]: https://github.com/acme/x?access_token=ghp_R8kLm2NqP4sT6vX9zB1cD3fH5jK7nQ0wYeA2\n",
        # the label names the credential the destination is
        "[API key]: xK9fQ2mZ7pLw3RtY8vBn\n",
        # a footnote is prose, not a link
        "The staging creds are in a note.[^1]\n\n[^1]: The API key is xK9fQ2mZ7pLw3RtY8vBn\n",
        # the same value said in a sentence, after a definition or with no definition
        "[A65]: A65-xds-mtls-creds.md\nThe access key is jSJTEkKquw4K2G9pLm7x.\n",
        "The SES secret access key is A71-xds-fallback.md\n",
        "A line ending in ]: the password is: Tr0ub4dor9xQ2mZ\n",
    ],
)
def test_secrets_in_and_near_definitions_are_refused(text: str) -> None:
    assert refused(text) != []


# --- a type's name given to a function's or a key's parameter ----------------------------

A107_SIGNATURE = '''\
@experimental_api
def ssl_channel_credentials_with_custom_signer(
    *,
    private_key_sign_fn: "CustomPrivateKeySign",
    root_certificates: Optional[bytes] = None,
    certificate_chain: bytes,
) -> grpc.ChannelCredentials:
    """Creates a ChannelCredentials for use with an SSL-enabled Channel."""
'''


def test_a_type_annotation_of_a_signing_function_passes() -> None:
    """grpc/proposal's A107: a forward reference to a type, given to a function."""
    assert refused(A107_SIGNATURE) == []


@pytest.mark.parametrize(
    "text",
    [
        # a name that holds code: a function, a factory, a class
        'sign(private_key_fn="Xk9mQ2vL7pR4wZtB")',
        "token_factory = 'Kj8HqW2zPm4TnV6x'",
        'secret_key_func: "make_secret_Key2"',
        "credentials_cls = 'Gq7TnV2zPm4Kj8Hx'",
        # a class's or a type's name given to a key's or a token's parameter
        'def load(private_key: "RSAPrivateKey") -> None: ...',
        'signing_key: "CustomPrivateKeySign"',
        "access_token = 'HTTPSConnectionPool'",
        'api_key: "MapsPlatformClient"',
    ],
)
def test_functions_and_types_pass(text: str) -> None:
    assert refused(text) == []


@pytest.mark.parametrize(
    "text",
    [
        # a real-looking password or key under a key's name
        'private_key: "Xk9#mQ2vL7pR4wZt"',
        'private_key_sign: "Xk9mQ2vL7pR4wZtB"',
        "api_key = 'Kj8HqW2zPm4TnV6x'",
        # words in CamelCase are a passphrase under a password's name
        'private_key_password: "GlacierOrbitLantern"',
        'db_password = "PurpleMonkeyDishwasher"',
        # a type's name with digits, or random capitals and small letters
        'secret_key: "Ed25519PrivateKey"',
        'signing_key: "HjqXklMnpQrsWvb"',
        # a vendor's token is read by its own pattern, whatever its name
        'github_token_fn = "ghp_R8kLm2NqP4sT6vX9zB1cD3fH5jK7nQ0wYeA2"',
    ],
)
def test_secrets_near_functions_and_types_are_refused(text: str) -> None:
    assert refused(text) != []


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("CustomPrivateKeySign", True),
        ("RSAPrivateKey", True),
        ("HTTPSConnectionPool", True),
        ("ParseXML", True),
        ("Secret", False),  # one word
        ("ABCDEFGH", False),
        ("Ed25519PrivateKey", False),  # a digit
        ("HjqXklMnpQrsWvb", False),  # runs with no vowel
        ("QwErTyUiOp", False),
        ("Xk9mQ2vL7pR4", False),
        ("Custom_Private", False),  # a sign
    ],
)
def test_type_name(value: str, expected: bool) -> None:
    from mdbrain.core.guard.values import type_name  # new here: imported where tested

    assert type_name(value) is expected

"""Two credentials a trial on a real repository got past the guard, with their families:
a password that holds a placeholder's word among words and digits of its own
(``db_password = "Hunter2-Secret-99"`` passed as a stand-in for its "Secret"), and HTTP
Basic credentials written where headers are set (``Authorization=Basic <base64>`` in
``OTEL_EXPORTER_OTLP_HEADERS``, whose password held "Secret" too). Stand-ins built on
placeholder words, and Basic examples of documentation, still pass."""

from __future__ import annotations

import base64

import pytest

from mdbrain.core import guard
from mdbrain.core.guard.samples import placeholder, stand_in_password
from mdbrain.store import secret_scan


def secret_rules(text: str) -> list[str]:
    return [hit.rule for hit in guard.inspect(text)]


def basic(pair: str) -> str:
    return base64.b64encode(pair.encode()).decode()


# --- a placeholder's word mixed into a password ------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        'db_password = "Hunter2-Secret-99"',  # the trial's
        "SMTP_PASSWORD=Winter-Secret-42",
        'api_token: "Acme7Token!2291"',
        "password = 'Changeme!Orion77'",
        '"client_secret": "prod-secret-7Kq2Lm"',
        'REDIS_PASSWORD="Kx8#secret-Zq3"',
        "<password>Mango-Passw0rd-31</password>",
        "export DB_PASS=Secret4Prod#2024",
        "  password: Token-Falcon-88",
        'mot_de_passe = "Soleil-Secret-2023"',
        "mysql --password=Passphrase9-Ruby-4 shop",
        'jwt_secret = "Secret_Kd83mZ"',
        'admin_password = "Admin7-Secret-42"',
    ],
)
def test_a_password_holding_a_placeholder_word_is_refused(text: str) -> None:
    assert "password-assignment" in secret_rules(text)


@pytest.mark.parametrize(
    "text",
    [
        'password = "<your-secret>"',
        'db_password = "changeme"',
        'password: "${SECRET}"',
        'client_secret = "your-secret-here"',
        'password = "changeme123"',
        'password = "secret123"',
        'password: "Secret123!"',
        'password = "mysecretpassword"',
        'SECRET_KEY = "super-secret-key-123"',
        "JWT_SECRET=my-jwt-secret-2024",
        'password = "not-a-real-password-1"',
        'token = "test-token-1"',
        'api_key = "dev-api-key-123"',
        'password: "P@ssw0rd1"',
        'password = "S3cr3tPassw0rd!"',
        'password: "Sup3rS3cret!"',
        'client_secret = "example-secret-42xyz"',
        'secret: "secret-v2"',
        'client_secret: "client-secret-v2-2024"',
        'api_key = "YOUR_API_KEY_HERE_1234"',
        'SECRET_KEY = "change-me-in-production-2024"',
        'AUTH_SECRET="my-auth-secret-32-chars-long-123"',
        'secret_key = "s3-secret-key-1"',
        "docker run -e MYSQL_ROOT_PASSWORD=my-secret-pw -d mysql:8.0",
        'sasl.jaas.config=PlainLoginModule required username="alice" password="alice-secret";',
        # documentation that the first version of the rule refused: a password in leet
        # like its own word (docker-library/docs), a value named after its kind and
        # numbered (bitnami/charts), a reference and an option's name (traefik), prose
        'HTTP_API_PASSWORD="My-Cust0m_S3cR3T"',
        'replicationPassword: "newReplicationPassword123"',
        'clientSecret: "urn:k8s:secret:my-secret:clientSecret"',
        '<a id="opt-secretNonBase64Encoded" title="#opt-x">`secretNonBase64Encoded`</a>',
        "// <token>は10分ごとにrefreshBearerTokenから取得されます。",
    ],
)
def test_a_stand_in_built_on_placeholder_words_passes(text: str) -> None:
    assert secret_rules(text) == []


@pytest.mark.parametrize(
    ("value", "stands_in"),
    [
        ("Hunter2-Secret-99", False),
        ("Changeme!Orion77", False),
        ("Secret_Kd83mZ", False),
        ("Winter-Secret-42", False),
        ("Admin7-Secret-42", False),
        ("mysecretpassword", True),
        ("changeme123", True),
        ("your-secret-here", True),
        ("super-secret-key-123", True),
        ("secret-v2", True),
        ("change-me-in-production-2024", True),
        ("EXAMPLE-Secret-42xyz", True),  # "example": no password says it
    ],
)
def test_a_placeholder_word_makes_a_stand_in_only_among_stand_in_words(
    value: str, stands_in: bool
) -> None:
    assert placeholder(value) is stands_in
    assert stand_in_password(value) is stands_in


# --- HTTP Basic credentials --------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # the trial's: a user and a password holding "Secret"
        'OTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic b3RlbDpIdW50ZXIyLVNlY3JldC05OQ=="',
        f'curl -H "Authorization: Basic {basic("deploy:Winter-Secret-42")}" https://ci.internal',
        # URL-encoded, as OpenTelemetry's headers variables are written
        f"OTEL_EXPORTER_OTLP_HEADERS=Authorization=Basic%20{basic('123456:Zq7vK2mP9xL4')}",
        # a header set by a server's configuration, not after "Authorization:"
        f'proxy_set_header Authorization "Basic {basic("admin:Tr0ub4dor&3x")}";',
        f'RequestHeader set Authorization "Basic {basic("svc_backup:k7Qm2pXz9L")}"',
        f'auth_header = "Basic {basic("collector:Staging-Token-2024!")}"',
        f"- name: Authorization\n  value: Basic {basic('grafana:Mango-Passw0rd-31')}",
        # a short password is one too
        f"Authorization: Basic {basic('ops:x7k')}",
    ],
)
def test_basic_credentials_are_refused_wherever_a_header_is_written(text: str) -> None:
    assert secret_rules(text) != []


@pytest.mark.parametrize(
    "text",
    [
        "Authorization: Basic <base64>",
        "Authorization: Basic dXNlcjpwYXNzd29yZA==",  # user:password
        f"Authorization: Basic {basic('username:password')}",
        f"Authorization: Basic {basic('admin:admin')}",
        f"Authorization: Basic {basic('user:changeme')}",
        f"Authorization: Basic {basic('user:your-secret-here')}",
        f"Authorization: Basic {basic('myuser:mysecretpassword')}",
        f"Authorization: Basic {basic('user:')}",  # no password
        "OTEL_EXPORTER_OTLP_HEADERS=Authorization=Basic%20dXNlcjpwYXNzd29yZA==",
        'OTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic ${GRAFANA_BASIC_AUTH}"',
        f'proxy_set_header Authorization "Basic {basic("user:pass")}";',
        'proxy_set_header Authorization "Basic $http_authorization";',
        "Authorization: Basic $(echo -n 'user:pass' | base64)",
        "The Basic scheme: Authorization: Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==",  # RFC 7617
        "HTTP Basic authentication sends user:password encoded in base64.",
        "Basic Authentication Scheme (RFC 7617)",
        "## Basic Configuration",
        'auth_basic "Restricted Content";',
    ],
)
def test_basic_examples_of_documentation_pass(text: str) -> None:
    assert secret_rules(text) == []


def test_the_trials_two_values_are_refused_by_the_whole_write_guard() -> None:
    for text in (
        'db_password = "Hunter2-Secret-99"',
        'OTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic b3RlbDpIdW50ZXIyLVNlY3JldC05OQ=="',
    ):
        assert secret_scan.inspect(f"# Staging auth\n\n{text}\n"), text

"""False positives met on real public documentation, each with the near misses that must
still be caught: an account name after a credential's name (PowerShell-Docs), rows of
numbers read as phone numbers (PowerShell-Docs), a single word held by the second opinion
and an encoded stand-in (kubernetes/enhancements)."""

from __future__ import annotations

import base64
from collections.abc import Iterable

import pytest

from mdbrain.core import guard
from mdbrain.core.guard import assignments, encoding, values
from mdbrain.store import secret_scan


def secret_rules(text: str) -> list[str]:
    return [hit.rule for hit in guard.inspect(text)]


def personal_rules(text: str) -> list[str]:
    return [hit.rule for hit in guard.personal(text)]


# --- an account name after a credential's name -----------------------------------------


@pytest.mark.parametrize(
    "line",
    [
        # from MicrosoftDocs/PowerShell-Docs: -Credential takes a user name and prompts
        "PS> Enter-PSSession -ComputerName Server01 -Port 90 -Credential Domain01\\User01",
        "Invoke-Command -ComputerName Server01 -Credential Domain01\\User01 -ScriptBlock {",
        '$Session = New-PSSession -ComputerName "Server01" -Credential "Contoso\\User01"',
        "$cred = Get-Credential -Credential Contoso\\ServiceAccount",
        "$Cred = Get-Credential -Credential domain\\user",
        "Get-WmiObject Win32_Service -Credential FABRIKAM\\administrator -ComputerName Fabrikam",
        "Save-Help -DestinationPath \\\\Server01\\FileShare01 -Credential Domain01\\Admin01",
        "$Global:s = New-PSSession -ComputerName Server1.Domain44.Corpnet.Fabrikam.com"
        " -Credential Domain01\\Admin01",
        'Remove-Computer -ComputerName "Server01" -UnjoinDomainCredential Domain01\\Admin01',
        "Rename-Computer -NewName Server044 -DomainCredential Domain01\\Admin01 -Restart",
        "    Credential    = 'server01\\user01'",
        "    Credential = 'Domain01/Admin01'",
        '    DomainCredential = "Domain01\\Admin01"',
        "    ProxyCredential = 'Domain01\\User01'",
        "    LocalCredential = 'Server01\\Admin01'",
        "    Credential = 'exchangeadmin01@hotmail.com'",
        "    Credential = 'admin@corp.contoso.com'",
        "Invoke-Command -ComputerName S1 -Credential ServiceAccount01 -ScriptBlock { dir }",
        "Invoke-Command -ComputerName S1 -Credential svc-backup01",
        "Invoke-Command -ComputerName S1 -Credential (Get-Credential) -ScriptBlock { dir }",
        "Invoke-Command -ComputerName S1 -Credential $cred",
        "$Credential = Get-Credential",
    ],
)
def test_an_account_name_after_a_credential_word_passes(line: str) -> None:
    assert secret_rules(line) == []


@pytest.mark.parametrize(
    "line",
    [
        "Connect-Thing -Server S1 -Password 'Xk9#mQ2$vL7pR4!z'",
        "Connect-Thing -Server S1 -Password Xk9#mQ2vL7pR4!z",
        'credential = "ghp_' + "Zq7vK2mP9xW4tR8nB6yH3jL5cF1dG0sA2eQ9" + '"',
        "Invoke-Command -ComputerName S1 -Credential Xk9#mQ2vL7pR4!z",
        "    Credential = 'Domain01\\Xk9#mQ2vL7pR4!z'",
        "credentials: admin:Zq7vK2mP9xW4tR8n",
        # an account's shape is no excuse after a password's name
        "Connect-Thing -Server S1 -Password Domain01\\User01",
        "password = 'contoso\\Summer2024'",
    ],
)
def test_a_secret_after_a_credential_word_is_still_caught(line: str) -> None:
    assert secret_rules(line) != []


# --- rows of numbers are not phone numbers ---------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # from PowerShell-Docs, Format-Hex: the column header and a row of bytes
        "Label: String (System.String) <2944BEC3>\n\n"
        "          Offset Bytes                                           Ascii\n"
        "                 00 01 02 03 04 05 06 07 08 09 0A 0B 0C 0D 0E 0F\n"
        "          ------ ----------------------------------------------- -----\n"
        "0000000000000000 48 65 6C 6C 6F 20 57 6F 72 6C 64 21             Hello World!\n",
        "0000000000000010 06 48 27 91 35 02 11 4A 59 03 20 33 41 52 07 09 ................",
        # from PowerShell-Docs, the language specification: the range of a 32-bit integer
        "- Type `int`, which uses 32 bits giving it a range of -2147483648 to +2147483647.",
        "Its values run from -9007199254 to +9007199254, both included.",
        "The largest value is +4294967295; beyond it the counter wraps.",
    ],
)
def test_rows_of_numbers_and_integer_limits_are_not_phone_numbers(text: str) -> None:
    assert personal_rules(text) == []


@pytest.mark.parametrize(
    "text",
    [
        "Call +33 6 48 27 91 35 after nine.",
        "Call +44 20 7946 0958 after nine.",
        "Appelez le 06 48 27 91 35 après neuf heures.",
        "Call +1 415 867 2671 after nine.",
        "Reach her at +14158672671 or by mail.",
        # a number in a table whose next cell is text, or that a word follows
        "| Ana | 06 48 27 91 35 | Lyon |",
        "Ana: 06 48 27 91 35 (mobile)",
        # a phone number after a negative one that is no range's bound
        "Balance -120, call +33 6 48 27 91 35.",
    ],
)
def test_real_phone_numbers_are_still_caught(text: str) -> None:
    assert personal_rules(text) == ["phone"]


# --- a single word held by the second opinion ------------------------------------------


def _opinion(kind: str, value: str) -> guard.SecondOpinion:
    """A second opinion that finds ``value`` wherever it is written."""

    def find(text: str) -> Iterable[tuple[str, int, str]]:
        for number, line in enumerate(text.split("\n"), start=1):
            if value in line:
                yield kind, number, value

    return find


@pytest.mark.parametrize(
    ("line", "value"),
    [
        # from kubernetes/enhancements, KEP 1602: a redacted field in a logging example
        ('req := Request{Method: "GET", Timeout: 30, secret: "pony"}', "pony"),
        ('  secret: "pony"', "pony"),
        ("api_token = 'banana'", "banana"),
    ],
)
def test_a_single_short_word_is_a_stand_in_for_the_second_opinion(line: str, value: str) -> None:
    opinion = _opinion("Secret Keyword", value)
    assert guard.inspect(f"Intro.\n\n{line}\n", second_opinion=opinion) == []


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ('secret: "Xk9#m"', "Xk9#m"),
        ('secret: "xkqzvbtw"', "xkqzvbtw"),  # random letters, not a word
        ('secret: "pony42"', "pony42"),
        # longer than a short word, a word's vowels, random letters ("ponyexpressway",
        # words run together, passes: test_guard_tokens)
        ('secret: "jqxzwvkbpyufogeh"', "jqxzwvkbpyufogeh"),
        ("password = 'banana'", "banana"),  # a word given to a password may be one
    ],
)
def test_other_short_values_stay_with_the_second_opinion(line: str, value: str) -> None:
    opinion = _opinion("Secret Keyword", value)
    hits = guard.inspect(f"Intro.\n\n{line}\n", second_opinion=opinion)
    assert [hit.line for hit in hits] == [3]


@pytest.mark.parametrize(
    ("line", "value", "stands"),
    [
        # the name of a Kubernetes Secret, mentioned first in prose, then given to a
        # constant
        (
            "Write the token secret `os-stream`: add a `TokenSecretName = "
            '"os-stream"` constant beside `TokenSecretReleaseKey`.',
            "os-stream",
            False,
        ),
        ('secretNamespace: "kube-system"', "kube-system", False),
        ('client_secret: "xk-stream9"', "xk-stream9", True),
        ("the token secret holds xk-stream9", "xk-stream9", True),  # given to no name
    ],
)
def test_a_value_given_only_to_names_about_something_else_is_no_secret(
    line: str, value: str, stands: bool
) -> None:
    opinion = _opinion("Secret Keyword", value)
    hits = guard.inspect(f"Intro.\n\n{line}\n", second_opinion=opinion)
    assert [hit.line for hit in hits] == ([3] if stands else [])


def test_the_logging_example_passes_detect_secrets_too() -> None:
    if not secret_scan.available():
        pytest.skip("detect-secrets is not installed")
    text = 'Intro.\n\n```go\nreq := Request{Method: "GET", Timeout: 30, secret: "pony"}\n```\n'
    assert secret_scan.inspect(text) == []


# --- an encoded stand-in ---------------------------------------------------------------


def b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


@pytest.mark.parametrize(
    "text",
    [
        # from kubernetes/enhancements, KEP 2386: a Secret's data, "secret\n" in base64
        "apiVersion: v1\nkind: Secret\ndata:\n  password: c2VjcmV0Cg==\n",
        f"data:\n  password: {b64('changeme')}\n",
        f"data:\n  password: {b64('admin')}\n  token: {b64('password')}\n",
        # from PowerShell-Docs: a serialised SecureString of "password" (UTF-16, in hex)
        '<SS N="Password">700061007300730077006f0072006400</SS>',
    ],
)
def test_an_encoded_stand_in_passes(text: str) -> None:
    assert secret_rules(text) == []
    if secret_scan.available():
        assert secret_scan.inspect(text) == []


@pytest.mark.parametrize(
    "text",
    [
        f"data:\n  password: {b64('Zq7vK2mP9xW4!')}\n",
        f"data:\n  password: {b64('tR8n#B6yH3jL5c')}\n",
        '<SS N="Password">' + "Zq7vK2mP9xW4!".encode("utf-16-le").hex() + "</SS>",
    ],
)
def test_an_encoded_random_password_is_still_caught(text: str) -> None:
    assert "password-assignment" in secret_rules(text)


# --- the value tests behind these rules ------------------------------------------------


@pytest.mark.parametrize(
    ("value", "account"),
    [
        ("Domain01\\User01", True),
        ("FABRIKAM\\administrator", True),
        ("Domain01/Admin01", True),
        ("corp.contoso.com\\svc-backup01", True),
        ("admin01@corp.contoso.com", True),
        ("ServiceAccount01", True),
        ("john.doe", True),
        ("Xk9#mQ2vL7pR4!z", False),
        ("Domain01\\Xk9#mQ2vL7", False),
        ("aBcDxKqPzLmw", False),  # random humps of one or two letters
        ("Zq7vK2mP9xW4", False),
        ("admin:Zq7vK2mP9xW4tR8n", False),
        ("a\\b\\c", False),
    ],
)
def test_an_account_name_reads_as_one(value: str, account: bool) -> None:
    assert values.account_name(value) is account


@pytest.mark.parametrize(
    ("name", "account"),
    [
        ("-Credential", True),
        ("DomainCredential", True),
        ("cred", True),
        ("credentials", True),
        ("tokenCredential", False),
        ("credential_password", False),
        ("password", False),
        ("api_key", False),
    ],
)
def test_only_a_credential_alone_names_an_account(name: str, account: bool) -> None:
    assert assignments.names_an_account(name) is account


@pytest.mark.parametrize(
    ("value", "word"),
    [
        ("pony", True),
        ("banana", True),
        ("world", True),
        ("xkqzvbtw", False),
        ("qwzrtplk", False),
        ("pony42", False),
        ("Pony", False),
        ("ponyexpress", False),
    ],
)
def test_a_plain_word_is_short_small_and_pronounceable(value: str, word: bool) -> None:
    assert values.plain_word(value) is word


@pytest.mark.parametrize(
    ("value", "stand_in"),
    [
        ("c2VjcmV0Cg==", True),
        (b64("changeme"), True),
        ("700061007300730077006f0072006400", True),
        ("70617373776f7264", True),  # "password" in hex of UTF-8
        (b64("Zq7vK2mP9xW4!"), False),
        ("Zq7vK2mP9xW4tR8n", False),
        ("9c2e0b7a13e8c4a5df6f2a1b9e07d35b", False),
    ],
)
def test_an_encoded_stand_in_is_recognised(value: str, stand_in: bool) -> None:
    assert encoding.encoded_stand_in(value) is stand_in


# --- what the exemptions above must not let through (found in review) ------------------


@pytest.mark.parametrize(
    "line",
    [
        'secret: "sunshine"',  # a common password, whatever the name
        'password: "sunshine"',  # a plain word given to a password's name
        "password = 'dragon'",
        "db_password: 'baseball'",
        "credentials: Summer2024!",  # a person's password, not an account
        "db_credentials: Liverpool1",
        'smtp_credential = "Winter2023"',
    ],
)
def test_weak_real_passwords_are_still_caught(line: str) -> None:
    assert guard.inspect(line, second_opinion=secret_scan.findings), line


@pytest.mark.parametrize(
    "text",
    [
        "Jean Dupont,2024-01-15,+33647839120",  # a date's hyphen is no minus sign
        "Born 1980-04-12, +33 6 47 83 91 20",
        "ticket ABC-42 - +44 20 7946 1384",
        "room B-12 and +4915123845619",
        "Appelez le 06 47 83 91 20 de 9h à 18h",  # "de" is a word, not a byte
        "joignable au 06 47 83 91 20 ce soir",
        "+17179869183 after hours",  # 2^34 - 1, a number and no integer limit
    ],
)
def test_phone_numbers_beside_hyphens_and_short_words_are_still_caught(text: str) -> None:
    assert "phone" in personal_rules(text), text

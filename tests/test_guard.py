"""The guard: every secret shape is caught, bypasses included; documentation stand-ins,
public samples and allow comments pass; personal data is found with its checksums; no
hit shows a value; and the time stays linear on hostile input."""

from __future__ import annotations

import base64
import importlib.util
import random
import re
import string
import sys
import time
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mdbrain.core import guard
from mdbrain.store import secret_scan
from tests.conftest import CORPORA


def _load_samples() -> ModuleType:
    path = Path(__file__).resolve().parents[1] / "bench" / "guard_samples" / "shapes.py"
    spec = importlib.util.spec_from_file_location("guard_shapes", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


SAMPLES = _load_samples()
SHAPES = SAMPLES.secret_shapes()
FIELD_SHAPES = [shape for shape in SHAPES if shape.field is not None]
RNG_ALNUM = string.ascii_letters + string.digits


def rules(text: str, **options: object) -> list[str]:
    return [hit.rule for hit in guard.inspect(text, **options)]  # type: ignore[arg-type]


def in_a_page(snippet: str) -> str:
    return f"---\ntitle: Notes\n---\n\n# Setup\n\nSome prose first.\n\n{snippet}\n\nMore prose.\n"


def fake(alphabet: str, size: int, seed: int = 3) -> str:
    rng = random.Random(seed)  # noqa: S311 - fake values, not secrets
    return "".join(rng.choice(alphabet) for _ in range(size))


# --- secrets ---------------------------------------------------------------------------


def test_the_sample_set_has_more_than_sixty_shapes() -> None:
    assert len(SHAPES) >= 60
    assert len({shape.name for shape in SHAPES}) == len(SHAPES)


@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: shape.name)
def test_every_secret_shape_is_caught_in_a_document_body(shape: object) -> None:
    assert guard.inspect(in_a_page(shape.body))  # type: ignore[attr-defined]


@pytest.mark.parametrize("shape", FIELD_SHAPES, ids=lambda shape: shape.name)
def test_every_one_line_secret_is_caught_as_a_short_field_value(shape: object) -> None:
    assert guard.inspect(shape.field)  # type: ignore[attr-defined]


@pytest.mark.parametrize("shape", SHAPES, ids=lambda shape: shape.name)
def test_no_hit_shows_the_secret(shape: object) -> None:
    body = shape.body  # type: ignore[attr-defined]
    for hit in guard.inspect(in_a_page(body)):
        assert hit.excerpt.endswith("…") and len(hit.excerpt) <= 5
        assert len(hit.digest) == 10 and hit.digest not in body
        shown = hit.excerpt.rstrip("…")
        assert not shown or len(shown) <= 4


@pytest.mark.parametrize(
    ("snippet", "rule"),
    [
        ("sk-proj-" + fake(RNG_ALNUM + "-_", 120), "openai-key"),
        ("sk-svcacct-" + fake(RNG_ALNUM, 60), "openai-key"),
        ("sk-" + fake(RNG_ALNUM, 48), "openai-key"),
        ("sk-ant-api03-" + fake(RNG_ALNUM + "-_", 93) + "AA", "anthropic-key"),
        ("npm_" + fake(RNG_ALNUM, 36), "npm-token"),
        ("pypi-AgEIcHlwaS5vcmc" + fake(RNG_ALNUM + "-_", 100), "pypi-token"),
        ("glpat-" + fake(RNG_ALNUM, 20), "gitlab-token"),
        ("hvs." + fake(RNG_ALNUM + "-_", 90), "vault-token"),
        (
            "https://hooks.slack.com/services/T0ABC1234/B0DEF5678/" + fake(RNG_ALNUM, 24),
            "slack-webhook",
        ),
        ("rk_live_" + fake(RNG_ALNUM, 24), "stripe-key"),
        ("sk_test_" + fake(RNG_ALNUM, 24), "stripe-key"),
        ("SK" + fake("0123456789abcdef", 32), "twilio-api-key"),
        ("SG." + fake(RNG_ALNUM, 22) + "." + fake(RNG_ALNUM, 43), "sendgrid-key"),
        ("AccountName=a;AccountKey=" + fake(RNG_ALNUM + "+/", 86) + "==", "azure-storage-key"),
        (
            '"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC',
            "gcp-service-account",
        ),
        ("Authorization: Bearer " + fake(RNG_ALNUM, 40), "authorization-header"),
        ("curl -u deploy:" + fake(RNG_ALNUM, 14) + " https://x.internal", "curl-credentials"),
        ("curl --user deploy:" + fake(RNG_ALNUM, 14) + " https://x.internal", "curl-credentials"),
        ("mysql://app:" + fake(RNG_ALNUM, 14) + "@db.internal/shop", "url-with-password"),
        ("machine h.internal login me password " + fake(RNG_ALNUM, 14), "netrc-password"),
        ("password " + fake(RNG_ALNUM, 14), "netrc-password"),
        ('password = "' + fake(RNG_ALNUM, 14) + '"', "password-assignment"),
        ('token: "' + fake(RNG_ALNUM + "+/", 40) + '"', "password-assignment"),
    ],
)
def test_each_rule_names_itself(snippet: str, rule: str) -> None:
    assert rule in rules(snippet)


@pytest.mark.parametrize(
    "snippet",
    [
        "mot de passe : Azx93kLm!q",
        "Mot de passe\u00a0: Azx93kLm!q",
        'mot_de_passe = "Azx93kLm!q"',
        "mdp: Azx93kLm!q",
        "Passwort: Gh7!kLm92x",
        "Kennwort = Gh7!kLm92x",
        "contraseña: Qw8#nB4vZx",
        'clave = "Qw8#nB4vZx"',
        "parola d'ordine: Zt5%pLq2wX",
        "parola d’ordine: Zt5%pLq2wX",
        "senha: Zt5%pLq2wX",
        "wachtwoord = Zt5%pLq2wX",
        "пароль: Zt5%pLq2wX",
    ],
)
def test_assignments_in_other_languages_are_caught(snippet: str) -> None:
    assert rules(snippet) == ["password-assignment"]


@pytest.mark.parametrize(
    "snippet",
    ["password = my.pw/Zq7vK2mP9x", "password: corp.io/Xk9vQ2mZ", "PASS=a.io/b/Zq7vK2mP9"],
)
def test_a_password_shaped_like_a_host_and_a_path_is_still_caught(snippet: str) -> None:
    assert rules(snippet) == ["password-assignment"]


@pytest.mark.parametrize(
    "snippet",
    [
        "Le mot de passe : il doit contenir douze caractères.",
        "mot de passe : votre mot de passe habituel",
        "Passwort: das Ihres Kontos",
        "La clave: debe tener ocho caracteres",
        "password: the one you chose",
        "password: required",
        "password: ${DB_PASSWORD}",
        "password: <password>",
        "senha: sua senha",
        # from rust-lang/rfcs: a command run to get the token, and a key's subject
        "example, `credential-process = 'cargo:system-keychain'`.",
        'set with `cargo login --registry=name --private-key --private-key-subject="subject"`',
        'password: "password"',
        # from kubernetes/enhancements: test runners' verdicts, a flag and a package path
        "PASS: HostnameOverride=true overrides pod hostname: hostname=test-hostname",
        "PASS: k8s.io/kubernetes/pkg/kubelet",
        "password = github.com/example/vault-plugin-v2",
        # from golang/proposal: a name that says the token is not one
        "This proposal introduces an XML pseudo-token: `RawXML`",
        'fake_password = "Zq7vK2mP9x"',
        # from kubernetes/community: a meeting's invitation link carries its passcode
        "[Mondays](https://zoom.us/j/739385290?pwd=ekVmNGRjT214MGJkY1JUUUpPMVlJUT09) (weekly)",
        "<https://us02web.zoom.us/j/8?uname=x&pwd=ekVmNGRjT214MGJkY1JUUUpPMVlJUT09>",
        # from astral-sh/uv: a token's prefix and a keyboard row stand in for a token
        "(e.g., `git+https://git:github_pat_asdf@github.com/astral-sh/uv`)",
        # from grafana/k6-docs: a stand-in's name between brackets, words saying "test"
        "K6_CLOUD_TOKEN=<YOUR_API_TOKEN> K6_CLOUD_STACK_ID=<YOUR_STACK_ID> k6 cloud run x.js",
        "const testSecretValue = 'jslib-test-value';",
        "const newSecret = 'new_test_value';",
    ],
)
def test_prose_and_placeholders_after_a_credential_name_pass(snippet: str) -> None:
    assert rules(snippet) == []


@pytest.mark.parametrize(
    "snippet",
    [
        "The SES secret access key is jSJTEkKquw+K2G9Pat26Mwy7L9mFWGkehnnjKYyH.",
        "secret access key: xK9fQ2mZ7vLp4RtW8bN3cJ6hD1sG5yE0aU",
        "Le mot de passe est Tq8vZ2pLm4XwR7nB",
        "The password is `Xy8Qm2Lp9Vt4Rw6N` until Friday.",
        "The API key for staging is now aB3dE5fG7hJ9kL1mN3pQ",
        "Our deploy token: **aB3dE5fG7hJ9kL1mN3pQ**.",
        "The AWS secret key is wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ3x9kLm2p",
    ],
)
def test_a_sentence_saying_what_a_credential_is_is_caught(snippet: str) -> None:
    # no assignment: a name of several words, then a verb; the value alone is random
    assert "credential-in-a-sentence" in rules(in_a_page(snippet))


@pytest.mark.parametrize(
    "snippet",
    [
        "The password policy is aB3dE5fG7hJ9kL1mN3pQ",  # about the password, not it
        "The secret name is MyAppSecret2024Prod",
        "The password is stored in Vault under secret/data/prod/db.",
        "The API key is YOUR_API_KEY_HERE_1234",  # a stand-in
        "Its build id is aB3dE5fG7hJ9kL1mN3pQ",  # no credential named
        "The token is passed as X-Auth-Token123456 in the header",
        "The token endpoint is https://login.example.com/oauth2/v2Token",
        "The commit that changed the key is 3f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a",
    ],
)
def test_a_sentence_about_a_credential_without_one_passes(snippet: str) -> None:
    assert "credential-in-a-sentence" not in rules(in_a_page(snippet))


@pytest.mark.parametrize(
    "snippet",
    [
        # hard-wrapped prose: the line breaks between the verb and the value
        "The staging password is\nZk7Qw9Lp3Vx8Rt2N until Friday.",
        "The SES secret access key is\n   jSJTEkKquw+K2G9Pat26Mwy7L9mFWGkehnnjKYyH.",
    ],
)
def test_a_sentence_wrapped_before_its_value_is_caught(snippet: str) -> None:
    assert "credential-in-a-sentence" in rules(in_a_page(snippet))


@pytest.mark.parametrize(
    "snippet",
    [
        # the credential is named in the sentence before: the value is something else
        "Store the token. The build number is Zk7Qw9Lp3Vx8Rt2N",
        "Keep the password safe! The build is Zk7Qw9Lp3Vx8Rt2N",
        "## Staging password\n\nThe build is Zk7Qw9Lp3Vx8Rt2N",
        # a key named on the line above a ":" (aws/aws-cdk-rfcs' 0617 was kept out)
        "  encryptionKey: kmsKey,\n  objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,",
        "secret_key = load(),\nbuild_id = Zk7Qw9Lp3Vx8Rt2N",
    ],
)
def test_a_credential_named_in_an_earlier_sentence_is_not_the_value(snippet: str) -> None:
    assert "credential-in-a-sentence" not in rules(in_a_page(snippet))


def test_a_long_line_of_value_characters_is_read_in_linear_time() -> None:
    # a million characters of a value's class, and words a value could be, after a name
    line = "The password is " + fake(RNG_ALNUM + "+/=_.-", 1_000_000)
    words = "The key is " + " ".join(fake(RNG_ALNUM, 20, seed) for seed in range(20_000))
    for text in (line, words):
        started = time.perf_counter()
        guard.inspect(text)
        assert time.perf_counter() - started < 20  # quadratic would take hours


@pytest.mark.parametrize(
    "snippet",
    [
        "[log in](https://shop.example.org/login?user=ana&pwd=Zq7vK2mP9xWm4Kd)",
        "https://zoom.us.evil.org/j/1?pwd=ekVmNGRjT214MGJkY1JUUUpPMVlJUT09",
        "https://zoom.us/j/1 then pwd=ekVmNGRjT214MGJkY1JUUUpPMVlJUT09",
        # words with no stand-in among them, and a real value after a bracketed name
        "const password = 'river-stone-lamp';",
        "K6_CLOUD_TOKEN=Zq7vK2mP9xWm4KdQ k6 cloud run x.js",
        # a keyboard row inside a real value is no stand-in
        'api_key = "9c2e0b7a13e8c4a5df6f2a1b9e07d35b"',
        "DB_PASSWORD=asdfJk83hT!x",
    ],
)
def test_a_password_in_any_other_link_is_still_caught(snippet: str) -> None:
    assert rules(snippet) == ["password-assignment"]


@pytest.mark.parametrize("snippet", SAMPLES.stand_ins())
def test_documentation_stand_ins_and_public_samples_pass(snippet: str) -> None:
    assert rules(in_a_page(snippet)) == []


@pytest.mark.parametrize(
    ("name", "credential"),
    [
        ("password", True),
        ("db_password", True),
        ("PGPASSWORD", True),
        ("clientSecret", True),
        ("AWS_SECRET_ACCESS_KEY", True),
        ("api-key", True),
        ("mot de passe", True),
        ("--password", True),
        ("password_hash", False),
        # fastapi's security tutorial: a user's stored hash, "$argon2id$v=19$..."
        ("hashed_password", False),
        ("hashedPassword", False),
        ("salted-secret", False),
        ("hash_secret", True),  # a secret that hashing is keyed with
        ("passwordMinLength", False),
        ("tokenizer", False),
        ("max_tokens", False),
        ("secretName", False),
        ("publicKeyToken", False),
        ("OLDPWD", False),
        ("keyword", False),
        ("credential_process", False),
        ("credential.helper", False),
        ("private-key-subject", False),
        # openshift/enhancements: a Kubernetes Secret's namespace, an entry's key in it
        ("secret-namespace", False),
        ("secret_key", True),
        ("db_password_key", True),
        ("apiTokenKey", True),
        # pmd/pmd: gpg's operations on secret keys take a key's id, not a secret
        ("--export-secret-subkeys", False),
        ("--delete-secret-keys", False),
        ("SECRET_TOKEN", True),
        # an operation's word starts a flag, not a variable: these are credentials
        ("export_password", True),
        ("REMOVE_BG_API_KEY", True),
        ("show_secret", True),
        ("SECRET_HMAC_KEY", True),
        ("PASSWORD_SALT_KEY", True),
    ],
)
def test_a_name_is_a_credential_only_when_it_names_one(name: str, credential: bool) -> None:
    assert guard.credential_name(name) is credential


@pytest.mark.parametrize(
    ("value", "looks"),
    [
        ("hunter2xyz", True),
        ("Xk29fLq!pz", True),
        ("aBcDxKqPzLmw", True),
        ("required", False),
        ("CorrectHorse", False),
        ("read-only", False),
        ("1.2.3-beta", False),
        ("12345678901", False),
        ("self.password", False),
        ("/run/secrets/db", False),
        ("DB_PASSWORD", False),
        ("aaaaaaaaaa", False),
        ("COMBO00:COMBO01", False),
        ("abcd1234", False),
        ("builderAPIpublicKey", False),  # a variable of withastro/docs, acronym inside
        ("hjqXKLmnpQRSwertUIasd", True),  # random letters: runs without a vowel
        ("qwpXZrtyMNbvLKcxz", True),
    ],
)
def test_an_unquoted_value_must_look_like_a_credential(value: str, looks: bool) -> None:
    assert guard.credential_like(value) is looks


@pytest.mark.parametrize(
    "value",
    ["<token>", "${TOKEN}", "$TOKEN", "{{ token }}", "xxxxxxxx", "********", "changeme",
     "mysecretpassword", "P@ssw0rd123", "s3cr3t", "your-api-key", "EXAMPLEKEY123",
     "0000000000000000", "abcdefghijkl", "1234567890", "abcabcabcabc", "passphrase",
     "hunter2", "sk_test_4eC39HqLyjWDarjtT1zdp7dc", "my-public-api-key", "my_access_key",
     "set-me-in-the-console", "REPLACE_ME", "fill-me-in"],
)  # fmt: skip
def test_placeholders_are_recognised(value: str) -> None:
    assert guard.placeholder(value)


@pytest.mark.parametrize(
    "value",
    [
        "Zq7vK2mP9xL4wR",
        "ghp_" + fake(RNG_ALNUM, 36),
        "t9#Lm2!Qv8",
        "my_Xk82!pq9Lz",
        "my-Tr0ub4dor&3x",
    ],
)
def test_real_looking_values_are_not_placeholders(value: str) -> None:
    assert not guard.placeholder(value)


# --- bypasses and views ----------------------------------------------------------------


def test_invisible_characters_are_removed_before_the_rules_read() -> None:
    token = "ghp_" + fake(RNG_ALNUM, 36)
    for mark in ("\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u00ad"):
        hidden = token[:8] + mark + token[8:20] + mark + token[20:]
        assert guard.normalise(hidden) == token
        assert rules(hidden) == ["github-token"]


@pytest.mark.parametrize(
    "template",
    [
        'k = "{a}" + "{b}"',
        "k = '{a}' + '{b}'",
        'k = ("{a}"\n     "{b}")',
        'k = "{a}" \\\n    "{b}"',
        "$k = '{a}' . '{b}';",
        'k = "{a}" & "{b}"',
        'k = "{a}" || "{b}"',
        "export K={a}\\\n{b}",
        "The key is {a}\n{b} for production.",
        "key:\n  {a}\n  {b}",
    ],
)
def test_keys_split_by_concatenation_or_continuation_are_joined(template: str) -> None:
    key = "sk-ant-api03-" + fake(RNG_ALNUM + "-_", 93) + "AA"
    text = "intro\n\n" + template.format(a=key[:25], b=key[25:])
    assert key in guard.normalise(text)
    hits = [hit for hit in guard.inspect(text) if hit.rule == "anthropic-key"]
    assert [hit.line for hit in hits] == [text[: text.index(key[:25])].count("\n") + 1]


def test_a_hit_in_the_normalised_view_is_reported_on_its_original_line() -> None:
    token = "glpat-" + fake(RNG_ALNUM, 20)
    text = "a\u200b\nb\u200b\u200b\nc\n" + token[:9] + "\u200b" + token[9:] + "\n"
    assert [(hit.rule, hit.line) for hit in guard.inspect(text)] == [("gitlab-token", 4)]


def test_base64_encoded_secrets_are_decoded_and_caught() -> None:
    inner = "aws_access_key_id = AKIA" + fake(string.ascii_uppercase + string.digits, 16)
    text = "first line\nvalue: " + base64.b64encode(inner.encode()).decode() + "\n"
    hits = guard.inspect(text)
    assert [(hit.rule, hit.line) for hit in hits] == [("aws-access-key (base64)", 2)]
    urlsafe = base64.urlsafe_b64encode(b"password=" + fake(RNG_ALNUM, 14).encode()).decode()
    assert rules(urlsafe) == ["password-assignment (base64)"]


def test_base64_of_ordinary_text_or_of_binary_data_passes() -> None:
    prose = base64.b64encode(b"The cache keeps 512 entries and evicts the oldest.").decode()
    image = base64.b64encode(random.Random(1).randbytes(3000)).decode()  # noqa: S311
    assert rules(f"sample: {prose}\n![logo](data:image/png;base64,{image})\n") == []


def test_private_key_bodies_without_a_header_are_caught() -> None:
    rng = random.Random(5)  # noqa: S311 - fake key material
    pkcs8 = base64.b64encode(bytes.fromhex("308204bd020100300d06092a") + rng.randbytes(900))
    body = "\n".join(pkcs8.decode()[i : i + 64] for i in range(0, 1200, 64))
    assert "private-key-body" in rules(in_a_page(body))
    middle = "\n".join(fake(RNG_ALNUM + "+/", 64, seed=n) for n in range(5))
    assert rules(middle) == ["private-key-body"]
    # a random body whose first byte happens to be a DER sequence's tag (once in 256)
    tagged = base64.b64encode(b"\x30\x11" + rng.randbytes(700)).decode()
    lines = "\n".join(tagged[i : i + 64] for i in range(0, 900, 64))
    assert rules(in_a_page(lines)) == ["private-key-body"]


def test_certificate_and_public_key_bodies_pass() -> None:
    rng = random.Random(6)  # noqa: S311 - fake certificate material
    cert = base64.b64encode(bytes.fromhex("3082030f308201f7a003020102") + rng.randbytes(700))
    lines = [cert.decode()[i : i + 64] for i in range(0, 900, 64)]
    assert rules("\n".join(lines)) == []
    under_header = "-----BEGIN CERTIFICATE-----\n" + "\n".join(
        fake(RNG_ALNUM + "+/", 64, seed=n) for n in range(5)
    )
    assert rules(under_header + "\n-----END CERTIFICATE-----") == []
    assert private_bytes_verdicts() == [True, True, True, True, False, False]


def private_bytes_verdicts() -> list[bool]:
    samples = [
        bytes.fromhex("308204bd020100300d"),  # PKCS#8
        bytes.fromhex("308204a40201000282"),  # PKCS#1 RSA
        bytes.fromhex("30770201010420aa"),  # SEC1 EC
        b"openssh-key-v1\x00none",
        bytes.fromhex("3082030f308201f7a0"),  # a certificate
        bytes.fromhex("30820122300d06092a"),  # a public key
    ]
    return [guard.private_key_bytes(sample) for sample in samples]


def test_a_random_quoted_string_is_caught_and_a_long_identifier_is_not() -> None:
    assert rules(f'value: "{fake(RNG_ALNUM + "+/", 40)}"') == ["high-entropy-string"]
    names = '["_InterlockedCompareExchange_acq_cpp", "AFXVISUALMANAGER/CMFCVisualManager2007"]'
    assert rules(f"f1_keywords: {names}") == []


def test_a_random_string_named_as_a_digest_or_an_id_or_used_as_a_key_passes() -> None:
    value = fake(RNG_ALNUM + "+/", 43, seed=7) + "="
    for named in (f'"fingerprint":"{value}"', f"sha256 = '{value}'", f'"client_id": "{value}"',
                  f'"etag": "{value}"', f' "{value}": {{', f'"digest": "sha512-{value}"',
                  '"digest": "SHA-256=abcdefghijklmnopqrstuvwxyz="'):  # fmt: skip
        assert rules(named) == [], named
    # the same value as a plain value, or under a credential's name, is still caught
    assert rules(f'"value": "{value}"') == ["high-entropy-string"]
    assert rules(f'"{value}"') == ["high-entropy-string"]
    assert rules(f'"client_secret": "{value}"') != []
    assert rules(f'"fingerprint_key": "{value}"') == ["high-entropy-string"]


def test_the_public_parts_of_a_json_web_key_pass_and_its_private_parts_do_not() -> None:
    modulus = fake(RNG_ALNUM + "-_", 342, seed=11)
    coordinate = fake(RNG_ALNUM + "-_", 43, seed=12)
    rsa = f'{{\n  "kty": "RSA",\n  "use": "sig",\n  "n": "{modulus}",\n  "e": "AQAB"\n}}'
    ec = f'{{"kty": "EC", "crv": "P-256", "x": "{coordinate}", "y": "{coordinate[::-1]}"}}'
    endpoint = f'{{\n  "keys": [\n    {rsa},\n    {ec}\n  ]\n}}'
    for published in (rsa, ec, endpoint):
        assert rules(published) == [], published
    # a private exponent or a shared key makes the whole key a secret
    private = rsa.replace('"e": "AQAB"', f'"e": "AQAB",\n  "d": "{modulus[::-1]}"')
    assert "high-entropy-string" in rules(private)
    shared = f'{{"kty": "oct", "k": "{coordinate}"}}'
    assert rules(shared) == ["high-entropy-string"]
    # named "n" outside a key, the value is judged as any other
    assert rules(f'{{"n": "{modulus}"}}') == ["high-entropy-string"]
    assert rules(f'"n": "{modulus}"') == ["high-entropy-string"]


def test_a_public_key_typed_or_named_as_one_passes_and_a_private_one_does_not() -> None:
    """celestia-app's specs: a multisig's "PubKey" entries and a validator's "pub_key"
    were stopped as secrets; a public key is published on purpose."""
    value = base64.b64encode(random.Random(21).randbytes(33)).decode()  # noqa: S311
    typed = f'{{"@type":"/cosmos.crypto.secp256k1.PubKey","key":"{value}"}}'
    nested = f'pubkey: \'{{"threshold":2,"public_keys":[{typed}]}}\''
    named = f'"pub_key": {{\n  "type": "ed25519",\n  "value": "{value}"\n}}'
    for published in (typed, nested, named):
        assert rules(published) == [], published
    # a private key, however typed, and a value of any other object, are judged as ever
    private = f'{{"@type":"/cosmos.crypto.secp256k1.PubKey","priv_key":"{value}"}}'
    assert rules(private) == ["high-entropy-string"]
    assert rules(f'{{"@type":"/cosmos.auth.Account","key":"{value}"}}') == ["high-entropy-string"]


def test_a_stellar_address_passes_and_a_secret_seed_does_not() -> None:
    """stellar/stellar-protocol: a stellar.toml's SIGNING_KEY and a paging token, both
    account ids a ledger publishes, were stopped as passwords."""
    rng = random.Random(8)  # noqa: S311 - a fixture
    body = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567") for _ in range(55))
    for published in (
        f'SIGNING_KEY="G{body}"',
        f'"paging_token": "G{body}"',
        f'"authentication_signing_key": "G{body}"',
        f'"paging_token": "BRL-G{body}"',
    ):
        assert rules(published) == [], published
    assert rules(f'SECRET_KEY="S{body}"') != []  # a secret seed opens on S


def test_binary_laid_out_in_fields_is_no_random_string() -> None:
    """Stellar's SEP-10: example transactions in XDR, base64 of fields padded with zero
    bytes, were stopped as random strings; random key material holds few zeros."""
    rng = random.Random(31)  # noqa: S311 - a fixture
    fields = b"".join(
        b"\x00\x00\x00\x02" + rng.randbytes(32) + b"\x00" * 8 + rng.randbytes(4) for _ in range(4)
    )
    xdr = base64.b64encode(fields).decode()
    assert rules(f'{{"transaction": "{xdr}"}}') == []
    key = base64.b64encode(rng.randbytes(48)).decode()
    assert rules(f'{{"transaction": "{key}"}}') == ["high-entropy-string"]


def test_text_written_out_in_base64_is_no_random_string_but_is_still_read() -> None:
    def b64(text: str) -> str:
        return base64.b64encode(text.encode()).decode()

    prose = b64('For the actual output of the "kubeadm init" command, see the gist.')
    listing = b64('{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"13519"}}')
    for written in (prose, listing):
        assert rules(f'"raw": "{written}"') == [], written
    # random bytes, or a random password, in base64 are still caught
    noise = base64.b64encode(random.Random(5).randbytes(40)).decode()  # noqa: S311 - a fixture
    assert rules(f'"raw": "{noise}"') == ["high-entropy-string"]
    password = fake(RNG_ALNUM + "#$%&!@", 36, seed=9)
    assert rules(f'"raw": "{b64(password)}"') == ["high-entropy-string"]
    # and what the text says is read by the rules
    leaked = b64('{"kind": "Secret", "data": {"password": "Zq7vK2mP9xW4tR8n"}}')
    assert rules(f'"raw": "{leaked}"') != []
    # words around a token are still a token, and the sentence that names it is read
    told = b64("the deploy token is wJalrXUtnFEMIK7MDENGbPxRfiCYzQ9v keep it safe")
    assert rules(f'config: "{told}"') == [
        "high-entropy-string", "credential-in-a-sentence (base64)"
    ]  # fmt: skip


def test_references_to_a_secret_kept_elsewhere_pass() -> None:
    for value in (
        '"%USERPROFILE%\\.ssh\\id_rsa"',
        '"/run/secrets/db_password"',
        "$(cat key.txt)",
        '"secrets/prod.json"',
        "!vault |",
        "os.environ['DB_PASSWORD']",
    ):
        assert rules(f"password = {value}") == [], value


def test_a_line_break_joins_only_the_pieces_of_a_token() -> None:
    assert guard.normalise("one word\nand another\nAKIA") == "one word\nand another\nAKIA"
    assert guard.normalise("id: AKIA2345\nABCD6789WXYZ") == "id: AKIA2345ABCD6789WXYZ"
    assert guard.normalise("see ghp_ab12\r\n  CD34") == "see ghp_ab12CD34"


def test_a_token_whole_on_its_line_is_one_hit_not_read_on_into_the_next_word() -> None:
    token = "ghp_" + fake(RNG_ALNUM, 36)
    text = f"summary: export GITHUB_TOKEN={token}\ntype: reference\n"
    [hit] = guard.inspect(text)  # not also "…type", a value nobody wrote
    assert (hit.rule, hit.line, hit.last_line) == ("github-token", 1, 1)
    assert guard.inspect(text, allow=frozenset([token])) == []  # allowing it lets it pass
    # a token really cut over two lines is still read whole
    cut = guard.inspect(f"token: {token[:20]}\n  {token[20:]}\n")
    assert ("github-token", 1, 2, hit.digest) in [
        (h.rule, h.line, h.last_line, h.digest) for h in cut
    ]


def test_a_hit_says_which_lines_its_value_covers() -> None:
    middle = "\n".join(fake(RNG_ALNUM + "+/", 64, seed=n) for n in range(5))
    [hit] = guard.inspect(f"intro\n\n{middle}\n\nafter\n")
    assert (hit.rule, hit.line, hit.last_line) == ("private-key-body", 3, 7)
    [hit] = guard.inspect("a\nb\nsk_live_" + fake(RNG_ALNUM, 24))
    assert hit.line == hit.last_line == 3


def test_a_pem_header_with_a_placeholder_body_passes() -> None:
    assert rules("-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----") == []
    assert rules("-----BEGIN PRIVATE KEY-----\n<your key here>\n-----END PRIVATE KEY-----") == []
    assert rules("Paste it after -----BEGIN PRIVATE KEY----- and before the end line.") == []
    assert rules("-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA0Z3VS5\n") == ["private-key"]
    # a body that opens on no run of base64 is a stand-in too (argoproj/argo-cd's guides)
    assert rules("-----BEGIN RSA PRIVATE KEY-----\nabc\n") == []
    # from ministryofjustice/modernisation-platform: the header named in prose
    assert rules("- Private keys (e.g., -----BEGIN PRIVATE KEY-----).\n\n## Next\n") == []
    # a key pasted on one line, spaces for its line breaks, is one all the same
    one_line = "-----BEGIN PRIVATE KEY----- " + fake(RNG_ALNUM, 64) + " " + fake(RNG_ALNUM, 64)
    assert rules(f"KEY={one_line} -----END PRIVATE KEY-----") == ["private-key"]
    real = (
        "-----BEGIN RSA PRIVATE KEY-----\n"
        + fake(RNG_ALNUM, 64)
        + "\n-----END RSA PRIVATE KEY-----"
    )
    assert "private-key" in rules(real)


# --- allow comments and allow-lists -------------------------------------------------------


@pytest.mark.parametrize(
    "comment",
    ["<!-- mdbrain: allow-secret -->", "# mdbrain: allow-secret", "// mdbrain: allow-secret"],
)
def test_an_allow_comment_lets_its_own_line_pass(comment: str) -> None:
    assignment = 'password = "Zq7vK2mP9xL4wR"'
    assert rules(f"{assignment}  {comment}") == []
    hits = guard.inspect(f"{assignment}  {comment}\n{assignment.replace('Zq7v', 'Wx3k')}\n")
    assert [(hit.rule, hit.line) for hit in hits] == [("password-assignment", 2)]


def test_allow_secret_and_allow_personal_are_separate() -> None:
    line = 'mail ana.martin@corp.fr api_key = "Zq7vK2mP9xL4wR"'
    both = guard.inspect(line, personal_data=True)
    assert {hit.family for hit in both} == {guard.SECRET, guard.PERSONAL}
    waived = guard.inspect(f"{line} <!-- mdbrain: allow-secret -->", personal_data=True)
    assert [hit.rule for hit in waived] == ["email"]
    waived = guard.inspect(f"{line} <!-- mdbrain: allow-personal -->", personal_data=True)
    assert [hit.rule for hit in waived] == ["password-assignment"]


def test_the_allow_set_lets_exact_values_pass() -> None:
    key = "sk_live_" + fake(RNG_ALNUM, 24)
    assert rules(key, allow=frozenset({key})) == []
    assert rules(key, allow=frozenset({key + "x"})) == ["stripe-key"]


# --- personal data ------------------------------------------------------------------------


def personal(text: str) -> list[str]:
    return [hit.rule for hit in guard.personal(text)]


@pytest.mark.parametrize(
    "text",
    [
        "Write to ana.martin@corp.fr for access.",
        "[mail](mailto:j.smith@acme-bank.co.uk)",
        "ana.martin\u200b@corp.fr",
        "directement à `bastien.guerry@data.gouv.fr`",  # beside a team's, a person's
        "Signed-off-by: Jean-Pierre Dupont <jean-pierre.dupont@corp.fr>",
        # a role word after a dot or a plus is a name or a tag, not a team
        "jennifer.eng@gmail.com",
        "ravi.core@gmail.com",
        "alice+dev@gmail.com",
        "john.smith.data@outlook.com",
        "marie.staff@free.fr",
        # "-private" names a person's own mailbox at a mail provider; "private" elsewhere too
        "max-private@gmail.com", "jan-private@posteo.de", "private.anna.schmidt@gmail.com",
        "private_jsmith@outlook.com", "jane.doe-private@acme-corp.com",
        # "example" said of something else than the address, or not as a key
        "For example: write to ana.martin@corp.fr", "counterexample: ana.martin@corp.fr",
        'email = "ana.martin@corp.fr"  # example', "Sincere@april.biz.corp.fr",
        '"examples": ["x"],\n"owner": "ana.martin@corp.fr"', 'examples = [\n]\n\nana.martin@corp.fr',
        # a label in prose or a list quotes no value: who maintains the examples is a person
        "- Examples: ana.martin@corp.fr", "Maintainer of the examples: ana.martin@corp.fr",
        "owners:\n  examples: ana.martin@corp.fr", "examples: [see ana.martin@corp.fr]",
        "example: ana.martin@corp.fr", '"examples": [\n  ana.martin@corp.fr',
        # a person's name in hyphens at a mail provider; two words elsewhere may be a name
        "mary-jane-watson@gmail.com", "jean-pierre@corp.fr",
    ],
)  # fmt: skip
def test_email_addresses_are_personal_data(text: str) -> None:
    assert personal(text) == ["email"]


@pytest.mark.parametrize(
    "text",
    [
        "user@example.com", "ops@example.org", "a@test.test", "x@foo.invalid",
        "root@localhost", "noreply@corp.fr", "support@corp.fr", "user@host",
        "git clone git@github.com:owner/repo.git", "npm i react@18.2.0 @types/node@20.1.0",
        "@app.route('/x')", "out = x@self.w", "someone@contoso.com",
        "12345+ana@users.noreply.github.com",
        # from rust-lang/rfcs: a team's alias, and a message id in a mailing list's link
        "Teams should notify core@rust-lang.org when they create one",
        "an e-mail to the alias `compiler-private@rust-lang.org`",
        "[list](https://lore.kernel.org/all/20240402-linked-list-v1-0-b1c59ba7ae3b@google.com/)",
        # from etalab/guides.etalab.gouv.fr: a team's address, in French pages too
        "[contactant directement](mailto:lab-ia@data.gouv.fr) l'équipe du Lab IA",
        "écrire à `opensource@data.gouv.fr`", "equipe@beta.gouv.fr", "presse@mairie.fr",
        # from betagouv's community guide: its teams' mailboxes, named for what they do
        "écrire à soutien@beta.gouv.fr", "animation@beta.gouv.fr", "departs@beta.gouv.fr",
        "compta@beta.gouv.fr", "accessibilite@beta.gouv.fr", "logistique-dinum@pm.gouv.fr",
        # from kubernetes/enhancements: mailing lists are groups, not persons
        "join Kubernetes-dev@googlegroups.com for access", "ask kubernetes-sig-node@groups.io",
        "post to users@lists.apache.org",
        # a role or a team anywhere in the name: "kubernetes-security", "sig-release-leads"
        "owner: gke-kubernetes-engprod@google.com", "report to kubernetes-security@google.com",
        "cc sig-release-leads@kubernetes.io",
        # from kubernetes/community: the addresses of groups and services, not of persons
        "mail social@cncf.io", "ask meetups@cncf.io", "write to election@k8s.io",
        "contributors@kubernetes.io", "github@kubernetes.io", "sig-node@kubernetes.io",
        "login-issues@jira.linuxfoundation.org",
        # from pydantic/pydantic: a value given as an example, and JSONPlaceholder's users
        "email: Annotated[EmailStr, Field(examples=['marcelo@mail.com'])]",
        "Field(examples=['a@x.io', 'ana.martin@corp.fr'])", 'schema = {"example": "ana.martin@corp.fr"}',
        'example: "ana.martin@corp.fr"', "#> User(id=1, email='Sincere@april.biz')",
        '"examples": [\n  "a@x.io",\n  "ana.martin@corp.fr"\n]',
        # from ministryofjustice/modernisation-platform: a team's, a service's mailboxes
        '"infrastructure-support": "modernisation-platform@digital.justice.gov.uk"',
        "the team - <monitoring-and-integration-platform@justice.gov.uk>",
        "[certificates@digital.justice.gov.uk](mailto:certificates@digital.justice.gov.uk)",
        "| owner | <find-a-solicitor@ministryofjustice.gov.uk> |", "from IDAM (IDAM@justice.gov.uk)",
        # introduced as a shared mailbox, in English or French
        "an email to the [domains mailbox](mailto:domains@digital.justice.gov.uk) with",
        "emailing the JusticeDigitalSOC mailbox (justicedigitalsoc@justice.gov.uk) and",
        "écrire à la boîte fonctionnelle (support-dsi@ville.fr)",
        "écrire à consommateurs@ign.fr",
        # from openshift/enhancements: a Google Cloud service account is a program's
        '"client_email": "atest@gcp-project-id.iam.gserviceaccount.com",',
        "runs as 123456789-compute@developer.gserviceaccount.com",
    ],
)  # fmt: skip
def test_placeholder_addresses_remotes_and_code_pass(text: str) -> None:
    assert personal(text) == []


@pytest.mark.parametrize(
    "text",
    ["Call +33 6 71 82 93 04.", "tel: +1 (212) 736-4821", "Appelez le 06 71 82 93 04",
     "Tel. 06.71.82.93.04", "Call (212) 736-4821", "Call 212-736-4821"],
)  # fmt: skip
def test_phone_numbers_are_personal_data(text: str) -> None:
    assert personal(text) == ["phone"]


@pytest.mark.parametrize(
    "text",
    ["06 12 34 56 78", "01 23 45 67 89", "(415) 555-0132", "+1 212 555 0100", "v1.2.3.4.5.6",
     # from grafana/k6-docs: no area has the code 555
     "getByPlaceholder('+1 (555) 123-4567').fill('+1 (555) 987-6543')", "(555) 987-6543",
     "2024-01-15", "10.0.0.1", "port 8080 and 443",
     "received 2025-01-09 18:05:07.93747413 +0000 UTC"],
)  # fmt: skip
def test_sample_phone_numbers_dates_and_versions_pass(text: str) -> None:
    assert personal(text) == []


def nir(body: str) -> str:
    number = int(body.replace("2A", "19").replace("2B", "18"))
    return f"{body}{97 - number % 97:02d}"


def test_a_french_nir_counts_only_with_its_key() -> None:
    valid = nir("1850578006084")
    assert personal(f"NIR : {valid}") == ["national-id"]
    spaced = f"{valid[0]} {valid[1:3]} {valid[3:5]} {valid[5:7]} {valid[7:10]} {valid[10:13]} {valid[13:]}"
    assert personal(spaced) == ["national-id"]
    wrong = valid[:13] + f"{(int(valid[13:]) + 1) % 100:02d}"
    assert personal(wrong) == []
    assert personal(nir("2690649588157")) == ["national-id"]
    # the digits of a decimal number are none (Textual's diagrams: SVG coordinates)
    assert personal(f'<rect width="523.{valid}"/>') == []
    assert personal(f"x = {valid}.5") == []


def test_a_us_ssn_counts_unless_it_is_invalid_or_a_known_sample() -> None:
    assert personal("SSN 536-90-4172") == ["national-id"]
    assert personal("SSN 123-45-6789") == []
    assert personal("SSN 000-12-3456 or 666-12-3456 or 912-12-3456") == []


def iban(country: str, bban: str) -> str:
    digits = "".join(str(int(c, 36)) for c in bban + country) + "00"
    return f"{country}{98 - int(digits) % 97:02d}{bban}"


def test_iban_checksums_decide() -> None:
    valid = iban("FR", "20041010050500013M02699")
    assert guard.iban_valid(valid)
    assert personal(f"IBAN {valid}") == ["iban"]
    grouped = " ".join(valid[i : i + 4] for i in range(0, len(valid), 4))
    assert personal(f"IBAN {grouped}") == ["iban"]
    broken = valid[:-1] + str((int(valid[-1]) + 1) % 10)
    assert not guard.iban_valid(broken)
    assert personal(f"IBAN {broken}") == []
    assert not guard.iban_valid(iban("DE", "3704004405320130")[:-1])  # wrong length
    assert personal("IBAN FR76 3000 6000 0112 3456 7890 189") == []  # a public sample


def test_card_numbers_need_luhn_and_a_network() -> None:
    assert guard.luhn_valid("4539578763621486")
    assert not guard.luhn_valid("4539578763621487")
    assert personal("card 4539 5787 6362 1486") == ["credit-card"]
    assert personal("card 4539-5787-6362-1487") == []
    assert personal("card 4111 1111 1111 1111 or 4242424242424242") == []  # test cards
    assert personal("id 9539578763621480") == []  # no network starts with 9


def test_personal_data_is_off_unless_asked() -> None:
    text = "Ana: ana.martin@corp.fr, +33 6 71 82 93 04"
    assert guard.inspect(text) == []
    assert {hit.rule for hit in guard.inspect(text, personal_data=True)} == {"email", "phone"}


# --- the second opinion -------------------------------------------------------------------


def test_a_second_opinion_reads_only_lines_the_rules_left_alone() -> None:
    seen: list[str] = []

    def opinion(text: str) -> list[tuple[str, int, str]]:
        seen.append(text)
        return [
            ("Secret Keyword", 1, "Zq7vK2mP9xL4wR"),
            ("Hex High Entropy String", 3, "ed16c6bc54359dade2e7fafa83607f16"),
            ("Secret Keyword", 4, "mysecretpassword"),
            ("Artifactory Credentials", 5, "AKCp8" + "k" * 60),
            ("Twilio API Key", 6, "SK" + "3" * 32),
        ]

    text = (
        'password = "Zq7vK2mP9xL4wR"\nplain\n"id": "ed16c6bc54359dade2e7fafa83607f16"\n'
        'password = "mysecretpassword"\nrepo\ncreds\n'
    )
    hits = guard.inspect(text, second_opinion=opinion)
    assert seen and seen[0].split("\n")[0] == ""  # the line mdbrain's rules flagged is blank
    assert [(hit.rule, hit.line) for hit in hits] == [
        ("password-assignment", 1),
        ("detect-secrets: Artifactory Credentials", 5),
    ]


def test_detect_secrets_joins_in_when_installed() -> None:
    if not secret_scan.available():
        pytest.skip("detect-secrets is not installed")
    twilio = "SK" + fake("0123456789abcdef", 32)
    long_line = "x " * 3000 + f"twilio_key = '{twilio}'"
    found = secret_scan.findings(f"intro\n{long_line}\n{long_line}\n")
    assert ("Twilio API Key", 2, twilio) in found
    assert secret_scan.detect("A plain sentence about sessions and caches.") == []
    hits = secret_scan.inspect(f"intro\n\n{twilio}\n")
    assert [(hit.rule, hit.line) for hit in hits] == [("twilio-api-key", 3)]


def test_a_word_a_condition_compares_with_is_an_example_a_random_value_is_not() -> None:
    if not secret_scan.available():
        pytest.skip("detect-secrets is not installed")
    # from jestjs/jest's configuration page, in a code block
    example = "```js\nexport default {\n  isAuthorized: secret => secret === 'wizard',\n};\n```\n"
    assert [h.line for h in secret_scan.inspect(example)] == []
    random_value = fake(RNG_ALNUM, 14, seed=21)
    compared = f'if password == "{random_value}":\n    grant()\n'
    assert [h.rule for h in secret_scan.inspect(compared)] == ["detect-secrets: Secret Keyword"]


def test_answers_asked_ahead_are_those_asked_one_by_one() -> None:
    if not secret_scan.available():
        pytest.skip("detect-secrets is not installed")
    twilio = "SK" + fake("0123456789abcdef", 32)
    texts = [f"intro\n\ntwilio_key = '{twilio}'\n", "A plain sentence.\n", "  \n"]
    one_by_one = [secret_scan.findings(text) for text in texts]
    assert ("Twilio API Key", 3, twilio) in one_by_one[0]
    with secret_scan.asked_ahead(texts):
        assert len(secret_scan._READY) == 2  # the blank text needs no answer
        assert [secret_scan.findings(text) for text in texts] == one_by_one
        # an answer serves again within the block: a page is checked, then written
        assert [secret_scan.findings(text) for text in texts] == one_by_one
        assert len(secret_scan._READY) == 2
    with secret_scan.asked_ahead(texts[:1]):
        pass
    assert not secret_scan._READY  # what a block leaves unused is dropped


def test_a_text_inspected_again_inside_a_block_is_answered_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An import puts every page to the guard, then writes each, which puts it to the
    guard again: on ethereum/EIPs, 582 pages were inspected twice."""
    asked: list[tuple[str, bool]] = []
    inspect = secret_scan.guard.inspect

    def counted(text: str, **options: Any) -> list[Any]:
        asked.append((text, options["personal_data"]))
        return inspect(text, **options)

    monkeypatch.setattr(secret_scan.guard, "inspect", counted)
    key = "AKIA" + fake("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 16, seed=3)
    page = f"aws = {key}\n"
    outside = [secret_scan.inspect(page), secret_scan.inspect(page)]
    assert len(asked) == 2  # outside a block, nothing is kept
    with secret_scan.asked_ahead([page]):
        inside = [secret_scan.inspect(page) for _ in range(3)]
        assert len(asked) == 3  # once for the three
        secret_scan.inspect(page, personal_data=True)  # another question: asked
        assert len(asked) == 4
        inside[0].clear()  # a caller's list is its own
        assert secret_scan.inspect(page) == outside[0]
    assert inside[1:] == outside
    assert outside[0] and outside[0][0].rule.startswith("aws")
    secret_scan.inspect(page)
    assert len(asked) == 5  # the block closed, what it kept is gone


def _detect_secrets_on_every_line(text: str) -> list[secret_scan.Finding]:
    """What detect-secrets finds when it is given every line (bounded as usual)."""
    keep = secret_scan.worth_asking
    secret_scan.worth_asking = lambda _line: True
    try:
        return secret_scan._ask(text)
    finally:
        secret_scan.worth_asking = keep


def _vendor_lines() -> list[str]:
    """A line for each detect-secrets rule, the token drawn at random in the shape the
    rule reads (letters only where the rule allows it: the hardest for the filter)."""
    rng = random.Random(3)  # noqa: S311 - fake values

    def pick(alphabet: str, size: int) -> str:
        return "".join(rng.choice(alphabet) for _ in range(size))

    low, up, hexa = string.ascii_lowercase, string.ascii_uppercase, "0123456789abcdef"
    return [
        f"twilio = AC{pick(low + string.digits, 32)}",
        f"token {rng.choice('MNO')}{pick(low + up, 23)}.{pick(low + up, 6)}.{pick(low + up, 27)}",
        f"artifactory AP{rng.choice('ABCDEF')}{pick(low + up, 10)}",
        f"ibm_cloud_iam_api_key = {pick(low, 44)}",
        f"token: {pick(low + '-', 44)}",
        f"cloud_key: {pick(low + up, 44)}",
        f"secret_access_key = {pick(hexa, 48)}",
        f"cloudant_api_key = {pick(low, 24)}",
        f"https://acct:{pick(low, 24)}@acct.cloudant.com",
        f"sl_api_key = {pick(low, 64)}",
        f"https://api.softlayer.com/soap/v3/{pick(low, 64)}",
        f"mailchimp {pick(low + string.digits, 32)}-us12",
        f"sq0csp-{pick(RNG_ALNUM, 43)}",
        f"aws_secret = '{pick(low + up, 40)}'",
        f"x = '{pick(hexa, 40)}'",
        f"checksum: {pick(hexa, 40)}",  # read as YAML: its value counts as quoted
        f"hash: {''.join(rng.sample(hexa, 12))}",
        f"'{''.join(rng.sample(low, 23))}'",
        f"SG.{pick(low, 22)}.{pick(low, 43)}",
        f"ghp_{pick(low + up, 36)}",
        f"glpat-{pick(low, 20)}",
        "sk_" + f"live_{pick(low + up, 24)}",
        f"12345678:{pick(low + up, 35)}",
    ]


def test_the_lines_detect_secrets_is_not_given_would_give_it_nothing() -> None:
    if not secret_scan.available():
        pytest.skip("detect-secrets is not installed")
    vendors = _vendor_lines()
    for line in vendors:  # each line is one detect-secrets reports on its own
        assert _detect_secrets_on_every_line(f"intro\n{line}\n"), line
    texts = [shape.body for shape in SHAPES] + [f"# Page\n\nSome prose.\n{v}\n" for v in vendors]
    texts += [f"intro\n{v}\n" for v in vendors] + [f"[section]\nvalue = {v}\n" for v in vendors]
    # no line lost (the kinds may differ: its rules read the lines around, as YAML or INI)
    for text in texts:
        every = {line for _kind, line, _value in _detect_secrets_on_every_line(text)}
        assert every <= {line for _kind, line, _v in secret_scan._ask(text)}, text[:80]


def test_prose_links_anchors_and_names_are_not_given_to_detect_secrets() -> None:
    # from kubernetes/enhancements: what its long proposals are made of
    prose = [
        "  - [Notes/Constraints/Caveats (Optional)](#notesconstraintscaveats-optional)",
        "- [Risk: the migration loses steam](#risk-the-migration-project-loses-steam-and-work)",
        "The `DeclarativeValidation` and `DeclarativeValidationBeta` gates go to beta.",
        "See the [prototype](https://github.com/example/kubernetes/tree/validation-gen).",
        "Token bucket: the authentication filter looks at failing/high-latency requests.",
    ]
    given, _origin = secret_scan._bounded("\n".join(prose))
    assert given.strip() == ""


# --- robustness and time --------------------------------------------------------------------

FRAGMENTS = [
    "password", " = ", ": ", '"', "'", "`", "+", "\\\n", "\n", "sk-", "ghp_", "AKIA", "@",
    ".com", "0", "6", "+33 ", "-----BEGIN ", "PRIVATE KEY-----", "\u200b", "MII", "==",
    "Authorization: Basic ", "Bearer ", "curl -u ", "://", "x", "Zq7vK2mP9xL4wR", " ",
]  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(), st.lists(st.sampled_from(FRAGMENTS)).map("".join)))
def test_inspect_never_raises_and_reports_lines_of_the_text(text: str) -> None:
    lines = text.count("\n") + 1
    for hit in guard.inspect(text, personal_data=True):
        assert 1 <= hit.line <= lines
        assert hit.family in (guard.SECRET, guard.PERSONAL)


def hostile_inputs() -> Iterable[tuple[str, str]]:
    rng = random.Random(9)  # noqa: S311 - filler
    yield '2 MB of password = " on one line', 'password = "' * 170_000
    yield '2 MB of password = " lines', 'password = "\n' * 160_000
    yield "an 80,000-letter word", "a" * 80_000
    yield "an 80,000-letter word with @", "a" * 40_000 + "@" + "a" * 40_000
    yield "1 MB of base64 on one line", base64.b64encode(rng.randbytes(750_000)).decode()
    wrapped = base64.b64encode(rng.randbytes(750_000)).decode()
    yield (
        "1 MB of base64 in lines",
        "\n".join(wrapped[i : i + 76] for i in range(0, len(wrapped), 76)),
    )
    yield "100,000 sk- prefixes", "sk-" * 100_000
    # a quoted random value read as a path: its first part, a run of small letters then a
    # capital, was cut every way by a regular expression before being refused (the
    # hypothesis test of the guard's shortcuts hung on such a value)
    letters = "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(400))
    path = "a" * 40 + "B/" + letters[:60] + "/" + letters[60:]
    yield "a path of a long run of small letters", f'token = "{path}"\n'
    yield "300,000 joined strings", '"a" + ' * 300_000
    yield "1 MB of digits", "1" * 1_000_000
    yield "1 MB of spaces in quotes", 'x"' + " " * 1_000_000 + '"'


# What a part of a path made of words is, as a regular expression: right on short parts,
# exponential on long ones (see random_strings._word_part, which reads them in one pass).
_WORD_PART = re.compile(r"(?:[A-Z]?[a-z]{2,}|[A-Z]{2,5}(?![a-z])|[0-9]{1,4}[A-Za-z]?(?![a-z]))+")


@settings(max_examples=2000)
@given(st.text(alphabet="AaBb1Zz9", max_size=14))
def test_a_part_of_words_is_told_as_the_regular_expression_tells_it(part: str) -> None:
    from mdbrain.core.guard.random_strings import _word_part

    assert _word_part(part) == bool(_WORD_PART.fullmatch(part))


@pytest.mark.parametrize(("name", "text"), list(hostile_inputs()), ids=lambda v: str(v)[:30])
def test_hostile_input_is_read_in_linear_time(name: str, text: str) -> None:
    started = time.perf_counter()
    secret_scan.inspect(text, personal_data=True)
    assert time.perf_counter() - started < 5, name


@pytest.mark.skipif(
    not (CORPORA / "fr-docs" / "files").is_dir(), reason="../shared/corpora is absent"
)
def test_real_documentation_is_rarely_refused() -> None:
    pages = sorted((CORPORA / "fr-docs" / "files").rglob("*.md"))
    pages += sorted((CORPORA / "adr-gsp" / "docs" / "architecture" / "adr").glob("*.md"))
    flagged = [p for p in pages if guard.inspect(p.read_text(encoding="utf-8", errors="replace"))]
    assert len(pages) > 400
    assert len(flagged) / len(pages) <= 0.01


def test_redaction_never_shows_more_than_a_quarter() -> None:
    assert guard.redact("abc") == "…"
    assert guard.redact("abcdefgh") == "ab…"
    assert guard.redact("abcdefghijklmnop") == "abcd…"


def test_credentials_files_are_named() -> None:
    for path in (
        ".env",
        "config/.env.prod",
        "keys/id_ed25519",
        "deploy.pem",
        ".npmrc",
        ".pypirc",
        "x.ppk",
    ):
        assert guard.credential_path(path) == "credentials-file", path
    for path in ("src/env.py", "docs/keys.md", "environment.yml"):
        assert guard.credential_path(path) is None, path


_MIXED = [
    "mail ana.martin@corp.fr or call +33 6 71 82 93 04",
    "token = 'ghp_" + "a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8'",
    "SSN 536-90-4172, AWS AKIA" + "Z7Q2X9W4E6R8T1Y3",
]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(_MIXED) | st.text(max_size=40), max_size=6))
def test_both_families_in_one_pass_find_what_the_two_passes_find(parts: list[str]) -> None:
    text = "\n".join(parts)
    together = guard.both(text)
    apart = [*guard.scan(text), *guard.personal(text)]
    assert sorted(together, key=repr) == sorted(apart, key=repr)
    assert {h.family for h in together} <= {guard.SECRET, guard.PERSONAL}


def test_the_mixed_samples_hold_hits_of_both_families() -> None:
    families = {hit.family for hit in guard.both("\n".join(_MIXED))}
    assert families == {guard.SECRET, guard.PERSONAL}


def test_a_slack_webhook_outside_any_workspace_is_a_made_up_example() -> None:
    # a runbook's example: no workspace id (T... or E...) opens its path
    made_up = 'webhook = "https://hooks.slack.com/services/HGJKHJKSH/DFJKHKIUO/DJFHKDUJFKSUHUGIDH"'
    assert rules(in_a_page(made_up)) == []
    for team in ("T0ABC1234", "E01BCDEFGH"):
        real = f"https://hooks.slack.com/services/{team}/B0DEF5678/" + fake(RNG_ALNUM, 24)
        assert rules(in_a_page(f'webhook = "{real}"')) == ["slack-webhook"]


def test_a_stand_in_written_in_base64_is_no_credential_in_a_sentence_either() -> None:
    """openshift/enhancements: ``clientSecret: ZXhhbXBsZS1hcHAtc2VjcmV0`` is
    "example-app-secret" in base64, a stand-in the assignment rule lets through; the
    rule for credentials named in a sentence must not stop it in its place."""
    assert rules(in_a_page("  oidc:\n    clientSecret: ZXhhbXBsZS1hcHAtc2VjcmV0\n")) == []
    assert rules(in_a_page("The client secret is: Zk39fLq2mWx8Pt4RvB\n")) != []


def test_an_operation_on_secret_keys_is_given_the_key_id_not_a_secret() -> None:
    line = "gpg --armor --export-secret-subkeys 2EFA55D0785C31F956F2F87EA0B5CA1A4E086838 | wl-copy"
    assert rules(in_a_page(f"```\n{line}\n```\n")) == []
    assert rules(in_a_page("```\ngpg.passphrase=evicx0nuPfvSVhVyeXpw\n```\n")) != []


@pytest.mark.parametrize(
    "line",
    [
        "SECRET_HMAC_KEY=Xk9pQ2mZr7LwT4vB8nC1",
        'secret_jwt_key: "Xk9pQ2mZr7LwT4vB8nC1"',
        'export_password = "Xk9pQ2mZr7LwT4vB8nC1"',
        "IMPORT_API_KEY: Xk9pQ2mZr7LwT4vB8nC1",
        "The secret HMAC key is Xk9pQ2mZr7LwT4vB8nC1.",
        "The admin password of the staging namespace is Xk9pQ2mZr7LwT4vB8nC1.",
    ],
)
def test_names_near_the_exceptions_still_hold_secrets(line: str) -> None:
    """The exceptions for namespaces and operations on keys reach no further."""
    assert rules(in_a_page(f"{line}\n")) != []


# --- samples in backstage's and Docusaurus' docs (trials on real repositories) ---------


@pytest.mark.parametrize(
    ("text", "flagged"),
    [
        ("connection: postgresql://fort:knox@some.example-pg-instance.tld:5432/db", False),
        ("redis://:Xk29fLq8zP@cache.example.com:6379", False),
        ("postgres://app:Xk29fLq8zP@localhost:5432/app", False),
        ("DATABASE_URL=postgres://admin:Xk29fLq8zP@db.acme.io:5432/app", True),
        ("postgres://app:Xk29fLq8zP@db.examplebank.com", True),  # a real bank's host
        ("postgres://app:Xk29fLq8zP@prod.counterexample.io", True),
        ("apiKey: base64EncodedKey", False),
        ("webhookSecret: someWebhookSecret", False),
        ("password: my_db_password", False),
        ("apiKey: Xk29fLq8zPwQ7rT", True),
    ],
)
def test_a_sample_that_names_what_it_stands_for_or_where_nobody_lives_passes(
    text: str, flagged: bool
) -> None:
    assert bool(list(guard.scan(text))) is flagged


def test_a_bots_address_and_a_changesets_id_are_no_personal_data() -> None:
    assert not list(guard.personal("git config user.email actions@github.com"))
    assert [h.rule for h in guard.personal("Write to mary.smith@acme.io")] == ["email"]
    changelog = (
        "## Patch Changes\n\n- 5c1d7a2e3f: Fixed the sidebar.\n"
        "- 0418447669: Added a menu parent role to the sidebar.\n"
    )
    assert not list(guard.personal(changelog))  # its neighbours' ids have letters
    assert [h.rule for h in guard.personal("- 0418447669: call me back\n")] == ["phone"]
    # ids with letters in another list of the page say nothing of this one
    apart = (
        "## On call\n\n- 0418447669: Mary Smith, nights\n\n"
        "## Changelog\n\n- 5c1d7a2e3f: Fixed the sidebar.\n"
    )
    assert [h.rule for h in guard.personal(apart)] == ["phone"]


_ASK_AND_HANG = """
import sys
from detect_secrets.core.secrets_collection import SecretsCollection
from mdbrain.store import secret_scan

def hang(self, name):  # detect-secrets reading: say so, then wait to be killed
    print("reading", flush=True)
    sys.stdin.read()

SecretsCollection.scan_file = hang
secret_scan.findings(sys.argv[1])
"""


@pytest.mark.skipif(not hasattr(secret_scan.os, "memfd_create"), reason="needs memfd (Linux)")
def test_a_process_killed_while_detect_secrets_reads_leaves_no_file(tmp_path: Path) -> None:
    import os
    import subprocess

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    child = subprocess.Popen(
        [sys.executable, "-c", _ASK_AND_HANG, "db_password = 'hunter2-but-longer'\n"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        env={**os.environ, "TMPDIR": str(scratch)},
    )  # fmt: skip
    try:
        assert child.stdout is not None
        assert child.stdout.readline() == "reading\n"
        child.kill()
    finally:
        child.wait(timeout=30)
        assert child.stdin is not None and child.stdout is not None
        child.stdin.close()
        child.stdout.close()
    assert list(scratch.iterdir()) == []


def test_the_text_detect_secrets_reads_is_the_text_given() -> None:
    text = "intro\n\nthe setting is db_password = 'x7Gq2vLp9sWd'\n"
    assert ("Secret Keyword", 3) in secret_scan.detect(text)
    with secret_scan._as_file("line one\nline two é\n") as name, open(name, encoding="utf-8") as f:
        assert f.read() == "line one\nline two é\n"

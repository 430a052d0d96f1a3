"""Vendors' prefixed tokens written bare (no name before them) and words in small letters
given to a secret's name.

Two defects met on real repositories: a crates.io token alone in a page's body was let
through (``token = "cio…"`` was refused, the bare value was not), and FastAPI's test
code ``headers={"X-Token": "coneofsilence"}`` was refused as a secret. Every fake token
here is made at run time with the right shape (random letters and digits, the prefix
joined from pieces), so this file holds none.
"""

from __future__ import annotations

import random
import string
import sys

import pytest

from mdbrain.adapters import cli as cli_module
from mdbrain.core import guard
from mdbrain.core.errors import EXIT_OK, EXIT_REFUSED
from mdbrain.core.guard import values
from mdbrain.store import secret_scan
from tests.conftest import MakeBase, doc

ALNUM = string.ascii_letters + string.digits
HEX = "0123456789abcdef"
UPPER = string.ascii_uppercase + string.digits
LOWER = string.ascii_lowercase + string.digits
URL_SAFE = ALNUM + "-_"
DIGITS = string.digits


def fake(alphabet: str, size: int, seed: int = 11) -> str:
    """Random characters of ``alphabet``, with a digit, and both cases when it has them,
    as a generated token has."""
    rng = random.Random(f"{alphabet}{size}{seed}")  # noqa: S311 - fake values, not secrets
    while True:
        value = "".join(rng.choice(alphabet) for _ in range(size))
        cases = [c for c in (str.isupper, str.islower) if any(map(c, alphabet))]
        if any(c.isdigit() for c in value) and all(any(map(c, value)) for c in cases):
            return value


def letters(size: int) -> str:
    """Random letters of both cases, no digit (a Hugging Face token's body)."""
    return "".join(random.Random(size).sample(string.ascii_letters, size))  # noqa: S311


def p(*pieces: str) -> str:
    """A prefix joined from pieces: no vendor's prefix is written whole in this file."""
    return "".join(pieces)


def tokens() -> list[tuple[str, str]]:
    """(rule, a fake token of the vendor's exact shape), for every shape that was let
    through bare before."""
    return [
        ("crates-io-token", p("ci", "o") + fake(ALNUM, 32)),
        ("rubygems-token", p("rubygems", "_") + fake(HEX, 48)),
        ("clojars-token", p("CLOJARS", "_") + fake(LOWER, 60)),
        ("docker-hub-token", p("dckr", "_pat_") + fake(ALNUM, 27)),
        ("postman-api-key", p("PM", "AK-") + fake(HEX, 24) + "-" + fake(HEX, 34)),
        ("linear-api-key", p("lin", "_api_") + fake(ALNUM, 40)),
        ("netlify-token", p("nf", "p_") + fake(ALNUM, 36)),  # a trial's bare Netlify token
        ("grafana-token", p("gl", "sa_") + fake(ALNUM, 32) + "_" + fake(HEX, 8)),
        ("grafana-token", p("gl", "c_eyJ") + fake(ALNUM + "+/", 90) + "="),
        ("sentry-token", p("sntry", "u_") + fake(HEX, 64)),
        ("sentry-token", p("sntry", "s_eyJ") + fake(ALNUM, 120) + "_" + fake(ALNUM, 43)),
        ("buildkite-token", p("bk", "ua_") + fake(HEX, 40)),
        ("pulumi-token", p("pu", "l-") + fake(HEX, 40)),
        ("sourcegraph-token", p("sg", "p_") + fake(HEX, 16) + "_" + fake(HEX, 40)),
        ("terraform-cloud-token", fake(ALNUM, 14) + p(".atlas", "v1.") + fake(ALNUM, 67)),
        ("heroku-api-key", p("HRKU", "-AA") + fake(URL_SAFE, 58)),
        ("deno-deploy-token", p("dd", "p_") + fake(ALNUM, 36)),
        ("render-api-key", p("rn", "d_") + fake(ALNUM, 32)),
        ("supabase-token", p("sb", "p_") + fake(HEX, 40)),
        ("planetscale-token", p("pscale", "_tkn_") + fake(ALNUM, 43)),
        ("prefect-api-key", p("pn", "u_") + fake(ALNUM, 36)),
        ("tailscale-key", p("tskey", "-auth-") + "k" + fake(ALNUM, 15) + "-" + fake(ALNUM, 33)),
        ("scalingo-token", p("tk-", "us-") + fake(URL_SAFE, 48)),
        ("octopus-deploy-key", p("AP", "I-") + fake(UPPER, 26)),
        ("infracost-api-key", p("ic", "o-") + fake(ALNUM, 32)),
        ("readme-api-key", p("rd", "me_") + fake(LOWER, 70)),
        ("bitbucket-app-password", p("AT", "BB") + fake(ALNUM, 32)),
        ("onepassword-service-token", p("op", "s_eyJ") + fake(ALNUM + "+/", 300)),
        ("alibaba-access-key", p("LT", "AI") + fake(ALNUM, 20)),
        ("azure-ad-client-secret", fake(ALNUM, 3) + "8" + p("Q", "~") + fake(ALNUM + "_~.-", 34)),
        ("google-oauth-token", p("ya", "29.") + fake(URL_SAFE, 120)),
        ("new-relic-key", p("NR", "AK-") + fake(UPPER, 27)),
        ("dynatrace-token", p("dt0", "c01.") + fake(UPPER, 24) + "." + fake(UPPER, 64)),
        ("mapbox-secret-token", p("sk", ".eyJ") + fake(ALNUM, 60) + "." + fake(URL_SAFE, 22)),
        ("groq-api-key", p("gs", "k_") + fake(ALNUM, 52)),
        ("xai-api-key", p("xa", "i-") + fake(ALNUM, 80)),
        ("perplexity-api-key", p("pp", "lx-") + fake(ALNUM, 48)),
        ("replicate-token", p("r", "8_") + fake(ALNUM, 37)),
        ("nvidia-api-key", p("nv", "api-") + fake(URL_SAFE, 64)),
        ("langsmith-api-key", p("lsv2", "_pt_") + fake(HEX, 32) + "_" + fake(HEX, 10)),
        ("square-access-token", p("sq0", "atp-") + fake(URL_SAFE, 22)),
        ("shippo-token", p("shippo", "_live_") + fake(HEX, 40)),
        ("duffel-token", p("duffel", "_test_") + fake(URL_SAFE, 43)),
        ("easypost-api-key", p("EZ", "AK") + fake(ALNUM, 54)),
        ("brevo-api-key", p("xkey", "sib-") + fake(HEX, 64) + "-" + fake(ALNUM, 16)),
        ("contentful-token", p("CF", "PAT-") + fake(URL_SAFE, 43)),
        ("frameio-token", p("fio", "-u-") + fake(URL_SAFE, 64)),
        ("notion-token", p("nt", "n_") + fake(DIGITS, 11) + fake(ALNUM, 35)),
        ("airtable-token", p("pa", "t") + fake(ALNUM, 14) + "." + fake(HEX, 64)),
        ("adafruit-io-key", p("ai", "o_") + fake(ALNUM, 28)),
        ("posthog-api-key", p("ph", "x_") + fake(ALNUM, 43)),
        (
            "discord-webhook",
            p("https://discord", ".com/api/webhooks/") + fake(DIGITS, 18) + "/" + fake(URL_SAFE, 68),
        ),
        ("huggingface-token", p("api", "_org_") + letters(34)),
    ]  # fmt: skip


TOKENS = tokens()
CRATES = TOKENS[0][1]


def rules(text: str) -> list[str]:
    return [hit.rule for hit in guard.scan(text)]


def write_guard(text: str) -> list[str]:
    """The whole write guard: mdbrain's rules and detect-secrets."""
    return [hit.rule for hit in secret_scan.inspect(text)]


# --- a bare prefixed token --------------------------------------------------------------


@pytest.mark.parametrize(
    "page",
    [
        "# probe\n\n{}\n",  # the report: the token alone on a line of the body
        "Publish with the token {} and nothing else.\n",
        "```sh\ncargo publish --token {}\n```\n",
        "- {}\n",
        "`{}`\n",
    ],
)
def test_a_bare_crates_io_token_is_refused(page: str) -> None:
    assert "crates-io-token" in write_guard(page.format(CRATES))


@pytest.mark.parametrize(
    ("rule", "token"), TOKENS, ids=[f"{r}-{i}" for i, (r, _) in enumerate(TOKENS)]
)
def test_each_vendors_token_is_caught_bare_in_prose_and_code(rule: str, token: str) -> None:
    for page in (
        f"# Setup\n\n{token}\n",
        f"Paste {token}.\n",
        f"```\n{token}\n```\n",
        f"({token}), then run it.\n",
    ):
        assert rule in rules(page), page


@pytest.mark.parametrize("token", [token for _rule, token in TOKENS][:6])
def test_a_token_inside_a_longer_word_is_not_read_as_one(token: str) -> None:
    """The prefix must start a word and the body end one: a longer run is something
    else (and, when random, the entropy and assignment rules' business)."""
    for text in (f"x{token}", f"{token}9", f"a_{token}"):
        assert rules(f"Build id {text} is logged.\n") == [], text


@pytest.mark.parametrize(
    "text",
    [
        "Set CARGO_REGISTRY_TOKEN=cioxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx before publishing.",
        "Your crates.io token looks like `cio...`; keep it out of the repository.",
        "Tokens start with `cio` and hold 32 letters and digits.",
        'CARGO_REGISTRY_TOKEN = "cio<your-token>"',
        'token = "cioXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX"',
        "HF_TOKEN=hf_xxx",
        'HF_TOKEN="hf_xxx"',
        'token = "hf_xxx"',
        'api_key = "gsk_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"',
        "export LINEAR_API_KEY=lin_api_...",
        "NETLIFY_AUTH_TOKEN=nfp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
        'DOCKER_TOKEN = "dckr_pat_xxxxx"',
        "The key is PMAK-XXXXXXXXXXXXXXXXXXXXXXXX-XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX.",
        'token = "rubygems_000000000000000000000000000000000000000000000000"',
    ],
)
def test_stand_ins_for_a_vendors_token_pass(text: str) -> None:
    assert write_guard(text) == [], text


@pytest.mark.parametrize(
    "text",
    [
        # words and identifiers that start like a token
        "The precious cioccolato recipe, the CIO's memo, and ciociaria.",
        "cioConfigurationManagerServiceBase is a class name of 35 letters.",
        "Use an API-first design, as the API-DESIGNGUIDELINESFORSERVICES page says.",
        "aio_RequestHandlerFactoryMixinBase subclasses it; aio_http_client_session too.",
        "The pat pattern, a patchwork of patterns; ico-sphere meshes; pul-ups.",
        "LTAIsMostlyABoutSomethingElse and ATBBlahBlahBlahBlahBlahBlahBlahBlah",
        "nvapi-and-such, rnd_seed_value_for_tests_only, gsk_ is a prefix.",
        "A Q~ in a sentence, and sk.eyJ alone.",
    ],
)
def test_prose_that_starts_like_a_token_passes(text: str) -> None:
    assert write_guard(text) == [], text


def test_a_bare_crates_io_token_is_refused_by_the_write_command(
    make_base: MakeBase, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    project = make_base({"a.md": doc("Alpha", sources="[x]")}).parent
    body = f"# probe\n\n{CRATES}\n"
    args = ["-C", str(project), "write", "--title", "probe", "--summary", "probe of the guard."]
    code, _out, err = _main([*args, "--theme", "probes", "--body", body], capsys, monkeypatch)
    assert code == EXIT_REFUSED, err
    assert "crates-io-token" in err and CRATES not in err
    assert not any(CRATES in path.read_text() for path in project.rglob("*.md"))


def _main(
    args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> tuple[int, str, str]:
    """The real entry point, in this process: exit code, stdout, stderr."""
    monkeypatch.setattr(sys, "argv", ["mdbrain", *args])
    with pytest.raises(SystemExit) as ended:
        cli_module.main()
    out, err = capsys.readouterr()
    code = ended.value.code
    return (code if isinstance(code, int) else EXIT_OK), out, err


# --- words in small letters given to a secret's name -------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # FastAPI's docs: the test client sends the sample token of the tutorial
        'response = client.get("/items/foo", headers={"X-Token": "coneofsilence"})',
        '    headers={"X-Token": "coneofsilence"},',
        'X_TOKEN = "coneofsilence"',
        'api_key = "bluehorizon"',
        'client_secret: "correcthorsebatterystaple"',
        'secret: "ponyexpressway"',
        "SECRET_KEY='keyboardcat'",
        # MTES-MCT/dialog's data model: a relation's label after a class named Token
        'User "1..1" -- "0..N" Token : "possède"',
        'token: "génère"',
        # withastro/starlight's translated DocSearch pages: the placeholder in their language
        "apiKey: 'DEIN_SUCH_API_SCHLÜSSEL',",
        "apiKey: 'TU_LLAVE_DE_API_DE_BÚSQUEDA',",
    ],
)
def test_words_in_small_letters_given_to_a_secrets_name_pass(text: str) -> None:
    assert write_guard(text) == [], text


@pytest.mark.parametrize(
    ("line", "value"),
    [
        ('  headers={"X-Token": "coneofsilence"},', "coneofsilence"),
        ('api_key = "silverlining"', "silverlining"),
        ('secret: "ponyexpressway"', "ponyexpressway"),
    ],
)
def test_words_run_together_are_a_stand_in_for_the_second_opinion(line: str, value: str) -> None:
    def finds(text: str) -> list[tuple[str, int, str]]:
        return [
            ("Secret Keyword", n, value)
            for n, said in enumerate(text.split("\n"), 1)
            if value in said
        ]

    assert guard.inspect(f"Intro.\n\n{line}\n", second_opinion=finds) == []


@pytest.mark.parametrize(
    "text",
    [
        # the same keys given real-looking values
        '{"X-Token": "Coneofsilence"}',
        '{"X-Token": "coneOfSilence"}',
        '{"X-Token": "coneofsilence42"}',
        '{"X-Token": "c0neofsilence"}',
        '{"X-Token": "cone_of_silence!"}',
        '{"X-Token": "qxzvbtkwjrmpfhgd"}',  # random small letters, no word
        '{"X-Token": "ajskdhfqweoiruzmxncb"}',
        '{"X-Token": "Xk9fQ2mZ7pL4vR8tW3nB"}',
        '{"X-Token": "' + fake(LOWER, 40) + '"}',
        'SECRET_KEY = "' + fake(HEX, 64) + '"',
        # a password's name: a word in small letters may be a real, weak password
        'password = "coneofsilence"',
        'db_password: "bluehorizon"',
        # and a common password, whatever the name
        'secret: "iloveyou"',
        'token = "sunshine"',
    ],
)
def test_real_looking_values_of_the_same_keys_are_still_refused(text: str) -> None:
    assert write_guard(text), text


@pytest.mark.parametrize(("rule", "token"), TOKENS[:8], ids=[r for r, _ in TOKENS[:8]])
def test_a_vendors_token_given_to_a_secrets_name_is_refused_by_its_own_rule(
    rule: str, token: str
) -> None:
    """The words' exemption is the assignment rule's: a prefixed token is read by its
    pattern whatever the name before it."""
    assert rule in rules(f'client.get("/items/", headers={{"X-Token": "{token}"}})')


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("pony", True),
        ("coneofsilence", True),
        ("opensesame", True),
        ("correcthorsebatterystaple", True),
        ("ponyexpressway", True),
        ("xkqzvbtw", False),
        ("qxzvbtkwjrmpfhgd", False),
        ("jqxzwvkbpyufogeh", False),  # a word's vowels, random letters
        ("coneofsilence1", False),
        ("Coneofsilence", False),
        ("cone-of-silence", False),
        ("a" * 33, False),  # longer than words run together
    ],
)
def test_words_run_together_are_told_from_random_letters(value: str, words: bool) -> None:
    assert values.lower_case_words(value) is words


def test_random_small_letters_seldom_pass_for_words() -> None:
    rng = random.Random(5)  # noqa: S311 - a fixed sample
    for size, share in ((16, 0.03), (24, 0.006), (32, 0.002)):
        drawn = [
            "".join(rng.choice(string.ascii_lowercase) for _ in range(size)) for _ in range(5000)
        ]
        assert sum(map(values.lower_case_words, drawn)) <= share * len(drawn), size

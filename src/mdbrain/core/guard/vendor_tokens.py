"""Vendors' tokens that say what they are: a fixed prefix, then a body of a known
alphabet and length (crates.io's ``cio`` and 32 letters and digits, Postman's
``PMAK-``, Linear's ``lin_api_``...).

A bare token, with no name before it, in prose or in code, is read by its shape
alone, so each shape is precise: the prefix, where a word starts (not inside an
identifier), the body's exact alphabet and length, and where the word ends. The
body then must not be a stand-in (``cio`` then x's is a sample), and where the prefix
is short or could start a word (``cio``, ``aio_``, ``API-``), it must hold a digit and
varied characters (:func:`~mdbrain.core.guard.values.some_randomness`), as a
generated token does and an identifier seldom does.

The shapes of :mod:`~mdbrain.core.guard.patterns` came first (GitHub, GitLab, Slack,
Stripe, OpenAI, Anthropic, npm, PyPI, Hugging Face...); these are the well-known
ones neither they nor detect-secrets (the second opinion) read. The formats are those
the vendors document and secret scanners (gitleaks, Nosey Parker, TruffleHog) agree on.

Staying linear: each regular expression starts with its prefix, a literal the engine
jumps to, then the look-behind checking the character before it, then bounded runs
whose classes do not hold the separator that follows them. The two that cannot start
with a literal (Azure and Terraform Cloud) run only where their needle is in the long
words, and start with one bounded run.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from mdbrain.core.guard.values import hex_token, some_randomness


@dataclass(frozen=True, slots=True)
class TokenShape:
    rule: str
    needles: tuple[str, ...]  # the shape is looked for only where one of these occurs
    regex: str
    body: int = 1  # the group that must not be a stand-in
    check: Callable[[re.Match[str]], bool] | None = None  # True when the match is real


def _starts(prefix: str) -> str:
    """A prefix (a regular expression of fixed width), then the look-behind that it
    starts a word: after the literal, so that the engine jumps to it."""
    return f"{prefix}(?<![A-Za-z0-9_]{prefix})"


_END = "(?![A-Za-z0-9_-])"  # the word ends: no letter, digit, "_" or "-" follows
_B64_END = "(?![A-Za-z0-9+/=_-])"


def _varied(group: int = 1) -> Callable[[re.Match[str]], bool]:
    return lambda match: some_randomness(match.group(group))


def _hex(group: int = 1) -> Callable[[re.Match[str]], bool]:
    return lambda match: hex_token(match.group(group))


VENDOR_TOKENS: tuple[TokenShape, ...] = (
    # package registries
    TokenShape(
        "crates-io-token", ("cio",), _starts("cio") + r"([A-Za-z0-9]{32})" + _END, check=_varied()
    ),
    TokenShape("rubygems-token", ("rubygems_",), _starts("rubygems_") + r"([a-f0-9]{48})" + _END),
    TokenShape(
        "clojars-token",
        ("CLOJARS_",),
        _starts("CLOJARS_") + r"([a-z0-9]{60})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "docker-hub-token", ("dckr_pat_",), _starts("dckr_pat_") + r"([A-Za-z0-9_-]{27})" + _END
    ),
    # developer tools and hosting
    TokenShape(
        "postman-api-key",
        ("PMAK-",),
        _starts("PMAK-") + r"([a-fA-F0-9]{24})-([a-fA-F0-9]{34})" + _END,
        body=2,
        check=_hex(2),
    ),
    TokenShape("linear-api-key", ("lin_api_",), _starts("lin_api_") + r"([A-Za-z0-9]{40})" + _END),
    TokenShape(  # Netlify's personal, OAuth and user tokens
        "netlify-token",
        ("nfp_", "nfo_", "nfu_", "nfc_"),
        _starts("nf[pouc]_") + r"([A-Za-z0-9]{36})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "grafana-token",
        ("glsa_",),
        _starts("glsa_") + r"([A-Za-z0-9]{32})_[A-Fa-f0-9]{8}" + _END,
        check=_varied(),
    ),
    TokenShape(
        "grafana-token",
        ("glc_eyJ",),
        _starts("glc_") + r"eyJ([A-Za-z0-9+/]{29,400}={0,2})" + _B64_END,
    ),
    TokenShape("sentry-token", ("sntryu_",), _starts("sntryu_") + r"([a-f0-9]{64})" + _END),
    TokenShape(
        "sentry-token",
        ("sntrys_eyJ",),
        _starts("sntrys_") + r"eyJ[A-Za-z0-9+/]{30,400}={0,2}_([A-Za-z0-9+/]{43})" + _B64_END,
    ),
    TokenShape(
        "buildkite-token", ("bkua_",), _starts("bkua_") + r"([a-f0-9]{40})" + _END, check=_hex()
    ),
    TokenShape("pulumi-token", ("pul-",), _starts("pul-") + r"([a-f0-9]{40})" + _END, check=_hex()),
    TokenShape(
        "sourcegraph-token",
        ("sgp_",),
        _starts("sgp_") + r"(?:(?:[a-fA-F0-9]{16}|local)_)?([a-fA-F0-9]{40})" + _END,
        check=_hex(),
    ),
    TokenShape(
        "terraform-cloud-token",
        (".atlasv1.",),
        r"(?<![A-Za-z0-9_])[A-Za-z0-9]{14}\.atlasv1\.([A-Za-z0-9_=-]{60,70})(?![A-Za-z0-9_=-])",
        check=_varied(),
    ),
    TokenShape("heroku-api-key", ("HRKU-AA",), _starts("HRKU-AA") + r"([A-Za-z0-9_-]{58})" + _END),
    TokenShape(
        "deno-deploy-token",
        ("ddp_", "ddw_"),
        _starts("dd[pw]_") + r"([A-Za-z0-9]{36})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "render-api-key", ("rnd_",), _starts("rnd_") + r"([A-Za-z0-9]{32})" + _END, check=_varied()
    ),
    TokenShape(
        "supabase-token", ("sbp_",), _starts("sbp_") + r"([a-f0-9]{40})" + _END, check=_hex()
    ),
    TokenShape(
        "planetscale-token",
        ("pscale_tkn_", "pscale_pw_", "pscale_oauth_"),
        _starts("pscale_") + r"(?:tkn|pw|oauth)_([A-Za-z0-9_]{32,64})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "prefect-api-key", ("pnu_",), _starts("pnu_") + r"([A-Za-z0-9]{36})" + _END, check=_varied()
    ),
    TokenShape(
        "tailscale-key",
        ("tskey-",),
        _starts("tskey-")
        + r"(?:api|auth|client|scim|webhook)-[A-Za-z0-9]{8,40}-([A-Za-z0-9]{16,64})"
        + _END,
        check=_varied(),
    ),
    TokenShape(
        "scalingo-token",
        ("tk-us-",),
        _starts("tk-us-") + r"([A-Za-z0-9_-]{48})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "octopus-deploy-key", ("API-",), _starts("API-") + r"([A-Z0-9]{26})" + _END, check=_varied()
    ),
    TokenShape(
        "infracost-api-key",
        ("ico-",),
        _starts("ico-") + r"([A-Za-z0-9]{32})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "readme-api-key", ("rdme_",), _starts("rdme_") + r"([a-z0-9]{70})" + _END, check=_varied()
    ),
    TokenShape(
        "bitbucket-app-password",
        ("ATBB",),
        _starts("ATBB") + r"([A-Za-z0-9]{32})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "onepassword-service-token",
        ("ops_eyJ",),
        _starts("ops_") + r"eyJ([A-Za-z0-9+/]{250,4096}={0,3})" + _B64_END,
    ),
    # clouds and their services
    TokenShape(
        "alibaba-access-key",
        ("LTAI",),
        _starts("LTAI") + r"([A-Za-z0-9]{20}|[A-Za-z0-9]{12})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "azure-ad-client-secret",
        ("Q~",),
        # three characters and a digit before "Q~", then the rest: 40 in all; a dot after
        # it ends a sentence, unless a character of the secret follows
        r"(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.]{3}\dQ~([A-Za-z0-9_~.-]{31,34})"
        r"(?![A-Za-z0-9_~-]|\.[A-Za-z0-9_~.-])",
        check=_varied(),
    ),
    TokenShape(
        "google-oauth-token",
        ("ya29.",),
        _starts(r"ya29\.") + r"([A-Za-z0-9_-]{20,1024})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "new-relic-key", ("NRAK-",), _starts("NRAK-") + r"([A-Z0-9]{27})" + _END, check=_varied()
    ),
    TokenShape(
        "dynatrace-token",
        ("dt0c01.",),
        _starts(r"dt0c01\.") + r"[A-Z0-9]{24}\.([A-Z0-9]{64})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "mapbox-secret-token",
        ("sk.eyJ",),
        _starts(r"sk\.") + r"eyJ[A-Za-z0-9_-]{20,400}\.([A-Za-z0-9_-]{22})" + _END,
    ),
    # artificial intelligence
    TokenShape(
        "groq-api-key", ("gsk_",), _starts("gsk_") + r"([A-Za-z0-9]{52})" + _END, check=_varied()
    ),
    TokenShape(
        "xai-api-key", ("xai-",), _starts("xai-") + r"([A-Za-z0-9]{80})" + _END, check=_varied()
    ),
    TokenShape(
        "perplexity-api-key",
        ("pplx-",),
        _starts("pplx-") + r"([A-Za-z0-9]{48})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "replicate-token",
        ("r8_",),
        _starts("r8_") + r"([A-Za-z0-9_-]{37})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "nvidia-api-key",
        ("nvapi-",),
        _starts("nvapi-") + r"([A-Za-z0-9_-]{64})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "langsmith-api-key",
        ("lsv2_",),
        _starts("lsv2_") + r"(?:pt|sk)_([a-f0-9]{32})_[a-f0-9]{10}" + _END,
        check=_hex(),
    ),
    # payments, mail, messaging, content
    TokenShape(
        "square-access-token", ("sq0atp-",), _starts("sq0atp-") + r"([A-Za-z0-9_-]{22})" + _END
    ),
    TokenShape(
        "shippo-token",
        ("shippo_live_", "shippo_test_"),
        _starts("shippo_") + r"(?:live|test)_([a-fA-F0-9]{40})" + _END,
        check=_hex(),
    ),
    TokenShape(
        "duffel-token",
        ("duffel_live_", "duffel_test_"),
        _starts("duffel_") + r"(?:live|test)_([A-Za-z0-9_=-]{43})(?![A-Za-z0-9_=-])",
    ),
    TokenShape(
        "easypost-api-key",
        ("EZAK", "EZTK"),
        _starts("EZ[AT]K") + r"([A-Za-z0-9]{54})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "brevo-api-key",
        ("xkeysib-", "xsmtpsib-"),
        r"x(?:keysib-(?<![A-Za-z0-9_]xkeysib-)|smtpsib-(?<![A-Za-z0-9_]xsmtpsib-))"
        r"[a-f0-9]{64}-([A-Za-z0-9]{16})" + _END,
        check=_varied(),
    ),
    TokenShape("contentful-token", ("CFPAT-",), _starts("CFPAT-") + r"([A-Za-z0-9_-]{43})" + _END),
    TokenShape(
        "frameio-token",
        ("fio-u-",),
        _starts("fio-u-") + r"([A-Za-z0-9_=-]{64})(?![A-Za-z0-9_=-])",
    ),
    TokenShape(
        "notion-token",
        ("ntn_",),
        _starts("ntn_") + r"([0-9]{11}[A-Za-z0-9]{35})" + _END,
        check=_varied(),
    ),
    TokenShape(
        "airtable-token",
        ("pat",),
        _starts("pat") + r"[A-Za-z0-9]{14}\.([a-f0-9]{64})" + _END,
        check=_hex(),
    ),
    TokenShape(
        "adafruit-io-key", ("aio_",), _starts("aio_") + r"([A-Za-z0-9]{28})" + _END, check=_varied()
    ),
    TokenShape(
        "posthog-api-key", ("phx_",), _starts("phx_") + r"([A-Za-z0-9]{43})" + _END, check=_varied()
    ),
    TokenShape(
        "discord-webhook",
        ("/api/webhooks/",),
        r"discord(?:app)?\.com/api/webhooks/\d{17,20}/([A-Za-z0-9_-]{60,68})" + _END,
        check=_varied(),
    ),
)

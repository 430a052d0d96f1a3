"""Literal shapes: tokens with a known prefix, headers, and credentials in URLs,
commands and netrc files."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from mdbrain.core.guard.encoding import b64decode
from mdbrain.core.guard.hit import Found
from mdbrain.core.guard.keys import key_material_follows
from mdbrain.core.guard.samples import (
    PUBLIC_SAMPLES,
    dummy,
    placeholder,
    reference,
    stand_in_password,
)
from mdbrain.core.guard.values import credential_like, hex_token, random_token, some_randomness
from mdbrain.core.guard.vendor_tokens import VENDOR_TOKENS
from mdbrain.core.guard.views import Text


@dataclass(frozen=True, slots=True)
class _Pattern:
    rule: str
    needles: tuple[str, ...]  # the pattern runs only where one of these occurs
    regex: re.Pattern[str]
    group: int = 0  # the group holding the value reported
    body: int = 0  # the group checked for stand-ins (0: the value itself)
    check: Callable[[re.Match[str]], bool] | None = None  # True when the match is real
    folded: bool = False  # needles are looked for in lower case
    # True when the needle may sit outside a long word (see Text): it is looked for, in
    # lower case, in the whole lower-cased text; else only in the long words
    contextual: bool = False


def _private_key_header(match: re.Match[str]) -> bool:
    return key_material_follows(match.string, match.end())


def _basic_or_bearer(match: re.Match[str]) -> bool:
    scheme, token = match.group(1).lower(), match.group(2)
    if placeholder(token) or reference(token):
        return False
    if scheme == "basic":
        return _basic_pair(token, printable=False)
    return len(token) >= 16 and (some_randomness(token) or token.count(".") == 2)


# the user of a pair decoded from HTTP Basic: no space, no colon, no control character
_BASIC_USER = re.compile(r"[^\s:\x00-\x1f\x7f]{1,128}")


def _basic_pair(token: str, *, printable: bool) -> bool:
    """Whether an HTTP Basic token decodes to a user and a password (RFC 7617), the
    password not a stand-in (:func:`stand_in_password`: ``user:password``,
    ``admin:changeme``, ``user:<password>`` pass). After "Authorization" any decoding
    with a colon counts; after a bare "Basic" (:func:`_basic_credentials`) the decoding
    must be printable text with a user's name before the colon, as no word of prose
    decodes to."""
    data = b64decode(token)
    if data is None:
        return False
    try:
        decoded = data.decode("utf-8") if printable else data.decode("utf-8", "replace")
    except UnicodeDecodeError:
        return False
    user, colon, password = decoded.partition(":")
    if printable and not (decoded.isprintable() and _BASIC_USER.fullmatch(user)):
        return False
    return bool(colon) and bool(password.strip()) and not stand_in_password(password)


def _basic_credentials(match: re.Match[str]) -> bool:
    """HTTP Basic credentials wherever a header's value is written, not only after
    "Authorization:" (nginx's ``proxy_set_header Authorization "Basic …"``, a YAML
    ``value: Basic …``, ``auth = "Basic …"``, OpenTelemetry's URL-encoded
    ``Authorization=Basic%20…``)."""
    token = match.group(1)
    return not placeholder(token) and not reference(token) and _basic_pair(token, printable=True)


def _bearer(match: re.Match[str]) -> bool:
    token = match.group(1)
    return not reference(token) and (random_token(token) or token.startswith("eyJ"))


def _password_with_user(match: re.Match[str]) -> bool:
    """A password given with its user, in a URL or a command: meant whatever its strength
    (``postgres://app:hunter2@db``), unless it stands in (see stand_in_password), is a
    reference, or the host is a documentation's."""
    user, password = match.group("user"), match.group("password")
    host = match.groupdict().get("host") or ""
    return (
        len(password) >= 4
        and password != user
        and user.lower() not in _ANONYMOUS
        and not _drive_path(user, password)
        and not password.isdigit()
        and not stand_in_password(password)
        and not reference(password)
        and _DOCUMENTATION_HOST.fullmatch(host.split(":", 1)[0]) is None
    )


# The user of anonymous access (RFC 1635): whatever password is given with it (by
# custom an address, or any word) opens what is open to everyone, and guards nothing.
_ANONYMOUS = frozenset({"anonymous"})


def _drive_path(user: str, password: str) -> bool:
    """Whether a "user:password" after ``-u`` is a Windows path (``python -u
    "c:\\path\\to\\app.py"``, Python's unbuffered mode given a script): a drive's
    letter, then a backslash or a slash."""
    return len(user) == 1 and user.isalpha() and password.startswith(("\\", "/"))


# hosts that name no machine anyone can reach: the names kept for documentation and
# tests (RFC 2606, 6761) and made-up ones that say so ("some.example-pg-instance.tld",
# backstage's sample database). A password in an address to one is a sample.
_DOCUMENTATION_HOST = re.compile(
    r"(?:[\w-]+\.)*(?:example|localhost|example(?:-[\w-]+)?\.[a-z]{2,}"
    r"|[\w-]+-example\.[a-z]{2,}|[\w-]+\.(?:test|invalid|example|localhost|tld))\.?",
    re.IGNORECASE,
)


_URL_USERINFO = (
    r"://(?P<user>[^\s/:@'\"<>]{0,128}):(?P<password>[^\s/@'\"<>]{1,256})@"
    r"(?P<host>[\w\[][\w.\[\]:-]{0,252})"
)
_URL_USERINFO_RE = re.compile(_URL_USERINFO)


def sample_userinfo(line: str, password: str) -> bool:
    """Whether ``password`` is given in a web address of ``line`` that the url rule lets
    pass (a stand-in, the anonymous user, a documentation's host): what a second opinion
    reports there as "Basic Auth Credentials" is the same sample."""
    return any(
        match.group("password") == password and not _password_with_user(match)
        for match in _URL_USERINFO_RE.finditer(line)
    )


def _netrc_value(match: re.Match[str]) -> bool:
    value = match.group(1)
    return len(value) >= 6 and not placeholder(value) and not reference(value)


def _netrc_line(match: re.Match[str]) -> bool:
    return credential_like(match.group(1))


def _jwt(match: re.Match[str]) -> bool:
    return match.group(0) not in PUBLIC_SAMPLES and not dummy(match.group(1))


def _aws(match: re.Match[str]) -> bool:
    value = match.group(0)
    return not value.endswith("EXAMPLE") and not placeholder(value[4:])


# Slack addresses every webhook by its workspace (team) first: T or, on an Enterprise
# Grid, E, then capitals and digits. "hooks.slack.com/services/HGJKHJ/DFJKHK/DJFHKD" in a
# runbook is a made-up example.
_SLACK_TEAM = re.compile(r"[TE][A-Z0-9]{6,14}")


def _slack_webhook(match: re.Match[str]) -> bool:
    parts = match.group(1).split("/")
    return bool(_SLACK_TEAM.fullmatch(parts[0])) and not placeholder(parts[-1])


def _pattern(
    rule: str,
    needles: str | tuple[str, ...],
    regex: str,
    *,
    group: int = 0,
    body: int = 0,
    check: Callable[[re.Match[str]], bool] | None = None,
    flags: int = 0,
    contextual: bool = False,
) -> _Pattern:
    wanted = (needles,) if isinstance(needles, str) else needles
    folded = bool(flags & re.IGNORECASE) or contextual
    return _Pattern(
        rule,
        tuple(n.lower() for n in wanted) if folded else wanted,
        re.compile(regex, flags),
        group,
        body,
        check,
        folded,
        contextual,
    )


# Every token pattern below is a literal prefix, then one bounded run of a class the
# prefix does not repeat; look-behinds keep a run from being retried from its inside.
LITERAL_PATTERNS: tuple[_Pattern, ...] = (
    _pattern(
        "private-key",
        "private",
        r"-----BEGIN (?:[A-Z0-9]{1,16} ){0,4}PRIVATE KEY(?: BLOCK)?-----",
        check=_private_key_header,
        contextual=True,
    ),
    _pattern(
        "gcp-service-account",
        "private",
        r'"private_key"[ \t]{0,4}:[ \t]{0,4}"-----BEGIN[A-Z ]{0,40}-----',
        check=_private_key_header,
        contextual=True,
    ),
    _pattern(
        "putty-private-key",
        "private",
        r"Private-Lines:[ \t]{0,4}\d{1,4}",
        contextual=True,
    ),
    _pattern("age-secret-key", "AGE-SECRET-KEY-1", r"AGE-SECRET-KEY-1[0-9A-Z]{58}", check=None),
    _pattern(
        "aws-access-key",
        ("AKIA", "ASIA", "ABIA", "ACCA"),
        r"(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}(?![0-9A-Z])",
        check=_aws,
    ),
    _pattern(
        "github-token",
        ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"),
        r"gh[pousr]_([A-Za-z0-9]{36,255})",
        body=1,
    ),
    _pattern("github-token", "github_pat_", r"github_pat_([A-Za-z0-9_]{22,255})", body=1),
    _pattern(  # HashiCorp Vault: service, batch and recovery tokens
        "vault-token",
        ("hvs.", "hvb.", "hvr."),
        r"(?<![\w.])hv[sbr]\.([A-Za-z0-9_-]{24,255})",
        body=1,
    ),
    _pattern(
        "gitlab-token",
        ("glpat-", "glptt-", "gldt-", "glrt-", "glsoat-", "glcbt-", "glft-", "glimt-"),
        r"gl(?:pat|ptt|dt|rt|soat|cbt|ft|imt)-([A-Za-z0-9_-]{20,255})",
        body=1,
    ),
    _pattern(
        "slack-token",
        ("xox", "xapp-"),
        r"(?:xox[abposrce]|xapp)-([A-Za-z0-9-]{10,255})",
        body=1,
        check=lambda m: some_randomness(m.group(1)),
    ),
    _pattern(
        "slack-webhook",
        "hooks.slack.com/",
        r"hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9/_-]{20,200})",
        body=1,
        check=_slack_webhook,
    ),
    _pattern("google-api-key", "AIza", r"AIza([0-9A-Za-z_-]{35})", body=1),
    _pattern("google-oauth-secret", "GOCSPX-", r"GOCSPX-([A-Za-z0-9_-]{28})", body=1),
    _pattern(
        "stripe-key",
        ("k_live_", "k_test_", "whsec_"),
        r"(?<![A-Za-z0-9])(?:[rs]k_(?:live|test)|whsec)_([0-9A-Za-z]{16,255})",
        body=1,
    ),
    _pattern(
        "anthropic-key",
        "sk-ant-",
        r"sk-ant-[a-z]{3,8}\d{0,3}-([A-Za-z0-9_-]{32,256})",
        body=1,
        check=lambda m: random_token(m.group(1)),
    ),
    _pattern(
        "openai-key",
        "sk-",
        r"(?<![\w-])sk-(?:(?:proj|svcacct|admin|None)-)?([A-Za-z0-9_-]{32,256})(?![\w-])",
        body=1,
        check=lambda m: random_token(m.group(1)),
    ),
    _pattern(
        "npm-token",
        "npm_",
        r"(?<![A-Za-z0-9_])npm_([A-Za-z0-9]{36})(?![A-Za-z0-9])",
        body=1,
        check=lambda m: random_token(m.group(1)),
    ),
    _pattern("pypi-token", "pypi-AgE", r"pypi-AgE[A-Za-z0-9_-]{50,1024}"),
    _pattern(  # user access tokens, and an organisation's API tokens
        "huggingface-token",
        ("hf_", "api_org_"),
        r"(?<![A-Za-z0-9_])(?:hf|api_org)_([A-Za-z]{34})(?![A-Za-z0-9])",
        body=1,
        check=lambda m: (
            any(c.isupper() for c in m.group(1)) and any(c.islower() for c in m.group(1))
        ),
    ),
    _pattern(
        "twilio-api-key",
        "SK",
        r"(?<![A-Za-z0-9])SK([0-9a-fA-F]{32})(?![A-Za-z0-9])",
        body=1,
        check=lambda m: hex_token(m.group(1)),
    ),
    _pattern(
        "sendgrid-key",
        "SG.",
        r"(?<![A-Za-z0-9])SG\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})",
        body=2,
    ),
    _pattern(
        "azure-storage-key",
        ("AccountKey=", "SharedAccessKey="),
        r"(?:AccountKey|SharedAccessKey)=([A-Za-z0-9+/]{40,100}={0,2})",
        group=1,
    ),
    _pattern(
        "azure-sas-signature",
        "sig=",
        r"[?&;]sig=([A-Za-z0-9%+/]{30,200}(?:%3D|=){0,2})",
        group=1,
        check=lambda m: some_randomness(m.group(1)),
    ),
    _pattern(
        "telegram-bot-token",
        ":AA",
        r"(?<![\d:])\d{8,10}:AA([A-Za-z0-9_-]{33})(?![A-Za-z0-9_-])",
        body=1,
        check=lambda m: random_token(m.group(1)),
    ),
    _pattern(
        "digitalocean-token",
        ("dop_v1_", "doo_v1_", "dor_v1_"),
        r"do[opr]_v1_([a-f0-9]{64})",
        body=1,
    ),
    _pattern("shopify-token", "shp", r"shp(?:at|ca|pa|ss)_([a-fA-F0-9]{32})", body=1),
    _pattern(
        "databricks-token",
        "dapi",
        r"(?<![A-Za-z0-9])dapi([a-f0-9]{32})(?:-\d)?(?![A-Za-z0-9])",
        body=1,
        check=lambda m: hex_token(m.group(1)),
    ),
    _pattern(
        "mailgun-key",
        "key-",
        r"(?<![\w-])key-([0-9a-z]{32})(?![\w-])",
        body=1,
        check=lambda m: some_randomness(m.group(1)),
    ),
    _pattern("atlassian-token", "ATATT3", r"ATATT3([A-Za-z0-9_=-]{150,400})", body=1),
    _pattern(
        "doppler-token",
        "dp.",
        r"dp\.(?:pt|st|sa|ct|scim|audit)\.([A-Za-z0-9]{40,64})",
        body=1,
        check=lambda m: random_token(m.group(1)),
    ),
    _pattern(
        "jwt",
        "eyJ",
        r"eyJ[A-Za-z0-9_-]{8,2048}\.eyJ[A-Za-z0-9_-]{8,4096}\.([A-Za-z0-9_-]{8,1024})",
        check=_jwt,
    ),
    # the other vendors' prefixed tokens (crates.io, Postman, Linear, Docker Hub...)
    *(
        _pattern(shape.rule, shape.needles, shape.regex, body=shape.body, check=shape.check)
        for shape in VENDOR_TOKENS
    ),
    _pattern(
        "authorization-header",
        "authorization",
        # "authorization", a separator, a scheme, then one bounded token
        r"authorization[\"']?[ \t]{0,4}[:=][ \t]{0,4}[\"']?[ \t]{0,4}"
        r"(basic|bearer|token|apikey|sso-key)(?:[ \t]{1,4}|%20)([A-Za-z0-9._~+/:-]{8,1024}={0,2})",
        group=2,
        check=_basic_or_bearer,
        flags=re.IGNORECASE,
        contextual=True,
    ),
    _pattern(
        "basic-credentials",
        "basic",
        # "basic" starting a word (the look-behind after the literal), a space or its URL
        # encoding, then one bounded run of the base64 alphabet
        r"basic(?<![\w-]basic)(?:[ \t]{1,4}|%20)([A-Za-z0-9+/]{8,1024}={0,2})",
        group=1,
        check=_basic_credentials,
        flags=re.IGNORECASE,
        contextual=True,
    ),
    _pattern(
        "bearer-token",
        "bearer",
        r"(?<![\w-])bearer[ \t]{1,4}([A-Za-z0-9._~+/-]{20,1024}={0,2})",
        group=1,
        check=_bearer,
        flags=re.IGNORECASE,
        contextual=True,
    ),
    _pattern(
        "curl-credentials",
        ("-u", "-U"),  # in "--user" and "--proxy-user" too
        # "-" (a literal the engine jumps to; the look-behind after it checks that it
        # starts a word), the option, a bounded user without ":", a bounded password
        r"-(?<![\w-]-)(?:u|U|-user|-proxy-user)(?:[ \t]{1,4}|=)([\"']?)"
        r"(?P<user>[^\s:\"'@]{1,128}):(?P<password>[^\s\"']{1,256})\1(?![^\s\"'])",
        group=3,
        check=_password_with_user,
        contextual=True,
    ),
    _pattern(
        "url-with-password",
        "://",
        # from each "://": a bounded user without ":" or "@", then a bounded password
        _URL_USERINFO,
        group=2,
        check=_password_with_user,
    ),
    _pattern(
        "url-with-password",
        "@tcp(",
        r"(?<![\w.-])(?P<user>[\w.-]{1,64}):(?P<password>[^\s/@'\"<>]{1,256})@tcp\(",
        group=2,
        check=_password_with_user,
    ),
    _pattern(
        "netrc-password",
        "machine",
        r"machine(?<!\wmachine)[ \t]+\S{1,253}[ \t]+(?:login[ \t]+\S{1,128}[ \t]+)?password"
        r"[ \t]+(\S{1,256})",
        group=1,
        check=_netrc_value,
        contextual=True,
    ),
    _pattern(
        "netrc-password",
        "password",
        r"(?m)^[ \t]{0,8}password[ \t]{1,8}(\S{1,256})[ \t]{0,8}\r?$",
        group=1,
        check=_netrc_line,
        contextual=True,
    ),
)


def _needles(*, contextual: bool, folded: bool) -> frozenset[str]:
    return frozenset(
        n
        for p in LITERAL_PATTERNS
        if p.contextual == contextual and (contextual or p.folded == folded)
        for n in p.needles
    )


_WORD_NEEDLES = _needles(contextual=False, folded=False)
_CONTEXT_NEEDLES = _needles(contextual=True, folded=True)


def _grouped(
    needles: frozenset[str], gates: tuple[str, ...]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The needles under the first gate each contains, the others alone (their own gate)."""
    groups: dict[str, list[str]] = {}
    for needle in sorted(needles):
        gate = next((g for g in gates if g in needle), needle)
        groups.setdefault(gate, []).append(needle)
    return tuple((gate, tuple(members)) for gate, members in groups.items())


# Every needle of a group contains its gate, so where the gate is not in the long words
# none of them is: one substring test stands for the whole group, and the set of
# needles present is the same as when each is tested.
_WORD_GROUPS = _grouped(_WORD_NEEDLES, ("A", "S", "gh", "gl", "k_", "_v1_", "sk-", "_", "-", "."))


def literal_finds(view: Text) -> Iterator[Found]:
    runs, text = view.runs, view.text
    present = {n for gate, group in _WORD_GROUPS if gate in runs for n in group if n in runs}
    present.update(n for n in _CONTEXT_NEEDLES if n in view.lowered)
    if not present:
        return
    for pattern in LITERAL_PATTERNS:
        if present.isdisjoint(pattern.needles):
            continue
        for match in pattern.regex.finditer(text):
            value = match.group(pattern.group)
            if value in PUBLIC_SAMPLES:
                continue
            if pattern.body and placeholder(match.group(pattern.body)):
                continue
            if pattern.group and not pattern.check and placeholder(value):
                continue
            if pattern.check is not None and not pattern.check(match):
                continue
            yield Found(pattern.rule, match.start(pattern.group), match.end(pattern.group), value)

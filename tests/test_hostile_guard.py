"""Hostile review, guard gaps: a secret must not enter the base by any door.

Every fake secret is made at run time with the right shape (random letters and
digits, the prefixes joined from pieces), so this file holds none. A refusal is
exit code 3 with nothing written; for the import, a page holding a secret may also
be skipped and reported (exit 0), as long as the secret is nowhere in the base.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.hostile_base import (
    EXIT_OK,
    EXIT_REFUSED,
    RULE,
    SESSION,
    Hostile,
    Run,
    assert_clean_error,
    assert_ended,
    fake_anthropic_key,
    fake_aws_key,
    fake_npm_token,
    fake_openai_project_key,
    fake_password,
    fake_pem_body,
    fake_slack_token,
    new_hostile,
    pem_block,
    random_text,
)


@pytest.fixture
def h(tmp_path: Path, tmp_path_factory: pytest.TempPathFactory) -> Hostile:
    return new_hostile(tmp_path, tmp_path_factory)


def base_files(h: Hostile) -> dict[str, bytes]:
    """Every file and folder of the knowledge root but the caches (folders map to b"")."""
    found = {}
    for path in sorted(h.docs.rglob("*")):
        rel = path.relative_to(h.docs).as_posix()
        if rel.startswith(".mdbrain"):
            continue
        found[rel] = b"" if path.is_dir() else path.read_bytes()
    return found


def assert_secret_absent(h: Hostile, *secrets: str) -> None:
    """No file or folder of the base holds any piece of the secrets that identifies them."""
    for path in h.docs.rglob("*"):
        name = path.name.lower()
        data = b"" if path.is_dir() or path.is_fifo() else path.read_bytes().lower()
        for secret in secrets:
            tail = secret[-12:].lower()
            assert tail not in name, f"{path} is named after a secret"
            assert tail.encode() not in data, f"{path} holds a secret"


def assert_refused(h: Hostile, before: dict[str, bytes], done: Run, *secrets: str) -> None:
    assert_secret_absent(h, *secrets)
    assert base_files(h) == before, "the base changed"
    assert_clean_error(done, EXIT_REFUSED)
    assert not any(secret in done.err for secret in secrets), "the message repeats the secret"


WRITE = ("write", "--title", "Deploy keys", "--summary", "Where the deploy keys live.")


# --- a secret in a field other than the title, summary, tags, sources and body -----------


@pytest.mark.parametrize(
    "option",
    [
        "--author",
        "--related",
        "--impl-ref",
        "--theme",  # the slug would lowercase the key past the guard: the raw theme is checked
        "--tag",
    ],
)
def test_write_refuses_a_secret_in_any_option(h: Hostile, option: str) -> None:
    key = fake_aws_key()
    # shaped as the option expects, so that only the guard stands in the way
    value = {"--related": f"notes/{key}.md", "--theme": f"ops/{key}"}.get(option, key)
    before = base_files(h)
    done = h.run(*WRITE, "--source", "ops wiki", option, value)
    assert_refused(h, before, done, key)


@pytest.mark.parametrize(
    "field",
    ["author", "related", "impl_refs", "theme", "sources"],
)
def test_write_json_refuses_a_secret_in_any_field(h: Hostile, field: str) -> None:
    key = fake_aws_key()
    payload: dict[str, object] = {
        "title": "Deploy keys",
        "summary": "Where the deploy keys live.",
        "sources": ["ops wiki"],
    }
    value = {"related": f"notes/{key}.md", "theme": f"ops/{key}"}.get(field, key)
    payload[field] = value if field in ("author", "theme") else [value]
    path = h.tmp / "payload.json"
    path.write_text(json.dumps(payload), encoding="utf-8")
    before = base_files(h)
    done = h.run("write", "--input", str(path))
    assert_refused(h, before, done, key)


def test_supersede_refuses_a_secret_in_its_reason(h: Hostile) -> None:
    key = fake_aws_key()
    new = "decisions/keep-sessions-in-redis-with-a-one-hour-idle-timeout.md"
    before = base_files(h)
    done = h.run("supersede", SESSION, "--by", new, "--reason", f"rotated {key}")
    assert_refused(h, before, done, key)


@pytest.mark.parametrize("option", ["--reason", "--who"])
def test_resolve_refuses_a_secret_in_its_reason_or_decider(h: Hostile, option: str) -> None:
    rival = "rules/lockout-after-three-failures.md"
    (h.docs / rival).write_text(
        "---\ntitle: Lock an account after 3 failed attempts\n"
        "summary: Three failed log-in attempts in a row lock the account.\n"
        "type: rule\nstatus: stable\ntags: [security]\n"
        f"contradicts: [{RULE}]\nsources: [security review]\n"
        "created: 2026-07-09\nupdated: 2026-07-09\n---\n\n# Rule\n\nThree attempts.\n",
        encoding="utf-8",
    )
    conflicts = h.run("conflicts")
    assert rival in conflicts.out, str(conflicts)
    key = fake_aws_key()
    before = base_files(h)
    done = h.run("resolve", rival, RULE, "--keep", RULE, option, f"ops {key}")
    assert_refused(h, before, done, key)


# --- secrets shaped the way the guard does not expect, in a body -----------------------


def _split_key() -> tuple[str, list[str]]:
    key = fake_aws_key()
    return f"The key is {key[:10]}\n{key[10:]} for production.", [key[:10], key[10:]]


def _zero_width_key() -> tuple[str, list[str]]:
    key = fake_aws_key()
    return f"The key is {key[:8]}\u200b{key[8:]} for production.", [key[8:]]


def _base64_password() -> tuple[str, list[str]]:
    encoded = base64.b64encode(f"password={fake_password()}".encode()).decode()
    return f"The config blob: {encoded}", [encoded]


def _pem_without_header() -> tuple[str, list[str]]:
    body = fake_pem_body()
    return "The deploy key body:\n\n" + "\n".join(body) + "\n", [body[1]]


def _basic_auth() -> tuple[str, list[str]]:
    token = base64.b64encode(f"admin:{fake_password()}".encode()).decode()
    return f"Send `Authorization: Basic {token}` with each call.", [token]


def _bearer() -> tuple[str, list[str]]:
    token = random_text(40)
    return f"Send `Authorization: Bearer {token}` with each call.", [token]


def _curl_user() -> tuple[str, list[str]]:
    password = fake_password()
    return f"Run `curl -u admin:{password} https://ops.example.invalid/deploy`.", [password]


def _plain(make: Callable[[], str]) -> Callable[[], tuple[str, list[str]]]:
    def body() -> tuple[str, list[str]]:
        secret = make()
        return f"The production key is {secret} and nobody else knows it.", [secret]

    return body


BODY_BYPASSES: dict[str, Callable[[], tuple[str, list[str]]]] = {
    "key-split-across-lines": _split_key,
    "zero-width-space-in-key": _zero_width_key,
    "base64-password-assignment": _base64_password,
    "pem-body-without-header": _pem_without_header,
    "openai-project-key": _plain(fake_openai_project_key),
    "anthropic-key": _plain(fake_anthropic_key),
    "npm-token": _plain(fake_npm_token),
    "authorization-basic": _basic_auth,
    "authorization-bearer": _bearer,
    "curl-user-password": _curl_user,
}


@pytest.mark.parametrize("shape", sorted(BODY_BYPASSES))
def test_write_refuses_a_secret_in_the_body_whatever_its_shape(h: Hostile, shape: str) -> None:
    text, secrets = BODY_BYPASSES[shape]()
    body = h.tmp / "body.md"
    body.write_text(f"# Deploy keys\n\n{text}\n", encoding="utf-8")
    before = base_files(h)
    done = h.run(*WRITE, "--source", "ops wiki", "--body-file", str(body))
    assert_refused(h, before, done, *secrets)


def test_a_write_cannot_exempt_its_own_secret_with_an_allow_comment(h: Hostile) -> None:
    """Found over MCP: refused, an agent added the allow comment the refusal named and
    wrote its token. An allow comment is a person's exemption, made in the file: a
    write that adds one is judged without it, and the refusal no longer proposes it."""
    secret = fake_anthropic_key()
    body = h.tmp / "body.md"
    before = base_files(h)
    body.write_text(f"# Deploy keys\n\nUse {secret} here.\n", encoding="utf-8")
    first = h.run(*WRITE, "--source", "ops wiki", "--body-file", str(body))
    assert_refused(h, before, first, secret)
    assert "allow-secret" not in first.err and "guard.allow in .rag" in first.err
    body.write_text(
        f"# Deploy keys\n\nUse {secret} here. <!-- mdbrain: allow-secret -->\n", encoding="utf-8"
    )
    second = h.run(*WRITE, "--source", "ops wiki", "--body-file", str(body))
    assert_refused(h, before, second, secret)
    # where a person put the comment by hand, it stands: an edit keeps the line through
    marked = f"Use {secret} here. <!-- mdbrain: allow-secret -->"
    (h.docs / "keys.md").write_text(
        '---\ntitle: "Keys"\nsummary: "Where keys live."\ntype: fact\nstatus: stable\n'
        f"tags: [ops]\nsources: [ops wiki]\nupdated: 2026-11-01\n---\n\n# Keys\n\n{marked}\n",
        encoding="utf-8",
    )
    body.write_text(f"# Keys\n\nAsk the platform team.\n\n{marked}\n", encoding="utf-8")
    edited = h.run("write", "--doc", "keys.md", "--body-file", str(body))
    assert edited.code == 0, str(edited)
    assert "Ask the platform team." in (h.docs / "keys.md").read_text(encoding="utf-8")


# --- import ---------------------------------------------------------------------------


def _import(h: Hostile, pages: dict[str, str], *options: str) -> None:
    """Import ``pages``; each holds a secret: none may reach the base."""
    source = h.tmp / "wiki"
    source.mkdir()
    for name, text in pages.items():
        (source / name).write_text(text, encoding="utf-8")
    before = base_files(h)
    done = h.run("import", str(source), "--theme", "wiki", *options)
    secrets = [
        line.rsplit(" ", 1)[-1] for text in pages.values() for line in text.splitlines()[-1:]
    ]
    assert_secret_absent(h, *secrets)
    assert_ended(done, EXIT_OK, EXIT_REFUSED)
    if done.code == EXIT_OK:  # pages skipped, and said so
        for name in pages:
            assert name in done.out, str(done)
    else:
        assert base_files(h) == before


@pytest.mark.parametrize(
    "make", [fake_anthropic_key, fake_slack_token], ids=["anthropic-key", "slack-token"]
)
def test_import_keeps_out_a_page_holding_a_token(h: Hostile, make: Callable[[], str]) -> None:
    _import(h, {"deploy.md": f"# Deploy\n\nHow we deploy.\n\nThe token is {make()}"})


def test_import_keeps_out_every_shape_of_secret(h: Hostile) -> None:
    makers = {
        "aws": fake_aws_key,
        "anthropic": fake_anthropic_key,
        "openai": fake_openai_project_key,
        "slack": fake_slack_token,
        "npm": fake_npm_token,
        "github": lambda: "gh" + "p_" + random_text(36),
    }
    pages = {f"{name}.md": f"# {name}\n\nA page.\n\nkey {make()}" for name, make in makers.items()}
    _import(h, pages)


def test_import_legacy_keeps_a_secret_out_of_the_listed_titles(h: Hostile) -> None:
    key = fake_aws_key()
    source = h.tmp / "wiki"
    source.mkdir()
    (source / "deploy.md").write_text(f"# Deploy with {key}\n\nOld page.\n", encoding="utf-8")
    (source / "other.md").write_text("# Other page\n\nNothing secret.\n", encoding="utf-8")
    done = h.run("import", str(source), "--legacy")
    assert_secret_absent(h, key)
    assert_ended(done, EXIT_OK, EXIT_REFUSED)


# --- init --scan --------------------------------------------------------------------------


def test_init_scan_drafts_do_not_copy_a_private_key(h: Hostile) -> None:
    block = pem_block()
    (h.project / "src/shop/keys.py").write_text(
        f'"""Signing keys of the shop.\n\n{block}\n"""\n\nSIGNING_KEY = """{block}"""\n',
        encoding="utf-8",
    )
    h.git("add", "-A")
    h.git("commit", "-qm", "Signing keys")
    done = h.run("init", "--scan", timeout=20)
    body_lines = block.splitlines()[1:-1]
    assert_secret_absent(h, *body_lines)
    assert_ended(done, EXIT_OK, EXIT_REFUSED, bound=20)


def test_moving_a_page_keeps_the_line_a_person_marked(h: Hostile) -> None:
    """A person allowed a value on a line that links to a page; moving that page
    rewrites the link, and the move must not be refused for the value (nor leave the
    page in two places)."""
    secret = fake_anthropic_key()
    (h.docs / "b.md").write_text(
        '---\ntitle: "B"\nsummary: "A page."\ntype: fact\nstatus: stable\ntags: [ops]\n'
        "sources: [ops wiki]\nupdated: 2026-11-01\n---\n\n# B\n\nText.\n",
        encoding="utf-8",
    )
    (h.docs / "a.md").write_text(
        '---\ntitle: "A"\nsummary: "Links B."\ntype: fact\nstatus: stable\ntags: [ops]\n'
        "sources: [ops wiki]\nupdated: 2026-11-01\n---\n\n# A\n\n"
        f"Example from [the page](b.md): {secret} <!-- mdbrain: allow-secret -->\n",
        encoding="utf-8",
    )
    moved = h.run("mv", "b.md", "c.md")
    assert moved.code == 0, str(moved)
    assert not (h.docs / "b.md").exists() and (h.docs / "c.md").exists()
    assert "[the page](c.md)" in (h.docs / "a.md").read_text(encoding="utf-8")

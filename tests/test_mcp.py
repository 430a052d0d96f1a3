"""The MCP server, driven through the SDK's own client: in memory, over stdio in a
subprocess, and over HTTP on loopback with and without the token."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

mcp = pytest.importorskip("mcp", reason="the mcp package is not installed")

from mcp import Client, StdioServerParameters  # noqa: E402

from mdbrain.adapters import mcp_server  # noqa: E402
from tests.conftest import doc, write_base  # noqa: E402

pytestmark = pytest.mark.anyio
# a page long enough that an answer lists its neighbours beside the passage it shows
MORE = " ".join(f"Detail {n} of the page, said at length." for n in range(15))


PATH_ESCAPES = [
    "../outside.md",
    "/etc/passwd.md",
    "a/../../outside.md",
    "..%2foutside.md",
    "a\\..\\..\\outside.md",
    "C:\\outside.md",
    "evil.md",
    "x\x00.md",
]


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = write_base(
        tmp_path / "shop",
        {
            "rules/lockout.md": doc(
                "Account lockout", type="rule", sources="[x]",
                body="## Rule\n\nFive failed sign-ins in a row lock the account for 15 minutes.",
            ),
            "features/login.md": doc(
                "Login", sources="[x]", body="See [lockout](../rules/lockout.md)."
            ),
            "draft-idea.md": doc("An idea", status="draft"),
        },
    )  # fmt: skip
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.md").write_text("outside the base\n", encoding="utf-8")
    os.symlink(outside / "secret.md", root / "evil.md")
    return root.parent


def server_for(*projects: Path) -> Any:
    return mcp_server.build(lambda: mcp_server.open_bases(list(projects)))


def text_of(result: Any) -> str:
    return "".join(getattr(item, "text", "") for item in result.content)


async def test_instructions_tools_and_their_annotations(project: Path) -> None:
    async with Client(server_for(project)) as client:
        assert "brief" in (client.instructions or "") and "expect_sha" in (
            client.instructions or ""
        )
        tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) >= {
        "query", "search", "brief", "read", "neighbors", "history", "write", "verify",
        "supersede", "conflicts", "resolve", "review", "check", "update",
    }  # fmt: skip
    assert tools["query"].annotations is not None and tools["query"].annotations.read_only_hint
    assert tools["write"].annotations is not None and tools["write"].annotations.destructive_hint
    assert "budget" in tools["query"].input_schema["properties"]
    assert all("base" in t.input_schema["properties"] for t in tools.values())


async def test_definitions_and_instructions_stay_under_twelve_thousand_characters(
    project: Path,
) -> None:
    async with Client(server_for(project)) as client:
        tools = (await client.list_tools()).tools
        listed = json.dumps(
            [t.model_dump(mode="json", by_alias=True, exclude_none=True) for t in tools],
            separators=(",", ":"),
            ensure_ascii=False,
        )
        size = len(listed) + len(client.instructions or "")
    assert size <= 12_000, size


async def test_query_answers_with_text_and_structure(project: Path) -> None:
    async with Client(server_for(project)) as client:
        result = await client.call_tool("query", {"question": "how many failed sign-ins lock"})
    assert not result.is_error
    assert "rules/lockout.md" in text_of(result) and "Five failed" in text_of(result)
    hits = result.structured_content["hits"]  # type: ignore[index]
    assert hits[0]["id"] == "rules/lockout.md" and len(hits[0]["sha"]) == 64


async def test_export_returns_the_llms_txt_and_the_markdown_snapshot_as_text(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with Client(server_for(project)) as client:
        index = await client.call_tool("export", {})
        whole = await client.call_tool("export", {"kind": "markdown"})
        monkeypatch.setattr(mcp_server, "EXPORT_MAX_CHARS", 100)
        too_long = await client.call_tool("export", {"kind": "markdown"})
    assert not index.is_error and not whole.is_error
    listed = text_of(index)
    assert listed.startswith("# ") and "rules/lockout.md" in listed
    assert index.structured_content == {  # the text goes out once
        "kind": "llms-txt", "documents": 3, "characters": len(listed)
    }  # fmt: skip
    assert "Five failed" in text_of(whole) and len(text_of(whole)) > len(listed)
    assert too_long.is_error and "mdbrain export --markdown FILE" in text_of(too_long)


async def test_a_write_then_read_round_trip_with_the_sha(project: Path) -> None:
    async with Client(server_for(project)) as client:
        read = await client.call_tool("read", {"doc": "features/login.md"})
        sha = read.structured_content["hit"]["sha"]  # type: ignore[index]
        changed = await client.call_tool(
            "write", {"doc": "features/login.md", "summary": "Signing in.", "expect_sha": sha}
        )
        assert not changed.is_error, text_of(changed)
        stale = await client.call_tool(
            "write", {"doc": "features/login.md", "summary": "Again.", "expect_sha": sha}
        )
    assert stale.is_error and text_of(stale).startswith("stale:")
    assert stale.structured_content["error"]["current_sha"] == changed.structured_content["sha"]  # type: ignore[index]


async def test_errors_are_tool_errors_with_a_code(project: Path) -> None:
    async with Client(server_for(project)) as client:
        missing = await client.call_tool("read", {"doc": "nowhere.md"})
        secret = await client.call_tool(
            "write", {"title": "Keys", "summary": "s", "body": "AKIA" + "Q7ZK2M4PXW9RT3BN"}
        )
    assert missing.is_error and text_of(missing).startswith("not-found:")
    assert secret.is_error and text_of(secret).startswith("guard:")
    assert "Q7ZK2M4PXW9RT3BN" not in text_of(secret)


@pytest.mark.parametrize("bad", PATH_ESCAPES)
async def test_no_tool_reads_or_writes_outside_the_base(project: Path, bad: str) -> None:
    outside = project.parent / "outside" / "secret.md"
    before = outside.read_bytes()
    calls: list[tuple[str, dict[str, Any]]] = [
        ("read", {"doc": bad}),
        ("neighbors", {"doc": bad}),
        ("history", {"doc": bad}),
        ("brief", {"subject": bad}),
        ("write", {"doc": bad, "summary": "pwned"}),
        ("write", {"title": "T", "summary": "s", "theme": bad}),
        ("write", {"title": "T2", "summary": "s", "related": [bad], "impl_refs": [bad]}),
        ("verify", {"docs": [bad], "sources": ["x"]}),
        ("supersede", {"old": bad, "by": ["features/login.md"]}),
        ("supersede", {"old": "features/login.md", "by": [bad]}),
        ("resolve", {"first": bad, "second": bad, "keep": bad}),
        ("check", {"scope": bad}),
        ("update", {"paths": [bad], "dry_run": True}),
    ]
    async with Client(server_for(project)) as client:
        for name, arguments in calls:
            result = await client.call_tool(name, arguments)
            assert "outside the base\n" not in text_of(result), name
        with pytest.raises(Exception):  # noqa: B017 - the SDK or the base refuses it
            resource = await client.read_resource(f"mdbrain://shop/doc/{bad}")
            assert "outside the base" not in str(resource)
    assert outside.read_bytes() == before
    assert sorted(p.name for p in outside.parent.iterdir()) == ["secret.md"]


async def test_resources_and_prompts(project: Path) -> None:
    async with Client(server_for(project)) as client:
        templates = (await client.list_resource_templates()).resource_templates
        manifest = await client.read_resource("mdbrain://shop/manifest")
        page = await client.read_resource("mdbrain://shop/doc/rules/lockout.md")
        # the instructions name "default": an agent cannot guess the folder's name
        default = await client.read_resource("mdbrain://default/doc/rules/lockout.md")
        told = client.instructions or ""
        prompts = {p.name for p in (await client.list_prompts()).prompts}
        asked = await client.get_prompt("mdbrain-query", {"question": "what locks an account?"})
    assert any("doc/{+path}" in t.uri_template for t in templates)
    assert "rules/lockout.md" in manifest.contents[0].text  # type: ignore[union-attr]
    assert "Five failed" in page.contents[0].text  # type: ignore[union-attr]
    assert default.contents[0].text == page.contents[0].text  # type: ignore[union-attr]
    assert "mdbrain://default/{manifest," in told
    assert prompts == {"mdbrain-init", "mdbrain-update", "mdbrain-query", "mdbrain-check"}
    assert "what locks an account?" in asked.messages[0].content.text  # type: ignore[union-attr]


async def test_one_server_over_several_bases(project: Path, tmp_path: Path) -> None:
    other = write_base(
        tmp_path / "billing",
        {"invoices.md": doc("Invoices", sources="[x]", body="Invoices lock after 15 minutes.")},
    ).parent
    async with Client(server_for(project, other)) as client:
        both = await client.call_tool("search", {"text": "lock", "base": "*"})
        only = await client.call_tool("search", {"text": "invoices", "base": "billing"})
        unknown = await client.call_tool("search", {"text": "x", "base": "nope"})
    assert "[base shop]" in text_of(both) and "[base billing]" in text_of(both)
    assert "invoices.md" in text_of(only) and "rules/lockout.md" not in text_of(only)
    assert unknown.is_error and "bases: shop, billing" in text_of(unknown)


async def test_the_warm_server_sees_changes_made_on_disk(project: Path) -> None:
    async with Client(server_for(project)) as client:
        first = await client.call_tool("search", {"text": "quarantine"})
        (project / "kb" / "rules" / "quarantine.md").write_text(
            doc("Quarantine", type="rule", sources="[x]", body="Quarantine lasts a day."),
            encoding="utf-8",
        )
        second = await client.call_tool("search", {"text": "quarantine"})
    assert "quarantine.md" not in text_of(first) and "rules/quarantine.md" in text_of(second)


def test_starting_the_server_writes_no_document(project: Path) -> None:
    before = {p: p.read_bytes() for p in (project / "kb").rglob("*.md") if not p.is_symlink()}
    done = subprocess.run(
        [sys.executable, "-m", "mdbrain", "-C", str(project), "mcp"],
        input=b"",
        capture_output=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    after = {p: p.read_bytes() for p in (project / "kb").rglob("*.md") if not p.is_symlink()}
    assert after == before


async def test_over_stdio_in_a_subprocess(project: Path) -> None:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "mdbrain", "mcp", "--root", str(project)],
        env={"PYTHONPATH": os.pathsep.join(sys.path)},
    )
    async with Client(params) as client:
        assert client.instructions
        result = await client.call_tool("brief", {"subject": "auth"})
    assert not result.is_error


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture
def http_server(project: Path) -> Iterator[tuple[str, str]]:
    token = "test-token-not-a-secret"  # noqa: S105 - a value made up for this test
    port = free_port()
    env = {**os.environ, mcp_server.TOKEN_VARIABLE: token}
    process = subprocess.Popen(
        [sys.executable, "-m", "mdbrain", "mcp", "--root", str(project), "--http", "--port", str(port)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        assert process.stderr is not None
        said = process.stderr.readline().decode()  # the server says when it listens
        assert said.strip() == f"mdbrain: serving {url}", said
        yield url, token
    finally:
        process.terminate()
        process.wait(timeout=30)
        if process.stderr is not None:
            process.stderr.close()


async def test_over_http_on_loopback_with_and_without_the_token(
    http_server: tuple[str, str],
) -> None:
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    url, token = http_server
    async with (
        httpx2.AsyncClient(headers={"Authorization": f"Bearer {token}"}) as http,
        Client(streamable_http_client(url, http_client=http)) as client,
    ):
        result = await client.call_tool("query", {"question": "lockout"})
    assert "rules/lockout.md" in text_of(result)
    async with httpx2.AsyncClient() as bare:
        refused = await bare.post(url, json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"})
    assert refused.status_code == 401


async def test_a_query_right_after_a_supersede_reads_the_new_statuses(tmp_path: Path) -> None:
    # each call runs in a thread of its own with its own search connection: after the
    # write, the one the next query runs in must not take the new files for those it
    # indexed before (the view numbers started again from 1 after the write)
    root = write_base(
        tmp_path / "ops",
        {
            "swarm.md": doc(
                "Docker Swarm orchestration",
                sources="[x]",
                body="Swarm runs it.\n\n## Details\n\n" + MORE,
            ),
            "k8s.md": doc(
                "Kubernetes orchestration",
                sources="[x]",
                body="Kubernetes runs it.\n\n## Details\n\n" + MORE,
            ),
        },
    )
    old = 1_600_000_000  # files older than the margin under which a stamp is not trusted
    for path in root.glob("*.md"):
        os.utime(path, (old, old))
    async with Client(server_for(root.parent)) as client:
        before = await client.call_tool("query", {"question": "orchestration"})
        await client.call_tool("supersede", {"old": "swarm.md", "by": ["k8s.md"]})
        after = await client.call_tool("query", {"question": "orchestration"})
    assert "swarm.md  [concept/stable" in text_of(before)
    assert "swarm.md  [concept/stable" not in text_of(after)
    assert "(1 matching draft, deprecated or archived document left out" in text_of(after)


async def test_texts_name_the_tools_and_parameters_an_agent_calls(
    project: Path, tmp_path: Path
) -> None:
    long_rule = "## Rule\n\n" + "\n".join(f"Line {n} of the lockout rule." for n in range(60))
    (project / "kb" / "rules" / "long.md").write_text(
        doc("Long lockout rule", type="rule", sources="[x]", body=long_rule), encoding="utf-8"
    )
    async with Client(server_for(project)) as client:
        asked = text_of(await client.call_tool("query", {"question": "an idea"}))
        cut = text_of(await client.call_tool("query", {"question": "line 30 lockout rule"}))
        shown = text_of(await client.call_tool("read", {"doc": "features/login.md"}))
        written = await client.call_tool("write", {"title": "Sessions", "summary": "How long."})
    said = asked + cut + shown + text_of(written)
    assert "--- rules/long.md:" in cut and "[section continues: read section=" in cut
    assert "expect_sha" in shown
    assert "mdbrain show" not in said and "--" not in said.replace("--- ", "")
    assert text_of(written).startswith("Created sessions.md; sha ")  # a line, not JSON
    assert written.structured_content["id"] == "sessions.md"  # type: ignore[index]


async def test_arguments_the_schema_refuses_are_an_invalid_request(project: Path) -> None:
    async with Client(server_for(project)) as client:
        huge = await client.call_tool("search", {"text": "lockout", "limit": 100_000})
        wrong = await client.call_tool("neighbors", {"doc": "features/login.md", "depth": "far"})
        fine = await client.call_tool("search", {"text": "lockout", "limit": 3})
    assert huge.is_error and text_of(huge).startswith("invalid-request: limit: ")
    assert huge.structured_content["error"]["field"] == "limit"  # type: ignore[index]
    assert wrong.is_error and text_of(wrong).startswith("invalid-request: depth: ")
    assert "pydantic" not in text_of(huge) + text_of(wrong) and not fine.is_error


async def test_neighbors_of_a_fresh_import_shows_its_drafts_marked(tmp_path: Path) -> None:
    root = write_base(
        tmp_path / "log",
        {
            "0005.md": doc("Help comments", status="draft", body="See [0009](0009.md)."),
            "0009.md": doc("Help text", status="draft"),
        },
    )
    async with Client(server_for(root.parent)) as client:
        hidden = await client.call_tool("neighbors", {"doc": "0005.md"})
        shown = await client.call_tool("neighbors", {"doc": "0005.md", "everything": True})
    # nothing in force around it: the drafts are shown by default, said unverified
    assert "no neighbour in force; these drafts are" in text_of(hidden)
    assert "links: 0009.md [draft]" in text_of(hidden)
    assert "links: 0009.md [draft]" in text_of(shown)
    assert "no neighbour in force" not in text_of(shown)


async def test_query_and_search_take_the_filters_the_command_line_has(tmp_path: Path) -> None:
    root = write_base(
        tmp_path / "shop",
        {
            "rules/lockout.md": doc(
                "Account lockout", type="rule", tags="[auth]", sources="[x]",
                body="Five failed sign-ins lock the account. " + MORE,
            ),
            "features/login.md": doc(
                "Login lockout", tags="[ui]", audience="[ops]", sources="[x]",
                body="The login page says when the account is locked. " + MORE,
            ),
            "old/lockout.md": doc(
                "Old lockout", type="rule", status="deprecated", sources="[x]",
                body="Three failed sign-ins locked the account.",
            ),
        },
    )  # fmt: skip

    async def ids(client: Any, tool: str, **arguments: Any) -> set[str]:
        # an asked limit lists every match, not only those close to the best
        asked = {"question" if tool == "query" else "text": "lockout account", "limit": 10}
        asked.update(arguments)
        result = await client.call_tool(tool, asked)
        if tool == "search":
            return {found["hit"]["id"] for found in result.structured_content["hits"]}
        return {hit["id"] for hit in result.structured_content["hits"]}

    async with Client(server_for(root.parent)) as client:
        for tool in ("query", "search"):
            every = {"rules/lockout.md", "features/login.md"}
            assert await ids(client, tool) == every
            assert await ids(client, tool, types=["rule"]) == {"rules/lockout.md"}
            assert await ids(client, tool, tags=["ui"]) == {"features/login.md"}
            assert await ids(client, tool, audiences=["ops"]) == {"features/login.md"}
            assert await ids(client, tool, theme="rules") == {"rules/lockout.md"}
            # a retired document is reached only when asked for
            assert "old/lockout.md" in await ids(client, tool, everything=True)
            assert await ids(client, tool, everything=True, statuses=["deprecated"]) == {
                "old/lockout.md"
            }
        told = text_of(await client.call_tool("query", {"question": "old lockout"}))
    assert "left out; drafts=true or everything=true to see it)" in told


async def test_an_argument_the_tool_does_not_take_is_refused_not_ignored(project: Path) -> None:
    # include_drafts is the command line's name; the tool's is drafts: dropped silently, the
    # agent would take the answer without drafts for one with them
    async with Client(server_for(project)) as client:
        wrong = await client.call_tool("query", {"question": "idea", "include_drafts": True})
        right = await client.call_tool("query", {"question": "idea", "drafts": True})
    assert wrong.is_error and text_of(wrong).startswith("invalid-request: include_drafts: ")
    assert "drafts" in text_of(wrong).split("takes", 1)[1]
    assert wrong.structured_content["error"]["field"] == "include_drafts"  # type: ignore[index]
    assert not right.is_error and "draft-idea.md" in text_of(right)


async def test_review_with_a_limit_says_how_many_wait_in_all(tmp_path: Path) -> None:
    root = write_base(
        tmp_path / "log",
        {f"idea-{n}.md": doc(f"Idea number {n}", status="draft") for n in range(5)},
    )
    async with Client(server_for(root.parent)) as client:
        cut = text_of(await client.call_tool("review", {"limit": 2}))
        whole = text_of(await client.call_tool("review", {}))
    assert "Unverified drafts (5, 2 shown), oldest first:" in cut
    assert "Unverified drafts (5), oldest first:" in whole


async def test_a_write_that_supersedes_says_why_over_mcp(project: Path) -> None:
    async with Client(server_for(project)) as client:
        written = await client.call_tool(
            "write",
            {
                "title": "Lockout after ten failures",
                "summary": "Ten failed sign-ins lock the account.",
                "type": "rule",
                "theme": "rules",
                "sources": ["incident review"],
                "supersedes": ["rules/lockout.md"],
                "reason": "five locked out too many people",
            },
        )
    assert not written.is_error, text_of(written)
    old = (project / "kb" / "rules" / "lockout.md").read_text(encoding="utf-8")
    assert "superseded_reason: five locked out too many people" in old


async def test_a_write_whose_indexes_cannot_be_written_is_made_and_says_so(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tests.conftest import fail_writes

    fail_writes(monkeypatch, "INDEX.md")
    async with Client(server_for(project)) as client:
        written = await client.call_tool(
            "write", {"title": "Sessions", "summary": "How long.", "sources": ["x"]}
        )
        checked = await client.call_tool("check", {})  # still validates, and says what is stale
    said = text_of(written)
    assert not written.is_error and said.startswith("Created sessions.md")
    assert "indexes could not be regenerated (INDEX.md: cannot write it: No space left)" in said
    assert "call the check tool" not in said and "run the check tool once" in said
    assert (project / "kb" / "sessions.md").is_file()
    assert not checked.is_error and "W005" in text_of(checked) and "INDEX.md" in text_of(checked)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
async def test_update_follows_a_renamed_file_when_asked_to_fix(tmp_path: Path) -> None:
    """encode/httpx: the tool said "run with --fix" and took no such argument."""
    project = tmp_path / "p"
    write_base(project, {"a.md": doc("A", impl_refs="[src/a.py]", body="[b](b.md)"),
                         "b.md": doc("B", body="[a](a.md)")})  # fmt: skip
    (project / "src").mkdir()
    (project / "src" / "a.py").write_text("X = 1\n", encoding="utf-8")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t",
           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t"}  # fmt: skip
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "start"],
                 ["mv", "src/a.py", "src/b.py"], ["commit", "-qm", "rename"]):  # fmt: skip
        subprocess.run(["git", "-C", str(project), *args], check=True, env=env)
    async with Client(server_for(project)) as client:
        proposed = text_of(await client.call_tool("update", {"dry_run": True}))
        fixed = text_of(await client.call_tool("update", {"fix": True}))
    assert "a.md: src/a.py -> src/b.py (fix=true rewrites it)" in proposed
    assert "a.md: src/a.py -> src/b.py (rewritten)" in fixed
    assert "impl_refs: [src/b.py]" in (project / "kb" / "a.md").read_text(encoding="utf-8")

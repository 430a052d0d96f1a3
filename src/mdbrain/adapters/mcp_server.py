"""The MCP server: the brain's operations as tools, its files as resources, its routines as
prompts, for any agent of any provider.

Every tool is one call into the same :class:`~mdbrain.service.brain.Brain` methods the
command line uses; the answer is the compact text the command prints (what a model
reads) with the same result as structured content (what a program reads). A refused
or failed call is a tool error whose text starts with the error's code. The Brains are
opened when the server starts and kept warm until it stops: a call costs what its
question costs. One server may serve several bases; every tool takes an optional
``base`` (the first by default), and ``query``, ``search`` and ``brief`` take ``*`` to
ask all of them.
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import AsyncIterator, Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal, cast

from mcp.server.mcpserver import Context, MCPServer
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import Field

from mdbrain._version import __version__
from mdbrain.adapters import mcp_texts, render, views
from mdbrain.core.errors import InvalidRequestError, MdbrainError
from mdbrain.service.brain import Brain

if TYPE_CHECKING:
    from mdbrain.service.reading import Filters

ALL = "*"
EXPORT_MAX_CHARS = 400_000  # the longest export a tool returns; beyond, the CLI writes a file
READS = ToolAnnotations(read_only_hint=True, destructive_hint=False, open_world_hint=False)
ADDS = ToolAnnotations(read_only_hint=False, destructive_hint=False, open_world_hint=False)
CHANGES = ToolAnnotations(read_only_hint=False, destructive_hint=True, open_world_hint=False)
KEEPS = ToolAnnotations(
    read_only_hint=False, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)

Base = Annotated[str | None, Field(description="Base name (default: the first)")]
Limit = Annotated[int, Field(ge=1, le=200)]
Doc = Annotated[str, Field(description="Document id, e.g. security/mfa.md")]
Ids = Annotated[list[str], Field(description="Document ids")]
Everything = Annotated[bool, Field(description="Drafts and retired ones too")]
Only = Annotated[list[str] | None, Field(description="Only documents with one of these")]
Theme = Annotated[str | None, Field(description="Only documents under this folder")]


DEFAULT = "default"  # the name the first base answers to as well


class Bases:
    """The bases a server serves, by name; the first one is the default, also named
    ``default`` (an agent cannot guess a folder's name to address a resource)."""

    def __init__(self, brains: dict[str, Brain]) -> None:
        self.brains = brains
        self.default = next(iter(brains))

    def get(self, name: str | None) -> Brain:
        if name in (None, "", self.default) or (name == DEFAULT and DEFAULT not in self.brains):
            return self.brains[self.default]
        found = self.brains.get(str(name))
        if found is None:
            known = ", ".join(self.brains)
            raise InvalidRequestError(f"no base named {name!r}; bases: {known}", field="base")
        return found

    def each(self, name: str | None) -> list[tuple[str, Brain]]:
        if name == ALL:
            return list(self.brains.items())
        brain = self.get(name)
        return [(next(k for k, v in self.brains.items() if v is brain), brain)]

    def close(self) -> None:
        for brain in self.brains.values():
            brain.close()


def open_bases(roots: Sequence[Path]) -> Bases:
    """A Brain per root (the folder of a project, or any folder inside one), named after
    its project's folder; a repeated name gets a number."""
    brains: dict[str, Brain] = {}
    for root in roots or [Path.cwd()]:
        brain = Brain.open(root, watch=True)
        name = brain.location.project.name or "base"
        number = 2
        while name in brains:
            name = f"{brain.location.project.name}-{number}"
            number += 1
        brains[name] = brain
    return Bases(brains)


def _answer(result: Any, text: str) -> CallToolResult:
    data = render.to_data(result)
    return CallToolResult(
        content=[TextContent(type="text", text=text)],
        structured_content=data if isinstance(data, dict) else {"result": data},
    )


def _failure(error: MdbrainError) -> CallToolResult:
    data = error.data()
    return CallToolResult(
        is_error=True,
        content=[TextContent(type="text", text=f"{data['code']}: {data['message']}")],
        structured_content={"error": data},
    )


def _bases(ctx: Context | None) -> Bases:
    assert ctx is not None  # noqa: S101 - the SDK always passes it to a tool that asks
    return cast("Bases", ctx.request_context.lifespan_context)


def _run(
    ctx: Context | None,
    base: str | None,
    call: Callable[[Brain], Any],
    text: Callable[[Any], str],
) -> CallToolResult:
    """One service call on one base (or, with ``*``, on each), as a tool result."""
    try:
        chosen = _bases(ctx).each(base)
        if len(chosen) == 1:
            result = call(chosen[0][1])
            with views.for_tools():  # the text names tools and parameters, not commands
                warning = views.index_warning(result)
                return _answer(result, text(result) + (f"\n{warning}" if warning else ""))
        results = {name: call(brain) for name, brain in chosen}
        with views.for_tools():
            shown = "\n\n".join(f"[base {name}]\n{text(r)}" for name, r in results.items())
        return _answer({"bases": results}, shown)
    except MdbrainError as error:
        return _failure(error)


class Server(MCPServer[Bases]):
    """The SDK's server, with tool definitions kept short: an agent pays for them on every
    connection. Descriptions lose their indentation, and the schemas lose what says
    nothing to a model (a title repeating each name, the null half of optional values)."""

    async def list_tools(self) -> list[Any]:
        tools = await super().list_tools()
        for tool in tools:
            tool.description = " ".join((tool.description or "").split())
            tool.input_schema = _lean(tool.input_schema)
        return tools

    _taken: dict[str, list[str]] | None = None  # each tool's arguments, once listed

    async def _arguments(self) -> dict[str, list[str]]:
        """The names of the arguments each tool takes, as its schema lists them."""
        if self._taken is None:
            self._taken = {
                tool.name: list((tool.input_schema or {}).get("properties") or {})
                for tool in await super().list_tools()
            }
        return self._taken

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
        """The SDK's call; arguments its schema refuses are an invalid request like any
        other (``invalid-request: limit: ...``), not the validator's own report."""
        from mcp.server.mcpserver.exceptions import ToolError, UnexpectedToolError
        from pydantic import ValidationError

        # an argument the tool does not take (include_drafts for drafts) would be dropped
        # without a word, and the call answered as if it had not been given
        taken = (await self._arguments()).get(name, [])
        unknown = sorted(key for key in arguments or {} if key not in taken)
        if taken and unknown:
            return _failure(
                InvalidRequestError(
                    f"{unknown[0]}: not an argument of {name}; it takes {', '.join(taken)}",
                    field=unknown[0],
                )
            )
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            cause = exc.__cause__
            if isinstance(exc, UnexpectedToolError) or not isinstance(cause, ValidationError):
                raise
            first = cause.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "arguments"
            return _failure(InvalidRequestError(f"{where}: {first['msg']}", field=where))


def _lean(schema: Any) -> Any:
    if isinstance(schema, list):
        return [_lean(item) for item in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _lean(v) for k, v in schema.items() if k != "title"}
    if isinstance(schema.get("properties"), dict):  # property names are kept, "title" too
        out["properties"] = {k: _lean(v) for k, v in schema["properties"].items()}
    options = out.get("anyOf")
    if isinstance(options, list) and {"type": "null"} in options and len(options) == 2:
        (kept,) = [o for o in options if o != {"type": "null"}]
        out.pop("anyOf")
        if out.get("default", 0) is None:
            out.pop("default")
        out.update(kept)
    return out


def build(bases_for: Callable[[], Bases]) -> MCPServer[Bases]:
    """The server; ``bases_for`` opens the bases when it starts (they close when it stops)."""

    @contextlib.asynccontextmanager
    async def lifespan(_server: MCPServer[Bases]) -> AsyncIterator[Bases]:
        bases = bases_for()
        try:
            yield bases
        finally:
            bases.close()

    server: MCPServer[Bases] = Server(
        "mdbrain",
        instructions=mcp_texts.INSTRUCTIONS,
        version=__version__,
        lifespan=lifespan,
        log_level="WARNING",
    )
    _reading_tools(server)
    _writing_tools(server)
    _resources(server)
    _prompts(server)
    return server


def _filters(
    *,
    drafts: bool,
    everything: bool,
    types: list[str] | None,
    statuses: list[str] | None,
    tags: list[str] | None,
    audiences: list[str] | None,
    theme: str | None,
) -> Filters:
    """The limits a read tool is given, as the command line's options give them."""
    from mdbrain.service.reading import Filters

    return Filters(
        types=tuple(types or ()),
        statuses=tuple(statuses or ()),
        tags=tuple(tags or ()),
        audiences=tuple(audiences or ()),
        theme=theme or "",
        include_drafts=drafts,
        everything=everything,
    )


def _reading_tools(server: MCPServer[Bases]) -> None:
    from mdbrain.service.reading import Filters

    @server.tool(annotations=READS, structured_output=False)
    def query(
        *,
        question: str,
        limit: Annotated[
            int | None, Field(ge=1, le=200, description="Candidates to list (default: up to 5)")
        ] = None,
        budget: Annotated[int | None, Field(ge=1, description="Most tokens to return")] = None,
        drafts: Annotated[bool, Field(description="Include unverified drafts")] = False,
        everything: Everything = False,
        types: Only = None, statuses: Only = None, tags: Only = None, audiences: Only = None,
        theme: Theme = None,
        base: Annotated[str | None, Field(description="Base name, or * for all")] = None,
        ctx: Context | None = None,
    ) -> CallToolResult:  # fmt: skip
        """Answer a question: ranked summaries, then the passages that answer it. Ask this
        before acting."""
        filters = _filters(
            drafts=drafts, everything=everything, types=types, statuses=statuses, tags=tags,
            audiences=audiences, theme=theme,
        )  # fmt: skip
        return _run(
            ctx,
            base,
            lambda b: b.query(question, limit=limit, budget=budget, filters=filters),
            views.query_text,
        )

    @server.tool(annotations=READS, structured_output=False)
    def search(
        *,
        text: str,
        limit: Limit = 10,
        drafts: Annotated[bool, Field(description="Include unverified drafts")] = False,
        everything: Everything = False,
        types: Only = None, statuses: Only = None, tags: Only = None, audiences: Only = None,
        theme: Theme = None,
        base: Annotated[str | None, Field(description="Base name, or * for all")] = None,
        ctx: Context | None = None,
    ) -> CallToolResult:  # fmt: skip
        """Full-text search; the best line of each hit. Identifiers match exactly."""
        filters = _filters(
            drafts=drafts, everything=everything, types=types, statuses=statuses, tags=tags,
            audiences=audiences, theme=theme,
        )  # fmt: skip
        return _run(
            ctx, base, lambda b: b.search(text, limit=limit, filters=filters), views.search_text
        )

    @server.tool(annotations=READS, structured_output=False)
    def brief(
        *,
        subject: Annotated[str, Field(description="Tag, theme, document, code path or text")],
        as_of: Annotated[str | None, Field(description="YYYY-MM-DD: what was in force")] = None,
        limit: Limit = 20,
        base: Annotated[str | None, Field(description="Base name, or * for all")] = None,
        ctx: Context | None = None,
    ) -> CallToolResult:
        """What is in force on a subject, decisions first with their reasons. On a code
        path (file, folder, file#symbol): every document describing it; ask before changing it."""
        import datetime as dt

        def call(brain: Brain) -> Any:
            try:
                day = dt.date.fromisoformat(as_of) if as_of else None
            except ValueError:
                raise InvalidRequestError("as_of must be YYYY-MM-DD", field="as_of") from None
            return brain.brief(subject, as_of=day, limit=limit)

        return _run(ctx, base, call, views.brief_text)

    @server.tool(annotations=READS, structured_output=False)
    def read(
        *,
        doc: Doc,
        section: Annotated[
            str | None, Field(description="A section title, or a line number within it")
        ] = None,
        full: Annotated[bool, Field(description="The whole body")] = False,
        base: Base = None,
        ctx: Context | None = None,
    ) -> CallToolResult:
        """A document: summary, fields, links and outline; one section or the body on request.
        Its sha is what `write` and `supersede` expect."""
        return _run(ctx, base, lambda b: b.show(doc, section=section, full=full), views.show_text)

    @server.tool(annotations=READS, structured_output=False)
    def neighbors(
        *,
        doc: Doc, depth: Annotated[int, Field(ge=1, le=5)] = 1,
        everything: Everything = False,
        base: Base = None, ctx: Context | None = None,
    ) -> CallToolResult:  # fmt: skip
        """Documents linked to one (links, related, supersession, contradictions)."""
        filters = Filters(everything=everything)
        return _run(
            ctx,
            base,
            lambda b: b.neighbours(doc, depth=depth, filters=filters),
            views.neighbours_text,
        )

    @server.tool(annotations=READS, structured_output=False)
    def history(*, doc: Doc, base: Base = None, ctx: Context | None = None) -> CallToolResult:
        """A document's supersession chain both ways, with dates and reasons, and its commits."""
        return _run(ctx, base, lambda b: b.history(doc), views.history_text)

    @server.tool(annotations=READS, structured_output=False)
    def conflicts(
        *, limit: Limit = 20, base: Base = None, ctx: Context | None = None
    ) -> CallToolResult:
        """Open contradictions between documents in force, waiting for a human."""
        return _run(ctx, base, lambda b: b.conflicts()[:limit], views.conflicts_text)

    @server.tool(annotations=READS, structured_output=False)
    def review(
        *, limit: Limit = 20, base: Base = None, ctx: Context | None = None
    ) -> CallToolResult:
        """What waits: documents to review and why, synthesis pages to regenerate, conflicts,
        drafts to verify."""

        return _run(ctx, base, lambda b: b.review(limit), views.review_text)


def _writing_tools(server: MCPServer[Bases]) -> None:
    @server.tool(annotations=CHANGES, structured_output=False)
    def write(
        *,
        title: str | None = None,  # None, not "": no default shown, a shorter schema
        summary: Annotated[str | None, Field(description="One or two sentences")] = None,
        type: Annotated[str, Field(description="decision, rule, fact, guide...")] = "fact",
        theme: Annotated[str | None, Field(description="Folder, e.g. security")] = None,
        body: Annotated[str | None, Field(description="Markdown")] = None,
        tags: list[str] | None = None,
        sources: Annotated[list[str] | None, Field(description="Where it comes from")] = None,
        impl_refs: Annotated[list[str] | None, Field(description="Code it describes")] = None,
        related: Ids | None = None,
        supersedes: Ids | None = None,
        reason: Annotated[str | None, Field(description="Why, with supersedes")] = None,
        contradicts: Ids | None = None,
        new: Annotated[bool, Field(description="Create it despite a near duplicate")] = False,
        doc: Annotated[str | None, Field(description="Update this document instead")] = None,
        replace: Annotated[
            bool, Field(description="With doc: tags, impl_refs, related replace, not add")
        ] = False,
        expect_sha: str | None = None,
        base: Base = None,
        ctx: Context | None = None,
    ) -> CallToolResult:
        """Create a document (or update one with doc: lists are added to, unless replace).
        Give sources: without any it is a hidden draft. Refused: secrets, personal data, a
        clear duplicate (use doc, new or supersedes). Says possible contradictions."""
        from mdbrain.service.writing import WriteRequest

        request = WriteRequest(
            title=title or "", summary=summary or "", type=type, theme=theme or "", body=body,
            tags=tags or [],
            sources=sources or [], impl_refs=impl_refs or [], related=related or [],
            supersedes=supersedes or [], reason=reason or "", contradicts=contradicts or [],
            new=new, doc=doc or "",
            replace=replace, expect_sha=expect_sha,
        )  # fmt: skip
        return _run(ctx, base, lambda b: b.write(request), views.write_text)

    @server.tool(annotations=KEEPS, structured_output=False)
    def verify(
        *,
        docs: Ids,
        sources: Annotated[list[str] | None, Field(description="What you checked")] = None,
        note: str = "",
        base: Base = None,
        ctx: Context | None = None,
    ) -> CallToolResult:
        """You checked these documents (or a folder's: "dir/") against the code or
        production: drafts with a source and pages to review come into force."""
        return _run(
            ctx, base, lambda b: b.verify(docs, sources=sources or [], note=note), views.verify_text
        )

    @server.tool(annotations=CHANGES, structured_output=False)
    def supersede(
        *,
        old: Doc,
        by: Ids,
        reason: str = "",
        expect_sha: str | None = None,
        base: Base = None,
        ctx: Context | None = None,
    ) -> CallToolResult:
        """Replace a document by others: it is deprecated (never deleted) and synthesis pages
        citing it turn needs-review."""
        return _run(
            ctx,
            base,
            lambda b: b.supersede(old, by, reason=reason, expect_sha=expect_sha),
            views.supersede_text,
        )

    @server.tool(annotations=CHANGES, structured_output=False)
    def resolve(
        *,
        first: Doc, second: Doc, keep: Doc, reason: str = "", who: str = "",
        base: Base = None, ctx: Context | None = None,
    ) -> CallToolResult:  # fmt: skip
        """Settle a contradiction a human decided: the document not kept is superseded."""
        return _run(
            ctx,
            base,
            lambda b: b.resolve(first, second, keep=keep, reason=reason, by=who),
            lambda r: views.supersede_text(r.superseded),
        )

    @server.tool(annotations=KEEPS, structured_output=False)
    def check(
        *,
        scope: Annotated[str | None, Field(description="A document or theme")] = None,
        limit: Limit = 50,
        base: Base = None,
        ctx: Context | None = None,
    ) -> CallToolResult:
        """Validate the base (names, fields, links, provenance, secrets...); regenerates
        stale indexes, edits no document."""
        from mdbrain.adapters import report

        def call(brain: Brain) -> Any:
            result = brain.check(scope=scope)
            return type(result)(
                result.documents, result.scope, result.findings[:limit], result.repairs
            )

        return _run(ctx, base, call, lambda r: report.FORMATS["text"](r, Path(".")))

    @server.tool(annotations=READS, structured_output=False)
    def doctor(*, base: Base = None, ctx: Context | None = None) -> CallToolResult:
        """The production checklist: for each item, ok or the command that fixes it."""
        from mdbrain.service.doctoring import diagnose

        def call(brain: Brain) -> Any:
            return diagnose(brain.location.project, clock=brain.clock)

        return _run(ctx, base, call, lambda r: "\n".join(_doctor_lines(r)))

    @server.tool(annotations=READS, structured_output=False)
    def export(
        *,
        kind: Annotated[
            Literal["llms-txt", "markdown"],
            Field(description="llms-txt: an index by theme; markdown: every document"),
        ] = "llms-txt",
        base: Base = None,
        ctx: Context | None = None,
    ) -> CallToolResult:
        """The base as one readable text, documents in force first (the files that
        'mdbrain export' writes, returned instead)."""
        from mdbrain.adapters import export_text
        from mdbrain.service import exporting

        render = export_text.llms_txt if kind == "llms-txt" else export_text.snapshot_markdown

        texts: dict[int, str] = {}  # by id of the result: the text goes out once, as text

        def call(brain: Brain) -> dict[str, Any]:
            snapshot = exporting.gather(brain)
            text = render(snapshot, None)
            if len(text) > EXPORT_MAX_CHARS:
                raise InvalidRequestError(
                    f"the {kind} export is {len(text):,} characters, more than a tool answer "
                    f"holds ({EXPORT_MAX_CHARS:,}); run 'mdbrain export --{kind} FILE' instead",
                    field="kind",
                )
            result = {"kind": kind, "documents": len(snapshot.pages), "characters": len(text)}
            texts[id(result)] = text
            return result

        return _run(ctx, base, call, lambda r: texts[id(r)])

    @server.tool(annotations=KEEPS, structured_output=False)
    def update(
        *,
        paths: Annotated[list[str] | None, Field(description="Code paths to limit it to")] = None,
        since: Annotated[str | None, Field(description="A date or git revision")] = None,
        fix: bool = False,
        dry_run: bool = False,
        base: Base = None,
        ctx: Context | None = None,
    ) -> CallToolResult:
        """Flag the documents whose code changed (needs-review, with why). fix: impl_refs
        follow files git saw renamed."""
        return _run(
            ctx,
            base,
            lambda b: b.update(paths or [], since=since, fix=fix, dry_run=dry_run),
            views.update_text,
        )


def _resources(server: MCPServer[Bases]) -> None:
    from mcp.server.mcpserver.exceptions import ResourceError

    def derived(ctx: Context | None, base: str, pick: Callable[[Brain], str]) -> str:
        try:
            brain = _bases(ctx).get(base)
            brain.index()
            return (brain.root / pick(brain)).read_text(encoding="utf-8")
        except (MdbrainError, OSError) as error:
            raise ResourceError(str(error)) from None

    @server.resource("mdbrain://{base}/manifest", mime_type="text/markdown")
    def manifest(base: str, ctx: Context) -> str:
        """INDEX.md: one line per document."""
        return derived(ctx, base, lambda b: b.config.index.manifest)

    @server.resource("mdbrain://{base}/overview", mime_type="text/markdown")
    def overview(base: str, ctx: Context) -> str:
        """OVERVIEW.md: the theme tree."""
        return derived(ctx, base, lambda b: b.config.index.overview)

    @server.resource("mdbrain://{base}/relations", mime_type="application/yaml")
    def relations(base: str, ctx: Context) -> str:
        """RELATIONS.yaml: the link graph."""
        return derived(ctx, base, lambda b: b.config.index.relations)

    @server.resource("mdbrain://{base}/doc/{+path}", mime_type="text/markdown")
    def document(base: str, path: str, ctx: Context) -> str:
        """One document, whole."""
        try:
            brain = _bases(ctx).get(base)
            return brain.session.read(brain.doc(path)).text
        except MdbrainError as error:
            raise ResourceError(str(error)) from None


def _prompts(server: MCPServer[Bases]) -> None:
    def make(name: str, title: str, text: str) -> None:
        if "{question}" in text:

            def asked(question: str) -> str:
                return text.format(question=question)

            server.prompt(name=name, title=title, description=title)(asked)
            return

        def focused(focus: str = "") -> str:
            return text.format(focus=f"Focus on: {focus}." if focus else "").strip()

        server.prompt(name=name, title=title, description=title)(focused)

    for name, (title, text) in mcp_texts.PROMPTS.items():
        make(name, title, text)


def serve(
    roots: Sequence[Path], *, http: bool = False, host: str = "127.0.0.1", port: int = 8765,
    token: str = "",
) -> None:  # fmt: skip
    """Run the server over stdio, or streamable HTTP on ``host:port`` (a token, when given,
    is required on every request; off loopback it must be given)."""
    open_bases(roots).close()  # a missing or bad marker fails now, in one line
    server = build(lambda: open_bases(roots))
    if not http:
        server.run()
        return
    if host not in LOOPBACK and not token:
        raise InvalidRequestError(
            f"serving on {host} needs a bearer token: set {TOKEN_VARIABLE}", field="host"
        )
    import uvicorn

    app = server.streamable_http_app(
        streamable_http_path="/mcp", stateless_http=True, json_response=True, host=host
    )
    wrapped = BearerCheck(app, token) if token else app
    runner = uvicorn.Server(uvicorn.Config(wrapped, host=host, port=port, log_level="warning"))
    started = runner.startup

    async def startup(sockets: Any = None) -> None:
        await started(sockets=sockets)
        shown = f"[{host}]" if ":" in host else host
        print(f"mdbrain: serving http://{shown}:{port}/mcp", file=sys.stderr, flush=True)  # noqa: T201

    runner.startup = startup  # type: ignore[method-assign]
    runner.run()


TOKEN_VARIABLE = "MDBRAIN_MCP_TOKEN"  # noqa: S105 - the name of a variable, not a token
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


class BearerCheck:
    """An ASGI wrapper refusing every HTTP request without the expected bearer token."""

    def __init__(self, app: Any, token: str) -> None:
        self.app = app
        self.expected = f"Bearer {token}".encode()

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        import hmac

        if scope.get("type") == "http":
            given = dict(scope.get("headers") or []).get(b"authorization", b"")
            if not hmac.compare_digest(given, self.expected):
                await send(
                    {
                        "type": "http.response.start",
                        "status": 401,
                        "headers": [
                            (b"content-type", b"application/json"),
                            (b"www-authenticate", b"Bearer"),
                        ],
                    }
                )
                await send({"type": "http.response.body", "body": b'{"error":"unauthorized"}'})
                return
        await self.app(scope, receive, send)


def _doctor_lines(report: Any) -> list[str]:
    from mdbrain.adapters import agent_commands

    return agent_commands.doctor_text(report).splitlines()

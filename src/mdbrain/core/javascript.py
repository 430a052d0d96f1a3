"""What a JavaScript or TypeScript file exports, serves and runs, read with expressions.

ES modules (``export function``, ``export default``, ``export { a, b }``,
``export * from``) and CommonJS (``module.exports = {...}``, ``module.exports =
name``, ``exports.x = ...``, and the members set on an object that
``module.exports`` is) are both understood. Routes, commands and imports are
read from the code alone, with comments blanked (:mod:`mdbrain.core.comments`),
so an example in a comment is never taken for the real thing.

Every expression stops at the end of its line, or after a bounded number of
characters, so that reading is linear in the size of the file.
"""

from __future__ import annotations

import re
from dataclasses import replace

from mdbrain.core import comments, dependencies
from mdbrain.core.facts import FileFacts, Symbol, clip, summary_line

_M = re.MULTILINE
_NAME = r"[A-Za-z_$][\w$]*"
_REST = r"([^{;\n]*(?:\n[ \t]+[^{;\n]*){0,8})"  # a signature: its line and indented ones
_EXPORT = re.compile(
    r"^export[ \t]+(?:declare[ \t]+)?(?:abstract[ \t]+)?(?:async[ \t]+)?"
    rf"(function\*?|class|const|let|var|interface|type|enum)[ \t]+({_NAME}){_REST}",
    _M,
)
_DEFAULT = re.compile(  # a class without a name: "export default class extends Controller"
    r"^export[ \t]+default[ \t]+(?:(?:async[ \t]+)?(function\*?|class)\b[ \t]*"
    rf"(?!(?:extends|implements)\b)({_NAME})?([^{{;\n]*)|([^\n]{{1,120}}))",
    _M,
)
_LIST = re.compile(
    r"^export[ \t]*(?:type[ \t]*)?\{([^{}]{0,3000}+)\}(?:[ \t]*from[ \t]*['\"]([^'\"\n]+))?", _M
)
_ALL = re.compile(
    rf"^export[ \t]*\*[ \t]*(?:as[ \t]+({_NAME})[ \t]+)?from[ \t]*['\"]([^'\"\n]+)", _M
)
_DECLARED = re.compile(
    rf"^(?:async[ \t]+)?(function\*?|class)[ \t]+({_NAME}){_REST}"
    rf"|^(?:const|let|var)[ \t]+({_NAME})[ \t]*=[ \t]*(?:async[ \t]+)?"
    rf"(function\b[^{{\n]*|\([^()\n]*\)[ \t]*=>|{_NAME}[ \t]*=>)?",
    _M,
)
_MODULE_EXPORTS = re.compile(
    rf"^(?:(?:var|let|const)[ \t]+({_NAME})[ \t]*=[ \t]*)?(?:exports[ \t]*=[ \t]*)?"
    r"module\.exports[ \t]*=[ \t]*(?:exports[ \t]*=[ \t]*)?([^\n;]{0,200})",
    _M,
)
_ROUTE = re.compile(  # Express-style: app.get('/x'), router.post("/y"), apiRouter.put(`/z`)
    r"\b(?:app|router|server|api|\w*Router|\w*App)\.(get|post|put|delete|patch|all)"
    r"\(\s*['\"`](/[^'\"`\n]*)"
)
_DECORATED_ROUTE = re.compile(  # NestJS: @Get('x') inside a @Controller('prefix') class
    r"@(Get|Post|Put|Delete|Patch|All)\(\s*+(?:['\"`]([^'\"`\n]*)['\"`])?\s*\)"
)
_CONTROLLER = re.compile(r"@Controller\(\s*['\"`]([^'\"`\n]*)['\"`]")
_TEST = re.compile(r"^[ \t]*(?:it|test)(?:\.\w+)?\(", _M)
_MAX_OBJECT = 20_000  # characters of a module.exports object read for its keys


def _signature(kind: str, name: str, rest: str) -> str:
    rest = rest if kind.startswith("function") else rest.split("=", maxsplit=1)[0]
    return clip(f"{kind} {name}{rest}")


def _declarations(text: str, code: str) -> dict[str, Symbol]:
    """Top-level functions, classes and function-valued constants, with their doc comments."""
    found: dict[str, Symbol] = {}
    for match, doc in comments.documented(_DECLARED, text, "//", within=code):
        kind, name, rest, const, value = match.groups()
        if name:
            signature = _signature(kind, name, rest)
            found.setdefault(name, Symbol(name, kind.rstrip("*"), signature, doc))
        elif const and value:
            params = value[value.find("(") :] if "(" in value else value.split("=>")[0]
            signature = clip(f"{const}{params.split('=>')[0].strip()}")
            found.setdefault(const, Symbol(const, "function", signature, doc, anchored=False))
    return found


def _exported(symbol: Symbol, doc: str, name: str = "") -> Symbol:
    """A declaration as exported: under its public name, with its own doc comment first."""
    public = name or symbol.name
    anchored = symbol.anchored and public == symbol.name
    return replace(symbol, name=public, doc=symbol.doc or doc, anchored=anchored)


def _object_keys(code: str, start: int) -> list[tuple[str, str]]:
    """The keys of the object literal opening at ``code[start]``, with their value's start;
    a comma inside a string is no entry's end (etalab's VuePress configuration gave a key
    "algorithmes" out of its description, "données, algorithmes et codes")."""
    keys: list[tuple[str, str]] = []
    depth = 0
    entry_start = start + 1
    end = min(len(code), start + _MAX_OBJECT)
    quote, escaped = "", False  # inside a string: its commas and brackets are text
    for at in range(start, end):
        char = code[at]
        if quote:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == quote:
                quote = ""
            continue
        if char in "'\"`":
            quote = char
            continue
        if char in "{[(":
            depth += 1
        elif char in "}])":
            depth -= 1
        if (char == "," and depth == 1) or depth == 0:
            entry = code[entry_start:at].strip()
            found = re.match(
                rf"^(?:async\s+|get\s+|set\s+)?['\"]?({_NAME})['\"]?\s*(.{{0,80}})", entry
            )
            if found and not entry.startswith("..."):
                keys.append((found.group(1), found.group(2)))
            entry_start = at + 1
        if depth == 0:
            break
    return keys


def _commonjs(path: str, text: str, code: str, declared: dict[str, Symbol]) -> list[Symbol]:
    """What ``module.exports`` and ``exports`` are given; a function given to
    ``module.exports`` without a name is named after its file."""
    symbols: list[Symbol] = []
    owners = {"exports", "module.exports"}
    for match in _MODULE_EXPORTS.finditer(code):
        alias, value = match.group(1), match.group(2).strip()
        doc = summary_line(comments.comment_before(text, match.start(), "//"))
        bare = re.fullmatch(_NAME, value)
        required = re.match(r"require\(\s*['\"]([^'\"\n]+)['\"]\s*\)", value)
        function = re.match(rf"(?:async\s+)?(function\*?|class)\b\s*({_NAME})?([^{{\n]*)", value)
        if alias:
            owners.add(alias)
        if required:
            spec = required.group(1)
            symbols.append(Symbol(spec, "re-export", f"module.exports = require('{spec}')", doc,
                                  anchored=False))  # fmt: skip
        elif function:
            kind, name, rest = function.groups()
            signature = clip(f"module.exports = {kind} {name or ''}{rest}".replace("  ", " "))
            symbols.append(Symbol(name or _stem(path), kind.rstrip("*"), signature, doc,
                                  anchored=bool(name)))  # fmt: skip
        elif value.startswith("{"):
            symbols += _object_symbols(code, match.start(2), declared)
        elif bare and value in declared:
            symbols.append(_exported(declared[value], doc))
        elif bare:
            owners.add(value)  # an object built in the file: its members follow
    owned = "|".join(re.escape(o) for o in sorted(owners, key=len, reverse=True))
    value = (
        rf"(?:async[ \t]+)?(function\b[^{{\n]*|class\b[^{{\n]*"
        rf"|\([^()\n]*\)[ \t]*=>|{_NAME}[ \t]*=>|({_NAME})[ \t]*+;?[ \t]*$)?"
    )
    chain = rf"(?:(?:{owned})\.{_NAME}[ \t]*=[ \t]*)*"
    member = re.compile(rf"^(?:{owned})\.({_NAME})[ \t]*=[ \t]*{chain}{value}", _M)
    # "res.type =" ending its line, the value on the next: "res.contentType = function ..."
    following = re.compile(rf"[ \t]*\n[ \t]*(?:{owned})\.{_NAME}[ \t]*=[ \t]*{chain}{value}")
    seen = {s.name for s in symbols}
    for match, doc in comments.documented(member, text, "//", within=code):
        name, given, identifier = match.groups()
        if given is None and (next_line := following.match(code, match.end())):
            given, identifier = next_line.groups()
        if name in seen or name == "prototype":
            continue
        seen.add(name)
        if identifier in declared:
            symbols.append(_exported(declared[identifier], doc, name))
            continue
        given = None if identifier else given
        kind = "class" if given and given.startswith("class") else "function" if given else "value"
        params = given[given.find("(") :].split("=>")[0].strip() if given and "(" in given else ""
        symbols.append(Symbol(name, kind, clip(f"{name}{params}"), doc, anchored=False))
    return symbols


def _object_symbols(code: str, start: int, declared: dict[str, Symbol]) -> list[Symbol]:
    found = []
    for key, value in _object_keys(code, start):
        target = value.lstrip(":").strip().rstrip(",").strip() if value.startswith(":") else key
        if target in declared:
            found.append(_exported(declared[target], "", key))
            continue
        function = value.startswith(("(", ":function", ": function", ": async", ":async"))
        function = function or "=>" in value
        found.append(Symbol(key, "function" if function else "value", key, anchored=False))
    return found


def _es_defaults(text: str, code: str, declared: dict[str, Symbol]) -> list[Symbol]:
    symbols = []
    for match, doc in comments.documented(_DEFAULT, text, "//", within=code):
        kind, name, rest, value = match.groups()
        if kind:
            label = name or "default"
            signature = clip(f"export default {kind} {name or ''}{rest}".replace("  ", " "))
            symbols.append(Symbol(label, kind.rstrip("*"), signature, doc, anchored=bool(name)))
            continue
        value = value.strip().rstrip(";")
        if value in declared:
            symbol = _exported(declared[value], doc)
            symbols.append(replace(symbol, signature=f"export default {symbol.signature}"))
        else:
            symbols.append(Symbol("default", "value", clip(f"export default {value}"), doc,
                                  anchored=False))  # fmt: skip
    return symbols


def _es_lists(code: str, declared: dict[str, Symbol]) -> list[Symbol]:
    symbols = []
    for match in _LIST.finditer(code):
        names, origin = match.groups()
        for item in (n.strip() for n in names.split(",")):
            parts = item.split()
            if not parts or not re.fullmatch(_NAME, parts[-1]):
                continue
            local, public = parts[0], parts[-1]
            if origin:
                symbols.append(Symbol(public, "re-export", f"{public} from '{origin}'", "",
                                      anchored=False))  # fmt: skip
            elif local in declared:
                symbols.append(_exported(declared[local], "", public))
    for match in _ALL.finditer(code):
        name, origin = match.groups()
        symbols.append(Symbol(name or origin, "re-export", f"* from '{origin}'", anchored=False))
    return symbols


def _leading_doc(text: str) -> str:
    """The block comment a file opens with, when a blank line follows it; not a licence."""
    head = (text.split("\n", 1)[-1] if text.startswith("#!") else text).lstrip()
    end = head.find("*/") if head.startswith("/*") else -1
    lines = [line.strip().lstrip("*").strip() for line in head[2:end].splitlines()]
    doc = "\n".join(lines).strip() if end > 0 and head[end + 2 :].startswith("\n\n") else ""
    notice = doc.startswith("!") or re.search(r"copyright|licen[cs]e", doc, re.IGNORECASE)
    return "" if notice else comments.without_directives(doc)


def _routes(code: str) -> tuple[str, ...]:
    routes = [f"{m.upper()} {p}" for m, p in _ROUTE.findall(code)]
    prefix = _CONTROLLER.search(code)
    base = "/" + prefix.group(1).strip("/") if prefix else ""
    for method, path in _DECORATED_ROUTE.findall(code):
        routes.append(f"{method.upper()} {(base + '/' + path.strip('/')).rstrip('/') or '/'}")
    return tuple(routes)


# a template literal running over lines: a sample of code or text the module holds
# (vite's importMetaResolver.ts writes a function in one; log4brains' stories an Express app)
_MULTILINE_TEMPLATE = re.compile(r"`(?:\\.|[^`\\])*\n(?:\\.|[^`\\])*`")


def _without_templates(code: str) -> str:
    """``code`` with its template literals that run over lines blanked, line breaks kept:
    what they hold is no declaration and no route of the module."""
    if "`" not in code:
        return code
    return _MULTILINE_TEMPLATE.sub(lambda m: re.sub(r"[^\n]", " ", m.group()), code)


def js_facts(path: str, text: str, language: str = "") -> FileFacts:
    """The facts of a JavaScript or TypeScript file."""
    code = _without_templates(comments.code_only(text, "javascript"))
    symbols = []
    for match, doc in comments.documented(_EXPORT, text, "//"):
        kind, name, rest = match.groups()
        symbols.append(Symbol(name, kind.rstrip("*"), _signature(kind, name, rest), doc))
    declared = _declarations(text, code)
    symbols += _es_defaults(text, code, declared) + _es_lists(code, declared)
    if "exports" in code:
        symbols += _commonjs(path, text, code, declared)
    main = "Node script (shebang line)" if text.startswith("#!") else ""
    main = main or (
        "runs as a script (`require.main === module`)" if "require.main" in code else ""
    )
    commands = tuple(re.findall(r"\.command\(\s*['\"`]([^'\"`\s]+)", code))
    language = language or ("typescript" if path.endswith(("ts", "tsx")) else "javascript")
    return FileFacts(
        path, language, _leading_doc(text), tuple(_unique(symbols)), (), commands,
        _routes(code), main, len(_TEST.findall(code)), imports=dependencies.js_imports(code),
    )  # fmt: skip


def _stem(path: str) -> str:
    return path.rsplit("/", 1)[-1].split(".", 1)[0]


def _unique(symbols: list[Symbol]) -> list[Symbol]:
    seen: set[tuple[str, str]] = set()
    out = []
    for symbol in symbols:
        if (symbol.name, symbol.kind) not in seen:
            seen.add((symbol.name, symbol.kind))
            out.append(symbol)
    return out

"""What a project's infrastructure files declare: Terraform, containers, CI and scripts.

The third reader behind ``init --scan``, beside :mod:`mdbrain.core.codemap`:
Terraform files (resources, data sources, modules, variables, outputs,
providers), Dockerfiles and Compose files (stages, exposed ports, the command
run, services), CI pipelines (GitHub workflows and their triggers and jobs,
GitLab stages and jobs) and shell scripts (their header comment and
functions). Each item is a :class:`~mdbrain.core.facts.Symbol` whose kind says
what it is; nothing is evaluated, only read as written.

The readers are line-based and linear: a block is read from its first line
to the start of the next one, and a YAML file only for its top-level keys and
the keys right under them.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterator
from typing import Final

from mdbrain.core.codemap import infra_category
from mdbrain.core.facts import FileFacts, Symbol, clip

_M = re.MULTILINE
_TF_BLOCK = re.compile(
    r"^(resource|data)[ \t]+\"([^\"\n]+)\"[ \t]+\"([^\"\n]+)\"|"
    r"^(module|variable|output|provider)[ \t]+\"([^\"\n]+)\"|^(terraform)[ \t]*\{",
    _M,
)
_TF_REQUIRED = re.compile(
    r"^[ \t]+([\w-]+)[ \t]*=[ \t]*\{[^{}]{0,400}?\bsource[ \t]*=[ \t]*\"([^\"\n]+)\""
    r"(?:[^{}]{0,400}?\bversion[ \t]*=[ \t]*\"([^\"\n]+)\")?",
    _M,
)
_TF_VERSION = re.compile(r"^[ \t]+required_version[ \t]*=[ \t]*\"([^\"\n]+)\"", _M)
_TF_FIELD = re.compile(
    r"^[ \t]+(description|source|type|version)[ \t]*=[ \t]*(\"(?:[^\"\\\n]|\\.)*\"|[^\n#]+)", _M
)
_SHELL_FUNCTION = re.compile(
    r"^[ \t]*(?:function[ \t]+([\w:.-]+)[ \t]*(?:\(\))?|([\w:.-]+)[ \t]*\(\))[ \t]*\{?", _M
)
_DOCKER = re.compile(r"^[ \t]*(FROM|EXPOSE|ENTRYPOINT|CMD)[ \t]+([^\n]+)", _M | re.IGNORECASE)
_GITLAB_RESERVED: Final = frozenset(
    {"stages", "variables", "default", "include", "workflow", "image", "services",
     "before_script", "after_script", "cache", "pages"}
)  # fmt: skip
_SHELL_WORDS: Final = frozenset({"fi", "done", "esac", "else", "then", "do", ";;", "exit 0"})
_ASSIGNMENT = re.compile(r"^(?:export[ \t]+)?[A-Za-z_]\w*=")
_SET_UP: Final = (
    "actions/checkout", "actions/setup-", "actions/cache", "actions/upload-artifact",
    "actions/download-artifact",
)  # fmt: skip
_KEY = re.compile(r"^([ \t]*)(?:\"([^\"\n]+)\"|'([^'\n]+)'|([\w.$/-]+))[ \t]*:(?:[ \t]+(.*))?$")


def _unquote(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] == '"':
        return value[1:-1].replace('\\"', '"')
    return value


def _leading_comment(text: str, marker: str = "#") -> str:
    """The comment lines a file opens with (after a ``#!`` line), as text."""
    lines = text.split("\n")[1:] if text.startswith("#!") else text.split("\n")
    found = []
    for line in lines[:80]:
        stripped = line.strip()
        if not stripped.startswith(marker):
            break
        found.append(stripped.lstrip(marker).strip())
    doc = "\n".join(found).strip()
    return "" if re.search(r"copyright|licen[cs]e|spdx", doc, re.IGNORECASE) else doc


def terraform_facts(path: str, text: str) -> FileFacts:
    """The blocks a Terraform file declares, each with its description, source or type."""
    symbols = []
    matches = list(_TF_BLOCK.finditer(text))
    ends = [m.start() for m in matches[1:]] + [len(text)] * bool(matches)
    for match, end in zip(matches, ends, strict=True):
        block = text[match.end() : end]
        fields: dict[str, str] = {}
        for field in _TF_FIELD.finditer(block):
            fields.setdefault(field.group(1), _unquote(field.group(2)))
        if match.group(6):
            symbols += _requirements(block)
            continue
        if match.group(1):
            kind, kind_of, name = match.group(1), match.group(2), match.group(3)
            label = f"{kind_of}.{name}" if kind == "resource" else f"data.{kind_of}.{name}"
            signature = f'{kind} "{kind_of}" "{name}"'
        else:
            kind, name = match.group(4), match.group(5)
            label, signature = name, f'{kind} "{name}"'
        detail = fields.get("type") if kind == "variable" else ""
        doc = fields.get("description") or (
            f"source: {fields['source']}" if "source" in fields else ""
        )
        signature += f": {detail}" if detail else ""
        symbols.append(Symbol(label, kind, clip(signature), clip(doc, 200), anchored=False))
    return FileFacts(path, "terraform", _leading_comment(text), tuple(symbols))


def _requirements(block: str) -> list[Symbol]:
    """The Terraform version and the providers a ``terraform {}`` block requires."""
    found = []
    version = _TF_VERSION.search(block)
    if version:
        found.append(Symbol("terraform", "requirement", f"terraform {version.group(1)}",
                            anchored=False))  # fmt: skip
    for name, source, wanted in _TF_REQUIRED.findall(block):
        signature = f"{source} {wanted}".strip()
        found.append(Symbol(name, "requirement", signature, anchored=False))
    return found


def _instructions(text: str) -> Iterator[tuple[str, str]]:
    for match in _DOCKER.finditer(text):
        yield match.group(1).upper(), " ".join(match.group(2).split())


def dockerfile_facts(path: str, text: str) -> FileFacts:
    """A Dockerfile's stages (``FROM``), exposed ports, and the command its image runs."""
    symbols = []
    runs = ""
    for instruction, value in _instructions(text):
        if instruction == "FROM":
            stage = re.search(r"\s+as\s+([\w.-]+)\s*$", value, re.IGNORECASE)
            image = value.split()[-1] if value.startswith("--") else value.split()[0]
            name = stage.group(1) if stage else image
            symbols.append(Symbol(name, "stage", clip(f"FROM {value}"), anchored=False))
        elif instruction == "EXPOSE":
            symbols += [Symbol(p, "port", f"EXPOSE {p}", anchored=False) for p in value.split()]
        else:
            runs = clip(f"{instruction} {value}", 120)
    return FileFacts(path, "dockerfile", _leading_comment(text), tuple(symbols), main=runs)


def _top_keys(text: str) -> Iterator[tuple[str, str, list[str]]]:
    """Each top-level key of a YAML text, its inline value, and the lines under it."""
    key = value = ""
    lines: list[str] = []
    for line in text.split("\n"):
        if not line.strip() or line.lstrip().startswith("#") or line.startswith("---"):
            continue
        found = _KEY.match(line) if not line[0].isspace() else None
        if found:
            if key:
                yield key, value, lines
            key = found.group(2) or found.group(3) or found.group(4)
            value, lines = (found.group(5) or "").strip(), []
        elif key:
            lines.append(line)
    if key:
        yield key, value, lines


def _children(lines: list[str]) -> Iterator[tuple[str, str, list[str]]]:
    """The keys right under a YAML key (the least indented ones), with their lines."""
    indent = min((len(ln) - len(ln.lstrip()) for ln in lines), default=0)
    shifted = [ln[indent:] for ln in lines if len(ln) - len(ln.lstrip()) >= indent]
    return _top_keys("\n".join(shifted))


def _values(value: str, lines: list[str]) -> list[str]:
    """A YAML value that is a word, a flow list ``[a, b]``, a block list of items, or a
    mapping (its keys)."""
    if value.startswith("["):
        return [v.strip(" '\"") for v in value.strip("[]").split(",") if v.strip()]
    if value and not value.startswith(("|", ">", "{")):
        return [value.strip("'\"")]
    indent = min((len(ln) - len(ln.lstrip()) for ln in lines), default=0)
    top = [ln.strip() for ln in lines if len(ln) - len(ln.lstrip()) == indent]
    if top and all(ln.startswith("-") for ln in top):
        return [ln[1:].strip(" '\"") for ln in top if ln[1:].strip()]
    return [k for k, _v, _l in _children(lines)]


_RUN_KEY = re.compile(r"^[ \t]+(name|command):[ \t]*(.*)$")


def _run_mapping(lines: list[str], number: int) -> str:
    """What a ``run:`` step written as a mapping (CircleCI's ``name:`` and ``command:``
    under it) does: its name, else its command's first line; '' when none follows.
    etalab/doc.data.gouv.fr's draft listed "name: Install Ruby dependencies"."""
    found: dict[str, str] = {}
    for at in range(number + 1, min(number + 4, len(lines))):
        key = _RUN_KEY.match(lines[at])
        if key is None:
            break
        value = key.group(2).split(" #", 1)[0].strip().strip("'\"")
        if key.group(1) == "command" and value in ("|", ">", "|-", ">-", ""):
            value = next((ln.strip() for ln in lines[at + 1 : at + 3] if ln.strip()), "")
        found.setdefault(key.group(1), value)
    return found.get("name") or found.get("command", "")


def _steps(lines: list[str]) -> list[str]:
    """The actions a job uses (without their pinned version, the usual set-up ones left out)
    and the commands it runs (the first line of a block), in order."""
    found = []
    for number, line in enumerate(lines):
        step = re.match(r"^([ \t-]*)(uses|run):[ \t]*(.*)$", line)
        if not step:
            continue
        value = step.group(3).split(" #", 1)[0].strip().strip("'\"").removesuffix("\\").strip()
        if step.group(2) == "uses":
            value = value.split("@", 1)[0]
            if not value or value.startswith(_SET_UP):
                continue
        elif value == "" and (said := _run_mapping(lines, number)):
            value = said
        elif value in ("|", ">", "|-", ">-", ""):
            value = next((ln.strip() for ln in lines[number + 1 : number + 4] if ln.strip()), "")
            value = value.removesuffix("\\").strip()
        if value:
            found.append(clip(value, 100))
    return found


def workflow_facts(path: str, text: str) -> FileFacts:
    """A CI pipeline's triggers and jobs (GitHub workflows, GitLab CI, and the like)."""
    symbols = []
    title = ""
    gitlab = posixpath.basename(path) == ".gitlab-ci.yml"
    for key, value, lines in _top_keys(text):
        if key == "name":
            title = value.strip("'\"")
        elif key in ("on", "true") and not gitlab:
            symbols += [Symbol(t, "trigger", t, anchored=False) for t in _values(value, lines)]
        elif key == "stages":
            symbols += [Symbol(s, "stage", s, anchored=False) for s in _values(value, lines)]
        elif key == "jobs" and not gitlab:
            for job, _value, body in _children(lines):
                named = next((v for k, v, _l in _children(body) if k == "name"), "")
                steps = ", ".join(_steps(body)[:8])
                named = named.strip("'\"")
                doc = f"{named}: {steps}" if named and steps else named or steps
                symbols.append(Symbol(job, "job", job, clip(doc, 200), anchored=False))
        elif gitlab and key not in _GITLAB_RESERVED and not key.startswith("."):
            fields = {k: (v, b) for k, v, b in _children(lines)}
            stage = fields.get("stage", ("", []))[0]
            script = _values(*fields["script"]) if "script" in fields else []
            steps = ", ".join(clip(c, 100) for c in script[:8])
            doc = f"stage {stage}" + (f": {steps}" if steps else "") if stage else steps
            symbols.append(Symbol(key, "job", key, clip(doc, 200), anchored=False))
    return FileFacts(path, "yaml", title or _leading_comment(text), tuple(symbols))


def compose_facts(path: str, text: str) -> FileFacts:
    """The services a Compose file runs, each with its image or build and its ports."""
    symbols = []
    for key, _value, lines in _top_keys(text):
        if key != "services":
            continue
        for service, _v, body in _children(lines):
            fields = {k: (v, b) for k, v, b in _children(body)}
            image = fields.get("image", ("", []))[0]
            built = "build" in fields
            ports = _values(*fields["ports"]) if "ports" in fields else []
            doc = (f"image {image}" if image else "built here" if built else "") + (
                f"; ports {', '.join(ports)}" if ports else ""
            )
            symbols.append(Symbol(service, "service", service, doc.strip("; "), anchored=False))
    return FileFacts(path, "yaml", _leading_comment(text), tuple(symbols))


def _commands_run(text: str, limit: int = 8) -> list[Symbol]:
    """The first commands a script runs outside its functions (``set`` and the like left out)."""
    found: list[Symbol] = []
    depth = 0
    for line in text.split("\n")[1 if text.startswith("#!") else 0 :]:
        stripped = line.strip()
        said = stripped.removesuffix("\\").strip()
        command = depth == 0 and said and not said.startswith(("#", "set ", "}", "{"))
        command = command and said not in _SHELL_WORDS and not _ASSIGNMENT.match(said)
        if command and not _SHELL_FUNCTION.match(line):
            found.append(Symbol(clip(said, 100), "step", clip(said, 100), anchored=False))
        depth = max(0, depth + stripped.count("{") - stripped.count("}"))
        if len(found) >= limit:
            break
    return found


def shell_facts(path: str, text: str) -> FileFacts:
    """A shell script's header comment, its functions, the first commands it runs, and how
    it runs."""
    functions = []
    for match in _SHELL_FUNCTION.finditer(text):
        name = match.group(1) or match.group(2)
        if name and name not in ("if", "then", "for", "while", "case"):
            functions.append(Symbol(name, "function", f"{name}()", anchored=False))
    functions += _commands_run(text)
    shebang = text.split("\n", 1)[0] if text.startswith("#!") else ""
    runs = f"script (`{clip(shebang, 60)}`)" if shebang else ""
    return FileFacts(path, "shell", _leading_comment(text), tuple(functions), main=runs)


_READERS: Final[dict[str, Callable[[str, str], FileFacts]]] = {
    "terraform": terraform_facts,
    "ci": workflow_facts,
    "shell": shell_facts,
}


def infra_facts(path: str, text: str, category: str = "") -> FileFacts:
    """The facts of one infrastructure file (``category`` as :func:`infra_category` says,
    or 'shell' for a script known by its ``#!`` line)."""
    category = category or infra_category(path)
    if category == "container":
        name = posixpath.basename(path).lower()
        compose = name.endswith((".yml", ".yaml"))
        return compose_facts(path, text) if compose else dockerfile_facts(path, text)
    reader = _READERS.get(category)
    return reader(path, text) if reader is not None else FileFacts(path, category)

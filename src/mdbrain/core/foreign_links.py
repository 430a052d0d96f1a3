"""Links of a foreign page that need more than a new relative path.

Wiki links (``[[Page Name]]``, ``[[page-name|label]]``, and ``[[label|Page Name]]``
as GitHub wikis write them) are found outside code and matched to a page by its
title, its file name or its path; :func:`rewrite_wiki` turns each one found into an
ordinary Markdown link. :func:`retarget` changes link destinations on given
lines, every other byte kept: a link to a file of the project is written again
from the document's new place. A link to the project's own file on its forge
(``https://github.com/owner/repo/blob/main/docs/a.md``) is read as the path it
names (:func:`own_file`), from the addresses of the repository's remotes
(:func:`forge_home`) and of its manifests (:func:`declared_homes`), else from its
pages' links (:func:`linked_homes`), and one to its own pull request or issue as that
thread's kind and number (:func:`own_thread`); never as the page that holds it
(:func:`kept_to_itself`). Pure: the caller says which pages there are.
"""

from __future__ import annotations

import json
import posixpath
import re
import tomllib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Final

from mdbrain.core import markdown, slug

# [[Page]] or [[page|label]]; not an embed (![[x]]), not a Markdown link whose text is in
# brackets ([[1]](notes.md), [[1]][ref]), nor bracketed text followed by the address it
# meant to link to, after a space ("[[Full text]] (https://x.org/a)") or in full-width
# parentheses ("[[全文]]（https://x.org/a）").
_WIKI = re.compile(
    r"(?<![!\\])\[\[([^\[\]\n|]+)(?:\|([^\[\]\n]+))?\]\](?![(\[])"
    r"(?![ \t\u3000]*+[(（][ \t]*+<?(?:[A-Za-z][\w+.-]*+://|mailto:|www\.|\.\.?/))"
)
_FENCE = re.compile(r"^ {0,3}(" + markdown.FENCE_RUN + r")")
# a fence opening in a quote ("> ```"), in a list item ("- ```") or indented under one:
# the quote's marks (group 1), the list item's (group 2), the fence (group 3)
_NESTED_FENCE = re.compile(
    r"((?:[ \t]*+>)*+)[ \t]*+((?:[-*+]|\d{1,9}[.)])[ \t]++)?+(" + markdown.FENCE_RUN + r")"
)
# code a site's template tags hold (Hugo's {{< code-toggle >}}, Liquid's {% highlight %}):
# TOML's [[menus.main]] in it is no wiki link
_TAG_CODE = re.compile(r"^\s*\{(?:\{[<%]|%-?)\s*(code[\w-]*|highlight|raw)\b[^\n]*[>%]\}\}?\s*$")


# a line asking the site for a table of contents (VitePress, markdown-it-toc): no link
_TOC_MARKER = re.compile(r"^[ \t]*\[\[toc\]\][ \t]*$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class WikiLink:
    line: int  # 1-based, in the text given
    start: int  # columns of the whole ``[[...]]``
    end: int
    first: str  # the part before the bar (or the only part)
    second: str  # the part after the bar, or ""


# --- the project's own files on its forge --------------------------------------------

# git@github.com:owner/repo, ssh://git@host:22/group/repo, https://host/owner/repo (the
# ".git" and slashes at the end taken off first)
_SCP_REMOTE = re.compile(r"^[\w.-]+@([\w.-]+):(?!/)(.+)$")
_URL_REMOTE = re.compile(r"^(?:https?|ssh|git)://(?:[^@/\s]+@)?([\w.-]+)(?::\d+)?/(.+)$")
_LINE_ANCHOR = re.compile(r"L\d+(?:C\d+)?(?:-L\d+(?:C\d+)?)?")  # #L3, #L3-L9: a forge's view
# the branches a link means "the file as it is now" by: not a tag, not a commit
_CURRENT = frozenset({"main", "master", "head", "trunk", "develop", "development", "dev"})


def forge_home(remote: str) -> str | None:
    """Where a repository is served, ``host/owner/repo`` in lower case, from the address
    of one of its remotes; None for a remote on this machine."""
    remote = remote.strip().rstrip("/")
    if remote.lower().endswith(".git"):
        remote = remote[:-4].rstrip("/")
    found = _URL_REMOTE.match(remote) or _SCP_REMOTE.match(remote)
    if found is None or "." not in found.group(1):
        return None
    path = "/".join(part for part in found.group(2).split("/") if part)
    return f"{found.group(1)}/{path}".lower() if "/" in path else None


def own_file(written: str, homes: frozenset[str], inside: str = "") -> str | None:
    """The path from the project's top (``/docs/a.md#part``) of the file a link names on
    the project's forge, as it is on a current branch: GitHub's ``blob``, ``tree`` and
    ``raw`` addresses, GitLab's with ``/-/``; None for any other link, for one to the
    file as it was at a commit or a tag, and for a file outside the project when the
    project is the folder ``inside`` of its repository. The forge's query and its
    anchors on lines (``?plain=1#L3``) are left out."""
    rest = _on_forge(written, homes)
    found = None if rest is None else _current_file(rest)
    if found is None:
        return None
    path, anchor = found
    if inside:
        folder = "/" + inside.strip("/") + "/"
        path = path[len(folder) - 1 :] if path.startswith(folder) else "/"
    if path == "/":
        return None
    return path + (f"#{anchor}" if anchor and not _LINE_ANCHOR.fullmatch(anchor) else "")


def _on_forge(written: str, homes: frozenset[str]) -> str | None:
    """What a link's address says after the project's repository on its forge
    (``blob/main/a.md``, ``pull/12``), or None for a link elsewhere."""
    target = written.strip()
    if not homes or not target.lower().startswith(("https://", "http://")):
        return None
    address = target.split("://", 1)[1]
    if address.lower().startswith("www."):
        address = address[4:]
    home = next((h for h in homes if address.lower().startswith(h + "/")), None)
    return None if home is None else address[len(home) + 1 :]


# a pull request or an issue as its forge serves it: GitHub's pull/12 and issues/12,
# GitLab's -/merge_requests/12 and -/issues/12, nothing after its number (not one of its
# comments, commits or files)
_THREAD = re.compile(
    r"(?:(?P<pull>pulls?|-/merge_requests)|(?P<issue>issues|-/issues))/(?P<number>\d{1,9})/?",
    re.IGNORECASE,
)
PULL, ISSUE = "pull", "issue"


# an address on a forge: its host, owner and repository, then what follows
_FORGE_ADDRESS = re.compile(
    r"https?://(?:www\.)?([\w-]+(?:\.[\w-]+)+)/([\w.-]+)/([\w.-]+)/([^\s()<>\"'`\]]+)",
    re.IGNORECASE,
)
LINKED_HOME_FILES = 2  # files of the project a home must be linked for: one may be a chance


def linked_homes(
    texts: Iterable[str], exists: Callable[[str], bool], declared: frozenset[str] = frozenset()
) -> frozenset[str]:
    """Where the pages' own links say the repository is served, when its remotes do not
    say it (a clone of a mirror, a fork whose remote names the fork): each forge
    repository linked to :data:`LINKED_HOME_FILES` files or more on a current branch
    that ``exists`` (a path from the repository's top, ``/docs/a.md``) finds in this one,
    and that the homes the project declares (``declared``: its remotes', its
    manifests', :func:`declared_homes`) leave possible (:func:`_may_be`). Files of the
    same names are no proof: nodejs/TSC, cloned from a mirror, links nodejs/admin's
    ``Moderation-Policy.md`` and ``CODE_OF_CONDUCT.md``, where its own stubs of those
    names say the documents moved, and each stub came to link to itself."""
    found: dict[str, set[str]] = {}
    for text in texts:
        if "://" not in text:
            continue
        for match in _FORGE_ADDRESS.finditer(text):
            host, owner, repo, rest = match.groups()
            current = _current_file(rest)
            if current is None or current[0] == "/":
                continue
            home = f"{host}/{owner}/{repo.removesuffix('.git')}".lower()
            paths = found.setdefault(home, set())
            if len(paths) < LINKED_HOME_FILES and current[0] not in paths and exists(current[0]):
                paths.add(current[0])
    return frozenset(
        home
        for home, paths in found.items()
        if len(paths) >= LINKED_HOME_FILES and _may_be(home, declared)
    )


def _may_be(home: str, declared: frozenset[str]) -> bool:
    """Whether a home guessed from links may be the project's, given the homes it
    declares: any when it declares none; else one of them, or a repository of the same
    name, which a fork or a mirror keeps (``github.com/nixos/rfcs`` for a clone of
    ``github.com/someone/rfcs``). Another repository of the same owner
    (``nodejs/admin`` beside ``nodejs/TSC``) is another project."""
    return not declared or any(_name(home) == _name(own) for own in declared)


def _name(home: str) -> str:
    """A repository's own name, its host and owner aside (``rfcs`` for
    ``github.com/nixos/rfcs``)."""
    return home.rsplit("/", 1)[-1]


# the manifests at a repository's top that may name where it is served
MANIFESTS: Final = ("package.json", "pyproject.toml", "Cargo.toml")
# npm's short forms of a repository: "owner/repo" (GitHub's), "gitlab:group/repo"
_NPM_SHORT = re.compile(r"(?:(github|gitlab|bitbucket):)?([\w.-]+/[\w.-]+)")
_NPM_HOSTS: Final = {"github": "github.com", "gitlab": "gitlab.com", "bitbucket": "bitbucket.org"}
# [project.urls] labels that name the source's repository, normalised as PEP 753 says
# (lower case, no punctuation nor space: "Source Code" is "sourcecode")
_SOURCE_LABELS = frozenset({"source", "sourcecode", "repository", "code", "github", "gitlab"})
# the forges a project's home page may be its repository on (other home pages are sites)
_FORGE_HOSTS = frozenset({"github.com", "gitlab.com", "bitbucket.org", "codeberg.org"})
# what follows a repository in an address of one of its pages: GitLab's "/-/", GitHub's
# "tree/main/packages/x", Gitea's "src/branch/main"
_AFTER_REPOSITORY = frozenset({"-", "tree", "blob", "src", "raw", "issues", "pulls", "wiki"})


def declared_homes(manifests: Mapping[str, str]) -> frozenset[str]:
    """Where a project's manifests (their texts by file name, :data:`MANIFESTS`) say its
    repository is served, ``host/owner/repo`` in lower case as :func:`forge_home` gives
    it: package.json's ``repository`` (an address, ``{"url": ...}`` or npm's short
    form), pyproject.toml's ``[project.urls]`` source entry (its home page too when on
    a forge) or Poetry's ``repository``, Cargo.toml's ``package.repository``. What the
    project declares comes before what its links suggest (:func:`linked_homes`); a
    manifest that does not parse declares nothing."""
    found: set[str | None] = set()
    for name, text in manifests.items():
        try:
            data = json.loads(text) if name.endswith(".json") else tomllib.loads(text)
        except (ValueError, RecursionError):  # JSON's and TOML's errors are ValueErrors
            continue
        if not isinstance(data, dict):
            continue
        if name.endswith(".json"):
            found.add(_npm_repository(data.get("repository")))
            continue
        project, tool = _table(data, "project"), _table(data, "tool")
        for label, address in _table(project, "urls").items():
            said = re.sub(r"[\W_]", "", str(label).lower())
            if said in _SOURCE_LABELS or said == "homepage":
                found.add(_repository(address, forges_only=said == "homepage"))
        found.add(_repository(_table(tool, "poetry").get("repository")))
        found.add(_repository(_table(data, "package").get("repository")))
        found.add(_repository(_table(_table(data, "workspace"), "package").get("repository")))
    return frozenset(home for home in found if home is not None)


def _table(data: Mapping[str, object], key: str) -> dict[str, object]:
    """A manifest's table, or an empty one when it holds something else."""
    value = data.get(key)
    return value if isinstance(value, dict) else {}


def _npm_repository(value: object) -> str | None:
    """The home package.json's ``repository`` names: an address, ``{"url": ...}``, or
    npm's short form (``nodejs/TSC``, ``gitlab:group/repo``)."""
    if isinstance(value, dict):
        value = value.get("url")
    if not isinstance(value, str):
        return None
    short = _NPM_SHORT.fullmatch(value.strip())
    if short is not None:
        host = _NPM_HOSTS[short.group(1) or "github"]
        return f"{host}/{short.group(2).removesuffix('.git')}".lower()
    return _repository(value)


def _repository(address: object, *, forges_only: bool = False) -> str | None:
    """The home of the repository a manifest's address names (``git+https://github.com/
    nodejs/TSC.git``, ``https://github.com/o/r/tree/main/packages/x#readme``): the
    address up to the repository, the page of it named aside; None for an address of
    no repository, and, when ``forges_only``, for one off the forges."""
    if not isinstance(address, str):
        return None
    address = re.split(r"[?#]", address.strip().removeprefix("git+"), maxsplit=1)[0]
    home = forge_home(address)
    if home is None:
        return None
    host, *path = home.removeprefix("www.").split("/")
    if forges_only and host not in _FORGE_HOSTS:
        return None
    cut = next((i for i, part in enumerate(path) if i >= 2 and part in _AFTER_REPOSITORY), None)
    path = path[:cut]
    if host in _FORGE_HOSTS and host != "gitlab.com":  # no subgroups: owner/repo
        path = path[:2]
    return "/".join([host, *path]) if len(path) >= 2 else None


_AUTOLINK = re.compile(r"<(https?://[^\s<>]{1,2000})>")


def kept_to_itself(
    before: str, after: str, homes: frozenset[str], inside: str, itself: Callable[[str], bool]
) -> str:
    """``after``, a page's text with its links to the project's files on its forge made
    paths from the project's top, with those of them that lead to the page itself as
    ``before`` wrote them (an autolink an autolink again); ``itself`` says whether such a
    path (``/a.md``, :func:`own_file`) leads to that page. A page never links to itself
    by an address: nodejs/TSC's ``Moderation-Policy.md`` only says the policy "has moved
    to" nodejs/admin's file of that name, and read as its own it linked to itself. A
    path the page wrote as such on the same line is no address to restore."""
    if not homes or "://" not in before or before.count("\n") != after.count("\n"):
        return after  # another text: its lines are not those of ``before``
    scanned = markdown.scan(before).links
    written = [(address, line) for address, line in scanned if "://" in address]
    old = before.split("\n")
    for number, held in enumerate(old, start=1):
        if "<http" in held:
            written += [(match.group(1), number) for match in _AUTOLINK.finditer(held)]
    as_paths = {(address.strip(), line) for address, line in scanned}
    changes: dict[int, dict[str, str]] = {}
    for address, line in written:
        local = own_file(address, homes, inside)
        if local is not None and (local, line) not in as_paths and itself(local):
            changes.setdefault(line, {})[local] = address
    if not changes:
        return after
    lines = retarget(after, changes).split("\n")
    for line, restored in changes.items():
        for address in restored.values():
            shown = f"[{address}]({address})"  # how an autolink to a page was written
            if f"<{address}>" in old[line - 1] and shown not in old[line - 1]:
                lines[line - 1] = lines[line - 1].replace(shown, f"<{address}>")
    return "\n".join(lines)


def own_thread(written: str, homes: frozenset[str]) -> tuple[str, int] | None:
    """The kind (:data:`PULL` or :data:`ISSUE`) and number of the project's own pull
    request or issue a link names on the project's forge
    (``https://github.com/reactjs/rfcs/pull/147``), or None for any other link."""
    rest = _on_forge(written, homes)
    found = None if rest is None else _THREAD.fullmatch(rest)
    if found is None:
        return None
    return (PULL if found.group("pull") else ISSUE), int(found.group("number"))


# the hosts a forge serves its projects' sites at: github.com/owner/repo at
# owner.github.io/repo, gitlab.com/group/repo at group.gitlab.io/repo
_PAGES_HOSTS: Final = {"github.com": "github.io", "gitlab.com": "gitlab.io"}


def pages_homes(homes: frozenset[str]) -> frozenset[str]:
    """Where the forge serves the site built from a repository (``host/owner/repo``
    in ``homes``): ``owner.github.io/repo``, or ``owner.github.io`` for the repository
    named so."""
    found = set()
    for home in homes:
        host, _, path = home.partition("/")
        owner, _, repo = path.partition("/")
        pages = _PAGES_HOSTS.get(host)
        if pages is None or not repo or "/" in repo:
            continue
        site = f"{owner}.{pages}"
        found.add(site if repo == site else f"{site}/{repo}")
    return frozenset(found)


def own_site_path(written: str, sites: frozenset[str]) -> str | None:
    """The address on the project's own site (``/2920-inline-const.html#part``) that a
    link to that site names in full (``https://rust-lang.github.io/rfcs/2920-inline-
    const.html``, ``sites`` from :func:`pages_homes`); None for any other link and for
    the site's home."""
    target = written.strip()
    if not sites or not target.lower().startswith(("https://", "http://")):
        return None
    address = target.split("://", 1)[1]
    lowered = address.lower()
    home = max((h for h in sites if lowered.startswith(h + "/")), key=len, default=None)
    rest = None if home is None else address[len(home) :]
    return rest if rest and rest.strip("/").partition("#")[0] else None


def _current_file(rest: str) -> tuple[str, str] | None:
    """The path (from the repository's top) and the anchor of a forge's address of a
    file on a current branch, given after the repository (``blob/main/a.md#x``)."""
    parts = rest.split("/", 3)
    if parts[0] == "-":  # GitLab's
        parts = rest.split("/", 4)[1:]
    elif parts[0] == "+":  # Gitiles' (go.googlesource.com/proposal/+/master/design/a.md)
        parts = ["blob", *rest.removeprefix("+/").removeprefix("refs/heads/").split("/", 2)]
    if len(parts) < 3 or parts[0] not in ("blob", "tree", "raw"):
        return None
    if parts[1].lower() not in _CURRENT:
        return None
    path, _hash, anchor = "/".join(parts[2:]).partition("#")
    return posixpath.normpath("/" + path.split("?", 1)[0].strip("/")), anchor


_FOOTNOTE = re.compile(r" {0,3}\[\^[^\]\n]{1,200}\]:")


def wiki_links(text: str) -> list[WikiLink]:
    """Every wiki link of ``text`` outside fenced code (in a quote or a list item too),
    code spans and the code of a site's template tags (embeds ``![[x]]`` left out). A
    reference link in brackets is none: "[[1]]" beside "[1]: https://..." cites a
    source (pytorch/rfcs' RFC-0001 had six of them reported as broken links)."""
    defined = markdown.definitions(text) if "]:" in text else {}
    found = []
    fence: str | None = None
    quoted = 0  # how many quotes the open fence is in: it ends with the last of them
    in_list = False
    listed = False  # the open fence is in a list item: it ends with the item too
    tag: tuple[str, ...] = ()  # the closing marks of the template tag's code being read
    for number, line in enumerate(text.split("\n"), start=1):
        if tag:
            tag = () if _closes(line, tag) else tag
            continue
        if fence is not None:
            inside = _in_fence(line, fence, quoted, listed)
            fence = fence if inside is True else None
            if inside is not None:
                continue  # code, or the fence closing it
        if _LIST_ITEM.match(line) or _FOOTNOTE.match(line):
            # a footnote's text is indented under it as an item's is (ethereum/EIPs: a
            # CSL-JSON block under "[^1]:", its "[[2023, 2, 3]]" read as a wiki link)
            in_list = True
        elif line[:1] not in " \t":
            in_list = False
        opened = _fence_opening(line, in_list)
        if opened is not None:
            (fence, quoted), listed = opened, in_list
            continue
        code = _TAG_CODE.match(line) if "{" in line else None
        if code is not None and not line.rstrip().endswith(("/>}}", "/%}}")):
            name = code.group(1)
            marks = (f"{{{{</{name}", f"{{{{%/{name}", f"{{%end{name}", f"{{%-end{name}")
            if not _closes(line[code.end(1) :], marks):  # else opened and closed on one line
                tag = marks
                continue
        if "[[" not in line or _TOC_MARKER.match(line):
            continue
        masked = markdown.CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
        for match in _WIKI.finditer(masked):
            first, second = match.group(1).strip(), (match.group(2) or "").strip()
            if not second and defined and markdown.label(first) in defined:
                continue
            found.append(WikiLink(number, match.start(), match.end(), first, second))
    return found


def _in_fence(line: str, fence: str, quoted: int, listed: bool) -> bool | None:
    """What ``line`` is to an open fence: True, a line of its code; False, the line that
    closes it; None, a line after it, to be read as text (the quote or the list item the
    fence was in has ended, and the code with it)."""
    if quoted:
        bare = line.lstrip(" \t>")
        if line[: len(line) - len(bare)].count(">") < quoted:
            return None
        return not markdown.closes_fence(bare, fence)
    if markdown.closes_fence(line, fence):
        return False
    return None if listed and line.strip() and line[:1] not in " \t" else True


def _fence_opening(line: str, in_list: bool) -> tuple[str, int] | None:
    """The run of backticks or tildes that ``line`` opens a fenced code block with, and
    how many quotes the block is in: at the margin, in a quote or in a list item
    (``in_list``: the line follows one); None for any other line."""
    opened = _FENCE.match(line)
    if opened is not None:
        return opened.group(1), 0
    if "``" not in line and "~~" not in line:
        return None
    nested = _NESTED_FENCE.match(line)
    if nested is None:
        return None
    quoted = nested.group(1).count(">")
    if not quoted and not nested.group(2) and not in_list:
        return None  # indented by four spaces or more, outside a list: no fence
    return nested.group(3), quoted


# Doxygen's references to a page or a section by the name its heading declares:
# "@subpage adr_0001", "\\ref sql_tables "the tables"" (the heading: "# Title {#adr_0001}")
_DOXYGEN_REF = re.compile(
    r"(?<![\w@\\])[@\\](?:subpage|ref)[ \t]+([A-Za-z_](?:[\w.-]{0,126}[\w-])?)"
    r"(?:[ \t]+\"([^\"\n]{1,200})\")?"
)
_DEFINITION = re.compile(r" {0,3}\[[^\[\]\n]{1,999}\]:[ \t]*<?")  # "[name]: " before a path
_HEADING_MARKS = re.compile(r" {0,3}(#{1,6})[ \t]")
_DOXYGEN_LABEL = re.compile(r"[A-Za-z_][\w.-]{0,127}")
# where code starts outside fences: a fence in a list item or a quote, a comment, <pre>
_ANY_FENCE = re.compile(r"^[ \t>]*(" + markdown.FENCE_RUN + r")")
_LIST_ITEM = re.compile(r" {0,3}(?:[-*+]|\d{1,9}[.)])[ \t]")


@dataclass(frozen=True, slots=True)
class Named:
    """A heading that declares a name for Doxygen's references to point at."""

    first: bool  # the page's first heading: the name is the page's
    title: str


def doxygen_names(text: str) -> dict[str, Named]:
    """The names the headings of ``text`` declare (``# Title {#name}``), outside code."""
    found: dict[str, Named] = {}
    first = True
    for _number, line in _prose_lines(text):
        marks = _HEADING_MARKS.match(line)
        if marks is None:
            continue
        end = line.rstrip(" \t#")
        at = end.rfind("{#") if end.endswith("}") else -1
        if at > marks.end() - 1 and _DOXYGEN_LABEL.fullmatch(end[at + 2 : -1]):
            title = end[marks.end() : at].strip(" \t")
            found.setdefault(end[at + 2 : -1], Named(first, title))
        first = False
    return found


def rewrite_doxygen(text: str, resolve: Callable[[str], tuple[str, str] | None]) -> str:
    """``text`` with every Doxygen reference to a name ``resolve`` knows written as a
    Markdown link (as a path alone where a link's destination is expected:
    ``[x](@ref name)``, ``[x]: @ref name``): ``resolve`` gives the destination and the
    text to show for a name, or None, and the reference is then left as written (it may
    name code), as is one inside a link's text."""
    lines = text.split("\n")
    for number, line in _prose_lines(text):
        if "@" not in line and "\\" not in line:
            continue  # no reference can start on it
        masked = markdown.CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line)
        defined = _DEFINITION.match(line)
        pieces, done = [], 0
        for match in _DOXYGEN_REF.finditer(masked):
            found = resolve(match.group(1))
            if found is None or line.startswith("]", match.end()):
                continue  # unknown, or in a link's text: "[see @ref a](u)"
            destination, title = found
            quoted = match.group(2)
            if line.endswith(("](", "](<"), 0, match.start()) or (
                defined is not None and defined.end() == match.start()
            ):
                written = destination + (f' "{quoted}"' if quoted else "")
            else:
                written = f"[{_escaped(quoted or title or match.group(1))}]({destination})"
            pieces += [line[done : match.start()], written]
            done = match.end()
        if pieces:
            lines[number - 1] = "".join([*pieces, line[done:]])
    return "\n".join(lines)


def has_doxygen_refs(text: str) -> bool:
    """Whether ``text`` may hold a Doxygen reference (code aside)."""
    return _DOXYGEN_REF.search(text) is not None


def _escaped(shown: str) -> str:
    """Text made safe inside a link's brackets."""
    return shown.replace("\\", "\\\\").replace("[", "\\[").replace("]", "\\]")


def _prose_lines(text: str) -> list[tuple[int, str]]:
    """The lines of ``text`` outside code, numbered from 1: fenced code (in a list item
    or a quote too), indented code, HTML comments and ``<pre>`` blocks are left out."""
    out = []
    fence: str | None = None
    closer = ""  # the end of the comment or <pre> block being read
    blank = in_list = indented = False
    for number, line in enumerate(text.split("\n"), start=1):
        bare = line.lstrip(" \t>")
        if fence is not None:
            fence = None if markdown.closes_fence(bare, fence) else fence
            continue
        if closer:
            closer = "" if closer in line else closer
            continue
        if not line.strip():
            blank = True
            continue
        if line.startswith(("    ", "\t")) and (blank or indented) and not in_list:
            indented, blank = True, False
            continue
        indented, blank = False, False
        if _LIST_ITEM.match(line):
            in_list = True
        elif line[0] not in " \t":
            in_list = False
        opened = _ANY_FENCE.match(line)
        if opened is not None:
            fence = opened.group(1)
            continue
        start = bare.lstrip()[:5].lower()
        if start.startswith(("<!--", "<pre")):
            closer = "-->" if start.startswith("<!--") else "</pre>"
            closer = "" if closer in bare.lower()[4:] else closer
            continue
        out.append((number, line))
    return out


def _closes(line: str, marks: tuple[str, ...]) -> bool:
    """Whether ``line`` holds one of the closing tags ``marks`` (spaces aside)."""
    flat = line.replace(" ", "")
    return any(mark in flat for mark in marks)


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


class Catalogue:
    """The pages a wiki link may name: by path, file name and title (any case, and as
    slugs), the page in the linking page's folder first when several match."""

    def __init__(self, titles: Mapping[str, str]) -> None:
        self._names: dict[str, list[str]] = {}
        for path, title in sorted(titles.items()):
            stem = posixpath.basename(path).rsplit(".", 1)[0]
            keys = {_key(path.rsplit(".", 1)[0]), _key(stem), _key(title)}
            keys |= {slug.slugify(k, fallback="") for k in (stem, title)}
            for key in keys - {""}:
                self._names.setdefault(key, []).append(path)

    def find(self, name: str, near: str) -> str | None:
        """The page ``name`` names for a link written in ``near``, or None (none, or
        several in different folders)."""
        bare = name.strip().removesuffix(".md").removesuffix(".markdown").strip("/")
        for key in (_key(bare), slug.slugify(bare, fallback="")):
            paths = self._names.get(key, [])
            if len(paths) == 1:
                return paths[0]
            here = [p for p in paths if posixpath.dirname(p) == posixpath.dirname(near)]
            if len(here) == 1:
                return here[0]
        return None


def _anchor(heading: str) -> str:
    """A heading as the anchor GitHub gives it: lower case, punctuation out, hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def rewrite_wiki(
    text: str, resolve: Callable[[str], str | None]
) -> tuple[str, list[tuple[int, str]]]:
    """``text`` with every wiki link whose page ``resolve`` finds written as a Markdown
    link, and the (line, link) of those it left as they were. ``resolve`` takes a page
    name and gives the destination to write, or None."""
    lines = text.split("\n")
    unresolved = []
    for link in reversed(wiki_links(text)):
        written = lines[link.line - 1][link.start : link.end]
        parts = [(link.first, link.second), (link.second, link.first)]
        for target, label in parts if link.second else parts[:1]:
            name, _mark, anchor = target.partition("#")
            # [[#Heading]]: a heading of the same page, as written (not [[label|#x]] read
            # the other way round); [[#^id]] is a block of it, which has no anchor here
            own = target is link.first and not anchor.startswith("^") and _anchor(anchor)
            destination = resolve(name) if name.strip() else ("" if own else None)
            if destination is None:
                continue
            suffix = "#" + _anchor(anchor) if anchor.strip() else ""
            shown = (label or name.strip() or anchor.strip()).replace("]", "\\]")
            line = lines[link.line - 1]
            lines[link.line - 1] = (
                line[: link.start] + f"[{shown}]({destination}{suffix})" + line[link.end :]
            )
            break
        else:
            unresolved.append((link.line, written))
    return "\n".join(lines), sorted(unresolved)


def retarget(text: str, changes: Mapping[int, Mapping[str, str]]) -> str:
    """``text`` with link destinations replaced: ``changes`` maps a 1-based line to
    {destination as written: new destination}. Every other byte stays."""
    lines = text.split("\n")
    for number, wanted in changes.items():
        line = lines[number - 1]
        for written, new in wanted.items():
            line = markdown.replaced_destinations(markdown.DESTINATION_OPENING, line, written, new)
        lines[number - 1] = line
    return "\n".join(lines)

"""A page that links to another page of its own project by the address the forge serves
it at (``https://github.com/owner/repo/blob/main/text/a.md``) is imported with a link to
that page in the base, as it would be had it written a relative link."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from mdbrain.core import foreign_links
from mdbrain.store import git
from tests.conftest import MakeBase
from tests.test_import_mdx import body
from tests.test_import_meaning import meta as frontmatter
from tests.test_import_meaning import pages, run_import

HOME = "https://github.com/Acme/Handbook"
RFCS = "https://github.com/reactjs/rfcs"
FIRST = f"""\
# Ship small changes

Replaced by [the second record]({HOME}/blob/main/decisions/0002-ship-daily.md#why).
It followed [the old rule][old], and [the template]({HOME}/blob/main/template.md).

[old]: {HOME}/blob/master/decisions/0000-old-rule.md
"""
SECOND = f"""\
# Ship daily

As the record [at its first draft]({HOME}/blob/4f1c2a9e/decisions/0001-ship-small.md) said,
and as [the issue]({HOME}/issues/12) and [another project](https://github.com/acme/other/blob/main/decisions/0001-ship-small.md) did not.
"""


@pytest.mark.parametrize(
    ("remote", "home"),
    [
        ("https://github.com/Acme/Handbook.git", "github.com/acme/handbook"),
        ("git@github.com:acme/handbook.git", "github.com/acme/handbook"),
        (
            "ssh://git@gitlab.example.org:2222/group/sub/handbook.git",
            "gitlab.example.org/group/sub/handbook",
        ),
        ("https://ci-token:x@github.com/acme/handbook/", "github.com/acme/handbook"),
        ("/srv/mirrors/handbook.git", None),
        ("../handbook", None),
    ],
)
def test_where_a_repository_is_served_is_read_from_its_remote(
    remote: str, home: str | None
) -> None:
    assert foreign_links.forge_home(remote) == home


def test_a_remote_of_many_slashes_is_read_at_once() -> None:
    # no pattern that tries every split of a run of slashes: this used to take seconds
    assert foreign_links.forge_home("https://forge.example.org/" + "/" * 50_000 + "x") is None
    assert foreign_links.forge_home("git@forge.example.org:x" + "/" * 50_000 + "y.git") == (
        "forge.example.org/x/y"
    )


def test_only_a_link_to_the_projects_file_as_it_is_now_names_that_file() -> None:
    homes = frozenset({"github.com/acme/handbook", "gitlab.example.org/group/handbook"})
    own = foreign_links.own_file
    assert own(f"{HOME}/blob/main/docs/a.md#part", homes) == "/docs/a.md#part"
    assert own(f"{HOME}/blob/main//docs/a.md/", homes) == "/docs/a.md"  # never //docs: a host
    assert own(f"{HOME}/blob/main/docs/a.md?plain=1#L3-L9", homes) == "/docs/a.md"
    # a project in a folder of its repository: paths from that folder, none outside it
    assert own(f"{HOME}/blob/main/services/api/docs/a.md", homes, "services/api") == "/docs/a.md"
    assert own(f"{HOME}/blob/main/docs/a.md", homes, "services/api") is None
    assert own("https://www.github.com/acme/handbook/tree/master/docs", homes) == "/docs"
    assert own("https://gitlab.example.org/group/handbook/-/blob/main/a.md", homes) == "/a.md"
    assert own(f"{HOME}/blob/v1.2.0/docs/a.md", homes) is None  # a tag: the file as it was
    assert own(f"{HOME}/blob/4f1c2a9e/docs/a.md", homes) is None  # a commit
    assert own(f"{HOME}/issues/12", homes) is None
    assert own("https://github.com/acme/handbook-two/blob/main/a.md", homes) is None
    assert own(f"{HOME}/blob/main/docs/a.md", frozenset()) is None
    # Gitiles (golang/proposal's clone address): its 28 links to other proposals
    gitiles = frozenset({"go.googlesource.com/proposal"})
    site = "https://go.googlesource.com/proposal/+"
    assert own(f"{site}/master/design/12914-monotonic.md", gitiles) == "/design/12914-monotonic.md"
    assert own(f"{site}/refs/heads/master/design/a.md#why", gitiles) == "/design/a.md#why"
    assert own(f"{site}/4f1c2a9e/design/a.md", gitiles) is None  # a commit
    assert own(f"{site}log", gitiles) is None


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def _handbook(project: Path) -> None:
    """The records and the template FIRST and SECOND link to by their forge addresses."""
    pages(
        project,
        {
            "decisions/0000-old-rule.md": "# Old rule\n\nShip weekly.\n",
            "decisions/0001-ship-small.md": FIRST,
            "decisions/0002-ship-daily.md": SECOND,
            "template.md": "# Template\n",
        },
    )


def _served_handbook(make_base: MakeBase) -> tuple[Path, Path]:
    """A base, and its project: a repository served at HOME holding the handbook."""
    root = make_base({})
    project = root.parent
    subprocess.run(["git", "-C", str(project), "init", "-q"], check=True)
    subprocess.run(
        ["git", "-C", str(project), "remote", "add", "origin", f"{HOME}.git"], check=True
    )
    _handbook(project)
    return root, project


def test_links_to_the_projects_own_pages_on_its_forge_follow_them(make_base: MakeBase) -> None:
    root, project = _served_handbook(make_base)
    assert foreign_links.forge_home(git.Git(project).remotes()[0]) == "github.com/acme/handbook"
    notes = project / "decisions/notes.md"
    notes.write_text(
        f"# Notes\n\nRead [the rule]({HOME}/blob/main/decisions/0002-ship-daily.md).\n"
    )
    run_import(root, project / "decisions")
    assert "[the rule](0002-ship-daily.md)" in body(root, "decisions/notes.md")
    first = body(root, "decisions/0001-ship-small.md")
    assert "[the second record](0002-ship-daily.md#why)" in first
    assert "[old]: 0000-old-rule.md" in first
    # a file of the project that is no imported page keeps its address
    assert f"[the template]({HOME}/blob/main/template.md)" in first
    second = body(root, "decisions/0002-ship-daily.md")
    assert f"({HOME}/blob/4f1c2a9e/decisions/0001-ship-small.md)" in second
    assert f"({HOME}/issues/12)" in second
    assert "(https://github.com/acme/other/blob/main/decisions/0001-ship-small.md)" in second


def test_without_a_forge_remote_the_pages_links_to_files_they_hold_tell_the_home(
    make_base: MakeBase,
) -> None:
    # NixOS/rfcs, cloned from a mirror: RFCs linked by their GitHub addresses stayed
    # links out of the base, and neighbours showed none of them
    root = make_base({})
    project = root.parent
    subprocess.run(["git", "-C", str(project), "init", "-q"], check=True)
    _handbook(project)
    notes = project / "decisions/notes.md"
    notes.write_text(
        f"# Notes\n\nRead [the rule]({HOME}/blob/main/decisions/0002-ship-daily.md).\n"
    )
    run_import(root, project / "decisions")
    assert "[the rule](0002-ship-daily.md)" in body(root, "decisions/notes.md")
    first = body(root, "decisions/0001-ship-small.md")
    assert "[the second record](0002-ship-daily.md#why)" in first
    assert "[old]: 0000-old-rule.md" in first
    # acme/other is linked to one file only: a chance, no home
    second = body(root, "decisions/0002-ship-daily.md")
    assert "(https://github.com/acme/other/blob/main/decisions/0001-ship-small.md)" in second
    # cilium/design-cfps: one page changed and imported again was read alone, and its
    # links became addresses again; the pages not read again tell the home too
    notes.write_text(notes.read_text() + "\nOne more line.\n", encoding="utf-8")
    report = run_import(root, project / "decisions")
    assert list(report.imported) == ["notes.md"]
    again = body(root, "decisions/notes.md")
    assert "[the rule](0002-ship-daily.md)" in again and "One more line." in again
    held = {"/decisions/a.md", "/b.md"}
    one = f"see {HOME}/blob/main/decisions/a.md and {HOME}/tree/main/decisions/gone.md"
    assert foreign_links.linked_homes([one], held.__contains__) == frozenset()
    both = [one, f"[b]({HOME}/blob/master/b.md)"]
    assert foreign_links.linked_homes(both, held.__contains__) == {"github.com/acme/handbook"}


@pytest.mark.parametrize(
    ("homes", "sites"),
    [
        ({"github.com/rust-lang/rfcs"}, {"rust-lang.github.io/rfcs"}),
        ({"gitlab.com/group/handbook"}, {"group.gitlab.io/handbook"}),
        ({"github.com/acme/acme.github.io"}, {"acme.github.io"}),  # the owner's own site
        ({"gitlab.example.org/group/sub/handbook", "forge.example.org/a/b"}, set()),
    ],
)
def test_the_site_a_forge_builds_from_a_repository_is_known(
    homes: set[str], sites: set[str]
) -> None:
    assert foreign_links.pages_homes(frozenset(homes)) == sites


def test_links_to_the_site_built_from_the_project_follow_its_pages(make_base: MakeBase) -> None:
    """rust-lang/rfcs links 111 times to rust-lang.github.io/rfcs/NNNN-name.html, the
    book built from its text/ folder: those links now lead to the documents."""
    root = make_base({})
    project = root.parent
    subprocess.run(["git", "-C", str(project), "init", "-q"], check=True)
    remote = "https://github.com/rust-lang/rfcs.git"
    subprocess.run(["git", "-C", str(project), "remote", "add", "origin", remote], check=True)
    site = "https://rust-lang.github.io/rfcs"
    pages(
        project,
        {
            "text/2920-inline-const.md": "# Inline const\n\nConst blocks.\n",
            "text/2203-const-repeat-expr.md": (
                "# Const repeat\n\nSuperseded by [RFC 2920].\n"
                f"See [its motivation]({site}/2920-inline-const.html#motivation), "
                f"[the book]({site}/), [a gone page]({site}/0000-gone.html) and "
                "[another site](https://other.github.io/rfcs/2920-inline-const.html).\n\n"
                f"[RFC 2920]: {site}/2920-inline-const.html\n"
            ),
        },
    )
    run_import(root, project / "text")
    text = body(root, "2203-const-repeat-expr.md")  # text/ is a container: the root
    assert "[RFC 2920]: 2920-inline-const.md\n" in text
    assert "[its motivation](2920-inline-const.md#motivation)" in text
    # the site's home, a page not imported and another site keep their addresses
    for kept in (f"{site}/)", f"{site}/0000-gone.html", "https://other.github.io/rfcs/"):
        assert kept in text


def _served_at(make_base: MakeBase, home: str) -> Path:
    """An empty base in a git repository whose remote is ``home`` on a forge."""
    root = make_base({})
    subprocess.run(["git", "-C", str(root.parent), "init", "-q"], check=True)
    remote = ["git", "-C", str(root.parent), "remote", "add", "origin", f"{home}.git"]
    subprocess.run(remote, check=True)
    return root


def test_a_link_to_a_pull_request_or_an_issue_of_the_project_is_read_as_its_number() -> None:
    homes = frozenset({"github.com/reactjs/rfcs", "gitlab.example.org/group/handbook"})

    def thread(address: str, where: frozenset[str] = homes) -> tuple[str, int] | None:
        return foreign_links.own_thread(address, where)

    assert thread("https://github.com/reactjs/rfcs/pull/147") == ("pull", 147)
    assert thread("https://www.github.com/reactjs/rfcs/pull/147/") == ("pull", 147)
    assert thread("https://github.com/reactjs/rfcs/issues/745") == ("issue", 745)
    assert thread("https://gitlab.example.org/group/handbook/-/merge_requests/9") == ("pull", 9)
    assert thread("https://gitlab.example.org/group/handbook/-/issues/9") == ("issue", 9)
    # one of its comments or of its files, another project's pull request
    assert thread("https://github.com/reactjs/rfcs/pull/147#issuecomment-1") is None
    assert thread("https://github.com/reactjs/rfcs/pull/147/files") is None
    assert thread("https://github.com/facebook/react/pull/147") is None
    assert thread("https://github.com/reactjs/rfcs/pull/147", frozenset()) is None


def _rfc(title: str, pull: str, text: str) -> str:
    return f"- Start Date: 2020-02-18\n- RFC PR: {pull}\n\n# {title}\n\n## Summary\n\n{text}\n"


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_links_to_the_pull_request_that_proposed_a_record_lead_to_the_record(
    make_base: MakeBase,
) -> None:
    """reactjs/rfcs links its RFCs by their pull requests (0214 replaces "[useMutableSource]
    (https://github.com/reactjs/rfcs/pull/147)"): the link between them was lost, and
    0147 stayed in force beside the RFC that replaced it, unrelated."""
    root = _served_at(make_base, RFCS)
    project = root.parent
    pages(
        project,
        {
            "text/0002-new-context.md": _rfc(
                "New context", f"{RFCS}/pull/2", f"Context, and [refs]({RFCS}/pull/17)."
            ),
            "text/0017-create-ref.md": _rfc("Create ref", f"{RFCS}/pull/17", "A ref object."),
            # its field names another project's pull request: found by its number
            "text/0147-mutable-source.md": _rfc(
                "useMutableSource", "https://github.com/facebook/react/pull/18000", "Sources."
            ),
            "text/0214-external-store.md": _rfc(
                "useSyncExternalStore",
                f"[#214]({RFCS}/pull/214)",
                f"It replaces [useMutableSource]({RFCS}/pull/147); see [a comment]"
                f"({RFCS}/pull/147#issuecomment-9) and [RFC 99]({RFCS}/pull/99).",
            ),
        },
    )
    run_import(root, project / "text")
    latest = body(root, "0214-external-store.md")
    assert "[useMutableSource](0147-mutable-source.md)" in latest
    # its own pull request, a comment of another and one no record came from stay
    assert f"[#214]({RFCS}/pull/214)" in latest
    assert f"({RFCS}/pull/147#issuecomment-9)" in latest
    assert f"[RFC 99]({RFCS}/pull/99)" in latest
    assert "[refs](0017-create-ref.md)" in body(root, "0002-new-context.md")
    assert f"- RFC PR: {RFCS}/pull/2" in body(root, "0002-new-context.md")


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_links_to_the_issue_that_tracks_a_record_lead_to_the_record(make_base: MakeBase) -> None:
    """aws/aws-cdk-rfcs numbers its RFCs by their tracking issues ("Tracking Issue:
    [#745](.../issues/745)", "* **Tracking Issue**: #39", a frontmatter's "tracking
    issue:"): 0079's links to issues/6 and issues/39 never led to those RFCs."""
    cdk = "https://github.com/aws/aws-cdk-rfcs"
    root = _served_at(make_base, cdk)
    project = root.parent
    pages(
        project,
        {
            "text/0001-cdk-update.md": (
                f"---\nfeature name: cdk-update\ntracking issue: {cdk}/issues/1\n---\n\n"
                "# Summary\n\nUpdate in place.\n"
            ),
            "text/0006-monolithic-packaging.md": "# Summary\n\nOne package.\n",
            "text/0039-release-notes.md": (
                "# Release notes\n\n* **Tracking Issue**: #39\n\n## Summary\n\nNotes.\n"
            ),
            "text/0079-cdk-2.md": (
                f"---\nfeature name: cdk-2.0\nrelated issue: {cdk}/issues/6\n---\n\n# Summary\n\n"
                f"Ships [one package]({cdk}/issues/6), [notes]({cdk}/issues/39) and "
                f"[updates]({cdk}/issues/1); see [the pull request]({cdk}/pull/156).\n"
            ),
        },
    )
    run_import(root, project / "text")
    text = body(root, "0079-cdk-2.md")
    assert "[one package](0006-monolithic-packaging.md)" in text
    assert "[notes](0039-release-notes.md)" in text
    assert "[updates](0001-cdk-update.md)" in text
    assert f"[the pull request]({cdk}/pull/156)" in text  # no record names it


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_records_are_found_by_pull_request_number_only_when_the_set_is_numbered_so(
    make_base: MakeBase,
) -> None:
    """An ADR numbered 2 was not proposed by pull request 2: only records that name their
    own pull request, each under its number, tell that a set is numbered so."""
    root = _served_at(make_base, HOME)
    project = root.parent
    pages(
        project,
        {
            "adr/0001-ship-small.md": f"# Ship small\n\nAs [the pull request]({HOME}/pull/2) did.\n",
            "adr/0002-ship-daily.md": "# Ship daily\n\nEvery day.\n",
            # names its pull request, under another number: found by it, no other
            "adr/0003-ship-weekly.md": _rfc("Ship weekly", f"{HOME}/pull/40", "Weekly."),
            "adr/0004-ship-monthly.md": _rfc(
                "Ship monthly", f"{HOME}/pull/41", f"Not [weekly]({HOME}/pull/40)."
            ),
        },
    )
    run_import(root, project / "adr")
    assert f"[the pull request]({HOME}/pull/2)" in body(root, "adr/0001-ship-small.md")
    assert "[weekly](0003-ship-weekly.md)" in body(root, "adr/0004-ship-monthly.md")


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_project_in_a_folder_of_its_repository_reads_forge_paths_from_there(
    make_base: MakeBase,
) -> None:
    root = make_base({})
    project = root.parent  # .../project, a folder of the repository made above it
    subprocess.run(["git", "-C", str(project.parent), "init", "-q"], check=True)
    remote = ["git", "-C", str(project.parent), "remote", "add", "origin", f"{HOME}.git"]
    subprocess.run(remote, check=True)
    pages(
        project,
        {
            "decisions/0001-ship-small.md": (
                f"# Ship small\n\nSee [ours]({HOME}/blob/main/project/decisions/0002-ship-daily.md)"
                f" and [the top's]({HOME}/blob/main/decisions/0002-ship-daily.md).\n"
            ),
            "decisions/0002-ship-daily.md": "# Ship daily\n\nEvery day.\n",
        },
    )
    run_import(root, project / "decisions")
    first = body(root, "decisions/0001-ship-small.md")
    assert "[ours](0002-ship-daily.md)" in first
    assert f"[the top's]({HOME}/blob/main/decisions/0002-ship-daily.md)" in first


def _proposal(name: str, fields: str) -> str:
    return (
        f"---\ntitle: {name}\ncreation-date: 2021-03-08\nstatus: implementable\n{fields}---\n\n"
        f"# {name}\n\n## Summary\n\nWhat {name} does.\n\n## Proposal\n\nHow.\n"
    )


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_supersession_fields_of_a_foreign_frontmatter_link_the_records(
    make_base: MakeBase,
) -> None:
    """openshift/enhancements: ``superseded-by:`` and ``replaces:`` fields name the other
    proposal from the project's top, with or without a leading slash, or by its address
    on the forge; the form's "N/A" names none, and a pull request is a web page, no
    record: a note, nothing for a human to mend."""
    root = make_base({})
    project = root.parent
    subprocess.run(["git", "-C", str(project), "init", "-q"], check=True)
    subprocess.run(
        ["git", "-C", str(project), "remote", "add", "origin", f"{HOME}.git"], check=True
    )
    pages(
        project,
        {
            "enhancements/ingress/hsts-option.md": _proposal(
                "hsts-option",
                "replaces:\n  - N/A\nsuperseded-by:\n  - enhancements/ingress/hsts-policy.md\n",
            ),
            "enhancements/ingress/hsts-policy.md": _proposal("hsts-policy", "replaces: []\n"),
            "enhancements/installer/subnets.md": _proposal("subnets", "superseded-by: N/A\n"),
            "enhancements/installer/lb-subnets.md": _proposal(
                "lb-subnets", "replaces:\n  - /enhancements/installer/subnets.md\n"
            ),
            "enhancements/api/old-api.md": _proposal("old-api", ""),
            "enhancements/api/new-api.md": _proposal(
                "new-api",
                f"replaces:\n  - {HOME}/blob/master/enhancements/api/old-api.md\n"
                f"  - {HOME}/pull/504\n",
            ),
        },
    )
    report = run_import(root, project / "enhancements")
    ids = report.imported
    pairs = {
        ("ingress/hsts-option.md", "ingress/hsts-policy.md"),
        ("installer/subnets.md", "installer/lb-subnets.md"),
        ("api/old-api.md", "api/new-api.md"),
    }
    for old, new in pairs:
        assert frontmatter(root, ids[old])["superseded_by"] == [ids[new]]
        assert frontmatter(root, ids[new])["supersedes"] == [ids[old]]
    assert not report.unresolved
    assert any("pull/504: a web page, no record" in note for note in report.notes)


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_link_to_the_projects_code_by_its_address_makes_it_an_impl_ref(
    make_base: MakeBase,
) -> None:
    """backstage/backstage links its docs to its code by address: 257 links to files that
    exist, and import made one impl_ref of them, so update could follow nothing."""
    root = make_base({})
    project = root.parent
    subprocess.run(["git", "-C", str(project), "init", "-q"], check=True)
    subprocess.run(
        ["git", "-C", str(project), "remote", "add", "origin", f"{HOME}.git"], check=True
    )
    (project / "src" / "auth").mkdir(parents=True)
    (project / "src" / "auth" / "login.py").write_text("def login(): ...\n", encoding="utf-8")
    report = run_import(
        root,
        pages(
            project / "docs",
            {
                "login.md": (
                    f"# Login\n\nSee [the handler]({HOME}/blob/main/src/auth/login.py#L3),"
                    f" [the folder]({HOME}/tree/master/src/auth),"
                    f" [as it was]({HOME}/blob/v1.0/src/auth/login.py),"
                    f" [a sample]({HOME}/blob/main/docs/examples/app.yaml),"
                    f" [gone]({HOME}/blob/main/src/auth/gone.py)"
                    f" and [the guide]({HOME}/blob/main/docs/other.md).\n"
                ),
                "other.md": "# Other\n\nMore.\n",
                "examples/app.yaml": "name: app\n",  # in the imported folder: no code
            },
        ),
    )
    doc_id = report.imported["login.md"]
    # a folder's address points at a part of the repository: no impl_ref
    assert frontmatter(root, doc_id)["impl_refs"] == ["src/auth/login.py"]
    text = body(root, doc_id)
    assert f"[the handler]({HOME}/blob/main/src/auth/login.py#L3)" in text  # kept as written
    assert [(c.path, c.impl_ref) for c in report.code_links] == [
        ("src/auth/login.py", True),
        ("docs/examples/app.yaml", False),
    ]


def test_retargeting_links_compiles_no_pattern_per_link(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each link's destination made a pattern of its own: 7,645 compilations were a
    quarter of the time microsoft/vscode-docs took to import."""
    import re

    lines = [
        f"[page {n}](/docs/a+{n}.md) and [again](</docs/a+{n}.md> 'title')" for n in range(300)
    ]
    changes = {n + 1: {f"/docs/a+{n}.md": f"a-{n}.md"} for n in range(300)}
    compiled = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda *a, **k: compiled.append(a) or real(*a, **k))
    text = foreign_links.retarget("\n".join(lines), changes)
    assert not compiled
    assert text.split("\n")[7] == "[page 7](a-7.md) and [again](<a-7.md> 'title')"
    # a destination only begins like the one written, or is no destination: kept
    kept = "[x](/docs/a+1.mdx) /docs/a+1.md [y]: /docs/a+1.md"
    assert foreign_links.retarget(kept, {1: {"/docs/a+1.md": "a-1.md"}}) == kept
    assert foreign_links.retarget("[y]: /docs/a+1.md", {1: {"/docs/a+1.md": "b.md"}}) == "[y]: b.md"


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_an_autolink_to_a_page_of_the_project_leads_to_it(make_base: MakeBase) -> None:
    """aws/aws-cdk-rfcs' 0249-v2-experiments.expired.md: "This RFC is expired and has
    been superceded by <https://github.com/aws/aws-cdk-rfcs/blob/main/text/0249-...md>":
    neither the link nor the supersession was read, and both stayed in force."""
    cdk = "https://github.com/aws/aws-cdk-rfcs"
    root = _served_at(make_base, cdk)
    project = root.parent
    new = f"{cdk}/blob/main/text/0249-v2-experiments.md"
    pages(
        project,
        {
            "text/0249-v2-experiments.md": "# Summary\n\nExperiments after 1.x.\n",
            "text/0249-v2-experiments.expired.md": (
                "# Summary\n\n**⚠️ NOTE:** This RFC is expired and has been superceded by\n"
                f"<{new}>.\nIt is kept for its history; see also `<{new}>` in code.\n"
            ),
        },
    )
    report = run_import(root, project / "text")
    old_id = report.imported["0249-v2-experiments.expired.md"]
    text = body(root, old_id)
    assert f"[{new}](0249-v2-experiments.md)." in text
    assert f"`<{new}>`" in text  # code keeps what it holds
    assert frontmatter(root, old_id)["superseded_by"] == ["0249-v2-experiments.md"]


def test_a_definition_whose_forge_address_is_in_angle_brackets_follows_the_page(
    make_base: MakeBase,
) -> None:
    # swiftlang/swift-evolution: "[SE-0180]: <https://github.com/.../0180-x.md>" came
    # out "../../proposals/%5Bhttps%3A/...%5D(...)", and check warned of its own damage
    root, project = _served_handbook(make_base)
    notes = project / "decisions/notes.md"
    notes.write_text(
        "# Notes\n\nSee [the rule][rule] and [elsewhere][out].\n\n"
        f"[rule]: <{HOME}/blob/main/decisions/0002-ship-daily.md>\n"
        "[out]: <https://example.com/page>\n"
    )
    run_import(root, project / "decisions")
    written = body(root, "decisions/notes.md")
    assert "[rule]: <0002-ship-daily.md>" in written
    assert "[out]: <https://example.com/page>" in written
    assert "%5B" not in written


@pytest.mark.parametrize(
    ("name", "text", "homes"),
    [
        (
            "package.json",
            '{"repository": {"type": "git", "url": "git+https://github.com/nodejs/TSC.git"}}',
            {"github.com/nodejs/tsc"},
        ),
        ("package.json", '{"repository": "git@github.com:acme/handbook.git"}', {HOME[8:].lower()}),
        ("package.json", '{"repository": "acme/handbook"}', {"github.com/acme/handbook"}),
        ("package.json", '{"repository": "gitlab:group/handbook"}', {"gitlab.com/group/handbook"}),
        (
            "package.json",
            '{"repository": {"url": "https://github.com/acme/mono/tree/main/packages/x"}}',
            {"github.com/acme/mono"},
        ),
        (
            "pyproject.toml",
            '[project.urls]\nHomepage = "https://acme.example.org/docs"\n'
            '"Source Code" = "https://gitlab.example.org/group/sub/handbook/-/tree/main"\n',
            {"gitlab.example.org/group/sub/handbook"},
        ),
        (
            "pyproject.toml",
            '[project.urls]\nHomepage = "https://www.github.com/acme/handbook#readme"\n',
            {"github.com/acme/handbook"},
        ),
        (
            "Cargo.toml",
            '[package]\nrepository = "https://github.com/acme/handbook"\n',
            {HOME[8:].lower()},
        ),
        ("package.json", '{"repository": {"directory": "x"}}', set()),
        ("package.json", "{not json", set()),
        (
            "pyproject.toml",
            "[project.urls]\nDocumentation = 'https://acme.example.org/a/b'\n",
            set(),
        ),
    ],
)
def test_the_home_a_projects_manifest_declares_is_read(
    name: str, text: str, homes: set[str]
) -> None:
    assert foreign_links.declared_homes({name: text}) == homes


NODE_ADMIN = "https://github.com/acme/admin"


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_declared_home_rules_out_another_repository_its_pages_link_files_of(
    make_base: MakeBase,
) -> None:
    """nodejs/TSC, cloned from a mirror, names itself in its package.json, and links
    nodejs/admin's Moderation-Policy.md and CODE_OF_CONDUCT.md, two files of the same
    names as its own: nodejs/admin was taken for its home, and those links led to its
    own pages."""
    root = make_base({})
    project = root.parent
    subprocess.run(["git", "-C", str(project), "init", "-q"], check=True)
    manifest = '{"repository": {"type": "git", "url": "git+https://github.com/Acme/Handbook.git"}}'
    pages(
        project,
        {
            "package.json": manifest,
            "guide/conduct.md": "# Conduct\n\nBe kind to one another, always.\n",
            "guide/policy.md": "# Policy\n\nModerators act on reports within a day.\n",
            "guide/onboarding.md": (
                "# Onboarding\n\n"
                f"Read [the code of conduct]({NODE_ADMIN}/blob/main/guide/conduct.md),\n"
                f"[the moderation policy]({NODE_ADMIN}/blob/HEAD/guide/policy.md)\n"
                f"and [ours]({HOME}/blob/main/guide/policy.md).\n"
            ),
        },
    )
    run_import(root, project / "guide")
    text = body(root, "guide/onboarding.md")
    assert f"({NODE_ADMIN}/blob/main/guide/conduct.md)" in text
    assert f"({NODE_ADMIN}/blob/HEAD/guide/policy.md)" in text
    # the home package.json declares is the project's, though its pages link one file of it
    assert "[ours](policy.md)" in text
    # links alone: another repository of two such files is a home; a declared one rules
    # it out, but not the repository a fork or a mirror was made from, of the same name
    held = {"/guide/conduct.md", "/guide/policy.md"}
    links = [text.replace("(policy.md)", f"({HOME}/blob/main/guide/conduct.md)")]
    links.append(f"{NODE_ADMIN}/blob/main/guide/conduct.md {NODE_ADMIN}/blob/main/guide/policy.md")
    admin, handbook = "github.com/acme/admin", "github.com/acme/handbook"
    assert foreign_links.linked_homes(links, held.__contains__) == {admin}
    declared = frozenset({"github.com/someone/handbook"})
    found = foreign_links.linked_homes(
        [*links, f"{HOME}/blob/main/guide/policy.md"], held.__contains__, declared
    )
    assert found == {handbook}


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_a_page_that_moved_to_its_name_in_another_repository_keeps_the_link(
    make_base: MakeBase,
) -> None:
    """nodejs/TSC's Moderation-Policy.md only says the policy "has moved to
    <https://github.com/nodejs/admin/blob/HEAD/Moderation-Policy.md>": with nodejs/admin
    taken for the project's home, the page came to link to itself."""
    root = make_base({})
    project = root.parent
    subprocess.run(["git", "-C", str(project), "init", "-q"], check=True)  # no forge remote
    moved = f"{NODE_ADMIN}/blob/HEAD/guide/policy.md"
    stub = (
        "# Policy\n\nThe Acme moderation policy has moved to\n"
        f"<{moved}> Please update\nlinks to this document accordingly.\n"
        f"Its [scope]({NODE_ADMIN}/blob/main/guide/policy.md#scope) is there too; until\n"
        "the next review, moderators keep acting on reports within a day, as they did.\n"
    )  # two links and more words than a page that only says where it moved: imported
    pages(
        project,
        {
            "guide/conduct.md": "# Conduct\n\nBe kind to one another, always.\n",
            "guide/policy.md": stub,
            "guide/onboarding.md": (
                "# Onboarding\n\n"
                f"Read [the code of conduct]({NODE_ADMIN}/blob/main/guide/conduct.md).\n"
            ),
        },
    )
    run_import(root, project / "guide")
    text = body(root, "guide/policy.md")
    assert f"moved to\n<{moved}> Please update\n" in text
    assert f"[scope]({NODE_ADMIN}/blob/main/guide/policy.md#scope)" in text
    assert "(policy.md" not in text

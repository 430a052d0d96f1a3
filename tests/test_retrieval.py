"""Retrieval: exact identifiers before words, code paths, the passage shown, the budget."""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mdbrain.core import passages, text, tokens
from mdbrain.service.brain import Brain
from mdbrain.service.reading import Filters, Passage, QueryResult
from tests.conftest import MakeBase, doc

FILLER = "\n".join(f"Step {i}: the general setup goes on as before." for i in range(60))
MORE_PROSE = "\nWhat follows adds history that nobody asked about. " * 12
AFTER = "\n".join(f"Note {i}: more about the general setup." for i in range(60))


def _ids(root: Path, question: str, limit: int = 5) -> list[str]:
    with Brain.open(root) as brain:
        hits = brain.reader().ranked(question, Filters(), limit)[0]
    return [hit.id for hit in hits]


def _query(root: Path, question: str, budget: int | None = None) -> QueryResult:
    with Brain.open(root) as brain:
        return brain.reader().query(question, budget=budget)


def _handed(result: QueryResult) -> int:
    """The tokens of every item a query hands over, counted one by one."""
    rows = sum(tokens.estimate(row) for row in _rows(result))
    items = result.frontmatters + result.sections
    return rows + sum(tokens.estimate(p.text) for p in items)


def _rows(result: QueryResult) -> list[str]:
    """Each hit as the query prints it: its numbered line and its summary line, without
    the number (a flagged hit's warning is a notice, not counted)."""
    import re

    from mdbrain.adapters import views

    printed = views.query_text(result).split("\n\n", 1)[0].splitlines()
    rows: list[str] = []
    for line in printed:
        numbered = re.match(r"\d+\. (.*)", line)
        if numbered:
            rows.append(numbered.group(1))
        elif rows and not line.startswith("   ! "):
            rows[-1] += "\n" + line
    return rows


def test_the_rows_counted_are_the_lines_the_query_prints(make_base: MakeBase) -> None:
    long_summary = "A summary written by hand, longer than the base allows. " * 8
    root = make_base(
        {
            "a.md": doc("Cache eviction", body=f"The cache evicts the oldest entry.\n{FILLER}"),
            "b.md": doc("Cache sizing", body=f"The cache holds a thousand entries.\n{FILLER}"),
            "c.md": doc("Cache warming", summary=long_summary, body=f"The cache warms.\n{FILLER}"),
            "d.md": doc(
                "Cache flush",
                status="needs-review",
                impl_refs="[src/c.py]",
                body=f"The cache flushes.\n{FILLER}",
            ),
        }
    )
    result = _query(root, "cache")
    rows = _rows(result)
    assert len(rows) == len(result.hits) == 4
    assert result.tokens["manifest"] == sum(tokens.estimate(row) for row in rows)
    clipped = next(h for h in result.hits if h.id == "c.md").summary
    assert clipped.endswith("…") and len(clipped) <= 240  # the base's summary_max


# --- exact identifiers ---------------------------------------------------------------


def test_identifiers_are_recognised_as_written_in_code_and_messages() -> None:
    found = text.identifiers(
        "Set LOGIN_MAX_ATTEMPTS, call parse_config from os.path.join, see src/auth/login.py"
    )
    assert found == {"login_max_attempts", "parse_config", "os.path.join", "src/auth/login.py"}
    assert text.code_paths("where is src/auth/login.py used? and os.path.join?") == {
        "src/auth/login.py"
    }
    assert text.identifiers("how do logins work, e.g. in general?") == set()


@pytest.mark.parametrize(
    ("written", "names"),
    [
        ("uv sync --refresh-package httpx", {"--refresh-package"}),
        ("pass --offline to skip the network", {"--offline"}),
        # thanos-io/thanos: a flag with dots, asked for without its dashes
        ("run it with --web.route-prefix=/x", {"--web.route-prefix"}),
        ("pin it in .python-version", {".python-version"}),
        ("tools go to ~/.local/bin by default", {".local/bin"}),
        ("see .github/workflows/ci.yml", {".github/workflows/ci.yml"}),
        # vuejs/rfcs: $on and $off, whose words are stop words or nearly; a shell's $HOME
        ("replace vm.$on() and this.$off()", {"$on", "$off"}),
        ("set $HOME first", {"$home"}),
        # a price, a lone letter in math, a dollar alone
        ("it costs $5, and $x is small; pay in $", set()),
        # prose: dashes, rules, sentence ends, extensions too short to name anything
        ("a -- b, then --- and x--y", set()),
        ("the end. Next, e.g. the .md files, version 1.2.3", set()),
    ],
)
def test_options_and_dotfiles_are_identifiers(written: str, names: set[str]) -> None:
    assert text.identifiers(written) == names
    assert names <= text.names_in(written)


PIECES = ["must_use", "a.b", "os.path.join.", "(x_y)", " ", "\n", "end.", "e.g.", "/tmp/a",
          "__init__", "word", "_", ".", "/", "-", "a-b_c", "é_è", "x", "1_2", "--", "--opt", ".env", "~/", "-"]  # fmt: skip


@given(st.lists(st.sampled_from(PIECES), max_size=30).map("".join))
def test_names_in_a_document_are_its_identifiers_and_their_tails(written: str) -> None:
    named = text.identifiers(written)
    found = text.names_in(written)
    assert named <= found
    assert all(
        any(n.endswith(("/" + t, "." + t)) or n == "--" + t for n in named) for t in found - named
    )
    assert {"--web.route-prefix", "web.route-prefix"} <= text.names_in("`--web.route-prefix`")


def test_a_question_naming_the_end_of_a_path_finds_the_page_naming_it_whole(
    make_base: MakeBase,
) -> None:
    root = make_base(
        {
            "a.md": doc("Sessions", body="The code lives in src/auth/login.py."),
            "b.md": doc("Login", body="auth login py " * 30),
        }
    )
    with Brain.open(root) as brain:
        assert brain.search("auth/login.py").hits[0].hit.id == "a.md"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("RETRY_LIMIT_TOTAL", "retries limited totals, retry a limit"),
        ("parse_config_file", "parsing configs files, parse a config"),
        ("parseConfig", "parseConfiguration parseConfigs parseConfigured"),
        ("os.path.join", "joined paths, the os, a path to join"),
        ("C4996", "C4996X C49960 warning deprecated function"),
        ("src/auth/login.py", "source authentication logins, login src auth"),
        ("--refresh-package", "refresh packages, a package to refresh, refreshed"),
        ("--offline", "offline mode, working offline, offline"),
        ("--web.route-prefix", "web routes, a route prefix, prefixes of the web"),
        (".python-version", "python versions, the version of python"),
        ("~/.local/bin", "local binaries, bin folders, a local bin"),
    ],
)
def test_an_exact_identifier_ranks_before_stems_and_prefixes(
    make_base: MakeBase, name: str, words: str
) -> None:
    docs: dict[str, str | bytes] = {
        f"near{i}.md": doc(f"{words.title()} {i}", body=f"{words}. {words}. {words}.")
        for i in range(4)
    }
    docs["exact.md"] = doc("Settings", body=f"The value is read from `{name}` at start-up.")
    root = make_base(docs)
    assert _ids(root, f"what does {name} do?")[0] == "exact.md"


def _named_by_many(make_base: MakeBase) -> Path:
    """A base where ``uv.lock`` is named by more pages than an exact tier admits
    (:data:`mdbrain.service.searching.EXACT_MIN`), and where other pages hold "uv" and
    "lock" apart, in their titles."""
    from mdbrain.service.searching import EXACT_MIN

    docs: dict[str, str | bytes] = {
        f"guide{i}.md": doc(f"Guide {i}", body=f"Step {i} reads `uv.lock` before it runs.")
        for i in range(EXACT_MIN + 4)
    }
    docs["layout.md"] = doc(
        "Project layout", body="`uv.lock` is a cross-platform lockfile: one for every platform."
    )
    for i in range(4):
        docs[f"crate{i}.md"] = doc(
            f"uv lock crate {i}",
            body="A cross-process lock on a file, for every platform the uv tools run on.",
        )
    for i in range(30):  # enough pages that the name is held by fewer than half
        docs[f"other{i}.md"] = doc(f"Other {i}", body="Nothing about that here.")
    return make_base(docs)


def test_a_name_many_pages_hold_still_ranks_them_before_its_words_apart(
    make_base: MakeBase,
) -> None:
    """astral-sh/uv: "is uv.lock cross platform?" put pages whose paths held "uv" and
    "lock" apart ahead of the one saying uv.lock is cross-platform; and a search for
    the name alone listed pages that never write it."""
    root = _named_by_many(make_base)
    assert _ids(root, "is uv.lock cross platform?")[0] == "layout.md"
    alone = _ids(root, "uv.lock", limit=50)
    assert alone and all(not i.startswith("crate") for i in alone)
    assert "layout.md" in alone


def test_a_name_after_a_dollar_sign_is_searched_as_written(make_base: MakeBase) -> None:
    """vuejs/rfcs: ``search '$on'`` found nothing (the word "on" is a stop word), and
    ``search '$off'`` put a page without it above the one that removes it."""
    docs: dict[str, str | bytes] = {
        f"style{i}.md": doc(f"Scoped styles {i}", body="Turn the old styles off and on again.")
        for i in range(4)
    }
    docs["events.md"] = doc(
        "Events API change", body="`$on`, `$off` and `$once` are removed from the instance."
    )
    root = make_base(docs)
    with Brain.open(root) as brain:
        # "on" is a stop word: the name alone is asked, and only its holder answers
        assert [h.hit.id for h in brain.search("$on").hits] == ["events.md"]
        # "off" is a word too: the holder first, then the pages holding the word
        assert brain.search("$off").hits[0].hit.id == "events.md"
    assert _ids(root, "What happened to $off?")[0] == "events.md"


def _proposal(series: str, number: int, title: str, said: str) -> str:
    body = f"* Proposal: [{series}-{number:04d}]({number:04d}.md)\n\n{said}"
    return doc(title, body=body, type="decision", summary=f'"{said}"')


def _swift_proposals(make_base: MakeBase) -> Path:
    """Proposals of two series numbered alike, and pages citing them."""
    return make_base(
        {
            "proposals/0302-sendable.md": _proposal(
                "SE", 302, "Sendable closures", "Values shared across concurrency domains."
            ),
            "proposals/0331-pointers.md": _proposal(
                "SE", 331, "Unsafe pointers", "SE-0302 introduced Sendable; pointers lose it."
            ),
            "proposals/0337-migration.md": _proposal(
                "SE", 337, "Incremental migration", "Building on SE-0302 Sendable checking."
            ),
            "proposals/0001-keywords.md": _proposal(
                "SE", 1, "Keywords as labels", "Argument labels may be keywords."
            ),
            "proposals/testing/0001-bug-inits.md": _proposal(
                "ST", 1, "Bug initialisers", "Refactored bug initialisers, after SE-0001."
            ),
            **{
                f"proposals/000{n}-other.md": _proposal(
                    "SE", n, f"Other {n}", f"Unrelated, though SE-0001 is cited {n} times."
                )
                for n in range(2, 7)
            },
        }
    )


def test_a_record_of_a_series_named_by_its_number_is_its_own_page_first(
    make_base: MakeBase,
) -> None:
    """swiftlang/swift-evolution: "SE-0302" put 0331 and 0337, which cite it in their
    summaries, above 0302-sendable.md, whose header says "Proposal: SE-0302"; and
    "SE-0001" found testing/0001-..., the testing series' ST-0001, first."""
    root = _swift_proposals(make_base)
    assert _ids(root, "SE-0302")[0] == "proposals/0302-sendable.md"
    assert _ids(root, "What did SE-0001 change?")[0] == "proposals/0001-keywords.md"
    assert _ids(root, "ST-0001")[0] == "proposals/testing/0001-bug-inits.md"
    assert text.records_written("SE-0302 and utf-8, ADR-3") == {("SE-0302", 302)}


def test_a_record_named_by_its_capital_and_number_is_the_page_its_file_is_named_for(
    make_base: MakeBase,
) -> None:
    """grpc/proposal: "gRFC A27" put A27-xds-global-load-balancing.md ninth, under the
    pages citing it; "A9" sixth. Letters naming three pages or more name none of them."""
    cite = "As gRFC A27 says, and gRFC A9 before it, the xDS client follows gRFC A27."
    root = make_base(
        {
            "a27-xds-global-load-balancing.md": doc(
                "xDS-Based Global Load Balancing", body="The client talks to a control plane."
            ),
            "a9-server-side-connection-management.md": doc(
                "Server-side Connection Management", body="Servers close idle connections."
            ),
            **{f"a{n}-later.md": doc(f"Later {n}", body=cite) for n in range(60, 64)},
            **{f"x11-{n}.md": doc(f"Display {n}", body="X11 forwarding.") for n in range(3)},
            "forwarding.md": doc("Forwarding", body="X11 forwarding over SSH."),
        }
    )
    assert _ids(root, "gRFC A27")[0] == "a27-xds-global-load-balancing.md"
    assert _ids(root, "A9")[0] == "a9-server-side-connection-management.md"
    assert _ids(root, "What does A27 say about the control plane?")[0].startswith("a27-")
    assert _ids(root, "X11 forwarding over SSH")[0] == "forwarding.md"
    assert text.lettered_records("gRFC A27 and L-74, not ARM64 nor a27") == {
        ("a", 27),
        ("l", 74),
    }


def test_a_search_for_a_number_alone_finds_the_page_numbered_so_first(
    make_base: MakeBase,
) -> None:
    """golang/proposal: ``search 43651`` put 43651-type-parameters.md fourth, under the
    pages citing the issue by its number."""
    cite = "This follows 43651 closely; see 43651 and the discussion of 43651."
    root = make_base(
        {
            "design/43651-type-parameters.md": doc("Type parameters", body="Generics for Go."),
            **{f"design/4778{n}-later.md": doc(f"Later {n}", body=cite) for n in range(3)},
        }
    )
    assert _ids(root, "43651")[0] == "design/43651-type-parameters.md"
    assert _ids(root, "#43651")[0] == "design/43651-type-parameters.md"


def test_a_record_of_a_series_is_named_by_its_number_to_show_and_history(
    make_base: MakeBase,
) -> None:
    """swiftlang/swift-evolution: ``show SE-0302`` said "not a document of this base",
    though the query put proposals/0302-sendable.md first. Numbers two series share
    go by the series the page names itself with; a name no page holds stays unknown."""
    from mdbrain.core.errors import MdbrainError, NotFoundError

    root = _swift_proposals(make_base)
    with Brain.open(root) as brain:
        assert brain.show("SE-0302").hit.id == "proposals/0302-sendable.md"
        assert brain.show(" SE-0001 ").hit.id == "proposals/0001-keywords.md"
        assert brain.history("ST-0001").id == "proposals/testing/0001-bug-inits.md"
        with pytest.raises(NotFoundError, match="SE-0999 is not a document"):
            brain.show("SE-0999")
        with pytest.raises(MdbrainError, match="not a document id"):
            brain.show("see SE-0302")


def test_an_option_asked_without_its_dashes_finds_the_page_that_writes_them(
    make_base: MakeBase,
) -> None:
    """thanos-io/thanos: "web.route-prefix" asked; the page explaining
    ``--web.route-prefix`` was left out of the search and came 6th in the query,
    behind pages that only list the flag, though it scored best."""
    docs: dict[str, str | bytes] = {
        f"component{i}.md": doc(
            f"Component {i}", body=f"Flags: web.route-prefix, web.external-prefix, port {i}."
        )
        for i in range(5)
    }
    docs["proxy.md"] = doc(
        "Reverse proxy",
        body="Behind a reverse proxy, set `--web.route-prefix` to the path the proxy "
        "strips, and `--web.external-prefix` to the one it adds. The route prefix and "
        "the external prefix differ when the proxy rewrites paths.",
    )
    root = make_base(docs)
    asked = "what is the difference between web.external-prefix and web.route-prefix?"
    assert _ids(root, asked)[0] == "proxy.md"
    with Brain.open(root) as brain:
        assert "proxy.md" in [h.hit.id for h in brain.search("web.route-prefix").hits]


@pytest.mark.parametrize(
    ("word", "parts"),
    [
        ("MarkFlagsMutuallyExclusive", ["Mark", "Flags", "Mutually", "Exclusive"]),
        ("getHTTPServer", ["get", "HTTP", "Server"]),
        ("CMFCToolBar", ["CMFC", "Tool", "Bar"]),
        ("GitHub", []),  # two parts: a brand more than words
        ("parseConfig", []),
        ("pDC", []),  # Hungarian notation
        ("URLs", []),  # no small letter before a capital
        # an acronym's plural is one part, not a capital run cut before its last letter
        ("isAPIsEnabled", ["is", "APIs", "Enabled"]),
        ("fetchAllURLsNow", ["fetch", "All", "URLs", "Now"]),
        ("listAPIs", []),  # two parts, as "parseConfig"
        ("mRNAs", []),  # never "rn" and "as"
        ("iPSCs", []),
        ("C4996", []),
        ("utf8ToUtf16", ["utf", "To", "Utf", "16"]),
        ("x509CertificatePool", ["509", "Certificate", "Pool"]),
        # drawn at random, a key or a hash: its parts are no words (nats-io)
        ("6QS2jCKv9hRrgLR0", []),
        ("uafvZ1UEDIW5FZV6kvLgWA", []),
        ("eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9", []),
    ],
)
def test_a_camel_case_name_of_three_parts_or_more_is_read_as_its_parts(
    word: str, parts: list[str]
) -> None:
    assert text.camel_parts(word) == parts
    analyser = text.Analyzer("en")
    whole, parts_read = analyser.terms(word.lower()), analyser.terms(" ".join(parts))
    assert analyser.terms(word) == [*whole, *parts_read]


def test_the_words_of_a_camel_case_name_find_it_and_its_name_still_comes_first(
    make_base: MakeBase,
) -> None:
    # found on spf13/cobra: "mutually exclusive" is only said by the function's name
    root = make_base(
        {
            "flag-groups.md": doc(
                "Flag groups", body="`MarkFlagsMutuallyExclusive` errors when two are set."
            ),
            "flags.md": doc("Flags", body="Flags are read from the command line."),
        }
    )
    assert _ids(root, "how do I make two flags mutually exclusive")[0] == "flag-groups.md"
    assert _ids(root, "MarkFlagsMutuallyExclusive") == ["flag-groups.md"]


def test_a_key_drawn_at_random_is_found_by_no_word_inside_it(make_base: MakeBase) -> None:
    # nats-io's ADR-38 (OCSP) came up for "kv" through a certificate's "6QS2jCKv9hRrgLR0"
    root = make_base(
        {
            "ocsp.md": doc("OCSP stapling", body='Its key id is "6QS2jCKv9hRrgLR0" here.'),
            "kv.md": doc("Key-value store", body="The KV bucket keeps history."),
        }
    )
    assert _ids(root, "kv") == ["kv.md"]
    assert _ids(root, "6QS2jCKv9hRrgLR0") == ["ocsp.md"]


def test_sections_after_a_long_camel_case_name_keep_their_own_words(make_base: MakeBase) -> None:
    # the name and its parts make the stored line longer than the line written
    body = (
        "## Flag groups\nCall `MarkFlagsMutuallyExclusive` or `MarkFlagsRequiredTogether`.\n"
        "## Retries\nThe retry budget is five attempts.\n"
        "## Output\nColours are off when piped.\n"
        "## Exit\nThe process exits with code three.\n"
    )
    root = make_base({"cli.md": doc("Command line", body=body)})
    with Brain.open(root) as brain:
        searcher = brain.reader().searcher
        for question, title in [
            ("retry budget attempts", "Retries"),
            ("colours piped", "Output"),
            ("exits code three", "Exit"),
            ("flags mutually exclusive", "Flag groups"),
        ]:
            found, _weights = searcher.sections_of(question, "cli.md")
            assert found[0][0].path[-1] == title, (question, found)


def test_the_page_whose_title_names_the_identifier_asked_comes_first(
    make_base: MakeBase,
) -> None:
    # found on cpp-docs: "is_same Class" came before "is_base_of Class" for a question
    # naming std::is_base_of, both pages naming it and the first holding more plain words
    root = make_base(
        {
            "named.md": doc("retry_limit", body="The `retry_limit` setting caps retries of a job."),
            "other.md": doc(
                "Job retries", body="Jobs retry; see `retry_limit` for the cap on job retries."
            ),
        }
    )
    assert _ids(root, "how does retry_limit cap job retries?")[0] == "named.md"


@pytest.mark.parametrize("asked", ["ADR 11", "what does ADR-011 say?", "adr#11", "ADR011"])
def test_a_record_named_by_its_number_comes_first(make_base: MakeBase, asked: str) -> None:
    # found on backstage: "ADR 11" listed the log's index and ADR 12, 1 and 15
    records = {
        f"decisions/adr{n:03d}-{name}.md": doc(
            f"ADR{n:03d}: {name.title()}", body=f"An ADR about {name}. See ADR 1 and the log."
        )
        for n, name in [(1, "log"), (11, "packages"), (12, "dates"), (15, "loaders")]
    }
    records["decisions/home.md"] = doc(
        "Architecture Decision Records (ADR)", body="Every ADR, ADR by ADR. " * 5
    )
    root = make_base(records)
    assert _ids(root, asked)[0] == "decisions/adr011-packages.md"


def test_a_record_asked_by_its_number_alone_shows_its_decision(make_base: MakeBase) -> None:
    body = (
        "## Context\n\nPlugins grew everywhere.\n\n"
        "## Decision\n\nEvery plugin lives under plugins/, one folder each.\n\n"
        "## Consequences\n\nMoves for everyone.\n"
    )
    root = make_base(
        {
            "decisions/0011-plugin-layout.md": doc("Plugin layout", body=body, type="decision"),
            "decisions/0012-dates.md": doc("Dates", body="## Decision\n\nLuxon.\n"),
        }
    )
    result = _query(root, "ADR 11")
    assert result.hits[0].id == "decisions/0011-plugin-layout.md"
    assert any("Every plugin lives under plugins/" in p.text for p in result.sections)


def test_record_numbers_are_read_after_the_word_of_a_decision_log() -> None:
    assert text.record_numbers("ADR 13, adr-011, RFC 0042 and ADR#7") == {13, 11, 42, 7}
    assert text.record_numbers("an adrift boat, dr. 5, ADR for 2024") == set()


@pytest.mark.parametrize("asked", ["What is the status of EIP-1559?", "eip 1559", "EIP1559"])
def test_a_proposal_named_by_its_series_and_number_comes_first(
    make_base: MakeBase, asked: str
) -> None:
    # found on ethereum/EIPs: "EIP-1559" ranked eips/eip-1559.md 23rd, below the pages
    # citing it again and again
    pages = {
        f"eips/eip-{n}.md": doc(
            f"Fee rule {n}", body="Builds on EIP-1559 and its status. EIP-1559 fee. " * 4
        )
        for n in (1, 2, 3)
    }
    pages["eips/eip-1559.md"] = doc("Fee market change", body="A base fee burned per block.")
    pages["eips/eip-15590.md"] = doc("Another", body="Not the one.")
    root = make_base(pages)
    assert _ids(root, asked)[0] == "eips/eip-1559.md"


def test_proposals_are_read_by_series_and_number() -> None:
    named = text.records_named("EIP-1559, PEP 8, KEP-859, BIP32, rfc 7231 and eip#20")
    assert named == {("eip", 1559), ("pep", 8), ("kep", 859), ("bip", 32), ("rfc", 7231),
                     ("eip", 20)}  # fmt: skip
    # a plain word and a number, a version, a code, a product or an architecture: none
    said = "python 3, version 2, v2, C4996, x86-64, 3.5 hours, SCAN 25, ARM64, UTF-8, DL3008"
    assert text.records_named(said) == set()


def test_a_file_a_document_was_written_from_finds_that_document_first(
    make_base: MakeBase,
) -> None:
    # found on sqlmodel: "docs/tutorial/where.md" found the changelog line naming it, not
    # the page imported from it
    root = make_base(
        {
            "tutorial/where.md": doc(
                "Filter rows", body="Use where() to filter.", sources="[docs/tutorial/where.md]"
            ),
            "release-notes.md": doc(
                "Release notes", body="Fix typo in `docs/tutorial/where.md`. Fix where."
            ),
            "web.md": doc("Web", body="Where.", sources="[https://example.org/docs/where.md]"),
        }
    )
    assert _ids(root, "docs/tutorial/where.md")[0] == "tutorial/where.md"


def test_a_code_path_ranks_the_documents_citing_it_first(make_base: MakeBase) -> None:
    root = make_base(
        {
            "login-flow.md": doc(
                "Login flow", body="The login form posts to the login handler. Login, login."
            ),
            "lockout.md": doc(
                "Lockout", body="Accounts lock after failures.", impl_refs="[src/auth/login.py]"
            ),
            "sessions.md": doc(
                "Sessions", body="Cookies and tokens.", impl_refs="[./src/auth/login.py#check]"
            ),
        }
    )
    ranked = _ids(root, "what documents src/auth/login.py and the login flow?")
    assert set(ranked[:2]) == {"lockout.md", "sessions.md"}
    assert ranked[2] == "login-flow.md"


# --- the passage shown ---------------------------------------------------------------


def _long_page() -> str:
    body = (
        "## Overview\n\nThe cache layer keeps hot pages in memory.\n\n"
        "## Configuration\n\n"
        f"{FILLER}\n"
        "The eviction threshold is set with CACHE_EVICT_RATIO, a share between 0 and 1.\n"
        f"{AFTER}\n\n"
        "## Monitoring\n\nHit rates are exported as metrics.\n"
    )
    return doc("Cache layer", body=body)


def test_the_passage_shown_is_the_section_that_answers(make_base: MakeBase) -> None:
    root = make_base({"cache.md": _long_page(), "other.md": doc("Other", body="Unrelated.")})
    result = _query(root, "how do I set the eviction threshold?")
    (section,) = result.sections
    assert section.title == "Configuration"
    assert "CACHE_EVICT_RATIO" in section.text
    assert "Step 0:" not in section.text  # cut around the matching line, not from the top
    assert section.cut
    assert tokens.estimate(section.text) <= 120


def _headless(body: str) -> str:
    """A page with no heading of its own: its title is in its frontmatter alone."""
    return doc("Widget").split("# Widget")[0] + body


def _intro_page() -> str:
    intro = "\n".join(f"Intro line {n} says little." for n in range(12))
    intro += "\nThe widget frobnicates gently when idle.\n"
    return _headless(f"{intro}\n## Usage\n\nUse it daily.\n\n## Limits\n\nNone.\n")


def test_what_a_page_says_before_its_first_heading_is_a_passage(make_base: MakeBase) -> None:
    # found on pydantic's MkDocs pages: their intros were never shown
    root = make_base({"widget.md": _intro_page(), "other.md": doc("Other")})
    (passage,) = _query(root, "does the widget frobnicate when idle?").sections
    assert "The widget frobnicates gently when idle." in passage.text
    # named by the page's title: MDN's intros were labelled with their long paths
    assert passage.title == "Widget" and passage.text.strip() == passage.text


@pytest.mark.parametrize("headings", [True, False])
def test_the_hint_of_a_passage_cut_before_any_heading_shows_its_section(
    make_base: MakeBase, headings: bool
) -> None:
    page = _intro_page() if headings else _headless(FILLER + "\nThe widget hums.\n")
    root = make_base({"widget.md": page, "other.md": doc("Other")})
    (passage,) = _query(root, "widget frobnicates hums").sections
    assert passage.cut
    with Brain.open(root) as brain:  # what `show --section N` does with the hint's line
        *_frontmatter, shown = brain.show("widget.md", section=str(passage.line)).passages
    assert passage.text.strip().splitlines()[0] in shown.text
    assert shown.line <= passage.line <= passage.end <= shown.end
    assert ("## Usage" in shown.text) is False


def test_a_section_holding_only_the_summary_the_row_shows_gives_way_to_the_next(
    make_base: MakeBase,
) -> None:
    # from etalab/doc.data.gouv.fr: the page's first section is its title over its summary
    summary = "A dataset published by a person or an organisation can be handed to another."
    body = (
        f"# Transfer a dataset\n\n{summary}\n\n"
        "## Transfer a dataset an organisation published\n\n"
        "Open the organisation's page, choose the dataset, then ask to transfer it.\n"
    )
    page = doc("Transfer a dataset", body=body).replace(
        '"What this document covers."', f'"{summary}"'
    )
    root = make_base({"transfer.md": page, "other.md": doc("Other", body="Unrelated.")})
    result = _query(root, "how do I transfer a dataset to another organisation?")
    assert result.hits[0].id == "transfer.md"
    assert result.sections[0].title == "Transfer a dataset an organisation published"


def _three_sections() -> str:
    body = (
        "## Rotation\n\nSigning keys rotate every ninety days; the rotation job runs at night.\n\n"
        "## Revocation\n\nA leaked signing key is revoked at once, and its tokens with it.\n\n"
        "## History\n\nThe first version kept one key for years.\n\n"
        f"{FILLER}\n"
    )
    return doc("Signing keys", body=body)


def test_the_best_document_shows_every_section_that_answers_nearly_as_well(
    make_base: MakeBase,
) -> None:
    root = make_base({"keys.md": _three_sections(), "other.md": doc("Other", body="Unrelated.")})
    result = _query(root, "when are signing keys rotated or revoked?")
    titles = [p.title for p in result.sections if p.doc == "keys.md"]
    assert titles[:2] in (["Rotation", "Revocation"], ["Revocation", "Rotation"])
    assert "History" not in titles  # holds no term of the question beyond the title's


def test_the_section_shown_first_is_told_apart_by_words_the_other_sections_lack(
    make_base: MakeBase,
) -> None:
    """A page's subject is in every section, and often most in its examples: choosing
    among them, the words the other sections lack count, not the subject's rarity."""
    body = (
        "## Example\n\nzoned = zoned(zoned); zoned.zoned(zoned);\n\n"
        "## Remarks\n\nWhen the owner changes, a zoned is moved to its new owner, which then"
        " holds it until it is dropped or handed over again, as every owner does.\n\n"
        "## Syntax\n\nzoned(zoned)\n"
    )
    files = {"zoned.md": doc("Zoned values", body=body)}
    for n in range(12):  # "moved" is a commoner word of this base than "zoned"
        done = "was moved" if n % 3 == 0 else "stayed"
        files[f"n{n}.md"] = doc(f"Note {n}", body=f"Item {n} {done} last week.")
    root = make_base(files)
    result = _query(root, "can a zoned be moved?")
    assert result.hits[0].id == "zoned.md"
    assert result.sections[0].title == "Remarks"


def test_with_no_document_clearly_ahead_the_first_three_show_their_best_section(
    make_base: MakeBase,
) -> None:
    files = {
        f"{name}.md": doc(
            f"{name.title()} notes",
            body=f"## Keys\n\nThe {name} service rotates its signing keys.\n\n{FILLER}",
        )
        for name in ("billing", "ledger", "payroll", "invoices")
    }
    root = make_base(files)
    result = _query(root, "who rotates signing keys?")
    assert not result.stopped_early and len(result.hits) == 4
    shown = [p.doc for p in result.sections]
    assert shown == [h.id for h in result.hits[:3]]


def test_a_term_given_by_several_words_counts_each_document_once(make_base: MakeBase) -> None:
    """A page holding "proxy" and "proxies" holds the term once: its weight comes from the
    pages holding it, not from the sum of each word's pages."""
    files = {f"p{n}.md": doc(f"Gateway {n}", body="One proxy, two proxies.") for n in range(3)}
    files.update({f"o{n}.md": doc(f"Other {n}", body="Unrelated text.") for n in range(7)})
    root = make_base(files)
    from mdbrain.core import ranking

    with Brain.open(root) as brain:
        searcher = brain.reader().searcher
        (term,) = searcher.question("proxy").terms
        documents = searcher.statistics().documents
    assert {word for word, _share in term.words} >= {"proxy", "proxies"}
    assert term.idf == ranking.idf(documents, 3)


def test_two_words_asked_find_the_word_written_as_one(make_base: MakeBase) -> None:
    """ "lock file" asked finds the page that says "lockfile", and counts it as holding
    both words, as much as a page that writes them apart."""
    files = {
        "joined.md": doc("Workspaces", body="Members of a workspace share one lockfile."),
        "apart.md": doc("Locking", body="The lock file pins every version."),
        "lock.md": doc("Threads", body="Take the lock before the queue."),
        "file.md": doc("Uploads", body="Each file is sent in parts."),
    }
    files.update({f"o{n}.md": doc(f"Other {n}", body="Unrelated text.") for n in range(6)})
    root = make_base(files)
    assert set(_ids(root, "lock file")[:2]) == {"joined.md", "apart.md"}
    assert _ids(root, "workspace lock file")[0] == "joined.md"
    with Brain.open(root) as brain:
        terms = brain.reader().searcher.question("lock file").terms
    assert all("lockfile" in {word for word, _share in term.words} for term in terms)
    # the word written as one, and its plural; not the family of its stem
    files["family.md"] = doc("Managing", body="The management of the manager.")
    root = make_base(files)
    with Brain.open(root) as brain:
        asked = brain.reader().searcher.question("man age").terms
    assert not {"management", "manager"} & {word for term in asked for word, _share in term.words}


def test_a_verb_and_its_particle_find_the_word_written_as_one(make_base: MakeBase) -> None:
    """ "log in" asked finds the page that says "login": the particle is a stop word, so
    the verb's term takes the joined word (and "logs in" elsewhere still counts)."""
    files = {
        "sso.md": doc("Single sign-on", body="Customers login through the identity provider."),
        "logging.md": doc("Logging", body="Each request writes a log line."),
    }
    files.update({f"o{n}.md": doc(f"Other {n}", body="Unrelated text.") for n in range(6)})
    root = make_base(files)
    assert set(_ids(root, "where do we log in")) == {"sso.md", "logging.md"}
    analyser = text.Analyzer("en")
    assert analyser.joined("log in") == [("log", "", "login", "login")]
    assert analyser.joined("sign in, then") == [("sign", "", "signin", "signin")]
    assert analyser.joined("the in") == []  # a stop word first: no verb
    assert analyser.joined("log the") == []  # a stop word that is no particle


def test_only_two_words_in_a_row_are_joined() -> None:
    analyser = text.Analyzer("en")
    assert analyser.joined("a lock file, please") == [("lock", "file", "lockfil", "lockfile")]
    assert analyser.joined("(lock file)") == [("lock", "file", "lockfil", "lockfile")]
    assert analyser.joined("Data base?") == [("data", "base", "databas", "database")]
    # as the index keeps words: accents too, so "motclé" is matched as written
    assert text.Analyzer("fr").joined("Mot clé") == [("mot", "cle", "motcl", "motclé")]
    assert analyser.joined("lock the file") == []  # a stop word between them
    assert analyser.joined("lock-file v2 x86 64") == []  # not two words of letters apart
    assert analyser.joined("file") == []


@pytest.mark.parametrize("heading", ["Decision", "Decision Outcome", "Décision", "7. **Decision**"])
def test_a_decision_record_shows_its_decision_beside_the_section_that_answers(
    make_base: MakeBase, heading: str
) -> None:
    record = (
        "## Context\n\nNightly reports time out when the warehouse is busy.\n\n"
        f"## {heading}\n\nWe will move them to a replica read only by batch jobs.\n\n"
        "## Consequences\n\nThe replica costs one more server.\n" + MORE_PROSE
    )
    plain = record.replace(f"## {heading}", "## Notes")
    root = make_base(
        {
            "adr/0007-replica.md": doc("Reports on a replica", body=record, type="decision"),
            "guides/reports.md": doc("Report timing", body=plain, type="guide"),
        }
    )
    with Brain.open(root) as brain:
        reader = brain.reader()
        result = reader.query(
            "why do nightly reports time out?", filters=Filters(types=("decision",))
        )
        other = reader.query("why do nightly reports time out?", filters=Filters(types=("guide",)))
    assert [p.title for p in result.sections] == ["Context", heading]
    assert "replica read only by batch jobs" in result.sections[1].text
    assert [p.title for p in other.sections] == ["Context"]  # no decision: nothing added
    with Brain.open(root) as brain:  # the section is named as a reader names it
        asked = "Décision" if heading == "Décision" else "Decision"
        shown = brain.show("adr/0007-replica.md", section=asked)
    assert "replica read only by batch jobs" in shown.passages[-1].text


def test_a_further_section_far_behind_the_best_is_not_shown(make_base: MakeBase) -> None:
    root = make_base({"cache.md": _long_page(), "other.md": doc("Other", body="Unrelated.")})
    result = _query(root, "how do I set the eviction threshold ratio share?")
    assert [p.title for p in result.sections] == ["Configuration"]


def test_the_passage_lines_are_the_file_lines_shown(make_base: MakeBase) -> None:
    root = make_base({"cache.md": _long_page()})
    (section,) = _query(root, "eviction threshold share").sections
    lines = (root / "cache.md").read_text(encoding="utf-8").splitlines()
    assert "\n".join(lines[section.line - 1 : section.end]).rstrip() == section.text


@pytest.mark.parametrize(
    "heading",
    [
        "## Rotation of keys {#key-rotation}",
        '## <a name="key-rotation"></a>Rotation of keys',
        "## <a id='key-rotation'/> Rotation of keys",
        "## Rotation of keys { #key-rotation }",
        "## Rotation of keys {: #key-rotation .wide }",
        "## Rotation of keys {/*key-rotation*/}",  # MDX, as react.dev writes its ids
        # a site's template tags, as Jekyll's and Hugo's docs write their badges
        '## Rotation of keys {%- include docs_version_badge.html version="4.0" -%}',
        "## Rotation of keys {{< new-in 0.123.0 >}}",
        # GitBook's: an empty link naming itself, and a space written as a reference
        '## Rotation of keys <a href="#key-rotation" id="key-rotation"></a>',
        "## **Rotation of keys**&#x20;",
    ],
)
def test_headings_are_shown_without_their_anchors(make_base: MakeBase, heading: str) -> None:
    body = f"## Intro\n\nSomething else.\n\n{heading}\n\nKeys rotate every ninety days.\n"
    root = make_base({"keys.md": doc("Keys", body=body)})
    (section,) = _query(root, "how often do keys rotate?").sections
    assert section.title == "Rotation of keys"
    assert section.text.splitlines()[0] == "## Rotation of keys"


@pytest.mark.parametrize("words_per_sentence", [12, 4000])
def test_a_paragraph_written_as_one_line_is_cut_around_the_answer(
    make_base: MakeBase, words_per_sentence: int
) -> None:
    # found on a real base: a page whose body is one 31 KB line was printed whole
    filler = " ".join(["the catalog keeps entities in step"] * (words_per_sentence // 6))
    sentences = [f"{filler}." for _ in range(40)]
    sentences.insert(20, "The scheduler refreshes every provider twice an hour.")
    root = make_base(
        {"long.md": doc("Catalog", body=" ".join(sentences)), "other.md": doc("Other")}
    )
    result = _query(root, "how often does the scheduler refresh a provider?")
    whole = tokens.estimate((root / "long.md").read_text(encoding="utf-8"))
    assert result.tokens["total"] < min(600, whole // 3)
    (passage,) = [p for p in result.sections if p.doc == "long.md"]
    assert passage.cut
    if words_per_sentence < 100:  # sentences short enough to choose among
        assert "The scheduler refreshes every provider twice an hour." in passage.text


def test_a_long_line_is_clipped_to_its_best_sentences_within_the_limit() -> None:
    line = "  " + " ".join(f"Filler sentence {n} here." for n in range(30)) + " Answer here."
    clipped = passages.clip(
        line, lambda parts: [float("Answer" in p) for p in parts], tokens.estimate, 20
    )
    assert clipped.startswith("  … ") and "Answer here." in clipped
    assert tokens.estimate(clipped) <= 20
    unbroken = "x" * 5000
    assert tokens.estimate(passages.clip(unbroken, lambda p: [1.0], tokens.estimate, 20)) <= 20
    assert passages.clip("Short.", lambda p: [1.0], tokens.estimate, 20) == "Short."


# --- the budget ----------------------------------------------------------------------


def test_the_budget_is_honoured_to_the_token(make_base: MakeBase) -> None:
    root = make_base({"cache.md": _long_page(), "other.md": doc("Other", body="Unrelated.")})
    question = "how do I set the eviction threshold?"
    free = _query(root, question)
    exact = _query(root, question, budget=free.tokens["total"])
    assert not exact.over_budget and exact.tokens == free.tokens  # all of it fits, just
    for budget in range(free.tokens["total"] - 1, 0, -7):
        capped = _query(root, question, budget=budget)
        assert capped.over_budget
        assert capped.tokens["total"] <= budget
        assert _handed(capped) <= budget  # what is handed over, counted item by item


def test_a_query_never_costs_more_than_the_whole_top_document(make_base: MakeBase) -> None:
    root = make_base(
        {
            "cache.md": _long_page(),
            "eviction.md": doc("Eviction", body="Eviction removes cold pages first."),
        }
    )
    for question in ("eviction threshold", "cache eviction threshold ratio", "hit rates"):
        result = _query(root, question)
        top = (root / result.hits[0].id).read_text(encoding="utf-8")
        assert result.tokens["total"] <= tokens.estimate(top), question


def test_a_short_top_document_caps_the_rows_and_passages_of_the_others(
    make_base: MakeBase,
) -> None:
    root = make_base(
        {
            "ttl.md": doc(
                "Session TTL and idle expiry", body="Idle sessions expire after an hour."
            ),
            **{
                f"other-{n}.md": doc(
                    f"Session note {n}",
                    body=f"## Idle sessions\n\nThe TTL of an idle session, and its expiry, "
                    f"case {n}.\n\n{FILLER}",
                )
                for n in range(4)
            },
        }
    )
    result = _query(root, "session TTL idle expiry")
    assert result.hits[0].id == "ttl.md"
    top = (root / "ttl.md").read_text(encoding="utf-8")
    assert result.tokens["total"] <= tokens.estimate(top)
    assert result.tokens["total"] == sum(
        result.tokens[phase] for phase in ("manifest", "frontmatter", "sections", "neighbours")
    )
    assert [p.doc for p in result.sections] == ["ttl.md"]


def test_a_top_page_of_a_few_lines_gets_a_shorter_cut_of_its_answer(
    make_base: MakeBase,
) -> None:
    answer = "Run `tar -xzf archive.tar.gz` to unpack a gzipped archive."
    body = "\n\n".join(
        [
            "- List the files of an archive:",
            "`tar -tvf archive.tar`",
            "- Unpack a gzipped archive in the current folder:",
            answer,
            "- Create an archive from a folder:",
            "`tar -cf archive.tar folder/`",
        ]
    )
    # no frontmatter: its row and its one section would cost more than the page itself
    pages: dict[str, str | bytes] = {"tar.md": f"# tar\n\n{body}\n"}
    pages.update(
        {
            f"other-{n}.md": doc(f"Archive note {n}", body=f"Archives, case {n}.\n\n{FILLER}")
            for n in range(3)
        }
    )
    root = make_base(pages)
    with Brain.open(root) as brain:  # a page with no status is read among the drafts
        drafts_too = Filters(include_drafts=True)
        result = brain.reader().query("unpack a gzipped tar archive", filters=drafts_too)
    top = (root / "tar.md").read_text(encoding="utf-8")
    assert result.hits[0].id == "tar.md"
    assert result.tokens["total"] <= tokens.estimate(top)
    assert any(answer in p.text for p in result.sections if p.doc == "tar.md")


# --- the first query after index -----------------------------------------------------


def _counted_syncs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """From now on, how many rows each sync of a search index brought in, in order."""
    from mdbrain.store import search_index

    built: list[int] = []
    original = search_index.SearchIndex.sync

    def counting(self: search_index.SearchIndex, current: Any, build: Any) -> int:
        changed = original(self, current, build)
        built.append(changed)
        return changed

    monkeypatch.setattr(search_index.SearchIndex, "sync", counting)
    return built


def test_index_builds_the_search_index_so_the_first_query_indexes_nothing(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = make_base(
        {
            f"notes/note-{n}.md": doc(f"Note {n}", f"What note {n} says about topic {n}.")
            for n in range(12)
        }
    )
    for path in root.rglob("*.md"):  # older than the margin within which a stamp is not trusted
        os.utime(path, (time.time() - 3600, time.time() - 3600))
    with Brain.open(root) as brain:
        brain.index()
    built = _counted_syncs(monkeypatch)
    with Brain.open(root) as brain:
        result = brain.query("topic 7")
    assert result.hits and result.hits[0].id == "notes/note-7.md"
    assert built and not any(built)


def test_index_after_a_large_change_brings_the_search_index_in_step(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.service.indexing import QUICK_MAX

    count = QUICK_MAX + 6
    root = make_base(_notes(count))
    _aged(root)
    with Brain.open(root) as brain:
        brain.index()
        brain.query("topic 3")
    for n in range(count):  # a pull that rewrote every note
        page = root / "notes" / f"note-{n}.md"
        page.write_text(doc(f"Note {n}", f"Note {n} now covers subject {n}."), encoding="utf-8")
    _aged(root)
    with Brain.open(root) as brain:
        assert brain.index().parsed == count
    built = _counted_syncs(monkeypatch)
    with Brain.open(root) as brain:
        result = brain.query("subject 7")
    assert result.hits and result.hits[0].id == "notes/note-7.md"
    assert built and not any(built)


def _aged(root: Path) -> None:
    """Make every file older than the margin within which a stamp is not trusted."""
    for path in root.rglob("*"):
        os.utime(path, (time.time() - 3600, time.time() - 3600))


def _notes(count: int) -> dict[str, str]:
    return {
        f"notes/note-{n}.md": doc(f"Note {n}", f"What note {n} says about topic {n}.")
        for n in range(count)
    }


def _indexed_notes(make_base: MakeBase) -> Path:
    """Twelve notes, old enough to be trusted, indexed."""
    root = make_base(_notes(12))
    _aged(root)
    with Brain.open(root) as brain:
        brain.index()
    return root


def _refuse(monkeypatch: pytest.MonkeyPatch, why: str, *places: tuple[object, str]) -> None:
    """Make each (owner, name) raise ``why`` when called."""

    def refused(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError(why)

    for owner, name in places:
        monkeypatch.setattr(owner, name, refused)


def test_a_query_on_an_unchanged_base_parses_nothing_and_compares_no_stamp(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.store import cache, scan, search_index

    root = _indexed_notes(make_base)
    _refuse(
        monkeypatch,
        "an unchanged base was read beyond its stamps",
        (scan, "scan_files"),
        (cache, "load_entries"),
        (search_index.SearchIndex, "stamps"),
    )
    with Brain.open(root) as brain:
        result = brain.query("topic 7")
    assert result.hits[0].id == "notes/note-7.md"


def test_an_edit_after_the_index_reaches_the_next_query(make_base: MakeBase) -> None:
    root = make_base(_notes(12))
    _aged(root)
    with Brain.open(root) as brain:
        brain.index()
        assert not brain.query("zeppelin").hits
    (root / "notes/note-3.md").write_text(doc("Note 3", "Note 3 now speaks of a zeppelin."))
    with Brain.open(root) as brain:
        assert [h.id for h in brain.query("zeppelin").hits] == ["notes/note-3.md"]
    (root / "notes/note-3.md").unlink()
    with Brain.open(root) as brain:
        assert not brain.query("zeppelin").hits


def test_the_statistics_kept_in_the_index_follow_its_rows(make_base: MakeBase) -> None:
    from mdbrain.store import search_index

    root = make_base(_notes(5))
    with Brain.open(root) as brain:
        assert brain.session.searcher().statistics().documents == 5
    (root / "notes/extra.md").write_text(doc("Extra", "One more note about topic 9."))
    with Brain.open(root) as brain:
        assert brain.session.searcher().statistics().documents == 6
    with Brain.open(root) as brain:  # read back from the index, not computed again
        kept = search_index._setting(brain.session.searcher().index.db, "statistics")
        assert kept is not None and kept.startswith("[6,")
        assert brain.session.searcher().statistics().documents == 6


def test_candidates_come_in_the_order_fts5_ranks_them(make_base: MakeBase) -> None:
    pages = {
        f"p{n}.md": doc(f"Page {n}", " ".join(["alpha"] * (n % 7 + 1) + ["beta"] * (n % 3)))
        for n in range(40)
    }
    root = make_base(pages)
    with Brain.open(root) as brain:
        index = brain.session.searcher().index
        weights = (5.0, 3.0, 3.0, 1.0, 1.0, 1.0)
        found = [c.id for c in index.candidates(["alpha", "beta"], 25, weights)]
        expected = [
            row[0]
            for row in index.db.execute(
                "SELECT meta.id FROM docs JOIN meta ON meta.rowid = docs.rowid"
                ' WHERE docs MATCH \'"alpha" OR "beta"\' ORDER BY bm25(docs, 5, 3, 3, 1, 1, 1)'
                " LIMIT 25"
            )
        ]
    assert len(found) == 25
    assert found == expected


def _common_word_base(make_base: MakeBase) -> Path:
    """Thirty pages that all say "service"; two also say "quota", one of them twice."""
    pages: dict[str, str | bytes] = {
        f"p{n}.md": doc(f"Page {n}", f"The service runs step {n} of the setup.") for n in range(30)
    }
    pages["p0.md"] = doc("Page 0", "The service runs step 0 of the setup.", type="howto")
    pages["quota.md"] = doc("Limits", "The service quota is set per service, per day.")
    pages["other.md"] = doc("Elsewhere", "A quota for the printer.")
    return make_base(pages)


def test_fts5_is_not_asked_for_a_word_most_documents_hold(make_base: MakeBase) -> None:
    root = _common_word_base(make_base)
    with Brain.open(root) as brain:
        searcher = brain.session.searcher()
        searcher.sync(brain.session.view())
        asked = searcher.question("service quota")
        assert (asked.forms, asked.common) == (("quota",), ("service",))


def test_documents_holding_only_a_common_word_still_fill_the_candidates(
    make_base: MakeBase,
) -> None:
    root = _common_word_base(make_base)
    assert len(_ids(root, "service quota", limit=50)) == 32  # every page holds one of them
    assert len(_ids(root, "service", limit=50)) == 31
    with Brain.open(root) as brain:
        kept = brain.reader().ranked("service quota", Filters(types=("howto",)), 5)[0]
    assert [hit.id for hit in kept] == ["p0.md"]  # it holds only the common word


def test_a_word_left_out_of_the_candidates_still_counts_in_the_order(
    make_base: MakeBase,
) -> None:
    root = _common_word_base(make_base)
    assert _ids(root, "service quota")[:2] == ["quota.md", "other.md"]
    assert _ids(root, "service")  # every page holds it, and some come back


def _edit_note_5(root: Path) -> None:
    """Note 5 now speaks of a dirigible, written long enough ago to be trusted."""
    edited = root / "notes/note-5.md"
    edited.write_text(doc("Note 5", "Note 5 now speaks of a dirigible."))
    os.utime(edited, (time.time() - 60, time.time() - 60))


def _counted_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """From now on, the ids of the files parsed, in order."""
    from mdbrain.store import scan

    parsed: list[str] = []
    read_all = scan.read_all
    monkeypatch.setattr(
        scan,
        "read_all",
        lambda docs, *a, **k: parsed.extend(d.id for d in docs) or read_all(docs, *a, **k),
    )
    return parsed


def test_a_query_after_one_edit_parses_that_file_alone(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mdbrain.store import cache, scan

    root = _indexed_notes(make_base)
    _edit_note_5(root)
    _refuse(
        monkeypatch,
        "one edit made the whole manifest",
        (scan, "scan_files"),
        (cache, "load_entries"),
    )
    parsed = _counted_parses(monkeypatch)
    with Brain.open(root) as brain:
        assert [h.id for h in brain.query("dirigible").hits] == ["notes/note-5.md"]
    assert parsed == ["notes/note-5.md"]


def test_a_file_parsed_for_the_search_index_is_not_parsed_again_for_the_manifest(
    make_base: MakeBase, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = _indexed_notes(make_base)
    _edit_note_5(root)
    parsed = _counted_parses(monkeypatch)
    with Brain.open(root) as brain:
        reader = brain.reader()  # brings the search index in step: parses the edit
        assert parsed == ["notes/note-5.md"]
        shown = reader.show("notes/note-5.md", full=True)  # the manifest gives its links
        assert any("dirigible" in passage.text for passage in shown.passages)
        assert brain.session.manifest().by_id["notes/note-5.md"].title == "Note 5"
    assert parsed == ["notes/note-5.md"]


def test_a_page_of_links_gives_way_to_the_page_it_links_to(make_base: MakeBase) -> None:
    # found on sqlmodel: the overview import writes for a folder came before "Update
    # Data" for "how to update a row", for the titles and summaries it lists
    listing = "\n".join(
        f"- [{title}]({name}.md): {about}"
        for name, title, about in [
            ("update", "Update rows of the database", "How to update a row of the database."),
            ("delete", "Delete rows", "How to delete rows."),
            ("insert", "Insert rows", "How to insert rows."),
        ]
    )
    root = make_base(
        {
            "tutorial/overview.md": doc(
                "Tutorial: update, delete, insert rows",
                body=f"The pages of the database tutorial.\n\n{listing}",
            ),
            "tutorial/update.md": doc(
                "Update data",
                body="To update a row, change its fields and commit the session to the database.",
            ),
            "tutorial/delete.md": doc("Delete data", body="Delete with the session."),
        }
    )
    result = _query(root, "how to update a row in the database")
    assert result.hits[0].id == "tutorial/update.md"  # the overview is listed after, if at all
    with Brain.open(root) as brain:  # search too (betagouv/beta.gouv.fr's phases/overview.md)
        found = [h.hit.id for h in brain.search("update rows of the database").hits]
    assert found[0] == "tutorial/update.md" and "tutorial/overview.md" in found


def test_operators_standing_alone_are_read_as_written() -> None:
    assert text.operators("What does the ?? operator return?") == ["??"]
    assert text.operators("optional chaining (?.) and `=>`") == ["?.", "=>"]
    assert text.operators("what is this?? and that!") == []  # punctuation of a sentence


def test_an_operator_asked_by_its_symbol_finds_the_page_titled_with_it(
    make_base: MakeBase,
) -> None:
    """MDN: "What does the ?? operator return?" missed the page "Nullish coalescing
    operator (??)": the search reads words, and "??" is none; the pages on the logical
    OR operator, returning values too, came first."""
    docs = {
        "nullish.md": doc(
            "Nullish coalescing operator (??)",
            "Returns the right-hand side when the left-hand side is null or undefined.",
        ),
        "or.md": doc(
            "Logical OR operator (||)",
            "The logical OR operator returns the first truthy operand, else the last one.",
        ),
        "and.md": doc("Logical AND operator (&&)", "The AND operator returns an operand."),
    }
    docs.update({f"p{n}.md": doc(f"Page {n}", f"Operators of kind {n}.") for n in range(80)})
    root = make_base(docs)
    assert _ids(root, "What does the ?? operator return?")[0] == "nullish.md"
    assert _ids(root, "What does the || operator return?")[0] == "or.md"


def test_the_past_of_do_and_have_says_nothing_either() -> None:
    """Kotlin/KEEP: "Why did context parameters replace context receivers?" put a note
    that says "did" once (and "context" often) before the proposal on both."""
    analyser = text.Analyzer("en")
    assert analyser.terms("did had") == [] and analyser.terms("do has") == []
    assert analyser.terms("should") != []  # a modal may be what a record says


def test_a_page_with_a_heading_holding_what_is_asked_is_read_past_the_first_ten(
    make_base: MakeBase,
) -> None:
    """cncf/toc: "What is the definition of an adopter?", a heading of its FAQ word for
    word, was 11th by the FAQ's fields, past the ten whose sections are read: its
    section was never seen, and it ranked as if it held the words anywhere."""
    pages = {
        f"reviews/r{n}.md": doc(
            f"Review {n}",
            body="## Adoption\n\nThe adopter count grew and the definition of done held.",
        )
        for n in range(12)
    }
    pages["faq.md"] = doc(
        "Frequently asked questions",
        body="## How do I join?\n\nApply.\n\n"
        + "## Other question\n\nAnother answer.\n\n" * 8
        + "## What is the definition of an adopter?\n\nAn adopter is an organisation using"
        " the project in production.\n",
    )
    pages.update({f"misc/m{n}.md": doc(f"Misc {n}", body="Cats and dogs.") for n in range(30)})
    root = make_base(pages)
    cards = Brain.open(root).reader().searcher.rank("What is the definition of an adopter?", 20)
    ranked = [card.id for card in cards]
    faq = cards[ranked.index("faq.md")]
    assert faq.passage is not None and faq.passage.path[-1].startswith("What is the definition")
    # read, it comes before the reviews whose sections were not read
    assert ranked.index("faq.md") < ranked.index("reviews/r10.md")


def test_the_sieve_before_record_names_keeps_every_page_a_record_could_be() -> None:
    """Before the file names are read as records, ids that cannot be the page of the
    record a question names are set aside: the number's digits must be in the id, after
    a folder or file name opening with the record's letters when it has some."""
    from mdbrain.service.searching import _numbered

    ids = [
        "keps/sig-node/3063-dynamic-resource-allocation/README.md",
        "eips/eip-1559.md",
        "A27-xds-global-load-balancing.md",
        "decisions/0011-use-postgres.md",
        "10012166.md",  # a SciFact abstract: its id is a number
        "guides/b-trees.md",
    ]
    assert _numbered(ids, [("kep", 3063)]) == [ids[0]]
    assert _numbered(ids, [("eip", 1559), ("a", 27)]) == [ids[1], ids[2]]
    assert _numbered(ids, [(None, 11)]) == [ids[3]]
    assert _numbered(ids, [("b", 12)]) == []  # "vitamin B12": no page opens with b and 12
    assert _numbered(ids, [(None, 12)]) == [ids[4]]
    assert _numbered(ids, []) == []


def test_a_name_many_pages_hold_is_found_though_its_words_fill_the_candidates(
    make_base: MakeBase,
) -> None:
    """The pages naming ``uv.lock`` may all lie past the re-ranker's candidates, which
    pages titled with "uv" and "lock" fill: a search for the name alone still lists them
    (it listed nothing)."""
    from mdbrain.service.searching import CANDIDATES, EXACT_MIN

    docs: dict[str, str | bytes] = {
        f"title{i}.md": doc(f"uv lock {i}", body="uv lock uv lock, for every lock of uv.")
        for i in range(CANDIDATES + 20)
    }
    for i in range(EXACT_MIN + 2):
        docs[f"holder{i}.md"] = doc(f"Guide {i}", body="Step one reads `uv.lock` at last.")
    root = make_base(docs)
    found = _ids(root, "uv.lock", limit=10)
    assert found and all(i.startswith("holder") for i in found)


def test_a_word_asked_alone_finds_the_page_titled_with_it_alone_first(
    make_base: MakeBase,
) -> None:
    """pydantic: ``search validators`` put the drafts of modules named
    pydantic.v1.validators and functional_validators before the page titled
    "Validators"; a longer question naming that word is not about that title alone."""
    said = "Custom validators run after the built-in validators of each field."
    docs: dict[str, str | bytes] = {
        f"code/{name}.md": doc(
            f"pydantic.{name}", summary=f'"Validators of {name}."', body=f"{said} " * 2
        )
        for name in ("v1.validators", "functional_validators", "internal.validators")
    }
    prose = "\n\n".join(f"Paragraph {n} on how fields are checked." for n in range(20))
    docs["concepts/validators.md"] = doc("Validators", body=f"{said}\n\n{prose}")
    docs["concepts/dumps.md"] = doc(
        "Crash dumps of validators", body="Save a crash dump when validators fail."
    )
    root = make_base(docs)
    assert _ids(root, "validators")[0] == "concepts/validators.md"
    assert _ids(root, "how do I save a crash dump of validators?")[0] == "concepts/dumps.md"


def _cuts(root: Path, doc_id: str, question: str) -> list[Passage]:
    """The best section of ``doc_id`` for ``question``, as cut within a few small rooms."""
    with Brain.open(root) as brain:
        reader = brain.reader()
        page = reader.document(doc_id)
        return [p for room in (30, 40, 50) for p in reader._sections(page, question, 1, room)]


def test_a_passage_never_opens_on_a_blank_line(make_base: MakeBase) -> None:
    """pydantic's types page: under a heading too long to show, a passage opened on the
    blank line below it."""
    heading = (
        '### Customizing validation with `__get_schema__` <a name="customizing_with_schema"></a>'
    )
    body = (
        "## Summary\n\nUse hooks to customize a type.\n\n"
        f"{heading}\n\n"
        "To do more extensive customization of how custom classes are handled, when you\n"
        "can subclass them, you can implement a special hook to generate their schema.\n\n"
        "While the core is used internally, it is a new API, one of the areas most likely\n"
        "to be tweaked in the future.\n"
    )
    root = make_base({"types.md": doc("Types", body=body)})
    shown = _cuts(root, "types.md", "extensive customization custom classes subclass")
    assert shown and all(p.text.startswith("To do more extensive") for p in shown), shown


def test_a_drafts_passage_leaves_out_the_note_the_scan_opened_it_on(make_base: MakeBase) -> None:
    """opentofu/opentofu: each passage of a scan's draft showed "Draft written by
    `mdbrain init --scan` ...", which the row's "draft" says already."""
    from mdbrain.core import wording

    note = wording.words("en")("note")
    body = f"{note}\n\nKey providers return an Output holding the encryption key.\n"
    root = make_base({"output.md": doc("output.go", status="draft", body=body)})
    with Brain.open(root) as brain:
        shown = brain.reader().query(
            "what do key providers return?", filters=Filters(include_drafts=True)
        )
    texts = [p.text for p in shown.sections]
    assert any("Key providers return an Output" in t for t in texts)
    assert not any("Draft written by" in t for t in texts)


def test_a_passage_never_ends_on_a_quotes_empty_line(make_base: MakeBase) -> None:
    """opentofu's provider hashes RFC: a quoted paragraph was shown with the ">" line
    below it, which a reader sees as nothing."""
    quote = (
        ">    If the cache could not be verified with the hashes in the lock file, the\n"
        ">    registry is asked and new hashes are added to the lock file.\n"
        ">\n"
        ">    Mirrors are trusted for every platform once one package is verified there.\n"
    )
    body = f"## When the registry is down\n\n{quote}\nUnrelated closing words follow here.\n"
    root = make_base({"hashes.md": doc("Provider hashes", body=body)})
    shown = _cuts(root, "hashes.md", "cache verified hashes lock file registry")
    assert shown and not any(p.text.rstrip().endswith("\n>") for p in shown), shown


def test_a_section_headed_with_what_is_asked_leads_though_it_is_mostly_code(
    make_base: MakeBase,
) -> None:
    """casey/just's README: "how do I set a variable from the command line?" showed two
    sections on options first, then the one headed "Setting Variables from the Command
    Line", whose examples cost it the lead."""
    example = "```console\n$ just os=plan9\n./build plan9\n./test --test plan9\n```\n\n"
    body = (
        "## Setting Command-line Options with Environment Variables\n\n"
        "Some command-line options can be set with environment variables: a variable\n"
        "named after an option sets it from the command line's environment.\n\n"
        "## Setting Variables from the Command Line\n\n"
        "Variables can be overridden from the command line.\n\n" + example * 4
    )
    root = make_base({"readme.md": doc("just", body=body)})
    result = _query(root, "how do I set a variable from the command line")
    assert result.sections[0].title == "Setting Variables from the Command Line"


FRENCH = 'version: "1"\nroot: ./kb\nlang: fr\n'


def test_french_possessives_and_elided_letters_are_no_terms(make_base: MakeBase) -> None:
    """etalab/doc.data.gouv.fr: "Comment supprimer mon compte ?" put the API page, which
    names `mon-dataset` in its examples, first and the account page fifth: "mon" was a
    rare term there. "l'" and "d'" gave the words "l" and "d", held by every page."""
    api = "\n".join(
        f"- `mon-dataset-{n}` : l'identifiant d'un jeu de mon exemple." for n in range(9)
    )
    root = make_base(
        {
            "api.md": doc("Identifiants d'URL", body=f"Les URL de l'API.\n\n{api}\n"),
            "compte.md": doc(
                "Gérer son compte",
                body="## Suppression\n\nPour supprimer un compte, écrivez au support.\n",
            ),
        },
        FRENCH,
    )
    assert _ids(root, "Comment supprimer mon compte ?")[0] == "compte.md"
    analyser = text.Analyzer("fr")
    assert analyser.terms("mes jeux si je supprime mon compte, l'API d'un qu'il") == [
        "jeux", "supprim", "compt", "api",
    ]  # fmt: skip


def test_an_english_question_with_contractions_is_not_read_as_french() -> None:
    assert text.guess_language("it's what I'm told: don't use t, s or d") == "en"
    assert text.guess_language("pourquoi l'outil est-il écrit en shell") == "fr"


def test_a_ligature_and_its_letters_are_the_same_word(make_base: MakeBase) -> None:
    """etalab: ``search oeuvre`` found only the page writing "oeuvre", ``search œuvre``
    only the one writing "œuvre"."""
    root = make_base(
        {
            "a.md": doc("Moissonnage CKAN", body="La mise en oeuvre du moissonneur.\n"),
            "b.md": doc("Moissonnage ODS", body="La mise en œuvre du portail.\n"),
            "c.md": doc("Autre", body="Rien à voir.\n"),
        },
        FRENCH,
    )
    for asked in ("oeuvre", "œuvre", "ŒUVRE"):
        assert sorted(_ids(root, asked)) == ["a.md", "b.md"], asked
    assert text.fold("Æsir") == "aesir"


def test_a_heading_written_as_a_link_is_named_by_its_text(make_base: MakeBase) -> None:
    """nodejs/TSC: ``show openssl-strategy --section LibreSSL`` listed two sections
    holding the word, one of them "### [LibreSSL](https://www.libressl.org/)", the
    section the outline names "LibreSSL"."""
    body = (
        "## OpenSSL forks: LibreSSL and BoringSSL\n\nTwo forks.\n\n"
        "### [LibreSSL](https://www.libressl.org/)\n\nA fork by OpenBSD.\n"
    )
    root = make_base({"ssl.md": doc("OpenSSL strategy", body=body)})
    with Brain.open(root) as brain:
        shown = brain.reader().show("ssl.md", section="LibreSSL").passages[-1]
    assert shown.title == "LibreSSL" and "A fork by OpenBSD." in shown.text


def test_a_passage_shows_no_comment_written_inside_its_lines(make_base: MakeBase) -> None:
    body = (
        "## Upgrades\n\nBump the version for each <!-- vale Simple=OFF -->component"
        "<!-- vale Simple=ON --> of the cluster before the upgrade.\n"
    )
    root = make_base({"up.md": doc("Cluster upgrades", body=body)})
    shown = " ".join(p.text for p in _query(root, "version of each cluster component").sections)
    assert "version for each component of the cluster" in shown and "vale" not in shown


def test_a_number_asked_is_no_day_of_a_date(make_base: MakeBase) -> None:
    """nodejs/TSC: "when will Node.js 27 be released?" listed five minutes of meetings
    held on the 27th, named and titled by their dates, above the one saying when 27
    comes. A date's year still finds it, and so does the date written whole."""
    minutes = {
        f"meetings/{day}.md": doc(
            f"TSC meeting {day}",
            body=f"# TSC meeting {day}\n\nNode.js releases were discussed; nothing decided.\n",
        )
        for day in ("2018-06-27", "2024-03-27", "2025-11-27", "2019-02-27")
    }
    root = make_base(
        {
            **minutes,
            "meetings/2026-05-06.md": doc(
                "TSC meeting 2026-05-06",
                body="Node.js 27 will arrive in April, as the release plan says.\n",
            ),
        }
    )
    assert _ids(root, "When will Node.js 27 be released?")[0] == "meetings/2026-05-06.md"
    assert _ids(root, "meeting 2024-03-27")[0] == "meetings/2024-03-27.md"
    assert "meetings/2019-02-27.md" in _ids(root, "minutes from 2019")
    assert text.normalise("on 2018-06-27.").split() == ["on", "2018", "20180627"]


def test_a_passage_ends_its_sentence_wrapped_over_lines(make_base: MakeBase) -> None:
    """alphagov/govuk-infrastructure's records, wrapped at 120 columns: "why did we
    reintroduce the ReadOnly role?" was shown up to "...because `ReadOnly` didn't
    grant them access", the reason cut off on the next line."""
    context = (
        "## Context\n\nPrior to May we had four roles: `ReadOnly`, `User`, `PowerUser` and\n"
        "`Admin`. Most users were defaulting to the `PowerUser` role because `ReadOnly`\n"
        "did not grant them access to everything they needed, such as the query service\n"
        "that the analysts rely on every day for their reports.\n"
    )
    root = make_base({"readonly.md": doc("Maintain a read-only role", body=context)})
    shown = "\n".join(p.text for p in _query(root, "why reintroduce the ReadOnly role").sections)
    assert "for their reports." in shown, shown


def test_a_french_announcement_spaced_before_its_colon_takes_its_list(
    make_base: MakeBase,
) -> None:
    """etalab/doc.data.gouv.fr: the passage stopped on "Cette détection utilise les
    attributs suivants :", French typography's space before the colon, the list of
    attributes under it left out."""
    body = (
        "# Détection des licences\n\nLors du moissonnage, la liste de référence est utilisée"
        " pour détecter la licence du jeu de données distant.\n\n"
        "Cette détection utilise les attributs suivants\u00a0:\n"
        "- `id`\n- `title`\n- `alternate_titles`\n- `url`\n\n"
        "Le meilleur moyen est d'utiliser l'identifiant.\n"
    )
    root = make_base({"licences.md": doc("Licences", body=body)}, FRENCH)
    shown = "\n".join(p.text for p in _query(root, "détection de la licence").sections)
    assert "- `alternate_titles`" in shown, shown


def test_french_question_words_and_modals_are_no_terms(make_base: MakeBase) -> None:
    """etalab/guides.etalab.gouv.fr: "à partir de combien d'agents faut-il faire
    l'inventaire des algorithmes ?" put first the page saying "combien de temps
    faut-il", the inventory's page second."""
    root = make_base(
        {
            "etapes.md": doc(
                "Les étapes",
                body="Combien de temps faut-il pour l'inventaire ? Combien faut-il de"
                " personnes ? Il faut compter trois mois, combien que cela coûte.\n",
            ),
            "inventaire.md": doc(
                "Obligations",
                body="Une administration de plus de cinquante agents publie l'inventaire"
                " de ses principaux algorithmes.\n",
            ),
            **{f"autre-{n}.md": doc(f"Autre {n}", body="Rien à voir ici.") for n in range(3)},
        },
        FRENCH,
    )
    asked = "à partir de combien d'agents faut-il faire l'inventaire des algorithmes ?"
    assert _ids(root, asked)[0] == "inventaire.md"
    assert text.Analyzer("fr").terms("Pourquoi et combien peut-on, doit-on ?") == []


def test_a_hyphenated_word_and_the_word_written_whole_find_each_other(
    make_base: MakeBase,
) -> None:
    """betagouv/doc.demarches-simplifiees.fr: no search for "email" found "l'e-mail de
    validation", and "pré-remplissage" asked put the page writing it so before the one
    on "préremplissage" written whole."""
    root = make_base(
        {
            "usager.md": doc("Tutoriel usager", body="Vous recevez un e-mail de validation.\n"),
            "api.md": doc("API", body="Le préremplissage se fait par l'API.\n"),
            "autre.md": doc("Autre", body="La validation du dossier, validation faite.\n"),
        },
        FRENCH,
    )
    assert _ids(root, "email de validation")[:1] == ["usager.md"]
    assert _ids(root, "pré-remplissage")[:1] == ["api.md"]
    assert text.normalise("read-only x86-64").split() == ["read", "only", "readonly", "x86", "64"]


def test_a_heading_asking_as_the_question_does_must_name_something_asked(
    make_base: MakeBase,
) -> None:
    """etalab/guides.etalab.gouv.fr: "Comment utiliser l'IA pour pseudonymiser des
    documents ?" was answered from "## Comment contribuer ?", which opens on the word the
    question asks with and names nothing it asks."""
    body = (
        "## Pseudonymiser de nouveaux documents\n\nLe modèle entraîné attribue une catégorie"
        " à chaque mot du document à pseudonymiser, puis remplace les noms par un alias.\n\n"
        "## Comment contribuer ?\n\nCe guide sur l'IA est ouvert : utilisez le dépôt pour"
        " proposer vos modifications.\n"
    )
    root = make_base({"pratique.md": doc("En pratique", body=body)}, FRENCH)
    result = _query(root, "Comment utiliser l'IA pour pseudonymiser des documents ?")
    assert result.sections[0].title == "Pseudonymiser de nouveaux documents"


def test_lines_that_only_open_or_close_a_container_are_not_shown(make_base: MakeBase) -> None:
    """betagouv/doc.demarches-simplifiees.fr's passages opened on GitBook's
    ``{% hint style="info" %}``; guides.etalab's closed on VuePress' ``:::``."""
    body = (
        '## Jeton\n\n{% hint style="info" %}\nLe jeton peut être restreint à une liste'
        " d'adresses IP.\n{% endhint %}\n\n::: tip Rappel\nLe jeton expire après un an.\n:::\n"
        '\n{% content-ref url="restreindre.md" %}\n[restreindre.md](restreindre.md)\n'
        "{% endcontent-ref %}\n"
    )
    root = make_base({"jeton.md": doc("API", body=body)}, FRENCH)
    asked = "jeton restreint adresses IP expire restreindre"
    shown = "\n".join(p.text for p in _query(root, asked).sections)
    assert "restreint à une liste" in shown and "expire après un an" in shown, shown
    lines = shown.splitlines()
    assert "{%" not in shown and ":::" not in lines and "::: tip Rappel" in lines


def test_a_heading_over_only_its_date_is_no_passage(make_base: MakeBase) -> None:
    """alphagov/govuk-infrastructure's records: "# 5. Use AWS Elastic Kubernetes Service
    (EKS) managed node groups" over "Date: 2021-08-13" was shown as a passage of its own,
    saying nothing the row did not."""
    title = "5. Use AWS Elastic Kubernetes Service (EKS) managed node groups"
    record = (
        f"<!-- vale Headings = NO -->\n\n# {title}\n\n<!-- vale Headings = YES -->\n\n"
        "Date: 2021-08-13\n\n## Status\n\nAccepted\n\n## Context\n\nFargate places limits"
        " on pods: it cannot run DaemonSets, and managed node groups upgrade their nodes"
        " themselves.\n\n## Decision\n\nUse managed node groups.\n\n## Consequences\n\n"
        "Managed node groups keep EKS node upgrades simple; Fargate stays possible.\n"
    )
    page = doc(title, body=record, type="decision", summary="'Use managed node groups.'")
    root = make_base({"0005-node-groups.md": page})
    result = _query(root, "Why do we use EKS managed node groups instead of Fargate?")
    shown = [p.text for p in result.sections]
    assert any("cannot run DaemonSets" in text for text in shown), shown
    assert not any("Date: 2021-08-13" in text for text in shown), shown


def test_why_a_record_decided_is_read_in_its_context_when_its_decision_says_no_cause(
    make_base: MakeBase,
) -> None:
    """thomvaill/log4brains' record on a global npm package: its decision gives no cause,
    its context does ("intended for all projects, not especially JS ones"); the query
    showed the decision, the consequences and the title over "- Status: accepted"."""
    record = (
        "# Distribute the tool as a global npm package\n\n- Status: accepted\n"
        "- Date: 2021-01-13\n\nTechnical Story: <https://example.org/issues/14>\n\n"
        "## Context and Problem Statement\n\nThe install works for JS projects only. Since"
        " the tool is meant for every project, its install must not depend on a language.\n\n"
        "## Decision Outcome\n\nThe tool ships as one global npm package, installed with"
        " npm install -g.\n\n### Consequences\n\nA JS project can no longer pin its version.\n"
    )
    page = doc("Distribute the tool as a global npm package", body=record, type="decision")
    root = make_base({"adr/global-package.md": page})
    result = _query(root, "Why is the tool distributed as a global npm package?")
    titles = [p.title for p in result.sections]
    assert "Context and Problem Statement" in titles, titles
    assert any("meant for every project" in p.text for p in result.sections)
    assert not any("- Status: accepted" in p.text for p in result.sections), titles


def test_a_section_its_heading_marks_deprecated_gives_way_to_the_current_one(
    make_base: MakeBase,
) -> None:
    """fastapi's events page: "how do I run code on startup and shutdown?" was answered
    from its "Alternative Events (deprecated)" section, not from "Lifespan"."""
    body = (
        "## Lifespan\n\nYou define the code to run at startup and shutdown with the lifespan"
        " parameter of the app, a context manager.\n\n"
        "## Alternative Events (deprecated)\n\nThe startup and shutdown event handlers"
        " run code at startup and at shutdown.\n"
    )
    root = make_base({"events.md": doc("Lifespan Events", body=body)})
    result = _query(root, "How do I run code on startup and shutdown of the application?")
    assert result.sections[0].title == "Lifespan", [p.title for p in result.sections]


def test_a_french_question_typed_without_accents_meets_the_accented_words(
    make_base: MakeBase,
) -> None:
    """ansforge's and betagouv's French pages: "securite" met "sécurité" nowhere, and
    "options envisagees" met "envisagées" only by the first letters of its stem."""
    root = make_base(
        {
            "regles.md": doc(
                "Règles", body="La sécurité des comptes passe par des mots de passe longs."
            ),
            "choix.md": doc("Choix", body="Les options envisagées étaient un wiki et des pages."),
            "autre.md": doc("Autre", body="Les comptes des équipes et leurs pages."),
        },
        FRENCH,
    )
    with Brain.open(root) as brain:
        found = brain.reader().search("securite des comptes")
        asked = brain.reader().searcher.question("quelles options ont ete envisagees ?")
    assert [h.hit.id for h in found.hits][:1] == ["regles.md"]
    envisaged = next(t for t in asked.terms if t.term.startswith("envisag"))
    assert ("envisagées", 1.0) in envisaged.words


def test_why_is_answered_from_the_section_headed_by_its_reasons(make_base: MakeBase) -> None:
    """vitejs/vite's dependency pre-bundling page: "Why does Vite pre-bundle
    dependencies?" showed its discovery and cache sections, not "## The Why"."""
    body = (
        "## The Why\n\nBrowsers load ES modules one request at a time: a library of 600"
        " modules would fire 600 requests, so they are bundled into one first.\n\n"
        "## Automatic Dependency Discovery\n\nVite crawls the source to discover the"
        " dependencies to pre-bundle, and pre-bundles each dependency found.\n\n"
        "## File System Cache\n\nPre-bundled dependencies are cached in node_modules/.vite;"
        " dependencies are pre-bundled again when the lockfile changes.\n"
    )
    root = make_base({"pre-bundling.md": doc("Dependency Pre-Bundling", body=body)})
    result = _query(root, "Why does Vite pre-bundle dependencies?")
    assert result.sections[0].title == "The Why", [p.title for p in result.sections]

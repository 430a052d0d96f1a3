"""Architecture decision records: recognise them and read what their status says.

Nygard records (``## Status`` then a line such as ``Superseded by [ADR012](ADR012-x.md)``),
adr-tools ones (``Supersedes [1. Record](0001-record.md)``) and MADR ones (a
``status:`` field, or a ``* Status: ...`` line) all end up as a :class:`Record`:
the record's number, its state word and the clauses of its status text. Only
``superseded by`` / ``supersedes`` (misspellings included) are supersession;
``amended by``, ``supplemented by``, ``extended by``, ``related to``... are
kept as :data:`RELATED` clauses, and a partial supersession ("Partly superseded by
[X](x.md)", "This ADR in part supersedes [3](0003-x.md)") as a :data:`PARTLY` one,
related both ways; "Partly superseded" alone is the state ``amended``, still in force.
:func:`stated` keeps the state as the page writes it ("Pending", "Accepted"), and
:func:`statement` says where in the body (what ``supersede`` rewrites).

A small table at a record's top (``| Created | Status |`` over ``| 2020-05-17 | Open |``,
backstage's) states its status and days as those lines do (:func:`head_table`).
A record's day comes from a ``Date:`` line near the top (``* Date: 2021-03-04`` in
MADR), such a table, a ``Date`` section, its state ("Accepted on 2021-03-04") or a ``date`` field;
the day a successor took over from the clause that names it ("Superseded by ADR 12 on
2022-01-10").

Proposals and RFCs are decision records too: a page titled ``Proposal: ...`` or
``RFC 12: ...``, one with a Proposal section beside its Background (Go's design
documents), one filed as an RFC by a field at its top beside a design document's
sections, or by a field that gives its number or pull request (Rust's ``- RFC PR:
...``) in a numbered file, and in a folder of RFCs or proposals one
with a design document's sections (Motivation, Rationale, Alternatives...), a status, or
a numbered or dated name. Near
the top of a record, a sentence such as "This RFC has been superseded by [X](x.md)" or
"This RFC supersedes [X](x.md)" (in a quote or a GitHub alert too) is read as the same
clause a status gives, when it names a record by a link or a number. A date in a file
name (``20241206-oci.md``, ``2025-07-22-x.md``) is not a record number.
Pure functions over text: nothing here reads a file.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import posixpath
import re
from collections.abc import Callable, Container, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Final

from mdbrain.core import cells, dates, fields, links, markdown, passages, schema
from mdbrain.core.record_names import DAY_DIGITS as _DAY_DIGITS
from mdbrain.core.record_names import FOLDER_PAGES as _FOLDER_PAGES
from mdbrain.core.record_names import SERIES as _SERIES
from mdbrain.core.record_names import dated as _dated
from mdbrain.core.record_names import number_of
from mdbrain.core.text import RECORD_SERIES

SUPERSEDED_BY: Final = "superseded_by"
SUPERSEDES: Final = "supersedes"
RELATED: Final = "related"
PARTLY: Final = "partly"  # a partial supersession: related both ways, the old record holds
AMENDS: Final = "amends"  # a field naming a record this one changes: related both ways

_ADR_PREFIX = re.compile(r"^adr[-_ ]?\d", re.IGNORECASE)
_ADR_FOLDERS: Final = frozenset(
    {
        "adr", "adrs", "decisions", "decision-records", "decision-log",
        "architecture-decision-record", "architecture-decision-records", "architecture-decisions",
    }
)  # fmt: skip
_PROPOSAL_FOLDERS: Final = frozenset({"rfc", "rfcs", "proposal", "proposals"})
# a folder of templates, or one a template is copied from ("NNNN-kep-template"); not a
# record's own folder ("5978-cluster-resource-claim-template", "template-engine")
_TEMPLATE_FOLDER = re.compile(
    r"^(?:[._]?templates?|issue_template|mod[eè]les?|gabarits?"
    r"|(?:n{3,}|x{3,}|0{3,}|yyyy-?mm-?dd)[-_].*templates?)$"
)
# a folder named for the templates of a kind of page: swift-evolution's "proposal-templates"
_TEMPLATES_OF = re.compile(r"^[\w.]+[-_]templates?$")
# a number standing as one in a link's text ("ADR 12", "RFC-0042", "#7"), not inside a
# name: log4brains' "[Use Log4brains to manage the ADRs]" is no record number 4
_TEXT_NUMBER = re.compile(
    r"(?:(?<=adr)|(?<=rfc)|(?<=kep)|(?<=pep)|(?<![\dA-Za-z]))\d{1,5}(?![\dA-Za-z])", re.I
)
_STATUS_HEADING = re.compile(r"^(?:status|statut)(?:\s*:\s*(.*))?$", re.IGNORECASE)
_LINKS_HEADING = re.compile(r"^links$", re.IGNORECASE)
_DECISION_HEADING = re.compile(
    r"^(?:" + "|".join(map(re.escape, (*schema.DECISION_SECTIONS, "decision made"))) + r")\W*$",
    re.IGNORECASE,
)
# what a record states before its decision (Nygard, MADR, Tyree and Akerman, French)
_CONTEXT_HEADING = re.compile(
    r"^(?:context(?: and problem statement)?|problem(?: statement)?|issue|background"
    r"|(?:considered )?(?:options|alternatives)(?: considered)?|contexte"
    r"|contexte et (?:énoncé du )?problème|options (?:envisagées|considérées))\W*$",
    re.IGNORECASE,
)
_RECORD_TITLE = re.compile(r"\bdecision record\b|^ADR\b", re.IGNORECASE)
# a title that names the kind of page and no subject: the log's own page, not a record
# (MTES-MCT/dialog's docs/adr/README.md, "# Architecture Decision Record (ADR)")
_KIND_ALONE = re.compile(
    r"(?:architecture\s+)?decision\s+records?(?:\s*\(ADRs?\))?|ADRs?", re.IGNORECASE
)
_SUBJECT = re.compile(r"\s*[:\u2013\u2014]\s*|\s+-\s+")  # "ADR 12: subject", "ADR 12 - subject"
# a title about records rather than one: cosmos/cosmos-sdk's "ADR Creation Process"
_ABOUT_RECORDS = re.compile(
    r"\b(?:process|template|guidelines?|how\s+to|index|overview|list\s+of|readme)\b", re.I
)
# "Proposal: Monotonic time", "RFC: ...", "RFC 1234 Private fields", "Go generate: A
# Proposal", "Type Parameters Proposal"; not "Proposals", "RFC Process", "Writing a proposal"
_PROPOSAL_TITLE = re.compile(
    r"^(?:(?:proposal|rfc)\s*[:\u2013\u2014-]\s*\S|rfc[\s#-]*\d+\b|[^:]+:\s+an?\s+proposal$"
    r"|(?!.*\b(?:a|an|the|my|your|our|how|write|writing|submit|submitting)\b)\S.*\s(?:proposal|rfc)$)",
    re.IGNORECASE,
)
_NUMBERED = r"(?:\d+(?:\.\d+)*\.?\s+)?"  # "## 1. Motivation"
# what a proposal proposes: "Proposal", "Proposed Solution (registry)", "The Proposed API"
_PROPOSAL_HEADING = re.compile(
    _NUMBERED + r"(?:the\s+)?(?:design\s+)?(?:proposal|proposed\s+(?:solution|design|changes?"
    r"|plan|approach|api|definition|implementation)s?)\b",
    re.IGNORECASE,
)
# what a proposal states beside it: its grounds
_GROUNDS_HEADING = re.compile(
    _NUMBERED + r"(?:abstract|summary|motivation|rationale|background|context|problem"
    r"|(?:potential |possible |considered |alternate |alternative )?alternatives?)\b",
    re.IGNORECASE,
)
# the other sections of a design document (Rust's, OpenTofu's, Go's RFCs and proposals)
_DESIGN_HEADING = re.compile(
    _NUMBERED + r"(?:motivation|rationale|drawbacks|(?:detailed )?design|technical approach"
    r"|prior art|unresolved questions|(?:potential |possible |considered |alternate "
    r"|alternative )?alternatives?(?: (?:considered|designs?|approaches|solutions))?)\W*$",
    re.IGNORECASE,
)
_DATE_HEADING = re.compile(
    r"^(?:date|decision date|date de (?:la )?décision)(?:\s*:\s*(.*))?$", re.I
)
_DATE_LINE = re.compile(
    r"^\s*(?:[-*+]\s*)?\**(?:date|creation date|decided(?: on)?|decision date|accepted(?: on)?"
    r"|d[ée]cid[ée]e? le|cr[ée]ation|cr[ée]{1,2}e? le|date de cr[ée]ation"  # "* Création : ..."
    r"|date de (?:la )?d[ée]cision)\**\s*:\**\s*(.+)$",
    re.IGNORECASE | re.MULTILINE,
)
_HEAD_LINES = 30
# fields written on one line, a middle dot or a bullet between them: "Date : 05/08/2026 ·
# Statut : accepté · Complète : 0027, 0031"
_FIELD_APART = re.compile(r"[ \t]+[·•][ \t]+(?=[^\W\d][\w' -]{0,30}?[ \t]?:)")
# a record written in French: its days are written day first ("Date : 05/08/2026")
_FRENCH_FIELDS = re.compile(
    r"^\W*(?:statut|date de|d[ée]cid[ée]e? le)\b|\w[ \t]:[ \t]", re.I | re.M
)


def _head(body: str) -> str:
    """The top of a page, code left out, each field on a line of its own."""
    head = _FENCED.sub("", "\n".join(body.split("\n")[:_HEAD_LINES]))
    return _FIELD_APART.sub("\n", head) if "·" in head or "•" in head else head


_FENCED = re.compile(
    r"^ {0,3}(" + markdown.FENCE_RUN + r").*?(?:^ {0,3}\1[ \t]*$|\Z)", re.MULTILINE | re.DOTALL
)
# what a field's label calls the kind of record it is about: "RFC Status", "Superseding
# Proposal", "Previous RFCs"
_RECORD_KIND = r"(?:proposal|rfc|record|decision|adr|enhancement|kep|pep)"
# "* Status: Accepted", and a field naming its kind of record: getsentry/rfcs' "- RFC
# Status: withdrawn", "Proposal Status:", "ADR status:"
# "State:" as dapr/proposals' template writes it ("* State: {Ready for Implementation,
# Implemented}"): 22 of its 24 proposals lost their state
_STATUS_LINE = re.compile(
    rf"^\s*(?:[-*+]\s*)?\**(?:{_RECORD_KIND}[ \t]+)?(?:status|statut|state)\**\s*:\**\s*(.+)$",
    re.IGNORECASE | re.M,
)
_FIELD_STATE = re.compile(
    r"(?:proposed|accepted|rejected|su+p+er+[sc]e+ded?)\b"
    # the states of a proposal process (EIP-1: Draft, Review, Last Call, Final, Living,
    # Stagnant, Withdrawn)
    r"|(?:final|living|stagnant|withdrawn|last\s+call)\b"
    # and an Ember RFC's stages (emberjs/rfcs' "stage:" field)
    r"|(?:ready-for-release|released|recommended|discontinued)\b"
    r"|(?:propos|accept|rejet|remplac)(?:é|ée|ee)(?!\w)",
    re.I,
)
# "Superceded entirely by [0072-metric-observer](...)" (open-telemetry/oteps' 0008)
_WHOLLY = r"(?:\s+(?:entirely|completely|fully|wholly|totally))?"
# what a numbered proposal's status field says once it shipped (npm/rfcs, KEPs, TEPs); a
# feature page's "implemented" makes no record of it
_SHIPPED = re.compile(r"implemented\b", re.IGNORECASE)


def _numbered(name: str, meta: Mapping[str, Any]) -> bool:
    """Whether a page is numbered, by its file name or a ``number`` field."""
    return number_of(name) is not None or isinstance(meta.get("number"), int)


_IN_PART = r"(?:partly|partially|in\s+part)"
# "supersedes some aspects of [ADR-15](...)": a part of the record, not all of it
_SOME_OF = r"(?:(?:some|certain|several|a\s+few)\s+)?(?:aspects|parts|portions|elements)\s+of"
# French, accents or none: a past participle's endings ("remplacée", "remplacee"; never
# a bare "e", which is the present tense: "remplace" is supersedes)
_PP = r"(?:é|ée|és|ées|ee|ees)"
_FR_PARTLY = (
    rf"partiellement\s+remplac{_PP}\s+par|remplac{_PP}\s+en\s+partie\s+par"
    r"|remplace\s+(?:partiellement|en\s+partie)"
)
_FR_BY = rf"(?:remplac|supplant|abrog){_PP}\s+par|rendue?s?\s+obsol[èe]tes?\s+par"
_FR_DOES = (
    rf"remplace|supplante|abroge|rend\s+obsol[èe]te|a\s+remplac{_PP}|rempla[cç]ait"
    r"|rempla[cç]aient"
)
_FR_RELATED = (
    rf"(?:amend|compl[ée]t|modifi|pr[ée]cis){_PP}\s+par|[ée]tendue?s?\s+par|amende|complète|modifie"
    rf"|précise|[ée]tend|voir\s+aussi|li{_PP}\s+(?:à|a)"
)
_VERB = re.compile(
    # "Partly superseded by [X](x.md)", "Superseded in part by 3", "In part supersedes 3"
    r"(?P<partly>\b(?:" + _FR_PARTLY + r")\b"
    r"|\b(?:" + _IN_PART + r"\s+(?:su+p+er+[sc]e+de?d|replaced)"
    r"|(?:su+p+er+[sc]e+de?d|replaced)\s+" + _IN_PART + r")"
    r"(?:\s+by\b|[ \t]*:?[ \t]*(?=\[[^\[\]\n]*\]\())"
    r"|\b" + _IN_PART + r"\s+(?:su+p+er+[sc]e+de?s|replaces)\b"
    r"|\b(?:su+p+er+[sc]e+de?s|replaces)\s+(?:" + _IN_PART + "|" + _SOME_OF + r")\b)"
    r"|(?P<superseded_by>\b(?:" + _FR_BY + r")\b"
    r"|\b(?:su+p+er+[sc]e+de?d|replaced|obsoleted|overridd?en)"
    + _WHOLLY
    + r"(?:\s+by\b|[ \t]*:?[ \t]*(?=\[[^\[\]\n]*\]\())"  # "Superseded [0019](0019-x.md)" too
    r"|\bin\s+favou?r\s+of\b)"  # "Withdrawn in favor of [EIP-2681](./eip-2681.md)"
    r"|(?P<supersedes>\b(?:su+p+er+[sc]e+de?s|replaces|obsoletes|overrides|" + _FR_DOES + r")\b)"
    r"|(?P<related>\b(?:" + _FR_RELATED + r")(?!\w)"
    r"|\b(?:(?:amended|supplemented|extended|complemented|refined|clarified"
    r"|modified|augmented)\s+by|amends|supplements|extends|complements|refines"
    r"|clarifies|relate[sd]\s+to|see\s+also"
    # jaegertracing/jaeger: an RFC "graduated into ADR-002", the ADR "graduated from" it
    r"|graduated\s+(?:into|to|as|from))\b)",
    re.IGNORECASE,
)
_LINK_REF = re.compile(r"\s*\[(?P<text>[^\[\]]*)\]\((?P<link><[^<>]*>|[^)\s]*)(?:\s+\"[^\"]*\")?\)")
# an autolink, its address its only text: "superceded by <https://.../0249-x.md>"
_AUTOLINK_REF = re.compile(r"\s*<(?P<link>https?://[^\s<>]{1,2000})>(?P<text>)")
# a reference link: "[RFC 1974][]", "[the allocator RFC][1974]", "[RFC 1238]" (a label the
# page defines further down: "[RFC 1238]: https://.../1238-x.md")
_LABELLED_REF = re.compile(r"\s*\[(?P<text>[^\[\]]+)\](?:\[(?P<label>[^\[\]]*)\])?(?!\()")
_NUMBER_REF = re.compile(
    rf"\s*(?P<text>(?:(?:d[ée]cision|record|{'|'.join(RECORD_SERIES)})\s*[-_#:]?\s*"
    r"|#\s*)?0*(?P<n>\d{1,5}))"
    r"(?![\d/.:-]\d)\b",
    re.IGNORECASE,
)
_WORDED = re.compile(r"[^\W\d_]")  # a letter
_ARTICLE = re.compile(r"\s*(?:l['’]|la\s+|le\s+|les\s+)(?=\[|adr|d[ée]cision|rfc|#|\d)", re.I)
_JOIN = re.compile(
    r"\s*(?:\([^)]*\)\s*)?(?:,|;|&|\+|/|\band\b|\bor\b|\bet\b|\bou\b)(?:\s*(?:and|et)\b)?", re.I
)
_ADDRESS = re.compile(
    r"\]\((?:[^()]|\([^()]*\))*\)|<?\b(?<![+.-])[a-z][a-z0-9+.-]*://\S+", re.IGNORECASE
)
# near the top of a record: "This RFC has been superseded by [X](x.md)", "This proposal
# was later replaced by ADR 7", "This RFC has superseded [X](x.md)", "This RFC supersedes"
_PAGE_NAMES = (
    r"rfc|proposal|adr|(?:architecture\s+)?decision(?:\s+record)?"
    r"|design(?:\s+doc(?:ument)?)?|document|record|page"
)
_PRESENT = r"(?=\s+(?:su+p+er+[sc]e+de?s|replaces|obsoletes)\b)"  # a verb in the present
_ITSELF = (
    r"(?:\b(?:this|the present)\s+(?P<what>" + _PAGE_NAMES + r")"
    # "Note: this supersedes [RFC 1977]": the page itself, unnamed, in the present tense
    r"|\bthis"
    + _PRESENT
    # "This RFC describes the plan for 2021. It supersedes [RFC 2052]": "it", right after
    # a sentence whose subject is the page
    + r"|\b(?:this|the present)\s+(?:"
    + _PAGE_NAMES
    + r")\b[^.!?]{0,400}[.!?]\s+it"
    + _PRESENT
    + ")"
)
_ADVERB = r"(?:(?:now|since|already|later|also|subsequently|effectively)\s+)?"
# "This RFC is expired and has been superceded by ..." (aws/aws-cdk-rfcs): a state
# said first, then the supersession
_STATE_AND = (
    r"(?:(?:is|was|has\s+been)\s+(?:now\s+)?(?:expired|withdrawn|obsolete|outdated|retired"
    r"|deprecated|closed|abandoned|inactive)\s*,?\s+and\s+)?"
)
_SENTENCE = re.compile(
    _ITSELF
    + r"\s+"
    + _STATE_AND
    + r"(?:(?P<partly>(?:(?:(?:has|had|have)\s+(?:been\s+)?|is\s+|was\s+)"
    + _ADVERB
    + r")?(?:"
    + _IN_PART
    + r"\s+(?:su+p+er+[sc]e+de?[ds]|replace[ds])|(?:su+p+er+[sc]e+de?[ds]|replace[ds])\s+(?:"
    + _IN_PART
    + "|"
    + _SOME_OF
    + r"))(?:\s+by)?)"
    + r"|(?:(?:has|had|have)\s+"
    + _ADVERB
    + r"been|is|was)\s+"
    + _ADVERB
    + r"(?P<superseded_by>(?:su+p+er+[sc]e+de?d|replaced|obsoleted|overridd?en)"
    + _WHOLLY
    + r"\s+by)"
    r"|(?:has|had)\s+" + _ADVERB + r"(?P<supersedes>su+p+er+[sc]e+de?d|replaced|obsoleted)"
    r"|(?P<does>su+p+er+[sc]e+de?s|replaces|obsoletes))\b[\s:]*(?:(?:the|an?)\s+(?=\[))?",
    re.IGNORECASE,
)
# the same in French: "Cette ADR a été remplacée par [X](x.md)", "Cette décision remplace
# l'[ADR 3](…)", "Ce document est partiellement remplacé par 7"
_SENTENCE_FR = re.compile(
    r"\b(?:cette|ce|la\s+pr[ée]sente|le\s+pr[ée]sent)\s+(?P<what>adr|rfc|proposition"
    r"|d[ée]cision|note|document|fiche|page)\s+(?:(?P<partly>(?:(?:a\s+[ée]t[ée]|est|[ée]tait)"
    r"\s+)?(?:" + _FR_PARTLY + r"))"
    r"|(?:a\s+[ée]t[ée]|est|[ée]tait)\s+(?:depuis\s+|d[ée]sormais\s+)?"
    r"(?P<superseded_by>" + _FR_BY + r")"
    rf"|a\s+(?P<supersedes>remplac{_PP}|supplant{_PP}|abrog{_PP})"
    r"|(?P<does>" + _FR_DOES + r"))(?!\w)[\s:]*(?:(?:l[ae]|une?|l['’])\s*(?=\[))?",
    re.IGNORECASE,
)
# a line of its own: "Superseded by [X](x.md)", "**Supersedes:** [RFC 3](0003-c.md)",
# "Remplacée par [X](x.md)", "Remplace : [ADR 3](…)"
_LEAD = re.compile(
    r"^\s*(?:[-*+]\s+)?[*_]*(?:(?P<partly>" + _IN_PART + r"\s+su+p+er+[sc]e+de?(?:d\s+by|s)"
    r"|su+p+er+[sc]e+ded\s+"
    + _IN_PART
    + r"\s+by|su+p+er+[sc]e+des\s+"
    + _IN_PART
    + r"|"
    + _FR_PARTLY
    + r")"
    r"|(?P<superseded_by>su+p+er+[sc]e+de?d\s+by|"
    + _FR_BY
    # "Deprecate in favor of ADR-37", a row of nats-io's revision tables
    + r"|(?:(?:deprecat|withdr[ae]w|retir|abandon|drop|clos|reject)\w*\s+)?in\s+favou?r\s+of"
    # a field of grpc/proposal's: "* Deprecated by: [A88: ...](A88-...md)"
    r"|(?:deprecated|replaced|obsoleted)\s+by"
    # swift-evolution's "* Superseding Proposal: [SE-0498](...)", a field: its colon said
    r"|superseding\s+" + _RECORD_KIND + r"s?(?=[*_]*[ \t]*:))"
    # "* Updated by: [A69](...)", "Amends: ADR-3": a change, the record still holds
    # (a field: its colon said, where "Updates to the API..." opens a sentence); and
    # swift-evolution's "* Previous Proposals: [SE-0393](...)": the one this revises or
    # builds on, replaced when it was turned down, in force when it was not (SE-0398
    # builds on SE-0393): related both ways, which never says more than the page does;
    # so is its "* Next Proposal: [SE-0285](...)", the one that took it further
    r"|(?P<amends>(?:updated|amended|extended|refined)\s+by|updates|amends|extends|refines"
    r"|(?:previous|next)\s+" + _RECORD_KIND + r"s?"
    r"|compl[èe]te|modifie|amende|pr[ée]cise|[ée]tend)"  # the same fields in French
    r"(?=[*_]*[ \t]*:)"
    r"|(?P<does>su+p+er+[sc]e+de?s|" + _FR_DOES + r"))(?!\w)[*_\s]*:?[*_\s]*",
    re.IGNORECASE,
)
_RECORD_WORDS: Final = ("rfc", "proposal", "adr", "decision")  # a page that says it is one
_FRENCH_WHAT: Final = {"décision": "decision", "decision": "decision", "proposition": "proposal"}
# a field at the top that files the page as an RFC or a proposal, whatever its folder is
# called: Rust's "- RFC PR: [rust-lang/rfcs#1](...)", "RFC: 12", "**Proposal PR:** #7"
_RECORD_FIELD = re.compile(
    r"^ {0,3}(?:[-*+][ \t]+)?[*_]*(?:rfc|proposal|pep|kep)"
    r"(?P<qualified>[ _-]?(?:pr|number|no\.?|id|#)(?:[ \t]*#)?)?[*_]*[ \t]*:",
    re.IGNORECASE | re.MULTILINE,
)
_QUOTE = re.compile(r"^\s{0,3}(?:>\s?)+")
_NONE_DEFINED: Mapping[str, str] = MappingProxyType({})
_ALERT = re.compile(r"^\s*\[!(?:note|tip|important|warning|caution)\]", re.IGNORECASE)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_STATES: Final = (
    # "Partly superseded": the record holds, amended by a later one (a partial supersession)
    (
        "amended",
        re.compile(
            rf"\b{_IN_PART}\s+su+p+er+[sc]e+ded?\b|\bsu+p+er+[sc]e+ded?\s+{_IN_PART}\b"
            rf"|\bpartiellement\s+remplac{_PP}(?!\w)|\bremplac{_PP}\s+en\s+partie\b",
            re.I,
        ),
    ),
    (
        "superseded",
        re.compile(
            # "replaced" alone, as a state: a KEP's status in its kep.yaml
            rf"\bsu+p+er+[sc]e+ded?\b|\b(?:remplac|supplant){_PP}(?!\w)|^\W*replaced\W*$",
            re.I,
        ),
    ),
    (
        "rejected",
        re.compile(
            rf"\b(?:rejected|declined|abandoned|withdrawn)\b"
            rf"|\b(?:rejet|refus|abandonn|retir){_PP}(?!\w)"
            # words that say so only as the state itself: "Accepted (Python 2 support
            # dropped)" and "Approved, not adopted by the mobile team" are accepted
            # ("not implemented": an openshift enhancement given up)
            rf"|^\W*(?:discarded|dropped|refused|shelved|not\s+(?:accepted|approved|adopted|agreed"
            rf"|retained|implemented)|non\s+(?:retenue?s?|(?:accept|adopt|valid){_PP}))(?!\w)",
            re.I,
        ),
    ),
    (
        "deprecated",
        re.compile(
            r"\b(?:deprecated|retired|obsolete|reverted|revoked|discontinued)\b|\bobsolète(?!\w)"
            r"|\bcaduque?\b"
            r"|^\W*moved\b"  # an EIP moved to the ERC repository: no longer here
            r"|^\W*removed\W*$"  # a KEP whose feature was taken out
            rf"|\b(?:d[ée]préci|depreci|abrog|annul|p[ée]rim|r[ée]voqu){_PP}(?!\w)",
            re.I,
        ),
    ),
    (
        "accepted",
        re.compile(
            r"\b(?:accepted|approved|adopted|agreed|done|decided|implemented|activated)\b"
            r"|^\W*(?:final|living)\b(?!\s+(?:review|call|draft|comment))"  # EIP-1's last
            # jaegertracing/jaeger: "Documented existing implementation", what holds today
            r"|^\W*documented\b"
            r"|^\W*implementable\b"  # a KEP approved for implementation
            r"|^\W*ready\s+for\s+implementation\b"  # ... and a dapr proposal
            # approved, being built: grpc/proposal's A42 and A48 ("in progress" alone is not)
            r"|^\W*(?:implementation\s+in\s+progress|being\s+implemented)\b"
            # an Ember RFC's later stages
            r"|^\W*(?:released|recommended|ready[- ]for[- ]release)\W*$"
            r"|^\W*released\s[^\n\d]{0,40}\d"  # cilium's "Released Cilium 1.17"
            r"|^\W*complete(?:d)?\W*$"  # thanos-io/thanos' proposals-done/: "status: complete"
            rf"|\b(?:accept|approuv|adopt|valid|d[ée]cid|act|impl[ée]ment){_PP}(?!\w)",
            re.I,
        ),
    ),
    (
        "proposed",
        re.compile(
            r"\b(?:proposed|proposal|pending|draft|open|under review|wip|in review"
            r"|under discussion|in discussion|under consideration|in progress|on hold"
            r"|postponed|deferred|waiting(?:\s+(?:on|for))?\s+(?:review|approval|decision))\b"
            r"|^\W*(?:stagnant|last\s+call|review|provisional)\b"  # EIP-1's, a KEP's
            r"|^\W*ready\s+for\s+review\b"  # a dapr proposal's
            # a Swift proposal's way to its decision: "Active review (Aug 21...Sep 4)",
            # "Returned for revision", "Previewing" (a package to try before acceptance)
            r"|^\W*(?:active|scheduled\s+for|awaiting)\s+review\b"
            r"|^\W*returned\s+for\s+revision\b|^\W*previewing\b"
            # bazelbuild/proposals: "status: To be reviewed" put in force by --verified
            r"|^\W*to\s+be\s+(?:reviewed|discussed|decided|approved|accepted)\b"
            r"|^\W*(?:commenting|stalled)\W*$"  # pytorch/rfcs' labels on the way
            r"|^\W*dormant\b"  # a Cilium proposal nobody works on, which may come back
            rf"|\bpropos{_PP}(?!\w)|\bproposition\b|\bbrouillon\b|\bà\s+l['’]étude\b"
            r"|\ba\s+l['’]etude\b|\ben\s+(?:discussion|revue|relecture|cours|attente)\b"
            rf"|\breport{_PP}(?!\w)|\bsuspendue?s?\b|\bà\s+valider\b",
            re.I,
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class Ref:
    """One record a clause names: by a link, a number, or both."""

    text: str  # as written: "ADR 12", "[ADR028](ADR028-x.md)"
    link: str | None = None
    number: int | None = None


@dataclass(frozen=True, slots=True)
class Clause:
    kind: str  # SUPERSEDED_BY, SUPERSEDES, RELATED or PARTLY
    verb: str  # the words that said it: "Superseded by", "amended by"
    refs: tuple[Ref, ...]
    text: str  # the clause as written


@dataclass(frozen=True, slots=True)
class Record:
    number: int | None
    template: bool
    status: str  # the status text, comments removed, on one line
    # superseded, amended (partly superseded), rejected, deprecated, accepted, proposed or ""
    state: str
    clauses: tuple[Clause, ...]
    date: dt.date | None = None  # the day the record gives for itself
    ended: dt.date | None = None  # the day its "superseded by" clause gives
    stated: str = ""  # its state as the page writes it: "Accepted", "Partly superseded"
    # the day a table at its top, or its Date line ("updated 2023-02-05"), says it changed
    updated: dt.date | None = None
    why_template: str = ""  # what shows a template is one ("" for a record)


@functools.lru_cache(maxsize=4)
def _outlined(body: str) -> tuple[tuple[str, ...], tuple[markdown.Section, ...]]:
    """The lines and the outline of a page, read once however many of its sections are
    looked for (a page is read as a record in several passes)."""
    lines = tuple(body.split("\n"))
    return lines, markdown.outline(markdown.scan(body).headings, len(lines))


def _matching(
    body: str, pattern: re.Pattern[str], *, nested: bool = False
) -> list[tuple[markdown.Section, re.Match[str]]]:
    """Each section whose heading matches, with the match of its heading.

    Unless ``nested``, only a section of the record itself counts: one at the top of the
    page's outline, or right under its first heading (the title). A ``### Status``
    inside a specification's "Mappings" section is about something else."""
    outline = _outlined(body)[1]
    own = _own(body)
    out = []
    for number, section in enumerate(outline):
        if not nested and not own[number]:
            continue  # inside a section other than the title's
        match = pattern.match(passages.heading_text(section.title))
        if match is not None:
            out.append((section, match))
    return out


def _sections(body: str, pattern: re.Pattern[str], *, nested: bool = False) -> list[str]:
    """The text of each section whose heading matches (:func:`_matching`), the rest of the
    heading included."""
    return [_text_of(body, *found) for found in _matching(body, pattern, nested=nested)]


def _text_of(body: str, section: markdown.Section, match: re.Match[str]) -> str:
    """A section's text, after what its heading says beyond the name (``Status: Accepted``)."""
    rest = (match.group(1) or "") if match.groups() else ""
    return "\n".join([rest, *_outlined(body)[0][section.line : section.end]])


def _own_headings(body: str) -> list[str]:
    """The headings of the record's own sections (those :func:`_sections` reads), its
    title left out."""
    outline = _outlined(body)[1]
    own = _own(body)
    return [
        passages.heading_text(section.title)
        for number, section in enumerate(outline)
        if number and own[number]
    ]


@functools.lru_cache(maxsize=4)
def _own(body: str) -> tuple[bool, ...]:
    """For each section of the page's outline, whether it is the record's own: the first
    (the title), or one inside no section but the title's. One pass, the sections still
    open kept on a stack: a changelog holds thousands of headings."""
    outline = _outlined(body)[1]
    flags = [True] * len(outline)
    open_above: list[markdown.Section] = []
    for number in range(1, len(outline)):
        section = outline[number]
        while open_above and open_above[-1].end < section.line:
            open_above.pop()
        flags[number] = not any(o.level < section.level for o in open_above)
        open_above.append(section)
    return tuple(flags)


def _is_proposal(path: str, body: str, stated: bool) -> bool:
    """A proposal or an RFC: its title says so, its top says that this RFC, proposal or
    decision is superseded by or supersedes a record, it has a Proposal section beside
    its grounds (Go's design documents), or it is in a folder of RFCs or proposals with
    a design document's sections or a status (``stated``). A design folder is not one:
    its guides are not decisions."""
    outline = _outlined(body)[1]
    title = outline[0].title.strip(" *_") if outline else ""
    if _PROPOSAL_TITLE.match(title) or any(
        what in _RECORD_WORDS for what, _clause in _head_clauses(body)
    ):
        return True  # "# Proposal: ...", "This RFC has been superseded by [X](x.md)"
    headings = _own_headings(body)
    proposes = any(map(_PROPOSAL_HEADING.match, headings))
    if proposes and any(map(_GROUNDS_HEADING.match, headings)):
        return True
    shaped = stated or proposes or any(map(_DESIGN_HEADING.match, headings))
    filed = _filed_as_record(body)
    if (filed and shaped) or (filed == "qualified" and number_of(path) is not None):
        return True  # "- RFC PR: [#1](...)" in 0001-x.md, or "RFC: 12" above a Motivation
    return _in_proposals(path, shaped)


def _filed_as_record(body: str) -> str:
    """How a field near the top files the page as an RFC or a proposal (code aside):
    "qualified" for the record's own number or pull request (``RFC PR:``, ``KEP
    number:``), "bare" for ``RFC:`` or ``PEP:`` alone, which a guide may write of the
    RFC it follows; "" for none."""
    head = "\n".join(body.split("\n", _HEAD_LINES)[:_HEAD_LINES])
    found = list(_RECORD_FIELD.finditer(_FENCED.sub("", head)))
    if any(match.group("qualified") for match in found):
        return "qualified"
    return "bare" if found else ""


_ADDRESS = re.compile(r"https?://[^\s<>()\[\]]+|(?<![\w&/])#\d{1,9}\b")
# the field that names the issue a record is tracked by: aws/aws-cdk-rfcs' "Tracking
# Issue: [#745](...)", "* **Tracking Issue**: #39", "tracking issue:" in its frontmatter
_TRACKING_FIELD = re.compile(
    r"^ {0,3}(?:[-*+][ \t]+)?[*_]*tracking[ _-]issue[*_]*[ \t]*:", re.IGNORECASE | re.MULTILINE
)
_FILING_KEYS: Final = {"rfc_pr": "pull", "proposal_pr": "pull", "tracking_issue": "issue"}


def filings(body: str, meta: Mapping[str, Any] | None = None) -> list[tuple[str, str]]:
    """Where a record was proposed or is tracked, as its fields near its top say: each
    address, or ``#N`` written alone, with the kind of thread the field names ("pull"
    for ``RFC PR:``, ``Proposal PR:`` and a record's own number, "issue" for ``Tracking
    Issue:``). reactjs/rfcs writes ``- RFC PR: https://github.com/reactjs/rfcs/pull/2``,
    aws/aws-cdk-rfcs ``Tracking Issue: [#745](.../issues/745)``."""
    head = _FENCED.sub("", "\n".join(body.split("\n", _HEAD_LINES)[:_HEAD_LINES]))
    found = []
    heads = [(m, "pull") for m in _RECORD_FIELD.finditer(head) if m.group("qualified")]
    heads += [(m, "issue") for m in _TRACKING_FIELD.finditer(head)]
    for match, kind in heads:
        end = head.find("\n", match.end())
        found += [
            (kind, a) for a in _ADDRESS.findall(head[match.end() : end if end >= 0 else None])
        ]
    for key, value in (meta or {}).items():
        said = _FILING_KEYS.get(fields.key_name(key))
        if said is not None and isinstance(value, str):
            found += [(said, address) for address in _ADDRESS.findall(value)]
    return found


def _in_proposals(path: str, shaped: bool) -> bool:
    """In a folder of RFCs or proposals: shaped as a design document, or with a numbered
    or dated name right in that folder, as an ADR's in its folder (the parts of an RFC
    in a folder of its own are not RFCs themselves)."""
    folders = [part.lower() for part in path.split("/")[:-1]]
    if not set(folders) & _PROPOSAL_FOLDERS:
        return False
    name = posixpath.basename(path)
    if folders[-1] in _PROPOSAL_FOLDERS and name.rsplit(".", 1)[0].lower() in _FOLDER_PAGES:
        return False  # the folder's own page, on its proposals (carbon-lang's proposals/README.md)
    named = number_of(name) is not None or _dated(name)
    return shaped or (named and folders[-1] in _PROPOSAL_FOLDERS)


def _status_matching(body: str) -> list[tuple[markdown.Section, re.Match[str]]]:
    """The record's Status sections: at the top of its outline or under its title; deeper
    ones only on a page that has a Decision section too (Tyree and Akerman's template
    puts Issue, Decision and Status under "Summary")."""
    found = _matching(body, _STATUS_HEADING)
    if not found and _matching(body, _DECISION_HEADING, nested=True):
        found = _matching(body, _STATUS_HEADING, nested=True)
    return found


def _status_sections(body: str) -> list[str]:
    """The text of the record's Status sections (:func:`_status_matching`), code blocks
    left out: what one shows is an example, not the record's state (mdn/content's status
    pages hold "## Status" over a block of "202 Accepted", and were read as decisions).
    A section with sections of its own says its state above them, when it says anything
    there: kubernetes-sigs/gateway-api's API reference opens "## Status" on "Status
    defines the observed state of HTTPRoute.", and a subsection further down says a
    route "has been accepted by Gateway" (the page was read as a decision in force)."""
    outline = _outlined(body)[1]
    out = []
    for section, match in _status_matching(body):
        inner = [s.line for s in outline if section.line < s.line <= section.end]
        text = _FENCED.sub("", _text_of(body, section, match))
        if inner:  # above its own sections, unless it says nothing there
            own = _FENCED.sub("", _text_of(body, section._replace(end=inner[0] - 1), match))
            text = own if own.strip() else text
        out.append(text)
    return out


# a status field by the name a site gives it (pmd's Jekyll pages: "adr_status:")
# ("stage:", emberjs/rfcs': accepted, ready-for-release, released, recommended, discontinued)
_STATUS_FIELDS: Final = (
    "status", "statut", "adr_status", "decision_status", "record_status", "stage",
)  # fmt: skip
# a page's own field, as a Jekyll or Liquid template writes it in the text: "{{ page.adr_status }}"
_PAGE_FIELD = re.compile(r"\{\{-?\s*page\.([\w-]{1,64})\s*-?\}\}")


# the columns of a table at a record's top that say where it stands and when it was
# written or changed (backstage: "| Created | Status |" over "| 2020-05-17 | Open |")
_TABLE_COLUMNS: Final = {
    "status": "status", "statut": "status", "created": "created", "date": "created",
    "created on": "created", "creation date": "created", "date created": "created",
    "date de création": "created", "date de creation": "created", "créé le": "created",
    "cree le": "created", "updated": "updated", "last updated": "updated",
    "updated on": "updated", "mis à jour": "updated", "mis a jour": "updated",
    "mise à jour": "updated", "mise a jour": "updated", "date de mise à jour": "updated",
}  # fmt: skip
_TABLE_WIDTH = 6  # columns of such a table, at most: a wider one is about something else


def head_table(body: str) -> dict[str, str]:
    """What a small table near the top of a record states, by "status", "created" and
    "updated": a header row naming one of :data:`_TABLE_COLUMNS` (any case), its rule,
    and one row of values, outside code. A table of several rows (a matrix of features
    and their status) describes something else; nothing then."""
    lines = _FENCED.sub("", "\n".join(body.split("\n")[:_HEAD_LINES])).split("\n")
    for at in range(1, len(lines) - 1):
        if "|" not in lines[at - 1] or not cells.ROW_RULE.match(lines[at]):
            continue
        header, values = cells.row_cells(lines[at - 1]), cells.row_cells(lines[at + 1])
        after = lines[at + 2] if at + 2 < len(lines) else ""
        widths = {len(header), len(values), len(cells.row_cells(lines[at]))}
        if len(header) == 2 and "|" in after and (fields := _field_rows(lines[at + 1 :])):
            return fields
        # no header but a first field above the rule: "| Statut | Accepté |", "|---|---|",
        # "| Date | 03/02/2025 |"
        if len(header) == 2 and (fields := _field_rows([lines[at - 1], *lines[at + 1 :]])):
            return fields
        if len(header) > _TABLE_WIDTH or len(widths) > 1 or "|" in after:
            continue
        names = [" ".join(cell.lower().split()) for cell in header]
        named = {
            _TABLE_COLUMNS[name]: value
            for name, value in zip(names, values, strict=True)
            if name in _TABLE_COLUMNS and value
        }
        if named:
            return named
    return {}


def _field_rows(rows: list[str]) -> dict[str, str]:
    """The fields a table of two columns gives a row each ("| Status | Accepted |",
    "| Created | 2020-01-24 |", pytorch/rfcs' head table under an empty header), when two
    of its rows or more name one of :data:`_TABLE_COLUMNS`."""
    named: dict[str, str] = {}
    for row in rows:
        if "|" not in row:
            break
        found = cells.row_cells(row)
        key = " ".join(found[0].lower().strip("*_ ").split()) if len(found) == 2 else ""
        if key in _TABLE_COLUMNS and found[1].strip():
            named.setdefault(_TABLE_COLUMNS[key], found[1].strip())
    return named if len(named) >= 2 else {}


def status_text(body: str, meta: Mapping[str, Any]) -> str:
    """What the record says about its status: a foreign ``status`` field (or
    ``adr_status``...), the ``Status`` section, a ``Status:`` line near the top, and
    MADR's ``Links`` section; the page's fields its text names through a template
    (``{{ page.adr_status }}``) read as their values."""
    parts = []
    field = _status_field(meta)
    if field is not None:
        parts.append(field)
        # why a proposal was withdrawn: "Superseded by EIP-7702" names what replaced it
        reason = {fields.key_name(k): v for k, v in meta.items()}.get("withdrawal_reason")
        if isinstance(reason, str) and reason.strip():
            parts.append(reason)
    parts += _filled_status_sections(body, meta)
    if not parts:  # outside code: MDN's `status: "open",` in an example is no state
        head = _head(body)
        parts += [m.group(1) for m in _STATUS_LINE.finditer(head)]
    if not parts and "|" in body:  # "| Status |" over "| Open |": read as "Status: Open"
        parts += [head_table(body).get("status", "")]
    if not any(part.strip() for part in parts):
        parts = [logged_state(body)]
    parts += _sections(body, _LINKS_HEADING)
    text = markdown.without_comments("\n".join(parts), " ")
    return " ".join(text.split())


def logged_state(body: str) -> str:
    """The state the newest item of a record's change log gives, in its words
    ("approved" of ``- [approved](https://.../pull/1316) (2023-12-09)``), for a record
    that says its state nowhere else (edgex-docs' ADRs); '' when none gives one. The
    newest is the one of the latest day when every item giving a state has a day,
    else the last."""
    stating = []
    for item, day in dates.log_items(body):
        text = _ADDRESS.sub(" ", _LINK_TEXT.sub(r"\1", markdown.without_comments(item, " ")))
        for _name, pattern in _STATES:
            if (found := pattern.search(text)) is not None:
                stating.append((found.group(0).strip(), day))
                break
    if not stating:
        return ""
    if all(day is not None for _word, day in stating):
        return max(reversed(stating), key=lambda pair: pair[1] or dt.date.min)[0]
    return stating[-1][0]


def _status_field(meta: Mapping[str, Any]) -> str | None:
    """The value of the page's status field, under any name :data:`_STATUS_FIELDS` gives."""
    named = {fields.key_name(k): v for k, v in meta.items()}
    return next((named[k] for k in _STATUS_FIELDS if isinstance(named.get(k), str)), None)


def _filled_status_sections(body: str, meta: Mapping[str, Any]) -> list[str]:
    """The Status sections, the page's fields they print through a template filled in
    (``{{ page.adr_status }}``); one left with nothing to say is dropped."""
    found = _status_sections(body)
    if "{{" not in "".join(found):
        return found
    filled = [_PAGE_FIELD.sub(lambda m: _field_text(meta, m.group(1)), text) for text in found]
    return [text for text in filled if text.strip(" ()\n")]


def _field_text(meta: Mapping[str, Any], name: str) -> str:
    """A status field of the page as a template prints it; any other field, such as the
    day it was last updated, says nothing of the record's state and is left out."""
    value = meta.get(name)
    if fields.key_name(name) not in _STATUS_FIELDS or value is None:
        return ""
    return str(value) if isinstance(value, str | int | float) else ""


LOG_MIN = 10  # numbered pages a folder needs before its records make it a log
LOG_SHARE = 0.9  # share of them that must be records
# or records, that share at least, and pages shaped as design documents, the rest:
# tikv/rfcs' 42 RFCs, 17 with an "RFC PR:" line and 25 without, all with a Summary,
# a Motivation and a Detailed design, came in as 17 decisions and 25 reference pages
SHAPED_LOG_SHARE = 0.25
# share enough when every numbered page names the same series before its number
# ("RFC-0011-inference-mode.md"): pytorch/rfcs' nine records of sixteen RFCs
SERIES_SHARE = 0.5
_SERIES_LEAD = re.compile(rf"^({_SERIES})[-_ ]?\d", re.IGNORECASE)


def _one_series(paths: list[str]) -> bool:
    """Whether every path's file name opens with the same record series and its number."""
    leads = {
        found.group(1).lower() if (found := _SERIES_LEAD.match(posixpath.basename(p))) else ""
        for p in paths
    }
    return len(leads) == 1 and "" not in leads


def in_a_log(
    paths: Iterable[str], records: Container[str], shaped: Callable[[str], bool] | None = None
) -> set[str]:
    """The numbered ``paths`` that are not among ``records`` but sit in a folder whose
    numbered pages are records nearly all (:data:`LOG_MIN`, :data:`LOG_SHARE`): a log's
    pages, whatever one of them happens to lack (rust-lang/rfcs: three of 647 RFCs write
    no "RFC PR:" line, and came in as reference pages beside 644 decisions). When every
    numbered page names one series before its number, half of them will do
    (:data:`SERIES_SHARE`); so will a quarter (:data:`SHAPED_LOG_SHARE`) when the
    others are nearly all ``shaped`` as design documents (:func:`design_shaped` of
    their text, which the caller reads)."""
    by_folder: dict[str, list[str]] = {}
    for path in paths:
        if number_of(path) is not None:
            by_folder.setdefault(posixpath.dirname(path), []).append(path)
    out: set[str] = set()
    for numbered in by_folder.values():
        others = [p for p in numbered if p not in records]
        held = len(numbered) - len(others)
        share = SERIES_SHARE if _one_series(numbered) else LOG_SHARE
        if len(numbered) < LOG_MIN:
            continue
        if held >= share * len(numbered):
            out.update(others)
        elif shaped is not None and held >= SHAPED_LOG_SHARE * len(numbered):
            designs = sum(map(shaped, others))
            if held + designs >= LOG_SHARE * len(numbered):
                out.update(others)
    return out


def design_shaped(body: str) -> bool:
    """Whether a page has the sections of a design document or a proposal (Motivation,
    Detailed design, Alternatives, Proposal...) among its own."""
    headings = _own_headings(body)
    return any(_PROPOSAL_HEADING.match(h) or _DESIGN_HEADING.match(h) for h in headings)


def _said_status(body: str) -> list[str]:
    """The texts of a page's status sections and of the status lines or table cell at
    its top, comments left in."""
    if "tatus" not in body and "tatut" not in body and "tate" not in body:
        return []
    head = _FENCED.sub("", "\n".join(body.split("\n")[:_HEAD_LINES]))
    stated = [*_status_sections(body), *_STATUS_LINE.findall(head)]
    table = head_table(body).get("status", "") if "|" in head else ""
    return [*stated, table] if table else stated


def gives_maturity(body: str) -> bool | None:
    """Whether a page's status line or section gives a maturity ("Stable",
    "Development", "Mixed") rather than a record's state (False); None when it gives
    neither."""
    stated = [markdown.without_comments(text, " ") for text in _said_status(body)]
    if not any(text.strip(" *_") for text in stated):
        return None
    return not any(map(_state, stated))


_LINKED_PAGE_ITEM = re.compile(
    r"^[ \t]*(?:[-*+]|\d{1,4}[.)])[ \t]+\[[^\]\n]+\]\([^)\s]+\.md\b", re.M
)
_INDEX_LINKS = 3  # links to pages an index of the log lists at least


def _log_index(path: str, body: str, meta: Mapping[str, Any]) -> bool:
    """Whether a page among records is the log's own index, no record: a README or an
    index, or a page titled by the kind alone ("Architecture Decision Record (ADR)"),
    that lists links to pages and states no status (MTES-MCT/dialog's docs/adr/README.md
    came in as a decision, in force once imported with --verified)."""
    stem = posixpath.basename(path).rsplit(".", 1)[0].lower()
    outline = _outlined(body)[1]
    title = outline[0].title.strip() if outline else ""
    if stem not in ("readme", "index") and _KIND_ALONE.fullmatch(title) is None:
        return False
    if _status_field(meta) or _said_status(body):
        return False
    return len(_LINKED_PAGE_ITEM.findall(body)) >= _INDEX_LINKS


def looks_like_adr(path: str, body: str, meta: Mapping[str, Any], *, by_state: bool = True) -> bool:
    """A decision record: an ``ADR``-numbered name, a status section or line that gives
    a record's state or stands beside a Decision section, a status field that gives a
    state, a Decision section beside a Context section, a title that says it is one, or
    a numbered or template name in a decisions folder (``path`` is read from the
    project, so that the folder the pages came from counts); or a proposal or an RFC
    (:func:`_is_proposal`).

    Any other status is a page's maturity: every page of a specification may open
    with ``**Status**: Stable`` without recording a decision. Without ``by_state``, a
    status line giving a state is such a maturity too ("Deprecated" among pages that
    are "Stable" or "Development"), unless a Decision section stands beside it."""
    name = posixpath.basename(path)
    if _ADR_PREFIX.match(name):
        return True
    stated = [text for text in _said_status(body) if not _explains_states(text)]
    if stated and (
        (by_state and any(_state(markdown.without_comments(text, " ")) for text in stated))
        or _sections(body, _DECISION_HEADING, nested=True)
    ):
        return True
    field = (_status_field(meta) or "").strip()
    if (
        _FIELD_STATE.match(field)
        or _numbered_by_series(path, meta)
        # npm/rfcs' implemented/: "status: implemented" over a numbered RFC
        or (_SHIPPED.match(field) and _numbered(name, meta))
    ):
        return True  # a status field giving a state, or its number under the series' name
    if _sections(body, _DECISION_HEADING, nested=True) and _sections(
        body, _CONTEXT_HEADING, nested=True
    ):
        return True  # a Decision beside its Context: a record that states no status
    outline = _outlined(body)[1]
    title = outline[0].title if outline else ""
    # what a title says before its subject ("ADR: Process payments" is a record)
    head = _SUBJECT.split(title, maxsplit=1)[0]
    named = (
        _RECORD_TITLE.search(title) is not None
        and _ABOUT_RECORDS.search(head) is None
        and _KIND_ALONE.fullmatch(title.strip()) is None
    )
    if named or _is_proposal(path, body, bool(stated)):
        return True  # "# Architecture Decision Record: MySQL database", "# Proposal: ..."
    folders = {part.lower() for part in path.split("/")[:-1]}
    numbered = number_of(name) is not None or "template" in name.lower()  # MADR's adr-template.md
    return numbered and bool(folders & _ADR_FOLDERS)


# folders a log sorts its records into by state, when the records say none themselves
# (dotnet/csharplang: proposals/rejected/, proposals/inactive/); "proposals/" or
# "active/" says nothing of a state, and is not here
_FOLDER_STATES: Final = {
    **dict.fromkeys(("rejected", "declined", "refused", "withdrawn", "abandoned"), "rejected"),
    **dict.fromkeys(
        ("inactive", "dormant", "stale", "obsolete", "deprecated", "retired", "superseded"),
        "deprecated",
    ),
    **dict.fromkeys(("archive", "archived", "attic", "graveyard"), "deprecated"),
    **dict.fromkeys(("accepted", "approved", "adopted", "implemented", "done"), "accepted"),
    **dict.fromkeys(("completed", "final", "finished", "shipped"), "accepted"),
    **dict.fromkeys(("proposed", "pending", "deferred", "postponed", "on-hold"), "proposed"),
}


def _with_folder(path: str, state: str, *, silent: bool) -> str:
    """A record's state once its folder is heard: the folder's for a record that says
    none (``silent``: dotnet/csharplang's rejected/ and inactive/); and the end of its
    life for one moved into archived/ or retired/ after it was written, its text left
    as it was (cluster-api's archived kubelet proposal still says "implementable", its
    retired ones "proposed")."""
    if not state and silent:
        return folder_state(path)[0]
    ended, folder = folder_state(path)
    own = folder == posixpath.dirname(path)  # its own folder, not one far above it
    moved = state in ("accepted", "proposed") and ended == "deprecated" and own
    return "deprecated" if moved else state


def names_a_state(folder: str) -> bool:
    """Whether a folder's own name is a state its records are in (``accepted``,
    ``withdrawn``, ``archive``...), as :func:`folder_state` reads it."""
    return folder_state(f"{folder}/x.md")[1] == folder


def folder_state(path: str) -> tuple[str, str]:
    """The state the nearest folder of ``path`` gives its records by its name, and that
    folder (``proposals/rejected/x.md``: rejected, ``proposals/rejected``); ('', '') when
    none does."""
    parts = posixpath.dirname(path).split("/")
    for at in range(len(parts) - 1, -1, -1):
        name = parts[at].casefold().lstrip("0123456789-_. ").replace("_", "-")
        if name in _FOLDER_STATES:
            return _FOLDER_STATES[name], "/".join(parts[: at + 1])
    return "", ""


def state_of(text: str) -> str:
    """The state a record's status text gives ("accepted", "amended" for "Partly
    superseded"...), '' when none."""
    return _state(text)


_SERIES_FIELDS: Final = frozenset(RECORD_SERIES) - {"dr"}


def _numbered_by_series(path: str, meta: Mapping[str, Any]) -> bool:
    """Whether the page's frontmatter gives it the number its file name carries, under
    the series' name (``eip: 8141`` in ``eip-8141.md``): a proposal of a numbered log,
    whatever its state (ethereum/EIPs' drafts and reviews were read as references)."""
    number = number_of(path)
    if number is None:
        return False
    return any(
        fields.key_name(key).removesuffix("_number") in _SERIES_FIELDS  # a KEP's "kep-number"
        and str(value).strip().lstrip("0") == str(number)
        for key, value in meta.items()
        if isinstance(value, int | str) and not isinstance(value, bool)
    )


def _state(text: str) -> str:
    """The state a status text gives; the targets of its links and its web addresses say
    none (``open`` in ``github.com/open-telemetry``)."""
    text = _ADDRESS.sub(" ", text)
    for name, pattern in _STATES:
        if pattern.search(text):
            return name
    return ""


_PLACEHOLDER_STATES = 3  # states a status names at once when it only lists the choices
_EXPLAINING_WORDS = 40  # words of a status section that tells what the states mean


def _explains_states(text: str) -> bool:
    """Whether a status section tells what each state means rather than giving one: the
    README of cilium/design-cfps ("There are five different statuses that a CFP can
    have: 1. Draft: ...") was read as a decision record."""
    return len(text.split()) > _EXPLAINING_WORDS and _named_states(text) >= _PLACEHOLDER_STATES


def _comma_choices(status: str) -> int:
    """How many states a status lists between commas, when it is nothing but such a list
    of two kinds of state at least: a form's "Implementable, Released, Dormant, Declined"
    (cilium/design-cfps' template), not "Accepted, implemented"."""
    parts = [part.strip(" []{}*_\"'") for part in re.split(r"\s*[,;]\s*|\s+or\s+", status)]
    parts = [part for part in parts if part]
    if len(parts) < _PLACEHOLDER_STATES or any(len(part.split()) > 3 for part in parts):
        return 0
    kinds = [_state(part) for part in parts]
    return len(parts) if all(kinds) and len(set(kinds)) >= 2 else 0


def _listed(text: str) -> int:
    """How many choices a status lists between bars, whatever words they are
    (``provisional|implementable|implemented|deferred``: four), when it is nothing but
    that list: a table (``| Status | Date |``) or fields on one line (``accepted |
    Date: 2021-03-04``) list no choices."""
    if "|" not in text or "--" in text or ":" in text:
        return 0
    parts = [part.strip(" []{}*_\"'") for part in text.split("|")]
    parts = [part for part in parts if part]
    return len(parts) if all(len(part.split()) <= 3 for part in parts) else 0


def _choices(status: str) -> int:
    """How many record states a status lists between bars (``A | B``), the form's."""
    return sum(1 for part in status.split("|") if _state(part)) if "|" in status else 0


def _named_states(text: str) -> int:
    """How many of the states ``text`` names (links and addresses aside)."""
    text = _ADDRESS.sub(" ", text)
    return sum(1 for _name, pattern in _STATES if pattern.search(text))


def _refs(text: str, defined: Mapping[str, str]) -> tuple[Ref, ...]:
    """The records named at the start of ``text``: ``ref (and|,|&) ref ...``."""
    return _refs_at(text, 0, defined)[0]


def _linked(text: str, label: str, defined: Mapping[str, str]) -> str | None:
    """Where a reference link leads: the definition its ``label`` names, or its ``text``
    when the label is empty or left out (``[RFC 1974][]``, ``[RFC 1974]``); None for a
    label the page leaves undefined: brackets, not a link."""
    return defined.get(markdown.label(label or text))


def _refs_at(
    text: str, at: int, defined: Mapping[str, str] = _NONE_DEFINED
) -> tuple[tuple[Ref, ...], int]:
    """The records named from ``at`` in ``text``, and where the last one ends. A link's
    number is the one its text gives (``[ADR 12](x.md)``), else its file name's; a day
    is none (``[20260807-use-urfave.md](...)``). A reference link (``[RFC 1974][]``)
    leads where the page's ``defined`` labels say."""
    refs: list[Ref] = []
    end = at
    while True:
        if (article := _ARTICLE.match(text, at)) is not None:  # "par l'ADR 3", "la décision 4"
            at = article.end()
        link = _LINK_REF.match(text, at) or _AUTOLINK_REF.match(text, at)
        target = link.group("link").strip("<>") if link is not None else None
        if link is None and (labelled := _LABELLED_REF.match(text, at)) is not None:
            target = _linked(labelled.group("text"), labelled.group("label") or "", defined)
            link = labelled if target is not None else None
        if link is not None and target is not None:
            said = link.group("text")
            # a reference link whose text is its bare label ("[1]", "see [2]") numbers
            # the page's notes, not records: only a text with words gives a number
            bare_label = link.re is _LABELLED_REF and not _WORDED.search(said)
            found = None if bare_label else _TEXT_NUMBER.search(_DAY_DIGITS.sub(" ", said))
            # an issue's address ends on a number that names no record: a page's does
            web = links.is_address(target) and not links.is_doc_path(target.split("#")[0])
            number = int(found.group()) if found else None if web else number_of(target)
            refs.append(Ref(link.group(0).strip(), target, number))
            at = end = link.end()
        elif (bare := _NUMBER_REF.match(text, at)) is not None:
            refs.append(Ref(bare.group("text"), None, int(bare.group("n"))))
            at = end = bare.end()
        else:
            return tuple(refs), end
        joined = _JOIN.match(text, at)
        if joined is None:
            return tuple(refs), end
        at = joined.end()


# what may stand before "superseded" and still mean the record itself: "it", "this RFC",
# "later superseded by", "since superseded by"
_ITSELF_WORDS = frozenset(
    {"it", "this", "that", "the", "rfc", "adr", "record", "proposal", "document", "page",
     "decision", "design", "is", "are", "was", "were", "has", "have", "been", "be", "now",
     "later", "since", "then", "eventually", "fully", "entirely", "completely", "wholly",
     "subsequently", "ultimately", "effectively", "officially", "formally", "also", "and"}
)  # fmt: skip
_CLAUSE_START = re.compile(r"[—–;:.()]|\s-\s")


def _a_part_superseded(before: str) -> bool:
    """Whether the words right before a "superseded" (back to the clause's start) name a
    part of the record, not the record: "the §5 tool-routing decision is superseded by
    RFC 0008", "Decisions 2 and 3 are superseded", "tool routing superseded by"
    (jaegertracing/jaeger), against "Superseded by", "It was later superseded by"."""
    start = max((m.end() for m in _CLAUSE_START.finditer(before)), default=0)
    words = re.findall(r"[^\W_]+|§", before[start:].casefold())
    if not words or words[0] in ("this", "it") or any(_state(w) for w in words if w.isalpha()):
        return False  # "This KEP has been replaced by": the page itself, whatever its kind
    return any(word not in _ITSELF_WORDS and word not in RECORD_SERIES for word in words)


_SUPERSEDED_WORD = re.compile(r"\bsu+p+er+[sc]e+ded?\b", re.IGNORECASE)


def _parts_superseded(status: str) -> bool:
    """Whether every "superseded" of a status names a part of the record superseded."""
    found = list(_SUPERSEDED_WORD.finditer(status))
    return bool(found) and all(_a_part_superseded(status[: m.start()]) for m in found)


def clauses(status: str, defined: Mapping[str, str] = _NONE_DEFINED) -> tuple[Clause, ...]:
    """Every supersession or related clause of a status text, in order; ``defined``: the
    page's link reference definitions, by label (:func:`markdown.definitions`). A
    supersession of a part of the record ("the §5 decision is superseded by") is partial."""
    found = list(_VERB.finditer(status))
    out = []
    for index, match in enumerate(found):
        end = found[index + 1].start() if index + 1 < len(found) else len(status)
        kind = match.lastgroup or RELATED
        if kind == SUPERSEDED_BY and _a_part_superseded(status[: match.start()]):
            kind = PARTLY
        text = status[match.start() : end].strip(" ,;.")
        verb = match.group(0).rstrip(" \t:")
        out.append(Clause(kind, verb, _refs(status[match.end() : end], defined), text))
    return tuple(out)


# a heading whose words end on a note in parentheses of what replaced the record
_TITLE_NOTE = re.compile(
    r"^ {0,3}#{1,6}[ \t][^(\n]*\((?=[ \t]*(?:superseded|replaced|obsoleted|deprecated)\s+by\b)",
    re.IGNORECASE,
)


@functools.lru_cache(maxsize=4)
def _head_clauses(body: str) -> tuple[tuple[str, Clause], ...]:
    """The supersessions the top of a page states in a sentence of its own, outside
    code and comments, in a quote or a GitHub alert too: "This RFC has been superseded
    by [X](x.md)", "This RFC supersedes [X](x.md)", a line "Supersedes [X](x.md)". Each
    with what the sentence calls the page ("rfc", "proposal", "document"..., "" for a
    line), and only when it names a record by a link or a number: prose such as "the
    old behaviour is superseded by the new API" is no clause."""
    head = markdown.without_comments(_head(body), " ")
    lines = [_ALERT.sub("", _QUOTE.sub("", _CODE_SPAN.sub(" ", line))) for line in head.split("\n")]
    found: list[tuple[str, Clause]] = []
    text = " ".join(lines)
    defined = markdown.definitions(body) if "]:" in body else _NONE_DEFINED
    for match in (*_SENTENCE.finditer(text), *_SENTENCE_FR.finditer(text)):
        # "decision record" -> "record"; "" for a bare "this"; French as English
        what = (match.group("what") or "").lower().split()[-1:] or [""]
        # "this replaces 2 cron jobs": a bare "this" may be anything; it is the page only
        # when what it replaces is a record
        loose = not what[0]
        found += _head_clause(text, match, _FRENCH_WHAT.get(what[0], what[0]), defined, loose)
    for line in lines:
        # "# Static Delegates (superseded by [function pointers](...))": dotnet/csharplang
        if (noted := _TITLE_NOTE.match(line)) is not None:
            note = line[noted.end() :]
            if (lead := _LEAD.match(note)) is not None:
                found += _head_clause(note, lead, "", defined)
        if (lead := _LEAD.match(line)) is not None:
            # "Remplace 2 scripts cron": the French verb is an everyday one
            loose = (lead.group("does") or "").lower().startswith(_FRENCH_VERBS)
            found += _head_clause(line, lead, "", defined, loose)
    for row in (line for line in lines if line.lstrip().startswith("|")):
        found += _row_clauses(row, defined)
    return tuple(found)


def _row_clauses(row: str, defined: Mapping[str, str]) -> list[tuple[str, Clause]]:
    """The clauses the cells of a table's row open with, each as a line of its own
    ("| final | 2024/07/17 | Deprecate in favor of ADR-37 |", a row of nats-io's revision
    tables), with the day another cell of the row gives: the day it took effect."""
    out = []
    for cell in row.split("|"):
        lead = _LEAD.match(cell)
        if lead is None:
            continue
        day = dates.day(row.replace(cell, " ", 1)) if "|" in row else None
        for what, said in _head_clause(cell, lead, "", defined):
            dated = day is not None and _day_of(said) is None
            text = f"{said.text} ({day.isoformat()})" if dated and day else said.text
            out.append((what, dataclasses.replace(said, text=text)))
    return out


_FRENCH_VERBS = ("rempla", "suppla", "abrog", "rend", "a ")
# a record named by its kind and number: "RFC 1977", "ADR-3", "décision 4", "KEP 859"
_RECORD_NAMED = re.compile(
    r"\b(?:rfc|adr|kep|pep|d[ée]cision|record|proposal|proposition)\W{0,3}\d", re.I
)


def _record_like(ref: Ref) -> bool:
    """Whether a reference names a record beyond doubt: by its kind and number, or by a
    link to a numbered or dated page."""
    if _RECORD_NAMED.search(ref.text):
        return True
    path = (ref.link or "").split("#")[0].rstrip("/")
    return bool(path) and links.is_doc_path(path) and (number_of(path) is not None or _dated(path))


def _head_clause(
    text: str,
    match: re.Match[str],
    what: str,
    defined: Mapping[str, str],
    loose: bool = False,
) -> list[tuple[str, Clause]]:
    refs, end = _refs_at(text, match.end(), defined)
    if loose:  # only records count, and nothing when something else is named
        refs = refs if all(map(_record_like, refs)) else ()
    if not refs:
        return []
    said = match.groupdict()
    kind = SUPERSEDED_BY if said.get("superseded_by") else SUPERSEDES
    kind = PARTLY if said.get("partly") else AMENDS if said.get("amends") else kind
    verb = " ".join(str(said.get(kind) or said.get("does")).split())
    clause = Clause(kind, verb, refs, text[match.start() : end].strip(" *_"))
    return [(what if what != "record" else "decision", clause)]


def _key(clause: Clause) -> tuple[str, tuple[tuple[str | None, int | None], ...]]:
    return clause.kind, tuple((ref.link, ref.number) for ref in clause.refs)


# a record's name whose number is the placeholder a template holds: "adr-NNN.md",
# "NNNN-title.md", "rfc-XXXX.md"
_PLACEHOLDER_NAME = re.compile(r"^(?:adr|rfc|decision|dr|kep)?[-_ ]?(?:n{3,}|x{3,})(?=[-_.]|$)")


_TEMPLATE_WORDS: Final = frozenset(
    {"template", "templates", "modele", "modèle", "modeles", "modèles", "gabarit"}
)
# the other words of a template's name: what kind of record, which variant; a name with
# a word of its own is about something ("choose-template-engine", "modele-de-donnees")
_FORM_WORDS: Final = frozenset({
    "adr", "adrs", "madr", "rfc", "rfcs", "kep", "pep", "decision", "decisions", "record",
    "records", "doc", "docs", "document", "design", "architecture", "architectural", "short",
    "long", "minimal", "full", "bare", "simple", "lightweight", "example", "sample", "blank",
    "new", "default", "nygard", "tyree", "akerman", "statement", "de", "des", "du", "la", "le",
    "pour", "for", "the", "a", "an", "of", "fr", "en", "proposal", "proposals", "enhancement",
    "grfc", "pip", *RECORD_SERIES,
})  # fmt: skip
# a number or its placeholder, alone or glued to the kind of record (backstage's
# "adr000-template.md"), a day's placeholder, a version
_FORM_TOKEN = re.compile(r"(?:adr|rfc|kep|pep|dr)?(?:\d+|n+|x+)|[ymd]{2,8}|v\d+")


FORM_WORDS = 40  # words a template holds outside its headings and its notes, at most
FORM_HEADINGS = 3  # headings a template holds at least: the outline to fill in


def is_form(path: str, body: str) -> bool:
    """Whether a page that is no record is a form to fill in all the same: its file name
    says it is a template, and it holds little but an outline of headings and notes for
    the writer in comments (edgex-docs' use-case ``template.md``). A page named so for
    the site's templates it uses holds text of its own, and no such outline."""
    if not _template_name(posixpath.basename(path)):
        return False
    said = markdown.without_comments(body, " ").split("\n")
    headings = sum(1 for line in said if line.lstrip().startswith("#"))
    words = sum(len(line.split()) for line in said if not line.lstrip().startswith("#"))
    return headings >= FORM_HEADINGS and words <= FORM_WORDS


def _template_name(name: str) -> bool:
    """Whether a file name is a template's: it says "template" and carries no record's
    number nor day (``adr-template.md``, ``0000-madr-template.md``, ``NNNN-template.md``,
    ``design-doc-template.md``); a record about templates is numbered or dated
    (``adr-014-project-templates.md``, ``20201016-email-templates.md``). A placeholder
    where the number goes (``adr-NNN.md``, pmd's template) says so too."""
    words = [w for w in re.split(r"[-_. ]+", name.lower().rsplit(".", 1)[0]) if w]
    said = bool(_TEMPLATE_WORDS.intersection(words)) and all(
        w in _TEMPLATE_WORDS or w in _FORM_WORDS or _FORM_TOKEN.fullmatch(w) for w in words
    )
    return (said and not number_of(name) and not _dated(name)) or bool(
        _PLACEHOLDER_NAME.match(name)
    )


_EMPHASIS = re.compile(r"(\*\*|__)([^*_|\n]+?)\1")


def chosen(status: str) -> str:
    """The choice a filled-in form marks among those its template listed (``draft |
    pending feedback | **final**`` gives ``final``); the words before the choices a form
    lists in braces or brackets (``In Review {Draft, In Review, Implemented}`` gives
    ``In Review``; the list alone gives no state, :func:`_placeholder_states`); any
    other status as it is."""
    offered = _OFFERED.search(status)
    if offered is not None and offered.start() > 0 and _comma_choices(offered.group(1)):
        return (status[: offered.start()] + status[offered.end() :]).strip(" -:,;*_")
    if "|" not in status:
        return status
    marked = _EMPHASIS.findall(status)
    return marked[0][1].strip() if len(marked) == 1 else status


# the choices a form offers, between braces or brackets: grpc/proposal's template writes
# "* Status: {Draft, In Review, Ready for Implementation, Implemented}", and seventeen
# proposals kept that line, read as implemented
_OFFERED = re.compile(r"[{\[]([^{}\[\]\n]+)[}\]]")


def is_template(path: str, status: str, *, dated: bool = False, title: str = "") -> bool:
    """A record template (see :func:`template_evidence`)."""
    return bool(template_evidence(path, status, dated=dated, title=title))


# who may sign a record in its fields, and what a form leaves in them
_SIGNING_FIELDS: Final = ("author", "authors", "owner", "owners", "deciders")
_UNSIGNED = re.compile(
    r"(?:tbd|tba|todo|n/?a|none|name|your[ _-]?name|author|authors|x+|\.{3}|…"
    r"|\[[^\]]*\]|<[^>]*>|\{[^}]*\})",
    re.IGNORECASE,
)


def signed(meta: Mapping[str, Any]) -> bool:
    """Whether a record's fields name someone who wrote or decided it, not a form's
    stand-in ("TBD", "<name>"): openshift/enhancements' e2e-observer-pods.md, by
    "@deads2k", kept the form's day ("yyyy-mm-dd") and status, and was left out as a
    template, where the form itself names "TBD"."""
    for key in _SIGNING_FIELDS:
        value = meta.get(key)
        for item in value if isinstance(value, list) else [value]:
            name = str(item).strip(" \t\"'@") if isinstance(item, str) else ""
            if name and _UNSIGNED.fullmatch(name) is None:
                return True
    return False


def template_evidence(path: str, status: str, *, dated: bool = False, title: str = "") -> str:
    """What shows a record is a template, in words ("" for none): its name says so, or
    a folder of templates holds it (``keps/NNNN-kep-template/README.md``,
    ``.github/ISSUE_TEMPLATE/proposal.md``); or, when it gives no day of its own, its
    status lists the choices (``A | B``) or its title is only placeholders
    (``ADR000: [TITLE]``, ``{Title}``). A record that is ``dated`` (or signed: see
    :func:`signed`) was filled in, its status or title left as the form had it
    (openshift/enhancements: "status: provisional|implementable|implemented|...")."""
    *folders, name = path.lower().split("/")
    # a name that would say so but for a word of its own, in a folder named for them:
    # "proposal-templates/0000-swift-template.md"
    named = "template" in name and any(map(_TEMPLATES_OF.match, folders))
    if named or any(map(_TEMPLATE_FOLDER.match, folders)):
        return "a folder of templates holds it"
    if _template_name(name):
        return "its file name says so"
    if dated:
        return ""
    # between bars; or between commas, named a template though numbered as the records
    # are (cilium/design-cfps' CFP-003-template.md: "Implementable, Released, ...")
    if _choices(status) >= 2 or ("template" in name and _comma_choices(status)):
        return "its status lists the form's choices"
    if placeholder_title(title):
        return f"its title {title.strip()!r} is only placeholders"
    return ""


# what a title may open with before its own words: "ADR000:", "ADR-NNN -", "RFC 0000.", "12."
_TITLE_NUMBER = re.compile(
    r"^\s*(?:(?:adr|rfc|kep|pep|dr|decision)\b[\s#_-]*|(?:adr|rfc|kep|pep|dr)(?=\d))?"
    r"(?:\d+|n{2,}|x{2,})?\s*[:.\u2013\u2014-]?\s*",
    re.IGNORECASE,
)
# a placeholder a form asks to fill in: "[TITLE]" (not a link's text), "{title}",
# "{{ title }}", "<title>"
_PLACEHOLDER = re.compile(r"\[[^\[\]\n]+\](?![(\[])|\{\{?[^{}\n]+\}?\}|<[^<>\n]+>")


# the words a form's placeholder asks with: "[short title of solved problem and solution]"
_ASKING_WORDS = re.compile(
    r"\b(?:title|name|subject|topic|summary|description|problem|solution|decision|feature"
    r"|proposal|short|your|tbd|todo|x{2,}|n{3,}|titre|nom|sujet)\b",
    re.IGNORECASE,
)


# the number of a form's title, to fill in: "RFC-NNNN", "ADR XXX"
_FORM_NUMBER = re.compile(r"^\s*[A-Za-z]{2,8}[\s#_-]*(?:n{3,}|x{3,})\b", re.IGNORECASE)
# a day a form asks for, after a label near its top: "**Creation date:** YYYY-MM-DD", or
# the variable a tool fills in when it copies the form ("- Date: {DATE_YESTERDAY}", as
# log4brains' starter records have it; "{{ date }}", "<date>")
_PLACEHOLDER_DAY = re.compile(
    r"^[^\S\n]*(?:[-*+][^\S\n]*)?[*_]*(?:[\w ]{0,20}\b(?:date|created|updated|update))[*_]*"
    r"[^\S\n]*:[*_]*[^\S\n]*((?:YYYY-MM-DD|YYYY/MM/DD|DD/MM/YYYY|MM/DD/YYYY)\b"
    r"|\{\{?[^{}\n]{0,40}(?:date|day|today|yesterday|now)[^{}\n]{0,40}\}\}?"
    r"|<[^<>\n]{0,40}(?:date|day)[^<>\n]{0,40}>)",
    re.IGNORECASE | re.MULTILINE,
)


def placeholder_title(title: str) -> bool:
    """Whether a title is only the placeholders of a form, after the number a record's
    title opens with: ``ADR000: [TITLE]``, ``{Title}``, ``<short title>``,
    ``[short title of solved problem and solution]``; not ``[Link](x.md)``, nor a
    title its author put in brackets (pytorch/rfcs' "[CPython version support]": no
    word of a form's)."""
    rest = _TITLE_NUMBER.sub("", title, count=1)
    if _FORM_NUMBER.match(title) and _ASKING_WORDS.fullmatch(rest.strip(" \t*_`:.-")):
        return True  # fluxcd/flux2's "RFC-NNNN Title": a number and a name to fill in
    found = _PLACEHOLDER.findall(rest)
    if not found or not any(_ASKING_WORDS.search(piece) for piece in found):
        return False
    return not _PLACEHOLDER.sub("", rest).strip(" \t*_`:;,.-\u2013\u2014/|")


def _placeholder_states(status: str) -> bool:
    """Whether a status names the states a form offers rather than one
    ("proposed, accepted, rejected, deprecated, superseded, etc."), or lists them in
    braces or brackets: grpc/proposal's "{Draft, In Review, Ready for Implementation,
    Implemented}", two kinds of state, was read as implemented."""
    offered = _OFFERED.fullmatch(status.strip())
    return (
        _named_states(status) >= _PLACEHOLDER_STATES
        or _listed(status) >= _PLACEHOLDER_STATES
        or (offered is not None and _comma_choices(offered.group(1)) >= _PLACEHOLDER_STATES)
    )


def date_of(body: str, meta: Mapping[str, Any], status: str) -> dt.date | None:
    """The day a record gives for itself: a ``Date:`` line near the top (code left
    out), a ``Date`` section, a day in its state ("Accepted on 2021-03-04"), or a
    field that says when it was written (``date``, ``created``, ``creation-date``)."""
    head = _head(body)
    french = _FRENCH_FIELDS.search(head) is not None
    for line in _DATE_LINE.finditer(head):
        found = dates.day(line.group(1), day_first=french)
        if found is not None:
            return found
    found = dates.day(head_table(body).get("created"), day_first=french) if "|" in head else None
    if found is not None:
        return found
    for text in _sections(body, _DATE_HEADING):
        found = dates.day(text.strip().split("\n\n")[0])
        if found is not None:
            return found
    verb = _VERB.search(status)
    said = "" if _REVIEW_WINDOW.search(status) else status[: verb.start()] if verb else status
    return dates.day(said) or dates.field_day(dates.as_meant(meta))


# the days a review runs, which say when it ends, not when the record was written: a
# Swift proposal "Active review (Aug 21...Sep 4, 2026)" was created on September 4
_REVIEW_WINDOW = re.compile(
    r"\breview\b[^\n]{0,40}?(?:\.\.\.|…|\s[-–—]\s|\bthrough\b|\buntil\b)", re.I
)


# "Date: 2019-05-13, updated 2023-02-05 (...)": the day a record was last changed
_UPDATED_ON = re.compile(
    r"[,;(]\s*(?:last\s+)?(?:updated|amended|revised)(?:\s+on)?\s*:?\s*(.{6,40})", re.I
)


def _updated_on(body: str) -> dt.date | None:
    """The day a record's ``Date:`` line says it was updated, when it says so."""
    head = _FENCED.sub("", "\n".join(body.split("\n")[:_HEAD_LINES]))
    for line in _DATE_LINE.finditer(head):
        said = _UPDATED_ON.search(line.group(1))
        if said is not None:
            return dates.day(said.group(1))
    return None


def _day_of(clause: Clause) -> dt.date | None:
    """The day a clause gives ("Superseded by ADR 12 on 2022-01-10"), not one in the
    records it names (``[X](2026-08-07-x.md)``)."""
    text = clause.text
    for ref in clause.refs:
        text = text.replace(ref.text, " ", 1)
    return dates.day(text)


_LINK_TEXT = re.compile(r"!?\[([^\[\]\n]*)\]\((?:[^()\n]|\([^()\n]*\))*\)")
_MARKS = re.compile(r"^(?:\s*(?:[-*+]\s+|>\s*))+|\*\*|__|`")


def stated(body: str, meta: Mapping[str, Any]) -> str:
    """The record's state as the page writes it, on one line: its ``status`` field, else
    the first paragraph of its Status section ("Accepted", "Partly superseded"), else
    its first ``Status:`` line near the top; comments, list marks and emphasis left out,
    links as their text, the choice a filled-in form marks (:func:`chosen`)."""
    field = _status_field(meta)
    if field is not None and field.strip():
        text = field
    elif sections := _filled_status_sections(body, meta):
        paragraph: list[str] = []
        for line in markdown.without_comments(sections[0], " ").split("\n"):
            if line.strip():
                paragraph.append(line)
            elif paragraph:
                break
        text = "\n".join(paragraph)
    else:
        head = _FENCED.sub("", "\n".join(body.split("\n")[:_HEAD_LINES]))
        found = _STATUS_LINE.search(head)
        text = found.group(1) if found else head_table(body).get("status", "")
        text = text if text.strip() else logged_state(body)
    text = chosen(" ".join(markdown.without_comments(text, " ").split()))
    text = _MARKS.sub("", _LINK_TEXT.sub(r"\1", text))
    return " ".join(text.split()).strip(" *_")


@dataclass(frozen=True, slots=True)
class Statement:
    """Where a record's body states its state in words of their own, and which state: the
    offsets of those words in the body, the marks around them (a bullet, emphasis, a
    comment after them) left out."""

    start: int
    end: int
    state: str
    alone: bool  # on a line of its own in a Status section, not the value of a Status: line


# what may stand around a state's words on its line: a bullet or a quote, emphasis; after
# them, a comment ("* Status: accepted <!-- optional -->")
_LEADING_MARKS = re.compile(r"(?:[ \t]*(?:[-*+][ \t]+|>[ \t]*))*[\s*_]*")
_TRAILING_MARKS = re.compile(r"(?:[\s*_]|<!--.*?-->)*$")
_STATE_WORDS = 6  # "Accepted on 2021-03-04": a state in a few words, not a paragraph


def statement(body: str) -> Statement | None:
    """Where the body says which state the record is in, where :func:`stated` reads it:
    the first line of its Status section, else the value of its first ``Status:`` line
    near the top (``* Status: accepted``, MADR), code left out. Only when those words are
    a state said first ("Accepted", "Accepted on 2021-03-04", "**Proposed**") naming no
    record: "Superseded by [X](x.md)" already says what replaced it, and prose, a status
    in a heading (``## Status: Accepted``) or in a template's field are not rewritten by
    whoever asks. None when the body states no state that way."""
    sections = _status_matching(body)
    if sections:
        section, match = sections[0]
        if match.group(1) or "{{" in _text_of(body, section, match):
            return None  # said in the heading itself, or printed from the page's fields
        lines = _outlined(body)[0]
        for number in range(section.line, section.end):
            line = lines[number]
            if markdown.without_comments(line, " ").strip():
                start = sum(len(before) + 1 for before in lines[:number])
                if line.lstrip().startswith("#"):
                    return None  # a subsection's heading: the section says no state itself
                return _judged(body, start, len(line), alone=True)
        return None
    head = "\n".join(body.split("\n")[:_HEAD_LINES])
    code = [fence.span() for fence in _FENCED.finditer(head)]
    for found in _STATUS_LINE.finditer(head):
        if not any(start <= found.start() < end for start, end in code):
            return _judged(body, found.start(1), len(found.group(1)), alone=False)
    return None


def _judged(body: str, start: int, length: int, *, alone: bool) -> Statement | None:
    """The state the ``length`` characters from ``start`` give, when they are a state's
    words said first and name no record (see :func:`statement`)."""
    text = body[start : start + length]
    lead = _LEADING_MARKS.match(text)
    first = lead.end() if lead is not None else 0
    trail = _TRAILING_MARKS.search(text, first)
    last = trail.start() if trail is not None else len(text)
    words = text[first:last]
    if not words or len(words.split()) > _STATE_WORDS:
        return None
    if _VERB.search(words) or _LINK_TEXT.search(words):
        return None  # "Superseded by [X](x.md)", "Amended by 3": it names another record
    for name, pattern in _STATES:
        if pattern.match(words):
            return Statement(start + first, start + last, name, alone)
    return None


# fields of a foreign frontmatter that name the records a record replaces, or that
# replace it (openshift/enhancements: "replaces:", "superseded-by:"), by their names in
# lower case with "_" for "-" and spaces
_FIELD_KINDS: Final = {
    "superseded_by": SUPERSEDED_BY,
    "replaced_by": SUPERSEDED_BY,
    "supersedes": SUPERSEDES,
    "replaces": SUPERSEDES,
    # a GEP's metadata.yaml: "relationships: {obsoletedBy: [{number: 1897}]}"
    "obsoleted_by": SUPERSEDED_BY,
    "obsoletes": SUPERSEDES,
    "extended_by": AMENDS,
    "requires": RELATED,  # EIP-1's field: the proposals this one builds on
    "see_also": RELATED,  # a KEP's kep.yaml: "/keps/sig-node/4438-sidecar-restart"
    # a record that changes another, which stays in force: related both ways (nats-io's
    # metadata tables: "| Updates | ADR-8 |")
    "updates": AMENDS,
    "amends": AMENDS,
    "extends": AMENDS,
    "refines": AMENDS,
}
_NO_VALUE = re.compile(r"^(?:n\.?/?a\.?|n\.a\.|none|null|nil|tbd|todo|-+|~|\[\])$", re.I)


# a field's whole value naming a record by series and number, whatever the series
_SERIES_VALUE = re.compile(r"[A-Za-z]{2,8}[-_ ]?#?0*(\d{1,5})")


def field_number(value: str) -> int | None:
    """The record a relation field's value names by number alone ("0161", "#12",
    "ADR 7", "SIMD-0387"), read with the record's other fields (:func:`read`); None for
    a path, a link or prose."""
    text = value.strip()
    bare = _NUMBER_REF.fullmatch(text)
    if bare is not None:
        return int(bare.group("n"))
    named = _SERIES_VALUE.fullmatch(text)
    return None if named is None else int(named.group(1))


# a field holding relation fields of its own (a GEP's "relationships")
_RELATION_GROUPS: Final = frozenset({"relationships", "relations"})


def _relation_fields(meta: Mapping[str, Any]) -> Iterator[tuple[str, str, Any]]:
    """A frontmatter's fields and those of its relation groups: each field's name as
    :data:`_FIELD_KINDS` keys it (``obsoletedBy``: ``obsoleted_by``), as written, and
    its value."""
    for key, value in meta.items():
        name = fields.key_name(_CAMEL_HUMP.sub("_", str(key)))
        if name in _RELATION_GROUPS and isinstance(value, Mapping):
            yield from _relation_fields(value)
        else:
            yield name, str(key), value


_CAMEL_HUMP = re.compile(r"(?<=[a-z])(?=[A-Z])")


def _field_clauses(meta: Mapping[str, Any]) -> tuple[Clause, ...]:
    """The supersessions a foreign frontmatter states in its fields: each value a path,
    an address, a Markdown link or a record's number, alone or as a mapping's
    ``number`` (a GEP's ``{number: 1897, name: ...}``); "N/A" and the like name none."""
    out = []
    for name, key, value in _relation_fields(meta):
        kind = _FIELD_KINDS.get(name)
        if kind is None:
            continue
        values = value if isinstance(value, list) else [value]
        refs: list[Ref] = []
        for item in values:
            given = item.get("number") if isinstance(item, Mapping) else item
            text = str(given).strip() if isinstance(given, str | int) else ""
            if not text or _NO_VALUE.match(text):
                continue
            found = _refs(text, _NONE_DEFINED)
            named = _SERIES_VALUE.fullmatch(text)
            if found:
                refs += found
            elif named is not None:  # "SIMD-0387": a series of the project's own
                refs.append(Ref(text, None, int(named.group(1))))
            elif kind == AMENDS and not links.is_doc_path(text.split("#")[0]):
                continue  # "updates: 2024-05-01": a day, no record
            elif not any(c.isspace() for c in text):  # a path or an address
                web = links.is_address(text) and not links.is_doc_path(text.split("#")[0])
                refs.append(Ref(text, text, None if web else number_of(text)))
        if refs:
            said = f"{key}: {', '.join(ref.text for ref in refs)}"
            out.append(Clause(kind, str(key), tuple(refs), said))
    return tuple(out)


def read(
    path: str,
    body: str,
    meta: Mapping[str, Any],
    *,
    in_log: bool = False,
    by_state: bool = True,
) -> Record | None:
    """The record in a page, or None when the page is not a decision record; with
    ``in_log``, a page known to sit among records (see :func:`in_a_log`) is read as one;
    without ``by_state``, a status line's state alone does not make one (see
    :func:`looks_like_adr`)."""
    if not in_log and not looks_like_adr(path, body, meta, by_state=by_state):
        return None
    if in_log and _log_index(path, body, meta):
        return None
    status = chosen(status_text(body, meta))
    day = date_of(body, meta, status)
    filled = day is not None or signed(meta)
    why = template_evidence(path, status, dated=filled, title=_title(body, meta))
    head = "\n".join(body.split("\n")[:_HEAD_LINES])
    placeholder = None if why or filled else _PLACEHOLDER_DAY.search(head)
    if placeholder is not None:
        why = f"its days are the form's placeholders ({placeholder.group(1)})"
    template = bool(why)
    found = clauses(status, markdown.definitions(body) if "]:" in body else _NONE_DEFINED)
    # a record whose status still lists the form's choices ("proposed | accepted |
    # superseded by [ADR-0005](0005-example.md)") states neither a state nor a clause;
    # a template's are kept, to be reported
    listing = _choices(status) >= 2
    if listing and not template:
        found = ()
    known = {_key(c) for c in found}
    for _what, clause in _head_clauses(body):  # "This RFC has been superseded by [X](x.md)"
        if _key(clause) not in known:
            known.add(_key(clause))
            found += (clause,)
    verb = _VERB.search(status)
    state = _state(status[: verb.start()] if verb else status)
    if listing or _placeholder_states(status):
        state = ""  # "[proposed, approved, rejected, deprecated]": the form's choices, unfilled
    if not state and verb is not None and _state(verb.group(0)) == "amended":
        state = "amended"  # "Partly superseded by [X](x.md)": still in force
    if state == "superseded" and verb is None and _parts_superseded(status):
        # "Implemented. Decisions 2 and 3 are superseded": the record holds, amended
        state = _state(_SUPERSEDED_WORD.split(status, maxsplit=1)[0]) or "amended"
    state = _with_folder(path, state, silent=not template and not status.strip())
    if state == "rejected" and _state(stated(body, meta)) == "accepted":
        # its state as its first line gives it, parts of it declined below (celestia-app's
        # ADR-011: "Accepted -> ...", then "Optimization 1 & 2 **Declined**")
        state = "accepted"
    if any(c.kind == SUPERSEDED_BY and c.refs for c in found):
        # replaced by a pull request or a web page only (celestia-app's ADR-005:
        # "Deprecated in favor of [orchestrator-relayer#66](...)"): no record of the base
        # will ever take its place; it is out of force, as deprecated
        elsewhere = all(_elsewhere(ref) for c in found if c.kind == SUPERSEDED_BY for ref in c.refs)
        said = _state(status[: verb.start()] if verb else status)
        state = "deprecated" if elsewhere and said == "deprecated" else "superseded"
    ended = next((_day_of(c) for c in found if c.kind == SUPERSEDED_BY), None)
    # a field's values are often the form's examples, left as they were: the state is
    # what the status says; only a resolved successor makes the record superseded
    found += tuple(c for c in _field_clauses(meta) if _key(c) not in known)
    day = None if template else day
    written = "" if template else stated(body, meta)
    updated = None if template or "|" not in body else dates.day(head_table(body).get("updated"))
    if updated is None and not template:
        updated = _updated_on(body)
    return Record(
        number_of(path), template, status, state, found, day, ended, written, updated, why
    )


def _title(body: str, meta: Mapping[str, Any]) -> str:
    """The record's title: its ``title`` field, else its first heading."""
    given = meta.get("title")
    if isinstance(given, str) and given.strip():
        return given
    outline = _outlined(body)[1]
    return outline[0].title if outline else ""


# --- from records to relations --------------------------------------------------------


@dataclass(slots=True)
class Resolved:
    """What the records of one import say about each other, by source path."""

    # (old, new) -> (the record that says so, its words)
    pairs: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)
    related: list[tuple[str, str, str]] = field(default_factory=list)  # (path, other, verb)
    unresolved: list[tuple[str, str, str]] = field(default_factory=list)  # (path, text, why)
    notes: list[str] = field(default_factory=list)


def _numbers(records: Mapping[str, Record]) -> dict[int, list[str]]:
    numbers: dict[int, list[str]] = {}
    for path, record in sorted(records.items()):
        if record.number is not None and not record.template:
            numbers.setdefault(record.number, []).append(path)
    return numbers


# the source path a link written on a page leads to: (the page's path, the link) -> path
Lead = Callable[[str, str], "str | None"]


def _target(
    path: str, ref: Ref, lead: Lead, numbers: Mapping[int, list[str]]
) -> tuple[str | None, str, bool]:
    """The source path ``ref`` names, or None and why not; and whether its link led
    there (not its number)."""
    if ref.link is not None:
        hit = lead(path, ref.link)
        if hit is not None:
            return hit, "", True
    if _elsewhere(ref):
        return None, "a web page, no record of this import", False
    if ref.number is None:
        return None, "the link names no imported page and no record number", False
    candidates = numbers.get(ref.number, [])
    same = [c for c in candidates if posixpath.dirname(c) == posixpath.dirname(path)]
    pool = same or candidates
    if len(pool) == 1:
        return pool[0], "", False
    if not pool:
        return None, f"no imported record is numbered {ref.number}", False
    return None, f"record number {ref.number} is ambiguous: {', '.join(pool)}", False


_REPO_THREAD = re.compile(r"[\w.-]+#\d+")
_SERIES_WORD = re.compile(rf"\b(?:{_SERIES})\b", re.IGNORECASE)
_THREAD_LINK = re.compile(r"/(?:pull|pulls|issues|merge_requests)/(\d+)/?(?:[#?].*)?$")


def _elsewhere(ref: Ref) -> bool:
    """Whether ``ref`` names a web page that is no record: an address that names no
    Markdown page, numbered by no record's number but a pull request's or an issue's
    (``[orchestrator-relayer#66](https://github.com/o/r/pull/66)``)."""
    if not _web_page(ref.link) or ref.link is None:
        return False
    if ref.number is None:
        return True
    # numbered as a thread of a repository ("orchestrator-relayer#66"), not as a record
    # of a series ("[RFC 3](.../pull/3)": Rust's RFCs are numbered by their pull requests)
    thread = _THREAD_LINK.search(ref.link)
    named = _REPO_THREAD.search(ref.text) is not None and not _SERIES_WORD.search(ref.text)
    return thread is not None and int(thread.group(1)) == ref.number and named


def _web_page(link: str | None) -> bool:
    """Whether a link is a web address that names no Markdown page."""
    return link is not None and links.is_address(link) and not links.is_doc_path(link.split("#")[0])


def _clause(
    path: str,
    clause: Clause,
    lead: Lead,
    numbers: Mapping[int, list[str]],
    out: Resolved,
    *,
    deprecated: bool = False,
) -> None:
    if not clause.refs and clause.kind not in (RELATED, PARTLY, AMENDS):
        out.unresolved.append((path, clause.text, "names no record (no link, no number)"))
    for ref in clause.refs:
        target, why, linked = _target(path, ref, lead, numbers)
        if target is None and _elsewhere(ref) and (clause.kind != SUPERSEDED_BY or deprecated):
            # a pull request, an issue, a shared document: nothing a human can point at a
            # record of this import; the page keeps it as written. A record replaced by
            # one is still reported, what holds in its place unknown, unless it says it
            # is deprecated in its favour (see read)
            out.notes.append(f"{path}: {clause.verb} {ref.text}: a web page, no record")
            continue
        if target is None or target == path:
            out.unresolved.append((path, ref.text, why or "names the record itself"))
            continue
        if ref.link is not None and not linked and not links.is_address(ref.link):
            out.notes.append(f"{path}: broken link {ref.link!r} read as record {target}")
        if clause.kind == SUPERSEDED_BY:
            out.pairs.setdefault((path, target), (path, clause.text))
        elif clause.kind == SUPERSEDES:
            out.pairs.setdefault((target, path), (path, clause.text))
        elif clause.kind == AMENDS:  # "| Updates | ADR-8 |": each says it of the other
            out.related += [(path, target, clause.verb), (target, path, clause.verb)]
        elif clause.kind == PARTLY:  # the old record still holds in part: related both ways
            out.related += [(path, target, clause.verb), (target, path, clause.verb)]
            why = "a partial supersession, not a supersession; kept as related both ways"
            note = f"{path}: {clause.text!r} is {why}"
            if note not in out.notes:  # said once for the clause, whatever it names
                out.notes.append(note)
        else:
            out.related.append((path, target, clause.verb))
            if _FIELD_KINDS.get(fields.key_name(clause.verb)) != RELATED:  # a field says so itself
                out.notes.append(f"{path}: {clause.text!r} is not a supersession; kept as related")


EXAMPLE_RECORDS: Final = 3  # records whose field names the same missing page: a form's example


def _form_examples(
    records: Mapping[str, Record], lead: Lead, numbers: Mapping[int, list[str]]
) -> dict[str, set[str]]:
    """The values of supersession fields that several records give alike and that lead
    to no page (openshift/enhancements' form: ``superseded-by:
    /enhancements/our-past-effort.md``), by field: the form's examples, left as
    written."""
    seen: dict[tuple[str, str], set[str]] = {}
    for path, record in records.items():
        for clause in record.clauses:
            if _FIELD_KINDS.get(fields.key_name(clause.verb)):
                for ref in clause.refs:
                    if ref.link is not None:
                        seen.setdefault((clause.verb, ref.link), set()).add(path)
    out: dict[str, set[str]] = {}
    for (verb, link), paths in seen.items():
        if len(paths) < EXAMPLE_RECORDS or any(lead(p, link) for p in paths):
            continue
        # a record of the log by its number: kubernetes/enhancements' see-also lists
        # name "/keps/sig-node/1287-in-place-update-pod-resources" from the project's top
        if number_of(link) in numbers:
            continue
        out.setdefault(verb, set()).add(link)
    return out


def resolve(
    records: Mapping[str, Record], find: Callable[[str], str | None], locate: Lead | None = None
) -> Resolved:
    """Supersessions and related records the status texts state, and what could not be
    resolved. ``find`` turns a path in the source folder into an imported page's path;
    ``locate`` reads a link that leads to none from there (written from the project's
    top, or as the page's address on the forge) as the path of the page it names."""
    numbers = _numbers(records)
    out = Resolved()

    def lead(path: str, link: str) -> str | None:
        resolved = links.resolve(path, link)
        hit = find(resolved[1]) if resolved and resolved[0] is links.LinkKind.DOC else None
        return hit if hit is not None or locate is None else locate(path, link)

    examples = _form_examples(records, lead, numbers)
    for path, record in sorted(records.items()):
        if record.template:
            if record.clauses:
                why = "a template: its status lists the choices; not read"
                out.unresolved.append((path, record.status, why))
            continue
        for clause in record.clauses:
            left = examples.get(clause.verb, set())
            kept = tuple(r for r in clause.refs if r.link not in left)
            if kept or not clause.refs:  # a field holding only the form's examples: none
                _clause(
                    path, dataclasses.replace(clause, refs=kept), lead, numbers, out,
                    deprecated=record.state == "deprecated",
                )  # fmt: skip
    for verb, left in sorted(examples.items()):
        for link in sorted(left):
            said = f"{verb}: {link} names no page in {EXAMPLE_RECORDS} records or more"
            out.notes.append(f"{said}: the form's example, left as written; not read")
        if record.state == "superseded" and not any(
            c.kind == SUPERSEDED_BY and c.refs for c in record.clauses
        ):
            out.unresolved.append((path, record.status, "superseded, but names no successor"))
    cycles = sorted(pair for pair in out.pairs if pair[::-1] in out.pairs)
    for old, new in cycles:  # each replaces the other: a human must say which
        del out.pairs[(old, new)]
        if old < new:
            out.unresolved.append((old, f"{old} <-> {new}", "each record replaces the other"))
    return out

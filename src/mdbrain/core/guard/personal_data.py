"""Personal data: e-mail addresses, phone numbers, national ids, IBANs and card numbers,
checksums verified."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from typing import Final

from mdbrain.core.guard.hit import PERSONAL, Found
from mdbrain.core.guard.samples import PUBLIC_SAMPLES, dummy, placeholder, word_set

# The domain after each "@" (a literal the engine jumps to): bounded labels separated
# by a dot they cannot contain. The local part is read backwards from the "@", 65
# characters at most. So "aaaa…" with or without "@" is read a bounded number of times.
_EMAIL_DOMAIN = re.compile(r"@([A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,8})")
_LOCAL_BACKWARDS = re.compile(r"[\w.%+-]{1,65}")
_PLACEHOLDER_DOMAINS = word_set(
    """example.com example.org example.net example.edu domain.com domain.tld email.com
    company.com yourcompany.com yourdomain.com mydomain.com mycompany.com host.com
    server.com foo.com bar.com foo.bar acme.com acme.org contoso.com fabrikam.com
    northwindtraders.com adventure-works.com wingtiptoys.com tailspintoys.com
    woodgrovebank.com litwareinc.com proseware.com fourthcoffee.com contoso.onmicrosoft.com
    users.noreply.github.com noreply.github.com"""
)
# Hosts of mailing lists: an address there names a group ("kubernetes-dev@googlegroups.com"),
# as does one on a host whose first label says so ("dev@lists.example-project.org").
_LIST_DOMAINS = word_set("googlegroups.com groups.io freelists.org groups.google.com")
_LIST_LABELS = frozenset({"lists", "list", "groups", "mailman"})
# Hosts whose addresses name a program's identity, not a mailbox: a Google Cloud service
# account ("atest@gcp-project-id.iam.gserviceaccount.com", which kept an openshift
# enhancement out of the base)
_MACHINE_DOMAINS = word_set("gserviceaccount.com")
# hosts of personal mailboxes, where an address is a person's whatever its name says
_MAIL_PROVIDERS = word_set(
    """gmail.com googlemail.com outlook.com hotmail.com live.com msn.com yahoo.com ymail.com
    icloud.com me.com aol.com proton.me protonmail.com pm.me gmx.com gmx.de gmx.net web.de
    posteo.de mailbox.org tutanota.com fastmail.com zoho.com yandex.ru mail.ru orange.fr
    free.fr laposte.net sfr.fr wanadoo.fr hey.com"""
)
_PLACEHOLDER_TLDS = frozenset({"test", "invalid", "localhost", "local", "example", "internal"})
# a domain's own name that says it stands in, whatever its top level
_PLACEHOLDER_NAMES = word_set("example examples sample samples dummy fake placeholder")
_ROLE_LOCALS = word_set(
    """noreply no-reply donotreply do-not-reply notifications notification user username
    users name email mail you your yourname your.name yourself me someone somebody
    firstname.lastname first.last firstname lastname john.doe jane.doe johndoe janedoe
    foo bar baz test tester example admin administrator root webmaster
    postmaster hostmaster abuse security support info contact sales help hello team
    privacy legal press jobs billing dev developers ops git nobody core staff office board
    maintainers committee council community moderation conduct announce releases release
    infra bot bots robot actions github-actions ci build builds automation deploy
    dependabot renovate everyone owners governance opensource lab labs data feedback
    engineering engprod leads wg oncall steering approvers reviewers
    sig social meetups meetup events event election elections contributors contributor
    github gitlab issues login partners marketing careers education training docs
    documentation media newsletter members membership sponsors ambassadors speakers
    program programs outreach mentoring mentors students research questions enquiries
    inquiries service services customers accounts finance payments compliance audit
    helpdesk servicedesk incidents alerts status webmasters registrar
    platform platforms operations monitoring certificates integration systems network
    networks hosting devops sre noc soc cyber cybersecurity identity idam iam procurement
    payroll recruitment communications comms digital website
    plateforme plateformes exploitation supervision securite reseau reseaux informatique
    numerique utilisateurs consommateurs clients abonnes
    equipe accueil secretariat presse recrutement aide assistance rgpd dpo
    soutien animation depart departs arrivees compta comptabilite accessibilite communaute
    juridique rh logistique achats facturation formation formations direction partenariats
    candidatures inscriptions dsi
    nowhere noone no-one licensing licenses license permissions trademarks devel"""
)  # the last ones: the same roles in French (équipe, accueil, presse, aide...)
# John or Jane Doe, the name that stands in for anyone's, as a login writes it: whole,
# or an initial and the surname ("jdoe", "j.doe", "john_doe"), a few digits after it at
# most. Like "john.doe", a sample on any host: the name says so, not the host.
_DOE = re.compile(r"(?:j|john|jane)[._-]?doe[0-9]{0,3}")
# what "my" or "your" may come before in a stand-in for the reader's address
_STAND_IN_LOCALS = word_set("email mail address name username user login account")
_COMMON_TLDS = word_set(
    """com org net edu gov mil int info biz io ai app dev cloud tech online site xyz
    email name pro museum coop aero travel jobs mobi asia tel"""
)
# Extensions of source files that no country has as its domain: "anonymous@filename.js"
# is a frame of a stack as Firefox writes one (a function, "@", its file), and no mailbox
# can be on a host ending so. Those a country has stay addresses ("ana@firma.rs" is in
# Serbia, "juan@empresa.com.py" in Paraguay) unless a line number follows, as in any frame.
# The longer ones are no top-level domain mdbrain accepts anyway; they are listed so that
# a wider list of domains keeps them out.
_CODE_EXTENSIONS = word_set(
    """js mjs cjs jsx ts mts cts tsx go rb cs kt kts hs vb fs jl ex exs el java json html
    htm xhtml css scss sass less vue svelte php swift scala dart lua wasm map"""
)
# Patterns of personal data start with a literal or a small class, so the engine jumps
# from candidate to candidate; a look-behind just after that first character checks
# that the match starts a token (before the first character, it would make the engine
# try every position). Each has a bounded length and one way to read a run, so a run of
# digits costs a bounded number of steps per candidate.
# "+", then a bounded run of digits and separators ending on a digit. Not a "+" right
# after a word, a digit, a closing bracket or parenthesis: that one adds, as in code
# ("(31&t[s])+1099511627776*t[s+1]", minified JavaScript in EIP-107 of ethereum/EIPs).
_PHONE_INTL = re.compile(r"\+(?<![\w+)\]]\+)[1-9][\d ().-]{6,20}\d(?!\w)")
# A date whose year is signed, as ISO 8601 writes years past 9999 and JavaScript the
# last day a Date holds ("+275760-09-13T00:00:00.000Z"): four to six digits, a month, a
# day or none (a year and month, "+275760-09", Temporal.PlainYearMonth's last), and no
# group after them, as a number in pairs would have ("+3361-23-45-67").
# Read from a "+" _PHONE_INTL matched; every run is bounded.
_EXPANDED_YEAR = re.compile(
    r"\+\d{4,6}-(?:0[1-9]|1[0-2])(?:-(?:0[1-9]|[12]\d|3[01]))?(?!\d|[.-]\d)"
)
# French national numbers: ten digits in pairs; each pair is fixed, each separator
# optional and distinct from a digit. Not the seconds of a time ("18:05:07.93747413").
_PHONE_FR = re.compile(r"0(?<![\w+.-]0)(?<!\d:0)[1-9](?:[ .-]?\d{2}){4}(?!\w|[.-]\d)")
_PHONE_US = re.compile(
    r"(?:\((?<![\w+.-]\()[2-9]\d{2}\)[ ]?|[2-9](?<![\w+.-][2-9])\d{2}[.-])[2-9]\d{2}[.-]\d{4}"
    r"(?!\w|[.-]\d)"
)
_NIR = re.compile(
    r"[12](?<!\w[12])[ ]?\d{2}[ ]?(?:0[1-9]|1[0-2]|[2-9]\d)[ ]?(?:\d{2}|2[ABab])[ ]?\d{3}"
    r"[ ]?\d{3}[ ]?\d{2}(?!\w)"
)
_SSN = re.compile(r"(\d(?<![\w-]\d)\d{2})-(\d{2})-(\d{4})(?![\w-])")
# Country code, check digits, then groups of four (each fixed, the space optional).
_IBAN = re.compile(
    r"[A-Z](?<![A-Za-z0-9][A-Z])[A-Z]\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?"
    r"(?![A-Za-z0-9])"
)
_IBAN_LENGTHS = {
    "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22,
    "BR": 29, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DK": 18, "DO": 28, "EE": 20,
    "EG": 29, "ES": 24, "FI": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23, "GL": 18,
    "GR": 27, "GT": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IS": 26, "IT": 27, "JO": 30,
    "KW": 30, "KZ": 20, "LB": 28, "LI": 21, "LT": 20, "LU": 20, "LV": 21, "MC": 27, "MD": 24,
    "ME": 22, "MK": 19, "MR": 27, "MT": 31, "MU": 30, "NL": 18, "NO": 15, "PK": 24, "PL": 28,
    "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22, "SA": 24, "SE": 24, "SI": 19, "SK": 24,
    "SM": 27, "TN": 24, "TR": 26, "UA": 29, "VG": 24, "XK": 20,
}  # fmt: skip
# A digit, then 12 to 18 digits each after an optional space or hyphen: one reading.
_CARD = re.compile(r"\d(?<![\w.-]\d)(?:[ -]?\d){12,18}(?!\d|[.-]\d)")

# Where numbers can be: one cheap pass, then the patterns above only there.
# _PHONE_FR, _PHONE_US, _NIR, _SSN and _CARD read only digits, " .-()" and the letters
# "ABab" (a NIR's department, "2A"); each match ends on a digit, starts on one or on the
# "(" just before one, and holds nine digits or more (an SSN nine, a phone ten, a card 13,
# a NIR 14) with at most two of those characters between two digits in a row (") " in a
# US number, "A " in a NIR). So its digits lie in a chain: nine digits or more, each gap
# between two at most two such characters. To find chains, the text is mapped one byte a
# character (``encode`` turns each character past Latin-1 into "?"; Latin-1 holds no
# decimal digit but the ASCII ones), then digits and "?" to "0", " .-()" to ".", capitals
# to "A" and "ab" to "a": a chain is a match of _CHAIN (more gap characters than needed
# only make chains longer). Each pattern then runs from one character before a chain to
# two after it (as far as any look-ahead reads past a match; a look-behind reads the text
# before ``pos`` anyway), on the whole text with its offsets. No match starts outside
# those spans or runs past its chain, so a pass over the spans in order meets the matches
# of a pass over the whole text, in the same order, and only those.
# An IBAN starts with two capitals and two digits, "AA00" in the same mapping, so _IBAN is
# tried only there, from where the previous match ended, as ``finditer`` would.
_SHAPES = bytes.maketrans(
    b"0123456789?" + b" .-()" + b"ABCDEFGHIJKLMNOPQRSTUVWXYZ" + b"ab",
    b"00000000000" + b"....." + b"A" * 26 + b"aa",
)  # every other byte stays itself, and none of them is one of "0.Aa"
# Nine digits written out, so most digits (in short numbers) fail before any repetition of
# a group is set up; possessive, since a gap character is never a digit.
_CHAIN = re.compile(rb"0" + rb"[.Aa]{0,2}+0" * 8 + rb"(?:[.Aa]{0,2}+0)*+")
_IBAN_HEAD = re.compile(rb"AA00")


def iban_valid(value: str) -> bool:
    """Whether an IBAN (spaces allowed) has its country's length and a valid mod-97 check."""
    compact = value.replace(" ", "").upper()
    if not 15 <= len(compact) <= 34 or not compact[:2].isalpha() or not compact[2:4].isdigit():
        return False
    expected = _IBAN_LENGTHS.get(compact[:2])
    if expected is not None and len(compact) != expected:
        return False
    if not compact.isalnum() or not compact.isascii():
        return False
    moved = compact[4:] + compact[:4]
    number = "".join(str(int(c, 36)) for c in moved)
    return int(number) % 97 == 1


def luhn_valid(digits: str) -> bool:
    """The Luhn checksum of a card number (digits only)."""
    total = 0
    for i, char in enumerate(reversed(digits)):
        n = int(char)
        if i % 2:
            n = n * 2 - 9 if n > 4 else n * 2
        total += n
    return total % 10 == 0


def _card_network(digits: str) -> bool:
    two, four = int(digits[:2]), int(digits[:4])
    size = len(digits)
    return (
        (digits[0] == "4" and size in (13, 16, 19))
        or (51 <= two <= 55 and size == 16)
        or (2221 <= four <= 2720 and size == 16)
        or (two in (34, 37) and size == 15)
        or (
            (digits.startswith("6011") or two == 65 or 644 <= int(digits[:3]) <= 649) and size >= 16
        )
        or (3528 <= four <= 3589 and size >= 16)
        or (two in (36, 38, 30) and size == 14)
        or (two == 62 and size >= 16)
    )


def _nir_valid(value: str) -> bool:
    compact = value.replace(" ", "").upper()
    body, key = compact[:13], compact[13:]
    body = body.replace("2A", "19").replace("2B", "18")
    if not body.isdigit() or not key.isdigit():
        return False
    return 97 - int(body) % 97 == int(key)


def _ssn_valid(match: re.Match[str]) -> bool:
    area, group, serial = match.groups()
    return area not in ("000", "666") and area[0] != "9" and group != "00" and serial != "0000"


def _phone_fake(digits: str) -> bool:
    national = digits[-9:]
    return (
        _counting(digits[-10:])
        or dummy(national[1:])
        or dummy(digits[-8:])
        or "5550" in digits[-7:-3] + digits[-4:]
        or digits[-7:-4] == "555"
        or _no_area(digits)
    )


def _counting(digits: str) -> bool:
    """Ten digits whose pairs count up or down by one: "01 02 03 04 05", the number
    French examples give, and the bytes a dump prints (``<Buffer 01 02 03 04 05>``)."""
    if len(digits) != 10:
        return False
    pairs = [int(digits[n : n + 2]) for n in range(0, 10, 2)]
    steps = {b - a for a, b in itertools.pairwise(pairs)}
    return steps in ({1}, {-1})


def _code_literal(text: str, start: int, end: int) -> bool:
    """Whether the number between ``start`` and ``end``, written without separators, is
    all a code span holds (``0182000100`` is valid BER): a value in code, not a phone
    number written for a person to call."""
    return (
        text[start - 1 : start] == "`" and text[end : end + 1] == "`" and text[start:end].isdigit()
    )


def _no_area(digits: str) -> bool:
    """A North American number whose area code is 555, which no area has."""
    return (len(digits) == 10 and digits.startswith("555")) or (
        len(digits) == 11 and digits.startswith("1555")
    )


def personal_finds(text: str) -> Iterator[Found]:
    if "@" in text:
        yield from _email_finds(text)
    if not any(digit in text for digit in "0123456789"):
        return
    if "+" in text:
        for match in _PHONE_INTL.finditer(text):
            value = match.group(0)
            digits = re.sub(r"\D", "", value)
            if (
                8 <= len(digits) <= 15
                and _phone_shape(value)
                and not _phone_fake(digits)
                and not _signed_number(text, match.start(), value)
                and not _in_vector(text, match.start(), match.end())
                and _EXPANDED_YEAR.match(text, match.start()) is None
                and not _in_address(text, match.start())
            ):
                yield Found("phone", match.start(), match.end(), value, PERSONAL)
    shapes, spans = _number_spans(text)
    for regex, consistent in ((_PHONE_FR, True), (_PHONE_US, False)):
        for match in _within(regex, text, spans):
            value = match.group(0)
            if (
                (not consistent or _phone_shape(value))
                and not _phone_fake(re.sub(r"\D", "", value))
                and not (consistent and _in_row_of_pairs(text, match.start(), match.end()))
                and not _in_address(text, match.start())
                and not _an_id_of_a_list(text, match.start(), match.end())
                and not _labelled_number(text, match.start())
                and not _code_literal(text, match.start(), match.end())
            ):
                yield Found("phone", match.start(), match.end(), value, PERSONAL)
    yield from _id_finds(text, shapes, spans)


def _number_spans(text: str) -> tuple[bytes, list[tuple[int, int]]]:
    """``text`` mapped by _SHAPES, and the spans where a pattern that starts on a digit
    can match: one character before each chain to two after it."""
    shapes = text.encode("latin-1", "replace").translate(_SHAPES)
    return shapes, [
        (max(0, chain.start() - 1), chain.end() + 2) for chain in _CHAIN.finditer(shapes)
    ]


def _within(
    regex: re.Pattern[str], text: str, spans: list[tuple[int, int]]
) -> Iterator[re.Match[str]]:
    """The matches of ``regex`` in each of ``spans`` in turn, offsets in ``text``."""
    for start, end in spans:
        yield from regex.finditer(text, start, end)


def _ibans(text: str, shapes: bytes) -> Iterator[re.Match[str]]:
    """What ``_IBAN.finditer(text)`` yields, tried only where an IBAN can start."""
    resume = 0
    for head in _IBAN_HEAD.finditer(shapes):
        if head.start() >= resume:
            match = _IBAN.match(text, head.start())
            if match is not None:
                resume = match.end()
                yield match


def _decimal(text: str, start: int, end: int) -> bool:
    """Whether the digits at ``text[start:end]`` are part of a decimal number ("523.7197
    225172156" in an SVG's coordinates: Textual's diagrams stopped five of its pages)."""
    before = text[max(0, start - 2) : start]
    after = text[end : end + 2]
    return (len(before) == 2 and before[1] == "." and before[0].isdigit()) or (
        len(after) == 2 and after[0] == "." and after[1].isdigit()
    )


def _id_finds(text: str, shapes: bytes, spans: list[tuple[int, int]]) -> Iterator[Found]:
    for match in _within(_NIR, text, spans):
        value = match.group(0)
        compact = value.replace(" ", "")
        if _nir_valid(value) and not dummy(compact[:13]) and not _decimal(text, *match.span()):
            yield Found("national-id", match.start(), match.end(), value, PERSONAL)
    if "-" in text:
        for match in _within(_SSN, text, spans):
            value = match.group(0)
            if _ssn_valid(match) and value not in PUBLIC_SAMPLES and not _one_digit(value):
                yield Found("national-id", match.start(), match.end(), value, PERSONAL)
    for match in _ibans(text, shapes):
        value = match.group(0)
        compact = value.replace(" ", "")
        if iban_valid(value) and compact not in PUBLIC_SAMPLES and not dummy(compact[4:]):
            yield Found("iban", match.start(), match.end(), value, PERSONAL)
    for match in _within(_CARD, text, spans):
        value = match.group(0)
        if _card_valid(value) and not _id_value(text, match.start()):
            yield Found("credit-card", match.start(), match.end(), value, PERSONAL)


def _card_valid(value: str) -> bool:
    digits = re.sub(r"\D", "", value)
    groups = re.split(r"[ -]", value)
    return (
        13 <= len(digits) <= 19
        and len({c for c in value if not c.isdigit()}) <= 1
        and (len(groups) == 1 or len(groups[0]) == 4)
        and _card_network(digits)
        and luhn_valid(digits)
        and digits not in PUBLIC_SAMPLES
        and len(set(digits[4:])) > 3
        and _LONG_RUN.search(digits[6:]) is None
    )


# Six times the same digit in a row, past the issuer's six: test numbers are built so
# ("5299920000000149", "4000000000000002"); an account number drawn at random holds such
# a run about once in ten thousand.
_LONG_RUN = re.compile(r"(\d)\1{5}")


def _one_digit(value: str) -> bool:
    """An id written with one digit only ("444-44-4444", "555-55-5555"): a stand-in."""
    return len({c for c in value if c.isdigit()}) == 1


def _email_finds(text: str) -> Iterator[Found]:
    found = list(_addresses(text))
    if not found:
        return
    # an address the text gives as an id is an id wherever the text writes it
    ids = {one.value for one in found if _given_as_id(text, one.start, one.value)}
    yield from (one for one in found if one.value not in ids)


# What gives an address as an identifier, just before its opening quote: a key or a
# member named "id" and nothing more (``"id": "borderify@mozilla.org"``,
# ``sender.id === "blue@mozilla.org"``). Firefox names add-ons so, an address in form
# and no mailbox. Not ``user_id`` or ``userId``: a person's address may be their id.
# Bounded, read on the 80 characters before the quote.
_ID_BEFORE = re.compile(r"(?<![\w-])id[\"']?[ \t]{0,4}(?:[:=]|[!=]==?)[ \t]{0,4}[\"'`]$")


def _given_as_id(text: str, start: int, value: str) -> bool:
    """Whether the address at ``start`` is given as an id, on a host that is no personal
    mailbox's (an address at a mail provider is a person's, whatever the key says)."""
    domain = value.rpartition("@")[2].lower()
    return (
        ".".join(domain.split(".")[-2:]) not in _MAIL_PROVIDERS
        and _ID_BEFORE.search(text, max(0, start - 80), start) is not None
    )


def _addresses(text: str) -> Iterator[Found]:
    for match in _EMAIL_DOMAIN.finditer(text):
        at = match.start()
        run = _LOCAL_BACKWARDS.match(text[max(0, at - 65) : at][::-1])
        if run is None or run.end() > 64:
            continue  # no local part, or one longer than an address allows
        local = text[at - run.end() : at]
        if _in_address(text, at - len(local)):
            continue  # a message id in a web address's path, not a mailbox
        if _real_email(local, match.group(1), text[match.end() : match.end() + 1]):
            value = f"{local}@{match.group(1)}"
            if value.casefold() in _SAMPLE_ADDRESSES or _labelled_example(text, at - len(local)):
                continue
            if "." not in local and _called_a_mailbox(text, at - len(local)):
                continue
            yield Found("email", at - len(local), match.end(), value, PERSONAL)


# The made-up users of JSONPlaceholder, the fake REST API of countless tutorials.
_SAMPLE_ADDRESSES = word_set(
    """sincere@april.biz shanna@melissa.tv nathan@yesenia.net julianne.oconner@kory.org
    lucio_hettinger@annie.ca karley_dach@jasper.info telly.hoeger@billy.biz
    sherwood@rosamond.me chaim_mcdermott@dana.io rey.padberg@karina.biz"""
)
# The quoted value an "example" or "examples" key or argument is given, up to the
# address: Field(examples=['a@b.com', ...]), "example": "a@b.com". Not a label in prose
# ("- Examples: ana@corp.fr", "Maintainer of the examples: ..."), which quotes nothing.
_EXAMPLE_KEY = re.compile(
    r"""\bexamples?["']?[ \t]*[:=][ \t]*(?:[\[(][ \t]*(?:["'][^"'\n]*["'][ \t]*,[ \t]*)*)?["']$""",
    re.I,
)


# the same list opened on a line above, an item a line: "examples": [\n  "a@b.com"
_EXAMPLE_LIST = re.compile(
    r"""\bexamples?["']?[ \t]*[:=][ \t]*[\[(](?:\s*["'][^"'\n]*["'][ \t]*,)*\s*["']$""", re.I
)


# What calls the address right after it a shared one: ministryofjustice/modernisation-
# platform's "the [domains mailbox](mailto:domains@...)" and "the JusticeDigitalSOC
# mailbox (justicedigitalsoc@...)"; not "my mailbox" or "John's mailbox", a person's. An
# address with a dot in its name ("jane.doe@") is a person's whatever it is called.
_MAILBOX_BEFORE = re.compile(
    r"(?<!\bmy )(?<!\bhis )(?<!\bher )(?<!\byour )(?<!\btheir )(?<!\bpersonal )"
    r"(?<!\bprivate )(?<!'s )(?<!’s )(?<!\bma )(?<!\bsa )(?<!\bvotre )"
    r"\b(?:mailbox|inbox|mailing list|distribution list|group address|shared address"
    r"|boîte (?:aux lettres|mail|fonctionnelle|générique)|liste de diffusion"
    r"|adresse (?:fonctionnelle|générique))"
    # right before the address: a link's "](mailto:", or an opening sign; never more
    # words ("the mailing list maintainer, Bob Jones (bjones@...)", "the inbox of Jane")
    r"(?:\]\(mailto:|[ \t]*[(:<][ \t]*)$",
    re.IGNORECASE,
)


def _called_a_mailbox(text: str, start: int) -> bool:
    """Whether the address at ``start`` is introduced as a shared mailbox (a team's, a
    service's): :data:`_MAILBOX_BEFORE` on the 80 characters before it."""
    return _MAILBOX_BEFORE.search(text, max(0, start - 80), start) is not None


def _labelled_example(text: str, start: int) -> bool:
    """Whether the address at ``start`` is the value of an ``example`` key, or an item of
    the list one is given: a sample the page says is one."""
    line = text[max(text.rfind("\n", max(0, start - 200), start) + 1, start - 200) : start]
    if "xample" in line:
        return _EXAMPLE_KEY.search(line) is not None
    if line.strip(" \t\"'"):
        return False
    above = text[max(0, start - 400) : start]
    return "xample" in above and _EXAMPLE_LIST.search(above) is not None


def _in_address(text: str, start: int) -> bool:
    """Whether the digits at ``start`` sit inside a web address or a path (an ISBN in a
    URL, a ticket number in a link): numbers there are not phone numbers."""
    before = text[max(0, start - 300) : start]
    cut = max(before.rfind(c) for c in " \t\n<(\"'")
    token = before[cut + 1 :]
    return "://" in token or token.startswith("www.") or token.endswith(("/", "=", "#", "?"))


def _an_id_of_a_list(text: str, start: int, end: int) -> bool:
    """Whether the digits between ``start`` and ``end`` label a list item ("- 0418447669:
    Added a menu") in a list whose other items are labelled by hex ids of that length,
    letters and all ("- 5c1d7a2e3f: Fixed..."): a changelog's changeset or commit ids,
    of which one in a few dozen has no letter and reads as a phone number."""
    if text[end : end + 1] != ":":
        return False
    line_start = text.rfind("\n", 0, start) + 1
    if _LIST_MARK.fullmatch(text, line_start, start) is None:
        return False
    first, last = _list_around(text, line_start)
    return any(_hex_label(text, at, end - start) for at in _item_starts(text, first, last))


def _list_around(text: str, line_start: int) -> tuple[int, int]:
    """Where the list holding the line at ``line_start`` begins and ends: the run of
    lines around it, none blank (a changelog's list is one block), at most
    :data:`_LIST_LINES` each way."""
    first = line_start
    for _ in range(_LIST_LINES):
        above = text.rfind("\n", 0, max(first - 1, 0)) + 1
        if first == 0 or not text[above : first - 1].strip():
            break
        first = above
    last = text.find("\n", line_start)
    for _ in range(_LIST_LINES):
        if last == -1:
            break
        following = text.find("\n", last + 1)
        line = text[last + 1 : following if following != -1 else len(text)]
        if not line.strip():
            break
        last = following
    return first, len(text) if last == -1 else last


def _item_starts(text: str, first: int, last: int) -> Iterator[int]:
    at = first
    while at < last:
        yield at
        found = text.find("\n", at, last)
        if found == -1:
            return
        at = found + 1


def _hex_label(text: str, at: int, width: int) -> bool:
    """Whether the line at ``at`` is a list item labelled by a hex id of ``width``
    characters with a letter in it."""
    mark = _LIST_MARK.match(text, at)
    if mark is None:
        return False
    label = text[mark.end() : mark.end() + width + 1]
    return (
        len(label) == width + 1
        and label[-1] == ":"
        and all(c in "0123456789abcdef" for c in label[:-1])
        and any(c in "abcdef" for c in label[:-1])
    )


_LIST_LINES = 200  # lines of a list looked at each way from a number that labels an item


_LIST_MARK = re.compile(r"[ \t]*[-*+][ \t]+")


def _in_row_of_pairs(text: str, start: int, end: int) -> bool:
    """Whether the ten digits in pairs between ``start`` and ``end`` go on with another
    pair of digits or hex digits before or after them, the same separator between: a
    row of a hex dump ("00 01 02 03 04 05 06 ..."), a table of bytes or of counts. A
    phone number has five pairs, no more."""
    sep = text[start + 2 : start + 3]
    if sep not in (" ", ".", "-"):
        return False  # written without separators: no row to be part of
    before = text[max(0, start - 4) : start]
    after = text[end : end + 4]
    return (
        len(before) >= 3
        and before[-1] == sep
        and _hex_pair(before[-3:-1])
        and not (len(before) == 4 and before[0].isalnum())
    ) or (
        len(after) >= 3
        and after[0] == sep
        and _hex_pair(after[1:3])
        and not (len(after) == 4 and after[3].isalnum())
    )


def _hex_pair(pair: str) -> bool:
    """Two hex digits, one of them a digit: "0A" goes on a row of bytes, "de" or "ce"
    after a French number is a word."""
    return (
        len(pair) == 2
        and all(c in "0123456789ABCDEFabcdef" for c in pair)
        and any(c.isdigit() for c in pair)
    )


# A negative number and the word or sign that joins the bounds of a range, right before
# a "+": "-2147483648 to +", "-90..+", "[-1, +". It starts on the literal "-", its runs
# are bounded, and it reads the 64 characters before the "+" only.
_RANGE_BEFORE = re.compile(
    r"-(?<![\w.-]-)\d[\d,.']{0,24}[ \t]{0,4}(?:to|through|thru|and|à|au|bis|\.\.\.?|…|–|—|~)"
    r"[ \t]{0,4}$"
)
# the limits of binary integers: 2^n and 2^n - 1 for the usual widths; and every power
# of two up to 2^64, the sizes code writes ("16777216" colours, "1099511627776" bytes in
# a tebibyte). Not every 2^n - 1: "+17179869183" (2^34 - 1) limits no integer.
_LIMITS: Final = frozenset(
    {
        *(limit for bits in (7, 8, 15, 16, 31, 32, 63, 64) for limit in (2**bits, 2**bits - 1)),
        *(2**bits for bits in range(7, 65)),
    }
)


def _signed_number(text: str, start: int, value: str) -> bool:
    """Whether the "+" at ``start`` is the sign of a number rather than a country code:
    the upper bound of a range whose lower bound is negative ("-2147483648 to
    +2147483647": a "-" after a letter, a digit or a dot is a hyphen, as in a date), or,
    written without separators, the limit of a binary integer ("+4294967295") or a power
    of two ("+16777216" in code): no phone number is one but by chance."""
    if _RANGE_BEFORE.search(text[max(0, start - 64) : start]) is not None:
        return True
    digits = value[1:]
    return digits.isdigit() and int(digits) in _LIMITS


# The label just before a number that says what it is, other than a phone's: a book's
# ISBN, a stream's serial number ("Theora: serialno 0170995062", as ogginfo prints it),
# a product's code. Read on the 32 characters before, emphasis and a colon set aside.
_NUMBER_LABEL = re.compile(
    r"(?i:isbn(?:-1[03])?|issn|serial(?:[ _-]?(?:no|number))?|serialno|upc|ean|sku|gtin)"
    r"[*_]{0,2}[ \t]{0,4}[:#=]?[*_]{0,2}[ \t]{0,4}$"
)


# An identifier's name just before a number, an operator between: "project_id IN
# array(4551897674350594)" (getsentry/rfcs' SQL), '"org_id": ...', "userId=...", "IDs (...":
# a record's number, however a card's it looks (one number in ten passes Luhn's check).
_ID_LABEL = re.compile(
    r"(?:_(?i:ids?)|[a-z](?:Ids?|IDs?)|\b(?i:ids?))[\"'`]?[ \t]{0,4}(?:[:=]|==|(?i:in)\b)?"
    r"[ \t]{0,4}(?i:array|tuple|list)?[ \t]{0,2}[(\[]?[ \t]{0,2}$"
)


def _id_value(text: str, start: int) -> bool:
    """Whether the number at ``start`` is an identifier's value (see :data:`_ID_LABEL`)."""
    return _ID_LABEL.search(text, max(0, start - 48), start) is not None


def _labelled_number(text: str, start: int) -> bool:
    """Whether the number at ``start`` follows a label that names it something else than
    a phone number (see :data:`_NUMBER_LABEL`)."""
    return _NUMBER_LABEL.search(text, max(0, start - 32), start) is not None


# a negative decimal just after a number and its comma, or just before the number: a
# neighbour in a list of signed numbers (bounded)
_NEGATIVE_AFTER = re.compile(r"[ \t]{0,4},[ \t]{0,4}-\d{1,4}\.\d")
_NEGATIVE_BEFORE = re.compile(r"-\d{1,4}\.\d{1,24},[ \t]{0,4}$")


def _in_vector(text: str, start: int, end: int) -> bool:
    """Whether the "+" number between ``start`` and ``end`` is a decimal in a list of
    signed numbers (a row of a matrix, ``[+1.9779984951, -2.428592205, +0.45]``): a
    negative decimal beside it, as no phone number ever has."""
    if "." not in text[start:end]:
        return False
    return (
        _NEGATIVE_AFTER.match(text, end) is not None
        or _NEGATIVE_BEFORE.search(text, max(0, start - 40), start) is not None
    )


def _phone_shape(value: str) -> bool:
    """Separators used consistently: no doubled separator, one kind between groups."""
    seps = {c for c in value if c in " .-"}
    return len(seps) <= 1 and "  " not in value and ".." not in value and "--" not in value


def _not_a_person(domain: str, labels: list[str]) -> bool:
    """A domain of placeholders, one that hosts mailing lists, or one whose addresses
    are programs' (:data:`_MACHINE_DOMAINS`)."""
    tail = ".".join(labels[-2:])
    if domain in _PLACEHOLDER_DOMAINS or tail in _PLACEHOLDER_DOMAINS:
        return True
    if tail in _MACHINE_DOMAINS:
        return True
    if domain in _LIST_DOMAINS or tail in _LIST_DOMAINS:
        return True
    return labels[0] in _LIST_LABELS and len(labels) > 2


_SERVICE_WORDS = 3  # words of a name joined by hyphens that make it a service's
# Kotlin's keywords that take a label after "@": "this@Outer.name", "return@forEach"
_KOTLIN_LABELLED = frozenset(("this", "return", "break", "continue", "super"))


def _real_email(local: str, domain: str, after: str) -> bool:
    domain = domain.lower().rstrip("-")
    if (
        after in (":", "(")
        or local in _KOTLIN_LABELLED
        or local.startswith(".")
        or local.endswith((".", "-", "+"))
    ):
        # "git@github.com:owner/repo" is a remote; "free-@libc.so" a pattern; a call or
        # a label's member is code: Kotlin's "this@Logger.info(...)", "return@forEach"
        return False
    labels = domain.split(".")
    tld = labels[-1]
    if not (tld.isalpha() and (len(tld) == 2 or tld in _COMMON_TLDS)) or tld in _CODE_EXTENSIONS:
        return False  # "react@18.2.0", "x@self.weights"; "anonymous@filename.js", a file
    if tld in _PLACEHOLDER_TLDS or labels[0] in ("example", "localhost"):
        return False
    if len(labels) >= 2 and labels[-2] in _PLACEHOLDER_NAMES:
        return False  # "jane@sample.com", "ana@dummy.org": the domain says it stands in
    if _not_a_person(domain, labels):
        return False
    low = local.lower()
    first = re.split(r"[.+_-]", low.rstrip("0123456789"), maxsplit=1)[0]
    # "kubernetes-security@", "sig-release-leads@": a role after a hyphen names a team;
    # never after a dot or a plus, where names and tags go ("ravi.core@", "alice+dev@")
    words = low.split("-")
    compound = "." not in low and "+" not in low and _ROLE_LOCALS.intersection(words[1:])
    # "find-a-solicitor@", "monitoring-and-integration-platform@": a service, not a person
    service = (
        len(words) >= _SERVICE_WORDS
        and "." not in low
        and all(words)
        and ".".join(labels[-2:]) not in _MAIL_PROVIDERS  # "mary-jane-watson@gmail.com"
    )
    # "compiler-private@rust-lang.org": a team's private alias, on the project's own domain;
    # on a mail provider's, "jan-private@" is how a person marks a personal address
    private = (
        low.endswith("-private")
        and "." not in low  # "jane.doe-private@": a person's
        and ".".join(labels[-2:]) not in _MAIL_PROVIDERS
    )
    # "myemail@", "my.name@", "your_email@": a form's stand-in for the reader's own address
    mine = (
        low.startswith(("my", "your"))
        and low.removeprefix("my").removeprefix("your").lstrip("._-") in _STAND_IN_LOCALS
    )
    return not (
        low in _ROLE_LOCALS
        or _DOE.fullmatch(low) is not None
        or mine
        or first in _ROLE_LOCALS
        or compound
        or service
        or private
        or placeholder(low)
    )

"""What passes as a stand-in rather than a secret.

What passes
    Placeholders (``<password>``, ``${TOKEN}``, ``changeme``, ``xxxx``, a run of
    one character, an obvious sequence, values built on placeholder words such as
    ``mysecretpassword`` or ``your-secret-here``, but not a password that merely holds
    such a word among digits and words of its own, ``Hunter2-Secret-99``: see
    :func:`_mixed_in`), references to a secret kept elsewhere, and the public
    samples of vendors' documentation (:data:`PUBLIC_SAMPLES`). After a credential's
    name, a stand-in written in base64 or hex passes too, and so do an account's name
    given to a credential (``-Credential CONTOSO\\User01``) and a single plain word
    (``secret: "pony"``): see :mod:`~mdbrain.core.guard.assignments`. The exact values of
    the ``allow`` set and the lines that carry an allow comment pass too: see
    :mod:`mdbrain.core.guard.ledger`.

A password written with its user
    In a URL's userinfo (``postgres://app:…@db``), after ``curl -u app:`` or in HTTP
    Basic, a password is meant whatever its strength, so fewer values pass there
    (:func:`stand_in_password`): the shapes and runs above, and placeholder words spelled
    plainly (``password``, ``changeme``, ``mysecretpassword``), but not a word disguised
    by digits or signs inside it (``S3cr3tPassw0rd``, ``P@ssw0rd``), nor a placeholder
    word given a digit (``hunter2``): that is how people make the passwords they use.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Final

# Documented samples of vendors and standards: they are in every tutorial, they
# open nothing, and refusing them would make the guard refuse documentation.
PUBLIC_SAMPLES = frozenset(
    {
        # AWS documentation's example credentials
        "AKIAIOSFODNN7EXAMPLE",
        "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        # the token shown on jwt.io
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4g"
        "RG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
        # Stripe's documented test-mode keys
        "sk_test_4eC39HqLyjWDarjtT1zdp7dc",
        "sk_test_BQokikJOvBiI2HlWgH4olfQ2",
        # the Azure storage emulator's well-known account key
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
        # HTTP Basic examples of RFC 2617 and RFC 7617 ("Aladdin:open sesame")
        "QWxhZGRpbjpvcGVuIHNlc2FtZQ==",
        "YWxhZGRpbjpvcGVuc2VzYW1l",
        # social security numbers known to be samples (the 1938 wallet card, ads)
        "123-45-6789",
        "078-05-1120",
        "219-09-9999",
        # IBANs of bank and standard documentation
        "FR7630006000011234567890189",
        "FR1420041010050500013M02606",
        "DE89370400440532013000",
        "GB29NWBK60161331926819",
        "GB82WEST12345698765432",
        "NL91ABNA0417164300",
        "BE68539007547034",
        "CH9300762011623852957",
        "ES9121000418450200051332",
        "IT60X0542811101000000123456",
        # payment networks' test card numbers
        "4111111111111111",
        "4242424242424242",
        "4012888888881881",
        "4000056655665556",
        "5555555555554444",
        "5105105105105100",
        "2223003122003222",
        "378282246310005",
        "371449635398431",
        "6011111111111117",
        "6011000990139424",
        "3530111333300000",
        "30569309025904",
    }
)


def word_set(text: str) -> frozenset[str]:
    return frozenset(text.split())


# Leet spellings fold back to letters before the placeholder words are looked for.
_LEET = str.maketrans("0134578@$!|", "oieastbasil")
# Words that make a value a stand-in wherever they occur in it ("mysecretpassword",
# "EXAMPLEKEY123"): nobody's password says it is an example.
_STAND_IN_PARTS = (
    "example", "sample", "placeholder", "dummy", "redacted", "xxxx",
    "setme", "set_me", "set-me", "replaceme", "replace_me", "replace-me", "fillme", "fill-me",
    "foobar", "lorem", "notreal", "not_real", "notasecret",
    # xkcd 936's "correct horse battery staple", the passphrase every article quotes
    "correcthorse", "correct-horse", "correct_horse", "correct horse",
)  # fmt: skip
# Words that make a value a stand-in when it is built on them, with words that stand in
# too and a number at most ("mysecretpassword", "changeme123", "your-secret-here"), but
# that people also put in the passwords they use, among words and digits of their own
# ("Hunter2-Secret-99", "Changeme!Orion77"): see _mixed_in.
_PASSWORD_PARTS = (
    "password", "passwd", "passphrase", "secret", "changeme", "change_me", "change-me",
    "changeit", "letmein", "qwerty", "azerty", "opensesame", "open sesame", "token",
    "apikey", "api_key", "api-key",
    "motdepasse", "mot_de_passe", "motdepase", "contrasena", "contraseña", "passwort",
    "kennwort", "wachtwoord", "senha", "geheim", "secreto", "segreto",
)  # fmt: skip
_PLACEHOLDER_PARTS = (*_STAND_IN_PARTS, *_PASSWORD_PARTS)
# Whole values (once digits and punctuation at the ends are set aside) that stand in.
_PLACEHOLDER_WORDS = word_set(
    """pass pwd mdp token key keys value val test testing tester admin administrator root
    guest user username login demo default none null nil true false yes no on off undefined
    string str text hidden required optional secure sensitive masked encrypted plain
    plaintext empty blank abc abcd abcdef foo bar baz qux quux hello world tiger scott postgres
    mysql hunter
    redis mongo mongodb oracle sa welcome fake mock todo tbd na n/a unknown any int integer
    number bool boolean object array list dict map bytes binary base64 hex utf8 ascii
    char void auto env var variable xyz qwe asd zxc bearer basic digest oauth oauth2 jwt
    api auth credentials credential creds access private public secretkey privatekey
    publickey accesskey sessionid session cookie csrf nonce salt hash md5 sha sha1 sha256
    sha512 bcrypt argon2 pbkdf2 scrypt aes rsa ecdsa ed25519 hmac hs256 rs256 es256
    client server local localhost host port database db schema table column field form
    input output param params option options flag setting settings config configuration
    motdepasse clave senha wachtwoord kennwort passwort geheim contrasena secreto segreto
    parola haslo heslo"""
)
_PLACEHOLDER_PREFIXES = ("your", "example", "sample", "dummy", "fake", "test", "demo", "mock")
# "my-" or "my_" then words in lower case: "my-public-api-key", "my_access_key"; not
# "my_Xk82!pq9Lz", a real password that happens to start so
_MY_WORDS = re.compile(r"my[-_][a-z]+(?:[-_][a-z]+)*")
# a vendor's token prefix before a stand-in for its body: "github_pat_asdf", "ghp_xxxx"
_TOKEN_PREFIX = re.compile(r"(?:gh[pousr]_|github_pat_|[rs]k_(?:live|test)_|xox[abposrce]-)")
# the prefixes of every vendor's token (patterns.LITERAL_PATTERNS, vendor_tokens), before
# filler: "HF_TOKEN=hf_xxx", "cioxxxxxxxx", "ghp_" and 36 stars. An alternation of
# literals, read from the value's start.
_VENDOR_PREFIX = re.compile(
    r"(?:gh[pousr]_|github_pat_|[rs]k_(?:live|test)_|xox[abposrce]-|xapp-|npm_|hf_|api_org_"
    r"|gl(?:pat|ptt|dt|rt|soat|cbt|ft|imt)-|sk-(?:ant-|proj-)?|do[opr]_v1_|shp(?:at|ca|pa|ss)_"
    r"|hv[sbr]\.|dapi|cio|rubygems_|CLOJARS_|dckr_pat_|PMAK-|lin_api_|glsa_|glc_|sntry[su]_"
    r"|bkua_|pul-|sgp_|HRKU-|dd[pw]_|rnd_|sbp_|pscale_(?:tkn|pw|oauth)_|pnu_|tskey-[a-z]{1,8}-"
    r"|tk-us-|API-|ico-|rdme_|ATBB|ops_|LTAI|ya29\.|NRAK-|dt0c01\.|gsk_|xai-|pplx-|r8_|nvapi-"
    r"|lsv2_(?:pt|sk)_|sq0atp-|shippo_(?:live|test)_|duffel_(?:live|test)_|EZ[AT]K"
    r"|xkeysib-|xsmtpsib-|CFPAT-|fio-u-|ntn_|aio_|phx_)"
)
_FILLER = re.compile(r"[*xX._#?…-]+|(.)\1*")  # x's, stars, dots; one character repeated


_STAND_IN_BODY = 16  # characters: a token's real body is longer (36 after "ghp_")


def _token_stand_in(value: str) -> bool:
    """Whether ``value`` is a token's prefix followed by a short keyboard row, run of one
    character or sequence (:func:`dummy`), or a vendor's prefix followed by filler of any
    length (``hf_xxx``, ``ghp_`` and 36 stars), as documentation writes a token it will
    not show."""
    prefix = _TOKEN_PREFIX.match(value)
    body = value[prefix.end() :] if prefix is not None else ""
    if 0 < len(body) < _STAND_IN_BODY and dummy(body):
        return True
    vendor = _VENDOR_PREFIX.match(value)
    filler = value[vendor.end() :] if vendor is not None else ""
    return bool(filler) and _FILLER.fullmatch(filler) is not None


# words in lower case joined by "-" or "_", one of which says it stands in: "jslib-test-value"
_WORDS = re.compile(r"[a-z]+(?:[-_][a-z]+)+")
# a value that names the kind of secret it stands for, in words: "someWebhookSecret",
# "base64EncodedKey", "yourApiToken", "my_db_password" (backstage's examples), or words
# in small letters joined by hyphens or underscores that end on a password's short name,
# "pw" or "pass" ("aws-pw" beside "aws-user", edgex's sample secret; "db-pass"). A secret
# is no sentence ending in its own kind. Every run ends before a sign: one way to cut it.
_NAMED_AFTER_ITS_KIND = re.compile(
    r"[a-z][a-z0-9]*(?:[A-Z][a-z0-9]+)*(?:Key|Secret|Token|Password|Passwd|Pwd|Credentials?)"
    r"|[a-z][a-z0-9]*(?:_[a-z][a-z0-9]*)*_(?:key|secret|token|password|passwd|pwd|credentials?)"
    r"|[a-z]{2,24}(?:[-_][a-z]{2,24}){0,6}[-_](?:pw|pwd|pass|passwd|password)"
)
# and such a name of words, no digit among them, numbered: "newReplicationPassword123"
# (bitnami's charts), "myApiToken2"; every hump starts on a capital, one way to cut it
_NUMBERED_AFTER_ITS_KIND = re.compile(
    r"[a-z]{1,32}(?:[A-Z][a-z]{1,32}){0,8}(?:Key|Secret|Token|Password|Passwd|Pwd)[0-9]{1,4}"
)
_PARTS = re.compile(r"[-_]")
_STANDIN_PARTS = frozenset({"test", "testing", "value", "demo", "mock", "fake", "dummy", "sample"})
# Shapes that stand in: <name>, ${VAR}, $VAR, %VAR%, {{ var }}, {var}, [var], a BOSH or
# Concourse variable ((name.part)), lower-case words joined (cloudfoundry/community's
# RFC-0029 was kept out for "((nats_client_cert.private_key))"), runs of one filler
# character. Run on values of at most 1,024 characters.
PLACEHOLDER_SHAPE = re.compile(
    r"<[^<>]*>|\$\{[^}]*\}|\$\(.*\)|\$[A-Za-z_]\w*|%[A-Za-z_]\w*%|\{\{.*\}\}|\{[^{}]*\}"
    r"|\[[^\[\]]*\]|\(\.\.\.\)|\(\([a-z][a-z0-9]{0,63}(?:[_.:/-][a-z0-9]{1,63}){1,8}\)\)"
    r"|[*xX._#?…-]+"
)
# The patterns below test one value (1,024 characters at most) from its start; their
# repetitions are separated by characters they cannot contain, so each reads it once.
# an environment variable's name, or a placeholder written as one in any language
# ("DEIN_SUCH_API_SCHLÜSSEL", "TU_LLAVE_DE_API_DE_BÚSQUEDA": Starlight's translated docs)
_ENV_NAME = re.compile(
    r"[A-Z\u00c0-\u00de][A-Z0-9\u00c0-\u00de]*(?:_[A-Z0-9\u00c0-\u00de]+)+|[A-Z]{3,}"
)
# An attribute, member or namespace path: self.password, config.db.pass, Foo::bar.
_CODE_PATH = re.compile(r"[A-Za-z_]\w*(?:(?:\.|->|::)[A-Za-z_]\w*)+(?:\(\))?")
_REFERENCE_STARTS = ("$", "%", "{", "<", "[", "(", "!", "&", "*", "@", "#", ":", "=", "~")
_REFERENCE_PARTS = ("${", "{{", "$(", "%(", "#{", "<%", "://", "env:", "vault:", "ssm:")
_REFERENCE_PREFIXES = (
    "secret:", "secrets:", "ref:", "ref+", "file:", "arn:", "op://", "keychain:",
    "projects/", "/", "./", "../", "~/", "env.", "process.env", "os.environ", "os.getenv",
)  # fmt: skip
# A Windows variable ("%USERPROFILE%") or a key or credentials file named in the value.
_FILE_REFERENCE = re.compile(
    r"%\w{1,64}%|[\\/]\.ssh[\\/]|\bid_(?:rsa|dsa|ecdsa|ed25519)\b"
    r"|\.(?:pem|key|crt|cer|p12|pfx|jks|ppk|json|txt|env|ya?ml)$"
)
# A package or module path under a host name ("k8s.io/kubernetes/pkg/kubelet",
# "github.com/org/repo"): where code comes from, not a credential. Lower case only:
# "my.pw/Zq7vK2mP9x" has the shape of a host and a path, and the mixed case of a password.
_HOST_PATH = re.compile(r"[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}(?:/[a-z0-9_.-]+)+/?")
_LETTERS_OR_DIGITS = re.compile(r"[a-z]+|[0-9]+")
_SEQUENCES = (
    "abcdefghijklmnopqrstuvwxyz",
    "0123456789012345678901234567890",
    "qwertyuiopasdfghjklzxcvbnm",
    "azertyuiopqsdfghjklmwxcvbn",
)


def dummy(value: str) -> bool:
    """One repeated character or unit, few distinct characters, or an obvious sequence."""
    size = len(value)
    if size == 0:
        return True
    low = value.lower()
    distinct = len(set(low))
    if distinct <= 2 or (size >= 8 and distinct <= 3):
        return True
    if low in (low + low)[1:-1]:
        return True  # a shorter unit repeated: "abcabcabc", "0123456789abcdef" twice
    for period in range(1, min(8, size // 2) + 1):
        if low == (low[:period] * (size // period + 1))[:size]:
            return True  # a unit repeated, cut anywhere: "abcdabcdab"
    # one or two runs ("abcdefgh", "12345678", "abcd1234"), each a keyboard or alphabet
    # run, or up to four of seven characters at least ("ABCDEFG1234567890abcdefg":
    # argoproj/argo-cd's Okta guide, left out whole; not "Qwerty123!Asdf", a password)
    runs = _LETTERS_OR_DIGITS.findall(low)
    few = len(runs) <= 2 or (len(runs) <= 4 and min(map(len, runs)) >= _LONG_RUNS)
    if runs and few and all(_in_sequence(run) for run in runs):
        return True
    # or mostly one long such run ("SHA-256=abcdefghijklmnopqrstuvwxyz="): a random string
    # of 32 characters holds a run of 12 in a row of these sequences about never
    longest = max(runs, key=len, default="")
    return len(longest) >= 12 and 2 * len(longest) >= size and _in_sequence(longest)


_LONG_RUNS = 7  # characters of each of three or four runs that make a value a sequence


def _in_sequence(run: str) -> bool:
    return any(run in seq or run in seq[::-1] for seq in _SEQUENCES)


# signs that may end or start a placeholder's word ("admin!", "_token_"); placeholder()
# sets digits aside too ("test1")
_SIGNS = "_-.!#@$%*+/=?~^&"
_DIGITS_AND_SIGNS = "0123456789" + _SIGNS


def placeholder(value: str) -> bool:
    """Whether a value is a stand-in ("<password>", "${TOKEN}", "changeme", "xxxx"...)."""
    core = _core(value)
    if core is None:
        return False
    if not core:
        return True
    low = core.lower()
    folded = low.translate(_LEET)
    return (
        low.strip(_DIGITS_AND_SIGNS) in _PLACEHOLDER_WORDS
        or _of_placeholder_words(low)
        or _built_on_placeholder_words(core, low, folded)
        or _worded_stand_in(core, low)
        or _filler(core)
    )


# A digit or a sign that spells a letter, between two letters ("S3cr3t", "Passw0rd",
# "P@ssword"): a word disguised, as people disguise the passwords they use. Bounded.
_DISGUISED = re.compile(r"[A-Za-z][0-9@$!|]{1,8}[A-Za-z]")


def stand_in_password(value: str) -> bool:
    """Whether a password written with its user (a URL's userinfo, ``curl -u``, HTTP
    Basic) is a stand-in. Narrower than :func:`placeholder`: whoever writes a user and a
    password together means the pair, weak or strong. The shapes and runs pass
    (``<password>``, ``${DB_PASSWORD}``, ``$PASSWORD``, ``****``, ``xxx``), and so do
    placeholder words spelled plainly (``password``, ``pass``, ``changeme``,
    ``mysecretpassword``, ``password123``); a word disguised by digits or signs inside
    it does not (``S3cr3tPassw0rd``, ``MyPassw0rd2024``, ``P@ssw0rd``, the most common
    passwords of real servers), nor a placeholder word with a digit added (``hunter2``,
    ``admin1``), which a leaked password list holds and documentation seldom writes."""
    core = _core(value)
    if core is None:
        return False
    if not core or _filler(core):
        return True
    if _DISGUISED.search(core) is not None:
        return False
    low = core.lower()
    return (
        low.strip(_SIGNS) in _PLACEHOLDER_WORDS
        or _built_on_placeholder_words(core, low, low)
        or _worded_stand_in(core, low)
    )


def _of_placeholder_words(low: str) -> bool:
    """Whether a value is placeholder words in small letters joined by a hyphen or an
    underscore, nothing else: "hello-world", "foo_bar" (argoproj/argo-cd's SSO guide
    shows "hello-world" in base64 as a client secret). Not words with digits or signs
    ("Welcome1!_Admin2024"): that is how people make the passwords they use."""
    if _JOINED_WORDS.fullmatch(low) is None:
        return False
    return all(part in _PLACEHOLDER_WORDS for part in re.split(r"[-_]", low))


_JOINED_WORDS = re.compile(r"[a-z]{2,20}(?:[-_][a-z]{2,20}){1,5}")


def _built_on_placeholder_words(core: str, low: str, folded: str) -> bool:
    """Whether placeholder words make a value a stand-in: a word no password holds
    (``example``, ``redacted``, ``xxxx``) anywhere in it, or a password's word
    (``secret``, ``password``, ``token``, ``changeme``, spelled plainly in ``low`` or in
    leet in ``folded``) in a value not mixed with material of its own (:func:`_mixed_in`):
    ``mysecretpassword``, ``Secret123!``, ``your-secret-here``, but not
    ``Hunter2-Secret-99``."""
    if any(part in low or part in folded for part in _STAND_IN_PARTS):
        return True
    found = [part for part in _PASSWORD_PARTS if part in low or part in folded]
    if not found:
        return False
    if len(core) > _LONGEST_MIXED or not core.isascii():
        return True  # prose ("<token>は10分ごとに…"), not a password a person made
    mask = [False] * len(low)
    for part in found:
        for spelled in {low, folded}:
            at = spelled.find(part)
            while at != -1:
                mask[at : at + len(part)] = [True] * len(part)
                at = spelled.find(part, at + 1)
    return not _mixed_in(core, low, mask)


_LONGEST_MIXED = 64  # characters: a password made by a person is shorter
# a run of letters or digits, and such a run cut into letters and digits (ASCII values)
_ALNUM_RUN = re.compile(r"[a-z0-9]+")
_LETTER_OR_DIGIT_RUN = re.compile(r"[a-z]+|[0-9]+")
# "v2", "s3", "k8s", "i18n": a version, a product, a numeronym
_ONE_LETTER_AND_DIGITS = re.compile(r"[a-z][0-9]{1,3}[a-z]?")
# digits that spell letters, each run between letters ("cust0m"): one way to cut the run
_LEET_INSIDE = re.compile(r"[a-z]+(?:[0134578]{1,3}[a-z]+){1,8}")
_CONSONANTS = re.compile(r"[b-df-hj-np-tv-xz]{4}")


def _mixed_in(core: str, low: str, mask: list[bool]) -> bool:
    """Whether a password's word (the ``mask`` over ``low``) is mixed into a password:
    what is left of the value holds digits, and either digits on both sides of the word
    (``Hunter2-Secret-99``, ``Admin7-Secret-42``), or digits with letters of its own in
    one piece (``Changeme!Orion77``, ``Secret_Kd83mZ``), or digits and a word of its own
    in a value of capitals and small letters (``Winter-Secret-42``), as people make the
    passwords they use. What is left of a stand-in is words that stand in too
    (:data:`_FILLERS`: ``my``, ``your``, ``here``, ``super``, ``dev``, ``key``...), a
    number on one side, a version (``secret-v2``, ``s3-secret``), words in small letters
    that say what to do (``change-me-in-production-2024``), or words disguised in leet
    like the password's word itself (``My-Cust0m_S3cR3T``, bonita's image documentation;
    ``S3cr3tPassw0rd!`` passes so too)."""
    # the value in small letters, the password's words blanked (from first to last), a
    # space before each hump of camel case ("secretNonBase64Encoded": non, base64, encoded)
    chars: list[str] = []
    first = last = -1
    for i, (c, was, hidden) in enumerate(zip(low, core, mask, strict=True)):
        if hidden:
            first = len(chars) if first < 0 else first
            chars.append(" ")
            last = len(chars)
            continue
        if c != was and i and not core[i - 1].isupper():
            chars.append(" ")
        chars.append(c)
    left = "".join(chars)
    before = after = mixed = own_words = False
    for piece in _ALNUM_RUN.finditer(left):
        word = piece.group()
        if (
            _fillers_only(word)
            or _fillers_only(word.translate(_LEET))
            or _ONE_LETTER_AND_DIGITS.fullmatch(word)
        ):
            continue  # "my", "superpass", "sup3r" in leet, "v2", "k8s"
        if _LEET_INSIDE.fullmatch(word) and _pronounceable(word.translate(_LEET)):
            word = word.translate(_LEET)  # a word disguised: "cust0m", "h4ck3r"
        runs = _LETTER_OR_DIGIT_RUN.findall(word)
        digits = any(run.isdigit() for run in runs)
        own = any(not run.isdigit() and len(run) > 1 and not _fillers_only(run) for run in runs)
        before = before or (digits and piece.start() < first)
        after = after or (digits and piece.end() > last)
        mixed = mixed or (own and digits)
        own_words = own_words or own
    cased = any(c.isupper() for c in core) and any(c.islower() for c in core)
    return (before and after) or mixed or (own_words and (before or after) and cased)


def _pronounceable(word: str) -> bool:
    """A vowel at least every third letter, never four consonants in a row: a word
    ("custom"), not letters drawn at random ("kdbemz")."""
    vowels = sum(c in "aeiouy" for c in word)
    return 3 * vowels >= len(word) and _CONSONANTS.search(word) is None


_LONGEST_FILLER = 16


@lru_cache(maxsize=4096)
def _fillers_only(run: str) -> bool:
    """Whether a run of small letters is made of :data:`_FILLERS` only, run together or
    not ("my", "mysuper", "appdb"). At most 48 characters, each tried against words of
    at most 16: bounded."""
    if not run or len(run) > 48:
        return False
    cut = [True] + [False] * len(run)  # cut[i]: run[:i] is made of fillers
    for end in range(1, len(run) + 1):
        cut[end] = any(
            cut[start] and run[start:end] in _FILLERS
            for start in range(max(0, end - _LONGEST_FILLER), end)
        )
    return cut[-1]


def _core(value: str) -> str | None:
    """The value without the brackets and quotes around it; "" when it is a placeholder's
    shape, None when it is too long to be tested (1,024 characters)."""
    if value in PUBLIC_SAMPLES or PLACEHOLDER_SHAPE.fullmatch(value[:1024]):
        return ""
    if len(value) > 1024:
        return None
    core = value.strip("[]<>{}():'\"`")
    return "" if PLACEHOLDER_SHAPE.fullmatch(core) else core


def _worded_stand_in(core: str, low: str) -> bool:
    """A value made of words that say it stands in: "your_token", "my-api-key",
    "someWebhookSecret", "jslib-test-value"."""
    return (
        low.startswith(_PLACEHOLDER_PREFIXES)
        or _MY_WORDS.fullmatch(core) is not None
        or _NAMED_AFTER_ITS_KIND.fullmatch(core) is not None
        or _NUMBERED_AFTER_ITS_KIND.fullmatch(core) is not None
        or (
            _WORDS.fullmatch(core) is not None
            and bool(_STANDIN_PARTS.intersection(_PARTS.split(core)))
        )
    )


def _filler(core: str) -> bool:
    """A token's prefix before filler, an ellipsis, a run or a sequence ("ghp_xxxx",
    "abc...", "aaaa", "12345678")."""
    return _token_stand_in(core) or "..." in core or "…" in core or dummy(core)


def reference(value: str, *, quoted: bool = False) -> bool:
    """A name or a path that points at a secret kept elsewhere, or a piece of code. A
    quoted value may start with any symbol; an unquoted one starting with "!", "&", "*"
    or "@" is a YAML tag, anchor or alias, or a reference."""
    low = value.lower()
    return (
        (not quoted and value.startswith(_REFERENCE_STARTS))
        or any(part in low for part in _REFERENCE_PARTS)
        or low.startswith(_REFERENCE_PREFIXES)
        or (len(value) > 2 and value[1] == ":" and value[0].isalpha() and value[2] in "\\/")
        or _ENV_NAME.fullmatch(value) is not None
        or _CODE_PATH.fullmatch(value) is not None
        or _HOST_PATH.fullmatch(value) is not None
        or _FILE_REFERENCE.search(value) is not None
    )


# Plain words that people use as passwords more than any other (the top of the leaked
# password lists): given to a secret's name, such a word is taken as meant.
COMMON_PASSWORDS: Final = word_set(
    """sunshine dragon monkey football baseball princess shadow master letmein welcome
    iloveyou trustno superman batman starwars freedom whatever michael jordan hunter
    ranger buster soccer hockey killer pepper ginger cheese summer winter flower lovely
    charlie donald mustang access jessica ashley bailey thomas tigger robert daniel
    andrew joshua maggie harley matthew"""
)


# Words that stand in beside a password's word ("my-super-secret-key", "dev-api-token",
# "your-secret-here"): the placeholder words but the sample passwords among them, the
# prefixes of stand-ins, and words that say whose, what for or what to do. Not the names
# of environments that hold real passwords ("staging", "prod").
_FILLERS: Final = (
    (_PLACEHOLDER_WORDS - {"hunter", "tiger", "scott", "welcome"})
    | frozenset(_PLACEHOLDER_PREFIXES)
    | word_set(
        """my our the for of to in and or with here goes put insert enter paste replace
        own this not real very super top some new change me dev local sandbox generated
        random strong long app web site service svc sql smtp mail email ldap bot signing
        encryption shared internal is it"""
    )
)

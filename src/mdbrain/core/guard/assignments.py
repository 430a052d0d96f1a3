"""Assignments: a credential's name, a separator, a value."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import lru_cache

from mdbrain.core.guard.encoding import encoded_stand_in
from mdbrain.core.guard.hit import Found
from mdbrain.core.guard.samples import COMMON_PASSWORDS, word_set
from mdbrain.core.guard.values import (
    account_name,
    code_name,
    credential_like,
    declared_type,
    example_identifier,
    identifier_words,
    lower_case_words,
    public_address,
    quoted_secret,
    type_name,
)
from mdbrain.core.guard.views import Text

# Where a credential's name may be: stems in several languages. An alternation of short
# literals, so each position costs a bounded number of steps.
# Stems of a credential's name in several languages, found with str.find on the
# lower-cased text (fast C code); the case-blind pattern serves the rare text whose
# length lower-casing changes.
_STEMS = (
    "pass", "pwd", "secret", "token", "key", "cred", "mdp", "kennwort", "contrase", "clave",
    "senha", "wachtwoord", "parola",
)  # fmt: skip
_STEMS_WIDE = ("lösenord", "hasło", "пароль", "密码", "密碼", "パスワード", "비밀번호")
STEMS = (*_STEMS, *_STEMS_WIDE)  # every stem, for a quick look whether a text has one
_NAME_ANCHOR_CASELESS = re.compile("|".join((*_STEMS, *_STEMS_WIDE)), re.IGNORECASE)
_BEFORE_PASSE = ("mot de ", "mot-de-", "mot_de_", "mot ")
_AFTER_PAROLA = (" d'ordine", " d’ordine", "_d_ordine", " d ordine", "_dordine")
_PHRASES = re.compile(r"(?i)mot[ _-]?de[ _-]?passe|parola[ _]d['’_ ]?ordine|contrase")
_IDENT_RUN = re.compile(r"[\w.-]{0,64}")  # bounded: at most 64 characters from a start
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_CREDENTIAL_WORDS = word_set(
    """password passwd pwd pass passphrase passcode passwort kennwort wachtwoord contraseña
    contrasena clave senha mdp motdepasse lösenord losenord hasło haslo heslo пароль 密码
    密碼 パスワード 비밀번호 secret token apikey credential credentials creds"""
)
_COMPOUND_ENDS = (
    "password", "passwd", "passwort", "kennwort", "secret", "token", "apikey", "accesskey",
    "secretkey", "privatekey", "authkey", "accountkey", "masterkey", "signingkey",
    "encryptionkey", "clientkey", "passphrase",
)  # fmt: skip
_KEY_QUALIFIERS = word_set(
    """api access secret private auth account master signing encryption client app consumer
    subscription shared storage service session"""
)
# The first word of an operation on credentials, whose argument names the one it acts on
# (gpg's "--export-secret-subkeys 2EFA55D0...", "--delete-secret-keys"), not its value
_OPERATIONS = word_set("export import delete list show describe remove revoke")
# Words that make the name something else than a credential: a public key, a pseudo-token
_NOT_CREDENTIALS = word_set("public publishable pseudo fake dummy")
# what was done to a credential, said before it: no longer the credential
# (``hashed_password``, as fastapi's security tutorial stores its users'). "hash" is not
# one of them: ``hash_secret`` is the key a hash is made with.
_DONE_TO_IT = word_set("hashed salted digested")
# A token against cross-site request forgery (``csrftoken``, ``csrfmiddlewaretoken``,
# ``XSRF-TOKEN``) is written into every form a site serves and read by its own pages; it
# opens nothing alone (the session does), and it is no credential.
_FORGERY_GUARDS = ("csrf", "xsrf")
# A token that says where a list of results goes on, or what changed since (OData's
# ``$skiptoken`` and ``$deltatoken``, Google's ``nextPageToken``), is handed to whoever
# reads the list: microsoft/api-guidelines' paging examples were refused as passwords.
_CURSORS = ("skiptoken", "deltatoken", "pagetoken", "nexttoken", "continuationtoken",
            "synctoken", "resumetoken", "pagingtoken", "cursortoken")  # fmt: skip
# A name ending in one of these is about the credential, not the credential itself; one
# ending in fn, func, function, factory, callable or cls holds code that makes or uses
# one, as a callback or a handler does (grpc/proposal's ``private_key_sign_fn``).
_META_WORDS = word_set(
    """hash hashed hashing digest length len size min max minimum maximum policy policies
    rule rules file files path dir directory type types name names id ids url uri urls
    endpoint host field fields prompt label env var variable ref reference count expiry
    expires expiration expire expired ttl timeout lifetime age header headers enabled enable
    disabled required format regex pattern hint help reset changed change validation
    validator strength manager store storage provider source mode method location arn
    version kind description desc text title message msg placeholder input command cmd
    option options flag param parameter arg argument setting settings config index position
    limit prefix suffix style class icon button form page view template schema spec doc
    docs usage budget stream request response callback handler service generator
    dialog box window screen widget uses use usage list set get len process helper program
    plugin backend subject issuer algorithm scheme scope scopes offset offsets fn func
    function functions factory callable cls"""
)
_NAMESPACE_WORDS = word_set("namespace namespaces")
# After a name: an optional closing quote or bracket and emphasis, a separator, then a
# quoted value (lazy, bounded, ended by the same quote) or an unquoted one (bounded).
_SEP_VALUE = re.compile(
    r"[\"'\]]?[*_]{0,2}[ \t\u00a0\u202f]{0,4}(?P<sep>:=|=>|=|:|>|\()[*_]{0,2}"
    r"[ \t\u00a0\u202f]{0,8}(?:(?P<q>[\"'`])(?P<qv>[^\"'`\r\n]{1,256}?)(?P=q)"
    r"|(?P<uv>[^\s\"'`<>,;(){}\[\]|&]{1,256}))"
)
_CLI_VALUE = re.compile(
    r"[ \t]{1,4}(?:(?P<q>[\"'])(?P<qv>[^\"'\r\n]{1,256}?)(?P=q)"
    r"|(?P<uv>[^\s\"'`<>,;(){}\[\]|&]{1,256}))"
)


@lru_cache(maxsize=4096)
def credential_name(name: str) -> bool:
    """Whether an identifier names a credential (``db_password``, ``clientSecret``,
    ``AWS_SECRET_ACCESS_KEY``, ``mot de passe``) rather than something about one
    (``password_hash``, ``tokenizer``, ``max_tokens``, ``secretName``)."""
    parts = name_parts(name)
    if not parts or _about_something_else(name, parts):
        return False
    if _PHRASES.search(name):
        return True
    humps = _pass_before_a_hump(name)
    for i, part in enumerate(parts):
        if part == "pass" and i in humps:
            continue  # "passEncoder", "renderPassDescriptor": a pass of something
        if part in _CREDENTIAL_WORDS or part.endswith(_COMPOUND_ENDS):
            return True
        if part == "key" and i > 0 and parts[i - 1] in _KEY_QUALIFIERS:
            return True
    return False


# "pass" then a capital that starts the next word of a camel-case name
_PASS_HUMP = re.compile(r"(?i:p)ass(?=[A-Z][a-z])")
# what may follow "pass" and still spell a password's name: passWord, passPhrase, passCode
_PASS_COMPLETIONS = word_set("word words wd phrase code key wort")


def _pass_before_a_hump(name: str) -> set[int]:
    """The indexes (in :func:`name_parts`) of the words "pass" that a camel-case hump
    follows, the hump no word completing a password's name. "Pass" is an English word
    (a render pass, a boarding pass): as a credential it is "password" cut short, written
    last (``db_pass``, ``userPass``) or alone. Before another word, as camel case joins
    them, it says what that word is for (``passEncoder``, an encoder of a render pass;
    ``renderPassDescriptor``), as the last word of a name says what it is. Separated by
    "_" or "-" (``DB_PASS_PROD``), it still names a password."""
    if "ass" not in name or _PASS_HUMP.search(name) is None:
        return set()
    parts = name_parts(name)
    found = set()
    for i, part in enumerate(parts[:-1]):
        if part == "pass" and parts[i + 1] not in _PASS_COMPLETIONS:
            # the two words as written, joined by nothing: a hump, not a separator
            joined = re.search(f"pass{re.escape(parts[i + 1])}", name, re.IGNORECASE)
            if joined is not None and name[joined.start() + 4].isupper():
                found.add(i)
    return found


def forgery_guard(parts: list[str]) -> bool:
    """Whether the words of a name (:func:`name_parts`) name a token against cross-site
    request forgery (``csrftoken``, ``csrfmiddlewaretoken``, ``XSRF-TOKEN``)."""
    return any(part.startswith(_FORGERY_GUARDS) for part in parts)


def _about_something_else(name: str, parts: list[str]) -> bool:
    """Whether the words of a name that holds a credential's make it something else:
    a word about one last (``password_hash``), what was done to it first
    (``hashed_password``), a public key, an identifier's namespace
    (``secret-namespace``; "the password of the staging namespace" still names a
    password), a command-line flag that is an operation given what it acts on
    (``--export-secret-subkeys KEYID``; ``export_password`` is a password)."""
    if parts[-1] in _META_WORDS or _NOT_CREDENTIALS.intersection(parts):
        return True
    if (len(parts) > 1 and parts[0] in _DONE_TO_IT) or forgery_guard(parts):
        return True
    if "".join(parts).lstrip("$@").endswith(_CURSORS):
        return True  # where a list goes on (Graph's $skiptoken, nextPageToken): no credential
    if parts[-1] in _NAMESPACE_WORDS and not any(c.isspace() for c in name):
        return True
    if _a_method_of_it(name):
        return True
    return name.startswith("-") and len(parts) > 1 and parts[0] in _OPERATIONS


# the methods that look into a string rather than give it one: what follows them is a
# piece to look for ("sntrys_", "_"), never the credential (``passwordInput.fill("...")``
# and ``password.equals("...")`` hold one)
_LOOKING_INTO = frozenset(
    {"startswith", "endswith", "starts_with", "ends_with", "hasprefix", "hassuffix",
     "has_prefix", "has_suffix", "count", "split", "rsplit", "strip", "lstrip", "rstrip",
     "find", "rfind", "index", "rindex", "partition", "rpartition", "removeprefix",
     "removesuffix", "trim_start_matches", "trim_end_matches"}
)  # fmt: skip


def _a_method_of_it(name: str) -> bool:
    """Whether a dotted name is a credential's method that looks into it
    (``token.startswith("sntrys_")``, ``password.count("_")``, getsentry/rfcs): what
    it is given is a piece to look for."""
    owner, dot, last = name.strip(".").rpartition(".")
    return bool(dot and owner) and last.lower() in _LOOKING_INTO


def name_parts(name: str) -> list[str]:
    """The words of an identifier, lower-cased: ``clientSecret`` gives client, secret."""
    return [p.lower() for p in re.split(r"[_.\-\s]+", _CAMEL.sub("_", name.strip("-."))) if p]


def anchors(text: str, lowered: str) -> list[tuple[int, int]]:
    """(start, end) of each stem of a credential's name, in order."""
    if len(lowered) != len(text):
        return [m.span() for m in _NAME_ANCHOR_CASELESS.finditer(text)]
    stems = _STEMS if text.isascii() else (*_STEMS, *_STEMS_WIDE)
    spans = []
    for stem in stems:
        at = lowered.find(stem)
        while at != -1:
            spans.append((at, at + len(stem)))
            at = lowered.find(stem, at + len(stem))
    spans.sort()
    return spans


def name_at(text: str, lowered: str, start: int, end: int) -> tuple[int, int]:
    """The whole name around a stem: identifier characters on both sides (at most 64),
    and the words of "mot de passe" or "parola d'ordine"."""
    head = text[max(0, start - 64) : start][::-1]
    run = _IDENT_RUN.match(head)
    left = start - (run.end() if run else 0)
    tail = _IDENT_RUN.match(text, end)
    right = tail.end() if tail else end
    if lowered.startswith("pass", start) and lowered.endswith(_BEFORE_PASSE, 0, left):
        left -= next(len(w) for w in _BEFORE_PASSE if lowered.endswith(w, 0, left))
    if lowered.startswith("parola", start):
        after = next((w for w in _AFTER_PAROLA if lowered.startswith(w, right)), "")
        right += len(after)
    return left, right


# Assignments are read by segments: a name reaches at most 72 characters left of its
# stem, a separator and a value at most about 350 right of it, so a stem in a
# segment's own zone is judged on the segment alone. Identical segments (a text that
# repeats itself) are judged once.
_SEGMENT = 4096
_LEFT_MARGIN = 128
_RIGHT_MARGIN = 512
_STEP = _SEGMENT - _LEFT_MARGIN - _RIGHT_MARGIN


def assignment_finds(view: Text) -> Iterator[Found]:
    """A credential's name, a separator, a value that looks like a credential."""
    text = view.text
    if not any(sep in text for sep in ("=", ":", ">", "(", " -")):
        return
    if len(text) <= _SEGMENT:
        yield from _assignments_in(text, view.lowered, 0, len(text))
        return
    memo: dict[tuple[str, int], list[Found]] = {}
    # When lower-casing keeps the length, every character maps to one, and the lowered
    # text cut like the segment is the segment lowered, but for the choice between "σ"
    # and "ς" (the only lowering that reads the characters around): no stem, prefix or
    # suffix looked for holds either, so the cut serves and lowering again is spared.
    whole = view.lowered if len(view.lowered) == len(text) else None
    for own in range(0, len(text), _STEP):
        first = max(0, own - _LEFT_MARGIN)
        last = own + _STEP + _RIGHT_MARGIN
        segment = text[first:last]
        key = (segment, own - first)
        if key not in memo:
            if len(memo) > 64:
                memo.clear()
            lowered = segment.lower() if whole is None else whole[first:last]
            found = _assignments_in(segment, lowered, own - first, own - first + _STEP)
            memo[key] = list(found)
        for one in memo[key]:
            yield Found(one.rule, one.start + first, one.end + first, one.value)


def _assignments_in(text: str, lowered: str, low: int, high: int) -> Iterator[Found]:
    """The assignments whose stem starts in ``text[low:high]``. Per stem: a bounded look
    at the name and the separator after it (C code); the name and value tests only when
    a separator follows, memoised by their context."""
    done = 0
    memo: dict[tuple[int, str], tuple[int, int, str] | None] = {}
    for start, end in anchors(text, lowered):
        if start < done or not low <= start < high:
            continue
        tail = _IDENT_RUN.match(text, end)
        right = tail.end() if tail else end
        if lowered.startswith("parola", start):
            right += len(next((w for w in _AFTER_PAROLA if lowered.startswith(w, right)), ""))
        done = right
        match = _SEP_VALUE.match(text, right)
        if match is None and "-" not in text[max(0, start - 66) : start]:
            continue
        # everything the outcome depends on: the name's reach to the left, the value
        origin = max(0, start - 72)
        context = (start - origin, text[origin : (match.end() if match else right + 300) + 1])
        if context not in memo:
            if len(memo) > 4096:
                memo.clear()
            memo[context] = _assignment_at(text, lowered, (start, end), match=match, origin=origin)
        found = memo[context]
        if found is not None and not _elided(found[2], text, origin + found[1]):
            rel_start, rel_end, value = found
            yield Found("password-assignment", origin + rel_start, origin + rel_end, value)


# what follows a value cut short on purpose: "argocd.token=eyJhbGciOiJIUzI1Ni..."
_ELIDED = ("...", "\u2026", "[...]")


def _elided(value: str, text: str, end: int) -> bool:
    """Whether a value is a token's start cut short on purpose: a JSON Web Token's header
    alone, followed by an ellipsis (a whole token has two dots; any other value followed
    by "..." may be whole)."""
    return value.startswith("eyJ") and value.count(".") < 2 and text.startswith(_ELIDED, end)


def _assignment_at(
    text: str, lowered: str, stem: tuple[int, int], *, match: re.Match[str] | None, origin: int
) -> tuple[int, int, str] | None:
    """The value assigned to the name around a stem, offsets from ``origin``, or None."""
    left, right = name_at(text, lowered, *stem)
    name = text[left:right]
    if match is None and name.startswith("-"):
        match = _cli_value(text, right)
    if (
        match is None
        or not credential_name(name)
        or _meeting_passcode(text, left)
        or _stand_in(text, left, match)
        or _method_of_a_credential(name, match)
    ):
        return None
    quoted = match.group("qv")
    if quoted is not None:
        if (
            _parenthetical_code(text, match)
            or _called_with_a_name(name, text, match)
            or not quoted_secret(quoted)
            or _names_itself(name, quoted)
            or _names_another(quoted)
            or _stands_in(name, quoted)
            or public_address(quoted)
        ):
            return None
        return match.start("qv") - origin, match.end("qv") - origin, quoted
    value = match.group("uv")
    escape = _ESCAPE.match(value)
    if escape is not None:  # "credential:\ndisplay" in a string: a line break, then words
        value = value[escape.end() :]
    if (
        match.groupdict().get("sep") == "("
        or text.startswith("(", match.end())  # a call: only a quoted argument is a literal
        or _expression(value, text[match.end() : match.end() + 1])
        or not credential_like(value)
        or declared_type(value)  # ``password: Uint8Array;``, a member's type (TypeScript)
        or _stands_in(name, value)  # as written: "User01!" is none
        or public_address(value.rstrip(".,;:!?)]}\"'`*"))
    ):
        return None
    value = value.rstrip(".,;:!?)]}\"'`*")
    start = match.start("uv") + (escape.end() if escape is not None else 0)
    return start - origin, start - origin + len(value), value


# An escape sequence that opens an unquoted value inside a string ("\n", "\t"): it is
# the string's line break or tab, not part of a value.
_ESCAPE = re.compile(r"(?:\\[nrt])+")
# a name of words in small letters joined by hyphens, underscores or dots ("ice-pwd",
# "db_password"): a name; bounded, each word ends before a sign
_WORD_NAME = re.compile(r"[a-z]{2,24}(?:[-_.][a-z]{2,24}){1,7}")


# a name as code writes it: camelCase or PascalCase with a hump, a dotted or a called name
_CODE_NAME = re.compile(
    r"[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]+)+|[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+|[A-Za-z_][\w.]*\(\)"
)


def _parenthetical_code(text: str, match: re.Match[str]) -> bool:
    """Whether the value is a name of code in a code span in parentheses after a space,
    as prose names a thing: "importing the same token (`findRecord`) from
    legacy-compat" (emberjs/rfcs). Not a call, which opens its parenthesis on the name
    (``token(`...`)``), nor a value no code would name so ("the password
    (`hunter2secret`)")."""
    if match.groupdict().get("sep") != "(":
        return False
    at = match.start("sep")
    return (
        match.group("q") == "`"
        and at > 0
        and text[at - 1] in " \t\u00a0"
        and _CODE_NAME.fullmatch(match.group("qv")) is not None
    )


# what closes a call right after its one argument: blanks, then the parenthesis
_CALL_CLOSED = re.compile(r"[ \t]{0,4}\)")
# the first word of a function that looks a credential up by the name it is given
_LOOKUPS = word_set("get find lookup fetch load read resolve has")


def _called_with_a_name(name: str, text: str, match: re.Match[str]) -> bool:
    """Whether the name is a function's or a constructor's, called with one string that
    is a name as code writes one (:func:`_argument_name`): nestjs/docs.nestjs.com's
    TypeORM page was refused for ``inject: [getDataSourceToken('albumsConnection')]``,
    which asks for the token of the connection named "albumsConnection"; the string
    names what the credential is for, no value of it. A call only: the parenthesis
    right after the name, the string alone in it. A function named for a password keeps
    its argument a secret (``setPassword('sunnyDay')``: people choose words), unless it
    looks one up by its name (``getPassword('albumsConnection')``); a random string
    (``setToken('Xk9mQ2vL7pR4')``) or a password's shape (``setPassword("hunter2xY!")``)
    is no name, and stays a secret."""
    if match.groupdict().get("sep") != "(" or match.start() != match.start("sep"):
        return False
    if _CALL_CLOSED.match(text, match.end()) is None:
        return False  # more arguments, or none closed: ``login("admin", "S3cr3t!pass")``
    verb = name_parts(name.rpartition(".")[2])[:1]  # the function's own name's first word
    if password_named(name) and not _LOOKUPS.intersection(verb):
        return False
    return _argument_name(match.group("qv"))


def _argument_name(value: str) -> bool:
    """Whether a string is a name as code writes one, made of words: camel or snake case
    (``albumsConnection``, ``albums_connection``), a class's name (``UserRepository``),
    a constant's (``APP_CONFIG``), words joined by hyphens or dots (``app.config``), or a
    word; no common password. Generated credentials are random, and a person's password
    holds digits or signs more often than it is a name of code."""
    if len(value) > 64 or value.lower() in COMMON_PASSWORDS:
        return False
    if code_name(value) or type_name(value):
        return True
    spelled = value.lower() if value.isupper() else value
    return example_identifier(spelled, COMMON_PASSWORDS)


def _names_another(value: str) -> bool:
    """Whether a quoted value is itself a credential's name, written as names are (words
    in small letters joined by signs): "a password ("ice-pwd")" names a field of SDP, as
    prose quotes one; ``password_field = "db_password"`` gives a name. A password is
    random, or a person's words: not a name of a password spelled as an identifier."""
    return _WORD_NAME.fullmatch(value) is not None and credential_name(value)


def _method_of_a_credential(name: str, match: re.Match[str]) -> bool:
    """Whether the name is a method called on a member of something a credential's name
    names, so that the argument is the member's: ``token.classList.add("fade-in")``,
    ``sharedSecretValue.classList.remove("x")``. The method called and the object it is
    called on are the last two parts of a dotted name; when either holds a stem of a
    credential's name, the literal may be one (``keyring.set_password("svc", …)``,
    ``auth.setToken("…")``, ``passwordField.sendKeys("…")`` in a browser test)."""
    if match.groupdict().get("sep") != "(":
        return False
    parts = name.strip(".").lower().split(".")
    return len(parts) >= 3 and not any(stem in part for part in parts[-2:] for stem in STEMS)


# Operands (a name, perhaps dotted, or a number) joined by arithmetic operators, which
# neither holds: one way to cut the value. Bounded and possessive.
_OPERAND = r"(?:[A-Za-z_][\w.]{0,63}+|[0-9]{1,20}+)"
_ARITHMETIC = re.compile(rf"{_OPERAND}(?:[-+*/%]{_OPERAND}){{1,16}}")
_OPERAND_PARTS = re.compile(r"[-+*/%.]")


def _expression(value: str, after: str) -> bool:
    """Whether an unquoted value is code rather than a literal: arithmetic on a variable
    (``withdrawal_credentials_offset+32`` in a slice, EIP-6110's
    ``data[withdrawal_credentials_offset:withdrawal_credentials_offset+32]``, whose
    ":" reads as a separator) or a variable indexed (``requestHeaders[tokenIndex]``).
    The variable must be named by words (:func:`~mdbrain.core.guard.values.code_name`):
    a password is random or a person's word, seldom snake or camel case, so
    ``Xk9-mQ2-vL7+4`` and ``Xk9mQ2vL7pR4[1]`` are still read as values."""
    if after == "[":
        return code_name(value)
    return _ARITHMETIC.fullmatch(value) is not None and any(
        code_name(part) for part in _OPERAND_PARTS.split(value)
    )


def _stands_in(name: str, value: str) -> bool:
    """Whether a value that looks like a credential is something else for its name:
    an account's name given to a credential (``-Credential CONTOSO\\User01``; a bare
    ``User01`` only to a command's parameter, since ``Summer2024`` has the same shape
    and a configuration's ``db_credentials`` may be its password); a stand-in written
    in base64 or hex (``password: c2VjcmV0Cg==``, "secret" and a line break); or a
    word or words run together in small letters, or an identifier of such words
    (:func:`~mdbrain.core.guard.values.identifier_words`), where the name is no
    password's and the value no common password (``secret: "pony"``, FastAPI's
    ``{"X-Token": "coneofsilence"}``, a Go service's ``serviceKey =
    "app-simple-filter-xml"``, its name; ``"ProfileToken": "profile_1"``, a camera's
    profile); or a class's or a type's name (:func:`~mdbrain.core.guard.values.type_name`)
    where the name is no password's (grpc/proposal's ``private_key_sign_fn:
    "CustomPrivateKeySign"``, a Python forward reference): services generate tokens and
    keys, never so, and a person may well choose such a password. A vendor's token is
    read by its own pattern (:mod:`~mdbrain.core.guard.patterns`), whatever this says."""
    domain = any(sign in value for sign in "\\/@")
    if account_name(value) and names_an_account(name) and (domain or name.startswith("-")):
        return True
    if lower_case_words(value) or identifier_words(value):
        return not password_named(name) and example_identifier(value, COMMON_PASSWORDS)
    if type_name(value):  # "CustomPrivateKeySign", a type given to a key's parameter
        return not password_named(name)
    return encoded_stand_in(value)


# the stems of a password's name: a plain word given to one is too likely a real, weak one
PASSWORD_STEMS = (
    "pass", "pwd", "mdp", "kennwort", "contrase", "clave", "senha", "wachtwoord", "parola",
    "losen", "lösen", "haslo", "hasło", "heslo", "пароль", "密码", "密碼", "パスワード", "비밀번호",
)  # fmt: skip


def password_named(text: str) -> bool:
    """Whether ``text`` (a name, or a line) names a password in one of the languages the
    stems cover."""
    lowered = text.lower()
    return any(stem in lowered for stem in PASSWORD_STEMS)


# What PowerShell and Windows call a credential: an account, whose name is given and
# whose password is asked for, not a secret written out.
_ACCOUNT_WORDS = frozenset({"credential", "credentials", "cred", "creds"})


@lru_cache(maxsize=1024)
def names_an_account(name: str) -> bool:
    """Whether a name says "credential" and nothing more secret (``-Credential``,
    ``DomainCredential``, ``$cred``), so that it may hold an account's name. A password,
    a token or a key in it (``tokenCredential``, ``credential_password``) keeps every
    value a secret."""
    parts = name_parts(name)
    rest = [part for part in parts if part not in _ACCOUNT_WORDS]
    return len(rest) < len(parts) and not credential_name("_".join(rest))


# a meeting's invitation link, whose passcode (?pwd=) is there to be handed to whoever
# is invited: community READMEs publish them (kubernetes/community: 20 pages stopped)
_MEETING_LINK = re.compile(r"https?://(?:[\w-]+\.)*zoom(?:gov)?\.(?:us|com)/[^\s()<>\[\]]*[?&]$")


def _meeting_passcode(text: str, left: int) -> bool:
    """Whether the name starting at ``left`` is a parameter of a meeting link."""
    if left == 0 or text[left - 1] not in "?&":
        return False
    start = max(text.rfind(c, 0, left) for c in " \t\n(<[")
    return _MEETING_LINK.match(text, start + 1, left) is not None


def _stand_in(text: str, left: int, match: re.Match[str]) -> bool:
    """Whether the name starting at ``left`` is a stand-in's, between its brackets and
    followed by a space (``<YOUR_API_TOKEN> k6 run``), not an element holding a value
    (``<password>HsSAX</password>``)."""
    if match.groupdict().get("sep") != ">" or text[left - 1 : left] != "<":
        return False
    after = match.end("sep")
    return after == len(text) or text[after].isspace()


def _cli_value(text: str, at: int) -> re.Match[str] | None:
    """The value after a command-line option; None when the next option follows."""
    match = _CLI_VALUE.match(text, at)
    if match is not None and (match.group("uv") or "").startswith("-"):
        return None
    return match


def _names_itself(name: str, value: str) -> bool:
    """Whether a value only repeats its name or a word of it (``subject="subject"``,
    ``password: "password"``): a stand-in, not a secret."""
    said = value.strip().lower()
    return said == name.strip("-.").lower() or said in name_parts(name)


def names_credential(line: str) -> bool:
    """Whether a line names a credential somewhere (``api_key``, ``mot de passe``...)."""
    lowered = line.lower()
    for start, end in anchors(line, lowered):
        left, right = name_at(line, lowered, start, end)
        if credential_name(line[left:right]):
            return True
    return False

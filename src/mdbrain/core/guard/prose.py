"""A credential named in a sentence, and a random value said to be it.

"The SES secret access key is jSJTEkKquw+K2G9…", "le mot de passe est …",
"API key: xK9fQ2mZ…": no assignment's separator follows an identifier, so the
assignment rule does not read them. This one starts from the other end: a long
word that looks random (capitals, small letters and digits, varied, no stand-in),
then the few words before it, which must end in a verb or a separator ("is",
"est", "=", ":") and, before that, name a credential ("access key", "password
for staging"; not "password policy", whose last word says it is something else).

Only the long words of a text are looked at (:class:`~mdbrain.core.guard.views.Text`
keeps them), and only a bounded stretch before each: the cost grows with the
random-looking words, which are few.

A password is often shorter than a long word: "the password is Tr0ub4dor&3xQ9" has 14
characters. Values of 12 to 15 characters are looked for in the stretch after each
password's name only (``pass``, ``pwd``, ``mot de passe``...: a key or a token that
short is no real one), each character of the text in one stretch at most; they must
look as random as a long value (:func:`~mdbrain.core.guard.values.random_token`,
which 12 characters only pass when nearly all differ) and be said to be the password
the same way. Ordinary words, versions and names ("Argon2", "SHA256", "bcrypt") are
shorter or not varied enough.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mdbrain.core.guard.assignments import (
    PASSWORD_STEMS,
    STEMS,
    credential_name,
    password_named,
)
from mdbrain.core.guard.encoding import encoded_stand_in
from mdbrain.core.guard.hit import Found
from mdbrain.core.guard.values import random_token
from mdbrain.core.guard.views import Text

# a long word (one a line of Text.runs) that is a value alone, perhaps quoted or
# emphasised and followed by a stop: characters of keys and tokens only (a link or an
# address holds one of ":()[]<>" and is none). Bounded and possessive: no backtracking.
_VALUE_WORD = re.compile(
    r"^[*_`\"']{0,2}+([A-Za-z0-9+/=_.~!@#$%^&-]{16,256}+)[*_`\"'.,;!?)]{0,3}+$", re.MULTILINE
)
_DIGIT = re.compile(r"[0-9]")
_TRIM = ".,;:!?)]}\"'`*_"  # what may close a sentence or a quote after the value
_REACH = 96  # characters looked at before the value
# the verb or separator that says what the name is, at the end of the stretch before the
# value (on the next line of wrapped prose), an opening quote or emphasis after it;
# bounded runs only, anchored at the end
_SAID = re.compile(
    r"(?:(?<![\w-])(?:is|was|are|were|est|ist|es|è|é|equals)(?:[ \t]{1,4}(?:now|still"
    r"|set[ \t]{1,4}to))?|[:=])(?:[ \t]{1,4}|[ \t]{0,4}\r?\n[ \t]{0,8})[*_`\"']{0,2}$",
    re.IGNORECASE,
)
# where a sentence or a paragraph ends: the name is read in the one holding the value
_SENTENCE_END = re.compile(r"[.!?;][\"'’”)\]*_]{0,3}\s|\n[ \t]*\n")
_NAME_WORD = re.compile(r"[\w'’.-]{1,32}")
_NAME_WORDS = 6  # words of a name read before the verb: "le mot de passe de la base"
_PLACES = 16  # places of one value looked at, at most
# a word of the stretch after a password's name that is a short value alone, perhaps
# quoted or emphasised and followed by a stop; bounded and possessive, as _VALUE_WORD
_SHORT_WORD = re.compile(r"[*_`\"']{0,2}+([A-Za-z0-9+/=_.~!@#$%^&-]{12,15}+)[*_`\"'.,;!?)]{0,3}+")
_SHORT = 12  # characters of the shortest value read after a password's name
_LONG = 16  # characters of the shortest long word (views.Text)
_ASCII_PASSWORD_STEMS = tuple(stem for stem in PASSWORD_STEMS if stem.isascii())
# the password's names, for the rare text whose length lower-casing changes
_PASSWORD_NAME_CASELESS = re.compile("|".join(PASSWORD_STEMS), re.IGNORECASE)
_WORD = re.compile(r"\S+")
# a link reference definition's start, up to its label's "]" (CommonMark: three spaces of
# indent at most, a label of 999 characters at most, no bracket in it; a block quote's
# markers before it), footnotes' "[^" left out. Bounded, and read from a line's start.
_DEFINITION = re.compile(r"(?:[ ]{0,3}>){0,8}[ ]{0,3}\[(?!\^)([^\[\]\n]{1,999})\]")
_LABEL_REACH = 1_100  # characters of a definition's line before its ":", at most


def prose_finds(view: Text) -> Iterator[Found]:
    """Random-looking values a sentence says are a credential."""
    if view.longest >= _LONG:
        found = dict.fromkeys(value.rstrip(_TRIM) for value in _VALUE_WORD.findall(view.runs))
        values = [value for value in found if mixed(value)]
        if values and any(stem in view.lowered for stem in STEMS):
            yield from said_to_be(view.text, values)
    yield from _short_finds(view)


def _short_finds(view: Text) -> Iterator[Found]:
    """The words of 12 to 15 characters (:func:`short_value`) a sentence says are a
    password, looked for in the stretches after a password's name only. Each place is
    judged where it is met (no search for the value's other places: a text of many
    names and values is read once). A stretch's first word holds the name, and its last
    may be cut by the stretch's end: both are left out. Nothing is looked for when no
    word of the text is such a value, as in most texts."""
    if not any(short_value(word) for word in view.medium):
        return
    text = view.text
    for start, end in _stretches(_password_names(text, view.lowered), len(text)):
        cut = end < len(text) and not text[end].isspace()
        for word in _WORD.finditer(text, start, end):
            if word.start() == start or (cut and word.end() == end):
                continue
            place = short_value(word.group())
            if place is not None:
                at = word.start() + place[0]
                if said_at(text, at, place[1], password=True):
                    yield Found("credential-in-a-sentence", at, at + len(place[1]), place[1])


def short_value(word: str) -> tuple[int, str] | None:
    """Where in a word its value starts, and the value: 12 to 15 characters once quotes,
    emphasis and a stop are set aside, with capitals, small letters and a digit."""
    # the word holds the value: a word without capitals, small letters and a digit holds
    # no such value (tested in C, before the pattern)
    if not _SHORT <= len(word) <= _LONG + 4 or not mixed(word, shortest=_SHORT):
        return None
    match = _SHORT_WORD.fullmatch(word)
    if match is None:
        return None
    value = match.group(1).rstrip(_TRIM)
    return (match.start(1), value) if mixed(value, shortest=_SHORT) and len(value) < _LONG else None


def _password_names(text: str, lowered: str) -> list[int]:
    """Where a password's name (a stem of one) starts, in order: found by str.find on the
    lower-cased text (C code), or by the case-blind pattern when lower-casing changed
    the text's length."""
    if len(lowered) != len(text):
        return [match.start() for match in _PASSWORD_NAME_CASELESS.finditer(text)]
    starts = []
    for stem in _ASCII_PASSWORD_STEMS if text.isascii() else PASSWORD_STEMS:
        at = lowered.find(stem)
        while at != -1:
            starts.append(at)
            at = lowered.find(stem, at + len(stem))
    return sorted(starts)


def _stretches(starts: list[int], size: int) -> Iterator[tuple[int, int]]:
    """The stretches after ``starts`` where a value said to be a password can be, those
    that overlap merged: a text full of names is read once."""
    reach = _REACH + _LONG + 8  # the name's reach, then a value and its quotes and stop
    first = last = -1
    for start in starts:
        if start > last:
            if last > first:
                yield first, last
            first = start
        last = min(size, start + reach)
    if last > first:
        yield first, last


def said_to_be(text: str, values: list[str]) -> Iterator[Found]:
    """The places of ``text`` where a sentence says one of ``values`` is a credential."""
    for value in values:
        # each place it is written (found in C: the way back from Text.runs costs more)
        start = text.find(value)
        for _seen in range(_PLACES):
            if start < 0:
                break
            if said_at(text, start, value):
                yield Found("credential-in-a-sentence", start, start + len(value), value)
            start = text.find(value, start + len(value))


# a variable a value is read from: "$oidc.auth0.clientSecret", "${GITHUB_TOKEN}", each
# part of its name a word (camelCase, capitals, a digit or two after it); not a hash
# ("$2y$10$..."), nor random letters after a "$"
_VARIABLE = re.compile(r"\$\{?([A-Za-z][\w.-]*)\}?")
_VARIABLE_PART = re.compile(r"[A-Za-z][a-z]*(?:[A-Z][a-z]+)*\d{0,2}|[A-Z]+\d{0,2}")


def _variable(value: str) -> bool:
    """Whether a value names a variable (:data:`_VARIABLE`) rather than holding one."""
    found = _VARIABLE.fullmatch(value)
    return found is not None and all(
        _VARIABLE_PART.fullmatch(part) for part in re.split(r"[._-]", found.group(1))
    )


def said_at(text: str, start: int, value: str, *, password: bool = False) -> bool:
    """Whether ``value``, written at ``start``, is random and follows a verb or a
    separator after a credential's name (a password's, when ``password`` is set)."""
    before = text[max(0, start - _REACH) : start]
    said = _SAID.search(before)
    if said is None or not random_token(value) or encoded_stand_in(value):
        return False
    if _variable(value) or (before.endswith(("$", "${")) and _variable("$" + value)):
        # a variable's name, the value kept elsewhere: "clientSecret:
        # $oidc.auth0.clientSecret" (argoproj/argo-cd's SSO guide, left out whole)
        return False
    head = before[: said.start()]
    label = _definition_label(text, start - len(before) + said.start())
    if label is not None:
        # "[A71]: A71-xds-fallback.md" under a line that says "creds": the ":" of a
        # link's definition gives its label a destination, and the lines before name
        # nothing of it
        return _names_credential(_NAME_WORD.findall(label), password=password)
    # "Store the token. The build number is …": a name of the sentence before says
    # nothing of this value; nor, before a ":" or "=", does a line above name the value
    # of this one (aws/aws-cdk-rfcs: "encryptionKey: kmsKey," over "objectOwnership:
    # s3.ObjectOwnership.BUCKET_OWNER_ENFORCED" kept a whole RFC out)
    opens = max((m.end() for m in _SENTENCE_END.finditer(head)), default=0)
    if before[said.start()] in ":=":
        opens = max(opens, head.rfind("\n") + 1)
    words = _NAME_WORD.findall(head[opens:])[-_NAME_WORDS:]
    return _names_credential(words, password=password)


def _definition_label(text: str, at: int) -> str | None:
    """The label of the Markdown link reference definition whose ":" is at ``at``
    (``[label]: destination "title"``, alone on its line, perhaps indented or in a
    quote), or None when the ":" is no definition's. A footnote's (``[^1]: …``) is
    prose, and is none."""
    if not text.startswith("]:", at - 1):
        return None
    reach = max(0, at - _LABEL_REACH)
    line = text.rfind("\n", reach, at) + 1
    if line == 0 and reach > 0:
        return None  # a line longer than a label: no definition
    definition = _DEFINITION.fullmatch(text, line, at)
    return None if definition is None else definition.group(1)


def mixed(value: str, *, shortest: int = _LONG) -> bool:
    """Capitals, small letters and a digit, at least ``shortest`` characters: tested in C."""
    return (
        len(value) >= shortest
        and value.lower() != value
        and value.upper() != value
        and _DIGIT.search(value) is not None
    )


def _names_credential(words: list[str], *, password: bool = False) -> bool:
    """Whether the last words before the verb name a credential: the longest run of
    them ending there that does ("SES secret access key", "mot de passe"); with
    ``password``, one that names a password ("the staging password", not "the API key")."""
    for i in range(len(words)):
        name = " ".join(words[i:])
        if credential_name(name) and (not password or password_named(name)):
            return True
    return False

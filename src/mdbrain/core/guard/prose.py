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
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from mdbrain.core.guard.assignments import STEMS, credential_name
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


def prose_finds(view: Text) -> Iterator[Found]:
    """Random-looking values a sentence says are a credential."""
    if view.longest < 16:
        return
    found = dict.fromkeys(value.rstrip(_TRIM) for value in _VALUE_WORD.findall(view.runs))
    values = [value for value in found if mixed(value)]
    if values and any(stem in view.lowered for stem in STEMS):
        yield from said_to_be(view.text, values)


def said_to_be(text: str, values: list[str]) -> Iterator[Found]:
    """The places of ``text`` where a sentence says one of ``values`` is a credential."""
    for value in values:
        # each place it is written (found in C: the way back from Text.runs costs more)
        start = text.find(value)
        for _seen in range(_PLACES):
            if start < 0:
                break
            before = text[max(0, start - _REACH) : start]
            said = _SAID.search(before)
            if said is not None and random_token(value) and not encoded_stand_in(value):
                head = before[: said.start()]
                # "Store the token. The build number is …": a name of the sentence before
                # says nothing of this value
                opens = max((m.end() for m in _SENTENCE_END.finditer(head)), default=0)
                words = _NAME_WORD.findall(head[opens:])[-_NAME_WORDS:]
                if _names_credential(words):
                    yield Found("credential-in-a-sentence", start, start + len(value), value)
            start = text.find(value, start + len(value))


def mixed(value: str) -> bool:
    """Capitals, small letters and a digit, at least 16 characters: tested in C."""
    return (
        len(value) >= 16
        and value.lower() != value
        and value.upper() != value
        and _DIGIT.search(value) is not None
    )


def _names_credential(words: list[str]) -> bool:
    """Whether the last words before the verb name a credential: the longest run of
    them ending there that does ("SES secret access key", "mot de passe")."""
    return any(credential_name(" ".join(words[i:])) for i in range(len(words)))

"""Requests built from plain data, checked field by field before any work starts.

A caller that speaks JSON (the MCP server, a payload file, a library user with
a dict) hands a mapping; :func:`from_mapping` turns it into the operation's
request dataclass, refusing unknown fields and wrong types with
:class:`~mdbrain.core.errors.InvalidRequestError` naming the field. Only the
kinds a request uses are known: text, optional text, a list of text, a yes/no
(a real boolean: ``"no"`` is not false), a whole number.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from mdbrain.core.errors import InvalidRequestError

T = TypeVar("T")


def from_mapping(cls: type[T], data: object) -> T:
    """An instance of the dataclass ``cls`` from ``data``, every field checked."""
    if not isinstance(data, Mapping):
        raise InvalidRequestError(
            f"a request must be an object of fields, not {type(data).__name__}", field=""
        )
    assert dataclasses.is_dataclass(cls)  # noqa: S101 - a programming error, not input
    hints = typing.get_type_hints(cls)
    known = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise InvalidRequestError(
            f"unknown field {unknown[0]!r}; known fields: {', '.join(sorted(known))}",
            field=unknown[0],
        )
    values = {str(k): _checked(str(k), v, hints[str(k)]) for k, v in data.items()}
    return cls(**values)


def _checked(name: str, value: Any, hint: Any) -> Any:
    if hint is str:
        if not isinstance(value, str):
            raise _wrong(name, "text", value)
        return value
    if hint == str | None:
        if value is not None and not isinstance(value, str):
            raise _wrong(name, "text or null", value)
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise _wrong(name, "true or false", value)
        return value
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _wrong(name, "a whole number", value)
        return value
    if hint == list[str]:
        if isinstance(value, str):  # one value given alone is a list of one
            return [value]
        if not isinstance(value, list | tuple) or not all(isinstance(v, str) for v in value):
            raise _wrong(name, "a list of text", value)
        return list(value)
    raise TypeError(f"no check for the type {hint!r} of field {name}")  # pragma: no cover


def _wrong(name: str, expected: str, value: Any) -> InvalidRequestError:
    return InvalidRequestError(
        f"field {name!r} must be {expected}, not {type(value).__name__}", field=name
    )

"""The mdbrain entry in an agent tool's MCP configuration, merged into what is there.

Only the ``mdbrain`` entry is mdbrain's: other servers, other settings and
comments stay as they were. An entry is current when it holds every key
mdbrain would write with the same value (keys a person added, like ``env``,
are kept). JSON and JSONC files are edited in place (:mod:`mdbrain.core.jsonc`);
TOML files get a table appended, or the entry's keys set through ``tomlkit``,
which keeps comments. Whatever cannot be merged safely is left alone, with the
entry to add by hand in the note.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Mapping, Sequence
from typing import Any

from mdbrain.core import jsonc
from mdbrain.core.agent_files import Merge, State
from mdbrain.core.errors import DocumentError

NAME = "mdbrain"
COMMAND = "mdbrain"
ARGS = ("mcp",)


def _matches(found: object, entry: Mapping[str, Any]) -> bool:
    return isinstance(found, Mapping) and all(found.get(k) == v for k, v in entry.items())


def _by_hand(where: str, snippet: str, why: str) -> Merge:
    return Merge(State.MANUAL, note=f"{why}; add {where} by hand: {snippet}")


def _json_snippet(entry: Mapping[str, Any]) -> str:
    return json.dumps({NAME: dict(entry)}, ensure_ascii=False)


def _get(data: Any, path: Sequence[str]) -> Any:
    for key in path:
        data = data.get(key) if isinstance(data, Mapping) else None
    return data


def merge_json(existing: str | None, path: Sequence[str], entry: Mapping[str, Any]) -> Merge:
    """The entry ``mdbrain`` in the object at ``path`` of a JSON or JSONC file."""
    where, snippet = "under " + ".".join(path), _json_snippet(entry)
    text = existing if existing is not None and existing.strip() else "{}\n"
    try:
        data = jsonc.loads(text).value
    except DocumentError as error:
        return _by_hand(where, snippet, f"it is not JSON that mdbrain can read ({error})")
    if not isinstance(data, dict):
        return _by_hand(where, snippet, "it does not hold an object")
    servers = _get(data, path)
    if _matches(_get(servers, [NAME]), entry):
        return Merge(State.CURRENT)
    present = isinstance(servers, Mapping) and NAME in servers
    wanted = {**servers[NAME], **entry} if present and isinstance(servers[NAME], dict) else entry
    try:
        edited = jsonc.set_member(text, path, NAME, dict(wanted))
    except DocumentError as error:
        return _by_hand(where, snippet, f"it cannot be edited safely ({error.message})")
    return Merge(State.STALE if present else State.MISSING, edited)


def local_server(existing: str | None) -> Merge:
    """The entry in an OpenCode or Kilo configuration: under ``mcp``, or under
    ``mcp.servers`` when the file already uses that newer shape."""
    command = [COMMAND, *ARGS]
    try:
        data = jsonc.loads(existing).value if existing and existing.strip() else {}
    except DocumentError:
        data = {}
    if isinstance(_get(data, ["mcp", "servers"]), Mapping):
        return merge_json(existing, ["mcp", "servers"], {"type": "local", "command": command})
    return merge_json(existing, ["mcp"], {"type": "local", "command": command, "enabled": True})


def merge_toml(existing: str | None, entry: Mapping[str, Any]) -> Merge:
    """The table ``[mcp_servers.mdbrain]`` of a TOML configuration."""
    table = f"[mcp_servers.{NAME}]\n" + "".join(
        f"{key} = {json.dumps(value, ensure_ascii=False)}\n" for key, value in entry.items()
    )
    snippet = " ".join(table.split("\n")).strip()
    if existing is None or not existing.strip():
        return Merge(State.MISSING, table)
    try:
        data = tomllib.loads(existing)
    except tomllib.TOMLDecodeError as error:
        return _by_hand("this table", snippet, f"it is not TOML that mdbrain can read ({error})")
    servers = data.get("mcp_servers", {})
    found = servers.get(NAME) if isinstance(servers, dict) else None
    if _matches(found, entry):
        return Merge(State.CURRENT)
    if not isinstance(servers, dict) or not isinstance(found, dict | None):
        return _by_hand("this table", snippet, "mcp_servers or its entry is not a table")
    edited = _appended(existing, table) if found is None else _set_keys(existing, entry)
    wanted = {**data, "mcp_servers": {**servers, NAME: {**(found or {}), **entry}}}
    if edited is None or _toml(edited) != wanted:
        return _by_hand("this table", snippet, "it cannot be edited safely")
    return Merge(State.MISSING if found is None else State.STALE, edited)


def _appended(existing: str, table: str) -> str:
    newline = "\r\n" if "\r\n" in existing else "\n"
    head = existing if existing.endswith("\n") else existing + newline
    return head + newline + table.replace("\n", newline)


def _toml(text: str) -> dict[str, Any] | None:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return None


def _set_keys(existing: str, entry: Mapping[str, Any]) -> str | None:
    """``existing`` with the keys of ``entry`` set in its mdbrain table, comments kept;
    None when tomlkit cannot do it."""
    import tomlkit  # only needed to change a table that is already there
    from tomlkit.exceptions import TOMLKitError

    try:
        document = tomlkit.parse(existing)
        target: Any = document["mcp_servers"][NAME]
        for key, value in entry.items():
            target[key] = value
        return tomlkit.dumps(document)
    except (TOMLKitError, KeyError, TypeError, ValueError):
        return None

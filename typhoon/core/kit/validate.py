"""Validation of a kit package: the JSON Schema of every file, then the cross-file checks.

Every problem is an :class:`Issue` ``"file: JSON path: plain explanation"``; owner placeholders
(``{"$todo": ...}``) are reported as TODO issues (``issue.todo``), and schema errors inside
them are not reported.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .issues import Issue, json_path
from .loader import Kit, find_todos, read_package
from .schemas import explain, validator

SCHEMA_OF_KIND = {"kit": "kit", "map": "map", "counters": "counters", "tables": "tables", "turns": "turns", "scenario": "scenario"}


def schema_issues(rel: str, kind: str, doc: Any, skip: list[tuple]) -> list[Issue]:
    """The schema errors of one document, explained; errors at or under a placeholder are left
    out, and so are "unknown field" errors of an object that has other errors (a failed
    conditional part of a schema leaves its fields unevaluated: the other error is the news)."""
    found = []
    for e in validator(SCHEMA_OF_KIND[kind]).iter_errors(doc):
        parts, text = explain(e)
        hidden = any(tuple(parts[: len(t)]) == t for t in skip)
        found.append((e.validator, tuple(e.absolute_path), parts, text, hidden))
    out = []
    for v, where, parts, text, hidden in found:
        if hidden or v == "unevaluatedProperties" and any(w[: len(where)] == where and v2 != v for v2, w, _, _, _ in found):
            continue
        out.append(Issue(rel, json_path(parts), text))
    return out


def todo_issues(rel: str, doc: Any) -> tuple[list[Issue], list[tuple]]:
    issues, paths = [], []
    for parts, ph in find_todos(doc):
        paths.append(parts)
        who = ph.get("provenance", "owner")
        who = who if isinstance(who, str) else who.get("kind", "owner")
        issues.append(Issue(rel, json_path(parts), f"TODO ({who}): {ph.get('$todo')}", todo=True))
    return issues, paths


def validate_package(root: str | Path) -> tuple[Kit, list[Issue]]:
    """Read and check a whole package: (the kit as read, every issue found, in file order)."""
    kit, issues = read_package(root)
    schema_failed = False
    for rel, doc in kit.docs.items():
        todos, skip = todo_issues(rel, doc)
        found = schema_issues(rel, kit.kinds[rel], doc, skip)
        schema_failed |= bool(found)
        issues += found + todos
    from .checks import cross_file_issues

    issues += cross_file_issues(kit, tolerant=schema_failed or bool(issues))
    order = {rel: i for i, rel in enumerate(kit.docs)}
    seen, unique = set(), []
    for i in sorted(issues, key=lambda i: (order.get(i.file, len(order)), i.todo)):
        if (i.file, i.path, i.message) not in seen:
            seen.add((i.file, i.path, i.message))
            unique.append(i)
    return kit, unique


def validate_kit(root: str | Path) -> list[Issue]:
    """Every issue of a package (errors and TODO placeholders); empty when the package is valid."""
    return validate_package(root)[1]

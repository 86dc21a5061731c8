"""Starting a kit package: a copy of an existing game's kit, or a skeleton of a game whose
rules text fixes part of the data (the rest is left as owner placeholders ``{"$todo": ...}``).

The skeletons in ``skeletons/<game>/`` hold what the rules text of Operation Typhoon ("ot"),
Drive on Moscow ("dom") and The Moscow Campaign ("mc") gives (with line and case citations);
they move to the game packages once those games exist.
"""

from __future__ import annotations

import shutil
from collections import Counter
from importlib import resources
from pathlib import Path

from ..errors import ParseError
from .issues import Issue
from .loader import MANIFEST, Kit, is_todo

#: Games with a skeleton in this package, and what they are.
SKELETONS = {
    "ot": "Operation Typhoon (SPI 1978): three map sections A, B, C; scenarios 18.1-18.5",
    "dom": "Drive on Moscow (Decision Games): two map sheets, one 9-turn scenario",
    "mc": "The Moscow Campaign (SPI 1972 / HexWar): three scenarios, fortified lines, rail",
}


def skeleton_dir(game: str) -> Path:
    return Path(str(resources.files(__package__).joinpath("skeletons", game)))


def scaffold(game: str, dest: str | Path, *, source: str | Path | None = None, force: bool = False) -> Path:
    """Create a kit package for ``game`` in ``dest``: a copy of ``source`` (an existing kit
    folder, e.g. the one a game ships) or of the game's skeleton. Refuses to overwrite a
    non-empty folder unless ``force``."""
    dest = Path(dest)
    if dest.exists() and any(dest.iterdir()) and not force:
        raise ParseError(f"{str(dest)!r} is not empty; choose a new folder (or --force to overwrite)")
    if source is None:
        if game not in SKELETONS:
            known = ", ".join(sorted(SKELETONS))
            raise ParseError(f"no kit or skeleton for game {game!r} (skeletons: {known}; or a registered game that ships a kit)")
        source = skeleton_dir(game)
    source = Path(source)
    if not (source / MANIFEST).is_file():
        raise ParseError(f"{str(source)!r} holds no {MANIFEST}: not a kit package")
    shutil.copytree(source, dest, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__init__.py", "__pycache__", "*.pyc"))
    return dest


def provenance_counts(kit: Kit) -> Counter:
    """How many records of the package have each provenance kind (own or inherited)."""
    counts: Counter = Counter()
    for rel, doc in kit.docs.items():
        if rel == MANIFEST:
            continue
        for parts in _records(doc):
            prov = kit.provenance_at(rel, parts)
            counts[prov.get("kind", "?") if prov else "unknown"] += 1
    return counts


def _records(doc: object) -> list[tuple]:
    """Paths of the records of a document: entries of its top-level lists and objects."""
    out: list[tuple] = []
    if not isinstance(doc, dict):
        return out
    for key, value in doc.items():
        if key in ("provenance", "notes"):
            continue
        if isinstance(value, list):
            out += [(key, i) for i in range(len(value))]
        elif isinstance(value, dict) and key in ("hexes", "counters", "sequences", "terrain_types", "hexside_features"):
            out += [(key, k) for k in value]
        else:
            out.append((key,))
    return out


def summary(kit: Kit, issues: list[Issue]) -> str:
    """A few lines describing a package: what it holds and where its data comes from."""
    m = kit.map
    g = m.get("geometry", {}) if isinstance(m, dict) else {}
    sections = g.get("sections") if isinstance(g, dict) else None
    hexes = "hexes still to be entered" if is_todo(kit.hexes) else f"{len(kit.hexes)} hexes"
    lines = [
        f"{kit.title or kit.root} ({kit.game}), kit format {kit.manifest.get('format')} version {kit.manifest.get('version')}",
        f"map: {hexes}"
        + (f" in {len(sections)} sections" if isinstance(sections, list) else "")
        + f", {_count(m.get('hexsides', []))} hexside features, {sum(_count(n.get('links', [])) for n in kit.networks)} line links, {_count(kit.places)} places",
        f"counters: {len(kit.counters)} in {len(kit.sides)} sides, {len(kit.pools)} pools; tables: {', '.join(kit.tables) or 'none'}",
        f"turns: {len(kit.turns)}; scenarios: {', '.join(kit.scenarios) or 'none'}",
    ]
    counts = provenance_counts(kit)
    lines.append("provenance of records: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())))
    todos = [i for i in issues if i.todo]
    if todos:
        lines.append(f"draft: {len(todos)} value{'s' if len(todos) != 1 else ''} still to be entered by the owner (TODO)")
    return "\n".join(lines)


def _count(items: object) -> int:
    """How many entries a list has, placeholders left out."""
    return sum(1 for x in items if not is_todo(x)) if isinstance(items, list) else 0

"""Reading a kit package from a folder and giving games typed access to its data.

A package is a folder with ``kit.json`` (the manifest) and the files it lists: ``map.json``,
``counters.json``, ``tables.json``, ``turns.json`` and ``scenarios/*.json`` (docs/kit.md).
:func:`load_kit` validates the whole package and returns a :class:`Kit`; it raises
:class:`KitError` listing every problem if the package is not valid.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from functools import cached_property
from pathlib import Path
from typing import Any

from .issues import Issue, KitError, json_path

FORMAT = "typhoon-kit"
VERSION = 1
MANIFEST = "kit.json"
TODO = "$todo"  # placeholder key: {"$todo": "what to enter", "provenance": "owner"}
FILE_KINDS = ("map", "counters", "tables", "turns")


def is_todo(value: Any) -> bool:
    """Whether a value is an owner placeholder ``{"$todo": "..."}`` still to be filled in."""
    return isinstance(value, dict) and TODO in value


def find_todos(doc: Any, path: tuple = ()) -> Iterator[tuple[tuple, dict]]:
    """Every placeholder in a document, with its path."""
    if is_todo(doc):
        yield path, doc
    elif isinstance(doc, dict):
        for k, v in doc.items():
            yield from find_todos(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from find_todos(v, path + (i,))


def read_json(root: Path, rel: str) -> tuple[Any, Issue | None]:
    """A JSON file of the package, or an issue saying why it cannot be read."""
    path = root / rel
    if not path.is_file():
        return None, Issue(rel, "$", f"file {rel!r} does not exist in the package {str(root)!r}")
    try:
        return json.loads(path.read_text(encoding="utf-8")), None
    except json.JSONDecodeError as e:
        return None, Issue(rel, "$", f"not valid JSON: {e.msg} at line {e.lineno}, column {e.colno}")
    except UnicodeDecodeError as e:
        return None, Issue(rel, "$", f"not UTF-8 text: {e.reason} at byte {e.start}")


def manifest_files(manifest: Any) -> list[tuple[str, str, tuple]]:
    """(kind, relative path, JSON path parts in kit.json) of every file the manifest lists."""
    files = manifest.get("files") if isinstance(manifest, dict) else None
    if not isinstance(files, dict):
        return []
    out = [(k, files[k], ("files", k)) for k in FILE_KINDS if isinstance(files.get(k), str)]
    scen = files.get("scenarios")
    if isinstance(scen, list):
        out += [("scenario", s, ("files", "scenarios", i)) for i, s in enumerate(scen) if isinstance(s, str)]
    return out


class Kit:
    """A loaded kit package: the documents of its files plus typed accessors.

    ``docs`` maps each relative file path to its parsed JSON; ``kinds`` maps it to its kind
    (``kit``, ``map``, ``counters``, ``tables``, ``turns``, ``scenario``).
    """

    def __init__(self, root: Path, docs: dict[str, Any], kinds: dict[str, str]) -> None:
        self.root = Path(root)
        self.docs = docs
        self.kinds = kinds

    # -- files ---------------------------------------------------------------------------
    def _doc(self, kind: str) -> dict[str, Any]:
        for rel, k in self.kinds.items():
            if k == kind:
                return self.docs[rel]
        return {}

    def file_of(self, kind: str) -> str:
        return next((rel for rel, k in self.kinds.items() if k == kind), kind + ".json")

    @property
    def manifest(self) -> dict[str, Any]:
        return self.docs.get(MANIFEST, {})

    @property
    def game(self) -> str:
        return self.manifest.get("game", "")

    @property
    def title(self) -> str:
        return self.manifest.get("title", "")

    @property
    def map(self) -> dict[str, Any]:
        return self._doc("map")

    @property
    def counters_doc(self) -> dict[str, Any]:
        return self._doc("counters")

    @property
    def tables_doc(self) -> dict[str, Any]:
        return self._doc("tables")

    @property
    def turns_doc(self) -> dict[str, Any]:
        return self._doc("turns")

    @property
    def scenarios(self) -> dict[str, dict[str, Any]]:
        """Scenario documents by scenario id, in manifest order."""
        return {d.get("id", rel): d for rel, d in self.docs.items() if self.kinds.get(rel) == "scenario" and isinstance(d, dict)}

    def scenario_file(self, scenario_id: str) -> str:
        return next(rel for rel, d in self.docs.items() if self.kinds.get(rel) == "scenario" and d.get("id") == scenario_id)

    @property
    def editions(self) -> dict[str, dict[str, Any]]:
        return self.manifest.get("editions", {})

    @property
    def sources(self) -> dict[str, dict[str, Any]]:
        return self.manifest.get("sources", {})

    # -- provenance ----------------------------------------------------------------------
    def resolve_provenance(self, prov: Any) -> dict[str, Any] | None:
        """A provenance object: a named source is looked up in kit.json ``sources``."""
        if isinstance(prov, str):
            return self.sources.get(prov)
        return prov if isinstance(prov, dict) else None

    def provenance_at(self, rel: str, parts: tuple | list) -> dict[str, Any] | None:
        """The provenance of the record at ``parts`` in file ``rel``: its own, else that of the
        nearest enclosing record, else the file's, else the manifest's (docs/kit.md)."""
        doc = self.docs[rel]
        found = doc.get("provenance") if isinstance(doc, dict) else None
        node = doc
        for p in parts:
            try:
                node = node[p]
            except (KeyError, IndexError, TypeError):
                break
            if isinstance(node, dict) and "provenance" in node:
                found = node["provenance"]
        return self.resolve_provenance(found if found is not None else self.manifest.get("provenance"))

    # -- map -----------------------------------------------------------------------------
    @property
    def geometry(self) -> dict[str, Any]:
        return self.map.get("geometry", {})

    @cached_property
    def grid(self) -> Any:
        """The core grid (``HexGrid`` or ``SectionedGrid``) of the map geometry."""
        from .grid import build_grid

        return build_grid(self.geometry, list(self.hexes))

    @property
    def hexes(self) -> dict[str, dict[str, Any]]:
        return self.map.get("hexes", {})

    def hex_attr(self, hex_id: str, name: str, default: Any = None) -> Any:
        """A declared hex attribute, falling back to its declared default."""
        attrs = self.hexes[hex_id].get("attrs", {})
        if name in attrs:
            return attrs[name]
        return self.map.get("hex_attributes", {}).get(name, {}).get("default", default)

    def hexes_with_feature(self, feature: str) -> frozenset[str]:
        return frozenset(h for h, r in self.hexes.items() if feature in r.get("features", ()))

    def hexsides(self, feature: str | None = None) -> list[dict[str, Any]]:
        return [s for s in self.map.get("hexsides", []) if feature is None or s.get("feature") == feature]

    def hexside_pairs(self, feature: str) -> list[tuple[str, str]]:
        """The hex pairs of one hexside feature (edge hexsides given by 'side' are left out)."""
        return [(s["a"], s["b"]) for s in self.hexsides(feature) if "b" in s]

    @property
    def networks(self) -> list[dict[str, Any]]:
        return self.map.get("networks", [])

    def network(self, network_id: str) -> dict[str, Any]:
        for n in self.networks:
            if n.get("id") == network_id:
                return n
        raise KeyError(f"no network {network_id!r} in {self.file_of('map')}")

    def links(self, feature: str) -> list[tuple[str, str]]:
        """Every link of the networks of one line feature (e.g. 'rail'), as hex pairs."""
        return [link_pair(l) for n in self.networks if n.get("feature") == feature for l in n.get("links", [])]

    def exits(self, feature: str) -> dict[str, list[str]]:
        """Map edges the networks of one feature run off through: ``{hex: [edge, ...]}``."""
        out: dict[str, list[str]] = {}
        for n in self.networks:
            if n.get("feature") == feature:
                for x in n.get("exits", []):
                    out.setdefault(x["hex"], []).append(x["edge"])
        return out

    @property
    def places(self) -> list[dict[str, Any]]:
        return self.map.get("places", [])

    def place(self, name: str) -> dict[str, Any]:
        for p in self.places:
            if p.get("name") == name:
                return p
        raise KeyError(f"no place named {name!r} in {self.file_of('map')}")

    def area(self, area_id: str) -> dict[str, Any]:
        """A map edge or entry area by id."""
        for a in self.map.get("edges", []) + self.map.get("entry_areas", []):
            if a.get("id") == area_id:
                return a
        raise KeyError(f"no edge or entry area {area_id!r} in {self.file_of('map')}")

    # -- counters ------------------------------------------------------------------------
    @property
    def sides(self) -> dict[str, dict[str, Any]]:
        return self.counters_doc.get("sides", {})

    @property
    def counters(self) -> dict[str, dict[str, Any]]:
        return {c["id"]: c for c in self.counters_doc.get("counters", []) if isinstance(c, dict) and "id" in c}

    @property
    def pools(self) -> dict[str, dict[str, Any]]:
        return {p["id"]: p for p in self.counters_doc.get("pools", []) if isinstance(p, dict) and "id" in p}

    # -- tables and turns ----------------------------------------------------------------
    @property
    def tables(self) -> dict[str, dict[str, Any]]:
        return {t["id"]: t for t in self.tables_doc.get("tables", []) if isinstance(t, dict) and "id" in t}

    def table(self, table_id: str) -> dict[str, Any]:
        try:
            return self.tables[table_id]
        except KeyError:
            raise KeyError(f"no table {table_id!r} in {self.file_of('tables')}") from None

    @property
    def turns(self) -> list[dict[str, Any]]:
        return self.turns_doc.get("turns", [])

    def sequence(self, edition: str | None = None) -> dict[str, Any]:
        """The sequence of play of an edition (or the 'default' one)."""
        seqs = self.turns_doc.get("sequences", {})
        if edition in seqs:
            return seqs[edition]
        if "default" in seqs:
            return seqs["default"]
        raise KeyError(f"no sequence of play for edition {edition!r} in {self.file_of('turns')}")

    def reinforcements(self, scenario_id: str | None = None) -> list[dict[str, Any]]:
        """The arrivals of turns.json that apply to a scenario, then the scenario's own."""
        common = [r for r in self.turns_doc.get("reinforcements", []) if scenario_id is None or scenario_id in r.get("scenarios", [scenario_id])]
        own = self.scenarios.get(scenario_id, {}).get("reinforcements", []) if scenario_id else []
        return common + own

    # -- scenarios -----------------------------------------------------------------------
    def parameters(self, scenario_id: str, edition: str | None = None) -> dict[str, Any]:
        """The special-rule parameters of a scenario (values only), edition values overriding."""
        s = self.scenarios[scenario_id]
        merged = dict(s.get("parameters", {}))
        if edition is not None:
            merged.update(s.get("editions", {}).get(edition, {}).get("parameters", {}))
        return {k: v["value"] for k, v in merged.items()}

    def victory(self, scenario_id: str, edition: str | None = None) -> list[dict[str, Any]]:
        s = self.scenarios[scenario_id]
        ed = s.get("editions", {}).get(edition, {}) if edition is not None else {}
        return ed.get("victory", s.get("victory", []))


def link_pair(link: Any) -> tuple[str, str]:
    """A network link as a hex pair (links are ``[a, b]`` or ``{"a": ..., "b": ...}``)."""
    if isinstance(link, dict):
        return link["a"], link["b"]
    return link[0], link[1]


def read_package(root: str | Path) -> tuple[Kit, list[Issue]]:
    """Every file of a package, parsed, with the issues met reading them (missing files, bad JSON)."""
    root = Path(root)
    issues: list[Issue] = []
    if not root.is_dir():
        return Kit(root, {}, {}), [Issue(MANIFEST, "$", f"{str(root)!r} is not a folder (a kit package is a folder holding {MANIFEST})")]
    manifest, problem = read_json(root, MANIFEST)
    if problem:
        return Kit(root, {}, {}), [problem]
    docs: dict[str, Any] = {MANIFEST: manifest}
    kinds: dict[str, str] = {MANIFEST: "kit"}
    for kind, rel, parts in manifest_files(manifest):
        if rel in docs:
            issues.append(Issue(MANIFEST, json_path(parts), f"file {rel!r} is listed twice"))
            continue
        doc, problem = read_json(root, rel)
        if problem:
            issues.append(Issue(MANIFEST, json_path(parts), problem.message) if problem.message.startswith("file ") else problem)
            continue
        docs[rel], kinds[rel] = doc, kind
    return Kit(root, docs, kinds), issues


def load_kit(root: str | Path, *, draft: bool = False) -> Kit:
    """Load and validate a kit package; raises :class:`KitError` listing every problem.

    ``draft``: owner placeholders (``{"$todo": ...}``) are allowed (a skeleton being filled in)."""
    from .validate import validate_package

    kit, issues = validate_package(root)
    errors = [i for i in issues if draft is False or not i.todo]
    if errors:
        raise KitError(errors, where=str(root))
    return kit


def copy_docs(kit: Kit) -> dict[str, Any]:
    """A deep copy of every document of a package (to write a modified package)."""
    return copy.deepcopy(kit.docs)

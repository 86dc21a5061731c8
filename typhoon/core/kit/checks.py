"""Cross-file checks of a kit package: what a schema cannot say.

Every name used is declared (terrain, features, sides, kinds, attributes, sources); every hex
named exists on the map; hexsides and line links join adjacent hexes; map exits lie on their
edge; places the rules name exist; set-ups place existing counters on existing hexes within the
declared stacking limit; tables have one row per die total and one result per column; the turn
track, sequences and schedules agree with the counters and the map; section overlaps agree
with the sections' origins.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from .issues import Issue, json_path
from .loader import MANIFEST, Kit, is_todo, link_pair

_PY_TYPES = {"integer": (int,), "number": (int, float), "boolean": (bool,), "string": (str,)}


def _typed(value: Any, decl: dict[str, Any]) -> str | None:
    """Why a value does not fit an attribute declaration, or None."""
    t = decl.get("type")
    ok = isinstance(value, _PY_TYPES.get(t, (object,))) and not (t in ("integer", "number") and isinstance(value, bool))
    if value is None:
        return None
    if not ok:
        return f"must be {'a whole number' if t == 'integer' else 'a number' if t == 'number' else 'true or false' if t == 'boolean' else 'text'} (got {value!r})"
    if "enum" in decl and value not in decl["enum"]:
        return f"must be one of {', '.join(repr(x) for x in decl['enum'])} (got {value!r})"
    if "minimum" in decl and value < decl["minimum"]:
        return f"must be at least {decl['minimum']} (got {value!r})"
    if "maximum" in decl and value > decl["maximum"]:
        return f"must be at most {decl['maximum']} (got {value!r})"
    return None


DICE = re.compile(r"([1-9])d(4|6|8|10|12|20)")
HEX_ID = re.compile(r"[A-Z]{0,2}[0-9]{2,8}")


def dice_range(dice: str) -> tuple[int, int]:
    """The totals ``NdS`` can roll: 1d6 -> (1, 6), 2d6 -> (2, 12); ValueError if not dice."""
    m = DICE.fullmatch(dice)
    if not m:
        raise ValueError(f"{dice!r} is not a dice expression")
    n, s = int(m.group(1)), int(m.group(2))
    return n, n * s


class Checker:
    """Runs every cross-file check of one package and collects the issues."""

    def __init__(self, kit: Kit) -> None:
        self.kit = kit
        self.issues: list[Issue] = []
        self.mapf = kit.file_of("map")
        self.ctrf = kit.file_of("counters")
        self.tabf = kit.file_of("tables")
        self.turf = kit.file_of("turns")
        self.grid: Any = None

    def add(self, rel: str, parts: Iterable[Any], message: str) -> None:
        self.issues.append(Issue(rel, json_path(list(parts)), message))

    # -- helpers -------------------------------------------------------------------------
    @property
    def hex_ids(self) -> set[str]:
        return set(self.kit.hexes)

    def canonical(self, h: str) -> str:
        canon = getattr(self.grid, "canonical", None)
        if canon is None:
            return h
        try:
            return canon(h)
        except Exception:  # noqa: BLE001 - an id the grid cannot parse is reported elsewhere
            return h

    def exists(self, h: Any) -> bool:
        if not isinstance(h, str) or is_todo(self.kit.map.get("hexes")):
            return True  # a placeholder or a schema error, reported elsewhere; or no hexes entered yet
        if h in self.kit.hexes:
            return True
        return self.grid is not None and hasattr(self.grid, "canonical") and self.canonical(h) in {self.canonical(x) for x in self.kit.hexes}

    def check_hex(self, rel: str, parts: list[Any], h: Any, what: str = "hex") -> bool:
        if self.exists(h):
            return True
        self.add(rel, parts, f"{what} {h!r} is not on the map (no such hex in {self.mapf} 'hexes')")
        return False

    def adjacent(self, a: str, b: str) -> bool | None:
        if self.grid is None:
            return None
        try:
            return bool(self.grid.adjacent(self.canonical(a), self.canonical(b)))
        except Exception:  # noqa: BLE001
            return False

    def check_link(self, rel: str, parts: list[Any], a: Any, b: Any, what: str, keys: tuple[Any, Any] = (0, 1)) -> None:
        """A link or hexside between hexes a and b (at ``parts + [key]``): both exist, adjacent."""
        if is_todo(a) or is_todo(b):
            return
        ok_a = self.check_hex(rel, parts + [keys[0]], a)
        ok_b = self.check_hex(rel, parts + [keys[1]], b)
        if ok_a and ok_b:
            if self.canonical(a) == self.canonical(b):
                self.add(rel, parts, f"{what} joins hex {a!r} to itself")
            elif self.adjacent(a, b) is False:
                self.add(rel, parts, f"{what} {a}-{b} joins hexes that are not adjacent")

    def declared(self, rel: str, parts: list[Any], name: Any, decls: dict[str, Any], what: str, where: str) -> bool:
        if not isinstance(name, str) or name in decls:
            return True
        known = ", ".join(sorted(decls)) or "none"
        self.add(rel, parts, f"{name!r} is not {what} declared in {where} (declared: {known})")
        return False

    def unique(self, rel: str, base: list[Any], items: list[Any], key: str, what: str) -> None:
        seen: dict[Any, int] = {}
        for i, it in enumerate(items):
            if isinstance(it, dict) and isinstance(it.get(key), str):
                if it[key] in seen:
                    self.add(rel, base + [i, key], f"{what} {it[key]!r} is defined twice (first at index {seen[it[key]]})")
                else:
                    seen[it[key]] = i

    def attrs(self, rel: str, parts: list[Any], attrs: Any, decls: dict[str, Any], where: str) -> None:
        if not isinstance(attrs, dict):
            return
        for name, value in attrs.items():
            if is_todo(value):
                continue
            if self.declared(rel, parts + [name], name, decls, "an attribute", where):
                why = _typed(value, decls[name])
                if why:
                    self.add(rel, parts + [name], f"attribute {name!r} {why}")

    # -- manifest and provenance ---------------------------------------------------------
    def check_manifest(self) -> None:
        m = self.kit.manifest
        for i, req in enumerate(m.get("required_places", [])):
            names = [p for p in self.kit.places if p.get("name") == req.get("name")]
            if not names:
                self.add(MANIFEST, ["required_places", i, "name"], f"the rules name the place {req.get('name')!r} ({req.get('cite')}) but {self.mapf} has no place of that name")
            elif req.get("kind") and all(p.get("kind") != req["kind"] for p in names):
                self.add(MANIFEST, ["required_places", i, "kind"], f"the place {req['name']!r} must be a {req['kind']!r} ({req.get('cite')}) but {self.mapf} makes it a {names[0].get('kind')!r}")

    def check_provenance(self) -> None:
        sources = self.kit.sources

        def walk(rel: str, node: Any, parts: list[Any]) -> None:
            if isinstance(node, dict):
                if is_todo(node):
                    prov = node.get("provenance")
                    if isinstance(prov, str) and prov not in sources:
                        self.add(rel, parts + ["provenance"], f"provenance {prov!r} is not a source declared in {MANIFEST} 'sources'")
                    return
                for k, v in node.items():
                    if k == "provenance" and isinstance(v, str) and v not in sources:
                        known = ", ".join(sorted(sources)) or "none"
                        self.add(rel, parts + [k], f"provenance {v!r} is not a source declared in {MANIFEST} 'sources' (declared: {known})")
                    elif k != "provenance":
                        walk(rel, v, parts + [k])
            elif isinstance(node, list):
                for i, v in enumerate(node):
                    walk(rel, v, parts + [i])

        for rel, doc in self.kit.docs.items():
            walk(rel, doc, [])

    # -- map -----------------------------------------------------------------------------
    def build_grid(self) -> None:
        geometry = self.kit.geometry
        if not geometry or any(True for _ in _todos(geometry)):
            return
        try:
            self.grid = self.kit.grid
        except Exception as e:  # noqa: BLE001 - any failure is the geometry's
            self.add(self.mapf, ["geometry"], f"the hex grid cannot be built from this geometry: {e}; hexes, adjacency and edges were not checked")

    def check_geometry(self) -> None:
        g = self.kit.geometry
        sections = g.get("sections", []) if isinstance(g, dict) else []
        self.unique(self.mapf, ["geometry", "sections"], sections, "id", "section")
        ids = {s.get("id") for s in sections if isinstance(s, dict)}
        for i, ov in enumerate(g.get("overlaps", []) if isinstance(g, dict) else []):
            pair = ov.get("sections", [])
            for j, s in enumerate(pair):
                if s not in ids:
                    self.add(self.mapf, ["geometry", "overlaps", i, "sections", j], f"section {s!r} is not one of the map's sections ({', '.join(sorted(map(str, ids)))})")
            for j, same in enumerate(ov.get("same", [])):
                if not (isinstance(same, list) and len(same) == 2):
                    continue
                a, b = same
                for k, h in enumerate(same):
                    if isinstance(h, str) and h[:1] not in pair:
                        self.add(self.mapf, ["geometry", "overlaps", i, "same", j, k], f"hex {h!r} is not on section {pair[0]!r} or {pair[1]!r} of this overlap")
                if self.grid is not None and hasattr(self.grid, "canonical"):
                    try:
                        ca, cb = self.grid.canonical(a), self.grid.canonical(b)
                    except Exception as e:  # noqa: BLE001
                        self.add(self.mapf, ["geometry", "overlaps", i, "same", j], f"{e}")
                        continue
                    if ca != cb:
                        self.add(self.mapf, ["geometry", "overlaps", i, "same", j], f"{a} and {b} are given as the same hex but the sections' origins put them in different places")
        self.check_overlap_records()

    def check_overlap_records(self) -> None:
        """Hexes printed on two overlapping sections must be described the same way."""
        if self.grid is None or not hasattr(self.grid, "canonical"):
            return
        by_place: dict[str, list[str]] = {}
        for h in self.kit.hexes:
            by_place.setdefault(self.canonical(h), []).append(h)
        for ids in by_place.values():
            first = self.kit.hexes[ids[0]]
            for other in ids[1:]:
                rec = self.kit.hexes[other]
                for key in ("terrain", "features", "attrs"):
                    if rec.get(key) != first.get(key):
                        self.add(self.mapf, ["hexes", other, key], f"hex {other} is the same hex as {ids[0]} (the sections overlap) but its {key} is {rec.get(key)!r} here and {first.get(key)!r} there")

    def check_hexes(self) -> None:
        m = self.kit.map
        terrain, features, attrs = m.get("terrain_types", {}), m.get("hex_features", {}), m.get("hex_attributes", {})
        for h, rec in self.kit.hexes.items():
            if not isinstance(rec, dict) or is_todo(rec) or not HEX_ID.fullmatch(h):
                continue  # a malformed id is a schema error
            if self.grid is not None:
                try:
                    on = self.grid.on_map(h)
                except Exception:  # noqa: BLE001
                    on = False
                if not on:
                    self.add(self.mapf, ["hexes", h], f"hex {h!r} is not on the grid the geometry describes")
            self.declared(self.mapf, ["hexes", h, "terrain"], rec.get("terrain"), terrain, "a terrain type", "terrain_types")
            for i, f in enumerate(rec.get("features", []) if isinstance(rec.get("features"), list) else []):
                self.declared(self.mapf, ["hexes", h, "features", i], f, features, "a hex feature", "hex_features")
            self.attrs(self.mapf, ["hexes", h, "attrs"], rec.get("attrs"), attrs, "hex_attributes")
        if self.grid is not None:
            listed = {self.canonical(h) for h in self.kit.hexes}
            for h in self.grid.all_hexes:
                if self.canonical(h) not in listed:
                    self.add(self.mapf, ["hexes"], f"hex {h!r} of the grid has no record (give its terrain, or list the map's hexes in geometry 'hexes' if the map is not rectangular)")

    def check_hexsides(self) -> None:
        m = self.kit.map
        decls = m.get("hexside_features", {})
        lines = {pl.get("id") for pl in m.get("printed_lines", [])}
        orientation = m.get("geometry", {}).get("orientation", "flat")
        from .grid import directions

        seen: dict[tuple, int] = {}
        for i, s in enumerate(m.get("hexsides", [])):
            if not isinstance(s, dict) or is_todo(s):
                continue
            base = ["hexsides", i]
            feature = s.get("feature")
            if self.declared(self.mapf, base + ["feature"], feature, decls, "a hexside feature", "hexside_features") and decls[feature].get("directional"):
                if "faces" not in s:
                    self.add(self.mapf, base, f"a {feature!r} hexside faces one way: give 'faces' (the hex it faces)")
            if "faces" in s and "b" in s and s["faces"] not in (s.get("a"), s.get("b")):
                self.add(self.mapf, base + ["faces"], f"'faces' must be one of the two hexes of the hexside ({s.get('a')} or {s.get('b')}), not {s['faces']!r}")
            if "line" in s and s["line"] not in lines:
                self.add(self.mapf, base + ["line"], f"line {s['line']!r} is not an id of printed_lines")
            if "b" in s:
                self.check_link(self.mapf, base, s.get("a"), s.get("b"), "hexside", ("a", "b"))
                key = (frozenset((s.get("a"), s.get("b"))), feature)
            else:
                self.check_hex(self.mapf, base + ["a"], s.get("a"))
                if s.get("side") not in directions(orientation):
                    self.add(self.mapf, base + ["side"], f"{s.get('side')!r} is not a side of a {orientation}-topped hex ({', '.join(directions(orientation))})")
                key = (s.get("a"), s.get("side"), feature)
            if key in seen:
                self.add(self.mapf, base, f"the same {feature!r} hexside is listed twice (first at index {seen[key]})")
            else:
                seen[key] = i

    def check_networks(self) -> None:
        m = self.kit.map
        nets = m.get("networks", [])
        self.unique(self.mapf, ["networks"], nets, "id", "network")
        for i, n in enumerate(nets):
            if not isinstance(n, dict):
                continue
            self.declared(self.mapf, ["networks", i, "feature"], n.get("feature"), m.get("line_features", {}), "a line feature", "line_features")
            seen: dict[frozenset, int] = {}
            for j, link in enumerate(n.get("links", [])):
                if is_todo(link):
                    continue
                try:
                    a, b = link_pair(link)
                except (KeyError, IndexError, TypeError, ValueError):
                    continue
                parts = ["networks", i, "links", j]
                self.check_link(self.mapf, parts, a, b, f"{n.get('feature', 'line')} link", (0, 1) if isinstance(link, list) else ("a", "b"))
                key = frozenset((a, b))
                if key in seen:
                    self.add(self.mapf, parts, f"link {a}-{b} is listed twice (first at index {seen[key]})")
                else:
                    seen[key] = j
            for j, x in enumerate(n.get("exits", [])):
                parts = ["networks", i, "exits", j]
                if self.check_hex(self.mapf, parts + ["hex"], x.get("hex")) and self.grid is not None and x.get("edge") in ("N", "S", "E", "W"):
                    try:
                        on_edge = self.grid.is_edge(self.canonical(x["hex"]), x["edge"])
                    except Exception:  # noqa: BLE001
                        on_edge = True
                    if not on_edge:
                        self.add(self.mapf, parts + ["edge"], f"hex {x['hex']} is not on the {x['edge']} edge of the map, so a line cannot run off the map there")

    def check_places_and_areas(self) -> None:
        m = self.kit.map
        kinds = m.get("place_kinds", {})
        places = m.get("places", [])
        self.unique(self.mapf, ["places"], places, "id", "place id")
        self.unique(self.mapf, ["places"], places, "name", "place name")
        for i, p in enumerate(places):
            if not isinstance(p, dict) or is_todo(p):
                continue
            self.declared(self.mapf, ["places", i, "kind"], p.get("kind"), kinds, "a place kind", "place_kinds")
            for j, h in enumerate(p.get("hexes", [])):
                self.check_hex(self.mapf, ["places", i, "hexes", j], h)
        areas = [("edges", a) for a in m.get("edges", [])] + [("entry_areas", a) for a in m.get("entry_areas", [])]
        ids = Counter(a.get("id") for _, a in areas if isinstance(a, dict))
        sides = self.kit.sides
        index: dict[str, int] = {}
        for key, a in areas:
            i = index[key] = index.get(key, -1) + 1
            if not isinstance(a, dict) or is_todo(a):
                continue
            if ids[a.get("id")] > 1:
                self.add(self.mapf, [key, i, "id"], f"area id {a.get('id')!r} is used by more than one edge or entry area")
            if "side" in a and sides:
                self.declared(self.mapf, [key, i, "side"], a["side"], sides, "a side", f"{self.ctrf} 'sides'")
            for j, h in enumerate(a.get("hexes", []) if isinstance(a.get("hexes"), list) else []):
                if self.check_hex(self.mapf, [key, i, "hexes", j], h) and "edge" in a and a["edge"] in ("N", "S", "E", "W") and self.grid is not None:
                    try:
                        on_edge = self.grid.is_edge(self.canonical(h), a["edge"])
                    except Exception:  # noqa: BLE001
                        on_edge = True
                    if not on_edge:
                        self.add(self.mapf, [key, i, "hexes", j], f"hex {h} is not on the {a['edge']} edge of the map")
            for j, other in enumerate(a.get("adjacent_areas", [])):
                if other not in ids:
                    self.add(self.mapf, [key, i, "adjacent_areas", j], f"{other!r} is not an edge or entry area id")
        for i, pl in enumerate(m.get("printed_lines", [])):
            if not isinstance(pl, dict) or is_todo(pl):
                continue
            for j, h in enumerate(pl.get("hexes", []) if isinstance(pl.get("hexes"), list) else []):
                self.check_hex(self.mapf, ["printed_lines", i, "hexes", j], h)
            for j, link in enumerate(pl.get("hexsides", []) if isinstance(pl.get("hexsides"), list) else []):
                if not is_todo(link):
                    a, b = link_pair(link)
                    self.check_link(self.mapf, ["printed_lines", i, "hexsides", j], a, b, "printed-line hexside", (0, 1) if isinstance(link, list) else ("a", "b"))
        self.unique(self.mapf, ["printed_lines"], m.get("printed_lines", []), "id", "printed line")

    # -- counters ------------------------------------------------------------------------
    def check_counters(self) -> None:
        doc = self.kit.counters_doc
        sides, kinds, attrs = doc.get("sides", {}), doc.get("kinds"), doc.get("attributes", {})
        counters = doc.get("counters", [])
        self.unique(self.ctrf, ["counters"], counters, "id", "counter id")
        ids = set(self.kit.counters)
        pools = self.kit.pools
        for i, c in enumerate(counters):
            if not isinstance(c, dict) or is_todo(c):
                continue
            base = ["counters", i]
            self.declared(self.ctrf, base + ["side"], c.get("side"), sides, "a side", "sides")
            if kinds is not None:
                self.declared(self.ctrf, base + ["kind"], c.get("kind"), kinds, "a counter kind", "kinds")
            for face, values in (c.get("faces") or {}).items():
                if not isinstance(values, dict):
                    continue
                for name, value in values.items():
                    parts = base + ["faces", face, name]
                    if not self.declared(self.ctrf, parts, name, attrs, "a counter attribute", "attributes") or is_todo(value):
                        continue
                    if isinstance(value, dict) and "pool" in value:
                        if value["pool"] not in pools:
                            self.add(self.ctrf, parts + ["pool"], f"pool {value['pool']!r} is not an id of 'pools'")
                        continue
                    why = _typed(value, attrs[name])
                    if why:
                        self.add(self.ctrf, parts, f"attribute {name!r} {why}")
            for j, name in enumerate(c.get("hidden", [])):
                self.declared(self.ctrf, base + ["hidden", j], name, attrs, "a counter attribute", "attributes")
            if "parent" in c and c["parent"] not in ids:
                self.add(self.ctrf, base + ["parent"], f"parent {c['parent']!r} is not a counter id")
            self.attrs(self.ctrf, base + ["attrs"], c.get("attrs"), attrs, "attributes")
        plist = doc.get("pools", [])
        self.unique(self.ctrf, ["pools"], plist, "id", "pool id")
        for i, p in enumerate(plist):
            if not isinstance(p, dict) or is_todo(p):
                continue
            if "side" in p:
                self.declared(self.ctrf, ["pools", i, "side"], p["side"], sides, "a side", "sides")
            for j, item in enumerate(p.get("contents", [])):
                if isinstance(item, dict) and not is_todo(item) and item.get("counter") not in ids and not is_todo(item.get("counter")):
                    self.add(self.ctrf, ["pools", i, "contents", j, "counter"], f"counter {item.get('counter')!r} is not defined in 'counters'")

    # -- tables --------------------------------------------------------------------------
    def check_rows(self, base: list[Any], t: dict[str, Any], width: int | None) -> None:
        dice, rows = t.get("dice"), t.get("rows")
        if not isinstance(dice, str) or not isinstance(rows, dict) or is_todo(rows):
            return
        try:
            lo, hi = dice_range(dice)
        except ValueError:
            return
        modified = "row_min" in t or "row_max" in t
        lo, hi = t.get("row_min", lo), t.get("row_max", hi)
        span = f"row_min {lo} to row_max {hi}" if modified else f"{dice} gives {lo} to {hi}"
        keys = set()
        for k, row in rows.items():
            try:
                n = int(k)
            except ValueError:
                continue
            keys.add(n)
            if not lo <= n <= hi:
                self.add(self.tabf, base + ["rows", k], f"row {k} cannot be rolled: {span}" + ("" if modified else " (set row_min/row_max for modified rolls)"))
            if width is not None and isinstance(row, list) and len(row) != width:
                self.add(self.tabf, base + ["rows", k], f"row {k} has {len(row)} results but the table has {width} columns")
            legend = t.get("results")
            if isinstance(legend, dict) and isinstance(row, list):
                for j, r in enumerate(row):
                    if isinstance(r, str) and r not in legend:
                        self.add(self.tabf, base + ["rows", k, j], f"result {r!r} is not explained in 'results' ({', '.join(legend)})")
        for n in range(lo, hi + 1):
            if n not in keys:
                self.add(self.tabf, base + ["rows"], f"no row for a roll of {n} ({span})")

    def check_tables(self) -> None:
        m = self.kit.map
        tables = self.kit.tables_doc.get("tables", [])
        self.unique(self.tabf, ["tables"], tables, "id", "table id")
        for i, t in enumerate(tables):
            if not isinstance(t, dict) or is_todo(t):
                continue
            base = ["tables", i]
            kind = t.get("kind")
            if kind in ("combat_results", "lookup"):
                cols = t.get("columns")
                width = len(cols) if isinstance(cols, list) else None
                self.check_rows(base, t, width)
                for name, labels in (t.get("column_sets") or {}).items():
                    if isinstance(labels, list) and width is not None and len(labels) != width:
                        self.add(self.tabf, base + ["column_sets", name], f"column set {name!r} has {len(labels)} labels but the table has {width} columns")
                for j, auto in enumerate(t.get("automatic", [])):
                    for key in ("at_or_above", "below"):
                        if key in auto and isinstance(cols, list) and auto[key] not in cols:
                            self.add(self.tabf, base + ["automatic", j, key], f"{auto[key]!r} is not a column of this table")
            elif kind == "die":
                self.check_rows(base, t, None)
            elif kind == "terrain_effects":
                known = {**m.get("terrain_types", {}), **m.get("hex_features", {}), **m.get("place_kinds", {})}
                for name in t.get("movement", {}) if isinstance(t.get("movement"), dict) else ():
                    self.declared(self.tabf, base + ["movement", name], name, known, "a terrain type, hex feature or place kind", f"{self.mapf}")
                for name in t.get("hexside_movement", {}) if isinstance(t.get("hexside_movement"), dict) else ():
                    self.declared(self.tabf, base + ["hexside_movement", name], name, m.get("hexside_features", {}), "a hexside feature", f"{self.mapf} 'hexside_features'")
                for name in t.get("line_movement", {}) if isinstance(t.get("line_movement"), dict) else ():
                    self.declared(self.tabf, base + ["line_movement", name], name, m.get("line_features", {}), "a line feature", f"{self.mapf} 'line_features'")

    # -- turns ---------------------------------------------------------------------------
    def check_turns(self) -> None:
        doc = self.kit.turns_doc
        turns = [t.get("turn") for t in doc.get("turns", []) if isinstance(t, dict)]
        for i, t in enumerate(doc.get("turns", [])):
            if isinstance(t, dict) and i and isinstance(t.get("turn"), int) and isinstance(turns[i - 1], int) and t["turn"] != turns[i - 1] + 1:
                self.add(self.turf, ["turns", i, "turn"], f"turn {t['turn']} follows turn {turns[i - 1]}: the track must list consecutive turns in order")
        editions = self.kit.editions
        sides = self.kit.sides
        for key, seq in (doc.get("sequences") or {}).items():
            if key != "default" and key not in editions:
                self.add(self.turf, ["sequences", key], f"{key!r} is not an edition of {MANIFEST} 'editions' (or 'default')")
            if not isinstance(seq, dict):
                continue
            phases = seq.get("phases", [])
            self.unique(self.turf, ["sequences", key, "phases"], phases, "id", "phase")
            ids = {p.get("id") for p in phases if isinstance(p, dict)}
            if "first_phase" in seq and seq["first_phase"] not in ids:
                self.add(self.turf, ["sequences", key, "first_phase"], f"{seq['first_phase']!r} is not a phase of this sequence")
            for j, p in enumerate(phases):
                if isinstance(p, dict) and p.get("side") is not None and sides:
                    self.declared(self.turf, ["sequences", key, "phases", j, "side"], p["side"], sides, "a side", f"{self.ctrf} 'sides'")
        for i, r in enumerate(doc.get("replacements", [])):
            if isinstance(r, dict):
                self.declared(self.turf, ["replacements", i, "side"], r.get("side"), sides, "a side", f"{self.ctrf} 'sides'")
        scheduled: dict[str, tuple] = {}
        for key in ("reinforcements", "withdrawals"):
            for i, r in enumerate(doc.get(key, [])):
                self.check_arrival(self.turf, [key, i], r, turns, scheduled if key == "reinforcements" else {})

    def check_arrival(self, rel: str, base: list[Any], r: Any, turns: list[Any], scheduled: dict[str, tuple]) -> None:
        if not isinstance(r, dict) or is_todo(r):
            return
        if isinstance(r.get("turn"), int) and turns and r["turn"] not in turns:
            self.add(rel, base + ["turn"], f"turn {r['turn']} is not on the turn track ({min(t for t in turns if isinstance(t, int))}-{max(t for t in turns if isinstance(t, int))})")
        self.declared(rel, base + ["side"], r.get("side"), self.kit.sides, "a side", f"{self.ctrf} 'sides'")
        counters = self.kit.counters
        for j, c in enumerate(r.get("counters", [])):
            if is_todo(c):
                continue
            if c not in counters:
                self.add(rel, base + ["counters", j], f"counter {c!r} is not defined in {self.ctrf}")
            elif counters[c].get("side") != r.get("side"):
                self.add(rel, base + ["counters", j], f"counter {c!r} belongs to side {counters[c].get('side')!r}, not {r.get('side')!r}")
            scope = tuple(r.get("scenarios", ()))
            if c in scheduled and (not scope or not scheduled[c][1] or set(scope) & set(scheduled[c][1])):
                self.add(rel, base + ["counters", j], f"counter {c!r} is already scheduled to arrive on turn {scheduled[c][0]}")
            scheduled[c] = (r.get("turn"), scope)
        if "entry_area" in r:
            try:
                self.kit.area(r["entry_area"])
            except KeyError:
                self.add(rel, base + ["entry_area"], f"{r['entry_area']!r} is not an entry area or edge of {self.mapf}")
        for j, h in enumerate(r.get("hexes", [])):
            self.check_hex(rel, base + ["hexes", j], h)
        if "pool" in r and r["pool"] not in self.kit.pools:
            self.add(rel, base + ["pool"], f"pool {r['pool']!r} is not an id of {self.ctrf} 'pools'")
        for j, s in enumerate(r.get("scenarios", [])):
            if s not in self.kit.scenarios:
                self.add(rel, base + ["scenarios", j], f"{s!r} is not a scenario of this package")

    # -- scenarios -----------------------------------------------------------------------
    def check_scenarios(self) -> None:
        ids = Counter(d.get("id") for rel, d in self.kit.docs.items() if self.kit.kinds.get(rel) == "scenario" and isinstance(d, dict))
        turns = [t.get("turn") for t in self.kit.turns if isinstance(t, dict)]
        for rel, doc in self.kit.docs.items():
            if self.kit.kinds.get(rel) != "scenario" or not isinstance(doc, dict):
                continue
            if ids[doc.get("id")] > 1:
                self.add(rel, ["id"], f"scenario id {doc.get('id')!r} is used by more than one scenario file")
            for key in ("first_turn", "last_turn"):
                v = doc.get(key)
                if isinstance(v, int) and turns and v not in turns:
                    self.add(rel, [key], f"turn {v} is not on the turn track of {self.turf}")
            if isinstance(doc.get("first_turn"), int) and isinstance(doc.get("last_turn"), int) and doc["first_turn"] > doc["last_turn"]:
                self.add(rel, ["last_turn"], f"the last turn ({doc['last_turn']}) comes before the first ({doc['first_turn']})")
            self.check_setup(rel, doc)
            for key, eds in (("editions", doc.get("editions") or {}),):
                for ed in eds:
                    if ed not in self.kit.editions:
                        self.add(rel, [key, ed], f"{ed!r} is not an edition of {MANIFEST} 'editions'")
            conditions = [(["victory", i], c) for i, c in enumerate(doc.get("victory", []))]
            for ed, body in (doc.get("editions") or {}).items():
                if isinstance(body, dict):
                    conditions += [(["editions", ed, "victory", i], c) for i, c in enumerate(body.get("victory", []))]
            names = {p.get("name") for p in self.kit.places}
            for parts, c in conditions:
                if not isinstance(c, dict):
                    continue
                for j, name in enumerate(c.get("places", [])):
                    if name not in names and not is_todo(name):
                        self.add(rel, parts + ["places", j], f"place {name!r} is not a place of {self.mapf}")
                if "side" in c:
                    self.declared(rel, parts + ["side"], c["side"], self.kit.sides, "a side", f"{self.ctrf} 'sides'")
            for i, r in enumerate(doc.get("reinforcements", [])):
                self.check_arrival(rel, ["reinforcements", i], r, turns, {})

    def check_setup(self, rel: str, doc: dict[str, Any]) -> None:
        counters = self.kit.counters
        stacking = doc.get("stacking") if isinstance(doc.get("stacking"), dict) else {}
        exempt = set(stacking.get("exempt_kinds", []))
        placed: dict[str, int] = {}
        in_hex: dict[str, list[tuple[int, str]]] = {}
        for i, p in enumerate(doc.get("setup", [])):
            if not isinstance(p, dict) or is_todo(p):
                continue
            c, h = p.get("counter"), p.get("hex")
            if c not in counters:
                self.add(rel, ["setup", i, "counter"], f"counter {c!r} is not defined in {self.ctrf}")
            elif p.get("face") == "back" and "back" not in counters[c].get("faces", {}):
                self.add(rel, ["setup", i, "face"], f"counter {c!r} has no back face to set up on")
            if c in placed:
                self.add(rel, ["setup", i, "counter"], f"counter {c!r} is set up twice (first at index {placed[c]})")
            else:
                placed[c] = i
            if self.check_hex(rel, ["setup", i, "hex"], h, "set-up hex") and c in counters:
                in_hex.setdefault(self.canonical(h), []).append((i, c))
        for h, items in in_hex.items():
            sides = {counters[c].get("side") for _, c in items}
            if len(sides) > 1:
                self.add(rel, ["setup", items[-1][0], "hex"], f"hex {h} holds counters of both sides ({', '.join(sorted(map(str, sides)))}) at set-up")
            for side in sides:
                mine = [(i, c) for i, c in items if counters[c].get("side") == side and counters[c].get("kind") not in exempt]
                limit = stacking.get("setup_max_units") or (stacking.get("by_side") or {}).get(side) or stacking.get("max_units")
                if isinstance(limit, int) and len(mine) > limit:
                    self.add(rel, ["setup", mine[limit][0], "hex"], f"hex {h} holds {len(mine)} {side} units at set-up ({', '.join(c for _, c in mine)}); the stacking limit is {limit}" + (f" ({stacking['cite']})" if stacking.get("cite") else ""))
        for i, hold in enumerate(doc.get("holding", [])):
            if not isinstance(hold, dict):
                continue
            self.declared(rel, ["holding", i, "side"], hold.get("side"), self.kit.sides, "a side", f"{self.ctrf} 'sides'")
            for j, c in enumerate(hold.get("counters", [])):
                if c not in counters:
                    self.add(rel, ["holding", i, "counters", j], f"counter {c!r} is not defined in {self.ctrf}")
                elif c in placed:
                    self.add(rel, ["holding", i, "counters", j], f"counter {c!r} is both set up on the map (setup index {placed[c]}) and held off the map")
        lines = {pl.get("id") for pl in self.kit.map.get("printed_lines", [])}
        hex_attrs = self.kit.map.get("hex_attributes", {})
        for i, a in enumerate(doc.get("setup_areas", [])):
            if not isinstance(a, dict):
                continue
            self.declared(rel, ["setup_areas", i, "side"], a.get("side"), self.kit.sides, "a side", f"{self.ctrf} 'sides'")
            for j, h in enumerate(a.get("hexes", [])):
                self.check_hex(rel, ["setup_areas", i, "hexes", j], h)
            if "line" in a and a["line"] not in lines:
                self.add(rel, ["setup_areas", i, "line"], f"line {a['line']!r} is not an id of {self.mapf} 'printed_lines'")
            for name in a.get("hex_attr", {}):
                self.declared(rel, ["setup_areas", i, "hex_attr", name], name, hex_attrs, "a hex attribute", f"{self.mapf} 'hex_attributes'")
            for j, c in enumerate(a.get("counters", [])):
                if c not in counters:
                    self.add(rel, ["setup_areas", i, "counters", j], f"counter {c!r} is not defined in {self.ctrf}")

    # -- run -----------------------------------------------------------------------------
    def run(self, tolerant: bool) -> list[Issue]:
        checks: list[Callable[[], None]] = [
            self.build_grid,
            self.check_provenance,
            self.check_manifest,
            self.check_geometry,
            self.check_hexes,
            self.check_hexsides,
            self.check_networks,
            self.check_places_and_areas,
            self.check_counters,
            self.check_tables,
            self.check_turns,
            self.check_scenarios,
        ]
        for check in checks:
            try:
                check()
            except (KeyError, TypeError, AttributeError, ValueError, IndexError):
                if not tolerant:
                    raise
        return self.issues


def _todos(doc: Any) -> Iterable[Any]:
    from .loader import find_todos

    return find_todos(doc)


def cross_file_issues(kit: Kit, *, tolerant: bool = False) -> list[Issue]:
    """Every cross-file problem of a package. ``tolerant``: the files already have schema
    errors, so a check that trips over malformed data is skipped instead of raising."""
    return Checker(kit).run(tolerant)

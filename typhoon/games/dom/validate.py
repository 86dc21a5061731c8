"""Every constraint the rules text (004) puts on the game's data, checked against a kit.

``problems(kit)`` returns one line per violated constraint, each naming the rule and line it
comes from (empty: the data agrees with every number of the text). It serves the
reconstruction (scripts/dom_build_kit.py) and any owner-completed kit alike. Constraints
marked D-n come from a decision in docs/games/dom/decisions.md.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ...core.kit import Kit
from ...core.odds import CombatTable
from .data import dom_map

TOTAL_COUNTERS = 352  # 2.0 L35, 2.3 L66
RESERVE_MIX = {"mrd": 1, "rd": 4, "rb": 4, "grd": 6}  # 3.2 L272-275
FORWARD_MIX = {"cd": 9, "mrb": 8, "mrd": 4, "rb": 17, "rd": 78, "tb": 9}  # 3.3 L294-299
GUARDS_CUP = {"gcd": 2, "grd": 2, "gtb": 4}  # 3.4 L315-317
GT1_REINFORCEMENTS = {"rd": 7, "rb": 2, "cd": 2, "tb": 1}  # 3.1 L251-254
CITIES = {"Moscow": 2, "Kalinin": 1, "Kursk": 1, "Orel": 1, "Smolensk": 1, "Tula": 1}  # 4.1, 4.3
KNOWN_MF = {1: (10, 6), 5: (3, 3), 7: (6, 4)}  # 2.10 L153-155; D-20: 12.1 L1385-1390, 12.2 L1433-1436
TURN_LABELS = {4: "Oct IV", 5: "Nov I", 6: "Nov II", 7: "Nov III", 9: "Dec I"}  # 12.0 L1372; 4.3 L388
CRT_COLUMNS = ["1:3", "1:2", "1:1", "2:1", "3:1", "4:1", "5:1"]  # 11.9 L1096
HEX_KM = 12.07  # 1.1 L26


def face(c: dict, name: str = "front") -> dict:
    return c.get("faces", {}).get(name, {})


def copies(c: dict) -> int:
    return int(c.get("count", 1))


def values(c: dict, name: str = "front") -> tuple[Any, Any]:
    f = face(c, name)
    return f.get("attack"), f.get("defence")


def check_map(kit: Kit) -> list[str]:
    out = []
    size = kit.geometry.get("hex_size_km")
    if size is not None and abs(size - HEX_KM) > 0.1:
        out.append(f"1.1 L26: a hex is 7.5 miles (12 km) across, not {size} km")
    by_name = Counter()
    for p in kit.places:
        if p["kind"] == "city":
            by_name[p["name"]] += len(p["hexes"])
    if dict(by_name) != CITIES:
        out.append(f"4.1/4.3 L357-390: the city hexes are Moscow x2 and Kalinin, Kursk, Orel, Smolensk, Tula (the five non-Moscow city hexes); got {dict(by_name)}")
    m = dom_map(kit)
    if len(m.soviet_sources) != 6:
        out.append(f"8.2 L590-591: six Soviet supply-source hexes, not {len(m.soviet_sources)}")
    for h in sorted(m.soviet_sources):
        if not (kit.grid.is_edge(h, "N") or kit.grid.is_edge(h, "E")):
            out.append(f"8.2 L590-591: Soviet supply source {h} is not on the north or east map edge")
    for h in sorted(m.german_sources):
        if not kit.grid.is_edge(h, "W"):
            out.append(f"8.2 L587-588: German supply source {h} is not on the west map edge")
    for h, name in {**m.cities, **m.towns}.items():
        if m.terrain[h] != "clear":
            out.append(f"10.8 L854-855: {name} ({h}) must have a clear base, not {m.terrain[h]}")
    if "south" not in set(m.sheet.values()):
        out.append("5.3 L470-473: the Guderian Effect needs a south map sheet (hex attribute 'sheet')")
    return out


def front_hexes(m) -> list[str]:
    """D-25: the front-line hexes are the Soviet-side hexes adjacent to a German-side hex."""
    return sorted({n for h, z in m.zone.items() if z == "german" for n in m.neighbours(h) if m.zone[n] != "german"})


def check_zones(kit: Kit) -> list[str]:
    m = dom_map(kit)
    out = []
    front = front_hexes(m)
    if len(front) > FORWARD_MIX["rd"]:
        out.append(f"3.3 L302-303: {len(front)} front-line hexes each need a rifle division, but the Forward Zone has only {FORWARD_MIX['rd']}")
    reserve = [h for h, z in m.zone.items() if z == "reserve"]
    if len(reserve) < sum(RESERVE_MIX.values()):
        out.append(f"3.2 L280-282: the Reserve Front needs {sum(RESERVE_MIX.values())} hexes (one unit per hex), has {len(reserve)}")
    if any(m.zone[h] == "german" for h in m.moscow()):
        out.append("4.1: Moscow lies west of the initial front line")
    return out


def check_counters(kit: Kit) -> list[str]:
    out = []
    cs = kit.counters_doc.get("counters", [])
    total = sum(copies(c) for c in cs)
    if total != TOTAL_COUNTERS:
        out.append(f"2.0 L35: the game has {TOTAL_COUNTERS} counters, the kit {total}")
    kinds = Counter()
    for c in cs:
        kinds[c["kind"]] += copies(c)
    if kinds["kg"] != 10:
        out.append(f"2.12 L178: 10 KG counters, not {kinds['kg']}")
    for c in cs:
        if c["kind"] == "kg" and (values(c) != (2, 1) or values(c, "back") != (1, 2)):
            out.append(f"2.12 L179-181: KG {c['id']} must be 2-1 (panzer) backed by 1-2 (panzer grenadier)")
    if kinds["mrd"] != 5:
        out.append(f"3.1 L256: five motorized rifle divisions, not {kinds['mrd']}")
    tds = [c for c in cs if c["kind"] == "mrd" and face(c).get("veteran_type") == "td"]
    if len(tds) != 1:
        out.append(f"3.1 L256-260: exactly one MRD is a tank division on its veteran side, not {len(tds)}")
    guards = {"grd": 8, "gcd": 2, "gtb": 4}  # 3.2 GRD x6 + 3.4 cup
    for k, n in guards.items():
        if kinds[k] != n:
            out.append(f"3.2/3.4: {n} {k.upper()} (set-up plus cup), not {kinds[k]}")
    for c in cs:
        if c["side"] != "soviet" or c["kind"] in ("aircraft", "marker"):
            continue
        if c["kind"] in guards and "back" not in c["faces"]:
            out.append(f"3.2 L284: Guards {c['id']} must have two steps")
        if c["kind"] not in guards and c.get("back_meaning") != "untried":
            out.append(f"2.13 L185-189: non-guard {c['id']} must have a numberless untried back")
    inf = {values(c): copies(c) for c in cs if c["kind"] == "infantry"}
    n48 = sum(n for c in cs if c["kind"] == "infantry" and values(c) == (4, 8) and values(c, "back") == (2, 4) for n in [copies(c)])
    if n48 < 3:
        out.append(f"9.3 L725-726: three 4-8/2-4 infantry divisions are withdrawn, the kit has {n48}")
    if not any(c["kind"] == "infantry" and values(c) == (3, 7) and values(c, "back") == (1, 3) for c in cs):
        out.append("9.3 L731-732: a 3-7/1-3 infantry division exists (the substitute)")
    if kinds["cavalry"] < 1 or not inf:
        out.append("9.3 L727: the German cavalry division")
    names = " ".join(c.get("name", "") for c in cs if c["side"] == "german")
    for label, cite in (("GD", "2.6 L98; 12.2 L1457"), ("L ", "2.6 L100; 12.2 L1457")):
        if label not in names:
            out.append(f"{cite}: the German {label.strip()} unit")
    air = [c for c in cs if c["kind"] == "aircraft"]
    if len(air) != 2 or sum(1 for c in air if "back" in c["faces"]) != 1:
        out.append("11.19 L1194-1195: two German aircraft counters, one back printed with the Soviet aircraft")
    return out


def pool_sizes(kit: Kit) -> dict[str, int]:
    return {p["id"].removeprefix("untried_"): sum(e.get("count", 1) for e in p["contents"] if isinstance(e, dict) and "counter" in e) for p in kit.counters_doc.get("pools", [])}


def check_turns(kit: Kit) -> list[str]:
    out = []
    turns = {t["turn"]: t for t in kit.turns}
    if sorted(turns) != list(range(1, 10)):
        out.append(f"4.3 L388: nine game turns, not {sorted(turns)}")
    for t, label in TURN_LABELS.items():
        if turns.get(t, {}).get("label") != label:
            out.append(f"12.0 L1372 / 4.3 L388: game turn {t} is {label}")
    for t, (mech, foot) in KNOWN_MF.items():
        a = turns.get(t, {}).get("attrs", {})
        if (a.get("mf_mech"), a.get("mf_non_mech")) != (mech, foot):
            out.append(f"2.10/12.1/12.2: game turn {t} movement factors are {mech}/{foot} (D-20), not {a.get('mf_mech')}/{a.get('mf_non_mech')}")
    for t, row in turns.items():
        a = row.get("attrs", {})
        g, s = a.get("air_german", 0), a.get("air_soviet", 0)
        if g and s:
            out.append(f"11.19 L1190-1191: game turn {t} gives aircraft to both sides")
        if g > 2 or s > 1:
            out.append(f"11.19 L1194-1195: game turn {t} asks for {g} German / {s} Soviet aircraft (2 / 1 exist)")
        if t in (5, 6, 7, 8) and g > 1:
            out.append(f"12.2 L1445-1447 with 11.19 L1194-1195 (D-11): a November Offensive run on game turn {t} adds one aircraft, so the track may show at most 1")
    reinf = {r["turn"]: r.get("kinds", {}) for r in kit.turns_doc.get("reinforcements", []) if r.get("side") == "soviet"}
    if reinf.get(1) != GT1_REINFORCEMENTS:
        out.append(f"3.1 L251-254: game turn 1 brings RD x7, RB x2, CD x2, TB x1, not {reinf.get(1)}")
    need = Counter()
    for mix in (RESERVE_MIX, FORWARD_MIX, *reinf.values()):
        need.update({k: v for k, v in mix.items() if k not in ("grd", "gcd", "gtb")})
    sizes = pool_sizes(kit)
    for k, n in need.items():
        if sizes.get(k, 0) < n:
            out.append(f"9.1 L707-710 / 3.5: the {k.upper()} pool holds {sizes.get(k, 0)} counters; set-up and reinforcements need {n}")
    if "mrd" in need and need["mrd"] != 5:
        out.append("3.1 L256 / 3.5: all five MRD are set up (3.2 + 3.3), so none may arrive as a reinforcement")
    w = [(r["turn"], tuple(r.get("kinds", {}).items())) for r in kit.turns_doc.get("withdrawals", [])]
    if sorted(w) != [(5, (("infantry", 1),)), (6, (("infantry", 1),)), (7, (("cavalry", 1),)), (7, (("infantry", 1),))]:
        out.append(f"9.3 L725-727: withdrawals are one infantry division on GT5, GT6, GT7 and the cavalry division on GT7, not {w}")
    return out


def check_crt(kit: Kit) -> list[str]:
    out = []
    crt = kit.table("crt")
    if crt.get("columns") != CRT_COLUMNS:
        out.append(f"11.9 L1096: CRT columns run 1:3 to 5:1, not {crt.get('columns')}")
    table = CombatTable.from_json(crt)
    if table.result(CRT_COLUMNS.index("1:1"), 5) != "AS":
        out.append("11.21 L1232-1233: a roll of 5 at 1:1 is AS")
    codes = {r for row in crt["rows"].values() for r in row}
    if not codes <= {"AS", "AL1", "DR", "DE"}:
        out.append(f"11.22-11.29: results are AS, AL1, DR, DE; the CRT has {sorted(codes)}")
    return out


def check_setup(kit: Kit) -> list[str]:
    """The computer set-ups (reconstruction): German west of the front, stacking, mixes."""
    out = []
    scen = kit.scenarios.get("campaign", {})
    m = dom_map(kit)
    counters = kit.counters
    per_hex = Counter()
    placed = set()
    for s in scen.get("setup", []):
        if not isinstance(s, dict) or "counter" not in s:
            continue
        c = counters[s["counter"]]
        per_hex[s["hex"]] += 1
        placed.add(s["counter"])
        if c["side"] == "german" and m.zone[s["hex"]] != "german":
            out.append(f"3.6 L331-333: German {c['id']} set up at {s['hex']}, not west of the front line")
        if c["kind"] == "grd" and m.zone[s["hex"]] != "reserve":
            out.append(f"3.2 L280: Reserve Front {c['id']} set up at {s['hex']}, not east of the boundary")
    german = {c["id"] for c in counters.values() if c["side"] == "german" and c["kind"] not in ("kg", "aircraft", "marker")}
    if german and scen.get("setup") and not german <= placed:
        out.append(f"3.6 L329-333: every German unit but the KG and aircraft sets up; missing {sorted(german - placed)[:5]}")
    slots = scen.get("parameters", {}).get("soviet_slots", {}).get("value")
    if slots is None:
        return out
    fwd, res = Counter(), Counter()
    rd_hexes = set()
    soviet_at = Counter()
    for s in slots:
        z = m.zone[s["hex"]]
        (res if z == "reserve" else fwd)[s["kind"]] += 1
        soviet_at[s["hex"]] += 1
        if s["kind"] == "rd" and z == "forward":
            rd_hexes.add(s["hex"])
        if z == "german":
            out.append(f"3.2/3.3: Soviet {s['kind']} slot at {s['hex']} west of the front line")
    for s in scen.get("setup", []):
        if isinstance(s, dict) and counters.get(s.get("counter"), {}).get("side") == "soviet":
            soviet_at[s["hex"]] += 1
            res[counters[s["counter"]]["kind"]] += 1
    if dict(fwd) != FORWARD_MIX:
        out.append(f"3.3 L294-299: Forward Zone mix {dict(fwd)}")
    if dict(res) != RESERVE_MIX:
        out.append(f"3.2 L272-275: Reserve Front mix {dict(res)}")
    for h, n in soviet_at.items():
        if m.zone[h] == "reserve" and n > 1:
            out.append(f"3.2 L281-282: Reserve Front hex {h} holds {n} units (one per hex)")
        if n > 5:
            out.append(f"6.0 L482-483: {h} stacks {n} Soviet units")
    for h, n in per_hex.items():
        if n > 5:
            out.append(f"6.0 L482-483: {h} stacks {n} units")
    missing = [h for h in front_hexes(m) if h not in rd_hexes]
    if missing:
        out.append(f"3.3 L302-303: front-line hexes without a rifle division: {missing[:6]}")
    return out


def problems(kit: Kit) -> list[str]:
    """Every violated constraint of the text, one line each (empty: consistent)."""
    return check_map(kit) + check_zones(kit) + check_counters(kit) + check_turns(kit) + check_crt(kit) + check_setup(kit)

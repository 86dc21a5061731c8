"""Counter values reconstructed from the order of battle and the sample counters (RECONSTRUCTION).

The 800 printed counters are not in the rules text (003); only the samples of 2.33 (L180-196)
are. Every value here follows one documented method (docs/games/ot/counters.md), anchored on
those samples and on the cases that name values:

===========================  ===========================================================
German infantry regiment     Class A, Morale 2, MA 4 (sample 19/7/7 "A24", L181); the
                             highest-numbered regiment of each division Morale 3 (8.36
                             L609: 62/7/7 is Morale 3)
German mech. regiment        Class A, Morale 3, MA 14 (samples 8/3M/57, 3/DasR/40 "A314")
French SS regiment           Class B, Morale 2, MA 4 (sample "FR 41 B24", L186)
German tank battalion        strength 1, MA 14, one step, no chit (sample 113/2P/46 "1-14"; 8.6)
German corps HQ              strength 1, MA 8 (sample 41/3PzA "1-8"; 8.6 L639)
Soviet rifle division        Class A, MA 5 (sample 110/33 "A25"); Morale 3 Guards and
                             Siberian, 1 Reserve/Volunteer/NKVD, else 2
Soviet mech. division        Class A, Morale 1, MA 14 (sample 107/30 "A114")
Soviet tank brigade          Class C, Morale 2, MA 14 (sample 146/26 "C214"; 8.13)
Soviet cavalry division      Class B, Morale 2 (Guards 3), MA 8 (8.13: "B ... cavalry")
Soviet brigades, regiments   Class B (8.13: "B ... rifle brigades"), Morale 2, MA 5;
                             ski MA 6; mech. brigade MA 14; militia Morale 1, MA 4
Soviet tank bn / company     Class C, Morale 2, MA 14
Soviet army HQ               strength 2 (8.6 L639), MA 8
Winterization                German all Poor (13.42); Soviet Poor for militia, Reserve,
                             Volunteer and NKVD units, Good otherwise (2.31 L172)
Cadre (back)                 strength 1 and the front's MA (samples' backs "1-4", "1-14")
===========================  ===========================================================
"""

from __future__ import annotations

import re
from typing import Any

TYPE_KIND = {
    "I": "infantry", "M": "mechanized_infantry", "T": "tank", "H": "hq", "C": "cavalry",
    "P": "parachute", "S": "ski", "AT": "anti_tank", "AA": "anti_aircraft",
}
MECH_KINDS = frozenset({"tank", "mechanized_infantry"})  # 5.31

#: Soviet units named as militia in the order of battle (20.0 L1863, L1873).
MILITIA = frozenset({"Vnev/50", "Tula/49"})
#: Soviet units of battalion or company size (7.15, 20.0 L1949-1951; decisions.md D15).
SOVIET_SMALL = frozenset({"Vnev/50", "11/20", "21/20", "3I/20", "31/20", "41/20", "Ind/20"})
#: Soviet infantry units that are brigades in the order of battle (20.0).
SOVIET_BRIGADE_ARMIES = {"1Sh": {"35", "43", "47", "55", "56", "44", "50", "71", "29"},
                         "20": {"28", "43", "69N"}, "26": {"37", "40", "17", "18", "31", "57", "64"}}


def german_division(designation: str) -> str | None:
    """'62/7/7' -> '7'; HQs (two parts) have none."""
    parts = designation.split("/")
    return parts[1] if len(parts) == 3 else None


def regiment_number(designation: str) -> int:
    m = re.match(r"[IV]*(\d+)", designation)
    return int(m.group(1)) if m else 0


def soviet_size(designation: str, kind: str) -> str:
    """Company, battalion, regiment, brigade or division, from the designation and 20.0."""
    parts = designation.split("/")
    if designation == "Ind/20":
        return "company"
    if designation in SOVIET_SMALL:
        return "battalion"
    if kind == "hq":
        return "army"
    if len(parts) == 3:
        return "regiment"  # 109/330/49: regiment/division/army (2.34 L221)
    unit, army = parts[0], parts[-1]
    if kind in ("tank", "ski", "parachute", "anti_tank", "anti_aircraft"):
        return "division" if designation == "58/20" else "brigade"
    if designation in MILITIA or designation == "151/5":
        return "brigade" if designation != "Vnev/50" else "battalion"
    if unit in SOVIET_BRIGADE_ARMIES.get(army, ()):
        return "brigade"
    return "division"


def german_values(designation: str, kind: str, highest_in_division: bool) -> dict[str, Any]:
    if kind == "hq":
        return {"strength": 1, "movement": 8, "size": "corps"}
    if kind == "tank":
        return {"strength": 1, "movement": 14, "size": "battalion"}
    if designation.startswith("FR/"):
        return {"class": "B", "morale": 2, "movement": 4, "size": "regiment"}
    if kind == "mechanized_infantry":
        return {"class": "A", "morale": 3, "movement": 14, "size": "regiment"}
    return {"class": "A", "morale": 3 if highest_in_division else 2, "movement": 4, "size": "regiment"}


def soviet_morale(designation: str, kind: str) -> int:
    """3: Guards and the 78th Siberian Division; 1: militia, Reserve (R), Volunteer (V), NKVD (N)
    and the mechanized divisions (sample 107/30 "A114"); 2: every other unit."""
    unit = designation.split("/")[0]
    if "Gd" in unit or designation.endswith("/78/16"):
        return 3
    if designation in MILITIA or unit.endswith(("R", "V", "N")) or (kind == "mechanized_infantry" and soviet_size(designation, kind) == "division"):
        return 1
    return 2


def soviet_values(designation: str, kind: str) -> dict[str, Any]:
    size = soviet_size(designation, kind)
    if kind == "hq":
        return {"strength": 2, "movement": 8, "size": "army"}
    morale = soviet_morale(designation, kind)
    if kind == "tank" or size in ("battalion", "company") and kind == "tank":
        vals = {"class": "C", "morale": 2, "movement": 14}
    elif kind == "mechanized_infantry":
        vals = {"class": "A" if size == "division" else "B", "morale": morale, "movement": 14}
    elif kind == "cavalry":
        vals = {"class": "B", "morale": morale, "movement": 8}
    elif size == "division":
        vals = {"class": "A", "morale": morale, "movement": 5}
    else:
        vals = {"class": "B", "morale": morale, "movement": 6 if kind == "ski" else (4 if designation in MILITIA else 5)}
    vals["size"] = size
    return vals


def winterization(side: str, designation: str) -> str:
    """13.42: every German unit is Poor; Soviet Poor units: docs/games/ot/counters.md."""
    if side == "german":
        return "poor"
    unit = designation.split("/")[0]
    if designation in MILITIA or unit.endswith(("R", "V", "N")):
        return "poor"
    return "good"


def counter_id(side: str, designation: str, typ: str) -> str:
    """The kit id of a unit: its designation without apostrophes; the Russian AT and AA
    brigades printed with one designation get ".AT" / ".AA" (decisions.md D11)."""
    cid = designation.replace("'", "")
    return f"{cid}.{typ}" if side == "russian" and typ in ("AT", "AA") else cid


def counter_record(side: str, designation: str, typ: str, highest_in_division: bool = False) -> dict[str, Any]:
    """One counters.json record for a unit, values by the method of this module."""
    kind = TYPE_KIND[typ]
    front = german_values(designation, kind, highest_in_division) if side == "german" else soviet_values(designation, kind)
    if kind != "hq":
        front["winterization"] = winterization(side, designation)
    cid = counter_id(side, designation, typ)
    rec: dict[str, Any] = {"id": cid, "side": side, "kind": kind, "designation": designation, "faces": {"front": front}}
    if kind == "hq":
        rec["faces"]["back"] = {"strength": front["strength"], "movement": front["movement"]}
        rec["back_meaning"] = "unsupported" if side == "german" else "other"
    elif side == "german" and kind == "tank":
        pass  # 10.11: German tank battalions have no cadre side
    else:
        rec["faces"]["back"] = {"strength": 1, "movement": front["movement"]}
        rec["back_meaning"] = "cadre"
    return rec

"""The kit package: schema-valid, set-ups as printed, counter values by the documented method,
and the reconstruction validator (typhoon/games/ot/validate.py) against the text."""

from __future__ import annotations

import copy
from collections import Counter

from ot_helpers import kit

from typhoon.core.kit import validate_kit
from typhoon.games.ot import validate
from typhoon.games.ot.counter_values import counter_record
from typhoon.games.ot.setup_text import parse_setup


def test_kit_validates():
    assert validate_kit(validate.KIT_DIR) == []


def test_setups_hold_the_printed_number_of_units():
    # 18.12(1) L1357-1361, 18.22(1) L1478-1482, 18.32(1) L1585-1589
    n = Counter((p["section"], p["side"]) for p in parse_setup())
    assert n == {("C", "german"): 30, ("C", "russian"): 22, ("A", "german"): 43, ("A", "russian"): 34,
                 ("B", "german"): 63, ("B", "russian"): 47}


def test_german_tank_battalions_are_I_and_II():
    # 2.34 L221: "I" or "II" battalions; L1357 prints "I35/4P/24(T), I135/4P/24(T)"
    names = {p["designation"] for p in parse_setup() if p["side"] == "german" and p["type"] == "T"}
    assert {"I35/4P/24", "II35/4P/24", "I15/11P/46", "II15/11P/46", "I3/2P/46", "II3/2P/46"} <= names
    assert all(n.startswith(("I", "II")) for n in names)


def test_22_20_gets_a_hex_of_its_own():
    # L1589 lost the hex of 22/20(T) (decisions.md D16)
    (p,) = [p for p in parse_setup() if p["designation"] == "22/20"]
    assert (p["section"], p["hex"]) == ("B", "3728")


def test_scenario_setups_use_every_placement():
    scen = kit().scenarios
    assert len(scen["panzergruppe_guderian"]["setup"]) == 30 - 3 + 22
    assert len(scen["campaign"]["setup"]) == sum(len(scen[s]["setup"]) for s in ("panzergruppe_guderian", "hoepner_reinhardt", "von_kluge"))


def test_sample_counters_are_reproduced_by_the_method():
    # 2.33 L181-196: "19/7/7 A24", "8/3M/57 A314", "110/33 XX A25", "107/30 XX A114", "146/26 X C214"
    f = lambda side, d, t, hi=False: counter_record(side, d, t, hi)["faces"]["front"]  # noqa: E731
    assert {k: f("german", "19/7/7", "I")[k] for k in ("class", "morale", "movement")} == {"class": "A", "morale": 2, "movement": 4}
    assert {k: f("german", "8/3M/57", "M")[k] for k in ("class", "morale", "movement")} == {"class": "A", "morale": 3, "movement": 14}
    assert {k: f("russian", "110/33", "I")[k] for k in ("class", "morale", "movement")} == {"class": "A", "morale": 2, "movement": 5}
    assert {k: f("russian", "107/30", "M")[k] for k in ("class", "morale", "movement")} == {"class": "A", "morale": 1, "movement": 14}
    assert {k: f("russian", "146/26", "T")[k] for k in ("class", "morale", "movement")} == {"class": "C", "morale": 2, "movement": 14}
    assert f("german", "113/2P/46", "T") == {"strength": 1, "movement": 14, "size": "battalion", "winterization": "poor"}


def test_62_7_7_is_morale_3():
    # 8.36 L609: "62/7/7 ... is Morale Level 3"
    assert kit().counters["62/7/7"]["faces"]["front"]["morale"] == 3
    assert kit().counters["19/7/7"]["faces"]["front"]["morale"] == 2


def test_every_german_unit_is_poor_winterized():
    # 13.42
    assert all(c["faces"]["front"].get("winterization", "poor") == "poor"
               for c in kit().counters.values() if c["side"] == "german" and c["kind"] != "strength_chit")


def test_the_reconstruction_agrees_with_the_text():
    assert validate.check_kit(kit()) == []


def test_the_validator_catches_a_misplaced_place():
    k = copy.deepcopy(kit())
    for p in k.map["places"]:
        if p["name"] == "Klin":
            p["hexes"] = ["A2021"]
    assert any("Klin" in msg for msg in validate.check_places(k))


def test_the_validator_catches_a_unit_east_of_the_front():
    k = copy.deepcopy(kit())
    line = next(pl for pl in k.map["printed_lines"] if pl["id"] == "front_line")
    row_of = {k.grid.axial(h)[1]: i for i, h in enumerate(line["hexes"])}
    # move the front line of Tula's row west of the German 2411 regiments' row? use C2411's row
    r = k.grid.axial("C2411")[1]
    line["hexes"][row_of[r]] = k.grid.canonical("C2401")
    assert any("C2411" in msg and "not west" in msg for msg in validate.check_setups(k))


def test_map_meets_the_text_geometry():
    g = kit().grid
    assert g.canonical("A0101") == g.canonical("B3901")  # D20: one-hexrow overlap
    assert g.canonical("B0101") == g.canonical("C3901")
    assert g.on_map("B3531") and g.on_map("A3534") and g.on_map("C2132")
    assert not g.on_map("C0154") and g.on_map("C0254")  # 53/54-hex hexrows (12.22 L955)

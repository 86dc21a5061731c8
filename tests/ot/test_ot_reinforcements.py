"""15.0 reinforcements: 15.21/15.22 blocked Entry Areas, and the reconstructed Master
Reinforcement Schedule (15.3/15.4) against every number the scenarios give (18.16, 18.26, 18.36,
18.46, 18.5)."""

from __future__ import annotations

from ot_helpers import empty_state, kit

from typhoon.games.ot import movement
from typhoon.games.ot.actions import Move
from typhoon.games.ot.data import ot_data

# The German regiments used as blockers (any German combat units would do: 6.11 every one has a ZOC).
BLOCKERS = ["339/167/53", "315/167/53", "331/167/53", "110/112/53", "256/112/53", "258/112/53", "17/31/43", "82/31/43",
            "12/31/43", "431/131/43", "433/131/43", "432/131/43", "163/52/13", "181/52/13", "460/260/13"]


def _block(s, hexes):
    """German units on enough hexes of ``hexes`` that each is occupied or next to one (15.21)."""
    nb = s.scen.neighbours
    used = iter(BLOCKERS)
    placed: list[str] = []
    for h in hexes:
        if h not in placed and not any(p in nb[h] for p in placed):
            s.stacks.place(next(used), h)
            placed.append(h)
    return placed


def _russian_segment(rules, s, turn):
    s.turn, s.phase = turn, "russian_commitment"
    rules._enter(s, "russian_tactical", [])


def _entries(rules, s, uid):
    """The map-edge hexes through which ``uid`` may come on this segment (15.11, 15.21, 15.22)."""
    return set(movement.movement_context(s, "russian")["entry"].get(uid, ()))


def _moves(rules, s, uid):
    return {a.to for a in rules.legal_actions(s) if isinstance(a, Move) and a.unit == uid}


def test_15_22_blocked_entry_area_gives_the_adjacent_area_one_game_turn_later():
    rules, s = empty_state("18.1")
    uid = "6Gd/50"  # Master Schedule: Game-Turn 7, Entry Area 5 (Map C, east edge)
    area5, area4 = s.scen.entry_areas[5], s.scen.entry_areas[4]
    assert s.off_map[uid] == "reinforcement"
    _block(s, area5)
    _russian_segment(rules, s, 7)
    # 15.21: no hex of its own area may be entered; 15.22: the adjacent area only after a delay
    assert _entries(rules, s, uid) == set() and _moves(rules, s, uid) == set()
    assert s.diverted == {uid: 7}
    _russian_segment(rules, s, 8)
    got = _entries(rules, s, uid)
    assert got and not got & set(area5)
    assert got <= set(area4)  # through Entry Area 4 (the only adjacent area on Map C), free hexes only
    assert _moves(rules, s, uid)


def test_15_21_open_entry_area_is_entered_on_its_game_turn_and_only_there():
    rules, s = empty_state("18.1")
    uid = "6Gd/50"
    _russian_segment(rules, s, 6)
    assert _entries(rules, s, uid) == set() and _moves(rules, s, uid) == set()  # not yet due
    _russian_segment(rules, s, 7)
    got = _entries(rules, s, uid)
    assert got == set(s.scen.entry_areas[5]) and not s.diverted  # every hex of its area, no other
    assert _moves(rules, s, uid)


# -- 15.3 / 15.4 Master Reinforcement Schedule (reconstruction) ----------------------------------
AREAS = {  # the Entry Areas the text gives each scenario (18.16 L1389-1390, 18.26 L1510-1511, 18.36 L1622-1624)
    "18.1": {"german": {1, 2}, "russian": {2, 3, 4, 5}},
    "18.2": {"german": {13, 14}, "russian": {8, 9, 10, 11}},
    "18.3": {"german": {15}, "russian": {7, "moscow"}},
}
MOSCOW = "moscow"


def _master(scen):
    return [r for r in scen.reinforcements if r.get("cite", "").startswith("15.3/15.4")]


def _area(scen, r):
    if r["area"] is not None:
        return r["area"]
    moscow = set(next(p for p in scen.data.places if p["name"] == "Moscow")["hexes"])
    assert set(r["hexes"]) <= moscow  # 18.36(b): "for entry directly in any Moscow hex"
    return MOSCOW


def test_master_schedule_is_marked_as_a_reconstruction():
    doc = kit().turns_doc
    assert doc["reinforcements"] and all(r["provenance"]["kind"] == "reconstruction" for r in doc["reinforcements"])
    assert any("RECONSTRUCTION" in n for n in doc["notes"])


def test_single_map_scenarios_take_exactly_the_entry_areas_the_text_names():
    d = ot_data()
    for key, areas in AREAS.items():
        scen = d.scenario(key)
        got = {"german": set(), "russian": set()}
        for r in _master(scen):
            assert 1 <= r["turn"] <= 16  # "Between Game-Turns One and Sixteen"
            got[r["side"]].add(_area(scen, r))
            assert r["hexes"], f"{key}: an entry with no hex on the scenario's map"
        # only the named areas, and every named area has arrivals (the clause is never empty)
        assert got == areas, key


def test_campaign_takes_the_whole_schedule_to_turn_16_and_the_extension_to_turn_31():
    d = ot_data()
    whole = [r for r in kit().turns_doc["reinforcements"]]
    camp, ext = _master(d.scenario("18.4")), _master(d.scenario("18.5"))
    # 18.46: "exactly as listed on the Master Reinforcement Schedule ... between Game-Turns One and Sixteen"
    assert sorted(u for r in camp for u in r["counters"]) == sorted(u for r in whole if r["turn"] <= 16 for u in r["counters"])
    # 18.5: reinforcements for Game-Turns 17 through 31 "in the same manner"
    assert sorted(u for r in ext for u in r["counters"]) == sorted(u for r in whole for u in r["counters"])
    assert max(r["turn"] for r in whole) <= 31 and any(r["turn"] > 16 for r in whole)
    # 18.46 names no scenario-only reinforcement: those of 18.16(b) stay out of the campaign
    assert not any(r.get("cite", "").startswith("18.16") for r in d.scenario("18.4").reinforcements)
    # the single-map scenarios' entries are the campaign's, on the same turns
    camp_turn = {u: r["turn"] for r in camp for u in r["counters"]}
    for key in AREAS:
        for r in _master(d.scenario(key)):
            assert all(camp_turn[u] == r["turn"] for u in r["counters"])


def test_campaign_reinforcements_start_off_map_and_enter_on_their_turn():
    rules, s = empty_state("18.4")
    assert s.off_map["47/2PzA"] == "reinforcement"  # Master Schedule: Game-Turn 2, Entry Area 2
    s.turn = 2
    got = {a.to for a in rules.legal_actions(s) if isinstance(a, Move) and a.unit == "47/2PzA"}
    assert got and got & set(s.scen.entry_areas[2])

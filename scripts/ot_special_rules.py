"""The special rules of Operation Typhoon's scenarios (18.1-18.5) as kit parameters: text, not
reconstruction, so both the owner's skeleton (scripts/make_kit_skeletons.py) and the
reconstruction (scripts/ot_build_kit.py) carry them."""

from __future__ import annotations

# The special rules of each scenario as parameters (read by typhoon/games/ot/data.py Scenario and
# the rules; typhoon/games/ot/kitcheck.py SPECIAL_PARAMETERS refuses a kit without them).
#   support_armies: the armies rolling for support (18.15(a), 18.25(a), 18.35(a), 18.45)
#   uncommitted_armies: Russian armies uncommitted at the start (18.17, 18.27, 18.37, 18.47)
#   german_out_of_supply: [{turns: [first, last], armies | corps | scenario_units}] (18.18(a), 18.28(a), 18.38(a), 18.48)
#   russian_always_in_supply: Russian armies always In Supply (18.28(c))
#   russian_move_limits: [{turns, armies?, closed: "west_of_front_line" | "south_of_hexrow", section, hexrow}] (18.18(b), (d))
#   closed_hexrows: hexrows no unit may enter ("A01": Map A hexrow 0100) but by entering the map there (18.28(b), 18.38(b))
#   subordination: corps -> corps (18.18(c), 18.38(c))
#   withdrawal: 18.38(d) rolls removing an uncommitted unit of an army from a Game-Turn on
_SUP_2PZA = {"turns": [1, 3], "armies": ["2PzA"], "cite": "18.18(a)"}
_SUP_18_2 = {"turns": [1, 1], "corps": ["9", "40", "46", "5"], "cite": "18.28(a)"}
_LIMIT_49 = {"turns": [1, 3], "armies": ["49"], "closed": "south_of_hexrow", "section": "C", "hexrow": 17, "cite": "18.18(b)"}
_CAMPAIGN_RULES = {
    "free_setup": None,  # filled below (the three maps' rules)
    "support_armies": {"value": ["2PzA", "3PzA", "4PzA", "4A"], "cite": "18.45 / 11.1: all four armies, ten Support Points"},
    "uncommitted_armies": {"value": ["1Sh", "20"], "cite": "18.47"},
    "commitment_modifier": {"value": 0, "cite": "18.47 (16.2 exactly)"},
    "german_out_of_supply": {"value": [_SUP_2PZA, _SUP_18_2, {"turns": [1, 1], "scenario_units": "von_kluge", "cite": "18.38(a), D24"}],
                             "cite": "18.48: 18.18(a), 18.28(a), 18.38(a) (D24: the Map B German units)"},
    "russian_always_in_supply": {"value": [], "cite": "18.48 (18.28(c) not listed)"},
    "russian_move_limits": {"value": [_LIMIT_49], "cite": "18.48: 18.18(b)"},
    "closed_hexrows": {"value": [], "cite": "18.48 (18.28(b), 18.38(b) not listed)"},
    "subordination": {"value": {}, "cite": "18.48 (18.18(c), 18.38(c) not listed; D25)"},
    "withdrawal": {"value": None, "cite": "18.48 (18.38(d) not listed)"},
    "victory_points_recorded": {"value": True, "cite": "16.1 / 18.49"},
}
#   free_setup: 18.12(2), 18.22(2), 18.32(2), 18.42(2): the German anywhere west of the front line (exclusive); the
#     Russian armies each in hexrows of a section (inclusive bounds, D21), east of the front line (exclusive); "fixed" units stay
_FREE_18_1 = [{"armies": ["50"], "section": "C", "rows": [1, 16], "cite": "18.12(2): south of hexrow 1700"},
              {"armies": ["49"], "section": "C", "rows": [17, 39], "cite": "18.12(2): north of hexrow 1600"}]
_FREE_18_2 = [{"armies": ["30"], "section": "A", "rows": [21, 39], "cite": "18.22(2): north of hexrow 2100 (inclusive)"},
              {"armies": ["16"], "section": "A", "rows": [1, 21], "cite": "18.22(2): south of hexrow 2100 (inclusive)"}]
_FREE_18_3 = [{"armies": ["43"], "section": "B", "rows": [2, 19], "cite": "18.32(2): hexrows 0200-1900 (inclusive)"},
              {"armies": ["33"], "section": "B", "rows": [20, 27], "cite": "18.32(2): hexrows 2000-2700 (inclusive)"},
              {"armies": ["5"], "section": "B", "rows": [28, 39], "cite": "18.32(2): north of hexrow 2700 (exclusive)"}]
_FIXED_18_1 = ["Vnev/50", "Tula/49"]  # 18.12(2): Venev (2132), Tula (1820)
_CAMPAIGN_RULES_FREE = {"value": {"russian": _FREE_18_1 + _FREE_18_2 + _FREE_18_3, "fixed": _FIXED_18_1},
                        "cite": "18.42(2): the German anywhere west of the front line; the Russian as 18.12(2), 18.22(2), 18.32(2)"}
_CAMPAIGN_RULES["free_setup"] = _CAMPAIGN_RULES_FREE
SPECIAL_RULES = {
    "panzergruppe_guderian": {
        "free_setup": {"value": {"russian": _FREE_18_1, "fixed": _FIXED_18_1}, "cite": "18.12(2)"},
        "support_armies": {"value": ["2PzA"], "cite": "18.15(a),(b)"},
        "uncommitted_armies": {"value": [], "cite": "18.17"},
        "commitment_modifier": {"value": 0, "cite": "18.17"},
        "german_out_of_supply": {"value": [_SUP_2PZA], "cite": "18.18(a)"},
        "russian_always_in_supply": {"value": [], "cite": "18.18"},
        "russian_move_limits": {"value": [_LIMIT_49, {"turns": [1, 3], "closed": "west_of_front_line", "cite": "18.18(d)"}],
                                "cite": "18.18(b), (d)"},
        "closed_hexrows": {"value": [], "cite": "18.18"},
        "subordination": {"value": {"13": "43"}, "cite": "18.18(c)"},
        "withdrawal": {"value": None, "cite": "18.18"},
    },
    "hoepner_reinhardt": {
        "free_setup": {"value": {"russian": _FREE_18_2, "fixed": []}, "cite": "18.22(2) (1st Shock Army: its historical hexes)"},
        "support_armies": {"value": ["3PzA", "4PzA"], "cite": "18.25(a),(b); D22"},
        "uncommitted_armies": {"value": ["1Sh"], "cite": "18.27"},
        "german_out_of_supply": {"value": [_SUP_18_2], "cite": "18.28(a)"},
        "russian_always_in_supply": {"value": ["20"], "cite": "18.28(c)"},
        "russian_move_limits": {"value": [], "cite": "18.28"},
        "closed_hexrows": {"value": ["A01"], "cite": "18.28(b) (the 18.26(b) entry hexes and the 18.29 exits excepted)"},
        "subordination": {"value": {}, "cite": "18.28"},
        "withdrawal": {"value": None, "cite": "18.28"},
        "victory_points_recorded": {"value": True, "cite": "18.27"},
    },
    "von_kluge": {
        "free_setup": {"value": {"russian": _FREE_18_3, "fixed": []}, "cite": "18.32(2) (20th Army: its historical hexes)"},
        "support_armies": {"value": ["4PzA", "4A"], "cite": "18.35(a)"},
        "uncommitted_armies": {"value": ["20"], "cite": "18.37"},
        "german_out_of_supply": {"value": [{"turns": [1, 1], "scenario_units": "von_kluge", "cite": "18.38(a)"}], "cite": "18.38(a)"},
        "russian_always_in_supply": {"value": [], "cite": "18.38"},
        "russian_move_limits": {"value": [], "cite": "18.38"},
        "closed_hexrows": {"value": ["B01"], "cite": "18.38(b)"},
        "subordination": {"value": {"9": "7"}, "cite": "18.38(c)"},
        "withdrawal": {"value": {"from_turn": 5, "army": "20", "die": [1, 2]}, "cite": "18.38(d)"},
        "victory_points_recorded": {"value": True, "cite": "18.37"},
    },
    "campaign": _CAMPAIGN_RULES,
    "extended_campaign": _CAMPAIGN_RULES,
}

"""CRT and TEC of the kit against the rules text (003 L2163-2230), and the reconstructed tables
against the text's data points (11.23 L903, 16.24 L1234)."""

from __future__ import annotations

import pytest
from ot_helpers import kit

# 9.89 L2169-2184, typed from the text: dice 2, 7 and 12 rows; "*" = bold (Breakthrough).
ROW_2 = "A2(3) D1(1) A2(3) A2(2) D2(1) A2(2) A1(2) A1(2) A1(1) D3(2) A1 D4(3) D4(3)*".split()
ROW_7 = "A3(3) A2(3) A2(2) A1(2) A2(1) A1(1) A1(1) D1(1) D1(1) D1(1) D1(1) D1(1) D1(1)".split()
ROW_12 = "D1 D1 A2(3) A2(2) D2(2) A1(1) D2(2)* D2(2)* D3(2)* D3(2)* D3(3)* D3(3)* D4(3)*".split()
# bold cells of L2173-2184, (dice, column 1-13)
BOLD = {(2, 13), (3, 8), (3, 11), (3, 12), (3, 13), (4, 9), (4, 10), (4, 11), (4, 12), (5, 12), (5, 13), (6, 13),
        (11, 10), (11, 11), (11, 12), (11, 13), (12, 7), (12, 8), (12, 9), (12, 10), (12, 11), (12, 12), (12, 13)}


def crt():
    return kit().table("crt")


def test_crt_is_2d6_with_13_columns():
    t = crt()
    assert t["dice"] == "2d6"
    assert sorted(int(k) for k in t["rows"]) == list(range(2, 13))
    assert all(len(r) == 13 for r in t["rows"].values())


@pytest.mark.parametrize("roll,row", [(2, ROW_2), (7, ROW_7), (12, ROW_12)])
def test_crt_rows_as_printed(roll, row):
    assert crt()["rows"][str(roll)] == row


def test_crt_breakthroughs_are_the_bold_cells():
    bold = {(int(k), i + 1) for k, r in crt()["rows"].items() for i, c in enumerate(r) if c.endswith("*")}
    assert bold == BOLD


def test_crt_terrain_lines_shift_by_one_column():
    # L2167-2169: City/Rough 1-3 .. 11-1+, Woods/Town 1-4 .. 10-1+, Clear 1-5 .. 9-1+
    sets = crt()["column_sets"]
    assert sets["city_rough"][0] == "1-3" and sets["city_rough"][-1] == "11-1+"
    assert sets["woods_town"][0] == "1-4" and sets["woods_town"][-1] == "10-1+"
    assert sets["clear"][0] == "1-5" and sets["clear"][-1] == "9-1+"
    # the same odds sit one column further right on each less defensive line
    assert sets["woods_town"].index("2-1") == sets["city_rough"].index("2-1") + 1
    assert sets["clear"].index("2-1") == sets["woods_town"].index("2-1") + 1


def test_tec_movement_costs_as_printed():
    # 5.73 L2217-2227
    tec = kit().table("tec")
    mv = tec["movement"]
    assert mv["clear"] == {"non_mech": 1, "mech": 2, "mech_freeze": 1}
    assert mv["woods"] == {"non_mech": 1, "mech": 5, "mech_freeze": 3}
    assert mv["rough"] == {"non_mech": 2, "mech": 7, "mech_freeze": 5}
    assert mv["city"] == 1 and mv["town"] == 1 and mv["lake"] == "P"
    assert tec["hexside_movement"]["stream"] == {"non_mech": 1, "mech": 2}
    assert tec["hexside_movement"]["river"] == {"non_mech": 2, "mech": "P"}
    assert tec["line_movement"]["road"] == {"non_mech": 1, "mech": 2, "mech_freeze": 1}
    assert tec["combat_lines"] == {"city": "city_rough", "rough": "city_rough", "woods": "woods_town",
                                   "town": "woods_town", "clear": "clear"}


def test_support_table_reproduces_the_text_example():
    # 11.23 L903: 4 Support Points, die 5 -> 3 corps HQs in support
    t = kit().table("support")
    assert t["rows"]["5"][t["columns"].index("4")] == 3
    assert all(r[0] == 0 for r in t["rows"].values())  # no Support Points, no corps in support


def test_commitment_table_reproduces_the_text_example():
    # 16.24 L1234: 9 VP, die 4 -> 1 unit committed
    t = kit().table("commitment")
    assert t["rows"]["4"][t["columns"].index("0-9")] == 1


def test_weather_and_ground_tables_cover_every_state():
    assert set(kit().table("weather")["rows"].values()) == {"clear", "overcast", "precipitation"}  # 13.12
    assert set(kit().table("ground")["rows"].values()) == {"warm", "normal", "ground_freeze", "stream_freeze", "river_freeze"}  # 13.22


def test_reconstructed_tables_say_so():
    for tid in ("weather", "ground", "support", "commitment"):
        assert kit().table(tid)["provenance"]["kind"] == "reconstruction"

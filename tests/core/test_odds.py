"""Odds columns, die-roll modifiers and CRTs: every expectation counted by hand."""

import json
from fractions import Fraction as F
from pathlib import Path

import pytest

from typhoon.core.errors import ParseError
from typhoon.core.odds import (
    CombatTable,
    Modifier,
    clamp,
    dice_faces,
    parse_ratio,
    ratio_column,
    total_modifier,
)

LOW = ["1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1"]
THIRDS = ["1:3", "1:2", "1:1", "2:1", "3:1"]


def test_two_dice_totals():
    faces = dict(dice_faces("2d6"))
    assert faces[7] == F(6, 36) and faces[2] == F(1, 36) and faces[12] == F(1, 36) and faces[9] == F(4, 36)
    assert sorted(faces) == list(range(2, 13)) and sum(faces.values()) == 1


def test_one_die_and_bad_specs():
    assert dice_faces("1d6") == tuple((i, F(1, 6)) for i in range(1, 7))
    assert dice_faces("d10")[0] == (1, F(1, 10))
    with pytest.raises(ParseError, match="2x6"):
        dice_faces("2x6")


@pytest.mark.parametrize(
    "attack, defence, labels, expect",
    [
        (5, 2, LOW, 2),  # 2.5 rounds down to 2:1
        (5, 3, LOW, 1),  # 1.67 -> 1:1
        (3, 6, LOW, 0),  # exactly 1:2
        (2, 5, LOW, -1),  # 0.4 is below 1:2
        (2, 5, THIRDS, 0),  # 0.4 reaches 1:3 but not 1:2
        (1, 4, THIRDS, -1),
        (30, 4, LOW, 6),  # 7.5 uses the last column
        (F(25, 2), 4, LOW, 3),  # 12.5 vs 4: 3:1
        (7, 0, LOW, None),
    ],
)
def test_ratio_column(attack, defence, labels, expect):
    assert ratio_column(attack, defence, labels) == expect


def test_ratio_labels_are_checked():
    assert parse_ratio("1:3") == F(1, 3) and parse_ratio("7:1+") == 7
    with pytest.raises(ParseError, match="'3-1'"):
        ratio_column(1, 1, ["1:1", "3-1"])
    with pytest.raises(ParseError, match="increasing"):
        ratio_column(1, 1, ["2:1", "1:1"])


def test_clamp():
    assert (clamp(-2, 6), clamp(0, 6), clamp(3, 6), clamp(5, 6), clamp(9, 6)) == (0, 0, 3, 5, 5)


def test_modifiers_name_their_reason():
    mods = [Modifier(1, "armour", "OT 9.4"), Modifier(-2, "city")]
    assert [str(m) for m in mods] == ["+1 armour (OT 9.4)", "-2 city"]
    assert total_modifier(mods) == -1


def table_2d6(**extra):
    # one column: 2-6 AR, 7-9 EX, 10-12 DR
    return CombatTable.from_json({"dice": "2d6", "columns": ["1:1"], "rows": {"2-6": ["AR"], "7-9": ["EX"], "10-12": ["DR"]}, **extra})


def test_2d6_distribution_unmodified():
    # AR: 1+2+3+4+5 ways; EX: 6+5+4; DR: 3+2+1
    assert table_2d6().distribution(0) == {"AR": F(15, 36), "EX": F(15, 36), "DR": F(6, 36)}


def test_2d6_distribution_with_a_drm_clamps_at_the_top():
    t = table_2d6()
    # +2: AR needs a roll <= 4 (1+2+3), EX 5..7 (4+5+6), DR >= 8 (5+4+3+2+1); 11, 12 clamp to row 12
    assert t.distribution(0, drm=2) == {"AR": F(6, 36), "EX": F(15, 36), "DR": F(15, 36)}
    assert t.result(0, 12, drm=2) == "DR" and t.result(0, 2, drm=-3) == "AR"
    assert t.result(0, 5, 2) == "EX"


def test_explicit_row_limits_clamp_modified_rolls():
    t = CombatTable.from_json(
        {"dice": "1d6", "columns": ["1:1"], "row_min": 0, "row_max": 7,
         "rows": {"0": ["A"], "1-2": ["B"], "3-5": ["C"], "6": ["D"], "7": ["E"]}}
    )
    assert t.result(0, 1, -3) == "A"  # -2 reads row 0
    assert t.result(0, 6, 4) == "E"  # 10 reads row 7
    assert t.distribution(0, drm=-1) == {"A": F(1, 6), "B": F(2, 6), "C": F(3, 6)}
    assert t.distribution(0, drm=1) == {"B": F(1, 6), "C": F(3, 6), "D": F(1, 6), "E": F(1, 6)}


def test_automatic_results_at_or_above_a_column():
    t = CombatTable.from_json(
        {"dice": "1d6", "columns": ["1:1", "2:1", "3:1"], "rows": {str(d): ["NE", "DR", "DR"] for d in range(1, 7)},
         "automatic": [{"at_or_above": "3:1", "result": "DE"}]}
    )
    assert t.result(2, 1) == "DE" and t.result(1, 1) == "DR"
    assert t.distribution(2) == {"DE": F(1)} and t.distribution(1, drm=5) == {"DR": F(1)}


def test_table_data_errors_are_named():
    with pytest.raises(ParseError, match="rolls \\[1\\]"):  # rows 2..12 without "dice": read as 1d6
        CombatTable.from_json({"columns": ["1:1"], "rows": {str(d): ["NE"] for d in range(2, 13)}})
    with pytest.raises(ParseError, match="'9:1'"):
        table_2d6(automatic=[{"at_or_above": "9:1", "result": "DE"}])
    with pytest.raises(ParseError, match="\\[8\\]"):
        CombatTable.from_json({"dice": "2d6", "columns": ["1:1"], "rows": {"2-7": ["A"], "9-12": ["B"]}})


def test_bfm_table_reads_as_before():
    data = next(t for t in json.loads((Path(__file__).parents[2] / "typhoon/games/bfm/kit/tables.json").read_text())["tables"] if t["id"] == "crt")
    t = CombatTable.from_json(data)
    assert t.faces == tuple((d, F(1, 6)) for d in range(1, 7))
    # 1:1 column of the chart: DR, EX, EX, NE, NE, AL
    assert t.distribution(0) == {"DR": F(1, 6), "EX": F(2, 6), "NE": F(2, 6), "AL": F(1, 6)}
    assert [t.result(5, d) for d in range(1, 7)] == ["DRL", "DRL", "DE", "DE", "DE", "DE"]


def test_a_replaced_table_does_not_share_cached_distributions():
    from dataclasses import replace

    t = table_2d6()
    assert t.distribution(0)["DR"] == F(6, 36)
    flipped = replace(t, rows={k: ("AR" if v == ("DR",) else v[0],) for k, v in t.rows.items()})
    assert "DR" not in flipped.distribution(0) and flipped.distribution(0)["AR"] == F(21, 36)

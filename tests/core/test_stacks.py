"""Stacks, stacking limits and steps."""

import pytest

from typhoon.core.errors import IllegalActionError
from typhoon.core.stacks import StackLimit, Stacks, Steps


def test_placing_order_is_kept_and_moving_goes_on_top():
    s = Stacks()
    s.place("a", "0101")
    s.place("b", "0101")
    s.place("c", "0202")
    assert s.at("0101") == ("a", "b") and s.at("0303") == ()
    assert s.move("a", "0202") == "0101"
    assert s.at("0202") == ("c", "a") and s.at("0101") == ("b",)
    assert s.hex_of == {"b": "0101", "c": "0202", "a": "0202"}
    assert s.remove("b") == "0101"
    assert s.hexes() == ("0202",) and "b" not in s and "a" in s
    assert set(s.units()) == {"a", "c"}


def test_copy_is_independent():
    s = Stacks({"a": "0101"})
    t = s.copy()
    t.move("a", "0102")
    assert s.at("0101") == ("a",) and t.at("0102") == ("a",) and s != t


def test_misuse_is_named():
    s = Stacks({"a": "0101"})
    with pytest.raises(IllegalActionError, match="a is already in 0101"):
        s.place("a", "0102")
    with pytest.raises(IllegalActionError, match="zz is not on the map"):
        s.remove("zz")


def test_unit_limit_with_exempt_units():
    s = Stacks({"i1": "0101", "i2": "0101", "hq": "0101", "i3": "0101"})
    limit = StackLimit(max_units=3, exempt=lambda u: u == "hq")
    assert not limit.over(s, "0101")  # 3 counted, the HQ is free
    s.place("i4", "0101")
    assert limit.over(s, "0101") and limit.overstacked(s) == ["0101"]
    assert StackLimit(max_units=4).overstacked(s, ["0101", "0202"]) == ["0101"]  # 5 units


def test_point_limit_and_fits():
    pts = {"arm": 2, "arm2": 2, "inf": 1, "art": 1}
    limit = StackLimit(max_points=4, points=pts.__getitem__)
    s = Stacks({"arm": "0101", "inf": "0101"})
    assert limit.load(s.at("0101")) == (2, 3)
    assert limit.fits(s, "0101", ["art"])  # 3 + 1 = 4
    assert not limit.fits(s, "0101", ["arm2"])  # 3 + 2 = 5
    assert limit.fits(s, "0101", ["arm"])  # already there: counted once
    s.place("arm2", "0101")
    assert limit.over(s, "0101")  # 2 + 1 + 2 = 5
    assert not StackLimit(max_points=5, points=pts.__getitem__).over(s, "0101")


def test_steps():
    st = Steps({"a": 3, "b": 1})
    assert st.lose("a") == 2 and st.lose("a", 5) == 0 and st["a"] == 0
    c = st.copy()
    assert c.lose("b") == 0 and st["b"] == 1
    assert st.gain("b", 3, maximum=2) == 2
    with pytest.raises(IllegalActionError, match="zz"):
        st.lose("zz")

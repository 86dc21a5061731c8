"""Issue 15 (play that feels finished): the defects of its "Browser" list that had no test of
their own (the others are in test_polish.py). Expected values come from the issue text and the
game's data, never from the page itself."""

from __future__ import annotations

import re

import pytest

from typhoon.games.bfm.data import bfm_data

from .bfmui import end_phase, wait_loaded, wait_state


pytestmark = pytest.mark.browser


def test_phone_counter_values_are_readable(phone, api, server):
    # the issue: on a phone counters were 19 px with 5 px numbers
    page = phone
    created = api.post("/api/games", {"mode": "hotseat", "options": {"edition": "2009"}, "seed": 11})
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    page.wait_for_timeout(300)
    values = page.locator("svg.map .counter .counter-sm")
    on_map = [u for u in page.locator("svg.map .counter").all()]
    assert values.count() == len(on_map) > 20
    heights = [b["height"] for b in (v.bounding_box() for v in values.all()) if b]
    assert min(heights) >= 8, f"counter values {min(heights)} px high on a phone"
    widths = [c.bounding_box()["width"] for c in on_map]
    assert min(widths) >= 28


def ordinal(n: int) -> str:
    """1st 2nd 3rd 4th ... 11th 12th 13th ... 21st 22nd 23rd ... 32nd."""
    if n % 100 in (11, 12, 13):
        return f"{n}th"
    return f"{n}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th') }"


def test_unit_names_in_the_page_use_english_ordinals(page, api, server):
    # "32th Army": every unit's name shown is the counter's printed name (counters.json)
    created = api.post("/api/games", {"mode": "hotseat", "options": {"edition": "2009"}, "seed": 3})
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    units = bfm_data("2009").units
    checked = []
    for unit in ("32A", "33A", "43A", "3A", "1S", "13A"):
        if page.locator(f'svg.map [data-unit="{unit}"]').count() == 0:
            continue  # in the pool at the start
        page.locator(f'svg.map [data-unit="{unit}"]').click()
        info = page.locator('[data-testid="unit-info"]').inner_text()
        assert units[unit].name in info, (unit, info)
        for number, suffix in re.findall(r"\b(\d+)(st|nd|rd|th)\b", info):
            assert f"{number}{suffix}" == ordinal(int(number)), info
        checked.append(unit)
    assert "32A" in checked and len(checked) >= 4


def test_the_log_and_the_phases_say_soviet_never_russian(page, api, server):
    # the issue: the log mixed "Russian" and "Soviet"; the 2009 rules print "Russian" in phase names
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('typhoon.playback', 'off')")
    created = api.post("/api/games", {"mode": "ai", "human_side": "german", "ai": "heuristic",
                                      "options": {"edition": "2009"}, "seed": 8})
    page.goto(server + created["links"]["german"])
    wait_loaded(page)
    end_phase(page)
    wait_state(page, you_act=True, phase="german_movement")
    end_phase(page)
    wait_state(page, you_act=True, turn=2, timeout=60_000)
    log = page.locator('[data-testid="log-list"]').inner_text()
    phases = " ".join(page.locator("li.phase").all_inner_texts())
    titles = " ".join(t or "" for t in (li.get_attribute("title") for li in page.locator("li.phase").all()))
    summary = page.locator('[data-testid="turn-summary"]').inner_text()
    for where, text in (("log", log), ("phase strip", phases + titles), ("turn summary", summary)):
        assert "Russian" not in text, f"the {where} says Russian: {text[:400]}"
    assert "Soviet" in log + summary

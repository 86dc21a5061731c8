"""A move that names its path in the browser: Shift-click the hexes to pass through, then click
the destination (000 10.0, docs/decisions.md decision 8)."""

from __future__ import annotations

import pytest

from .bfmui import act, click_hex, click_unit, wait_loaded

pytestmark = pytest.mark.browser


def test_shift_click_names_the_hexes_a_move_passes_through(page, api, server, shot):
    created = api.post("/api/games", {"mode": "hotseat", "options": {"edition": "2009"}, "seed": 4})
    gid, seat = created["id"], created["seats"]["both"]
    v = api.view(gid, seat)
    api.post(f"/api/games/{gid}/actions", {"seat": seat, "action": "end", "version": v["version"]})  # to the movement phase
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    # XXXIV in 0106 to 0102, through 0105 (the path the player names, not the engine's choice)
    click_unit(page, "XXXIV")
    page.wait_for_selector('svg.map [data-hl="0102"].dest')
    page.locator('svg.map polygon.hex[data-hex="0105"]').click(modifiers=["Shift"])
    page.wait_for_selector('svg.map [data-hl="0105"].via')
    shot(page, "waypoint_chosen")
    act(page, lambda: click_hex(page, "0102"))
    page.wait_for_selector('svg.map [data-unit="XXXIV"][data-hex="0102"]')
    log = [e["action"] for e in api.view(gid, seat)["log"]]
    assert log[-1] == "move XXXIV 0102 via 0105"

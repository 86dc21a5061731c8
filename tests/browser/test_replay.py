"""Stepping through a game move by move in the replay page."""

from __future__ import annotations

import pytest

from .bfmui import unit_hex

pytestmark = pytest.mark.browser


def test_replay_steps_through_the_game(page, api, server, shot):
    created = api.post("/api/games", {"mode": "hotseat", "options": {"edition": "2009"}, "seed": 4})
    gid, seat = created["id"], created["seats"]["both"]
    v = api.view(gid, seat)
    for a in ["end"]:
        v = api.post(f"/api/games/{gid}/actions", {"seat": seat, "action": a, "version": v["version"]})
    occupied = {u["hex"] for u in v["units"]}
    move = next(a for a in v["legal"] if a.startswith("move ") and a.split()[2] not in occupied)
    _, unit, dest = move.split()
    start_hex = v["position"]["units"][unit]["hex"]
    v = api.post(f"/api/games/{gid}/actions", {"seat": seat, "action": move, "version": v["version"]})
    total = v["version"]

    page.goto(f"{server}/play/{gid}?replay=1")
    counter = page.locator('[data-testid="replay-ply"]')
    page.wait_for_function(f"document.querySelector('[data-testid=replay-ply]')?.textContent === '0 / {total}'")
    page.wait_for_selector("svg.map .counter")
    assert unit_hex(page, unit) == start_hex
    page.click('[data-testid="replay-last"]')
    page.wait_for_function(f"document.querySelector('[data-testid=replay-ply]')?.textContent === '{total} / {total}'")
    page.wait_for_selector(f'svg.map [data-unit="{unit}"][data-hex="{dest}"]')
    assert move in page.locator('[data-testid="replay-info"]').inner_text()
    shot(page, "17_replay_last")
    page.click('[data-testid="replay-prev"]')
    page.wait_for_selector(f'svg.map [data-unit="{unit}"][data-hex="{start_hex}"]')
    assert counter.inner_text() == f"{total - 1} / {total}"
    page.click('[data-testid="replay-first"]')
    page.wait_for_function("document.querySelector('[data-testid=replay-ply]')?.textContent?.startsWith('0 /')")
    page.click('[data-testid="replay-next"]')
    page.wait_for_function("document.querySelector('[data-testid=replay-ply]')?.textContent?.startsWith('1 /')")
    # the slider moves to any ply
    page.locator('[data-testid="replay-slider"]').fill(str(total))
    page.wait_for_selector(f'svg.map [data-unit="{unit}"][data-hex="{dest}"]')
    assert "ply=" in page.url

"""Two browsers play one network game against each other while a third one watches live."""

from __future__ import annotations

import pytest

from .bfmui import end_phase, ids_from_url, move_by_clicks, unit_hex, wait_loaded, wait_state

pytestmark = pytest.mark.browser


def free_move(v: dict, side_units: set[str]) -> tuple[str, str]:
    occupied = {u["hex"] for u in v["units"]}
    for a in v["legal"]:
        if a.startswith("move "):
            _, u, h = a.split()
            if h not in occupied and u in side_units:
                return u, h
    raise AssertionError(f"no free move in {v['legal'][:10]}")


def test_two_seats_and_a_spectator(browser, api, server, shot):
    contexts = [browser.new_context(viewport={"width": 1280, "height": 800}) for _ in range(3)]
    try:
        host = contexts[0].new_page()
        host.goto(server + "/")
        host.check("input[name=mode][value=network]")
        host.fill("input[name=title]", "browser: network game")
        host.fill("input[name=seed]", "31")
        host.click('[data-testid="create"]')
        host.locator('[data-testid="links"]').wait_for()
        links = {k: host.locator(f'input[data-link="{k}"]').input_value() for k in ("german", "soviet", "spectator")}
        assert "seat=" in links["german"] and "seat=" in links["soviet"] and "seat=" not in links["spectator"]
        assert links["german"] != links["soviet"]
        shot(host, "13_network_links")
        gid, gseat = ids_from_url(links["german"])
        _, sseat = ids_from_url(links["soviet"])

        german = host
        german.goto(links["german"])
        soviet = contexts[1].new_page()
        soviet.goto(links["soviet"])
        watcher = contexts[2].new_page()
        watcher.goto(links["spectator"])
        for p in (german, soviet, watcher):
            wait_loaded(p)
        assert watcher.locator('[data-testid="seat"]').inner_text() == "Spectating"
        assert soviet.locator('[data-testid="seat"]').inner_text() == "You: Soviet"
        wait_state(german, you_act=True, phase="german_combat")
        wait_state(soviet, you_act=False)
        # nobody but the German may act now: the Soviet page offers no action
        assert soviet.locator('[data-testid="end-phase"]').is_disabled()
        assert watcher.locator('[data-testid="end-phase"]').is_hidden()
        assert watcher.locator('.legal-btn').count() == 0

        # German: skip combat, move a unit; both other browsers see it without reloading
        end_phase(german)
        wait_state(watcher, phase="german_movement")
        wait_state(soviet, phase="german_movement")
        v = api.view(gid, gseat)
        units = {u["id"] for u in v["units"] if u["side"] == "german"}
        unit, dest = free_move(v, units)
        move_by_clicks(german, unit, dest)
        for p in (watcher, soviet):
            p.wait_for_selector(f'svg.map [data-unit="{unit}"][data-hex="{dest}"]')
        shot(watcher, "14_spectator_sees_german_move")
        end_phase(german)

        # Soviet: its turn now on the Soviet page; end phases until a move is possible
        wait_state(soviet, you_act=True)
        wait_state(german, you_act=False)
        for _ in range(6):
            v = api.view(gid, sseat)
            if any(a.startswith("move ") for a in v["legal"]):
                break
            assert "end" in v["legal"], v["legal"]
            end_phase(soviet)
            wait_state(soviet, you_act=True)
        sunits = {u["id"] for u in v["units"] if u["side"] == "soviet"}
        sunit, sdest = free_move(v, sunits)
        move_by_clicks(soviet, sunit, sdest)
        for p in (watcher, german):
            p.wait_for_selector(f'svg.map [data-unit="{sunit}"][data-hex="{sdest}"]')
        assert unit_hex(watcher, sunit) == sdest
        # the spectator's log lists the same actions as the server's
        log = api.view(gid)["log"]
        watcher.wait_for_function(f"document.querySelectorAll('[data-testid=log-list] li').length === {len(log)}")
        assert f"move {sunit} {sdest}" in watcher.locator('[data-testid="log-list"]').inner_text()
        shot(watcher, "15_spectator_sees_soviet_move")
        shot(german, "16_german_waiting")
    finally:
        for c in contexts:
            c.close()

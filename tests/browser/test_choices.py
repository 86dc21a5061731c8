"""Combat choices in the browser: a retreat path picked by clicking its arrow on the map."""

from __future__ import annotations

import pytest

from typhoon.games.bfm import new_game

from .bfmui import (
    act, click_hex, click_unit, commit, declare_by_clicks, find_retreat_seed, settle_choices, unit_hex, wait_loaded,
)

pytestmark = pytest.mark.browser


def test_retreat_path_clicked_on_the_map(page, api, server, shot):
    attackers, target = ["V", "IX", "XL"], "0304"
    seed, retreats = find_retreat_seed(target, attackers)
    created = api.post("/api/games", {"mode": "hotseat", "options": {"edition": "2009"}, "seed": seed})
    gid, seat = created["id"], created["seats"]["both"]
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    defender = next(u["id"] for u in api.view(gid, seat)["units"] if u["hex"] == target)
    declare_by_clicks(page, attackers, target)
    commit(page)
    # the server rolled the same die as the engine did for this seed: a choice of retreat paths
    v = api.view(gid, seat)
    assert sorted(a for a in v["legal"] if a.startswith("retreat ")) == sorted(retreats)
    arrows = page.locator("svg.map [data-arrow]")
    assert arrows.count() == len(retreats)
    assert {arrows.nth(i).get_attribute("data-arrow") for i in range(arrows.count())} == set(retreats)
    # the fallback buttons offer the same choices
    for r in retreats:
        assert page.locator(f'.prompt [data-action="{r}"]').count() == 1
    shot(page, "09_retreat_arrows")
    # pick the path whose end is not the first one offered, by clicking the end of its arrow
    first_to = retreats[0].split()[2]
    pick = next(r for r in retreats if r.split()[2] != first_to)
    to = pick.split()[2]
    act(page, lambda: page.locator(f'svg.map [data-arrow="{pick}"] .arrow-end').click())
    page.wait_for_selector(f'svg.map [data-unit="{defender}"][data-hex="{to}"]')
    assert unit_hex(page, defender) == to
    assert api.view(gid, seat)["position"]["units"][defender]["hex"] == to
    assert pick in [e["action"] for e in api.view(gid, seat)["log"]]
    # after the retreat the attacker may advance into the vacated hex: click the unit to advance
    advances = [a for a in api.view(gid, seat)["legal"] if a.startswith("advance ") and a != "advance none"]
    assert advances, "a DR leaves the hex empty: the attacker may advance (9.0 step 6)"
    adv = advances[0].split()[1]
    assert "choice" in page.locator(f'svg.map [data-hl="{page.locator(f"svg.map [data-unit={adv!r}]").get_attribute("data-hex")}"]').get_attribute("class")
    act(page, lambda: click_unit(page, adv))
    page.wait_for_selector(f'svg.map [data-unit="{adv}"][data-hex="{target}"]')
    settle_choices(page, api, gid, seat)
    shot(page, "10_after_retreat_and_advance")
    assert unit_hex(page, defender) == to
    assert api.view(gid, seat)["position"]["units"][adv]["hex"] == target


def test_replacements_placed_and_restored_by_clicking(page, api, server, shot):
    created = api.post("/api/games", {"mode": "hotseat", "options": {"edition": "2009"}, "seed": 4})
    gid, seat = created["id"], created["seats"]["both"]
    v = api.view(gid, seat)
    for a in ("end", "end"):  # German combat and movement: nothing done
        v = api.post(f"/api/games/{gid}/actions", {"seat": seat, "action": a, "version": v["version"]})
    assert v["phase"] == "soviet_replacement"
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    place = next(a for a in v["legal"] if a.startswith("place "))
    _, unit, hex_ = place.split()
    # choose the unit from the pool, the legal hexes light up, click one
    page.click(f'.prompt [data-place="{unit}"]')
    page.wait_for_selector(f'svg.map [data-hl="{hex_}"].dest')
    lit = {page.locator("svg.map [data-hl].dest").nth(i).get_attribute("data-hl") for i in range(page.locator("svg.map [data-hl].dest").count())}
    assert lit == {a.split()[2] for a in v["legal"] if a.startswith(f"place {unit} ")}
    shot(page, "18_replacement_hexes")
    act(page, lambda: click_hex(page, hex_))
    page.wait_for_selector(f'svg.map [data-unit="{unit}"][data-hex="{hex_}"]')
    assert "reduced" in page.locator(f'svg.map [data-unit="{unit}"]').get_attribute("class")
    v = api.view(gid, seat)
    restore = next((a for a in v["legal"] if a.startswith("restore ")), None)
    if restore:
        r_unit = restore.split()[1]
        act(page, lambda: click_unit(page, r_unit))
        assert api.view(gid, seat)["position"]["units"][r_unit]["reduced"] is False
        page.wait_for_selector(f'svg.map [data-unit="{r_unit}"].full')


def test_undo_takes_back_a_declaration(page, api, server):
    created = api.post("/api/games", {"mode": "hotseat", "options": {"edition": "2009"}, "seed": 2})
    gid, seat = created["id"], created["seats"]["both"]
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    assert page.locator('[data-testid="undo"]').is_disabled()
    declare_by_clicks(page, ["XLVI"], "0405")
    assert api.view(gid, seat)["battles"]
    assert page.locator('[data-testid="undo"]').is_enabled()
    act(page, lambda: page.click('[data-testid="undo"]'))
    assert api.view(gid, seat)["battles"] == []
    assert page.locator('[data-testid="declared"]').count() == 0
    assert page.locator(".battle-label").count() == 0


def test_free_german_setup_by_clicking(page, api, server):
    created = api.post("/api/games", {"mode": "hotseat", "options": {"edition": "2009", "setup": "free"}, "seed": 1})
    gid, seat = created["id"], created["seats"]["both"]
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    v = api.view(gid, seat)
    assert v["phase"] == "german_setup"
    first = next(a for a in v["legal"] if a.startswith("setup "))
    _, unit, hex_ = first.split()
    page.click(f'[data-testid="setup-pool"] [data-setup="{unit}"]')
    page.wait_for_selector(f'svg.map [data-hl="{hex_}"].dest')
    act(page, lambda: click_hex(page, hex_))
    page.wait_for_selector(f'svg.map [data-unit="{unit}"][data-hex="{hex_}"]')
    assert api.view(gid, seat)["position"]["units"][unit]["hex"] == hex_


def arranged_game(api, moves: dict, attackers: list[str], target: str, wanted: str):
    """Import (hot-seat) a save whose start position is the standard one with ``moves`` applied and
    whose seed makes the first battle (``attackers`` on ``target``) end in a ``wanted`` choice."""
    from typhoon.core.game import Game
    from typhoon.games.bfm import RULES, position

    base = new_game({"edition": "2009"}, seed=1)
    start = position.to_json(base.state)
    for unit, spec in moves.items():
        start["units"][unit] = spec
    for seed in range(300):
        g = Game(RULES, base.options, seed, state=position.from_json(start))
        for a in attackers:
            g.push(f"attack {a} {target}")
        g.push("commit")
        while g.is_chance():
            g.roll()
        if any(str(a).startswith(wanted + " ") for a in g.legal_actions):
            doc = {"format": "typhoon-save", "version": 1, "game": "bfm", "options": dict(base.options), "seed": seed,
                   "start": start, "actions": [], "mode": "hotseat"}
            created = api.post("/api/games/import", doc)
            return created, g
    raise AssertionError(f"no seed gives a {wanted} choice")


def test_stand_fast_dialog_in_moscow(page, api, server, shot):
    attackers, target = ["XLVI", "LVII", "XLI"], "1103"
    created, g = arranged_game(api, {"40A": {"hex": "1103", "reduced": False}, "XLVI": {"hex": "1002"},
                                     "LVII": {"hex": "1003"}, "XLI": {"hex": "1104"}}, attackers, target, "standfast")
    gid, seat = created["id"], created["seats"]["both"]
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    declare_by_clicks(page, attackers, target)
    commit(page)
    dialog = page.locator('[data-testid="standfast-dialog"]')
    dialog.wait_for(state="visible")
    assert "Stand fast" in dialog.inner_text()
    shot(page, "19_stand_fast_dialog")
    act(page, lambda: page.click('[data-testid="standfast-yes"]'))
    v = api.view(gid, seat)
    assert "standfast yes" in [e["action"] for e in v["log"]]
    # the same choice in the engine gives the same position
    from typhoon.games.bfm import position

    g.push("standfast yes")
    while g.is_chance():
        g.roll()
    assert v["position"]["units"] == position.to_json(g.state)["units"]
    assert v["position"]["units"]["40A"] == {"hex": "1103", "reduced": True}  # stood fast, lost a step (000 9.3)
    dialog.wait_for(state="hidden")


def test_loss_chosen_by_clicking_the_attacker(page, api, server):
    attackers, target = ["VI", "XII"], "0706"
    created, g = arranged_game(api, {"40A": {"hex": "0706", "reduced": False}, "VI": {"hex": "0705"}, "XII": {"hex": "0606"}},
                               attackers, target, "loss")
    gid, seat = created["id"], created["seats"]["both"]
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    declare_by_clicks(page, attackers, target)
    commit(page)
    legal = api.view(gid, seat)["legal"]
    assert sorted(legal) == ["loss VI", "loss XII"]
    assert "choice" in page.locator(f'svg.map [data-hl="0606"]').get_attribute("class")
    act(page, lambda: click_unit(page, "XII"))
    v = api.view(gid, seat)
    assert "loss XII" in [e["action"] for e in v["log"]]
    g.push("loss XII")
    while g.is_chance():
        g.roll()
    from typhoon.games.bfm import position

    assert v["position"]["units"] == position.to_json(g.state)["units"]
    assert "XII" not in v["position"]["units"] or v["position"]["units"]["XII"]["reduced"]

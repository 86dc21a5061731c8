"""Typhoon Mini in the browser: a second game on the same client, played by clicking.

The client knows no game: the game is chosen on the start page, its options come from its
option specs, the map from its map_meta, every choice from the described legal actions. Red's
strength chits stay hidden (RULES.md 3.3) and Blue's plan stays Blue's (9.1)."""

from __future__ import annotations

import pytest

from typhoon.games import registry

from .bfmui import act, click_unit, end_phase, ids_from_url, move_by_clicks, wait_loaded, wait_state

pytestmark = pytest.mark.browser

pytest.importorskip("typhoon.games.mini.package")
SEED = 11


def attacks(game) -> list[str]:
    return [str(a) for a in game.legal_actions if str(a).startswith("attack ")]


def plan_moves(seed: int) -> tuple[list[str], str]:
    """Blue moves (found with the engine, which rolls the same chits for this seed) after which
    Blue's combat phase offers an attack; returns them and that attack."""
    pkg = registry.get("mini")
    g = pkg.new_game({}, seed=seed)
    g.play_until_decision()
    g.push("plan aston")
    g.play_until_decision()
    moves = []
    for _ in range(6):
        trial = g.copy(keep_history=True)
        trial.push("end")
        if attacks(trial):
            break
        for m in [str(a) for a in g.legal_actions if str(a).startswith("move ")]:
            t = g.copy(keep_history=True)
            t.push(m)
            t.push("end")
            if attacks(t):
                g.push(m)
                moves.append(m)
                break
    g.push("end")
    return moves, attacks(g)[0]


def settle(page, api, gid, seat, limit=20) -> list[str]:
    """Answer the battle's remaining choices by clicking what the page offers (arrows, units,
    buttons), never the phase's end."""
    done = []
    for _ in range(limit):
        v = api.view(gid, seat)
        acts = [d for d in v["actions"] if d["verb"] not in ("end", "attack", "move")]
        if not v["you_act"] or not acts:
            break
        a = acts[0]
        arrow = page.locator(f'svg.map [data-arrow="{a["text"]}"] .arrow-end')
        if arrow.count():
            act(page, lambda: arrow.click())
        else:
            act(page, lambda: page.locator(f'.prompt [data-action="{a["text"]}"]').first.click())
        done.append(a["text"])
    return done


def test_mini_turns_by_clicking(page, browser, api, server, shot):
    moves, attack = plan_moves(SEED)
    page.goto(server + "/")
    page.select_option("select[name=game]", "mini")
    # the options of the chosen game, from its option specs
    page.wait_for_selector('[data-option="turns"]')
    assert page.locator('[data-option="fixed_strengths"]').count() == 1
    assert page.locator("input[name=human_side]").evaluate_all("els => els.map(e => e.value)") == ["blue", "red"]
    page.check("input[name=mode][value=hotseat]")
    page.fill("input[name=seed]", str(SEED))
    page.fill("input[name=title]", "browser: mini")
    page.click('[data-testid="create"]')
    page.wait_for_url("**/play/**")
    wait_loaded(page)
    gid, seat = ids_from_url(page.url)
    assert page.locator("svg.map polygon.hex").count() == len(registry.get("mini").map_meta()["hexes"])

    # set-up: Blue's secret plan, a choice of two buttons asked in a dialog (9.1)
    dialog = page.locator('[data-testid="plan-dialog"]')
    dialog.wait_for(state="visible")
    shot(page, "21_mini_plan_dialog")
    act(page, lambda: page.click('[data-testid="plan-aston"]'))
    dialog.wait_for(state="hidden")
    wait_state(page, you_act=True, phase="blue_movement", turn=1)
    # 3.3: every red counter is face down, for Blue as for everybody
    assert page.locator("svg.map .counter.red.hidden-unit").count() == 6
    assert page.locator("svg.map .counter.red").first.locator(".counter-sm").text_content().startswith("?")

    # Blue movement: click a unit, click a highlighted hex
    for m in moves:
        _, unit, dest = m.split()
        move_by_clicks(page, unit, dest)
    end_phase(page)
    wait_state(page, phase="blue_combat")

    # Blue combat: attackers, then the defender; the odds show before declaring
    _, target, *attackers = attack.split()
    for a in attackers:
        click_unit(page, a)
    page.locator(f'svg.map .counter[data-hex="{target}"]').first.click()
    page.locator(f'[data-testid="odds"][data-target="{target}"]').wait_for()
    rows = page.locator('[data-testid="odds"] tr[data-result]')
    assert rows.count() > 0
    assert sum(float(rows.nth(i).get_attribute("data-p")) for i in range(rows.count())) == pytest.approx(1.0, abs=1e-6)
    shot(page, "22_mini_odds")
    act(page, lambda: page.click('[data-testid="declare"]'))
    settle(page, api, gid, seat)
    # the server rolled 2d6: the last roll is shown; the defenders' chits are face up now (3.4)
    page.locator('[data-testid="last-roll"] .die').wait_for()
    v = api.view(gid, seat)
    roll = next(e for e in reversed(v["log"]) if e["player"] is None and e["action"].startswith("roll"))
    assert page.locator('[data-testid="last-roll"] .die').inner_text() == roll["action"].split(" ", 1)[1]
    revealed = [u["id"] for u in v["units"] if u["side"] == "red" and not u["hidden"]]
    assert revealed
    for r in revealed:
        loc = page.locator(f'svg.map [data-unit="{r}"]')
        if loc.count():
            assert "hidden-unit" not in loc.get_attribute("class")
    shot(page, "23_mini_after_battle")
    end_phase(page)

    # Red movement (hot-seat: the same page now plays Red); red still does not know its chits
    wait_state(page, you_act=True, phase="red_movement")
    assert page.locator('[data-testid="status"]').inner_text().startswith("Your move (Red)")
    v = api.view(gid, seat)
    occupied = {u["hex"] for u in v["units"]}
    move = next(a for a in v["legal"] if a.startswith("move ") and a.split()[2] not in occupied)
    _, unit, dest = move.split()
    move_by_clicks(page, unit, dest)
    end_phase(page)
    wait_state(page, phase="red_combat")
    end_phase(page)
    wait_state(page, you_act=True, phase="blue_movement", turn=2)
    assert page.locator("li.turn.current").inner_text().startswith("2")
    shot(page, "24_mini_turn_2")

    # a spectator sees the same board, the face-down chits face down, and no plan
    ctx = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        watcher = ctx.new_page()
        watcher.goto(f"{server}/play/{gid}")
        wait_loaded(watcher)
        spec = api.view(gid)
        hidden = sum(1 for u in spec["units"] if u["hidden"] and u.get("hex"))
        assert watcher.locator("svg.map .counter.hidden-unit").count() == hidden
        log_text = watcher.locator('[data-testid="log-list"]').inner_text()
        assert "plan aston" not in log_text and "aston" not in " ".join(e["action"] for e in spec["log"])
        assert watcher.locator('[data-testid="end-phase"]').is_hidden()
        shot(watcher, "25_mini_spectator")
    finally:
        ctx.close()

"""Operation Typhoon in the browser: each scenario (18.1-18.5) created on the start page and
played to its outcome against the computer (the game's own greedy player).

The human takes the Russian side and answers what the page asks by clicking: the End button,
the decision dialog (Ground Support 17.2, the defending units 7.24), the prompt's buttons (a
step loss 9.86, no HQ retreat before combat 10.25, no advance 9.96), the retreat arrows (9.92)
and, since 9.11/9.13 make combat compulsory for units adjacent to the enemy, the attack
gesture (attackers, then the defender on the map, then Declare). He moves nobody. The game
ends only at the end of its last Game-Turn (18.11, 18.21, 18.31, 18.41: Sixteen; 18.5:
Thirty-One), with one of the six victory levels of 18.19 / 18.29 / 18.39 / 18.49.

The games use the limited intelligence of 8.0 (strength chits drawn at a unit's first combat):
the Russian page never shows a German unit's chit (8.44: "the Enemy Player may never lift up
the owning Player's combat unit"), and in the Campaign Games (18.4, 18.5) never the German
Plan before the end (18.49: "revealed to the Soviet Player only at the end of the game").

Issue 10, "Done when": all five scenarios run to an outcome in the browser against the
computer. 18.1 runs in CI; 18.2-18.5 take minutes each (TYPHOON_LONG_TESTS=1)."""

from __future__ import annotations

import json
import os
from collections import Counter

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

from typhoon.core import record
from typhoon.games import registry

from .bfmui import engine_game, ids_from_url, version, wait_loaded, wait_version_change

pytestmark = pytest.mark.browser

HUMAN, COMPUTER = "russian", "german"
LAST_TURN = {"18.1": 16, "18.2": 16, "18.3": 16, "18.4": 16, "18.5": 31}  # 18.11, 18.21, 18.31, 18.41, 18.5
#: 18.19 etc.: the victory levels, the Soviet ones first (the first three are Soviet victories)
LEVELS = ("Decisive Soviet Victory", "Substantive Soviet Victory", "Marginal Soviet Victory",
          "Marginal German Victory", "Substantive German Victory", "Decisive German Victory")
PLANS = ("historical", "encirclement", "broad_front")  # 18.49: the three Plans
SECRET_PLAN_NOTE = "The German Plan is secret until the end (18.49)"
LONG = pytest.mark.skipif(not os.environ.get("TYPHOON_LONG_TESTS"),
                          reason="minutes per game in the browser: set TYPHOON_LONG_TESTS=1")
# the Campaign Games take tens of minutes in the browser: past the suite's 900 s per test
SCENARIOS = [pytest.param("18.1", id="18.1")] + [pytest.param(k, id=k, marks=[LONG, pytest.mark.timeout(3600)])
                                                 for k in ("18.2", "18.3", "18.4", "18.5")]
SNAPSHOT_TURNS = 3  # the first Russian decision of each of the first Game-Turns is checked for hidden values


def wait_for_human_or_end(page, timeout: float = 300_000) -> None:
    """Until the page says it is the human's move or the game is over."""
    page.wait_for_function(
        "(() => { const d = document.querySelector('#app').dataset;"
        " const s = document.querySelector('[data-testid=status]');"
        " return d.youAct === '1' || (s && s.classList.contains('over')); })()",
        timeout=timeout,
    )


def human_view(page, api, gid: str, seat: str) -> dict:
    """The seat's view once the page shows the same version of the game (the page may still be
    drawing an earlier version, one where the human also acted, while the server is ahead)."""
    for _ in range(100):
        wait_for_human_or_end(page)
        v = api.view(gid, seat)
        try:
            page.wait_for_function(f"document.querySelector('#app').dataset.version === '{v['version']}'", timeout=15_000)
        except PlaywrightTimeoutError:
            continue  # the server moved on meanwhile (the computer's turn): ask again
        return v
    raise AssertionError("the page never caught up with the server's version of the game")


def click_and_wait(page, locator, timeout: float = 300_000) -> None:
    """Click and wait for the page's next version (the computer's whole turn may come first)."""
    old = version(page)
    click_visible(page, locator)
    wait_version_change(page, old, timeout=timeout)


def bring_into_view(page, locator) -> None:
    """Drag the map (as a player pans it) until ``locator``, an element of the map, lies well
    inside the map's visible part (the map opens zoomed in to readable counters)."""
    vp = page.viewport_size
    for _ in range(12):
        svg, box = page.locator("svg.map").bounding_box(), locator.bounding_box()
        left, top = max(svg["x"], 0), max(svg["y"], 0)
        right, bottom = min(svg["x"] + svg["width"], vp["width"]), min(svg["y"] + svg["height"], vp["height"])
        cx, cy = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        margin = 40
        if left + margin < cx < right - margin and top + margin < cy < bottom - margin:
            return
        sx, sy = (left + right) / 2, (top + bottom) / 2
        limit = min(right - left, bottom - top) / 3  # a drag within the map
        dx, dy = max(-limit, min(limit, sx - cx)), max(-limit, min(limit, sy - cy))
        page.mouse.move(sx, sy)
        page.mouse.down()
        page.mouse.move(sx + dx / 2, sy + dy / 2, steps=3)
        page.mouse.move(sx + dx, sy + dy, steps=3)
        page.mouse.up()
    raise AssertionError("could not pan the map to bring the element into view")


def click_visible(page, locator) -> None:
    """A mouse click on a point of ``locator`` that is not covered by another element (a counter
    low in a stack shows only its corner); a map element is brought into view first. An element
    the page draws anew meanwhile (a loaded machine: the page still showing the version before)
    is looked up again."""
    for attempt in range(5):
        try:
            point = _clear_point(page, locator)
            break
        except PlaywrightError as e:
            if "not attached" not in str(e) or attempt == 4:
                raise
            page.wait_for_timeout(200)
    if point is None:
        locator.click()  # Playwright names what covers it
    else:
        page.mouse.click(*point)


def _clear_point(page, locator) -> list[float] | None:
    """A point of ``locator`` in view that no other element covers (None if there is none)."""
    if locator.evaluate("(el) => !!el.closest('svg.map')"):
        bring_into_view(page, locator)
    else:
        locator.scroll_into_view_if_needed()
    point = locator.evaluate(
        """(el) => { const r = el.getBoundingClientRect();
            for (const fy of [0.5, 0.25, 0.1, 0.75, 0.9]) for (const fx of [0.5, 0.25, 0.1, 0.75, 0.9]) {
              const x = r.left + r.width * fx, y = r.top + r.height * fy, hit = document.elementFromPoint(x, y);
              if (hit && (hit === el || el.contains(hit))) return [x, y];
            }
            return null; }""")
    return point


def pick(actions: list[dict]) -> dict:
    """The passive Russian player's answer: end the phase or segment when he may; no HQ retreat
    before combat (10.25); no Ground Support (17.2); no advance (9.96); a compulsory attack
    (9.11, 9.13) on one hex with the fewest units; else the first action offered (a retreat
    9.92, a step loss 9.86, the defending units 7.24, a withdrawal 18.38(d))."""
    by_text = {a["text"]: a for a in actions}
    for text in ("end", "stand", "air 0", "advance none"):
        if text in by_text:
            return by_text[text]
    attacks = [a for a in actions if a["verb"] == "attack"]
    if attacks:
        # an attacker that is also some other action's unit (an HQ's Accelerated Assault, 9.62)
        # would take the click for that action: such attacks come last
        busy = {u for a in actions if a["verb"] != "attack" for u in a["units"]}
        return min(attacks, key=lambda a: (bool(set(a["units"]) & busy), len(a.get("hexes") or [a["hex"]]), len(a["units"])))
    return actions[0]


def control_for(page, action: dict):
    """The control the page offers for ``action``: the End button, a button of the modal
    decision dialog, or a button in the prompt (a retreat's also an arrow on the map)."""
    text = action["text"]
    if text == "end":
        return page.locator('[data-testid="end-phase"]')
    dialog = page.locator(f'dialog[open] button[value="{text}"]')
    if dialog.count():
        return dialog.first
    if action["verb"] == "retreat":  # an arrow on the map, and its button beside it (the arrow may lie off screen)
        assert page.locator(f'svg.map [data-arrow="{text}"]').count() == 1, f"no retreat arrow on the map for {text!r}"
    button = page.locator(f'.prompt [data-action="{text}"]')
    assert button.count(), f"the page offers no control for {text!r}"
    return button.first


def declare_attack(page, action: dict) -> None:
    """9.2: select the attackers on the map, then the defender, then Declare."""
    for u in action["units"]:
        click_visible(page, page.locator(f'svg.map [data-unit="{u}"]'))
    click_visible(page, page.locator(f'svg.map .counter[data-hex="{action["hex"]}"]').first)
    declare = page.locator('[data-testid="declare"]:not([disabled])')
    declare.wait_for()
    click_and_wait(page, declare)


def answer(page, action: dict) -> None:
    """Give ``action`` by the page's gesture for it, and wait for the page's next version."""
    if action["verb"] == "attack":
        declare_attack(page, action)
    else:
        click_and_wait(page, control_for(page, action))


def german_drawn_in_log(v: dict) -> set[str]:
    """The German units the Russian's log shows drawing a strength chit (8.32: "chit <unit> ?")."""
    german = {u["id"] for u in v["units"] if u["side"] == COMPUTER}
    return {e["action"].split()[1] for e in v["log"] if str(e.get("action") or "").startswith("chit ")} & german


def create_game(page, server, scenario: str) -> tuple[str, str]:
    """The start page: game ot, the scenario, limited-intelligence chits (8.0), against the computer."""
    page.goto(server + "/")
    page.select_option("select[name=game]", "ot")
    page.wait_for_selector('[data-option="scenario"]')
    page.select_option('[data-option="scenario"]', scenario)
    page.select_option('[data-option="strengths"]', "chits")
    page.check("input[name=mode][value=ai]")
    page.check(f"input[name=human_side][value={HUMAN}]")
    page.select_option("select[name=ai]", "greedy")
    page.fill("input[name=seed]", "7")
    page.fill("input[name=title]", f"browser: ot {scenario}")
    page.click('[data-testid="create"]')
    page.wait_for_url("**/play/**")
    wait_loaded(page)
    gid, seat = ids_from_url(page.url)
    assert seat
    # the player turns the replay of the computer's moves off (the page's own control): minutes saved
    page.select_option('[data-testid="playback-speed"]', "off")
    meta = registry.get("ot").map_meta({"scenario": scenario})
    assert page.locator("svg.map polygon.hex").count() == len(meta["hexes"])
    return gid, seat


def snapshot(page, v: dict) -> dict:
    """What the Russian page and seat show now: the page's HTML, the view, the German counters."""
    return {"ply": max((e["ply"] for e in v["log"]), default=0), "turn": v["turn"], "html": page.content(),
            "view": json.dumps(v), "plan": v.get("plan"),
            "counters": {u["id"]: (page.locator(f'svg.map [data-unit="{u["id"]}"]').first.text_content(), u)
                         for u in v["units"] if u["side"] == COMPUTER and u["where"] == "map"}}


def german_draws(rec: dict) -> list[tuple[int, str, str]]:
    """8.32: every strength chit drawn for a German unit in the full record: (ply, unit, chit)."""
    g = record.from_record({**rec, "actions": [], "outcome": None, "final": None})
    german = {u for u in g.state.scen.units if g.state.side_of(u) == COMPUTER}
    out = []
    for ply, text in enumerate(rec["actions"], start=1):
        words = str(text).split()
        if len(words) == 3 and words[0] == "chit" and words[1] in german:
            out.append((ply, words[1], words[2]))
    return out


def drawn_at(rec: dict, ply: int) -> dict[str, str]:
    """The German units with a strength chit at ``ply`` and their chits, from the full record
    replayed by the engine up to that ply."""
    g = record.from_record({**rec, "actions": rec["actions"][:ply], "outcome": None, "final": None})
    s = g.state
    return {u: c for u, c in s.chits.items() if c and s.side_of(u) == COMPUTER}


def assert_strength_hidden(snap: dict, units: set[str] | None = None) -> int:
    """8.44 (after the roll the enemy may not examine the chit again): a German unit with a chit
    (``units``; None: every one the view marks hidden) reads '?' on the Russian page; returns
    how many were checked."""
    n = 0
    for u, (text, unit) in snap["counters"].items():
        if (units is None and unit["hidden"]) or (units is not None and u in units):
            n += 1
            assert unit["hidden"] and unit["strength"] is None, f"{u}'s strength shown to the Russian: {unit}"
            assert unit["values"].startswith("?-") and "?" in (text or ""), f"{u} reads {text!r} on the Russian page"
    return n


def assert_chits_hidden(snapshots: list[dict], rec: dict) -> None:
    """8.31/8.44: a German chit is drawn at the unit's first combat and shown to the enemy only
    then (the log's 'Strength chits shown for this combat'). At every snapshot: no chit drawn
    later for a German unit is named, with its unit or (if never drawn before) alone; every
    German unit holding a chit by then (the full record replayed) reads '?'."""
    draws = german_draws(rec)
    assert draws, "no German strength chit was drawn in the whole game: nothing was checked"
    future = tried = 0
    for snap in snapshots:
        seen = {c for ply, _, c in draws if ply <= snap["ply"]}
        for ply, u, c in draws:
            if ply <= snap["ply"]:
                continue
            future += 1
            for leak in (f"{u} {c}", f"{u} draws strength chit {c}") + (() if c in seen else (c,)):
                assert leak not in snap["html"], f"the Russian page shows {leak!r} before the draw (Game-Turn {snap['turn']})"
                assert leak not in snap["view"], f"the Russian view shows {leak!r} before the draw (Game-Turn {snap['turn']})"
        tried += assert_strength_hidden(snap, set(drawn_at(rec, snap["ply"])))
    assert future, "no German chit drawn after a snapshot: nothing was checked"
    assert tried, "no German unit with a drawn chit on the map at any snapshot: nothing was checked"


def assert_only_revealed_chits(snap: dict, v: dict, pools: set[str]) -> None:
    """8.44: the only German chits the Russian page names are those its log shows revealed at
    a combat ('Strength chits shown for this combat')."""
    shown = " ".join(ev for e in v["log"] for ev in (e.get("events") or []) if "shown for this combat" in ev)
    for c in pools:
        if c not in shown:
            assert c not in snap["html"] and c not in snap["view"], f"the Russian page names the unrevealed German chit {c}"


def german_pools(scenario: str) -> set[str]:
    """8.34: every strength chit of the German Morale Pools (the cups of a fresh game)."""
    g = registry.get("ot").new_game({"scenario": scenario, "strengths": "chits"}, seed=7)
    return {c for pool, chits in g.state.cups.items() if pool.startswith(COMPUTER) for c in chits}


def assert_plan_hidden(snap: dict, plan: str | None = None) -> None:
    """18.49: the Plan is revealed to the Soviet Player only at the end of the game."""
    assert snap["plan"] == "?", f"the Russian view's plan is {snap['plan']!r} before the end"
    assert SECRET_PLAN_NOTE in snap["html"]
    for p in ([plan] if plan else PLANS):
        for leak in (f"Plan: {p}", f"plan {p}", f'"plan": "{p}"'):
            assert leak not in snap["html"], f"the Russian page shows {leak!r} (Game-Turn {snap['turn']})"
            assert leak not in snap["view"], f"the Russian seat's view shows {leak!r} (Game-Turn {snap['turn']})"


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_ot_scenario_runs_to_its_outcome_against_the_computer(page, api, server, shot, scenario):
    assert "greedy" in registry.get("ot").players()
    gid, seat = create_game(page, server, scenario)

    snapshots: list[dict] = []
    answered: Counter[str] = Counter()
    for _ in range(10_000):
        v = human_view(page, api, gid, seat)
        if v.get("outcome"):
            break
        assert v["you_act"] and v["current_player"] == HUMAN
        if len(snapshots) < SNAPSHOT_TURNS and all(s["turn"] != v["turn"] for s in snapshots):
            snapshots.append(snapshot(page, v))
        action = pick(v["actions"])
        answered[action["verb"]] += 1
        answer(page, action)
    else:
        raise AssertionError("the game did not end")

    v = api.view(gid, seat)
    outcome = v["outcome"]
    level = outcome["reason"].split(":")[0]
    assert level in LEVELS, outcome
    assert outcome["winner"] == ("german" if LEVELS.index(level) >= 3 else "russian"), outcome
    assert v["turn"] == LAST_TURN[scenario]  # 18.x1: no sudden death, the game ends with its last Game-Turn
    status = page.locator('[data-testid="status"]')
    side_name = {"german": "German", "russian": "Russian"}[outcome["winner"]]
    assert status.inner_text().startswith(f"Game over: {side_name} victory")
    reason = outcome["reason"]  # the status line starts the reason as its own sentence
    assert reason[0].upper() + reason[1:] in status.inner_text()
    assert "over" in (status.get_attribute("class") or "").split()
    assert any(e["player"] == COMPUTER for e in v["log"]), "the German computer player made no move"
    assert answered["end"] and answered["attack"], answered  # the End button and the attack gesture were used

    # the server's record, replayed by the engine, ends the same way
    g = engine_game(api, gid)
    assert g.state.outcome is not None
    assert (g.state.outcome.winner, g.state.outcome.reason) == (outcome["winner"], outcome["reason"])
    assert g.state.turn == LAST_TURN[scenario]

    rec = api.get(f"/api/games/{gid}/record")
    assert snapshots and snapshots[0]["turn"] == 1
    assert_chits_hidden(snapshots, rec)
    if scenario in ("18.4", "18.5"):  # 18.49: the Plan, secret until the end, then revealed
        plans = [a.split()[1] for a in rec["actions"] if a.startswith("plan ")]
        assert len(plans) == 1 and plans[0] in PLANS, plans
        for snap in snapshots:
            assert_plan_hidden(snap, plans[0])
        assert v["plan"] == plans[0]
        assert f"German Plan: {plans[0]} (18.49)" in page.content()
    shot(page, f"ot_{scenario.replace('.', '_')}_over")


@pytest.mark.slow
def test_ot_campaign_plan_and_chits_hidden_from_the_russian_page(page, api, server):
    """18.49 and 8.44 in the Campaign Game (18.4), without playing it out: the Russian page
    answers until a German unit has drawn a strength chit (his first combat), then is checked."""
    gid, seat = create_game(page, server, "18.4")
    for _ in range(100):
        v = human_view(page, api, gid, seat)
        assert v["you_act"] and v["current_player"] == HUMAN and not v.get("outcome")
        if german_drawn_in_log(v):
            break
        answer(page, pick(v["actions"]))
    else:
        raise AssertionError("no German unit drew a strength chit in 100 Russian decisions")
    snap = snapshot(page, v)
    assert_plan_hidden(snap)  # none of the three Plans is named
    assert any("secretly chooses a Plan" in json.dumps(e) for e in v["log"]), "no Plan was chosen before play (18.49)"
    assert_only_revealed_chits(snap, v, german_pools("18.4"))
    drawn = german_drawn_in_log(v)  # 8.44: after the roll their chits are hidden again
    assert assert_strength_hidden(snap, drawn) == len([u for u in drawn if u in snap["counters"]]) > 0

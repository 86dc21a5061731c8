"""The look and feel a wargamer expects, at a desktop (1280x800) and a phone (390x844) size:
the other side's turn replayed step by step with arrows and a summary, counters with a distinct
reduced side and a map key, the zone-of-control overlay, a reason for every greyed control, the
charts and result codes in the page, a concise log, dice history, labels that never cover a
counter, rails drawn as track, and a phone layout with odds and actions in a bottom sheet.

Expected values come from the rules (the engine's position, the package's data), never from the
page itself. Screenshots: artifacts/screenshots/polish-*.png."""

from __future__ import annotations

import pytest

from typhoon.games import registry
from typhoon.games.bfm import new_game
from typhoon.games.bfm.data import bfm_data

from .bfmui import act, click_unit, declare_by_clicks, end_phase, ids_from_url, select_battle, wait_loaded, wait_state

PHONE = {"width": 390, "height": 844}  # as the phone fixture (conftest.py)

pytestmark = pytest.mark.browser

DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def desk(browser):
    ctx = browser.new_context(viewport=DESKTOP)
    ctx.set_default_timeout(30_000)
    pg = ctx.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    yield pg
    ctx.close()
    assert not errors, f"JavaScript errors in the page: {errors}"



def hotseat(api, seed: int, options=None) -> dict:
    return api.post("/api/games", {"mode": "hotseat", "options": options or {"edition": "2009"}, "seed": seed})


def box(page, selector: str) -> dict:
    b = page.locator(selector).first.bounding_box()
    assert b is not None, f"{selector} is not rendered"
    return b


def overlaps(a: dict, b: dict) -> bool:
    return not (a["x"] + a["width"] <= b["x"] or b["x"] + b["width"] <= a["x"] or a["y"] + a["height"] <= b["y"] or b["y"] + b["height"] <= a["y"])


# -- the other side's turn -------------------------------------------------------------------------
def test_computer_turn_is_played_back_with_arrows_and_a_summary(desk, api, server, shot):
    page = desk
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('typhoon.playback', 'normal')")
    created = api.post("/api/games", {"mode": "ai", "human_side": "german", "ai": "heuristic", "options": {"edition": "2009"}, "seed": 5})
    gid, seat = created["id"], created["seats"]["german"]
    page.goto(server + created["links"]["german"])
    wait_loaded(page)
    assert page.locator('[data-testid="playback-speed"]').input_value() == "normal"
    end_phase(page)  # German combat: no battles
    wait_state(page, you_act=True, phase="german_movement")
    before = api.view(gid, seat)
    page.click('[data-testid="end-phase"]')
    # the Soviet turn is shown step by step: a caption naming the side, a step counter, arrows
    page.locator('[data-testid="playback"]').wait_for(state="visible")
    page.wait_for_selector("svg.map path.trail.now", timeout=30_000)
    caption = page.locator('[data-testid="playback-caption"]').inner_text()
    assert caption.startswith("Soviet:")
    count = page.locator('[data-testid="playback-count"]').inner_text().strip()
    shot(page, "polish-computer-turn-playing")
    # while it plays the page has not moved on: the controls are inert
    assert page.locator("#app").get_attribute("data-version") == str(before["version"])
    wait_state(page, you_act=True, turn=2, timeout=60_000)
    after = api.view(gid, seat)
    soviet = [e for e in after["log"] if e["ply"] > before["version"] and e["player"] == "soviet"]
    assert count.split("/")[1].strip() == str(len(soviet))
    # the summary: one line per Soviet action, and an arrow for every unit that ended elsewhere
    summary = page.locator('[data-testid="turn-summary"]')
    summary.wait_for(state="visible")
    assert summary.locator(".summary-list li").count() == len(soviet)
    pos0, pos1 = before["position"]["units"], after["position"]["units"]
    moved = {u for u in pos1 if u in pos0 and pos0[u].get("hex") and pos1[u].get("hex") and pos0[u]["hex"] != pos1[u]["hex"]}
    trails = page.locator("svg.map path.trail.past")
    assert {trails.nth(i).get_attribute("data-trail") for i in range(trails.count())} == {f"{pos0[u]['hex']}-{pos1[u]['hex']}" for u in moved}
    assert f"{len(moved)} unit" in page.locator('[data-testid="summary-counts"]').inner_text()
    shot(page, "polish-computer-turn-summary")
    # this seat acting clears the trail
    page.click('[data-testid="summary-hide"]')
    assert page.locator("svg.map path.trail").count() == 0


def test_playback_off_goes_straight_to_the_summary(desk, api, server):
    page = desk
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('typhoon.playback', 'off')")
    created = api.post("/api/games", {"mode": "ai", "human_side": "german", "ai": "heuristic", "options": {"edition": "2009"}, "seed": 8})
    page.goto(server + created["links"]["german"])
    wait_loaded(page)
    end_phase(page)
    wait_state(page, you_act=True, phase="german_movement")
    end_phase(page)
    wait_state(page, you_act=True, turn=2, timeout=60_000)
    assert page.locator('[data-testid="turn-summary"]').is_visible()
    assert page.locator('[data-testid="playback"]').is_hidden()


# -- counters and the map key ----------------------------------------------------------------------
def test_reduced_side_is_distinct_and_explained_in_the_key(desk, api, server, shot):
    page = desk
    created = hotseat(api, 3)
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    units = api.view(created["id"], created["seats"]["both"])["position"]["units"]
    reduced = sorted(u for u, s in units.items() if s.get("hex") and s.get("reduced"))
    full = sorted(u for u, s in units.items() if s.get("hex") and not s.get("reduced"))
    assert reduced, "most Soviet units start reduced (6.0)"
    shown_reduced = page.locator("svg.map .counter.reduced")
    assert sorted(shown_reduced.nth(i).get_attribute("data-unit") for i in range(shown_reduced.count())) == reduced
    # the reduced side: a band under its values and a cut corner; the full side has neither
    for u in reduced[:3]:
        assert page.locator(f'svg.map [data-unit="{u}"] .reduced-band').count() == 1
        assert page.locator(f'svg.map [data-unit="{u}"] .reduced-corner').count() == 1
    for u in full[:3]:
        assert page.locator(f'svg.map [data-unit="{u}"] .reduced-band').count() == 0
    # the values printed are those of the counter's side (counters.json)
    spec = bfm_data("2009").units[reduced[0]]
    assert page.locator(f'svg.map [data-unit="{reduced[0]}"] .counter-sm').text_content() == f"{spec.reduced}-{spec.movement}"
    legend = page.locator('[data-testid="legend"]')
    for key in ("german-full", "german-reduced", "soviet-full", "soviet-reduced", "zoc-german", "zoc-soviet", "edge"):
        assert legend.locator(f'[data-legend="{key}"]').count() >= 1, key
    assert "reduced" in legend.locator('[data-legend="soviet-reduced"]').inner_text()
    legend.scroll_into_view_if_needed()
    shot(page, "polish-counters-and-key")


def test_unit_names_are_the_printed_ones(desk, api, server):
    page = desk
    created = hotseat(api, 3)
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    click_unit(page, "32A")
    assert "32nd Army" in page.locator('[data-testid="unit-info"]').inner_text()


def test_rails_are_drawn_as_track(desk, api, server):
    page = desk
    created = hotseat(api, 3)
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    rails = [ln for ln in registry.get("bfm").map_meta({"edition": "2009"})["lines"] if ln["feature"] == "rail"]
    drawn = page.locator('svg.map .line.feature-rail')
    assert drawn.count() == len(rails)
    assert page.locator("svg.map .feature-rail .track-ties").count() == len(rails)
    assert page.locator("svg.map .feature-rail .track-gauge").count() == len(rails)
    # the red border of the 2009 map is drawn along its hexes' outer sides
    edge = page.locator('svg.map path.map-edge[data-edge*="Soviet"]')
    assert edge.count() == 1 and edge.get_attribute("d").count("M") >= 14


# -- zones of control ---------------------------------------------------------------------------
def test_zone_of_control_overlay(desk, api, server, shot):
    page = desk
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('typhoon.zoc', '0')")
    created = hotseat(api, 3)
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    assert page.locator("svg.map .layer-zoc").is_hidden()
    page.check('[data-testid="zoc-toggle"]')
    assert page.locator("svg.map .layer-zoc").is_visible()
    units = api.view(created["id"], created["seats"]["both"])["units"]
    nb = bfm_data("2009").neighbours
    for side in ("german", "soviet"):
        # 7.0: a unit's zone of control is the six hexes around it
        expected = {n for u in units if u["side"] == side and u["hex"] for n in nb[u["hex"]]}
        shown = page.locator(f'svg.map [data-zoc-side="{side}"]')
        assert {shown.nth(i).get_attribute("data-zoc") for i in range(shown.count())} == expected
    shot(page, "polish-zoc")
    page.uncheck('[data-testid="zoc-toggle"]')
    assert page.locator("svg.map .layer-zoc").is_hidden()


# -- reasons for greyed controls -----------------------------------------------------------------
def test_greyed_end_says_why(desk, api, server, shot):
    page = desk
    created = hotseat(api, 1)
    gid, seat = created["id"], created["seats"]["both"]
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    # nothing done yet: undo is greyed with the engine's reason
    assert page.locator('[data-testid="undo"]').is_disabled()
    assert page.locator('[data-reason="undo"]').inner_text() == f"Undo: {api.view(gid, seat)['undo_refusal']}"
    end_phase(page)
    # a German unit moved onto another: two units in one hex, so the phase may not end (8.2.2)
    g = new_game({"edition": "2009"}, seed=1)
    g.push("end")
    occupied = set(g.state.hex_of.values())
    move = next(str(a) for a in g.legal_actions if str(a).startswith("move ") and str(a).split()[2] in occupied)
    _, unit, dest = move.split()
    click_unit(page, unit)
    page.wait_for_selector(f'svg.map [data-hl="{dest}"].dest')
    act(page, lambda: page.locator(f'svg.map polygon.hex[data-hex="{dest}"]').click(force=True))
    assert "end" not in api.view(gid, seat)["legal"]
    assert page.locator('[data-testid="end-phase"]').is_disabled()
    reason = page.locator('[data-reason="end"]').inner_text()
    assert f"two units share {dest}" in reason and "8.2.2" in reason
    assert f"two units share {dest}" in page.locator('[data-testid="end-phase"]').get_attribute("title")
    shot(page, "polish-end-reason")


def test_declare_button_says_what_is_missing(desk, api, server):
    page = desk
    created = hotseat(api, 11)
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    assert page.locator('[data-testid="declare"]').is_disabled()
    assert "attackers and a defender" in page.locator('[data-testid="declare-reason"]').inner_text()
    click_unit(page, "XL")
    assert "defender" in page.locator('[data-testid="declare-reason"]').inner_text()


# -- charts, result codes, victory ----------------------------------------------------------------
def test_charts_and_result_codes_in_the_page(desk, api, server, shot):
    page = desk
    created = hotseat(api, 3)
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    doc = registry.get("bfm").rules_doc({"edition": "2009"})
    page.click('[data-testid="charts-button"]')
    dialog = page.locator('[data-testid="charts"]')
    dialog.wait_for(state="visible")
    # victory first, in the rules' words
    for v in doc["victory"]:
        assert v["text"] in dialog.inner_text()
    page.click('[data-tab="crt"]')
    crt = next(c for c in doc["charts"] if c["id"] == "crt")
    table = dialog.locator('table[data-chart="crt"]')
    assert table.locator("tbody tr").count() == len(crt["rows"])
    cell = table.locator('td[data-result="DR"]').first
    assert cell.get_attribute("title").startswith(doc["results"]["DR"]["name"])
    shot(page, "polish-charts-crt")
    page.click('[data-tab="results"]')
    codes = dialog.locator('[data-testid="result-codes"]')
    for code, r in doc["results"].items():
        assert r["meaning"] in codes.inner_text(), code
    page.click('[data-tab="tec"]')
    tec = next(c for c in doc["charts"] if c["id"] == "tec")
    assert dialog.locator('table[data-chart="tec"] tbody tr').count() == len(tec["rows"])
    page.click('[data-testid="charts-close"]')
    dialog.wait_for(state="hidden")
    # the score card: each side's count of the places it holds, and the victory conditions
    counts = page.locator('[data-testid="city-counts"]').inner_text()
    view = api.view(created["id"])
    assert f"German {view['score']['german']}" in counts and f"Soviet {view['score']['soviet']}" in counts
    assert page.locator('[data-testid="cities"] [data-testid="victory"] li').count() == len(doc["victory"])


# -- log, dice, labels ------------------------------------------------------------------------------
def test_log_is_concise_and_dice_are_kept(desk, api, server, shot):
    page = desk
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('typhoon.logcmds', '0')")
    created = hotseat(api, 11)
    gid, seat = created["id"], created["seats"]["both"]
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    declare_by_clicks(page, ["XL", "XLVI", "LVII"], "0405")
    # the battle's odds sit between the counters, never over one
    label = box(page, '.battle-label-box[data-battle="0405"]')
    for u in page.locator("svg.map .counter").all():
        assert not overlaps(label, u.bounding_box()), u.get_attribute("data-unit")
    act(page, lambda: page.click('[data-testid="commit"]'))
    log = api.view(gid, seat)["log"]
    # one line per action, in the rules' words; the typed command is not shown twice
    items = page.locator('[data-testid="log-list"] li')
    assert items.count() == len(log)
    first = items.nth(0)
    assert log[0]["events"], "a declaration has an event"
    # the command is kept for screen readers and search only: no room on screen
    assert first.locator(".cmd").bounding_box()["width"] <= 1
    for i, e in enumerate(log):
        if e["events"]:
            text = items.nth(i).locator(".events").inner_text()
            assert text == "; ".join(e["events"])
    page.check('[data-testid="log-commands"]')
    assert items.nth(0).locator(".cmd").bounding_box()["width"] > 20
    # every roll is in the dice history, in order
    rolls = [e["action"].split(" ", 1)[1] for e in log if e["player"] is None and e["action"].startswith("roll")]
    page.locator('[data-testid="dice-card"] summary').click()
    dice = page.locator('[data-testid="dice"] .die')
    assert [dice.nth(i).inner_text() for i in range(dice.count())] == rolls
    shot(page, "polish-log-and-dice")


# -- the phone ---------------------------------------------------------------------------------------
def test_phone_layout(phone, api, server, shot):
    page = phone
    page.goto(server + "/")
    page.wait_for_selector('[data-testid="create"]')
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the start page scrolls sideways"
    brand = box(page, ".topbar .brand")
    assert brand["x"] >= 0 and brand["x"] + brand["width"] <= PHONE["width"]
    shot(page, "polish-phone-start")
    created = hotseat(api, 11)
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"], "the game page scrolls sideways"
    # the current phase is in view in the phase strip
    cur = box(page, "li.phase.current")
    assert cur["x"] >= 0 and cur["x"] + cur["width"] <= PHONE["width"]
    # counters are big enough to read and tap
    c = box(page, 'svg.map [data-unit="XL"]')
    assert c["width"] >= 28
    shot(page, "polish-phone-game")
    # choosing a battle: the odds and the Declare button are on screen, in the bottom sheet
    select_battle(page, ["XL", "XLVI", "LVII"], "0405")
    for sel in ('[data-testid="declare"]', '[data-testid="odds"] [data-odds="final"]'):
        b = box(page, sel)
        assert 0 <= b["y"] and b["y"] + b["height"] <= PHONE["height"], f"{sel} is off screen: {b}"
    assert page.locator(".sheet").evaluate("e => getComputedStyle(e).position") == "fixed"
    shot(page, "polish-phone-odds")
    page.click('[data-testid="declare"]')
    page.wait_for_selector('[data-testid="declared"]')


def test_phone_computer_turn(phone, api, server, shot):
    page = phone
    page.goto(server + "/")
    page.evaluate("localStorage.setItem('typhoon.playback', 'fast')")
    created = api.post("/api/games", {"mode": "ai", "human_side": "german", "ai": "heuristic", "options": {"edition": "2009"}, "seed": 5})
    page.goto(server + created["links"]["german"])
    wait_loaded(page)
    gid, _ = ids_from_url(page.url)
    end_phase(page)
    wait_state(page, you_act=True, phase="german_movement")
    page.click('[data-testid="end-phase"]')
    page.locator('[data-testid="playback"]').wait_for(state="visible")
    page.wait_for_selector("svg.map path.trail.now", timeout=30_000)
    pb = box(page, '[data-testid="playback-caption"]')
    assert pb["y"] + pb["height"] <= PHONE["height"]
    shot(page, "polish-phone-playback")
    wait_state(page, you_act=True, turn=2, timeout=60_000)
    assert gid


def test_no_stray_null_on_the_start_page_or_the_score(desk, api, server):
    """A DOM replaceChildren given a missing part printed the word "null" (seen under "Your
    account" when nobody is signed in, and in the Score box of a game without victory list)."""
    page = desk
    page.goto(server + "/")
    page.wait_for_selector("[data-testid=account] h2")
    page.wait_for_selector("[data-testid=account] input")
    assert "null" not in page.inner_text("[data-testid=account]")

"""Helpers that drive the browser client the way a player does: clicks on units, hexes, buttons."""

from __future__ import annotations

import time
from urllib.parse import parse_qs, urlparse

from typhoon.core import record
from typhoon.games.bfm import new_game

ENGINE_OPTIONS = {"edition": "2009"}


def ids_from_url(url: str) -> tuple[str, str | None]:
    u = urlparse(url)
    gid = u.path.rstrip("/").split("/")[-1]
    seat = parse_qs(u.fragment).get("seat", parse_qs(u.query).get("seat", [None]))[0]  # #seat= (secret never sent)
    return gid, seat


def version(page) -> int:
    return int(page.locator("#app").get_attribute("data-version"))


def wait_loaded(page) -> None:
    page.wait_for_selector("#app[data-version]")
    page.wait_for_selector("svg.map .counter")


def wait_version_change(page, old: int, timeout: float = 20_000) -> None:
    page.wait_for_function(f"document.querySelector('#app')?.dataset.version !== '{old}'", timeout=timeout)


def wait_state(page, *, you_act: bool | None = None, phase: str | None = None, turn: int | None = None, timeout: float = 30_000) -> None:
    conds = []
    if you_act is not None:
        conds.append(f"d.youAct === '{1 if you_act else 0}'")
    if phase is not None:
        conds.append(f"d.phase === '{phase}'")
    if turn is not None:
        conds.append(f"d.turn === '{turn}'")
    js = "(() => { const d = document.querySelector('#app').dataset; return " + " && ".join(conds or ["true"]) + "; })()"
    page.wait_for_function(js, timeout=timeout)


def click_unit(page, unit: str) -> None:
    page.locator(f'svg.map [data-unit="{unit}"]').click()


def unit_hex(page, unit: str) -> str | None:
    loc = page.locator(f'svg.map [data-unit="{unit}"]')
    return loc.get_attribute("data-hex") if loc.count() else None


def click_hex(page, hex_id: str) -> None:
    """Click a hex: its counter if a unit stands there, else the hex itself."""
    counter = page.locator(f'svg.map .counter[data-hex="{hex_id}"]')
    if counter.count():
        counter.first.click()
    else:
        page.locator(f'svg.map polygon.hex[data-hex="{hex_id}"]').click()


def act(page, fn) -> None:
    """Do something that changes the game and wait until the page shows the new version."""
    old = version(page)
    fn()
    wait_version_change(page, old)


def move_by_clicks(page, unit: str, dest: str) -> None:
    click_unit(page, unit)
    page.wait_for_selector(f'svg.map [data-hl="{dest}"].dest')
    act(page, lambda: click_hex(page, dest))
    page.wait_for_selector(f'svg.map [data-unit="{unit}"][data-hex="{dest}"]')


def select_battle(page, attackers: list[str], target: str) -> dict:
    """Select the attackers, then the defender; wait for the odds panel; return what it shows."""
    for a in attackers:
        click_unit(page, a)
    page.locator(f'svg.map .counter[data-hex="{target}"]').click()  # the defender
    page.locator(f'[data-testid="odds"][data-target="{target}"]').wait_for()
    return odds_shown(page)


def declare_selected(page, attackers: list[str]) -> None:
    act(page, lambda: page.click('[data-testid="declare"]'))
    # several attackers are declared one action each; wait until all are in the declared list
    page.wait_for_function(
        "(() => { const t = document.querySelector('[data-testid=declared]'); return t && "
        + " && ".join(f"t.textContent.includes('{a}')" for a in attackers) + "; })()"
    )


def declare_by_clicks(page, attackers: list[str], target: str) -> dict:
    shown = select_battle(page, attackers, target)
    declare_selected(page, attackers)
    return shown


def commit(page) -> None:
    act(page, lambda: page.click('[data-testid="commit"]'))


def odds_shown(page) -> dict:
    panel = page.locator('[data-testid="odds"]')
    results = {}
    for row in panel.locator("tr[data-result]").all():
        results[row.get_attribute("data-result")] = float(row.get_attribute("data-p"))
    return {
        "final": panel.locator('[data-odds="final"]').inner_text().strip(),
        "attack": panel.locator('[data-odds="attack"]').inner_text().strip(),
        "defence": panel.locator('[data-odds="defence"]').inner_text().strip(),
        "shifts": [li.inner_text().strip() for li in panel.locator("li[data-shift]").all()],
        "results": results,
        "text": panel.inner_text(),
    }


def legal(api, gid: str, seat: str) -> list[str]:
    v = api.view(gid, seat)
    return v["legal"] if v["you_act"] else []


def settle_choices(page, api, gid: str, seat: str, *, retreat_to: str | None = None, limit: int = 40) -> list[str]:
    """Answer every combat choice by clicking (arrows, units, buttons) until none is left.

    Returns what was chosen.  Retreats: the arrow to ``retreat_to`` if given, else the first.
    """
    chosen = []
    for _ in range(limit):
        v = api.view(gid, seat)
        if not v["you_act"]:
            break
        L = v["legal"]
        retreats = [a for a in L if a.startswith("retreat ")]
        if retreats:
            pick = next((a for a in retreats if a.split()[2] == retreat_to), retreats[0])
            act(page, lambda: page.locator(f'svg.map [data-arrow="{pick}"] .arrow-end').click())
        elif any(a.startswith("standfast") for a in L):
            pick = "standfast no"
            act(page, lambda: page.click('[data-testid="standfast-no"]'))
        elif "advance none" in L:
            pick = "advance none"
            act(page, lambda: page.click('.prompt [data-action="advance none"]'))
        elif any(a.startswith("loss ") for a in L):
            pick = next(a for a in L if a.startswith("loss "))
            act(page, lambda: click_unit(page, pick.split()[1]))
        elif any(a.startswith("resolve ") for a in L):
            pick = next(a for a in L if a.startswith("resolve "))
            act(page, lambda: page.click(f'.prompt [data-action="{pick}"]'))
        else:
            break
        chosen.append(pick)
    return chosen


def end_phase(page) -> None:
    act(page, lambda: page.click('[data-testid="end-phase"]'))


def engine_game(api, gid: str):
    """The server's game rebuilt by the engine from its save record."""
    return record.from_record(api.get(f"/api/games/{gid}/record"))


def find_retreat_seed(target: str, attackers: list[str], seeds=range(200)) -> tuple[int, list[str]]:
    """A seed whose first battle (``attackers`` on ``target``) ends in a choice of 2+ retreat paths."""
    for seed in seeds:
        g = new_game(ENGINE_OPTIONS, seed=seed)
        for a in attackers:
            g.push(f"attack {a} {target}")
        g.push("commit")
        while g.is_chance():
            g.roll()
        retreats = [str(a) for a in g.legal_actions if str(a).startswith("retreat ")]
        if len({r.split()[2] for r in retreats}) >= 2:
            return seed, retreats
    raise AssertionError(f"no seed in {seeds} gives a retreat choice for {attackers} on {target}")


def wait_until(fn, timeout: float = 20.0, what: str = "condition"):
    deadline = time.time() + timeout
    while time.time() < deadline:
        r = fn()
        if r:
            return r
        time.sleep(0.1)
    raise AssertionError(f"timed out waiting for {what}")

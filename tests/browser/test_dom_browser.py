"""Drive on Moscow in the browser: a game created on the start page and played to its outcome
against the computer (the game's own greedy player, ``registry.get("dom").players()``).

The human takes the German side and answers what the page asks by clicking: the end-of-phase
button, the phase-order dialog (5.2), the withdrawal buttons (9.3), the retreat arrows (11.25)
and any other prompt button; he moves and attacks with nobody. So the Germans meet none of
their victory conditions (4.1-4.3) and the Soviet side wins, by 4.5 at the end of game turn 9
or earlier by a sudden death (4.4): never a German victory, never a draw (L355).

Issue 11, "Done when": the game runs to an outcome in the browser against the computer.
Also checked: the German seat's page never shows an untried Soviet unit's values, nor which
counter was drawn for it, before its reveal (2.13 L188-192: hidden from both players)."""

from __future__ import annotations

import json
import re

import pytest

from typhoon.core import record
from typhoon.games import registry

from .bfmui import engine_game, ids_from_url, version, wait_loaded, wait_version_change

pytestmark = pytest.mark.browser

HUMAN = "german"
LAST_TURN = 9  # 4.3 L387-388 / 4.5 L405-406: the end of Game Turn 9 (Dec I)
REGULAR = "(4.5)"  # 4.5 L404-406: the Germans have fulfilled none of their victory conditions
SUDDEN = "(4.4)"  # 4.4 L394-402: a town or city west of the front line, or a missed withdrawal


def wait_for_human_or_end(page, timeout: float = 180_000) -> None:
    """Until the page says it is the human's move or the game is over."""
    page.wait_for_function(
        "(() => { const d = document.querySelector('#app').dataset;"
        " const s = document.querySelector('[data-testid=status]');"
        " return d.youAct === '1' || (s && s.classList.contains('over')); })()",
        timeout=timeout,
    )


def click_and_wait(page, locator, timeout: float = 180_000) -> None:
    """Click and wait for the page's next version (the computer's whole turn may come first)."""
    old = version(page)
    locator.click()
    wait_version_change(page, old, timeout=timeout)


def pick(legal: list[str]) -> str:
    """The passive German player's answer: end the phase when he may; the order move/fight
    (5.2); no November Offensive (12.0, voluntary); else the first action offered (a
    compulsory withdrawal 9.3, a retreat 11.25, a battle choice)."""
    if "end" in legal:
        return "end"
    if "order move-fight" in legal:
        return "order move-fight"
    return next((a for a in legal if a != "declare"), legal[0])


def control_for(page, action: str):
    """The control the page offers for ``action``: the End button, a button of the modal
    decision dialog, or a button in the prompt (a retreat's also an arrow on the map)."""
    if action == "end":
        return page.locator('[data-testid="end-phase"]')
    dialog = page.locator(f'dialog[open] button[value="{action}"]')
    if dialog.count():
        return dialog.first
    if action.startswith("retreat "):  # an arrow on the map, and its button beside it (the arrow may lie off screen)
        assert page.locator(f'svg.map [data-arrow="{action}"]').count() == 1, f"no retreat arrow on the map for {action!r}"
    button = page.locator(f'.prompt [data-action="{action}"]')
    assert button.count(), f"the page offers no control for {action!r}"
    return button.first


def hidden_slots(api, gid: str, ply: int) -> dict[str, str]:
    """Every untried Soviet slot at ``ply`` and the counter drawn for it, from the finished
    game's full record replayed by the engine up to that ply."""
    rec = api.get(f"/api/games/{gid}/record")
    g = record.from_record({**rec, "actions": rec["actions"][:ply], "outcome": None, "final": None})
    s = g.state
    return {u: s.draw[u] for u in s.slot_kind if s.is_hidden(u)}


def assert_untried_hidden(snapshot: dict, slots: dict[str, str]) -> None:
    """2.13 L188-192: nothing of an untried unit but its type reaches the German seat."""
    assert slots, "no untried Soviet unit at the snapshot: nothing was checked"
    for u, counter in slots.items():
        assert counter not in snapshot["html"], f"the German page names the counter drawn for {u}"
        assert counter not in snapshot["view"], f"the German seat's view names the counter drawn for {u}"
    shown = snapshot["counters"]
    on_map = [u for u in slots if u in shown]
    assert on_map, "no untried Soviet counter on the German page"
    for u in on_map:
        assert "?-?" in shown[u] and not re.search(r"\d-\d", shown[u]), f"{u} shows {shown[u]!r}"  # values, not hex numbers


@pytest.mark.slow
def test_dom_runs_to_its_outcome_against_the_computer(page, api, server, shot):
    assert "greedy" in registry.get("dom").players()
    page.goto(server + "/")
    page.select_option("select[name=game]", "dom")
    page.check("input[name=mode][value=ai]")
    page.check(f"input[name=human_side][value={HUMAN}]")
    page.select_option("select[name=ai]", "greedy")
    page.fill("input[name=seed]", "7")
    page.fill("input[name=title]", "browser: dom")
    page.click('[data-testid="create"]')
    page.wait_for_url("**/play/**")
    wait_loaded(page)
    gid, seat = ids_from_url(page.url)
    assert seat
    assert page.locator("svg.map polygon.hex").count() == len(registry.get("dom").map_meta()["hexes"])

    snapshot = None
    answered: set[str] = set()
    for _ in range(1000):
        wait_for_human_or_end(page)
        v = api.view(gid, seat)
        if v.get("outcome"):
            break
        assert v["you_act"] and v["current_player"] == HUMAN
        if snapshot is None:  # the German's first decision: the Soviet set-up is all untried
            snapshot = {"ply": max(e["ply"] for e in v["log"]), "html": page.content(), "view": json.dumps(v),
                        "counters": {u["id"]: page.locator(f'svg.map [data-unit="{u["id"]}"]').first.text_content()
                                     for u in v["units"] if u["side"] == "soviet" and u.get("hidden") and u["where"] == "map"}}
        action = pick(v["legal"])
        answered.add(action.split()[0])
        click_and_wait(page, control_for(page, action))
    else:
        raise AssertionError("the game did not end")

    v = api.view(gid, seat)
    outcome = v["outcome"]
    assert outcome["winner"] == "soviet"  # the Germans took nothing (4.1-4.3): no draw (L355)
    assert (v["turn"] == LAST_TURN and outcome["reason"].endswith(REGULAR)) or outcome["reason"].endswith(SUDDEN), outcome
    status = page.locator('[data-testid="status"]')
    assert status.inner_text().startswith("Game over: Soviet victory")
    reason = outcome["reason"]  # the status line starts the reason as its own sentence
    assert reason[0].upper() + reason[1:] in status.inner_text()
    assert "status" in (status.get_attribute("class") or "") and "over" in status.get_attribute("class")
    assert any(e["player"] == "soviet" for e in v["log"]), "the Soviet computer player made no move"
    assert {"end", "order"} <= answered  # the End button and the phase-order dialog were used

    # the server's record, replayed by the engine, ends the same way
    g = engine_game(api, gid)
    assert g.state.outcome is not None
    assert (g.state.outcome.winner, g.state.outcome.reason) == (outcome["winner"], outcome["reason"])
    assert api.get(f"/api/games/{gid}/record")["outcome"]["winner"] == "soviet"

    assert_untried_hidden(snapshot, hidden_slots(api, gid, snapshot["ply"]))
    shot(page, "dom_over")

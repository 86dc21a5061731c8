"""The Moscow Campaign in the browser: each of the three scenarios (002 L2: the September,
November and December offensives) created on the start page and played to its outcome against
the computer. The human takes the Soviet side and answers what the page asks by clicking (the
end-of-phase button, retreat arrows or prompt buttons); the computer plays the German side.

Issue 12, "Done when": each scenario runs to an outcome in the browser against the computer."""

from __future__ import annotations

import pytest

from typhoon.games import registry

from .bfmui import ids_from_url, version, wait_loaded, wait_version_change

pytestmark = pytest.mark.browser

LAST_TURN = {"september": 15, "november": 23, "december": 31}  # decisions.md D-SCEN


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


def answer(page, text: str) -> None:
    """Click what the page offers for a battle choice: its button in the prompt (retreats are
    also arrows on the map, offered as buttons beside them)."""
    button = page.locator(f'.prompt [data-action="{text}"]')
    assert button.count(), f"the page offers no control for {text!r}"
    if text.startswith("retreat "):
        assert page.locator(f'svg.map [data-arrow="{text}"]').count() == 1  # and the arrow
    click_and_wait(page, button.first)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["september", "november", "december"])
def test_mc_scenario_runs_to_its_outcome_against_the_computer(page, api, server, shot, scenario):
    page.goto(server + "/")
    page.select_option("select[name=game]", "mc")
    page.wait_for_selector('[data-option="scenario"]')
    page.select_option('[data-option="scenario"]', scenario)
    page.check("input[name=mode][value=ai]")
    page.check("input[name=human_side][value=soviet]")
    page.select_option("select[name=ai]", "greedy")
    page.fill("input[name=seed]", "7")
    page.fill("input[name=title]", f"browser: mc {scenario}")
    page.click('[data-testid="create"]')
    page.wait_for_url("**/play/**")
    wait_loaded(page)
    gid, seat = ids_from_url(page.url)
    assert seat
    assert page.locator("svg.map polygon.hex").count() == len(registry.get("mc").map_meta()["hexes"])

    for _ in range(2000):
        wait_for_human_or_end(page)
        v = api.view(gid, seat)
        if v.get("outcome"):
            break
        assert v["you_act"] and v["current_player"] == "soviet"
        if "end" in v["legal"]:
            click_and_wait(page, page.locator('[data-testid="end-phase"]'))  # the Soviet player attacks and moves nobody: voluntary (L22, L59)
        else:
            answer(page, v["legal"][0])  # a retreat (D-RETREAT: the owner chooses) or another choice
    else:
        raise AssertionError("the game did not end")

    v = api.view(gid, seat)
    outcome = v["outcome"]
    assert outcome["winner"] in ("german", "soviet")
    # the month's last turn (D-SCEN), or earlier only by the Moscow sudden death (D-VICTORY)
    assert v["turn"] == LAST_TURN[scenario] or "Moscow" in outcome["reason"]
    status = page.locator('[data-testid="status"]')
    assert status.inner_text().startswith("Game over:")
    reason = outcome["reason"]  # the status line starts the reason as its own sentence
    assert reason[0].upper() + reason[1:] in status.inner_text()
    assert any(e["player"] == "german" for e in v["log"]), "the German computer player made no move"
    shot(page, f"mc_{scenario}_over")

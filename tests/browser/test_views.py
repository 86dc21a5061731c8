"""A finished game (spectator view and replay) and the server's error messages in the page."""

from __future__ import annotations

import pytest

from typhoon.ai.match import play_game
from typhoon.core import record

from .bfmui import wait_loaded

pytestmark = pytest.mark.browser


def test_finished_game_shows_the_outcome_and_replays(page, api, server, shot):
    game, _ = play_game("heuristic", "heuristic", {"edition": "2009"}, seed=3)
    out = game.outcome()
    doc = record.to_record(game, {"german": "heuristic", "soviet": "heuristic"})
    created = api.post("/api/games/import", {**doc, "mode": "hotseat"})
    page.goto(server + created["links"]["spectator"])
    wait_loaded(page)
    status = page.locator('[data-testid="status"]').inner_text()
    assert status.startswith("Game over")
    assert {"german": "German", "soviet": "Soviet"}[out.winner] in status
    assert page.locator('[data-testid="log-list"] li').count() == game.ply
    counts = page.locator('[data-testid="city-counts"]').inner_text()
    assert f"German {out.scores['german_cities']}" in counts and f"Soviet {out.scores['soviet_cities']}" in counts
    # city markers on the map agree with the final control
    control = api.view(created["id"])["position"]["control"]
    for hex_, side in control.items():
        assert page.locator(f'svg.map [data-control="{hex_}"]').get_attribute("class") == f"control {side}"
    assert page.locator("li.turn.current").inner_text().startswith("7")
    shot(page, "20_finished_game")
    page.goto(f"{server}/play/{created['id']}?replay=1&ply=100")
    page.wait_for_function(f"document.querySelector('[data-testid=replay-ply]')?.textContent === '100 / {game.ply}'")
    assert game.action_texts()[99] in page.locator('[data-testid="replay-info"]').inner_text()


def test_server_error_detail_is_shown(page, api, server):
    created = api.post("/api/games", {"mode": "hotseat", "options": {"edition": "2009"}, "seed": 6})
    page.goto(server + created["links"]["both"])
    wait_loaded(page)
    page.evaluate("window.typhoonGame.send('move XLVI 1405')")
    banner = page.locator("#error")
    banner.wait_for(state="visible")
    text = banner.inner_text()
    assert "move XLVI 1405" in text and "Not allowed" in text
    # the game is unchanged
    assert api.view(created["id"], created["seats"]["both"])["version"] == 0

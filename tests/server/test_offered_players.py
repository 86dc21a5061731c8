"""The server offers the ladder up to search-hard and still plays a game naming search-expert."""

from __future__ import annotations

from .conftest import new_game, view


def test_meta_offers_the_ladder_to_search_hard_and_creation_accepts_search_expert(client):
    games = {g["name"]: g for g in client.get("/api/meta").json()["games"]}
    assert "search-hard" in games["bfm"]["players"] and "search-expert" not in games["bfm"]["players"]
    # a game naming the level not offered is made (the person plays the German, who moves first)
    g = new_game(client, mode="ai", human_side="german", ai="search-expert", seed=2)
    assert view(client, g["id"], g["seats"]["german"])["players"] == {"german": "human", "soviet": "search-expert"}
    r = client.post("/api/games", json={"mode": "ai", "ai": "human", "seed": 2})
    assert r.status_code == 422 and "human" in r.json()["detail"]

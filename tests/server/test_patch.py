"""Rule fixes without losing running games: a stored game whose log no longer replays is
reported (409 naming `typhoon patch`, never a 500), and `typhoon patch` keeps what replays."""

from __future__ import annotations

from click.testing import CliRunner

from typhoon.cli import main

from .conftest import act, new_game, view


def break_the_log(client, gid, at):
    """As a rule fix would: the stored action at ply ``at`` is no longer legal."""
    store = client.app.state.store
    stored = store.load(gid)
    texts = list(stored.actions)
    texts[at - 1] = ("move XLVI 9999", texts[at - 1][1])
    store.replace_actions(gid, texts, {"ply": len(texts)})
    client.app.state.games.evict(gid)
    return [t for t, _ in texts]


def test_a_game_that_no_longer_replays_is_409_and_patch_keeps_what_replays(client, db_url):
    g = new_game(client, seed=7)
    gid, seat = g["id"], g["seats"]["both"]
    for i, a in enumerate(["attack XXII 0507", "commit"]):
        assert act(client, gid, seat, a, i).status_code == 200
    v = view(client, gid, seat)
    assert v["version"] == 3
    v = act(client, gid, seat, v["legal"][0], 3).json()
    played = [e["action"] for e in v["log"]]
    break_the_log(client, gid, 4)
    for path in (f"/api/games/{gid}", f"/api/games/{gid}/record"):
        r = client.get(path)
        assert r.status_code == 409, r.text
        assert "no longer replays" in r.json()["detail"] and f"typhoon patch {gid}" in r.json()["detail"]
    r = CliRunner().invoke(main, ["patch", gid, "--database", db_url, "--dry-run"])
    assert r.exit_code == 0 and "would keep the first 3 actions" in r.output, r.output
    assert client.get(f"/api/games/{gid}").status_code == 409  # a dry run changes nothing
    r = CliRunner().invoke(main, ["patch", gid, "--database", db_url])
    assert r.exit_code == 0 and "kept the first 3 actions" in r.output and "move XLVI 9999" in r.output, r.output
    w = view(client, gid, seat)
    assert w["version"] == 3 and [e["action"] for e in w["log"]] == played[:3] and w["you_act"]
    assert act(client, gid, seat, w["legal"][0], 3).status_code == 200  # the game goes on
    r = CliRunner().invoke(main, ["patch", gid, "--database", db_url])
    assert r.exit_code == 0 and "nothing to patch" in r.output


def test_patch_of_an_unknown_game_says_so(db_url, client):
    r = CliRunner().invoke(main, ["patch", "nope", "--database", db_url])
    assert r.exit_code != 0 and "no game with id 'nope'" in r.output

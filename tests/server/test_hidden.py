"""Any game through the server, and hidden information per seat.

Typhoon Mini (``typhoon.games.mini``, RULES.md) hides the red strength chits from everybody
until a unit's first battle (3.3, 3.4) and Blue's plan from Red (9.1). A seat, a spectator, a
WebSocket, a record or a replay must never carry what its reader may not see."""

from __future__ import annotations

import json

import pytest

from typhoon.core import record
from typhoon.core.contract import Event, visible_to
from typhoon.games import registry

from .conftest import act, new_game, view

pytest.importorskip("typhoon.games.mini.package")


def mini(client, **body):
    body.setdefault("game", "mini")
    body.setdefault("mode", "network")
    return new_game(client, **body)


def live_game(client, gid):
    return client.app.state.games.cache[gid].game


def secrets_of(game, seat):
    """The texts of every action and event of the true log that ``seat`` may not read."""
    out = set()
    for e in game.log:
        if not visible_to(e.seen_by, seat):
            out.add(str(e.action))
        for ev in e.events:
            if isinstance(ev, Event) and not visible_to(ev.seen_by, seat):
                out.add(ev.text)
    return out


def assert_hidden(doc, game, seat):
    """``doc`` (anything JSON handed to ``seat``) holds no hidden text and no hidden strength."""
    text = json.dumps(doc)
    leaked = [s for s in secrets_of(game, seat) if s in text]
    assert not leaked, f"{seat or 'spectator'} was given hidden texts {leaked}"
    truth = {u["id"]: u for u in registry.get("mini").view(game.state, "blue")["units"]}  # blue: never sees chits
    for u in (doc.get("units") or []) if isinstance(doc, dict) else []:
        if truth.get(u["id"], {}).get("hidden"):
            assert u["hidden"] is True and u.get("strength") is None and "?" in u["values"], u


def to_plan(client, g):
    """Play the set-up: the server drew the chits; Blue chooses plan aston."""
    v = view(client, g["id"], g["seats"]["blue"])
    assert v["you_act"] and sorted(v["legal"]) == ["plan aston", "plan brill"]
    r = act(client, g["id"], g["seats"]["blue"], "plan aston", v["version"])
    assert r.status_code == 200, r.text
    return r.json()


def test_create_a_mini_game_through_the_api(client):
    g = mini(client, seed=5)
    assert set(g["links"]) == {"blue", "red", "spectator"} and g["seats"]["both"] is None
    v = view(client, g["id"], g["seats"]["blue"])
    assert v["game"] == "mini" and v["sides"] == ["blue", "red"] and v["side_names"] == {"blue": "Blue", "red": "Red"}
    # 3.3: six chits drawn by the server before Blue's first decision; nobody reads their values
    assert v["version"] == 6 and all(e["player"] is None for e in v["log"])
    assert "position" not in v and v["perfect_information"] is False
    assert {d["verb"] for d in v["actions"]} == {"plan"} and all(d["units"] == [] and d["hex"] is None for d in v["actions"])
    listed = {x["id"]: x for x in client.get("/api/games").json()}
    assert listed[g["id"]]["game"] == "mini"
    meta = client.get(f"/api/games/{g['id']}/meta").json()
    assert meta["name"] == "mini" and "0801" not in meta["map_meta"]["hexes"]  # 2.1: the lake is no hex
    assert {o["name"] for o in meta["option_specs"]} == {"turns", "fixed_strengths"}
    assert "greedy" in meta["players"]
    h = mini(client, mode="ai", human_side="red", ai="greedy", seed=5)
    w = view(client, h["id"], h["seats"]["red"])
    assert w["players"] == {"blue": "greedy", "red": "human"} and w["current_player"] == "red" and w["you_act"]
    assert any(e["player"] == "blue" for e in w["log"])


def test_bad_mini_requests_name_what_is_wrong(client):
    for body, word in (
        ({"options": {"turns": 99}}, "turns"),
        ({"options": {"colour": "red"}}, "colour"),
        ({"options": {"fixed_strengths": "maybe"}}, "fixed_strengths"),
        ({"mode": "ai", "human_side": "german"}, "german"),
        ({"mode": "ai", "human_side": "blue", "ai": "heuristic"}, "heuristic"),
        ({"game": "chess"}, "chess"),
    ):
        r = client.post("/api/games", json={"game": "mini", "mode": "network", **body})
        assert r.status_code == 422 and word in r.json()["detail"], (body, r.json())
    r = client.post("/api/games", json={"game": "mini", "mode": "hotseat", "options": {"turns": 4, "fixed_strengths": True}})
    assert r.status_code == 201


def test_views_records_and_replays_hold_nothing_hidden(client):
    g = mini(client, seed=11)
    gid = g["id"]
    to_plan(client, g)
    game = live_game(client, gid)
    assert secrets_of(game, "red") >= {"plan aston"} and secrets_of(game, "blue")  # there is something to hide
    readers = {"blue": g["seats"]["blue"], "red": g["seats"]["red"], None: None}
    for seat, secret in readers.items():
        v = view(client, gid, secret)
        assert_hidden(v, game, seat)
        assert "position" not in v
        assert sum(u["hidden"] for u in v["units"]) == 6  # 3.3: no chit is seen before a battle
        rec = client.get(f"/api/games/{gid}/record", params={"seat": secret} if secret else {}).json()
        assert_hidden(rec, game, seat)
        assert rec["seed"] is None and rec["final"] is None
        for ply in (0, 3, game.ply):
            r = client.get(f"/api/games/{gid}/replay", params={"ply": ply, **({"seat": secret} if secret else {})}).json()
            assert_hidden(r, game, seat)
            assert "position" not in r
    # the plan is Blue's: Blue reads it in its log, Red and spectators read that a plan was chosen
    blue_log = [e["action"] for e in view(client, gid, g["seats"]["blue"])["log"]]
    red_log = [e["action"] for e in view(client, gid, g["seats"]["red"])["log"]]
    assert "plan aston" in blue_log and "plan aston" not in red_log and len(red_log) == len(blue_log)


def test_websocket_messages_carry_only_the_seat_view(client):
    g = mini(client, seed=11)
    gid = g["id"]
    sockets = {"blue": g["seats"]["blue"], "red": g["seats"]["red"], None: None}
    seen: dict = {k: [] for k in sockets}
    conns = {k: client.websocket_connect(f"/ws/games/{gid}" + (f"?seat={s}" if s else "")) for k, s in sockets.items()}
    try:
        socks = {k: c.__enter__() for k, c in conns.items()}
        for k, ws in socks.items():
            seen[k].append(ws.receive_json())
        v = to_plan(client, g)
        for k, ws in socks.items():
            seen[k].append(ws.receive_json())
        # Blue moves a unit and attacks (the chits of the battle's red units are revealed, 7.3)
        move = next(a for a in v["legal"] if a.startswith("move "))
        v = act(client, gid, g["seats"]["blue"], move, v["version"]).json()
        for k, ws in socks.items():
            seen[k].append(ws.receive_json())
    finally:
        for c in conns.values():
            c.__exit__(None, None, None)
    game = live_game(client, gid)
    for seat, msgs in seen.items():
        assert len(msgs) == 3 and all(m["type"] == "view" and m["view"]["seat"] == seat for m in msgs)
        for m in msgs:
            assert_hidden(m["view"], game, seat)


def test_odds_use_only_what_the_seat_knows(client):
    g = mini(client, seed=11)
    gid = g["id"]
    v = to_plan(client, g)
    game = live_game(client, gid)
    pkg = registry.get("mini")
    # Blue moves units next to red units (found on a copy of the game), then ends its movement
    for _ in range(6):
        trial = game.copy(keep_history=True)
        trial.push("end")
        if any(str(x).startswith("attack ") for x in trial.legal_actions):
            break
        move = next(m for m in v["legal"] if m.startswith("move ") and attack_after(game, m))
        v = act(client, gid, g["seats"]["blue"], move, v["version"]).json()
    v = act(client, gid, g["seats"]["blue"], "end", v["version"]).json()
    attacks = [d for d in v["actions"] if d["verb"] == "attack"]
    assert attacks, v["legal"]
    a = attacks[0]
    r = client.get(f"/api/games/{gid}/odds", params={"target": a["hex"], "attackers": ",".join(a["units"]), "seat": g["seats"]["blue"]})
    assert r.status_code == 200, r.text
    expected = pkg.battle_preview(game.observe_state("blue"), a["hex"], a["units"])
    got = r.json()
    assert {k: got[k] for k in expected} == json.loads(json.dumps(expected))
    assert_hidden(got, game, "blue")


def attack_after(game, move):
    trial = game.copy(keep_history=True)
    trial.push(move)
    trial.push("end")
    return any(str(x).startswith("attack ") for x in trial.legal_actions)


def test_computer_player_is_given_the_observed_game(client, monkeypatch):
    from typhoon.ai import base

    calls = []

    class Spy:
        name = "spy"

        def __init__(self, seed=0, **_):
            self.inner = base.RandomPlayer(seed)

        def choose(self, game):
            calls.append((game.observer, [e.action for e in game.log], game))
            return self.inner.choose(game)

    monkeypatch.setitem(base._GENERIC, "spy", Spy)
    g = mini(client, mode="ai", human_side="blue", ai="spy", seed=3)
    v = to_plan(client, g)
    v = act(client, g["id"], g["seats"]["blue"], "end", v["version"]).json()
    v = act(client, g["id"], g["seats"]["blue"], "end", v["version"]).json()
    assert calls, "the computer (red) never played"
    real = live_game(client, g["id"])
    hidden = secrets_of(real, "red")
    for observer, actions, seen in calls:
        assert observer == "red" and seen is not real
        assert not hidden & {str(a) for a in actions}
    assert v["you_act"] and v["current_player"] == "blue"


def test_bfm_odds_refuse_a_non_adjacent_attacker(client):
    from typhoon.games.bfm import new_game as engine_game

    g = new_game(client, seed=7)
    state = engine_game({}, seed=7).state
    far = next(u for u, h in sorted(state.hex_of.items()) if state.side_of(u) == "german" and not state.data.grid.adjacent(h, "0507"))
    r = client.get(f"/api/games/{g['id']}/odds", params={"target": "0507", "attackers": f"XXII,{far}"})
    assert r.status_code == 422 and far in r.json()["detail"] and "adjacent" in r.json()["detail"], r.json()
    assert client.get(f"/api/games/{g['id']}/odds", params={"target": "0507", "attackers": "XXII"}).status_code == 200


def test_records_of_a_running_hidden_game_do_not_replay(client):
    g = mini(client, seed=2)
    to_plan(client, g)
    rec = client.get(f"/api/games/{g['id']}/record", params={"seat": g["seats"]["red"]}).json()
    assert rec.get("redacted_for") == "red"
    r = client.post("/api/games/import", json={**rec, "mode": "hotseat"})
    assert r.status_code == 422 and "redacted" in r.json()["detail"]
    with pytest.raises(Exception):
        record.from_record(rec)

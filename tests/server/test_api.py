"""The REST API: creating games, playing, seats, versions, errors, restarts, helpers."""

from __future__ import annotations

import threading

import pytest
from fastapi.testclient import TestClient

from typhoon.core import record
from typhoon.core.errors import IllegalActionError
from typhoon.games.bfm import new_game as engine_game
from typhoon.server.app import create_app

from .conftest import act, new_game, view


def test_create_each_mode_gives_the_right_seats(client):
    hot = new_game(client, mode="hotseat")
    assert hot["seats"]["both"] and hot["seats"]["german"] is None and hot["seats"]["soviet"] is None
    # the secret travels in the fragment, which the browser never sends to a server
    assert hot["links"] == {"both": f"/play/{hot['id']}#seat={hot['seats']['both']}", "spectator": f"/play/{hot['id']}"}
    net = new_game(client, mode="network")
    assert net["seats"]["german"] and net["seats"]["soviet"] and net["seats"]["both"] is None
    assert net["seats"]["german"] != net["seats"]["soviet"]
    assert set(net["links"]) == {"german", "soviet", "spectator"}
    ai = new_game(client, mode="ai", human_side="german", ai="random")
    assert ai["seats"] == {"german": ai["seats"]["german"], "soviet": None, "both": None} and ai["seats"]["german"]
    listed = {g["id"]: g for g in client.get("/api/games").json()}
    assert set(listed) == {hot["id"], net["id"], ai["id"]}
    assert listed[ai["id"]]["players"] == {"german": "human", "soviet": "random"}
    assert listed[hot["id"]]["status"] == "running" and listed[hot["id"]]["turn"] == 1
    assert listed[hot["id"]]["phase"] == "german_combat"


def test_seat_secrets_are_stored_hashed(client):
    g = new_game(client, mode="network")
    stored = client.app.state.store.load(g["id"])
    assert g["seats"]["german"] not in stored.seats.values()
    assert len(stored.seats["german"]) == 64


def test_first_view_matches_the_engine(client):
    g = new_game(client, seed=7)
    v = view(client, g["id"], g["seats"]["both"])
    eng = engine_game({}, seed=7)
    assert v["version"] == 0 and v["seat"] == "both" and v["you_act"] is True
    assert v["legal"] == [str(a) for a in eng.legal_actions]
    assert v["current_player"] == "german" and v["turn"] == 1 and v["phase"] == "german_combat"
    assert v["phase_name"] == "German Combat Phase"
    assert v["log"] == [] and v["outcome"] is None and v["can_undo"] is False


def test_full_flow_server_rolls_the_die(client):
    g = new_game(client, seed=7)
    gid, seat = g["id"], g["seats"]["both"]
    r = act(client, gid, seat, "attack XXII 0507", 0)
    assert r.status_code == 200, r.text
    v = r.json()
    assert v["version"] == 1 and v["can_undo"] is True
    assert v["battles"][0]["target"] == "0507" and v["battles"][0]["attackers"] == ["XXII"]
    assert "0507" in v["odds"] and v["odds"]["0507"]["final"] == "1:1"
    v = act(client, gid, seat, "commit", 1).json()
    # the server rolled the die at once: the same roll the engine's seeded dice give
    eng = engine_game({}, seed=7)
    for a in ("attack XXII 0507", "commit"):
        eng.push(a)
    eng.roll()
    assert v["version"] == 3
    assert [e["action"] for e in v["log"]] == ["attack XXII 0507", "commit", str(eng.log[-1].action)]
    assert v["log"][2]["player"] is None and v["log"][2]["events"] == list(eng.log[-1].events)
    assert v["legal"] == [str(a) for a in eng.legal_actions]
    assert v["can_undo"] is False  # never past a die roll


def test_undo(client):
    g = new_game(client, seed=7)
    gid, seat = g["id"], g["seats"]["both"]
    act(client, gid, seat, "attack XXII 0507", 0)
    r = client.post(f"/api/games/{gid}/undo", json={"seat": seat, "version": 1})
    assert r.status_code == 200 and r.json()["version"] == 0 and r.json()["battles"] == []
    r = client.post(f"/api/games/{gid}/undo", json={"seat": seat, "version": 0})
    assert r.status_code == 422 and r.json()["detail"] == "cannot undo: nothing to undo"
    assert client.app.state.store.load(gid).actions == []


def test_illegal_action_is_422_with_the_engine_message_and_changes_nothing(client):
    g = new_game(client, seed=7)
    gid, seat = g["id"], g["seats"]["both"]
    eng = engine_game({}, seed=7)
    with pytest.raises(IllegalActionError) as info:
        eng.push("move XLVI 0507")
    r = act(client, gid, seat, "move XLVI 0507", 0)
    assert r.status_code == 422 and r.json() == {"detail": str(info.value)}
    r = act(client, gid, seat, "fly to the moon", 0)
    assert r.status_code == 422 and "fly" in r.json()["detail"]
    v = view(client, gid, seat)
    assert v["version"] == 0 and v["log"] == []


def test_wrong_or_missing_seat_is_403_and_changes_nothing(client):
    g = new_game(client, seed=7)
    gid = g["id"]
    before = view(client, gid)
    for body in ({"seat": "not-a-secret", "action": "end", "version": 0}, {"action": "end", "version": 0}, {"seat": "", "action": "end", "version": 0}):
        r = client.post(f"/api/games/{gid}/actions", json=body)
        assert r.status_code == 403, (body, r.text)
    assert client.get(f"/api/games/{gid}", params={"seat": "wrong"}).status_code == 403
    assert view(client, gid) == before


def test_spectator_view_is_read_only(client):
    g = new_game(client, mode="network", seed=7)
    v = view(client, g["id"])
    assert v["seat"] is None and v["you_act"] is False and v["legal"] == [] and v["can_undo"] is False
    r = client.post(f"/api/games/{g['id']}/undo", json={"version": 0})
    assert r.status_code == 403


def test_network_seat_may_only_act_on_its_turn(client):
    g = new_game(client, mode="network", seed=7)
    gid, ger, sov = g["id"], g["seats"]["german"], g["seats"]["soviet"]
    assert view(client, gid, sov)["you_act"] is False and view(client, gid, sov)["legal"] == []
    r = act(client, gid, sov, "end", 0)
    assert r.status_code == 403 and "not your turn" in r.json()["detail"]
    assert act(client, gid, ger, "end", 0).status_code == 200


def test_stale_version_is_409(client):
    g = new_game(client, seed=7)
    gid, seat = g["id"], g["seats"]["both"]
    assert act(client, gid, seat, "attack XXII 0507", 0).status_code == 200
    r = act(client, gid, seat, "commit", 0)
    assert r.status_code == 409 and "version" in r.json()["detail"]
    assert view(client, gid)["version"] == 1


def test_concurrent_actions_with_the_same_version_exactly_one_wins(client):
    g = new_game(client, seed=7)
    gid, seat = g["id"], g["seats"]["both"]
    actions = ["attack XXII 0507", "attack V 0304", "attack IX 0303", "attack XL 0405", "end", "attack LVI 0301"]
    codes: list[int] = []
    barrier = threading.Barrier(len(actions))

    def send(a):
        barrier.wait()
        codes.append(act(client, gid, seat, a, 0).status_code)

    threads = [threading.Thread(target=send, args=(a,)) for a in actions]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(codes) == [200] + [409] * (len(actions) - 1)
    v = view(client, gid)
    assert v["version"] == 1
    assert len(client.app.state.store.load(gid).actions) == 1


def test_ai_mode_computer_plays_until_the_human_must_act(client):
    g = new_game(client, mode="ai", human_side="german", ai="random", seed=3)
    gid, seat = g["id"], g["seats"]["german"]
    v = view(client, gid, seat)
    assert v["you_act"] and v["current_player"] == "german"
    # the German human ends each phase; after the last one the computer plays the whole Soviet
    # player turn and the game comes back to the German on turn 2
    for _ in range(10):
        v = act(client, gid, seat, "end", v["version"]).json()
        if v["turn"] == 2:
            break
    assert v["turn"] == 2 and v["current_player"] == "german" and v["you_act"] is True
    soviet = [e for e in v["log"] if e["player"] == "soviet"]
    assert soviet, "the computer played no Soviet action"
    assert v["version"] == len(client.app.state.store.load(gid).actions)


def test_ai_mode_computer_moves_first_when_the_human_is_soviet(client):
    g = new_game(client, mode="ai", human_side="soviet", ai="random", seed=3)
    v = view(client, g["id"], g["seats"]["soviet"])
    assert v["current_player"] == "soviet" and v["you_act"] is True
    assert v["version"] > 0 and all(e["player"] in ("german", None) for e in v["log"])


def test_bad_create_requests_are_422(client):
    for body, word in (
        ({"mode": "solo"}, "mode"),
        ({"mode": "hotseat", "options": {"edition": "1999"}}, "edition"),
        ({"mode": "hotseat", "options": {"colour": "red"}}, "colour"),
        ({"mode": "ai", "ai": "deep-thought"}, "deep-thought"),
        ({"mode": "hotseat", "seed": -1}, "seed"),
        ({}, "mode"),
    ):
        r = client.post("/api/games", json=body)
        assert r.status_code == 422, body
        assert word in r.json()["detail"], (body, r.json())
    assert client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"}).status_code == 422
    assert client.get("/api/games").json() == []


def test_unknown_game_is_404(client):
    assert client.get("/api/games/nope").status_code == 404
    assert act(client, "nope", "x", "end", 0).status_code == 404
    assert "nope" in client.get("/api/games/nope").json()["detail"]


def test_restart_rebuilds_the_game_from_the_log(db_url):
    app_a = create_app(db_url)
    with TestClient(app_a) as a:
        g = new_game(a, seed=7)
        gid, seat = g["id"], g["seats"]["both"]
        for i, text in enumerate(["attack XXII 0507", "attack LVII 0506", "commit"]):
            assert act(a, gid, seat, text, i).status_code == 200
        before = view(a, gid, seat)
    app_a.state.store.dispose()
    app_b = create_app(db_url)
    with TestClient(app_b) as b:
        after = view(b, gid, seat)
        assert after == before
        nxt = after["legal"][0]
        r = act(b, gid, seat, nxt, after["version"])
        assert r.status_code == 200 and r.json()["log"][after["version"]]["action"] == nxt
        assert r.json()["version"] > after["version"]
    app_b.state.store.dispose()


def test_odds_and_moves(client):
    g = new_game(client, seed=7)
    gid = g["id"]
    r = client.get(f"/api/games/{gid}/odds", params={"target": "0507", "attackers": "XXII,LVII"})
    assert r.status_code == 200, r.text
    o = r.json()
    assert o["defender"] == "29A" and o["attackers"] == ["XXII", "LVII"] and o["final"] in {"1:1", "2:1", "3:1", "4:1", "5:1", "6:1"}
    for params, word in (
        ({"target": "9999", "attackers": "XXII"}, "9999"),
        ({"target": "0507", "attackers": "NOPE"}, "NOPE"),
        ({"target": "0507", "attackers": "29A"}, "same side"),
        ({"target": "0507"}, "attackers"),
    ):
        r = client.get(f"/api/games/{gid}/odds", params=params)
        assert r.status_code == 422 and word in r.json()["detail"], (params, r.json())
    r = client.get(f"/api/games/{gid}/moves", params={"unit": "XXII"}).json()
    assert r["unit"] == "XXII" and r["destinations"] == []  # combat phase: nobody moves
    # its legal actions, described: the engine's actions naming XXII (attacks on adjacent hexes)
    eng = engine_game({}, seed=7)
    assert sorted(d["text"] for d in r["actions"]) == sorted(str(a) for a in eng.legal_actions if str(a).split()[1:2] == ["XXII"])
    assert r["actions"] and all(d["verb"] == "attack" and d["units"] == ["XXII"] for d in r["actions"])
    assert client.get(f"/api/games/{gid}/moves", params={"unit": "ZZZ"}).status_code == 422


def test_moves_in_a_movement_phase_match_the_engine(client):
    from typhoon.games.bfm import movement

    g = new_game(client, seed=7)
    gid, seat = g["id"], g["seats"]["both"]
    act(client, gid, seat, "end", 0)  # end the combat phase: German movement
    eng = engine_game({}, seed=7)
    eng.push("end")
    assert view(client, gid)["phase"] == eng.state.phase
    r = client.get(f"/api/games/{gid}/moves", params={"unit": "XLVI"}).json()
    assert r["destinations"] == sorted(movement.destinations(eng.state, "XLVI")) and r["destinations"]


def test_record_import_and_replay(client):
    g = new_game(client, seed=None)  # secret dice
    gid, seat = g["id"], g["seats"]["both"]
    for i, text in enumerate(["attack XXII 0507", "commit"]):
        act(client, gid, seat, text, i)
    v = view(client, gid)
    rec = client.get(f"/api/games/{gid}/record").json()
    # a running game's record withholds the seed (it would tell every roll to come), with its commitment
    assert rec["format"] == "typhoon-save" and rec["seed"] is None and rec["actions"] == [e["action"] for e in v["log"]]
    seed = client.app.state.games.cache[gid].game.seed
    assert rec["dice"] == "hmac-sha256" and rec["seed_commitment"] == record.seed_commitment(seed, "hmac-sha256")
    assert v["dice"]["commitment"] == rec["seed_commitment"] and v["dice"]["seed"] is None
    r = client.post("/api/games/import", json={**rec, "mode": "network"})
    assert r.status_code == 201, r.text
    imported = r.json()
    assert imported["seats"]["german"] and imported["seats"]["soviet"]
    w = view(client, imported["id"])
    # its rolls are taken as recorded: the imported game starts from the same position, fresh dice
    assert w["position"] == v["position"] and w["log"] == [] and w["mode"] == "network"
    # a record with its seed (a finished game, or a local save) keeps the whole log
    full = dict(rec, seed=seed)
    r = client.post("/api/games/import", json={**full, "mode": "hotseat"})
    assert r.status_code == 201, r.text
    w = view(client, r.json()["id"])
    assert w["position"] == v["position"] and w["log"] == v["log"]
    # ... and its seed, known to the importer, is shown to every seat
    assert w["dice"]["seed"] == seed and w["dice"]["seed_chosen"] is True
    bad = dict(full, actions=rec["actions"][:-1] + ["roll 99"])
    r = client.post("/api/games/import", json=bad)
    assert r.status_code == 422 and "does not replay" in r.json()["detail"]
    assert client.post("/api/games/import", json={"format": "nope"}).status_code == 422
    r0 = client.get(f"/api/games/{gid}/replay", params={"ply": 0}).json()
    assert r0["ply"] == 0 and r0["of"] == 3 and r0["action"] is None
    from typhoon.games.bfm import position

    assert r0["position"] == position.to_json(engine_game({}, seed=7).state)
    r3 = client.get(f"/api/games/{gid}/replay", params={"ply": 3}).json()
    assert r3["position"] == v["position"] and r3["action"] == v["log"][2]["action"] and r3["events"] == v["log"][2]["events"]
    assert client.get(f"/api/games/{gid}/replay", params={"ply": 4}).status_code == 422
    assert client.get(f"/api/games/{gid}/replay", params={"ply": -1}).status_code == 422


def test_meta_and_pages(client):
    m = client.get("/api/meta").json()
    games = {g["name"]: g for g in m["games"]}
    assert m["default"] == "bfm" and games["bfm"]["title"] == "Battle for Moscow"
    bfm = games["bfm"]
    assert bfm["sides"] == ["german", "soviet"] and bfm["side_names"] == {"german": "German", "soviet": "Soviet"}
    specs = {o["name"]: o for o in bfm["option_specs"]}
    assert specs["edition"]["choices"] == ["2009", "1986"] and specs["edition"]["default"] == "2009"
    assert "human" in bfm["players"] and "random" in bfm["players"] and "heuristic" in bfm["players"]
    one = client.get("/api/meta", params={"game": "bfm"}).json()["game"]
    assert one["options"]["edition"] == "2009" and one["map_meta"]["units"]["XXII"]["side"] == "german"
    assert len(one["map_meta"]["hexes"]) == 140 and len(one["map_meta"]["geometry"]["centres"]) == 140
    assert one["rules_doc"]["victory"] and one["rules_doc"]["charts"]
    old = client.get("/api/meta", params={"game": "bfm", "options": '{"edition": "1986"}'}).json()["game"]
    assert old["options"]["edition"] == "1986"
    for params, word in (({"game": "chess"}, "chess"), ({"game": "bfm", "options": '{"edition": "1999"}'}, "edition"),
                         ({"game": "bfm", "options": "{not json"}, "JSON")):
        r = client.get("/api/meta", params=params)
        assert r.status_code == 422 and word in r.json()["detail"], (params, r.json())
    g = new_game(client)
    assert client.get(f"/api/games/{g['id']}/meta").json()["map_meta"] == one["map_meta"]
    v = view(client, g["id"])
    assert [p["id"] for p in v["phases"] if not p.get("skipped")][0] == v["phase"] == "german_combat" and {u["id"]: u["side"] for u in v["units"]}["XXII"] == "german"
    assert client.get("/").status_code == 200 and "html" in client.get("/").headers["content-type"]
    assert client.get("/play/abc").text == client.get("/").text
    assert client.get("/docs").status_code == 200
    assert client.get("/openapi.json").json()["paths"]["/api/games"]


def test_ai_mode_default_computer_player(client):
    # the default opponent is the game's default_player: Battle for Moscow's search-normal
    # (the default level, issue 13), the game's own first player for a game naming none (mini)
    games = {g["name"]: g for g in client.get("/api/meta").json()["games"]}
    assert games["bfm"]["default_player"] == "search-normal" and games["mini"]["default_player"] == "greedy"
    g = new_game(client, mode="ai", human_side="soviet", seed=1)
    v = view(client, g["id"], g["seats"]["soviet"])
    assert v["players"] == {"german": "search-normal", "soviet": "human"}
    assert v["current_player"] == "soviet" and v["you_act"] and v["version"] > 0
    assert {e["player"] for e in v["log"]} <= {"german", None}


def test_ai_mode_default_computer_player_by_its_side(client):
    # Operation Typhoon names one by the side the computer plays (docs/ai.md, session 26)
    ot = {g["name"]: g for g in client.get("/api/meta").json()["games"]}["ot"]
    assert ot["default_players"] == {"german": "greedy", "russian": "search-normal"}
    for human, computer, name in (("german", "russian", "search-normal"), ("russian", "german", "greedy")):
        g = new_game(client, game="ot", mode="ai", human_side=human, seed=1)
        players = view(client, g["id"], g["seats"][human])["players"]
        assert players == {human: "human", computer: name}

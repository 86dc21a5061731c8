"""Views with moves on demand: a BfM movement phase's view leaves out the per-unit moves
(``?moves=on_demand``), and ``/moves?unit=U`` gives exactly the ones left out."""

from __future__ import annotations

import json

from .conftest import new_game, seat_headers, ws_connect


def movement_phase(client):
    g = new_game(client, seed=3)
    gid, seat = g["id"], g["seats"]["both"]
    v = client.get(f"/api/games/{gid}", headers=seat_headers(seat)).json()
    while v["phase"] != "german_movement":
        ends = [a["text"] for a in v["actions"] if a["verb"] == "end"]
        v = client.post(f"/api/games/{gid}/actions", json={"action": ends[0] if ends else v["legal"][-1], "version": v["version"]},
                        headers=seat_headers(seat)).json()
    return gid, seat, v


def test_moves_on_demand_keep_every_action_reachable_and_the_view_small(client):
    gid, seat, full = movement_phase(client)
    lean = client.get(f"/api/games/{gid}", params={"moves": "on_demand"}, headers=seat_headers(seat)).json()
    moves = [a for a in full["actions"] if a["verb"] == "move"]
    assert len(moves) > 100  # 10.0: every German unit may move in its movement phase
    assert lean["legal"] == full["legal"] and lean["moves_on_demand"] == len(moves)
    assert [a for a in lean["actions"] if a["verb"] == "move"] == []
    assert lean["movable"] == sorted({u for a in moves for u in a["units"]})
    assert len(json.dumps(lean)) < len(json.dumps(full)) / 2
    # each unit's moves, on demand, are exactly the ones left out
    got = []
    for unit in lean["movable"]:
        r = client.get(f"/api/games/{gid}/moves", params={"unit": unit}, headers=seat_headers(seat)).json()
        got += [a for a in r["actions"] if a["verb"] == "move"]
    assert sorted(a["text"] for a in got) == sorted(a["text"] for a in moves)
    # the default view is unchanged; a bad value is 422
    assert client.get(f"/api/games/{gid}", headers=seat_headers(seat)).json() == full
    assert client.get(f"/api/games/{gid}", params={"moves": "some"}).status_code == 422


def test_the_websocket_sends_views_with_moves_on_demand_when_asked(client):
    gid, seat, full = movement_phase(client)
    with client.websocket_connect(f"/ws/games/{gid}?moves=on_demand", subprotocols=["typhoon.v1", f"typhoon.seat.{seat}"]) as lean_ws, \
            ws_connect(client, gid, seat) as full_ws:
        assert lean_ws.receive_json()["view"]["movable"] and "movable" not in full_ws.receive_json()["view"]
        move = next(a["text"] for a in full["actions"] if a["verb"] == "move")
        full_ws.send_json({"type": "action", "action": move, "version": full["version"]})
        assert "movable" not in full_ws.receive_json()["view"]
        pushed = lean_ws.receive_json()["view"]
        assert pushed["version"] == full["version"] + 1 and "moves_on_demand" in pushed

"""The WebSocket channel: views on connect and on every change, actions, errors."""

from __future__ import annotations

from .conftest import act, new_game, view, ws_connect


def test_ws_sends_views_and_accepts_actions(client):
    g = new_game(client, seed=7)
    gid, seat = g["id"], g["seats"]["both"]
    with ws_connect(client, gid, seat) as ws, client.websocket_connect(f"/ws/games/{gid}") as spec:
        first = ws.receive_json()
        assert first["type"] == "view" and first["view"]["version"] == 0 and first["view"]["you_act"] is True
        assert first["view"] == view(client, gid, seat)
        s0 = spec.receive_json()
        assert s0["view"]["seat"] is None and s0["view"]["legal"] == []
        ws.send_json({"type": "action", "action": "attack XXII 0507", "version": 0})
        v1 = ws.receive_json()
        assert v1["type"] == "view" and v1["view"]["version"] == 1 and v1["view"]["battles"][0]["target"] == "0507"
        s1 = spec.receive_json()
        assert s1["view"]["version"] == 1 and s1["view"]["you_act"] is False
        # a change made over REST reaches the sockets too
        assert act(client, gid, seat, "commit", 1).status_code == 200
        v3 = ws.receive_json()["view"]
        assert v3["version"] == 3 and v3["log"][2]["player"] is None  # the server's die roll
        assert spec.receive_json()["view"]["version"] == 3
        ws.send_json({"type": "undo", "version": 3})
        e = ws.receive_json()
        assert e["type"] == "error" and e["status"] == 422 and "die roll" in e["detail"]


def test_ws_errors(client):
    g = new_game(client, mode="network", seed=7)
    gid, ger, sov = g["id"], g["seats"]["german"], g["seats"]["soviet"]
    with ws_connect(client, gid, sov) as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": "end", "version": 0})
        e = ws.receive_json()
        assert e["type"] == "error" and e["status"] == 403
        ws.send_text("not json")
        assert ws.receive_json()["status"] == 422
        ws.send_json({"type": "dance"})
        assert ws.receive_json()["status"] == 422
        ws.send_json({"type": "action", "action": "end", "version": "zero"})
        assert ws.receive_json()["status"] == 422
    with ws_connect(client, gid, ger) as ws:
        ws.receive_json()
        ws.send_json({"type": "action", "action": "end", "version": 5})
        e = ws.receive_json()
        assert e["status"] == 409
        ws.send_json({"type": "action", "action": "move XLVI 0507", "version": 0})
        e = ws.receive_json()
        assert e["status"] == 422 and e["detail"].startswith("move XLVI 0507: not legal now")
    with client.websocket_connect(f"/ws/games/{gid}") as spec:
        spec.receive_json()
        spec.send_json({"type": "action", "action": "end", "version": 0})
        assert spec.receive_json()["status"] == 403
    with client.websocket_connect(f"/ws/games/{gid}?seat=wrong") as ws:
        e = ws.receive_json()
        assert e["type"] == "error" and e["status"] == 403
    with client.websocket_connect("/ws/games/nope") as ws:
        assert ws.receive_json()["status"] == 404
    assert view(client, gid)["version"] == 0

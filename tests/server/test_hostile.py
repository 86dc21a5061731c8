"""Hostile input (docs/security.md, "Hardening"): every malformed request gets a 4xx with a
clear message, the WebSocket survives any frame, memory does not grow per request, secrets
never reach a log, the creator can always re-issue seat links."""

from __future__ import annotations

import gc
import json
import tracemalloc

import pytest
from fastapi.testclient import TestClient

from typhoon.server.app import create_app
from typhoon.server.guard import MAX_DEPTH, RateLimits, move_secrets_out_of_url, strict_json
from typhoon.server.seats import ScrubSecrets

from .conftest import act, new_game, seat_headers, view, ws_connect

RAW = {"content-type": "application/json"}


def post_raw(client, url, text, headers=None):
    return client.post(url, content=text.encode("utf-8", "surrogatepass"), headers={**RAW, **(headers or {})})


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers_are_422(client, number):
    g = new_game(client)
    for url, text in ((f"/api/games/{g['id']}/actions", f'{{"action": "end", "version": {number}}}'),
                      ("/api/games", f'{{"mode": "hotseat", "seed": {number}}}')):
        r = post_raw(client, url, text, seat_headers(g["seats"]["both"]))
        assert r.status_code == 422, (url, r.text)
        assert "finite" in r.json()["detail"]
    assert view(client, g["id"])["version"] == 0


def test_lone_surrogates_are_422(client):
    g = new_game(client)
    for url, text in ((f"/api/games/{g['id']}/actions", '{"action": "\\ud800", "version": 0}'),
                      ("/api/games", '{"mode": "hotseat", "title": "\\udfff"}'),
                      ("/api/games", '{"mode": "hotseat", "options": {"\\ud800": 1}}')):
        r = post_raw(client, url, text, seat_headers(g["seats"]["both"]))
        assert r.status_code == 422 and "surrogate" in r.json()["detail"], (url, r.text)
    r = client.post("/api/games", content=b'{"mode": "\xff"}', headers=RAW)
    assert r.status_code == 422 and "UTF-8" in r.json()["detail"]


def test_deep_json_is_422(client):
    g = new_game(client)
    deep = "[" * 100_000 + "]" * 100_000  # too big to be read at all
    r = post_raw(client, f"/api/games/{g['id']}/actions", deep, seat_headers(g["seats"]["both"]))
    assert r.status_code == 413
    deep = "[" * 5000 + "]" * 5000  # small enough to read, too deep to parse
    r = post_raw(client, f"/api/games/{g['id']}/actions", deep, seat_headers(g["seats"]["both"]))
    assert r.status_code == 422 and "nested" in r.json()["detail"]
    ok = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    strict_json(ok)
    r = post_raw(client, "/api/games", '{"mode": "hotseat", "options": ' + "{\"a\": " * 40 + "1" + "}" * 40 + "}")
    assert r.status_code == 422 and "nested" in r.json()["detail"]


def test_big_bodies_are_refused_before_they_are_read(client):
    g = new_game(client)
    r = client.post(f"/api/games/{g['id']}/actions", content=b"x" * (20 * 1024 * 1024), headers=RAW)
    assert r.status_code == 413 and "at most" in r.json()["detail"]

    def chunks():  # no Content-Length: counted while read, refused at the limit
        for _ in range(2000):
            yield b" " * 10_000

    r = client.post("/api/games", content=chunks(), headers=RAW)
    assert r.status_code == 413


def test_versions_are_json_integers_everywhere(client):
    g = new_game(client)
    seat = g["seats"]["both"]
    for bad in ("0", True, -1, 0.5, None, [0]):
        r = client.post(f"/api/games/{g['id']}/actions", json={"action": "end", "version": bad}, headers=seat_headers(seat))
        assert r.status_code == 422 and "version" in r.json()["detail"], (bad, r.text)
    with ws_connect(client, g["id"], seat) as ws:
        ws.receive_json()
        for bad in ("0", True, -1, 0.5, None):
            ws.send_json({"type": "action", "action": "end", "version": bad})
            e = ws.receive_json()
            assert e["type"] == "error" and e["status"] == 422 and "version" in e["detail"], bad
    assert act(client, g["id"], seat, "end", 0).status_code == 200


def test_the_websocket_survives_any_frame(client):
    g = new_game(client)
    with ws_connect(client, g["id"], g["seats"]["both"]) as ws:
        ws.receive_json()
        for send, status in ((lambda: ws.send_bytes(b"\x00\x01binary"), 422),
                             (lambda: ws.send_text("[" * 100_000 + "]" * 100_000), 413),
                             (lambda: ws.send_text("[" * 5000 + "]" * 5000), 422),
                             (lambda: ws.send_text('{"type": "action", "action": "end", "version": NaN}'), 422),
                             (lambda: ws.send_text('"\\ud800"'), 422),
                             (lambda: ws.send_text("[1, 2]"), 422),
                             (lambda: ws.send_text('{"type": {"nested": []}}'), 422),
                             (lambda: ws.send_text('{"type": "action", "action": ["end"], "version": 0}'), 422)):
            send()
            e = ws.receive_json()
            assert e["type"] == "error" and e["status"] == status, e
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        ws.send_json({"type": "action", "action": "end", "version": 0})
        assert ws.receive_json()["view"]["version"] == 1


def test_unknown_game_ids_leave_nothing_behind(client):
    games = client.app.state.games
    for i in range(300):
        assert client.get(f"/api/games/nope{i}").status_code == 404
        with client.websocket_connect(f"/ws/games/gone{i}") as ws:
            assert ws.receive_json()["status"] == 404
    assert client.get("/api/games/" + "x" * 5000).status_code == 404
    assert games._load_locks == {} and games.cache == {}


@pytest.mark.slow
def test_ten_thousand_bad_requests_do_not_grow_memory(db_url):
    app = create_app(db_url, rate_limits=RateLimits.unlimited())
    with TestClient(app) as c:
        g = new_game(c)
        gid, seat = g["id"], g["seats"]["both"]
        bad = [
            lambda i: c.get(f"/api/games/unknown{i}"),
            lambda i: post_raw(c, f"/api/games/{gid}/actions", '{"action": "end", "version": NaN}'),
            lambda i: c.post(f"/api/games/{gid}/actions", json={"action": f"fly {i}", "version": 0}, headers=seat_headers(seat)),
            lambda i: c.post(f"/api/games/{gid}/actions", json={"action": "end", "version": "0"}, headers=seat_headers(seat)),
            lambda i: c.get(f"/api/games/{gid}", headers=seat_headers(f"wrong{i}")),
            lambda i: post_raw(c, "/api/games", '{"mode": "hotseat", "options": {"x%d": 1}}' % i),
            lambda i: c.get("/api/meta", params={"game": "bfm", "options": json.dumps({"edition": str(i)})}),
            lambda i: c.post(f"/api/games/{gid}/undo", json={"version": 0}, headers=seat_headers(seat)),
        ]

        def burst(n, start):
            for i in range(start, start + n):
                r = bad[i % len(bad)](i)
                assert 400 <= r.status_code < 500, r.text

        burst(2000, 0)  # warm up caches and pools
        gc.collect()
        tracemalloc.start()
        before = tracemalloc.get_traced_memory()[0]
        burst(8000, 2000)
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
        tracemalloc.stop()
        assert grown < 2 * 1024 * 1024, f"{grown} bytes kept after 8,000 bad requests"
        assert app.state.games._load_locks == {} and set(app.state.games.cache) <= {gid}
        assert view(c, gid)["version"] == 0
    app.state.store.dispose()


def test_game_creation_and_actions_are_rate_limited(db_url):
    app = create_app(db_url, rate_limits=RateLimits(create="3/minute", act="5/minute"))
    with TestClient(app) as c:
        codes = [c.post("/api/games", json={"mode": "hotseat"}).status_code for _ in range(4)]
        assert codes == [201, 201, 201, 429]
        r = c.post("/api/games", json={"mode": "hotseat"})
        assert r.status_code == 429 and "too many" in r.json()["detail"] and r.headers["retry-after"]
        gid = c.get("/api/games").json()[0]["id"]
        codes = [c.post(f"/api/games/{gid}/actions", json={"action": "end", "version": 99}).status_code for _ in range(6)]
        assert codes[:5] == [403] * 5 and codes[5] == 429
    app.state.store.dispose()


def test_secrets_leave_the_url_before_anything_logs_it():
    scope = {"type": "http", "query_string": b"target=0507&seat=S3CRET&x=1", "headers": []}
    move_secrets_out_of_url(scope)
    assert b"S3CRET" not in scope["query_string"] and (b"x-typhoon-seat", b"S3CRET") in scope["headers"]
    import logging

    rec = logging.LogRecord("uvicorn.access", logging.INFO, "", 0, '%s - "%s %s HTTP/%s" %d',
                            ("1.2.3.4", "GET", "/api/games/x?seat=S3CRET", "1.1", 200), None)
    ScrubSecrets().filter(rec)
    assert "S3CRET" not in rec.getMessage()


def test_old_query_secrets_still_open_the_seat(client):
    g = new_game(client, mode="network")
    ger = g["seats"]["german"]
    assert client.get(f"/api/games/{g['id']}?seat={ger}").json()["seat"] == "german"
    with client.websocket_connect(f"/ws/games/{g['id']}?seat={ger}") as ws:
        assert ws.receive_json()["view"]["seat"] == "german"


def test_the_creator_can_reissue_seat_links(client):
    g = new_game(client, mode="network")
    gid, owner, old = g["id"], g["owner"], g["seats"]["soviet"]
    assert owner and owner not in g["seats"].values() and owner not in json.dumps(g["links"])
    r = client.post(f"/api/games/{gid}/seats", json={"seats": ["soviet"]}, headers={"X-Typhoon-Owner": old})
    assert r.status_code == 403  # a seat secret is not the owner secret
    with ws_connect(client, gid, old) as ws:
        ws.receive_json()
        r = client.post(f"/api/games/{gid}/seats", json={"seats": ["soviet"]}, headers={"X-Typhoon-Owner": owner})
        assert r.status_code == 200, r.text
        new = r.json()["seats"]["soviet"]
        assert new != old and r.json()["links"]["soviet"] == f"/play/{gid}#seat={new}"
    assert client.get(f"/api/games/{gid}", headers=seat_headers(old)).status_code == 403
    assert view(client, gid, new)["seat"] == "soviet"
    # every seat is told
    changes = view(client, gid, g["seats"]["german"])["seat_changes"]
    assert [c["seat"] for c in changes] == ["soviet"]
    r = client.post(f"/api/games/{gid}/seats", json={"seats": ["martian"]}, headers={"X-Typhoon-Owner": owner})
    assert r.status_code == 422 and "martian" in r.json()["detail"]
    r = client.post(f"/api/games/{gid}/seats", headers={"X-Typhoon-Owner": owner})
    assert r.status_code == 200 and set(r.json()["seats"]) == {"german", "soviet"}
    assert client.app.state.store.load(gid).owner != owner  # stored hashed

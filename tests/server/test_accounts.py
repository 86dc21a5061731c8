"""Accounts, "my games", invitations and turn notices by email (a local aiosmtpd server) and
by webhook (a local HTTP server)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from typhoon.server.app import create_app

from .conftest import seat_headers


@pytest.fixture
def mailed_client(db_url, smtp):
    cfg, box = smtp
    app = create_app(db_url, mail=cfg, clock_interval=0.1)
    with TestClient(app) as c:
        c.mailbox = box
        yield c


def sign_up(c, email, password="correct horse 1", name=None):
    r = c.post("/api/account/signup", json={"email": email, "password": password, "name": name})
    assert r.status_code == 201, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def end_turn(c, gid, secret):
    """Play the seat's 'end' actions until the turn passes (the last view)."""
    v = c.get(f"/api/games/{gid}", headers=seat_headers(secret)).json()
    side = v["current_player"]
    while v["current_player"] == side:
        ends = [a["text"] for a in v["actions"] if a["verb"] == "end"]
        r = c.post(f"/api/games/{gid}/actions", json={"action": ends[0] if ends else v["legal"][-1], "version": v["version"]}, headers=seat_headers(secret))
        assert r.status_code == 200, r.text
        v = r.json()
    return v


def test_passwords_are_argon2_and_sessions_work(client):
    alice = sign_up(client, "Alice@Example.org", name="Alice")
    row = client.app.state.store.user(email="alice@example.org")
    assert row["password"].startswith("$argon2id$") and "correct horse" not in row["password"]
    assert client.get("/api/account", headers=alice).json()["name"] == "Alice"
    assert client.post("/api/account/signup", json={"email": "alice@example.org", "password": "another one"}).status_code == 409
    assert client.post("/api/account/signup", json={"email": "bob@example.org", "password": "short"}).status_code == 422
    assert client.post("/api/account/signup", json={"email": "not an address", "password": "long enough"}).status_code == 422
    assert client.post("/api/account/signin", json={"email": "alice@example.org", "password": "wrong password"}).status_code == 401
    assert client.post("/api/account/signin", json={"email": "nobody@example.org", "password": "wrong password"}).status_code == 401
    # a second device: another session, the same account
    other = client.post("/api/account/signin", json={"email": "ALICE@example.org", "password": "correct horse 1"})
    assert other.status_code == 200
    second = {"Authorization": f"Bearer {other.json()['token']}"}
    assert client.post("/api/account/signout", headers=second).status_code == 200
    assert client.get("/api/account", headers=second).status_code == 401
    assert client.get("/api/account", headers=alice).status_code == 200
    assert client.get("/api/account").status_code == 401
    assert client.post("/api/account/settings", json={"webhook": "file:///etc/passwd"}, headers=alice).status_code == 422


def test_an_asynchronous_game_between_two_accounts(mailed_client, hooks):
    c = mailed_client
    alice = sign_up(c, "alice@example.org", name="Alice")
    bob = sign_up(c, "bob@example.org", name="Bob")
    assert c.post("/api/account/settings", json={"webhook": hooks.url}, headers=bob).status_code == 200
    r = c.post("/api/games", headers=alice, json={"game": "mini", "mode": "network", "title": "by mail", "my_side": "blue",
                                                  "invite": {"red": "bob@example.org"}, "clock": {"control": "standard", "on_timeout": "forfeit"}})
    assert r.status_code == 201, r.text
    g = r.json()
    gid = g["id"]
    assert g["my_seat"] == "blue" and g["invitations"][0]["seat"] == "red"
    # the invitation reaches bob by email, its token in the link's fragment
    mail = c.mailbox.wait(1)[0]
    assert mail["to"] == ["bob@example.org"] and "Alice invites you to play" in mail["body"]
    token = re.search(r"/#invite=(\S+)", mail["body"]).group(1)
    assert token == g["invitations"][0]["token"]
    # bob sees it signed in, and accepts it
    invs = c.get("/api/account/invitations", headers=bob).json()
    assert [(i["game"], i["seat"]) for i in invs] == [(gid, "red")]
    assert c.post("/api/account/invitations/accept", json={"id": invs[0]["id"]}, headers=alice).status_code == 404  # not alice's
    acc = c.post("/api/account/invitations/accept", json={"token": token}, headers=bob)
    assert acc.status_code == 200 and acc.json()["seat"] == "red"
    assert c.post("/api/account/invitations/accept", json={"token": token}, headers=bob).status_code == 409
    # my games: whose turn it is
    mine = {x["id"]: x for x in c.get("/api/account/games", headers=alice).json()}
    theirs = {x["id"]: x for x in c.get("/api/account/games", headers=bob).json()}
    assert mine[gid]["seats"] == ["blue"] and mine[gid]["to_act"] == "blue" and mine[gid]["your_turn"] is True
    assert theirs[gid]["seats"] == ["red"] and theirs[gid]["your_turn"] is False
    assert mine[gid]["clock"]["control"] == "standard" and mine[gid]["clock"]["running"] == "blue"
    assert mine[gid]["clock"]["remaining"]["blue"] == pytest.approx(86400, abs=5)
    # the account's seat link opens blue on any device; it opens nothing else
    blue_key = mine[gid]["links"]["blue"].split("#seat=")[1]
    assert c.get(f"/api/games/{gid}", headers=seat_headers(blue_key)).json()["seat"] == "blue"
    forged = blue_key[:-4] + ("AAAA" if not blue_key.endswith("AAAA") else "BBBB")
    assert c.get(f"/api/games/{gid}", headers=seat_headers(forged)).status_code == 403
    # alice ends her move: bob is told by email and by webhook
    v = end_turn(c, gid, blue_key)
    assert v["current_player"] == "red"
    mails = c.mailbox.wait(2)
    assert len(mails) == 2 and mails[1]["to"] == ["bob@example.org"] and mails[1]["subject"] == "Your turn: by mail"
    red_link = re.search(r"Play: http://typhoon\.test(/play/\S+)", mails[1]["body"]).group(1)
    assert red_link == c.get("/api/account/games", headers=bob).json()[0]["links"]["red"]
    hook = hooks.wait(1)[0]
    assert hook["event"] == "your_turn" and hook["game"] == gid and hook["seat"] == "red" and hook["deadline"]
    theirs = {x["id"]: x for x in c.get("/api/account/games", headers=bob).json()}
    assert theirs[gid]["your_turn"] is True
    red_key = red_link.split("#seat=")[1]
    w = c.get(f"/api/games/{gid}", headers=seat_headers(red_key)).json()
    assert w["seat"] == "red" and w["you_act"] is True
    assert w["clock"]["running"] == "red" and w["clock"]["remaining"]["red"] == pytest.approx(86400, abs=5)
    # the original seat secrets still work, and a seat can be claimed into an account
    carol = sign_up(c, "carol@example.org")
    claimed = c.post("/api/account/claim", json={"game": gid, "seat": g["seats"]["red"]}, headers=carol)
    assert claimed.status_code == 200 and claimed.json()["seat"] == "red"
    assert c.get(f"/api/games/{gid}", headers=seat_headers(red_key)).status_code == 403  # bob no longer holds red


def test_only_the_creator_invites(client):
    alice = sign_up(client, "alice@example.org")
    g = client.post("/api/games", headers=alice, json={"game": "mini", "mode": "network"}).json()
    gid = g["id"]
    assert client.post(f"/api/games/{gid}/invitations", json={"seat": "red", "email": "x@example.org"}).status_code == 403
    bob = sign_up(client, "bob@example.org")
    assert client.post(f"/api/games/{gid}/invitations", json={"seat": "red"}, headers=bob).status_code == 403
    r = client.post(f"/api/games/{gid}/invitations", json={"seat": "red"}, headers={"X-Typhoon-Owner": g["owner"]})
    assert r.status_code == 201 and r.json()["link"].startswith("/#invite=")
    assert client.post(f"/api/games/{gid}/invitations", json={"seat": "green"}, headers=alice).status_code == 422

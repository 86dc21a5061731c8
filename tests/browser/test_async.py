"""Asynchronous play in the browser: two accounts, an invitation and turn notices by email
(a local aiosmtpd server), "my games" with whose turn it is, and a clock that runs out."""

from __future__ import annotations

import re
import time

from .conftest import Api


def new_page(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 860})
    ctx.set_default_timeout(20_000)
    page = ctx.new_page()
    page.js_errors = []
    page.on("pageerror", lambda e: page.js_errors.append(f"{e} {e.stack}"))
    return ctx, page


def sign_up(page, email: str, name: str) -> None:
    page.fill('[data-testid="account-email"]', email)
    page.fill('[data-testid="account-password"]', "a long password")
    page.fill('[data-testid="account-name"]', name)
    page.click('[data-testid="signup"]')
    page.locator('[data-testid="signed-in"]').wait_for()


def create_network_game(page, title: str, clock: str, timeout: str = "forfeit", invite: str = "", per_move: int | None = None) -> None:
    page.select_option('[data-testid="game-choice"]', "mini")
    page.check('input[name="mode"][value="network"]')
    page.fill('input[name="title"]', title)
    page.select_option('[data-testid="clock-control"]', clock)
    if per_move is not None:
        page.fill('[data-testid="clock-per-move"]', str(per_move))
        page.fill('[data-testid="clock-cap"]', str(per_move))
    page.select_option('[data-testid="clock-timeout"]', timeout)
    page.select_option('[data-testid="my-side"]', "blue")
    page.fill('[data-testid="invite-email"]', invite)
    page.click('[data-testid="create"]')
    page.locator('[data-testid="links"]').wait_for()


def my_game_row(page, title: str):
    row = page.locator('[data-testid="my-games"] tr', has_text=title)
    row.wait_for()
    return row


def end_turn(api: Api, gid: str, key: str) -> dict:
    """Play blue's 'end' actions (its setup plan first) until the turn passes."""
    v = api.call("GET", f"/api/games/{gid}", None) if False else None
    import json
    import urllib.request

    def call(method, path, body=None):
        req = urllib.request.Request(api.base + path, data=None if body is None else json.dumps(body).encode(), method=method,
                                     headers={"Content-Type": "application/json", "X-Typhoon-Seat": key})
        with urllib.request.urlopen(req, timeout=30) as r:
            return json.loads(r.read())

    v = call("GET", f"/api/games/{gid}")
    side = v["current_player"]
    while v["current_player"] == side:
        ends = [a["text"] for a in v["actions"] if a["verb"] == "end"]
        v = call("POST", f"/api/games/{gid}/actions", {"action": ends[0] if ends else v["legal"][-1], "version": v["version"]})
    return v


def test_an_asynchronous_game_between_two_accounts(browser, mail_server, shot):
    base, box = mail_server
    api = Api(base)
    actx, alice = new_page(browser)
    bctx, bob = new_page(browser)
    try:
        # alice signs up and creates a game with a clock, inviting bob by email
        alice.goto(base + "/")
        sign_up(alice, "alice@example.org", "Alice")
        create_network_game(alice, "by mail", "standard", invite="bob@example.org")
        row = my_game_row(alice, "by mail")
        assert row.get_attribute("data-your-turn") == "1"
        assert row.locator('[data-testid="whose-turn"]').inner_text() == "Your turn"
        assert re.fullmatch(r"Blue: (23 h 59 min|1 d 0 h) left", row.locator('[data-testid="clock"]').inner_text())
        gid = row.get_attribute("data-game")
        # bob opens the emailed invitation link, signs up, and holds the red seat
        invitation = box.wait_for(lambda m: m["to"] == ["bob@example.org"] and m["subject"] == "Invitation: by mail")
        link = re.search(r"(http://\S+/#invite=\S+)", invitation["body"]).group(1)
        bob.goto(link)
        bob.locator('[data-testid="invite-pending"]').wait_for()
        sign_up(bob, "bob@example.org", "Bob")
        brow = my_game_row(bob, "by mail")
        assert brow.get_attribute("data-game") == gid
        assert brow.locator('[data-testid="whose-turn"]').inner_text() == "Waiting for Blue"
        shot(bob, "async-my-games-waiting")
        # alice opens the game from "my games" (her account's seat link) and plays her move
        alice.click(f'[data-game="{gid}"] [data-testid="open-game"]')
        alice.wait_for_url(re.compile(rf"/play/{gid}#seat=k\."))
        alice.locator('[data-testid="status"]').wait_for()
        key = alice.url.split("#seat=")[1]
        assert api.get(f"/api/games/{gid}?seat={key}")["seat"] == "blue"
        assert end_turn(api, gid, key)["current_player"] == "red"
        # bob is told by email; its link opens his seat, and "my games" says it is his turn
        notice = box.wait_for(lambda m: m["to"] == ["bob@example.org"] and m["subject"] == "Your turn: by mail")
        play = re.search(r"Play: (http://\S+)", notice["body"]).group(1)
        assert "/play/" + gid + "#seat=k." in play
        bob.goto(base + "/")
        brow = my_game_row(bob, "by mail")
        assert brow.get_attribute("data-your-turn") == "1"
        assert re.fullmatch(r"Red: (23 h 59 min|1 d 0 h) left", brow.locator('[data-testid="clock"]').inner_text())
        bob.goto(play)
        bob.wait_for_url(re.compile(rf"/play/{gid}#seat=k\."))
        bob.locator('[data-testid="status"]').wait_for()
        view = api.get(f"/api/games/{gid}?seat={play.split('#seat=')[1]}")
        assert view["seat"] == "red" and view["you_act"] is True and view["clock"]["running"] == "red"
        # a game with a 2-second clock: blue runs out and forfeits; "my games" says so
        alice.goto(base + "/")
        create_network_game(alice, "too slow", "custom", timeout="forfeit", per_move=2)
        deadline = time.time() + 20
        while True:
            alice.click('[data-testid="refresh-games"]')
            row = my_game_row(alice, "too slow")
            if row.get_attribute("data-status") == "finished" or time.time() > deadline:
                break
            time.sleep(0.5)
        assert row.locator('[data-testid="whose-turn"]').inner_text() == "Blue ran out of time: forfeit"
        shot(alice, "async-my-games-forfeit")
        assert not alice.js_errors and not bob.js_errors, alice.js_errors + bob.js_errors
    finally:
        actx.close()
        bctx.close()

"""Trustworthy dice (docs/security.md, "Dice"): the attacker tests.

P1 no seat can learn a roll before it is made: nothing a client can get while the game runs
   holds the seed or anything it could be recovered from (the commitment is a keyed hash of
   128 random bits);
P2 rolls are bound to what they resolve: the same key gives other rolls for another order of
   battles, so a known roll cannot be steered;
P3 no seat chooses the dice of a network game; a seed chosen in hot-seat or ai mode is shown
   to every seat;
P4 when the game ends the seed is revealed and the full record verifies against the
   commitment every seat saw from the start (``typhoon replay`` checks it);
P5 every roll carries its sequence number in the log.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest
from click.testing import CliRunner

from typhoon.core import dice, record
from typhoon.core.errors import SaveFormatError
from typhoon.games import registry

from .conftest import act, new_game, seat_headers, view, ws_connect


def play_network_game_to_the_end(client, game="mini", options=None, seed=0, limit=3000):
    """Play a network game through REST, each seat acting with its own secret, to the end;
    returns (created, every document each seat and the spectator got while it ran, final view)."""
    g = new_game(client, mode="network", game=game, options=options or {})
    secrets = {s: k for s, k in g["seats"].items() if k}
    rng = random.Random(seed)
    seen: list[str] = []
    for _ in range(limit):
        views = {s: view(client, g["id"], k) for s, k in secrets.items()}
        spectator = view(client, g["id"])
        if spectator["outcome"] is not None:
            return g, seen, spectator
        seen += [json.dumps(v) for v in (*views.values(), spectator)]
        for k in (*secrets.values(), None):
            seen.append(client.get(f"/api/games/{g['id']}/record", headers=seat_headers(k)).text)
        side = next(s for s, v in views.items() if v["you_act"])
        v = views[side]
        r = act(client, g["id"], secrets[side], rng.choice(v["legal"]), v["version"])
        assert r.status_code == 200, r.text
    raise AssertionError("the game did not end")


def test_full_record_with_the_revealed_key_verifies_and_nothing_before_the_end_predicts_a_roll(client):
    g, seen, final = play_network_game_to_the_end(client)
    live = client.app.state.games.cache[g["id"]]
    seed = live.game.seed
    assert seed.bit_length() > 100  # 128 bits from the operating system (dice.new_seed)
    commitment = final["dice"]["commitment"]
    # P1: while the game ran, no document any seat or spectator received held the seed, in
    # decimal or hex, only the commitment (the same in every document)
    for doc in seen:
        assert str(seed) not in doc and format(seed, "x") not in doc and format(seed, "064x") not in doc
        assert '"seed":null' in doc.replace(" ", "")
    assert all(commitment in doc for doc in seen if '"dice"' in doc or '"seed_commitment"' in doc)
    # P4: at the end the seed is revealed to everybody, and the full record verifies against it
    assert final["dice"]["seed"] == seed and final["dice"]["scheme"] == "hmac-sha256"
    rec = client.get(f"/api/games/{g['id']}/record").json()
    assert rec["seed"] == seed and rec["seed_commitment"] == commitment
    game, same = record.verify(rec)
    assert same and game.action_texts() == live.game.action_texts()
    # a record whose seed is not the one committed to is refused, and so is a changed roll
    with pytest.raises(SaveFormatError, match="seed_commitment"):
        record.from_record(dict(rec, seed=seed ^ 1))
    rolls = [i for i, e in enumerate(final["log"]) if e["chance"]]
    assert rolls
    # P5: every chance event carries its sequence number
    assert [final["log"][i]["roll"] for i in rolls] == list(range(1, len(rolls) + 1))
    assert final["dice"]["rolls"] == len(rolls)


def test_typhoon_replay_checks_the_commitment(client, tmp_path):
    from typhoon.cli import main

    g, _, _ = play_network_game_to_the_end(client, seed=3)
    rec = client.get(f"/api/games/{g['id']}/record").json()
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(rec))
    bad.write_text(json.dumps(dict(rec, seed_commitment="0" * 64)))
    r = CliRunner().invoke(main, ["replay", str(good)])
    assert r.exit_code == 0 and "identical" in r.output, r.output
    r = CliRunner().invoke(main, ["replay", str(bad)])
    assert r.exit_code != 0 and "seed_commitment" in r.output


def test_same_public_history_gives_unpredictable_rolls(client):
    """P1 as an experiment: 12 network games with the same public history up to their first
    roll. Were the roll a function of anything a client sees, all would roll the same."""
    first = []
    for _ in range(12):
        g = new_game(client, mode="network")
        ger = g["seats"]["german"]
        assert act(client, g["id"], ger, "attack XXII 0507", 0).status_code == 200
        v = act(client, g["id"], ger, "commit", 1).json()
        first.append(v["log"][2]["action"])
    assert len(set(first)) > 1, first


def test_keyed_rolls_are_bound_to_what_they_resolve():
    """P2: the same key and roll number give independent values for different logs (another
    battle resolved first), and the sequence number and ply are part of the input."""
    key = dice.new_seed()
    faces = dice.uniform(range(1, 7))
    a = [dice.roll_mac(key, 1, 5, dice.log_digest(["attack A 0101", "attack B 0202", "commit", f"resolve {h}"])) for h in range(40)]
    assert len(set(a)) == 40  # every context its own 256 bits
    outcomes = [dice.pick(faces, m) for m in a]
    assert len(set(outcomes)) > 1
    assert dice.roll_mac(key, 1, 5, b"x") != dice.roll_mac(key, 2, 5, b"x") != dice.roll_mac(key, 1, 6, b"x")
    # the log digest is unambiguous (length-prefixed): splitting texts differently changes it
    assert dice.log_digest(["ab", "c"]) != dice.log_digest(["a", "bc"])


def test_pick_is_exact():
    faces = [("lo", Fraction(1, 3)), ("hi", Fraction(2, 3))]
    edge = (2**256) // 3  # x/2^256 just under 1/3
    assert dice.pick(faces, edge.to_bytes(32, "big")) == "lo"
    assert dice.pick(faces, (edge + 1).to_bytes(32, "big")) == "hi"


def test_keyed_game_replays_and_detects_a_changed_roll():
    pkg = registry.get("bfm")
    g = record.with_dice(pkg.new_game({}, seed=dice.new_seed()), dice.KEYED)
    for a in ("attack XXII 0507", "commit"):
        g.push(a)
    g.play_until_decision()
    rec = record.to_record(g)
    assert rec["dice"] == "hmac-sha256"
    again, same = record.verify(rec)
    assert same and again.action_texts() == g.action_texts()
    roll = rec["actions"][2]
    other = next(str(o) for o, _ in g.rules.chance_outcomes(record.from_record(dict(rec, actions=rec["actions"][:2])).state) if str(o) != roll)
    with pytest.raises(SaveFormatError, match="the seed gives"):
        record.from_record(dict(rec, actions=[*rec["actions"][:2], other]))


def test_network_games_refuse_a_chosen_seed_and_chosen_seeds_are_shown(client):
    r = client.post("/api/games", json={"mode": "network", "seed": 7})
    assert r.status_code == 422 and "cannot be chosen" in r.json()["detail"]
    g = new_game(client, mode="hotseat", seed=7)
    d = view(client, g["id"])["dice"]
    assert d["seed"] == 7 and d["seed_chosen"] is True and d["scheme"] == "mt19937"
    assert d["commitment"] == record.seed_commitment(7, "mt19937")
    n = new_game(client, mode="network")
    for seat in (None, n["seats"]["german"], n["seats"]["soviet"]):
        d = view(client, n["id"], seat)["dice"]
        assert d["seed"] is None and d["seed_chosen"] is False and len(d["commitment"]) == 64
    # importing a record whose seed the importer knows into a network game: fresh secret dice
    rec = client.get(f"/api/games/{g['id']}/record").json()
    assert rec["seed"] == 7  # a chosen seed is public
    imp = client.post("/api/games/import", json={**rec, "mode": "network"}).json()
    d = view(client, imp["id"])["dice"]
    assert d["seed"] is None and d["scheme"] == "hmac-sha256"


def test_the_computer_players_seed_tells_nothing_of_the_dice():
    seed = dice.new_seed()
    s = dice.derived_seed(seed, "computer-player", bits=62)
    assert s != seed and s < 2**62 and dice.derived_seed(seed, "computer-player", bits=62) == s


def test_ws_views_carry_the_commitment_not_the_seed(client):
    g = new_game(client, mode="network")
    with ws_connect(client, g["id"], g["seats"]["german"]) as ws:
        v = ws.receive_json()["view"]
    seed = client.app.state.games.cache[g["id"]].game.seed
    assert v["dice"]["seed"] is None and str(seed) not in json.dumps(v)

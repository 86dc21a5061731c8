"""The German computer player's attack choice, checked against the CRT (tables.json; the table
itself is a reconstruction, D-CRT): it reaches a column where no roll gives an exchange when it
can, and declines attacks whose every outcome loses points (D-VICTORY)."""

from typhoon.games.mc import combat
from typhoon.games.mc.players import GreedyPlayer

from mc_helpers import G, S, build


def test_german_player_attacks_at_seven_to_one_rather_than_six_to_one():
    # d (6) is cut off by the German zones of control (L40, L52-53) and defends with 3 (L51).
    # 18 to 3 is 6-1 (a 1 gives Ex, L82); adding the infantry makes 22 to 3 = 7-1, where rolls
    # 1-6 give DeAd or De: the player brings the fourth unit
    pz = {G(f"pz{i}", 6, 8, "armour", mech=True): "0405" for i in range(3)}
    g = build({**pz, G("i", 4): "0604", S("d", 6): "0505"}, phase="german_combat", turn=1)
    assert combat.defence_strength(g.state, "d") == 3
    crt = g.state.data.crt
    assert crt.result(g.state.data.crt_columns.index("6-1"), 1, 0) == "Ex"
    assert all(crt.result(g.state.data.crt_columns.index("7-1"), r, 0) in ("De", "DeAd") for r in range(1, 7))
    act = GreedyPlayer(seed=1).choose(g)
    assert act.verb == "attack"
    tg, units, _, _ = act.attack_parts()
    s = combat.odds_summary(g.state, "german", tg, units)
    assert tg == ("0505",) and s["column"] == "7-1" and "i" in units


def test_german_player_declines_an_attack_that_can_only_lose():
    # 2 to 6 is 1-3: Ae, Ar, Br or Dr on every roll (no result eliminates the defender)
    g = build({G("a", 2): "0405", S("d", 6): "0505"}, phase="german_combat", turn=1)
    s = combat.odds_summary(g.state, "german", ("0505",), ("a",))
    assert s["column"] == "1-3" and not {"De", "DeAd", "Ex", "HEx"} & set(s["results"])
    assert str(GreedyPlayer(seed=1).choose(g)) == "end"

"""The Soviet greedy player's defence of Moscow (D-VICTORY: German control of Moscow at the end
of a turn wins at once) and the evaluation's danger term, checked against the CRT (tables.json,
a reconstruction, D-CRT) and the CRT results' texts (L78-85)."""

from fractions import Fraction

from typhoon.core.game import Game
from typhoon.games import registry
from typhoon.games.mc import combat
from typhoon.games.mc.players import (MOSCOW_DANGER_WEIGHT, GreedyPlayer, evaluate, moscow_danger,
                                      moscow_fall_chance)

from mc_helpers import G, S, build

MOSCOW = [{"id": "m", "name": "Moscow", "kind": "major_city", "hex": "0505", "value": 30}]
TOWN = [{"id": "t", "name": "Town", "kind": "town", "hex": "0505", "value": 2}]


def cleared_by_roll(data, column: str, drm: int) -> Fraction:
    """The share of die rolls whose result leaves the defender's hex to the attacker: De, DeAd,
    Dr (L78-80), Ex and 1/2 Ex (L82-83: the defender is eliminated)."""
    col = data.crt_columns.index(column)
    hits = sum(1 for roll in range(1, 7) if data.crt.result(col, roll, drm) in ("De", "DeAd", "Dr", "Ex", "HEx"))
    return Fraction(hits, 6)


def test_moscow_garrison_does_not_attack_where_a_result_would_take_it_out():
    # 8 attacking 2 is 4-1; some rolls give Ex or 1/2 Ex there (L82-83: the attacker loses
    # units), so Moscow's garrison stays put, while the same units in a town attack
    for places, attacks in ((MOSCOW, False), (TOWN, True)):
        g = build({S("g1", 4): "0505", S("g2", 4): "0505", G("a", 2): "0405"}, phase="soviet_combat", turn=1, places=places)
        s = combat.odds_summary(g.state, "soviet", ("0405",), ("g1", "g2"))
        assert s["column"] == "4-1" and {"Ex", "HEx"} & set(s["results"])
        act = GreedyPlayer(seed=1).choose(g)
        assert (act.verb == "attack") is attacks, (places[0]["name"], str(act))


def test_the_nearest_soviet_units_march_into_a_threatened_moscow():
    # a German panzer three hexes from Moscow: 5 strength against the 1 of its EB. The reserve
    # (German units within 12 hexes count in full within 6) is the units nearest Moscow until
    # 5 is matched: r (two hexes) and x (three), 1 + 3 + 3 = 7; far (four hexes) is not
    # needed. Both enter Moscow in the movement phase (5 movement points on clear hexes), which
    # the stacking limit of three (L43) then fills
    g = build({S("eb", 1, kind="eb"): "0505", S("r", 3): "0705", S("x", 3): "0805", S("far", 3): "0905",
               G("pz", 5, 8, "armour", mech=True): "0205"}, phase="soviet_movement", turn=1, places=MOSCOW)
    assert moscow_danger(g.state)[1:] == (2.5, 1.0)  # within four hexes: half beyond two
    assert moscow_danger(g.state, reach=12)[1:] == (5.0, 1.0)
    player = GreedyPlayer(seed=1)
    assert player._moscow_reserve(g.state)[1] == frozenset({"r", "x"})
    while g.state.phase == "soviet_movement" and not g.is_chance():
        g.push(player.choose(g), validate=True)
    assert set(g.state.at("0505")) == {"eb", "r", "x"}


def test_fall_chance_is_the_crt_share_of_clearing_results_with_moscows_modifier():
    pkg = registry.get("mc")
    g = Game(pkg.rules, pkg.normalise_options({}), 1)
    data = g.state.data
    drm = data.terrain_drm[data.terrain[data.moscow()]]
    assert drm == -2  # major city (terrain chart)
    for threat, defence, column in ((3.0, 3.0, "1-1"), (6.0, 3.0, "2-1"), (7.0, 1.0, "7-1")):
        assert moscow_fall_chance(g.state, threat, defence) == float(cleared_by_roll(data, column, drm))
    assert moscow_fall_chance(g.state, 0.0, 1.0) == 0.0
    assert moscow_fall_chance(g.state, 1.0, 0.0) == 1.0


def test_a_panzer_next_to_moscow_raises_the_german_value_by_the_danger():
    # september, turn 1 (clear): only the EB S-EB01 (1) holds Moscow; a 6-strength panzer next
    # to it is 6-1, which clears Moscow on every roll (with the -2 of a major city)
    pkg = registry.get("mc")
    g = Game(pkg.rules, pkg.normalise_options({}), 1)
    st = g.state
    m = st.data.moscow()
    assert moscow_danger(st)[1] == 0.0
    v0 = evaluate(st, "german")
    pz = next(u for u, h in st.stacks.hex_of.items() if st.data.units[u].side == "german" and st.data.units[u].strength == 6)
    ring = next(n for n in st.data.neighbours[m] if not st.at(n))
    st2 = st.copy()
    st2.stacks.move(pz, ring)
    st2._cache.clear()
    assert moscow_danger(st2) == (m, 6.0, 1.0)
    assert cleared_by_roll(st.data, "6-1", -2) == 1
    p = MOSCOW_DANGER_WEIGHT * 1.0
    assert abs(evaluate(st2, "german") - (p + (1 - p) * v0)) < 1e-12
    assert abs(evaluate(st2, "soviet") - (1 - p) * (1 - v0)) < 1e-12


def test_moscow_garrison_does_not_overrun_out_of_moscow():
    # 12 against 1 may overrun (L90: eleven times the defence), and the overrunning units must
    # advance (L91): the garrison of a threatened Moscow does not, the same stack in a town does
    for places, overruns in ((MOSCOW, False), (TOWN, True)):
        g = build({S("g1", 4): "0505", S("g2", 4): "0505", S("g3", 4): "0505", G("a", 1): "0405"},
                  phase="soviet_movement", turn=1, places=places)
        assert any(a.verb == "overrun" for a in g.legal_actions)
        act = GreedyPlayer(seed=1).choose(g)
        assert (act.verb == "overrun") is overruns, (places[0]["name"], str(act))


def test_a_noisy_soviet_keeps_its_ebs_where_they_stand():
    # the search's plans are the greedy player with noise; its EBs still hold their hexes (the
    # greedy's own choice): a noisy plan that walked a second EB into Moscow filled the stack
    # (L43) its reserve needed. The other units still wander with the noise
    ends = set()
    for seed in range(1, 7):
        g = build({S("eb", 1, kind="eb"): "0505", S("eb2", 1, kind="eb"): "0705", S("r", 3): "0905",
                   G("pz", 5, 8, "armour", mech=True): "0201"}, phase="soviet_movement", turn=1, places=MOSCOW,
                  rail=[["0305", "0405", "0505", "0605", "0705", "0805"]])  # EBs move along rail only (EB (D) L127)
        assert g.rules.unit_actions(g.state, "eb2")  # it could move into Moscow
        player = GreedyPlayer(seed=seed, noise=6.0)
        while g.state.phase == "soviet_movement" and not g.is_chance():
            g.push(player.choose(g), validate=True)
        assert (g.state.hex_of("eb"), g.state.hex_of("eb2")) == ("0505", "0705"), seed
        ends.add(g.state.hex_of("r"))
    assert len(ends) > 1

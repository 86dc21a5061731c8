"""The exact battle expectation of Battle for Moscow's own players (typhoon/games/bfm/ai/expect.py).

Expected values are worked out by hand from the CRT (shared/reference/bfm/charts.md, both
editions: 3:1 is DR on 1-3, EX on 4-5, DRL on 6; 1:1 is DR on 1, EX on 2-3, NE on 4-5, AL on
6) and from 000 9.3 (DR two hexes; forced to end in an enemy ZOC: eliminated; EX: the defender
loses a step, the attacker at least as many strength points, then the defender retreats as for
DR; DRL: a step, then the retreat) with the counter values of the 2009 manifest (24A 8/4,
XXIV and XLI panzer corps 12/6).
"""

from __future__ import annotations

import ast
from fractions import Fraction
from pathlib import Path

import pytest

from typhoon.core.game import Game
from typhoon.games.bfm import RULES, position
from typhoon.games.bfm.ai import expect as ex
from typhoon.games.bfm.ai.heuristic import HeuristicPlayer
from typhoon.games.bfm.kinds import Consequence

T = "0707"  # clear, no city, no river hexside


def state_of(units: dict[str, str | tuple[str, str]], phase: str = "german_combat", turn: int = 1):
    doc = {"options": {"edition": "2009"}, "turn": turn, "phase": phase, "units": {}}
    for u, spec in units.items():
        h, red = (spec[0], True) if isinstance(spec, tuple) else (spec, False)
        doc["units"][u] = {"hex": h, "reduced": red}
    return position.from_json(doc)


# every free hex two away from 0707 is in a German ZOC (as in tests/rules: 9.3 must end in EZOC)
SURROUNDED = {"24A": T, "XXIV": "0706", "XLI": "0807", "VI": "0507", "XII": "0609", "XX": "0809", "V": "0906"}
OPEN = {"24A": T, "XXIV": "0706", "XLI": "0807"}


def test_surrounded_defender_is_lost_on_every_retreat_result():
    st = state_of(SURROUNDED)
    assert ex.retreat_fate(st, T, ["XXIV", "XLI"]) == Consequence.ELIMINATED
    e = ex.expect(st, T, ["XXIV", "XLI"])  # 24 vs 8 = 3:1
    assert e is not None and e.column == 2
    # DR (1/2): eliminated; EX (1/3) and DRL (1/6): a step, then eliminated in the retreat
    assert e.killed == pytest.approx(1.0)
    assert e.defender_loss == pytest.approx(8.0)
    assert e.cleared == pytest.approx(1.0)
    # EX (1/3): at least 4 strength points; the smallest step that covers it is a panzer's 6
    assert e.attacker_loss == pytest.approx(float(Fraction(1, 3) * 6))


def test_defender_with_a_way_back_only_loses_its_step():
    st = state_of(OPEN)
    assert ex.retreat_fate(st, T, ["XXIV", "XLI"]) == Consequence.NONE
    e = ex.expect(st, T, ["XXIV", "XLI"])
    assert e is not None and e.column == 2
    # DR: retreats unharmed; EX (1/3) and DRL (1/6): one step of 4
    assert e.killed == pytest.approx(0.0)
    assert e.defender_loss == pytest.approx(float(Fraction(1, 2) * 4))
    assert e.cleared == pytest.approx(1.0)


def test_one_to_one_has_the_attacker_loss_of_ex_and_al():
    st = state_of({"24A": T, "XXXIV": "0706"})  # 4 vs 8: below 1:1, no effect (9.1)
    assert ex.expect(st, T, ["XXXIV"]) is None
    st = state_of({"24A": (T, "r"), "XXXIV": "0706"})  # 4 vs 4 = 1:1
    e = ex.expect(st, T, ["XXXIV"])
    assert e is not None and e.column == 0
    # EX (1/3): the half-strength 24A is eliminated (4), XXXIV loses at least 4: its whole 4/2
    # counter cannot, so it loses what it has of printed step (4 due); AL (1/6): a step of 2
    assert e.killed == pytest.approx(float(Fraction(1, 3)))
    assert e.cleared == pytest.approx(float(Fraction(1, 6) + Fraction(1, 3)))
    assert e.attacker_loss == pytest.approx(float(Fraction(1, 3) * 4 + Fraction(1, 6) * 2))


def test_the_heuristic_attacks_the_unit_that_cannot_retreat():
    # the same 3:1 against a unit with a way back is worth less than against a surrounded one
    heur = HeuristicPlayer(seed=0)
    st = state_of(SURROUNDED)
    game = Game(RULES, dict(st.options.to_dict()), 0, state=st, keep_history=False)
    plan = heur.plan_attacks(game.state, "german")
    declared = {str(a) for a in plan}
    assert "attack XXIV 0707" in declared or "attack XLI 0707" in declared


def test_the_game_players_share_nothing_with_the_baselines():
    # measuring against the independent baselines must not flatter: no import of them here
    root = Path(__file__).resolve().parents[2] / "typhoon" / "games" / "bfm" / "ai"
    for path in root.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.ImportFrom):
                names = [("." * node.level) + (node.module or "")]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            for n in names:
                assert "baselines" not in n and not n.startswith("typhoon.ai"), (path.name, n)


def soviet_plan(units):
    st = state_of(units, phase="soviet_combat", turn=2)
    return {str(a) for a in HeuristicPlayer(seed=0).plan_attacks(st, "soviet")}, st


def test_the_soviet_counterattacks_at_two_to_one_a_unit_that_cannot_retreat():
    # XX (6) in 0707 with every hex two away in a Soviet ZOC: 24A (8) + 16A (4, reduced) = 12 vs 6 = 2:1;
    # DR (1/3) eliminates it, EX (1/3) flips it and it is eliminated retreating (000 9.3)
    units = {"XX": T, "24A": "0706", "16A": ("0807", "r"), "3A": "0507", "5A": "0609", "10A": "0809", "13A": "0906"}
    plan, st = soviet_plan(units)
    assert ex.retreat_fate(st, T, ["24A", "16A"]) == Consequence.ELIMINATED
    assert {"attack 24A 0707", "attack 16A 0707"} <= plan


def test_the_soviet_does_not_throw_away_strength_at_two_to_one_in_the_open():
    # the same 2:1 with a way back for XX: a DR costs it nothing, an EX costs each side about
    # the same; not worth the Soviet's strength
    units = {"XX": T, "24A": "0706", "16A": ("0807", "r")}
    plan, st = soviet_plan(units)
    assert ex.retreat_fate(st, T, ["24A", "16A"]) == Consequence.NONE
    assert not any(a.startswith("attack") for a in plan)

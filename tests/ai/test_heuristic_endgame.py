"""The German endgame of Battle for Moscow's heuristic (issue 13, round 5): the last assault on
Moscow (typhoon/games/bfm/ai/expect.py, the battle expectation the heuristic plans with).

Round 5 changed no play (docs/ai.md, "Round 5 (issue 13): the last assault": nothing tried
helped on the screens and held out); what stays is the rules facts the last assault turns on,
and one known gap of the expectation, marked ``xfail(strict=True)`` so that it is seen the day
it is closed.

Expected values are derived from the rules, not from the code. 2009 edition (000): Stand Fast
(9.3): "When defending in a Major City hex (only), the Defender may convert a DR result to a
single step loss and no retreat" (a DR only: DRL and EX keep their retreat); a retreat that
cannot be made, or must end in an enemy zone of control, eliminates the unit (9.3, 7.0); odds are
attack over defence, fractions dropped (9.0), one column left for a defender in a major city
(9.2: Moscow), and one more only when every attacker is across a river (9.2); the 1:1 column is
DR on 1, EX on 2-3, NE on 4-5, AL on 6 (charts.md). Counter values from the 2009 manifest:
LVII, XXIV, XLI 12-6 panzer corps, XLVII, LVI 9-4 panzer corps, XXXIV 4-2 infantry corps,
13A 8/4 Soviet army. Moscow is 1103; of the hexes around it 1104, 1003 and 1002 are across
the Moskva from it, 1102, 1202 and 1203 are not.
"""

from __future__ import annotations

import pytest

from typhoon.games.bfm import combat, position
from typhoon.games.bfm.ai import expect as ex
from typhoon.games.bfm.kinds import Consequence

MOSCOW = "1103"


def position_at(phase: str, turn: int, units: dict[str, str | tuple[str, bool]]):
    """A 2009 position in ``phase`` of ``turn``; a unit is a hex, or (hex, reduced)."""
    doc = {"options": {"edition": "2009"}, "turn": turn, "phase": phase, "units": {}}
    for u, spec in units.items():
        h, red = spec if isinstance(spec, tuple) else (spec, False)
        doc["units"][u] = {"hex": h, "reduced": red}
    return position.from_json(doc)


# Moscow held by a full 13A, every hex around it German: no retreat path at all (9.3)
RINGED = {"13A": MOSCOW, "LVII": "1102", "XXXIV": "1202", "XXIV": "1203", "XLI": "1104", "XLVII": "1003", "LVI": "1002"}


@pytest.mark.xfail(strict=True, reason="expect.py models Stand Fast (000 9.3) only when the defender's "
                   "retreat is free; a ringed full-strength defender is counted as lost on a DR "
                   "(docs/ai.md, round 5: the rule-exact reading was measured and not kept)")
def test_a_ringed_full_army_in_moscow_stands_fast_on_a_dr():
    st = position_at("german_combat", 6, RINGED)
    attackers = ["LVII", "XXXIV"]  # 16 vs 8 = 2:1, major city: 1:1 (no river: 1102, 1202)
    assert combat.battle_odds(st, MOSCOW, attackers).label == "1:1"
    assert ex.retreat_fate(st, MOSCOW, attackers) in (Consequence.NO_PATH, Consequence.ELIMINATED)
    e = ex.expect(st, MOSCOW, attackers)
    assert e is not None and e.column == 0
    # DR (1/6): Stand Fast, a step of 4 and 13A stays; EX (2/6): a step, then the retreat it
    # cannot make: eliminated (8 in all); NE, AL: nothing. So 1/3 killed and cleared, not 1/2.
    assert e.cleared == pytest.approx(1 / 3)
    assert e.killed == pytest.approx(1 / 3)
    assert e.defender_loss == pytest.approx(4 / 6 + 2 * 8 / 6)
    # EX: at least 4 points, LVII's step of 6 (XXXIV's 2 is too small); AL: XXXIV's 2
    assert e.attacker_loss == pytest.approx(2 / 6 * 6 + 1 / 6 * 2)


def test_a_ringed_reduced_army_in_moscow_is_lost_on_a_dr():
    # Stand Fast would cost the reduced 13A its last step: the DR still eliminates it
    st = position_at("german_combat", 6, {**RINGED, "13A": (MOSCOW, True)})
    e = ex.expect(st, MOSCOW, ["LVII", "XXXIV"])  # 16 vs 4 = 4:1, major city: 3:1
    assert e is not None and e.column == 2
    assert e.killed == pytest.approx(1.0)
    assert e.cleared == pytest.approx(1.0)


def test_one_attacker_off_the_river_costs_moscow_its_river_shift():
    # 9.2: the river shift only when every attacker is across a river. XLI (1104) and XLVII
    # (1003) are across the Moskva: 21 vs 8 = 2:1, two columns left (major city, river): no
    # effect (9.1). With LVII in 1102 (no river between): 33 vs 8 = 4:1, one column left: 3:1.
    st = position_at("german_combat", 7, {"13A": MOSCOW, "XLI": "1104", "XLVII": "1003", "LVII": "1102"})
    assert combat.battle_odds(st, MOSCOW, ["XLI", "XLVII"]).column is None
    assert combat.battle_odds(st, MOSCOW, ["XLI", "XLVII", "LVII"]).label == "3:1"

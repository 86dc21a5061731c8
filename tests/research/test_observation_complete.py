"""Observations describe the state: over many random decisions of every game, no two decisions
whose observations (of the player to act) are equal have different legal actions.

Run as a script for a larger count: ``python tests/research/test_observation_complete.py bfm 100000``.
"""

from __future__ import annotations

import hashlib
import random
import sys

import numpy as np
import pytest

from typhoon.games import registry
from typhoon.research.common import games_with_encoding as _all_games_with_encoding, observation


def games_with_encoding() -> list[str]:
    # The ecosystems' suites run here on the games whose random games take well under a second
    # (bfm, mini). The larger games (mc, ot, dom) take seconds to minutes per game: their
    # encodings and the suites on short games are tested in tests/<game>/test_<game>_encoding.py.
    return [g for g in _all_games_with_encoding() if g in ("bfm", "mini")]


pytestmark = pytest.mark.research


def collisions(game: str, decisions: int, options: dict | None = None, seed0: int = 0) -> tuple[int, int]:
    """(decisions seen, decisions whose observation an earlier one with other legal actions had)."""
    pkg = registry.get(game)
    enc = pkg.encoding(options)
    seen: dict[bytes, bytes] = {}
    count = bad = 0
    seed = seed0
    while count < decisions:
        g = pkg.new_game(options or {}, seed=seed, keep_history=False)
        rng = random.Random(seed)
        seed += 1
        while not g.is_over() and count < decisions:
            if g.is_chance():
                g.roll()
                continue
            player = g.current_player
            key = hashlib.blake2b(observation(pkg, enc, g.state, player).tobytes() + player.encode()).digest()
            legal = hashlib.blake2b(np.asarray(enc.legal_mask(g.state)).tobytes()).digest()
            if seen.setdefault(key, legal) != legal:
                bad += 1
            actions = list(g.legal_actions)
            g.push(actions[rng.randrange(len(actions))], validate=False)
            count += 1
    return count, bad


CASES = [
    *((game, {}, 5000) for game in games_with_encoding()),  # every game that offers an encoding
    ("bfm", {"edition": "1986", "setup": "free", "soviet_replacements": 3}, 4000),
]


@pytest.mark.parametrize("game, options, n", CASES)
def test_no_two_states_with_different_legal_actions_share_an_observation(game, options, n):
    count, bad = collisions(game, n, options)
    assert count == n and bad == 0


def test_the_games_we_built_are_covered():
    assert {"bfm", "mini"} <= set(games_with_encoding())


def test_bfm_stacked_units_add_up_and_finished_battles_are_not_declared():
    from typhoon.games.bfm import encoding as enc

    pkg = registry.get("bfm")
    P = {n: i for i, n in enumerate(enc.PLANES)}
    g = pkg.new_game({}, seed=1)
    s = g.state
    s.put("IX", "0204")  # IX joins V in 0204 (as in the middle of a move)
    o = enc.observation(s, "german")
    assert o[P["own_units"], 3, 1] == 2.0
    full = s.data.units
    assert o[P["own_strength"], 3, 1] == pytest.approx((full["V"].full + full["IX"].full) / 12)
    g = pkg.new_game({}, seed=1)
    for text in ("attack V 0304", "attack IX 0303", "commit", "resolve 0304"):
        g.push(text)
    g.play_until_decision()  # seed 1: DR at 0304 (9.3)
    g.push(g.legal_actions[0])  # the retreat
    g.push("advance none")
    battles = g.state.battles
    assert battles["0304"].step == "done" and battles["0303"].step == "roll"  # the last battle: its die is due
    o = enc.observation(g.state, "german")
    assert o[P["declared_defender"], 3, 2] == 0.0 and o[P["battle_done"], 3, 2] == 1.0  # 0304 is over
    assert o[P["declared_defender"], 2, 2] == 1.0 and o[P["battle_roll"], 2, 2] == 1.0  # 0303 is not
    assert o[P[f"result_{battles['0304'].result}"], 3, 2] == 1.0
    assert o[P["attacks_NE"], 2, 1] == 1.0  # IX in 0203 attacks 0303, the hex to its NE (odd columns sit higher)


def test_bfm_off_map_units_are_in_the_unit_tables():
    from typhoon.games.bfm import encoding as enc

    pkg = registry.get("bfm")
    s = pkg.new_game({}, seed=1).state
    P = {n: i for i, n in enumerate(enc.PLANES)}
    o = enc.observation(s, "soviet").reshape(len(enc.PLANES), -1)
    order = s.data.unit_order
    later = [u for us in s.reinforcements.values() for u in us]
    assert later, "the 2009 set-up has Soviet reinforcements to come"
    i = order.index(later[0])
    assert o[P["table_on_map"], i] == 0.0 and o[P["table_reinforcement_turn"], i] > 0.0
    for u in s.reduced:
        assert o[P["table_reduced"], order.index(u)] == 1.0


if __name__ == "__main__":
    game, n = sys.argv[1], int(sys.argv[2])
    print(game, *collisions(game, n))

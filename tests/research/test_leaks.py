"""Nothing a player may not see reaches its research observation (Typhoon Mini: red chits are
face down, seen by nobody until revealed, 3.3-3.4; Blue's plan is Blue's secret until the end, 9.1).

Two ways of making states that differ only in what a player may not see:

* ``rules.sample_hidden(observe(state, p), p, rng)`` twice: the same knowledge for ``p``, other
  hidden values; ``p``'s observation, observation string and information-state string must be
  identical, and the other player's must differ whenever *its* knowledge differs;
* two histories with different hidden chance outcomes (chits) and different secret choices
  (Blue's plan), then the same public actions until the first reveal: each player's strings are
  identical exactly when what it may see is.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from typhoon.games import registry  # noqa: E402
from typhoon.research import openspiel_game  # noqa: E402, F401 (registers the games)

pytestmark = pytest.mark.research
PKG = registry.get("mini")
RULES = PKG.rules
SIDES = PKG.sides  # ("blue", "red"): OpenSpiel players 0 and 1


def canonical(state) -> str:
    return json.dumps(PKG.position_to_json(state), sort_keys=True, default=str)


def knows(state, side: str) -> str:
    """What ``side`` may know of ``state``, canonically."""
    return canonical(RULES.observe(state, side))


def strings(state, p: int) -> tuple:
    return (state.observation_string(p), state.information_state_string(p), tuple(state.observation_tensor(p)))


def with_truth(state, truth):
    """A copy of the OpenSpiel state whose true engine state is ``truth`` (same log)."""
    c = state.clone()
    c.typhoon_game().state = truth
    return c


def decision_states(seeds, every: int = 3):
    """Every ``every``-th decision state of random games (including the end)."""
    game = pyspiel.load_game("python_typhoon_mini")
    for seed in seeds:
        rng = random.Random(seed)
        s = game.new_initial_state()
        n = 0
        while not s.is_terminal():
            if s.is_chance_node():
                actions, probs = zip(*s.chance_outcomes())
                s.apply_action(rng.choices(actions, weights=probs)[0])
                continue
            if n % every == 0:
                yield s
            n += 1
            s.apply_action(rng.choice(s.legal_actions()))
        yield s


def test_sampled_hidden_values_never_change_what_a_player_sees():
    rng = random.Random(0)
    checked = hidden_differs = visible_differs = 0
    for state in decision_states(range(6)):
        truth = state.typhoon_game().state
        for p, side in enumerate(SIDES):
            known = RULES.observe(truth, side)
            t1, t2 = RULES.sample_hidden(known, side, rng), RULES.sample_hidden(known, side, rng)
            assert knows(t1, side) == knows(t2, side) == knows(truth, side)  # the premise
            s1, s2 = with_truth(state, t1), with_truth(state, t2)
            assert strings(s1, p) == strings(s2, p) == strings(state, p)
            hidden_differs += canonical(t1) != canonical(t2)
            q, other = 1 - p, SIDES[1 - p]
            if knows(t1, other) != knows(t2, other):  # e.g. Blue's plan, drawn for Red's samples
                a, b = strings(s1, q), strings(s2, q)
                assert a[0] != b[0] and a[1] != b[1] and a[2] != b[2]
                visible_differs += 1
            checked += 1
    assert checked > 200
    assert hidden_differs > 100  # the samples did differ in hidden values (chits, cup, plan)
    assert visible_differs > 20  # and Blue's knowledge (its plan) differed between Red's samples


def draw_and_plan(game, chit_pick: int, plan: str):
    """A new state after the six chit draws (each the ``chit_pick``-th possible value, 3.3) and
    Blue's plan (9.1)."""
    s = game.new_initial_state()
    enc = game.encoding
    while s.is_chance_node():
        outcomes = [a for a, _ in s.chance_outcomes()]
        s.apply_action(outcomes[chit_pick % len(outcomes)])
    plan_action = next(a for a in s.legal_actions() if str(enc.decode(s.state, a)) == f"plan {plan}")
    s.apply_action(plan_action)
    return s


@pytest.mark.parametrize("seed", range(4))
def test_different_hidden_histories_give_the_same_information_states(seed):
    """Different chits and different plans, then the same actions until the first reveal: Red
    (who sees neither) has identical information states; Blue (who sees its plan, not the chits)
    has different ones; and the true states differ all along."""
    game = pyspiel.load_game("python_typhoon_mini")
    s1, s2 = draw_and_plan(game, 0, "aston"), draw_and_plan(game, 2, "brill")
    rng = random.Random(seed)
    steps = 0
    while not s1.is_terminal():
        g1, g2 = s1.typhoon_game(), s2.typhoon_game()
        if any(e.reveal for e in g1.log) or any(e.reveal for e in g2.log):
            break
        assert str(s1) != str(s2)  # the truth differs (chits, plan) ...
        assert strings(s1, 1) == strings(s2, 1)  # ... Red sees nothing of it
        b1, b2 = strings(s1, 0), strings(s2, 0)
        assert b1[0] != b2[0] and b1[1] != b2[1] and b1[2] != b2[2]  # Blue sees its own plan
        assert s1.current_player() == s2.current_player()
        if s1.is_chance_node():
            a = s1.chance_outcomes()[0][0]  # the same die roll in both
        else:
            assert s1.legal_actions() == s2.legal_actions()
            a = rng.choice(s1.legal_actions())
        s1.apply_action(a)
        s2.apply_action(a)
        steps += 1
    assert steps > 5


def test_pettingzoo_gymnasium_and_mcp_observations_hide_the_same():
    pytest.importorskip("pettingzoo")
    pytest.importorskip("mcp")
    from typhoon.research.gym_env import TyphoonEnv
    from typhoon.research.mcp_server import Seat
    from typhoon.research.pettingzoo_env import env as make_env

    rng = random.Random(1)
    e = make_env(game="mini")
    e.reset(seed=3)
    gym_env = TyphoonEnv(game="mini", side="red")
    gym_env.reset(seed=3)
    seat = Seat("mini")
    seat.new_game({}, "red", "random", 3)
    checked = 0
    for _ in range(40):
        for holder, read in (
            (e, lambda: {a: e.observe(a)["observation"].tobytes() for a in SIDES}),
            (gym_env, lambda: gym_env._obs().tobytes()),
            (seat, lambda: (seat.describe(), seat.log(0))),
        ):
            g = holder.game
            if g.is_over():
                continue
            truth = g.state
            for side in SIDES:
                known = RULES.observe(truth, side)
                samples = [RULES.sample_hidden(known, side, rng) for _ in range(2)]
                seen = []
                for t in samples:
                    g.state = t
                    seen.append(read())
                g.state = truth
                if holder is e:
                    assert seen[0][side] == seen[1][side]
                    other = SIDES[1 - SIDES.index(side)]
                    if knows(samples[0], other) != knows(samples[1], other):
                        assert seen[0][other] != seen[1][other]
                elif side == "red":  # the Gymnasium learner and the MCP seat play Red
                    assert seen[0] == seen[1]
                checked += 1
        if not e.game.is_over():
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(rng.choice(np.flatnonzero(mask))))
        if not gym_env.game.is_over():
            gym_env.step(int(rng.choice(np.flatnonzero(gym_env.action_masks()))))
        if not seat.game.is_over():
            seat.act(rng.choice(seat.legal_actions().splitlines()))
    assert checked > 100


def test_mcp_red_seat_never_reads_the_plan_or_face_down_chits():
    pytest.importorskip("mcp")
    from typhoon.research.mcp_server import Seat

    seat = Seat("mini")
    text = seat.new_game({}, "red", "random", 5)
    g = seat.game
    plan_town = {"aston": "Aston", "brill": "Brill"}[g.state.plan]
    texts = [text]
    rng = random.Random(5)
    while not g.is_over():
        texts.append(seat.act(rng.choice(seat.legal_actions().splitlines())))
        if not any(e.reveal and "plan" in " ".join(map(str, e.events)) for e in g.log):
            texts += [seat.describe(), seat.log(0)]
            before_end = "\n".join(texts)
            assert f"take {plan_town}" not in before_end and "draws chit" not in before_end
    assert "draws chit" not in seat.log(0)  # 3.3: nobody ever reads a draw
    assert f"take {plan_town}" in seat.log(0)  # 9.1: revealed at the end

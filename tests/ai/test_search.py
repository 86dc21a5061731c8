"""Search players: registered levels, legal at every kind of decision, deterministic for a seed."""

from __future__ import annotations

from typhoon.ai.base import make_player, player_names
from typhoon.core.game import Game
from typhoon.games.bfm import RULES, movement

KINDS = ("setup", "move", "end_move", "attack", "commit", "resolve", "standfast", "retreat", "loss", "advance",
         "place", "restore", "reinforce", "end_replacement")


def kind_of(game: Game) -> str:
    """Name the kind of decision the player to act faces (by the legal actions on offer)."""
    state = game.state
    spec = movement.phase_spec(state)
    verbs = {str(a).split()[0] for a in game.legal_actions}
    if spec.kind == "setup":
        return "setup"
    if spec.kind == "movement":
        return "move" if "move" in verbs else "end_move"
    if spec.kind == "combat":
        for v in ("standfast", "retreat", "loss", "advance", "resolve"):
            if v in verbs:
                return v
        return "attack" if "attack" in verbs else "commit"
    for v in ("reinforce", "place", "restore"):
        if v in verbs:
            return v
    return "end_replacement"


def sample_decisions(max_games: int = 40) -> dict[str, Game]:
    """One game copy per kind of decision, found in games between the heuristic and random."""
    found: dict[str, Game] = {}
    for seed in range(max_games):
        opts = {"edition": "2009" if seed % 2 == 0 else "1986", "setup": "free" if seed % 4 == 0 else "standard"}
        game = Game(RULES, opts, seed, keep_history=False)
        pair = ("heuristic", "random") if seed % 3 else ("random", "heuristic")
        players = {"german": make_player(pair[0], seed=seed), "soviet": make_player(pair[1], seed=seed + 1)}
        while not game.is_over():
            if game.is_chance():
                game.roll()
                continue
            k = kind_of(game)
            if k not in found:
                found[k] = game.copy()
            game.push(players[game.current_player].choose(game), validate=False)
        if len(found) == len(KINDS):
            break
    return found


def test_levels_registered():
    names = player_names()
    for lvl in ("search-easy", "search-normal", "search-hard"):
        assert lvl in names
        assert make_player(lvl, seed=1).name == lvl


def test_search_legal_at_every_kind_of_decision():
    found = sample_decisions()
    # stand fast (000 9.3) is rare in these games; every other kind must have been met
    assert set(KINDS) - {"standfast"} <= set(found), sorted(set(KINDS) - set(found))
    for kind, game in sorted(found.items()):
        for level in ("search-easy", "search-normal"):
            player = make_player(level, seed=3)
            a = player.choose(game.copy())
            assert a in game.legal_actions, (kind, level, str(a))


def test_search_plays_a_validated_game_and_is_deterministic():
    def run(seed: int) -> list[str]:
        game = Game(RULES, {"edition": "2009"}, seed, keep_history=False)
        # the Soviet side is searched (the German plays the heuristic alone: SEARCHED_SIDES)
        players = {"german": make_player("heuristic", seed=6), "soviet": make_player("search-normal", seed=5)}
        texts = []
        while not game.is_over() and game.state.turn <= 3:
            if game.is_chance():
                game.roll()
                continue
            a = players[game.current_player].choose(game)
            game.push(a)  # validated: raises on an illegal action
            texts.append(str(a))
        return texts

    first = run(21)
    assert len(first) > 50
    assert run(21) == first


def test_the_search_plays_the_heuristic_as_the_german_and_searches_the_soviet():
    """Battle for Moscow's ``SEARCHED_SIDES`` (docs/ai.md, session 13): a German decision is the
    heuristic's own, with no playout; a Soviet plan decision is searched."""
    from typhoon.games.bfm.ai.heuristic import HeuristicPlayer

    game = Game(RULES, {"edition": "2009"}, 8, keep_history=False)
    heuristic = HeuristicPlayer(seed=0)
    seen = set()
    while not game.is_over() and seen != {"german", "soviet"}:
        if game.is_chance():
            game.roll()
            continue
        side = game.current_player
        if movement.phase_spec(game.state).kind == "movement" and side not in seen:
            seen.add(side)
            player = make_player("search-normal", seed=2)
            a = player.choose(game.copy())
            if side == "german":
                assert player.stats["searches"] == 0 and player.stats["rollouts"] == 0
                assert a == heuristic.choose(game.copy())
            else:
                assert player.stats["searches"] == 1 and player.stats["rollouts"] > 0
        game.push(heuristic.choose(game), validate=False)
    assert seen == {"german", "soviet"}


def test_search_does_not_touch_the_games_dice():
    # the searcher rolls its own dice in playouts: the real game's next rolls are unchanged
    game = Game(RULES, {"edition": "2009"}, 4, keep_history=False)
    before = game.dice.getstate()
    make_player("search-normal", seed=1).choose(game)
    assert game.dice.getstate() == before
    assert game.ply == 0


def test_levels_are_ordered_machine_independent_budgets():
    from typhoon.ai.search import LEVELS, level_budget

    names = ["search-easy", "search-normal", "search-hard", "search-expert"]
    assert list(LEVELS) == names
    for budgets in (LEVELS.values(), [level_budget(n, "bfm") for n in names]):
        work = [b.candidates * b.rollouts for b in budgets]
        assert work == sorted(work) and len(set(work)) == len(work)
    # a few phases played out, then the evaluation (docs/ai.md, session 9): never a bare 0/1 end
    assert all(0 < b.horizon <= 8 for b in LEVELS.values())


def test_a_game_changes_only_the_budget_fields_it_names():
    # a game whose playouts cost far more sets some fields per level (its package's
    # search_budgets, by its options); the rest are the level's, and Battle for Moscow's are the
    # levels' own
    from dataclasses import replace

    from typhoon.games import registry
    from typhoon.ai.search import LEVELS, level_budget

    # Battle for Moscow adds candidate plans and own knobs to search-hard's, and gives
    # search-normal a smaller search (docs/ai.md, session 67: the ladder's rungs), nothing else
    smaller = {"search-normal": {"candidates": 4, "rollouts": 2, "phase_rollouts": 16}}
    for level in LEVELS:
        budget = make_player(level, "bfm", seed=1).budget
        bare = replace(budget, extra_candidates=(), own_options=(), searched_options=())
        assert bare == replace(LEVELS[level], **smaller.get(level, {}))
        hard = ((("knob_g_axis_all", 1.0),), (("knob_g_detour", 20.0),), (("knob_repel", 6.0),))
        assert budget.extra_candidates == (hard if level == "search-hard" else ())
        own = (("knob_g_axis_all", 1.0), ("knob_g_axis_ring", 3.0),  # session 62
               ("knob_g_last_shield", 1.0), ("knob_g_last_unsearched", 1.0))  # session 77
        assert budget.own_options == (own if level == "search-hard" else ())
        searched = (("knob_g_axis_all", 0.0), ("knob_g_axis_ring", 0.0), ("knob_g_last_shield", 0.0))  # 63, 77
        assert budget.searched_options == (searched if level == "search-hard" else ())
    for game, options in (("bfm", {}), ("mc", {}), ("ot", {}), ("ot", {"scenario": "18.4"}), ("dom", {})):
        own = registry.get(game).search_budgets(options)
        assert set(own) <= set(LEVELS) and own
        for level, fields in own.items():
            assert level_budget(level, game, options) == replace(LEVELS[level], **fields)
        # still ordered: each level compares more plans on more playouts than the one below
        work = [level_budget(lv, game, options).candidates * level_budget(lv, game, options).rollouts for lv in LEVELS]
        assert work == sorted(work) and len(set(work)) == len(work)
    # Operation Typhoon's campaign (three maps) gets a smaller budget than a one-map scenario
    assert level_budget("search-normal", "ot", {"scenario": "18.4"}).phase_cap < level_budget("search-normal", "ot", {"scenario": "18.1"}).phase_cap


def test_a_level_takes_the_budget_of_the_game_it_is_handed():
    # a player is made knowing only the game's name; its first decision sets the budget of the
    # game's options (the scenario)
    from typhoon.ai.search import level_budget
    from typhoon.games import registry

    pkg = registry.get("ot")
    player = make_player("search-normal", "ot", seed=1)
    player.budget = level_budget("search-normal", "ot", {"scenario": "18.1"})
    campaign = pkg.new_game({"scenario": "18.4"}, seed=2)
    player.base.choose = lambda game: game.legal_actions[0]  # the decision itself is not what is tested
    player._kind = lambda game: "policy"
    player.choose(campaign)
    assert player.budget == level_budget("search-normal", "ot", campaign.options)
    assert player.budget.phase_cap == pkg.search_budgets({"scenario": "18.4"})["search-normal"]["phase_cap"]


def test_past_the_phase_cap_every_decision_is_the_policys():
    from dataclasses import replace

    from typhoon.ai.search import LEVELS, SearchPlayer
    from typhoon.games import registry

    pkg = registry.get("mc")
    game = pkg.new_game({}, seed=3)
    capped = SearchPlayer(seed=1, budget=replace(LEVELS["search-normal"], phase_cap=4), game="mc")
    capped._phase, capped._spent = (game.seed, game.rules.phase_key(game.state)), 4  # the phase's playouts spent
    policy = capped.policy(seed=1)
    assert capped.choose(game) == policy.choose(game)
    assert capped.stats["searches"] == 0 and capped.stats["rollouts"] == 0
    # below the cap the same decision is searched
    fresh = SearchPlayer(seed=1, budget=replace(LEVELS["search-normal"], phase_cap=4), game="mc")
    fresh.choose(game)
    assert fresh.stats["searches"] == 1 and fresh.stats["rollouts"] > 0


def test_a_policy_without_styles_varies_its_playout_opponents_by_noise():
    # The Moscow Campaign's greedy player has no styles: its playout opponents are the greedy
    # player at every noise level of the budget, its own side the greedy player with own_noise
    import random

    p = make_player("search-normal", "mc", seed=1)
    assert p.styles == []
    rng = random.Random(0)
    assert {p._playout_policy(False, rng).noise for _ in range(60)} == set(p.budget.opponent_noise)
    assert {p._playout_policy(True, rng).noise for _ in range(10)} == {p.budget.own_noise}


def test_playout_opponents_come_from_the_population():
    # the heuristic offers its other styles; the search draws playout opponents among them
    import random

    from typhoon.games.bfm.ai.heuristic import STYLES

    p = make_player("search-normal", seed=1)
    assert sorted(s["style"] for s in p.styles) == sorted(set(STYLES) - {"standard"})
    rng = random.Random(0)
    seen = {getattr(p._playout_policy(False, rng), "style", None) for _ in range(60)}
    assert seen == set(STYLES)
    assert {p._playout_policy(True, rng).style for _ in range(10)} == {"standard"}


def test_prefer_needs_the_paired_difference_to_clear_z_standard_errors():
    from typhoon.ai.search import _prefer

    # diffs 1, 1, 0, 0: mean 1/2, sample variance 1/3, standard error sqrt(1/12) = 0.289: z = 1.73
    assert _prefer([1, 1, 1, 0], [0, 0, 1, 0], 1.0)
    assert not _prefer([1, 1, 1, 0], [0, 0, 1, 0], 2.0)
    assert _prefer([1, 1, 1, 0], [0, 0, 1, 0], 0.0)
    # no better on average: never, whatever z
    assert not _prefer([1, 0, 1, 0], [0, 1, 0, 1], 0.0)
    assert not _prefer([0.5, 0.5], [0.5, 0.5], 0.0)
    # better on every seed by the same amount: no spread, so any z
    assert _prefer([0.6, 0.7], [0.5, 0.6], 5.0)


def test_prefer_with_a_margin_needs_a_gain_larger_than_the_margin():
    """Common random numbers make two near-equal plans differ by a tiny, steady amount: z alone
    lets 0.001 through (no spread), a margin does not."""
    from typhoon.ai.search import _prefer

    assert _prefer([0.501, 0.601], [0.5, 0.6], 5.0)
    assert not _prefer([0.501, 0.601], [0.5, 0.6], 5.0, margin=0.03)
    assert not _prefer([0.75, 0.5], [0.5, 0.25], 0.0, margin=0.25)  # a gain of the margin exactly: no
    assert _prefer([0.54, 0.64], [0.5, 0.6], 5.0, margin=0.03)
    # the margin adds to z, it does not replace it: diffs 1, 1, 0, 0 clear 0.03 but not 2 SE
    assert not _prefer([1, 1, 1, 0], [0, 0, 1, 0], 2.0, margin=0.03)


def test_search_keeps_the_policys_plan_against_a_challenger_that_was_only_lucky():
    """Nine candidates, all worth the same, each playout a coin (won or lost at random): the
    best of eight challengers by its mean is luck. Trusting the best mean (``anchor_z`` 0), the
    search leaves the policy's own candidate about 7 times in 10; keeping it unless a
    challenger is 2 standard errors better on the same playouts (``anchor_z`` 2), at most 2 in
    10 (about 1 in 10 expected). A challenger that wins every playout is played every time."""
    import random
    from dataclasses import replace

    from typhoon.ai.search import LEVELS, SearchPlayer

    game = Game(RULES, {"edition": "2009"}, 3, keep_history=False)
    cands = [[a] for a in list(game.legal_actions)[:9]]
    assert len(cands) == 9

    def coin(g, me, plan, sd):
        return float(random.Random(f"{sd}/{plan[0]}").random() < 0.5)

    def switches(z: float) -> int:
        budget = replace(LEVELS["search-hard"], anchor_z=z)
        player = SearchPlayer(seed=5, budget=budget)
        player._rollout = coin
        return sum(player._search(game, "german", cands) != cands[0][0] for _ in range(60))

    assert switches(2.0) <= 12
    assert switches(0.0) >= 30  # the best mean alone: mostly luck
    winner = str(cands[4][0])
    player = SearchPlayer(seed=5, budget=replace(LEVELS["search-hard"], anchor_z=2.0))
    player._rollout = lambda g, me, plan, sd: 1.0 if str(plan[0]) == winner else coin(g, me, plan, sd)
    assert all(player._search(game, "german", cands) == cands[4][0] for _ in range(10))


def test_a_robust_search_refuses_a_plan_that_only_wins_against_one_style_of_opponent():
    """``Budget.robust``: the challenger gains 0.3 against the playouts whose opponent plays one
    style and loses 0.1 against the other: better on average, so the plain search plays it; the
    robust search, which asks it to be no worse against each style alone, keeps the policy's
    plan. A challenger better against both styles is played by both."""
    from dataclasses import replace

    from typhoon.ai.search import LEVELS, SearchPlayer

    game = Game(RULES, {"edition": "2009"}, 3, keep_history=False)
    cands = [[a] for a in list(game.legal_actions)[:2]]

    def rollout_with(gain_against: dict[str, float]):
        def rollout(self, g, me, plan, sd):
            style = ("ring", "line")[sd % 2]
            self._opponents[sd] = (style,)  # as _rollout records the playout's opponents
            return 0.5 + (gain_against[style] if plan is cands[1] else 0.0)
        return rollout

    def plays(robust: bool, gain_against: dict[str, float]):
        player = SearchPlayer(seed=5, budget=replace(LEVELS["search-hard"], robust=robust))
        player._rollout = rollout_with(gain_against).__get__(player)
        return player._search(game, "german", cands)

    bet = {"ring": 0.3, "line": -0.1}
    assert plays(False, bet) == cands[1][0]
    assert plays(True, bet) == cands[0][0]
    assert plays(True, {"ring": 0.3, "line": 0.05}) == cands[1][0]


def _record_policies(player) -> list[dict]:
    """The keyword options of every policy ``player`` makes from now on, in order."""
    made: list[dict] = []
    real = player.policy

    def recording(seed: int = 0, noise: float = 0.0, **kw):
        made.append(kw)
        return real(seed=seed, noise=noise, **kw)

    player.policy = recording
    return made


def test_own_options_reach_the_searchers_own_policies_and_never_its_playout_opponents():
    """``Budget.own_options``: the searcher's own candidate and single decisions, its candidate
    plans and its own side in the playouts are the policy made with them; the playout opponents
    (the search's model of the other side) never are."""
    import random
    from dataclasses import replace

    from typhoon.ai.search import LEVELS, SearchPlayer

    budget = replace(LEVELS["search-normal"], own_options=(("knob_g_axis_all", 1.0),))
    player = SearchPlayer(seed=1, budget=budget)
    assert player.base.knobs["g_axis_all"] == 1.0
    rng = random.Random(0)
    assert {p.knobs["g_axis_all"] for p in (player._playout_policy(True, rng) for _ in range(10))} == {1.0}
    others = [player._playout_policy(False, rng) for _ in range(60)]
    assert {p.knobs["g_axis_all"] for p in others} == {0.0} and len({p.style for p in others}) == 4
    made = _record_policies(player)
    game = Game(RULES, {"edition": "1986"}, 3, keep_history=False)
    player._candidates(game, game.current_player)
    assert made and all(kw.get("knob_g_axis_all") == 1.0 for kw in made)  # every candidate plan
    assert {kw.get("style", "standard") for kw in made} == {"standard", "aggressive", "cautious", "contact"}
    # a level without them: the policy as it is
    assert SearchPlayer(seed=1, budget=LEVELS["search-normal"]).base.knobs["g_axis_all"] == 0.0


def test_searched_options_reach_the_searchs_own_policies_only():
    """``Budget.searched_options``: inside a search (its candidate plans, the policy's own among
    them, and its own side in the playouts) the policy is made with them over ``own_options``; the
    decisions it does not search (``base``) keep ``own_options`` alone, and the playout opponents
    never have either."""
    import random
    from dataclasses import replace

    from typhoon.ai.search import LEVELS, SearchPlayer

    budget = replace(LEVELS["search-normal"], own_options=(("knob_g_axis_all", 1.0), ("knob_g_axis_ring", 3.0)),
                     searched_options=(("knob_g_axis_all", 0.0),))
    player = SearchPlayer(seed=1, budget=budget)
    assert (player.base.knobs["g_axis_all"], player.base.knobs["g_axis_ring"]) == (1.0, 3.0)
    rng = random.Random(0)
    own = [player._playout_policy(True, rng) for _ in range(10)]
    assert {(p.knobs["g_axis_all"], p.knobs["g_axis_ring"]) for p in own} == {(0.0, 3.0)}
    assert {p.knobs["g_axis_all"] for p in (player._playout_policy(False, rng) for _ in range(40))} == {0.0}
    made = _record_policies(player)
    player.budget = replace(budget, extra_candidates=((("knob_g_axis_all", 1.0),),))
    game = Game(RULES, {"edition": "1986"}, 3, keep_history=False)
    player._candidates(game, game.current_player)
    # every candidate plan with the searched options; the extra one's own knob over them
    assert made[0] == {"knob_g_axis_all": 0.0, "knob_g_axis_ring": 3.0}
    assert {kw.get("knob_g_axis_all") for kw in made} == {0.0, 1.0}
    assert [kw for kw in made if kw.get("knob_g_axis_all") == 1.0] == [{"knob_g_axis_all": 1.0, "knob_g_axis_ring": 3.0}]


def _moscow_ring_position(edition: str) -> Game:
    """Turn 5, German Movement Phase: 10A holds Moscow (1103), every other city German; XXXIV
    (0802) can reach 1002, across the Moskva from Moscow, or 1102, on the side no river covers
    (tests/ai/test_heuristic_attack.py: the heuristic's g_axis_all sends it to 1102 in 1986 only)."""
    from test_heuristic_attack import german_but, position_at  # this folder's module

    st = position_at("german_movement", 5, {"XXXIV": "0802", "10A": "1103"}, german_but(), edition)
    return Game(RULES, {"edition": edition}, 5, state=st, keep_history=False)


def test_an_extra_candidate_is_one_more_plan_and_never_a_playout_policy():
    """``Budget.extra_candidates``: the policy with those options proposes one more plan, after
    the styles' plans; where it is one of theirs (2009: the draw needs the other cities, 5.0, and
    the knob does nothing) the candidates are the level's own, one for one; no playout policy
    ever has the options."""
    import random
    from dataclasses import replace

    from typhoon.ai.search import LEVELS, SearchPlayer

    extra = replace(LEVELS["search-hard"], extra_candidates=((("knob_g_axis_all", 1.0),),))
    for edition, more in (("1986", True), ("2009", False)):
        game = _moscow_ring_position(edition)
        plain = SearchPlayer(seed=3, budget=LEVELS["search-hard"])._candidates(game, "german")
        player = SearchPlayer(seed=3, budget=extra)
        with_extra = player._candidates(game, "german")
        if more:  # the extra plan goes round, after the own and the styles' plans (here one)
            styled = [str(a) for a in plain[0]]
            assert styled == ["move XXXIV 1002", "end"]
            assert [str(a) for a in with_extra[1]] == ["move XXXIV 1102", "end"] and with_extra[0] == plain[0]
        else:
            assert with_extra == plain
        rng = random.Random(0)
        assert all(p.knobs["g_axis_all"] == 0.0 for p in (player._playout_policy(own, rng) for own in (True, False) * 20))


def test_search_hards_far_city_plan_goes_to_orel_only_where_the_draw_needs_it():
    """search-hard's second extra plan (``g_detour`` 20, session 60) is the heuristic that sends a
    unit into a far Soviet city no Soviet unit guards. Turn 4, German Movement Phase: XXXIV next
    to Orel (0809), which is Soviet with no Soviet unit within two hexes; every other city but
    Moscow German. In 2009 the draw needs every city but Moscow (5.0) and a city is the last
    entrant's (10.0): the plan enters Orel, the standard plan drives on. In 1986 Moscow alone
    decides: the two plans are one, so the level's candidates are as without it."""
    from test_heuristic_attack import german_but, position_at  # this folder's module

    from typhoon.games.bfm.actions import Move
    from typhoon.games.bfm.ai.heuristic import HeuristicPlayer

    extra = make_player("search-hard", "bfm", seed=1).budget.extra_candidates[1]
    assert extra == (("knob_g_detour", 20.0),)
    for edition in ("2009", "1986"):
        st = position_at("german_movement", 4, {"XXXIV": "0808", "10A": "1103"}, german_but("0809"), edition)
        far = HeuristicPlayer(seed=0, **dict(extra)).plan_movement(st, "german")
        standard = HeuristicPlayer(seed=0).plan_movement(st, "german")
        if edition == "2009":
            assert far == [Move("XXXIV", "0809")] and Move("XXXIV", "0809") not in standard
        else:
            assert far == standard


def test_search_hards_repel_plan_attacks_a_german_next_to_a_soviet_moscow():
    """search-hard's third extra plan (``repel`` 6, session 70) is the heuristic that values
    pushing a German off a hex next to a Soviet Moscow (9.0: the only hexes Moscow can be
    attacked from; 9.3: a DR or DE empties the hex). Turn 6, Soviet Combat Phase: 10A holds
    Moscow (1103), IX (7) stands next to it in 1202, 13A (8) in 1203; no river between them
    (map data). 10A and 13A attack at 16 to 7, 2:1 (9.0: fractions dropped); 13A alone is 1:1.
    The standard plan leaves IX there; the repel plan attacks it with both. For the German the
    plan is the standard one (the knob values only a Soviet's battles), and with Moscow German
    there is no ring to clear."""
    from test_heuristic_attack import position_at  # this folder's module

    from typhoon.games.bfm import combat
    from typhoon.games.bfm.actions import Attack, Commit, EndPhase
    from typhoon.games.bfm.ai.heuristic import HeuristicPlayer

    extra = make_player("search-hard", "bfm", seed=1).budget.extra_candidates[2]
    assert extra == (("knob_repel", 6.0),)
    units = {"10A": "1103", "IX": "1202", "13A": "1203"}
    for edition in ("1986", "2009"):
        st = position_at("soviet_combat", 6, units, None, edition)
        assert frozenset(("1103", "1202")) not in st.data.rivers and frozenset(("1203", "1202")) not in st.data.rivers
        assert combat.battle_odds(st, "1202", ["10A", "13A"]).label == "2:1"
        repel, standard = HeuristicPlayer(seed=0, **dict(extra)), HeuristicPlayer(seed=0)
        assert standard.plan_attacks(st, "soviet") == [EndPhase()]
        assert repel.plan_attacks(st, "soviet") == [Attack("10A", "1202"), Attack("13A", "1202"), Commit()]
        german = position_at("german_combat", 6, units, None, edition)
        assert repel.plan_attacks(german, "german") == standard.plan_attacks(german, "german")
        held = position_at("soviet_combat", 6, {**units, "10A": "1102", "LVII": "1103"}, {"1103": "german"}, edition)
        assert all(repel._clear_worth(held, h, "soviet") == standard._clear_worth(held, h, "soviet")
                   for h in ("1202", "1203", "1002"))


def test_play_noise_is_the_noise_of_the_searchers_own_policy():
    """``Budget.play_noise`` (search-easy: mistakes by design): the searcher's own policy, its
    own candidate and its single decisions are the policy made with that noise; the noise-free
    policy otherwise. Every policy the player makes is recorded with its noise."""
    from dataclasses import replace

    from typhoon.ai.search import LEVELS, SearchPlayer
    from typhoon.games.bfm.ai.heuristic import HeuristicPlayer

    made: list[float] = []

    def recording(seed: int = 0, noise: float = 0.0, **kw):
        made.append(noise)
        return HeuristicPlayer(seed=seed, noise=noise, **kw)

    game = Game(RULES, {"edition": "2009"}, 3, keep_history=False)
    for play_noise in (0.0, 2.5):
        budget = replace(LEVELS["search-normal"], play_noise=play_noise, population=False)
        player = SearchPlayer(seed=1, budget=budget)
        assert player.base.noise == play_noise
        player.policy = recording
        made.clear()
        player._candidates(game, game.current_player)
        assert made[0] == play_noise  # the policy's own candidate
        assert all(n >= 0.5 for n in made[1:])  # the variations: noisy plans


def test_decisive_decisions_get_the_levels_playouts_times_decisive():
    """``Budget.decisive``: a decision the policy calls decisive (Battle for Moscow: the Soviet's
    on turns 5 to 7 of 7, when Moscow is held or lost, 5.0) gets that many times the level's
    playouts per candidate; any other decision the level's own."""
    from dataclasses import replace

    from typhoon.ai.search import LEVELS, SearchPlayer
    from typhoon.games.bfm.ai.heuristic import HeuristicPlayer

    def soviet_plan_decision(turn: int) -> Game:
        game = Game(RULES, {"edition": "2009"}, 11, keep_history=False)
        heuristic = HeuristicPlayer(seed=0)
        while not (game.state.turn == turn and game.current_player == "soviet"
                   and movement.phase_spec(game.state).kind == "movement"):
            if game.is_chance():
                game.roll()
            else:
                game.push(heuristic.choose(game), validate=False)
        return game

    def playouts(game: Game, decisive: int) -> tuple[int, int]:
        player = SearchPlayer(seed=3, budget=replace(LEVELS["search-normal"], decisive=decisive))
        seen: list[int] = []
        player._rollout = lambda g, me, plan, sd: seen.append(sd) or 0.5
        cands = len(player._candidates(game, "soviet"))
        player.choose(game)
        return len(seen), cands

    late, early = soviet_plan_decision(5), soviet_plan_decision(4)
    n, cands = playouts(late, 1)
    assert cands > 2 and 0 < n <= LEVELS["search-normal"].rollouts * cands
    tripled, _ = playouts(late, 3)
    assert tripled >= 2 * n + cands  # three times the budget, less successive halving's rounding
    assert tripled <= 3 * LEVELS["search-normal"].rollouts * cands
    assert playouts(early, 3)[0] == playouts(early, 1)[0] > 0  # turn 4: not decisive


def advance_to(game: Game, side: str) -> None:
    """Play the last legal action (and the dice) until ``side`` is to act."""
    while game.is_chance() or game.current_player != side:
        if game.is_chance():
            game.roll()
        else:
            game.push(game.legal_actions[-1])


def test_battle_for_moscow_calls_the_soviets_last_three_turns_decisive():
    # 5.0: the game ends after turn 7 (both editions' turn record tracks end at 7) and whoever
    # controls Moscow then decides it; turns 5, 6 and 7 are where the Soviet holds it or loses
    # it. The German's decisions never are (searched only against a modelled Soviet)
    from typhoon.games.bfm.ai.plans import decisive

    for edition in ("2009", "1986"):
        game = Game(RULES, {"edition": edition}, 1, keep_history=False)
        assert game.state.data.last_turn == 7
        advance_to(game, "german")
        for turn in range(1, 8):
            game.state.turn = turn
            assert not decisive(game), (edition, turn)
        advance_to(game, "soviet")
        for turn in range(1, 8):
            game.state.turn = turn
            assert decisive(game) == (turn >= 5), (edition, turn)


def test_battle_for_moscow_plays_the_germans_last_two_turns_out_to_the_end():
    # 5.0: Moscow's control at the end of turn 7 decides; the German's last assault on it is his
    # turn 7 combat (4.0), so from his turn 6 on a playout cut after a few phases would be judged
    # by the evaluation just before or after the battle that decides the game. The Soviet's
    # decisions keep the level's horizon
    from typhoon.games.bfm.ai.plans import to_the_end

    for edition in ("2009", "1986"):
        game = Game(RULES, {"edition": edition}, 1, keep_history=False)
        advance_to(game, "german")
        for turn in range(1, 8):
            game.state.turn = turn
            assert to_the_end(game) == (turn >= 6), (edition, turn)
        advance_to(game, "soviet")
        for turn in range(1, 8):
            game.state.turn = turn
            assert not to_the_end(game), (edition, turn)


def test_playouts_run_to_the_end_of_the_game_only_where_the_policy_asks_and_the_budget_allows():
    """``Budget.to_the_end``: on a decision the policy's ``to_the_end`` names, every playout
    ends in a finished game (its value a won, drawn or lost game's: 1, 1/2 or 0); without the
    budget's flag, or on another decision, it stops after ``horizon`` phases."""
    from dataclasses import replace

    from typhoon.ai.search import LEVELS, SearchPlayer
    from typhoon.games.bfm.ai.heuristic import HeuristicPlayer

    def german_movement(turn: int) -> Game:
        game = Game(RULES, {"edition": "2009"}, 11, keep_history=False)
        heuristic = HeuristicPlayer(seed=0)
        while not (game.state.turn == turn and game.current_player == "german"
                   and game.state.phase == "german_movement"):
            if game.is_chance():
                game.roll()
            else:
                game.push(heuristic.choose(game), validate=False)
        return game

    def playout_ends(game: Game, flag: bool) -> set[bool]:
        player = SearchPlayer(seed=3, budget=replace(LEVELS["search-normal"], to_the_end=flag))
        player._to_end = player._sees_the_end(game)  # as choose() sets it before a search
        return {player._rollout(game, "german", [], sd) in (0.0, 0.5, 1.0) for sd in range(4)}

    late, early = german_movement(6), german_movement(4)
    assert playout_ends(late, True) == {True}
    assert playout_ends(late, False) == {False}  # the evaluation's guess, never exactly 0, 1/2 or 1
    assert playout_ends(early, True) == {False}

"""A rule-of-thumb computer player for Battle for Moscow, both sides, both editions.

It plans a whole phase at once (all moves of a movement phase, all declarations of a combat
phase) with cheap scores, then plays the plan one action at a time; every other decision is a
one-step choice. Nothing here looks ahead: the game-neutral search players (``typhoon.ai.search``)
add that, with this player as their policy; it offers them its candidate plans (``plans.py``).

Battles on both sides are chosen by their exact expectation over the CRT with the retreat
each defender really has (``expect.py``: 9.1, 9.3). German: panzer moves planned with the
battles they make (surrounded units cannot retreat), drive on Moscow and the cities (5.0),
advance after combat (9.0 step 6). Soviet: a line of zones of control (7.0), hold Moscow and
the cities, use forest/fortifications/major cities (9.2), keep a way back open (9.3),
counterattack where the expectation pays (in 2009 a city back at odds down to 1:1 when Moscow alone
would only draw, 5.0), spend replacements (10.0-10.2) and place the 1st
Shock Army (11.0). The Soviet line is planned against what the German can really bring next
turn (``_Exposure``: the infantry attacks from where it stands, only the panzers move before
the German Combat Phase, 4.0): no unit left where the CRT costs it dear, the strongest unit in
Moscow and the hexes around Moscow the German could attack it from filled (9.0), Moscow retaken
at any odds late (5.0), steps restored where they lower the German's odds most (10.0).

``noise`` > 0 perturbs every score (used for rollouts and plan variations by the search
players); with the same seed the player is deterministic.
"""

from __future__ import annotations

import random
from functools import cache
from itertools import product
from typing import Any

from ....core.game import Game
from ....core.odds import odds_ratio
from .. import combat, movement, replacements, sequence
from ..actions import (
    Advance,
    Attack,
    Commit,
    EndPhase,
    Loss,
    Move,
    Place,
    Reinforce,
    Resolve,
    Restore,
    Retreat,
    Setup,
    StandFast,
)
from ..data import bfm_data
from ..kinds import Result
from ..state import BfmState, enemy_of
from . import expect as ex

# value of a CRT result for the attacker, in rough "strength points" (9.3)
CITY_VALUE = 6.0
MOSCOW_VALUE = 25.0


@cache
def geo(edition: str) -> dict[str, Any]:
    """Static geometry of one edition: distances, distance to Moscow, terrain shift counts."""
    data = bfm_data(edition)
    hexes = data.hex_order
    dist = {a: {b: data.grid.distance(a, b) for b in hexes} for a in hexes}
    to_moscow = {h: dist[h][data.moscow] for h in hexes}
    # defensive column shifts a defender gets in a hex (9.2), fortifications count for Soviets only
    shifts = {}
    for h in hexes:
        s = (h in data.forest) + (h in data.major_cities)
        shifts[h] = (s, s + (h in data.fortified))  # (german defender, soviet defender)
    # hexes within distance r of each hex, r = 0..4
    ball = {h: [[x for x in hexes if dist[h][x] <= r] for r in range(5)] for h in hexes}
    # (hex, weight) pairs within r = 0..4, weight 1 up to distance 2, then 0.6 (threat estimates)
    wball = {h: [[(x, 1.0 if dist[h][x] <= 2 else 0.6) for x in ball[h][r]] for r in range(5)] for h in hexes}
    ring2 = {h: [x for x in ball[h][2] if dist[h][x] == 2] for h in hexes}  # 9.3: where a retreat ends
    # 9.2: the hexes next to Moscow with no river between them and Moscow (an attack made only
    # across a river is shifted one more column); distance to the nearest of them
    open_side = [n for n in data.neighbours[data.moscow] if frozenset((n, data.moscow)) not in data.rivers]
    to_open = {h: min((dist[h][x] for x in open_side), default=to_moscow[h]) for h in hexes}
    # 12.1: the first turn after the last mud turn (1 if the edition has none)
    after_mud = 1 + max((t for t in range(1, data.last_turn + 1) if data.mud(t)), default=0)
    # 5.0 (2009): the cities other than Moscow; the Soviet wins with Moscow and any one of them,
    # the German's draw needs every one. None in 1986: Moscow alone decides.
    draw_cities = [] if data.edition_data["victory"] == "moscow_only" else sorted(set(data.cities) - {data.moscow})
    return {"dist": dist, "to_moscow": to_moscow, "shifts": shifts, "ball": ball, "wball": wball, "ring2": ring2,
            "to_open": to_open, "after_mud": after_mud, "draw_cities": draw_cities}


def _col(state: BfmState, attack: float, defence: float, shifts: int) -> int:
    """CRT column index (0 = 1:1) for a strength ratio after shifts; -1 = below 1:1 (9.1)."""
    ratio = int(attack // defence) if defence else 6
    return min(ratio, 6) - 1 - shifts


#: Playing styles: the search players draw candidate plans and playout opponents from all of
#: them (a population, never one fixed opponent). ``min_col``: the lowest CRT column (after
#: shifts, 0 = 1:1) a side attacks at; ``bar``: the expected gain (strength points) a battle
#: must promise; ``trade``: what one strength point of its own is worth against the enemy's;
#: ``strike``: weight of the battles a panzer's hex makes possible (panzer phase); ``guard``:
#: weight of guarding a German-held Moscow; ``drive``: weight of the drive on Moscow;
#: ``danger``: how much German units avoid Soviet threats; ``cities``: pull of the other
#: cities; ``room``: how much Soviet units keep a retreat open (9.3); ``contact``: pull of the
#: hexes two from the nearest German; ``line``: pull of one distance from Moscow, one inside
#: the German's closest approach (the Soviet line as a ring). German endgame (5.0):
#: ``g_ring``: pull of the hexes next to a Soviet Moscow from turn (last - ``g_ring_turns``)
#: on; ``g_ring_clear``: worth of emptying such a hex then (9.0 step 6: the attacker advances
#: into it); ``g_moscow_adv``: the strongest attacker advances into a captured Moscow;
#: ``g_sit``: a German garrison of Moscow does not attack out of it; ``g_hold`` (tried and
#: left off: 0): pull of a German city a Soviet unit could re-enter, last German move (2009).
#: ``g_axis``: while Moscow is Soviet, the drive is on the hexes next to Moscow that no river
#: covers (9.2) instead of Moscow itself: 1 for the panzers, 2 for every unit, 0 for none.
#: ``g_axis_all`` (session 58, tried and left off: 0): where Moscow alone decides (1986, 5.0: no
#: city is needed for a draw), every unit drives round, as with ``g_axis`` 2. Session 59: one more
#: candidate plan of search-hard's German (``plans.EXTRA_CANDIDATES``), kept; in all its own
#: German policies (``Budget.own_options``), not kept. ``g_axis_ring`` (session 62): only while
#: Soviet units stand in at least that many of the six hexes next to Moscow (a Soviet that rings
#: its capital; 0: always); search-hard's own German policies have both, 1 and 3
#: (``plans.OWN_OPTIONS``), except inside its search (``plans.SEARCHED_OPTIONS``, session 63).
#: ``g_wait_mud``: the German neither attacks nor enters a Soviet Moscow while a mud turn is
#: still to come (12.1: one hex a phase, no support could reach a lone raider there; 5.0 counts
#: Moscow only at the end); the aggressive style still raids (the population's variety).
#: ``g_final``: the last German turn against a Soviet Moscow (5.0: nothing else can win it):
#: the panzers move next to Moscow before combat (pull ``g_final``, twice that on the side no
#: river covers, 9.2), and Moscow is attacked first, by the fewest units that give the best
#: column (9.1, 9.2), before any other battle takes them.
#: ``g_last_cities`` (session 44): 2009, the German's last move with Moscow still Soviet (5.0:
#: no German combat follows, only a draw is left, and it needs every other city): each unit
#: keeps a German city a Soviet unit could re-enter, else takes a Soviet city in reach.
#: ``plan_lookahead`` (session 45): the battles are chosen by the pilot method
#: (``expect.plan_battles``): of the k most valuable battles, the one whose greedy completion is
#: worth most in all, so two battles are not given up for one that takes both their units (0:
#: the most valuable first).
#: ``g_shield`` (session 46): worth of emptying a hex next to Moscow on the German's last turn,
#: and from turn (last - ``g_shield_turns``) on while he holds Moscow (5.0, 9.0: the Soviet can
#: attack a German Moscow only from those hexes; three armies there make 1:1 against a corps of
#: 12 after the major city's shift, two cannot attack one of 10 or 12 at all, 9.1-9.2).
#: ``g_detour`` and ``g_flank`` (session 48): 2009, the far cities the draw needs (5.0).
#: ``g_detour`` (tried and left off: 0): worth of a Soviet city no Soviet unit stands within
#: two hexes of, to the weakest unit that can enter it now. Session 60: 20 in one more candidate
#: plan of search-hard's German (``plans.EXTRA_CANDIDATES``), kept. ``g_flank`` (on since session 50,
#: with ``g_keep``): from turn (last - ``g_flank_turns``) on, Moscow Soviet, pull (a hex) of a
#: city three hexes or more from Moscow: a German unit in one keeps it, a Soviet one gets the
#: unit nearest it, while every Soviet city but Moscow can have one.
#: ``g_keep`` (session 50): 2009, the German's last turn after his panzer movement with Moscow
#: Soviet (only the draw is left, 5.0): no unit advances out of a German city a Soviet unit
#: could re-enter into a hex that is no city (9.0 step 6), and on the last move such a city
#: left empty is entered again, after the ones still held and the Soviet ones (``g_last_cities``).
#: ``g_relieve`` (session 51): the German's move after combat on the turn before the last,
#: Moscow Soviet: a unit next to Moscow swaps places with a unit at least ``g_relieve`` strength
#: points stronger that can enter its hex and no empty one next to Moscow (``_relieve_ring``).
#: ``s_keep`` (session 52; on since session 53): 2009, the Soviet's moves from turn (last -
#: ``s_keep_turns``) on: one unit holds, or enters, the Soviet city besides Moscow farthest from
#: the Germans (5.0: Moscow and any one other city win; Moscow alone is a draw) (``_city_keeper``).
#: ``s_sit`` (session 57, tried and left off: 0): the Soviet unit in Moscow does not attack out
#: of it on turns (last - ``s_sit_turns``) to (last - 1): a step it loses to an EX or AL (9.3)
#: cannot be replaced before the German's next combat (4.0, 10.0: replacements come first in a
#: player turn), and a reduced garrison turns the German's assault from 1:1 into 4:1 or 5:1.
#: ``s_regain`` (session 61; on): 2009, from turn (last - ``s_regain_turns``) on, Moscow Soviet and no
#: other city (5.0: Moscow alone is a draw, Moscow and any one other city a win; a city is its
#: last entrant's, 10.0): a German city is worth ``s_regain`` more to clear in combat, at any
#: odds of at least 1:1; the Soviet moves enter one left empty (twice the pull) and, before a
#: Soviet combat phase, stand next to the most weakly held one until the odds would reach 3:1
#: (``_cities_to_regain``).
#: ``s_swap`` (session 65; on): the strongest Soviet unit that can reach Moscow takes it over from a
#: weaker one there, which leaves it in the same phase (8.2.2: a hex may be shared during a
#: movement phase, not at its end): a garrison reduced in the Soviet's own combat is relieved before
#: the German's next assault, not left at half strength (``_moscow_garrison``; until session 65 the
#: plan never entered an occupied Moscow, so the strongest unit's move was dropped).
#: ``g_swap`` (session 66): the German's moves with Moscow German (5.0: held at the end of the
#: last turn, it decides): the strongest unit that can reach Moscow and is at least ``g_swap``
#: strength points stronger than the one there takes it over, and that one leaves it in the same
#: phase (8.2.2), as ``s_swap`` does for the Soviet (``_garrison_swap``; until session 66 the plan
#: never entered an occupied Moscow, so a reduced corps held it beside a full panzer corps).
#: ``g_open_clear`` (session 54, tried and left off: 0): worth added to emptying a hex next to a
#: Soviet Moscow that no river covers (9.2), on top of ``g_ring_clear`` (``_clear_worth``).
#: ``repel`` (docs/ai.md, round 3: tried and left off, 0): worth added to emptying a German-held hex next
#: to a Soviet Moscow in a Soviet battle (9.0: the hexes Moscow can be attacked from; 9.3: a DR or
#: DE empties it). Session 70: 6 in one more candidate plan of search-hard's Soviet
#: (``plans.EXTRA_CANDIDATES``), kept.
#: ``g_last_shield`` (session 76; off: 0): the German's last combat phase planned exactly for
#: holding Moscow through the Soviet's last combat (``_last_shield``: the battles on Moscow and on
#: the Soviet units next to it, the garrison's included, for the best chance), the other battles
#: then as usual. Off in every style (the heuristic is the opponent of the measured rows and the
#: search's model); as search-hard's own German plan there, searched, 120 of the row's 200 German
#: games for 118, under the 3 more its rule asked (docs/ai.md, session 76); played unsearched
#: (``g_last_unsearched``), 123 for 118: on in search-hard's own German (``plans.OWN_OPTIONS``,
#: session 77).
#: ``g_last_decisive`` (session 76; off: 0): the German's last combat phase is decisive (the
#: search spends ``Budget.decisive`` times its playouts on it, ``decisive``); tried with the
#: planner's first version, not kept (session 76).
#: ``g_last_unsearched`` (session 77; off in every style, on in search-hard's own German,
#: ``plans.OWN_OPTIONS``): with ``g_last_shield``, a search player plays that plan as it is,
#: unsearched (``search_kind`` "policy": ``_shield_unsearched``).
#: ``HeuristicPlayer(knob_<name>=v)`` overrides one knob (tuning).
_STANDARD: dict[str, float] = {
    "german_min_col": 0, "soviet_min_col": 1, "bar": 0.5, "trade": 1.3, "strike": 1.0, "guard": 1.0, "drive": 6.0,
    "danger": 0.5, "cities": 0.6, "room": 1.5, "exposure": 1.5, "ring": 6.0, "soviet_trade": 1.3, "place_first": 0.0,
    "retake": 4.0, "retake_turns": 2.0, "repel": 0.0, "g_ring": 3.0, "g_ring_clear": 4.0, "g_ring_turns": 1.0,
    "g_hold": 0.0, "g_wait_mud": 1.0, "g_final": 20.0, "g_moscow_adv": 1.0, "g_sit": 1.0, "contact": 0.2, "line": 3.0, "g_axis": 1.0,
    "g_last_cities": 1.0, "plan_lookahead": 6.0, "g_shield": 8.0, "g_shield_turns": 1.0,
    "g_detour": 0.0, "g_flank": 20.0, "g_flank_turns": 2.0, "g_keep": 1.0, "g_relieve": 3.0,
    "s_keep": 1.0, "s_keep_turns": 1.0, "g_open_clear": 0.0, "s_sit": 0.0, "s_sit_turns": 2.0,
    "g_axis_all": 0.0, "g_axis_ring": 0.0, "s_regain": 8.0, "s_regain_turns": 1.0,
    "s_swap": 1.0, "g_swap": 1.0, "g_last_shield": 0.0, "g_last_decisive": 0.0,
    "g_last_unsearched": 0.0,
}
STYLES: dict[str, dict[str, float]] = {
    "standard": _STANDARD,
    "aggressive": {**_STANDARD, "soviet_min_col": 0, "bar": 0.0, "trade": 1.0, "drive": 8.0, "danger": 0.3,
                   "room": 1.0, "exposure": 1.0, "ring": 4.0, "soviet_trade": 1.0, "g_wait_mud": 0.0},
    "cautious": {**_STANDARD, "german_min_col": 2, "soviet_min_col": 2, "bar": 1.0, "trade": 1.6, "strike": 0.7,
                 "guard": 2.0, "drive": 0.9, "danger": 2.0, "room": 2.5, "exposure": 2.0, "ring": 8.0,
                 "soviet_trade": 1.6},
    # the Soviet line in contact with the Germans, two hexes off (the standard style until
    # session 11, which keeps it at one distance from Moscow instead): a defender of another
    # kind in the search players' population (docs/ai.md, session 11)
    "contact": {**_STANDARD, "contact": 0.8, "line": 0.0},
}


class HeuristicPlayer:
    """Plays a sensible game on either side; fast and deterministic for a seed."""

    name = "heuristic"

    def __init__(self, seed: int = 0, noise: float = 0.0, style: str = "standard", **kw: Any) -> None:
        if style not in STYLES:
            raise ValueError(f"unknown heuristic style {style!r}; styles: {sorted(STYLES)}")
        self.rng = random.Random(seed)
        self.noise = noise
        self.style = style
        self.knobs = dict(STYLES[style])
        # knob_<name>=value overrides one knob of the style (tuning and studies)
        for k, v in kw.items():
            if k.startswith("knob_"):
                if k[5:] not in self.knobs:
                    raise ValueError(f"unknown heuristic knob {k[5:]!r}; knobs: {sorted(self.knobs)}")
                self.knobs[k[5:]] = float(v)
        self._plan: list[Any] = []
        self._plan_key: Any = None
        self._threat_key: Any = None
        self._threat: dict[str, float] = {}

    # -- what the search players ask (plans.py) --------------------------------------------
    @staticmethod
    def population() -> list[dict[str, Any]]:
        """The other playing styles (``STYLES``): the search players' candidate plans and
        playout opponents come from all of them."""
        return [{"style": st} for st in STYLES if st != "standard"]

    def search_kind(self, game: Game) -> str:
        """``"policy"``, ``"choices"`` or ``"plan"``: how a search player treats this decision."""
        from .plans import search_kind

        if self.knobs["g_last_unsearched"] and self._shield_unsearched(game.state):
            return "policy"
        return search_kind(game)

    def _shield_unsearched(self, state: BfmState) -> bool:
        """``g_last_unsearched``: the German's last declarations (9.0) are this policy's own
        when ``g_last_shield`` plans them (``_last_shield``): once it has declared a battle of
        them, the rest of its plan follows (a plan the search chose goes on before it asks)."""
        if not (self.knobs["g_last_shield"] and self._last_german_combat(state) and not state.committed):
            return False
        return bool(state.battles) or bool(self._last_shield(state))

    def searched_if_modelled(self, game: Game) -> bool:
        """Whether a search player searches this decision only against an opponent its
        population models (``Budget.model_gate``)."""
        from .plans import searched_if_modelled

        return searched_if_modelled(game)

    def decisive(self, game: Game) -> bool:
        """Whether a search player spends more playouts on this decision (``Budget.decisive``)."""
        from .plans import decisive

        return decisive(game) or bool(self.knobs["g_last_decisive"]) and self._last_german_combat(game.state)

    @staticmethod
    def _last_german_combat(state: BfmState) -> bool:
        """The German's Combat Phase of the last turn (5.0: the battles that take or keep Moscow
        for the end of the game; 4.0: one Soviet player turn is left), where ``g_last_decisive``
        and ``g_last_unsearched`` act."""
        return (state.turn >= state.data.last_turn and state.phase_spec.kind == "combat"
                and state.phase_spec.side == "german")

    def to_the_end(self, game: Game) -> bool:
        """Whether a search player's playouts of this decision run to the end of the game
        (``Budget.to_the_end``)."""
        from .plans import to_the_end

        return to_the_end(game)

    def plan(self, game: Game) -> list[Any]:
        """This player's actions for the rest of its part of the phase (a candidate plan)."""
        from .plans import own_plan

        return own_plan(game, self)

    # -- plumbing ----------------------------------------------------------------------------
    def _jitter(self) -> float:
        return self.rng.gauss(0.0, self.noise) if self.noise else 0.0

    def choose(self, game: Game) -> Any:
        state: BfmState = game.state
        spec = movement.phase_spec(state)
        side = game.current_player
        if spec.kind == "setup":
            return self._setup(state)
        if spec.kind == "movement":
            return self._from_plan(game, state, lambda: self.plan_movement(state, side))
        if spec.kind == "replacement":
            return self._replacement(game, state, side)
        if spec.kind == "combat":
            return self._combat(game, state, side)
        acts = game.legal_actions
        return acts[0]

    def _key(self, state: BfmState) -> Any:
        return (state.turn, state.phase, frozenset(state.hex_of.items()), len(state.battles))

    def _from_plan(self, game: Game, state: BfmState, make) -> Any:
        """Play the next step of the cached plan for this phase, planning anew if the position
        is not the one the plan expects (another game, an undo, a search copy)."""
        if self._plan_key != self._key(state):
            self._plan = make()
        while self._plan:
            a = self._plan.pop(0)
            if isinstance(a, (EndPhase, Commit)):
                break
            if self._still_legal(state, a):
                self._expect(state, a)
                return a
        self._plan_key = None
        if movement.phase_spec(state).kind == "movement":
            return EndPhase()
        return Commit() if state.battles else EndPhase()

    def _expect(self, state: BfmState, a: Any) -> None:
        hex_of = dict(state.hex_of)
        battles = len(state.battles)
        if isinstance(a, Move):
            hex_of[a.unit] = a.to
        elif isinstance(a, Attack) and a.target not in state.battles:
            battles += 1
        self._plan_key = (state.turn, state.phase, frozenset(hex_of.items()), battles)

    def _still_legal(self, state: BfmState, a: Any) -> bool:
        if isinstance(a, Move):
            # 8.2.2: a hex may be shared during the phase; the plan shares one only for a swap
            # whose other move is still to come (``_relieve_ring``)
            there = state.occupants(a.to)
            if there and not set(there) <= {m.unit for m in self._plan if isinstance(m, Move)}:
                return False
            return a.to in movement.destinations(state, a.unit)
        if isinstance(a, Attack):
            return combat.may_attack(state, a.unit, a.target)
        return True

    # -- set-up (000 6.0) ------------------------------------------------------------------
    def _setup(self, state: BfmState) -> Any:
        data = state.data
        g = geo(data.edition)
        free = [h for h in data.setup_hexes["german"] if not state.occupants(h)]
        # strongest units (panzers first) on the hexes nearest Moscow
        unit = max(state.to_set_up, key=lambda u: (data.units[u].kind == "panzer", data.units[u].full, u))
        hex_ = min(free, key=lambda h: (g["to_moscow"][h] + self._jitter(), h))
        return Setup(unit, hex_)

    # -- threat estimates --------------------------------------------------------------------
    def _threat_map(self, state: BfmState, attacker_side: str) -> dict[str, float]:
        """For each hex: roughly how much strength ``attacker_side`` could bring next to it next
        combat phase (the six strongest units close enough; mud turns shorten reach, 12.1)."""
        key = (attacker_side, state.turn, state.phase, frozenset(state.hex_of.items()), frozenset(state.reduced))
        if self._threat_key == key:
            return self._threat
        data = state.data
        g = geo(data.edition)
        wball = g["wball"]
        next_turn = state.turn + (1 if attacker_side == "german" else 0)
        mud = data.mud(min(next_turn, data.last_turn))
        near: dict[str, list[float]] = {}
        for u, h in state.hex_of.items():
            spec = data.units[u]
            if spec.side != attacker_side:
                continue
            s = state.strength(u)
            r = 2 if mud else (4 if spec.movement >= 6 else 3)
            for x, w in wball[h][r]:
                if x in near:
                    near[x].append(w * s)
                else:
                    near[x] = [w * s]
        factor = 0.5 if mud and attacker_side == "german" and data.edition == "1986" else 1.0
        out = dict.fromkeys(data.hex_order, 0.0)
        for x, vals in near.items():
            if len(vals) > 6:
                vals.sort(reverse=True)
                vals = vals[:6]
            out[x] = sum(vals) * factor
        self._threat_key, self._threat = key, out
        return out

    # -- movement (8.0) ----------------------------------------------------------------------
    def plan_movement(self, state: BfmState, side: str) -> list[Any]:
        data = state.data
        movers = [u for u in data.unit_order if movement.may_move(state, u)]
        if not movers:
            return []
        if side == "german":
            return self._plan_german_moves(state, movers)
        return self._plan_soviet_moves(state, movers)

    def _plan_german_moves(self, state: BfmState, movers: list[str]) -> list[Any]:
        data = state.data
        g = geo(data.edition)
        dist, to_m = g["dist"], g["to_moscow"]
        soviets = {h: u for u, h in state.hex_of.items() if data.units[u].side == "soviet"}
        threat = self._threat_map(state, "soviet")
        occupied = {h for h in state.hex_of.values()}
        before_combat = state.phase == "german_panzer_movement"
        late = state.turn >= data.last_turn - 1
        last = state.turn >= data.last_turn
        moscow_held = state.control.get(data.moscow) == "german"
        knobs = self.knobs
        # 9.0: Moscow can only be attacked from the hexes around it; the last turns decide (5.0)
        ring_late = not moscow_held and state.turn >= data.last_turn - knobs["g_ring_turns"]
        hold = self._cities_to_hold(state) if last and not before_combat and knobs["g_hold"] else set()
        # enemy cities worth taking; with Moscow held (000 5.0 / 001: Moscow decides) the other
        # cities are not worth leaving Moscow for late in the game
        targets = [c for c in data.cities if state.control.get(c) != "german"]
        if moscow_held and late:
            targets = []
        city_dist = {}
        if targets:
            for h in data.hex_order:
                city_dist[h] = min(dist[h][c] + (0 if c == data.moscow else 1) for c in targets)
        # before combat: where the panzers go is planned with the battles they make (strike)
        strike = self._strike_planner(state) if before_combat and self.knobs.get("strike", 1.0) else None
        # panzers and strong units first, nearest Moscow first
        order = sorted(movers, key=lambda u: (-state.strength(u), to_m[state.hex_of[u]], u))
        # 9.2: Moscow attacked only across the Moskva is one column harder: the panzers (g_axis 1)
        # drive round to the side no river covers, the infantry presses on Moscow itself
        axis = g["to_open"] if knobs["g_axis"] and not moscow_held else None
        # g_axis_all: where Moscow alone decides (1986, 5.0) every unit goes round, not only the panzers,
        # while Soviet units stand in g_axis_ring of the hexes next to Moscow (9.0)
        every_axis = knobs["g_axis"] >= 2 or bool(knobs["g_axis_all"] and not g["draw_cities"]
                                                   and self._ring_is_held(state, knobs["g_axis_ring"]))
        raid_barred = self._moscow_barred(state)
        # the last assault on a Soviet Moscow: the panzers next to it before combat (g_final)
        final = knobs["g_final"] if last and before_combat and not moscow_held else 0.0
        draw_only = self._draw_only(state)
        must_hold = self._cities_to_hold(state) if draw_only else set()
        # g_detour: each far Soviet city is taken by the weakest unit that can enter it now
        detour: dict[str, str] = {}
        if knobs["g_detour"]:
            for c in sorted(self._unguarded_cities(state)):
                can = [u for u in movers if u not in detour.values() and c in movement.reach(state, u)]
                if can:
                    detour[c] = min(can, key=lambda u: (state.strength(u), -to_m[state.hex_of[u]], u))
        flank = self._flank_units(state, movers) if knobs["g_flank"] and not draw_only else {}
        plan = self._relieve_ring(state, movers) if knobs["g_relieve"] else []
        swapped = {m.unit for m in plan}
        # g_swap, 8.2.2: a stronger unit takes over a German Moscow; the one there leaves it right after
        garrison = self._garrison_swap(state, movers) if knobs["g_swap"] and moscow_held else None
        if garrison is not None:
            order = list(garrison) + [u for u in order if u not in garrison]
        for u in order:
            if u in swapped:
                continue
            here = state.hex_of[u]
            spec = data.units[u]
            strength = state.strength(u)
            reach = movement.reach(state, u)
            best, best_score = here, None
            if draw_only:  # g_last_cities: where this unit ends is the draw's, not the drive's
                best = self._hex_for_the_draw(state, here, reach, occupied, must_hold)
            toward = axis if axis is not None and (every_axis or spec.kind == "panzer") else to_m
            if garrison is not None and u == garrison[0]:
                reach = {data.moscow: 0}
            for h in () if draw_only else reach:
                if h != here and h in occupied and not (garrison is not None and u == garrison[0]) \
                        or h == data.moscow and raid_barred:
                    continue
                if garrison is not None and u == garrison[1] and h == here:
                    continue  # 8.2.2: the stronger unit has entered; one unit per hex at the phase's end
                score = -knobs["drive"] * toward[h]
                if targets:
                    score -= knobs["cities"] * city_dist[h]
                if moscow_held:
                    # garrison Moscow and its ring: no lone unit left in a captured Moscow (5.0)
                    if h == data.moscow:
                        score += knobs["guard"] * (12.0 + strength) * (2.0 if late else 1.0)
                    elif to_m[h] == 1:
                        score += knobs["guard"] * (3.0 + 0.3 * strength) * (2.0 if late else 1.0)
                elif last and not before_combat and to_m[h] <= 1:
                    score += 4.0  # last turn: stand next to Moscow for the last assault / block
                if final and to_m[h] == 1:
                    score += final * (2.0 if g["to_open"][h] == 0 else 1.0)  # 9.2: no river shift
                if ring_late and to_m[h] == 1:
                    score += knobs["g_ring"] * (1.0 + strength / 8.0)
                if h in hold:
                    score += knobs["g_hold"]  # 5.0 (2009): a city left empty is retaken by the last Soviet move
                if h in data.cities and state.control.get(h) != "german":
                    score += MOSCOW_VALUE if h == data.moscow else CITY_VALUE
                if u in flank:
                    score -= knobs["g_flank"] * dist[h][flank[u]]  # the far city it takes or keeps
                if detour.get(h) == u:
                    score += knobs["g_detour"]  # 5.0 (2009): the draw needs every city, the far ones too
                adj = [soviets[n] for n in data.neighbours[h] if n in soviets]
                if adj and strike is not None:
                    score += strike.gain(u, here, h)  # the battles this hex makes possible (9.0-9.3)
                elif adj:
                    weakest = min(state.strength(s) * (2 ** g["shifts"][state.hex_of[s]][1]) for s in adj)
                    # next to a weak enemy we can attack (before combat) or pin (after combat)
                    score += (3.0 if before_combat else 1.0) * min(2.0, strength / max(1, weakest))
                    if not before_combat and len(adj) >= 3:
                        score -= 1.5
                defence = strength * (2 ** g["shifts"][h][0])
                danger = threat[h] / max(1.0, defence)
                if danger > 1.5 and not late:
                    score -= knobs["danger"] * (danger - 1.5) * (2.0 if u in state.reduced else 1.0)
                score += self._jitter()
                if best_score is None or score > best_score:
                    best, best_score = h, score
            if best != here:
                plan.append(Move(u, best))
                occupied.discard(here)
                occupied.add(best)
                if strike is not None:
                    strike.commit(u, best)
        return plan

    def _relieve_ring(self, state: BfmState, movers: list[str]) -> list[Any]:
        """``g_relieve``: the German's move after combat on the turn before the last, Moscow
        Soviet. The hexes next to Moscow are where the last turn's assault is made from (9.0:
        only the panzers move before that combat, 4.0) and the Soviet attacks them first: a
        weak unit holding one swaps places with a stronger one that can enter it, the weakest
        holder first, each with the strongest such unit that cannot enter an empty one instead
        (8.2.2: two units may share a hex during the phase, one at its end). Moves, the
        stronger unit's first."""
        data = state.data
        if (state.phase != "german_movement" or state.turn != data.last_turn - 1
                or state.control.get(data.moscow) == "german"):
            return []
        to_m = geo(data.edition)["to_moscow"]
        free = set(movers)
        holders = sorted((state.strength(u), u) for u in movers if to_m[state.hex_of[u]] == 1)
        empty_ring = {h for h in data.neighbours[data.moscow] if not state.occupants(h)}
        plan: list[Any] = []
        for s, weak in holders:
            ring_hex = state.hex_of[weak]
            back = movement.reach(state, weak)
            # not one that can enter an empty hex next to Moscow: it holds one more (g_ring)
            relief = [(state.strength(u), u) for u in free if to_m[state.hex_of[u]] > 1
                      and state.strength(u) >= s + self.knobs["g_relieve"]
                      and ring_hex in (reach := movement.reach(state, u)) and state.hex_of[u] in back
                      and not empty_ring & reach.keys()]
            if relief:
                _, strong = max(relief)
                plan += [Move(strong, ring_hex), Move(weak, state.hex_of[strong])]
                free.discard(strong)
        return plan

    def _garrison_swap(self, state: BfmState, movers: list[str]) -> tuple[str, str] | None:
        """``g_swap``: with Moscow German, (the stronger unit that enters it, the unit there that
        leaves it): the strongest mover that can reach Moscow and is at least ``g_swap`` strength
        points stronger than the one there, if that one can leave it (8.2.2, ``_displaced_by``).
        None if there is no such swap."""
        moscow = state.data.moscow
        holder = state.unit_at(moscow)
        if holder is None or holder not in movers or state.side_of(holder) != "german":
            return None
        need = state.strength(holder) + self.knobs["g_swap"]
        can = [u for u in movers if u != holder and state.strength(u) >= need and moscow in movement.reach(state, u)]
        if not can:
            return None
        strong = max(can, key=lambda u: (state.strength(u), u))
        return (strong, holder) if self._displaced_by(state, movers, strong) == holder else None

    def _draw_only(self, state: BfmState) -> bool:
        """``g_last_cities`` (5.0, 2009): the German's last turn after his panzer movement, Moscow
        still Soviet. Moscow is no longer his to win at the end (his last battles are being
        fought or done); only the draw is left, and it needs every other city."""
        data = state.data
        return bool(self.knobs["g_last_cities"] and state.turn >= data.last_turn
                    and state.phase in ("german_combat", "german_movement")
                    and state.control.get(data.moscow) != "german"
                    and bool(geo(data.edition)["draw_cities"]))

    def _hex_for_the_draw(self, state: BfmState, here: str, reach: Any, occupied: set[str], must_hold: set[str]) -> str:
        """``g_last_cities`` (5.0, 2009): on the German's last move with Moscow Soviet, where a unit
        in ``here`` ends: it keeps a German city a Soviet unit could re-enter (``must_hold``),
        else takes a Soviet city in ``reach``, else (``g_keep``) enters such a German city left
        empty, else keeps a German city, else stays."""
        data = state.data
        keep = bool(self.knobs["g_keep"])

        def worth(h: str) -> float:
            # held and threatened 60 > a Soviet city taken 50 > an empty threatened one entered
            # again 40 (g_keep) > any other German city held 20 (10.0: the last entrant's)
            city = h in data.cities and h != data.moscow
            stay = 0.01 if h == here else 0.0
            if city and state.control.get(h) != "german":
                return 50.0 + stay
            if h in must_hold:
                return (60.0 if h == here else 40.0 if keep else 0.0) + stay
            return (20.0 if city and h == here else 0.0) + stay

        # the first of the best in the order of ``reach``
        free = (h for h in reach if h == here or h not in occupied and h != data.moscow)
        return max(free, key=worth, default=here)

    @staticmethod
    def _ring_is_held(state: BfmState, least: float) -> bool:
        """``g_axis_ring``: whether Soviet units stand in at least ``least`` of the hexes next to
        Moscow (9.0: the only hexes it can be attacked from), a Soviet that rings its capital."""
        return len(state.hexes_of_side("soviet").intersection(state.data.neighbours[state.data.moscow])) >= least

    def _moscow_barred(self, state: BfmState) -> bool:
        """``g_wait_mud``: a Soviet Moscow is neither attacked nor entered while a mud turn is
        still to come (12.1; measured: docs/ai.md, session 16)."""
        data = state.data
        return (bool(self.knobs["g_wait_mud"]) and state.control.get(data.moscow) != "german"
                and state.turn < geo(data.edition)["after_mud"])

    def _flank_units(self, state: BfmState, movers: list[str]) -> dict[str, str]:
        """``g_flank`` (2009, from turn (last - ``g_flank_turns``) on, Moscow not the German's):
        the far cities the draw needs (5.0), three hexes or more from Moscow. A German unit
        in one that a Soviet unit two hexes off could re-enter stays; a Soviet one no Soviet unit
        stands in gets the mover nearest it, within five hexes and not next to Moscow (the
        nearest pairs first). Nothing unless every Soviet city but Moscow then has its unit: a
        draw out of reach is not worth a unit kept from Moscow."""
        data = state.data
        g = geo(data.edition)
        if (not g["draw_cities"] or state.control.get(data.moscow) == "german"
                or state.turn < data.last_turn - self.knobs["g_flank_turns"]):
            return {}
        dist, to_m = g["dist"], g["to_moscow"]
        soviets = state.hexes_of_side("soviet")
        far = [c for c in g["draw_cities"] if to_m[c] >= 3]
        out: dict[str, str] = {}
        for c in far:
            u = state.unit_at(c)
            if u in movers and state.control.get(c) == "german" and any(dist[c][x] <= 2 for x in soviets):
                out[u] = c  # kept: the city is the last entrant's (10.0)
        # the Soviet ones, nearest pair first: each city its unit, each unit one city
        pairs = sorted((dist[state.hex_of[u]][c], state.strength(u), u, c) for c in far
                       if state.control.get(c) != "german" and state.unit_at(c) is None
                       for u in movers if to_m[state.hex_of[u]] > 1 and dist[state.hex_of[u]][c] <= 5)
        for _, _, u, c in pairs:
            if u not in out and c not in out.values():
                out[u] = c
        # only while the draw is in reach: every other Soviet city has its unit
        if any(state.control.get(c) != "german" and c not in out.values() for c in g["draw_cities"]):
            return {}
        return out

    def _unguarded_cities(self, state: BfmState) -> set[str]:
        """2009: the Soviet cities other than Moscow with no Soviet unit within two hexes (5.0:
        the Soviet wins with Moscow and any one other city; a city is the last entrant's, 10.0)."""
        g = geo(state.data.edition)
        dist = g["dist"]
        soviets = state.hexes_of_side("soviet")
        return {c for c in g["draw_cities"] if state.control.get(c) != "german"
                and all(dist[c][x] > 2 for x in soviets)}

    def _cities_to_hold(self, state: BfmState) -> set[str]:
        """2009, the German's last move: the cities other than Moscow he controls that a Soviet
        unit could still enter (5.0: the Soviet wins with Moscow and any one other city, and a
        city belongs to the side that entered it last)."""
        g = geo(state.data.edition)
        dist = g["dist"]
        soviets = state.hexes_of_side("soviet")
        return {c for c in g["draw_cities"] if state.control.get(c) == "german"
                and any(dist[c][x] <= 4 for x in soviets)}

    def _strike_planner(self, state: BfmState) -> "_Strike":
        return _Strike(state, self.battle_worth(state, "german", jitter=False), self.knobs["strike"])

    def _plan_soviet_moves(self, state: BfmState, movers: list[str]) -> list[Any]:
        """Soviet moves (8.0): a line planned against what the German can really bring next
        turn (``_Exposure``); planned twice, the second time with the panzers' reach through
        the zones of control (7.1) of the line the first pass made."""
        if not self.knobs["exposure"]:
            return self._soviet_pass(state, movers, None)
        expo = _Exposure(state)
        plan = self._soviet_pass(state, movers, expo)
        if plan and not expo.none:
            scr = state.copy()
            for m in plan:
                scr.put(m.unit, m.to)
            plan = self._soviet_pass(state, movers, _Exposure(scr))
        return plan

    def _city_keeper(self, state: BfmState, movers: list[str], garrison: str | None) -> tuple[str, str] | None:
        """``s_keep`` (5.0, 2009: Moscow and any one other city win the Soviet the game, Moscow
        alone draws it; a city is its last entrant's, 10.0): from turn (last - ``s_keep_turns``)
        on, the Soviet city besides Moscow farthest from the Germans keeps the unit in it, or
        gets the weakest mover that can enter it; (unit, city), or None when a unit that does
        not move holds one already, or no such city can be held."""
        data = state.data
        g = geo(data.edition)
        if not g["draw_cities"] or state.turn < data.last_turn - self.knobs["s_keep_turns"]:
            return None
        dist = g["dist"]
        germans = state.hexes_of_side("german")
        ours = [c for c in g["draw_cities"] if state.control.get(c) == "soviet"]
        for c in sorted(ours, key=lambda c: (-min((dist[c][x] for x in germans), default=9), c)):
            u = state.unit_at(c)
            if u is not None and u == garrison:
                continue  # it leaves for Moscow, and its hex is not free during the phase (8.2.2)
            if u is not None:
                return None if u not in movers else (u, c)  # held: by a unit that stays, or keep it there
            can = [v for v in movers if v != garrison and c in movement.reach(state, v)]
            if can:
                return min(can, key=lambda v: (state.strength(v), v)), c
        return None

    def _cities_to_regain(self, state: BfmState) -> list[str]:
        """``s_regain`` (5.0, 2009: Moscow and any one other city win the Soviet the game, Moscow
        alone draws it; a city is its last entrant's, 10.0): from turn (last - ``s_regain_turns``)
        on, with Moscow Soviet and every other city German, those cities (one of them back
        turns the draw into a win); empty otherwise."""
        if not self.knobs["s_regain"]:
            return []
        data = state.data
        cities = geo(data.edition)["draw_cities"]
        if not cities or state.turn < data.last_turn - self.knobs["s_regain_turns"]:
            return []
        control = state.control
        if control.get(data.moscow) != "soviet" or any(control.get(c) == "soviet" for c in cities):
            return []
        return cities

    def _regain_target(self, state: BfmState, cities: list[str]) -> tuple[set[str], float]:
        """``s_regain`` before a Soviet combat phase: the hexes next to the German-held city
        (of ``cities``) with the weakest defence after its shifts (9.2), and the attack strength
        that would make 3:1 against it (9.1); (empty set, 0) if none is held."""
        data = state.data
        shifts = geo(data.edition)["shifts"]
        held = [(state.strength(u) * 2 ** shifts[c][0], c) for c in cities
                if (u := state.unit_at(c)) is not None and data.units[u].side == "german"]
        if not held:
            return set(), 0.0
        defence, city = min(held)
        return set(data.neighbours[city]), 3.0 * defence

    def _moscow_garrison(self, state: BfmState, movers: list[str], expo: "_Exposure") -> str | None:
        """The unit to hold Moscow (5.0) when the German can attack it: the strongest that can
        get there (the one already there on a tie)."""
        data = state.data
        if any(state.hex_of.get(u) == data.moscow for u in state.hex_of if u not in movers):
            return None
        if not expo.attackers(data.moscow):
            return None
        can = [u for u in movers if data.moscow in movement.reach(state, u)]
        if not can:
            return None
        return max(can, key=lambda u: (state.strength(u), state.hex_of[u] == data.moscow, u))

    @staticmethod
    def _displaced_by(state: BfmState, movers: list[str], garrison: str | None) -> str | None:
        """``s_swap`` and ``g_swap``: the unit in Moscow that leaves it to a stronger ``garrison``
        (8.2.2: both may share it during the phase; the one there must then reach another hex to
        end in, an empty one or the one the garrison left). None if there is no such swap."""
        moscow = state.data.moscow
        holder = state.unit_at(moscow)
        if garrison is None or holder is None or holder == garrison or holder not in movers:
            return None
        occupied = set(state.hex_of.values()) - {state.hex_of[garrison]}
        if not any(h not in occupied for h in movement.reach(state, holder)):
            return None
        return holder

    def _soviet_pass(self, state: BfmState, movers: list[str], expo: "_Exposure | None") -> list[Any]:
        data = state.data
        g = geo(data.edition)
        dist, to_m, shifts = g["dist"], g["to_moscow"], g["shifts"]
        germans = [h for u, h in state.hex_of.items() if data.units[u].side == "german"]
        threat = self._threat_map(state, "german")
        gdist = dict.fromkeys(data.hex_order, 9)  # distance to the nearest German
        for h in germans:
            dh = dist[h]
            for x, d in dh.items():
                if d < gdist[x]:
                    gdist[x] = d
        front = min((to_m[h] for h in germans), default=9)  # how close the Germans are to Moscow
        line_at = max(1, front - 1)  # the ring of the Soviet line: one hex inside that approach
        occupied = set(state.hex_of.values())
        ring2 = g["ring2"]
        knobs = self.knobs
        fixed = [h for u, h in state.hex_of.items() if data.units[u].side == "soviet" and u not in movers]
        covered: set[str] = set()
        for h in fixed:
            covered.add(h)
            covered.update(data.neighbours[h])
        moscow_held = any(state.hex_of.get(u) == data.moscow for u in state.hex_of if u not in movers)
        plan = []
        # the most threatened units decide first; then the rest fill the line
        order = sorted(movers, key=lambda u: (-threat[state.hex_of[u]], to_m[state.hex_of[u]], u))
        garrison = self._moscow_garrison(state, movers, expo) if expo is not None else None
        keeper = self._city_keeper(state, movers, garrison) if knobs["s_keep"] else None
        ring: set[str] = set()
        if keeper is not None:
            order.remove(keeper[0])
            order.insert(0, keeper[0])
        # s_swap, 8.2.2: a weaker unit in Moscow leaves it to the garrison, right after it enters
        displaced = self._displaced_by(state, movers, garrison) if knobs["s_swap"] else None
        if garrison is not None:
            order.remove(garrison)
            order.insert(0, garrison)
        if displaced is not None:
            order.remove(displaced)
            order.insert(1, displaced)
        ring_bonus = 0.0
        retake = expo is not None and state.side_at(data.moscow) == "german"
        regain = set(self._cities_to_regain(state))
        next_to, regain_need = set(), 0.0
        if regain and (state.turn < data.last_turn or state.phase == "soviet_rail_movement"):
            next_to, regain_need = self._regain_target(state, sorted(regain))  # a Soviet combat phase follows (4.0)
        if expo is not None and expo.attackers(data.moscow):
            # 9.0: Moscow can only be attacked from the hexes around it: fill those the German
            # reaches, the more the higher the odds he could get against its garrison (5.0)
            ring = {n for n in data.neighbours[data.moscow] if n not in expo.at}
            holder = garrison or state.unit_at(data.moscow)
            col = expo.column(data.moscow, state.strength(holder) if holder else 4)
            ring_bonus = knobs["ring"] * max(1, col + 1)
            if state.turn + 1 >= data.last_turn:
                ring_bonus *= 3.0  # 5.0: the German's next turn is the last, Moscow decides
        for u in order:
            here = state.hex_of[u]
            strength = state.strength(u)
            reach = movement.reach(state, u)
            best, best_score = here, None
            if u == garrison:
                reach = {data.moscow: 0}
            elif keeper is not None and u == keeper[0]:
                reach = {keeper[1]: 0}
            step = ex.step_of(state, u)[0]
            for h in reach:
                if h != here and h in occupied and not (u == garrison and displaced is not None):
                    continue
                if u == displaced and h == here:
                    continue  # 8.2.2: the garrison has entered; one unit per hex at the phase's end
                score = 0.0
                if h == data.moscow and not moscow_held:
                    score += 40.0
                elif h in data.cities:
                    score += 10.0 if h in data.major_cities else 5.0
                    if state.control.get(h) != "soviet":
                        score += 4.0
                score += 1.5 * shifts[h][1]
                if retake and to_m[h] == 1:
                    # 5.0: a German-held Moscow decides the game: mass around it to retake it (9.0)
                    score += knobs["retake"] * (1.0 + strength / 8.0)
                if h in regain:
                    score += 2.0 * knobs["s_regain"]  # 5.0, 10.0: an empty German city entered is Soviet again
                elif h in next_to and regain_need > 0:
                    score += knobs["s_regain"]  # 5.0, 9.0: next to the weakest-held one, to attack it
                if expo is not None:
                    # what the German can really bring here next turn (4.0, 7.1, 9.1-9.3)
                    odds = expo.column(h, strength) + 1.0
                    score -= knobs["exposure"] * expo.danger(h, strength, step)
                    if h in ring:
                        score += ring_bonus
                else:
                    defence = strength * (2 ** shifts[h][1])
                    odds = threat[h] / max(1.0, defence)
                    if odds >= 2.0:
                        score -= 3.0 * (odds - 1.5)
                # stay between the Germans and Moscow, close to the front but not past it
                if to_m[h] > front + 2:
                    score -= 1.5 * (to_m[h] - front - 2)
                gd = gdist[h]
                score -= knobs["contact"] * abs(gd - 2)
                # a line at one distance from Moscow, one hex inside the German's closest approach
                score -= knobs["line"] * abs(to_m[h] - line_at)
                # zone of control coverage of hexes in front of Moscow (7.0)
                cover = 0.0
                for x in (h, *data.neighbours[h]):
                    if x not in covered and to_m[x] <= front + 1:
                        cover += 1.0 / (1 + gdist[x] * 0.5)
                score += 1.2 * cover
                score += 0.5 * sum(1 for n in data.neighbours[h] if n in occupied and n != here)
                if odds >= 0.8 and knobs["room"]:
                    # 9.3 DR/EX: a defender that cannot retreat (friends or German zones of
                    # control on every hex two away) is eliminated: keep a way back open
                    room = sum(1 for x in ring2[h] if x not in occupied and gdist[x] >= 2 and to_m[x] <= to_m[h] + 1)
                    if room < 2:
                        score -= knobs["room"] * min(odds, 3.0) * (2 - room) * (1.5 if u in state.reduced else 1.0)
                score += self._jitter()
                if best_score is None or score > best_score:
                    best, best_score = h, score
            if best == data.moscow:
                moscow_held = True
            if best in next_to:
                regain_need -= strength
            regain.discard(best)
            if best != here:
                plan.append(Move(u, best))
                occupied.discard(here)
                occupied.add(best)
            covered.add(best)
            covered.update(data.neighbours[best])
        return plan

    # -- combat (9.0-9.3) --------------------------------------------------------------------
    def _combat(self, game: Game, state: BfmState, side: str) -> Any:
        rules = game.rules
        battle = rules.current_battle(state)
        if not state.committed:
            if state.battles and self._plan_key != self._key(state):
                return Commit()  # someone else declared: just close
            return self._from_plan(game, state, lambda: self.plan_attacks(state, side))
        if battle is None:
            pending = [t for t, b in state.battles.items() if b.step == "declared"]
            # strongest odds first: their retreats may open the way for the others
            best = max(pending, key=lambda t: (self._battle_col(state, t), t))
            return Resolve(best)
        if battle.step == "stand_fast":
            return StandFast(self._stand_fast(state, battle))
        if battle.step == "retreat":
            return self._retreat(state, battle)
        if battle.step == "loss":
            return self._loss(state, battle)
        if battle.step == "advance":
            return self._advance(state, battle)
        return game.legal_actions[0]

    @staticmethod
    def _battle_col(state: BfmState, target: str) -> int:
        odds = combat.battle_odds(state, target, state.battles[target].attackers)
        return -1 if odds.column is None else odds.column

    @staticmethod
    def _step_cost(state: BfmState, unit: str) -> float:
        spec = state.data.units[unit]
        if unit in state.reduced:
            return spec.reduced + 3.0
        return spec.full - spec.reduced

    def _clear_worth(self, state: BfmState, target: str, side: str) -> float:
        """What emptying ``target`` is worth to ``side`` (an advance may follow, 9.0 step 6):
        a city to take (5.0; Moscow most), ground towards Moscow for the German, and late in
        the game a hex next to Moscow (``g_ring_clear``, ``g_shield``)."""
        data = state.data
        g = geo(data.edition)
        v = 0.5
        if target in data.cities and state.control.get(target) != side:
            v += MOSCOW_VALUE if target == data.moscow else CITY_VALUE
        ring = g["to_moscow"][target] == 1  # 9.0: the hexes Moscow can be attacked from
        if side == "german":
            v += max(0, 6 - g["to_moscow"][target]) * 0.3
            held = state.control.get(data.moscow) == "german"
            if ring and not held and state.turn >= data.last_turn - self.knobs["g_ring_turns"]:
                v += self.knobs["g_ring_clear"]  # 9.0 step 6: an advance next to Moscow, to attack it (5.0)
                if g["to_open"][target] == 0:
                    v += self.knobs["g_open_clear"]  # 9.2: from there Moscow's attack has no river shift
            if ring and state.turn >= data.last_turn - self.knobs["g_shield_turns"] and (held or state.turn >= data.last_turn):
                v += self.knobs["g_shield"]  # 5.0, 9.0: a Soviet next to a German Moscow (or one taken now) attacks it next
        elif ring and state.side_at(data.moscow) == "soviet":
            v += self.knobs["repel"]  # 9.3 DR: a German pushed off Moscow's ring cannot attack it from there
        return v

    def battle_worth(self, state: BfmState, side: str, jitter: bool = True):
        """``value(target, Expect)``: what a battle is worth to ``side`` in strength points:
        the defender's expected loss (more if eliminated), the chance of emptying the hex times
        what that is worth, minus the attacker's expected loss times the style's ``trade``;
        -99 below the style's lowest column (decisive cities late: any odds of at least 1:1)."""
        data = state.data
        g = geo(data.edition)
        late = state.turn >= data.last_turn
        min_col = int(self.knobs[f"{side}_min_col"])
        # 10.0: the Soviet gets five replacement steps a turn, the German one: a Soviet step is
        # cheaper to the Soviet than a German step to the German (``soviet_trade``)
        trade = self.knobs["soviet_trade" if side == "soviet" else "trade"]
        raid_barred = side == "german" and self._moscow_barred(state)
        regain = frozenset(self._cities_to_regain(state)) if side == "soviet" else frozenset()
        regain_worth = self.knobs["s_regain"]

        def need(t: str) -> int:
            n = min_col
            if side == "german" and t in data.cities and (late or t == data.moscow):
                n = 0  # the decisive cities are worth any odds (5.0)
            if side == "german" and late and g["to_moscow"][t] <= 1:
                n = 0  # last turn: clear the way into Moscow at any odds (all-out assault)
            if side == "soviet" and t in data.cities and state.turn >= data.last_turn - 1:
                n = min(n, 1)
            if side == "soviet" and late and t == data.moscow:
                n = 0  # 5.0: the last chance to retake Moscow
            if side == "soviet" and t == data.moscow and state.turn >= data.last_turn - self.knobs["retake_turns"]:
                n = 0  # 5.0: a German-held Moscow decides the game: retake it at any odds
            if t in regain:
                n = 0  # s_regain, 5.0: a city back turns the draw into a win
            return n

        def value(t: str, e: ex.Expect) -> float:
            if e.column < need(t) or t == data.moscow and raid_barred:
                return -99.0
            worth = self._clear_worth(state, t, side) + (regain_worth if t in regain else 0.0)
            return (e.defender_loss + 2.0 * e.killed + e.cleared * worth
                    - trade * e.attacker_loss + (self._jitter() if jitter else 0.0))

        return value

    def plan_attacks(self, state: BfmState, side: str) -> list[Any]:
        """Declarations for ``side``: battles chosen greedily by their exact expectation over the
        CRT (``expect.py``: 9.1, 9.3 with the retreat each defender would really have), each unit
        once, while a battle promises more than the style's bar; the lowest column attacked is
        the style's (decisive cities on the last turns at any odds of at least 1:1, 5.0)."""
        data = state.data
        g = geo(data.edition)
        late = state.turn >= data.last_turn

        def decisive(t: str) -> bool:
            return late and (t == data.moscow or (side == "german" and g["to_moscow"][t] <= 1))

        value = self.battle_worth(state, side)
        sitting = set(state.occupants(data.moscow)) if self._garrison_sits(state, side) else set()
        plan: list[Any] = []
        allowed = None
        shield = self._last_shield(state) if side == "german" and late and self.knobs["g_last_shield"] else []
        if shield:  # planned first, exactly; the other units fight elsewhere
            targets = {t for t, _ in shield}
            for t, group in shield:
                plan.extend(Attack(u, t) for u in group)
                sitting |= set(group)
            allowed = lambda t, group: t not in targets  # noqa: E731
        elif side == "german" and late and self.knobs["g_final"]:
            assault = self._final_assault(state)
            if assault:  # planned first; no other unit joins it
                plan.extend(Attack(u, data.moscow) for u in assault)
                sitting |= set(assault)
                allowed = lambda t, group: t != data.moscow  # noqa: E731
        battles = ex.plan_battles(state, side, value, self.knobs["bar"], allowed=allowed, must=decisive, exclude=sitting,
                                  lookahead=int(self.knobs["plan_lookahead"]))
        for t, group, v in battles:
            if v <= -99.0:
                continue
            plan.extend(Attack(u, t) for u in group)
        plan.append(Commit() if (plan or state.battles) else EndPhase())
        return plan

    def _garrison_sits(self, state: BfmState, side: str) -> bool:
        """Whether ``side``'s unit in Moscow stays out of this combat phase: it must hold Moscow
        through the enemy's next combat, and a step it loses to an EX or AL (9.3) is still
        missing then (4.0, 10.0: replacements come first in a player turn)."""
        data = state.data
        if side == "german":  # ``g_sit``, 5.0: a German Moscow is what the victory counts
            return bool(self.knobs["g_sit"]) and state.control.get(data.moscow) == "german"
        # ``s_sit`` (off): on the turns before the German's last assault
        return (bool(self.knobs["s_sit"]) and state.side_at(data.moscow) == "soviet"
                and data.last_turn - self.knobs["s_sit_turns"] <= state.turn < data.last_turn)

    @staticmethod
    def _last_shield(state: BfmState, most: int = 9) -> list[tuple[str, list[str]]]:
        """``g_last_shield``: the German's last combat phase (5.0: Moscow German at the end of
        the last turn wins), planned for the chance of holding Moscow through the Soviet's last
        combat, fought only from the six hexes next to it (9.0): the battles on Moscow (if
        Soviet) and on the Soviet units next to it, the garrison's own attack out of Moscow
        included. For every way of giving each German unit next to those hexes one of them or
        none, with each battle's exact chance of emptying its hex (``expect``: 9.1-9.3), the
        chance is Moscow German after combat times the chance that the Soviet units left next to
        it, steps restored (10.0), fail to empty it (9.1-9.3, Stand Fast included) against the
        strongest German unit in or next to Moscow that keeps its strength: a unit attacking
        alone takes its own EX or AL step (9.3), one of several leaves it to another, and the
        strongest takes Moscow over after combat (8.2.2). A Soviet unit reaches a hex next to
        Moscow before its combat only by rail, into an empty one (4.0, 8.1: it stops in the
        zone of control, 7.0), so a hex emptied must be entered by one of its attackers (9.0
        step 6): a battle of the garrison alone out of Moscow is not planned. The best
        assignment (ties: fewer units), at most ``most`` units considered (the strongest);
        empty when Moscow cannot be taken this phase or no battle is needed."""
        data = state.data
        moscow = data.moscow
        holder = state.unit_at(moscow)
        german_moscow = holder is not None and state.side_of(holder) == "german"
        if not german_moscow and (holder is None or moscow in state.battles):
            return []
        ring = [n for n in data.neighbours[moscow]
                if n not in state.battles and state.side_at(n) == "soviet"]
        targets = ring if german_moscow else [moscow] + ring
        if not ring and german_moscow:
            return []
        declared = {a for b in state.battles.values() for a in b.attackers}
        near = {t: [u for n in data.neighbours[t] for u in state.occupants(n)
                    if state.side_of(u) == "german" and u not in declared] for t in targets}
        units = sorted({u for us in near.values() for u in us}, key=lambda u: (-state.strength(u), u))[:most]
        if not units:
            return []
        # who can hold Moscow after combat: its garrison or a unit next to it (8.2.2), strongest first
        keepers = sorted({u for n in data.neighbours[moscow] for u in state.occupants(n) if state.side_of(u) == "german"}
                         | ({holder} if german_moscow else set()), key=lambda u: (-state.strength(u), u))
        if not keepers:
            return []

        @cache
        def cleared(t: str, group: frozenset[str]) -> float | None:
            e = ex.expect(state, t, sorted(group))
            return None if e is None else e.cleared

        @cache
        def hit(t: str, u: str) -> float:
            """A lone attacker's chance of losing a step (9.3 EX, AL)."""
            d = combat.battle_odds(state, t, [u]).distribution
            return float(d.get(Result.EX, 0) + d.get(Result.AL, 0))

        @cache
        def soviet_retakes(left: frozenset[str], keeper: str, reduced: bool) -> float:
            """The chance the Soviet units in ``left`` (hexes next to Moscow), at full strength
            (10.0), empty Moscow held by ``keeper`` (``reduced``: one step down)."""
            if not left:
                return 0.0
            hyp = state.copy()
            if holder != keeper:
                hyp.remove(holder)
            hyp.put(keeper, moscow)
            if reduced:
                hyp.reduced.add(keeper)
            for n in ring:
                if n not in left:
                    hyp.remove(hyp.unit_at(n))
            attackers = [hyp.unit_at(n) for n in left]
            hyp.reduced -= set(attackers)
            hyp.touched()
            e = ex.expect(hyp, moscow, attackers)
            return 0.0 if e is None else e.cleared

        options = {u: [t for t in targets if u in near[t]] for u in units}
        best: tuple[float, int, list[tuple[str, list[str]]]] = (-1.0, 0, [])
        groups: dict[str, list[str]] = {t: [] for t in targets}

        def keeper_odds() -> list[tuple[str, bool, float]]:
            """(keeper, reduced, chance): the strongest keeper whose strength is intact."""
            out, rest = [], 1.0
            for k in keepers:
                t = next((t for t, g in groups.items() if k in g), None)
                q = 1.0 if t is None or len(groups[t]) > 1 or k in state.reduced else 1.0 - hit(t, k)
                out.append((k, False, rest * q))
                rest *= 1.0 - q
                if not rest:
                    break
            if rest and keepers[0] not in state.reduced:
                out.append((keepers[0], True, rest))
            return out

        def score() -> float | None:
            p_take = 1.0
            if not german_moscow:
                if not groups[moscow]:
                    return None
                p_take = cleared(moscow, frozenset(groups[moscow]))
                if not p_take:
                    return None
            chances = []
            for n in ring:
                if groups[n]:
                    if german_moscow and groups[n] == [holder]:
                        return None  # 9.0 step 6: none but the garrison to enter the hex it empties
                    c = cleared(n, frozenset(groups[n]))
                    if c is None:
                        return None  # 9.1: below 1:1, a battle for nothing
                    chances.append((n, c))
                else:
                    chances.append((n, 0.0))
            held_by = keeper_odds()
            hold = 0.0
            for emptied in product((False, True), repeat=len(chances)):  # which ring hexes are emptied
                p, left = 1.0, []
                for (n, c), gone in zip(chances, emptied):
                    if gone:
                        p *= c
                    else:
                        p *= 1.0 - c
                        left.append(n)
                if p:
                    standing = frozenset(left)
                    hold += p * sum(w * (1.0 - soviet_retakes(standing, k, red)) for k, red, w in held_by)
            return p_take * hold

        def walk(i: int, used: int) -> None:
            nonlocal best
            if i == len(units):
                v = score()
                if v is not None and (v > best[0] + 1e-9 or abs(v - best[0]) <= 1e-9 and used < best[1]):
                    best = (v, used, [(t, list(g)) for t, g in groups.items() if g])
                return
            walk(i + 1, used)
            for t in options[units[i]]:
                groups[t].append(units[i])
                walk(i + 1, used + 1)
                groups[t].pop()

        walk(0, 0)
        return best[2]

    @staticmethod
    def _final_assault(state: BfmState) -> list[str]:
        """The last German attack on a Soviet Moscow (5.0): of the German units next to it not
        yet attacking, the fewest strength points that reach the best column after the major
        city and river shifts (9.1, 9.2: one attacker off the river lifts the river shift);
        empty below 1:1 or when Moscow is not the Soviet's to lose."""
        data = state.data
        moscow = data.moscow
        defender = state.unit_at(moscow)
        if defender is None or state.side_of(defender) != "soviet" or moscow in state.battles:
            return []
        declared = {a for b in state.battles.values() for a in b.attackers}
        near = sorted(u for n in data.neighbours[moscow] for u in state.occupants(n)
                      if state.side_of(u) == "german" and u not in declared)
        best: tuple[int, int] | None = None
        group: list[str] = []
        for k in range(1, 1 << len(near)):
            us = [near[i] for i in range(len(near)) if k >> i & 1]
            column = combat.battle_odds(state, moscow, us).column
            if column is None:
                continue
            key = (column, -sum(state.strength(u) for u in us))
            if best is None or key > best:
                best, group = key, us
        return group

    def _stand_fast(self, state: BfmState, battle) -> bool:
        # 000 9.3: take a step instead of retreating; worth it when the unit survives the step
        return battle.defender not in state.reduced

    def _retreat(self, state: BfmState, battle) -> Any:
        """The attacker picks the defender's path: as far from its friends and as close to the
        attacker's units as the legal paths allow (9.3 DR)."""
        data = state.data
        g = geo(data.edition)
        opts = combat.retreat_options(state, battle).paths
        dside = state.side_of(battle.defender)

        def score(p):
            via, to = p
            s = 0.0
            for n in data.neighbours[to]:
                side_n = state.side_at(n)
                if side_n == dside:
                    s -= 1.0
                elif side_n is not None:
                    s += 1.0
            s -= 2.0 * g["shifts"][to][1 if dside == "soviet" else 0]
            if to in data.cities:
                s -= 3.0
            # Soviets pushed away from Moscow is not good for the German, pushed west is
            s += 0.3 * g["to_moscow"][to] * (1 if dside == "soviet" else -1)
            return s + self._jitter()

        return Retreat(*max(opts, key=lambda p: (score(p), p)))

    def _loss(self, state: BfmState, battle) -> Any:
        """EX/AL: the smallest loss that satisfies the result (9.3, 12.2 printed strengths)."""
        data = state.data
        alive = [u for u in battle.attackers if u in state.hex_of]

        def lost(u):
            return data.units[u].reduced if u in state.reduced else data.units[u].full - data.units[u].reduced

        due = float(battle.loss_due)
        enough = [u for u in alive if lost(u) >= due]
        if battle.loss_kind == "AL" or not enough:
            pick = min(alive, key=lambda u: (self._step_cost(state, u), u)) if battle.loss_kind == "AL" else max(alive, key=lambda u: (lost(u), u))
        else:
            pick = min(enough, key=lambda u: (self._step_cost(state, u), lost(u), u))
        return Loss(pick)

    def _advance(self, state: BfmState, battle) -> Any:
        data = state.data
        g = geo(data.edition)
        t = battle.target
        alive = [u for u in battle.attackers if u in state.hex_of]
        side = state.side_of(alive[0])
        if side == "german":
            gain = t in data.cities or g["to_moscow"][t] <= max(g["to_moscow"][state.hex_of[u]] for u in alive)
            if not gain:
                return Advance(None)
            if t == data.moscow and self.knobs["g_moscow_adv"]:
                # 5.0: Moscow must be held through the Soviet turn: the strongest unit goes in
                return Advance(max(alive, key=lambda u: (state.strength(u), u)))
            if t not in data.cities and self.knobs["g_keep"] and self._draw_only(state):
                # 5.0 (2009): the draw needs every city but Moscow, and a city left empty is the
                # next entrant's (10.0): none is left for a hex that is no city
                keep = self._cities_to_hold(state)
                alive = [u for u in alive if state.hex_of[u] not in keep]
                if not alive:
                    return Advance(None)
            # the unit whose own hex matters least: not a city, farthest from Moscow
            pick = max(alive, key=lambda u: (state.hex_of[u] not in data.cities, g["to_moscow"][state.hex_of[u]], -state.strength(u), u))
            return Advance(pick)
        good = t in data.cities or g["shifts"][t][1] > 0
        if not good:
            return Advance(None)
        pick = max(alive, key=lambda u: (state.hex_of[u] not in data.cities, state.strength(u), u))
        return Advance(pick)

    # -- replacements (10.0-10.4) and reinforcements (11.0) ---------------------------------
    def _replacement(self, game: Game, state: BfmState, side: str) -> Any:
        data = state.data
        g = geo(data.edition)
        due = game.rules.reinforcements_due(state)
        if due:
            open_hexes = replacements.edge_hexes_open(state, side)
            if open_hexes:
                germans = [h for u, h in state.hex_of.items() if data.units[u].side == "german"]
                front = min((g["to_moscow"][h] for h in germans), default=9)

                # 11.0: 1st Shock near Moscow, on the edge hex closest to the front's threat
                def rs(h):
                    # just behind the front (not far in the rear): one hex nearer Moscow than the Germans
                    return (abs(g["to_moscow"][h] - max(1, front - 1)) + 0.3 * g["to_moscow"][h], h)

                return Reinforce(due[0], min(open_hexes, key=rs))
        if state.replacements_left <= 0:
            return EndPhase()
        threat = self._threat_map(state, enemy_of(side))
        restorable = [u for u in data.unit_order if data.units[u].side == side and replacements.may_restore(state, u)]
        pool = replacements.pool_units(state, side)
        hexes = replacements.placement_hexes(state, side) if pool else []
        if side == "soviet":
            if state.turn >= data.last_turn and state.control.get(data.moscow) == "german":
                # 5.0: the last turn decides; steps go to the units next to Moscow
                ring = [u for u in restorable if g["to_moscow"][state.hex_of[u]] <= 2]
                if ring:
                    return Restore(max(ring, key=lambda u: (-g["to_moscow"][state.hex_of[u]], data.units[u].full, u)))
                near = [h for h in hexes if g["to_moscow"][h] <= 1]
                if pool and near:
                    return Place(self._best_pool(state, pool), min(near, key=lambda h: (g["to_moscow"][h], h)))
            if pool and data.moscow in hexes:
                return Place(self._best_pool(state, pool), data.moscow)
            cities = [h for h in hexes if h in data.cities]
            if pool and cities:
                c = min(cities, key=lambda h: (-threat[h], g["to_moscow"][h], h))
                if threat[c] > 0 or len(restorable) == 0:
                    return Place(self._best_pool(state, pool), c)
            if pool and hexes and self.knobs["place_first"]:
                # 10.2: a new unit is one more zone of control in the line (7.0): placed just
                # behind the German front, where it can reach the line this turn
                germans = [h for u, h in state.hex_of.items() if data.units[u].side == "german"]
                front = min((g["to_moscow"][h] for h in germans), default=9)
                h = min(hexes, key=lambda h: (abs(g["to_moscow"][h] - max(1, front - 1)) + 0.3 * g["to_moscow"][h], h))
                return Place(self._best_pool(state, pool), h)
            if restorable:
                return Restore(self._soviet_restore(state, restorable, threat))
            if pool and hexes:
                h = min(hexes, key=lambda h: (g["to_moscow"][h], h))
                return Place(self._best_pool(state, pool), h)
            return EndPhase()
        # German: restore the strongest units first, panzers before infantry
        if restorable:
            u = max(restorable, key=lambda u: (data.units[u].kind == "panzer", data.units[u].full, u))
            return Restore(u)
        if pool and hexes:
            h = min(hexes, key=lambda h: (g["to_moscow"][h], h))
            return Place(self._best_pool(state, pool), h)
        return EndPhase()

    def _soviet_restore(self, state: BfmState, restorable: list[str], threat: dict[str, float]) -> str:
        """The reduced unit a Soviet step restores (10.0 item 2): the one whose full strength
        most lowers what the German can get against it where it stands next turn
        (``_Exposure``), Moscow's garrison first; the most threatened without the knob."""
        data = state.data
        g = geo(data.edition)
        if not self.knobs["exposure"]:
            return max(restorable, key=lambda u: (threat[state.hex_of[u]] + self._jitter(), -g["to_moscow"][state.hex_of[u]], u))
        expo = _Exposure(state)

        def gain(u: str) -> float:
            h = state.hex_of[u]
            spec = data.units[u]
            v = expo.danger(h, spec.reduced, float(spec.reduced)) - expo.danger(h, spec.full, float(spec.full - spec.reduced))
            if h == data.moscow:
                v += 2.0 + expo.column(h, spec.reduced) + 1
            elif h in data.cities:
                v += 0.5
            return v + 0.05 * threat[h] + self._jitter()

        return max(restorable, key=lambda u: (gain(u), -g["to_moscow"][state.hex_of[u]], u))

    @staticmethod
    def _best_pool(state: BfmState, pool: list[str]) -> str:
        data = state.data
        return max(pool, key=lambda u: (data.units[u].reduced, data.units[u].movement, u))


class _Exposure:
    """What the German can bring against each hex in his next Combat Phase (4.0: only the
    panzers move before it, in the Panzer Movement Phase; the infantry attacks from where it
    stands), with the Soviet units where they stand: the panzers' reach is the engine's own
    (``movement.reach`` on a copy of the position entered into that phase: 7.1 zones of control
    stop them, 12.1 mud), the attack strength the engine's own (``combat.attack_strength``:
    12.2 mud halving). ``column(h, s)``: the CRT column (0 = 1:1, -1 below) of that attack
    against a Soviet defender of strength ``s`` in ``h`` after the 9.2 shifts of the hex (a
    river counts when every hex the attack could come from is across one)."""

    def __init__(self, state: BfmState) -> None:
        data = state.data
        self.data = data
        self.none = state.turn >= data.last_turn  # no German turn follows (5.0: the game ends)
        self._attackers: dict[str, list[str]] = {}
        self._col: dict[tuple[str, int], int] = {}
        if self.none:
            return
        scr = state.copy()
        scr.turn = state.turn + 1
        units = data.units
        self.german = {u: h for u, h in scr.hex_of.items() if units[u].side == "german"}
        panzers = [u for u in self.german if units[u].kind == "panzer"]
        self.reach: dict[str, frozenset[str]] = {}
        if panzers:
            sequence.enter_phase(scr, "german_panzer_movement", [])
            if scr.phase == "german_panzer_movement":
                for u in panzers:
                    self.reach[u] = frozenset(movement.reach(scr, u))
        self.state = scr
        self.at = {h: u for u, h in self.german.items()}

    def attackers(self, h: str) -> list[str]:
        """German units that could attack a Soviet unit in ``h`` next turn (strongest first)."""
        got = self._attackers.get(h)
        if got is not None:
            return got
        if self.none:
            return []
        data = self.data
        nb = data.neighbours[h]
        free = [n for n in nb if n not in self.at]
        out = []
        for u, where in self.german.items():
            if where in nb:
                out.append(u)
            elif u in self.reach and any(n in self.reach[u] for n in free):
                out.append(u)
        st = self.state
        out.sort(key=lambda u: (-st.strength(u), u))
        # one unit a hex (8.2.1): at most as many attackers as hexes around the target
        slots = sum(1 for n in nb if n in self.at) + len(free)
        got = self._attackers[h] = out[:slots]
        return got

    def column(self, h: str, strength: int) -> int:
        """The CRT column the German could reach against ``strength`` in ``h`` (-1: none)."""
        key = (h, strength)
        col = self._col.get(key)
        if col is not None:
            return col
        att = self.attackers(h)
        if not att:
            col = -1
        else:
            data = self.data
            st = self.state
            attack = combat.attack_strength(st, att)[0]
            ratio = min(odds_ratio(attack, strength), combat.MAX_RATIO)
            g = geo(data.edition)
            n = g["shifts"][h][1]
            # 9.2: the river shift only if every hex the attack may come from is across one
            sources = [n2 for n2 in data.neighbours[h] if n2 in self.at or any(n2 in self.reach.get(u, ()) for u in att)]
            if sources and all(frozenset((n2, h)) in data.rivers for n2 in sources):
                n += 1
            col = ratio - 1 - n
        self._col[key] = col
        return col

    def danger(self, h: str, strength: int, step: float) -> float:
        """The German's expected net gain, in strength points, from attacking a Soviet unit of
        ``strength`` (a step of ``step``) in ``h`` at ``column(h, strength)``: the results of
        that CRT column (9.1, 9.3) weighed by what each costs the defender (DE: all; DRL, EX: a step; DR: a share of the unit, for the retreat it may not
        survive) less 0.8 of what the attacker loses (EX: a step as large; AL: a small step)."""
        col = self.column(h, strength)
        if col < 0:
            return 0.0
        loss = gain = 0.0
        for r, q in self.data.crt.distribution(col).items():
            p = float(q)
            if r == Result.DE:
                loss += p * strength
            elif r == Result.DRL:
                loss += p * step
            elif r == Result.EX:
                loss += p * step
                gain += p * step
            elif r == Result.DR:
                loss += p * 0.3 * strength
            elif r == Result.AL:
                gain += p * 3.0
        return loss - 0.8 * gain


class _Strike:
    """Panzer movement planned with combat (8.0 before 9.0): what moving a unit to a hex adds
    to the battles the German can fight this phase, by their exact expectation (``expect.py``).
    A hex next to a Soviet unit adds strength to that battle; a hex whose zone of control
    closes a retreat path (7.0, 9.3 DR) turns retreats into losses or eliminations for the
    Soviet units around it. Works on a scratch copy of the state with the planned moves made."""

    def __init__(self, state: BfmState, value, weight: float) -> None:
        self.state = state.copy()
        self.value = value
        self.weight = weight
        self.base: dict[str, float] = {}

    def _battle(self, target: str) -> float:
        st = self.state
        data = st.data
        units = [x for n in data.neighbours[target] for x in st.occupants(n) if data.units[x].side == "german"]
        if not units:
            return 0.0
        return max(0.0, ex.best_group(st, target, units, self.value)[1])

    def _targets(self, h: str) -> list[str]:
        st = self.state
        data = st.data
        g = geo(data.edition)
        return [x for x in g["ball"][h][2] if st.side_at(x) == "soviet"]

    def gain(self, unit: str, here: str, h: str) -> float:
        """The combat value ``unit`` adds by standing in ``h`` (from ``here``)."""
        targets = self._targets(h)
        if not targets:
            return 0.0
        for t in targets:
            if t not in self.base:
                self.base[t] = self._battle(t)
        st = self.state
        st.put(unit, h)
        gains = sorted((self._battle(t) - self.base[t] for t in targets), reverse=True)
        st.put(unit, here)
        # the unit fights one battle; its zone of control helps the others less surely
        return self.weight * (gains[0] + 0.3 * sum(x for x in gains[1:] if x > 0))

    def commit(self, unit: str, h: str) -> None:
        self.state.put(unit, h)
        self.base.clear()


__all__ = ["HeuristicPlayer", "geo"]

"""The Operation Typhoon rules object (``typhoon.core.game.Rules``): 4.0 the sequence of play
with its stages, phases and segments, and the application of every action, hidden
information included (8.4 strength chits, 18.49 the German Plan)."""

from __future__ import annotations

import functools
import itertools
import random
from fractions import Fraction
from typing import Any

from ...core.contract import NOBODY, Event, only
from ...core.dice import two_dice_sum
from ...core.errors import IllegalActionError
from ...core.game import Outcome
from ...core.stacks import Stacks
from . import combat, movement, supply, victory
from .actions import (PLANS, Accelerate, Action, Advance, Air, Allocate, Attack, Commit, Defend, DieRoll, Draw,
                      Eliminate, End, Evade, Exit, Hedgehog, InSupport, Interdict, Loss, Move, Plan, Retreat, Roll,
                      Stand, SupportRoll, Withdraw, parse)
from .data import GERMAN_ARMIES, ot_data
from .state import UNKNOWN, OtState, other
from .strength import lose_step, needs_chit, parent_of, pool_of, set_steps_from_strength

#: 4.2: the stages, phases and segments of a Game-Turn, in order.
PHASES = (
    ("weather", None, "Weather and Ground Condition Determination Stage", "4.2 A; 13.1-13.3"),
    ("german_support", "german", "German Support Allocation Stage", "4.2 B; 11.0"),
    ("german_supply", None, "German Player-Turn: Mutual Supply Determination Phase", "4.2 C.1; 12.0"),
    ("german_tactical", "german", "German Movement Phase: Tactical Movement Segment", "4.2 C.2.a; 5.4"),
    ("german_strategic", "german", "German Movement Phase: Strategic Movement Segment", "4.2 C.2.b; 5.5"),
    ("german_combat", "german", "German Combat Phase", "4.2 C.3; 9.0"),
    ("german_interdiction", "german", "German Interdiction Phase", "4.2 C.4; 17.3"),
    ("russian_supply", None, "Soviet Player-Turn: Mutual Supply Determination Phase", "4.2 D.1; 12.0"),
    ("russian_commitment", "russian", "Soviet Movement Phase: Commitment Segment", "4.2 D.2.a; 16.2"),
    ("russian_tactical", "russian", "Soviet Movement Phase: Tactical Movement Segment", "4.2 D.2.b; 5.4"),
    ("russian_rail", "russian", "Soviet Movement Phase: Rail Movement Segment", "4.2 D.2.c; 5.6"),
    ("russian_strategic", "russian", "Soviet Movement Phase: Strategic Movement Segment", "4.2 D.2.d; 5.5"),
    ("russian_combat", "russian", "Soviet Combat Phase", "4.2 D.3; 9.0"),
    ("turn_indication", None, "Game-Turn Indication Stage", "4.2 E; 16.15"),
)
PHASE_IDS = tuple(p[0] for p in PHASES)
PHASE_INFO = {p[0]: p for p in PHASES}
MOVE_MODE = {"german_tactical": "tactical", "german_strategic": "strategic", "russian_tactical": "tactical",
             "russian_rail": "rail", "russian_strategic": "strategic"}
ROLLS_2D6 = tuple((Roll(t), p) for t, p in two_dice_sum())
DIE = tuple(range(1, 7))


class OtRules:
    """Operation Typhoon (SPI 1978), rules text 003 (cases cited per function)."""

    name = "ot"
    title = "Operation Typhoon"
    players = ("german", "russian")
    perfect_information = False

    def __init__(self, data: Any = None) -> None:
        """``data``: an :class:`~.data.OtData` of an owner's kit; None: the shipped kit (read
        when first needed)."""
        self._data = data

    @property
    def data(self) -> Any:
        return self._data if self._data is not None else ot_data()

    # -- 18.x set-up ----------------------------------------------------------------------------
    def initial_state(self, options: dict[str, Any] | None = None) -> OtState:
        options = dict(options or {})
        key = str(options.get("scenario", "18.1"))
        d = self.data
        scen = d.scenario(key)
        options.setdefault("strengths", "fixed")
        state = OtState(key, options, turn=0, phase="setup", stacks=Stacks(), steps={}, full_steps={}, cadre=set(),
                        chits={}, cups={pid: list(p) for pid, p in d.pools.items()}, off_map={}, book=self._data)
        self._place_historical(state)
        for r in scen.reinforcements:
            for u in r["counters"]:
                state.off_map[u] = "reinforcement"
        for u in scen.units:
            state.chits[u] = None
            state.steps[u] = state.full_steps[u] = 3
            set_steps_from_strength(state, u)
        for p in d.places:
            for h in p["hexes"]:
                if h in scen.hexes:
                    state.control[h] = "german" if scen.west_of_front(h) else "russian"
        armies = scen.params.get("uncommitted_armies", ())  # 18.17, 18.27, 18.37, 18.47
        state.uncommitted = {u for u in state.on_map("russian") if d.units[u].parent in armies}
        self._next_before_play(state, None, [])
        return state

    #: the steps before Game-Turn One, in order: 18.49 the secret Plan; 18.12(c)(2) etc. the Free
    #: set-ups, the German first; 23.0 option 2 the open chits
    BEFORE_PLAY = ("plan", "free_german", "free_russian", "open_chits")

    def _next_before_play(self, state: OtState, after: str | None, events: list[Any]) -> None:
        """The next step before play that this game's options call for, else Game-Turn One."""
        order = self.BEFORE_PLAY
        for step in order[order.index(after) + 1 if after else 0:]:
            if step == "plan" and state.scenario_key in ("18.4", "18.5"):
                state.pending = {"kind": "plan"}
                return
            if step.startswith("free_") and state.options.get("setup") == "free":
                side = step.split("_")[1]
                state.pending = {"kind": "free_setup", "actor": side}
                events.append(f"{side.capitalize()} Free set-up (18.12(2), 18.22(2), 18.32(2), 18.42(2))")
                return
            if step == "open_chits" and state.options.get("strengths") == "open_chits":
                state.pending = self._open_chits(state)  # 23.0 option 2
                return
        state.pending = None
        self._start_turn(state, 1, events)

    def _free_setup_moves(self, state: OtState, side: str) -> list[Action]:
        """18.12(2) / 18.22(2) / 18.32(2) / 18.42(2): a unit's place anywhere in its set-up area,
        within the stacking limits (7.1), never in an enemy hex nor a lake; ``End`` when done."""
        acts: list[Action] = []
        for u in sorted(state.on_map(side), key=state.scen.unit_index.__getitem__):
            if u in state.moved:
                continue  # each unit is placed once
            area = _free_area(state.scen, side, state.data.units[u].parent, u)
            here = state.hex_of(u)
            for h in sorted(area):
                if h != here and state.side_at(h) != other(side) and not movement.overstacked(state, h, (u,)):
                    acts.append(Move(u, h, "setup"))
        return acts

    def _open_chits(self, state: OtState) -> dict[str, Any]:
        """23.0 option 2: a chit picked for every unit before play, open to both."""
        return {"kind": "open_chits", "units": [u for u in state.scen.units if needs_chit(state, u)]}

    def _place_historical(self, state: OtState) -> None:
        """18.12(1) / 18.22(1) / 18.32(1): listed hexes; German stacks of four spread within one
        hex (D15); HQs "anywhere west of the front line" placed with their corps (D47)."""
        scen, d = state.scen, state.data
        for u, h in scen.setup.items():
            if movement.overstacked(state, h, (u,)) and d.units[u].side == "german":
                h = next((n for n in sorted(scen.neighbours[h]) if scen.west_of_front(n)
                          and not movement.overstacked(state, n, (u,)) and state.side_at(n) in (None, "german")
                          and d.terrain[n] != "lake"), h)
            state.stacks.place(u, h)
        for u in scen.anywhere:
            if u in state.stacks:
                continue
            corps = d.units[u].parent
            homes = [state.hex_of(x) for x in state.on_map("german") if parent_of(state, x) == corps]
            cands = [h for h in homes if not movement.overstacked(state, h, (u,))]
            if not cands:
                cands = [h for h in sorted(scen.hexes) if scen.west_of_front(h) and not state.at(h) and d.terrain[h] != "lake"]
            # the westernmost of the corps' hexes: furthest from the enemy (D47)
            cands.sort(key=lambda h: d.grid.axial(h)[0])
            state.stacks.place(u, cands[0])

    def copy_state(self, state: OtState) -> OtState:
        return state.copy()

    # -- who acts ------------------------------------------------------------------------------
    def phase_key(self, state: OtState) -> tuple[int, str]:
        return (state.turn, state.phase)

    def current_player(self, state: OtState) -> str | None:
        if state.outcome is not None or self.is_chance(state):
            return None
        p = state.pending
        if p is not None:
            return p.get("actor", "german") if p["kind"] != "open_chits" else None
        b = state.battle
        if b is not None:
            return b["actor"]
        return PHASE_INFO[state.phase][1]

    def is_chance(self, state: OtState) -> bool:
        if state.outcome is not None:
            return False
        p = state.pending
        if p is not None:
            return p["kind"] in ("roll", "open_chits")
        b = state.battle
        return b is not None and b["step"] in ("chits", "roll")

    def chance_outcomes(self, state: OtState) -> list[tuple[Any, Fraction]]:
        if not self.is_chance(state):
            return []
        p = state.pending
        if p is not None and p["kind"] == "roll":
            what = p["what"]
            if what.startswith("support:"):
                return [(SupportRoll(what.split(":")[1], v), Fraction(1, 6)) for v in DIE]
            return [(DieRoll(what, v), Fraction(1, 6)) for v in DIE]
        if p is not None and p["kind"] == "open_chits":
            return self._draw_outcomes(state, p["units"][0])
        b = state.battle
        if b["step"] == "chits":
            return self._draw_outcomes(state, b["chits_due"][0])
        return list(ROLLS_2D6)

    def _draw_outcomes(self, state: OtState, uid: str) -> list[tuple[Any, Fraction]]:
        """8.32: a chit at random from the unit's Morale Pool (an observer who cannot see the
        cup draws from the pool's printed mix)."""
        unit = state.data.units[uid]
        cup = state.cups.get(pool_of(unit), [])
        known = [c for c in cup if c != UNKNOWN]
        if len(known) < len(cup) or not cup:
            known = list(state.data.pools[pool_of(unit)])
        counts: dict[str, int] = {}
        for c in known:
            counts[c] = counts.get(c, 0) + 1
        return [(Draw(uid, c), Fraction(n, len(known))) for c, n in sorted(counts.items())]

    def outcome(self, state: OtState) -> Outcome | None:
        return state.outcome

    # -- legal actions ---------------------------------------------------------------------------
    def legal_actions(self, state: OtState) -> list[Action]:
        if state.outcome is not None:
            return []
        if self.is_chance(state):
            return [a for a, _ in self.chance_outcomes(state)]
        p = state.pending
        if p is not None:
            return self._legal_pending(state, p)
        if state.battle is not None:
            return self._legal_battle(state)
        phase = state.phase
        side = PHASE_INFO[phase][1]
        if phase in MOVE_MODE:
            key = _movement_key(state)
            got = _LEGAL_MOVES.get(key)
            if got is None:
                if len(_LEGAL_MOVES) > 16:
                    _LEGAL_MOVES.clear()
                got = _LEGAL_MOVES[key] = tuple(self._legal_moves(state, side, MOVE_MODE[phase]) + [End()])
            return list(got)
        if phase.endswith("_combat"):
            acts: list[Action] = []
            if not state.targets:
                acts += [Accelerate(h) for h in self._accelerable(state, side)]
            if state.deferred:  # 9.99 (D54): the other attacks from the hex, or End to apply the results
                return self._attacks_from(state, side, self._waiting_hexes(state)) + [End()]
            acts += [Attack(t, us, also) for t, us, also in combat.attack_options(state, side)]
            if not combat.required_pairs(state, side):
                acts.append(End())
            return acts
        if phase == "german_interdiction":
            if len(state.interdicted) >= 3 or state.air.get("german", 0) <= 0:
                return [End()]  # 17.31: at most three; 17.36: from the Air Points still available
            return [Interdict(h) for h in sorted(state.data.rail_hexes & state.scen.hexes - state.interdicted)] + [End()]
        return [End()]

    def _legal_pending(self, state: OtState, p: dict[str, Any]) -> list[Action]:
        kind = p["kind"]
        if kind == "plan":
            return [Plan(x) for x in PLANS]
        if kind == "allocate":
            return [Allocate(tuple(zip(p["armies"], pts))) for pts in _compositions(p["points"], len(p["armies"]))]
        if kind == "insupport":
            hqs = p["hqs"]
            k = min(p["count"], len(hqs))
            return [InSupport(p["army"], c) for c in itertools.combinations(hqs, k)]
        if kind == "eliminate":
            return [Eliminate(u) for h in movement.overstacked_hexes(state, p["actor"]) for u in state.at(h)]
        if kind == "free_setup":
            return self._free_setup_moves(state, p["actor"]) + [End()]
        if kind == "withdraw":
            return [Withdraw(u) for u in self._withdrawable(state)]
        if kind == "commit":
            if p["left"] <= 0 or not state.uncommitted:
                return [End()]
            return [Commit(u) for u in sorted(state.uncommitted, key=state.scen.unit_index.__getitem__)] + [End()]
        raise IllegalActionError(f"unknown pending step {kind!r}")

    def _legal_moves(self, state: OtState, side: str, mode: str) -> list[Action]:
        """5.13: each unit moves once, by one method, in its segment; 16.22: uncommitted units
        never move; 5.61 / 18.18(f): a limited number of rail moves."""
        ctx = movement.movement_context(state, side)
        self._scenario_restrictions(state, side, ctx)
        acts: list[Action] = []
        if mode == "rail":
            if sum(1 for m in state.moved.values() if m == "rail") >= int(state.scen.params.get("russian_rail_units", 5)):
                return []
        units = [u for u in state.on_map(side) if u not in state.moved and u not in state.uncommitted]
        if mode == "rail":
            units = [u for u in units if state.hex_of(u) in state.data.rail_hexes]
        elif mode != "rail":
            units += [u for u in movement.due_reinforcements(state, side) if u not in state.moved]
        for u in units:
            r = movement.cached_reach(state, u, mode, ctx)
            start = state.hex_of(u)
            for h in sorted(r.cost):
                if h != start and h != movement.OFF and h in state.scen.hexes and movement.may_end_in(state, u, h):
                    acts.append(Move(u, h, mode))
            if mode == "tactical" and start is not None:
                acts += [Exit(u, e) for e in victory.exit_edges_reached(state, u, r, ctx)]
                if state.options.get("hedgehogs") and side == "german" and state.data.units[u].kind in ("infantry", "mechanized_infantry") \
                        and not state.data.units[u].small:
                    acts.append(Hedgehog(u))
        return acts

    def _scenario_restrictions(self, state: OtState, side: str, ctx: dict[str, Any]) -> None:
        """Hexes a scenario closes to movement: 18.28(b) / 18.38(b) a hexrow to both sides for
        the whole game (``closed_hexrows``); 18.18(b) / (d) (18.48: (b)) on Game-Turns 1-3 to the
        Russian, to all his units or to an army's (``russian_move_limits``)."""
        scen = state.scen
        blocked = movement.closed_hexes(scen)
        by_army: dict[str, frozenset[str]] = {}
        if side == "russian":
            for i, lim in enumerate(scen.params.get("russian_move_limits", ())):
                first, last = lim["turns"]
                if not first <= state.turn <= last:
                    continue
                hexes = _limit_hexes(scen, i)
                for army in lim.get("armies", ()):
                    by_army[army] = by_army.get(army, frozenset()) | hexes
                if not lim.get("armies"):
                    blocked = blocked | hexes
        ctx["blocked"] = blocked
        ctx["blocked_army"] = by_army
        ctx["sig"] = hash((ctx["sig"], blocked, tuple(sorted(by_army.items()))))

    def _accelerable(self, state: OtState, side: str) -> list[str]:
        """9.62 / 9.63 (D3): an HQ's one Accelerated Assault per game; Russian from GT16."""
        if side == "russian" and state.turn < 16:
            return []
        return [u for u in state.on_map(side) if state.data.units[u].is_hq and u not in state.accel_used and u not in state.accel_active]

    def _legal_battle(self, state: OtState) -> list[Action]:
        b = state.battle
        step = b["step"]
        if step == "evade":
            return [Evade(h) for h in self._evade_hexes(state, b)] + [Stand()]
        if step == "defend":
            return [Defend(o) for o in combat.defend_options(state, b["target"], b["targets"][1:])]
        if step == "air_attacker":
            return [Air(n) for n in range(0, min(2, state.air.get(b["attacker"], 0)) + 1)]
        if step == "air_defender":
            return [Air(0)] + ([Air(2)] if state.air.get(b["defender"], 0) >= 2 else [])
        if step == "losses":
            side = b["losses"][0][0]
            return [Loss(u) for u in combat.loss_candidates(state, b, side, "fight")]
        if step == "retreat":
            rt = b["retreat"]
            if rt["zoc_losses"]:
                return [Loss(u) for u in rt["units"] if u in state.stacks]
            acts: list[Action] = [Retreat(h) for h in combat.retreat_first_steps(
                state, [u for u in rt["units"] if u in state.stacks], rt["path"][-1], rt["path"], rt["left"], rt["bold"])]
            if not rt["bold"]:
                acts += [Loss(u) for u in rt["units"] if u in state.stacks]  # 9.86 / 9.91
            return acts
        if step == "advance":
            return [Advance(u, h) for u, h in combat.advance_options(state, b)] + [Advance(None)]
        return []

    def _evade_hexes(self, state: OtState, b: dict[str, Any]) -> list[str]:
        enemy = movement.enemy_hexes(state, b["defender"])
        return [h for h in state.scen.neighbours[b["target"]] if h not in enemy]

    def is_legal(self, state: OtState, action: Any) -> bool:
        return self.explain_illegal(state, action) is None

    def explain_illegal(self, state: OtState, action: Any) -> str | None:
        if state.outcome is not None:
            return "the game is over"
        if self.is_chance(state):
            return None if any(a == action for a, _ in self.chance_outcomes(state)) else "a chance event is due"
        legal = self.legal_actions(state)
        if action in legal:
            return None
        if isinstance(action, End) and state.phase.endswith("_combat") and state.battle is None:
            pairs = combat.required_pairs(state, PHASE_INFO[state.phase][1])
            u, h = pairs[0]
            return f"{u} must still attack: the enemy in {h} is adjacent and not yet attacked (9.11, 9.13)"
        if isinstance(action, Move):
            return f"{action.unit} cannot {action.mode} move to {action.to} now (5.0-7.1; {PHASE_INFO[state.phase][2]})"
        return f"not an action of the {PHASE_INFO.get(state.phase, (0, 0, state.phase))[2]} now"

    # -- applying actions -------------------------------------------------------------------------
    def apply(self, state: OtState, action: Any) -> list[Any]:
        events: list[Any] = []
        if isinstance(action, DieRoll):
            self._die_roll(state, action, events)
        elif isinstance(action, SupportRoll):
            self._support_roll(state, action, events)
        elif isinstance(action, Draw):
            self._draw(state, action, events)
        elif isinstance(action, Plan):
            self._plan(state, action, events)
        elif isinstance(action, Allocate):
            self._allocate(state, action, events)
        elif isinstance(action, InSupport):
            self._in_support(state, action, events)
        elif isinstance(action, Move):
            self._move(state, action, events)
        elif isinstance(action, Exit):
            self._exit(state, action, events)
        elif isinstance(action, Hedgehog):
            state.moved[action.unit] = "hedgehog"
            state.hedgehogs.add(state.hex_of(action.unit))
            events.append(f"{action.unit} forms a hedgehog in {state.hex_of(action.unit)} (19.12)")
        elif isinstance(action, Withdraw):
            self._withdraw(state, action.unit, events)
        elif isinstance(action, Commit):
            state.uncommitted.discard(action.unit)
            state.pending["left"] -= 1
            events.append(f"{action.unit} is committed (16.24)")
        elif isinstance(action, Eliminate):
            self._eliminate(state, action.unit, events, "over-stacked at the end of the Movement Phase (7.11)")
            if not movement.overstacked_hexes(state, state.pending["actor"]):
                state.pending = None
                self._next_phase(state, events)
        elif isinstance(action, Accelerate):
            state.accel_active.add(action.hq)
            events.append(f"{action.hq} makes its Accelerated Assault: subordinate units double their strength this Player-Turn (9.62, 9.64)")
        elif isinstance(action, Attack):
            self._declare(state, action, events)
        elif isinstance(action, (Evade, Stand, Defend, Air, Roll, Loss, Retreat, Advance)):
            self._battle_action(state, action, events)
        elif isinstance(action, Interdict):
            state.interdicted.add(action.hex)
            state.air["german"] -= 1  # 17.36: used for the Game-Turn
            events.append(f"German Air Point interdicts rail hex {action.hex} (17.31)")
        elif isinstance(action, End):
            self._end(state, events)
        else:
            raise IllegalActionError(f"{action!r} is not an Operation Typhoon action")
        if state.hedgehogs:  # 19.15: a vacated hex's hedgehog is no longer existent
            state.hedgehogs = {h for h in state.hedgehogs if state.side_at(h) == "german"}
        self._run(state, events)
        return events

    # -- stages ------------------------------------------------------------------------------------
    def _start_turn(self, state: OtState, turn: int, events: list[Any]) -> None:
        state.turn = turn
        label = state.data.turn_labels.get(turn, "")
        events.append(f"Game-Turn {turn} ({label})")
        self._enter(state, "weather", events)

    def _enter(self, state: OtState, phase: str, events: list[Any]) -> None:
        """Start a stage, phase or segment, doing its automatic work (4.2)."""
        state.phase = phase
        if phase in MOVE_MODE or phase.endswith("_combat"):
            pass
        if phase == "weather":
            if state.turn == 1:
                state.weather, state.ground = "overcast", "ground_freeze"  # 13.13 / 13.23 / 18.14
                state.snow = False  # 18.14(c)
                events.append("Weather Overcast, ground Ground Freeze, no snow (13.13, 13.23)")
                self._air_points(state, events)
                self._next_phase(state, events)
            else:
                state.pending = {"kind": "roll", "what": "weather"}  # 13.11
            return
        if phase == "german_support":
            if (state.turn - 1) % 4 != 0:  # 11.1
                self._next_phase(state, events)
                return
            self._support_stage(state, events)
            return
        if phase in ("german_supply", "russian_supply"):
            state.supply = supply.determine_supply(state)
            n = {s: sum(1 for u, v in state.supply.items() if v == s) for s in ("out", "isolated")}
            events.append(f"Supply: {n['out']} units Out of Supply, {n['isolated']} Isolated (12.0)")
            self._next_phase(state, events)
            return
        if phase == "german_interdiction":
            if state.air.get("german", 0) <= 0 or not (state.data.rail_hexes & state.scen.hexes):
                self._next_phase(state, events)
            return
        if phase in ("german_tactical", "russian_tactical"):
            movement.divert_blocked(state, PHASE_INFO[phase][1], events)  # 15.22
        if phase == "russian_commitment":
            self._commitment_segment(state, events)
            return
        if phase == "turn_indication":
            self._turn_indication(state, events)
            return

    def _next_phase(self, state: OtState, events: list[Any]) -> None:
        i = PHASE_IDS.index(state.phase)
        if i + 1 < len(PHASE_IDS):
            self._enter(state, PHASE_IDS[i + 1], events)

    def _end(self, state: OtState, events: list[Any]) -> None:
        """End a segment or phase (with its closing work: 7.11, 17.35, 9.62)."""
        p = state.pending
        if p is not None and p["kind"] == "free_setup":
            state.moved.clear()
            self._next_before_play(state, f"free_{p['actor']}", events)
            return
        if p is not None and p["kind"] == "commit":
            state.pending = None
            self._next_phase(state, events)
            return
        phase = state.phase
        if phase in ("german_strategic", "russian_strategic"):
            side = PHASE_INFO[phase][1]
            state.moved.clear()
            state.hedgehogs = {h for h in state.hedgehogs if state.side_at(h) == "german"}  # 19.15
            if phase == "russian_strategic":
                state.interdicted.clear()  # 17.35
            if movement.overstacked_hexes(state, side):
                state.pending = {"kind": "eliminate", "actor": side}  # 7.11
                return
        if phase.endswith("_combat") and state.deferred:
            self._apply_deferred(state, events)  # 9.99: no further attack from the hex: results now
            return
        if phase.endswith("_combat"):
            state.accel_used |= state.accel_active  # 9.62
            state.accel_active.clear()
            state.attacked.clear()
            state.targets.clear()
            state.defended.clear()
            state.retreated.clear()
            state.no_zoc.clear()
        self._next_phase(state, events)

    def _air_points(self, state: OtState, events: list[Any]) -> None:
        """17.1 / 13.54 / 18.13 (D34): Air Points available this Game-Turn."""
        for side in self.players:
            n = int(state.scen.params.get(f"{side}_air_points", 0))
            if state.weather == "overcast":
                n //= 2
            elif state.weather == "precipitation":
                n = 0
            state.air[side] = n

    def _die_roll(self, state: OtState, action: DieRoll, events: list[Any]) -> None:
        state.pending = None
        if action.what == "weather":
            state.weather = state.data.tables["weather"]["rows"][str(action.value)]  # 13.14 (T1)
            events.append(f"Weather roll {action.value}: {state.weather} (13.14)")
            state.pending = {"kind": "roll", "what": "ground"}
        elif action.what == "ground":
            state.ground = state.data.tables["ground"]["rows"][str(action.value)]  # 13.24 (T2)
            if state.weather == "precipitation" and "freeze" in state.ground:
                state.snow = True  # 13.31
            elif state.ground in ("warm", "normal"):
                state.snow = False  # 13.34
            events.append(f"Ground roll {action.value}: {state.ground}; {'snow' if state.snow else 'no snow'} on the ground (13.24, 13.3)")
            self._air_points(state, events)
            self._next_phase(state, events)
        elif action.what == "withdrawal":
            self._withdrawal_roll(state, action.value, events)
        elif action.what == "commitment":
            mod = int(state.scen.params.get("commitment_modifier", 0))  # 18.27 / 18.37
            table = state.data.tables["commitment"]
            col = min(4, state.vp // 10)  # 16.27 (T4; D28)
            row = min(int(table.get("row_max", 8)), action.value + mod)
            n = int(table["rows"][str(row)][col])
            events.append(f"Commitment roll {action.value}{f' +{mod}' if mod else ''} at {state.vp} VP: {n} units may be committed (16.24)")
            state.pending = {"kind": "commit", "actor": "russian", "left": n}

    def _support_stage(self, state: OtState, events: list[Any]) -> None:
        """11.2: allocation among the scenario's armies (``support_armies``: 18.15(a), 18.25(a),
        18.35(a), 18.45), then a die per army, then the HQs. One army takes every point (18.15(b))."""
        total = int(state.options.get("support_points") or state.scen.params.get("support_points", 10))  # 19.3
        armies = list(state.scen.params.get("support_armies", GERMAN_ARMIES))
        armies = [a for a in armies if a in self._armies_on_map(state)] or armies
        if len(armies) == 1:
            state.support_points = {armies[0]: total}
            self._queue_support_rolls(state, events)
            return
        state.pending = {"kind": "allocate", "actor": "german", "armies": armies, "points": total}

    def _armies_on_map(self, state: OtState) -> list[str]:
        return sorted({state.data.army_of_hq(u) for u in state.on_map("german") if state.data.units[u].is_hq})

    def _queue_support_rolls(self, state: OtState, events: list[Any]) -> None:
        todo = [a for a, n in state.support_points.items() if a in self._armies_on_map(state)]
        state.support_result = {}
        if not todo:
            state.pending = None
            self._next_phase(state, events)
            return
        state.pending = {"kind": "roll", "what": f"support:{todo[0]}", "todo": todo}

    def _allocate(self, state: OtState, action: Allocate, events: list[Any]) -> None:
        state.support_points = dict(action.points)
        events.append(f"German Support Points: {', '.join(f'{a} {n}' for a, n in action.points)} (11.22)")
        self._queue_support_rolls(state, events)

    def _support_roll(self, state: OtState, action: SupportRoll, events: list[Any]) -> None:
        """11.23 (T3): the number of the army's corps HQs that may be In Support."""
        sp = state.support_points.get(action.army, 0)
        n = int(state.data.tables["support"]["rows"][str(action.value)][min(sp, 12)])
        state.support_result[action.army] = n
        events.append(f"Support roll for {action.army} ({sp} SP): {action.value} -> {n} corps In Support (11.23)")
        todo = state.pending["todo"]
        hqs = [u for u in state.on_map("german") if state.data.units[u].is_hq and state.data.army_of_hq(u) == action.army]
        rest = todo[1:]
        if len(hqs) > n and n > 0:
            state.pending = {"kind": "insupport", "actor": "german", "army": action.army, "hqs": hqs, "count": n, "todo": rest}
            return
        self._set_support(state, action.army, hqs if n >= len(hqs) else [], events)
        self._after_army(state, rest, events)

    def _after_army(self, state: OtState, rest: list[str], events: list[Any]) -> None:
        if rest:
            state.pending = {"kind": "roll", "what": f"support:{rest[0]}", "todo": rest}
        else:
            state.pending = None
            self._next_phase(state, events)

    def _set_support(self, state: OtState, army: str, chosen: list[str], events: list[Any]) -> None:
        """11.24: the chosen HQs In Support, the army's others Unsupported."""
        for u in state.on_map("german"):
            if state.data.units[u].is_hq and state.data.army_of_hq(u) == army:
                if u in chosen:
                    state.unsupported.discard(u)
                else:
                    state.unsupported.add(u)
        flipped = sorted(u for u in state.unsupported if state.data.army_of_hq(u) == army)
        events.append(f"{army}: In Support {', '.join(chosen) or 'none'}; Unsupported {', '.join(flipped) or 'none'} (11.24)")

    def _in_support(self, state: OtState, action: InSupport, events: list[Any]) -> None:
        rest = state.pending["todo"]
        self._set_support(state, action.army, list(action.hqs), events)
        self._after_army(state, rest, events)

    def _commitment_segment(self, state: OtState, events: list[Any]) -> None:
        """18.38(d): first the withdrawal roll; 16.24: the commitment die roll (skipped with
        nothing uncommitted: 18.17)."""
        if self._withdrawable(state):
            state.pending = {"kind": "roll", "what": "withdrawal"}
            return
        self._commitment_roll(state, events)

    def _commitment_roll(self, state: OtState, events: list[Any]) -> None:
        if not state.uncommitted:
            state.pending = None
            self._next_phase(state, events)
            return
        state.pending = {"kind": "roll", "what": "commitment"}

    def _withdrawable(self, state: OtState) -> list[str]:
        """18.38(d) (D42): from its Game-Turn on, the uncommitted combat units of the army named
        by the scenario's ``withdrawal`` parameter (none: the rolls stop)."""
        w = state.scen.params.get("withdrawal")
        if not w or state.turn < int(w["from_turn"]):
            return []
        d = state.data
        return [u for u in sorted(state.uncommitted, key=state.scen.unit_index.__getitem__)
                if d.units[u].parent == w["army"] and not d.units[u].is_hq and u in state.stacks]

    def _withdrawal_roll(self, state: OtState, value: int, events: list[Any]) -> None:
        """18.38(d): on a 1 or 2 the Russian Player removes one uncommitted 20th Army unit."""
        hit = value in state.scen.params["withdrawal"]["die"]
        events.append(f"Withdrawal roll {value}: {'one uncommitted unit is withdrawn' if hit else 'no withdrawal'} (18.38(d))")
        if hit:
            state.pending = {"kind": "withdraw", "actor": "russian"}
            return
        self._commitment_roll(state, events)

    def _withdraw(self, state: OtState, uid: str, events: list[Any]) -> None:
        """18.38(d): picked up and removed, not eliminated (no Victory Point, 16.13)."""
        state.stacks.remove(uid)
        state.uncommitted.discard(uid)
        state.off_map[uid] = "withdrawn"
        events.append(f"{uid} is withdrawn to another sector (18.38(d); not eliminated)")
        self._commitment_roll(state, events)

    def _turn_indication(self, state: OtState, events: list[Any]) -> None:
        """4.2 E / 16.15: the German VP index, then the next Game-Turn or the end (18.x1)."""
        victory.set_city_control(state)
        if victory.records_vp(state):
            state.vp = victory.german_vp(state)
            events.append(f"German Victory Points: {state.vp} (16.15)")
        if state.turn >= state.scen.last_turn:
            self._finish(state, events)
            return
        self._start_turn(state, state.turn + 1, events)

    def _finish(self, state: OtState, events: list[Any]) -> None:
        level, winner, reason = victory.evaluate_victory(state)
        state.outcome = Outcome(winner, f"{level}: {reason}", victory.scores(state, level))
        state.phase = "over"
        state.battle = None
        state.pending = None
        if state.plan is not None and not state.plan_revealed:
            state.plan_revealed = True
            events.append(Event(f"The German Plan was: {state.plan} (18.49)", reveal=True))
        events.append(f"Game over: {level} ({reason})")

    # -- set-up choices ----------------------------------------------------------------------------
    def _plan(self, state: OtState, action: Plan, events: list[Any]) -> None:
        state.plan = action.plan
        events.append(Event(f"German Plan: {action.plan} (18.49)", seen_by=only("german"),
                            redacted="The German Player secretly chooses a Plan (18.49)"))
        self._next_before_play(state, "plan", events)

    def _draw(self, state: OtState, action: Draw, events: list[Any]) -> None:
        """8.32: the chit under the unit; its owner sees it (8.44), the enemy at the combat."""
        unit = state.data.units[action.unit]
        cup = state.cups.setdefault(pool_of(unit), [])
        if action.chit in cup:
            cup.remove(action.chit)
        elif UNKNOWN in cup:
            cup.remove(UNKNOWN)
        state.chits[action.unit] = action.chit
        steps_before = state.steps.get(action.unit, 3)
        lost = state.full_steps.get(action.unit, 3) - steps_before
        set_steps_from_strength(state, action.unit)
        if lost > 0:  # D48: steps lost before the chit was drawn still count
            state.steps[action.unit] = max(1, state.full_steps[action.unit] - lost)
        open_draw = state.options.get("strengths") == "open_chits"
        events.append(Event(f"{action.unit} draws strength chit {action.chit} (8.32)",
                            seen_by=None if open_draw else only(unit.side),
                            redacted=f"{action.unit} draws a strength chit (8.32)"))
        p = state.pending
        if p is not None and p["kind"] == "open_chits":
            p["units"].pop(0)
            if not p["units"]:
                self._next_before_play(state, "open_chits", events)
        elif state.battle is not None:
            state.battle["chits_due"].pop(0)
            if not state.battle["chits_due"]:
                self._battle_next(state, "roll", events)

    # -- movement ----------------------------------------------------------------------------------
    def _move(self, state: OtState, action: Move, events: list[Any]) -> None:
        if action.mode == "setup":
            state.stacks.move(action.unit, action.to)  # 18.12(2) etc.: placed, no movement
            state.moved[action.unit] = "setup"
            events.append(f"{action.unit} sets up in {action.to} (Free set-up)")
            return
        side = state.side_of(action.unit)
        ctx = movement.movement_context(state, side)
        self._scenario_restrictions(state, side, ctx)
        r = movement.cached_reach(state, action.unit, action.mode, ctx)
        path = [h for h in r.path_to(action.to) if h != movement.OFF]
        entering = state.hex_of(action.unit) is None
        if entering:
            state.stacks.place(action.unit, path[0])
            state.off_map.pop(action.unit, None)
            state.entered[action.unit] = state.turn  # 12.62
        state.stacks.move(action.unit, action.to)
        state.moved[action.unit] = action.mode
        for h in path:
            victory.pass_through(state, side, h)
        if side == "german":
            movement.commit_by_proximity(state, action.to, events)  # 16.25 (D27)
        verb = {"tactical": "moves", "strategic": "moves strategically", "rail": "moves by rail"}[action.mode]
        events.append(f"{action.unit} {'enters and ' if entering else ''}{verb} {' -> '.join(path)} ({r.cost[action.to]} {'hexes' if action.mode == 'rail' else 'MP'})")

    def _exit(self, state: OtState, action: Exit, events: list[Any]) -> None:
        """18.19 / 18.29 / 18.39 / 18.49: the unit moves to the hex it leaves from and off the
        map; exited units never return (recorded with the hex of their exit)."""
        side = state.side_of(action.unit)
        ctx = movement.movement_context(state, side)
        self._scenario_restrictions(state, side, ctx)
        r = movement.cached_reach(state, action.unit, "tactical", ctx)
        opts = victory.exit_options(state, action.unit, r, ctx)
        if action.edge not in opts:
            raise IllegalActionError(f"{action.unit} cannot exit off the {action.edge} edge this move (18.19)")
        frm, recorded = opts[action.edge]
        for h in r.path_to(frm):
            if h != movement.OFF:
                victory.pass_through(state, side, h)
        state.stacks.remove(action.unit)
        state.off_map[action.unit] = f"exited_{action.edge}:{recorded}"
        state.moved[action.unit] = "tactical"
        events.append(f"{action.unit} exits the map off the {action.edge} edge by {recorded} (18.19, 18.29)")

    def _eliminate(self, state: OtState, uid: str, events: list[Any], why: str) -> None:
        state.stacks.remove(uid)
        state.off_map[uid] = "eliminated"
        c = state.chits.get(uid)
        if c is not None and c != UNKNOWN:
            state.cups.setdefault(pool_of(state.data.units[uid]), []).append(c)  # 8.52
        state.chits[uid] = None
        if state.side_of(uid) == "russian":
            state.destroyed.append(uid)  # 16.13
        events.append(f"{uid} is eliminated: {why}")

    # -- combat ------------------------------------------------------------------------------------
    def _declare(self, state: OtState, action: Attack, events: list[Any]) -> None:
        """9.2: a combat declared; its steps run until a choice or the dice."""
        side = PHASE_INFO[state.phase][1]
        target = action.target
        att_hexes = sorted({state.hex_of(u) for u in action.units})
        stack = [u for t in action.targets for u in state.at(t)]
        state.attacked.update(action.units)
        state.targets.update(action.targets)
        state.defended.update(stack)
        b: dict[str, Any] = {
            "target": target, "targets": list(action.targets), "attacker": side, "defender": other(side), "attackers": list(action.units),
            "attacker_hexes": att_hexes, "stack": stack, "defenders": [], "air_att": 0, "air_def": 0,
            "chits_due": [], "roll": None, "result": None, "odds": None, "losses": [], "retreat": None,
            "advance": None, "winner": None, "step": "evade", "actor": other(side), "queue": [],
        }
        state.battle = b
        events.append(f"{side.capitalize()} attacks {'+'.join(action.targets)} ({', '.join(stack)}) with "
                      f"{', '.join(action.units)} ({'9.26' if action.also else '9.2'})")
        alone_hq = len(stack) == 1 and state.data.units[stack[0]].is_hq  # 10.25 (D35)
        if not alone_hq:
            self._battle_next(state, "defend", events)

    def _battle_next(self, state: OtState, step: str, events: list[Any]) -> None:
        """Go to a battle step, skipping the ones with nothing to decide."""
        b = state.battle
        order = ["evade", "defend", "air_attacker", "air_defender", "chits", "roll", "losses", "retreat", "advance", "done"]
        i = order.index(step)
        while True:
            step = order[i]
            b["step"] = step
            if step == "defend":
                opts = combat.defend_options(state, b["target"], b["targets"][1:])
                if len(opts) > 1:
                    b["actor"] = b["defender"]
                    return
                b["defenders"] = list(opts[0])
            elif step == "air_attacker":
                if state.air.get(b["attacker"], 0) > 0:
                    b["actor"] = b["attacker"]
                    return
            elif step == "air_defender":
                if state.air.get(b["defender"], 0) >= 2:
                    b["actor"] = b["defender"]
                    return
            elif step == "chits":
                b["chits_due"] = [u for u in b["attackers"] + b["defenders"] if needs_chit(state, u)]  # 8.42
                if b["chits_due"]:
                    b["actor"] = None
                    return
            elif step == "roll":
                self._reveal(state, events)
                b["actor"] = None
                return
            elif step == "losses":
                while b["losses"] and not combat.loss_candidates(state, b, b["losses"][0][0], "fight"):
                    b["losses"].pop(0)
                if b["losses"]:
                    side = b["losses"][0][0]
                    cands = combat.loss_candidates(state, b, side, "fight")
                    if len(cands) > 1:
                        b["actor"] = side
                        return
                    self._take_loss(state, cands[0], events)
                    continue
            elif step == "retreat":
                if self._retreat_ready(state, events):
                    return
            elif step == "advance":
                if b["advance"] and combat.advance_options(state, b):
                    b["actor"] = b["winner"]
                    return
            elif step == "done":
                self._close_battle(state, events)
                return
            i += 1

    def _reveal(self, state: OtState, events: list[Any]) -> None:
        """8.44: immediately before the ratio, each side sees the other's chits in this combat."""
        b = state.battle
        if state.options.get("strengths") != "chits":
            return
        shown = [f"{u} {state.chits[u]}" for u in b["attackers"] + b["defenders"] if state.chits.get(u)]
        if shown:
            events.append(Event(f"Strength chits shown for this combat: {', '.join(shown)} (8.44)", reveal=True))

    def _battle_action(self, state: OtState, action: Any, events: list[Any]) -> None:
        b = state.battle
        if isinstance(action, Evade):
            hq = b["stack"][0]
            ezoc = movement.enemy_zoc(state, b["defender"])
            state.stacks.move(hq, action.to)
            events.append(f"{hq} retreats before combat to {action.to} (10.25)")
            if action.to in ezoc:
                self._eliminate(state, hq, events, "it retreated into an enemy Zone of Control (10.25, 9.93)")
            b["winner"] = b["attacker"]
            b["advance"] = self._advance_spec(state, b, [b["target"]], 2, free=True)
            self._battle_next(state, "advance", events)
        elif isinstance(action, Stand):
            self._battle_next(state, "defend", events)
        elif isinstance(action, Defend):
            b["defenders"] = list(action.units)
            self._battle_next(state, "air_attacker", events)
        elif isinstance(action, Air):
            if b["step"] == "air_attacker":
                b["air_att"] = action.points
                state.air[b["attacker"]] -= action.points
                if action.points:
                    events.append(f"{action.points} {b['attacker']} Air Points support the attack (17.22)")
                self._battle_next(state, "air_defender", events)
            else:
                b["air_def"] = action.points
                state.air[b["defender"]] -= action.points
                if action.points:
                    events.append(f"{action.points} {b['defender']} Air Points support the defence (17.23)")
                self._battle_next(state, "chits", events)
        elif isinstance(action, Roll):
            self._resolve(state, action.total, events)
        elif isinstance(action, Loss):
            if b["step"] == "losses":
                self._take_loss(state, action.unit, events)
                self._battle_next(state, "losses", events)
            else:
                self._retreat_loss(state, action.unit, events)
        elif isinstance(action, Retreat):
            self._retreat_step(state, action.to, events)
        elif isinstance(action, Advance):
            self._advance(state, action, events)

    def _resolve(self, state: OtState, roll: int, events: list[Any]) -> None:
        """9.0 PROCEDURE / 9.89: strengths, line, column, shifts, 2d6, result."""
        b = state.battle
        o = combat.odds(state, b["target"], b["attackers"], b["defenders"], b["air_att"], b["air_def"], b["targets"][1:])
        result = state.data.crt_rows[roll][o["column_index"]]
        side, n, mandatory, bold = combat.parse_result(result)
        b.update(roll=roll, result=result, odds=o)
        shifts = "; ".join(o["modifiers"])
        events.append(f"Combat at {b['target']}: {o['attack']:g} to {o['defence']:g} on the {o['line']} line, "
                      f"column {o['column']}{' (shifts: ' + shifts + ')' if shifts else ''}; roll {roll}: "
                      f"{result.rstrip('*')}{' Breakthrough (9.98)' if bold else ''}")
        loser = b["attacker"] if side == "A" else b["defender"]
        b["winner"] = other(loser)
        b["losses"] = [[loser, mandatory]] if mandatory else []
        b["retreat_spec"] = {"side": loser, "n": n, "bold": bold}
        # 9.94: a retreated unit in a defending hex with an adverse result is eliminated
        if side == "D":
            for u in list(b["stack"]):
                if u in state.retreated and u in state.stacks and u not in b["defenders"]:
                    self._eliminate(state, u, events, "it had retreated into this hex and the hex lost its combat (9.94)")
        self._after_roll(state, events)

    # -- 9.99 results after all attacks from a single hex ---------------------------------------------
    def _attacks_from(self, state: OtState, side: str, hexes: set[str]) -> list[Action]:
        """9.99: the attacks still open to units in ``hexes`` (D54)."""
        return [Attack(t, us, also) for t, us, also in combat.attack_options(state, side)
                if any(state.hex_of(u) in hexes for u in us)]

    def _waiting_hexes(self, state: OtState) -> set[str]:
        return {h for b in state.deferred for h in b["attacker_hexes"]}

    def _after_roll(self, state: OtState, events: list[Any]) -> None:
        """9.99: a rolled combat's results wait while another attack from one of its attacking
        hexes is still possible; the last roll from the hex(es) applies every waiting result."""
        b = state.battle
        state.battle = None
        state.deferred.append(b)
        if self._attacks_from(state, b["attacker"], self._waiting_hexes(state)):
            events.append(f"The results at {b['target']} wait for the other attacks from "
                          f"{', '.join(b['attacker_hexes'])} (9.99)")
            return
        self._apply_deferred(state, events)

    def _apply_deferred(self, state: OtState, events: list[Any]) -> None:
        """9.99: the waiting results take effect, the attacker's own units first; when one combat lets
        the defender advance and another the attacker, neither advances."""
        group = state.deferred
        if len(group) > 1:
            events.append(f"Results of the attacks from {', '.join(sorted(self._waiting_hexes(state)))} take effect (9.99)")
        winners = {x["winner"] for x in group if (x.get("retreat_spec") or {}).get("n", 0) > 0}
        group.sort(key=lambda x: x["winner"] == x["attacker"])  # the attacker's losses first (9.99)
        for x in group:
            x["applying"] = True
            x["no_advance"] = len(winners) > 1  # 9.99: opposite advances cancel
        state.battle = group.pop(0)
        self._battle_next(state, "losses", events)

    def _take_loss(self, state: OtState, uid: str, events: list[Any]) -> None:
        b = state.battle
        r = lose_step(state, uid)
        if r == "eliminated":
            state.steps[uid] = 0
            self._eliminate(state, uid, events, "its last step lost (9.82)")
        else:
            events.append(f"{uid} loses a step ({'now a cadre' if r == 'cadre' else 'reduced'}, 9.82)")
        b["losses"][0][1] -= 1
        if b["losses"][0][1] <= 0:
            b["losses"].pop(0)

    def _retreat_ready(self, state: OtState, events: list[Any]) -> bool:
        """9.86 / 9.91 / 9.92: the losing stacks retreat or lose steps, one stack at a time."""
        b = state.battle
        rt = b["retreat"]
        spec = b.get("retreat_spec")
        while True:
            if rt is None:
                if not spec or spec["n"] <= 0:
                    return False
                side = spec["side"]
                hexes = list(b["targets"]) if side == b["defender"] else list(b["attacker_hexes"])
                queue = [h for h in hexes if any(state.side_of(u) == side for u in state.at(h))]
                b["queue"] = queue
                spec["n_started"] = spec["n"]
                b["retreat_spec"] = None
                spec_n, bold = spec["n"], spec["bold"] and side == b["defender"]
                b["retreat_all"] = {"side": side, "n": spec_n, "bold": bold}
                rt = self._next_retreat(state, b)
                if rt is None:
                    return False
                spec = None
            units = [u for u in rt["units"] if u in state.stacks]
            if not units:
                self._retreat_done(state, b, eliminated=True)
                rt = b["retreat"]
                if rt is None:
                    return False
                continue
            if rt["left"] <= 0 and not rt["zoc_losses"]:
                self._retreat_done(state, b, eliminated=False)
                rt = b["retreat"]
                if rt is None:
                    return False
                continue
            if rt["zoc_losses"]:
                b["actor"] = rt["side"]
                return True
            options = combat.retreat_first_steps(state, units, rt["path"][-1], rt["path"], rt["left"], rt["bold"])
            if not options:
                # D49: a stack with nowhere to retreat loses the steps instead (off-map: 9.97)
                if len(state.scen.neighbours[rt["path"][-1]]) < 6:
                    for u in units:
                        self._eliminate(state, u, events, "it could only retreat off the map (9.97)")
                    continue
                u = units[0]
                self._lose_in_place(state, rt, u, events)
                continue
            b["actor"] = b["winner"] if rt["bold"] else rt["side"]
            return True

    def _next_retreat(self, state: OtState, b: dict[str, Any]) -> dict[str, Any] | None:
        spec = b["retreat_all"]
        while b["queue"]:
            h = b["queue"].pop(0)
            units = [u for u in state.at(h) if state.side_of(u) == spec["side"]]
            if units:
                b["retreat"] = {"side": spec["side"], "units": units, "path": [h], "left": spec["n"], "bold": spec["bold"],
                                "zoc_losses": 0, "from": h}
                return b["retreat"]
        b["retreat"] = None
        return None

    def _lose_in_place(self, state: OtState, rt: dict[str, Any], uid: str, events: list[Any]) -> None:
        r = lose_step(state, uid)
        if r == "eliminated":
            state.steps[uid] = 0
            self._eliminate(state, uid, events, "its last step lost instead of retreating (9.86)")
        else:
            events.append(f"{uid} loses a step instead of retreating ({r}, 9.86)")
        rt["left"] -= 1

    def _retreat_loss(self, state: OtState, uid: str, events: list[Any]) -> None:
        b = state.battle
        rt = b["retreat"]
        if rt["zoc_losses"]:
            rt["zoc_losses"] -= 1
            r = lose_step(state, uid)
            if r == "eliminated":
                state.steps[uid] = 0
                self._eliminate(state, uid, events, "a step lost retreating through an enemy Zone of Control (9.93)")
            else:
                events.append(f"{uid} loses a step retreating through an enemy Zone of Control ({r}, 9.93)")
        else:
            self._lose_in_place(state, rt, uid, events)
        self._battle_next(state, "retreat", events)

    def _retreat_step(self, state: OtState, to: str, events: list[Any]) -> None:
        b = state.battle
        rt = b["retreat"]
        units = [u for u in rt["units"] if u in state.stacks]
        ezoc = movement.enemy_zoc(state, rt["side"])
        for u in units:
            state.stacks.move(u, to)
            state.retreated.add(u)  # 9.94
            if rt["bold"]:
                state.no_zoc.add(u)  # 9.98 B
            victory.pass_through(state, rt["side"], to)
        rt["path"].append(to)
        rt["left"] -= 1
        if to in ezoc:
            rt["zoc_losses"] += 1  # 9.93 / 6.43
        events.append(f"{', '.join(units)} retreat{'s' if len(units) == 1 else ''} to {to} (9.92)")
        self._battle_next(state, "retreat", events)

    def _retreat_done(self, state: OtState, b: dict[str, Any], eliminated: bool) -> None:
        rt = b["retreat"]
        lost_hexes = b["targets"] if rt["side"] == b["defender"] else b["attacker_hexes"]
        if rt["from"] in lost_hexes and not b["advance"] and not b.get("no_advance") and not any(
                state.side_of(u) == rt["side"] for u in state.at(rt["from"])):  # 9.95: either side's victors (D52, D53)
            hexes_retreated = len(rt["path"]) - 1
            budget = hexes_retreated + (rt["left"] if eliminated else 0)  # 9.95
            if rt["bold"]:
                budget += 1  # 9.98 D
            if budget > 0:
                b["advance"] = self._advance_spec(state, b, rt["path"][:1] + rt["path"][1:], budget, free=False, bold=rt["bold"])
        self._next_retreat(state, b)

    def _advance_spec(self, state: OtState, b: dict[str, Any], path: list[str], budget: int, free: bool, bold: bool = False) -> dict[str, Any]:
        winner = b["winner"]
        hexes = set(b["attacker_hexes"] if winner == b["attacker"] else b["targets"])
        fought = b["attackers"] if winner == b["attacker"] else b["defenders"]
        units = [u for u in state.on_map(winner) if state.hex_of(u) in hexes and
                 (u in fought or any(a in fought for a in state.at(state.hex_of(u))))]  # 9.95
        return {"path": path, "free": free, "bold": bold,
                "units": {u: {"left": budget, "moved": 0, "stopped": False} for u in units}}

    def _advance(self, state: OtState, action: Advance, events: list[Any]) -> None:
        b = state.battle
        if action.unit is None:
            events.append("The advance after combat is over (9.96)")
            self._battle_next(state, "done", events)
            return
        info = b["advance"]["units"][action.unit]
        state.stacks.move(action.unit, action.to)
        info["moved"] += 1
        info["left"] -= 1
        side = b["winner"]
        if combat.stops_advance(state, side, action.to, info["moved"]):
            info["stopped"] = True
        victory.pass_through(state, side, action.to)
        if side == "german":
            movement.commit_by_proximity(state, action.to, events)
        events.append(f"{action.unit} advances to {action.to} (9.96)")
        self._battle_next(state, "advance", events)

    def _close_battle(self, state: OtState, events: list[Any]) -> None:
        b = state.battle
        state.last_battle = {k: b.get(k) for k in ("target", "attacker", "defender", "attackers", "defenders", "roll", "result")}
        if b.get("odds"):
            state.last_battle["column"] = b["odds"]["column"]
        state.battle = None
        if state.deferred and state.deferred[0].get("applying"):  # 9.99: the next waiting result
            state.battle = state.deferred.pop(0)
            self._battle_next(state, "losses", events)

    # -- automatic steps --------------------------------------------------------------------------------
    def _run(self, state: OtState, events: list[Any]) -> None:
        """Nothing to do here yet (each step advances itself); kept as the hook after an action."""
        return

    # -- text ------------------------------------------------------------------------------------------
    def parse_action(self, state: OtState, text: str) -> Action:
        d = state.data
        upper = {u.upper(): u for u in d.units}

        def unit(word: str) -> str:
            u = upper.get(word.upper())
            if u is None:
                raise _parse_error(f"{text!r}: no unit called {word!r}")
            return u

        def check_hex(word: str) -> str:
            try:
                return d.grid.canonical(word.upper())
            except Exception:
                raise _parse_error(f"{text!r}: {word!r} is not a hex of the map") from None

        return parse(text, unit, check_hex)

    def is_commitment(self, action: Any) -> bool:
        """9.15 / 8.42: a declared combat cannot be withdrawn."""
        return isinstance(action, (Attack, Accelerate))

    # -- hidden information ---------------------------------------------------------------------------
    def observe(self, state: OtState, seat: str | None) -> OtState:
        """8.44: the enemy's chits (and every chit for a spectator) read UNKNOWN, and the cups;
        18.49: the German Plan is UNKNOWN to all but the German until the end."""
        obs = state.copy()
        for u, c in obs.chits.items():
            if c is not None and (seat is None or obs.side_of(u) != seat) and state.options.get("strengths") == "chits":
                obs.chits[u] = UNKNOWN
        if state.options.get("strengths") == "chits":
            obs.cups = {k: ([UNKNOWN] * len(v)) for k, v in obs.cups.items()}
        if obs.plan is not None and seat != "german" and not obs.plan_revealed:
            obs.plan = UNKNOWN
        if obs.battle is not None and obs.battle.get("odds") and seat is None:
            pass
        return obs

    def sample_hidden(self, state: OtState, seat: str | None, rng: random.Random) -> OtState:
        """A full state consistent with what ``seat`` knows: unknown chits dealt from the chits
        not known to be elsewhere; an unknown Plan drawn."""
        full = state.copy()
        d = state.data
        for pid, pool in d.pools.items():
            known = [c for u, c in full.chits.items() if c not in (None, UNKNOWN) and pool_of(d.units[u]) == pid]
            rest = list(pool)
            for c in known:
                if c in rest:
                    rest.remove(c)
            rng.shuffle(rest)
            for u, c in full.chits.items():
                if c == UNKNOWN and pool_of(d.units[u]) == pid and rest:
                    full.chits[u] = rest.pop()
            full.cups[pid] = rest
        if full.plan == UNKNOWN:
            full.plan = rng.choice(PLANS)
        return full

    def action_visibility(self, state: OtState, action: Any) -> tuple[frozenset | None, str | None]:
        """8.41 / 8.44: a chit drawn is seen by its owner only (23.0 option 2: by both);
        18.49: the Plan by the German only."""
        if isinstance(action, Draw):
            if state.options.get("strengths") == "open_chits":
                return None, None
            return only(state.side_of(action.unit)), f"chit {action.unit} ?"
        if isinstance(action, Plan):
            return only("german"), "the German Player chooses a secret Plan"
        return None, None

    # -- positions ---------------------------------------------------------------------------------------
    def position_to_json(self, state: OtState) -> dict[str, Any]:
        from .position import to_json

        return to_json(state)

    def position_from_json(self, doc: dict[str, Any]) -> OtState:
        from .position import from_json

        return from_json(doc, self._data)


#: The legal actions of recent movement segments by everything they depend on (a player's
#: observation and the true state ask the same question; every move asks it again).
_LEGAL_MOVES: dict[tuple, tuple] = {}


def _movement_key(state: OtState) -> tuple:
    """Everything the movement actions of a segment depend on (5.0-7.0, 12.0, 15.0, 16.2, 17.3, 19.1)."""
    return (state.data, state.scenario_key, tuple(sorted(state.options.items())), state.turn, state.phase, state.weather, state.ground,
            state.snow, tuple(state.stacks.hex_of.items()), tuple(state.moved.items()), frozenset(state.uncommitted),
            tuple(state.off_map.items()), frozenset(state.no_zoc), frozenset(state.hedgehogs), frozenset(state.cadre),
            tuple(state.supply.items()), frozenset(state.interdicted), tuple(state.entered.items()),
            tuple(state.diverted.items()))


@functools.cache
def _free_area(scen: Any, side: str, parent: str, uid: str) -> frozenset[str]:
    """The Free set-up area of a unit (scenario parameter ``free_setup``): German units anywhere
    west of the front line (exclusive); a Russian army's units in its section's hexrows (D21:
    bounds as the text gives them) east of the front line (exclusive); others (the fixed units, the
    1st Shock Army, the 20th Army) keep their historical hexes."""
    spec = scen.params.get("free_setup") or {}
    g, d = scen.data.grid, scen.data
    if uid in spec.get("fixed", ()):
        return frozenset()
    if side == "german":
        return frozenset(h for h in scen.hexes if scen.west_of_front(h) and d.terrain[h] != "lake")
    out: set[str] = set()
    for area in spec.get("russian", ()):
        if parent in area["armies"]:
            lo, hi = area["rows"]
            out.update(h for h in scen.hexes if d.terrain[h] != "lake" and scen.east_of_front(h)
                       and any(a[0] == area["section"] and lo <= int(a[1:3]) <= hi for a in g.aliases(h)))
    return frozenset(out)


@functools.cache
def _limit_hexes(scen: Any, i: int) -> frozenset[str]:
    """The hexes a ``russian_move_limits`` entry closes: 18.18(d) west of the printed front line
    (exclusive, D21); 18.18(b) the Map C hexes south of hexrow 1700 (XX < 17, D21)."""
    lim = scen.params["russian_move_limits"][i]
    if lim["closed"] == "west_of_front_line":
        return frozenset(h for h in scen.hexes if scen.west_of_front(h))
    if lim["closed"] == "south_of_hexrow":
        sec, row = lim["section"], int(lim["hexrow"])
        return frozenset(h for h in scen.hexes if any(a[0] == sec and int(a[1:3]) < row for a in scen.data.grid.aliases(h)))
    raise ValueError(f"russian_move_limits: unknown 'closed' {lim['closed']!r} (west_of_front_line, south_of_hexrow)")


def _parse_error(msg: str) -> Exception:
    from ...core.errors import ParseError

    return ParseError(msg)


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """11.22: every way to split ``total`` Support Points among ``parts`` armies."""
    if parts == 1:
        return [(total,)]
    return [(i,) + rest for i in range(total, -1, -1) for rest in _compositions(total - i, parts - 1)]


__all__ = ["OtRules", "PHASES", "NOBODY"]

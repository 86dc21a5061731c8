"""The Moscow Campaign rules object (``typhoon.core.game.Rules``): the sequence of play, unit by
unit movement, rail movement, overruns, battles and the end of the game. The rules of each
section live in the module named after it; this module wires them together."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

from ...core.errors import IllegalActionError, ParseError
from ...core.game import Outcome
from ...core.stacks import Stacks
from . import combat, movement, overrun, rail, supply, victory
from .actions import Act, attack, parse
from .data import lookup, other
from .sequence import BY_ID, ORDER, PHASES, next_phase
from .state import MCState

SCENARIOS = ("september", "november", "december")


def _move_act(unit: str, h: str) -> Act:
    return Act("move", (unit, h))

def _rail_act(unit: str, h: str) -> Act:
    return Act("rail", (unit, h))


END = Act("end")


class MCRules:
    """Rules of The Moscow Campaign (002; decisions: docs/games/mc/decisions.md)."""

    name = "mc"
    title = "The Moscow Campaign"
    players = ("german", "soviet")
    perfect_information = True

    def __init__(self, data_key: int | None = None) -> None:
        """``data_key``: the data these rules play (``data.register``); None: the shipped kit."""
        self.data_key = data_key

    # -- set-up -------------------------------------------------------------------------------
    def initial_state(self, options: dict[str, Any] | None = None, data_key: int | None = None) -> MCState:
        options = options or {}
        if data_key is None:
            data_key = self.data_key
        data = lookup(data_key)
        sid = options.get("scenario") or next(iter(data.scenarios))
        sc = data.scenarios.get(sid)
        if sc is None:
            raise ParseError(f"unknown scenario {sid!r}; scenarios: {sorted(data.scenarios)}")
        stacks = Stacks()
        for u, h in sc.setup:
            stacks.place(u, h)
        last = sc.extended_last_turn if options.get("extended") else sc.last_turn
        state = MCState(data_key, sid, sc.first_turn, last, ORDER[0], stacks, rail.initial_rail(data, sc))
        for p in data.places:
            state.control[p["hex"]] = "german" if p["hex"] in sc.german_side else "soviet"
        # decision D-FORT-START: fortified hexsides behind the German start line are destroyed
        for k in data.fortified:
            if any(h in sc.german_side for h in k):
                state.fort_destroyed.add(k)
        for t, units in sc.reinforcements.items():
            for u in units:
                state.waiting[u] = t
        self._start_phase(state, [])
        return state

    def copy_state(self, state: MCState) -> MCState:
        return state.copy()

    # -- who acts -----------------------------------------------------------------------------
    def phase_key(self, state: MCState) -> tuple[int, str]:
        return (state.turn, state.phase)

    def current_player(self, state: MCState) -> str | None:
        if state.outcome is not None or self.is_chance(state):
            return None
        if state.battle is not None:
            return combat.chooser(state)
        return BY_ID[state.phase].side

    def is_chance(self, state: MCState) -> bool:
        return state.outcome is None and state.battle is not None and state.battle["step"] == "roll"

    def chance_outcomes(self, state: MCState) -> list[tuple[Act, Fraction]]:
        if not self.is_chance(state):
            return []
        return [(Act("roll", (str(f),)), p) for f, p in combat.roll_outcomes(state)]

    def outcome(self, state: MCState) -> Outcome | None:
        return state.outcome

    # -- legal actions ------------------------------------------------------------------------
    def legal_actions(self, state: MCState) -> list[Act]:
        got = state._cache.get("legal")
        if got is None:
            got = state._cache["legal"] = self._legal(state)
        return list(got)

    def legal_count(self, state: MCState) -> int:
        got = state._cache.get("legal")
        if got is None:
            got = state._cache["legal"] = self._legal(state)
        return len(got)

    def legal_nth(self, state: MCState, i: int) -> Act:
        got = state._cache.get("legal")
        if got is None:
            got = state._cache["legal"] = self._legal(state)
        return got[i]

    def _legal(self, state: MCState) -> list[Act]:
        if state.outcome is not None:
            return []
        if self.is_chance(state):
            return [a for a, _ in self.chance_outcomes(state)]
        if state.battle is not None:
            return [Act(c[0], tuple(c[1:])) for c in combat.choices(state)]
        phase = BY_ID[state.phase]
        if phase.kind == "movement":
            return self._legal_movement(state, phase) + [END]
        return self._legal_combat(state, phase.side) + [END]

    def movers(self, state: MCState) -> list[str]:
        """Units that may (still) move this phase, in roster order."""
        phase = BY_ID[state.phase]
        order = state.data.unit_index
        return sorted((u for u in state.on_map(phase.side) if movement.may_move(state, u, phase.mechanized) is None), key=order.__getitem__)

    def unit_actions(self, state: MCState, unit: str) -> list[Act]:
        """The movement actions of one unit now (movement, rail, entraining, detraining)."""
        phase = BY_ID[state.phase]
        out: list[Act] = []
        left = self.left(state, unit)
        if unit in state.entrained:
            if phase.side == "soviet":
                near = rail.near_enemy(state, state.hex_of(unit))  # Rail (E) L119
                if not near and (not rail.counts_against_nine(state, unit) or not rail.nine_reached(state)):  # Rail L111
                    eb = state.data.units[unit].eb
                    reach_hexes = math.inf if eb else math.floor(left) * rail.HEXES_PER_MP  # Rail L112-113, EB (B) L125
                    out.extend(rail.rail_acts(state, unit, reach_hexes, _rail_act))
                if not near and rail.detrain_cost(state, unit, movement.allowance(state, unit)) <= left:
                    out.append(Act("detrain", (unit,)))
            return out
        out.extend(movement.move_acts(state, unit, _move_act))
        if self._may_entrain(state, unit) is None:
            out.append(Act("entrain", (unit,)))
        return out

    def _legal_movement(self, state: MCState, phase) -> list[Act]:
        out: list[Act] = []
        for u in self.movers(state):
            out.extend(self.unit_actions(state, u))
        if phase.side == "soviet":
            entries = rail.entry_hexes(state)
            for u in self.due(state):
                out.extend(Act("enter", (u, h)) for h in entries if len(state.at(h)) < movement.STACK_LIMIT)
        for t, units in overrun.candidates(state, phase.side, phase.mechanized):
            out.append(Act("overrun", (t, *units)))
        return out

    def _legal_combat(self, state: MCState, side: str) -> list[Act]:
        out: list[Act] = []
        seen = set()
        tg = combat.targets(state, side)
        for t in tg:
            units = combat.eligible_attackers(state, side, (t,))
            if not units:
                continue
            for a in (attack((t,), units), attack((t,), units, nodr=True)):
                out.append(a)
            by_hex: dict[str, list[str]] = {}
            for u in units:
                by_hex.setdefault(state.hex_of(u), []).append(u)
            if len(by_hex) > 1:
                for us in by_hex.values():
                    out.append(attack((t,), tuple(us)))
            seen.add(t)
        # Combat (N) L71: several defending hexes attacked together
        for i, t1 in enumerate(tg):
            for t2 in tg[i + 1:]:
                units = combat.eligible_attackers(state, side, (t1, t2))
                if units:
                    out.append(attack((t1, t2), units))
        return out

    def due(self, state: MCState) -> list[str]:
        """Soviet reinforcements that may enter now (Rail (A) L115)."""
        return sorted((u for u, t in state.waiting.items() if t <= state.turn), key=state.data.unit_index.__getitem__)

    def left(self, state: MCState, unit: str) -> Fraction:
        got = state.mp_left.get(unit)
        return movement.allowance(state, unit) if got is None else got

    def _may_entrain(self, state: MCState, unit: str) -> str | None:
        """Rail L111-112, (E) L119, (F) L120, (G) L121."""
        data = state.data
        spec = data.units[unit]
        if spec.side != "soviet" or state.phase != "soviet_movement":
            return "only Soviet units move by rail, in the Russian Movement Phase (Rail (B) L116, (G) L121)"
        h = state.hex_of(unit)
        if not rail.usable_for_rail_move(state, h):
            return f"{h} is not a rail hex in normal condition (Rail L112, (F) L120)"
        if rail.near_enemy(state, h):
            return f"{h} is in or next to enemy units (Rail (E) L119)"
        if rail.counts_against_nine(state, unit) and rail.nine_reached(state):
            return "nine units are already entrained this phase (Rail L111)"
        if rail.entrain_cost(state, unit, movement.allowance(state, unit)) > self.left(state, unit):
            return f"{unit} has not the Movement Points to entrain (Rail L112)"
        return None

    def is_legal(self, state: MCState, action: Any) -> bool:
        return self.explain_illegal(state, action) is None

    def explain_illegal(self, state: MCState, action: Any) -> str | None:
        if state.outcome is not None:
            return "the game is over"
        if not isinstance(action, Act):
            return f"{action!r} is not a Moscow Campaign action"
        if self.is_chance(state):
            return None if any(a == action for a, _ in self.chance_outcomes(state)) else "a die roll is due"
        if state.battle is not None:
            ok = [Act(c[0], tuple(c[1:])) for c in combat.choices(state)]
            return None if action in ok else f"the battle is at its '{state.battle['step']}' step: {', '.join(map(str, ok))}"
        phase = BY_ID[state.phase]
        v = action.verb
        if v == "end":
            return None
        if phase.kind == "movement":
            if v == "overrun":
                t, *units = action.args
                return overrun.why_not(state, phase.side, t, tuple(units), phase.mechanized)
            if v == "enter":
                u, h = action.args
                if u not in self.due(state) or phase.side != "soviet":
                    return f"{u} is not a Soviet reinforcement due now (Rail (A) L115)"
                return None if h in rail.entry_hexes(state) and len(state.at(h)) < movement.STACK_LIMIT else f"{h} is not a free Soviet rail entry hex (Rail (A) L115, (E) L119)"
            if v in ("move", "entrain", "rail", "detrain"):
                u = action.args[0]
                if state.data.units.get(u) is None or state.side_of(u) != phase.side:
                    return f"{u} is not a {phase.side} unit"
                why = movement.may_move(state, u, phase.mechanized)
                if why:
                    return why
                if v == "move" and len(action.args) > 2:
                    if u in state.entrained:
                        return f"{u} is entrained: detrain first (Rail L112)"
                    found = movement.path_for(state, u, action.args[1], tuple(action.args[3:]))
                    if found is None or len(state.at(action.args[1])) >= movement.STACK_LIMIT:
                        return f"{u} cannot reach {action.args[1]} by that route"
                    return None
                if action in self.unit_actions(state, u):
                    return None
                if v == "entrain":
                    return self._may_entrain(state, u)
                if v == "move":
                    return f"{u} cannot reach {action.args[1]} (terrain, ZOC L33-36, stacking L43, enemy units L26)"
                return f"{action} is not possible now (Rail L111-120)"
            return f"not an action of the {phase.name}"
        if v == "attack":
            tgts, units, reduce_to, nodr = action.attack_parts()
            return combat.why_not_attack(state, phase.side, tgts, units)
        return f"not an action of the {phase.name}"

    # -- applying -----------------------------------------------------------------------------
    def apply(self, state: MCState, action: Act) -> list[Any]:
        events: list[Any] = []
        v = action.verb
        state._cache.pop("legal", None)
        if v == "roll":
            combat.resolve_roll(state, int(action.args[0]), events)
        elif state.battle is not None:
            self._battle_choice(state, action, events)
        elif v == "end":
            self._end_phase(state, events)
        elif v in ("move", "entrain", "rail", "detrain", "enter"):
            self._movement(state, action, events)
        elif v == "overrun":
            t, *units = action.args
            self._commit_active(state, None)
            overrun.start(state, BY_ID[state.phase].side, t, tuple(units), events)
        elif v == "attack":
            tgts, units, reduce_to, nodr = action.attack_parts()
            combat.start(state, "attack", BY_ID[state.phase].side, tgts, units, events, reduce_to, nodr)
        else:
            raise IllegalActionError(f"{action}: not a Moscow Campaign action")
        state._cache.pop("legal", None)
        return events

    def _battle_choice(self, state: MCState, action: Act, events: list[Any]) -> None:
        v = action.verb
        if v == "retreat":
            combat.do_retreat(state, action.args[0], action.args[1], events)
        elif v == "lose":
            combat.lose(state, action.args[0], events)
        elif v == "disrupt":
            combat.disrupt(state, action.args[0], events)
        elif v == "advance":
            if action.args[0] == "none":
                events.append("no (further) advance")
                combat.close(state)
            else:
                combat.advance(state, action.args[0], action.args[1], events)

    def _commit_active(self, state: MCState, unit: str | None) -> None:
        """Movement (H) L27: once the player's hand leaves a unit it may not move again."""
        if state.active is not None and state.active != unit:
            state.done.add(state.active)
            state.active = None

    def _movement(self, state: MCState, action: Act, events: list[Any]) -> None:
        v, u = action.verb, action.args[0]
        self._commit_active(state, u)
        state.active = u
        if v == "enter":
            h = action.args[1]
            del state.waiting[u]
            state.stacks.place(u, h)
            state.entrained.add(u)
            state.supplied_move = state.supplied_move | {u}
            state.mp_left[u] = movement.allowance(state, u)  # L114: no cost to enter entrained
            state.rail_counted.add(u)  # Rail (A) L115
            state.touch()
            events.append(f"{u} enters at {h} entrained (Rail (A) L115)")
            return
        left = self.left(state, u)
        ma = movement.allowance(state, u)
        if v == "move":
            path, cost = movement.path_for(state, u, action.args[1], tuple(action.args[3:]))
            fresh = u not in state.mp_left
            movement.walk(state, u, path, events)
            remaining = left - cost
            if remaining < 0 or (fresh and state.data.weather.get(state.turn) == "mud" and state.side_of(u) == "german"):
                remaining = Fraction(0)  # Movement (J) L29 / MUD L99: the one hex ends the move
            state.mp_left[u] = remaining
            events.append(f"{u} moves {' -> '.join(path)} ({cost} MP, {remaining} left)")
        elif v == "entrain":
            cost = rail.entrain_cost(state, u, ma)
            state.mp_left[u] = left - cost
            state.entrained.add(u)
            if rail.counts_against_nine(state, u):
                state.rail_counted.add(u)
            events.append(f"{u} entrains at {state.hex_of(u)} ({cost} MP, Rail L112)")
        elif v == "rail":
            h = action.args[1]
            n = rail.rail_targets(state, u)[h]
            cost = rail.rail_cost(state, u, n)
            a = state.hex_of(u)
            state.stacks.move(u, h)
            state.touch()
            state.mp_left[u] = left - cost
            if rail.counts_against_nine(state, u):
                state.rail_counted.add(u)
            if state.data.units[u].eb:
                state.rail_moved_eb.add(u)  # EB (B) L125: no repair this game turn
            movement.enter(state, u, None, h, events, by_rail_move=True)
            events.append(f"{u} moves by rail {a} -> {h}, {n} hexes ({cost} MP, Rail L112-113)")
        elif v == "detrain":
            cost = rail.detrain_cost(state, u, ma)
            state.mp_left[u] = left - cost
            state.entrained.discard(u)
            events.append(f"{u} detrains at {state.hex_of(u)} ({cost} MP, Rail L112)")
        if state.mp_left.get(u, 1) <= 0 and u not in state.entrained:
            state.done.add(u)
            state.active = None

    # -- phases -------------------------------------------------------------------------------
    def _start_phase(self, state: MCState, events: list[Any]) -> None:
        phase = BY_ID[state.phase]
        state.battle = None
        state.mp_left.clear()
        state.done.clear()
        state.active = None
        state.overran.clear()
        state.attacked.clear()
        state.defended.clear()
        state.rail_counted.clear()
        state._reach.clear() if len(state._reach) > 4000 else None
        state.touch()
        if phase.kind == "movement":
            # Supply L47: for movement, judged at the start of the Movement Phase
            state.supplied_move = supply.supplied_units(state, phase.side)
        events.append(f"Turn {state.turn}: {phase.name}")

    def _end_phase(self, state: MCState, events: list[Any]) -> None:
        self._commit_active(state, None)
        # DeAd L79: disruption lasts from phase end to phase end, one game turn
        for u, (t, ph) in list(state.disrupted.items()):
            if t <= state.turn and ph == state.phase:
                del state.disrupted[u]
                events.append(f"{u} is no longer disrupted")
        nxt = next_phase(state.phase)
        if nxt is not None:
            state.phase = nxt
            self._start_phase(state, events)
            return
        out = victory.sudden_death(state)
        if out is None and state.turn >= state.last_turn:
            out = victory.final(state)
        if out is not None:
            state.outcome = out
            state.phase = "over"
            events.append(f"Game over: {out.winner} wins. {out.reason}")
            return
        state.turn += 1
        state.rail_moved_eb.clear()
        state.phase = ORDER[0]
        self._start_phase(state, events)

    def is_commitment(self, action: Any) -> bool:
        """Declared attacks and overruns are final (the die is rolled at once)."""
        return isinstance(action, Act) and action.verb in ("attack", "overrun")

    # -- text ---------------------------------------------------------------------------------
    def parse_action(self, state: MCState, text: str) -> Act:
        data = state.data
        units = {u.upper(): u for u in data.unit_order}
        return parse(text, units, data.grid.check, data.unit_index.__getitem__, data.crt_columns)

    def position_to_json(self, state: MCState) -> dict[str, Any]:
        from .position import to_json

        return to_json(state)

    def position_from_json(self, doc: dict[str, Any]) -> MCState:
        from .position import from_json

        return from_json(doc, self.data_key)


__all__ = ["MCRules", "SCENARIOS", "PHASES", "other", "ParseError"]

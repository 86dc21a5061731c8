"""What the front ends show of a Battle for Moscow game: views, action descriptions, odds.

Everything here is JSON-shaped (``typhoon.core.contract.VIEW_DOC`` and the ``describe`` /
``preview`` shapes) and worded once for every front end: "German" and "Soviet" (never
"Russian"), rule cases cited as the rules texts number them (000 = 2009, 001 = 1986).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ...core.errors import IllegalActionError
from . import combat, movement, victory
from .actions import (
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
    Roll,
    Setup,
    StandFast,
)
from .kinds import Consequence, Movers, PhaseKind, Result, Step
from .state import Battle, BfmState

SIDE_NAMES = {"german": "German", "soviet": "Soviet"}

#: 9.3 Combat Results Explanation, one line per result code (the meaning shown with the odds).
RESULTS: dict[str, dict[str, str]] = {
    Result.NE: {"name": "No Effect", "meaning": "nothing happens", "rule": "9.3 NE"},
    Result.DR: {
        "name": "Defender Retreat",
        "meaning": "the defender retreats two hexes, along a path the attacker chooses",
        "rule": "9.3 DR",
    },
    Result.DRL: {
        "name": "Defender Retreat and Loss",
        "meaning": "the defender loses a step, then retreats as for DR if it survives",
        "rule": "9.3 DRL",
    },
    Result.DE: {"name": "Defender Eliminated", "meaning": "the defender is eliminated", "rule": "9.3 DE"},
    Result.EX: {
        "name": "Exchange",
        "meaning": "the defender loses a step; the attacker loses at least as many strength points; "
        "a surviving defender then retreats",
        "rule": "9.3 EX",
    },
    Result.AL: {
        "name": "Attacker Loss",
        "meaning": "one attacking unit of the attacker's choice loses a step; no retreat",
        "rule": "9.3 AL",
    },
}

#: What a battle waits for at each step (9.0 battle sequence), for status lines.
STEP_TEXT = {
    Step.DECLARED: "declared",
    Step.ROLL: "die roll due",
    Step.STAND_FAST: "defender to choose: stand fast or retreat",
    Step.RETREAT: "attacker to choose the retreat path",
    Step.LOSS: "attacker to choose the step loss",
    Step.ADVANCE: "attacker to choose whether to advance",
    Step.DONE: "resolved",
}


def side_name(side: str | None) -> str:
    return SIDE_NAMES.get(side or "", "")


# -- units -----------------------------------------------------------------------------------
def unit_values(spec: Any, reduced: bool) -> str:
    """The numbers printed on a counter's face: strength-movement ("8-6", reduced "4-6")."""
    return f"{spec.reduced if reduced else spec.full}-{spec.movement}"


def where_is(state: BfmState, unit: str) -> str:
    """Where a unit is: map, pool (eliminated or not yet raised: may come back as a
    replacement, 10.0), reinforcements (due on a later turn, 11.0), setup (free set-up, 6.0)."""
    if unit in state.hex_of:
        return "map"
    if unit in state.to_set_up:
        return "setup"
    if unit in state.pool:
        return "pool"
    if any(unit in us for us in state.reinforcements.values()):
        return "reinforcements"
    return "eliminated"


def unit_json(state: BfmState, unit: str, roles: dict[str, str], can_move: frozenset[str]) -> dict[str, Any]:
    """One unit as the view shows it (VIEW_DOC ``units``)."""
    data = state.data
    spec = data.units[unit]
    reduced = unit in state.reduced
    where = where_is(state, unit)
    flags = []
    if unit in state.moved:
        flags.append("moved")
    if unit in can_move:
        flags.append("can_move")
    if unit in state.replaced:
        flags.append("replaced")  # 10.1: no second step this player turn
    if unit in roles:
        flags.append(roles[unit])
    due = next((t for t, us in sorted(state.reinforcements.items()) if unit in us), None)
    return {
        "id": unit,
        "side": spec.side,
        "hex": state.hex_of.get(unit),
        "where": where,
        "label": unit,
        "name": spec.name,
        "kind": spec.kind,
        "values": unit_values(spec, reduced),
        "full_values": unit_values(spec, False),
        "reduced_values": unit_values(spec, True),
        "strength": state.strength(unit),
        "movement": spec.movement,
        "reduced": reduced,
        "steps": 1 if reduced else 2,
        "moved": unit in state.moved,
        "due_turn": due,
        "flags": flags,
        "hidden": False,
    }


def battle_roles(state: BfmState) -> dict[str, str]:
    roles: dict[str, str] = {}
    for b in state.battles.values():
        roles[b.defender] = "defending"
        for a in b.attackers:
            roles[a] = "attacking"
    return roles


def movable_units(state: BfmState) -> frozenset[str]:
    """Units that may still move in the current movement phase (empty in other phases)."""
    if state.finished or state.phase_spec.kind != PhaseKind.MOVEMENT:
        return frozenset()
    return frozenset(u for u, _ in movement.movement_masks(state))


# -- odds ------------------------------------------------------------------------------------
def odds_json(state: BfmState, target: str, defender: str, attackers: list[str]) -> dict[str, Any]:
    """The preview of a battle: strengths, ratio, every shift named with its rule, the final
    column and each result's chance with its meaning (9.0 steps 1-3, 9.1, 9.2, 12.2)."""
    o = combat.battle_odds(state, target, attackers)
    doc = o.to_json()
    doc.update(
        target=target,
        defender=defender,
        attackers=list(attackers),
        strengths={u: float(state.strength(u)) for u in attackers},
        defence_unit=defender,
        column=None if o.column is None else state.data.crt.columns[o.column],
        column_index=o.column,
        outcomes=[
            {"result": r, "probability": float(p), "fraction": str(p), **RESULTS.get(r, {"name": r, "meaning": r, "rule": ""})}
            for r, p in sorted(o.distribution.items(), key=lambda kv: (-kv[1], kv[0]))
        ],
        rule="9.0 steps 1-3; 9.1; 9.2" + ("; 12.2" if o.mud else ""),
        text=odds_text(o),
    )
    if o.column is None:
        doc["outcomes"][0]["meaning"] = "below 1:1 after shifts the attack has no effect and no die is rolled"
        doc["outcomes"][0]["rule"] = "9.1"
    return doc


def odds_text(o: combat.Odds) -> str:
    shifts = "".join(f", {s.columns:+d} {s.reason} ({s.rule})" for s in o.shifts)
    capped = f", capped at {o.capped}:1 (9.1)" if o.ratio > o.capped else ""
    return f"{_num(o.attack)} : {o.defence} = {o.ratio}:1{capped}{shifts} -> {o.label}"


def _num(x: Fraction | float | int) -> str:
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def battle_preview(state: BfmState, target: str, attackers: Sequence[str]) -> dict[str, Any]:
    """The odds of a hypothetical battle, checked by ``combat.check_attack`` (the one check)."""
    defender, units = combat.check_attack(state, target, attackers)
    return odds_json(state, state.data.grid.check(target), defender, units)


def battle_json(state: BfmState, b: Battle) -> dict[str, Any]:
    """A declared battle with its odds (null once its units are gone)."""
    odds = None
    alive = [a for a in b.attackers if a in state.hex_of]
    if alive and state.unit_at(b.target) == b.defender and b.step in (Step.DECLARED, Step.ROLL):
        odds = odds_json(state, b.target, b.defender, list(b.attackers))
    return {
        "target": b.target,
        "defender": b.defender,
        "defenders": [b.defender],
        "attackers": list(b.attackers),
        "step": b.step,
        "step_text": STEP_TEXT.get(b.step, b.step),
        "result": b.result,
        "result_meaning": RESULTS[b.result]["meaning"] if b.result in RESULTS else None,
        "loss_due": float(b.loss_due),
        "loss_kind": b.loss_kind,
        "current": state.current == b.target,
        "odds": odds,
        "fought": {"final": b.fought} if b.fought else None,
    }


# -- the view --------------------------------------------------------------------------------
def phase_json(p: Any, index: int | None = None) -> dict[str, Any]:
    d = {"id": p.id, "name": p.label, "side": p.side, "kind": p.kind, "rule": p.rule}
    if p.movers:
        d["movers"] = p.movers
    if index is not None:
        d["index"] = index
    return d


def phase_track(state: BfmState) -> list[dict[str, Any]]:
    """This turn's phases in order (4.0). The set-up phase shows only while it is on; on turn 1
    the phases before the edition's first phase are marked skipped (000 6.0)."""
    data = state.data
    track = []
    skipping = state.turn == 1
    for p in data.sequence:
        if p.kind == PhaseKind.SETUP:
            if state.phase == p.id:
                track.append(phase_json(p))
            continue
        d = phase_json(p)
        if skipping and p.id == data.first_phase:
            skipping = False
        if skipping:
            d["skipped"] = True
        if p.kind == PhaseKind.HOUSEKEEPING:
            d["automatic"] = True
        track.append(d)
    return track


def turn_track(state: BfmState) -> list[dict[str, Any]]:
    """The Turn Record Track: dates, weather and arrivals of every turn (turns.json, 12.0, 11.0)."""
    data = state.data
    return [
        {
            "turn": t,
            "dates": data.turns[t]["dates"],
            "weather": data.turns[t]["weather"],
            "reinforcements": data.turns[t].get("reinforcements", {}),
        }
        for t in sorted(data.turns)
    ]


def view(rules: Any, state: BfmState, seat: str | None) -> dict[str, Any]:
    """The game as ``seat`` sees it (VIEW_DOC). Battle for Moscow has no hidden information:
    every seat and spectators see the same, apart from the ``seat`` field."""
    data = state.data
    spec = state.phase_spec
    turn = data.turns[state.turn]
    roles = battle_roles(state)
    can_move = movable_units(state)
    player = None if state.finished else rules.current_player(state)
    cities = {s: sorted(data.cities[h] for h, c in state.control.items() if c == s) for s in ("german", "soviet")}
    outcome = state.outcome
    standing = outcome or victory.final_outcome(state)
    pending = pending_json(rules, state)
    due = rules.reinforcements_due(state)
    return {
        "game": "bfm",
        "seat": seat,
        "edition": state.options.edition,
        "options": state.options.to_dict(),
        "turn": state.turn,
        "last_turn": data.last_turn,
        "turn_label": f"Turn {state.turn} of {data.last_turn} ({turn['dates']}, {turn['weather']})",
        "dates": turn["dates"],
        "turns": turn_track(state),
        "phase": phase_json(spec, data.phase_index[state.phase]),
        "phases": phase_track(state),
        "current_player": player,
        "status": status_line(rules, state),
        "units": [unit_json(state, u, roles, can_move) for u in data.unit_order],
        "control": dict(sorted(state.control.items())),
        "zoc": zones_of_control(state),
        "markers": [],
        "battles": [battle_json(state, b) for b in state.battles.values()],
        "committed": state.committed,
        "current_battle": state.current,
        "pending": pending,
        "replacements": {
            "side": spec.side if spec.kind == PhaseKind.REPLACEMENT else None,
            "left": state.replacements_left if spec.kind == PhaseKind.REPLACEMENT else 0,
            "reinforcements_due": due,
            "rule": "10.0-10.4; 11.0",
        },
        "score": {"german": len(cities["german"]), "soviet": len(cities["soviet"])},
        "cities": cities,
        "victory": {
            "final": outcome is not None,
            "winner": standing.winner,
            "text": standing.reason if outcome is not None else f"If the game ended now: {standing.reason}",
            "rule": data.edition_data["victory_rule"],
        },
        "outcome": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason, "scores": dict(outcome.scores)},
        "weather": turn["weather"],
        "notes": weather_notes(state),
    }


def zones_of_control(state: BfmState) -> dict[str, list[str]]:
    """The hexes each side's units hold in their zone of control (7.0: the six hexes around
    every unit), for the map's zone-of-control overlay."""
    enemy = {"german": "soviet", "soviet": "german"}
    return {side: sorted(state.enemy_zoc(enemy[side])) for side in ("german", "soviet")}


def weather_notes(state: BfmState) -> list[str]:
    data = state.data
    if not data.mud(state.turn):
        return []
    combat_note = (
        "all attacking strength is halved (1986 rules)"
        if data.edition_data["mud_halves"] == "all"
        else "Panzer and Tank strengths are halved when attacking (12.2)"
    )
    return [f"Mud: movement is one hex per phase except Soviet rail movement (12.1); {combat_note}."]


def pending_json(rules: Any, state: BfmState) -> dict[str, Any] | None:
    """The decision (or die roll) the game waits for, or None once it is over."""
    if state.finished:
        return None
    spec = state.phase_spec
    battle = rules.current_battle(state)
    side = rules.current_player(state)
    if battle is not None:
        kind = battle.step
    elif spec.kind == PhaseKind.COMBAT:
        kind = "resolve" if state.committed else "declare"
    else:
        kind = {PhaseKind.MOVEMENT: "move"}.get(spec.kind, str(spec.kind))
    return {
        "kind": kind,
        "side": side,
        "text": status_line(rules, state),
        "battle": battle_json(state, battle) if battle is not None else None,
    }


def status_line(rules: Any, state: BfmState) -> str:
    """One line: what is happening now and who is to act."""
    data = state.data
    if state.finished:
        return f"Game over: {state.outcome.reason}" if state.outcome is not None else "Game over"
    spec = state.phase_spec
    head = f"Turn {state.turn}{' (mud)' if data.mud(state.turn) else ''}, {spec.label}"
    battle = rules.current_battle(state)
    who = side_name(rules.current_player(state))
    if battle is not None:
        where = f"battle at {battle.target} ({'+'.join(battle.attackers)} against {battle.defender})"
        if battle.step == Step.ROLL:
            return f"{head}: {where}: die roll due"
        if battle.step == Step.STAND_FAST:
            return f"{head}: {where}: DR in a major city: {who} chooses to stand fast or retreat (000 9.3)"
        if battle.step == Step.RETREAT:
            return f"{head}: {where}: {who} chooses the retreat path of {battle.defender} (9.3)"
        if battle.step == Step.LOSS:
            return f"{head}: {where}: {battle.loss_kind}: {who} chooses the attacker that loses a step (9.3)"
        if battle.step == Step.ADVANCE:
            return f"{head}: {where}: {who} may advance one attacker into {battle.target} (9.0 step 6)"
        return f"{head}: {where}"
    if spec.kind == PhaseKind.SETUP:
        return f"{head}: {who} places {len(state.to_set_up)} unit(s) on the set-up hexes (000 6.0)"
    if spec.kind == PhaseKind.COMBAT:
        if state.committed:
            return f"{head}: {who} chooses the battle to resolve next (9.0)"
        n = len(state.battles)
        return f"{head}: {who} declares attacks ({n} battle(s) declared), then commits (9.0)"
    if spec.kind == PhaseKind.REPLACEMENT:
        due = rules.reinforcements_due(state)
        arriving = f"; reinforcements to place: {', '.join(due)} (11.0)" if due else ""
        return f"{head}: {who} has {state.replacements_left} replacement step(s) left (10.0){arriving}"
    if spec.kind == PhaseKind.MOVEMENT:
        return f"{head}: {who} moves ({len(state.moved)} unit(s) moved)"
    return head


# -- actions ---------------------------------------------------------------------------------
def describe(rules: Any, state: BfmState, action: Any) -> dict[str, Any]:
    """One action as structured data: text, verb, label, units, hex, from, path, rule, group."""
    text = str(action)
    verb = text.split(" ", 1)[0]
    d: dict[str, Any] = {
        "text": text,
        "verb": verb,
        "label": text,
        "units": [],
        "hex": None,
        "from": None,
        "path": None,
        "rule": None,
        "group": verb,
        "button": False,
    }
    describer = _DESCRIBERS.get(type(action))
    if describer is not None:
        describer(rules, state, action, d)
    return d


def _describe_setup(rules, state, a: Setup, d) -> None:
    d.update(units=[a.unit], hex=a.hex, label=f"Set up {a.unit} in {a.hex}", rule="000 6.0")


def _describe_move(rules, state, a: Move, d) -> None:
    spec = state.phase_spec
    origin = state.hex_of.get(a.unit)
    rail = spec.movers == Movers.RAIL
    d.update(
        units=[a.unit],
        hex=a.to,
        label=f"Move {a.unit} {origin or '?'} to {a.to}" + (" through " + ", ".join(a.via) if a.via else "") + (" by rail" if rail else ""),
        rule="8.1" if rail else "8.0",
        waypoints="via",  # 10.0: a move may name the hexes it passes through (decision 8)
    )
    d["from"] = origin
    if a.via:
        d["path"] = [origin, *a.via, a.to] if origin else None


def _describe_attack(rules, state, a: Attack, d) -> None:
    defender = state.unit_at(a.target)
    d.update(
        units=[a.unit],
        hex=a.target,
        label=f"{a.unit} attacks {defender or 'the unit'} in {a.target}",
        rule="9.0",
        defender=defender,
    )
    d["from"] = state.hex_of.get(a.unit)


def _describe_commit(rules, state, a: Commit, d) -> None:
    n = len(state.battles)
    d.update(label=f"Commit the {n} declared battle(s)", rule="9.0 Battle Commitment", button=True)


def _describe_resolve(rules, state, a: Resolve, d) -> None:
    b = state.battles.get(a.target)
    label = f"Resolve the battle at {a.target}"
    if b is not None:
        try:
            label += f" ({'+'.join(b.attackers)} against {b.defender}, {combat.battle_odds(state, a.target, b.attackers).label})"
        except ValueError:
            pass
        d["units"] = list(b.attackers)
        d["defender"] = b.defender
    d.update(hex=a.target, label=label, rule="9.0", button=True)


def _describe_roll(rules, state, a: Roll, d) -> None:
    d.update(label=f"Die roll {a.value}", rule="9.0 step 4", hex=state.current)


def _describe_standfast(rules, state, a: StandFast, d) -> None:
    b = rules.current_battle(state)
    where = b.target if b else None
    who = b.defender if b else "the defender"
    city = state.data.cities.get(where, where) if where else "the major city"
    label = f"{who} stands fast in {city}: loses a step, no retreat" if a.stand else f"{who} retreats from {city}"
    d.update(units=[b.defender] if b else [], hex=where, label=label, rule="000 9.3 Stand Fast", button=True)


def _describe_retreat(rules, state, a: Retreat, d) -> None:
    b = rules.current_battle(state)
    who = b.defender if b else "the defender"
    d.update(
        units=[b.defender] if b else [],
        hex=a.to,
        path=[a.via, a.to],
        label=f"Retreat {who} through {a.via} to {a.to}",
        rule="9.3 DR",
    )
    d["from"] = b.target if b else None
    if b is not None and b.step == Step.RETREAT:
        opts = combat.retreat_options(state, b)
        d["consequence"] = opts.consequence
        if opts.consequence == Consequence.STEP:
            d["label"] += " (loses a step: the path enters an enemy zone of control)"
        elif opts.consequence == Consequence.ELIMINATED:
            d["label"] += " (eliminated: it must end in an enemy zone of control, 7.2)"


def _describe_loss(rules, state, a: Loss, d) -> None:
    b = rules.current_battle(state)
    kind = b.loss_kind if b else None
    d.update(
        units=[a.unit],
        hex=state.hex_of.get(a.unit),
        label=f"{a.unit} takes the step loss" + (f" ({kind})" if kind else ""),
        rule=f"9.3 {kind}" if kind else "9.3",
    )


def _describe_advance(rules, state, a: Advance, d) -> None:
    b = rules.current_battle(state)
    target = b.target if b else None
    if a.unit is None:
        d.update(label="No advance", hex=target, rule="9.0 step 6", button=True)
    else:
        d.update(units=[a.unit], hex=target, label=f"Advance {a.unit} into {target}", rule="9.0 step 6")
        d["from"] = state.hex_of.get(a.unit)


def _describe_place(rules, state, a: Place, d) -> None:
    side = state.side_of(a.unit)
    d.update(
        units=[a.unit],
        hex=a.hex,
        label=f"Place {a.unit} at half strength in {a.hex} (replacement)",
        rule="10.0, 10.2" if side == "soviet" else "10.0, 10.3",
        group="replacement",
    )


def _describe_restore(rules, state, a: Restore, d) -> None:
    d.update(
        units=[a.unit],
        hex=state.hex_of.get(a.unit),
        label=f"Restore {a.unit} to full strength (replacement)",
        rule="10.0, 10.1",
        group="replacement",
    )


def _describe_reinforce(rules, state, a: Reinforce, d) -> None:
    d.update(units=[a.unit], hex=a.hex, label=f"Reinforcement {a.unit} arrives in {a.hex}", rule="11.0", group="replacement")


def _describe_end(rules, state, a: EndPhase, d) -> None:
    spec = state.phase_spec
    label = f"End the {spec.label}"
    rule = spec.rule
    if spec.kind == PhaseKind.COMBAT and not state.battles:
        label += " (no battles)"
    elif spec.kind == PhaseKind.REPLACEMENT and state.replacements_left > 0:
        label += f" ({state.replacements_left} unused step(s) are lost)"
        rule = "10.4"
    d.update(label=label, rule=rule, button=True)


_DESCRIBERS = {
    Setup: _describe_setup,
    Move: _describe_move,
    Attack: _describe_attack,
    Commit: _describe_commit,
    Resolve: _describe_resolve,
    Roll: _describe_roll,
    StandFast: _describe_standfast,
    Retreat: _describe_retreat,
    Loss: _describe_loss,
    Advance: _describe_advance,
    Place: _describe_place,
    Restore: _describe_restore,
    Reinforce: _describe_reinforce,
    EndPhase: _describe_end,
}


def preview(state: BfmState, action: Any) -> dict[str, Any] | None:
    """The odds of the battle an ``attack`` would make (the attackers already declared against
    the same hex plus this one), or of a declared battle on ``resolve``; None otherwise."""
    if isinstance(action, Attack):
        declared = state.battles.get(action.target)
        attackers = list(declared.attackers) if declared else []
        if action.unit not in attackers:
            attackers.append(action.unit)
        return battle_preview(state, action.target, attackers)
    if isinstance(action, Resolve):
        b = state.battles.get(action.target)
        if b is None:
            raise IllegalActionError(f"no battle is declared against {action.target}")
        return battle_preview(state, action.target, b.attackers)
    return None


CONSEQUENCE_TEXT = {
    Consequence.NONE: "the retreat costs nothing",
    Consequence.STEP: "every path enters an enemy zone of control: the unit loses a step (9.3)",
    Consequence.ELIMINATED: "every path ends in an enemy zone of control: the unit is eliminated (7.2, 9.3)",
    Consequence.NO_PATH: "no legal retreat path: the unit is eliminated (9.3 Or Else)",
}


def retreat_preview(state: BfmState, target: str, attackers: Sequence[str] = ()) -> dict[str, Any]:
    """Where the unit in ``target`` could retreat if it had to now (9.3 DR): the paths the
    attacker may choose among, [via, to], and what the best of them costs it."""
    data = state.data
    target = data.grid.check(target)
    defender = state.unit_at(target)
    if defender is None:
        raise IllegalActionError(f"there is no unit in {target} to retreat")
    opts = combat.retreat_options(state, Battle(target, defender, list(attackers)))
    return {
        "target": target,
        "unit": defender,
        "consequence": str(opts.consequence),
        "consequence_text": CONSEQUENCE_TEXT[opts.consequence],
        "paths": [[via, to] for via, to in opts.paths],
        "rule": "9.3 DR",
    }

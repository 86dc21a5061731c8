"""The battle procedure of a Combat Phase (9.0): declaring attacks, Battle Commitment, and
resolving the battles one at a time (odds, die, result, Stand Fast, retreat, losses, advance).

The computations it uses (who may attack, odds, step losses, retreat paths) are in ``combat``;
the end of the phase is ``sequence.end_phase``.
"""

from __future__ import annotations

from fractions import Fraction

from . import combat, sequence
from .actions import END, Action, Advance, Attack, Commit, Loss, Resolve, Retreat, Roll, StandFast, table_of
from .kinds import Consequence, PhaseKind, Result, Step
from .replacements import enter_hex
from .state import Battle, BfmState, enemy_of

# Python 3.11 looks enum class attributes up slowly: the hot paths use these
_DECLARED, _ROLL, _STAND_FAST, _RETREAT, _LOSS, _ADVANCE, _DONE = (
    Step.DECLARED, Step.ROLL, Step.STAND_FAST, Step.RETREAT, Step.LOSS, Step.ADVANCE, Step.DONE,
)  # fmt: skip
_COMBAT = PhaseKind.COMBAT


def current_battle(state: BfmState) -> Battle | None:
    """The battle being resolved, if any."""
    return state.battles.get(state.current) if state.current else None


# -- legal actions ---------------------------------------------------------------------------
def legal(state: BfmState) -> list[Action]:
    """Before Battle Commitment: every (unit, adjacent enemy hex) pair ``combat.may_attack``
    allows, then ``commit`` (or ``end`` with no battle declared). After it: the battle to
    resolve next, or the choice the current battle waits for."""
    if not state.committed:
        return declarations(state)
    battle = current_battle(state)
    if battle is None:
        return [Resolve(t) for t, b in state.battles.items() if b.step == _DECLARED]
    step = battle.step
    if step == _STAND_FAST:
        return [StandFast(True), StandFast(False)]
    if step == _RETREAT:
        return [Retreat(v, t) for v, t in combat.retreat_options(state, battle).paths]
    if step == _LOSS:
        return [Loss(u) for u in battle.attackers if u in state.hex_of]
    if step == _ADVANCE:
        return [Advance(u) for u in battle.attackers if u in state.hex_of] + [Advance(None)]
    return []


def declarations(state: BfmState) -> list[Action]:
    """The attacks that may still be declared (9.0), in counter order: exactly the pairs for
    which ``combat.may_attack`` holds (the attacks the board allows, ``_attacks``, of the
    units not declared yet: each unit attacks once per Combat Phase)."""
    acts: list[Action] = []
    declared = {a for b in state.battles.values() for a in b.attackers}
    for u, attacks in _attacks(state, state.phase_spec.side):  # type: ignore[arg-type]
        if u not in declared:
            acts.extend(attacks)
    acts.append(_COMMIT if state.battles else END)
    return acts


_COMMIT = Commit()


def _attacks(state: BfmState, side: str) -> list[tuple[str, list[Attack]]]:
    """Each unit of ``side`` next to an enemy unit, in counter order, with its attacks on the
    enemy-held hexes around it (9.0), in the order of its neighbours: generated from the
    neighbours of each unit (faster than asking about every pair). Declaring changes no unit,
    so this is kept in the board's derived cache for the declarations that follow."""
    cache = state.derived("attacks")
    got = cache.get(side)
    if got is None:
        data = state.data
        enemy = state.side_mask(enemy_of(side))
        neighbours, near, bit, hex_of = data.neighbours, data.neighbour_mask, data.hex_bit, state.hex_of
        got = []
        for u in data.side_units[side]:
            here = hex_of.get(u)
            if here is not None and near[here] & enemy:
                attacks = table_of(Attack, u)
                got.append((u, [attacks[t] for t in neighbours[here] if bit[t] & enemy]))
        cache[side] = got
    return got


def may_declare(state: BfmState) -> bool:
    """Whether ``declarations`` offers an attack with no battle declared yet: a unit of the
    phasing side next to an enemy unit (9.0), asked on bit masks."""
    side = state.phase_spec.side
    return bool(state.side_mask(side) & state.enemy_zoc_mask(side))  # type: ignore[arg-type]


# -- declaring -------------------------------------------------------------------------------
def apply_attack(state: BfmState, a: Attack, events: list) -> None:
    """9.0: announce an attack; several units attacking one hex make one battle."""
    battle = state.battles.get(a.target)
    if battle is None:
        battle = state.battles[a.target] = Battle(a.target, state.unit_at(a.target), [])  # type: ignore[arg-type]
    battle.attackers.append(a.unit)
    events.append(f"{a.unit} will attack {battle.defender} in {a.target}")


def apply_commit(state: BfmState, a: Commit, events: list) -> None:
    state.committed = True  # 9.0 Battle Commitment: no more changes
    events.append(f"{len(state.battles)} battle(s) declared")


def is_commitment(action: object) -> bool:
    """9.0 Battle Commitment: once the battles are announced the attacker can't change his mind."""
    return isinstance(action, Commit)


# -- resolving -------------------------------------------------------------------------------
def apply_resolve(state: BfmState, a: Resolve, events: list) -> None:
    """9.0 steps 1-3: the odds of the battle chosen next; the die is due unless below 1:1."""
    battle = state.battles[a.target]
    state.current = a.target
    odds = combat.battle_odds(state, a.target, battle.attackers)
    battle.fought = odds.label  # what the battle list shows from now on, whatever happens next
    battle.column = odds.column  # the die is read in this column (apply_roll)
    attackers = "+".join(battle.attackers)
    shifts = "".join(f", {s.columns:+d} {s.reason}" for s in odds.shifts)
    mud = f" ({odds.mud})" if odds.mud else ""
    events.append(
        f"Battle at {a.target}: {attackers} ({odds.attack}{mud}) vs {battle.defender} ({odds.defence}) = "
        f"{odds.ratio}:1{' capped at 6:1' if odds.ratio > 6 else ''}{shifts} -> {odds.label}"
    )
    if odds.column is None:
        battle.step, battle.result = _DONE, Result.NE  # 9.1: below 1:1 no effect on either side
    else:
        battle.step = _ROLL


def apply_roll(state: BfmState, a: Roll, events: list) -> None:
    """9.0 steps 4-5: roll the die, read the CRT, apply the result."""
    battle = current_battle(state)
    assert battle is not None
    column, label = battle.column, battle.fought
    if column is None or label is None:  # not resolved by apply_resolve (a position read from a file): the odds again
        odds = combat.battle_odds(state, battle.target, battle.attackers)
        column, label = odds.column, odds.label
    result = state.data.crt.result(column, a.value)  # type: ignore[arg-type]
    battle.result = result  # type: ignore[assignment]
    events.append(f"Die {a.value} at {label}: {result}")
    apply_result(state, battle, result, events)  # type: ignore[arg-type]


def apply_result(state: BfmState, battle: Battle, result: Result, events: list) -> None:
    """9.3 Combat Results Explanation."""
    d = battle.defender
    if result == Result.NE:
        battle.step = _DONE
    elif result == Result.DR:
        if state.data.edition_data["stand_fast"] and battle.target in state.data.major_cities:
            battle.step = _STAND_FAST  # 000 9.3 Stand Fast: the defender's choice
        else:
            battle.step = _RETREAT
    elif result == Result.DRL:
        defender_loses_step(state, battle, events)
        battle.step = _RETREAT if d in state.hex_of else _ADVANCE
    elif result == Result.DE:
        combat.eliminate(state, d)
        events.append(f"{d} is eliminated")
        battle.step = _ADVANCE
    elif result == Result.EX:
        lost = defender_loses_step(state, battle, events)
        # 9.3 EX: the attacker loses at least as many strength points (printed strengths, 12.2)
        battle.loss_due, battle.loss_kind, battle.step = Fraction(lost), Result.EX, _LOSS
    elif result == Result.AL:
        battle.loss_due, battle.loss_kind, battle.step = Fraction(1), Result.AL, _LOSS
    else:  # pragma: no cover - the CRT holds only the six results (checked at load)
        raise ValueError(f"unknown combat result {result!r}")


def defender_loses_step(state: BfmState, battle: Battle, events: list) -> int:
    lost = combat.step_loss(state, battle.defender)
    gone = battle.defender not in state.hex_of
    events.append(f"{battle.defender} {'is eliminated' if gone else 'loses a step'} ({lost} strength points)")
    return lost


def apply_standfast(state: BfmState, a: StandFast, events: list) -> None:
    """000 9.3 Stand Fast: one step lost and no retreat, or retreat as for DR."""
    battle = current_battle(state)
    assert battle is not None
    if a.stand:
        events.append(f"{battle.defender} stands fast in {battle.target} (000 9.3)")
        defender_loses_step(state, battle, events)
        battle.step = _DONE if battle.defender in state.hex_of else _ADVANCE
    else:
        battle.step = _RETREAT


def apply_retreat(state: BfmState, a: Retreat, events: list) -> None:
    battle = current_battle(state)
    assert battle is not None
    opts = combat.retreat_options(state, battle)
    retreat(state, battle, a.via, a.to, opts.consequence, events)


def retreat(state: BfmState, battle: Battle, via: str, to: str, consequence: Consequence, events: list) -> None:
    """9.3 DR: move the defender along the path, with what the path costs it (9.3, 7.2)."""
    d = battle.defender
    state.put(d, to)
    events.append(f"{d} retreats {battle.target} -> {via} -> {to}")
    if consequence == Consequence.ELIMINATED:
        combat.eliminate(state, d)  # 9.3 / 7.2: forced to end the retreat in an EZOC
        events.append(f"{d} is eliminated: it had to end its retreat in an enemy zone of control")
    elif consequence == Consequence.STEP:
        lost = combat.step_loss(state, d)  # 9.3: retreating through an EZOC costs one step
        gone = d not in state.hex_of
        events.append(f"{d} {'is eliminated' if gone else 'loses a step'} retreating through an enemy zone of control ({lost})")
    if d in state.hex_of:
        events += enter_hex(state, d, to)
    battle.step = _ADVANCE


def apply_loss(state: BfmState, a: Loss, events: list) -> None:
    """9.3 EX / AL: the attacker's chosen unit loses a step."""
    battle = current_battle(state)
    assert battle is not None
    lost = combat.step_loss(state, a.unit)
    gone = a.unit not in state.hex_of
    events.append(f"{a.unit} {'is eliminated' if gone else 'loses a step'} ({lost} strength points, {battle.loss_kind})")
    if battle.loss_kind == Result.AL:
        battle.loss_due = Fraction(0)  # 9.3 AL: one attacking unit takes one step loss; no retreat
    else:
        battle.loss_due -= lost
    if battle.loss_due <= 0 or not any(u in state.hex_of for u in battle.attackers):
        battle.loss_due = Fraction(0)
        if battle.loss_kind == Result.AL:
            battle.step = _DONE
        elif battle.defender in state.hex_of:
            battle.step = _RETREAT  # 9.3 EX: finally, a surviving defender retreats as for DR
        else:
            battle.step = _ADVANCE


def apply_advance(state: BfmState, a: Advance, events: list) -> None:
    battle = current_battle(state)
    assert battle is not None
    if a.unit is not None:
        # 9.0 step 6: one attacking unit may move into the vacated defender's hex
        start = state.hex_of[a.unit]
        state.put(a.unit, battle.target)
        events.append(f"{a.unit} advances {start} -> {battle.target}")
        events += enter_hex(state, a.unit, battle.target)
    battle.step = _DONE


# -- what involves no choice -----------------------------------------------------------------
def settle(state: BfmState, events: list) -> None:
    """Carry out everything that involves no choice: finished battles, forced choices, the
    only battle left to resolve, the end of the combat phase once every battle is resolved."""
    while not state.finished and state.committed and state.phase_spec.kind == _COMBAT:
        battle = current_battle(state)
        if battle is None:
            pending = [t for t, b in state.battles.items() if b.step == _DECLARED]
            if not pending:
                sequence.end_phase(state, events)  # 9.0: the phase is over when all battles are resolved
                continue
            if len(pending) > 1:
                return
            apply_resolve(state, Resolve(pending[0]), events)
            continue
        step = battle.step
        if step == _DONE:
            state.current = None
            continue
        if step == _RETREAT:
            opts = combat.retreat_options(state, battle)
            if not opts.paths:
                combat.eliminate(state, battle.defender)  # 9.3 Or Else: no legal retreat path
                events.append(f"{battle.defender} cannot retreat and is eliminated (9.3)")
                battle.step = _ADVANCE
                continue
            if len(opts.paths) == 1:
                retreat(state, battle, *opts.paths[0], opts.consequence, events)
                continue
            return
        if step == _LOSS:
            alive = [u for u in battle.attackers if u in state.hex_of]
            if len(alive) == 1:
                apply_loss(state, Loss(alive[0]), events)
                continue
            if not alive:
                battle.step = _DONE
                continue
            return
        if step == _ADVANCE:
            if not any(u in state.hex_of for u in battle.attackers):
                battle.step = _DONE
                continue
            return
        return

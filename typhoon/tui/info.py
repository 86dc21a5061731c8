"""Texts the session prints: help, odds of a proposed battle, hex info, the decision at hand."""

from __future__ import annotations

from fractions import Fraction

from ..core.errors import ParseError
from ..games.bfm import combat, movement, replacements
from ..games.bfm.actions import Advance, Loss, Place, Reinforce, Resolve, Restore, Retreat, StandFast
from .panel import side_label

HELP = """\
Commands (an action is typed as the engine writes it; case does not matter for unit ids):
  move XLVI 0507        move a unit (movement phases)
  attack XLVI 0506      declare that a unit attacks the enemy in a hex (several may attack one hex)
  commit                close the declarations and fight (or 'end' when no battle is declared)
  resolve 0506          pick the battle to fight next (asked when several remain)
  retreat 0607 0708     the defender's retreat path: through 0607 to 0708 (attacker chooses)
  advance XLVI | advance none   advance after combat
  loss XLVI             which attacker takes the step loss (EX / AL)
  standfast yes|no      defender in Moscow/Tula on a DR (2009 edition)
  place 43A 1405 | restore 16A | reinforce 1S 1405   replacement phase
  end                   end the phase
  moves XLVI            the legal moves of a unit, highlighted on the map
  odds XLVI,V 0506      odds of a proposed battle: every shift named, the chance of every result
  legal                 list the legal actions, numbered; then type a number to pick one
  3                     pick choice number 3 of the last numbered list
  undo                  take back your last action (not past a die roll or the end of a phase)
  show 0506 | show XLVI what is in a hex / about a unit
  map | map ids | map compact   redraw the map; toggle hex ids; toggle compact cells
  log [N]               the last N actions (default 20) and what they caused
  save FILE             save the game (JSON; load with: typhoon play --load FILE)
  help                  this list
  quit                  leave (you are offered to save)"""


def pct(p: Fraction) -> str:
    return f"{float(p) * 100:.0f}%"


RESULT_NAMES = {
    "NE": "no effect", "DR": "defender retreats", "DRL": "defender loses a step and retreats",
    "DE": "defender eliminated", "EX": "exchange", "AL": "attacker loses a step",
}


def odds_text(state, attackers: list[str], target: str) -> str:
    """Odds of a proposed battle, checked like a declaration would be (9.0-9.2)."""
    data = state.data
    defender = state.unit_at(target)
    if defender is None:
        raise ParseError(f"no unit in {target} to attack")
    for a in attackers:
        if a not in state.hex_of:
            raise ParseError(f"{a} is not on the map")
        if state.side_of(a) == state.side_of(defender):
            raise ParseError(f"{a} and the defender {defender} are on the same side")
        if not data.grid.adjacent(state.hex_of[a], target):
            raise ParseError(f"{a} in {state.hex_of[a]} is not adjacent to {target}")
    o = combat.battle_odds(state, target, attackers)
    lines = [f"{'+'.join(attackers)} against {defender} in {target}:"]
    parts = " + ".join(f"{a} {state.strength(a)}" for a in attackers)
    lines.append(f"  attack {parts} = {o.attack}" + (f"  ({o.mud})" if o.mud else ""))
    lines.append(f"  defence {defender} {o.defence}")
    lines.append(f"  ratio {o.attack}:{o.defence} -> {o.ratio}:1" + (f", capped at {o.capped}:1 (9.1)" if o.ratio > o.capped else ""))
    for s in o.shifts:
        lines.append(f"  shift {s}")
    if not o.shifts:
        lines.append("  no column shifts")
    lines.append(f"  final column: {o.label}")
    for r, p in sorted(o.distribution.items(), key=lambda kv: -kv[1]):
        lines.append(f"    {r:<3} {pct(p):>4}  {RESULT_NAMES.get(r, r)}")
    return "\n".join(lines)


def show_text(state, what: str) -> str:
    """What is in a hex, or about a unit (id or hex)."""
    data = state.data
    unit = {u.upper(): u for u in data.units}.get(what.upper())
    if unit is not None:
        h = state.hex_of.get(unit)
        lines = [unit_text(state, unit)]
        if h is None:
            lines.append("  not on the map" + (" (in the replacement pool)" if unit in state.pool else ""))
        else:
            lines += hex_lines(state, h)
        return "\n".join(lines)
    h = data.grid.check(what)
    u = state.unit_at(h)
    return "\n".join(([unit_text(state, u)] if u else []) + hex_lines(state, h))


def unit_text(state, unit: str) -> str:
    spec = state.data.units[unit]
    red = unit in state.reduced
    moved = " (has moved this phase)" if unit in state.moved else ""
    return (f"{unit}: {spec.name}, {side_label(spec.side)} {spec.kind}, strength {state.strength(unit)} "
            f"({'reduced' if red else 'full'}; {spec.full}/{spec.reduced}), movement {spec.movement}{moved}")


def hex_lines(state, h: str) -> list[str]:
    data = state.data
    terrain = ["forest" if h in data.forest else "clear"]
    if h in data.fortified:
        terrain.append("fortification")
    if h in data.cities:
        kind = "major city" if h in data.major_cities else "city"
        terrain.append(f"{kind} {data.cities[h]}, controlled by {side_label(state.control.get(h))}")
    rivers = sorted(n for n in data.neighbours[h] if frozenset((h, n)) in data.rivers)
    lines = [f"  hex {h}: {', '.join(terrain)}"]
    if rivers:
        lines.append(f"  river on the hexsides towards {' '.join(rivers)}")
    if h in data.rail_hexes:
        lines.append("  on the rail line")
    return lines


def moves_text(state, unit: str) -> tuple[str, list[str]]:
    data = state.data
    match = {u.upper(): u for u in data.units}.get(unit.upper())
    if match is None:
        raise ParseError(f"no unit called {unit!r}")
    spec = movement.phase_spec(state)
    if match not in state.hex_of:
        raise ParseError(f"{match} is not on the map")
    if spec.kind != "movement":
        raise ParseError(f"no unit moves now: it is the {spec.name}")
    if not movement.may_move(state, match):
        why = ("it has already moved" if match in state.moved
               else f"it is a {side_label(state.side_of(match))} unit" if state.side_of(match) != spec.side
               else "only panzer units move now" if spec.movers == "panzer"
               else "only units on a rail line at the start of the phase move now (8.1)")
        raise ParseError(f"{match} may not move in the {spec.name}: {why}")
    dests = movement.destinations(state, match)
    return match, dests


def decision_text(game) -> tuple[str, list]:
    """The choice the rules give the player now, as a headline and numbered actions, or ("", [])
    when the player is free to type any action."""
    s = game.state
    rules = game.rules
    legal = list(game.legal_actions)
    battle = rules.current_battle(s)
    spec = movement.phase_spec(s)
    if spec.kind == "combat" and s.committed and battle is None:
        lines = ["Choose the battle to resolve next:"]
        for a in legal:
            if isinstance(a, Resolve):
                b = s.battles[a.target]
                lines.append(f"{b.defender} in {a.target} attacked by {'+'.join(b.attackers)} at "
                             f"{combat.battle_odds(s, a.target, b.attackers).label}")
        return lines[0], list(zip(legal, lines[1:]))
    if battle is not None and battle.step == "stand_fast":
        head = (f"DR against {battle.defender} in {battle.target}: stand fast? "
                "yes = stay and lose a step (000 9.3 Stand Fast), no = retreat")
        return head, [(a, "stand fast" if a.stand else "retreat") for a in legal if isinstance(a, StandFast)]
    if battle is not None and battle.step == "retreat":
        opts = combat.retreat_options(s, battle)
        cons = {"none": "", "step": " (it loses a step: the path enters an enemy zone of control)",
                "eliminated": " (it is eliminated: it must end in an enemy zone of control)"}.get(opts.consequence, "")
        head = f"{battle.defender} retreats from {battle.target}: choose the path{cons}"
        return head, [(a, f"through {a.via} to {a.to}") for a in legal if isinstance(a, Retreat)]
    if battle is not None and battle.step == "loss":
        head = (f"{battle.loss_kind}: choose the attacker that loses a step "
                f"({battle.loss_due} strength point(s) still to lose)")
        return head, [(a, f"{a.unit} (strength {s.strength(a.unit)})") for a in legal if isinstance(a, Loss)]
    if battle is not None and battle.step == "advance":
        head = f"Advance after combat into {battle.target}?"
        return head, [(a, f"{a.unit} advances into {battle.target}" if a.unit else "no advance") for a in legal
                      if isinstance(a, Advance)]
    if spec.kind == "replacement":
        side = spec.side
        lines = [f"{side_label(side)} replacements: {s.replacements_left} step(s) left."]
        due = rules.reinforcements_due(s)
        if due:
            lines.append(f"  Reinforcements to place ({', '.join(due)}) on: "
                         f"{' '.join(replacements.edge_hexes_open(s, side)) or 'no open hex'}")
        if s.replacements_left:
            pool = replacements.pool_units(s, side)
            if pool:
                lines.append(f"  Units to bring back: {' '.join(pool)}")
                lines.append(f"  Legal hexes for them: {' '.join(replacements.placement_hexes(s, side))}")
            restorable = [a.unit for a in legal if isinstance(a, Restore)]
            if restorable:
                lines.append(f"  Units that may be restored to full strength: {' '.join(restorable)}")
        lines.append("  Type 'place U HEX', 'restore U', 'reinforce U HEX' or 'end' (or 'legal' for numbers).")
        return "\n".join(lines), [(a, str(a)) for a in legal] if len(legal) <= 12 else []
    return "", []

"""Plain-text views of a Battle for Moscow position, shared by the research interfaces
(OpenSpiel state strings, PettingZoo/Gymnasium "ansi" rendering, the MCP seat's ``describe``)."""

from __future__ import annotations

from ..core.game import Game
from ..games.bfm import RULES, BfmState
from ..games.bfm.movement import phase_spec


def state_line(s: BfmState) -> str:
    """A deterministic one-line text of the position (turn, phase, to act, units, battles)."""
    data = s.data
    units = " ".join(
        f"{u}@{s.hex_of[u]}{'r' if u in s.reduced else ''}{'*' if u in s.moved else ''}"
        for u in data.unit_order
        if u in s.hex_of
    )
    battles = " ".join(f"{t}<-{'+'.join(b.attackers)}:{b.step}" for t, b in s.battles.items())
    who = "over" if s.finished else (RULES.current_player(s) or "chance")
    return (
        f"turn {s.turn} {s.phase} to_act={who} repl={s.replacements_left} "
        f"cities_german={sorted(h for h, v in s.control.items() if v == 'german')} units: {units}"
        + (f" battles: {battles}" if battles else "")
    )


def _unit(s: BfmState, u: str) -> str:
    spec = s.data.units[u]
    strength = s.strength(u)
    flags = " reduced" if u in s.reduced else ""
    flags += " moved" if u in s.moved else ""
    return f"{u} ({spec.kind}, {strength}-{spec.movement}{flags}) in {s.hex_of[u]}"


def situation(s: BfmState) -> list[str]:
    """Turn, phase, weather, who is to act, replacements, pending battle or choice."""
    data = s.data
    spec = phase_spec(s)
    weather = "mud" if data.mud(s.turn) else "clear"
    lines = [f"Turn {s.turn} of {data.last_turn} ({data.turns[s.turn]['dates']}), weather {weather}."]
    if s.finished:
        lines.append(f"The game is over: {s.outcome.reason}")
        return lines
    who = RULES.current_player(s)
    lines.append(f"Phase: {spec.name} ({spec.rule}). To act: {who or 'the dice'}.")
    if spec.kind == "replacement":
        lines.append(f"Replacement steps left: {s.replacements_left}.")
        due = RULES.reinforcements_due(s)
        if due:
            lines.append(f"Reinforcements to place: {', '.join(due)}.")
    if s.battles:
        for t, b in s.battles.items():
            lines.append(f"Battle at {t}: {'+'.join(b.attackers)} against {b.defender} ({b.step}"
                         + (f", result {b.result}" if b.result else "") + ").")
    battle = RULES.current_battle(s)
    if battle is not None:
        ask = {
            "stand_fast": "the defender chooses: stand fast (lose a step, stay) or retreat",
            "retreat": "the attacker chooses the defender's retreat path",
            "loss": "the attacker chooses which attacking unit loses a step",
            "advance": "the attacker may advance one attacking unit into the battle hex",
            "roll": "a die roll is due",
        }.get(battle.step)
        if ask:
            lines.append(f"Now resolving the battle at {battle.target}: {ask}.")
    return lines


def cities(s: BfmState) -> str:
    data = s.data
    held = {"german": [], "soviet": []}
    for h, side in sorted(s.control.items()):
        held[side].append(f"{data.cities[h]} {h}")
    return f"Cities held: German {', '.join(held['german']) or 'none'}; Soviet {', '.join(held['soviet']) or 'none'}."


def front_units(s: BfmState, side: str, near: int = 2) -> list[str]:
    """Units of ``side`` within ``near`` hexes of an enemy unit (the front), then the rest count."""
    data = s.data
    grid = data.grid
    enemy_hexes = [h for u, h in s.hex_of.items() if data.units[u].side != side]
    own = [u for u in data.unit_order if u in s.hex_of and data.units[u].side == side]
    front = [u for u in own if any(grid.distance(s.hex_of[u], e) <= near for e in enemy_hexes)]
    return [_unit(s, u) for u in front]


def board_text(game: Game) -> str:
    """A multi-line text of the whole position ("ansi" rendering)."""
    s = game.state
    data = s.data
    lines = situation(s) + [cities(s)]
    for side in ("german", "soviet"):
        units = [_unit(s, u) for u in data.unit_order if u in s.hex_of and data.units[u].side == side]
        lines.append(f"{side.capitalize()} units on the map ({len(units)}):")
        lines += [f"  {t}" for t in units]
        off = [u for u in data.unit_order if data.units[u].side == side and u not in s.hex_of]
        if off:
            lines.append(f"  off the map: {', '.join(off)}")
    return "\n".join(lines)


def describe(game: Game, side: str) -> str:
    """The plain-language situation for the player of ``side`` (the LLM seat)."""
    s = game.state
    enemy = "soviet" if side == "german" else "german"
    lines = [f"You play the {side.capitalize()} side."] + situation(s) + [cities(s)]
    if not s.finished:
        to_act = game.current_player
        lines.append("It is your move." if to_act == side else f"Waiting for the {to_act or 'dice'}.")
    for who, label in ((side, "Your"), (enemy, "Enemy")):
        units = front_units(s, who)
        total = sum(1 for u, h in s.hex_of.items() if s.data.units[u].side == who)
        lines.append(f"{label} units near the front ({len(units)} of {total} on the map):")
        lines += [f"  {t}" for t in units]
    return "\n".join(lines)

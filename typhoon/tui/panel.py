"""The status panel beside (or below) the map: turn, phase, player, cities, replacements, battles."""

from __future__ import annotations

import textwrap

from rich.style import Style
from rich.text import Text

from ..games.bfm import combat, movement
from .board import SIDE_COLOUR


PANEL_TEXT = 26  # the panel fits beside the map in a 130-column terminal


def side_label(side: str | None) -> str:
    return {"german": "German", "soviet": "Soviet", None: "dice"}[side]


def battle_lines(state) -> list[str]:
    """One line per declared battle: hex, defender, attackers, odds and where it stands."""
    lines = []
    for t, b in state.battles.items():
        atts = [a for a in b.attackers if a in state.hex_of] or b.attackers
        try:
            label = combat.battle_odds(state, t, atts).label if b.defender in state.hex_of and atts else ""
        except ValueError:
            label = ""
        status = b.step if b.result is None else f"{b.result}, {b.step}"
        lines.append(f"{t} {b.defender} <- {'+'.join(b.attackers)} {label} ({status})")
    return lines


def status_panel(game, players: dict[str, str]) -> Text:
    """The side panel, at most ~28 characters wide."""
    s = game.state
    data = s.data
    spec = movement.phase_spec(s)
    turn = data.turns[s.turn]
    t = Text()
    t.append(f"Turn {s.turn} of {data.last_turn}\n", "bold")
    weather = turn["weather"]
    t.append(f"{turn['dates']}, ")
    t.append(f"{weather}\n", Style(color="yellow" if weather == "mud" else "green", bold=weather == "mud"))
    for part in textwrap.wrap(spec.name, PANEL_TEXT):
        t.append(f"{part}\n", "bold cyan")
    out = game.outcome()
    if out:
        t.append(f"Game over: {side_label(out.winner) if out.winner else 'draw'}\n", "bold magenta")
    else:
        p = game.current_player
        who = players.get(p, "") if p else ""
        t.append("To play: ")
        t.append(side_label(p), Style(color=SIDE_COLOUR[p], bold=True))
        t.append(f" ({who})\n" if who else "\n")
    if spec.kind == "replacement":
        t.append(f"Replacements left: {s.replacements_left}\n")
    g_cities = sum(1 for c in data.cities if s.control.get(c) == "german")
    t.append(f"Cities: German {g_cities}, Soviet {len(data.cities) - g_cities}\n", "bold")
    for h in sorted(data.cities, key=lambda x: (x != data.moscow, x not in data.major_cities, x)):
        side = s.control.get(h)
        t.append(f" {data.cities[h]:<9}{h} ")
        t.append(f"{side_label(side)}\n", Style(color=SIDE_COLOUR[side]))
    if s.battles:
        t.append("Battles:\n", "bold")
        for line in battle_lines(s):
            head, _, rest = line.partition(" <- ")
            attackers, _, status = rest.partition(" ")
            line = f"{head} <-"
            for i, a in enumerate(attackers.split("+")):
                token = a if i == 0 else f"+{a}"
                if len(line) + len(token) + 1 > PANEL_TEXT - 1:
                    t.append(f" {line}\n", "dark_orange")
                    line = "  " + token
                else:
                    line += (" " if i == 0 else "") + token
            t.append(f" {line}\n", "dark_orange")
            t.append(f"   {status}\n", "dark_orange")
    t.rstrip()
    return t


def status_line(game, players: dict[str, str]) -> Text:
    """The same in a few long lines, for below the map when the terminal is narrow."""
    s = game.state
    data = s.data
    spec = movement.phase_spec(s)
    turn = data.turns[s.turn]
    t = Text()
    t.append(f"Turn {s.turn}/{data.last_turn} {turn['dates']} ({turn['weather']})", "bold")
    t.append(f" | {spec.name}", "bold cyan")
    out = game.outcome()
    if out:
        t.append(f" | Game over: {out.reason}", "bold magenta")
    else:
        p = game.current_player
        t.append(" | to play: ")
        t.append(side_label(p), Style(color=SIDE_COLOUR[p], bold=True))
        if p and players.get(p):
            t.append(f" ({players[p]})")
    if spec.kind == "replacement":
        t.append(f" | replacements left {s.replacements_left}")
    t.append("\nCities:")
    for h in sorted(data.cities, key=lambda x: (x != data.moscow, x not in data.major_cities, x)):
        side = s.control.get(h)
        t.append(f" {data.cities[h]}", Style(color=SIDE_COLOUR[side], bold=h in data.major_cities))
        t.append(f"({side_label(side)[0]})")
    for line in battle_lines(s):
        t.append(f"\nBattle {line}", "dark_orange")
    return t

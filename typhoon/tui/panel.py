"""The status panel beside (or below) the map: turn, phase, player, places, score, battles,
all read from the seat's ``view`` (:data:`typhoon.core.contract.VIEW_DOC`)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any

from rich.style import Style
from rich.text import Text

from .board import BoardModel

PANEL_TEXT = 26  # the panel fits beside the map in a 130-column terminal


def turn_text(view_doc: Mapping[str, Any]) -> str:
    if view_doc.get("turn_label"):
        return str(view_doc["turn_label"])
    turn, last = view_doc.get("turn"), view_doc.get("last_turn")
    return f"Turn {turn}" + (f" of {last}" if last else "")


def odds_label(odds: Any) -> str:
    """The column of a preview ("3:1"), or '' when there is none."""
    if not isinstance(odds, Mapping):
        return ""
    label = odds.get("final", odds.get("column"))
    return "" if label is None else str(label)


def battle_lines(view_doc: Mapping[str, Any], fought: Mapping[str, str] | None = None) -> list[str]:
    """One line per battle of the view: hex, defenders, attackers, odds and where it stands.

    A battle that has been fought shows the odds it was fought at (the view's ``fought`` odds
    when the game records them, else the odds the terminal saw when the die was rolled,
    ``fought``), never odds recalculated on the position after it; one not yet fought shows
    its odds 'if fought now'. Where a battle stands is the game's own wording (``step_text``,
    ``result_meaning``): no result code is interpreted here."""
    fought = fought or {}
    lines = []
    for b in view_doc.get("battles", ()) or ():
        target = b.get("target")
        defenders = "+".join(map(str, b.get("defenders") or ([b["defender"]] if b.get("defender") else [])))
        attackers = "+".join(map(str, b.get("attackers") or []))
        text = f"{target} {defenders} <- {attackers}"
        at = odds_label(b.get("fought")) or fought.get(str(target), "")
        if b.get("result"):
            text += f": {b['result']}" + (f" at {at}" if at else "")
            if b.get("result_meaning"):
                text += f" ({b['result_meaning']})"
        elif at:
            text += f": fought at {at}"
        elif odds_label(b.get("odds")):
            text += f": {odds_label(b.get('odds'))} if fought now"
        step = b.get("step_text") or b.get("step")
        if step and step not in ("declared",):
            text += f"; {step}"
        lines.append(text)
    return lines


def place_control(model: BoardModel, view_doc: Mapping[str, Any]) -> list[tuple[Mapping[str, Any], str | None]]:
    """The named places, most valuable first, with their controller."""
    control = view_doc.get("control", {}) or {}
    places = sorted(model.places.values(), key=lambda p: (-(p.get("value") or 0), p.get("name", ""), p["hex"]))
    return [(p, control.get(p["hex"])) for p in places]


def _player(model: BoardModel, game, view_doc, players: Mapping[str, str], t: Text, long: bool) -> None:
    out = game.outcome()
    if out:
        winner = model.side_name(out.winner) if out.winner else "draw"
        t.append(f"Game over: {winner}" + (f": {out.reason}" if long else ""), "bold magenta")
        return
    p = view_doc.get("current_player", game.current_player)
    who = players.get(p, "") if p else ""
    t.append("To play: ")
    t.append(model.side_name(p) if p else "dice", Style(color=model.side_colour(p), bold=True))
    if who:
        t.append(f" ({who})")


def status_panel(model: BoardModel, game, view_doc: Mapping[str, Any], players: Mapping[str, str],
                 fought: Mapping[str, str] | None = None) -> Text:
    """The side panel, at most ~28 characters wide."""
    t = Text()
    t.append(turn_text(view_doc) + "\n", "bold")
    if view_doc.get("weather"):
        t.append(f"{view_doc['weather']}\n", "yellow")
    phase = (view_doc.get("phase") or {}).get("name") or ""
    for part in textwrap.wrap(phase, PANEL_TEXT):
        t.append(f"{part}\n", "bold cyan")
    _player(model, game, view_doc, players, t, long=False)
    t.append("\n")
    for part in textwrap.wrap(str(view_doc.get("status") or ""), PANEL_TEXT):
        t.append(f"{part}\n")
    score = view_doc.get("score") or {}
    if score:
        t.append("Score: " + ", ".join(f"{model.side_name(s)} {v:g}" if isinstance(v, (int, float)) else f"{model.side_name(s)} {v}"
                                       for s, v in score.items()) + "\n", "bold")
    places = place_control(model, view_doc)
    if places:
        counts = {s: sum(1 for _, c in places if c == s) for s in model.sides}
        t.append("Places: " + ", ".join(f"{model.side_name(s)} {n}" for s, n in counts.items()) + "\n", "bold")
        for p, side in places:
            t.append(f" {p.get('name', ''):<9}{p['hex']} ")
            t.append(f"{model.side_name(side) if side else '-'}\n", Style(color=model.side_colour(side)))
    lines = battle_lines(view_doc, fought)
    if lines:
        t.append("Battles:\n", "bold")
        for line in lines:
            for part in textwrap.wrap(line, PANEL_TEXT - 1, subsequent_indent="  "):
                t.append(f" {part}\n", "dark_orange")
    for note in view_doc.get("notes", ()) or ():
        for part in textwrap.wrap(str(note), PANEL_TEXT):
            t.append(f"{part}\n", "dim")
    t.rstrip()
    return t


def status_line(model: BoardModel, game, view_doc: Mapping[str, Any], players: Mapping[str, str],
                fought: Mapping[str, str] | None = None) -> Text:
    """The same in a few long lines, for below the map when the terminal is narrow."""
    t = Text()
    t.append(turn_text(view_doc), "bold")
    if view_doc.get("weather"):
        t.append(f" ({view_doc['weather']})")
    phase = (view_doc.get("phase") or {}).get("name")
    if phase:
        t.append(f" | {phase}", "bold cyan")
    t.append(" | ")
    _player(model, game, view_doc, players, t, long=True)
    if view_doc.get("status"):
        t.append(f" | {view_doc['status']}")
    score = view_doc.get("score") or {}
    if score:
        t.append(" | score " + ", ".join(f"{model.side_name(s)} {v}" for s, v in score.items()))
    places = place_control(model, view_doc)
    if places:
        t.append("\nPlaces:")
        for p, side in places:
            t.append(f" {p.get('name', '')}", Style(color=model.side_colour(side), bold=True))
            t.append(f"({model.side_name(side)[0] if side else '-'})")
    for line in battle_lines(view_doc, fought):
        t.append(f"\nBattle {line}", "dark_orange")
    return t

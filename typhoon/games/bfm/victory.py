"""How to win (000 5.0 for 2009; the 1986 rule as given in charts.md)."""

from __future__ import annotations

from ...core.game import Outcome
from .state import BfmState


def final_outcome(state: BfmState) -> Outcome:
    data = state.data
    moscow = state.control.get(data.moscow)
    cities = {s: sorted(data.cities[h] for h, c in state.control.items() if c == s) for s in ("german", "soviet")}
    scores = {"german_cities": len(cities["german"]), "soviet_cities": len(cities["soviet"])}
    if data.edition_data["victory"] == "moscow_only":
        # 1986: whoever holds Moscow at the end of turn 7 wins
        return Outcome(moscow, f"{moscow.capitalize()} control Moscow at the end of turn {data.last_turn}", scores)
    # 5.0 (2009): Germans win with Moscow; Soviets win with Moscow and any one other city; else draw
    if moscow == "german":
        return Outcome("german", "Germans control Moscow at the end of turn 7 (5.0)", scores)
    if moscow == "soviet" and len(cities["soviet"]) >= 2:
        others = [c for c in cities["soviet"] if c != "Moscow"]
        return Outcome("soviet", f"Soviets control Moscow and {', '.join(others)} (5.0)", scores)
    return Outcome(None, "Soviets hold Moscow but no other city: a draw (5.0)", scores)

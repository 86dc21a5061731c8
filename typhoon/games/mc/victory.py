"""Victory: the text gives none (moscow_campaign.md 4 item 8); the reconstruction D-VICTORY:
points for places held and enemy strength destroyed (L10: 'to destroy Enemy units, while
minimizing Friendly unit losses'), and Moscow as a sudden-death objective (L2)."""

from __future__ import annotations

from fractions import Fraction

from ...core.game import Outcome
from .state import MCState


def german_points(state: MCState) -> Fraction:
    data = state.data
    held = sum(p["value"] for p in data.places if state.control.get(p["hex"]) == "german")
    return Fraction(held) + state.losses["soviet"] / 2


def soviet_points(state: MCState) -> Fraction:
    return state.losses["german"]


def margin(state: MCState) -> Fraction:
    """German points minus Soviet points, less the places the Germans held at the start."""
    sc = state.data.scenarios.get(state.scenario)
    base = sc.base if sc else 0
    return german_points(state) - soviet_points(state) - base


def sudden_death_applies(state: MCState) -> bool:
    """Whether German control of Moscow can win at once: in every scenario of the kit, not on
    the small test maps (scenario 'test')."""
    return state.scenario != "test" and state.data.moscow() is not None


def sudden_death(state: MCState) -> Outcome | None:
    """At the end of a game turn: German control of Moscow wins at once."""
    m = state.data.moscow()
    if sudden_death_applies(state) and state.control.get(m) == "german":
        return Outcome("german", "German units hold Moscow (D-VICTORY)", scores(state))
    return None


def final(state: MCState) -> Outcome:
    sc = state.data.scenarios.get(state.scenario)
    needs = sc.needs if sc else 0
    m = margin(state)
    winner = "german" if m >= needs else "soviet"
    return Outcome(winner, f"German margin {float(m):.1f} against {needs} needed (D-VICTORY)", scores(state))


def scores(state: MCState) -> dict[str, float]:
    return {"german": float(german_points(state)), "soviet": float(soviet_points(state))}

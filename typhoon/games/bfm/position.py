"""The documented JSON position format of Battle for Moscow (docs/formats.md).

A position is a complete situation: units and their sides on hexes, off-map pools, city
control, turn, phase and where the phase stands. Any situation can be set up from one.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.errors import ParseError, PositionError
from .data import bfm_data
from .kinds import PhaseKind, Result, Step
from .options import BfmOptions
from .state import Battle, BfmState

FORMAT = "typhoon-position"
VERSION = 1


def to_json(state: BfmState) -> dict[str, Any]:
    data = state.data
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": "bfm",
        "options": state.options.to_dict(),
        "turn": state.turn,
        "phase": state.phase,
        "units": {
            u: {"hex": state.hex_of[u], "reduced": u in state.reduced} for u in data.unit_order if u in state.hex_of
        },
        "pool": sorted(state.pool, key=data.unit_index.__getitem__),
        "reinforcements": {str(t): list(us) for t, us in sorted(state.reinforcements.items()) if us},
        "control": dict(sorted(state.control.items())),
        "moved": sorted(state.moved, key=data.unit_index.__getitem__),
        "rail_movers": sorted(state.rail_movers, key=data.unit_index.__getitem__),
        "replacements_left": state.replacements_left,
        "replaced": sorted(state.replaced, key=data.unit_index.__getitem__),
        "battles": [
            {
                "target": b.target,
                "defender": b.defender,
                "attackers": list(b.attackers),
                "step": b.step,
                "result": b.result,
                "loss_due": str(b.loss_due),
                "loss_kind": b.loss_kind,
            }
            for b in state.battles.values()
        ],
        "committed": state.committed,
        "current": state.current,
        "to_set_up": list(state.to_set_up),
        "finished": state.finished,
    }


def from_json(doc: dict[str, Any]) -> BfmState:
    """Build a state from a position document; raises ``PositionError`` naming what is wrong."""
    if not isinstance(doc, dict):
        raise PositionError("a position must be a JSON object")
    if doc.get("format", FORMAT) != FORMAT:
        raise PositionError(f"not a position file (format {doc.get('format')!r}, expected {FORMAT!r})")
    if int(doc.get("version", VERSION)) > VERSION:
        raise PositionError(f"position version {doc['version']} is newer than this program understands ({VERSION})")
    if doc.get("game", "bfm") != "bfm":
        raise PositionError(f"position is for game {doc.get('game')!r}, not 'bfm'")
    try:
        options = BfmOptions.from_dict(doc.get("options"))
    except ParseError as e:
        raise PositionError(f"options: {e}") from None
    data = bfm_data(options.edition)
    turn = doc.get("turn", 1)
    if not isinstance(turn, int) or not 1 <= turn <= data.last_turn:
        raise PositionError(f"turn must be 1 to {data.last_turn}, not {turn!r}")
    phase = doc.get("phase", data.first_phase)
    if phase not in data.phases or data.phases[phase].kind == PhaseKind.HOUSEKEEPING:
        raise PositionError(f"unknown phase {phase!r}; phases: {[p.id for p in data.sequence if p.kind != PhaseKind.HOUSEKEEPING]}")

    def unit(u: Any, where: str) -> str:
        if u not in data.units:
            raise PositionError(f"{where}: no unit called {u!r}")
        return u

    hex_of: dict[str, str] = {}
    reduced: set[str] = set()
    units = doc.get("units", {})
    if not isinstance(units, dict):
        raise PositionError("units must be an object: {unit id: {hex, reduced}}")
    seen: dict[str, str] = {}
    for u, spec in units.items():
        unit(u, "units")
        if isinstance(spec, str):
            spec = {"hex": spec}
        h = spec.get("hex") if isinstance(spec, dict) else None
        if not isinstance(h, str) or not data.grid.on_map(h):
            raise PositionError(f"units: {u} has no valid hex ({h!r})")
        if h in seen:
            raise PositionError(f"units: {u} and {seen[h]} are both in {h}; one unit per hex (8.2.2)")
        seen[h] = u
        hex_of[u] = h
        if spec.get("reduced", False):
            reduced.add(u)
    pool = {unit(u, "pool") for u in doc.get("pool", [])}
    both = pool & set(hex_of)
    if both:
        raise PositionError(f"units both on the map and in the pool: {sorted(both)}")
    reduced |= pool
    reinf = {}
    for t, us in doc.get("reinforcements", {}).items():
        reinf[int(t)] = [unit(u, "reinforcements") for u in us]
        if set(reinf[int(t)]) & (set(hex_of) | pool):
            raise PositionError(f"reinforcements: {reinf[int(t)]} are already on the map or in the pool")
    control = {h: "soviet" for h in data.cities}
    for h, side in doc.get("control", {}).items():
        if h not in data.cities:
            h2 = data.city_hex.get(h)
            if h2 is None:
                raise PositionError(f"control: {h!r} is not a city hex or city name")
            h = h2
        if side not in ("german", "soviet"):
            raise PositionError(f"control of {h}: side must be 'german' or 'soviet', not {side!r}")
        control[h] = side
    def named(kind: type, value: Any, what: str) -> Any:
        try:
            return kind(value)
        except ValueError:
            raise PositionError(f"battles: {what} {value!r} is not one of {[str(k) for k in kind]}") from None

    battles = {}
    for b in doc.get("battles", []):
        t = b["target"]
        result, loss_kind = b.get("result"), b.get("loss_kind")
        battles[t] = Battle(
            t,
            unit(b.get("defender") or (seen.get(t) or ""), "battles"),
            [unit(a, "battles") for a in b.get("attackers", [])],
            named(Step, b.get("step", "declared"), "step"),
            None if result is None else named(Result, result, "result"),
            Fraction(b.get("loss_due", "0")),
            None if loss_kind is None else named(Result, loss_kind, "loss_kind"),
        )
    state = BfmState(
        options=options,
        turn=turn,
        phase=phase,
        hex_of=hex_of,
        reduced=reduced,
        pool=pool,
        control=control,
        reinforcements=reinf,
        moved={unit(u, "moved") for u in doc.get("moved", [])},
        rail_movers=frozenset(unit(u, "rail_movers") for u in doc.get("rail_movers", [])),
        replacements_left=int(doc.get("replacements_left", 0)),
        replaced={unit(u, "replaced") for u in doc.get("replaced", [])},
        battles=battles,
        committed=bool(doc.get("committed", False)),
        current=doc.get("current"),
        to_set_up=[unit(u, "to_set_up") for u in doc.get("to_set_up", [])],
        finished=bool(doc.get("finished", False)),
    )
    if state.finished:
        from .victory import final_outcome

        state.outcome = final_outcome(state)
    if phase == "soviet_rail_movement" and "rail_movers" not in doc:
        from .movement import rail_units

        state.rail_movers = rail_units(state, "soviet")
    return state


def unit_views(state: BfmState) -> list[dict[str, Any]]:
    """The units on the map as plain dicts (for drawing and clients)."""
    data = state.data
    out = []
    for u in data.unit_order:
        if u in state.hex_of:
            spec = data.units[u]
            out.append(
                {
                    "id": u,
                    "name": spec.name,
                    "side": spec.side,
                    "kind": spec.kind,
                    "strength": state.strength(u),
                    "full": spec.full,
                    "reduced_strength": spec.reduced,
                    "movement": spec.movement,
                    "reduced": u in state.reduced,
                    "hex": state.hex_of[u],
                    "moved": u in state.moved,
                }
            )
    return out

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
                **({"fought": b.fought} if b.fought else {}),
            }
            for b in state.battles.values()
        ],
        "committed": state.committed,
        "current": state.current,
        "to_set_up": list(state.to_set_up),
        "finished": state.finished,
    }


def _bool(value: Any, what: str) -> bool:
    """A JSON ``true``/``false`` (strict: ``"false"`` or ``"maybe"`` is refused, naming the field)."""
    if not isinstance(value, bool):
        raise PositionError(f"{what} must be true or false, not {value!r}")
    return value


def _int(value: Any, what: str) -> int:
    """A JSON whole number (strict: no strings, no booleans)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise PositionError(f"{what} must be a whole number, not {value!r}")
    return value


def _list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise PositionError(f"{what} must be a list, not {value!r}")
    return value


def _dict(value: Any, what: str) -> dict:
    if not isinstance(value, dict):
        raise PositionError(f"{what} must be an object, not {value!r}")
    return value


def _points(value: Any, what: str) -> Fraction:
    """Strength points: a number (or its text, as ``to_json`` writes it: "3", "5/2"), at least 0."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise PositionError(f"{what} must be a number of strength points, not {value!r}")
    try:
        points = Fraction(value)
    except (ValueError, ZeroDivisionError):
        raise PositionError(f"{what} must be a number of strength points, not {value!r}") from None
    if points < 0:
        raise PositionError(f"{what} must not be negative, not {value!r}")
    return points


# 9.0 battle sequence: the steps a battle reaches only once its die is rolled (it has a result)
_AFTER_ROLL = (Step.STAND_FAST, Step.RETREAT, Step.LOSS, Step.ADVANCE)


def _fought(value: Any, target: str) -> str | None:
    """A battle's ``fought`` odds label: absent, or a short text."""
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= 40:
        raise PositionError(f"battles: fought in {target} must be an odds label such as '3:1', not {value!r}")
    return value


def from_json(doc: dict[str, Any]) -> BfmState:
    """Build a state from a position document; raises ``PositionError`` naming what is wrong."""
    if not isinstance(doc, dict):
        raise PositionError("a position must be a JSON object")
    if doc.get("format", FORMAT) != FORMAT:
        raise PositionError(f"not a position file (format {doc.get('format')!r}, expected {FORMAT!r})")
    if _int(doc.get("version", VERSION), "version") > VERSION:
        raise PositionError(f"position version {doc['version']} is newer than this program understands ({VERSION})")
    if doc.get("game", "bfm") != "bfm":
        raise PositionError(f"position is for game {doc.get('game')!r}, not 'bfm'")
    try:
        options = BfmOptions.from_dict(doc.get("options"))
    except ParseError as e:
        raise PositionError(f"options: {e}") from None
    data = bfm_data(options.edition, options.red_border)
    turn = doc.get("turn", 1)
    if not isinstance(turn, int) or isinstance(turn, bool) or not 1 <= turn <= data.last_turn:
        raise PositionError(f"turn must be 1 to {data.last_turn}, not {turn!r}")
    phase = doc.get("phase", data.first_phase)
    if not isinstance(phase, str) or phase not in data.phases or data.phases[phase].kind == PhaseKind.HOUSEKEEPING:
        raise PositionError(f"unknown phase {phase!r}; phases: {[p.id for p in data.sequence if p.kind != PhaseKind.HOUSEKEEPING]}")

    def unit(u: Any, where: str) -> str:
        if not isinstance(u, str) or u not in data.units:
            raise PositionError(f"{where}: no unit called {u!r}")
        return u

    def units_of(key: str) -> list[str]:
        return [unit(u, key) for u in _list(doc.get(key, []), key)]

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
        if _bool(spec.get("reduced", False), f"units: {u} reduced"):
            reduced.add(u)
    pool = set(units_of("pool"))
    both = pool & set(hex_of)
    if both:
        raise PositionError(f"units both on the map and in the pool: {sorted(both)}")
    reduced |= pool
    reinf: dict[int, list[str]] = {}
    for t, us in _dict(doc.get("reinforcements", {}), "reinforcements").items():
        try:
            turn_due = int(t)
        except ValueError:
            raise PositionError(f"reinforcements: {t!r} is not a turn number") from None
        reinf[turn_due] = [unit(u, "reinforcements") for u in _list(us, f"reinforcements of turn {t}")]
        if set(reinf[turn_due]) & (set(hex_of) | pool):
            raise PositionError(f"reinforcements: {reinf[turn_due]} are already on the map or in the pool")
    control = {h: "soviet" for h in data.cities}
    for h, side in _dict(doc.get("control", {}), "control").items():
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
    for b in _list(doc.get("battles", []), "battles"):
        b = _dict(b, "battles: each battle")
        t = b.get("target")
        if not isinstance(t, str) or not data.grid.on_map(t):
            raise PositionError(f"battles: target {t!r} is not a hex of the map")
        result, loss_kind = b.get("result"), b.get("loss_kind")
        battles[t] = Battle(
            t,
            unit(b.get("defender") or (seen.get(t) or ""), "battles"),
            [unit(a, "battles") for a in _list(b.get("attackers", []), f"battles: attackers in {t}")],
            named(Step, b.get("step", "declared"), "step"),
            None if result is None else named(Result, result, "result"),
            _points(b.get("loss_due", "0"), f"battles: loss_due in {t}"),
            None if loss_kind is None else named(Result, loss_kind, "loss_kind"),
            _fought(b.get("fought"), t),
        )
    current = doc.get("current")
    if current is not None and current not in battles:
        raise PositionError(f"current: {current!r} is not the target of a battle of the position")
    committed = _bool(doc.get("committed", False), "committed")
    _check_battles(battles, current, committed)
    state = BfmState(
        options=options,
        turn=turn,
        phase=phase,
        hex_of=hex_of,
        reduced=reduced,
        pool=pool,
        control=control,
        reinforcements=reinf,
        moved=set(units_of("moved")),
        rail_movers=frozenset(units_of("rail_movers")),
        replacements_left=_int(doc.get("replacements_left", 0), "replacements_left"),
        replaced=set(units_of("replaced")),
        battles=battles,
        committed=committed,
        current=current,
        to_set_up=units_of("to_set_up"),
        finished=_bool(doc.get("finished", False), "finished"),
    )
    if state.finished:
        from .victory import final_outcome

        state.outcome = final_outcome(state)
    if phase == "soviet_rail_movement" and "rail_movers" not in doc:
        from .movement import rail_units

        state.rail_movers = rail_units(state, "soviet")
    _check_playable(state)
    return state


def _check_battles(battles: dict[str, Battle], current: str | None, committed: bool) -> None:
    """9.0 battle sequence: only the battle being resolved (``current``) is past 'declared',
    and only once the attacks are committed; a rolled battle has its result, a loss step its kind."""
    for t, b in battles.items():
        if b.step == Step.DECLARED:
            continue
        if b.step == Step.DONE:
            if t == current:
                raise PositionError(f"battles: the battle in {t} is 'done' but is the current battle")
            continue
        if t != current:
            raise PositionError(f"battles: the battle in {t} is at step {str(b.step)!r} but is not the current battle "
                                f"(current is {current!r}); only the battle being resolved is past 'declared' (9.0)")
        if not committed:
            raise PositionError(f"battles: the battle in {t} is being resolved but the attacks are not committed (9.0)")
        if b.step in _AFTER_ROLL and b.result is None:
            raise PositionError(f"battles: the battle in {t} is at step {str(b.step)!r} but has no result")
        if b.step == Step.LOSS and (b.loss_kind not in (Result.EX, Result.AL) or b.loss_due <= 0):
            raise PositionError(f"battles: the battle in {t} is at step 'loss' but loss_kind is {b.loss_kind!r} "
                                f"and loss_due {b.loss_due} (9.3 EX/AL)")


def _check_playable(state: BfmState) -> None:
    """A position must leave its player something to do (a legal action or a die to roll)."""
    from .rules import BattleForMoscow

    rules = BattleForMoscow()
    if rules.outcome(state) is not None or rules.is_chance(state):
        return
    if not rules.legal_actions(state):
        raise PositionError(f"the position leaves no legal action (turn {state.turn}, phase {state.phase}): "
                            "check its battles, 'committed' and 'current'")


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

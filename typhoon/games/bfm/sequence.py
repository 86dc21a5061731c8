"""Set-up (6.0) and the sequence of play (4.0): the phases in order as ``data/editions.json``
describes them, what happens on entering and ending each, the turn marker and the end of
the game (5.0)."""

from __future__ import annotations

from typing import Any

from . import battles, movement, replacements, victory
from .actions import Action, EndPhase, Setup
from .data import bfm_data
from .kinds import Movers, PhaseKind
from .options import BfmOptions
from .state import BfmState

_SETUP, _REPLACEMENT, _MOVEMENT, _COMBAT, _HOUSEKEEPING = (
    PhaseKind.SETUP, PhaseKind.REPLACEMENT, PhaseKind.MOVEMENT, PhaseKind.COMBAT, PhaseKind.HOUSEKEEPING,
)  # fmt: skip


# -- set-up (6.0) ----------------------------------------------------------------------------
def initial_state(options: dict[str, Any] | BfmOptions | None = None) -> BfmState:
    """The position at the start of the game (6.0, ``data/scenarios/standard.json``)."""
    opts = options if isinstance(options, BfmOptions) else BfmOptions.from_dict(options)
    data = bfm_data(opts.edition, opts.red_border)
    scen = data.scenario(shared=True)  # read only: every value below is copied
    hex_of = dict(scen["soviet"])
    reduced = set(scen["soviet"]) | set(scen["soviet_pool"])  # 6.0: Soviet units set up reduced
    to_set_up: list[str] = []
    if opts.setup == "standard":
        hex_of.update(scen["german"])
    else:
        to_set_up = [u for u in data.unit_order if data.units[u].side == "german"]
    # 10.0: all cities are Soviet at the start except those occupied by German units
    control = {h: "soviet" for h in data.cities}
    for h in data.setup_hexes["german"]:
        if h in data.cities:
            control[h] = "german"
    reinf = {int(t): list(v.get("soviet", [])) for t, v in scen["reinforcements"].items()}
    state = BfmState(
        options=opts,
        turn=1,
        phase="german_setup" if to_set_up else data.first_phase,
        hex_of=hex_of,
        reduced=reduced,
        pool=set(scen["soviet_pool"]),
        control=control,
        reinforcements=reinf,
        to_set_up=to_set_up,
    )
    enter_phase(state, state.phase, [])
    return state


def legal_setup(state: BfmState) -> list[Action]:
    """000 6.0 free set-up: any unit still to place on any empty black-cross hex."""
    free = [h for h in state.data.setup_hexes["german"] if not state.occupants(h)]
    return [Setup(u, h) for u in state.to_set_up for h in free]


def apply_setup(state: BfmState, a: Setup, events: list) -> None:
    state.put(a.unit, a.hex)
    state.to_set_up.remove(a.unit)
    events.append(f"{a.unit} sets up in {a.hex}")
    if not state.to_set_up:
        enter_phase(state, state.data.first_phase, events)


# -- the phases ------------------------------------------------------------------------------
def enter_phase(state: BfmState, phase: str, events: list) -> None:
    """Begin a phase: what it sets up (replacement steps 10.0, rail movers 8.1, an empty battle
    list 9.0); a phase with nothing to do is skipped, and Housekeeping ends the turn."""
    data = state.data
    state.phase = phase
    state.moved = set()
    state._reach = {}
    movement.forget_phase_moves(state)
    spec = state.phase_spec
    kind = spec.kind
    if kind == _SETUP:
        events.append("German set-up (000 6.0)")
        return
    events.append(f"Turn {state.turn}, {spec.label}")
    if kind == _REPLACEMENT:
        state.replaced = set()  # 10.1 counts per Player Turn, which begins with this phase
        state.replacements_left = data.replacements(spec.side, state.turn, state.options)  # type: ignore[arg-type]
        if state.replacements_left:
            events.append(f"{spec.side.capitalize()} receive {state.replacements_left} replacement step(s)")  # type: ignore[union-attr]
    elif kind == _MOVEMENT and spec.movers == Movers.RAIL:
        state.rail_movers = movement.rail_units(state, spec.side)  # type: ignore[arg-type]
    elif kind == _COMBAT:
        state.battles, state.committed, state.current = {}, False, None
    elif kind == _HOUSEKEEPING:
        end_phase(state, events)  # 000 4.0 phase 9: advance the turn marker or stop
        return
    if phase_is_empty(state):
        events.append(f"Nothing to do in the {spec.label}")
        end_phase(state, events)


def phase_is_empty(state: BfmState) -> bool:
    """Whether the only legal action of a fresh phase is to end it (skipped automatically):
    asked without building the legal actions (``movement.phase_movers``,
    ``replacements.has_choice``, ``battles.may_declare``)."""
    kind = state.phase_spec.kind
    if kind == _MOVEMENT:
        moved = state.moved
        return not any(u not in moved for u in movement.phase_movers(state))
    if kind == _REPLACEMENT:
        return not replacements.has_choice(state)
    if kind == _COMBAT and not state.battles and not state.committed:
        return not battles.may_declare(state)
    acts = battles.legal(state)
    return len(acts) == 1 and isinstance(acts[0], EndPhase)


def end_phase(state: BfmState, events: list) -> None:
    """End the current phase (10.4 unused steps are lost) and enter the next; after the last
    phase of a turn advance the turn marker, or after the last turn end the game (5.0)."""
    data = state.data
    kind = state.phase_spec.kind
    if kind == _REPLACEMENT and state.replacements_left > 0:
        events.append(f"{state.replacements_left} unused replacement step(s) lost (10.4)")
        state.replacements_left = 0
    if kind == _COMBAT:
        state.battles, state.committed, state.current = {}, False, None
    i = data.phase_index[state.phase] + 1
    if i < len(data.sequence):
        enter_phase(state, data.sequence[i].id, events)
        return
    # end of the turn (4.0 Housekeeping in 2009; the end of phase 8 in 1986)
    if state.turn >= data.last_turn:
        state.finished = True
        state.outcome = victory.final_outcome(state)
        events.append(f"Game over: {state.outcome.reason}")
        return
    state.turn += 1
    events.append(f"Turn {state.turn} ({data.turns[state.turn]['dates']}, {data.turns[state.turn]['weather']})")
    enter_phase(state, data.sequence[1].id, events)


def apply_end(state: BfmState, a: EndPhase, events: list) -> None:
    end_phase(state, events)

"""Drive on Moscow's game package: what the front ends may know (``typhoon.core.contract``).

Sides "german" and "soviet"; untried Soviet units hidden from both players until their first
battle (2.13); the reconstruction kit (R-1..R-6) is the board. Rules: ``rules.py``;
decisions: docs/games/dom/decisions.md; coverage: docs/games/dom/rule_coverage.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core.contract import BasePackage, OptionSpec, PlayerFactory
from ...core.errors import IllegalActionError, ParseError
from ...core.kit import KitError
from ...core.kit.issues import Issue, json_path
from ...core.kit.loader import TODO, find_todos
from . import combat, view
from .actions import Assault, Attack, Fight
from .data import PACKAGES
from .gamedata import GERMAN, SOVIET, DomData, build
from .players import GreedyPlayer, RandomPlayer, evaluate
from .rules import DomRules
from .state import DomState


class DomPackage(BasePackage):
    """Drive on Moscow on the shipped reconstruction (``PACKAGE``) or on an owner's kit
    (:func:`package_from_kit`)."""

    sides = (GERMAN, SOVIET)
    side_names = {GERMAN: "German", SOVIET: "Soviet"}
    kit_dir = PACKAGES["reconstruction"]  # what 'typhoon kit new dom DIR --reconstruction' copies

    # a German phase is up to 150 actions of a policy on a 2 640-hex map (a playout phase costs
    # about fifty of Battle for Moscow's): few plans, short playouts and a cap per phase keep
    # each level's decision time (docs/ai.md, "Search in the other games")
    def search_budgets(self, options: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
        return {
            "search-normal": {"candidates": 2, "rollouts": 2, "horizon": 2, "phase_rollouts": 4, "phase_cap": 8},
            "search-hard": {"candidates": 4, "rollouts": 3, "horizon": 3, "phase_rollouts": 12, "phase_cap": 24},
            "search-expert": {"candidates": 6, "rollouts": 4, "horizon": 4, "phase_rollouts": 24, "phase_cap": 48},
        }

    def __init__(self, data: DomData | None = None, name: str = "dom", title: str = "Drive on Moscow") -> None:
        self.name = name
        self.title = title
        self._kit_data = data
        self.rules = DomRules(data)

    def option_specs(self) -> list[OptionSpec]:
        if self._kit_data is not None:
            return [OptionSpec("kit", "Components", "owner", choices=("owner",),
                               help="The owner's kit this package was built from.", rule="2.1-2.14")]
        return [OptionSpec("kit", "Components", "reconstruction", choices=("reconstruction",),
                           help="The reconstruction of the map, CRT, turn record track and counters (R-1..R-6); "
                                "the published components are not available.", rule="R-1..R-6")]

    # -- display ---------------------------------------------------------------------------------
    def map_meta(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return view.map_meta(self._kit_data)

    def view(self, state: DomState, seat: str | None) -> dict[str, Any]:
        return view.view(state, seat, self.rules, self._battle_odds)

    def describe(self, state: DomState, action: Any) -> dict[str, Any]:
        return view.describe(state, action)

    def preview(self, state: DomState, action: Any) -> dict[str, Any] | None:
        """Public odds of an assault (``assault``), a prepared assault being declared
        (``attack`` with every eligible unit, ``fight`` with those added)."""
        if isinstance(action, Assault):
            return combat.odds_summary(state, "ma", GERMAN, action.target, action.units, {}, action.launch)
        side = self.rules.current_player(state)
        if isinstance(action, Attack) and side is not None:
            return combat.odds_summary(state, "pa", side, action.target, combat.eligible_attackers(state, side, action.target), {})
        if isinstance(action, Fight) and state.battle is not None:
            return self._battle_odds(state, state.battle.data)
        return None

    @staticmethod
    def _battle_odds(state: DomState, b: dict[str, Any]) -> dict[str, Any]:
        return combat.odds_summary(state, b["kind"], b["attacker"], b["target"], [u for u in b["attackers"] if u in state.stacks],
                                   b["air"], b["launch"], defending=[u for u in b["defenders"] if u in state.stacks])

    def battle_preview(self, state: DomState, target: str, attackers: Sequence[str]) -> dict[str, Any]:
        """Public odds of ``attackers`` making a prepared assault on ``target`` now;
        ``IllegalActionError`` says why they may not (11.2-11.5, 12.1)."""
        side = self.rules.current_player(state)
        if side is None or state.battle is not None or self.rules.phase_kind(state) != "combat":
            raise IllegalActionError("prepared assaults are made in one's own combat phase, between battles (11.0)")
        if state.side_at(target) != ("soviet" if side == GERMAN else GERMAN) or not combat.defenders(state, target):
            raise IllegalActionError(f"{target} holds no enemy unit that may still be attacked this phase (11.3)")
        ok = set(combat.eligible_attackers(state, side, target))
        bad = [u for u in attackers if u not in ok]
        if bad or not attackers:
            raise IllegalActionError(f"{', '.join(bad) or 'nobody'} may not attack {target}: adjacent, not across a reservoir, "
                                     "not yet attacked this phase (11.2-11.5, 11.13, 11.15, 12.1)")
        return combat.odds_summary(state, "pa", side, target, list(attackers), {})

    def rules_doc(self, options: dict[str, Any] | None = None) -> dict[str, Any]:
        return view.rules_doc(self._kit_data)

    # -- players ----------------------------------------------------------------------------------
    def players(self) -> dict[str, PlayerFactory]:
        return {"greedy": GreedyPlayer, "random": RandomPlayer}

    def encoding(self, options: dict[str, Any] | None = None):
        """The research encoding of the kit (``encoding.py``)."""
        from .encoding import encoding_for

        return encoding_for(self.rules)

    def evaluate(self, state: DomState, side: str) -> float:
        return evaluate(state, side, self.rules)


PACKAGE = DomPackage()

# what the rules read from a kit by name (package_from_kit names each one that is absent)
_TABLES = (("crt", "11.9 the Combat Results Table"), ("tec", "10.7-10.12 / 11.11-11.18 the Terrain Effects Chart"))
_AREAS = (("german_supply", "8.2 L587-588 the German supply sources (west map edge)"),
          ("soviet_supply", "8.2 L590-591 the six Soviet supply sources"))
_PLACES = (("Moscow", "4.1 L357-364"), ("Kalinin", "4.3 L387-390"), ("Kursk", "4.3"), ("Orel", "4.3"),
           ("Smolensk", "4.3"), ("Tula", "4.3"))


def missing_in_kit(kit: Any) -> list[Issue]:
    """What an owner's kit still lacks for Drive on Moscow's rules: every ``$todo`` placeholder
    and every record the rules read by name (``str(issue)``: ``file: path: what``)."""
    out = [Issue(rel, json_path(path), f"still to be entered: {todo.get(TODO, 'a value')}", todo=True)
           for rel, doc in sorted(kit.docs.items()) for path, todo in find_todos(doc)]
    tables = {t.get("id") for t in (kit.tables_doc or {}).get("tables", []) if isinstance(t, dict)}
    out += [Issue("tables.json", "$.tables", f"no table {t!r} ({why})") for t, why in _TABLES if t not in tables]
    m = kit.map or {}
    areas = {a.get("id") for a in [*m.get("edges", []), *m.get("entry_areas", [])] if isinstance(a, dict)}
    out += [Issue("map.json", "$.edges", f"no edge {a!r} ({why})") for a, why in _AREAS if a not in areas]
    places = {p.get("name") for p in (kit.map or {}).get("places", []) if isinstance(p, dict)}
    out += [Issue("map.json", "$.places", f"no place {n!r} ({why})") for n, why in _PLACES if n not in places]
    counters = [c for c in (kit.counters_doc or {}).get("counters", []) if isinstance(c, dict)]
    if not any(c.get("kind") == "kg" for c in counters):
        out.append(Issue("counters.json", "$.counters", "no KG counter (2.12 L178-181)"))
    if not any(c.get("side") == GERMAN and c.get("kind") not in ("kg", "aircraft", "marker") for c in counters):
        out.append(Issue("counters.json", "$.counters", "no German unit (3.6 the German order of battle)"))
    turns = {t.get("turn"): t.get("attrs", {}) for t in (kit.turns_doc or {}).get("turns", []) if isinstance(t, dict)}
    for t in range(1, 10):
        attrs = turns.get(t)
        if attrs is None:
            out.append(Issue("turns.json", "$.turns", f"no game turn {t} (4.3 L388: nine game turns)"))
            continue
        for key in ("mf_mech", "mf_non_mech"):
            if not isinstance(attrs.get(key), int):
                out.append(Issue("turns.json", f"$.turns[{t}].attrs.{key}", f"game turn {t} needs its movement factor (2.10 L146-151)"))
    scen = kit.scenarios.get("campaign")
    if scen is None:
        out.append(Issue("kit.json", "$.files.scenarios", "no scenario 'campaign' (13.0 L1622-1623: one scenario)"))
    elif not isinstance(((scen.get("parameters") or {}).get("soviet_slots") or {}).get("value"), list):
        out.append(Issue("scenarios/campaign.json", "$.parameters.soviet_slots.value",
                         "the Soviet set-up slots by type and hex (3.2 L272-286, 3.3 L294-308)"))
    return out


def package_from_kit(kit: Any, name: str = "dom") -> DomPackage:
    """Drive on Moscow's rules on an owner's loaded kit (``typhoon.core.kit.load_kit``), called
    ``name`` (``typhoon.games.registry.package_for_kit``): every value the rules read (map,
    counters, CRT, turn record track, set-ups) comes from the kit. An unfinished kit raises
    ``KitError`` naming every missing value; a kit the rules cannot read, ``ParseError``.
    Constraints of the text the kit breaks (``validate.problems``) are not fatal: the owner's
    printed components are the authority; they are in ``package.kit_problems``."""
    missing = missing_in_kit(kit)
    if missing:
        raise KitError(missing, where=f"{kit.root}: not finished, Drive on Moscow cannot be played on it")
    try:
        data = build(kit)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, StopIteration, ZeroDivisionError) as e:
        raise ParseError(f"{kit.root}: the kit cannot be played as Drive on Moscow: {type(e).__name__} {e}") from None
    from .validate import problems

    pkg = DomPackage(data, name, kit.title or "Drive on Moscow")
    try:
        pkg.kit_problems = problems(kit)
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as e:
        pkg.kit_problems = [f"the text's constraints could not all be checked: {type(e).__name__} {e}"]
    return pkg

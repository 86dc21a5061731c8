"""An independent baseline of a third mind (``greedy.py`` weighs places and expected losses,
``capital.py`` thinks only of the capital): the enemy's units are the target. For any two-sided
hex-and-counter game of the contract.

Written only against the game contract (``view``, ``describe``, ``map_meta``,
``battle_preview``, the optional ``retreat_preview``, the legal actions); it shares no code with
the search players, with any game's own players, with ``greedy.py`` or with ``capital.py``, so
measuring a player against it cannot flatter (docs/ai.md, "Evaluation"). It is one more of the
opponents the players have not been tuned against: an aggressive one, on both sides, where the
others counterattack little.

- **battles first**: every enemy unit that it can attack at twice its strength or more is
  attacked; those with no retreat open (the game's ``retreat_preview``: a retreat result then
  costs them more) first, then the best odds; each battle with the fewest units, the strongest
  first, that reach three to one (or everything that can join, if that does not);
- **movement is a hunt**: every unit, the strongest first, moves next to the enemy unit its
  pack (itself and the units already moved next to it) outnumbers most, not into more enemy
  strength than its company can stand; out of reach, it closes on the nearest enemy, the
  weaker first; the hunt drifts towards the capital (the place marked ``capital``, else the
  places of the highest value), to take it or to cover it;
- **places only as garrisons and at the end**: a unit in a place its side holds stays while an
  enemy is three hexes or less away; a capital its side holds is never left empty; on the last
  turn every unit that can enters the nearest place its side does not hold;
- every other decision by one step: retreat beside friends and away from enemies, advance
  into a battle's hex, the weakest unit takes a loss, reinforcements and replacements towards
  the enemy; else the first of the legal actions, and the phase ends when nothing is left.
  Deterministic: no randomness.
"""

from __future__ import annotations

import math
from typing import Any

from ...core.game import Game
from ...games import registry

_ENDS = ("end", "commit", "pass", "done", "fight")  # verbs that close a decision, in this order
_NEXT = 1.5  # centre distances (in hex steps) below this are neighbours
_NEED = 2.0  # the least attack / defence strength at which it fights
_ENOUGH = 3.0  # the odds a battle's units are chosen to reach


class HunterBaseline:
    """The hunter baseline (module docstring): ``HunterBaseline(game="bfm")``."""

    name = "baseline-hunter"

    def __init__(self, seed: int = 0, game: str = "bfm", **_: Any) -> None:
        self.pkg = registry.get(game)
        self.seed = seed
        self._geometry: tuple[dict[str, Any], dict[str, tuple[float, float]], float, list[str], list[str]] | None = None
        self._pending: list[Any] = []  # the rest of this phase's plan
        self._pending_at: Any = None  # the position the plan's next action is for: (seed, ply, last action)

    # -- geometry from the map's centres -------------------------------------------------------
    def _map(self, game: Game) -> tuple[dict[str, tuple[float, float]], float, list[str]]:
        options = dict(game.options)
        if self._geometry is None or self._geometry[0] != options:
            meta = self.pkg.map_meta(options)
            centres = {h: (float(c[0]), float(c[1])) for h, c in meta["geometry"]["centres"].items()}
            pts = sorted(centres.values())
            step = 1.0
            if len(pts) > 1:
                x0, y0 = pts[0]
                step = min((math.dist((x0, y0), p) for p in pts[1:] if math.dist((x0, y0), p) > 1e-9), default=1.0)
            marked = [p for p in meta.get("places", []) if p.get("hex") in centres]
            places = [p["hex"] for p in marked]
            # the capital: the place marked so, else those of the highest value, else every place
            capital = [p["hex"] for p in marked if p.get("capital")]
            if not capital and marked:
                top = max((p.get("value") or 0) for p in marked)
                capital = [p["hex"] for p in marked if (p.get("value") or 0) == top]
            self._geometry = (options, centres, step, places, capital)
        return self._geometry[1], self._geometry[2], self._geometry[3]

    def _far(self, a: str | None, b: str | None) -> float:
        """Hex steps between ``a`` and ``b`` (99 if either is not on the map)."""
        assert self._geometry is not None
        centres, step = self._geometry[1], self._geometry[2]
        if a not in centres or b not in centres:
            return 99.0
        return math.dist(centres[a], centres[b]) / step  # type: ignore[index]

    # -- the decision --------------------------------------------------------------------------
    def choose(self, game: Game) -> Any:
        legal = list(game.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if self._pending and self._pending_at == self._position(game):
            nxt = self._pending.pop(0)
            if nxt in legal:
                self._pending_at = (game.seed, game.ply + 1, str(nxt))
                return nxt
        self._pending = []
        side = game.current_player
        view = self.pkg.view(game.state, side)
        self._map(game)
        described = [(a, self.pkg.describe(game.state, a)) for a in legal]
        verbs = {d["verb"] for _, d in described}
        on_map = [u for u in view["units"] if u.get("where") == "map" and u.get("hex")]
        mine = {u["id"]: u for u in on_map if u["side"] == side}
        foes = [u for u in on_map if u["side"] != side]
        if "attack" in verbs:
            plan = self._hunt_battles(game, described, view)
        elif "move" in verbs:
            plan = self._hunt_moves(described, mine, foes, view, side)
        else:
            return self._one_step(described, mine, foes)
        if not plan:
            return self._close(described)
        self._pending, self._pending_at = plan[1:], (game.seed, game.ply + 1, str(plan[0]))
        return plan[0]

    @staticmethod
    def _position(game: Game) -> tuple[Any, int, str | None]:
        """Where a game stands, for the plan's next action: the same player may play several games."""
        return game.seed, game.ply, str(game.log[-1].action) if game.log else None

    @staticmethod
    def _close(described: list[tuple[Any, dict]]) -> Any:
        for verb in _ENDS:
            for a, d in described:
                if d["verb"] == verb:
                    return a
        return described[0][0]

    # -- battles: the enemy units it can destroy ------------------------------------------------
    def _hunt_battles(self, game: Game, described: list[tuple[Any, dict]], view: dict[str, Any]) -> list[Any]:
        fought = {b.get("target") for b in view.get("battles") or []}
        strength = {u["id"]: float(u.get("strength") or 0) for u in view["units"]}
        by_target: dict[str, dict[str, Any]] = {}  # target hex -> unit -> its action
        opener: dict[str, Any] = {}  # target hex -> the action opening a battle units then join
        for a, d in described:
            t = d.get("hex")
            if d["verb"] != "attack" or not t or t in fought:
                continue
            if d["units"]:
                by_target.setdefault(t, {})[d["units"][0]] = a
                continue
            after = game.copy()  # a battle opened first, joined unit by unit (Drive on Moscow 11.2)
            after.push(a, validate=False)
            joins = {}
            for x in after.legal_actions:
                dx = self.pkg.describe(after.state, x)
                if dx["verb"] == "add" and dx["units"]:
                    joins[dx["units"][0]] = x
            if joins:
                by_target[t], opener[t] = joins, a
        retreat = getattr(self.pkg, "retreat_preview", None)
        ranked = []
        for t, joins in by_target.items():
            odds = self._odds(game, t, sorted(joins))
            if odds is None or odds < _NEED:
                continue
            trapped = False
            if retreat is not None:
                try:
                    trapped = not retreat(game.state, t, sorted(joins)).get("paths")
                except Exception:  # noqa: BLE001 - the game gives no preview here
                    trapped = False
            ranked.append((not trapped, -odds, t))
        plan: list[Any] = []
        used: set[str] = set()
        for _, _, t in sorted(ranked):
            free = [u for u in by_target[t] if u not in used]
            units = self._fewest(game, t, free, strength)
            if not units:
                continue
            if t in opener:  # one battle at a time: open it, join it, and let the rules go on
                return plan or [opener[t], *(by_target[t][u] for u in units)]
            used.update(units)
            plan += [by_target[t][u] for u in units]
        return plan

    def _fewest(self, game: Game, target: str, free: list[str], strength: dict[str, float]) -> list[str]:
        """The fewest of ``free``, strongest first, that reach ``_ENOUGH`` (all of them if they
        do not); none if all of them stay under ``_NEED``."""
        order = sorted(free, key=lambda u: (-strength.get(u, 0.0), u))
        best = self._odds(game, target, order) if order else None
        if best is None or best < _NEED:
            return []
        goal = min(best, _ENOUGH)
        for k in range(1, len(order) + 1):
            odds = self._odds(game, target, order[:k])
            if odds is not None and odds >= goal:
                return order[:k]
        return order

    def _odds(self, game: Game, target: str, units: list[str]) -> float | None:
        """Attack over defence strength by the game's preview; None if the game refuses the
        battle or says it has no effect (a column below the table)."""
        try:
            p = self.pkg.battle_preview(game.state, target, units)
        except Exception:  # noqa: BLE001 - not a battle the rules allow
            return None
        if "column_index" in p and p["column_index"] is None:
            return None
        att, dfn = p.get("attack"), p.get("defence")
        if not isinstance(att, (int, float)) or not isinstance(dfn, (int, float)):
            return None
        return float(att) / max(float(dfn), 0.5)

    # -- movement: the hunt, the garrisons, the places at the end -------------------------------
    def _hunt_moves(self, described: list[tuple[Any, dict]], mine: dict[str, dict], foes: list[dict],
                    view: dict[str, Any], side: str) -> list[Any]:
        choices: dict[str, list[tuple[str, Any]]] = {}
        for a, d in described:
            if d["verb"] == "move" and d["units"] and d.get("hex"):
                choices.setdefault(d["units"][0], []).append((d["hex"], a))
        assert self._geometry is not None
        places, capital = self._geometry[3], self._geometry[4]
        control = view.get("control") or {}
        last = view.get("turn") is not None and view.get("turn") == view.get("last_turn")
        wanted = [p for p in places if control.get(p) != side]
        attacking = not any(control.get(c) == side for c in capital)
        at = {u: mine[u]["hex"] for u in mine}
        power = {u: float(mine[u].get("strength") or 0) for u in mine}
        foe_at = [(f["hex"], float(f.get("strength") or 0)) for f in foes]
        foe_hexes = {h for h, _ in foe_at}
        plan: list[Any] = []
        for u in sorted(choices, key=lambda v: (-power.get(v, 0.0), v)):
            start = at.get(u)
            taken = {h for v, h in at.items() if v != u} | foe_hexes

            def worth(h: str) -> float:
                hunt = self._hunt_worth(h, u, at, power, foe_at)
                if last and wanted:
                    return 100.0 - 5.0 * min(self._far(h, p) for p in wanted) + hunt
                if (h == start and h in places and control.get(h) == side
                        and any(self._far(h, fh) <= 3.0 for fh, _ in foe_at)):
                    return 1000.0  # a garrison stays
                if not attacking and h in capital and h not in taken:
                    return 900.0  # a capital of its side left empty is filled
                if capital:  # the hunt drifts towards the capital, to take it or to cover it
                    return hunt - min(self._far(h, c) for c in capital)
                return hunt

            best, best_worth = None, worth(start) + 0.01 if start else -1e9
            for dest, a in choices[u]:
                if dest in taken:
                    continue
                w = worth(dest)
                if w > best_worth:
                    best, best_worth = (dest, a), w
            if best is not None:
                plan.append(best[1])
                at[u] = best[0]
        return plan

    def _hunt_worth(self, h: str, unit: str, at: dict[str, str], power: dict[str, float],
                    foe_at: list[tuple[str, float]]) -> float:
        """How good ``h`` is for ``unit`` on the hunt: next to the enemy its pack outnumbers most,
        not into more enemy strength than its company can stand; else close on the nearest enemy."""
        me = power.get(unit, 0.0)
        adjacent = [(fh, s) for fh, s in foe_at if self._far(h, fh) < _NEXT]
        company = me + sum(power.get(v, 0.0) for v, x in at.items() if v != unit and self._far(h, x) < _NEXT)
        if adjacent:
            best = 0.0
            for fh, s in adjacent:
                pack = me + sum(power.get(v, 0.0) for v, x in at.items() if v != unit and self._far(fh, x) < _NEXT)
                best = max(best, min(pack / max(s, 0.5), 4.0))
            danger = sum(s for _, s in adjacent) / max(company, 0.5)
            return 10.0 + 3.0 * best - 2.0 * max(0.0, danger - 1.0)
        if not foe_at:
            return 0.0
        return -min(self._far(h, fh) + 0.1 * s for fh, s in foe_at)

    # -- every other decision: one step --------------------------------------------------------
    def _one_step(self, described: list[tuple[Any, dict]], mine: dict[str, dict], foes: list[dict]) -> Any:
        foe_hexes = [f["hex"] for f in foes]
        friend_hexes = [u["hex"] for u in mine.values()]

        def near_foe(h: str) -> float:
            return min((self._far(h, f) for f in foe_hexes), default=10.0)

        def worth(d: dict) -> float:
            verb, h = d["verb"], d.get("hex")
            if verb in _ENDS:
                return -1e6
            if verb == "add":  # a battle's units were chosen with it (``_hunt_battles``)
                return -2e6
            if verb in ("cancel", "undo"):  # never: a battle given up is opened again, for ever
                return -3e6
            if verb in ("loss", "lose"):  # the weakest unit takes a loss
                return -float(mine.get(d["units"][0], {}).get("strength") or 0) if d["units"] else 0.0
            if verb == "advance":  # into the battle's hex, the strongest
                return 5.0 + (float(mine.get(d["units"][0], {}).get("strength") or 0) if d["units"] else -10.0)
            if not h:
                return -1e3
            if verb == "retreat":  # beside friends, away from enemies
                return near_foe(h) + 0.5 * sum(1 for x in friend_hexes if self._far(h, x) < _NEXT)
            return -near_foe(h)  # placements, reinforcements: towards the enemy

        return max(described, key=lambda item: worth(item[1]))[0]


def hunter(seed: int = 0, game: str = "bfm", **kw: Any) -> HunterBaseline:
    return HunterBaseline(seed=seed, game=game, **kw)

"""An independent baseline of another mind than the greedy one (``baseline-bold`` is the greedy
one with a lower bar): everything is about the capital. For any two-sided hex-and-counter game
of the contract.

Written only against the game contract (``view``, ``describe``, ``map_meta``,
``battle_preview``, the legal actions); it shares no code with the search players, with any
game's own players or with ``greedy.py``, so measuring a player against it cannot flatter
either (docs/ai.md, "Evaluation"). It is the opponent the issue's "opponents you have not
seen" asks the players to stand up to: not a better player than the greedy baseline, a
different one.

- **role**: the side that does not hold the capital (the place marked ``capital``, else the
  places of the highest value, else every place) attacks it, the other defends it;
- **the attacker** concentrates: every unit moves as close to the capital as it can, beside
  other units of its side, and ignores every other place; it fights what stands nearest the
  capital first, each battle with every unit that can join and is not yet used, when those
  units have at least twice the defence's strength (any odds against the capital itself, and
  on the last turn), by the game's ``battle_preview``;
- **the defender** builds a fortress: every unit falls back towards the capital and fills
  the hexes around it from the inside out, facing the enemy; it counterattacks only an enemy
  next to the capital or two hexes from it, at twice its strength or more;
- every other decision: towards the capital (retreats, advances, placements, reinforcements),
  the weakest unit takes a loss, else the first of the legal actions; the phase ends when
  nothing is left to do. Deterministic: no randomness.
"""

from __future__ import annotations

import math
from typing import Any

from ...core.game import Game
from ...games import registry

_LAST = ("end", "commit", "pass", "done")  # verbs that end a decision, taken when nothing else is worth doing


class CapitalBaseline:
    """The capital baseline (module docstring): ``CapitalBaseline(game="bfm")``."""

    name = "baseline-capital"

    def __init__(self, seed: int = 0, game: str = "bfm", **_: Any) -> None:
        self.pkg = registry.get(game)
        self.seed = seed
        self._map: tuple[Any, dict[str, tuple[float, float]], float, list[str]] | None = None
        self._queue: list[Any] = []  # the rest of the phase's plan
        self._queue_at: Any = None  # the position the plan's next action was meant for

    # -- the map: hex centres, one hex step, the capital -----------------------------------------
    def _board(self, game: Game) -> tuple[dict[str, tuple[float, float]], float, list[str]]:
        options = dict(game.options)
        if self._map is None or self._map[0] != options:
            meta = self.pkg.map_meta(options)
            centres = {h: (float(c[0]), float(c[1])) for h, c in meta["geometry"]["centres"].items()}
            xy = list(centres.values())
            step = min((math.hypot(xy[0][0] - p[0], xy[0][1] - p[1]) for p in xy[1:]
                        if math.hypot(xy[0][0] - p[0], xy[0][1] - p[1]) > 1e-9), default=1.0)
            places = meta.get("places", [])
            capital = [p["hex"] for p in places if p.get("capital")]
            if not capital and places:
                best = max((p.get("value") or 0) for p in places)
                capital = [p["hex"] for p in places if (p.get("value") or 0) == best]
            self._map = (options, centres, step, capital)
        return self._map[1], self._map[2], self._map[3]

    def _steps(self, a: str | None, b: str | None) -> float:
        """Hexes between ``a`` and ``b`` (centre distance over one step; far if either is unknown)."""
        assert self._map is not None
        centres, step = self._map[1], self._map[2]
        if a not in centres or b not in centres:
            return 50.0
        (x1, y1), (x2, y2) = centres[a], centres[b]  # type: ignore[index]
        return math.hypot(x1 - x2, y1 - y2) / step

    def _to_capital(self, h: str | None, capital: list[str]) -> float:
        return min((self._steps(h, c) for c in capital), default=0.0)

    # -- the decision ----------------------------------------------------------------------------
    def choose(self, game: Game) -> Any:
        acts = list(game.legal_actions)
        if len(acts) == 1:
            return acts[0]
        here = (game.ply, str(game.log[-1].action) if game.log else None)
        if self._queue and self._queue_at == here:
            a = self._queue.pop(0)
            if a in acts:
                self._queue_at = (game.ply + 1, str(a))
                return a
        self._queue = []
        described = [(a, self.pkg.describe(game.state, a)) for a in acts]
        verbs = {d["verb"] for _, d in described}
        me = game.current_player
        view = self.pkg.view(game.state, me)
        _, _, capital = self._board(game)
        mine = {u["id"]: u for u in view["units"] if u["side"] == me and u.get("where") == "map" and u.get("hex")}
        theirs = [u for u in view["units"] if u["side"] != me and u.get("where") == "map" and u.get("hex")]
        attacking = not any(view.get("control", {}).get(c) == me for c in capital)
        if "move" in verbs:
            plan = self._movement(described, mine, theirs, capital, attacking)
        elif "attack" in verbs:
            plan = self._battles(game, described, mine, capital, attacking, view)
        else:
            return self._one_step(described, mine, capital)
        if not plan:
            return self._last(described)
        self._queue = plan[1:]
        self._queue_at = (game.ply + 1, str(plan[0]))
        return plan[0]

    @staticmethod
    def _last(described: list[tuple[Any, dict]]) -> Any:
        for verb in _LAST:
            for a, d in described:
                if d["verb"] == verb:
                    return a
        return described[0][0]

    # -- movement: concentrate on the capital, or a fortress around it ----------------------------
    def _movement(self, described: list[tuple[Any, dict]], mine: dict[str, dict], theirs: list[dict],
                  capital: list[str], attacking: bool) -> list[Any]:
        options: dict[str, list[tuple[str, Any]]] = {}
        for a, d in described:
            if d["verb"] == "move" and d["units"] and d.get("hex"):
                options.setdefault(d["units"][0], []).append((d["hex"], a))
        enemy = [u["hex"] for u in theirs]
        where = {u: mine[u]["hex"] for u in mine}  # where each unit will stand after the plan so far
        blocked = set(enemy)
        # the attacker's spearhead first (nearest the capital); the defender's strongest first (the fortress's core)
        if attacking:
            order = sorted(options, key=lambda u: (self._to_capital(where.get(u), capital), u))
        else:
            order = sorted(options, key=lambda u: (-(mine.get(u, {}).get("strength") or 0), u))
        plan: list[Any] = []
        for u in order:
            start = where.get(u)
            taken = {h for v, h in where.items() if v != u} | blocked
            best, best_score = None, self._place_score(start, start, u, where, enemy, capital, attacking)
            for dest, a in options[u]:
                if dest in taken:
                    continue
                s = self._place_score(dest, start, u, where, enemy, capital, attacking)
                if s > best_score + 1e-9:
                    best, best_score = (dest, a), s
            if best is not None:
                plan.append(best[1])
                where[u] = best[0]
        return plan

    def _place_score(self, h: str | None, start: str | None, unit: str, where: dict[str, str], enemy: list[str],
                     capital: list[str], attacking: bool) -> float:
        if h is None:
            return -1e9
        friends = sum(1 for v, x in where.items() if v != unit and self._steps(h, x) < 1.5)
        foes = sum(1 for x in enemy if self._steps(h, x) < 1.5)
        near_enemy = min((self._steps(h, x) for x in enemy), default=10.0)
        if attacking:  # as close to the capital as possible, in company
            return -3.0 * self._to_capital(h, capital) + 0.5 * min(friends, 3) - 0.5 * max(0, foes - 1)
        # the fortress: the capital first, then the rings around it, each unit facing the enemy
        ring = self._to_capital(h, capital)
        return -3.0 * ring - 0.2 * near_enemy + 0.3 * min(friends, 3) + (0.05 if h == start else 0.0)

    # -- battles: the ones nearest the capital, everything that can join ---------------------------
    def _battles(self, game: Game, described: list[tuple[Any, dict]], mine: dict[str, dict], capital: list[str],
                 attacking: bool, view: dict[str, Any]) -> list[Any]:
        declared = {b.get("target") for b in view.get("battles", []) or []}
        joins: dict[str, dict[str, Any]] = {}  # target -> unit -> the action by which it joins
        opening: dict[str, Any] = {}  # target -> the action that opens a battle units then join
        for a, d in described:
            if d["verb"] != "attack" or not d.get("hex") or d["hex"] in declared:
                continue
            if d["units"]:
                joins.setdefault(d["hex"], {})[d["units"][0]] = a
            else:
                trial = game.copy()
                trial.push(a, validate=False)
                adds = {}
                for x in trial.legal_actions:
                    dx = self.pkg.describe(trial.state, x)
                    if dx["verb"] == "add" and dx["units"]:
                        adds[dx["units"][0]] = x
                if adds:
                    joins[d["hex"]], opening[d["hex"]] = adds, a
        last_turn = view.get("turn") is not None and view.get("turn") == view.get("last_turn")
        targets = sorted(joins, key=lambda t: (self._to_capital(t, capital), t))
        used: set[str] = set()
        plan: list[Any] = []
        for t in targets:
            ring = self._to_capital(t, capital)
            if not attacking and ring > 2.5:
                continue  # the defender fights only at the fortress
            units = [u for u in sorted(joins[t]) if u not in used]
            if not units:
                continue
            odds = self._odds(game, t, units)
            if odds is None:
                continue
            need = 2.0 if (not attacking or (ring > 0.5 and not last_turn)) else 1.0
            if odds < need:
                continue
            if t in opening:  # one battle opened at a time: open it, add its units, then the rules go on
                if plan:
                    return plan
                return [opening[t], *(joins[t][u] for u in units)]
            used.update(units)
            plan += [joins[t][u] for u in units]
        return plan

    def _odds(self, game: Game, target: str, units: list[str]) -> float | None:
        """Attack over defence strength of ``units`` against ``target`` (the game's preview); None
        if the game refuses the attack or gives no strengths."""
        try:
            p = self.pkg.battle_preview(game.state, target, units)
        except Exception:  # noqa: BLE001 - the game refuses this attack
            return None
        att, dfn = p.get("attack"), p.get("defence")
        if not isinstance(att, (int, float)) or not isinstance(dfn, (int, float)):
            return None
        return float(att) / max(float(dfn), 0.5)

    # -- everything else: towards the capital -------------------------------------------------------
    def _one_step(self, described: list[tuple[Any, dict]], mine: dict[str, dict], capital: list[str]) -> Any:
        def worth(item: tuple[Any, dict]) -> float:
            d = item[1]
            if d["verb"] in _LAST:
                return -1e6
            if d["verb"] in ("loss", "lose"):  # the weakest unit takes the loss
                return -float(mine.get(d["units"][0], {}).get("strength") or 0) if d["units"] else 0.0
            if d.get("hex"):
                return -self._to_capital(d["hex"], capital)
            return -1e3

        return max(described, key=worth)[0]


def capital(seed: int = 0, game: str = "bfm", **kw: Any) -> CapitalBaseline:
    return CapitalBaseline(seed=seed, game=game, **kw)

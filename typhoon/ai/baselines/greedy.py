"""An independent greedy baseline for any two-sided hex-and-counter game of the contract.

Written only against the game contract (``view``, ``describe``, ``map_meta``,
``battle_preview``, the game's legal actions and chance outcomes); it shares no code with the
search players or with any game's own players, so measuring them against it cannot flatter
them (docs/ai.md, "Evaluation").

What it does, one phase at a time (the issue's "about 150 lines" opponent):

- **role**: the side that does not hold the most valuable place (the capital, else the place of
  the highest value) attacks, the other defends;
- **battles**: for every enemy hex it may attack, the expected strength lost by each side and
  the chance of clearing the hex are computed *exactly* by trying every chance outcome of that
  battle alone on a copy of the game (the game's own combat table, no dice sampled); the attacker
  declares the best battles whose value is positive, the greediest first, each unit used once (a
  game whose battle is prepared first and then joined unit by unit, ``attack HEX`` then ``add
  UNIT``s, is planned the same way, one battle at a time);
- **movement**: each unit, strongest first, picks the destination scoring best on: (attacker)
  distance to the nearest objective place not held, next to enemy units it outguns; (defender)
  hold the objective places, otherwise stand in a line one hex in front of the enemy's closest
  approach to the capital, beside friends;
- every other decision (replacements, retreats, losses, advances) by a one-step score on the
  destination hex; otherwise the first legal action.

``bold`` lowers the bar for a battle (any positive expected gain; the cautious default wants
the enemy to lose clearly more than it does). Deterministic: no randomness at all.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ...core.game import Game
from ...games import registry


class GreedyBaseline:
    """The greedy baseline (module docstring): ``GreedyBaseline(game="bfm", bold=False)``."""

    def __init__(self, seed: int = 0, game: str = "bfm", bold: bool = False, **_: Any) -> None:
        self.pkg = registry.get(game)
        self.bold = bold
        self.seed = seed
        self.name = "baseline-bold" if bold else "baseline-greedy"
        self._plan: list[Any] = []
        self._plan_for: Any = None
        self._meta: dict[str, Any] | None = None

    # -- board geometry from map_meta (hex distance from the hex centres) -------------------
    def _geometry(self, game: Game) -> dict[str, Any]:
        if self._meta is None or self._meta["options"] != game.options:
            meta = self.pkg.map_meta(game.options)
            centres = {h: tuple(c) for h, c in meta["geometry"]["centres"].items()}
            pts = list(centres.values())
            step = min(math.dist(pts[0], p) for p in pts[1:] if math.dist(pts[0], p) > 1e-9)
            places = meta.get("places", [])
            capital = [p["hex"] for p in places if p.get("capital")]
            if not capital and places:
                top = max((p.get("value") or 0) for p in places)
                capital = [p["hex"] for p in places if (p.get("value") or 0) == top]
            self._meta = {"options": dict(game.options), "centres": centres, "step": step,
                          "places": [p["hex"] for p in places], "capital": capital}
        return self._meta

    def _dist(self, geo: dict[str, Any], a: str | None, b: str | None) -> float:
        if a is None or b is None or a not in geo["centres"] or b not in geo["centres"]:
            return 99.0
        return math.dist(geo["centres"][a], geo["centres"][b]) / geo["step"]

    # -- the decision ------------------------------------------------------------------------
    def choose(self, game: Game) -> Any:
        acts = list(game.legal_actions)
        if len(acts) == 1:
            return acts[0]
        key = (game.seed, game.ply, str(game.log[-1].action) if game.log else None)
        while self._plan and self._plan_for == key:
            a = self._plan.pop(0)
            if a in acts:
                self._plan_for = (game.seed, game.ply + 1, str(a))
                return a
        self._plan = []
        descs = [(a, self.pkg.describe(game.state, a)) for a in acts]
        verbs = {d["verb"] for _, d in descs}
        if "attack" in verbs:
            plan = self._plan_battles(game, descs)
        elif "move" in verbs:
            plan = self._plan_moves(game, descs)
        else:
            return self._one_step(game, descs)
        if not plan:
            return self._finish(descs)
        self._plan = plan[1:]
        self._plan_for = (game.seed, game.ply + 1, str(plan[0]))
        return plan[0]

    def _finish(self, descs: list[tuple[Any, dict]]) -> Any:
        for verb in ("commit", "end"):
            for a, d in descs:
                if d["verb"] == verb:
                    return a
        return descs[0][0]

    def _situation(self, game: Game) -> dict[str, Any]:
        me = game.current_player
        view = self.pkg.view(game.state, me)
        geo = self._geometry(game)
        mine = {u["id"]: u for u in view["units"] if u["side"] == me and u.get("where") == "map" and u.get("hex")}
        foes = {u["id"]: u for u in view["units"] if u["side"] != me and u.get("where") == "map" and u.get("hex")}
        control = view.get("control", {})
        attacking = not any(control.get(c) == me for c in geo["capital"])
        return {"me": me, "view": view, "geo": geo, "mine": mine, "foes": foes, "control": control,
                "attacking": attacking}

    # -- battles: exact expectation over the chance outcomes --------------------------------
    def _plan_battles(self, game: Game, descs: list[tuple[Any, dict]]) -> list[Any]:
        sit = self._situation(game)
        sit["ends"] = [a for a, d in descs if d["verb"] == "end"]
        declared = {b["target"] for b in sit["view"].get("battles", [])}
        by_target: dict[str, list[tuple[str, Any]]] = {}
        prepared: dict[str, Any] = {}
        for a, d in descs:
            if d["verb"] != "attack" or d.get("hex") in declared:
                continue
            if d.get("units"):  # one unit joins the battle on a hex (Battle for Moscow)
                by_target.setdefault(d["hex"], []).append((d["units"][0], a))
            else:  # the battle is prepared first, then units join it one by one (Drive on Moscow 11.2)
                h = game.copy()
                h.push(a, validate=False)
                adds = [(x, self.pkg.describe(h.state, x)) for x in h.legal_actions]
                pairs = [(dx["units"][0], x) for x, dx in adds if dx["verb"] == "add" and dx.get("units")]
                if pairs:
                    by_target[d["hex"]], prepared[d["hex"]] = pairs, a
        options = []
        for target, pairs in by_target.items():
            # strongest first, ties by name: a set's order changes with the hash seed, a game must not
            units = sorted({u for u, _ in pairs}, key=lambda u: (-(sit["mine"].get(u, {}).get("strength") or 0), u))
            group, value = self._best_group(game, sit, target, units, dict(pairs), prepared.get(target))
            if group:
                options.append((value, target, group, dict(pairs)))
        options.sort(key=lambda o: (-o[0], o[1]))
        used: set[str] = set()
        plan: list[Any] = []
        for value, target, group, acts in options:
            if used & set(group):
                continue
            used.update(group)
            if target in prepared:  # one prepared battle at a time (Drive on Moscow 11.2-11.6): prepare, add, fight
                if plan:
                    return plan
                steps = [prepared[target], *(acts[u] for u in group)]
                h = game.copy()
                for a in steps:
                    h.push(a, validate=False)
                commit = self._commit(h)
                return steps + ([commit] if commit is not None else [])
            plan += [acts[u] for u in group]
        return plan

    def _best_group(self, game: Game, sit: dict, target: str, units: list[str], acts: dict,
                    prepare: Any = None) -> tuple[list[str], float]:
        """All units, then the weakest dropped while the value does not fall."""
        group = list(units)
        value = self._battle_value(game, sit, target, group, acts, prepare)
        while len(group) > 1:
            trial = group[:-1]
            v = self._battle_value(game, sit, target, trial, acts, prepare)
            if v < value - 0.05:
                break
            group, value = trial, v
        bar = 0.0 if self.bold else 0.5
        return (group, value) if value > bar else ([], value)

    def _battle_value(self, game: Game, sit: dict, target: str, group: list[str], acts: dict,
                      prepare: Any = None) -> float:
        try:
            preview = self.pkg.battle_preview(game.state, target, group)
        except Exception:  # noqa: BLE001 - the game refuses this attack: worth nothing
            return -99.0
        if preview.get("column_index", 0) is None:
            return -99.0
        g = game.copy()
        if not game.perfect_information:  # hidden values: one draw of what they may be (the rules' hook)
            g.state = game.rules.sample_hidden(game.state, sit["me"], random.Random(self.seed + game.ply))
        if prepare is not None:
            g.push(prepare, validate=False)
        for u in group:
            g.push(acts[u], validate=False)
        commit = self._commit(g)
        if commit is not None:
            g.push(commit, validate=False)
        mine_loss, foe_loss, cleared = self._expect(g, sit, target, 1.0, 0)
        worth = 4.0 if target in sit["geo"]["capital"] else (2.0 if target in sit["geo"]["places"] else 0.0)
        if not sit["attacking"]:
            worth *= 1.5
        ratio = 1.0 if self.bold else 1.3
        return foe_loss - ratio * mine_loss + cleared * (1.0 + worth)

    def _commit(self, g: Game) -> Any:
        """The legal action that resolves the battle being declared (``commit``, ``fight``), or None."""
        return next((a for a in g.legal_actions if self.pkg.describe(g.state, a)["verb"] in ("commit", "fight")), None)

    def _strengths(self, game: Game, me: str) -> tuple[float, float, set[str]]:
        view = self.pkg.view(game.state, me)
        mine = foe = 0.0
        foe_hexes = set()
        for u in view["units"]:
            if u.get("where") != "map":
                continue
            if u["side"] == me:
                mine += u.get("strength") or 0
            else:
                foe += u.get("strength") or 0
                foe_hexes.add(u.get("hex"))
        return mine, foe, foe_hexes

    def _expect(self, g: Game, sit: dict, target: str, p: float, depth: int) -> tuple[float, float, float]:
        """Expected (my loss, enemy loss, hex cleared) of resolving the declared battle: every
        chance outcome tried with its probability; other decisions by their first option."""
        if depth == 0:
            self._base = self._strengths(g, sit["me"])
        if depth == 0:
            self._phase = g.rules.phase_key(g.state)
        steps = 0
        while not g.is_over() and not g.is_chance() and steps < 12 and g.rules.phase_key(g.state) == self._phase:
            # an "end" of the phase is legal: the battle is over (the test below, without listing every action)
            if any(g.rules.is_legal(g.state, e) for e in sit["ends"]):
                break
            acts = list(g.legal_actions)
            if any(self.pkg.describe(g.state, a)["verb"] in ("end", "move", "attack") for a in acts):
                break  # the battle is over: the phase goes on
            g.push(acts[0], validate=False)
            steps += 1
        if g.is_chance() and depth < 3:
            total = [0.0, 0.0, 0.0]
            for outcome, q in g.chance_outcomes():
                h = g.copy()
                h.push(outcome, validate=False)
                r = self._expect(h, sit, target, p * float(q), depth + 1)
                for i in range(3):
                    total[i] += float(q) * r[i]
            return total[0], total[1], total[2]
        mine, foe, foe_hexes = self._strengths(g, sit["me"])
        m0, f0, _ = self._base
        return m0 - mine, f0 - foe, float(target not in foe_hexes)

    # -- movement ----------------------------------------------------------------------------
    def _plan_moves(self, game: Game, descs: list[tuple[Any, dict]]) -> list[Any]:
        sit = self._situation(game)
        geo, me = sit["geo"], sit["me"]
        moves: dict[str, list[tuple[str, Any]]] = {}
        for a, d in descs:
            if d["verb"] == "move" and d["units"]:
                moves.setdefault(d["units"][0], []).append((d["hex"], a))
        foe_hexes = [u["hex"] for u in sit["foes"].values()]
        taken = {u["hex"] for u in sit["mine"].values()} | set(foe_hexes)
        goals = [h for h in geo["places"] if sit["control"].get(h) != me] or geo["capital"]
        capital = geo["capital"][0] if geo["capital"] else None
        front = min((self._dist(geo, h, capital) for h in foe_hexes), default=6.0)
        held = {u["hex"] for u in sit["mine"].values()}
        plan = []
        order = sorted(moves, key=lambda u: (-(sit["mine"].get(u, {}).get("strength") or 0), u))
        for u in order:
            here = sit["mine"].get(u, {}).get("hex")
            strength = sit["mine"].get(u, {}).get("strength") or 1
            best, best_score = None, self._hex_score(sit, here, here, strength, goals, foe_hexes, capital, front, held)
            for dest, a in moves[u]:
                if dest in taken:
                    continue
                s = self._hex_score(sit, dest, here, strength, goals, foe_hexes, capital, front, held)
                if s > best_score + 1e-9:
                    best, best_score = (dest, a), s
            if best is not None:
                plan.append(best[1])
                taken.discard(here)
                held.discard(here)
                taken.add(best[0])
                held.add(best[0])
        return plan

    def _hex_score(self, sit: dict, h: str | None, here: str | None, strength: float, goals: list[str],
                   foe_hexes: list[str], capital: str | None, front: float, held: set[str]) -> float:
        geo = sit["geo"]
        if h is None:
            return -99.0
        near_foes = [f for f in foe_hexes if self._dist(geo, h, f) < 1.5]
        if sit["attacking"]:
            s = -1.0 * min((self._dist(geo, h, g) for g in goals), default=0.0)
            s -= 0.5 * self._dist(geo, h, capital)
            s += 1.0 * min(len(near_foes), 2)
            return s + (3.0 if h in goals else 0.0)
        # defending: hold the places, then a line just in front of the enemy's closest approach
        s = 0.0
        if h in geo["places"]:
            s += 6.0 if h in geo["capital"] else 3.0
            if h == here:
                s += 1.0
        s -= 1.0 * abs(self._dist(geo, h, capital) - max(1.0, front - 1.0))
        s -= 1.5 * max(0, len(near_foes) - 1)
        s += 0.4 * sum(1 for x in held if x != here and self._dist(geo, h, x) < 1.5)
        return s

    # -- the rest: one step at a time --------------------------------------------------------
    def _one_step(self, game: Game, descs: list[tuple[Any, dict]]) -> Any:
        sit = self._situation(game)
        geo = sit["geo"]
        capital = geo["capital"][0] if geo["capital"] else None
        foe_hexes = [u["hex"] for u in sit["foes"].values()]

        def score(item: tuple[Any, dict]) -> float:
            _, d = item
            verb, h = d["verb"], d.get("hex")
            if verb in ("end", "commit"):
                return -5.0
            if verb == "loss":  # the weakest unit takes the loss
                return -(sit["mine"].get(d["units"][0], {}).get("strength") or 0) if d["units"] else 0.0
            if h is None:
                return 0.0
            if sit["attacking"]:
                return 20.0 - self._dist(geo, h, capital)
            near = min((self._dist(geo, h, f) for f in foe_hexes), default=6.0)
            return 20.0 - abs(near - 2.0) - 0.3 * self._dist(geo, h, capital) + (2.0 if h in geo["places"] else 0.0)

        return max(descs, key=lambda item: score(item))[0]


def greedy(seed: int = 0, game: str = "bfm", **kw: Any) -> GreedyBaseline:
    return GreedyBaseline(seed=seed, game=game, bold=False, **kw)


def bold(seed: int = 0, game: str = "bfm", **kw: Any) -> GreedyBaseline:
    return GreedyBaseline(seed=seed, game=game, bold=True, **kw)

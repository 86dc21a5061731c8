"""An independent baseline of a fourth mind (``greedy.py`` weighs places and expected losses,
``capital.py`` thinks only of the capital, ``hunter.py`` goes for the enemy's units): the front
line and the terrain. For any two-sided hex-and-counter game of the contract.

Written only against the game contract (``view``, ``describe``, ``map_meta``,
``battle_preview``, the legal actions); it shares no code with the search players, with any
game's own players or with the other baselines, so measuring a player against it cannot flatter
(docs/ai.md, "Evaluation"). The map is read once: hex neighbours from the centres, defensive
terrain (forest, woods, rough, swamp, towns and cities, fortifications), obstacle hexsides
(rivers, streams, lakes, fortified sides), and every hex's distance in hexes to the capital (the
place marked ``capital``, else the places of the highest value, else every place).

- **role**, at every decision: the side holding more of the capital defends, the other
  attacks; when neither does, the side whose units stand nearer the capital defends;
- **the defender holds a line**: a unit of the capital's garrison stays in it (or the unit that
  can reach it goes there: the weakest, the strongest when the enemy is two hexes away or
  less); the line stands in the band one to two rings nearer the capital than each enemy unit
  in front of it, one ring further back at a time (up to five) until no path is left open:
  while an enemy unit could walk (its movement allowance plus one hex) through hexes no
  defender stands in or next to (every hex next to a unit stops a mover: zones of control)
  to a hex behind that band (nearer the capital than it), the band hex beside that path with the
  best ground (forest, fortification, city; every side facing the enemy a river: the enemy
  would attack across it) is added to the line, if some unit can reach it (units matched to
  hexes by augmenting paths); then the band hexes two hexes or less from the enemy are
  filled, the most threatened first; the strongest units take the line hexes facing the most
  enemy strength (next to them in full, two hexes away half); the rest stand out of contact
  nearest the line's most threatened hex;
- **the defender counterattacks** only an enemy unit that has crossed the line (it stands as
  near the capital as a defender next to it, or two hexes or less from the capital) and only
  at three to one or better, by the game's ``battle_preview`` (the column after terrain and
  river shifts); it does not advance after combat where it may decline;
- **the attacker concentrates** (Schwerpunkt): the enemy units are ranked by the odds its units
  that can reach the hexes around them would have (each enemy's strength counted half as much
  again for every shift of terrain it stands in, and once more if every free hex around it is
  across a river; the capital's odds count double: the objective); up to three of the weakest
  points are each given the strongest units that can reach them, one a hex, the hexes not
  across a river first, until four to one; exploiting units then go past the enemy's line
  nearby (nearer the capital than every enemy unit within four hexes, out of contact) towards
  the capital, or into empty places the enemy holds; the rest stand as a screen one hex from
  the enemy (two where the enemy next to them is more than twice as strong), spread out,
  nearest the capital. In the last movement of the game (its side has no combat left) every
  unit that can enters a place its side does not hold, the capital first; the rest screen;
- **the attacker's battles**: every enemy hex it may attack is judged by the final column of
  ``battle_preview`` with every free unit that can join; the best odds first (ties: nearest the
  capital), each battle with the fewest units that keep its best column, declared at two to
  one or better (one to one on the last turn, any column the table has against the capital);
  it advances after combat, the strongest unit into the emptied hex;
- every other decision by one rule: retreats beside friends and away from enemies (the
  defender's towards the capital; the path it chooses for an enemy unit's retreat: the
  opposite), a loss on the weakest unit (an enemy's on the strongest), replacements and
  reinforcements placed nearest the sector that needs them, not in contact (the defender:
  where the enemy has most strength over its own; the attacker: the weakest point), a reduced
  unit two hexes or less from the enemy restored first; else the decision is ended where it
  can be, or the first legal action not yet taken in the phase. No action is taken twice in
  one phase and no unit is moved twice, so every phase ends. Deterministic: no randomness.
"""

from __future__ import annotations

import collections
import math
import re
from typing import Any

from ...core.game import Game
from ...games import registry

_CLOSE = ("commit", "fight", "end", "pass", "done")  # verbs that close a decision, in this order
_PLACE = ("restore", "place", "reinforce", "enter")  # replacements and reinforcements
_NEVER = ("cancel", "undo")  # a battle given up is opened again: never
_TERRAIN = {"forest": 1.0, "woods": 1.0, "wood": 1.0, "rough": 1.0, "hill": 1.0, "hills": 1.0,
            "mountain": 2.0, "mountains": 2.0, "swamp": 0.5, "marsh": 0.5, "town": 0.5, "city": 1.0,
            "major_city": 1.5, "urban": 1.0}  # column shifts a defender is taken to gain
_OBSTACLE = ("river", "stream", "lake", "reservoir", "fortif", "canal", "escarp")
_SHIFT = 1.5  # one shift of terrain, judged from the map, counts as half as much defence again
_ATTACK = 2.0  # the attacker's least odds (before the last turn)
_COUNTER = 3.0  # the defender's least odds
_AIM = 4.0  # the odds a Schwerpunkt's units are gathered to reach
_POINTS = 3  # Schwerpunkte at most
_FAR = 999  # hexes from the capital of a hex it cannot be reached from


class _Map:
    """The board, once per options: neighbours, obstacles, ground, distance to the capital."""

    def __init__(self, meta: dict[str, Any]) -> None:
        centres = {h: (float(c[0]), float(c[1])) for h, c in meta["geometry"]["centres"].items()}
        self.hexes = sorted(centres)
        pts = [centres[h] for h in self.hexes]
        step = min((math.dist(pts[0], p) for p in pts[1:] if math.dist(pts[0], p) > 1e-9), default=1.0)
        self.centres, self.step = centres, step
        cells: dict[tuple[int, int], list[str]] = {}  # a grid of one step, to find neighbours fast
        for h in self.hexes:
            x, y = centres[h]
            cells.setdefault((int(x // step), int(y // step)), []).append(h)
        self.nb: dict[str, list[str]] = {}
        for h in self.hexes:
            x, y = centres[h]
            cx, cy = int(x // step), int(y // step)
            near = [o for i in (-2, -1, 0, 1, 2) for j in (-2, -1, 0, 1, 2) for o in cells.get((cx + i, cy + j), ())]
            self.nb[h] = sorted(o for o in near if o != h and math.dist(centres[o], (x, y)) < 1.3 * step)
        self.obstacles = {frozenset((s["a"], s["b"])) for s in meta.get("hexsides", [])
                          if any(w in str(s.get("feature", "")).lower() for w in _OBSTACLE)}
        hexes = meta.get("hexes", {})
        self.ground = {h: self._ground(hexes.get(h) or {}) for h in self.hexes}
        marked = [p for p in meta.get("places", []) if p.get("hex") in centres]
        self.places = [p["hex"] for p in marked]
        capital = [p["hex"] for p in marked if p.get("capital")]
        if not capital and marked:
            top = max((p.get("value") or 0) for p in marked)
            capital = [p["hex"] for p in marked if (p.get("value") or 0) == top]
        self.capital = capital
        self.dcap = self.spread(capital) if capital else {h: 0 for h in self.hexes}
        # a hex's ground against an enemy coming from further out: its terrain, and a river on
        # every side that faces away from the capital (all of them: the whole shift)
        self.hold: dict[str, float] = {}
        for h in self.hexes:
            out = [n for n in self.nb[h] if self.dcap.get(n, _FAR) > self.dcap.get(h, _FAR)]
            wet = sum(1 for n in out if frozenset((h, n)) in self.obstacles)
            river = 1.5 if out and wet == len(out) else 0.5 * wet / max(len(out), 1)
            self.hold[h] = self.ground[h] + river

    @staticmethod
    def _ground(attrs: dict[str, Any]) -> float:
        g = _TERRAIN.get(str(attrs.get("terrain") or "").lower(), 0.0)
        if any(attrs.get(k) for k in ("fortification", "fortified", "entrenchment")):
            g += 1.5
        if attrs.get("major_city") is True:
            g += 1.0
        elif attrs.get("city"):
            g += 0.3
        return g

    def spread(self, sources: list[str], limit: int | None = None) -> dict[str, int]:
        """Hexes from the nearest of ``sources`` (breadth first; only up to ``limit``)."""
        dist = {s: 0 for s in sorted(sources) if s in self.nb}
        todo = collections.deque(dist)
        while todo:
            h = todo.popleft()
            d = dist[h]
            if limit is not None and d >= limit:
                continue
            for n in self.nb[h]:
                if n not in dist:
                    dist[n] = d + 1
                    todo.append(n)
        return dist

    def far(self, a: str | None, b: str | None) -> float:
        """Hex steps between two hexes by their centres (99 off the map)."""
        if a not in self.centres or b not in self.centres:
            return 99.0
        return math.dist(self.centres[a], self.centres[b]) / self.step  # type: ignore[index]


def _number(u: dict[str, Any], key: str, first: bool, default: float) -> float:
    """A unit's strength (``first``) or movement from the view: the key, else its printed values."""
    v = u.get(key)
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    nums = re.findall(r"\d+(?:\.\d+)?", str(u.get("values") or ""))
    if nums:
        return float(nums[0] if first else nums[-1])
    return default


def _ratio(text: Any) -> float | None:
    """``"3:1"`` / ``"1-2"`` as a number, None if it is no ratio."""
    m = re.fullmatch(r"\D*(\d+(?:\.\d+)?)\s*[:\-]\s*(\d+(?:\.\d+)?)\D*", str(text or ""))
    if not m or float(m.group(2)) == 0:
        return None
    return float(m.group(1)) / float(m.group(2))


class FrontBaseline:
    """The front-line baseline (module docstring): ``FrontBaseline(game="bfm")``."""

    name = "baseline-front"

    def __init__(self, seed: int = 0, game: str = "bfm", **_: Any) -> None:
        self.pkg = registry.get(game)
        self.game_name = game
        self.seed = seed
        self._map: tuple[str, _Map] | None = None
        self._plan: list[tuple[Any, str | None]] = []  # the rest of this phase's plan: (action, unit moved)
        self._plan_at: Any = None  # the position the plan's next action is for
        self._phase: Any = None  # (seed, turn, phase, side) of the sets below
        self._moved: set[str] = set()  # units moved in this phase
        self._done: set[str] = set()  # actions taken in this phase (by their text)
        self._join: dict[Any, bool] = {}  # phase id -> whether units join a declared battle one by one

    # -- the decision ----------------------------------------------------------------------------
    def choose(self, game: Game) -> Any:
        legal = list(game.legal_actions)
        if len(legal) == 1:
            return legal[0]
        here = (game.seed, game.ply, str(game.log[-1].action) if game.log else None)
        if self._plan and self._plan_at == here:
            action, unit = self._plan.pop(0)
            if action in legal:
                return self._take(game, action, unit)
        self._plan = []
        side = game.current_player
        view = self.pkg.view(game.state, side)
        board = self._board(game)
        phase = (game.seed, view.get("turn"), str((view.get("phase") or {}).get("id")), side)
        if phase != self._phase:
            self._phase, self._moved, self._done = phase, set(), set()
        described = [(a, self.pkg.describe(game.state, a)) for a in legal]
        verbs = {d["verb"] for _, d in described}
        ctx = self._context(view, side, board)
        plan: list[tuple[Any, str | None]] = []
        if "attack" in verbs:
            plan = self._battles(game, described, ctx)
        if not plan and "move" in verbs:
            plan = self._movement(described, ctx)
        if not plan and verbs & set(_PLACE):
            placed = self._placement(described, ctx)
            if placed is not None:
                plan = [(placed, None)]
        if not plan:
            return self._take(game, self._one_step(described, ctx), None)
        self._plan = plan[1:]
        return self._take(game, plan[0][0], plan[0][1])

    def _take(self, game: Game, action: Any, unit: str | None) -> Any:
        self._plan_at = (game.seed, game.ply + 1, str(action))
        self._done.add(str(action))
        if unit is not None:
            self._moved.add(unit)
        return action

    def _board(self, game: Game) -> _Map:
        key = repr(sorted(dict(game.options).items()))
        if self._map is None or self._map[0] != key:
            self._map = (key, _Map(self.pkg.map_meta(dict(game.options))))
        return self._map[1]

    def _context(self, view: dict[str, Any], side: str, board: _Map) -> dict[str, Any]:
        on_map = [u for u in view.get("units", []) if u.get("where") == "map" and u.get("hex") in board.nb]
        mine = {u["id"]: u["hex"] for u in on_map if u.get("side") == side}
        power = {u["id"]: _number(u, "strength", True, 2.0) for u in view.get("units", [])}
        sides = {u["id"]: u.get("side") for u in view.get("units", [])}
        foes = [(u["id"], u["hex"], power[u["id"]], _number(u, "movement", False, 4.0))
                for u in on_map if u.get("side") != side]
        control = view.get("control") or {}
        ours = sum(1 for c in board.capital if control.get(c) == side)
        theirs = sum(1 for c in board.capital if control.get(c) not in (None, side))
        if ours != theirs:
            defends = ours > theirs
        else:  # nobody holds more of it: the side standing nearer defends

            def mean(hexes: list[str]) -> float:
                return sum(board.dcap.get(h, _FAR) for h in hexes) / max(len(hexes), 1)

            defends = bool(mine) and bool(foes) and mean(list(mine.values())) < mean([f[1] for f in foes])
        turn, last_turn = view.get("turn"), view.get("last_turn")
        last = turn is not None and turn == last_turn
        phases = view.get("phases") or []
        ids = [str(p.get("id")) for p in phases]
        now = str((view.get("phase") or {}).get("id"))
        later = phases[ids.index(now) + 1:] if now in ids else []
        combat_left = any(p.get("side") == side and "combat" in (str(p.get("kind")) + str(p.get("id"))).lower()
                          and not p.get("skipped") for p in later)
        return {
            "side": side, "view": view, "board": board, "mine": mine, "power": power, "sides": sides,
            "foes": foes, "foe_at": {f[1] for f in foes}, "control": control, "defends": defends,
            "last": last, "final": last and not combat_left,
            "de": None,  # hexes from the nearest enemy unit: ``_de``, worked out when first asked
        }

    @staticmethod
    def _de(ctx: dict[str, Any]) -> dict[str, int]:
        if ctx["de"] is None:
            ctx["de"] = ctx["board"].spread([f[1] for f in ctx["foes"]]) if ctx["foes"] else {}
        return ctx["de"]

    # -- battles ---------------------------------------------------------------------------------
    def _battles(self, game: Game, described: list[tuple[Any, dict]],
                 ctx: dict[str, Any]) -> list[tuple[Any, str | None]]:
        view, board = ctx["view"], ctx["board"]
        declared = view.get("battles") or []
        fought = {b.get("target") for b in declared}
        busy = {u for b in declared for u in (b.get("attackers") or [])}
        joins: dict[str, dict[str, Any]] = {}  # target -> unit -> the action it joins by
        whole: dict[str, list[tuple[tuple[str, ...], Any]]] = {}  # target -> (units, a whole battle)
        opener: dict[str, Any] = {}  # target -> the action opening a battle its units then join
        for a, d in described:
            t = d.get("hex")
            if d["verb"] != "attack" or not t or t in fought:
                continue
            units = tuple(d.get("units") or ())
            if not units:
                after = game.copy()
                after.push(a, validate=False)
                adds = {}
                for x in after.legal_actions:
                    dx = self.pkg.describe(after.state, x)
                    if dx["verb"] == "add" and dx.get("units"):
                        adds[dx["units"][0]] = x
                if adds:
                    joins[t], opener[t] = adds, a
                continue
            whole.setdefault(t, []).append((units, a))
            if len(units) == 1:
                joins.setdefault(t, {})[units[0]] = a
        join_mode = self._joins(game, described, joins, opener, ctx)
        crossed = self._crossed(ctx) if ctx["defends"] else None
        ranked = []
        best_whole: dict[str, Any] = {}  # target -> its whole battle of the best odds, the fewest units
        for t in sorted(set(joins) | set(whole)):
            if crossed is not None and t not in crossed:
                continue  # the defender fights only what broke into its line
            if join_mode or t in opener:
                free = [u for u in joins.get(t, {}) if u not in busy]
                odds = self._odds(game, t, free) if free else None
            else:
                scored = [(self._odds(game, t, list(us)), us, a) for us, a in whole[t]]
                odds = max((o for o, _, _ in scored if o is not None), default=None)
                best_whole[t] = max(scored, key=lambda s: (s[0] or 0.0, -len(s[1])))[2]
            if odds is None or odds < self._need(t, ctx):
                continue
            ranked.append((-odds, board.dcap.get(t, _FAR), t))
        plan: list[tuple[Any, str | None]] = []
        used = set(busy)
        for _, _, t in sorted(ranked):
            if t in opener:  # one battle at a time: open it, join it, let the rules go on
                units = self._fewest(game, t, [u for u in joins[t] if u not in used], ctx)
                if plan or not units:
                    continue
                return [(opener[t], None), *((joins[t][u], None) for u in units)]
            if join_mode:
                units = self._fewest(game, t, [u for u in joins[t] if u not in used], ctx)
                if not units:
                    continue
                used.update(units)
                plan += [(joins[t][u], None) for u in units]
            else:  # each action a whole battle: the best of them, then the rules go on
                return plan or [(best_whole[t], None)]
        return plan

    def _joins(self, game: Game, described: list[tuple[Any, dict]], joins: dict[str, dict[str, Any]],
               opener: dict[str, Any], ctx: dict[str, Any]) -> bool:
        """Whether an ``attack`` names one unit joining a battle that stays open for more (Battle
        for Moscow's declarations) rather than a whole battle fought at once: tried on a copy."""
        phase = (self.game_name, str((ctx["view"].get("phase") or {}).get("id")))
        if phase in self._join:
            return self._join[phase]
        for t, units in joins.items():
            if t in opener or len(units) < 2:
                continue
            first = next(iter(units.values()))
            after = game.copy()
            after.push(first, validate=False)
            found = False
            if not after.is_chance() and after.current_player == ctx["side"]:
                for x in after.legal_actions:
                    dx = self.pkg.describe(after.state, x)
                    if dx["verb"] == "attack" and dx.get("hex") == t and dx.get("units") and dx["units"][0] in units:
                        found = True
                        break
            self._join[phase] = found
            return found
        return False  # nothing to tell by: treat each action as a battle of its own

    def _need(self, target: str, ctx: dict[str, Any]) -> float:
        if ctx["defends"]:
            return _COUNTER
        if ctx["last"]:
            return 1e-6 if target in ctx["board"].capital else 1.0
        return _ATTACK

    def _crossed(self, ctx: dict[str, Any]) -> set[str]:
        """Enemy hexes that broke into the line: as near the capital as a defender next to them,
        or two hexes or less from the capital."""
        board, out = ctx["board"], set()
        mine_at = set(ctx["mine"].values())
        for _, h, _, _ in ctx["foes"]:
            d = board.dcap.get(h, _FAR)
            if d <= 2 or any(n in mine_at and board.dcap.get(n, _FAR) >= d for n in board.nb[h]):
                out.add(h)
        return out

    def _fewest(self, game: Game, target: str, free: list[str], ctx: dict[str, Any]) -> list[str]:
        """Every free unit, then the weakest dropped while the odds stay at their best."""
        power = ctx["power"]
        units = sorted(free, key=lambda u: (-power.get(u, 0.0), u))
        best = self._odds(game, target, units) if units else None
        if best is None or best < self._need(target, ctx):
            return []
        for u in reversed(list(units)):
            if len(units) == 1:
                break
            rest = [v for v in units if v != u]
            odds = self._odds(game, target, rest)
            if odds is not None and odds >= best - 1e-9:
                units = rest
        return units

    def _odds(self, game: Game, target: str, units: list[str]) -> float | None:
        """The odds by the game's preview: the final column (after terrain and rivers), else the
        column (weighted over hidden values), else attack over defence; a die modifier counts a
        quarter more or less a point; 0 for a column below the table; None if refused."""
        try:
            p = self.pkg.battle_preview(game.state, target, units)
        except Exception:  # noqa: BLE001 - not a battle the rules allow
            return None
        if "column_index" in p and p["column_index"] is None:
            return 0.0
        odds = _ratio(p.get("final")) or _ratio(p.get("column"))
        if odds is None and isinstance(p.get("columns"), dict) and p["columns"]:
            parts = [(_ratio(c), float(w)) for c, w in p["columns"].items()]
            if all(r is not None for r, _ in parts):
                odds = sum(r * w for r, w in parts) / max(sum(w for _, w in parts), 1e-9)  # type: ignore[operator]
        if odds is None:
            att, dfn = p.get("attack"), p.get("defence")
            if not isinstance(att, (int, float)) or not isinstance(dfn, (int, float)):
                return None
            odds = float(att) / max(float(dfn), 0.5)
        drm = p.get("drm")
        if isinstance(drm, (int, float)) and not isinstance(drm, bool):
            odds *= 1.25 ** drm
        return odds

    # -- movement --------------------------------------------------------------------------------
    def _movement(self, described: list[tuple[Any, dict]], ctx: dict[str, Any]) -> list[tuple[Any, str | None]]:
        choices: dict[str, dict[str, Any]] = {}  # unit -> destination -> its move
        for a, d in described:
            units, h = d.get("units") or [], d.get("hex")
            if d["verb"] != "move" or not units or not h or h in ctx["foe_at"]:
                continue
            u = units[0]
            if u in ctx["mine"] and u not in self._moved:
                choices.setdefault(u, {}).setdefault(h, a)
        if not choices:
            return []
        goal = self._hold_line(choices, ctx) if ctx["defends"] else self._push(choices, ctx)
        # units going to a hex a friend still stands in move after it
        at = dict(ctx["mine"])
        todo = [u for u in sorted(goal) if goal[u] != at.get(u)]
        plan = []
        while todo:
            standing = set(at.values())
            u = next((v for v in todo if goal[v] not in standing), todo[0])
            todo.remove(u)
            plan.append((choices[u][goal[u]], u))
            at[u] = goal[u]
        return plan

    # the defender --------------------------------------------------------------------------------
    def _hold_line(self, choices: dict[str, dict[str, Any]], ctx: dict[str, Any]) -> dict[str, str]:
        """Where the defender's units go: the garrison, the line, the reserves."""
        board, mine, power = ctx["board"], ctx["mine"], ctx["power"]
        movers = sorted(choices, key=lambda u: (-power.get(u, 0.0), u))
        reach = {u: set(choices[u]) | {mine[u]} for u in movers}
        fixed = {h for v, h in mine.items() if v not in choices}
        goal: dict[str, str] = {}
        # the capital's garrison
        if len(board.capital) <= 2:
            for c in board.capital:
                if c in ctx["foe_at"] or c in fixed or c in goal.values():
                    continue
                here = [u for u in movers if mine[u] == c and u not in goal]
                if here:
                    goal[here[0]] = c
                    continue
                can = [u for u in movers if c in reach[u] and u not in goal]
                if can:
                    near = any(board.far(c, f[1]) <= 2.5 for f in ctx["foes"])
                    goal[(can[0] if near else can[-1])] = c
        free = [u for u in movers if u not in goal]
        held = fixed | set(goal.values())
        if not ctx["foes"]:
            return goal
        threat = self._threat(ctx)
        depth = int(min(max(f[3] for f in ctx["foes"]), 10)) + 1
        best = None
        for off in range(1, 6):  # the band ``off`` rings in front of the enemy, further back until it closes
            gaps, line, match = self._cover(off, free, reach, held, ctx, threat, depth)
            if best is None or gaps < best[0]:
                best = (gaps, line, match)
            if gaps == 0:
                break
        assert best is not None
        _, line, match = best
        # the strongest where the enemy is strongest: matched again, most threatened first
        line.sort(key=lambda h: (-threat.get(h, 0.0), -board.hold[h], h))
        match, owner = {}, {}
        for h in line:
            self._augment(h, match, owner, reach, free, set())
        for h, u in match.items():
            goal[u] = h
        # the rest out of contact, nearest the line's most threatened hex
        taken = held | set(match)
        focus = line[0] if line else min(ctx["foe_at"], key=lambda h: (board.dcap.get(h, _FAR), h))
        for u in free:
            if u in goal:
                continue
            spots = [h for h in sorted(reach[u]) if h not in taken]
            calm = [h for h in spots if self._de(ctx).get(h, _FAR) >= 2]
            if calm:
                dest = min(calm, key=lambda h: (board.far(h, focus) - 0.3 * board.hold[h], h))
            else:
                dest = min(spots, default=mine[u], key=lambda h: (board.dcap.get(h, _FAR), -board.hold[h], h))
            goal[u] = dest
            taken.add(dest)
        return goal

    def _threat(self, ctx: dict[str, Any]) -> dict[str, float]:
        """Enemy strength bearing on each hex: next to it in full, two hexes away half."""
        board, out = ctx["board"], {}
        for _, h, s, _ in ctx["foes"]:
            for n, d in board.spread([h], 2).items():
                if d:
                    out[n] = out.get(n, 0.0) + s * (1.0 if d == 1 else 0.5)
        return out

    def _cover(self, off: int, free: list[str], reach: dict[str, set[str]], held: set[str], ctx: dict[str, Any],
               threat: dict[str, float], depth: int) -> tuple[int, list[str], dict[str, str]]:
        """A line ``off`` to ``off + 1`` rings nearer the capital than each enemy unit before it:
        (paths left open, its hexes, hex -> unit)."""
        board = ctx["board"]
        dcap = board.dcap
        band: set[str] = set()  # the hexes ``off`` to ``off + 1`` rings in front of some enemy unit
        for _, h, _, _ in ctx["foes"]:
            d = dcap.get(h, _FAR)
            band |= {n for n in board.spread([h], off + 2)
                     if d - off - 1 <= dcap.get(n, _FAR) <= d - off and n not in ctx["foe_at"]}
        stand = set(held)
        covered = stand | {n for h in stand for n in board.nb[h]}
        line: list[str] = []
        match: dict[str, str] = {}
        owner: dict[str, str] = {}
        gaps = 0
        for _ in range(len(free) + len(ctx["foes"]) + 2):
            path = self._leak(ctx, stand, covered, off + 2, depth)
            if path is None:
                break
            on = set(path)
            cands = sorted({c for p in path for c in (p, *board.nb[p]) if c in band and c not in stand})
            cands.sort(key=lambda c: (-(2.0 * board.hold[c] + sum(1 for n in (c, *board.nb[c]) if n in on)
                                        + 0.1 * threat.get(c, 0.0)), c))
            chosen = next((c for c in cands if self._augment(c, match, owner, reach, free, set())), None)
            if chosen is None:  # no unit can close it: left open
                gaps += 1
                covered |= on
                continue
            line.append(chosen)
            stand.add(chosen)
            covered |= {chosen, *board.nb[chosen]}
        # then the band hexes within two of the enemy, the most threatened first
        extra = sorted((h for h in band if h not in stand and self._de(ctx).get(h, _FAR) <= 2),
                       key=lambda h: (-threat.get(h, 0.0), -board.hold[h], h))
        for h in extra:
            if len(match) >= len(free):
                break
            if self._augment(h, match, owner, reach, free, set()):
                line.append(h)
                stand.add(h)
        return gaps, line, match

    def _leak(self, ctx: dict[str, Any], stand: set[str], covered: set[str], gain: int, depth: int) -> list[str] | None:
        """A path along which an enemy unit could walk (``depth`` hexes, through hexes no
        defender stands in or next to) ``gain`` rings nearer the capital, or None."""
        board = ctx["board"]
        dcap = board.dcap
        parent: dict[str, str | None] = {}
        best: dict[str, int] = {}  # a hex -> the farthest capital distance of an enemy reaching it
        todo: collections.deque[tuple[str, int, int]] = collections.deque()
        for h in sorted(ctx["foe_at"]):
            parent[h], best[h] = None, dcap.get(h, _FAR)
            todo.append((h, 0, best[h]))
        while todo:
            h, d, src = todo.popleft()
            if d >= depth or src < best.get(h, -1):
                continue
            for n in board.nb[h]:
                if n in stand or n in ctx["foe_at"] or best.get(n, -1) >= src:
                    continue
                parent[n], best[n] = h, src
                if n in covered:
                    continue  # it would stop there
                if dcap.get(n, _FAR) <= src - gain:
                    path, x, seen = [], n, set()
                    while x is not None and x not in seen:
                        seen.add(x)
                        path.append(x)
                        x = parent[x]
                    return path
                todo.append((n, d + 1, src))
        return None

    def _augment(self, h: str, match: dict[str, str], owner: dict[str, str], reach: dict[str, set[str]],
                 units: list[str], seen: set[str]) -> bool:
        """Give hex ``h`` a unit, moving matched units to other hexes if need be (augmenting path)."""
        for u in units:
            if u in seen or h not in reach[u]:
                continue
            seen.add(u)
            if u not in owner or self._augment(owner[u], match, owner, reach, units, seen):
                match[h], owner[u] = u, h
                return True
        return False

    # the attacker --------------------------------------------------------------------------------
    def _push(self, choices: dict[str, dict[str, Any]], ctx: dict[str, Any]) -> dict[str, str]:
        """Where the attacker's units go: the places at the end, the Schwerpunkte, the
        exploitation, the screen."""
        board, mine, power, control = ctx["board"], ctx["mine"], ctx["power"], ctx["control"]
        movers = sorted(choices, key=lambda u: (-power.get(u, 0.0), u))
        reach = {u: set(choices[u]) | {mine[u]} for u in movers}
        taken = {h for v, h in mine.items() if v not in choices}
        goal: dict[str, str] = {}

        def put(u: str, h: str) -> None:
            goal[u] = h
            taken.add(h)

        wanted = [p for p in board.places if control.get(p) != ctx["side"] and p not in ctx["foe_at"]]
        if ctx["final"]:  # the last move of the game: every unit that can into a place it does not hold
            for p in sorted(wanted, key=lambda p: (p not in board.capital, p)):
                can = [u for u in movers if u not in goal and p in reach[u] and p not in taken]
                if can:
                    put(can[-1], p)
        if ctx["foes"] and not ctx["final"]:
            self._schwerpunkt(movers, reach, taken, goal, ctx)
            front: dict[str, float] = {}  # a hex -> the capital distance of the enemy's line near it

            def behind(h: str) -> bool:
                if h not in front:
                    front[h] = min((board.dcap.get(f[1], _FAR) for f in ctx["foes"]
                                    if board.far(h, f[1]) <= 4.5), default=float(_FAR))
                return board.dcap.get(h, _FAR) < front[h] and self._de(ctx).get(h, _FAR) >= 2

            for u in movers:  # exploitation: past the enemy's line nearby, or an empty place it holds
                if u in goal:
                    continue
                here = board.dcap.get(mine[u], _FAR)
                past = [h for h in sorted(reach[u]) if h not in taken
                        and (h in wanted or (board.dcap.get(h, _FAR) < here and behind(h)))]
                if past:
                    put(u, min(past, key=lambda h: (h not in wanted, board.dcap.get(h, _FAR), h)))
        for u in movers:  # the screen
            if u in goal:
                continue
            opts = [h for h in reach[u] if h not in taken] or [mine[u]]
            put(u, max(opts, key=lambda h: (self._screen(h, u, goal, ctx) + (0.05 if h == mine[u] else 0.0), h)))
        return goal

    def _schwerpunkt(self, movers: list[str], reach: dict[str, set[str]], taken: set[str], goal: dict[str, str],
                     ctx: dict[str, Any]) -> None:
        """The weakest points of the enemy's line, each given the strongest units that reach it."""
        board, power = ctx["board"], ctx["power"]
        stack: dict[str, float] = {}
        for _, h, s, _ in ctx["foes"]:
            stack[h] = stack.get(h, 0.0) + s
        points = []
        for t in sorted(stack):
            around = [n for n in board.nb[t] if n not in ctx["foe_at"] and n not in taken]
            if not around:
                continue
            wet = all(frozenset((t, n)) in board.obstacles for n in around)
            defence = stack[t] * _SHIFT ** (board.ground[t] + (1.0 if wet else 0.0))
            can = sorted((power.get(u, 0.0) for u in movers if reach[u] & set(around)), reverse=True)
            odds = sum(can[:len(around)]) / max(defence, 0.5)
            if t in board.capital:  # the objective counts double
                odds *= 2.0
            points.append((-odds, board.dcap.get(t, _FAR), t, defence))
        made = 0
        for neg, _, t, defence in sorted(points):
            if made >= _POINTS or -neg < _ATTACK:
                break
            got, total = [], 0.0
            for u in movers:
                if u in goal:
                    continue
                spots = [n for n in board.nb[t] if n in reach[u] and n not in ctx["foe_at"] and n not in taken]
                if not spots:
                    continue
                spot = min(spots, key=lambda n: (frozenset((t, n)) in board.obstacles, -board.hold[n], n))
                goal[u] = spot
                taken.add(spot)
                got.append(u)
                total += power.get(u, 0.0)
                if total / max(defence, 0.5) >= _AIM:
                    break
            if total / max(defence, 0.5) * (2.0 if t in board.capital else 1.0) >= _ATTACK:
                made += 1
            else:  # not enough after all: the units are free again
                for u in got:
                    taken.discard(goal.pop(u))

    def _screen(self, h: str, unit: str, goal: dict[str, str], ctx: dict[str, Any]) -> float:
        """How good ``h`` is for ``unit`` in the screen: one hex from the enemy (two beside more
        than twice its strength), spread out, nearest the capital, on good ground."""
        board, power = ctx["board"], ctx["power"]
        me = power.get(unit, 0.0)
        against = sum(s for _, f, s, _ in ctx["foes"] if f in board.nb[h])
        want = 2 if against > 2.0 * max(me, 0.5) else 1
        friends = sum(1 for v, x in goal.items() if v != unit and x in board.nb[h])
        return (-2.0 * abs(self._de(ctx).get(h, _FAR) - want) - 0.3 * board.dcap.get(h, _FAR)
                + 0.3 * board.hold[h] - 0.2 * friends)

    # -- replacements and reinforcements ---------------------------------------------------------
    def _placement(self, described: list[tuple[Any, dict]], ctx: dict[str, Any]) -> Any:
        board, mine = ctx["board"], ctx["mine"]
        options = [(a, d) for a, d in described if d["verb"] in _PLACE and str(a) not in self._done]
        if not options:
            return None
        need = self._need_at(ctx)
        focus = max(need, key=lambda h: (need[h], h)) if need else (board.capital[0] if board.capital else None)

        def worth(d: dict[str, Any]) -> tuple[float, str]:
            h = d.get("hex")
            if d["verb"] == "restore":
                u = (d.get("units") or [None])[0]
                h = mine.get(u, h)
                if h is not None and self._de(ctx).get(h, _FAR) <= 2:
                    return 100.0 + need.get(h, 0.0), d["text"]
                return 40.0 - board.far(h, focus), d["text"]
            if not h:
                return 0.0, d["text"]
            contact = 3.0 if self._de(ctx).get(h, _FAR) <= 1 else 0.0
            return 50.0 - board.far(h, focus) - contact, d["text"]

        return max(options, key=lambda ad: worth(ad[1]))[0]

    def _need_at(self, ctx: dict[str, Any]) -> dict[str, float]:
        """Where units are needed: (defender) at its units within three hexes of the enemy, the
        enemy's strength within two hexes over its own; (attacker) at the weakest enemy unit."""
        board, power, mine = ctx["board"], ctx["power"], ctx["mine"]
        if not ctx["foes"]:
            return {}
        if not ctx["defends"]:
            weakest = min(ctx["foes"], key=lambda f: (f[2] * _SHIFT ** board.ground[f[1]],
                                                      board.dcap.get(f[1], _FAR), f[1]))
            return {weakest[1]: 1.0}
        out = {}
        for u, h in mine.items():
            if self._de(ctx).get(h, _FAR) > 3:
                continue
            theirs = sum(s for _, f, s, _ in ctx["foes"] if board.far(h, f) <= 2.5)
            ours = sum(power.get(v, 0.0) for v, x in mine.items() if board.far(h, x) <= 2.5)
            out[h] = theirs - ours
        if not out:
            first = min(ctx["foes"], key=lambda f: (board.dcap.get(f[1], _FAR), f[1]))
            out[first[1]] = 0.0
        return out

    # -- every other decision: one rule ----------------------------------------------------------
    def _one_step(self, described: list[tuple[Any, dict]], ctx: dict[str, Any]) -> Any:
        verbs = {d["verb"] for _, d in described}
        power, sides, side = ctx["power"], ctx["sides"], ctx["side"]
        if "retreat" in verbs:
            return max(((a, d) for a, d in described if d["verb"] == "retreat"),
                       key=lambda ad: (self._retreat_worth(ad[1], ctx), ad[1]["text"]))[0]
        losses = [(a, d) for a, d in described if d["verb"] in ("loss", "lose") and d.get("units")]
        if losses:  # the weakest of its own, the strongest of the enemy's
            def loss_worth(d: dict[str, Any]) -> tuple[float, str]:
                u = d["units"][0]
                s = power.get(u, 0.0)
                return (-s if sides.get(u, side) == side else s), d["text"]
            return max(losses, key=lambda ad: loss_worth(ad[1]))[0]
        if "advance" in verbs:
            moves = [(a, d) for a, d in described if d["verb"] == "advance" and d.get("units")]
            stay = [a for a, d in described if (d["verb"] == "advance" and not d.get("units")) or d["verb"] in _CLOSE]
            if ctx["defends"] and stay:
                return stay[0]  # the defender keeps its line
            if moves:
                return max(moves, key=lambda ad: (sum(power.get(u, 0.0) for u in ad[1]["units"]), ad[1]["text"]))[0]
        closing = [a for verb in _CLOSE for a, d in described if d["verb"] == verb]
        if closing:
            return closing[0]
        fresh = [a for a, d in described if d["verb"] not in _NEVER and str(a) not in self._done]
        return (fresh or [a for a, d in described if d["verb"] not in _NEVER] or [described[0][0]])[0]

    def _retreat_worth(self, d: dict[str, Any], ctx: dict[str, Any]) -> float:
        """Beside friends, away from enemies (the retreating unit's); for an enemy's retreat its
        side's opposite."""
        board, side = ctx["board"], ctx["side"]
        h = d.get("hex")
        unit = (d.get("units") or [None])[0]
        own = ctx["sides"].get(unit, side) == side
        view_units = [u for u in ctx["view"].get("units", [])
                      if u.get("where") == "map" and u.get("hex") and u["id"] != unit]
        friends = [u["hex"] for u in view_units if (u.get("side") == side) == own]
        enemies = [u["hex"] for u in view_units if (u.get("side") == side) != own]
        away = min((board.far(h, e) for e in enemies), default=10.0)
        beside = sum(1 for f in friends if board.far(h, f) < 1.3)
        cost = 0.0 if "none" in str(d.get("consequence", "none")).lower() else 5.0
        worth = away + 0.5 * beside - cost
        if own and ctx["defends"]:
            worth -= 0.2 * board.dcap.get(h, _FAR) if h in board.dcap else 0.0
        return worth if own else -worth


def front(seed: int = 0, game: str = "bfm", **kw: Any) -> FrontBaseline:
    return FrontBaseline(seed=seed, game=game, **kw)

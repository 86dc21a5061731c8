"""Live games: the in-memory cache of ``Game`` objects, seats, views, actions and the computer side.

Concurrency model (one process, one event loop):

- every change of a game (push/undo + its database commit) runs synchronously on the event loop
  thread, so a reader never sees a half-applied or uncommitted action;
- a per-game ``asyncio.Lock`` serialises the changes of one game, so of two actions sent with
  the same version exactly one is applied and the other gets 409;
- only the computer player's thinking runs in a worker thread, on a copy of the game.

The server rolls every die itself (``Game.roll``: the game's own seeded dice) and, in "ai"
mode, lets the computer play its side until a human must act or the game ends.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
from typing import Any

from ..core.errors import TyphoonError
from ..core.game import Entry, Game
from ..games import registry
from .store import Conflict, Store, StoredGame, now

log = logging.getLogger("typhoon.server")

SIDES = ("german", "soviet")
MODES = ("ai", "hotseat", "network")
MAX_AI_ACTIONS = 5000  # a bound on one uninterrupted run of the computer side


class ApiError(Exception):
    """An error answered to the client: an HTTP status and a clear message."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def other(side: str) -> str:
    return "soviet" if side == "german" else "german"


def _battle_json(b: Any) -> dict[str, Any]:
    return {
        "target": b.target,
        "defender": b.defender,
        "attackers": list(b.attackers),
        "step": b.step,
        "result": b.result,
        "loss_due": float(b.loss_due),
        "loss_kind": b.loss_kind,
    }


class LiveGame:
    """One game in memory: the ``Game``, its stored metadata, its lock and its WebSocket viewers."""

    def __init__(self, meta: StoredGame, game: Game) -> None:
        self.meta = meta
        self.game = game
        self.pkg = registry.get(meta.game)
        self.lock = asyncio.Lock()
        self.subscribers: dict[Any, str | None] = {}  # websocket -> seat
        self.ai_side = next((s for s in SIDES if meta.players.get(s, "human") != "human"), None) if meta.mode == "ai" else None
        self._ai = None
        self._log_cache: list[tuple[Entry, dict[str, Any]]] = []
        self.changes = 0  # bumped on every change of the game; keys the view cache
        self._views: dict[str | None, tuple[int, dict[str, Any]]] = {}

    # -- seats -----------------------------------------------------------------------------
    def seat_of(self, secret: str | None) -> str | None:
        """The seat a secret opens; None (spectator) without a secret; 403 for a wrong one."""
        if secret is None or secret == "":
            return None
        digest = hash_secret(secret)
        found = None
        for seat, h in self.meta.seats.items():
            if h is not None and hmac.compare_digest(digest, h):
                found = seat
        if found is None:
            raise ApiError(403, "this seat secret does not open any seat of this game")
        return found

    def may_act(self, seat: str | None) -> bool:
        g = self.game
        if seat is None or g.is_over() or g.is_chance():
            return False
        cur = g.current_player
        return cur is not None and (seat == "both" or seat == cur)

    def may_undo(self, seat: str | None) -> bool:
        g = self.game
        if seat is None or not g.log or g.log[-1].player is None:
            return False
        return g.can_undo(None if seat == "both" else seat)

    # -- views -----------------------------------------------------------------------------
    def log_json(self) -> list[dict[str, Any]]:
        cache = self._log_cache
        entries = self.game.log
        i = 0
        while i < len(cache) and i < len(entries) and cache[i][0] is entries[i]:
            i += 1
        del cache[i:]
        for j in range(i, len(entries)):
            e = entries[j]
            cache.append((e, {"ply": j + 1, "action": str(e.action), "player": e.player, "events": list(e.events)}))
        return [d for _, d in cache]

    def view(self, seat: str | None) -> dict[str, Any]:
        """The game as ``seat`` sees it (None: a spectator). Cached until the next change."""
        hit = self._views.get(seat)
        if hit is not None and hit[0] == self.changes:
            return hit[1]
        v = self._view(seat)
        self._views[seat] = (self.changes, v)
        return v

    def _view(self, seat: str | None) -> dict[str, Any]:
        from ..games.bfm import combat, position

        g = self.game
        state = g.state
        data = state.data
        phase = data.sequence[data.phase_index[state.phase]] if state.phase in data.phase_index else None
        outcome = g.outcome()
        you_act = self.may_act(seat)
        odds = {}
        for target, b in state.battles.items():
            try:
                odds[target] = combat.battle_odds(state, target, list(b.attackers)).to_json()
            except Exception:  # a battle already resolved may have lost its units
                pass
        current = state.battles.get(state.current) if state.current else None
        return {
            "id": self.meta.id,
            "title": self.meta.title,
            "mode": self.meta.mode,
            "players": dict(self.meta.players),
            "version": g.ply,
            "seat": seat,
            "position": position.to_json(state),
            "units": position.unit_views(state),
            "turn": state.turn,
            "phase": state.phase,
            "phase_name": phase.name if phase else state.phase,
            "current_player": None if outcome else g.current_player,
            "you_act": you_act,
            "legal": [str(a) for a in g.legal_actions] if you_act else [],
            "pending": {"battle": _battle_json(current) if current else None},
            "battles": [_battle_json(b) for b in state.battles.values()],
            "log": self.log_json(),
            "outcome": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason, "scores": dict(outcome.scores)},
            "can_undo": self.may_undo(seat),
            "odds": odds,
        }

    def summary(self) -> dict[str, Any]:
        g = self.game
        o = g.outcome()
        return {
            "ply": g.ply,
            "turn": g.state.turn,
            "phase": g.state.phase,
            "status": "running" if o is None else "finished",
            "winner": None if o is None else o.winner,
        }

    def ai_to_move(self) -> bool:
        g = self.game
        return self.ai_side is not None and not g.is_over() and not g.is_chance() and g.current_player == self.ai_side

    def ai_player(self) -> Any:
        if self._ai is None:
            from ..ai.base import make_player

            self._ai = make_player(self.meta.players[self.ai_side], seed=self.meta.seed + self.game.ply)
        return self._ai


class Games:
    """All games of one server: creation, loading (replay), actions, undo, broadcasting."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.cache: dict[str, LiveGame] = {}
        self._load_locks: dict[str, asyncio.Lock] = {}

    # -- creating --------------------------------------------------------------------------
    def new_meta(
        self, mode: str, options: dict, seed: int | None, title: str | None, human_side: str | None, ai: str | None, start: dict | None = None
    ) -> tuple[StoredGame, dict[str, str | None]]:
        if mode not in MODES:
            raise ApiError(422, f"mode must be one of {list(MODES)}, not {mode!r}")
        pkg = registry.get("bfm")
        try:
            options = pkg.normalise_options(options)
        except (TyphoonError, TypeError, ValueError) as e:
            raise ApiError(422, f"bad options: {e}") from None
        players = {"german": "human", "soviet": "human"}
        secret = {"german": None, "soviet": None, "both": None}
        if mode == "ai":
            human = human_side or "german"
            if human not in SIDES:
                raise ApiError(422, f"human_side must be 'german' or 'soviet', not {human!r}")
            name = ai or "heuristic"
            check_player(name)
            players[other(human)] = name
            secret[human] = secrets.token_urlsafe(18)
        elif mode == "hotseat":
            secret["both"] = secrets.token_urlsafe(18)
        else:
            secret["german"] = secrets.token_urlsafe(18)
            secret["soviet"] = secrets.token_urlsafe(18)
        t = now()
        meta = StoredGame(
            id=secrets.token_hex(6),
            title=title,
            game=pkg.name,
            mode=mode,
            options=options,
            seed=secrets.randbelow(2**31) if seed is None else int(seed),
            start=start,
            seats={k: (None if v is None else hash_secret(v)) for k, v in secret.items()},
            players=players,
            created=t,
            updated=t,
        )
        return meta, secret

    async def create(self, meta: StoredGame, game: Game) -> LiveGame:
        """Store a new game (with any actions it already has) and bring it to a human decision."""
        meta.actions = [(str(e.action), e.player) for e in game.log]
        live = LiveGame(meta, game)
        s = live.summary()
        for k, v in s.items():
            setattr(meta, k, v)
        self.store.create(meta)
        meta.actions = []
        self.cache[meta.id] = live
        async with live.lock:
            await self._advance(live)
        return live

    # -- loading ---------------------------------------------------------------------------
    async def get(self, game_id: str) -> LiveGame:
        live = self.cache.get(game_id)
        if live is not None:
            return live
        lock = self._load_locks.setdefault(game_id, asyncio.Lock())
        async with lock:
            live = self.cache.get(game_id)
            if live is None:
                live = await asyncio.to_thread(self._load, game_id)
                self.cache[game_id] = live
                async with live.lock:
                    await self._advance(live)  # a crash may have left dice or the computer to move
        self._load_locks.pop(game_id, None)
        return live

    def _load(self, game_id: str) -> LiveGame:
        meta = self.store.load(game_id)
        if meta is None:
            raise ApiError(404, f"no game with id {game_id!r}")
        pkg = registry.get(meta.game)
        try:
            start = pkg.position_from_json(meta.start) if meta.start else None
            game = Game.replay(pkg.rules, meta.options, meta.seed, [t for t, _ in meta.actions], state=start)
        except TyphoonError as e:
            raise ApiError(500, f"stored game {game_id} does not replay: {e}") from None
        meta.actions = []
        return LiveGame(meta, game)

    def evict(self, game_id: str) -> None:
        self.cache.pop(game_id, None)

    # -- changing --------------------------------------------------------------------------
    def _commit(self, live: LiveGame, first: int) -> None:
        """Store the log entries from index ``first`` on; on failure take them back and 409."""
        g = live.game
        live.changes += 1
        new = [(str(e.action), e.player) for e in g.log[first:]]
        try:
            self.store.append(live.meta.id, first + 1, new, live.summary())
        except Conflict as e:
            while g.ply > first:
                g.pop()
            self.evict(live.meta.id)
            raise ApiError(409, f"the game changed meanwhile ({e}); reload it") from None
        except Exception:
            while g.ply > first:
                g.pop()
            raise

    def _roll_dice(self, live: LiveGame) -> None:
        g = live.game
        while not g.is_over() and g.is_chance():
            g.roll()

    async def act(self, live: LiveGame, seat: str | None, version: int, action: str | None) -> None:
        """Apply a seat's action (``action`` None = undo) sent against ``version``."""
        async with live.lock:
            g = live.game
            if seat is None:
                raise ApiError(403, "spectators cannot act: a seat secret is required")
            if version != g.ply:
                raise ApiError(409, f"stale version {version}: the game is at version {g.ply}; reload it")
            if action is None:
                self._undo(live, seat)
                return
            if g.is_over():
                raise ApiError(422, "the game is over")
            if not live.may_act(seat):
                raise ApiError(403, f"not your turn: {g.current_player} is to act, your seat is {seat}")
            first = g.ply
            try:
                g.push(action)
            except TyphoonError as e:
                raise ApiError(422, str(e)) from None
            except Exception:
                self.evict(live.meta.id)  # never keep a game an engine failure may have half-changed
                raise
            self._roll_dice(live)
            self._commit(live, first)
            if live.ai_to_move():
                await self.broadcast(live)
                await self._advance(live)

    def _undo(self, live: LiveGame, seat: str) -> None:
        g = live.game
        if not live.may_undo(seat):
            if not g.log:
                why = "nothing to undo"
            else:
                last = g.log[-1]
                if last.chance:
                    why = f"it would go back past the die roll ({last.action})"
                elif last.phase_changed:
                    why = f"'{last.action}' ended the phase"
                elif seat != "both" and last.player != seat:
                    why = f"the last action ('{last.action}') was made by {last.player}, not {seat}"
                else:
                    why = "no history is kept for this game"
            raise ApiError(422, f"cannot undo: {why}")
        before = g.ply
        live.changes += 1
        g.undo(None if seat == "both" else seat)
        try:
            self.store.truncate(live.meta.id, g.ply, before, live.summary())
        except Conflict as e:
            self.evict(live.meta.id)
            raise ApiError(409, f"the game changed meanwhile ({e}); reload it") from None
        except Exception:
            self.evict(live.meta.id)  # memory and database may differ: reload from the database
            raise

    async def _advance(self, live: LiveGame) -> None:
        """Roll due dice and let the computer side play until a human must act (lock held)."""
        g = live.game
        first = g.ply
        self._roll_dice(live)
        if g.ply > first:
            self._commit(live, first)
        count = 0
        while live.ai_to_move() and count < MAX_AI_ACTIONS:
            player = live.ai_player()
            try:
                choice = await asyncio.to_thread(player.choose, g.copy(keep_history=True))
                first = g.ply
                g.push(choice)
            except Exception:
                log.exception("computer player %s failed in game %s", live.meta.players, live.meta.id)
                return
            self._roll_dice(live)
            self._commit(live, first)
            count += 1

    # -- watching --------------------------------------------------------------------------
    async def broadcast(self, live: LiveGame) -> None:
        texts: dict[str | None, str] = {}
        dead = []
        for ws, seat in list(live.subscribers.items()):
            if seat not in texts:
                texts[seat] = json.dumps({"type": "view", "view": live.view(seat)}, separators=(",", ":"))
            try:
                await ws.send_text(texts[seat])
            except Exception:
                dead.append(ws)
        for ws in dead:
            live.subscribers.pop(ws, None)


def check_player(name: str) -> None:
    """422 unless ``name`` is a computer player this installation can make."""
    from ..ai.base import make_player

    try:
        make_player(name, seed=0)
    except TyphoonError as e:
        raise ApiError(422, f"bad ai: {e}") from None
    except ImportError as e:
        raise ApiError(422, f"computer player {name!r} is not available in this installation ({e})") from None

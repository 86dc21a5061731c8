"""Live games: the in-memory cache of ``Game`` objects, seats, views, actions and the computer side.

Concurrency model (one process, one event loop):

- every change of a game (push/undo + its database commit) runs synchronously on the event loop
  thread, so a reader never sees a half-applied or uncommitted action;
- a per-game ``asyncio.Lock`` serialises the changes of one game, so of two actions sent with
  the same version exactly one is applied and the other gets 409;
- only the computer player's thinking runs in a worker thread, on ``game.observed(side)``: the
  game as its side may know it (never the real game, never its dice).

The server knows no game: everything game-specific comes from the game package
(``typhoon.games.registry.get(meta.game)``, the contract in ``typhoon.core.contract``).

Hidden information: each seat (and each spectator) receives only its own view: the package's
``view(state, seat)``, the log as ``game.log_view(seat)``, and the position JSON only in games
with perfect information. The seat ``both`` (hot-seat) sees as the side to act.

Dice (docs/security.md): a game created without a seed gets 128 bits from the operating system
and the keyed dice (``hmac-sha256``); every view carries the seed commitment, the seed is
revealed when the game ends. A seed may be chosen only where that is honest (hot-seat, or a
game against the computer: analysis); it is then shown to every seat. Network games never take
a chosen seed.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import secrets
import tempfile
import time
from pathlib import Path
from typing import Any, Callable

from ..core.contract import GamePackage
from ..core.dice import KEYED, LEGACY, derived_seed, new_seed
from ..core.errors import ParseError, TyphoonError
from ..core.game import Entry, Game
from ..core.record import dice_scheme, replay_game, replay_longest, seed_commitment, with_dice
from ..games import registry
from . import clock
from .seats import account_of_key, account_seat_key
from .store import Conflict, Store, StoredGame, now

log = logging.getLogger("typhoon.server")

MODES = ("ai", "hotseat", "network")
BOTH = "both"  # the hot-seat seat: one secret plays every side
MAX_AI_ACTIONS = 5000  # a bound on one uninterrupted run of the computer side
DEFAULT_GAME = "bfm"
SEEDED_MODES = ("ai", "hotseat")  # modes where a seed chosen at creation is honest (module docstring)


class ApiError(Exception):
    """An error answered to the client: an HTTP status and a clear message."""

    def __init__(self, status: int, detail: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.headers = headers


class NeedsPatch(ApiError):
    """A stored game whose log no longer replays under the current rules (a rule fix): 409,
    with what the operator should run."""

    def __init__(self, game_id: str, why: str) -> None:
        super().__init__(
            409,
            f"stored game {game_id} no longer replays under the current rules ({why}); it is kept as it was. "
            f"The server operator can run `typhoon patch {game_id}` to keep what still replays so the game can go on",
        )
        self.game_id = game_id
        self.why = why


def hash_secret(secret: str) -> str:
    return hashlib.sha256(secret.encode("utf-8", "surrogatepass")).hexdigest()


def package(name: str) -> GamePackage:
    """The game package called ``name``; 422 naming the known games otherwise."""
    try:
        return registry.get(name)
    except ParseError as e:
        raise ApiError(422, f"bad game: {e}") from None
    except ImportError as e:
        raise ApiError(422, f"game {name!r} is not available in this installation ({e})") from None


# -- computer players (typhoon.ai.base: the generic players plus the package's own) ----------
def player_names(pkg: GamePackage) -> list[str]:
    """The computer players a game offers (``human`` left out)."""
    from ..ai import base

    return [n for n in base.player_names(game=pkg.name) if n != base.HUMAN]


def make_player(pkg: GamePackage, name: str, seed: int) -> Any:
    """A computer player of this game by name (ParseError if the game has none by that name)."""
    from ..ai import base

    return base.make_player(name, game=pkg.name, seed=seed)


def default_player(pkg: GamePackage, side: str | None = None) -> str:
    """The computer player an "ai" game gets on ``side`` when none is named
    (``typhoon.ai.base.default_player``)."""
    from ..ai import base

    return base.default_player(pkg.name, side)


def check_player(pkg: GamePackage, name: str) -> None:
    """422 unless ``name`` is a computer player this installation can make for this game (one
    it offers, or one it accepts by name but no longer offers: ``typhoon.ai.base.is_player_name``)."""
    from ..ai import base

    if name == base.HUMAN or not base.is_player_name(name, pkg.name):
        raise ApiError(422, f"bad ai: unknown computer player {name!r} for {pkg.title}; choose one of: {', '.join(player_names(pkg))}")
    try:
        make_player(pkg, name, seed=0)
    except TyphoonError as e:
        raise ApiError(422, f"bad ai: {e}") from None
    except ImportError as e:
        raise ApiError(422, f"computer player {name!r} is not available in this installation ({e})") from None


def valid_id(game_id: str) -> bool:
    """Whether ``game_id`` could be a game id (short, plain characters): others are 404 at once."""
    return 0 < len(game_id) <= 32 and all(c.isascii() and (c.isalnum() or c in "-_") for c in game_id)


def undo_message(why: str) -> str:
    """The 422 detail of a refused undo (the reason is worded by ``Game.undo_refusal``)."""
    return why if why.startswith("cannot undo") else f"cannot undo: {why}"


END_VERB = "end"  # the verb of the action that ends a phase or step (the client's End button)


def end_refusal(game: Game, actions: list[dict[str, Any]]) -> str | None:
    """Why the seat to act may not end the phase now, as the rules word it (their
    ``explain_illegal`` of the ``end`` action), or None when it may or the game gives no reason."""
    if any(d.get("verb") == END_VERB for d in actions):
        return None
    rules = game.rules
    explain = getattr(rules, "explain_illegal", None)
    parse = getattr(rules, "parse_action", None)
    if explain is None or parse is None:
        return None
    try:
        return explain(game.state, parse(game.state, END_VERB))
    except (TyphoonError, KeyError, ValueError, TypeError, AttributeError):
        return None


class LiveGame:
    """One game in memory: the ``Game``, its stored metadata, its lock and its WebSocket viewers."""

    def __init__(self, meta: StoredGame, game: Game, subscribers: dict[Any, str | None] | None = None, seat_key: str | None = None) -> None:
        self.meta = meta
        self.game = game
        self.pkg = registry.get(meta.game)
        self.lock = asyncio.Lock()
        # websocket -> seat; shared by every LiveGame of this id in this process (Games.watchers)
        self.subscribers: dict[Any, str | None] = {} if subscribers is None else subscribers
        self.seat_key = seat_key  # the database's key of account seat keys (seats.account_seat_key)
        self.used = time.monotonic()  # last access: idle games are evicted (Games.sweep)
        self._ai: dict[str, Any] = {}
        self._logs: dict[str | None, list[tuple[Entry, dict[str, Any]]]] = {}
        self.changes = 0  # bumped on every change of the game; keys the view cache
        self._views: dict[tuple[str | None, bool], tuple[int, dict[str, Any]]] = {}

    # -- seats -----------------------------------------------------------------------------
    def seat_of(self, secret: str | None) -> str | None:
        """The seat a secret opens; None (spectator) without a secret; 403 for a wrong one."""
        if secret is None or secret == "":
            return None
        digest = hash_secret(secret)
        found = None
        for seat, h in self.meta.seats.items():  # every seat compared: constant time per game
            if h is not None and hmac.compare_digest(digest, h):
                found = seat
        user = account_of_key(secret) if found is None and self.seat_key else None
        if user is not None:
            for seat, holder in self.meta.members.items():
                if holder == user and hmac.compare_digest(account_seat_key(self.seat_key, self.meta.id, seat, user), secret):
                    found = seat
        if found is None:
            raise ApiError(403, "this seat secret does not open any seat of this game")
        return found

    def observer(self, seat: str | None) -> str | None:
        """The side whose knowledge a seat has: itself; the hot-seat seat sees as the side to
        act (None, a spectator, when nobody is to act)."""
        if seat == BOTH:
            g = self.game
            return None if self.over() or g.is_chance() else g.current_player
        return seat

    def over(self) -> bool:
        """Whether the game has ended: by its rules, or by the server (a time-out)."""
        return self.meta.result is not None or self.game.is_over()

    def outcome_json(self) -> dict[str, Any] | None:
        r = self.meta.result
        if r is not None:  # set by the server (clock.py): it overrides the rules' (running) state
            return {"winner": r.get("winner"), "reason": r.get("reason"), "scores": {}, "by": r.get("kind")}
        o = self.game.outcome()
        return None if o is None else {"winner": o.winner, "reason": o.reason, "scores": dict(o.scores)}

    def to_act(self) -> str | None:
        """The side to act now (None: the game is over or a roll is due)."""
        g = self.game
        return None if self.over() or g.is_chance() else g.current_player

    def reader(self, seat: str | None) -> str | None:
        """Who reads a record handed to ``seat``: the hot-seat seat reads as a spectator."""
        return None if seat == BOTH else seat

    def may_act(self, seat: str | None) -> bool:
        g = self.game
        if seat is None or self.over() or g.is_chance():
            return False
        cur = g.current_player
        return cur is not None and (seat == BOTH or seat == cur)

    def undo_refusal(self, seat: str | None) -> str | None:
        """Why ``seat`` may not undo now (None if it may); worded by ``Game.undo_refusal``."""
        if seat is None:
            return "spectators cannot undo"
        g = self.game
        if self.meta.result is not None:
            return "cannot undo: the game is over"
        why = g.undo_refusal(None if seat == BOTH else seat)
        if why is None and g.log and g.log[-1].player is None:  # pragma: no cover - undo_refusal covers chance
            why = "cannot undo past a chance event"
        return why

    def may_undo(self, seat: str | None) -> bool:
        return seat is not None and self.undo_refusal(seat) is None

    # -- views -----------------------------------------------------------------------------
    def log_json(self, seat: str | None) -> list[dict[str, Any]]:
        """The log as ``seat`` may read it (everything once the game is over), cached per seat."""
        g = self.game
        over = self.over()
        key = ("*" if over else seat)
        cache = self._logs.setdefault(key, [])
        entries = g.log
        i = 0
        while i < len(cache) and i < len(entries) and cache[i][0] is entries[i]:
            i += 1
        del cache[i:]
        if i < len(entries):
            fresh = g.log_view(seat, omniscient=over, start=i)
            rolls = sum(1 for e, _ in cache if e.chance)
            for e, d in zip(entries[i:], fresh):
                if e.chance:  # every chance event carries its sequence number (docs/security.md)
                    rolls += 1
                    d["roll"] = rolls
                cache.append((e, d))
        return [d for _, d in cache]

    def view(self, seat: str | None, on_demand: bool = False) -> dict[str, Any]:
        """The game as ``seat`` sees it (None: a spectator). Cached until the next change.
        ``on_demand``: the per-unit moves are left out of ``actions`` (:func:`moves_on_demand`)."""
        key = (seat, on_demand)
        hit = self._views.get(key)
        if hit is not None and hit[0] == self.changes:
            return hit[1]
        v = self._view(seat)
        if on_demand:
            v = moves_on_demand(v)
        self._views[key] = (self.changes, v)
        return v

    def _view(self, seat: str | None) -> dict[str, Any]:
        g = self.game
        pkg = self.pkg
        state = g.state
        observer = self.observer(seat)
        outcome = self.outcome_json()
        you_act = self.may_act(seat)
        board = dict(pkg.view(state, observer))
        phase = board.get("phase") or {}
        legal = list(g.legal_actions) if you_act else []
        actions = []
        for a in legal:
            d = dict(pkg.describe(state, a))
            d["text"] = str(a)
            actions.append(d)
        odds = {b["target"]: b["odds"] for b in board.get("battles") or [] if b.get("odds") and b.get("target")}
        view = {
            **board,
            "id": self.meta.id,
            "title": self.meta.title,
            "game": pkg.name,
            "game_title": pkg.title,
            "sides": list(pkg.sides),
            "side_names": dict(pkg.side_names),
            "perfect_information": g.perfect_information,
            "mode": self.meta.mode,
            "players": dict(self.meta.players),
            "version": g.ply,
            "seat": seat,
            "observer": observer,
            "phase": phase.get("id") if isinstance(phase, dict) else phase,
            "phase_name": phase.get("name") if isinstance(phase, dict) else phase,
            "phase_info": phase if isinstance(phase, dict) else {"id": phase, "name": phase},
            "current_player": None if outcome else g.current_player,
            "you_act": you_act,
            "legal": [d["text"] for d in actions],
            "actions": actions,
            "log": self.log_json(observer if seat != BOTH else None),
            "outcome": outcome,
            "clock": clock.public(self.meta.clock, self.meta.deadline, now()),
            "end_refusal": end_refusal(g, actions) if you_act else None,
            "can_undo": self.may_undo(seat),
            "undo_refusal": self.undo_refusal(seat) if seat is not None else None,
            "odds": odds,
            "dice": self.dice_info(),
            "seat_changes": list(self.meta.reissued),
        }
        if g.perfect_information:
            # the position JSON tells everything: only games without hidden values give it
            view["position"] = pkg.position_to_json(state)
        return view

    def dice_info(self) -> dict[str, Any]:
        """What every seat may know of the dice: the scheme, the seed commitment, how many
        rolls were made, and the seed itself once the game is over (or when it was chosen at
        creation and so is public)."""
        g = self.game
        over = self.over()
        return {
            "scheme": dice_scheme(g),
            "commitment": seed_commitment(g.seed, dice_scheme(g)),
            "rolls": sum(1 for e in g.log if e.chance),
            "seed_chosen": self.meta.seed_public,
            "seed": g.seed if over or self.meta.seed_public else None,
            "seed_text": str(g.seed) if over or self.meta.seed_public else None,
        }

    def summary(self) -> dict[str, Any]:
        """The stored summary of the game (for the games list), from the spectator's view."""
        g = self.game
        o = self.outcome_json()
        board = self.view(None)
        status = "running" if o is None else "abandoned" if (self.meta.result or {}).get("kind") == "abandon" else "finished"
        return {
            "ply": g.ply,
            "turn": board.get("turn"),
            "phase": (board.get("phase") or None),
            "status": status,
            "winner": None if o is None else o["winner"],
            "to_act": self.meta.to_act,
            "clock": self.meta.clock,
            "deadline": self.meta.deadline,
        }

    def computer_plays(self, side: str | None) -> bool:
        """Whether a computer player plays ``side`` (an "ai" game's, or one that took over a
        seat whose time ran out)."""
        return side is not None and self.meta.players.get(side, "human") != "human"

    @property
    def ai_side(self) -> str | None:
        """The side the computer plays now (the side to act, if a computer plays it)."""
        side = self.to_act()
        return side if self.computer_plays(side) else None

    def ai_to_move(self) -> bool:
        return self.ai_side is not None

    def ai_player(self) -> Any:
        side = self.ai_side
        if side not in self._ai:
            # its own seed, derived one-way from the game's: its choices tell nothing of the dice
            seed = derived_seed(self.meta.seed, "computer-player", bits=62) + self.game.ply
            self._ai[side] = make_player(self.pkg, self.meta.players[side], seed=seed)
        return self._ai[side]

    def record(self, seat: str | None) -> dict[str, Any]:
        """The save record handed to ``seat``: the seed withheld while the game runs, hidden
        actions as ``seat`` may read them (``typhoon.core.record.to_record``'s ``reader``)."""
        from ..core import record

        extra = {"title": self.meta.title}
        return record.to_record(self.game, self.meta.players, extra=extra, public=True, reader=self.reader(seat),
                                seed_public=self.meta.seed_public)


class Games:
    """All games of one server: creation, loading (replay), actions, undo, broadcasting."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.cache: dict[str, LiveGame] = {}
        self.watchers: dict[str, dict[Any, str | None]] = {}  # game id -> {websocket: seat} of this process
        self._load_locks: dict[str, asyncio.Lock] = {}
        self.seat_key = store.server_key("seat-keys")
        #: called (live, side) when the turn passes to a side a human plays (notifications)
        self.on_turn: Callable[[LiveGame, str], None] | None = None

    def live(self, meta: StoredGame, game: Game) -> LiveGame:
        """A LiveGame of this server: its watchers and the database's account seat key."""
        return LiveGame(meta, game, self.watchers.setdefault(meta.id, {}), self.seat_key)

    # -- creating --------------------------------------------------------------------------
    def new_meta(
        self,
        mode: str,
        options: dict,
        seed: int | None,
        title: str | None,
        human_side: str | None,
        ai: str | None,
        start: dict | None = None,
        game: str = DEFAULT_GAME,
    ) -> tuple[StoredGame, dict[str, str | None]]:
        if mode not in MODES:
            raise ApiError(422, f"mode must be one of {list(MODES)}, not {mode!r}")
        if seed is not None and mode not in SEEDED_MODES:
            raise ApiError(
                422,
                f"seed: the dice of a {mode} game cannot be chosen (the other seat could not trust them); "
                f"a seed may be chosen in {' or '.join(SEEDED_MODES)} games only, where it is shown to every seat",
            )
        pkg = package(game)
        try:
            options = pkg.normalise_options(options)
        except (TyphoonError, TypeError, ValueError) as e:
            raise ApiError(422, f"bad options: {e}") from None
        sides = list(pkg.sides)
        players = {s: "human" for s in sides}
        secret: dict[str, str | None] = {s: None for s in sides}
        secret[BOTH] = None
        if mode == "ai":
            human = human_side or sides[0]
            if human not in sides:
                raise ApiError(422, f"human_side must be one of {sides} for {pkg.title}, not {human!r}")
            for s in sides:
                if s != human:
                    players[s] = ai or default_player(pkg, s)
                    check_player(pkg, players[s])
            secret[human] = secrets.token_urlsafe(18)
        elif mode == "hotseat":
            secret[BOTH] = secrets.token_urlsafe(18)
        else:
            for s in sides:
                secret[s] = secrets.token_urlsafe(18)
        t = now()
        owner = secrets.token_urlsafe(18)
        meta = StoredGame(
            id=secrets.token_hex(8),
            title=title,
            game=pkg.name,
            mode=mode,
            options=options,
            # 128 random bits: the seed commitment of a running game's record cannot be inverted
            seed=new_seed() if seed is None else int(seed),
            start=start,
            seats={k: (None if v is None else hash_secret(v)) for k, v in secret.items()},
            players=players,
            created=t,
            updated=t,
            dice=LEGACY if seed is not None else KEYED,
            seed_public=seed is not None,
            owner=hash_secret(owner),
            owner_secret=owner,
        )
        return meta, secret

    async def create(self, meta: StoredGame, game: Game) -> LiveGame:
        """Store a new game (with any actions it already has) and bring it to a human decision."""
        if dice_scheme(game) != meta.dice:
            if any(e.chance for e in game.log):  # rolls already made (an import): keep their dice
                meta.dice = dice_scheme(game)
            else:
                with_dice(game, meta.dice)
        meta.actions = [(str(e.action), e.player) for e in game.log]
        live = self.live(meta, game)
        self._tick(live)
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
            live.used = time.monotonic()
            return live
        if not valid_id(game_id):
            raise ApiError(404, f"no game with id {game_id[:40]!r}")
        lock = self._load_locks.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                live = self.cache.get(game_id)
                if live is None:
                    live = await asyncio.to_thread(self._load, game_id)
                    self.cache[game_id] = live
                    async with live.lock:
                        await self._advance(live)  # a crash may have left dice or the computer to move
        finally:
            # never keep a lock per id asked for: unknown ids would grow memory without bound
            if not lock.locked() and self._load_locks.get(game_id) is lock:
                del self._load_locks[game_id]
        return live

    def _load(self, game_id: str) -> LiveGame:
        meta = self.store.load(game_id)
        if meta is None:
            raise ApiError(404, f"no game with id {game_id!r}")
        try:
            pkg = self.package_of(meta.game)
        except (TyphoonError, ImportError, OSError) as e:
            raise ApiError(409, f"stored game {game_id} is of game {meta.game!r}, which this server cannot play ({e})") from None
        try:
            start = pkg.position_from_json(meta.start) if meta.start else None
            game = replay_game(pkg.rules, meta.options, meta.seed, [t for t, _ in meta.actions], start, 0, meta.dice)
        except (TyphoonError, KeyError, ValueError, IndexError, TypeError) as e:
            raise NeedsPatch(game_id, str(e)) from None
        meta.actions = []
        return self.live(meta, game)

    def package_of(self, name: str) -> GamePackage:
        """The package of a stored game: registered, or a kit's rebuilt from its stored bundle
        (``kits`` table; ``registry.from_kit``)."""
        try:
            return registry.get(name)
        except ParseError:
            if not name.startswith(registry.KIT_PREFIX):
                raise
        bundle = self.store.load_kit(name)
        if bundle is None:
            raise ParseError(f"the kit {name!r} is not stored in this database: start the server with that kit "
                             "(typhoon serve --kit DIR) to play its games")
        pkg = kit_package(bundle)
        if pkg.name != name:
            raise ParseError(f"the stored kit {name!r} now builds {pkg.name!r}")
        return pkg

    # -- seats -----------------------------------------------------------------------------
    async def reissue(self, live: LiveGame, owner: str | None, seats: list[str] | None) -> dict[str, str]:
        """New secrets for ``seats`` (default: every seat with one), for the game's owner: the
        old links stop working, connected clients of those seats are disconnected, and every
        seat sees the re-issue in its view (``seat_changes``)."""
        meta = live.meta
        if not owner or meta.owner is None or not hmac.compare_digest(hash_secret(owner), meta.owner):
            raise ApiError(403, "only the creator of the game (its owner secret) may re-issue seat links")
        have = [s for s, h in meta.seats.items() if h is not None]
        chosen = have if not seats else list(dict.fromkeys(seats))
        bad = [s for s in chosen if s not in have]
        if bad:
            raise ApiError(422, f"seats: {bad} are not seats of this game; its seats are {have}")
        async with live.lock:
            fresh = {s: secrets.token_urlsafe(18) for s in chosen}
            hashes = dict(meta.seats)
            hashes.update({s: hash_secret(v) for s, v in fresh.items()})
            reissued = [*meta.reissued, *({"seat": s, "at": now().isoformat()} for s in chosen)][-50:]
            self.store.update_seats(meta.id, hashes, reissued)
            meta.seats, meta.reissued = hashes, reissued
            live.changes += 1
            for ws, seat in list(live.subscribers.items()):
                if seat in fresh:  # their secret no longer opens the seat
                    live.subscribers.pop(ws, None)
                    try:
                        await ws.close(code=4403)
                    except Exception:  # pragma: no cover - already gone
                        pass
        await self.broadcast(live)
        return fresh

    def evict(self, game_id: str, live: LiveGame | None = None) -> None:
        """Drop a game from memory (only that LiveGame, when given: a newer one stays)."""
        if live is None or self.cache.get(game_id) is live:
            self.cache.pop(game_id, None)
        if not self.watchers.get(game_id) and game_id not in self.cache:
            self.watchers.pop(game_id, None)

    def sweep(self, idle: float) -> list[str]:
        """Evict the games nobody watches that were not used for ``idle`` seconds; their ids."""
        t = time.monotonic()
        gone = [gid for gid, live in list(self.cache.items())
                if not live.subscribers and not live.lock.locked() and t - live.used > idle]
        for gid in gone:
            self.evict(gid)
        return gone

    async def refresh(self, game_id: str) -> None:
        """Another process changed ``game_id`` (PostgreSQL NOTIFY): reload it from the store, the
        source of truth, and send its watchers here their new views."""
        live = self.cache.get(game_id)
        if live is None:
            return
        async with live.lock:
            if self.cache.get(game_id) is not live:
                return
            try:
                fresh = await asyncio.to_thread(self._load, game_id)
            except ApiError:
                self.evict(game_id, live)
                return
            fresh.used = live.used
            self.cache[game_id] = fresh
        changed = {s for s, h in fresh.meta.seats.items() if live.meta.seats.get(s) != h}
        for ws, seat in list(fresh.subscribers.items()):
            if seat in changed:  # re-issued elsewhere: their secret no longer opens the seat
                fresh.subscribers.pop(ws, None)
                try:
                    await ws.close(code=4403)
                except Exception:  # pragma: no cover - already gone
                    pass
        await self.broadcast(fresh)

    # -- clocks ----------------------------------------------------------------------------
    def _tick(self, live: LiveGame) -> str | None:
        """Bring the clock and the side to act up to date after a change; returns the side
        that was to act before."""
        meta = live.meta
        before, side = meta.to_act, live.to_act()
        meta.to_act = side
        meta.clock, meta.deadline = clock.step(meta.clock, side, side is not None and not live.computer_plays(side), now())
        return before

    def _turn_passed(self, live: LiveGame, before: str | None) -> None:
        side = live.meta.to_act
        # before None: the game was just created (its first rolls): its creator knows whose turn it is
        if before is not None and side is not None and side != before and not live.computer_plays(side) and self.on_turn is not None:
            try:
                self.on_turn(live, side)
            except Exception:  # pragma: no cover - a notification never fails an action
                log.exception("turn notification of game %s failed", live.meta.id)

    async def expire(self, game_id: str) -> bool:
        """Apply the time-out outcome to ``game_id`` if its side to act has run out of time
        (clock.py); True if it did."""
        live = await self.get(game_id)
        async with live.lock:
            meta = live.meta
            if meta.clock is None or meta.deadline is None or live.over() or meta.deadline > now():
                return False
            side = meta.to_act
            kind = meta.clock["on_timeout"]
            name = live.pkg.side_names.get(side, side)
            live.changes += 1
            if kind == "computer":
                players = {**meta.players, side: default_player(live.pkg, side)}
                meta.players = players
                meta.clock.setdefault("took_over", []).append(side)
                self._tick(live)
                await asyncio.to_thread(self.store.set_players, meta.id, players, live.summary())
                await self._advance(live)
            else:
                others = [s for s in live.pkg.sides if s != side]
                winner = others[0] if kind == "forfeit" and len(others) == 1 else None
                reason = f"{name} ran out of time: forfeit" if kind == "forfeit" else f"{name} ran out of time: the game is abandoned"
                meta.result = {"winner": winner, "reason": reason, "kind": kind, "side": side}
                self._tick(live)
                try:
                    await asyncio.to_thread(self.store.end_game, meta.id, live.game.ply, meta.result, live.summary())
                except Conflict:
                    self.evict(meta.id, live)
                    return False
        await self.broadcast(live)
        return True

    async def run_clocks(self, interval: float) -> None:
        """The timer task: every ``interval`` seconds apply the outcome of every game whose
        clock ran out (the database says which: any process may apply it, once)."""
        while True:
            await asyncio.sleep(interval)
            try:
                due = await asyncio.to_thread(self.store.due, now())
            except Exception:  # pragma: no cover - the database is away for a moment
                log.exception("cannot read the clocks")
                continue
            for gid in due:
                try:
                    await self.expire(gid)
                except Exception:
                    log.exception("time-out of game %s failed", gid)

    # -- changing --------------------------------------------------------------------------
    def _commit(self, live: LiveGame, first: int) -> None:
        """Store the log entries from index ``first`` on; on failure take them back and 409."""
        g = live.game
        live.changes += 1
        new = [(str(e.action), e.player) for e in g.log[first:]]
        before = self._tick(live)
        try:
            self.store.append(live.meta.id, first + 1, new, live.summary())
        except Conflict as e:
            while g.ply > first:
                g.pop()
            self.evict(live.meta.id, live)
            raise ApiError(409, f"the game changed meanwhile ({e}); reload it") from None
        except Exception:
            while g.ply > first:
                g.pop()
            self.evict(live.meta.id, live)
            raise
        self._turn_passed(live, before)

    def patch(self, game_id: str) -> dict[str, Any]:
        """Keep what still replays of a stored game (after a rule fix) so it can go on: the
        log is cut before the first action that no longer replays. Returns what was kept and
        dropped (``typhoon patch``)."""
        meta = self.store.load(game_id)
        if meta is None:
            raise ApiError(404, f"no game with id {game_id!r}")
        try:
            pkg = self.package_of(meta.game)  # a kit's game: rebuilt from its stored bundle
        except (TyphoonError, ImportError, OSError) as e:
            raise ApiError(409, f"stored game {game_id} is of game {meta.game!r}, which this server cannot play ({e})") from None
        texts = [t for t, _ in meta.actions]
        start = pkg.position_from_json(meta.start) if meta.start else None
        game, why = replay_longest(pkg.rules, meta.options, meta.seed, texts, start, 0, meta.dice)
        kept, dropped = texts[: game.ply], texts[game.ply:]
        if why is not None:
            meta.actions = []
            live = self.live(meta, game)
            self.store.replace_actions(game_id, [(str(e.action), e.player) for e in game.log], live.summary())
            self.evict(game_id)
        return {"id": game_id, "kept": len(kept), "dropped": dropped, "reason": why}

    def _roll_dice(self, live: LiveGame) -> None:
        g = live.game
        while not g.is_over() and g.is_chance():
            g.roll()

    async def act(self, live: LiveGame, seat: str | None, version: int, action: str | None) -> None:
        """Apply a seat's action (``action`` None = undo) sent against ``version``."""
        async with live.lock:
            g = live.game
            if self.cache.get(live.meta.id) is not live:  # reloaded meanwhile (another process changed it)
                raise ApiError(409, "the game changed meanwhile; reload it")
            if seat is None:
                raise ApiError(403, "spectators cannot act: a seat secret is required")
            if version != g.ply:
                raise ApiError(409, f"stale version {version}: the game is at version {g.ply}; reload it")
            if action is None:
                self._undo(live, seat)
                return
            if live.over():
                raise ApiError(422, "the game is over")
            if not live.may_act(seat):
                raise ApiError(403, f"not your turn: {g.current_player} is to act, your seat is {seat}")
            first = g.ply
            try:
                g.push(action)
            except TyphoonError as e:
                raise ApiError(422, str(e)) from None
            except Exception:
                self.evict(live.meta.id, live)  # never keep a game an engine failure may have half-changed
                raise
            self._roll_dice(live)
            self._commit(live, first)
            if live.ai_to_move():
                await self.broadcast(live)
                await self._advance(live)

    def _undo(self, live: LiveGame, seat: str) -> None:
        g = live.game
        why = live.undo_refusal(seat)
        if why is not None:
            raise ApiError(422, undo_message(why))
        before = g.ply
        live.changes += 1
        g.undo(None if seat == BOTH else seat)
        self._tick(live)
        try:
            self.store.truncate(live.meta.id, g.ply, before, live.summary())
        except Conflict as e:
            self.evict(live.meta.id, live)
            raise ApiError(409, f"the game changed meanwhile ({e}); reload it") from None
        except Exception:
            self.evict(live.meta.id, live)  # memory and database may differ: reload from the database
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
                # the computer knows what its side may know: never the real game or its dice
                seen = g.observed(live.ai_side, keep_history=True)
                choice = await asyncio.to_thread(player.choose, seen)
                first = g.ply
                g.push(choice if g.perfect_information else str(choice))
            except Exception:
                log.exception("computer player %s failed in game %s", live.meta.players, live.meta.id)
                return
            self._roll_dice(live)
            self._commit(live, first)
            count += 1

    # -- watching --------------------------------------------------------------------------
    async def broadcast(self, live: LiveGame) -> None:
        """Send every connected client the view of its own seat (never another seat's)."""
        texts: dict[tuple[str | None, bool], str] = {}
        dead = []
        for ws, seat in list(live.subscribers.items()):
            key = (seat, wants_moves_on_demand(ws))
            if key not in texts:
                texts[key] = json.dumps({"type": "view", "view": live.view(*key)}, separators=(",", ":"))
            try:
                await ws.send_text(texts[key])
            except Exception:
                dead.append(ws)
        for ws in dead:
            live.subscribers.pop(ws, None)


def kit_package(bundle: dict[str, Any]) -> GamePackage:
    """The package of a stored kit bundle ``{file name: document}``, registered under its
    ``kit:<hash>`` name (``registry.from_kit``)."""
    from ..core.kit import load_kit

    with tempfile.TemporaryDirectory(prefix="typhoon-kit-") as tmp:
        for name, document in bundle.items():
            path = Path(tmp) / name
            if ".." in Path(name).parts or Path(name).is_absolute():
                raise ParseError(f"bad file name {name!r} in a stored kit")
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")
        kit = load_kit(tmp)
    return registry.from_kit(kit)


def moves_on_demand(view: dict[str, Any]) -> dict[str, Any]:
    """A view without the per-unit move actions (a unit moving to a hex): movement phases list
    hundreds of them. ``legal`` keeps every text; ``movable`` names the units that may move and
    ``moves_on_demand`` counts what was left out (``GET /api/games/{id}/moves?unit=U``)."""
    kept, movable, omitted = [], set(), 0
    for d in view.get("actions") or []:
        if d.get("verb") == "move" and d.get("units") and d.get("hex"):
            movable.update(d["units"])
            omitted += 1
        else:
            kept.append(d)
    return {**view, "actions": kept, "movable": sorted(movable), "moves_on_demand": omitted}


def wants_moves_on_demand(ws: Any) -> bool:
    """Whether a WebSocket client asked for views with moves on demand (``?moves=on_demand``)."""
    state = getattr(ws, "state", None)
    return bool(getattr(state, "moves_on_demand", False))

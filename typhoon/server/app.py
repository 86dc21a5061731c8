"""The game server: FastAPI REST + WebSocket API (docs/api.md) and the static browser client.

``create_app(database_url)`` builds an app on one database (SQLite file or PostgreSQL).
The server is authoritative: it validates every action with the rules, rolls every die and
plays the computer side; every action is committed to the database before it is acknowledged.

Security (docs/security.md): hostile input is stopped by ``guard`` (size limits, strict JSON,
rate limits), seat secrets travel as ``seats`` says (headers, WebSocket subprotocol, link
fragments: never a logged URL), dice are committed to at creation and revealed at the end.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from collections.abc import Sequence
from contextlib import asynccontextmanager
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal

from fastapi import Body, Depends, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field, StrictInt

from ..core.errors import TyphoonError
from ..core.game import Game
from ..core.record import dice_scheme, replay_game
from ..games import registry
from . import clock
from .accounts import make_invitation, normal_email, optional_user, seat_for_account
from .accounts import router as accounts_router
from .editor import router as editor_router
from .notify import MailConfig, Notifier
from .guard import MAX_FRAME, BadInput, Guard, RateLimits, strict_json
from .live import DEFAULT_GAME, ApiError, Games, LiveGame, default_player, package, player_names
from . import seats
from .seats import install_log_scrubbing, owner_secret, play_link, seat_secret, ws_accept_protocol
from .store import Store

STATIC = Path(__file__).parent / "static"
PLACEHOLDER = """<!doctype html><html><head><meta charset="utf-8"><title>Typhoon</title></head>
<body><h1>Typhoon server</h1><p>The browser client is not installed; the API is at <a href="/docs">/docs</a>.</p></body></html>
"""

# -- request bodies ------------------------------------------------------------------------
class NewGame(BaseModel):
    model_config = ConfigDict(extra="ignore")
    game: str = Field(DEFAULT_GAME, max_length=32, description="the game (GET /api/meta lists them)")
    mode: Literal["ai", "hotseat", "network"] = Field(description="ai: one human against the computer; hotseat: one secret plays every side; network: one secret per side")
    options: dict[str, Any] = Field(default_factory=dict, description="game options (the game's option_specs), e.g. {'edition': '1986'}")
    human_side: str | None = Field(None, max_length=32, description="ai mode: the human's side (default: the game's first side)")
    ai: str | None = Field(None, max_length=64, description="ai mode: the computer player (default: the game's own)")
    seed: StrictInt | None = Field(None, ge=0, le=2**62, description="dice seed, for hotseat and ai games only (analysis): "
                                   "shown to every seat; null (always in network games): 128 secret random bits, committed to")
    title: str | None = Field(None, max_length=200)
    clock: dict[str, Any] | None = Field(None, description="time control: {\"control\": \"fast\"|\"standard\"|\"slow\"|\"none\"|\"custom\", "
                                         "\"per_move\": s, \"cap\": s (custom only), \"on_timeout\": \"computer\"|\"forfeit\"|\"abandon\"}")
    my_side: str | None = Field(None, max_length=32, description="network mode, signed in: the seat the creating account takes (default: the first side)")
    invite: dict[str, str] | None = Field(None, max_length=8, description="signed in or not: {side: email} invitations to send at once")


#: The one version type, REST and WebSocket alike: a JSON integer >= 0 (not "0", not true).
Version = Field(strict=True, ge=0, description="the version (ply) of the view the action was chosen in: a JSON integer")


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="ignore")
    seat: str | None = Field(None, max_length=200, description="the seat secret (better: the X-Typhoon-Seat header)")
    action: str = Field(min_length=1, max_length=200, description="action text, e.g. 'move XLVI 0507'")
    version: StrictInt = Version


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="ignore")
    seat: str | None = Field(None, max_length=200, description="the seat secret (better: the X-Typhoon-Seat header)")
    version: StrictInt = Version


class ReissueBody(BaseModel):
    model_config = ConfigDict(extra="ignore")
    owner: str | None = Field(None, max_length=200, description="the owner secret (better: the X-Typhoon-Owner header)")
    seats: list[str] | None = Field(None, max_length=8, description="the seats to re-issue (default: every seat)")


class Created(BaseModel):
    id: str
    seats: dict[str, str | None]
    links: dict[str, str]
    owner: str | None = None
    invitations: list[dict[str, Any]] | None = None
    my_seat: str | None = None


class Reissued(BaseModel):
    id: str
    seats: dict[str, str]
    links: dict[str, str]


# -- helpers -------------------------------------------------------------------------------
def ensure_static() -> None:
    STATIC.mkdir(parents=True, exist_ok=True)
    index = STATIC / "index.html"
    if not index.exists():
        index.write_text(PLACEHOLDER)


def game_entry(name: str) -> dict[str, Any]:
    """What the start page needs to offer a game: title, sides, options, computer players."""
    pkg = package(name)
    return {
        "name": pkg.name,
        "title": pkg.title,
        "sides": list(pkg.sides),
        "side_names": dict(pkg.side_names),
        "option_specs": [o.to_json() for o in pkg.option_specs()],
        "players": ["human", *player_names(pkg)],
        "default_player": default_player(pkg),  # facing a person on the first side
        "default_players": {s: default_player(pkg, s) for s in pkg.sides},  # by the side the computer plays
    }


def serve_kits(store: Store, kits: Sequence[Any]) -> dict[str, str]:
    """Offer the games of loaded data kits (``typhoon serve --kit DIR``): each kit's package is
    registered under its ``kit:<hash>`` name (``registry.from_kit``) and its documents are kept
    in the database (``kits`` table), so a game of it re-opens after a restart, with or without
    ``--kit``. Returns ``{package name: label}`` (the kit folder's name) in the order given."""
    served: dict[str, str] = {}
    for kit in kits:
        pkg = registry.from_kit(kit)
        store.save_kit(pkg.name, kit.docs)
        served[pkg.name] = Path(kit.root).resolve().name or str(kit.root)
    return served


def kit_entry(name: str, label: str) -> dict[str, Any]:
    """A served kit's game as the start page offers it: its title says it is played on a kit."""
    entry = game_entry(name)
    return {**entry, "title": f"{entry['title']} (kit {label})", "kit": label}


def options_key(options: dict[str, Any]) -> str:
    return json.dumps(options, sort_keys=True, separators=(",", ":"))


@lru_cache(maxsize=64)  # bounded: "text" options make the key space unbounded
def board_doc(name: str, key: str) -> dict[str, Any]:
    """A game's map (map_meta) and rules documentation for one set of (normalised) options."""
    pkg = package(name)
    options = json.loads(key)
    return {**game_entry(name), "options": options, "map_meta": pkg.map_meta(options), "rules_doc": pkg.rules_doc(options)}


def meta_for(name: str, options: dict[str, Any] | None) -> dict[str, Any]:
    pkg = package(name)
    try:
        options = pkg.normalise_options(options)
    except (TyphoonError, TypeError, ValueError) as e:
        raise ApiError(422, f"bad options: {e}") from None
    return board_doc(name, options_key(options))


def created(live: LiveGame, secrets_: dict[str, str | None]) -> dict[str, Any]:
    return seats.created(live.meta.id, secrets_, live.meta.owner_secret)


def clean(text: Any) -> str:
    """Text safe to put in a JSON answer (lone surrogates escaped, length bounded)."""
    return str(text).encode("utf-8", "backslashreplace").decode("utf-8")[:500]


async def seat_param(
    request: Request,
    x_typhoon_seat: str | None = Header(None, max_length=200, description="the seat secret (none: a spectator)"),
) -> str | None:
    """The seat secret of a request, however it travelled (``seats.seat_secret``)."""
    return seat_secret(request)


def client_key(conn: Any) -> str:
    return conn.client.host if conn.client else "unknown"


def iso(t: dt.datetime) -> str:
    return (t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)).isoformat()


def err(status: int, detail: str) -> JSONResponse:
    return JSONResponse({"detail": detail}, status_code=status)


def create_app(database_url: str = "sqlite:///typhoon.db", rate_limits: RateLimits | None = None, mail: MailConfig | None = None,
               clock_interval: float = 1.0, idle_seconds: float = 600.0, kits: Sequence[Any] = ()) -> FastAPI:
    """The server app on one database; ``rate_limits`` default to :class:`RateLimits()`, ``mail``
    to ``MailConfig.from_env()``. Background tasks: the clocks (every ``clock_interval`` s), the
    eviction of games idle for ``idle_seconds`` and, on PostgreSQL, the LISTEN of ``cluster``.
    ``kits``: loaded data kits (``typhoon.core.kit.load_kit``, ``typhoon serve --kit``) whose games
    the server offers besides the registered ones (:func:`serve_kits`)."""
    store = Store(database_url)
    games = Games(store)
    served = serve_kits(store, kits)
    limits = rate_limits if rate_limits is not None else RateLimits()
    notifier = Notifier(store, mail if mail is not None else MailConfig.from_env())
    games.on_turn = notifier.turn
    ensure_static()
    install_log_scrubbing()

    async def sweep_idle() -> None:
        while True:
            await asyncio.sleep(max(0.05, min(60.0, idle_seconds / 2)))
            games.sweep(idle_seconds)

    @asynccontextmanager
    async def lifespan(_: FastAPI):
        tasks = [asyncio.create_task(games.run_clocks(clock_interval)), asyncio.create_task(sweep_idle())]
        if store.postgres:
            from .cluster import listen

            tasks.append(asyncio.create_task(listen(games)))
        try:
            yield
        finally:
            for t in tasks:
                t.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await notifier.drain()
            store.dispose()

    app = FastAPI(
        lifespan=lifespan,
        title="Typhoon",
        version="1",
        description="Typhoon game server for every registered game: the rules are enforced, the server rolls the dice, each seat sees only its own view. See docs/api.md.",
    )
    app.state.store = store
    app.state.games = games
    app.state.kits = served
    app.state.notifier = notifier
    app.include_router(editor_router)
    app.include_router(accounts_router)
    app.state.rate_limits = limits
    app.add_middleware(Guard)

    @app.exception_handler(ApiError)
    async def api_error(_: Request, e: ApiError) -> JSONResponse:
        return JSONResponse({"detail": clean(e.detail)}, status_code=e.status, headers=e.headers)

    @app.exception_handler(BadInput)
    async def bad_input(_: Request, e: BadInput) -> JSONResponse:
        headers = {"Retry-After": "60"} if e.status == 429 else None
        return JSONResponse({"detail": clean(e.detail)}, status_code=e.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, e: RequestValidationError) -> JSONResponse:
        # never echo the input (it may be huge or not encodable): where and what only
        parts, errors = [], []
        for x in e.errors()[:20]:
            loc = [clean(p) if isinstance(p, str) else p for p in x.get("loc", ()) if isinstance(p, (str, int))]
            where = ".".join(str(p) for p in loc if p != "body") or "body"
            msg = clean(x.get("msg", "invalid"))
            parts.append(f"{where}: {msg}")
            errors.append({"loc": loc, "msg": msg, "type": clean(x.get("type", ""))})
        return JSONResponse({"detail": "bad request: " + "; ".join(parts), "errors": errors}, status_code=422)

    def limited(kind: str):
        async def check(request: Request) -> None:
            limits.hit(kind, client_key(request))

        return Depends(check)

    # -- pages -----------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- API -------------------------------------------------------------------------------
    @app.get("/api/meta", summary="The games this server plays; with ?game=, that game's map, rules and players",
             responses={422: {"description": "unknown game or bad options"}})
    async def meta(
        game: str | None = Query(None, max_length=32, description="a game name: add its map_meta and rules_doc"),
        options: str | None = Query(None, max_length=2000, description="that game's options as a JSON object"),
    ) -> dict[str, Any]:
        games_ = []
        for name in registry.names():
            try:
                games_.append(game_entry(name))
            except ApiError:  # a game whose package cannot be imported here is not offered
                continue
        games_ += [kit_entry(name, label) for name, label in served.items()]
        default = next(iter(served), DEFAULT_GAME)  # served with --kit: the kit's game is preselected
        doc: dict[str, Any] = {"games": games_, "default": default, "modes": ["ai", "hotseat", "network"]}
        if game is not None:
            try:
                opts = json.loads(options) if options else {}
            except ValueError:
                raise ApiError(422, "options must be a JSON object, e.g. {\"edition\": \"1986\"}") from None
            doc["game"] = await asyncio.to_thread(meta_for, game, opts)
        return doc

    @app.get("/api/games/{game_id}/meta", summary="The map, rules and players of this game (its options)",
             responses={404: {"description": "no such game"}})
    async def game_meta(game_id: str) -> dict[str, Any]:
        live = await games.get(game_id)
        return await asyncio.to_thread(meta_for, live.meta.game, live.meta.options)

    @app.post("/api/games", status_code=201, response_model=Created, summary="Create a game",
              responses={422: {"description": "bad options, mode, seed or computer player"}, 429: {"description": "too many games created"}},
              dependencies=[limited("create")])
    async def new_game(body: NewGame, request: Request, user: dict[str, Any] | None = Depends(optional_user)) -> dict[str, Any]:
        meta, secrets_ = games.new_meta(body.mode, body.options, body.seed, body.title, body.human_side, body.ai, game=body.game)
        pkg = package(meta.game)
        try:
            meta.clock = clock.make_clock(body.clock, list(pkg.sides))
        except TyphoonError as e:
            raise ApiError(422, str(e)) from None
        for side, email in (body.invite or {}).items():
            if side not in pkg.sides or secrets_.get(side) is None:
                raise ApiError(422, f"invite: {side!r} is not a seat of this {body.mode} game; its seats are {[s for s, v in secrets_.items() if v]}")
            normal_email(email)  # a bad address is refused before the game is made
        mine = None
        if user is not None:
            meta.owner_user = user["id"]
            mine = seat_for_account(body.mode, list(pkg.sides), body.my_side if body.mode == "network" else body.human_side)
            if body.mode == "ai":
                mine = next(s for s, v in secrets_.items() if v)
            meta.members = {mine: user["id"]}
        live = await games.create(meta, pkg.new_game(meta.options, meta.seed))
        if mine is not None:
            await asyncio.to_thread(store.set_member, meta.id, mine, user["id"])
        doc = created(live, secrets_)
        if body.invite:
            doc["invitations"] = [await make_invitation(request, live, side, email, user) for side, email in body.invite.items()]
        doc["my_seat"] = mine
        return doc

    @app.post("/api/games/import", status_code=201, response_model=Created, summary="Create a game from a save record",
              responses={422: {"description": "not a valid save record"}, 429: {"description": "too many games created"}},
              dependencies=[limited("create")])
    async def import_game(doc: dict[str, Any] = Body(..., description="a typhoon-save record, plus optional mode, human_side, ai, title")) -> dict[str, Any]:
        from ..core import record

        mode = doc.get("mode", "hotseat")
        if not isinstance(mode, str):
            raise ApiError(422, "mode must be one of 'ai', 'hotseat', 'network'")
        title = doc.get("title")
        if title is not None and not isinstance(title, str):
            raise ApiError(422, "title must be a string")
        for k in ("human_side", "ai"):
            if doc.get(k) is not None and not isinstance(doc.get(k), str):
                raise ApiError(422, f"{k} must be a string")
        try:
            game = await asyncio.to_thread(record.from_record, {k: v for k, v in doc.items() if k not in ("mode", "human_side", "ai", "title")})
        except (TyphoonError, TypeError, ValueError, KeyError) as e:
            raise ApiError(422, f"cannot import: {e}") from None
        start = doc.get("start") or None
        if game.trusted_plies or mode == "network":
            # rolls made under a seed the server does not have, or a seed the importer knows
            # (a network game's dice must be secret): the record's outcome becomes the new
            # game's start position, with fresh secret dice
            pkg = registry.get(game.rules.name)
            start = pkg.position_to_json(game.state)
            meta, secrets_ = games.new_meta(mode, game.options, None, title, doc.get("human_side"), doc.get("ai"),
                                            start=start, game=game.rules.name)
            game = Game(pkg.rules, game.options, meta.seed, state=pkg.position_from_json(start))
        else:
            # the importer knows the seed: it stays, and is shown to every seat
            meta, secrets_ = games.new_meta(mode, game.options, game.seed, title,
                                            doc.get("human_side"), doc.get("ai"), start=start, game=game.rules.name)
            meta.dice = dice_scheme(game)
        live = await games.create(meta, game)
        return created(live, secrets_)

    @app.get("/api/games", summary="The games on this server, most recently changed first")
    async def list_games() -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(store.list)
        out = []
        for r in rows:
            out.append(
                {
                    "id": r["id"], "title": r["title"], "game": r.get("game"), "mode": r["mode"],
                    "created": iso(r["created"]), "updated": iso(r["updated"]),
                    "turn": r["turn"], "phase": r["phase"], "version": r["ply"],
                    "status": r["status"], "winner": r["winner"], "players": r["players"],
                }
            )
        return out

    @app.get("/api/games/{game_id}", summary="The game as seen from a seat (no seat: spectator)",
             responses={403: {"description": "wrong seat secret"}, 404: {"description": "no such game"}})
    async def get_game(game_id: str, seat: str | None = Depends(seat_param),
                       moves: Literal["all", "on_demand"] = Query("all", description="on_demand: leave the per-unit moves out of actions "
                                                                  "(movable lists the units; GET .../moves?unit=U gives them)")) -> dict[str, Any]:
        live = await games.get(game_id)
        return live.view(live.seat_of(seat), moves == "on_demand")

    async def change(game_id: str, secret: str | None, version: int, action: str | None) -> dict[str, Any]:
        live = await games.get(game_id)
        seat = live.seat_of(secret)
        if secret in (None, ""):
            raise ApiError(403, "a seat secret is required to act (spectators cannot act)")
        await games.act(live, seat, version, action)
        await games.broadcast(live)
        return live.view(seat)

    errors = {403: {"description": "wrong or missing seat, or not your turn"}, 404: {"description": "no such game"},
              409: {"description": "stale version"}, 422: {"description": "illegal or malformed action"}}

    errors[429] = {"description": "too many requests"}

    @app.post("/api/games/{game_id}/actions", summary="Play an action", responses=errors, dependencies=[limited("act")])
    async def post_action(game_id: str, body: ActionBody, request: Request,
                          _seat: str | None = Depends(seat_param)) -> dict[str, Any]:
        return await change(game_id, seat_secret(request, body.seat), body.version, body.action)

    @app.post("/api/games/{game_id}/undo", summary="Undo your last action (never past a die roll or phase end)", responses=errors,
              dependencies=[limited("act")])
    async def post_undo(game_id: str, body: UndoBody, request: Request, _seat: str | None = Depends(seat_param)) -> dict[str, Any]:
        return await change(game_id, seat_secret(request, body.seat), body.version, None)

    @app.post("/api/games/{game_id}/seats", response_model=Reissued, dependencies=[limited("act")],
              summary="Re-issue seat links (the game's creator, with its owner secret): the old links stop working",
              responses={403: {"description": "not the owner secret"}, 404: {"description": "no such game"},
                         422: {"description": "not a seat of this game"}, 429: {"description": "too many requests"}})
    async def reissue_seats(game_id: str, request: Request, body: ReissueBody | None = None,
                            x_typhoon_owner: str | None = Header(None, max_length=200, description="the owner secret")) -> dict[str, Any]:
        live = await games.get(game_id)
        body = body or ReissueBody()
        fresh = await games.reissue(live, owner_secret(request, body.owner), body.seats)
        links = {seat: play_link(game_id, s) for seat, s in fresh.items()}
        return {"id": game_id, "seats": fresh, "links": links}

    @app.get("/api/games/{game_id}/odds", summary="Odds of a proposed attack, as the seat may know them",
             responses={403: {"description": "wrong seat secret"}, 422: {"description": "bad hex or units, or these units may not attack that hex"}})
    async def odds(game_id: str, target: str = Query(..., max_length=16), attackers: str = Query("", max_length=500),
                   seat: str | None = Depends(seat_param)) -> dict[str, Any]:
        live = await games.get(game_id)
        who = live.seat_of(seat)
        units = [a.strip() for a in attackers.split(",") if a.strip()]
        if not units:
            raise ApiError(422, "attackers: give at least one attacking unit, e.g. attackers=XLVI,LVII")
        if len(set(units)) != len(units):
            raise ApiError(422, "an attacker is listed twice")
        g = live.game
        # a seat's odds use only what it may know (the package's battle_preview decides "may
        # these units attack that hex": adjacency, sides, the map)
        state = g.state if g.perfect_information else g.observe_state(live.observer(who))
        try:
            doc = dict(live.pkg.battle_preview(state, target, units))
        except (TyphoonError, KeyError, ValueError) as e:
            raise ApiError(422, str(e).strip("'\"")) from None
        defenders = [u["id"] for u in live.view(who).get("units") or [] if u.get("hex") == target and u.get("where", "map") == "map"]
        doc.setdefault("defenders", defenders)
        doc.setdefault("defender", defenders[0] if len(defenders) == 1 else (defenders or None))
        doc.update(target=target, attackers=units)
        return doc

    @app.get("/api/games/{game_id}/moves", summary="What a unit may do now: its legal actions, and where it may move",
             responses={403: {"description": "wrong seat secret"}, 422: {"description": "unknown unit"}})
    async def moves(game_id: str, unit: str = Query(..., max_length=16), seat: str | None = Depends(seat_param)) -> dict[str, Any]:
        live = await games.get(game_id)
        who = live.seat_of(seat)
        g = live.game
        units = {u["id"]: u for u in live.view(who).get("units") or []}
        if unit not in units:
            raise ApiError(422, f"unknown unit {unit!r}")
        if units[unit].get("hex") is None:
            raise ApiError(422, f"unit {unit} is not on the map")
        acts: list[dict[str, Any]] = []
        # the legal actions of the side to act; in a game with hidden information only that
        # side's seat may read them
        if not g.is_over() and not g.is_chance() and (g.perfect_information or live.may_act(who)):
            cur = live.view(who) if live.may_act(who) else None
            if cur is not None:
                described = cur["actions"]
            else:
                described = [dict(live.pkg.describe(g.state, a), text=str(a)) for a in g.legal_actions]
            acts = [d for d in described if unit in (d.get("units") or [])]
        dests = sorted({d["hex"] for d in acts if d.get("verb") == "move" and d.get("hex")})
        return {"unit": unit, "destinations": dests, "actions": acts}

    @app.get("/api/games/{game_id}/record", summary="The save record (typhoon-save JSON), as the seat may read it")
    async def get_record(game_id: str, seat: str | None = Depends(seat_param)) -> dict[str, Any]:
        live = await games.get(game_id)
        # the seed of a running game stays on the server: it would tell every roll to come;
        # hidden actions reach a seat only as it may read them
        return live.record(live.seat_of(seat))

    @app.get("/api/games/{game_id}/replay", summary="The game after N actions (0 = the start), as the seat may see it",
             responses={422: {"description": "ply out of range"}})
    async def replay(game_id: str, ply: int = Query(..., ge=0, le=1_000_000), seat: str | None = Depends(seat_param)) -> dict[str, Any]:
        live = await games.get(game_id)
        who = live.seat_of(seat)
        g = live.game
        total = g.ply
        if ply > total:
            raise ApiError(422, f"ply must be between 0 and {total}, not {ply}")
        texts = g.action_texts()[:ply]
        start = g.rules.copy_state(g.start_state)
        past = await asyncio.to_thread(replay_game, g.rules, g.options, g.seed, texts, start, g.trusted_plies, dice_scheme(g))
        over = g.is_over()
        reader = None if who == "both" else who
        board = dict(live.pkg.view(past.state, None if over and who is None else reader))
        phase = board.get("phase") or {}
        entry = past.log[-1] if past.log else None
        doc = {
            **board,
            "ply": ply, "of": total, "game": live.pkg.name,
            "sides": list(live.pkg.sides), "side_names": dict(live.pkg.side_names),
            "phase": phase.get("id") if isinstance(phase, dict) else phase,
            "phase_name": phase.get("name") if isinstance(phase, dict) else phase,
            "phase_info": phase,
            "action": entry.text_for(reader, omniscient=over) if entry else None,
            "player": entry.player if entry else None,
            "events": entry.events_for(reader, omniscient=over) if entry else [],
        }
        if g.perfect_information:
            doc["position"] = live.pkg.position_to_json(past.state)
        return doc

    # -- WebSocket -------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def ws_game(ws: WebSocket, game_id: str) -> None:
        seat = seat_secret(ws)  # header or subprotocol (seats.py), never the URL
        await ws.accept(subprotocol=ws_accept_protocol(ws))
        try:
            live = await games.get(game_id)
            seat_name = live.seat_of(seat)
        except ApiError as e:
            await ws.send_json({"type": "error", "status": e.status, "detail": clean(e.detail)})
            await ws.close(code=4000 + e.status)
            return
        ws.state.moves_on_demand = ws.query_params.get("moves") == "on_demand"
        live.subscribers[ws] = seat_name
        try:
            await ws.send_json({"type": "view", "view": live.view(seat_name, ws.state.moves_on_demand)})
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                reply = await ws_frame(live, seat, frame, client_key(ws))
                if reply is not None:
                    await ws.send_json(reply)
        except WebSocketDisconnect:
            pass
        except RuntimeError:  # the socket was closed meanwhile (e.g. its seat re-issued)
            pass
        finally:
            live.subscribers.pop(ws, None)

    async def ws_frame(live: LiveGame, secret: str | None, frame: dict[str, Any], client: str) -> dict[str, Any] | None:
        """One client frame: any type, size or depth gets an answer, never a crash."""
        text = frame.get("text")
        if text is None:
            return {"type": "error", "status": 422, "detail": "send text frames holding JSON objects (binary frames are not accepted)"}
        if len(text) > MAX_FRAME:
            return {"type": "error", "status": 413, "detail": f"a message may have at most {MAX_FRAME} characters"}
        try:
            msg = strict_json(text)
        except BadInput as e:
            return {"type": "error", "status": e.status, "detail": f"messages must be JSON objects: {e.detail}"}
        if isinstance(msg, dict) and msg.get("type") in ("action", "undo"):
            try:
                limits.hit("act", client)
            except BadInput as e:
                return {"type": "error", "status": e.status, "detail": e.detail}
        return await ws_message(live, secret, msg)

    async def ws_message(live: LiveGame, secret: str | None, msg: Any) -> dict[str, Any] | None:
        if not isinstance(msg, dict):
            return {"type": "error", "status": 422, "detail": "messages must be JSON objects"}
        kind = msg.get("type")
        if kind == "ping":
            return {"type": "pong"}
        if kind not in ("action", "undo"):
            return {"type": "error", "status": 422, "detail": clean(f"unknown message type {kind!r}; expected 'action', 'undo' or 'ping'")}
        version = msg.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 0:
            return {"type": "error", "status": 422, "detail": "version must be a JSON integer >= 0 (the version of the view you saw)"}
        action = None
        if kind == "action":
            action = msg.get("action")
            if not isinstance(action, str) or not action.strip() or len(action) > 200:
                return {"type": "error", "status": 422, "detail": "action must be a non-empty action text, e.g. 'move XLVI 0507'"}
        try:
            await change(live.meta.id, secret, version, action)
        except ApiError as e:
            return {"type": "error", "status": e.status, "detail": clean(e.detail)}
        return None  # the new view reaches this client through the broadcast

    return app

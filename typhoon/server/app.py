"""The game server: FastAPI REST + WebSocket API (docs/api.md) and the static browser client.

``create_app(database_url)`` builds an app on one database (SQLite file or PostgreSQL).
The server is authoritative: it validates every action with the rules, rolls every die and
plays the computer side; every action is committed to the database before it is acknowledged.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Any, Literal

from fastapi import Body, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from ..core.errors import TyphoonError
from ..core.game import Game
from ..games import registry
from .live import ApiError, Games, LiveGame
from .store import Store

STATIC = Path(__file__).parent / "static"
PLACEHOLDER = """<!doctype html><html><head><meta charset="utf-8"><title>Typhoon</title></head>
<body><h1>Typhoon server</h1><p>The browser client is not installed; the API is at <a href="/docs">/docs</a>.</p></body></html>
"""

Side = Literal["german", "soviet"]


# -- request bodies ------------------------------------------------------------------------
class NewGame(BaseModel):
    model_config = ConfigDict(extra="ignore")
    mode: Literal["ai", "hotseat", "network"] = Field(description="ai: one human against the computer; hotseat: one secret plays both sides; network: one secret per side")
    options: dict[str, Any] = Field(default_factory=dict, description="game options, e.g. {'edition': '1986'}")
    human_side: Side | None = Field(None, description="ai mode: the human's side (default german)")
    ai: str | None = Field(None, max_length=64, description="ai mode: the computer player (default heuristic)")
    seed: int | None = Field(None, ge=0, le=2**62, description="dice seed; random when null")
    title: str | None = Field(None, max_length=200)


class ActionBody(BaseModel):
    model_config = ConfigDict(extra="ignore")
    seat: str | None = Field(None, max_length=200, description="the seat secret")
    action: str = Field(max_length=200, description="action text, e.g. 'move XLVI 0507'")
    version: int = Field(description="the version (ply) of the view the action was chosen in")


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="ignore")
    seat: str | None = Field(None, max_length=200)
    version: int


class Created(BaseModel):
    id: str
    seats: dict[str, str | None]
    links: dict[str, str]


# -- helpers -------------------------------------------------------------------------------
def ensure_static() -> None:
    STATIC.mkdir(parents=True, exist_ok=True)
    index = STATIC / "index.html"
    if not index.exists():
        index.write_text(PLACEHOLDER)


@cache
def meta_doc() -> dict[str, Any]:
    from ..ai.base import player_names
    from ..games.bfm import position
    from ..games.bfm.data import DATA, bfm_data
    from ..games.bfm.options import EDITIONS

    d = bfm_data("2009")
    return {
        "map": json.loads((DATA / "map.json").read_text()),
        "units": {u: {"side": s.side, "kind": s.kind, "full": s.full, "reduced": s.reduced, "movement": s.movement, "name": s.name} for u, s in d.units.items()},
        "phases": {
            ed: [{"id": p.id, "side": p.side, "kind": p.kind, "name": p.name} for p in bfm_data(ed).sequence] for ed in EDITIONS
        },
        "players": player_names(),
        "editions": list(EDITIONS),
        "options": position.default_options(),
    }


def created(live: LiveGame, secrets_: dict[str, str | None]) -> dict[str, Any]:
    gid = live.meta.id
    links = {seat: f"/play/{gid}?seat={s}" for seat, s in secrets_.items() if s}
    links["spectator"] = f"/play/{gid}"
    return {"id": gid, "seats": secrets_, "links": links}


def iso(t: dt.datetime) -> str:
    return (t if t.tzinfo else t.replace(tzinfo=dt.timezone.utc)).isoformat()


def err(status: int, detail: str) -> JSONResponse:
    return JSONResponse({"detail": detail}, status_code=status)


def create_app(database_url: str = "sqlite:///typhoon.db") -> FastAPI:
    store = Store(database_url)
    games = Games(store)
    ensure_static()
    @asynccontextmanager
    async def lifespan(_: FastAPI):
        yield
        store.dispose()

    app = FastAPI(
        lifespan=lifespan,
        title="Typhoon",
        version="1",
        description="Battle for Moscow game server: the rules are enforced, the server rolls the dice. See docs/api.md.",
    )
    app.state.store = store
    app.state.games = games

    @app.exception_handler(ApiError)
    async def api_error(_: Request, e: ApiError) -> JSONResponse:
        return err(e.status, e.detail)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, e: RequestValidationError) -> JSONResponse:
        parts = []
        for x in e.errors():
            where = ".".join(str(p) for p in x.get("loc", ()) if p != "body") or "body"
            parts.append(f"{where}: {x.get('msg')}")
        return JSONResponse({"detail": "bad request: " + "; ".join(parts), "errors": json.loads(json.dumps(e.errors(), default=str))}, status_code=422)

    # -- pages -----------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/play/{game_id}", include_in_schema=False)
    async def play(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "index.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- API -------------------------------------------------------------------------------
    @app.get("/api/meta", summary="Map, units, phases, players, editions and option defaults")
    async def meta() -> dict[str, Any]:
        return meta_doc()

    @app.post("/api/games", status_code=201, response_model=Created, summary="Create a game",
              responses={422: {"description": "bad options, mode or computer player"}})
    async def new_game(body: NewGame) -> dict[str, Any]:
        meta, secrets_ = games.new_meta(body.mode, body.options, body.seed, body.title, body.human_side, body.ai)
        pkg = registry.get(meta.game)
        live = await games.create(meta, Game(pkg.rules, meta.options, meta.seed))
        return created(live, secrets_)

    @app.post("/api/games/import", status_code=201, response_model=Created, summary="Create a game from a save record",
              responses={422: {"description": "not a valid save record"}})
    async def import_game(doc: dict[str, Any] = Body(..., description="a typhoon-save record, plus optional mode, human_side, ai, title")) -> dict[str, Any]:
        from ..core import record

        mode = doc.get("mode", "hotseat")
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
        if game.trusted_plies:
            # a record without its seed: keep its outcome as the new game's start position,
            # with fresh dice (the store rebuilds games from seed + start + actions)
            pkg = registry.get(game.rules.name)
            start = pkg.position_to_json(game.state)
            game = Game(pkg.rules, game.options, game.seed, state=pkg.position_from_json(start))
        meta, secrets_ = games.new_meta(mode if isinstance(mode, str) else repr(mode), game.options, game.seed, title, doc.get("human_side"), doc.get("ai"), start=start)
        live = await games.create(meta, game)
        return created(live, secrets_)

    @app.get("/api/games", summary="The games on this server, most recently changed first")
    async def list_games() -> list[dict[str, Any]]:
        rows = await asyncio.to_thread(store.list)
        out = []
        for r in rows:
            out.append(
                {
                    "id": r["id"], "title": r["title"], "mode": r["mode"],
                    "created": iso(r["created"]), "updated": iso(r["updated"]),
                    "turn": r["turn"], "phase": r["phase"], "version": r["ply"],
                    "status": r["status"], "winner": r["winner"], "players": r["players"],
                }
            )
        return out

    @app.get("/api/games/{game_id}", summary="The game as seen from a seat (no seat: spectator)",
             responses={403: {"description": "wrong seat secret"}, 404: {"description": "no such game"}})
    async def get_game(game_id: str, seat: str | None = Query(None, max_length=200)) -> dict[str, Any]:
        live = await games.get(game_id)
        return live.view(live.seat_of(seat))

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

    @app.post("/api/games/{game_id}/actions", summary="Play an action", responses=errors)
    async def post_action(game_id: str, body: ActionBody) -> dict[str, Any]:
        return await change(game_id, body.seat, body.version, body.action)

    @app.post("/api/games/{game_id}/undo", summary="Undo your last action (never past a die roll or phase end)", responses=errors)
    async def post_undo(game_id: str, body: UndoBody) -> dict[str, Any]:
        return await change(game_id, body.seat, body.version, None)

    @app.get("/api/games/{game_id}/odds", summary="Odds of a proposed attack", responses={422: {"description": "bad hex or units"}})
    async def odds(game_id: str, target: str = Query(..., max_length=16), attackers: str = Query("", max_length=500)) -> dict[str, Any]:
        from ..games.bfm import combat

        live = await games.get(game_id)
        state = live.game.state
        if target not in state.data.hex_index:
            raise ApiError(422, f"target {target!r} is not a hex of the map")
        defender = state.unit_at(target)
        if defender is None:
            raise ApiError(422, f"there is no unit in hex {target}")
        units = [a.strip() for a in attackers.split(",") if a.strip()]
        for a in units:
            if a not in state.hex_of:
                raise ApiError(422, f"attacker {a!r} is not a unit on the map")
            if state.side_of(a) == state.side_of(defender):
                raise ApiError(422, f"attacker {a} is on the same side as the defender {defender}")
        if len(set(units)) != len(units):
            raise ApiError(422, "an attacker is listed twice")
        if not units:
            raise ApiError(422, "attackers: give at least one attacking unit, e.g. attackers=XLVI,LVII")
        doc = combat.battle_odds(state, target, units).to_json()
        doc.update(target=target, defender=defender, attackers=units)
        return doc

    @app.get("/api/games/{game_id}/moves", summary="Where a unit may end its move now", responses={422: {"description": "unknown unit"}})
    async def moves(game_id: str, unit: str = Query(..., max_length=16)) -> dict[str, Any]:
        from ..games.bfm import movement

        live = await games.get(game_id)
        state = live.game.state
        if unit not in state.data.units:
            raise ApiError(422, f"unknown unit {unit!r}")
        if unit not in state.hex_of:
            raise ApiError(422, f"unit {unit} is not on the map")
        dests = movement.destinations(state, unit) if movement.may_move(state, unit) else []
        return {"unit": unit, "destinations": sorted(dests)}

    @app.get("/api/games/{game_id}/record", summary="The save record (typhoon-save JSON)")
    async def get_record(game_id: str) -> dict[str, Any]:
        from ..core import record

        live = await games.get(game_id)
        # the seed of a running game stays on the server: it would tell every roll to come
        return record.to_record(live.game, live.meta.players, extra={"title": live.meta.title}, public=True)

    @app.get("/api/games/{game_id}/replay", summary="The position after N actions (0 = the start)",
             responses={422: {"description": "ply out of range"}})
    async def replay(game_id: str, ply: int = Query(..., ge=0)) -> dict[str, Any]:
        from ..games.bfm import position

        live = await games.get(game_id)
        g = live.game
        total = g.ply
        if ply > total:
            raise ApiError(422, f"ply must be between 0 and {total}, not {ply}")
        texts = g.action_texts()[:ply]
        start = g.rules.copy_state(g.start_state)
        past = await asyncio.to_thread(Game.replay, g.rules, g.options, g.seed, texts, start, g.trusted_plies)
        entry = past.log[-1] if past.log else None
        return {
            "ply": ply, "of": total,
            "position": position.to_json(past.state), "units": position.unit_views(past.state),
            "action": str(entry.action) if entry else None, "player": entry.player if entry else None,
            "events": list(entry.events) if entry else [],
        }

    # -- WebSocket -------------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def ws_game(ws: WebSocket, game_id: str, seat: str | None = None) -> None:
        await ws.accept()
        try:
            live = await games.get(game_id)
            seat_name = live.seat_of(seat)
        except ApiError as e:
            await ws.send_json({"type": "error", "status": e.status, "detail": e.detail})
            await ws.close(code=4000 + e.status)
            return
        live.subscribers[ws] = seat_name
        try:
            await ws.send_json({"type": "view", "view": live.view(seat_name)})
            while True:
                text = await ws.receive_text()
                reply = await ws_message(live, seat, text)
                if reply is not None:
                    await ws.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            live.subscribers.pop(ws, None)

    async def ws_message(live: LiveGame, secret: str | None, text: str) -> dict[str, Any] | None:
        try:
            msg = json.loads(text)
        except ValueError:
            return {"type": "error", "status": 422, "detail": "messages must be JSON objects"}
        if not isinstance(msg, dict):
            return {"type": "error", "status": 422, "detail": "messages must be JSON objects"}
        kind = msg.get("type")
        if kind == "ping":
            return {"type": "pong"}
        if kind not in ("action", "undo"):
            return {"type": "error", "status": 422, "detail": f"unknown message type {kind!r}; expected 'action' or 'undo'"}
        version = msg.get("version")
        if not isinstance(version, int) or isinstance(version, bool):
            return {"type": "error", "status": 422, "detail": "version must be an integer (the version of the view you saw)"}
        action = None
        if kind == "action":
            action = msg.get("action")
            if not isinstance(action, str) or not action.strip() or len(action) > 200:
                return {"type": "error", "status": 422, "detail": "action must be a non-empty action text, e.g. 'move XLVI 0507'"}
        try:
            await change(live.meta.id, secret, version, action)
        except ApiError as e:
            return {"type": "error", "status": e.status, "detail": e.detail}
        return None  # the new view reaches this client through the broadcast

    return app

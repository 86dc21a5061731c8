"""Player accounts: identities that work across devices, "my games", invitations, notifications.

- An account is an email address, a name and a password hashed with argon2id
  (``argon2-cffi``; the password itself is never stored). Signing in gives a random session
  token (stored as its SHA-256) sent as ``Authorization: Bearer <token>``.
- An account *holds seats* (``members``): the seat it took when creating a game, seats it
  accepted invitations to, and seats it claimed with their seat secret. Each held seat is opened
  on any device by the account seat key (``seats.account_seat_key``), which "my games" hands out.
- Invitations: the game's creator (owner secret, or the creating account) invites an email
  address to a seat; the invitee gets an email with a link (token in the fragment) and accepts
  it signed in, or finds it under "invitations" when signed in with that address.
- When the turn passes to a seat an account holds, the account is told by email and/or webhook
  (``notify.Notifier``).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import hashlib
import hmac
import re
import secrets
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from fastapi import APIRouter, Depends, Header, Request
from pydantic import BaseModel, ConfigDict, Field

from . import clock
from .live import BOTH, ApiError, hash_secret
from .seats import account_seat_key, owner_secret, play_link, seat_secret
from .store import now

router = APIRouter()
HASHER = PasswordHasher()  # argon2id, the library's defaults (RFC 9106 low-memory profile)
EMAIL = re.compile(r"[^@\s]{1,64}@[^@\s]{1,190}\.[^@\s]{1,60}")
DUMMY_HASH = HASHER.hash("typhoon: an unknown address still costs one verification")


class SignUp(BaseModel):
    model_config = ConfigDict(extra="ignore")
    email: str = Field(max_length=254, description="the account's email address (notifications and invitations go there)")
    password: str = Field(min_length=8, max_length=200, description="at least 8 characters")
    name: str | None = Field(None, max_length=100, description="the name other players see (default: the email's local part)")


class SignIn(BaseModel):
    model_config = ConfigDict(extra="ignore")
    email: str = Field(max_length=254)
    password: str = Field(max_length=200)


class Settings(BaseModel):
    model_config = ConfigDict(extra="ignore")
    name: str | None = Field(None, min_length=1, max_length=100)
    webhook: str | None = Field(None, max_length=500, description="http(s) URL POSTed to when it is your turn; \"\" removes it")
    notify_email: bool | None = Field(None, description="email me when it is my turn")


class Claim(BaseModel):
    model_config = ConfigDict(extra="ignore")
    game: str = Field(max_length=32)
    seat: str = Field(min_length=1, max_length=200, description="the seat secret to add to this account")


class Accept(BaseModel):
    model_config = ConfigDict(extra="ignore")
    token: str | None = Field(None, max_length=200, description="the invitation token (from the emailed link)")
    id: str | None = Field(None, max_length=32, description="an invitation to this account's email address")


class Invite(BaseModel):
    model_config = ConfigDict(extra="ignore")
    seat: str = Field(max_length=16, description="the seat (side) to invite to")
    email: str | None = Field(None, max_length=254, description="who to invite (emailed when the server sends email)")
    owner: str | None = Field(None, max_length=200, description="the owner secret (better: X-Typhoon-Owner)")


# -- passwords and sessions --------------------------------------------------------------------
def normal_email(email: str) -> str:
    e = email.strip().lower()
    if not EMAIL.fullmatch(e):
        raise ApiError(422, f"email: {email[:60]!r} is not an email address")
    return e


def check_webhook(url: str) -> str:
    if not re.fullmatch(r"https?://[^\s/]+(/\S*)?", url):
        raise ApiError(422, "webhook must be an http:// or https:// URL")
    return url


def verify(stored: str, password: str) -> bool:
    try:
        return HASHER.verify(stored, password)
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def public_user(u: dict[str, Any]) -> dict[str, Any]:
    return {"id": u["id"], "email": u["email"], "name": u["name"], "webhook": u.get("webhook"),
            "notify_email": bool(u.get("notify_email"))}


def bearer(request: Request) -> str | None:
    auth = request.headers.get("authorization") or ""
    return auth[7:].strip()[:200] if auth[:7].lower() == "bearer " else None


async def optional_user(request: Request, authorization: str | None = Header(None, max_length=300,
                        description="Bearer <session token> (POST /api/account/signin)")) -> dict[str, Any] | None:
    """The signed-in account of a request (None without a token; 401 for a bad one)."""
    token = bearer(request)
    if not token:
        return None
    user = await asyncio.to_thread(request.app.state.store.session_user, hash_secret(token))
    if user is None:
        raise ApiError(401, "this session token is not valid (signed out?): sign in again")
    return user


async def current_user(user: dict[str, Any] | None = Depends(optional_user)) -> dict[str, Any]:
    if user is None:
        raise ApiError(401, "sign in first: send Authorization: Bearer <token> (POST /api/account/signin)")
    return user


def limited(request: Request) -> None:
    limits = request.app.state.rate_limits
    limits.hit("account", request.client.host if request.client else "unknown")


async def new_session(store: Any, user: dict[str, Any]) -> dict[str, Any]:
    token = secrets.token_urlsafe(32)
    await asyncio.to_thread(store.add_session, hash_secret(token), user["id"])
    return {"token": token, "user": public_user(user)}


# -- account routes ----------------------------------------------------------------------------
@router.post("/api/account/signup", status_code=201, dependencies=[Depends(limited)],
             summary="Create an account (email, password, name); signs it in",
             responses={409: {"description": "email taken"}, 422: {"description": "bad email or password"}, 429: {"description": "too many requests"}})
async def signup(body: SignUp, request: Request) -> dict[str, Any]:
    store = request.app.state.store
    email = normal_email(body.email)
    hashed = await asyncio.to_thread(HASHER.hash, body.password)
    row = {"id": secrets.token_hex(8), "email": email, "name": (body.name or email.split("@")[0]).strip()[:100] or email,
           "password": hashed, "notify_email": 1}
    if not await asyncio.to_thread(store.add_user, row):
        raise ApiError(409, f"an account with the email {email} exists already: sign in")
    return await new_session(store, row)


@router.post("/api/account/signin", dependencies=[Depends(limited)], summary="Sign in: a session token",
             responses={401: {"description": "wrong email or password"}, 429: {"description": "too many requests"}})
async def signin(body: SignIn, request: Request) -> dict[str, Any]:
    store = request.app.state.store
    user = await asyncio.to_thread(store.user, email=body.email.strip().lower())
    # an unknown address costs the same verification as a known one (no timing oracle)
    ok = await asyncio.to_thread(verify, user["password"] if user else DUMMY_HASH, body.password)
    if user is None or not ok:
        raise ApiError(401, "wrong email or password")
    return await new_session(store, user)


@router.post("/api/account/signout", summary="End this session (its token stops working)")
async def signout(request: Request, user: dict[str, Any] = Depends(current_user)) -> dict[str, Any]:
    await asyncio.to_thread(request.app.state.store.drop_session, hash_secret(bearer(request) or ""))
    return {"signed_out": True}


@router.get("/api/account", summary="The signed-in account", responses={401: {"description": "not signed in"}})
async def me(user: dict[str, Any] = Depends(current_user)) -> dict[str, Any]:
    return public_user(user)


@router.post("/api/account/settings", summary="Change name, webhook, email notifications",
             responses={401: {"description": "not signed in"}, 422: {"description": "bad webhook URL"}})
async def settings(body: Settings, request: Request, user: dict[str, Any] = Depends(current_user)) -> dict[str, Any]:
    values: dict[str, Any] = {}
    if body.name is not None:
        values["name"] = body.name.strip() or user["name"]
    if body.webhook is not None:
        values["webhook"] = check_webhook(body.webhook) if body.webhook else None
    if body.notify_email is not None:
        values["notify_email"] = int(body.notify_email)
    if values:
        await asyncio.to_thread(request.app.state.store.update_user, user["id"], **values)
    return public_user({**user, **values})


@router.get("/api/account/games", summary="My games: the games this account holds seats of or created, and whose turn it is",
            responses={401: {"description": "not signed in"}})
async def my_games(request: Request, user: dict[str, Any] = Depends(current_user)) -> list[dict[str, Any]]:
    store, games = request.app.state.store, request.app.state.games
    rows = await asyncio.to_thread(store.games_of, user["id"])
    t = now()
    out = []
    for r in rows:
        seats = r["seats"]
        to_act = r["to_act"] if r["status"] == "running" else None
        deadline = r["deadline"]
        if deadline is not None and deadline.tzinfo is None:
            deadline = deadline.replace(tzinfo=dt.timezone.utc)
        out.append({
            "id": r["id"], "title": r["title"], "game": r["game"], "mode": r["mode"], "status": r["status"],
            "winner": r["winner"], "turn": r["turn"], "phase": r["phase"], "version": r["ply"], "players": r["players"],
            "updated": r["updated"].isoformat() if r["updated"] else None,
            "seats": seats, "to_act": to_act,
            "your_turn": to_act is not None and (to_act in seats or BOTH in seats) and r["players"].get(to_act, "human") == "human",
            "created_by_you": r["owner_user"] == user["id"],
            "links": {s: play_link(r["id"], account_seat_key(games.seat_key, r["id"], s, user["id"])) for s in seats},
            "clock": clock.public(r["clock"], deadline, t),
            "outcome": r["result"],
        })
    out.sort(key=lambda g: (not g["your_turn"], g["status"] != "running"))
    return out


@router.post("/api/account/claim", summary="Add a seat you hold by its secret to this account (then it is in my games on every device)",
             responses={401: {"description": "not signed in"}, 403: {"description": "wrong seat secret"}, 404: {"description": "no such game"},
                        422: {"description": "a spectator link"}})
async def claim(body: Claim, request: Request, user: dict[str, Any] = Depends(current_user)) -> dict[str, Any]:
    games = request.app.state.games
    live = await games.get(body.game)
    seat = live.seat_of(body.seat)
    if seat is None:
        raise ApiError(422, "seat: give a seat secret (a spectator link holds none)")
    await asyncio.to_thread(games.store.set_member, live.meta.id, seat, user["id"])
    live.meta.members = {**live.meta.members, seat: user["id"]}
    return {"game": live.meta.id, "seat": seat, "link": play_link(live.meta.id, account_seat_key(games.seat_key, live.meta.id, seat, user["id"]))}


@router.get("/api/account/invitations", summary="Open invitations to this account's email address",
            responses={401: {"description": "not signed in"}})
async def my_invitations(request: Request, user: dict[str, Any] = Depends(current_user)) -> list[dict[str, Any]]:
    rows = await asyncio.to_thread(request.app.state.store.invitations_for, user["email"])
    return [{"id": r["id"], "game": r["game_id"], "title": r["title"], "game_name": r["game"], "seat": r["seat"],
             "created": r["created"].isoformat() if r["created"] else None} for r in rows]


@router.post("/api/account/invitations/accept", summary="Accept an invitation (by its token, or by id when it was sent to your email)",
             responses={401: {"description": "not signed in"}, 404: {"description": "no such invitation"},
                        409: {"description": "accepted already"}})
async def accept(body: Accept, request: Request, user: dict[str, Any] = Depends(current_user)) -> dict[str, Any]:
    store, games = request.app.state.store, request.app.state.games
    inv = None
    if body.token:
        inv = await asyncio.to_thread(store.invitation, token_hash=hash_secret(body.token))
    elif body.id:
        inv = await asyncio.to_thread(store.invitation, inv_id=body.id)
        if inv is not None and inv["email"] != user["email"]:
            inv = None  # someone else's invitation: only its token (the emailed link) opens it
    if inv is None:
        raise ApiError(404, "no such invitation (give the token of the link, or the id of an invitation to your email)")
    if not await asyncio.to_thread(store.accept_invitation, inv["id"], user["id"]):
        raise ApiError(409, "this invitation was accepted already")
    live = games.cache.get(inv["game_id"])
    if live is not None:
        live.meta.members = {**live.meta.members, inv["seat"]: user["id"]}
    gid, seat = inv["game_id"], inv["seat"]
    return {"game": gid, "seat": seat, "link": play_link(gid, account_seat_key(games.seat_key, gid, seat, user["id"]))}


@router.post("/api/games/{game_id}/invitations", status_code=201,
             summary="Invite someone to a seat (the game's creator: owner secret or the creating account)",
             responses={403: {"description": "not the creator"}, 404: {"description": "no such game"}, 422: {"description": "not a seat of this game"}})
async def invite(game_id: str, body: Invite, request: Request, user: dict[str, Any] | None = Depends(optional_user)) -> dict[str, Any]:
    games = request.app.state.games
    live = await games.get(game_id)
    owner = owner_secret(request, body.owner)
    by_secret = bool(owner) and live.meta.owner is not None and hmac.compare_digest(hash_secret(owner), live.meta.owner)
    by_account = user is not None and live.meta.owner_user == user["id"]
    if not (by_secret or by_account):
        raise ApiError(403, "only the creator of the game (its owner secret or the account that created it) may invite")
    return await make_invitation(request, live, body.seat, body.email, user)


async def make_invitation(request: Request, live: Any, seat: str, email: str | None, inviter: dict[str, Any] | None) -> dict[str, Any]:
    """A new invitation to ``seat`` of ``live`` (emailed to ``email`` when email is configured)."""
    seats = [s for s, h in live.meta.seats.items() if h is not None]
    if seat not in seats:
        raise ApiError(422, f"seat: {seat!r} is not a seat of this game; its seats are {seats}")
    address = normal_email(email) if email else None
    token = secrets.token_urlsafe(24)
    row = {"id": secrets.token_hex(8), "token": hash_secret(token), "game_id": live.meta.id, "seat": seat, "email": address,
           "inviter": inviter["id"] if inviter else None}
    await asyncio.to_thread(request.app.state.store.add_invitation, row)
    if address:
        request.app.state.notifier.invitation(address, inviter["name"] if inviter else "A player", live.meta.title or live.pkg.title,
                                              live.pkg.side_names.get(seat, seat), token)
    return {"id": row["id"], "seat": seat, "email": address, "token": token, "link": f"/#invite={token}"}


def seat_for_account(mode: str, sides: list[str], wanted: str | None) -> str:
    """The seat the creating account takes: the human's (ai), ``both`` (hot-seat), or the side it
    chose (network; default the first)."""
    if mode == "hotseat":
        return BOTH
    if wanted is not None and wanted not in sides:
        raise ApiError(422, f"my_side must be one of {sides}, not {wanted!r}")
    return wanted or sides[0]


__all__ = ["router", "optional_user", "current_user", "make_invitation", "seat_for_account", "seat_secret"]

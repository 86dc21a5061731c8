"""Durable storage of server games: a game is its seed, options, start position and action log.

Two tables (SQLAlchemy 2 Core; SQLite by default, PostgreSQL via ``postgresql+psycopg://``):

- ``games``: one row per game: id, title, game, mode, options, seed (``seed_text``: 128-bit
  seeds in decimal), the dice scheme (``dice``: null is ``mt19937``), whether the seed was
  chosen and shown to every seat (``seed_public``), start position, the sha256 hashes of the
  seat secrets and of the owner secret (``owner``: re-issues seat links), the seat re-issues
  (``reissued``), the players, timestamps and a summary (ply, turn, phase, status, winner)
  so the games list needs no replay.
- ``actions``: one row per action of the log, primary key ``(game_id, ply)``, so two writers
  can never both write ply N: the second one gets :class:`Conflict`.

Every write is one transaction, committed before the server acknowledges the action; the
games are rebuilt on load by replaying their log through the rules (nothing else is trusted).
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    inspect as sa_inspect,
    text as sa_text,
    BigInteger,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

metadata = MetaData()

games = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("title", String(200), nullable=True),
    Column("game", String(32), nullable=False, default="bfm"),
    Column("mode", String(16), nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),  # the seed when it fits in 63 bits, else -1
    Column("seed_text", String(64), nullable=True),  # the seed in decimal (seeds are 128-bit: dice.new_seed)
    Column("dice", String(16), nullable=True),  # the dice scheme (typhoon.core.dice); null: mt19937
    Column("seed_public", Integer, nullable=True),  # 1: the seed was chosen and is shown to every seat
    Column("owner", String(64), nullable=True),  # sha256 hex of the owner secret (re-issues seat links)
    Column("reissued", JSON, nullable=True),  # [{"seat", "at"}]: seat links re-issued by the owner
    Column("start", JSON, nullable=True),  # a position JSON, or null for the standard start
    Column("seats", JSON, nullable=False),  # seat name -> sha256 hex of its secret (never the secret)
    Column("players", JSON, nullable=False),  # side -> "human" or a computer player name
    Column("created", DateTime(timezone=True), nullable=False),
    Column("updated", DateTime(timezone=True), nullable=False),
    Column("ply", Integer, nullable=False, default=0),
    Column("turn", Integer, nullable=True),
    Column("phase", String(64), nullable=True),
    Column("status", String(16), nullable=False, default="running"),
    Column("winner", String(16), nullable=True),
    Column("to_act", String(16), nullable=True),  # the side to act now (null: over, or a roll due)
    Column("clock", JSON, nullable=True),  # the time control and its banks (server.clock)
    Column("deadline", DateTime(timezone=True), nullable=True, index=True),  # when the side to act runs out
    Column("result", JSON, nullable=True),  # an outcome set by the server (time out): {"winner", "reason"}
    Column("owner_user", String(32), nullable=True),  # the account that created the game
)

kits = Table(
    "kits",
    metadata,
    Column("name", String(32), primary_key=True),  # "kit:<hash>" (registry.kit_name)
    Column("bundle", JSON, nullable=False),  # {file name: document}: rebuilt with registry.from_kit on load
    Column("created", DateTime(timezone=True), nullable=False),
)

users = Table(
    "users",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("email", String(254), nullable=False, unique=True),  # lower case
    Column("name", String(100), nullable=False),
    Column("password", String(200), nullable=False),  # argon2id hash (never the password)
    Column("webhook", String(500), nullable=True),  # URL POSTed to when it is this user's turn
    Column("notify_email", Integer, nullable=False, default=1),
    Column("created", DateTime(timezone=True), nullable=False),
)

sessions = Table(
    "sessions",
    metadata,
    Column("token", String(64), primary_key=True),  # sha256 hex of the session token
    Column("user_id", String(32), ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("created", DateTime(timezone=True), nullable=False),
)

members = Table(
    "members",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("seat", String(16), primary_key=True),
    Column("user_id", String(32), ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
)

invitations = Table(
    "invitations",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("token", String(64), nullable=False, unique=True),  # sha256 hex of the invitation token
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), nullable=False),
    Column("seat", String(16), nullable=False),
    Column("email", String(254), nullable=True, index=True),
    Column("inviter", String(32), nullable=True),
    Column("created", DateTime(timezone=True), nullable=False),
    Column("accepted_by", String(32), nullable=True),
)

server_keys = Table(
    "server_keys",
    metadata,
    Column("name", String(32), primary_key=True),
    Column("value", String(128), nullable=False),
)

CHANNEL = "typhoon_games"  # the PostgreSQL NOTIFY channel: "<game id> <origin>" after every change

actions = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("ply", Integer, primary_key=True),  # 1 for the first action; the version after it
    Column("text", Text, nullable=False),
    Column("player", String(16), nullable=True),  # None for chance (die rolls)
    Column("created", DateTime(timezone=True), nullable=False),
)


class Conflict(Exception):
    """Another writer stored this ply first (or the game moved on): the caller's view is stale."""


@dataclass
class StoredGame:
    id: str
    title: str | None
    game: str
    mode: str
    options: dict[str, Any]
    seed: int
    start: dict[str, Any] | None
    seats: dict[str, str | None]
    players: dict[str, str]
    created: dt.datetime
    updated: dt.datetime
    ply: int = 0
    turn: int | None = None
    phase: str | None = None
    status: str = "running"
    winner: str | None = None
    dice: str = "mt19937"
    seed_public: bool = False
    owner: str | None = None
    reissued: list[dict[str, Any]] = field(default_factory=list)
    actions: list[tuple[str, str | None]] = field(default_factory=list)  # (text, player)
    owner_secret: str | None = field(default=None, repr=False)  # handed to the creator once, never stored
    to_act: str | None = None
    clock: dict[str, Any] | None = None
    deadline: dt.datetime | None = None
    result: dict[str, Any] | None = None
    owner_user: str | None = None
    members: dict[str, str] = field(default_factory=dict)  # seat -> user id (accounts holding seats)


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def aware(t: dt.datetime | None) -> dt.datetime | None:
    """A stored time in UTC (SQLite hands times back without their zone)."""
    return t if t is None or t.tzinfo else t.replace(tzinfo=dt.timezone.utc)


def _sqlite_pragmas(dbapi_conn: Any, _record: Any) -> None:
    cur = dbapi_conn.cursor()
    # WAL + synchronous=NORMAL: a committed transaction survives the process being killed
    # (kill -9); only an operating-system crash or power cut could lose the last commits.
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.execute("PRAGMA busy_timeout=10000")
    cur.close()


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 10})
        event.listen(engine, "connect", _sqlite_pragmas)
    else:
        engine = create_engine(url, pool_pre_ping=True, pool_size=10, max_overflow=20)
    return engine


class Store:
    """The games and their action logs in one database."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.postgres = self.engine.dialect.name == "postgresql"
        self.origin = secrets.token_hex(6)  # names this process in its change notices
        metadata.create_all(self.engine)
        self._migrate()
        # statements built once: the hot path (one action) then skips most SQLAlchemy work
        self._insert_action = insert(actions)
        self._updates: dict[tuple[str, ...], Any] = {}

    def _update_summary(self, keys: tuple[str, ...]) -> Any:
        stmt = self._updates.get(keys)
        if stmt is None:
            stmt = update(games).where(games.c.id == bindparam("gid")).values(
                {games.c[k]: bindparam(k) for k in ("updated", *keys)}
            )
            self._updates[keys] = stmt
        return stmt

    #: columns added since the first server: name -> SQL type (all nullable)
    ADDED = {"seed_text": "VARCHAR(64)", "dice": "VARCHAR(16)", "seed_public": "INTEGER", "owner": "VARCHAR(64)", "reissued": "JSON",
             "to_act": "VARCHAR(16)", "clock": "JSON", "deadline": "TIMESTAMP WITH TIME ZONE", "result": "JSON",
             "owner_user": "VARCHAR(32)"}

    def _migrate(self) -> None:
        """Add the columns a database made by an older server lacks (:attr:`ADDED`)."""
        have = {c["name"] for c in sa_inspect(self.engine).get_columns("games")}
        for name, kind in self.ADDED.items():
            if name not in have:
                if self.engine.dialect.name == "sqlite":
                    kind = kind.replace("TIMESTAMP WITH TIME ZONE", "DATETIME")
                with self.engine.begin() as conn:
                    conn.execute(sa_text(f"ALTER TABLE games ADD COLUMN {name} {kind}"))

    def notice(self, conn: Any, game_id: str) -> None:
        """Tell every server process on this PostgreSQL database that ``game_id`` changed
        (``NOTIFY``, delivered when the transaction commits); nothing on SQLite."""
        if self.postgres:
            conn.execute(sa_text("SELECT pg_notify(:c, :p)"), {"c": CHANNEL, "p": f"{game_id} {self.origin}"})

    def dispose(self) -> None:
        self.engine.dispose()

    # -- writing ---------------------------------------------------------------------------
    def create(self, g: StoredGame) -> None:
        row = {k: getattr(g, k) for k in games.c.keys() if k != "seed_text"}
        row["seed_public"] = int(bool(g.seed_public))
        row["seed"] = g.seed if 0 <= g.seed < 2**63 else -1
        row["seed_text"] = str(g.seed)
        with self.engine.begin() as conn:
            conn.execute(insert(games).values(**row))
            if g.actions:
                conn.execute(
                    insert(actions),
                    [
                        {"game_id": g.id, "ply": i + 1, "text": t, "player": p, "created": g.created}
                        for i, (t, p) in enumerate(g.actions)
                    ],
                )

    def append(self, game_id: str, first_ply: int, new: list[tuple[str, str | None]], summary: dict[str, Any]) -> None:
        """Store actions ``first_ply, first_ply+1, ...`` and the new summary in one transaction.

        Raises :class:`Conflict` if any of those plies is already stored."""
        if not new:
            return
        t = now()
        rows = [{"game_id": game_id, "ply": first_ply + i, "text": text, "player": p, "created": t} for i, (text, p) in enumerate(new)]
        try:
            with self.engine.begin() as conn:
                conn.execute(self._insert_action, rows[0] if len(rows) == 1 else rows)
                conn.execute(self._update_summary(tuple(summary)), {"gid": game_id, "updated": t, **summary})
                self.notice(conn, game_id)
        except IntegrityError as e:
            raise Conflict(f"ply {first_ply} of game {game_id} was already stored by another writer") from e

    def truncate(self, game_id: str, keep: int, expected_last: int, summary: dict[str, Any]) -> None:
        """Delete the actions after ply ``keep`` (undo). Raises :class:`Conflict` if the stored
        log does not end at ``expected_last`` (someone else changed it)."""
        t = now()
        with self.engine.begin() as conn:
            last = conn.execute(
                select(actions.c.ply).where(actions.c.game_id == game_id).order_by(actions.c.ply.desc()).limit(1)
            ).scalar()
            if (last or 0) != expected_last:
                raise Conflict(f"game {game_id} has {last or 0} stored actions, expected {expected_last}")
            conn.execute(delete(actions).where(actions.c.game_id == game_id, actions.c.ply > keep))
            conn.execute(update(games).where(games.c.id == game_id).values(updated=t, **summary))
            self.notice(conn, game_id)

    def update_seats(self, game_id: str, seats: dict[str, str | None], reissued: list[dict[str, Any]]) -> None:
        """Store new seat secret hashes (a re-issue by the owner) and the re-issue log."""
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(seats=seats, reissued=reissued, updated=now()))
            self.notice(conn, game_id)

    def replace_actions(self, game_id: str, texts: list[tuple[str, str | None]], summary: dict[str, Any]) -> None:
        """Replace a game's whole action log (``typhoon patch``), in one transaction."""
        t = now()
        with self.engine.begin() as conn:
            conn.execute(delete(actions).where(actions.c.game_id == game_id))
            if texts:
                conn.execute(insert(actions), [{"game_id": game_id, "ply": i + 1, "text": x, "player": p, "created": t}
                                               for i, (x, p) in enumerate(texts)])
            conn.execute(update(games).where(games.c.id == game_id).values(updated=t, **summary))
            self.notice(conn, game_id)

    # -- reading ---------------------------------------------------------------------------
    def load(self, game_id: str) -> StoredGame | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games).where(games.c.id == game_id)).mappings().first()
            if row is None:
                return None
            rows = conn.execute(
                select(actions.c.ply, actions.c.text, actions.c.player)
                .where(actions.c.game_id == game_id)
                .order_by(actions.c.ply)
            ).all()
        for i, r in enumerate(rows):
            if r.ply != i + 1:  # pragma: no cover - the primary key and truncate keep it dense
                raise RuntimeError(f"game {game_id}: action log has a gap at ply {i + 1}")
        fields = dict(row)
        seed_text = fields.pop("seed_text", None)
        if seed_text:
            fields["seed"] = int(seed_text)
        fields["dice"] = fields.get("dice") or "mt19937"
        fields["seed_public"] = bool(fields.get("seed_public"))
        fields["reissued"] = list(fields.get("reissued") or [])
        fields["deadline"] = aware(fields.get("deadline"))
        return StoredGame(**fields, actions=[(r.text, r.player) for r in rows], members=self.members_of(game_id))

    def list(self, limit: int = 500) -> list[dict[str, Any]]:
        cols = [games.c[k] for k in ("id", "title", "game", "mode", "created", "updated", "turn", "phase", "status", "winner", "players", "ply",
                                     "to_act", "deadline")]
        with self.engine.connect() as conn:
            rows = conn.execute(select(*cols).order_by(games.c.updated.desc()).limit(limit)).mappings().all()
        return [dict(r) for r in rows]

    def exists(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(games.c.id).where(games.c.id == game_id)).first() is not None

    # -- server-set changes (clocks) -------------------------------------------------------
    def set_players(self, game_id: str, players: dict[str, str], summary: dict[str, Any]) -> None:
        """Store who plays each side (the computer took over a seat whose time ran out)."""
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(players=players, updated=now(), **summary))
            self.notice(conn, game_id)

    def end_game(self, game_id: str, ply: int, result: dict[str, Any], summary: dict[str, Any]) -> None:
        """End a running game at ``ply`` with an outcome the server sets (a time-out); raises
        :class:`Conflict` if the game moved on or ended meanwhile (another process)."""
        with self.engine.begin() as conn:
            done = conn.execute(update(games).where(games.c.id == game_id, games.c.ply == ply, games.c.status == "running")
                                .values(result=result, updated=now(), **summary)).rowcount
            if done != 1:
                raise Conflict(f"game {game_id} is no longer running at ply {ply}")
            self.notice(conn, game_id)

    def due(self, at: dt.datetime, limit: int = 100) -> list[str]:
        """The running games whose side to act has run out of time by ``at``."""
        with self.engine.connect() as conn:
            rows = conn.execute(select(games.c.id).where(games.c.deadline <= at, games.c.status == "running")
                                .order_by(games.c.deadline).limit(limit)).all()
        return [r.id for r in rows]

    # -- kits ------------------------------------------------------------------------------
    def save_kit(self, name: str, bundle: dict[str, Any]) -> None:
        """Keep a kit bundle under its package name (the same kit is stored once)."""
        with self.engine.begin() as conn:
            if conn.execute(select(kits.c.name).where(kits.c.name == name)).first() is None:
                try:
                    with conn.begin_nested():
                        conn.execute(insert(kits).values(name=name, bundle=bundle, created=now()))
                except IntegrityError:  # stored meanwhile by another process: the same kit
                    pass

    def load_kit(self, name: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(kits.c.bundle).where(kits.c.name == name)).first()
        return None if row is None else row.bundle

    # -- accounts --------------------------------------------------------------------------
    def server_key(self, name: str) -> str:
        """A random key of this database (made once, shared by every process)."""
        with self.engine.begin() as conn:
            row = conn.execute(select(server_keys.c.value).where(server_keys.c.name == name)).first()
            if row is not None:
                return row.value
            try:
                with conn.begin_nested():
                    conn.execute(insert(server_keys).values(name=name, value=secrets.token_hex(32)))
            except IntegrityError:
                pass
            return conn.execute(select(server_keys.c.value).where(server_keys.c.name == name)).scalar_one()

    def add_user(self, row: dict[str, Any]) -> bool:
        """Store a new account; False if its email is taken."""
        try:
            with self.engine.begin() as conn:
                conn.execute(insert(users).values(**row, created=now()))
        except IntegrityError:
            return False
        return True

    def user(self, *, email: str | None = None, user_id: str | None = None) -> dict[str, Any] | None:
        where = users.c.email == email if email is not None else users.c.id == user_id
        with self.engine.connect() as conn:
            row = conn.execute(select(users).where(where)).mappings().first()
        return None if row is None else dict(row)

    def update_user(self, user_id: str, **values: Any) -> None:
        with self.engine.begin() as conn:
            conn.execute(update(users).where(users.c.id == user_id).values(**values))

    def add_session(self, token_hash: str, user_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(sessions).values(token=token_hash, user_id=user_id, created=now()))

    def session_user(self, token_hash: str) -> dict[str, Any] | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(users).join(sessions, sessions.c.user_id == users.c.id)
                               .where(sessions.c.token == token_hash)).mappings().first()
        return None if row is None else dict(row)

    def drop_session(self, token_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions).where(sessions.c.token == token_hash))

    def set_member(self, game_id: str, seat: str, user_id: str) -> None:
        """``user_id`` holds ``seat`` of ``game_id`` (replacing whoever held it)."""
        with self.engine.begin() as conn:
            conn.execute(delete(members).where(members.c.game_id == game_id, members.c.seat == seat))
            conn.execute(insert(members).values(game_id=game_id, seat=seat, user_id=user_id))
            self.notice(conn, game_id)

    def members_of(self, game_id: str) -> dict[str, str]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(members.c.seat, members.c.user_id).where(members.c.game_id == game_id)).all()
        return {r.seat: r.user_id for r in rows}

    def games_of(self, user_id: str, limit: int = 500) -> list[dict[str, Any]]:
        """The games an account holds a seat of or created, most recently changed first."""
        cols = [games.c[k] for k in ("id", "title", "game", "mode", "created", "updated", "turn", "phase", "status", "winner",
                                     "players", "ply", "to_act", "deadline", "clock", "result", "owner_user")]
        with self.engine.connect() as conn:
            held = select(members.c.game_id).where(members.c.user_id == user_id)
            rows = conn.execute(select(*cols).where((games.c.id.in_(held)) | (games.c.owner_user == user_id))
                                .order_by(games.c.updated.desc()).limit(limit)).mappings().all()
            seats = conn.execute(select(members.c.game_id, members.c.seat).where(members.c.user_id == user_id)).all()
        mine: dict[str, list[str]] = {}
        for r in seats:
            mine.setdefault(r.game_id, []).append(r.seat)
        return [{**dict(r), "seats": sorted(mine.get(r["id"], []))} for r in rows]

    def add_invitation(self, row: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            conn.execute(insert(invitations).values(**row, created=now()))

    def invitation(self, *, token_hash: str | None = None, inv_id: str | None = None) -> dict[str, Any] | None:
        where = invitations.c.token == token_hash if token_hash is not None else invitations.c.id == inv_id
        with self.engine.connect() as conn:
            row = conn.execute(select(invitations).where(where)).mappings().first()
        return None if row is None else dict(row)

    def invitations_for(self, email: str) -> list[dict[str, Any]]:
        with self.engine.connect() as conn:
            rows = conn.execute(select(invitations, games.c.title, games.c.game).join(games, games.c.id == invitations.c.game_id)
                                .where(invitations.c.email == email, invitations.c.accepted_by.is_(None))
                                .order_by(invitations.c.created.desc())).mappings().all()
        return [dict(r) for r in rows]

    def accept_invitation(self, inv_id: str, user_id: str) -> bool:
        """Mark an invitation accepted by ``user_id`` and give them its seat; False if it was
        accepted already."""
        with self.engine.begin() as conn:
            inv = conn.execute(select(invitations).where(invitations.c.id == inv_id)).mappings().first()
            done = conn.execute(update(invitations).where(invitations.c.id == inv_id, invitations.c.accepted_by.is_(None))
                                .values(accepted_by=user_id)).rowcount
            if done != 1 or inv is None:
                return False
            conn.execute(delete(members).where(members.c.game_id == inv["game_id"], members.c.seat == inv["seat"]))
            conn.execute(insert(members).values(game_id=inv["game_id"], seat=inv["seat"], user_id=user_id))
            self.notice(conn, inv["game_id"])
        return True

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
)

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


def now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


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
    ADDED = {"seed_text": "VARCHAR(64)", "dice": "VARCHAR(16)", "seed_public": "INTEGER", "owner": "VARCHAR(64)", "reissued": "JSON"}

    def _migrate(self) -> None:
        """Add the columns a database made by an older server lacks (:attr:`ADDED`)."""
        have = {c["name"] for c in sa_inspect(self.engine).get_columns("games")}
        for name, kind in self.ADDED.items():
            if name not in have:
                with self.engine.begin() as conn:
                    conn.execute(sa_text(f"ALTER TABLE games ADD COLUMN {name} {kind}"))

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

    def update_seats(self, game_id: str, seats: dict[str, str | None], reissued: list[dict[str, Any]]) -> None:
        """Store new seat secret hashes (a re-issue by the owner) and the re-issue log."""
        with self.engine.begin() as conn:
            conn.execute(update(games).where(games.c.id == game_id).values(seats=seats, reissued=reissued, updated=now()))

    def replace_actions(self, game_id: str, texts: list[tuple[str, str | None]], summary: dict[str, Any]) -> None:
        """Replace a game's whole action log (``typhoon patch``), in one transaction."""
        t = now()
        with self.engine.begin() as conn:
            conn.execute(delete(actions).where(actions.c.game_id == game_id))
            if texts:
                conn.execute(insert(actions), [{"game_id": game_id, "ply": i + 1, "text": x, "player": p, "created": t}
                                               for i, (x, p) in enumerate(texts)])
            conn.execute(update(games).where(games.c.id == game_id).values(updated=t, **summary))

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
        return StoredGame(**fields, actions=[(r.text, r.player) for r in rows])

    def list(self, limit: int = 500) -> list[dict[str, Any]]:
        cols = [games.c[k] for k in ("id", "title", "game", "mode", "created", "updated", "turn", "phase", "status", "winner", "players", "ply")]
        with self.engine.connect() as conn:
            rows = conn.execute(select(*cols).order_by(games.c.updated.desc()).limit(limit)).mappings().all()
        return [dict(r) for r in rows]

    def exists(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            return conn.execute(select(games.c.id).where(games.c.id == game_id)).first() is not None

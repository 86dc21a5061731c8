"""The versioned JSON save format: a game is its seed, options, start and action log.

``{"format": "typhoon-save", "version": 1, "game": "bfm", "options": {...}, "seed": 7,
"start": null | <position>, "actions": ["attack XLVI 0506", "commit", "roll 4", ...],
"players": {...}, "outcome": {...} | null, "final": "<sha256 of the final position>"}``
(docs/formats.md). Loading replays the log through the rules; nothing else is trusted.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from pathlib import Path
from typing import Any

from .contract import resolve
from .errors import IllegalActionError, ParseError, PositionError, SaveFormatError
from .game import Game

FORMAT = "typhoon-save"
VERSION = 1


def position_digest(position: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(position, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def to_record(
    game: Game, players: dict[str, str] | None = None, extra: dict[str, Any] | None = None, public: bool = False
) -> dict[str, Any]:
    """The save record of a game. ``public=True`` (what a server hands to players) withholds
    the seed of a game still in progress, since the seed tells every roll to come; it gives its
    SHA-256 instead, so the seed can be checked once it is revealed at the end."""
    pkg = resolve(game.rules.name)
    start = pkg.position_to_json(game.start_state)
    fresh = pkg.position_to_json(game.rules.initial_state(game.options))
    outcome = game.outcome()
    record = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.rules.name,
        "options": dict(game.options),
        "seed": game.seed,
        "start": None if start == fresh else start,
        "trusted_plies": game.trusted_plies,
        "actions": game.action_texts(),
        "players": dict(players or {}),
        "outcome": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
        "final": position_digest(pkg.position_to_json(game.state)),
    }
    if public and outcome is None:
        record["seed"] = None
        record["seed_sha256"] = hashlib.sha256(str(game.seed).encode()).hexdigest()
    if extra:
        record.update(extra)
    return record


def from_record(record: Any) -> Game:
    """Rebuild a game from a save record, replaying and checking every action."""
    if not isinstance(record, dict):
        raise SaveFormatError("a save file must hold a JSON object")
    if record.get("format") != FORMAT:
        raise SaveFormatError(f"not a Typhoon save file (format {record.get('format')!r}, expected {FORMAT!r})")
    version = record.get("version")
    if not isinstance(version, int) or version > VERSION or version < 1:
        raise SaveFormatError(f"unsupported save version {version!r} (this program reads 1 to {VERSION})")
    for key, kind in (("actions", list), ("game", str)):
        if not isinstance(record.get(key), kind):
            raise SaveFormatError(f"save file field {key!r} is missing or not a {kind.__name__}")
    seed = record.get("seed")
    trusted = record.get("trusted_plies", 0)
    if not isinstance(trusted, int) or isinstance(trusted, bool) or trusted < 0:
        raise SaveFormatError("save file field 'trusted_plies' must be a whole number >= 0")
    if seed is None:
        # a record without its seed (a game in progress handed out by a server): its rolls are
        # taken as recorded and the game goes on with fresh dice
        seed, trusted = secrets.randbelow(2**62), len(record["actions"])
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFormatError("save file field 'seed' is missing or not a whole number")
    try:
        pkg = resolve(record["game"])
        options = pkg.normalise_options(record.get("options"))
        start = pkg.position_from_json(record["start"]) if record.get("start") else None
        return Game.replay(pkg.rules, options, seed, [str(a) for a in record["actions"]], state=start, trusted_plies=trusted)
    except (ParseError, IllegalActionError, PositionError) as e:
        raise SaveFormatError(f"save file does not replay: {e}") from None


def verify(record: dict[str, Any]) -> tuple[Game, bool]:
    """Replay a record; returns the game and whether its final position matches the record."""
    game = from_record(record)
    digest = position_digest(resolve(game.rules.name).position_to_json(game.state))
    return game, record.get("final") in (None, digest)


def save(game: Game, path: str | Path, players: dict[str, str] | None = None) -> None:
    Path(path).write_text(json.dumps(to_record(game, players), indent=1) + "\n")


def load(path: str | Path) -> Game:
    try:
        record = json.loads(Path(path).read_text())
    except json.JSONDecodeError as e:
        raise SaveFormatError(f"{path}: not valid JSON ({e})") from None
    return from_record(record)

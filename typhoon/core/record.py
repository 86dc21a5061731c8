"""The versioned JSON save format: a game is its seed, options, start and action log.

``{"format": "typhoon-save", "version": 1, "game": "bfm", "options": {...}, "seed": 7,
"dice": "mt19937" | "hmac-sha256", "seed_commitment": "<hex>",
"start": null | <position>, "actions": ["attack XLVI 0506", "commit", "roll 4", ...],
"players": {...}, "outcome": {...} | null, "final": "<sha256 of the final position>"}``
(docs/formats.md). Loading replays the log through the rules; nothing else is trusted.

Dice and commitments (docs/security.md): ``dice`` names the dice scheme (``typhoon.core.dice``;
absent means ``mt19937``). ``seed_commitment`` is ``HMAC-SHA256(key=seed, "typhoon/seed-
commitment/v2" | dice)``: a keyed hash whose key (the seed) is revealed when the game ends.
A running game's public record carries the commitment instead of the seed; the final record
carries both, and loading it checks that the seed is the one committed to.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .contract import resolve
from .dice import KEYED, LEGACY, SCHEMES, KeyedDice, new_seed, seed_key
from .errors import IllegalActionError, ParseError, PositionError, SaveFormatError, TyphoonError
from .game import Game

FORMAT = "typhoon-save"
VERSION = 1


def position_digest(position: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(position, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


COMMITMENT_DOMAIN = b"typhoon/seed-commitment/v2"


def seed_commitment(seed: int, dice: str = LEGACY) -> str:
    """The commitment to a game's seed that every view and running record carries:
    ``HMAC-SHA256(key=seed, COMMITMENT_DOMAIN | dice)``, a keyed hash whose key is revealed
    when the game ends (then anyone recomputes it). Binding: another seed gives another value;
    hiding: the seed is 128 random bits from the operating system (``dice.new_seed``), so no
    search over seeds can invert it (a seed chosen at creation is public anyway)."""
    return hmac.new(seed_key(seed), COMMITMENT_DOMAIN + b"|" + dice.encode(), hashlib.sha256).hexdigest()


def check_commitment(seed: int, dice: str, commitment: str) -> bool:
    """Whether ``seed`` is the seed ``commitment`` was made to (constant-time comparison)."""
    return isinstance(commitment, str) and hmac.compare_digest(seed_commitment(seed, dice), commitment.lower())


def dice_scheme(game: Game) -> str:
    """The dice scheme of a game (``mt19937`` for the engine's own dice)."""
    return getattr(game.dice, "scheme", LEGACY)


class KeyedGame(Game):
    """A :class:`Game` rolling the keyed dice (scheme ``hmac-sha256``); everything else is
    ``Game``'s. ``KeyedGame.replay`` checks every roll against the keyed dice."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.dice = KeyedDice(self.seed, self)


def with_dice(game: Game, dice: str) -> Game:
    """Give a fresh game (no roll made yet) the dice of scheme ``dice``."""
    if dice not in SCHEMES:
        raise SaveFormatError(f"unknown dice scheme {dice!r}; known: {list(SCHEMES)}")
    if dice == KEYED:
        game.dice = KeyedDice(game.seed, game)
    return game


def replay_step(game: Game, i: int, text: str) -> None:
    """Replay action ``i`` (0-based) of a record on ``game`` (``Game.replay``'s step): a roll
    must be the one the dice give, unless it is among the game's trusted plies."""
    try:
        action = game.parse(text)
    except ParseError as e:
        raise ParseError(f"action {i + 1} ({text!r}): {e}") from None
    if game.is_chance() and i >= game.trusted_plies:
        expected, _ = game.dice_preview()
        if action != expected:
            raise IllegalActionError(f"action {i + 1} ({text!r}): the seed gives '{expected}' for this chance event")
        game.roll()
        return
    try:
        game.push(action)
    except IllegalActionError as e:
        raise IllegalActionError(f"action {i + 1}: {e}") from None


def replay_longest(
    rules: Any, options: dict, seed: int, actions: Sequence[str], state: Any = None, trusted_plies: int = 0, dice: str = LEGACY
) -> tuple[Game, str | None]:
    """Replay as much of a log as still replays: the game after the longest prefix that does,
    and why the next action does not (None when all of it replays). Used to load games after
    a rule fix (``typhoon patch``)."""
    game = with_dice(Game(rules, options, seed, state=state), dice)
    game.trusted_plies = trusted_plies
    for i, text in enumerate(actions):
        try:
            replay_step(game, i, str(text))
        except (TyphoonError, KeyError, ValueError, IndexError, TypeError) as e:
            return game, str(e) if isinstance(e, TyphoonError) else f"action {i + 1} ({text!r}): {type(e).__name__}: {e}"
    return game, None


def replay_game(
    rules: Any, options: dict, seed: int, actions: Sequence[str], state: Any = None, trusted_plies: int = 0, dice: str = LEGACY
) -> Game:
    """``Game.replay`` for any dice scheme: raises ``IllegalActionError``/``ParseError`` at the
    first action that does not replay."""
    if dice == LEGACY:
        return Game.replay(rules, options, seed, actions, state=state, trusted_plies=trusted_plies)
    game, why = replay_longest(rules, options, seed, actions, state, trusted_plies, dice)
    if why is not None:
        raise IllegalActionError(why)
    return game


def to_record(
    game: Game,
    players: dict[str, str] | None = None,
    extra: dict[str, Any] | None = None,
    public: bool = False,
    reader: str | None = None,
    seed_public: bool = False,
) -> dict[str, Any]:
    """The save record of a game.

    ``public=True`` is what a server hands to a seat (``reader``; ``None``: a spectator) while
    the game runs: the seed is withheld (it tells every roll to come) and replaced by its
    commitment; in a game with hidden information, the actions and the final position are
    given only as ``reader`` may see them (hidden draws and secret choices in their redacted
    form, no digest of the hidden final position). Once the game is over the full record is
    given to everybody, and it verifies from the seed. ``seed_public``: the seed was chosen at
    creation and shown to every seat (hot-seat, analysis), so it is not withheld.
    Every record names its dice scheme and carries the seed commitment."""
    pkg = resolve(game.rules.name)
    start = pkg.position_to_json(game.start_state)
    fresh = pkg.position_to_json(game.rules.initial_state(game.options))
    outcome = game.outcome()
    running = public and outcome is None
    redact = running and not game.perfect_information
    record = {
        "format": FORMAT,
        "version": VERSION,
        "game": game.rules.name,
        "options": dict(game.options),
        "seed": game.seed,
        "dice": dice_scheme(game),
        "seed_commitment": seed_commitment(game.seed, dice_scheme(game)),
        "start": None if start == fresh else start,
        "trusted_plies": game.trusted_plies,
        "actions": game.action_texts(reader, omniscient=not redact),
        "players": dict(players or {}),
        "outcome": None if outcome is None else {"winner": outcome.winner, "reason": outcome.reason},
        "final": None if redact else position_digest(pkg.position_to_json(game.state)),
    }
    if running and not seed_public:
        record["seed"] = None
    if redact:
        record["redacted_for"] = reader
        if record["start"] is not None:
            # a start position with hidden values is given as the reader observes it
            observe = getattr(game.rules, "observe", None)
            record["start"] = pkg.position_to_json(observe(game.start_state, reader)) if observe else None
    if extra:
        record.update(extra)
    return record


def from_record(record: Any) -> Game:
    """Rebuild a game from a save record, replaying and checking every action."""
    if not isinstance(record, dict):
        raise SaveFormatError("a save file must hold a JSON object")
    if "redacted_for" in record:
        raise SaveFormatError(
            "this record was redacted for one seat while the game was running; it cannot be replayed "
            "(the full record is available when the game is over)"
        )
    if record.get("format") != FORMAT:
        raise SaveFormatError(f"not a Typhoon save file (format {record.get('format')!r}, expected {FORMAT!r})")
    version = record.get("version")
    if not isinstance(version, int) or version > VERSION or version < 1:
        raise SaveFormatError(f"unsupported save version {version!r} (this program reads 1 to {VERSION})")
    for key, kind in (("actions", list), ("game", str)):
        if not isinstance(record.get(key), kind):
            raise SaveFormatError(f"save file field {key!r} is missing or not a {kind.__name__}")
    seed = record.get("seed")
    dice = record.get("dice", LEGACY)
    if dice not in SCHEMES:
        raise SaveFormatError(f"save file field 'dice' must be one of {list(SCHEMES)}, not {dice!r}")
    commitment = record.get("seed_commitment")
    if commitment is not None and not isinstance(commitment, str):
        raise SaveFormatError("save file field 'seed_commitment' must be a hex string")
    trusted = record.get("trusted_plies", 0)
    if not isinstance(trusted, int) or isinstance(trusted, bool) or trusted < 0:
        raise SaveFormatError("save file field 'trusted_plies' must be a whole number >= 0")
    if seed is None:
        # a record without its seed (a game in progress handed out by a server): its rolls are
        # taken as recorded and the game goes on with fresh dice
        seed, trusted = new_seed(), len(record["actions"])
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveFormatError("save file field 'seed' is missing or not a whole number")
    elif commitment is not None and not check_commitment(seed, dice, commitment):
        raise SaveFormatError(
            "the seed does not match the record's seed_commitment: these are not the dice that were committed to"
        )
    try:
        pkg = resolve(record["game"])
        options = pkg.normalise_options(record.get("options"))
        start = pkg.position_from_json(record["start"]) if record.get("start") else None
        return replay_game(pkg.rules, options, seed, [str(a) for a in record["actions"]], start, trusted, dice)
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

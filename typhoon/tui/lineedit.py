"""Line editing, history and completion for the plain line mode at a real terminal (the
standard library's ``readline``: arrow keys, Ctrl-R, Tab completes commands, unit ids, hexes
and the words of the legal actions). Not used for scripts and pipes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

HISTORY = Path.home() / ".typhoon_history"


def words_for(session: Any) -> list[str]:
    """The words Tab may complete now: commands, the legal actions' words, unit ids."""
    from .session import COMMANDS

    words = set(COMMANDS)
    try:
        for action in list(session.game.legal_actions)[:2000]:
            words.update(str(action).split())
        words.update(str(u["id"]) for u in session.view_doc().get("units", ()))
    except Exception:  # completion must never break the game
        pass
    return sorted(words)


def install_line_editing(session: Any) -> bool:
    """Give ``input()`` line editing, a history kept in ~/.typhoon_history and completion;
    False where ``readline`` is missing (the session then cleans escape sequences)."""
    try:
        import readline
    except ImportError:  # pragma: no cover - Windows without pyreadline
        return False
    try:
        readline.read_history_file(HISTORY)
    except OSError:
        pass
    readline.set_history_length(1000)

    def complete(text: str, state: int) -> str | None:
        matches = [w for w in words_for(session) if w.lower().startswith(text.lower())]
        return matches[state] if state < len(matches) else None

    readline.set_completer(complete)
    readline.set_completer_delims(" ,")
    readline.parse_and_bind("tab: complete")
    import atexit

    atexit.register(_save_history, readline)
    return True


def _save_history(readline: Any) -> None:
    try:
        readline.write_history_file(HISTORY)
    except OSError:
        pass

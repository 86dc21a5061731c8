"""Specific error types. Every error names what was wrong."""


class TyphoonError(Exception):
    """Base class of every error the engine raises on bad input."""


class ParseError(TyphoonError, ValueError):
    """Text that is not a well-formed action, hex id or file."""


class IllegalActionError(TyphoonError, ValueError):
    """A well-formed action the rules do not allow in the current state."""


class UndoError(TyphoonError):
    """Undo asked for where it is not allowed (nothing to undo, or past a die roll)."""


class SaveFormatError(TyphoonError, ValueError):
    """A save file that is not a valid Typhoon save (wrong format, version or content)."""


class PositionError(TyphoonError, ValueError):
    """A position file describing an impossible or malformed situation."""

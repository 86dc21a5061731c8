"""Drive on Moscow (Decision Games): data kits, reconstruction and rules (in progress)."""

"""Typhoon: a rules-enforcing engine for the hex-and-counter wargames of the 1941 Battle of Moscow."""

__version__ = "0.1.0"

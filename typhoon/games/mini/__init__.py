"""Typhoon Mini: a small synthetic game that proves the platform (under construction)."""

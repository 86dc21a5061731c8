"""Typhoon Mini: a small synthetic game that proves the platform (rules: ``RULES.md``).

Front ends reach it only as ``typhoon.games.registry.get("mini")`` (``package.PACKAGE``).
"""

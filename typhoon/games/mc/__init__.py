"""The Moscow Campaign (SPI 1972; HexWar / Decision Games digital edition), on Typhoon.

Rules: the text 002 (cited by section, case letter and line, e.g. ``ZOC (C) L35``); decisions
on its ambiguities: docs/games/mc/decisions.md; reconstructed data: ``kit/``."""

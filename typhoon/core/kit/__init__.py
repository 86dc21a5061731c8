"""The Typhoon data kit: one versioned, documented data-package format for every game.

A kit package is a folder holding ``kit.json`` (the manifest) and the files it lists
(``map.json``, ``counters.json``, ``tables.json``, ``turns.json``, ``scenarios/*.json``); each
file has a published JSON Schema (``typhoon/core/kit/schema/*.schema.json``, draft 2020-12).
Games load their data through :func:`load_kit`; ``typhoon kit validate DIR`` reports every
problem through :func:`validate_kit`. The format is described in docs/kit.md.
"""

from .grid import GeometryError, build_grid
from .issues import Issue, KitError
from .loader import FORMAT, MANIFEST, TODO, VERSION, Kit, is_todo, link_pair, load_kit, read_package
from .scaffold import SKELETONS, scaffold, summary
from .schemas import schema, schema_text
from .validate import validate_kit, validate_package

__all__ = [
    "FORMAT",
    "MANIFEST",
    "SKELETONS",
    "TODO",
    "VERSION",
    "GeometryError",
    "Issue",
    "Kit",
    "KitError",
    "build_grid",
    "is_todo",
    "link_pair",
    "load_kit",
    "read_package",
    "scaffold",
    "schema",
    "schema_text",
    "summary",
    "validate_kit",
    "validate_package",
]

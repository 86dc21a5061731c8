"""The map and counter editor: its page and its API (docs/kit.md, "From a scanned map to a game").

The editor (``/editor``, static/editor/) keeps a kit package in the browser as a *bundle*: a
JSON object ``{file name: document}`` (``"kit.json"``, ``"map.json"``, ``"scenarios/x.json"``...).
This router checks, converts and plays bundles with the core's own kit code:

=============================  ===========================================================
``GET  /editor``               the editor page
``POST /api/kit/validate``     bundle -> every issue ``{file, path, message, todo, hex}``
``POST /api/kit/grid``         a map ``geometry`` -> its hex ids and axial coordinates
``POST /api/kit/preview``      bundle -> the ``map_meta`` a game of it would draw
``POST /api/kit/export``       bundle -> a zip of the package
``POST /api/kit/import``       a zip of a package -> bundle (size-checked, zip-bomb safe)
``POST /api/kit/games``        ``{kit: bundle, mode, ...}`` -> a new game of the kit's package
=============================  ===========================================================

Bodies above :data:`MAX_BUNDLE` (:data:`MAX_ZIP` for a zip) are refused with 413 before they
are parsed; malformed ones get 422 naming what is wrong; nothing a client sends gives a 5xx.
"""

from __future__ import annotations

import asyncio
import io
import json
import re
import tempfile
import zipfile
from pathlib import Path, PurePosixPath
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse, Response

from ..core.errors import TyphoonError
from ..core.kit import MANIFEST, Issue, Kit, build_grid, validate_package
from ..games import registry
from .live import MODES, ApiError
from .seats import created

STATIC = Path(__file__).parent / "static" / "editor"
MAX_BUNDLE = 8 * 1024 * 1024  # bytes of a JSON bundle (a large map.json is well under 1 MB)
MAX_ZIP = 8 * 1024 * 1024  # bytes of an uploaded zip
MAX_UNZIPPED = 32 * 1024 * 1024  # bytes of all the files of a zip together, once inflated
MAX_FILES = 200  # files of a bundle or zip
MAX_GRID_HEXES = 50_000  # hexes the grid endpoint lays out
SAFE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*(/[A-Za-z0-9_][A-Za-z0-9_.\-]*){0,3}")

router = APIRouter()


def fail(status: int, detail: str, **extra: Any) -> JSONResponse:
    return JSONResponse({"detail": detail, **extra}, status_code=status)


# -- reading request bodies ------------------------------------------------------------------------
async def read_body(request: Request, limit: int, what: str) -> bytes:
    """The raw body, refused with 413 as soon as it is known to exceed ``limit`` bytes."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > limit:
        raise ApiError(413, f"{what} is {int(declared):,} bytes; the limit is {limit:,} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise ApiError(413, f"{what} is over the limit of {limit:,} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def read_json(request: Request) -> Any:
    raw = await read_body(request, MAX_BUNDLE, "the kit bundle")
    try:
        return json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as e:
        raise ApiError(422, f"the body is not UTF-8 text ({e.reason} at byte {e.start})") from None
    except ValueError as e:
        raise ApiError(422, f"the body is not JSON: {e}") from None


def check_name(name: Any) -> str:
    """A file name of a bundle: a relative path of plain parts (``scenarios/main.json``)."""
    if not isinstance(name, str) or not SAFE_NAME.fullmatch(name) or ".." in PurePosixPath(name).parts or len(name) > 200:
        raise ApiError(422, f"bad file name {name!r} in the bundle: use relative paths of letters, digits, '_', '-', '.' (e.g. 'scenarios/main.json')")
    return name


def check_bundle(doc: Any) -> dict[str, Any]:
    """A bundle ``{file name: JSON document}`` holding kit.json; 422 naming what is wrong."""
    if not isinstance(doc, dict):
        raise ApiError(422, f"a kit bundle is a JSON object {{file name: document}}, not {type(doc).__name__}")
    if len(doc) > MAX_FILES:
        raise ApiError(422, f"the bundle has {len(doc)} files; the limit is {MAX_FILES}")
    for name in doc:
        check_name(name)
    if MANIFEST not in doc:
        raise ApiError(422, f"the bundle has no {MANIFEST} (the manifest listing the package's files); files: {sorted(doc)[:10]}")
    return doc


# -- validating ------------------------------------------------------------------------------------
def write_bundle(bundle: dict[str, Any], root: Path) -> None:
    for name, document in bundle.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(document, ensure_ascii=False), encoding="utf-8")


def validate_bundle(bundle: dict[str, Any]) -> tuple[Kit, list[Issue]]:
    """The kit as read from a bundle and every issue the core validator finds in it."""
    with tempfile.TemporaryDirectory(prefix="typhoon-kit-") as tmp:
        write_bundle(bundle, Path(tmp))
        kit, issues = validate_package(tmp)
    return kit, issues


def _node(doc: Any, parts: list[Any]) -> Any:
    for p in parts:
        try:
            doc = doc[p]
        except (KeyError, IndexError, TypeError):
            return None
    return doc


def _path_parts(path: str) -> list[Any]:
    """``$.setup[3].hex`` -> ``['setup', 3, 'hex']`` (the inverse of the core's json_path)."""
    parts: list[Any] = []
    for m in re.finditer(r"\.([A-Za-z_][A-Za-z0-9_]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]", path):
        parts.append(m.group(1) if m.group(1) is not None else int(m.group(2)) if m.group(2) is not None else m.group(3))
    return parts


def hex_of_issue(issue: Issue, bundle: dict[str, Any], hexes: set[str]) -> str | None:
    """The hex an issue is about, when it is about one (the editor jumps there)."""
    parts = _path_parts(issue.path)
    if len(parts) >= 2 and parts[0] == "hexes" and parts[1] in hexes:
        return parts[1]
    for cut in range(len(parts), -1, -1):
        node = _node(bundle.get(issue.file), parts[:cut])
        if isinstance(node, str) and node in hexes:
            return node
        if isinstance(node, dict):
            for key in ("hex", "a"):
                if isinstance(node.get(key), str) and node[key] in hexes:
                    return node[key]
            if isinstance(node.get("hexes"), list) and node["hexes"] and node["hexes"][0] in hexes:
                return node["hexes"][0]
        if isinstance(node, list) and node and isinstance(node[0], str) and node[0] in hexes:
            return node[0]
    return None


def issues_json(issues: list[Issue], bundle: dict[str, Any], kit: Kit) -> list[dict[str, Any]]:
    hexes = set(kit.hexes) if isinstance(kit.map, dict) and isinstance(kit.map.get("hexes"), dict) else set()
    return [
        {"file": i.file, "path": i.path, "message": i.message, "todo": i.todo, "text": str(i), "hex": hex_of_issue(i, bundle, hexes)}
        for i in issues
    ]


def report(bundle: dict[str, Any], draft: bool) -> dict[str, Any]:
    kit, issues = validate_bundle(bundle)
    errors = [i for i in issues if not i.todo]
    todos = [i for i in issues if i.todo]
    valid = not errors and (draft or not todos)
    return {
        "valid": valid,
        "errors": len(errors),
        "todos": len(todos),
        "issues": issues_json(issues, bundle, kit),
        "summary": f"{len(errors)} error{'s' * (len(errors) != 1)}, {len(todos)} TODO{'s' * (len(todos) != 1)}"
        + ("" if not valid else f"; {len(kit.hexes)} hexes, {len(kit.counters)} counters, {len(kit.scenarios)} scenario(s)"),
    }


def valid_kit(bundle: dict[str, Any]) -> Kit:
    """The kit of a bundle that validates; 422 with every issue otherwise."""
    kit, issues = validate_bundle(bundle)
    errors = [i for i in issues if not i.todo] or issues
    if errors:
        raise KitRefused(issues_json(errors, bundle, kit))
    return kit


class KitRefused(Exception):
    """A bundle that does not validate (422 with its issues)."""

    def __init__(self, issues: list[dict[str, Any]]) -> None:
        super().__init__(f"{len(issues)} problems")
        self.issues = issues


def refused(e: KitRefused) -> JSONResponse:
    first = e.issues[0]["text"] if e.issues else ""
    return fail(422, f"the kit does not validate: {len(e.issues)} problem{'s' * (len(e.issues) != 1)}, first: {first}", issues=e.issues)


# -- zips ------------------------------------------------------------------------------------------
def bundle_zip(bundle: dict[str, Any]) -> bytes:
    """The package as a zip: each document as pretty-printed JSON under its file name."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(bundle, key=lambda n: (n != MANIFEST, n)):
            z.writestr(name, json.dumps(bundle[name], indent=1, ensure_ascii=False) + "\n")
    return buf.getvalue()


def unzip_bundle(raw: bytes) -> dict[str, Any]:
    """A bundle from a zip of a package (optionally inside one folder); only ``.json`` files are
    read. Refuses (422) a zip that is not one, too many files, unsafe names, and more than
    :data:`MAX_UNZIPPED` inflated bytes (counted while inflating, not trusted from headers)."""
    try:
        z = zipfile.ZipFile(io.BytesIO(raw))
        infos = z.infolist()
    except (zipfile.BadZipFile, ValueError, OSError) as e:
        raise ApiError(422, f"not a zip file: {e}") from None
    files = [i for i in infos if not i.is_dir()]
    if len(files) > MAX_FILES:
        raise ApiError(422, f"the zip holds {len(files)} files; the limit is {MAX_FILES}")
    names = [i.filename for i in files if i.filename.endswith(".json") and not i.filename.startswith("__MACOSX/")]
    manifests = [n for n in names if PurePosixPath(n).name == MANIFEST]
    if not manifests:
        raise ApiError(422, f"the zip holds no {MANIFEST}: it is not a kit package")
    prefix = min(manifests, key=len)[: -len(MANIFEST)]
    bundle: dict[str, Any] = {}
    total = 0
    for info in files:
        if info.filename not in names or not info.filename.startswith(prefix):
            continue
        name = check_name(info.filename[len(prefix):])
        if info.file_size > MAX_UNZIPPED - total:
            raise ApiError(413, f"{name} inflates to {info.file_size:,} bytes; the package may hold {MAX_UNZIPPED:,} bytes in all")
        try:
            with z.open(info) as f:
                data = f.read(MAX_UNZIPPED - total + 1)
        except (zipfile.BadZipFile, RuntimeError, OSError, EOFError, NotImplementedError) as e:  # zlib errors are BadZipFile/OSError
            raise ApiError(422, f"{name}: cannot be read from the zip ({e})") from None
        except Exception as e:  # noqa: BLE001 - zlib.error and the like: a damaged zip, never a 5xx
            raise ApiError(422, f"{name}: cannot be read from the zip ({e})") from None
        total += len(data)
        if total > MAX_UNZIPPED:
            raise ApiError(413, f"the package inflates to more than {MAX_UNZIPPED:,} bytes")
        try:
            bundle[name] = json.loads(data.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as e:
            raise ApiError(422, f"{name} is not valid JSON: {e}") from None
    return bundle


# -- games -----------------------------------------------------------------------------------------
def game_request(doc: Any) -> tuple[dict[str, Any], dict[str, Any]]:
    """(bundle, settings) of POST /api/kit/games: ``{kit: bundle, mode?, human_side?, ai?,
    seed?, title?}``, or a bare bundle (a hot-seat game)."""
    if isinstance(doc, dict) and MANIFEST in doc:
        return check_bundle(doc), {}
    if not isinstance(doc, dict) or "kit" not in doc:
        raise ApiError(422, "send {\"kit\": {file name: document}, \"mode\": \"hotseat\"} (or the bundle alone)")
    settings = {k: doc.get(k) for k in ("mode", "human_side", "ai", "seed", "title")}
    mode = settings["mode"] or "hotseat"
    if mode not in MODES:
        raise ApiError(422, f"mode must be one of {list(MODES)}, not {mode!r}")
    settings["mode"] = mode
    for k in ("human_side", "ai", "title"):
        if settings[k] is not None and (not isinstance(settings[k], str) or len(settings[k]) > 200):
            raise ApiError(422, f"{k} must be a short text")
    seed = settings["seed"]
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= 2**62):
        raise ApiError(422, "seed must be a whole number from 0 to 2**62")
    return check_bundle(doc["kit"]), settings


# -- routes ----------------------------------------------------------------------------------------
@router.get("/editor", include_in_schema=False)
async def editor_page() -> Response:
    index = STATIC / "index.html"
    if not index.exists():
        return fail(404, "the editor is not installed")
    return FileResponse(index)


@router.post("/api/kit/validate", summary="Validate a kit bundle {file name: document}: every issue with file, JSON path and explanation",
             responses={413: {"description": "bundle too large"}, 422: {"description": "not a bundle"}})
async def kit_validate(request: Request, draft: bool = False) -> Any:
    try:
        bundle = check_bundle(await read_json(request))
        return await asyncio.to_thread(report, bundle, draft)
    except ApiError as e:
        return fail(e.status, e.detail)


@router.post("/api/kit/grid", summary="The hexes of a map geometry: ids (as the validator names them) and axial coordinates",
             responses={413: {"description": "body too large"}, 422: {"description": "not a geometry the core can lay out"}})
async def kit_grid(request: Request) -> Any:
    try:
        doc = await read_json(request)
        geometry = doc.get("geometry") if isinstance(doc, dict) else None
        if not isinstance(geometry, dict):
            raise ApiError(422, "send {\"geometry\": {...}} (map.json's geometry object)")
        return await asyncio.to_thread(grid_doc, geometry)
    except ApiError as e:
        return fail(e.status, e.detail)


def grid_doc(geometry: dict[str, Any]) -> dict[str, Any]:
    """Every hex of a geometry as ``[id, q, r, section]`` (canonical ids; aliases of hexes
    where sections overlap in ``aliases``)."""
    sizes = [geometry] + [s for s in geometry.get("sections") or [] if isinstance(s, dict)]
    try:
        count = sum(int(s.get("columns", 0)) * int(s.get("rows", 0)) for s in sizes)
    except (TypeError, ValueError):
        raise ApiError(422, "columns and rows must be whole numbers") from None
    if count > MAX_GRID_HEXES:
        raise ApiError(422, f"the map would have {count:,} hexes; the editor lays out at most {MAX_GRID_HEXES:,}")
    try:
        grid = build_grid(geometry)
        rows = [[h, *grid.axial(h), grid.section_of(h) if hasattr(grid, "section_of") else None] for h in grid.all_hexes]
        aliases = {}
        if hasattr(grid, "aliases"):
            aliases = {h: list(grid.aliases(h)[1:]) for h in grid.all_hexes if len(grid.aliases(h)) > 1}
    except (TyphoonError, TypeError, ValueError, KeyError) as e:
        raise ApiError(422, f"geometry: {e}") from None
    return {"orientation": geometry.get("orientation", "flat"), "hexes": rows, "aliases": aliases}


@router.post("/api/kit/preview", summary="The board (map_meta) a game of this kit would draw",
             responses={413: {"description": "bundle too large"}, 422: {"description": "not a valid kit"}})
async def kit_preview(request: Request) -> Any:
    try:
        bundle = check_bundle(await read_json(request))
        kit = await asyncio.to_thread(valid_kit, bundle)
        pkg = registry.package_for_kit(kit)
        return {"name": pkg.name, "title": pkg.title, "sides": list(pkg.sides), "side_names": dict(pkg.side_names),
                "map_meta": await asyncio.to_thread(pkg.map_meta, {}),
                "units": pkg.view(pkg.rules.initial_state({}), None)["units"]}
    except ApiError as e:
        return fail(e.status, e.detail)
    except KitRefused as e:
        return refused(e)
    except (TyphoonError, KeyError, TypeError, ValueError) as e:
        return fail(422, f"the kit cannot be drawn: {e}")


@router.post("/api/kit/export", summary="A kit bundle as a zip of the package",
             responses={413: {"description": "bundle too large"}, 422: {"description": "not a bundle"}})
async def kit_export(request: Request) -> Any:
    try:
        bundle = check_bundle(await read_json(request))
    except ApiError as e:
        return fail(e.status, e.detail)
    manifest = bundle.get(MANIFEST)
    game = manifest.get("game") if isinstance(manifest, dict) else None
    stem = game if isinstance(game, str) and re.fullmatch(r"[a-z][a-z0-9_]{0,40}", game) else "kit"
    data = await asyncio.to_thread(bundle_zip, bundle)
    return Response(data, media_type="application/zip", headers={"Content-Disposition": f'attachment; filename="{stem}-kit.zip"'})


@router.post("/api/kit/import", summary="A zip of a kit package (the body) as a bundle {file name: document}",
             responses={413: {"description": "zip too large or inflates too far"}, 422: {"description": "not a zip of a kit"}})
async def kit_import(request: Request) -> Any:
    try:
        raw = await read_body(request, MAX_ZIP, "the zip")
        bundle = await asyncio.to_thread(unzip_bundle, raw)
        return {"files": bundle}
    except ApiError as e:
        return fail(e.status, e.detail)


@router.post("/api/kit/games", status_code=201, summary="Start a game (the sandbox, or the kit's game module) on a valid kit",
             responses={413: {"description": "bundle too large"}, 422: {"description": "the kit does not validate, or bad settings"}})
async def kit_game(request: Request) -> Any:
    try:
        bundle, settings = game_request(await read_json(request))
        kit = await asyncio.to_thread(valid_kit, bundle)
        pkg = registry.from_kit(kit)
        games = request.app.state.games
        # the bundle is kept with the game (kits table): a restart rebuilds the package from it
        await asyncio.to_thread(games.store.save_kit, pkg.name, bundle)
        meta, secrets_ = games.new_meta(settings.get("mode") or "hotseat", {}, settings.get("seed"), settings.get("title") or kit.title,
                                        settings.get("human_side"), settings.get("ai"), game=pkg.name)
        live = await games.create(meta, pkg.new_game(meta.options, meta.seed))
        return JSONResponse({**created(live.meta.id, secrets_, live.meta.owner_secret), "game": pkg.name}, status_code=201)
    except ApiError as e:
        return fail(e.status, e.detail)
    except KitRefused as e:
        return refused(e)
    except TyphoonError as e:
        return fail(422, f"the kit cannot be played: {e}")

"""Input hardening: request size limits, strict JSON, secrets out of URLs, rate limits.

Everything hostile input can do to the server is stopped here, before a route runs:

- :class:`Guard` (pure ASGI middleware): refuses a body larger than its limit (413) before it
  is read in full, refuses JSON that is not strict (NaN/Infinity, lone surrogates, invalid
  UTF-8, nesting deeper than :data:`MAX_DEPTH`: 422), and moves a ``seat``/``owner`` query
  parameter into its header so no secret is left in the URL that uvicorn logs;
- :func:`strict_json`: the one JSON parser for client input (REST bodies and WebSocket frames);
- :class:`RateLimits`: rate limits per client address with the ``limits`` library (moving
  windows, in-memory storage; a storage URI such as ``redis://`` shares them between processes).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl, urlencode

from limits import parse_many
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter

from .seats import OWNER_HEADER, SEAT_HEADER

MAX_DEPTH = 32  # JSON nesting a client may send (a save record needs 4)
MAX_BODY = 16 * 1024  # bytes of a REST body
MAX_IMPORT_BODY = 2 * 1024 * 1024  # bytes of a save record (POST /api/games/import)
MAX_FRAME = 16 * 1024  # characters of a WebSocket message
GUARDED = ("/api/games", "/api/account")  # the bodies this module checks (the editor's router checks its own)


class BadInput(ValueError):
    """Client input refused before it reached a route: an HTTP status and a clear message."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


def _refuse_constant(name: str) -> Any:
    raise BadInput(422, f"JSON numbers must be finite: {name} is not allowed")


def _depth_and_text(doc: Any) -> None:
    """Refuse nesting deeper than MAX_DEPTH and strings with lone surrogates (iteratively)."""
    stack = [(doc, 1)]
    while stack:
        x, depth = stack.pop()
        if isinstance(x, dict):
            if depth > MAX_DEPTH:
                raise BadInput(422, f"JSON nested deeper than {MAX_DEPTH} levels")
            for k, v in x.items():
                stack.append((k, depth))
                stack.append((v, depth + 1))
        elif isinstance(x, list):
            if depth > MAX_DEPTH:
                raise BadInput(422, f"JSON nested deeper than {MAX_DEPTH} levels")
            stack.extend((v, depth + 1) for v in x)
        elif isinstance(x, str):
            try:
                x.encode("utf-8")
            except UnicodeEncodeError:
                raise BadInput(422, "JSON strings must be valid Unicode (a lone surrogate \\ud8xx was sent)") from None
        elif isinstance(x, float) and not math.isfinite(x):  # 1e999 parses as inf
            raise BadInput(422, "JSON numbers must be finite (a number too large for a float was sent)")


def strict_json(data: bytes | str) -> Any:
    """Parse client JSON strictly (module docstring); raises :class:`BadInput` (422)."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise BadInput(422, f"the body is not valid UTF-8 ({e.reason} at byte {e.start})") from None
    try:
        doc = json.loads(data, parse_constant=_refuse_constant)
    except RecursionError:
        raise BadInput(422, f"JSON nested deeper than {MAX_DEPTH} levels") from None
    except ValueError as e:
        if isinstance(e, BadInput):
            raise
        raise BadInput(422, f"the body is not valid JSON: {e}") from None
    _depth_and_text(doc)
    return doc


def _header(scope: dict, name: bytes) -> bytes | None:
    for k, v in scope.get("headers") or ():
        if k.lower() == name:
            return v
    return None


def move_secrets_out_of_url(scope: dict) -> None:
    """Move ``seat=``/``owner=`` from the query string into their headers (in place, so the
    access log, which reads this scope, never shows them)."""
    qs = scope.get("query_string") or b""
    if b"seat=" not in qs and b"owner=" not in qs:
        return
    pairs = parse_qsl(qs.decode("latin-1"), keep_blank_values=True)
    keep, headers = [], list(scope.get("headers") or ())
    for k, v in pairs:
        name = {"seat": SEAT_HEADER, "owner": OWNER_HEADER}.get(k)
        if name is None:
            keep.append((k, v))
        elif v and _header(scope, name.encode()) is None:
            headers.append((name.encode(), v.encode("latin-1")))
    scope["headers"] = headers
    scope["query_string"] = urlencode(keep).encode("latin-1")


async def _send_error(send: Any, status: int, detail: str) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """ASGI middleware: size limits, strict JSON and secrets out of URLs (module docstring)."""

    def __init__(self, app: Any, max_body: int = MAX_BODY, max_import_body: int = MAX_IMPORT_BODY) -> None:
        self.app = app
        self.max_body = max_body
        self.max_import_body = max_import_body

    def limit_for(self, path: str) -> int:
        return self.max_import_body if path.rstrip("/").endswith("/import") else self.max_body

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            move_secrets_out_of_url(scope)
        if (scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE")
                or not scope.get("path", "").startswith(GUARDED)):
            await self.app(scope, receive, send)  # other routers (the editor) keep their own limits
            return
        try:
            body = await self._read_body(scope, receive)
        except BadInput as e:
            await _send_error(send, e.status, e.detail)
            return
        await self.app(scope, self._replay(body, receive), send)

    async def _read_body(self, scope: dict, receive: Any) -> bytes:
        limit = self.limit_for(scope.get("path", ""))
        declared = _header(scope, b"content-length")
        if declared is not None:
            if not declared.isdigit():
                raise BadInput(400, "bad Content-Length header")
            if int(declared) > limit:
                raise BadInput(413, f"the body is {int(declared)} bytes; at most {limit} are accepted here")
        chunks, size = [], 0
        while True:
            msg = await receive()
            if msg["type"] == "http.disconnect":
                break
            chunk = msg.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise BadInput(413, f"the body is larger than the {limit} bytes accepted here")
            chunks.append(chunk)
            if not msg.get("more_body", False):
                break
        body = b"".join(chunks)
        ctype = (_header(scope, b"content-type") or b"").decode("latin-1").lower()
        if body and (not ctype or "json" in ctype):
            strict_json(body)  # refuse what the route's parser would choke on
        return body

    @staticmethod
    def _replay(body: bytes, receive: Any) -> Any:
        sent = False

        async def again() -> dict:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        return again


@dataclass
class RateLimits:
    """Rate limits per client address, as ``limits`` strings (``"30/minute;300/hour"``).

    ``create``: creating or importing games; ``act``: actions, undos and re-issues (REST and
    WebSocket); ``account``: sign-ups and sign-ins; ``storage``: a ``limits`` storage URI (``memory://``; ``redis://host`` to share
    the counts between server processes)."""

    create: str = "20/minute;200/hour"
    act: str = "300/minute"
    account: str = "20/minute;200/hour"  # sign-ups and sign-ins (password guessing)
    storage: str = "memory://"
    _limiter: Any = field(default=None, init=False, repr=False)
    _items: dict = field(default_factory=dict, init=False, repr=False)

    def __post_init__(self) -> None:
        self._limiter = MovingWindowRateLimiter(storage_from_string(self.storage))
        self._items = {"create": parse_many(self.create) if self.create else [],
                       "act": parse_many(self.act) if self.act else [],
                       "account": parse_many(self.account) if self.account else []}

    def hit(self, kind: str, client: str) -> None:
        """Count one request of ``kind`` from ``client``; raises :class:`BadInput` (429) when
        a limit is reached (nothing is counted then)."""
        items = self._items[kind]
        for item in items:
            if not self._limiter.test(item, kind, client):
                raise BadInput(429, f"too many requests: at most {item} for {kind!r} from one address; try again later")
        for item in items:
            self._limiter.hit(item, kind, client)

    @classmethod
    def unlimited(cls) -> RateLimits:
        return cls(create="", act="", account="")

"""The built web app as the server sends it: compressed, cached right.

Vite names every script and style sheet by a hash of its content
(``assets/app-3f2a1c9b.js``), so a browser may keep them for a year
without asking again (``immutable``); the names that cannot change —
``index.html`` under every page's path, the service worker ``/sw.js``, the
catalogs ``/locales/LANG.json`` — are sent ``no-cache``: asked again each
time, answered ``304`` while their ETag still holds, so a new build reaches
every browser at its next visit.

Each file is compressed once, with brotli (quality 11) for clients that
take it and gzip (level 9) for the others, the first time it is asked for
(in a thread: brotli's best quality takes tens of milliseconds a file, not
to be spent on the event loop that carries the games). What a client gets
is what ``web/scripts/size.mjs`` measures.

Responses of the API are compressed by :class:`GZipMiddleware` as they go
(JSON of a record, the rules); those of this module carry their encoding
already and pass it untouched.
"""

from __future__ import annotations

import asyncio
import gzip
import hashlib
import mimetypes
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import brotli
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, Response
from starlette.exceptions import HTTPException
from starlette.middleware.gzip import DEFAULT_EXCLUDED_CONTENT_TYPES, GZipMiddleware

IMMUTABLE = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
COMPRESSIBLE = {".js", ".css", ".json", ".html", ".svg", ".txt", ".map", ".webmanifest"}
TYPES = {
    ".js": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".html": "text/html; charset=utf-8",
}
SMALLEST = 256
"""Bytes below which a file is sent as it is: its compressed form would
save less than the headers that announce it."""
NOT_BUILT = (
    "<!doctype html><html lang=en><title>Triominoes</title>"
    "<h1>Triominoes</h1><p>The server runs; the web app is not built "
    "(see web/README.md).</p></html>"
)


@dataclass
class Encoded:
    """One file in each encoding a client may ask for."""

    identity: bytes
    etag: str
    media_type: str
    forms: dict[str, bytes] = field(default_factory=dict)
    """``br`` and ``gzip`` (empty for a file not worth compressing)."""


def encode(path: Path) -> Encoded:
    data = path.read_bytes()
    suffix = path.suffix.lower()
    media = TYPES.get(suffix) or mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    found = Encoded(data, hashlib.sha256(data).hexdigest()[:20], media)
    if suffix in COMPRESSIBLE and len(data) >= SMALLEST:
        found.forms["br"] = brotli.compress(data, quality=11)
        found.forms["gzip"] = gzip.compress(data, compresslevel=9, mtime=0)
    return found


def accepted(header: str) -> set[str]:
    """The encodings an ``Accept-Encoding`` header takes (``q=0`` refuses one)."""
    taken = set()
    for item in header.lower().split(","):
        name, _, params = item.strip().partition(";")
        quality = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if name and quality > 0:
            taken.add(name.strip())
    if "*" in taken:
        taken |= {"br", "gzip"}
    return taken


class Files:
    """The files under one folder, each read and compressed once (again
    when the file changes: a rebuild under a running development server)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder.resolve()
        self._known: dict[Path, tuple[tuple[int, int], Encoded]] = {}
        self._lock = asyncio.Lock()

    def find(self, name: str) -> Path | None:
        path = (self.folder / name).resolve()
        if not path.is_relative_to(self.folder) or not path.is_file():
            return None
        return path

    async def get(self, path: Path) -> Encoded:
        stat = path.stat()
        key = (stat.st_mtime_ns, stat.st_size)
        known = self._known.get(path)
        if known is not None and known[0] == key:
            return known[1]
        async with self._lock:  # one compression of a file, however many ask at once
            known = self._known.get(path)
            if known is None or known[0] != key:
                known = (key, await asyncio.to_thread(encode, path))
                self._known[path] = known
        return known[1]


def respond(request: Request, found: Encoded, cache: str) -> Response:
    """The best encoding the client takes, or 304 when it has this one already."""
    taken = accepted(request.headers.get("accept-encoding", ""))
    encoding = next((e for e in ("br", "gzip") if e in taken and e in found.forms), None)
    body = found.forms[encoding] if encoding else found.identity
    etag = f'"{found.etag}-{encoding}"' if encoding else f'"{found.etag}"'
    headers = {"Cache-Control": cache, "ETag": etag, "Vary": "Accept-Encoding"}
    if encoding:
        headers["Content-Encoding"] = encoding
    asked = request.headers.get("if-none-match", "")
    if etag in {tag.strip() for tag in asked.split(",")} or asked.strip() == "*":
        return Response(status_code=304, headers=headers)
    if request.method == "HEAD":
        headers["Content-Length"] = str(len(body))
        return Response(status_code=200, headers=headers, media_type=found.media_type)
    return Response(body, headers=headers, media_type=found.media_type)


def add_static(app: FastAPI, folder: Path, pages: Sequence[str]) -> None:
    """Serve the web app built into ``folder``: ``index.html`` at each of
    ``pages`` (the app routes itself), the service worker, its assets and
    catalogs; and compress the API's own answers."""
    files = Files(folder)
    index = folder / "index.html"

    async def page(request: Request) -> Response:
        if not index.is_file():
            return HTMLResponse(NOT_BUILT)
        return respond(request, await files.get(index.resolve()), REVALIDATE)

    async def service_worker(request: Request) -> Response:
        # At the root, so its scope may be /pad; never kept without asking,
        # so an update of the page reaches phones that keep the pad offline.
        path = files.find("sw.js")
        if path is None:
            return HTMLResponse("no service worker: the web app is not built", status_code=404)
        return respond(request, await files.get(path), REVALIDATE)

    async def asset(request: Request, name: str) -> Response:
        path = files.find(f"assets/{name}")
        if path is None:
            raise HTTPException(404)
        return respond(request, await files.get(path), IMMUTABLE)

    async def catalog(request: Request, name: str) -> Response:
        path = files.find(f"locales/{name}")
        if path is None:
            raise HTTPException(404)
        return respond(request, await files.get(path), REVALIDATE)

    methods = ["GET", "HEAD"]
    for path in pages:
        app.add_api_route(path, page, methods=methods, include_in_schema=False)
    app.add_api_route("/sw.js", service_worker, methods=methods, include_in_schema=False)
    app.add_api_route("/assets/{name:path}", asset, methods=methods, include_in_schema=False)
    app.add_api_route("/locales/{name}", catalog, methods=methods, include_in_schema=False)
    # The analysis streams its progress line by line: compressed, each line
    # would wait in the compressor's buffer.
    app.add_middleware(
        GZipMiddleware,
        minimum_size=1024,
        compresslevel=6,  # as small within 1 %, in half the time of 9
        exclude_content_types=(*DEFAULT_EXCLUDED_CONTENT_TYPES, "application/x-ndjson"),
    )

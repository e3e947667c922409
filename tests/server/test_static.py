"""The web app as a browser gets it from a real server: compressed (brotli
over HTTPS-like requests, gzip otherwise), content-hashed assets kept a
year, the page, the service worker and the catalogs asked again each time."""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import brotli
import httpx
import pytest

from tests.server.harness import ServerProcess
from triominoes.server.static import accepted

STATIC = Path(__file__).resolve().parents[2] / "src" / "triominoes" / "static"
CHROME = "gzip, deflate, br, zstd"
IMMUTABLE = "public, max-age=31536000, immutable"

pytestmark = pytest.mark.skipif(
    not (STATIC / "index.html").is_file(), reason="the web app is not built"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("static")
    process = ServerProcess(f"sqlite:///{folder / 'triominoes.db'}", cwd=folder).start(90)
    try:
        yield process
    finally:
        process.stop()


@dataclass(frozen=True)
class Sent:
    status_code: int
    headers: httpx.Headers
    body: bytes
    """As sent: still compressed."""


def raw(server: ServerProcess, path: str, encoding: str, **headers: str) -> Sent:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        asked = client.build_request("GET", path, headers={"Accept-Encoding": encoding, **headers})
        answer = client.send(asked, stream=True)
        try:
            return Sent(answer.status_code, answer.headers, b"".join(answer.iter_raw()))
        finally:
            answer.close()


def decoded(answer: Sent) -> bytes:
    coding = answer.headers.get("content-encoding", "identity")
    if coding == "br":
        return bytes(brotli.decompress(answer.body))
    if coding == "gzip":
        return gzip.decompress(answer.body)
    return answer.body


def page_scripts(server: ServerProcess) -> list[str]:
    html = decoded(raw(server, "/", CHROME)).decode()
    return re.findall(r'<script[^>]*type="module"[^>]*src="(/assets/[^"]+)"', html)


def test_the_game_page_s_javascript_comes_compressed_and_kept_for_a_year(
    server: ServerProcess,
) -> None:
    scripts = page_scripts(server)
    assert scripts, "the page loads no module script"
    for path in scripts:
        assert re.fullmatch(r"/assets/app-[A-Za-z0-9_-]{8,}\.js", path), path  # named by content
        on_disk = (STATIC / path.lstrip("/")).read_bytes()
        for encoding, expected in ((CHROME, "br"), ("gzip, deflate", "gzip")):
            answer = raw(server, path, encoding)
            assert answer.status_code == 200
            assert answer.headers["content-encoding"] == expected
            assert answer.headers["cache-control"] == IMMUTABLE
            assert "accept-encoding" in answer.headers["vary"].lower()
            assert answer.headers["content-type"].startswith("text/javascript")
            assert len(answer.body) < len(on_disk) / 2
            assert decoded(answer) == on_disk
        plain = raw(server, path, "identity")
        assert "content-encoding" not in plain.headers
        assert plain.body == on_disk


@pytest.mark.parametrize(
    "path", ["/", "/t/abc123", "/pad", "/replay", "/sw.js", "/locales/de.json"]
)
def test_what_keeps_its_name_is_asked_for_again_and_answered_304_while_unchanged(
    server: ServerProcess, path: str
) -> None:
    answer = raw(server, path, CHROME)
    assert answer.status_code == 200
    assert answer.headers["cache-control"] == "no-cache"
    if len(decoded(answer)) >= 256:
        assert answer.headers["content-encoding"] == "br"
    again = raw(server, path, CHROME, **{"If-None-Match": answer.headers["etag"]})
    assert again.status_code == 304
    assert again.body == b""
    other = raw(server, path, "gzip", **{"If-None-Match": answer.headers["etag"]})
    assert other.status_code == 200  # another encoding is another representation


def test_css_and_the_api_s_json_come_compressed(server: ServerProcess) -> None:
    css = next(p.name for p in (STATIC / "assets").iterdir() if p.suffix == ".css")
    answer = raw(server, f"/assets/{css}", "gzip")
    assert answer.headers["content-encoding"] == "gzip"
    assert answer.headers["cache-control"] == IMMUTABLE
    rules = raw(server, "/api/rules", "gzip")
    assert rules.headers["content-encoding"] == "gzip"
    assert rules.headers["content-type"] == "application/json"


def test_the_service_worker_keeps_the_assets_of_this_build(server: ServerProcess) -> None:
    worker = decoded(raw(server, "/sw.js", CHROME)).decode()
    listed = set(re.findall(r'"(/assets/[^"]+)"', worker))
    built = {f"/assets/{p.name}" for p in (STATIC / "assets").iterdir()}
    assert listed == built
    assert "__VERSION__" not in worker and "__ASSETS__" not in worker


def test_a_missing_asset_is_a_404_and_no_file_outside_the_build_is_served(
    server: ServerProcess,
) -> None:
    assert raw(server, "/assets/app-00000000.js", CHROME).status_code == 404
    assert raw(server, "/assets/..%2F..%2Fserver%2Fapp.py", CHROME).status_code == 404
    assert raw(server, "/locales/..%2Findex.html", CHROME).status_code == 404


def test_accept_encoding_is_read_with_its_weights() -> None:
    assert accepted("gzip, deflate, br, zstd") == {"gzip", "deflate", "br", "zstd"}
    assert accepted("br;q=0, gzip;q=0.5") == {"gzip"}
    assert accepted("") == set()
    assert accepted("*") >= {"br", "gzip"}

"""Shared score pads: saved with a secret, followed live by other phones."""

from __future__ import annotations

import asyncio
import json

import httpx
import websockets

from tests.server.harness import ServerProcess


def test_a_shared_pad_is_saved_by_its_secret_and_followed_live(server: ServerProcess) -> None:
    pad = {"players": ["Ann", "Ben"], "rules": "standard", "turns": []}
    created = httpx.post(f"{server.url}/api/pads", json=pad)
    assert created.status_code == 201
    pad_id, secret = created.json()["id"], created.json()["secret"]
    assert created.json()["url"].endswith(f"/pad/{pad_id}")
    assert httpx.get(f"{server.url}/api/pads/{pad_id}").json() == {
        "id": pad_id,
        "version": 0,
        "pad": pad,
    }

    async def follow() -> None:
        async with websockets.connect(f"{server.ws}/ws/pads/{pad_id}") as socket:
            first = json.loads(await socket.recv())
            assert first == {"type": "pad", "version": 0, "pad": pad}
            turned = {**pad, "turns": [{"seat": 0, "tile": "5-5-5"}]}
            saved = await asyncio.to_thread(
                httpx.put,
                f"{server.url}/api/pads/{pad_id}",
                json={"version": 0, "pad": turned},
                headers={"X-Pad-Secret": secret},
            )
            assert saved.json() == {"version": 1}
            update = json.loads(await asyncio.wait_for(socket.recv(), 10))
            assert update == {"type": "pad", "version": 1, "pad": turned}

    asyncio.run(follow())
    stale = httpx.put(
        f"{server.url}/api/pads/{pad_id}",
        json={"version": 0, "pad": pad},
        headers={"X-Pad-Secret": secret},
    )
    assert stale.status_code == 409 and stale.json()["error"] == "stale"
    forged = httpx.put(
        f"{server.url}/api/pads/{pad_id}",
        json={"version": 1, "pad": {}},
        headers={"X-Pad-Secret": "guess"},
    )
    assert forged.status_code == 403
    assert httpx.get(f"{server.url}/api/pads/{pad_id}").json()["version"] == 1
    deep: object = []
    for _ in range(50):
        deep = [deep]
    bad = httpx.post(f"{server.url}/api/pads", json={"x": deep})
    assert bad.status_code == 400 and bad.json()["error"] == "bad-pad"
    assert httpx.post(f"{server.url}/api/pads", json=[1, 2]).status_code == 400
    assert httpx.get(f"{server.url}/api/pads/none").status_code == 404


def test_the_pad_page_and_its_offline_worker_are_served(server: ServerProcess) -> None:
    for path in ("/pad", "/pad?id=abc", "/pad/some-shared-pad"):
        page = httpx.get(server.url + path)
        assert page.status_code == 200 and "<html" in page.text.lower(), path
    worker = httpx.get(server.url + "/sw.js")
    assert worker.status_code == 200
    assert worker.headers["content-type"].startswith("text/javascript")
    assert worker.headers["cache-control"] == "no-cache"
    assert "caches.open" in worker.text
    # What the worker keeps for offline use is all there to fetch.
    assets = json.loads(worker.text.split("const ASSETS = ")[1].split(";")[0])
    assert any(path.startswith("/assets/PadPage-") for path in assets)
    for path in ["/pad", *assets, "/api/rules"]:
        assert httpx.get(server.url + path).status_code == 200, path
